"""The desktop window around the app: its title and keys, no sound system,
the help, and two sims on a virtual cable when one of them goes away."""

import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT

pytest.importorskip("blinka_displayio_pygamedisplay")
pytest.importorskip("serial")

import pygame  # noqa: E402

from hw import buttons  # noqa: E402
from hw.app import App  # noqa: E402
from hw.screens import REMOTE, TURN  # noqa: E402
from sim import desk as D  # noqa: E402
from sim.__main__ import KEYS_LEGEND, arguments, title  # noqa: E402
from sim.autoplay import AutoPlayer  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "tools"))
try:
    import sim_link  # noqa: E402
finally:
    sys.path.remove(os.path.join(ROOT, "tools"))

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
    assert arguments(["--headless"]).title == title()
    args = arguments(["--headless", "--name", "Player 2"])
    assert args.title == title("Player 2") and args.name == "Player 2"
    desk.close()
    named = D.Desk(headless=True, title=title("Player 2"))
    try:
        assert pygame.display.get_caption()[0] == "Schotten Totten - Player 2: " + KEYS_LEGEND
    finally:
        named.close()


def test_the_two_linked_sims_are_player_1_and_player_2():
    commands = [sim_link.sim_command(i, "/dev/pts/%d" % i, ["--variant", "tactics"]) for i in range(2)]
    for i, cmd in enumerate(commands):
        assert cmd[cmd.index("--name") + 1] == "Player %d" % (i + 1)
        assert cmd[cmd.index("--port") + 1] == "/dev/pts/%d" % i
    assert sim_link.sim_command(0, "p", ["--name", "Ann"]).count("--name") == 1


def test_an_option_the_linked_sims_cannot_take_is_said_once():
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sim_link.py"), "--headless", "--seed", "x"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == "" and run.stderr == (
        "sim: argument --seed: 'x' is not a whole number from 0 to 1073741823 (python -m sim --help lists the options)\n")


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


# -- a board that leaves the link ------------------------------------------------------

def _linked_pair(cable, other):
    # This board (an app on one end of the cable, as the sim runs it) and
    # ``other(path)``, whatever plays at the other end; both linked, a few
    # moves into the match.  Returns (app, clock, other's handle).
    port = D.SerialPort(cable.paths[1])
    app = App(seed=101, opponent="link", link_port=lambda: port, random_bytes=os.urandom)
    player = AutoPlayer("medium", 7)
    handle = other(cable.paths[0])
    step = getattr(handle, "step", None)  # (an app in this process; a sim process plays by itself)
    start = time.monotonic()

    def clock():
        return int((time.monotonic() - start) * 1000)

    app.press(buttons.START)
    while app.match is None or app.game.move_count() < 4:
        assert clock() < 120000, "no linked match"
        assert not app.link_lost() and app.linked(), app.mode
        if step is not None:
            step()
        b = player.next_button(app)
        if b is not None:
            app.press(b)
        app.tick(clock())
        cable.carry(0.005)
    return app, player, clock, handle


def _seconds_until_lost(app, player, clock, cable, after):
    t0 = time.monotonic()
    while not app.link_lost():
        assert time.monotonic() - t0 < 10, "the link is never seen lost"
        after()
        b = player.next_button(app)
        if b is not None:
            app.press(b)
        app.tick(clock())
        if cable.masters:
            cable.carry(0.005)
        else:
            time.sleep(0.005)
    return time.monotonic() - t0


def test_a_sim_killed_on_the_cable_is_seen_gone_by_the_other_in_a_few_seconds():
    cable = sim_link.Cable()
    procs = []

    def other(path):
        cmd = sim_link.sim_command(0, path, ["--headless", "--autoplay", "medium"])
        procs.append(subprocess.Popen(cmd, cwd=ROOT, env=dict(WINDOW, SDL_AUDIODRIVER="dummy"),
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        return procs[0]

    try:
        app, player, clock, proc = _linked_pair(cable, other)
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        seconds = _seconds_until_lost(app, player, clock, cable, lambda: None)
        # The channel's silence (engine.channel: lost after 3 s without a good frame).
        assert 1.5 <= seconds < 5, seconds
        assert app.linked() and app.mode in (TURN, REMOTE)  # where the view says "link lost"
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(30)
        cable.close()


class _Board:
    """A second app at the other end of the cable, in this process."""

    def __init__(self, path):
        self.port = D.SerialPort(path)
        self.app = App(seed=202, opponent="link", link_port=lambda: self.port, random_bytes=os.urandom)
        self.player = AutoPlayer("medium", 8)
        self.start = time.monotonic()
        self.app.press(buttons.START)

    def step(self):
        b = self.player.next_button(self.app)
        if b is not None:
            self.app.press(b)
        self.app.tick(int((time.monotonic() - self.start) * 1000))


def test_a_cable_pulled_out_is_no_crash_and_both_boards_see_the_link_lost(capsys):
    # The cable's own ends closed (make sim-link stopped, an adapter
    # unplugged): reading the port fails (EIO); each sim says so once and
    # shows the link lost after the same silence, with no traceback.
    cable = sim_link.Cable()
    app, player, clock, board = _linked_pair(cable, _Board)
    cable.close()
    seconds = _seconds_until_lost(app, player, clock, cable, board.step)
    assert 1.5 <= seconds < 5, seconds
    t0 = time.monotonic()
    while not board.app.link_lost():
        assert time.monotonic() - t0 < 10
        board.step()
        time.sleep(0.005)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("sim: --port /dev/") and "nothing comes from the link" in line
                                 for line in err), err
