"""Saves and records: after every move (whoever made it) the match in play
is saved; when it ends it is counted in the statistics (``hw.saves.tally``) and
recorded, and the save keeps the menu's settings and the statistics
alone; menu choices are saved once they settle.  Every save carries the
statistics.  The app's
``Keeper`` holds where they go and what was saved last.
"""

from micropython import const

try:
    from typing import Any  # noqa: F401  (type comments only; boards lack typing)
except ImportError:
    pass

from engine import TICKS_MASK, unload
from engine.game import LANGUAGES, OPPONENTS
from hw.screens import REMOTE, ROUND_CHOICES

SETTLE_MS = const(1500)  # menu choices are saved once left alone this long


class Keeper:
    """The app's saves and records (``App.keeper``): where they go, what
    was saved last, the menu's last change, whether the match in play has
    been recorded."""

    def __init__(self, saver, recorder, tag):
        self.saver = saver  # engine.save.Saver (None: nowhere)
        self.recorder = recorder  # recorder.note(app), once a match ends (None: none)
        self.tag = tag  # the defaults' number (tag below)
        self.match = None  # type: Any  # the match saved last (None: the settings alone)
        self.n = -1  # its move count then (-1: the settings alone)
        self.count = 0  # saves written
        self.error = ""  # why the last save failed ("": it did not)
        self.changed_at = -1  # when the menu last changed (-1: saved since)
        self.mistakes = None  # the player's kept mistakes where there is no save area (hw.saves.kept)
        self.asked = 0  # kept mistakes asked since power-up (hw.screens.quiz: the next one in turn)
        # The match in play has been counted and recorded (at its end;
        # False again once a match is in play).  A flag, not the match: a
        # finished match stays on the heap only while its screens show it.
        self.recorded = False

    def keep(self, app):
        """After every move (whoever made it) the match is saved; when it
        ends, it is recorded and the save keeps the settings alone; menu
        choices are saved once they settle.  Ints only: no allocation
        unless something is written."""
        link = app.link
        if app.offer is not None or (link is not None and link.resuming is not None and app.match is None):
            return  # the saved match stays as it is until chosen, or resumed by both boards
        if app.review is not None or app.lesson is not None or app.quiz is not None:
            return  # (its match is a table rebuilt to be looked at, or set up for a lesson: not one in play)
        match = app.match
        if match is not None and not match.over():
            self.recorded = False
        elif match is not None:
            if not self.recorded:
                if app.mode == REMOTE and app.linked() and link.session.happened:
                    # The other board's last move, about to be shown:
                    # recorded once its screen has taken it (this tick,
                    # hw.screens.remote), the turn and its code gone (the
                    # heap is fullest here).  Over a pause, at once.
                    return
                self.recorded = True
                from hw.saves import tally  # (counted once, in the save that ends the match)

                tally.count(app)
                unload("hw.saves.tally")
                if self.recorder is not None:
                    self.recorder.note(app)
            if not app.linked() or not link.session.pending():
                match = None  # over (linked: its last move delivered): the settings alone
            # else the last move of a linked match is on its way: the whole
            # match stays saved, so that it can be sent again after a cut.
        elif match is None and link is not None and link.draining is not None:
            return  # (the same, after the match's summary: see hw.match.link, Link.drain)
        if self.saver is None:
            return
        n = match.move_count() if match is not None else -1
        if match is self.match and n == self.n:
            if self.changed_at < 0 or (app.now - self.changed_at) & TICKS_MASK < SETTLE_MS:
                return
        self.save(app, match)

    def saved(self, match):
        """``match`` (None: the settings alone) is what the save holds."""
        self.changed_at = -1
        self.match = match
        self.n = match.move_count() if match is not None else -1

    def save(self, app, match):
        self.saved(match)
        if self.saver is None:
            return
        try:
            self.saver.save(blob(app, match))
            self.count += 1
            self.error = ""
        except (OSError, RuntimeError, ValueError) as e:  # a worn or full save area (CircuitPython's
            # nvm says RuntimeError): play on, say it once
            if not self.error:
                print("save failed:", e)
            self.error = str(e)


def blob(app, match=None, stats=True):
    """The engine.save blob of ``match`` (None: the menu's settings
    alone) with the menu's settings and, if ``stats``, the statistics."""
    from engine.save import encode

    seat = 0
    if match is not None:
        seat = app.offer_seat if match is app.offer else app.me()  # (on offer: not in play)
    stats = app.stats if stats else None
    if match is not None:
        return encode(match, match.moves(), app.OPPONENTS.index(app.opponent), LANGUAGES.index(app.lang),
                      app.auto_claim, seat, tag=app.keeper.tag, stats=stats, sound=app.sound, hints=app.hints_on)
    return encode(None, (), app.OPPONENTS.index(app.opponent), LANGUAGES.index(app.lang), app.auto_claim, 0,
                  app.variant, app.rounds, app.keeper.tag, stats, app.sound, app.hints_on)


def tag(opponent, variant, rounds, lang, auto_claim, sound=False):
    """The defaults (settings.toml) as one number below 2**16, a different
    one for each set of them (mixed radix, no wrap): a save made under
    other defaults does not bring back its menu choices.  (Since sound
    joined them the rounds count by their place among the menu's choices:
    saves made before bring their match back, not their menu choices.)"""
    x = OPPONENTS.index(opponent) if opponent in OPPONENTS else len(OPPONENTS)
    x = x * 3 + variant
    x = x * 5 + (ROUND_CHOICES.index(rounds) if rounds in ROUND_CHOICES else 4)
    x = x * 4 + (LANGUAGES.index(lang) if lang in LANGUAGES else 3)
    x = x * 2 + (1 if auto_claim else 0)
    return x * 2 + (1 if sound else 0)
