"""Whole linked games between two bot-driven boards over faulty lines: for
the tests (a few) and the benchmark (200)."""

import random
import time

from engine.bots import Bot
from engine.channel import Channel
from engine.fairdeal import public_hash
from engine.session import FAILED, PLAYING, Session
from linesim import FaultyLine


def linked_game(seed, loss=0.02, flips=0.005, unplug_ms=5000, limit_ms=1200000):
    """One game; returns a dict of figures (and raises if it went wrong)."""
    rnd = random.Random(seed)

    def random_bytes(n):
        return bytes(rnd.randrange(256) for _ in range(n))

    a = Session(Channel(), 0, 1, random_bytes)
    b = Session(Channel(), 0, 1, random_bytes)
    ab = FaultyLine(seed * 2, loss, flips)
    ba = FaultyLine(seed * 2 + 1, loss, flips)
    bots = [Bot("medium", seed * 2 + 1), Bot("medium", seed * 2 + 2)]
    a.start()
    b.start()
    now = 0
    unplugged = False
    lost_seen = False
    start = time.perf_counter()
    while now < limit_ms:
        for me, line, other in ((a, ab, ba), (b, ba, ab)):
            me.feed(other.take(now), now)
            if me.state == FAILED:
                raise AssertionError("seed %d: %s" % (seed, me.error))
            if me.state == PLAYING and me.my_turn():
                game = me.match.game
                me.play(game.spell_claims(bots[me.seat].choose(game)))
            out = me.channel.poll(now)
            while out is not None:
                line.send(out, now)
                out = me.channel.poll(now)
        if a.state == PLAYING and not unplugged and a.turn >= 10:
            # Pull the cable for a few seconds in the middle of the game.
            for line in (ab, ba):
                line.unplugged.append((now, now + unplug_ms))
            unplugged = True
        lost_seen = lost_seen or a.channel.lost(now) or b.channel.lost(now)
        if (a.state == b.state == PLAYING and a.match.game.over() and b.match.game.over()
                and not a.channel.pending() and not b.channel.pending()):
            break
        now += 5
    ga, gb = a.match.game, b.match.game
    assert ga.over() and gb.over(), "seed %d: the game did not end" % seed
    assert public_hash(ga) == public_hash(gb) and ga.winner == gb.winner
    return {
        "moves": len(ga.history),
        "retransmissions": a.channel.retransmissions + b.channel.retransmissions,
        "resyncs": a.channel.decoder.errors + b.channel.decoder.errors,
        "duplicates": a.channel.duplicates + b.channel.duplicates,
        "lost_noticed": lost_seen,
        "line_ms": now,
        "cpu_s": time.perf_counter() - start,
    }
