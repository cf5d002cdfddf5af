"""The app's loop, the same on a board and on the desktop.

A *board* here is anything with ``display`` (displayio), ``pixels`` (five
NeoPixels), ``buttons()`` (the app's buttons pressed since the last call)
and ``now()`` (milliseconds): ``hw.boards`` makes one from the real
hardware, ``sim.desk`` from a window and a keyboard.
"""

import gc

from hw.app import App
from hw.view import View


class Runner:
    def __init__(self, board, app=None):
        self.board = board
        self.app = app or App()
        self.view = View()
        board.display.root_group = self.view.root
        self.leds_version = -1
        self.refreshes = 0

    def step(self, pressed=()):
        """Handle ``pressed`` buttons, let time pass, and redraw what
        changed.  Returns True when the screen was refreshed."""
        app = self.app
        for b in pressed:
            app.press(b)
        app.tick(self.board.now())
        refreshed = False
        if app.dirty:
            self.redraw()
            refreshed = True
            gc.collect()
        if app.leds_version != self.leds_version:
            self.leds_version = app.leds_version
            pixels = self.board.pixels
            for i in range(len(app.leds)):
                pixels[i] = app.leds[i]
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
