"""The position format of the contract: JSON objects in, JSON objects out.

``load`` turns a decoded position (a dict) into a ``Game`` (a
``TacticsGame`` for the tactics variant), checking every rule the format
implies, and raises ``ValueError`` with a one-line reason for anything else.
``dump`` writes a game back, hiding what a player may not see.  Cards nobody
may see (a hidden hand, a hidden pile) are NO_CARD in the game.

The tactics variant extends the format: combat modes on a stone
(``"modes"``), tactic cards on sides and in hands, the tactic pile
(``"tactics"``), the discard pile (``"discard"``), the tactic cards each
player has played (``"played"``) and the cards a Scout still owes the piles
(``"returns"``).  Classic and expert positions refuse all of these.
"""

from engine.cards import BLIND, FIRST_TACTIC, JOKER, MUD, NO_CARD, SCOUT, SHIELD, card_name, parse_any, parse_card
from engine.game import HAND_SIZE, N_STONES, NOBODY, TACTICS, VARIANTS, make_game
from engine.tactics import HAND_SIZE as T_HAND
from engine.tactics import MODE_BLIND, MODE_MUD

# Keys only the tactics variant knows.
TACTICS_KEYS = ("tactics", "played", "discard", "returns")
MODE_CODES = ("BB", "MF")  # MODE_BLIND and MODE_MUD, in the order written


def _player(x, what, null_ok=False):
    if x is None and null_ok:
        return NOBODY
    if type(x) is not int or x not in (0, 1):
        raise ValueError("%s must be 0 or 1%s" % (what, " or null" if null_ok else ""))
    return x


def _int(x, what, lo, hi):
    if type(x) is not int or not lo <= x <= hi:
        raise ValueError("%s must be an integer from %d to %d" % (what, lo, hi))
    return x


def _cards(x, what, parse):
    if not isinstance(x, list):
        raise ValueError("%s must be a list of cards" % what)
    return [parse(c) for c in x]


def _size_or_cards(x, what, parse, most=None):
    # A list of cards, or an int: the size of a hidden list; (size, the
    # cards or None).  At most ``most`` cards (None: any number).
    if type(x) is int:
        if x < 0:
            raise ValueError("%s must not be negative" % what)
        size, cards = x, None
    else:
        cards = _cards(x, what, parse)
        size = len(cards)
    if most is not None and size > most:
        raise ValueError("%s holds more than %d cards" % (what, most))
    return size, cards


def load(pos, game=None):
    """The ``Game`` for the decoded position ``pos`` (reusing ``game``)."""
    if not isinstance(pos, dict):
        raise ValueError("a position must be a JSON object")
    for key in ("variant", "to_move", "stones", "hands", "deck"):
        if key not in pos:
            raise ValueError("missing %r" % key)
    variant = pos["variant"]
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError("unknown variant %r" % (variant,))
    reader = _TacticsReader() if variant == VARIANTS[TACTICS] else _Reader()
    return reader.read(pos, game, VARIANTS.index(variant))


class _Reader:
    """Reads a position into a game, checking it as it goes: the classic
    and expert variants.  ``read`` is the one order of the steps for every
    variant; the tactics variant's reader (below) extends the steps it
    calls."""

    parse = staticmethod(parse_card)  # a card's code: clan cards only
    hand_size = HAND_SIZE
    returns = 0  # the cards a Scout still owes the piles

    def read(self, pos, game, variant):
        self.pos = pos
        self.keys()
        stones = pos["stones"]
        if not isinstance(stones, list) or len(stones) != N_STONES:
            raise ValueError("stones must be a list of 9")
        hands = pos["hands"]
        if not isinstance(hands, list) or len(hands) != 2:
            raise ValueError("hands must be a list of 2")
        if game is None or (game.variant == TACTICS) != (variant == TACTICS):
            game = make_game(variant)
        self.game = game
        game.clear()
        game.variant = variant
        game.to_move = _player(pos["to_move"], "to_move")
        self.start()
        self.seen = bytearray(FIRST_TACTIC + 9)
        self.known = [0, 0]  # clan cards, tactic cards named
        self.hidden = 0  # cards in hidden hands
        for s in range(N_STONES):
            self.stone(s, stones[s])
        self.after_stones()
        for p in range(2):
            self.hand(p, hands[p])
        self.piles()
        a = _has_won(game, 0)
        b = _has_won(game, 1)
        if a and b:
            raise ValueError("both players have won")
        self.end(a or b)
        if a or b:
            game.winner = 0 if a else 1
        return game

    def take(self, card, what):
        # Every clan card once, the Joker twice, the other tactic cards once.
        if self.seen[card] == (2 if card == JOKER else 1):
            raise ValueError("%s: card %s appears %s" % (
                what, card_name(card), "three times" if card == JOKER else "twice"))
        self.seen[card] += 1
        self.known[card >= FIRST_TACTIC] += 1

    def stone(self, s, stone):
        game = self.game
        what = "stone %d" % s
        if not isinstance(stone, dict) or "sides" not in stone:
            raise ValueError("%s must be an object with sides" % what)
        self.modes(s, stone, what)
        cap = game.cap(s)
        sides = stone["sides"]
        if not isinstance(sides, list) or len(sides) != 2:
            raise ValueError("%s: sides must be a list of 2" % what)
        for p in range(2):
            cards = _cards(sides[p], what, self.parse)
            if len(cards) > cap:
                raise ValueError("%s: more than %d cards on side %d" % (what, cap, p))
            for card in cards:
                self.side_card(p, card, what)
                game.put(s, p, card)
        first = _player(stone.get("first"), what + ": first", True)
        full = [game.n[s * 2 + p] == cap for p in range(2)]
        if first == NOBODY:
            if full[0] or full[1]:
                raise ValueError("%s: first must name who completed a side" % what)
        elif not full[first]:
            raise ValueError("%s: first names a player without %d cards" % (what, cap))
        game.first[s] = first
        owner = _player(stone.get("owner"), what + ": owner", True)
        if owner != NOBODY:
            if not full[owner]:
                raise ValueError("%s: owner has fewer than %d cards there" % (what, cap))
            game.owner[s] = owner
            game.owned[owner] += 1

    def hand(self, p, x):
        game = self.game
        what = "hand %d" % p
        most = self.hand_size + (self.returns if p == game.to_move else 0)
        size, cards = _size_or_cards(x, what, self.parse, most)
        hand = game.hand[p]
        for i in range(size):
            hand[i] = NO_CARD
        if cards is None:
            self.hidden += size
        else:
            for i in range(size):
                self.take(cards[i], what)
                hand[i] = cards[i]
        game.hand_n[p] = size

    # -- the steps where the variants differ

    def keys(self):
        for key in TACTICS_KEYS:
            if key in self.pos:
                raise ValueError("%r belongs to the tactics variant" % key)

    def start(self):
        pass

    def modes(self, s, stone, what):
        if "modes" in stone:
            raise ValueError("%s: modes belong to the tactics variant" % what)

    def side_card(self, p, card, what):
        self.take(card, what)

    def after_stones(self):
        pass

    def piles(self):
        game = self.game
        size, cards = _size_or_cards(self.pos["deck"], "deck", self.parse)
        total = self.known[0] + self.hidden + size
        if total != 54:
            raise ValueError("%d cards in all, not 54" % total)
        game.deck_pos = 54 - size
        for i in range(size):
            game.deck[game.deck_pos + i] = NO_CARD if cards is None else cards[i]
        if cards is not None:
            for card in cards:
                self.take(card, "deck")

    def end(self, won):
        pass


# -- the tactics variant ---------------------------------------------------

T_ALL = 64  # 54 clan cards and 10 tactic cards


class _TacticsReader(_Reader):
    parse = staticmethod(parse_any)  # clan and tactic cards
    hand_size = T_HAND

    def keys(self):
        for key in ("tactics", "played"):
            if key not in self.pos:
                raise ValueError("missing %r" % key)

    def start(self):
        self.returns = self.game.returns = _int(self.pos.get("returns", 0), "returns", 0, 2)
        self.out = 0  # tactic cards played: on sides, as modes, discarded
        self.elite_on = [0, 0]

    def modes(self, s, stone, what):
        game = self.game
        modes = stone.get("modes", [])
        if not isinstance(modes, list):
            raise ValueError("%s: modes must be a list" % what)
        for code in modes:
            if not isinstance(code, str) or code not in MODE_CODES:
                raise ValueError("%s: bad combat mode %r" % (what, code))
            bit = MODE_BLIND if code == "BB" else MODE_MUD
            if game.mode[s] & bit:
                raise ValueError("%s: combat mode %s twice" % (what, code))
            self.take(BLIND if bit == MODE_BLIND else MUD, what)
            game.mode[s] |= bit  # before the cards: Mud sets the sides' size
            self.out += 1

    def side_card(self, p, card, what):
        if card > SHIELD:
            raise ValueError("%s: %s cannot stand on a side" % (what, card_name(card)))
        self.take(card, what)
        if card >= FIRST_TACTIC:
            self.out += 1
            self.elite_on[p] += 1

    def after_stones(self):
        game = self.game
        for p in range(2):
            if game.jokers_on[p] > 1:
                raise ValueError("player %d has two Jokers on their side" % p)
        discard = _cards(self.pos.get("discard", []), "discard", parse_any)
        for card in discard:
            if card == BLIND or card == MUD:
                raise ValueError("discard: combat modes never leave their stone")
            self.take(card, "discard")
            if card >= FIRST_TACTIC:
                self.out += 1
                if card <= SHIELD:
                    game.out[card - JOKER] += 1
            else:
                # Discarded cards lie face up: seen, as on the table.
                game.unseen[card // 9] &= ~(1 << (card % 9))
                game.unseen_n[card % 9] -= 1
            game._discard(card)
        if self.returns and (not discard or discard[-1] != SCOUT):
            raise ValueError("returns: the Scout just played must top the discard")

    def pile(self, key, buf, length, tactic, what):
        # Lay a pile (list or hidden size) into ``buf``, top at its start
        # position; returns (that position, how many of it are hidden).
        size, cards = _size_or_cards(self.pos[key], key, parse_any, length)
        start = length - size
        for i in range(size):
            buf[start + i] = NO_CARD
        if cards is None:
            return start, size
        for i in range(size):
            if (cards[i] >= FIRST_TACTIC) != tactic:
                raise ValueError("%s: the %s holds %s cards only" % (key, what, "tactic" if tactic else "clan"))
            self.take(cards[i], key)
            buf[start + i] = cards[i]
        return start, 0

    def piles(self):
        game = self.game
        to_move = game.to_move
        returns = self.returns
        known = self.known
        if game.hand_n[to_move] < returns:
            raise ValueError("returns: hand %d holds fewer than %d cards" % (to_move, returns))
        game.deck_pos, deck_hidden = self.pile("deck", game.deck, 54, False, "clan pile")
        game.tpos, tactics_hidden = self.pile("tactics", game.tdeck, 10, True, "tactic pile")

        total = known[0] + known[1] + self.hidden + deck_hidden + tactics_hidden
        if total != T_ALL:
            raise ValueError("%d cards in all, not %d" % (total, T_ALL))
        if deck_hidden > 54 - known[0]:
            raise ValueError("deck: %d cards, but only %d clan cards are not named" % (deck_hidden, 54 - known[0]))
        if tactics_hidden > 10 - known[1]:
            raise ValueError("tactics: %d cards, but only %d tactic cards are not named" % (
                tactics_hidden, 10 - known[1]))

        played = self.pos["played"]
        if not isinstance(played, list) or len(played) != 2:
            raise ValueError("played must be a list of 2 integers")
        for p in range(2):
            game.played[p] = _int(played[p], "played[%d]" % p, 0, 10)
            if played[p] < self.elite_on[p]:
                raise ValueError("played[%d] is less than the %d elite troops on their side" % (p, self.elite_on[p]))
        if played[0] + played[1] != self.out:
            raise ValueError("played adds up to %d, but %d tactic cards are out" % (played[0] + played[1], self.out))
        if played[0] > played[1] + 1 or played[1] > played[0] + 1:
            raise ValueError("played: one player is more than one tactic card ahead")
        if returns and game.played[to_move] < 1:
            raise ValueError("returns: the player to move has played no Scout")
        if returns == 1 and game.deck_pos + game.tpos < 64:
            # A Scout draws three while the piles hold three: owing one means
            # it drew the last two.
            raise ValueError("returns: 1 card owed, but the piles are not empty")
        for i in range(N_STONES * 2):
            game._rank_side(i)  # every card is seen now

    def end(self, won):
        if won:
            if self.returns:
                raise ValueError("returns: the round is over")
        elif not self.returns and not self.hidden:
            self.game._check_stall()  # nobody can play or claim: the round is over


def _names(cards):
    return [card_name(c) for c in cards]


def _shown(cards, hidden):
    # A hand or a pile as written: its cards, or its size when hidden from
    # the viewer or not known.
    if hidden or NO_CARD in cards:
        return len(cards)
    return _names(cards)


def _has_won(game, p):
    if game.owned[p] >= 5:
        return True
    run = 0
    for s in range(N_STONES):
        run = run + 1 if game.owner[s] == p else 0
        if run == 3:
            return True
    return False


def dump(game, viewer=None):
    """The position of ``game``; with ``viewer`` (0 or 1), as that player
    sees it: the other hand and the piles become sizes."""
    tactics = game.variant == TACTICS
    stones = []
    for s in range(N_STONES):
        first = game.first[s]
        owner = game.owner[s]
        stone = {
            "sides": [_names(game.cards_at(s, p)) for p in range(2)],
            "first": None if first == NOBODY else first,
            "owner": None if owner == NOBODY else owner,
        }
        if tactics and game.mode[s]:
            stone["modes"] = [code for code, bit in zip(MODE_CODES, (MODE_BLIND, MODE_MUD)) if game.mode[s] & bit]
        stones.append(stone)
    pos = {
        "variant": VARIANTS[game.variant],
        "to_move": game.to_move,
        "stones": stones,
        "hands": [_shown(game.hand_cards(p), viewer is not None and viewer != p) for p in range(2)],
        "deck": _shown(game.deck[game.deck_pos :], viewer is not None),
    }
    if tactics:
        pos["tactics"] = _shown(game.tdeck[game.tpos :], viewer is not None)
        pos["discard"] = _names(game.discards())
        pos["played"] = [game.played[0], game.played[1]]
        pos["returns"] = game.returns
    return pos


def claimable_list(game):
    """The stones the player to move may claim now, ascending."""
    if game.winner != NOBODY or game.returns:
        return []  # (a Scout's turn claims before its draws)
    mask = game.claimable(game.to_move)
    return [s for s in range(N_STONES) if mask >> s & 1]
