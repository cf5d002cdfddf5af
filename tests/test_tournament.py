"""tools/tournament.py against opponents and figures a careless or hostile
user gives it: an outside bot that misbehaves loses that game, said in the
report, and the tournament goes on to its result; a figure or an opponent
it cannot play with is one error line before any game."""

import json
import os
import re
import signal
import stat
import subprocess
import sys
import time

import pytest

from conftest import PYTHON_WORDS, ROOT, data_path

sys.path.insert(0, os.path.join(ROOT, "tools"))
import tournament  # noqa: E402


def rude(mode):
    return "%s %s %s" % (sys.executable, data_path("rude_bot.py"), mode)


@pytest.mark.parametrize("mode, said", [("5", "must be a JSON object"), ("null", "must be a JSON object"),
                                        ("string", "must be a JSON object"), ("deep", "nested too deep"),
                                        ("bytes", "not UTF-8"), ("long", "longer than"),
                                        ("exit", "the program ended")])
def test_an_outside_bot_that_misbehaves_loses_each_game_and_the_tournament_goes_on(mode, said):
    r = tournament.run("easy", rude(mode), games=2, jobs=1)
    assert r["a_wins"] == 2 and r["games"] == 2
    assert [side for side, _ in r["illegal"]] == ["B", "B"]
    for _, why in r["illegal"]:
        assert said in why and not PYTHON_WORDS.search(why), why


def test_a_bot_that_never_answers_loses_when_its_time_is_up():
    # (0.5 s here; the default is generous)
    r = tournament.run(rude("silent"), "easy", games=2, jobs=1, time_limit=0.5)
    assert r["b_wins"] == 2 and [side for side, _ in r["illegal"]] == ["A", "A"]
    assert all("no answer within 0.5 s" in why for _, why in r["illegal"]), r["illegal"]
    assert tournament.TIME_LIMIT >= 30


def test_the_command_prints_its_result_after_a_bot_that_misbehaved():
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "tournament.py"), rude("null"), "easy",
                          "--games", "2", "--jobs", "1"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert "easy wins 2" in run.stdout and "win rate" in run.stdout
    assert run.stdout.count("(loses that game): an answer must be a JSON object, not null") == 2, run.stdout


def main(capsys, *argv):
    with pytest.raises(SystemExit) as e:
        tournament.main(list(argv))
    out, err = capsys.readouterr()
    return e.value.code, out, err


@pytest.mark.parametrize("argv, said", [
    (["--games", "0"], "--games must be 1 to 1000000"), (["--games", "-3"], "--games must be 1 to 1000000"),
    (["--games", "1000001"], "--games must be 1 to 1000000"), (["--games", "9" * 30], "--games must be 1 to 1000000"),
    (["--jobs", "0"], "--jobs must be 1 to 64"), (["--jobs", "65"], "--jobs must be 1 to 64"),
    (["--seed", "-1"], "--seed must be 0 or more"),
    (["--seed", "9" * 5000], "number too long"), (["--games", "x"], "not a whole number"),
    (["--time-limit", "nan"], "--time-limit must be"), (["--time-limit", "0"], "--time-limit must be"),
    (["--time-limit", "-1"], "--time-limit must be"), (["--time-limit", "inf"], "--time-limit must be"),
    (["--time-limit", "soon"], "not a number of seconds"),
])
def test_a_figure_it_cannot_play_with_is_one_error_line(capsys, argv, said):
    status, out, err = main(capsys, "easy", "easy", *argv)
    lines = err.splitlines()
    assert status == 2 and out == "" and re.match(r"\S+: error: ", lines[-1]) and said in lines[-1], err
    assert all(line.startswith((" ", "usage:")) for line in lines[:-1]) and not PYTHON_WORDS.search(err), err


@pytest.mark.parametrize("spec", ["searcher:nan", "searcher:inf", "searcher:0", "searcher:-1", "searcher:-inf",
                                  "searcher:0p", "searcher:xp", "searcher:-5p", "searcher:p", "searcher:1_0p",
                                  "searcher:\u0663p", "searcher:1e3", "searcher: 2"])
def test_a_searcher_without_a_time_it_can_keep_is_refused(capsys, spec):
    # (nan or infinity a move would never answer; no playouts would not play)
    status, out, err = main(capsys, spec, "easy", "--games", "2")
    assert status == 2 and out == "" and "bad budget in %r" % spec in err.splitlines()[-1], err


def test_only_the_searcher_takes_a_budget(capsys):
    status, out, err = main(capsys, "greedy:5", "easy", "--games", "2")
    assert status == 2 and err.splitlines()[-1].endswith("'greedy:5': only the searcher takes a budget "
                                                         "(searcher:0.5, searcher:200p)"), err


def test_a_searcher_with_playouts_answers_the_same_whatever_the_time():
    from desk.position import dump
    from engine.bots import Bot
    from engine.classic import Game
    from engine.game import NOBODY

    players = [tournament.make_player("searcher:20p") for _ in range(2)]
    for p in players:
        p.new_game(7)
        assert p.bot.playouts == 20
    game = Game()
    game.deal(3, 0)
    bot = Bot("easy", 1)
    asked = 0
    while game.winner == NOBODY:
        if game.to_move == 1:
            answers = [p.ask({"cmd": "move", "position": dump(game)}) for p in players]
            assert answers[0] == answers[1] and "error" not in answers[0]
            asked += 1
        game.apply(game.spell_claims(bot.choose(game)))
    assert asked >= 5


def test_a_program_that_cannot_run_is_one_error_line_before_any_game(tmp_path):
    bot = tmp_path / "bot.py"
    bot.write_text("print('{}')\n")
    bot.chmod(stat.S_IRUSR | stat.S_IWUSR)
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "tournament.py"), "easy", str(bot),
                          "--games", "2", "--jobs", "1"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.splitlines()[-1] == "tournament.py: error: cannot run %r: the file is not executable" % str(bot)
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("to_all", [True, False], ids=["the-job", "the-tournament-alone"])
def test_ctrl_c_stops_the_tournament_and_its_programs_without_a_traceback(tmp_path, to_all):
    # Ctrl-C reaches every process of the terminal's foreground job: the
    # tournament, its processes and the programs they run; an interrupt
    # sent to the tournament alone stops them all too.
    ready = tmp_path / "ready"
    # Its output in files, not pipes: a program left running would hold a
    # pipe open, and the test would wait on it instead of saying so below.
    with open(tmp_path / "out", "wb") as out_file, open(tmp_path / "err", "wb") as err_file:
        p = subprocess.Popen([sys.executable, os.path.join(ROOT, "tools", "tournament.py"), "easy",
                              "%s %s" % (rude("silent"), ready), "--games", "2", "--jobs", "1"],
                             stdout=out_file, stderr=err_file, start_new_session=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while not (ready.exists() and ready.read_text()) and time.monotonic() < deadline:
            time.sleep(0.05)
        bot = int(ready.read_text())  # (asked its first move, and silent)
        if to_all:
            os.killpg(p.pid, signal.SIGINT)
        else:
            os.kill(p.pid, signal.SIGINT)
        p.wait(timeout=60)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    out, err = (tmp_path / "out").read_bytes(), (tmp_path / "err").read_bytes()
    assert p.returncode == 130 and out == b"" and err == b"", err.decode()[-2000:]
    deadline = time.monotonic() + 10
    while _running(bot) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(bot)


def _running(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split(") ")[1][0] != "Z"  # (a zombie has ended)
    except OSError:
        return False


def test_the_same_player_twice_is_told_apart_in_the_report(capsys):
    status = tournament.main(["easy", "easy", "--games", "1", "--jobs", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0 and lines[0] == "easy (A) vs easy (B), 1 game (classic)", lines
    assert lines[1].startswith("  easy (A) wins ") and ", easy (B) wins " in lines[1]
