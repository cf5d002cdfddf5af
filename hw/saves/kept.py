"""The player's kept mistakes (the menu's "Your mistakes"): the bytes of
``engine.mistakes`` in two slots of their own in the save area, apart
from the match's.  They change only when a review is left or a kept
question is found, and are read only when one is asked; a match's saves,
after every move, do not carry them, so that no byte of them is on the
heap while a match is played (``App.mistakes`` is only how many).

The slots are the last ``AREA`` bytes of each half of the first slot's
storage (a board's nvm, the sim's file): an ``engine.save.Saver`` of their
own, written in turn, each with its number and CRC-32, so that a cut
during a write leaves the mistakes kept before.  A match's save never
reaches them (its slots start at each half's start, and the longest
match's blob is a fraction of the room before them).  On a SAMD51 nvm is
one erase block: a cut during any write may damage what it holds, this
area's slots as the match's (``hw.saves.store``); the checks say so.
Without a save area (a desktop app made without one) they are kept in
the app's keeper, for the power-up.

Loaded only while they are read or written, and dropped after.
"""

from micropython import const

from engine.mistakes import check, count
from engine.save import SaveError

AREA = const(512)  # bytes of each slot: three mistakes of the longest rounds fit


def _saver(app):
    # The mistakes' two slots, read (None: no save area); the reading's
    # code gone after (engine.restore: a board holds it only meanwhile).
    saver = app.keeper.saver
    if saver is None:
        return None
    from engine import unload
    from engine.save import Saver

    nvm = saver.regions[0][0]
    half = len(nvm) // 2
    saver = Saver(regions=((nvm, half - AREA, AREA), (nvm, len(nvm) - AREA, AREA)))
    unload("engine.restore")
    return saver


def read(app):
    """The kept mistakes' section (``engine.mistakes``; None: none).  Slots
    that do not hold one are said on the console, in one line, and read as
    none; ``App.mistakes`` is set to how many there are."""
    saver = _saver(app)
    section = app.keeper.mistakes if saver is None else (saver.blobs[0] if saver.blobs else None)
    if saver is not None and saver.problem:
        print("kept mistakes:", saver.problem)
    if section is not None and len(section) < 2:
        section = None  # (b"\x00": none kept, all found)
    if section is not None:
        try:
            check(section)
        except SaveError as e:
            print("kept mistakes:", e)
            section = None
    app.mistakes = count(section)
    return section


def write(app, section):
    """Keep ``section`` (None: none) as the player's mistakes: written at
    once (``App.mistakes`` how many).  A save area that refuses it is said
    on the console, as the match's saves are."""
    app.mistakes = count(section)
    saver = _saver(app)
    if saver is None:
        app.keeper.mistakes = section
        return
    try:
        saver.save(section if section else b"\x00")
    except (OSError, RuntimeError, ValueError) as e:  # (a worn or full save area: CircuitPython's nvm says RuntimeError)
        print("kept mistakes: not saved:", e)
