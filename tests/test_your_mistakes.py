"""The menu's "Your mistakes": the mistakes a review weighs are kept (the
newest few, in slots of their own in the save area, ``engine.mistakes``,
``hw.saves.kept``), each asked again from the menu as a question on its
own table (``hw.screens.quiz``) until it is found; one found in the
review's own question is not kept."""

import sys

import pytest

from conftest import bot_match
from engine import mistakes
from engine import review as rv
from engine import weigh
from engine.game import CLASSIC, EXPERT
from engine.save import Saver
from hw import buttons
from hw.app import App
from hw.saves import kept
from hw.saves.keep import SETTLE_MS
from hw.screens import MATCH_END, MENU, MENU_ROWS, NOTICE, QUIZ, REVIEW
from hw.screens import quiz as screen
from hw.screens import review as review_screen
from test_app_saves import LoggedStorage
from test_quiz import make

ROW = MENU_ROWS.index("mistakes")


def reviewed(app, seed, variant, rounds=1):
    """A review of easy's moves against hard, every move weighed, left:
    the moves' numbers the review called mistakes, with their costs."""
    match = bot_match(seed, rounds, variant, "easy", "hard")
    assert review_screen.begin(app, seed, rounds, variant, list(match.moves()), 1)
    review = app.review
    found = []
    while True:
        while review.hard[review.k] < 0:
            app.tick(app.now + 10)
        if review.kind[review.k] >= weigh.MISTAKE and review.shown[review.k] != review_screen._GUESSED:
            found.append((review.mine[review.k], review.cost[review.k]))
        if review.k + 1 == len(review.mine):
            break
        review.k += 1
        review_screen._show(app)
    app.press(buttons.B)
    assert app.mode == MENU and app.review is None
    return match, found


def cursor_row(app):
    return [line for line in app.panel() if line.startswith(">")][0]


def section(app):
    """The kept mistakes' bytes, as the app reads them."""
    got = kept.read(app)
    for name in ("hw.saves.kept", "engine.mistakes", "engine.restore"):
        sys.modules.pop(name, None)
    return got


def settle(app):
    for _ in range(3):
        app.tick(app.now + SETTLE_MS)


def ask_kept(app):
    """A on the menu's row: the question, set up at the next tick."""
    app.row = ROW
    app.press(buttons.A)
    assert app.mode == QUIZ and app.quiz is None
    app.tick(app.now + 10)
    assert app.mode == QUIZ and app.quiz is not None and app.quiz.phase == screen._ASK


@pytest.mark.parametrize("variant, seed", [(CLASSIC, 3), (EXPERT, 5)])
def test_a_reviews_mistakes_are_kept_saved_and_come_back_after_power_up(variant, seed):
    store = LoggedStorage()
    app = App(opponent="hard", saver=Saver(store))
    app.tick(10)
    writes = len(store.log)
    match, found = reviewed(app, seed, variant)
    assert found, "no mistake in this review"
    assert len(store.log) == writes + 1  # (written at once, in its own slot)
    for name in ("engine.mistakes", "hw.saves.kept", "engine.restore"):  # (the menu's floor: as at power-up)
        assert name not in sys.modules, name
    got = section(app)
    assert app.mistakes == mistakes.count(got) == min(len(found), mistakes.KEEP)
    # Newest first: the match's last mistakes, each its round as it was.
    moves = list(match.moves())
    for i, (n, given) in enumerate(reversed(found[-mistakes.KEEP:])):
        v, s, got_n, round_seed, starter, got_given, ms = mistakes.entry(got, i)
        before = rv.at(seed, 1, variant, moves, n)
        assert (v, s, got_n, got_given) == (variant, seed, n, given)
        assert (round_seed, starter) == (before.round_seed, before.starter)
        assert ms == list(before.game.round_moves()) + [moves[n]]
    # Read back at power-up (how many: the menu's row says it).
    again = App(opponent="hard", saver=Saver(LoggedStorage(store.data)))
    assert again.mistakes == app.mistakes
    for name in ("engine.mistakes", "hw.saves.kept", "engine.restore"):
        assert name not in sys.modules, name
    again.row = ROW
    assert cursor_row(again) == ">Your mistakes (%d)" % app.mistakes
    assert section(again) == got


def test_a_mistake_found_in_the_reviews_question_is_not_kept():
    app = App(opponent="hard")
    match = bot_match(3, 1, CLASSIC, "easy", "hard")
    assert review_screen.begin(app, 3, 1, CLASSIC, list(match.moves()), 1)
    review = app.review
    while True:
        while review.hard[review.k] < 0:
            app.tick(app.now + 10)
        if review_screen._asks(review):
            break
        app.press(buttons.RIGHT)
    n = review.mine[review.k]
    app.press(buttons.A)
    app.tick(app.now + 10)
    make(app, review.hard[review.k])  # (the Chieftain's own move: found)
    assert app.quiz.phase == screen._RIGHT
    app.press(buttons.A)
    assert app.mode == REVIEW and review.shown[review.k] == review_screen._FOUND == screen._FOUND
    app.tick(app.now + 10)
    app.press(buttons.B)
    got = section(app)
    assert n not in [mistakes.entry(got, i)[2] for i in range(mistakes.count(got))]


def test_the_menu_asks_each_kept_mistake_and_lets_go_one_found():
    store = LoggedStorage()
    app = App(opponent="hard", saver=Saver(store))
    app.tick(10)
    match, found = reviewed(app, 3, CLASSIC)
    settle(app)
    got = section(app)
    count = app.mistakes
    assert count >= 2, "too few mistakes in this review"
    moves = list(match.moves())
    # The newest first: its table the round as it was before the move.
    ask_kept(app)
    quiz = app.quiz
    first = quiz.n
    before = rv.at(3, 1, CLASSIC, moves, first).game
    assert first == mistakes.entry(got, 0)[2]
    assert app.game.round_moves() == before.round_moves() and app.game.to_move == before.to_move
    assert sorted(app.hand()) == sorted(before.hand_cards(before.to_move))
    assert quiz.given == mistakes.entry(got, 0)[5]
    assert quiz.top == "Try 1 of 2" and app.message == "Find a better move"
    # In turn, the move played then (the question is about it).
    from engine.moves import move_card, move_stone
    from hw.lang.words import move_text

    app.tick(app.now + 2500)
    said = "You played " + move_text(app, (move_card(moves[first]), move_stone(moves[first]), 0))
    assert app.message == said and len(said) <= 26
    app.tick(app.now + 2500)
    assert app.message == "Find a better move"
    # Two tries with the move played: the answer; A goes back to the menu,
    # the mistake kept, the next one asked next time.
    for _ in range(2):
        make(app, moves[first])
        app.press(buttons.A)
    assert app.mode == MENU and app.row == ROW and app.quiz is None and app.match is None
    assert app.mistakes == count and section(app) == got
    for name in ("hw.screens.quiz", "hw.match.turn", "engine.weigh", "engine.mistakes", "engine.ai", "hw.saves.kept",
                 "engine.restore"):
        assert name not in sys.modules, name
    writes = len(store.log)
    settle(app)
    assert len(store.log) == writes  # (nothing changed: nothing saved)
    ask_kept(app)
    second = app.quiz.n
    assert second == mistakes.entry(got, 1)[2] != first
    # The Chieftain's move: found, let go, saved.
    table = rv.at(3, 1, CLASSIC, moves, second).game
    hard = rv.hard_move(rv.hard_bot(CLASSIC), table, 3, second)
    make(app, hard)
    assert app.quiz.phase == screen._RIGHT and app.quiz.top == "Well found!"
    app.press(buttons.B)
    assert app.mode == QUIZ  # (only A leaves a finished question)
    app.press(buttons.A)
    assert app.mode == MENU and app.mistakes == count - 1
    assert len(store.log) == writes + 1  # (at once)
    assert "engine.restore" not in sys.modules and "hw.saves.kept" not in sys.modules
    left = section(App(opponent="hard", saver=Saver(LoggedStorage(store.data))))
    assert [mistakes.entry(left, i)[2] for i in range(count - 1)] == [
        mistakes.entry(got, i)[2] for i in range(count) if i != 1]


def test_start_leaves_a_kept_question_and_the_menu_says_when_none_is_kept():
    app = App(opponent="hard", lang="fr")
    app.row = ROW
    assert cursor_row(app) == ">Vos erreurs (0)"
    app.press(buttons.A)
    assert app.mode == NOTICE and app.lines[0] == "Aucune erreur gardée."
    app.press(buttons.A)
    assert app.mode == MENU
    reviewed(app, 3, CLASSIC)
    count = app.mistakes
    assert count and app.keeper.mistakes is not None  # (no save area: kept in the keeper)
    ask_kept(app)
    app.press(buttons.START)
    assert app.mode == MENU and app.mistakes == count and app.keeper.asked == 1


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_a_kept_mistake_that_does_not_replay_is_said_and_let_go(lang, capsys):
    from hw.lang.menu import words
    from hw.screens import PANEL_CHARS

    app = App(opponent="hard", lang=lang)
    match = bot_match(9, 1, CLASSIC, "easy", "hard")
    moves = list(match.moves())
    before = rv.at(9, 1, CLASSIC, moves, 8)
    # Its round's seed changed: another deal, where its moves are not legal.
    kept.write(app, mistakes.add(None, CLASSIC, 9, 8, before.round_seed ^ 1, before.starter, 20,
                                 before.game.round_moves(), moves[8]))
    assert app.mistakes == 1
    app.row = ROW
    app.press(buttons.A)
    app.tick(app.now + 10)
    assert app.mode == NOTICE and app.lines == words(lang)["mistake_lost"].split("\n")
    assert all(len(line) <= PANEL_CHARS for line in app.lines)
    assert "kept mistakes: a kept mistake does not replay" in capsys.readouterr().out
    assert app.mistakes == 0 and section(app) is None and app.quiz is None and app.match is None
    app.press(buttons.A)
    assert app.mode == MENU and app.row == ROW


def test_the_kept_mistakes_outlive_a_match_and_a_damaged_slot_is_said(capsys):
    store = LoggedStorage()
    app = App(opponent="hard", saver=Saver(store))
    match = bot_match(9, 1, CLASSIC, "easy", "hard")
    moves = list(match.moves())
    kept.write(app, mistakes.kept(None, 9, 1, CLASSIC, moves, [(6, 12), (11, 30)]))
    first = section(app)
    assert mistakes.count(first) == 2
    # A whole match of three rounds, saved after every move: its slots
    # never reach the mistakes' (the halves' last bytes).
    app.variant, app.rounds = CLASSIC, 3
    app.press(buttons.START)
    from sim.autoplay import AutoPlayer

    AutoPlayer("medium", 1).play(app, lambda a: a.mode == MATCH_END)
    assert section(app) == first
    assert max(len(w) + start for _, start, w in store.log if start < 4096 - kept.AREA) <= 4096 - kept.AREA
    # A slot damaged: the other, the mistakes kept before it, said on the console.
    kept.write(app, mistakes.kept(None, 9, 1, CLASSIC, moves, [(6, 12)]))
    _, start, written = store.log[-1]
    store.data[start + 9] ^= 0xFF
    capsys.readouterr()
    again = App(opponent="hard", saver=Saver(LoggedStorage(store.data)))
    assert again.mistakes == 2 and "kept mistakes: slot" in capsys.readouterr().out
    # Both: none, said.
    other = 4096 - kept.AREA if start > 4096 else 8192 - kept.AREA
    store.data[other + 9] ^= 0xFF
    again = App(opponent="hard", saver=Saver(LoggedStorage(store.data)))
    assert again.mistakes == 0 and "kept mistakes: slot" in capsys.readouterr().out
    assert not again.keeper.error and again.mode in (MENU,)


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_rows_and_the_notice_fit_the_panel_in_every_language(lang):
    from hw.screens import PANEL_CHARS

    app = App(opponent="hard", lang=lang)
    app.mistakes = 3
    app.row = ROW
    assert len(cursor_row(app)) <= PANEL_CHARS and "(3)" in cursor_row(app)
    app.mistakes = 0
    app.press(buttons.A)
    assert app.mode == NOTICE and len(app.lines) == 4 and all(len(line) <= PANEL_CHARS for line in app.lines)


def test_pass_and_play_reviews_keep_none_and_b_leaves_a_question_over_after_a_moment():
    app = App(opponent="pass")
    reviewed(app, 3, CLASSIC)
    assert app.mistakes == 0 and app.keeper.mistakes is None
    app = App(opponent="hard")
    reviewed(app, 3, CLASSIC)
    ask_kept(app)
    app.press(buttons.B)  # (the answer asked for at once)
    app.tick(app.now + 10)
    app.tick(app.now + 10)
    assert app.quiz.phase == screen._ANSWER
    app.press(buttons.B)  # (once too often: stays)
    assert app.mode == QUIZ
    app.tick(app.now + 1000)
    app.press(buttons.B)  # (a moment later: back to the menu)
    assert app.mode == MENU and app.row == ROW
