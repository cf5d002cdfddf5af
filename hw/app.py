"""The handheld app: screens as states, driven by button presses.

Data flows one way: buttons -> ``App.press`` -> the engine -> the state the
view draws (``hw.view``) -> the display.  Nothing here touches displayio,
so the whole app runs, and is tested, without a screen.

Screens (``App.mode``): the menu, a turn (choosing a card, a stone, claims),
the hand-over screen of pass-and-play, the opponent thinking, notices, the
detail of one stone, round and match summaries, the pause menu, and the
offer of a saved match.

With a ``saver`` (``engine.save.Saver`` over the board's nvm or the sim's
file), the match in play is saved after every move and the menu's choices
when they settle; at power-up a saved match is offered ("resume" or "new
game"), and a save that cannot be read is reported on screen, never loaded
half-way (see ``hw.resume``).

A linked match's side (the handshake, the port, the other board's moves)
is ``hw.linkplay``, loaded only when a link is played: the other modes
never hold its code.
"""

from micropython import const

try:
    from typing import Any  # noqa: F401  (type comments only; boards lack typing)
except ImportError:
    pass

from engine import unload
from engine.formation import CATEGORY_NAMES, category
from engine.cards import BANSHEE, BLIND, FIRST_TACTIC, MUD, SCOUT, STRATEGIST, card_name
from engine.game import (CLASSIC, DRAW, EXPERT, LANGUAGES, LEVELS, N_STONES, NOBODY, OPPONENTS, SIDE_MAX, TACTICS,
                         UNPROVED, lowest)
from engine.match import Match
from engine.moves import (DISCARD, DRAW_TACTIC, PASS, move, move_card, move_claims, move_dest, move_slot, move_stone,
                          return_move, ruse_move, stones_text, with_claims)
from hw import buttons
from hw.strings import text

# What each variant loads when it is in play (engine.bots and engine.game
# serve both), and the bots' part of it.
_CLASSIC_MODULES = ("engine.ai", "engine.classic", "engine.threat")
_TACTICS_MODULES = ("engine.tbots", "engine.tactics", "engine.elite")
_BOT_MODULES = ("engine.ai", "engine.tbots", "engine.bots")

MENU = const(0)
TURN = const(1)
HANDOFF = const(2)
THINKING = const(3)
NOTICE = const(4)
DETAIL = const(5)
ROUND_END = const(6)
MATCH_END = const(7)
PAUSE = const(8)
LINKING = const(9)  # waiting for the other board
REMOTE = const(10)  # the other board's turn
RESUME = const(11)  # a saved match offered: resume it or start anew

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

# Tactics modes (engine.tactics; kept here so that the classic app never
# loads that module).
MODE_BLIND = const(1)
MODE_MUD = const(2)

ROUND_CHOICES = (1, 3, 5, 7)
MENU_ROWS = ("opponent", "variant", "rounds", "language", "autoclaim", "start")
PAUSE_ROWS = ("resume", "restart", "main_menu")
RESUME_ROWS = ("resume", "new_game")
SETTLE_MS = const(1500)  # menu choices are saved once left alone this long

_FLASH_MS = const(700)
_DRAIN_MS = const(5000)  # after a linked match, at most this to deliver the last move
TICKS_MASK = const(0x1FFFFFFF)  # times are ms that may wrap at 2**29 (supervisor.ticks_ms)
# LED colours: player 0, player 1, a claim, idle.
SEAT_COLOURS = ((0, 40, 120), (120, 20, 0))
CLAIM_COLOUR = (160, 120, 0)
IDLE_COLOUR = (8, 8, 8)


class App:
    def __init__(self, seed=0, opponent="medium", variant=CLASSIC, rounds=1, lang="en", auto_claim=False,
                 link_port=None, random_bytes=None, saver=None, recorder=None):
        """``link_port()`` opens the serial port of a linked game (None: no
        link here); ``random_bytes(n)`` gives unpredictable bytes for it.
        ``saver``: where matches and menu choices are saved (None: nowhere);
        ``recorder.note(app)`` is called once when a match ends."""
        self.seed = seed
        self.opponent = opponent
        self.variant = variant
        self.rounds = rounds
        self.lang = lang
        self.auto_claim = auto_claim
        self.mode = MENU
        self.row = 0  # menu and pause cursor
        self.link_port = link_port
        self.random_bytes = random_bytes
        self.port = None  # type: Any
        self.session = None  # type: Any
        self.draining = None  # type: Any
        self.drain_until = 0
        self.seen_moves = 0  # the linked game's moves already shown
        self.seen_rounds = 0
        self.link_lost = False
        self.match = None  # type: Any
        self.matches = 0
        self.bots = [None, None]  # type: list
        self.phase = CARD
        self.cursor = 0  # hand index in CARD, stone in the others
        self.stone_cursor = 0
        self.detail_stone = 0  # the stone shown in detail
        self.card = PASS  # the card chosen this turn
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
        self.token = -1  # its tentative placement (classic claims)
        self.claims = 0  # stones claimed this turn so far
        self.claimable = 0  # stones that may be claimed in this phase
        self.lines = []  # a notice's lines
        self.after = MENU  # where a notice or the detail view returns
        self.message = ""  # the last thing the opponent did
        self.last_human = -1
        self.thought = False
        self.events = []  # ("claim", player, mask), ("round", winner): for shots and tests
        self.leds = [IDLE_COLOUR] * 5  # the NeoPixels' colours
        self.leds_version = 0  # bumped when they change
        self._led_key = -1
        self.flash_at = -1  # when the last claim flashed
        self.now = 0
        self.dirty = True
        # Saves: what was saved last (the match and its move count; -1: the
        # settings alone), the menu's last change, the match on offer.
        self.saver = saver
        self.recorder = recorder
        self.tag = _tag(opponent, variant, rounds, lang, auto_claim)
        self.saved_match = None  # type: Any
        self.saved_n = -1
        self.saves = 0
        self.save_error = ""
        self.changed_at = -1
        self.offer = None  # type: Any
        self.offer_seat = 0
        self.resuming = None  # type: Any  # (match, seat) of a linked match being resumed
        self.epoch = 0  # the last link's conversation mark
        self.redeals = 0  # links the other board stopped to seek another deal, since power-up
        self.confirm = ""  # the pause menu's row waiting for A again (a restart)
        self.recorded = None  # type: Any
        if saver is not None:
            # At power-up only (hw.resume): the saves read, a match offered.
            from hw import resume

            resume.load(self)
            unload("engine.restore")  # read once: its code goes back to the heap
            if self.mode != RESUME:
                unload("hw.resume")

    # -- what the view needs ----------------------------------------------

    def t(self, key):
        return text(self.lang, key)

    @property
    def game(self):
        return self.match.game if self.match else None

    def linked(self):
        return self.session is not None

    def me(self):
        """This board's player in a linked game (else 0)."""
        return self.session.seat if self.session is not None else 0

    def humans(self):
        if self.session is not None:
            return (self.session.seat == 0, self.session.seat == 1)
        return (True, self.opponent == "pass")

    def viewer(self):
        """The player whose side is at the bottom of the screen."""
        if self.opponent == "pass" and self.match and self.mode != HANDOFF:
            return self.game.to_move if self.last_human < 0 else self.last_human
        return self.me()

    def hand(self):
        """The viewer's hand, sorted as shown (without the cards a Scout
        is putting back)."""
        cards = sorted(self.game.hand_cards(self.viewer()))
        if self.picked and self.mode == TURN and self.phase == RETURN:
            for c in self.picked:
                cards.remove(c)
        return cards

    def tactics(self):
        return self.game is not None and self.game.variant == TACTICS

    def short_name(self, player):
        """A seat's name that fits the status line."""
        if self.opponent == "pass":
            return self.t("seat") % (player + 1)
        return self.t("you") if player == self.me() else self.t("them")

    def name(self, player):
        if self.opponent == "pass":
            return self.t("player") % (player + 1)
        return self.t("you") if player == self.me() else self.t(self.opponent)

    # -- input -------------------------------------------------------------

    def press(self, button):
        """One button press."""
        self.dirty = True
        mode = self.mode
        if mode == MENU:
            self._menu(button)
        elif mode == TURN:
            self._turn(button)
        elif mode == HANDOFF:
            if button == buttons.A:
                self.mode = TURN
        elif mode == NOTICE:
            if button in (buttons.A, buttons.B):
                self.mode = self.after
        elif mode == DETAIL:
            if button in (buttons.B, buttons.SELECT, buttons.A):
                self.mode = self.after
            elif button in (buttons.LEFT, buttons.RIGHT):
                self.detail_stone = (self.detail_stone + (1 if button == buttons.RIGHT else -1)) % N_STONES
        elif mode == ROUND_END:
            if button == buttons.A:
                if self.match.over():
                    self.mode = MATCH_END
                else:
                    self._start_turn()
                    if self.session is not None:
                        if self.game.move_count() and self.mode != REMOTE:
                            # The other board opened the new round while
                            # this one showed the summary: say what it did.
                            self.message = self.last_text()
                        self.seen_moves = self.game.move_count()
        elif mode == MATCH_END:
            if button == buttons.A:
                self.mode = MENU
                self.match = None
                if self.session is not None and self.session.pending():
                    # Keep sending until the other board has our last move.
                    self.draining = self.session
                    self.drain_until = self.now + _DRAIN_MS
                self.session = None
        elif mode == PAUSE:
            self._pause(button)
        elif mode == REMOTE:
            if self.link_lost and button == buttons.B:
                self._give_up_link()
            elif button == buttons.START:
                self.after = REMOTE
                self.mode = PAUSE
                self.row = 0
        elif mode == LINKING:
            if button in (buttons.B, buttons.START):
                self._give_up_link()  # give up waiting
        elif mode == RESUME:
            from hw import resume  # (loaded while a saved match is on offer)

            resume.press(self, button)
            if self.mode != RESUME:
                unload("hw.resume")

    def _menu(self, button):
        rows = len(MENU_ROWS)
        if button == buttons.UP:
            self.row = (self.row - 1) % rows
        elif button == buttons.DOWN:
            self.row = (self.row + 1) % rows
        elif button in (buttons.LEFT, buttons.RIGHT):
            step = 1 if button == buttons.RIGHT else -1
            key = MENU_ROWS[self.row]
            if key == "opponent":
                self.opponent = _cycle(OPPONENTS, self.opponent, step)
            elif key == "variant":
                self.variant = (self.variant + step) % 3
            elif key == "rounds":
                self.rounds = _cycle(ROUND_CHOICES, self.rounds, step)
            elif key == "language":
                self.lang = _cycle(LANGUAGES, self.lang, step)
            elif key == "autoclaim":
                self.auto_claim = not self.auto_claim
            self.changed_at = self.now  # saved once it settles (tick)
        elif button in (buttons.A, buttons.START) and (MENU_ROWS[self.row] == "start" or button == buttons.START):
            if self.opponent != "link":
                self.new_match()
            elif self.link_port is not None:
                self._start_link()

    def _pause(self, button):
        # A restart throws the match in play away: it asks first (A again);
        # any other button takes the question back.
        confirm = self.confirm
        self.confirm = ""
        if button == buttons.UP:
            self.row = (self.row - 1) % len(PAUSE_ROWS)
        elif button == buttons.DOWN:
            self.row = (self.row + 1) % len(PAUSE_ROWS)
        elif button in (buttons.START, buttons.B):
            self.mode = self.after
        elif button == buttons.A:
            choice = PAUSE_ROWS[self.row]
            if choice == "resume":
                self.mode = self.after
            elif choice == "restart" and confirm != choice and _count(self.match):
                self.confirm = choice  # the view asks: A again to deal anew
            else:
                self._cancel_tentative()
                match = self.match
                seat = self.me()
                linked = self.session is not None
                if linked:
                    # A linked match is both boards': leaving it ends the
                    # link (the other board sees it lost); a restart is a
                    # new link, which the other board must join again.
                    self._end_link()
                if choice == "restart":
                    if linked:
                        self._start_link()
                    else:
                        self.new_match()
                elif match is not None and not match.over() and _count(match):
                    # To the menu, the match kept: saved, and on offer
                    # ("Resume" plays on, "New game" lets it go).
                    self._offer(match, seat, self.opponent)
                else:
                    self.match = None
                    self.mode = MENU
                    self.row = 0

    # -- a match -----------------------------------------------------------

    def _start_link(self, resume=None):
        from hw import linkplay

        return linkplay.start(self, resume)

    def _end_link(self):
        if self.session is not None:
            # A handshake given up may have loaded the SHA-256 code: drop it.
            from engine.fairdeal import release

            release()
        self.session = None
        self.match = None
        self.resuming = None
        self.link_lost = False

    def _give_up_link(self):
        from hw import linkplay

        return linkplay.give_up(self)

    def new_match(self):
        # Every match of a session gets its own deal, all from one seed.
        self.draining = None  # a linked match's last frames: given up
        self.matches += 1
        seed = (self.seed + 104729 * self.matches) & 0x3FFFFFFF
        self.match = None
        self.bots = [None, None]
        # A board holds one variant's rules and bots: the other variant's
        # modules go back to the heap before this match loads its own.
        for name in _CLASSIC_MODULES if self.variant == TACTICS else _TACTICS_MODULES:
            unload(name)
        self.match = Match(seed, self.rounds, self.variant)
        if self.opponent in LEVELS:
            from engine.bots import Bot  # (a linked or pass-and-play match holds no bot)

            self.bots[1] = Bot(self.opponent, seed ^ 0x5A5A)
        self.message = ""
        self.last_human = -1
        self.events = []
        self._start_turn()

    def _drop_bots(self):
        # The bots and their modules go back to the heap (a match over: its
        # record then needs the room; a new match loads them again).
        self.bots = [None, None]
        for name in _BOT_MODULES:
            unload(name)

    def _start_turn(self):
        game = self.game
        if game.over():
            self._round_over()
            return
        p = game.to_move
        self.card = PASS
        self.play = PASS
        self.token = -1
        self.claims = 0
        self.picked = []
        self._blocked = -1
        if self.session is not None and p != self.session.seat:
            self.mode = REMOTE
            return
        if self.bots[p] is not None:
            self.mode = THINKING
            self.thought = False
            return
        # A player who can only pass, with nothing to claim, sees no screen:
        # the device stays with whoever holds it.
        if game.variant == TACTICS:
            needs_screen = game.returns or game.can_play(p) or game.claimable(p)
        else:
            needs_screen = (game.hand_n[p] and game.open_stones(p)) or game.claimable(p)
        if self.opponent == "pass" and self.last_human != p and needs_screen:
            self.mode = HANDOFF
        else:
            self.mode = TURN
        if needs_screen:
            self.last_human = p
        if game.variant == EXPERT:
            ok = game.claimable(p)
            if ok and self.auto_claim:
                self.claims = ok
            elif ok:
                self._enter_claims(CLAIM_FIRST, ok)
                return
        if game.variant == TACTICS and game.returns:
            self.phase = RETURN  # the Scout's cards go back: no way back now
            self.cursor = 0
            return
        self._enter_cards()

    def _enter_cards(self):
        game = self.game
        self._blocked = -1
        p = game.to_move
        stones = game.open_stones(p) & ~self.claims
        if self.claims and game.wins_with(p, self.claims):
            # The claims win before any card is placed: any card will do.
            m = game.any_placement(p)
            self._finish(move_card(m), move_stone(m))
            return
        if game.variant == TACTICS:
            cannot = not game.can_play(p)
        else:
            cannot = not stones or not game.hand_n[p]
        if cannot:
            # No card can be played: a pass, with claims (not in the expert
            # game: they came first).
            pass_message = self.name(p) + ": " + self.t("passes")
            self.card = PASS
            self.play = PASS
            self.stone = 0
            ok = game.claimable(p) if game.variant != EXPERT else 0
            if ok and not self.auto_claim:
                self.message = pass_message
                self._enter_claims(CLAIM, ok)
                return
            self.claims |= ok
            self._finish(PASS)
            self.message = pass_message
            return
        self.phase = CARD
        self.cursor = min(self.cursor, game.hand_n[p] - 1)

    def _enter_claims(self, phase, ok):
        self.phase = phase
        self.claimable = ok
        self.stone_cursor = lowest(ok)

    def open_stones(self):
        game = self.game
        return game.open_stones(game.to_move) & ~self.claims

    def _turn(self, button):
        if self.link_lost:
            if button == buttons.B:  # give up waiting for the other board
                self._give_up_link()
            return
        game = self.game
        phase = self.phase
        if button == buttons.START:
            self.after = TURN
            self.mode = PAUSE
            self.row = 0
            return
        if button == buttons.SELECT:
            self.after = TURN
            self.mode = DETAIL
            self.detail_stone = self.stone_cursor if self.stone_cursor < N_STONES else 0
            return
        step = 1 if button in (buttons.RIGHT, buttons.DOWN) else -1
        if phase == CARD or phase == RETURN:
            n = len(self.hand())
            if button in (buttons.LEFT, buttons.RIGHT):
                self.cursor = (self.cursor + step) % n
            elif button == buttons.A:
                card = self.hand()[self.cursor]
                if phase == RETURN:
                    self._put_back(card)
                elif game.variant == TACTICS:
                    self._choose(card)
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
                    self._notice(self.why_not(s), TURN)
            elif button == buttons.B:
                if phase == CLAIM_FIRST:
                    self._enter_cards()
                else:
                    self._cancel_tentative()
                    if game.variant == TACTICS:
                        self._after_claims()
                    else:
                        self._finish(self.card, self.stone)
        elif button == buttons.B:
            # Every step before the last goes back: a Strategist's or
            # Traitor's destination to its card, the rest to the hand.
            self.phase = TABLE if phase == DEST else CARD
            if phase == DRAW_PICK:
                self.claims = 0  # chosen after the play: they go with it
        elif phase == STONE:
            if button in (buttons.LEFT, buttons.RIGHT):
                self.stone_cursor = self._next(self.stone_cursor, step, self.targets())
            elif button == buttons.A:
                if game.variant == TACTICS:
                    if self.targets() >> self.stone_cursor & 1:
                        self.stone = self.stone_cursor
                        self._played(move(self.card, self.stone_cursor))
                else:
                    self._place(self.stone_cursor)
        elif phase == SCOUT_N:
            if button in (buttons.LEFT, buttons.RIGHT, buttons.UP, buttons.DOWN):
                self.scout_n = self._next(self.scout_n, step, self.targets(), 4)
            elif button == buttons.A:
                self._played(move(SCOUT, self.scout_n))
        elif phase == TABLE:
            if button in (buttons.LEFT, buttons.RIGHT):
                self.stone_cursor = self._next(self.stone_cursor, step, self.targets())
                self.slot = lowest(self.slots())
            elif button in (buttons.UP, buttons.DOWN):
                self.slot = self._next(self.slot, step, self.slots(), 4)
            elif button == buttons.A:
                self.stone = self.stone_cursor
                if self.card == BANSHEE:
                    self._played(ruse_move(BANSHEE, self.stone, self.slot))
                else:
                    self.phase = DEST
                    self.dest = self._next(self.stone, 0, self.targets(), N_STONES + 1)
        elif phase == DEST:
            if button in (buttons.LEFT, buttons.RIGHT):
                self.dest = self._next(self.dest, step, self.targets(), N_STONES + 1)
            elif button == buttons.A:
                self._played(ruse_move(self.card, self.stone, self.slot, self.dest))
        elif phase == DRAW_PICK:
            if button in (buttons.LEFT, buttons.RIGHT, buttons.UP, buttons.DOWN):
                self.pile = 1 - self.pile
            elif button == buttons.A:
                self.draw_tactic[game.to_move] = self.pile == 1
                self._commit(with_claims(self.play, self.claims) | (DRAW_TACTIC if self.pile else 0))

    # -- the steps of a tactics turn ----------------------------------------

    def targets(self):
        """The mask of what may be chosen in this step: stones (a
        Strategist's destination also bit 9, the discard), or a Scout's
        counts of tactic cards."""
        if self.game.variant != TACTICS:
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
        game = self.game
        if game is None or game.variant != TACTICS or game.returns:
            return 0
        if self._blocked < 0:
            playable = 0
            for m in game.legal_moves():
                if move_card(m) >= FIRST_TACTIC and m != PASS:
                    playable |= 1 << (move_card(m) - FIRST_TACTIC)
            self._blocked = 0x1FF & ~playable
        return self._blocked

    def scout_total(self):
        """How many cards a Scout draws now (3 unless the piles are short)."""
        game = self.game
        n = game.pile_size() + game.tactic_pile_size()
        return n if n < 3 else 3

    def why_card(self, card):
        """Why ``card`` of the hand cannot be played now (None when it can)."""
        game = self.game
        p = game.to_move
        if card < FIRST_TACTIC:
            return None if game.open_stones(p) else self.t("no_room")
        if not self.blocked() >> (card - FIRST_TACTIC) & 1:
            return None
        if not game.may_play_tactic(p):
            return self.t("limit")
        if card == 54 and game.jokers_on[p]:
            return self.t("one_joker")
        return self.t("no_target") % card_name(card)

    def _choose(self, card):
        game = self.game
        why = self.why_card(card)
        if why is not None:
            self._notice([why], TURN)
            return
        self.card = card
        self.choices = [m for m in game.legal_moves() if move_card(m) == card]
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

    def _played(self, m):
        # The play is chosen: claims (classic timing), then the draw.
        game = self.game
        self.play = m
        ok = game.claimable_after(m)
        if ok and self.auto_claim:
            self.claims = ok
        if ok and not self.auto_claim:
            self.token = game.play_tentatively(m)
            self._enter_claims(CLAIM, ok)
            return
        self._after_claims()

    def _after_claims(self):
        game = self.game
        if (move_card(self.play) not in (SCOUT, PASS) and game.pile_size() and game.tactic_pile_size()
                and not game.wins_with(game.to_move, self.claims)):
            self.phase = DRAW_PICK
            self.pile = 1 if self.draw_tactic[game.to_move] else 0
            return
        self._commit(with_claims(self.play, self.claims))

    def _put_back(self, card):
        self.picked.append(card)
        self.cursor = 0
        if len(self.picked) == self.game.returns:
            second = self.picked[1] if len(self.picked) > 1 else PASS
            self._commit(return_move(self.picked[0], second))

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
        game = self.game
        if not self.open_stones() >> stone & 1:
            return
        self.stone = stone
        if game.variant == EXPERT:
            self._finish(self.card, stone)
            return
        self.play = move(self.card, stone)
        ok = game.claimable_after(self.play)
        if ok and self.auto_claim:
            self.claims = ok
        if not ok or self.auto_claim:
            self._finish(self.card, stone)
            return
        self.token = game.play_tentatively(self.play)
        self._enter_claims(CLAIM, ok)

    def _cancel_tentative(self):
        if self.token >= 0:
            self.game.unplay(self.play, self.token)
            self.token = -1

    def _finish(self, card, stone=0):
        self._commit(move(card, stone, self.claims))

    def _commit(self, m):
        game = self.game
        err = game.check(m)
        if err:  # the screens only offer legal choices; keep the turn
            self._notice([err], TURN)
            return
        self._apply(game.to_move, m)
        self.message = ""  # the opponent's last move has been seen
        if self.mode != ROUND_END:  # (a linked round ends in the session)
            self._start_turn()

    def _apply(self, p, m):
        game = self.game
        if self.session is not None:
            self.session.play(m)  # applies it and sends it
            self.seen_moves = game.move_count()
            if len(self.match.results) > self.seen_rounds:
                return self._linked_round_over(p)
        else:
            game.apply(m)
        claims = game.last_played()[2]
        if claims:
            self.events.append(("claim", p, claims))
            self.flash_at = self.now
        return claims

    def _linked_round_over(self, p):
        # The session scored the round and dealt the next one already.
        self.seen_rounds = len(self.match.results)
        self.seen_moves = 0
        self.events.append(("round", self.match.results[-1][0]))
        self.mode = ROUND_END
        return 0

    def _round_over(self):
        if self.session is not None:
            return  # rounds end in the session (see _linked_round_over)
        w = self.match.finish_round()
        if self.match.over():
            self._drop_bots()  # before the record: it needs the room
        self.events.append(("round", w))
        self.mode = ROUND_END
        self.last_human = -1

    def _notice(self, lines, after):
        self.lines = lines
        self.after = after
        self.mode = NOTICE

    def why_not(self, s):
        """Lines saying why the player to move may not claim stone ``s``."""
        reason, cards, kind = self.game.why_not(s, self.game.to_move)
        if reason == UNPROVED:
            return [self.t("not_provable") % (s + 1), self.t("could_add") % " ".join(card_name(c) for c in cards),
                    self.t("for_sum") if kind < 0 else self.t("for_a") % self.t(CATEGORY_NAMES[kind])]
        return [self.t(_REASONS[reason]) % (s + 1)]

    def detail(self, s):
        """The detail of stone ``s`` for the viewer: lines of text."""
        game = self.game
        me = self.viewer()
        tactics = game.variant == TACTICS
        lines = [self.t("stone") % (s + 1)]
        if tactics and game.mode[s]:
            lines[0] += " (" + ", ".join(c for b, c in ((MODE_BLIND, "BB"), (MODE_MUD, "MF")) if game.mode[s] & b) + ")"
        for p in (1 - me, me):
            cards = game.cards_at(s, p)
            lines.append(self.name(p) + ": " + " ".join(card_name(c) for c in cards))
            # A complete side's formation, on a line of its own.
            if not tactics and len(cards) == SIDE_MAX:
                lines.append("  " + self.t(CATEGORY_NAMES[category(game.rank[s * 2 + p])]))
            elif tactics and len(cards) == game.cap(s):
                rank = game.rank[s * 2 + p]
                lines.append("  " + (self.t("sum_of") % rank if game.mode[s] & MODE_BLIND else
                                     self.t(CATEGORY_NAMES[rank // 40])))
        owner = game.owner[s]
        lines.append(self.t("owner_none") if owner == NOBODY else self.t("owner") % self.name(owner))
        if tactics:
            # The tactic cards: played by each, the piles, the discard.
            lines.append(self.t("tactics_played") % (game.played[me], game.played[1 - me]))
            lines.append(self.t("piles") % (game.pile_size(), game.tactic_pile_size()))
            lines.append(self.t("discard") % " ".join(card_name(c) for c in game.discards()[-5:]))
        return lines

    # -- time --------------------------------------------------------------

    def tick(self, now):
        """Time passes (``now`` in ms).  The opponent thinks on the tick
        after the screen said so; the LEDs follow the state."""
        self.now = now
        if self.session is not None:
            # A move of this board is saved before it leaves: a save never
            # lacks a move the other board holds (engine.session: resume).
            self._keep()
            self._link(now)
        elif self.draining is not None:
            self._drain(now)
        if self.mode == THINKING:
            if not self.thought:
                self.thought = True  # let the screen show "thinking" first
            else:
                self._bot_move()
        if self.saver is not None or self.recorder is not None:
            self._keep()
        self._update_leds()

    def _link(self, now):
        from hw import linkplay

        return linkplay.step(self, now)

    # -- saves and records ---------------------------------------------------

    def _offer(self, match, seat, opponent=None):
        """Offer ``match`` (saved) on the resume screen."""
        self.offer = match
        self.offer_seat = seat
        if opponent is not None:
            self.opponent = opponent
        self.variant = match.game.variant
        self.rounds = match.rounds
        self.mode = RESUME
        self.row = 0

    def _keep(self):
        # After every move (whoever made it) the match is saved; when it
        # ends, it is recorded and the save keeps the settings alone; menu
        # choices are saved once they settle.  Ints only: no allocation
        # unless something is written.
        if self.offer is not None or (self.resuming is not None and self.match is None):
            return  # the saved match stays as it is until chosen, or resumed by both boards
        match = self.match
        if match is not None and match.over():
            if self.recorder is not None and self.recorded is not match:
                self.recorded = match
                self.recorder.note(self)
            if self.session is None or not self.session.pending():
                match = None  # over (linked: its last move delivered): the settings alone
            # else the last move of a linked match is on its way: the whole
            # match stays saved, so that it can be sent again after a cut.
        elif match is None and self.draining is not None:
            return  # (the same, after the match's summary: see _drain)
        if self.saver is None:
            return
        n = _count(match) if match is not None else -1
        if match is self.saved_match and n == self.saved_n:
            if self.changed_at < 0 or (self.now - self.changed_at) & TICKS_MASK < SETTLE_MS:
                return
        self._save(match)

    def _save(self, match):
        self.changed_at = -1
        self.saved_match = match
        self.saved_n = _count(match) if match is not None else -1
        if self.saver is None:
            return
        try:
            self.saver.save(self.save_blob(match))
            self.saves += 1
            self.save_error = ""
        except (OSError, RuntimeError, ValueError) as e:  # a worn or full save area (CircuitPython's nvm
            # says RuntimeError): play on, say it once
            if not self.save_error:
                print("save failed:", e)
            self.save_error = str(e)

    def save_blob(self, match=None):
        """The engine.save blob of ``match`` (None: the menu's settings
        alone) with the menu's settings."""
        from engine.save import encode

        seat = self.session.seat if self.session is not None and match is not None else 0
        if match is not None:
            return encode(match, match.moves(), OPPONENTS.index(self.opponent), LANGUAGES.index(self.lang),
                          self.auto_claim, seat, tag=self.tag)
        return encode(None, (), OPPONENTS.index(self.opponent), LANGUAGES.index(self.lang), self.auto_claim, 0,
                      self.variant, self.rounds, self.tag)

    def record_blob(self):
        """The blob of the whole match (for a record)."""
        return self.save_blob(self.match)

    def player_names(self, name):
        """The two seats' names for a record; ``name``: this board's player
        (settings.toml's ST_NAME)."""
        labels = {"easy": "Apprentice", "medium": "Clansman", "hard": "Chieftain"}
        if self.opponent == "pass":
            return ["Player 1", "Player 2"]
        if self.opponent == "link":
            names = ["Other board", "Other board"]
            names[self.me()] = name
            return names
        return [name, labels[self.opponent]]

    def _drain(self, now):
        from hw import linkplay

        return linkplay.drain(self, now)

    def _move_text(self, last):
        # ``last``: (card or PASS, stone, claims), as Game.last_played gives.
        # (A winning claim in the expert game ends it before any card.)
        card, stone, claims = last
        if card == PASS:
            text_ = self.t("passes")
        elif card <= 56:  # a clan card or an elite troop
            text_ = self.t("played") % (card_name(card), stone + 1)
        elif card == BLIND or card == MUD:
            text_ = self.t("mode_on") % (card_name(card), stone + 1)
        else:
            text_ = self.t("played_tactic") % card_name(card)
        if claims:
            text_ += ", " + self.t("claims") % stones_text(claims)
        return text_

    def last_text(self):
        """What the last move did, said for the other player (a Scout's
        cards put back are not named: only how many)."""
        game = self.game
        if game.variant != TACTICS or not game.move_count():
            return self._move_text(game.last_played())
        p, m, drew, back = game.last_turn()  # (a Scout's return: the Scout, then the cards back)
        return self._tactics_text(m, drew, p, back if back > 0 else 0)

    def _tactics_text(self, m, drew, p, back=0):
        # One move of the history, read on the table as it is after it.
        game = self.game
        card = move_card(m)
        stone = move_stone(m)
        claims = move_claims(m)
        if card == PASS or card < BLIND:
            return self._move_text((card, stone, claims))
        if card == BLIND or card == MUD:
            text_ = self.t("mode_on") % (card_name(card), stone + 1)
        elif card == SCOUT:
            text_ = self.t("scouted") % (stone, drew - stone)
            if back and not claims:  # (with claims, no room: the count is the cards drawn less one)
                text_ += ", " + self.t("put_back") % back
        else:
            dest = move_dest(m)
            if card == BANSHEE or dest == DISCARD:
                gone = game.discard[game.discard_n - 2]
                text_ = self.t("discards") % (card_name(card), card_name(gone), stone + 1)
            else:
                moved = game.cards_at(dest, p)[-1]
                text_ = self.t("moves") % (card_name(card), card_name(moved), stone + 1, dest + 1)
        if claims:
            text_ += ", " + self.t("claims") % stones_text(claims)
        return text_

    def _bot_move(self):
        game = self.game
        p = game.to_move
        self._apply(p, game.spell_claims(self.bots[p].choose(game)))
        self.message = self.last_text()
        self.dirty = True
        self._start_turn()

    def _update_leds(self):
        # Rebuild the colours only when what they show changes.
        if self.mode == MENU or self.match is None:
            key = 0
        elif self.flash_at >= 0 and (self.now - self.flash_at) & TICKS_MASK < _FLASH_MS:
            key = 1
        elif self.mode in (ROUND_END, MATCH_END):
            w = self.match.results[-1][0] if self.match.results else DRAW
            # A little rainbow for a human's win, a new step every 120 ms.
            key = 4 + (self.now // 120 & 0xFFFF) if w in (0, 1) and self.humans()[w] else 0
        else:
            key = 2 + self.game.to_move
        if key == self._led_key:
            return
        self._led_key = key
        leds = self.leds
        for i in range(5):
            if key == 0:
                leds[i] = IDLE_COLOUR
            elif key == 1:
                leds[i] = CLAIM_COLOUR
            elif key < 4:
                leds[i] = SEAT_COLOURS[key - 2]
            else:
                leds[i] = _wheel(((key - 4) * 37 + i * 51) % 256)
        self.leds_version += 1


_REASONS = ("stone", "taken", "need_three", "they_win_it")


def _count(match):
    # Moves in the whole match so far (a finished round's are in its log).
    return len(match.log) + (0 if match.over() else match.game.move_count())


def _tag(opponent, variant, rounds, lang, auto_claim):
    # The defaults (settings.toml) as one number below 2**16, a different
    # one for each set of them (mixed radix, no wrap): a save made under
    # other defaults does not bring back its menu choices.
    x = OPPONENTS.index(opponent) if opponent in OPPONENTS else len(OPPONENTS)
    x = x * 3 + variant
    x = x * 256 + (rounds & 255)
    x = x * 4 + (LANGUAGES.index(lang) if lang in LANGUAGES else 3)
    return x * 2 + (1 if auto_claim else 0)


def _cycle(choices, current, step):
    i = choices.index(current) if current in choices else 0
    return choices[(i + step) % len(choices)]


def _wheel(x):
    if x < 85:
        return (x * 3, 255 - x * 3, 0)
    if x < 170:
        x -= 85
        return (255 - x * 3, 0, x * 3)
    x -= 170
    return (0, x * 3, 255 - x * 3)
