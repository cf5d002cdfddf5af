"""How much could an exact endgame search win?  (The strength notebook,
tools/strength/notebook.md.)

    python tools/strength/endgame.py A B [--games N] [--pile K] [--limit N] [--jobs J]

A and B are levels or sparring partners (``hard``, ``greedy``, ...), as in
tools/tournament.py; classic games, seeds 1000 + game, the bots' seeds
2g + 1 and 2g + 2, seats swapped every other game.  At every turn of
``hard`` with at most K cards left in the clan pile (0 by default: the pile
empty, where the round is a game of perfect information), desk/endgame.py
searches the true position (both hands and the pile's order known: with
K > 0, an oracle's view, a bound on what any search could find) for a move
that wins whatever the other does, within ``--limit`` positions.  Prints
how often a game gets there, how many of hard's turns there were won, how
many of those hard's own move threw away, how many games hard then lost,
and the positions each search needed.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

import engine  # noqa: E402,F401
from engine.classic import Game  # noqa: E402
from engine.game import LEVELS, NOBODY  # noqa: E402
from engine.match import Match  # noqa: E402
from desk import count, count_upto, jobs, pool, run as run_command, sparring, whole  # noqa: E402
from desk.endgame import NOT_WON, UNKNOWN, Endgame  # noqa: E402

KEYS = ("reached", "turns", "won", "thrown", "lost", "unknown")


def one_game(args):
    """The counts of game ``g`` and the positions each search needed."""
    g, names, pile, limit = args
    game = Match(1000 + g, 1, 0).game
    bots = [sparring.player(n, s) for n, s in zip(names, (2 * g + 1, 2 * g + 2))]
    names = list(names)
    if g % 2:
        bots.reverse()
        names.reverse()
    search = Endgame()
    view = Game()
    out = dict.fromkeys(KEYS, 0)
    nodes = []
    had_win = [False, False]
    while game.winner == NOBODY:
        p = game.to_move
        m = bots[p].choose(game)
        if 54 - game.deck_pos <= pile and names[p] == "hard":
            out["reached"] = 1
            out["turns"] += 1
            view.copy_from(game)
            r = search.win(view, limit)
            nodes.append(search.nodes)
            if r == UNKNOWN:
                out["unknown"] += 1
            elif r != NOT_WON:
                out["won"] += 1
                had_win[p] = True
                if search.after(view, m, limit) == NOT_WON:
                    out["thrown"] += 1
        game.apply(game.spell_claims(m))
    out["lost"] = sum(1 for p in (0, 1) if had_win[p] and game.winner != p)
    return out, nodes


def main(argv=None):
    ap = argparse.ArgumentParser(description="The gain's ceiling of an exact endgame search for hard.")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=count, default=200)
    ap.add_argument("--pile", type=whole, default=0, help="cards left in the pile at most (default 0)")
    ap.add_argument("--limit", type=count_upto(10 ** 9), default=1000000, help="positions a search may try")
    ap.add_argument("--jobs", type=jobs, default=2)
    a = ap.parse_args(argv)
    for name in (a.a, a.b):
        if name not in LEVELS and name not in sparring.NAMES:
            ap.error("unknown player %r" % name)
    if "hard" not in (a.a, a.b):
        ap.error("one of the two must be hard: the ceiling is that of hard's endgames")
    total = dict.fromkeys(KEYS, 0)
    nodes = []
    with pool(a.jobs, a.games) as workers:
        for out, n in workers.imap_unordered(one_game, [(g, (a.a, a.b), a.pile, a.limit) for g in range(a.games)]):
            for k in KEYS:
                total[k] += out[k]
            nodes += n
    nodes.sort()
    at = (lambda q: nodes[min(len(nodes) - 1, len(nodes) * q // 100)]) if nodes else (lambda q: 0)
    print("%s vs %s, pile <= %d: %d games, %d reach it; hard's turns there %d, won %d, thrown away %d, "
          "games lost after a win %d, unsettled %d; positions a search: median %d, 90%% %d, max %d"
          % (a.a, a.b, a.pile, a.games, total["reached"], total["turns"], total["won"], total["thrown"],
             total["lost"], total["unknown"], at(50), at(90), at(100)))
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))
