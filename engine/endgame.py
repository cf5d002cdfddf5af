"""Exact play once the clan pile is empty (the classic and expert variants).

With the pile empty, the cards a player cannot see are exactly the other
hand: the round has become a game of perfect information, and the few
moves left can be searched to their end.  ``Endgame.win(game, limit)``
looks for a move that wins the round whatever the other player does
(alpha-beta over win or not-win: a draw counts as not won), reaching at
most ``limit`` positions: work counted, never timed, so that a seed
replays a bot's play.

The hard level loads this module at its turns with the pile empty
(``engine.ai``) and forgets it otherwise; the strength notebook's
instruments use it too (``desk.endgame``).  No recursion (a board's Python
stack holds a dozen nested calls at most) and no allocation: the search
walks the round with ``apply`` and ``undo`` on its own small stack, and
allocates nothing but the round's history entries.

Every move is searched with ``AUTO_CLAIM``: claiming a stone as soon as it
is proved only takes places away from the other player, so it never costs
the claimer.
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
_NO_KILLER = const(255)  # (no killer move at that depth yet)
_KILLING = const(255)  # (h_at: the killer move is being tried)


def reveal(game, player):
    """Deal the cards ``player`` cannot see into the other hand: with the
    pile empty, they are exactly that hand.  ``game`` is a copy from which
    the other hand was hidden (``hide``).  False when the unseen cards are
    not as many as that hand holds (nothing to search)."""
    other = game.hand[1 - player]
    mine = game.hand[player]
    mine_n = game.hand_n[player]
    unseen = game.unseen
    size = game.hand_n[1 - player]
    k = 0
    for card in range(54):
        if unseen[card // 9] >> (card % 9) & 1:
            for h in range(mine_n):
                if mine[h] == card:
                    break
            else:
                if k == size:
                    return False
                other[k] = card
                k += 1
    return k == size


def _among(first, k, m):
    # Is ``m`` one of the first ``k`` moves of ``first`` (tried already)?
    for i in range(k):
        if first[i] | AUTO_CLAIM == m:
            return True
    return False


def exact_move(bot, g, p, m, limit, keep):
    """The hard level's move (``engine.ai``) for ``p`` in its view ``g``
    (the other hand hidden, the pile empty), where its own choice is
    ``m`` and its first look's ``keep`` best are ``bot.top_m``: ``m``
    stands unless the search (``bot.endgame``, made now), trying ``m``
    first, then the others of ``bot.top_m``, then the rest, finds within
    ``limit`` positions that ``m`` does not win the round whatever comes
    and another move does.  Counted work: a seed replays the same play;
    nothing is drawn from ``bot.rng``."""
    search = bot.endgame
    if search is None:
        search = bot.endgame = Endgame()
    search.found = 0
    if not reveal(g, p):
        return m
    top = bot.top_m  # (the first look's scratch, done with: m first)
    for i in range(keep):
        if top[i] == m:
            top[i] = top[0]
            break
    top[0] = m
    w = search.win(g, limit, top, keep)
    if w & AUTO_CLAIM:
        search.found = w  # (the round is won: what the review asks, engine.review)
        return w & ~AUTO_CLAIM
    return m


class Endgame:
    def __init__(self):
        self.nodes = 0  # positions reached by the last search
        self.found = 0  # exact_move's last: the winning move it found (with AUTO_CLAIM), 0 for none
        self.limit = 0
        self.root = 0  # the player the search is for
        # Per depth of the walk (moves made below the root's move): the
        # stones open to the mover (0: they pass), and the next hand card
        # and stone to try: the walk's own stack.
        self.stones = [0] * _DEPTH
        self.h_at = bytearray(_DEPTH)
        self.s_at = bytearray(_DEPTH)
        # Per depth, the move that last settled a position there (its card,
        # NO_KILLER for none, and stone): tried first at the next position
        # of that depth, as it often settles that one too.
        self.k_card = bytearray(_DEPTH)
        self.k_stone = bytearray(_DEPTH)

    def win(self, game, limit, first=None, k=0):
        """A move (with ``AUTO_CLAIM``) that wins the round for the player
        to move in ``game`` (pile empty, both hands known) whatever the
        other player does; else NOT_WON when there is none, or UNKNOWN when
        ``limit`` positions did not settle it.  The first ``k`` moves of
        the list ``first`` (placements of that player, with or without
        ``AUTO_CLAIM``; one not legal there is passed over) are tried
        before the others, in that order.  ``game`` is left as it was."""
        self.nodes = 0
        self.limit = limit
        k_card = self.k_card
        for d in range(_DEPTH):
            k_card[d] = _NO_KILLER
        p = self.root = game.to_move
        stones = game.open_stones(p)
        n = game.hand_n[p]
        if not stones or not n:
            v = self._after(game, PASS | AUTO_CLAIM)
            return PASS | AUTO_CLAIM if v == WON else v
        for i in range(k):
            m = first[i] | AUTO_CLAIM
            if not stones >> (m >> _STONE & 15) & 1 or game.hand_index(p, m & 63) < 0 or _among(first, i, m):
                continue
            v = self._after(game, m)
            if v != NOT_WON:
                return m if v == WON else UNKNOWN
        hand = game.hand[p]
        for h in range(n):
            card = hand[h]
            for s in range(N_STONES):
                m = card | s << _STONE | AUTO_CLAIM
                if stones >> s & 1 and not _among(first, k, m):
                    v = self._after(game, m)
                    if v != NOT_WON:
                        return m if v == WON else UNKNOWN
        return NOT_WON

    def after(self, game, m, limit):
        """WON when move ``m`` of the player to move in ``game`` wins the
        round whatever the other does; NOT_WON, or UNKNOWN when ``limit``
        positions did not settle it.  ``game`` is left as it was."""
        self.nodes = 0
        self.limit = limit
        self.root = game.to_move
        return self._after(game, m)

    def _after(self, game, m):
        game.apply(m)
        v = self._walk(game)
        game.undo()
        return v

    def _walk(self, game):
        # The value of the position for the root player: a depth-first
        # walk with apply and undo, cut as soon as the player to move at a
        # position finds a move that settles it their way (that depth's
        # killer then, tried first at the next position there).  Every
        # position reached counts, the move's own included; UNKNOWN arises
        # only at the limit, and then ends the walk.
        root = self.root
        stones_at = self.stones
        h_at = self.h_at
        s_at = self.s_at
        k_card = self.k_card
        k_stone = self.k_stone
        history = game.history
        d = 0  # moves made below the root's
        v = _ENTER
        while True:
            if v == _ENTER:
                if self.nodes >= self.limit:
                    while d:
                        game.undo()
                        d -= 1
                    return UNKNOWN
                self.nodes += 1
                w = game.winner
                if w != NOBODY:
                    v = WON if w == root else NOT_WON
                    continue
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
                card = k_card[d]
                if card != _NO_KILLER and stones >> k_stone[d] & 1 and game.hand_index(p, card) >= 0:
                    h_at[d] = _KILLING  # (the killer first, then the others)
                    game.apply(card | k_stone[d] << _STONE | AUTO_CLAIM)
                    d += 1
                    continue
            else:
                # v is settled at depth d: back to the position before.
                if not d:
                    return v
                d -= 1
                last = history[-1]
                game.undo()
                if not stones_at[d]:
                    continue  # a pass: settled here too
                if (v == WON) == (game.to_move == root):
                    k_card[d] = last & 63  # the mover's best: settled here too
                    k_stone[d] = last >> _STONE & 15
                    continue
                if h_at[d] == _KILLING:
                    h_at[d] = 0
            # The next move at depth d, if any (the killer passed over).
            p = game.to_move
            stones = stones_at[d]
            n = game.hand_n[p]
            hand = game.hand[p]
            h = h_at[d]
            s = s_at[d]
            card = k_card[d]
            killer = k_stone[d]
            while h < n:
                while s < N_STONES and (not stones >> s & 1 or (s == killer and hand[h] == card)):
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
            game.apply(hand[h] | s << _STONE | AUTO_CLAIM)
            d += 1
            v = _ENTER
