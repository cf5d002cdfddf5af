# busio.UART: one end of a cable between two interpreters that keep in step
# (BOARD_LINK = "FOLDER:A" or "FOLDER:B"; FOLDER holds two named pipes, "A"
# for what end A sends and "B" for end B's, made by tools/bench/board_run.py).
#
# The two runs agree on time as well as on bytes: each poll of the run
# (run_board.py's ``feed``, one a loop, 10 ms of the run's clock) calls
# ``step()``, which sends the bytes this end wrote since the last step as
# one packet (a 2-byte length, then the bytes) and waits for the other
# end's packet of the same step, whose bytes can then be read.  So a byte
# written in a step is read one step later, whatever the host's load: two
# runs of the same match are the same, byte for byte and poll for poll.
# When the other end has stopped (its pipe closed), nothing more arrives.
import os

_ends = []  # the UART of this run, once opened


class UART:
    def __init__(self, tx, rx, *, baudrate=9600, timeout=1, receiver_buffer_size=64, **kwargs):
        spec = os.getenv("BOARD_LINK")
        if not spec:
            raise ValueError("no cable: BOARD_LINK is not set")
        folder, end = spec.split(":")
        other = "B" if end == "A" else "A"
        # Opened in an order that cannot wait on itself: A its sending
        # pipe first, B its receiving one (each open waits for the other
        # end's).
        if end == "A":
            self.out = open(folder + "/" + end, "wb")
            self.inp = open(folder + "/" + other, "rb")
        else:
            self.inp = open(folder + "/" + other, "rb")
            self.out = open(folder + "/" + end, "wb")
        self.tx = bytearray()
        self.rx = b""  # received, read from ``pos`` on
        self.pos = 0
        self.baudrate = baudrate
        self.sent = 0
        self.open = True
        _ends.append(self)

    def write(self, data):
        self.tx.extend(data)
        self.sent += len(data)
        return len(data)

    def read(self, n=None):
        if self.pos >= len(self.rx):
            return None
        data = self.rx[self.pos:self.pos + (n or 512)]
        self.pos += len(data)
        return data

    @property
    def in_waiting(self):
        return len(self.rx) - self.pos

    def reset_input_buffer(self):
        self.rx = b""
        self.pos = 0

    def deinit(self):
        pass

    def step(self):
        if not self.open:
            self.tx = bytearray()
            return
        n = len(self.tx)
        try:
            self.out.write(bytes((n >> 8, n & 255)) + self.tx)  # (a pipe: written at once)
        except OSError:  # the other end has stopped (the interpreter ignores SIGPIPE)
            self.open = False
        self.tx = bytearray()
        head = _read(self.inp, 2)
        if head is None:
            self.open = False
            return
        data = _read(self.inp, head[0] << 8 | head[1])
        if data is None:
            self.open = False
            return
        if data:
            self.rx = self.rx[self.pos:] + data
            self.pos = 0


def _read(f, n):
    # Exactly n bytes from pipe f, or None at its end.
    out = b""
    while len(out) < n:
        got = f.read(n - len(out))
        if not got:
            return None
        out += got
    return out


def step():
    """One poll of the run: this end's bytes out, the other's in."""
    for uart in _ends:
        uart.step()
