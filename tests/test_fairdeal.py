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


def _tactics_game(seed, moves):
    from engine.playout import random_tactics_move
    from engine.tactics import TacticsGame

    game = TacticsGame()
    game.deal(seed, 0)
    rng = Random(seed)
    for _ in range(moves):
        if game.over():
            break
        game.apply(random_tactics_move(game, rng))
    return game


def test_tactics_boards_hash_what_both_can_see_and_every_move_changes_it():
    from engine.playout import random_tactics_move
    from engine.tactics import TacticsGame

    kinds = set()
    for seed in range(6):
        game = TacticsGame()
        game.deal(seed, seed & 1)
        rng = Random(seed)
        seen = set()
        moves = 0
        while not game.over():
            views = []
            for p in (0, 1):
                view = TacticsGame()
                view.copy_from(game)
                view.hide(p)  # each board knows only its own hand and no pile
                views.append(public_hash(view))
            assert views[0] == views[1] == public_hash(game)
            seen.add(views[0])
            m = random_tactics_move(game, rng)
            kinds.add(m & 63)
            game.apply(m)
            moves += 1
        assert len(seen) == moves  # every turn, a Scout's return too, changes it
    assert 59 in kinds  # Scouts were played


def test_the_tactics_hash_covers_modes_discards_piles_played_cards_and_returns():
    game = _tactics_game(5, 30)
    assert game.discard_n > 0
    base = public_hash(game)
    changes = (
        lambda g: g.mode.__setitem__(0, g.mode[0] ^ 1),  # Blind man's bluff
        lambda g: g.mode.__setitem__(8, g.mode[8] ^ 2),  # Mud fight
        lambda g: g.discard.__setitem__(0, g.discard[0] ^ 1),  # another card discarded
        lambda g: setattr(g, "discard_n", g.discard_n - 1),
        lambda g: setattr(g, "tpos", g.tpos - 1),  # the tactic pile's size
        lambda g: g.played.__setitem__(1, g.played[1] + 1),
        lambda g: g.out.__setitem__(2, g.out[2] ^ 1),  # elite troops placed
        lambda g: setattr(g, "returns", 2),  # a Scout's cards owed
        lambda g: g.side.__setitem__(0, 54),  # a Joker on the table
    )
    from engine.tactics import TacticsGame

    for change in changes:
        other = TacticsGame()
        other.copy_from(game)
        assert public_hash(other) == base
        change(other)
        assert public_hash(other) != base
