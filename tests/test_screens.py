"""Every screen in every language, in the headless sim: no text overflows
its box.

Games are played through the buttons (a bot in the player's seat), and on
the way every detail, every reason a stone cannot be claimed, the pause
menu and the tactics steps are drawn too.  After each drawing, every label
shown is read back from its TileGrid: its cells must hold the glyphs of its
whole text (none cut off by the label's width, none shown as "?"), and
measured by those glyphs, panel lines must end inside the panel, the top
and bottom lines inside the screen, and the two texts of the top line must
not meet.
"""

import pytest

from hw.lang.menu import words

from engine.cards import TACTIC_CODES
from engine.game import CLASSIC, EXPERT, LANGUAGES, N_STONES, TACTICS
from hw import buttons
from hw import look as L
from hw import screens as S
from hw import text as T
from hw.app import App
from hw.lang import why
from hw.match import turn as P
from sim.autoplay import AutoPlayer

pytest.importorskip("blinka_displayio_pygamedisplay")

PANEL_RIGHT = L.WIDTH - L.PANEL_X  # the panel's background: x 4 to 156


@pytest.fixture(scope="module")
def desk():
    from sim.desk import Desk

    d = Desk(headless=True)
    yield d
    d.close()


def shown(label):
    """The characters a label's cells show, read from its tiles."""
    grid = label.grid
    return "".join(T.char(grid[i]) for i in range(label.width))


def extent(label):
    """The pixels from a label's first glyph to the end of its last one
    (blank cells left out), and its rows."""
    grid = label.grid
    tiles = [i for i in range(label.width) if grid[i]]
    w = grid.tile_width
    return grid.x + w * tiles[0], grid.x + w * (tiles[-1] + 1), grid.y, grid.y + grid.tile_height


class Checker:
    def __init__(self, view, lang):
        self.view = view
        self.lang = lang
        self.bad = {}
        self.screens = set()
        self.texts = 0

    def render(self, app, where=None):
        self.view.render(app)
        self.check(app, where)

    def check(self, app, where=None):
        view = self.view
        where = where or (app.mode, app.turn.phase if app.mode == S.TURN and app.turn else None)
        self.screens.add(where)
        if not view.panel.hidden:
            if len(view.wrapped) > S.LINES:
                self.bad["\n".join(view.wrapped)] = (where, "lines")
            for label in view.lines:
                self._fits(label, 4, PANEL_RIGHT, where)
        if app.match is not None and not view.game_group.hidden:
            for label in (view.status, view.hint, view.corner):
                self._fits(label, 0, L.WIDTH, where)
            if view.corner.text.strip() and view.status.text.strip() and view.corner.grid.y == 0:  # (at an end: lower)
                if extent(view.status)[1] >= extent(view.corner)[0]:
                    self.bad[view.status.text + " | " + view.corner.text] = where

    def _fits(self, label, left, right, where):
        if shown(label) != label.text.ljust(label.width):
            self.bad[label.text] = (where, "shown as %r" % shown(label))
            return
        if not label.text.strip():
            return
        self.texts += 1
        x0, x1, y0, y1 = extent(label)
        if x0 < left or x1 > right or y0 < 0 or y1 > L.HEIGHT:
            self.bad[label.text] = (where, x1 - right)


def _detours(app, checker):
    # The screens a bot never asks for: each stone's detail, why each stone
    # cannot be claimed, the pause menu; drawn, then left as they were.
    saved = app.mode, app.trail, app.lines, app.choice, app.detail_stone
    for s in range(N_STONES):
        app.mode, app.detail_stone = S.DETAIL, s
        checker.render(app)
        app.mode, app.lines = S.NOTICE, why.why_not(app, s, app.viewer())  # asked from the detail (A)
        checker.render(app)
    for row in range(len(S.PAUSE_ROWS)):
        app.mode, app.choice = S.PAUSE, row
        checker.render(app)
        app.confirm = S.PAUSE_ROWS[row] if S.PAUSE_ROWS[row] == "restart" else ""  # asking: A again
        checker.render(app)
        app.confirm = ""
    app.mode, app.trail, app.lines, app.choice, app.detail_stone = saved
    checker.render(app)
    if not app.linked():  # a hint: "Thinking...", then its notice
        app.press(buttons.B)
        checker.render(app)
        app.tick(app.now + 10)
        app.tick(app.now + 10)
        checker.render(app)
        app.press(buttons.A)
        checker.render(app)


def _play(runner, checker, seed, every=4, level="medium"):
    app = runner.app
    player = AutoPlayer(level, seed)
    turns = 0
    for _ in range(20000):
        if app.mode == S.MATCH_END:
            return
        if app.mode == S.TURN and app.turn.phase == P.CARD and app.turn.cursor == 0:
            turns += 1
            if turns % every == 1:
                _detours(app, checker)
        b = player.next_button(app)
        runner.step([b] if b else [])
    raise AssertionError("the match did not end")


def _menu(runner, checker):
    app = runner.app
    for opponent in type(app).OPPONENTS:  # (the sim's: its Master too)
        for variant in range(3):
            for auto in (False, True):
                app.opponent, app.variant, app.auto_claim = opponent, variant, auto
                for row in range(len(S.MENU_ROWS)):
                    app.row = row
                    checker.render(app)
    for rounds in S.ROUND_CHOICES:
        app.rounds = rounds
        checker.render(app)
    # The help pages, with each device's controls.
    app.row = S.MENU_ROWS.index("help")
    for controls in range(3):
        app.controls = controls
        app.press(buttons.A)  # (its first page)
        for page in range(9):
            checker.render(app)
            app.press(buttons.RIGHT)
        app.press(buttons.B)
        assert app.mode == S.MENU and S.MENU_ROWS[app.row] == "help"
    # The statistics' pages, every counter at its widest, and the clearing's question.
    from hw.saves import tally

    for i in range(len(app.stats) // 2):
        tally.put(app.stats, i, 65535)
    app.row = S.MENU_ROWS.index("stats")
    app.press(buttons.A)
    for page in range(1 + len(app.OPPONENTS)):
        checker.render(app)
        app.press(buttons.RIGHT)
    app.press(buttons.SELECT)
    checker.render(app)
    app.press(buttons.B)
    app.press(buttons.B)
    assert app.mode == S.MENU and S.MENU_ROWS[app.row] == "stats"
    app.stats[:] = bytes(len(app.stats))


def _link_screens(runner, checker):
    from hw.match.link import Link

    app = runner.app
    app.opponent = "link"
    app.link = Link(app.link_marks)
    for lost in (False, True):
        app.mode, app.link.lost = S.LINKING, lost
        checker.render(app)
    app.link.lost = False
    # A link stopped: the engine's reasons (in English), the longest ones.
    for reason in ("the other board's secret does not match its commitment",
                   "a move out of turn: the Scout's cards must go back first"):
        app.notice([app.t("link_stopped"), reason], S.MENU)
        checker.render(app)


def _save_screens(runner, checker, lang):
    # The offer of a saved match (every opponent, variant, both rows) and
    # the reasons a save is not used, the longest ones.
    from engine.match import Match

    app = runner.app
    for opponent in type(app).OPPONENTS:
        for variant in range(3):
            match = Match(3, 7, variant)
            app.offer_match(match, 0, opponent)
            for row in range(len(S.RESUME_ROWS)):
                app.choice = row
                checker.render(app)
    app.offer = None
    for reason in ("slot 1: bad checksum (an interrupted save?); slot 2: not a save",
                   "save move 117: stone already claimed", "save format 2, this program reads 3"):
        app.notice([words(lang)["save_problem"], reason], S.MENU)
        checker.render(app)


def _tactics_steps(checker, lang):
    # Each card's steps, from the app's tests' set-ups.
    from test_app import pick_card, tactics_turn

    hands = (("R1", "R2", "SC", "ST", "BA", "TR", "JK"), ())
    stones = {0: (["R5", "B9"], ["G3", "O7"]), 1: (["Y2"], ["P4", "B5"]), 4: (["G1"], ["SB", "O2"])}
    for card in ("JK", "SC", "ST", "BA", "TR", "R1"):
        app = tactics_turn(stones, hands=hands)
        app.lang = lang
        checker.render(app)
        for i in range(len(app.hand())):  # each card's name or why not
            app.turn.cursor = i
            checker.render(app)
        app.turn.cursor = 0
        pick_card(app, card)
        for _ in range(12):
            checker.render(app)
            if app.mode != S.TURN:
                break
            if app.turn.phase == P.DEST:  # the discard choice of a Strategist too
                for _ in range(N_STONES + 1):
                    app.press(buttons.RIGHT)
                    checker.render(app)
            app.press(buttons.A)
    # Blocked cards: the limit, a second Joker, no target; and their notices.
    app = tactics_turn({0: (["JK"], [])}, hands=(("R1", "JK", "BA", "BB", "MF", "SP", "SB"), ()), played=(1, 0))
    app.lang = lang
    for i, card in enumerate(app.hand()):
        app.turn.cursor = i
        checker.render(app)
        if card >= 54:
            app.notice([app.turn.why_card(card) or ""], S.TURN)
            checker.render(app)
            app.back()
    # What the opponent's tactic plays say, as long as they get.
    app.message = app.t("moves") % ("TR", "R5", 9, 8) + ", " + app.t("claims") % "1,2,3"
    app.turn.cursor = 0
    checker.render(app)
    # (A Scout's text names the cards put back, or its claims: not both.)
    app.message = app.t("scouted") % (1, 2) + ", " + app.t("put_back") % 2
    checker.render(app)
    app.message = app.t("scouted") % (1, 2) + ", " + app.t("claims") % "1,2,3"
    checker.render(app)
    # A Scout's return: the draw and the nine cards.
    app = tactics_turn(hands=(("R1", "R2", "SC", "O4", "O5", "O6", "Y7"), ()))
    app.lang = lang
    pick_card(app, "SC")
    checker.render(app)
    app.press(buttons.A)
    checker.render(app)
    app.press(buttons.A)
    checker.render(app)
    # The draw step, both piles offered.
    app = tactics_turn(hands=(("R1", "R2", "R3", "O4", "O5", "O6", "Y7"), ()))
    app.lang = lang
    pick_card(app, "R1")
    app.press(buttons.A)
    for _ in range(2):
        checker.render(app)
        app.press(buttons.RIGHT)


def _match(runner, checker, app, seed, level="medium"):
    # A match played through the buttons, every screen on the way checked.
    runner.app = app
    runner.step([buttons.START])
    checker.check(app)
    redraw = runner.redraw

    def checked():
        # The labels are measured as set: no need to refresh the display.
        runner.app.dirty = False
        checker.render(runner.app)

    runner.redraw = checked
    _play(runner, checker, seed, level=level)
    runner.redraw = redraw


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_fits_in_every_language(desk, lang):
    from hw.main import Runner
    from sim.master import DeskApp

    runner = Runner(desk, App(seed=7, lang=lang))
    checker = Checker(runner.view, lang)
    _menu(runner, checker)
    _link_screens(runner, checker)
    _save_screens(runner, checker, lang)
    for seed, opponent, variant, rounds, auto in ((1, "medium", CLASSIC, 2, False), (2, "pass", EXPERT, 1, False),
                                                  (3, "medium", TACTICS, 1, False), (4, "pass", TACTICS, 1, True)):
        app = App(seed=seed, opponent=opponent, variant=variant, rounds=rounds, lang=lang, auto_claim=auto)
        _match(runner, checker, app, seed)
        # A lost link over the board, and the other board's turn.
        from hw.match.link import Link

        app.link = Link(app.link_marks)
        app.turn = P.Turn(app)  # (a turn on the screen: the match's went with its end)
        app.mode, app.link.lost = S.TURN, True
        checker.render(app)
        app.mode, app.link.lost, app.message = S.REMOTE, False, ""
        checker.render(app)
        app.mode = S.MATCH_END
    # The sim's names: its menu, offers, and a match of two rounds and one
    # of one that its Master wins (its name the longest of all).
    runner.app = DeskApp(seed=7, lang=lang)
    _menu(runner, checker)
    _save_screens(runner, checker, lang)
    for seed, variant, rounds in ((5, CLASSIC, 2), (2, TACTICS, 1)):
        app = DeskApp(seed=seed, opponent="master", variant=variant, rounds=rounds, lang=lang, master_playouts=30)
        _match(runner, checker, app, seed, "easy")
        assert [w for w, _, _ in app.match.results].count(1) >= 1  # (its seat: the second)
    _tactics_steps(checker, lang)
    wanted = {(S.MENU, None), (S.LINKING, None), (S.HANDOFF, None), (S.THINKING, None), (S.NOTICE, None),
              (S.DETAIL, None), (S.ROUND_END, None), (S.MATCH_END, None), (S.PAUSE, None), (S.REMOTE, None),
              (S.RESUME, None), (S.HELP, None), (S.HINT, None), (S.STATS, None)}
    wanted |= {(S.TURN, phase) for phase in (P.CARD, P.STONE, P.CLAIM, P.CLAIM_FIRST, P.SCOUT_N, P.TABLE, P.DEST,
                                             P.DRAW_PICK, P.RETURN)}
    assert wanted <= checker.screens, wanted - checker.screens
    assert not checker.bad, "\n".join("%r %r" % item for item in sorted(checker.bad.items()))
    assert checker.texts > 500


def test_the_accented_letters_are_drawn_not_replaced(desk):
    import terminalio

    glyphs = T.Glyphs()
    w, h = glyphs.w, glyphs.h

    def shape(tile):
        return tuple(glyphs.sheet[tile * w + x, y] for y in range(h) for x in range(w))

    # The sheet: the built-in font's printable ASCII, pixel for pixel, then
    # the accented letters; each glyph made when first shown.
    assert (w, h) == (6, 12) and glyphs.sheet.width == w * T.N_GLYPHS
    for tile in range(T.N_GLYPHS):
        assert not any(shape(tile)), T.char(tile)
    for tile in range(T.N_ASCII):
        assert glyphs.tile(T.FIRST + tile) == tile
        glyph = terminalio.FONT.get_glyph(T.FIRST + tile)
        x0 = glyph.tile_index * glyph.width
        assert shape(tile) == tuple(glyph.bitmap[x0 + x, y] for y in range(h) for x in range(w)), T.char(tile)
    for i, c in enumerate(T.ACCENTED):
        assert glyphs.tile(ord(c)) == T.N_ASCII + i and T.char(T.N_ASCII + i) == c
    # Each differs from every ASCII glyph, and no two are the same.
    shapes = {shape(tile) for tile in range(T.N_ASCII)}
    for i, c in enumerate(T.ACCENTED):
        s = shape(T.N_ASCII + i)
        assert any(s) and s not in shapes, c
        shapes.add(s)
    # Beyond ASCII and these letters: a question mark, on a board as in the sim.
    assert glyphs.tile(0xB0) == glyphs.tile(9) == glyphs.tile(ord("?")) == glyphs.tile(0x20AC) == T.UNKNOWN
    assert glyphs.bitmap_bytes() == 12 * 108  # 141 glyphs of 6 x 12 in one row, one bit a pixel


def test_a_label_writes_only_the_tiles_that_change(desk):
    glyphs = T.Glyphs()
    label = T.Label(glyphs, 8, x=3, y=4)

    class Spy:  # the label's TileGrid, counting the tiles written
        def __init__(self, grid):
            self.grid, self.writes = grid, 0

        def __getattr__(self, name):
            return getattr(self.grid, name)

        def __getitem__(self, i):
            return self.grid[i]

        def __setitem__(self, i, tile):
            self.writes += 1
            self.grid[i] = tile

    label.grid = spy = Spy(label.grid)
    assert (label.x, label.y, label.text, shown(label)) == (3, 4, "", " " * 8)
    label.text = "Été"
    assert shown(label) == "Été     " and spy.writes == 3
    label.text = "Été"
    assert spy.writes == 3  # the same text: nothing written
    label.text = "Étés"
    assert shown(label) == "Étés    " and spy.writes == 4
    label.text = "Bonsoir, à demain"  # longer than the label: its first 8 characters
    assert shown(label) == "Bonsoir," and label.text == "Bonsoir, à demain"
    label.text = "Bon°"
    assert shown(label) == "Bon?    "
    label.text = ""
    assert shown(label) == " " * 8
    # One palette per colour, index 0 transparent.
    other = T.Label(glyphs, 2, colour=0xFFD700)
    assert label.grid.pixel_shader is glyphs.palette(0xFFFFFF) is not other.grid.pixel_shader
    assert other.grid.pixel_shader.is_transparent(0) and other.grid.pixel_shader[1] == 0xFFD700


def test_every_character_of_every_language_is_in_the_font():
    import importlib

    from hw.text import ACCENTED

    for lang in LANGUAGES:
        table = importlib.import_module("hw.lang." + lang).T
        for value in table.values():
            for c in value:
                assert 32 <= ord(c) < 127 or c in ACCENTED, (lang, value, c)
    from hw.lang.strings import LANGUAGE_NAMES

    assert all(c in ACCENTED or c.isascii() for c in "".join(LANGUAGE_NAMES))
    for code in TACTIC_CODES:
        assert code.isascii()


def test_a_label_reads_its_text_as_utf8_code_points(desk):
    # Labels walk a text's bytes (a board interns every one-character
    # string it makes): one tile per character, whatever its length in
    # UTF-8, and anything beyond the sheet a question mark.
    assert list(T.codes("aé€¿\U0001F600z".encode())) == [0x61, 0xE9, 0x20AC, 0xBF, 0x1F600, 0x7A]
    glyphs = T.Glyphs()
    label = T.Label(glyphs, 8)
    label.text = "é€¿\U0001F600z"
    assert shown(label) == "é?¿?z   "


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_steps_line_with_the_hint_fits_the_bottom_line(lang):
    # (hw.view's hint line: 26 characters from x 2)
    from hw.view import _LINE_CHARS

    line = App(lang=lang).t("pick_hint")
    assert len(line) <= _LINE_CHARS and "B" in line and 2 + 6 * len(line) <= L.WIDTH - 2


@pytest.mark.parametrize("hints", [True, False])
def test_the_card_step_names_the_hint_key_when_hints_are_on(desk, hints):
    # The first turn, nothing said yet: the bottom line lists the card
    # step's keys, B (the hint) among them when the menu's Hints is on.
    from hw.main import Runner

    app = App(seed=2, opponent="pass", hints=hints)
    runner = Runner(desk, app)
    runner.step([buttons.START])
    while app.mode != S.TURN:
        runner.step([buttons.A])
    runner.step([])
    assert app.turn.phase == P.CARD and not app.message
    assert ("B: hint" in runner.view.hint.text) == hints
    assert runner.view.hint.text == app.t("pick_hint" if hints else "pick_card")
