"""What the desktop adds to the rules engine, never on a board: the
position format and the bot protocol of the command contract
(``position``, ``protocol``), game records (``record``), the brute-force
check of claims (``brute``) and random play for tests and benchmarks
(``playout``).  Pure Python, like ``engine``: the MicroPython checks run it
too.
"""

import engine  # noqa: F401  (the micropython shim on CPython)
