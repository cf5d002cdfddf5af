"""A linked game between two boards: handshake, fair deal, lockstep moves.

Each board runs one ``Session`` over a ``Channel``.  The handshake agrees on
the protocol version and the settings and, by commit-reveal
(``engine.fairdeal``), makes the shuffle seed and picks the leader from
both boards' secrets: neither board can choose the deal or its seat.  Then both run the same engine in lockstep and
exchange only moves; every move carries its turn number and the hash of the
public state after it.  Anything a fair peer could not send (a card it was
not dealt, an unprovable claim, a move out of turn or for another turn, a
reveal that does not match its commitment, a different state) stops the
session with ``error`` set, and the game on this side does not change (a
second HELLO, once the deal is made, stops it too).

Messages (payloads, after the channel's framing; docs/link.md has more):
    HELLO   version, variant, rounds, commitment (32)
    REVEAL  secret (16)
    MOVE    turn (2), move (4, big-endian, 27 bits), public hash after it (8)
    RETURN  turn (2), first card, second card (PASS for none), public hash (8)

``RETURN`` is the second half of a Scout's turn in the tactics variant: the
same board sends the Scout's ``MOVE``, then the cards it puts back.  Each
message is a turn of its own: a Scout takes two turn numbers.  A ``MOVE``
while a return is owed, or a ``RETURN`` when none is, is out of turn.
"""

from micropython import const

from engine.fairdeal import SECRET_BYTES, commitment, deal, public_hash, verify
from engine.match import Match

VERSION = const(2)  # 2: four-byte moves (tactics), RETURN
# Message kinds: the channel leaves kinds from FIRST_KIND (16) up to us.
HELLO = const(16)
REVEAL = const(17)
MOVE = const(18)
RETURN = const(19)

MOVE_BYTES = const(14)
RETURN_BYTES = const(12)
_PASS = const(63)  # engine.game.PASS
_RETURN_SHIFT = const(21)  # engine.tactics.RETURN_SHIFT
_MOVE_BITS = const(27)

# Where a session stands.
GREETING = const(0)
REVEALING = const(1)
PLAYING = const(2)
FAILED = const(3)


class Session:
    def __init__(self, channel, variant, rounds, random_bytes):
        """``random_bytes(n)`` gives n unpredictable bytes (os.urandom)."""
        self.channel = channel
        self.variant = variant
        self.rounds = rounds
        self.random_bytes = random_bytes
        self.state = GREETING
        self.error = ""
        self.secret = bytes(random_bytes(SECRET_BYTES))
        self.their_commit = b""
        self.leader = -1
        self.match = None  # type: Match | None
        self.seat = -1  # the player this board plays: the leader is 0
        self.turn = 0  # moves played in this round
        self.last = None  # (card or PASS, stone, claims) of the last move, either board's

    # -- handshake ---------------------------------------------------------

    def start(self):
        msg = bytes((VERSION, self.variant, self.rounds)) + commitment(self.secret)
        self.channel.send(HELLO, msg)

    def _fail(self, reason):
        self.state = FAILED
        self.error = reason

    def _hello(self, p):
        if self.state != GREETING:
            # Once the deal is made, a HELLO can only mean the other board
            # started over, or is trying to choose a new deal.
            return self._fail("the other board restarted the link")
        if len(p) != 35:
            return self._fail("bad hello")
        if p[0] != VERSION:
            return self._fail("protocol version %d, ours is %d" % (p[0], VERSION))
        if p[1] != self.variant or p[2] != self.rounds:
            return self._fail("the other board chose other settings")
        self.their_commit = bytes(p[3:35])
        if self.their_commit == commitment(self.secret):
            return self._fail("the other board sent our own commitment back")
        self.state = REVEALING
        self.channel.send(REVEAL, self.secret)

    def _reveal(self, p):
        if self.state != REVEALING or len(p) != SECRET_BYTES:
            return self._fail("unexpected reveal")
        theirs = bytes(p)
        if not verify(theirs, self.their_commit):
            return self._fail("the other board's secret does not match its commitment")
        seed, i_lead = deal(self.secret, theirs)
        self.leader = 1 if i_lead else 0
        self.match = Match(seed, self.rounds, self.variant)
        self.seat = 0 if self.leader else 1
        self.turn = 0
        self.state = PLAYING

    # -- play --------------------------------------------------------------

    def my_turn(self):
        """Is it this board's move (a Scout's return included)?"""
        match = self.match
        if match is None or self.state != PLAYING:
            return False
        return not match.game.over() and match.game.to_move == self.seat

    def play(self, m):
        """Play this board's move ``m`` (explicit claims) and send it.
        After a Scout, ``m`` is the return move (the cards put back)."""
        if self.match is None or not self.my_turn():
            raise ValueError("not this board's turn")
        game = self.match.game
        m = game.spell_claims(m)
        err = game.check(m)
        if err:
            raise ValueError(err)
        returning = _owed(game)
        game.apply(m)
        self.turn += 1
        if returning:
            kind = RETURN
            msg = return_message(self.turn, m, public_hash(game))
        else:
            kind = MOVE
            msg = move_message(self.turn, m, public_hash(game))
        if not self.channel.send(kind, msg):
            # Eight messages unacknowledged: the other board is not taking
            # them.  Take the move back rather than drift apart.
            game.undo()
            self.turn -= 1
            return self._fail("the other board stopped answering")
        self.last = game.last_played()
        self._round_end()

    def _move(self, kind, p):
        game = self.match.game if self.match else None
        if self.state != PLAYING or game is None:
            return self._fail("unexpected move")
        if len(p) != (MOVE_BYTES if kind == MOVE else RETURN_BYTES):
            return self._fail("a malformed move message")
        if game.over() or game.to_move == self.seat:
            return self._fail("a move out of turn")
        owed = _owed(game)
        if kind == MOVE and owed:
            return self._fail("a move out of turn: the Scout's cards must go back first")
        if kind == RETURN and not owed:
            return self._fail("a move out of turn: no cards are owed")
        turn = p[0] << 8 | p[1]
        if turn != self.turn + 1:
            return self._fail("a move for turn %d, expected %d" % (turn, self.turn + 1))
        if kind == MOVE:
            if p[2] >> (_MOVE_BITS - 24):
                return self._fail("an illegal move: malformed move")
            m = p[2] << 24 | p[3] << 16 | p[4] << 8 | p[5]
        else:
            if p[2] >= 64 or p[3] >= 64:
                return self._fail("an illegal move: malformed move")
            m = p[2] | p[3] << _RETURN_SHIFT
        err = game.check(m)
        if err:
            return self._fail("an illegal move: " + err)
        game.apply(m)
        if public_hash(game) != bytes(p[len(p) - 8 :]):
            game.undo()
            return self._fail("the boards disagree about the table")
        self.turn = turn
        self.last = game.last_played()  # kept: the round may be dealt anew now
        self._round_end()

    def _round_end(self):
        # Both boards score a finished round and deal the next at the same
        # move, so neither waits for the other's screens.
        match = self.match
        if match is not None and match.game.over() and not match.over():
            match.finish_round()  # after the last round, nothing is dealt
            self.turn = 0

    # -- the line ----------------------------------------------------------

    def feed(self, data, now):
        """Bytes from the line: through the channel, then handled."""
        pos = 0
        n = len(data)
        while pos < n and self.state != FAILED:
            pos += self.channel.feed(data[pos:], now=now)
            self.pump()

    def pump(self):
        """Handle every message the channel has received."""
        got = self.channel.receive()
        while got is not None and self.state != FAILED:
            kind, payload = got
            if kind == HELLO:
                self._hello(payload)
            elif kind == REVEAL:
                self._reveal(payload)
            elif kind == MOVE or kind == RETURN:
                self._move(kind, payload)
            else:
                self._fail("unknown message %d" % kind)
            got = self.channel.receive()


def _owed(game):
    # Cards the player to move owes the piles after a Scout (tactics only).
    return getattr(game, "returns", 0)


def move_message(turn, m, digest):
    """The payload of a ``MOVE``: turn, move (27 bits), state hash."""
    return bytes((turn >> 8, turn & 255, m >> 24 & 255, m >> 16 & 255, m >> 8 & 255, m & 255)) + digest


def return_message(turn, m, digest):
    """The payload of a ``RETURN``: turn, the two cards of return move
    ``m`` (PASS for none), state hash."""
    return bytes((turn >> 8, turn & 255, m & 63, m >> _RETURN_SHIFT & 63)) + digest
