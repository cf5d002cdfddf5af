"""A bot at the buttons: plays a human seat by pressing what a person would.

Used by the sim's ``--autoplay`` (and by the tests) to play whole games
through the screens: the bot picks the move, this presses the buttons that
choose that card, that stone and those claims; in the tactics variant also
a Scout's count and the cards it puts back, a ruse's card and destination,
and the pile to draw from.
"""

from engine.game import N_STONES, TACTICS, lowest
from engine.moves import (AUTO_CLAIM, DRAW_TACTIC, PASS, move_card, move_claims, move_dest, move_second, move_slot,
                          move_stone)
from engine.rng import Random
from hw import buttons
from hw.screens import DETAIL, HANDOFF, LEARN, MENU, MENU_ROWS, NOTICE, PAUSE, RESUME, ROUND_END, TURN

_LESSON_TASK = 1  # hw.screens.learn's phase while its move is made (tests/test_learn.py holds it equal)


class AutoPlayer:
    def __init__(self, level="medium", seed=0, tactic_draws=3):
        """``level``: a bot's (``engine.bots.LEVELS``), or "random": any
        legal move, at random, with every provable claim (it keeps no bot,
        so that a run on a board's heap measures the app alone).
        ``tactic_draws``: when the move names no pile, draw from the tactic
        pile one time in this many (so that tactic cards come into play); 0
        never."""
        self.bot = None
        if level != "random":
            from engine.bots import Bot  # (only then: a board's app may hold no bot)

            self.bot = Bot(level, seed)
        self.rng = Random(seed ^ 0x2F2F)
        # The moves it lists, in one list made with it and refilled
        # (legal_moves' ``out``): choosing allocates nothing, so that a
        # board run's player needs no room of the app's (a lesson's
        # Traitor step lists a few hundred).
        self.listed = [0] * 320
        del self.listed[:]
        self.tactic_draws = tactic_draws
        self.plan = None  # (where: match, round, turn; move with claims spelled out; draws from the tactic pile)
        self.task = None  # a lesson's move asked for (engine.lessons), for choose

    def play(self, app, done, now=0, step_ms=50, limit=20000):
        """Press this player's buttons on ``app``, letting ``step_ms`` pass
        whenever it waits, until ``done(app)``; returns the time reached."""
        for _ in range(limit):
            if done(app):
                return now
            b = self.next_button(app)
            if b is None:
                now += step_ms
            else:
                app.press(b)
            app.tick(now)
        raise RuntimeError("the app did not get there in %d steps" % limit)

    def next_button(self, app):
        """The next button to press, or None to let time pass (the other
        side is thinking) or when the match is over."""
        mode = app.mode
        if mode == MENU:
            return buttons.A if MENU_ROWS[app.row] == "start" else buttons.DOWN
        if mode in (HANDOFF, NOTICE, ROUND_END):
            return buttons.A
        if mode == RESUME:  # a saved match: resume it
            return buttons.A if app.choice == 0 else buttons.UP
        if mode in (DETAIL, PAUSE):
            return buttons.B
        if mode == LEARN and app.lesson is None:
            return None  # (chosen on the menu: set up at its first tick)
        if mode == LEARN and app.lesson.phase != _LESSON_TASK:
            return buttons.A  # (a lesson's page read, its move made: on)
        if mode != TURN and mode != LEARN:  # thinking, linking, the other board's turn, the end
            return None
        # (The turn's phases from hw.match.turn, which the app has loaded for the
        # turn: imported here, not with this module, so that a board run's
        # player at the buttons does not load it for the app.)
        from hw.match.turn import CARD, CLAIM, CLAIM_FIRST, DEST, DRAW_PICK, RETURN, SCOUT_N, STONE, TABLE

        game = app.game
        # (A new match, a link dealt anew, may reach the same turn number:
        # a plan is for one turn of one round of one match.  The match by
        # its seed, each match's own: a plan kept after the match that held
        # it, or its id (on a board a long int whose digits look like a
        # pointer to the collector), would keep it, and a board run would
        # count it as the app's.)
        turn = (app.match.seed, len(app.match.results), game.move_count(), app.lesson and app.lesson.k)
        if self.plan is None or self.plan[0] != turn:
            if mode == LEARN:  # (the move the lesson asks for: choose's, so that a board run counts it as the player's)
                self.task = app.lesson.steps[app.lesson.k][1][0]
            m = game.spell_claims(self.choose(game))
            tactic = bool(m & DRAW_TACTIC) or (self.tactic_draws > 0 and self.rng.below(self.tactic_draws) == 0)
            self.plan = (turn, m, tactic)
        _, m, tactic = self.plan
        card = move_card(m)
        stone = move_stone(m)
        claims = move_claims(m)
        phase = app.turn.phase
        if phase in (CLAIM, CLAIM_FIRST):
            todo = claims & ~app.turn.claims & app.turn.claimable
            if not todo:
                return buttons.B
            return self._towards(app.turn.stone_cursor, lowest(todo), N_STONES) or buttons.A
        if phase == CARD:
            target = app.hand().index(card)
            return self._towards(app.turn.cursor, target, len(app.hand())) or buttons.A
        if phase == RETURN:
            # The cards go back in the move's order: first, then second.
            want = (card, move_second(m))[len(app.turn.picked)]
            target = app.hand().index(want)
            return self._towards(app.turn.cursor, target, len(app.hand())) or buttons.A
        if phase == STONE:
            return self._towards(app.turn.stone_cursor, stone, N_STONES) or buttons.A
        if phase == SCOUT_N:
            return self._towards(app.turn.scout_n, stone, 4) or buttons.A
        if phase == TABLE:
            slot = move_slot(m)
            if app.turn.stone_cursor != stone:
                return self._towards(app.turn.stone_cursor, stone, N_STONES)
            return (buttons.DOWN if app.turn.slot != slot else 0) or buttons.A
        if phase == DEST:
            return self._towards(app.turn.dest, move_dest(m), N_STONES + 1) or buttons.A
        if phase == DRAW_PICK:
            return buttons.A if app.turn.pile == tactic else buttons.RIGHT if tactic else buttons.LEFT
        return None

    def choose(self, game):
        """The move of the player to move (with AUTO_CLAIM); in a lesson,
        the one it asks for (its claims spelled out)."""
        if self.task is not None:
            from engine.lessons import answer

            task, self.task = self.task, None
            return answer(game, task, self.listed)
        if self.bot is not None:
            return self.bot.choose(game)
        if game.variant == TACTICS and game.returns:
            m = game.legal_move_at(self.rng.below(game.legal_count()))
        elif game.variant == TACTICS:
            m = self._any_tactics_play(game)
        else:
            moves = game.legal_moves(-1, self.listed)
            m = moves[self.rng.below(len(moves))]
        return m | AUTO_CLAIM

    def _any_tactics_play(self, game):
        # One of legal_moves() drawn evenly (the same one), listed a card
        # at a time: a Traitor's plays alone can be hundreds, and a person
        # at the buttons holds no such list on the board's heap.
        counts = [len(self._plays_of(game, h)) for h in range(game.hand_n[game.to_move])]
        k = self.rng.below(sum(counts) or 1)
        for h, n in enumerate(counts):
            if k < n:
                return self._plays_of(game, h)[k]
            k -= n
        return PASS

    def _plays_of(self, game, h):
        # The plays of the card at ``h`` in the hand (none for a card met
        # before it in the hand: the two Jokers play alike).
        hand = game.hand[game.to_move]
        for i in range(h):
            if hand[i] == hand[h]:
                return ()
        plays = game.legal_moves(-1, self.listed, hand[h])
        return () if plays[0] == PASS else plays

    @staticmethod
    def _towards(at, target, n):
        # LEFT or RIGHT towards ``target`` on a ring of ``n``; 0 when there.
        if at == target:
            return 0
        return buttons.RIGHT if (target - at) % n <= n // 2 else buttons.LEFT
