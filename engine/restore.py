"""Reading a save back: ``scan`` (a ``Saver``'s slots read and checked),
``decode`` (the blob's format, checked) and ``resume`` (the match rebuilt,
every move replayed and checked).  The blob's layout and its writing are
``engine.save``'s; this half is only needed when the saves are read (at
power-up, for a record's replay), and a board drops it after.
"""

from micropython import const

from engine.game import NOBODY, TACTICS
from engine.match import Match
from engine.moves import AUTO_CLAIM
from engine.save import (F_AUTO, F_MATCH, F_NO_HINTS, F_SEAT1, F_SOUND, F_STATS, HEAD_BYTES, MAGIC, SETTINGS_BYTES,
                         SLOT_CRC, SLOT_HEAD, VERSION, SaveError, crc32)

_AHEAD = const(16)  # how far ahead of the first slot another region may be


class Save:
    """A decoded blob: the menu's settings, and a match when ``match``
    (then ``variant`` and ``rounds`` are the match's)."""

    def __init__(self):
        self.opponent = 0
        self.lang = 0
        self.auto_claim = False
        self.sound = False
        self.hints = True  # the menu's Hints row (a save made before it: on)
        self.seat = 0
        self.variant = 0
        self.rounds = 1
        self.tag = 0
        self.match = False
        self.done = 0
        self.seed = 0
        self.moves = []
        self.stats = None  # the statistics' bytes (two a counter), None: none in the blob


def decode(blob):
    """The ``Save`` in ``blob``; SaveError (one line) when it is not one.
    Only the format is checked here: ``resume`` checks the moves."""
    n = len(blob)
    if n < 2 or blob[0] != MAGIC:
        raise SaveError("not a save of this game")
    if blob[1] != VERSION:
        raise SaveError("save format %d, this program reads %d" % (blob[1], VERSION))
    if n < SETTINGS_BYTES:
        raise SaveError("save truncated")
    s = Save()
    s.opponent = blob[2]
    s.lang = blob[3]
    flags = blob[4]
    if flags & ~(F_AUTO | F_MATCH | F_SEAT1 | F_STATS | F_SOUND | F_NO_HINTS):
        raise SaveError("unknown flags in save")
    s.auto_claim = bool(flags & F_AUTO)
    s.sound = bool(flags & F_SOUND)
    s.hints = not flags & F_NO_HINTS
    s.seat = 1 if flags & F_SEAT1 else 0
    if blob[5] > TACTICS:
        raise SaveError("unknown variant %d in save" % blob[5])
    s.variant = blob[5]
    s.rounds = blob[6]
    if not s.rounds:
        raise SaveError("bad rounds in save")
    s.tag = blob[7] << 8 | blob[8]
    if not flags & F_MATCH:
        if (_stats(s, blob, SETTINGS_BYTES) if flags & F_STATS else SETTINGS_BYTES) != n:
            raise SaveError("save too long")
        return s
    if n < HEAD_BYTES:
        raise SaveError("save truncated")
    s.match = True
    s.done = blob[9]
    if s.done > s.rounds:
        raise SaveError("bad rounds in save")
    if blob[10] >> 6:
        raise SaveError("bad seed in save")
    s.seed = blob[10] << 24 | blob[11] << 16 | blob[12] << 8 | blob[13]
    count = blob[14] << 8 | blob[15]
    moves = s.moves
    k = HEAD_BYTES
    for i in range(count):
        m = 0
        shift = 0
        while True:
            if k >= n:
                raise SaveError("save truncated at move %d" % (i + 1))
            b = blob[k]
            k += 1
            if (shift == 21 and b > 127) or (shift and not b):  # too long, or not the shortest form
                raise SaveError("bad move %d in save" % (i + 1))
            m |= (b & 127) << shift
            if b < 128:
                break
            shift += 7
        moves.append(m)
    if flags & F_STATS:
        k = _stats(s, blob, k)
    if k != n:
        raise SaveError("save has %d bytes after its last move" % (n - k))
    return s


def _stats(s, blob, start):
    # The statistics at ``start`` (their count, then two bytes each) read
    # into ``s``; where they end returned.
    if start >= len(blob):
        raise SaveError("save truncated in its statistics")
    end = start + 1 + 2 * blob[start]
    if end > len(blob):
        raise SaveError("save truncated in its statistics")
    s.stats = bytes(blob[start + 1 : end])
    return end


def resume(blob):
    """``(match, save)``: the match rebuilt from ``blob`` by replaying
    every move, each checked; SaveError (one line) for any bad blob."""
    s = decode(blob)
    if not s.match:
        raise SaveError("no match in this save")
    match = Match(s.seed, s.rounds, s.variant)
    done = s.done
    i = 0
    for m in s.moves:
        i += 1
        game = match.game
        if game.winner != NOBODY:
            if len(match.results) >= done or match.over():
                raise SaveError("save move %d: the round is over" % i)
            match.finish_round()
            game = match.game
        err = game.check(m)
        if err is None and m & AUTO_CLAIM:
            err = "malformed move"
        if err is not None:
            raise SaveError("save move %d: %s" % (i, err))
        game.apply(m)
    if match.game.winner != NOBODY and len(match.results) < done:
        match.finish_round()
    if len(match.results) != done:
        raise SaveError("save says %d rounds scored, its moves end %d" % (done, len(match.results)))
    return match, s


# -- the slots ------------------------------------------------------------------

def _read(saver, slot):
    # (seq, blob) of a region, or (-1, reason) ("" for an empty one).
    st, base, size = saver.regions[slot]
    head = bytes(st[base : base + SLOT_HEAD])
    if head[0] != 0x53 or head[1] != 0x76:
        if head == b"\xff" * SLOT_HEAD or head == bytes(SLOT_HEAD):
            return -1, ""
        return -1, "slot %d: not a save" % (slot + 1)
    n = head[4] << 8 | head[5]
    if n > size - SLOT_HEAD - SLOT_CRC:
        return -1, "slot %d: bad length" % (slot + 1)
    end = base + SLOT_HEAD + n
    data = bytes(st[base : end + SLOT_CRC])
    hi, lo = crc32(data, 0, SLOT_HEAD + n)
    c = data[SLOT_HEAD + n :]
    if c[0] != hi >> 8 or c[1] != hi & 255 or c[2] != lo >> 8 or c[3] != lo & 255:
        return -1, "slot %d: bad checksum (an interrupted save?)" % (slot + 1)
    return head[2] << 8 | head[3], data[SLOT_HEAD : SLOT_HEAD + n]


def scan(saver):
    """Read ``saver``'s slots (an ``engine.save.Saver``): its ``found``
    (seq, slot, blob) and ``blobs``, newest first, every valid one; its
    ``seq`` and ``slot``, the newest's; its ``problem``, what was wrong."""
    saver.slot = -1
    # What nvm, the first slot's storage, found wrong itself (the sim's
    # file cut short: sim.desk.DeskNVM), then what the slots say.
    why = getattr(saver.regions[0][0], "problem", None)
    reasons = [why] if why else []
    read = []
    for slot in range(len(saver.regions)):
        seq, blob = _read(saver, slot)
        if seq < 0 and blob:
            reasons.append(blob)
        read.append((seq, blob))
    # Sequence numbers wrap (16 bits): they are compared against the
    # first slot's (nvm's, written in every layout), or when that one is
    # torn against the newest of the others.  A region far "ahead" of it is an old save from
    # before a change of layout, whose number has come round again.
    ref = read[0][0]
    if ref < 0:  # the first slot torn: the newest of the others, as they stand
        for seq, _ in read:
            if seq >= 0 and (ref < 0 or (seq - ref) & 0xFFFF < 0x8000):
                ref = seq
    found = []  # type: list
    for slot in range(len(read)):
        seq, blob = read[slot]
        if seq < 0 or (ref >= 0 and _AHEAD < (seq - ref) & 0xFFFF < 0x8000):
            continue
        i = 0  # newest first
        while i < len(found) and (seq - found[i][0]) & 0xFFFF >= 0x8000:
            i += 1
        found.insert(i, (seq, slot, blob))
    # Every save but the very first (number 1) leaves the one before it
    # in the other slot: a save found alone, numbered otherwise, lost its
    # neighbour, erased (the area cut short, a write cut after the erase)
    # where a slot that failed its checks would have said so.
    if len(found) == 1 and found[0][0] != 1 and not reasons:
        reasons.append("a slot erased: a save lost")
    saver.found = found
    saver.blobs = [b for _, _, b in found]
    if found:
        saver.seq = found[0][0]
        saver.slot = found[0][1]
    saver.problem = "; ".join(reasons) if reasons else None
