"""Command line, as in the position format and command contract:

    python -m engine claims [FILE]
    python -m engine bot [--level easy|medium|hard] [--seed N]
    python -m engine replay FILE [--text]
"""

import json
import sys

from desk import reason
from desk.position import claimable_list, load


def _lines(path):
    # The input's lines as text, read as bytes and decoded one by one
    # (None for a line that is not UTF-8): a byte the locale cannot read
    # never stops the lines after it.  OSError when the file cannot be read.
    f = sys.stdin.buffer if path in (None, "-") else open(path, "rb")
    try:
        for raw in f:
            try:
                yield raw.decode("utf-8")
            except UnicodeDecodeError:
                yield None
    finally:
        if f is not sys.stdin.buffer:
            f.close()


def _one_line(e):
    return " ".join(str(e).split())


def claims(argv):
    """Answer one JSON line per position line; exit status 2 after any bad line."""
    status = 0
    out = sys.stdout
    path = argv[0] if argv else "-"
    try:
        for line in _lines(path):
            if line is None:
                answer = {"error": "not UTF-8 text"}
                status = 2
            elif not line.strip():
                continue
            else:
                try:
                    game = load(json.loads(line))
                    answer = {"claimable": claimable_list(game)}
                except (ValueError, RuntimeError) as e:  # RecursionError is a RuntimeError; json's errors are ValueErrors
                    answer = {"error": _one_line(e) or "invalid position"}
                    status = 2
            out.write(json.dumps(answer) + "\n")
            out.flush()
    except OSError as e:
        sys.stderr.write("engine claims: %s: %s\n" % (path, reason(e)))
        return 2
    return status


def bot(argv):
    """Serve bot-protocol requests, one JSON line each, until end of input."""
    from engine.bots import Bot
    from desk.protocol import serve_request

    level = "medium"
    seed = 0
    args = list(argv)
    try:
        while args:
            opt = args.pop(0)
            if opt == "--level" and args:
                level = args.pop(0)
            elif opt == "--seed" and args:
                seed = int(args.pop(0))
            else:
                raise ValueError("unknown option %r" % opt)
        player = Bot(level, seed)
    except ValueError as e:
        sys.stderr.write("engine bot: %s\nusage: python -m engine bot [--level easy|medium|hard] [--seed N]\n" % e)
        return 2
    games = {}  # scratch games, by variant (filled as requests come)
    out = sys.stdout
    for line in _lines("-"):
        if line is None:
            answer = {"error": "not UTF-8 text"}
        elif not line.strip():
            continue
        else:
            try:
                answer = serve_request(json.loads(line), player, games)
            except (ValueError, RuntimeError) as e:  # RecursionError is a RuntimeError
                answer = {"error": _one_line(e) or "bad request"}
        if answer is None:
            break
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return 0


def replay(argv):
    """Check a game record (a text record or a board record) move by
    move; print the final position (one JSON line) and the result, or with
    ``--text`` the text record itself (a board record's, converted).  Exit
    status 2, with one line naming the first bad move, for a record that
    does not replay."""
    from desk.record import RecordError, from_board, is_board_record, replay as replay_record, summary

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
            text = sys.stdin.read()
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
        sys.stderr.write("engine replay: %s: %s\n" % (path, _one_line(e) or "invalid record"))
        return 2
    out = sys.stdout
    if as_text:
        out.write(text)
        return 0
    out.write(json.dumps(r.position) + "\n")
    for line in summary(r):
        out.write(line + "\n")
    return 0


COMMANDS = {"claims": claims, "bot": bot, "replay": replay}


def main(argv):
    if not argv or argv[0] not in COMMANDS:
        sys.stderr.write("usage: python -m engine {%s} ...\n" % ",".join(sorted(COMMANDS)))
        return 2
    return COMMANDS[argv[0]](argv[1:])


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:  # Ctrl-C: stopped, no traceback
        sys.exit(130)
