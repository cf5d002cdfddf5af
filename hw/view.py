"""What the app looks like: displayio groups drawn from the app's state.

One tile sheet, made once at start, holds every card face (value, colour,
and a colour-blind-safe mark), empty slots, stones and the cursor; the
board is a TileGrid of those tiles, so an update only swaps tile indices.
Text is ``hw.text``'s: each line a TileGrid of one row of cells over one
1-bit glyph sheet (the built-in font's ASCII and the accented letters made
from it), so a new text too only swaps tile indices.  The same code runs
on a board and in the sim.
"""

import displayio
from micropython import const

from engine.cards import STRATEGIST, TACTIC_CODES
from engine.game import LANGUAGES, N_STONES, NOBODY, TACTICS, VARIANTS
from hw import app as A
from hw import turn as T
from hw import words
from hw.strings import LANGUAGE_NAMES
from hw.text import Glyphs, Label

WIDTH = const(160)
HEIGHT = const(128)
TILE_W = const(17)
TILE_H = const(10)
BOARD_X = const(3)
BOARD_Y = const(11)
_ROWS = const(9)  # four places of the opponent's (a Mud fight's fourth on top), the stone, four of yours
STONE_ROW = const(4)
HAND_Y = const(BOARD_Y + _ROWS * TILE_H + 1)
_HAND_MAX = const(9)  # seven cards, nine while a Scout's cards go back
LINES = const(9)  # text lines of a panel
_LINE_Y = const(7)  # the first line's top (its 12 rows of glyph cells), then one every _LINE_PITCH pixels
_LINE_PITCH = const(13)
PANEL_X = const(4)  # the panel's background: x 4 to 156
_PANEL_CHARS = const(24)  # characters of the built-in font (6 pixels each) on a panel line, from x 10
_LINE_CHARS = const(26)  # on the top line (the status and the corner) and the hint line, from x 2
_HINT_Y = const(HEIGHT - 13)  # the hint line's top

# Palette indices.
FELT = const(0)
SLOT = const(1)
BLACK = const(2)
WHITE = const(3)
CARD_COLOURS = (4, 5, 6, 7, 8, 9)  # red, orange, yellow, green, blue, purple
GOLD = const(10)
MINE = const(11)
THEIRS = const(12)
STONE_GREY = const(13)
_PANEL = const(14)
CLEAR = const(15)
PALETTE = (0x1B4D2B, 0x2F6B42, 0x000000, 0xFFFFFF, 0xD62828, 0xF28C28, 0xF2D94E, 0x3A9D23, 0x2F6FD6,
           0x9B4DCA, 0xFFD700, 0x4FA3FF, 0xFF6B5B, 0xA0A0A0, 0x102A18, 0x000000)
# The digit's colour on each card colour, for contrast.
INK = (WHITE, BLACK, BLACK, WHITE, WHITE, WHITE)

# Tiles of the sheet.  A clan card is two layers: its colour's face (the
# colour, its border and its mark) and, on the layer above, its value's
# digit in the ink that colour takes; a stone is its state, with its combat
# modes' marks above.  So 54 tiles of faces need 6 plus 18 digits.
_T_EMPTY = const(0)
T_SLOT = const(1)
T_FACE = const(2)  # + colour: the six clan colours' faces
T_TACTIC = const(8)  # + card - 54: the 9 tactic faces
T_BLOCKED = const(17)  # + card - 54: a tactic card that cannot be played now
T_STONE = const(26)  # + state: plain, mine, theirs, claimable, claimed
_T_STONE_MINE = const(27)
_T_STONE_THEIRS = const(28)
_T_STONE_CLAIMABLE = const(29)
_T_STONE_CLAIMED = const(30)
T_CURSOR = const(31)
T_CLEAR = const(32)  # nothing: the upper layer where the lower says all
T_DIGIT = const(33)  # + 9 * ink (0 white, 1 black) + value - 1
T_MODES = const(50)  # + combat modes (1: Blind man's bluff, 2: Mud fight, 3: both)
N_TILES = const(54)


def _made_sheet():
    # hw.sheet draws the tiles once, at start; its code then goes back to
    # the heap.
    from engine import unload
    from hw.sheet import make_sheet

    sheet = make_sheet()
    unload("hw.sheet")
    return sheet


def wrap(line, width=_PANEL_CHARS):
    """``line`` cut at spaces into lines of at most ``width`` characters,
    the ones after the first indented by two."""
    out = []
    while len(line) > width:
        cut = line.rfind(" ", 3, width + 1)
        if cut < 0:
            cut = width
        out.append(line[:cut])
        line = "  " + line[cut:].lstrip()
    out.append(line)
    return out


class View:
    def __init__(self):
        palette = displayio.Palette(16)
        for i, colour in enumerate(PALETTE):
            palette[i] = colour
        palette.make_transparent(CLEAR)
        self.palette = palette
        self.sheet = _made_sheet()
        self.root = displayio.Group()
        # The felt: one pixel, scaled over the whole screen.
        bg = displayio.Bitmap(1, 1, 1)
        bg_palette = displayio.Palette(1)
        bg_palette[0] = PALETTE[FELT]
        felt = displayio.Group(scale=WIDTH)
        felt.append(displayio.TileGrid(bg, pixel_shader=bg_palette))
        self.root.append(felt)
        # The board: 9 stones x (4 opponent rows, the stone, 4 own rows).
        # Each in two layers (a card's face, its digit above); the tactics
        # discard pile's top card left of the hand.
        grid = self._grid
        self.board = grid(N_STONES, _ROWS, BOARD_X, BOARD_Y)
        self.board_top = grid(N_STONES, _ROWS, BOARD_X, BOARD_Y, T_CLEAR)
        self.hand = grid(_HAND_MAX, 1, BOARD_X, HAND_Y)
        self.hand_top = grid(_HAND_MAX, 1, BOARD_X, HAND_Y, T_CLEAR)
        self.discard = grid(1, 1, 0, HAND_Y)
        self.discard_top = grid(1, 1, 0, HAND_Y, T_CLEAR)
        self.cursor = grid(1, 1, 0, 0)
        self.cursor[0] = T_CURSOR
        # A card's tiles: its face (card), and what its upper layer shows
        # (63 + card).
        self.tiles = tiles = bytearray(126)
        for card in range(63):
            if card < 54:
                tiles[card] = T_FACE + card // 9
                tiles[63 + card] = T_DIGIT + (9 if INK[card // 9] == BLACK else 0) + card % 9
            else:
                tiles[card] = T_TACTIC + card - 54
                tiles[63 + card] = T_CLEAR
        self.glyphs = glyphs = Glyphs()
        # The top line: the status from the left, the corner's text ending
        # at the right (its x moves with its length).
        self.status = Label(glyphs, _LINE_CHARS, x=2)
        self.corner = Label(glyphs, _LINE_CHARS)
        self.hint = Label(glyphs, _LINE_CHARS, x=2, y=_HINT_Y)
        self.game_group = displayio.Group()
        for item in (self.board, self.board_top, self.hand, self.hand_top, self.discard, self.discard_top,
                     self.cursor, self.status.grid, self.corner.grid, self.hint.grid):
            self.game_group.append(item)
        self.root.append(self.game_group)
        # A panel over the board for menus, notices and summaries.
        self.panel = displayio.Group()
        # Its background: a 2x2 bitmap scaled by 38 (152 x 152, clipped).
        panel_bg = displayio.Bitmap(2, 2, 1)
        panel_palette = displayio.Palette(1)
        panel_palette[0] = PALETTE[_PANEL]
        backing = displayio.Group(scale=(WIDTH - 2 * PANEL_X) // 2, x=PANEL_X, y=4)
        backing.append(displayio.TileGrid(panel_bg, pixel_shader=panel_palette))
        self.panel.append(backing)
        self.lines = []
        for i in range(LINES):
            line = Label(glyphs, _PANEL_CHARS, x=10, y=_LINE_Y + _LINE_PITCH * i)
            self.lines.append(line)
            self.panel.append(line.grid)
        self.root.append(self.panel)
        # What the last render showed on the panel, for tests and shots:
        # its lines, and as drawn (long ones wrapped).
        self.shown = []
        self.wrapped = []

    def _grid(self, width, height, x, y, tile=_T_EMPTY):
        return displayio.TileGrid(self.sheet, pixel_shader=self.palette, width=width, height=height,
                                  tile_width=TILE_W, tile_height=TILE_H, default_tile=tile, x=x, y=y)

    # -- drawing -----------------------------------------------------------

    def render(self, app):
        panel = self._panel_text(app)
        if panel is not None:
            self._show_panel(panel)
        else:
            self.panel.hidden = True
            self.shown = []
        self.game_group.hidden = app.match is None or panel is not None
        if app.match is not None:
            self._board(app)

    def _show_panel(self, lines):
        self.panel.hidden = False
        wrapped = []
        for line in lines:
            wrapped += wrap(line)
        for i in range(LINES):
            self.lines[i].text = wrapped[i] if i < len(wrapped) else ""
        self.shown = list(lines)
        self.wrapped = wrapped

    def _panel_text(self, app):
        mode = app.mode
        t = app.t
        if mode == A.MENU:
            values = (t(app.opponent),
                      t(VARIANTS[app.variant]),
                      str(app.rounds),
                      LANGUAGE_NAMES[LANGUAGES.index(app.lang)],
                      t("on" if app.auto_claim else "off"),
                      "")
            lines = [t("title")]
            for i, key in enumerate(A.MENU_ROWS):
                mark = ">" if i == app.row else " "
                label = t(key)
                lines.append("%s%s %s" % (mark, label, values[i]) if values[i] else mark + label)
            if app.opponent == "link":
                lines += ["", "(" + t("link") + ": " + t("not_connected") + ")"]
            return lines
        if app.link_lost and mode in (A.TURN, A.REMOTE):
            return ["", t("link_lost"), "", t("give_up")]
        if mode == A.LINKING:
            lines = ["", t("waiting_link"), t("other_board")]
            if app.link_lost:
                lines += ["", t("link_lost")]
            return lines
        if mode == A.RESUME:
            match = app.offer
            game = match.game
            return [t("saved_game"), "",
                    t(VARIANTS[game.variant]) + ", " + t("round") % (
                        min(match.round_number(), match.rounds), match.rounds),
                    t(app.opponent), t("move_n") % (game.move_count() + 1), ""] + [
                (">" if i == app.row else " ") + t(k) for i, k in enumerate(A.RESUME_ROWS)]
        if mode == A.PAUSE:
            return [t("paused"), ""] + [(">" if i == app.row else " ") + t("confirm_" + k if k == app.confirm else k)
                                        for i, k in enumerate(A.PAUSE_ROWS)]
        if mode == A.HANDOFF:
            return ["", t("hand_to"), t("to_player") % (app.game.to_move + 1), "", t("press_a")]
        if mode == A.NOTICE:
            return list(app.lines) + ["", t("press_a")]
        if mode == A.DETAIL:
            return words.detail(app, app.detail_stone)
        if mode in (A.ROUND_END, A.MATCH_END):
            match = app.match
            w, s0, s1 = match.results[-1]
            lines = []
            if mode == A.ROUND_END:
                lines.append(self._won(app, w, "round"))
                lines.append(t("stones") % (s0, s1))
            else:
                lines.append(self._won(app, match.winner(), "match"))
            if match.rounds > 1:
                lines.append(t("round") % (len(match.results), match.rounds))
                score = "%s %d - %d %s" % (app.name(0), match.scores[0], match.scores[1], app.name(1))
                if len(score) > _PANEL_CHARS:
                    score = "%s %d - %d %s" % (app.short_name(0), match.scores[0], match.scores[1], app.short_name(1))
                lines.append(score)
            lines += ["", t("press_a")]
            return lines
        return None

    @staticmethod
    def _won(app, w, what):
        t = app.t
        if w not in (0, 1):
            return t(what + "_drawn")
        if app.opponent != "pass" and w == app.me():
            return t("you_win_" + what)
        return t(what + "_won") % app.name(w)

    def _board(self, app):
        game = app.game
        me = app.viewer()
        them = 1 - me
        board = self.board
        top = self.board_top
        tactics = game.variant == TACTICS
        turn = app.mode == A.TURN
        phase = app.turn.phase
        highlight = 0
        pending = 0
        if turn and phase in (T.CLAIM, T.CLAIM_FIRST):
            highlight = app.turn.claimable
            pending = app.turn.claims
        elif game.winner == NOBODY and game.to_move == me:
            highlight = game.claimable(me)
        for s in range(N_STONES):
            theirs = game.cards_at(s, them)
            mine = game.cards_at(s, me)
            places = game.cap(s) if tactics else 3
            for k in range(4):
                self._place(s, 3 - k, theirs, k, places)
                self._place(s, 5 + k, mine, k, places)
            owner = game.owner[s]
            if owner == me:
                tile = _T_STONE_MINE
            elif owner == them:
                tile = _T_STONE_THEIRS
            elif pending >> s & 1:
                tile = _T_STONE_CLAIMED
            elif highlight >> s & 1:
                tile = _T_STONE_CLAIMABLE
            else:
                tile = T_STONE
            board[s, STONE_ROW] = tile
            modes = game.mode[s] if tactics else 0
            top[s, STONE_ROW] = T_MODES + modes if modes else T_CLEAR
        hand = app.hand()
        n = len(hand)
        blocked = app.turn.blocked() if turn and phase == T.CARD and game.to_move == me else 0
        self.hand.x = self.hand_top.x = (WIDTH - n * TILE_W) // 2
        tiles = self.tiles
        for i in range(_HAND_MAX):
            card = hand[i] if i < n else -1
            if card < 0:
                self.hand[i] = _T_EMPTY
                self.hand_top[i] = T_CLEAR
            elif card >= 54 and blocked >> (card - 54) & 1:
                self.hand[i] = T_BLOCKED + card - 54
                self.hand_top[i] = T_CLEAR
            else:
                self.hand[i] = tiles[card]
                self.hand_top[i] = tiles[63 + card]
        # The discard's top card (tactics), when the hand leaves room.
        self.discard.hidden = self.discard_top.hidden = not tactics or n > 7
        if tactics:
            card = game.discard[game.discard_n - 1] if game.discard_n else -1
            self.discard[0] = tiles[card] if card >= 0 else T_SLOT
            self.discard_top[0] = tiles[63 + card] if card >= 0 else T_CLEAR
        # The cursor: on the hand while choosing a card, on a card of the
        # table for a ruse, else on a stone (none for a Scout's count, the
        # draw, or a Strategist's discard).
        self.cursor.hidden = not turn or phase in (T.SCOUT_N, T.DRAW_PICK) or (
            phase == T.DEST and app.turn.dest >= N_STONES)
        if turn and phase in (T.CARD, T.RETURN):
            self.cursor.x = self.hand.x + app.turn.cursor * TILE_W
            self.cursor.y = HAND_Y
        elif turn and phase == T.TABLE:
            self.cursor.x = BOARD_X + app.turn.stone_cursor * TILE_W
            mine_ = app.turn.card == STRATEGIST
            row = (5 + app.turn.slot) if mine_ else (3 - app.turn.slot)
            self.cursor.y = BOARD_Y + row * TILE_H
        else:
            stone = app.turn.dest if turn and phase == T.DEST else app.turn.stone_cursor
            self.cursor.x = BOARD_X + stone * TILE_W
            self.cursor.y = BOARD_Y + STONE_ROW * TILE_H
        t = app.t
        # Left: who is to move (*), the stones won; right: the pile, and
        # the match score in a match.  Tactics: the tactic pile too, and
        # "!" after a player the limit keeps from tactic cards.
        mover = game.to_move
        signs = ["", ""]
        if tactics:
            for p in (0, 1):
                signs[p] = "!" if not game.may_play_tactic(p) else ""
        status = "%s%s%s %d-%d %s%s%s" % ("*" if mover == me else "", app.short_name(me), signs[me], game.owned[me],
                                          game.owned[them], "*" if mover == them else "", app.short_name(them),
                                          signs[them])
        right = t("pile") % game.pile_size()
        if tactics:
            right = t("pile_t") % game.tactic_pile_size() + " " + right
        match = app.match
        if match.rounds > 1:
            right = "%d:%d %s" % (match.scores[me], match.scores[them], right)
        hint = self._hint(app, turn, phase)
        step = self._step(app, turn, phase) if tactics else None
        if step is not None:
            status, right = step, ""
        self.status.text = status
        self.corner.text = right
        self.corner.x = WIDTH - 2 - self.glyphs.w * len(right)
        self.hint.text = hint

    def _place(self, s, row, cards, k, places):
        # One place of the board: a card (face and digit), a free slot, or
        # nothing (beyond a stone's places).
        if k < len(cards):
            card = cards[k]
            self.board[s, row] = self.tiles[card]
            self.board_top[s, row] = self.tiles[63 + card]
        else:
            self.board[s, row] = T_SLOT if k < places else _T_EMPTY
            self.board_top[s, row] = T_CLEAR

    @staticmethod
    def _step(app, turn, phase):
        # The top line during a tactics step: what to choose.
        if not turn:
            return None
        t = app.t
        name = TACTIC_CODES[app.turn.card - 54] if 54 <= app.turn.card < 63 else ""
        if phase == T.STONE and app.turn.card >= 54:
            return t("step_stone") % name
        if phase == T.SCOUT_N:
            return t("step_scout")
        if phase == T.TABLE:
            return t("step_mine" if app.turn.card == STRATEGIST else "step_theirs") % name
        if phase == T.DEST:
            return t("step_dest") % name
        if phase == T.DRAW_PICK:
            return t("step_draw")
        if phase == T.RETURN:
            return t("step_return") % (app.game.returns - len(app.turn.picked))
        return None

    @staticmethod
    def _hint(app, turn, phase):
        t = app.t
        game = app.game
        if app.link_lost:
            return t("link_lost")
        if app.mode == A.THINKING:
            return t("thinking")
        if app.mode == A.REMOTE:
            return app.message or t("their_turn")
        if turn and phase == T.STONE:
            return t("pick_stone")
        if turn and phase in (T.CLAIM, T.CLAIM_FIRST):
            return t("pick_claims")
        if turn and phase == T.SCOUT_N:
            return t("scout_keys") % (app.turn.scout_n, app.turn.scout_total() - app.turn.scout_n)
        if turn and phase == T.TABLE:
            return t("pick_keys")
        if turn and phase == T.DEST:
            return t("dest_discard") if app.turn.dest >= N_STONES else t("pick_stone")
        if turn and phase == T.DRAW_PICK:
            marks = (">", " ") if app.turn.pile == 0 else (" ", ">")
            return t("draw_keys") % (marks[0], game.pile_size(), marks[1], game.tactic_pile_size())
        if turn and phase == T.RETURN:
            return t("return_keys")
        if turn and phase == T.CARD and game.variant == TACTICS:
            # On a tactic card that cannot be played now: why (before the
            # last move's text); on one that can: its name, if nothing
            # else is to be said.
            hand = app.hand()
            card = hand[app.turn.cursor] if app.turn.cursor < len(hand) else 0
            if card >= 54:
                why = app.turn.why_card(card)
                if why or not app.message:
                    return why or t("name_" + TACTIC_CODES[card - 54])
        if app.message:
            return app.message
        return t("pick_card")
