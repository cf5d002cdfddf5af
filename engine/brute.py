"""Brute-force claim proofs: every completion of the opponent's side tried.

Slow on purpose and obviously right: the fast proof in ``formation.threat``
is cross-checked against it, and ``make bench`` races the two.
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
