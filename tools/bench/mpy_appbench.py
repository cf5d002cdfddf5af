# The MicroPython heap of the app's logic (no display) through a game, for
# ``make bench``: the app and a button-pressing bot play one match against
# the medium opponent, one press or tick a step; the heap is read at the
# start of each step, after the collection that ran between steps.  Before
# the game, each language's strings are loaded in turn (one in RAM at a
# time) and measured.  The app saves after every move as on a board (the
# save area, nvm on a board, is outside the heap here too).
#
#   mpy_appbench.py [VARIANT]   (0 classic, the default; 2 tactics)
import gc
import sys

VARIANT = int(sys.argv[1]) if len(sys.argv) > 1 else 0

state = {"step": 0, "base": 0, "imports": 0, "max": 0, "now": 0}
app = None
player = None


def mpy_step():
    global app, player
    step = state["step"]
    state["step"] = step + 1
    if step == 0:
        state["nvm"] = bytearray(b"\xff" * 8192)  # before the base: a board's nvm is flash
        gc.collect()
        state["base"] = gc.mem_alloc()
        import engine  # noqa: F401
        from hw import app as app_mod  # noqa: F401
        from sim import autoplay  # noqa: F401
        gc.collect()
        return True
    from hw.app import App
    from hw.screens import MATCH_END
    from sim.autoplay import AutoPlayer

    used = gc.mem_alloc() - state["base"]
    if step == 1:
        state["imports"] = used
    # One language's strings at a time: load each (the one before is
    # dropped), twice round, then English again, and read the heap a step
    # later, after the collection.  (Loading a language interns its short
    # strings for good: the interned names' pools may grow in the first
    # round; in the second every name is known.)
    from hw.lang.strings import LANGUAGES, table

    order = LANGUAGES + LANGUAGES + ("en",)
    if 1 <= step <= len(order):
        if step > 1:
            state[step - 2] = used - state["imports"]
        table(order[step - 1])
        return True
    if step == len(order) + 1:
        state[step - 2] = used - state["imports"]
        for i, lang in enumerate(LANGUAGES):
            state["with_" + lang] = state[i]
        state["again_en"] = state[len(LANGUAGES)]
        state["back_en"] = state[len(order) - 1]
        from engine.save import Saver

        app = App(seed=21, opponent="medium", variant=VARIANT, saver=Saver(state["nvm"]))
        player = AutoPlayer("medium", 4)
        gc.collect()
        return True
    if used > state["max"]:
        state["max"] = used
    if app.mode == MATCH_END or step > 20000:
        print("app_imports %d" % state["imports"])
        for lang in ("en", "fr", "es"):
            print("app_strings_%s %d" % (lang, state["with_" + lang]))
        print("app_strings_en_again %d" % state["again_en"])
        print("app_strings_en_last %d" % state["back_en"])
        print("app_max %d" % state["max"])
        print("app_steps %d" % step)
        print("app_saves %d" % app.keeper.count)
        return False
    b = player.next_button(app)
    if b:
        app.press(b)
    else:
        state["now"] += 50
        app.tick(state["now"])
    gc.collect()
    return True


if not globals().get("__mpy_harness__"):
    while mpy_step():
        pass
