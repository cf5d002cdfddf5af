"""Command line: ``python -m engine claims [FILE]``.

See the position format and command contract for what goes in and out.
"""

import json
import sys

from engine.position import claimable_list, load


def _lines(path):
    if path in (None, "-"):
        return sys.stdin
    return open(path)


def _one_line(e):
    return " ".join(str(e).split())


def claims(argv):
    """Answer one JSON line per position line; exit status 2 after any bad line."""
    status = 0
    out = sys.stdout
    for line in _lines(argv[0] if argv else None):
        if not line.strip():
            continue
        try:
            game = load(json.loads(line))
            answer = {"claimable": claimable_list(game)}
        except (ValueError, RecursionError) as e:  # json's errors are ValueErrors too
            answer = {"error": _one_line(e) or "invalid position"}
            status = 2
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return status


COMMANDS = {"claims": claims}


def main(argv):
    if not argv or argv[0] not in COMMANDS:
        sys.stderr.write("usage: python -m engine {%s} ...\n" % ",".join(sorted(COMMANDS)))
        return 2
    return COMMANDS[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
