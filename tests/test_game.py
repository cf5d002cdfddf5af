"""A round: dealing, turns, claims, the draw, passing, the end, undo."""


from conftest import position, random_states, snapshot
from engine.cards import parse_card
from engine.classic import Game
from engine.game import CLASSIC, DRAW, EXPERT, NOBODY
from engine.moves import AUTO_CLAIM, PASS, move, move_card
from desk.playout import random_game, random_move
from desk.position import load
from engine.rng import Random


def c(name):
    return parse_card(name)


def test_deal_gives_six_each_and_leaves_42():
    game = Game()
    game.deal(7, first_player=1)
    assert game.to_move == 1
    assert len(game.hand_cards(0)) == len(game.hand_cards(1)) == 6
    assert game.pile_size() == 42
    everything = game.hand_cards(0) + game.hand_cards(1) + list(game.deck[game.deck_pos:])
    assert sorted(everything) == list(range(54))


def test_same_seed_same_deal_other_seed_other_deal():
    a, b, other = Game(), Game(), Game()
    a.deal(1234)
    b.deal(1234)
    other.deal(1235)
    assert bytes(a.deck) == bytes(b.deck)
    assert bytes(a.deck) != bytes(other.deck)


def test_a_turn_places_claims_draws_and_passes_the_turn():
    hands = [["G8", "P1", "P2", "P3", "P4", "P5"], ["P6", "P7", "P8", "P9", "O1", "O2"]]
    game = load(position({4: (["Y8", "B8"], ["R9", "R7"]), 0: ([], ["R8"])}, hands=hands))
    top = game.deck[game.deck_pos]
    m = move(c("G8"), 4, 1 << 4)  # the third 8 makes the stone provable at once
    assert game.check(m) is None
    game.apply(m)
    assert game.owner[4] == 0
    assert top in game.hand_cards(0) and len(game.hand_cards(0)) == 6
    assert game.to_move == 1


def test_classic_claims_come_after_the_card_expert_claims_before():
    stones = {4: (["Y8", "B8"], ["R9", "R7"]), 0: ([], ["R8"])}
    hands = [["G8", "P1", "P2", "P3", "P4", "P5"], ["P6", "P7", "P8", "P9", "O1", "O2"]]
    classic = load(position(stones, hands=hands))
    expert = load(position(stones, hands=hands, variant="expert"))
    m = move(c("G8"), 4, 1 << 4)
    assert classic.check(m) is None
    assert expert.check(m) == "claim not provable: stone 5"
    # In the expert variant the claim waits for the start of the next turn.
    expert.apply(move(c("G8"), 4))
    expert.apply(move(c("P6"), 8))
    assert expert.check(move(c("P1"), 4, 1 << 4)) == "stone 5 is claimed"
    assert expert.check(move(c("P1"), 5, 1 << 4)) is None


def test_illegal_moves_are_refused_with_a_reason():
    game = load(position({1: (["R1", "R2", "R3"], []), 2: (["O1"], [])}, owners={1: 0},
                         hands=[["G8", "P1", "P2", "P3", "P4", "P5"], ["P6", "P7", "P8", "P9", "O2", "O3"]]))
    assert game.check(move(c("P9"), 0)) == "card not in hand"
    assert game.check(move(c("G8"), 1)) == "stone 2 is claimed"
    assert game.check(move(c("G8"), 9)) == "no stone 10"
    assert game.check(PASS) == "cannot pass: a card can be placed"
    assert game.check(move(c("G8"), 0, 1 << 0)) == "claim not provable: stone 1"
    assert game.check(move(c("G8"), 2)) is None


def test_three_adjacent_stones_win_at_once():
    stones = {
        2: (["R1", "R2", "R3"], ["B4", "O5"]),
        3: (["Y1", "Y2", "Y3"], []),
        4: (["G7", "G8", "G9"], []),
    }
    hands = [["P1", "P2", "P3", "P4", "P5", "P6"], ["P7", "P8", "P9", "O1", "O2", "O3"]]
    game = load(position(stones, owners={3: 0, 4: 0}, hands=hands))
    pile = game.pile_size()
    # B4 O5 can make no colour run, and only a colour run beats R1 R2 R3.
    assert game.check(move(c("P1"), 0, 1 << 2)) is None
    game.apply(move(c("P1"), 0, 1 << 2))
    assert game.winner == 0
    assert game.pile_size() == pile  # the round ended before the draw


def test_five_stones_win():
    stones = {s: ([x + str(v) for v in (7, 8, 9)], []) for s, x in zip((0, 2, 4, 6), "ROYG")}
    stones[8] = (["B7", "B8", "B9"], [])
    hands = [["P1", "P2", "P3", "P4", "P5", "P6"], ["P7", "P8", "P9", "O1", "O2", "O3"]]
    game = load(position(stones, owners={0: 0, 2: 0, 4: 0, 6: 0}, hands=hands))
    game.apply(move(c("P1"), 1, 1 << 8))
    assert game.winner == 0 and game.owned[0] == 5


# Player 0's weak sides fill every stone: only values 1 to 5, never a run,
# a colour or three of a kind.
WEAK = ["R1 O1 Y3", "G1 B1 P3", "R2 O2 Y4", "G2 B2 P4", "R3 O3 Y5",
        "G3 B3 P5", "R4 O4 Y1", "G4 B4 P1", "R5 O5 Y2"]


def test_a_player_who_cannot_place_passes_without_drawing():
    stones = {s: (WEAK[s].split(), []) for s in range(9)}
    game = load(position(stones, first={s: 0 for s in range(9)}))
    assert game.claimable(0) == 0  # 7-8-9 colour runs are all unseen
    assert game.legal_moves() == [PASS]
    hand = game.hand_cards(0)
    assert game.check(move(hand[0], 0)) == "stone 1: side is full"
    pile = game.pile_size()
    game.apply(PASS)
    assert game.to_move == 1 and game.pile_size() == pile and game.hand_cards(0) == hand
    game.undo()
    assert game.to_move == 0


def _stalled(owners):
    # Player 1's strong pairs sit at stones 1..6; nothing is left to draw,
    # player 1's hand is empty and player 0's cannot be placed.
    pairs = ["G8 B8", "P8 R7", "O7 Y7", "G7 B7", "P7 R6", "O6 Y6"]
    stones = {s: (WEAK[s].split(), []) for s in range(9)}
    stones[0] = (stones[0][0], ["R8", "O8", "Y8"])
    stones[7] = (stones[7][0], ["R9", "O9", "Y9"])
    stones[8] = (stones[8][0], ["G9", "B9", "P9"])
    for s in range(1, 7):
        stones[s] = (stones[s][0], pairs[s - 1].split())
    hands = [["G6", "B6", "P6", "P2", "G5", "B5"], []]
    return load(position(stones, owners=owners, first={s: 0 for s in range(9)}, hands=hands))


def test_a_stalled_round_goes_to_the_player_with_more_stones():
    game = _stalled({0: 0, 7: 1, 8: 1})
    assert game.claimable(0) == 0 and game.claimable(1) == 0
    assert game.legal_moves() == [PASS]
    game.apply(PASS)
    assert game.winner == 1
    game.undo()
    assert game.winner == NOBODY and game.to_move == 0


def test_a_stalled_round_with_equal_stones_is_a_draw():
    game = _stalled({0: 0, 1: 0, 7: 1, 8: 1})
    game.apply(PASS)
    assert game.winner == DRAW


def test_undo_restores_every_field():
    for variant in (CLASSIC, EXPERT):
        for seed in range(60):
            game = Game(variant)
            rng = Random(seed)
            game.deal(seed, seed & 1)
            snaps = []
            while game.winner == NOBODY:
                snaps.append(snapshot(game))
                game.apply(random_move(game, rng))
            while game.history:
                game.undo()
                assert snapshot(game) == snaps.pop()


def test_random_games_are_legal_and_end():
    for variant in (CLASSIC, EXPERT):
        for game in random_states(range(40), variant):
            m = random_move(game, Random(0))
            assert game.check(m) is None
            for legal in game.legal_moves():
                assert game.check(legal) is None
            for card in game.hand[game.to_move][:game.hand_n[game.to_move]]:
                assert game.legal_moves(only=card) == [m for m in game.legal_moves() if move_card(m) == card] or [PASS]


def test_every_provable_claim_is_made_by_auto_claim():
    for game in random_states(range(40)):
        p = game.to_move
        m = random_move(game, Random(1))
        game.apply(m)
        if game.winner == NOBODY:
            assert game.claimable(p) == 0
        game.undo()


def test_same_seed_same_game():
    a, b = [], []
    random_game(99, moves=a)
    random_game(99, moves=b)
    assert a == b
    c2 = []
    random_game(100, moves=c2)
    assert a != c2


def test_auto_claim_flag_is_legal():
    game = Game()
    game.deal(5)
    m = game.legal_moves()[0] | AUTO_CLAIM
    assert game.check(m) is None
