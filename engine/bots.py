"""The built-in opponents, by level.

Every level plays only legal moves and claims every stone it can prove.
``Bot(level, seed).choose(game)`` answers for the player to move; it reads
only what that player may see (the table, its own hand, the other hand's
size and the pile's size) because it works on a copy from which the rest is
hidden.

- ``easy``: plausible but weak.  It places the card that best fits a side
  (same colour, neighbouring value, same value) and keeps high cards.
- ``medium``: a real heuristic (``engine.ai.Judge``).  It tries every
  placement and keeps the one whose position it judges best: formations it
  can still complete, stones the opponent cannot beat, and the cards it
  holds that the opponent's sides would need.
- ``hard``: search over hidden information (see ``_hard``).
"""

from micropython import const

from engine.ai import Judge
from engine.game import AUTO_CLAIM, EXPERT, N_STONES, PASS, SIDE_MAX, Game
from engine.rng import Random

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


_TIE = const(3)  # random tie-break added to medium's judgements


class Bot:
    def __init__(self, level="medium", seed=0):
        if level not in LEVELS:
            raise ValueError("unknown level %r" % (level,))
        self.level = level
        self.rng = Random(seed)
        self.view = Game()
        self.judge = Judge()

    def choose(self, game):
        """A legal move for the player to move in ``game``, with every
        provable claim (``AUTO_CLAIM``).  ``game`` is left as it was."""
        g = self.view
        g.copy_from(game)
        p = g.to_move
        g.hide(p)
        stones = g.open_stones(p)
        if g.variant == EXPERT:
            # Claims come first and close their stones.
            claims = g.claimable(p)
            if claims and g.wins_with(p, claims):
                stones = 0
            stones &= ~claims
        if not stones or not g.hand_n[p]:
            if stones == 0 and g.hand_n[p] and g.open_stones(p):
                # A winning claim ends the round before the card: any will do.
                return self._first(g, p, g.open_stones(p)) | AUTO_CLAIM
            return PASS | AUTO_CLAIM
        if self.level == "easy":
            m = self._easy(g, p, stones)
        elif self.level == "medium":
            m = self._medium(g, p, stones)
        else:
            m = self._hard(g, p, stones)
        return m | AUTO_CLAIM

    @staticmethod
    def _first(g, p, stones):
        s = 0
        while not stones >> s & 1:
            s += 1
        return g.hand[p][0] | s << 6

    def _easy(self, g, p, stones):
        hand = g.hand[p]
        best = -1
        pick = 0
        for h in range(g.hand_n[p]):
            card = hand[h]
            for s in range(N_STONES):
                if not stones >> s & 1:
                    continue
                score = _fit(g, card, s, p) * 16 + (8 - card % 9) + self.rng.below(12)
                if g.n[s * 2 + p] == SIDE_MAX - 1:
                    score += 8  # finishing a side opens a claim
                if score > best:
                    best = score
                    pick = card | s << 6
        return pick

    def _medium(self, g, p, stones):
        hand = g.hand[p]
        judge = self.judge
        classic = g.variant != EXPERT
        best = None
        pick = 0
        for h in range(g.hand_n[p]):
            card = hand[h]
            for s in range(N_STONES):
                if not stones >> s & 1:
                    continue
                token = g.place_tentatively(card, s)
                if classic:
                    claims = g.claimable(p)
                    if claims and g.wins_with(p, claims):
                        g.retract(token, s)
                        return card | s << 6
                v = judge.value(g, p) + self.rng.below(_TIE)
                g.retract(token, s)
                if best is None or v > best:
                    best = v
                    pick = card | s << 6
        return pick

    def _hard(self, g, p, stones):
        return self._medium(g, p, stones)

