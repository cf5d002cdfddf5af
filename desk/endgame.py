"""Exact play once the clan pile is empty (the classic and expert variants).

With the pile empty, the cards a player cannot see are exactly the other
hand: the round has become a game of perfect information, and the few
moves left can be searched to their end.  ``Endgame.win(game, limit)``
looks for a move that wins the round whatever the other player does
(alpha-beta over win or not-win: a draw counts as not won), trying at most
``limit`` positions.

The strength notebook's instrument (tools/strength/notebook.md, tools/strength/endgame.py):
it measured how little such a search would add to the hard level, so no
board carries it.  It is written as a board would need it all the same
(no recursion: a board's Python stack holds a dozen nested calls at most;
no allocation), as the measure of its cost on a board was part of that.

Every move is searched with ``AUTO_CLAIM``: claiming a stone as soon as it
is proved only takes places away from the other player, so it never costs
the claimer.  The search walks the round with ``apply`` and ``undo``: it
allocates nothing but the round's history entries.
"""

from micropython import const

from engine.game import N_STONES, NOBODY
from engine.moves import AUTO_CLAIM, PASS

WON = const(1)  # the player to move wins whatever the other does
NOT_WON = const(0)  # they cannot force a win (a loss or a draw)
UNKNOWN = const(2)  # the limit came first
_STONE = const(6)  # (engine.moves' layout: card | stone << 6)
_ENTER = const(3)  # (the walk: a position reached, not yet valued)
_DEPTH = const(32)  # moves below the root's: both hands' cards and the passes between


def reveal(game, player):
    """Deal the cards ``player`` cannot see into the other hand: with the
    pile empty, they are exactly that hand.  ``game`` is a copy from which
    the other hand was hidden (``hide``)."""
    other = game.hand[1 - player]
    mine = game.hand[player]
    mine_n = game.hand_n[player]
    unseen = game.unseen
    k = 0
    for card in range(54):
        if unseen[card // 9] >> (card % 9) & 1:
            for h in range(mine_n):
                if mine[h] == card:
                    break
            else:
                other[k] = card
                k += 1
    return k == game.hand_n[1 - player]


class Endgame:
    def __init__(self):
        self.nodes = 0  # positions tried by the last search
        self.limit = 0
        self.root = 0  # the player the search is for
        # Per depth of the walk (moves made below the root's move): the
        # stones open to the mover (0: they pass), and the next hand card
        # and stone to try: the walk's own stack.
        self.stones = [0] * _DEPTH
        self.h_at = bytearray(_DEPTH)
        self.s_at = bytearray(_DEPTH)

    def win(self, game, limit):
        """A move (with ``AUTO_CLAIM``) that wins the round for the player
        to move in ``game`` (pile empty, both hands known) whatever the
        other player does; else NOT_WON when there is none, or UNKNOWN when
        ``limit`` positions did not settle it.  ``game`` is left as it
        was."""
        self.nodes = 0
        self.limit = limit
        p = self.root = game.to_move
        stones = game.open_stones(p)
        n = game.hand_n[p]
        if not stones or not n:
            v = self.after(game, PASS | AUTO_CLAIM)
            return PASS | AUTO_CLAIM if v == WON else v
        hand = game.hand[p]
        for h in range(n):
            card = hand[h]
            for s in range(N_STONES):
                if stones >> s & 1:
                    m = card | s << _STONE | AUTO_CLAIM
                    v = self.after(game, m)
                    if v != NOT_WON:
                        return m if v == WON else UNKNOWN
        return NOT_WON

    def after(self, game, m):
        """WON when move ``m`` of the root player (``self.root``, to move
        in ``game``) wins the round whatever the other does; NOT_WON, or
        UNKNOWN when the limit comes first."""
        game.apply(m)
        v = self._walk(game)
        game.undo()
        return v

    def _walk(self, game):
        # The value of the position for the root player: a depth-first
        # walk with apply and undo, cut as soon as the player to move at a
        # position finds a move that settles it their way.  UNKNOWN arises
        # only at the limit, and then ends the walk.
        root = self.root
        stones_at = self.stones
        h_at = self.h_at
        s_at = self.s_at
        d = 0  # moves made below the root's
        v = _ENTER
        while True:
            if v == _ENTER:
                w = game.winner
                if w != NOBODY:
                    v = WON if w == root else NOT_WON
                    continue
                if self.nodes >= self.limit:
                    while d:
                        game.undo()
                        d -= 1
                    return UNKNOWN
                self.nodes += 1
                p = game.to_move
                stones = game.open_stones(p)
                if not stones or not game.hand_n[p]:
                    stones_at[d] = 0
                    game.apply(PASS | AUTO_CLAIM)
                    d += 1
                    continue
                stones_at[d] = stones
                h_at[d] = 0
                s_at[d] = 0
            else:
                # v is settled at depth d: back to the position before.
                if not d:
                    return v
                d -= 1
                game.undo()
                if not stones_at[d] or (v == WON) == (game.to_move == root):
                    continue  # a pass, or the mover's best: settled here too
            # The next move at depth d, if any.
            p = game.to_move
            stones = stones_at[d]
            n = game.hand_n[p]
            h = h_at[d]
            s = s_at[d]
            while h < n:
                while s < N_STONES and not stones >> s & 1:
                    s += 1
                if s < N_STONES:
                    break
                h += 1
                s = 0
            if h >= n:
                # Every move tried, none settled it the mover's way.
                v = NOT_WON if p == root else WON
                continue
            h_at[d] = h
            s_at[d] = s + 1
            game.apply(game.hand[p][h] | s << _STONE | AUTO_CLAIM)
            d += 1
            v = _ENTER
