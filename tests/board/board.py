# board: a PyBadge's pins and its display.
from displayio import Display

board_id = "pybadge"
DISPLAY = Display()
NEOPIXEL = "NEOPIXEL"
BUTTON_CLOCK = "BUTTON_CLOCK"
BUTTON_OUT = "BUTTON_OUT"
BUTTON_LATCH = "BUTTON_LATCH"
TX = "TX"
RX = "RX"
SPEAKER = "SPEAKER"
SPEAKER_ENABLE = "SPEAKER_ENABLE"
