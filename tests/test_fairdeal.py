"""Commit-reveal deals, roles, and the public-state check of linked boards."""

from engine.fairdeal import commitment, deal, public_hash, shared_seed, verify
from engine.game import Game
from engine.playout import random_move
from engine.rng import Random


def test_a_secret_matches_only_its_own_commitment():
    a, b = b"\x01" * 16, b"\x02" * 16
    assert verify(a, commitment(a)) and not verify(b, commitment(a))
    assert len(commitment(a)) == 32


def test_the_seed_needs_both_secrets_in_role_order():
    a, b = b"lead secret....!", b"follow secret..!"
    seed = shared_seed(a, b)
    assert seed == shared_seed(a, b) and 0 <= seed < 2 ** 30
    assert seed != shared_seed(b, a)
    assert seed != shared_seed(a, b"follow secret..?")


def test_both_boards_agree_on_the_deal_and_exactly_one_leads():
    import random

    rnd = random.Random(1)
    leaders = 0
    for _ in range(200):
        a = bytes(rnd.randrange(256) for _ in range(16))
        b = bytes(rnd.randrange(256) for _ in range(16))
        seed_a, a_leads = deal(a, b)
        seed_b, b_leads = deal(b, a)
        assert seed_a == seed_b and a_leads != b_leads
        leaders += a_leads
    assert 70 < leaders < 130  # seats are not steered to either board


def test_both_boards_hash_what_both_can_see():
    game = Game()
    game.deal(17)
    rng = Random(3)
    seen = set()
    for _ in range(20):
        views = []
        for p in (0, 1):
            view = Game()
            view.copy_from(game)
            view.hide(p)  # each board knows only its own hand
            views.append(public_hash(view))
        assert views[0] == views[1] == public_hash(game)
        seen.add(views[0])
        game.apply(random_move(game, rng))
    assert len(seen) == 20  # every turn changes it
