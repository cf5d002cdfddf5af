"""What every round of Schotten Totten shares: the constants, the ``Stones``
base (owning stones, winning a round) and ``make_game``.

The round itself is the variant's: ``engine.classic.Game`` for the classic
and expert variants, ``engine.tactics.TacticsGame`` for tactics; each is
imported only when its variant is in play, so a board holds one of them.

A move is one int (``engine.moves``).  In the classic variant the claims
follow the placement, in the expert variant they come first.
"""

from micropython import const

from engine.cards import FIRST_TACTIC, NO_CARD
from engine.rng import Random

N_STONES = const(9)
SIDE_MAX = const(3)
HAND_SIZE = const(6)

CLASSIC = const(0)
EXPERT = const(1)
TACTICS = const(2)  # played by ``engine.tactics.TacticsGame``
VARIANTS = ("classic", "expert", "tactics")
# The words menus, settings, saves and records use, by number where stored.
LEVELS = ("easy", "medium", "hard")  # the bots' levels
OPPONENTS = LEVELS + ("pass", "link")
LANGUAGES = ("en", "fr", "es")

# The type check reads the blocks under MYPY (it takes the name as true); a
# board's compiler, seeing the constant 0, leaves them out.
MYPY = const(0)
NOBODY = const(2)  # owner of an unclaimed stone, winner of a round in play
_ALL_VALUES = const(0x1FF)

# Why a claim is refused (``Game.why_not``).
CLAIMABLE = const(0)
TAKEN = const(1)
SHORT = const(2)
BEATEN = const(3)
UNPROVED = const(4)
DRAW = const(3)  # winner of a stalled round with equal stone counts


class Stones:
    """What both variants' rounds share, and the contract every round keeps.

    A round is ``engine.classic.Game`` (the classic and expert variants) or
    ``engine.tactics.TacticsGame``; matches, bots, screens, saves and the
    link take either through this one set of methods, each with one
    signature.  Defined here for both: ``deal``, ``clear``, ``copy_from``,
    ``hide``, ``cap``, ``cards_at``, ``hand_cards``, ``hand_index``,
    ``pile_size``, ``over``, ``claim_threat``, ``why_not``, ``claimable``
    and ``wins_with``.  Declared below under ``MYPY`` and defined by each
    variant (the type check holds both to these signatures; a board's
    compiler leaves the declarations out): ``open_stones``, ``can_place``,
    ``determinize``, ``legal_moves``, ``check``, ``apply``, ``undo``,
    ``spell_claims``, ``claimable_after``, ``play_tentatively``,
    ``unplay``, ``any_placement``, ``put``, ``move_count``,
    ``round_moves``, ``last_move``, ``last_played`` and ``last_turn``.

    Attributes every round has: ``variant`` (CLASSIC, EXPERT or TACTICS),
    ``to_move``, ``winner`` (NOBODY while the round is on, DRAW), ``owner``
    and ``owned`` (the stones), ``n`` and ``side`` (the cards per side),
    ``hand`` and ``hand_n``, ``deck`` and ``deck_pos`` (the clan pile),
    ``unseen`` and ``unseen_n``, ``history`` and ``returns`` (the cards the
    player to move owes the piles after a Scout: always 0 in the classic
    variants).

    What a variant offers beyond this is its own: the tactics round's
    ``legal_count``, ``legal_move_at``, ``try_play``, ``can_play`` (its
    ``can_place``), ``may_play_tactic``, ``playable``, ``scout_range``,
    ``tactic_pile_size``, ``discards`` and ``hidden_tactics``; a caller
    asks ``variant`` before it uses them.
    """

    returns = 0  # cards the player to move owes the piles after a Scout (the tactics variant's)

    def __init__(self, hand_size, hand_room, side_room, history_room):
        self.hand_size = hand_size  # cards dealt to each
        self.side_room = side_room
        self.history_max = history_room  # the room _room makes at the first deal
        self.side = bytearray(N_STONES * 2 * side_room)  # side i's cards at i * side_room
        self.n = bytearray(N_STONES * 2)  # cards per side
        self.rank = bytearray(N_STONES * 2)  # formation rank of a full side
        self.first = bytearray(N_STONES)  # who completed a side first
        self.owner = bytearray(N_STONES)
        self.owned = bytearray(2)  # stones owned per player
        self.winner = NOBODY
        self.hand = [bytearray(hand_room), bytearray(hand_room)]
        self.hand_n = bytearray(2)
        self.deck = bytearray(54)  # the clan pile from deck_pos on, top first
        self.deck_pos = 54  # next card to draw; 54: the pile is empty
        # Clan cards nobody has placed: per colour a 9-bit mask of values,
        # and per value a count.  Hands and pile are in here: they count as
        # available to the opponent in a proof.
        self.unseen = [_ALL_VALUES] * 6
        self.unseen_n = bytearray(9)
        self.to_move = 0
        self.history = []
        self.history_room = 0  # see _room

    def clear(self):
        """An empty table, empty hands, an empty pile (each variant clears
        its own state too)."""
        side = self.side
        for i in range(len(side)):
            side[i] = NO_CARD
        for i in range(N_STONES * 2):
            self.n[i] = 0
            self.rank[i] = 0
        for s in range(N_STONES):
            self.first[s] = NOBODY
            self.owner[s] = NOBODY
        for p in range(2):
            self.owned[p] = 0
            self.hand_n[p] = 0
        self.deck_pos = 54
        for c in range(6):
            self.unseen[c] = _ALL_VALUES
        for v in range(9):
            self.unseen_n[v] = 6
        self.to_move = 0
        self.winner = NOBODY
        del self.history[:]

    def copy_from(self, other):
        """Become a copy of ``other`` (without its history; each variant
        copies its own state too)."""
        self.side[:] = other.side
        self.n[:] = other.n
        self.rank[:] = other.rank
        self.first[:] = other.first
        self.owner[:] = other.owner
        self.owned[:] = other.owned
        self.hand[0][:] = other.hand[0]
        self.hand[1][:] = other.hand[1]
        self.hand_n[:] = other.hand_n
        self.deck[:] = other.deck
        self.deck_pos = other.deck_pos
        for c in range(6):
            self.unseen[c] = other.unseen[c]
        self.unseen_n[:] = other.unseen_n
        self.to_move = other.to_move
        self.winner = other.winner
        del self.history[:]

    def deal(self, seed, first_player=0):
        """Shuffle with ``seed`` and deal each player their hand;
        ``first_player`` plays first and receives the first cards of the
        shuffle.  Returns the shuffle's Random, for a variant's own piles."""
        self.clear()
        self._room(self.history_max)
        rng = Random(seed)
        deck = self.deck
        for i in range(54):
            deck[i] = i
        rng.shuffle(deck)
        k = self.hand_size
        for i in range(k):
            self.hand[first_player][i] = deck[i]
            self.hand[1 - first_player][i] = deck[k + i]
        self.hand_n[0] = self.hand_n[1] = k
        self.deck_pos = 2 * k
        self.to_move = first_player
        return rng

    def secrets(self, player, room=0):
        """What ``player`` cannot see (the other hand, the pile; each
        variant adds its own piles), for ``reveal`` to put back after a
        ``hide`` or a ``determinize``: a bot may think on the game itself,
        hidden (``engine.bots.Bot.choose_on``), and deal its sampled worlds
        on it, rather than on a copy.  ``room``: bytes left at the end for
        a variant's piles."""
        other = self.hand[1 - player]
        k = len(other)
        kept = bytearray(k + 54 + room)  # (one allocation)
        kept[:k] = other
        kept[k:k + 54] = self.deck
        return kept

    def reveal(self, player, secrets):
        """Put back what ``hide(player)`` forgot or ``determinize(player)``
        dealt over, from ``secrets(player)`` (nothing allocated: it runs
        after a bot's thinking, and after a board's heap ran out in it).
        Returns the bytes it read."""
        other = self.hand[1 - player]
        k = len(other)
        for h in range(k):
            other[h] = secrets[h]
        deck = self.deck
        for i in range(54):
            deck[i] = secrets[k + i]
        return k + 54

    def hide(self, player):
        """Forget what ``player`` cannot see: the other hand and the pile
        become NO_CARD (their sizes stay; each variant hides its own piles
        too)."""
        other = self.hand[1 - player]
        for h in range(len(other)):
            other[h] = NO_CARD
        for i in range(54):
            self.deck[i] = NO_CARD

    def _unseen_shuffled(self, player, rng):
        # For ``determinize``: the clan cards ``player`` cannot see (not on
        # the table, not in their hand) shuffled into deck[:n]; returns n.
        deck = self.deck
        hand = self.hand[player]
        unseen = self.unseen
        n = 0
        for c in range(54):
            if unseen[c // 9] >> (c % 9) & 1:
                deck[n] = c
                n += 1
        for h in range(self.hand_n[player]):
            card = hand[h]
            if card < FIRST_TACTIC:
                for i in range(n):
                    if deck[i] == card:
                        n -= 1
                        deck[i] = deck[n]
                        break
        rng.shuffle(deck, n)
        return n

    def _room(self, n):
        # Room for ``n`` entries of the history, made at the first deal: a
        # list that grows as it goes leaves holes in a board's heap, and
        # ``del history[:]`` keeps the room for the next rounds.
        if self.history_room < n:
            self.history = [0] * n
            del self.history[:]
            self.history_room = n

    def _fill_unseen(self, player, n, k):
        # For ``determinize``: the other hand's first k cards, then the
        # pile (its size kept, ending at index 54), from the top of the n
        # unseen cards shuffled into deck[:n]; returns how many are left.
        deck = self.deck
        other = self.hand[1 - player]
        for h in range(k):
            other[h] = deck[n - 1 - h]
        n -= k
        for i in range(54 - self.deck_pos):
            deck[53 - i] = deck[n - 1 - i]
        return n

    # -- reading the table -------------------------------------------------

    def cap(self, stone):
        """Cards a side needs at ``stone``."""
        return SIDE_MAX

    def cards_at(self, stone, player):
        i = stone * 2 + player
        room = self.side_room
        return list(self.side[i * room : i * room + self.n[i]])

    def _take(self, p, h):
        # Hand card ``h`` of ``p`` out (it swaps with the last one).
        hand = self.hand[p]
        card = hand[h]
        last = self.hand_n[p] - 1
        hand[h] = hand[last]
        hand[last] = card
        self.hand_n[p] = last
        return card

    def hand_cards(self, player):
        return list(self.hand[player][: self.hand_n[player]])

    def hand_index(self, player, card):
        hand = self.hand[player]
        for h in range(self.hand_n[player]):
            if hand[h] == card:
                return h
        return -1

    def pile_size(self):
        return 54 - self.deck_pos

    def over(self):
        return self.winner != NOBODY

    if MYPY:  # the variant's part of the contract (see the class's docstring)
        def open_stones(self, player):
            """Mask of the stones where ``player`` may still place a card."""
            raise NotImplementedError

        def can_place(self, player):
            """Has ``player`` anything to play now?  A round stalls when
            neither player has and nobody can claim."""
            raise NotImplementedError

        def determinize(self, player, rng):
            """Deal what ``player`` cannot see (the other hand, the piles)
            at random with ``rng``: one world consistent with what
            ``player`` knows (after ``hide(player)``, on a bot's copy)."""
            raise NotImplementedError

        def legal_moves(self, player=-1, out=None, only=-1):
            """Every play open to ``player`` (default: the player to move),
            without claims; ``[PASS]`` when none is.  With ``out``, a list
            of the caller's, refilled and returned (its room stays, so that
            a bot asking every move allocates no new list); with ``only``,
            the plays of that card alone."""
            raise NotImplementedError

        def check(self, m):
            """None when move ``m`` is legal for the player to move, else
            the reason, one line, for people (stones and slots counted from
            1)."""
            raise NotImplementedError

        def apply(self, m):
            """Play move ``m`` for the player to move (trusted: see
            ``check``): the play, its claims in the variant's order, the
            draw; the turn passes; a winning claim or a stall ends the
            round."""
            raise NotImplementedError

        def undo(self):
            """Take back the last ``apply``."""
            raise NotImplementedError

        def spell_claims(self, m):
            """Move ``m`` of the player to move with an ``AUTO_CLAIM`` flag
            replaced by the stones it would claim."""
            raise NotImplementedError

        def claimable_after(self, m):
            """Mask of the stones the player to move could claim after the
            play of move ``m`` (its claims aside)."""
            raise NotImplementedError

        def play_tentatively(self, m):
            """Make the play of move ``m`` (claims and draw aside) without
            ending the turn, so that a screen can show the table before
            asking for claims; returns the token ``unplay`` takes.  Raises
            ValueError when the play is not open."""
            raise NotImplementedError

        def unplay(self, m, token):
            """Take back ``play_tentatively(m)``, which gave ``token``."""
            raise NotImplementedError

        def any_placement(self, player):
            """Some legal play for ``player``, or PASS: for a turn whose
            claims already won the round."""
            raise NotImplementedError

        def put(self, stone, player, card):
            """Lay ``card`` on ``player``'s side of ``stone`` from outside
            any hand, to set up a position (what it returns is the
            variant's own)."""
            raise NotImplementedError

        def move_count(self):
            """Moves played so far in the round."""
            raise NotImplementedError

        def round_moves(self):
            """The moves of the round so far, as they can be played again:
            each with the claims that took effect spelled out."""
            raise NotImplementedError

        def last_move(self):
            """The last move as played (claims as they took effect)."""
            raise NotImplementedError

        def last_played(self):
            """``(card, stone, claims)`` of the last move (card: the card
            played or PASS; in the tactics variant the last move that was
            not a Scout's return)."""
            raise NotImplementedError

        def last_turn(self):
            """``(player, m, drew, back)`` of the last move: its mover, the
            move as played, its draw (0 none, 1 from the clan pile, 2 from
            the tactic pile; a Scout: how many cards it drew) and -1; after
            a Scout's return, the Scout's player, move and draw and how
            many cards went back."""
            raise NotImplementedError

        # How a claim is still beaten: ``claim_threat``'s and ``why_not``'s
        # part that each variant proves its own way.
        def _threat(self, stone, player, k, cap, mine):
            raise NotImplementedError

        def _beaten_by(self, stone, player, t):
            raise NotImplementedError

    # -- claims ------------------------------------------------------------

    def claim_threat(self, stone, player):
        """Can ``player`` claim ``stone`` now?  0 when the claim holds (proved
        from the table alone); otherwise why not: -1 when the stone is
        taken or ``player``'s side is short, -2 when the opponent's full
        side wins, or (the variant's ``_threat``) how the opponent can
        still beat it."""
        if self.owner[stone] != NOBODY:
            return -1
        i = stone * 2 + player
        cap = self.cap(stone)
        if self.n[i] < cap:
            return -1
        j = i ^ 1
        k = self.n[j]
        mine = self.rank[i]
        if k == cap:
            theirs = self.rank[j]
            if mine > theirs or (mine == theirs and self.first[stone] == player):
                return 0
            return -2
        return self._threat(stone, player, k, cap, mine)

    def why_not(self, stone, player):
        """Why ``player`` may not claim ``stone`` now, for the screens:
        ``(reason, cards, category)``.  ``reason`` is CLAIMABLE, TAKEN,
        SHORT (fewer cards there than it takes), BEATEN (the opponent's
        full side wins) or UNPROVED; then ``cards`` are unseen cards that
        would complete the opponent's side into a formation of
        ``category`` that beats the claimant's (the variant's
        ``_beaten_by``)."""
        t = self.claim_threat(stone, player)
        if t == 0:
            return CLAIMABLE, [], 0
        if self.owner[stone] != NOBODY:
            return TAKEN, [], 0
        if t == -1:
            return SHORT, [], 0
        if t == -2:
            return BEATEN, [], 0
        cards, category = self._beaten_by(stone, player, t)
        return UNPROVED, cards, category

    def claimable(self, player):
        """Mask of the stones ``player`` may claim now."""
        mask = 0
        owner = self.owner
        n = self.n
        i = player
        for s in range(N_STONES):
            if owner[s] == NOBODY and n[i] >= SIDE_MAX and self.claim_threat(s, player) == 0:
                mask |= 1 << s
            i += 2
        return mask

    def _check_stall(self):
        # Neither player can place and nobody can claim: the round ends,
        # won by the player with more stones (a draw when equal).
        p = self.to_move
        if self.can_place(p) or self.can_place(1 - p):
            return
        if self.claimable(0) or self.claimable(1):
            return
        a = self.owned[0]
        b = self.owned[1]
        self.winner = 0 if a > b else 1 if b > a else DRAW

    def wins_with(self, player, mask):
        """Would ``player`` win the round by also owning the stones of
        ``mask``?"""
        owner = self.owner
        count = 0
        run = 0
        for s in range(N_STONES):
            if owner[s] == player or mask >> s & 1:
                count += 1
                run += 1
                if run == 3:
                    return True
            else:
                run = 0
        return count >= 5

    def _claim(self, stone, player):
        # Returns True when the claim ends the round.
        self.owner[stone] = player
        self.owned[player] += 1
        if self.owned[player] >= 5:
            self.winner = player
            return True
        owner = self.owner
        run = 0
        lo = stone - 2 if stone >= 2 else 0
        hi = stone + 2 if stone <= 6 else 8
        for s in range(lo, hi + 1):
            if owner[s] == player:
                run += 1
                if run == 3:
                    self.winner = player
                    return True
            else:
                run = 0
        return False

    def _claims(self, mask, player):
        # Claim the stones of ``mask`` in ascending order until one ends the
        # round; returns the mask of those that took effect.
        done = 0
        s = 0
        while mask >> s:
            if mask >> s & 1:
                done |= 1 << s
                if self._claim(s, player):
                    break
            s += 1
        return done

    def _unclaim(self, mask, player):
        # Undo: the stones of ``mask`` are ``player``'s no more.
        s = 0
        while mask >> s:
            if mask >> s & 1:
                self.owner[s] = NOBODY
                self.owned[player] -= 1
            s += 1


def lowest(mask):
    """The lowest stone of a non-empty stone mask."""
    s = 0
    while not mask >> s & 1:
        s += 1
    return s


# What each variant loads while it is in play, its rules and its bots
# (engine.bots, engine.botkit and engine.formation serve both).
_VARIANT_MODULES = (("engine.ai", "engine.endgame", "engine.classic", "engine.threat"),
                    ("engine.tbots", "engine.tactics", "engine.elite"))


def only_variant(variant):
    """A board holds one variant's rules and bots: the other's modules
    are forgotten (``engine.unload``), before ``variant``'s are loaded."""
    from engine import unload

    for name in _VARIANT_MODULES[0 if variant == TACTICS else 1]:
        unload(name)


def make_game(variant):
    """An empty round of ``variant``: an ``engine.classic.Game`` for CLASSIC
    and EXPERT, an ``engine.tactics.TacticsGame`` for TACTICS (each module
    imported only then)."""
    if variant == TACTICS:
        from engine.tactics import TacticsGame

        return TacticsGame()
    from engine.classic import Game

    return Game(variant)
