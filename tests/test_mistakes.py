"""The player's mistakes kept as bytes (``engine.mistakes``): each its
round alone, dealt again and replayed, the newest few kept; a section read
from a save checked, one line when it is not one."""

import pytest

from conftest import bot_match
from engine import mistakes
from engine.game import CLASSIC, EXPERT, NOBODY, make_game
from engine.match import Match
from engine.rng import Random
from engine.save import SaveError


def rounds_of(seed, variant, rounds=3):
    """``(n, round_seed, starter, round moves before, played)`` for every
    move of a match between easy and hard."""
    match = bot_match(seed, rounds, variant, "easy", "hard")
    moves = list(match.moves())
    replay = Match(seed, rounds, variant)
    out = []
    for n, m in enumerate(moves):
        if replay.game.winner != NOBODY:
            replay.finish_round(False)
        out.append((n, replay.round_seed, replay.starter, list(replay.game.round_moves()), m))
        replay.game.apply(m)
    return moves, out


@pytest.mark.parametrize("variant", (CLASSIC, EXPERT))
def test_a_mistake_kept_deals_its_round_again_as_it_was(variant):
    seed = 70 + variant
    moves, at = rounds_of(seed, variant)
    section = None
    picked = [at[3], at[len(at) // 2], at[-1]]
    for n, round_seed, starter, before, played in picked:
        section = mistakes.add(section, variant, seed, n, round_seed, starter, 9, before, played)
        mistakes.check(bytes(section))
    assert mistakes.count(section) == 3
    # Newest first; each dealt and replayed as the match was before it.
    for i, (n, round_seed, starter, before, played) in enumerate(reversed(picked)):
        got = mistakes.entry(section, i)
        assert got == (variant, seed, n, round_seed, starter, 9, before + [played])
        game = make_game(variant)
        mistakes.table(game, round_seed, starter, before)
        match = Match(seed, 3, variant)
        for m in moves[:n]:
            if match.game.winner != NOBODY:
                match.finish_round(False)
            match.game.apply(m)
        assert game.check(played) is None
        for p in (0, 1):
            assert sorted(game.hand_cards(p)) == sorted(match.game.hand_cards(p))
            for s in range(9):
                assert game.cards_at(s, p) == match.game.cards_at(s, p)
        assert game.to_move == match.game.to_move and game.pile_size() == match.game.pile_size()


def test_the_newest_few_are_kept_once_each_and_one_found_goes():
    moves, at = rounds_of(5, CLASSIC, 1)
    section = None
    for n, round_seed, starter, before, played in at[:6]:
        section = mistakes.add(section, CLASSIC, 5, n, round_seed, starter, 9, before, played)
    assert mistakes.count(section) == mistakes.KEEP == 3
    assert [mistakes.entry(section, i)[2] for i in range(3)] == [5, 4, 3]
    # The same mistake again: first, not twice.
    n, round_seed, starter, before, played = at[3]
    section = mistakes.add(section, CLASSIC, 5, n, round_seed, starter, 9, before, played)
    assert [mistakes.entry(section, i)[2] for i in range(3)] == [3, 5, 4]
    # Another match's move 3 is another mistake.
    section = mistakes.add(section, CLASSIC, 6, n, round_seed, starter, 9, before, played)
    assert [mistakes.entry(section, i)[1:3] for i in range(3)] == [(6, 3), (5, 3), (5, 5)]
    section = mistakes.drop(section, 5, 3)
    assert [mistakes.entry(section, i)[1:3] for i in range(2)] == [(6, 3), (5, 5)] and mistakes.count(section) == 2
    mistakes.check(bytes(section))
    section = mistakes.drop(section, 7, 7)  # (none such: as it was)
    assert mistakes.count(section) == 2
    assert mistakes.drop(mistakes.drop(section, 6, 3), 5, 5) is None and mistakes.count(None) == 0


def test_a_round_too_long_to_keep_is_not_kept():
    section = mistakes.add(None, CLASSIC, 1, 300, 2, 0, 9, [0] * 256, 0)
    assert section is None


def test_a_section_that_is_not_one_says_so_in_one_line():
    moves, at = rounds_of(8, CLASSIC, 1)
    good = None
    for n, round_seed, starter, before, played in at[10:12]:
        good = mistakes.add(good, CLASSIC, 8, n, round_seed, starter, 9, before, played)
    good = bytes(good)
    mistakes.check(good)
    bad = [b"", b"\x00", b"\x04" + good[1:], good[:-1], good + b"\x00", good[:1] + b"\x02" + good[2:],
           good[:2] + b"\x40" + good[3:], good[:12] + b"\x02" + good[13:],
           good[:13] + b"\x66" + good[14:]]
    # A move's varint of five bytes, or cut at the end.
    bad.append(good[:1 + 14] + b"\xff\xff\xff\xff\x01" + good[1 + 15:])
    for blob in bad:
        with pytest.raises(SaveError) as e:
            mistakes.check(blob)
        assert str(e.value) == "bad mistakes in save"
    # Random bytes: read or refused, never another error.
    rng = Random(3)
    for k in range(3000):
        blob = bytearray(good)
        for _ in range(1 + rng.below(3)):
            blob[rng.below(len(blob))] = rng.below(256)
        if k % 3 == 0:
            blob = blob[: rng.below(len(blob) + 1)]
        try:
            mistakes.check(bytes(blob))
        except SaveError:
            continue
        for i in range(mistakes.count(blob)):
            variant, seed, n, round_seed, starter, given, ms = mistakes.entry(blob, i)
            try:
                mistakes.table(make_game(variant), round_seed, starter, ms[:-1])
            except SaveError as e:
                assert str(e) == "a kept mistake does not replay"


def test_a_kept_mistake_whose_moves_do_not_replay_says_so():
    moves, at = rounds_of(9, CLASSIC, 1)
    n, round_seed, starter, before, played = at[8]
    game = make_game(CLASSIC)
    with pytest.raises(SaveError):
        mistakes.table(game, round_seed ^ 1, starter, before)  # (another deal: its cards are not these)
    with pytest.raises(SaveError):
        mistakes.table(game, round_seed, starter, before + [played, played])  # (the same card twice)


def test_the_points_given_away_are_kept_and_weighs_limit_held():
    from engine.weigh import GIVEN_AWAY

    assert mistakes._GIVEN_LIMIT == GIVEN_AWAY
    moves, at = rounds_of(4, EXPERT, 1)
    n, round_seed, starter, before, played = at[7]
    for given in (0, 37, GIVEN_AWAY):
        section = mistakes.add(None, EXPERT, 4, n, round_seed, starter, given, before, played)
        mistakes.check(bytes(section))
        assert mistakes.entry(section, 0)[5] == given
    assert mistakes.add(None, EXPERT, 4, n, round_seed, starter, GIVEN_AWAY + 1, before, played) is None


def test_the_mistakes_a_review_found_are_kept_with_their_rounds():
    moves, at = rounds_of(12, CLASSIC, 3)
    picks = [9, len(at) // 2, len(at) - 5]
    found = [(n, 10 + i) for i, n in enumerate(picks)]
    section = mistakes.kept(None, 12, 3, CLASSIC, moves, found)
    for i, n in enumerate(reversed(picks)):
        _, round_seed, starter, before, played = at[n]
        assert mistakes.entry(section, i) == (CLASSIC, 12, n, round_seed, starter, 10 + 2 - i, before + [played])
    assert mistakes.kept(section, 12, 3, CLASSIC, moves, []) is section
