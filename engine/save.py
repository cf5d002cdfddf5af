"""Saves: a match in progress as a few hundred bytes, in two crash-safe slots.

A save is a *blob* (``encode``): the settings, and, when a match is in
progress, its variant, rounds, seed, how many rounds are scored, and every
move of the match so far.  Scores, results and the table are not stored:
``engine.restore.resume`` rebuilds the ``Match`` by dealing from the seed
and replaying the moves, each one checked with ``check()``; a bad blob
raises ``SaveError`` and nothing half-built is returned.  (Reading is
there, loaded only when saves are read; writing, every move, is here.)

Blob, version 3 (big-endian where it matters)::

    0  'S'          magic
    1  version      3 (2: the engine's first generator, and a one-byte tag)
    2  opponent     index (the app's OPPONENTS)
    3  language     index (the app's LANGUAGES)
    4  flags        bit 0 auto-claim, bit 1 a match follows, bit 2 seat 1,
                    bit 3 statistics end the blob, bit 4 sound on,
                    bit 5 hints off (the menu's Hints row)
    5  variant      the menu's: 0 classic, 1 expert, 2 tactics
    6  rounds       the menu's, 1..255
    7  tag          2 bytes: what the app's defaults were when saved (the
                    app compares it, to let a changed settings.toml win)
    -- when a match follows (its variant and rounds are the two above):
    9  done         rounds already scored (finish_round called)
    10 seed         4 bytes, < 2**30
    14 count        2 bytes, moves in the whole match
    16 moves        each a little-endian base-128 varint (7 bits a byte,
                    high bit: more follows): a classic move (19 bits) takes
                    2 bytes without claims, 3 with; a tactics move (27 bits)
                    2 to 4.  Moves are stored as played, claims spelled
                    out (``spell_claims``), never with AUTO_CLAIM.
    -- when statistics follow (at the end, after the settings or the moves):
    k  count        1 byte, how many counters
    k+1 counters    2 bytes each (big-endian): the app's statistics
                    (``hw.saves.tally`` says what each counts); a board keeps
                    them in every save, so that they have the saves'
                    discipline against power cuts.  A blob without them
                    (saved before they were kept) reads as none counted.

``Saver`` keeps blobs in two slots of bytearray-like storage
(``microcontroller.nvm`` on a board, a file-backed bytearray in the sim):
the two halves of one storage, or two regions of two (``Saver.regions``),
so that on a board whose nvm is one erase block the second slot can sit
in another chip.  A slot is::

    'S' 'v' | seq (2) | length (2) | blob (length) | crc (4)

``crc`` is a CRC-32 (the zlib one, computed in 16-bit halves so that a
board never makes a long int) of everything before it.  ``save`` writes the
slot *not* holding the newest valid save, as one slice assignment, with the
next sequence number; a cut during that write leaves the other slot, the
previous save, intact.  ``load`` returns the newest slot whose CRC holds.

``problem`` says (the app shows it) when the newest save may not be the
one offered.  A slot that is neither erased nor whole (a bad header,
length or CRC) is named: a write cut part-way, the power cut this layout
expects, or damage; either way the save it held, or was taking, is gone,
so even the expected cut is said ("an interrupted save?"), never passed
over.  A slot left erased says nothing by itself (it may never have been
written), but each save after the first (number 1) leaves the one before
it in the other slot: a save found alone, numbered otherwise, lost its
neighbour, the newer or the older (a storage cut short, a write cut
between its erase and its first byte), and that is said too.  The first
slot's storage (nvm) may know it is damaged itself (the sim's file cut
short): its own ``problem`` is said first.  Only a cut before a write
erased anything says nothing: the slot still holds what it held.

Pure Python for CPython, MicroPython and CircuitPython: no struct, no zlib,
ints below 2**30.
"""

from micropython import const

from engine.game import TACTICS
from engine.moves import AUTO_CLAIM

VERSION = const(3)  # 3: the generator's second version (engine.rng): saves of 2 deal otherwise
MAGIC = const(0x53)  # 'S'
F_AUTO = const(1)
F_MATCH = const(2)
F_SEAT1 = const(4)
F_STATS = const(8)
F_SOUND = const(16)
F_NO_HINTS = const(32)
SETTINGS_BYTES = const(9)  # a blob without a match
HEAD_BYTES = const(16)  # blob bytes before the moves
SLOT_HEAD = const(6)  # 'S' 'v' seq length
SLOT_CRC = const(4)
_SEED_LIMIT = const(0x3FFFFFFF)


class SaveError(ValueError):
    """A blob that cannot be a save of this program: the reason, one line."""


# -- CRC-32 (reflected: zlib's polynomial or another), a nibble table in halves

def crc_table(poly_hi, poly_lo):
    """The nibble table of the reflected CRC-32 polynomial ``poly_hi << 16 |
    poly_lo``, in 16-bit halves, for ``crc32``'s ``table``."""
    hi = []
    lo = []
    for i in range(16):
        h = 0
        l = i  # noqa: E741
        for _ in range(4):
            if l & 1:
                l = (l >> 1 | (h & 1) << 15) ^ poly_lo
                h = h >> 1 ^ poly_hi
            else:
                l = l >> 1 | (h & 1) << 15
                h >>= 1
        hi.append(h)
        lo.append(l)
    return tuple(hi), tuple(lo)


ZLIB = crc_table(0xEDB8, 0x8320)  # zlib's CRC-32


def crc32(data, start=0, end=-1, hi=0, lo=0, table=ZLIB):
    """The CRC-32 of ``data[start:end]`` (zlib's), as ``(high16, low16)``.
    ``hi, lo``: the CRC of bytes before these, to go on from (as zlib.crc32's
    second argument); ``table``: another polynomial's (``crc_table``)."""
    if end < 0:
        end = len(data)
    hi ^= 0xFFFF
    lo ^= 0xFFFF
    thi, tlo = table
    for i in range(start, end):
        lo ^= data[i]
        k = lo & 15
        lo = (lo >> 4 | (hi & 15) << 12) ^ tlo[k]
        hi = hi >> 4 ^ thi[k]
        k = lo & 15
        lo = (lo >> 4 | (hi & 15) << 12) ^ tlo[k]
        hi = hi >> 4 ^ thi[k]
    return hi ^ 0xFFFF, lo ^ 0xFFFF


# -- the blob ---------------------------------------------------------------

def encode(match=None, moves=(), opponent=0, lang=0, auto_claim=False, seat=0, variant=0, rounds=1, tag=0,
           stats=None, sound=False, hints=True):
    """The blob for ``match`` (None: the settings only) and ``moves``,
    every move of the match so far in order, as played (see ``spell``).
    A match brings its own variant and rounds.  ``stats``: the counters'
    bytes (two each, at most 255 counters) that end the blob (None:
    none).  A bytearray."""
    if match is not None:
        variant = match.game.variant
        rounds = match.rounds
    for x in (opponent, lang, tag >> 8):
        if not 0 <= x <= 255:
            raise ValueError("setting out of range")
    if not 0 <= variant <= TACTICS or not 1 <= rounds <= 255:
        raise ValueError("variant or rounds out of range for a save")
    flags = (F_AUTO if auto_claim else 0) | (F_SEAT1 if seat else 0) | (F_SOUND if sound else 0) | (
        0 if hints else F_NO_HINTS)
    tail = 0
    if stats is not None:
        tail = len(stats)
        if tail & 1 or tail > 510:
            raise ValueError("statistics out of range for a save")
        flags |= F_STATS
        tail += 1
    head = (MAGIC, VERSION, opponent, lang, flags, variant, rounds, tag >> 8, tag & 255)
    if match is None:
        out = bytearray(SETTINGS_BYTES + tail)
        out[:SETTINGS_BYTES] = bytes(head)
        if tail:
            _stats(out, SETTINGS_BYTES, stats)
        return out
    seed = match.seed
    if not 0 <= seed <= _SEED_LIMIT:
        raise ValueError("seed out of range for a save")
    n = len(moves)
    if n > 0xFFFF:
        raise ValueError("too many moves for a save")
    size = HEAD_BYTES + tail
    for m in moves:
        if m < 0 or m >> 28 or m & AUTO_CLAIM:
            raise ValueError("a move to save must be spelled out (see spell)")
        size += 1
        while m > 127:
            m >>= 7
            size += 1
    # One bytearray of the exact size, returned as it is: a save a turn
    # leaves no copies behind on a board's heap.
    out = bytearray(size)
    out[:SETTINGS_BYTES] = bytes(head)
    out[4] = flags | F_MATCH
    out[9] = len(match.results)
    out[10] = seed >> 24
    out[11] = seed >> 16 & 255
    out[12] = seed >> 8 & 255
    out[13] = seed & 255
    out[14] = n >> 8
    out[15] = n & 255
    k = HEAD_BYTES
    for m in moves:
        while m > 127:
            out[k] = m & 127 | 128
            m >>= 7
            k += 1
        out[k] = m
        k += 1
    if tail:
        _stats(out, k, stats)
    return out


def _stats(out, k, stats):
    out[k] = len(stats) >> 1
    out[k + 1 :] = stats


def spell(game, m):
    """Move ``m`` of the player to move as a save stores it: its claims
    spelled out (call before applying it)."""
    return game.spell_claims(m)


# -- the slots --------------------------------------------------------------

class Saver:
    """Two save slots: the halves of ``storage[:size]`` (all of it by
    default), or ``regions``, two ``(storage, start, size)`` triples that
    saves take in turn.  ``also``: more regions, only read, where another
    layout of the slots may have left the newest save (a board that puts its
    second slot in a file only when its drive is writable reads the other
    place too).

    ``writes`` and ``written`` count the slice assignments made and the
    bytes they carried."""

    def __init__(self, storage=None, size=-1, regions=None, also=()):
        if regions is None:
            if size < 0:
                size = len(storage)
            half = size // 2
            regions = ((storage, 0, half), (storage, half, half))
        if len(regions) != 2:
            raise ValueError("a saver has two slots")
        self.regions = list(regions) + list(also)
        self.room = min(r[2] for r in regions) - SLOT_HEAD - SLOT_CRC
        if self.room < SETTINGS_BYTES:
            raise ValueError("save area too small")
        self.writes = 0
        self.written = 0
        self.slot = -1  # the region of the newest valid save
        self.seq = 0
        self.problem = None
        self.blobs = []
        self.found = []  # type: list
        self._scan()

    def capacity(self):
        """The longest blob a slot holds."""
        return self.room

    def _scan(self):
        # Which slot holds the newest valid save, and every valid one:
        # engine.restore's, loaded only when the slots are read.
        from engine.restore import scan

        scan(self)

    def prefer(self, i):
        """The app resumes ``blobs[i]`` (the newest that resumed): the next
        save goes over the slot of any newer, unusable one, never over it."""
        self.slot = self.found[i][1]

    def load(self):
        """``(blob, problem)``: the newest valid blob (None when there is
        none), and what was wrong with the slots (None when nothing was).
        ``blobs`` lists every valid one, newest first (the app may fall
        back to the older one when the newest does not ``resume``)."""
        self._scan()
        return (self.blobs[0] if self.blobs else None), self.problem

    def save(self, blob):
        """Write ``blob`` as the newest save: one slice assignment, to the
        slot not holding the newest valid save."""
        n = len(blob)
        if n > self.room:
            raise ValueError("save too long: %d bytes, a slot holds %d" % (n, self.room))
        seq = (self.seq + 1) & 0xFFFF
        frame = bytearray(SLOT_HEAD + n + SLOT_CRC)
        frame[0] = 0x53
        frame[1] = 0x76
        frame[2] = seq >> 8
        frame[3] = seq & 255
        frame[4] = n >> 8
        frame[5] = n & 255
        frame[SLOT_HEAD : SLOT_HEAD + n] = blob
        hi, lo = crc32(frame, 0, SLOT_HEAD + n)
        k = SLOT_HEAD + n
        frame[k] = hi >> 8
        frame[k + 1] = hi & 255
        frame[k + 2] = lo >> 8
        frame[k + 3] = lo & 255
        slot = 1 if self.slot == 0 else 0
        st, base, _ = self.regions[slot]
        st[base : base + len(frame)] = frame
        self.writes += 1
        self.written += len(frame)
        self.slot = slot
        self.seq = seq
