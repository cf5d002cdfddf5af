"""Whole linked games between two boards over faulty lines: for the tests
(a few) and the benchmark (a few hundred).

Classic games are played by the medium bots; tactics games by seeded random
players (``desk.playout.random_tactics_move``: every card, Scouts and
ruses included, either pile drawn from), so the figures do not hang on the
strength of the bots.
"""

import random
import time

from engine.bots import Bot
from engine.cards import FIRST_TACTIC
from engine.channel import Channel
from engine.fairdeal import public_hash
from engine.game import CLASSIC, DRAW, TACTICS
from engine.moves import PASS, move_card
from desk.playout import random_tactics_move
from engine.rng import Random
from engine.session import FAILED, PLAYING, Session
from linesim import FaultyLine


class RecordingSession(Session):
    """A session that notes, after every move either board makes, the
    round, the turn and the public state: two boards that agree move by
    move have the same notes."""

    def __init__(self, *args):
        Session.__init__(self, *args)
        self.notes = []

    def _round_end(self):
        game = self.match.game
        self.notes.append((len(self.match.results), self.turn, public_hash(game), game.winner))
        Session._round_end(self)


class RandomPlayer:
    """A tactics player with its own seeded generator (claims all it can)."""

    def __init__(self, seed):
        self.rng = Random(seed)

    def choose(self, game):
        return random_tactics_move(game, self.rng)


def players_for(variant, seed):
    if variant == TACTICS:
        return [RandomPlayer(seed * 2 + 1), RandomPlayer(seed * 2 + 2)]
    return [Bot("medium", seed * 2 + 1), Bot("medium", seed * 2 + 2)]


def linked_game(seed, loss=0.02, flips=0.005, unplug_ms=5000, limit_ms=1200000,
                variant=CLASSIC, rounds=1):
    """One match; returns a dict of figures (and raises if it went wrong).

    Each board notes the public state after every move; ``agreed`` counts
    the moves whose notes are the same on both boards (all of them, or
    this raises)."""
    rnd = random.Random(seed)

    def random_bytes(n):
        return bytes(rnd.randrange(256) for _ in range(n))

    a = RecordingSession(Channel(), variant, rounds, random_bytes)
    b = RecordingSession(Channel(), variant, rounds, random_bytes)
    ab = FaultyLine(seed * 2, loss, flips)
    ba = FaultyLine(seed * 2 + 1, loss, flips)
    players = players_for(variant, seed)
    a.start()
    b.start()
    now = 0
    unplugged = False
    lost_seen = False
    returns = 0
    tactic_cards = 0
    start = time.perf_counter()
    while now < limit_ms:
        for me, line, other in ((a, ab, ba), (b, ba, ab)):
            me.feed(other.take(now), now)
            if me.state == FAILED:
                raise AssertionError("seed %d: %s" % (seed, me.error))
            if me.state == PLAYING and me.my_turn():
                game = me.match.game
                m = game.spell_claims(players[me.seat].choose(game))
                if game.returns:
                    returns += 1  # the second half of a Scout's turn
                elif move_card(m) >= FIRST_TACTIC and move_card(m) != PASS:
                    tactic_cards += 1
                me.play(m)
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
        if (a.state == b.state == PLAYING and a.match.over() and b.match.over()
                and not a.channel.pending() and not b.channel.pending()):
            break
        now += 5
    ga, gb = a.match.game, b.match.game
    assert a.match.over() and b.match.over(), "seed %d: the match did not end" % seed
    assert public_hash(ga) == public_hash(gb) and ga.winner == gb.winner
    assert ga.history == gb.history
    assert a.match.results == b.match.results and a.match.scores == b.match.scores
    agreed = 0
    while agreed < len(a.notes) and agreed < len(b.notes) and a.notes[agreed] == b.notes[agreed]:
        agreed += 1
    assert agreed == len(a.notes) == len(b.notes), "seed %d: the boards differ after move %d" % (seed, agreed)
    per_move = 3 if variant == TACTICS else 1
    faults = 0
    for line in (ab, ba):
        faults += line.stats["lost"] + line.stats["flipped"]
    return {
        "moves": len(a.notes),
        "agreed": agreed,
        "tactic_cards": tactic_cards,
        "scout_returns": returns,
        "last_round_moves": len(ga.history) // per_move,
        "faults": faults,
        "retransmissions": a.channel.retransmissions + b.channel.retransmissions,
        "resyncs": a.channel.decoder.errors + b.channel.decoder.errors,
        "duplicates": a.channel.duplicates + b.channel.duplicates,
        "lost_noticed": lost_seen,
        "line_ms": now,
        "cpu_s": time.perf_counter() - start,
        "results": list(a.match.results),
    }


def linked_games(n, variant, first_seed=1000, rounds=1, **faults):
    """``n`` linked matches of ``variant`` over faulty lines (``faults``:
    ``loss``, ``flips``, ``unplug_ms`` as for ``linked_game``); the totals
    over all of them.  For ``make bench``."""
    summed = ("moves", "agreed", "tactic_cards", "scout_returns", "faults", "retransmissions", "resyncs",
              "duplicates", "line_ms", "cpu_s")
    total = {"games": 0, "unplugs_noticed": 0, "drawn_rounds": 0}
    for key in summed:
        total[key] = 0
    for seed in range(first_seed, first_seed + n):
        figures = linked_game(seed, variant=variant, rounds=rounds, **faults)
        total["games"] += 1
        total["unplugs_noticed"] += figures["lost_noticed"]
        total["drawn_rounds"] += sum(1 for r in figures["results"] if r[0] == DRAW)
        for key in summed:
            total[key] += figures[key]
    return total


if __name__ == "__main__":
    # python tests/linkgames.py [COUNT [tactics|classic]] (engine on the path)
    import sys

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    which = TACTICS if len(sys.argv) < 3 or sys.argv[2] == "tactics" else CLASSIC
    for key, value in sorted(linked_games(count, which).items()):
        print(key, value)
