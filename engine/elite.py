"""Formations with elite troops and combat modes: the tactics variant's proof.

In the tactics variant a side may hold elite troops, whose colour and value
are chosen when the stone is resolved, always the best for their owner:

- Joker: any colour and value;
- Spy: a 7 of any colour;
- Shield bearer: a 1, 2 or 3 of any colour.

An elite troop may take the colour and value of a clan card that is in play
elsewhere.  A stone's combat modes change the formations: Mud fight makes
them four cards (colour run of four, four of a kind, colour, run of four,
sum); under Blind man's bluff only the sum counts.

``Solver.best`` answers one question for both the rank of a full side and
the early-claim proof: the strongest formation a side can reach from its own
cards and the cards still available (a per-colour mask of clan values, a
per-value count, and a mask of elite kinds), together with the cards that
reach it.  Like ``threat.threat`` it never enumerates completions: per
category, strongest first, it tests each window of values or each value
with masks and fills the missing places greedily, the elite troops going
where no clan card can.

A rank is ``category * STEP + sum`` (the sum of four cards reaches 36), or
the bare sum under Blind man's bluff.  Ranks compare only within one stone,
where both sides share the combat modes.
"""

from micropython import const

from engine.cards import JOKER, SHIELD, SPY

STEP = const(40)
W_JOKER = const(1)
W_SPY = const(2)
W_SHIELD = const(4)
W_ALL = const(7)
COLOUR_RUN = const(4)
KIND = const(3)
COLOUR = const(2)
RUN = const(1)

# The best value of each elite troop in a sum (Joker 9, Spy 7, Shield 3).
_TOP_VALUE = (9, 7, 3)


def wild_bit(card):
    """The elite-kind bit of an elite troop card."""
    return 1 << (card - JOKER)


def _low(mask):
    # The lowest set bit of a non-empty mask, as a mask.
    return mask & -mask


class Solver:
    """Preallocated scratch space for ``best``; ``wit[:wit_n]`` holds the
    cards a side needs for its best formation after each call."""

    def __init__(self):
        self.wit = bytearray(4)
        self.wit_n = 0

    def _add(self, card):
        self.wit[self.wit_n] = card
        self.wit_n += 1

    def best(self, cards, base, k, cap, blind, unseen, unseen_n, avail):
        """The best rank the side ``cards[base:base + k]`` (clan cards and
        elite troops) can reach with ``cap - k`` more cards: clan cards from
        ``unseen``/``unseen_n``, elite troops from the kinds in ``avail``
        (W_* bits; each kind at most once).  -1 when there are not enough
        cards to complete it.  ``wit[:wit_n]``: the added cards."""
        self.wit_n = 0
        m = cap - k
        col = -1
        same = True
        vmask = 0
        clan_n = 0
        total = 0
        fw = 0
        for i in range(base, base + k):
            c = cards[i]
            if c >= JOKER:
                fw |= 1 << (c - JOKER)
                total += _TOP_VALUE[c - JOKER]
                continue
            if col < 0:
                col = c // 9
            elif c // 9 != col:
                same = False
            vmask |= 1 << (c % 9)
            clan_n += 1
            total += c % 9 + 1
        distinct = True
        t = vmask
        n = 0
        while t:
            n += 1
            t &= t - 1
        if n != clan_n:
            distinct = False
        full = (1 << cap) - 1

        if not blind:
            # Colour run: the highest window first; its sum is fixed.
            if same and distinct:
                s = 9 - cap
                while s >= 0:
                    win = full << s
                    if not vmask & ~win:
                        c0 = col if col >= 0 else 0
                        c1 = col + 1 if col >= 0 else 6
                        while c0 < c1:
                            if self._window(win & ~vmask, c0, fw, avail, unseen, unseen_n):
                                return COLOUR_RUN * STEP + cap * (s + 1) + cap * (cap - 1) // 2
                            c0 += 1
                    s -= 1
            # Three or four of a kind.
            if n <= 1:
                v = 8
                while v >= 0:
                    if (not vmask or vmask == 1 << v) and self._kind(v, m, fw, avail, unseen, unseen_n):
                        return KIND * STEP + cap * (v + 1)
                    v -= 1
            # Colour: the highest sum over the colours possible.
            if same:
                best = -1
                pick = 0
                c0 = col if col >= 0 else 0
                c1 = col + 1 if col >= 0 else 6
                while c0 < c1:
                    t = self._top(m, avail, unseen, unseen_n, c0, False)
                    if t > best:
                        best = t
                        pick = c0
                    c0 += 1
                if best >= 0:
                    self._top(m, avail, unseen, unseen_n, pick, True)
                    return COLOUR * STEP + total + best
            # Run.
            if distinct:
                s = 9 - cap
                while s >= 0:
                    win = full << s
                    if not vmask & ~win and self._window(win & ~vmask, -1, fw, avail, unseen, unseen_n):
                        return RUN * STEP + cap * (s + 1) + cap * (cap - 1) // 2
                    s -= 1
        # Sum (the only category under Blind man's bluff).
        t = self._top(m, avail, unseen, unseen_n, -1, False)
        if t < 0:
            return -1
        self._top(m, avail, unseen, unseen_n, -1, True)
        return total + t

    def _window(self, slots, col, fw, avail, unseen, unseen_n):
        # Can the values in ``slots`` (a mask) be filled, all in colour
        # ``col`` (-1: any colour), the fixed elite troops ``fw`` taking
        # one each and the rest coming from clan cards or the elite kinds
        # in ``avail``?  On success the added cards are in ``wit``.
        self.wit_n = 0
        if col >= 0:
            clan = unseen[col] & slots
        else:
            clan = 0
            v = 0
            while v < 9:
                if slots >> v & 1 and unseen_n[v]:
                    clan |= 1 << v
                v += 1
        lack = slots & ~clan
        # The fixed elite troops first, the most constrained first, each
        # where no clan card can go if it may.
        if fw & W_SPY:
            if not slots >> 6 & 1:
                return False
            lack &= ~64
            clan &= ~64
        if fw & W_SHIELD:
            low = (lack | clan) & 7
            if not low:
                return False
            b = _low(lack & 7) if lack & 7 else _low(low)
            lack &= ~b
            clan &= ~b
        if fw & W_JOKER:
            rest = lack | clan
            if not rest:
                return False
            cover = 0
            if avail & W_SPY:
                cover |= 64
            if avail & W_SHIELD:
                cover |= 7
            if lack & ~cover:
                b = _low(lack & ~cover)
            elif lack:
                b = _low(lack)
            else:
                b = _low(clan)
            lack &= ~b
            clan &= ~b
        # The places no clan card fills take available elite troops.
        used = 0
        if lack & 64 and avail & W_SPY:
            lack &= ~64
            used |= W_SPY
        if lack & 7 and avail & W_SHIELD:
            lack &= ~_low(lack & 7)
            used |= W_SHIELD
        if lack and avail & W_JOKER:
            lack &= ~_low(lack)
            used |= W_JOKER
        if lack:
            return False
        v = 0
        while clan:
            if clan & 1:
                c = col
                if c < 0:
                    c = 0
                    while not unseen[c] >> v & 1:
                        c += 1
                self._add(c * 9 + v)
            clan >>= 1
            v += 1
        w = 0
        while w < 3:
            if used >> w & 1:
                self._add(JOKER + w)
            w += 1
        return True

    def _kind(self, v, m, fw, avail, unseen, unseen_n):
        # Can ``m`` more cards make every card of the side a ``v``?
        if fw & W_SPY and v != 6 or fw & W_SHIELD and v > 2:
            return False
        wilds = avail & W_JOKER
        if v == 6:
            wilds |= avail & W_SPY
        if v <= 2:
            wilds |= avail & W_SHIELD
        n = unseen_n[v]
        w = wilds
        while w:
            n += 1
            w &= w - 1
        if n < m:
            return False
        self.wit_n = 0
        c = 0
        while self.wit_n < m and c < 6:
            if unseen[c] >> v & 1:
                self._add(c * 9 + v)
            c += 1
        b = 0
        while self.wit_n < m:
            if wilds >> b & 1:
                self._add(JOKER + b)
            b += 1
        return True

    def _top(self, m, avail, unseen, unseen_n, col, keep):
        # The highest sum of ``m`` cards from the clan cards of colour
        # ``col`` (-1: any colour) and the available elite troops at their
        # best values; -1 when fewer than ``m`` are left.  With ``keep``
        # the cards go to ``wit``.
        if keep:
            self.wit_n = 0
        t = 0
        left = m
        v = 8
        while v >= 0 and left:
            # An elite troop whose best value is v + 1 first.
            if v == 8 and avail & W_JOKER or v == 6 and avail & W_SPY or v == 2 and avail & W_SHIELD:
                t += v + 1
                left -= 1
                if keep:
                    self._add(JOKER if v == 8 else SPY if v == 6 else SHIELD)
            if col >= 0:
                if left and unseen[col] >> v & 1:
                    t += v + 1
                    left -= 1
                    if keep:
                        self._add(col * 9 + v)
            else:
                c = 0
                while left and c < 6:
                    if unseen[c] >> v & 1:
                        t += v + 1
                        left -= 1
                        if keep:
                            self._add(c * 9 + v)
                    c += 1
            v -= 1
        if left:
            return -1
        return t
