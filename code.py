# Schotten Totten on an Adafruit PyBadge or PyGamer (CircuitPython 10).
# Copy this file with engine/, hw/ and lib/ to the CIRCUITPY drive.
import gc
import sys

# The other modules are .mpy files made for CircuitPython 10 (.mpy version
# 6: 8 and older cannot load them, and the bundle is not tried on 9).  Any
# other is told so before one is imported, on the console, which the screen
# shows.  (10 and 6: tools/bundle.py's CIRCUITPY_VERSION and CIRCUITPY_MPY.)
if __name__ != "__main__":
    pass  # (imported: the standard library's ``code``, as pdb imports it, looked for in this folder)
elif sys.implementation.version[0] < 10 or sys.implementation._mpy & 255 != 6:
    print("Schotten Totten needs CircuitPython 10; this board has %d.%d.%d." % sys.implementation.version[:3])
else:
    import board
    import displayio

    try:
        import engine
        from hw.main import Runner
        from hw.start import start

        # (hw.start: settings.toml, the board, the app with its saves.)
        handheld, app = start()
        del start
        engine.unload("hw.start")
        gc.collect()
        Runner(handheld, app).run()
    except MemoryError:
        # At start or in play: the console takes the screen back to say so.
        # The save is as the last move left it: each is one write, its
        # memory taken before it starts.
        board.DISPLAY.root_group = displayio.CIRCUITPYTHON_TERMINAL
        board.DISPLAY.auto_refresh = True
        print("Out of memory: press reset to go on from the save; if it comes back, "
              "choose a lighter game (classic, an easier opponent).")
