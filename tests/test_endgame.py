"""The hard level's exact endgames (engine.endgame's ``exact_move``, called by engine.ai):
once the clan pile is empty, hard keeps a won round won.

tests/data/won-endgames.jsonl is a fixed sample of tools/strength/wonends.py's
positions (games of every level and of the sparring partners, classic and
expert): each is won for the player to move, and with its seed the hard
level before its exact search gave some of them away."""

import json
import os
import sys

import pytest

from conftest import ROOT
from desk.brute import forced_win
from desk.position import load
from engine import ai
from engine.bots import Bot
from engine.classic import Game
from engine.endgame import NOT_WON, UNKNOWN, Endgame
from engine.game import NOBODY
from engine.match import Match
from engine.moves import AUTO_CLAIM

SAMPLE = [json.loads(line) for line in open(os.path.join(ROOT, "tests", "data", "won-endgames.jsonl"))]


def hard_keeps(case):
    # Whether the hard level, seeded as in the sample, keeps the round won.
    game = load(case["position"])
    root = game.to_move
    bot = Bot("hard", case["seed"])
    game.apply(game.spell_claims(bot.choose(game)))
    return forced_win(game, root), bot


def test_every_position_of_the_sample_is_won_with_the_pile_empty():
    assert len(SAMPLE) >= 30
    assert {c["position"]["variant"] for c in SAMPLE} == {"classic", "expert"}
    assert {"easy", "medium", "hard", "greedy", "searcher"} <= {p for c in SAMPLE for p in c["players"]}
    for case in SAMPLE:
        game = load(case["position"])
        assert game.deck_pos == 54 and game.winner == NOBODY
        assert forced_win(game)


def test_hard_keeps_every_won_endgame_of_the_sample():
    searched = 0
    for case in SAMPLE:
        kept, bot = hard_keeps(case)
        assert kept, case["seed"]
        if bot.endgame is not None:  # (none: an expert claim that won at once)
            assert bot.endgame.nodes <= ai._EXACT
            searched += 1
    assert searched >= 25


def test_without_its_search_hard_gave_some_of_them_away(monkeypatch):
    # (so that the test above can fail: the sample holds what changed)
    monkeypatch.setattr(ai, "_EXACT", 0)
    given = [c["seed"] for c in SAMPLE if not hard_keeps(c)[0]]
    assert given == [c["seed"] for c in SAMPLE if c["hard_before"] == "gives it away"] and len(given) >= 15


def test_the_search_changes_only_the_move_and_draws_nothing_from_the_generator(monkeypatch):
    changed = 0
    for case in SAMPLE:
        game = load(case["position"])
        bot = Bot("hard", case["seed"])
        m = bot.choose(game)
        after = bot.rng.state()
        monkeypatch.setattr(ai, "_EXACT", 0)
        plain = Bot("hard", case["seed"])
        changed += plain.choose(game) != m
        monkeypatch.undo()
        assert plain.rng.state() == after
    assert changed == sum(c["hard_before"] == "gives it away" for c in SAMPLE)


def test_the_search_is_loaded_while_the_pile_is_empty_and_forgotten_after():
    match = Match(7, 2, 0)
    bots = [Bot("hard", 1), Bot("hard", 2)]
    seen = set()
    sys.modules.pop("engine.endgame", None)
    while not match.over():
        game = match.game
        if game.winner != NOBODY:
            match.finish_round(False)
            continue
        bot = bots[game.to_move]
        m = bot.choose(game)
        empty = game.deck_pos >= 54
        seen.add(empty)
        if empty:
            assert "engine.endgame" in sys.modules and bot.endgame is not None
        else:
            assert "engine.endgame" not in sys.modules and bot.endgame is None
        game.apply(game.spell_claims(m))
    assert seen == {True, False}


@pytest.mark.parametrize("index", range(0, 30, 3))
def test_moves_tried_first_come_first_and_an_illegal_one_is_passed_over(index):
    case = SAMPLE[index]
    game = load(case["position"])
    search = Endgame()
    best = search.win(game, 10 ** 9)
    assert best > UNKNOWN
    root = game.to_move
    wins = []
    for m in game.legal_moves():
        game.apply(m | AUTO_CLAIM)
        if forced_win(game, root):
            wins.append(m | AUTO_CLAIM)
        game.undo()
    assert best in wins
    last = wins[-1]
    illegal = 53 if 53 not in game.hand_cards(root) else 52  # (a card not in the hand)
    assert search.win(game, 10 ** 9, [illegal, last & 0x3FF], 2) == last
    view = Game()
    view.copy_from(game)
    assert search.win(game, 1, [last], 1) in (last, UNKNOWN) and search.nodes <= 1
    assert search.win(game, 10 ** 9) == best and search.win(view, 10 ** 9) == best  # (killers forgotten)
    assert NOT_WON != best
