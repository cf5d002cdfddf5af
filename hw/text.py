"""Text on screen: one 1-bit glyph sheet, and labels that are TileGrids over it.

A label of a text library keeps a bitmap of its own and redraws it for each
new text.  Here every label shares one sheet of glyphs, 6 x 12 pixels each
with 1 bit a pixel: the printable ASCII ones, copied from the built-in
font's own pixels (``terminalio.FONT``), then the accented letters French
and Spanish need, which a board's built-in font lacks: the plain letter
with a mark of ours drawn above it (a cedilla below); "¿" and "¡" are "?"
and "!" turned upside down.  So the accented letters match the built-in
ones on any board, and no font file is shipped or loaded.  Each glyph is
copied or made the first time it is shown.

A ``Label`` is a TileGrid of one row of cells over the sheet, as many as
its longest text: setting its text writes tile indices, nothing more.
Any other character shows as "?" (the same on a board and in the sim,
whose stand-in font knows more).

Texts are read as their UTF-8 bytes, never character by character: on
CircuitPython each one-character string a loop or an index makes is
interned for good (a qstr), and the qstr pools grow by doubling.
"""

import displayio
import terminalio
from micropython import const

try:
    from typing import Any  # noqa: F401  (type comments only; boards lack typing)
except ImportError:
    pass

# Accented letter -> its plain letter and mark.
ACCENTED = "àâäáéèêëíìîïóòôöúùûüñçÀÂÄÁÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇ¿¡"
_PLAIN = b"aaaaeeeeiiiioooouuuuncAAAAEEEEIIIIOOOOUUUUNC?!"
_MARK = b"GCDAAGCDAGCDAGCDAGCDTZGCDAAGCDAGCDAGCDAGCDTZII"
# Marks, 5 x 2 pixels, drawn in the two rows above the letter (a cedilla:
# the two rows under the baseline).  A acute, G grave, C circumflex,
# D diaeresis, T tilde, Z cedilla; I: the plain glyph upside down.
_MARKS = {
    b"A"[0]: b"...#.|..#..",
    b"G"[0]: b".#...|..#..",
    b"C"[0]: b"..#..|.#.#.",
    b"D"[0]: b".#.#.|.#.#.",
    b"T"[0]: b"..#.#|.#.#.",
    b"Z"[0]: b"..#..|.#...",
}
_UPSIDE_DOWN = const(73)  # "I"
_CEDILLA = const(90)  # "Z"
_SMALL = const(97)  # "a": the plain letters from here on are small
_INK = const(35)  # "#" in a mark
# (Letters as bytes, b"A"[0], and code points as ints: on CircuitPython
# every one-character string is interned for good, a qstr.)

# The sheet's glyphs: ASCII from " " (tile 0, blank) to "~", then ACCENTED.
FIRST = const(32)
N_ASCII = const(95)
N_GLYPHS = N_ASCII + len(ACCENTED)
UNKNOWN = const(31)  # "?"
_LATIN = const(0xA0)  # the accented letters' code points are 0xA0..0xFF


def codes(data):
    """The code points of UTF-8 ``data`` (bytes), one at a time."""
    k = 0
    n = len(data)
    while k < n:
        b = data[k]
        k += 1
        if b >= 0xC0:  # a lead byte: its continuation bytes follow
            b &= 0x1F if b < 0xE0 else 0x0F if b < 0xF0 else 0x07
            while k < n and data[k] & 0xC0 == 0x80:
                b = b << 6 | data[k] & 0x3F
                k += 1
        yield b


def _latin_tiles():
    # Code point 0xA0 + i -> its tile (0: none).
    tiles = bytearray(0x100 - _LATIN)
    for i, code in enumerate(codes(ACCENTED.encode())):
        tiles[code - _LATIN] = N_ASCII + i
    return tiles


_TILES = _latin_tiles()


def char(tile):
    """The character a tile of the sheet shows (for tests and tools)."""
    return chr(FIRST + tile) if tile < N_ASCII else ACCENTED[tile - N_ASCII]


class Glyphs:
    """The glyph sheet, and one palette a text colour."""

    def __init__(self, base=None):
        self.base = base or terminalio.FONT
        box = self.base.get_bounding_box()
        self.w = box[0]
        self.h = box[1]
        # Rows of the cell: the top of the small letters ("x"), the top of
        # the capitals ("E"), the baseline (the last row of "x").
        self.x_top, self.baseline = self._ink_rows(b"x"[0])
        self.cap_top = self._ink_rows(b"E"[0])[0]
        self.sheet = displayio.Bitmap(self.w * N_GLYPHS, self.h, 2)
        self.made = bytearray(N_GLYPHS)  # 1: the tile holds its glyph
        self.made[0] = 1  # a space: the sheet's blank
        self.palettes = {}

    def palette(self, colour):
        """The palette of text in ``colour``: 0 transparent, 1 the ink."""
        palette = self.palettes.get(colour)
        if palette is None:
            palette = displayio.Palette(2)
            palette[1] = colour
            palette.make_transparent(0)
            self.palettes[colour] = palette
        return palette

    def tile(self, code):
        """The tile of code point ``code``, its glyph made if not yet."""
        if FIRST <= code < FIRST + N_ASCII:
            i = code - FIRST
        elif _LATIN <= code < 0x100 and _TILES[code - _LATIN]:
            i = _TILES[code - _LATIN]
        else:
            i = UNKNOWN
        if not self.made[i]:
            self._make(i)
        return i

    def bitmap_bytes(self):
        """The sheet's pixels in RAM (1 bit each, rows in 32-bit words)."""
        return (self.sheet.width + 31) // 32 * 4 * self.sheet.height

    # -- making a glyph -------------------------------------------------------

    def _pixels(self, codepoint):
        # A glyph of the built-in font, as rows of 0 and 1.
        glyph = self.base.get_glyph(codepoint)  # type: Any
        x0 = glyph.tile_index * glyph.width  # the glyph's cell in the font's bitmap
        bitmap = glyph.bitmap
        return [[bitmap[x0 + x, y] for x in range(glyph.width)] for y in range(glyph.height)]

    def _ink_rows(self, codepoint):
        rows = [y for y, row in enumerate(self._pixels(codepoint)) if any(row)]
        return rows[0], rows[-1]

    def _make(self, i):
        self.made[i] = 1
        w, h = self.w, self.h
        if i < N_ASCII:
            pixels = self._pixels(FIRST + i)
        else:
            pixels = self._accented(i - N_ASCII)
        sheet = self.sheet
        x0 = i * w
        for y in range(h):
            row = pixels[y]
            for x in range(w):
                if row[x]:
                    sheet[x0 + x, y] = 1

    def _accented(self, i):
        # The pixels of ACCENTED[i]: its plain letter's, with the mark.
        pixels = self._pixels(_PLAIN[i])
        mark = _MARK[i]
        w, h = self.w, self.h
        small = _PLAIN[i] >= _SMALL
        if mark == _UPSIDE_DOWN:  # within the capitals' rows
            top, bottom = self.cap_top, self.baseline
            pixels = [pixels[top + bottom - y] if top <= y <= bottom else [0] * w for y in range(h)]
            return [row[w - 2::-1] + row[w - 1:] for row in pixels]
        top = self.x_top if small else self.cap_top
        if small:  # no dot over an i
            for y in range(top):
                pixels[y] = [0] * w
        y0 = self.baseline + 1 if mark == _CEDILLA else top - 2
        for dy, row in enumerate(_MARKS[mark].split(b"|")):
            for x, c in enumerate(row):
                if c == _INK and 0 <= y0 + dy < h and x < w:
                    pixels[y0 + dy][x] = 1
        return pixels


class Label:
    """A line of at most ``width`` characters, its first cell's top left
    corner at (``x``, ``y``); ``grid`` is what goes into a Group.  A longer
    text shows its first ``width`` characters."""

    def __init__(self, glyphs, width, x=0, y=0, colour=0xFFFFFF):
        self.glyphs = glyphs
        self.width = width
        self.grid = displayio.TileGrid(glyphs.sheet, pixel_shader=glyphs.palette(colour), width=width, height=1,
                                       tile_width=glyphs.w, tile_height=glyphs.h, x=x, y=y)
        self._text = ""

    @property
    def x(self):
        return self.grid.x

    @x.setter
    def x(self, x):
        self.grid.x = x

    @property
    def y(self):
        return self.grid.y

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, text):
        if text == self._text:
            return
        self._text = text
        grid = self.grid
        tile = self.glyphs.tile
        width = self.width
        i = 0
        for code in codes(text.encode()):
            if i == width:
                break
            t = tile(code)
            if grid[i] != t:
                grid[i] = t
            i += 1
        while i < width:
            if grid[i]:
                grid[i] = 0
            i += 1
