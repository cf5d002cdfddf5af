"""The built-in opponents in the tactics variant (``engine.bots.Bot`` hands
its tactics turns here).

Every level answers every step of a tactics turn: a play (clan card, elite
troop, combat mode, ruse, Scout) with the pile to draw from, the Scout's
return step (``game.returns > 0``) and the pass, and claims every stone it
can prove (``AUTO_CLAIM``).  Like the classic levels it works on a copy of
the game with the other hand and both piles hidden (``hide``), so it reads
only what its player may see; its work is a fixed budget, never a clock.

- ``easy``: a random clan card where it fits best; now and then (one turn
  in three) a tactic card, used simply: an elite troop on its fullest side,
  a mode or a ruse at random.
- ``medium``: every play judged on the stones it touches (``Prospects.chance``):
  the best formation its side can still reach (sure from the hand, hoped
  from the hand and the cards unseen, with elite troops and the stone's
  combat modes, through ``engine.elite.Solver``) against the best the
  opponent can still reach from the cards it cannot see, less a price for
  spending a tactic card (the limit makes each one count).  The pile: a
  tactic card when it holds none it could play.  The Scout's return: the
  cards whose best play is worth least.
- ``hard``: the medium judgement picks its ``keep`` (12) best plays; each
  is judged again on the whole board (every stone, runs of three adjacent stones, a
  claim that wins at once) in ``worlds`` (8) sampled worlds (``determinize``:
  the other hand and the piles dealt at random, consistent with all it
  knows), the opponent's prospects at each stone taken from that world's
  hand and next draws.

One module, though long: the tactics levels load together on a tactics
match's first bot turn and are dropped together at its end; parts of it
never run alone, and each module costs a board its name, path and globals.
"""

from array import array

from micropython import const

from engine import botkit
from engine.botkit import WIN
from engine.cards import BANSHEE, BLIND, FIRST_TACTIC, JOKER, MUD, SCOUT, SHIELD, STRATEGIST, TRAITOR
from engine.elite import W_JOKER, Solver
from engine.formation import CURVE
from engine.game import NOBODY
from engine.moves import (AUTO_CLAIM, DISCARD, DRAW_TACTIC, PASS, move, move_card, move_dest, move_slot, move_stone,
                          return_move)
from engine.tactics import MODE_BLIND, MODE_MUD, SIDE_CAP, TacticsGame

N_STONES = const(9)
CERTAIN = const(1000)
_NOISE = const(3)  # random tie-break added to judgements
_UNKNOWN = const(-32000)  # a prospect not worked out yet
# The room of a brain's list of plays, which holds one card's plays at a
# time: a ruse's targets make up to 153 in 39,000 positions of tactics
# matches, a whole hand's up to about 300; past its room the list grows.
_PLAYS = const(160)


def _shorts(n):
    # n signed 16-bit zeros, made at their size (an array of a range is,
    # with no list or bytes of zeros made first: garbage between the
    # brain's tables left holes too small for its next ones in a full heap).
    a = array("h", range(n))
    for i in range(n):
        a[i] = 0
    return a


# The price of spending a tactic card, per kind (JK SP SB BB MF SC ST BA TR),
# in the units of a stone's chance (0..1000).
_COST = (170, 110, 90, 120, 120, 0, 130, 110, 110)


class Prospects:
    """What a tactics player knows, and what each stone promises it: the
    chances of one stone from its hand and the unseen cards, and the
    sampled worlds of the hard level (the first half of a ``Brain``)."""

    def __init__(self, level):
        self.level = level
        self.solver = Solver()
        # (The brain's tables of small numbers are arrays of 16 bits: half
        # a list's bytes on a board's heap.)
        self.hm = _shorts(6)  # p's hand: clan cards per colour
        self.hn = bytearray(9)
        self.havail = 0  # elite kinds in p's hand that it may still place
        self.mavail = 0  # elite kinds p may hope for (hand and tactic pile)
        self.pm = _shorts(6)  # the pool: unseen clan cards not in p's hand
        self.pn = bytearray(9)
        self.qavail = 0  # elite kinds the opponent may hold or draw
        self.hope = 30  # discount per card p must still draw (rank points)
        self.lack = 18  # discount per card the opponent still lacks
        self.wlack = 12  # the same in a sampled world, for the draws
        self.worlds = 8 if level == "hard" else 0
        self.horizon = 2
        # Per world: the opponent's clan cards (hand and next draws) per
        # colour and per value, its hand alone, its elite kinds.
        self.wm = [_shorts(6) for _ in range(self.worlds)]
        self.wn = [bytearray(9) for _ in range(self.worlds)]
        self.wh = [_shorts(6) for _ in range(self.worlds)]
        self.wav = bytearray(self.worlds)
        self.tw = _shorts(N_STONES * self.worlds)  # per world and stone: the opponent's prospect
        self.touched_q = 0  # stones whose opponent side or modes a move changed
        # An empty side's prospects, the same at every stone with the same
        # modes (index: 2 for Mud fight + 1 for Blind man's bluff): p's
        # while ``know``'s answers (``epoch``) and the unseen cards stay,
        # the opponent's while ``know``'s do, and in each sampled world.
        self.epoch = 0
        self.em_key = [-1] * 12
        self.em_mine = [0] * 4
        self.em_top = [0] * 4
        self.eq_key = [-1] * 4
        self.eq_th = [0] * 4
        self.th_key = [-1] * N_STONES  # per stone: the opponent's prospect, for ``epoch``
        self.th_v = [0] * N_STONES
        self.top = 0  # ``_prospect``: the best hoped for, undiscounted
        self.wem = _shorts(4 * self.worlds)  # (set to _UNKNOWN by ``sample``)

    # -- what p knows ------------------------------------------------------

    def know(self, g, p):
        self.epoch += 1
        if self.epoch > 1 << 28:
            self.epoch = 1
            for i in range(4):
                self.em_key[i * 3] = -1
                self.eq_key[i] = -1
            for s in range(N_STONES):
                self.th_key[s] = -1
        botkit.split_unseen(g, p, self.hm, self.hn, self.pm, self.pn)
        hav = 0
        jokers = 0
        hand = g.hand[p]
        for h in range(g.hand_n[p]):
            card = hand[h]
            if FIRST_TACTIC <= card <= SHIELD:
                hav |= 1 << (card - JOKER)
                if card == JOKER:
                    jokers += 1
        q = 1 - p
        if g.jokers_on[p]:
            hav &= ~W_JOKER
        self.havail = hav
        free = 0  # elite kinds neither placed nor in p's hand
        if g.out[0] + jokers < 2:
            free |= W_JOKER
        if not g.out[1] and not hav & 2:
            free |= 2
        if not g.out[2] and not hav & 4:
            free |= 4
        mav = hav
        if g.tpos < 10:
            mav |= free
        if g.jokers_on[p]:
            mav &= ~W_JOKER
        self.mavail = mav
        qav = free
        if g.jokers_on[q]:
            qav &= ~W_JOKER
        if g.tpos >= 10 and not g.hidden_tactics(p):
            qav = 0
        self.qavail = qav

    # -- one stone ---------------------------------------------------------

    def _prospect(self, g, b, k, cap, blind):
        # p's prospect at the side of k cards at side[b:]: sure from the
        # hand, or hoped for (from the unseen cards too) less a discount
        # for every card still to draw.  The best hoped for, undiscounted,
        # is left in ``top``.
        sv = self.solver
        side = g.side
        hm = self.hm
        hav = self.havail
        mine = sv.best(side, b, k, cap, blind, hm, self.hn, hav)
        hoped = sv.best(side, b, k, cap, blind, g.unseen, g.unseen_n, self.mavail)
        self.top = hoped
        if hoped > mine:
            miss = 0
            wit = sv.wit
            for x in range(sv.wit_n):
                card = wit[x]
                if card < FIRST_TACTIC:
                    if not hm[card // 9] >> (card % 9) & 1:
                        miss += 1
                elif not hav >> (card - JOKER) & 1:
                    miss += 1
            hoped -= self.hope * miss
            if hoped > mine:
                mine = hoped
        return mine if mine > 0 else 0

    def _empty(self, g, cap, blind, top):
        # ``_prospect`` of an empty side (with ``top``, its ``top``): the
        # same at every stone with the same modes while ``know``'s answers
        # and the unseen cards stay, so kept.
        u = g.unseen
        lo = u[0] | u[1] << 9 | u[2] << 18
        hi = u[3] | u[4] << 9 | u[5] << 18
        vi = (2 if cap == 4 else 0) + (1 if blind else 0)
        ek = self.em_key
        b = vi * 3
        if ek[b] != self.epoch or ek[b + 1] != lo or ek[b + 2] != hi:
            self.em_mine[vi] = self._prospect(g, 0, 0, cap, blind)
            self.em_top[vi] = self.top
            ek[b] = self.epoch
            ek[b + 1] = lo
            ek[b + 2] = hi
        return self.em_top[vi] if top else self.em_mine[vi]

    def chance(self, g, s, p, worlds):
        """Chance, 0..1000, that p wins stone s (after ``know``); with
        ``worlds`` the mean over the sampled worlds."""
        o = g.owner[s]
        if o != NOBODY:
            return CERTAIN if o == p else 0
        mode = g.mode[s]
        cap = 4 if mode & MODE_MUD else 3
        blind = mode & MODE_BLIND
        i = s * 2 + p
        j = i ^ 1
        n = g.n
        ki = n[i]
        kj = n[j]
        if ki == cap:
            mine = g.rank[i]
            if kj == cap:
                th = g.rank[j]
                return CERTAIN if mine > th or (mine == th and g.first[s] == p) else 0
            if g.claim_threat(s, p) == 0:
                return CERTAIN
        elif ki:
            mine = self._prospect(g, i * SIDE_CAP, ki, cap, blind)
        else:
            mine = self._empty(g, cap, blind, False)
        if kj == cap:
            th = g.rank[j]
            # The best p may hope for: ``_prospect``'s top.
            if ki == cap:
                top = self.solver.best(g.side, i * SIDE_CAP, ki, cap, blind, g.unseen, g.unseen_n, self.mavail)
            elif ki:
                top = self.top
            else:
                top = self._empty(g, cap, blind, True)
            if top <= th:
                return 0
            return _curve(mine - th, blind)
        if worlds:
            # The mean of ``_curve`` over the worlds, written out.
            total = 0
            if self.touched_q >> s & 1:
                for d in range(worlds):
                    x = mine - self._theirs_world(g, s, j, kj, cap, blind, d)
                    if blind:
                        x *= 3
                    x = x // 4 + 32
                    total += CURVE[0 if x < 0 else 64 if x > 64 else x]
            else:
                tw = self.tw
                at = s
                for d in range(worlds):
                    x = mine - tw[at]
                    at += N_STONES
                    if blind:
                        x *= 3
                    x = x // 4 + 32
                    total += CURVE[0 if x < 0 else 64 if x > 64 else x]
            return total * 4 // worlds
        if kj == 0:
            # An empty side: the same at every stone with these modes.
            vi = (2 if cap == 4 else 0) + (1 if blind else 0)
            if self.eq_key[vi] != self.epoch:
                self.eq_key[vi] = self.epoch
                self.eq_th[vi] = self.solver.best(g.side, 0, 0, cap, blind, self.pm, self.pn, self.qavail)
            th = self.eq_th[vi]
        elif self.touched_q >> s & 1:
            th = self.solver.best(g.side, j * SIDE_CAP, kj, cap, blind, self.pm, self.pn, self.qavail)
        else:
            # The opponent's side and the modes as they were: kept while
            # ``know``'s answers stay.
            if self.th_key[s] != self.epoch:
                self.th_key[s] = self.epoch
                self.th_v[s] = self.solver.best(g.side, j * SIDE_CAP, kj, cap, blind, self.pm, self.pn, self.qavail)
            th = self.th_v[s]
        if th < 0:
            th = 0
        else:
            th -= self.lack * (cap - kj)
        return _curve(mine - th, blind)

    def _theirs_world(self, g, s, j, k, cap, blind, d):
        # The opponent's prospect at side j in world d: from its hand and
        # next draws, a card not in its hand discounted.
        # An empty side's is the same at every stone with the same modes.
        if k == 0:
            at = d * 4 + (2 if cap == 4 else 0) + (1 if blind else 0)
            r = self.wem[at]
            if r == _UNKNOWN:
                r = self.wem[at] = self._theirs_in(g, j, 0, cap, blind, d)
            return r
        return self._theirs_in(g, j, k, cap, blind, d)

    def _theirs_in(self, g, j, k, cap, blind, d):
        sv = self.solver
        r = sv.best(g.side, j * SIDE_CAP, k, cap, blind, self.wm[d], self.wn[d], self.wav[d])
        if r < 0:
            return 0
        wh = self.wh[d]
        miss = 0
        wit = sv.wit
        for x in range(sv.wit_n):
            card = wit[x]
            if card < FIRST_TACTIC and not wh[card // 9] >> (card % 9) & 1:
                miss += 1
        return r - self.wlack * miss

    # -- sampled worlds ----------------------------------------------------

    def sample(self, g, p, rng):
        # Each world is dealt on ``g`` itself (p's view: ``determinize``
        # writes only what ``hide`` blanks, and reads none of it), which
        # is hidden again after: no second game on the heap.
        worlds = self.worlds
        q = 1 - p
        for d in range(worlds):
            g.determinize(p, rng)
            wm = self.wm[d]
            wn = self.wn[d]
            wh = self.wh[d]
            for c in range(6):
                wm[c] = 0
                wh[c] = 0
            for v in range(9):
                wn[v] = 0
            av = 0
            hand = g.hand[q]
            for h in range(g.hand_n[q]):
                card = hand[h]
                if card < FIRST_TACTIC:
                    wm[card // 9] |= 1 << (card % 9)
                    wh[card // 9] |= 1 << (card % 9)
                    wn[card % 9] += 1
                elif card <= SHIELD:
                    av |= 1 << (card - JOKER)
            if g.jokers_on[q]:
                av &= ~W_JOKER
            self.wav[d] = av
            botkit.add_draws(g.deck, g.deck_pos + 1, self.horizon, wm, wn)  # p draws next, then the opponent
        g.hide(p)
        wem = self.wem
        for i in range(4 * worlds):
            wem[i] = _UNKNOWN
        tw = self.tw
        for s in range(N_STONES):
            j = s * 2 + q
            mode = g.mode[s]
            cap = 4 if mode & MODE_MUD else 3
            k = g.n[j]
            for d in range(worlds):
                r = 0
                if g.owner[s] == NOBODY and k < cap:
                    r = self._theirs_world(g, s, j, k, cap, mode & MODE_BLIND, d)
                tw[d * N_STONES + s] = r


class Brain(Prospects):
    """Scratch space and the judgement of the tactics levels (one per Bot):
    each play judged on the stones it touches, or on the whole board."""

    def __init__(self, level, viewed=True):
        """``viewed``: with a game of its own to think on (``view``: a copy
        of the game, filled afresh at each move, as its player sees it; the
        hard level deals its sampled worlds on it too); without, it is lent
        one at each move (a board's review: ``engine.review.hard_move``)."""
        Prospects.__init__(self, level)
        self.view = TacticsGame() if viewed else None
        # One card's plays at a time (``legal_moves``' ``out`` and
        # ``only``: ``_card_plays``), refilled for each, made with their room
        # at once (a list grown by appends leaves holes in a board's heap;
        # ``del`` keeps the room).
        self.moves = [0] * _PLAYS
        del self.moves[:]
        self.root = _shorts(N_STONES)
        self.odds = bytearray(N_STONES)
        self.adjacent = 3
        self.keep = 12
        self.top_v = [0] * 12
        self.top_m = [0] * 12
        self.won = False
        self.root_claims = 0
        self.stamp = 0
        self.src_stamp = _shorts(72)  # per ruse source (stone, slot): when judged
        self.src_v = _shorts(72)
        # ``board`` in one move's search (hard): the chances of the stones
        # a play leaves alone, kept per state of what they rest on besides
        # their own sides (``_slot``), which plays share; a slot per play.
        self.slots = self.keep if level == "hard" else 0
        self.slot_key = [0] * (5 * self.slots)
        self.slot_ok = [0] * self.slots  # per slot: mask of the stones kept
        self.slot_v = _shorts(N_STONES * self.slots)
        self.slot_n = 0
        self.key = [0] * 5
        self.full_root = 0
        self.wins_at = 0

    # -- moves -------------------------------------------------------------

    def touched(self, m):
        """Mask of the stones move m changes, and (in ``touched_q``) those
        whose opponent side or modes it changes."""
        card = move_card(m)
        s = move_stone(m)
        if card == PASS or card == SCOUT:
            self.touched_q = 0
            return 0
        if card < FIRST_TACTIC or card <= SHIELD:
            self.touched_q = 0
            return 1 << s
        if card == BLIND or card == MUD or card == BANSHEE:
            self.touched_q = 1 << s
            return 1 << s
        dest = move_dest(m)
        mask = 1 << s
        if dest != DISCARD:
            mask |= 1 << dest
        self.touched_q = 1 << s if card == TRAITOR else 0
        return mask

    def delta(self, g, p, m, worlds, floor=-WIN):
        """The change move m makes to the chances of the stones it
        touches (played tentatively), less the price of a tactic card;
        WIN when its claims win at once.  A ruse that cannot beat
        ``floor`` (its source stone judged already, its destination at
        best won for sure) is not played out: the answer is then below
        ``floor``."""
        card = move_card(m)
        if card < FIRST_TACTIC:
            # A clan card (most plays), the steps below written out: it
            # goes on the table without leaving the hand, which nothing
            # here looks at.
            s = move_stone(m)
            self.touched_q = 0
            first = g.first[s]
            g._add(s, p, card, True)
            won = False
            if self.wins_at >> s & 1:
                claims = g.claimable(p)  # a card shown may prove other stones
                won = claims and g.wins_with(p, claims)
            # (less a little for playing a high card: keep those)
            v = WIN if won else self.chance(g, s, p, worlds) - self.root[s] - card % 9
            g._remove(s, p, g.n[s * 2 + p] - 1, True)
            g.first[s] = first
            return v
        if card == SCOUT:
            return self.scout_value(g, p)
        if card == STRATEGIST or card == TRAITOR:
            src = move_stone(m)
            dest = move_dest(m)
            key = src * 4 + (move_slot(m)) + (36 if card == TRAITOR else 0)
            if dest != src and self.src_stamp[key] == self.stamp:
                bound = self.src_v[key] - self.root[src] - _COST[card - FIRST_TACTIC]
                if dest != DISCARD:
                    bound += CERTAIN - self.root[dest]
                if bound + _NOISE <= floor:
                    return bound
        mask = self.touched(m)
        token = g.try_play(m)
        # Claims could win only if claiming every full side would: those
        # full before and the stones the play touched (``set_root``).
        if mask & (mask - 1):
            hope = g.wins_with(p, self.full_root | mask)
        else:
            hope = self.wins_at >> (move_stone(m)) & 1
        if hope:
            if card <= SHIELD:
                claims = g.claimable(p)  # an elite troop shown may prove other stones
            else:
                # Modes and ruses show no card: only the stones they touch
                # change their proofs.
                claims = self.root_claims & ~mask
                for s in range(N_STONES):
                    if mask >> s & 1 and g.owner[s] == NOBODY and g.n[s * 2 + p] == g.cap(s):
                        if g.claim_threat(s, p) == 0:
                            claims |= 1 << s
            if claims and g.wins_with(p, claims):
                g.unplay(m, token)
                return WIN
        v = 0
        root = self.root
        if card == STRATEGIST or card == TRAITOR:
            # A ruse's source stone looks the same whatever the destination.
            src = move_stone(m)
            key = src * 4 + (move_slot(m)) + (36 if card == TRAITOR else 0)
            if move_dest(m) == src:
                src = -1
            for s in range(N_STONES):
                if mask >> s & 1:
                    if s == src:
                        if self.src_stamp[key] != self.stamp:
                            self.src_stamp[key] = self.stamp
                            self.src_v[key] = self.chance(g, s, p, worlds)
                        v += self.src_v[key] - root[s]
                    else:
                        v += self.chance(g, s, p, worlds) - root[s]
        else:
            s = move_stone(m)  # the only stone the play touches
            v = self.chance(g, s, p, worlds) - root[s]
        g.unplay(m, token)
        self.touched_q = 0
        return v - _COST[card - FIRST_TACTIC]

    def scout_value(self, g, p):
        # Early, a Scout is a look at three cards for a tactic card's turn.
        if g.tpos >= 10 and g.deck_pos >= 54:
            return -WIN
        return 25 if 54 - g.deck_pos > 15 else -40

    def board(self, g, p, worlds, fresh=0x1FF):
        """The whole board's worth to p: every stone and the runs of three
        adjacent stones (after ``know``).  The stones outside ``fresh``
        (those the play judged leaves alone) may be taken from an earlier
        call of the same search (``clear_boards``) that rested on the same
        state (``_slot``)."""
        total = 0
        odds = self.odds
        if fresh == 0x1FF:
            for s in range(N_STONES):
                x = self.chance(g, s, p, worlds)
                odds[s] = x // 4
                total += x
        else:
            slot = self._slot(g)
            ok = self.slot_ok[slot]
            kept = self.slot_v
            base = slot * N_STONES
            for s in range(N_STONES):
                bit = 1 << s
                if fresh & bit:
                    x = self.chance(g, s, p, worlds)
                elif ok & bit:
                    x = kept[base + s]
                else:
                    x = self.chance(g, s, p, worlds)
                    kept[base + s] = x
                    ok |= bit
                odds[s] = x // 4
                total += x
            self.slot_ok[slot] = ok
        return 2 * total + self.adjacent * botkit.adjacency(odds) * 4

    def clear_boards(self):
        """Forget the stones ``board`` kept (a new position)."""
        for i in range(self.slots):
            self.slot_ok[i] = 0
        self.slot_n = 0

    def _slot(self, g):
        # The slot of ``board``'s answers for the state a stone's chance
        # rests on besides its own sides and modes: what ``know`` found
        # (p's hand, the elite kinds each side may hope for) and the
        # table's unseen clan cards and elite troops placed (the proofs').
        # The pool and the counts per value follow from these masks.
        hm = self.hm
        u = g.unseen
        out = g.out
        jo = g.jokers_on
        k = self.key
        k[0] = hm[0] | hm[1] << 9 | hm[2] << 18
        k[1] = hm[3] | hm[4] << 9 | hm[5] << 18
        k[2] = u[0] | u[1] << 9 | u[2] << 18
        k[3] = u[3] | u[4] << 9 | u[5] << 18
        k[4] = (self.havail | self.mavail << 3 | self.qavail << 6 | out[0] << 9 | out[1] << 11
                | out[2] << 13 | jo[0] << 15 | jo[1] << 17)
        keys = self.slot_key
        n = self.slot_n
        for slot in range(n):
            b = slot * 5
            if (keys[b] == k[0] and keys[b + 1] == k[1] and keys[b + 2] == k[2] and keys[b + 3] == k[3]
                    and keys[b + 4] == k[4]):
                return slot
        if n < self.slots:
            self.slot_n = n + 1
            slot = n
        else:
            slot = self.slots - 1  # (not with a slot per play judged)
        b = slot * 5
        for i in range(5):
            keys[b + i] = k[i]
        self.slot_ok[slot] = 0
        return slot

    def set_root(self, g, p, worlds):
        root = self.root
        self.touched_q = 0
        self.root_claims = g.claimable(p)
        # For ``delta``: the stones where p's side is full, and the stones
        # a play there could win with (claiming all those full).
        full = 0
        for s in range(N_STONES):
            if g.owner[s] == NOBODY and g.n[s * 2 + p] >= g.cap(s):
                full |= 1 << s
        self.full_root = full
        wins = 0
        for s in range(N_STONES):
            if g.wins_with(p, full | 1 << s):
                wins |= 1 << s
        self.wins_at = wins
        self.stamp += 1  # forget the ruses' source stones
        if self.stamp > 32000:  # (src_stamp's 16 bits)
            self.stamp = 1
            for i in range(72):
                self.src_stamp[i] = 0
        for s in range(N_STONES):
            root[s] = self.chance(g, s, p, worlds)

    # -- the pile ----------------------------------------------------------

    def draw_flag(self, g, p, m):
        """DRAW_TACTIC when p should draw a tactic card after move m."""
        if g.tpos >= 10:
            return 0
        if g.deck_pos >= 54:
            return DRAW_TACTIC
        card = move_card(m)
        ht = 0
        hand = g.hand[p]
        for h in range(g.hand_n[p]):
            if hand[h] >= FIRST_TACTIC:
                ht += 1
        if card != PASS and card >= FIRST_TACTIC:
            ht -= 1
        played = g.played[p] + (1 if card != PASS and card >= FIRST_TACTIC else 0)
        room = g.played[1 - p] - played + 1  # tactic cards p could play in a row
        if room < 1:
            room = 1
        return DRAW_TACTIC if ht < room else 0


def _curve(diff, blind):
    if blind:
        diff *= 3  # sums only: a few points matter more
    x = diff // 4 + 32
    return CURVE[0 if x < 0 else 64 if x > 64 else x] * 4


def choose(bot, game):
    """A legal move (with ``AUTO_CLAIM``) for the player to move."""
    brain = bot.tactics
    if brain is None:
        brain = bot.tactics = Brain(bot.level)
    g = brain.view
    if g is not game:  # (a game lent to think on: Bot.choose_on)
        g.copy_from(game)
    p = g.to_move
    g.hide(p)
    if g.returns:
        return _returns(bot, brain, g, p)
    if not g.can_play(p):
        return PASS | AUTO_CLAIM
    if bot.level == "easy":
        m = _easy(bot, brain, g, p)
        if bot.rng.below(4) == 0:
            m |= DRAW_TACTIC
        return m | AUTO_CLAIM
    brain.know(g, p)
    if bot.level == "hard":
        m = _hard(bot, brain, g, p)
    else:
        m = _medium(bot, brain, g, p)
    return _finish(brain, g, p, m)


def _card_plays(brain, g, p, h):
    # The plays of the card at hand index h, in brain.moves (the order of
    # ``legal_moves``: a card's plays after those of the cards before it);
    # None for a card listed already (two Jokers) or with no play.  The
    # levels go through the hand a card at a time: one card's plays are a
    # short list, a whole hand's can be hundreds.  After a Scout, every way
    # to put cards back, at h = 0 (desk.sparring judges those as plays).
    hand = g.hand[p]
    card = -1 if g.returns else hand[h]
    if card < 0 and h:
        return None
    for i in range(h):
        if hand[i] == card:
            return None
    moves = g.legal_moves(p, brain.moves, card)
    return None if moves[0] == PASS else moves


def _finish(brain, g, p, m):
    if move_card(m) == SCOUT:
        lo_hi = g.scout_range()
        t = 2 if lo_hi[1] >= 2 else lo_hi[1]
        if t < lo_hi[0]:
            t = lo_hi[0]
        m = move(SCOUT, t)
        return m | AUTO_CLAIM
    return m | brain.draw_flag(g, p, m) | AUTO_CLAIM


def _easy(bot, brain, g, p):
    rng = bot.rng
    hand = g.hand[p]
    n = g.hand_n[p]
    stones = g.open_stones(p)
    clan = 0
    count = 0  # plays of a tactic card
    for h in range(n):
        if hand[h] < FIRST_TACTIC:
            clan += 1
        else:
            moves = _card_plays(brain, g, p, h)
            if moves is not None:
                count += len(moves)
    tactic = False
    if count and (not clan or not stones or rng.below(3) == 0):
        tactic = True
    if not tactic:
        pick = rng.below(clan)
        card = 0
        for h in range(n):
            if hand[h] < FIRST_TACTIC:
                if not pick:
                    card = hand[h]
                    break
                pick -= 1
        best = -1
        m = PASS  # (stones is not empty: every level has passed when no card can be played)
        for s in range(N_STONES):
            if not stones >> s & 1:
                continue
            i = s * 2 + p
            score = botkit.fit(g, card, s, p, SIDE_CAP) * 16 + rng.below(12)
            if g.n[i] == g.cap(s) - 1:
                score += 8
            if score > best:
                best = score
                m = move(card, s)
        return m
    # A tactic card from the hand, used simply: one of all their plays.
    pick = rng.below(count)
    for h in range(n):
        if hand[h] >= FIRST_TACTIC:
            moves = _card_plays(brain, g, p, h)
            if moves is not None:
                if pick < len(moves):
                    break
                pick -= len(moves)
    m = moves[pick]
    card = move_card(m)
    if card <= SHIELD:
        # An elite troop goes to its fullest open side.
        best = -1
        for x in moves:
            s = move_stone(x)
            k = g.n[s * 2 + p] * 4 + rng.below(4)
            if k > best:
                best = k
                m = x
    elif card == SCOUT:
        m = move(SCOUT, g.scout_range()[0])
    return m


def _scored(bot, brain, g, p, worlds, keep):
    # Every play judged by ``delta``, a card's plays at a time; the best,
    # and with ``keep`` the ``keep`` best in brain.top_m (best first).
    rng = bot.rng
    top_v = brain.top_v
    top_m = brain.top_m
    k = keep or 1  # (the first of the best is the one returned)
    botkit.begin_best(top_v, top_m, k, PASS)
    brain.won = False
    first = True
    for h in range(g.hand_n[p]):
        moves = _card_plays(brain, g, p, h)
        if moves is None:
            continue
        if first:
            top_m[0] = moves[0]  # (the answer while none is judged)
            first = False
        for m in moves:
            v = brain.delta(g, p, m, worlds, top_v[k - 1])
            if v >= WIN:
                brain.won = True
                return m
            v += rng.below(_NOISE)
            if v > top_v[k - 1]:
                botkit.keep_best(top_v, top_m, k, v, m)
    return top_m[0]


def _medium(bot, brain, g, p):
    brain.set_root(g, p, 0)
    return _scored(bot, brain, g, p, 0, 0)


def _hard(bot, brain, g, p):
    brain.set_root(g, p, 0)
    keep = brain.keep
    m = _scored(bot, brain, g, p, 0, keep)
    if brain.won:
        return m  # a claim that wins at once
    worlds = brain.worlds
    brain.sample(g, p, bot.rng)
    brain.clear_boards()
    best = None
    pick = m
    for i in range(keep):
        if brain.top_v[i] < -WIN:
            break
        cand = brain.top_m[i]
        card = move_card(cand)
        if card == SCOUT:
            brain.touched_q = 0
            v = brain.board(g, p, worlds, 0) + 2 * brain.scout_value(g, p)
        else:
            fresh = brain.touched(cand)
            token = g.try_play(cand)
            brain.know(g, p)
            v = brain.board(g, p, worlds, fresh)
            g.unplay(cand, token)
            brain.touched_q = 0
            if card >= FIRST_TACTIC:
                v -= 2 * _COST[card - FIRST_TACTIC]
            else:
                v -= card % 9
        if best is None or v > best:
            best = v
            pick = cand
    brain.know(g, p)
    return pick


def _returns(bot, brain, g, p):
    # The Scout's return step: put back the cards whose best play is worth
    # least; the least useful ends on top.
    if bot.level == "easy":
        moves = g.legal_moves(-1, brain.moves)
        return moves[bot.rng.below(len(moves))] | AUTO_CLAIM
    owed = g.returns
    g.returns = 0
    brain.know(g, p)
    brain.set_root(g, p, 0)
    hand = g.hand[p]
    n = g.hand_n[p]
    worth = [-WIN] * n
    for h in range(n):
        if hand[h] >= FIRST_TACTIC:
            worth[h] = _COST[hand[h] - FIRST_TACTIC] // 2  # kept for later
    for c in range(n):
        plays = _card_plays(brain, g, p, c)
        if plays is None:
            continue
        for m in plays:
            card = move_card(m)
            v = brain.delta(g, p, m, 0)
            if card >= FIRST_TACTIC:
                v += _COST[card - FIRST_TACTIC]  # keeping it is not spending it
            for h in range(n):
                if hand[h] == card and v > worth[h]:
                    worth[h] = v
    g.returns = owed
    # The two least worth (ties: the first found).
    a = -1
    b = -1
    for h in range(n):
        if a < 0 or worth[h] < worth[a]:
            b = a
            a = h
        elif b < 0 or worth[h] < worth[b]:
            b = h
    if owed == 1:
        return return_move(hand[a]) | AUTO_CLAIM
    return return_move(hand[b], hand[a]) | AUTO_CLAIM
