"""The app's loop, the same on a board and on the desktop.

A *board* here is anything with ``display`` (displayio), ``pixels`` (five
NeoPixels), ``buttons()`` (the app's buttons pressed since the last call)
and ``now()`` (milliseconds): ``hw.boards`` makes one from the real
hardware, ``sim.desk`` from a window and a keyboard.  The view draws the
app's state on the display, ``Lights`` on the NeoPixels.
"""

import gc

from micropython import const

from engine import TICKS_MASK
from engine.game import DRAW
from hw.app import App
from hw.screens import MATCH_END, MENU, QUIZ, REVIEW, ROUND_END
from hw.view import View

_FLASH_MS = const(700)
SEAT_COLOURS = ((0, 40, 120), (120, 20, 0))
CLAIM_COLOUR = (160, 120, 0)
IDLE_COLOUR = (8, 8, 8)


class Runner:
    def __init__(self, board, app=None):
        self.board = board
        self.app = app or App()
        self.app.controls = getattr(board, "controls", 0)  # for the help: the device's buttons
        self.view = View()
        board.display.root_group = self.view.root
        self.lights = Lights()
        self.refreshes = 0

    def step(self, pressed=()):
        """Handle ``pressed`` buttons, let time pass, and redraw what
        changed.  Returns True when the screen was refreshed.  What
        happened (``App.events``) is this step's alone: a match's would
        grow with every sound and claim on a board, where nobody reads
        them (the sim's screenshots read each step's)."""
        app = self.app
        del app.events[:]
        for b in pressed:
            app.press(b)
        app.tick(self.board.now())
        refreshed = False
        if app.dirty:
            self.redraw()
            refreshed = True
            gc.collect()
        if self.lights.update(app):
            pixels = self.board.pixels
            colours = self.lights.colours
            for i in range(len(colours)):
                pixels[i] = colours[i]
            pixels.show()
            self.board.show_pixels()
        return refreshed

    def redraw(self):
        """Draw the app's state and refresh the display."""
        self.app.dirty = False
        self.view.render(self.app)
        self.board.display.refresh()
        self.refreshes += 1

    def run(self):
        board = self.board
        while not getattr(board, "quit", False):
            self.step(board.buttons())
            board.idle()


class Lights:
    """The five NeoPixels' colours, from the app's state: ``update(app)``
    rebuilds them only when what they show changes (the menu, whose turn,
    a claim's flash, a human's win), and says so.  One colour per player,
    as on the screen."""

    def __init__(self):
        self.colours = [IDLE_COLOUR] * 5
        self._key = -1

    def update(self, app):
        mode = app.mode
        if mode == MENU or mode == REVIEW or mode == QUIZ or app.match is None:
            key = 0  # (a review's table, or a question's, is not a turn: no colour of whose)
        elif app.flash_at >= 0 and (app.now - app.flash_at) & TICKS_MASK < _FLASH_MS:
            key = 1
        elif mode == ROUND_END or mode == MATCH_END:
            # A round's winner, then on the summary the match's.
            w = app.match.winner() if mode == MATCH_END else app.match.results[-1][0] if app.match.results else DRAW
            # A little rainbow for a human's win, a new step every 120 ms.
            key = 4 + (app.now // 120 & 0xFFFF) if w in (0, 1) and app.humans()[w] else 0
        else:
            key = 2 + app.game.to_move
        if key == self._key:
            return False
        self._key = key
        colours = self.colours
        for i in range(5):
            if key == 0:
                colours[i] = IDLE_COLOUR
            elif key == 1:
                colours[i] = CLAIM_COLOUR
            elif key < 4:
                colours[i] = SEAT_COLOURS[key - 2]
            else:
                colours[i] = _wheel(((key - 4) * 37 + i * 51) % 256)
        return True


def _wheel(x):
    if x < 85:
        return (x * 3, 255 - x * 3, 0)
    if x < 170:
        x -= 85
        return (255 - x * 3, 0, x * 3)
    x -= 170
    return (0, x * 3, 255 - x * 3)
