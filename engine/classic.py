"""One round of the classic and expert variants: the state, the moves, apply
and undo.

Everything lives in bytearrays and small ints so that a board can hold it and
a bot can walk a game tree with ``apply``/``undo`` without allocating.

A side is the (up to) three cards one player placed at one stone; side ``i``
of stone ``s`` for player ``p`` is ``s * 2 + p``, its cards are
``side[i * 3 : i * 3 + 3]``.  Moves and what both variants share are
``engine.game``'s.
"""

from micropython import const

from engine.cards import NO_CARD
from engine.formation import rank3
from engine.threat import threat, unpack
from engine.game import CLASSIC, EXPERT, HAND_SIZE, N_STONES, NOBODY, SIDE_MAX, Stones, lowest
from engine.moves import AUTO_CLAIM, CLASSIC_BITS, PASS, PLAYED, move, move_card, move_claims, move_stone, with_claims

# An undo record is one int: the move as it took effect (its PLAYED bits:
# card, stone, claims), where the card sat in the hand, and what else the
# move changed.
_R_HAND_SHIFT = const(19)
_R_DREW = const(1 << 22)
_R_FIRST = const(1 << 23)
_R_PLACED = const(1 << 24)
_R_MOVER_SHIFT = const(25)
_HISTORY_ROOM = const(64)  # a round's moves: 54 cards and a few passes


class Game(Stones):
    """A round in play.  ``to_move`` is the player whose turn it is."""

    def __init__(self, variant=CLASSIC):
        self.variant = variant
        Stones.__init__(self, HAND_SIZE, HAND_SIZE, SIDE_MAX, _HISTORY_ROOM)
        self.clear()

    def copy_from(self, other):
        """Become a copy of ``other`` (without its history)."""
        self.variant = other.variant
        Stones.copy_from(self, other)

    def determinize(self, player, rng):
        """Deal the cards ``player`` cannot see (not on the table, not in
        their hand) at random into the other hand and the pile: one world
        consistent with what ``player`` knows."""
        n = self._unseen_shuffled(player, rng)
        self._fill_unseen(player, n, self.hand_n[1 - player])

    # -- reading the table -------------------------------------------------

    def open_stones(self, player):
        """Mask of the stones where ``player`` may still place a card."""
        mask = 0
        n = self.n
        owner = self.owner
        for s in range(N_STONES):
            if owner[s] == NOBODY and n[s * 2 + player] < SIDE_MAX:
                mask |= 1 << s
        return mask

    def can_place(self, player):
        return self.hand_n[player] > 0 and self.open_stones(player) != 0

    # -- claims ------------------------------------------------------------

    def _threat(self, stone, player, k, cap, mine):
        # claim_threat's answer when the opponent's side is not full: a
        # packed counterexample (see ``threat.unpack``), unseen cards that
        # would complete it into a formation beating ``mine``, or 0.
        b = (stone * 2 + 1 - player) * 3
        side = self.side
        return threat(self.unseen, self.unseen_n, k, side[b], side[b + 1], mine)

    def _beaten_by(self, stone, player, t):
        cards = unpack(t)
        theirs = self.cards_at(stone, 1 - player) + cards
        return cards, rank3(theirs[0], theirs[1], theirs[2]) >> 5

    def play_tentatively(self, m):
        """Place the card of move ``m`` (claims aside) from the mover's hand
        at its stone without ending the turn, so that a screen can show the
        table before asking for claims; returns a token for ``unplay``."""
        p = self.to_move
        card = move_card(m)
        stone = move_stone(m)
        h = self.hand_index(p, card)
        if h < 0 or not self.open_stones(p) >> stone & 1:
            raise ValueError("cannot place %d at stone %d" % (card, stone))
        return h | self._place(p, h, stone)

    def unplay(self, m, token):
        """Take back ``play_tentatively(m)``."""
        self._unplace(self.to_move, token & 7, move_stone(m), token)

    def claimable_after(self, m):
        """Mask of the stones the player to move could claim after the play
        of move ``m`` (its claims aside; a PASS: none placed)."""
        if move_card(m) == PASS:
            return self.claimable(self.to_move)
        token = self.play_tentatively(m)
        ok = self.claimable(self.to_move)
        self.unplay(m, token)
        return ok

    def any_placement(self, player):
        """Some legal placement for ``player`` (its first card at its first
        open stone), or PASS: for a turn whose claims already won."""
        stones = self.open_stones(player)
        if not stones or not self.hand_n[player]:
            return PASS
        return move(self.hand[player][0], lowest(stones))

    def spell_claims(self, m):
        """Move ``m`` of the player to move, with an ``AUTO_CLAIM`` flag
        replaced by the stones it would claim."""
        if not m & AUTO_CLAIM:
            return m
        m &= ~AUTO_CLAIM
        if self.variant == EXPERT:
            claims = self.claimable(self.to_move)
        else:
            claims = self.claimable_after(m)
        return with_claims(m, claims)

    # -- placing -----------------------------------------------------------

    def put(self, stone, player, card):
        """Lay ``card`` on ``player``'s side of ``stone`` from outside any
        hand, to set up a position.  Returns _R_FIRST when it completed the
        stone's first full side."""
        i = stone * 2 + player
        k = self.n[i]
        b = i * 3
        self.side[b + k] = card
        self.n[i] = k + 1
        c = card // 9
        v = card % 9
        self.unseen[c] &= ~(1 << v)
        self.unseen_n[v] -= 1
        if k == 2:
            side = self.side
            self.rank[i] = rank3(side[b], side[b + 1], card)
            if self.first[stone] == NOBODY:
                self.first[stone] = player
                return _R_FIRST
        return 0

    def _place(self, player, h, stone):
        # Place hand card ``h`` of ``player`` at ``stone``; returns the undo
        # flags.  The card swaps places with the hand's last one.
        return self.put(stone, player, self._take(player, h))

    def _unplace(self, player, h, stone, flags):
        i = stone * 2 + player
        k = self.n[i] - 1
        self.n[i] = k
        b = i * 3
        card = self.side[b + k]
        self.side[b + k] = NO_CARD
        self.rank[i] = 0
        if flags & _R_FIRST:
            self.first[stone] = NOBODY
        c = card // 9
        v = card % 9
        self.unseen[c] |= 1 << v
        self.unseen_n[v] += 1
        hand = self.hand[player]
        last = self.hand_n[player]
        hand[last] = hand[h]
        hand[h] = card
        self.hand_n[player] = last + 1

    # -- moves -------------------------------------------------------------

    def legal_moves(self, player=-1, out=None, only=-1):
        """The placements open to ``player`` (default: the player to move),
        as moves without claims; ``[PASS]`` when none is.  With ``out``, a
        list of the caller's, refilled and returned; with ``only``, those
        of that card alone."""
        if player < 0:
            player = self.to_move
        stones = self.open_stones(player)
        if out is None:
            out = []
        else:
            del out[:]
        if stones:
            hand = self.hand[player]
            for h in range(self.hand_n[player]):
                if only < 0 or hand[h] == only:
                    for s in range(N_STONES):
                        if stones >> s & 1:
                            out.append(move(hand[h], s))
        if not out:
            out.append(PASS)
        return out

    def check(self, m):
        """None when move ``m`` is legal for the player to move, else the
        reason, one line, for people: stones and slots counted from 1, as
        the screens and the text game count them."""
        if self.winner != NOBODY:
            return "the round is over"
        p = self.to_move
        card = move_card(m)
        stone = move_stone(m)
        claims = move_claims(m)
        if m >> CLASSIC_BITS or (m & AUTO_CLAIM and claims):
            return "malformed move"
        stones = self.open_stones(p)
        if self.variant == EXPERT:
            ok = self.claimable(p)
            if claims & ~ok:
                return "claim not provable: stone %d" % (lowest(claims & ~ok) + 1)
            if m & AUTO_CLAIM:
                claims = ok
            stones &= ~claims  # claimed before the card is placed
        if card == PASS:
            if stone:
                return "malformed move"
            if self.hand_n[p] and stones:
                return "cannot pass: a card can be placed"
        else:
            if stone >= N_STONES:
                return "no stone %d" % (stone + 1)
            h = self.hand_index(p, card)
            if h < 0:
                return "card not in hand"
            if not stones >> stone & 1:
                if self.owner[stone] != NOBODY or claims >> stone & 1:
                    return "stone %d is claimed" % (stone + 1)
                return "stone %d: side is full" % (stone + 1)
        if self.variant == CLASSIC and claims:
            ok = self.claimable_after(m)
            if claims & ~ok:
                return "claim not provable: stone %d" % (lowest(claims & ~ok) + 1)
        return None

    def apply(self, m):
        """Play move ``m`` for the player to move (trusted: see ``check``):
        claims and placement in the variant's order, then the draw, then the
        turn passes.  Ends the round on a winning claim or a stall."""
        p = self.to_move
        card = move_card(m)
        stone = move_stone(m)
        claims = move_claims(m)
        rec = p << _R_MOVER_SHIFT
        done = 0
        expert = self.variant == EXPERT
        if expert:
            if m & AUTO_CLAIM:
                claims = self.claimable(p)
            if claims:
                done = self._claims(claims, p)
        if self.winner == NOBODY and card != PASS:
            h = self.hand_index(p, card)
            rec |= h << _R_HAND_SHIFT | self._place(p, h, stone) | _R_PLACED
        if not expert:
            if m & AUTO_CLAIM:
                claims = self.claimable(p)
            if claims:
                done = self._claims(claims, p)
        if self.winner == NOBODY:
            if card != PASS and self.deck_pos < 54:
                hand = self.hand[p]
                hand[self.hand_n[p]] = self.deck[self.deck_pos]
                self.hand_n[p] += 1
                self.deck_pos += 1
                rec |= _R_DREW
            self.to_move = 1 - p
            self._check_stall()
        self.history.append(move(card, stone, done) | rec)

    def move_count(self):
        """Moves played so far in the round."""
        return len(self.history)

    def round_moves(self):
        """The moves of the round so far, as they can be played again: each
        with the claims that took effect spelled out."""
        out = []
        for rec in self.history:
            out.append(rec & PLAYED)
        return out

    def last_move(self):
        """The last move as played (claims as they took effect)."""
        return self.history[-1] & PLAYED

    def last_played(self):
        """(card placed or PASS, stone, claims mask) of the last move."""
        rec = self.history[-1]
        card = move_card(rec) if rec & _R_PLACED else PASS
        return card, move_stone(rec), move_claims(rec)

    def last_turn(self):
        """(player, move, drew, -1) of the last move, as the tactics game
        says it (drew: 1 when a card was drawn)."""
        rec = self.history[-1]
        card = move_card(rec) if rec & _R_PLACED else PASS
        return rec >> _R_MOVER_SHIFT & 1, move(card, move_stone(rec), move_claims(rec)), 1 if rec & _R_DREW else 0, -1

    def undo(self):
        """Take back the last move."""
        rec = self.history.pop()
        p = rec >> _R_MOVER_SHIFT & 1
        self.winner = NOBODY
        self.to_move = p
        if rec & _R_DREW:
            self.hand_n[p] -= 1
            self.deck_pos -= 1
        self._unclaim(move_claims(rec), p)
        if rec & _R_PLACED:
            self._unplace(p, rec >> _R_HAND_SHIFT & 7, move_stone(rec), rec)
