"""The handheld app: its state, and the screen in front of the player.

Data flows one way: buttons -> ``App.press`` -> the screen's module -> the
engine -> the state the view draws (``hw.view``) -> the display.  Nothing
here touches displayio, so the whole app runs, and is tested, without a
screen.

A screen (``App.mode``, numbered in ``hw.screens``) is a module, the same
few functions in each: ``press(app, button)``, ``lines(app)`` (its panel;
None: the board) and, where time moves it, ``tick(app, now)``.  The one
shown is loaded, the one left forgotten (``App.screen``), so that a
board's heap holds the code of the screen in front of the player only.
The turn being built is ``hw.match.turn``'s ``Turn``; a linked match's side,
``hw.match.link``'s ``Link`` (``App.link``); saves, ``hw.saves.keep``'s (after
every move) and ``hw.screens.resume``'s (read at power-up, a save that cannot be
read said on screen, never loaded half-way); what the screens say about
the game, ``hw.lang.words``'.
"""

from micropython import const

try:
    from typing import Any  # noqa: F401  (type comments only; boards lack typing)
except ImportError:
    pass

from engine import unload
from engine.game import CLASSIC, LEVELS, OPPONENTS
from hw.lang.strings import text
from hw.saves import keep
from hw.screens import MODULES

# Screens (hw.screens' numbers) as private constants: inlined, no name kept
# on the heap (tests/test_layers.py holds each equal to hw.screens').
_MENU = const(0)
_TURN = const(1)
_HANDOFF = const(2)
_NOTICE = const(4)
_RESUME = const(11)
_LEARN = const(16)
_TALLY_TABLE = const(8)  # hw.saves.tally's TABLE: the counters before the matches' table


class App:
    OPPONENTS = OPPONENTS  # the menu's (the sim's desktop app has one more)

    def __init__(self, seed=0, opponent="medium", variant=CLASSIC, rounds=1, lang="en", auto_claim=False,
                 link_port=None, random_bytes=None, saver=None, recorder=None, sound=False, speaker=None, hints=True):
        """``link_port()``: a link's serial port, opened at the first call
        and the same after (None: no link here);
        ``random_bytes(n)``: unpredictable bytes for it.  ``saver``: where
        matches and menu choices are saved (None: nowhere);
        ``recorder.note(app)`` is called once when a match ends.  ``sound``
        and ``hints``: the menu's; ``speaker()``: the sounds' voice (None:
        no speaker)."""
        self.seed = seed
        self.opponent = opponent
        self.variant = variant
        self.rounds = rounds
        self.lang = lang
        self.auto_claim = auto_claim
        self.sound, self.speaker, self.hints_on = sound, speaker, hints
        self.sounds = None  # type: Any  # hw.sound's Player, from the first sound on (hw.match.play: beep)
        self.mode, self.trail = _MENU, 0  # the screen shown; the way back from it (App.go)
        self.shown = ""  # the module of the screen last shown (App.screen)
        self.row = self.choice = self.page = 0  # the menu's cursor; the pause's or resume's; help's or the tally's page
        self.controls = 0  # the device's buttons, for the help: 0 PyBadge, 1 PyGamer, 2 a keyboard
        self.link_port, self.random_bytes = link_port, random_bytes
        # hw.match.link's Link while a link needs it; what links leave behind
        # since power-up: the last conversation's mark, the deals given up.
        self.link, self.link_marks = None, bytearray(2)  # type: Any, bytearray
        self.match, self.matches = None, 0  # type: Any, int  # the match in play; matches dealt since power-up
        self.bots = [None, None]  # type: list
        self.turn = None  # type: Any  # hw.match.turn's Turn, being built on the screen: a match's (hw.match.play)
        self.detail_stone = 0  # the stone shown in detail
        self.lines, self.message = [], ""  # a notice's lines; the last thing the opponent did
        self.note = ""  # the top line's corner instead of the piles (a replay's move number)
        self.known = [None, None]  # per seat, the hand it kept at its last move (None: a new round)
        self.last_human = -1
        self.thought = False  # the bot's "thinking" shown (hw.screens.thinking), or the hint's (hw.screens.hint)
        self.hints, self.hinted = [0, 0], -1  # hints asked for this match, per seat; the last one's move (hw.screens.hint)
        self.stats = bytearray(2 * (_TALLY_TABLE + 9 * len(self.OPPONENTS)))  # hw.saves.tally's: 2 bytes a counter
        self.events = []  # ("claim", player, mask), ("round", winner): for shots and tests
        self.flash_at = -1  # when the last claim was seen (the NeoPixels flash)
        self.now, self.dirty = 0, True
        self.keeper = keep.Keeper(saver, recorder, keep.tag(opponent, variant, rounds, lang, auto_claim, sound))
        self.offer, self.offer_seat = None, 0  # type: Any, int  # a saved match on offer (the resume screen), its seat
        self.confirm = ""  # the pause menu's row waiting for A again (a restart)
        self.review = self.lesson = self.quiz = None  # type: Any  # hw.screens' review, learn, quiz, while shown
        self.mistakes = 0  # how many of the player's mistakes are kept (hw.saves.kept)
        if saver is not None:
            from hw.screens import resume  # (the power-up's: read once, then forgotten)

            resume.load(self)
            unload("engine.restore")
            unload("hw.screens.resume")

    # -- what the screens and the view read ----------------------------------

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
        """This board's player in a linked game (else 0); reviewing (or asking about) a move, its player."""
        if self.quiz is not None or self.review is not None:
            return (self.quiz or self.review).player
        return self.link.session.seat if self.linked() else 0

    def humans(self):
        return (self.me() == 0, self.me() == 1) if self.linked() else (True, self.opponent == "pass")

    def viewer(self):
        """The player whose side is at the bottom of the screen."""
        if self.opponent == "pass" and self.match and self.mode != _HANDOFF:
            return self.game.to_move if self.last_human < 0 else self.last_human
        return self.me()

    def hand(self):
        """The viewer's hand as shown (without the cards a Scout is putting back)."""
        cards = sorted(self.game.hand_cards(self.viewer()))
        if self.mode == _TURN or self.mode == _LEARN:
            for c in self.turn.picked:  # (only while they are put back)
                cards.remove(c)
        return cards

    def short_name(self, player):
        """A seat's name that fits the status line."""
        if self.opponent == "pass":
            return self.t("seat") % (player + 1)
        return self.t("you") if player == self.me() else self.t("them")

    def name(self, player):
        if self.opponent == "pass":
            return self.t("player") % (player + 1)
        return self.t("you") if player == self.me() else self.t("rival" if self.opponent == "link" else self.opponent)

    def player_names(self, name):
        """The seats' names for a record; ``name``: this board's player's."""
        if self.opponent == "pass":
            return ["Player 1", "Player 2"]
        if self.opponent == "link":
            names = ["Other board", "Other board"]
            names[self.me()] = name
            return names
        return [name, {"easy": "Apprentice", "medium": "Clansman", "hard": "Chieftain"}[self.opponent]]

    def record_blob(self):
        """The save blob of the whole match, for its record (hw.saves.records)."""
        return keep.blob(self, self.match, False)

    # -- the screen shown --------------------------------------------------

    def screen(self):
        """The module of the screen shown, loaded if it was not."""
        self.leave()
        return __import__(MODULES[self.mode], None, None, ("press",))

    def leave(self):
        """The module of a screen left is forgotten; at the menu, a match's too (hw.match.between)."""
        name = MODULES[self.mode]
        if name != self.shown:
            left, self.shown = self.shown, name
            unload(left)
            if self.mode == _MENU and left and self.match is None:  # (the session's floor; not at power-up)
                __import__("hw.match.between", None, None, ("floor",)).floor(self)

    def panel(self):
        """The lines of the panel shown over the board (None: the board)."""
        return self.screen().lines(self)

    def press(self, button):
        self.dirty = True
        self.screen().press(self, button)
        self.leave()

    def tick(self, now):
        """Time passes (``now`` in ms): the link's, a save (a match's record made before the
        next screen's code is loaded: the heap is fullest then), the screen's time and its save."""
        self.now = now
        if self.sounds is not None:
            self.sounds.tick(now)
        if self.link is not None:
            self.link.tick(self, now)
        self.leave()
        self.keeper.keep(self)
        screen = self.screen()
        if hasattr(screen, "tick"):
            screen.tick(self, now)
            screen = None  # (the screen it left goes before the save, its code too: the other board's turn)
            self.leave()
            self.keeper.keep(self)

    def go(self, mode, then=-1):
        """Show screen ``mode``; ``back`` then returns to ``then``: the one
        shown now (a screen over it: the help, the pause, a notice; its way
        back kept, three deep), another (the way back forgotten), or none."""
        trail = self.trail if then == self.mode else 0
        self.trail = (trail << 5 | then + 1) & 0x7FFF if then >= 0 else 0  # (five bits a screen: a small int)
        self.mode = mode

    def back(self):
        """Back to the screen that ``go`` named (the menu if none)."""
        self.mode = (self.trail & 31) - 1 if self.trail else _MENU
        self.trail >>= 5

    def notice(self, lines, then=_TURN):
        """A notice of ``lines``; A or B then goes to ``then`` (``go``)."""
        self.lines = lines
        self.go(_NOTICE, then)

    # -- a match -----------------------------------------------------------

    def bot(self, seed):
        """The opponent's bot (None: a person plays that seat)."""
        if self.opponent in LEVELS:
            from engine.bots import Bot  # (a linked or pass-and-play match holds no bot)

            return Bot(self.opponent, seed)
        return None

    def offer_match(self, match, seat, opponent=None):
        """Offer ``match`` (saved) on the resume screen."""
        self.offer = match
        self.offer_seat = seat
        if opponent is not None:
            self.opponent = opponent
        self.variant = match.game.variant
        self.rounds = match.rounds
        self.go(_RESUME)
        self.choice = 0
