"""The records of finished matches, written when a match ends (loaded by
``hw.saves.store.BoardRecords.note`` and dropped after).

The *board record* of a match is printed on the serial console, between
two marker lines, and, when the drive is writable, kept as
``/records/rec-NNNN.txt`` (the last few only).  It is two lines::

    # Schotten Totten, a match recorded on a board: python -m engine replay FILE
    {"board-record": 1, "players": ["Ann", "Clansman"], "save": "5302..."}

(with ``"hints": [2, 0]`` before ``save`` when hints were asked for:
each seat's count).  ``save`` is the hex of the ``engine.save`` blob of the whole match; the
desktop's ``python -m engine replay`` reads it (``desk.record.from_board``)
and ``tools/records.py`` cuts the records out of a capture of the console.
"""

import json
import os

from micropython import const

BEGIN = "--- record begin ---"
END = "--- record end ---"
_BOARD_RECORD = const(1)  # the format's version
_PIECE = const(64)  # characters of the record's line made at a time
_COMMENT = "# Schotten Totten, a match recorded on a board: python -m engine replay FILE"


def _pieces(blob, players, hints=None):
    # The record's second line in pieces of at most 64 characters, the
    # save's hex digits made a few at a time: a match's end is when a
    # board's heap is fullest, and a line of a few hundred bytes in one
    # block may find no room there.  The hints asked for, if any.
    yield '{"board-record": %d, "players": [%s], ' % (_BOARD_RECORD, ", ".join([json.dumps(str(p)) for p in players]))
    if hints and (hints[0] or hints[1]):
        yield '"hints": [%d, %d], ' % (hints[0], hints[1])
    yield '"save": "'
    digits = b"0123456789abcdef"
    chunk = bytearray(_PIECE)
    n = len(blob)
    for at in range(0, n, _PIECE // 2):
        k = 0
        for i in range(at, min(n, at + _PIECE // 2)):
            chunk[k] = digits[blob[i] >> 4]
            chunk[k + 1] = digits[blob[i] & 15]
            k += 2
        yield str(memoryview(chunk)[:k], "ascii")
    yield '"}'


def board_record(blob, players, hints=None):
    """The text of a board record: ``blob`` (an ``engine.save`` blob of the
    match) for ``players`` (two names), and the ``hints`` each asked for."""
    return "%s\n%s\n" % (_COMMENT, "".join(_pieces(blob, players, hints)))


def _number(name):
    # rec-0012.txt -> 12; -1 for any other name.
    if name.startswith("rec-") and name.endswith(".txt") and len(name) > 8:
        digits = name[4:-4]
        if digits.isdigit():
            return int(digits)
    return -1


def note(records, app):
    """Print the record of ``app``'s match just ended and keep it, as
    ``records`` (a ``BoardRecords``) says.  Never raises for the drive: a
    problem is printed."""
    out = records.out
    try:
        blob = app.record_blob()
    except ValueError as e:
        out("record: none for this match (%s)" % e)
        return
    players = app.player_names(records.name)
    out(BEGIN)
    out(_COMMENT)
    for piece in _pieces(blob, players, app.hints):
        out(piece, end="")
    out("")
    out(END)
    if records.writable:
        try:
            _write(records, blob, players, app.hints)
        except OSError as e:
            out("record: not kept on the drive (%s)" % e)


def _write(records, blob, players, hints):
    folder = records.folder
    records.make_folder(folder)
    numbers = []
    for name in os.listdir(folder):
        n = _number(name)
        if n >= 0:
            numbers.append(n)
    numbers.sort()
    path = "%s/rec-%04d.txt" % (folder, numbers[-1] + 1 if numbers else 1)
    try:
        with open(path, "w") as f:
            f.write(_COMMENT)
            f.write("\n")
            for piece in _pieces(blob, players, hints):
                f.write(piece)
            f.write("\n")
        records.sync()
    except OSError:
        try:  # a half-written record is no record
            os.remove(path)
        except OSError:
            pass
        raise
    records.last = path
    # The oldest go once the newest is written.
    for n in numbers[: max(0, len(numbers) + 1 - records.keep)]:
        os.remove("%s/rec-%04d.txt" % (folder, n))
    records.sync()
