"""The strength notebook's instruments (tools/strength/notebook.md): the exact endgame
search (engine/endgame.py, desk/endgame.py's) and desk/brute.py's check of it against a plain minimax, tools/strength/screen.py's tuned
hard bot (no knob changed: the hard bot's very moves) and its resumable
results file, and both commands' errors in one line."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools", "strength"))
import screen  # noqa: E402
from desk.brute import forced_win  # noqa: E402
from desk.endgame import NOT_WON, UNKNOWN, WON, Endgame, reveal  # noqa: E402
from engine.bots import Bot  # noqa: E402
from engine.classic import Game  # noqa: E402
from engine.game import CLASSIC, EXPERT, NOBODY, make_game  # noqa: E402
from engine.moves import AUTO_CLAIM  # noqa: E402
from engine.rng import Random  # noqa: E402


def endgames(variant, count, seed=3, cards=6):
    # Rounds played at random (every claim made) until the pile is empty.
    rng = Random(seed)
    out = []
    d = 0
    while len(out) < count:
        g = Game(variant)
        g.deal(d, d % 2)
        d += 1
        while g.winner == NOBODY and g.deck_pos < 54:
            ms = g.legal_moves()
            g.apply(ms[rng.below(len(ms))] | AUTO_CLAIM)
        # more moves, until minimax's tree is small enough for a test
        while g.winner == NOBODY and g.hand_n[0] + g.hand_n[1] > cards:
            ms = g.legal_moves()
            g.apply(ms[rng.below(len(ms))] | AUTO_CLAIM)
        if g.winner == NOBODY:
            out.append(g)
    return out


def minimax(g, root):
    # The round's value for ``root`` by trying everything: 1 won, 0 not.
    if g.winner != NOBODY:
        return 1 if g.winner == root else 0
    best = None
    for m in g.legal_moves():
        g.apply(m | AUTO_CLAIM)
        v = minimax(g, root)
        g.undo()
        best = v if best is None else max(best, v) if g.to_move == root else min(best, v)
    return best


def test_the_search_finds_a_win_exactly_when_there_is_one():
    search = Endgame()
    seen = {WON: 0, NOT_WON: 0}
    for variant in (CLASSIC, EXPERT):
        for g in endgames(variant, 30):
            before = (bytes(g.side), bytes(g.hand[0]), bytes(g.hand[1]), bytes(g.owner), g.to_move, len(g.history))
            r = search.win(g, 10 ** 7)
            assert (bytes(g.side), bytes(g.hand[0]), bytes(g.hand[1]), bytes(g.owner), g.to_move, len(g.history)) == before
            truth = minimax(g, g.to_move)
            assert forced_win(g) == (truth == 1)  # (the brute force that checks tools/strength/wonends.py's positions)
            if r == NOT_WON:
                assert truth == 0
                seen[NOT_WON] += 1
            else:
                assert r & AUTO_CLAIM and truth == 1
                root = g.to_move
                g.apply(r)  # the move found wins whatever comes next
                assert minimax(g, root) == 1
                g.undo()
                seen[WON] += 1
    assert seen[WON] >= 5 and seen[NOT_WON] >= 5


def test_the_limit_stops_the_search_and_leaves_the_round_as_it_was():
    search = Endgame()
    stopped = 0
    for g in endgames(CLASSIC, 20, seed=8):
        before = (bytes(g.side), bytes(g.hand[0]), bytes(g.hand[1]), len(g.history))
        r = search.win(g, 3)
        assert search.nodes <= 3
        assert (bytes(g.side), bytes(g.hand[0]), bytes(g.hand[1]), len(g.history)) == before
        if r == UNKNOWN:
            stopped += 1
        else:  # settled within the limit: as without one
            assert r == search.win(g, 10 ** 7)
    assert stopped >= 5


def test_a_hidden_hand_is_dealt_back_when_the_pile_is_empty():
    for g in endgames(CLASSIC, 5, seed=11):
        p = g.to_move
        view = Game()
        view.copy_from(g)
        view.hide(p)
        assert reveal(view, p)
        assert sorted(view.hand_cards(1 - p)) == sorted(g.hand_cards(1 - p))


def test_the_tuned_bot_without_changes_is_the_hard_bot():
    for d, variant in ((1, CLASSIC), (2, EXPERT)):
        g = make_game(variant)
        g.deal(d, 0)
        tuned = [screen.Tuned(5, {}), screen.Tuned(6, {})]
        hard = [Bot("hard", 5), Bot("hard", 6)]
        while g.winner == NOBODY:
            m = tuned[g.to_move].choose(g)
            assert m == hard[g.to_move].choose(g)
            g.apply(g.spell_claims(m))


def test_a_knob_changes_the_play_and_is_put_back():
    from engine import ai

    g = make_game(CLASSIC)
    g.deal(4, 0)
    worlds = ai._WORLDS
    differs = False
    while g.winner == NOBODY:
        m = screen.Tuned(5, {"worlds": 1, "hope": 30}).choose(g)
        assert ai._WORLDS == worlds
        differs |= m != Bot("hard", 5).choose(g)
        g.apply(g.spell_claims(m))
    assert differs


def command(*args):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_a_screen_goes_on_where_it_stopped(tmp_path):
    out = tmp_path / "r.txt"
    first = command("tools/strength/screen.py", str(out), "--games", "2", "--jobs", "1", "--knobs", "worlds=2")
    assert first.returncode == 0 and "of 2 games" in first.stdout, first.stderr
    lines = out.read_text().splitlines()
    assert lines[0] == "# worlds=2 vs hard, classic" and len(lines) == 2 and lines[1].split()[0] == "1"
    more = command("tools/strength/screen.py", str(out), "--games", "4", "--jobs", "1", "--knobs", "worlds=2")
    assert more.returncode == 0 and "of 4 games" in more.stdout
    assert out.read_text().splitlines()[:2] == lines and len(out.read_text().splitlines()) == 3


def test_the_commands_say_what_is_wrong_in_one_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("1 2\nnonsense\n")
    deep = tmp_path / "deep.txt"
    deep.write_text("[" * 100000 + "]" * 100000 + "\n")
    weights = tmp_path / "weights.txt"  # (a weight that is not a number within its bounds)
    weights.write_text('{"step": 3, "theta": {"hope": NaN, "lack": 30, "tempo": 60, "adjacent": 3, "slope": 16}}\n')
    lesson = tmp_path / "lesson.txt"
    lesson.write_text('{"deal": 1, "turns": 3, "lessons": [{"hard": "a", "searcher": "b", "playouts": {}}]}\n')
    listed = tmp_path / "listed.txt"  # (a move that is a list: no move, and no key of the rates either)
    listed.write_text('{"deal": 1, "turns": 3, "lessons": [{"hard": ["a"], "searcher": "b", "position": {}, '
                      '"playouts": {"b": 0.5}}]}\n')
    for args, words in ((("tools/strength/screen.py", str(tmp_path / "x"), "--knobs", "hop=3"), "a knob is NAME=VALUE"),
                        (("tools/strength/screen.py", str(bad)), "line 2: not a screen's result"),
                        (("tools/strength/screen.py", str(tmp_path)), "cannot read"),
                        (("tools/strength/screen.py", str(tmp_path / "x"), "--games", "0"), "must be 1 to 1000000"),
                        (("tools/strength/screen.py", str(tmp_path / "x"), "--games", "10" * 9), "must be 1 to 1000000"),
                        (("tools/strength/screen.py", str(tmp_path / "x"), "--jobs", "100000"), "must be 1 to 64"),
                        (("tools/strength/screen.py", str(tmp_path / "x"), "--searcher", "policy=best"), "policy 'best': one of"),
                        (("tools/strength/screen.py", str(tmp_path / "x"), "--searcher", "margin=101"), "margin: 101 is out of range"),
                        (("tools/strength/screen.py", str(tmp_path / "x"), "--searcher", "playouts=" + "9" * 5000),
                         "playouts: 99999999999999999999 is out of range (1 to 100000)"),
                        (("tools/strength/screen.py", str(tmp_path / "x"), "--knobs", "keep=1000000000000"),
                         "knob keep: 1000000000000 is out of range (1 to 24)"),
                        (("tools/strength/screen.py", str(tmp_path / "x"), "--knobs", "worlds=100"),
                         "knob worlds: 100 is out of range (1 to 64)"),
                        (("tools/strength/screen.py", str(tmp_path / "x"), "--knobs", "hope=1_0"), "knob hope: '1_0' is not a whole"),
                        (("tools/strength/screen.py", str(tmp_path / "x"), "--searcher", "", "--knobs", "hope=3"), "no --knobs"),
                        (("tools/strength/screen.py", str(tmp_path / "x"), "--variant", "tactics"), "only with --searcher"),
                        (("tools/strength/teacher.py", str(bad)), "line 1: not a deal's record"),
                        (("tools/strength/teacher.py", str(tmp_path / "x"), "--playouts", "0"), "must be 1 to 1000000"),
                        (("tools/strength/teacher.py", str(deep)), "line 1: not a deal's record"),
                        (("tools/strength/teacher.py", str(lesson)), "line 1: not a deal's record"),
                        (("tools/strength/teacher.py", str(listed)), "line 1: not a deal's record"),
                        (("tools/strength/distil.py", str(listed)), "line 1: not a deal's record"),
                        (("tools/strength/teacher.py", "/dev/zero"), "not a file of deals' records"),
                        (("tools/strength/distil.py", "/dev/zero"), "not a file of deals' records"),
                        (("tools/strength/teacher.py", str(tmp_path / "x"), "--gap", "500"), "must be 0 to 100"),
                        (("tools/strength/tune.py", str(deep)), "line 1: not a tuning step"),
                        (("tools/strength/tune.py", str(weights)), "line 1: not a tuning step"),
                        (("tools/strength/reviewcal.py", str(bad), "--fit"), "line 1: not a round's record"),
                        (("tools/strength/reviewcal.py", str(deep), "--fit"), "line 1: not a round's record"),
                        (("tools/strength/reviewcal.py", "/dev/zero"), "/dev/zero: not a file of records"),
                        (("tools/strength/reviewcal.py", str(tmp_path / "x"), "--playouts", "0"), "must be 1 to 1000000"),
                        (("tools/strength/wonends.py", str(deep), "--check"), "line 1: not a game's record"),
                        (("tools/strength/endgame.py", "hard", "nobody"), "unknown player"),
                        (("tools/strength/endgame.py", "easy", "greedy"), "one of the two must be hard"),
                        (("tools/screenshots.py", str(bad)), "cannot write %s: File exists" % bad),
                        (("tools/bench/bench.py", "--bot"), "unrecognized arguments: --bot"),
                        (("tools/strength/endgame.py", "hard", "greedy", "--pile", "x"), "not a whole number")):
        run = command(*args)
        assert run.returncode == 2 and words in run.stderr.splitlines()[-1], (args, run.stderr)
        assert "Traceback" not in run.stderr
    assert bad.read_text() == "1 2\nnonsense\n"


def test_the_endgame_ceiling_counts_its_games():
    run = command("tools/strength/endgame.py", "hard", "easy", "--games", "4", "--jobs", "1")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("hard vs easy, pile <= 0: 4 games, ")


def test_tuning_goes_on_from_its_last_step(tmp_path):
    state = tmp_path / "tune.txt"
    first = command("tools/strength/tune.py", str(state), "--steps", "1", "--deals", "1", "--jobs", "1")
    assert first.returncode == 0, first.stderr
    more = command("tools/strength/tune.py", str(state), "--steps", "1", "--deals", "1", "--jobs", "1")
    assert more.returncode == 0, more.stderr
    import json

    steps = [json.loads(line) for line in state.read_text().splitlines()]
    assert [s["step"] for s in steps] == [1, 2]
    assert set(steps[0]["theta"]) == {"hope", "lack", "tempo", "adjacent", "slope"}
    assert more.stdout.startswith("step 2: ")
    state.write_text(state.read_text() + "{}\n")
    bad = command("tools/strength/tune.py", str(state), "--steps", "1")
    assert bad.returncode == 2 and "line 3: not a tuning step" in bad.stderr.splitlines()[-1]
    assert "Traceback" not in bad.stderr and len(state.read_text().splitlines()) == 3


def test_the_slope_knob_bends_the_judges_curve_and_puts_it_back():
    from engine import ai

    curve = ai.CURVE
    steep = screen.Tuned(1, {"slope": 32}).budgets["CURVE"]
    assert steep[32] == curve[32] and steep[36] == curve[40] and steep[28] == curve[24]
    assert screen.Tuned(1, {"slope": 16}).budgets["CURVE"] == bytes(curve)
    g = make_game(CLASSIC)
    g.deal(3, 0)
    screen.Tuned(1, {"slope": 32}).choose(g)
    assert ai.CURVE is curve


def test_the_chance_trial_counts_every_way_the_round_can_end():
    import trials

    rng = Random(4)
    for _ in range(20):
        odds = bytearray(rng.below(251) if rng.below(4) else 250 * rng.below(2) for _ in range(9))
        truth = 0.0
        for mask in range(512):
            pr = 1.0
            for s in range(9):
                x = odds[s] / 250.0
                pr *= x if mask >> s & 1 else 1 - x
            runs = [any(all((mask >> (s + i) & 1) == who for i in range(3)) for s in range(7)) for who in (1, 0)]
            won = 0.5 if runs[0] and runs[1] else 1.0 if runs[0] else 0.0 if runs[1] else float(bin(mask).count("1") >= 5)
            truth += pr * won
        assert abs(trials.win_chance(odds) - truth) < 1e-9


def test_a_trial_plays_through_the_screen(tmp_path):
    out = tmp_path / "t.txt"
    run = command("tools/strength/screen.py", str(out), "--try", "reply", "--games", "2", "--jobs", "1")
    assert run.returncode == 0 and run.stdout.startswith("reply vs hard, classic: "), run.stderr
    assert out.read_text().splitlines()[0] == "# reply vs hard, classic" and len(out.read_text().splitlines()) == 2
    # The file's games are the reply trial's: another trial, or knobs, go to another file.
    other = command("tools/strength/screen.py", str(out), "--try", "reply", "--knobs", "worlds=4", "--games", "2", "--jobs", "1")
    assert other.returncode == 2 and other.stderr.splitlines()[-1].endswith(
        "holds the games of reply vs hard, classic, not of reply worlds=4 vs hard, classic: another file for these")


def test_two_results_files_compare_deal_by_deal(tmp_path):
    a = tmp_path / "a.txt"
    b = tmp_path / "b.txt"
    a.write_text("1 2\n2 1\n3 2\n9 0\n")
    b.write_text("1 1\n2 1\n3 0\n")
    diff, lo, hi, n = screen.compare(screen.read(str(a)), screen.read(str(b)))
    assert n == 6 and abs(diff - 50.0) < 1e-9 and lo < diff < hi
    run = command("tools/strength/screen.py", str(a), "--compare", str(b))
    assert run.returncode == 0 and "+50.0 points of win rate on 6 games" in run.stdout
    assert a.read_text() == "1 2\n2 1\n3 2\n9 0\n"
    c = tmp_path / "c.txt"
    c.write_text("# hard vs greedy, classic\n9 1\n")
    lone = command("tools/strength/screen.py", str(a), "--compare", str(c))
    assert lone.returncode == 2 and "fewer than two deals in common" in lone.stderr
    none = command("tools/strength/screen.py", str(a), "--compare", str(tmp_path / "none.txt"))
    assert none.returncode == 2 and none.stderr.splitlines()[-1].endswith("none.txt: no such file")


def test_the_searcher_plays_through_the_screen_with_its_settings(tmp_path):
    out = tmp_path / "s.txt"
    run = command("tools/strength/screen.py", str(out), "--searcher", "playouts=24,source=hard,candidates=3,margin=20",
                  "--games", "2", "--jobs", "1")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("searcher playouts=24,source=hard,candidates=3,margin=20 vs hard, classic: ")
    assert len(out.read_text().splitlines()) == 2
    assert screen.parse_searcher("policy=smart,playouts=8") == dict(screen.SEARCHER, policy="smart", playouts=8)


def test_the_teacher_records_where_the_playouts_overrule_hard_and_goes_on(tmp_path):
    import json

    out = tmp_path / "lessons.txt"
    first = command("tools/strength/teacher.py", str(out), "--games", "1", "--playouts", "12", "--gap", "0", "--jobs", "1")
    assert first.returncode == 0, first.stderr
    more = command("tools/strength/teacher.py", str(out), "--games", "2", "--playouts", "12", "--gap", "0", "--jobs", "1")
    assert more.returncode == 0 and "2 games: " in more.stdout, more.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["deal"] for r in records] == [1, 2]
    lessons = [x for r in records for x in r["lessons"]]
    assert records[0]["turns"] > 5 and lessons
    for x in lessons:
        assert x["hard"] != x["searcher"] and x["playouts"][x["searcher"]] >= x["playouts"][x["hard"]]
        assert x["position"]["variant"] == "classic" and len(x["playouts"]) >= 2


def test_the_teacher_records_every_turn_when_asked(tmp_path):
    import json

    out = tmp_path / "every.txt"
    run = command("tools/strength/teacher.py", str(out), "--games", "1", "--playouts", "8", "--every", "--jobs", "1")
    assert run.returncode == 0, run.stderr
    record = json.loads(out.read_text())
    assert record["turns"] > 5 and len(record["lessons"]) == record["turns"]
    said = [x for x in record["lessons"] if x["hard"] == x["searcher"]]
    assert said, "some turns where the playouts agree with hard are recorded too"
    # The summary still counts only the lessons (here: a gap of 5 points or more).
    counted = sum(x["playouts"][x["searcher"]] - x["playouts"][x["hard"]] >= 0.05 - 1e-9 for x in record["lessons"])
    assert (" %d of hard's %d turns" % (counted, record["turns"])) in run.stdout
    # The file's deals were played with --every and 8 playouts: other settings go to another file.
    other = command("tools/strength/teacher.py", str(out), "--games", "2", "--playouts", "9", "--every", "--jobs", "1")
    assert other.returncode == 2 and other.stderr.splitlines()[-1].endswith(
        "line 1: played with --against hard --playouts 8 --every, not --against hard --playouts 9 --every: "
        "another file for these"), other.stderr
    assert len(out.read_text().splitlines()) == 1


def test_distil_counts_a_placements_features():
    import distil
    from desk.position import load

    empty = {"sides": [[], []], "first": None, "owner": None}
    g = load({"variant": "classic", "to_move": 0,
              "stones": [{"sides": [["Y9", "Y8", "Y7"], ["G1", "G2", "P3"]], "first": 0, "owner": 0},
                         {"sides": [["R9", "R8"], ["B1", "B2", "G4"]], "first": 1, "owner": None},
                         {"sides": [["O2"], ["O3"]], "first": None, "owner": None}] + [empty] * 6,
              "hands": [["R7", "P1", "G9", "B5", "O8", "Y1"], 6], "deck": 29})
    names = dict.fromkeys(distil.FEATURES)

    def feats(text):
        return dict(zip(names, distil.features(g, distil.parse_move(text, g))))

    # R7 finishes a colour run beside the won stone 1, against a full side it beats for good.
    assert list(feats("R7 at stone 2").values()) == [1, 0, 1, 1, 7, 0, 3, 1]
    assert list(feats("P1 at stone 6").values()) == [0, 0, 0, 0, 1, 1, 0, 0]
    assert list(feats("B5 at stone 3").values()) == [0, 0, 0, 0, 5, 0, 1, 0]


def test_distil_fits_the_teachers_records_and_says_what_is_wrong(tmp_path):
    import json

    out = tmp_path / "every.txt"
    run = command("tools/strength/teacher.py", str(out), "--games", "2", "--playouts", "8", "--every", "--jobs", "1")
    assert run.returncode == 0, run.stderr
    fit = command("tools/strength/distil.py", str(out))
    assert fit.returncode == 0, fit.stderr
    import distil

    rows = [line for line in fit.stdout.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert [r.split(" | ")[0][2:] for r in rows[1:]] == list(distil.FEATURES)
    turns = int(fit.stdout.split()[0])
    assert turns == sum(1 for line in out.read_text().splitlines() for _ in json.loads(line)["lessons"])
    one = tmp_path / "one.txt"
    one.write_text(out.read_text().splitlines()[0][:200] + "\n")
    first = out.read_text().splitlines()[0]
    turn = json.loads(first)["lessons"][0]
    said = next(iter(turn["playouts"]))
    far = tmp_path / "far.txt"
    far.write_text(first.replace(json.dumps(said), json.dumps(said.split(" at ")[0] + " at stone 10")) + "\n")
    record = json.loads(first)
    record["lessons"][0]["playouts"][said] = "x"
    rate = tmp_path / "rate.txt"
    rate.write_text(json.dumps(record) + "\n")
    lessons_only = tmp_path / "lessons.txt"
    record = json.loads(first)
    record["lessons"] = record["lessons"][1:]
    lessons_only.write_text(json.dumps(record) + "\n")
    blank = tmp_path / "blank.txt"
    blank.write_text('{"deal": 1, "turns": 1, "lessons": [{"position": {}, "playouts": {}}]}\n')
    for path, words in ((one, "line 1: not a deal's record"), (tmp_path / "none.txt", "cannot read"),
                        (far, "turn 1: '%s at stone 10' is not a placement" % said.split(" at ")[0]),
                        (rate, "line 1: not a deal's record"),
                        (blank, "line 1: not a deal's record"),
                        (lessons_only, "deal 1 holds only its lessons: written without --every")):
        bad = command("tools/strength/distil.py", str(path))
        assert bad.returncode == 2 and words in bad.stderr.splitlines()[-1] and "Traceback" not in bad.stderr


def _ignores_ctrl_c(pid):
    # Whether process ``pid`` ignores SIGINT (its status's SigIgn mask).
    try:
        with open("/proc/%d/status" % pid) as f:
            mask = next(line for line in f if line.startswith("SigIgn:")).split()[1]
    except (OSError, StopIteration):
        return False
    return bool(int(mask, 16) >> (signal.SIGINT - 1) & 1)


def _children(pid):
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads the processes' signal masks in /proc")
@pytest.mark.parametrize("args", [("tools/strength/teacher.py", "--games", "20", "--playouts", "300"),
                                  ("tools/strength/screen.py", "--games", "400", "--try", "playouts")])
def test_ctrl_c_stops_a_notebook_command_and_its_workers_quietly(tmp_path, args):
    out = tmp_path / "out.txt"
    p = subprocess.Popen([sys.executable, args[0], str(out), *args[1:], "--jobs", "2"], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # (until both workers are ready for the work)
            workers = _children(p.pid)
            if len(workers) >= 2 and all(_ignores_ctrl_c(w) for w in workers):
                break
            time.sleep(0.05)
        os.killpg(p.pid, signal.SIGINT)  # (Ctrl-C reaches the terminal's whole foreground job)
        _, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 130 and err == b"", err.decode()[-2000:]


_HALF_MADE = """
import multiprocessing, os, signal, sys, threading
import desk
start = threading.Thread.start
def start_then_ctrl_c(thread):  # (Ctrl-C as the pool's keeper starts: its workers are running)
    start(thread)
    os.kill(os.getpid(), signal.SIGINT)
threading.Thread.start = start_then_ctrl_c
try:
    desk.pool(2, 10)
except KeyboardInterrupt:
    left = multiprocessing.active_children()
    print(len(left), flush=True)
    for worker in left:
        worker.kill()
    os._exit(130)
os._exit(0)
"""


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="Ctrl-C held while the pool is made: not on Windows")
def test_ctrl_c_while_a_pool_is_made_leaves_no_worker_behind():
    # (in CI, a Ctrl-C that came while the pool was being made left workers
    # running after the command, holding its output open)
    # (Ctrl-C as at a terminal, however the tests were started: a shell's
    # background job ignores SIGINT, and so would the command)
    run = subprocess.run([sys.executable, "-c", _HALF_MADE], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert run.returncode == 130 and run.stdout == "0\n", (run.stdout, run.stderr[-2000:])


def test_a_results_file_cut_off_mid_line_gets_its_newline_back(tmp_path):
    out = tmp_path / "r.txt"
    out.write_text("1 1")  # (a line written without its end)
    run = command("tools/strength/screen.py", str(out), "--games", "4", "--jobs", "1", "--knobs", "worlds=2")
    assert run.returncode == 0, run.stderr
    lines = out.read_text().splitlines()
    assert lines[0] == "1 1" and [line.split()[0] for line in lines] == ["1", "2"]


@pytest.mark.parametrize("args, name", [(("tools/strength/teacher.py", "OUT", "--games", "1", "--playouts", "2"), "teacher.py"),
                                        (("-m", "engine", "claims"), "engine")])
def test_a_command_started_without_an_output_says_so_and_does_nothing(tmp_path, args, name):
    # (``>&-``: what it would print would be lost, the run with it)
    args = [str(tmp_path / "out.txt") if a == "OUT" else a for a in args]
    run = subprocess.run([sys.executable, *args], cwd=ROOT, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True, timeout=120, preexec_fn=lambda: os.close(1))
    assert run.returncode == 2 and run.stderr == "%s: no standard output to write to (closed)\n" % name
    assert not (tmp_path / "out.txt").exists()


def test_the_reviews_calibration_goes_on_where_it_stopped_and_measures_the_classes(tmp_path):
    # tools/strength/reviewcal.py: a round's items (every placement played
    # out), kept; run again, none played twice; --fit weighs them with the
    # engine as it is and says the three marks.
    out = tmp_path / "r.jsonl"
    first = command("tools/strength/reviewcal.py", str(out), "--rounds", "1", "--jobs", "1", "--screen", "2",
                    "--playouts", "4")
    assert first.returncode == 0 and "1 rounds" in first.stdout, first.stderr
    rec = json.loads(out.read_text())
    assert rec["round"] == 0 and rec["players"] == ["easy", "hard"] and len(rec["items"]) >= 5
    for item in rec["items"]:
        keys = [m[0] for m in item["moves"]]
        assert item["played"] in keys and item["hard"] in keys and all(0 <= m[1] <= 1 for m in item["moves"])
    again = command("tools/strength/reviewcal.py", str(out), "--rounds", "1", "--jobs", "1")
    assert again.returncode == 0 and out.read_text().count("\n") == 1
    fit = command("tools/strength/reviewcal.py", str(out), "--fit", "--jobs", "1")
    assert fit.returncode == 0 and "%d reviewed moves" % len(rec["items"]) in fit.stdout, fit.stderr
    assert "inaccuracy  4 mistake  8:" in fit.stdout
