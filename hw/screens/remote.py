"""The other board's screens in a linked match: waiting for it (the
handshake, a resume) and its turn.  A screen's module
(``hw.screens.MODULES``), loaded while one of them is shown; the link
itself is ``hw.linkplay``'s.
"""

from hw import buttons
from hw.screens import LINKING, PAUSE, REMOTE


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
