"""``python -m engine``, the command that the position format and command
contract names (docs/contract.md).  The command line is the desktop's
(desk/cli.py): this file only runs it, so that the engine's modules import
nothing of desk/.  The bundle leaves it out (a board has no command line).
"""

import sys

from desk.cli import command

if __name__ == "__main__":
    sys.exit(command())
