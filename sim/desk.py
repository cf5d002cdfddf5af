"""The desktop's stand-ins for a board: a scaled window with the NeoPixels
under the screen, the keyboard as buttons, and a clock.

The display is blinka-displayio-pygamedisplay's, drawn off-screen at
160x128 and shown scaled in a taller window.  We drain pygame's event queue
ourselves (never ``check_quit()``): keys become the app's buttons, because
posted events are not seen by ``key.get_pressed()`` and ``check_quit()``
would swallow what it does not handle.
"""

import gc
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import blinka_displayio_pygamedisplay as pgd  # noqa: E402
import displayio  # noqa: E402
import pygame  # noqa: E402

from hw import buttons  # noqa: E402

SCALE = 4
TITLE = "Schotten Totten"  # (python -m sim adds the player and the keys)
STRIP_H = 48  # window rows under the screen, for the NeoPixels

KEYS = {
    pygame.K_LEFT: buttons.LEFT,
    pygame.K_RIGHT: buttons.RIGHT,
    pygame.K_UP: buttons.UP,
    pygame.K_DOWN: buttons.DOWN,
    pygame.K_z: buttons.A,
    pygame.K_x: buttons.B,
    pygame.K_RETURN: buttons.START,
    pygame.K_SPACE: buttons.SELECT,
    pygame.K_LSHIFT: buttons.SELECT,
    pygame.K_RSHIFT: buttons.SELECT,
}


class ScaledDisplay(pgd.PyGameDisplay):
    """Renders at native size off-screen; shows it scaled, pixels below."""

    def __init__(self, width, height, scale=SCALE, strip_height=STRIP_H, title=TITLE, **kwargs):
        self.scale = scale
        self.strip_height = strip_height
        self.title = title
        self.window = None
        self.pixels = None
        super().__init__(width=width, height=height, **kwargs)

    def _initialize(self, init_sequence):
        # The display alone (with its events, the keyboard): the game has no
        # sound, and pygame.init() would open the audio device too, which
        # where there is none prints ALSA's complaints on stderr.
        pygame.display.init()
        pygame.display.set_caption(self.title)
        self.window = pygame.display.set_mode((self.width * self.scale, self.height * self.scale + self.strip_height))
        self._pygame_screen = pygame.Surface((self.width, self.height))

    @property
    def frame(self):
        """The 160x128 surface of the last refresh: the board's own pixels."""
        return self._pygame_screen

    def _refresh_display(self):
        super()._refresh_display()
        self.present()

    def present(self):
        if not pygame.display.get_init():
            return
        w = self.width * self.scale
        h = self.height * self.scale
        pygame.transform.scale(self.frame, (w, h), self.window.subsurface(pygame.Rect(0, 0, w, h)))
        if self.pixels is not None and self.strip_height:
            self.pixels.draw(self.window, pygame.Rect(0, h, w, self.strip_height))
        pygame.display.flip()

    def save(self, path, native=False):
        """A PNG of the window (screen and pixels), or of the bare screen."""
        pygame.image.save(self.frame if native else self.window, path)


class DeskPixels:
    """The part of ``hw.boards.Pixels`` the app uses, drawn as circles."""

    def __init__(self, n=5, brightness=0.3):
        self.colours = [(0, 0, 0)] * n
        self.brightness = brightness

    def __len__(self):
        return len(self.colours)

    def __setitem__(self, i, colour):
        self.colours[i] = tuple(colour)

    def __getitem__(self, i):
        return self.colours[i]

    def fill(self, colour):
        for i in range(len(self.colours)):
            self.colours[i] = tuple(colour)

    def show(self):
        pass

    def draw(self, surface, rect):
        surface.fill((24, 24, 24), rect)
        step = rect.width // len(self.colours)
        radius = min(step, rect.height) * 3 // 10
        for i, colour in enumerate(self.colours):
            # Scale up for the eye: LEDs are bright even at low values.
            lit = tuple(min(255, int(c * 2)) for c in colour)
            centre = (rect.x + step * i + step // 2, rect.centery)
            pygame.draw.circle(surface, lit, centre, radius)
            pygame.draw.circle(surface, (90, 90, 90), centre, radius, 2)


class DeskNVM:
    """``microcontroller.nvm`` on the desktop: 8 KB kept in a file.  A
    file shorter than that (cut short: the sim writes it whole) reads
    erased beyond its end, and ``problem`` says so (the saves' reader,
    ``engine.restore.scan``, reports it with the slots')."""

    SIZE = 8192

    def __init__(self, path=None):
        self.path = path
        self.data = bytearray(b"\xff" * self.SIZE)
        self.problem = None
        if path and os.path.exists(path):
            with open(path, "rb") as f:
                stored = f.read(self.SIZE)
            self.data[: len(stored)] = stored
            if len(stored) < self.SIZE:
                self.problem = "save area cut short: %d of %d bytes" % (len(stored), self.SIZE)

    def __len__(self):
        return self.SIZE

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        self.data[index] = value
        if self.path:
            # The whole area, as a board's nvm erases and rewrites its
            # block; through a new file and a rename, so that the file
            # itself is never half-written.
            with open(self.path + ".new", "wb") as f:
                f.write(self.data)
            os.replace(self.path + ".new", self.path)


class DeskUART:
    """A serial port with nothing on the other end (until the link lands):
    ``read()`` returns None like ``busio.UART`` after its timeout."""

    def __init__(self, baudrate=115200):
        self.baudrate = baudrate
        self.in_waiting = 0

    def read(self, nbytes=None):
        return None

    def readinto(self, buf):
        return None

    def write(self, data):
        return len(data)

    def reset_input_buffer(self):
        pass


class SerialPort:
    """A real or virtual serial port (pyserial), read like ``busio.UART``:
    ``read()`` returns None when nothing has come."""

    def __init__(self, path, baudrate=115200):
        import serial

        self.path = path
        self.port = serial.Serial(path, baudrate, timeout=0, write_timeout=0)
        self.gone = ""  # why the port stopped reading (its other end closed, unplugged)

    def read(self, nbytes=None):
        try:
            data = self.port.read(nbytes or 256)
        except (OSError, ValueError) as e:  # serial.SerialException is an OSError
            # The pty's other end closed (EIO), an adapter unplugged: nothing
            # comes any more, as on a cut cable, and the session sees the
            # link lost after its silence (engine.channel), never a crash.
            if not self.gone:
                self.gone = " ".join(str(e).split()) or type(e).__name__
                print("sim: --port %s: %s; nothing comes from the link" % (self.path, self.gone), file=sys.stderr)
            return None
        return data or None

    def reset_input_buffer(self):
        self.port.reset_input_buffer()

    def write(self, data):
        try:
            return self.port.write(bytes(data))
        except Exception:  # serial.SerialTimeoutException: the cable is full
            return 0


class DeskSpeaker:
    """The board's speaker on the desktop (``hw.sound``'s voice): a soft
    square wave through pygame's mixer, one sound a note, looped until
    ``off``.  ``pygame.error`` when there is no audio device
    (``Desk.make_speaker`` then gives none: silence, nothing said)."""

    LOUD = 2500  # the wave's swing (of 32767): soft, as the board's

    def __init__(self):
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
        self.rate, _, self.channels = pygame.mixer.get_init()
        self.sounds = {}
        self.playing = None

    def tone(self, hz):
        sound = self.sounds.get(hz)
        if sound is None:
            period = max(2, round(self.rate / hz))
            wave = bytearray()
            for i in range(period):
                value = self.LOUD if i < period // 2 else -self.LOUD
                wave += value.to_bytes(2, "little", signed=True) * self.channels
            sound = self.sounds[hz] = pygame.mixer.Sound(buffer=bytes(wave) * 64)
        self.off()
        self.playing = sound.play(loops=-1)

    def off(self):
        if self.playing is not None:
            self.playing.stop()
            self.playing = None


class Desk:
    """A board's parts on the desktop: ``display``, ``pixels``,
    ``buttons()``, ``now()``, ``make_speaker()``."""

    controls = 2  # the help page lists a keyboard's keys

    def __init__(self, headless=False, nvm=None, title=TITLE):
        """``nvm``: the file that keeps the save area (None: in memory);
        ``title``: the window's."""
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        displayio.release_displays()
        self.display = ScaledDisplay(160, 128, auto_refresh=False, title=title)
        self.pixels = DeskPixels()
        self.display.pixels = self.pixels
        self.nvm = DeskNVM(nvm)
        self.uart = None
        self.quit = False
        self._start = time.monotonic()
        # The app collects after every screen update, as a board must; on
        # the desktop the objects made so far (pygame's, displayio's) are
        # left out of those collections: 6 ms less a screen.
        gc.freeze()

    def open_uart(self):
        if self.uart is None:
            self.uart = DeskUART()
        return self.uart

    @staticmethod
    def make_speaker():
        """A ``DeskSpeaker``, or None when this machine has no audio device:
        the sounds are then silent, and nothing is said."""
        try:
            return DeskSpeaker()
        except Exception:  # pygame.error (no device, no driver)
            return None

    def buttons(self):
        """Buttons pressed since the last call (and Esc or a closed window
        sets ``quit``)."""
        pressed = []
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
                self.quit = True
            elif event.type == pygame.KEYDOWN:
                if event.key == pygame.K_ESCAPE:
                    self.quit = True
                elif event.key in KEYS:
                    pressed.append(KEYS[event.key])
            elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN):
                self.display.present()
        return pressed

    def now(self):
        return int((time.monotonic() - self._start) * 1000)

    def idle(self):
        time.sleep(0.015)

    def show_pixels(self):
        self.display.present()

    def close(self):
        """Let go of the display, so that another can be made."""
        self.display.root_group = None
        displayio.release_displays()
