"""Formations: what every variant needs of them.

A formation's *rank* is one small int, ``category * 32 + sum``, so comparing
two formations is comparing two ints.  Categories, weakest first: sum, run,
colour, three of a kind, colour run.  The classic variants' early-claim
proof is ``engine.threat`` (the tactics variant has ``engine.elite``).
"""

from micropython import const

SUM = const(0)
RUN = const(1)
COLOUR = const(2)
THREE = const(3)
COLOUR_RUN = const(4)

CATEGORY_NAMES = ("sum", "run", "colour", "three of a kind", "colour run")


def rank3(a, b, c):
    """The rank of the formation of cards ``a``, ``b``, ``c``."""
    va = a % 9
    vb = b % 9
    vc = c % 9
    total = va + vb + vc + 3
    if va == vb == vc:
        return THREE * 32 + total
    lo = min(va, vb, vc)
    hi = max(va, vb, vc)
    run = hi - lo == 2 and va != vb and vb != vc and va != vc
    if a // 9 == b // 9 == c // 9:
        return (COLOUR_RUN if run else COLOUR) * 32 + total
    return (RUN if run else SUM) * 32 + total


def category(rank):
    """The category of a classic rank (COLOUR_RUN ... SUM)."""
    return rank >> 5


# Logistic curve of a difference of prospects, in steps of 4 rank points
# (a category is 32); index 32 is an even chance.  Each byte is the chance
# over 4 (0..250): round(250 / (1 + e ** (-4 * (i - 32) / 12))).  Kept as
# bytes so that no float is computed on a board.
CURVE = (b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x02\x02\x03\x04\x06"
          b"\t\x0c\x10\x16\x1e(4CUh}\x92\xa5\xb7\xc6\xd2\xdc\xe4\xea\xee\xf1\xf4\xf6\xf7\xf8\xf8\xf9"
          b"\xf9\xf9\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa")
