"""A linked game between two boards: handshake, fair deal, lockstep moves.

Each board runs one ``Session`` over a ``Channel``.  The handshake agrees on
the protocol version and the settings and, by commit-reveal
(``engine.fairdeal``), makes the shuffle seed and picks the leader from
both boards' secrets: neither board can choose the deal or its seat.  A
board that has shown its secret never takes part in another deal of that
session: the other board, which then knows both secrets and so the deal,
could otherwise drop it and try again until it liked one.  So once this
board has revealed, the other board beginning anew (a new conversation,
``HELLO`` or ``RESUME``) before the deal, abandoning the dealt match before
its first move, or keeping its own secret longer than ``REVEAL_MS``, stops
the session with ``error`` said; a new link is then the player's choice.
Then both run the same engine in lockstep and
exchange only moves; every move carries its turn number and the hash of the
public state after it.  Anything a fair peer could not send (a card it was
not dealt, an unprovable claim, a "claim all" where claims are spelt out,
a move out of turn or for another turn, a reveal that does not match its
commitment, a different state) stops the
session with ``error`` set, and the game on this side does not change (a
second HELLO, once the deal is made, stops it too).

A board that lost power rebuilds its match from its save (``engine.save``)
and rejoins with a ``Session`` given ``resume=(match, seat)``: instead of
the handshake, both boards send ``RESUME`` and compare their saves: with
the same settings and seed, one seat each, as many moves and the same
table, both play on.  A board whose save is a few of its own moves ahead
(the other was switched off while it played) checks that the other's save
is where its own was before them, and sends those moves again as ``MOVE``
and ``RETURN``, which the other board takes as usual.  (A board saves its
move before it next polls the channel: its save never lacks a move of its
own that the other holds.)  Anything else (another game, the same seat,
saves that differ, a ``HELLO`` against a ``RESUME``) stops the session,
nothing changed.

Messages (payloads, after the channel's framing; docs/link.md has more):
    HELLO   version, variant, rounds, flags, commitment (32)
    REVEAL  secret (16)
    MOVE    turn (2), move (4, big-endian, 27 bits), public hash after it (8)
    RETURN  turn (2), first card, second card (PASS for none), public hash (8)
    RESUME  version, variant, rounds, seat, seed (4), moves of the match (2),
            public hash of its game after them (8), flags

``flags``: bit 0, this board's player allows hints (the menu's Hints row):
the match has them (``Session.hints``) when both boards allow them.

``RETURN`` is the second half of a Scout's turn in the tactics variant: the
same board sends the Scout's ``MOVE``, then the cards it puts back.  Each
message is a turn of its own: a Scout takes two turn numbers.  A ``MOVE``
while a return is owed, or a ``RETURN`` when none is, is out of turn.
"""

from micropython import const

from engine import TICKS_MASK
from engine.fairdeal import SECRET_BYTES, commitment, deal, public_hash, release, verify
from engine.match import Match
from engine.moves import MOVE_BITS, move_card, move_second, return_move

VERSION = const(6)  # 2: four-byte moves (tactics), RETURN; 3: RESUME, and frames with an epoch;
# 4: the public hash is two CRC-32s (SHA-256 before); 5: the generator's second version (engine.rng);
# 6: HELLO and RESUME say whether hints are allowed
# Message kinds: the channel leaves kinds from FIRST_KIND (16) up to us.
HELLO = const(16)
_REVEAL = const(17)
MOVE = const(18)
RETURN = const(19)
RESUME = const(20)

_MOVE_BYTES = const(14)
_RETURN_BYTES = const(12)
_RESUME_BYTES = const(19)
_HELLO_BYTES = const(36)
_HINTS = const(1)  # a flag of HELLO and RESUME: this board allows hints
_AHEAD = const(6)  # the most moves a save may be ahead of the other's (they are sent again)
_CLAIM_ALL = const(8)  # AUTO_CLAIM (1 << 19: engine.moves) in the move's second byte: never sent
REVEAL_MS = const(10000)  # the longest the other board may keep its secret once it has ours

# Where a session stands.
GREETING = const(0)
_REVEALING = const(1)
PLAYING = const(2)
FAILED = const(3)

# What happened (``Session.happened``, bits the app takes once, to show
# them: ``take``): the app is told, it never counts moves or rounds.
MOVED = const(1)  # a move of the other board's arrived
SCORED = const(2)  # a round was scored and the next dealt (after either board's move)


class Session:
    def __init__(self, channel, variant, rounds, random_bytes, resume=None, hints=False):
        """``random_bytes(n)`` gives n unpredictable bytes (os.urandom).
        ``hints``: this board's player allows hints; ``Session.hints``,
        once the other board has said, whether both do.
        ``resume``: ``(match, seat)``, a match rebuilt from this board's
        save (``engine.restore.resume``) and the seat this board plays in it,
        to rejoin that game rather than deal a new one; a round the save
        ends but has not scored is scored here (and the next one dealt)."""
        self.channel = channel
        self.pending = channel.pending  # the app's face of the line (see "what the app asks")
        self.poll = channel.poll
        self.lost = channel.lost
        channel.openers = (HELLO, RESUME)  # a conversation begins with one of these
        self.variant = variant
        self.rounds = rounds
        self.random_bytes = random_bytes
        self.state = GREETING
        self.error = ""
        self.secret = bytes(random_bytes(SECRET_BYTES))
        self.commit = b""  # our commitment, once made
        self.their_commit = b""
        self.leader = -1
        self.match = None  # type: Match | None
        self.seat = -1  # the player this board plays: the leader is 0
        self.turn = 0  # moves played in this round
        self.last = None  # (card or PASS, stone, claims) of the last move, either board's
        self.resuming = resume  # (match, seat) until the other board agrees
        self.now = 0  # the time of the last bytes fed
        self.revealed_at = -1  # when our secret went out (-1: not yet)
        self.redeal = False  # stopped: the other board sought another deal (see _restarted)
        self.happened = 0  # MOVED | SCORED, until the app takes them (take)
        self.allows = hints  # this board allows hints
        self.hints = False  # both boards do (said by the other's HELLO or RESUME)
        if resume is not None:
            match = resume[0]
            if match.game.variant != variant or match.rounds != rounds or resume[1] not in (0, 1):
                raise ValueError("not the saved match's settings")
            _score(match)

    # -- handshake ---------------------------------------------------------

    def start(self):
        if self.resuming is not None:
            self.channel.send(RESUME, self._resume_message())
            return
        self.channel.send(HELLO, bytes((VERSION, self.variant, self.rounds, self._flags())) + self._commitment())

    def _flags(self):
        return _HINTS if self.allows else 0

    def _said(self, flags):
        # The other board's flags: hints when both boards allow them.
        self.hints = bool(self.allows and flags & _HINTS)

    def _commitment(self):
        if not self.commit:
            self.commit = commitment(self.secret)
        return self.commit

    def _fail(self, reason):
        self.state = FAILED
        self.error = reason
        release()  # (a handshake cut short)

    def _hello(self, p):
        if self.state != GREETING:
            # Once the deal is made, a HELLO can only mean the other board
            # started over, or is trying to choose a new deal.
            return self._fail("the other board restarted the link")
        if self.resuming is not None:
            return self._fail("the other board started a new game")
        if p and p[0] != VERSION:  # (an older board's HELLO is shorter: its version said first)
            return self._fail("protocol version %d, ours is %d" % (p[0], VERSION))
        if len(p) != _HELLO_BYTES:
            return self._fail("bad hello")
        if p[1] != self.variant or p[2] != self.rounds:
            return self._fail("the other board chose other settings")
        self._said(p[3])
        self.their_commit = bytes(p[4:_HELLO_BYTES])
        if self.their_commit == self._commitment():
            return self._fail("the other board sent our own commitment back")
        self.state = _REVEALING
        self.revealed_at = self.now
        self.channel.send(_REVEAL, self.secret)

    def _reveal(self, p):
        if self.state != _REVEALING or len(p) != SECRET_BYTES:
            return self._fail("unexpected reveal")
        theirs = bytes(p)
        if not verify(theirs, self.their_commit):
            return self._fail("the other board's secret does not match its commitment")
        seed, i_lead = deal(self.secret, theirs)
        release()  # no more SHA-256 in this link: a board without hashlib gets its heap back
        self.leader = 1 if i_lead else 0
        self.match = Match(seed, self.rounds, self.variant)
        self.seat = 0 if self.leader else 1
        self.turn = 0
        self.state = PLAYING

    # -- resuming a saved game ---------------------------------------------

    def _resume_message(self):
        match, seat = self.resuming
        seed = match.seed
        n = match.move_count()
        return bytes((VERSION, self.variant, self.rounds, seat, seed >> 24, seed >> 16 & 255,
                      seed >> 8 & 255, seed & 255, n >> 8, n & 255)) + public_hash(match.game) + bytes((self._flags(),))

    def _resume(self, p):
        if self.state == PLAYING:
            return self._fail("the other board restarted the link")
        if self.resuming is None:  # (a resuming session is never _REVEALING)
            return self._fail("the other board resumes a saved game")
        if p and p[0] != VERSION:  # (an older board's RESUME is shorter: its version said first)
            return self._fail("protocol version %d, ours is %d" % (p[0], VERSION))
        if len(p) != _RESUME_BYTES or p[3] > 1:
            return self._fail("bad resume")
        mine = self._resume_message()
        if p[1] != mine[1] or p[2] != mine[2] or bytes(p[4:8]) != mine[4:8]:
            return self._fail("the other board saved another game")
        if p[3] == mine[3]:
            return self._fail("the other board has our seat")
        match, seat = self.resuming
        ours = match.move_count()
        theirs = p[8] << 8 | p[9]
        digest = bytes(p[10:18])
        if theirs > ours + _AHEAD or ours > theirs + _AHEAD:
            return self._fail("the saves are too far apart")
        self._said(p[18])
        if theirs == ours and digest != mine[10:18]:
            return self._fail("the saved games differ")
        if theirs > ours:
            # We are behind: the other board sends the moves we lack, all
            # its own (a board never sends a move before saving it).
            if match.over():
                return self._fail("the saved games differ")
            if match.game.to_move == seat:
                return self._fail("a board lost its own move")
        elif ours > theirs:
            prefix, again = self._again(match, seat, theirs)
            if again is None:
                return self._fail("a board lost its own move")
            if prefix != digest:
                # (The other board waits for our moves: it sees the link
                # lost once this board stops.)
                return self._fail("the saved games differ")
        self.resuming = None
        self.match = match
        self.seat = seat
        self.leader = 1 if seat == 0 else 0
        game = match.game
        self.turn = 0 if match.over() else game.move_count()
        self.last = game.last_played() if game.move_count() else None
        self.state = PLAYING
        if ours > theirs:
            for kind, msg in again:
                if not self.channel.send(kind, msg):
                    return self._fail("the other board stopped answering")

    def _again(self, match, seat, theirs):
        # Replays our first ``theirs`` moves (where the other board's save
        # ends) on a new match: ``(its public hash, the messages of our
        # moves after them as play made them)``, no messages (None) when
        # one of those moves is not ours.
        moves = match.moves()
        copy = Match(match.seed, match.rounds, match.game.variant)
        game = copy.game
        for i in range(theirs):
            game.apply(moves[i])
            _score(copy)
        prefix = public_hash(game)
        out = []
        for i in range(theirs, len(moves)):
            if game.to_move != seat:
                return prefix, None
            m = moves[i]
            owed = game.returns
            game.apply(m)
            turn = game.move_count()
            if owed:
                out.append((RETURN, return_message(turn, m, public_hash(game))))
            else:
                out.append((MOVE, move_message(turn, m, public_hash(game))))
            _score(copy)
        return prefix, out

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
        returning = game.returns
        game.apply(m)
        # Sent as it took effect (a claim after a winning one is moot, and
        # left out): the message is then the one a resume sends again.
        m = game.last_move()
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
        if len(p) != (_MOVE_BYTES if kind == MOVE else _RETURN_BYTES):
            return self._fail("a malformed move message")
        if game.over() or game.to_move == self.seat:
            return self._fail("a move out of turn")
        owed = game.returns
        if kind == MOVE and owed:
            return self._fail("a move out of turn: the Scout's cards must go back first")
        if kind == RETURN and not owed:
            return self._fail("a move out of turn: no cards are owed")
        turn = p[0] << 8 | p[1]
        if turn != self.turn + 1:
            return self._fail("a move for turn %d, expected %d" % (turn, self.turn + 1))
        if kind == MOVE:
            if p[2] >> (MOVE_BITS - 24) or p[3] & _CLAIM_ALL:  # (claims are spelt out)
                return self._fail("an illegal move: malformed move")
            m = p[2] << 24 | p[3] << 16 | p[4] << 8 | p[5]
        else:
            if p[2] >= 64 or p[3] >= 64:
                return self._fail("an illegal move: malformed move")
            m = return_move(p[2], p[3])
        err = game.check(m)
        if err:
            return self._fail("an illegal move: " + err)
        game.apply(m)
        if public_hash(game) != bytes(p[len(p) - 8 :]):
            game.undo()
            return self._fail("the boards disagree about the table")
        self.turn = turn
        self.last = game.last_played()  # kept: the round may be dealt anew now
        self.happened |= MOVED
        self._round_end()

    def _round_end(self):
        # Both boards score a finished round and deal the next at the same
        # move, so neither waits for the other's screens.
        match = self.match
        if match is not None and match.game.over() and not match.over():
            match.finish_round()  # after the last round, nothing is dealt
            self.turn = 0
            self.happened |= SCORED

    # -- what the app asks of the line (never the channel itself) -----------

    # ``pending()``, ``poll(now)`` and ``lost(now)`` are the channel's own
    # (bound in ``__init__``): messages not yet acknowledged, the next frame
    # for the port, and whether the other board has been silent too long.
    # ``take()`` says what the app has to show (MOVED, SCORED), once.

    def take(self):
        """What happened since the app last took it (MOVED | SCORED), then
        nothing until more happens."""
        happened = self.happened
        self.happened = 0
        return happened

    def peer_began(self):
        """0; or, when the other board began a new conversation, RESUME if
        it resumes a match, else its message's kind."""
        return self.channel.restart_kind if self.channel.restarted else 0

    def forget_peer_began(self):
        self.channel.restarted = False

    # -- the line ----------------------------------------------------------

    def feed(self, data, now):
        """Bytes from the line: through the channel, then handled.  When
        the other board began a new conversation (``channel.restarted``)
        and this board has shown its secret, the session stops (see the
        module's doc); else the caller begins anew with it.  A ``HELLO``
        with a commitment this session knows (the other board's replayed,
        or ours sent back by a looped cable) is no new conversation: it
        is dropped as a duplicate."""
        self.now = now
        pos = 0
        n = len(data)
        while pos < n and self.state != FAILED:
            pos += self.channel.feed(data[pos:], now=now)
            if self.channel.restarted:
                self._restarted()
            self.pump()

    def _restarted(self):
        if self.channel.decoder.payload()[4:] in (self.commit, self.their_commit):
            # This link's own HELLO again, the other board's replayed or
            # ours sent back (a looped cable): a duplicate, not a new game
            # (a new one commits to a new secret; a RESUME is shorter).
            self.channel.restarted = False
        elif self.state == _REVEALING:
            self._refuse("the other board restarted before the deal, with our secret")
        elif self.state == PLAYING and self.resuming is None and self.channel.restart_kind != RESUME \
                and self.match is not None and self.match.move_count() == 0:
            self._refuse("the other board dropped the deal before the first move")

    def _refuse(self, reason):
        self._fail(reason)
        self.redeal = True

    def tick(self, now):
        """Time passes: the other board keeping its secret longer than
        ``REVEAL_MS`` once it has ours stops the session."""
        if self.state == _REVEALING and (now - self.revealed_at) & TICKS_MASK > REVEAL_MS:
            self._refuse("the other board kept its secret")

    def pump(self):
        """Handle every message the channel has received."""
        got = self.channel.receive()
        while got is not None and self.state != FAILED:
            kind, payload = got
            if kind == HELLO:
                self._hello(payload)
            elif kind == _REVEAL:
                self._reveal(payload)
            elif kind == MOVE or kind == RETURN:
                self._move(kind, payload)
            elif kind == RESUME:
                self._resume(payload)
            else:
                self._fail("unknown message %d" % kind)
            got = self.channel.receive()


def _score(match):
    # Score a round that is over and deal the next, as both boards do at
    # the round's last move.
    if match.game.over() and not match.over():
        match.finish_round()


def move_message(turn, m, digest):
    """The payload of a ``MOVE``: turn, move (27 bits), state hash."""
    return bytes((turn >> 8, turn & 255, m >> 24 & 255, m >> 16 & 255, m >> 8 & 255, m & 255)) + digest


def return_message(turn, m, digest):
    """The payload of a ``RETURN``: turn, the two cards of return move
    ``m`` (PASS for none), state hash."""
    return bytes((turn >> 8, turn & 255, move_card(m), move_second(m))) + digest
