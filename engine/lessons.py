"""The lessons (the menu's Learn): for each variant a short run of steps,
each on a table set up for it, most asking the player for one move.

Words are not here (``hw/lang/learn_<variant>_<language>.py`` has them,
step by step); this module holds what a lesson does, the same in every language:

- a step is ``(table, task)``.  ``table``: a new table to set up (below),
  or "" for the table as the step before left it.  ``task``: None for a
  step that is only read, else ``(expected, reply)``: the move asked for
  and the other clan's answer to it ("" for none), both in the spelling
  below.
- a table is words separated by spaces: ``hand:R3,R4`` the player's hand,
  ``their:O6`` the other clan's, ``me2:R3,R4`` the player's cards at stone
  2 (stones are numbered from 1, as on the screen), ``it2:B2`` the other
  clan's there (laid in the order written: the first side completed
  wins a tie), ``mine:1,2`` and ``theirs:4`` the stones each owns,
  ``pile:P1,Y2`` the clan pile's top cards (the clan cards named nowhere
  follow, in order), ``tpile:JK`` the tactic pile's top (the tactic cards
  named nowhere follow).  The player plays first.
- a move: ``R5@2`` a card at a stone (``*`` any card or any stone), then
  ``+3`` for each stone its claims must hold; ``ST@1>7`` a ruse's card at
  stone 1 to stone 7, ``=G7`` the card it must take (``BA@4``: any
  card of that side); ``SC`` a Scout
  (any count); ``back`` the Scout's cards put back (any).

``python -m sim --learn classic|expert|tactics`` opens a lesson; the
screen is ``hw.learn``.
"""

from engine.cards import FIRST_TACTIC, NO_CARD, SCOUT, STRATEGIST, TACTIC_DECK, parse_any
from engine.game import TACTICS
from engine.moves import AUTO_CLAIM, PASS, move, move_card, move_claims, move_dest, move_slot, move_stone

# The classic lesson: placing a card, the five formations, a stone won, the
# tie, an early claim (the rule book's own example), the round won.
CLASSIC = (
    ("hand:R3,R4,G7,B2,Y9,P5 their:O6,O2,B7,Y1,G5,P8", None),
    ("", ("*@*", "O6@9")),
    ("me2:R3,R4 me4:Y7,O7 me6:B2,B5 me8:G4,P5 hand:R5,G7,B9,O6,Y1,P2 their:O1,O3,Y4,Y6,G9,P9 "
     "pile:P1,Y2,G1,O9,R9,G2", None),
    ("", ("R5@2", "O1@1")),
    ("", ("G7@4", "O3@3")),
    ("", ("B9@6", "Y4@5")),
    ("", ("O6@8", "Y6@7")),
    ("it3:B2,O4,Y9 me3:R3,R4 hand:R5,G7,O1,P2,Y5,B6 their:G9,P9,O6,Y1,B1,P1", None),
    ("", ("*@3+3", "")),
    ("it6:R2,O5,Y9 me6:G3,B6 hand:P7,P8,Y1,O2,B1,G2 their:R1,O1,Y4,G9,B9,P9", None),
    ("", ("P8@6+6", "")),
    ("me4:Y8,G8,B8 it4:R9,R7 hand:R8,O1,P2,Y3,G5,B6 their:O9,P1,Y2,G4,B3,R5", None),
    ("", ("R8@*+4", "")),
    ("me1:P7,P8,P9 it1:G1,G3,B5 me2:Y4,Y5,Y6 it2:B1,O2,R6 mine:1,2 me3:O9,O8 it3:G5,G6,G7 "
     "hand:O7,R5,B3,P2,G8,Y1 their:R9,B9,O1,P4,G2,Y9", None),
    ("", ("O7@3+3", "")),
    ("", None),
)

# The expert lesson: claims come first, so a stone completed waits a turn.
EXPERT = (
    ("me5:R7,R8,R9 it5:B1,B2,B4 me7:G5,G6 it7:Y9,O9,P9 hand:O3,G7,P2,Y5,B6,R1 their:Y1,O1,G2,B3,P4,R5 "
     "pile:O2,P1,G1,B9,Y3,P3", None),
    ("", ("O3@*+5", "Y1@1")),
    ("", ("G7@7", "O1@2")),
    ("", ("*@*+7", "")),
    ("", None),
)

# The tactics lesson: the tactic cards, one use each.
TACTICS_LESSON = (
    ("me2:R8,R9 hand:JK,O1,Y2,G3,B4,P5,O6 their:R1,O2,Y3,G4,B5,P6,Y7", None),
    ("", ("JK@2", "")),
    ("me3:B7,O7 hand:SP,R1,Y2,G4,B5,P6,O2 their:R2,O3,Y4,G5,B6,P8,Y6", ("SP@3", "")),
    ("me4:G1,G2 hand:SB,R4,Y5,O6,B8,P9,R2 their:R3,O4,Y6,G7,B9,P7,O8", ("SB@4", "")),
    ("it5:R1,R2,R3 me5:Y9,O8 hand:BB,B7,G1,P2,O3,Y4,G5 their:R4,O5,Y6,G6,B4,P3,P8", ("BB@5", "")),
    ("it6:Y9,Y8 me6:B2,O3 hand:MF,R6,G8,P1,O5,B3,G3 their:R7,O6,Y1,G2,B4,P5,R9", ("MF@6", "")),
    ("me1:R5 hand:SC,G2,Y3,O4,B5,P6,O7 their:R1,O1,Y1,G1,B1,P1,R2", ("SC", "")),
    ("", ("back", "")),
    ("me1:P2,G7 me7:G5,G6 hand:ST,R1,O2,Y3,B4,P5,R6 their:O3,Y4,B5,P6,R7,O8,Y9", ("ST@1>7=G7", "")),
    ("it4:Y7,Y8 me4:R1,O2 hand:BA,G3,B4,P5,R6,O7,B8 their:G9,P9,O9,B9,R9,G1,P1", ("BA@4", "")),
    ("it3:P9,O1 me6:P8,P7 hand:TR,R2,Y3,G4,B5,O6,R4 their:Y5,G6,B7,R8,O9,Y1,G2", ("TR@3>6=P9", "")),
    ("", None),
)

LESSONS = (CLASSIC, EXPERT, TACTICS_LESSON)  # by variant


def _cards(text):
    return [parse_any(name) for name in text.split(",")] if text else []


def set_up(game, spec):
    """``game`` cleared and laid out as the table ``spec`` says (see the
    module's docstring); the player (seat 0) to move."""
    tactics = game.variant == TACTICS
    game.clear()
    game.to_move = 0
    named = bytearray(FIRST_TACTIC + 9)  # how many of each card are named
    piles = ([], [])  # type: tuple  # the clan and tactic piles' tops
    for word in spec.split():
        key, _, value = word.partition(":")
        cards = _cards(value) if key not in ("mine", "theirs") else ()
        for card in cards:
            named[card] += 1
        if key == "hand" or key == "their":
            p = 0 if key == "hand" else 1
            hand = game.hand[p]
            for i in range(len(hand)):
                hand[i] = cards[i] if i < len(cards) else NO_CARD
            game.hand_n[p] = len(cards)
        elif key == "pile" or key == "tpile":
            piles[key == "tpile"].extend(cards)
        elif key == "mine" or key == "theirs":
            p = 0 if key == "mine" else 1
            for s in value.split(","):
                game.owner[int(s) - 1] = p
                game.owned[p] += 1
        else:  # me<n> or it<n>
            p = 0 if key[:2] == "me" else 1
            s = int(key[2:]) - 1
            for card in cards:
                game.put(s, p, card)
                if card >= FIRST_TACTIC:
                    game.played[p] += 1
    # The piles: the cards named on top, then the rest.
    clan = piles[0] + [c for c in range(FIRST_TACTIC) if not named[c]]
    game.deck_pos = 54 - len(clan)
    game.deck[game.deck_pos:] = bytes(clan)
    if tactics:
        rest = list(TACTIC_DECK)
        for card in range(FIRST_TACTIC, FIRST_TACTIC + 9):
            for _ in range(named[card]):
                rest.remove(card)
        for card in piles[1]:
            rest.remove(card)
        top = piles[1] + rest
        game.tpos = 10 - len(top)
        game.tdeck[game.tpos:] = bytes(top)
        for i in range(18):
            game._rank_side(i)  # every card is seen now
    return game


def parse(text, game):
    """The move asked for, ``text`` (see the module's docstring), as
    ``(card, stone, dest, claims, taken)``: -1 for any (``taken``: the
    card a ruse takes from the table); a Scout's stone -1, its cards put
    back the card PASS with stone -2."""
    if text == "back":
        return PASS, -2, -1, 0, -1
    if text == "SC":
        return SCOUT, -1, -1, 0, -1
    taken = -1
    if "=" in text:
        text, _, name = text.partition("=")
        taken = parse_any(name)
    claims = 0
    parts = text.split("+")
    for s in parts[1:]:
        claims |= 1 << (int(s) - 1)
    play = parts[0]
    dest = -1
    if ">" in play:
        play, _, to = play.partition(">")
        dest = int(to) - 1
    card, _, stone = play.partition("@")
    return (-1 if card == "*" else parse_any(card)), (-1 if stone == "*" else int(stone) - 1), dest, claims, taken


def reply(text):
    """The other clan's move ``text`` ("O6@9"), a move of engine.moves."""
    card, _, stone = text.partition("@")
    return move(parse_any(card), int(stone) - 1)


def matches(game, m, expected):
    """Is ``m``, the player's move in ``game`` (not yet made), the one
    ``expected`` (``parse``'s) asks for?"""
    card, stone, dest, claims, taken = expected
    if stone == -2:
        return game.returns > 0
    if card != -1 and move_card(m) != card:
        return False
    if card == SCOUT:
        return True
    if stone != -1 and move_stone(m) != stone:
        return False
    if dest != -1 and move_dest(m) != dest:
        return False
    if taken != -1 and _taken(game, m) != taken:
        return False
    return move_claims(m) & claims == claims


def answer(game, text):
    """A move of the player to move in ``game`` that is the one ``text``
    asks for, its claims spelled out (for a player at the buttons: the
    sim's autoplay, the tests)."""
    expected = parse(text, game)
    card = expected[0]
    for m in game.legal_moves(game.to_move, None, card if card >= 0 and card != PASS else -1):
        m = game.spell_claims(m | AUTO_CLAIM)  # (every claim it may make, at its variant's time)
        if matches(game, m, expected):
            return m
    return PASS


def _taken(game, m):
    # The card a ruse ``m`` takes from the table (a Strategist from the
    # player's side, a Banshee or Traitor from the other's).
    card = move_card(m)
    p = game.to_move if card == STRATEGIST else 1 - game.to_move
    return game.cards_at(move_stone(m), p)[move_slot(m)]
