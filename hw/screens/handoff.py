"""Pass-and-play's hand-over: the device goes to the player to move, who
presses A to see their hand.  A screen's module (``hw.screens.MODULES``)."""

from hw import buttons
from hw.lang.strings import own
from hw.screens import TURN


# This screen's own words, in each language (hw.lang.strings.pick's order), read
# through hw.lang.strings.own: here, not in the language tables, so that they are
# on the heap only while this module is loaded.
_T = (
    {  # en
        "hand_to": "Hand the device",
        "to_player": "to player %d",
    },
    {  # fr
        "hand_to": "Passez la console",
        "to_player": "au joueur %d",
    },
    {  # es
        "hand_to": "Pasa la consola",
        "to_player": "al jugador %d",
    },
)


def press(app, button):
    if button == buttons.A:
        app.go(TURN)


def lines(app):
    t = own(app, _T)
    return ["", t("hand_to"), t("to_player") % (app.game.to_move + 1), "", t("press_a")]
