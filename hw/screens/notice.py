"""A notice: lines to read (``App.notice``), A or B to go on to the screen
it names (``App.notice``: ``App.back``).  A screen's module (``hw.screens.MODULES``)."""

from hw import buttons


def press(app, button):
    if button == buttons.A or button == buttons.B:
        app.back()


def lines(app):
    return list(app.lines) + ["", app.t("press_a")]
