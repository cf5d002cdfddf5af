"""A board's power-up, for code.py alone: settings.toml read, the board
opened, the app made with its saves and records.  code.py forgets this
module once it has run (``engine.unload``): its code goes back to the heap
before the first screen, where code.py's own would stay for the whole run.
"""

import gc
import os

import engine
from hw.app import App
from hw.boards import make_speaker, open_board
from hw.saves.store import BoardRecords


def start():
    """``(handheld, app)``: the board (``hw.boards``) and the app on it."""
    from hw.settings import app_options, read

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
    # Saves in nvm (and a file when a boot.py made the drive writable: the
    # two slots then sit in two chips); records in flash when writable, and
    # on the serial console always.  Where the slots are is chosen once:
    # that code goes back to the heap.
    from hw.saves.slots import drive_writable, open_saver

    writable = drive_writable()
    saver = open_saver(handheld.nvm, writable)
    del drive_writable, open_saver
    engine.unload("hw.saves.slots")
    app = App(seed=int.from_bytes(os.urandom(4), "big") & 0x3FFFFFFF, link_port=handheld.open_uart,
              random_bytes=os.urandom, saver=saver, recorder=BoardRecords(settings["ST_NAME"], writable),
              speaker=make_speaker, **options)
    return handheld, app
