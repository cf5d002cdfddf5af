"""Link frames: what goes in comes out; what is damaged never does."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.frames import MAX_PAYLOAD, Decoder, Encoder, crc16


def test_crc16_is_ccitt_false():
    assert crc16(b"123456789", 9) == 0x29B1


@given(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255), st.binary(max_size=MAX_PAYLOAD))
def test_every_frame_round_trips_between_two_zeros(seq, ack, kind, payload):
    wire = bytes(Encoder().encode(seq, ack, kind, payload))
    assert wire[0] == wire[-1] == 0 and 0 not in wire[1:-1]
    dec = Decoder()
    assert dec.feed_bytes(wire) == 1
    assert (dec.seq, dec.ack, dec.kind, bytes(dec.payload())) == (seq, ack, kind, payload)


def test_a_reader_finds_its_place_after_noise():
    enc = Encoder()
    frames = [bytes(enc.encode(i, i + 1, 7, bytes([i] * (i % 20)))) for i in range(30)]
    stream = b"\x13\x37garbage" + frames[0] + b"\xff" * 300 + b"".join(frames[1:])
    dec = Decoder()
    got = []
    for b in stream:
        if dec.feed(b):
            got.append(dec.seq)
    assert got == list(range(30))
    assert dec.errors >= 1


def test_any_single_damage_is_caught():
    enc = Encoder()
    rnd = random.Random(1)
    caught = 0
    for _ in range(3000):
        payload = bytes(rnd.randrange(256) for _ in range(rnd.randrange(MAX_PAYLOAD + 1)))
        wire = bytearray(enc.encode(rnd.randrange(256), 0, 1, payload))
        i = 1 + rnd.randrange(len(wire) - 2)
        flip = 1 << rnd.randrange(8)
        wire[i] ^= flip
        dec = Decoder()
        good = dec.feed_bytes(wire)
        if good:
            # A flip can only "succeed" if the frame still reads exactly the same.
            raise AssertionError("a damaged frame was accepted")
        caught += 1
    assert caught == 3000


@settings(max_examples=2000, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_never_raise_and_rarely_pass(data):
    dec = Decoder()
    good = dec.feed_bytes(data)
    # Anything accepted must re-encode to a valid frame of its own.
    if good:
        assert len(bytes(dec.payload())) == dec.length <= MAX_PAYLOAD


def test_an_overlong_payload_is_refused():
    try:
        Encoder().encode(0, 0, 0, bytes(MAX_PAYLOAD + 1))
    except ValueError:
        pass
    else:
        raise AssertionError("accepted")
