"""The bundle run as a board runs it, under CircuitPython's own interpreter.

Shared by the board tier of the tests (tests/test_board.py) and ``make
bench``.  ``prepare(folder)`` makes the bundle exactly as ``make bundle``
does, the stand-ins of tests/board/ and the bot at the buttons (compiled
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
# The bot at the buttons (easy) thinks in the player's turn: room for that,
# which a board's player does not take.
DRIVER_THINKING = 4096


def figures(out):
    """The "name value" lines of a run, as a dict (values as text)."""
    got = {}
    for line in out.splitlines():
        name, _, value = line.partition(" ")
        got[name] = value
    return got


def command(dirs, heap, variant="classic", botless=False):
    """The command line of one run with ``heap`` bytes for the app, plus
    what the driver keeps: its bot's state in ``variant``, and with
    ``botless`` (pass-and-play, the link: the app has no bot) its bot's
    modules too."""
    cmd = [circuitpy_run.INTERPRETER]
    if heap:
        v = "2" if variant == "tactics" else "0"
        extra = dirs["extra"] + dirs["state" + v] + (dirs["modules" + v] if botless else 0)
        cmd += ["-X", "heapsize=%d" % (heap + extra)]
    return cmd + [os.path.join(dirs["standins"], RUNNER), dirs["bundle"], dirs["driver"]]


def prepare(top):
    """Folders under ``top``: bundle, standins, driver; and "extra", the
    bytes a run keeps that a board does not (stand-ins, driver, its bot's
    thinking)."""
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
    dirs.update(extra=0, state0=0, state2=0, modules0=0, modules2=0)
    run = subprocess.run(command(dirs, 0), capture_output=True, text=True, cwd=dirs["bundle"],
                         env=dict(os.environ, BOARD_MEASURE="1"))
    if run.returncode != 0:
        raise RuntimeError(run.stdout + run.stderr)
    got = figures(run.stdout)
    dirs["standins_bytes"] = int(got["standins"])
    dirs["driver_bytes"] = int(got["driver"])
    for key in ("state0", "state2", "modules0", "modules2"):
        dirs[key] = int(got[key])
    dirs["extra"] = dirs["standins_bytes"] + dirs["driver_bytes"] + DRIVER_THINKING
    return dirs


def play(dirs, heap, **settings):
    """One run (the ST_* and BOARD_* settings given as keywords): returns
    (exit status, figures, output)."""
    env = dict(os.environ, **{k: str(v) for k, v in settings.items()})
    botless = settings.get("ST_OPPONENT") in ("pass", "link")
    cmd = command(dirs, heap, settings.get("ST_VARIANT", "classic"), botless)
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
        cmd = command(dirs, heap, settings.get("ST_VARIANT", "classic"), True)
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
