# neopixel_write: the bytes that would go to the LEDs, last one kept.
last = [b""]


def neopixel_write(pin, buf):
    last[0] = bytes(buf)
