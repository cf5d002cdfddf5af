"""The lessons (the menu's Learn): for each variant a short run of steps,
each on a table set up for it, most asking the player for one move.

Words are not here (``hw/lang/learn_<variant>_<language>.py`` has them,
step by step); this module holds what a lesson does, the same in every language:

- a step is ``(table, task)``.  ``table``: a new table to set up (below),
  or "" for the table as the step before left it.  ``task``: None for a
  step that is only read, else ``(expected, reply)``: the move asked for
  and the other clan's answer to it ("" for none), both in the spelling
  below.
- a table is words separated by spaces: ``hand:R3,R4`` the player's hand,
  ``their:O6`` the other clan's, ``me2:R3,R4`` the player's cards at stone
  2 (stones are numbered from 1, as on the screen), ``it2:B2`` the other
  clan's there (laid in the order written: the first side completed
  wins a tie), ``mine:1,2`` and ``theirs:4`` the stones each owns,
  ``pile:P1,Y2`` the clan pile's top cards (the clan cards named nowhere
  follow, in order), ``tpile:JK`` the tactic pile's top (the tactic cards
  named nowhere follow).  The player plays first.
- a move: ``R5@2`` a card at a stone (``*`` any card or any stone;
  ``*!7`` any stone but 7, kept for a step after it), then
  ``+3`` for each stone its claims must hold; ``ST@1>7`` a ruse's card at
  stone 1 to stone 7, ``=G7`` the card it must take (``BA@4``: any
  card of that side); ``SC`` a Scout
  (any count); ``back`` the Scout's cards put back (any).

``python -m sim --learn classic|expert|tactics`` opens a lesson; the
screen is ``hw.screens.learn``.
"""

from engine.cards import FIRST_TACTIC, NO_CARD, SCOUT, STRATEGIST, TACTIC_DECK, parse_any
from engine.game import TACTICS
from engine.moves import AUTO_CLAIM, PASS, move, move_card, move_claims, move_dest, move_slot, move_stone

# Each variant's steps, in a module of its own (``engine/lesson_<variant>.py``):
# a lesson loads its own alone.
_STEPS = ("engine.lesson_classic", "engine.lesson_expert", "engine.lesson_tactics")  # by variant


def steps(variant):
    """The steps of ``variant``'s lesson (its module loaded: ``forget``
    lets it go)."""
    return __import__(_STEPS[variant], None, None, ("STEPS",)).STEPS


def forget(variant):
    """``variant``'s steps back to the heap (``engine.unload``)."""
    from engine import unload

    unload(_STEPS[variant])


def _cards(text):
    return [parse_any(name) for name in text.split(",")] if text else []


def set_up(game, spec):
    """``game`` cleared and laid out as the table ``spec`` says (see the
    module's docstring); the player (seat 0) to move."""
    tactics = game.variant == TACTICS
    game.clear()
    game.to_move = 0
    named = bytearray(FIRST_TACTIC + 9)  # how many of each card are named
    piles = ([], [])  # type: tuple  # the clan and tactic piles' tops
    for word in spec.split():
        key, _, value = word.partition(":")
        cards = _cards(value) if key not in ("mine", "theirs") else ()
        for card in cards:
            named[card] += 1
        if key == "hand" or key == "their":
            p = 0 if key == "hand" else 1
            hand = game.hand[p]
            for i in range(len(hand)):
                hand[i] = cards[i] if i < len(cards) else NO_CARD
            game.hand_n[p] = len(cards)
        elif key == "pile" or key == "tpile":
            piles[key == "tpile"].extend(cards)
        elif key == "mine" or key == "theirs":
            p = 0 if key == "mine" else 1
            for s in value.split(","):
                game.owner[int(s) - 1] = p
                game.owned[p] += 1
        else:  # me<n> or it<n>
            p = 0 if key[:2] == "me" else 1
            s = int(key[2:]) - 1
            for card in cards:
                game.put(s, p, card)
                if card >= FIRST_TACTIC:
                    game.played[p] += 1
    # The piles: the cards named on top, then the rest.
    clan = piles[0] + [c for c in range(FIRST_TACTIC) if not named[c]]
    game.deck_pos = 54 - len(clan)
    game.deck[game.deck_pos:] = bytes(clan)
    if tactics:
        rest = list(TACTIC_DECK)
        for card in range(FIRST_TACTIC, FIRST_TACTIC + 9):
            for _ in range(named[card]):
                rest.remove(card)
        for card in piles[1]:
            rest.remove(card)
        top = piles[1] + rest
        game.tpos = 10 - len(top)
        game.tdeck[game.tpos:] = bytes(top)
        for i in range(18):
            game._rank_side(i)  # every card is seen now
    return game


def parse(text, game):
    """The move asked for, ``text`` (see the module's docstring), as
    ``(card, stone, dest, claims, taken, barred)``: -1 for any (``taken``:
    the card a ruse takes from the table; ``barred``: a mask of the stones
    "any stone" leaves out); a Scout's stone -1, its cards put back the
    card PASS with stone -2."""
    if text == "back":
        return PASS, -2, -1, 0, -1, 0
    if text == "SC":
        return SCOUT, -1, -1, 0, -1, 0
    taken = -1
    if "=" in text:
        text, _, name = text.partition("=")
        taken = parse_any(name)
    claims = 0
    parts = text.split("+")
    for s in parts[1:]:
        claims |= 1 << (int(s) - 1)
    play = parts[0]
    dest = -1
    if ">" in play:
        play, _, to = play.partition(">")
        dest = int(to) - 1
    card, _, stone = play.partition("@")
    barred = 0
    if "!" in stone:
        stone, _, no = stone.partition("!")
        barred = 1 << (int(no) - 1)
    return (-1 if card == "*" else parse_any(card)), (-1 if stone == "*" else int(stone) - 1), dest, claims, taken, \
        barred


def reply(text):
    """The other clan's move ``text`` ("O6@9"), a move of engine.moves."""
    card, _, stone = text.partition("@")
    return move(parse_any(card), int(stone) - 1)


def matches(game, m, expected):
    """Is ``m``, the player's move in ``game`` (not yet made), the one
    ``expected`` (``parse``'s) asks for?"""
    card, stone, dest, claims, taken, barred = expected
    if stone == -2:
        return game.returns > 0
    if card != -1 and move_card(m) != card:
        return False
    if card == SCOUT:
        return True
    if stone != -1 and move_stone(m) != stone or barred >> move_stone(m) & 1:
        return False
    if dest != -1 and move_dest(m) != dest:
        return False
    if taken != -1 and _taken(game, m) != taken:
        return False
    return move_claims(m) & claims == claims


def answer(game, text, out=None):
    """A move of the player to move in ``game`` that is the one ``text``
    asks for, its claims spelled out (for a player at the buttons: the
    sim's autoplay, the tests).  ``out``: a list of the caller's to list
    the plays in (``legal_moves``')."""
    expected = parse(text, game)
    card = expected[0]
    for m in game.legal_moves(game.to_move, out, card if card >= 0 and card != PASS else -1):
        m = game.spell_claims(m | AUTO_CLAIM)  # (every claim it may make, at its variant's time)
        if matches(game, m, expected):
            return m
    return PASS


def _taken(game, m):
    # The card a ruse ``m`` takes from the table (a Strategist from the
    # player's side, a Banshee or Traitor from the other's).
    card = move_card(m)
    p = game.to_move if card == STRATEGIST else 1 - game.to_move
    return game.cards_at(move_stone(m), p)[move_slot(m)]
