"""Tune the hard level's judge by self-play: SPSA over its weights.

    python tools/strength/tune.py STATE [--steps N] [--deals D] [--jobs J] [--seed S]

Each step perturbs every weight at once (each up or down by its own step
size, the signs at random), plays the two bots so made against each other
on D deals (each played twice, seats swapped; new deals every step) and
moves the weights toward the better one, by an amount that shrinks as the
steps go (simultaneous perturbation stochastic approximation).  The weights
are tools/strength/screen.py's knobs: ``hope``, ``lack``, ``tempo``, ``adjacent``,
``slope``; they start where engine/ai.py has them.  Every step appends one
JSON line to STATE (the step, the weights, the score of the "plus" bot), so
that a run that stops goes on from its last line when run again; a run
does ``--steps`` more steps.  Screen the weights it ends with
(tools/strength/screen.py) before believing them.
"""

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools", "strength"))

import screen  # noqa: E402
from desk import appending, count, jobs, pool, reason, run as run_command, whole  # noqa: E402
from engine.rng import Random  # noqa: E402

# The weights, where they start, their perturbation and their bounds.
START = {"hope": 8, "lack": 30, "tempo": 60, "adjacent": 3, "slope": 16}
DELTA = {"hope": 3, "lack": 6, "tempo": 12, "adjacent": 1.5, "slope": 3}
BOUNDS = {"hope": (0, 60), "lack": (0, 80), "tempo": (0, 200), "adjacent": (0, 20), "slope": (4, 48)}
GAIN = 1.5  # the first steps move a weight by about GAIN deltas at a 100%-0% result


def knobs(theta):
    return {k: int(round(v)) for k, v in theta.items()}


def pair(args):
    """The plus bot's points (0 to 2) on ``deal``, against the minus bot."""
    deal, plus, minus = args
    return screen.deal_points(deal, 0, lambda seed: screen.Tuned(seed, plus), lambda seed: screen.Tuned(seed, minus))


def bounded(k, v):
    """Weight ``k`` at ``v``, kept within its bounds."""
    return min(BOUNDS[k][1], max(BOUNDS[k][0], v))


def read(path):
    """The last step in ``path``: (step, theta), or (0, START)."""
    step, theta = 0, dict(START)
    if os.path.exists(path):
        with open(path) as f:
            for i, line in enumerate(f, 1):
                try:
                    rec = json.loads(line)
                    step = rec["step"]
                    theta = {k: rec["theta"][k] for k in START}
                    if type(step) is not int or step < 1 or not all(
                            type(v) in (int, float) and BOUNDS[k][0] <= v <= BOUNDS[k][1] for k, v in theta.items()):
                        raise ValueError
                except (ValueError, KeyError, TypeError, ArithmeticError, RecursionError):
                    raise ValueError("%s line %d: not a tuning step" % (path, i)) from None
    return step, theta


def main(argv=None):
    ap = argparse.ArgumentParser(description="Tune the hard level's judge by self-play (SPSA).")
    ap.add_argument("state", help="the steps so far, one JSON line each (appended)")
    ap.add_argument("--steps", type=count, default=40)
    ap.add_argument("--deals", type=count, default=100, help="deals a step (each played twice)")
    ap.add_argument("--jobs", type=jobs, default=2)
    ap.add_argument("--seed", type=whole, default=100000, help="the first step's first deal")
    a = ap.parse_args(argv)
    try:
        step, theta = read(a.state)
    except (OSError, UnicodeDecodeError) as e:
        ap.error("cannot read %s: %s" % (a.state, reason(e)))
    except ValueError as e:
        ap.error(reason(e))
    try:
        os.makedirs(os.path.dirname(a.state) or ".", exist_ok=True)
        with appending(a.state) as f, pool(a.jobs, a.deals) as workers:
            for _ in range(a.steps):
                step += 1
                rng = Random(step)
                signs = {k: 1 if rng.below(2) else -1 for k in START}
                c = 1.0 / step ** 0.101
                plus = {k: bounded(k, theta[k] + c * DELTA[k] * signs[k]) for k in START}
                minus = {k: bounded(k, theta[k] - c * DELTA[k] * signs[k]) for k in START}
                first = a.seed + step * a.deals
                tasks = [(d, knobs(plus), knobs(minus)) for d in range(first, first + a.deals)]
                score = sum(workers.map(pair, tasks)) / (2 * a.deals)
                g = GAIN / (step + 5) ** 0.602 * 6
                for k in START:
                    # toward plus when it won more than half, scaled to the weight's delta
                    theta[k] = bounded(k, theta[k] + g * (score - 0.5) * DELTA[k] * signs[k])
                f.write(json.dumps({"step": step, "score": round(score, 4), "theta": {k: round(v, 3) for k, v in theta.items()}}) + "\n")
                f.flush()
                print("step %d: plus %.1f%%, weights %s" % (step, 100 * score, knobs(theta)), flush=True)
    except BrokenPipeError:
        raise
    except OSError as e:
        ap.error("cannot write %s: %s" % (a.state, reason(e)))
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))
