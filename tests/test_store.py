"""A board's storage (``hw.saves.store``): the second save slot in a file when the
drive is writable, layouts switched back and forth without losing more
than the newest save, cuts in the file's writes, and the board records of
finished matches (printed, kept, rotated, replayed on the desktop)."""

import os
import random
import subprocess
import sys
import types

import pytest

from conftest import ROOT, Console, under_cpython, under_micropython
from engine.game import CLASSIC, EXPERT, TACTICS
from desk.record import BOARD_COMMENT, RecordError, from_board, replay, summary
from engine.restore import resume
from engine.save import HEAD_BYTES, Saver, encode
from hw.saves import store
from hw.saves.records import BEGIN, END, board_record
from hw.saves.slots import drive_writable, open_saver
from hw.saves.store import FILE_SLOT, BoardRecords, FileArea
from test_record import whole_match


def blob(i):
    """A distinct small save for each i."""
    return encode(None, opponent=i % 256, lang=i // 256)


def slots(tmp_path, writable, nvm, said=None):
    return open_saver(nvm, writable, str(tmp_path / "saves"), (said if said is not None else []).append)


# -- FileArea and open_saver ------------------------------------------------

def test_the_file_slot_is_made_erased_and_reads_like_a_bytearray(tmp_path):
    path = tmp_path / "saves" / "slot2.bin"
    area = FileArea(str(path), 64)
    assert path.read_bytes() == b"\xff" * 64 and len(area) == 64
    area[3:6] = b"abc"
    assert path.read_bytes()[:8] == b"\xff\xff\xffabc\xff\xff"
    assert (area[4], area[-1], area[3:5], area[-61:-59], area[60:99], area[:2]) == (
        ord("b"), 255, b"ab", b"ab", b"\xff" * 4, b"\xff\xff")
    with pytest.raises(IndexError):
        area[64]
    with pytest.raises(ValueError):
        area[0:2] = b"abc"  # a slot never changes size
    # A file cut short while it was made is padded, what it held kept.
    path.write_bytes(b"\x01\x02")
    FileArea(str(path), 64)
    assert path.read_bytes() == b"\x01\x02" + b"\xff" * 62


def test_the_saver_of_each_layout(tmp_path):
    nvm = bytearray(b"\xff" * 8192)
    plain = slots(tmp_path, False, nvm)
    assert [(r[1], r[2]) for r in plain.regions] == [(0, 4096), (4096, 4096)]
    assert not (tmp_path / "saves").exists()
    mixed = slots(tmp_path, True, nvm)
    assert (tmp_path / "saves" / "slot2.bin").read_bytes() == b"\xff" * FILE_SLOT
    (a, a0, an), (f, f0, fn), (b, b0, bn) = mixed.regions
    assert (a, a0, an) == (nvm, 0, 4096) and isinstance(f, FileArea) and (f0, fn) == (0, FILE_SLOT)
    assert (b, b0, bn) == (nvm, 4096, 4096)
    assert mixed.load() == (None, None) and mixed.capacity() == 4086


def test_saves_alternate_between_nvm_and_the_file(tmp_path):
    nvm = bytearray(b"\xff" * 8192)
    saver = slots(tmp_path, True, nvm)
    path = tmp_path / "saves" / "slot2.bin"
    for i in range(6):
        before_nvm = bytes(nvm)
        before_file = path.read_bytes()
        saver.save(blob(i))
        if i % 2 == 0:  # nvm's first half, the file untouched
            assert nvm[:2] == b"Sv" and path.read_bytes() == before_file
            assert nvm[4096:] == before_nvm[4096:]
        else:  # the file, nvm untouched
            assert path.read_bytes()[:2] == b"Sv" and bytes(nvm) == before_nvm
        assert nvm[4096:] == b"\xff" * 4096  # nvm's second half is only read
        again = slots(tmp_path, True, nvm)
        assert again.load() == (blob(i), None)
        assert again.blobs[1:] == ([blob(i - 1)] if i else [])


@pytest.mark.parametrize("seed", range(12))
def test_switching_layouts_loads_the_newest_save_or_the_one_before(seed):
    import tempfile

    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = tmp + "/saves"
        nvm = bytearray(b"\xff" * 8192)
        written = []
        writable = rnd.randrange(2)
        for step in range(40):
            if rnd.randrange(3) == 0:
                writable = not writable
            saver = open_saver(nvm, writable, folder, [].append)
            got, problem = saver.load()
            assert problem is None
            if written:
                assert got in written[-2:], (step, writable)
                # In the layout of the last save, always the newest.
                assert got == written[-1] or writable != saved_in
            for _ in range(rnd.randrange(4)):
                # What the app does: go on from what it loaded.
                if got is not None and got != written[-1]:
                    written.append(got)  # the newest it knows again
                written.append(blob(len(written)))
                saver.save(written[-1])
                assert open_saver(nvm, writable, folder, [].append).load()[0] == written[-1]
                got = written[-1]
                saved_in = writable


def test_a_save_made_after_a_switch_is_the_newest_in_either_layout(tmp_path):
    # Writable: the newest save in the file.  Read-only: the file is still
    # read, so that save loads, and the next save (in nvm) follows its
    # sequence number; writable again, that one must win, not the file's.
    nvm = bytearray(b"\xff" * 8192)
    mixed = slots(tmp_path, True, nvm)
    for i in range(4):
        mixed.save(blob(i))
    plain = slots(tmp_path, False, nvm)
    assert plain.load()[0] == blob(3)
    plain.save(blob(10))
    assert slots(tmp_path, True, nvm).load()[0] == blob(10)
    assert slots(tmp_path, False, nvm).load()[0] == blob(10)
    back = slots(tmp_path, True, nvm)
    back.save(blob(11))
    back.save(blob(12))
    for writable in (True, False):
        assert slots(tmp_path, writable, nvm).load()[0] in (blob(12), blob(11))


@pytest.mark.parametrize("writable", [True, False])
@pytest.mark.parametrize("keep", [0, 2, 10])
def test_a_file_slot_cut_short_says_its_save_lost(tmp_path, writable, keep):
    # The newest save sits in the file; the file is cut to ``keep`` bytes
    # (a board reads it only when whole, a writable one pads it): the one
    # before, in nvm, is loaded, and the loss is said either way.
    nvm = bytearray(b"\xff" * 8192)
    saver = slots(tmp_path, True, nvm)
    for i in range(4):
        saver.save(blob(i))
    path = tmp_path / "saves" / "slot2.bin"
    path.write_bytes(path.read_bytes()[:keep])
    got, problem = slots(tmp_path, writable, nvm).load()
    assert got == blob(2) and problem


class Cut(Exception):
    pass


class ShortFile:
    """A file whose ``write`` puts down the first ``budget`` bytes (or
    characters) it is given (then, with ``garble``, random bytes for the
    rest, as a flash page half programmed) and raises ``error()``: a cut
    in the power, by default."""

    def __init__(self, f, budget, garble=False, error=Cut):
        self.f = f
        self.budget = budget
        self.garble = garble
        self.error = error

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()

    def seek(self, n):
        self.f.seek(n)

    def write(self, data):
        k = self.budget
        self.f.write(data[:k])
        if self.garble:
            self.f.write(bytes(random.Random(k).randrange(256) for _ in range(len(data) - k)))
        raise self.error()


@pytest.mark.parametrize("garble", [False, True])
def test_a_cut_in_the_files_write_leaves_the_nvm_slot(tmp_path, monkeypatch, garble):
    nvm = bytearray(b"\xff" * 8192)
    saver = slots(tmp_path, True, nvm)
    from test_save import play

    saves = [encode(match, moves) for match, moves in play(3, TACTICS, 1)][-40:]
    saver.save(saves[0])  # nvm
    saver.save(saves[1])  # the file
    older = saves[2]
    saver.save(older)  # nvm: the newest
    new = saves[3]
    frame = len(new) + 10
    path = tmp_path / "saves" / "slot2.bin"
    clean = path.read_bytes()
    real_open = open
    for k in range(frame):
        path.write_bytes(clean)
        nvm_before = bytes(nvm)
        monkeypatch.setattr(store, "open", lambda p, mode, _k=k: ShortFile(real_open(p, mode), _k, garble)
                            if "+" in mode else real_open(p, mode), raising=False)
        with pytest.raises(Cut):
            slots(tmp_path, True, nvm).save(new)
        monkeypatch.delattr(store, "open")
        assert bytes(nvm) == nvm_before
        got, problem = slots(tmp_path, True, nvm).load()
        assert got == older  # the save before, in nvm
        resume(got)
        # and the next save goes to the file again, whole
        again = slots(tmp_path, True, nvm)
        again.save(new)
        assert slots(tmp_path, True, nvm).load() == (new, None)
        nvm[:] = nvm_before


def test_a_cut_in_nvms_write_leaves_the_file_slot(tmp_path):
    from test_save import Cut, CutStorage

    nvm = CutStorage(b"\xff" * 8192)
    saver = slots(tmp_path, True, nvm)
    saver.save(blob(1))  # nvm
    saver.save(blob(2))  # file
    for k in (0, 5, 8, 13):
        nvm.budget = k
        with pytest.raises(Cut):
            slots(tmp_path, True, nvm).save(blob(3))
        assert slots(tmp_path, True, nvm).load()[0] == blob(2)


def test_a_file_slot_that_cannot_be_made_leaves_both_slots_in_nvm(tmp_path):
    (tmp_path / "saves").write_text("a file where the folder should be")
    nvm = bytearray(b"\xff" * 8192)
    said = []
    saver = slots(tmp_path, True, nvm, said)
    assert len(saver.regions) == 2 and all(r[0] is nvm for r in saver.regions)
    assert len(said) == 1 and said[0].startswith("saves: no slot on the drive")
    saver.save(blob(1))
    saver.save(blob(2))
    assert Saver(nvm).load() == (blob(2), None)
    assert Saver(nvm).blobs == [blob(2), blob(1)]


def test_drive_writable(monkeypatch):
    assert drive_writable() is False  # no storage module here

    def mount(readonly):
        if readonly is None:
            raise OSError(19)
        return types.SimpleNamespace(readonly=readonly)

    for readonly, want in ((False, True), (True, False), (None, False)):
        fake = types.SimpleNamespace(getmount=lambda path, r=readonly: mount(r))
        monkeypatch.setitem(sys.modules, "storage", fake)
        assert drive_writable() is want


# -- board records ------------------------------------------------------------

class Finished:
    """What BoardRecords asks of the app."""

    hints = [0, 0]  # (asked for in the match)

    def __init__(self, blob, other="Clansman"):
        self.blob = blob
        self.other = other

    def record_blob(self):
        return self.blob

    def player_names(self, name):
        return [name, self.other]


def finished(seed=4, variant=CLASSIC, rounds=3, who=("easy", "medium")):
    match, moves, final = whole_match(seed, variant, rounds, who)
    return match, moves, encode(match, moves, opponent=1, lang=1, auto_claim=True)


def printed_records(lines):
    out = []
    block = None
    for line in lines:
        if line == BEGIN:
            block = []
        elif line == END:
            out.append("".join(block))
            block = None
        elif block is not None:
            block.append(line + "\n")
    return out


@pytest.mark.parametrize("seed,variant,rounds,who", [(4, CLASSIC, 3, ("easy", "medium")),
                                                     (5, EXPERT, 1, ("random", "random")),
                                                     (6, TACTICS, 3, ("medium", "easy"))])
def test_board_records_round_trip(tmp_path, seed, variant, rounds, who):
    match, moves, data = finished(seed, variant, rounds, who)
    lines = Console()
    records = BoardRecords('Ann "the" \\ \u00e9', True, str(tmp_path / "records"), out=lines)
    records.note(Finished(data))
    assert records.last == str(tmp_path / "records" / "rec-0001.txt")
    assert "hw.saves.records" not in sys.modules  # its code back to the heap once written
    with open(records.last, encoding="utf-8") as f:
        text = f.read()
    assert printed_records(lines) == [text]
    assert text.startswith("# ") and len(text.splitlines()) == 2
    # the long line printed a piece at a time (a board's heap is fullest then)
    assert len(text.splitlines()[1]) > 200 and lines.longest < 100
    r = replay(text)
    assert r.moves == moves
    assert r.match.scores == match.scores and r.match.results == match.results
    assert r.players == ['Ann "the" \\ \u00e9', "Clansman"]
    assert r.header["settings"] == {"opponent": "medium", "lang": "fr", "auto_claim": True, "seat": 0}
    assert summary(r)[-1].startswith('match: Ann "the" \\ \u00e9 %d, Clansman %d' % tuple(match.scores))
    assert replay(from_board(text)).moves == moves


def test_sizes_of_board_records():
    sizes = {}
    for variant in (CLASSIC, TACTICS):
        match, moves, data = finished(11, variant, 3, ("medium", "medium"))
        sizes[variant] = (len(moves), len(data), len(board_record(data, ["Player 1", "Clansman"])))
        assert sizes[variant][2] < 2 * len(data) + 200
    print("moves, blob bytes, board record bytes for 3 rounds:", sizes)


def test_the_newest_records_are_kept(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    (folder / "rec-0040.txt").write_text("an old one")  # numbering goes on after the highest
    _, _, data = finished(1, CLASSIC, 1, ("random", "random"))
    records = BoardRecords("Ann", True, str(folder), keep=5, out=Console())
    for i in range(8):
        records.note(Finished(data, "Bot %d" % i))
        assert records.last == str(folder / ("rec-%04d.txt" % (41 + i)))
    assert sorted(os.listdir(folder)) == ["notes.txt"] + ["rec-%04d.txt" % n for n in range(44, 49)]
    assert replay((folder / "rec-0048.txt").read_text()).players == ["Ann", "Bot 7"]


def test_a_read_only_drive_only_prints(tmp_path):
    _, _, data = finished(1, CLASSIC, 1, ("random", "random"))
    lines = Console()
    records = BoardRecords("Ann", False, str(tmp_path / "records"), out=lines)
    records.note(Finished(data))
    assert records.last is None and not (tmp_path / "records").exists()
    assert lines[0] == BEGIN and lines[-1] == END and len(lines) == 4
    assert replay(printed_records(lines)[0]).players == ["Ann", "Clansman"]


def test_drive_problems_are_printed_not_raised(tmp_path, monkeypatch):
    _, _, data = finished(1, CLASSIC, 1, ("random", "random"))
    (tmp_path / "records").write_text("a file where the folder should be")
    lines = Console()
    records = BoardRecords("Ann", True, str(tmp_path / "records"), out=lines)
    records.note(Finished(data))
    assert records.last is None and lines[-1].startswith("record: not kept on the drive")
    assert printed_records(lines)  # the console has it all the same
    # A drive full in the middle of the write: no half record left.
    folder = tmp_path / "full"
    real_open = open

    def full():
        return OSError(28, "No space left on device")

    # (hw.saves.records is loaded for each note and dropped after: its open is
    # the builtin one, replaced here for the note only.)
    monkeypatch.setattr("builtins.open", lambda p, mode="r": ShortFile(real_open(p, mode), 10, error=full))
    lines = Console()
    records = BoardRecords("Ann", True, str(folder), out=lines)
    records.note(Finished(data))
    monkeypatch.undo()
    assert records.last is None and os.listdir(folder) == []
    assert "No space left" in lines[-1]


def test_a_match_without_a_record_is_told(tmp_path):
    class Broken(Finished):
        def record_blob(self):
            raise ValueError("seed out of range for a save")

    lines = Console()
    BoardRecords("Ann", True, str(tmp_path), out=lines).note(Broken(b""))
    assert lines == ["record: none for this match (seed out of range for a save)"]


def test_bad_board_records_name_what_is_wrong():
    match, moves, data = finished(2, CLASSIC, 1, ("random", "random"))
    good = board_record(data, ["Ann", "Bob"])
    comment, line = good.splitlines()
    hexed = data.hex()

    def refused(text):
        with pytest.raises(RecordError) as e:
            replay(text)
        msg = str(e.value)
        assert msg.startswith("board record") and "\n" not in msg
        return msg

    assert "not hex" in refused(good.replace(hexed, hexed[:20] + "zz" + hexed[22:]))
    assert "odd number of hex digits" in refused(good.replace(hexed, hexed[:-1]))
    assert "save truncated at move" in refused(good.replace(hexed, hexed[:-4]))
    assert "only its comment" in refused(comment + "\n")
    for n in range(len(comment) + 3, len(good) - 2, 11):  # the file cut anywhere in its line
        refused(good[:n])
    # An edited move: the first move played again as the fourth.
    starts = [HEAD_BYTES]
    while len(starts) < 5:
        k = starts[-1]
        while data[k] & 128:
            k += 1
        starts.append(k + 1)
    edited = data[:starts[3]] + data[starts[0]:starts[1]] + data[starts[4]:]
    assert "save move 4: card not in hand" in refused(good.replace(hexed, edited.hex()))
    assert "version 2" in refused(good.replace('"board-record": 1', '"board-record": 2'))
    assert "players" in refused(good.replace('["Ann", "Bob"]', '["Ann"]'))
    assert "no save" in refused(good.replace(', "save": "%s"' % hexed, ""))
    assert "hex digits in a string" in refused(good.replace('"%s"' % hexed, "1"))
    assert "unknown key" in refused(good.replace('"save"', '"saved"'))
    assert "more after the record line" in refused(good + line + "\n")
    assert "not a save" in refused(good.replace(hexed, "00" + hexed[2:]))


def test_the_board_records_comment():
    assert BOARD_COMMENT in board_record(b"", ["a", "b"]).splitlines()[0]


# -- tools/records.py -------------------------------------------------------

def test_records_are_cut_out_of_a_console_capture(tmp_path):
    texts = []
    capture = ["Auto-reload is off.\r\n", "code.py output:\r\n"]
    for i, (variant, seed) in enumerate(((CLASSIC, 1), (TACTICS, 2))):
        match, moves, data = finished(seed, variant, 1, ("random", "random"))
        lines = Console()
        BoardRecords("Ann", False, out=lines).note(Finished(data, "Bot %d" % i))
        texts.append(printed_records(lines)[0])
        capture += ["[12:00:0%d] %s\r\n" % (i, line) for line in lines]
        capture.append("some other output\r\n")
    capture += [BEGIN + "\r\n", texts[0].splitlines()[0] + "\r\n"]  # the capture stopped mid-record
    cap = tmp_path / "console.txt"
    cap.write_text("".join(capture))
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "records.py"), str(cap), "-o", str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 1 and "ends inside a record" in run.stderr
    assert sorted(os.listdir(out)) == ["rec-0001.txt", "rec-0002.txt"]
    assert [(out / n).read_text() for n in sorted(os.listdir(out))] == texts
    # Again, from stdin, as text records: numbered after those there.
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "records.py"), "-o", str(out), "--text"],
                         input="".join(capture[:-2]), capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(out / "rec-0003.txt"), str(out / "rec-0004.txt")]
    assert (out / "rec-0003.txt").read_text() == from_board(texts[0])
    assert replay((out / "rec-0004.txt").read_text()).players == ["Ann", "Bot 1"]


def test_a_bad_record_in_a_capture_is_kept_and_told(tmp_path):
    _, _, data = finished(1, CLASSIC, 1, ("random", "random"))
    text = board_record(data, ["Ann", "Bob"]).replace("5303", "5302", 1)  # format 2: the first generator's
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "records.py"), "-o", str(out), "--text"],
                         input=BEGIN + "\n" + text + END + "\n", capture_output=True, text=True)
    assert run.returncode == 1 and "save format 2, this program reads 3" in run.stderr
    assert (out / "rec-0001.txt").read_text() == text
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "records.py"), "-o", str(out)],
                         input="nothing here\n", capture_output=True, text=True)
    assert run.returncode == 1 and "no record" in run.stderr


def test_a_capture_with_a_deeply_nested_record_goes_on_to_the_next(tmp_path):
    # The second record's line nested past any parser: said, kept as it
    # came; the good third one written all the same.
    _, _, data = finished(2, CLASSIC, 1, ("random", "random"))
    good = board_record(data, ["Ann", "Bob"])
    deep = "# Schotten Totten, a match recorded on a board\n" + "[" * 100000 + "\n"
    capture = "".join(BEGIN + "\n" + t + END + "\n" for t in (good, deep, good))
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "records.py"), "-o", str(out), "--text"],
                         input=capture, capture_output=True, text=True)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert "rec-0002.txt" in run.stderr and len(run.stderr.splitlines()) == 1
    assert (out / "rec-0003.txt").read_text() == from_board(good)
    missing = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "records.py"), str(tmp_path / "none.txt")],
                             capture_output=True, text=True)
    assert missing.returncode == 2 and missing.stderr.startswith("records: ") and "Traceback" not in missing.stderr


# -- under MicroPython --------------------------------------------------------

def test_the_store_behaves_the_same_under_micropython(tmp_path):
    script = os.path.join(ROOT, "tests", "mpy", "store_check.py")
    # (The folder under MicroPython is in the harness's own file system.)
    mpy = under_micropython(script, "/tmp/store_check", packages=("engine", "desk", "hw"))
    assert mpy == under_cpython(script, str(tmp_path / "store_check"))
    assert "loaded True True" in mpy and "records /records/rec-0008.txt" in mpy
