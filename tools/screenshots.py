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
from hw.app import DETAIL, HANDOFF, NOTICE, ROUND_END, TURN, App  # noqa: E402
from hw.turn import CARD, CLAIM, DEST, RETURN, TABLE  # noqa: E402
from sim.autoplay import AutoPlayer  # noqa: E402
from hw.main import Runner  # noqa: E402
from sim.desk import Desk  # noqa: E402
from sim import drive  # noqa: E402


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


def main(argv):
    out = argv[0] if argv else os.path.join(ROOT, "docs", "screens")
    os.makedirs(out, exist_ok=True)
    desk = Desk(headless=True)
    try:
        def shot(name):
            desk.display.save(os.path.join(out, name + ".png"))

        app = App(seed=5, opponent="hard")
        runner = Runner(desk, app)
        runner.step([])
        shot("menu")
        player = AutoPlayer("medium", 2)
        until(runner, player, lambda a: a.match is not None and len(a.game.history) >= 14
              and a.mode == TURN and a.turn.phase == CARD)
        runner.step([buttons.RIGHT])
        shot("board")
        # A claim: the stones that may be claimed glow; asking for another
        # one shows why not, with the cards that could still beat you.
        if until(runner, player, lambda a: a.mode == TURN and a.turn.phase == CLAIM):
            shot("claims")
            s = 0
            while app.turn.claimable >> s & 1 or app.game.owner[s] != 2 or len(app.game.cards_at(s, 0)) < 3:
                s += 1
                if s == 9:
                    break
            if s < 9:
                while app.turn.stone_cursor != s:
                    runner.step([buttons.RIGHT])
                runner.step([buttons.A])
                if app.mode == NOTICE:
                    shot("not-yet")
                    runner.step([buttons.A])
        until(runner, player, lambda a: a.mode == TURN and a.turn.phase == CARD)
        runner.step([buttons.SELECT])
        if app.mode == DETAIL:
            shot("detail")
            runner.step([buttons.B])
        until(runner, player, lambda a: a.mode == ROUND_END)
        shot("round-end")
        # Pass-and-play hides the hand between turns.
        app2 = App(seed=9, opponent="pass", lang="fr")
        runner2 = Runner(desk, app2)
        runner2.step([buttons.START])
        if app2.mode == HANDOFF:
            shot("hand-over")
        tactics(desk, shot)
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
    sys.exit(main(sys.argv[1:]))
