# The link's pieces under CPython and MicroPython alike: frames, the
# reliable channel over a lossy line (losses drawn from the engine's own
# generator), the fair-deal digests, and two sessions playing a whole
# tactics match over a damaged line.  Prints lines; the tests compare.
import engine  # noqa: F401
from engine.channel import FIRST_KIND, Channel
from engine.fairdeal import commitment, public_hash, shared_seed
from engine.frames import Decoder, Encoder
from engine.classic import Game

from engine.rng import Random


def h(data):
    # bytes.hex() of nothing differs between the two Pythons: spell it out.
    return "".join("%02x" % x for x in bytes(data))


enc = Encoder()
dec = Decoder()
for i in range(5):
    wire = bytes(enc.encode(i, i, 16 + i, bytes(range(i * 7, i * 7 + i * 3))))
    print("frame", i, h(wire), dec.feed_bytes(wire), h(dec.payload()))

rng = Random(7)
a = Channel()
b = Channel()
got = []
queue = [bytes([k, 255 - k, 0, k]) for k in range(30)]
now = 0
sent = 0
while len(got) < 30 and now < 60000:
    while sent < 30 and a.send(FIRST_KIND, queue[sent]):
        sent += 1
    for me, peer, inbox in ((a, b, got), (b, a, None)):
        out = me.poll(now)
        if out is not None:
            data = bytearray(out)
            for j in range(len(data)):
                if rng.below(100) < 3:
                    data[j] ^= 1 << rng.below(8)  # 3% of bytes damaged
            pos = 0
            while pos < len(data):
                pos += peer.feed(data[pos:], now=now)
                m = peer.receive()
                if m is not None and inbox is not None:
                    got.append(bytes(m[1]))
    now += 10
print("channel", len(got), got == queue, a.retransmissions, b.duplicates, now)

g = Game()
g.deal(17)
print("hash", h(public_hash(g)), shared_seed(b"a" * 16, b"b" * 16), h(commitment(b"s" * 16))[:16])

# Our SHA-256 (the fair deal's where there is no hashlib) over 0 to 200
# bytes, up to four blocks: the digest of all their digests; checked against
# hashlib here where there is one (the test checks the line with CPython's).
from engine.sha256 import digest

try:
    import hashlib
except ImportError:
    hashlib = None
digests = bytearray()
for n in range(201):
    data = bytes((i * 7 + n) & 255 for i in range(n))
    d = digest(data)
    if hashlib is not None and d != hashlib.sha256(data).digest():
        raise SystemExit("our SHA-256 is wrong for %d bytes" % n)
    digests += d
print("sha256", h(digest(b""))[:16], h(digest(digests)))
del digests

# The tactics variant: the digest over a random round, then two sessions
# playing a whole tactics match (Scouts and all) over a line that damages
# bytes, each board checking the other's every move.
from desk.playout import random_tactics_move
from engine.session import FAILED, PLAYING, Session
from engine.tactics import TacticsGame

t = TacticsGame()
t.deal(23, 1)
trng = Random(23)
digests = []
while not t.over():
    t.apply(random_tactics_move(t, trng))
    digests.append(h(public_hash(t))[:4])
print("tactics hash", len(digests), " ".join(digests[:12]), digests[-1], t.winner)

srng = Random(99)


def random_bytes(n):
    return bytes(srng.below(256) for _ in range(n))


boards = [Session(Channel(), 2, 2, random_bytes), Session(Channel(), 2, 2, random_bytes)]
players = [Random(9), Random(10)]  # (seeds whose match has a Scout: its return crosses too)
for s in boards:
    s.start()
now = 0
moves = [0, 0]
returns = 0
while now < 600000:
    for i in (0, 1):
        me = boards[i]
        peer = boards[1 - i]
        if me.state == PLAYING and me.my_turn():
            game = me.match.game
            returns += game.returns > 0
            me.play(game.spell_claims(random_tactics_move(game, players[me.seat])))
            moves[i] += 1
        out = me.channel.poll(now)
        while out is not None:
            data = bytearray(out)
            for j in range(len(data)):
                if rng.below(1000) < 5:
                    data[j] ^= 1 << rng.below(8)  # 0.5% of bytes damaged
            peer.feed(data, now)
            out = me.channel.poll(now)
    if boards[0].state == FAILED or boards[1].state == FAILED:
        break
    if boards[0].state == boards[1].state == PLAYING and boards[0].match.over() and boards[1].match.over() and not boards[0].channel.pending() \
            and not boards[1].channel.pending():
        break
    now += 10
a, b = boards
print("tactics link", a.state, b.state, a.error, b.error, moves, returns, a.match.results,
      a.match.results == b.match.results, h(public_hash(a.match.game)) == h(public_hash(b.match.game)),
      a.channel.retransmissions + b.channel.retransmissions, now)
# (The test compares the lines; this makes a broken link fail on its own.)
if not (a.state == b.state == PLAYING and a.match.over() and a.match.results == b.match.results
        and public_hash(a.match.game) == public_hash(b.match.game) and returns > 0):
    raise SystemExit("the tactics link went wrong: %s / %s" % (a.error, b.error))

# Resuming: two sessions play part of a two-round tactics match; one board
# plays a move the other never gets, then both lose power.  Both rebuild
# their matches from saves, rejoin with RESUME (the board ahead sends its
# move again) and play on to the end over the damaged line.
from engine.restore import resume
from engine.save import encode
from engine.session import RESUME


def drive(boards, players, now, until, stop, upto=9999):
    # Players move (until the match has ``upto`` moves) while the line runs.
    while now < until and not stop():
        for i in (0, 1):
            me = boards[i]
            peer = boards[1 - i]
            if players is not None and me.state == PLAYING and me.my_turn() and len(me.match.moves()) < upto:
                game = me.match.game
                me.play(game.spell_claims(random_tactics_move(game, players[me.seat])))
            out = me.channel.poll(now)
            while out is not None:
                data = bytearray(out)
                for j in range(len(data)):
                    if rng.below(1000) < 5:
                        data[j] ^= 1 << rng.below(8)
                peer.feed(data, now)
                out = me.channel.poll(now)
        now += 10
    return now


def quiet(boards):
    a, b = boards
    return (a.state == b.state == PLAYING and len(a.match.moves()) == len(b.match.moves())
            and not a.channel.pending() and not b.channel.pending())


boards = [Session(Channel(), 2, 2, random_bytes), Session(Channel(), 2, 2, random_bytes)]
for s in boards:
    s.start()
players = [Random(17), Random(18)]
now = drive(boards, players, 0, 600000, lambda: quiet(boards) and len(boards[0].match.moves()) >= 70, 70)
ahead = boards[0] if boards[0].my_turn() else boards[1]
game = ahead.match.game
ahead.play(game.spell_claims(random_tactics_move(game, players[ahead.seat])))
saves = []
for s in boards:
    match, save = resume(encode(s.match, s.match.moves(), seat=s.seat))
    saves.append((match, save.seat))
again = [Session(Channel(), 2, 2, random_bytes, resume=saves[0]),
         Session(Channel(), 2, 2, random_bytes, resume=saves[1])]
for s in again:
    s.start()
now = drive(again, None, now, now + 30000, lambda: quiet(again))
a, b = again
print("resume agreed", a.state, b.state, a.error, b.error, len(a.match.moves()), len(b.match.moves()),
      a.turn == b.turn, h(public_hash(a.match.game)) == h(public_hash(b.match.game)))
now = drive(again, players, now, now + 600000, lambda: quiet(again) and a.match.over())
print("resume link", a.state, b.state, a.error, b.error, len(a.match.moves()), a.match.results,
      a.match.results == b.match.results, a.match.scores == b.match.scores,
      h(public_hash(a.match.game)) == h(public_hash(b.match.game)), now)
if not (a.state == b.state == PLAYING and a.match.over() and a.match.results == b.match.results
        and a.match.moves() == b.match.moves()):
    raise SystemExit("the resumed link went wrong: %s / %s" % (a.error, b.error))
