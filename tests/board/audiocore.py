# audiocore: RawSample keeps its buffer and its sample rate (the pitch).
class RawSample:
    def __init__(self, buffer, sample_rate=8000):
        self.buffer = buffer
        self.sample_rate = sample_rate
