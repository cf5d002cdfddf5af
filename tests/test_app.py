"""The handheld app without a screen: every mode played through buttons.

One file, though long: every test drives the same ``App`` through its
buttons with the same few helpers, mode after mode; the saves and the link
have files of their own.
"""

import os

import pytest

from conftest import drive, position, run_apps
from engine.cards import BANSHEE, JOKER, SCOUT, SHIELD, SPY, STRATEGIST, TACTIC_DECK, TRAITOR, card_name, parse_any
from engine import unload
from engine.game import BEATEN, CLASSIC, EXPERT, LANGUAGES, NOBODY, SHORT, TACTICS, TAKEN
from engine.moves import DISCARD, move_card, move_stone
from desk.position import load
from engine.tactics import MODE_BLIND, MODE_MUD
from hw import buttons
from hw.app import App
from hw.lang import words
from hw.lang.strings import own
from hw.main import Lights
from hw.match import link, play
from hw.match.turn import CARD, CLAIM, DEST, DRAW_PICK, RETURN, SCOUT_N, STONE, TABLE
from hw.screens import detail
from hw.screens import HANDOFF, LINES, LINKING, MATCH_END, MENU, MENU_ROWS, NOTICE, PANEL_CHARS, PAUSE, PAUSE_ROWS, REMOTE, RESUME, ROUND_END, THINKING, TURN
from hw.lang import why
from sim.autoplay import AutoPlayer


def rule_book_scores(results):
    # A match's scores as the rule book counts them: 5 for a round won, and
    # the loser's stones.
    scores = [0, 0]
    for w, s0, s1 in results:
        if w in (0, 1):
            scores[w] += 5
            scores[1 - w] += (s0, s1)[1 - w]
    return scores


@pytest.mark.parametrize("opponent,variant,auto,rounds", [
    ("easy", CLASSIC, False, 1),
    ("medium", EXPERT, False, 2),
    ("hard", CLASSIC, True, 1),
    ("pass", CLASSIC, False, 1),
    ("pass", EXPERT, True, 1),
    ("pass", EXPERT, False, 2),
])
def test_every_mode_plays_to_the_end_through_the_buttons(opponent, variant, auto, rounds):
    for seed in range(3):
        app = App(seed=seed, opponent=opponent, variant=variant, auto_claim=auto, rounds=rounds)
        seen = drive(app, AutoPlayer("medium", seed))
        match = app.match
        assert len(match.results) == rounds
        # (every match ends on its last round's board, then its summary)
        assert ROUND_END in seen and MATCH_END in seen and TURN in seen
        assert (HANDOFF in seen) == (opponent == "pass")
        assert (THINKING in seen) == (opponent != "pass")
        assert match.scores == rule_book_scores(match.results)


def test_a_board_holds_one_variant_and_no_bot_once_a_match_is_over():
    import sys

    app = App(seed=2, opponent="medium", variant=TACTICS)
    drive(app, AutoPlayer("random", 2))
    assert app.bots == [None, None]  # its record and the menu get the room
    assert not {"engine.tbots", "engine.botkit", "engine.bots"} & set(sys.modules)
    app.variant = CLASSIC
    play.new_match(app)
    # The tactics rules go; the classic ones come, and the bot again.
    assert not {"engine.tactics", "engine.elite"} & set(sys.modules)
    assert app.game.variant == CLASSIC and app.bots[1] is not None
    drive(app, AutoPlayer("random", 3))
    assert "engine.ai" not in sys.modules and "engine.endgame" not in sys.modules
    app.variant = TACTICS
    play.new_match(app)
    assert "engine.classic" not in sys.modules and "engine.tactics" in sys.modules
    assert len(app.game.hand_cards(0)) == 7


def test_back_at_the_menu_nothing_holds_the_finished_match_nor_its_code():
    # The menu is a session's floor (hw.match.between): the finished match is let
    # go (the save's keeper keeps only that it was counted), and with it
    # either variant's rules and bots, the turn's and the review's code;
    # from the summary (A), from the review (B there), and after a lesson.
    import gc
    import sys
    import weakref

    from hw.screens import learn

    code = {"engine.classic", "engine.tactics", "engine.elite", "engine.threat", "engine.ai", "engine.endgame", "engine.tbots",
            "engine.bots", "engine.botkit", "engine.formation", "engine.review", "engine.lessons", "engine.lesson_classic",
            "engine.lesson_expert", "engine.lesson_tactics", "hw.match.turn"}
    for variant, review in ((CLASSIC, False), (TACTICS, True), (EXPERT, True)):
        app = App(seed=4, opponent="hard", variant=variant)
        drive(app, AutoPlayer("random", 4))
        assert app.mode == MATCH_END
        finished = weakref.ref(app.match)
        if review:
            app.press(buttons.B)
            app.tick(app.now + 10)
            app.tick(app.now + 10)  # (the first move's hard one worked out)
        app.press(buttons.B if review else buttons.A)
        assert app.mode == MENU and app.keeper.recorded is True
        gc.collect()
        assert finished() is None
        assert not code & set(sys.modules), sorted(code & set(sys.modules))
        learn.start(app, 2 - variant)  # (another variant's lesson, left at once: Start, A)
        lesson = weakref.ref(app.match)
        app.press(buttons.START)
        app.press(buttons.A)
        assert app.mode == MENU
        gc.collect()
        assert lesson() is None and not code & set(sys.modules)


def test_the_modes_without_a_link_never_load_its_code():
    # A bot's match and pass-and-play, from the menu to the next: the link's
    # code (hw.match.link, the session, the channel) stays off the heap.
    import subprocess
    import sys

    script = ("import sys\n"
              "sys.path[0:0] = ['tests', '.']\n"
              "from conftest import drive\n"
              "from hw import buttons\n"
              "from hw.app import App\n"
              "from sim.autoplay import AutoPlayer\n"
              "for opponent in ('medium', 'pass'):\n"
              "    app = App(seed=5, opponent=opponent, rounds=2)\n"
              "    app.press(buttons.START)\n"
              "    drive(app, AutoPlayer('medium', 5))\n"
              "    app.press(buttons.A)\n"
              "    app.tick(100)\n"
              "print(sorted(m for m in ('hw.match.link', 'engine.session', 'engine.channel') if m in sys.modules))\n")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=root, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[-2] == "[]"


def test_a_screens_module_is_loaded_while_it_is_shown():
    # Each screen's code is on the heap while the screen is shown, and
    # gone when another is.
    import sys

    from hw.screens import DETAIL, MODULES

    def loaded():
        app.panel()  # (the screen drawn, as after every press and tick)
        return {name for name in MODULES if name in sys.modules}

    for name in MODULES:  # (as at power-up: this file imports one, others may have left some)
        unload(name)
    app = App(seed=4, opponent="easy")
    app.press(buttons.DOWN)
    assert loaded() == {"hw.screens.menu"}
    app.press(buttons.UP)
    app.press(buttons.START)
    while app.mode != TURN:
        app.tick(0)
    assert loaded() == {"hw.screens.turn"}
    app.press(buttons.START)
    assert app.mode == PAUSE and loaded() == {"hw.screens.pause"}
    app.press(buttons.B)
    app.press(buttons.SELECT)
    assert app.mode == DETAIL and loaded() == {"hw.screens.detail"}
    app.press(buttons.A)
    assert app.mode == NOTICE and loaded() == {"hw.screens.notice"}
    app.press(buttons.A)
    app.press(buttons.B)
    assert app.mode == TURN and loaded() == {"hw.screens.turn"}
    app.press(buttons.A)  # a card: the stone step
    app.press(buttons.A)  # placed: the bot's turn
    while app.mode == THINKING:
        assert loaded() == {"hw.screens.thinking"}
        app.tick(0)
    assert app.mode in (TURN, NOTICE) and "hw.screens.menu" not in sys.modules


def start(app):
    app.press(buttons.START)
    assert app.mode in (TURN, THINKING, HANDOFF)


_NO_VALUE = ("mistakes", "stats", "help", "start")  # (Sound has one: on or off)  # the menu's rows that open a screen or start: no value to change


def test_the_menus_row_under_the_cursor_shows_that_left_and_right_change_it():
    app = App(seed=1)
    for row in range(len(MENU_ROWS)):
        lines = app.panel()  # (more rows than lines: the rows around the cursor shown, under the title)
        assert len(lines) == LINES
        lines = lines[1:-1]  # (the title; that Start plays)
        at = [i for i, line in enumerate(lines) if line.startswith(">")]
        assert len(at) == 1 and all(line.startswith(" ") for i, line in enumerate(lines) if i != at[0])
        # (a row with a value: between "<" and ">" under the cursor)
        line = lines[at[0]]
        assert (line.endswith(">") and " <" in line) == (MENU_ROWS[row] not in _NO_VALUE)
        assert all(not (other.endswith(">") and " <" in other) for other in lines if other is not line)
        app.press(buttons.RIGHT)
        assert (app.panel()[1 + at[0]] != line) == (MENU_ROWS[row] not in _NO_VALUE)
        app.press(buttons.LEFT)
        app.press(buttons.DOWN)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_menu_has_its_title_on_top_and_says_that_start_plays(lang):
    app = App(seed=1, lang=lang)
    for _ in range(len(MENU_ROWS)):  # (on every row, the rows scrolled under the title)
        lines = app.panel()
        assert lines[0] == "SCHOTTEN TOTTEN" and "Start" in lines[-1] and lines[-1][0] not in " >"
        assert len(lines) <= LINES and all(len(line) <= PANEL_CHARS for line in lines)
        app.press(buttons.DOWN)
    app.press(buttons.START)  # (what the last line says: Start plays, from any row)
    assert app.match is not None


def test_a_on_a_menu_row_with_a_value_steps_it_as_right_does():
    app = App(seed=1)
    for key in MENU_ROWS:
        app.row = MENU_ROWS.index(key)
        if key in _NO_VALUE or key == "learn":  # (they open a screen, or start: as before)
            continue
        right = App(seed=1)
        right.row = app.row
        right.press(buttons.RIGHT)
        app.press(buttons.A)
        assert app.mode == MENU and app.panel() == right.panel(), key
        assert (app.opponent, app.variant, app.rounds, app.lang, app.auto_claim, app.hints_on, app.sound) == (
            right.opponent, right.variant, right.rounds, right.lang, right.auto_claim, right.hints_on, right.sound)
        app.press(buttons.LEFT)  # (back as it was, for the next row's comparison)


def test_the_menu_sets_up_the_match():
    app = App(seed=1)
    app.press(buttons.DOWN)  # (past Learn and Your mistakes)
    app.press(buttons.DOWN)
    app.press(buttons.RIGHT)  # opponent: medium -> hard
    app.press(buttons.DOWN)
    app.press(buttons.RIGHT)  # expert
    app.press(buttons.DOWN)
    app.press(buttons.RIGHT)  # 3 rounds
    app.press(buttons.DOWN)
    app.press(buttons.RIGHT)  # French
    app.press(buttons.DOWN)
    app.press(buttons.RIGHT)  # auto-claim on
    assert (app.opponent, app.variant, app.rounds, app.lang, app.auto_claim) == ("hard", EXPERT, 3, "fr", True)
    for _ in range(5):  # (past Hints, Sound, Statistics and Help)
        app.press(buttons.DOWN)
    assert MENU_ROWS[app.row] == "start"
    app.press(buttons.A)
    assert app.match is not None and app.match.rounds == 3 and app.game.variant == EXPERT
    assert app.t("help") == "Aide"  # (the French table)


def test_a_linked_game_on_a_device_without_a_serial_port_says_so():
    # No port (a sim without --port; the sim's own words are tested in
    # test_sim): Start says so in a notice rather than doing nothing.
    app = App(opponent="link")
    app.press(buttons.START)
    assert app.mode == NOTICE and app.lines == [app.t("no_link")] and app.match is None
    app.press(buttons.A)
    assert app.mode == MENU and app.match is None and not app.linked()


def test_waiting_for_the_other_board_says_how_to_give_up():
    # A board with no cable wired waits for ever: the screen says B gives up.
    class Silent:
        def read(self, n):
            return None

        def write(self, data):
            return len(data)

    app = App(opponent="link", link_port=Silent, random_bytes=lambda n: bytes(range(1, n + 1)))
    app.press(buttons.START)
    for now in range(0, 10000, 100):
        app.tick(now)
    assert app.mode == LINKING and app.t("give_up") in app.panel()
    app.press(buttons.B)
    assert app.mode == MENU and not app.linked()


def _human_turn(stones, hands, **kw):
    app = App(seed=0, opponent="medium", **kw)
    play.new_match(app)
    game = app.game
    game.copy_from(load(position(stones, hands=hands)))
    play.start_turn(app)
    assert app.mode == TURN and app.turn.phase == CARD
    return app


HANDS = [["G8", "P1", "P2", "P3", "P4", "P5"], ["P6", "P7", "P8", "P9", "O1", "O2"]]


def test_placing_then_claiming_with_the_buttons():
    app = _human_turn({4: (["Y8", "B8"], ["R9", "R7"]), 0: ([], ["R8"])}, HANDS)
    g8 = 3 * 9 + 7
    while app.hand()[app.turn.cursor] != g8:
        app.press(buttons.RIGHT)
    app.press(buttons.A)
    assert app.turn.phase == STONE
    while app.turn.stone_cursor != 4:
        app.press(buttons.RIGHT)
    app.press(buttons.A)
    assert app.turn.phase == CLAIM and app.turn.claimable == 1 << 4
    # Asking for a stone that cannot be claimed explains why.
    app.press(buttons.LEFT)
    app.press(buttons.A)
    assert app.mode == NOTICE and "need 3 cards" in app.lines[0]
    app.press(buttons.A)
    app.press(buttons.RIGHT)
    app.press(buttons.A)
    assert app.turn.claims == 1 << 4
    app.press(buttons.B)
    assert app.game.owner[4] == 0
    assert app.events[-1] == ("claim", 0, 1 << 4)


def test_a_refused_claim_shows_the_counterexample():
    # Three 8s against R9 R7 while R8 is unseen: the notice names R8.
    hands = [["P1", "P2", "P3", "P4", "P5", "O1"], ["P6", "P7", "P8", "P9", "O3", "O2"]]
    app = _human_turn({4: (["Y8", "B8", "G8"], ["R9", "R7"])}, hands)
    assert why.why_not(app, 4) == ["Stone 5: not yet", "R8 could come", "for a colour run"]
    app.lang = "fr"
    assert why.why_not(app, 4)[2] == "pour suite couleur"


def test_a_refused_claim_says_when_what_could_come_is_in_your_hand():
    # The same, with R8 in the claiming player's hand: a proof uses the
    # table alone, so it still counts, and the notice says why.
    hands = [["R8", "P2", "P3", "P4", "P5", "O1"], ["P6", "P7", "P8", "P9", "O3", "O2"]]
    app = _human_turn({4: (["Y8", "B8", "G8"], ["R9", "R7"])}, hands)
    assert why.why_not(app, 4) == ["Stone 5: not yet", "R8 could come", "for a colour run",
                                      "(Yours count: a proof", "looks at the table only)"]
    for lang in ("fr", "es"):
        app.lang = lang
        assert len(why.why_not(app, 4)) == 5


def test_a_refused_claim_says_each_reason_in_its_words():
    # Stone 5 short of cards for the player, stone 1 taken, stone 3 beaten:
    # each reason of engine.game's why_not has its own line.
    hands = [["P1", "P2", "P3", "P4", "P5", "O1"], ["P6", "P7", "P8", "P9", "O3", "O2"]]
    app = _human_turn({4: (["Y8", "B8"], ["R9", "R7"]), 2: (["Y1", "B2", "G4"], ["R6", "R5", "R4"])}, hands)
    assert app.game.why_not(4, 0)[0] == SHORT and app.game.why_not(2, 0)[0] == BEATEN
    assert why.why_not(app, 4) == ["Stone 5: need 3 cards"]
    assert why.why_not(app, 2) == ["Stone 3: theirs wins"]
    app.game.owner[0] = 1
    assert app.game.why_not(0, 0)[0] == TAKEN and why.why_not(app, 0) == ["Stone 1: taken"]


def test_pause_restart_and_main_menu():
    app = App(seed=2, opponent="pass")
    start(app)
    app.press(buttons.A)  # hand-over
    app.press(buttons.START)
    assert app.mode == PAUSE
    app.press(buttons.START)
    assert app.mode == TURN
    app.press(buttons.START)
    app.press(buttons.DOWN)
    app.press(buttons.A)  # restart
    assert app.mode in (TURN, HANDOFF) and len(app.game.history) == 0
    app.press(buttons.START) if app.mode == TURN else app.press(buttons.A)
    if app.mode == TURN:
        app.press(buttons.START)
    app.choice = PAUSE_ROWS.index("main_menu")
    app.press(buttons.A)
    assert app.mode == MENU and app.match is None


def test_the_help_from_the_pause_menu_goes_back_to_it_then_to_the_game():
    from hw.screens import HELP

    app = App(seed=2, opponent="easy")
    start(app)
    while app.mode != TURN:
        app.tick(0)
    app.press(buttons.RIGHT)  # the hand's cursor: kept through the help
    cursor, moves = app.turn.cursor, app.game.move_count()
    app.press(buttons.START)
    app.press(buttons.DOWN)
    app.press(buttons.DOWN)
    assert app.panel()[2 + app.choice] == ">Help"
    app.press(buttons.A)
    assert app.mode == HELP and app.panel()[0] == "Controls"
    app.press(buttons.RIGHT)
    assert app.panel()[0] != "Controls"  # the next page
    app.press(buttons.B)  # back to the pause menu, on Help
    assert app.mode == PAUSE and app.panel()[2 + app.choice] == ">Help"
    app.press(buttons.B)  # and to the game, as it was (no hint asked)
    assert app.mode == TURN and app.turn.cursor == cursor and app.game.move_count() == moves and app.hints == [0, 0]
    # From the menu, the help goes back to the menu, on its row.
    app = App(seed=2)
    app.row = MENU_ROWS.index("help")
    app.press(buttons.A)
    app.press(buttons.B)
    assert app.mode == MENU and MENU_ROWS[app.row] == "help"


def test_pass_and_play_hands_over_between_players():
    app = App(seed=4, opponent="pass")
    start(app)
    assert app.mode == HANDOFF
    first = app.game.to_move
    app.press(buttons.A)
    assert app.mode == TURN and app.viewer() == first
    app.press(buttons.A)
    app.press(buttons.A)
    if app.turn.phase == CLAIM:
        app.press(buttons.B)
    assert app.mode == HANDOFF and app.game.to_move == 1 - first


def test_the_leds_follow_the_turn_and_flash_on_claims():
    app = App(seed=3, opponent="hard")
    lights = Lights()
    app.tick(0)
    assert lights.update(app)
    idle = list(lights.colours)
    start(app)
    app.tick(10)
    assert lights.update(app)
    assert lights.colours != idle
    colour = lights.colours[0]
    assert all(c == colour for c in lights.colours)
    assert not lights.update(app)  # nothing new to show
    app.events.clear()
    player = AutoPlayer("hard", 1)
    now = 10
    while not app.events:
        b = player.next_button(app)
        now += 50
        app.press(b) if b else app.tick(now)
    assert app.events[0][0] == "claim"
    app.tick(now + 1)
    assert lights.update(app)
    assert lights.colours[0] == (160, 120, 0)
    # Later (without letting the opponent move), the flash is over.
    app.now = now + 5000
    assert lights.update(app)
    assert lights.colours[0] != (160, 120, 0)


def test_the_detail_view_does_not_move_the_placing_cursor():
    # Choose a card, look at another stone in detail, come back, place: the
    # card goes to an open stone, never to a full or claimed one.
    hands = [["G8", "P1", "P2", "P3", "P4", "P5"], ["P6", "P7", "P8", "P9", "O7", "O8"]]
    app = _human_turn({4: (["Y8", "B8", "B9"], ["R9", "R7", "R1"]), 3: (["O1", "O2", "O3"], [])}, hands)
    before = bytes(app.game.side)
    app.press(buttons.A)  # a card
    assert app.turn.phase == STONE
    app.press(buttons.SELECT)
    while app.detail_stone != 4:
        app.press(buttons.RIGHT)
    app.press(buttons.B)
    assert app.turn.phase == STONE and app.turn.open_stones() >> app.turn.stone_cursor & 1
    app.turn._place(4)  # even asked directly, a full stone takes nothing
    assert bytes(app.game.side) == before and app.turn.phase == STONE
    app.press(buttons.A)
    placed = app.game.history[0]
    assert move_stone(placed) not in (3, 4)


class Pipe:
    """One end of an in-memory serial cable."""

    def __init__(self):
        self.inbox = bytearray()
        self.peer = None

    def read(self, n):
        data = bytes(self.inbox[:n])
        del self.inbox[:n]
        return data or None

    def write(self, data):
        self.peer.inbox.extend(data)
        return len(data)


def linked_apps(seed, rounds=1, variant=CLASSIC):
    ends = Pipe(), Pipe()
    ends[0].peer, ends[1].peer = ends[1], ends[0]
    rnd = __import__("random").Random(seed)
    apps = [App(seed=seed + i, opponent="link", rounds=rounds, variant=variant, link_port=lambda e=ends[i]: e,
                random_bytes=lambda n: bytes(rnd.randrange(256) for _ in range(n))) for i in range(2)]
    return apps


def test_two_linked_apps_play_a_match_each_showing_its_own_hand():
    apps = linked_apps(5, rounds=2)
    players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
    for app in apps:
        app.press(buttons.START)
        assert app.mode == LINKING
    seen = [set(), set()]

    def look(i, app):
        seen[i].add(app.mode)
        if app.match is not None and app.mode == TURN:
            assert app.viewer() == app.link.session.seat  # its own hand, never the other's

    run_apps(apps, players, 0, lambda: all(app.mode == MATCH_END for app in apps), each=look)
    a, b = apps
    assert {a.link.session.seat, b.link.session.seat} == {0, 1}
    assert a.match.results == b.match.results and a.match.scores == b.match.scores
    assert REMOTE in seen[0] and REMOTE in seen[1] and ROUND_END in seen[0]


def test_a_linked_matchs_summary_names_the_other_player_as_a_person_in_every_language():
    # Not the menu's "Link" ("Link 3", "Link wins the match"): the
    # opponent, in each language, on lines that fit the panel.
    from engine.game import LANGUAGES
    from hw.lang.strings import text
    from hw.screens import PANEL_CHARS

    apps = linked_apps(7)
    players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
    for app in apps:
        app.press(buttons.START)
    run_apps(apps, players, 0, lambda: all(app.mode == MATCH_END for app in apps))
    winner = apps[0].match.winner()
    assert winner in (0, 1)
    for app in apps:
        for lang in LANGUAGES:
            app.lang = lang
            lines = app.panel()
            rival, link = text(lang, "rival"), text(lang, "link")
            assert not any(link in line for line in lines), lines
            them = 1 - app.me()
            assert "  %s %d" % (rival, app.match.scores[them]) in lines
            if winner == them:
                assert rival in lines[0]
            assert all(len(line) <= PANEL_CHARS for line in lines)
        assert app.name(1 - app.me()) == text(app.lang, "rival")


def recorded(apps):
    """What each of ``apps`` records as its match ends (its keeper's
    recorder): a (seat, screen, turn) note each time."""
    notes = []

    class Recorder:
        def note(self, app):
            notes.append((app.link.session.seat, app.mode, app.turn))

    for app in apps:
        app.keeper.recorder = Recorder()
    return notes


@pytest.mark.parametrize("variant", [CLASSIC, TACTICS])
def test_a_linked_match_is_recorded_on_both_boards_once_its_turn_has_gone(variant):
    # The record is made where a board's heap is fullest: on the board that
    # receives the last move as on the one that made it, only once the move
    # has been shown (the round's end), the turn and its code gone.
    apps = linked_apps(9, variant=variant)
    seen = recorded(apps)
    for app in apps:
        app.press(buttons.START)
    players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
    run_apps(apps, players, 0, lambda: all(app.mode == MATCH_END for app in apps))
    assert sorted(seat for seat, _, _ in seen) == [0, 1]
    assert all(mode == ROUND_END and turn is None for _, mode, turn in seen), seen


def test_a_linked_match_whose_last_move_arrives_during_the_pause_is_recorded_when_it_is_left():
    # The other board's last move, arriving while this board's pause menu
    # shows (no screen takes it there), is recorded and counted at once:
    # leaving for the menu then loses nothing.
    apps = linked_apps(9)
    notes = recorded(apps)
    for app in apps:
        app.press(buttons.START)
    players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
    paused = []

    def pause(i, app):
        # The other board has just made the match's last move; this one
        # has ticked, and the move reaches it at its next tick.
        other = apps[1 - i]
        if not paused and other.match is not None and other.match.over() and app.mode == REMOTE:
            paused.append(app)
            players[i] = None  # (nobody presses there meanwhile)
            app.press(buttons.START)
            assert app.mode == PAUSE and not app.match.over()

    now = run_apps(apps, players, 0, lambda: paused and paused[0].match.over(), each=pause)
    board = paused[0]
    seat = board.link.session.seat
    assert board.mode == PAUSE and [s for s, _, _ in notes].count(seat) == 1
    while PAUSE_ROWS[board.choice] != "main_menu":
        board.press(buttons.DOWN)
    board.press(buttons.A)
    board.tick(now + 10)
    assert board.mode == MENU and [s for s, _, _ in notes].count(seat) == 1


def test_waiting_for_a_link_can_be_given_up():
    app = linked_apps(6)[0]
    app.press(buttons.START)
    assert app.mode == LINKING
    app.tick(10)
    app.press(buttons.B)
    assert app.mode == MENU and not app.linked()


def test_a_lost_link_is_shown_and_play_resumes_when_it_comes_back():
    apps = linked_apps(8)
    for app in apps:
        app.press(buttons.START)
    now = 0
    while not all(app.mode in (TURN, REMOTE) for app in apps):
        now += 10
        for app in apps:
            app.tick(now)
    cut = [app.link.port.peer for app in apps]
    for app in apps:  # unplug: nothing reaches the other end
        app.link.port.peer = Pipe()
    for _ in range(400):
        now += 10
        for app in apps:
            app.tick(now)
    assert all(app.link_lost() for app in apps)
    for app, peer in zip(apps, cut):  # plug back in
        app.link.port.peer = peer
    players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
    run_apps(apps, players, now, lambda: all(app.mode == MATCH_END for app in apps))
    assert not any(app.link_lost() for app in apps)
    assert apps[0].match.results == apps[1].match.results


def test_no_bot_from_an_earlier_game_plays_in_a_linked_one():
    app = linked_apps(12)[0]
    app.opponent = "medium"
    play.new_match(app)
    assert app.bots[1] is not None
    app.opponent = "link"
    link.start(app)
    assert app.bots == [None, None]


# -- the tactics variant ------------------------------------------------------


@pytest.mark.parametrize("opponent,auto,rounds", [
    ("easy", False, 1),
    ("medium", True, 2),
    ("hard", False, 1),
    ("pass", False, 1),
    ("pass", True, 2),
])
def test_tactics_matches_play_to_the_end_through_the_buttons(opponent, auto, rounds):
    played = [0] * 9  # tactic cards played through the buttons, per kind
    for seed in range(4):
        app = App(seed=seed, opponent=opponent, variant=TACTICS, auto_claim=auto, rounds=rounds)
        player = AutoPlayer("medium", seed)
        app.press(buttons.START)
        now = 0
        seen = set()
        while app.mode != MATCH_END:
            seen.add((app.mode, app.turn.phase if app.turn else None))  # (no turn: a match over)
            assert app.mode != NOTICE or not app.lines[0].startswith(("cannot", "card", "claim", "no ", "stone"))
            if app.mode == TURN and app.turn.phase == RETURN:
                assert len(app.game.hand_cards(app.viewer())) > 7 and app.game.returns
            b = player.next_button(app)
            if b is None:
                now += 50
                app.tick(now)
            else:
                before = len(app.game.history)
                app.press(b)
                h = app.game.history
                if len(h) > before and not h[before + 1] >> 19 & 1 and h[before] & 63 >= JOKER and h[before] & 63 < 63:
                    played[move_card(h[before]) - JOKER] += 1
            assert now < 10 ** 7
        match = app.match
        assert len(match.results) == rounds
        assert any(mode == HANDOFF for mode, _ in seen) == (opponent == "pass")
        assert any(mode == THINKING for mode, _ in seen) == (opponent != "pass")
        assert match.scores == rule_book_scores(match.results)
    assert sum(played) >= 4, played  # tactic cards came into play through the screens


def tactics_turn(stones=None, hands=(("R1", "R2", "R3", "O4", "O5", "O6", "Y7"), ()), clan=20, tactic=None,
                 auto=False, modes=None, owners=None, played=(0, 0)):
    """A tactics round set up for player 0 to choose a card: ``stones``
    maps a stone to its sides (card names), ``hands`` names the hands
    (player 1's default: the next clan cards), ``clan`` cards in the clan
    pile, ``tactic`` the tactic pile's cards, top first (default: all the
    others)."""
    app = App(seed=0, opponent="medium", variant=TACTICS, auto_claim=auto)
    play.new_match(app)
    game = app.game
    game.clear()
    used = []
    for s, sides in (stones or {}).items():
        for p in (0, 1):
            for name in sides[p]:
                game.put(s, p, parse_any(name))
                used.append(parse_any(name))
            if len(sides[p]) == game.cap(s) and game.first[s] == NOBODY:
                game.first[s] = p
    for s, bits in (modes or {}).items():
        game.mode[s] = bits
    for s, p in (owners or {}).items():
        game.owner[s] = p
        game.owned[p] += 1
    hands = [[parse_any(c) for c in h] for h in hands]
    used += hands[0] + hands[1]
    free = [c for c in range(54) if c not in used]
    if not hands[1]:
        hands[1] = free[:7]
        free = free[7:]
    for p in (0, 1):
        for i, c in enumerate(hands[p]):
            game.hand[p][i] = c
        game.hand_n[p] = len(hands[p])
    deck = free[:clan]
    game.deck_pos = 54 - len(deck)
    game.deck[game.deck_pos:] = bytes(deck)
    if tactic is None:
        rest = list(TACTIC_DECK)
        for c in used:
            if c in rest:
                rest.remove(c)
        tactic = rest
    else:
        tactic = [parse_any(c) for c in tactic]
    game.tpos = 10 - len(tactic)
    game.tdeck[game.tpos:] = bytes(tactic)
    game.played[0], game.played[1] = played
    for s in range(9):
        for p in (0, 1):
            game._rank_side(s * 2 + p)
    game.to_move = 0
    play.start_turn(app)
    assert app.mode == TURN and app.turn.phase == CARD
    return app


def pick_card(app, name):
    card = parse_any(name)
    while app.hand()[app.turn.cursor] != card:
        app.press(buttons.RIGHT)
    app.press(buttons.A)


def move_to(app, attr, target, limit=12):
    for _ in range(limit):
        if getattr(app.turn, attr) == target:
            return
        app.press(buttons.RIGHT)
    raise AssertionError("%s never reached %d" % (attr, target))


def test_an_elite_troop_goes_to_a_stone_then_the_draw_asks_for_a_pile():
    app = tactics_turn({1: (["R9"], [])}, hands=(("R1", "R2", "JK", "O4", "O5", "O6", "Y7"), ()),
                       owners={8: 1})
    game = app.game
    pick_card(app, "JK")
    assert app.turn.phase == STONE and app.turn.targets() == 0xFF  # stone 9 is claimed: not offered
    app.press(buttons.B)
    assert app.turn.phase == CARD and game.hand_n[0] == 7  # cancelled: nothing played
    pick_card(app, "JK")
    move_to(app, "stone_cursor", 1)
    app.press(buttons.A)
    assert app.turn.phase == DRAW_PICK and app.turn.pile == 0  # the clan pile first
    app.press(buttons.RIGHT)
    top = game.tdeck[game.tpos]
    app.press(buttons.A)
    assert game.cards_at(1, 0) == [parse_any("R9"), JOKER] and game.played[0] == 1
    assert top in game.hand_cards(0) and game.to_move == 1
    assert app.turn.draw_tactic == [True, False]  # remembered: next time the cursor starts on the tactic pile
    game.to_move = 0
    play.start_turn(app)
    pick_card(app, "R1")
    app.press(buttons.A)
    assert app.turn.phase == DRAW_PICK and app.turn.pile == 1
    # Right stays on the tactic pile (no wrapping round to the clan's),
    # left goes to the clan pile and stays; up and down swap.
    app.press(buttons.RIGHT)
    assert app.turn.pile == 1
    app.press(buttons.LEFT)
    app.press(buttons.LEFT)
    assert app.turn.pile == 0
    app.press(buttons.DOWN)
    assert app.turn.pile == 1


def test_the_draw_is_not_asked_when_a_pile_is_empty():
    app = tactics_turn(hands=(("R1", "SP", "O4"), ()), tactic=[])
    pick_card(app, "SP")
    app.press(buttons.A)
    assert app.game.cards_at(0, 0) == [SPY] and app.game.to_move == 1 and app.game.tactic_pile_size() == 0


def test_combat_modes_go_on_unclaimed_stones_only():
    app = tactics_turn({2: (["R5", "R6", "R7"], ["O1", "O2"])}, hands=(("BB", "MF", "O4"), ()), owners={0: 1})
    game = app.game
    pick_card(app, "MF")
    assert app.turn.phase == STONE and app.turn.targets() == 0x1FE
    move_to(app, "stone_cursor", 2)
    app.press(buttons.A)
    assert app.turn.phase == DRAW_PICK
    app.press(buttons.A)
    assert game.mode[2] == MODE_MUD and game.cap(2) == 4 and game.first[2] == NOBODY
    # Blind man's bluff on the same stone, next turn.
    game.to_move = 0
    game.played[1] = 1
    play.start_turn(app)
    app.turn.cursor = 0
    pick_card(app, "BB")
    move_to(app, "stone_cursor", 2)
    app.press(buttons.A)
    app.press(buttons.A)
    assert game.mode[2] == MODE_MUD | MODE_BLIND


def test_a_scout_draws_then_puts_back_with_no_way_back():
    app = tactics_turn(hands=(("R1", "R2", "SC", "O4", "O5", "O6", "Y7"), ()), clan=20,
                       tactic=["TR", "JK", "BA", "ST"])
    game = app.game
    pick_card(app, "SC")
    assert app.turn.phase == SCOUT_N and app.turn.targets() == 0b1111 and app.turn.scout_n == 0
    app.press(buttons.B)
    assert app.turn.phase == CARD and game.hand_n[0] == 7 and game.tpos == 6
    pick_card(app, "SC")
    app.press(buttons.RIGHT)
    app.press(buttons.RIGHT)  # two from the tactic pile, one clan card
    clan_top = game.deck[game.deck_pos]
    app.press(buttons.A)
    assert app.turn.phase == RETURN and game.returns == 2 and game.to_move == 0
    assert game.hand_n[0] == 9 and {TRAITOR, JOKER, clan_top} <= set(game.hand_cards(0))
    assert len(app.hand()) == 9
    # B here only takes back a card picked to go back: the Scout stays.
    app.press(buttons.B)
    assert app.turn.phase == RETURN and game.hand_n[0] == 9
    pick_card(app, "R1")
    assert app.turn.picked == [parse_any("R1")] and len(app.hand()) == 8
    app.press(buttons.B)
    assert app.turn.picked == [] and app.turn.phase == RETURN
    pick_card(app, "JK")
    pick_card(app, "R2")
    assert game.returns == 0 and game.to_move == 1 and game.hand_n[0] == 7
    assert game.tdeck[game.tpos] == JOKER and game.deck[game.deck_pos] == parse_any("R2")
    assert game.played[0] == 1


def test_the_opponent_sees_a_scout_and_how_many_cards_went_back():
    app = tactics_turn(hands=(("R1", "R2", "SC", "O4", "O5", "O6", "Y7"), ()), tactic=["TR", "JK", "BA"])
    pick_card(app, "SC")
    app.press(buttons.RIGHT)
    app.press(buttons.A)
    pick_card(app, "R1")
    pick_card(app, "R2")
    assert words.last_text(app) == "SC: 1T 2C, 2 put back"
    assert "R1" not in words.last_text(app)


def test_a_strategist_moves_or_discards_one_of_your_cards_step_by_step():
    app = tactics_turn({3: (["R5", "G5"], ["B1"]), 6: ([], ["Y2"])}, hands=(("ST", "O4"), ()))
    game = app.game
    pick_card(app, "ST")
    assert app.turn.phase == TABLE and app.turn.targets() == 1 << 3 and app.turn.stone_cursor == 3
    assert app.turn.slots() == 0b11 and app.turn.slot == 0
    app.press(buttons.DOWN)
    assert app.turn.slot == 1
    app.press(buttons.A)
    assert app.turn.phase == DEST and app.turn.targets() == (0x1FF & ~(1 << 3)) | 1 << DISCARD
    app.press(buttons.B)
    assert app.turn.phase == TABLE and app.turn.slot == 1  # one step back
    app.press(buttons.A)
    move_to(app, "dest", DISCARD)
    app.press(buttons.A)
    app.press(buttons.A)  # the draw: clan
    assert game.cards_at(3, 0) == [parse_any("R5")] and game.discards() == [parse_any("G5"), STRATEGIST]


def test_a_strategist_to_another_stone():
    app = tactics_turn({3: (["R5", "G5"], [])}, hands=(("ST", "O4"), ()))
    pick_card(app, "ST")
    app.press(buttons.A)
    move_to(app, "dest", 7)
    app.press(buttons.A)
    app.press(buttons.A)
    assert app.game.cards_at(3, 0) == [parse_any("G5")] and app.game.cards_at(7, 0) == [parse_any("R5")]


def test_a_banshee_discards_an_opponent_card_elite_troops_too():
    app = tactics_turn({2: ([], ["R5", "SB"]), 5: (["Y1"], ["B3"])}, hands=(("BA", "O4"), ()), owners={5: 0})
    game = app.game
    pick_card(app, "BA")
    assert app.turn.targets() == 1 << 2  # stone 6 is claimed
    app.press(buttons.DOWN)
    assert app.turn.slot == 1
    app.press(buttons.A)
    app.press(buttons.A)
    assert game.cards_at(2, 1) == [parse_any("R5")] and game.discards() == [SHIELD, BANSHEE]
    assert words.last_text(app) == "BA: SB off 3"


def test_a_traitor_takes_a_clan_card_not_an_elite_troop():
    app = tactics_turn({2: ([], ["JK", "R5"]), 4: (["Y1", "Y2", "Y3"], [])}, hands=(("TR", "O4"), ()))
    game = app.game
    pick_card(app, "TR")
    assert app.turn.phase == TABLE and app.turn.slots() == 0b10 and app.turn.slot == 1  # the Joker is not offered
    app.press(buttons.A)
    assert app.turn.phase == DEST and app.turn.targets() == 0x1FF & ~(1 << 4)  # stone 5 is full on my side
    move_to(app, "dest", 2)
    app.press(buttons.A)
    app.press(buttons.A)
    assert game.cards_at(2, 1) == [JOKER] and game.cards_at(2, 0) == [parse_any("R5")]
    assert words.last_text(app) == "TR: R5 3>3"


def test_every_multi_step_card_can_be_cancelled_back_to_the_hand():
    app = tactics_turn({2: (["G1"], ["R5"])}, hands=(("SC", "ST", "BA", "TR", "O4"), ()))
    game = app.game
    before = (bytes(game.side), bytes(game.hand[0]), game.hand_n[0], game.tpos, game.deck_pos)
    for name, presses in (("SC", "B"), ("ST", "ABB"), ("BA", "B"), ("TR", "ABB"), ("ST", "B")):
        pick_card(app, name)
        assert app.turn.phase in (SCOUT_N, TABLE)
        for i, b in enumerate(presses):
            assert app.turn.phase != CARD
            if b == "A":
                app.press(buttons.A)
                assert app.turn.phase == DEST
            else:
                app.press(buttons.B)
                assert app.turn.phase == (TABLE if i < len(presses) - 1 else CARD), name
        assert (bytes(game.side), bytes(game.hand[0]), game.hand_n[0], game.tpos, game.deck_pos) == before
    # The draw step goes back to the hand too, with nothing played.
    pick_card(app, "BA")
    app.press(buttons.A)
    assert app.turn.phase == DRAW_PICK
    app.press(buttons.B)
    assert app.turn.phase == CARD and game.cards_at(2, 1) == [parse_any("R5")]


def test_a_tactic_card_blocked_by_the_limit_says_why():
    app = tactics_turn(hands=(("JK", "O4"), ()), played=(1, 0))
    assert app.turn.blocked() == 0x1FF
    assert app.turn.why_card(JOKER) == "Limit: you played more"
    pick_card(app, "JK")
    assert app.mode == NOTICE and app.lines == ["Limit: you played more"]
    app.press(buttons.A)
    assert app.mode == TURN and app.turn.phase == CARD and app.game.hand_n[0] == 2


def test_a_ruse_without_a_target_says_why():
    app = tactics_turn(hands=(("BA", "O4"), ()))
    assert app.turn.why_card(BANSHEE) == "BA: no target now"
    pick_card(app, "BA")
    assert app.mode == NOTICE


def test_claims_follow_a_ruse_on_the_table_as_it_will_be():
    # Y7 Y8 Y9 against R7 R8 R9 completed first: a tie the opponent wins.
    # The Banshee takes R9: the best they can reach (a Joker as R9) ties,
    # and now stone 1's tie goes to player 0, whose side is the full one.
    app = tactics_turn({0: (["Y7", "Y8", "Y9"], ["R9", "R8", "R7"])}, hands=(("BA", "O4"), ()))
    game = app.game
    game.first[0] = 1
    assert not game.claimable(0)
    pick_card(app, "BA")
    app.press(buttons.A)
    assert app.turn.phase == CLAIM and app.turn.claimable == 1
    assert game.cards_at(0, 1) == [parse_any("R8"), parse_any("R7")]  # shown as it will be
    app.press(buttons.A)
    app.press(buttons.B)
    assert app.turn.phase == DRAW_PICK and app.turn.claims == 1
    app.press(buttons.A)
    assert game.owner[0] == 0 and app.events[-1] == ("claim", 0, 1)


def test_a_bot_plays_a_scout_in_two_moves_and_tactic_plays_are_announced():
    for seed in range(40):
        app = App(seed=seed, opponent="easy", variant=TACTICS)
        player = AutoPlayer("easy", seed)
        now = 0
        scout = False
        messages = set()
        while app.mode != MATCH_END:
            b = player.next_button(app)
            if b is None:
                now += 50
                app.tick(now)
                if app.message:
                    messages.add(app.message)
            else:
                app.press(b)
        h = app.game.history
        for i in range(0, len(h), 3):
            if h[i] & 63 == SCOUT and h[i + 1] >> 18 & 1 == 1 and i + 3 < len(h) and h[i + 4] >> 19 & 1:
                scout = True
        if scout:
            assert any(m.startswith("SC: ") and "put back" in m for m in messages), messages
            return
    raise AssertionError("no bot played a Scout")


def test_pass_and_play_hides_the_hand_but_not_between_a_scout_and_its_return():
    app = App(seed=1, opponent="pass", variant=TACTICS)
    play.new_match(app)
    game = app.game
    p = game.to_move
    assert app.mode == HANDOFF
    app.press(buttons.A)
    # Give the player to move a Scout, and play it.
    game.hand[p][0] = SCOUT
    game.tpos = 0
    play.start_turn(app)
    app.turn.cursor = 0
    while app.hand()[app.turn.cursor] != SCOUT:
        app.press(buttons.RIGHT)
    app.press(buttons.A)
    app.press(buttons.A)  # none from the tactic pile
    assert app.mode == TURN and app.turn.phase == RETURN and app.viewer() == p
    app.press(buttons.A)
    app.press(buttons.A)
    assert game.to_move == 1 - p and app.mode == HANDOFF


def test_the_detail_view_tells_the_modes_and_the_tactic_cards():
    app = tactics_turn({2: (["R5", "JK"], ["B1"])}, modes={2: MODE_BLIND | MODE_MUD}, played=(1, 0),
                       hands=(("O4", "O5"), ()))
    app.game.discard[0] = BANSHEE
    app.game.discard_n = 1
    app.press(buttons.SELECT)
    app.detail_stone = 2
    lines = detail.detail(app, 2)
    assert lines[0] == "Stone 3 (BB, MF)"
    assert lines[2] == "You: R5 JK"
    assert "Tactics: You 1, Opp 0" in lines and "Discard: BA" in lines  # (whose number is whose)


def test_the_menu_offers_the_tactics_variant():
    app = App(seed=1)
    while MENU_ROWS[app.row] != "variant":
        app.press(buttons.DOWN)
    app.press(buttons.RIGHT)
    app.press(buttons.RIGHT)
    assert app.variant == TACTICS
    app.press(buttons.START)
    assert app.game.variant == TACTICS and app.game.hand_n[app.game.to_move] == 7
    app = App(seed=1, opponent="pass")
    app.press(buttons.LEFT)  # (Learn's row: the lesson's variant is the menu's)
    assert app.variant == TACTICS


def test_two_linked_apps_play_a_tactics_match():
    apps = linked_apps(5, rounds=1, variant=TACTICS)
    players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
    for app in apps:
        app.press(buttons.START)
    messages = set()

    def look(i, app):
        assert app.mode != MENU, app.lines
        if app.mode == REMOTE and app.message:
            messages.add(app.message)

    run_apps(apps, players, 0, lambda: all(app.mode == MATCH_END for app in apps), each=look)
    assert apps[0].match.results == apps[1].match.results
    assert any(card_name(c) in m for m in messages for c in range(54, 63))


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_tactics_lines_fit_the_screen(lang):
    # The status and hint lines hold 26 characters of the built-in font.
    from hw.lang.strings import pick, text
    from hw.screens import detail

    def t(key):  # (the table's words, and the detail's and the claims' own)
        own = dict(pick(lang, why._T), **pick(lang, detail._T))
        return own[key] if key in own else text(lang, key)

    lines = [t("step_stone") % "JK", t("step_mine") % "ST", t("step_theirs") % "TR", t("step_dest") % "TR",
             t("step_scout"), t("scout_keys") % (3, 0), t("step_draw"), t("draw_keys") % (">", 40, " ", 10),
             t("step_return") % 2, t("return_keys"), t("dest_discard"), t("pick_keys"), t("limit"),
             t("one_joker"), t("no_target") % "SC", t("no_room"), t("scouted") % (3, 0) + ", " + t("put_back") % 2,
             t("discards") % ("BA", "R5", 9) + ", " + t("claims") % "1", t("moves") % ("ST", "R5", 9, 8),
             t("mode_on") % ("MF", 9) + ", " + t("claims") % "1", t("tactics_played") % (t("you"), 2, t("them"), 1),
             t("piles") % (40, 10), t("for_sum")]
    lines += [t("name_" + code) for code in ("JK", "SP", "SB", "BB", "MF", "SC", "ST", "BA", "TR")]
    for line in lines:
        assert len(line) <= 26, line  # (accented letters are shown as one plain letter each)
    # The detail panel's lines start 10 pixels in: 24 characters fit there.
    from engine.cards import card_name

    for line in (t("piles") % (40, 10), t("discard") % " ".join(card_name(c) for c in (61, 5, 60, 14, 59))):
        assert len(line) <= 24, line


class _FakeSession:
    """The session's face the app uses, for a board whose moves come from
    elsewhere: the test plays the other board's moves on the match."""

    def __init__(self, match, seat):
        self.match = match
        self.seat = seat
        self.state = 2
        self.error = ""
        self.last = None
        self.happened = 0  # what the session tells the app (engine.session: MOVED, SCORED)

    def poll(self, now):
        return None

    def lost(self, now):
        return False

    def pending(self):
        return False

    def peer_began(self):
        return 0

    def play(self, m):
        self.match.game.apply(m)
        self.last = self.match.game.last_played()

    def tick(self, now):
        pass

    def take(self):
        happened, self.happened = self.happened, 0
        return happened


def test_the_other_boards_tactic_plays_are_described():
    from engine.match import Match

    from engine.session import MOVED
    from hw.match.link import Link

    app = App(seed=0, opponent="link", variant=TACTICS)
    app.link = Link(app.link_marks)
    app.link.port = Pipe()
    match = Match(3, 1, TACTICS)
    game = match.game
    seat = 1 - game.to_move  # the other board moves first
    app.link.session = _FakeSession(match, seat)
    app.go(LINKING)
    app.tick(10)
    assert app.mode == REMOTE
    other = game.to_move
    # The other board plays a Scout (one from the tactic pile), then puts two back.
    h = game.hand_index(other, game.hand[other][0])
    game.hand[other][h] = SCOUT
    game.apply(SCOUT | 1 << 6)
    app.link.session.last = game.last_played()
    app.link.session.happened |= MOVED
    app.tick(20)
    assert app.mode == REMOTE and app.message == "SC: 1T 2C"
    hand = game.hand_cards(other)
    game.apply(hand[0] | hand[1] << 21)
    app.link.session.last = game.last_played()
    app.link.session.happened |= MOVED
    app.tick(30)
    assert app.message == "SC: 1T 2C, 2 put back"
    assert app.mode == TURN and game.to_move == seat
    # This board plays; then the other board's Banshee takes that card.
    player = AutoPlayer("medium", 3)
    player.tactic_draws = 0
    while app.mode != REMOTE:
        app.press(player.next_button(app))
    stone = [s for s in range(9) if game.cards_at(s, seat)][0]
    target = game.cards_at(stone, seat)[0]
    game.hand[other][0] = BANSHEE
    game.played[other] = 0
    game.apply(BANSHEE | stone << 6)
    app.link.session.last = game.last_played()
    app.link.session.happened |= MOVED
    app.tick(40)
    assert app.message == "BA: %s off %d" % (card_name(target), stone + 1)
    assert app.mode == TURN and game.discards()[-2:] == [target, BANSHEE]


def _linked_and_started(seed):
    apps = linked_apps(seed)
    for app in apps:
        app.press(buttons.START)
    now = 0
    while not all(app.mode in (TURN, REMOTE) for app in apps) and now < 100000:
        now += 10
        for app in apps:
            app.tick(now)
    mover = [app for app in apps if app.mode == TURN][0]
    other = [app for app in apps if app.mode == REMOTE][0]
    return mover, other, now


def test_leaving_a_linked_match_from_the_pause_menu_ends_the_link():
    mover, other, now = _linked_and_started(3)
    mover.press(buttons.START)
    assert mover.mode == PAUSE
    mover.press(buttons.UP)  # (round to the last row)
    mover.press(buttons.A)  # main menu
    assert mover.mode == MENU and not mover.linked() and mover.match is None
    # Nothing more comes from this board: the other one sees the link lost.
    for _ in range(500):
        now += 10
        mover.tick(now)
        other.tick(now)
    assert other.link_lost()
    # A local match afterwards is a plain one.
    mover.opponent = "medium"
    mover.press(buttons.START)
    assert not mover.linked() and mover.mode in (TURN, HANDOFF, THINKING)


def test_restarting_a_linked_match_links_again():
    mover, other, now = _linked_and_started(4)
    mover.press(buttons.START)
    mover.press(buttons.DOWN)
    mover.press(buttons.A)  # restart
    assert mover.mode == LINKING and mover.linked() and mover.match is None


def test_the_other_boards_opening_move_of_a_round_is_told():
    # When the other board opens the next round while this one still shows
    # the summary, its move is said once this board goes on.
    told = []
    for seed in (4, 5, 6):
        apps = linked_apps(seed, rounds=3)
        players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
        for app in apps:
            app.press(buttons.START)
        now = 0
        summary_since = [None, None]
        while not all(app.mode == MATCH_END for app in apps) and now < 3000000:
            now += 10
            for i, app in enumerate(apps):
                app.tick(now)
                before = app.mode
                if before == ROUND_END and i == 0:
                    # The first board lingers on the summary a while.
                    if summary_since[i] is None:
                        summary_since[i] = now
                    if now - summary_since[i] < 2000:
                        continue
                summary_since[i] = None
                b = players[i].next_button(app)
                if b is not None:
                    app.press(b)
                if before == ROUND_END and app.mode == TURN and app.game.history:
                    told.append(app.message)
    assert told and all(told)


# hw/lang/'s modules that are code, not a language's table.
WORDS_CODE = ("hw.lang.strings", "hw.lang.words", "hw.lang.menu", "hw.lang.hint", "hw.lang.why")


def test_every_language_has_every_key_and_only_one_sits_in_ram():
    import importlib
    import sys

    from hw.lang import strings

    tables = {lang: importlib.import_module("hw.lang." + lang).T for lang in strings.LANGUAGES}
    for lang, table in tables.items():
        assert set(table) == set(tables["en"]), lang
        assert all(isinstance(v, str) and v for v in table.values()), lang
        # The same %-fields in the same order: a format never fails.
        for key, value in table.items():
            fields = [value[i + 1] for i in range(len(value) - 1) if value[i] == "%"]
            assert fields == [tables["en"][key][i + 1] for i in range(len(tables["en"][key]) - 1)
                              if tables["en"][key][i] == "%"], (lang, key)
    for lang in strings.LANGUAGES:  # (forget the tables imported here)
        sys.modules.pop("hw.lang." + lang, None)
    strings._loaded[:] = [None, None]
    for lang in strings.LANGUAGES + ("en",):
        assert strings.text(lang, "help") == tables[lang]["help"]
        assert strings.loaded() == lang
        # (hw/lang/ also holds the code that picks and builds the words: not tables)
        # (a lesson's or the help's own words, left by another test's screen, are not a table)
        loaded = [m for m in sys.modules if m.startswith("hw.lang.") and m not in WORDS_CODE
                  and not m.startswith(("hw.lang.learn_", "hw.lang.help_"))]
        assert loaded == ["hw.lang." + lang]
    app = App(lang="es")
    assert app.t("help") == "Ayuda" and strings.loaded() == "es"


def test_the_menus_own_words_are_whole_in_every_language_and_leave_ram_once_picked():
    import sys

    from hw.lang import menu, strings

    for words in menu.WORDS:
        assert len(words) == len(menu.KEYS) and all(isinstance(w, str) and w for w in words)
        assert [w.count("%d") for w in words] == [w.count("%d") for w in menu.WORDS[0]]
    assert not set(menu.KEYS) & set(__import__("hw.lang.en", None, None, ("T",)).T)  # (in one place each)
    assert menu.words("fr")["start"] == "Jouer" and "hw.lang.menu" not in sys.modules
    app = App(lang="es")
    app.press(buttons.UP)  # (the last row, Start, at the panel's foot, over the line that says Start plays)
    assert app.panel()[-2:] == [">Jugar", "Botón Start: jugar"] and "hw.lang.menu" not in sys.modules
    assert len(strings.LANGUAGES) == len(menu.WORDS)


def test_a_board_rerolling_the_deal_gets_one_deal_per_decision_of_the_player():
    from test_session import Rerolling

    pipe = Pipe()
    pipe.peer = Pipe()  # what the honest app writes goes to the cheat
    rnd = __import__("random").Random(40)
    app = App(seed=40, opponent="link", link_port=lambda: pipe,
              random_bytes=lambda n: bytes(rnd.randrange(256) for _ in range(n)))
    cheat = Rerolling(41)
    now = 0
    for decision in range(1, 4):
        app.press(buttons.START)  # the player links (again)
        assert app.mode == LINKING
        while app.mode == LINKING and now < decision * 60000:
            now += 10
            app.tick(now)
            cheat.feed(pipe.peer.read(4096) or b"", now)
            out = cheat.channel.poll(now)
            while out is not None:
                pipe.inbox.extend(out)
                out = cheat.channel.poll(now)
        # Stopped, and said: a new deal waits for the player.
        assert app.mode == NOTICE and app.match is None
        assert "restarted before the deal" in app.lines[1]
        assert app.lines[2:] == [app.t("link_again"), app.t("redeals") % decision]
        assert len(cheat.deals) == decision  # one deal seen per press of Start
        for _ in range(3):
            app.tick(now + 10)
            assert app.mode == NOTICE  # it stays until the player reads it
        app.press(buttons.A)
        assert app.mode == MENU


def test_a_match_in_play_is_not_thrown_away_from_the_pause_menu():
    app = App(seed=3, opponent="medium")
    start(app)
    AutoPlayer("easy", 3).play(app, lambda a: a.mode == TURN and len(a.game.history) >= 4)
    moves = list(app.match.moves())
    # Restart asks first: A again deals anew, any other button takes it back.
    app.press(buttons.START)
    app.choice = 1
    app.press(buttons.A)
    assert app.mode == PAUSE and app.confirm == "restart" and list(app.match.moves()) == moves
    from hw.screens import pause

    assert "A again" in own(app, pause._T)("confirm_restart")
    app.press(buttons.DOWN)
    assert app.confirm == "" and app.mode == PAUSE
    app.choice = 1
    app.press(buttons.A)
    app.press(buttons.A)
    assert app.mode in (TURN, THINKING) and app.game.move_count() == 0  # a new deal, as asked
    AutoPlayer("easy", 4).play(app, lambda a: a.mode == TURN and len(a.game.history) >= 4)
    moves = list(app.match.moves())
    # The main menu keeps the match on offer: resume it, or let it go.
    app.press(buttons.START)
    app.choice = PAUSE_ROWS.index("main_menu")
    app.press(buttons.A)
    assert app.mode == RESUME and list(app.offer.moves()) == moves
    app.press(buttons.A)  # resume
    assert app.mode == TURN and list(app.match.moves()) == moves


def test_the_player_at_the_buttons_plans_anew_for_a_new_deal_at_the_same_turn():
    # A link dealt anew reaches turn 0 again: a plan is for one turn of one
    # match (it used to press the old deal's move, and fail).
    app = App(seed=5, opponent="pass")
    start(app)
    player = AutoPlayer("medium", 5)
    while app.mode != TURN:
        app.press(player.next_button(app))
    player.next_button(app)  # planned on this deal
    old = app.match
    play.new_match(app)
    assert app.match is not old and app.game.move_count() == 0
    player.play(app, lambda a: a.mode == MATCH_END, limit=40000)


def test_the_leds_on_a_matchs_summary_follow_the_match_and_rest_in_its_review():
    # (the last round's winner may not be the match's: among these seeds, some)
    seen = set()
    for seed in range(16):
        app = App(seed=seed, opponent="easy", rounds=3)
        app.press(buttons.START)
        AutoPlayer("easy", seed).play(app, lambda a: a.mode == MATCH_END, limit=60000)
        app.flash_at = -1  # (a last claim's flash, over)
        lights = Lights()
        lights.update(app)
        idle = Lights()
        idle.update(App(seed=1))
        won = app.match.winner() == 0
        assert (lights.colours != idle.colours) == won
        seen.add((won, app.match.results[-1][0] == 0))
        app.press(buttons.B)  # the review: no colour of whose turn
        lights.update(app)
        assert lights.colours == idle.colours
    assert (True, False) in seen or (False, True) in seen
    assert {won for won, _ in seen} == {True, False}


@pytest.mark.parametrize("variant", [CLASSIC, TACTICS])
def test_between_two_rounds_the_turn_and_the_bots_thinking_leave_the_heap(variant):
    # A round's end in a match (its board kept, the next round dealt, the
    # round's end's code loaded) holds neither the turn nor the bot's
    # arrays and code: a board's heap peaked there.  Made again at the next
    # turn; the bot plays on as it would have (its seed's generator kept).
    import sys

    app = App(seed=2, opponent="hard", variant=variant, rounds=3)
    app.press(buttons.START)
    player = AutoPlayer("medium", 2)
    player.play(app, lambda a: a.mode == ROUND_END)
    assert app.turn is None and "hw.match.turn" not in sys.modules
    assert app.bots[1].tactics is None and app.bots[1].judge is None
    assert "engine.tbots" not in sys.modules and "engine.ai" not in sys.modules
    player.play(app, lambda a: a.mode == MATCH_END, limit=60000)
    assert len(app.match.results) >= 2


@pytest.mark.parametrize("variant", [CLASSIC, TACTICS])
def test_the_opponent_thinks_on_the_match_s_game_itself(variant, monkeypatch):
    # A bot's turn makes no game of its own to think on (a view beside its
    # brain ran a board's heap out at a hard tactics bot's turn): it thinks
    # on the match's game, what it may not see put aside meanwhile, as the
    # hint does, and plays the move it would make on a copy.
    import copy

    from engine.classic import Game
    from engine.tactics import TacticsGame

    app = App(seed=5, opponent="hard", variant=variant)
    app.press(buttons.START)
    player = AutoPlayer("medium", 5)
    kind = TacticsGame if variant == TACTICS else Game
    made = []
    init = kind.__init__
    monkeypatch.setattr(kind, "__init__", lambda self, *a: made.append(self) or init(self, *a))
    now = 0
    turns = 0
    while turns < 6 and app.mode != MATCH_END:
        now = player.play(app, lambda a: a.mode == THINKING and a.thought or a.mode == MATCH_END, now)
        if app.mode != THINKING:
            break
        game = app.game
        ref = kind()
        ref.copy_from(game)
        want = game.spell_claims(copy.deepcopy(app.bots[game.to_move]).choose(ref))
        n, k = len(game.history), len(ref.history)
        ref.apply(want)
        del made[:]
        now += 50
        app.tick(now)
        assert not made
        assert game.history[n:n + len(ref.history) - k] == ref.history[k:]
        turns += 1
    assert turns == 6


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_says_what_each_colours_mark_is_and_what_the_corners_score_is(lang):
    # The marks on the cards, for players who cannot tell the colours
    # apart: each colour's letter (the language's) beside its mark's
    # name; the corner's "1:0" (rounds won), on a page of its own.
    marks = {"en": ("X", "square", "blob", "slash", "bars", "dot"),
             "fr": ("X", "carré", "tache", "barre", "traits", "point"),
             "es": ("X", "cuadro", "mancha", "raya", "barras", "punto")}[lang]
    rounds = {"en": "rounds", "fr": "manches", "es": "rondas"}[lang]
    app = App(seed=1, lang=lang)
    while MENU_ROWS[app.row] != "help":
        app.press(buttons.DOWN)
    app.press(buttons.A)
    pages = []
    while not pages or app.page:
        lines = app.panel()
        assert len(lines) == LINES and all(len(line) <= PANEL_CHARS for line in lines)
        pages.append(" ".join(" ".join(lines).split()))
        app.press(buttons.RIGHT)
    letters = app.t("letters")
    assert any(all("%s %s" % (letters[i], mark) in page for i, mark in enumerate(marks)) for page in pages)
    assert any("1:0" in page and rounds in page for page in pages)


def test_spanish_names_the_a_and_b_buttons_apart_from_the_yellow_and_blue_cards():
    # Spanish yellow is "A" (amarillo): "A: seguir" beside "A5" read as a
    # card.  Its button keys are "(A)" and "(B)", round as the buttons are.
    import re

    from hw.lang import help_es
    from hw.screens import learn, quiz, review, stats

    app = App(seed=3, lang="es")
    words = list(app.t(key) for key in __import__("hw.lang.es", None, None, ("T",)).T)
    words += [w for w in learn._WORDS[2] + detail._WORDS[2] + why._WORDS[2] + stats._WORDS[2] if isinstance(w, str)]
    words += [line for page in learn._WORDS[2] if not isinstance(page, str) for line in page]
    words += list(quiz.WORDS[2]) + list(review._WORDS[2])
    words += [help_es.KEYS] + [line for lines in help_es.CONTROLS for line in lines]
    bare = [w for w in words if re.search(r"(?<![(\w])[AB] ?:", w)]
    assert not bare and any("(A) " in w for w in words)
    # Through the buttons: the lesson's keys, and a turn's bottom line.
    app.press(buttons.A)
    app.tick(app.now + 10)  # (the lesson set up at its first tick)
    from hw.screens import LEARN

    assert app.mode == LEARN and app.panel()[-1].startswith("(A) seguir")
    app.press(buttons.START)  # (left: its words go, as a player's would)
    app.press(buttons.A)
    assert app.mode == MENU
