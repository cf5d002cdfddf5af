"""Formations, strongest first: colour run, three of a kind, colour, run, sum."""

import itertools

from engine.cards import card_name, parse_card
from engine.formation import COLOUR, COLOUR_RUN, RUN, SUM, THREE, category, rank3


def r(*names):
    return rank3(*[parse_card(n) for n in names])


def test_categories_from_the_rule_book():
    assert category(r("R7", "R9", "R8")) == COLOUR_RUN  # order of placement does not matter
    assert category(r("R8", "B8", "G8")) == THREE
    assert category(r("G2", "G5", "G9")) == COLOUR
    assert category(r("R7", "O8", "Y9")) == RUN
    assert category(r("R1", "O2", "Y4")) == SUM


def test_strongest_first():
    ladder = [r("R1", "O2", "Y4"), r("R1", "O2", "Y3"), r("G1", "G2", "G4"), r("R1", "B1", "G1"), r("P1", "P2", "P3")]
    assert ladder == sorted(ladder)
    # The weakest colour run beats the strongest three of a kind.
    assert r("P1", "P2", "P3") > r("R9", "B9", "G9")


def test_same_category_compares_sums():
    assert r("R9", "O9", "P2") > r("B9", "Y9", "P1")
    assert r("R7", "O8", "Y9") > r("G6", "B7", "P8")
    assert r("R9", "O1", "Y1") == r("B9", "G1", "P1")


def _slow_rank(cards):
    values = sorted(c % 9 + 1 for c in cards)
    colours = {c // 9 for c in cards}
    run = values[1] == values[0] + 1 and values[2] == values[1] + 1
    if run and len(colours) == 1:
        cat = 4
    elif values[0] == values[2]:
        cat = 3
    elif len(colours) == 1:
        cat = 2
    elif run:
        cat = 1
    else:
        cat = 0
    return cat, sum(values)


def test_every_formation_matches_a_plain_classifier():
    for cards in itertools.combinations(range(54), 3):
        rank = rank3(*cards)
        assert (rank >> 5, rank & 31) == _slow_rank(cards), [card_name(c) for c in cards]


def test_best_completion_is_the_strongest_reachable():
    import random

    from engine.threat import best_completion, unpack

    rnd = random.Random(4)
    for _ in range(400):
        cards = rnd.sample(range(54), 54)
        k = rnd.randrange(3)
        side = cards[:k]
        pool = cards[k : k + rnd.randrange(0, 30)]
        unseen = [0] * 6
        counts = bytearray(9)
        for c in pool:
            unseen[c // 9] |= 1 << (c % 9)
            counts[c % 9] += 1
        a = side[0] if k > 0 else 255
        b = side[1] if k > 1 else 255
        packed = best_completion(unseen, counts, k, a, b)
        best = max((rank3(*(side + list(x))) for x in itertools.combinations(pool, 3 - k)), default=0)
        if best == 0:
            assert packed == 0
        else:
            got = unpack(packed)
            assert set(got) <= set(pool)
            assert rank3(*(side + got)) == best


def test_the_judges_curve_is_the_logistic_it_claims():
    import math

    from engine.formation import CURVE as _CURVE

    assert len(_CURVE) == 65
    for i, x in enumerate(_CURVE):
        assert x == int(250 / (1 + math.exp(-4 * (i - 32) / 12)) + 0.5)
