"""Two linked boards: a fair deal, lockstep play over a bad line, and a
cheating peer caught without harm to the honest one; in the classic
variant and in the tactics variant (a Scout's two-message turn, the tactic
cards' own cheats).

One file, though long: every test runs two sessions over the same
simulated line with the same helpers, honest and cheating alike.
"""

import random

import pytest

from engine.bots import Bot
from engine.cards import BANSHEE, FIRST_TACTIC, JOKER, SCOUT, SHIELD, SPY, TRAITOR
from engine.channel import FIRST_KIND, Channel
from engine.fairdeal import public_hash
from engine.game import NOBODY, TACTICS
from engine.moves import AUTO_CLAIM, DRAW_TACTIC, PASS, move_card, move_second, return_move, ruse_move, with_claims
from engine.rng import Random
from engine.match import Match
from engine.session import (FAILED, MOVE, PLAYING, RETURN, VERSION, Session, move_message,
                            return_message)
from engine.tactics import N_STONES
from linesim import FaultyLine


def pair(seed, loss=0.0, flips=0.0, variant=0, rounds=1):
    rnd = random.Random(seed)

    def random_bytes(n):
        return bytes(rnd.randrange(256) for _ in range(n))

    a = Session(Channel(), variant, rounds, random_bytes)
    b = Session(Channel(), variant, rounds, random_bytes)
    return a, b, FaultyLine(seed, loss, flips), FaultyLine(seed + 1, loss, flips)


def send_all(session, line, now):
    # Every frame ``session`` has to send now, onto ``line``.
    out = session.channel.poll(now)
    while out is not None:
        line.send(out, now)
        out = session.channel.poll(now)


def run(a, b, ab, ba, until, bots=None, now=0, stop=None):
    """Both boards on their lines until ``until`` ms or ``stop()``; a board
    to move asks its bot, which may hold the turn back (None)."""
    while now < until:
        for me, line, other_line in ((a, ab, ba), (b, ba, ab)):
            me.feed(other_line.take(now), now)
            if bots and me.state == PLAYING and me.my_turn():
                m = bots[me.seat].choose(me.match.game)
                if m is not None:
                    me.play(me.match.game.spell_claims(m))
            send_all(me, line, now)
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
    cheater.channel.send(MOVE, move_message(turn, m2, hash_))
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
    waiting.channel.send(MOVE, bytes(14))
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


@pytest.mark.parametrize("variant", [0, TACTICS])
@pytest.mark.parametrize("whose", ["theirs", "ours"])
def test_a_replayed_or_reflected_first_hello_in_play_is_a_duplicate(whose, variant):
    # The first frame each board sent (its HELLO: sequence 1, heard 0),
    # recorded off the line; in play, board a hears the other's again (a
    # replay) or its own (a looped cable echoes it): a duplicate, dropped;
    # the match plays on to the end on both boards, the same.
    a, b, ab, ba = pair(12, variant=variant)
    a.start()
    b.start()
    first = {"ours": bytes(a.channel.poll(0)), "theirs": bytes(b.channel.poll(0))}
    ab.send(first["ours"], 0)
    ba.send(first["theirs"], 0)
    bots = [Bot("medium", 1), Bot("medium", 2)]
    if variant == TACTICS:
        bots = [Steered(1, lambda g: False), Steered(2, lambda g: False)]
    now = run(a, b, ab, ba, 600000, bots, stop=lambda: a.state == PLAYING and a.match.game.move_count() >= 6)
    for _ in range(3):
        a.feed(first[whose], now)
        assert a.state == PLAYING and not a.peer_began() and not a.error
    now = run(a, b, ab, ba, 1200000, bots, now=now, stop=lambda: a.match.game.over() and b.match.game.over())
    assert a.state == b.state == PLAYING, (a.error, b.error)
    assert a.match.game.over() and public_hash(a.match.game) == public_hash(b.match.game)


def test_a_hello_with_a_new_commitment_is_still_a_new_game():
    # The other board begins anew with the same epoch (1 time in 255): its
    # HELLO looks like its first one replayed, but commits to a new
    # secret: a new game, told to the app (which keeps the match on offer).
    a, b, ab, ba = _playing_pair(13)
    now = run(a, b, ab, ba, 60000, [Bot("easy", 1), Bot("easy", 2)], stop=lambda: a.match.game.move_count() >= 4)
    again = Session(Channel(epoch=b.channel.epoch), 0, 1, lambda n: bytes(range(n)))
    again.start()
    a.feed(bytes(again.channel.poll(0)), now)
    assert a.state == PLAYING and a.peer_began() == FIRST_KIND  # a HELLO


def test_a_move_with_the_claim_all_flag_is_refused():
    # Claims are spelt out on the link: a MOVE with AUTO_CLAIM set (which
    # the engine would turn into every provable claim) is refused.
    def forge(cheater, game, m):
        m = with_claims(m, 0) | AUTO_CLAIM
        game.apply(m)  # the table after it, as the cheater would send it
        digest = public_hash(game)
        game.undo()
        return 1, m, digest
    assert _cheat(14, forge) == "an illegal move: malformed move"


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


# -- the tactics variant -----------------------------------------------------

ELITE = (JOKER, SPY, SHIELD)


def snapshot(game):
    """Everything a tactics round holds, hidden cards included."""
    parts = [bytes(x) for x in (game.side, game.n, game.owner, game.first, game.mode, game.hand[0],
                                game.hand[1], game.hand_n, game.deck, game.tdeck, game.discard,
                                game.played, game.out, game.jokers_on, game.rank)]
    return parts + [game.deck_pos, game.tpos, game.discard_n, game.returns, game.to_move,
                    game.winner, list(game.history)]


class Steered:
    """A random tactics player that keeps the cards in ``keep``, plays the
    cards in ``prefer`` when it can, draws tactic cards, and holds its turn
    back (and notes it) once ``ready(game)`` is true for it."""

    def __init__(self, seed, ready, keep=(), prefer=()):
        self.rng = Random(seed)
        self.ready = ready
        self.keep = keep
        self.prefer = prefer
        self.stopped = False

    def choose(self, game):
        if self.stopped or self.ready(game):
            self.stopped = True
            return None
        moves = game.legal_moves()
        if game.returns:
            pool = [m for m in moves if move_card(m) not in self.keep and move_second(m) not in self.keep] or moves
        else:
            pool = [m for m in moves if move_card(m) not in self.keep] or moves
            liked = [m for m in pool if move_card(m) in self.prefer]
            if liked and self.rng.below(4):
                pool = liked
        return pool[self.rng.below(len(pool))] | DRAW_TACTIC | AUTO_CLAIM


def _tactics_pair(seed, rounds=1):
    a, b, ab, ba = pair(seed, variant=TACTICS, rounds=rounds)
    a.start()
    b.start()
    run(a, b, ab, ba, 5000, stop=lambda: a.state == b.state == PLAYING)
    assert a.state == b.state == PLAYING
    return a, b, ab, ba


def _steer_to(ready, keep=(), prefer=(), seeds=range(100, 160)):
    """Linked tactics games of honest moves until the board to move finds
    ``ready(game)``; then both boards hold the same round and it is the
    cheater's turn.  Returns (cheater, honest, a, b, ab, ba)."""
    for seed in seeds:
        a, b, ab, ba = _tactics_pair(seed)
        bots = [Steered(seed * 2 + p, ready, keep, prefer) for p in (0, 1)]
        now = run(a, b, ab, ba, 600000, bots,
                  stop=lambda: bots[0].stopped or bots[1].stopped or a.match.game.over())
        if not (bots[0].stopped or bots[1].stopped):
            continue
        cheater, honest = (a, b) if bots[a.seat].stopped else (b, a)
        # Let the honest board catch up (a Scout's play may still be on its way).
        run(a, b, ab, ba, now + 20000, now=now, stop=lambda: honest.turn == cheater.turn
            and not cheater.channel.pending())
        assert snapshot(honest.match.game) == snapshot(cheater.match.game)
        return cheater, honest, a, b, ab, ba
    raise AssertionError("no game reached the position")


def _caught(kind, msg, ready, keep=(), prefer=()):
    """The cheater sends ``msg(game, turn)`` (a payload of ``kind``); the
    honest board must stop, with its round unchanged.  Returns its error."""
    cheater, honest, a, b, ab, ba = _steer_to(ready, keep, prefer)
    game = cheater.match.game
    before = snapshot(honest.match.game)
    cheater.channel.send(kind, msg(game, cheater.turn + 1))
    run(a, b, ab, ba, 20000, stop=lambda: honest.state == FAILED)
    assert honest.state == FAILED
    assert snapshot(honest.match.game) == before  # nothing changed here
    return honest.error


def _holds(game, card):
    return game.hand_index(game.to_move, card) >= 0


def _open_stone(game, p):
    stones = game.open_stones(p)
    return min(s for s in range(N_STONES) if stones >> s & 1) if stones else -1


def test_both_tactics_boards_deal_the_same_clan_and_tactic_piles():
    a, b, ab, ba = _tactics_pair(20)
    ga, gb = a.match.game, b.match.game
    assert ga.variant == gb.variant == TACTICS
    assert bytes(ga.deck) == bytes(gb.deck) and bytes(ga.tdeck) == bytes(gb.tdeck)
    assert sorted(ga.tdeck) == [54, 54, 55, 56, 57, 58, 59, 60, 61, 62]
    assert ga.hand_n[0] == ga.hand_n[1] == 7 and snapshot(ga) == snapshot(gb)
    c, d, _, _ = _tactics_pair(21)  # another pair of secrets, another deal
    assert bytes(c.match.game.tdeck) != bytes(ga.tdeck) or bytes(c.match.game.deck) != bytes(ga.deck)


def test_a_scout_takes_two_turns_of_the_same_board():
    cheater, honest, a, b, ab, ba = _steer_to(
        lambda g: not g.returns and _holds(g, SCOUT) and g.may_play_tactic(g.to_move)
        and g.pile_size() >= 3 and g.tactic_pile_size() >= 1)
    scout = cheater
    game = scout.match.game
    turn = scout.turn
    scout.play(SCOUT | 1 << 6)  # two clan cards and one tactic card
    assert scout.turn == turn + 1 and game.returns == 2 and scout.my_turn()
    with_three = game.hand_cards(game.to_move)
    clan = [c for c in with_three if c < FIRST_TACTIC][0]
    with pytest.raises(ValueError):
        scout.play(clan | 8 << 6)  # a play: not before the return
    assert scout.turn == turn + 1 and game.returns == 2  # nothing was sent or changed
    run(a, b, ab, ba, 20000, stop=lambda: honest.turn == turn + 1)
    assert not honest.my_turn() and honest.match.game.returns == 2
    scout.play(return_move(with_three[0], with_three[1]))
    assert scout.turn == turn + 2 and not scout.my_turn() and game.returns == 0
    run(a, b, ab, ba, 20000, stop=lambda: honest.turn == turn + 2)
    assert honest.my_turn() and snapshot(honest.match.game) == snapshot(game)
    assert honest.last == scout.last == (SCOUT, 1, 0)  # the Scout, not its return


def test_a_tactic_card_over_the_limit_is_caught():
    def ready(g):
        p = g.to_move
        return (not g.returns and g.played[p] > g.played[1 - p] and _open_stone(g, p) >= 0
                and (_holds(g, SPY) or _holds(g, SHIELD)))

    def msg(g, turn):
        card = SPY if _holds(g, SPY) else SHIELD
        return move_message(turn, card | _open_stone(g, g.to_move) << 6, bytes(8))

    assert "tactic card limit" in _caught(MOVE, msg, ready, prefer=tuple(range(FIRST_TACTIC, 63)))


def test_a_traitor_taking_an_elite_troop_is_caught():
    def elite_at(g):
        q = 1 - g.to_move
        for s in range(N_STONES):
            if g.owner[s] == NOBODY:
                for j, card in enumerate(g.cards_at(s, q)):
                    if card in ELITE:
                        return s, j
        return None

    def ready(g):
        p = g.to_move
        return (not g.returns and _holds(g, TRAITOR) and g.may_play_tactic(p)
                and _open_stone(g, p) >= 0 and elite_at(g) is not None)

    def msg(g, turn):
        s, j = elite_at(g)
        return move_message(turn, ruse_move(TRAITOR, s, j, _open_stone(g, g.to_move)), bytes(8))

    assert "no such target" in _caught(MOVE, msg, ready, keep=(TRAITOR,), prefer=ELITE)


def test_a_banshee_on_a_claimed_stone_is_caught():
    def claimed(g):
        q = 1 - g.to_move
        for s in range(N_STONES):
            if g.owner[s] != NOBODY and g.n[s * 2 + q]:
                return s
        return -1

    def ready(g):
        return (not g.returns and _holds(g, BANSHEE) and g.may_play_tactic(g.to_move)
                and claimed(g) >= 0)

    def msg(g, turn):
        return move_message(turn, ruse_move(BANSHEE, claimed(g), 0), bytes(8))

    assert "no such target" in _caught(MOVE, msg, ready, keep=(BANSHEE,))


def test_a_wrong_scout_split_is_caught():
    def ready(g):
        return (not g.returns and _holds(g, SCOUT) and g.may_play_tactic(g.to_move)
                and g.tactic_pile_size() < 3)

    def msg(g, turn):
        # More cards from the tactic pile than it holds.
        return move_message(turn, SCOUT | (g.tactic_pile_size() + 1) << 6, bytes(8))

    assert "the piles cannot give those cards" in _caught(MOVE, msg, ready, keep=(SCOUT,))


def _owes(g):
    return g.returns == 2


def test_a_return_of_cards_not_held_is_caught():
    def msg(g, turn):
        theirs = g.hand_cards(1 - g.to_move)[0]  # a card of the other hand
        return return_message(turn, return_move(g.hand_cards(g.to_move)[0], theirs), bytes(8))

    assert "card not in hand" in _caught(RETURN, msg, _owes, prefer=(SCOUT,))


def test_a_return_of_too_few_cards_is_caught():
    def msg(g, turn):
        return return_message(turn, return_move(g.hand_cards(g.to_move)[0]), bytes(8))

    assert "put back 2 cards" in _caught(RETURN, msg, _owes, prefer=(SCOUT,))


def test_a_play_while_a_return_is_owed_is_out_of_turn():
    def msg(g, turn):
        card = [c for c in g.hand_cards(g.to_move) if c < FIRST_TACTIC][0]
        return move_message(turn, card | _open_stone(g, g.to_move) << 6, bytes(8))

    assert "go back first" in _caught(MOVE, msg, _owes, prefer=(SCOUT,))


def test_a_return_when_none_is_owed_is_out_of_turn():
    def msg(g, turn):
        hand = g.hand_cards(g.to_move)
        return return_message(turn, return_move(hand[0], hand[1]), bytes(8))

    assert "no cards are owed" in _caught(RETURN, msg, lambda g: not g.returns)


def test_a_different_tactics_table_is_caught():
    # A legal tactic card, a hash that is not the table's.
    def ready(g):
        return not g.returns and any(move_card(m) >= FIRST_TACTIC and move_card(m) != PASS for m in g.legal_moves())

    def msg(g, turn):
        m = [m for m in g.legal_moves() if move_card(m) >= FIRST_TACTIC][0]
        return move_message(turn, g.spell_claims(m | AUTO_CLAIM), b"\x5a" * 8)

    assert "disagree" in _caught(MOVE, msg, ready)


def test_a_legal_return_with_another_table_is_caught():
    def msg(g, turn):
        hand = g.hand_cards(g.to_move)
        return return_message(turn, return_move(hand[0], hand[1]), b"\xa5" * 8)

    assert "disagree" in _caught(RETURN, msg, _owes, prefer=(SCOUT,))


def test_a_move_too_wide_for_the_protocol_is_refused():
    def msg(g, turn):
        return move_message(turn, 1 << 27, bytes(8))

    assert "malformed" in _caught(MOVE, msg, lambda g: not g.returns)


@pytest.mark.parametrize("old", [5, 4, 3, 1])
def test_a_board_of_the_old_protocol_is_refused_clearly(old):
    # Versions 3 (SHA-256 public hashes), 4 (the first generator's deals)
    # and 5 (no flags) have version 6's frames and a HELLO a byte shorter.
    a, b, ab, ba = pair(30, variant=TACTICS)
    a.start()
    b.channel.send(16, bytes((old, TACTICS, 1)) + bytes(32))  # an old board's HELLO
    run(a, b, ab, ba, 3000, stop=lambda: a.state == FAILED)
    assert VERSION == 6
    assert a.state == FAILED and a.error == "protocol version %d, ours is 6" % old


@pytest.mark.parametrize("old", [5, 4, 3])
def test_a_resuming_board_of_the_old_protocol_is_refused_clearly(old):
    # Its RESUME is a byte shorter (no flags): the version is read first,
    # as in a HELLO, not taken for a bad resume.
    rnd = random.Random(4)
    match = Match(77, 1, 0)
    for _ in range(6):
        match.game.apply(match.game.legal_moves()[0])
    a = Session(Channel(), 0, 1, lambda n: bytes(rnd.randrange(256) for _ in range(n)), resume=(match, 0))
    b = Session(Channel(), 0, 1, lambda n: bytes(rnd.randrange(256) for _ in range(n)))
    ab, ba = FaultyLine(1), FaultyLine(2)
    a.start()
    older = a._resume_message()[:-1]  # (the same save, said by a board of that version)
    b.channel.send(20, bytes((old,)) + older[1:])
    run(a, b, ab, ba, 3000, stop=lambda: a.state == FAILED)
    assert a.state == FAILED and a.error == "protocol version %d, ours is 6" % old


def test_linked_tactics_matches_survive_loss_flips_and_an_unplug():
    from linkgames import linked_game

    returns = cards = 0
    for seed in range(4):
        figures = linked_game(seed, variant=TACTICS, rounds=1 + seed % 2)
        assert figures["agreed"] == figures["moves"] > 40  # every move, on both boards
        assert figures["retransmissions"] > 0 and figures["resyncs"] > 0 and figures["faults"] > 0
        assert figures["lost_noticed"]
        assert len(figures["results"]) == 1 + seed % 2  # rounds ended in step
        returns += figures["scout_returns"]
        cards += figures["tactic_cards"]
    assert cards > 20 and returns > 0  # tactic cards and Scouts really crossed the line


def test_a_board_without_hashlib_deals_the_same_and_drops_its_sha256_after_the_handshake(monkeypatch):
    import sys

    import engine.fairdeal as fairdeal

    def handshake():
        a, b, ab, ba = pair(7)
        a.start()
        b.start()
        run(a, b, ab, ba, 5000, stop=lambda: a.state == b.state == PLAYING)
        assert a.state == b.state == PLAYING
        return a.seat, bytes(a.match.game.deck), a.commit

    expected = handshake()
    monkeypatch.setattr(fairdeal, "hashlib", None)
    loaded = []
    real = fairdeal.sha256

    def watched(data):
        out = real(data)
        loaded.append("engine.sha256" in sys.modules)
        return out

    monkeypatch.setattr(fairdeal, "sha256", watched)
    assert handshake() == expected  # the same secrets, the same deal and seats
    assert loaded and all(loaded) and "engine.sha256" not in sys.modules and fairdeal._own is None
    # A handshake cut short drops it too.
    a = pair(8)[0]
    a.start()
    assert "engine.sha256" in sys.modules
    old = Channel()
    old.send(16, bytes((3, 0, 1)) + bytes(32))  # a HELLO of version 3
    a.feed(bytes(old.poll(0)), 0)
    assert a.state == FAILED and "engine.sha256" not in sys.modules


# ---- a board that wants another deal ---------------------------------------

class Rerolling:
    """A modified board that seeks a deal it likes: it says HELLO with a
    commitment, takes the honest board's REVEAL (it then knows both secrets,
    so the seed and the seats: ``deals``), and, when ``reveals`` is False,
    never shows its own secret: it begins a new conversation with a fresh
    HELLO (``reroll``), or stays silent but alive (``reroll`` False).  With
    ``reveals`` it plays the handshake out, then begins anew before any
    move."""

    def __init__(self, seed, variant=0, rounds=1, reveals=False, reroll=True):
        from engine.fairdeal import commitment

        self.commitment = commitment
        self.rnd = random.Random(seed)
        self.variant, self.rounds = variant, rounds
        self.reveals, self.reroll = reveals, reroll
        self.deals = []  # (seed, it leads) of every deal it learnt
        self.epoch = 0
        self.open()

    def open(self):
        self.epoch = self.epoch % 255 + 1
        self.channel = Channel(epoch=self.epoch)
        self.secret = bytes(self.rnd.randrange(256) for _ in range(16))
        self.channel.send(16, bytes((VERSION, self.variant, self.rounds, 0)) + self.commitment(self.secret))  # HELLO

    def feed(self, data, now):
        from engine.fairdeal import deal

        self.channel.feed(data, now=now)
        got = self.channel.receive()
        while got is not None:
            kind, payload = got
            if kind == 17:  # the honest board's REVEAL: the deal is known here
                seed, i_lead = deal(self.secret, bytes(payload))
                self.deals.append((seed, i_lead))
                if self.reveals:
                    self.channel.send(17, self.secret)
                elif self.reroll:
                    self.open()  # not this one: again
                    return
            got = self.channel.receive()


def _against(honest, cheat, until, now=0, stop=None):
    ab, ba = FaultyLine(1), FaultyLine(2)
    while now < until:
        honest.feed(ba.take(now), now)
        honest.tick(now)
        cheat.feed(ab.take(now), now)
        for me, line in ((honest, ab), (cheat, ba)):
            send_all(me, line, now)
        if stop and stop():
            break
        now += 5
    return now


def _honest(seed, variant=0):
    rnd = random.Random(seed)
    s = Session(Channel(epoch=200), variant, 1, lambda n: bytes(rnd.randrange(256) for _ in range(n)))
    s.start()
    return s


@pytest.mark.parametrize("variant", [0, TACTICS])
def test_a_board_that_rerolls_the_deal_gets_one_and_is_stopped(variant):
    honest = _honest(30, variant)
    cheat = Rerolling(31, variant)
    _against(honest, cheat, 30000, stop=lambda: honest.state == FAILED)
    assert honest.state == FAILED and honest.redeal
    assert honest.error == "the other board restarted before the deal, with our secret"
    assert len(cheat.deals) == 1 and honest.match is None  # one look at one deal, and no game here


def test_before_the_deal_a_replayed_hello_is_a_duplicate_and_a_new_one_refused():
    # The honest board has shown its secret; the other keeps its own (for
    # now) and has heard it.  Its first HELLO again, or the honest board's
    # own sent back, changes nothing; a HELLO of the same epoch with a new
    # commitment is another deal sought: refused.
    honest = _honest(34)
    cheat = Rerolling(35, reroll=False)
    first = bytes(cheat.channel.poll(0))
    echo = bytes(honest.channel.poll(0))
    _against(honest, cheat, 1000, stop=lambda: honest.channel.heard_back)
    assert honest.state == 1 and honest.channel.heard_back  # _REVEALING, heard by the other
    for frame in (first, echo, first):
        honest.feed(frame, 1000)
        assert honest.state == 1 and not honest.peer_began() and not honest.redeal
    fresh = Channel(epoch=cheat.epoch)
    fresh.send(16, bytes((VERSION, 0, 1, 0)) + cheat.commitment(bytes(16)))  # a new HELLO
    honest.feed(bytes(fresh.poll(0)), 1001)
    assert honest.state == FAILED and honest.redeal
    assert honest.error == "the other board restarted before the deal, with our secret"


def test_a_board_that_drops_the_dealt_match_before_its_first_move_is_stopped():
    honest = _honest(32)
    cheat = Rerolling(33, reveals=True)
    _against(honest, cheat, 5000, stop=lambda: honest.state == PLAYING)
    assert honest.state == PLAYING and len(cheat.deals) == 1
    cheat.open()  # it does not like its hand: a new conversation
    _against(honest, cheat, 30000, now=5000, stop=lambda: honest.state == FAILED)
    assert honest.state == FAILED and honest.redeal
    assert honest.error == "the other board dropped the deal before the first move"


def test_a_board_that_keeps_its_secret_is_stopped_after_a_while():
    from engine.session import REVEAL_MS

    honest = _honest(34)
    cheat = Rerolling(35, reroll=False)  # silent, but its channel stays alive
    end = _against(honest, cheat, 3 * REVEAL_MS, stop=lambda: honest.state == FAILED)
    assert honest.state == FAILED and honest.redeal and honest.error == "the other board kept its secret"
    assert REVEAL_MS < end < REVEAL_MS + 2000 and len(cheat.deals) == 1


@pytest.mark.parametrize("allows", [(True, True), (True, False), (False, True), (False, False)])
def test_hints_are_the_matchs_when_both_boards_allow_them(allows):
    # HELLO's flags (version 6): each board says whether its player allows
    # hints; both do, the match has them; the deal is the same either way.
    a, b, ab, ba = pair(12)
    a.allows, b.allows = allows
    a.start()
    b.start()
    run(a, b, ab, ba, 5000, stop=lambda: a.state == PLAYING and b.state == PLAYING)
    assert a.state == b.state == PLAYING and a.match.seed == b.match.seed
    assert a.hints == b.hints == (allows == (True, True))


@pytest.mark.parametrize("allows", [(True, True), (False, True)])
def test_resumed_boards_say_again_whether_they_allow_hints(allows):
    # RESUME's last byte: the players may have changed their minds since.
    rnd = random.Random(3)
    match = Match(77, 1, 0)
    for _ in range(6):
        match.game.apply(match.game.legal_moves()[0])
    copies = [Match(77, 1, 0), Match(77, 1, 0)]
    for copy in copies:
        for m in match.moves():
            copy.game.apply(m)
    a, b = [Session(Channel(), 0, 1, lambda n: bytes(rnd.randrange(256) for _ in range(n)), resume=(copies[i], i),
                    hints=allows[i]) for i in range(2)]
    ab, ba = FaultyLine(1), FaultyLine(2)
    a.start()
    b.start()
    run(a, b, ab, ba, 5000, stop=lambda: a.state == PLAYING and b.state == PLAYING)
    assert a.state == b.state == PLAYING and a.hints == b.hints == (allows == (True, True))
