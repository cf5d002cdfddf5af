# Saves under CPython and MicroPython alike: whole seeded matches encoded
# after every move, written to two slots, loaded and resumed; the blobs,
# CRCs and write counts printed for the tests to compare.
import engine  # noqa: F401
from engine.game import NOBODY, TACTICS
from engine.match import Match
from desk.playout import random_move, random_tactics_move
from engine.rng import Random
from engine.restore import resume
from engine.save import Saver, SaveError, crc32, encode, spell


def h(data):
    return "".join("%02x" % x for x in bytes(data))


print("crc", crc32(b"123456789"), crc32(bytes(range(256))))
for variant in (0, 1, 2):
    match = Match(40 + variant, 3, variant)
    rng = Random(variant)
    store = bytearray(b"\xff" * 8192)
    saver = Saver(store)
    moves = []
    while not match.over():
        game = match.game
        m = random_tactics_move(game, rng) if variant == TACTICS else random_move(game, rng)
        m = spell(game, m)
        game.apply(m)
        moves.append(m)
        if game.winner != NOBODY:
            match.finish_round()
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
