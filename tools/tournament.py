"""Play two opponents against each other and measure who is stronger.

    python tools/tournament.py A B [--games N] [--jobs J] [--variant classic|expert|tactics] [--seed S]
                                   [--time-limit T] [--json]

An opponent is a level (``easy``, ``medium``, ``hard``), a sparring partner
of desk/sparring.py (``greedy``, ``searcher``, ``searcher:0.5`` for half a
second a move, ``searcher:200p`` for 200 playouts a move whatever the
machine's load) or any outside command that speaks the bot protocol
(``"python3 my_bot.py"``, run in the project's folder).  Games go in pairs:
each deal is played twice, the opponents swapping seats.  The engine
referees every move; an illegal or missing answer loses that game, is
reported, and the tournament goes on.  An outside command has
``--time-limit`` seconds (60 by default) for each answer: one that does not
answer in time, ends, or answers anything but one JSON object on one line
loses the game, and is started again for the next.  In the tactics variant
a built-in level is handed the game itself (it hides what its player may
not see on its own copy) and answers every step, the Scout's return
included; the referee spells out its claims and checks every answer with
``TacticsGame.check``; an outside command is asked through the position
format's tactics extension.  Prints A's win rate with a 95% confidence
interval (Wilson), draws, and each side's median and maximum time per move.
"""

import argparse
import json
import math
import multiprocessing
import multiprocessing.util
import os
import queue
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)

import engine  # noqa: E402,F401
from engine.bots import Bot  # noqa: E402
from engine.game import LEVELS  # noqa: E402
from engine.classic import Game  # noqa: E402
from engine.game import DRAW, TACTICS, VARIANTS, make_game  # noqa: E402
from desk.position import dump  # noqa: E402
from desk import MOST, MOST_JOBS, reason, run as run_command, sparring  # noqa: E402
from desk.protocol import answer_to_move, serve_request  # noqa: E402


class LevelPlayer:
    """A built-in level, asked through the protocol's own request handler."""

    def __init__(self, level):
        self.level = level
        self.bot = None
        self.scratch = Game()

    def new_game(self, seed):
        self.bot = Bot(self.level, seed)

    def ask(self, request):
        return serve_request(request, self.bot, self.scratch)

    def choose(self, game):
        # Tactics: the bot answers on a copy (it hides the rest itself).
        if self.scratch.variant != TACTICS:
            self.scratch = make_game(TACTICS)
        self.scratch.copy_from(game)
        return self.bot.choose(self.scratch)

    def close(self):
        pass


TIME_LIMIT = 60.0  # seconds an outside command has for each answer, by default
LONGEST = 1 << 20  # the longest answer line read from an outside command


def _shown(text, most=120):
    # Text from an outside program, cut short for a report line.
    text = " ".join(str(text).split())
    return text if len(text) <= most else text[:most] + "..."


class CommandPlayer:
    """An outside program: one JSON line out, one JSON line back, within
    ``time_limit`` seconds.  The program is started (in the project's
    folder) when first asked, and started again after it lost a game by
    what it answered: whatever it still had to say is not taken for the
    next game's answers."""

    def __init__(self, command, time_limit=TIME_LIMIT):
        try:
            argv = shlex.split(command)
        except ValueError as e:
            raise ValueError("cannot read the command %r: %s" % (command, reason(e)))
        if not argv:
            raise ValueError("no such level, sparring partner or program: %r" % command)
        program = argv[0]
        if os.path.dirname(program):  # a path: from the project's folder, where it runs
            path = os.path.join(ROOT, program)
            if not os.path.isfile(path):
                raise ValueError("no such level, sparring partner or program: %r" % command)
            if not os.access(path, os.X_OK):
                raise ValueError("cannot run %r: the file is not executable" % program)
        elif not shutil.which(program):
            raise ValueError("no such level, sparring partner or program: %r" % command)
        self.argv = argv
        self.time_limit = time_limit
        self.proc = None
        self.answers = None

    def _start(self):
        # (Ctrl-C reaches it as any command a terminal runs, though the
        # process that starts it leaves Ctrl-C to the main process.)
        ignored = signal.signal(signal.SIGINT, signal.SIG_DFL)
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT)
        except OSError as e:
            raise ValueError("cannot start the program: %s" % reason(e))
        finally:
            signal.signal(signal.SIGINT, ignored)
        # Its lines, read as they come, so that an answer is awaited no
        # longer than the time limit.
        self.answers = queue.Queue()
        threading.Thread(target=_read_lines, args=(self.proc.stdout, self.answers), daemon=True).start()

    def new_game(self, seed):
        pass

    def ask(self, request):
        if self.proc is None:
            self._start()
        try:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            self.proc.stdin.flush()
        except OSError:
            raise ValueError("no answer (the program ended)")
        try:
            line = self.answers.get(timeout=self.time_limit)
        except queue.Empty:
            raise ValueError("no answer within %g s (--time-limit)" % self.time_limit)
        if not line:
            raise ValueError("no answer (the program ended)")
        if not line.endswith(b"\n") and len(line) >= LONGEST:
            raise ValueError("an answer longer than %d bytes" % LONGEST)
        try:
            answer = json.loads(line.decode("utf-8"))
        except (ValueError, RuntimeError) as e:  # (not UTF-8 or not JSON; nested too deep, a RuntimeError)
            said = reason(e)  # (json's: "not JSON from column N", said once)
            raise ValueError("not a JSON answer" + (said[8:] if said.startswith("not JSON") else ": " + said))
        if not isinstance(answer, dict):
            raise ValueError("an answer must be a JSON object, not %s" % _shown(line.decode("utf-8"), 40))
        if "error" in answer:
            raise ValueError("error answer: %s" % _shown(answer["error"]))
        return answer

    def stop(self, wait=True):
        """Stop the program (it is started again when next asked).  ``wait``
        False: killed only, not waited for (from a signal handler: the code
        it interrupted may be waiting for the same program, holding the
        lock that a wait takes)."""
        if self.proc is not None:
            if self.proc.poll() is None:  # (poll does not wait for that lock)
                self.proc.kill()
            if not wait:
                return
            self.proc.wait()
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            self.proc = None  # (its reader closes its output at the end)

    def close(self):
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.proc.stdin.write(b'{"cmd": "quit"}\n')
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.stop()


def _read_lines(f, lines):
    # Each line of ``f`` (bytes, LONGEST at most) onto the queue ``lines``;
    # b"" at its end.
    try:
        while True:
            line = f.readline(LONGEST)
            lines.put(line)
            if not line:
                break
    except OSError:
        lines.put(b"")
    f.close()


class SparringPlayer:
    """A sparring partner of desk/sparring.py by name ("greedy",
    "searcher", "searcher:0.5" for its seconds a move, "searcher:200p" for
    200 playouts a move, the same work however busy the machine), asked
    through the protocol (it sees its player's position alone) in this
    process."""

    def __init__(self, spec):
        self.name, _, budget = spec.partition(":")
        self.seconds = 1.0
        self.playouts = 0
        if budget and self.name != "searcher":
            raise ValueError("%r: only the searcher takes a budget (searcher:0.5, searcher:200p)" % spec)
        try:
            digits = budget[:-1] if budget.endswith("p") else budget.replace(".", "", 1)
            if budget and not (digits and all("0" <= c <= "9" for c in digits)):  # (no 1_0, no other scripts' digits)
                raise ValueError
            if budget.endswith("p"):
                self.playouts = int(budget[:-1])
                if self.playouts < 1:
                    raise ValueError
            elif budget:
                self.seconds = float(budget)
            sparring.make(self.name, 0, self.seconds, self.playouts)  # (a time it cannot play with says so here)
        except ValueError:
            raise ValueError("bad budget in %r: seconds above 0 or playouts, for instance searcher:0.5 or searcher:200p"
                             % spec)
        self.bot = None
        self.games = {}

    def new_game(self, seed):
        self.bot = sparring.make(self.name, seed, self.seconds, self.playouts)

    def ask(self, request):
        return serve_request(request, self.bot, self.games)

    def close(self):
        pass


def make_player(spec, time_limit=TIME_LIMIT):
    if spec in LEVELS:
        return LevelPlayer(spec)
    if spec.partition(":")[0] in sparring.NAMES:
        return SparringPlayer(spec)
    return CommandPlayer(spec, time_limit)


def play_game(players, variant, deal_seed):
    """One round refereed by the engine.  Returns (winner seat or DRAW,
    times per seat, None or (seat, reason) for an illegal move)."""
    game = make_game(variant)
    game.deal(deal_seed, 0)
    times = ([], [])
    while not game.over():
        p = game.to_move
        if variant == TACTICS and isinstance(players[p], LevelPlayer):
            start = time.perf_counter()
            m = players[p].choose(game)
            elapsed = time.perf_counter() - start
            # Every answer is checked with its claims spelt out: an
            # unprovable claim or an illegal play loses the game.
            m = game.spell_claims(m)
            times[p].append(elapsed)
            err = game.check(m)
            if err:
                return 1 - p, times, (p, "%s: %s" % (m, err))
            game.apply(m)
            continue
        request = {"cmd": "move", "position": dump(game, viewer=p)}
        start = time.perf_counter()
        try:
            answer = players[p].ask(request)
            elapsed = time.perf_counter() - start
            m = answer_to_move(answer, game)
        except (ValueError, OSError) as e:
            if isinstance(players[p], CommandPlayer):
                players[p].stop()  # (it starts afresh for the next game)
            return 1 - p, times, (p, reason(e, "a bad answer"))
        times[p].append(elapsed)
        err = game.check(m)
        if err:
            return 1 - p, times, (p, "%s: %s" % (_shown(json.dumps(answer)), err))
        game.apply(m)
    return game.winner, times, None


_players = None


def _init(specs, time_limit=TIME_LIMIT):
    global _players
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # (Ctrl-C is the main process's to answer: it stops them)
    _players = [make_player(s, time_limit) for s in specs]
    # Outside programs are told to quit when the process ends, and killed
    # when it is stopped (the main process's Ctrl-C: its pool's SIGTERM),
    # even where Ctrl-C did not reach them.
    multiprocessing.util.Finalize(None, _close, exitpriority=10)
    signal.signal(signal.SIGTERM, _stopped)


def _stopped(signum, frame):
    for player in _players or ():
        if isinstance(player, CommandPlayer):
            player.stop(wait=False)
    os._exit(1)


def _close():
    for player in _players:
        player.close()


def _one(task):
    i, variant, seed = task
    a_seat = i % 2  # A and B swap seats for the second game of each deal
    seats = (_players[0], _players[1]) if a_seat == 0 else (_players[1], _players[0])
    for k, player in enumerate(seats):
        player.new_game(seed * 1000003 + i * 2 + k)
    winner, times, illegal = play_game(seats, variant, seed + i // 2)
    if winner == DRAW:
        result = "draw"
    else:
        result = "A" if winner == a_seat else "B"
    if illegal is not None:
        illegal = ("A" if illegal[0] == a_seat else "B", illegal[1])
    return result, times[a_seat], times[1 - a_seat], illegal


def wilson(wins, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _median(xs):
    xs = sorted(xs)
    if not xs:
        return 0.0
    mid = len(xs) // 2
    return xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2


def run(a, b, games=400, jobs=None, variant="classic", seed=1, time_limit=TIME_LIMIT):
    """The figures of ``games`` games of ``a`` against ``b``; ValueError,
    before any game, for an opponent or a figure it cannot play with."""
    if not 1 <= games <= MOST:  # (a mistyped huge count is refused, not tried: as the other tools)
        raise ValueError("--games must be 1 to %d" % MOST)
    if jobs is not None and not 1 <= jobs <= MOST_JOBS:
        raise ValueError("--jobs must be 1 to %d" % MOST_JOBS)
    if seed < 0:
        raise ValueError("--seed must be 0 or more")
    if not 0 < time_limit < float("inf"):  # (not a number, or no end: a silent program would stop it all)
        raise ValueError("--time-limit must be a number of seconds above 0")
    jobs = min(jobs or os.cpu_count() or 1, games)
    for spec in (a, b):
        make_player(spec)  # (a bad name says so here, not in every process)
    tasks = ((i, VARIANTS.index(variant), seed) for i in range(games))
    pool = multiprocessing.Pool(jobs, initializer=_init, initargs=((a, b), time_limit))
    try:
        results = list(pool.imap(_one, tasks, chunksize=max(1, min(games // (jobs * 8), 1000))))
        pool.close()  # (each process tells its outside programs to quit)
        pool.join()
    finally:
        pool.terminate()
    wins = sum(1 for r in results if r[0] == "A")
    losses = sum(1 for r in results if r[0] == "B")
    draws = games - wins - losses
    ta = [t for r in results for t in r[1]]
    tb = [t for r in results for t in r[2]]
    lo, hi = wilson(wins, games)
    return {
        "a": a, "b": b, "games": games, "variant": variant,
        "a_wins": wins, "b_wins": losses, "draws": draws,
        "a_win_rate": wins / games, "ci95": [lo, hi],
        "a_ms": [_median(ta) * 1000, max(ta, default=0) * 1000],
        "b_ms": [_median(tb) * 1000, max(tb, default=0) * 1000],
        "illegal": [r[3] for r in results if r[3] is not None],
    }


def report(r):
    a, b = r["a"], r["b"]
    if a == b:  # (the same player twice: told apart by where it was named)
        a, b = a + " (A)", b + " (B)"
    lines = [
        "%s vs %s, %d game%s (%s)" % (a, b, r["games"], "" if r["games"] == 1 else "s", r["variant"]),
        "  %s wins %d, %s wins %d, draws %d" % (a, r["a_wins"], b, r["b_wins"], r["draws"]),
        "  %s win rate %.1f%% (95%% CI %.1f%% to %.1f%%)" % (
            a, 100 * r["a_win_rate"], 100 * r["ci95"][0], 100 * r["ci95"][1]),
        "  time per move, median / max: %s %.2f / %.2f ms, %s %.2f / %.2f ms" % (
            a, r["a_ms"][0], r["a_ms"][1], b, r["b_ms"][0], r["b_ms"][1]),
    ]
    for side, why in r["illegal"]:
        name = a if side == "A" else b
        lines.append("  illegal or missing answer by %s (loses that game): %s" % (name, why))
    return "\n".join(lines)


def _whole(text):
    # An argparse type: a whole number (what is wrong said in the project's words).
    try:
        return int(text)
    except ValueError as e:
        why = "number too long" if reason(e) == "number too long" else "not a whole number"
        raise argparse.ArgumentTypeError("%s: %s" % (_shown(text, 20), why))


def _seconds(text):
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%s: not a number of seconds" % _shown(text, 20))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="a level (%s) or a command" % ", ".join(LEVELS))
    ap.add_argument("b", help="a level or a command")
    ap.add_argument("--games", type=_whole, default=400, help="how many games (default 400), 1 to %d" % MOST)
    ap.add_argument("--jobs", type=_whole, default=None, help="parallel processes (default: one per CPU), 1 to %d" % MOST_JOBS)
    ap.add_argument("--variant", choices=VARIANTS, default="classic")
    ap.add_argument("--seed", type=_whole, default=1, help="the first deal (default 1), 0 or more")
    ap.add_argument("--time-limit", type=_seconds, default=TIME_LIMIT, metavar="T",
                    help="seconds an outside command has for each answer (default %g); "
                         "one that does not answer in time loses that game" % TIME_LIMIT)
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = ap.parse_args(argv)
    try:
        r = run(args.a, args.b, args.games, args.jobs, args.variant, args.seed, args.time_limit)
    except ValueError as e:
        ap.error(reason(e))
    print(json.dumps(r) if args.json else report(r))
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))  # (Ctrl-C or a closed output: stopped, no traceback)
