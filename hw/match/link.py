"""The app's side of a linked match: loaded only when one is played.

``Link``, the app's one reference to it (``App.link``, made at the first
link and kept): the serial port, the session of the linked match in play
(``engine.session``), a finished match's still delivering its last move,
a saved match being resumed, whether the other board has fallen silent,
and what the links since power-up leave behind (the last conversation's
mark, the deals the other board gave up).  Its methods, given the app:
starting a link (a new match or a saved one to resume), each tick's
reading and writing of the port, the link stopped, a board that talks
anew, giving up, and delivering a finished match's last move.  Its
screens, waiting for the other board and the other board's turn, are
``hw.screens.remote``'s: they show what the session says happened (the match
joined, the other board's move, a round scored) and play on with
``hw.match.play``, which this module never calls.
"""

try:
    from typing import Any  # noqa: F401  (type comments only; boards lack typing)
except ImportError:
    pass

from micropython import const

from engine import TICKS_MASK, unload
from engine.game import TACTICS
from hw.lang import words
from hw.screens import LINKING, MENU, REMOTE, RESUME, ROUND_END

# engine.session's numbers (tests/test_layers.py holds them equal): that
# module, and what it uses, are loaded while a link is in play (Link.start),
# and go when none is (Link.rest).
_FAILED = const(3)
_SCORED = const(2)
_SESSION_MODULES = ("engine.session", "engine.channel", "engine.frames", "engine.fairdeal", "engine.sha256")


def start(app, resume=None):
    """A linked match from this screen: the app's ``Link`` made if it has
    none, then ``Link.start``."""
    if app.link is None:
        app.link = Link(app.link_marks)
    app.link.start(app, resume)


class Link:
    def __init__(self, marks):
        """``marks``: the app's ``link_marks``, what links leave behind
        since power-up (the last conversation's mark, the deals the other
        board gave up), kept there when this goes (``rest``)."""
        self.port = None  # type: Any  # the board's (app.link_port: opened once, the same after)
        self.session = None  # type: Any  # the linked match's (None: none in play)
        self.draining = None  # type: Any  # a finished match's, sending its last move
        self.drain_until = 0
        self.lost = False  # the other board silent too long
        self.resuming = None  # type: Any  # (match, seat) of a saved match being resumed
        self.marks = marks

    def start(self, app, resume=None):
        """A linked match: a new one, or ``resume`` = (match, seat), a saved
        one both boards hold (engine.session checks that they match)."""
        if self.port is None:
            self.port = app.link_port()
        reset = getattr(self.port, "reset_input_buffer", None)
        if reset is not None:
            reset()  # what an earlier conversation left in the receive buffer
        # This conversation's mark (engine.channel): 1 to 255, never the last one's.
        epoch = app.random_bytes(1)[0] % 255 + 1
        if epoch == self.marks[0]:
            epoch = epoch % 255 + 1
        self.marks[0] = epoch
        if resume is not None:
            app.variant = resume[0].game.variant
            app.rounds = resume[0].rounds
        # Hints allowed (the menu's row), not in tactics: a board holding a
        # linked tactics match has no room for the hard level's thinking.
        from engine.channel import Channel
        from engine.session import Session

        self.session = Session(Channel(epoch=epoch), app.variant, app.rounds, app.random_bytes, resume,
                               app.hints_on and app.variant != TACTICS)
        self.session.start()
        self.resuming = resume
        self.draining = None
        self.lost = False
        app.bots = [None, None]  # no bot from an earlier game plays here
        app.match = None
        app.events = []
        app.message = ""
        app.go(LINKING)

    def end(self, app):
        """The link's match left (the match itself is the caller's)."""
        if self.session is not None:
            # A handshake given up may have loaded the SHA-256 code: drop it.
            from engine.fairdeal import release

            release()
        self.session = None
        app.match = None
        self.resuming = None
        self.lost = False

    def _restarted(self, app, session):
        # The other board talks anew (engine.channel: a new conversation):
        # switched off and on and resuming, or into another game.
        app.dirty = True
        self.draining = None
        match, seat = self._match(session)
        _cancel(app)
        from engine.session import RESUME as RESUME_KIND  # (a session is there: loaded)

        resumes = session.peer_began() == RESUME_KIND
        if match is None or (not resumes and match.move_count() == 0):
            self.start(app)  # it began a handshake (again): so does this one
        elif resumes:
            self.start(app, (match, seat))  # resume with it, from where this board stands
        elif match.over():
            # It started another game: this one is over anyway.
            session.forget_peer_began()  # (the summary stays as it is)
            if app.mode == LINKING:
                self.end(app)
                app.go(MENU)
        else:
            # It started another game: this match stays saved and on offer.
            self.end(app)
            app.offer_match(match, seat)
            app.notice([app.t("link_stopped"), "the other board started a new game"], RESUME)

    def _match(self, session):
        # (match, seat) of the linked match in play, or being resumed (a
        # resume the other board has not answered yet); (None, 0) if none.
        if session is not None and session.match is not None:
            return session.match, session.seat
        if self.resuming is not None:
            return self.resuming
        return None, 0

    def give_up(self, app):
        """Stop waiting for the other board.  A linked match under way stays
        saved and on offer: both boards choose "resume" to go on with it."""
        _cancel(app)  # the match on offer is the match as played
        match, seat = self._match(self.session)
        self.end(app)
        if match is not None and not match.over():
            app.offer_match(match, seat)
        else:
            app.go(MENU)

    def play(self, m):
        """This board's move ``m``, applied and sent; True when it ended
        the round (scored by the session, the next one dealt)."""
        session = self.session
        session.play(m)
        return session.take() & _SCORED  # (a move of this board's own: nothing else to tell)

    def joined(self, app):
        """The handshake done (the waiting screen's tick, ``hw.screens.remote``):
        the linked match is the app's; False when it is a finished one,
        resumed so that the other board gets its last move (its final board
        shown again), True when a turn starts."""
        session = self.session
        app.match = session.match
        was = self.resuming
        self.resuming = None  # resumed: saved from now on like any match
        app.dirty = True
        # A resumed match may have moved on (the other board sent what
        # this one missed): show from here.
        session.take()
        app.message = words.last_text(app) if app.game.move_count() else ""
        if app.match.over():
            # A match this board had finished, resumed so that the other
            # board gets its last move: the result again (recorded and
            # counted then, not again; a match the other board ended while
            # this one was off is recorded and counted now).
            app.keeper.recorded = was is None or was[0].over()
            app.go(ROUND_END)
            return False
        return True

    def next_round(self, app):
        # The summary seen: the other board may have opened the new round
        # meanwhile; say what it did.
        if app.game.move_count() and app.mode != REMOTE:
            app.message = words.last_text(app)
        self.session.take()

    def close(self, until):
        # The match over and its summary seen: keep sending until the
        # other board has our last move (at most until ``until``).
        session = self.session
        self.session = None
        if session.pending():
            self.draining = session
            self.drain_until = until

    def tick(self, app, now):
        """Time passes (``App.tick``): a linked match's tick (a move of this
        board saved before it leaves: a save never lacks a move the other
        board holds, engine.session: resume), or the sending of its last
        move after it (``close``)."""
        if self.session is not None:
            app.keeper.keep(app)
            self.step(app, now)
        elif self.draining is not None:
            self.drain(app, now)

    def step(self, app, now):
        """A tick of a linked match: the port read and written, the other
        board's silence, a board that talks anew, the link stopped.  What
        the session says happened in the match is shown by the other board's
        screens (``hw.screens.remote``'s tick: ``joined``, ``Session.take``)."""
        session = self.session
        port = self.port
        data = port.read(256)
        if data:
            session.feed(data, now)
            if session.peer_began() and session.state != _FAILED:
                return self._restarted(app, session)
        session.tick(now)
        _send(port, session, now)
        lost = session.lost(now)
        if lost != self.lost:
            self.lost = lost
            app.dirty = True
        if session.state == _FAILED:
            error = session.error
            # A saved match that did not resume, or a match the link broke
            # off, stays saved and on offer.
            match, seat = self._match(session)
            # (A deal the other board dropped before its first move: nothing
            # to keep; a new link deals anew.)
            kept = match is not None and (self.resuming is not None or not match.over() and match.move_count() > 0)
            _cancel(app)
            self.end(app)
            print("link stopped:", error)
            after = MENU
            if kept:
                app.offer_match(match, seat)
                after = RESUME
            lines = [app.t("link_stopped"), error]  # (the reason: the engine's, in English)
            if session.redeal:
                # Another deal is the player's choice, and each is counted.
                self.marks[1] = min(255, self.marks[1] + 1)
                lines += [app.t("link_again"), app.t("redeals") % self.marks[1]]
            app.notice(lines, after)
            app.dirty = True

    def drain(self, app, now):
        """A tick after a linked match's summary: its last move sent until
        the other board has it (or the time is up)."""
        session = self.draining
        data = self.port.read(256)
        if data:
            session.feed(data, now)
            if session.peer_began() and app.match is None:
                app.opponent = "link"
                return self._restarted(app, session)
        _send(self.port, session, now)
        late = (now - self.drain_until) & TICKS_MASK < 0x10000000  # now is past drain_until
        if not session.pending() or late:
            self.draining = None
            if session.pending():
                # Not delivered: the whole match stays saved (offered at the
                # next power-up, to send the last move again) until the
                # settings are saved anew.
                app.keeper.saved(None)
            session = None
            self.rest(app)

    def rest(self, app):
        """No linked match in play, being resumed or delivering its last
        move: the link goes, and its code (this module, engine.session and
        what it uses) back to the heap, loaded again by the next
        ``start``; what it leaves behind is in ``app.link_marks``."""
        if self.session is None and self.draining is None and self.resuming is None and app.link is self:
            app.link = None
            for name in _SESSION_MODULES:
                unload(name)
            unload("hw.match.link")


def _cancel(app):
    # The turn being built given up (a claim shown tentatively taken back).
    if app.turn is not None:
        app.turn.cancel()


def _send(port, session, now):
    out = session.poll(now)
    while out is not None:
        port.write(bytes(out))
        out = session.poll(now)
