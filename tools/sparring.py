"""A sparring partner of desk/sparring.py on the bot protocol.

    python tools/sparring.py greedy|searcher [--seconds S] [--playouts N] [--seed N]

One JSON request a line on stdin, one answer a line on stdout
(docs/contract.md); a bad line (not JSON, not UTF-8, no request) gets one
error answer, ``{"error": "why"}``, and the lines after it are still served.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from desk import reason, run, sparring  # noqa: E402
from desk.lines import lines  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("name", choices=sparring.NAMES)
    ap.add_argument("--seconds", type=float, default=1.0, help="the searcher's time a move (default 1)")
    ap.add_argument("--playouts", type=int, default=0, help="the searcher's playouts a move instead of a time")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    try:
        bot = sparring.make(args.name, args.seed, args.seconds, args.playouts)
    except ValueError as e:
        ap.error(reason(e))
    sparring.serve(bot, lines(sys.stdin.buffer), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(run(main))  # (Ctrl-C or a closed output: stopped, no traceback)
