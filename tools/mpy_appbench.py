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
        from hw import app as app_mod, autoplay  # noqa: F401
        gc.collect()
        return True
    from hw.app import MATCH_END, App
    from hw.autoplay import AutoPlayer

    used = gc.mem_alloc() - state["base"]
    if step == 1:
        state["imports"] = used
    if 1 <= step <= 4:
        # One language's strings at a time: load each (the one before is
        # dropped), and read the heap a step later, after the collection.
        from hw.strings import LANGUAGES, table

        if step > 1:
            state["with_" + LANGUAGES[step - 2]] = used - state["imports"]
        table((LANGUAGES + ("en",))[step - 1])
        return True
    if step == 5:
        state["back_en"] = used - state["imports"]
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
        print("app_strings_en_again %d" % state["back_en"])
        print("app_max %d" % state["max"])
        print("app_steps %d" % step)
        print("app_saves %d" % app.saves)
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
