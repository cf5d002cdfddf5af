"""The desktop twin, headless: the same app on displayio, probed by pixel."""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, bot_match

pytest.importorskip("blinka_displayio_pygamedisplay")

from engine.game import NOBODY  # noqa: E402
from hw import buttons  # noqa: E402
from hw import look as L  # noqa: E402
from hw.app import App  # noqa: E402
from hw.lang import words  # noqa: E402
from hw.main import Runner  # noqa: E402
from hw.match.turn import CARD
from sim.autoplay import AutoPlayer  # noqa: E402
from hw.screens import TURN  # noqa: E402


def rgb565(colour):
    # What a colour reads back as from the display: 5-6-5 bits, re-expanded.
    r, g, b = colour >> 16 & 255, colour >> 8 & 255, colour & 255
    return ((r >> 3) * 255 // 31, (g >> 2) * 255 // 63, (b >> 3) * 255 // 31)


def pixel(desk, x, y):
    return tuple(desk.display.frame.get_at((x, y)))[:3]


def tile_pixel(desk, col, row, dx=14, dy=1, x0=L.BOARD_X, y0=L.BOARD_Y):
    return pixel(desk, x0 + col * L.TILE_W + dx, y0 + row * L.TILE_H + dy)


def play_until_my_card(runner, presses):
    """Play ``presses`` button presses, then on to the next choice of a card."""
    app = runner.app
    player = AutoPlayer("medium", 9)
    done = 0
    while done < presses or not (app.mode == TURN and app.turn.phase == CARD):
        assert app.game.winner == NOBODY
        b = player.next_button(app)
        runner.step([b] if b else [])
        done += 1


def test_the_board_shows_every_card_stone_and_the_cursor(desk):
    runner = Runner(desk, App(seed=12, opponent="easy"))
    runner.step([buttons.START])
    play_until_my_card(runner, 100)
    app = runner.app
    game = app.game
    seen = 0
    for s in range(9):
        for k, card in enumerate(game.cards_at(s, 0)):
            assert tile_pixel(desk, s, L.STONE_ROW + 1 + k) == rgb565(L.PALETTE[L.CARD_COLOURS[card // 9]])
            seen += 1
        for k, card in enumerate(game.cards_at(s, 1)):
            assert tile_pixel(desk, s, L.STONE_ROW - 1 - k) == rgb565(L.PALETTE[L.CARD_COLOURS[card // 9]])
            seen += 1
        owner = game.owner[s]
        expected = {0: L.SEAT_1, 1: L.SEAT_2}.get(owner)
        if expected is not None:
            assert tile_pixel(desk, s, L.STONE_ROW, dx=6, dy=4) == rgb565(L.PALETTE[expected])
    assert seen > 10
    # The hand, and the cursor's white frame around the chosen card.
    hand = app.hand()
    x0 = (L.WIDTH - len(hand) * L.TILE_W) // 2
    for i, card in enumerate(hand):
        assert tile_pixel(desk, i, 0, dy=5, x0=x0, y0=L.HAND_Y) == rgb565(L.PALETTE[L.CARD_COLOURS[card // 9]])
    assert pixel(desk, x0 + app.turn.cursor * L.TILE_W, L.HAND_Y + 5) == rgb565(L.PALETTE[L.WHITE])


def test_the_menu_screen_is_drawn_in_each_language(desk):
    app = App(seed=1)
    runner = Runner(desk, app)
    runner.step([])
    english = runner.view.shown
    # (more rows than lines: the title, the rows around the cursor, the
    # line that says Start plays)
    assert english[0] == "SCHOTTEN TOTTEN" and english[1].startswith(">Learn") and english[2] == " Your mistakes (0)"
    assert english[3].startswith(" Opponent")
    assert english[-1] == "Start button: play" and len(english) == 9
    for _ in range(5):
        runner.step([buttons.DOWN])
    runner.step([buttons.RIGHT])
    at = [i for i, line in enumerate(runner.view.shown) if line.startswith(">")]  # (the rows around the cursor)
    assert runner.view.shown[at[0]].startswith(">Langue") and "Français" in runner.view.lines[at[0]].text
    # Light text on the panel: some pixels of the title row are white.
    row = [pixel(desk, x, 13) for x in range(10, 100)]
    assert (255, 255, 255) in row


def _sim(*args, cwd=ROOT):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([os.path.join(ROOT, ".venv", "bin", "python") if os.path.exists(
        os.path.join(ROOT, ".venv", "bin", "python")) else sys.executable, "-m", "sim", *args],
        capture_output=True, text=True, cwd=cwd, env=env, timeout=600)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("seed", [3, 10])
def test_the_headless_winner_is_the_matchs(seed):
    # (Seeds whose last round went to the player who lost the match.)
    result = _sim("--headless", "--autoplay", "medium", "--opponent", "medium", "--seed", str(seed), "--rounds", "3")
    a, b = result["scores"]
    assert result["screen"] == "match_end" and a != b
    assert result["winner"] == (0 if a > b else 1) != result["round_winner"]


def test_headless_autoplay_plays_a_game_and_saves_shots(tmp_path):
    result = _sim("--headless", "--autoplay", "easy", "--seed", "5", "--shots", str(tmp_path))
    assert result["winner"] in (0, 1, "draw") and result["moves"] > 10
    assert sum(result["stones"]) >= 3
    names = sorted(os.listdir(tmp_path))
    assert names[0] == "000-menu.png" and names[1] == "001-start.png" and names[-1].endswith("-end.png")
    assert any(n.endswith("-claim.png") for n in names) and len(names) == result["shots"]
    again = _sim("--headless", "--autoplay", "easy", "--seed", "5")
    assert again["moves"] == result["moves"] and again["stones"] == result["stones"]


def test_script_mode_presses_the_named_buttons(tmp_path):
    script = tmp_path / "buttons.txt"
    script.write_text("down down down down right  # three rounds\ndown\nright\nstart\n")
    result = _sim("--headless", "--script", str(script), "--seed", "8", "--opponent", "pass")
    assert result["rounds"] == 3 and result["lang"] == "fr"
    assert result["screen"] == "handoff" and result["moves"] == 0


def test_two_sims_play_a_linked_game_over_a_virtual_cable():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    python = os.path.join(ROOT, ".venv", "bin", "python")
    python = python if os.path.exists(python) else sys.executable
    out = subprocess.run([python, os.path.join(ROOT, "tools", "sim_link.py"), "--headless", "--autoplay", "medium"],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    a, b = [json.loads(line) for line in out.stdout.strip().splitlines()[-2:]]
    assert a["screen"] == b["screen"] == "match_end"
    assert a["moves"] == b["moves"] > 10 and a["stones"] == b["stones"] and a["winner"] == b["winner"]


def test_a_tactics_board_shows_elite_troops_modes_mud_places_and_blocked_cards(desk):
    from engine.cards import JOKER
    from engine.tactics import MODE_BLIND, MODE_MUD
    from test_app import tactics_turn

    app = tactics_turn({1: (["JK", "R5"], ["B2"]), 4: (["G1"], [])}, modes={1: MODE_MUD, 4: MODE_BLIND},
                       hands=(("R1", "SC", "O4"), ()), played=(1, 0))
    app.game.discard[0] = 61  # a Banshee on the discard
    app.game.discard_n = 1
    runner = Runner(desk, app)
    runner.redraw()
    gold, black, slot, felt = (rgb565(L.PALETTE[i]) for i in (L.GOLD, L.BLACK, L.SLOT, L.FELT))
    below = L.STONE_ROW + 1
    assert app.game.cards_at(1, 0)[0] == JOKER
    assert tile_pixel(desk, 1, below) == gold  # the Joker's face
    # Mud fight: four places a side (the fourth drawn as an empty slot);
    # elsewhere three.
    assert tile_pixel(desk, 1, 0, dx=1, dy=0) == slot and tile_pixel(desk, 1, 8, dx=1, dy=0) == slot
    assert tile_pixel(desk, 2, 0, dx=1, dy=0) == felt and tile_pixel(desk, 2, 7, dx=1, dy=0) == slot
    # Combat-mode marks on the stones: a line above the number for Blind
    # man's bluff, a dotted one below it for Mud.
    assert tile_pixel(desk, 4, L.STONE_ROW, dx=5, dy=1) == black == tile_pixel(desk, 4, L.STONE_ROW, dx=11, dy=1)
    assert tile_pixel(desk, 1, L.STONE_ROW, dx=5, dy=1) != black
    assert tile_pixel(desk, 1, L.STONE_ROW, dx=12, dy=7) == black == tile_pixel(desk, 1, L.STONE_ROW, dx=4, dy=7)
    assert tile_pixel(desk, 4, L.STONE_ROW, dx=12, dy=7) != black
    # The limit: the Scout in the hand is drawn blocked; the status says "!".
    hand = app.hand()
    x0 = (L.WIDTH - len(hand) * L.TILE_W) // 2
    i = hand.index(59)
    assert tile_pixel(desk, i, 0, dx=14, dy=5, x0=x0, y0=L.HAND_Y) == slot
    assert runner.view.status.text.startswith("*You!")
    # The discard's top card, left of the hand: the Banshee's black face.
    assert tile_pixel(desk, 0, 0, dx=14, dy=5, x0=0, y0=L.HAND_Y) == black
    assert runner.view.corner.text == "T%d C%d" % (app.game.tactic_pile_size(), app.game.pile_size())


def test_a_scout_return_shows_nine_cards_and_says_it_is_final(desk):
    from test_app import pick_card, tactics_turn

    app = tactics_turn(hands=(("R1", "R2", "SC", "O4", "O5", "O6", "Y7"), ()))
    runner = Runner(desk, app)
    pick_card(app, "SC")
    runner.step([])
    assert runner.view.status.text == "Scout: from tactics?" and "final" in runner.view.hint.text
    runner.step([buttons.A])
    assert runner.view.status.text == "Put 2 back (final)"
    hand = app.hand()
    assert len(hand) == 9 and runner.view.discard.hidden
    x0 = (L.WIDTH - 9 * L.TILE_W) // 2
    for i, card in enumerate(hand):
        if card < 54:
            assert tile_pixel(desk, i, 0, dy=5, x0=x0, y0=L.HAND_Y) == rgb565(L.PALETTE[L.CARD_COLOURS[card // 9]])


def test_headless_autoplay_plays_a_tactics_game():
    result = _sim("--headless", "--autoplay", "medium", "--variant", "tactics", "--seed", "4")
    assert result["variant"] == "tactics" and result["screen"] == "match_end"
    assert result["winner"] in (0, 1, "draw") and result["moves"] > 10


def test_the_sim_writes_a_record_that_replays(tmp_path):
    # A finished match leaves a record in the folder; python -m engine
    # replay checks it and finds the same result.
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "sim", "--headless", "--autoplay", "easy", "--variant", "tactics",
                          "--rounds", "3", "--seed", "9", "--records", str(tmp_path)],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    files = list(tmp_path.iterdir())
    assert len(files) == 1
    replay = subprocess.run([sys.executable, "-m", "engine", "replay", str(files[0])],
                            capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert replay.returncode == 0, replay.stderr
    scores = summary["scores"]
    assert ("%d" % scores[0]) in replay.stdout.splitlines()[-1] and ("%d" % scores[1]) in replay.stdout.splitlines()[-1]
    header = json.loads(files[0].read_text().splitlines()[0])
    assert header["players"] == ["Player 1", "Clansman"] and header["variant"] == "tactics"
    # The sim steps through it, forward to the end and back; a broken
    # record is refused with its first fault.
    stepped = subprocess.run([sys.executable, "-m", "sim", "--headless", "--replay", str(files[0])],
                             capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert stepped.returncode == 0, stepped.stderr
    lines = files[0].read_text().splitlines()
    moves = [line for line in lines[1:] if '"round"' not in line and '"end"' not in line]
    assert "replayed %d moves forward and back" % len(moves) in stepped.stdout
    broken = tmp_path / "broken.txt"
    broken.write_text("\n".join(lines[:3] + [lines[4], lines[3]] + lines[5:]) + "\n")
    refused = subprocess.run([sys.executable, "-m", "sim", "--headless", "--replay", str(broken)],
                             capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert refused.returncode == 2 and "move" in refused.stderr and len(refused.stderr.splitlines()) == 1


def test_the_replayer_goes_forward_and_back_to_the_same_tables():
    from desk.record import write
    from sim.replay import Replayer

    match = bot_match(31, 2, 2, "medium", "medium")
    r = Replayer(write(31, 2, 2, match.moves()))
    tables = []
    for k in range(len(r.moves) + 1):
        r.goto(k)
        tables.append(bytes(r.app.game.side) + bytes(r.app.game.owner))
    assert r.press(buttons.B) and r.at == 0
    for k in range(len(r.moves)):
        assert r.press(buttons.RIGHT) and r.at == k + 1
        assert bytes(r.app.game.side) + bytes(r.app.game.owner) == tables[k + 1]
        assert r.app.note == "%d/%d" % (k + 1, len(r.moves))
    assert not r.press(buttons.RIGHT)
    assert r.press(buttons.LEFT) and r.at == len(r.moves) - 1
    assert bytes(r.app.game.side) + bytes(r.app.game.owner) == tables[-2]


def test_a_replay_keeps_one_side_and_its_lines_fit(desk):
    # Player 1's side at the bottom at every move; the move number in the
    # top line's corner, what the move did on the bottom line, whole.
    from desk.record import write
    from hw import text
    from sim.replay import Replayer

    match = bot_match(32, 1, 2, "hard", "medium")  # tactics: the longest lines
    r = Replayer(write(32, 2, 1, match.moves()))
    runner = Runner(desk, r.app)
    said = 0
    for k in range(len(r.moves) + 1):
        r.goto(k)
        runner.redraw()
        view = runner.view
        assert r.app.viewer() == 0
        for label in (view.hint, view.corner, view.status):
            shown = "".join(text.char(label.grid[i]) for i in range(label.width))
            assert shown == label.text.ljust(label.width), label.text
        assert view.corner.text == "%d/%d" % (k, len(r.moves))
        assert view.hint.text == (words.last_text(r.app) if k else view.hint.text)
        said += bool(k)
        # Player 1's cards on the rows under the stones.
        for s in range(9):
            for i, card in enumerate(r.app.game.cards_at(s, 0)):
                if card < 54:
                    assert tile_pixel(desk, s, L.STONE_ROW + 1 + i, dy=5) == rgb565(L.PALETTE[L.CARD_COLOURS[card // 9]])
    assert said > 20


def test_the_sim_saves_to_a_file_and_offers_the_match_at_the_next_start(tmp_path):
    # Pass and play: start, the first player places a card (A, A), then
    # the sim stops (a power cut); started again on the same file, it
    # offers the match, and resumes it at the same move.
    save = tmp_path / "nvm.bin"
    script = tmp_path / "buttons.txt"
    script.write_text("start a a a\n")
    first = _sim("--headless", "--script", str(script), "--seed", "8", "--opponent", "pass", "--save", str(save))
    assert first["moves"] == 1 and save.stat().st_size == 8192
    script.write_text("b\n")  # any button but A or Start: the offer stays
    offered = _sim("--headless", "--script", str(script), "--seed", "1", "--save", str(save))
    assert offered["screen"] == "resume" and offered["opponent"] == "pass"
    script.write_text("a\n")
    resumed = _sim("--headless", "--script", str(script), "--seed", "1", "--save", str(save))
    assert resumed["screen"] in ("handoff", "turn") and resumed["moves"] == 1


def test_a_save_file_cut_short_is_said_and_the_save_before_offered(tmp_path):
    # Two writes (the match started, its first move): the newest sits in the
    # save area's second half.  The file cut to its first half: the sim says
    # so on screen (and on stdout), then offers the match as it started.
    save = tmp_path / "nvm.bin"
    script = tmp_path / "buttons.txt"
    script.write_text("start a a a\n")
    first = _sim("--headless", "--script", str(script), "--seed", "8", "--opponent", "pass", "--save", str(save))
    assert first["moves"] == 1
    save.write_bytes(save.read_bytes()[:4096])
    script.write_text("")
    said = _sim("--headless", "--script", str(script), "--seed", "1", "--save", str(save))
    assert said["screen"] == "notice"
    script.write_text("a a a\n")  # the notice, then resume
    resumed = _sim("--headless", "--script", str(script), "--seed", "1", "--save", str(save))
    assert resumed["screen"] in ("handoff", "turn") and resumed["moves"] == 0


def test_records_of_two_runs_with_the_same_seed_are_both_kept(tmp_path):
    # The README's own example run twice: two files, neither written over.
    from sim.__main__ import Records

    class Finished:
        hints = [0, 0]  # (asked for in the match)
        opponent, lang, auto_claim, variant, rounds = "easy", "en", False, 0, 1

        def __init__(self, match):
            self.match = match

        def player_names(self, name):
            return [name, "Apprentice"]

    from engine.match import Match

    paths = []
    for run in range(2):
        records = Records(str(tmp_path), "Ann")  # a new run: it knows nothing of the last
        match = Match(42)
        records.note(Finished(match))
        paths += records.written
    assert len(set(paths)) == 2 and sorted(p.name for p in tmp_path.iterdir()) == ["match-42-1.txt", "match-42-2.txt"]
    (tmp_path / "match-42-3.txt").write_text("mine")
    records = Records(str(tmp_path), "Ann")
    records.note(Finished(Match(42)))
    assert (tmp_path / "match-42-3.txt").read_text() == "mine" and records.written[-1].endswith("match-42-4.txt")


def test_the_seed_given_is_the_one_said_recorded_and_dealt_again(tmp_path):
    # --seed 11: the summary says 11, the record holds 11 (its file is
    # named by it), and --seed with the record's seed deals and plays the
    # same match again, move for move.
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    texts = []
    seed = 11
    for run in ("first", "again"):
        folder = tmp_path / run
        out = subprocess.run([sys.executable, "-m", "sim", "--headless", "--autoplay", "easy", "--opponent", "easy",
                              "--seed", str(seed), "--records", str(folder)],
                             capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
        assert out.returncode == 0, out.stderr
        said = json.loads(out.stdout.strip().splitlines()[-1])
        (record,) = folder.iterdir()
        header = json.loads(record.read_text().splitlines()[0])
        assert said["seed"] == header["seed"] == seed and record.name == "match-%d-1.txt" % seed
        texts.append(record.read_text())
        seed = header["seed"]
    assert texts[0] == texts[1]


def test_each_match_of_a_session_is_dealt_from_the_seed_plus_104729():
    # The sim's app deals its first match from --seed and each one after
    # from the one before's + 104729 (modulo 2**30), as docs/sim.md says.
    from hw.match import play
    from sim.__main__ import app_seed

    for seed in (0, 11, (1 << 30) - 1):
        app = App(seed=app_seed(seed), opponent="easy")
        seeds = []
        for _ in range(3):
            play.new_match(app)
            seeds.append(app.match.seed)
        assert seeds == [seed, (seed + 104729) & 0x3FFFFFFF, (seed + 2 * 104729) & 0x3FFFFFFF]


def test_a_window_never_stops_by_itself():
    # The limit that stops a stuck headless run does not apply to play in a
    # window: here it is 0, and the window plays on until it is closed.
    script = ("import sim.__main__ as m, sim.desk as d\n"
              "m.LIMIT_MS = 0\n"
              "calls = [0]\n"
              "def buttons(self, _orig=d.Desk.buttons):\n"
              "    calls[0] += 1\n"
              "    if calls[0] > 200:\n"
              "        self.quit = True  # the player closes the window\n"
              "    return _orig(self)\n"
              "d.Desk.buttons = buttons\n"
              "d.Desk.idle = lambda self: None\n"
              "m.no_display = lambda: None  # (a display: the window's, seen)\n"
              "print(m.main(['--seed', '1']), calls[0])\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[-2:] == ["0", "201"]
    headless = subprocess.run([sys.executable, "-c", script.replace("['--seed', '1']", "['--seed', '1', '--headless', '--autoplay', 'easy']")],
                              capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert headless.stdout.split()[-2] == "1" and headless.stderr.startswith("sim: the game did not end in ")
    assert len(headless.stderr.splitlines()) == 1  # (a stuck headless run: status 1, one line, the summary printed)


@pytest.mark.parametrize("content", [None, b"\xff\xfe", b"[" * 100000, b"{}"])
def test_a_replay_of_a_file_that_is_no_record_is_one_line(tmp_path, content):
    path = tmp_path / "rec.txt"
    if content is not None:
        path.write_bytes(content)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "sim", "--headless", "--replay", str(path)],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1, out.stderr
    assert out.stderr.startswith("sim replay: %s: " % path) and "Traceback" not in out.stderr


@pytest.mark.parametrize("content", [b'ST_NAME = "unterminated\n', b'ST_NAME = "a"\nST_NAME = "b"\n', b"\xb5\x00\xff[[",
                                     None])
def test_a_settings_file_that_is_not_toml_is_said_and_the_game_plays(tmp_path, content):
    path = tmp_path / "settings.toml"
    if content is not None:
        path.write_bytes(content)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "sim", "--headless", "--autoplay", "easy", "--seed", "3",
                          "--settings", str(path)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert out.returncode == 0 and json.loads(out.stdout.splitlines()[-1])["screen"] == "match_end"
    assert out.stderr.splitlines() == [l for l in out.stderr.splitlines() if l.startswith("settings: %s: " % path)]
    assert len(out.stderr.splitlines()) == 1 and out.stderr.rstrip().endswith("the defaults are used")


@pytest.mark.parametrize("option", ["--port", "--save"])
def test_a_port_or_save_file_that_cannot_be_opened_is_one_line(tmp_path, option):
    value = str(tmp_path / "no-such-device") if option == "--port" else str(tmp_path)  # a folder for the save
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "sim", "--headless", "--seed", "1", option, value],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1, out.stderr
    assert out.stderr.startswith("sim: %s %s: " % (option, value)) and "Traceback" not in out.stderr


# -- a linked game without a port

def _sim_run(*args, timeout=120):
    # (A run that waits for a link it cannot have would spin for 30 minutes:
    # the timeout stops it, as a failure.)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "sim", *args], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=timeout)


def test_a_linked_game_without_a_port_is_a_usage_error_when_nobody_is_at_the_menu(tmp_path):
    out = _sim_run("--headless", "--opponent", "link", "--autoplay", "easy")
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1 and out.stdout == "", out.stderr
    assert out.stderr.startswith("sim: --opponent link needs --port PATH")
    settings = tmp_path / "settings.toml"
    settings.write_text('ST_OPPONENT = "link"\n')
    for how in (["--headless", "--script", os.devnull], ["--autoplay", "easy"]):
        out = _sim_run("--settings", str(settings), *how)
        assert out.returncode == 2 and len(out.stderr.splitlines()) == 1, out.stderr
        assert out.stderr.startswith("sim: %s's ST_OPPONENT = \"link\" needs --port PATH" % settings), out.stderr


def test_a_saved_linked_game_without_a_port_is_one_line_too(tmp_path):
    # The menu's choice kept in the save area (the opponent: link), read
    # back by a headless run with no port.
    from engine.save import Saver
    from sim.desk import DeskNVM

    nvm = tmp_path / "sim.nvm"
    app = App(saver=Saver(DeskNVM(str(nvm))))
    app.opponent = "link"
    app.keeper.save(app, None)
    assert App(saver=Saver(DeskNVM(str(nvm)))).opponent == "link"
    out = _sim_run("--headless", "--autoplay", "easy", "--save", str(nvm))
    assert out.returncode == 2 and out.stderr == "sim: --save %s: a linked game is saved there, which needs " \
                                                 "--port PATH\n" % nvm, out.stderr


def test_the_window_without_a_port_says_a_link_needs_one(desk):
    from hw.screens import MENU, NOTICE
    from sim.master import DeskApp

    app = DeskApp(opponent="link")
    runner = Runner(desk, app)
    runner.step()
    assert app.panel()[0] == "(Link: needs --port)"  # (where the title was)
    runner.step([buttons.START])
    assert app.mode == NOTICE and app.lines == ["A link needs --port PATH"] and app.match is None
    runner.step([buttons.A])
    assert app.mode == MENU
    app.lang = "fr"
    assert app.panel()[0] == "(Liaison: --port requis)"
    # (With a port, the board's words: not connected until the link lands.)
    app = DeskApp(opponent="link", link_port=lambda: None)
    assert app.panel()[0] == "(Link: not connected)"


# -- a record's text and a player's name on the terminal

def test_a_records_text_reaches_the_terminal_escaped(tmp_path):
    from desk.record import write

    lines = write(5, 0, 1, [], ["Ann", "Bob"]).splitlines()
    lines.insert(2, json.dumps({"card": "\x1b[2J\x1b]0;pwned\x07", "stone": 1, "claim": []}))
    path = tmp_path / "rec.txt"
    path.write_text("\n".join(lines) + "\n")
    out = _sim_run("--headless", "--replay", str(path))
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1, out.stderr
    assert "\\x1b[2J\\x1b]0;pwned\\x07" in out.stderr and out.stderr[:-1].isprintable(), out.stderr


def test_a_name_with_control_characters_is_refused(tmp_path):
    for name in ("a\x1b[2J", "two\tparts", "\u202eevil"):
        out = _sim_run("--headless", "--autoplay", "easy", "--name", name, "--records", str(tmp_path))
        assert out.returncode == 2 and len(out.stderr.splitlines()) == 1, out.stderr
        assert out.stderr.startswith("sim: argument --name: ") and out.stderr[:-1].isprintable(), out.stderr
    assert os.listdir(tmp_path) == []


def test_headless_with_nobody_at_the_buttons_is_one_line_not_a_wait():
    # Without --autoplay or --script nobody presses a button: said at
    # once, not a menu waiting 30 minutes at full speed.
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "sim", "--headless", "--seed", "1"], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=60)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.splitlines() == ["sim: --headless needs --autoplay LEVEL or --script FILE: nobody would press "
                                       "the buttons"]


def test_the_summary_names_every_screen(tmp_path):
    # A headless script may end on any screen: the help's too (it had no
    # name, and the summary was a traceback).
    from hw import screens
    from sim.__main__ import MODE_NAMES

    numbers = {name: value for name, value in vars(screens).items() if name.isupper() and isinstance(value, int)
               and name not in ("LINES", "PANEL_CHARS")}
    assert sorted(numbers.values()) == list(range(len(MODE_NAMES)))
    for name, value in numbers.items():
        assert MODE_NAMES[value] == name.lower()
    script = tmp_path / "help.txt"
    script.write_text("up up a\n")  # the menu's Help row (the second from the bottom)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", str(script)], capture_output=True,
                         text=True, cwd=ROOT, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1])["screen"] == "help"


def test_a_save_file_that_is_not_a_save_area_or_cannot_be_written_is_refused_up_front(tmp_path):
    # The first save would overwrite the one (an 11,808-byte text became
    # 8,192 bytes of save area), every save would fail in the other: one
    # line, exit 2, nothing run and the file as it was.
    text = tmp_path / "notes.txt"
    text.write_text("x" * 11808)
    short = tmp_path / "short.txt"
    short.write_text("hello, world\n" * 100)
    for path, words in ((text, "not a save area (11808 bytes"), (short, "not a save area (neither slot"),
                        (tmp_path / "no" / "folder" / "s.nvm", "nothing can be written there")):
        before = path.read_bytes() if path.exists() else None
        out = _sim_run("--headless", "--autoplay", "easy", "--save", str(path))
        assert out.returncode == 2 and out.stdout == "", out.stderr
        assert out.stderr.splitlines() == [out.stderr.strip()] and words in out.stderr, out.stderr
        assert (path.read_bytes() if path.exists() else None) == before
    # A save area, an empty file and a new one are the sim's to keep.
    area = tmp_path / "s.nvm"
    empty = tmp_path / "empty.nvm"
    empty.write_bytes(b"")
    for path in (area, area, empty):
        out = _sim_run("--headless", "--autoplay", "easy", "--save", str(path))
        assert out.returncode == 0, out.stderr
        assert path.stat().st_size == 8192


# -- no display (issue 49) -------------------------------------------------------------

def _no_display_env(driver):
    # This machine without a display: no X, no Wayland; and SDL's video
    # driver left to choose (None) or told to draw nowhere.
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(SDL_AUDIODRIVER="dummy", PYTHONPATH=ROOT)
    if driver:
        env["SDL_VIDEODRIVER"] = driver
    return env


@pytest.mark.parametrize("driver", [None, "dummy", "offscreen"])
@pytest.mark.parametrize("how", [["-m", "sim"], ["-m", "sim", "--seed", "3", "--opponent", "easy"],
                                 [os.path.join(ROOT, "tools", "sim_link.py")]])
def test_a_window_without_a_display_is_one_line_naming_the_ways_to_play_without_one(tmp_path, driver, how):
    # (It opened a window nobody saw and waited for keys nobody could
    # press, until killed: the timeout fails such a run.)
    if driver is None and not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        pytest.skip("a display without DISPLAY (macOS, Windows)")
    out = subprocess.run([sys.executable, *how], capture_output=True, text=True, cwd=tmp_path,
                         env=_no_display_env(driver), timeout=60)
    assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr, out.stderr
    [line] = out.stderr.splitlines()
    assert line.startswith("sim: ") and ("SDL_VIDEODRIVER=%s" % driver if driver else "DISPLAY") in line
    for way in ("python -m sim --text", "--headless --autoplay LEVEL", "--headless --script FILE"):
        assert way in line
    assert list(tmp_path.iterdir()) == []  # nothing ran: no save area, no records folder


@pytest.mark.parametrize("driver", [None, "dummy"])
def test_headless_and_the_text_game_play_without_a_display(tmp_path, driver):
    env = _no_display_env(driver)
    script = tmp_path / "buttons.txt"
    script.write_text("start a\n")
    out = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", str(script), "--seed", "3",
                          "--opponent", "easy"], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert out.returncode == 0 and json.loads(out.stdout.splitlines()[-1])["screen"] == "turn", out.stderr
    out = subprocess.run([sys.executable, "-m", "sim", "--text", "--seed", "3"], input="q\n", capture_output=True,
                         text=True, cwd=tmp_path, env=env, timeout=120)
    assert out.returncode == 0 and "Traceback" not in out.stderr and "DISPLAY" not in out.stderr, out.stderr


def test_what_has_no_display():
    from sim.__main__ import no_display

    assert no_display({}, "linux") and no_display({"DISPLAY": ""}, "freebsd14")
    assert no_display({"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}, "darwin")
    assert no_display({"SDL_VIDEODRIVER": " Offscreen , dummy"}, "win32")
    for env, platform in (({"DISPLAY": ":0"}, "linux"), ({"WAYLAND_DISPLAY": "wayland-0"}, "linux"),
                          ({}, "darwin"), ({}, "win32"), ({"SDL_VIDEODRIVER": "kmsdrm"}, "linux"),
                          ({"SDL_VIDEODRIVER": "dummy,x11", "DISPLAY": ":0"}, "linux")):
        assert no_display(env, platform) is None, (env, platform)


# -- scripts: presses wait for the bot, shots where the script says (issue 49) ---------------

_SEED = 3 + 104729  # (the match the app's seed 3 deals first: sim.__main__'s app_seed)


def _person(seed, pressed):
    # A person at the buttons: each button pressed once the screen takes
    # buttons again ("Thinking..." gone), and the bot's last reply awaited.
    from hw.screens import HINT, THINKING
    from sim.master import DeskApp

    from sim.__main__ import app_seed

    app = DeskApp(seed=app_seed(seed), opponent="easy")  # (the match dealt from ``seed``, as --seed's)
    now = 0
    app.tick(now)
    for b in pressed + [None]:
        while app.mode in (THINKING, HINT):
            now += 50
            app.tick(now)
        if b is not None:
            app.press(b)
            app.tick(now)
    return app


def test_a_scripts_presses_wait_while_the_bot_thinks(tmp_path):
    # Start, then A A eight times: eight moves of the player (A: the card
    # under the cursor, A: the stone), each answered by the easy bot: 16
    # moves, as a person pressing those buttons makes.  (The presses made
    # while "Thinking..." showed were dropped: 10 moves, the sixth card
    # held in the hand.)
    script = tmp_path / "buttons.txt"
    script.write_text("start\n" + "a a\n" * 8)
    result = _sim("--headless", "--script", str(script), "--seed", str(_SEED), "--opponent", "easy")
    person = _person(_SEED, [buttons.START] + [buttons.A] * 16)
    assert result["moves"] == person.game.move_count() == 16
    assert result["screen"] == "turn" and person.mode == TURN


def test_a_scripts_shots_are_saved_where_it_says(tmp_path):
    script = tmp_path / "buttons.txt"
    script.write_text("shot first   # the menu, before any button\n"
                      "start\n"
                      "a shot picked\n"
                      "a shot thinking   # the bot's turn, as it begins\n"
                      "wait shot reply\n"
                      "WAIT 100 Shot later_1\n")
    shots = tmp_path / "shots"
    result = _sim("--headless", "--script", str(script), "--seed", str(_SEED), "--opponent", "easy", "--shots",
                  str(shots))
    names = sorted(p.name for p in shots.iterdir())
    assert names == ["000-menu.png", "001-first.png", "002-start.png", "003-picked.png", "004-thinking.png",
                     "005-reply.png", "006-later_1.png", "007-end.png"] and result["shots"] == 8
    assert result["moves"] == 2
    import pygame

    def slot(name, row):  # stone 1's slot of that row, in the window's PNG (4 times the screen)
        image = pygame.image.load(str(shots / name))
        assert image.get_size() == (160 * 4, 128 * 4 + 48)
        return tuple(image.get_at(((L.BOARD_X + 3) * 4, (L.BOARD_Y + row * L.TILE_H + L.TILE_H // 2) * 4)))[:3]

    # (the stones on row 4; this seed: the player's card goes to stone 1, under
    # it, row 5, and the easy bot's reply too, above it, row 3)
    empty = slot("003-picked.png", 5)
    assert slot("003-picked.png", 3) == empty and slot("004-thinking.png", 3) == empty
    assert slot("004-thinking.png", 5) != empty and slot("005-reply.png", 3) != empty


@pytest.mark.parametrize("text, said", [
    ("a\nshot\n", "line 2: shot needs a NAME on its line"),
    ("a\n\nshot ../x\n", "line 3: shot '../x': a shot's name is"),
    ("wait 600001\n", "line 1: wait 600001: at most 600000 milliseconds"),
    ("start\nwait jump\n", "line 2: no button 'jump' (a script's words: up down left right a b start select, wait,"),
])
def test_a_bad_script_word_is_one_line_naming_its_line(tmp_path, text, said):
    script = tmp_path / "buttons.txt"
    script.write_text(text)
    out = _sim_run("--headless", "--script", str(script), "--shots", str(tmp_path / "shots"))
    assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr, out.stderr
    assert out.stderr.splitlines() == [out.stderr.strip()]
    assert out.stderr.startswith("sim: --script %s: %s" % (script, said)), out.stderr
    assert not (tmp_path / "shots").exists()  # (said before anything is made)


# -- two sims, one --shots folder (issue 49) -----------------------------------------------

def test_linked_sims_given_one_shots_folder_each_save_in_their_own(tmp_path):
    shots = tmp_path / "shots"
    python = os.path.join(ROOT, ".venv", "bin", "python")
    python = python if os.path.exists(python) else sys.executable
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([python, os.path.join(ROOT, "tools", "sim_link.py"), "--headless", "--autoplay", "easy",
                          "--shots", str(shots)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    a, b = [json.loads(line) for line in out.stdout.strip().splitlines()[-2:]]
    assert sorted(p.name for p in shots.iterdir()) == ["link-1", "link-2"]
    for folder, result in ((shots / "link-1", a), (shots / "link-2", b)):
        names = sorted(p.name for p in folder.iterdir())
        assert len(names) == result["shots"] > 2 and names[0] == "000-menu.png" and names[-1].endswith("-end.png")


def test_a_sim_refuses_a_shots_folder_another_sim_is_saving_in(tmp_path):
    # Two sims started by hand with one --shots folder: the second is told,
    # in one line, before anything runs (it wrote 000-menu.png over the
    # first's).  The other sim here: this test, holding the folder as a
    # sim does.
    pytest.importorskip("fcntl")  # (checked where the system locks files: not on Windows)
    from sim.__main__ import Shots

    shots = tmp_path / "shots"
    shots.mkdir()
    first = Shots(None, str(shots))
    assert first.hold() is None
    try:
        out = _sim_run("--headless", "--autoplay", "easy", "--seed", "3", "--shots", str(shots))
        assert out.returncode == 2 and out.stdout == "" and list(shots.iterdir()) == [], out.stderr
        assert out.stderr == ("sim: --shots %s: another sim is saving its screenshots there (each would overwrite "
                              "the other's): give each its own\n" % shots)
    finally:
        os.close(first.held)
    out = _sim_run("--headless", "--autoplay", "easy", "--seed", "3", "--shots", str(shots))
    assert out.returncode == 0 and len(list(shots.iterdir())) == json.loads(out.stdout.splitlines()[-1])["shots"]
