"""The review of a match: each move of one player beside the hard level's
(``engine.review``), and ``python -m sim --replay FILE --review --headless``
printing it as JSON lines in the bot protocol's formats."""

import io
import json
import subprocess
import sys

import pytest

from conftest import ROOT, bot_match
from engine.bots import Bot
from engine.game import CLASSIC, EXPERT, NOBODY, TACTICS
from engine.save import Saver
from engine.match import Match
from engine import review, weigh
from desk.position import dump, load
from desk.protocol import answer_to_move, move_answer
from desk.record import replay, write
from sim.review import lines, run


def record_of(seed, rounds, variant, a="medium", b="easy"):
    match = bot_match(seed, rounds, variant, a, b)
    return write(seed, variant, rounds, match.moves()), match.moves()


@pytest.mark.parametrize("variant, rounds, player", [(CLASSIC, 2, 0), (EXPERT, 1, 1), (TACTICS, 2, 0),
                                                     (TACTICS, 1, 1)])
def test_every_move_of_the_player_is_set_beside_the_hard_levels(variant, rounds, player):
    seed = 40 + variant
    text, moves = record_of(seed, rounds, variant)
    got = list(lines(replay(text), player))
    # Worked out here again: the match replayed, the hard bot asked with
    # the review's seed at each of the player's moves.
    match = Match(seed, rounds, variant)
    want = []
    for n, m in enumerate(moves):
        if match.game.winner != NOBODY:
            match.finish_round()
        game = match.game
        if game.to_move == player:
            hard = game.spell_claims(Bot("hard", review.seed(seed, n)).choose(game))
            want.append((n + 1, dump(game, player), move_answer(game, m), move_answer(game, hard), hard != m))
        game.apply(m)
    assert [(o["move"], o["position"], o["played"], o["hard"], o["differs"]) for o in got] == want
    assert all(o["player"] == player for o in got)
    assert any(o["differs"] for o in got) and not all(o["differs"] for o in got)
    assert [o["move"] - 1 for o in got] == review.mine(seed, rounds, variant, moves, 1 << player)
    # An outside tool reads both moves back from the position alone.
    for o in got[:12]:
        game = load(o["position"])
        for key in ("played", "hard"):
            m = answer_to_move(o[key], game)
            assert game.check(m) is None
        assert (answer_to_move(o["played"], game) != answer_to_move(o["hard"], game)) == o["differs"]


def test_the_review_of_a_position_is_the_same_wherever_it_is_asked():
    # engine.review.at rebuilds the match at any move; the hard move there
    # is the one the whole review gave.
    text, moves = record_of(7, 2, TACTICS)
    got = list(lines(replay(text), 0))
    for o in got[::5]:
        n = o["move"] - 1
        match = review.at(7, 2, TACTICS, moves, n)
        assert move_answer(match.game, review.hard_move(review.hard_bot(TACTICS), match.game, 7, n)) == o["hard"]


@pytest.mark.parametrize("variant, rounds, seed, levels", [(CLASSIC, 2, 21, ("hard", "medium")),
                                                            (EXPERT, 1, 22, ("medium", "hard")),
                                                            (TACTICS, 3, 23, ("hard", "medium")),
                                                            (TACTICS, 2, 24, ("easy", "hard"))])
def test_one_hard_bot_for_the_whole_review_chooses_as_a_new_one_at_each_move(variant, rounds, seed, levels):
    # The review asks one hard bot (engine.review.hard_bot), reseeded at
    # each move, what a bot made afresh with the move's seed chooses (the
    # hint's), at every move of both players, whether its brain has a view
    # of its own (the desktop's) or is lent the game (the board's).
    from engine.game import make_game

    moves = bot_match(seed, rounds, variant, *levels).moves()
    own, lent = review.hard_bot(variant), review.hard_bot(variant, True)
    for n, match in review.positions(seed, rounds, variant, moves):
        game = match.game
        fresh = game.spell_claims(Bot("hard", review.seed(seed, n)).choose(game))
        assert review.hard_move(own, game, seed, n) == fresh
        spent = make_game(variant)
        spent.copy_from(game)
        assert review.hard_move(lent, spent, seed, n) == fresh, n
    assert n > 40


def sim(*args):
    return subprocess.run([sys.executable, "-m", "sim"] + list(args), cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_sim_review_prints_a_json_line_a_move(tmp_path):
    text, moves = record_of(5, 1, CLASSIC)
    path = tmp_path / "match.txt"
    path.write_text(text)
    out = sim("--replay", str(path), "--review", "--headless", "--player", "2")
    assert out.returncode == 0 and out.stderr == ""
    objs = [json.loads(line) for line in out.stdout.splitlines()]
    assert objs == list(lines(replay(text), 1))
    assert len(objs) == len(review.mine(5, 1, CLASSIC, moves, 2))


def test_sim_review_says_what_it_cannot_do_in_one_line(tmp_path):
    out = sim("--replay", str(tmp_path / "none.txt"), "--review", "--headless")
    assert out.returncode == 2 and out.stdout == "" and len(out.stderr.splitlines()) == 1
    assert "Traceback" not in out.stderr
    bad = tmp_path / "bad.txt"
    bad.write_text('{"record": "nonsense"}\n')
    out = sim("--replay", str(bad), "--review", "--headless")
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1 and "Traceback" not in out.stderr
    out = sim("--review", "--headless")
    assert out.returncode == 2 and out.stderr.startswith("sim: --review needs --replay FILE")
    err = io.StringIO()
    assert run(str(tmp_path), 0, io.StringIO(), err) == 2 and err.getvalue().count("\n") == 1


# -- the review screen (hw.screens.review): B on a match's summary --------------------

from hw import buttons  # noqa: E402
from hw.app import App  # noqa: E402
from hw.screens import MATCH_END, MENU, REVIEW, ROUND_END  # noqa: E402
from sim.autoplay import AutoPlayer  # noqa: E402


def finished_app(opponent, variant, rounds, seed, saver=None):
    app = App(seed=seed, opponent=opponent, variant=variant, rounds=rounds, saver=saver)
    app.press(buttons.START)
    AutoPlayer("medium", seed).play(app, lambda a: a.mode == MATCH_END, limit=40000)
    return app


def think(app):
    """The ticks of the move shown: "Thinking..." first, then the hard move."""
    review = app.review
    if review.hard[review.k] < 0:
        assert app.message == "Thinking..." and review.stone_cursor == -1
        app.tick(app.now + 10)
        assert app.message == "Thinking..."
        app.tick(app.now + 10)
    assert review.hard[review.k] >= 0


@pytest.mark.parametrize("opponent, variant, rounds, seed", [("easy", CLASSIC, 1, 3), ("medium", TACTICS, 2, 4),
                                                             ("pass", EXPERT, 1, 5)])
def test_the_review_screen_marks_the_moves_the_desktop_review_marks(opponent, variant, rounds, seed):
    from engine.cards import SCOUT
    from engine.moves import move_card, move_stone

    app = finished_app(opponent, variant, rounds, seed)
    match = app.match
    text = write(match.seed, variant, rounds, match.moves())
    seats = (0, 1) if opponent == "pass" else (0,)
    desk = sorted((o for p in seats for o in lines(replay(text), p)), key=lambda o: o["move"])
    assert app.panel()[-1] == ("B: review the moves" if opponent == "pass" else "B: review your moves")
    app.press(buttons.B)
    assert app.mode == REVIEW and app.match is not match  # (the match's objects gone: a table rebuilt)
    review = app.review
    assert [n + 1 for n in review.mine] == [o["move"] for o in desk]
    for k, o in enumerate(desk):
        assert review.k == k and review.top == "<%d/%d>  B: back" % (k + 1, len(desk)) and app.note == "Review"
        think(app)
        n = review.mine[k]
        game = review_game = app.game
        assert game.history and review.player == o["player"] and app.me() == o["player"]
        assert move_answer(review_at_before(review, n), review.hard[k]) == o["hard"]
        differs = review.hard[k] != review.moves[n]
        assert differs == o["differs"]
        # Weighed as the desktop weighs it (not in the tactics variant: the
        # Chieftain's move): a move worse than good, its class and cost on
        # the top line, the Chieftain's move better at the bottom.
        kind = o["class"]
        assert (kind is None) == (variant == TACTICS or o["played"].get("pass", False))
        assert review.cost[k] == (255 if kind is None else o["cost"])
        worse = kind not in (None, "good")
        named = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}.get(kind)
        at = "<%d/%d>" % (k + 1, len(desk))
        top = "%s %s -%d%%" % (at, named, o["cost"]) if worse else at + "  B: back"
        assert review.top == top[:26] and app.note == "Review"
        if kind in ("mistake", "blunder") or o["given_away"]:
            # A mistake is a question first: its better move not said, no
            # stone framed; right says it (A asks it: tests/test_quiz.py).
            assert app.message == "A: find better  >: answer" and review.stone_cursor == -1 and not review.why
            app.tick(app.now + 5000)
            assert app.message == "A: find better  >: answer"
            app.press(buttons.RIGHT)
            assert review.k == k and review.shown[k] and review.top == top[:26]
        if differs:
            hard, mine = o["hard"], o["played"]
            same_play = {key: v for key, v in hard.items() if key not in ("claim", "draw")} == \
                {key: v for key, v in mine.items() if key not in ("claim", "draw")}
            said = "Better" if worse else "Also good" if kind == "good" else "Chieftain"
            if same_play and kind == "good":
                said = "Chieftain"
            assert app.message.startswith(said + ": ") and len(app.message) <= 26
            if same_play and hard["claim"] != mine["claim"]:  # (claims more: said, no stone framed)
                assert app.message == said + ": claims " + ",".join(str(s + 1) for s in hard["claim"])
                assert review.stone_cursor == -1
            elif same_play:
                assert app.message == "Chieftain: the other pile" and review.stone_cursor == -1
            else:
                assert review.stone_cursor == (move_stone(review.hard[k]) if "stone" in hard else -1)
            # A weighed move's line says, in turn, why the Chieftain's move
            # (the hint's words for it), then again the class.
            assert bool(review.why) == (kind is not None and not (same_play and kind == "good"))
            if review.why:
                assert review.why == o["reason"][:26]  # (the app's words: English)
            if review.why and not same_play:
                from hw.lang.hint import reason

                assert review.why == reason(app, review_at_before(review, n), o["player"], review.hard[k])[:26]
            if review.why and same_play:  # (why: the claims)
                from engine.moves import move_claims

                wins = review_at_before(review, n).wins_with(o["player"], move_claims(review.hard[k]))
                assert review.why == ("wins the round" if wins else
                                      "claims stone " + ",".join(str(s + 1) for s in hard["claim"]))
            if review.why:
                said = app.message
                app.tick(app.now + 2400)
                assert app.message == said
                app.tick(app.now + 100)
                assert app.message == review.why and len(review.why) <= 26
                app.tick(app.now + 2500)
                assert app.message == said
            assert (o["reason"] is None) == (not review.why)
        else:
            assert app.message == "Chieftain agrees" and review.stone_cursor == -1 and not review.why
            assert o["reason"] is None
            assert kind in (None, "good") and o["cost"] in (None, 0)
        assert review_game.move_count() == review_at_before(review, n).move_count() + 1
        # The hand shown: the one the move was chosen from, less its card
        # when that is on the table (framed there), not shown twice.
        before = review_at_before(review, n)
        card = move_card(review.moves[n])
        kept = sorted(before.hand_cards(o["player"]))
        assert review.hand == [c for c in kept if c != card or card >= SCOUT] and len(review.hand) >= len(kept) - 1
        app.press(buttons.RIGHT)
    assert review.k == len(desk) - 1  # (no further)
    app.press(buttons.LEFT)
    assert review.k == len(desk) - 2 and app.message != "Thinking..."  # (kept: not worked out again)
    app.press(buttons.B)
    assert app.mode == MENU and app.review is None and app.match is None
    assert "hw.screens.review" not in sys.modules and "engine.review" not in sys.modules
    assert "engine.bots" not in sys.modules and "engine.tbots" not in sys.modules


def review_at_before(review, n):
    return review_module().at(review.seed, review.rounds, review.variant, review.moves, n).game


def review_module():
    import importlib

    return importlib.import_module("engine.review")


def test_nothing_is_saved_while_a_match_is_reviewed():
    from test_app_saves import LoggedStorage

    store = LoggedStorage()
    app = finished_app("easy", CLASSIC, 1, 7, Saver(store))
    app.tick(app.now + 10)
    writes = len(store.log)
    app.press(buttons.B)
    for _ in range(6):
        app.tick(app.now + 10)
        app.press(buttons.RIGHT)
    assert len(store.log) == writes  # (the tables it rebuilds are not a match in play)
    app.press(buttons.B)
    assert App(seed=1, saver=Saver(LoggedStorage(store.data))).offer is None


def test_a_linked_boards_review_is_of_its_own_seat():
    from conftest import run_apps
    from test_app_saves import LoggedStorage, _linked

    apps = _linked(81, CLASSIC, [LoggedStorage(), LoggedStorage()], rounds=1)
    for app in apps:
        app.press(buttons.START)
    players = [AutoPlayer("medium", 1), AutoPlayer("easy", 2)]
    now = run_apps(apps, players, 0, lambda: all(app.mode == MATCH_END for app in apps))
    seats = [app.me() for app in apps]
    for app, seat in zip(apps, seats):
        moves = list(app.match.moves())
        app.press(buttons.B)
        assert app.mode == REVIEW and not app.linked()  # (the link closes, as A would close it)
        assert app.review.mine == review_module().mine(app.review.seed, 1, CLASSIC, moves, 1 << seat)
        assert app.me() == seat and app.game.history
    for _ in range(50):
        now += 100
        for app in apps:
            app.tick(now)
    assert all(app.link is None or app.link.draining is None for app in apps)  # (delivered: the link gone)


def test_the_sims_window_review_steps_through_a_record(tmp_path):
    from hw.main import Runner
    from sim.desk import Desk
    from sim.review import window

    text, moves = record_of(9, 1, CLASSIC)
    path = tmp_path / "m.txt"
    path.write_text(text)
    desk = Desk(headless=True)
    pressed = [[], [], [], [buttons.RIGHT], [], [], [], [buttons.B]]
    seen = []

    def buttons_():
        seen.append(desk_app[0].review.top if desk_app and desk_app[0].review else None)
        return pressed.pop(0) if pressed else [buttons.B]

    desk_app = []
    real = Runner

    class Spy(real):
        def __init__(self, board, app):
            desk_app.append(app)
            real.__init__(self, board, app)

    desk.buttons = buttons_
    try:
        assert window(str(path), 1, desk, Spy) == 0
    finally:
        desk.close()
    app = desk_app[0]
    assert app.mode == MENU and "<2/%d>  B: back" % len(review_module().mine(9, 1, CLASSIC, moves, 2)) in seen


def test_a_move_that_only_claims_less_is_said_so_without_a_frame():
    # The player made the hard level's play but left a provable stone
    # unclaimed: the line says the claims (its play framed on the table is
    # the player's own), never a truncated move.
    from engine.moves import move_claims, with_claims
    from hw.screens import review as screen

    text, moves = record_of(12, 1, CLASSIC)
    match = Match(12, 1, CLASSIC)
    bot = review.hard_bot(CLASSIC)
    for n, m in enumerate(moves):
        game = match.game
        if game.to_move == 0:
            hard = review.hard_move(bot, game, 12, n)
            if move_claims(hard):
                break
        game.apply(m)
    else:
        raise AssertionError("no claim by the hard level in this match")
    app = App(opponent="easy")
    assert screen.begin(app, 12, 1, CLASSIC, list(moves[:n]) + [with_claims(hard, 0)], 1)
    while app.review.k + 1 < len(app.review.mine):
        app.press(buttons.RIGHT)
    for _ in range(2):
        app.tick(app.now + 10)
    claims = ",".join(str(s + 1) for s in range(9) if move_claims(hard) >> s & 1)
    assert app.message == "Chieftain: claims " + claims and app.review.stone_cursor == -1


def test_a_move_given_away_from_a_won_endgame_is_said_so_and_one_that_keeps_it_costs_nothing():
    # The sample of won endgames (tests/test_endgame.py's): every placement
    # of the player to move, weighed as the review weighs it, against an
    # exact solver that shares only the rules (desk.brute).  What the
    # review proves within its limit is so; what it cannot prove it
    # weighs as any other move.
    import os

    from desk.brute import forced_win
    from engine.moves import AUTO_CLAIM, move

    path = os.path.join(ROOT, "tests", "data", "won-endgames.jsonl")
    given = kept = unproved = 0
    for line in open(path).readlines()[:15]:
        case = json.loads(line)
        game = load(case["position"])
        p = game.to_move
        bot = review.hard_bot(game.variant)
        bot.rng.seed(case["seed"])
        hard = game.spell_claims(bot.choose(game))
        assert weigh.cost(bot, game, hard, hard) == 0
        stones = game.open_stones(p)
        for card in game.hand_cards(p):
            for s in range(9):
                if not stones >> s & 1:
                    continue
                m = game.spell_claims(move(card, s) | AUTO_CLAIM)
                points = weigh.cost(bot, game, hard, m)
                game.apply(m)
                still = forced_win(game, p)
                game.undo()
                if points == weigh.GIVEN_AWAY:
                    assert not still, case["seed"]
                    given += 1
                elif still and points == 0:
                    kept += 1
                else:
                    assert 0 <= points <= 100
                    unproved += 1
    assert given >= 20 and kept >= 20 and unproved < given + kept


@pytest.mark.parametrize("variant", (CLASSIC, EXPERT))
def test_the_review_weighs_each_move_from_the_hard_levels_judgement(variant):
    # Hard's own move costs nothing; the costs and classes agree; moves of
    # the weaker level cost more than hard's over a match.
    text, moves = record_of(60 + variant, 2, variant, "easy", "hard")
    easy = list(lines(replay(text), 0))
    hard = list(lines(replay(text), 1))
    for o in easy + hard:
        assert 0 <= o["cost"] <= 100 and o["class"] == weigh.CLASSES[weigh.grade(o["cost"])]
        if not o["differs"]:
            assert o["cost"] == 0 and o["class"] == "good"
    assert sum(o["cost"] for o in easy) / len(easy) > sum(o["cost"] for o in hard) / len(hard)
    assert any(o["class"] in ("mistake", "blunder") for o in easy)


@pytest.mark.parametrize("lang, words", [("en", ("Win given away", "Won with: ", "A: find better  >: answer")),
                                         ("fr", ("Victoire gâchée", "Gagnait : ", "A : chercher  > : réponse")),
                                         ("es", ("Victoria regalada", "Ganaba: ", "(A) busca mejor  (>) ver"))])
def test_a_won_endgame_given_away_is_said_on_the_review_screen(lang, words):
    # Deal 4, easy against easy: the first player's move 45, the clan pile
    # empty, gives away a round the exact search proves won.
    from hw.screens import review as screen
    from engine.moves import move_stone

    match = bot_match(4, 1, CLASSIC, "easy", "easy")
    text = write(4, CLASSIC, 1, match.moves())
    given = [o["move"] for o in lines(replay(text), 0) if o["given_away"]]
    assert given == [45]
    app = App(opponent="easy", lang=lang)
    assert screen.begin(app, 4, 1, CLASSIC, match.moves(), 1)
    while app.review.mine[app.review.k] != 44:
        app.press(buttons.RIGHT)
    rv = app.review
    while rv.hard[rv.k] < 0:
        app.tick(app.now + 10)
    # Said on the top line; a question first (no stone framed), then, once
    # right is pressed, the winning move at the bottom, its stone framed.
    assert rv.cost[rv.k] == weigh.GIVEN_AWAY and rv.top == "<%d/%d> %s" % (rv.k + 1, len(rv.mine), words[0])
    assert app.message == words[2] and rv.stone_cursor == -1
    app.press(buttons.RIGHT)
    assert app.message.startswith(words[1]) and len(app.message) <= 26
    assert rv.stone_cursor == move_stone(rv.hard[rv.k])
    assert "hw.lang.hint" not in sys.modules  # (the coach's words only while they are made)
    from hw.lang import hint

    assert hint._GIVEN == screen._GIVEN  # (the review's class of a won endgame given away, said by the coach)


def test_the_weighing_samples_the_worlds_the_hard_level_samples():
    from engine import ai

    assert (weigh._WORLDS, weigh._HORIZON) == (ai._WORLDS, ai._HORIZON)


@pytest.mark.parametrize("lang, short, long", [("en", "Chieftain: claims 2,7", "claims 1,2,3,4,5"),
                                               ("fr", "Chef de clan : prend 2,7", "prend 1,2,3,4")])
def test_the_chieftains_claims_are_said_whole_on_one_line(lang, short, long):
    # The same play with more claims (a tactics review: not weighed): said
    # with the Chieftain's name where the line holds it, else the claims
    # alone, every stone said (never cut at 26 characters).
    from engine.moves import with_claims
    from hw.app import App
    from hw.screens import review as screen

    match = bot_match(4, 1, TACTICS, "easy", "hard")
    app = App(opponent="hard", lang=lang)
    assert screen.begin(app, 4, 1, TACTICS, list(match.moves()), 1)
    rv = app.review
    played = rv.moves[rv.mine[0]]
    for mask, said in ((0b1000010, short), (0b11111 if lang == "en" else 0b1111, long)):
        rv.hard[0] = with_claims(played, mask)
        rv.cost[0] = screen._UNWEIGHED
        screen._show(app)
        assert app.message == said and len(app.message) <= 26
