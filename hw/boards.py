"""Board profiles: the real hardware as the app loop wants it.

``open_board()`` looks at ``board.board_id`` and returns a board with
``display``, ``pixels``, ``buttons()``, ``now()``, ``idle()`` and
``show_pixels()`` (see ``hw.main``).  Adafruit PyBadge first, then PyGamer:
both read their buttons through a shift register with ``keypad``; the
PyGamer has an analog joystick instead of a direction pad.  The five
NeoPixels are written with the firmware's ``neopixel_write`` (``Pixels``):
no library needed.
"""

import time

import board
import keypad
import microcontroller
import supervisor
from digitalio import DigitalInOut, Direction
from neopixel_write import neopixel_write
from micropython import const

from hw import buttons

# keypad key numbers on the PyBadge shift register.
PYBADGE_KEYS = (buttons.B, buttons.A, buttons.START, buttons.SELECT,
                buttons.RIGHT, buttons.DOWN, buttons.UP, buttons.LEFT)
# The PyGamer's register carries B, A, Start, Select; its joystick the rest.
PYGAMER_KEYS = PYBADGE_KEYS[:4]
_JOY_LOW = const(16000)  # joystick readings (0..65535) that count as pushed
_JOY_HIGH = const(50000)
LINK_BAUD = 115200


class Pixels:
    """``n`` NeoPixels on ``pin`` at ``percent`` of full brightness:
    ``pixels[i] = (r, g, b)``, then ``show()`` sends them (green, red, blue
    per pixel, as the LEDs read them).  Integers only; one buffer."""

    def __init__(self, pin, n, percent):
        self.pin = DigitalInOut(pin)
        self.pin.direction = Direction.OUTPUT
        self.buf = bytearray(3 * n)
        self.scale = max(0, min(100, percent)) * 256 // 100  # of 256

    def __len__(self):
        return len(self.buf) // 3

    def __setitem__(self, i, colour):
        buf = self.buf
        scale = self.scale
        buf[3 * i] = colour[1] * scale >> 8
        buf[3 * i + 1] = colour[0] * scale >> 8
        buf[3 * i + 2] = colour[2] * scale >> 8

    def show(self):
        neopixel_write(self.pin, self.buf)


def make_speaker():
    """The speaker's voice for ``hw.sound`` (``hw.speaker``, loaded with
    the first sound: with sound off its code is never on the heap); None
    (said once) on a board without one."""
    from hw.speaker import make

    return make()


class Board:
    def __init__(self, board_id, settings=None):
        """``settings``: the values of ``hw.settings.read`` (None: defaults)."""
        settings = settings or {}
        self.board_id = board_id
        self.baud = settings.get("LINK_BAUD", LINK_BAUD)
        self.display = board.DISPLAY
        self.display.auto_refresh = False
        self.display.brightness = settings.get("ST_BRIGHTNESS", 100) / 100
        self.pixels = Pixels(board.NEOPIXEL, 5, settings.get("ST_PIXELS", 10))
        self.joystick = None
        self.controls = 0  # for the help page: a PyBadge's buttons (1: a PyGamer's joystick)
        if "pygamer" in board_id:
            self.controls = 1
            import analogio

            self.keymap = PYGAMER_KEYS  # type: tuple
            # getattr: the type check runs against the PyBadge's pins.
            self.joystick = (analogio.AnalogIn(getattr(board, "JOYSTICK_X")),
                             analogio.AnalogIn(getattr(board, "JOYSTICK_Y")))
            self.held = 0  # the joystick direction held, so one push is one press
        else:
            self.keymap = PYBADGE_KEYS
        self.keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                             latch=board.BUTTON_LATCH, key_count=8,
                                             value_when_pressed=True)
        self.event = keypad.Event()  # reused: no allocation per key
        self.nvm = microcontroller.nvm  # 8 KB that survive a power cut: saves
        self.uart = None

    def open_uart(self):
        """The link's serial port on TX/RX (made on first use), at
        ``LINK_BAUD`` from settings.toml (115200 by default).  Its
        ``read()`` returns None when nothing came before the timeout."""
        if self.uart is None:
            import busio

            # A bigger receive buffer than the 64-byte default: a few
            # frames may arrive while the screen refreshes.
            self.uart = busio.UART(board.TX, board.RX, baudrate=self.baud, timeout=0, receiver_buffer_size=512)
        return self.uart

    def buttons(self):
        pressed = []
        keys = self.keys.events
        keymap = self.keymap
        while keys.get_into(self.event):
            n = self.event.key_number
            if self.event.pressed and n < len(keymap):
                pressed.append(keymap[n])
        if self.joystick is not None:
            x = self.joystick[0].value
            y = self.joystick[1].value
            direction = 0
            if x < _JOY_LOW:
                direction = buttons.LEFT
            elif x > _JOY_HIGH:
                direction = buttons.RIGHT
            elif y < _JOY_LOW:
                direction = buttons.UP
            elif y > _JOY_HIGH:
                direction = buttons.DOWN
            if direction and direction != self.held:
                pressed.append(direction)
            self.held = direction
        return pressed

    def now(self):
        # A small int that wraps at 2**29 (about six days): no long int per
        # loop, unlike monotonic_ns(); the app compares times wrap-safely.
        return supervisor.ticks_ms()

    def idle(self):
        time.sleep(0.01)

    def show_pixels(self):
        pass  # the loop calls pixels.show()


def open_board(settings=None):
    return Board(getattr(board, "board_id", ""), settings)
