"""The board's tile sheet and the view's displayio tree, made once at
start (``hw.view`` loads this, calls ``build`` and drops the module: its
code and its patterns are not kept).  Every card face (value, colour, and a colour-blind-safe mark),
empty slots, stones in each state, combat modes and marks, in one row of
tiles, and the frame that the cursor and the other marks draw around a
tile; the tile numbers and colours are ``hw.look``'s.  The tactic cards'
faces show their codes in the app's language: ``hw.view`` loads this
again for a moment to draw them anew (``draw_tactics``) when it changes.  A clan card's
face (colour, border, mark) and its digit are tiles of their own, the digit
on a clear ground, to be shown one above the other; so are a stone and its
combat modes' marks.
"""

import bitmaptools
import displayio
from micropython import const

from engine.game import N_STONES
from hw.look import (BLACK, BOARD_X, BOARD_Y, CARD_COLOURS, CLEAR, FELT, FRAME_H, FRAME_W, GOLD, HAND_Y, HEIGHT, INK,
                     N_TILES, PALETTE, PANEL_X, SEAT_1, SEAT_2, SLOT, STONE_GREY, STONE_ROW, TILE_H, TILE_W, T_BLOCKED,
                     T_CLEAR, T_DIGIT, T_FACE, T_FRESH, T_MODES, T_NEW, T_SLOT, T_STONE, T_TACTIC, T_WIN, WHITE, WIDTH)
from hw.screens import LINES, PANEL_CHARS
from hw.text import Glyphs, Label

# hw.look's private numbers, and hw.view's (tests/test_layers.py holds
# each equal to theirs).
_ROWS = const(9)
_PANEL = const(14)
_T_EMPTY = const(0)
_HAND_MAX = const(9)
_LINE_CHARS = const(26)
# The panel's lines: the first one's top (its 12 rows of glyph cells),
# then one every _LINE_PITCH pixels.
_LINE_Y = const(7)
_LINE_PITCH = const(13)

# Patterns are bytes (rows split at "|", "#" the ink), letters ints: on
# CircuitPython each one-character string would be interned for good.
_INK = const(35)  # "#"

# 5x7 digits 1..9, one string of rows each.
_DIGITS = (
    b"..#..|.##..|..#..|..#..|..#..|..#..|.###.",
    b".###.|#...#|....#|...#.|..#..|.#...|#####",
    b"####.|....#|....#|.###.|....#|....#|####.",
    b"...#.|..##.|.#.#.|#..#.|#####|...#.|...#.",
    b"#####|#....|####.|....#|....#|#...#|.###.",
    b".###.|#....|#....|####.|#...#|#...#|.###.",
    b"#####|....#|...#.|..#..|.#...|.#...|.#...",
    b".###.|#...#|#...#|.###.|#...#|#...#|.###.",
    b".###.|#...#|#...#|.####|....#|....#|.###.",
)
# 3x5 stone numbers 1..9, small enough to sit in a stone between its
# combat modes' marks.
_NUMBERS = (
    b".#.|##.|.#.|.#.|###",
    b"##.|..#|.#.|#..|###",
    b"##.|..#|.#.|..#|##.",
    b"#.#|#.#|###|..#|..#",
    b"###|#..|##.|..#|##.",
    b".##|#..|###|#.#|###",
    b"###|..#|.#.|.#.|.#.",
    b"###|#.#|###|#.#|###",
    b"###|#.#|###|..#|##.",
)
# 4x4 colour marks, so that colours differ by shape too: red X, orange box,
# yellow plus, green slash, blue bars, purple dot.
_MARKS = (
    b"#..#|.##.|.##.|#..#",
    b"####|#..#|#..#|####",
    b".##.|####|####|.##.",
    b"...#|..#.|.#..|#...",
    b"####|....|####|....",
    b"....|.##.|.##.|....",
)


# 5-row letters for the tactic faces' codes (the language tables' "letters",
# after the colours' six:
# English JK SP SB BB MF SC ST BA TR, French JK ES PB CM CB CH ST BA TR,
# Spanish CO ES PE GC BR EX EG BA TR): three columns, but an M and an X of
# five and a K of four, which read as H at three, a G of four, which read
# as C, and an O of four, which read as a 0 (a face's two letters are
# centred together).
_LETTERS = {
    b"J"[0]: b"..#|..#|..#|#.#|.#.",
    b"K"[0]: b"#..#|#.#.|##..|#.#.|#..#",
    b"S"[0]: b".##|#..|.#.|..#|##.",
    b"P"[0]: b"##.|#.#|##.|#..|#..",
    b"B"[0]: b"##.|#.#|##.|#.#|##.",
    b"M"[0]: b"#...#|##.##|#.#.#|#...#|#...#",
    b"F"[0]: b"###|#..|##.|#..|#..",
    b"C"[0]: b".##|#..|#..|#..|.##",
    b"T"[0]: b"###|.#.|.#.|.#.|.#.",
    b"A"[0]: b".#.|#.#|###|#.#|#.#",
    b"R"[0]: b"##.|#.#|##.|#.#|#.#",
    b"E"[0]: b"###|#..|##.|#..|###",
    b"G"[0]: b".###|#...|#.##|#..#|.###",
    b"H"[0]: b"#.#|#.#|###|#.#|#.#",
    b"O"[0]: b".##.|#..#|#..#|#..#|.##.",
    b"X"[0]: b"#...#|.#.#.|..#..|.#.#.|#...#",
}
# A tactic face: elite troops gold, combat modes white, ruses black.
_FACE = ((GOLD, BLACK, BLACK), (WHITE, BLACK, BLACK), (BLACK, WHITE, WHITE))


def _draw(bitmap, x0, y0, pattern, colour):
    y = y0
    for row in pattern.split(b"|"):
        x = x0
        for ch in row:
            if ch == _INK:
                bitmap[x, y] = colour
            x += 1
        y += 1


def _fill(bitmap, x0, y0, w, h, colour):
    bitmaptools.fill_region(bitmap, x0, y0, x0 + w, y0 + h, colour)  # C on a board: no loop of ours


def _outline(bitmap, x0, y0, w, h, colour):
    _fill(bitmap, x0, y0, w, 1, colour)
    _fill(bitmap, x0, y0 + h - 1, w, 1, colour)
    _fill(bitmap, x0, y0, 1, h, colour)
    _fill(bitmap, x0 + w - 1, y0, 1, h, colour)


def make_sheet(codes):
    """The tile sheet: one row of N_TILES tiles of TILE_W x TILE_H; the
    tactic cards' faces with ``codes`` (see ``draw_tactics``)."""
    sheet = displayio.Bitmap(TILE_W * N_TILES, TILE_H, 16)
    sheet.fill(FELT)
    cw = TILE_W - 2  # the card: 15 x 9 at (1, 0)
    ch = TILE_H - 1
    _outline(sheet, T_SLOT * TILE_W + 1, 0, cw, ch, SLOT)
    for colour in range(6):
        # No border: a black one touched the black digits of yellow and
        # orange cards (a 5 read as a 6); the felt around a card shows its edge.
        x = (T_FACE + colour) * TILE_W + 1
        _fill(sheet, x, 0, cw, ch, CARD_COLOURS[colour])
        _draw(sheet, x + 9, 3, _MARKS[colour], INK[colour])
    # Above the faces, clear but for a digit (white, then black) or a stone's
    # combat modes, above and below its number, never beside it (a bar
    # there read as a 1: "17"): a black line along the top (Blind man's
    # bluff, only the sum counts), a dotted one along the bottom (Mud fight).
    _fill(sheet, T_CLEAR * TILE_W, 0, (N_TILES - T_CLEAR) * TILE_W, TILE_H, CLEAR)
    for k in range(18):
        _draw(sheet, (T_DIGIT + k) * TILE_W + 3, 1, _DIGITS[k % 9], BLACK if k >= 9 else WHITE)
    for modes in (1, 2, 3):
        x = (T_MODES + modes) * TILE_W + 1
        if modes & 1:
            _fill(sheet, x + 3, 1, cw - 6, 1, BLACK)
        if modes & 2:
            for i in range(5):
                sheet[x + 3 + 2 * i, ch - 2] = BLACK
    draw_tactics(sheet, codes)
    for state, colour in enumerate((STONE_GREY, SEAT_1, SEAT_2, GOLD)):
        x = (T_STONE + state) * TILE_W + 1
        _fill(sheet, x + 2, 1, cw - 4, ch - 2, colour)
        _outline(sheet, x + 1, 0, cw - 2, ch, BLACK)
    # Above a taken stone, around its number: a white rim (taken by the
    # last move), a gold one twice as thick (one of the stones that won
    # the round).
    _outline(sheet, T_FRESH * TILE_W + 2, 0, cw - 2, ch, WHITE)
    x = T_WIN * TILE_W + 2
    _outline(sheet, x, 0, cw - 2, ch, GOLD)
    _outline(sheet, x + 1, 1, cw - 4, ch - 2, GOLD)
    # Under a card of the hand: a grey arrowhead pointing at it (drawn
    # since its player's last turn), a row of felt below the cursor's
    # white frame, in another colour and shape than any frame.
    x = T_NEW * TILE_W + TILE_W // 2
    for i in range(3):
        _fill(sheet, x - i, 1 + i, 2 * i + 1, 1, STONE_GREY)
    return sheet


def draw_tactics(sheet, codes):
    """The nine tactic cards' faces on ``sheet``, and their blocked faces
    (grey, a slash: not now), each with its two letters of ``codes`` (18
    letters, in engine.cards' order: a language table's "letters" after
    the colours' six)."""
    cw = TILE_W - 2
    ch = TILE_H - 1
    codes = codes.encode()  # letters as ints: no qstr per letter
    for k in range(9):
        group = 0 if k < 3 else 1 if k < 5 else 2
        first, second = _LETTERS[codes[2 * k]], _LETTERS[codes[2 * k + 1]]
        w = first.index(b"|")
        for tile, (paper, ink, edge) in ((T_TACTIC + k, _FACE[group]), (T_BLOCKED + k, (SLOT, STONE_GREY, SLOT))):
            x = tile * TILE_W + 1
            _fill(sheet, x, 0, cw, ch, paper)
            _outline(sheet, x, 0, cw, ch, edge)
            left = x + (cw - w - 2 - second.index(b"|")) // 2
            _draw(sheet, left, 2, first, ink)
            _draw(sheet, left + w + 2, 2, second, ink)
            if tile >= T_BLOCKED:  # a slash: not now
                for i in range(ch - 2):
                    sheet[x + 2 + i + i // 2, ch - 2 - i] = ink


def make_numbers():
    """The stones' numbers, each in the middle of its stone's tile: one
    bitmap the width of the stones' row, one bit a pixel (1 the ink)."""
    numbers = displayio.Bitmap(9 * TILE_W, TILE_H, 2)
    for s in range(9):
        _draw(numbers, s * TILE_W + 7, 2, _NUMBERS[s], 1)
    return numbers


def make_frame():
    """The frame drawn around a tile (1 its pixels, 0 clear): FRAME_W x
    FRAME_H, over the felt between tiles."""
    frame = displayio.Bitmap(FRAME_W, FRAME_H, 2)
    _fill(frame, 0, 0, 2, FRAME_H, 1)
    _fill(frame, FRAME_W - 2, 0, 2, FRAME_H, 1)
    _fill(frame, 0, 0, FRAME_W, 1, 1)
    _fill(frame, 0, FRAME_H - 1, FRAME_W, 1, 1)
    return frame


def build(view, codes):
    """``view``'s displayio tree (``hw.view``'s View): its palette, the tile
    sheet (the tactic cards' faces with ``codes``), the grids of the board
    and the hand, the frames, the top and bottom lines, the panel and its
    lines; and the tiles each card shows."""
    palette = displayio.Palette(16)
    for i, colour in enumerate(PALETTE):
        palette[i] = colour
    palette.make_transparent(CLEAR)
    view.palette = palette
    view.sheet = sheet = make_sheet(codes)

    def grid(width, height, x, y, tile=_T_EMPTY):
        return displayio.TileGrid(sheet, pixel_shader=palette, width=width, height=height,
                                  tile_width=TILE_W, tile_height=TILE_H, default_tile=tile, x=x, y=y)

    view.root = root = displayio.Group()
    # The felt: one pixel, scaled over the whole screen.
    felt_palette = displayio.Palette(1)
    felt_palette[0] = PALETTE[FELT]
    felt = displayio.Group(scale=WIDTH)
    felt.append(displayio.TileGrid(displayio.Bitmap(1, 1, 1), pixel_shader=felt_palette))
    root.append(felt)
    # The board: 9 stones x (4 opponent rows, the stone, 4 own rows).
    # Each in two layers (a card's face, its digit above); the tactics
    # discard pile's top card left of the hand.
    view.board = grid(N_STONES, _ROWS, BOARD_X, BOARD_Y)
    view.board_top = grid(N_STONES, _ROWS, BOARD_X, BOARD_Y, T_CLEAR)
    # The stones' numbers, between the stones and their marks: one
    # bitmap, black on clear.
    ink = displayio.Palette(2)
    ink[1] = PALETTE[BLACK]
    ink.make_transparent(0)
    numbers = displayio.TileGrid(make_numbers(), pixel_shader=ink, x=BOARD_X, y=BOARD_Y + STONE_ROW * TILE_H)
    view.hand = grid(_HAND_MAX, 2, BOARD_X, HAND_Y)  # (its second row: the bars under new cards)
    view.hand_top = grid(_HAND_MAX, 1, BOARD_X, HAND_Y, T_CLEAR)
    view.discard = grid(1, 1, 0, HAND_Y)
    view.discard_top = grid(1, 1, 0, HAND_Y, T_CLEAR)
    # Frames around a tile: the cursor (white); and one in gold around
    # the card being played (in a Traitor's or Strategist's last step,
    # the card it moves), else around the last move's card in its
    # player's colour.
    frame = make_frame()
    view.frames = []
    view.mark_colour = displayio.Palette(2)
    for shader in (displayio.Palette(2), view.mark_colour):
        shader[1] = PALETTE[WHITE]
        shader.make_transparent(0)
        view.frames.append(displayio.TileGrid(frame, pixel_shader=shader))
    view.cursor = view.frames[0]
    # A card's tiles: its face (card), and what its upper layer shows
    # (63 + card).
    view.tiles = tiles = bytearray(126)
    for card in range(63):
        if card < 54:
            tiles[card] = T_FACE + card // 9
            tiles[63 + card] = T_DIGIT + (9 if INK[card // 9] == BLACK else 0) + card % 9
        else:
            tiles[card] = T_TACTIC + card - 54
            tiles[63 + card] = T_CLEAR
    view.glyphs = glyphs = Glyphs()
    # The top line: the status from the left, the corner's text ending
    # at the right (its x moves with its length); the hint line.
    view.status = Label(glyphs, _LINE_CHARS, x=2)
    view.corner = Label(glyphs, _LINE_CHARS)
    view.hint = Label(glyphs, _LINE_CHARS, x=2, y=HEIGHT - 13)
    view.game_group = game = displayio.Group()
    for item in (view.board, numbers, view.board_top, view.hand, view.hand_top, view.discard, view.discard_top,
                 view.frames[1], view.cursor, view.status.grid, view.corner.grid, view.hint.grid):
        game.append(item)
    root.append(game)
    # A panel over the board for menus, notices and summaries; its
    # background a 2x2 bitmap scaled by 76 (152 x 152, clipped).
    view.panel = panel = displayio.Group()
    panel_palette = displayio.Palette(1)
    panel_palette[0] = PALETTE[_PANEL]
    backing = displayio.Group(scale=(WIDTH - 2 * PANEL_X) // 2, x=PANEL_X, y=4)
    backing.append(displayio.TileGrid(displayio.Bitmap(2, 2, 1), pixel_shader=panel_palette))
    panel.append(backing)
    view.lines = []
    for i in range(LINES):
        line = Label(glyphs, PANEL_CHARS, x=PANEL_X + (WIDTH - 2 * PANEL_X - PANEL_CHARS * glyphs.w) // 2,
                     y=_LINE_Y + _LINE_PITCH * i)  # (in the middle: as much felt each side)
        view.lines.append(line)
        panel.append(line.grid)
    root.append(panel)
