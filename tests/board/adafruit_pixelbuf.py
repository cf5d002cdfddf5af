# adafruit_pixelbuf.PixelBuf (in C on a board): a buffer of pixels that
# ``show`` hands to ``_transmit``.
class PixelBuf:
    def __init__(self, size, *, byteorder="BGR", brightness=1.0, auto_write=False, header=b"", trailer=b""):
        self._n = size
        self.bpp = len(byteorder)
        self.brightness = brightness
        self.auto_write = auto_write
        self.buf = bytearray(size * self.bpp)

    def __len__(self):
        return self._n

    def __setitem__(self, i, colour):
        if isinstance(colour, int):
            colour = (colour >> 16 & 255, colour >> 8 & 255, colour & 255)
        b = self.buf
        for k in range(3):
            b[i * self.bpp + k] = int(colour[k] * self.brightness) & 255
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        b = self.buf
        return tuple(b[i * self.bpp + k] for k in range(3))

    def fill(self, colour):
        for i in range(self._n):
            self[i] = colour

    def show(self):
        self._transmit(self.buf)
