"""The turn screen: the board, the hand and the step of the turn being
built (``hw.match.turn``'s ``Turn``, the app's one).  Start opens the pause
menu, Select a stone's detail, B while choosing a card a hint (with the
menu's Hints on; in a linked match, on both boards), a lost link's B
gives up; the other buttons go to the turn, and what the player decided
to ``hw.match.play``.  A screen's module (``hw.screens.MODULES``), loaded while
it is shown.
"""

from micropython import const

from engine.game import N_STONES
from hw import buttons
from hw.match import play
from hw.screens import DETAIL, HINT, PAUSE, TURN

_CARD = const(0)  # hw.match.turn's phase (tests/test_layers.py holds it equal)


def press(app, button):
    """A button of a turn (see the module's docstring)."""
    if app.link_lost():
        if button == buttons.B:  # give up waiting for the other board
            app.link.give_up(app)
        return
    if button == buttons.START:
        app.choice = 0
        app.go(PAUSE, TURN)
    elif button == buttons.SELECT:
        app.go(DETAIL, TURN)
        cursor = app.turn.stone_cursor
        app.detail_stone = cursor if cursor < N_STONES else 0
    elif button == buttons.B and app.turn.phase == _CARD and app.hints_on and (
            not app.linked() or app.link.session.hints):
        app.go(HINT)  # (hw.screens.hint: "Thinking...", then the hard level's move on a notice, then the turn)
        app.thought = False
    else:
        play.decide(app, app.turn.press(button))


def lines(app):
    """None: the board; a silent link's panel over it."""
    return ["", app.t("link_lost"), "", app.t("give_up")] if app.link_lost() else None
