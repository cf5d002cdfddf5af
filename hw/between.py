"""Between two rounds of a match: while the round's end shows (its board
kept by the match, the next round dealt, ``hw.ends`` about to be loaded),
the turn and the bots' thinking (their arrays and code) go back to the
heap, made again at the next turn: a board's heap peaked there.  A bot's
moves do not depend on them (its sampled worlds come from its seed's
generator, kept).  Loaded by ``hw.play`` for this alone, and dropped: a
match does not hold this code.
"""

from engine import unload


def rest(app):
    app.turn = None
    unload("hw.turn")
    for bot in app.bots:
        if bot is not None:
            bot.tactics = bot.view = bot.judge = None
    for name in ("engine.ai", "engine.tbots", "engine.botkit"):  # (engine.bots: the Bot's class, kept with it)
        unload(name)
