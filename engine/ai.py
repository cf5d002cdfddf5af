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
  curve;
- a stone is only as sure as the turns it still takes: hard's judge takes
  ``tempo`` off for every card ``p`` must still place there.

The position's value adds the stones up and weighs runs of three adjacent
stones, the quick way to win.  Everything is small ints: no floats, no
allocation.

One module, though long: the classic levels' judgement and search load
together on a classic match's first bot turn and go together when it ends
(``hw.app``); in parts, each would cost a board a module's name, path and
globals for code that never runs alone.
"""

from micropython import const

from engine import botkit
from engine.botkit import WIN
from engine.cards import NO_CARD
from engine.classic import Game
from engine.formation import CURVE, rank3
from engine.threat import best_completion, threat
from engine.game import EXPERT, N_STONES, NOBODY, SIDE_MAX
from engine.moves import AUTO_CLAIM, PASS, move, move_card, move_stone

CERTAIN = const(1000)
# The levels' budgets (fixed, never timed: a seed replays the same play).
_NOISE = const(12)  # easy: random part of a placement's score
_TOLL = const(60)  # medium: cost of showing a card the opponent needs
_WORLDS = const(8)  # hard: worlds sampled per move
_KEEP = const(3)  # hard: placements judged again, in depth
_HORIZON = const(2)  # hard: the opponent's next draws counted in a world
_EXACT = const(500)  # hard, the pile empty: positions the exact search may reach (0: none)
_PILE_END = const(54)  # deck_pos of an empty clan pile


class Judge:
    """Scratch space and weights for evaluating positions."""

    def __init__(self, hope=24, lack=14, adjacent=3, tempo=0):
        self.hope = hope  # discount a card p must still draw
        self.lack = lack  # discount a card the opponent still lacks
        self.adjacent = adjacent  # weight of three adjacent stones
        self.tempo = tempo  # a stone's chance less this per card p must still place
        self.hand_mask = [0] * 6
        self.hand_n = bytearray(9)
        self.pool_mask = [0] * 6
        self.pool_n = bytearray(9)
        self.odds = bytearray(N_STONES)  # per stone, chance / 4
        self.worlds = 0  # sampled worlds in use (see ``sample``)
        self.deep = False  # with worlds: p's own prospects from its draws too
        self.my_horizon = 3  # deep: p's next draws counted in a world
        self.draws_mask = []  # type: list
        self.draws_n = bytearray(0)
        self.root = [0] * N_STONES  # ``begin``: each stone's chance
        self.uses = bytearray(N_STONES * 54)  # ``begin``: the cards each rests on
        self.recording = False
        self.theirs_r = bytearray(0)
        # Answers that hold while p's hand and the unseen cards stay as they
        # are (``key``: 64 as ``know`` found them, a card while ``leave``
        # has taken it from the hand), or for as long as ``know``'s answers
        # (``epoch``) stand.
        self.key = 64
        self.epoch = 0
        self.theirs_key = [-1] * N_STONES  # no worlds: the opponent's prospect per stone
        self.theirs_v = [0] * N_STONES
        self.after_v = [0] * N_STONES  # value_after: a stone the card's leaving changed
        self.after_c = bytearray(N_STONES)  # ... for which card (+ 1)
        self.empty_key = -2  # an empty side's prospect, the same at every stone
        self.empty_mine = 0
        self.empty_sure = 0  # ... and its completions, for ``_uses``
        self.empty_hoped = 0
        self.sure = 0  # ``_mine``'s completions, the last worked out
        self.hoped = 0
        self.mix_key = -2  # deep: p's hand with its draws, per world
        self.mixes_m = []  # type: list
        self.mixes_n = []  # type: list
        self.wempty_r = [0] * 0  # deep: an empty side's prospect per world (-1 unknown)
        self.wempty_p = [0] * 0

    def sample(self, game, p, rng, worlds, horizon):
        """Judge the opponent's prospects from sampled worlds: ``worlds``
        deals of the cards ``p`` cannot see, consistent with everything
        ``p`` knows.  In each, the opponent's best completion at every open
        stone from its hand and its next ``horizon`` draws is kept; ``stone``
        then averages over the worlds instead of trusting the whole pool.
        ``worlds`` 0 turns sampling off."""
        self.worlds = worlds
        self.mix_key = -2
        if not worlds:
            return
        if len(self.theirs_r) < worlds * N_STONES:
            self.theirs_r = bytearray(worlds * N_STONES)
            self.draws_mask = [0] * (worlds * 6)
            self.draws_n = bytearray(worlds * 9)
            self.mixes_m = [[0] * 6 for _ in range(worlds)]
            self.mixes_n = [bytearray(9) for _ in range(worlds)]
            self.wempty_r = [0] * worlds
            self.wempty_p = [0] * worlds
        # Each world is dealt on ``game`` itself, what it dealt over put
        # back after (``secrets``, ``reveal``): no second game on the heap.
        kept = game.secrets(p)
        tm = self.pool_mask  # scratch: ``know`` refills both
        tn = self.pool_n
        q = 1 - p
        side = game.side
        out = self.theirs_r
        for d in range(worlds):
            game.determinize(p, rng)
            for c in range(6):
                tm[c] = 0
            for v in range(9):
                tn[v] = 0
            hand = game.hand[q]
            for h in range(game.hand_n[q]):
                card = hand[h]
                tm[card // 9] |= 1 << (card % 9)
                tn[card % 9] += 1
            botkit.add_draws(game.deck, game.deck_pos + 1, horizon, tm, tn)  # p draws next, then the opponent
            # p's own next draws in this world, for ``deep`` judgements.
            dm = self.draws_mask
            dn = self.draws_n
            for c in range(6):
                dm[d * 6 + c] = 0
            for v in range(9):
                dn[d * 9 + v] = 0
            pos = game.deck_pos
            for _ in range(self.my_horizon):
                if pos >= 54:
                    break
                card = game.deck[pos]
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
        game.reveal(p, kept)

    def know(self, game, p):
        """Split the unseen cards into ``p``'s hand and the rest (the pool:
        the other hand and the pile)."""
        botkit.split_unseen(game, p, self.hand_mask, self.hand_n, self.pool_mask, self.pool_n)
        self.key = 64
        self.empty_key = -2
        self.mix_key = -2
        self.epoch += 1
        if self.epoch > 1 << 28:
            self.epoch = 1
            for s in range(N_STONES):
                self.theirs_key[s] = -1

    def leave(self, card):
        """``know`` after p placed ``card`` from its hand (tentatively):
        the pool, the other unseen cards, stays as it was."""
        c = card // 9
        v = card % 9
        self.hand_mask[c] &= ~(1 << v)
        self.hand_n[v] -= 1
        self.key = card

    def back(self, card):
        """Undo ``leave``: the card is in the hand again."""
        c = card // 9
        v = card % 9
        self.hand_mask[c] |= 1 << v
        self.hand_n[v] += 1
        self.key = 64

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
        worlds = self.worlds
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
        elif worlds and self.deep and kj < SIDE_MAX and not self.recording:
            mine = 0  # each world's own, below
        elif ki == 0:
            mine = self._mine_empty(game, s, side, bi)
        else:
            mine = self._mine(game, s, ki, side, bi)
        if kj == SIDE_MAX:
            theirs = game.rank[j]
            # No completion of p's side beats it: the opponent can prove it.
            w = threat(game.unseen, game.unseen_n, ki, side[bi], side[bi + 1], theirs)
            if w == 0:
                return 0
            self._uses(s, w)
        elif worlds:
            # The mean chance over the sampled worlds.
            total = 0
            rs = self.theirs_r
            if self.deep and ki < SIDE_MAX:
                if self.mix_key != self.key:
                    self._mix()
                for d in range(worlds):
                    x = (self._mine_in_world(d, s, ki, side, bi) - rs[d * N_STONES + s]) // 4 + 32
                    total += CURVE[0 if x < 0 else 64 if x > 64 else x]
            else:
                for d in range(worlds):
                    x = (mine - rs[d * N_STONES + s]) // 4 + 32
                    total += CURVE[0 if x < 0 else 64 if x > 64 else x]
            return self._paced(total * 4 // worlds, ki)
        elif self.theirs_key[s] == self.epoch:
            # The opponent's side and the pool stay while p places cards.
            theirs = self.theirs_v[s]
        else:
            w = best_completion(self.pool_mask, self.pool_n, kj, side[bj], side[bj + 1])
            if w == 0:
                theirs = 0
            else:
                theirs = self._rank(side, bj, kj, w)
                theirs -= self.lack * self._missing(w, None)
            self.theirs_key[s] = self.epoch
            self.theirs_v[s] = theirs
        d = (mine - theirs) // 4 + 32
        if d < 0:
            d = 0
        elif d > 64:
            d = 64
        return self._paced(CURVE[d] * 4, ki)

    def _paced(self, x, k):
        # A stone is only as sure as p's turns to finish it: each card p
        # must still place at it (k placed) takes ``tempo`` off its chance,
        # so that what p could finish later it finishes now, before the
        # opponent wins a run or its fifth stone elsewhere.
        top = CERTAIN - self.tempo * (SIDE_MAX - k)
        return top if x > top else x

    def _mine(self, game, s, k, side, base):
        # p's prospect at its side of stone s (k cards, not full): the best
        # from its hand (sure) or, less a discount for every card still to
        # draw, from the hand and the unseen cards (hoped for).
        a = side[base]
        b = side[base + 1]
        hm = self.hand_mask
        sure = best_completion(hm, self.hand_n, k, a, b)
        mine = 0
        if sure:
            self._uses(s, sure)
            mine = self._rank(side, base, k, sure)
        hoped = best_completion(game.unseen, game.unseen_n, k, a, b)
        if hoped:
            self._uses(s, hoped)
            r = self._rank(side, base, k, hoped) - self.hope * self._missing(hoped, hm)
            if r > mine:
                mine = r
        self.sure = sure
        self.hoped = hoped
        return mine

    def _mine_empty(self, game, s, side, base):
        # ``_mine`` for an empty side: the same at every stone while the
        # hand and the unseen cards are, so worked out once (its cards kept
        # for ``_uses``).
        if self.empty_key != self.key:
            self.empty_key = self.key
            self.empty_mine = self._mine(game, s, 0, side, base)
            self.empty_sure = self.sure
            self.empty_hoped = self.hoped
        elif self.recording:
            self._uses(s, self.empty_sure)
            self._uses(s, self.empty_hoped)
        return self.empty_mine

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
        uses = self.uses
        for i in range(len(uses)):  # (cleared in place: no zero copy kept for it)
            uses[i] = 0
        after_c = self.after_c
        for s in range(N_STONES):
            after_c[s] = 0
        self.recording = True
        self.know(game, p)
        for s in range(N_STONES):
            self.root[s] = self.stone(game, s, p)
        self.recording = False

    def value_after(self, game, p, card, stone):
        """``value`` of ``game`` where ``p`` has just placed ``card`` at
        ``stone`` (tentatively), after ``begin`` on the table before it.
        Only the card's own stone and the stones that used the card are
        judged again; the latter once a card, whatever its stone."""
        w = game.winner
        if w != NOBODY:
            return WIN if w == p else -WIN if w == 1 - p else 0
        self.leave(card)
        odds = self.odds
        total = 0
        uses = self.uses
        root = self.root
        after_v = self.after_v
        after_c = self.after_c
        tag = card + 1
        for s in range(N_STONES):
            if s == stone:
                x = self.stone(game, s, p)
            elif not uses[s * 54 + card]:
                x = root[s]
            elif after_c[s] == tag:
                x = after_v[s]
            else:
                x = self.stone(game, s, p)
                after_v[s] = x
                after_c[s] = tag
            odds[s] = x // 4
            total += x
        self.back(card)
        return self._board(total)

    def _mix(self):
        # deep: per world, p's hand with its next draws there.
        self.mix_key = self.key
        hm = self.hand_mask
        hn = self.hand_n
        dm = self.draws_mask
        dn = self.draws_n
        wr = self.wempty_r
        for d in range(self.worlds):
            mm = self.mixes_m[d]
            mn = self.mixes_n[d]
            for c in range(6):
                mm[c] = hm[c] | dm[d * 6 + c]
            for v in range(9):
                mn[v] = hn[v] + dn[d * 9 + v]
            wr[d] = -1

    def _mine_in_world(self, d, s, k, side, base):
        # p's best completion from its hand and its next draws in world d
        # (``_mix`` first); an empty side's the same at every stone.
        if k == 0:
            r = self.wempty_r[d]
            if r < 0:
                packed = best_completion(self.mixes_m[d], self.mixes_n[d], 0, NO_CARD, NO_CARD)
                self.wempty_p[d] = packed
                r = self._rank(None, 0, 0, packed) if packed else 0
                self.wempty_r[d] = r
            if self.recording:
                self._uses(s, self.wempty_p[d])
            return r
        packed = best_completion(self.mixes_m[d], self.mixes_n[d], k, side[base], side[base + 1])
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
        for s in range(N_STONES):
            x = self.stone(game, s, p)
            odds[s] = x // 4
            total += x
        return self._board(total)

    def _board(self, total):
        # The stones' chances (``total``, and each in ``odds``) with the
        # runs of three adjacent stones, for and against.
        return 2 * total - N_STONES * CERTAIN + self.adjacent * botkit.adjacency(self.odds) * 4


# -- the classic and expert levels (``engine.bots``) ----------------------

_TIE = const(3)  # random tie-break added to judgements
_WINNING = const(1 << 20)  # flag on a move that wins at once


def choose(bot, game):
    """The classic and expert turns of ``bot`` (an ``engine.bots.Bot``): a
    legal move for the player to move in ``game``, with every provable
    claim (``AUTO_CLAIM``).  ``game`` is left as it was."""
    if bot.judge is None:
        bot.judge = Judge(hope=8, lack=30, tempo=60) if bot.level == "hard" else Judge()
        bot.before = bytearray(N_STONES)
        bot.need_mask = [0] * 6
        bot.top_v = [0] * _KEEP
        bot.top_m = [0] * _KEEP
    g = bot.view
    if g is None:
        g = bot.view = Game()
    if bot.endgame is not None and game.deck_pos < _PILE_END:
        # A new round: the exact search's code and space go back to the heap.
        from engine import unload

        bot.endgame = None
        unload("engine.endgame")
    if g is not game:  # (a game lent to think on: Bot.choose_on)
        g.copy_from(game)
    p = g.to_move
    g.hide(p)
    if g.variant == EXPERT:
        # Claims come first; claims that win end the round before the
        # card, so any card will do.  (A claimable stone is full on the
        # claimant's side, so claims never close an open stone.)
        claims = g.claimable(p)
        if claims and g.wins_with(p, claims):
            return g.any_placement(p) | AUTO_CLAIM
    stones = g.open_stones(p)
    if not stones or not g.hand_n[p]:
        return PASS | AUTO_CLAIM
    if bot.level == "easy":
        m = _easy(bot, g, p, stones)
    elif bot.level == "medium":
        m = _medium(bot, g, p, stones)
    else:
        m = _hard(bot, g, p, stones)
        if _EXACT and g.deck_pos >= _PILE_END:
            # The pile empty, the round is a game of perfect information:
            # m stands unless an exact search finds it gives a win away.
            from engine.endgame import exact_move

            m = exact_move(bot, g, p, m, _EXACT, _KEEP)
    return m | AUTO_CLAIM


def _easy(bot, g, p, stones):
    # It does not choose its card: one at random, placed where it fits
    # best, finishing a side when it can.
    card = g.hand[p][bot.rng.below(g.hand_n[p])]
    best = -1
    pick = 0
    for s in range(N_STONES):
        if not stones >> s & 1:
            continue
        score = botkit.fit(g, card, s, p, SIDE_MAX) * 16 + bot.rng.below(_NOISE)
        if g.n[s * 2 + p] == SIDE_MAX - 1:
            score += 8  # finishing a side opens a claim
        if score > best:
            best = score
            pick = move(card, s)
    return pick


def _medium(bot, g, p, stones):
    # Medium: each placement judged on its own stone.  The stone's
    # chance after the card, minus before, minus a toll for showing a
    # card the opponent's best completion somewhere would use, plus a
    # little for keeping high cards.
    judge = bot.judge
    assert judge is not None  # made by choose
    hand = g.hand[p]
    judge.know(g, p)
    before = bot.before
    for s in range(N_STONES):
        before[s] = judge.stone(g, s, p) // 4 if stones >> s & 1 else 0
    needed = _needed(bot, g, p)
    best = None
    pick = 0
    for h in range(g.hand_n[p]):
        card = hand[h]
        toll = _TOLL if needed[card // 9] >> (card % 9) & 1 else 0
        for s in range(N_STONES):
            if not stones >> s & 1:
                continue
            m = move(card, s)
            token = g.play_tentatively(m)
            judge.leave(card)  # ``know`` after the placement
            v = judge.stone(g, s, p) - before[s] * 4 - toll - card % 9 + bot.rng.below(_TIE)
            judge.back(card)
            g.unplay(m, token)
            if best is None or v > best:
                best = v
                pick = m
    return pick


def _needed(bot, g, p):
    # Per colour, a mask of the cards in p's hand that the opponent's
    # best completion at some open stone would use.
    judge = bot.judge
    assert judge is not None  # made by choose
    out = bot.need_mask
    for c in range(6):
        out[c] = 0
    q = 1 - p
    side = g.side
    for s in range(N_STONES):
        j = s * 2 + q
        k = g.n[j]
        if g.owner[s] != NOBODY or k == SIDE_MAX:
            continue
        w = best_completion(g.unseen, g.unseen_n, k, side[j * 3], side[j * 3 + 1])
        while w:
            card = (w & 63) - 1
            w >>= 6
            if judge.hand_mask[card // 9] >> (card % 9) & 1:
                out[card // 9] |= 1 << (card % 9)
    return out


def _judged(bot, g, p, stones, keep=0):
    # Every placement tried on the table, the best-judged kept; with
    # ``keep``, the ``keep`` best go to bot.top_m (best first) too.
    hand = g.hand[p]
    judge = bot.judge
    assert judge is not None  # made by choose
    classic = g.variant != EXPERT
    top_v = bot.top_v
    top_m = bot.top_m
    k = keep or 1  # (the first of the best is the one returned)
    botkit.begin_best(top_v, top_m, k, 0)
    judge.begin(g, p)
    for h in range(g.hand_n[p]):
        card = hand[h]
        for s in range(N_STONES):
            if not stones >> s & 1:
                continue
            m = move(card, s)
            token = g.play_tentatively(m)
            if classic:
                claims = g.claimable(p)
                if claims and g.wins_with(p, claims):
                    g.unplay(m, token)
                    return m | _WINNING
            v = judge.value_after(g, p, card, s) + bot.rng.below(_TIE)
            g.unplay(m, token)
            if v > top_v[k - 1]:
                botkit.keep_best(top_v, top_m, k, v, m)
    return top_m[0]


def _hard(bot, g, p, stones):
    # Sample the worlds; judge every placement with the opponent's
    # prospects taken from them; then judge the few best again with
    # p's own next draws in each world too, and keep the best of those.
    judge = bot.judge
    assert judge is not None  # made by choose
    judge.sample(g, p, bot.rng, _WORLDS, _HORIZON)
    m = _judged(bot, g, p, stones, _KEEP)
    if m & _WINNING or _KEEP < 2:
        return m & ~_WINNING
    return _second_look(bot, g, p, _KEEP)


def _second_look(bot, g, p, keep):
    # The best of the first look's ``keep`` best (bot.top_m, after
    # ``_judged`` with the worlds still sampled), each judged again with
    # p's own next draws in each world too.
    judge = bot.judge
    judge.deep = True
    judge.begin(g, p)
    best = None
    m = bot.top_m[0]
    for i in range(keep):
        if bot.top_v[i] < -WIN:
            break
        cand = bot.top_m[i]
        token = g.play_tentatively(cand)
        v = judge.value_after(g, p, move_card(cand), move_stone(cand))
        g.unplay(cand, token)
        if best is None or v > best:
            best = v
            m = cand
    judge.deep = False
    return m
