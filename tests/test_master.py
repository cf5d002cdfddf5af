"""The sim's desktop level, "Master (desktop)": in the sim's menu only, a
match against it played through the buttons, its moves the searcher's on
the seat's own view."""

import pytest

from conftest import drive
from desk import sparring
from engine.game import CLASSIC, EXPERT, OPPONENTS, TACTICS, make_game
from engine.rng import Random
from hw import buttons
from hw.app import App
from hw.screens import MATCH_END, MENU, THINKING
from sim.autoplay import AutoPlayer
from sim.master import DeskApp, Master


def test_the_master_is_in_the_sims_menu_only_after_the_boards_opponents():
    assert "master" not in OPPONENTS and "master" not in App.OPPONENTS
    assert DeskApp.OPPONENTS[:-1] == OPPONENTS and DeskApp.OPPONENTS[-1] == "master"
    app = DeskApp(seed=1, opponent="hard")
    app.tick(0)
    assert app.mode == MENU
    seen = []
    app.press(buttons.DOWN)  # (past Learn and Your mistakes: the opponent's row)
    app.press(buttons.DOWN)
    for _ in range(len(DeskApp.OPPONENTS)):
        app.press(buttons.RIGHT)
        seen.append(app.opponent)
        if app.opponent == "master":
            row = [line for line in app.panel() if line.startswith(">")][0]
            assert row.endswith(" <Master (desktop)>")  # (its long name takes two lines)
    assert sorted(seen) == sorted(DeskApp.OPPONENTS)
    app.lang = "fr"
    assert app.t("master") == "Maître (ordinateur)" and app.t("hard") == "Chef de clan"


@pytest.mark.parametrize("variant", [CLASSIC, EXPERT, TACTICS])
def test_a_match_against_the_master_plays_to_its_end(variant):
    app = DeskApp(seed=4, opponent="master", variant=variant, master_playouts=24)
    seen = drive(app, AutoPlayer("medium", 4))
    assert THINKING in seen and MATCH_END in seen and app.match.over()
    assert app.player_names("Ann") == ["Ann", "Master (desktop)"]


def test_the_master_plays_the_searchers_move_on_its_seats_view():
    game = make_game(CLASSIC)
    game.deal(9, 0)
    for _ in range(6):
        game.apply(Master(1, playouts=30).choose(game))
    view = make_game(CLASSIC)
    view.copy_from(game)
    view.hide(game.to_move)
    assert Master(2, playouts=30).choose(game) == sparring.make("searcher", 2, playouts=30).choose(view)
    # What the seat cannot see does not change its move.
    other = make_game(CLASSIC)
    other.copy_from(game)
    other.determinize(game.to_move, Random(5))
    assert Master(2, playouts=30).choose(other) == Master(2, playouts=30).choose(game)
