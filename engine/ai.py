"""How the built-in opponents judge a position.

``Judge.value(game, p)`` scores a position for player ``p`` from what ``p``
knows: the table, ``p``'s own hand, and the cards nobody has placed (the
other hand and the pile are only sizes to it).  Each open stone gets an
estimate, 0 to 1000, of ``p`` winning it:

- a side's prospect is its best formation still reachable.  For ``p`` it is
  the best from its own hand (sure) or, discounted for every card it would
  still have to draw, from hand and unseen cards together (hoped for);
- the opponent's prospect is its best completion from the cards ``p`` cannot
  see, discounted for every card it still lacks;
- a stone ``p`` can prove is won, one the opponent's full side beats for good
  is lost; otherwise the difference of prospects goes through a logistic
  curve.

The position's value adds the stones up and weighs runs of three adjacent
stones, the quick way to win.  Everything is small ints: no floats, no
allocation.
"""

from micropython import const

from engine.formation import best_completion, rank3, threat
from engine.game import N_STONES, NOBODY, SIDE_MAX

WIN = const(1000000)
CERTAIN = const(1000)

# Logistic curve of a difference of prospects, in steps of 4 rank points
# (a category is 32): index 32 is an even chance.
_CURVE = bytearray(65)


def _curve():
    # 1000 / (1 + e^(-x/12)), x = 4 * (i - 32), stored in tenths of per
    # mille / 4 to fit a byte: value = _CURVE[i] * 4.
    e = 2.718281828
    for i in range(65):
        x = 4 * (i - 32)
        _CURVE[i] = int(250 / (1 + e ** (-x / 12.0)) + 0.5)


_curve()


class Judge:
    """Scratch space and weights for evaluating positions."""

    def __init__(self, hope=24, lack=14, adjacent=3):
        self.hope = hope  # discount a card p must still draw
        self.lack = lack  # discount a card the opponent still lacks
        self.adjacent = adjacent  # weight of three adjacent stones
        self.hand_mask = [0] * 6
        self.hand_n = bytearray(9)
        self.pool_mask = [0] * 6
        self.pool_n = bytearray(9)
        self.odds = bytearray(N_STONES)  # per stone, chance / 4

    def know(self, game, p):
        """Split the unseen cards into ``p``'s hand and the rest (the pool:
        the other hand and the pile)."""
        hm = self.hand_mask
        hn = self.hand_n
        pm = self.pool_mask
        pn = self.pool_n
        for c in range(6):
            hm[c] = 0
            pm[c] = game.unseen[c]
        for v in range(9):
            hn[v] = 0
            pn[v] = game.unseen_n[v]
        hand = game.hand[p]
        for h in range(game.hand_n[p]):
            card = hand[h]
            c = card // 9
            v = card % 9
            hm[c] |= 1 << v
            hn[v] += 1
            pm[c] &= ~(1 << v)
            pn[v] -= 1

    def stone(self, game, s, p):
        """Chance, 0..1000, that ``p`` wins stone ``s``; ``know`` first."""
        owner = game.owner[s]
        if owner != NOBODY:
            return CERTAIN if owner == p else 0
        i = s * 2 + p
        j = i ^ 1
        n = game.n
        side = game.side
        ki = n[i]
        kj = n[j]
        bi = i * 3
        bj = j * 3
        if ki == SIDE_MAX:
            mine = game.rank[i]
            if kj == SIDE_MAX:
                theirs = game.rank[j]
                if mine > theirs or (mine == theirs and game.first[s] == p):
                    return CERTAIN
                return 0
            if threat(game.unseen, game.unseen_n, kj, side[bj], side[bj + 1], mine) == 0:
                return CERTAIN  # provable now
        else:
            a = side[bi]
            b = side[bi + 1]
            sure = best_completion(self.hand_mask, self.hand_n, ki, a, b)
            mine = self._rank(side, bi, ki, sure) if sure else 0
            hoped = best_completion(game.unseen, game.unseen_n, ki, a, b)
            if hoped:
                # Discount every card that is not in the hand.
                hm = self.hand_mask
                r = self._rank(side, bi, ki, hoped)
                w = hoped
                while w:
                    c = (w & 63) - 1
                    if not hm[c // 9] >> (c % 9) & 1:
                        r -= self.hope
                    w >>= 6
                if r > mine:
                    mine = r
        if kj == SIDE_MAX:
            theirs = game.rank[j]
            # No completion of p's side beats it: the opponent can prove it.
            if threat(game.unseen, game.unseen_n, ki, side[bi], side[bi + 1], theirs) == 0:
                return 0
        else:
            w = best_completion(self.pool_mask, self.pool_n, kj, side[bj], side[bj + 1])
            if w == 0:
                theirs = 0
            else:
                theirs = self._rank(side, bj, kj, w) - self.lack * (SIDE_MAX - kj)
        d = (mine - theirs) // 4 + 32
        if d < 0:
            d = 0
        elif d > 64:
            d = 64
        return _CURVE[d] * 4

    @staticmethod
    def _rank(side, base, k, packed):
        # The rank of the k cards at side[base:] completed by ``packed``.
        a = (packed & 63) - 1
        packed >>= 6
        if k == 2:
            return rank3(side[base], side[base + 1], a)
        b = (packed & 63) - 1
        packed >>= 6
        if k == 1:
            return rank3(side[base], a, b)
        return rank3(a, b, (packed & 63) - 1)

    def value(self, game, p):
        """The position's worth to ``p``: +-WIN when the round is over."""
        w = game.winner
        if w != NOBODY:
            if w == p:
                return WIN
            if w == 1 - p:
                return -WIN
            return 0
        self.know(game, p)
        odds = self.odds
        total = 0
        for s in range(N_STONES):
            x = self.stone(game, s, p)
            odds[s] = x // 4
            total += x
        # Runs of three adjacent stones, for and against.
        adj = 0
        for s in range(N_STONES - 2):
            a = odds[s]
            b = odds[s + 1]
            c = odds[s + 2]
            adj += (a * b // 250) * c // 250 - ((250 - a) * (250 - b) // 250) * (250 - c) // 250
        return 2 * total - N_STONES * CERTAIN + self.adjacent * adj * 4

