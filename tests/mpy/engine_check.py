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
from engine.game import TACTICS, make_game
from desk.playout import full_sides, random_game, random_positions

mode = sys.argv[1]
first = int(sys.argv[2])
count = int(sys.argv[3])
game = Game()
tgame = make_game(TACTICS) if mode == "tactics" else None
seed = first


def check_proofs(seed):
    # Every early claim open in a random game, both ways; returns how many.
    n = 0
    for g in random_positions(Game(), seed):
        for s, p, need in full_sides(g):
            if need:
                fast = g.claim_threat(s, p)
                slow = brute.threat(g, s, p)
                if (fast == 0) != (slow is None):
                    raise AssertionError("seed %d stone %d player %d: fast %d brute %r" % (seed, s, p, fast, slow))
                n += 1
    return n


def check_tactics_proofs(seed):
    # Claims at stones where the opponent needs at most one card, and a
    # sample of every side's best, against brute force; returns how many.
    n = 0
    for g in random_positions(make_game(TACTICS), seed):
        for s, p, need in full_sides(g):
            if need <= 1:
                fast = g.claim_threat(s, p) == 0
                if fast != brute.tactics_claimable(g, s, p):
                    raise AssertionError("seed %d stone %d player %d: fast %r" % (seed, s, p, fast))
                n += 1
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
