"""The review of a match: each move of one player beside the hard level's
(``engine.review``), and ``python -m sim --replay FILE --review --headless``
printing it as JSON lines in the bot protocol's formats."""

import io
import json
import subprocess
import sys

import pytest

from conftest import ROOT, bot_match
from engine.bots import Bot
from engine.game import CLASSIC, EXPERT, NOBODY, TACTICS
from engine.match import Match
from engine import review
from desk.position import dump, load
from desk.protocol import answer_to_move, move_answer
from desk.record import replay, write
from sim.review import lines, run


def record_of(seed, rounds, variant, a="medium", b="easy"):
    match = bot_match(seed, rounds, variant, a, b)
    return write(seed, variant, rounds, match.moves()), match.moves()


@pytest.mark.parametrize("variant, rounds, player", [(CLASSIC, 2, 0), (EXPERT, 1, 1), (TACTICS, 2, 0),
                                                     (TACTICS, 1, 1)])
def test_every_move_of_the_player_is_set_beside_the_hard_levels(variant, rounds, player):
    seed = 40 + variant
    text, moves = record_of(seed, rounds, variant)
    got = list(lines(replay(text), player))
    # Worked out here again: the match replayed, the hard bot asked with
    # the review's seed at each of the player's moves.
    match = Match(seed, rounds, variant)
    want = []
    for n, m in enumerate(moves):
        if match.game.winner != NOBODY:
            match.finish_round()
        game = match.game
        if game.to_move == player:
            hard = game.spell_claims(Bot("hard", review.seed(seed, n)).choose(game))
            want.append((n + 1, dump(game, player), move_answer(game, m), move_answer(game, hard), hard != m))
        game.apply(m)
    assert [(o["move"], o["position"], o["played"], o["hard"], o["differs"]) for o in got] == want
    assert all(o["player"] == player for o in got)
    assert any(o["differs"] for o in got) and not all(o["differs"] for o in got)
    assert [o["move"] - 1 for o in got] == review.mine(seed, rounds, variant, moves, player)
    # An outside tool reads both moves back from the position alone.
    for o in got[:12]:
        game = load(o["position"])
        for key in ("played", "hard"):
            m = answer_to_move(o[key], game)
            assert game.check(m) is None
        assert (answer_to_move(o["played"], game) != answer_to_move(o["hard"], game)) == o["differs"]


def test_the_review_of_a_position_is_the_same_wherever_it_is_asked():
    # engine.review.at rebuilds the match at any move; the hard move there
    # is the one the whole review gave.
    text, moves = record_of(7, 2, TACTICS)
    got = list(lines(replay(text), 0))
    for o in got[::5]:
        n = o["move"] - 1
        match = review.at(7, 2, TACTICS, moves, n)
        assert move_answer(match.game, review.hard_move(match.game, 7, n)) == o["hard"]


def sim(*args):
    return subprocess.run([sys.executable, "-m", "sim"] + list(args), cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_sim_review_prints_a_json_line_a_move(tmp_path):
    text, moves = record_of(5, 1, CLASSIC)
    path = tmp_path / "match.txt"
    path.write_text(text)
    out = sim("--replay", str(path), "--review", "--headless", "--player", "2")
    assert out.returncode == 0 and out.stderr == ""
    objs = [json.loads(line) for line in out.stdout.splitlines()]
    assert objs == list(lines(replay(text), 1))
    assert len(objs) == len(review.mine(5, 1, CLASSIC, moves, 1))


def test_sim_review_says_what_it_cannot_do_in_one_line(tmp_path):
    out = sim("--replay", str(tmp_path / "none.txt"), "--review", "--headless")
    assert out.returncode == 2 and out.stdout == "" and len(out.stderr.splitlines()) == 1
    assert "Traceback" not in out.stderr
    bad = tmp_path / "bad.txt"
    bad.write_text('{"record": "nonsense"}\n')
    out = sim("--replay", str(bad), "--review", "--headless")
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1 and "Traceback" not in out.stderr
    out = sim("--review", "--headless")
    assert out.returncode == 2 and out.stderr.startswith("sim: --review needs --replay FILE --headless")
    err = io.StringIO()
    assert run(str(tmp_path), 0, io.StringIO(), err) == 2 and err.getvalue().count("\n") == 1
