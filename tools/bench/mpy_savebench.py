# Saves under MicroPython, for ``make bench``: a random three-round match,
# then the time to encode and write its save (the longest of the match:
# its last move's) and to resume it (decode, deal, replay every move),
# with the calibration loop (tools/bench/mpy_clock.py) to estimate a board.
#
#   mpy_savebench.py VARIANT SEED
import gc
import sys

import engine  # noqa: F401
from engine.game import NOBODY
from engine.match import Match
from desk.playout import random_move, random_tactics_move
from engine.rng import Random
from engine.restore import resume
from engine.save import Saver, encode
from mpy_clock import calibrate, loop, now_us

variant = int(sys.argv[1])
seed = int(sys.argv[2])


def best_of(fn, n=5):
    best = None
    for _ in range(n):
        gc.collect()
        t = now_us()
        fn()
        dt = now_us() - t
        best = dt if best is None or dt < best else best
    return best


match = Match(seed, 3, variant)
rng = Random(seed)
pick = random_tactics_move if variant == 2 else random_move
moves = []
while True:
    game = match.game
    if game.winner != NOBODY:
        if len(match.results) + 1 >= match.rounds:
            break  # the last round's last move: the save before it is the longest
        match.finish_round()
        continue
    m = game.spell_claims(pick(game, rng))
    game.apply(m)
    moves.append(m)
store = bytearray(b"\xff" * 8192)
saver = Saver(store)
blob = encode(match, moves)
print("moves %d" % len(moves))
print("blob_bytes %d" % len(blob))
print("save_us %d" % best_of(lambda: saver.save(encode(match, moves))))
print("resume_us %d" % best_of(lambda: resume(blob), 3))
loop(1000000)  # warm up
print("calibration_us %d" % calibrate(None))
