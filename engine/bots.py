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

The classic and expert levels are ``engine.ai``'s, loaded on the first
classic turn; in the tactics variant the same three levels play through
``engine.tbots`` (elite troops, combat modes, ruses, the Scout's return
step, the choice of pile), on a copy with the other hand and both piles
hidden too.  A board holds only its variant's.
"""

from micropython import const

from engine.cards import FIRST_TACTIC
from engine.game import LEVELS, N_STONES, TACTICS
from engine.rng import Random

WIN = const(1000000)  # a round won: above every judgement of both variants' levels
MYPY = False
if MYPY:  # the type check only: a board loads these on the first turn of their variant
    from engine.ai import Judge  # noqa: F401
    from engine.classic import Game  # noqa: F401


class Bot:
    def __init__(self, level="medium", seed=0):
        if level not in LEVELS:
            raise ValueError("unknown level %r" % (level,))
        self.level = level
        self.rng = Random(seed)
        # The classic judge and view, made on the first classic turn
        # (engine.ai): a tactics match never loads engine.ai nor
        # engine.classic.
        self.view = None  # type: Game | None
        self.judge = None  # type: Judge | None
        self.before = bytearray(N_STONES)
        self.need_mask = [0] * 6
        self.noise = 12  # easy: random part of a placement's score
        self.toll = 60  # medium: cost of showing a card the opponent needs
        self.worlds = 8  # hard: worlds sampled per move
        self.keep = 3  # hard: placements judged again, in depth
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
        from engine import ai

        return ai.choose(self, game)


def fit(game, card, stone, player, room):
    """How well clan card ``card`` joins ``player``'s cards at ``stone``
    (sides of ``room`` places; tactic cards there do not count): the
    easy levels' choice of stone, in both variants."""
    i = stone * 2 + player
    k = game.n[i]
    if k == 0:
        return 1
    base = i * room
    c = card // 9
    v = card % 9
    same_colour = True
    same_value = True
    near = True
    for j in range(k):
        other = game.side[base + j]
        if other >= FIRST_TACTIC:
            continue
        if other // 9 != c:
            same_colour = False
        d = other % 9 - v
        if d:
            same_value = False
        if d == 0 or d > 2 or d < -2:
            near = False
    score = 0
    if same_colour:
        score += 3
    if same_value:
        score += 4
    if near:
        score += 3
    return score * k


def split_unseen(game, p, hm, hn, pm, pn):
    """What ``p`` knows of the unseen clan cards, as per colour a mask of
    values and per value a count: those in its hand (``hm``, ``hn``) and the
    rest, the pool (``pm``, ``pn``: the other hand and the pile).  Both
    variants' judgements start from this."""
    for c in range(6):
        hm[c] = 0
        pm[c] = game.unseen[c]
    for v in range(9):
        hn[v] = 0
        pn[v] = game.unseen_n[v]
    hand = game.hand[p]
    for h in range(game.hand_n[p]):
        card = hand[h]
        if card < FIRST_TACTIC:
            c = card // 9
            v = card % 9
            hm[c] |= 1 << v
            hn[v] += 1
            pm[c] &= ~(1 << v)
            pn[v] -= 1


def add_draws(deck, pos, n, masks, counts):
    """Add to ``masks``/``counts`` (per colour, per value) the next ``n``
    clan cards one player draws from ``deck`` (a sampled world's pile,
    ``pos`` that player's next draw, every second card theirs)."""
    for _ in range(n):
        if pos >= 54:
            break
        card = deck[pos]
        masks[card // 9] |= 1 << (card % 9)
        counts[card % 9] += 1
        pos += 2


def adjacency(odds):
    """The runs of three adjacent stones, for and against, from each stone's
    chance (``odds``, 0..250): both variants' whole-board judgement."""
    adj = 0
    for s in range(N_STONES - 2):
        a = odds[s]
        b = odds[s + 1]
        c = odds[s + 2]
        adj += (a * b // 250) * c // 250 - ((250 - a) * (250 - b) // 250) * (250 - c) // 250
    return adj


def begin_best(top_v, top_m, keep, m):
    """Empty the ``keep`` best so far (``top_v``/``top_m``, best first;
    ``keep`` at least 1: the first is the best); ``m`` is the answer while
    no move is judged."""
    for i in range(keep):
        top_v[i] = -WIN - 1
    top_m[0] = m


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
