"""The board's speaker: ``hw.sound``'s voice on a PyBadge or PyGamer
(``hw.boards.make_speaker`` loads this module with the first sound)."""

import board
from digitalio import DigitalInOut, Direction
from micropython import const

_LOUD = const(24)  # the wave's swing either side of silence (of 127): a soft sound


class Speaker:
    """The speaker (``board.SPEAKER``), its amplifier on
    (``board.SPEAKER_ENABLE``) only while a note sounds: one period of a
    soft square wave, 16 samples in one small buffer, looped; the pitch is
    the sample rate (16 samples a period).  ``hw.sound`` plays on it."""

    def __init__(self):
        import audiocore
        import audioio

        self.enable = DigitalInOut(board.SPEAKER_ENABLE)
        self.enable.direction = Direction.OUTPUT
        self.enable.value = False
        wave = bytearray(16)  # unsigned 8-bit samples: 128 is silence
        for i in range(16):
            wave[i] = 128 + _LOUD if i < 8 else 128 - _LOUD
        self.sample = audiocore.RawSample(wave, sample_rate=8000)
        self.out = audioio.AudioOut(board.SPEAKER)

    def tone(self, hz):
        self.sample.sample_rate = hz * 16
        self.enable.value = True
        self.out.play(self.sample, loop=True)

    def off(self):
        self.out.stop()
        self.enable.value = False


def make():
    """The board's ``Speaker``; None (said once) on a board without one, or
    when its audio cannot start."""
    if not hasattr(board, "SPEAKER"):
        return None
    try:
        return Speaker()
    except Exception as e:  # (audioio missing, the pin in use): no sound, the game goes on
        print("sound: none on this board (%s)" % e)
        return None
