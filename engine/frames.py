"""Frames for the two-board link: byte stuffing, a checksum, resync.

A frame on the wire is COBS-encoded between two zero bytes, so a reader
that lost its place (a dropped byte, a burst of noise, a cable plugged in
mid-frame) finds the next frame at the next zero.  Inside, before the
encoding:

    epoch (1) | heard (1) | seq (1) | ack (1) | kind (1) | length (1) | payload (length) | crc (2)

``crc`` is CRC-16/CCITT-FALSE over everything before it, big-endian.  The
reliability above this layer (acknowledgements, retransmission, duplicates,
heartbeats) uses ``seq`` and ``ack``, and ``epoch`` and ``heard`` (the
sender's conversation, and the other side's as the sender knows it, 0
before it knows one) to tell one conversation from the next (a board
switched off and on); this module only builds and checks frames.  Buffers are made once: no allocation per byte or per frame.
"""

from array import array

from micropython import const

MAX_PAYLOAD = const(64)
_HEADER = const(6)
_RAW_MAX = const(72)  # _HEADER + MAX_PAYLOAD + 2
_WIRE_MAX = const(75)  # COBS adds one byte (frames are under 254), plus two zeros


def _crc_table():
    table = array("H", bytes(512))  # 256 16-bit entries, 512 bytes
    for i in range(256):
        crc = i << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
        table[i] = crc
    return table


_TABLE = _crc_table()


def crc16(data, n, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of ``data[:n]``."""
    table = _TABLE
    for i in range(n):
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ data[i]) & 0xFF]
    return crc


class Encoder:
    """Builds frames into one reusable buffer."""

    def __init__(self):
        self.raw = bytearray(_RAW_MAX)
        self.wire = bytearray(_WIRE_MAX)

    def encode(self, seq, ack, kind, payload, n=-1, epoch=0, heard=0):
        """The wire bytes of a frame (a memoryview into this encoder: send
        or copy it before the next call)."""
        if n < 0:
            n = len(payload)
        if n > MAX_PAYLOAD:
            raise ValueError("payload too long")
        raw = self.raw
        raw[0] = epoch & 0xFF
        raw[1] = heard & 0xFF
        raw[2] = seq & 0xFF
        raw[3] = ack & 0xFF
        raw[4] = kind & 0xFF
        raw[5] = n
        for i in range(n):
            raw[_HEADER + i] = payload[i]
        size = _HEADER + n
        crc = crc16(raw, size)
        raw[size] = crc >> 8
        raw[size + 1] = crc & 0xFF
        size += 2
        # COBS: each zero is replaced by the distance to the next one.
        wire = self.wire
        wire[0] = 0
        code_at = 1
        out = 2
        code = 1
        for i in range(size):
            b = raw[i]
            if b:
                wire[out] = b
                out += 1
                code += 1
            else:
                wire[code_at] = code
                code_at = out
                out += 1
                code = 1
        wire[code_at] = code
        wire[out] = 0
        return memoryview(wire)[: out + 1]


class Decoder:
    """Reads a byte stream, yields valid frames, counts and skips the rest.

    ``feed(byte)`` returns True when a good frame has just ended; then
    ``epoch``, ``heard``, ``seq``, ``ack``, ``kind`` and ``payload()`` describe it until the next
    ``feed``.  Anything else (a bad checksum, a bad length, an overlong or
    malformed run) is dropped up to the next zero and counted in
    ``errors``."""

    def __init__(self):
        self.buf = bytearray(_WIRE_MAX)
        self.raw = bytearray(_RAW_MAX)
        self.n = 0
        self.overflow = False
        self.errors = 0
        self.frames = 0
        self.epoch = 0
        self.heard = 0
        self.seq = 0
        self.ack = 0
        self.kind = 0
        self.length = 0

    def feed(self, b):
        if b:
            if self.n < _WIRE_MAX - 1:
                self.buf[self.n] = b
                self.n += 1
            else:
                self.overflow = True
            return False
        n = self.n
        overflow = self.overflow
        self.n = 0
        self.overflow = False
        if n == 0:
            return False  # an empty frame: idle line or a resync
        if overflow or not self._unstuff(n):
            self.errors += 1
            return False
        self.frames += 1
        return True

    def feed_bytes(self, data, n=-1):
        """Feed many bytes; returns how many good frames ended (the last
        one stays readable).  For tests and bulk reads."""
        if n < 0:
            n = len(data)
        good = 0
        for i in range(n):
            if self.feed(data[i]):
                good += 1
        return good

    def _unstuff(self, n):
        buf = self.buf
        raw = self.raw
        i = 0
        out = 0
        while i < n:
            code = buf[i]
            i += 1
            end = i + code - 1
            if end > n:
                return False
            while i < end:
                if out >= _RAW_MAX:
                    return False
                raw[out] = buf[i]
                out += 1
                i += 1
            if code < 255 and i < n:
                if out >= _RAW_MAX:
                    return False
                raw[out] = 0
                out += 1
        if out < _HEADER + 2:
            return False
        length = raw[5]
        if length > MAX_PAYLOAD or _HEADER + length + 2 != out:
            return False
        size = _HEADER + length
        if crc16(raw, size) != raw[size] << 8 | raw[size + 1]:
            return False
        self.epoch = raw[0]
        self.heard = raw[1]
        self.seq = raw[2]
        self.ack = raw[3]
        self.kind = raw[4]
        self.length = length
        return True

    def payload(self):
        """The last good frame's payload (a view into the decoder)."""
        return memoryview(self.raw)[_HEADER : _HEADER + self.length]
