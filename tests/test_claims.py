"""Claims: normal ones, early ones proved from the table alone, and the fast
proof checked against brute force."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import claim_examples, position, random_states
from desk import brute
from engine.cards import card_name
from engine.formation import rank3
from engine.threat import unpack
from engine.classic import Game
from engine.game import NOBODY
from desk.position import claimable_list, load


def claimable(pos):
    return claimable_list(load(pos))


def test_the_published_examples(examples):
    for ex in examples:
        assert claimable(ex["position"]) == ex["claimable"], ex["note"]


def test_rule_book_three_eights_against_red_nine_and_seven():
    # Only the red 8 could make a colour run that beats three 8s.
    stones = {4: (["Y8", "B8", "G8"], ["R9", "R7"])}
    assert claimable(position(stones)) == []  # R8 unseen: wait
    stones[0] = ([], ["R8"])
    assert claimable(position(stones)) == [4]  # R8 on the table: claim now
    # In the claimant's own hand it still counts as available to the opponent.
    hands = [["R8", "P1", "P2", "P3", "P4", "P5"], ["P6", "P7", "P8", "P9", "O1", "O2"]]
    assert claimable(position({4: (["Y8", "B8", "G8"], ["R9", "R7"])}, hands=hands)) == []


def test_counterexample_names_the_missing_card():
    game = load(position({4: (["Y8", "B8", "G8"], ["R9", "R7"])}))
    assert [card_name(c) for c in unpack(game.claim_threat(4, 0))] == ["R8"]


def test_ties_go_to_who_completed_first():
    stones = {2: (["R1", "O2", "Y3"], ["G1", "B2", "P3"])}
    assert claimable(position(stones, to_move=0, first={2: 1})) == []
    assert claimable(position(stones, to_move=1, first={2: 1})) == [2]
    assert claimable(position(stones, to_move=0, first={2: 0})) == [2]


def test_early_tie_goes_to_the_claimant():
    # R5 O6 Y7, a run of 18.  G5 B6 can only become a run; its best, with a
    # 7, ties at 18, and a tie goes to the claimant, who completed first.
    game = load(position({0: (["R5", "O6", "Y7"], ["G5", "B6"])}))
    assert game.claim_threat(0, 0) == 0
    assert brute.threat(game, 0, 0) is None
    # G6 B7 can still make 6-7-8, a run of 21.
    game = load(position({0: (["R5", "O6", "Y7"], ["G6", "B7"])}))
    assert [card_name(c)[1] for c in unpack(game.claim_threat(0, 0))] == ["8"]


def test_claimed_stones_and_short_sides_are_never_claimable():
    stones = {3: (["R1", "R2", "R3"], ["B1"]), 5: (["O1", "O2"], [])}
    pos = position(stones, owners={3: 0})
    assert claimable(pos) == []


def _check_all_open_claims(game):
    for s in range(9):
        if game.owner[s] != NOBODY:
            continue
        for p in range(2):
            i = s * 2 + p
            if game.n[i] != 3 or game.n[i ^ 1] == 3:
                continue
            fast = game.claim_threat(s, p)
            slow = brute.threat(game, s, p)
            assert (fast == 0) == (slow is None)
            if fast:
                cards = unpack(fast)
                for c in cards:
                    assert game.unseen[c // 9] >> (c % 9) & 1, "counterexample uses a seen card"
                theirs = game.cards_at(s, 1 - p) + cards
                assert len(theirs) == 3
                assert rank3(*theirs) > game.rank[i]


def test_fast_proof_agrees_with_brute_force_over_random_games():
    for game in random_states(range(120)):
        _check_all_open_claims(game)


@st.composite
def tables(draw):
    """A stone where the claimant has three cards and the opponent 0 to 2,
    and any number of other cards on the table."""
    cards = draw(st.permutations(range(54)))
    k = draw(st.integers(0, 2))
    shown = draw(st.integers(0, 40))
    # Bias towards strong claimants, where proofs are interesting.
    mine = cards[:3]
    if draw(st.booleans()):
        v = draw(st.integers(0, 8))
        colour = draw(st.integers(0, 5))
        kind = draw(st.sampled_from(["three", "colour run", "colour"]))
        if kind == "three":
            mine = [c * 9 + v for c in draw(st.permutations(range(6)))[:3]]
        elif kind == "colour run":
            v = min(v, 6)
            mine = [colour * 9 + v + i for i in range(3)]
        else:
            mine = [colour * 9 + x for x in draw(st.permutations(range(9)))[:3]]
    rest = [c for c in cards if c not in mine]
    return mine, rest[:k], rest[k : k + shown]


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.integers(0, 8), st.integers(0, 1))
def test_fast_proof_agrees_with_brute_force_on_constructed_tables(table, stone, player):
    mine, theirs, shown = table
    game = Game()
    _put(game, stone, player, mine)
    _put(game, stone, 1 - player, theirs)
    # The other cards go to other stones, three a side, as the table allows.
    others = [s for s in range(9) if s != stone]
    slots = [(s, p) for s in others for p in range(2)]
    for i, c in enumerate(shown):
        s, p = slots[i // 3]
        _put(game, s, p, [c])
    _check_all_open_claims(game)


def _put(game, stone, player, cards):
    for c in cards:
        game.put(stone, player, c)


def test_hidden_hands_and_pile_do_not_change_claims():
    for ex in claim_examples():
        pos = json.loads(json.dumps(ex["position"]))
        pos["hands"] = [len(pos["hands"][0]), len(pos["hands"][1])]
        pos["deck"] = len(pos["deck"])
        assert claimable(pos) == ex["claimable"], ex["note"]
