# Schotten Totten on an Adafruit PyBadge or PyGamer (CircuitPython).
# Copy this file with engine/, hw/ and lib/ to the CIRCUITPY drive.
import gc
import os

import engine  # noqa: F401
from hw.app import App
from hw.boards import open_board
from hw.main import Runner

gc.collect()
handheld = open_board()
app = App(seed=int.from_bytes(os.urandom(4), "big") & 0x3FFFFFFF, link_port=handheld.open_uart, random_bytes=os.urandom)
Runner(handheld, app).run()
