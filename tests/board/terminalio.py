# terminalio.FONT: the built-in 6x12 font (ASCII 32..126) as one bitmap of
# glyphs side by side.  A board keeps it in flash; here its pixels are a
# pattern with ink where letters have it (small letters from the x-height,
# capitals and digits from the cap height, down to the baseline), enough
# for code that copies glyphs or looks for their ink rows.  Code points, not
# chr(): chr() interns each character as a qstr, which a board's font in C
# does not, and the app's qstrs would then reach a bigger pool sooner.
from displayio import Bitmap
from fontio import BuiltinFont, Glyph

_W = 6
_H = 12
_FIRST = 32
_N = 95


class _Font(BuiltinFont):
    def __init__(self):
        self.bitmap = Bitmap(_W * _N, _H, 2)
        for i in range(1, _N):
            c = _FIRST + i
            top = 5 if 97 <= c <= 122 else 2  # a..z
            for y in range(top, 10):
                for x in range(1, 5):
                    if (x * 7 + y * 3 + i) % 3:
                        self.bitmap[i * _W + x, y] = 1

    def get_bounding_box(self):
        return _W, _H

    def get_glyph(self, codepoint):
        if not _FIRST <= codepoint < _FIRST + _N:
            return None
        return Glyph(self.bitmap, codepoint - _FIRST, _W, _H, 0, 0, _W, 0)


FONT = _Font()
