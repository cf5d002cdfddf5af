"""Find the better move (``hw.screens.quiz``): a mistake of the review comes
back as a question on its own table, the move made with the turn's keys,
graded by the hard level's weighing of the review (``engine.weigh``), one
retry, then the Chieftain's move and why."""

import sys

import pytest

from conftest import bot_match
from engine import review as rv
from engine import weigh
from engine.game import CLASSIC, EXPERT
from engine.moves import move, move_card, move_claims, move_stone, play_of, with_claims
from hw import buttons
from hw.app import App
from hw.lang import hint
from hw.match import turn as turns
from hw.screens import QUIZ, REVIEW
from hw.screens import quiz as screen
from hw.screens import review as review_screen

ASK = {"en": "A: find better  >: answer", "fr": "A : chercher  > : réponse", "es": "(A) busca mejor  (>) ver"}


def at_a_mistake(variant, seed, lang="en"):
    """A review of easy's moves against hard, at its first mistake (or
    blunder, or won endgame given away): the app, the move's number."""
    match = bot_match(seed, 1, variant, "easy", "hard")
    app = App(opponent="hard", lang=lang)
    assert review_screen.begin(app, seed, 1, variant, list(match.moves()), 1)
    review = app.review
    while True:
        while review.hard[review.k] < 0:
            app.tick(app.now + 10)
        if review.kind[review.k] >= weigh.MISTAKE and not review.shown[review.k]:  # (a question: not guessed)
            return app, review.mine[review.k]
        assert review.k + 1 < len(review.mine), "no mistake"
        app.press(buttons.RIGHT)


def ask(app):
    """A on the review's mistake: the question, set up at the next tick
    (the review's code gone first)."""
    app.press(buttons.A)
    assert app.mode == QUIZ and app.quiz is None and app.panel() is None
    app.tick(app.now + 10)
    assert app.quiz is not None and app.quiz.phase == screen._ASK
    assert "hw.screens.review" not in sys.modules  # (its code gone while the question is asked)


def table_before(app, n):
    review = app.review
    return rv.at(review.seed, review.rounds, review.variant, review.moves, n).game


def make(app, m):
    """Move ``m`` made with the turn's keys on the question's table, then
    weighed (its ticks)."""
    turn = app.turn
    claims = move_claims(m)
    if turn.phase == turns.CLAIM_FIRST:  # (the expert game: the claims first)
        pick_claims(app, claims)
    if app.quiz.phase == screen._ASK:
        hand = app.hand()
        while hand[turn.cursor] != move_card(m):
            app.press(buttons.RIGHT)
        app.press(buttons.A)
        while turn.stone_cursor != move_stone(m):
            app.press(buttons.RIGHT)
        app.press(buttons.A)
    if app.quiz.phase == screen._ASK and turn.phase == turns.CLAIM:  # (the classic game: after the card)
        pick_claims(app, claims)
    assert app.quiz.phase == screen._THINK and app.message == app.t("thinking")
    app.tick(app.now + 10)
    assert app.quiz.phase == screen._THINK
    app.tick(app.now + 10)
    assert app.quiz.phase != screen._THINK


def pick_claims(app, claims):
    turn = app.turn
    for s in range(9):
        if (claims ^ turn.claims) >> s & 1:
            while turn.stone_cursor != s:
                app.press(buttons.RIGHT)
            app.press(buttons.A)
    assert turn.claims == claims
    app.press(buttons.B)


def weighed(app, n, m):
    """What ``m`` gives away at move ``n`` (``engine.weigh``, as the review
    weighs the move played), and the Chieftain's move there."""
    review = app.review
    game = table_before(app, n)
    bot = rv.hard_bot(review.variant)
    hard = rv.hard_move(bot, game, review.seed, n)
    return weigh.cost(bot, game, hard, m), hard


@pytest.mark.parametrize("variant, seed", [(CLASSIC, 3), (EXPERT, 5)])
def test_a_mistake_is_a_question_first_graded_as_the_review_weighs_it(variant, seed):
    app, n = at_a_mistake(variant, seed)
    review = app.review
    k = review.k
    played = review.moves[n]
    # The better move not said yet: A asks for it.
    assert app.message == ASK["en"] and review.stone_cursor == -1
    top = review.top
    ask(app)
    quiz = app.quiz
    assert app.mode == QUIZ and quiz.top == "Try 1 of 2" and app.message == "Find a better move"
    # B gives the answer while the card is chosen: said in the corner then only.
    assert app.note == ("B: answer" if app.turn.phase == turns.CARD else "")
    assert app.me() == quiz.player == table_before(app, n).to_move
    assert quiz.given == review.cost[k] == weighed(app, n, played)[0]  # (the move played: as the review weighed it)
    assert app.game.move_count() == table_before(app, n).move_count()  # (the table before the move)
    assert quiz.phase == screen._ASK and app.turn.phase in (turns.CARD, turns.CLAIM_FIRST)
    assert app.panel() is None  # (the board)
    # The move played again: not better, said with the review's class and cost.
    make(app, played)
    assert quiz.phase == screen._WRONG and quiz.tries == 1
    assert quiz.top == top.split("> ", 1)[1] and app.message == "Not better. B: answer" and app.note == "A: again"
    assert app.game.last_turn()[1] == played  # (made on the table: seen)
    assert quiz.stone == move_stone(played)  # (Select: its stone's detail)
    app.press(buttons.A)
    assert quiz.phase == screen._ASK and quiz.top == "Try 2 of 2"
    assert app.game.move_count() == table_before(app, n).move_count()
    # The Chieftain's own move: right.
    hard = review.hard[k]
    make(app, hard)
    assert quiz.phase == screen._RIGHT and quiz.top == "Well found!" and app.note == "A: back"
    assert app.message == "The Chieftain's move" and app.game.last_turn()[1] == hard
    app.press(buttons.B)  # (B once too often, at once: the question stays)
    assert app.mode == QUIZ and quiz.phase == screen._RIGHT
    why = hint.reason(app, table_before(app, n), quiz.player, hard)[:26]
    app.tick(app.now + 2400)
    assert app.message == "The Chieftain's move"
    app.tick(app.now + 100)
    assert app.message == why == quiz.why
    # A: back to the review at the move, its better move said now (shown
    # at its first tick, the quiz's code gone).
    app.press(buttons.A)
    assert app.mode == REVIEW and app.quiz is None and app.turn is review and review.k == k
    app.tick(app.now + 10)
    assert review.shown[k] and app.message.startswith(("Better: ", "Won with: "))
    assert review.stone_cursor == (move_stone(hard) if play_of(hard) != play_of(played) else -1)
    assert app.game.last_turn()[1] == played  # (the review's table again)
    assert "hw.screens.quiz" not in sys.modules and "hw.match.turn" not in sys.modules
    app.press(buttons.A)
    assert review.k == k + 1 or review.k == k == len(review.mine) - 1


def test_any_move_as_good_as_the_chieftains_is_right_and_another_is_weighed():
    app, n = at_a_mistake(CLASSIC, 3)
    review = app.review
    game = table_before(app, n)
    p = game.to_move
    hard = review.hard[review.k]
    # Every placement of the hand, claiming nothing (the turn's B at the
    # claims), weighed as the review weighs: one as good as the
    # Chieftain's but another, and one worse.
    good = worse = None
    for card in game.hand_cards(p):
        for s in range(9):
            if game.open_stones(p) >> s & 1:
                m = move(card, s)
                points, h = weighed(app, n, m)
                assert h == hard
                if weigh.grade(points) == weigh.GOOD and play_of(m) != play_of(hard) and good is None:
                    good = m
                elif weigh.grade(points) >= weigh.INACCURACY and m != review.moves[n] and worse is None:
                    worse = m, points
    assert good is not None and worse is not None
    ask(app)
    make(app, worse[0])
    assert app.quiz.phase == screen._WRONG
    assert app.message == ("Closer. B: answer" if worse[1] < review.cost[review.k] else "Not better. B: answer")
    assert app.quiz.top == screen._class_line(app, hint, weigh.grade(worse[1]), worse[1])
    assert app.quiz.top == "%s -%d%%" % (hint.CLASSES[0][weigh.grade(worse[1]) - 1], worse[1])
    app.press(buttons.A)
    make(app, good)
    assert app.quiz.phase == screen._RIGHT and app.message == "As good as the Chieftain's"
    assert app.quiz.why == hint.reason(app, game, p, good)[:26]


def test_two_tries_then_the_answer_is_made_and_said_and_b_asks_for_it_at_once():
    app, n = at_a_mistake(CLASSIC, 3)
    review = app.review
    k = review.k
    hard = review.hard[k]
    played = review.moves[n]
    game = table_before(app, n)
    ask(app)
    for _ in range(2):
        make(app, played)
        app.press(buttons.A)
    # (the second: the answer, and A goes back)
    assert app.mode == REVIEW and review.shown[k]
    app.tick(app.now + 10)
    assert app.message.startswith("Better: ")
    review.shown[k] = 0
    review_screen._show(app)
    assert app.message == ASK["en"]
    ask(app)
    make(app, played)
    app.press(buttons.A)
    make(app, played)
    quiz = app.quiz
    # The last try's class on the top line, the answer at the bottom
    # (without its claims), why in turn.
    assert quiz.phase == screen._ANSWER and quiz.top == review.top.split("> ", 1)[1] and app.note == "A: back"
    assert app.message == "Better: " + hint.text(app, game, quiz.player, with_claims(hard, 0))
    assert len(app.message) <= 26 and "," not in app.message
    assert quiz.why == hint.reason(app, game, quiz.player, hard)[:26]
    assert app.game.last_turn()[1] == hard and app.game.move_count() == game.move_count() + 1
    app.press(buttons.B)
    assert app.mode == QUIZ
    app.press(buttons.A)
    assert app.mode == REVIEW and review.shown[k]
    app.tick(app.now + 10)
    # B while the card is chosen: the answer at once, no try counted.
    review.shown[k] = 0
    review_screen._show(app)
    ask(app)
    app.press(buttons.B)
    assert app.quiz.phase == screen._THINK
    app.tick(app.now + 10)
    app.tick(app.now + 10)
    assert app.quiz.phase == screen._ANSWER and app.quiz.tries == 0 and app.game.last_turn()[1] == hard
    assert app.quiz.top == "The answer"
    # B on a move not as good: the answer too.
    app.press(buttons.A)
    app.tick(app.now + 10)
    review.shown[k] = 0
    review_screen._show(app)
    ask(app)
    make(app, played)
    app.press(buttons.B)
    app.tick(app.now + 10)
    app.tick(app.now + 10)
    assert app.quiz.phase == screen._ANSWER and app.quiz.tries == 1 and app.game.last_turn()[1] == hard


def test_start_leaves_the_question_unshown():
    app, n = at_a_mistake(CLASSIC, 3)
    review = app.review
    ask(app)
    app.press(buttons.RIGHT)
    app.press(buttons.START)
    assert app.mode == REVIEW and app.quiz is None and not review.shown[review.k]
    app.tick(app.now + 10)
    assert app.message == ASK["en"] and review.stone_cursor == -1
    assert "hw.screens.quiz" not in sys.modules


def test_nothing_is_saved_while_a_question_is_asked():
    from engine.save import Saver
    from test_app_saves import LoggedStorage

    store = LoggedStorage()
    match = bot_match(3, 1, CLASSIC, "easy", "hard")
    app = App(opponent="hard", saver=Saver(store))
    app.tick(10)
    writes = len(store.log)
    assert review_screen.begin(app, 3, 1, CLASSIC, list(match.moves()), 1)
    while True:
        while app.review.hard[app.review.k] < 0:
            app.tick(app.now + 10)
        if review_screen._asks(app.review):
            break
        app.press(buttons.RIGHT)
    ask(app)
    make(app, app.review.moves[app.quiz.n])
    for _ in range(4):
        app.tick(app.now + 1000)
    assert len(store.log) == writes


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_questions_words_fit_a_line_in_every_language(lang):
    from hw.lang.strings import pick

    words = pick(lang, screen.WORDS)
    assert len(words) == len(screen.WORDS[0])
    lines = [words[k] % (screen.TRIES, screen.TRIES) if "%d" in words[k] else words[k] for k in range(len(words))]
    assert all(len(line) <= 26 for line in lines), lines
    assert len(ASK[lang]) <= 26 and pick(lang, review_screen._WORDS)[review_screen._ASK] == ASK[lang]
    app = App(lang=lang)
    assert all(len(screen._class_line(app, hint, kind, 100)) <= 26 for kind in (1, 2, 3, review_screen._GIVEN))
    assert (screen._LOST, screen._BETTER, screen._WON_WITH) == (hint._LOST, hint._BETTER, hint._WON_WITH)
    assert screen._GIVEN == review_screen._GIVEN == hint._GIVEN and review_screen._MISTAKE == weigh.MISTAKE
    from hw import view

    assert view._ASKING == screen._ASK  # (the view reads the phase: the quiz's code may be gone, a stone's detail shown)


@pytest.mark.parametrize("lang, variant, seed", [("fr", CLASSIC, 3), ("es", CLASSIC, 3), ("es", EXPERT, 5)])
def test_a_question_in_another_language(lang, variant, seed):
    app, n = at_a_mistake(variant, seed, lang)
    assert app.message == ASK[lang]
    ask(app)
    from hw.lang.strings import pick

    words = pick(lang, screen.WORDS)
    assert app.quiz.top == words[1] % (1, 2) and app.message == words[0]
    make(app, app.review.moves[n])
    assert app.message == words[6] and app.note == words[9]
    # The key to try again: in the top line's corner where it fits, else in
    # turn on the bottom line.
    quiz = app.quiz
    fits = len(quiz.top) + 2 + len(app.note) <= 26
    assert quiz.why == ("" if fits else words[9]) and fits == (lang == "fr")  # (es: "Error grave -31%", no room)


def test_the_sims_review_window_asks_a_question_and_stays_open(tmp_path):
    from desk.record import write
    from hw.main import Runner
    from hw.screens import MENU
    from sim.desk import Desk
    from sim.review import window

    match = bot_match(3, 1, CLASSIC, "easy", "hard")
    path = tmp_path / "m.txt"
    path.write_text(write(3, CLASSIC, 1, match.moves()))
    desk = Desk(headless=True)
    apps = []
    seen = []

    def buttons_():
        app = apps[0]
        seen.append(app.mode)
        review = app.review
        if app.mode == QUIZ:
            quiz = app.quiz
            if quiz is None or quiz.phase == screen._THINK:
                return []
            return [buttons.B] if quiz.phase == screen._ASK else [buttons.A]  # (the answer, then back)
        if review.hard[review.k] < 0:
            return []
        if review.kind[review.k] >= weigh.MISTAKE and not review.shown[review.k]:
            return [buttons.A]
        return [buttons.B] if QUIZ in seen else [buttons.RIGHT]  # (the first mistake shown: leave)

    class Spy(Runner):
        def __init__(self, board, app):
            apps.append(app)
            Runner.__init__(self, board, app)

    desk.buttons = buttons_
    try:
        assert window(str(path), 0, desk, Spy) == 0
    finally:
        desk.close()
    assert apps[0].mode == MENU and QUIZ in seen and seen.index(QUIZ) < seen.index(REVIEW, seen.index(QUIZ))


def test_the_lights_show_no_sides_colour_in_a_question_and_a_while_thinking_waits():
    # A question's table is not a turn, as the review's is not: the lights
    # idle, before its move and once it is on the table (they turned to the
    # other side's colour then).
    from hw.main import IDLE_COLOUR, Lights

    app, n = at_a_mistake(CLASSIC, 3)
    review = app.review
    k = review.k
    ask(app)
    lights = Lights()
    lights.update(app)
    assert lights.colours == [IDLE_COLOUR] * 5
    make(app, review.moves[n])  # (the move on the table: the other side to move there)
    assert app.game.to_move != app.quiz.player
    lights.update(app)
    assert lights.colours == [IDLE_COLOUR] * 5
    app.press(buttons.START)
    app.tick(app.now + 10)
    # The next move, not worked out yet: A waits ("Thinking..."), right steps on.
    review.shown[k] = 1
    app.press(buttons.RIGHT)
    at = review.k
    assert at == k + 1 and review.hard[at] < 0 and app.message == "Thinking..."
    app.press(buttons.A)
    assert review.k == at and app.mode == REVIEW
    app.press(buttons.RIGHT)
    assert review.k == at + 1


def test_a_mistake_a_guess_would_find_is_said_at_once_not_asked_nor_kept():
    # A question only where at most a quarter of the placements open are
    # good (engine.weigh.choices, checked here placement by placement with
    # the review's own weighing); else its better move is said at once.
    match = bot_match(3, 1, CLASSIC, "easy", "hard")
    app = App(opponent="hard")
    assert review_screen.begin(app, 3, 1, CLASSIC, list(match.moves()), 1)
    review = app.review
    checked = {True: 0, False: 0}
    while review.k < len(review.mine) and min(checked.values()) < 1:
        while review.hard[review.k] < 0:
            app.tick(app.now + 10)
        k = review.k
        if weigh.MISTAKE <= review.kind[k] <= weigh.BLUNDER:
            n = review.mine[k]
            game = table_before(app, n)
            p = game.to_move
            good = total = 0
            for card in game.hand_cards(p):
                for s in range(9):
                    if game.open_stones(p) >> s & 1:
                        total += 1
                        good += weigh.grade(weighed(app, n, move(card, s))[0]) == weigh.GOOD
            guessed = 4 * good > total
            assert (review.shown[k] == review_screen._GUESSED) == guessed, (good, total)
            assert review_screen._asks(review) == (not guessed)
            if guessed:
                assert app.message.startswith("Better: ")
            checked[guessed] += 1
        if k + 1 == len(review.mine):
            break
        review.k += 1
        review_screen._show(app)
    assert min(checked.values()) >= 1, checked  # (both kinds met)
