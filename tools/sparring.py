"""Sparring partners for the built-in levels: desktop only, never shipped.

    python tools/sparring.py greedy|searcher [--seconds S] [--seed N]

speaks the bot protocol on stdin and stdout (one JSON request a line, one
answer a line, as docs/contract.md says), so that ``tools/tournament.py``
and any outside referee can play them; the tournament also plays them in
its own processes by name (``greedy``, ``searcher``).  Each sees only what
the protocol's position shows its player: the table, its own hand, the
sizes of the other hand and the pile.

- ``greedy``: one ply.  For every card of its hand at every open stone, the
  best formation it can still reach there (from the rest of its hand for
  sure, from the unseen cards in hope, each unseen card a cost) against the
  best the opponent can hope for there, plus finishing what it started,
  and a claim the card makes provable.
- ``searcher``: determinized Monte-Carlo.  The unseen cards are dealt into
  worlds consistent with what it knows; its candidate moves (the greedy's
  best few) are each played out in the same worlds to the end of the round
  by a heuristic rollout policy, and sequential halving spends the time
  (``--seconds``, 1 s a move by default) on the candidates still in the
  race.  Work is counted in playouts, not timed, when ``--playouts`` is
  given, so that a seed replays its play.
"""

import argparse
import itertools
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import engine  # noqa: E402,F401
from engine.bots import fit  # noqa: E402
from engine.formation import rank3  # noqa: E402
from engine.game import NOBODY, N_STONES, SIDE_MAX, TACTICS, make_game  # noqa: E402
from engine.moves import AUTO_CLAIM, PASS, move  # noqa: E402
from engine.rng import Random  # noqa: E402

# Greedy: what an unseen card costs in a hoped-for formation (its own
# hand's are sure), per card the opponent still needs, per card already on
# a side (finishing what it started), and a claim made provable.
HOPE_COST = 14
THEIR_COST = 10
STARTED = 6
CLAIM = 60
NAMES = ("greedy", "searcher")


def _top3(cards):
    # The best rank of three of ``cards`` (the categories come first).
    by_colour = [0] * 6
    for c in cards:
        by_colour[c // 9] |= 1 << (c % 9)
    best = -100
    for v in range(6, -1, -1):  # a colour run, highest first
        for mask in by_colour:
            if mask >> v & 7 == 7:
                return rank3(v, v + 1, v + 2)
    for v in range(8, -1, -1):  # three of a kind
        if sum(1 for mask in by_colour if mask >> v & 1) >= 3:
            return rank3(v, 9 + v, 18 + v)
    for c, mask in enumerate(by_colour):  # a colour: its three highest
        values = [v for v in range(8, -1, -1) if mask >> v & 1][:3]
        if len(values) == 3:
            best = max(best, rank3(*(c * 9 + v for v in values)))
    if best >= 0:
        return best
    every = 0
    for mask in by_colour:
        every |= mask
    for v in range(6, -1, -1):  # a run
        if every >> v & 7 == 7:
            return 32 + 3 * v + 6
    values = sorted((c % 9 for c in cards), reverse=True)[:3]
    return sum(values) + 3 if len(values) == 3 else -100


def _best(side, sure, hoped, cost):
    # The best rank ``side`` can be completed to, less ``cost`` for each
    # card taken from ``hoped`` (cards from ``sure`` are free).
    need = SIDE_MAX - len(side)
    if need <= 0:
        return rank3(*side[:3])
    if need == 3 and not sure:
        return _top3(hoped) - 3 * cost
    pool = [(c, 0) for c in sure] + [(c, cost) for c in hoped]
    if len(pool) < need:
        return -100  # it cannot be finished
    best = -100
    for extra in itertools.combinations(pool, need):
        cards = side + [c for c, _ in extra]
        v = rank3(*cards) - sum(k for _, k in extra)
        if v > best:
            best = v
    return best


def _unseen(game, player):
    # The clan cards ``player`` cannot see: not on the table, not in hand.
    hand = set(game.hand_cards(player))
    return [c for c in range(54) if game.unseen[c // 9] >> (c % 9) & 1 and c not in hand]


def greedy_scores(game, player=-1):
    """(score, move) for every placement of the player to move, best
    first; [] when it cannot place."""
    p = game.to_move if player < 0 else player
    stones = game.open_stones(p)
    hand = [c for c in game.hand_cards(p) if c < 54]
    if not stones or not hand:
        return []
    unseen = _unseen(game, p)
    theirs = {}
    for s in range(N_STONES):
        if stones >> s & 1:
            side = list(game.cards_at(s, 1 - p))
            theirs[s] = rank3(*side) if len(side) == SIDE_MAX else _best(side, [], unseen, THEIR_COST)
    claimable = game.claimable(p)
    out = []
    for card in hand:
        rest = [c for c in hand if c != card]
        for s in range(N_STONES):
            if not stones >> s & 1:
                continue
            side = list(game.cards_at(s, p)) + [card]
            v = _best(side, rest, unseen, HOPE_COST) - theirs[s] + STARTED * len(side) - card % 9
            m = move(card, s)
            if game.claimable_after(m) & ~claimable:
                v += CLAIM
            out.append((v, m))
    out.sort(key=lambda vm: -vm[0])
    return out


def _scores(game):
    # The greedy's judgement of the turn, for a variant the partners play.
    if game.variant == TACTICS:
        raise ValueError("the sparring partners play the classic and expert variants")
    return greedy_scores(game)


class Greedy:
    """The one-ply greedy player (classic and expert)."""

    def __init__(self, seed=0):
        self.rng = Random(seed)

    def choose(self, game):
        scores = _scores(game)
        if not scores:
            return PASS | AUTO_CLAIM
        best = scores[0][0]
        ties = [m for v, m in scores if v == best]
        return ties[self.rng.below(len(ties))] | AUTO_CLAIM


def rollout_move(game, rng):
    """The rollout policy's move for the player to move: a hand card at
    random, at the open stone where it fits best (``engine.bots.fit``: the
    same colour, a near value, the same value beside it), ties in a random
    order.  (Choosing the card too, the best fit of the whole hand, gave
    fewer playouts, about 650 a second against 840, and a weaker searcher:
    it won 35% of 40 games against hard at 0.5 s a move, this one 55%.)"""
    p = game.to_move
    stones = game.open_stones(p)
    n = game.hand_n[p]
    if not stones or not n:
        return PASS | AUTO_CLAIM
    hand = game.hand[p]
    best = -1
    pick = PASS
    noise = rng.bits30()  # (one draw a move: the ties' order)
    card = hand[noise % n]
    for s in range(N_STONES):
        if stones >> s & 1:
            score = fit(game, card, s, p, SIDE_MAX) * 8 + (noise >> s + 3 & 7)
            if score > best:
                best = score
                pick = move(card, s)
    return pick | AUTO_CLAIM


def playout(game, rng, me):
    """Play ``game`` (a world) to the round's end by the rollout policy:
    1 when ``me`` wins, 0.5 for a draw, 0 for a loss."""
    while game.winner == NOBODY:
        game.apply(rollout_move(game, rng))
    if game.winner == me:
        return 1.0
    return 0.0 if game.winner in (0, 1) else 0.5


class Searcher:
    """Determinized Monte-Carlo with sequential halving over the greedy's
    best candidates (classic and expert)."""

    def __init__(self, seed=0, seconds=1.0, playouts=0, candidates=12):
        self.rng = Random(seed)
        self.seconds = seconds
        self.playouts = playouts  # a fixed count (reproducible) instead of the time
        self.candidates = candidates
        self.world = make_game(0)
        self.run = make_game(0)

    def choose(self, game):
        scores = _scores(game)
        if len(scores) < 2:
            return scores[0][1] | AUTO_CLAIM if scores else PASS | AUTO_CLAIM
        p = game.to_move
        alive = [m for _, m in scores[: self.candidates]]
        totals = {m: 0.0 for m in alive}
        counts = {m: 0 for m in alive}
        rounds = max(1, (len(alive) - 1).bit_length())
        start = time.perf_counter()
        for r in range(rounds):
            # Each round: every candidate still in the race, in the same
            # new worlds; then the better half goes on.
            share = max(1, self.playouts // (rounds * len(alive))) if self.playouts else 0
            k = 0
            while True:
                if self.playouts:
                    if k >= share:
                        break
                elif time.perf_counter() - start > self.seconds * (r + 1) / rounds and k:
                    break
                seed = self.rng.bits30()
                world = self.world
                world.copy_from(game)
                world.determinize(p, Random(seed))
                run = self.run
                for m in alive:
                    run.copy_from(world)
                    run.apply(m | AUTO_CLAIM)
                    totals[m] += playout(run, Random(seed ^ 0x5A5A), p)
                    counts[m] += 1
                k += 1
            alive.sort(key=lambda m: -totals[m] / counts[m])
            if len(alive) > 1:
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        return alive[0] | AUTO_CLAIM


def make(name, seed=0, seconds=1.0, playouts=0):
    """A sparring partner by name."""
    if name == "greedy":
        return Greedy(seed)
    if name == "searcher":
        return Searcher(seed, seconds, playouts)
    raise ValueError("unknown sparring partner %r (%s)" % (name, ", ".join(NAMES)))


def serve(bot, lines, out):
    """Answer protocol requests from ``lines`` on ``out`` until quit."""
    from desk.protocol import serve_request

    games = {}
    for line in lines:
        line = line.strip()
        if not line:
            continue
        try:
            answer = serve_request(json.loads(line), bot, games)
        except ValueError as e:  # (json's errors are ValueErrors too)
            answer = {"error": str(e)}
        if answer is None:
            return
        out.write(json.dumps(answer) + "\n")
        out.flush()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("name", choices=NAMES)
    ap.add_argument("--seconds", type=float, default=1.0, help="the searcher's time a move (default 1)")
    ap.add_argument("--playouts", type=int, default=0, help="the searcher's playouts a move instead of a time")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    serve(make(args.name, args.seed, args.seconds, args.playouts), sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
