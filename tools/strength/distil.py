"""What do the searcher's playouts prefer that hard's judge does not see?
(The strength notebook, tools/strength/notebook.md: the teacher, distilled.)

    python tools/strength/distil.py RECORDS [--seed S]

RECORDS is a file of tools/strength/teacher.py written with ``--every``: at every
turn of hard with a choice, its three best placements by its first look
and each one's playouts.  For every candidate this works out hard's own
second-look value (hard's judge, its own next draws in each sampled world,
in the board's units) and a few features a board could count at once, then
fits the playouts' win rate, turn by turn (each turn's mean taken off, so
that only the differences between a turn's candidates count), on the
second-look value and the features by least squares.  Prints each
feature's weight in points of win rate and in the board's units (its
weight over the second look's), with a 95% interval: a feature whose
interval leaves out 0 is one the playouts value and the judge does not
count as they do.  Desktop only.
"""

import argparse
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import engine  # noqa: E402,F401
import teacher  # noqa: E402
from engine.cards import parse_card  # noqa: E402
from engine.game import N_STONES  # noqa: E402
from engine import ai  # noqa: E402
from engine.moves import move, move_card, move_stone  # noqa: E402
from desk import reason, run as run_command, sparring, whole  # noqa: E402
from desk.position import load  # noqa: E402

# The features of a placement (card, stone) for the player p to move.
FEATURES = (
    "finishes its side",          # the third card at the stone
    "finishes, pile of 12 or less",
    "a claim made provable",      # stones p can prove after it that it could not before
    "a provable claim beside a won stone",
    "the card's value (1 to 9)",
    "opens an empty stone",
    "the opponent's cards there",
    "the opponent's side full there",
)


CAP = 12000  # a second look's value beyond a clear lead (a round won at once) counts as this


def parse_move(text, game):
    """``G5 at stone 3`` as a move of the player to move in ``game``;
    ValueError unless it is one of its placements."""
    card, _, stone = text.partition(" at stone ")
    if not stone.isdigit() or not 1 <= int(stone) <= N_STONES:
        raise ValueError("%r is not a placement (CARD at stone 1 to %d)" % (text, N_STONES))
    m = move(parse_card(card), int(stone) - 1)
    if m not in game.legal_moves():
        raise ValueError("%r is not a placement of the player to move" % text)
    return m


def features(game, m):
    """The FEATURES of placing ``m`` in ``game`` (the player to move's)."""
    p = game.to_move
    q = 1 - p
    c = move_card(m)
    s = move_stone(m)
    k = game.n[s * 2 + p]
    kq = game.n[s * 2 + q]
    before = game.claimable(p)
    new = game.claimable_after(m) & ~before
    mine = 0
    for t in range(N_STONES):
        if game.owner[t] == p or before >> t & 1:
            mine |= 1 << t
    beside = 0
    for t in range(N_STONES):
        if new >> t & 1 and ((t > 0 and mine >> (t - 1) & 1) or (t < N_STONES - 1 and mine >> (t + 1) & 1)):
            beside += 1
    finishes = k == 2
    return [int(finishes), int(finishes and 54 - game.deck_pos <= 12), bin(new).count("1"), beside,
            c % 9 + 1, int(k == 0), kq, int(kq == 3)]


def second_looks(bot, game, moves):
    """Hard's second-look value of each of ``moves`` in ``game``: its judge
    with worlds sampled afresh, its own next draws in each counted."""
    g = bot.view
    g.copy_from(game)
    p = g.to_move
    g.hide(p)
    bot.judge.sample(g, p, bot.rng, ai._WORLDS, ai._HORIZON)
    return sparring.second_look_values(bot, moves)


def rows(records, seed):
    """Per turn: [(win rate, [second look / 1000, *features])] of its
    candidates; ValueError naming the first turn that is not a teacher's."""
    bot = sparring.hard_bot(seed, 3)
    turns = []
    for i, x in enumerate(records, 1):
        try:
            if x["position"].get("variant") != "classic":
                raise ValueError("not a classic position")
            game = load(x["position"])
            rates = [(parse_move(t, game), r) for t, r in x["playouts"].items()]
            if len(rates) < 2:
                raise ValueError("fewer than two placements played out")
        except ValueError as e:
            raise ValueError("turn %d: %s" % (i, reason(e))) from None
        looks = second_looks(bot, game, [m for m, _ in rates])
        turns.append([(r, [max(-CAP, min(CAP, v)) / 1000.0] + features(game, m))
                      for (m, r), v in zip(rates, looks)])
    return turns


def solve(a, b):
    """x with a x = b (a square, symmetric positive definite), by Gauss."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        piv = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[piv] = m[piv], m[i]
        if abs(m[i][i]) < 1e-12:
            raise ValueError("the features do not vary enough to be told apart")
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                for j in range(i, n + 1):
                    m[r][j] -= f * m[i][j]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(turns):
    """Least squares of the win rate on the columns, each turn's means
    taken off: (weights, standard errors, candidates)."""
    xs, ys = [], []
    for turn in turns:
        k = len(turn)
        my = sum(y for y, _ in turn) / k
        mx = [sum(f[j] for _, f in turn) / k for j in range(len(turn[0][1]))]
        for y, f in turn:
            xs.append([f[j] - mx[j] for j in range(len(f))])
            ys.append(y - my)
    n = len(xs[0])
    xtx = [[sum(r[i] * r[j] for r in xs) for j in range(n)] for i in range(n)]
    xty = [sum(r[i] * y for r, y in zip(xs, ys)) for i in range(n)]
    w = solve(xtx, xty)
    resid = [y - sum(wi * ri for wi, ri in zip(w, r)) for r, y in zip(xs, ys)]
    dof = max(1, len(ys) - n - len(turns))
    s2 = sum(e * e for e in resid) / dof
    se = []
    for i in range(n):
        unit = [0.0] * n
        unit[i] = 1.0
        se.append(math.sqrt(max(0.0, s2 * solve(xtx, unit)[i])))
    return w, se, len(ys)


def main(argv=None):
    ap = argparse.ArgumentParser(description="What the searcher's playouts prefer that hard's judge does not see.")
    ap.add_argument("records", help="a tools/strength/teacher.py file written with --every")
    ap.add_argument("--seed", type=whole, default=1, help="hard's seed for its worlds (default 1)")
    a = ap.parse_args(argv)
    try:
        done = teacher.read(a.records)
    except (OSError, UnicodeDecodeError) as e:
        ap.error("cannot read %s: %s" % (a.records, reason(e)))
    except ValueError as e:
        ap.error(reason(e))
    if not os.path.exists(a.records):
        ap.error("cannot read %s: no such file" % a.records)
    short = [d for d, r in sorted(done.items()) if len(r["lessons"]) < r["turns"]]
    if short:
        ap.error("%s: deal %d holds only its lessons: written without --every, it cannot be fitted" % (a.records, short[0]))
    records = [x for d, r in sorted(done.items()) for x in r["lessons"]]
    try:
        turns = rows(records, a.seed)
    except ValueError as e:
        ap.error("%s: %s" % (a.records, reason(e)))
    if len(turns) < 20:
        ap.error("%s: %d turns to fit, too few (20 or more)" % (a.records, len(turns)))
    try:
        w, se, n = fit(turns)
    except ValueError as e:
        ap.error(reason(e))
    print("%d turns, %d candidates" % (len(turns), n))
    print("| column | points of win rate | 95% interval | in the board's units |")
    print("| --- | --- | --- | --- |")
    names = ("hard's second look (per 1,000 of the board's units)",) + FEATURES
    for name, wi, si in zip(names, w, se):
        units = "" if name.startswith("hard's") else "%.0f" % (1000 * wi / w[0]) if w[0] > 0 else "-"
        print("| %s | %+.2f | %+.2f to %+.2f | %s |" % (name, 100 * wi, 100 * (wi - 1.96 * si), 100 * (wi + 1.96 * si),
                                                      units))
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))
