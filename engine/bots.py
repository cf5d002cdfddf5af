"""The built-in opponents, by level.

Every level plays only legal moves and claims every stone it can prove.
``Bot(level, seed).choose(game)`` answers for the player to move; it reads
only what that player may see (the table, its own hand, the other hand's
size and the pile's size) because it works on a copy from which the rest is
hidden.

- ``easy``: plausible but weak.  It plays a card from its hand at random,
  but where that card fits best: beside the same colour, a neighbouring
  value, the same value; finishing a side when it can.
- ``medium``: a real heuristic.  It judges each placement on its own stone
  (``engine.ai.Judge.stone``): the formation it can still complete there
  against the best one the opponent can still reach, less a toll for
  showing a card the opponent's best completion somewhere would use (it
  holds the cards the opponent needs), and it keeps high cards.
- ``hard``: search over hidden information.  It deals the cards it cannot
  see into ``worlds`` sampled worlds (the other hand, the pile's order),
  each consistent with all it knows, and takes the opponent's prospects at
  every stone from its hand and next draws there; then it tries every
  placement and judges the whole board: every stone, runs of three adjacent
  stones, proofs, and any claim that would win at once.  Its work is fixed
  (worlds x placements), never timed, so a seed replays its play.

In the tactics variant the same three levels play through ``engine.tbots``
(elite troops, combat modes, ruses, the Scout's return step, the choice of
pile), on a copy with the other hand and both piles hidden too.
"""

from micropython import const

from engine.formation import best_completion
from engine.game import AUTO_CLAIM, EXPERT, N_STONES, NOBODY, PASS, SIDE_MAX, TACTICS, Game
from engine.rng import Random

MYPY = False
if MYPY:  # the type check only: a board loads engine.ai on the first classic turn
    from engine.ai import Judge  # noqa: F401

LEVELS = ("easy", "medium", "hard")


def _fit(game, card, stone, player):
    # How well ``card`` joins the cards already at ``stone``.
    i = stone * 2 + player
    k = game.n[i]
    if k == 0:
        return 1
    base = i * 3
    c = card // 9
    v = card % 9
    score = 0
    same_colour = True
    same_value = True
    near = True
    for j in range(k):
        other = game.side[base + j]
        if other // 9 != c:
            same_colour = False
        d = other % 9 - v
        if d:
            same_value = False
        if d == 0 or d > 2 or d < -2:
            near = False
    if same_colour:
        score += 3
    if same_value:
        score += 4
    if near:
        score += 3
    return score * k


_WIN = const(1000000)  # engine.ai.WIN: a judgement that wins at once
_TIE = const(3)  # random tie-break added to judgements
_WINNING = const(1 << 20)  # flag on a move that wins at once
WINNING = _WINNING


class Bot:
    def __init__(self, level="medium", seed=0):
        if level not in LEVELS:
            raise ValueError("unknown level %r" % (level,))
        self.level = level
        self.rng = Random(seed)
        # The classic judge and view, made on the first classic turn: a
        # tactics match never loads engine.ai.
        self.view = None  # type: Game | None
        self.judge = None  # type: Judge | None
        self.before = bytearray(N_STONES)
        self.need_mask = [0] * 6
        self.noise = 12  # easy: random part of a placement's score
        self.toll = 60  # medium: cost of showing a card the opponent needs
        self.worlds = 8  # hard: worlds sampled per move
        self.keep = 6  # hard: placements judged again, in depth
        self.top_v = [0] * 8
        self.top_m = [0] * 8
        self.horizon = 2  # hard: the opponent's next draws counted in a world
        self.tactics = None  # engine.tbots.Brain, made on the first tactics turn

    def choose(self, game):
        """A legal move for the player to move in ``game``, with every
        provable claim (``AUTO_CLAIM``).  ``game`` is left as it was."""
        if game.variant == TACTICS:
            from engine import tbots

            return tbots.choose(self, game)
        g = self.view
        if g is None:
            from engine.ai import Judge

            g = self.view = Game()
            self.judge = Judge(hope=8, lack=30) if self.level == "hard" else Judge()
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
        if self.level == "easy":
            m = self._easy(g, p, stones)
        elif self.level == "medium":
            m = self._medium(g, p, stones)
        else:
            m = self._hard(g, p, stones)
        return m | AUTO_CLAIM

    def _easy(self, g, p, stones):
        # It does not choose its card: one at random, placed where it fits
        # best, finishing a side when it can.
        card = g.hand[p][self.rng.below(g.hand_n[p])]
        best = -1
        pick = 0
        for s in range(N_STONES):
            if not stones >> s & 1:
                continue
            score = _fit(g, card, s, p) * 16 + self.rng.below(self.noise)
            if g.n[s * 2 + p] == SIDE_MAX - 1:
                score += 8  # finishing a side opens a claim
            if score > best:
                best = score
                pick = card | s << 6
        return pick

    def _medium(self, g, p, stones):
        # Medium: each placement judged on its own stone.  The stone's
        # chance after the card, minus before, minus a toll for showing a
        # card the opponent's best completion somewhere would use, plus a
        # little for keeping high cards.
        judge = self.judge
        assert judge is not None  # made by choose
        hand = g.hand[p]
        judge.know(g, p)
        before = self.before
        for s in range(N_STONES):
            before[s] = judge.stone(g, s, p) // 4 if stones >> s & 1 else 0
        needed = self._needed(g, p)
        best = None
        pick = 0
        for h in range(g.hand_n[p]):
            card = hand[h]
            toll = self.toll if needed[card // 9] >> (card % 9) & 1 else 0
            for s in range(N_STONES):
                if not stones >> s & 1:
                    continue
                token = g.place_tentatively(card, s)
                judge.leave(card)  # ``know`` after the placement
                v = judge.stone(g, s, p) - before[s] * 4 - toll - card % 9 + self.rng.below(_TIE)
                judge.back(card)
                g.retract(token, s)
                if best is None or v > best:
                    best = v
                    pick = card | s << 6
        return pick

    def _needed(self, g, p):
        # Per colour, a mask of the cards in p's hand that the opponent's
        # best completion at some open stone would use.
        judge = self.judge
        assert judge is not None  # made by choose
        out = self.need_mask
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

    def _judged(self, g, p, stones, keep=0):
        # Every placement tried on the table, the best-judged kept; with
        # ``keep``, the ``keep`` best go to self.top_m (best first) too.
        hand = g.hand[p]
        judge = self.judge
        assert judge is not None  # made by choose
        classic = g.variant != EXPERT
        top_v = self.top_v
        top_m = self.top_m
        for i in range(keep):
            top_v[i] = -_WIN - 1
        judge.begin(g, p)
        best = None
        pick = 0
        for h in range(g.hand_n[p]):
            card = hand[h]
            for s in range(N_STONES):
                if not stones >> s & 1:
                    continue
                m = card | s << 6
                token = g.place_tentatively(card, s)
                if classic:
                    claims = g.claimable(p)
                    if claims and g.wins_with(p, claims):
                        g.retract(token, s)
                        return m | WINNING
                v = judge.value_after(g, p, card, s) + self.rng.below(_TIE)
                g.retract(token, s)
                if best is None or v > best:
                    best = v
                    pick = m
                if keep and v > top_v[keep - 1]:
                    keep_best(top_v, top_m, keep, v, m)
        return pick

    def _hard(self, g, p, stones):
        # Sample the worlds; judge every placement with the opponent's
        # prospects taken from them; then judge the few best again with
        # p's own next draws in each world too, and keep the best of those.
        judge = self.judge
        assert judge is not None  # made by choose
        judge.sample(g, p, self.rng, self.worlds, self.horizon)
        keep = self.keep
        if len(self.top_v) < keep:
            self.top_v = [0] * keep
            self.top_m = [0] * keep
        m = self._judged(g, p, stones, keep)
        if m & WINNING or keep < 2:
            return m & ~WINNING
        judge.deep = True
        judge.begin(g, p)
        best = None
        for i in range(keep):
            if self.top_v[i] < -_WIN:
                break
            cand = self.top_m[i]
            s = cand >> 6 & 15
            token = g.place_tentatively(cand & 63, s)
            v = judge.value_after(g, p, cand & 63, s)
            g.retract(token, s)
            if best is None or v > best:
                best = v
                m = cand
        judge.deep = False
        return m

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

