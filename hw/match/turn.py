"""The turn being built on the turn screen: the steps of one player's
turn, from the card to the claims (and in the tactics variant a tactic
card's target, a ruse's card and destination, a Scout's count, the pile to
draw from, the Scout's cards put back), each field with one meaning.

The app holds one ``Turn``; the turn screen (``hw.screens.turn``) hands it the
buttons of a turn.  ``Turn.begin`` and ``Turn.press`` return what the
player decided: a move (an int), a notice's lines (a list), or None (a
step taken, nothing to play yet), and ``hw.match.play.decide`` acts on it;
``Turn.say`` is a line for the app's message (a pass).  The view reads the
fields to draw the cursor and the step's words.
"""

from micropython import const

from engine import unload
from engine.cards import BANSHEE, FIRST_TACTIC, SCOUT, STRATEGIST
from engine.game import EXPERT, N_STONES, TACTICS, lowest
from engine.moves import (DRAW_TACTIC, PASS, move, move_card, move_dest, move_slot, move_stone, return_move,
                          ruse_move, with_claims)
from hw import buttons
from hw.lang import words

# Phases of a turn.
CARD = const(0)  # choose a card from the hand
STONE = const(1)  # choose where it goes
CLAIM = const(2)  # classic: claims after the card
CLAIM_FIRST = const(3)  # expert: claims before the card
# The tactics variant's steps (each one cancelled with B, back to CARD,
# until the last: the draw of a Scout, or putting its cards back).
SCOUT_N = const(4)  # a Scout: how many cards from the tactic pile
TABLE = const(5)  # a ruse: a card on the table (stone: LEFT/RIGHT, card: UP/DOWN)
DEST = const(6)  # a Strategist or Traitor: where the card goes (9: discard)
DRAW_PICK = const(7)  # draw from the clan or the tactic pile
RETURN = const(8)  # after a Scout: the cards to put back, one by one
_S_REFUSED = const(2)  # hw.sound's REFUSED (tests/test_layers.py holds it equal)


class Turn:
    def __init__(self, app):
        self.app = app
        self.phase = CARD
        self.cursor = 0  # the hand's card under the cursor (CARD, RETURN)
        self.stone_cursor = 0  # the stone under the cursor
        self.card = PASS  # the card chosen
        self.stone = 0  # and its stone
        # Tactics: the play being built, step by step.
        self.choices = []  # the legal plays of the chosen card still open
        self.slot = 0  # a ruse's card: its place on the side
        self.dest = 0  # where a Strategist or Traitor sends it
        self.scout_n = 0  # how many of a Scout's cards come from the tactic pile
        self.pile = 0  # the pile to draw from: 0 the clan's, 1 the tactic pile
        self.play = PASS  # the play once chosen (the move without claims or draw)
        self.draw_tactic = [False, False]  # per seat, the pile last drawn from: the draw step's default
        self.picked = []  # the Scout's cards put back so far
        self._blocked = -1  # see blocked()
        self.token = -1  # the play shown tentatively while claims are chosen
        self.claims = 0  # stones claimed so far
        self.claimable = 0  # stones that may be claimed in this step
        self.say = ""  # a line for the app's message (App.decide)
        self.sound = -1  # a sound to ask for with it (hw.sound's number; -1: none)
        self.looked = False  # the cursor moved along the hand this turn (a tactic card says what it does)

    def reset(self):
        """A new turn: nothing chosen yet (the cursors stay where they were)."""
        self.card = PASS
        self.play = PASS
        self.token = -1
        self.claims = 0
        self.picked = []
        self._blocked = -1
        self.looked = False

    def begin(self, p):
        """The first step of ``p``'s turn on the screen (what the player
        decided, if nothing is left to choose: see the module's docstring)."""
        game = self.app.game
        if game.variant == EXPERT:
            ok = game.claimable(p)
            if ok and self.app.auto_claim:
                self.claims = ok
            elif ok:
                self._claims_step(CLAIM_FIRST, ok)
                return None
        if game.returns:
            self.phase = RETURN  # the Scout's cards go back: no way back now
            self.cursor = 0
            return None
        return self.enter_cards()

    def press(self, button):
        """A button of a turn's step: what the player decided (see the
        module's docstring)."""
        game = self.app.game
        phase = self.phase
        step = 1 if button in (buttons.RIGHT, buttons.DOWN) else -1
        if phase == CARD or phase == RETURN:
            n = len(self.app.hand())
            if button in (buttons.LEFT, buttons.RIGHT):
                self.cursor = (self.cursor + step) % n
                self.looked = True
            elif button == buttons.A:
                card = self.app.hand()[self.cursor]
                if phase == RETURN:
                    return self._put_back(card)
                if game.variant == TACTICS:
                    return self._choose(card)
                else:
                    self.card = card
                    self.phase = STONE
                    self.stone_cursor = self._next(self.stone_cursor, 0, self.targets())
            elif button == buttons.B and phase == RETURN and self.picked:
                self.picked.pop()  # the card goes back to the hand
        elif phase in (CLAIM, CLAIM_FIRST):
            if button in (buttons.LEFT, buttons.RIGHT):
                self.stone_cursor = (self.stone_cursor + step) % N_STONES
            elif button == buttons.A:
                s = self.stone_cursor
                if self.claimable >> s & 1:
                    self.claims ^= 1 << s
                else:
                    # Why not, in the words a stone's detail says it with.
                    from hw.lang import why

                    self.sound = _S_REFUSED
                    lines = why.why_not(self.app, s)
                    unload("hw.lang.why")
                    return lines
            elif button == buttons.B:
                if phase == CLAIM_FIRST:
                    return self.enter_cards()
                self.cancel()
                if game.variant == TACTICS:
                    return self._after_claims()
                return self._finish(self.card, self.stone)
        elif button == buttons.B:
            # Every step before the last goes back: a Strategist's or
            # Traitor's destination to its card, the rest to the hand.
            self.phase = TABLE if phase == DEST else CARD
            if phase == DRAW_PICK:
                self.cancel()  # (the play shown on the table goes back)
                self.claims = 0  # chosen after the play: they go with it
        elif phase == STONE:
            if button in (buttons.LEFT, buttons.RIGHT):
                self.stone_cursor = self._next(self.stone_cursor, step, self.targets())
            elif button == buttons.A:
                if game.variant == TACTICS:
                    if self.targets() >> self.stone_cursor & 1:
                        self.stone = self.stone_cursor
                        return self._played(move(self.card, self.stone_cursor))
                else:
                    return self._place(self.stone_cursor)
        elif phase == SCOUT_N:
            if button in (buttons.LEFT, buttons.RIGHT, buttons.UP, buttons.DOWN):
                self.scout_n = self._next(self.scout_n, step, self.targets(), 4)
            elif button == buttons.A:
                return self._played(move(SCOUT, self.scout_n))
        elif phase == TABLE:
            if button in (buttons.LEFT, buttons.RIGHT):
                self.stone_cursor = self._next(self.stone_cursor, step, self.targets())
                self.slot = lowest(self.slots())
            elif button in (buttons.UP, buttons.DOWN):
                self.slot = self._next(self.slot, step, self.slots(), 4)
            elif button == buttons.A:
                self.stone = self.stone_cursor
                if self.card == BANSHEE:
                    return self._played(ruse_move(BANSHEE, self.stone, self.slot))
                else:
                    self.phase = DEST
                    self.dest = self._next(self.stone, 0, self.targets(), N_STONES + 1)
        elif phase == DEST:
            if button in (buttons.LEFT, buttons.RIGHT):
                self.dest = self._next(self.dest, step, self.targets(), N_STONES + 1)
            elif button == buttons.A:
                return self._played(ruse_move(self.card, self.stone, self.slot, self.dest))
        elif phase == DRAW_PICK:
            # Left the clan pile, right the tactic pile (as the line shows
            # them, left to right: no wrapping round); up and down swap.
            if button == buttons.LEFT or button == buttons.RIGHT:
                self.pile = 1 if button == buttons.RIGHT else 0
            elif button in (buttons.UP, buttons.DOWN):
                self.pile = 1 - self.pile
            elif button == buttons.A:
                self.cancel()  # (played for good now)
                self.draw_tactic[game.to_move] = self.pile == 1
                return with_claims(self.play, self.claims) | (DRAW_TACTIC if self.pile else 0)
        return None

    def enter_cards(self):
        """The card step (or, with no card to play, the pass decided)."""
        game = self.app.game
        self._blocked = -1
        p = game.to_move
        if self.claims and game.wins_with(p, self.claims):
            # The claims win before any card is placed: any card will do.
            m = game.any_placement(p)
            return self._finish(move_card(m), move_stone(m))
        if not game.can_place(p) or self.claims and not game.open_stones(p) & ~self.claims:
            # No card can be played (in the expert game the claims, made
            # first, may have closed the last stones open): a pass, with
            # claims (not in the expert game: they came first).
            pass_message = self.app.name(p) + ": " + self.app.t("passes")
            self.card = PASS
            self.play = PASS
            self.stone = 0
            ok = game.claimable(p) if game.variant != EXPERT else 0
            self.say = pass_message
            if ok and not self.app.auto_claim:
                self._claims_step(CLAIM, ok)
                return None
            self.claims |= ok
            return self._finish(PASS)
        self.phase = CARD
        self.cursor = min(self.cursor, game.hand_n[p] - 1)
        return None

    def _claims_step(self, phase, ok):
        self.phase = phase
        self.claimable = ok
        self.stone_cursor = lowest(ok)

    def open_stones(self):
        game = self.app.game
        return game.open_stones(game.to_move) & ~self.claims

    def targets(self):
        """The mask of what may be chosen in this step: stones (a
        Strategist's destination also bit 9, the discard), or a Scout's
        counts of tactic cards."""
        if self.app.game.variant != TACTICS:
            return self.open_stones()
        phase = self.phase
        mask = 0
        for m in self.choices:
            if phase == SCOUT_N or phase == STONE or phase == TABLE:
                mask |= 1 << move_stone(m)
            elif phase == DEST and move_stone(m) == self.stone and move_slot(m) == self.slot:
                mask |= 1 << move_dest(m)
        return mask

    def slots(self):
        """The mask of the cards (places on the side) a ruse may take at
        the stone under the cursor."""
        mask = 0
        for m in self.choices:
            if move_stone(m) == self.stone_cursor:
                mask |= 1 << move_slot(m)
        return mask

    def blocked(self):
        """Mask of the tactic kinds in the hand (bit card - 54) that cannot
        be played now, on the turn of the player who holds them (worked
        out once a turn)."""
        game = self.app.game
        if game is None or game.variant != TACTICS or game.returns:
            return 0
        if self._blocked < 0:
            p = game.to_move
            playable = 0
            if game.may_play_tactic(p):
                stones = game.open_stones(p)
                for k in range(9):
                    if game.playable(p, FIRST_TACTIC + k, stones):
                        playable |= 1 << k
            self._blocked = 0x1FF & ~playable
        return self._blocked

    def scout_total(self):
        """How many cards a Scout draws now (3 unless the piles are short)."""
        game = self.app.game
        n = game.pile_size() + game.tactic_pile_size()
        return n if n < 3 else 3

    def why_card(self, card):
        """Why ``card`` of the hand cannot be played now (None when it can)."""
        game = self.app.game
        p = game.to_move
        if card < FIRST_TACTIC:
            return None if game.open_stones(p) else self.app.t("no_room")
        if not self.blocked() >> (card - FIRST_TACTIC) & 1:
            return None
        if not game.may_play_tactic(p):
            return self.app.t("limit")
        if card == 54 and game.jokers_on[p]:
            return self.app.t("one_joker")
        return self.app.t("no_target") % words.name_of(self.app, card)

    def _choose(self, card):
        game = self.app.game
        why = self.why_card(card)
        if why is not None:
            return [why]
        self.card = card
        # (Refilled in place: one list, its room kept from turn to turn.)
        game.legal_moves(game.to_move, self.choices, card)
        if card == SCOUT:
            self.phase = SCOUT_N
            self.scout_n = self._next(0, 0, self.targets(), 4)
        elif card >= STRATEGIST:
            self.phase = TABLE
            self.stone_cursor = self._next(self.stone_cursor if self.stone_cursor < N_STONES else 0, 0,
                                           self.targets())
            self.slot = lowest(self.slots())
        else:
            self.phase = STONE
            self.stone_cursor = self._next(self.stone_cursor if self.stone_cursor < N_STONES else 0, 0,
                                           self.targets())
        return None

    def _played(self, m):
        # The play is chosen: claims (classic timing), then the draw.
        game = self.app.game
        self.play = m
        ok = game.claimable_after(m)
        if ok and self.app.auto_claim:
            self.claims = ok
        if ok and not self.app.auto_claim:
            self.token = game.play_tentatively(m)
            self._claims_step(CLAIM, ok)
            return None
        return self._after_claims()

    def _after_claims(self):
        game = self.app.game
        if (move_card(self.play) not in (SCOUT, PASS) and game.pile_size() and game.tactic_pile_size()
                and not game.wins_with(game.to_move, self.claims)):
            self.phase = DRAW_PICK
            self.pile = 1 if self.draw_tactic[game.to_move] else 0
            # The play is shown on the table while the pile is chosen, as
            # while its claims were (the claims show as taken with it).
            self.token = game.play_tentatively(self.play)
            return None
        return with_claims(self.play, self.claims)

    def _put_back(self, card):
        self.picked.append(card)
        self.cursor = 0
        if len(self.picked) == self.app.game.returns:
            second = self.picked[1] if len(self.picked) > 1 else PASS
            return return_move(self.picked[0], second)
        return None

    def _next(self, s, step, mask, n=N_STONES):
        """The next position of ``mask`` from ``s`` in direction ``step``
        on a ring of ``n`` (0: ``s`` itself if in the mask)."""
        if not step:
            step = 1
            if mask >> s & 1:
                return s
        for _ in range(n):
            s = (s + step) % n
            if mask >> s & 1:
                return s
        return s

    def _place(self, stone):
        game = self.app.game
        if not self.open_stones() >> stone & 1:
            return None
        self.stone = stone
        if game.variant == EXPERT:
            return self._finish(self.card, stone)
        self.play = move(self.card, stone)
        ok = game.claimable_after(self.play)
        if ok and self.app.auto_claim:
            self.claims = ok
        if not ok or self.app.auto_claim:
            return self._finish(self.card, stone)
        self.token = game.play_tentatively(self.play)
        self._claims_step(CLAIM, ok)
        return None

    def cancel(self):
        if self.token >= 0:
            self.app.game.unplay(self.play, self.token)
            self.token = -1

    def _finish(self, card, stone=0):
        return move(card, stone, self.claims)
