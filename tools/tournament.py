"""Play two opponents against each other and measure who is stronger.

    python tools/tournament.py A B [--games N] [--jobs J] [--variant classic|expert|tactics] [--seed S] [--json]

An opponent is a level (``easy``, ``medium``, ``hard``), a sparring partner
of desk/sparring.py (``greedy``, ``searcher``, ``searcher:0.5`` for half a
second a move) or any outside command that speaks the bot protocol
(``"python3 my_bot.py"``).  Games go in
pairs: each deal is played twice, the opponents swapping seats.  The engine
referees every move; an illegal or missing answer loses that game and is
reported.  In the tactics variant a built-in level is handed the game
itself (it hides what its player may not see on its own copy) and answers
every step, the Scout's return included; the referee spells out its
claims and checks every answer with ``TacticsGame.check``; an outside
command is asked through the position format's tactics extension.  Prints A's
win rate with a 95% confidence interval (Wilson),
draws, and each side's median and maximum time per move.
"""

import argparse
import json
import math
import multiprocessing
import os
import shlex
import shutil
import subprocess
import sys
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
from desk import sparring  # noqa: E402
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


class CommandPlayer:
    """An outside program: one JSON line out, one JSON line back."""

    def __init__(self, command):
        try:
            argv = shlex.split(command)
        except ValueError as e:
            raise ValueError("cannot read the command %r: %s" % (command, e))
        if not argv or not (shutil.which(argv[0]) or os.path.isfile(os.path.join(ROOT, argv[0]))):
            raise ValueError("no such level, sparring partner or program: %r" % command)
        self.command = command
        self.proc = None

    def _start(self):
        self.proc = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1, cwd=ROOT)

    def new_game(self, seed):
        if self.proc is None or self.proc.poll() is not None:
            self._start()

    def ask(self, request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise ValueError("no answer (the program ended)")
        return json.loads(line)

    def close(self):
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.proc.stdin.write('{"cmd": "quit"}\n')
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()


class SparringPlayer:
    """A sparring partner of desk/sparring.py by name ("greedy",
    "searcher", "searcher:0.5" for its seconds a move), asked through the
    protocol (it sees its player's position alone) in this process."""

    def __init__(self, spec):
        self.name, _, seconds = spec.partition(":")
        try:
            self.seconds = float(seconds) if seconds else 1.0
        except ValueError:
            raise ValueError("bad seconds in %r (for instance searcher:0.5)" % spec)
        self.bot = None
        self.games = {}

    def new_game(self, seed):
        self.bot = sparring.make(self.name, seed, self.seconds)

    def ask(self, request):
        return serve_request(request, self.bot, self.games)

    def close(self):
        pass


def make_player(spec):
    if spec in LEVELS:
        return LevelPlayer(spec)
    if spec.partition(":")[0] in sparring.NAMES:
        return SparringPlayer(spec)
    return CommandPlayer(spec)


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
            if "error" in answer:
                raise ValueError("error answer: %s" % answer["error"])
            m = answer_to_move(answer, game)
        except (ValueError, OSError) as e:
            return 1 - p, times, (p, str(e))
        times[p].append(elapsed)
        err = game.check(m)
        if err:
            return 1 - p, times, (p, "%s: %s" % (json.dumps(answer), err))
        game.apply(m)
    return game.winner, times, None


_players = None


def _init(specs):
    global _players
    _players = [make_player(s) for s in specs]


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


def run(a, b, games=400, jobs=None, variant="classic", seed=1):
    jobs = jobs or os.cpu_count() or 1
    for spec in (a, b):
        make_player(spec)  # (a bad name says so here, not in every process)
    tasks = [(i, VARIANTS.index(variant), seed) for i in range(games)]
    with multiprocessing.Pool(jobs, initializer=_init, initargs=((a, b),)) as pool:
        results = pool.map(_one, tasks, chunksize=max(1, games // (jobs * 8)))
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
    lines = [
        "%s vs %s, %d games (%s)" % (r["a"], r["b"], r["games"], r["variant"]),
        "  %s wins %d, %s wins %d, draws %d" % (r["a"], r["a_wins"], r["b"], r["b_wins"], r["draws"]),
        "  %s win rate %.1f%% (95%% CI %.1f%% to %.1f%%)" % (
            r["a"], 100 * r["a_win_rate"], 100 * r["ci95"][0], 100 * r["ci95"][1]),
        "  time per move, median / max: %s %.2f / %.2f ms, %s %.2f / %.2f ms" % (
            r["a"], r["a_ms"][0], r["a_ms"][1], r["b"], r["b_ms"][0], r["b_ms"][1]),
    ]
    for side, reason in r["illegal"]:
        lines.append("  illegal move by %s (loses that game): %s" % (r["a"] if side == "A" else r["b"], reason))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="a level (%s) or a command" % ", ".join(LEVELS))
    ap.add_argument("b", help="a level or a command")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=None, help="parallel processes (default: one per CPU)")
    ap.add_argument("--variant", choices=VARIANTS, default="classic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    args = ap.parse_args(argv)
    try:
        r = run(args.a, args.b, args.games, args.jobs, args.variant, args.seed)
    except ValueError as e:
        ap.error(str(e))
    print(json.dumps(r) if args.json else report(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
