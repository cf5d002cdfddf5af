"""mypy over the board's code (hw/ and code.py) against circuitpython-stubs,
with the PyBadge's board module (``circuitpython_setboard pybadge``)."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT

MYPY = os.path.join(os.path.dirname(sys.executable), "mypy")
pytestmark = pytest.mark.skipif(not os.path.exists(MYPY), reason="mypy is installed by make test")


def mypy(*paths):
    return subprocess.run([MYPY, "--no-incremental", *paths], capture_output=True, text=True, cwd=ROOT)


def test_the_board_code_type_checks():
    out = mypy("hw", "code.py")
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_check_knows_the_pybadge(tmp_path):
    # A pin the PyBadge lacks is an error: the stubs really are the board's.
    bad = tmp_path / "bad.py"
    bad.write_text("import board\nx = board.JOYSTICK_X\ny = board.BUTTON_CLOCK\n")
    out = mypy(str(bad))
    assert out.returncode == 1 and "JOYSTICK_X" in out.stdout and "BUTTON_CLOCK" not in out.stdout
