"""Brute-force claim proofs: every completion of the opponent's side tried;
and a plain solver of endgames (``forced_win``).

Slow on purpose and obviously right: the fast proofs (``threat.threat``,
and ``elite.Solver`` in the tactics variant) are cross-checked against it,
and ``make bench`` races them; the exact endgame search
(``engine.endgame``) against ``forced_win``.
"""

from engine.formation import rank3
from engine.game import NOBODY, SIDE_MAX


def unseen_cards(game):
    """The cards not on the table, ascending."""
    out = []
    for c in range(54):
        if game.unseen[c // 9] >> (c % 9) & 1:
            out.append(c)
    return out


def threat(game, stone, player):
    """Like ``Game.claim_threat`` for an early claim, by enumeration: None
    when no completion of the opponent's side beats ``player``'s formation,
    else the cards of one that does (a list)."""
    i = stone * 2 + player
    assert game.owner[stone] == NOBODY and game.n[i] == SIDE_MAX
    mine = game.rank[i]
    theirs = game.cards_at(stone, 1 - player)
    pool = unseen_cards(game)
    need = SIDE_MAX - len(theirs)
    n = len(pool)
    if need == 0:
        return None if mine > rank3(*theirs) or (mine == rank3(*theirs) and game.first[stone] == player) else []
    for x in range(n):
        if need == 1:
            if rank3(theirs[0], theirs[1], pool[x]) > mine:
                return [pool[x]]
            continue
        for y in range(x + 1, n):
            if need == 2:
                if rank3(theirs[0], pool[x], pool[y]) > mine:
                    return [pool[x], pool[y]]
                continue
            for z in range(y + 1, n):
                if rank3(pool[x], pool[y], pool[z]) > mine:
                    return [pool[x], pool[y], pool[z]]
    return None


# -- the tactics variant -------------------------------------------------

def _plain_rank(cards, blind):
    # Rank (as ``engine.elite``) of (colour, value 0..8) pairs, repeats allowed.
    from engine.elite import COLOUR, COLOUR_RUN, KIND, RUN, STEP

    total = 0
    for c, v in cards:
        total += v + 1
    if blind:
        return total
    values = sorted(v for c, v in cards)
    one_colour = len(set(c for c, v in cards)) == 1
    run = all(values[i + 1] == values[i] + 1 for i in range(len(values) - 1))
    if one_colour and run:
        cat = COLOUR_RUN
    elif len(set(values)) == 1:
        cat = KIND
    elif one_colour:
        cat = COLOUR
    elif run:
        cat = RUN
    else:
        cat = 0
    return cat * STEP + total


def _identities(card, colours):
    # Every (colour, value) a card may stand for.  An elite troop's colour
    # only matters through "are all the side's colours the same?", so it
    # tries the colours of the side's clan cards and one more, every value.
    from engine.cards import JOKER, SPY

    if card < JOKER:
        return [(card // 9, card % 9)]
    if card == JOKER:
        values = range(9)
    elif card == SPY:
        values = (6,)
    else:
        values = (0, 1, 2)
    return [(c, v) for c in colours for v in values]


def elite_rank(cards, blind):
    """The best rank of a full side of clan cards and elite troops, every
    choice of the elite troops' colours and values tried."""
    from engine.cards import JOKER

    best = -1
    colours = sorted(set(c // 9 for c in cards if c < JOKER))
    colours.append(min(set(range(6)) - set(colours)))
    choices = [_identities(c, colours) for c in cards]

    def walk(i, picked):
        nonlocal best
        if i == len(choices):
            r = _plain_rank(picked, blind)
            if r > best:
                best = r
            return
        for x in choices[i]:
            picked.append(x)
            walk(i + 1, picked)
            picked.pop()

    walk(0, [])
    return best


def tactics_claimable(game, stone, player):
    """May ``player`` claim ``stone`` now, by enumeration: their full side's
    rank against the best the opponent's side can reach (ties to the
    claimant in a proof, to who completed first between full sides)."""
    if game.owner[stone] != NOBODY or game.n[stone * 2 + player] < game.cap(stone):
        return False
    blind = game.mode[stone] & 1
    mine = elite_rank(game.cards_at(stone, player), blind)
    theirs = game.cards_at(stone, 1 - player)
    if len(theirs) == game.cap(stone):
        r = elite_rank(theirs, blind)
        return mine > r or (mine == r and game.first[stone] == player)
    return tactics_best(game, stone, 1 - player)[0] <= mine


def tactics_pool(game, player):
    """The cards ``player`` could still add to a side: unseen clan cards
    and the elite troops not yet played (one Joker at most, none for a
    player with a Joker on their side)."""
    from engine.cards import JOKER, SHIELD, SPY

    pool = unseen_cards(game)
    if game.out[0] < 2 and not game.jokers_on[player]:
        pool.append(JOKER)
    if not game.out[1]:
        pool.append(SPY)
    if not game.out[2]:
        pool.append(SHIELD)
    return pool


def tactics_best(game, stone, player):
    """The best rank ``player`` can reach at ``stone`` by enumeration, and
    the cards added (-1 and None when the side cannot be completed)."""
    from engine.tactics import MODE_BLIND

    cap = game.cap(stone)
    blind = game.mode[stone] & MODE_BLIND
    have = game.cards_at(stone, player)
    pool = tactics_pool(game, player)
    need = cap - len(have)
    best = [-1, None]
    cache = {}

    def walk(start, picked):
        if len(picked) == need:
            key = tuple(sorted(have + picked))
            r = cache.get(key)
            if r is None:
                r = cache[key] = elite_rank(have + picked, blind)
            if r > best[0]:
                best[0] = r
                best[1] = list(picked)
            return
        for x in range(start, len(pool)):
            picked.append(pool[x])
            walk(x + 1, picked)
            picked.pop()

    walk(0, [])
    return best[0], best[1]


def forced_win(game, root=None, memo=None):
    """Can ``root`` (default: the player to move) win the round in
    ``game`` whatever the other player does, once the clan pile is empty
    and both hands are known?  Every legal move tried, with its claims
    made as soon as they are proved (``AUTO_CLAIM``), each position
    valued once (``memo``): slow and plain, the check of the exact
    endgame search (``engine.endgame``), which shares none of its walk.
    ``game`` is left as it was."""
    from engine.moves import AUTO_CLAIM

    if root is None:
        root = game.to_move
    if memo is None:
        memo = {}
    if game.winner != NOBODY:
        return game.winner == root
    key = (bytes(game.side), bytes(game.owner), bytes(game.first), game.to_move,
           bytes(sorted(game.hand_cards(0))), bytes(sorted(game.hand_cards(1))))
    if key in memo:
        return memo[key]
    mine = game.to_move == root
    value = not mine
    for m in game.legal_moves():
        game.apply(m | AUTO_CLAIM)
        v = forced_win(game, root, memo)
        game.undo()
        if v == mine:
            value = mine
            break
    memo[key] = value
    return value
