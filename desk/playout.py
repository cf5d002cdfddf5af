"""Random play: complete games with every claim checked.

Used by the tests (whole seeded games, on CPython and MicroPython alike) and
by ``make bench``.  A random player places a random hand card at a random
open stone, then claims every stone it can prove.  The generators below walk
random rounds and matches position by position, and find the early claims
met on the way.
"""

from engine.game import N_STONES, NOBODY, TACTICS, make_game
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
    pick = random_player(variant)
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


def random_player(variant):
    """``random_move``, or ``random_tactics_move`` for the tactics variant."""
    return random_tactics_move if variant == TACTICS else random_move


def random_positions(game, seed):
    """Every position of a random round of ``game`` dealt from ``seed`` (the
    seed's low bit the starter) until it is over, the over one left out:
    the game itself, played on after each."""
    rng = Random(seed)
    game.deal(seed, seed & 1)
    pick = random_player(game.variant)
    while game.winner == NOBODY:
        yield game
        game.apply(pick(game, rng))


def full_sides(game):
    """``(stone, player, need)`` at each stone still open where the
    player's side is full: an early claim when ``need``, the cards the other
    side still lacks, is not 0."""
    for s in range(N_STONES):
        if game.owner[s] != NOBODY:
            continue
        cap = game.cap(s)
        for p in range(2):
            if game.n[s * 2 + p] == cap:
                yield s, p, cap - game.n[s * 2 + 1 - p]


def random_match(match, rng):
    """Play ``match`` to its end at random (``rng``), every move's claims
    spelled out as saves and records keep them; yields the moves so far (one
    list, growing) after each move, a round it ends scored first."""
    pick = random_player(match.game.variant)
    moves = []
    while not match.over():
        game = match.game
        m = game.spell_claims(pick(game, rng))
        game.apply(m)
        moves.append(m)
        if game.winner != NOBODY:
            match.finish_round()
        yield moves
