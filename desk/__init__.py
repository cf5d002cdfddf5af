"""What the desktop adds to the rules engine, never on a board: the
position format and the bot protocol of the command contract
(``position``, ``protocol``), game records (``record``), the brute-force
check of claims (``brute``), random play for tests and benchmarks
(``playout``), the sparring partners the levels are measured against
(``sparring``) and the strength notebook's name for the exact endgame
search (``endgame``, the engine's own).  Pure Python, like ``engine``: the MicroPython checks run it
too.
"""

import engine  # noqa: F401  (the micropython shim on CPython)


def reason(e, default="not understood"):
    """What is wrong, in one line and the project's own words, for an
    exception a command caught: a file it could not use, a line or value it
    could not read.  Python's own wording of a limit it hit (how deep JSON
    nests, how long a number is, a byte order mark, what its JSON parser
    expected) never reaches the user; ``default`` when the exception says nothing."""
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
    if type(e).__name__ == "JSONDecodeError":  # (json's own words name its parser's expectations)
        return "not JSON from %scolumn %d" % ("line %d, " % e.lineno if e.lineno > 1 else "", e.colno)
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


def count_upto(most):
    """An argparse type: a whole number from 1 to ``most`` (a count a
    command holds in memory or in processes: a mistyped huge one is
    refused, not tried)."""

    def count(text):
        n = whole(text)
        if not 1 <= n <= most:
            import argparse

            raise argparse.ArgumentTypeError("must be 1 to %d: %r" % (most, text[:20]))
        return n

    return count


MOST = 1000000  # games, deals, playouts, steps: the commands' ceiling
MOST_JOBS = 64  # worker processes
count = count_upto(MOST)
jobs = count_upto(MOST_JOBS)  # (no more than there is work for: ``pool``)


def pool(jobs, tasks):
    """A pool of ``jobs`` worker processes (no more than ``tasks``) that
    leave Ctrl-C to the command: it stops them, quietly (``run``).

    Ctrl-C waits while the pool is made: a pool half made (its workers
    started, its keeper thread too, no pool handed back to stop them)
    would be left running after the command, its keeper starting new
    workers for the ones the exit stops, each holding the command's
    output open.  Pressed meanwhile, it stops the pool made, then the
    command."""
    import multiprocessing
    import signal

    size = max(1, min(jobs, tasks))
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:  # (Windows: Ctrl-C as it comes)
        return multiprocessing.Pool(size, initializer=_quiet)
    mask(signal.SIG_BLOCK, (signal.SIGINT,))
    try:
        workers = multiprocessing.Pool(size, initializer=_quiet)
    except BaseException:
        mask(signal.SIG_UNBLOCK, (signal.SIGINT,))
        raise
    try:
        mask(signal.SIG_UNBLOCK, (signal.SIGINT,))  # (a Ctrl-C pressed meanwhile is raised here)
    except KeyboardInterrupt:
        workers.terminate()
        raise
    return workers


def _quiet():
    # (a worker: Ctrl-C is its command's, and was held while the pool was made)
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, (signal.SIGINT,))


def appending(path):
    """``path`` opened to append lines of results: a last line left without
    its newline (a run cut off mid-write) gets one first, so that the next
    line does not run into it."""
    ends = True
    try:
        with open(path, "rb") as f:
            if f.seek(0, 2):
                f.seek(-1, 2)
                ends = f.read(1) == b"\n"
    except FileNotFoundError:
        pass
    f = open(path, "a")
    if not ends:
        f.write("\n")
    return f


def results(path, work, todo, jobs, minutes):
    """``work`` over each of ``todo`` in ``jobs`` worker processes (``pool``),
    each result yielded as it comes, once appended to ``path`` as a line of
    JSON (flushed: a run cut off keeps what it did, and goes on from there
    the next time); no task is started after ``minutes``."""
    import json
    import time

    if not todo:
        return
    stop = time.monotonic() + minutes * 60
    with appending(path) as f, pool(jobs, len(todo)) as workers:
        for r in workers.imap_unordered(work, todo, chunksize=1):
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
            f.flush()
            yield r
            if time.monotonic() > stop:
                workers.terminate()
                break


def json_lines(path, valid, what):
    """The JSON objects of ``path``, one a line (blank lines passed over;
    none when the file is missing); ValueError naming the first line that
    is not JSON or that ``valid`` refuses ("line 3: not ``what``"), or
    a path that is not a file (a device's lines may never end)."""
    import json
    import os

    out = []
    if not os.path.exists(path):
        return out
    if not os.path.isfile(path):
        raise ValueError("not a file of records")
    with open(path) as f:
        for i, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
                ok = valid(obj)
            except (ValueError, RecursionError):
                ok = False
            if not ok:
                raise ValueError("line %d: not %s" % (i, what))
            out.append(obj)
    return out


def run(main, *args):
    """The exit status of a command's ``main(*args)``, stopped quietly by
    Ctrl-C (130) or by its reader going away (1: its output closed, as
    ``| head`` closes it): no traceback either way.  Started with no
    output at all (``>&-``), it says so and does nothing (2): what it
    would print would be lost."""
    import os
    import sys

    if sys.stdout is None:
        if sys.stderr is not None:
            path = sys.argv[0] or "python"
            name = os.path.basename(os.path.dirname(path) if path.endswith("__main__.py") else path)  # (python -m NAME)
            sys.stderr.write("%s: no standard output to write to (closed)\n" % name)
        return 2
    try:
        return main(*args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # (and nothing more to write: Python would flush the output again at exit)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
