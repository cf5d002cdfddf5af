# Schotten Totten on an Adafruit PyBadge or PyGamer (CircuitPython).
# Copy this file with engine/, hw/ and lib/ to the CIRCUITPY drive.
import gc
import os

import engine
from hw.app import App
from hw.boards import open_board
from hw.main import Runner

from hw.settings import app_options, read
from hw.store import BoardRecords, drive_writable, open_saver

# settings.toml: the menu's defaults, the link's speed, the brightness.
settings, problems = read(os.getenv)
for problem in problems:
    print(problem)
options = app_options(settings)
del read, app_options, problems
# hw.settings is only needed at start: its code goes back to the heap.
engine.unload("hw.settings")
gc.collect()
handheld = open_board(settings)
# Saves in nvm (and a file when a boot.py made the drive writable: the two
# slots then sit in two chips); records in flash when writable, and on the
# serial console always.
writable = drive_writable()
app = App(seed=int.from_bytes(os.urandom(4), "big") & 0x3FFFFFFF, link_port=handheld.open_uart, random_bytes=os.urandom,
          saver=open_saver(handheld.nvm, writable), recorder=BoardRecords(settings["ST_NAME"], writable),
          **options)
Runner(handheld, app).run()
