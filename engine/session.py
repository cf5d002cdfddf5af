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

Messages (payloads, after the channel's framing):
    HELLO   version, variant, rounds, commitment (32)
    REVEAL  secret (16)
    MOVE    turn (2), move (3), public hash after it (8)
"""

from micropython import const

from engine.fairdeal import SECRET_BYTES, commitment, deal, public_hash, verify
from engine.match import Match

VERSION = const(1)
# Message kinds: the channel leaves kinds from FIRST_KIND (16) up to us.
HELLO = const(16)
REVEAL = const(17)
MOVE = const(18)

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
        match = self.match
        if match is None or self.state != PLAYING:
            return False
        return not match.game.over() and match.game.to_move == self.seat

    def play(self, m):
        """Play this board's move ``m`` (explicit claims) and send it."""
        if self.match is None or not self.my_turn():
            raise ValueError("not this board's turn")
        game = self.match.game
        err = game.check(m)
        if err:
            raise ValueError(err)
        game.apply(m)
        self.turn += 1
        msg = bytes((self.turn >> 8, self.turn & 255, m & 255, m >> 8 & 255, m >> 16 & 255)) + public_hash(game)
        if not self.channel.send(MOVE, msg):
            # Eight messages unacknowledged: the other board is not taking
            # them.  Take the move back rather than drift apart.
            game.undo()
            self.turn -= 1
            return self._fail("the other board stopped answering")
        self.last = game.last_played()
        self._round_end()

    def _move(self, p):
        game = self.match.game if self.match else None
        if self.state != PLAYING or game is None or len(p) != 13:
            return self._fail("unexpected move")
        if game.over() or game.to_move == self.seat:
            return self._fail("a move out of turn")
        turn = p[0] << 8 | p[1]
        if turn != self.turn + 1:
            return self._fail("a move for turn %d, expected %d" % (turn, self.turn + 1))
        m = p[2] | p[3] << 8 | p[4] << 16
        err = game.check(m)
        if err:
            return self._fail("an illegal move: " + err)
        game.apply(m)
        if public_hash(game) != bytes(p[5:13]):
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
            elif kind == MOVE:
                self._move(payload)
            else:
                self._fail("unknown message %d" % kind)
            got = self.channel.receive()
