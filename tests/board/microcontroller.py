# microcontroller.nvm: 8 KB that survive a power cut, kept in the file named
# by BOARD_NVM (none: lost at exit).  Writes by slice, as on a board;
# ``writes`` counts them.
import os

_SIZE = 8192


class _Nvm:
    def __init__(self, path):
        self.path = path
        self.data = bytearray(b"\xff" * _SIZE)
        self.writes = 0
        if path:
            try:
                with open(path, "rb") as f:
                    got = f.read()
                self.data[: len(got)] = got
            except OSError:
                pass

    def __len__(self):
        return _SIZE

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, value):
        self.data[i] = value
        self.writes += 1
        if self.path:
            with open(self.path, "wb") as f:
                f.write(self.data)


nvm = _Nvm(os.getenv("BOARD_NVM"))


class _Cpu:
    frequency = 120000000
    temperature = 25.0
    uid = b"\x00" * 16


cpu = _Cpu()
