"""What the desktop adds to the rules engine, never on a board: the
position format and the bot protocol of the command contract
(``position``, ``protocol``), game records (``record``), the brute-force
check of claims (``brute``), random play for tests and benchmarks
(``playout``), the sparring partners the levels are measured against
(``sparring``) and the exact endgame search of the strength notebook
(``endgame``).  Pure Python, like ``engine``: the MicroPython checks run it
too.
"""

import engine  # noqa: F401  (the micropython shim on CPython)


def reason(e, default="not understood"):
    """What is wrong, in one line and the project's own words, for an
    exception a command caught: a file it could not use, a line or value it
    could not read.  Python's own wording of a limit it hit (how deep JSON
    nests, how long a number is, a byte order mark) never reaches the
    user; ``default`` when the exception says nothing."""
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    if isinstance(e, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(e, RecursionError):
        return "nested too deep"
    text = " ".join(str(e).split())
    if text.startswith("Exceeds the limit") and "int_max_str_digits" in text:  # (thousands of digits)
        return "number too long"
    if text.startswith("Unexpected UTF-8 BOM"):  # (json's, for one before a line's JSON)
        return "a byte order mark before the JSON"
    return text or default


def whole(text):
    """An argparse type: a whole number, 0 or more (what is wrong said in
    the project's words)."""
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        import argparse

        raise argparse.ArgumentTypeError("not a whole number: %r" % text[:20])
    return n


def count(text):
    """An argparse type: a whole number, 1 or more."""
    n = whole(text)
    if n < 1:
        import argparse

        raise argparse.ArgumentTypeError("must be 1 or more: %r" % text[:20])
    return n


def run(main, *args):
    """The exit status of a command's ``main(*args)``, stopped quietly by
    Ctrl-C (130) or by its reader going away (1: its output closed, as
    ``| head`` closes it): no traceback either way."""
    import os
    import sys

    try:
        return main(*args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # (and nothing more to write: Python would flush the output again at exit)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
