# Whole seeded games (every move and claim, as undo records) and the proof
# cross-check, printed as lines of text.
# Runs unchanged under CPython and MicroPython; the tests run it under both
# and require the same output, line for line.
#
#   engine_check.py games FIRST COUNT     one line per game: seed, winner, stones, moves
#   engine_check.py proofs FIRST COUNT    fast proof against brute force
#   engine_check.py tactics FIRST COUNT   tactics games, as ``games``
#   engine_check.py tproofs FIRST COUNT   tactics claims against brute force
#
# Under the MicroPython harness each game is one step, so that garbage is
# collected between steps.
import sys

import engine  # noqa: F401
from desk import brute
from engine.classic import Game
from engine.game import NOBODY, make_game
from desk.playout import random_game, random_move, random_tactics_move
from engine.rng import Random

mode = sys.argv[1]
first = int(sys.argv[2])
count = int(sys.argv[3])
game = Game()
tgame = make_game(2) if mode == "tactics" else None
seed = first


def check_proofs(seed):
    # Every early claim open in a random game, both ways; returns how many.
    g = Game()
    rng = Random(seed)
    g.deal(seed, seed & 1)
    n = 0
    while g.winner == NOBODY:
        for s in range(9):
            if g.owner[s] != NOBODY:
                continue
            for p in range(2):
                i = s * 2 + p
                if g.n[i] == 3 and g.n[i ^ 1] < 3:
                    fast = g.claim_threat(s, p)
                    slow = brute.threat(g, s, p)
                    if (fast == 0) != (slow is None):
                        raise AssertionError("seed %d stone %d player %d: fast %d brute %r" % (seed, s, p, fast, slow))
                    n += 1
        g.apply(random_move(g, rng))
    return n


def check_tactics_proofs(seed):
    # Claims at stones where the opponent needs at most one card, and a
    # sample of every side's best, against brute force; returns how many.
    from engine.tactics import TacticsGame

    g = TacticsGame()
    rng = Random(seed)
    g.deal(seed, seed & 1)
    n = 0
    while g.winner == NOBODY:
        for s in range(9):
            if g.owner[s] != NOBODY:
                continue
            cap = g.cap(s)
            for p in range(2):
                i = s * 2 + p
                if g.n[i] == cap and g.n[i ^ 1] >= cap - 1:
                    fast = g.claim_threat(s, p) == 0
                    if fast != brute.tactics_claimable(g, s, p):
                        raise AssertionError("seed %d stone %d player %d: fast %r" % (seed, s, p, fast))
                    n += 1
        g.apply(random_tactics_move(g, rng))
    return n


def mpy_step():
    global seed
    if seed >= first + count:
        return False
    if mode == "games":
        for variant in (0, 1):
            random_game(seed, variant, game)
            print("%s %d %d %d %d %s" % (("classic", "expert")[variant], seed, game.winner,
                                         game.owned[0], game.owned[1], ",".join(str(r) for r in game.history)))
    elif mode == "tactics":
        random_game(seed, 2, tgame)
        print("tactics %d %d %d %d %s %s" % (seed, tgame.winner, tgame.owned[0], tgame.owned[1],
                                             ",".join(str(r) for r in tgame.history), bytes(tgame.side).hex()))
    elif mode == "tproofs":
        print("tproofs %d %d" % (seed, check_tactics_proofs(seed)))
    else:
        print("proofs %d %d" % (seed, check_proofs(seed)))
    seed += 1
    return True


if not globals().get("__mpy_harness__"):
    while mpy_step():
        pass
