"""Pass-and-play's hand-over: the device goes to the player to move, who
presses A to see their hand.  A screen's module (``hw.screens.MODULES``)."""

from hw import buttons
from hw.screens import TURN


def press(app, button):
    if button == buttons.A:
        app.mode = TURN


def lines(app):
    t = app.t
    return ["", t("hand_to"), t("to_player") % (app.game.to_move + 1), "", t("press_a")]
