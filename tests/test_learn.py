"""The lessons (the menu's Learn, hw.screens.learn; engine.lessons): every lesson
played to its end at the buttons in every language, a wrong move explained
and not made, Start leaving, what is counted and saved, the words' fit, and
``python -m sim --learn``."""

import json
import subprocess
import sys

import pytest

from engine import lessons
from engine.game import LANGUAGES, VARIANTS
from engine.game import NOBODY
from engine.moves import AUTO_CLAIM, PASS, move, move_claims, with_claims
from engine.cards import parse_any
from engine.save import Saver
from hw import buttons
from hw.app import App
from hw.screens import LEARN, LINES, MENU, MENU_ROWS, PANEL_CHARS, RESUME
from sim.autoplay import AutoPlayer

ROOT = __file__.rsplit("/tests/", 1)[0]
_LINE_CHARS = 26  # the board's bottom line


def _lesson(variant, lang="en", saver=None):
    app = App(seed=4, opponent="pass", variant=variant, lang=lang, saver=saver)
    assert MENU_ROWS[app.row] == "learn"
    app.press(buttons.A)
    assert app.mode == LEARN and app.lesson is None  # (set up at the first tick, the menu's code gone)
    app.tick(app.now + 10)
    assert app.lesson.k == 0 and "hw.screens.menu" not in sys.modules
    return app


def _words(lang, variant=0):
    return __import__("hw.lang.learn_%s_%s" % (VARIANTS[variant], lang), None, None, ("STEPS",)).STEPS


def _keys(lang):
    from hw.screens import learn

    return learn._WORDS[LANGUAGES.index(lang)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", range(3))
def test_every_lesson_plays_to_its_end_at_the_buttons(variant, lang):
    # Every move the lesson asks for, made at the buttons (the sim's
    # autoplay: the turn's own keys), is made on the table; every page
    # and bottom line fits the screen; the last page's A ends it, counted.
    app = _lesson(variant, lang)
    player = AutoPlayer("random", 1)
    steps = lessons.steps(variant)
    made = []
    seen = set()
    for _ in range(3000):
        lesson = app.lesson
        if lesson is None:
            break
        panel = app.panel()
        if panel is not None:
            assert len(panel) == LINES and all(len(line) <= PANEL_CHARS for line in panel), panel
            seen.add(("page", lesson.k, panel[0]))
        else:
            # (the corner: "A: next" once the move is made; "B: read" while a card is chosen)
            assert len(app.message) <= _LINE_CHARS and bool(app.note) == (lesson.phase == 2 or app.turn.phase == 0)
        k, n = lesson.k, app.game.move_count()
        done_before = lesson.phase == 2
        app.press(player.next_button(app))
        if app.lesson is not None and app.lesson.k == k and app.lesson.phase == 2 and not done_before:
            # The move asked for, made: the game's last move is it.
            assert app.game.move_count() == n + 1
            expected = lessons.parse(steps[k][1][0], app.game)
            made.append(k)
            assert expected[0] in (-1, app.game.last_move() & 63) or expected[1] == -2
    assert app.lesson is None and app.mode == MENU
    assert made == [k for k, step in enumerate(steps) if step[1] is not None]
    assert app.stats[0:2] == b"\x00\x01"  # hw.saves.tally's LESSONS: one
    assert app.opponent == "pass"  # (the menu's, given back)
    # Every read step showed its pages.
    assert {k for kind, k, _ in seen} >= {k for k, step in enumerate(steps) if step[1] is None}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_words_match_the_steps(lang):
    # One entry a step; a step with a move has its pages, its two lines and
    # its explanation; lines fit the panel (24) and the bottom line (26).
    keys = _keys(lang)
    assert len(keys) == 7 and all(len(k) <= PANEL_CHARS for k in keys[:2])
    # (the top line's corner, beside the widest status of a lesson: "*Tú! 0-0 Rival!")
    table = __import__("hw.lang." + lang, None, None, ("T",)).T
    status = "*%s! 0-0 %s!" % (table["you"], table["them"])
    assert all(len(status) + 1 + len(k) <= _LINE_CHARS for k in keys[2:4])
    for page in keys[4:]:  # (the right play without its claim; leave the lesson?)
        assert 2 <= len(page) <= LINES - 1 and all(len(line) <= PANEL_CHARS for line in page)
    for variant, steps in enumerate(lessons.steps(v) for v in range(3)):
        entries = _words(lang, variant)
        assert len(entries) == len(steps)
        for (table, task), entry in zip(steps, entries):
            pages = entry[0]
            if task is None:
                assert len(entry) == 1 and pages
            else:
                assert len(entry) == 4
                assert 0 < len(entry[1]) <= _LINE_CHARS and 0 < len(entry[2]) <= _LINE_CHARS
                pages = pages + (entry[3],)
            for page in pages:
                assert 2 <= len(page) <= LINES - 1, page
                assert all(len(line) <= PANEL_CHARS for line in page), page


def test_a_wrong_move_is_explained_and_not_made():
    # The colour run's step: G7 at stone 2 is no colour run.  The page says
    # why; the table is as it was; A: the same move asked for again.
    app = _lesson(0)
    while app.lesson.k < 3 or app.lesson.phase != 1:
        app.press(AutoPlayer("random", 1).next_button(app))
    before = app.game.move_count()
    hand = app.hand()
    _play(app, hand.index(parse_any("G7")), 1)
    assert app.lesson.phase == 3 and app.game.move_count() == before
    assert app.panel()[:len(_words("en")[3][3])] == list(_words("en")[3][3])
    app.press(buttons.A)
    assert app.lesson.phase == 1 and app.panel() is None and app.hand() == hand
    _play(app, hand.index(parse_any("R5")), 1)
    assert app.lesson.phase == 2 and app.game.cards_at(1, 0) == [parse_any(c) for c in ("R3", "R4", "R5")]


def test_the_tie_and_the_early_claim_are_explained():
    # P7 at stone 6 ties their 16 (they finished first): no claim step
    # offers stone 6; the move is explained.  R8 kept in the hand: stone 4
    # is not offered; explained.
    app = _lesson(0)
    player = AutoPlayer("random", 1)
    while app.lesson.k < 10 or app.lesson.phase != 1:
        app.press(player.next_button(app))
    _play(app, app.hand().index(parse_any("P7")), 5)
    assert app.lesson.phase == 3 and "16" in " ".join(app.panel())
    app.press(buttons.A)
    while app.lesson.k < 12 or app.lesson.phase != 1:
        app.press(player.next_button(app))
    _play(app, app.hand().index(parse_any("O1")), 0)
    assert app.lesson.phase == 3 and "R8" in " ".join(app.panel())
    app.press(buttons.A)
    assert app.lesson.phase == 1 and app.game.owner[3] == 2


def _play(app, index, stone, claim=False, stop_at_claims=False):
    # The card at ``index`` of the hand to ``stone``; in a claim step, that
    # stone claimed (``claim``) or none, or there it stops.
    while app.turn.cursor != index:
        app.press(buttons.RIGHT)
    app.press(buttons.A)
    while app.turn.stone_cursor != stone:
        app.press(buttons.RIGHT)
    app.press(buttons.A)
    if app.lesson.phase == 1 and app.turn.phase == 2 and not stop_at_claims:  # (a claim step)
        if claim:
            while app.turn.stone_cursor != stone:
                app.press(buttons.RIGHT)
            app.press(buttons.A)
        app.press(buttons.B)


def test_b_shows_the_pages_again_and_start_leaves_without_counting():
    app = _lesson(2)
    player = AutoPlayer("random", 1)
    while app.lesson.phase != 1:
        app.press(player.next_button(app))
    k = app.lesson.k
    app.press(buttons.B)
    assert app.lesson.phase == 0 and app.lesson.k == k and app.panel()[0] == _words("en", 2)[k][0][0][0]
    app.press(buttons.A)
    assert app.lesson.phase == 1
    app.press(buttons.START)  # (asks first: B stays, A or Start leaves)
    assert app.mode == LEARN and app.panel()[0] == "Leave the lesson?"
    app.press(buttons.B)
    assert app.lesson.phase == 1 and app.panel() is None
    app.press(buttons.START)
    app.press(buttons.A)
    assert app.mode == MENU and app.lesson is None and app.match is None
    assert app.stats[0:2] == b"\x00\x00" and app.opponent == "pass"


def test_a_lesson_saves_no_match_and_its_count_is_kept():
    # Nothing is saved while the lesson goes on; at its end the statistics
    # are, and the next power-up offers no match (a lesson's table is none).
    store = bytearray(b"\xff" * 8192)
    app = _lesson(1, saver=Saver(store))
    kept = bytes(store)
    count = app.keeper.count
    player = AutoPlayer("random", 2)
    now = 0
    while app.lesson is not None:
        app.press(player.next_button(app))
        now += 2000
        app.tick(now)
        if app.lesson is not None:
            assert app.keeper.count == count and bytes(store) == kept
    again = App(seed=5, saver=Saver(store))
    assert again.offer is None and again.stats[0:2] == b"\x00\x01"


def _saved_match(seed=3, presses=60):
    # A save area holding a match in play (tactics against easy).
    store = bytearray(b"\xff" * 8192)
    app = App(seed=seed, opponent="easy", variant=2, saver=Saver(store))
    app.press(buttons.START)
    player = AutoPlayer("random", seed)
    now = 0
    while app.match.move_count() < 6:
        app.press(player.next_button(app))
        now += 2000
        app.tick(now)
    return store, list(app.match.moves())


@pytest.mark.parametrize("finish", [True, False])
def test_a_lesson_never_costs_the_saved_match(finish):
    # The sim's --learn opens the lesson at power-up, past the resume
    # screen: the match on offer is on offer again when the lesson ends
    # (finished or left), and stays saved, with the lesson counted.
    from hw.screens import learn

    store, moves = _saved_match()
    app = App(seed=5, saver=Saver(store))
    assert app.mode == RESUME and list(app.offer.moves()) == moves
    learn.start(app, 0)  # (as the sim's --learn does)
    player = AutoPlayer("random", 2)
    now = 0
    while app.lesson is not None:
        if not finish and app.lesson.k == 3:
            app.press(buttons.START)
            app.press(buttons.A)
            break
        app.press(player.next_button(app))
        now += 2000
        app.tick(now)
    assert app.lesson is None and app.mode == RESUME and list(app.offer.moves()) == moves
    assert app.opponent == "easy" and app.panel()[0] == "A match was saved"
    again = App(seed=6, saver=Saver(store))
    assert again.mode == RESUME and list(again.offer.moves()) == moves
    assert again.stats[0:2] == (b"\x00\x01" if finish else b"\x00\x00")
    again.press(buttons.A)  # (resume)
    assert again.match is not None and list(again.match.moves()) == moves


def test_the_sims_learn_keeps_the_saved_match(tmp_path):
    store, moves = _saved_match()
    area = tmp_path / "save.bin"
    area.write_bytes(bytes(store))
    script = _script(0, tmp_path)
    run = subprocess.run([sys.executable, "-m", "sim", "--learn", "classic", "--headless", "--script",
                          str(script), "--save", str(area)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.strip().splitlines()[-1])["done"] is True
    again = App(seed=6, saver=Saver(bytearray(area.read_bytes())))
    assert again.mode == RESUME and list(again.offer.moves()) == moves and again.stats[0:2] == b"\x00\x01"


def test_the_answer_of_every_step_is_legal_and_each_reply_too():
    # engine.lessons: each table set up holds 54 clan cards once; each move
    # asked for exists; each reply is legal after it.
    from engine.game import make_game

    for variant, steps in enumerate(lessons.steps(v) for v in range(3)):
        game = make_game(variant)
        for table, task in steps:
            if table:
                lessons.set_up(game, table)
                cards = [c for s in range(9) for p in range(2) for c in game.cards_at(s, p)]
                cards += game.hand_cards(0) + game.hand_cards(1) + list(game.deck[game.deck_pos:])
                if variant == 2:
                    cards += list(game.tdeck[game.tpos:])
                clan = sorted(c for c in cards if c < 54)
                assert clan == list(range(54)), table
            if task is None:
                continue
            m = lessons.answer(game, task[0])
            assert m != PASS and not game.check(m), task
            game.apply(m)
            if task[1]:
                assert not game.check(lessons.reply(task[1]))
                game.apply(lessons.reply(task[1]))
                assert game.to_move == 0


def _accepted(game, text):
    # Every move the step ``text`` accepts in ``game``: each legal play,
    # with each set of the claims it may make that holds the ones asked for.
    expected = lessons.parse(text, game)
    out = []
    for m in game.legal_moves(game.to_move):
        every = move_claims(game.spell_claims(m | AUTO_CLAIM))
        sub = every
        while True:  # (every subset of the claims it may make)
            c = with_claims(m, sub)
            if lessons.matches(game, c, expected) and not game.check(c):
                out.append(c)
            if not sub:
                break
            sub = (sub - 1) & every
    return out


def _stays_playable(game, steps, k, path):
    # From step ``k`` on (its table as the steps before left it), every
    # move accepted leaves the next step's move possible, until a step sets
    # up a new table.
    from engine.game import make_game

    while k < len(steps) and steps[k][1] is None:
        k += 1
        if k < len(steps) and steps[k][0]:
            return
    if k >= len(steps):
        return
    text, reply = steps[k][1]
    accepted = _accepted(game, text)
    assert accepted, "step %d (%s) cannot be played after %s" % (k, text, path)
    for m in accepted:
        after = make_game(game.variant)
        after.copy_from(game)
        after.apply(m)
        if reply and after.winner == NOBODY:
            r = lessons.reply(reply)
            assert not after.check(r), "step %d: the reply %s is not legal after %s" % (k, reply, path + [m])
            after.apply(r)
        if k + 1 < len(steps) and not steps[k + 1][0] and after.winner == NOBODY:
            _stays_playable(after, steps, k + 1, path + [m])


@pytest.mark.parametrize("variant", range(3))
def test_every_accepted_move_leaves_the_rest_of_the_lesson_playable(variant):
    # Whatever move a step accepts (any stone, any card, more claims than
    # asked for), the steps after it on the same table can still be played.
    from engine.game import make_game

    steps = lessons.steps(variant)
    game = make_game(variant)
    for k, (table, task) in enumerate(steps):
        if table:
            lessons.set_up(game, table)
            _stays_playable(game, steps, k, [])


def _script(app_variant, tmp_path, stop=None):
    # The buttons that play a lesson to its end (or ``stop`` presses).
    app = _lesson(app_variant)
    player = AutoPlayer("random", 1)
    pressed = []  # (the sim opens the lesson itself)
    while app.lesson is not None and (stop is None or len(pressed) < stop):
        b = player.next_button(app)
        pressed.append(b)
        app.press(b)
    names = {v: k for k, v in buttons.NAMES.items()}
    path = tmp_path / "buttons.txt"
    path.write_text("\n".join(names[b] for b in pressed) + "\n")
    return path


@pytest.mark.parametrize("variant", range(3))
def test_the_sim_plays_a_lesson_headless_and_says_it_in_json(tmp_path, variant):
    script = _script(variant, tmp_path)
    run = subprocess.run([sys.executable, "-m", "sim", "--learn", VARIANTS[variant], "--headless", "--script",
                          str(script)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.strip().splitlines()[-1]) == {
        "lesson": VARIANTS[variant], "done": True, "steps": len(lessons.steps(variant))}


def test_a_lesson_cut_short_says_how_far_it_got(tmp_path):
    script = _script(0, tmp_path, stop=12)
    run = subprocess.run([sys.executable, "-m", "sim", "--learn", "classic", "--headless", "--script", str(script)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert run.returncode == 0 and got["lesson"] == "classic" and got["done"] is False and 1 < got["steps"] < 16


def test_the_reply_is_a_move():
    assert lessons.reply("O6@9") == move(parse_any("O6"), 8)


def test_a_lessons_moves_are_heard_with_sound_on():
    # The move asked for: a card placed (a stone claimed, the round won);
    # another move: refused.  With sound off nothing is asked for.
    from hw import sound

    class Voice:
        def tone(self, hz):
            pass

        def off(self):
            pass

    for on in (True, False):
        app = App(seed=4, variant=0, sound=on, speaker=Voice)
        app.press(buttons.A)
        app.tick(app.now + 10)  # (the lesson set up at its first tick)
        player = AutoPlayer("random", 1)
        while app.lesson.k < 3 or app.lesson.phase != 1:
            app.press(player.next_button(app))
        _play(app, app.hand().index(parse_any("G7")), 1)  # (no colour run)
        app.press(buttons.A)
        while app.lesson is not None:
            app.press(player.next_button(app))
        heard = [e[1] for e in app.events if e[0] == "sound"]
        if not on:
            assert heard == []
            continue
        assert heard[0] == sound.PLACE and heard[1] == sound.REFUSED  # (the first step's card, then G7)
        assert heard.count(sound.CLAIM) == 3 and heard[-1] == sound.WON  # (stones 3, 6, 4; then the round)


def _to_task(app, k):
    player = AutoPlayer("random", 1)
    while app.lesson.k < k or app.lesson.phase != 1:
        app.press(player.next_button(app))


def test_any_move_that_wins_the_stone_is_right_where_the_lesson_asks_for_no_card():
    # Stone 3 of "winning a stone": Y5 makes R3 R4 Y5, a run, which beats
    # their sum too: claimed, it is right.
    app = _lesson(0)
    _to_task(app, 8)
    _play(app, app.hand().index(parse_any("Y5")), 2, claim=True)
    assert app.lesson.phase == 2 and app.game.owner[2] == 0


def test_b_shows_the_last_pages_and_a_goes_back_to_the_move():
    # The formations' tasks have no pages of their own: B shows the
    # formations' pages (the step before), A past them: the move again.
    app = _lesson(0)
    _to_task(app, 4)
    assert app.note == "B: read"
    app.press(buttons.B)
    assert app.lesson.phase == 0 and app.panel()[0] == "Formations"
    app.press(buttons.A)
    app.press(buttons.A)
    assert app.lesson.phase == 1 and app.lesson.k == 4 and app.panel() is None


def test_the_right_play_without_its_claim_says_so():
    app = _lesson(0)
    _to_task(app, 10)
    _play(app, app.hand().index(parse_any("P8")), 5)  # (B in the claim step: none claimed)
    assert app.lesson.phase == 3 and app.panel()[0] == "Almost" and app.game.cards_at(5, 0) == [
        parse_any("G3"), parse_any("B6")]


def test_an_expert_claim_passed_by_is_explained_at_once():
    # The claim step comes first: B there without claiming reaches the card
    # step, where the claim can no longer be made: explained then.
    app = _lesson(1)
    _to_task(app, 1)
    assert app.turn.phase == 3  # hw.match.turn's CLAIM_FIRST
    app.press(buttons.B)
    assert app.lesson.phase == 3 and app.panel()[1] == _words("en", 1)[1][3][1]
    app.press(buttons.A)
    assert app.lesson.phase == 1 and app.turn.phase == 3


def test_the_expert_lessons_o3_at_stone_7_is_explained_and_the_lesson_goes_on():
    # Step 1 asks for O3 on any stone after the claim; at stone 7 it would
    # fill the stone step 2 needs for G7: explained and not made, then O3
    # elsewhere and G7 at stone 7 are.
    app = _lesson(1)
    _to_task(app, 1)
    while app.turn.stone_cursor != 4:  # (the claim step: stone 5)
        app.press(buttons.RIGHT)
    app.press(buttons.A)
    app.press(buttons.B)
    hand = app.hand()
    _play(app, hand.index(parse_any("O3")), 6)
    assert app.lesson.phase == 3 and app.panel()[:5] == list(_words("en", 1)[1][3])
    assert app.game.cards_at(6, 0) == [parse_any("G5"), parse_any("G6")]
    app.press(buttons.A)
    assert app.lesson.k == 1 and app.lesson.phase == 1
    while app.turn.stone_cursor != 4:
        app.press(buttons.RIGHT)
    app.press(buttons.A)
    app.press(buttons.B)
    _play(app, app.hand().index(parse_any("O3")), 2)
    assert app.lesson.phase == 2  # (done: A on)
    app.press(buttons.A)
    assert app.lesson.k == 2
    _play(app, app.hand().index(parse_any("G7")), 6)
    assert app.lesson.phase == 2 and len(app.game.cards_at(6, 0)) == 3


def test_a_tactics_play_is_explained_before_the_pile_is_asked_for():
    # The Joker asked for at stone 2: at stone 3 it is explained as soon as
    # its stone is chosen, not after the pile.
    app = _lesson(2)
    _to_task(app, 1)
    _play(app, app.hand().index(parse_any("JK")), 2)
    assert app.lesson.phase == 3 and app.game.cards_at(2, 0) == [] and app.game.cards_at(1, 0) == [
        parse_any("R8"), parse_any("R9")]


def test_the_claim_step_says_that_a_again_takes_a_claim_back(desk):
    from hw.main import Runner

    app = _lesson(0)
    runner = Runner(desk, app)
    _to_task(app, 8)
    _play(app, app.hand().index(parse_any("R5")), 2, stop_at_claims=True)
    while app.turn.stone_cursor != 2:
        runner.step([buttons.RIGHT])
    runner.step([])
    assert runner.view.hint.text == "A: claim  B: done"
    runner.step([buttons.A])
    assert runner.view.hint.text == "A: undo claim  B: done"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_once_the_expert_claim_is_made_the_bottom_line_names_the_card_left(lang):
    # "Claim 5, then play O3": with stone 5 claimed, the line says the card
    # alone (in the language's letters), no longer the claim.
    app = _lesson(1, lang)
    _to_task(app, 1)
    task = app.message
    assert app.turn.phase == 3  # (the claims first)
    while app.turn.stone_cursor != 4:
        app.press(buttons.RIGHT)
    app.press(buttons.A)
    app.press(buttons.B)
    assert app.lesson.phase == 1 and app.turn.phase == 0 and app.turn.claims == 1 << 4
    orange_3 = app.t("letters")[1] + "3"
    assert app.message != task and orange_3 in app.message and len(app.message) <= _LINE_CHARS
    assert app.message == _keys(lang)[6][0] % orange_3
    app.press(buttons.START)
    app.press(buttons.A)  # (left: its words unloaded)
    assert app.lesson is None


def test_select_on_a_lessons_board_shows_the_stones_detail_and_b_comes_back():
    from hw.screens import DETAIL

    app = _lesson(1)
    _to_task(app, 1)
    while app.turn.stone_cursor != 4:
        app.press(buttons.RIGHT)
    phase = app.turn.phase
    app.press(buttons.SELECT)
    assert app.mode == DETAIL and app.panel()[0] == "Stone 5"
    app.press(buttons.A)  # (may it be claimed? a notice, then the detail again)
    app.press(buttons.A)
    assert app.mode == DETAIL
    app.press(buttons.B)
    assert app.mode == LEARN and app.lesson.phase == 1 and app.turn.phase == phase and app.panel() is None
    app.press(buttons.START)
    app.press(buttons.A)
    assert app.lesson is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_classic_lessons_last_page_names_the_hint_and_the_review(lang):
    app = _lesson(0, lang)
    player = AutoPlayer("random", 1)
    while app.lesson.k < len(app.lesson.steps) - 1:
        app.press(player.next_button(app))
    seen = []
    while app.lesson is not None:
        seen.append(" ".join(app.panel()))
        app.press(buttons.A)
    hint = {"en": "hint", "fr": "conseil", "es": "pista"}[lang]
    review = {"en": "review", "fr": "revus", "es": "repasa"}[lang]
    assert hint in seen[-1] and review in seen[-1] and " B" in seen[-1]


def test_a_stones_detail_in_a_lesson_leaves_one_copy_of_its_code():
    # The lesson's module goes while a stone's detail is shown and comes
    # back after: its Lesson (a class without methods) keeps none of the
    # old module's code alive, so its functions are there once, not twice.
    import gc

    from hw import view
    from hw.screens import DETAIL, learn
    from sim import autoplay

    assert view._LESSON_TASK == autoplay._LESSON_TASK == learn._TASK
    app = _lesson(0)
    while app.lesson.phase != learn._TASK:
        app.press(buttons.A)
    del learn
    app.press(buttons.SELECT)
    assert app.mode == DETAIL and "hw.screens.learn" not in sys.modules
    app.press(buttons.B)
    assert app.mode == LEARN and app.panel() is None
    gc.collect()
    copies = [f for f in gc.get_objects() if type(f).__name__ == "function" and f.__name__ == "_begin"
              and f.__module__ == "hw.screens.learn"]
    assert len(copies) == 1
