"""The end of a round or a match: the final board, the stones that won it
and why, a match's summary, A to go on.  The module of both screens
(``hw.screens.MODULES``), loaded at a round's end and forgotten when the
next turn starts; ``hw.view`` reads the final board's lines from it.
"""

from micropython import const

from engine.game import N_STONES, lowest
from hw import buttons
from hw.lang import words
from hw.lang.strings import own, pick
from hw.match import play
from hw.screens import MATCH_END, MENU, PANEL_CHARS

# The words of a round's end, in each language (hw.lang.strings.pick's order): here,
# not in the language tables, so that they are on the heap only at the end.
_NEXT = const(0)
_ROUNDS_PLAYED = const(1)
_ADJACENT = const(2)
_FIVE = const(3)
_MORE = const(4)
_DRAWN = const(5)
_MENU_KEY = const(6)
_REVIEW_KEY = const(7)
_REVIEW_BOTH = const(8)
_POINTS = const(9)
_WORDS = (
    ("A: next",
     "%d rounds played",
     "Three adjacent", "Five stones", "No moves: %d-%d", "No moves: even",
     "A: menu", "B: review your moves", "B: review the moves", "Points:"),
    ("A : suite",
     "%d manches jouées",
     "Trois voisines", "Cinq bornes", "Bloqué : %d-%d", "Bloqué : égalité",
     "A : menu", "B : revoir vos coups", "B : revoir les coups", "Points :"),
    ("(A) sigue",
     "%d rondas jugadas",
     "Tres seguidas", "Cinco piedras", "Bloqueo: %d-%d", "Bloqueo: empate",
     "(A) menú", "(B) revisar tus jugadas", "(B) revisar las jugadas", "Puntos:"),
)
_LINE_CHARS = const(26)  # hw.view's: characters on the top and bottom lines


_DRAIN_MS = const(5000)  # after a linked match, at most this to deliver the last move


# This screen's own words, in each language (hw.lang.strings.pick's order), read
# through hw.lang.strings.own: here, not in the language tables, so that they are
# on the heap only while this module is loaded.
_T = (
    {  # en
        "round_won": "%s wins the round",
        "you_win_round": "You win the round",
        "you_win_match": "You win the match",
        "round_drawn": "Round drawn",
        "match_won": "%s wins the match",
        "match_drawn": "Match drawn",
    },
    {  # fr
        "round_won": "Manche pour %s",
        "you_win_round": "Manche gagnée !",
        "you_win_match": "Partie gagnée !",
        "round_drawn": "Manche nulle",
        "match_won": "Partie pour %s",
        "match_drawn": "Partie nulle",
    },
    {  # es
        "round_won": "Ronda para %s",
        "you_win_round": "¡Ganas la ronda!",
        "you_win_match": "¡Ganas la partida!",
        "round_drawn": "Ronda empatada",
        "match_won": "Partida para %s",
        "match_drawn": "Partida empatada",
    },
)


def press(app, button):
    if button == buttons.B and app.mode == MATCH_END:
        _review(app)
        return
    if button != buttons.A:
        return
    if app.mode != MATCH_END:
        app.match.final = None  # the last round's board, seen
        if app.match.over():
            app.go(MATCH_END)
        else:
            play.start_turn(app)
            if app.linked():
                app.link.next_round(app)
    else:
        app.go(MENU)
        app.match = None
        if app.linked():
            app.link.close(app.now + _DRAIN_MS)  # (its last move delivered meanwhile)


def _review(app):
    # B on the summary: the match's objects go, then the review's code
    # comes (its room is theirs) and shows the first move.
    import gc

    from engine import unload

    match = app.match
    humans = app.humans()
    # (its moves: the finished match's own log, no copy made where the heap is fullest)
    seed, rounds, variant, moves = match.seed, match.rounds, match.game.variant, match.moves()
    match = None  # (nothing holds the match now)
    if app.linked():
        app.link.close(app.now + _DRAIN_MS)  # (as A on the summary: its last move delivered meanwhile)
        app.link.rest(app)  # (the link and its code, if that move is delivered: the hard level's room)
    app.match = None
    app.message = ""
    # The match's code goes too (hw.match.play: the menu loads it again), so that
    # the hard level has its room to think.
    unload("hw.match.play")
    gc.collect()
    from hw.screens import review

    review.begin(app, seed, rounds, variant, moves, (1 if humans[0] else 0) | (2 if humans[1] else 0))


def lines(app):
    """The summary of a match, after its last round's board; else None: a
    round's final board (its lines: ``ending``)."""
    return summary(app) if app.mode == MATCH_END else None


def summary(app):
    """The panel of a match, after its last round's board: who won, the
    rounds and the score, and the keys (A: the menu, B: the review)."""
    match = app.match
    words_ = pick(app.lang, _WORDS)
    out = [won(app, match.winner(), "match", PANEL_CHARS), ""]  # (one line: a long name gives its short one)
    if match.rounds > 1:
        out.append(words_[_ROUNDS_PLAYED] % len(match.results))
    # (after the last round's board): the match's points, a line a player.
    out.append(words_[_POINTS])
    for p in (0, 1):
        out.append("  %s %d" % (app.name(p), match.scores[p]))
    return out + ["", words_[_MENU_KEY], words_[_REVIEW_BOTH if app.opponent == "pass" else _REVIEW_KEY]]


def won(app, w, what, width=0):
    """Who won the round or the match (``what``); said in at most
    ``width`` characters if one is given, with the short name if the name
    is too long (the desktop's Master)."""
    t = own(app, _T)
    if w not in (0, 1):
        return t(what + "_drawn")
    if app.opponent != "pass" and w == app.me():
        return t("you_win_" + what)
    text = t(what + "_won") % app.name(w)
    return text if not width or len(text) <= width else t(what + "_won") % app.short_name(w)


def ending(app, game, me, them):
    """The final board's lines: (status, last, hint): who won; the move
    that ended the round (its card framed on the board); why it was won
    (its stones are marked) and the button to go on."""
    match = app.match
    single = match.over() and match.rounds == 1  # (a one-round match: its winner is the match's)
    status = won(app, match.winner() if single else game.winner, "match" if single else "round", _LINE_CHARS)
    words_ = pick(app.lang, _WORDS)
    last = words.last_text(app, game) if game.move_count() else ""
    return status, last, round_reason(app, game) + "  " + words_[_NEXT]


def winning_stones(game):
    """The stones that won the round (a mask): the first three adjacent
    of the winner's, else all its stones (five, or more than the other's
    in a stalled round); 0 for a draw."""
    w = game.winner
    if w != 0 and w != 1:
        return 0
    mask = 0
    run = 0
    for s in range(N_STONES):
        if game.owner[s] == w:
            mask |= 1 << s
            run += 1
            if run == 3:
                return 7 << (s - 2)
        else:
            run = 0
    return mask


def round_reason(app, game):
    """Why ``game``'s round was won: three adjacent stones, five stones,
    or more stones than the other's when neither could play on (the
    stones that won it are marked on the board)."""
    w = game.winner
    words_ = pick(app.lang, _WORDS)
    if w != 0 and w != 1:
        return words_[_DRAWN]
    mask = winning_stones(game)
    if mask == 7 << (lowest(mask)):
        return words_[_ADJACENT]
    if game.owned[w] >= 5:
        return words_[_FIVE]
    return words_[_MORE] % (game.owned[w], game.owned[1 - w])
