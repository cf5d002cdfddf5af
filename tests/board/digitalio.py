class Direction:
    INPUT = 0
    OUTPUT = 1


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.value = False

    def deinit(self):
        pass
