"""Built-in opponents.

``easy``: a plausible but weak player.  It places the card that best fits a
side it can still complete (same colour, neighbouring value, same value),
keeps high cards for later, and claims every stone it can prove.
"""

from engine.game import AUTO_CLAIM, N_STONES, PASS, SIDE_MAX


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


def easy_move(game, rng):
    """A move for the player to move, with every provable claim."""
    p = game.to_move
    stones = game.open_stones(p)
    n = game.hand_n[p]
    if not stones or not n:
        return PASS | AUTO_CLAIM
    hand = game.hand[p]
    best = -1
    pick = 0
    for h in range(n):
        card = hand[h]
        for s in range(N_STONES):
            if not stones >> s & 1:
                continue
            score = _fit(game, card, s, p) * 16 + (8 - card % 9) + rng.below(12)
            if game.n[s * 2 + p] == SIDE_MAX - 1:
                score += 8  # finishing a side opens a claim
            if score > best:
                best = score
                pick = card | s << 6
    return pick | AUTO_CLAIM


LEVELS = {"easy": easy_move}
