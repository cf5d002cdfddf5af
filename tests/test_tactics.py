"""The tactics variant: every tactic card through check, apply and undo;
the limit, the piles, passing and the stall; whole random games undone move
by move; what a player may know of the hidden cards.

One file, though long: one test or more per tactic card and rule, on the
same position builders; the bots and the positions have files of their
own.
"""

import re

import pytest

from engine.cards import (
    BANSHEE,
    BLIND,
    FIRST_TACTIC,
    JOKER,
    MUD,
    NO_CARD,
    SCOUT,
    SHIELD,
    SPY,
    STRATEGIST,
    TRAITOR,
    parse_any,
)
from engine.elite import COLOUR, COLOUR_RUN, KIND, RUN, STEP
from engine.game import BEATEN, CLAIMABLE, DRAW, NOBODY, SHORT, TACTICS, UNPROVED, make_game
from engine.moves import (AUTO_CLAIM, DISCARD, DRAW_TACTIC, PASS, move_card, move_claims, move_slot, move_stone,
                          return_move, ruse_move)
from desk.playout import random_game, random_tactics_move
from engine.rng import Random
from engine.tactics import MODE_BLIND, MODE_MUD, TacticsGame


def c(name):
    return parse_any(name)


def cards(names):
    return [c(x) for x in names.split()] if names else []


def table(sides=None, hands=("", ""), clan=None, tactics="", modes=None, played=(0, 0), to_move=0, discard=""):
    """A tactics position: ``sides`` {stone: (player 0's cards, player 1's)}
    as card names, laid in that order (so who completes first follows);
    hands; the piles, top first (``clan=None``: the unseen clan cards not in
    a hand, in card order); combat modes {stone: "BB MF"}; the discard pile;
    tactic cards played."""
    g = TacticsGame()
    for s, mode in (modes or {}).items():
        for name in mode.split():
            g.mode[s] |= MODE_BLIND if name == "BB" else MODE_MUD
    for s, (a, b) in (sides or {}).items():
        for p, names in ((0, a), (1, b)):
            for x in cards(names):
                g.put(s, p, x)
    for x in cards(discard):
        g._discard(x)
        if x < JOKER:
            g.unseen[x // 9] &= ~(1 << (x % 9))
            g.unseen_n[x % 9] -= 1
        elif x <= SHIELD:
            g.out[x - JOKER] += 1
    for p in range(2):
        h = cards(hands[p])
        for i, x in enumerate(h):
            g.hand[p][i] = x
        g.hand_n[p] = len(h)
    if clan is None:
        held = cards(hands[0]) + cards(hands[1])
        pile = [x for x in range(54) if g.unseen[x // 9] >> (x % 9) & 1 and x not in held]
    else:
        pile = cards(clan)
    g.deck_pos = 54 - len(pile)
    g.deck[g.deck_pos:] = bytes(pile)
    t = cards(tactics)
    g.tpos = 10 - len(t)
    g.tdeck[g.tpos:] = bytes(t)
    g.played[0], g.played[1] = played
    g.to_move = to_move
    return g


def snapshot(g):
    """Every field of the state (a hand's order too)."""
    return (bytes(g.side), bytes(g.n), bytes(g.rank), bytes(g.first), bytes(g.owner), bytes(g.mode),
            bytes(g.owned), bytes(g.hand[0][: g.hand_n[0]]), bytes(g.hand[1][: g.hand_n[1]]),
            bytes(g.hand_n), bytes(g.deck), g.deck_pos, bytes(g.tdeck), g.tpos,
            bytes(g.discard[: g.discard_n]), bytes(g.played), bytes(g.out), bytes(g.jokers_on),
            tuple(g.unseen), bytes(g.unseen_n), g.returns, g.to_move, g.winner, tuple(g.history))


def play(g, m):
    """Check, apply and undo ``m`` (the state must come back exactly), then
    apply it for good."""
    assert g.check(m) is None, g.check(m)
    before = snapshot(g)
    g.apply(m)
    g.undo()
    assert snapshot(g) == before
    g.apply(m)


def rank(g, stone, player):
    return g.rank[stone * 2 + player]


# -- elite troops ----------------------------------------------------------

def test_elite_troops_take_their_best_colour_and_value():
    g = table({0: ("R8 R9 JK", "G6 G8 SP"), 1: ("B2 B3 SB", "O5 P5 JK")})
    assert rank(g, 0, 0) == COLOUR_RUN * STEP + 7 + 8 + 9  # Joker: red 7
    assert rank(g, 0, 1) == COLOUR_RUN * STEP + 6 + 7 + 8  # Spy: green 7
    assert rank(g, 1, 0) == COLOUR_RUN * STEP + 1 + 2 + 3  # Shield bearer: blue 1
    assert rank(g, 1, 1) == KIND * STEP + 15  # Joker: a third 5
    assert g.jokers_on[0] == 1 and g.jokers_on[1] == 1
    g = table({0: ("Y9 Y8 SB", "SP SB JK"), 1: ("R1 O2 JK", "G4 B5 SB")})
    assert rank(g, 0, 0) == COLOUR * STEP + 9 + 8 + 3  # Shield bearer: yellow 3
    assert rank(g, 0, 1) == COLOUR * STEP + 7 + 3 + 9  # a 7, a 3 and a 9 share a colour at best
    assert rank(g, 1, 0) == RUN * STEP + 1 + 2 + 3
    assert rank(g, 1, 1) == RUN * STEP + 3 + 4 + 5


def test_an_elite_troop_may_copy_a_card_in_play_elsewhere():
    g = table({0: ("R8 R9 JK", "R7 O1 O2")})
    assert rank(g, 0, 0) == COLOUR_RUN * STEP + 24  # the red 7 is on the table, the Joker plays it too
    g = table({0: ("R9 R1 JK", "")})
    assert rank(g, 0, 0) == COLOUR * STEP + 9 + 1 + 9  # even a card of its own side: a second red 9


def test_one_joker_per_side_of_the_frontier():
    g = table({0: ("JK", ""), 3: ("", "R1")}, hands=("JK R5 BA", "R2"), played=(1, 1))
    assert not any(move_card(m) == JOKER for m in g.legal_moves())
    assert g.check(JOKER | 2 << 6) == "a Joker is already on your side"
    # A Joker gone from the side (a Strategist discards it) frees the place
    # for the second one.
    g = table({0: ("JK", "")}, hands=("JK ST", "R2"), played=(1, 1))
    play(g, ruse_move(STRATEGIST, 0, 0, DISCARD))
    assert g.jokers_on[0] == 0 and g.out[0] == 1  # discarded: still out of play
    g.apply(c("R2") | 5 << 6)
    assert g.check(JOKER | 2 << 6) == "tactic card limit: the other player has played fewer"
    g.played[1] = 2
    assert g.check(JOKER | 2 << 6) is None


def test_the_other_players_joker_does_not_count():
    g = table({0: ("", "JK")}, hands=("JK R5", "R2"), played=(0, 1))
    assert g.check(JOKER | 0 << 6) is None


# -- combat modes ----------------------------------------------------------

def test_blind_mans_bluff_ranks_by_the_sum_only():
    sides = {4: ("R2 O2 Y2", "G9 B8 P1")}
    plain = table(sides, hands=("BB R5", "R6"))
    assert plain.claim_threat(4, 0) == 0  # three of a kind beats a sum
    g = table(sides, hands=("BB R5", "R6"), played=(0, 0))
    play(g, BLIND | 4 << 6)
    assert g.mode[4] == MODE_BLIND
    assert rank(g, 4, 0) == 6 and rank(g, 4, 1) == 18
    assert g.claim_threat(4, 0) == -2 and g.claim_threat(4, 1) == 0
    assert g.why_not(4, 1)[0] == CLAIMABLE
    assert g.discards() == []  # a combat mode stays on its stone
    assert g.check(BLIND | 4 << 6) is not None


def test_blind_mans_bluff_early_claim_and_why_not_category():
    g = table({4: ("R9 O9 Y9", "G9")}, hands=("R1", "R2"), modes={4: "BB"})
    # 27 against a 9 and two more cards: a Joker (9) and another 9 tie at
    # best, and the tie goes to the claimant.
    assert g.claim_threat(4, 0) == 0
    g = table({4: ("R9 O9 Y8", "G9")}, hands=("R1", "R2"), modes={4: "BB"})
    reason, extra, cat = g.why_not(4, 0)
    assert reason == UNPROVED and cat == -1
    assert 9 + sum(9 if x == JOKER else 7 if x == SPY else 3 if x == SHIELD else x % 9 + 1 for x in extra) > 26


def test_mud_fight_needs_four_cards_a_side():
    g = table({2: ("R9 R8 R7", "B1 O5 G3")}, hands=("MF R6 P1", "Y2 P2"), to_move=0)
    assert g.first[2] == 0 and g.claim_threat(2, 0) == 0
    play(g, MUD | 2 << 6)
    assert g.cap(2) == 4 and g.mode[2] == MODE_MUD
    assert g.first[2] == NOBODY  # three-card sides are incomplete now
    assert rank(g, 2, 0) == 0 and g.claim_threat(2, 0) == -1
    assert g.why_not(2, 0)[0] == SHORT
    assert g.open_stones(0) >> 2 & 1
    play(g, c("Y2") | 2 << 6)  # the opponent reaches four first...
    assert g.first[2] == 1
    play(g, c("R6") | 2 << 6 | 1 << 2 << 10)  # ...a colour run of four beats a sum, claimed at once
    assert rank(g, 2, 0) == COLOUR_RUN * STEP + 6 + 7 + 8 + 9
    assert g.owner[2] == 0


def test_under_mud_the_tie_goes_to_who_reached_four_first():
    g = table({6: ("R9 O9 Y9", "G9 B9 P9")}, hands=("R1", "P1"), modes={6: "MF"}, to_move=1)
    assert g.first[6] == NOBODY
    play(g, c("P1") | 6 << 6)  # 28 as a sum: no kind of four with a 1
    play(g, c("R1") | 6 << 6)
    assert rank(g, 6, 0) == rank(g, 6, 1)
    assert g.first[6] == 1
    assert g.claim_threat(6, 1) == 0 and g.claim_threat(6, 0) == -2
    assert g.why_not(6, 0)[0] == BEATEN


def test_both_combat_modes_may_share_a_stone_but_not_a_claimed_one():
    g = table({4: ("R9 O9", "G1")}, hands=("MF R2", "BB R3"), modes={4: "BB"}, played=(0, 0))
    play(g, MUD | 4 << 6)
    assert g.mode[4] == MODE_BLIND | MODE_MUD
    g.owner[5] = 1
    g.to_move = 1
    assert g.check(BLIND | 4 << 6) == "stone 5 already has that combat mode"
    assert g.check(BLIND | 5 << 6) == "stone 6 is claimed"
    assert g.check(BLIND | 6 << 6) is None


# -- the Scout -------------------------------------------------------------

def test_scout_draws_three_split_as_chosen_then_puts_two_back_on_their_piles():
    g = table(hands=("SC R1 R2", "O1"), clan="G1 G2 G3 G4", tactics="JK TR BA")
    moves = [m for m in g.legal_moves() if move_card(m) == SCOUT]
    assert sorted(move_stone(m) for m in moves) == [0, 1, 2, 3]
    play(g, SCOUT | 2 << 6)
    assert sorted(g.hand_cards(0)) == sorted(cards("R1 R2 JK TR G1"))
    assert g.returns == 2 and g.to_move == 0
    assert g.discards() == [SCOUT]  # ruses go to the discard pile, face up
    assert g.legal_moves() == [return_move(a, b) for a in g.hand_cards(0) for b in g.hand_cards(0) if a != b]
    assert g.check(c("R1") | 3 << 6) == "a Scout's cards must go back first"
    assert g.check(return_move(c("R1"))) == "put back 2 cards"
    assert g.check(return_move(c("R1"), c("O1"))) == "card not in hand"
    assert g.check(return_move(c("R1"), c("R1"))) == "card not in hand"
    play(g, return_move(c("TR"), c("R1")))  # the first back, then the second on top
    assert g.returns == 0 and g.to_move == 1
    assert sorted(g.hand_cards(0)) == sorted(cards("R2 JK G1"))
    assert g.deck[g.deck_pos] == c("R1") and g.deck[g.deck_pos + 1] == c("G2")
    assert g.tdeck[g.tpos] == c("TR") and g.tdeck[g.tpos + 1] == c("BA")
    assert g.pile_size() == 4 and g.tactic_pile_size() == 2
    assert g.last_played() == (SCOUT, 2, 0)


def test_scout_both_returns_on_one_pile_in_order():
    g = table(hands=("SC R1 R2", "O1"), clan="G1 G2 G3", tactics="")
    assert [move_stone(m) for m in g.legal_moves() if move_card(m) == SCOUT] == [0]
    play(g, SCOUT | 0 << 6)
    play(g, return_move(c("R1"), c("G3")))
    assert list(g.deck[g.deck_pos:]) == cards("G3 R1")


def test_scout_with_short_piles_draws_what_is_left_and_puts_back_one_fewer():
    g = table(hands=("SC R1", "O1"), clan="G1", tactics="TR")
    assert sorted(move_stone(m) for m in g.legal_moves() if move_card(m) == SCOUT) == [1]
    play(g, SCOUT | 1 << 6)
    assert g.returns == 1
    assert g.check(return_move(c("R1"), c("G1"))) == "put back 1 card"
    play(g, return_move(c("G1")))
    assert g.pile_size() == 1 and g.tactic_pile_size() == 0 and g.to_move == 1
    g = table(hands=("SC R1", "O1"), clan="G1", tactics="")
    play(g, SCOUT)
    assert g.returns == 0 and g.to_move == 1 and sorted(g.hand_cards(0)) == cards("R1 G1")


def test_scout_is_not_playable_with_both_piles_empty():
    g = table(hands=("SC R1", "O1"), clan="", tactics="")
    assert not any(move_card(m) == SCOUT for m in g.legal_moves())
    assert g.check(SCOUT) == "the piles cannot give those cards"
    g = table(hands=("SC", "O1"), clan="", tactics="")
    assert g.legal_moves() == [PASS]


def test_a_scout_turns_claims_come_before_its_draws():
    g = table({0: ("R1 R2 R3", "O1 O2 O4"), 1: ("R5 R6 R7", "")}, hands=("SC", "B1"), clan="G1 G2", tactics="TR")
    g.owner[1] = NOBODY
    play(g, SCOUT | 1 << 6 | 1 << 10)
    assert g.owner[0] == 0 and g.returns == 2


# -- Strategist, Banshee, Traitor -------------------------------------------

def test_strategist_moves_one_of_your_cards_or_discards_it():
    g = table({0: ("R9 R8 R7", "O1 O2 O3"), 1: ("G5", ""), 2: ("", "B1")}, hands=("ST", "P1"))
    g.owner[3] = 1
    first = g.first[0]
    assert first == 0
    legal = set(g.legal_moves())
    assert ruse_move(STRATEGIST, 0, 1, 1) in legal
    assert ruse_move(STRATEGIST, 0, 1, 0) not in legal  # not to the same stone
    assert ruse_move(STRATEGIST, 0, 1, 3) not in legal  # not to a claimed stone
    assert ruse_move(STRATEGIST, 2, 0, 1) not in legal  # only your own cards
    assert g.check(ruse_move(STRATEGIST, 0, 1, 0)) == "no such target for that card: the Strategist moves a card to another stone"
    assert g.check(ruse_move(STRATEGIST, 0, 1, 3)) == "no such target for that card: stone 4 is claimed"
    assert g.check(ruse_move(STRATEGIST, 2, 0, 1)) == "no such target for that card: no card at slot 1 there"
    play(g, ruse_move(STRATEGIST, 0, 1, 1))
    assert g.cards_at(0, 0) == cards("R9 R7") and g.cards_at(1, 0) == cards("G5 R8")
    assert g.first[0] == 1  # the full side that was first is incomplete now
    assert rank(g, 0, 0) == 0
    assert g.discards() == [STRATEGIST]
    g = table({5: ("R9", "")}, hands=("ST", "P1"))
    play(g, ruse_move(STRATEGIST, 5, 0, DISCARD))
    assert g.cards_at(5, 0) == [] and g.discards() == [c("R9"), STRATEGIST]
    assert not g.unseen[0] >> 8 & 1  # a discarded card stays seen


def test_strategist_needs_a_card_of_yours_on_an_unclaimed_stone():
    g = table({5: ("R9", "O1")}, hands=("ST R1", "P1"))
    g.owner[5] = 0
    assert not any(move_card(m) == STRATEGIST for m in g.legal_moves())


def test_banshee_discards_any_opponent_card_elite_troops_too():
    g = table({4: ("R1 R2", "O9 JK O7")}, hands=("BA", "JK P1"), played=(0, 1))
    assert g.first[4] == 1 and g.jokers_on[1] == 1
    play(g, ruse_move(BANSHEE, 4, 1))
    assert g.cards_at(4, 1) == cards("O9 O7")
    assert g.first[4] == NOBODY and g.jokers_on[1] == 0 and g.out[0] == 1
    assert g.discards() == cards("JK BA")
    # the other player may now lay their second Joker
    assert g.check(JOKER | 4 << 6) is None


def test_banshee_needs_an_opponent_card_on_an_unclaimed_stone():
    g = table({4: ("R1", "O9")}, hands=("BA R5", "P1"))
    g.owner[4] = 1
    assert not any(move_card(m) == BANSHEE for m in g.legal_moves())
    assert g.check(ruse_move(BANSHEE, 4, 0)) == "no such target for that card: stone 5 is claimed"


def test_traitor_takes_a_clan_card_to_your_side_same_stone_allowed():
    g = table({4: ("R8 R9", "R7 SP")}, hands=("TR", "P1"))
    legal = set(m for m in g.legal_moves() if move_card(m) == TRAITOR)
    assert ruse_move(TRAITOR, 4, 0, 4) in legal  # the same stone
    assert not any(move_slot(m) == 1 for m in legal)  # the Spy is an elite troop
    assert len(legal) == 9
    play(g, ruse_move(TRAITOR, 4, 0, 4))
    assert g.cards_at(4, 0) == cards("R8 R9 R7") and g.cards_at(4, 1) == cards("SP")
    assert rank(g, 4, 0) == COLOUR_RUN * STEP + 24 and g.first[4] == 0
    assert g.discards() == [TRAITOR]


def test_traitor_without_a_free_place_cannot_be_played():
    full = {s: ("R%d O%d Y%d" % (s + 1, s + 1, s + 1), "") for s in range(8)}
    full[8] = ("G1 G2 G3", "B5")
    g = table(full, hands=("TR", "P1"))
    assert g.legal_moves() == [PASS]
    assert g.check(ruse_move(TRAITOR, 8, 0, 8)) == "no such target for that card: stone 9: side is full"
    assert g.check(PASS) is None


def test_traitor_only_takes_clan_cards():
    g = table({4: ("R1", "JK SP SB")}, hands=("TR R5", "P1"))
    assert not any(move_card(m) == TRAITOR for m in g.legal_moves())
    assert g.check(ruse_move(TRAITOR, 4, 1, 4)) == "no such target for that card: the Traitor takes clan cards only"


# -- the limit, the piles, passing, the stall --------------------------------

def test_tactic_card_limit():
    g = table(hands=("JK R1", "SP R2"), played=(1, 0))
    assert g.legal_moves() == [c("R1") | s << 6 for s in range(9)]
    assert g.check(JOKER | 4 << 6) == "tactic card limit: the other player has played fewer"
    assert not g.may_play_tactic(0) and g.may_play_tactic(1)
    g.played[1] = 1
    assert g.check(JOKER | 4 << 6) is None
    play(g, JOKER | 4 << 6)
    assert list(g.played) == [2, 1]


def test_draw_from_the_pile_of_your_choice_else_the_other():
    g = table(hands=("R1 R2", "O1"), clan="G1 G2", tactics="JK")
    play(g, c("R1") | DRAW_TACTIC)
    assert JOKER in g.hand_cards(0)
    play(g, c("O1") | 1 << 6 | DRAW_TACTIC)  # the tactic pile is empty: the clan pile
    assert g.hand_cards(1) == cards("G1")
    g = table(hands=("R1 R2", "O1"), clan="", tactics="SP")
    play(g, c("R1"))  # the clan pile is empty: the tactic pile
    assert SPY in g.hand_cards(0)
    play(g, c("O1") | 1 << 6)
    assert g.hand_cards(1) == []


def test_a_player_with_nothing_playable_passes_and_draws_nothing():
    g = table(hands=("BA ST", "O1 R2"), clan="G1", tactics="SC")
    assert g.legal_moves() == [PASS]
    assert not g.can_play(0)
    play(g, PASS | DRAW_TACTIC)
    assert g.hand_cards(0) == cards("BA ST") and g.pile_size() == 1 and g.tactic_pile_size() == 1
    assert g.to_move == 1 and g.winner == NOBODY
    assert g.check(PASS) == "cannot pass: a card can be played"
    assert g.check(PASS | 1 << 6) == "malformed move"


def test_a_pass_may_claim():
    g = table({0: ("R1 R2 R3", "O1 O2 O4")}, hands=("SP", "O5"), played=(1, 0))
    play(g, PASS | 1 << 10)
    assert g.owner[0] == 0


def test_the_round_stalls_when_nobody_can_play_or_claim():
    g = table({0: ("R1 R2 R3", "O1 O2 O4"), 1: ("B1 B2", "")}, hands=("R9", "SC"), clan="", tactics="")
    g.owner[0] = 1
    g.owned[1] = 1
    play(g, c("R9") | 1 << 6)
    assert g.winner == 1  # one stone to none
    g = table({0: ("R1 R2 R3", "")}, hands=("R9", "BB"), clan="", tactics="", played=(0, 1))
    g.owner[0] = 0
    g.owned[0] = 1
    g.owner[1] = 1
    g.owned[1] = 1
    for s in range(2, 9):
        g.mode[s] = MODE_BLIND
    play(g, c("R9") | 2 << 6)
    assert g.winner == DRAW  # the other's Blind man's bluff has no stone left, one stone each


# -- whole random games --------------------------------------------------------

def positions(seeds):
    """Every position of random games dealt from ``seeds`` (the game, live:
    callers must leave it as they found it), with the move played next."""
    for seed in seeds:
        g = make_game(TACTICS)
        rng = Random(seed)
        g.deal(seed, seed & 1)
        while g.winner == NOBODY:
            m = random_tactics_move(g, rng)
            yield g, m
            g.apply(m)


def test_random_games_end_and_use_every_card():
    seen = set()
    ends = set()
    for seed in range(60):
        moves = []
        g = random_game(seed, TACTICS, moves=moves)
        assert g.winner in (0, 1, DRAW)
        assert len(g.history) == 3 * len(moves)
        assert g.move_count() == len(moves)
        seen.update(move_card(m) for m in moves)
        ends.add(g.winner)
        # every card is somewhere, once
        where = g.hand_cards(0) + g.hand_cards(1) + list(g.deck[g.deck_pos:]) + list(g.tdeck[g.tpos:]) + g.discards()
        for s in range(9):
            where += g.cards_at(s, 0) + g.cards_at(s, 1)
            where += [BLIND] * (g.mode[s] & MODE_BLIND) + [MUD] * (g.mode[s] >> 1)
        assert sorted(where) == list(range(54)) + [JOKER] + list(range(JOKER, JOKER + 9))
        assert g.played[0] + g.played[1] == sum(1 for x in where if x >= JOKER) - g.tactic_pile_size() - sum(
            1 for x in g.hand_cards(0) + g.hand_cards(1) if x >= JOKER)
    assert set(range(JOKER, JOKER + 9)) | {PASS} <= seen
    assert {0, 1} <= ends


def test_apply_then_undo_restores_every_field():
    n = 0
    for g, m in positions(range(30)):
        before = snapshot(g)
        for legal in g.legal_moves()[:40]:
            for extra in (AUTO_CLAIM, DRAW_TACTIC | AUTO_CLAIM):
                g.apply(legal | extra)
                g.undo()
                n += 1
                assert snapshot(g) == before, (legal, extra)
    assert n > 20000


def test_tentative_plays_and_claimable_after_leave_the_state_as_it_was():
    n = 0
    for g, _ in positions(range(12)):
        if g.returns:
            with pytest.raises(ValueError):
                g.play_tentatively(g.legal_moves()[0])
            continue
        before = snapshot(g)
        for m in g.legal_moves()[:25]:
            ok = g.claimable_after(m)
            assert snapshot(g) == before
            if m == PASS:
                continue
            token = g.play_tentatively(m)
            assert g.claimable(g.to_move) == ok
            g.unplay(m, token)
            assert snapshot(g) == before
            n += 1
    assert n > 2000


def test_a_whole_game_undoes_back_to_the_deal():
    for seed in range(10):
        g = make_game(TACTICS)
        g.deal(seed, 1)
        dealt = snapshot(g)
        random_game(seed, TACTICS, game=g)
        states = []
        while g.history:
            states.append(snapshot(g))
            g.undo()
        g.deal(seed, 1)
        assert snapshot(g) == dealt
        rng = Random(seed)
        g.deal(seed, rng.below(2))
        replay = []
        while g.winner == NOBODY:
            g.apply(random_tactics_move(g, rng))
            replay.append(snapshot(g))
        assert replay[::-1] == states


def candidates(g, rng):
    """Moves to try on ``check``: every legal one, and a broad set of near
    misses and noise."""
    p = g.to_move
    hand = g.hand_cards(p)
    legal = g.legal_moves()
    out = list(legal)
    for _ in range(60):
        card = hand[rng.below(len(hand))] if hand and rng.below(4) else rng.below(64)
        stone = rng.below(16) if rng.below(4) == 0 else rng.below(9)
        slot = rng.below(4)
        dest = rng.below(16) if rng.below(4) == 0 else rng.below(10)
        out.append(card | stone << 6 | slot << 21 | dest << 23)
        out.append(card | stone << 6)
        if g.returns:
            out.append(return_move(card, hand[rng.below(len(hand))]))
            out.append(return_move(card))
    for m in legal[:8]:
        bit = rng.below(16)
        out.append(m ^ 1 << (bit if bit < 10 else bit + 11))  # one bit off (claims and draw aside)
    return out


def test_check_accepts_exactly_the_legal_moves_and_says_why_not():
    rng = Random(99)
    refused = set()
    for g, _ in positions(range(40)):
        legal = set(g.legal_moves())
        for m in candidates(g, rng):
            for extra in (0, DRAW_TACTIC):
                why = g.check(m | extra)
                assert (why is None) == (m in legal), (m, why)
                if why is not None:
                    assert why and "\n" not in why
                    refused.add(re.sub(r"\d+", "N", why))
    # a broad set of reasons, not one catch-all
    assert {"card not in hand", "malformed move", "no stone N", "stone N is claimed", "stone N: side is full",
            "a Joker is already on your side", "tactic card limit: the other player has played fewer",
            "the piles cannot give those cards", "a Scout's cards must go back first", "put back N cards",
            "no such target for that card: no card at slot N there",
            "no such target for that card: the Traitor takes clan cards only"} <= refused, refused


def test_legal_count_and_legal_move_at_walk_legal_moves_without_the_list():
    n = 0
    for g, _ in positions(range(40)):
        for p in range(2):
            legal = g.legal_moves(p)
            assert g.legal_count(p) == len(legal)
            assert [g.legal_move_at(k, p) for k in range(len(legal))] == legal
            n += len(legal)
        with pytest.raises(IndexError):
            g.legal_move_at(len(g.legal_moves()))
    assert n > 50000


def test_check_refuses_claims_it_cannot_prove_and_bad_bits():
    for g, m in positions(range(15)):
        if g.returns:
            continue
        ok = g.claimable_after(m & ~AUTO_CLAIM)
        play = m & ~AUTO_CLAIM
        assert g.check(play | ok << 10) is None
        for s in range(9):
            if not ok >> s & 1:
                assert g.check(play | 1 << s << 10) == "claim not provable: stone %d" % (s + 1)
        assert g.check(play | 1 << 10 | AUTO_CLAIM) == "malformed move"
        assert g.check(play | 1 << 27) == "malformed move"
        assert g.check(-1) == "malformed move"


def test_spell_claims_and_claimable_after_agree_with_apply():
    for g, m in positions(range(20)):
        spelled = g.spell_claims(m)
        assert not spelled & AUTO_CLAIM
        g.apply(m)
        claimed = move_claims(g.last_move())
        g.undo()
        assert move_claims(spelled) & claimed == claimed  # all claimed were spelled; a win stops early


# -- what a player may know -----------------------------------------------------

def public(g, p):
    """What ``p`` knows: the table, their hand, the piles' sizes, the other
    hand's size and its count of tactic cards."""
    return (bytes(g.side), bytes(g.n), bytes(g.rank), bytes(g.first), bytes(g.owner), bytes(g.mode),
            sorted(g.hand_cards(p)), g.hand_n[1 - p], g.pile_size(), g.tactic_pile_size(), g.discards(),
            bytes(g.played), bytes(g.out), bytes(g.jokers_on), tuple(g.unseen), bytes(g.unseen_n),
            g.returns, g.to_move, g.hidden_tactics(p))


def test_hide_forgets_the_other_hand_and_the_piles():
    for g, _ in positions(range(5)):
        p = g.to_move
        h = make_game(TACTICS)
        h.copy_from(g)
        h.hide(p)
        assert public(h, p) == public(g, p)
        assert set(h.hand[1 - p]) == {NO_CARD} and set(h.deck) == {NO_CARD} and set(h.tdeck) == {NO_CARD}


def test_determinize_keeps_what_the_player_knows_and_leaks_nothing():
    worlds = 0
    for g, _ in positions(range(25)):
        p = g.to_move
        q = 1 - p
        h = make_game(TACTICS)
        h.copy_from(g)
        h.hide(p)
        h.determinize(p, Random(worlds))
        assert public(h, p) == public(g, p)
        # A world where every card is somewhere, once.
        hidden = h.hand_cards(q) + list(h.deck[h.deck_pos:]) + list(h.tdeck[h.tpos:])
        real = g.hand_cards(q) + list(g.deck[g.deck_pos:]) + list(g.tdeck[g.tpos:])
        assert sorted(hidden) == sorted(real)
        assert sum(1 for x in h.hand_cards(q) if x >= JOKER) == sum(1 for x in g.hand_cards(q) if x >= JOKER)
        # The same world from the hidden state as from the full one: no leak.
        k = make_game(TACTICS)
        k.copy_from(g)
        k.determinize(p, Random(worlds))
        assert snapshot(k) == snapshot(h)
        worlds += 1
        if worlds % 7 == 0:
            # it plays on like a real one
            h.apply(h.legal_moves()[0] | AUTO_CLAIM)
            h.undo()
    assert worlds > 500


def test_hidden_tactics_counts_the_other_hands_tactic_cards():
    for g, _ in positions(range(10)):
        for p in range(2):
            assert g.hidden_tactics(p) == sum(1 for x in g.hand_cards(1 - p) if x >= JOKER)


def test_determinize_never_deals_a_played_scout():
    g = table(hands=("SC R1 R2", "O1 BA"), clan="G1 G2 G3 G4", tactics="JK TR JK SP SB BB MF ST")
    g.apply(SCOUT | 1 << 6)
    g.apply(return_move(c("JK"), c("R1")))
    h = make_game(TACTICS)
    for seed in range(20):
        h.copy_from(g)
        h.hide(0)
        h.determinize(0, Random(seed))
        assert SCOUT not in h.hand_cards(1) + list(h.tdeck[h.tpos:])


def test_each_way_to_put_a_scouts_cards_back_is_listed_once():
    # Two Jokers in hand are one choice, not two.
    from itertools import permutations

    from engine.cards import JOKER

    g = TacticsGame()
    g.deal(1, 0)
    hand = g.hand[0]
    hand[0] = hand[1] = JOKER
    g.hand_n[0] = 5
    for owed in (1, 2):
        g.returns = owed
        moves = g.legal_moves()
        assert len(moves) == len(set(moves)) == g.legal_count()
        assert [g.legal_move_at(k) for k in range(g.legal_count())] == moves
        want = {return_move(*(hand[i] for i in pick)) for pick in permutations(range(5), owed)}
        assert set(moves) == want
        assert all(g.check(m) is None for m in moves)


def test_a_hidden_hand_lists_nothing_but_may_play():
    # A bot's copy hides the other hand: it cannot list those moves, and it
    # must not call the round stalled for them.
    g = TacticsGame()
    g.deal(2, 0)
    g.hide(0)
    assert g.legal_moves(1) == [PASS]
    assert g.can_play(1)


def test_the_plays_of_one_card_are_its_share_of_legal_moves_and_playable_says_whether_it_has_any():
    from sim.autoplay import AutoPlayer

    n = 0
    for g, _ in positions(range(30)):
        if g.returns:
            continue
        p = g.to_move
        legal = g.legal_moves()
        stones = g.open_stones(p)
        for card in set(g.hand[p][:g.hand_n[p]]):
            mine = [m for m in legal if move_card(m) == card and m != PASS]
            assert [m for m in g.legal_moves(only=card) if m != PASS] == mine
            if card >= FIRST_TACTIC and g.may_play_tactic(p):
                assert g.playable(p, card, stones) == bool(mine)
            n += len(mine)
        # the sim's player at the buttons, which lists a card at a time,
        # draws the move a whole list would give
        a, b = AutoPlayer("random", 5), AutoPlayer("random", 5)
        assert a._any_tactics_play(g) == legal[b.rng.below(len(legal))]
    assert n > 20000
