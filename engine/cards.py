"""Cards as small ints.

A clan card is ``colour * 9 + (value - 1)``: 0..53.  Colours in the order of
the position format: red, orange, yellow, green, blue, purple.  The tactics
variant's cards follow, one code per kind (the two Jokers share one): 54..62.
63 is no card in a move (a pass).
"""

from micropython import const

_N_COLOURS = const(6)
_N_VALUES = const(9)
_N_CARDS = const(54)
NO_CARD = const(255)  # an empty slot in a bytearray of cards

COLOUR_LETTERS = "ROYGBP"

# Tactic cards.  Elite troops (placed like clan cards, colour and value
# chosen when the stone is resolved), combat modes (played on a stone),
# ruses (applied, then discarded).
JOKER = const(54)
SPY = const(55)
SHIELD = const(56)
BLIND = const(57)  # Blind man's bluff: only the sum counts
MUD = const(58)  # Mud fight: four cards a side
SCOUT = const(59)
STRATEGIST = const(60)
BANSHEE = const(61)
TRAITOR = const(62)
FIRST_TACTIC = const(54)
_N_TACTICS = const(10)  # cards in the tactic pile: two Jokers and eight others
TACTIC_CODES = ("JK", "SP", "SB", "BB", "MF", "SC", "ST", "BA", "TR")
# The ten tactic cards of a pile, in code order.
TACTIC_DECK = bytes((54, 54, 55, 56, 57, 58, 59, 60, 61, 62))


def colour(card):
    return card // 9


def value(card):
    return card % 9 + 1


def make_card(colour_index, value_):
    return colour_index * 9 + value_ - 1


def card_name(card):
    """``R7`` for the red 7, ``JK`` for a Joker (see TACTIC_CODES)."""
    if card >= FIRST_TACTIC:
        return TACTIC_CODES[card - FIRST_TACTIC]
    return COLOUR_LETTERS[card // 9] + str(card % 9 + 1)


def is_tactic(card):
    return FIRST_TACTIC <= card < FIRST_TACTIC + 9


def is_elite(card):
    return JOKER <= card <= SHIELD


def parse_card(text):
    """The card named ``text`` (``"R7"``); ValueError for anything else."""
    if not isinstance(text, str) or len(text) != 2:
        raise ValueError("bad card %r" % (text,))
    c = COLOUR_LETTERS.find(text[0])
    v = ord(text[1]) - 48
    if c < 0 or v < 1 or v > 9:
        raise ValueError("bad card %r" % (text,))
    return c * 9 + v - 1


def parse_any(text):
    """A clan card or a tactic card (``"JK"``); ValueError for anything else."""
    if isinstance(text, str) and text in TACTIC_CODES:
        return FIRST_TACTIC + TACTIC_CODES.index(text)
    return parse_card(text)
