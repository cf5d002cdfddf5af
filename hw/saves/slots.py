"""Where a board's two save slots are, chosen once at power-up
(``hw.start``, which drops this module after it: a session never needs
its code again).

On a SAMD51 ``microcontroller.nvm`` is one 8 KB flash erase
block, and every slice assignment erases and rewrites all of it: two slots
both in nvm share each erase, and a cut during one can lose both.  The
CIRCUITPY drive is another chip (external flash), but the program may write
it only when a ``boot.py`` remounted it (``storage.remount("/", False)``;
the computer then sees it read-only).  So ``open_saver``:

* drive read-only: slot 1 and slot 2 are nvm's two halves (the desktop's
  layout, ``Saver(nvm)``);
* drive writable: slot 1 is nvm's first half, slot 2 a 4 KB file,
  ``/saves/slot2.bin`` (``FileArea``), written in place; nvm's second half
  is still read (``also``), so a save the other layout left there is found.

Saves alternate between the two slots, so each write leaves the previous
save in the other chip.  After a switch of layout the app loads the newest
save or, when the newest sits where this layout does not look, the one
before it.  The file sits alone in its folder: closing it rewrites its
directory entry, and that sector then holds nothing else.

Only what CircuitPython has; ``storage`` is imported only by
``drive_writable``.
"""

from engine.save import Saver
from hw.saves.store import FILE_SLOT, FileArea, file_size


def drive_writable():
    """True when this program may write the CIRCUITPY drive (a boot.py
    remounted it); False when it may not, or on anything unexpected."""
    try:
        import storage

        return not storage.getmount("/").readonly
    except Exception:  # no storage module (the desktop), no mount: nvm only
        return False


def open_saver(nvm, writable, folder="/saves", out=print):
    """The ``engine.save.Saver`` of a board: both slots in ``nvm`` unless
    ``writable`` (the drive, see ``drive_writable``), then slot 2 in a file
    of ``folder``.  A file that cannot be made is told on ``out`` and the
    slots stay in nvm."""
    half = len(nvm) // 2
    path = folder + "/slot2.bin"
    if writable:
        try:
            area = FileArea(path, FILE_SLOT)
            return Saver(regions=((nvm, 0, half), (area, 0, FILE_SLOT)), also=((nvm, half, len(nvm) - half),))
        except OSError as e:  # not made, or not read
            out("saves: no slot on the drive (%s), both in nvm" % e)
    elif file_size(path) == FILE_SLOT:
        # Left by the writable layout: still read, so that a newer save
        # there is found and an older one never passes for the newest.
        try:
            return Saver(regions=((nvm, 0, half), (nvm, half, len(nvm) - half)),
                         also=((FileArea(path, FILE_SLOT), 0, FILE_SLOT),))
        except OSError as e:
            out("saves: the slot on the drive cannot be read (%s)" % e)
    return Saver(nvm)
