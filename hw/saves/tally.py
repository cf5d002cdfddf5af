"""The statistics: what they count, and a finished match counted.

The app keeps them in ``App.stats``, a bytearray of 16-bit counters
(big-endian, two bytes each, stopping at 65535), saved at the end of every
save (``engine.save``: they have the saves' two slots and their discipline
against power cuts).  Loaded when a match ends (``count``, from
``hw.saves.keep``), for the statistics screen (``hw.screens.stats``) and the desktop's
``python -m sim --stats``; dropped after.

Counters, by index::

    LESSONS      lessons finished
    HINTS        hints asked for (this board's player's; both seats' in
                 pass-and-play)
    ROUNDS_WON, ROUNDS_LOST, ROUNDS_DRAWN: the rounds of matches against a
                 bot or over the link, for this board's player
    STONES       stones this board's player owned at those rounds' ends
    STREAK       matches won in a row against a bot or over the link
    BEST         the longest such streak
    TABLE + (opponent * 3 + variant) * 3 + result: finished matches, per
                 opponent (the app's OPPONENTS' order: the bots' levels,
                 pass-and-play, the link, then any the app adds), variant
                 and result: WON, LOST, DRAWN for this board's player; in
                 pass-and-play, player 1 won, player 2 won, drawn.

A match left before its end (a restart, the main menu) is not counted.
"""

from micropython import const

from engine.game import DRAW

LESSONS = const(0)
HINTS = const(1)
ROUNDS_WON = const(2)
ROUNDS_LOST = const(3)
ROUNDS_DRAWN = const(4)
STONES = const(5)
STREAK = const(6)
BEST = const(7)
TABLE = const(8)
WON = const(0)
LOST = const(1)
DRAWN = const(2)


def size(opponents):
    """The bytes of the statistics of an app with ``opponents`` (its menu's)."""
    return 2 * (TABLE + 9 * opponents)


def get(stats, i):
    return stats[2 * i] << 8 | stats[2 * i + 1]


def put(stats, i, value):
    value = min(value, 0xFFFF)
    stats[2 * i] = value >> 8
    stats[2 * i + 1] = value & 255


def add(stats, i, n=1):
    put(stats, i, get(stats, i) + n)


def cell(opponent, variant, result):
    """The counter of matches against ``opponent`` (its index) in
    ``variant`` that ended in ``result``."""
    return TABLE + (opponent * 3 + variant) * 3 + result


def count(app):
    """``app``'s match, just finished, counted in ``app.stats``."""
    stats = app.stats
    match = app.match
    w = match.winner()
    if app.opponent == "pass":
        add(stats, cell(app.OPPONENTS.index("pass"), match.game.variant, DRAWN if w == DRAW else w))
        add(stats, HINTS, app.hints[0] + app.hints[1])
        return
    me = app.me()
    result = DRAWN if w == DRAW else WON if w == me else LOST
    add(stats, cell(app.OPPONENTS.index(app.opponent), match.game.variant, result))
    add(stats, HINTS, app.hints[me])
    for r in match.results:  # (winner, stones of seat 0, stones of seat 1)
        add(stats, ROUNDS_DRAWN if r[0] == DRAW else ROUNDS_WON if r[0] == me else ROUNDS_LOST)
        add(stats, STONES, r[1 + me])
    if result == WON:
        add(stats, STREAK)
        if get(stats, STREAK) > get(stats, BEST):
            put(stats, BEST, get(stats, STREAK))
    else:
        put(stats, STREAK, 0)
