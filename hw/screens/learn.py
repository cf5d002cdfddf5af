"""A lesson (the menu's Learn row: the lesson of the variant chosen): its
steps one after the other (``engine.lessons``), each a page or two to read
(A on, left or B back), most then a move to make on a table set up for it,
with the turn's own keys.  The bottom line says what to do; B, while a
card is chosen, shows the pages again (the step's, or the last step's that
had some).  A move that is not the one asked for is explained on a page
and not made (A: try again), as soon as it is seen to be another (in the
expert game the claims passed by; in tactics the pile asked for); the
right play without its claim says so.  In the expert game, once the
claims asked for are chosen, the bottom line names the card left to play.  The right move is made, its table
shown with a word on it (A: on), then the other clan's answer.  Start asks
whether to leave the lesson for the menu; Select, on the board, shows a
stone's detail, as in a match.  Its last page, A, ends it
(counted in the statistics: ``hw.saves.tally``'s LESSONS).  A saved match on
offer when the lesson began (the sim's ``--learn``) is on offer again
after it, and stays saved.

A screen's module (``hw.screens.MODULES``), loaded while a lesson is
shown; its words (``hw/lang/learn_<variant>_<language>.py``, that lesson's
alone) too.  Nothing is saved during a lesson: its table is set up, not
dealt (``hw.saves.keep``).
"""

import gc

from micropython import const

from engine import lessons, unload
from engine.game import EXPERT, LANGUAGES, N_STONES, VARIANTS
from engine.match import Match
from engine.moves import move_claims, with_claims
from hw import buttons
from hw.lang.strings import pick
from hw.lang.words import name_of
from hw.screens import DETAIL, LEARN, MENU, RESUME

# The type check reads the block under MYPY (it takes the name as true); a
# board's compiler, seeing the constant 0, leaves it out (as hw.view's).
MYPY = const(0)

# The lesson's phases.
_PAGES = const(0)  # a page of the step (Lesson.page) on the panel
_TASK = const(1)  # the move asked for, on the board with the turn's keys (hw.view's _LESSON_TASK)
_DONE = const(2)  # the move made, on the board: a word on it, A on
_WRONG = const(3)  # another move: why, on the panel
_NOTE = const(4)  # the turn's own notice (a claim refused: why), on the panel
_LEAVE = const(5)  # leave the lesson? (Start)
_CARD = const(0)  # hw.match.turn's phases (tests/test_layers.py holds them equal)
_DRAW_PICK = const(7)
_LESSONS = const(0)  # hw.saves.tally's (tests/test_layers.py holds it equal)
# hw.sound's sounds (tests/test_layers.py holds them equal).
_S_PLACE = const(0)
_S_CLAIM = const(1)
_S_REFUSED = const(2)
_S_WON = const(3)
# The screen's own words (_WORDS).
_K_PAGE = const(0)  # under a page
_K_AGAIN = const(1)  # under a wrong move's page
_K_READ = const(2)  # the corner while the move is made
_K_ON = const(3)  # the corner once it is made
_K_CLAIM = const(4)  # the page of the right play without its claim
_K_LEAVE = const(5)  # the page that asks whether to leave
_K_THEN = const(6)  # the bottom line once a turn's claims asked for are chosen: its card (or any)


class Lesson:
    """The lesson under way: its variant and steps, the step shown (``k``)
    and its page, the phase (``_TASK``: the move asked for is being made,
    on the board with the turn's keys: ``hw.view`` reads it), what the app
    held before (its opponent).  Its fields are set by ``start``: a class
    without methods holds nothing of this module, whose code goes while a
    stone's detail is shown (``hw.screens.review``'s ``Review``: why)."""

    if MYPY:  # (its fields, for the type check: a board's compiler leaves the block out)
        variant = k = page = shown = phase = before = 0
        steps = lines = [0]  # type: list
        opponent = ""
        done = False


# The screen's own words, in each language (hw.lang.strings.pick's order).
_WORDS = (("A: next  Start: leave", "A: try again", "B: read", "A: next",
           ("Almost", "The right move: now", "claim the stone too: A", "on it (it glows), B."),
           ("Leave the lesson?", "", "A or Start: leave", "B: stay"), ("Now play %s", "Now play a card")),
          ("A: suite  Start: quitter", "A: réessayer", "B: relire", "A: suite",
           ("Presque", "Bon coup ! Revendiquez", "aussi la borne : A", "dessus (elle brille),", "puis B."),
           ("Quitter la leçon ?", "", "A ou Start : quitter", "B : rester"),
           ("Maintenant, jouez %s", "Maintenant, une carte")),
          ("(A) seguir  Start: salir", "(A) reintentar", "(B) releer", "(A) seguir",
           ("Casi", "¡Buena jugada! Reclama", "también la piedra: A", "en ella (brilla), y B."),
           ("¿Salir de la lección?", "", "(A) o Start: salir", "(B) seguir"),
           ("Ahora juega %s", "Ahora juega una carta")))


def _module(app):
    # The lesson's words' module: hw/lang/learn_<variant>_<language>.py.
    return "hw.lang.learn_%s_%s" % (VARIANTS[app.lesson.variant], app.lang if app.lang in LANGUAGES else "en")


def _words(app):
    # The lesson's words in the app's language: (keys, steps).
    return pick(app.lang, _WORDS), __import__(_module(app), None, None, ("STEPS",)).STEPS


def start(app, variant):
    """The lesson of ``variant`` in place of anything else: its first step."""
    app.match = None
    app.turn = None
    unload("hw.match.play")  # (a match's flow: the menu loads it again)
    gc.collect()
    lesson = app.lesson = Lesson()
    lesson.variant = variant
    lesson.steps = lessons.steps(variant)
    lesson.k = -1
    lesson.page = 0
    lesson.shown = 0  # the step whose pages are shown (k, or an earlier one's again: B)
    lesson.phase = _PAGES
    lesson.before = _PAGES  # the phase Start interrupted (_LEAVE)
    lesson.opponent = app.opponent  # the menu's, given back when the lesson ends
    lesson.lines = []  # a note's lines (_NOTE), a wrong move's page (_WRONG)
    lesson.done = False  # its last step reached
    app.opponent = "medium"  # (the other clan, as the screens name it: never pass-and-play's seats)
    app.match = Match(0, 1, variant)  # (its table set up at each step)
    from hw.match.turn import Turn

    app.turn = Turn(app)  # (the moves asked for are made with the turn's keys)
    app.known = [None, None]
    app.last_human = -1
    app.message = ""
    app.note = ""
    app.go(LEARN)
    _next(app)


def leave(app):
    """The lesson ends (finished or left): the menu, with its opponent back
    (or the resume screen, if a saved match was on offer)."""
    lesson = app.lesson
    unload(_module(app))
    app.opponent = lesson.opponent
    app.lesson = None
    app.match = None
    app.turn = None
    app.message = ""
    app.note = ""
    app.go(MENU if app.offer is None else RESUME)  # (a saved match was on offer: it still is)
    app.row = app.choice = 0
    unload("hw.match.turn")
    lessons.forget(lesson.variant)
    unload("engine.lessons")
    if lesson.done:
        from hw.saves import tally

        tally.add(app.stats, _LESSONS)
        unload("hw.saves.tally")
        app.keeper.save(app, app.offer)  # (the settings and the statistics; a match on offer kept)


def _next(app):
    # The next step: its table set up, its first page (or its move).
    lesson = app.lesson
    lesson.k += 1
    if lesson.k == len(lesson.steps) - 1:
        lesson.done = True  # (its last page is shown: A there ends it)
    table, task = lesson.steps[lesson.k]
    if table:
        lessons.set_up(app.game, table)
        app.known = [None, None]
    lesson.page = 0
    lesson.shown = lesson.k
    if _pages(app):
        lesson.phase = _PAGES
    else:
        _begin(app)


def _pages(app):
    # The pages shown (Lesson.shown's).
    return _words(app)[1][app.lesson.shown][0]


def _expected(app):
    # The move asked for (engine.lessons.parse's).
    return lessons.parse(app.lesson.steps[app.lesson.k][1][0], app.game)


def _begin(app):
    # The move asked for: the turn's first step, the task's words below.
    lesson = app.lesson
    keys, steps = _words(app)
    lesson.phase = _TASK
    app.turn.reset()
    app.message = steps[lesson.k][1]
    _decided(app, app.turn.begin(app.game.to_move))
    _corner(app)


def _corner(app):
    # The top line's corner while the move is made: "B: read" while a card
    # is chosen (B shows the pages then; in the other steps B is the turn's).
    if app.lesson.phase == _TASK:
        app.note = pick(app.lang, _WORDS)[_K_READ] if app.turn.phase == _CARD else ""


def tick(app, now):
    if app.lesson is None:
        # Chosen on the menu (its Learn row): the variant's lesson, set up
        # once the menu's code has gone (a lesson's start is its peak).
        start(app, app.variant)
        app.dirty = True


def press(app, button):
    lesson = app.lesson
    if lesson is None:
        return  # (chosen on the menu: set up at the first tick)
    phase = lesson.phase
    if phase == _LEAVE:
        if button == buttons.A or button == buttons.START:
            leave(app)
        elif button == buttons.B:
            lesson.phase = lesson.before
        return
    if button == buttons.START:
        lesson.before = phase
        lesson.phase = _LEAVE
        return
    if phase == _PAGES:
        if button in (buttons.A, buttons.RIGHT):
            if lesson.page + 1 < len(_pages(app)):
                lesson.page += 1
            elif lesson.done:
                leave(app)
            elif lesson.shown != lesson.k:
                lesson.phase = _TASK  # (pages read again: back to the move)
            elif lesson.steps[lesson.k][1] is None:
                _next(app)
            else:
                _begin(app)
        elif button in (buttons.LEFT, buttons.B) and lesson.page:
            lesson.page -= 1
    elif phase == _WRONG or phase == _NOTE:
        if button == buttons.A or button == buttons.B:
            if phase == _WRONG:
                _begin(app)  # (the same table: the move was not made)
            else:
                lesson.phase = _TASK
    elif phase == _DONE:
        if button == buttons.SELECT:
            _detail(app)
        elif button == buttons.A or button == buttons.RIGHT:
            reply = lesson.steps[lesson.k][1][1]
            if reply:
                app.game.apply(lessons.reply(reply))
            _next(app)
    elif button == buttons.B and app.turn.phase == _CARD:
        # The pages again: this step's, or the last step's that had some.
        steps = _words(app)[1]
        k = lesson.k
        while not steps[k][0]:
            k -= 1
        lesson.shown = k
        lesson.page = 0
        lesson.phase = _PAGES
    elif button == buttons.SELECT:
        _detail(app)
    else:
        _decided(app, app.turn.press(button))
        _seen(app)
        _corner(app)


def _detail(app):
    # Select on the board: a stone's detail, as in a match (hw.screens.detail; B
    # there comes back to the lesson).
    app.go(DETAIL, LEARN)
    cursor = app.turn.stone_cursor
    app.detail_stone = cursor if 0 <= cursor < N_STONES else 0


def _seen(app):
    # Another move seen before it is made: in the expert game the card step
    # reached without the claims asked for (they came first); in tactics
    # another play (or its claim forgotten) when the pile is asked for.
    turn = app.turn
    if app.lesson.phase != _TASK:
        return
    expected = _expected(app)
    if app.game.variant == EXPERT and turn.phase == _CARD and expected[3] & ~turn.claims:
        _wrong(app, _words(app)[1][app.lesson.k][3])
    elif app.game.variant == EXPERT and turn.phase == _CARD and expected[3]:
        # The claims asked for are chosen: the bottom line says what is
        # left, the card (the task's line named the claims too).
        then = pick(app.lang, _WORDS)[_K_THEN]
        app.message = then[1] if expected[0] < 0 else then[0] % name_of(app, expected[0])
    elif turn.phase == _DRAW_PICK:
        turn.cancel()  # (the play shown on the table taken back while it is checked: a ruse reads its card there)
        if _check(app, with_claims(turn.play, turn.claims), expected):
            turn.token = app.game.play_tentatively(turn.play)


def _decided(app, decision):
    # What the turn decided: nothing yet, a notice (a claim refused: why),
    # or a move: the one asked for, made; another, explained.
    lesson = app.lesson
    turn = app.turn
    turn.say = ""
    if turn.sound >= 0:  # (a claim refused)
        _beep(app, turn.sound)
        turn.sound = -1
    if type(decision) is list:
        lesson.lines = decision
        lesson.phase = _NOTE
    elif decision is not None:
        game = app.game
        keys, steps = _words(app)
        if _check(app, decision, _expected(app)):
            p = game.to_move
            kept = game.hand_cards(p)
            game.apply(decision)
            turn.reset()  # (a Scout's cards put back are in the piles now)
            hand = game.hand_cards(p)
            app.known[p] = [c for c in kept if c in hand]  # (the cards drawn: marked)
            lesson.phase = _DONE
            app.message = steps[lesson.k][2]
            app.note = keys[_K_ON]
            _beep(app, _S_WON if game.winner == p else _S_CLAIM if game.last_played()[2] else _S_PLACE)


def _check(app, m, expected):
    # Is ``m`` (or the play chosen so far) the move asked for?  If not, its
    # page: the right play without its claim, or another move.
    game = app.game
    if lessons.matches(game, m, expected):
        return True
    if lessons.matches(game, with_claims(m, move_claims(m) | expected[3]), expected):
        _wrong(app, pick(app.lang, _WORDS)[_K_CLAIM])
    else:
        _wrong(app, _words(app)[1][app.lesson.k][3])
    return False


def _wrong(app, page):
    # Another move: not made, its page shown (A: the move asked for again).
    app.lesson.lines = page
    app.lesson.phase = _WRONG
    app.turn.cancel()
    _beep(app, _S_REFUSED)


def _beep(app, kind):
    # A sound, as in a match (hw.match.play's beep, whose module a lesson lets
    # go: nothing with sound off, hw.sound loaded with the first one).
    if app.sound and app.speaker is not None:
        from hw.sound import ask

        ask(app, kind)


def lines(app):
    lesson = app.lesson
    if lesson is None:
        return []  # (chosen on the menu, set up at the first tick: never drawn so)
    phase = lesson.phase
    if phase == _TASK or phase == _DONE:
        return None  # (the board: the task's words, or the move's, on its bottom line)
    keys, steps = _words(app)
    if phase == _PAGES:
        out = list(_pages(app)[lesson.page])
        key = keys[_K_PAGE]
    elif phase == _WRONG:
        out = list(lesson.lines)
        key = keys[_K_AGAIN]
    elif phase == _LEAVE:
        out = list(keys[_K_LEAVE])
        key = ""
    else:
        out = list(lesson.lines)
        key = app.t("press_a")
    return out + [""] * (8 - len(out)) + [key]
