"""A byte line that misbehaves on purpose, and a clock to run two ends on."""

import random


class FaultyLine:
    """One direction of a serial line: bytes take ``latency`` ms plus their
    turn on the wire (``per_byte`` ms each); some are lost, some flipped,
    some doubled; while unplugged, nothing gets through."""

    def __init__(self, seed, loss=0.0, flips=0.0, dups=0.0, latency=2, per_byte=0.1):
        self.rnd = random.Random(seed)
        self.loss = loss
        self.flips = flips
        self.dups = dups
        self.latency = latency
        self.per_byte = per_byte
        self.queue = []  # (arrival time, byte)
        self.free_at = 0.0
        self.unplugged = []  # (from, to) ms
        self.stats = {"lost": 0, "flipped": 0, "doubled": 0}

    def _dead(self, t):
        return any(a <= t < b for a, b in self.unplugged)

    def send(self, data, now):
        t = max(self.free_at, now)
        for b in bytes(data):
            t += self.per_byte
            if self._dead(t):
                continue
            r = self.rnd.random()
            if r < self.loss:
                self.stats["lost"] += 1
                continue
            if self.rnd.random() < self.flips:
                b ^= 1 << self.rnd.randrange(8)
                self.stats["flipped"] += 1
            self.queue.append((t + self.latency, b))
            if self.rnd.random() < self.dups:
                self.queue.append((t + self.latency, b))
                self.stats["doubled"] += 1
        self.free_at = t

    def take(self, now):
        """The bytes that have arrived by ``now``."""
        i = 0
        while i < len(self.queue) and self.queue[i][0] <= now:
            i += 1
        out = bytes(b for _, b in self.queue[:i])
        del self.queue[:i]
        return out
