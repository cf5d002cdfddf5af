"""Random play: complete games with every claim checked.

Used by the tests (whole seeded games, on CPython and MicroPython alike) and
by ``make bench``.  A random player places a random hand card at a random
open stone, then claims every stone it can prove.
"""

from engine.game import NOBODY, TACTICS, make_game
from engine.moves import AUTO_CLAIM, DRAW_TACTIC, PASS, move
from engine.rng import Random


def random_move(game, rng):
    """A random legal placement for the player to move, claiming all it can."""
    p = game.to_move
    stones = game.open_stones(p)
    n = game.hand_n[p]
    if not stones or not n:
        return PASS | AUTO_CLAIM
    card = game.hand[p][rng.below(n)]
    count = 0
    mask = stones
    while mask:
        count += mask & 1
        mask >>= 1
    pick = rng.below(count)
    s = 0
    while True:
        if stones >> s & 1:
            if not pick:
                break
            pick -= 1
        s += 1
    return move(card, s) | AUTO_CLAIM


def random_game(seed, variant=0, game=None, moves=None):
    """Play one random round dealt from ``seed``; returns the game (over).
    ``moves``, a list, receives every move as played."""
    rng = Random(seed)
    if game is None:
        game = make_game(variant)
    if variant != TACTICS:
        game.variant = variant
    game.deal(seed, rng.below(2))
    pick = random_tactics_move if variant == TACTICS else random_move
    while game.winner == NOBODY:
        m = pick(game, rng)
        if moves is not None:
            moves.append(m)
        game.apply(m)
    return game


def random_tactics_move(game, rng):
    """A random legal move of the tactics variant for the player to move
    (any play, then a random pile to draw from), claiming all it can."""
    m = game.legal_move_at(rng.below(game.legal_count()))
    if rng.below(2):
        m |= DRAW_TACTIC
    return m | AUTO_CLAIM
