"""The contract's position format: read, written, and refused when wrong."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import broken, json_values, mangled, position, random_states, refusal, set_at, snapshot
from desk.position import dump, load


def test_round_trip_over_random_games():
    for game in random_states(range(20)):
        pos = dump(game)
        again = load(json.loads(json.dumps(pos)))
        assert snapshot(again)[:7] == snapshot(game)[:7]
        assert dump(again) == pos


def test_a_player_sees_only_their_own_hand():
    for game in random_states([3]):
        pos = dump(game, viewer=1)
        assert isinstance(pos["hands"][1], list)
        assert pos["hands"][0] == len(game.hand_cards(0))
        assert pos["deck"] == game.pile_size()
        assert load(pos).claimable(game.to_move) == game.claimable(game.to_move)


GOOD = position({4: (["Y8", "B8", "G8"], ["R9", "R7"])})


BAD = [
    ("not an object", lambda pos: pos.clear() or pos.update({"x": 1}), "missing"),
    ("unknown variant", set_at(["variant"], "chess"), "variant"),
    ("to_move 2", set_at(["to_move"], 2), "to_move"),
    ("to_move true", set_at(["to_move"], True), "to_move"),
    ("to_move 0.0", set_at(["to_move"], 0.0), "to_move"),
    ("eight stones", lambda pos: pos["stones"].pop(), "stones"),
    ("a bad card", set_at(["stones", 0, "sides", 0], ["Z9"]), "bad card"),
    ("value 10", set_at(["stones", 0, "sides", 0], ["R10"]), "bad card"),
    ("a card twice", set_at(["stones", 0, "sides", 0], ["Y8"]), "twice"),
    ("four cards a side", set_at(["stones", 4, "sides", 0], ["Y8", "B8", "G8", "P8"]), "more than 3"),
    ("first without a full side", set_at(["stones", 0, "first"], 0), "first"),
    ("first missing", set_at(["stones", 4, "first"], None), "first"),
    ("first names the short side", set_at(["stones", 4, "first"], 1), "first"),
    ("owner with two cards", set_at(["stones", 4, "owner"], 1), "owner"),
    ("owner 3", set_at(["stones", 4, "owner"], 3), "owner"),
    ("cards missing", lambda pos: pos["deck"].pop(), "54"),
    ("a hand of seven", lambda pos: pos["hands"][0].append(pos["deck"].pop()), "more than 6"),
    ("negative pile", set_at(["deck"], -1), "negative"),
    ("hands not a pair", set_at(["hands"], [[]]), "hands"),
    ("side not a list", set_at(["stones", 1, "sides"], "x"), "sides"),
]


@pytest.mark.parametrize("name,change,words", BAD, ids=[b[0] for b in BAD])
def test_bad_positions_are_refused_with_a_reason(name, change, words):
    assert words in refusal(broken(GOOD, change))


def test_a_won_round_has_nothing_to_claim():
    from desk.position import claimable_list

    stones = {s: ([x + str(v) for v in (7, 8, 9)], []) for s, x in zip((0, 1, 2, 4), "ROYG")}
    pos = position(stones, owners={0: 0, 1: 0, 2: 0})
    game = load(pos)
    assert game.over() and game.winner == 0
    assert claimable_list(game) == []


JSON_VALUES = json_values(["R7", "B3", "classic", "expert", "Z1", ""],
                          ["variant", "to_move", "stones", "hands", "deck", "sides", "first", "owner"], 60)


@settings(max_examples=1500, deadline=None)
@given(st.data())
def test_any_mangled_position_is_refused_cleanly_or_read(data):
    pos = mangled(data, GOOD, JSON_VALUES)  # one random part of a good position: any JSON value
    try:
        game = load(pos)
    except ValueError as e:
        assert str(e) and "\n" not in str(e)
    else:
        game.claimable(game.to_move)
