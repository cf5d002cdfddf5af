"""The bundle run as a board runs it, under CircuitPython's own interpreter.

Shared by the board tier of the tests (tests/test_board.py) and ``make
bench``.  ``prepare(folder)`` makes the bundle exactly as ``make bundle``
does, the stand-ins of tests/board/ and the player at the buttons (compiled
too), and measures what those keep on the heap, which a board does not;
``play(dirs, heap, **settings)`` runs the bundle's code.py with ``heap``
bytes for the app (that extra added) and returns its figures;
``smallest_heap`` finds by bisection the least heap that plays a whole match.

CIRCUITPYTHON names the interpreter (its unix port built with a board's
memory settings: ``-X heapsize=N`` is the pool a board's heap comes from)
and CIRCUITPY_MPY_CROSS CircuitPython's mpy-cross (read by
tools/circuitpy_run.py).
"""

import glob
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import bundle  # noqa: E402
import circuitpy_run  # noqa: E402

STANDINS = os.path.join(ROOT, "tests", "board")
RUNNER = "run_board.py"
# The player at the buttons picks its move in the player's turn (a list of
# the classic moves, at most 54): room for that, which a board's player does
# not take.
DRIVER_THINKING = 512


def figures(out):
    """The "name value" lines of a run, as a dict (values as text)."""
    got = {}
    for line in out.splitlines():
        name, _, value = line.partition(" ")
        got[name] = value
    return got


def qstrs(got):
    """(pools, qstrs) made at run time, from a run's figures."""
    fields = dict(f.strip().split("=") for f in got.get("qstr", "").split(":", 1)[-1].split(",") if "=" in f)
    return int(fields.get("n_pool", 0)), int(fields.get("n_qstr", 0))


def command(dirs, heap):
    """The command line of one run with ``heap`` bytes for the app, plus
    what the run keeps that a board does not (``dirs["extra"]``)."""
    cmd = [circuitpy_run.INTERPRETER]
    if heap:
        cmd += ["-X", "heapsize=%d" % (heap + dirs["extra"])]
    return cmd + [os.path.join(dirs["standins"], RUNNER), dirs["bundle"], dirs["driver"]]


def prepare(top):
    """Folders under ``top``: bundle, standins, driver; and "extra", the
    bytes a run keeps that a board does not (the stand-ins, the player at
    the buttons and its choosing)."""
    dirs = {k: os.path.join(top, k) for k in ("bundle", "standins", "driver")}
    bundle.build(dirs["bundle"], circuitpy_run.MPY_CROSS)
    for key in ("standins", "driver"):
        os.makedirs(dirs[key], exist_ok=True)
    for src in sorted(glob.glob(os.path.join(STANDINS, "*.py"))):
        name = os.path.basename(src)
        if name in (RUNNER, "import_all.py"):  # scripts: compiled by the interpreter, not kept
            with open(src) as f, open(os.path.join(dirs["standins"], name), "w") as g:
                g.write(f.read())
        else:
            bundle.compile_module(circuitpy_run.MPY_CROSS, src, dirs["standins"], name[:-3])
    bundle.compile_module(circuitpy_run.MPY_CROSS, os.path.join(ROOT, "hw", "autoplay.py"), dirs["driver"], "autoplay")
    dirs["extra"] = 0
    run = subprocess.run(command(dirs, 0), capture_output=True, text=True, cwd=dirs["bundle"],
                         env=dict(os.environ, BOARD_MEASURE="1"))
    if run.returncode != 0:
        raise RuntimeError(run.stdout + run.stderr)
    got = figures(run.stdout)
    dirs["standins_bytes"] = int(got["standins"])
    dirs["driver_bytes"] = int(got["driver"])
    dirs["extra"] = dirs["standins_bytes"] + dirs["driver_bytes"] + DRIVER_THINKING
    return dirs


def play(dirs, heap, **settings):
    """One run (the ST_* and BOARD_* settings given as keywords): returns
    (exit status, figures, output)."""
    env = dict(os.environ, **{k: str(v) for k, v in settings.items()})
    cmd = command(dirs, heap)
    run = subprocess.run(cmd, capture_output=True, text=True, cwd=dirs["bundle"], env=env,
                         timeout=900)
    return run.returncode, figures(run.stdout), run.stdout + run.stderr


def play_linked(dirs, heap, folder, seeds=(21, 22), **settings):
    """A linked match between two interpreters over a cable in ``folder``:
    [(exit status, figures, output)] for both ends."""
    procs = []
    for end, seed in zip("AB", seeds):
        env = dict(os.environ, ST_OPPONENT="link", BOARD_SEED=str(seed), BOARD_LINK="%s:%s" % (folder, end),
                   **{k: str(v) for k, v in settings.items()})
        cmd = command(dirs, heap)
        procs.append(subprocess.Popen(cmd, cwd=dirs["bundle"], env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    # One end that stops (out of memory) leaves the other waiting: stop it.
    while all(p.poll() is None for p in procs):
        time.sleep(0.05)
    for p in procs:
        if p.poll() not in (None, 0):
            for q in procs:
                if q.poll() is None:
                    q.kill()
    out = []
    for p in procs:
        o, e = p.communicate(timeout=900)
        out.append((p.returncode, figures(o), o + e))
    return out


def plays(dirs, heap, linked_folder=None, **settings):
    if linked_folder:
        for name in os.listdir(linked_folder):
            os.remove(os.path.join(linked_folder, name))
        return all(code == 0 and got.get("end") == "match" for code, got, _ in
                   play_linked(dirs, heap, linked_folder, **settings))
    code, got, _ = play(dirs, heap, **settings)
    return code == 0 and got.get("end") == "match"


def smallest_heap(dirs, lo=40000, hi=400000, step=1000, linked_folder=None, **settings):
    """The least heap (within ``step`` bytes) that plays the whole match, by
    bisection; None when even ``hi`` does not."""
    if not plays(dirs, hi, linked_folder, **settings):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2
        if plays(dirs, mid, linked_folder, **settings):
            hi = mid
        else:
            lo = mid
    return hi
