"""Won endgames: positions with the clan pile empty where the player to
move can force a win, taken from games of every level and of the
sparring partners, and how many of them the hard level gives away.
(The strength notebook, tools/strength/notebook.md.)

    python tools/strength/wonends.py OUT [--games N] [--jobs J] [--minutes M] [--playouts P]
    python tools/strength/wonends.py OUT --check [--jobs J] [--before]

Without ``--check``: plays games ``0 .. N-1`` (deal 7000 + g) between the
pairs of ``PAIRS`` in turn, the classic variant for the first round of
pairs, then the expert, and so on, seats swapped every other round of
pairs, bots seeded 2g + 1 and 2g + 2 (the searcher with a fixed count of
playouts, so that a game replays; hard without its exact search, as the
games were before it); at every turn with the pile empty, the
exact search (``engine.endgame``, no limit) says whether the player to
move can force a win, and each such position goes to OUT, one line a game
(JSON: the game, its players and variant, its won positions with the
positions the search reached).  Resumable: the games OUT holds are not
played again; it stops starting games after ``--minutes`` (a run may be
taken up again later).

With ``--check``: each position of OUT is checked won by a search that
shares nothing with the engine's but its rules (``desk.brute.forced_win``),
then the hard level (seeded from the position's number) plays it, and the
check says whether the round is still won after hard's move.  ``--before``
turns hard's exact search off (``engine.ai._EXACT``): the hard level as it
was before it.  Prints the positions, those given away and the most
positions the hard level's search reached.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

import engine  # noqa: E402,F401
from engine.bots import Bot  # noqa: E402
from engine.classic import Game  # noqa: E402
from engine.game import CLASSIC, EXPERT, NOBODY  # noqa: E402
from engine.match import Match  # noqa: E402
from desk import count, jobs, json_lines, pool, reason, results, run as run_command, sparring  # noqa: E402
from desk.brute import forced_win  # noqa: E402
from desk.endgame import UNKNOWN, Endgame  # noqa: E402
from desk.position import dump, load  # noqa: E402

PAIRS = (("easy", "hard"), ("medium", "hard"), ("hard", "hard"), ("greedy", "hard"), ("searcher", "hard"),
         ("easy", "medium"), ("medium", "greedy"), ("greedy", "searcher"), ("easy", "searcher"),
         ("medium", "searcher"), ("easy", "greedy"), ("medium", "medium"))
NAMES = ("classic", "expert")


def game_of(g):
    """Game ``g``'s players (seat 0 first) and variant."""
    a, b = PAIRS[g % len(PAIRS)]
    lap = g // len(PAIRS)
    if lap // 2 % 2:
        a, b = b, a
    return (a, b), (CLASSIC, EXPERT)[lap % 2]


def one_game(args):
    """Game ``g``'s won positions with the pile empty."""
    g, playouts = args
    from engine import ai

    ai._EXACT = 0  # (the games as the levels played them before hard's exact search)
    names, variant = game_of(g)
    game = Match(7000 + g, 1, variant).game
    bots = [sparring.player(n, s, playouts) for n, s in zip(names, (2 * g + 1, 2 * g + 2))]
    search = Endgame()
    view = Game()
    won = []
    while game.winner == NOBODY:
        if game.deck_pos >= 54:
            view.copy_from(game)
            r = search.win(view, 10 ** 12)
            if r > UNKNOWN:  # (a move: the round is won)
                won.append({"position": dump(game), "mover": names[game.to_move], "nodes": search.nodes,
                            "move": len(game.history)})
        game.apply(game.spell_claims(bots[game.to_move].choose(game)))
    return {"game": g, "players": list(names), "variant": NAMES[variant], "won": won}


def read(path):
    """The game records of ``path`` (none when it is missing)."""
    return json_lines(path, lambda r: isinstance(r, dict) and type(r.get("game")) is int
                      and isinstance(r.get("won"), list), "a game's record")


def check_one(args):
    """Position ``i`` (a loaded position's JSON): (won by the brute force,
    given away by hard, the positions hard's search reached)."""
    i, pos, before = args
    from engine import ai

    if before:
        ai._EXACT = 0
    game = load(pos)
    won = forced_win(game)
    root = game.to_move
    bot = Bot("hard", 90001 + i)
    m = game.spell_claims(bot.choose(game))
    game.apply(m)
    kept = forced_win(game, root)
    game.undo()
    nodes = bot.endgame.nodes if bot.endgame is not None else 0
    return won, won and not kept, nodes


def main(argv=None):
    ap = argparse.ArgumentParser(description="Won endgames from games of every level, and hard's play of them.")
    ap.add_argument("out")
    ap.add_argument("--games", type=count, default=400)
    ap.add_argument("--jobs", type=jobs, default=2)
    ap.add_argument("--minutes", type=float, default=18.0, help="start no game after this long (default 18)")
    ap.add_argument("--playouts", type=count, default=64, help="the searcher's playouts a move (default 64)")
    ap.add_argument("--check", action="store_true", help="check each position and let hard play it")
    ap.add_argument("--before", action="store_true", help="with --check: hard without its exact search")
    a = ap.parse_args(argv)
    try:
        records = read(a.out)
    except (OSError, ValueError) as e:
        ap.error("%s: %s" % (a.out, reason(e)))
    if a.check:
        tasks = [(i, p["position"], a.before) for i, p in enumerate(x for r in records for x in r["won"])]
        won = given = most = 0
        given_at = []
        with pool(a.jobs, len(tasks)) as workers:
            for i, (w, g, n) in enumerate(workers.imap(check_one, tasks)):
                won += w
                given += g
                most = max(most, n)
                if g:
                    given_at.append(i)
        print("%d positions, %d won by the brute force; hard%s gives away %d%s; its search reached %d positions at most"
              % (len(tasks), won, " (before its exact search)" if a.before else "", given,
                 " (%s)" % " ".join(map(str, given_at)) if given_at else "", most))
        return 0 if won == len(tasks) else 1
    done = {r["game"] for r in records}
    todo = [(g, a.playouts) for g in range(a.games) if g not in done]
    records += results(a.out, one_game, todo, a.jobs, a.minutes)
    positions = sum(len(r["won"]) for r in records)
    print("%d games, %d won endgames (pile empty, the player to move can force a win)" % (len(records), positions))
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))
