"""The worked claim examples of the tactics variant.

``python tests/tactics_examples.py > tests/data/tactics-examples.jsonl``
writes them with the engine's answers; ``test_tposition.py`` checks every
answer again by brute force.  ``tposition`` builds a full tactics position
from the cards that matter.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.append(ROOT)

CLAN = [c + str(v) for c in "ROYGBP" for v in range(1, 10)]
TACTIC = ["JK", "JK", "SP", "SB", "BB", "MF", "SC", "ST", "BA", "TR"]


def tposition(stones, to_move=0, hands=None, discard=(), returns=0, owners=None, first=None, played=None):
    """A tactics position: ``stones`` maps a stone to ``(side0, side1)`` or
    ``(side0, side1, modes)``; ``first`` maps a stone to who completed
    first (default: the only full side, else player 0); the clan cards left
    over fill the hands (seven each, or ``hands``) and then the clan pile,
    the tactic cards left over the tactic pile; ``played`` defaults to the
    tactic cards out, split as evenly as the elite troops on each side allow."""
    owners = owners or {}
    first = first or {}
    used = list(discard)
    out = [c for c in discard if c in TACTIC]
    elite = [0, 0]
    rows = []
    for s in range(9):
        entry = stones.get(s, ([], []))
        sides = [list(entry[0]), list(entry[1])]
        modes = list(entry[2]) if len(entry) > 2 else []
        cap = 4 if "MF" in modes else 3
        used += sides[0] + sides[1] + modes
        out += modes + [c for c in sides[0] + sides[1] if c in TACTIC]
        for p in range(2):
            elite[p] += sum(1 for c in sides[p] if c in TACTIC)
        f = first.get(s)
        if f is None and (len(sides[0]) == cap or len(sides[1]) == cap):
            f = 0 if len(sides[0]) == cap else 1
        row = {"sides": sides, "first": f, "owner": owners.get(s)}
        if modes:
            row["modes"] = modes
        rows.append(row)
    rest = [c for c in CLAN if c not in used]
    if hands is None:
        hands = [rest[:7], rest[7:14]]
    hands = [list(h) for h in hands]
    used += hands[0] + hands[1]
    tactics = list(TACTIC)
    for c in used:
        if c in tactics:
            tactics.remove(c)
    if played is None:
        n = len(out)
        a = max(elite[0], min(n - elite[1], (n + 1 - to_move) // 2))
        played = [a, n - a]
    return {
        "variant": "tactics", "to_move": to_move, "stones": rows, "hands": hands,
        "deck": [c for c in rest if c not in used], "tactics": tactics, "discard": list(discard),
        "played": played, "returns": returns,
    }


EXAMPLES = [
    (tposition({0: (["R8", "R9", "JK"], ["G9", "B9"]), 8: ([], ["R7"])}),
     "elite troop on the claimant's side: the Joker is a red 7 (a card in play elsewhere may be copied), "
     "a colour run 7-8-9 that three 9s cannot beat"),
    (tposition({3: (["Y4", "Y5", "Y6"], ["SP", "B8"])}),
     "elite troop on the opponent's side: the Spy is a blue 7 and the blue 9 is unseen, so 7-8-9 beats 4-5-6"),
    (tposition({3: (["Y4", "Y5", "Y6"], ["SP", "B8"]), 5: (["B6"], []), 8: (["JK"], [])},
               discard=["JK", "BA", "B9", "ST"]),
     "discarded cards are seen: the blue 9 is discarded, the blue 6 on the table and both Jokers out "
     "(one discarded), so the Spy and the blue 8 make no colour run: 4-5-6 holds"),
    (tposition({6: (["Y5", "Y6", "Y7"], ["G8", "G9"]), 7: (["G7"], []), 2: ([], ["JK"])},
               discard=["SP", "BA"],
               hands=[["R1", "R2", "R3", "R4", "R5", "R6", "R7"], ["JK", "O1", "O2", "O3", "O4", "O5"]]),
     "second-Joker rule: the opponent holds the other Joker but has one on their side (stone 2), so no Joker "
     "can be their green 7; the Spy is discarded and the green 7 on the table: 5-6-7 holds"),
    (tposition({6: (["Y5", "Y6", "Y7"], ["G8", "G9"]), 7: (["G7"], []), 2: (["JK"], [])},
               discard=["SP", "BA"],
               hands=[["R1", "R2", "R3", "R4", "R5", "R6", "R7"], ["JK", "O1", "O2", "O3", "O4", "O5"]]),
     "as before, but the Joker on the table is the claimant's: the opponent may still add the other Joker "
     "as a green 7, and 7-8-9 beats 5-6-7"),
    (tposition({1: (["P7", "P8", "P9"], ["G9", "B9"], ["BB"])}),
     "Blind man's bluff: only the sum counts; the purple run is just 24 and two 9s reach 27"),
    (tposition({1: (["G9", "B9", "Y9"], ["R9", "O9"], ["BB"])}),
     "Blind man's bluff: 27 is the most three cards can reach (a Joker counts 9); a tie goes to the claimant"),
    (tposition({4: (["B6", "B7", "B8", "B9"], ["R2", "R3", "R4"], ["MF"])}),
     "Mud fight: four cards a side; the blue 6-7-8-9 (30) beats any fourth card the red 2-3-4 can get"),
    (tposition({4: (["B6", "B7", "B8"], ["R2", "R3", "R4"], ["MF"])}, to_move=1),
     "Mud fight: three cards are short of a side, so neither player may claim yet"),
    (tposition({4: (["R5", "O5", "Y5", "G5"], ["B6", "B7", "B8"], ["MF"])}),
     "Mud fight: four 5s are beaten by a blue colour run of four (with the blue 5 or 9, or a Joker)"),
    (tposition({2: (["SB", "R2", "R3"], ["SP", "O6", "O8"])}, to_move=1),
     "elite troops on both sides, both full: the Shield bearer makes a red 1-2-3 (6), the Spy an orange "
     "6-7-8 (21): player 1 takes the stone"),
    (tposition({0: (["R8", "R9", "JK"], ["G9", "B9"])}, discard=["SC"], returns=2,
               hands=[["P1", "P2", "P3", "O1", "O2", "O3", "O4", "O5", "O6"], ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]]),
     "a Scout's turn: its claims came before its draws, so while two cards are owed to the piles nothing "
     "is claimable"),
]


def main():
    from desk.position import claimable_list, load

    for pos, note in EXAMPLES:
        row = {"position": pos, "claimable": claimable_list(load(pos)), "note": note}
        sys.stdout.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
