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
from engine.game import N_STONES, NOBODY, SIDE_MAX, Game

WIN = const(1000000)
CERTAIN = const(1000)

# Logistic curve of a difference of prospects, in steps of 4 rank points
# (a category is 32); index 32 is an even chance.  Each byte is the chance
# over 4 (0..250): round(250 / (1 + e ** (-4 * (i - 32) / 12))).  Kept as
# bytes so that no float is computed on a board.
_CURVE = (b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x02\x02\x03\x04\x06"
          b"\t\x0c\x10\x16\x1e(4CUh}\x92\xa5\xb7\xc6\xd2\xdc\xe4\xea\xee\xf1\xf4\xf6\xf7\xf8\xf8\xf9"
          b"\xf9\xf9\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa\xfa")


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
        self.worlds = 0  # sampled worlds in use (see ``sample``)
        self.deep = False  # with worlds: p's own prospects from its draws too
        self.my_horizon = 2  # deep: p's next draws counted in a world
        self.draws_mask = []  # type: list
        self.draws_n = bytearray(0)
        self.root = [0] * N_STONES  # ``begin``: each stone's chance
        self.uses = bytearray(N_STONES * 54)  # ``begin``: the cards each rests on
        self._no_uses = bytes(N_STONES * 54)
        self.recording = False
        self.moved_card = 0
        self.moved_stone = -1
        self.mix_mask = [0] * 6
        self.mix_n = bytearray(9)
        self.world = None  # type: Game | None
        self.theirs_r = bytearray(0)

    def sample(self, game, p, rng, worlds, horizon):
        """Judge the opponent's prospects from sampled worlds: ``worlds``
        deals of the cards ``p`` cannot see, consistent with everything
        ``p`` knows.  In each, the opponent's best completion at every open
        stone from its hand and its next ``horizon`` draws is kept; ``stone``
        then averages over the worlds instead of trusting the whole pool.
        ``worlds`` 0 turns sampling off."""
        self.worlds = worlds
        if not worlds:
            return
        if self.world is None:
            self.world = Game()
        if len(self.theirs_r) < worlds * N_STONES:
            self.theirs_r = bytearray(worlds * N_STONES)
            self.draws_mask = [0] * (worlds * 6)
            self.draws_n = bytearray(worlds * 9)
        w = self.world
        tm = self.pool_mask  # scratch: ``know`` refills both
        tn = self.pool_n
        q = 1 - p
        side = game.side
        out = self.theirs_r
        for d in range(worlds):
            w.copy_from(game)
            w.determinize(p, rng)
            for c in range(6):
                tm[c] = 0
            for v in range(9):
                tn[v] = 0
            hand = w.hand[q]
            for h in range(w.hand_n[q]):
                card = hand[h]
                tm[card // 9] |= 1 << (card % 9)
                tn[card % 9] += 1
            pos = w.deck_pos + 1  # p draws next, then the opponent
            for _ in range(horizon):
                if pos >= 54:
                    break
                card = w.deck[pos]
                tm[card // 9] |= 1 << (card % 9)
                tn[card % 9] += 1
                pos += 2
            # p's own next draws in this world, for ``deep`` judgements.
            dm = self.draws_mask
            dn = self.draws_n
            for c in range(6):
                dm[d * 6 + c] = 0
            for v in range(9):
                dn[d * 9 + v] = 0
            pos = w.deck_pos
            for _ in range(self.my_horizon):
                if pos >= 54:
                    break
                card = w.deck[pos]
                dm[d * 6 + card // 9] |= 1 << (card % 9)
                dn[d * 9 + card % 9] += 1
                pos += 2
            for s in range(N_STONES):
                j = s * 2 + q
                k = game.n[j]
                r = 0
                if game.owner[s] == NOBODY and k < SIDE_MAX:
                    packed = best_completion(tm, tn, k, side[j * 3], side[j * 3 + 1])
                    if packed:
                        r = self._rank(side, j * 3, k, packed)
                out[d * N_STONES + s] = r

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
            w = threat(game.unseen, game.unseen_n, kj, side[bj], side[bj + 1], mine)
            if w == 0:
                return CERTAIN  # provable now, and for good
            self._uses(s, w)
        else:
            a = side[bi]
            b = side[bi + 1]
            sure = best_completion(self.hand_mask, self.hand_n, ki, a, b)
            mine = 0
            if sure:
                self._uses(s, sure)
                mine = self._rank(side, bi, ki, sure)
            hoped = best_completion(game.unseen, game.unseen_n, ki, a, b)
            if hoped:
                self._uses(s, hoped)
                r = self._rank(side, bi, ki, hoped)
                r -= self.hope * self._missing(hoped, self.hand_mask)
                if r > mine:
                    mine = r
        if kj == SIDE_MAX:
            theirs = game.rank[j]
            # No completion of p's side beats it: the opponent can prove it.
            w = threat(game.unseen, game.unseen_n, ki, side[bi], side[bi + 1], theirs)
            if w == 0:
                return 0
            self._uses(s, w)
        elif self.worlds:
            # The mean chance over the sampled worlds.
            deep = self.deep and ki < SIDE_MAX
            total = 0
            rs = self.theirs_r
            for d in range(self.worlds):
                if deep:
                    mine = self._mine_in_world(d, s, ki, side, bi)
                x = (mine - rs[d * N_STONES + s]) // 4 + 32
                total += _CURVE[0 if x < 0 else 64 if x > 64 else x]
            return total * 4 // self.worlds
        else:
            w = best_completion(self.pool_mask, self.pool_n, kj, side[bj], side[bj + 1])
            if w == 0:
                theirs = 0
            else:
                theirs = self._rank(side, bj, kj, w)
                theirs -= self.lack * self._missing(w, None)
        d = (mine - theirs) // 4 + 32
        if d < 0:
            d = 0
        elif d > 64:
            d = 64
        return _CURVE[d] * 4

    def _uses(self, s, packed):
        # While ``begin`` records: stone s's judgement rests on these cards.
        if self.recording:
            uses = self.uses
            while packed:
                uses[s * 54 + (packed & 63) - 1] = 1
                packed >>= 6

    def begin(self, game, p):
        """Judge every stone of ``game`` for ``p`` once, before trying
        placements with ``value_after``: a placement only changes its own
        stone, and the stones whose judgement used the card it takes from
        the hand (the one it shows); the others keep these answers."""
        self.uses[:] = self._no_uses
        self.recording = True
        self.know(game, p)
        for s in range(N_STONES):
            self.root[s] = self.stone(game, s, p)
        self.recording = False

    def value_after(self, game, p, card, stone):
        """``value`` of ``game`` where ``p`` has just placed ``card`` at
        ``stone`` (tentatively), after ``begin`` on the table before it."""
        self.moved_card = card
        self.moved_stone = stone
        v = self.value(game, p)
        self.moved_stone = -1
        return v

    def _mine_in_world(self, d, s, k, side, base):
        # p's best completion from its hand and its next draws in world d.
        mm = self.mix_mask
        mn = self.mix_n
        dm = self.draws_mask
        dn = self.draws_n
        hm = self.hand_mask
        hn = self.hand_n
        for c in range(6):
            mm[c] = hm[c] | dm[d * 6 + c]
        for v in range(9):
            mn[v] = hn[v] + dn[d * 9 + v]
        packed = best_completion(mm, mn, k, side[base], side[base + 1])
        if not packed:
            return 0
        self._uses(s, packed)
        return self._rank(side, base, k, packed)

    @staticmethod
    def _missing(packed, hand):
        # How many cards of a completion are not in ``hand`` (None: none is).
        n = 0
        while packed:
            c = (packed & 63) - 1
            if hand is None or not hand[c // 9] >> (c % 9) & 1:
                n += 1
            packed >>= 6
        return n

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
        moved = self.moved_stone
        base = self.moved_card
        uses = self.uses
        root = self.root
        for s in range(N_STONES):
            if moved >= 0 and s != moved and not uses[s * 54 + base]:
                x = root[s]
            else:
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


def keep_best(top_v, top_m, keep, v, m):
    """Insert move ``m`` judged ``v`` into the ``keep`` best so far
    (``top_v``/``top_m``, best first), if it belongs there."""
    i = keep
    while i > 0 and v > top_v[i - 1]:
        if i < keep:
            top_v[i] = top_v[i - 1]
            top_m[i] = top_m[i - 1]
        i -= 1
    if i < keep:
        top_v[i] = v
        top_m[i] = m
