"""``python -m sim --stats [--save FILE]``: the statistics a save area keeps
(the app's own, read as the app reads them at power-up) as one JSON line::

    {"matches": 14, "won": 7, "lost": 4, "drawn": 1,
     "rounds": {"won": 14, "lost": 6, "drawn": 0}, "stones_won": 80,
     "streak": 2, "best_streak": 4, "hints": 3, "lessons": 0,
     "by_opponent": {"easy": {"classic": {"won": 3, "lost": 1, "drawn": 0},
                              "expert": {...}, "tactics": {...}},
                     ..., "pass": {"classic": {"player1": 1, "player2": 1,
                                               "drawn": 0}, ...}, ...}}

``matches`` counts every finished match, pass-and-play's too; ``won``,
``lost`` and ``drawn`` are the player's (against a bot, the link or the
desktop's Master).  What is wrong with the save area is said on stderr,
one line, and the statistics of the save the app would load are printed.
"""

import contextlib
import json
import os
import sys

from engine.game import VARIANTS
from hw.saves import tally
from hw.screens.stats import mine

_RESULTS = ("won", "lost", "drawn")
_PASS_RESULTS = ("player1", "player2", "drawn")


def as_dict(app):
    """The statistics of ``app`` (``App.stats``) as the JSON line's object."""
    stats = app.stats
    get = tally.get
    won, lost, drawn = mine(app)
    by = {}
    matches = 0
    for o, opponent in enumerate(app.OPPONENTS):
        names = _PASS_RESULTS if opponent == "pass" else _RESULTS
        by[opponent] = {}
        for v, variant in enumerate(VARIANTS):
            counts = [get(stats, tally.cell(o, v, r)) for r in range(3)]
            matches += sum(counts)
            by[opponent][variant] = dict(zip(names, counts))
    return {"matches": matches, "won": won, "lost": lost, "drawn": drawn,
            "rounds": {"won": get(stats, tally.ROUNDS_WON), "lost": get(stats, tally.ROUNDS_LOST),
                       "drawn": get(stats, tally.ROUNDS_DRAWN)},
            "stones_won": get(stats, tally.STONES), "streak": get(stats, tally.STREAK),
            "best_streak": get(stats, tally.BEST), "hints": get(stats, tally.HINTS),
            "lessons": get(stats, tally.LESSONS), "by_opponent": by}


def main(path, out=None, err=None):
    """Print the statistics kept in the save area at ``path``; 0, or 2
    (one line on ``err``) when there is no save area there."""
    out = out or sys.stdout
    err = err or sys.stderr
    from engine.save import Saver
    from sim.desk import DeskNVM
    from sim.master import DeskApp

    if not os.path.isfile(path):
        print("sim: --stats: no save area at %s (the sim keeps one with --save FILE; a window's is sim.nvm)"
              % path, file=err)
        return 2
    try:
        nvm = DeskNVM(path)
    except OSError as e:
        from sim import reason

        print("sim: --stats: %s: %s" % (path, reason(e)), file=err)
        return 2
    # The app reads the saves as at power-up; what it would say of them
    # (it prints it) goes to stderr, so that stdout is the JSON line alone.
    with contextlib.redirect_stdout(err):
        app = DeskApp(saver=Saver(nvm))
    print(json.dumps(as_dict(app)), file=out)
    return 0
