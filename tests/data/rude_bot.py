# An outside bot for the tournament tests that misbehaves as its argument
# says, answering every request with: a JSON value that is no object
# ("5", "null", "string"), JSON nested a hundred thousand deep ("deep"),
# bytes that are not UTF-8 ("bytes"), a line longer than any answer
# ("long"), nothing at all ("silent"), or by ending ("exit").  With a
# second argument, a file it writes its process id to when first asked.
import os
import sys
import time

ANSWERS = {"5": b"5", "null": b"null", "string": b'"error"', "deep": b"[" * 100000, "bytes": b"\xff\xfe{}",
           "long": b" " * (3 << 20)}


def main(mode, ready=None):
    for line in sys.stdin.buffer:
        if b'"quit"' in line:
            break
        if ready:
            with open(ready, "w") as f:
                f.write(str(os.getpid()))
            ready = None
        if mode == "exit":
            break
        if mode == "silent":
            time.sleep(3600)
        sys.stdout.buffer.write(ANSWERS[mode] + b"\n")
        sys.stdout.buffer.flush()


try:
    main(*sys.argv[1:])
except KeyboardInterrupt:  # (Ctrl-C: stopped quietly, as the project's commands stop)
    sys.exit(130)
