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
import engine  # noqa: F401
from engine.bots import Bot
from engine.classic import Game
from engine.endgame import Endgame
from engine.game import NOBODY
from mpy_clock import calibrate, fastest, games_args, report


def chosen(bot, game, seed):
    # The bot's move, its generator put back first: the same move each time.
    bot.rng.set_state(seed)
    return bot.choose(game)


games, repeat, first, calibration = games_args()
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
            dt, m = fastest(repeat, chosen, bot, game, bot.rng.state())
            times.append(dt)
            if bot.endgame is not None and bot.endgame.nodes > most_nodes:
                most_nodes = bot.endgame.nodes
            if bot.endgame is not None:
                limit = bot.endgame.limit
            if limit:
                view.copy_from(game)
                dt = fastest(repeat, search.win, view, limit)[0]
                if dt > search_us:
                    search_us = dt
                    search_nodes = search.nodes
                if search.nodes >= 50 and dt / search.nodes > per_node:
                    per_node = dt / search.nodes
        game.apply(game.spell_claims(m))
    calibration = calibrate(calibration, 1)
report(calibration, times, "turns")
print("most_nodes %d" % most_nodes)
print("search_max_us %d" % search_us)
print("search_max_nodes %d" % search_nodes)
print("per_node_us %d" % per_node)
