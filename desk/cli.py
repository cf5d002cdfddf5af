"""The engine's command line, as in the position format and command
contract (docs/contract.md): ``python -m engine`` (engine/__main__.py)
runs it, and ``python -m engine --help`` says what each command does.  It
is the desktop's: positions, the bot protocol and records are desk/'s,
and the engine's own modules import nothing of desk/.
"""

import json
import sys

from desk import reason, run
from desk.lines import answer, lines
from desk.position import claimable_list, load


def _lines(path):
    # The lines of FILE, or of standard input for "-" (desk.lines.lines):
    # OSError when the file cannot be read.
    if path in (None, "-"):
        yield from lines(sys.stdin.buffer)
        return
    with open(path, "rb") as f:
        yield from lines(f)


# What --help prints (on stdout, exit status 0), for the whole and for each command.
HELP = """usage: python -m engine COMMAND [ARGS]

The engine's command line (docs/contract.md): positions and answers are JSON,
one a line; in JSON the stones are 0 to 8, left to right on the handheld.

commands:
  claims [FILE]        the stones each position of FILE can claim
  bot [--level L] [--seed N]
                       play as a bot, one JSON request and answer a line
  replay FILE [--text] check a game record move by move; its result

python -m engine COMMAND --help tells more of one command.
"""
CLAIMS_HELP = """usage: python -m engine claims [FILE]

Reads JSON positions, one a line, from FILE (standard input when FILE is -
or absent) and answers each with one line: {"claimable": [stones]} (0 to 8),
or {"error": "why"} for a line that is no valid position.  The lines after a
bad one are still answered; the exit status is then 2.
"""
BOT_HELP = """usage: python -m engine bot [--level easy|medium|hard] [--seed N]

Serves {"cmd": "move", "position": POSITION} requests, one JSON line each on
standard input, with one answer line each, e.g. {"card": "R7", "stone": 3,
"claim": [0, 5]}, until {"cmd": "quit"} or the end of input.  A bad request
gets {"error": "why"} and the bot keeps serving.

options:
  --level easy|medium|hard  how well it plays (default: medium)
  --seed N                  its random choices (default: 0)
"""
REPLAY_HELP = """usage: python -m engine replay FILE [--text]

Checks a game record (a text record, or a board's record) move by move, FILE
or standard input (-).  Prints the final position, one JSON line, and the
result of each round and of the match; or, with --text, the text record
itself (a board record's, converted).  A record that does not replay gets one
line on standard error naming the first bad move (its stones counted 1 to 9),
and the exit status 2.

options:
  --text  print the text record instead of the position and result
"""


def _asks_help(argv):
    return "--help" in argv or "-h" in argv


def claims(argv):
    """Answer one JSON line per position line; exit status 2 after any bad line."""
    if _asks_help(argv):
        sys.stdout.write(CLAIMS_HELP)
        return 0
    if len(argv) > 1:
        sys.stderr.write("engine claims: one FILE at most\nusage: python -m engine claims [FILE]\n")
        return 2
    path = argv[0] if argv else "-"
    try:
        bad = answer(_lines(path), lambda value: {"claimable": claimable_list(load(value))}, sys.stdout,
                     "invalid position")
    except BrokenPipeError:  # (the output closed: not the file's fault)
        raise
    except OSError as e:
        sys.stderr.write("engine claims: %s: %s\n" % (path, reason(e)))
        return 2
    return 2 if bad else 0


def bot(argv):
    """Serve bot-protocol requests, one JSON line each, until end of input."""
    from engine.bots import Bot
    from desk.protocol import serve_request

    if _asks_help(argv):
        sys.stdout.write(BOT_HELP)
        return 0
    level = "medium"
    seed = 0
    args = list(argv)
    try:
        while args:
            opt = args.pop(0)
            if opt == "--level" and args:
                level = args.pop(0)
            elif opt == "--seed" and args:
                text = args.pop(0)
                if not text.isdigit():
                    raise ValueError("--seed must be a whole number, 0 or more, not %r" % text[:20])
                seed = int(text)
            else:
                raise ValueError("unknown option %r" % opt)
        player = Bot(level, seed)
    except ValueError as e:
        sys.stderr.write("engine bot: %s\nusage: python -m engine bot [--level easy|medium|hard] [--seed N]\n"
                         % reason(e))
        return 2
    games = {}  # scratch games, by variant (filled as requests come)
    answer(_lines("-"), lambda request: serve_request(request, player, games), sys.stdout, "bad request")
    return 0


def replay(argv):
    """Check a game record (a text record or a board record) move by
    move; print the final position (one JSON line) and the result, or with
    ``--text`` the text record itself (a board record's, converted).  Exit
    status 2, with one line naming the first bad move, for a record that
    does not replay."""
    from desk.record import RecordError, from_board, is_board_record, replay as replay_record, shown, summary

    if _asks_help(argv):
        sys.stdout.write(REPLAY_HELP)
        return 0
    args = list(argv)
    as_text = "--text" in args
    if as_text:
        args.remove("--text")
    if len(args) != 1:
        sys.stderr.write("usage: python -m engine replay FILE [--text]\n")
        return 2
    path = args[0]
    try:
        if path == "-":
            text = sys.stdin.buffer.read().decode("utf-8")  # (UTF-8, whatever the locale)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        if is_board_record(text):
            text = from_board(text)
        r = replay_record(text)
    except (OSError, UnicodeDecodeError) as e:
        sys.stderr.write("engine replay: %s: %s\n" % (path, reason(e)))
        return 2
    except (RecordError, ValueError, RuntimeError) as e:
        sys.stderr.write("engine replay: %s: %s\n" % (path, shown(reason(e, "invalid record"))))
        return 2
    out = sys.stdout
    if as_text:
        # (A comment may hold anything: what is not printable text is shown escaped.)
        for line in text.splitlines():
            out.write(shown(line) + "\n")
        return 0
    out.write(json.dumps(r.position) + "\n")
    for line in summary(r):
        out.write(line + "\n")
    return 0


COMMANDS = {"claims": claims, "bot": bot, "replay": replay}


def main(argv):
    if argv and argv[0] in ("--help", "-h", "help"):
        sys.stdout.write(HELP)
        return 0
    if not argv or argv[0] not in COMMANDS:
        sys.stderr.write("usage: python -m engine {%s} ... (python -m engine --help tells more)\n"
                         % ",".join(sorted(COMMANDS)))
        return 2
    return COMMANDS[argv[0]](argv[1:])


def command():
    """``python -m engine``: the exit status (Ctrl-C or a closed output:
    stopped, no traceback)."""
    return run(main, sys.argv[1:])
