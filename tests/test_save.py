"""Saves: the blob round-trips whole matches, the slots survive a power cut
at every byte of every write, and bad saves are refused, never half-loaded."""

import random
import zlib

import pytest

from conftest import next_move, players
from engine.game import CLASSIC, EXPERT, NOBODY, TACTICS
from engine.match import Match
from engine.moves import AUTO_CLAIM
from desk.playout import random_move
from engine.rng import Random
from engine.restore import decode, resume
from engine.save import VERSION, Saver, SaveError, crc32, encode, spell


def match_state(match):
    g = match.game
    game = {k: v for k, v in vars(g).items() if k != "solver"}
    return (match.seed, match.rounds, list(match.scores), list(match.results), match.starter,
            match.round_seed, match._rng.state(), repr(sorted(game.items())))


def play(seed, variant, rounds, who=("random", "random")):
    """Play a whole match; yields (match, moves so far) after every move
    (and once at the start), rounds scored as the app does at once."""
    match = Match(seed, rounds, variant)
    rng = Random(seed + 1)
    seats = players(who, seed)
    moves = []
    yield match, moves
    while not match.over():
        game = match.game
        m = next_move(game, seats, rng)
        assert game.check(m) is None
        game.apply(m)
        moves.append(m)
        if game.winner != NOBODY and rng.below(2):
            match.finish_round()  # sometimes the save comes before the scoring
            yield match, moves
            continue
        yield match, moves
        if game.winner != NOBODY:
            match.finish_round()
            yield match, moves


GAMES = [(1, CLASSIC, 1, ("random", "random")), (2, EXPERT, 1, ("random", "random")),
         (3, TACTICS, 1, ("random", "random")), (4, CLASSIC, 3, ("easy", "medium")),
         (5, EXPERT, 3, ("medium", "easy")), (6, TACTICS, 3, ("easy", "medium")),
         (7, TACTICS, 2, ("random", "easy"))]


def test_crc32_is_zlibs():
    r = random.Random(1)
    for n in (0, 1, 9, 100, 1000):
        data = bytes(r.randrange(256) for _ in range(n))
        hi, lo = crc32(data)
        assert hi << 16 | lo == zlib.crc32(data)


@pytest.mark.parametrize("seed,variant,rounds,who", GAMES)
def test_round_trip_every_move_of_whole_matches(seed, variant, rounds, who):
    for match, moves in play(seed, variant, rounds, who):
        blob = encode(match, moves, opponent=2, lang=1, auto_claim=True, seat=1)
        back, s = resume(blob)
        assert match_state(back) == match_state(match)
        assert (s.opponent, s.lang, s.auto_claim, s.seat, s.variant, s.rounds) == (2, 1, True, 1, variant, rounds)
        assert s.moves == moves
    assert match.over()


def test_settings_only():
    s = decode(encode(None, opponent=3, lang=2, variant=TACTICS, rounds=5, tag=77))
    assert (s.match, s.variant, s.rounds, s.opponent, s.lang, s.auto_claim, s.seat, s.tag) == (
        False, TACTICS, 5, 3, 2, False, 0, 77)
    with pytest.raises(SaveError):
        resume(encode(None))


def test_sizes_of_typical_matches():
    sizes = {}
    for variant in (CLASSIC, EXPERT, TACTICS):
        for match, moves in play(11, variant, 3, ("medium", "medium")):
            pass
        blob = encode(match, moves)
        sizes[variant] = (len(moves), len(blob))
        assert len(blob) < 4096 - 10
    print("moves, bytes per 3-round match:", sizes)


def store_after(store, blob):
    done = bytearray(store)
    Saver(done).save(blob)
    return done


class Cut(Exception):
    pass


class CutStorage:
    """A bytearray whose writes stop after ``budget`` bytes.  ``erase``:
    the slice being written reads 0xFF beyond the cut (an erase-then-write
    memory); otherwise it keeps its old bytes."""

    def __init__(self, data, budget=-1, erase=False):
        self.data = bytearray(data)
        self.budget = budget
        self.erase = erase

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        start = key.start
        if self.budget >= 0 and len(value) > self.budget:
            k = self.budget
            self.data[start : start + k] = value[:k]
            if self.erase:
                self.data[start + k : start + len(value)] = b"\xff" * (len(value) - k)
            self.budget = -1  # the power comes back for what follows
            raise Cut()
        self.data[start : start + len(value)] = value
        if self.budget >= 0:
            self.budget -= len(value)


CUT_CASES = [g + (erase,) for g in GAMES[:3] for erase in (False, True)] + [GAMES[3] + (True,), GAMES[6] + (False,)]


@pytest.mark.parametrize("seed,variant,rounds,who,erase", CUT_CASES)
def test_power_cut_at_every_byte_of_every_save(seed, variant, rounds, who, erase):
    store = bytearray(b"\xff" * 2048)
    saver = Saver(store)
    last = None
    cuts = 0
    saves = 0
    lucky = 0
    for match, moves in play(seed, variant, rounds, who):
        blob = encode(match, moves, opponent=1)
        frame = len(blob) + 10
        for k in range(frame):
            cut = CutStorage(store, k, erase)
            s = Saver(cut)
            with pytest.raises(Cut):
                s.save(blob)
            got, problem = Saver(cut).load()
            # The previous save, intact; or the new one when the bytes the
            # cut left unwritten happened to hold their new values already.
            assert got == last or got == blob and bytes(cut.data) == bytes(store_after(store, blob))
            lucky += got != last
            if k % 8 and k < frame - 10:
                continue
            # and saving again after the cut never loses it (sampled)
            Saver(cut).save(blob)
            again = Saver(cut)
            assert again.load() == (blob, None)
            before = last if got == last else blob
            assert again.blobs[1:] == ([before] if before is not None else [])
            cuts += 1
        writes = saver.writes
        saver.save(blob)
        assert saver.writes == writes + 1  # one slice assignment a move
        assert Saver(store).load() == (blob, None)
        last = blob
        saves += 1
    assert cuts > saves * 14
    assert lucky * 50 < cuts


def test_sequence_numbers_wrap():
    store = bytearray(512)
    s = Saver(store)
    s.seq = 0xFFFE
    for i in range(5):
        s.save(encode(None, opponent=i))
        assert Saver(store).load()[0][2] == i


def test_slot_problems_are_reported():
    store = bytearray(512)
    s = Saver(store)
    a = encode(None, opponent=1)
    b = encode(None, opponent=2)
    s.save(a)
    s.save(b)
    store[256 + 8] ^= 1  # slot 2 (b) damaged
    blob, problem = Saver(store).load()
    assert blob == a and "slot 2" in problem and "checksum" in problem
    store[8] ^= 4
    blob, problem = Saver(store).load()
    assert blob is None and "slot 1" in problem
    store[0:6] = b"XYZXYZ"
    assert "not a save" in Saver(store).load()[1]
    assert Saver(bytearray(512)).load() == (None, None)


def test_a_save_found_alone_says_its_neighbour_lost():
    # Each save but the first leaves the one before in the other slot: one
    # found alone, numbered other than 1, had a neighbour, now erased.
    store = bytearray(b"\xff" * 512)
    s = Saver(store)
    s.save(encode(None, opponent=1))
    assert Saver(store).load() == (encode(None, opponent=1), None)  # the first save: alone as it should be
    for i in range(2, 6):
        s.save(encode(None, opponent=i))
        assert Saver(store).load() == (encode(None, opponent=i), None)
        erased = bytearray(store)
        newest = 256 * (1 - i % 2)  # save i is in slot 2 when i is even
        erased[256 - newest : 512 - newest] = b"\xff" * 256  # the one before, erased
        assert Saver(erased).load() == (encode(None, opponent=i), "a slot erased: a save lost")
        erased = bytearray(store)
        erased[newest : newest + 256] = b"\xff" * 256  # the newest erased: the one before, and said
        lost = "a slot erased: a save lost" if i > 2 else None  # (unless that one is the first)
        assert Saver(erased).load() == (encode(None, opponent=i - 1), lost)


def test_save_too_long_is_refused():
    s = Saver(bytearray(64))
    with pytest.raises(ValueError):
        s.save(bytes(40))


def _whole(seed, variant, rounds=3):
    for match, moves in play(seed, variant, rounds):
        pass
    return encode(match, moves)


@pytest.mark.parametrize("variant", [CLASSIC, EXPERT, TACTICS])
def test_fuzzed_saves_are_refused_or_consistent(variant):
    blob = _whole(20 + variant, variant)
    r = random.Random(variant)
    refused = 0
    tries = 0

    def attempt(data):
        nonlocal refused, tries
        tries += 1
        try:
            match, s = resume(bytes(data))
        except SaveError as e:
            assert str(e) and "\n" not in str(e)
            refused += 1
            return
        # Accepted: it must be a coherent match, every move legal (checked
        # during the replay); re-encoding gives the same blob back.
        assert encode(match, s.moves, s.opponent, s.lang, s.auto_claim, s.seat, tag=s.tag) == bytes(data)

    for _ in range(300):
        attempt(bytes(r.randrange(256) for _ in range(r.randrange(40))))
        attempt(bytes(blob[:16]) + bytes(r.randrange(256) for _ in range(r.randrange(60))))
    for n in range(len(blob)):
        attempt(blob[:n])
    for i in range(len(blob)):
        for bit in (0, 3, 7):
            data = bytearray(blob)
            data[i] ^= 1 << bit
            attempt(data)
    other = bytearray(blob)
    other[1] = VERSION + 1
    with pytest.raises(SaveError, match="format"):
        resume(bytes(other))
    assert refused > tries * 0.9


def test_bad_moves_name_the_move():
    match = Match(5, 1, CLASSIC)
    rng = Random(5)
    moves = []
    for _ in range(6):
        m = spell(match.game, random_move(match.game, rng))
        match.game.apply(m)
        moves.append(m)
    moves[3] = moves[0]  # a card already played
    with pytest.raises(SaveError, match="save move 4: card not in hand"):
        resume(encode(match, moves))
    with pytest.raises(ValueError):
        encode(match, [moves[0] | AUTO_CLAIM])
    # a scored count the moves disagree with
    blob = bytearray(encode(match, moves[:3]))
    blob[9] = 1  # rounds done
    with pytest.raises(SaveError, match="rounds scored"):
        resume(bytes(blob))


def test_saves_are_the_same_under_micropython():
    import os

    from conftest import ROOT, under_cpython, under_micropython

    script = os.path.join(ROOT, "tests", "mpy", "save_check.py")
    mpy = under_micropython(script)
    assert mpy == under_cpython(script)
    assert mpy.count("same True True True") == 3


def test_slots_in_two_storages_and_a_region_only_read():
    # A board's layout: slot 1 in nvm's first half; slot 2 in a file when
    # the drive is writable (else nvm's second half, read in both layouts).
    nvm = bytearray(512)
    plain = Saver(nvm)  # the drive read-only: both slots in nvm
    for i in range(3):
        plain.save(encode(None, opponent=i))
    assert plain.slot == 0 and bytes(nvm[256:258]) == b"Sv"  # two writes: each half used
    plain.save(encode(None, opponent=9))  # the newest now in nvm's second half
    f = bytearray(256)
    mixed = Saver(regions=((nvm, 0, 256), (f, 0, 256)), also=((nvm, 256, 256),))
    assert mixed.load()[0] == encode(None, opponent=9)
    mixed.save(encode(None, opponent=10))
    mixed.save(encode(None, opponent=11))
    assert bytes(f[:2]) == b"Sv" and mixed.writes == 2
    assert Saver(regions=((nvm, 0, 256), (f, 0, 256)), also=((nvm, 256, 256),)).load()[0] == encode(None, opponent=11)
    # Each write goes to the region not holding the newest: a cut in the
    # file's write leaves nvm's, and the other way round.
    for k in range(3):
        mixed.save(encode(None, opponent=20 + k))
        newest = mixed.slot
        store = (nvm, f)[newest]
        start = mixed.regions[newest][1]
        store[start + 7] ^= 0xFF  # the newest damaged
        back = Saver(regions=((nvm, 0, 256), (f, 0, 256)), also=((nvm, 256, 256),)).load()
        assert back[0] == encode(None, opponent=19 + k if k else 11)
        store[start + 7] ^= 0xFF
    # And the drive read-only again: nvm's slots, the newest save there.
    assert Saver(nvm).load()[0] in (encode(None, opponent=22), encode(None, opponent=21))


def test_an_old_save_in_a_region_only_read_never_passes_for_the_newest():
    # The file slot of an earlier layout keeps its save while nvm's slots go
    # on: 40,000 saves later its sequence number looks ahead again (16 bits);
    # only a region a little ahead of the slots counts.
    nvm = bytearray(512)
    f = bytearray(256)
    Saver(regions=((f, 0, 256), (bytearray(256), 0, 256))).save(encode(None, opponent=7))
    s = Saver(nvm)
    s.seq = (1 + 40000) & 0xFFFF
    s.save(encode(None, opponent=1))
    s.save(encode(None, opponent=2))
    both = Saver(regions=((nvm, 0, 256), (nvm, 256, 256)), also=((f, 0, 256),))
    assert both.load()[0] == encode(None, opponent=2)
    # A little ahead (saved last, in the other layout): it is the newest.
    s.seq = 0xFFFF
    s.save(encode(None, opponent=3))  # seq 0
    assert Saver(regions=((nvm, 0, 256), (nvm, 256, 256)), also=((f, 0, 256),)).load()[0] == encode(None, opponent=7)


def test_after_falling_back_to_an_older_save_the_next_write_spares_it():
    store = bytearray(512)
    s = Saver(store)
    s.save(encode(None, opponent=1))
    s.save(b"\x53\x02unusable")  # a good checksum, but no save of ours
    back = Saver(store)
    assert back.blobs[1] == encode(None, opponent=1)
    back.prefer(1)
    back.save(encode(None, opponent=2))
    again = Saver(store)
    assert again.blobs == [encode(None, opponent=2), encode(None, opponent=1)]


def test_a_torn_first_slot_after_a_change_of_layout_keeps_the_newest():
    # Writable layout (nvm's first half and a file), then nvm alone (the
    # file left behind), then writable again with its first save torn: the
    # newest good save (in nvm's second half) loads, not the file's old one.
    nvm = bytearray(b"\xff" * 1024)
    f = bytearray(b"\xff" * 512)

    def writable():
        return Saver(regions=((nvm, 0, 512), (f, 0, 512)), also=((nvm, 512, 512),))

    def nvm_only():
        return Saver(regions=((nvm, 0, 512), (nvm, 512, 512)), also=((f, 0, 512),))

    s = writable()
    for k in range(10):
        s.save(encode(None, opponent=k))
    s = nvm_only()
    for k in range(10, 50):
        s.save(encode(None, opponent=k))
    assert writable().load()[0] == nvm_only().load()[0] == encode(None, opponent=49)
    s = writable()
    before = bytes(nvm[:512])
    s.save(encode(None, opponent=50))
    nvm[10:512] = before[10:]  # the cut
    assert writable().load()[0] == nvm_only().load()[0] == encode(None, opponent=49)
