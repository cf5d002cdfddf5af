# A bot's thinking time and heap under MicroPython, for ``make bench``.
#
#   mpy_botbench.py LEVEL GAMES [VARIANT]
#
# VARIANT is the variant's number (0 classic, 1 expert, 2 tactics).  In the
# tactics variant every step is timed, the Scout's return step included.
# LEVEL plays GAMES games against itself; each move is one step of the
# harness (garbage is collected between steps).  Prints the calibration
# loop's time, the median and longest move in microseconds, the heap a bot
# keeps, and the most a bot allocates while it thinks (collector off).
import gc
import sys
import time

try:
    import js

    def now_us():
        return int(js.performance.now() * 1000)
except ImportError:
    def now_us():
        return int(time.perf_counter() * 1000000)

import engine  # noqa: F401
from engine.bots import Bot
from engine.game import make_game

level = sys.argv[1]
games = int(sys.argv[2])
variant = int(sys.argv[3]) if len(sys.argv) > 3 else 0


def loop(n):
    # The calibration loop: a SAMD51 runs 1,000,000 of these in 8.4 s.
    a = 1
    b = 2
    c = 0
    for _ in range(n):
        c = a + b
    return c


state = {"game": -3, "base": 0, "peak": 0, "times": [], "before_bot": 0}
game = make_game(variant)
bots = [None, None]


def mpy_step():
    phase = state["game"]
    if phase == -3:
        loop(1000000)  # warm up
        best = None
        for _ in range(3):
            t = now_us()
            loop(1000000)
            dt = now_us() - t
            best = dt if best is None or dt < best else best
        print("calibration_us %d" % best)
        game.deal(1, 0)
        state["game"] = -2
        gc.collect()
        return True
    if phase == -2:
        # The heap before and after one bot is made and has thought once
        # (it makes its scratch space on first use).
        state["before_bot"] = gc.mem_alloc()
        bots[0] = Bot(level, 1)
        bots[0].choose(game)
        state["game"] = -1
        gc.collect()
        return True
    if phase == -1:
        print("heap_bot %d" % (gc.mem_alloc() - state["before_bot"]))
        bots[1] = Bot(level, 2)
        state["game"] = 0
        gc.collect()
        return True
    if game.over():
        state["game"] += 1
        if state["game"] >= games:
            times = state["times"]
            times.sort()
            print("moves %d" % len(times))
            print("median_us %d" % times[len(times) // 2])
            print("max_us %d" % times[-1])
            print("heap_live %d" % state["base"])
            print("heap_thinking_peak %d" % state["peak"])
            return False
        game.deal(state["game"] + 1, state["game"] & 1)
        bots[0] = Bot(level, 2 * state["game"] + 1)
        bots[1] = Bot(level, 2 * state["game"] + 2)
        gc.collect()
        return True
    # One move.  The collection asked for at the end of the last step ran
    # when control went back to JavaScript, so the heap now holds only live
    # data; with the collector off, the peak shows all the bot allocates.
    before = gc.mem_alloc()
    if before > state["base"]:
        state["base"] = before
    gc.disable()
    t = now_us()
    m = bots[game.to_move].choose(game)
    dt = now_us() - t
    used = gc.mem_alloc() - before
    gc.enable()
    if used > state["peak"]:
        state["peak"] = used
    state["times"].append(dt)
    game.apply(m)

    gc.collect()
    return True


if not globals().get("__mpy_harness__"):
    while mpy_step():
        pass
