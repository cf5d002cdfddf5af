"""The built-in opponents in the tactics variant: legal at every step (the
Scout's return and the pass included), complete in their claims, blind to
what they may not see, reproducible, and in the order of their levels."""

import os
import sys

import pytest

from conftest import ROOT, bot_game, under_cpython, under_micropython
from engine.bots import Bot
from engine.cards import BANSHEE, FIRST_TACTIC, JOKER, SCOUT, SPY, STRATEGIST, TRAITOR
from engine.game import CLASSIC, EXPERT, LEVELS, NOBODY, TACTICS, make_game
from engine.moves import AUTO_CLAIM, DRAW_TACTIC, PASS, move_card, move_claims, move_second
from engine.rng import Random

GAMES = {"easy": 24, "medium": 16, "hard": 8}


class Referee:
    """Checks every answer and counts what the bots did."""

    def __init__(self):
        self.kinds = set()
        self.returns = 0
        self.passes = 0
        self.tactic_draws = 0
        self.moves = 0

    def __call__(self, game, m):
        assert m & AUTO_CLAIM
        full = game.spell_claims(m)
        assert game.check(full) is None, (m, game.check(full))
        assert game.check(m) is None
        self.moves += 1
        if game.returns:
            self.returns += 1
            return
        card = move_card(m)
        if card == PASS:
            self.passes += 1
            assert game.legal_moves() == [PASS]
        elif card >= FIRST_TACTIC:
            self.kinds.add(card)
        if m & DRAW_TACTIC:
            self.tactic_draws += 1
        # Claims: exactly the stones provable after the play.
        assert move_claims(full) == game.claimable_after(m & ~AUTO_CLAIM)


def _after_apply_nothing_left(game, p):
    # After the mover's step, nothing it could prove is left unclaimed.
    if game.winner == NOBODY and not game.returns:
        assert game.claimable(p) == 0


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legally_and_claims_all_it_can_prove(level):
    ref = Referee()
    for seed in range(GAMES[level]):
        game = make_game(TACTICS)
        game.deal(seed, seed & 1)
        bots = [Bot(level, seed * 2 + 1), Bot("easy" if seed % 3 else level, seed * 2 + 2)]
        while game.winner == NOBODY:
            p = game.to_move
            m = bots[p].choose(game)
            ref(game, m)
            game.apply(m)
            _after_apply_nothing_left(game, p)
    # The games went through the variant's steps: tactic cards of many
    # kinds, the Scout's return, the tactic pile.
    assert len(ref.kinds) >= 6, ref.kinds
    assert ref.returns > 0
    assert ref.tactic_draws > 0


def _positions(seed):
    # Positions along a game between easy bots, the player to move's.
    game = make_game(TACTICS)
    game.deal(seed, seed & 1)
    out = []
    n = 0
    while game.winner == NOBODY:
        if n % 5 == 3:
            other = make_game(TACTICS)
            other.copy_from(game)
            out.append(other)
        game.apply(Bot("easy", seed).choose(game))
        n += 1
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_answers_do_not_depend_on_hidden_cards(level):
    # Two games the player to move cannot tell apart: the other hand and
    # both piles dealt again.  Same seed, same answer.
    differ = 0
    for seed in range(3):
        for i, game in enumerate(_positions(seed)):
            p = game.to_move
            other = make_game(TACTICS)
            other.copy_from(game)
            other.determinize(p, Random(seed * 100 + i))
            if other.hand_cards(1 - p) != game.hand_cards(1 - p) or other.tdeck != game.tdeck:
                differ += 1
            assert Bot(level, seed).choose(game) == Bot(level, seed).choose(other)
    assert differ > 10


def _scout_position(seed):
    # A position where the player to move holds a Scout: dealt, then the
    # Scout swapped into its hand from the tactic pile.
    game = make_game(TACTICS)
    game.deal(seed, 0)
    i = list(game.tdeck).index(SCOUT)
    game.tdeck[i], game.tdeck[0] = game.tdeck[0], game.tdeck[i]
    game.apply(game.hand[0][0] | 4 << 6 | DRAW_TACTIC | AUTO_CLAIM)  # player 0 draws the Scout
    game.apply(game.hand[1][0] | 4 << 6 | AUTO_CLAIM)
    assert SCOUT in game.hand_cards(0)
    return game


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("from_tactics", [0, 1, 3])
def test_the_scout_return_step(level, from_tactics):
    game = _scout_position(7)
    game.apply(SCOUT | from_tactics << 6 | AUTO_CLAIM)
    assert game.returns == 2 and game.to_move == 0 and game.hand_n[0] == 9
    hand = game.hand_cards(0)
    m = Bot(level, 3).choose(game)
    assert game.check(m) is None
    first, second = move_card(m), move_second(m)
    assert first in hand and second in hand
    clan_top = game.deck_pos
    tactic_top = game.tpos
    game.apply(m)
    assert game.returns == 0 and game.to_move == 1 and game.hand_n[0] == 7
    # Each card went back on top of its own pile, the second on top.
    for card in (first, second):
        if card >= FIRST_TACTIC:
            tactic_top -= 1
        else:
            clan_top -= 1
    assert game.deck_pos == clan_top and game.tpos == tactic_top
    top = game.tdeck[game.tpos] if second >= FIRST_TACTIC else game.deck[game.deck_pos]
    assert top == second


def test_medium_and_hard_put_back_what_they_need_least():
    # After a Scout that drew a Joker, a Spy and a clan card, the thinking
    # levels keep the Joker (it completes anything).
    for level in ("medium", "hard"):
        kept = 0
        for seed in range(6):
            game = _scout_position(seed)
            game.tdeck[game.tpos] = JOKER
            game.tdeck[game.tpos + 1] = SPY
            game.apply(SCOUT | 2 << 6 | AUTO_CLAIM)
            m = Bot(level, seed).choose(game)
            assert game.check(m) is None
            kept += JOKER not in (move_card(m), move_second(m))
        assert kept >= 5, level


def _blocked_position():
    # Player 0 holds only tactic cards and has played one more than the
    # other: the limit blocks every card, so it must pass.
    game = make_game(TACTICS)
    game.deal(11, 0)
    game.apply(game.hand[0][0] | 0 << 6 | AUTO_CLAIM)
    game.apply(game.hand[1][0] | 0 << 6 | AUTO_CLAIM)
    hand = game.hand[0]
    for h, card in enumerate((STRATEGIST, TRAITOR, BANSHEE)):
        hand[h] = card
    game.hand_n[0] = 3
    game.played[0] = 1
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_blocked_by_the_limit_passes(level):
    game = _blocked_position()
    assert game.legal_moves() == [PASS]
    m = Bot(level, 1).choose(game)
    assert move_card(m) == PASS and m & AUTO_CLAIM
    assert game.check(m) is None
    # With the limit lifted, it plays one of its tactic cards instead.
    game.played[0] = 0
    m = Bot(level, 1).choose(game)
    assert move_card(m) in (STRATEGIST, TRAITOR, BANSHEE)
    assert game.check(m) is None


def test_levels_hold_their_order_over_a_few_games():
    # A smoke check of strength (the full figures come from the tournament).
    wins = sum(1 for seed in range(8) if bot_game("hard", "easy", seed, TACTICS).winner == 0)
    wins += sum(1 for seed in range(8, 16) if bot_game("easy", "hard", seed, TACTICS).winner == 1)
    assert wins >= 14
    wins = sum(1 for seed in range(8) if bot_game("medium", "easy", seed, TACTICS).winner == 0)
    wins += sum(1 for seed in range(8, 16) if bot_game("easy", "medium", seed, TACTICS).winner == 1)
    assert wins >= 13


def test_the_tournament_referees_tactics():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import tournament

    r = tournament.run("medium", "easy", games=4, jobs=2, variant="tactics")
    assert r["variant"] == "tactics"
    assert r["a_wins"] + r["b_wins"] + r["draws"] == 4
    assert not r["illegal"]
    assert r["a_ms"][0] > 0


def test_the_same_play_under_micropython():
    # The bots run unchanged on a board's Python, and a seed gives the same
    # game there.
    script = os.path.join(ROOT, "tests", "mpy", "same_play.py")
    mpy = under_micropython(script, str(TACTICS))
    assert len(mpy.splitlines()) == 2
    assert mpy == under_cpython(script, str(TACTICS))


def test_an_outside_program_plays_tactics_in_the_tournament():
    # ``python -m engine bot`` speaks the tactics positions and answers:
    # every step of its games (Scout returns included) is refereed.
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import tournament

    outside = "%s -m engine bot --level medium --seed 3" % sys.executable
    result = tournament.run("easy", outside, games=4, jobs=1, variant="tactics")
    assert result["illegal"] == []
    assert result["games"] == 4


def test_the_judgements_keep_only_what_a_play_leaves_alone():
    # The hard level's whole-board judgement keeps the stones a play leaves
    # alone from an earlier play resting on the same state (``board`` with
    # ``fresh``), and every level keeps prospects that stay while it tries
    # plays (an empty side's, the opponent's): the same answers as a brain
    # judging each play afresh.
    from engine.tbots import Brain

    checked = 0
    for seed in range(2):
        game = make_game(TACTICS)
        game.deal(seed, seed & 1)
        bots = [Bot("medium", seed), Bot("medium", seed + 1)]
        turn = 0
        a = Brain("hard")  # one brain all game long, as a bot's
        while game.winner == NOBODY:
            p = game.to_move
            if turn % 4 == 1 and not game.returns:
                view = a.view
                view.copy_from(game)
                view.hide(p)
                moves = view.legal_moves()
                if moves[0] != PASS:
                    # As ``_hard`` goes: every play judged on its stones,
                    # then on the whole board in the sampled worlds.
                    a.know(view, p)
                    a.set_root(view, p, 0)
                    for m in moves:
                        b = Brain("hard")
                        b.view.copy_from(view)
                        b.know(b.view, p)
                        b.set_root(b.view, p, 0)
                        assert a.delta(view, p, m, 0) == b.delta(b.view, p, m, 0), m
                    a.sample(view, p, Random(turn))
                    a.clear_boards()
                    for m in moves:
                        if move_card(m) == SCOUT:
                            continue
                        b = Brain("hard")
                        b.view.copy_from(view)
                        b.know(b.view, p)
                        b.sample(b.view, p, Random(turn))
                        got = []
                        for brain, fresh in ((a, a.touched(m)), (b, 0x1FF)):
                            brain.touched(m)
                            token = brain.view.try_play(m)
                            brain.know(brain.view, p)
                            got.append(brain.board(brain.view, p, 8, fresh))
                            brain.view.unplay(m, token)
                            brain.touched_q = 0
                        assert got[0] == got[1], m
                        checked += 1
            game.apply(bots[p].choose(game))
            turn += 1
    assert checked > 200, checked


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", [CLASSIC, TACTICS])
def test_a_bot_whose_thinking_space_goes_at_every_turn_plays_the_same_moves(variant, level):
    # The app lets a bot's brain, view and judge go when a person's turn
    # starts (hw.match.play's idle_bots), and a hard bot (the hint) thinks for
    # the person meanwhile: the bot plays the moves it plays keeping them.
    from engine.match import Match

    for seed in range(8):
        plays = []
        for idle in (False, True):
            match = Match(seed, 1, variant)
            bot = Bot(level, seed * 7 + 1)
            me = Bot("medium", seed * 7 + 2)
            out = []
            while not match.game.over():
                game = match.game
                if game.to_move == 0 and idle:
                    bot.tactics = bot.view = bot.judge = None
                    Bot("hard", seed + len(out)).choose(game)
                m = (me if game.to_move == 0 else bot).choose(game)
                game.apply(m)
                out.append(m)
            plays.append(out)
        assert plays[0] == plays[1]


def _fields(game):
    # Every field of a game, its bytes and lists as they stand.
    return {k: bytes(v) if isinstance(v, bytearray) else repr(v) for k, v in vars(game).items()}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", [CLASSIC, EXPERT, TACTICS])
def test_a_bot_thinking_on_the_game_itself_plays_the_same_moves_and_leaves_it_as_it_was(variant, level):
    # Bot.choose_on (the app's hint): no copy of the game, what the player
    # to move cannot see put aside meanwhile and put back, field for field.
    from engine.match import Match

    for seed in range(6):
        match = Match(seed, 1, variant)
        bots = [Bot("medium", seed * 7 + 1), Bot("medium", seed * 7 + 2)]
        turn = 0
        while not match.game.over():
            game = match.game
            before = _fields(game)
            lent = Bot(level, seed + turn)
            if turn % 3 == 1:  # (now and then a bot that thought before, on its own view)
                lent.choose(game)
                lent.rng.seed(seed + turn)
            assert lent.choose_on(game) == Bot(level, seed + turn).choose(game)
            assert _fields(game) == before
            game.apply(bots[game.to_move].choose(game))
            turn += 1


@pytest.mark.parametrize("variant", [CLASSIC, TACTICS])
def test_the_sampled_worlds_are_dealt_on_the_game_itself_and_leave_it_as_it_was(variant):
    # The hard level deals its worlds on the game it judges (no second
    # game on a board's heap): after them the game is as it was, field for
    # field (the classic judge's, a bot's hidden view or a whole game: the
    # strength tools judge whole worlds), and each world differs from the
    # last.
    from engine.ai import Judge
    from engine.tbots import Brain

    checked = differs = 0
    for seed in range(4):
        game = make_game(variant)
        game.deal(seed, seed & 1)
        bots = [Bot("medium", seed), Bot("medium", seed + 1)]
        judge = Brain("hard") if variant == TACTICS else Judge(hope=8, lack=30)
        view = make_game(variant)
        while game.winner == NOBODY:
            p = game.to_move
            view.copy_from(game)
            if variant == TACTICS or checked % 2:  # (tactics: a bot's view alone)
                view.hide(p)
            fields = _fields(view)
            hands = bytes(view.hand[1 - p])
            judge.know(view, p)
            if variant == TACTICS:
                judge.sample(view, p, Random(checked))
                worlds = {tuple(w) for w in judge.wh}
            else:
                judge.sample(view, p, Random(checked), 8, 2)
                worlds = {bytes(judge.theirs_r[d * 9:d * 9 + 9]) for d in range(8)}
            assert _fields(view) == fields and bytes(view.hand[1 - p]) == hands
            differs += len(worlds) > 1
            assert [k for k, v in vars(judge).items() if isinstance(v, type(game))] == (["view"] if variant == TACTICS else [])
            checked += 1
            game.apply(bots[p].choose(game))
    assert checked > 100 and differs > checked // 2, (checked, differs)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_level_lists_a_card_s_plays_at_a_time_and_judges_them_in_the_whole_list_s_order(level):
    # A whole hand's plays can run to hundreds (a ruse's targets): grown in
    # the middle of a hint, a list of them ran a board's heap out. A brain
    # lists one card's plays at a time (its list's room holds those of
    # every card seen in 39,000 positions) and judges the plays of the
    # whole list, once each, in its order.
    from engine import tbots

    seen = 0
    for seed in range(40):
        game = make_game(TACTICS)
        game.deal(seed, seed & 1)
        bots = [Bot("easy", seed), Bot("medium", seed + 1)]
        while game.winner == NOBODY:
            p = game.to_move
            full = [] if game.returns else game.legal_moves()
            if len(full) > tbots._PLAYS:
                bot = Bot(level, seed)
                brain = bot.tactics = tbots.Brain(level)
                listed = []
                judged = []
                legal_moves = brain.view.legal_moves
                delta = brain.delta
                brain.view.legal_moves = lambda *a: listed.append(len(legal_moves(*a))) or legal_moves(*a)
                brain.delta = lambda g, p, m, *a: judged.append(m) or delta(g, p, m, *a)
                m = bot.choose(game)
                assert game.check(m & ~AUTO_CLAIM) is None
                most = max(sum(move_card(x) == card for x in full) for card in set(map(move_card, full)))
                assert max(listed) == most < len(full)
                if level != "easy":
                    n = len(judged)
                    assert judged == full[:n] and (n == len(full) or brain.won)
                seen += 1
            game.apply(bots[p].choose(game))
    assert seen >= 8, seen
