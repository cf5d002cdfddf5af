"""settings.toml: the keys the app reads once at start."""

import io
import os
import subprocess
import sys

from conftest import ROOT
from hw.settings import KEYS, app_options, read
from sim.__main__ import toml_getenv


def test_missing_keys_keep_their_defaults():
    values, problems = read(lambda key: None)
    assert problems == []
    assert values == {key: default for key, default, _ in KEYS}
    assert app_options(values) == {"opponent": "medium", "variant": 0, "rounds": 1, "lang": "en",
                                   "auto_claim": False, "sound": False}


def test_every_key_is_read():
    given = {"ST_OPPONENT": "hard", "ST_VARIANT": "tactics", "ST_ROUNDS": 5, "ST_LANGUAGE": "es",
             "ST_AUTO_CLAIM": 1, "ST_SOUND": 1, "LINK_BAUD": 57600, "ST_BRIGHTNESS": 40, "ST_PIXELS": 0,
             "ST_NAME": "Ann"}
    values, problems = read(given.get)
    assert problems == [] and values == given
    assert app_options(values) == {"opponent": "hard", "variant": 2, "rounds": 5, "lang": "es", "auto_claim": True,
                                   "sound": True}


def test_values_not_understood_keep_the_default_and_are_reported():
    given = {"ST_OPPONENT": "grandmaster", "ST_ROUNDS": 4, "ST_LANGUAGE": 3, "ST_AUTO_CLAIM": "yes",
             "LINK_BAUD": "fast", "ST_BRIGHTNESS": 0, "ST_PIXELS": 101, "ST_VARIANT": "TACTICS",
             "ST_NAME": "a name far too long"}
    values, problems = read(given.get)
    assert values == {key: default for key, default, _ in KEYS}
    assert len(problems) == len(given)
    assert all(p.startswith("settings.toml: ") and "\n" not in p for p in problems)
    # A number written as a string is still a number.
    values, problems = read({"ST_ROUNDS": "3"}.get)
    assert values["ST_ROUNDS"] == 3 and problems == []


def test_the_sim_reads_a_settings_file(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('ST_OPPONENT = "easy"\nST_VARIANT = "expert"\nST_ROUNDS = 3\nST_LANGUAGE = "fr"\n'
                    'ST_AUTO_CLAIM = 1\nLINK_BAUD = 9600\nST_PIXELS = 300\n')
    assert toml_getenv(str(path))("ST_ROUNDS") == 3
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=ROOT)
    out = subprocess.run([sys.executable, "-m", "sim", "--headless", "--autoplay", "easy", "--seed", "3",
                          "--settings", str(path), "--rounds", "1"],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    summary = out.stdout.strip().splitlines()[-1]
    # The file chose the opponent, the variant and the language; the option
    # on the command line won for the rounds; ST_PIXELS = 300 was refused.
    assert '"opponent": "easy"' in summary and '"variant": "expert"' in summary and '"lang": "fr"' in summary
    assert '"rounds": 1' in summary
    assert "ST_PIXELS = 300" in out.stderr


# -- a settings file as editors write it; what its reader says -----------------

def test_a_settings_file_with_a_byte_order_mark_is_read(tmp_path):
    # (Windows Notepad writes one.)
    path = tmp_path / "settings.toml"
    path.write_bytes(b'\xef\xbb\xbfST_ROUNDS = 3\nST_NAME = "Zo\xc3\xab"\n')
    out = io.StringIO()
    getenv = toml_getenv(str(path), out)
    assert (getenv("ST_ROUNDS"), getenv("ST_NAME"), out.getvalue()) == (3, "Zoë", "")
    path.write_text('\ufeffST_ROUNDS = 5\n', encoding="utf-8")
    assert toml_getenv(str(path), out)("ST_ROUNDS") == 5 and out.getvalue() == ""


def test_what_the_settings_reader_says_is_in_the_projects_words(tmp_path):
    path = tmp_path / "settings.toml"
    files = {
        "a number of 5000 digits": b"ST_ROUNDS = " + b"7" * 5000 + b"\n",
        "a mark, then no TOML": b"\xef\xbb\xbfST_ROUNDS = = 3\n",
        "two marks": b"\xef\xbb\xbf\xef\xbb\xbfST_ROUNDS = 3\n",
        "UTF-16 (Notepad's Unicode)": "ST_ROUNDS = 3\n".encode("utf-16"),
        "not UTF-8": b"ST_NAME = \"\xff\"\n",
        "nested too deep": b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n",
        "far too long": b"# " + b"x" * 200000 + b"\n",
    }
    for what, data in files.items():
        path.write_bytes(data)
        out = io.StringIO()
        getenv = toml_getenv(str(path), out)
        said = out.getvalue()
        assert getenv("ST_ROUNDS") is None, what
        assert said.count("\n") == 1 and said.startswith("settings: %s: " % path), (what, said)
        assert said.endswith("; the defaults are used\n"), (what, said)
        for python in ("Error", "utf-8-sig", "decode", "sys.", "int_max_str_digits", "Exceeds", "recursion"):
            assert python not in said, (what, said)
    # Values a board's settings.toml cannot hold are quoted as written.
    path.write_text("ST_NAME = 1979-05-27\nST_ROUNDS = 07:32:00\nST_PIXELS = 1979-05-27T07:32:00\n"
                    "ST_VARIANT = [1, 2]\nST_LANGUAGE = {a = 1}\nST_BRIGHTNESS = 2.5\n")
    values, problems = read(toml_getenv(str(path)))
    assert len(problems) == 6 and not any("datetime" in p for p in problems), problems
    assert "ST_NAME = 1979-05-27 not understood" in problems[-1]
    assert values == read(lambda key: None)[0]


# -- a name is printable text -------------------------------------------------

BAD_NAMES = ["a\x1b[2Jb", "two\nlines", "tab\there", "\x7f", "c1\x9b31m", "\u202eevil", "zero\u200bwidth", "\ufeffAnn",
             "line\u2028sep", "\ud800"]
GOOD_NAMES = ["Ann", "Zoë", "é€😀", "a b", "O'Neil", '{"x"} #', "\\x1b"]


def test_a_name_is_printable_text_only():
    for name in BAD_NAMES:
        values, problems = read({"ST_NAME": name}.get)
        assert values["ST_NAME"] == "Player 1", name
        # One line, the name quoted with its escapes (never the raw characters).
        [problem] = problems
        assert problem.startswith("settings.toml: ST_NAME = ") and problem.isprintable(), problem
    for name in GOOD_NAMES:
        values, problems = read({"ST_NAME": name}.get)
        assert values["ST_NAME"] == name and problems == [], name


def test_what_a_name_may_hold_is_what_a_record_shows_unescaped():
    from desk.record import shown

    for n in list(range(0x10000)) + [0x1F600, 0x10FFFF]:
        c = chr(n)
        assert (read({"ST_NAME": c}.get)[1] == []) == (shown(c) == c), hex(n)
