"""``python -m sim --replay FILE --review [--player 1|2]``: a record's
moves of one player beside the hard level's: in a window, on the board's
review screen (``hw.screens.review``); with ``--headless``, one JSON line each::

    {"move": 7, "player": 0, "position": {...}, "played": {...},
     "hard": {...}, "differs": true, "cost": 12, "class": "mistake",
     "given_away": false, "reason": "makes a colour run"}

``move`` counts the match's moves from 1 (the replay's numbers); ``player``
is the seat (0 or 1, as the position's ``to_move``); ``position`` is the
position as that player saw it and ``played`` and ``hard`` are moves, in the
bot protocol's format (docs/contract.md): what any outside tool can check.
``hard`` is the move the board's review marks against (``engine.review``:
the same seeds), ``differs`` whether the player's move (its claims
included) is another; ``cost`` the points of winning chance the player's
move gave away by the hard level's judgement and ``class`` its class
(``engine.weigh``: "good", "inaccuracy", "mistake" or "blunder"), the
same as the board's review says; ``given_away`` whether it gave away a
round the player could have forced, proved by the exact search once the
clan pile is empty (a blunder, its cost 100); all three null where the
review does not weigh a move (a pass, the tactics variant).  ``reason`` is
why the hard level's move, in the hint's words (``hw.lang.hint.why``,
English), where the board's review says one: a weighed move other than
hard's (but for a good one of the same play); else null.
"""

import json
import sys

from engine.review import hard_bot, hard_move, positions
from engine.weigh import CLASSES, GIVEN_AWAY, cost, grade
from desk.position import dump
from desk.protocol import move_answer
from desk.record import replay
from engine.game import VARIANTS
from engine.moves import play_of
from hw.lang.hint import why
from sim.replay import opened


class _English:
    lang = "en"  # (the review's reasons are the handheld's, in English)


def lines(record, player):
    """The review's objects, one per move of ``player`` (0 or 1) in the
    replayed ``record`` (``desk.record.replay``'s)."""
    header = record.header
    seed = header["seed"]
    moves = record.moves
    variant = VARIANTS.index(header["variant"])
    bot = hard_bot(variant)  # (one for the whole review, as the board's)
    for n, match in positions(seed, header["rounds"], variant, moves):
        game = match.game
        if game.to_move == player:
            m = moves[n]
            hard = hard_move(bot, game, seed, n)
            points = cost(bot, game, hard, m)
            differs = game.spell_claims(m) != hard
            same = play_of(hard) == play_of(m)
            said = differs and points >= 0 and (grade(points) or not same)
            yield {"move": n + 1, "player": player, "position": dump(game, player),
                   "played": move_answer(game, m), "hard": move_answer(game, hard),
                   "differs": differs, "cost": min(points, 100) if points >= 0 else None,
                   "class": CLASSES[grade(points)] if points >= 0 else None,
                   "given_away": points == GIVEN_AWAY if points >= 0 else None,
                   "reason": why(_English, game, hard, same) if said else None}


def window(path, player, desk, runner_class, err=None, lang="en"):
    """The board's review screen (``hw.screens.review``) on a record, in a window
    (its words in ``lang``), until Esc or B; 0, or 2 with one line on
    ``err``."""
    err = err or sys.stderr
    record = opened(path, "review", replay, err)
    if record is None:
        return 2
    from hw.screens import review
    from hw.app import App
    from hw.screens import MENU

    header = record.header
    variant = VARIANTS.index(header["variant"])
    app = App(opponent="pass", variant=variant, rounds=header["rounds"], lang=lang)
    if not review.begin(app, header["seed"], header["rounds"], variant, record.moves, 1 << player):
        err.write("sim review: %s: no move of player %d to review\n" % (path, player + 1))
        return 2
    runner = runner_class(desk, app)
    runner.step()
    while not desk.quit and app.mode != MENU:  # (the review, its questions: B at the review goes to the menu)
        runner.step(desk.buttons())
        desk.idle()
    return 0


def run(path, player, out=None, err=None):
    """Print the review of the record at ``path`` for ``player`` (0 or 1);
    0, or 2 with one line on ``err`` for a record that cannot be read."""
    out = out or sys.stdout
    err = err or sys.stderr
    record = opened(path, "review", replay, err)
    if record is None:
        return 2
    for obj in lines(record, player):
        out.write(json.dumps(obj) + "\n")
    return 0
