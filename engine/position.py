"""The position format of the contract: JSON objects in, JSON objects out.

``load`` turns a decoded position (a dict) into a ``Game``, checking every
rule the format implies, and raises ``ValueError`` with a one-line reason for
anything else.  ``dump`` writes a game back, hiding what a player may not see.
Cards nobody may see (a hidden hand, a hidden pile) are NO_CARD in the game.
"""

from engine.cards import NO_CARD, card_name, parse_card
from engine.game import HAND_SIZE, N_STONES, NOBODY, SIDE_MAX, VARIANTS, Game


def _player(x, what, null_ok=False):
    if x is None and null_ok:
        return NOBODY
    if type(x) is not int or x not in (0, 1):
        raise ValueError("%s must be 0 or 1%s" % (what, " or null" if null_ok else ""))
    return x


def _cards(x, what):
    if not isinstance(x, list):
        raise ValueError("%s must be a list of cards" % what)
    return [parse_card(c) for c in x]


def _size_or_cards(x, what):
    # A list of cards, or an int: the size of a hidden list.
    if type(x) is int:
        if x < 0:
            raise ValueError("%s must not be negative" % what)
        return x, None
    cards = _cards(x, what)
    return len(cards), cards


def load(pos, game=None):
    """The ``Game`` for the decoded position ``pos`` (reusing ``game``)."""
    if not isinstance(pos, dict):
        raise ValueError("a position must be a JSON object")
    for key in ("variant", "to_move", "stones", "hands", "deck"):
        if key not in pos:
            raise ValueError("missing %r" % key)
    variant = pos["variant"]
    if variant not in VARIANTS[:2]:
        raise ValueError("unknown variant %r" % (variant,))
    stones = pos["stones"]
    if not isinstance(stones, list) or len(stones) != N_STONES:
        raise ValueError("stones must be a list of 9")
    hands = pos["hands"]
    if not isinstance(hands, list) or len(hands) != 2:
        raise ValueError("hands must be a list of 2")

    if game is None:
        game = Game()
    game.clear()
    game.variant = VARIANTS.index(variant)
    game.to_move = _player(pos["to_move"], "to_move")
    seen = bytearray(54)
    count = 0

    def take(card, what):
        if seen[card]:
            raise ValueError("%s: card %s appears twice" % (what, card_name(card)))
        seen[card] = 1

    for s in range(N_STONES):
        stone = stones[s]
        what = "stone %d" % s
        if not isinstance(stone, dict) or "sides" not in stone:
            raise ValueError("%s must be an object with sides" % what)
        sides = stone["sides"]
        if not isinstance(sides, list) or len(sides) != 2:
            raise ValueError("%s: sides must be a list of 2" % what)
        for p in range(2):
            cards = _cards(sides[p], what)
            if len(cards) > SIDE_MAX:
                raise ValueError("%s: more than 3 cards on side %d" % (what, p))
            for card in cards:
                take(card, what)
                game.put(s, p, card)
            count += len(cards)
        first = _player(stone.get("first"), what + ": first", True)
        full = [game.n[s * 2 + p] == SIDE_MAX for p in range(2)]
        if first == NOBODY:
            if full[0] or full[1]:
                raise ValueError("%s: first must name who completed a side" % what)
        elif not full[first]:
            raise ValueError("%s: first names a player without 3 cards" % what)
        game.first[s] = first
        owner = _player(stone.get("owner"), what + ": owner", True)
        if owner != NOBODY:
            if not full[owner]:
                raise ValueError("%s: owner has fewer than 3 cards there" % what)
            game.owner[s] = owner
            game.owned[owner] += 1

    for p in range(2):
        size, cards = _size_or_cards(hands[p], "hand %d" % p)
        if size > HAND_SIZE:
            raise ValueError("hand %d holds more than %d cards" % (p, HAND_SIZE))
        hand = game.hand[p]
        for i in range(size):
            hand[i] = NO_CARD
        if cards is not None:
            for i in range(size):
                take(cards[i], "hand %d" % p)
                hand[i] = cards[i]
        game.hand_n[p] = size
        count += size
    size, cards = _size_or_cards(pos["deck"], "deck")
    if count + size != 54:
        raise ValueError("%d cards in all, not 54" % (count + size))
    game.deck_pos = 54 - size
    for i in range(size):
        game.deck[game.deck_pos + i] = NO_CARD if cards is None else cards[i]
    if cards is not None:
        for card in cards:
            take(card, "deck")

    a = _has_won(game, 0)
    b = _has_won(game, 1)
    if a and b:
        raise ValueError("both players have won")
    if a or b:
        game.winner = 0 if a else 1
    return game


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
    sees it: the other hand and the pile become sizes."""
    stones = []
    for s in range(N_STONES):
        first = game.first[s]
        owner = game.owner[s]
        stones.append(
            {
                "sides": [[card_name(c) for c in game.cards_at(s, p)] for p in range(2)],
                "first": None if first == NOBODY else first,
                "owner": None if owner == NOBODY else owner,
            }
        )
    hands = []  # type: list
    for p in range(2):
        cards = game.hand_cards(p)
        if (viewer is not None and viewer != p) or NO_CARD in cards:
            hands.append(len(cards))
        else:
            hands.append([card_name(c) for c in cards])
    deck = game.deck[game.deck_pos :]
    if viewer is not None or NO_CARD in deck:
        deck = len(deck)
    else:
        deck = [card_name(c) for c in deck]
    return {
        "variant": VARIANTS[game.variant],
        "to_move": game.to_move,
        "stones": stones,
        "hands": hands,
        "deck": deck,
    }


def claimable_list(game):
    """The stones the player to move may claim now, ascending."""
    if game.winner != NOBODY:
        return []
    mask = game.claimable(game.to_move)
    return [s for s in range(N_STONES) if mask >> s & 1]

