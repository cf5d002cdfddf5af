"""The review's move costs against an independent estimate: what each
reviewed move gave away by the hard level's judgement (``engine.review``)
beside what it gave away by many playouts (the searcher's way of judging,
``desk.sparring.playout``), over matches of every level.  (The strength
notebook, tools/strength/notebook.md; the thresholds in docs/playing.md.)

    python tools/strength/reviewcal.py OUT [--rounds N] [--jobs J] [--minutes M] [--screen S] [--playouts P]
    python tools/strength/reviewcal.py OUT --fit

Without ``--fit``: plays rounds ``0 .. N-1`` (deal 9100 + r, one round a
match) between the pairs of ``PAIRS`` in turn, the classic variant, then
the expert, and so on; the first seat is the reviewed player, the weaker
one in half the pairs.  Every other move of the reviewed player (from its
first or second, by the round's parity) is an item: the review's
``values`` (best and played, hard seeded as the review seeds it), and
every legal placement played out in ``--screen`` worlds dealt from what
the player knew, then the best few of those, hard's move and the move
played out in ``--playouts`` more (the same worlds for all: their
differences are sharper than each), with hard's second-look value of each.
One line a round in OUT (JSON); resumable: the rounds OUT holds are not
played again; no round starts after ``--minutes``.

With ``--fit``: the winning chance a judgement stands for (a logistic
curve through the playouts' results) and, for the review's costs, how the
classes' thresholds meet the issue's marks.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

import engine  # noqa: E402,F401
from engine import review, weigh  # noqa: E402
from engine.bots import Bot  # noqa: E402
from engine.game import CLASSIC, EXPERT, NOBODY, make_game  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.moves import AUTO_CLAIM, PASS, move  # noqa: E402
from engine.rng import Random  # noqa: E402
from desk import count, jobs, json_lines, pool, reason, results, run as run_command, sparring  # noqa: E402

# (the reviewed player first)
PAIRS = (("easy", "hard"), ("hard", "easy"), ("medium", "hard"), ("hard", "medium"), ("easy", "medium"),
         ("medium", "easy"), ("hard", "hard"), ("greedy", "hard"), ("hard", "searcher"), ("medium", "medium"))
NAMES = ("classic", "expert")
FINAL = 5  # the screen's best, played out again with hard's move and the move played


def round_of(r):
    """Round ``r``'s players (the reviewed first) and variant."""
    return PAIRS[r % len(PAIRS)], (CLASSIC, EXPERT)[r // len(PAIRS) % 2]


def placements(game):
    """Every legal placement of the player to move, claiming all it can."""
    return [m | AUTO_CLAIM for m in game.legal_moves() if m != PASS]


def play_out(game, moves, worlds, seed, totals, policy="fit"):
    """Each of ``moves`` played out in ``worlds`` worlds of ``game`` dealt
    from what its player knows (the same worlds and rollouts for all,
    drawn from ``seed``), the results (1 a win, 0.5 a draw) added to
    ``totals``.  ``policy``: the searcher's rollout policy ("fit") or a
    level's bots on both sides ("easy", "medium", "hard")."""
    p = game.to_move
    world = make_game(game.variant)
    run = make_game(game.variant)
    rng = Random(seed)
    for _ in range(worlds):
        s = rng.bits30()
        world.copy_from(game)
        world.determinize(p, Random(s))
        for m in moves:
            run.copy_from(world)
            run.apply(m)
            if policy == "fit":
                totals[m] = totals.get(m, 0.0) + sparring.playout(run, Random(s ^ 0x5A5A), p)
                continue
            bots = (Bot(policy, s), Bot(policy, s ^ 0x5A5A))
            while run.winner == NOBODY:
                run.apply(bots[run.to_move].choose(run))
            totals[m] = totals.get(m, 0.0) + (1.0 if run.winner == p else 0.0 if run.winner in (0, 1) else 0.5)


def round_moves(r):
    """Round ``r``'s moves, played (the same every time: seeded bots)."""
    (a, b), variant = round_of(r)
    game = Match(9100 + r, 1, variant).game
    bots = [sparring.player(a, 2 * r + 1, 64), sparring.player(b, 2 * r + 2, 64)]
    while game.winner == NOBODY:
        game.apply(game.spell_claims(bots[game.to_move].choose(game)))
    return game.round_moves()


def weighed(args):
    """The review's cost (``engine.weigh.cost``, as it is now, with
    ``unit`` of judgement a point if given) of each move of round ``r``'s
    reviewed player: {move number: points}."""
    r, unit = args
    if unit:
        weigh._UNIT = unit
    (a, b), variant = round_of(r)
    seed = 9100 + r
    moves = round_moves(r)
    hard = review.hard_bot(variant)
    out = {}
    for n, m in review.positions(seed, 1, variant, moves):
        g = m.game
        if g.to_move == 0:
            out[n] = weigh.cost(hard, g, review.hard_move(hard, g, seed, n), moves[n])
    return r, out


def one_round(args):
    """Round ``r``'s items."""
    r, screen, playouts, policy = args
    (a, b), variant = round_of(r)
    seed = 9100 + r
    moves = round_moves(r)
    hard = review.hard_bot(variant)
    items = []
    turn = 0
    for n, m in review.positions(seed, 1, variant, moves):
        g = m.game
        if g.to_move != 0:
            continue
        turn += 1
        played = moves[n]
        if turn % 2 != r % 2 or len(placements(g)) < 2:
            continue
        hm = review.hard_move(hard, g, seed, n)
        vals = weigh.values(hard, g, hm, played)
        if vals is None:
            continue
        every = placements(g)
        totals = {}
        play_out(g, every, screen, seed * 1000 + n, totals)
        ranked = sorted(every, key=lambda x: -totals[x])
        final = ranked[:FINAL]
        for x in (_key(played) | AUTO_CLAIM, _key(hm) | AUTO_CLAIM):
            if x not in final:
                final.append(x)
        deep = {}
        play_out(g, final, playouts, seed * 1000 + n + 500, deep, policy)
        judged = sparring.look_values(hard, final, True)
        first = sparring.look_values(hard, final, False)
        items.append({"n": n, "deck": g.deck_pos, "values": list(vals),
                      "played": _key(played), "hard": _key(hm),
                      "moves": [[_key(x), deep[x] / playouts, totals[x] / screen, v, w]
                                for x, v, w in zip(final, judged, first)]})
    return {"round": r, "players": [a, b], "variant": NAMES[variant], "items": items}


def _key(m):
    # A placement's card and stone (claims aside): the same move however claimed.
    from engine.moves import move_card, move_stone

    return move(move_card(m), move_stone(m))


def read(path):
    """The rounds' records of ``path`` (none when it is missing)."""
    return json_lines(path, lambda r: isinstance(r, dict) and type(r.get("round")) is int
                      and isinstance(r.get("items"), list), "a round's record")


def costs(records, jobs, unit=0):
    """Per item: (the review's cost as the engine weighs it now, with
    ``unit`` if given, the playouts' cost, the variant, the reviewed
    player), in points."""
    with pool(jobs, len(records)) as workers:
        now = dict(workers.imap_unordered(weighed, [(rec["round"], unit) for rec in records]))
    out = []
    for rec in records:
        for it in rec["items"]:
            est = {k: p for k, p, _, _, _ in it["moves"]}
            true = 100 * (max(est.values()) - est[it["played"]])
            out.append((min(100, now[rec["round"]][it["n"]]), true, rec["variant"], rec["players"][0]))
    return out


def marks(pairs, inacc, mistake):
    """The issue's three marks for thresholds ``inacc`` and ``mistake``
    (a blunder is a mistake here): the share of moves called mistakes
    that cost 5 points or more, of moves within 2 points called
    mistakes, of moves costing 15 or more called good (missed)."""
    called = [t for c, t, _, _ in pairs if c >= mistake]
    near = [c for c, t, _, _ in pairs if t <= 2]
    big = [c for c, t, _, _ in pairs if t >= 15]
    precision = sum(1 for t in called if t >= 5) / max(1, len(called))
    false = sum(1 for c in near if c >= mistake) / max(1, len(near))
    missed = sum(1 for c in big if c < inacc) / max(1, len(big))
    return precision, false, missed, len(called), len(near), len(big)


def main(argv=None):
    ap = argparse.ArgumentParser(description="The review's move costs against many playouts.")
    ap.add_argument("out")
    ap.add_argument("--rounds", type=count, default=40)
    ap.add_argument("--jobs", type=jobs, default=2)
    ap.add_argument("--minutes", type=float, default=18.0, help="start no round after this long (default 18)")
    ap.add_argument("--screen", type=count, default=48, help="worlds every placement is played out in (default 48)")
    ap.add_argument("--playouts", type=count, default=1000, help="worlds the best few are played out in (default 1000)")
    ap.add_argument("--policy", choices=("fit", "easy", "medium", "hard"), default="fit",
                    help="who plays the best few out: the searcher's rollouts (default) or a level on both sides")
    ap.add_argument("--fit", action="store_true", help="measure the review's classes against the playouts")
    ap.add_argument("--units", type=count, nargs="*",
                    help="with --fit: these units of judgement a point instead of the engine's")
    a = ap.parse_args(argv)
    try:
        records = read(a.out)
    except (OSError, ValueError) as e:
        ap.error("%s: %s" % (a.out, reason(e)))
    if a.fit:
        for unit in a.units or [0]:
            pairs = costs(records, a.jobs, unit)
            print("%d reviewed moves; %s of judgement a point" % (len(pairs), unit or "engine.weigh's unit"))
            for who in sorted({w for _, _, _, w in pairs}):
                mine = [(c, t) for c, t, _, w in pairs if w == who]
                print("  %-8s %3d moves: the review's cost %4.1f points a move, the playouts' %4.1f" %
                      (who, len(mine), sum(c for c, _ in mine) / len(mine), sum(t for _, t in mine) / len(mine)))
            for inacc, mistake in ((3, 6), (4, 8), (5, 10), (6, 12), (8, 16)):
                pr, fa, mi, nc, nn, nb = marks(pairs, inacc, mistake)
                print("  inaccuracy %2d mistake %2d: %3.0f%% of %d mistakes cost 5+, %2.0f%% of %d near-best called"
                      " mistakes, %2.0f%% of %d costing 15+ called good"
                      % (inacc, mistake, 100 * pr, nc, 100 * fa, nn, 100 * mi, nb))
        return 0
    done = {rec["round"] for rec in records}
    todo = [(r, a.screen, a.playouts, a.policy) for r in range(a.rounds) if r not in done]
    records += results(a.out, one_round, todo, a.jobs, a.minutes)
    print("%d rounds, %d reviewed moves" % (len(records), sum(len(rec["items"]) for rec in records)))
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))
