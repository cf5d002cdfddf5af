"""The move as one int, in both variants: the one place that knows its
layout.  Every other module builds moves and reads them through the names
below.

    card | stone << 6 | claims << 10 | AUTO_CLAIM | DRAW_TACTIC
         | slot << 21 | dest << 23

- ``card``: the card played (a clan card, an elite troop, a tactic card) or
  ``PASS`` for a player who cannot play;
- ``stone``: where it goes (a Scout: how many of its three cards come from
  the tactic pile);
- ``claims``: a mask of the stones claimed; with the ``AUTO_CLAIM`` flag
  instead, every stone provable at that point of the turn;
- ``DRAW_TACTIC`` (tactics): the draw is from the tactic pile;
- ``slot`` and ``dest`` (tactics ruses): the card at ``slot`` of the side of
  ``stone`` goes to ``dest``, another stone, or is discarded (``DISCARD``);
- a Scout's *return* move names the cards put back: ``card`` and ``second``
  (``PASS`` for none), the second ends on top.
"""

from micropython import const

PASS = const(63)  # the card of a move that places nothing
AUTO_CLAIM = const(1 << 19)  # claim every stone provable then
DRAW_TACTIC = const(1 << 20)  # tactics: draw from the tactic pile
DISCARD = const(9)  # a Strategist's dest: the discard pile
CLAIMS = const(0x3FF << 10)  # the claims and AUTO_CLAIM: what a move says beyond its play
PLAYED = const((1 << 19) - 1)  # a move as it took effect: card, stone, claims (no flag)
MOVE_BITS = const(27)  # every move is below 1 << MOVE_BITS
CLASSIC_BITS = const(20)  # and a classic one below 1 << CLASSIC_BITS (no draw, slot or dest)
_STONE = const(6)
_CLAIMS = const(10)
_SLOT = const(21)
_DEST = const(23)


def move(card, stone, claims=0):
    """``card`` at ``stone``, claiming the stones of mask ``claims``."""
    return card | stone << _STONE | claims << _CLAIMS


def ruse_move(card, stone, slot, dest=0):
    """A Strategist, Banshee or Traitor: the card at ``slot`` of the side of
    ``stone`` (to ``dest``)."""
    return card | stone << _STONE | slot << _SLOT | dest << _DEST


def return_move(first=PASS, second=PASS):
    """The Scout's second half: the cards put back (PASS for none)."""
    return first | second << _SLOT


def with_claims(m, claims):
    """``m`` claiming the stones of mask ``claims`` instead (AUTO_CLAIM
    dropped)."""
    return m & ~CLAIMS | claims << _CLAIMS


def play_of(m):
    """``m`` without its claims, its AUTO_CLAIM and its DRAW_TACTIC: the play
    alone."""
    return m & ~(CLAIMS | DRAW_TACTIC)


def move_card(m):
    return m & 63


def move_stone(m):
    return m >> _STONE & 15


def move_claims(m):
    return m >> _CLAIMS & 0x1FF


def move_slot(m):
    return m >> _SLOT & 3


def move_dest(m):
    return m >> _DEST & 15


def move_second(m):
    """A return move's second card (PASS for none)."""
    return m >> _SLOT & 63


def return_extra(m):
    """What ``m`` says besides a return move's two cards (AUTO_CLAIM and
    DRAW_TACTIC aside): 0 for a return move."""
    return m & ~(AUTO_CLAIM | DRAW_TACTIC) & (1 << _SLOT) - 64


def returned(m):
    """How many cards a return move puts back."""
    return (m & 63 != PASS) + (m >> _SLOT & 63 != PASS)


def stones_text(mask, sep=","):
    """The stones of ``mask`` as the players number them: "2,5"."""
    return sep.join(str(s + 1) for s in range(9) if mask >> s & 1)
