"""Find the better move: a mistake of the player's (a move the review
weighs a mistake, a blunder or a won endgame given away) comes back as a
question on its own table, the better move not yet said.  The player makes
a move with the turn's keys; the hard level weighs it as the review weighs
the move played (``engine.weigh``: the same seed, the same sampled worlds):
any move as good as the Chieftain's (good: less than 4 points given away)
is right.  A move that is not is shown with its class and cost ("Mistake
-9%"), then the table again for a second try; after it, or B while a card
is chosen, the Chieftain's move, made on the table, and why (the hint's
words, in turn on the bottom line).  The top line says the try and the
keys; Start goes back; A, once the question is over, too: to the review,
its move's better move now said (``hw.screens.review``), or to the menu.

Asked from the review (A on a mistake), or from the menu's "Your
mistakes": the mistakes a review weighed and the player did not find are
kept (``engine.mistakes``, ``hw.saves.kept``), each asked in turn until
found, then let go.

A screen's module (``hw.screens.MODULES``), loaded while a question is
shown; its words too.  Asked from the review (A on a mistake), it is set
up at its first tick, the review's code gone: it keeps the round of the
move asked about (its deal and moves before it), the match's seed and the
move's number, and deals its table again in the review's game; the
review's hard bot weighs the moves tried.  Asked from the menu, its table
is a game of its own, its moves checked first, its hard bot made at the
first move tried.  The turn's code
(``hw.match.turn``) is loaded while a move is made, not while it is
weighed.
"""

import gc

from micropython import const

from engine import review as rv
from engine import unload
from engine.moves import PASS, move_card, move_stone, play_of, with_claims
from hw import buttons
from hw.lang.strings import pick
from hw.screens import DETAIL, MENU, MENU_ROWS, QUIZ, REVIEW

# The question's phases.
_ASK = const(0)  # the move being made, with the turn's keys
_THINK = const(1)  # the move made, being weighed (tick)
_RIGHT = const(2)  # as good as the Chieftain's: on the table, why in turn
_WRONG = const(3)  # not: on the table, its class and cost (A: again, B: the answer)
_ANSWER = const(4)  # the Chieftain's move on the table, and why
_GAVE_UP = const(-2)  # Quiz.answer: none, the answer asked for (B)
TRIES = const(2)  # a question's tries before its answer is shown
_GIVEN = const(4)  # the class of a won endgame given away (hw.screens.review's: tests/test_quiz.py)
_CARD = const(0)  # hw.match.turn's phase (tests/test_layers.py holds it equal)
# hw.lang.hint.CLASSES' places (tests/test_quiz.py holds them equal).
_LOST = const(3)  # a won endgame given away
_BETTER = const(4)  # "Better: %s"
_WON_WITH = const(6)  # "Won with: %s"
_SWAP_MS = const(2500)  # the bottom line's two sayings, each this long (the review's)
_GRACE_MS = const(1000)  # B leaves a question over once its verdict has been shown this long
_LINE_CHARS = const(26)  # hw.view's: characters on a line
_FOUND = const(2)  # hw.screens.review's shown: the better move found (tests/test_quiz.py holds it equal)
_ROW = MENU_ROWS.index("mistakes")  # the menu's row that asks the kept mistakes
# The type check reads the blocks under MYPY (it takes the name as true); a
# board's compiler, seeing the constant 0, leaves them out (as hw.view's).
MYPY = const(0)
try:
    from typing import Any  # noqa: F401  (type comments only; boards lack typing)
except ImportError:
    pass

# The quiz's words, in each language (hw.lang.strings.pick's order): the
# top line and its corner (the keys, where they fit: hw.view), the bottom
# line.
_FIND = const(0)  # the bottom line while the move is made
_TRY = const(1)  # the top line then
_KEY_ANSWER = const(2)  # its corner while the card is chosen
_WELL = const(3)  # the top line of a right move
_OWN = const(4)  # its bottom line: the Chieftain's play itself
_AS_GOOD = const(5)  # or another as good
_AGAIN = const(6)  # the bottom line of a move not as good, a try left
_CLOSER = const(7)  # or of one better than the move played, but not enough
_ANSWERED = const(8)  # the top line of the answer asked for (its bottom line: hw.lang.hint's "Better: %s")
_KEY_AGAIN = const(9)  # the corner of a move not as good
_KEY_BACK = const(10)  # the corner once the question is over
_PLAYED = const(11)  # a kept mistake's bottom line, in turn with _FIND: the move played then
WORDS = (("Find a better move", "Try %d of %d", "B: answer", "Well found!", "The Chieftain's move",
          "As good as the Chieftain's", "Not better. B: answer", "Closer. B: answer", "The answer", "A: again",
          "A: back", "You played %s"),
         ("Trouvez un meilleur coup", "Essai %d sur %d", "B : réponse", "Bien trouvé !", "Le coup du Chef de clan",
          "Vaut celui du Chef de clan", "Pas mieux. B : réponse", "Plus près. B : réponse", "La réponse",
          "A : encore", "A : retour", "Vous avez joué %s"),
         ("Busca una jugada mejor", "Intento %d/%d", "(B) solución", "¡Bien visto!", "La jugada del Jefe",
          "Tan buena como la del Jefe", "No es mejor. (B) solución", "Más cerca. (B) solución", "La solución",
          "(A) otra vez", "(A) volver", "Jugaste %s"))


class Quiz:
    """The question under way: its round (``variant``, ``round_seed``,
    ``starter``, ``moves``: the round's before the mistake, as
    ``engine.mistakes`` keeps it), the match's seed and the move's number
    there (``seed``, ``n``: the hard bot's seed, the review's), the points
    the move played gave away (``given``, the review's), the hard bot that
    weighs the moves tried (``bot``), the phase (``_ASK``: the move being
    made with the turn's keys, ``hw.view`` reads it), the tries made, the
    move tried last (``answer``); the top line (``top``) and the bottom
    line's two sayings (``said``, ``why``).  Its fields
    are set by ``start``: a class without methods holds nothing of this
    module, whose code goes while a stone's detail is shown
    (``hw.screens.review``'s ``Review``: why)."""

    if MYPY:  # (its fields, for the type check: a board's compiler leaves the block out)
        variant = seed = n = round_seed = starter = given = played = player = phase = tries = answer = 0
        token = stone = swapped = since = 0
        moves = [0]
        bot = table = None  # type: Any
        thought = False
        top = said = why = ""


def start(app, variant, seed, n, round_seed, starter, moves, given, bot=None, table=None, played=-1):
    """Ask for a better move than move ``n`` of the match dealt from
    ``seed``, which gave away ``given`` points (``engine.weigh.cost``), in
    its round dealt from ``round_seed`` (``starter`` first) after ``moves``
    (legal there: a mistake kept in a save is checked first,
    ``engine.mistakes.table``); weighed by ``bot``
    (``engine.review.hard_bot``'s; None: made at the first move tried), its
    tables made in ``table`` (a game of ``variant``: the review's; None: one
    made for them).  ``played``: the move played then, said while a move
    is made (-1: not said; the review has just shown it)."""
    quiz = Quiz()
    quiz.variant = variant
    quiz.seed = seed
    quiz.n = n
    quiz.round_seed = round_seed
    quiz.starter = starter
    quiz.moves = moves
    quiz.given = given
    quiz.played = played
    quiz.bot = bot
    quiz.table = table  # the game every table is made in (None: made at the first)
    quiz.player = 0  # the player to move there (App.me)
    quiz.phase = _ASK
    quiz.tries = 0
    quiz.answer = _GAVE_UP
    quiz.token = -1  # the move tried, on the table while it is weighed
    quiz.stone = 0  # the stone of the move shown once weighed (Select: its detail)
    quiz.thought = False
    quiz.top = quiz.said = quiz.why = ""
    quiz.swapped = quiz.since = 0  # (the bottom line's last change; the verdict's time)
    app.quiz = quiz
    app.go(QUIZ)
    _ask(app)


def _table(app):
    # The table before the move asked about, in the quiz's game: a match
    # of one round (the view's), its game dealt as the mistake's round was
    # and its moves replayed.
    from engine.match import Match

    quiz = app.quiz
    app.match = None
    gc.collect()
    match = Match(quiz.seed, 1, quiz.variant, quiz.table)
    game = quiz.table = match.game
    game.deal(quiz.round_seed, quiz.starter)
    for m in quiz.moves:
        game.apply(m)
    app.match = match
    quiz.player = app.game.to_move
    app.last_human = quiz.player  # (pass-and-play: the side at the bottom)
    app.known[0] = app.known[1] = None  # (no list made: the app's lasts the session)


def _ask(app):
    # The move asked for: the table, the turn (its code loaded while a
    # move is made: it goes while one is weighed), its first step.
    quiz = app.quiz
    _table(app)
    from hw.match.turn import Turn

    app.turn = Turn(app)
    words = pick(app.lang, WORDS)
    quiz.phase = _ASK
    quiz.top = words[_TRY] % (quiz.tries + 1, TRIES)
    quiz.why = ""
    app.message = quiz.said = words[_FIND]
    if quiz.played >= 0:  # (a kept mistake: the move played then, said in turn)
        from hw.lang.words import move_text

        quiz.why = (words[_PLAYED] % move_text(app, (move_card(quiz.played), move_stone(quiz.played), 0)))[:_LINE_CHARS]
        quiz.swapped = app.now
    app.turn.reset()
    _decided(app, app.turn.begin(quiz.player))


def _keys(app):
    # The top line's corner while the move is made: B gives the answer
    # while the card is chosen (in the other steps B is the turn's).
    turn = app.turn
    app.note = pick(app.lang, WORDS)[_KEY_ANSWER] if turn is not None and turn.phase == _CARD else ""


def press(app, button):
    quiz = app.quiz
    if quiz is None:
        return  # (asked from the review: set up at the first tick)
    phase = quiz.phase
    if phase == _THINK:
        return
    if button == buttons.START:
        leave(app)
    elif button == buttons.SELECT:
        app.go(DETAIL, QUIZ)  # (a stone's detail; B there comes back)
        app.detail_stone = app.turn.stone_cursor % 9 if phase == _ASK else quiz.stone
    elif phase == _WRONG:
        if button == buttons.A:
            _ask(app)
        elif button == buttons.B:
            _table(app)  # (the table before the move tried: the answer is made there)
            _decided(app, _GAVE_UP)
    elif phase != _ASK:
        # A leaves; B too, once the verdict has been on the screen a moment
        # (a B pressed once too often, asking for the answer, does not
        # leave; a player whose corner has no room for "A: back" is not stuck).
        if button == buttons.A or (button == buttons.B and app.now - quiz.since >= _GRACE_MS):
            leave(app)
    elif button == buttons.B and app.turn.phase == _CARD:  # (while the card is chosen)
        _decided(app, _GAVE_UP)
    else:
        _decided(app, app.turn.press(button))


def _decided(app, decision):
    # What the turn decided: nothing yet, a notice (a claim refused: why),
    # or a move (or the answer asked for): weighed at the next ticks, the
    # card tried on the table meanwhile.
    turn = app.turn
    if turn is not None:
        turn.say = ""
        turn.sound = -1
    if type(decision) is list:
        app.notice(decision, QUIZ)
    elif decision is not None:
        quiz = app.quiz
        app.turn = None  # (the turn's code goes while the move is weighed: _ask loads it again)
        unload("hw.match.turn")
        quiz.answer = decision
        if decision != _GAVE_UP and quiz.phase == _ASK and move_card(decision) != PASS:
            quiz.token = app.game.play_tentatively(play_of(decision))
        quiz.phase = _THINK
        quiz.thought = False
        app.message = app.t("thinking")
    _keys(app)


def tick(app, now):
    quiz = app.quiz
    if quiz is None:
        if app.review is None:
            _kept(app)
            return
        # Asked from the review (A on a mistake): its move's question, set
        # up once the review's code has gone; its round as the review's
        # table was before the move.
        review = app.review
        n = review.mine[review.k]
        match = rv.at(review.seed, review.rounds, review.variant, review.moves, n, review.table)
        moves = match.game.round_moves()
        round_seed, starter = match.round_seed, match.starter
        match = app.match = None
        start(app, review.variant, review.seed, n, round_seed, starter, moves, review.cost[review.k], review.bot,
              review.table)
        app.dirty = True
        return
    if quiz.phase == _THINK:
        if not quiz.thought:
            quiz.thought = True  # let the screen say "Thinking..." first
            return
        _weigh(app)
        app.dirty = True
    elif quiz.why and now - quiz.swapped >= _SWAP_MS:
        # The bottom line in turn: what the move is, why.
        quiz.swapped = now
        app.message = quiz.why if app.message == quiz.said else quiz.said
        app.dirty = True


def _kept(app):
    # Asked from the menu ("Your mistakes"): a kept mistake, each in turn
    # (app.keeper.asked), its round dealt again and its moves checked first
    # (engine.mistakes.table): one that does not replay (a save damaged
    # where its checksum could not tell) is said and let go.
    from engine import mistakes
    from engine.game import make_game
    from engine.save import SaveError
    from hw.saves import kept

    section = kept.read(app)
    table = why = None
    if section is None:  # (the save area's slots say otherwise: why, on the console)
        why = "no_mistakes"
    else:
        variant, seed, n, round_seed, starter, given, moves = mistakes.entry(section, app.keeper.asked % mistakes.count(section))
        played = moves.pop()  # (the mistake itself)
        table = make_game(variant)
        try:
            mistakes.table(table, round_seed, starter, moves)
        except SaveError as e:
            print("kept mistakes:", e)
            why = "mistake_lost"
            kept.write(app, mistakes.drop(section, seed, n))
    section = None
    unload("engine.mistakes")
    unload("hw.saves.kept")
    if why is not None:
        from hw.lang.menu import words

        app.row = _ROW
        app.notice(words(app.lang)[why].split("\n"), MENU)
        return
    start(app, variant, seed, n, round_seed, starter, moves, given, None, table, played)
    app.dirty = True


def _weigh(app):
    # The hard level's move on the table, and what the move tried gave
    # away beside it (as the review weighed the move played: closer than
    # it?); then the verdict, in the coach's words, the weighing's code
    # gone.
    quiz = app.quiz
    game = app.game
    m = quiz.answer
    if quiz.token >= 0:
        game.unplay(play_of(m), quiz.token)
        quiz.token = -1
    if quiz.bot is None:
        quiz.bot = rv.hard_bot(quiz.variant)
    bot = quiz.bot
    hard = rv.hard_move(bot, game, quiz.seed, quiz.n)
    # (a won endgame: the Chieftain's search proved it, engine.weigh)
    won = bot.endgame is not None and bot.endgame.found and game.deck_pos >= 54
    points = kind = -1  # (the answer asked for: none weighed)
    closer = False
    if m != _GAVE_UP:
        from engine.weigh import GIVEN_AWAY, cost, grade

        points = cost(bot, game, hard, m)
        kind = _GIVEN if points == GIVEN_AWAY else grade(points)  # (0: good, as good as the Chieftain's)
        closer = kind > 0 and points < quiz.given
        quiz.tries += 1
        unload("engine.weigh")
    gc.collect()
    from hw.lang import hint

    words = pick(app.lang, WORDS)
    p = quiz.player
    quiz.why = ""
    same = play_of(m) == play_of(hard)
    if kind == 0:
        quiz.phase = _RIGHT
        quiz.top = words[_WELL]
        quiz.said = words[_OWN if same else _AS_GOOD]
        # Why: the move's reason; the Chieftain's play without all its
        # claims, why its claims.
        quiz.why = hint.why(app, game, hard, True) if same and m != hard else hint.reason(app, game, p, m)
    elif kind > 0 and quiz.tries < TRIES:
        quiz.phase = _WRONG
        quiz.top = _class_line(app, hint, kind, points)
        quiz.said = words[_CLOSER if closer else _AGAIN]
    else:
        # The answer: asked for, or after the last try (its class on the
        # top line), the Chieftain's play said without its claims (the line
        # holds 26 characters; in a round it proved won, "Won with:"), why
        # in turn.
        quiz.phase = _ANSWER
        quiz.top = words[_ANSWERED] if kind < 0 else _class_line(app, hint, kind, points)
        quiz.said = pick(app.lang, hint.CLASSES)[_WON_WITH if won else _BETTER] % hint.text(app, game, p,
                                                                                             with_claims(hard, 0))
        quiz.why = hint.reason(app, game, p, hard)
        m = hard
    del hint
    unload("hw.lang.hint")
    quiz.top = quiz.top[:_LINE_CHARS]
    quiz.said = quiz.said[:_LINE_CHARS]
    quiz.why = quiz.why[:_LINE_CHARS]
    app.message = quiz.said
    app.note = words[_KEY_AGAIN if quiz.phase == _WRONG else _KEY_BACK]
    if not quiz.why and len(quiz.top) + 2 + len(app.note) > _LINE_CHARS:
        quiz.why = app.note  # (no room in the top line's corner, hw.view: the key said in turn at the bottom)
    quiz.swapped = quiz.since = app.now
    quiz.stone = move_stone(m) % 9
    game.apply(m)  # (the move on the table, framed as the last)


def _class_line(app, hint, kind, points):
    # A move's class and the points it gave away, as the review's top line
    # says them (hw.lang.hint.weighed): "Mistake -9%", "Win given away".
    words = pick(app.lang, hint.CLASSES)
    return words[_LOST] if kind == _GIVEN else "%s -%d%%" % (words[kind - 1], points)


def leave(app):
    """The question ends (or is left): back to the review, at its move (the
    better move said once the question is over, and a mistake found not
    kept), shown again at its first tick, this module's code gone; or,
    asked from the menu, back to its row, a mistake found let go, another
    asked next time."""
    quiz = app.quiz
    review = app.review
    app.quiz = None
    app.match = None  # (hw.screens.review: its table made again)
    app.turn = review
    app.message = app.note = ""
    unload("hw.match.turn")  # (a question left while a move was made)
    if review is not None:
        if quiz.phase == _RIGHT or quiz.phase == _ANSWER:
            review.shown[review.k] = _FOUND if quiz.phase == _RIGHT else 1
        app.go(REVIEW)
        return
    quiz.bot = None  # (its modules go at the menu: hw.match.between's floor)
    if quiz.phase == _RIGHT:
        from engine import mistakes
        from hw.saves import kept

        kept.write(app, mistakes.drop(kept.read(app), quiz.seed, quiz.n))  # (found: let go, at once)
        unload("engine.mistakes")
        unload("hw.saves.kept")
    else:
        app.keeper.asked += 1  # (the next one, next time)
    app.last_human = -1
    app.go(MENU)
    app.row = _ROW


def lines(app):
    return None  # (the board: the question's words on its top and bottom lines, hw.view)
