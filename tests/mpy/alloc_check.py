# Hot paths must not allocate: the heap before and after many calls, with
# the collector off.  Prints "NAME BYTES" per path.  MicroPython only
# (CPython has no gc.mem_alloc).
import gc

import engine  # noqa: F401
from engine.classic import Game
from engine.game import NOBODY
from desk.playout import random_move
from engine.rng import Random

game = Game()
rng = Random(5)
game.deal(5, 0)
# Play into the middle of a game, where claims are being weighed.
for _ in range(24):
    game.apply(random_move(game, rng))
game.apply(random_move(game, rng))  # the history list has room for one more
game.undo()


def claim_threats():
    for s in range(9):
        for p in range(2):
            game.claim_threat(s, p)


def claimables():
    game.claimable(0)
    game.claimable(1)


def apply_undo():
    game.apply(random_move(game, rng))
    game.undo()


def draws():
    rng.below(54)
    rng.bits30()


def control():
    return [0] * 4  # allocates: proves the measure can see it


for name, fn in (("control", control), ("claim_threat", claim_threats), ("claimable", claimables),
                 ("apply_undo", apply_undo), ("rng", draws)):
    fn()
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(200):
        fn()
    after = gc.mem_alloc()
    gc.enable()
    print("%s %d" % (name, after - before))
assert game.winner == NOBODY

# The tactics variant: the claim path and random play.
from desk.playout import random_tactics_move  # noqa: E402
from engine.tactics import TacticsGame  # noqa: E402

tgame = TacticsGame()
trng = Random(11)
tgame.deal(11, 0)
for _ in range(30):
    tgame.apply(random_tactics_move(tgame, trng))
tgame.apply(random_tactics_move(tgame, trng))  # room in the history list
tgame.undo()


def t_claim_threats():
    for s in range(9):
        for p in range(2):
            tgame.claim_threat(s, p)


def t_claimables():
    tgame.claimable(0)
    tgame.claimable(1)


def t_random_move():
    random_tactics_move(tgame, trng)


def t_apply_undo():
    tgame.apply(random_tactics_move(tgame, trng))
    tgame.undo()


for name, fn in (("t_claim_threat", t_claim_threats), ("t_claimable", t_claimables),
                 ("t_random_move", t_random_move), ("t_apply_undo", t_apply_undo)):
    fn()
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(200):
        fn()
    after = gc.mem_alloc()
    gc.enable()
    print("%s %d" % (name, after - before))
assert tgame.winner == NOBODY
