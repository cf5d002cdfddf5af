"""Linked games resumed from saves: two boards that lost power rebuild their
matches from their saves (engine.save), send RESUME instead of HELLO and
play on; a board whose save is a few of its own moves ahead sends them
again; saves that cannot be one game are refused, nothing changed."""

import random

import pytest

from engine.cards import SCOUT
from engine.channel import QUEUE, Channel
from engine.fairdeal import public_hash
from engine.game import CLASSIC, EXPERT, TACTICS
from engine.match import Match
from engine.moves import return_move
from desk.playout import random_move, random_tactics_move
from engine.rng import Random
from engine.restore import resume
from engine.save import encode
from engine.session import FAILED, GREETING, MOVE, PLAYING, RESUME, RETURN, VERSION, Session
from linesim import FaultyLine
from linkgames import players_for
from test_session import _holds, _steer_to, pair, run


def power_cut(session):
    """What a board holds after a power cut: its match rebuilt from a save
    of it, and its seat."""
    match = session.match
    rebuilt, save = resume(encode(match, match.moves(), seat=session.seat))
    assert rebuilt.moves() == match.moves() and public_hash(rebuilt.game) == public_hash(match.game)
    return rebuilt, save.seat


def rejoin(seed, saved_a, saved_b, variant, rounds, loss=0.0, flips=0.0):
    """Two boards back on: fresh channels, resuming sessions, started."""
    rnd = random.Random(seed)

    def random_bytes(n):
        return bytes(rnd.randrange(256) for _ in range(n))

    a = Session(Channel(), variant, rounds, random_bytes, resume=saved_a)
    b = Session(Channel(), variant, rounds, random_bytes, resume=saved_b)
    a.start()
    b.start()
    return a, b, FaultyLine(seed, loss, flips), FaultyLine(seed + 1, loss, flips)


def count(session):
    return len(session.match.moves())


def in_step(a, b):
    return (a.state == b.state == PLAYING and count(a) == count(b) and not a.channel.pending()
            and not b.channel.pending())


def queued(channel):
    """The messages waiting in a channel's queue: (kind, payload)."""
    out = []
    for i in range(channel.out_count):
        slot = (channel.out_head + i) % QUEUE
        out.append((channel.out_kind[slot], bytes(channel.out_data[slot][: channel.out_len[slot]])))
    return out


def recording(session):
    """Note every message ``session`` sends, in ``session.sent``."""
    session.sent = []
    send = session.channel.send

    def noted(kind, payload, n=-1):
        session.sent.append((kind, bytes(payload)))
        return send(kind, payload, n)

    session.channel.send = noted


class Holding:
    """Plays as ``inner`` until the move it chose makes ``ready(match,
    game, m)`` true: then holds that move back (``held``)."""

    def __init__(self, inner, ready):
        self.inner = inner
        self.ready = ready
        self.held = None
        self.match = None

    def choose(self, game):
        if self.held is not None:
            return None
        m = game.spell_claims(self.inner.choose(game))
        if self.ready(self.match, game, m):
            self.held = m
            return None
        return m


def ends_round(match, game, m):
    game.apply(m)
    over = game.over()
    game.undo()
    return over


def linked_until(seed, variant, rounds, ready):
    """A linked match played over a bad line until a board's move makes
    ``ready(match, game, m)`` true; then the boards catch up with each
    other.  Returns (the board holding that move, the other, the move)."""
    a, b, ab, ba = pair(seed, loss=0.02, flips=0.005, variant=variant, rounds=rounds)
    a.start()
    b.start()
    now = run(a, b, ab, ba, 5000, stop=lambda: a.state == b.state == PLAYING)
    bots = [Holding(p, ready) for p in players_for(variant, seed)]
    for bot in bots:
        bot.match = a.match  # (both boards' matches are alike)
    now = run(a, b, ab, ba, 600000, bots, now=now,
              stop=lambda: bots[0].held is not None or bots[1].held is not None)
    run(a, b, ab, ba, now + 30000, now=now, stop=lambda: in_step(a, b))
    assert in_step(a, b), (a.error, b.error)
    holder = a if bots[a.seat].held is not None else b
    return holder, b if holder is a else a, bots[holder.seat].held


def play_to_the_end(a, b, ab, ba, variant, seed):
    """Both boards play on over the (lossy) lines until the match is over."""
    now = run(a, b, ab, ba, 1200000, players_for(variant, seed + 50),
              stop=lambda: a.match.over() and in_step(a, b))
    assert a.state == b.state == PLAYING, (a.error, b.error)
    assert a.match.over() and b.match.over()
    assert a.match.moves() == b.match.moves() and public_hash(a.match.game) == public_hash(b.match.game)
    assert a.match.results == b.match.results and a.match.scores == b.match.scores
    assert a.channel.retransmissions + b.channel.retransmissions > 0  # the line was bad
    return now


def resumed_and_agreed(seed, holder, other, variant, rounds):
    """Both boards lose power and rejoin from their saves over a lossy
    line; they must agree.  Returns (the holder's, the other's session,
    lines)."""
    h, o, ho, oh = rejoin(seed, power_cut(holder), power_cut(other), variant, rounds, loss=0.02, flips=0.005)
    assert h.state == o.state == GREETING and h.match is None
    run(h, o, ho, oh, 30000, stop=lambda: in_step(h, o))
    assert in_step(h, o), (h.error, o.error)
    assert h.seat == holder.seat and o.seat == other.seat
    assert h.leader == (h.seat == 0) and o.leader == (o.seat == 0)
    assert public_hash(h.match.game) == public_hash(o.match.game)
    assert h.match.moves() == o.match.moves() == holder.match.moves()
    assert h.match.results == o.match.results == holder.match.results
    assert h.turn == o.turn == holder.turn and h.last == o.last
    return h, o, ho, oh


# -- both saves the same -----------------------------------------------------

def _cut_and_play_on(variant, rounds, seed):
    holder, other, _ = linked_until(seed, variant, rounds, lambda match, g, m: g.move_count() >= 12)
    h, o, ho, oh = resumed_and_agreed(seed, holder, other, variant, rounds)
    assert h.my_turn() and not o.my_turn()  # the holder's move was never played
    assert h.last == holder.last and h.turn == 12
    play_to_the_end(h, o, ho, oh, variant, seed)


def test_a_classic_match_resumes_after_both_boards_lose_power():
    _cut_and_play_on(CLASSIC, 2, 40)


def test_a_tactics_match_resumes_after_both_boards_lose_power():
    _cut_and_play_on(TACTICS, 2, 41)


def test_a_match_resumes_in_its_second_round():
    holder, other, _ = linked_until(42, CLASSIC, 3, lambda match, g, m: match.results and g.move_count() >= 4)
    assert len(holder.match.results) >= 1
    h, o, ho, oh = resumed_and_agreed(42, holder, other, CLASSIC, 3)
    play_to_the_end(h, o, ho, oh, CLASSIC, 42)


# -- one board ahead -----------------------------------------------------------

def _ahead(seed, holder, other, variant, rounds, extra):
    """``holder`` has played ``extra`` moves the other board never got
    (still in its old channel's queue); both lose power.  The holder's new
    session sends them again, the same messages; both play on."""
    before = count(other)
    lost = queued(holder.channel)
    assert len(lost) == extra and count(holder) == before + extra
    h, o, ho, oh = rejoin(seed, power_cut(holder), power_cut(other), variant, rounds, loss=0.02, flips=0.005)
    recording(h)  # (its RESUME is sent already)
    run(h, o, ho, oh, 30000, stop=lambda: in_step(h, o))
    assert in_step(h, o), (h.error, o.error)
    assert h.sent == lost  # as play sent them
    assert count(o) == before + extra and o.match.moves() == holder.match.moves()
    assert public_hash(o.match.game) == public_hash(h.match.game) == public_hash(holder.match.game)
    assert o.match.results == holder.match.results and o.turn == h.turn == holder.turn
    assert o.last == holder.last  # what the other board played last, even in the round before
    assert h.last == (holder.last if h.match.game.move_count() else None)
    play_to_the_end(h, o, ho, oh, variant, seed)
    return h, o


def test_a_board_one_move_ahead_sends_it_again():
    holder, other, m = linked_until(43, CLASSIC, 1, lambda match, g, m: g.move_count() >= 9)
    holder.play(m)
    _ahead(43, holder, other, CLASSIC, 1, 1)


def test_a_tactics_board_one_move_ahead_sends_it_again():
    holder, other, m = linked_until(44, TACTICS, 1, lambda match, g, m: g.move_count() >= 9)
    holder.play(m)
    _ahead(44, holder, other, TACTICS, 1, 1)


def test_a_board_ahead_by_a_scout_sends_its_move_and_its_return():
    scout, other, a, b, ab, ba = _steer_to(
        lambda g: not g.returns and _holds(g, SCOUT) and g.may_play_tactic(g.to_move)
        and g.pile_size() >= 3 and g.tactic_pile_size() >= 1)
    game = scout.match.game
    scout.play(SCOUT | 1 << 6)
    hand = game.hand_cards(game.to_move)
    scout.play(return_move(hand[0], hand[1]))
    assert [k for k, _ in queued(scout.channel)] == [MOVE, RETURN]
    _ahead(45, scout, other, TACTICS, 1, 2)


def test_a_board_ahead_by_the_scout_only_sends_it_and_then_returns_its_cards():
    scout, other, a, b, ab, ba = _steer_to(
        lambda g: not g.returns and _holds(g, SCOUT) and g.may_play_tactic(g.to_move)
        and g.pile_size() >= 3 and g.tactic_pile_size() >= 1)
    scout.play(SCOUT | 1 << 6)
    h, o, ho, oh = rejoin(46, power_cut(scout), power_cut(other), TACTICS, 1)
    run(h, o, ho, oh, 30000, stop=lambda: in_step(h, o))
    assert in_step(h, o) and o.match.game.returns == 2 and h.my_turn()  # the return is still owed
    hand = h.match.game.hand_cards(h.seat)
    h.play(return_move(hand[0], hand[1]))
    run(h, o, ho, oh, 30000, stop=lambda: in_step(h, o))
    assert o.match.game.returns == 0 and o.my_turn()
    assert public_hash(o.match.game) == public_hash(h.match.game)


def test_a_board_ahead_by_the_last_move_of_a_round_sends_it_and_both_deal_the_next():
    holder, other, m = linked_until(47, CLASSIC, 2, ends_round)
    assert other.match.results == [] and holder.match.results == []
    holder.play(m)
    assert len(holder.match.results) == 1 and holder.turn == 0  # round 2 dealt here only
    h, o = _ahead(47, holder, other, CLASSIC, 2, 1)
    assert len(o.match.results) == 2


def test_a_tactics_board_ahead_by_the_last_move_of_a_round():
    holder, other, m = linked_until(48, TACTICS, 2, ends_round)
    holder.play(m)
    assert len(holder.match.results) == 1
    _ahead(48, holder, other, TACTICS, 2, 1)


def test_a_board_ahead_by_the_last_move_of_the_match():
    holder, other, m = linked_until(49, CLASSIC, 1, ends_round)
    holder.play(m)
    assert holder.match.over() and not other.match.over()
    h, o, ho, oh = rejoin(49, power_cut(holder), power_cut(other), CLASSIC, 1)
    run(h, o, ho, oh, 30000, stop=lambda: in_step(h, o))
    assert in_step(h, o) and o.match.over() and o.match.results == holder.match.results
    assert o.match.scores == holder.match.scores and not h.my_turn() and not o.my_turn()


# -- refusals ----------------------------------------------------------------

def saved(seed, n, variant=CLASSIC, rounds=1, player=0, moves=None):
    """A match of ``seed`` after ``n`` random moves (or ``moves``), as a
    board rebuilds it from its save."""
    match = Match(seed, rounds, variant)
    rng = Random(1000 + player)
    pick = random_tactics_move if variant == TACTICS else random_move
    if moves is None:
        moves = []
        while len(moves) < n:
            game = match.game
            m = game.spell_claims(pick(game, rng))
            game.apply(m)
            moves.append(m)
            if game.over() and not match.over():
                match.finish_round()
    else:
        for m in moves:
            match.game.apply(m)
            if match.game.over() and not match.over():
                match.finish_round()
    return resume(encode(match, match.moves()))[0]


def state(match):
    return list(match.moves()), public_hash(match.game), list(match.results)


def refused(a_saved, b_saved):
    """Two resuming boards (each with its save's settings); run until both
    stop (or 5 s).  Their matches must not change."""
    before = [state(a_saved[0]), state(b_saved[0])]
    a, b = [Session(Channel(), m.game.variant, m.rounds, bytes, resume=(m, seat))
            for m, seat in (a_saved, b_saved)]
    a.start()
    b.start()
    run(a, b, FaultyLine(7), FaultyLine(8), 5000, stop=lambda: a.state == b.state == FAILED)
    assert [state(a_saved[0]), state(b_saved[0])] == before
    for s in (a, b):
        assert s.error == "" or ("\n" not in s.error and len(s.error) < 40)
    return a, b


def test_saves_of_another_deal_are_refused():
    a, b = refused((saved(1, 10), 0), (saved(2, 10), 1))
    assert a.state == b.state == FAILED
    assert a.error == b.error == "the other board saved another game"


def test_saves_of_other_settings_are_refused():
    a, b = refused((saved(1, 10, CLASSIC), 0), (saved(1, 10, EXPERT), 1))
    assert a.state == b.state == FAILED and a.error == b.error == "the other board saved another game"
    a, b = refused((saved(1, 10, rounds=1), 0), (saved(1, 10, rounds=2), 1))
    assert a.state == b.state == FAILED and a.error == b.error == "the other board saved another game"


def test_saves_of_the_same_seat_are_refused():
    a, b = refused((saved(1, 10), 0), (saved(1, 10), 0))
    assert a.state == b.state == FAILED and a.error == b.error == "the other board has our seat"


def test_saves_that_differ_after_as_many_moves_are_refused():
    a, b = refused((saved(1, 10, player=0), 0), (saved(1, 10, player=1), 1))
    assert a.state == b.state == FAILED and a.error == b.error == "the saved games differ"


def test_saves_too_far_apart_are_refused():
    long = saved(1, 17)
    a, b = refused((long, 0), (saved(1, 0, moves=long.moves()[:10]), 1))
    assert a.state == b.state == FAILED and a.error == b.error == "the saves are too far apart"


def _seats_after(match, n):
    # The seat to move after the first ``n`` moves of ``match``.
    return saved(match.seed, 0, moves=match.moves()[:n]).game.to_move


def test_a_board_ahead_whose_first_moves_differ_is_refused():
    ahead = saved(1, 11, player=0)
    behind = saved(1, 10, player=1)
    assert ahead.moves()[:10] != behind.moves()
    mover = behind.game.to_move  # the ahead board's seat: its 11th move is its own
    assert _seats_after(ahead, 10) == mover
    a, b = refused((ahead, mover), (behind, 1 - mover))
    assert a.state == FAILED and a.error == "the saved games differ"
    # The other board cannot tell: it waits for the moves it lacks, and
    # sees the link lost once the board that stopped falls silent.
    assert b.state == PLAYING and not b.my_turn() and not b.channel.pending()


def test_a_board_that_lost_its_own_move_is_refused_on_both():
    ahead = saved(1, 11, player=0)
    behind = saved(1, 0, moves=ahead.moves()[:10])
    mover = behind.game.to_move  # the 11th move is the behind board's own
    a, b = refused((ahead, 1 - mover), (behind, mover))
    assert a.state == b.state == FAILED and a.error == b.error == "a board lost its own move"


def test_a_new_game_and_a_saved_one_do_not_mix():
    rnd = random.Random(3)
    fresh = Session(Channel(), CLASSIC, 1, lambda n: bytes(rnd.randrange(256) for _ in range(n)))
    match = saved(1, 10)
    before = state(match)
    back = Session(Channel(), CLASSIC, 1, lambda n: bytes(n), resume=(match, 0))
    ab, ba = FaultyLine(1), FaultyLine(2)
    fresh.start()
    back.start()
    run(fresh, back, ab, ba, 5000, stop=lambda: fresh.state == back.state == FAILED)
    assert fresh.state == back.state == FAILED
    assert fresh.error == "the other board resumes a saved game"
    assert back.error == "the other board started a new game"
    assert state(match) == before and back.match is None and fresh.match is None


def _from_peer(edit):
    """A resuming board gets the other's RESUME changed by ``edit``."""
    match = saved(1, 10)
    before = state(match)
    back = Session(Channel(), CLASSIC, 1, bytes, resume=(match, 0))
    other = Session(Channel(), CLASSIC, 1, bytes, resume=(saved(1, 10), 1))
    back.start()
    other.channel.send(RESUME, edit(bytearray(other._resume_message())))
    run(back, other, FaultyLine(1), FaultyLine(2), 5000, stop=lambda: back.state == FAILED)
    assert back.state == FAILED and back.match is None and state(match) == before
    return back.error


def test_a_resume_of_another_version_or_malformed_is_refused():
    def version(msg):
        msg[0] = VERSION + 1
        return msg

    def seat(msg):
        msg[3] = 2
        return msg

    assert _from_peer(version) == "protocol version %d, ours is %d" % (VERSION + 1, VERSION)
    assert _from_peer(lambda msg: msg[:17]) == "bad resume"
    assert _from_peer(seat) == "bad resume"


def test_a_second_resume_during_play_stops_the_session_without_harm():
    match = saved(1, 10)
    a, b, ab, ba = rejoin(9, (match, 0), (saved(1, 0, moves=match.moves()), 1), CLASSIC, 1)
    run(a, b, ab, ba, 5000, stop=lambda: in_step(a, b))
    assert in_step(a, b) and a.turn == 10 and a.last == match.game.last_played()
    before = state(a.match)
    b.resuming = (b.match, b.seat)  # b says RESUME again
    b.start()
    run(a, b, ab, ba, 10000, stop=lambda: a.state == FAILED)
    assert a.state == FAILED and a.error == "the other board restarted the link"
    assert state(a.match) == before


def test_a_resuming_session_wants_its_matchs_settings():
    with pytest.raises(ValueError):
        Session(Channel(), TACTICS, 1, bytes, resume=(saved(1, 4), 0))
    with pytest.raises(ValueError):
        Session(Channel(), CLASSIC, 1, bytes, resume=(saved(1, 4), 2))


def test_a_resumed_round_over_but_not_scored_is_scored_first():
    # A save made between a round's last move and its scoring: both boards
    # score it (and deal the next round) before they compare.
    match = Match(5, 2)
    rng = Random(5)
    while not match.game.over():
        match.game.apply(match.game.spell_claims(random_move(match.game, rng)))
    copy = saved(5, 0, rounds=2, moves=match.moves())
    assert not match.results and len(copy.results) == 1
    a, b, ab, ba = rejoin(11, (match, 0), (copy, 1), CLASSIC, 2)
    run(a, b, ab, ba, 5000, stop=lambda: in_step(a, b))
    assert in_step(a, b) and len(a.match.results) == 1 and a.turn == 0 and a.last is None
    assert public_hash(a.match.game) == public_hash(b.match.game)


def test_resume_messages_are_the_documented_size():
    back = Session(Channel(), CLASSIC, 1, bytes, resume=(saved(1, 10), 1))
    msg = back._resume_message()
    assert len(msg) == 19 and msg[:4] == bytes((VERSION, CLASSIC, 1, 1)) and msg[8:10] == bytes((0, 10))
    assert msg[4:8] == bytes((0, 0, 0, 1)) and msg[10:18] == public_hash(back.resuming[0].game) and msg[18] == 0
