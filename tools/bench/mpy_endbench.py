# The hard level's turns with the clan pile empty (its exact search,
# engine.endgame, within its limit) under MicroPython or CircuitPython's
# interpreter, for the strength notebook's budget figures.
#
#   mpy_endbench.py GAMES [REPEAT [FIRST]]
#
# Plays GAMES games (deals FIRST, FIRST + 1, ...; every other one expert,
# the others classic; hard against hard, then hard against medium, in turn)
# and times every hard turn with the pile empty: the whole move (the hard
# level's own choice, then the search), thought REPEAT times from the same
# state (the bot's generator put back) and the fastest counts, as
# tools/bench/mpy_botbench.py does.  Then, on the same position, the search
# alone on a copy with both hands known (the positions it reached).  Prints
# the calibration loop's time, the turns, the median and longest move (us),
# the most positions a search reached and the longest search alone (us),
# its positions, and the most microseconds a position took in a search of
# 50 positions or more.
import gc
import sys

import engine  # noqa: F401
from engine.bots import Bot
from engine.classic import Game
from engine.endgame import Endgame
from engine.game import NOBODY
from mpy_clock import calibrate, loop, now_us, since_us

games = int(sys.argv[1])
repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 1
first = int(sys.argv[3]) if len(sys.argv) > 3 else 1

loop(1000000)  # warm up
calibration = calibrate(None)
times = []
most_nodes = 0
search_us = 0
search_nodes = 0
per_node = 0.0
search = Endgame()
view = Game()
limit = None
for d in range(first, first + games):
    game = Game(d & 1)
    game.deal(d, d & 1)
    bots = [Bot("hard", 2 * d + 1), Bot("hard" if d & 2 else "medium", 2 * d + 2)]
    while game.winner == NOBODY:
        bot = bots[game.to_move]
        if game.deck_pos < 54 or bot.level != "hard":
            m = bot.choose(game)
        else:
            seed = bot.rng.state()
            dt = None
            for r in range(repeat):
                bot.rng.set_state(seed)
                gc.collect()
                t = now_us()
                m = bot.choose(game)
                took = since_us(t)
                if dt is None or took < dt:
                    dt = took
            times.append(dt)
            if bot.endgame is not None and bot.endgame.nodes > most_nodes:
                most_nodes = bot.endgame.nodes
            if bot.endgame is not None:
                limit = bot.endgame.limit
            if limit:
                view.copy_from(game)
                dt = None
                for r in range(repeat):
                    gc.collect()
                    t = now_us()
                    search.win(view, limit)
                    took = since_us(t)
                    if dt is None or took < dt:
                        dt = took
                if dt > search_us:
                    search_us = dt
                    search_nodes = search.nodes
                if search.nodes >= 50 and dt / search.nodes > per_node:
                    per_node = dt / search.nodes
        game.apply(game.spell_claims(m))
    calibration = calibrate(calibration, 1)
times.sort()
print("calibration_us %d" % calibration)
print("turns %d" % len(times))
print("median_us %d" % times[len(times) // 2])
print("max_us %d" % times[-1])
print("most_nodes %d" % most_nodes)
print("search_max_us %d" % search_us)
print("search_max_nodes %d" % search_nodes)
print("per_node_us %d" % per_node)
