"""A hint's words: what the hint's move does and why, in a line each of
the game's words.  Loaded by ``hw.screens.hint`` once the hard bot has chosen (and
its thinking is back on the heap), dropped once the notice is up; and by
the review (``hw.screens.review``) while it says a weighed move: its class,
and why the Chieftain's move, in the hint's words.
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
_STARTS = const(13)
_WORDS = (
    ("Hint: %s", "wins the round", "claims stone %s", "makes a %s", "builds a %s", "adds to the sum",
     "low card, stone let go", "answers their cards", "opens the stone", "a high card opens it",
     "changes the fight there", "a tactic card, now", "nothing to place: pass", "starts a %s"),  # en
    ("Conseil : %s", "gagne la manche", "revendique %s", "fait %s", "vise %s", "ajoute à la somme",
     "carte basse, borne cédée", "répond à leurs cartes", "ouvre la borne", "une forte ouvre la borne",
     "change le combat ici", "une carte tactique", "rien à poser : passer", "commence %s"),  # fr
    ("Pista: %s", "gana la ronda", "reclama %s", "forma %s", "busca %s", "aumenta la suma",
     "carta baja, cede piedra", "les responde aquí", "abre la piedra", "una alta abre la piedra",
     "cambia el combate aquí", "una carta táctica, ahora", "nada que poner: pasar", "empieza %s"),  # es
)
# The review's words for a weighed move (hw.screens.review: a coach's words
# too), in each language: the top line's classes from an inaccuracy
# (engine.weigh's) and a won endgame given away; the bottom line's
# Chieftain's move, better, as good, or the one that won.
CLASSES = (("Inaccuracy", "Mistake", "Blunder", "Win given away", "Better: %s", "Also good: %s", "Won with: %s"),
            ("Imprécision", "Erreur", "Gaffe", "Victoire gâchée", "Mieux : %s", "Aussi bon : %s", "Gagnait : %s"),
            ("Imprecisión", "Error", "Error grave", "Victoria regalada", "Mejor: %s", "También vale: %s",
             "Ganaba: %s"))
_GIVEN = const(4)  # review.kind of a won endgame given away (hw.screens.review's)
_LOST = const(3)  # (in CLASSES: the classes from 0, an inaccuracy; then what the top line says of it)
_BETTER = const(4)
_ALSO = const(5)
_WON_WITH = const(6)
_LINE_CHARS = const(26)  # hw.view's: characters on a line
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


def weighed(app, game, m, what, same):
    """The review's lines (``app.review``'s move shown, weighed, other than
    the Chieftain's ``m``, said ``what``; ``same``: the same play, the
    Chieftain claiming more; ``game`` the table before it).  A move worse
    than good: its class and the points it gave away on the top line
    ("<7/25> Mistake -12%", ``engine.weigh``), the Chieftain's move at the
    bottom ("Better: R4 at stone 2"); a good one, "Also good: R4 at stone
    2" (of the same play, the Chieftain's line stays); a won endgame given
    away, "Win given away" and "Won with: R4 at stone 2".  The bottom line
    says in turn why ``m`` (``reason``; its claims, for the same play)."""
    review = app.review
    kind = review.kind[review.k]  # (engine.weigh's class, or _GIVEN)
    if same and not kind:
        return
    words = pick(app.lang, CLASSES)
    form = words[_ALSO]
    if kind:
        top = "<%d/%d> " % (review.k + 1, len(review.mine))
        review.top = (top + (words[_LOST] if kind == _GIVEN else "%s -%d%%" % (words[kind - 1], review.cost[review.k])))[
            :_LINE_CHARS]
        # (the corner's name only where it still fits: hw.view)
        form = words[_WON_WITH if kind == _GIVEN else _BETTER]
    app.message = (form % what)[:_LINE_CHARS]
    review.why = why(app, game, m, same)[:_LINE_CHARS]
    review.said = app.message
    review.swapped = app.now


def why(app, game, m, same):
    """Why the Chieftain's move ``m`` (``game`` the table before it), as
    the review says it: ``reason``; for the same play as the player's
    (``same``), why its claims."""
    p = game.to_move
    claims = move_claims(m)
    if not same:
        return reason(app, game, p, m)
    if game.wins_with(p, claims):
        return pick(app.lang, _WORDS)[_WINS]
    return pick(app.lang, _WORDS)[_CLAIMS] % stones_text(claims)


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
        # The first card: the best formation the hand can go on with
        # there (a low card against their cards: a colour run or three of
        # a kind, else a stone let go), else what the card is worth.
        kind = _started(after, p, card) if value and not (after.variant == TACTICS and after.mode[stone] & 1) else SUM
        theirs = after.cards_at(stone, 1 - p)
        if kind >= (THREE if theirs and value < 4 else RUN):
            return words[_STARTS] % pick(app.lang, _KINDS)[kind]
        if theirs:
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


def _started(after, p, card):
    # The best formation ``card`` starts with one card of ``p``'s hand
    # (``after``: the table once it is placed): a colour run (the same
    # colour, one or two apart), three of a kind, a colour, a run; else SUM.
    colour = card // 9
    value = card % 9
    best = SUM
    hand = after.hand[p]
    for h in range(after.hand_n[p]):
        c = hand[h]
        if c >= FIRST_TACTIC:
            continue
        apart = c % 9 - value if c % 9 >= value else value - c % 9
        same = c // 9 == colour
        kind = COLOUR_RUN if same and 0 < apart < 3 else THREE if not apart else COLOUR if same else \
            RUN if apart < 3 else SUM
        if kind > best:
            best = kind
    return best


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
