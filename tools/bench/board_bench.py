"""The bundle's figures on CircuitPython's own interpreter (part of ``make bench``).

For each mode (variant and opponent, a linked match, a save and resume): the
smallest heap that plays a whole match, found by bisection (``-X heapsize``
less what the stand-ins and the driver keep, see tools/bench/board_run.py), the
peak live heap, the heap after set-up; the start-up (code.py's imports and
set-up) and a screen update (the view's Python work), estimated for a
SAMD51 from the calibration loop run under the same interpreter, less the
stand-ins' own time in the pixel and tile accessors (C on a board).  The
worst screen update is as measured (stand-ins and host hiccups included).

    python tools/bench/board_bench.py        # prints Markdown rows
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
import board_run  # noqa: E402
from bench import device_factor  # noqa: E402
import circuitpy_run  # noqa: E402

MODES = (("classic", "easy"), ("classic", "medium"), ("classic", "hard"), ("expert", "hard"), ("classic", "pass"),
         ("tactics", "easy"), ("tactics", "medium"), ("tactics", "hard"), ("tactics", "pass"))
SEED = 7


def calibration_us(dirs):
    """The calibration loop's best time under CircuitPython's interpreter."""
    script = os.path.join(dirs["driver"], "calibrate.py")
    with open(os.path.join(ROOT, "tools", "bench", "mpy_clock.py")) as f, open(script, "w") as g:
        g.write(f.read() + "\nprint(calibrate(None, 5))\n")
    out = subprocess.run([circuitpy_run.INTERPRETER, script], capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1])


def rows(log=sys.stderr):
    if not circuitpy_run.available():
        return [("board tier (CircuitPython)", "not run: CIRCUITPYTHON and CIRCUITPY_MPY_CROSS unset")]
    out = []
    with tempfile.TemporaryDirectory() as top:
        dirs = board_run.prepare(top)
        factor = device_factor(calibration_us(dirs))
        out.append(("board: CircuitPython calibration (SAMD51 / this interpreter)", "x%.0f" % factor))
        out.append(("board: stand-ins, the player at the buttons, taken off every heap figure",
                    "%.1f KB + %.1f KB (+%.1f KB for its choosing)" % (
                        dirs["standins_bytes"] / 1024, dirs["driver_bytes"] / 1024, board_run.DRIVER_THINKING / 1024)))
        for variant, opponent in MODES:
            label = "%s vs %s" % (variant, opponent)
            print("board: %s..." % label, file=log)
            least = board_run.smallest_heap(dirs, ST_VARIANT=variant, ST_OPPONENT=opponent, BOARD_SEED=SEED)
            code, got, _ = board_run.play(dirs, 400000, ST_VARIANT=variant, ST_OPPONENT=opponent, BOARD_SEED=SEED)
            out.append(("board heap, %s: smallest / peak live / after set-up; app's qstrs (a board's pools)" % label,
                        "%s / %.1f KB / %.1f KB" % (
                            "%.1f KB" % (least / 1024) if least else "over 390 KB", int(got["peak"]) / 1024,
                            int(got["setup"]) / 1024) + "; %d (%d)" % board_run.app_qstrs(dirs, got)))
            # The stand-ins' pixel and tile accessors are Python, a board's
            # C: their extra time per call (measured in the run) comes off.
            call_us = float(got["call_us"])
            if (variant, opponent) == ("classic", "easy"):
                # The median of three start-ups, each less its own accessor time.
                runs = []
                for _ in range(3):
                    _, again, _ = board_run.play(dirs, 400000, ST_VARIANT=variant, ST_OPPONENT=opponent,
                                                 BOARD_SEED=SEED, BOARD_STARTUP=1)
                    runs.append(int(again["startup_us"]) - int(again["startup_calls"]) * float(again["call_us"]))
                best = sorted(runs)[1]
                out.append(("board start-up to the menu (imports, set-up), SAMD51 estimate",
                            "%.2f s" % (best * factor / 1e6)))
            redraw = max(0, int(got["redraw_us"]) - int(got["redraw_calls"]) * call_us)
            out.append(("board screen update, %s: mean (worst as measured), SAMD51 estimate" % label,
                        "%.0f ms (%.0f ms)" % (redraw * factor / 1e3, int(got["redraw_max_us"]) * factor / 1e3)))
        cable = os.path.join(top, "cable")
        os.mkdir(cable)
        for variant in ("classic", "tactics"):
            print("board: linked %s..." % variant, file=log)
            least = board_run.smallest_heap(dirs, linked_folder=cable, ST_VARIANT=variant)
            for name in os.listdir(cable):
                os.remove(os.path.join(cable, name))
            ends = board_run.play_linked(dirs, 400000, cable, ST_VARIANT=variant)
            peak = max(int(got["peak"]) for _, got, _ in ends)
            n, pools = max(board_run.app_qstrs(dirs, got) for _, got, _ in ends)
            out.append(("board heap, linked %s: smallest / peak live; app's qstrs (a board's pools)" % variant,
                        "%s / %.1f KB; %d (%d)" % ("%.1f KB" % (least / 1024) if least else "over 390 KB", peak / 1024,
                                                   n, pools)))
    return out


def main():
    for name, value in rows():
        print("| %s | %s |" % (name, value))


if __name__ == "__main__":
    main()
