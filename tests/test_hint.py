"""A hint (B while choosing a card): the hard level's move for the player
to move, whatever the opponent's level, said with a line of why, through
the buttons; counted per seat; not in a linked match."""

import pytest

from engine.bots import Bot
from engine.game import CLASSIC, EXPERT, TACTICS
from engine.moves import move_card, move_stone
from hw import buttons
from hw.app import App
from hw.match.turn import CARD, CLAIM, DRAW_PICK, STONE
from hw.screens import hint
from hw.screens import HANDOFF, HINT, MATCH_END, NOTICE, TURN
from sim.autoplay import AutoPlayer


def hard_move(app):
    """The move the hard level makes for the player to move, seeded as
    the hint's bot is."""
    game = app.game
    return game.spell_claims(Bot("hard", hint.seed(app)).choose(game))


def ask(app):
    """B on the card step, then the hint's ticks (the first one lets the
    screen say "Thinking...")."""
    assert app.mode == TURN and app.turn.phase == CARD
    app.press(buttons.B)
    assert app.mode == HINT
    app.tick(app.now + 10)
    assert app.mode == HINT
    app.tick(app.now + 10)
    assert app.mode == NOTICE


def until_card_step(app, player, moves):
    for _ in range(20000):
        if app.mode == MATCH_END:
            return False
        if app.mode == TURN and app.turn.phase == CARD and app.game.move_count() >= moves:
            return True
        b = player.next_button(app)
        if b is None:
            app.tick(app.now + 50)
        else:
            app.press(b)
    raise AssertionError("no card step")


@pytest.mark.parametrize("variant, opponent", [(CLASSIC, "easy"), (EXPERT, "medium"), (TACTICS, "easy"),
                                               (TACTICS, "medium"), (TACTICS, "hard"), (TACTICS, "pass")])
def test_a_hint_is_the_hard_levels_move_and_playing_it_plays_it(variant, opponent):
    app = App(seed=11, opponent=opponent, variant=variant)
    app.press(buttons.START)
    player = AutoPlayer("medium", 11)
    asked = 0
    for moves in (0, 8, 16):
        if not until_card_step(app, player, moves):
            break
        p = app.game.to_move
        want = hard_move(app)
        before = app.hints[p]
        ask(app)
        assert app.hinted == want and app.hints[p] == before + 1
        # The notice: the move in the game's words, and why.
        assert app.lines[0].startswith("Hint: ") and len(app.lines) == 2 and app.lines[1]
        card = move_card(want)
        app.press(buttons.A)  # read
        assert app.mode == TURN and app.turn.phase == CARD
        if card in app.hand():
            assert app.hand()[app.turn.cursor] == card  # the cursor on the card suggested
            if card < 54:
                app.press(buttons.A)
                assert app.turn.phase == STONE and app.turn.stone_cursor == move_stone(want)
                count = app.game.move_count()
                app.press(buttons.A)
                while app.mode == TURN and app.turn.phase in (CLAIM, DRAW_PICK) and app.game.move_count() == count:
                    app.press(buttons.B if app.turn.phase == CLAIM else buttons.A)
                m = app.game.history[-3 if variant == TACTICS else -1]
                assert move_card(m) == card and move_stone(m) == move_stone(want)
        asked += 1
    assert asked >= 2


def test_a_hint_says_thinking_while_it_thinks(desk):
    from hw.main import Runner

    app = App(seed=3, opponent="easy")
    runner = Runner(desk, app)
    runner.step([buttons.START])
    until_card_step(app, AutoPlayer("medium", 3), 4)
    runner.step([buttons.B])
    assert app.mode == HINT and runner.view.hint.text == "Thinking..."


@pytest.mark.parametrize("allowed", [(True, True), (True, False), (False, True)])
def test_a_linked_match_has_hints_when_both_boards_allow_them(allowed):
    # The menu's Hints row on both boards (said in the link's handshake):
    # B asks for the hard level's move, as against a bot, while the other
    # board waits; the match plays on in step.  Off on either: B does
    # nothing, on both boards.
    from test_app import linked_apps
    from test_app_saves import run_apps

    apps = linked_apps(5)
    for a, on in zip(apps, allowed):
        a.hints_on = on
        a.press(buttons.START)
    now = 0
    for now in range(0, 60000, 50):
        for a in apps:
            a.tick(now)
        if any(a.mode == TURN and a.turn.phase == CARD for a in apps):
            break
    both = allowed == (True, True)
    assert all(a.link.session.hints == both for a in apps)
    tactics = linked_apps(6, variant=TACTICS)  # (never in tactics: no room on a board)
    for a in tactics:
        a.press(buttons.START)
    for now_ in range(0, 20000, 50):
        for a in tactics:
            a.tick(now_)
    assert all(a.link.session is not None and a.link.session.state == 2 and not a.link.session.hints
               for a in tactics)
    app = next(a for a in apps if a.mode == TURN)
    me = app.me()
    app.press(buttons.B)
    if not both:
        assert app.mode == TURN and app.hints == [0, 0]
        return
    assert app.mode == HINT
    while app.mode == HINT:
        now += 50
        for a in apps:
            a.tick(now)
    assert app.mode == NOTICE and app.hints[me] == 1
    m = app.hinted
    assert m == hard_move(app)
    app.press(buttons.A)
    players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
    run_apps(apps, players, now, lambda: all(a.mode == MATCH_END for a in apps))
    assert apps[0].match.moves() == apps[1].match.moves()


def test_pass_and_play_has_hints_for_both_and_holds_no_bot_after():
    import sys

    app = App(seed=4, opponent="pass")
    app.press(buttons.START)
    player = AutoPlayer("medium", 4)
    seen = set()
    for moves in (0, 1, 2, 3):
        until_card_step(app, player, moves)
        if app.mode == HANDOFF:
            app.press(buttons.A)
        seen.add(app.game.to_move)
        ask(app)
        assert "engine.bots" not in sys.modules or app.bots != [None, None]
        app.press(buttons.A)
    assert seen == {0, 1} and sum(app.hints) == 4


def test_the_hints_go_into_the_matchs_record_and_the_desktop_reads_them():
    import json

    from desk.record import RecordError, from_board
    from hw.saves.records import board_record

    app = App(seed=2, opponent="easy")
    app.press(buttons.START)
    player = AutoPlayer("medium", 2)
    until_card_step(app, player, 0)
    ask(app)
    app.press(buttons.A)
    until_card_step(app, player, 6)
    ask(app)
    app.press(buttons.A)
    for _ in range(20000):
        if app.mode == MATCH_END:
            break
        b = player.next_button(app)
        app.tick(app.now + 50) if b is None else app.press(b)
    assert app.mode == MATCH_END and app.hints == [2, 0]
    text = board_record(app.record_blob(), app.player_names("Ann"), app.hints)
    assert '"hints": [2, 0]' in text
    header = json.loads(from_board(text).splitlines()[0])
    assert header["settings"]["hints"] == [2, 0]
    # None asked: the record as it always was; a bad count: one clear line.
    plain = board_record(app.record_blob(), app.player_names("Ann"), [0, 0])
    assert "hints" not in plain and "hints" not in json.loads(from_board(plain).splitlines()[0])["settings"]
    with pytest.raises(RecordError, match="hints must be a list of two counts"):
        from_board(text.replace('"hints": [2, 0]', '"hints": [2, -1]'))


@pytest.mark.parametrize("variant, opponent", [(CLASSIC, "easy"), (TACTICS, "easy"), (TACTICS, "medium"),
                                               (TACTICS, "hard")])
def test_hints_change_nothing_of_the_match(variant, opponent):
    # The same match played twice by the same presses, once with a hint
    # asked (and read) at every card step: the same moves, both seats'
    # (the hint's bot thinks where the opponent's thinking space was).
    def played(hints):
        app = App(seed=21, opponent=opponent, variant=variant)
        app.press(buttons.START)
        player = AutoPlayer("medium", 21)
        seen = -1
        for _ in range(40000):
            if app.mode == MATCH_END:
                return app.match.moves(), app.hints
            if hints and app.mode == TURN and app.turn.phase == CARD and app.game.move_count() != seen:
                seen = app.game.move_count()
                cursor = app.turn.cursor, app.turn.stone_cursor
                ask(app)
                app.press(buttons.A)
                app.turn.cursor, app.turn.stone_cursor = cursor  # (the player's own choice, not the hint's)
                continue
            b = player.next_button(app)
            app.tick(app.now + 50) if b is None else app.press(b)
        raise AssertionError("the match did not end")

    with_hints, hints = played(True)
    without, none = played(False)
    assert with_hints == without and hints[0] > 5 and none == [0, 0]


@pytest.mark.parametrize("variant", [CLASSIC, TACTICS])
def test_a_hint_followed_at_every_turn_is_a_move_the_review_agrees_with(variant):
    # The hint and the review ask the hard level with the same seed
    # (engine.review.seed): the same position, the same move.
    from engine import review
    from hw.match import play
    from hw.screens import REVIEW

    app = App(seed=3, opponent="medium", variant=variant)
    app.press(buttons.START)
    player = AutoPlayer("medium", 3)
    followed = 0
    while True:
        if not until_card_step(app, player, 0):
            break
        assert hint.seed(app) == review.seed(app.match.seed, app.match.move_count())
        ask(app)
        app.press(buttons.A)
        play.commit(app, app.hinted)
        followed += 1
    assert followed > 10
    app.press(buttons.B)  # (the summary: the review)
    assert app.mode == REVIEW
    r = app.review
    for k in range(len(r.mine)):
        while r.hard[r.k] < 0:
            app.tick(app.now + 10)
        assert r.hard[r.k] == r.moves[r.mine[r.k]] and app.message.endswith("agrees")
        app.press(buttons.RIGHT)


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_hint_is_called_by_the_same_word_on_the_menu_and_on_the_hint(lang):
    # (Spanish said "Pistas" on the menu and "Consejo" on the hint)
    from hw.screens import MENU_ROWS

    app = App(seed=3, opponent="easy", lang=lang, hints=True)
    app.row = MENU_ROWS.index("hints")
    row = [line for line in app.panel() if line.startswith(">")][0]
    word = row[1:].split(" <")[0].lower()  # ("Hints", "Conseils", "Pistas")
    app.press(buttons.START)
    assert until_card_step(app, AutoPlayer("easy", 1), 0)
    ask(app)
    said = app.panel()[0].lower()
    assert said.startswith(word.rstrip("s")), (word, said)


class _Lang:
    def __init__(self, lang):
        self.lang = lang


@pytest.mark.parametrize("variant", (CLASSIC, TACTICS))
def test_a_first_card_says_the_formation_the_hand_can_go_on_with(variant):
    # Every first card of a side in random rounds: "starts a colour run"
    # exactly when the hand keeps a card of its colour one or two apart;
    # else the best the hand holds a partner for (a low card against
    # their cards: only a colour run or three of a kind); else what the
    # card is.
    from desk.playout import random_positions
    from engine.game import make_game
    from engine.moves import move
    from hw.lang.hint import reason

    en = _Lang("en")
    seen = set()
    for seed in range(1, 13):
        for game in random_positions(make_game(variant), seed):
            if variant == TACTICS and game.returns:
                continue  # (a Scout's cards going back: no card to place)
            p = game.to_move
            stones = game.open_stones(p)
            hand = [c for c in game.hand_cards(p) if c < 54]
            for card in hand:
                for s in range(9):
                    if not stones >> s & 1 or game.cards_at(s, p) or variant == TACTICS and game.mode[s] & 1:
                        continue
                    rest = [c for c in hand if c != card]
                    apart = [abs(c % 9 - card % 9) for c in rest]
                    same = [c // 9 == card // 9 for c in rest]
                    if any(sm and 0 < a < 3 for sm, a in zip(same, apart)):
                        want = "starts a colour run"
                    elif 0 in apart:
                        want = "starts a three of a kind"
                    elif any(same):
                        want = "starts a colour"
                    elif any(0 < a < 3 for a in apart):
                        want = "starts a run"
                    else:
                        want = None
                    if game.cards_at(s, 1 - p) and card % 9 < 3 and want in ("starts a colour", "starts a run"):
                        want = "low card, stone let go"  # (against their cards: a low card let go)
                    said = reason(en, game, p, move(card, s))
                    if want is not None:
                        assert said == want, (card, s, hand)
                    else:
                        assert said in ("low card, stone let go", "answers their cards", "opens the stone",
                                        "a high card opens it"), said
                    seen.add(said)
    assert {"starts a colour run", "starts a three of a kind", "starts a colour", "starts a run"} <= seen
    for lang in ("en", "fr", "es"):  # (the words fit the notice's and the review's line)
        for kind in range(1, 5):
            from hw.lang.hint import _KINDS, _STARTS, _WORDS, pick

            assert len(pick(lang, _WORDS)[_STARTS] % pick(lang, _KINDS)[kind]) <= 26
