# keypad: ShiftRegisterKeys whose presses come from ``feed``: a function the
# run sets (run_board.py), asked once a poll for a key number or None.
feed = None


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed


class _Events:
    # One poll (the app's loop reading events until there are none) asks
    # ``feed`` once: a press and its release, or nothing.
    def __init__(self):
        self.pending = []
        self.fresh = True

    def get_into(self, event):
        if not self.pending:
            if not self.fresh or feed is None:
                self.fresh = True
                return False
            self.fresh = False
            n = feed()
            if n is None:
                self.fresh = True
                return False
            self.pending.append(n)
            self.pending.append(-1 - n)  # and its release
        n = self.pending.pop(0)
        event.pressed = n >= 0
        event.key_number = n if n >= 0 else -1 - n
        return True

    def get(self):
        e = Event()
        return e if self.get_into(e) else None

    def clear(self):
        self.pending = []

    def __len__(self):
        return len(self.pending)


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, key_count, value_when_pressed, **kwargs):
        self.key_count = key_count
        self.events = _Events()

    def deinit(self):
        pass
