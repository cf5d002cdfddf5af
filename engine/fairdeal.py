"""A fair deal without a referee, and a check that two boards agree.

- Commit-reveal: each board picks a random secret and first sends only its
  ``commitment``; once both commitments are in, they reveal the secrets and
  each checks the other's with ``verify``.  The shuffle seed and who leads
  both come from both secrets (``deal``), so neither board can choose the
  deal or its seat, and no menu has to agree on roles.
- ``public_hash`` digests what both boards can see (the table, who owns
  what, the sizes of hands and pile, whose turn; in the tactics variant
  also the combat modes, the discard pile, the tactic pile's size, the
  tactic cards each has played, the elite troops placed and the cards a
  Scout still owes): after every turn both compare it, so two boards never
  drift apart silently.

SHA-256 comes from ``hashlib`` (CPython, MicroPython) or, on boards without
it, from ``adafruit_hashlib``.
"""

try:
    import hashlib
except ImportError:  # CircuitPython ports without hashlib
    import adafruit_hashlib as hashlib  # type: ignore[no-redef]

SECRET_BYTES = 16
_TACTICS = 2  # engine.game.TACTICS


def commitment(secret):
    """The 32-byte commitment to ``secret`` (bytes)."""
    return hashlib.sha256(b"st-commit" + bytes(secret)).digest()


def verify(secret, commit):
    """Does ``secret`` match the commitment received before it?"""
    return commitment(secret) == bytes(commit)


def shared_seed(lead_secret, follow_secret):
    """The shuffle seed (30 bits) from both secrets, the leader's first."""
    d = hashlib.sha256(b"st-seed" + bytes(lead_secret) + bytes(follow_secret)).digest()
    return (d[0] << 22 | d[1] << 14 | d[2] << 6 | d[3] >> 2) & 0x3FFFFFFF


def deal(my_secret, their_secret):
    """``(seed, i_lead)`` once both secrets are known: the 30-bit shuffle
    seed, and whether this board leads (plays seat 0).  Both come from both
    secrets, taken in the order of their commitments, so neither board can
    steer the deal or the seats, and both boards compute the same."""
    mine_first = commitment(my_secret) < commitment(their_secret)
    first, second = (my_secret, their_secret) if mine_first else (their_secret, my_secret)
    d = hashlib.sha256(b"st-seats" + bytes(first) + bytes(second)).digest()
    first_leads = not d[0] & 1
    return shared_seed(first, second), first_leads == mine_first


def public_hash(game):
    """8 bytes digesting the state both players can see."""
    h = hashlib.sha256(b"st-state")
    h.update(game.side)
    h.update(game.n)
    h.update(game.owner)
    h.update(game.first)
    h.update(game.owned)
    h.update(game.hand_n)
    h.update(bytes((game.deck_pos, game.to_move, game.winner, game.variant)))
    if game.variant == _TACTICS:
        # The side cards above include elite troops (their codes); here
        # what else both players see: combat modes, the discard pile
        # (face up, oldest first), the tactic pile's size, tactic cards
        # played, elite troops placed, cards a Scout still owes.
        h.update(game.mode)
        h.update(game.played)
        h.update(game.out)
        h.update(bytes((game.tpos, game.returns, game.discard_n)))
        h.update(bytes(game.discard[: game.discard_n]))
    return h.digest()[:8]
