"""Two linked boards: a fair deal, lockstep play over a bad line, and a
cheating peer caught without harm to the honest one."""

import random

from engine.bots import Bot
from engine.channel import FIRST_KIND, Channel
from engine.fairdeal import public_hash
from engine.session import FAILED, MOVE, PLAYING, Session
from linesim import FaultyLine


def pair(seed, loss=0.0, flips=0.0):
    rnd = random.Random(seed)

    def random_bytes(n):
        return bytes(rnd.randrange(256) for _ in range(n))

    a = Session(Channel(), 0, 1, random_bytes)
    b = Session(Channel(), 0, 1, random_bytes)
    return a, b, FaultyLine(seed, loss, flips), FaultyLine(seed + 1, loss, flips)


def run(a, b, ab, ba, until, bots=None, now=0, stop=None):
    while now < until:
        for me, line, other_line in ((a, ab, ba), (b, ba, ab)):
            me.feed(other_line.take(now), now)
            if bots and me.state == PLAYING and me.my_turn():
                me.play(me.match.game.spell_claims(bots[me.seat].choose(me.match.game)))
            out = me.channel.poll(now)
            while out is not None:
                line.send(out, now)
                out = me.channel.poll(now)
        if stop and stop():
            break
        now += 5
    return now


def test_two_boards_deal_the_same_cards_and_play_a_whole_game_over_a_bad_line():
    a, b, ab, ba = pair(1, loss=0.02, flips=0.005)
    a.start()
    b.start()
    bots = [Bot("medium", 1), Bot("medium", 2)]
    run(a, b, ab, ba, 600000, bots, stop=lambda: a.state == PLAYING and a.match.game.over()
        and b.match.game.over())
    assert a.state == b.state == PLAYING, (a.error, b.error)
    assert {a.seat, b.seat} == {0, 1}
    ga, gb = a.match.game, b.match.game
    assert bytes(ga.deck) == bytes(gb.deck)  # neither could choose it alone
    assert ga.over() and gb.over() and ga.winner == gb.winner
    assert public_hash(ga) == public_hash(gb)
    assert a.channel.retransmissions + b.channel.retransmissions > 0


def _playing_pair(seed):
    a, b, ab, ba = pair(seed)
    a.start()
    b.start()
    run(a, b, ab, ba, 5000, stop=lambda: a.state == b.state == PLAYING)
    assert a.state == b.state == PLAYING
    return a, b, ab, ba


def _cheat(seed, forge):
    """The board to move sends the move ``forge(game, honest_move)``."""
    a, b, ab, ba = _playing_pair(seed)
    cheater, honest = (a, b) if a.my_turn() else (b, a)
    game = cheater.match.game
    m = game.spell_claims(Bot("easy", 1).choose(game))
    before = public_hash(honest.match.game)
    turn, m2, hash_ = forge(cheater, game, m)
    msg = bytes((turn >> 8, turn & 255, m2 & 255, m2 >> 8 & 255, m2 >> 16 & 255)) + hash_
    cheater.channel.send(MOVE, msg)
    run(a, b, ab, ba, 20000, stop=lambda: honest.state == FAILED)
    assert honest.state == FAILED
    assert public_hash(honest.match.game) == before  # nothing changed here
    return honest.error


def test_a_card_that_was_not_dealt_is_caught():
    def forge(cheater, game, m):
        theirs = game.hand_cards(1 - game.to_move)[0]  # the other player's card
        return 1, theirs | (m & ~63 & ~(0x1FF << 10)), bytes(8)
    assert "illegal move" in _cheat(3, forge)


def test_an_unprovable_claim_is_caught():
    def forge(cheater, game, m):
        return 1, m | 0x1FF << 10, bytes(8)
    assert "claim not provable" in _cheat(4, forge)


def test_a_move_for_another_turn_is_caught():
    def forge(cheater, game, m):
        return 7, m, bytes(8)
    assert "turn 7" in _cheat(5, forge)


def test_a_different_table_is_caught():
    def forge(cheater, game, m):
        return 1, m, b"\xff" * 8  # a legal move, a wrong hash
    assert "disagree" in _cheat(6, forge)


def test_a_move_out_of_turn_is_caught():
    a, b, ab, ba = _playing_pair(7)
    waiting = b if a.my_turn() else a
    waiting.channel.send(MOVE, bytes(13))
    other = a if waiting is b else b
    run(a, b, ab, ba, 20000, stop=lambda: other.state == FAILED)
    assert other.state == FAILED and "out of turn" in other.error


def test_a_reveal_that_does_not_match_is_caught():
    a, b, ab, ba = pair(8)
    a.start()
    b.start()
    b.secret = b"\x00" * 16  # b reveals something else than it committed to
    run(a, b, ab, ba, 5000, stop=lambda: a.state == FAILED)
    assert a.state == FAILED and "commitment" in a.error


def test_message_kinds_are_the_channels_own():
    from engine.session import HELLO

    assert HELLO == FIRST_KIND


def test_boards_with_other_settings_do_not_start():
    rnd = random.Random(9)
    a = Session(Channel(), 0, 1, lambda n: bytes(rnd.randrange(256) for _ in range(n)))
    b = Session(Channel(), 1, 1, lambda n: bytes(rnd.randrange(256) for _ in range(n)))
    ab, ba = FaultyLine(1), FaultyLine(2)
    a.start()
    b.start()
    run(a, b, ab, ba, 3000)
    assert a.state == b.state == FAILED and "settings" in a.error


def test_linked_games_survive_loss_flips_and_an_unplug():
    from linkgames import linked_game

    for seed in range(6):
        figures = linked_game(seed)
        assert figures["retransmissions"] > 0 and figures["resyncs"] > 0
        assert figures["lost_noticed"]  # the unplug was seen, then play resumed


def test_a_second_hello_during_play_stops_the_session_without_harm():
    a, b, ab, ba = _playing_pair(10)
    before = public_hash(a.match.game)
    b.state = 0  # b pretends to start over (GREETING) and says HELLO again
    b.start()
    run(a, b, ab, ba, 20000, stop=lambda: a.state == FAILED)
    assert a.state == FAILED and "restarted" in a.error
    assert public_hash(a.match.game) == before


def test_a_peer_that_stops_acknowledging_cannot_make_the_boards_drift():
    a, b, ab, ba = _playing_pair(11)
    mover = a if a.my_turn() else b
    for _ in range(8):  # the queue fills: nothing acknowledged
        mover.channel.send(FIRST_KIND + 5, b"x")
    before = public_hash(mover.match.game)
    game = mover.match.game
    mover.play(game.spell_claims(Bot("easy", 1).choose(game)))
    assert mover.state == FAILED and "stopped answering" in mover.error
    assert public_hash(game) == before
