# fontio: Glyph (a board's is a named tuple made in C: the same fields).
from collections import namedtuple

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy", "shift_x", "shift_y"))


class BuiltinFont:
    pass
