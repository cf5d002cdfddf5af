"""The statistics screen (the menu's Statistics row): a page of totals, then
a page per opponent with its matches won, lost and drawn in each variant;
left and right turn the pages, B goes back to the menu, SELECT (said on the
opponents' pages) asks to clear them all (A then clears them, any other
button keeps them).  A screen's
module (``hw.screens.MODULES``), loaded while it is shown, with its words
and ``hw.saves.tally`` (what the counters count)."""

from micropython import const

from engine import unload
from engine.game import VARIANTS
from hw import buttons
from hw.lang.strings import pick
from hw.saves.tally import (BEST, DRAWN, HINTS, LESSONS, LOST, ROUNDS_DRAWN, ROUNDS_LOST, ROUNDS_WON, STONES, STREAK, WON,
                      cell, get)

_CONFIRM = "stats"  # app.confirm while the clearing waits for A

# The screen's words, in each language (hw.lang.strings.pick's order): here, not
# in the language tables, so that they are on the heap only while it is shown.
_TITLE = const(0)
_MATCHES = const(1)
_ROUNDS = const(2)
_STONES = const(3)
_STREAK = const(4)
_HINTS = const(5)
_PASS = const(6)
_CLEAR = const(7)
_KEYS = const(8)
_HEADS = const(9)
_PASS_HEADS = const(10)
_ALL = const(11)
_ASK = const(12)
_ASK_KEYS = const(13)
_WORDS = (
    ("Statistics", "Matches", "Rounds", "Stones won %d", "Streak %d, best %d", "Hints %s, lessons %s", "Pass & play: %d",
     "SEL: clear all", "< %d/%d >  B: back", "  Won Lost Draw", "   P1   P2 Draw", "All",
     "Clear all statistics?", "A: clear  B: keep"),
    ("Statistiques", "Parties", "Manches", "Bornes gagnées %d", "Série %d, max %d", "Conseils %s, leçons %s", "À deux : %d",
     "SEL : tout effacer", "< %d/%d >  B : retour", "  Vic  Déf  Nul", "   J1   J2  Nul", "Total",
     "Tout effacer ?", "A : effacer  B : garder"),
    ("Estadísticas", "Partidas", "Rondas", "Piedras ganadas %d", "Racha %d, mejor %d", "Pistas %s, clases %s", "Dos jugadores: %d",
     "SEL: borrar todo", "< %d/%d >  (B) volver", "  Gan  Per  Emp", "   J1   J2  Emp", "Total",
     "¿Borrar todo?", "(A) borrar  (B) guardar"),
)


def _pages(app):
    return 1 + len(app.OPPONENTS)  # the totals, then an opponent a page


def press(app, button):
    """A button on the statistics: another page, back to the menu, or the
    clearing asked for and answered."""
    confirm = app.confirm
    app.confirm = ""
    n = _pages(app)
    if confirm == _CONFIRM:
        if button == buttons.A:
            stats = app.stats
            for i in range(len(stats)):
                stats[i] = 0
            app.keeper.save(app, None)  # (from the menu: the save holds the settings alone)
            app.page = 0  # (the totals, all 0: what was cleared, seen)
    elif button in (buttons.RIGHT, buttons.DOWN, buttons.A):
        app.page = (app.page + 1) % n
    elif button in (buttons.LEFT, buttons.UP):
        app.page = (app.page - 1) % n
    elif button == buttons.SELECT:
        app.confirm = _CONFIRM
    elif button in (buttons.B, buttons.START):
        app.back()  # (the menu, its cursor still on the statistics)
        unload("hw.saves.tally")  # (this screen's, gone with it)


def _sums(stats, o):
    # ``[won, lost, drawn]`` against opponent ``o`` (its index), every variant.
    return [sum(get(stats, cell(o, v, r)) for v in range(len(VARIANTS))) for r in (WON, LOST, DRAWN)]


def _passes(app):
    # The pass-and-play matches, every variant and result (nobody's own).
    return sum(_sums(app.stats, app.OPPONENTS.index("pass"))) if "pass" in app.OPPONENTS else 0


def mine(app):
    """``[won, lost, drawn]``: the matches of this board's player (all but
    pass-and-play's), every opponent and variant."""
    out = [0, 0, 0]
    for o in range(len(app.OPPONENTS)):
        if app.OPPONENTS[o] != "pass":
            for r, k in enumerate(_sums(app.stats, o)):
                out[r] += k
    return out


def lines(app):
    words = pick(app.lang, _WORDS)
    stats = app.stats
    if app.confirm == _CONFIRM:
        return [words[_TITLE], "", words[_ASK], "", words[_ASK_KEYS]]
    page = app.page
    n = _pages(app)
    if page == 0:
        out = [words[_TITLE],
               " " * 9 + words[_HEADS],
               _row(words[_MATCHES], mine(app)),
               _row(words[_ROUNDS], [get(stats, k) for k in (ROUNDS_WON, ROUNDS_LOST, ROUNDS_DRAWN)]),
               words[_STONES] % get(stats, STONES),
               words[_STREAK] % (get(stats, STREAK), get(stats, BEST)),
               words[_HINTS] % (_short(get(stats, HINTS)), _short(get(stats, LESSONS))),
               words[_PASS] % _passes(app)]
    else:
        o = page - 1
        opponent = app.OPPONENTS[o]
        out = [app.t(opponent),
               " " * 9 + words[_PASS_HEADS if opponent == "pass" else _HEADS]]
        for v in range(len(VARIANTS)):
            out.append(_row(app.t(VARIANTS[v]), [get(stats, cell(o, v, r)) for r in (WON, LOST, DRAWN)]))
        out.append(_row(words[_ALL], _sums(stats, o)))
        out += ["", words[_CLEAR]]
    return out + [words[_KEYS] % (page + 1, n)]


def _short(k):
    # A count in 3 characters at most: 1,000 and more in thousands ("12k").
    return str(k) if k < 1000 else "%dk" % (k // 1000)


def _row(name, counts):
    # A name and three counts, each in 5 characters: 10,000 and more in
    # thousands ("65k"), so that a space always parts them.
    return "%-9s%5s%5s%5s" % ((name[:9],) + tuple(str(k) if k < 10000 else "%dk" % (k // 1000) for k in counts))
