"""Where a board keeps what must outlive a power cut: its two save slots,
and the records of its last few matches.

Save slots.  ``FileArea``: a file used as a slot's storage, when a
``boot.py`` made the drive writable; where the slots are is chosen at
power-up (``hw.saves.slots``, dropped after it).

Records.  ``BoardRecords.note`` prints the record of a finished match on
the serial console and keeps the last few on a writable drive; the writing
is ``hw.saves.records``, loaded when a match ends and dropped after.

Only what CircuitPython has: ``os`` listdir/mkdir/remove/stat/sync, files,
OSError.
"""

import os

FILE_SLOT = 4096  # bytes of the file slot (a blob of a long tactics match fits)
_CHUNK = 256  # bytes written at a time when a file slot is made


def file_size(path):
    """The size of the file at ``path`` (-1: none there)."""
    try:
        return os.stat(path)[6]  # the size
    except OSError:
        return -1


def _make_folder(folder):
    if folder and file_size(folder) < 0:
        os.mkdir(folder)


class FileArea:
    """``size`` bytes of a file, used as a bytearray: ``len``, reads by
    index or slice, writes by slice (in place: the other bytes are not
    rewritten).  The file (and its folder) is made on first use, filled
    with 0xFF like erased flash; a short file (a cut while it was made) is
    padded.  A file cut short after a save was written in it reads erased
    past its end (and the read-only layout does not read it): the slot's
    checks, or the rule that each save but the first has its neighbour
    (``engine.save``), say the save lost, unless an older save the other
    layout left in nvm stands beside the one found.  OSError when it
    cannot be made: then there is no file slot."""

    def __init__(self, path, size):
        self.path = path
        self.size = size
        have = file_size(path)
        if have < size:
            cut = path.rfind("/")
            if cut > 0:
                _make_folder(path[:cut])
            with open(path, "ab" if have > 0 else "wb") as f:
                left = size - max(have, 0)
                while left > 0:
                    n = min(left, _CHUNK)
                    f.write(b"\xff" * n)
                    left -= n
            _sync()

    def __len__(self):
        return self.size

    def _bounds(self, key):
        start = key.start or 0
        stop = self.size if key.stop is None else key.stop
        if start < 0:
            start += self.size
        if stop < 0:
            stop += self.size
        return max(0, min(start, self.size)), max(0, min(stop, self.size))

    def __getitem__(self, key):
        if isinstance(key, slice):
            start, stop = self._bounds(key)
            if stop <= start:
                return b""
            with open(self.path, "rb") as f:
                f.seek(start)
                data = f.read(stop - start)
            if len(data) < stop - start:  # shortened behind our back: erased
                data += b"\xff" * (stop - start - len(data))
            return data
        if key < 0:
            key += self.size
        return self[key : key + 1][0]  # (out of range: b""[0], an IndexError)

    def __setitem__(self, key, value):
        start, stop = self._bounds(key)
        if stop - start != len(value):
            raise ValueError("a file slot cannot change size")
        with open(self.path, "r+b") as f:
            f.seek(start)
            f.write(value)
        _sync()


def _sync():
    sync = getattr(os, "sync", None)
    if sync is not None:
        sync()


# -- board records -----------------------------------------------------------

class BoardRecords:
    """Keeps the records of finished matches: printed on the serial
    console always (the USB serial reads them out), written to ``folder``
    when ``writable``, the newest ``keep`` only.  ``name``: the player's
    name from settings.toml.  ``out`` prints as ``print`` does (a
    record's long line is printed in pieces, with ``end=""``).  ``last``:
    the path of the last file written (None: none)."""

    # The drive's helpers, for hw.saves.records (which does not import this module back).
    make_folder = staticmethod(_make_folder)
    sync = staticmethod(_sync)

    def __init__(self, name, writable, folder="/records", keep=5, out=print):
        self.name = name
        self.writable = writable
        self.folder = folder
        self.keep = keep
        self.out = out
        self.last = None

    def note(self, app):
        """The match of ``app`` just ended: print its record and keep it.
        Never raises for the drive: a problem is printed."""
        import gc

        from engine import unload

        # The bots have just gone: collect first, so that the record is
        # made in their room (a board's heap adds an area before it
        # collects).
        gc.collect()
        from hw.saves import records

        try:
            records.note(self, app)
        finally:
            unload("hw.saves.records")
