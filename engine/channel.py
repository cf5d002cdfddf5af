"""A reliable, ordered message channel over a lossy byte line.

Transport-agnostic: bytes that arrive go to ``feed``, bytes to send come out
of ``poll(now)``; the UART, a pty or a test's faulty line sits in between.
On top of ``engine.frames`` (which throws away anything damaged) it adds:

- stop-and-wait delivery: one message in flight, resent every ``rto`` ms
  until acknowledged; 8-bit sequence numbers, duplicates dropped and
  acknowledged again;
- cumulative acknowledgements on every frame, and a bare ACK when there is
  nothing else to send;
- heartbeats after ``heartbeat`` ms without sending, and the link declared
  lost after ``lost_after`` ms without hearing a good frame.  A lost link
  keeps its queue and its sequence numbers, so when the cable comes back
  the conversation resumes where it stopped;
- conversations: every frame carries its channel's ``epoch`` (a random
  byte the caller gives, never 0) and the other end's as it knows it
  (``heard``, 0 until it knows one).  A channel takes the other end's epoch
  from its first message (sequence number 1, sent knowing nobody, of a
  kind in ``openers`` when the caller names them) or from a frame that
  hears this channel; it honours acknowledgements only from frames that
  hear this channel, and from then on takes only frames of that epoch:
  frames of an earlier conversation still on the line cannot pass for this
  one's.  Another first message (a new epoch, or the same one from an end
  that had heard us and now knows nobody) means the other end began a new
  conversation (switched off and on, or into another game): ``restarted``
  is then set, with that message's kind in ``restart_kind``, and the
  message is left for a new channel to take.  A frame cannot tell that
  from its own first message replayed, or this channel's sent back by a
  looped cable: the caller reads the message (``decoder.payload()``, kept
  until the next ``feed``) and, when it is one of those, clears
  ``restarted``: nothing else has changed.

Times are ms that may wrap at 2**29 (``supervisor.ticks_ms``).  Messages
are at most ``frames.MAX_PAYLOAD`` bytes; the queue is preallocated.
"""

from micropython import const

from engine.frames import MAX_PAYLOAD, Decoder, Encoder

_ACK = const(1)  # a frame with nothing but its acknowledgement
_HEARTBEAT = const(2)  # "still here"
FIRST_KIND = const(16)  # message kinds from here up belong to the caller

QUEUE = const(8)
_TICKS = const(0x1FFFFFFF)


def _since(now, then):
    return (now - then) & _TICKS


class Channel:
    def __init__(self, rto=250, heartbeat=1000, lost_after=3000, epoch=1):
        """``epoch``: this conversation's byte, 1 to 255; a board gives a
        random one (os.urandom) to each new channel."""
        if not 0 < epoch < 256:
            raise ValueError("epoch out of range")
        self.epoch = epoch
        self.peer_epoch = 0  # the other end's, from its first message
        self.openers = None  # the kinds a conversation may begin with (None: any)
        self.heard_back = False  # the other end has heard this channel
        self.rto = rto
        self.heartbeat = heartbeat
        self.lost_after = lost_after
        self.encoder = Encoder()
        self.decoder = Decoder()
        # Outgoing queue: a ring of QUEUE messages.
        self.out_kind = bytearray(QUEUE)
        self.out_len = bytearray(QUEUE)
        self.out_data = [bytearray(MAX_PAYLOAD) for _ in range(QUEUE)]
        self.out_head = 0
        self.out_count = 0
        self.next_seq = 1  # seq of the message at the head of the queue
        self.sent_at = 0
        self.in_flight = False
        # Incoming: one message waiting for ``receive``, in order.
        self.expected = 1  # the next seq we accept
        self.in_kind = 0
        self.in_len = 0
        self.in_data = bytearray(MAX_PAYLOAD)
        self.has_message = False
        self.ack_due = False
        self.heard_at = 0
        self.said_at = 0
        self.started = False
        self.silent = False
        self.connected = False
        self.restarted = False
        self.restart_kind = 0
        # Figures.
        self.retransmissions = 0
        self.duplicates = 0
        self.sent_frames = 0

    # -- the caller's side -------------------------------------------------

    def send(self, kind, payload, n=-1):
        """Queue a message; False when the queue is full."""
        if n < 0:
            n = len(payload)
        if kind < FIRST_KIND or n > MAX_PAYLOAD:
            raise ValueError("bad message")
        if self.out_count == QUEUE:
            return False
        slot = (self.out_head + self.out_count) % QUEUE
        self.out_kind[slot] = kind
        self.out_len[slot] = n
        data = self.out_data[slot]
        for i in range(n):
            data[i] = payload[i]
        self.out_count += 1
        return True

    def receive(self):
        """The next message in order as ``(kind, payload view)``, or None.
        The view is valid until the next ``feed``."""
        if not self.has_message:
            return None
        self.has_message = False
        return self.in_kind, memoryview(self.in_data)[: self.in_len]

    def pending(self):
        """Messages queued or in flight, not yet acknowledged."""
        return self.out_count

    def lost(self, now):
        """Nothing good heard for ``lost_after`` ms (and until something is:
        the answer holds however long the silence, past any clock wrap)."""
        if self.started and not self.silent and _since(now, self.heard_at) >= self.lost_after:
            self.silent = True
        return self.silent

    # -- the line's side ---------------------------------------------------

    def feed(self, data, n=-1, now=0):
        """Bytes from the line.  Stops early (returning how many it used)
        when a message arrives that ``receive`` has not taken yet, or after
        a frame while ``restarted``: the decoder still holds the first
        message that set it, for the caller to judge."""
        if n < 0:
            n = len(data)
        dec = self.decoder
        for i in range(n):
            if dec.feed(data[i]):
                self._frame(now)
                if self.has_message or self.restarted:
                    return i + 1
        return n

    def _frame(self, now):
        dec = self.decoder
        mine = dec.heard == self.epoch  # it hears this channel
        first = (dec.kind >= FIRST_KIND and dec.seq == 1 and dec.heard == 0
                 and (self.openers is None or dec.kind in self.openers))
        if dec.epoch != self.peer_epoch or (first and self.heard_back):
            if self.peer_epoch:
                if first:
                    self.restarted = True  # the other end began anew
                    self.restart_kind = dec.kind
                return  # (else a frame of an earlier conversation)
            self._heard(now)  # it is there, at least
            if not first and not mine:
                return  # neither its first message nor one that hears us
            self.peer_epoch = dec.epoch  # the conversation begins
        self._heard(now)
        if mine:
            self.heard_back = True
            # Their acknowledgement releases our message in flight.
            if self.in_flight and dec.ack == self.next_seq:
                self.in_flight = False
                self.out_head = (self.out_head + 1) % QUEUE
                self.out_count -= 1
                self.next_seq = (self.next_seq + 1) & 0xFF or 1
        kind = dec.kind
        if kind < FIRST_KIND:
            return
        self.ack_due = True
        if dec.seq != self.expected:
            self.duplicates += 1  # already delivered: acknowledge it again
            return
        payload = dec.payload()
        self.in_kind = kind
        self.in_len = len(payload)
        for i in range(self.in_len):
            self.in_data[i] = payload[i]
        self.has_message = True
        self.expected = (self.expected + 1) & 0xFF or 1

    def _heard(self, now):
        self.heard_at = now
        self.silent = False
        self.started = True
        self.connected = True

    def poll(self, now):
        """Bytes to put on the line now (a view, valid until the next
        poll), or None."""
        last = (self.expected - 1) & 0xFF or 255  # the last seq we took
        if self.out_count:
            if not self.in_flight or _since(now, self.sent_at) >= self.rto:
                if self.in_flight:
                    self.retransmissions += 1
                self.in_flight = True
                self.sent_at = now
                head = self.out_head
                return self._say(now, self.next_seq, last, self.out_kind[head], self.out_data[head],
                                 self.out_len[head])
        if self.ack_due:
            return self._say(now, 0, last, _ACK, self.in_data, 0)
        if _since(now, self.said_at) >= self.heartbeat:
            return self._say(now, 0, last, _HEARTBEAT, self.in_data, 0)
        return None

    def _say(self, now, seq, ack, kind, data, n):
        self.ack_due = False
        self.said_at = now
        self.sent_frames += 1
        return self.encoder.encode(seq, ack, kind, data, n, self.epoch, self.peer_epoch)
