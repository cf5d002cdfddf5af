"""Statistics: every finished match counted once (per opponent, variant and
result, its rounds and stones, the streaks, the hints), kept in every save
(so across power cycles and cuts: tests/test_app_saves.py cuts every byte),
shown from the menu, cleared only after a confirmation, and printed by
``python -m sim --stats``."""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, run_apps
from engine.game import CLASSIC, DRAW, EXPERT, OPPONENTS, TACTICS
from engine.save import Saver, encode
from hw import buttons
from hw.app import App
from hw.saves import tally
from hw.screens import LINES, MATCH_END, MENU, MENU_ROWS, PANEL_CHARS, STATS
from sim.autoplay import AutoPlayer
from test_app_saves import LoggedStorage, _linked
from test_hint import ask, until_card_step


def counters(app):
    return [tally.get(app.stats, i) for i in range(len(app.stats) // 2)]


def to_menu(app, now):
    """From a match's end (its summary or last board) back to the menu."""
    for _ in range(5):
        if app.mode == MENU:
            return
        app.press(buttons.A)
        app.tick(now)
    assert app.mode == MENU


def play_match(app, player, now=0):
    app.press(buttons.START)
    now = player.play(app, lambda a: a.mode == MATCH_END, now, limit=40000)
    return now


def expected_after(before, app, opponent_index, me=0):
    """The counters ``before`` with ``app``'s finished match counted, worked
    out here from its results (not with hw.saves.tally's code)."""
    want = list(before)
    match = app.match
    a, b = match.scores
    w = 0 if a > b else 1 if b > a else DRAW
    result = 2 if w == DRAW else 0 if w == me else 1
    want[8 + (opponent_index * 3 + match.game.variant) * 3 + result] += 1
    for winner, s0, s1 in match.results:
        want[4 if winner == DRAW else 2 if winner == me else 3] += 1
        want[5] += (s0, s1)[me]
    want[1] += app.hints[me]
    want[6] = want[6] + 1 if result == 0 else 0
    want[7] = max(want[7], want[6])
    return want


def test_matches_against_bots_are_counted_once_each_and_kept_across_power_cycles():
    store = LoggedStorage()
    app = App(seed=3, opponent="easy", variant=CLASSIC, rounds=3, saver=Saver(store))
    assert counters(app) == [0] * (8 + 9 * len(OPPONENTS))
    player = AutoPlayer("hard", 5)
    now = 0
    results = []
    for opponent, variant, rounds in (("easy", CLASSIC, 3), ("hard", TACTICS, 1), ("medium", EXPERT, 1),
                                      ("easy", CLASSIC, 1), ("hard", CLASSIC, 1)):
        app.opponent, app.variant, app.rounds = opponent, variant, rounds
        before = counters(app)
        now = play_match(app, player, now)
        for _ in range(3):  # the end's screens, ticked: counted once, not at each tick
            now += 50
            app.tick(now)
        want = expected_after(before, app, OPPONENTS.index(opponent))
        assert counters(app) == want
        results.append(app.match.winner())
        to_menu(app, now)
        assert counters(app) == want
        # Switched off and on: the save holds them.
        again = App(seed=1, saver=Saver(LoggedStorage(store.data)))
        assert counters(again) == want
    # The hard player's wins and losses against these bots: a streak or
    # two (the test's figures are whatever the seeds gave; both kinds occurred).
    assert 0 in results and 1 in results
    best = run = 0
    for w in results:
        run = run + 1 if w == 0 else 0
        best = max(best, run)
    assert counters(app)[6:8] == [run, best]


def test_pass_and_play_counts_the_seats_and_both_seats_hints():
    app = App(seed=8, opponent="pass", variant=TACTICS)
    app.press(buttons.START)
    player = AutoPlayer("medium", 8)
    for moves in (0, 5):
        assert until_card_step(app, player, moves)
        ask(app)
        app.press(buttons.A)
    assert app.hints[0] + app.hints[1] == 2
    player.play(app, lambda a: a.mode == MATCH_END, app.now, limit=40000)
    app.tick(app.now + 50)
    c = counters(app)
    w = app.match.winner()
    pass_ = 8 + OPPONENTS.index("pass") * 9 + TACTICS * 3
    assert c[pass_ : pass_ + 3] == [w == 0, w == 1, w == DRAW]
    assert c[1] == 2  # both seats' hints
    assert c[2:8] == [0] * 6  # no rounds, stones nor streak: nobody's


def test_hints_are_counted_for_the_player():
    app = App(seed=21, opponent="easy", variant=CLASSIC)
    app.press(buttons.START)
    player = AutoPlayer("medium", 21)
    for moves in (0, 6, 12):
        assert until_card_step(app, player, moves)
        ask(app)
        app.press(buttons.A)
    player.play(app, lambda a: a.mode == MATCH_END, app.now, limit=40000)
    app.tick(app.now + 50)
    assert counters(app)[1] == 3


def test_a_linked_match_is_counted_on_each_board_as_its_own_result():
    stores = [LoggedStorage(), LoggedStorage()]
    apps = _linked(71, CLASSIC, stores, rounds=1)
    for app in apps:
        app.press(buttons.START)
    players = [AutoPlayer("medium", 1), AutoPlayer("hard", 2)]
    now = run_apps(apps, players, 0, lambda: all(app.mode == MATCH_END for app in apps))
    for _ in range(3):
        now += 50
        for app in apps:
            app.tick(now)
    link = OPPONENTS.index("link")
    for app in apps:
        want = expected_after([0] * len(counters(app)), app, link, app.me())
        assert counters(app) == want
    won = [counters(app)[8 + link * 9] for app in apps]
    lost = [counters(app)[8 + link * 9 + 1] for app in apps]
    assert won == lost[::-1] and sum(won) + sum(counters(apps[0])[8 + link * 9 + 2 : 8 + link * 9 + 3]) == 1


def test_counters_stop_at_their_limit():
    stats = bytearray(tally.size(len(OPPONENTS)))
    tally.put(stats, tally.STONES, 65534)
    tally.add(stats, tally.STONES, 5)
    assert tally.get(stats, tally.STONES) == 65535
    tally.add(stats, tally.STONES)
    assert tally.get(stats, tally.STONES) == 65535


def test_a_save_made_before_statistics_were_kept_loads_with_none_counted():
    store = bytearray(b"\xff" * 8192)
    old = bytearray(encode(None, opponent=2, lang=1, variant=TACTICS, rounds=3))
    assert not old[4] & 8  # (no statistics flag: as saves were written before)
    Saver(store).save(old)
    app = App(seed=1, saver=Saver(store))
    assert app.mode == MENU and app.lang == "en" and counters(app) == [0] * len(counters(app))
    # (another app's defaults: the menu's choices do not come back, the statistics would)
    stats = bytearray(tally.size(len(OPPONENTS)))
    tally.put(stats, tally.HINTS, 7)
    Saver(store).save(encode(None, opponent=2, lang=1, stats=stats))
    assert counters(App(seed=1, opponent="hard", saver=Saver(store)))[tally.HINTS] == 7


# -- the screen ---------------------------------------------------------------

def stats_app(lang="en", app_class=App, **kw):
    store = LoggedStorage()
    app = app_class(seed=1, lang=lang, saver=Saver(store), **kw)
    return app, store


def open_stats(app):
    while MENU_ROWS[app.row] != "stats":
        app.press(buttons.DOWN)
    app.press(buttons.A)
    assert app.mode == STATS and app.page == 0


def filled(app):
    """Every counter set to a different number (the largest 65535)."""
    for i in range(len(app.stats) // 2):
        tally.put(app.stats, i, 65535 if i == 3 else 100 + i)


def test_the_statistics_screen_shows_the_counters_page_by_page():
    app, store = stats_app()
    filled(app)
    open_stats(app)
    page = app.panel()
    assert page[0] == "Statistics" and page[-1] == "< 1/%d >  B: back" % (1 + len(OPPONENTS))
    mine = [sum(tally.get(app.stats, tally.cell(o, v, r)) for o in range(len(OPPONENTS)) if OPPONENTS[o] != "pass"
                for v in range(3)) for r in range(3)]
    assert page[2].split() == ["Matches"] + ["%dk" % (k // 1000) if k >= 10000 else str(k) for k in mine]
    assert page[3].split() == ["Rounds", "102", "65k", "104"]  # (10,000 and more: in thousands)
    assert page[4] == "Stones won 105" and page[5] == "Streak 106, best 107"
    passes = sum(tally.get(app.stats, tally.cell(OPPONENTS.index("pass"), v, r)) for v in range(3) for r in range(3))
    assert page[6] == "Hints 101, lessons 100" and page[7] == "Pass & play: %d" % passes  # (its matches: nobody's own)
    for o, opponent in enumerate(OPPONENTS):
        app.press(buttons.RIGHT)
        page = app.panel()
        assert page[0] == app.t(opponent) and page[-1] == "< %d/%d >  B: back" % (o + 2, 1 + len(OPPONENTS))
        assert page[1].split() == (["P1", "P2", "Draw"] if opponent == "pass" else ["Won", "Lost", "Draw"])
        for v, name in enumerate(("Classic", "Expert", "Tactics")):
            assert page[2 + v].split() == [name] + [str(tally.get(app.stats, tally.cell(o, v, r))) for r in range(3)]
        assert page[5].split() == ["All"] + [str(sum(tally.get(app.stats, tally.cell(o, v, r)) for v in range(3)))
                                             for r in range(3)]
        assert page[7] == "SEL: clear all"
    app.press(buttons.RIGHT)
    assert app.page == 0  # round again
    app.press(buttons.LEFT)
    assert app.panel()[0] == app.t(OPPONENTS[-1])
    app.press(buttons.B)
    assert app.mode == MENU and MENU_ROWS[app.row] == "stats"
    assert "hw.screens.stats" not in sys.modules and "hw.saves.tally" not in sys.modules  # (gone with the screen)


def test_clearing_asks_first_and_then_clears_and_saves():
    app, store = stats_app()
    filled(app)
    kept = bytes(app.stats)
    open_stats(app)
    app.press(buttons.SELECT)
    assert app.panel()[2] == "Clear all statistics?" and app.panel()[4] == "A: clear  B: keep"
    app.press(buttons.B)  # kept
    assert app.mode == STATS and bytes(app.stats) == kept and not store.log
    assert app.panel()[0] == "Statistics"
    app.press(buttons.SELECT)
    app.press(buttons.RIGHT)  # any other button keeps them too
    assert bytes(app.stats) == kept and app.panel()[0] == "Statistics"
    app.press(buttons.RIGHT)
    app.press(buttons.SELECT)
    app.press(buttons.A)
    assert app.stats == bytes(len(kept)) and len(store.log) == 1 and app.mode == STATS
    assert app.page == 0 and app.panel()[2].split() == ["Matches", "0", "0", "0"]  # (the totals, cleared)
    assert App(seed=2, saver=Saver(LoggedStorage(store.data))).stats == bytes(len(kept))


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_every_statistics_page_fits_in_every_language(lang):
    from sim.master import DeskApp

    for cls in (App, DeskApp):
        app, store = stats_app(lang, cls)
        filled(app)
        for i in range(len(app.stats) // 2):
            tally.put(app.stats, i, 65535)  # the widest numbers
        open_stats(app)
        for _ in range(1 + len(app.OPPONENTS)):
            page = app.panel()
            assert len(page) <= LINES and all(len(line) <= PANEL_CHARS for line in page), page
            app.press(buttons.RIGHT)
        app.press(buttons.SELECT)
        assert all(len(line) <= PANEL_CHARS for line in app.panel())


def test_the_menu_with_the_link_chosen_still_fits():
    for lang in ("en", "fr", "es"):
        app = App(seed=1, lang=lang, opponent="link")
        lines = app.panel()
        assert len(lines) <= LINES and all(len(line) <= PANEL_CHARS for line in lines)
        assert app.t("not_connected") in lines[0]


# -- python -m sim --stats ----------------------------------------------------

def sim(*args):
    return subprocess.run([sys.executable, "-m", "sim"] + list(args), cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_sim_stats_prints_what_the_app_counted(tmp_path):
    path = str(tmp_path / "area.nvm")
    run = sim("--headless", "--autoplay", "medium", "--seed", "5", "--opponent", "easy", "--rounds", "3",
              "--save", path)
    assert run.returncode == 0, run.stderr
    played = json.loads(run.stdout.strip().splitlines()[-1])
    run = sim("--stats", "--save", path)
    assert run.returncode == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert len(lines) == 1
    got = json.loads(lines[0])
    w = played["winner"]
    result = "won" if w == 0 else "lost" if w == 1 else "drawn"
    assert got["matches"] == 1 and got[result] == 1 and got["by_opponent"]["easy"]["classic"][result] == 1
    assert sum(got["rounds"].values()) == 3 and got["stones_won"] > 0
    assert set(got["by_opponent"]) == set(OPPONENTS) | {"master"}
    assert set(got["by_opponent"]["pass"]["tactics"]) == {"player1", "player2", "drawn"}


def test_sim_stats_says_a_missing_or_damaged_area_in_one_line(tmp_path):
    run = sim("--stats", "--save", str(tmp_path / "none.nvm"))
    assert run.returncode == 2 and run.stdout == "" and len(run.stderr.splitlines()) == 1
    assert "no save area" in run.stderr and "Traceback" not in run.stderr
    bad = tmp_path / "bad.nvm"
    bad.write_bytes(os.urandom(8192))
    run = sim("--stats", "--save", str(bad))
    assert run.returncode == 0 and "Traceback" not in run.stderr and run.stderr.strip()
    assert json.loads(run.stdout)["matches"] == 0
