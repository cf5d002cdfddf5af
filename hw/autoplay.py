"""A bot at the buttons: plays a human seat by pressing what a person would.

Used by the sim's ``--autoplay`` (and by the tests) to play whole games
through the screens: the bot picks the move, this presses the buttons that
choose that card, that stone and those claims.
"""

from engine.bots import Bot
from engine.game import N_STONES, lowest
from hw import buttons
from hw.app import (CARD, CLAIM, CLAIM_FIRST, DETAIL, HANDOFF, MENU, MENU_ROWS, NOTICE, PAUSE,
                    ROUND_END, STONE, TURN)


class AutoPlayer:
    def __init__(self, level="medium", seed=0):
        self.bot = Bot(level, seed)
        self.plan = None  # (turn number, card, stone, claims)

    def next_button(self, app):
        """The next button to press, or None to let time pass (the other
        side is thinking) or when the match is over."""
        mode = app.mode
        if mode == MENU:
            return buttons.A if MENU_ROWS[app.row] == "start" else buttons.DOWN
        if mode in (HANDOFF, NOTICE, ROUND_END):
            return buttons.A
        if mode in (DETAIL, PAUSE):
            return buttons.B
        if mode != TURN:  # thinking, linking, the other board's turn, the end
            return None
        game = app.game
        turn = len(game.history)
        if self.plan is None or self.plan[0] != turn:
            m = game.spell_claims(self.bot.choose(game))
            self.plan = (turn, m & 63, m >> 6 & 15, m >> 10 & 0x1FF)
        _, card, stone, claims = self.plan
        phase = app.phase
        if phase in (CLAIM, CLAIM_FIRST):
            todo = claims & ~app.claims & app.claimable
            if not todo:
                return buttons.B
            return self._towards(app.stone_cursor, lowest(todo), N_STONES) or buttons.A
        if phase == CARD:
            target = app.hand().index(card)
            return self._towards(app.cursor, target, len(app.hand())) or buttons.A
        if phase == STONE:
            if app.stone_cursor == stone:
                return buttons.A
            return buttons.RIGHT if (stone - app.stone_cursor) % N_STONES <= N_STONES // 2 else buttons.LEFT
        return None

    @staticmethod
    def _towards(at, target, n):
        # LEFT or RIGHT towards ``target`` on a ring of ``n``; 0 when there.
        if at == target:
            return 0
        return buttons.RIGHT if (target - at) % n <= n // 2 else buttons.LEFT
