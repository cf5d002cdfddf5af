"""``make bench``: the engine's figures, measured side by side in one run.

- claim checks per second, the fast proof against brute force, on the same
  early-claim positions, split by how many cards the opponent holds there;
- random complete games per second (every claim checked), CPython and
  MicroPython-WASM;
- the MicroPython heap during a full game;
- the size of the engine's modules compiled by mpy-cross.

Prints a Markdown table (the README carries a copy).
"""

import glob
import os
import platform
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import engine  # noqa: E402,F401
from engine import brute  # noqa: E402
from engine.game import NOBODY, Game  # noqa: E402
from engine.playout import random_game, random_move  # noqa: E402
from engine.position import dump, load  # noqa: E402
from engine.rng import Random  # noqa: E402

HARNESS = os.path.join(ROOT, "tools", "mpy_run.mjs")


def early_claims(per_k=150):
    """Early-claim positions from random games: {k: [(game, stone, player)]}."""
    cases = {0: [], 1: [], 2: []}
    seed = 0
    while min(len(v) for v in cases.values()) < per_k:
        game = Game()
        rng = Random(seed)
        game.deal(seed, seed & 1)
        while game.winner == NOBODY:
            for s in range(9):
                for p in range(2):
                    i = s * 2 + p
                    k = game.n[i ^ 1]
                    if game.owner[s] == NOBODY and game.n[i] == 3 and k < 3 and len(cases[k]) < per_k:
                        cases[k].append((load(dump(game)), s, p))
            game.apply(random_move(game, rng))
        seed += 1
    return cases


def rate(fn, cases, min_time=0.5):
    """Calls of ``fn(game, stone, player)`` per second over ``cases``."""
    calls = 0
    start = time.perf_counter()
    while True:
        for game, s, p in cases:
            fn(game, s, p)
        calls += len(cases)
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return calls / elapsed


def cpython_games(n=3000):
    game = Game()
    start = time.perf_counter()
    for seed in range(n):
        random_game(seed, 0, game)
    return n / (time.perf_counter() - start)


def mpy(script, *args):
    """Run a script under MicroPython-WASM; its ``key value`` lines as a dict."""
    out = subprocess.run(
        ["node", HARNESS, "--pkg", os.path.join(ROOT, "engine"), os.path.join(ROOT, script), *args],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout
    return {k: float(v) for k, v in (line.split() for line in out.splitlines())}


def mpy_cross_size():
    files = sorted(glob.glob(os.path.join(ROOT, "engine", "*.py")))
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            out = os.path.join(tmp, os.path.basename(f)[:-3] + ".mpy")
            subprocess.run([sys.executable, "-m", "mpy_cross", "-o", out, f], check=True, cwd=ROOT)
            total += os.path.getsize(out)
    return total, len(files)


def main():
    rows = []
    cases = early_claims()
    for k in (0, 1, 2):
        fast = rate(lambda g, s, p: g.claim_threat(s, p), cases[k])
        slow = rate(brute.threat, cases[k], min_time=1.0)
        rows.append(("claim checks/s, opponent holds %d: fast proof" % k, "%.0f" % fast))
        rows.append(("claim checks/s, opponent holds %d: brute force" % k, "%.0f" % slow))
        rows.append(("speed-up, opponent holds %d" % k, "%.0fx" % (fast / slow)))
    rows.append(("random complete games/s, CPython %s" % platform.python_version(), "%.0f" % cpython_games()))
    games = mpy("tools/mpy_bench.py", "games", "1000")
    rows.append(("random complete games/s, MicroPython-WASM", "%.0f" % games["games_per_s"]))
    heap = mpy("tools/mpy_bench.py", "heap", "3")
    rows.append(("MicroPython heap after the engine's imports", "%.1f KB" % (heap["heap_imports"] / 1024)))
    rows.append(("MicroPython heap, maximum at the end of a step of a full game", "%.1f KB" % (heap["heap_max"] / 1024)))
    rows.append(("of which the game's own state (maximum - imports)",
                 "%.1f KB" % ((heap["heap_max"] - heap["heap_imports"]) / 1024)))
    size, n = mpy_cross_size()
    rows.append(("engine compiled by mpy-cross (%d modules)" % n, "%.1f KB" % (size / 1024)))

    width = max(len(r[0]) for r in rows)
    print("| %s | %s |" % ("figure".ljust(width), "value"))
    print("|%s|%s|" % ("-" * (width + 2), "-" * 12))
    for name, value in rows:
        print("| %s | %s |" % (name.ljust(width), value))


if __name__ == "__main__":
    main()
