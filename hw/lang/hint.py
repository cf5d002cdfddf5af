"""A hint's words: what the hint's move does and why, in a line each of
the game's words.  Loaded by ``hw.screens.hint`` once the hard bot has chosen (and
its thinking is back on the heap), dropped once the notice is up.
"""

from micropython import const

from engine.cards import BLIND, FIRST_TACTIC, MUD, SCOUT, STRATEGIST
from engine.formation import COLOUR, COLOUR_RUN, RUN, SUM, THREE, category
from engine.game import TACTICS
from engine.moves import PASS, move_card, move_claims, move_dest, move_slot, move_stone, play_of, stones_text
from hw.lang.strings import pick
from hw.lang.words import move_text, ruse_text, with_claims_text

# The reasons, in each language (hw.lang.strings.pick's order): here, not in the
# language tables, so that they are on the heap only while a hint is shown.
_SAID = const(0)
_WINS = const(1)
_CLAIMS = const(2)
_MAKES = const(3)
_BUILDS = const(4)
_SUM = const(5)
_LOW = const(6)
_ANSWERS = const(7)
_OPENS = const(8)
_HIGH = const(9)
_MODE = const(10)
_TACTIC = const(11)
_PASS = const(12)
_WORDS = (
    ("Hint: %s", "wins the round", "claims stone %s", "makes a %s", "builds a %s", "adds to the sum",
     "low card, stone let go", "answers their cards", "opens the stone", "a high card opens it",
     "changes the fight there", "a tactic card, now", "nothing to place: pass"),  # en
    ("Conseil : %s", "gagne la manche", "revendique %s", "fait %s", "vise %s", "ajoute à la somme",
     "carte basse, borne cédée", "répond à leurs cartes", "ouvre la borne", "une forte ouvre la borne",
     "change le combat ici", "une carte tactique", "rien à poser : passer"),  # fr
    ("Pista: %s", "gana la ronda", "reclama %s", "forma %s", "busca %s", "aumenta la suma",
     "carta baja, cede piedra", "les responde aquí", "abre la piedra", "una alta abre la piedra",
     "cambia el combate aquí", "una carta táctica, ahora", "nada que poner: pasar"),  # es
)
# A formation as the reasons name it, in each language.
_KINDS = (
    ("sum", "run", "colour", "three of a kind", "colour run"),
    ("somme", "une suite", "une couleur", "un brelan", "une suite couleur"),
    ("suma", "escalera", "color", "trío", "escalera de color"),
)


def said(app, m):
    """The notice's lines for ``m``, the move suggested to the player to
    move (claims spelled out): what it does, and why."""
    game = app.game
    p = game.to_move
    return [pick(app.lang, _WORDS)[_SAID] % text(app, game, p, m), reason(app, game, p, m)]


def text(app, game, p, m):
    """What move ``m`` of ``p`` does, read on the table before it (as the
    bottom line says a move once made)."""
    card = move_card(m)
    stone = move_stone(m)
    t = app.t
    if card == SCOUT:
        n = game.pile_size() + game.tactic_pile_size()
        out = t("scouted") % (stone, (n if n < 3 else 3) - stone)
    elif card < STRATEGIST or card == PASS:
        return move_text(app, (card, stone, move_claims(m)))
    else:
        # A ruse: the card it takes, from the other side (a Strategist:
        # its own), to another stone or the discard.
        moved = game.cards_at(stone, p if card == STRATEGIST else 1 - p)[move_slot(m)]
        out = ruse_text(app, card, moved, stone, move_dest(m))
    return with_claims_text(app, out, move_claims(m))


def reason(app, game, p, m):
    """Why move ``m`` of ``p``, in one line (``game`` before it)."""
    words = pick(app.lang, _WORDS)
    card = move_card(m)
    claims = move_claims(m)
    if claims and game.wins_with(p, claims):
        return words[_WINS]
    if card == PASS:
        return words[_CLAIMS] % stones_text(claims) if claims else words[_PASS]
    # (a claim with a card, and the stone: the first line names them; this
    # one says what the card does)
    if card == BLIND or card == MUD:
        return words[_MODE]
    if card >= SCOUT:
        return words[_TACTIC]
    # A card placed: the table after it, played for a moment (no copy of
    # the game: a board's heap is fullest while a hint is shown).
    play = play_of(m)
    token = game.play_tentatively(play)
    try:
        return _placed(app, game, p, card, move_stone(m), words)
    finally:
        game.unplay(play, token)


def _placed(app, after, p, card, stone, words):
    # Why ``card`` at ``stone``: ``after``, the table with it there.
    mine = after.cards_at(stone, p)
    cap = after.cap(stone)
    value = card % 9 + 1 if card < FIRST_TACTIC else 0  # (an elite troop: none yet)
    if len(mine) == 1:
        if after.cards_at(stone, 1 - p):
            return words[_LOW] if 0 < value < 4 else words[_ANSWERS]
        return words[_HIGH] if value > 6 else words[_OPENS]
    if len(mine) >= cap:
        rank = after.rank[stone * 2 + p]
        kind = category(rank) if after.variant != TACTICS else (SUM if after.mode[stone] & 1 else rank // 40)
        if kind == SUM:
            return words[_SUM]
        return words[_MAKES] % pick(app.lang, _KINDS)[kind]
    kind = reachable(after, mine, cap)
    if kind == SUM:
        return words[_LOW] if 0 < value < 4 else words[_SUM]
    return words[_BUILDS] % pick(app.lang, _KINDS)[kind]


def reachable(game, cards, cap):
    """The best formation ``cards`` (a side not yet full, of ``cap``
    places) may still become with the cards not yet on the table (elite
    troops taken as any card)."""
    clan = [c for c in cards if c < FIRST_TACTIC]
    missing = cap - len(cards)
    if not clan:
        return COLOUR_RUN
    colours = 0
    values = 0
    for c in clan:
        colours |= 1 << (c // 9)
        values |= 1 << (c % 9)
    one_colour = colours & (colours - 1) == 0
    distinct = _count(values) == len(clan)
    c = clan[0] // 9
    if one_colour and distinct and _run_open(values, cap, game.unseen[c]):
        return COLOUR_RUN
    if values & (values - 1) == 0 and game.unseen_n[clan[0] % 9] >= missing:
        return THREE
    if one_colour and _count(game.unseen[c]) >= missing:
        return COLOUR
    if distinct:
        free = 0
        for v in range(9):
            if game.unseen_n[v]:
                free |= 1 << v
        if _run_open(values, cap, free):
            return RUN
    return SUM


def _run_open(values, cap, free):
    # Is there a window of ``cap`` values holding ``values`` whose other
    # values are all in ``free``?
    full = (1 << cap) - 1
    for lo in range(10 - cap):
        window = full << lo
        if values & ~window == 0 and window & ~values & ~free == 0:
            return True
    return False


def _count(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n
