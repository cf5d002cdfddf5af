"""``python -m engine claims``: the command of the contract."""

import ast
import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, Console, claim_examples, data_path


def run(*args, feed=""):
    return subprocess.run([sys.executable, "-m", "engine", *args], input=feed,
                          capture_output=True, text=True, cwd=ROOT)


def test_answers_every_published_example_from_stdin():
    rows = claim_examples()
    out = run("claims", feed="".join(json.dumps(r["position"]) + "\n" for r in rows))
    assert out.returncode == 0, out.stderr
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert answers == [{"claimable": r["claimable"]} for r in rows]


def test_reads_a_file_too(tmp_path):
    rows = claim_examples()
    f = tmp_path / "positions.jsonl"
    f.write_text("".join(json.dumps(r["position"]) + "\n" for r in rows))
    assert run("claims", str(f)).stdout == run("claims", "-", feed=f.read_text()).stdout


def test_a_bad_line_gets_an_error_the_others_answers_and_status_2():
    good = json.dumps(claim_examples()[1]["position"])
    out = run("claims", feed="\n".join([good, "{not json", "[1, 2]", '{"variant": "classic"}', good]) + "\n")
    assert out.returncode == 2
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(lines) == 5
    assert lines[0] == lines[4] == {"claimable": [4]}
    for line in lines[1:4]:
        assert list(line) == ["error"] and line["error"] and "\n" not in line["error"]


def test_absurd_lines_still_get_one_line_errors():
    good = json.dumps(claim_examples()[1]["position"])
    feed = "[" * 100000 + "\n" + '"' + "x" * 10000 + "\n" + good + "\n"
    out = run("claims", feed=feed)
    assert out.returncode == 2
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [list(x) for x in lines] == [["error"], ["error"], ["claimable"]]


def test_examples_copy_matches_the_shared_spec():
    import os

    shared = os.path.join(ROOT, "..", "shared", "spec", "claims-examples.jsonl")
    if not os.path.exists(shared):
        return
    with open(shared) as a, open(data_path("claims-examples.jsonl")) as b:
        assert a.read() == b.read()


def test_unknown_command_is_a_usage_error():
    out = run("nonsense")
    assert out.returncode == 2 and "usage" in out.stderr


def test_tactics_positions_get_the_engines_claims():
    from engine.game import NOBODY, TACTICS, make_game
    from desk.playout import random_tactics_move
    from desk.position import dump
    from engine.rng import Random

    positions = []
    expected = []
    for seed in range(12):
        game = make_game(TACTICS)
        rng = Random(seed)
        game.deal(seed, seed & 1)
        while game.winner == NOBODY:
            positions.append(dump(game, game.to_move))
            mask = 0 if game.returns else game.claimable(game.to_move)
            expected.append({"claimable": [s for s in range(9) if mask >> s & 1]})
            game.apply(random_tactics_move(game, rng))
    assert any(e["claimable"] for e in expected)
    bad = dict(positions[5], played=[5, 0])
    out = run("claims", feed="".join(json.dumps(p) + "\n" for p in positions + [bad]))
    assert out.returncode == 2
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert answers[:-1] == expected
    assert list(answers[-1]) == ["error"] and "played" in answers[-1]["error"]


def test_replay_reads_a_board_record(tmp_path):
    # What a board keeps (hw.saves.store): a comment and one line with the hex of
    # the match's save; --text prints the text record it stands for.
    from engine.game import CLASSIC
    from desk.record import from_board
    from engine.save import encode
    from hw.saves.store import BoardRecords
    from test_record import whole_match

    match, moves, final = whole_match(9, CLASSIC, 3, ("easy", "medium"))

    class Finished:
        hints = [0, 0]  # (asked for in the match)

        def record_blob(self):
            return encode(match, moves, opponent=2)

        def player_names(self, name):
            return [name, "Clansman"]

    records = BoardRecords("Ann", True, str(tmp_path), out=Console())
    records.note(Finished())
    out = run("replay", records.last)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert json.loads(lines[0]) == final
    assert lines[-1] == "match: Ann %d, Clansman %d: %s wins" % (
        match.scores[0], match.scores[1], ("Ann", "Clansman")[match.winner()])
    with open(records.last) as f:
        board = f.read()
    text = run("replay", records.last, "--text")
    assert text.returncode == 0 and text.stdout == from_board(board)
    assert json.loads(text.stdout.splitlines()[0])["settings"]["opponent"] == "hard"
    assert run("replay", "-", "--text", feed=text.stdout).stdout == text.stdout
    bad = tmp_path / "bad.txt"
    bad.write_text(board.replace('"save": "5303', '"save": "5303zz'))  # 'S', format 3
    out = run("replay", str(bad))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "engine replay: %s: board record, line 2: the save is not hex (\"z\" at character 5)\n" % bad


def test_claims_answers_a_line_that_is_not_utf8_and_the_lines_after_it(tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\xff\xfe not text\n{}\n")
    out = run("claims", str(path))
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 2 and answers[0] == {"error": "not UTF-8 text"} and "error" in answers[1]
    assert len(answers) == 2 and out.stderr == ""


@pytest.mark.parametrize("where", ["missing", "folder"])
def test_claims_on_a_file_it_cannot_read_says_so_in_one_line(tmp_path, where):
    path = tmp_path / "nothing.jsonl" if where == "missing" else tmp_path
    out = run("claims", str(path))
    assert out.returncode == 2 and out.stdout == "" and len(out.stderr.splitlines()) == 1
    assert out.stderr.startswith("engine claims: %s: " % path) and "Traceback" not in out.stderr


def test_bot_answers_a_line_that_is_not_utf8_under_a_strict_locale():
    env = dict(os.environ, LC_ALL="C", PYTHONIOENCODING="ascii:strict", PYTHONUTF8="0")
    out = subprocess.run([sys.executable, "-m", "engine", "bot"], input=b"\xff\xfe\n", capture_output=True, cwd=ROOT,
                         env=env, timeout=60)
    assert out.returncode == 0 and json.loads(out.stdout.decode()) == {"error": "not UTF-8 text"}, out.stderr


@pytest.mark.parametrize("argv,says", [
    (["--help"], ["claims [FILE]", "bot [--level L] [--seed N]", "replay FILE [--text]", "stones are 0 to 8"]),
    (["-h"], ["usage: python -m engine COMMAND"]),
    (["claims", "--help"], ["usage: python -m engine claims [FILE]", '{"claimable": [stones]}', "status is then 2"]),
    (["bot", "--help"], ["--level easy|medium|hard", "--seed N", "(default: medium)", '{"cmd": "quit"}']),
    (["replay", "--help"], ["usage: python -m engine replay FILE [--text]", "--text", "board", "exit status 2"]),
])
def test_help_is_the_usage_on_stdout(argv, says):
    out = run(*argv)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert out.stdout.startswith("usage: python -m engine")
    for words in says:
        assert words in out.stdout


def test_claims_takes_one_file_at_most(tmp_path):
    out = run("claims", str(tmp_path / "a"), str(tmp_path / "b"))
    assert out.returncode == 2 and out.stdout == "" and out.stderr.startswith("engine claims: one FILE at most")


# -- a record from someone else never rewrites the reader's terminal -------------

def _printable_lines(text):
    return all(line.isprintable() for line in text.splitlines())


def test_replay_prints_a_records_names_and_moves_escaped(tmp_path):
    from desk.record import write

    text = write(5, 0, 1, [], ["Ann\x1b[31m\nfake line", "\u202eBob\x9b2J"])
    path = tmp_path / "rec.txt"
    path.write_text(text)
    out = run("replay", str(path))
    assert out.returncode == 0 and out.stderr == ""
    lines = out.stdout.splitlines()
    assert len(lines) == 3 and _printable_lines(out.stdout), out.stdout  # the position, round 1, the match
    assert lines[-1] == "match: Ann\\x1b[31m\\nfake line 0, \\u202eBob\\x9b2J 0: in play"
    # A name that is no Unicode text (a lone surrogate, as JSON may write
    # one): escaped too, never a traceback.
    path.write_text(text.replace('"\\u202eBob', '"\\ud800Bob'))
    out = run("replay", str(path))
    assert out.returncode == 0 and out.stderr == "" and "\\ud800Bob" in out.stdout
    # A move's text in an error; a comment printed with --text.
    lines = text.splitlines()
    lines.insert(0, "# \x1b]0;pwned\x07 a comment")
    lines.insert(3, json.dumps({"card": "\x1b[2J", "stone": 1, "claim": []}))
    path.write_text("\n".join(lines) + "\n")
    out = run("replay", str(path))
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1 and _printable_lines(out.stderr), out.stderr
    assert "\\x1b[2J" in out.stderr
    del lines[3]
    path.write_text("\n".join(lines) + "\n")
    out = run("replay", str(path), "--text")
    assert out.returncode == 0 and _printable_lines(out.stdout) and "# \\x1b]0;pwned\\x07 a comment" in out.stdout
    assert run("replay", "-", feed=out.stdout).returncode == 0  # (still a record)


def _imported(path):
    names = set()
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_engine_imports_nothing_of_the_desktop():
    # engine/ runs on the board and desk/ on the desktop alone: no module of
    # the engine imports desk/.  ``python -m engine`` is desk's command line
    # (desk/cli.py), which engine/__main__.py only runs: no code of its own.
    top = os.path.join(ROOT, "engine")
    for folder, _, files in os.walk(top):
        for name in files:
            path = os.path.join(folder, name)
            if name.endswith(".py") and path != os.path.join(top, "__main__.py"):
                assert not {m for m in _imported(path) if m.split(".")[0] == "desk"}, path
    launcher = os.path.join(top, "__main__.py")
    assert _imported(launcher) == {"sys", "desk.cli"}
    body = ast.parse(open(launcher).read()).body
    assert all(isinstance(node, (ast.Expr, ast.Import, ast.ImportFrom, ast.If)) for node in body)
