"""Where does the searcher overrule hard?  (The strength notebook,
tools/strength/notebook.md: the searcher as a teacher.)

    python tools/strength/teacher.py OUT [--games N] [--playouts P] [--gap G] [--against hard|greedy]
                                [--every] [--jobs J] [--seed S]

Plays classic games, hard against ``--against`` (hard by default), deals
S to S + N - 1 (hard in the first seat on even deals).  At every turn of
hard with a choice, its three best moves by its first look (its own
choice among them by its second look, which it plays) are each played out
P times (300 by default) in the same worlds of what hard cannot see, as
the searcher does (desk/sparring.py), with no head start.  A turn where
another move's playouts beat hard's choice by at least G points of win
rate (5 by default) is a lesson: its position (the position format,
as hard sees it), hard's move, the searcher's, and each candidate's
playouts; ``--every`` records every turn with a choice so (the lessons
still counted by G).  One JSON line a deal is appended to OUT
(``{"deal", "turns", "lessons": [...], "settings"}``, the settings that
played it), so that a run that stops goes on where it stopped, and a run
with other settings is refused there; prints how many of hard's turns
were overruled at the end.  Desktop only.
"""

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

import engine  # noqa: E402,F401
from engine.bots import Bot  # noqa: E402
from engine.cards import card_name  # noqa: E402
from engine.game import CLASSIC, NOBODY, make_game  # noqa: E402
from engine.moves import AUTO_CLAIM, PASS, move_card, move_stone  # noqa: E402
from desk import appending, count, jobs, pool, reason, run as run_command, sparring, whole  # noqa: E402
from desk.position import dump  # noqa: E402


def said(m):
    """A placement for people: ``G5 at stone 3``."""
    return "%s at stone %d" % (card_name(move_card(m)), move_stone(m) + 1)


def one_deal(args):
    """The record of deal ``d``: hard's turns with a choice and the lessons."""
    d, settings = args
    against, playouts, every = settings["against"], settings["playouts"], settings["every"]
    gap = (settings["gap"] or 0) / 100
    game = make_game(CLASSIC)
    game.deal(d, d % 2)
    me = d % 2
    hard = sparring.hard_bot(2 * d + 1, 3)
    other = Bot("hard", 2 * d + 2) if against == "hard" else sparring.make(against, 2 * d + 2)
    judge = sparring.Searcher(2 * d + 1, playouts=playouts, trust=0)
    turns = 0
    lessons = []
    while game.winner == NOBODY:
        if game.to_move != me:
            game.apply(game.spell_claims(other.choose(game)))
            continue
        moves = sparring.hard_candidates(hard, game, 3)
        m = moves[0] if moves else PASS | AUTO_CLAIM
        if len(moves) > 1:
            m = sparring.hard_pick(hard, moves)  # (hard's own move)
            turns += 1
            totals = dict.fromkeys(moves, 0.0)
            for _ in range(playouts):
                judge.play_out(game, moves, totals)
            best = max(moves, key=lambda c: totals[c])
            if every or best != m and (totals[best] - totals[m]) / playouts >= gap:
                lessons.append({"move": game.move_count(), "position": dump(game, viewer=me),
                                "hard": said(m), "searcher": said(best),
                                "playouts": {said(c): round(totals[c] / playouts, 3) for c in moves}})
        game.apply(game.spell_claims(m))
    return {"deal": d, "turns": turns, "lessons": lessons, "settings": settings}


def lesson(record, gap):
    """Whether a recorded turn is a lesson: the searcher's move beats
    hard's by ``gap`` (a share of the playouts) or more."""
    p = record["playouts"]
    return record["searcher"] != record["hard"] and p[record["searcher"]] - p[record["hard"]] >= gap - 1e-9


def said_settings(settings):
    """A record's settings as the options that gave them."""
    if not isinstance(settings, dict):
        return repr(settings)[:60]
    words = ["--against %s --playouts %s" % (settings.get("against"), settings.get("playouts"))]
    words.append("--every" if settings.get("every") else "--gap %s" % settings.get("gap"))
    return " ".join(words)


def _is_turn(x):
    # A recorded turn: its position, hard's move and the searcher's among
    # the candidates, each with its win rate from 0 to 1.
    rates = x.get("playouts") if isinstance(x, dict) else None
    return (isinstance(rates, dict) and isinstance(x.get("position"), dict)
            and all(type(v) in (int, float) and 0 <= v <= 1 for v in rates.values())
            and type(x.get("hard")) is str and type(x.get("searcher")) is str  # (a list or an object: no move)
            and x.get("hard") in rates and x.get("searcher") in rates)


def read(path, settings=None):
    """The deals already in ``path``: {deal: record}; ValueError naming the
    first line that is not a deal's record, or (with ``settings``) the
    first played otherwise (its ``settings``: another opponent, count of
    playouts, gap or --every)."""
    done = {}
    if os.path.exists(path):
        if not os.path.isfile(path):  # (a device such as /dev/zero: lines without end)
            raise ValueError("%s: not a file of deals' records" % path)
        with open(path) as f:
            for i, line in enumerate(f, 1):
                try:
                    r = json.loads(line)
                    if not (type(r.get("deal")) is int and type(r.get("turns")) is int and isinstance(r.get("lessons"), list)
                            and len(r["lessons"]) <= r["turns"] and all(_is_turn(x) for x in r["lessons"])):
                        raise ValueError
                except (ValueError, AttributeError, RecursionError):
                    raise ValueError("%s line %d: not a deal's record" % (path, i)) from None
                if settings is not None and r.get("settings", settings) != settings:
                    raise ValueError("%s line %d: played with %s, not %s: another file for these"
                                     % (path, i, said_settings(r["settings"]), said_settings(settings)))
                done[r["deal"]] = r
    return done


def percent(text):
    """An argparse type: a whole number from 0 to 100."""
    n = whole(text)
    if n > 100:
        raise argparse.ArgumentTypeError("must be 0 to 100: %r" % text[:20])
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(description="Where the searcher's playouts overrule hard's choice.")
    ap.add_argument("out", help="the records file (appended; a run goes on where it stopped)")
    ap.add_argument("--games", type=count, default=100, help="deals to play (one game each), default 100")
    ap.add_argument("--playouts", type=count, default=300, help="playouts of each candidate a turn, default 300")
    ap.add_argument("--gap", type=percent, default=5, help="points of win rate (0 to 100) that make a lesson, default 5")
    ap.add_argument("--against", choices=("hard", "greedy"), default="hard")
    ap.add_argument("--every", action="store_true", help="record every turn with a choice, not only the lessons")
    ap.add_argument("--jobs", type=jobs, default=2)
    ap.add_argument("--seed", type=whole, default=1, help="the first deal (default 1)")
    a = ap.parse_args(argv)
    settings = {"against": a.against, "playouts": a.playouts, "every": a.every, "gap": None if a.every else a.gap}
    try:
        done = read(a.out, settings)
    except (OSError, UnicodeDecodeError) as e:
        ap.error("cannot read %s: %s" % (a.out, reason(e)))
    except ValueError as e:
        ap.error(reason(e))
    deals = range(a.seed, a.seed + a.games)
    todo = [(d, settings) for d in deals if d not in done]
    try:
        os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
        with appending(a.out) as f, pool(a.jobs, len(todo)) as workers:
            for record in workers.imap_unordered(one_deal, todo):
                f.write(json.dumps(record) + "\n")
                f.flush()
                done[record["deal"]] = record
    except BrokenPipeError:
        raise
    except OSError as e:
        ap.error("cannot write %s: %s" % (a.out, reason(e)))
    turns = sum(done[d]["turns"] for d in deals)
    lessons = sum(lesson(x, a.gap / 100) for d in deals for x in done[d]["lessons"])
    print("hard vs %s, %d game%s: %d of hard's %d turns with a choice overruled by %d points or more (%.1f%%)"
          % (a.against, len(deals), "" if len(deals) == 1 else "s", lessons, turns, a.gap, 100 * lessons / max(1, turns)))
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))  # (Ctrl-C or a closed output: stopped, no traceback; the file goes on next time)
