"""Run a benchmark script under CircuitPython's own interpreter, as a board
runs the code: the packages compiled by CircuitPython's mpy-cross, the heap
capped.

``CIRCUITPYTHON`` names the interpreter (CircuitPython's unix port built with
a board's memory settings: 32-bit, ``-X heapsize=N`` caps the heap as a
board's RAM does) and ``CIRCUITPY_MPY_CROSS`` CircuitPython's mpy-cross; both
unset, ``available()`` is false and ``make bench`` leaves the CircuitPython
figures out.

    python tools/bench/circuitpy_run.py SCRIPT.py [args...]   # one script, by hand

The packages (``engine`` by default, and ``tools/bench/mpy_clock.py``, the
benchmarks' clock) are compiled once per process into a temporary folder,
as ``make bundle`` compiles them (``bundle.compile_module``).  The script
itself runs from that folder as a source file, like a board's ``code.py``.
This module is the one place that reads the two environment variables
(the tests' ``circuitpy``, ``board_run`` and the bench ask it).
"""

import atexit
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import bundle  # noqa: E402

INTERPRETER = os.environ.get("CIRCUITPYTHON") or ""
MPY_CROSS = os.environ.get("CIRCUITPY_MPY_CROSS") or ""
# The heap pool of the benchmark runs (``-X heapsize``): the cap a board's
# RAM puts on the heap, here a little under a PyBadge's.
HEAP = 130000

_tree = {"dir": None, "done": set()}


def available():
    return bool(INTERPRETER and MPY_CROSS and os.access(INTERPRETER, os.X_OK) and os.access(MPY_CROSS, os.X_OK))


def _folder():
    if _tree["dir"] is None:
        _tree["dir"] = tempfile.mkdtemp(prefix="circuitpy-bench-")
        atexit.register(shutil.rmtree, _tree["dir"], True)
    return _tree["dir"]


def _install(package):
    # A package folder (its *.py and its packages', compiled, at their paths
    # under the project) or one module FILE.py, once.
    if package in _tree["done"]:
        return
    top = _folder()
    src = os.path.join(ROOT, package)
    if os.path.isdir(src):
        for folder, dirs, files in os.walk(src):
            dirs[:] = sorted(d for d in dirs if os.path.exists(os.path.join(folder, d, "__init__.py")))
            for name in sorted(files):
                if name.endswith(".py"):
                    rel = os.path.relpath(os.path.join(folder, name), ROOT)
                    bundle.compile_module(MPY_CROSS, os.path.join(folder, name), top, rel[:-3].replace(os.sep, "/"))
    else:
        bundle.compile_module(MPY_CROSS, src, top, os.path.basename(src)[:-3])
    _tree["done"].add(package)


def run(script, *args, packages=("engine", "desk", "tools/bench/mpy_clock.py"), heap=HEAP, timeout=3600):
    """Run ``script`` (a path under the project) with ``args``; its stdout.
    Raises CalledProcessError (with the interpreter's output) on failure."""
    for p in packages:
        _install(p)
    top = _folder()
    main = os.path.join(top, os.path.basename(script))
    shutil.copy(os.path.join(ROOT, script), main)
    cmd = [INTERPRETER]
    if heap:
        cmd += ["-X", "heapsize=%d" % heap]
    cmd += [main, *args]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=top, timeout=timeout)
    if out.returncode:
        raise subprocess.CalledProcessError(out.returncode, cmd, out.stdout, out.stderr)
    return out.stdout


def version():
    """The interpreter's name and version, as "CircuitPython 10.3.0"."""
    out = subprocess.run([INTERPRETER, "-c", "import sys; print(sys.implementation.name, "
                          "'.'.join(str(x) for x in sys.implementation.version[:3]))"],
                         capture_output=True, text=True, check=True).stdout.split()
    return "%s %s" % ("CircuitPython" if out[0] == "circuitpython" else out[0], out[1])


def figures(script, *args, **kw):
    """``run``, its ``key value`` lines as a dict of floats."""
    return {k: float(v) for k, v in (line.split() for line in run(script, *args, **kw).splitlines())}


if __name__ == "__main__":
    if not available():
        sys.exit("set CIRCUITPYTHON and CIRCUITPY_MPY_CROSS to CircuitPython's interpreter and mpy-cross")
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    try:
        sys.stdout.write(run(os.path.relpath(os.path.abspath(sys.argv[1]), ROOT), *sys.argv[2:]))
    except subprocess.CalledProcessError as e:
        sys.stdout.write(e.stdout)
        sys.stderr.write(e.stderr)
        sys.exit(e.returncode)
