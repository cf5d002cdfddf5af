"""Matches of several rounds: 5 points to the winner, 1 a stone to the loser."""

import pytest

from conftest import bot_match
from engine.game import DRAW, NOBODY
from engine.match import Match
from desk.playout import random_move
from engine.rng import Random


def play_round(match, rng):
    game = match.game
    while game.winner == NOBODY:
        game.apply(random_move(game, rng))
    return game


def test_scores_and_the_loser_starts_the_next_round():
    match = Match(seed=42, rounds=5)
    rng = Random(1)
    expected = [0, 0]
    while not match.over():
        game = play_round(match, rng)
        w, stones = game.winner, bytes(game.owned)
        assert match.finish_round() == w
        if w != DRAW:
            expected[w] += 5
            expected[1 - w] += stones[1 - w]
            if not match.over():
                assert match.game.to_move == 1 - w
        assert match.scores == expected
    assert len(match.results) == 5
    a, b = match.scores
    assert match.winner() == (0 if a > b else 1 if b > a else DRAW)


def test_same_seed_same_match():
    def deals(seed):
        match = Match(seed=seed, rounds=3)
        rng = Random(seed)
        out = []
        while not match.over():
            out.append((match.game.to_move, bytes(match.game.deck)))
            play_round(match, rng)
            match.finish_round()
        return out

    assert deals(7) == deals(7)
    assert deals(7) != deals(8)


def test_a_round_in_play_cannot_be_scored():
    match = Match(seed=1)
    try:
        match.finish_round()
    except ValueError:
        pass
    else:
        raise AssertionError("scored a round in play")
    assert match.winner() == NOBODY


@pytest.mark.parametrize("variant", [0, 1, 2], ids=["classic", "expert", "tactics"])
def test_a_match_keeps_its_moves_for_a_record(variant):
    # Match.moves() plays the whole match again: the record written from it
    # replays to the same scores and winner.
    from desk.record import replay, write

    match = bot_match(77, 3, variant, "medium", "easy")
    moves = match.moves()
    assert len(moves) == sum(1 for _ in moves) > 30
    text = write(77, variant, 3, moves)
    result = replay(text)
    assert list(result.match.scores) == match.scores and result.match.winner() == match.winner()
