"""The tactics variant: a round with 7-card hands and the ten tactic cards.

``TacticsGame`` keeps the contract of every round (``engine.game.Stones``:
``deal``, ``legal_moves``, ``check``, ``apply``, ``undo``, ``claimable``,
``why_not``, ...) so that matches, bots, screens and the link take either.

A side holds up to four cards (Mud fight); side ``i`` of stone ``s`` for
player ``p`` is ``s * 2 + p`` and its cards are ``side[i * 4 : i * 4 + 4]``,
in the order placed.

A move is one int (``engine.moves``):

- a clan card or an elite troop: placed at ``stone``;
- Blind man's bluff, Mud fight: played on ``stone``;
- Scout: ``stone`` is how many of the three cards come from the tactic pile;
  the same player then owes a *return* move naming the cards put back;
- Strategist: the card at ``slot`` of the mover's side of ``stone`` goes to
  ``dest``, another stone, or is discarded (``dest`` = DISCARD);
- Banshee: the card at ``slot`` of the opponent's side of ``stone`` is
  discarded;
- Traitor: the clan card at ``slot`` of the opponent's side of ``stone``
  goes to the mover's side of ``dest``.

Claims follow the play, as in the classic game, and the draw follows the
claims: from the tactic pile with ``DRAW_TACTIC``, else from the clan pile;
from the other pile when the chosen one is empty.  The Scout's three cards
replace the draw.

It is built in three layers, each a class: ``TacticsTable``, the table and
how a play changes it; ``TacticsRules``, what may be played (one walk of the
rules gives the list of legal moves, and one check gives the reason a move
is not); ``TacticsGame``, moves played, tried and undone.

The rule decisions behind all this are in docs/rules.md ("Tactics variant").

One module, though long: its three classes are one round in use (a game
is always a ``TacticsGame``; the layers only order the reading), loaded
together when a tactics match begins; as three modules a board would hold
three modules' names and globals for nothing.
"""

from micropython import const

from engine.cards import (BANSHEE, BLIND, FIRST_TACTIC, JOKER, MUD, NO_CARD, SCOUT, SHIELD, SPY, STRATEGIST,
                          TACTIC_DECK, TRAITOR)
from engine.elite import STEP, W_JOKER, Solver
from engine.formation import rank3
from engine.game import NOBODY, TACTICS, Stones, lowest
from engine.moves import (AUTO_CLAIM, DISCARD, DRAW_TACTIC, MOVE_BITS, PASS, move, move_card, move_claims, move_dest,
                          move_second, move_slot, move_stone, play_of, return_extra, return_move, returned, ruse_move,
                          with_claims)

N_STONES = const(9)
SIDE_CAP = const(4)  # places per side (four under Mud fight)
HAND_SIZE = const(7)
_HAND_ROOM = const(10)  # a Scout holds up to 9 cards for a moment
MODE_BLIND = const(1)
MODE_MUD = const(2)

_HISTORY_ROOM = const(240)  # a round's history, three ints a move: 80 moves


class _Slicer:
    def __getitem__(self, key):
        return key


# Every item of a list, one slice made once: ``del out[_EVERY]`` empties a
# list and keeps its room, where ``out.clear()`` gives the room back and
# ``del out[:]`` makes a slice each time (and MicroPython cannot call
# ``slice()``).
_EVERY = _Slicer()[:]
del _Slicer  # (made once: its class goes back to the heap)


def _drop(buf, n, card):
    # Take one ``card`` out of ``buf[:n]`` (the last one fills its place);
    # returns the new length.
    for i in range(n):
        if buf[i] == card:
            n -= 1
            buf[i] = buf[n]
            return n
    return n


class TacticsTable(Stones):
    """The table of a tactics round: the hands, piles and sides, the
    combat modes, what a player can know, and the changes a play makes."""

    def __init__(self, variant=TACTICS):
        self.variant = TACTICS  # (the argument is there to match Game's)
        # (unseen: the clan cards neither on the table nor discarded)
        Stones.__init__(self, HAND_SIZE, _HAND_ROOM, SIDE_CAP, _HISTORY_ROOM)
        self.mode = bytearray(N_STONES)
        self.tdeck = bytearray(10)
        self.tpos = 10
        self.discard = bytearray(64)
        self.discard_n = 0
        self.played = bytearray(2)  # tactic cards played per player
        self.out = bytearray(3)  # elite troops placed (on the table or discarded), per kind
        self.jokers_on = bytearray(2)  # Jokers on each player's side
        self.returns = 0  # cards the player to move owes the piles after a Scout
        self.solver = Solver()
        self.clear()

    def clear(self):
        Stones.clear(self)
        for s in range(N_STONES):
            self.mode[s] = 0
        for p in range(2):
            self.played[p] = 0
            self.jokers_on[p] = 0
        for w in range(3):
            self.out[w] = 0
        self.tpos = 10
        self.discard_n = 0
        self.returns = 0

    def copy_from(self, other):
        Stones.copy_from(self, other)
        self.mode[:] = other.mode
        self.tdeck[:] = other.tdeck
        self.tpos = other.tpos
        self.discard[:] = other.discard
        self.discard_n = other.discard_n
        self.played[:] = other.played
        self.out[:] = other.out
        self.jokers_on[:] = other.jokers_on
        self.returns = other.returns

    def deal(self, seed, first_player=0):
        """Shuffle both piles with ``seed`` (the clan pile first) and deal
        seven clan cards each; ``first_player`` plays first and receives
        the first seven."""
        rng = Stones.deal(self, seed, first_player)
        tdeck = self.tdeck
        tdeck[:] = TACTIC_DECK
        rng.shuffle(tdeck)
        self.tpos = 0
        return rng

    def hide(self, player):
        """Forget what ``player`` cannot see: the other hand and both piles."""
        Stones.hide(self, player)
        for i in range(10):
            self.tdeck[i] = NO_CARD

    def secrets(self, player, room=0):
        kept = Stones.secrets(self, player, 10 + room)
        k = len(kept) - 10 - room
        kept[k:k + 10] = self.tdeck
        return kept

    def reveal(self, player, secrets):
        k = Stones.reveal(self, player, secrets)
        for i in range(10):
            self.tdeck[i] = secrets[k + i]
        return k + 10

    def hidden_tactics(self, player):
        """How many tactic cards the other player holds: public, since
        everyone sees which pile a card is drawn from."""
        mine = 0
        hand = self.hand[player]
        for h in range(self.hand_n[player]):
            if hand[h] >= FIRST_TACTIC:
                mine += 1
        return 10 - (10 - self.tpos) - self.played[0] - self.played[1] - mine

    def determinize(self, player, rng):
        """Deal what ``player`` cannot see at random: the other hand (as
        many clan and tactic cards as it holds) and both piles."""
        deck = self.deck
        hand = self.hand[player]
        n = self._unseen_shuffled(player, rng)  # clan cards
        # Tactic cards neither played nor in the player's hand.
        tdeck = self.tdeck
        t = 0
        for card in TACTIC_DECK:
            tdeck[t] = card
            t += 1
        # (each card played, on the table or discarded, or in the hand, out)
        side = self.side
        for i in range(N_STONES * 2):
            b = i * SIDE_CAP
            for j in range(self.n[i]):
                if side[b + j] >= FIRST_TACTIC:
                    t = _drop(tdeck, t, side[b + j])
        for s in range(N_STONES):
            if self.mode[s] & MODE_BLIND:
                t = _drop(tdeck, t, BLIND)
            if self.mode[s] & MODE_MUD:
                t = _drop(tdeck, t, MUD)
        for i in range(self.discard_n):
            if self.discard[i] >= FIRST_TACTIC:
                t = _drop(tdeck, t, self.discard[i])
        for h in range(self.hand_n[player]):
            if hand[h] >= FIRST_TACTIC:
                t = _drop(tdeck, t, hand[h])
        rng.shuffle(tdeck, t)
        other = self.hand[1 - player]
        q = 1 - player
        kt = self.hidden_tactics(player)
        kc = self.hand_n[q] - kt
        self._fill_unseen(player, n, kc)
        for h in range(kt):
            other[kc + h] = tdeck[t - 1 - h]
        t -= kt
        size = 10 - self.tpos
        for i in range(size):
            tdeck[9 - i] = tdeck[t - 1 - i]
        # Below the piles' tops: nothing (no trace of the real order).
        for i in range(self.deck_pos):
            deck[i] = NO_CARD
        for i in range(self.tpos):
            tdeck[i] = NO_CARD

    # -- reading the table -------------------------------------------------

    def cap(self, stone):
        """Cards a side needs at ``stone``: 3, or 4 under Mud fight."""
        return 4 if self.mode[stone] & MODE_MUD else 3

    def tactic_pile_size(self):
        return 10 - self.tpos

    def discards(self):
        return list(self.discard[: self.discard_n])

    def open_stones(self, player):
        """Mask of the stones where ``player`` may still place a card."""
        mask = 0
        owner = self.owner
        n = self.n
        mode = self.mode
        i = player
        for s in range(N_STONES):
            if owner[s] == NOBODY and n[i] < 3 + (mode[s] >> 1 & 1):  # cap(s)
                mask |= 1 << s
            i += 2
        return mask

    # -- claims ------------------------------------------------------------

    def _avail(self, player):
        # Elite kinds ``player`` could still add: those not yet placed,
        # the second Joker only for a player without one on their side.
        avail = 0
        if self.out[0] < 2 and not self.jokers_on[player]:
            avail |= W_JOKER
        if not self.out[1]:
            avail |= 2
        if not self.out[2]:
            avail |= 4
        return avail

    def _rank_side(self, i):
        # The rank of full side ``i`` with its elite troops at their best.
        s = i >> 1
        cap = self.cap(s)
        if self.n[i] < cap:
            self.rank[i] = 0
            return
        b = i * SIDE_CAP
        side = self.side
        if not self.mode[s] and side[b] < FIRST_TACTIC and side[b + 1] < FIRST_TACTIC and side[b + 2] < FIRST_TACTIC:
            # Three clan cards and no mode (a bot's hot path): the classic
            # formation, its category on this variant's scale.
            r = rank3(side[b], side[b + 1], side[b + 2])
            self.rank[i] = (r >> 5) * STEP + (r & 31)
            return
        r = self.solver.best(side, b, cap, cap, self.mode[s] & MODE_BLIND, self.unseen, self.unseen_n, 0)
        self.rank[i] = r

    def _threat(self, stone, player, k, cap, mine):
        # claim_threat's answer when the opponent's side is not full: 1 when
        # the opponent can still beat ``mine``, with the cards that would
        # in ``solver.wit[:solver.wit_n]``; else 0.
        r = self.solver.best(self.side, (stone * 2 + 1 - player) * SIDE_CAP, k, cap, self.mode[stone] & MODE_BLIND,
                             self.unseen, self.unseen_n, self._avail(1 - player))
        return 1 if r > mine else 0

    def _beaten_by(self, stone, player, t):
        # The cards may include elite troops; the category is -1 under
        # Blind man's bluff (only the sum counts).
        sv = self.solver
        cards = list(sv.wit[: sv.wit_n])
        j = stone * 2 + 1 - player
        blind = self.mode[stone] & MODE_BLIND
        r = sv.best(self.side, j * SIDE_CAP, self.n[j], self.cap(stone), blind, self.unseen, self.unseen_n,
                    self._avail(1 - player))
        return cards, -1 if blind else r // STEP

    # -- table changes -----------------------------------------------------

    def put(self, stone, player, card):
        """Lay ``card`` on ``player``'s side of ``stone`` from outside any
        hand, to set up a position (``first`` is the caller's to set)."""
        self._add(stone, player, card, True)

    def _add(self, stone, p, card, fresh):
        # (a bot's hot path: ``cap`` written out)
        i = stone * 2 + p
        n = self.n
        k = n[i]
        self.side[i * SIDE_CAP + k] = card
        n[i] = k + 1
        if card >= FIRST_TACTIC:
            if card == JOKER:
                self.jokers_on[p] += 1
            if fresh:
                self.out[card - JOKER] += 1
        elif fresh:
            v = card % 9
            self.unseen[card // 9] &= ~(1 << v)
            self.unseen_n[v] -= 1
        if k + 1 == 3 + (self.mode[stone] >> 1 & 1):
            self._rank_side(i)
            if self.first[stone] == NOBODY:
                self.first[stone] = p

    def _remove(self, stone, p, slot, fresh):
        # Take the card at ``slot`` off the side (the others close up);
        # with ``fresh`` it goes back to where ``_add`` found it.
        i = stone * 2 + p
        n = self.n
        k = n[i]
        b = i * SIDE_CAP
        side = self.side
        card = side[b + slot]
        for j in range(slot, k - 1):
            side[b + j] = side[b + j + 1]
        side[b + k - 1] = NO_CARD
        n[i] = k - 1
        if card == JOKER:
            self.jokers_on[p] -= 1
        if fresh:
            if card >= FIRST_TACTIC:
                self.out[card - JOKER] -= 1
            else:
                v = card % 9
                self.unseen[card // 9] |= 1 << v
                self.unseen_n[v] += 1
        if k == 3 + (self.mode[stone] >> 1 & 1):
            self.rank[i] = 0
            if self.first[stone] == p:
                self.first[stone] = 1 - p if self.n[i ^ 1] == k else NOBODY
        return card

    def _insert(self, stone, p, slot, card):
        # Undo of a ``_remove`` that was not fresh (first is restored by
        # the caller).
        i = stone * 2 + p
        k = self.n[i]
        b = i * SIDE_CAP
        j = k
        while j > slot:
            self.side[b + j] = self.side[b + j - 1]
            j -= 1
        self.side[b + slot] = card
        self.n[i] = k + 1
        if card == JOKER:
            self.jokers_on[p] += 1
        self._rank_side(i)

    def _set_mode(self, stone, bit):
        self.mode[stone] |= bit
        for p in range(2):
            i = stone * 2 + p
            if bit == MODE_MUD and self.n[i] == 3:
                self.rank[i] = 0
            else:
                self._rank_side(i)
        if bit == MODE_MUD:
            self.first[stone] = NOBODY

    def _unset_mode(self, stone, bit):
        self.mode[stone] &= ~bit
        self._rank_side(stone * 2)
        self._rank_side(stone * 2 + 1)

    def _give_back(self, p, h, card):
        hand = self.hand[p]
        last = self.hand_n[p]
        hand[last] = hand[h]
        hand[h] = card
        self.hand_n[p] = last + 1

    def _undiscard(self):
        # The discard pile's top card, taken back (its place left as it
        # was before: an undone move leaves no trace).
        self.discard_n -= 1
        card = self.discard[self.discard_n]
        self.discard[self.discard_n] = 0
        return card

    def _discard(self, card):
        self.discard[self.discard_n] = card
        self.discard_n += 1


class TacticsRules(TacticsTable):
    """What may be played: the one list of legal moves (``legal_moves``,
    ``legal_count``, ``legal_move_at``) and the one check with its reason
    (``check``)."""

    def may_play_tactic(self, player):
        """The limit: never more than one tactic card ahead of the other."""
        return self.played[player] <= self.played[1 - player]

    def can_play(self, player):
        """Has ``player`` any card to play (or, after a Scout, cards to put
        back)?"""
        hand = self.hand[player]
        n = self.hand_n[player]
        if not n:
            return False
        stones = self.open_stones(player)
        tactic = self.may_play_tactic(player)
        seen = 0
        for h in range(n):
            card = hand[h]
            if card < FIRST_TACTIC:
                if stones:
                    return True
            elif card == NO_CARD:
                return True  # a hidden card (a bot's copy): it may well be playable
            elif tactic and not seen >> (card - FIRST_TACTIC) & 1:
                seen |= 1 << (card - FIRST_TACTIC)
                if self.playable(player, card, stones):
                    return True
        return False

    can_place = can_play  # (the classic game's name: a round stalls when neither can)

    def playable(self, p, card, stones):
        """Has tactic ``card`` a legal use for ``p`` now (``stones``: the
        mask of ``p``'s open stones; the limit on tactic cards aside)?"""
        if card == JOKER:
            return stones != 0 and not self.jokers_on[p]
        if card == SPY or card == SHIELD:
            return stones != 0
        if card == BLIND or card == MUD:
            bit = MODE_BLIND if card == BLIND else MODE_MUD
            for s in range(N_STONES):
                if self.owner[s] == NOBODY and not self.mode[s] & bit:
                    return True
            return False
        if card == SCOUT:
            return self.deck_pos < 54 or self.tpos < 10
        # A ruse needs a card to act on (and a Traitor a place to put it).
        q = p if card == STRATEGIST else 1 - p
        if card == TRAITOR and not stones:
            return False
        for s in range(N_STONES):
            if self.owner[s] != NOBODY:
                continue
            i = s * 2 + q
            for j in range(self.n[i]):
                if card != TRAITOR or self.side[i * SIDE_CAP + j] < FIRST_TACTIC:
                    return True
        return False

    def legal_moves(self, player=-1, out=None, only=-1):
        """Every play open to ``player`` (default: the player to move),
        without claims and drawing from the clan pile; ``[PASS]`` when
        none is.  After a Scout: every way to put the cards back.  With
        ``out``, a list of the caller's, refilled and returned: its room
        stays, so that a bot asking every move allocates nothing.  With
        ``only``, the plays of that card alone (a player choosing where
        it goes: a short list)."""
        if player < 0:
            player = self.to_move
        p = player
        if out is None:
            out = []
        else:
            del out[_EVERY]  # (its room stays: clear() gives it back, out[:] makes a slice)
        hand = self.hand[p]
        n = self.hand_n[p]
        if self.returns and p == self.to_move:
            for k in range(self._returns(p, -1)):
                out.append(self._returns(p, k))
            return out
        stones = self.open_stones(p)
        tactic = self.may_play_tactic(p)
        owner = self.owner
        seen = 0  # tactic kinds done (the two Jokers give the same moves)
        for h in range(n):
            card = hand[h]
            if only >= 0 and card != only:
                continue
            if card < FIRST_TACTIC:
                _at_each(out, card, stones)
                continue
            if card == NO_CARD:
                continue  # a hidden card: nothing to list
            bit = 1 << (card - FIRST_TACTIC)
            if seen & bit or not tactic:
                continue
            seen |= bit
            if card <= SHIELD:
                if card == JOKER and self.jokers_on[p]:
                    continue
                _at_each(out, card, stones)
            elif card == BLIND or card == MUD:
                bit = MODE_BLIND if card == BLIND else MODE_MUD
                for s in range(N_STONES):
                    if owner[s] == NOBODY and not self.mode[s] & bit:
                        out.append(move(card, s))
            elif card == SCOUT:
                if self.deck_pos < 54 or self.tpos < 10:
                    span = self._scout_span()  # (no tuple: random play allocates nothing)
                    for t in range(span & 15, (span >> 4) + 1):
                        out.append(move(card, t))
            else:
                # A ruse: one move per target (none: not playable).
                q = p if card == STRATEGIST else 1 - p
                for s in range(N_STONES):
                    if owner[s] != NOBODY:
                        continue
                    i = s * 2 + q
                    for j in range(self.n[i]):
                        if card == BANSHEE:
                            out.append(ruse_move(card, s, j))
                            continue
                        if card == STRATEGIST:
                            out.append(ruse_move(card, s, j, DISCARD))
                            t = stones & ~(1 << s)
                        elif self.side[i * SIDE_CAP + j] < FIRST_TACTIC:
                            t = stones
                        else:
                            continue
                        d = 0
                        while t:
                            if t & 1:
                                out.append(ruse_move(card, s, j, d))
                            t >>= 1
                            d += 1
        if not out:
            out.append(PASS)
        return out

    _listed = []  # type: list[int]  # legal_count's and legal_move_at's list, shared: refilled each time

    def legal_count(self, player=-1):
        """``len(legal_moves(player))``, in a list the game keeps (random
        play allocates nothing once it has grown)."""
        return len(self.legal_moves(player, self._listed))

    def legal_move_at(self, k, player=-1):
        """``legal_moves(player)[k]``, the same way."""
        out = self.legal_moves(player, self._listed)
        if not 0 <= k < len(out):
            raise IndexError("no legal move %d" % k)
        return out[k]

    def _returns(self, p, k):
        # The ways to put a Scout's cards back, each once (two Jokers in
        # hand are one choice): with ``k < 0`` how many, else the k-th.
        hand = self.hand[p]
        n = self.hand_n[p]
        count = 0
        for a in range(n):
            if _before(hand, a, hand[a], n) >= 0:
                continue  # the same card as an earlier one
            if self.returns == 1:
                if count == k:
                    return return_move(hand[a])
                count += 1
                continue
            for b in range(n):
                # The first copy of each card other than hand[a] itself.
                if b == a or _before(hand, b, hand[b], a) >= 0:
                    continue
                if count == k:
                    return return_move(hand[a], hand[b])
                count += 1
        if k >= 0:
            raise IndexError("no legal move %d" % k)
        return count

    def scout_range(self):
        """How many of a Scout's cards may come from the tactic pile: (lo,
        hi), as the piles hold them."""
        span = self._scout_span()
        return span & 15, span >> 4

    def _scout_span(self):
        # ``scout_range`` as one int, ``lo | hi << 4`` (no tuple to make).
        clan = 54 - self.deck_pos
        tac = 10 - self.tpos
        d = self._scout_draws()
        lo = d - clan if d > clan else 0
        hi = tac if tac < d else d
        return lo | hi << 4

    def _scout_draws(self):
        # How many cards a Scout draws: three, or what the piles hold.
        d = 64 - self.deck_pos - self.tpos
        return 3 if d > 3 else d

    def check(self, m):
        """None when move ``m`` is legal for the player to move, else the
        reason, one line, for people: stones and slots counted from 1, as
        the screens and the text game count them."""
        if self.winner != NOBODY:
            return "the round is over"
        if m < 0 or m >> MOVE_BITS:
            return "malformed move"
        p = self.to_move
        card = move_card(m)
        claims = move_claims(m)
        if m & AUTO_CLAIM and claims:
            return "malformed move"
        hand = self.hand[p]
        if self.returns:
            if return_extra(m):
                return "a Scout's cards must go back first"
            second = move_second(m)
            want = self.returns
            got = (card != PASS) + (second != PASS)
            if got != want or (card == PASS and second != PASS):
                return "put back %d card%s" % (want, "s" if want > 1 else "")
            h = self.hand_index(p, card)
            if h < 0:
                return "card not in hand"
            if second != PASS:
                count = 0
                for i in range(self.hand_n[p]):
                    count += hand[i] == second
                if count < 1 + (second == card):
                    return "card not in hand"
            return None
        if card == PASS:
            if play_of(m) != PASS:
                return "malformed move"
            if self.can_play(p):
                return "cannot pass: a card can be played"
        else:
            if self.hand_index(p, card) < 0:
                return "card not in hand"
            if card >= FIRST_TACTIC and not self.may_play_tactic(p):
                return "tactic card limit: the other player has played fewer"
            why = self._illegal(p, m)
            if why is not None:
                return why
        if claims:
            ok = self.claimable_after(m)
            if claims & ~ok:
                return "claim not provable: stone %d" % (lowest(claims & ~ok) + 1)
        return None

    def _illegal(self, p, m):
        # None when the play ``m`` (claims and draw aside) is open to ``p``,
        # whose hand holds its card and who may play a tactic card; else
        # why not.  The same rules as ``legal_moves``, without the list.
        card = move_card(m)
        stone = move_stone(m)
        slot = move_slot(m)
        dest = move_dest(m)
        if card == SCOUT:
            lo, hi = self.scout_range()
            if slot or dest:
                return "malformed move"
            if stone < lo or stone > hi or (self.deck_pos >= 54 and self.tpos >= 10):
                return "the piles cannot give those cards"
            return None
        if stone >= N_STONES:
            return "no stone %d" % (stone + 1)
        if card < BLIND:  # a clan card or an elite troop
            if slot or dest:
                return "malformed move"
            if self.owner[stone] != NOBODY:
                return "stone %d is claimed" % (stone + 1)
            if card == JOKER and self.jokers_on[p]:
                return "a Joker is already on your side"
            if self.n[stone * 2 + p] >= self.cap(stone):
                return "stone %d: side is full" % (stone + 1)
            return None
        if card == BLIND or card == MUD:
            if slot or dest:
                return "malformed move"
            if self.owner[stone] != NOBODY:
                return "stone %d is claimed" % (stone + 1)
            if self.mode[stone] & (MODE_BLIND if card == BLIND else MODE_MUD):
                return "stone %d already has that combat mode" % (stone + 1)
            return None
        # A ruse: the reasons say which part of its target is wrong.
        i = stone * 2 + (p if card == STRATEGIST else 1 - p)
        if card == BANSHEE and dest:
            return "malformed move"
        if self.owner[stone] != NOBODY:
            return "no such target for that card: stone %d is claimed" % (stone + 1)
        if slot >= self.n[i]:
            return "no such target for that card: no card at slot %d there" % (slot + 1)
        if card == BANSHEE:
            return None
        if card == TRAITOR and self.side[i * SIDE_CAP + slot] >= FIRST_TACTIC:
            return "no such target for that card: the Traitor takes clan cards only"
        if card == STRATEGIST and dest == DISCARD:
            return None
        if dest >= N_STONES:
            return "no stone %d" % (dest + 1)
        if card == STRATEGIST and dest == stone:
            return "no such target for that card: the Strategist moves a card to another stone"
        if self.owner[dest] != NOBODY:
            return "no such target for that card: stone %d is claimed" % (dest + 1)
        if self.n[dest * 2 + p] >= self.cap(dest):
            return "no such target for that card: stone %d: side is full" % (dest + 1)
        return None


class TacticsGame(TacticsRules):
    """A round of the tactics variant in play: moves played, tried and
    undone, and what the last one did."""

    def claimable_after(self, m):
        """Mask of the stones the player to move could claim after the play
        of move ``m`` (claims and draw aside)."""
        card = move_card(m)
        if card == PASS or card == SCOUT:
            return self.claimable(self.to_move)
        token = self.try_play(m)
        ok = self.claimable(self.to_move)
        self.unplay(m, token)
        return ok

    def play_tentatively(self, m):
        """Any play (claims and draw aside) without ending the turn, so
        that a screen can show the table before asking for claims;
        ``unplay`` takes it back.  The token is what undoing it needs:
        ``_play``'s answer, and above it the ``first`` it may change."""
        m = play_of(m)
        if self.returns or self.check(m) is not None:
            raise ValueError("cannot play that now")
        return self.try_play(m)

    def try_play(self, m):
        """``play_tentatively`` without its check, for a play known legal
        (one of ``legal_moves``, a bot's hot path)."""
        firsts = self._firsts_of(m)
        return self._play(self.to_move, m) | firsts << 16

    def unplay(self, m, token):
        self._unplay(self.to_move, m, token & 0xFFFF)
        self._set_firsts_of(m, token >> 16)

    def any_placement(self, player):
        """A legal play for ``player`` (for a turn whose claims already
        won), or PASS."""
        moves = self.legal_moves(player)
        return moves[0]

    def spell_claims(self, m):
        if not m & AUTO_CLAIM:
            return m
        m &= ~AUTO_CLAIM
        if self.returns:
            return m
        return with_claims(m, self.claimable_after(m))

    def _play(self, p, m):
        # The play part of move ``m``: returns what undoing it needs (the
        # hand index, and for a Strategist or Banshee the card's slot).
        card = move_card(m)
        if card == PASS:
            return 0
        h = self.hand_index(p, card)
        self._take(p, h)
        info = h | card << 8
        if card >= FIRST_TACTIC:
            self.played[p] += 1
        stone = move_stone(m)
        if card < FIRST_TACTIC or card <= SHIELD:
            self._add(stone, p, card, True)
        elif card == BLIND:
            self._set_mode(stone, MODE_BLIND)
        elif card == MUD:
            self._set_mode(stone, MODE_MUD)
        elif card == SCOUT:
            self._discard(card)  # its cards come with the draw
        else:
            slot = move_slot(m)
            dest = move_dest(m)
            if card == STRATEGIST:
                moved = self._remove(stone, p, slot, False)
                if dest == DISCARD:
                    self._discard(moved)
                else:
                    self._add(dest, p, moved, False)
            elif card == BANSHEE:
                self._discard(self._remove(stone, 1 - p, slot, False))
            else:
                moved = self._remove(stone, 1 - p, slot, False)
                self._add(dest, p, moved, False)
            self._discard(card)
        return info

    def _unplay(self, p, m, info):
        card = move_card(m)
        if card == PASS:
            return
        stone = move_stone(m)
        if card < FIRST_TACTIC or card <= SHIELD:
            self._remove(stone, p, self.n[stone * 2 + p] - 1, True)
        elif card == BLIND:
            self._unset_mode(stone, MODE_BLIND)
        elif card == MUD:
            self._unset_mode(stone, MODE_MUD)
        elif card == SCOUT:
            self._undiscard()
        else:
            slot = move_slot(m)
            dest = move_dest(m)
            self._undiscard()  # the ruse
            if card == STRATEGIST:
                if dest == DISCARD:
                    moved = self._undiscard()
                else:
                    moved = self._remove(dest, p, self.n[dest * 2 + p] - 1, False)
                self._insert(stone, p, slot, moved)
            elif card == BANSHEE:
                self._insert(stone, 1 - p, slot, self._undiscard())
            else:
                moved = self._remove(dest, p, self.n[dest * 2 + p] - 1, False)
                self._insert(stone, 1 - p, slot, moved)
        if card >= FIRST_TACTIC:
            self.played[p] -= 1
        self._give_back(p, info & 15, card)

    def _firsts_of(self, m):
        # ``first`` of the stones play ``m`` may change (its stone, and a
        # Strategist's or Traitor's dest), two bits each, for undoing it.
        card = move_card(m)
        if card == PASS or card == SCOUT:
            return 0
        code = self.first[move_stone(m)]
        if card == STRATEGIST or card == TRAITOR:
            d = move_dest(m)
            if d < N_STONES:
                code |= self.first[d] << 2
        return code

    def _set_firsts_of(self, m, code):
        card = move_card(m)
        if card == PASS or card == SCOUT:
            return
        self.first[move_stone(m)] = code & 3
        if card == STRATEGIST or card == TRAITOR:
            d = move_dest(m)
            if d < N_STONES:
                self.first[d] = code >> 2

    def _draw(self, p, tactic):
        # One card from the pile chosen (the other when it is empty);
        # returns 1 for the clan pile, 2 for the tactic pile, 0 for none.
        if tactic and self.tpos < 10 or self.deck_pos >= 54:
            if self.tpos >= 10:
                return 0
            self.hand[p][self.hand_n[p]] = self.tdeck[self.tpos]
            self.tpos += 1
            self.hand_n[p] += 1
            return 2
        self.hand[p][self.hand_n[p]] = self.deck[self.deck_pos]
        self.deck_pos += 1
        self.hand_n[p] += 1
        return 1

    def apply(self, m):
        """Play move ``m`` for the player to move (trusted: see ``check``)."""
        p = self.to_move
        if self.returns:
            m &= ~(AUTO_CLAIM | DRAW_TACTIC)
            extra = self._put_back(p, m)
            self.history.append(m)
            self.history.append(p << 18 | 1 << 19)
            self.history.append(extra)
            self.to_move = 1 - p
            self._check_stall()
            return
        card = move_card(m)
        firsts = self._firsts_of(m)
        info = self._play(p, m)
        claims = move_claims(m)
        if m & AUTO_CLAIM:
            claims = self.claimable(p)
        done = self._claims(claims, p) if claims else 0
        drew = 0
        if self.winner == NOBODY and card != PASS:
            if card == SCOUT:
                t = move_stone(m)
                d = self._scout_draws()
                for _ in range(t):
                    self._draw(p, True)
                for _ in range(d - t):
                    self._draw(p, False)
                drew = d
                self.returns = d - 1 if d > 1 else 0
            else:
                drew = self._draw(p, m & DRAW_TACTIC)
        self.history.append(with_claims(m, done))
        self.history.append(firsts | p << 18)
        self.history.append(info | drew << 16)
        if self.winner == NOBODY and not self.returns:
            self.to_move = 1 - p
            self._check_stall()

    def _put_back(self, p, m):
        # A Scout's return move: each card on top of its own pile.  Returns
        # what undoing it needs: per card its hand index and the pile card
        # it covered (12 bits each).
        extra = 0
        shift = 0
        for card in (move_card(m), move_second(m)):
            if card == PASS:
                continue
            h = self.hand_index(p, card)
            self._take(p, h)
            if card >= FIRST_TACTIC:
                self.tpos -= 1
                old = self.tdeck[self.tpos]
                self.tdeck[self.tpos] = card
            else:
                self.deck_pos -= 1
                old = self.deck[self.deck_pos]
                self.deck[self.deck_pos] = card
            extra |= (h | old << 4) << shift
            shift = 12
        self.returns = 0
        return extra

    def round_moves(self):
        """The moves of the round so far, as they can be played again: each
        with the claims that took effect spelled out."""
        h = self.history
        return [h[i] for i in range(0, len(h), 3)]

    def move_count(self):
        """Moves played so far in the round (a Scout's return counts as
        one; the history keeps three ints a move)."""
        return len(self.history) // 3

    def last_played(self):
        """(card played or PASS, stone, claims mask) of the last move that
        was not a Scout's return."""
        m = self.last_turn()[1]
        return move_card(m), move_stone(m), move_claims(m)

    def last_turn(self):
        """What the last move did, for screens and the console: ``(player,
        m, drew, back)``, the mover, the move as played, its draw (a Scout:
        how many cards it drew; another move: 2 when it drew from the
        tactic pile) and -1; after a Scout's return,
        the Scout's player, move and draw and how many cards went back."""
        h = self.history
        if h[-2] >> 19 & 1:
            return h[-5] >> 18 & 1, h[-6], h[-4] >> 16 & 3, returned(h[-3])
        return h[-2] >> 18 & 1, h[-3], h[-1] >> 16 & 3, -1

    def last_move(self):
        """The last move as played (claims as they took effect)."""
        return self.history[-3]

    def undo(self):
        h = self.history
        extra = h.pop()
        meta = h.pop()
        m = h.pop()
        p = meta >> 18 & 1
        self.winner = NOBODY
        self.to_move = p
        if meta >> 19 & 1:
            # Undo a return: the cards come back off the piles, second first.
            second = move_second(m)
            n = returned(m)
            shift = 12 * (n - 1)
            for card in (second, move_card(m)):
                if card == PASS:
                    continue
                old = extra >> shift >> 4 & 255
                if card >= FIRST_TACTIC:
                    self.tdeck[self.tpos] = old
                    self.tpos += 1
                else:
                    self.deck[self.deck_pos] = old
                    self.deck_pos += 1
                self._give_back(p, extra >> shift & 15, card)
                shift -= 12
            self.returns = n
            return
        card = move_card(m)
        drew = extra >> 16 & 3
        if card == SCOUT:
            self.returns = 0
            # The Scout's cards are the hand's last ``drew``: back in reverse.
            for _ in range(drew):
                self.hand_n[p] -= 1
                if self.hand[p][self.hand_n[p]] >= FIRST_TACTIC:
                    self.tpos -= 1
                else:
                    self.deck_pos -= 1
        elif drew:
            self.hand_n[p] -= 1
            if drew == 2:
                self.tpos -= 1
            else:
                self.deck_pos -= 1
        self._unclaim(move_claims(m), p)
        self._unplay(p, m, extra & 0xFFFF)
        self._set_firsts_of(m, meta & 15)


def _at_each(out, card, stones):
    # legal_moves: ``card`` at each stone of the mask ``stones``.
    s = 0
    while stones:
        if stones & 1:
            out.append(move(card, s))
        stones >>= 1
        s += 1


def _before(hand, h, card, skip):
    # The first index before ``h`` holding ``card``, other than ``skip``;
    # -1 when there is none.
    for i in range(h):
        if hand[i] == card and i != skip:
            return i
    return -1
