"""The app's side of a linked match: loaded only when one is played.

Functions of the app (``hw.app.App``), which calls them through small
methods of the same names: starting a link (a new match or a saved one to
resume), each tick's reading and writing of the serial port, a board that
talks anew, giving up, and delivering a finished match's last move.
"""

from engine import TICKS_MASK
from engine.channel import Channel
from engine.game import TACTICS
from engine.session import FAILED, PLAYING, Session
from engine.session import RESUME as RESUME_KIND
from hw import words
from hw.screens import LINKING, MENU, REMOTE, RESUME, ROUND_END


def start(app, resume=None):
    """A linked match: a new one, or ``resume`` = (match, seat), a saved
    one both boards hold (engine.session checks that they match)."""
    if app.port is None:
        app.port = app.link_port()
    reset = getattr(app.port, "reset_input_buffer", None)
    if reset is not None:
        reset()  # what an earlier conversation left in the receive buffer
    # This conversation's mark (engine.channel): 1 to 255, never the last one's.
    epoch = app.random_bytes(1)[0] % 255 + 1
    if epoch == app.epoch:
        epoch = epoch % 255 + 1
    app.epoch = epoch
    if resume is not None:
        app.variant = resume[0].game.variant
        app.rounds = resume[0].rounds
    app.session = Session(Channel(epoch=epoch), app.variant, app.rounds, app.random_bytes, resume)
    app.session.start()
    app.resuming = resume
    app.draining = None
    app.link_lost = False
    app.bots = [None, None]  # no bot from an earlier game plays here
    app.match = None
    app.seen_moves = 0
    app.seen_rounds = 0
    app.events = []
    app.message = ""
    app.mode = LINKING


def peer_restarted(app, session):
    # The other board talks anew (engine.channel: a new conversation):
    # switched off and on and resuming, or into another game.
    app.dirty = True
    app.draining = None
    match, seat = linked_match(app, session)
    app.turn.cancel()
    resumes = session.peer_began() == RESUME_KIND
    if match is None or (not resumes and match.move_count() == 0):
        start(app)  # it began a handshake (again): so does this one
    elif resumes:
        start(app, (match, seat))  # resume with it, from where this board stands
    elif match.over():
        # It started another game: this one is over anyway.
        session.forget_peer_began()  # (the summary stays as it is)
        if app.mode == LINKING:
            app.end_link()
            app.mode = MENU
    else:
        # It started another game: this match stays saved and on offer.
        app.end_link()
        app.offer_match(match, seat)
        app.notice([app.t("link_stopped"), "the other board started a new game"], RESUME)


def linked_match(app, session):
    # (match, seat) of the linked match in play, or being resumed (a
    # resume the other board has not answered yet); (None, 0) if none.
    if session is not None and session.match is not None:
        return session.match, session.seat
    if app.resuming is not None:
        return app.resuming
    return None, 0


def give_up(app):
    # Stop waiting for the other board.  A linked match under way stays
    # saved and on offer: both boards choose "resume" to go on with it.
    app.turn.cancel()  # the match on offer is the match as played
    match, seat = linked_match(app, app.session)
    app.end_link()
    if match is not None and not match.over():
        app.offer_match(match, seat)
    else:
        app.mode = MENU


def step(app, now):
    session = app.session
    port = app.port
    data = port.read(256)
    if data:
        session.feed(data, now)
        if session.peer_began() and session.state != FAILED:
            return peer_restarted(app, session)
    session.tick(now)
    _send(port, session, now)
    lost = session.lost(now)
    if lost != app.link_lost:
        app.link_lost = lost
        app.dirty = True
    if session.state == FAILED:
        error = session.error
        # A saved match that did not resume, or a match the link broke
        # off, stays saved and on offer.
        match, seat = linked_match(app, session)
        # (A deal the other board dropped before its first move: nothing
        # to keep; a new link deals anew.)
        kept = match is not None and (app.resuming is not None or not match.over() and match.move_count() > 0)
        app.turn.cancel()
        app.end_link()
        print("link stopped:", error)
        after = MENU
        if kept:
            app.offer_match(match, seat)
            after = RESUME
        lines = [app.t("link_stopped"), error]  # (the reason: the engine's, in English)
        if session.redeal:
            # Another deal is the player's choice, and each is counted.
            app.redeals += 1
            lines += [app.t("link_again"), app.t("redeals") % app.redeals]
        app.notice(lines, after)
        app.dirty = True
        return
    if app.mode == LINKING and session.state == PLAYING:
        app.match = session.match
        app.resuming = None  # resumed: saved from now on like any match
        app.dirty = True
        game = app.game
        # A resumed match may have moved on (the other board sent what
        # this one missed): show from here.
        app.seen_rounds = len(app.match.results)
        app.seen_moves = game.move_count()
        app.message = words.last_text(app) if game.move_count() else ""
        if app.match.over():
            # A match this board had finished, resumed so that the
            # other board gets its last move: the result again.
            app.recorded = app.match
            app.mode = ROUND_END
            return
        app.start_turn()
        return
    if app.match is None:
        return
    game = app.game
    rounds = len(app.match.results)
    if rounds > app.seen_rounds and app.mode == REMOTE:
        app.message = words.move_text(app, session.last)
        app.linked_round_over(game.to_move)
        app.dirty = True
    elif app.mode == REMOTE and game.move_count() > app.seen_moves:
        app.seen_moves = game.move_count()
        app.message = words.last_text(app)
        claims = session.last[2]
        if game.variant == TACTICS and game.last_turn()[3] >= 0:
            claims = 0  # a Scout's cards put back: its claims were shown with it
        if claims:
            app.events.append(("claim", 1 - app.me(), claims))
            app.flash_at = now
        app.dirty = True
        app.start_turn()


def _send(port, session, now):
    out = session.poll(now)
    while out is not None:
        port.write(bytes(out))
        out = session.poll(now)


def drain(app, now):
    session = app.draining
    data = app.port.read(256)
    if data:
        session.feed(data, now)
        if session.peer_began() and app.match is None:
            app.opponent = "link"
            return peer_restarted(app, session)
    _send(app.port, session, now)
    late = (now - app.drain_until) & TICKS_MASK < 0x10000000  # now is past drain_until
    if not session.pending() or late:
        app.draining = None
        if session.pending():
            # Not delivered: the whole match stays saved (offered at the
            # next power-up, to send the last move again) until the
            # settings are saved anew.
            app.saved_match = None
            app.saved_n = -1
