"""code.py's own guards, under CPython with the stand-ins of tests/board/:
another CircuitPython is told which one the bundle needs before anything
compiled is imported, and running out of memory, at start or in play, ends
in one line on the console, which the screen shows again.  (The board tier,
tests/test_board.py, runs the same from the bundle under CircuitPython.)
"""

import ast
import os
import subprocess
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import bundle  # noqa: E402

CODE = os.path.join(ROOT, "code.py")
# Runs code.py as a board would, with ``sys.implementation`` a given
# firmware's (argv: version, .mpy version or 0 for none, and where the app
# runs out of memory: "" nowhere, "start" or "play").  Prints what code.py
# printed, then whether the bundle's modules were imported and what the
# screen shows.
RUN = r"""
import builtins, sys
sys.path[:0] = [%(standins)r, %(root)r]
version, mpy, short = sys.argv[1], int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else ""


class Implementation:
    name = "circuitpython"


class Firmware:
    def __getattr__(self, name):
        return getattr(sys, name)


firmware = Firmware()
firmware.implementation = Implementation()
firmware.implementation.version = tuple(int(x) for x in version.split(".")) + ("",)
if mpy:
    firmware.implementation._mpy = mpy
real_import = builtins.__import__


def board_import(name, *args, **kw):
    return firmware if name == "sys" else real_import(name, *args, **kw)


def out_of_memory(*args, **kw):
    raise MemoryError("memory allocation failed, allocating 4096 bytes")


if short:
    import hw.boards, hw.main
    if short == "start":
        hw.boards.open_board = out_of_memory
    else:
        hw.main.Runner.run = out_of_memory
g = {"__name__": "__main__", "__builtins__": dict(vars(builtins), __import__=board_import)}
with open(%(code)r) as f:
    exec(compile(f.read(), "code.py", "exec"), g)
import board, displayio
print("imported", "engine" in sys.modules)
print("screen", "console" if board.DISPLAY.root_group is displayio.CIRCUITPYTHON_TERMINAL
      and board.DISPLAY.auto_refresh else "app")
""" % {"standins": os.path.join(ROOT, "tests", "board"), "root": ROOT, "code": CODE}


def run_code(*args):
    run = subprocess.run([sys.executable, "-c", RUN, *args], capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env=dict(os.environ, BOARD_NVM=""))
    assert run.returncode == 0 and not run.stderr, run.stderr
    return run.stdout.splitlines()


@pytest.mark.parametrize("version,mpy", [("8.2.9", 0), ("7.3.3", 0), ("9.2.8", 6), ("11.0.0", 7)])
def test_another_circuitpython_is_told_the_one_the_bundle_needs(version, mpy):
    # 7 and 8 cannot load .mpy version 6 (and have no _mpy); 9 can, but the
    # bundle is made for 10; an 11 with another .mpy version cannot.
    assert run_code(version, str(mpy)) == [
        "Schotten Totten needs CircuitPython %d; this board has %s." % (bundle.CIRCUITPY_VERSION, version),
        "imported False",  # nothing compiled was tried
        "screen console",
    ]


@pytest.mark.parametrize("where", ["start", "play"])
def test_out_of_memory_is_one_line_on_the_screen(where):
    lines = run_code("10.3.0", "1798", where)
    assert lines[-2:] == ["imported True", "screen console"]
    said = lines[:-2]
    assert len(said) == 1 and said[0].startswith("Out of memory: press reset") and "lighter game" in said[0]


def test_the_bundle_and_code_py_need_the_same_circuitpython():
    # One truth: the version and .mpy version code.py checks are those
    # tools/bundle.py makes (and says), and the README's.
    found = {}
    for node in ast.walk(ast.parse(open(CODE).read())):
        if isinstance(node, ast.Compare):
            found[ast.unparse(node.left)] = node.comparators[0].value
    assert found["sys.implementation.version[0]"] == bundle.CIRCUITPY_VERSION
    assert found["sys.implementation._mpy & 255"] == bundle.CIRCUITPY_MPY[1]
    readme = open(os.path.join(ROOT, "README.md")).read()
    assert "The bundle is made for CircuitPython %d" % bundle.CIRCUITPY_VERSION in readme
    assert open(CODE).readline().rstrip().endswith("(CircuitPython %d)." % bundle.CIRCUITPY_VERSION)


def test_code_py_imported_as_the_standard_librarys_code_says_nothing():
    # pytest's debugger imports the standard library's ``code``, found here
    # first when run from the repository's top: it printed "needs
    # CircuitPython 10" over every test run.
    run = subprocess.run([sys.executable, "-c", "import code"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 0 and run.stdout == "" and run.stderr == ""
