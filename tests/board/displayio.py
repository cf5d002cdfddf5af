# displayio: Bitmap, Palette, TileGrid, Group with a board's storage.
# Each keeps its data in a bytearray of the size CircuitPython allocates on
# the heap (a bitmap's rows in 32-bit words, a tile grid's indices in
# bytes), so the heap readings are a board's.  Nothing is drawn.


# Calls of the pixel and tile accessors: C on a board, Python here, so the
# run can take their extra time off its timings (run_board.py).
calls = [0]


def _bits(value_count):
    bits = 1
    while (1 << bits) < value_count:
        bits *= 2
    return bits


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self.bits = _bits(value_count)
        self.stride = (width * self.bits + 31) // 32 * 4
        self.data = bytearray(self.stride * height)

    def _at(self, xy):
        if isinstance(xy, int):
            x, y = xy % self.width, xy // self.width
        else:
            x, y = xy
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel out of bounds")
        bit = x * self.bits
        return y * self.stride + bit // 8, bit % 8

    def __getitem__(self, xy):
        calls[0] += 1
        i, shift = self._at(xy)
        return self.data[i] >> shift & ((1 << self.bits) - 1) if self.bits < 8 else self.data[i]

    def __setitem__(self, xy, value):
        calls[0] += 1
        i, shift = self._at(xy)
        if self.bits < 8:
            mask = ((1 << self.bits) - 1) << shift
            self.data[i] = self.data[i] & ~mask & 255 | (value << shift) & mask
        else:
            self.data[i] = value & 255

    def fill(self, value):
        for y in range(self.height):
            for x in range(self.width):
                self[x, y] = value


class Palette:
    def __init__(self, color_count, dither=False):
        self.colors = bytearray(8 * color_count)  # rgb888, its converted form, flags
        self.n = color_count

    def __len__(self):
        return self.n

    def __setitem__(self, i, colour):
        if not 0 <= i < self.n:
            raise IndexError("palette index out of range")
        if isinstance(colour, tuple):
            colour = colour[0] << 16 | colour[1] << 8 | colour[2]
        self.colors[8 * i] = colour >> 16 & 255
        self.colors[8 * i + 1] = colour >> 8 & 255
        self.colors[8 * i + 2] = colour & 255

    def __getitem__(self, i):
        c = self.colors
        return c[8 * i] << 16 | c[8 * i + 1] << 8 | c[8 * i + 2]

    def make_transparent(self, i):
        self.colors[8 * i + 3] = 1

    def make_opaque(self, i):
        self.colors[8 * i + 3] = 0

    def is_transparent(self, i):
        return bool(self.colors[8 * i + 3])


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.tiles_across = bitmap.width // self.tile_width
        self.tile_count = self.tiles_across * (bitmap.height // self.tile_height)
        if default_tile >= self.tile_count:
            raise ValueError("default_tile out of range")
        self.tiles = bytearray(width * height) if self.tile_count <= 256 else bytearray(2 * width * height)
        for i in range(width * height):
            self[i] = default_tile
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False

    def _index(self, i):
        if not isinstance(i, int):
            i = i[1] * self.width + i[0]
        if not 0 <= i < self.width * self.height:
            raise IndexError("tile index out of bounds")
        return i

    def __setitem__(self, i, tile):
        calls[0] += 1
        i = self._index(i)
        if not 0 <= tile < self.tile_count:
            raise ValueError("tile must be in the bitmap's range")
        if self.tile_count <= 256:
            self.tiles[i] = tile
        else:
            self.tiles[2 * i] = tile & 255
            self.tiles[2 * i + 1] = tile >> 8

    def __getitem__(self, i):
        calls[0] += 1
        i = self._index(i)
        if self.tile_count <= 256:
            return self.tiles[i]
        return self.tiles[2 * i] | self.tiles[2 * i + 1] << 8


def _field(name):
    # A native attribute: a subclass's property of the same name wins, and
    # the constructor sets the field itself, as the C code does.
    def get(self):
        return getattr(self, name)

    def put(self, value):
        setattr(self, name, value)

    return property(get, put)


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self._scale = scale
        self._x = x
        self._y = y
        self._hidden = False
        self.items = []

    scale = _field("_scale")
    x = _field("_x")
    y = _field("_y")
    hidden = _field("_hidden")

    def append(self, layer):
        self.items.append(layer)

    def insert(self, i, layer):
        self.items.insert(i, layer)

    def remove(self, layer):
        self.items.remove(layer)

    def pop(self, i=-1):
        return self.items.pop(i)

    def index(self, layer):
        return self.items.index(layer)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def __setitem__(self, i, layer):
        self.items[i] = layer


# The console's own group (its text and the status line): what a display
# shows from start-up until a program sets another root group.
CIRCUITPYTHON_TERMINAL = Group()


class Display:
    # board.DISPLAY: a 160x128 panel; counts refreshes.
    def __init__(self, width=160, height=128):
        self.width = width
        self.height = height
        self.root_group = CIRCUITPYTHON_TERMINAL
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True


def release_displays():
    pass
