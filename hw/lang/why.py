"""Why a stone may or may not be claimed now, in the app's words: the
proof, or what could still beat it.  Asked by a stone's detail (A,
``hw.screens.detail``) and by a claim the turn refuses (``hw.match.turn``), each loading
it for a moment: no screen borrows another's words.
"""

from micropython import const

from engine.formation import CATEGORY_NAMES
from engine.game import CLAIMABLE, UNPROVED
from hw.lang.strings import own, pick
from hw.lang.words import name_of

_REASONS = ("taken", "need_three", "they_win_it")  # (engine.game.why_not's reasons TAKEN, SHORT, BEATEN: 1 to 3)
# Lines of this module's, in each language (hw.lang.strings.pick's order).
_CLAIMABLE = const(0)
_PROOF_FULL = const(1)
_PROOF_UNSEEN = const(2)
_YOURS = const(3)  # (two lines)
_WORDS = (
    ("Stone %d: claimable", "yours beats theirs", "no card left beats it", "(Yours count: a proof",
     "looks at the table only)"),  # en
    ("Borne %d: revendicable", "la vôtre bat la leur", "aucune carte ne la bat", "(Les vôtres comptent :",
     "la preuve lit la table)"),  # fr
    ("Piedra %d: reclamable", "la tuya gana a la suya", "ninguna carta la supera", "(Las tuyas cuentan: la",
     "prueba mira la mesa)"),  # es
)
# Its words read through hw.lang.strings.own (a key it lacks is the language
# table's: the formations' names).
_T = (
    {  # en
        "not_provable": "Stone %d: not yet",
        "could_add": "%s could come",
        "for_a": "for a %s",
        "for_sum": "for a higher sum",
        "need_three": "Stone %d: need 3 cards",
        "they_win_it": "Stone %d: theirs wins",
        "taken": "Stone %d: taken",
    },
    {  # fr
        "not_provable": "Borne %d: pas encore",
        "could_add": "%s peut venir",
        "for_a": "pour %s",
        "for_sum": "pour dépasser la somme",
        "need_three": "Borne %d: il faut 3 cartes",
        "they_win_it": "Borne %d: perdue",
        "taken": "Borne %d: prise",
    },
    {  # es
        "not_provable": "Piedra %d: aún no",
        "could_add": "%s puede llegar",
        "for_a": "para %s",
        "for_sum": "para una suma mayor",
        "need_three": "Piedra %d: necesitas 3 cartas",
        "they_win_it": "Piedra %d: perdida",
        "taken": "Piedra %d: tomada",
    },
)


def why_not(app, s, player=None):
    """Lines saying whether ``player`` (the player to move) may claim
    stone ``s`` now: the proof, or why not (what could still beat it)."""
    game = app.game
    t = own(app, _T)
    if player is None:
        player = game.to_move
    reason, cards, kind = game.why_not(s, player)
    if reason == UNPROVED:
        lines = [t("not_provable") % (s + 1), t("could_add") % " ".join(name_of(app, c) for c in cards),
                 t("for_sum") if kind < 0 else t("for_a") % t(CATEGORY_NAMES[kind])]
        hand = game.hand_cards(player)
        if any(c in hand for c in cards):
            # A card that could come is in the player's own hand: a proof
            # uses the table alone (rules.md), so it counts; said, not hidden.
            words = pick(app.lang, _WORDS)
            lines += words[_YOURS:_YOURS + 2]
        return lines
    if reason == CLAIMABLE:
        # Proved from the table: the other side is full and weaker, or no
        # card still unseen can make it beat this one.
        full = len(game.cards_at(s, 1 - player)) == game.cap(s)
        words = pick(app.lang, _WORDS)
        return [words[_CLAIMABLE] % (s + 1), words[_PROOF_FULL if full else _PROOF_UNSEEN]]
    return [t(_REASONS[reason - 1]) % (s + 1)]
