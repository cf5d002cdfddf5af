"""Line input of the desktop commands (docs/contract.md): one JSON value a
line in, one JSON answer a line out, ``{"error": "why"}`` for a bad line
and the lines after it still answered.

The lines are read as bytes and decoded one by one, so a byte the locale
cannot read never stops the lines after it; what is wrong with a line is
said in the project's words (``desk.reason``).
"""

import json

from desk import reason

BOM = b"\xef\xbb\xbf"


def lines(f):
    """The lines of the binary file ``f`` as text, None for a line that is
    not UTF-8.  A byte order mark before the first line is skipped, as a
    text tool skips it."""
    first = True
    for raw in f:
        if first:
            first = False
            if raw.startswith(BOM):
                raw = raw[len(BOM):]
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            yield None


def answer(lines, respond, out, default="bad line"):
    """Answer each line of ``lines`` (text, or None for a line that is not
    UTF-8; a blank line is skipped) with one JSON line on ``out``:
    ``respond(value)`` for the line's JSON value, or ``{"error": why}`` when
    the line is not JSON or ``respond`` refuses it (a ValueError).  Stops
    at the end of the lines, or when ``respond`` returns None.  Returns how
    many lines were bad."""
    bad = 0
    for line in lines:
        if line is None:
            reply = {"error": "not UTF-8 text"}
            bad += 1
        elif not line.strip():
            continue
        else:
            try:
                reply = respond(json.loads(line))
            except (ValueError, RuntimeError) as e:  # (json's errors are ValueErrors; nested too deep, a RuntimeError)
                reply = {"error": reason(e, default)}
                bad += 1
            else:
                if reply is None:
                    break
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return bad
