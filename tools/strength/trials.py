"""Trial changes to the hard level that screened worse or no better, kept
so that the strength notebook's commands (tools/strength/notebook.md) run again:
``python tools/strength/screen.py OUT --try NAME``.  Desktop only, never shipped.

- ``chance``: the board judged as the chance of winning the round (every
  stone won or lost independently with its judged chance; five stones or
  three adjacent, both runs a coin toss) instead of the stones' sum and
  the runs of three.
- ``reply``: hard's three best placements judged again two plies deep
  instead of with its own next draws: in each of four worlds the
  opponent's best answer by the same judge (its hand known to it, not to
  us), then the position judged from four fresh worlds; a won or lost
  round counts as a clear lead, not as the round (one world's loss would
  drown the rest).
- ``playouts``: hard's three best placements decided by playouts.
- ``toll``: hard with medium's toll on showing a card the opponent needs.
- ``finish``, ``finish400``: hard with a bonus (150, 400) for finishing its
  side of a stone.
- ``blend``, ``blend-half``, ``blend5``: hard's second look adding its
  first look's value (all of it, half) instead of replacing it; over its
  five best (``blend5``).
- ``distil``, ``distil-half``, ``distil-all``, ``distil-all-half``: hard's
  second look plus what the searcher's playouts value in a placement
  (tools/strength/distil.py's fit: finishing a side, a claim made provable, one
  beside a won stone...), with the first fit's weights or the whole one's,
  all of them or half.
"""

import os
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import distil  # noqa: E402
import screen  # noqa: E402
from desk import sparring  # noqa: E402
from engine import ai  # noqa: E402
from engine.classic import Game  # noqa: E402
from engine.game import CLASSIC, N_STONES, NOBODY  # noqa: E402
from engine.moves import AUTO_CLAIM, PASS, move  # noqa: E402
from engine.rng import Random  # noqa: E402


def win_chance(odds):
    """The chance (0 to 1) that the player of ``odds`` (each stone's chance,
    0 to 250) wins the round, the stones independent."""
    states = {(0, 0, 0, 0, 0): 1.0}  # (run for, run against, has a run for, against, stones)
    for s in range(N_STONES):
        x = odds[s] / 250.0
        out = {}
        for (rp, rq, hp, hq, c), pr in states.items():
            if x > 0:
                k = (min(rp + 1, 2), 0, hp or rp == 2, hq, c + 1)
                out[k] = out.get(k, 0.0) + pr * x
            if x < 1:
                k = (0, min(rq + 1, 2), hp, hq or rq == 2, c)
                out[k] = out.get(k, 0.0) + pr * (1 - x)
        states = out
    won = 0.0
    for (_, _, hp, hq, c), pr in states.items():
        won += pr * (0.5 if hp and hq else 1.0 if hp else 0.0 if hq else 1.0 if c >= 5 else 0.0)
    return won


def _board_chance(judge, total):
    return int(win_chance(judge.odds) * 16000) - 8000


class Chance(screen.Tuned):
    def __init__(self, seed, knobs):
        screen.Tuned.__init__(self, seed, knobs)
        self.bot.judge._board = types.MethodType(_board_chance, self.bot.judge)


class Candidates(screen.Tuned):
    """Hard's first look picks its ``CANDIDATES`` best placements (the
    ``keep`` knob, if given); a subclass's ``pick`` chooses among them
    instead of hard's second look."""

    CANDIDATES = 3

    def __init__(self, seed, knobs):
        screen.Tuned.__init__(self, seed, knobs)
        self.CANDIDATES = knobs.get("keep", self.CANDIDATES)
        self.bot.top_v = [0] * self.CANDIDATES
        self.bot.top_m = [0] * self.CANDIDATES

    def takes(self, game):
        """Whether this trial decides ``game``'s move (else hard does)."""
        return game.variant == CLASSIC

    def decide(self, game):
        bot = self.bot
        if not self.takes(game):
            return bot.choose(game)
        moves = sparring.hard_candidates(bot, game, self.CANDIDATES)
        if len(moves) < 2:  # (a move that wins at once, or the only one)
            return moves[0] if moves else PASS | AUTO_CLAIM
        return self.pick(moves)  # (bot.view: the position as the player to move sees it)


class SecondLook(Candidates):
    """A subclass's ``judge_in`` judges each of hard's candidates again in
    the same worlds instead of hard's second look, and the best total is
    played."""

    SEEDS = 4  # worlds a candidate

    def __init__(self, seed, knobs):
        Candidates.__init__(self, seed, knobs)
        self.world = Game()

    def pick(self, moves):
        bot = self.bot
        g = bot.view
        p = g.to_move
        seeds = [bot.rng.bits30() for _ in range(self.SEEDS)]
        best = None
        for cand in moves:
            total = 0
            for seed in seeds:
                w = self.world
                w.copy_from(g)
                w.determinize(p, Random(seed))
                w.apply(w.spell_claims(cand))
                total += self.judge_in(w, p, seed)
            if best is None or total > best:
                best, m = total, cand
        return m


class Reply(SecondLook):
    CAP = 12000  # a round won or lost counts as this much, not as WIN

    def __init__(self, seed, knobs):
        SecondLook.__init__(self, seed, knobs)
        self.theirs = ai.Judge(hope=8, lack=30, tempo=60)

    def takes(self, game):
        return game.variant == CLASSIC and game.deck_pos < 54

    def answer(self, w, q):
        # q's best placement by its own judge, a claim that wins first.
        judge = self.theirs
        judge.worlds = 0
        judge.begin(w, q)
        stones = w.open_stones(q)
        best, pick = None, PASS
        for h in range(w.hand_n[q] if stones else 0):
            card = w.hand[q][h]
            for s in range(N_STONES):
                if stones >> s & 1:
                    m = move(card, s)
                    token = w.play_tentatively(m)
                    claims = w.claimable(q)
                    if claims and w.wins_with(q, claims):
                        w.unplay(m, token)
                        return m
                    v = judge.value_after(w, q, card, s)
                    w.unplay(m, token)
                    if best is None or v > best:
                        best, pick = v, m
        return pick

    def judge_in(self, w, p, seed):
        # The opponent's answer, then the position judged from fresh worlds.
        if w.winner == NOBODY and w.to_move != p:
            w.apply(w.spell_claims(self.answer(w, w.to_move) | AUTO_CLAIM))
        judge = self.bot.judge
        if w.winner == NOBODY:
            judge.sample(w, p, Random(seed ^ 77), self.SEEDS, ai._HORIZON)
        return max(-self.CAP, min(self.CAP, judge.value(w, p)))


class Playouts(SecondLook):
    """Hard's three best placements decided by playouts instead of its
    second look: each played out to the round's end in the same worlds by
    the searcher's rollout policy (desk/sparring.py), the most wins taken."""

    SEEDS = 60  # playouts a candidate

    def judge_in(self, w, p, seed):
        from desk.sparring import playout

        return playout(w, Random(seed ^ 0x5A5A), p)


class Toll(screen.Tuned):
    """Hard with a toll on showing a card that the opponent's best
    completion at some open stone would use (as medium has, 60 less its
    judgement, on one stone): the greedy, which hopes for every card it cannot see, goes
    on hoping for the ones kept back."""

    TOLL = 120  # (the board counts each stone twice: medium's 60 on one stone)

    def __init__(self, seed, knobs):
        screen.Tuned.__init__(self, seed, knobs)
        bot = self.bot
        judge = bot.judge
        begin = judge.begin
        value_after = judge.value_after
        needed = [0] * 6

        def begin_tolled(game, p):
            begin(game, p)
            needed[:] = ai._needed(bot, game, p)

        def value_tolled(game, p, card, stone):
            v = value_after(game, p, card, stone)
            return v - self.TOLL if needed[card // 9] >> (card % 9) & 1 else v

        judge.begin = begin_tolled
        judge.value_after = value_tolled


class Finish(screen.Tuned):
    """Hard with a bonus for a placement that finishes its side of a stone
    (the third card), what the searcher's playouts prefer where they
    overrule hard (tools/strength/teacher.py)."""

    BONUS = 150  # (the board's units: a stone's chance counts twice)

    def __init__(self, seed, knobs):
        screen.Tuned.__init__(self, seed, knobs)
        judge = self.bot.judge
        value_after = judge.value_after

        def value_finished(game, p, card, stone):
            v = value_after(game, p, card, stone)
            return v + self.BONUS if game.n[stone * 2 + p] == 3 else v

        judge.value_after = value_finished


class FinishMore(Finish):
    BONUS = 400


class Blend(Candidates):
    """Hard whose second look does not replace its first: each of the
    first look's ``CANDIDATES`` best is chosen by its second look's value
    plus ``WEIGHT`` / 16 of its first look's (the two judge the same board,
    the first with the opponent's draws only, the second with p's own
    too)."""

    WEIGHT = 16

    def pick(self, moves):
        bot = self.bot
        looks = sparring.second_look_values(bot, moves)
        best = None
        for i, cand in enumerate(moves):
            v = self.extra(bot.view, cand & ~AUTO_CLAIM) + looks[i] + bot.top_v[i] * self.WEIGHT // 16
            if best is None or v > best:
                best, m = v, cand
        return m

    def extra(self, g, m):
        """What a subclass adds to placement ``m``'s second look."""
        return 0


class BlendHalf(Blend):
    WEIGHT = 8


class BlendFive(Blend):
    CANDIDATES = 5


class Distil(Blend):
    """Hard's second look plus what the searcher's playouts value and it
    does not count (tools/strength/distil.py's fit on tools/strength/teacher.py's records):
    each feature of a placement (distil.FEATURES) weighs ``BONUS`` of the
    board's units."""

    WEIGHT = 0
    #        finish, late finish, provable, beside won, value, opens, theirs, theirs full
    BONUS = (5000, 0, 2400, 6700, 0, 0, 0, -2400)

    def extra(self, g, m):
        return sum(b * f for b, f in zip(self.BONUS, distil.features(g, m)) if b)


class DistilHalf(Distil):
    BONUS = tuple(b // 2 for b in Distil.BONUS)


class DistilAll(Distil):
    """The weights of the fit on 91 deals (1,865 turns), every feature."""

    BONUS = (5300, 1300, 4100, 3100, -190, -1080, 440, -950)


class DistilAllHalf(Distil):
    BONUS = tuple(b // 2 for b in DistilAll.BONUS)


TRIALS = {"chance": Chance, "reply": Reply, "playouts": Playouts, "toll": Toll, "finish": Finish,
          "finish400": FinishMore,
          "blend": Blend, "blend-half": BlendHalf, "blend5": BlendFive,
          "distil": Distil, "distil-half": DistilHalf,
          "distil-all": DistilAll, "distil-all-half": DistilAllHalf}
