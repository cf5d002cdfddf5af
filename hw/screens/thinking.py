"""The opponent's bot thinking: the board with "thinking", and the bot's
move on the tick after the screen said so, thought on the match's game
itself, what the bot may not see put aside meanwhile (``Bot.choose_on``:
no view of its own on the heap, as the hint).  A screen's module
(``hw.screens.MODULES``), loaded while a bot is to move."""

from hw.lang import words
from hw.match import play


def press(app, button):
    pass  # (buttons wait for the bot)


def tick(app, now):
    if not app.thought:
        app.thought = True  # let the screen show "thinking" first
        return
    game = app.game
    p = game.to_move
    play.apply(app, p, game.spell_claims(app.bots[p].choose_on(game)))
    app.message = words.last_text(app)
    app.dirty = True
    play.start_turn(app)


def lines(app):
    return None  # (the board, with "thinking" on its bottom line: hw.view)
