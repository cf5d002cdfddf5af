"""The tactics extension of the position format and of the bot protocol.

One file, though long: the tactics position format's every field and
refusal, and the protocol's tactics turns, on the same builders.
"""

import copy
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, broken, data_path, json_values, mangled, refusal, set_at
from engine import tactics
from desk.brute import elite_rank, tactics_best
from engine.bots import Bot
from engine.cards import SCOUT, card_name
from engine.classic import Game
from engine.game import NOBODY, TACTICS, make_game
from engine.moves import AUTO_CLAIM, DRAW_TACTIC, PASS, move_card, return_move
from desk.playout import random_positions, random_tactics_move
from desk.position import claimable_list, dump, load
from desk.protocol import answer_to_move, move_answer, serve_request
from engine.rng import Random
from tactics_examples import EXAMPLES, tposition


def tactics_states(seeds):
    """Every position of random tactics games dealt from ``seeds``, the
    last (over) included."""
    for seed in seeds:
        game = make_game(TACTICS)
        yield from random_positions(game, seed)
        yield game


def tsnapshot(game):
    return (
        bytes(game.side), bytes(game.n), bytes(game.rank), bytes(game.first), bytes(game.owner),
        bytes(game.owned), bytes(game.mode), tuple(sorted(game.hand_cards(0))),
        tuple(sorted(game.hand_cards(1))), bytes(game.deck[game.deck_pos:]),
        bytes(game.tdeck[game.tpos:]), game.discards(), bytes(game.played), bytes(game.out),
        bytes(game.jokers_on), tuple(game.unseen), bytes(game.unseen_n), game.returns, game.to_move,
        game.winner,
    )


# -- round trips -------------------------------------------------------------

def test_round_trip_at_every_move_of_random_games_for_every_viewer():
    count = returns = 0
    for game in tactics_states(range(80)):
        for viewer in (None, 0, 1):
            pos = dump(game, viewer)
            again = load(json.loads(json.dumps(pos)))
            assert dump(again, viewer) == pos
            assert again.claimable(again.to_move) == game.claimable(game.to_move)
            if viewer is None:
                assert tsnapshot(again) == tsnapshot(game)
            count += 1
        returns += game.returns > 0
    assert count > 5000 and returns > 20


def test_a_player_sees_their_hand_and_the_sizes_of_the_rest():
    for game in tactics_states(range(100)):
        if game.returns:
            break
    me = game.to_move
    pos = dump(game, viewer=me)
    assert pos["hands"][me] == [card_name(c) for c in game.hand_cards(me)]
    assert pos["hands"][1 - me] == game.hand_n[1 - me]
    assert pos["deck"] == game.pile_size() and pos["tactics"] == game.tactic_pile_size()
    assert pos["returns"] == game.returns > 0 and pos["discard"][-1] == "SC"
    seen = load(pos)
    assert seen.hidden_tactics(me) == game.hidden_tactics(me)


def test_a_stalled_round_loads_as_over_when_both_hands_show():
    from engine.game import DRAW

    stalls = 0
    for game in tactics_states(range(400)):
        if game.winner == DRAW or (game.winner != NOBODY and not game.wins_with(game.winner, 0)):
            stalls += 1
            assert load(dump(game)).winner == game.winner
            # A hidden hand might hold a playable card (an empty one cannot).
            assert load(dump(game, 0)).winner == (game.winner if not game.hand_n[1] else NOBODY)
    assert stalls >= 3


def test_a_played_scout_lies_on_the_discard_and_undo_takes_it_back():
    for game in tactics_states(range(100)):
        if game.returns:
            break
    assert game.discards()[-1] == SCOUT
    n = game.discard_n
    game.undo()
    assert game.discard_n == n - 1 and SCOUT in game.hand_cards(game.to_move)


def test_claims_answer_game_claimable_but_nothing_while_a_scout_owes_cards():
    for game in tactics_states(range(60, 80)):
        got = claimable_list(load(dump(game, game.to_move)))
        if game.winner != NOBODY or game.returns:
            assert got == []
        else:
            mask = game.claimable(game.to_move)
            assert got == [s for s in range(9) if mask >> s & 1]


# -- refusals ----------------------------------------------------------------

GOOD = tposition(
    {0: (["R7", "JK"], ["B3"], ["BB"]), 2: (["O1", "O2", "O3"], ["SB", "G5"]),
     4: (["Y8", "B8", "G8", "P8"], ["R9", "SP"], ["MF"])},
    discard=["R3", "BA"],
    hands=[["G1", "G2", "G3", "G4", "G6", "G7", "SC"], ["P1", "P2", "P3", "P4", "P5", "P6", "P7"]])


def test_the_good_position_loads_as_written():
    game = load(copy.deepcopy(GOOD))
    assert dump(game) == GOOD
    assert game.mode[0] == tactics.MODE_BLIND and game.mode[4] == tactics.MODE_MUD
    assert game.cap(4) == 4 and game.first[4] == 0 and game.first[2] == 0
    assert list(game.out) == [1, 1, 1] and list(game.jokers_on) == [1, 0]
    assert list(game.played) == [3, 3] and GOOD["played"] == [3, 3]
    assert not game.unseen[0] >> 2 & 1  # the discarded red 3 is seen
    assert game.tactic_pile_size() == 3 and game.pile_size() == 54 - 11 - 1 - 13


def _move(card, to, frm):
    # Move ``card`` (a name) from one list of ``pos`` to another (paths).
    def change(pos):
        def at(path):
            target = pos
            for key in path:
                target = target[key]
            return target
        at(frm).remove(card)
        at(to).append(card)
    return change


def _both(*changes):
    def change(pos):
        for c in changes:
            c(pos)
    return change


def _classic(pos):
    pos.clear()
    pos.update({"variant": "classic", "to_move": 0,
                "stones": [{"sides": [[], []], "first": None, "owner": None} for _ in range(9)],
                "hands": [[], []], "deck": [c + str(v) for c in "ROYGBP" for v in range(1, 10)]})


def _scout_turn(pos):
    # Player 0 has just played the Scout and drawn three: two go back.
    pos["hands"][0].remove("SC")
    pos["discard"].append("SC")
    pos["played"] = [4, 3]
    pos["hands"][0] += [pos["deck"].pop(0), pos["deck"].pop(0), pos["tactics"].pop(0)]
    pos["returns"] = 2


SCOUT_TURN = broken(GOOD, _scout_turn)

BAD = [
    ("tactics missing", lambda pos: pos.pop("tactics"), "missing 'tactics'"),
    ("played missing", lambda pos: pos.pop("played"), "missing 'played'"),
    ("classic with tactics", _both(_classic, set_at(["tactics"], 10)), "tactics variant"),
    ("classic with played", _both(_classic, set_at(["played"], [0, 0])), "tactics variant"),
    ("classic with discard", _both(_classic, set_at(["discard"], [])), "tactics variant"),
    ("classic with returns", _both(_classic, set_at(["returns"], 0)), "tactics variant"),
    ("classic with modes", _both(_classic, set_at(["stones", 3, "modes"], [])), "tactics variant"),
    ("classic with a Joker", _both(_classic, set_at(["hands", 0], ["JK"])), "bad card"),
    ("modes not a list", set_at(["stones", 0, "modes"], "BB"), "modes must be a list"),
    ("an unknown mode", set_at(["stones", 0, "modes"], ["XX"]), "bad combat mode"),
    ("a ruse as a mode", set_at(["stones", 0, "modes"], ["SC"]), "bad combat mode"),
    ("a mode twice on a stone", set_at(["stones", 0, "modes"], ["BB", "BB"]), "twice"),
    ("a mode on two stones", set_at(["stones", 5, "modes"], ["BB"]), "twice"),
    ("a combat mode on a side", _move("BB", ["stones", 0, "sides", 1], ["stones", 0, "modes"]), "cannot stand"),
    ("a ruse on a side", _move("SC", ["stones", 6, "sides", 0], ["hands", 0]), "cannot stand"),
    ("a bad tactic code", set_at(["hands", 0, 6], "XX"), "bad card"),
    ("four cards without Mud", _move("G1", ["stones", 2, "sides", 0], ["hands", 0]), "more than 3"),
    ("five cards under Mud", _move("G1", ["stones", 4, "sides", 0], ["hands", 0]), "more than 4"),
    ("two Jokers on a side", _move("JK", ["stones", 6, "sides", 0], ["tactics"]), "two Jokers"),
    ("a third Joker", set_at(["hands", 0, 6], "JK"), "three times"),
    ("a card twice", set_at(["discard", 0], "R7"), "twice"),
    ("first without four under Mud", _move("Y8", ["hands", 1], ["stones", 4, "sides", 0]), "first"),
    ("first names three under Mud", _both(_move("Y8", ["hands", 1], ["stones", 4, "sides", 0]),
                                           _move("G1", ["stones", 4, "sides", 1], ["hands", 0])), "without 4"),
    ("first missing under Mud", set_at(["stones", 4, "first"], None), "first must name"),
    ("owner with three under Mud", _both(_move("G1", ["stones", 4, "sides", 1], ["hands", 0]),
                                         set_at(["stones", 4, "owner"], 1)), "owner has fewer than 4"),
    ("a combat mode discarded", _move("BB", ["discard"], ["stones", 0, "modes"]), "never leave"),
    ("discard not a list", set_at(["discard"], "R3"), "discard must be a list"),
    ("a hand of eight", lambda pos: pos["hands"][0].append(pos["deck"].pop()), "more than 7"),
    ("a clan card in the tactic pile", _move("P1", ["tactics"], ["hands", 1]), "tactic cards only"),
    ("a tactic card in the clan pile", _move("SC", ["deck"], ["hands", 0]), "clan cards only"),
    ("a tactic pile of eleven", set_at(["tactics"], 11), "more than 10"),
    ("a negative tactic pile", set_at(["tactics"], -1), "negative"),
    ("a tactic card missing", lambda pos: pos["tactics"].pop(), "not 64"),
    ("a clan card missing", lambda pos: pos["deck"].pop(), "not 64"),
    ("a hidden pile too big for the cards left", _both(lambda pos: pos["deck"].pop(),
                                                       set_at(["tactics"], 4)), "tactic cards are not named"),
    ("a hidden deck too big for the clan cards left", _both(lambda pos: pos["tactics"].pop(),
                                                            lambda pos: pos.update(deck=len(pos["deck"]) + 1)),
     "clan cards are not named"),
    ("played not a pair", set_at(["played"], [6]), "played must be"),
    ("played a float", set_at(["played"], [3.0, 3]), "played[0]"),
    ("played a bool", set_at(["played"], [True, 5]), "played[0]"),
    ("played not adding up", set_at(["played"], [3, 4]), "adds up"),
    ("played two ahead", set_at(["played"], [4, 2]), "ahead"),
    ("returns 3", set_at(["returns"], 3), "returns"),
    ("returns a string", set_at(["returns"], "2"), "returns"),
    ("returns without a Scout", set_at(["returns"], 1), "Scout"),
]

SCOUT_BAD = [
    ("one card owed with cards in the piles", _both(
        lambda pos: pos["deck"].append(pos["hands"][0].pop(0)), set_at(["returns"], 1)), "piles are not empty"),
    ("a Scout's hand of ten", _move("P1", ["hands", 0], ["hands", 1]), "more than 9"),
    ("the other hand of eight", _move("G1", ["hands", 1], ["hands", 0]), "more than 7"),
    ("the Scout not on top", lambda pos: pos["discard"].insert(0, pos["discard"].pop()), "Scout"),
    ("returns in a won round", _both(
        _move("O4", ["stones", 3, "sides", 0], ["deck"]), _move("O5", ["stones", 3, "sides", 0], ["deck"]),
        _move("O6", ["stones", 3, "sides", 0], ["deck"]), set_at(["stones", 3, "first"], 0),
        set_at(["stones", 2, "owner"], 0), set_at(["stones", 3, "owner"], 0), set_at(["stones", 4, "owner"], 0)),
     "round is over"),
]


@pytest.mark.parametrize("name,change,words", BAD, ids=[b[0] for b in BAD])
def test_bad_tactics_positions_are_refused_with_a_reason(name, change, words):
    assert words in refusal(broken(GOOD, change))


def test_a_scout_turn_loads_with_nine_cards_in_hand():
    game = load(copy.deepcopy(SCOUT_TURN))
    assert game.returns == 2 and game.hand_n[0] == 9
    assert game.check(return_move(game.hand[0][0], game.hand[0][1])) is None
    assert claimable_list(game) == []


def test_played_counts_at_least_the_elite_troops_on_a_side():
    # Three tactic cards out, all player 0's elite troops: 2 and 1 would do
    # for the sum and the limit, but player 0 played all three.
    pos = tposition({0: (["JK", "SP", "SB"], [])}, played=[1, 2])
    with pytest.raises(ValueError) as err:
        load(pos)
    assert "elite troops" in str(err.value)
    pos["played"] = [2, 1]
    with pytest.raises(ValueError):
        load(pos)
    pos = tposition({0: (["JK", "SP"], ["SB"])}, played=[2, 1])
    assert list(load(pos).played) == [2, 1]


def test_cards_owed_by_a_player_who_played_no_scout_are_refused():
    # Player 0 scouts with the first tactic card of the round; a position
    # where player 1 owes the cards instead is refused.
    game = make_game(TACTICS)
    game.deal(3, 0)
    pos = dump(game)
    pos["tactics"].remove("SC")
    pos["deck"].append(pos["hands"][0].pop())
    pos["hands"][0].append("SC")
    scout = load(pos)
    scout.apply(SCOUT | 2 << 6)
    pos = dump(scout)
    assert pos["returns"] == 2 and pos["played"] == [1, 0]
    load(copy.deepcopy(pos))  # as it is, fine
    pos["deck"] += pos["hands"][0][:2]
    del pos["hands"][0][:2]
    pos["hands"][0], pos["hands"][1] = pos["hands"][1], pos["hands"][0]
    pos["to_move"] = 1
    with pytest.raises(ValueError, match="played no Scout"):
        load(pos)


@pytest.mark.parametrize("name,change,words", SCOUT_BAD, ids=[b[0] for b in SCOUT_BAD])
def test_bad_scout_turns_are_refused(name, change, words):
    assert words in refusal(broken(SCOUT_TURN, change))


JSON_VALUES = json_values(["R7", "B3", "JK", "SP", "SB", "BB", "MF", "SC", "ST", "BA", "TR", "tactics", "classic",
                           "Z1", ""],
                          ["variant", "to_move", "stones", "hands", "deck", "sides", "first", "owner", "modes",
                           "tactics", "played", "discard", "returns"], 70)


@settings(max_examples=1000, deadline=None)
@given(st.data())
def test_any_mangled_tactics_position_is_refused_cleanly_or_read(data):
    pos = mangled(data, data.draw(st.sampled_from([GOOD, SCOUT_TURN])), JSON_VALUES)
    try:
        game = load(pos)
    except ValueError as e:
        assert str(e) and "\n" not in str(e)
    else:
        claimable_list(game)
        assert load(dump(game)) is not None


# -- worked examples, proved again by brute force -----------------------------

def tactics_examples():
    with open(data_path("tactics-examples.jsonl")) as f:
        return [json.loads(line) for line in f if line.strip()]


def brute_claimable(game):
    # The stones the player to move may claim, by enumeration (desk.brute).
    p = game.to_move
    if game.winner != NOBODY or game.returns:
        return []
    out = []
    for s in range(9):
        cap = game.cap(s)
        mine = game.cards_at(s, p)
        theirs = game.cards_at(s, 1 - p)
        if game.owner[s] != NOBODY or len(mine) < cap:
            continue
        blind = game.mode[s] & tactics.MODE_BLIND
        rank = elite_rank(mine, blind)
        if len(theirs) == cap:
            other = elite_rank(theirs, blind)
            ok = rank > other or (rank == other and game.first[s] == p)
        else:
            ok = tactics_best(game, s, 1 - p)[0] <= rank
        if ok:
            out.append(s)
    return out


def test_the_examples_are_those_the_generator_writes():
    rows = tactics_examples()
    assert [(r["position"], r["note"]) for r in rows] == [(json.loads(json.dumps(p)), n) for p, n in EXAMPLES]


@pytest.mark.parametrize("row", tactics_examples(), ids=lambda r: r["note"][:40])
def test_each_tactics_example_holds_by_brute_force(row):
    game = load(row["position"])
    assert brute_claimable(game) == row["claimable"]
    assert claimable_list(game) == row["claimable"]


def test_the_examples_cover_what_they_promise():
    rows = tactics_examples()
    notes = " ".join(r["note"] for r in rows)
    for words in ("Joker", "Spy", "Shield", "second-Joker", "Blind man's bluff", "Mud fight", "discarded", "Scout"):
        assert words in notes
    assert any(r["claimable"] for r in rows) and any(not r["claimable"] for r in rows)


def test_the_claims_command_answers_the_tactics_examples():
    rows = tactics_examples()
    feed = "".join(json.dumps(r["position"]) + "\n" for r in rows)
    out = subprocess.run([sys.executable, "-m", "engine", "claims"], input=feed, capture_output=True,
                         text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert [json.loads(x) for x in out.stdout.splitlines()] == [{"claimable": r["claimable"]} for r in rows]


# -- the bot protocol --------------------------------------------------------

def _plain(game, m):
    # Move ``m`` as its answer spells it: claims explicit, and no draw flag
    # for a pass, a Scout or a return (they draw nothing, or their own way).
    if game.returns:
        return m & ~(AUTO_CLAIM | DRAW_TACTIC)
    m = game.spell_claims(m)
    if move_card(m) in (PASS, SCOUT):
        m &= ~DRAW_TACTIC
    return m


def test_every_answer_form_round_trips_over_random_games():
    forms = set()
    for seed in range(80):
        game = make_game(TACTICS)
        rng = Random(seed)
        game.deal(seed, seed & 1)
        while game.winner == NOBODY:
            m = random_tactics_move(game, rng)
            answer = json.loads(json.dumps(move_answer(game, m)))
            back = answer_to_move(answer, game)
            assert back == _plain(game, m)
            assert game.check(back) is None
            assert move_answer(game, back) == answer
            forms.add(answer.get("card", "return" if "return" in answer else "pass"))
            if answer.get("to") == "discard":
                forms.add("to discard")
            if answer.get("draw") == "tactic":
                forms.add("draw tactic")
            game.apply(back)
    assert {"JK", "SP", "SB", "BB", "MF", "SC", "ST", "BA", "TR", "return", "pass", "to discard",
            "draw tactic"} <= forms


MALFORMED = [
    ({"card": "SC", "stone": 1}, "SC takes no 'stone'"),
    ({"card": "SC"}, "SC needs 'from_tactics'"),
    ({"card": "SC", "from_tactics": 4}, "bad from_tactics"),
    ({"card": "SC", "from_tactics": 1, "draw": "tactic"}, "SC takes no 'draw'"),
    ({"card": "ST", "stone": 1, "slot": 0}, "ST needs 'to'"),
    ({"card": "ST", "stone": 1, "slot": 4, "to": 2}, "bad slot"),
    ({"card": "ST", "stone": 1, "slot": 0, "to": "bin"}, "bad to"),
    ({"card": "TR", "stone": 1, "slot": 0, "to": "discard"}, "bad to"),
    ({"card": "TR", "stone": 1, "slot": 0, "to": 9}, "bad to"),
    ({"card": "BA", "stone": 1}, "BA needs 'slot'"),
    ({"card": "BA", "stone": 1, "slot": 0, "to": 3}, "BA takes no 'to'"),
    ({"card": "JK", "stone": 1, "slot": 0}, "JK takes no 'slot'"),
    ({"card": "R7", "stone": 1, "draw": "both"}, "draw must be"),
    ({"pass": True, "draw": "tactic"}, "a pass has no"),
    ({"return": "R7"}, "return must be a list"),
    ({"return": ["R7", "R8", "R9"]}, "return must be a list"),
    ({"return": ["R7"], "claim": [1]}, "only \"return\""),
    ({"return": ["X7"]}, "bad card"),
]


@pytest.mark.parametrize("answer,words", MALFORMED)
def test_malformed_tactics_answers_are_refused(answer, words):
    with pytest.raises(ValueError) as err:
        answer_to_move(answer, make_game(TACTICS))
    assert words in str(err.value)


def test_classic_answers_refuse_the_tactics_forms():
    game = Game()
    for answer in ({"card": "R7", "stone": 1, "draw": "clan"}, {"return": ["R7"]},
                   {"card": "R7", "stone": 1, "slot": 0}):
        with pytest.raises(ValueError) as err:
            answer_to_move(answer, game)
        assert "tactics variant" in str(err.value)
    with pytest.raises(ValueError):
        answer_to_move({"card": "JK", "stone": 1}, game)
    assert answer_to_move({"card": "R7", "stone": 1, "claim": [2]}, game) == 6 | 1 << 6 | 1 << 12


def test_a_scout_turn_must_be_answered_with_return():
    game = load(copy.deepcopy(SCOUT_TURN))
    with pytest.raises(ValueError) as err:
        answer_to_move({"card": "P1", "stone": 1}, game)
    assert "return" in str(err.value)
    m = answer_to_move({"return": [SCOUT_TURN["hands"][0][-1], SCOUT_TURN["hands"][0][0]]}, game)
    assert game.check(m) is None


def test_serve_request_plays_both_variants_with_one_scratch():
    scratch = {}
    bot = Bot("medium", 3)
    for seed in range(6):
        game = make_game(TACTICS)
        rng = Random(seed)
        game.deal(seed, seed & 1)
        while game.winner == NOBODY:
            request = json.loads(json.dumps({"cmd": "move", "position": dump(game, game.to_move)}))
            answer = serve_request(request, bot, scratch)
            assert game.check(answer_to_move(answer, game)) is None
            game.apply(random_tactics_move(game, rng))
    classic = Game()
    classic.deal(1)
    request = {"cmd": "move", "position": dump(classic, 0)}
    assert classic.check(answer_to_move(serve_request(request, bot, scratch), classic)) is None
    assert sorted(scratch) == [0, TACTICS]
    # One classic scratch game serves a tactics request too.
    good = load(copy.deepcopy(GOOD))
    request = {"cmd": "move", "position": dump(good, 0)}
    assert good.check(answer_to_move(serve_request(request, bot, Game()), good)) is None


def run_bot(feed):
    return subprocess.run([sys.executable, "-m", "engine", "bot", "--seed", "5"], input=feed,
                          capture_output=True, text=True, cwd=ROOT)


def test_the_bot_command_answers_tactics_requests_and_a_scouts_return():
    good = load(copy.deepcopy(GOOD))
    scout = load(copy.deepcopy(SCOUT_TURN))
    hidden_mover = dump(good, 0)
    hidden_mover["hands"][0] = 7
    mangled = dump(good, 0)
    mangled["played"] = [9, 9]
    classic = Game()
    classic.deal(2)
    lines = [
        {"cmd": "move", "position": dump(good, 0)},
        {"cmd": "move", "position": dump(scout, 0)},
        {"cmd": "move", "position": hidden_mover},
        {"cmd": "move", "position": mangled},
        {"cmd": "move", "position": dump(classic, classic.to_move)},
        {"cmd": "move", "position": dump(good, 0)},
        {"cmd": "quit"},
    ]
    out = run_bot("".join(json.dumps(x) + "\n" for x in lines))
    assert out.returncode == 0, out.stderr
    answers = [json.loads(x) for x in out.stdout.splitlines()]
    assert len(answers) == 6
    assert good.check(answer_to_move(answers[0], good)) is None
    assert list(answers[1]) == ["return"] and len(answers[1]["return"]) == 2
    assert scout.check(answer_to_move(answers[1], scout)) is None
    assert list(answers[2]) == ["error"] and "hand" in answers[2]["error"]
    assert list(answers[3]) == ["error"] and "played" in answers[3]["error"]
    assert classic.check(answer_to_move(answers[4], classic)) is None
    assert good.check(answer_to_move(answers[5], good)) is None


answer_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 12) | st.floats(allow_nan=False) | st.sampled_from(
        ["R7", "G1", "P1", "JK", "SC", "ST", "BA", "TR", "BB", "discard", "clan", "tactic", "X"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["card", "stone", "claim", "draw", "from_tactics", "slot", "to", "return", "pass"]), inner),
    max_leaves=12,
)


@settings(max_examples=600, deadline=None)
@given(answer_values, st.booleans())
def test_any_answer_is_refused_cleanly_or_checked(answer, scout_turn):
    game = load(copy.deepcopy(SCOUT_TURN if scout_turn else GOOD))
    try:
        m = answer_to_move(answer, game)
    except ValueError as e:
        assert str(e) and "\n" not in str(e)
    else:
        reason = game.check(m)
        assert reason is None or "\n" not in reason
