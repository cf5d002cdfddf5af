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
tools/bench/circuitpy_run.py).
"""

import glob
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import bundle  # noqa: E402
import circuitpy_run  # noqa: E402

STANDINS = os.path.join(ROOT, "tests", "board")
RUNNER = "run_board.py"
# The player at the buttons picks its move in the player's turn (its list of
# moves is its own, made with it: sim/autoplay.py): room for what else it
# allocates then, which a board's player does not take.
DRIVER_THINKING = 512


def figures(out):
    """The "name value" lines of a run, as a dict (values as text)."""
    got = {}
    for line in out.splitlines():
        name, _, value = line.partition(" ")
        got[name] = value
    return got


def _qstr_fields(line):
    # "qstr pool: n_pool=6, n_qstr=1224, n_str_data_bytes=.., n_total_bytes=.."
    return {k.strip(): int(v) for k, v in (f.split("=") for f in line.split(":", 1)[-1].split(",") if "=" in f)}


def qstrs(got):
    """(pools, qstrs) made at run time, from a run's figures."""
    fields = _qstr_fields(got.get("qstr", ""))
    return fields.get("n_pool", 0), fields.get("n_qstr", 0)


# CircuitPython keeps the names it interns at run time (qstrs) in pools:
# the first of 20 entries, each next one twice the one before, never freed;
# an entry is a pointer, a hash byte and a length byte, a pool has a
# 24-byte head.  A board holds its firmware's names (displayio's and the
# other native modules') in flash; a run here also interns the stand-ins',
# the runner's and the player's.  The runner fills the first six pools
# (1260 names) with its own and filler names before code.py starts (room
# left for the player's, made later), so that
# the app's names go to pools of their own (the seventh holds 1280 in the
# bytes of the six before): without that, the stand-ins' names would make
# the run take a 7.7 KB pool some 300 names before a board does.
_POOL_FIRST = 20
_POOL_HEAD = 24
_POOL_ENTRY = 6


def _pools_room(k):
    """How many names the first ``k`` pools hold."""
    return sum(_POOL_FIRST << i for i in range(k))


_FILLED = _pools_room(6)


def pool_bytes(n):
    """The bytes of the pools that hold ``n`` qstrs made at run time."""
    total = room = 0
    size = _POOL_FIRST
    while room < n:
        total += _POOL_HEAD + _POOL_ENTRY * size
        room += size
        size *= 2
    return total


def app_qstrs(dirs, got):
    """The names the app made in a run (the run's own taken off) and the
    pools a board makes for them: (names, pools)."""
    n = max(0, qstrs(got)[1] - dirs["own_qstrs"])
    pools = 0
    while _pools_room(pools) < n:
        pools += 1
    return n, pools


def qstr_credit(dirs, made):
    """For a run that made ``made`` qstrs: the pool bytes its own names
    (``dirs["own_qstrs"]``) cost beyond those already in ``dirs["extra"]``,
    that is, the pools of ``made`` qstrs less those of the app's alone (a
    board's) less the pools the stand-ins and the player had when measured.
    Negative when the app would have filled those pools itself."""
    own = dirs["own_qstrs"]
    return pool_bytes(made) - pool_bytes(max(0, made - own)) - dirs["own_pool_bytes"]


def command(dirs, heap, credit=0):
    """The command line of one run with ``heap`` bytes for the app, plus
    what the run keeps that a board does not (``dirs["extra"]``, and
    ``credit`` more for the pools of its own qstrs)."""
    cmd = [circuitpy_run.INTERPRETER]
    if heap:
        cmd += ["-X", "heapsize=%d" % (heap + dirs["extra"] + credit)]
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
            # Named in its tracebacks by the path it is imported from: one
            # qstr for both (a board has none for its native modules).
            bundle.compile_module(circuitpy_run.MPY_CROSS, src, dirs["standins"], name[:-3],
                                  os.path.join(dirs["standins"], name[:-3] + ".mpy"))
    bundle.compile_module(circuitpy_run.MPY_CROSS, os.path.join(ROOT, "sim", "autoplay.py"), dirs["driver"], "autoplay",
                          os.path.join(dirs["driver"], "autoplay.mpy"))
    dirs["extra"] = 0
    dirs["fill"] = 0
    run = _measure(dirs)
    # The names made before code.py starts, then as many more as fill the
    # first six pools (see _POOL_FIRST) but for the player's own, which it
    # makes once the app runs (the second "qstr pool:" line is after the
    # app's modules it imports, the third after the player).
    at = [_qstr_fields(line)["n_qstr"] for line in _lines(run, "qstr pool:")]
    dirs["fill"] = max(0, _FILLED - at[0] - (at[2] - at[1]))
    run = _measure(dirs)
    got = figures(run.stdout)
    dirs["standins_bytes"] = int(got["standins"])
    dirs["driver_bytes"] = int(got["driver"])
    dirs["extra"] = dirs["standins_bytes"] + dirs["driver_bytes"] + DRIVER_THINKING
    # The run's own qstrs: the stand-ins' and this runner's, and the
    # player's (beyond the app modules it imports); the pool bytes already
    # counted in standins_bytes and driver_bytes.
    at = [_qstr_fields(line) for line in _lines(run, "qstr pool:")]
    pools = [f["n_total_bytes"] - f["n_str_data_bytes"] for f in at]
    dirs["own_qstrs"] = at[0]["n_qstr"] + at[2]["n_qstr"] - at[1]["n_qstr"]
    dirs["own_pool_bytes"] = pools[0] + pools[2] - pools[1]
    dirs["made"] = {}  # qstrs made per set of settings, from a run without a cap
    return dirs


def _measure(dirs):
    run = subprocess.run(command(dirs, 0), capture_output=True, text=True, cwd=dirs["bundle"],
                         env=_env(dirs, BOARD_MEASURE=1))
    if run.returncode != 0:
        raise RuntimeError(run.stdout + run.stderr)
    return run


def _lines(run, start):
    return [line for line in run.stdout.splitlines() if line.startswith(start)]


def _made(dirs, settings, linked_folder=None, seeds=None):
    # The qstrs a run with ``settings`` makes (the more of a linked match's
    # two ends), from one run without a cap (kept; a run with an nvm file
    # works on a copy, so that the file is left as it was).
    key = repr(sorted(settings.items())) + repr(seeds)
    if key not in dirs["made"]:
        free = dict(settings)
        nvm = free.get("BOARD_NVM")
        if nvm:
            copy = "%s.free" % nvm
            if os.path.exists(nvm):
                shutil.copyfile(nvm, copy)
            elif os.path.exists(copy):
                os.remove(copy)
            free["BOARD_NVM"] = copy
        if linked_folder:
            ends = _run_linked(dirs, 0, linked_folder, seeds, free, 0)
            dirs["made"][key] = max(qstrs(got)[1] for _, got, _ in ends)
        else:
            dirs["made"][key] = qstrs(_run(dirs, 0, free)[1])[1]
    return dirs["made"][key]


def _env(dirs, **settings):
    # A run's environment: the settings, and the runner's filler names.
    return dict(os.environ, BOARD_QSTR_FILL=str(dirs["fill"]), **{k: str(v) for k, v in settings.items()})


def _run(dirs, heap, settings, credit=0):
    env = _env(dirs, **settings)
    cmd = command(dirs, heap, credit)
    run = subprocess.run(cmd, capture_output=True, text=True, cwd=dirs["bundle"], env=env,
                         timeout=900)
    return run.returncode, figures(run.stdout), run.stdout + run.stderr


def play(dirs, heap, **settings):
    """One run (the ST_* and BOARD_* settings given as keywords) with
    ``heap`` bytes for the app (0: no cap): returns (exit status, figures,
    output).  The run's own qstrs are charged as a board would not
    (``qstr_credit``, from a first run of the same settings without a
    cap)."""
    credit = qstr_credit(dirs, _made(dirs, settings)) if heap else 0
    return _run(dirs, heap, settings, credit)


def play_linked(dirs, heap, folder, seeds=(21, 22), **settings):
    """A linked match between two interpreters over a cable in ``folder``
    (emptied first): [(exit status, figures, output)] for both ends, with
    ``heap`` bytes each for the app (and each end's qstr credit, as
    ``play``)."""
    credit = qstr_credit(dirs, _made(dirs, settings, folder, seeds)) if heap else 0
    return _run_linked(dirs, heap, folder, seeds, settings, credit)


def _clear(folder):
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))


def _run_linked(dirs, heap, folder, seeds, settings, credit):
    _clear(folder)
    for end in "AB":  # the cable: a pipe each way (tests/board/busio.py)
        os.mkfifo(os.path.join(folder, end))
    procs = []
    for end, seed in zip("AB", seeds):
        env = _env(dirs, ST_OPPONENT="link", BOARD_SEED=seed, BOARD_LINK="%s:%s" % (folder, end), **settings)
        cmd = command(dirs, heap, credit)
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
        return all(code == 0 and got.get("end") in ENDS for code, got, _ in
                   play_linked(dirs, heap, linked_folder, **settings))
    code, got, _ = play(dirs, heap, **settings)
    return code == 0 and got.get("end") in ENDS


# How a run that played what it was asked ends (tests/board/run_board.py):
# a match, a session's every step, a fuzzed session as far as it got, a
# review or a lesson to its end.
ENDS = ("match", "session", "fuzz", "review", "lesson")


def smallest_heap(dirs, lo=40000, hi=400000, step=1000, linked_folder=None, **settings):
    """The least heap (within ``step`` bytes) that plays the whole match
    (or session: ``ENDS``), by bisection; None when even ``hi`` does not."""
    if not plays(dirs, hi, linked_folder, **settings):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2
        if plays(dirs, mid, linked_folder, **settings):
            hi = mid
        else:
            lo = mid
    return hi
