# A bot's thinking time and heap under MicroPython, for ``make bench``.
#
#   mpy_botbench.py LEVEL GAMES [VARIANT [REPEAT]]
#
# VARIANT is the variant's number (0 classic, 1 expert, 2 tactics).  In the
# tactics variant every step is timed, the Scout's return step included.
# With REPEAT > 1 every move is thought REPEAT times from the same state (the
# bot's generator put back each time) and the fastest counts: the same work,
# with less of the noise other load on the machine adds.
# LEVEL plays GAMES games against itself; each move is one step (garbage is
# collected between steps).  Prints the calibration loop's time, the median
# and longest move in microseconds, the heap a bot keeps, and the most a bot
# allocates while it thinks (collector off).  Times come from
# tools/bench/mpy_clock.py: CPU time under the WebAssembly harness, which drives
# the steps from JavaScript (where that port really collects); run as a
# plain script (CircuitPython's interpreter, tools/bench/circuitpy_run.py) the
# script drives them itself, and times are wall-clock: give it a REPEAT.
import gc
import sys

import engine  # noqa: F401
from engine.bots import Bot
from engine.game import make_game
from mpy_clock import calibrate, loop, now_us, report, since_us

level = sys.argv[1]
games = int(sys.argv[2])
variant = int(sys.argv[3]) if len(sys.argv) > 3 else 0
repeat = int(sys.argv[4]) if len(sys.argv) > 4 else 1


state = {"game": -3, "base": 0, "peak": 0, "times": [], "before_bot": 0}
game = make_game(variant)
bots = [None, None]


def mpy_step():
    phase = state["game"]
    if phase == -3:
        loop(1000000)  # warm up
        state["calibration"] = calibrate(None)
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
            # The loop's fastest run, here, at the start and between games:
            # the least disturbed by other load, like the fastest repeat of
            # a move.
            report(calibrate(state["calibration"]), state["times"], "moves")
            print("heap_live %d" % state["base"])
            print("heap_thinking_peak %d" % state["peak"])
            return False
        # The loop once more between games: its fastest run over the whole
        # benchmark, the least disturbed by other load.
        state["calibration"] = calibrate(state["calibration"], 1)
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
    bot = bots[game.to_move]
    seed = bot.rng.state()
    dt = None
    for r in range(repeat):
        bot.rng.set_state(seed)
        gc.disable()
        t = now_us()
        m = bot.choose(game)
        took = since_us(t)
        used = gc.mem_alloc() - before
        gc.enable()
        if not r and used > state["peak"]:
            state["peak"] = used  # (the first time only: garbage is freed between steps)
        if dt is None or took < dt:
            dt = took
    state["times"].append(dt)
    game.apply(m)
    gc.collect()
    return True


if not globals().get("__mpy_harness__"):
    while mpy_step():
        pass
