"""Every command-line entry point fed garbage, as a careless user or a
damaged file would feed it: what is wrong is said in one line, the exit
status is 0, 1 or 2, whatever was good is still answered, and never does a
Python traceback reach the user.

Each entry point's ``main`` is called in this process with fuzzed input (an
exception that escapes it is the traceback a user would see), many times;
then once as the real process, under a strict C locale, with a batch of the
same garbage.  ``CLI_FUZZ=2000`` runs more.
"""

import io
import json
import os
import random
import signal
import subprocess
import sys

import pytest

from conftest import PYTHON_WORDS, ROOT, claim_examples, data_path
from engine.game import CLASSIC, EXPERT, TACTICS
from desk.record import write
from engine.save import encode
from hw.saves.records import BEGIN, END, board_record
from test_record import whole_match

FUZZ = int(os.environ.get("CLI_FUZZ", 120))
PIECES = (b'"R7"', b'"JK"', b"-1", b"99999999999999999999999", b"1e400", b"NaN", b"null", b"[]", b"{}",
          b'"\\ud800"', b"\xff", b"\xc3", b"\xe2\x82", b"\n", b"\r\n", b"\r", b"\x00", b'"tactics"', b"true",
          b",", b":", b'"', b"#", b"=", b"\t", b"\xef\xbb\xbf", "é€😀".encode())


def mutate(rnd, data):
    """``data`` (bytes) with one to four random edits."""
    data = bytearray(data)
    for _ in range(rnd.randint(1, 4)):
        i = rnd.randrange(len(data) + 1)
        op = rnd.randrange(8)
        if op == 0 and data:  # a byte changed
            data[min(i, len(data) - 1)] = rnd.randrange(256)
        elif op == 1:  # a span cut out
            del data[i:i + rnd.randint(1, 40)]
        elif op in (2, 3):  # a token put in
            data[i:i] = rnd.choice(PIECES)
        elif op == 4:  # a span repeated
            j = rnd.randrange(len(data) + 1)
            data[i:i] = data[min(i, j):max(i, j)][:300]
        elif op == 5:  # noise
            data[i:i] = bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 8)))
        elif op == 6:  # cut short
            del data[i:]
        else:  # nested deep
            data[i:i] = rnd.choice((b"[", b"{", b'{"a":', b"a=[")) * rnd.choice((30, 3000, 100000))
    return bytes(data)


def call(main, argv, stdin=b""):
    """``(status, stdout, stderr)`` of ``main(argv)`` with ``stdin`` (bytes)
    as its input, read under a strict UTF-8 locale; any exception but
    SystemExit fails the test, naming the input."""
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="strict")
    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    try:
        try:
            status = main(argv)
        except SystemExit as e:
            status = e.code
        return status, sys.stdout.getvalue(), sys.stderr.getvalue()
    except Exception as e:  # the traceback a user would see
        out = sys.stderr.getvalue()
        sys.stdin, sys.stdout, sys.stderr = saved
        pytest.fail("%s %r with input %r: %s: %s (stderr %r)" % (main.__module__, argv, stdin[:300],
                                                                  type(e).__name__, e, out[-300:]))
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


def process(args, stdin=b"", **kw):
    """The real process, its terminal strict ASCII, every output read as bytes."""
    env = dict(os.environ, LC_ALL="C", LANG="C", PYTHONUTF8="0", PYTHONIOENCODING="ascii:strict",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable] + args, input=stdin, capture_output=True, cwd=ROOT, env=env,
                         timeout=600, **kw)
    assert b"Traceback" not in run.stderr, run.stderr.decode("utf-8", "replace")[-2000:]
    return run


def expected_lines(data):
    """How many answers a line-by-line command owes ``data``: one per line
    that is not UTF-8 or not blank (lines end at b"\\n", as a binary read
    cuts them)."""
    n = 0
    for raw in data.split(b"\n"):
        try:
            n += bool(raw.decode("utf-8").strip())
        except UnicodeDecodeError:
            n += 1
    return n


def one_line_or_none(err, start):
    lines = err.splitlines()
    assert len(lines) <= 1 and all(line.startswith(start) for line in lines), err
    no_leak(err)
    return lines


def no_leak(text):
    assert not PYTHON_WORDS.search(text), text[-500:]


def _positions():
    rows = [json.dumps(r["position"]).encode() for r in claim_examples()]
    with open(data_path("tactics-examples.jsonl"), "rb") as f:
        rows += [json.dumps(json.loads(line)["position"]).encode() for line in f if line.strip()]
    return rows


def _records():
    out = []
    for seed, variant, rounds in ((1, CLASSIC, 1), (2, EXPERT, 3), (3, TACTICS, 1)):
        match, moves, _ = whole_match(seed, variant, rounds)
        out.append(write(seed, variant, rounds, moves, ("Ann", "Bob")).encode())
        out.append(board_record(encode(match, moves, opponent=1, lang=0, auto_claim=False), ["Ann", "Bot"]).encode())
    return out


POSITIONS = _positions()
RECORDS = _records()


# -- python -m engine ----------------------------------------------------------

def engine_main(argv):
    from desk.cli import main

    return main(argv)


def fuzzed_lines(rnd, rows, n):
    return b"".join(mutate(rnd, rnd.choice(rows)) + b"\n" for _ in range(n))


def test_claims_answers_every_line_of_garbage(tmp_path):
    rnd = random.Random(1)
    data = fuzzed_lines(rnd, POSITIONS, FUZZ) + POSITIONS[0] + b"\n"  # the last line good
    path = tmp_path / "positions.jsonl"
    path.write_bytes(data)
    for argv, stdin in ((["claims", str(path)], b""), (["claims"], data)):
        status, out, err = call(engine_main, argv, stdin)
        answers = [json.loads(line) for line in out.splitlines()]
        assert len(answers) == expected_lines(data) and err == ""
        assert all(list(a) in (["claimable"], ["error"]) for a in answers)
        assert "claimable" in answers[-1] and status == (2 if any("error" in a for a in answers) else 0)
        assert all(a["error"] and "\n" not in a["error"] for a in answers if "error" in a)
        no_leak(out)
    run = process(["-m", "engine", "claims"], data)
    assert run.returncode == status and run.stdout.decode() == out


def test_bot_answers_every_request_of_garbage():
    rnd = random.Random(2)
    requests = [b'{"cmd": "move", "position": %s}' % p for p in POSITIONS]
    data = fuzzed_lines(rnd, requests, FUZZ // 2) + requests[0] + b"\n"
    status, out, err = call(engine_main, ["bot", "--level", "easy", "--seed", "5"], data)
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and err == ""
    # (a fuzzed line may have become a quit: nothing is owed after it)
    assert len(answers) == expected_lines(data) or '"quit"' in data.decode("utf-8", "replace")
    assert all(isinstance(a, dict) and a and (list(a) == ["error"] or "error" not in a) for a in answers)
    assert "card" in answers[-1]  # (the good request: a move)
    no_leak(out)
    run = process(["-m", "engine", "bot", "--level", "easy", "--seed", "5"], data)
    assert run.returncode == 0 and run.stdout.decode() == out


def test_replay_names_what_is_wrong_in_one_line(tmp_path):
    rnd = random.Random(3)
    path = tmp_path / "record.txt"
    good = 0
    for i in range(FUZZ):
        path.write_bytes(mutate(rnd, rnd.choice(RECORDS)))
        argv = ["replay", str(path)] + (["--text"] if i % 3 == 0 else [])
        status, out, err = call(engine_main, argv)
        if status == 0:
            good += 1
            assert err == "" and out
        else:
            assert status == 2 and out == "" and one_line_or_none(err, "engine replay: %s: " % path) != []
    assert good < FUZZ // 2  # (garbage, mostly)
    path.write_bytes(mutate(random.Random(4), RECORDS[1]))
    run = process(["-m", "engine", "replay", "-"], path.read_bytes())
    assert run.returncode in (0, 2)


def test_engine_options_of_garbage_are_a_usage_line(tmp_path):
    rnd = random.Random(4)
    folder = str(tmp_path)
    words = ["claims", "bot", "replay", "--level", "easy", "hard", "expert", "--seed", "-1", "x", "1e9",
             "99999999999999999999", "9" * 5000, "--text", "-", str(tmp_path / "missing"), folder, "", "--", "\udcff"]
    for _ in range(FUZZ):
        argv = [rnd.choice(words) for _ in range(rnd.randint(0, 5))]
        status, out, err = call(engine_main, argv, b'{"cmd": "quit"}\n')
        assert status in (0, 2) and len(err.splitlines()) <= 2, (argv, err)
        no_leak(err)
    for seed in ("x", "1.5", "-1"):
        run = process(["-m", "engine", "bot", "--seed", seed])
        assert run.returncode == 2 and run.stderr.splitlines()[0] == (
            "engine bot: --seed must be a whole number, 0 or more, not %r" % seed).encode(), run.stderr


def test_a_line_that_is_not_json_is_said_in_the_projects_words():
    # Where the line stops being JSON, not Python's parser's expectations.
    status, out, err = call(engine_main, ["claims"], b'x\n{"a": 1} y\n')
    assert [json.loads(line)["error"] for line in out.splitlines()] == ["not JSON from column 1",
                                                                       "not JSON from column 10"]


DEEP = b"[" * 100000
LONG = b"9" * 5000  # (more digits than Python turns into a number unasked)
BOM = b"\xef\xbb\xbf"


def test_what_python_could_not_read_is_said_in_the_projects_words(tmp_path):
    # JSON nested too deep, a number too long and a byte order mark: in
    # the engine's commands' answers, and in a record.  A byte order mark
    # before the first line is skipped, as a text tool skips it.
    position = POSITIONS[0]
    request = b'{"cmd": "move", "position": %s}' % position
    lines = [BOM + position, DEEP, b'{"variant": %s}' % LONG, BOM + position, position]
    status, out, err = call(engine_main, ["claims"], b"\n".join(lines) + b"\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 2 and err == "" and "claimable" in answers[0] and answers[0] == answers[-1]
    assert [a.get("error") for a in answers[1:4]] == ["nested too deep", "number too long",
                                                      "a byte order mark before the JSON"]
    lines = [BOM + request, DEEP, b'{"cmd": "move", "position": [%s]}' % LONG, request]
    status, out, err = call(engine_main, ["bot", "--level", "easy"], b"\n".join(lines) + b"\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and err == "" and "card" in answers[0] and "card" in answers[-1]
    assert [a.get("error") for a in answers[1:3]] == ["nested too deep", "number too long"]
    status, out, err = call(engine_main, ["bot", "--seed", LONG.decode()])
    assert status == 2 and err.splitlines()[0] == "engine bot: number too long", err
    path = tmp_path / "record.txt"
    for record in RECORDS[:2]:
        path.write_bytes(BOM + record)
        status, out, err = call(engine_main, ["replay", str(path)])
        assert status == 0 and err == "", err
    header, move, rest = RECORDS[0].split(b"\n", 2)
    for garbage, said in ((DEEP, "nested too deep"), (b'{"card": "R7", "stone": %s}' % LONG, "number too long")):
        path.write_bytes(b"\n".join([header, move, garbage, rest]))
        status, out, err = call(engine_main, ["replay", str(path)])
        assert status == 2 and err.startswith("engine replay: %s: line 3" % path), err
        assert err.endswith(": not JSON (%s)\n" % said), err


# -- tools/records.py ----------------------------------------------------------

def records_main(argv):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        from records import main
    finally:
        sys.path.remove(os.path.join(ROOT, "tools"))
    return main(argv)


def _capture(rnd, records):
    lines = [b"Auto-reload is off.", b"code.py output:"]
    for text in records:
        lines += [BEGIN.encode()] + text.splitlines() + [END.encode(), b"some other output"]
    return mutate(rnd, b"\r\n".join(lines) + b"\r\n")


def test_records_from_a_garbled_capture(tmp_path):
    rnd = random.Random(5)
    boards = RECORDS[1::2]
    for i in range(FUZZ // 2):
        capture = _capture(rnd, rnd.sample(boards, 2))
        path = tmp_path / "capture.txt"
        path.write_bytes(capture)
        out = tmp_path / ("out%d" % i)
        argv = ([str(path)] if i % 2 else []) + ["-o", str(out)] + (["--text"] if i % 3 == 0 else [])
        status, said, err = call(records_main, argv, capture)
        written = sorted(os.listdir(out))
        assert said.split() == [str(out / n) for n in written]
        assert status in (0, 1) and all(line.startswith("records: ") for line in err.splitlines()), err
        assert (status == 0) == (err == "")
        no_leak(err)
    (tmp_path / "a-file").write_bytes(b"")
    status, _, err = call(records_main, [str(path), "-o", str(tmp_path / "a-file")])
    assert status == 2 and one_line_or_none(err, "records: %s: " % (tmp_path / "a-file"))
    run = process([os.path.join(ROOT, "tools", "records.py"), "-o", str(tmp_path / "real")], capture)
    assert run.returncode in (0, 1)


def test_records_say_a_record_line_nested_too_deep_in_the_projects_words(tmp_path):
    capture = b"\r\n".join([BEGIN.encode(), b"# a match recorded on a board", b"{\"board-record\": " + DEEP,
                              END.encode()]) + b"\r\n"
    status, said, err = call(records_main, ["-o", str(tmp_path / "out")], capture)
    assert status == 1 and err.endswith(": board record, line 2: not JSON (nested too deep) (kept as it came)\n"), err


# -- tools/sparring.py and tools/tournament.py ---------------------------------

def tool_main(name):
    def main(argv):
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        try:
            module = __import__(name)
        finally:
            sys.path.remove(os.path.join(ROOT, "tools"))
        return module.main(argv)
    return main


def test_sparring_answers_every_request_of_garbage():
    rnd = random.Random(11)
    requests = [b'{"cmd": "move", "position": %s}' % p for p in POSITIONS]
    data = fuzzed_lines(rnd, requests, FUZZ // 2) + requests[0] + b"\n"
    status, out, err = call(tool_main("sparring"), ["greedy", "--seed", "5"], data)
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and err == ""
    assert len(answers) == expected_lines(data) or '"quit"' in data.decode("utf-8", "replace")
    assert all(isinstance(a, dict) and a and (list(a) == ["error"] or "error" not in a) for a in answers)
    assert "card" in answers[-1]
    no_leak(out)
    run = process([os.path.join(ROOT, "tools", "sparring.py"), "greedy", "--seed", "5"], data)
    assert run.returncode == 0 and run.stdout.decode() == out


def test_tool_options_of_garbage_are_a_usage_error(tmp_path):
    # Every option of the sparring command and the tournament, and the
    # tournament's opponents: refused with a usage line and one error line,
    # or played (a game or two between quick opponents).
    rnd = random.Random(12)
    plain = tmp_path / "plain.py"
    plain.write_text("print(1)\n")
    plain.chmod(0o644)
    numbers = ["0", "-3", "1", "x", "1e3", "nan", "inf", "-inf", "0.5", "99999999999999999999", "9" * 5000, ""]
    sparring = tool_main("sparring")
    for _ in range(FUZZ // 4):
        argv = [rnd.choice(["greedy", "searcher", "master", ""])]
        for option in rnd.sample(["--seconds", "--playouts", "--seed"], rnd.randint(0, 3)):
            argv += [option, rnd.choice(numbers)]
        status, out, err = call(sparring, argv, b'{"cmd": "quit"}\n')
        assert status in (0, 2) and out == "", (argv, err)
        assert status == 0 or err.splitlines()[-1].startswith("sparring.py: error: ") or \
            err.splitlines()[-1].startswith(os.path.basename(sys.argv[0])), (argv, err)
        no_leak(err)
    tournament = tool_main("tournament")
    specs = ["easy", "greedy", "searcher:nan", "searcher:-1", "searcher:inf", "searcher:x", "hard:2", "", '"a b',
             str(plain), str(tmp_path / "missing.py"), "%s %s" % (sys.executable, plain)]
    figures = {"--games": ["1", "2"] + numbers, "--jobs": ["1"] + numbers, "--seed": numbers,
               "--time-limit": ["5"] + numbers, "--variant": ["classic", "tactics", "go"]}
    played = 0
    for _ in range(FUZZ // 4):
        argv = [rnd.choice(specs), rnd.choice(specs), "--games", rnd.choice(["1", "2", "0", "-1", "x"])]
        for option in rnd.sample(sorted(figures), rnd.randint(0, 3)):
            argv += [option, rnd.choice(figures[option]) if option != "--games" else rnd.choice(["1", "2", "x"])]
        status, out, err = call(tournament, argv)
        assert status in (0, 2), (argv, err)
        if status == 0:
            played += 1
            assert "win rate" in out and err == "", (argv, err)
        else:
            assert out == "" and ": error: " in err.splitlines()[-1], (argv, err)
        no_leak(out + err)
    assert played, played


# -- python -m sim -------------------------------------------------------------

def sim_main(argv):
    from sim.__main__ import main

    return main(argv)


@pytest.fixture
def nothing(tmp_path):
    # A script that presses nothing: the sim sets up, draws its menu and stops.
    path = tmp_path / "nothing.txt"
    path.write_text("# no buttons\n")
    return ["--headless", "--script", str(path)]


def test_sim_options_of_garbage_are_refused_before_a_window_opens(tmp_path, nothing):
    rnd = random.Random(6)
    (tmp_path / "a-file").write_bytes(b"x")
    values = {
        "--opponent": ["easy", "link", "pass", "chess", ""], "--variant": ["tactics", "expert", "go"],
        "--rounds": ["0", "2", "3", "-1", "x", "99999"], "--lang": ["fr", "de"],
        "--seed": ["-1", "0", "1073741823", "1073741824", "x", "1e3", "99999999999999999999"],
        "--baud": ["0", "-5", "9600", "x"], "--autoplay": ["nope", "", "master"],
        "--port": [str(tmp_path / "no-such-device")],
        "--save": [str(tmp_path), str(tmp_path / "no" / "such" / "folder" / "s.nvm"), str(tmp_path / "s.nvm")],
        "--records": [str(tmp_path / "a-file"), str(tmp_path / "recs")],
        "--shots": [str(tmp_path / "a-file" / "x"), str(tmp_path / "shots")],
        "--settings": [str(tmp_path), str(tmp_path / "missing.toml"), str(tmp_path / "a-file")],
        "--script": [str(tmp_path / "missing.txt"), str(tmp_path)],
    }
    flags = ["--auto-claim", "--bogus", "-x", "extra"]
    refused = 0
    for _ in range(FUZZ // 2):
        argv = []
        for option in rnd.sample(sorted(values), rnd.randint(1, 4)):
            argv += [option, rnd.choice(values[option])]
        if rnd.random() < 0.2:
            argv.append(rnd.choice(flags))
        status, out, err = call(sim_main, nothing + argv)
        assert status in (0, 2), (argv, status, err)
        lines = [line for line in err.splitlines() if not line.startswith("settings")]  # (said, then defaults)
        if status == 2:
            refused += 1
            assert len(lines) == 1 and lines[0].startswith("sim: "), (argv, err)
        else:
            assert lines == [], (argv, err)
    assert refused
    run = process(["-m", "sim"] + nothing + ["--records", str(tmp_path / "a-file")])
    assert run.returncode == 2 and run.stderr.decode().startswith("sim: --records %s: " % (tmp_path / "a-file"))


def _settings_text(rnd):
    from hw.settings import KEYS

    values = ['"easy"', '"tactics"', "3", "0", "1", "-1", "3.5", "true", "false", "[1, 2]", "{a = 1}",
              "1979-05-27", "07:32:00", '"%s"' % "é€😀\\n\\t{}#"[:rnd.randint(0, 10)], "99999999999999999999",
              "0x10", "inf", "nan", '""', '"a very long player name indeed"', '"\\u0000"', "'lit'", '"""x"""']
    keys = [k for k, _, _ in KEYS] + ["ST_OTHER", "st_rounds", "[table]"]
    lines = []
    for _ in range(rnd.randint(0, 8)):
        key = rnd.choice(keys)
        lines.append(key if key.startswith("[") else "%s = %s" % (key, rnd.choice(values)))
    text = "\n".join(lines).encode() + b"\n"
    return mutate(rnd, text) if rnd.random() < 0.4 else text


def test_settings_of_garbage_play_with_the_defaults(tmp_path, nothing):
    rnd = random.Random(7)
    path = tmp_path / "settings.toml"
    for _ in range(FUZZ // 2):
        path.write_bytes(_settings_text(rnd))
        status, out, err = call(sim_main, nothing + ["--settings", str(path)])
        assert status == 0, err
        for line in err.splitlines():
            assert line.startswith("settings: %s: " % path) and line.endswith("the defaults are used") \
                or line.startswith("settings.toml: ") and " not understood, " in line, err


def test_a_match_under_a_strange_name_is_recorded_and_replays(tmp_path):
    from desk.record import replay

    toml, name = '"{\\"x\\" # é€😀"', '{"x" # é€😀'  # JSON, a comment, not ASCII (a new line is refused)
    path = tmp_path / "settings.toml"
    path.write_text("ST_NAME = %s\nST_OPPONENT = \"easy\"\n" % toml, encoding="utf-8")
    recs = tmp_path / "recs"
    status, out, err = call(sim_main, ["--headless", "--autoplay", "easy", "--seed", "9", "--settings", str(path),
                                      "--records", str(recs)])
    assert status == 0 and err == ""
    [record] = os.listdir(recs)
    status, out, err = call(engine_main, ["replay", str(recs / record)])
    assert status == 0 and err == "" and json.loads(out.splitlines()[0])["variant"] == "classic"
    assert name in replay((recs / record).read_text(encoding="utf-8")).players


def test_a_script_of_garbage_names_its_line(tmp_path):
    rnd = random.Random(8)
    path = tmp_path / "buttons.txt"
    words = [b"a", b"B", b"left", b"select", b"start", b"up", b"#", b"\n", b" ", b"jump", b"\xff", b"\xc3"]
    for _ in range(FUZZ // 4):
        path.write_bytes(b" ".join(rnd.choice(words) for _ in range(rnd.randint(0, 30))))
        status, out, err = call(sim_main, ["--headless", "--script", str(path)])
        if status == 2:
            assert one_line_or_none(err, "sim: --script %s: " % path), err
        else:
            assert status == 0 and err == ""
    path.write_bytes(b"a\nb left\n  jump # z\n")
    status, _, err = call(sim_main, ["--headless", "--script", str(path)])
    assert status == 2 and err == ("sim: --script %s: line 3: no button 'jump' (a script's words: up down left right "
                                   "a b start select, wait, wait MS, shot NAME)\n" % path)


def test_replays_of_garbage_in_the_sim_are_one_line(tmp_path):
    rnd = random.Random(9)
    path = tmp_path / "record.txt"
    for _ in range(FUZZ // 6):
        path.write_bytes(mutate(rnd, rnd.choice(RECORDS[::2])))
        status, out, err = call(sim_main, ["--headless", "--replay", str(path)])
        if status == 0:
            assert out.startswith("replayed ") and err == ""
        else:
            assert status == 2 and one_line_or_none(err, "sim replay: %s: " % path), err


ENDINGS = ("bye", "the round", "the match", "round drawn", "match drawn", "you win", "the opponent wins", "a draw")


def test_the_text_game_takes_any_keys():
    rnd = random.Random(10)
    keys = [b"1 3", b"2 5", b"3 1", b"6 9", b"?", b"c 2", b"c", b"0 0", b"9 9", b"99999999999999999999 1", b"-1 2",
            b"x", b"", b" ", b"\xff\xfe", b"\xc3", "é 😀".encode(), b"1", b"1 2 3 4", b"t", b"d", b"s 1 2",
            b"\x00", b"\t", b"1 3 c 2", b"y", b"n", b"SC -1", b"SC 99", b"sc 0 t", b"TR 1 1 -1", b"ST 1 1 d",
            b"ba 9 4", b"BA -3 99999999999", b"JK 1", b"SB 3", b"CU 2 t", b"SP 3", b"MU 1", b"FO 0", b"R7 JK", b"R1",
            b"7 1", b"8 2", b"1 1 t", b"2 2 t", b"R7 3", b"r7 3", b"Z9 1"]
    for i in range(FUZZ // 10):
        options = ["--variant", rnd.choice(["classic", "expert", "tactics"]), "--opponent", "easy",
                   "--seed", str(rnd.randrange(1000))] + (["--auto-claim"] if i % 2 else [])
        stdin = b"\n".join(rnd.choice(keys) for _ in range(rnd.randint(0, 400)))
        status, out, err = call(sim_main, ["--text"] + options, stdin)
        assert status == 0 and err == "" and out.rstrip().endswith(ENDINGS), out[-500:]
    run = process(["-m", "sim", "--text", "--seed", "4"], b"\xff 1\n1 3\nq\n")
    assert run.returncode == 0 and run.stdout.rstrip().endswith(b"bye")


@pytest.mark.parametrize("args, feed", [(["-m", "engine", "bot"], b'{"cmd": "move", "position": %s}\n' % POSITIONS[0]),
                                        (["-m", "sim", "--text", "--seed", "1"], b""),
                                        (["-m", "engine", "claims"], POSITIONS[0] + b"\n")])
def test_ctrl_c_stops_a_command_without_a_traceback(args, feed):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    # Ctrl-C as a terminal's foreground command gets it, however the tests
    # were started (a shell's background job ignores SIGINT, and so would
    # the command, inheriting that).
    p = subprocess.Popen([sys.executable] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, cwd=ROOT, env=env,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        p.stdin.write(feed)
        p.stdin.flush()
        assert p.stdout.readline()  # (it is running: past its imports, waiting for input)
        p.send_signal(signal.SIGINT)
        p.wait(timeout=60)  # (its input still open: the signal, not the end of input, stops it)
        err = p.stderr.read()
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 130 and b"Traceback" not in err and err == b"", err


def _reader_goes_away(args, feed=b"", env=None, timeout=60):
    """As ``| head -1`` does: ``args`` run, fed ``feed``, its first line
    read, then its output closed (and ``feed`` given again, for a command
    that answers what it reads): (that line, its exit status, its stderr)."""
    p = subprocess.Popen([sys.executable] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, cwd=ROOT, env=env)
    try:
        p.stdin.write(feed)
        p.stdin.flush()
        first = p.stdout.readline()
        p.stdout.close()
        p.stdin.write(feed)  # (its answer finds the output closed)
        p.stdin.close()
        err = p.stderr.read()
        p.wait(timeout=timeout)
    finally:
        if p.poll() is None:
            p.kill()
    return first, p.returncode, err


@pytest.mark.parametrize("args", [["-m", "engine", "claims"], ["-m", "engine", "bot"],
                                  [os.path.join(ROOT, "tools", "sparring.py"), "greedy"]])
def test_a_reader_that_goes_away_stops_a_command_without_a_traceback(args):
    line = POSITIONS[0] if "claims" in args else b'{"cmd": "move", "position": %s}' % POSITIONS[0]
    first, status, err = _reader_goes_away(args, line + b"\n")
    assert first
    assert status == 1 and err == b"", err.decode("utf-8", "replace")[-2000:]


def test_a_reader_that_goes_away_stops_the_sim_s_review_without_a_traceback(tmp_path):
    # ``python -m sim --replay REC --review --headless | head -1``: a line
    # per move, the output closed after the first.
    record = tmp_path / "match.txt"
    record.write_text(write(5, TACTICS, 1, whole_match(5, TACTICS, 1)[1]))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    first, status, err = _reader_goes_away(["-m", "sim", "--replay", str(record), "--review", "--headless"], env=env,
                                           timeout=120)
    assert json.loads(first)["move"] >= 1
    assert status == 1 and err == b"", err.decode("utf-8", "replace")[-2000:]
