"""Commit-reveal deals, roles, and the public-state check of linked boards."""

from engine.fairdeal import commitment, deal, public_hash, shared_seed, verify
from engine.classic import Game

from desk.playout import random_move
from engine.rng import Random
from engine.moves import move_card


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
    from desk.playout import random_tactics_move
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
    from desk.playout import random_tactics_move
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
            kinds.add(move_card(m))
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


def _crc32c(data):
    # CRC-32C bit by bit, straight from its reflected polynomial.
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = crc >> 1 ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def _public_bytes(game):
    parts = [game.side, game.n, game.owner, game.first, game.owned, game.hand_n]
    if game.variant == 2:
        parts += [game.mode, game.played, game.out,
                  bytes((game.deck_pos, game.to_move, game.winner, game.variant, game.tpos, game.returns,
                         game.discard_n)), game.discard[: game.discard_n]]
    else:
        parts.append(bytes((game.deck_pos, game.to_move, game.winner, game.variant)))
    return b"".join(bytes(p) for p in parts)


def test_the_public_hash_is_a_crc32_then_a_crc32c_of_the_public_state():
    import zlib

    from engine.fairdeal import _TABLES
    from engine.save import crc32

    hi, lo = crc32(b"123456789", 0, -1, 0, 0, _TABLES[1][1])
    assert hi << 16 | lo == _crc32c(b"123456789") == 0xE3069283  # CRC-32C's check value
    game = Game()
    game.deal(17)
    for g in (game, _tactics_game(5, 30), _tactics_game(8, 3)):
        data = _public_bytes(g)
        expected = zlib.crc32(data).to_bytes(4, "big") + _crc32c(data).to_bytes(4, "big")
        assert public_hash(g) == expected


def test_our_sha256_is_hashlibs_for_every_length_up_to_several_blocks():
    import hashlib
    import random

    from engine.sha256 import digest

    rnd = random.Random(5)
    for n in list(range(0, 201)) + [255, 256, 257, 1000]:
        data = bytes(rnd.randrange(256) for _ in range(n))
        assert digest(data) == hashlib.sha256(data).digest(), n
        assert digest(bytearray(data)) == digest(memoryview(data)) == digest(data)


def test_without_hashlib_the_deal_is_the_same_and_our_sha256_is_dropped_after(monkeypatch):
    import sys

    import engine
    import engine.fairdeal as fairdeal

    a, b = b"lead secret....!", b"follow secret..!"
    expected = (commitment(a), shared_seed(a, b), deal(a, b), deal(b, a))
    monkeypatch.setattr(fairdeal, "hashlib", None)
    assert fairdeal._own is None
    assert (commitment(a), shared_seed(a, b), deal(a, b), deal(b, a)) == expected
    assert "engine.sha256" in sys.modules and fairdeal._own is not None
    fairdeal.release()
    assert "engine.sha256" not in sys.modules and not hasattr(engine, "sha256") and fairdeal._own is None
    fairdeal.release()  # (nothing loaded: nothing to do)


def test_hashlib_without_sha256_is_asked_by_name(monkeypatch):
    # CircuitPython's hashlib, where a board has one, offers only new().
    import hashlib

    import engine.fairdeal as fairdeal

    class Named:
        new = staticmethod(hashlib.new)

    a = b"\x05" * 16
    expected = commitment(a)
    monkeypatch.setattr(fairdeal, "hashlib", Named)
    assert commitment(a) == expected and fairdeal._own is None
