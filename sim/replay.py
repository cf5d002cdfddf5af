"""``python -m sim --replay FILE``: a game record stepped through on the
app's own screens, forward and back.

Right: the next move; left: the one before; up / down: ten moves on or
back; A: to the end; B: to the start; Esc: quit.  The board is shown from
player 1's side all through, with that player's hand; the top line's
corner says which move it is, the bottom line what it did.
"""

import sys

from engine.game import VARIANTS
from engine.match import Match
from desk.record import RecordError, replay, shown
from hw import buttons
from hw.app import App
from hw.lang import words
from hw.screens import TURN
from sim import reason


class Replayer:
    """The app's screens at move ``at`` of a record."""

    def __init__(self, text, lang="en"):
        self.record = replay(text)  # RecordError names the first bad move
        header = self.record.header
        self.seed = header["seed"]
        self.rounds = header["rounds"]
        self.variant = VARIANTS.index(header["variant"])
        self.moves = self.record.moves
        self.app = App(opponent="pass", variant=self.variant, rounds=self.rounds, lang=lang)
        self.at = 0
        self.goto(0)

    def goto(self, k):
        """Show the table after the first ``k`` moves."""
        k = max(0, min(k, len(self.moves)))
        match = Match(self.seed, self.rounds, self.variant)
        for m in self.moves[:k]:
            if match.game.over():
                match.finish_round()
            match.game.apply(m)
        self.at = k
        app = self.app
        app.match = match
        app.go(TURN)
        app.last_human = 0  # one point of view: player 1's side at the bottom, move after move
        if app.turn is None:
            from hw.match.turn import Turn

            app.turn = Turn(app)
        app.turn.cursor = 0
        app.dirty = True
        app.note = "%d/%d" % (k, len(self.moves))
        app.message = words.last_text(app) if k and match.game.history else ""

    def press(self, button):
        """Move along the record; True when something changed."""
        steps = {buttons.RIGHT: 1, buttons.LEFT: -1, buttons.UP: 10, buttons.DOWN: -10}
        if button in steps:
            target = self.at + steps[button]
        elif button == buttons.A:
            target = len(self.moves)
        elif button == buttons.B:
            target = 0
        else:
            return False
        if max(0, min(target, len(self.moves))) == self.at:
            return False
        self.goto(target)
        return True


def opened(path, who, make, err=None):
    """``make(text)`` of the record at ``path`` (``Replayer``,
    ``desk.record.replay``); None, said in one line on ``err`` ("sim
    ``who``: ...") when it cannot be read or is no record."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        return make(text)
    except (OSError, RecordError, ValueError, RuntimeError) as e:
        # Missing, a folder, not UTF-8 (a ValueError), nested too deep (a
        # RuntimeError), no record.
        (err or sys.stderr).write("sim %s: %s: %s\n" % (who, path, shown(reason(e))))  # (a record's text, escaped)
        return None


def run(path, desk, runner_class, headless=False):
    """Step through the record at ``path`` on ``desk`` until Esc (a window)
    or, headless, forward to the end and back to the start once."""
    replayer = opened(path, "replay", Replayer)
    if replayer is None:
        return 2
    runner = runner_class(desk, replayer.app)
    runner.redraw()
    if headless:
        for button in [buttons.RIGHT] * len(replayer.moves) + [buttons.LEFT] * len(replayer.moves):
            replayer.press(button)
            runner.redraw()
        print("replayed %d moves forward and back" % len(replayer.moves))
        return 0
    while not desk.quit:
        for button in desk.buttons():
            if replayer.press(button):
                runner.redraw()
        desk.idle()
    return 0
