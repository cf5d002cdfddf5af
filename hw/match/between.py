"""What goes back to the heap between the parts of a session: between two
rounds of a match (``rest``), and at the menu, between two matches, a
lesson, a review or the statistics (``floor``).  The memory plan of a
session, phase by phase, is docs/architecture.md's; this module is loaded
for these moments alone and dropped, so that no phase holds its code.
"""

from engine import unload

# The menu is a session's floor: back at it, the app holds what it held at
# power-up (the menu's screen and the language table aside).  What a
# match, a review, a lesson or the statistics may have loaded goes: either
# variant's rules and bots, the turn's code, the review's, its questions'
# and the lessons', the statistics' counters, the kept mistakes'; a link's
# session, once its last move is delivered (hw.match.link: Link.rest).
_FLOOR = ("hw.match.turn", "engine.bots", "engine.botkit", "engine.ai", "engine.endgame", "engine.tbots", "engine.classic",
          "engine.threat", "engine.tactics", "engine.elite", "engine.formation", "engine.review", "engine.lessons",
          "engine.lesson_classic", "engine.lesson_expert", "engine.lesson_tactics", "hw.saves.tally", "engine.weigh",
          "engine.mistakes", "hw.saves.kept")


def rest(app):
    """While a round's end shows (its board kept by the match, the next
    round dealt, ``hw.screens.ends`` about to be loaded), the turn and the bots'
    code go back to the heap (their thinking space went already:
    ``hw.match.play``'s ``idle_bots``), made again at the next turn: a board's
    heap peaked there."""
    app.turn = None
    unload("hw.match.turn")
    for name in ("engine.ai", "engine.endgame", "engine.tbots", "engine.botkit"):  # (engine.bots: the Bot's class, kept with it)
        unload(name)


def floor(app):
    """The menu reached with no match in play (``hw.app``'s ``App.leave``):
    the floor, then this module goes too."""
    app.turn = None
    app.bots = [None, None]
    for name in _FLOOR:
        unload(name)
    if app.link is not None:
        app.link.rest(app)  # (the link and its code, once no linked match needs them)
    unload("hw.match.between")
