"""Screen a change to the hard level: the hard bot with other knobs against
the hard bot as it is (or a sparring partner), many quick paired games.

    python tools/strength/screen.py OUT [--knobs K=V,...] [--try NAME] [--against hard|greedy|searcher]
                               [--games N] [--jobs J] [--variant classic|expert] [--seed S]
    python tools/strength/screen.py OUT --searcher K=V,... [--variant classic|expert|tactics] [...]

Knobs (the classic levels' judge and search, engine/ai.py): ``hope``,
``lack``, ``tempo``, ``adjacent``, ``draws`` (the judge's weights, and its
own next draws counted in depth), ``slope`` (the judge's curve made
steeper or flatter: 16 is as it is), ``worlds``, ``keep``, ``horizon``
(the search's budgets).  ``--try NAME`` plays a trial change of
tools/strength/trials.py instead (with the knobs too).  ``--searcher K=V,...``
plays the sparring searcher (desk/sparring.py) in the changed bot's seat
instead, with ``playouts`` a move (200 unless given), ``candidates``,
``policy`` (its rollouts: ``fit``, ``pairs`` or ``smart``), ``margin``
(the share, in percent, of a playout's result that is the stones'
difference), ``source`` (where its candidates come from: ``greedy`` or
``hard``'s first look) and ``trust`` (with hard's candidates, the head
start in percent of hard's own choice among them).  Settings not given
are the first searcher's (``SEARCHER``: the greedy's twelve, ``fit``, no
head start), so that the notebook's runs stay comparable; the
searcher's own defaults are ``source=hard,candidates=3,trust=3``.  Every deal is played twice,
the seats swapped; the bots' seeds follow the deal.  Each finished pair is
appended to OUT as one line ``deal score`` (the changed bot's points, 0 to
2, a draw counting a half), after a first line ``# what`` that says what
played them (``worlds=16 vs greedy, classic``), so that a run that stops
can be run again with the same arguments and goes on where it stopped,
and a run with others is refused there.  Prints the changed bot's
score with a 95% interval (Wilson) at the end.  ``--compare OTHER`` plays
nothing: OUT's score less OTHER's on their common deals (two changes
against the same opponent), with a 95% interval.  Desktop only: the tuned
bot is the board's own code with its constants changed in this process.
"""

import argparse
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

import engine  # noqa: E402,F401
from engine import ai  # noqa: E402
from engine.bots import Bot  # noqa: E402
from engine.game import DRAW, NOBODY, TACTICS, VARIANTS, make_game  # noqa: E402
from desk import appending, count, jobs, pool, reason, run as run_command, sparring, whole  # noqa: E402

JUDGE = ("hope", "lack", "tempo", "adjacent", "draws")
SEARCH = {"worlds": "_WORLDS", "keep": "_KEEP", "horizon": "_HORIZON", "slope": "CURVE"}
HARD_JUDGE = {"hope": 8, "lack": 30, "tempo": 60, "adjacent": 3, "draws": 3}  # engine.ai's for hard


class Tuned:
    """The hard bot with some knobs changed (the rest as engine.ai has
    them): its judge's weights set once, the search's budgets set around
    each of its moves."""

    def __init__(self, seed, knobs):
        judge = dict(HARD_JUDGE)
        self.budgets = {}
        for k, v in knobs.items():
            if k in JUDGE:
                judge[k] = v
            elif k == "slope":  # the judge's curve, its steepness times slope / 16
                self.budgets["CURVE"] = bytes(ai.CURVE[min(64, max(0, 32 + (i - 32) * v // 16))] for i in range(65))
            else:
                self.budgets[SEARCH[k]] = v
        # The bot as engine.ai.choose makes it on its first turn, with this judge.
        bot = self.bot = sparring.hard_bot(seed, ai._KEEP)
        bot.judge = ai.Judge(**{k: v for k, v in judge.items() if k != "draws"})
        bot.judge.my_horizon = judge["draws"]

    def choose(self, game):
        saved = {name: getattr(ai, name) for name in self.budgets}
        for name, v in self.budgets.items():
            setattr(ai, name, v)
        try:
            return self.decide(game)
        finally:
            for name, v in saved.items():
                setattr(ai, name, v)

    def decide(self, game):
        """The move, the search's budgets set (a trial decides otherwise)."""
        bot = self.bot
        if len(bot.top_v) < ai._KEEP:
            bot.top_v = [0] * ai._KEEP
            bot.top_m = [0] * ai._KEEP
        return bot.choose(game)


def trial_names():
    """The trials of tools/strength/trials.py, by name (loaded only for this: they
    load this module)."""
    import trials

    return sorted(trials.TRIALS)


# What a knob may be (the judge's weights: 0 to 1000): beyond, a bot that
# would take hours a move or more memory than there is.
KNOB_RANGE = {"worlds": (1, 64), "keep": (1, 24), "horizon": (1, 12), "slope": (1, 64), "draws": (0, 12)}


def parse_knobs(text):
    """``"hope=10,worlds=12"`` as a dict of ints; ValueError in our words."""
    knobs = {}
    for part in filter(None, (text or "").split(",")):
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq or name not in JUDGE and name not in SEARCH:
            raise ValueError("a knob is NAME=VALUE with NAME one of %s, not %r" % (", ".join(JUDGE + tuple(SEARCH)), part))
        knobs[name] = _whole_in("knob " + name, value, *KNOB_RANGE.get(name, (0, 1000)))
    return knobs


def _whole_in(what, value, low, high):
    # ``value``, plain digits from ``low`` to ``high``, as an int;
    # ValueError in our words (no 1_0, no other scripts' digits, no
    # thousands of them).
    value = value.strip()
    if not value or not all("0" <= c <= "9" for c in value):
        raise ValueError("%s: %r is not a whole number" % (what, value[:20]))
    if len(value) > 6 or not low <= int(value) <= high:
        raise ValueError("%s: %s is out of range (%d to %d)" % (what, value[:20], low, high))
    return int(value)


# The first searcher's settings (the notebook's screens start from them).
SEARCHER = {"playouts": 200, "candidates": 12, "policy": "fit", "margin": 0, "source": "greedy", "trust": 0}


def parse_searcher(text):
    """``"playouts=800,policy=pairs"`` as the searcher's settings (the
    rest as ``SEARCHER`` has them); ValueError in our words."""
    out = dict(SEARCHER)
    for part in filter(None, (text or "").split(",")):
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq or name not in SEARCHER:
            raise ValueError("a searcher's setting is NAME=VALUE with NAME one of %s, not %r" % (", ".join(SEARCHER), part))
        if name in ("policy", "source"):
            names = sparring.ROLLOUTS if name == "policy" else ("greedy", "hard")
            if value not in names:
                raise ValueError("%s %r: one of %s" % (name, value, ", ".join(names)))
            out[name] = value
            continue
        low, high = (0, 100) if name in ("margin", "trust") else (1, 100000) if name == "playouts" else (1, 60)
        out[name] = _whole_in("searcher's " + name, value, low, high)
    return out


def _player(name, seed, knobs, trial=None):
    if name == "tuned" and isinstance(knobs, dict) and "policy" in knobs:
        k = dict(knobs)
        margin = k.pop("margin") / 100
        trust = k.pop("trust") / 100
        return sparring.Searcher(seed, margin=margin, trust=trust, **k)
    if name == "tuned":
        if trial:
            import trials

            return trials.TRIALS[trial](seed, knobs)
        return Tuned(seed, knobs)
    if name == "hard":
        return Bot("hard", seed)
    return sparring.make(name, seed, playouts=200)


def deal_points(deal, variant, mine, theirs):
    """The points (0 to 2, a draw a half) of the player ``mine(seed)``
    makes against the one ``theirs(seed)`` makes, on ``deal`` played twice,
    the seats swapped; their seeds follow the deal."""
    points = 0.0
    for swap in (0, 1):
        game = make_game(variant)
        game.deal(deal, deal % 2)
        players = [mine(2 * deal + 1), theirs(2 * deal + 2)]
        me = 0
        if swap:
            players.reverse()
            me = 1
        while game.winner == NOBODY:
            m = players[game.to_move].choose(game)
            game.apply(game.spell_claims(m))
        points += 0.5 if game.winner == DRAW else 1.0 if game.winner == me else 0.0
    return points


def play_pair(args):
    """The changed bot's points (0 to 2) on ``deal``, played twice."""
    deal, against, knobs, variant, trial = args
    return deal, deal_points(deal, variant, lambda seed: _player("tuned", seed, knobs, trial),
                             lambda seed: _player(against, seed, {}))


def wilson(points, n):
    """95% interval of a rate of ``points`` in ``n`` games."""
    if not n:
        return 0.0, 1.0
    z = 1.96
    p = points / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def read(path, match=None):
    """The pairs already in ``path``: {deal: points}; ValueError naming
    the first line that is not ``deal points``.  A first line ``# what``
    says what played them; with ``match``, a file that says otherwise is
    refused (its games are not this match's)."""
    done = {}
    if os.path.exists(path):
        with open(path) as f:
            for i, line in enumerate(f, 1):
                if i == 1 and line.startswith("# "):
                    if match is not None and line[2:].strip() != match:
                        raise ValueError("%s holds the games of %s, not of %s: another file for these"
                                         % (path, line[2:].strip(), match))
                    continue
                parts = line.split()
                try:
                    deal, points = int(parts[0]), float(parts[1])
                    if len(parts) != 2 or not 0 <= points <= 2:
                        raise ValueError
                except (ValueError, IndexError):
                    raise ValueError("%s line %d: not a screen's result (deal points)" % (path, i)) from None
                done[deal] = points
    return done


def compare(mine, other):
    """The score of ``mine`` less that of ``other`` (results files' dicts)
    on their common deals, in points of win rate, with a 95% interval
    (normal, from the deals' differences): (difference, low, high, games)."""
    deals = sorted(set(mine) & set(other))
    n = len(deals)
    if n < 2:
        raise ValueError("fewer than two deals in common to compare")
    diffs = [(mine[d] - other[d]) / 2 for d in deals]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return 100 * mean, 100 * (mean - half), 100 * (mean + half), 2 * n


def main(argv=None):
    ap = argparse.ArgumentParser(description="Screen a change to the hard level in paired games.")
    ap.add_argument("out", help="the results file (appended; a run goes on where it stopped)")
    ap.add_argument("--knobs", default="", help="the changed bot's knobs, e.g. hope=10,worlds=12")
    ap.add_argument("--against", default="hard", choices=("hard", "greedy", "searcher"),
                    help="the opponent (the searcher plays 200 playouts a move)")
    ap.add_argument("--games", type=count, default=1000, help="games to reach (each deal twice), default 1000")
    ap.add_argument("--jobs", type=jobs, default=2)
    ap.add_argument("--compare", metavar="OTHER",
                    help="only compare OUT with another results file, deal by deal (no games played)")
    ap.add_argument("--try", dest="trial", choices=trial_names(),
                    help="a trial change of tools/strength/trials.py instead of hard's own judge")
    ap.add_argument("--searcher", metavar="K=V,...",
                    help="play the sparring searcher with these settings instead of a changed hard")
    ap.add_argument("--variant", choices=VARIANTS, default="classic",
                    help="the variant (tactics only with --searcher: the changed hard is a classic bot)")
    ap.add_argument("--seed", type=whole, default=1, help="the first deal (default 1)")
    a = ap.parse_args(argv)
    for path in (a.out, a.compare) if a.compare else ():
        if not os.path.isfile(path):
            ap.error("cannot read %s: no such file" % path)
    try:
        knobs = parse_knobs(a.knobs)
        if a.searcher is not None:
            if a.knobs or a.trial:
                raise ValueError("--searcher plays the searcher: no --knobs or --try with it")
            knobs = parse_searcher(a.searcher)
            name = "searcher " + (a.searcher or "as it was first")
        else:
            name = " ".join(x for x in (a.trial, a.knobs) if x) or "hard"
        match = "%s vs %s, %s" % (name, a.against, a.variant)
        done = read(a.out, None if a.compare else match)
    except (OSError, UnicodeDecodeError) as e:
        ap.error("cannot read %s: %s" % (a.out, reason(e)))
    except ValueError as e:
        ap.error(reason(e))
    if a.compare:
        try:
            diff, lo, hi, n = compare(done, read(a.compare))
        except (OSError, UnicodeDecodeError) as e:
            ap.error("cannot read %s: %s" % (a.compare, reason(e)))
        except ValueError as e:
            ap.error(reason(e))
        print("%s less %s: %+.1f points of win rate on %d games of the same deals (95%%: %+.1f to %+.1f)"
              % (a.out, a.compare, diff, n, lo, hi))
        return 0
    variant = VARIANTS.index(a.variant)
    if variant == TACTICS and a.searcher is None:
        ap.error("the tactics variant only with --searcher: the knobs and trials are the classic hard's")
    todo = [(d, a.against, knobs, variant, a.trial) for d in range(a.seed, a.seed + (a.games + 1) // 2) if d not in done]
    try:
        os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
        with appending(a.out) as f, pool(a.jobs, len(todo)) as workers:
            if not f.tell():
                f.write("# %s\n" % match)
            for deal, points in workers.imap_unordered(play_pair, todo):
                f.write("%d %g\n" % (deal, points))
                f.flush()
                done[deal] = points
    except BrokenPipeError:
        raise
    except OSError as e:
        ap.error("cannot write %s: %s" % (a.out, reason(e)))
    deals = [d for d in done if a.seed <= d < a.seed + (a.games + 1) // 2]
    points = sum(done[d] for d in deals)
    n = 2 * len(deals)
    lo, hi = wilson(points, n)
    print("%s: %.1f%% of %d games (95%%: %.1f-%.1f%%)" % (match, 100 * points / n, n, 100 * lo, 100 * hi))
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))  # (Ctrl-C or a closed output: stopped, no traceback; the file goes on next time)
