"""The board tier: the bundle and the engine under CircuitPython's own
interpreter, with a board's heap.

The bundle is made exactly as ``make bundle`` makes it (every module compiled
by CircuitPython's mpy-cross) and runs from its own folder: code.py's set-up
and main loop, with the stand-ins of tests/board/ for the board's native
modules and a bot pressing the buttons.  Skipped, with the reason, when
CIRCUITPYTHON and CIRCUITPY_MPY_CROSS are not set (see tests/circuitpy.py).
"""

import os
import subprocess
import sys

import pytest

import circuitpy
from conftest import ENGINE_CHECKS, ROOT, under_cpython

pytestmark = circuitpy.needed
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
import board_run  # noqa: E402
import circuitpy_run  # noqa: E402
import bundle  # noqa: E402
from engine.restore import resume  # noqa: E402
from engine.save import Saver  # noqa: E402

MPY = os.path.join(ROOT, "tests", "mpy")
# A PyBadge leaves about 150 KB to a program; 20 KB of it is kept for what
# the stand-ins cannot model (the display's and the USB stack's own buffers,
# the firmware's objects): the target for every mode.
BOARD_HEAP = 130000


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """The bundle, the stand-ins and the driver (tools/bench/board_run.py)."""
    return board_run.prepare(str(tmp_path_factory.mktemp("board")))


def play(board, heap=BOARD_HEAP, **settings):
    """One run of the bundle's code.py with ``heap`` bytes for the app."""
    code, got, out = board_run.play(board, heap, **settings)
    assert code == 0, out[-3000:]
    return got


# ---- the engine: every check of the MicroPython tier, the same as CPython

def under_both(script, *args):
    # The engine and hw compiled as the bundle compiles them
    # (tools/bench/circuitpy_run.py), no heap cap: the same output as CPython's.
    cp = circuitpy_run.run(os.path.join("tests", "mpy", script), *args, packages=("engine", "desk", "hw", "sim"),
                           heap=None)
    return cp, under_cpython(os.path.join(MPY, script), *args)


@pytest.mark.parametrize("args,count,shows", ENGINE_CHECKS, ids=[c[0][0] for c in ENGINE_CHECKS])
def test_engine_checks_are_the_same_under_circuitpython(args, count, shows):
    cp, cpy = under_both("engine_check.py", *args)
    assert len(cp.splitlines()) == count
    assert shows(cp.splitlines())
    assert cp == cpy


def test_the_link_pieces_behave_the_same_under_circuitpython():
    cp, cpy = under_both("link_check.py")
    assert cp == cpy
    assert "channel 30 True" in cp


def test_saves_are_the_same_under_circuitpython():
    cp, cpy = under_both("save_check.py")
    assert cp == cpy and cp


def test_the_app_saves_and_resumes_the_same_under_circuitpython():
    cp, cpy = under_both("app_save_check.py")
    assert cp == cpy
    assert dict(line.split(" ", 1) for line in cp.splitlines())["offered"] == "True medium 2 2 True"


def test_hot_paths_do_not_allocate_under_circuitpython():
    out = circuitpy_run.run(os.path.join("tests", "mpy", "alloc_check.py"), heap=None)
    got = {name: int(n) for name, n in (line.split() for line in out.splitlines())}
    assert got.pop("control") > 0  # the measure sees an allocation
    assert set(got.values()) == {0}, got


# ---- the bundle, as a board runs it

def test_every_shipped_module_imports_on_circuitpython(board):
    script = os.path.join(board["standins"], "import_all.py")
    run = subprocess.run([circuitpy_run.INTERPRETER, script, board["bundle"]], capture_output=True, text=True,
                         cwd=board["bundle"])
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert [line for line in lines if not line.startswith("ok ")] == []
    names = {line[3:] for line in lines}
    assert {"hw.app", "hw.view", "engine.tactics", "engine.session", "hw.lang.es", "hw.boards"} <= names


def test_the_neopixels_get_green_red_blue_at_the_set_brightness(board, tmp_path):
    # hw.boards.Pixels writes the LEDs with the firmware's neopixel_write:
    # the bytes sent, with the stand-in keeping the last ones.
    script = tmp_path / "pixels.py"
    script.write_text("import sys\n"
                      "sys.path[:] = [%r, '', 'lib']\n"
                      "import board, neopixel_write\n"
                      "from hw.boards import Pixels\n"
                      "for percent in (100, 50, 0):\n"
                      "    p = Pixels(board.NEOPIXEL, 5, percent)\n"
                      "    p[0] = (255, 10, 0)\n"
                      "    p[4] = (0, 40, 120)\n"
                      "    p.show()\n"
                      "    print(len(p), list(neopixel_write.last[0]))\n" % board["standins"])
    run = subprocess.run([circuitpy_run.INTERPRETER, str(script)], capture_output=True, text=True, cwd=board["bundle"])
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "5 [10, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 40, 0, 120]",
        "5 [5, 127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 0, 60]",
        "5 [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]",
    ]


def test_the_bundle_is_compiled_with_board_paths(board):
    files = []
    for folder, _, names in os.walk(board["bundle"]):
        files += [os.path.join(folder, n) for n in names]
    rel = sorted(os.path.relpath(f, board["bundle"]) for f in files)
    assert [f for f in rel if f.endswith(".py")] == ["code.py"]
    for path in files:
        if path.endswith(".mpy"):
            data = open(path, "rb").read()
            assert data[:2] == bundle.CIRCUITPY_MPY, path
            assert ROOT.encode() not in data and b"/tmp" not in data, path  # no host path in a traceback
    assert "engine/game.mpy" in rel and not [f for f in rel if f.startswith("lib/")]
    assert not [f for f in rel if f.startswith(("desk/", "sim/")) or f.endswith("__main__.mpy")]


MATCHES = [
    ("classic", "easy"), ("classic", "medium"), ("classic", "hard"), ("expert", "hard"), ("classic", "pass"),
    ("tactics", "easy"), ("tactics", "medium"), ("tactics", "hard"), ("tactics", "pass"),
]


@pytest.mark.parametrize("variant,opponent", MATCHES, ids=["-".join(m) for m in MATCHES])
def test_whole_matches_play_on_a_board_heap(board, variant, opponent):
    got = play(board, BOARD_HEAP, ST_VARIANT=variant, ST_OPPONENT=opponent, BOARD_SEED=7)
    assert got["end"] == "match"
    assert len(got["results"].split()) == 1 and int(got["moves"]) > 10
    # Saved as it went: a write a turn (a tactics turn holds several moves
    # of the history: the card, the draw, a Scout's return).
    assert int(got["nvm_writes"]) >= (int(got["moves"]) - 1 if variant != "tactics" else 10)
    assert int(got["peak"]) < BOARD_HEAP


@pytest.mark.parametrize("variant,opponent", [("tactics", "easy"), ("classic", "pass")])
def test_a_hint_at_every_turn_plays_on_a_board_heap(board, variant, opponent):
    # B at each of the player's card steps: the hard level's move worked
    # out on top of a match against easy (the tightest), or with no bot.
    got = play(board, BOARD_HEAP, ST_VARIANT=variant, ST_OPPONENT=opponent, BOARD_SEED=7, BOARD_HINTS=1)
    assert got["end"] == "match" and int(got["hint"]) >= 10


@pytest.mark.parametrize("variant", ["classic", "tactics"])
def test_the_review_of_a_three_round_match_runs_on_a_board_heap(board, variant):
    # B on the summary: every move of the player's beside the hard level's,
    # each worked out on the board, once the match's objects are gone, by
    # one hard bot made at the review's first move (in tactics its brain's
    # arrays: made at every move, in a heap the review had cut up, they
    # needed from 127,250 bytes to more than 130,000 from one run to
    # another).
    got = play(board, BOARD_HEAP, ST_VARIANT=variant, ST_OPPONENT="easy", ST_ROUNDS=3, BOARD_SEED=7, BOARD_REVIEW=1)
    assert got["end"] == "review" and len(got["results"].split()) >= 2
    assert int(got["reviewed"]) > 30 and 0 < int(got["differs"]) <= int(got["reviewed"])


def test_a_match_with_sound_plays_its_notes_on_a_board_heap(board):
    # ST_SOUND = 1: the speaker's notes (audioio's stand-in counts them),
    # in the tightest mode; with sound off (every other run) none.
    got = play(board, BOARD_HEAP, ST_VARIANT="tactics", ST_OPPONENT="easy", ST_SOUND=1, BOARD_SEED=7)
    assert got["end"] == "match" and int(got["notes"]) > int(got["moves"]) // 4  # (a tactics turn: 3 moves or more)
    quiet = play(board, BOARD_HEAP, ST_VARIANT="classic", ST_OPPONENT="easy", BOARD_SEED=7)
    assert quiet["end"] == "match" and int(quiet["notes"]) == 0


def test_a_three_round_match_with_auto_claim_in_french(board):
    got = play(board, BOARD_HEAP, ST_VARIANT="expert", ST_OPPONENT="medium", ST_ROUNDS=3, ST_LANGUAGE="fr", ST_AUTO_CLAIM=1,
               BOARD_SEED=11)
    assert got["end"] == "match" and len(got["results"].split()) == 3


@pytest.mark.parametrize("variant", ["classic", "tactics"])
def test_a_match_cut_by_a_power_loss_resumes(board, tmp_path, variant):
    nvm = str(tmp_path / "nvm.bin")
    cut = play(board, BOARD_HEAP, ST_VARIANT=variant, ST_OPPONENT="medium", BOARD_SEED=3, BOARD_CUT=12, BOARD_NVM=nvm)
    assert cut["end"] == "cut" and int(cut["moves"]) >= 12
    again = play(board, BOARD_HEAP, ST_VARIANT=variant, ST_OPPONENT="medium", BOARD_SEED=4, BOARD_NVM=nvm)
    assert again["resumed"] == "True" and again["end"] == "match"
    assert int(again["moves"]) > int(cut["moves"])


def test_the_statistics_count_each_match_and_outlive_a_power_cycle(board, tmp_path):
    # Two matches against medium on the same nvm, the board switched off
    # between them: the second run's statistics hold both (hw.saves.tally's
    # counters: 8 + variant * 3 + result is the medium's table, index 1).
    nvm = str(tmp_path / "nvm.bin")
    want = {}
    for seed in (5, 6):
        got = play(board, BOARD_HEAP, ST_VARIANT="classic", ST_OPPONENT="medium", BOARD_SEED=seed, BOARD_NVM=nvm)
        assert got["end"] == "match"
        (winner, stones), = [(int(r[0]), int(r[2:].split("-")[0])) for r in got["results"].split()]  # "w:s0-s1"
        result = 2 if winner == 3 else winner  # (the player is seat 0: won, lost; 3, DRAW: drawn)
        for i, n in ((8 + 9 + result, 1), (2 + result, 1), (5, stones), (6 if result == 0 else -1, 1)):
            want[i] = want.get(i, 0) + n
        if result:
            want.pop(6, None)  # (the streak starts again)
        want[7] = max(want.get(7, 0), want.get(6, 0))
        counted = {int(k): int(v) for k, v in (pair.split(":") for pair in got["stats"].split())}
        assert counted == {i: n for i, n in want.items() if n and i >= 0}


@pytest.mark.parametrize("variant", ["classic", "tactics"])
def test_a_linked_match_between_two_interpreters(board, tmp_path, variant):
    # Each player asks for a hint (B) at each of their card steps: over the
    # link a classic match has them (both boards allow them, as by default),
    # worked out beside the link's state; a tactics match has none (no room).
    cable = tmp_path / "cable"
    cable.mkdir()
    ends = board_run.play_linked(board, BOARD_HEAP, str(cable), ST_VARIANT=variant, BOARD_HINTS=1)
    # (One end that fails stops the other: the failure is the first one's.)
    assert [code for code, _, _ in ends] == [0, 0], "\n\n".join(out[-3000:] for code, _, out in ends if code > 0)
    a, b = (got for _, got, _ in ends)
    assert a["end"] == b["end"] == "match"
    assert a["moves"] == b["moves"] and int(a["moves"]) > 10
    assert a["results"] == b["results"]  # the same match, seat by seat
    hints = [dict(pair.split(":") for pair in got["stats"].split()).get("1", "0") for got in (a, b)]  # hw.saves.tally's HINTS
    assert all(int(n) >= 5 for n in hints) if variant == "classic" else hints == ["0", "0"]


# ---- another CircuitPython, or out of memory: one line, never a traceback

def said(out):
    """What code.py printed (the lines that are no figure of the run)."""
    return [line for line in out.splitlines() if line.split(" ", 1)[0] not in FIGURES and not line.startswith("qstr")]


FIGURES = {"standins", "startup_us", "startup_calls", "setup", "driver", "full", "screen", "end"}


@pytest.mark.parametrize("firmware", ["8.2.9 0", "9.2.8 6", "11.0.0 7"])
def test_another_circuitpython_is_told_the_one_the_bundle_needs(board, firmware):
    # 8 has no .mpy version 6 (its modules do not load) nor _mpy; 9 loads
    # them, but the bundle is made for 10; an 11 with another .mpy version
    # does not.  (tests/board/run_board.py: BOARD_FIRMWARE.)
    code, got, out = board_run.play(board, BOARD_HEAP, BOARD_FIRMWARE=firmware, BOARD_SEED=1)
    assert code == 0 and "Traceback" not in out, out[-3000:]
    assert said(out) == ["Schotten Totten needs CircuitPython %d; this board has %s." % (
        bundle.CIRCUITPY_VERSION, firmware.split()[0])]
    assert got["screen"] == "console" and got["end"] == "code" and "startup_us" not in got  # the app never started


def test_out_of_memory_at_start_is_one_line_on_the_screen(board):
    # 50,000 bytes: well short of what the set-up keeps (about 70 KB).
    code, got, out = board_run.play(board, 50000, BOARD_SEED=1)
    assert code == 0 and "Traceback" not in out, out[-3000:]
    lines = said(out)
    assert len(lines) == 1 and lines[0].startswith("Out of memory: press reset"), lines
    assert got["screen"] == "console" and got["end"] == "code" and "startup_us" not in got


@pytest.mark.parametrize("variant", ["classic", "tactics"])
def test_out_of_memory_in_play_is_one_line_and_the_save_is_kept(board, tmp_path, variant):
    # The heap filled while the bot is about to choose (BOARD_FULL): the
    # app runs out in play.  The save holds every move made before, and the
    # next start offers it and plays it to the end.
    nvm = str(tmp_path / "nvm.bin")
    code, got, out = board_run.play(board, 0, ST_VARIANT=variant, ST_OPPONENT="medium", BOARD_SEED=3, BOARD_FULL=12,
                                    BOARD_NVM=nvm)
    assert code == 0 and "Traceback" not in out, out[-3000:]
    lines = said(out)
    assert len(lines) == 1 and lines[0].startswith("Out of memory: press reset"), lines
    assert got["screen"] == "console" and got["end"] == "code"
    with open(nvm, "rb") as f:
        blob, problem = Saver(bytearray(f.read())).load()
    assert problem is None and len(resume(blob)[0].moves()) == int(got["full"]) > 0
    again = play(board, BOARD_HEAP, ST_VARIANT=variant, ST_OPPONENT="medium", BOARD_SEED=4, BOARD_NVM=nvm)
    assert again["resumed"] == "True" and again["end"] == "match"


@pytest.mark.parametrize("variant,lang", [("classic", "fr"), ("expert", "en"), ("tactics", "es")])
def test_every_lesson_plays_to_its_end_on_a_board_heap(board, variant, lang):
    # The menu's Learn (its first row): the variant's lesson, every move it
    # asks for made at the buttons, to its last page; counted once.
    got = play(board, BOARD_HEAP, ST_VARIANT=variant, ST_LANGUAGE=lang, BOARD_SEED=7, BOARD_LEARN=1)
    steps = len(__import__("engine.lessons", None, None, ("steps",)).steps(("classic", "expert", "tactics").index(variant)))
    assert got["end"] == "lesson" and int(got["lesson"]) == steps
    assert got["stats"] == "0:1"  # hw.saves.tally's LESSONS
    assert int(got["peak"]) < BOARD_HEAP


# ---- whole sessions: one power-up, what a player does after a match

# Every path of a session fits the board's heap with 2,000 bytes to spare
# (a session's later steps play in a heap cut up by the earlier ones).
SESSION_HEAP = BOARD_HEAP - 2000

# Each in one power-up (tests/board/run_board.py's BOARD_SESSION): every
# variant's match against each level, three rounds with a hint at every
# card step, sound on, in French, its review, the statistics, Learn in
# another variant and a match of another variant after it.
SESSIONS = {
    "easy": "match:tactics:easy:3:hints:sound:fr:review stats learn:classic match:classic:easy:3:hints learn:expert "
            "match:expert:easy:3:hints",
    "medium": "match:classic:medium:3:hints:sound:fr:review learn:tactics match:tactics:medium:3:hints stats "
              "match:expert:medium:3:hints:review mistakes learn:classic",
    "hard": "match:expert:hard:3:hints:sound:fr:review mistakes learn:tactics match:tactics:hard:3:hints:review stats "
            "learn:expert match:classic:hard:3:hints:looks",
    "pass": "match:classic:pass:3:hints:sound:fr:review stats learn:tactics mistakes match:tactics:pass:3:hints:looks "
            "learn:classic match:expert:pass:3:hints",
}


def floors(out):
    """The session's menus (run_board.py's "menu" lines, each followed by
    the interpreter's "qstr pool:" line): [(live heap less the interned
    names' pools and text, modules, names interned)]."""
    lines = out.splitlines()
    got = []
    for i, line in enumerate(lines):
        if line.startswith("menu "):
            names = board_run._qstr_fields(lines[i + 1])
            got.append((int(line.split()[2]) - names["n_total_bytes"], set(line.split()[3:]), names["n_qstr"]))
    return got


# Names a session may intern after its first step (a pool entry and the
# text: some 10 bytes each).  Their pools are a board's whatever it holds,
# never freed; where one more pool is made, the run's cap (its qstr credit,
# tools/bench/board_run.py) and the smallest heaps tell.  The live heap is taken
# without them: a new pool (7.7 KB, then 15.4 KB) is no object kept.
NAMES_AFTER_STEPS = 500


def check_floors(out, lang="fr"):
    # At the menu, after every step, the app holds what it held at power-up
    # (hw.match.between's floor): the menu's screen and words, the sound's once it
    # played (never a link's, once its last move is delivered), and no more
    # than a few KB more (the first after-step menu's heap), names
    # interned on the way apart (NAMES_AFTER_STEPS).
    (_, power_up, _), first, *rest = floors(out)
    allowed = power_up | {"hw.screens.menu", "hw.lang", "hw.lang." + lang, "hw.sound", "hw.speaker"}
    for live, modules, names in [first] + rest:
        assert modules <= allowed, sorted(modules - allowed)
        assert live <= first[0] + 6000, (live, first[0])
        assert names <= first[2] + NAMES_AFTER_STEPS, (names, first[2])
    return len(rest) + 1


@pytest.mark.parametrize("level", sorted(SESSIONS))
def test_a_whole_session_plays_on_a_board_heap_with_room_to_spare(board, level):
    spec = SESSIONS[level]
    code, got, out = board_run.play(board, SESSION_HEAP, BOARD_SESSION=spec, BOARD_SEED=13)
    assert code == 0 and "Out of memory" not in out, out[-3000:]
    assert got["end"] == "session" and int(got["steps"]) == len(spec.split())
    assert int(got["matches"]) == 3 and int(got["reviews"]) >= 1 and int(got["lessons"]) == 2
    if level != "easy":  # (a classic or expert review: its first mistake asked, a move tried, then the answer;
        # then one of the mistakes it kept, from the menu's "Your mistakes": pass-and-play's reviews keep none)
        assert int(got["quizzes"]) >= (1 if level == "pass" else 2) and int(got["asked"]) == (level != "pass")
    assert int(got["hints"]) >= 40 and int(got["notes"]) > 0
    assert check_floors(out) == len(spec.split())


@pytest.mark.parametrize("variant", ["classic", "tactics"])
def test_a_session_after_a_linked_match(board, tmp_path, variant):
    # A linked match (hints asked for: classic has them), its review, the
    # statistics, Learn and a match against hard in the other variant, on
    # each board: the link's session code goes once its last move is
    # delivered (hw.match.link: Link.rest).
    other = "classic" if variant == "tactics" else "tactics"
    spec = "match:link:%s:hints:review stats learn:%s match:%s:hard:hints" % (variant, other, other)
    cable = tmp_path / "cable"
    cable.mkdir()
    ends = board_run.play_linked(board, SESSION_HEAP, str(cable), BOARD_SESSION=spec)
    assert [code for code, _, _ in ends] == [0, 0], "\n\n".join(out[-3000:] for code, _, out in ends if code)
    for code, got, out in ends:
        assert got["end"] == "session" and int(got["matches"]) == 2 and int(got["lessons"]) == 1, out[-3000:]
        assert check_floors(out, "en") == 4


def fuzzed_session(seed):
    """A session of five steps drawn from ``seed``: matches of any variant
    against any level, one or three rounds, hints or not, reviewed or not;
    Learn, the statistics, the help, the kept mistakes."""
    from engine.rng import Random

    rng = Random(seed)
    steps = []
    for _ in range(5):
        kind = rng.below(6)
        if kind < 2:
            step = "match:%s:%s:%d" % (("classic", "expert", "tactics")[rng.below(3)],
                                       ("easy", "medium", "hard", "pass")[rng.below(4)], (1, 3)[rng.below(2)])
            step += ":hints" if rng.below(2) else ""
            step += ":review" if rng.below(2) else ""
            steps.append(step)
        else:
            steps.append(("learn:" + ("classic", "expert", "tactics")[rng.below(3)], "stats", "help", "mistakes")[kind - 2])
    return " ".join(steps)


@pytest.mark.parametrize("seed", range(1, 9))
def test_random_presses_over_a_whole_session_never_run_out_of_memory(board, seed):
    # One press in ten at random (any button: pause menus, restarts, a
    # stone's detail, hints, a step left half-way), the rest a player's.
    spec = fuzzed_session(seed)
    code, got, out = board_run.play(board, SESSION_HEAP, BOARD_SESSION=spec, BOARD_FUZZ=10, BOARD_SEED=seed,
                                    BOARD_POLLS=6000)
    assert code == 0 and "Out of memory" not in out and "Traceback" not in out, (spec, out[-3000:])
    assert got["end"] in ("session", "fuzz"), spec
