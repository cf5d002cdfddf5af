"""What the bots of both variants share: the easy levels' choice of stone
(``fit``), what a player knows of the unseen clan cards (``split_unseen``,
``add_draws``), the runs of three adjacent stones (``adjacency``), the
moves judged best so far (``begin_best``, ``keep_best``) and ``WIN``, the
value of a won round.

``engine.ai`` (the classic and expert levels) and ``engine.tbots`` (the
tactics levels) import it; it imports neither them nor ``engine.bots``
(the levels' dispatcher, which loads one of them on a bot's first turn),
so the bots' modules stand in no import circle.
"""

from micropython import const

from engine.cards import FIRST_TACTIC
from engine.game import N_STONES

WIN = const(1000000)  # a round won: above every judgement of both variants' levels


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
