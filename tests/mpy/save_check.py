# Saves under CPython and MicroPython alike: whole seeded matches encoded
# after every move, written to two slots, loaded and resumed; the blobs,
# CRCs and write counts printed for the tests to compare.
import engine  # noqa: F401
from engine.match import Match
from desk.playout import random_match
from engine.rng import Random
from engine.restore import resume
from engine.save import Saver, SaveError, crc32, encode


def h(data):
    return "".join("%02x" % x for x in bytes(data))


print("crc", crc32(b"123456789"), crc32(bytes(range(256))))
for variant in (0, 1, 2):
    match = Match(40 + variant, 3, variant)
    store = bytearray(b"\xff" * 8192)
    saver = Saver(store)
    for moves in random_match(match, Random(variant)):
        saver.save(encode(match, moves, 2, 1, True))
    blob, problem = Saver(store).load()
    back, s = resume(blob)
    print("variant", variant, len(moves), len(blob), saver.writes, saver.written, problem)
    print("blob", h(blob))
    print("same", back.scores == match.scores, back.results == match.results, s.moves == moves)
    store[8192 // 2 * saver.slot + 9] ^= 1
    older, problem = Saver(store).load()
    print("damaged", len(older), problem)
    try:
        resume(blob[:-1])
    except SaveError as e:
        print("refused", e)
