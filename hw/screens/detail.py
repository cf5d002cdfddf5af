"""The detail of one stone (Select during a turn, or on a lesson's
board): the cards on each side, their formations, its owner, and (A)
whether it may be claimed now: the proof, or what could still beat it
(``hw.lang.why``'s words, loaded for a moment, as a refused claim does).
A screen's module (``hw.screens.MODULES``), loaded while it is shown.
"""

from micropython import const

from engine import unload
from engine.cards import BLIND, MUD
from engine.formation import CATEGORY_NAMES, category
from engine.game import N_STONES, NOBODY, SIDE_MAX, TACTICS
from hw import buttons
from hw.lang.strings import own, pick, wrap
from hw.lang.words import name_of
from hw.screens import DETAIL, LINES, PANEL_CHARS

# Tactics modes (engine.tactics; kept here so that the classic app never
# loads that module).
_MODE_BLIND = const(1)
_MODE_MUD = const(2)
# Words of this screen alone, in each language (hw.lang.strings.pick's order): here,
# not in the language tables, so that they are on the heap only with them.
_WORDS = (
    ("A: claimable?  B: back", "< >: the other stones"),  # en
    ("A : revendicable ?", "B : retour  < > : bornes"),  # fr
    ("(A) ¿reclamable?", "(B) volver  < >: piedras"),  # es
)


# This screen's own words, in each language (hw.lang.strings.pick's order), read
# through hw.lang.strings.own: here, not in the language tables, so that they are
# on the heap only while this module is loaded.
_T = (
    {  # en
        "stone": "Stone %d",
        "owner_none": "open",
        "owner": "won by %s",
        "sum_of": "sum %d",
        "tactics_played": "Tactics: %s %d, %s %d",
        "piles": "Piles: clan %d, tact. %d",
        "discard": "Discard: %s",
    },
    {  # fr
        "stone": "Borne %d",
        "owner_none": "libre",
        "owner": "gagnée par %s",
        "sum_of": "somme %d",
        "tactics_played": "Tactiques: %s %d, %s %d",
        "piles": "Pioches: clan %d, T %d",
        "discard": "Défausse: %s",
    },
    {  # es
        "stone": "Piedra %d",
        "owner_none": "libre",
        "owner": "ganada por %s",
        "sum_of": "suma %d",
        "tactics_played": "Tácticas: %s %d, %s %d",
        "piles": "Mazos: clan %d, táct. %d",
        "discard": "Descarte: %s",
    },
)


def press(app, button):
    """A button on a stone's detail: A asks whether it may be claimed (the
    proof, or what could still beat it), left and right go to another
    stone, B and Select back to the turn."""
    if button == buttons.A:
        from hw.lang import why

        app.notice(why.why_not(app, app.detail_stone, app.viewer()), DETAIL)
        unload("hw.lang.why")
    elif button in (buttons.B, buttons.SELECT):
        app.back()  # (to the turn, or a lesson's board)
    elif button in (buttons.LEFT, buttons.RIGHT):
        app.detail_stone = (app.detail_stone + (1 if button == buttons.RIGHT else -1)) % N_STONES


def lines(app):
    """The stone's detail and, under it, the keys (two lines): in tactics,
    when the panel is full, the piles' line goes (the board's corner has
    them), then the discard's, then the tactic cards played, so that the
    keys always show."""
    out = detail(app, app.detail_stone)
    if app.game.variant == TACTICS:
        for last in (2, 1, 1):  # (the piles, then the discard, then the cards played)
            if sum(len(wrap(line)) for line in out) <= LINES - 2:
                break
            del out[-last]
    return out + list(pick(app.lang, _WORDS))


def detail(app, s):
    """The detail of stone ``s`` for the viewer: lines of text."""
    game = app.game
    t = own(app, _T)
    me = app.viewer()
    tactics = game.variant == TACTICS
    lines = [t("stone") % (s + 1)]
    if tactics and game.mode[s]:
        modes = ((_MODE_BLIND, BLIND), (_MODE_MUD, MUD))
        lines[0] += " (" + ", ".join(name_of(app, c) for b, c in modes if game.mode[s] & b) + ")"
    for p in (1 - me, me):
        cards = game.cards_at(s, p)
        names = " ".join(name_of(app, c) for c in cards)
        line = app.name(p) + ": " + names
        lines.append(line if len(line) <= PANEL_CHARS else app.short_name(p) + ": " + names)  # (on one line)
        # A complete side's formation, on a line of its own.
        # (with its sum: the tie-break within a formation)
        if not tactics and len(cards) == SIDE_MAX:
            rank = game.rank[s * 2 + p]
            lines.append("  %s, %d" % (t(CATEGORY_NAMES[category(rank)]), rank & 31))
        elif tactics and len(cards) == game.cap(s):
            rank = game.rank[s * 2 + p]
            lines.append("  " + (t("sum_of") % rank if game.mode[s] & _MODE_BLIND else
                                 "%s, %d" % (t(CATEGORY_NAMES[rank // 40]), rank % 40)))
    owner = game.owner[s]
    lines.append(t("owner_none") if owner == NOBODY else t("owner") % app.name(owner))
    if tactics:
        # The tactic cards: played by each, the piles, the discard.
        lines.append(t("tactics_played") % (app.short_name(me), game.played[me], app.short_name(1 - me),
                                                game.played[1 - me]))
        lines.append(t("piles") % (game.pile_size(), game.tactic_pile_size()))
        lines.append(t("discard") % " ".join(name_of(app, c) for c in game.discards()[-5:]))
    return lines
