# Schotten Totten on an Adafruit PyBadge or PyGamer (CircuitPython).
# Copy this file with engine/, hw/ and lib/ to the CIRCUITPY drive.
import gc

import engine
from hw.main import Runner
from hw.start import start

# (hw.start: settings.toml, the board, the app with its saves.)
handheld, app = start()
del start
engine.unload("hw.start")
gc.collect()
Runner(handheld, app).run()
