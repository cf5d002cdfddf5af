"""A hint (B while choosing a card): the hard level's move for the
player to move, whatever the opponent's level, and a line of why.  A
screen's module (``hw.screens.MODULES``), loaded while the hint is worked
out: its first tick lets the screen say "Thinking...", the next asks the
hard bot (``engine.bots``, loaded for the hint alone when the match holds
no bot, and dropped after), then shows the move and why (``hw.lang.hint``,
loaded once the bot's thinking is back on the heap) on a notice, the
cursors put on its card and stone (A, then A, plays it).  Counted per seat
(``App.hints``).  Not in a linked match.
"""

import gc

from micropython import const

from engine import unload
from engine.moves import move_card, move_stone
from hw.match import play

_TURN = const(1)  # hw.screens' (tests/test_layers.py holds it equal)


def seed(app):
    """The hint bot's seed: the match's and the move's (the same position
    of the same match, the same hint), as the review's (engine.review.seed:
    tests/test_hint.py holds them equal), so that a hint followed is a
    move the review agrees with."""
    return (app.match.seed * 31 + 7919 + app.match.move_count()) & 0x3FFFFFFF


def press(app, button):
    pass  # (buttons wait for the hint)


def tick(app, now):
    if not app.thought:
        app.thought = True  # let the screen say "Thinking..." first
        return
    game = app.game
    p = game.to_move
    gc.collect()  # (the turn screen's code, left: its room for the bot's thinking)
    app.hinted = m = game.spell_claims(_choose(app))
    if app.bots[0] is None and app.bots[1] is None:
        play.unload_bots()  # (a match without a bot holds none)
    gc.collect()
    app.hints[p] += 1
    card = move_card(m)
    hand = app.hand()
    if card in hand:
        app.turn.cursor = hand.index(card)
        app.turn.stone_cursor = move_stone(m)
    from hw.lang.hint import said

    lines = said(app, m)
    unload("hw.lang.hint")
    app.notice(lines, _TURN)
    app.dirty = True


def _choose(app):
    # The hard bot's move, the bot dropped with its thinking once it is
    # made: the opponent's thinking space went when this turn started
    # (hw.match.play: start_turn), so that its brain is the one on the heap; it
    # thinks on the match's game itself, what the player cannot see put
    # aside meanwhile (Bot.choose_on: no copy of the game).
    from engine.bots import Bot

    return Bot("hard", seed(app)).choose_on(app.game)


def lines(app):
    return None  # (the board, with "Thinking..." on its bottom line: hw.view)
