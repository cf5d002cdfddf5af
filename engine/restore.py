"""Reading a save back: ``decode`` (the blob's format, checked) and
``resume`` (the match rebuilt, every move replayed and checked).  The blob's
layout and its writing are ``engine.save``'s; this half is only needed when
the saves are read (at power-up, for a record's replay), and a board drops
it after.
"""

from engine.game import AUTO_CLAIM, NOBODY, TACTICS
from engine.match import Match
from engine.save import F_AUTO, F_MATCH, F_SEAT1, HEAD_BYTES, MAGIC, SETTINGS_BYTES, VERSION, SaveError


class Save:
    """A decoded blob: the menu's settings, and a match when ``match``
    (then ``variant`` and ``rounds`` are the match's)."""

    def __init__(self):
        self.opponent = 0
        self.lang = 0
        self.auto_claim = False
        self.seat = 0
        self.variant = 0
        self.rounds = 1
        self.tag = 0
        self.match = False
        self.done = 0
        self.seed = 0
        self.moves = []




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
    if flags & ~(F_AUTO | F_MATCH | F_SEAT1):
        raise SaveError("unknown flags in save")
    s.auto_claim = bool(flags & F_AUTO)
    s.seat = 1 if flags & F_SEAT1 else 0
    if blob[5] > TACTICS:
        raise SaveError("unknown variant %d in save" % blob[5])
    s.variant = blob[5]
    s.rounds = blob[6]
    if not s.rounds:
        raise SaveError("bad rounds in save")
    s.tag = blob[7]
    if not flags & F_MATCH:
        if n != SETTINGS_BYTES:
            raise SaveError("save too long")
        return s
    if n < HEAD_BYTES:
        raise SaveError("save truncated")
    s.match = True
    s.done = blob[8]
    if s.done > s.rounds:
        raise SaveError("bad rounds in save")
    if blob[9] >> 6:
        raise SaveError("bad seed in save")
    s.seed = blob[9] << 24 | blob[10] << 16 | blob[11] << 8 | blob[12]
    count = blob[13] << 8 | blob[14]
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
    if k != n:
        raise SaveError("save has %d bytes after its last move" % (n - k))
    return s


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
