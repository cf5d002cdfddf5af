# hw.saves.store under CPython and MicroPython alike, in the folder given as the
# first argument: a match saved after every move with the slot 2 in a file,
# reloaded in both layouts; board records written and rotated.  Prints what
# the tests compare.
import os
import sys

import engine  # noqa: F401
from engine.match import Match
from desk.playout import random_match
from engine.rng import Random
from engine.restore import resume
from engine.save import encode
from hw.saves.slots import open_saver
from hw.saves.store import BoardRecords, FileArea

root = sys.argv[1]
try:
    os.mkdir(root)
except OSError:
    pass  # there already
said = []
for variant in (0, 2):
    nvm = bytearray(b"\xff" * 8192)
    saver = open_saver(nvm, True, root + "/saves%d" % variant, said.append)
    match = Match(60 + variant, 3, variant)
    for moves in random_match(match, Random(variant)):
        saver.save(encode(match, moves, 1, 2))
    area = saver.regions[1][0]
    print("saved", variant, len(moves), saver.writes, bytes(nvm[0:2]), bytes(area[0:2]), nvm[4096], len(area))
    for writable in (True, False):
        blob, problem = open_saver(nvm, writable, root + "/saves%d" % variant, said.append).load()
        back, s = resume(blob)
        print("loaded", writable, back.scores == match.scores, len(s.moves), problem)

    class Finished:
        hints = [0, 0]  # (asked for in the match)

        def record_blob(self):
            return encode(match, moves, 1, 2)

        def player_names(self, name):
            return [name, 'Cl"an\\sman']

    printed = []
    line = [""]

    def say(text, end="\n"):
        # (print's way: a record's long line comes in pieces)
        line[0] += text
        if end == "\n":
            printed.append(line[0])
            line[0] = ""

    records = BoardRecords("Ann", True, root + "/records", keep=3, out=say)
    for _ in range(4):
        records.note(Finished())
    print("records", records.last[len(root):], len(printed), printed[0], printed[-1], len(printed[2]))
    print(printed[2][:80])
print("said", said)
try:
    FileArea(root + "/no/such/folder/slot2.bin", 64)
except OSError:
    print("no file area")
print("fallback", len(open_saver(bytearray(512), True, root + "/no/such", said.append).regions), len(said))
