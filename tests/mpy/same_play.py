# Bot games under CPython, MicroPython and CircuitPython alike: a hard bot
# against a medium one, seeds 3 and 4, in each variant named by the
# arguments (0 classic, 1 expert, 2 tactics); one line a game, every move.
import sys

from engine.bots import Bot
from engine.game import NOBODY, make_game

for variant in [int(v) for v in sys.argv[1:]]:
    for seed in (3, 4):
        game = make_game(variant)
        game.deal(seed, seed & 1)
        bots = [Bot("hard", seed), Bot("medium", seed + 1)]
        while game.winner == NOBODY:
            game.apply(bots[game.to_move].choose(game))
        print(variant, seed, game.winner, " ".join("%d" % x for x in game.history))
