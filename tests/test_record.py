"""Game records: written from whole matches, replayed move by move, and
every edited, truncated or fuzzed record refused with one line naming the
first bad move."""

import json
import os
import random
import subprocess
import sys

import pytest

from conftest import ROOT, next_move, players
from engine.game import CLASSIC, EXPERT, NOBODY, TACTICS
from engine.match import Match
from desk.position import dump
from desk.record import RecordError, from_save, replay, summary, write
from engine.rng import Random
from engine.save import encode


def whole_match(seed, variant, rounds, who=("random", "random"), stop=None):
    match = Match(seed, rounds, variant)
    rng = Random(seed + 7)
    seats = players(who, seed)
    moves = []
    while not match.over() and (stop is None or len(moves) < stop):
        game = match.game
        m = next_move(game, seats, rng)
        game.apply(m)
        moves.append(m)
        if game.winner != NOBODY:
            final = dump(game)
            match.finish_round()
    if stop is not None and not match.over():
        final = dump(match.game)
    return match, moves, final


FUZZ = int(os.environ.get("RECORD_FUZZ", 400))  # more: RECORD_FUZZ=5000
MATCHES = [(1, CLASSIC, 1, ("random", "random")), (2, EXPERT, 3, ("easy", "medium")),
           (3, TACTICS, 1, ("random", "random")), (4, TACTICS, 3, ("medium", "easy")),
           (5, CLASSIC, 3, ("hard", "medium"))]


def run(*args, feed=""):
    return subprocess.run([sys.executable, "-m", "engine", *args], input=feed,
                          capture_output=True, text=True, cwd=ROOT)


@pytest.mark.parametrize("seed,variant,rounds,who", MATCHES)
def test_whole_matches_replay(seed, variant, rounds, who):
    match, moves, final = whole_match(seed, variant, rounds, who)
    text = write(seed, variant, rounds, moves, ("Ann", "Bob"), {"opponent": "medium", "lang": "fr"})
    r = replay(text)
    assert r.moves == moves
    assert r.match.scores == match.scores and r.match.results == match.results
    assert r.position == final
    assert r.players == ["Ann", "Bob"]
    assert summary(r)[-1].startswith("match: Ann %d, Bob %d" % tuple(match.scores))
    # one move a line, after the header and a round line
    lines = text.splitlines()
    assert len(lines) == 1 + rounds + len(moves) + 1
    # and from a save blob too
    assert from_save(encode(match, moves), ("Ann", "Bob"), {"opponent": "medium", "lang": "fr"}) == text


def test_an_unfinished_match_replays():
    match, moves, final = whole_match(8, CLASSIC, 3, stop=30)
    r = replay(write(8, CLASSIC, 3, moves))
    assert r.position == final and r.match.winner() == NOBODY
    assert "in play" in summary(r)[-1]


def _record(variant=CLASSIC, rounds=2, seed=11):
    match, moves, final = whole_match(seed, variant, rounds)
    return write(seed, variant, rounds, moves, ("Ann", "Bob"))


def refused(text):
    with pytest.raises(RecordError) as e:
        replay(text)
    msg = str(e.value)
    assert msg and "\n" not in msg
    return msg


def test_an_edited_move_is_named():
    lines = _record().splitlines()
    first = json.loads(lines[2])
    lines[5] = json.dumps(first)  # a card already played
    # The line says "stone": 0 to 8, as the bot protocol does; what is
    # said counts from 1, as the screens do.
    said = refused("\n".join(lines))
    label = "%s at stone %d" % (first["card"], first["stone"] + 1)
    assert said.startswith("line 6, round 1, move 4 (%s): card not in hand" % label)
    lines = _record().splitlines()
    mv = json.loads(lines[3])
    mv["stone"] = 12
    lines[3] = json.dumps(mv)
    said = refused("\n".join(lines))
    assert said == 'line 4, round 1, move 2 (%s "stone": 12): bad stone 12 (0 to 8)' % mv["card"]
    lines = _record().splitlines()
    mv = json.loads(lines[4])
    mv["claim"] = [0, 1, 2]
    lines[4] = json.dumps(mv)
    assert refused("\n".join(lines)).startswith("line 5, round 1, move 3")


def test_a_ruse_in_an_error_is_named_with_stones_and_cards_from_1():
    for seed in range(3, 40):
        match, moves, _ = whole_match(seed, TACTICS, 1)
        lines = write(seed, TACTICS, 1, moves).splitlines()
        ruses = [n for n, line in enumerate(lines) if '"slot"' in line and '"to": "discard"' not in line]
        if ruses and ruses[0] + 2 < len(lines) - 1:
            break
    n = ruses[0]
    ruse = json.loads(lines[n])
    lines[n + 2] = lines[n]  # played again, two moves on: that card is gone
    label = "%s at stone %d, card %d" % (ruse["card"], ruse["stone"] + 1, ruse["slot"] + 1)
    if "to" in ruse:
        label += ", to stone %d" % (ruse["to"] + 1)
    assert "(%s): " % label in refused("\n".join(lines))


def test_truncated_records_are_refused():
    text = _record(TACTICS, 1)
    lines = text.splitlines()
    for n in range(len(lines)):
        msg = refused("\n".join(lines[:n]))
        if n >= 3:
            assert "truncated after round 1, move %d" % (n - 2) in msg
    for cut in range(0, len(text) - 1, 7):
        refused(text[:cut])
    last = lines[-2]
    msg = refused("\n".join(lines[:-2] + [last[: len(last) // 2]]))
    assert "line %d, round 1, move %d: not JSON" % (len(lines) - 1, len(lines) - 3) in msg


def test_other_edits_are_refused():
    lines = _record().splitlines()
    end = json.loads(lines[-1])
    end["scores"] = [99, 0]
    assert "the record says scores [99, 0]" in refused("\n".join(lines[:-1] + [json.dumps(end)]))
    head = json.loads(lines[0])
    for key, bad in (("version", 1), ("version", 3), ("variant", "chess"), ("rounds", 0), ("seed", -1), ("players", ["one"])):
        h = dict(head)
        h[key] = bad
        assert refused("\n".join([json.dumps(h)] + lines[1:])).startswith("line 1: ")
    r2 = lines.index('{"round": 2}')
    assert "round 1 is still in play" in refused("\n".join(lines[:r2 - 1] + lines[r2:]))
    assert "the match has only 2 rounds" in refused("\n".join(lines[:-1] + ['{"round": 3}'] + lines[-1:]))
    assert "more after the end line" in refused("\n".join(lines + [lines[2]]))
    assert "not a Schotten Totten record" in refused("{}\n")
    assert refused("") == "line 1: empty record"
    # comments and blank lines are fine
    assert replay("# a note\n\n" + "\n".join(lines)).moves


@pytest.mark.parametrize("variant", [CLASSIC, EXPERT, TACTICS])
def test_fuzzed_records_never_crash(variant):
    lines = _record(variant, 2, seed=20 + variant).splitlines()
    rnd = random.Random(variant)
    pieces = ['"R7"', "3", "-1", "[]", "null", '"JK"', "{}", '"tactic"', "99", "true", '"discard"', "[0, 9]"]
    ok = 0
    for _ in range(FUZZ):
        edited = list(lines)
        i = rnd.randrange(len(edited))
        line = edited[i]
        action = rnd.randrange(4)
        if action == 0 and len(line) > 2:  # a character changed
            j = rnd.randrange(len(line))
            line = line[:j] + chr(rnd.randrange(32, 127)) + line[j + 1:]
        elif action == 1:  # a value replaced
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if isinstance(obj, dict) and obj:
                obj[rnd.choice(sorted(obj))] = json.loads(rnd.choice(pieces))
            line = json.dumps(obj)
        elif action == 2:  # lines swapped
            k = rnd.randrange(len(edited))
            edited[k], line = line, edited[k]
        else:  # a line dropped
            line = None
        if line is None:
            del edited[i]
        else:
            edited[i] = line
        try:
            replay("\n".join(edited))
            ok += 1
        except RecordError as e:
            assert str(e) and "\n" not in str(e)
    assert ok < FUZZ // 2


def test_the_command(tmp_path):
    match, moves, final = whole_match(3, TACTICS, 1)
    text = write(3, TACTICS, 1, moves, ("Ann", "Bob"))
    f = tmp_path / "game.txt"
    f.write_text(text)
    out = run("replay", str(f))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert json.loads(lines[0]) == final
    assert lines[-1].startswith("match: Ann")
    lines = text.splitlines()
    f.write_text("\n".join(lines[:3] + [lines[2]] + lines[4:]))
    out = run("replay", str(f))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("engine replay: %s: line 4, round 1, move 2 (" % f)
    assert len(out.stderr.splitlines()) == 1
    assert run("replay", str(tmp_path / "none.txt")).returncode == 2
    assert run("replay").returncode == 2
