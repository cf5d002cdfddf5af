"""A fair deal without a referee, and a check that two boards agree.

- Commit-reveal: each board picks a random secret and first sends only its
  ``commitment``; once both commitments are in, they reveal the secrets and
  each checks the other's with ``verify``.  The shuffle seed and who leads
  both come from both secrets (``deal``), so neither board can choose the
  deal or its seat, and no menu has to agree on roles.
- ``public_hash`` digests what both boards can see (the table, who owns
  what, the sizes of hands and pile, whose turn; in the tactics variant
  also the combat modes, the discard pile, the tactic pile's size, the
  tactic cards each has played, the elite troops placed and the cards a
  Scout still owes): after every turn both compare it, so two boards never
  drift apart silently.

The commitments and the deal take SHA-256: the firmware's ``hashlib``
(``sha256`` in CPython and MicroPython, ``new("sha256")`` in CircuitPython),
or on boards without it ``engine.sha256``, imported at the first digest and
dropped by ``release`` (the session calls it once the handshake is over).
``public_hash`` needs no cryptographic hash (a peer that lies about its
table could as well send the hash of ours: its moves are what the other
board checks): two CRC-32s of different polynomials, cheap on a board and
free of long ints.
"""

from engine.save import ZLIB, crc32, crc_table

try:
    import hashlib
except ImportError:  # CircuitPython on a SAMD51
    hashlib = None  # type: ignore[assignment]

SECRET_BYTES = 16
_TACTICS = 2  # engine.game.TACTICS
# public_hash: where each CRC goes in the digest, and its table (CRC-32C's
# polynomial 0x82F63B78 is Castagnoli's); room for the single numbers.
_TABLES = ((0, ZLIB), (4, crc_table(0x82F6, 0x3B78)))
_TAIL = bytearray(7)
_OUT = bytearray(8)

_own = None  # engine.sha256.digest while it is loaded


def sha256(data):
    """The SHA-256 digest (32 bytes) of ``data``."""
    if hashlib is not None:
        make = getattr(hashlib, "sha256", None)
        if make is not None:
            return make(data).digest()
        return hashlib.new("sha256", data).digest()
    global _own
    if _own is None:
        from engine.sha256 import digest

        _own = digest
    return _own(data)


def release():
    """Drop ``engine.sha256`` if a digest loaded it, so that the heap gets
    its code back until the next handshake needs it again."""
    global _own
    if _own is None:
        return
    _own = None
    import gc

    from engine import unload

    unload("engine.sha256")
    gc.collect()


def commitment(secret):
    """The 32-byte commitment to ``secret`` (bytes)."""
    return sha256(b"st-commit" + bytes(secret))


def verify(secret, commit):
    """Does ``secret`` match the commitment received before it?"""
    return commitment(secret) == bytes(commit)


def shared_seed(lead_secret, follow_secret):
    """The shuffle seed (30 bits) from both secrets, the leader's first."""
    d = sha256(b"st-seed" + bytes(lead_secret) + bytes(follow_secret))
    return (d[0] << 22 | d[1] << 14 | d[2] << 6 | d[3] >> 2) & 0x3FFFFFFF


def deal(my_secret, their_secret):
    """``(seed, i_lead)`` once both secrets are known: the 30-bit shuffle
    seed, and whether this board leads (plays seat 0).  Both come from both
    secrets, taken in the order of their commitments, so neither board can
    steer the deal or the seats, and both boards compute the same."""
    mine_first = commitment(my_secret) < commitment(their_secret)
    first, second = (my_secret, their_secret) if mine_first else (their_secret, my_secret)
    d = sha256(b"st-seats" + bytes(first) + bytes(second))
    first_leads = not d[0] & 1
    return shared_seed(first, second), first_leads == mine_first


def public_hash(game):
    """8 bytes digesting the state both players can see: the CRC-32 (zlib's)
    then the CRC-32C of the same bytes, each big-endian."""
    tail = _TAIL
    tail[0] = game.deck_pos
    tail[1] = game.to_move
    tail[2] = game.winner
    tail[3] = game.variant
    n = 4
    tactics = game.variant == _TACTICS
    if tactics:
        # The side cards include elite troops (their codes); here what else
        # both players see: combat modes, the discard pile (face up, oldest
        # first, last of all), the tactic pile's size, tactic cards played,
        # elite troops placed, cards a Scout still owes.
        tail[4] = game.tpos
        tail[5] = game.returns
        tail[6] = game.discard_n
        n = 7
    out = _OUT
    for at, table in _TABLES:
        hi, lo = crc32(game.side, 0, -1, 0, 0, table)
        hi, lo = crc32(game.n, 0, -1, hi, lo, table)
        hi, lo = crc32(game.owner, 0, -1, hi, lo, table)
        hi, lo = crc32(game.first, 0, -1, hi, lo, table)
        hi, lo = crc32(game.owned, 0, -1, hi, lo, table)
        hi, lo = crc32(game.hand_n, 0, -1, hi, lo, table)
        if tactics:
            hi, lo = crc32(game.mode, 0, -1, hi, lo, table)
            hi, lo = crc32(game.played, 0, -1, hi, lo, table)
            hi, lo = crc32(game.out, 0, -1, hi, lo, table)
        hi, lo = crc32(tail, 0, n, hi, lo, table)
        if tactics:
            hi, lo = crc32(game.discard, 0, game.discard_n, hi, lo, table)
        out[at] = hi >> 8
        out[at + 1] = hi & 255
        out[at + 2] = lo >> 8
        out[at + 3] = lo & 255
    return bytes(out)
