# Hot paths must not allocate: the heap before and after many calls, with
# the collector off.  Prints "NAME BYTES" per path.  MicroPython only
# (CPython has no gc.mem_alloc).
import gc

import engine  # noqa: F401
from engine.classic import Game
from engine.game import NOBODY
from desk.playout import random_player, random_tactics_move
from engine.rng import Random
from engine.tactics import TacticsGame


def midgame(game, seed, moves):
    """``game`` dealt from ``seed`` and played at random for ``moves``
    moves, into the middle of a round, where claims are being weighed; the
    hot paths met there, named, as functions of no argument."""
    rng = Random(seed)
    pick = random_player(game.variant)
    game.deal(seed, 0)
    for _ in range(moves):
        game.apply(pick(game, rng))
    game.apply(pick(game, rng))  # the history list has room for one more
    game.undo()

    def claim_threats():
        for s in range(9):
            for p in range(2):
                game.claim_threat(s, p)

    def claimables():
        game.claimable(0)
        game.claimable(1)

    def apply_undo():
        game.apply(pick(game, rng))
        game.undo()

    return rng, [("claim_threat", claim_threats), ("claimable", claimables), ("apply_undo", apply_undo)]


def measure(paths, prefix=""):
    for name, fn in paths:
        fn()
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        for _ in range(200):
            fn()
        after = gc.mem_alloc()
        gc.enable()
        print("%s%s %d" % (prefix, name, after - before))


def control():
    return [0] * 4  # allocates: proves the measure can see it


game = Game()
rng, paths = midgame(game, 5, 24)


def draws():
    rng.below(54)
    rng.bits30()


measure([("control", control)] + paths + [("rng", draws)])
assert game.winner == NOBODY

# The tactics variant: the claim path and random play.
tgame = TacticsGame()
trng, paths = midgame(tgame, 11, 30)


def random_move():
    random_tactics_move(tgame, trng)


measure(paths + [("random_move", random_move)], "t_")
assert tgame.winner == NOBODY
