# Engine figures under MicroPython, for ``make bench`` (tools/bench/bench.py runs
# this through the WebAssembly harness; it runs under CPython too).
#
#   mpy_bench.py games N     N random complete games, every claim checked
#   mpy_bench.py heap SEED   the heap at the end of each step of one game
#   mpy_bench.py tgames N    the same in the tactics variant
#   mpy_bench.py theap SEED
#
# Each game or move is one step: the harness returns to JavaScript between
# steps, which is when this port really collects garbage.
import gc
import sys
import time

mode = sys.argv[1]
arg = int(sys.argv[2])
variant = 2 if mode in ("tgames", "theap") else 0


def _now_us():
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def _elapsed_us(start):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(time.ticks_us(), start)
    return _now_us() - start


def _heap():
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


state = {"step": 0, "base": 0, "imports": 0, "max": 0, "moves": 0}
game = None
rng = None
played = 0
started = 0


def heap_step():
    global game, rng
    step = state["step"]
    state["step"] = step + 1
    if step == 0:
        state["base"] = _heap()  # before the engine is imported
        import engine  # noqa: F401
        from engine import formation, game as game_mod, rng as rng_mod  # noqa: F401
        from desk import playout  # noqa: F401
        if variant:
            from engine import cards, elite, tactics  # noqa: F401
        gc.collect()
        return True
    from engine.game import NOBODY, make_game
    from desk.playout import random_move, random_tactics_move
    from engine.rng import Random

    used = _heap() - state["base"]
    if step == 1:
        state["imports"] = used
        game = make_game(variant)
        rng = Random(arg)
        game.deal(arg, 0)
        gc.collect()
        return True
    if used > state["max"]:
        state["max"] = used
    if game.winner != NOBODY:
        print("heap_imports %d" % state["imports"])
        print("heap_max %d" % state["max"])
        print("heap_moves %d" % state["moves"])
        return False
    game.apply((random_tactics_move if variant else random_move)(game, rng))
    state["moves"] += 1
    gc.collect()
    return True


def games_step():
    global game, played, started
    from engine.game import make_game
    from desk.playout import random_game

    if game is None:
        game = make_game(variant)
        started = _now_us()
    random_game(played, variant, game)
    played += 1
    if played < arg:
        return True
    us = _elapsed_us(started)
    print("games %d" % played)
    print("games_per_s %.1f" % (played * 1000000.0 / us))
    return False


mpy_step = heap_step if mode in ("heap", "theap") else games_step

if not globals().get("__mpy_harness__"):
    while mpy_step():
        pass
