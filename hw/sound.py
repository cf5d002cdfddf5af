"""Short sounds: a card placed, a stone claimed, a claim refused, a round
won or lost, the other board's move arriving over the link.

Each sound is a few notes, ``(hz, ms)`` pairs (0 Hz: a rest), played one
after the other by ``Player`` on a *voice*: ``tone(hz)`` sounds a note
until ``off()`` (a board's speaker, ``hw.speaker.Speaker``: one period of a
wave in one small buffer, looped, its pitch the sample rate; the desktop's,
``sim.desk.DeskSpeaker``).  The app loads this module on its first sound
(``hw.match.play.beep``): with sound off it never is.  The next note comes from the
app's tick, so a sound never holds the loop.
"""

from micropython import const

from engine import TICKS_MASK

PLACE = const(0)
CLAIM = const(1)
REFUSED = const(2)
WON = const(3)
LOST = const(4)
LINK = const(5)
_HALF = const(0x0FFFFFFF)  # engine.TICKS_MASK >> 1: a time this far past "until" is before it (wrap-safe)

_NOTES = (
    (1319, 30),  # a card placed: a tick
    (784, 50, 1175, 90),  # a stone claimed: up a fifth
    (196, 150),  # a claim refused: a low buzz
    (523, 80, 659, 80, 784, 80, 1047, 180),  # a round won: up the chord
    (392, 120, 311, 120, 233, 240),  # a round lost: down
    (988, 40, 0, 40, 988, 40),  # the other board's move: two blips
)


def ask(app, kind):
    """Sound ``kind`` on ``app``'s speaker (``hw.match.play.beep`` asks, sound on):
    the player and the voice are made the first time.  Said in
    ``app.events`` (for shots and tests)."""
    sounds = app.sounds
    if sounds is None:
        voice = app.speaker()
        if voice is None:  # (no speaker after all: said once, by the board)
            app.speaker = None
            return
        sounds = app.sounds = Player(voice)
    sounds.play(kind, app.now)
    app.events.append(("sound", kind))


class Player:
    """The notes of one sound at a time on ``voice``; a new sound cuts the
    one playing."""

    def __init__(self, voice):
        self.voice = voice
        self.notes = ()  # type: tuple
        self.i = 0
        self.until = 0

    def play(self, kind, now):
        self.notes = _NOTES[kind]
        self.i = 0
        self._note(now)

    def _note(self, now):
        hz = self.notes[self.i]
        if hz:
            self.voice.tone(hz)
        else:
            self.voice.off()
        self.until = (now + self.notes[self.i + 1]) & TICKS_MASK

    def tick(self, now):
        """The next note once this one's time is up; the speaker off after
        the last."""
        if not self.notes or (now - self.until) & TICKS_MASK > _HALF:
            return
        self.i += 2
        if self.i < len(self.notes):
            self._note(now)
        else:
            self.stop()

    def stop(self):
        self.notes = ()
        self.voice.off()
