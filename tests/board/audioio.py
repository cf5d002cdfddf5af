# audioio: AudioOut counts the notes played (run_board.py prints them).
plays = [0]


class AudioOut:
    def __init__(self, pin):
        self.pin = pin
        self.playing = False

    def play(self, sample, loop=False):
        plays[0] += 1
        self.playing = True

    def stop(self):
        self.playing = False
