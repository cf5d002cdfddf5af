"""Clan cards as small ints.

A card is ``colour * 9 + (value - 1)``: 0..53.  Colours in the order of the
position format: red, orange, yellow, green, blue, purple.
"""

from micropython import const

N_COLOURS = const(6)
N_VALUES = const(9)
N_CARDS = const(54)
NO_CARD = const(255)  # an empty slot in a bytearray of cards

COLOUR_LETTERS = "ROYGBP"


def colour(card):
    return card // 9


def value(card):
    return card % 9 + 1


def make_card(colour_index, value_):
    return colour_index * 9 + value_ - 1


def card_name(card):
    """``R7`` for the red 7."""
    return COLOUR_LETTERS[card // 9] + str(card % 9 + 1)


def parse_card(text):
    """The card named ``text`` (``"R7"``); ValueError for anything else."""
    if not isinstance(text, str) or len(text) != 2:
        raise ValueError("bad card %r" % (text,))
    c = COLOUR_LETTERS.find(text[0])
    v = ord(text[1]) - 48
    if c < 0 or v < 1 or v > 9:
        raise ValueError("bad card %r" % (text,))
    return c * 9 + v - 1
