"""The built-in font, with the accented letters French and Spanish need.

A board's ``terminalio.FONT`` holds ASCII only.  ``Font`` answers like it
(``get_bounding_box``, ``get_glyph``) and makes each accented letter the
first time it is asked for: the plain letter, copied from the built-in
font's own pixels, with a mark of ours drawn above it (a cedilla below),
into one small 1-bit tile sheet.  So the accented letters match the
built-in ones on any board, and no font file is shipped or loaded.
"¿" and "¡" are "?" and "!" turned upside down.  Any other character
beyond ASCII shows as "?" (the same on the board and in the sim, whose
stand-in font knows more).
"""

import displayio
import terminalio
from fontio import Glyph

try:
    from typing import Any  # noqa: F401  (type comments only; boards lack typing)
except ImportError:
    pass

# Accented letter -> its plain letter and mark.
ACCENTED = "àâäáéèêëíìîïóòôöúùûüñçÀÂÄÁÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇ¿¡"
_PLAIN = "aaaaeeeeiiiioooouuuuncAAAAEEEEIIIIOOOOUUUUNC?!"
_MARK = "GCDAAGCDAGCDAGCDAGCDTZGCDAAGCDAGCDAGCDAGCDTZII"
# Marks, 5 x 2 pixels, drawn in the two rows above the letter (a cedilla:
# the two rows under the baseline).  A acute, G grave, C circumflex,
# D diaeresis, T tilde, Z cedilla; I: the plain glyph upside down.
_MARKS = {
    "A": "...#.|..#..",
    "G": ".#...|..#..",
    "C": "..#..|.#.#.",
    "D": ".#.#.|.#.#.",
    "T": "..#.#|.#.#.",
    "Z": "..#..|.#...",
}


class Font:
    def __init__(self, base=None):
        self.base = base or terminalio.FONT
        ref = self.base.get_glyph(ord("x"))  # type: Any
        self.w = ref.width
        self.h = ref.height
        # Rows of the cell: the top of the small letters ("x"), the top of
        # the capitals ("E"), the baseline (the last row of "x").
        self.x_top, self.baseline = self._ink_rows(ref)
        self.cap_top = self._ink_rows(self.base.get_glyph(ord("E")))[0]
        self.sheet = displayio.Bitmap(self.w * len(ACCENTED), self.h, 2)
        self.glyphs = {}  # the accented glyphs made so far, by code point
        self.unknown = self.base.get_glyph(ord("?"))

    def get_bounding_box(self):
        return self.base.get_bounding_box()

    def get_glyph(self, codepoint):
        if codepoint < 127:
            return self.base.get_glyph(codepoint)
        glyph = self.glyphs.get(codepoint)
        if glyph is None:
            i = ACCENTED.find(chr(codepoint))
            if i < 0:
                return self.unknown
            glyph = self._make(i)
            self.glyphs[codepoint] = glyph
        return glyph

    def bitmap_bytes(self):
        """The sheet's pixels in RAM (1 bit each, rows in 32-bit words)."""
        return (self.sheet.width + 31) // 32 * 4 * self.sheet.height

    # -- making a glyph -------------------------------------------------------

    def _pixels(self, glyph):
        x0 = glyph.tile_index * glyph.width  # as bitmap_label reads a glyph
        bitmap = glyph.bitmap
        return [[bitmap[x0 + x, y] for x in range(glyph.width)] for y in range(glyph.height)]

    def _ink_rows(self, glyph):
        rows = [y for y, row in enumerate(self._pixels(glyph)) if any(row)]
        return rows[0], rows[-1]

    def _make(self, i):
        plain = self.base.get_glyph(ord(_PLAIN[i]))  # type: Any
        pixels = self._pixels(plain)
        mark = _MARK[i]
        w, h = self.w, self.h
        small = _PLAIN[i] >= "a"
        if mark == "I":  # upside down, within the capitals' rows
            top, bottom = self.cap_top, self.baseline
            pixels = [pixels[top + bottom - y] if top <= y <= bottom else [0] * w for y in range(h)]
            pixels = [row[w - 2::-1] + row[w - 1:] for row in pixels]
        else:
            top = self.x_top if small else self.cap_top
            if small:  # no dot over an i
                for y in range(top):
                    pixels[y] = [0] * w
            rows = _MARKS[mark].split("|")
            y0 = self.baseline + 1 if mark == "Z" else top - 2
            for dy, row in enumerate(rows):
                for x, c in enumerate(row):
                    if c == "#" and 0 <= y0 + dy < h and x < w:
                        pixels[y0 + dy][x] = 1
        sheet = self.sheet
        x0 = i * w
        for y in range(h):
            row = pixels[y]
            for x in range(w):
                if row[x]:
                    sheet[x0 + x, y] = 1
        return Glyph(sheet, i, w, h, plain.dx, plain.dy, plain.shift_x, plain.shift_y)
