"""The engine's own seeded generator: one seed, the same cards everywhere.

Two multiply-with-carry lanes in base 2**15.  Every intermediate value stays
below 2**30, so MicroPython on a 32-bit board works in small ints and never
allocates a long int; CPython gives bit-identical results.  Each lane's
multiplier ``a`` makes ``a * 2**15 - 1`` a safe prime, so each lane has a
period near 2**29 and the pair near 2**58: plenty for shuffles and bots.

A draw's high 15 bits come from the first lane, its low 15 from the second,
so both lanes start from the whole seed: the first from the seed itself,
the second from the first lane's next 30 bits (and a long seed's high
part).  (Until the generator's second version the second lane started from
the seed's high part alone: 1 for every seed in play, which are 30-bit, so
the low bits of every draw, and ``below(n)`` for n a power of two, did not
depend on the seed.  Saves, records and links made with it are refused.)
"""

from micropython import const

_A1 = const(32760)
_A2 = const(32730)
_M1 = const(1073479679)  # _A1 * 2**15 - 1: lane states are 1 .. _M1 - 1
_M2 = const(1072496639)  # _A2 * 2**15 - 1
_MASK15 = const(0x7FFF)


def _scramble(x):
    # A 30-bit seed, its bits spread over all 30 (a six-round Feistel
    # network on its 15-bit halves): nearby seeds start the lanes far
    # apart.  Each round's products stay below 2**30.
    lo = x & _MASK15
    hi = x >> 15
    for k in range(6):
        f = lo * 0x6A5D + k * 0x3C6F
        f = (f >> 15 ^ f) & _MASK15
        hi, lo = lo, hi ^ f
    return hi << 15 | lo


class Random:
    """A small deterministic generator; ``seed`` is any int >= 0."""

    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, seed):
        if seed < 0:
            raise ValueError("seed must be >= 0")
        # Long seeds (64-bit, say) fold into both lanes; this is the only
        # place that may touch long ints.
        z1 = 1 + (_scramble(seed & 0x3FFFFFFF) ^ (seed >> 30) % 0x40000000) % (_M1 - 1)
        mix = 0
        for _ in range(2):  # the first lane's next 30 bits
            z1 = _A1 * (z1 & _MASK15) + (z1 >> 15)
            mix = mix << 15 | (z1 & _MASK15)
        self._z1 = z1
        self._z2 = 1 + (mix ^ (seed // (_M1 - 1)) % (_M2 - 1)) % (_M2 - 1)
        for _ in range(8):  # spread nearby seeds apart
            self.bits30()

    def bits30(self):
        """The next 30 random bits."""
        z1 = self._z1
        z1 = _A1 * (z1 & _MASK15) + (z1 >> 15)
        self._z1 = z1
        z2 = self._z2
        z2 = _A2 * (z2 & _MASK15) + (z2 >> 15)
        self._z2 = z2
        return ((z1 & _MASK15) << 15) | (z2 & _MASK15)

    def below(self, n):
        """A uniform int in ``0 .. n - 1``, for ``1 <= n < 2**30``."""
        limit = n * (0x3FFFFFFF // n)  # stays a small int on the boards
        r = self.bits30()
        while r >= limit:
            r = self.bits30()
        return r % n

    def shuffle(self, buf, n=-1):
        """Fisher-Yates shuffle of ``buf[:n]`` (all of it by default), in place."""
        if n < 0:
            n = len(buf)
        i = n - 1
        while i > 0:
            j = self.below(i + 1)
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1

    def state(self):
        return (self._z1, self._z2)

    def set_state(self, state):
        self._z1, self._z2 = state
