"""What every round of Schotten Totten shares: the constants, the move as one
int, the ``Stones`` base (owning stones, winning a round) and ``make_game``.

The round itself is the variant's: ``engine.classic.Game`` for the classic
and expert variants, ``engine.tactics.TacticsGame`` for tactics; each is
imported only when its variant is in play, so a board holds one of them.

A move is one int: ``card | stone << 6 | claims << 10``, where ``claims`` is a
mask of the stones claimed and ``card`` is ``PASS`` for a player who cannot
place; with the ``AUTO_CLAIM`` flag instead of a mask, the mover claims
every stone provable at that point of the turn.  In the classic variant the
claims follow the placement, in the expert variant they come first.
"""

from micropython import const

N_STONES = const(9)
SIDE_MAX = const(3)
HAND_SIZE = const(6)
PASS = const(63)
AUTO_CLAIM = const(1 << 19)  # move flag: claim every stone provable then
DRAW_TACTIC = const(1 << 20)  # tactics variant: draw from the tactic pile

CLASSIC = const(0)
EXPERT = const(1)
TACTICS = const(2)  # played by ``engine.tactics.TacticsGame``
VARIANTS = ("classic", "expert", "tactics")

NOBODY = const(2)  # owner of an unclaimed stone, winner of a round in play

# Why a claim is refused (``Game.why_not``).
CLAIMABLE = const(0)
TAKEN = const(1)
SHORT = const(2)
BEATEN = const(3)
UNPROVED = const(4)
DRAW = const(3)  # winner of a stalled round with equal stone counts


def move(card, stone, claims=0):
    return card | stone << 6 | claims << 10


def move_card(m):
    return m & 63


def move_stone(m):
    return m >> 6 & 15


def move_claims(m):
    return m >> 10 & 0x1FF


class Stones:
    """What both variants' rounds share: owning stones and winning."""

    def __init__(self, hand_room):
        self.owner = bytearray(N_STONES)
        self.owned = bytearray(2)  # stones owned per player
        self.winner = NOBODY
        self.hand = [bytearray(hand_room), bytearray(hand_room)]
        self.hand_n = bytearray(2)
        self.deck = bytearray(54)  # the clan pile from deck_pos on, top first
        self.deck_pos = 54
        self.to_move = 0
        self.history = []
        self.history_room = 0  # see _room

    def _room(self, n):
        # Room for ``n`` entries of the history, made at the first deal: a
        # list that grows as it goes leaves holes in a board's heap, and
        # ``del history[:]`` keeps the room for the next rounds.
        if self.history_room < n:
            self.history = [0] * n
            del self.history[:]
            self.history_room = n

    def hand_cards(self, player):
        return list(self.hand[player][: self.hand_n[player]])

    def hand_index(self, player, card):
        hand = self.hand[player]
        for h in range(self.hand_n[player]):
            if hand[h] == card:
                return h
        return -1

    def pile_size(self):
        return 54 - self.deck_pos

    def over(self):
        return self.winner != NOBODY

    # Each variant says what its players can play and prove.
    def can_place(self, player):
        raise NotImplementedError

    def claimable(self, player):
        raise NotImplementedError

    def _check_stall(self):
        # Neither player can place and nobody can claim: the round ends,
        # won by the player with more stones (a draw when equal).
        p = self.to_move
        if self.can_place(p) or self.can_place(1 - p):
            return
        if self.claimable(0) or self.claimable(1):
            return
        a = self.owned[0]
        b = self.owned[1]
        self.winner = 0 if a > b else 1 if b > a else DRAW

    def wins_with(self, player, mask):
        """Would ``player`` win the round by also owning the stones of
        ``mask``?"""
        owner = self.owner
        count = 0
        run = 0
        for s in range(N_STONES):
            if owner[s] == player or mask >> s & 1:
                count += 1
                run += 1
                if run == 3:
                    return True
            else:
                run = 0
        return count >= 5

    def _claim(self, stone, player):
        # Returns True when the claim ends the round.
        self.owner[stone] = player
        self.owned[player] += 1
        if self.owned[player] >= 5:
            self.winner = player
            return True
        owner = self.owner
        run = 0
        lo = stone - 2 if stone >= 2 else 0
        hi = stone + 2 if stone <= 6 else 8
        for s in range(lo, hi + 1):
            if owner[s] == player:
                run += 1
                if run == 3:
                    self.winner = player
                    return True
            else:
                run = 0
        return False

    def _claims(self, mask, player):
        # Claim the stones of ``mask`` in ascending order until one ends the
        # round; returns the mask of those that took effect.
        done = 0
        s = 0
        while mask >> s:
            if mask >> s & 1:
                done |= 1 << s
                if self._claim(s, player):
                    break
            s += 1
        return done

def lowest(mask):
    """The lowest stone of a non-empty stone mask."""
    s = 0
    while not mask >> s & 1:
        s += 1
    return s


def make_game(variant):
    """An empty round of ``variant``: an ``engine.classic.Game`` for CLASSIC
    and EXPERT, an ``engine.tactics.TacticsGame`` for TACTICS (each module
    imported only then)."""
    if variant == TACTICS:
        from engine.tactics import TacticsGame

        return TacticsGame()
    from engine.classic import Game

    return Game(variant)
