"""What the desktop adds to the rules engine, never on a board: the
position format and the bot protocol of the command contract
(``position``, ``protocol``), game records (``record``), the brute-force
check of claims (``brute``), random play for tests and benchmarks
(``playout``) and the sparring partners the levels are measured against
(``sparring``).  Pure Python, like ``engine``: the MicroPython checks run it
too.
"""

import engine  # noqa: F401  (the micropython shim on CPython)


def reason(e):
    """What is wrong, in one line, for an error reading a file the user named."""
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    if isinstance(e, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(e, RecursionError):
        return "nested too deep"
    return " ".join(str(e).split()) or type(e).__name__
