# The link's pieces under CPython and MicroPython alike: frames, the
# reliable channel over a lossy line (losses drawn from the engine's own
# generator), and the fair-deal digests.  Prints lines; the tests compare.
import engine  # noqa: F401
from engine.channel import FIRST_KIND, Channel
from engine.fairdeal import commitment, public_hash, shared_seed
from engine.frames import Decoder, Encoder
from engine.game import Game
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
