"""The link's reliable channel over a line that loses, flips, doubles and
is unplugged: every message arrives once, in order."""

import random

from engine.channel import FIRST_KIND, Channel
from linesim import FaultyLine


def run(a, b, ab, ba, inbox_a, inbox_b, until, now=0, step=1):
    """Run both ends on the lines from ``now`` to ``until`` ms."""
    while now < until:
        for me, line, peer_line, inbox in ((a, ab, ba, inbox_a), (b, ba, ab, inbox_b)):
            data = peer_line.take(now)
            pos = 0
            while pos < len(data):
                pos += me.feed(data[pos:], now=now)
                got = me.receive()
                while got is not None:
                    inbox.append((got[0], bytes(got[1])))
                    got = me.receive()
            out = me.poll(now)
            while out is not None:
                line.send(out, now)
                out = me.poll(now)
        now += step
    return now


def messages(seed, n):
    rnd = random.Random(seed)
    return [(FIRST_KIND + rnd.randrange(8), bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 40))))
            for _ in range(n)]


def exchange(seed, n, loss, flips, dups, unplug=None, until=400000):
    a, b = Channel(), Channel()
    ab = FaultyLine(seed, loss, flips, dups)
    ba = FaultyLine(seed + 1, loss, flips, dups)
    if unplug:
        ab.unplugged.append(unplug)
        ba.unplugged.append(unplug)
    to_b, to_a = messages(seed, n), messages(seed + 7, n)
    inbox_a, inbox_b = [], []
    now = 0
    sent_a = sent_b = 0
    lost_seen = False
    while (len(inbox_a) < n or len(inbox_b) < n) and now < until:
        while sent_a < n and a.send(*to_b[sent_a]):
            sent_a += 1
        while sent_b < n and b.send(*to_a[sent_b]):
            sent_b += 1
        now = run(a, b, ab, ba, inbox_a, inbox_b, now + 50, now)
        lost_seen = lost_seen or a.lost(now)
    return a, b, inbox_a, inbox_b, to_a, to_b, lost_seen


def test_a_clean_line_delivers_in_order():
    a, b, inbox_a, inbox_b, to_a, to_b, _ = exchange(1, 60, 0, 0, 0)
    assert inbox_b == to_b and inbox_a == to_a
    assert a.retransmissions == 0 and b.duplicates == 0


def test_a_bad_line_still_delivers_everything_once_in_order():
    a, b, inbox_a, inbox_b, to_a, to_b, _ = exchange(2, 150, loss=0.02, flips=0.005, dups=0.005)
    assert inbox_b == to_b and inbox_a == to_a
    assert a.retransmissions + b.retransmissions > 0
    assert not a.restarted and not b.restarted  # losses and repeats are not a restart


def test_an_unplugged_cable_is_noticed_and_the_talk_resumes():
    a, b, inbox_a, inbox_b, to_a, to_b, lost_seen = exchange(3, 80, loss=0.01, flips=0.002, dups=0.0,
                                                              unplug=(1500, 9000))
    assert lost_seen
    assert inbox_b == to_b and inbox_a == to_a
    assert not a.restarted and not b.restarted


def test_heartbeats_keep_an_idle_link_alive():
    a, b = Channel(), Channel()
    ab, ba = FaultyLine(4), FaultyLine(5)
    run(a, b, ab, ba, [], [], 20000)
    assert not a.lost(20000) and not b.lost(20000)
    assert a.sent_frames >= 15


def test_messages_are_checked():
    ch = Channel()
    for bad in ((1, b"x"), (FIRST_KIND, bytes(65))):
        try:
            ch.send(*bad)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % (bad,))
    for i in range(8):
        assert ch.send(FIRST_KIND, b"m")
    assert not ch.send(FIRST_KIND, b"full")


def test_a_lost_link_stays_lost_until_something_is_heard():
    a, b = Channel(), Channel()
    ab, ba = FaultyLine(6), FaultyLine(7)
    now = run(a, b, ab, ba, [], [], 2000)
    assert not a.lost(now)
    assert a.lost(now + 4000)
    # Silence long enough for the millisecond clock to wrap (2**29 ms).
    assert a.lost(now + (1 << 29) + 10)
    run(a, b, ab, ba, [], [], now + 4000 + 100, now + 4000)
    assert not a.lost(now + 4100)


def test_the_other_end_starting_again_is_noticed():
    # 300 messages (past the 8-bit sequence's wrap), then the other end is
    # switched off and on: its new channel's first message is seen as a
    # restart, not dropped as a repeat without a word.
    a, b, inbox_a, inbox_b, to_a, to_b, _ = exchange(5, 300, loss=0.01, flips=0.0, dups=0.01, until=400000)
    assert inbox_b == to_b and not a.restarted
    fresh = Channel(epoch=2)
    fresh.send(FIRST_KIND + 4, b"hello again")
    a.feed(bytes(fresh.poll(0)), now=1)
    assert a.restarted and a.restart_kind == FIRST_KIND + 4 and a.receive() is None
    # A new channel takes no frame of an earlier conversation: only the
    # other end's first message starts one.
    new = Channel(epoch=3)
    new.feed(bytes(b.poll(10**6) or b""), now=2)  # a heartbeat or ack of the old talk
    b.send(FIRST_KIND, b"late")
    new.feed(bytes(b.poll(10**6)), now=3)  # an old conversation's message (seq > 1)
    assert new.peer_epoch == 0 and new.receive() is None and not new.restarted
    new.feed(bytes(fresh.poll(10**6)), now=4)  # the fresh one's first message, resent
    assert new.peer_epoch == 2 and new.receive()[0] == FIRST_KIND + 4


def test_a_restart_stops_the_feed_with_its_message_left_to_read():
    # The first message that sets ``restarted`` is left in the decoder for
    # the caller to judge (engine.session: a HELLO of its own link again
    # is a duplicate), even when more frames follow it in the same bytes.
    a, b, inbox_a, inbox_b, to_a, to_b, _ = exchange(9, 5, 0, 0, 0)
    fresh = Channel(epoch=b.epoch % 255 + 1)
    fresh.send(FIRST_KIND, b"first of a new talk")
    frame = bytes(fresh.poll(0))
    b.send(FIRST_KIND + 1, b"old talk")
    data = frame + bytes(b.poll(10**6)) + bytes(fresh.poll(10**6))
    used = a.feed(data, now=1)
    assert used == len(frame) and a.restarted and a.restart_kind == FIRST_KIND
    assert bytes(a.decoder.payload()) == b"first of a new talk"
    a.restarted = False  # the caller judged it a duplicate: the talk goes on as before
    a.feed(data[used:], now=2)
    kind, payload = a.receive()
    assert kind == FIRST_KIND + 1 and bytes(payload) == b"old talk" and not a.restarted


def test_a_restart_with_the_same_epoch_is_noticed_and_old_acks_release_nothing():
    a, b, inbox_a, inbox_b, to_a, to_b, _ = exchange(8, 20, 0, 0, 0)
    assert a.heard_back and b.heard_back
    # b comes back with the same epoch (1 time in 255): its first message
    # knows nobody, which a board that had heard us never sends again.
    same = Channel(epoch=b.epoch)
    same.send(FIRST_KIND, b"again")
    a.feed(bytes(same.poll(0)), now=1)
    assert a.restarted and a.receive() is None
    # A new channel's first message is not released by an earlier
    # conversation's acknowledgement of a sequence number 1.
    new = Channel(epoch=9)
    new.send(FIRST_KIND, b"hello")
    new.poll(0)
    old = Channel(epoch=5)
    old.peer_epoch = 4  # it heard an earlier channel of ours
    old.expected = 2  # and acknowledges our (earlier) message 1
    old.ack_due = True
    new.feed(bytes(old.poll(0)), now=1)
    assert new.pending() == 1 and new.peer_epoch == 0
