"""The engine's own seeded generator: one seed, the same cards everywhere.

Two multiply-with-carry lanes in base 2**15.  Every intermediate value stays
below 2**30, so MicroPython on a 32-bit board works in small ints and never
allocates a long int; CPython gives bit-identical results.  Each lane's
multiplier ``a`` makes ``a * 2**15 - 1`` a safe prime, so each lane has a
period near 2**29 and the pair near 2**58: plenty for shuffles and bots.
"""

from micropython import const

_A1 = const(32760)
_A2 = const(32730)
_M1 = const(1073479679)  # _A1 * 2**15 - 1: lane states are 1 .. _M1 - 1
_M2 = const(1072496639)  # _A2 * 2**15 - 1
_MASK15 = const(0x7FFF)


class Random:
    """A small deterministic generator; ``seed`` is any int >= 0."""

    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, seed):
        if seed < 0:
            raise ValueError("seed must be >= 0")
        # Long seeds (64-bit, say) fold into both lanes; this is the only
        # place that may touch long ints.
        self._z1 = 1 + seed % (_M1 - 1)
        self._z2 = 1 + (seed // (_M1 - 1)) % (_M2 - 1)
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
