"""A notice: lines to read (``App.notice``), A or B to go on to the screen
it names (``App.after``).  A screen's module (``hw.screens.MODULES``)."""

from hw import buttons


def press(app, button):
    if button == buttons.A or button == buttons.B:
        app.mode = app.after


def lines(app):
    return list(app.lines) + ["", app.t("press_a")]
