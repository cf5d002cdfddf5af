"""The README's screenshots, made by playing in the headless sim.

    python tools/screenshots.py [DIR]      (default docs/screens)

Each picture is the window as a player sees it (screen and NeoPixels),
reached by pressing buttons, as the autoplayer or a person would.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.append(ROOT)

import engine  # noqa: E402,F401
from hw import buttons  # noqa: E402
from engine.game import TACTICS  # noqa: E402
from hw.app import App  # noqa: E402
from hw.main import Runner  # noqa: E402
from hw.match.turn import CARD, CLAIM, DEST, RETURN, TABLE  # noqa: E402
from sim.autoplay import AutoPlayer  # noqa: E402
from hw.screens import DETAIL, HANDOFF, MATCH_END, MENU, MENU_ROWS, NOTICE, ROUND_END, TURN  # noqa: E402
from sim.desk import Desk  # noqa: E402
from sim import drive  # noqa: E402
from desk import reason, run  # noqa: E402


def until(runner, player, done, limit=5000):
    """Let ``player`` press buttons until ``done(app)``."""
    app = runner.app
    for _ in range(limit):
        if done(app):
            runner.step([])
            return True
        b = player.next_button(app)
        runner.step([b] if b else [])
    return False


def _elite_and_modes(app):
    # Elite troops and both combat modes on the open stones.
    game = app.game
    elite = sum(1 for s in range(9) for p in (0, 1) for c in game.cards_at(s, p) if 54 <= c <= 56)
    modes = 0
    for s in range(9):
        if game.owner[s] == 2:
            modes |= game.mode[s]
    return elite >= 1 and modes == 3


def tactics(desk, shot):
    """The tactics variant: a board with elite troops and combat modes, a
    Scout's cards going back, a ruse choosing its target.  The app is
    driven without drawing, and drawn for each picture."""
    wanted = {
        "tactics-board": lambda a: a.mode == TURN and a.turn.phase == CARD and _elite_and_modes(a)
        and any(c >= 54 for c in a.hand()),
        "tactics-scout": lambda a: a.mode == TURN and a.turn.phase == RETURN,
        "tactics-ruse": lambda a: a.mode == TURN and a.turn.phase in (TABLE, DEST),
    }
    for seed in [45] + list(range(60)):
        if not wanted:
            return
        app = App(seed=seed, opponent="easy", variant=TACTICS)
        runner = Runner(desk, app)
        player = AutoPlayer("medium", seed)
        app.press(buttons.START)

        def each(a):
            for name in list(wanted):
                if wanted[name](a):
                    runner.redraw()
                    shot(name)
                    del wanted[name]
            return not wanted

        drive(app, player, 20000, each)


def cards(desk, runner, path):
    """Every card as a player sees it at 160x128: the 54 clan cards and the
    tactic faces (as they are, and as when they cannot be played), each
    plain and under the cursor, cut from the screen and laid out in rows
    (a colour a row; the second of each pair under the cursor), shown at
    the native size and three times it."""
    import pygame

    from hw import look as L

    app = runner.app
    game = app.game
    p = game.to_move
    n = game.hand_n[p]
    w, h = L.TILE_W + 2, L.TILE_H + 2
    gap = 3
    sheet = pygame.Surface(((w + gap) * 9 + 4, (h * 2 + gap) * 8 + 4))
    sheet.fill(L.PALETTE[L.FELT])
    rows = [list(range(9 * c, 9 * c + 9)) for c in range(6)] + [list(range(54, 63))] * 2
    for r, cards_ in enumerate(rows):
        for j, card in enumerate(cards_):
            for under in (0, 1):
                game.hand[p][0] = card
                for i in range(1, n):
                    game.hand[p][i] = (card + 9 * i) % 54  # (other cards, sorted after it or before)
                app.turn.phase = CARD
                app.turn._blocked = 0x1FF if r == 7 else 0  # (the faces of tactic cards that cannot be played now)
                i = sorted(game.hand_cards(p)).index(card)
                app.turn.cursor = i if under else (i + 3) % n  # plain: the cursor away from it and its neighbours
                runner.redraw()
                x = runner.view.hand.x + i * L.TILE_W - 1
                sheet.blit(desk.display.frame, (2 + j * (w + gap), 2 + r * (2 * h + gap) + under * h),
                           pygame.Rect(x, L.HAND_Y - 1, w, h))
    pygame.image.save(sheet, path + ".png")
    pygame.image.save(pygame.transform.scale(sheet, (sheet.get_width() * 3, sheet.get_height() * 3)), path + "-x3.png")


def claim_shots(desk, shot, seed):
    """The claim step and a why-not, if the match from ``seed`` (against
    the Chieftain) has a claim step with a full stone not yet provable."""
    app = App(seed=seed, opponent="hard")
    runner = Runner(desk, app)
    runner.step([buttons.START])
    player = AutoPlayer("medium", seed)

    def wanted(a):
        if a.mode != TURN or a.turn.phase != CLAIM:
            return False
        return any(not a.turn.claimable >> s & 1 and a.game.owner[s] == 2 and len(a.game.cards_at(s, 0)) == 3
                   for s in range(9))

    if not until(runner, player, wanted):
        return False
    shot("claims")
    s = next(s for s in range(9) if not app.turn.claimable >> s & 1 and app.game.owner[s] == 2
             and len(app.game.cards_at(s, 0)) == 3)
    while app.turn.stone_cursor != s:
        runner.step([buttons.RIGHT])
    runner.step([buttons.A])
    shot("not-yet")
    return True


def statistics(desk, shot, out):
    """The statistics after a few matches against the bots (played without
    drawing), their totals and the Chieftain's page."""
    from engine.save import Saver

    app = App(seed=21, opponent="hard", saver=Saver(bytearray(b"\xff" * 8192)))
    now = 0
    for k, (opponent, variant, rounds) in enumerate((("hard", 0, 3), ("hard", TACTICS, 1), ("medium", 0, 1),
                                                     ("easy", 1, 1), ("hard", 0, 1), ("hard", 1, 1))):
        app.opponent, app.variant, app.rounds = opponent, variant, rounds
        app.press(buttons.START)
        now = AutoPlayer("hard", 30 + k).play(app, lambda a: a.mode == MATCH_END, now, limit=40000)
        while app.mode != MENU:
            app.press(buttons.A)
            app.tick(now)
    runner = Runner(desk, app)
    while MENU_ROWS[app.row] != "stats":
        runner.step([buttons.DOWN])
    runner.step([buttons.A])
    shot("stats")
    desk.display.save(os.path.join(out, "stats-160.png"), native=True)
    while app.panel()[0] != app.t("hard"):
        runner.step([buttons.RIGHT])
    shot("stats-chieftain")


def review_shots(desk, shot, out):
    """A match's summary, then its review on a mistake: its class and the
    points it gave away, a question first (worked out: "Thinking..."
    first); A asks it (the quiz), the move played tried again is weighed,
    then the answer asked for; back in the review, the Chieftain's move
    instead, its stone framed; at the menu, the mistakes kept, one asked."""
    from engine.moves import move_card, move_stone

    app = App(seed=8, opponent="easy")
    app.press(buttons.START)
    AutoPlayer("easy", 8).play(app, lambda a: a.mode == MATCH_END, limit=40000)
    runner = Runner(desk, app)
    runner.step([])
    shot("summary")
    runner.step([buttons.B])
    review = app.review
    for k in range(len(review.mine)):
        while review.hard[review.k] < 0:
            runner.step([])
        move = review.moves[review.mine[review.k]]
        if 8 <= review.cost[review.k] <= 15 and move_stone(review.hard[review.k]) != move_stone(move):
            break
        runner.step([buttons.RIGHT])
    shot("review-ask")
    runner.step([buttons.A])
    shot("quiz")
    desk.display.save(os.path.join(out, "quiz-160.png"), native=True)
    # The move played, tried again: its card, its stone, no claims.
    while app.hand()[app.turn.cursor] != move_card(move):
        runner.step([buttons.RIGHT])
    runner.step([buttons.A])
    while app.turn.stone_cursor != move_stone(move):
        runner.step([buttons.RIGHT])
    runner.step([buttons.A])
    if app.quiz.phase == 0:  # (hw.screens.quiz: the move still being made: the claims step, done)
        runner.step([buttons.B])
    while not app.quiz.top.startswith(("Mistake", "Blunder", "Inaccuracy")):
        runner.step([])
    shot("quiz-wrong")
    runner.step([buttons.A])
    runner.step([buttons.B])
    while app.quiz.top != "The answer":
        runner.step([])
    shot("quiz-answer")
    runner.step([buttons.A])
    shot("review")
    desk.display.save(os.path.join(out, "review-160.png"), native=True)
    # Back at the menu, the mistakes the review weighed are kept: "Your
    # mistakes" asks them again, each on its own table.
    runner.step([buttons.B])
    while MENU_ROWS[app.row] != "mistakes":
        runner.step([buttons.DOWN])
    shot("mistakes-menu")
    runner.step([buttons.A])
    runner.step([])
    shot("mistakes-quiz")
    desk.display.save(os.path.join(out, "mistakes-quiz-160.png"), native=True)


def lesson_shots(desk, shot, out):
    """The classic lesson (the menu's Learn): the tie's step answered with
    P7 (the page that says why), the early claim's second page, then its
    move made: R8 on the table, stone 4 offered in the claim step."""
    from engine.cards import parse_any

    app = App(seed=3, opponent="hard")
    runner = Runner(desk, app)
    runner.step([buttons.A])
    player = AutoPlayer("random", 1)

    def press(b):
        runner.step([b])

    def play(card, stone):
        index = app.hand().index(parse_any(card))
        while app.turn.cursor != index:
            press(buttons.RIGHT)
        press(buttons.A)
        while app.turn.stone_cursor != stone:
            press(buttons.RIGHT)
        press(buttons.A)

    until(runner, player, lambda a: a.lesson.k == 10 and a.lesson.phase == 1)  # (hw.screens.learn's _TASK)
    play("P7", 5)
    shot("learn-wrong")
    press(buttons.A)
    until(runner, player, lambda a: a.lesson.k == 11 and a.lesson.page == 1)
    shot("learn-page")
    until(runner, player, lambda a: a.lesson.k == 12 and a.lesson.phase == 1)
    play("R8", 0)
    while app.turn.stone_cursor != 3:
        press(buttons.RIGHT)
    shot("learn-move")
    desk.display.save(os.path.join(out, "learn-move-160.png"), native=True)


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(description="The README's screenshots, made by playing in the headless sim.")
    ap.add_argument("folder", nargs="?", default=os.path.join(ROOT, "docs", "screens"),
                    help="where the pictures go (default docs/screens)")
    out = ap.parse_args(argv).folder
    try:
        os.makedirs(out, exist_ok=True)
        if not os.access(out, os.W_OK):
            raise PermissionError(13, "Permission denied")
    except OSError as e:
        ap.error("cannot write %s: %s" % (out, reason(e)))
    desk = Desk(headless=True)
    try:
        def shot(name):
            desk.display.save(os.path.join(out, name + ".png"))

        app = App(seed=5, opponent="hard")
        runner = Runner(desk, app)
        runner.step([])
        shot("menu")
        while MENU_ROWS[app.row] != "help":
            runner.step([buttons.DOWN])
        runner.step([buttons.A])
        shot("help")
        runner.step([buttons.B])
        while MENU_ROWS[app.row] != "opponent":
            runner.step([buttons.UP])
        player = AutoPlayer("medium", 2)
        until(runner, player, lambda a: a.match is not None and len(a.game.history) >= 14
              and a.mode == TURN and a.turn.phase == CARD)
        runner.step([buttons.RIGHT])
        shot("board")
        # A claim: the stones that may be claimed glow; asking for another
        # one shows why not, with the cards that could still beat you (the
        # first deal from seed 5 on whose claim step a full stone of yours
        # is not yet provable).
        for seed in range(5, 60):
            if claim_shots(desk, shot, seed):
                break
        desk.display.root_group = runner.view.root  # (back to this match's screen)
        # A stone's detail, one with a full side: its formation and sum.
        def full(a):
            return [s for s in range(9) if a.game.owner[s] == 2 and len(a.game.cards_at(s, 0)) == 3]

        until(runner, player, lambda a: a.mode == TURN and a.turn.phase == CARD and full(a))
        stone = full(app)[0]
        runner.step([buttons.SELECT])
        while app.mode == DETAIL and app.detail_stone != stone:
            runner.step([buttons.RIGHT])
        if app.mode == DETAIL:
            shot("detail")
            runner.step([buttons.B])
        until(runner, player, lambda a: a.mode in (ROUND_END, MATCH_END))
        shot("round-end")  # (a one-round match: its end is the summary)
        # Pass-and-play hides the hand between turns.
        app2 = App(seed=9, opponent="pass", lang="fr")
        runner2 = Runner(desk, app2)
        runner2.step([buttons.START])
        if app2.mode == HANDOFF:
            shot("hand-over")
        # After a hand-over: the other player's move said and framed.
        app2.lang = "en"
        until(runner2, AutoPlayer("medium", 9), lambda a: a.mode == HANDOFF and a.game.move_count() > 20
              and any(o != 2 for o in a.game.owner))
        runner2.step([buttons.A])
        shot("last-move")
        tactics(desk, shot)
        # A hint (B while choosing a card): the Chieftain's move and why.
        app5 = App(seed=6, opponent="medium")
        runner5 = Runner(desk, app5)
        runner5.step([buttons.START])
        until(runner5, AutoPlayer("medium", 6), lambda a: a.mode == TURN and a.turn.phase == CARD
              and a.game.move_count() >= 10)
        runner5.step([buttons.B])
        for _ in range(3):
            runner5.step([])
        if app5.mode == NOTICE:
            shot("hint")
            desk.display.save(os.path.join(out, "hint-160.png"), native=True)
        statistics(desk, shot, out)
        review_shots(desk, shot, out)
        lesson_shots(desk, shot, out)
        # Every card, plain and under the cursor (a tactics deal shows the
        # blocked faces too).
        app4 = App(seed=3, opponent="pass", variant=TACTICS)
        runner4 = Runner(desk, app4)
        runner4.step([buttons.START])
        runner4.step([buttons.A])
        cards(desk, runner4, os.path.join(out, "cards"))
        # A match saved, offered at the next power-up.
        from engine.save import Saver

        nvm = bytearray(b"\xff" * 8192)
        app3 = App(seed=11, opponent="hard", variant=2, rounds=3, saver=Saver(nvm))
        runner3 = Runner(desk, app3)
        runner3.step([buttons.START])
        until(runner3, player, lambda a: a.match is not None and a.game.move_count() >= 20 and a.mode == TURN)
        runner3 = Runner(desk, App(seed=12, saver=Saver(nvm)))
        runner3.step([])
        shot("resume")
    finally:
        desk.close()
    print("screenshots in", out)
    return 0


if __name__ == "__main__":
    sys.exit(run(main))  # (Ctrl-C or a closed output: stopped, no traceback)
