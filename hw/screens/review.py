"""The review of a match just played (B on its summary): the player's moves
one at a time (both players' in pass-and-play), each on the board as it was
once made, its card framed; when the hard level would have made another
move there, its stone gets the cursor's white frame and the bottom line
says that move: "Also good: R4 at stone 2", or for a move worse than good
"Better: R4 at stone 2", its class and the points of winning chance it
gave away on the top line ("<3/25> Mistake -12%", ``engine.weigh``,
``hw.lang.hint.weighed``), the line saying in turn why the Chieftain's
move; in the tactics variant, whose moves are not weighed, "Chieftain: R4
at stone 2".  Else that it agrees.  A mistake (a blunder, a won endgame
given away) is a question first: its class on the top line, "A: find
better  >: answer" at the bottom, no stone framed; A asks it
(``hw.screens.quiz``), right says the answer.  Left and right: the move
before, the next; B (or Start): the menu.  The top line says which move it is and the
keys ("<3/25>  B: back"), the corner "Review"; the hand is the one the
move was chosen from, less the card played if it is on the table (framed
there).

A screen's module (``hw.screens.MODULES``), loaded while the review is
shown.  The match's objects are gone when it starts (``hw.screens.ends``
lets them go before it loads this module): it keeps the match's
seed and moves, and rebuilds the table at each move it shows
(``engine.review.at``).  The hard level's move is worked out the first
time a move is shown (its first tick says "Thinking...", the next thinks:
a board takes the hard level's time, about a second), and kept; it is the
one ``python -m sim --replay FILE --review`` sets beside that move
(``engine.review``: the same seeds).
"""

import gc

from micropython import const

from engine import review as rv
from engine import unload
from engine.cards import SCOUT
from engine.game import TACTICS
from engine.moves import move_card, move_claims, play_of, stones_text, with_claims
from hw import buttons
from hw.lang import words
from hw.lang.strings import pick
from hw.screens import MENU, QUIZ, REVIEW

_LINE_CHARS = const(26)  # hw.view's: characters on the bottom line
# The type check reads the blocks under MYPY (it takes the name as true); a
# board's compiler, seeing the constant 0, leaves them out (as hw.view's).
MYPY = const(0)
try:
    from typing import Any  # noqa: F401  (type comments only; boards lack typing)
except ImportError:
    pass
_NOT_YET = const(-1)  # a hard move not worked out yet
_SWAP_MS = const(2500)  # the bottom line's two sayings of a weighed move, each this long

# The review's words, in each language (hw.lang.strings.pick's order); a
# weighed move's class is said in the coach's (hw.lang.hint.weighed).
_AGREES = const(0)
_WOULD = const(1)
_OTHER_PILE = const(2)
_TOP = const(3)
_NAME = const(4)
_ASK = const(5)  # a mistake's bottom line before its better move is said
_WORDS = (("%s agrees", "%s: %s", "%s: the other pile", "<%d/%d>  B: back", "Review", "A: find better  >: answer"),
          ("%s d'accord", "%s : %s", "%s : l'autre pioche", "<%d/%d>  B:retour", "Revue",
           "A : chercher  > : réponse"),
          ("%s de acuerdo", "%s: %s", "%s: el otro mazo", "<%d/%d> (B) volver", "Repaso", "(A) busca mejor  (>) ver"))
_UNWEIGHED = const(255)  # review.cost: not weighed (the tactics variant, a pass)
_MISTAKE = const(2)  # review.kind: engine.weigh's MISTAKE (tests/test_layers.py holds it equal)
_GIVEN = const(4)  # review.kind: a won endgame given away (engine.weigh.GIVEN_AWAY; hw.lang.hint's)
_FOUND = const(2)  # review.shown: the better move found (hw.screens.quiz's: a question answered right)
_GUESSED = const(3)  # review.shown: a mistake a guess would find (more than a quarter of the moves good): no question


class Review:
    """What the review keeps of the match: its seed, rounds, variant and
    moves; the moves reviewed (``mine``: their numbers in ``moves``), the
    one shown (``k``), the hard level's move at each (``hard``) and the
    points of winning chance each gave away (``cost``), and the hard bot
    that works them out (``bot``, one for the whole review).
    Also the view's stand-in for a turn: the cursor's stone
    (``stone_cursor``, -1: none).

    Its fields are set by ``begin``: a class without methods holds
    nothing of this module, whose code goes while a question is asked
    (``hw.screens.quiz``) and comes back after, once, not twice."""

    if MYPY:  # (its fields, for the type check: a board's compiler leaves the block out)
        seed = rounds = variant = k = player = stone_cursor = swapped = 0
        moves = mine = hard = hand = [0]
        cost = kind = shown = bytearray(0)
        bot = table = None  # type: Any
        top = said = why = ""
        thought = False


def begin(app, seed, rounds, variant, moves, seats):
    """Review the match dealt from ``seed`` whose moves were ``moves``, the
    moves of ``seats`` (a mask: 1 the first player, 2 the second); False
    (the menu) when none of its moves is theirs."""
    review = Review()
    review.seed = seed
    review.rounds = rounds
    review.variant = variant
    review.moves = moves
    review.mine = mine = rv.mine(seed, rounds, variant, moves, seats)
    review.hard = [_NOT_YET] * len(mine)
    review.cost = bytearray(len(mine))  # what each gave away (engine.weigh.cost), once its hard move is known
    review.kind = bytearray(len(mine))  # and its class (engine.weigh.grade; _GIVEN: a won endgame given away)
    review.shown = bytearray(len(mine))  # 1: a mistake's better move said (asked first: _asks), 2: found, 3: guessed
    review.bot = None  # made on the first move's tick (tick)
    review.table = None  # the game every table is rebuilt in (_before)
    review.k = 0
    review.player = 0  # the player of the move shown (hw.app: App.me while reviewing)
    review.hand = []  # the hand that move was chosen from (hw.view shows it)
    review.top = ""  # the top line: which move of how many, the keys (hw.view)
    review.stone_cursor = -1
    review.thought = False
    review.said = ""  # a weighed move's bottom line: its class and the better move,
    review.why = ""  # then, in turn, why that move (the hint's words: hw.lang.hint.reason)
    review.swapped = 0  # when the line last changed (ms)
    app.review = review
    app.turn = review
    app.go(REVIEW)
    if not review.mine:
        leave(app)
        return False
    _show(app)
    return True


def leave(app):
    """Back to the menu; the review goes, the mistakes it weighed kept
    for the menu's questions but those the player found (``engine.mistakes``:
    the newest few, saved at once, ``hw.saves.kept``)."""
    review = app.review
    app.review = None
    app.turn = None
    app.match = None
    app.message = ""
    app.note = ""
    app.last_human = -1
    app.go(MENU)
    app.row = 0
    from hw.match import play

    play.unload_bots()  # (the hard level's modules, if the review loaded them)
    unload("engine.weigh")
    found = [(review.mine[k], review.cost[k]) for k in range(len(review.mine))
             if review.kind[k] >= _MISTAKE and review.shown[k] < _FOUND]
    if found and app.opponent != "pass":  # (pass-and-play's two players: neither's "Your mistakes")
        review.bot = None
        gc.collect()
        from engine import mistakes
        from hw.saves import kept

        kept.write(app, mistakes.kept(kept.read(app), review.seed, review.rounds, review.variant, review.moves, found,
                                      review.table))
        unload("engine.mistakes")
        unload("hw.saves.kept")
    unload("engine.review")


def press(app, button):
    review = app.review
    if button in (buttons.B, buttons.START):
        leave(app)
        return
    if button == buttons.A and review.hard[review.k] == _NOT_YET:
        return  # (A while the move is worked out: it may be a mistake's, to ask; right steps on)
    if _asks(review) and button in (buttons.RIGHT, buttons.A):
        # A mistake's question: A asks it (hw.screens.quiz, set up at its
        # first tick: this module's code gone first), right says the answer.
        if button == buttons.A:
            app.go(QUIZ)
            return
        review.shown[review.k] = 1
        k = review.k
    elif button in (buttons.RIGHT, buttons.A):
        k = review.k + 1
    elif button == buttons.LEFT:
        k = review.k - 1
    else:
        return
    if 0 <= k < len(review.mine):
        review.k = k
        _show(app)


def _show(app):
    # The table once the move shown was made; its card framed as the last
    # move's, the hard level's stone (if another) under the cursor, its
    # words on the bottom line (said from the table with the hard move
    # made instead, then the table is made again: no words are kept).
    review = app.review
    n = review.mine[review.k]
    hard = review.hard[review.k]
    played = review.moves[n]
    app.match = None
    gc.collect()
    match = _before(review, n)
    review.player = match.game.to_move
    # The hand it was chosen from, but the card played when it stays on
    # the table, framed there (a Scout or a ruse goes to the discard: kept).
    card = move_card(played)
    review.hand = sorted(c for c in match.game.hand_cards(review.player) if c != card or card >= SCOUT)
    app.last_human = review.player  # (pass-and-play: the side at the bottom)
    words_ = pick(app.lang, _WORDS)
    review.top = words_[_TOP] % (review.k + 1, len(review.mine))
    app.note = words_[_NAME]
    review.thought = False
    review.stone_cursor = -1
    review.why = ""
    what = None  # the Chieftain's other move, said (a weighed one's line then says its class: hw.lang.hint)
    if hard == _NOT_YET:
        app.message = app.t("thinking")
    elif hard == played:
        app.message = words_[_AGREES] % app.t("hard")
    elif play_of(hard) == play_of(played):
        # The same play: the hard level claims more (it claims every stone
        # it can prove), or draws from the other pile; said, no stone framed.
        if move_claims(hard) != move_claims(played):
            what = app.t("claims") % stones_text(move_claims(hard))
            app.message = words_[_WOULD] % (app.t("hard"), what)
            if len(app.message) > _LINE_CHARS:
                app.message = what  # (many stones: the line holds 26 characters, and every stone is said)
        else:
            app.message = words_[_OTHER_PILE] % app.t("hard")
    else:
        # Another play: said without its claims (the line holds 26
        # characters), its stone framed.
        match.game.apply(with_claims(hard, 0))
        app.match = match
        what = words.last_text(app)
        app.message = (words_[_WOULD] % (app.t("hard"), what))[:_LINE_CHARS]
        review.stone_cursor = _stone(hard)
        app.match = match = None
        gc.collect()
        match = _before(review, n)
    if what is not None and review.cost[review.k] != _UNWEIGHED:
        # The coach's words, in the weighing's room (its code comes back
        # with the next move's: tick).
        unload("engine.weigh")
        gc.collect()
        from hw.lang import hint

        hint.weighed(app, match.game, hard, what, play_of(hard) == play_of(played))
        del hint
        unload("hw.lang.hint")
        if _asks(review):
            # A mistake: its better move not said yet (a question first).
            app.message = words_[_ASK]
            review.stone_cursor = -1
            review.why = ""
    match.game.apply(played)
    app.match = match
    app.dirty = True


def _asks(review):
    # Is the move shown a mistake (a blunder, a won endgame given away)
    # whose better move is not said yet: a question first?
    k = review.k
    return review.kind[k] >= _MISTAKE and review.hard[k] != _NOT_YET and not review.shown[k]


def _before(review, n):
    # The match ready for move n, without what the review does not look at
    # (the last round's board kept as a copy, the earlier rounds' moves:
    # engine.review.positions keeps neither): the room of a game and more,
    # while the hard level thinks.  Dealt in the same game every time (the
    # one before it is dropped first): its arrays, its history's room the
    # largest, made once, not in the holes the moves shown have left.
    match = rv.at(review.seed, review.rounds, review.variant, review.moves, n, review.table)
    review.table = match.game
    return match


def _stone(m):
    # The stone a move plays on (-1: none, a pass or a Scout).
    from engine.cards import SCOUT
    from engine.moves import PASS, move_card, move_stone

    card = move_card(m)
    return -1 if card == PASS or card == SCOUT else move_stone(m)


def tick(app, now):
    review = app.review
    if review is None:
        return
    if app.match is None:
        _show(app)  # (back from a question, hw.screens.quiz: its code gone, the move shown again)
        return
    if review.hard[review.k] != _NOT_YET:
        if review.why and now - review.swapped >= _SWAP_MS:
            # The bottom line in turn: the class and the better move, why.
            review.swapped = now
            app.message = review.why if app.message == review.said else review.said
            app.dirty = True
        return
    if not review.thought:
        review.thought = True  # let the screen say "Thinking..." first
        return
    n = review.mine[review.k]
    app.match = None  # (the table shown: made again for the bot, then again to be shown)
    gc.collect()
    if review.bot is None:
        # The hard bot, once for the whole review (engine.review.hard_bot:
        # reseeded for each move), on a heap that holds only the review's
        # lists and its table's game: its brain's arrays and its sampled
        # world in one piece, not made again at every move in a heap the
        # tables rebuilt for each have cut up.  (Not at the review's start:
        # the summary's code is still there, and the first table is made
        # after it.)
        review.bot = rv.hard_bot(review.variant, True)
    _hard(review, n)
    gc.collect()
    _show(app)


def _hard(review, n):
    # The hard level's move n and what the move played gave away (kept at
    # the move shown), its table gone once they are worked out.
    game = _before(review, n).game
    hard = rv.hard_move(review.bot, game, review.seed, n)
    points = -1
    if review.variant != TACTICS:
        from engine.weigh import GIVEN_AWAY, choices, cost, grade

        points = cost(review.bot, game, hard, review.moves[n])
        review.kind[review.k] = _GIVEN if points == GIVEN_AWAY else grade(points)
        if _MISTAKE <= review.kind[review.k] < _GIVEN:
            good, placements = choices(review.bot, game, hard)
            if 4 * good > placements:
                review.shown[review.k] = _GUESSED  # (its better move said at once, not kept)
    review.cost[review.k] = _UNWEIGHED if points < 0 else points
    review.hard[review.k] = hard


def lines(app):
    return None  # (the board, its bottom line the review's words: hw.view)
