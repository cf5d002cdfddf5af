"""The player's mistakes kept for later (the menu's "Your mistakes"): each
a question on its own table, asked again until found (``hw.screens.quiz``).

The review (``hw.screens.review``) keeps a move it weighs a mistake, a
blunder or a won endgame given away (classic and expert: ``engine.weigh``);
a question answered right lets it go.  The newest ``KEEP`` are kept, in
the save (``engine.save``: the blob's last part), as bytes: no list of
moves on a board's heap between two questions.  Each is its round alone,
not its match: the round's seed and first player (``Match.round_seed``,
``Match.starter``) deal it again, its moves before the mistake replay it;
the match's seed and the move's number give the hard bot its seed there
(``engine.review.seed``: the review's question, the same verdict).

A mistake, in bytes::

    0  variant      0 classic, 1 expert
    1  seed         4 bytes (big-endian), the match's, < 2**30
    5  n            2 bytes, the move's number in the match (0: its first)
    7  round seed   4 bytes, < 2**30
    11 starter      0 or 1
    12 given        the points the move played gave away (``engine.weigh.cost``:
                    0 to 100, 101 a won endgame given away)
    13 count        the round's moves before the mistake (0 to 255)
    14 moves        each a little-endian base-128 varint (``engine.save``'s),
                    then the move played (the mistake itself)

The section is a count (1 to ``KEEP``) and the mistakes, newest first.
Reading is checked (``check``): a section that is not one raises
``SaveError``, and ``table`` replays a mistake's moves with the game's own
checks.  Pure Python for CPython, MicroPython and CircuitPython.
"""

from micropython import const

from engine.save import SaveError

KEEP = const(3)  # mistakes kept (the newest)
_HEAD = const(14)  # a mistake's bytes before its moves
_SEED_LIMIT = const(0x3FFFFFFF)
_GIVEN_LIMIT = const(101)  # engine.weigh.GIVEN_AWAY (tests/test_mistakes.py holds them equal)


def count(section):
    """How many mistakes ``section`` holds (None: none)."""
    return section[0] if section else 0


def add(section, variant, seed, n, round_seed, starter, given, moves, played):
    """``section`` with the mistake ``played`` (move ``n`` of the match dealt
    from ``seed``, after ``moves``, the round's so far, the round dealt
    from ``round_seed`` with ``starter`` first; it gave away ``given``
    points) first: a bytearray, the
    same mistake not twice, the oldest let go beyond ``KEEP``; ``section``
    itself when the round is too long to keep (more than 255 moves)."""
    if (len(moves) > 255 or not 0 <= given <= _GIVEN_LIMIT or not 0 <= seed <= _SEED_LIMIT
            or not 0 <= round_seed <= _SEED_LIMIT):
        return section
    size = _HEAD + _varints(moves) + _varint_size(played)
    kept = []  # type: list  # (start, end) of the others kept, newest first
    k = 1
    for _ in range(count(section)):
        end = _end(section, k)
        if not (_seed(section, k + 1) == seed and section[k + 5] << 8 | section[k + 6] == n) and len(kept) < KEEP - 1:
            kept.append((k, end))
            size += end - k
        k = end
    out = bytearray(1 + size)
    out[0] = 1 + len(kept)
    out[1] = variant
    _put4(out, 2, seed)
    out[6] = n >> 8 & 255
    out[7] = n & 255
    _put4(out, 8, round_seed)
    out[12] = starter
    out[13] = given
    out[14] = len(moves)
    k = 1 + _HEAD
    for m in moves:
        k = _put_varint(out, k, m)
    k = _put_varint(out, k, played)
    for start, end in kept:
        out[k : k + end - start] = section[start:end]
        k += end - start
    return out


def kept(section, seed, rounds, variant, moves, found, game=None):
    """``section`` with the mistakes ``found`` of the match dealt from
    ``seed`` (``rounds`` of ``variant``) whose moves were ``moves``: each
    ``(n, given)``, move ``n`` that gave away ``given`` points, in the
    match's order (the last is the newest); its rounds dealt in ``game``
    if given (``engine.review.positions``)."""
    from engine.review import positions

    if not found:
        return section
    i = 0
    for k, match in positions(seed, rounds, variant, moves, found[-1][0], game):
        if k == found[i][0]:
            section = add(section, variant, seed, k, match.round_seed, match.starter, found[i][1],
                          match.game.round_moves(), moves[k])
            i += 1
    return section


def drop(section, seed, n):
    """``section`` without the mistake at move ``n`` of the match dealt
    from ``seed`` (None when none is left)."""
    kept = []  # type: list
    k = 1
    for _ in range(count(section)):
        end = _end(section, k)
        if not (_seed(section, k + 1) == seed and section[k + 5] << 8 | section[k + 6] == n):
            kept.append(section[k:end])
        k = end
    if not kept:
        return None
    out = bytearray(1)
    out[0] = len(kept)
    for part in kept:
        out += part
    return out


def entry(section, i):
    """Mistake ``i`` (0: the newest): ``(variant, seed, n, round_seed,
    starter, given, moves)``, ``moves`` the round's before it and the move
    played last."""
    k = 1
    for _ in range(i):
        k = _end(section, k)
    moves = []
    j = k + _HEAD
    for _ in range(section[k + 13] + 1):
        m = shift = 0
        while True:
            b = section[j]
            j += 1
            m |= (b & 127) << shift
            shift += 7
            if b < 128:
                break
        moves.append(m)
    return (section[k], _seed(section, k + 1), section[k + 5] << 8 | section[k + 6], _seed(section, k + 7),
            section[k + 11], section[k + 12], moves)


def check(section):
    """``section`` read from a save (bytes): SaveError, one line, when it is
    not one (its moves are checked by ``table``)."""
    n = len(section)
    if n < 1 or not 1 <= section[0] <= KEEP:
        raise SaveError("bad mistakes in save")
    k = 1
    for _ in range(section[0]):
        if (k + _HEAD > n or section[k] > 1 or section[k + 1] >> 6 or section[k + 7] >> 6 or section[k + 11] > 1
                or section[k + 12] > _GIVEN_LIMIT):
            raise SaveError("bad mistakes in save")
        j = k + _HEAD
        for _ in range(section[k + 13] + 1):
            size = 0
            while True:
                if j >= n or size == 4:
                    raise SaveError("bad mistakes in save")
                j += 1
                size += 1
                if section[j - 1] < 128:
                    break
        k = j
    if k != n:
        raise SaveError("bad mistakes in save")


def table(game, round_seed, starter, moves):
    """``game`` dealt from ``round_seed`` (``starter`` first) and ``moves``
    (the round's before a mistake) replayed, each checked: SaveError when
    one is not legal there, or the round is over before the mistake."""
    from engine.game import NOBODY

    game.deal(round_seed, starter)
    for m in moves:
        if game.winner != NOBODY or game.check(m) is not None:
            raise SaveError("a kept mistake does not replay")
        game.apply(m)
    if game.winner != NOBODY:
        raise SaveError("a kept mistake does not replay")


def _end(section, k):
    # The end of the mistake that starts at k.
    j = k + _HEAD
    for _ in range(section[k + 13] + 1):
        while section[j] >= 128:
            j += 1
        j += 1
    return j


def _seed(b, k):
    return b[k] << 24 | b[k + 1] << 16 | b[k + 2] << 8 | b[k + 3]


def _put4(out, k, x):
    out[k] = x >> 24
    out[k + 1] = x >> 16 & 255
    out[k + 2] = x >> 8 & 255
    out[k + 3] = x & 255


def _varint_size(m):
    size = 1
    while m > 127:
        m >>= 7
        size += 1
    return size


def _varints(moves):
    size = 0
    for m in moves:
        size += _varint_size(m)
    return size


def _put_varint(out, k, m):
    while m > 127:
        out[k] = m & 127 | 128
        m >>= 7
        k += 1
    out[k] = m
    return k + 1
