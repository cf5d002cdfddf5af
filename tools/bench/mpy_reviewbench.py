# The review's work on one move (engine.review: the hard level's move, then
# what the move played gave away, the exact search's proof once the clan
# pile is empty, and for a mistake how many placements are good) under MicroPython or CircuitPython's interpreter, for the
# review's time budget (3 s a move on the slower calibration).
#
#   mpy_reviewbench.py GAMES [REPEAT [FIRST]]
#
# Plays GAMES games (deals FIRST, FIRST + 1, ...; every other one expert,
# the others classic; easy against hard, the reviewed player easy, seated
# first and second in turn) and reviews every move of easy's with one hard
# bot for the whole game, as the board's review does, each move worked out
# REPEAT times from the same state and the fastest counted.  Prints the
# calibration loop's time, the moves, the median and longest review move
# (us), the longest with the pile still open and with the pile empty.
import engine  # noqa: F401
from engine import review, weigh
from engine.bots import Bot
from engine.game import NOBODY
from engine.match import Match
from mpy_clock import calibrate, fastest, games_args, report

games, repeat, first, calibration = games_args()


def weighed(hard, g, d, n, played):
    # The review's work on move n (hard_move reseeds the bot: the same each
    # time): a mistake's placements counted too (is it a question?), as the
    # board's review does (hw.screens.review).
    best = review.hard_move(hard, g, d, n)
    points = weigh.cost(hard, g, best, played)
    if weigh.grade(points) >= weigh.MISTAKE and points != weigh.GIVEN_AWAY:
        weigh.choices(hard, g, best)
    return points


times = []
end_max = 0
open_max = 0
for d in range(first, first + games):
    variant = d & 1
    match = Match(d, 1, variant)
    game = match.game
    me = d >> 1 & 1  # (easy's seat)
    bots = [None, None]
    bots[me] = Bot("easy", 2 * d + 1)
    bots[1 - me] = Bot("hard", 2 * d + 2)
    while game.winner == NOBODY:
        game.apply(game.spell_claims(bots[game.to_move].choose(game)))
    moves = game.round_moves()
    bots = match = game = None
    hard = review.hard_bot(variant, True)
    for n, m in review.positions(d, 1, variant, moves):
        g = m.game
        if g.to_move != me:
            continue
        dt = fastest(repeat, weighed, hard, g, d, n, moves[n])[0]
        times.append(dt)
        if g.deck_pos >= 54:
            end_max = max(end_max, dt)
        else:
            open_max = max(open_max, dt)
    calibration = calibrate(calibration, 1)
report(calibration, times, "moves")
print("open_max_us %d" % open_max)
print("end_max_us %d" % end_max)
