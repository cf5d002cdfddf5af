"""The handheld app: screens as states, driven by button presses.

Data flows one way: buttons -> ``App.press`` -> the engine -> the state the
view draws (``hw.view``) -> the display.  Nothing here touches displayio,
so the whole app runs, and is tested, without a screen.

Screens (``App.mode``, numbered in ``hw.screens``): the menu, a turn (choosing a card, a stone, claims:
the turn being built is ``hw.turn``'s ``Turn``), the hand-over screen of
pass-and-play, the opponent thinking, notices, the detail of one stone,
round and match summaries, the pause menu, and the offer of a saved match.
What the screens say about the game (the last move, a stone, a refused
claim) is ``hw.words``'.

With a ``saver`` (``engine.save.Saver`` over the board's nvm or the sim's
file), the match in play is saved after every move (``hw.keep``) and the menu's choices
when they settle; at power-up a saved match is offered ("resume" or "new
game"), and a save that cannot be read is reported on screen, never loaded
half-way (see ``hw.resume``).

A linked match's side (the handshake, the port, the other board's moves)
is ``hw.linkplay``'s ``Link`` (``App.link``), loaded only when a link is
played: the other modes never hold its code.
"""

from micropython import const

try:
    from typing import Any  # noqa: F401  (type comments only; boards lack typing)
except ImportError:
    pass

from engine import unload
from engine.game import CLASSIC, LANGUAGES, LEVELS, N_STONES, OPPONENTS, TACTICS
from engine.match import Match
from engine.moves import stones_text
from hw import buttons, keep, words
from hw.strings import text
from hw.turn import RETURN, Turn

# What each variant loads when it is in play (engine.bots, engine.botkit
# and engine.game serve both), and the bots' part of it.
_CLASSIC_MODULES = ("engine.ai", "engine.classic", "engine.threat")
_TACTICS_MODULES = ("engine.tbots", "engine.tactics", "engine.elite")
_BOT_MODULES = ("engine.ai", "engine.tbots", "engine.botkit", "engine.bots")

# The screens (hw.screens' numbers, which the other modules import) as
# private constants: inlined where the mode is compared, no name of them
# kept on the heap (tests/test_layers.py holds each equal to hw.screens').
_MENU = const(0)
_TURN = const(1)
_HANDOFF = const(2)
_THINKING = const(3)
_NOTICE = const(4)
_DETAIL = const(5)
_ROUND_END = const(6)
_MATCH_END = const(7)
_PAUSE = const(8)
_LINKING = const(9)
_REMOTE = const(10)
_RESUME = const(11)
_HELP = const(12)

_DRAIN_MS = const(5000)  # after a linked match, at most this to deliver the last move


class App:
    OPPONENTS = OPPONENTS  # the menu's (the sim's desktop app has one more)

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
        self.mode = _MENU
        self.row = 0  # menu and pause cursor (a help page's number)
        self.controls = 0  # the device's buttons, for the help: 0 PyBadge, 1 PyGamer, 2 a keyboard
        self.link_port = link_port
        self.random_bytes = random_bytes
        self.link = None  # type: Any  # hw.linkplay's Link, from the first link on
        self.match = None  # type: Any
        self.matches = 0
        self.bots = [None, None]  # type: list
        self.turn = Turn(self)  # the turn being built on the screen
        self.detail_stone = 0  # the stone shown in detail
        self.lines = []  # a notice's lines
        self.after = _MENU  # where a notice or the detail view returns
        self.message = ""  # the last thing the opponent did
        self.note = ""  # the top line's corner instead of the piles (a replay's move number)
        self.known = [None, None]  # per seat, the hand it kept at its last move (None: a new round)
        self.last_human = -1
        self.thought = False
        self.events = []  # ("claim", player, mask), ("round", winner): for shots and tests
        self.flash_at = -1  # when the last claim was seen (the NeoPixels flash)
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
        self.confirm = ""  # the pause menu's row waiting for A again (a restart)
        self.recorded = None  # type: Any
        if saver is not None:
            # At power-up only (hw.resume): the saves read, a match offered.
            from hw import resume

            resume.load(self)
            unload("engine.restore")  # read once: its code goes back to the heap
            if self.mode != _RESUME:
                unload("hw.resume")

    # -- what the view needs ----------------------------------------------

    def t(self, key):
        return text(self.lang, key)

    @property
    def game(self):
        return self.match.game if self.match else None

    def linked(self):
        """Is a linked match in play?"""
        return self.link is not None and self.link.session is not None

    def link_lost(self):
        """Has the other board of a link fallen silent?"""
        return self.link is not None and self.link.lost

    def me(self):
        """This board's player in a linked game (else 0)."""
        return self.link.session.seat if self.linked() else 0

    def humans(self):
        if self.linked():
            seat = self.me()
            return (seat == 0, seat == 1)
        return (True, self.opponent == "pass")

    def viewer(self):
        """The player whose side is at the bottom of the screen."""
        if self.opponent == "pass" and self.match and self.mode != _HANDOFF:
            return self.game.to_move if self.last_human < 0 else self.last_human
        return self.me()

    def hand(self):
        """The viewer's hand, sorted as shown (without the cards a Scout
        is putting back)."""
        cards = sorted(self.game.hand_cards(self.viewer()))
        picked = self.turn.picked
        if picked and self.mode == _TURN and self.turn.phase == RETURN:
            for c in picked:
                cards.remove(c)
        return cards

    def new_cards(self, player):
        """The cards of ``player``'s hand drawn since its last move."""
        known = self.known[player]
        if known is None:
            return ()
        return [c for c in self.game.hand_cards(player) if c not in known]

    def ending(self):
        """The screen of a round's end: a one-round match's is its summary."""
        return _MATCH_END if self.match.over() and self.match.rounds == 1 else _ROUND_END

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
        if mode == _MENU or mode == _PAUSE:
            from hw import menus  # (loaded while a menu is shown)

            (menus.menu if mode == _MENU else menus.pause)(self, button)
            if self.mode != _MENU and self.mode != _PAUSE and self.mode != _HELP:
                unload("hw.menus")  # a match is on: its code goes back to the heap
        elif mode == _TURN:
            self._turn(button)
        elif mode == _HANDOFF:
            if button == buttons.A:
                self.mode = _TURN
        elif mode == _NOTICE:
            if button in (buttons.A, buttons.B):
                self.mode = self.after
        elif mode == _DETAIL:
            if button == buttons.A:  # may this stone be claimed?  The proof, or what could still beat it
                from hw import panels

                self.notice(panels.why_not(self, self.detail_stone, self.viewer()), _DETAIL)
            elif button in (buttons.B, buttons.SELECT):
                self.mode = _TURN  # (the detail is asked for from a turn)
            elif button in (buttons.LEFT, buttons.RIGHT):
                self.detail_stone = (self.detail_stone + (1 if button == buttons.RIGHT else -1)) % N_STONES
        elif mode == _ROUND_END:
            if button == buttons.A:
                self.match.final = None  # the last round's board, seen
                if self.match.over():
                    self.mode = _MATCH_END
                else:
                    self.start_turn()
                    if self.linked():
                        self.link.next_round(self)
        elif mode == _MATCH_END:
            if button == buttons.A:
                self.mode = _MENU
                self.match = None
                if self.linked():
                    self.link.close(self.now + _DRAIN_MS)  # (its last move delivered meanwhile)
        elif mode == _REMOTE:
            if self.link_lost() and button == buttons.B:
                self.link.give_up(self)
            elif button == buttons.START:
                self.after = _REMOTE
                self.mode = _PAUSE
                self.row = 0
        elif mode == _LINKING:
            if button in (buttons.B, buttons.START):
                self.link.give_up(self)  # give up waiting
        elif mode == _HELP:
            from hw import menus

            menus.help_page(self, button)
            if self.mode != _HELP:
                unload("hw.menus")
        elif mode == _RESUME:
            from hw import resume  # (loaded while a saved match is on offer)

            resume.press(self, button)
            if self.mode != _RESUME:
                unload("hw.resume")

    # -- a match -----------------------------------------------------------

    def start_link(self, resume=None):
        if self.link is None:
            from hw.linkplay import Link

            self.link = Link()
        self.link.start(self, resume)

    def new_match(self):
        # Every match of a session gets its own deal, all from one seed.
        if self.link is not None:
            self.link.draining = None  # a linked match's last frames: given up
        self.matches += 1
        seed = (self.seed + 104729 * self.matches) & 0x3FFFFFFF
        self.match = None
        self.bots = [None, None]
        # A board holds one variant's rules and bots: the other variant's
        # modules go back to the heap before this match loads its own.
        for name in _CLASSIC_MODULES if self.variant == TACTICS else _TACTICS_MODULES:
            unload(name)
        self.match = Match(seed, self.rounds, self.variant)
        self.bots[1] = self.bot(seed ^ 0x5A5A)
        self.message = ""
        self.known = [None, None]
        self.last_human = -1
        self.events = []
        self.start_turn()

    def bot(self, seed):
        """The opponent's bot (None: a person plays that seat)."""
        if self.opponent in LEVELS:
            from engine.bots import Bot  # (a linked or pass-and-play match holds no bot)

            return Bot(self.opponent, seed)
        return None

    def _drop_bots(self):
        # The bots and their modules go back to the heap (a match over: its
        # record then needs the room; a new match loads them again).
        self.bots = [None, None]
        for name in _BOT_MODULES:
            unload(name)

    def start_turn(self):
        unload("hw.ends")  # (loaded at a round's end: not kept while a bot thinks)
        game = self.game
        if game.over():
            self._round_over()
            return
        p = game.to_move
        self.turn.reset()
        if self.linked() and p != self.me():
            self.mode = _REMOTE
            return
        if self.bots[p] is not None:
            self.mode = _THINKING
            self.thought = False
            return
        # A player who can only pass, with nothing to claim, sees no screen:
        # the device stays with whoever holds it.
        needs_screen = game.returns or game.can_place(p) or game.claimable(p)
        if self.opponent == "pass" and self.last_human != p and needs_screen:
            self.mode = _HANDOFF
        else:
            self.mode = _TURN
        if needs_screen:
            self.last_human = p
        self.turn.begin(p)

    def _turn(self, button):
        if self.link_lost():
            if button == buttons.B:  # give up waiting for the other board
                self.link.give_up(self)
            return
        if button == buttons.START:
            self.after = _TURN
            self.mode = _PAUSE
            self.row = 0
        elif button == buttons.SELECT:
            self.after = _TURN
            self.mode = _DETAIL
            cursor = self.turn.stone_cursor
            self.detail_stone = cursor if cursor < N_STONES else 0
        else:
            self.turn.press(button)

    def commit(self, m):
        """The turn's move: applied (or refused in a notice, the turn kept)."""
        game = self.game
        err = game.check(m)
        if err:  # the screens only offer legal choices; keep the turn
            self.notice([err])
            return
        p = game.to_move
        kept = game.hand_cards(p)
        claims = self._apply(p, m)
        if self.game is not game:
            return  # (a linked round ended: the next one is dealt)
        hand = game.hand_cards(p)
        self.known[p] = [c for c in kept if c in hand]  # the rest is drawn: marked at its next turn
        # The other player sees this move: in pass-and-play on this screen
        # after the hand-over (a linked or bot opponent has it already).
        self.message = words.last_text(self) if self.opponent == "pass" else ""
        if self.mode != _ROUND_END and self.mode != _MATCH_END:  # (a linked round ends in the session)
            self.start_turn()
        if claims and self.auto_claim and not game.over():
            # Claimed by the auto-claim: said, not done silently (whose, in
            # pass-and-play; the next player's pass may have said its own).
            line = self.t("auto_claimed") % stones_text(claims)
            if self.opponent == "pass":
                line = self.short_name(p) + ": " + line
            if self.mode == _NOTICE:
                self.lines = [line] + self.lines
            else:
                self.notice([line], self.mode)

    def _apply(self, p, m):
        game = self.game
        if self.linked():
            if self.link.play(self, m):  # applies it and sends it
                return 0  # (it ended the round: the next one is dealt)
        else:
            game.apply(m)
        claims = game.last_played()[2]
        if claims:
            self.events.append(("claim", p, claims))
            self.flash_at = self.now
        return claims

    def _round_over(self):
        if self.linked():
            return  # rounds end in the session (see hw.linkplay: Link.round_over)
        w = self.match.finish_round()
        if self.match.over():
            self._drop_bots()  # before the record: it needs the room
        self.events.append(("round", w))
        self.mode = self.ending()
        self.message = ""  # the next round opens with nothing said
        self.known = [None, None]
        self.last_human = -1

    def notice(self, lines, after=_TURN):
        self.lines = lines
        self.after = after
        self.mode = _NOTICE

    # -- time --------------------------------------------------------------

    def tick(self, now):
        """Time passes (``now`` in ms).  The opponent thinks on the tick
        after the screen said so."""
        self.now = now
        link = self.link
        if link is not None:
            if link.session is not None:
                # A move of this board is saved before it leaves: a save never
                # lacks a move the other board holds (engine.session: resume).
                keep.keep(self)
                link.step(self, now)
            elif link.draining is not None:
                link.drain(self, now)
        if self.mode == _THINKING:
            if not self.thought:
                self.thought = True  # let the screen show "thinking" first
            else:
                self._bot_move()
        if self.saver is not None or self.recorder is not None:
            keep.keep(self)

    # -- saves and records ---------------------------------------------------

    def offer_match(self, match, seat, opponent=None):
        """Offer ``match`` (saved) on the resume screen."""
        self.offer = match
        self.offer_seat = seat
        if opponent is not None:
            self.opponent = opponent
        self.variant = match.game.variant
        self.rounds = match.rounds
        self.mode = _RESUME
        self.row = 0

    def record_blob(self):
        """The blob of the whole match (for a record)."""
        return keep.blob(self, self.match)

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

    def _bot_move(self):
        game = self.game
        p = game.to_move
        self._apply(p, game.spell_claims(self.bots[p].choose(game)))
        self.message = words.last_text(self)
        self.dirty = True
        self.start_turn()


def _tag(opponent, variant, rounds, lang, auto_claim):
    # The defaults (settings.toml) as one number below 2**16, a different
    # one for each set of them (mixed radix, no wrap): a save made under
    # other defaults does not bring back its menu choices.
    x = OPPONENTS.index(opponent) if opponent in OPPONENTS else len(OPPONENTS)
    x = x * 3 + variant
    x = x * 256 + (rounds & 255)
    x = x * 4 + (LANGUAGES.index(lang) if lang in LANGUAGES else 3)
    return x * 2 + (1 if auto_claim else 0)
