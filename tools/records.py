"""Game records out of a board's serial console.

    python tools/records.py [CAPTURE] [-o OUT] [--text]

A board prints the record of every finished match on its USB serial
console, between ``--- record begin ---`` and ``--- record end ---``
(``hw.saves.store.BoardRecords``).  This reads a capture of that console (a file,
or stdin: ``cat /dev/ttyACM0 | python tools/records.py``) and writes each
record to OUT (default ``records``) as its own file, ``rec-NNNN.txt``,
numbered after those already there.  Every record is checked
(``desk.record.from_board``); with ``--text`` the text record is written
instead of the board record.  A record that does not check is still
written as it came, and told on stderr.  Whatever a terminal puts before a
line (a timestamp) is dropped.  Exit status 1 when a record was bad, cut
short or none was found; 2 when the capture or the folder cannot be used.
"""

import argparse
import io
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)

import engine  # noqa: E402,F401
from desk import reason, run  # noqa: E402
from desk.record import RecordError, from_board, shown  # noqa: E402
from hw.saves.records import BEGIN, END  # noqa: E402


def cut(lines):
    """``(records, problems)``: the text of each record between the
    markers in ``lines``, and one line per block left open."""
    records = []
    problems = []
    block = None
    for n, line in enumerate(lines, 1):
        line = line.rstrip("\r\n").rstrip()
        if line.endswith(BEGIN):
            if block is not None:
                problems.append("line %d: a record begins before the one before it ended" % n)
            block = []
        elif line.endswith(END):
            if block is not None:
                records.append("".join(block))
            block = None
        elif block is not None:
            # From the record's own text on: "#" starts its comment, "{" its line.
            starts = [i for i in (line.find("#"), line.find("{")) if i >= 0]
            if starts:
                block.append(line[min(starts):] + "\n")
    if block is not None:
        problems.append("the capture ends inside a record")
    return records, problems


def _next_number(out):
    top = 0
    for name in os.listdir(out):
        if name.startswith("rec-") and name.endswith(".txt") and name[4:-4].isdigit():
            top = max(top, int(name[4:-4]))
    return top + 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("capture", nargs="?", default="-")
    ap.add_argument("-o", "--out", default="records")
    ap.add_argument("--text", action="store_true", help="write text records (python -m engine replay reads both)")
    args = ap.parse_args(argv)
    if args.capture == "-":
        records, problems = cut(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace"))
    else:
        try:
            with open(args.capture, encoding="utf-8", errors="replace") as f:
                records, problems = cut(f)
        except OSError as e:
            sys.stderr.write("records: %s: %s\n" % (args.capture, reason(e)))
            return 2
    try:
        os.makedirs(args.out, exist_ok=True)
        number = _next_number(args.out)
    except OSError as e:
        sys.stderr.write("records: %s: %s\n" % (args.out, reason(e)))
        return 2
    failed = False
    for text in records:
        path = os.path.join(args.out, "rec-%04d.txt" % number)
        try:
            converted = from_board(text)
        except (RecordError, ValueError, RuntimeError) as e:  # (nested too deep: a RecursionError)
            problems.append("%s: %s (kept as it came)" % (path, shown(reason(e, "not a board record"))))
            converted = text
        try:
            with open(path, "x", encoding="utf-8") as f:
                f.write(converted if args.text else text)
        except OSError as e:  # (a number taken since: never written over)
            problems.append("%s: %s" % (path, reason(e)))
            failed = True
            break
        print(path)
        number += 1
    if not records:
        problems.append("no record in the capture")
    for p in problems:
        sys.stderr.write("records: %s\n" % p)
    return 2 if failed else 1 if problems else 0


if __name__ == "__main__":
    sys.exit(run(main))  # (Ctrl-C or a closed output: stopped, no traceback)
