"""The other board's screens in a linked match: waiting for it (the
handshake, a resume) and its turn.  A screen's module
(``hw.screens.MODULES``), loaded while one of them is shown; the link
itself is ``hw.match.link``'s, which reads and writes the port: these show
what the session says happened (the match joined, the other board's
move, a round scored) and play on (``hw.match.play``).
"""

from micropython import const

from engine.game import TACTICS
from hw import buttons
from hw.lang import words
from hw.match import play
from hw.screens import LINKING, PAUSE, REMOTE

_S_LINK = const(5)  # hw.sound's LINK (tests/test_layers.py holds it equal)
# engine.session's numbers (tests/test_layers.py holds them equal).
_PLAYING = const(2)
_MOVED = const(1)
_SCORED = const(2)


def press(app, button):
    """Waiting for the other board, B (or Start) gives up; in its turn,
    Start pauses, and B gives up once it has fallen silent."""
    if app.mode == LINKING:
        if button == buttons.B or button == buttons.START:
            app.link.give_up(app)
    elif app.link.lost and button == buttons.B:
        app.link.give_up(app)
    elif button == buttons.START:
        app.choice = 0
        app.go(PAUSE, REMOTE)


def tick(app, now):
    """What the session says happened (``Link.step`` read it off the port):
    the handshake done, the match begun or resumed; the other board's move,
    or the round it scored; each told once (``Session.take``)."""
    link = app.link
    session = link.session
    if session is None or session.state != _PLAYING:
        return
    if app.mode == LINKING:
        if link.joined(app):
            play.start_turn(app)
        return
    happened = session.take()
    if happened & _SCORED:
        app.message = words.move_text(app, session.last)
        play.round_ended(app, app.match.results[-1][0])
    elif happened & _MOVED:
        play.beep(app, _S_LINK)  # (hw.sound's: the other board's move is here)
        app.message = words.last_text(app)
        claims = session.last[2]
        if app.game.variant == TACTICS and app.game.last_turn()[3] >= 0:
            claims = 0  # a Scout's cards put back: its claims were shown with it
        if claims:
            app.events.append(("claim", 1 - app.me(), claims))
            app.flash_at = now
        play.start_turn(app)
    if happened:
        app.dirty = True


def lines(app):
    """The waiting's panel (B, the way out, said: the other board may never
    answer), or a silent board's; None: the board."""
    t = app.t
    if app.mode == LINKING:
        out = ["", t("waiting_link"), t("other_board"), t("give_up")]
        if app.link.lost:
            out.insert(3, t("link_lost"))
        return out
    return ["", t("link_lost"), "", t("give_up")] if app.link.lost else None
