"""Commit-reveal deals, roles, and the public-state check of linked boards."""

from engine.fairdeal import commitment, leads, public_hash, shared_seed, verify
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


def test_the_higher_nonce_leads_and_ties_draw_again():
    assert leads(b"\x05\x00", b"\x04\xff") == 1
    assert leads(b"\x04\xff", b"\x05\x00") == 0
    assert leads(b"\x07\x07", b"\x07\x07") == -1


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
