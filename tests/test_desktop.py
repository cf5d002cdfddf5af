"""The desktop window around the app: its title and keys, no sound system,
the help, and two sims on a virtual cable when one of them goes away."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT

pytest.importorskip("blinka_displayio_pygamedisplay")
pytest.importorskip("serial")

import pygame  # noqa: E402

from hw import buttons  # noqa: E402
from sim import desk as D  # noqa: E402
from sim.__main__ import KEYS_LEGEND, _args, title  # noqa: E402

WINDOW = dict(os.environ, SDL_VIDEODRIVER="dummy")  # a window, on no screen; the audio as the machine has it
WINDOW.pop("SDL_AUDIODRIVER", None)


# -- the title and the keys -----------------------------------------------------

def test_the_keys_legend_is_the_key_map():
    said = {
        pygame.K_z: buttons.A, pygame.K_x: buttons.B, pygame.K_RETURN: buttons.START, pygame.K_SPACE: buttons.SELECT,
        pygame.K_LSHIFT: buttons.SELECT, pygame.K_RSHIFT: buttons.SELECT, pygame.K_LEFT: buttons.LEFT,
        pygame.K_RIGHT: buttons.RIGHT, pygame.K_UP: buttons.UP, pygame.K_DOWN: buttons.DOWN,
    }
    assert D.KEYS == said
    for words in ("arrows", "Z = A", "X = B", "Enter = Start", "Space or Shift = Select", "Esc quits"):
        assert words in KEYS_LEGEND


def test_the_window_is_titled_with_the_player_and_the_keys(desk):
    assert title() == "Schotten Totten: " + KEYS_LEGEND
    assert title("Ann") == "Schotten Totten - Ann: " + KEYS_LEGEND
    assert "Esc quits" in title(replay=True) and "the start" in title(replay=True)
    assert _args(["--headless"]).title == title()
    args = _args(["--headless", "--name", "Player 2"])
    assert args.title == title("Player 2") and args.name == "Player 2"
    desk.close()
    named = D.Desk(headless=True, title=title("Player 2"))
    try:
        assert pygame.display.get_caption()[0] == "Schotten Totten - Player 2: " + KEYS_LEGEND
    finally:
        named.close()


# -- no sound ---------------------------------------------------------------------

def test_the_window_opens_no_sound_system(desk):
    # The game has no sound: the mixer is never opened, so a machine
    # without an audio device (ALSA's "cannot find card" lines) says nothing.
    assert pygame.display.get_init() and not pygame.mixer.get_init()


def test_a_window_on_a_machine_without_sound_prints_nothing_on_stderr(tmp_path):
    out = subprocess.run([sys.executable, "-m", "sim", "--autoplay", "easy", "--seed", "3", "--records",
                          str(tmp_path / "records"), "--save", str(tmp_path / "sim.nvm")],
                         capture_output=True, text=True, cwd=ROOT, env=WINDOW, timeout=300)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert '"screen": "match_end"' in out.stdout


# -- help ---------------------------------------------------------------------------

def test_sim_help_is_the_usage_on_stdout():
    out = subprocess.run([sys.executable, "-m", "sim", "--help"], capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout.startswith("usage: python -m sim ")
    for option in ("--headless", "--autoplay", "--opponent", "--variant", "--name", "--port", "--text", "--replay"):
        assert option in out.stdout
    assert KEYS_LEGEND in out.stdout and "``" not in out.stdout
