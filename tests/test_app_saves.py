"""Saves through the app: every move saved, resumed at power-up, cut power,
damaged or foreign saves, the menu's choices kept.

One file, though long: each test plays, cuts and resumes through the
same fake drive and the same app, and reads best beside the others.
"""

import random

import sys

import pytest

from hw.lang.menu import words

from conftest import run_apps
from engine.game import CLASSIC, EXPERT, TACTICS
from engine.save import Saver, encode
from hw import buttons
from hw.app import App
from hw.saves import keep
from hw.saves.keep import SETTLE_MS
from hw.screens import MATCH_END, MENU, MENU_ROWS, NOTICE, RESUME, ROUND_END, TURN
from sim.autoplay import AutoPlayer

NVM = 8192


class LoggedStorage:
    """A bytearray (a board's nvm) that keeps every slice assignment made
    to it, with what it held before."""

    def __init__(self, data=None):
        self.data = bytearray(b"\xff" * NVM) if data is None else bytearray(data)
        self.log = []  # (contents before, start, bytes written)
        self.stats = []  # the app's statistics in each write (play_logged)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        self.log.append((bytes(self.data), key.start, bytes(value)))
        self.data[key] = value


def boot(data, **kw):
    """A board switched on with ``data`` in its nvm."""
    kw.setdefault("seed", 99)
    return App(saver=Saver(LoggedStorage(data)), **kw)


def play_logged(opponent, variant, rounds, seed, stop_after=None):
    """Play a match through the buttons on an app with a logged save area.
    Returns (app, storage, states): ``states[i]`` is the match's move list
    (None: no match) when write ``i`` was made (``storage.stats[i]``: the
    statistics it held)."""
    store = LoggedStorage()
    app = App(seed=seed, opponent=opponent, variant=variant, rounds=rounds, saver=Saver(store))
    player = AutoPlayer("medium", seed)
    states = []
    now = 0
    for _ in range(40000):
        if app.mode == MATCH_END or (stop_after is not None and len(states) > stop_after):
            break
        b = player.next_button(app)
        writes = len(store.log)
        if b is None:
            now += 50
            app.tick(now)
        else:
            app.press(b)
            app.tick(now)
        assert len(store.log) <= writes + 1, "one write a step at most"
        if len(store.log) > writes:
            live = app.match if app.match is not None and not app.match.over() else None
            states.append(None if live is None else list(live.moves()))
            store.stats.append(bytes(app.stats))
    else:
        raise AssertionError("the match did not end")
    return app, store, states


def offered(app):
    """The moves of the match the app offers to resume (after any notice),
    or None."""
    if app.mode == NOTICE:
        app.press(buttons.A)
    if app.mode == RESUME:
        return list(app.offer.moves())
    assert app.mode == MENU
    return None


@pytest.mark.parametrize("opponent,variant,rounds", [("easy", CLASSIC, 2), ("pass", EXPERT, 1),
                                                     ("medium", TACTICS, 1)])
def test_every_move_is_saved_once_and_resumes_there(opponent, variant, rounds):
    app, store, states = play_logged(opponent, variant, rounds, seed=5)
    moves = app.match.moves()
    # One write when the match starts, one a move; the last move ends the
    # match and its write keeps the settings alone (nothing to resume).
    assert len(store.log) == len(moves) + 1
    assert states[0] == [] and states[-1] is None
    assert [len(s) for s in states[1:-1]] == list(range(1, len(moves)))
    for i, (before, start, frame) in enumerate(store.log):
        after = bytearray(before)
        after[start : start + len(frame)] = frame
        back = boot(after, opponent="pass")
        assert offered(back) == states[i]
        if states[i] is not None:
            assert back.opponent == opponent and back.variant == variant


def _cut_cases(store, states, every=1):
    for i, (before, start, frame) in enumerate(store.log):
        for k in range(0, len(frame) + 1, every):
            yield i, before, start, frame, k


@pytest.mark.parametrize("variant,erase", [(CLASSIC, False), (CLASSIC, True), (TACTICS, False)])
def test_power_cut_at_every_byte_of_every_save_through_the_app(variant, erase):
    app, store, states = play_logged("easy", variant, 1, seed=8 + variant)
    cuts = 0
    for i, before, start, frame, k in _cut_cases(store, states):
        data = bytearray(before)
        data[start : start + k] = frame[:k]
        if erase:  # the rest of the slot reads erased
            data[start + k : start + len(frame)] = b"\xff" * (len(frame) - k)
        back = boot(data, opponent="pass")
        got = offered(back)
        if data[start : start + len(frame)] == frame:  # whole (the bytes not written already held them)
            assert got == states[i] and back.stats == store.stats[i]
        else:  # the save before this one, never anything else; the statistics with it
            assert got == (states[i - 1] if i else None)
            assert back.stats == (store.stats[i - 1] if i else bytes(len(back.stats)))
        cuts += 1
    # The last write counted the match: a cut in it leaves the statistics
    # before it, with the match one move short on offer (counted once it ends).
    assert store.stats[-1] != store.stats[-2]
    assert cuts > 1000


def test_a_resumed_match_plays_on_to_the_end():
    app, store, states = play_logged("hard", TACTICS, 2, seed=3, stop_after=40)
    back = boot(store.data)
    assert back.mode == RESUME and back.opponent == "hard" and back.variant == TACTICS and back.rounds == 2
    assert list(back.offer.moves()) == states[-1]
    AutoPlayer("easy", 1).play(back, lambda a: a.mode == MATCH_END, limit=40000)
    assert len(back.match.results) == 2
    assert back.match.moves()[: len(states[-1])] == states[-1]  # the same match, played on


def test_new_game_drops_the_saved_match_and_keeps_the_settings():
    app, store, states = play_logged("medium", EXPERT, 3, seed=4, stop_after=6)
    back = boot(store.data)
    assert back.mode == RESUME
    back.press(buttons.DOWN)
    back.press(buttons.A)
    assert back.mode == MENU and back.offer is None
    assert "hw.screens.resume" not in sys.modules  # the power-up's code goes once the choice is made
    again = boot(back.keeper.saver.regions[0][0].data)
    assert again.mode == MENU and (again.opponent, again.variant, again.rounds) == ("medium", EXPERT, 3)
    assert "hw.screens.resume" not in sys.modules and "engine.restore" not in sys.modules  # nothing offered


def test_menu_choices_persist_once_settled_and_changed_defaults_win():
    store = LoggedStorage()
    app = App(seed=1, saver=Saver(store))
    assert app.mode == MENU and not store.log  # nothing written at power-up
    for b in (buttons.DOWN, buttons.DOWN, buttons.RIGHT, buttons.RIGHT, buttons.DOWN, buttons.RIGHT, buttons.RIGHT, buttons.DOWN,
              buttons.RIGHT, buttons.DOWN, buttons.RIGHT, buttons.DOWN, buttons.RIGHT):
        app.press(b)
        app.tick(10)
    assert not store.log  # not while the choices are being made
    app.tick(10 + SETTLE_MS)
    assert len(store.log) == 1
    app.tick(20 + 2 * SETTLE_MS)
    assert len(store.log) == 1  # once
    chosen = (app.opponent, app.variant, app.rounds, app.lang, app.auto_claim)
    assert chosen == ("pass", TACTICS, 3, "fr", True)
    back = App(seed=2, saver=Saver(LoggedStorage(store.data)))
    assert (back.opponent, back.variant, back.rounds, back.lang, back.auto_claim) == chosen
    # settings.toml changed since: its values win.
    other = App(seed=2, opponent="hard", saver=Saver(LoggedStorage(store.data)))
    assert (other.opponent, other.variant, other.rounds, other.lang) == ("hard", CLASSIC, 1, "en")


def test_a_foreign_or_damaged_save_is_reported_and_never_loaded():
    rng = random.Random(7)
    assert boot(bytes(rng.randrange(256) for _ in range(NVM))).mode == NOTICE
    # A save of another program (or an old format) in a valid slot.
    store = bytearray(b"\xff" * NVM)
    Saver(store).save(b"\x53\x01" + bytes(12))
    app = boot(store)
    assert app.mode == NOTICE and "format" in " ".join(app.lines)
    app.press(buttons.A)
    assert app.mode == MENU and app.match is None
    # Its settings are not used either.
    Saver(store).save(encode(None, opponent=2, lang=1)[:7])
    app = boot(store)
    assert app.mode == NOTICE and app.lang == "en"


def test_fuzzed_save_areas_never_crash_the_app_nor_half_load():
    app, store, states = play_logged("easy", TACTICS, 1, seed=12, stop_after=25)
    good = bytes(store.data)
    rng = random.Random(3)
    outcomes = {}
    known = [s for s in states if s is not None]
    for trial in range(400):
        data = bytearray(good)
        for _ in range(rng.randrange(1, 6)):
            i = rng.randrange(NVM // 2 + 200) if rng.random() < 0.9 else rng.randrange(NVM)
            data[i] = rng.randrange(256)
        back = boot(data)
        got = offered(back)
        # Whatever is offered is a whole match that was saved, never a
        # half-read one; a damaged slot is said.
        assert got is None or got in known
        outcomes[back.mode] = outcomes.get(back.mode, 0) + 1
    assert outcomes.get(RESUME, 0) > 50


def _after_write(store, i):
    # The save area just after write ``i`` of a logged play.
    before, start, frame = store.log[i]
    data = bytearray(before)
    data[start : start + len(frame)] = frame
    return data


def _said_then_offered(app):
    # The notice said at power-up (its lines joined), and what is offered after it.
    assert app.mode == NOTICE and app.lines[0] == words(app.lang)["save_problem"]
    said = " ".join(app.lines)
    return said, offered(app)


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_a_newer_save_lost_from_an_erased_slot_is_said(lang):
    # The newest save sits in the second slot (even writes: the first slot)
    # and that slot reads erased (cut off, or its write cut between the
    # erase and the first byte): the save before it is offered, and said,
    # under the heading the other damaged saves have, in every language.
    app, store, states = play_logged("easy", CLASSIC, 1, seed=5, stop_after=8)
    for i in (3, 5, 7):  # writes 4, 6 and 8: the second slot
        data = _after_write(store, i)
        assert boot(data, opponent="pass").keeper.saver.load() == (Saver(data).blobs[0], None)  # whole: nothing to say
        data[NVM // 2 :] = b"\xff" * (NVM // 2)
        back = boot(data, opponent="pass", lang=lang)
        said, got = _said_then_offered(back)
        assert "save lost" in said and got == states[i - 1]
    # The first save of all has no neighbour: found alone, it says nothing.
    data = _after_write(store, 1)
    data[NVM // 2 :] = b"\xff" * (NVM // 2)
    assert offered(boot(data, opponent="pass")) == states[0] and Saver(data).load()[1] is None


def test_a_newer_save_with_a_bad_checksum_is_said_and_the_one_before_offered():
    app, store, states = play_logged("easy", TACTICS, 1, seed=6, stop_after=6)
    data = _after_write(store, 5)  # the newest in the second slot, the one before in the first
    data[NVM // 2 + 20] ^= 0x10
    said, got = _said_then_offered(boot(data, opponent="pass"))
    assert "slot 2: bad checksum" in said and got == states[4]


@pytest.mark.parametrize("size", [0, 100, 4096, 4110, 6000])
@pytest.mark.parametrize("write", [1, 5])
def test_the_sims_save_file_cut_short_is_said(tmp_path, size, write):
    # sim.nvm (the sim's stand-in for nvm, sim.desk.DeskNVM) cut to
    # ``size`` bytes: past its end it reads erased, and the cut is said
    # with whatever the slots say; the newest save left whole is offered.
    pytest.importorskip("blinka_displayio_pygamedisplay")
    from sim.desk import DeskNVM

    app, store, states = play_logged("easy", CLASSIC, 1, seed=5, stop_after=6)
    path = tmp_path / "sim.nvm"
    path.write_bytes(bytes(_after_write(store, write))[:size])
    back = App(seed=1, opponent="pass", saver=Saver(DeskNVM(str(path))))
    said, got = _said_then_offered(back)
    assert "save area cut short: %d of %d bytes" % (size, NVM) in said
    whole = size >= NVM // 2 + len(store.log[write][2])  # the newest save, in the second slot, still whole
    before = size >= len(store.log[write - 1][2])  # the save before it, in the first slot, whole
    assert got == (states[write] if whole else states[write - 1] if before else None)
    # Whole again once a save is written: nothing more to say.
    path.write_bytes(bytes(_after_write(store, write)))
    assert Saver(DeskNVM(str(path))).load()[1] is None


@pytest.mark.parametrize("error", [OSError(5, "flash worn out"), RuntimeError("Unable to write to nvm. (worn)")])
def test_a_save_that_cannot_be_written_is_said_once_and_play_goes_on(error):
    class Worn(LoggedStorage):
        def __setitem__(self, key, value):
            raise error  # (CircuitPython's nvm raises RuntimeError)

    app = App(seed=3, opponent="easy", saver=Saver(Worn()))
    AutoPlayer("medium", 1).play(app, lambda a: a.mode == MATCH_END)
    assert "worn" in app.keeper.error.lower() and app.keeper.count == 0


def test_no_saver_no_saves():
    app = App(seed=3, opponent="easy")
    app.press(buttons.START)
    app.tick(5000)
    assert app.mode in (TURN, 3) and app.keeper.count == 0


# -- linked matches ---------------------------------------------------------

def _linked(seed, variant, stores, rounds=2):
    from test_app import Pipe

    ends = Pipe(), Pipe()
    ends[0].peer, ends[1].peer = ends[1], ends[0]
    rnd = random.Random(seed)
    return [App(seed=seed + i, opponent="link", rounds=rounds, variant=variant, link_port=lambda e=ends[i]: e,
                random_bytes=lambda n: bytes(rnd.randrange(256) for _ in range(n)),
                saver=Saver(stores[i])) for i in range(2)]


def _started(seed, variant, moves, rounds=2):
    """Two linked apps with save areas, started and played by bots until
    ``moves`` moves: (apps, stores, players, now)."""
    stores = [LoggedStorage(), LoggedStorage()]
    apps = _linked(seed, variant, stores, rounds)
    for app in apps:
        app.press(buttons.START)
    players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
    now = run_apps(apps, players, 0, lambda: apps[0].match is not None and len(apps[0].match.moves()) >= moves)
    return apps, stores, players, now


@pytest.mark.parametrize("variant,stop", [(CLASSIC, 30), (TACTICS, 45)])
def test_a_linked_match_resumes_when_both_boards_were_switched_off(variant, stop):
    apps, stores, players, now = _started(21, variant, stop)
    seats = [app.link.session.seat for app in apps]
    # Power cut on both: new apps on the same save areas.
    back = _linked(77, variant, [LoggedStorage(s.data) for s in stores])
    for app, seat in zip(back, seats):
        assert app.mode == RESUME and app.opponent == "link" and app.offer_seat == seat
        app.press(buttons.A)
    now = run_apps(back, players, now, lambda: all(app.mode == MATCH_END for app in back))
    a, b = back
    assert a.match.results == b.match.results and a.match.scores == b.match.scores
    assert a.match.moves() == b.match.moves() and len(a.match.moves()) > stop
    assert [app.me() for app in back] == seats  # each board kept its seat


def test_one_board_switched_off_the_other_gives_up_waiting_then_both_resume():
    apps, stores, players, now = _started(31, CLASSIC, 12, rounds=1)
    # Board 1 goes dark; board 0 plays on until it waits, sees the link
    # lost, and gives up: the match stays on offer there.
    dark = apps[1]
    apps[1] = None
    now = run_apps(apps, players, now, lambda: apps[0].link_lost())
    apps[0].press(buttons.B)
    assert apps[0].mode == RESUME and apps[0].offer is not None
    # Board 1 is switched on again: its save offers the match too.
    back = _linked(88, CLASSIC, [LoggedStorage(), LoggedStorage(stores[1].data)], rounds=1)[1]
    back.link_port = dark.link_port
    assert back.mode == RESUME
    apps[1] = back
    apps[0].press(buttons.A)
    for _ in range(50):  # waiting for the other board, the save stays
        now += 10
        apps[0].tick(now)
    assert apps[0].mode == 9 and boot(apps[0].keeper.saver.regions[0][0].data).mode == RESUME
    apps[1].press(buttons.A)
    assert apps[1].mode == 9  # LINKING
    now = run_apps(apps, players, now, lambda: all(app.mode == MATCH_END for app in apps))
    assert apps[0].match.results == apps[1].match.results and apps[0].match.moves() == apps[1].match.moves()


def test_saves_that_do_not_match_are_refused_and_stay_on_offer():
    apps, stores, players, now = _started(41, CLASSIC, 10, rounds=1)
    # Board 1's save is from another linked match.
    others = _started(42, CLASSIC, 10, rounds=1)[1]
    back = _linked(99, CLASSIC, [LoggedStorage(stores[0].data), LoggedStorage(others[1].data)], rounds=1)
    for app in back:
        app.press(buttons.A)
    run_apps(back, [None, None], 0, lambda: all(app.mode in (NOTICE, RESUME) for app in back), limit=20000)
    failed = [app for app in back if app.mode == NOTICE]
    assert failed and all("saved another game" in app.lines[1] for app in failed)
    for app in failed:
        app.press(buttons.A)
        assert app.mode == RESUME and app.offer is not None  # still saved, still on offer


def test_after_a_resumed_linked_match_the_menu_choices_are_saved_again():
    apps, stores, players, now = _started(51, CLASSIC, 8, rounds=1)
    back = _linked(52, CLASSIC, [LoggedStorage(s.data) for s in stores], rounds=1)
    for app in back:
        app.press(buttons.A)
    now = run_apps(back, players, 0, lambda: all(app.mode == MATCH_END for app in back))
    app = back[0]
    app.press(buttons.A)
    assert app.mode == MENU
    app.row = MENU_ROWS.index("language")
    app.press(buttons.RIGHT)  # French
    app.tick(now + 10)
    app.tick(now + 20 + SETTLE_MS)
    assert App(saver=Saver(LoggedStorage(app.keeper.saver.regions[0][0].data)), opponent="link", rounds=1).lang == "fr"


def _newest_moves(store):
    blob = Saver(LoggedStorage(store.data)).load()[0]
    from engine.restore import decode

    return decode(blob).moves if blob else []


def test_a_board_saves_its_own_move_before_it_leaves_over_the_cable():
    # Every byte a board writes to the cable: its save already holds every
    # move of its own that has been played (else a cut just then leaves the
    # other board holding a move this board lost, which cannot be resumed).
    apps, stores, players, now = _started(61, TACTICS, 0)
    checked = [0, 0]
    for i, app in enumerate(apps):
        port = app.link.port
        write = port.write

        def checked_write(data, i=i, write=write):
            match = apps[i].match
            if match is not None:
                moves = list(match.moves())
                saved = _newest_moves(stores[i])
                assert saved == moves[: len(saved)]
                mine = [k for k, who in enumerate(_movers(match)) if who == apps[i].me()]
                assert not mine or mine[-1] < len(saved), "own move sent before it was saved"
                checked[i] += 1
            return write(data)

        port.write = checked_write
    run_apps(apps, players, now, lambda: all(app.mode == MATCH_END for app in apps))
    assert min(checked) > 50


def _movers(match):
    # Who made each move of the match so far (replayed from the seed).
    from engine.match import Match

    again = Match(match.seed, match.rounds, match.game.variant)
    out = []
    for m in match.moves():
        if again.game.over():
            again.finish_round()
        out.append(again.game.to_move)
        again.game.apply(m)
    return out


def test_giving_up_in_the_claim_step_offers_the_match_as_played():
    from hw.match.turn import CLAIM
    from hw.screens import TURN as TURN_

    apps, stores, players, now = _started(71, CLASSIC, 6, rounds=1)
    # Find a board in its claim step with a card placed tentatively.
    for _ in range(5000):
        if any(a.mode == TURN_ and a.turn.phase == CLAIM for a in apps):
            break
        now = run_apps(apps, players, now, lambda: True) + 10
        for i, a in enumerate(apps):
            a.tick(now)
            b = players[i].next_button(a)
            if b is not None and not (a.mode == TURN_ and a.turn.phase == CLAIM):
                a.press(b)
    mine = next(a for a in apps if a.mode == TURN_ and a.turn.phase == CLAIM)
    hand = mine.game.hand_n[mine.game.to_move]
    mine.link.port.peer = type(mine.link.port)()  # the cable cut
    for _ in range(400):
        now += 10
        mine.tick(now)
    assert mine.link_lost()
    mine.press(buttons.B)
    assert mine.mode == RESUME and mine.offer.game.hand_n[mine.offer.game.to_move] == hand + 1  # the card back
    # The match on offer is the match as played: the table a replay of its
    # moves gives (what the other board's save will be compared with).
    from engine.fairdeal import public_hash
    from engine.restore import resume as resume_save

    again = resume_save(keep.blob(mine, mine.offer))[0]
    assert public_hash(again.game) == public_hash(mine.offer.game)


def test_the_other_board_coming_back_is_joined_without_a_button():
    # Board 1 is switched off mid-match and on again, and resumes; board 0,
    # still in the match (never gave up), notices the new conversation and
    # resumes with it.
    apps, stores, players, now = _started(81, TACTICS, 20)
    dark = apps[1]
    apps[1] = None
    for _ in range(60):
        now += 10
        apps[0].tick(now)
    back = _linked(82, TACTICS, [LoggedStorage(), LoggedStorage(stores[1].data)])[1]
    back.link_port = dark.link_port
    assert back.mode == RESUME
    back.press(buttons.A)
    apps[1] = back
    now = run_apps(apps, players, now, lambda: all(app.mode == MATCH_END for app in apps))
    assert apps[0].match.moves() == apps[1].match.moves() and apps[0].match.scores == apps[1].match.scores


def _last_move_alone(seed):
    """Two linked apps played until one is about to make the match's last
    move; then the other goes dark (its cable end kept) and the mover makes
    it, reaching MATCH_END alone.  (apps, stores, players, now, mover,
    the dark board's cable end)."""
    from engine.restore import resume as resume_save

    apps, stores, players, now = _started(seed, CLASSIC, 0, rounds=1)
    while True:
        now += 10
        for i, app in enumerate(apps):
            app.tick(now)
            b = players[i].next_button(app)
            if b is None:
                continue
            m = players[i].plan[1] if players[i].plan else None
            if app.mode == TURN and app.match.game.to_move == app.me() and m is not None:
                probe = resume_save(keep.blob(app, app.match))[0]
                if probe.game.check(m) is None:
                    probe.game.apply(m)
                    if probe.game.over():
                        cable = app.link.port.peer
                        app.link.port.peer = type(app.link.port)()  # the other board is off now
                        apps[1 - i] = None
                        app.press(b)
                        now = players[i].play(app, lambda a: a.mode == MATCH_END, now=now, step_ms=10)
                        return apps, stores, players, now, i, cable
            app.press(b)


def test_a_linked_matchs_last_move_stays_saved_until_delivered():
    # The last move is played while the other board is off: the mover keeps
    # the whole match saved (and offers it at power-up); both boards resume
    # and the other one gets the last move.
    apps, stores, players, now, mover, _ = _last_move_alone(91)
    winner_store = stores[mover]
    other_store = stores[1 - mover]
    assert boot(winner_store.data, opponent="link").mode in (RESUME, NOTICE)
    back = _linked(92, CLASSIC, [LoggedStorage(winner_store.data), LoggedStorage(other_store.data)], rounds=1)
    if mover == 1:
        back.reverse()
    assert all(app.mode == RESUME for app in back)
    assert back[mover].offer.over() and not back[1 - mover].offer.over()
    for app in back:
        app.press(buttons.A)
    now = run_apps(back, players, now, lambda: all(app.mode in (MATCH_END,) for app in back))
    assert back[0].match.results == back[1].match.results and back[0].match.over()


def test_a_link_that_breaks_during_play_keeps_the_match_on_offer():
    apps, stores, players, now = _started(101, CLASSIC, 10, rounds=1)
    apps[0].link.session._fail("the boards disagree about the table")
    apps[0].tick(now + 10)
    assert apps[0].mode == NOTICE
    apps[0].press(buttons.A)
    assert apps[0].mode == RESUME
    assert offered(boot(stores[0].data, opponent="link")) is not None


def test_a_linked_save_without_a_link_here_says_so():
    apps, stores, players, now = _started(111, CLASSIC, 4, rounds=1)
    app = boot(stores[0].data)  # no serial port on this one
    assert app.mode == RESUME and app.opponent == "link"
    app.press(buttons.A)
    assert app.mode == NOTICE
    app.press(buttons.A)
    assert app.mode == RESUME


def test_a_save_from_another_version_is_not_used():
    store = bytearray(b"\xff" * NVM)
    Saver(store).save(encode(None, opponent=9, lang=1))
    app = boot(store)
    assert app.mode == NOTICE and "another version" in " ".join(app.lines) and app.lang == "en"


def _pause_choose(app, choice):
    from hw.screens import PAUSE, PAUSE_ROWS

    app.press(buttons.START)
    assert app.mode == PAUSE
    while PAUSE_ROWS[app.choice] != choice:
        app.press(buttons.DOWN)
    app.press(buttons.A)
    if app.confirm:  # a restart asks first
        app.press(buttons.A)


def _until_turn(apps, players, now, i):
    # Play on until board i has its own turn on screen.
    return run_apps(apps, players, now, lambda: apps[i].mode == TURN)


def test_frames_of_an_old_conversation_do_not_hold_up_a_new_game():
    # Board 1's receive buffer still holds frames of board 0's earlier talk
    # (its first message, a later move, a heartbeat), before and during a
    # new linked game's handshake: the new game starts all the same.
    from engine.frames import Encoder

    def stale():
        enc = Encoder()
        return (bytes(enc.encode(1, 3, 18, bytes(14), epoch=77)) + bytes(enc.encode(9, 8, 18, bytes(14), epoch=77))
                + bytes(enc.encode(0, 8, 2, b"", epoch=77)))

    for when in ("before", "during"):
        apps = _linked(171, CLASSIC, [LoggedStorage(), LoggedStorage()], rounds=1)
        for app in apps:
            app.press(buttons.START)
        apps[1].link.port.inbox.extend(stale())
        if when == "during":
            apps[0].tick(10)
            apps[1].link.port.inbox.extend(stale())
        run_apps(apps, [None, None], 0, lambda: all(a.mode in (TURN, 10) for a in apps), limit=20000)


def test_a_board_that_ended_the_match_joins_the_other_when_it_comes_back():
    # The mover stays on, on its match summary, its last move undelivered;
    # the other board comes back from its save and resumes: the mover hears
    # it, resumes too and sends the last move.
    for stay in ("match_end", "menu"):
        apps, stores, players, now, mover, cable = _last_move_alone(131 if stay == "menu" else 133)
        winner = apps[mover]
        if stay == "menu":
            winner.press(buttons.A)  # past the summary: still sending the last move
            assert winner.mode == MENU and winner.link.draining is not None
        back = _linked(132, CLASSIC, [LoggedStorage(stores[1 - mover].data)] * 2, rounds=1)[1 - mover]
        back.link_port = lambda: cable
        winner.link.port.peer = cable
        assert back.mode == RESUME and not back.offer.over()
        back.press(buttons.A)
        apps[1 - mover] = back
        ends = (ROUND_END, MATCH_END)
        now = run_apps(apps, [None, None], now, lambda: all(a.mode in ends and a.match.over() for a in apps),
                   limit=now + 30000)
        assert back.match.results == winner.match.results and back.match.moves() == winner.match.moves()


def test_a_restart_right_after_a_resume_is_noticed():
    apps, stores, players, now = _started(141, TACTICS, 12)
    back = _linked(142, TACTICS, [LoggedStorage(s.data) for s in stores])
    for app in back:
        app.press(buttons.A)
    now = run_apps(back, [None, None], now, lambda: all(a.mode in (TURN, 10, 3) for a in back), limit=now + 20000)
    # Board 1 goes off again at once, before any move, and resumes again.
    port = back[1].link.port
    again = _linked(143, TACTICS, [LoggedStorage(), LoggedStorage(back[1].keeper.saver.regions[0][0].data)])[1]
    again.link_port = lambda: port
    assert again.mode == RESUME
    again.press(buttons.A)
    back[1] = again
    now = run_apps(back, players, now, lambda: all(a.mode == MATCH_END for a in back))
    assert back[0].match.moves() == back[1].match.moves()


def test_a_new_game_on_the_other_board_is_said_and_the_old_match_kept():
    apps, stores, players, now = _started(151, CLASSIC, 8, rounds=1)
    now = _until_turn(apps, players, now, 0)
    _pause_choose(apps[0], "restart")  # board 0 starts a new linked game
    assert apps[0].mode == 9
    run_apps(apps, [None, None], now, lambda: apps[1].mode == NOTICE, limit=now + 20000)
    assert "new game" in " ".join(apps[1].lines)
    apps[1].press(buttons.A)
    assert apps[1].mode == RESUME and apps[1].offer is not None
    apps[1].press(buttons.DOWN)
    apps[1].press(buttons.A)
    apps[1].press(buttons.START)  # and joins the new game
    run_apps(apps, [None, None], now, lambda: all(a.mode in (TURN, 10) for a in apps), limit=now + 40000)


@pytest.mark.parametrize("whose", ["the other's", "its own"])
def test_a_replayed_or_echoed_first_hello_in_play_changes_nothing(whose):
    # Board 1, in play, hears the first frame of the link again: board 0's
    # HELLO (replayed) or its own (a looped cable): no "new game", no
    # notice; the match plays on to its end on both boards.
    def first_frame(data):
        return bytes(data[: data.index(0, 1) + 1])  # (a frame: 0, its bytes, 0)

    apps = _linked(181, CLASSIC, [LoggedStorage(), LoggedStorage()], rounds=1)
    for app in apps:
        app.press(buttons.START)
    first = 0 if whose == "the other's" else 1  # it speaks first: its HELLO knows nobody yet
    apps[first].tick(0)
    hello = first_frame(apps[1 - first].link.port.inbox)
    players = [AutoPlayer("medium", 1), AutoPlayer("medium", 2)]
    notices = []
    now = run_apps(apps, players, 0, lambda: apps[0].match is not None and apps[0].match.move_count() >= 6)
    apps[1].link.port.inbox.extend(hello)
    run_apps(apps, players, now, lambda: all(a.mode == MATCH_END for a in apps),
             each=lambda i, a: notices.append(a.lines) if a.mode == NOTICE else None)
    assert not notices and apps[0].match.moves() == apps[1].match.moves()


def test_after_giving_up_a_link_the_next_match_takes_the_buttons():
    apps, stores, players, now = _started(161, CLASSIC, 6, rounds=1)
    apps[1].link.port.peer = type(apps[1].link.port)()
    for _ in range(400):
        now += 10
        apps[0].tick(now)
    if apps[0].mode != 1:
        now = run_apps([apps[0]], [players[0]], now, lambda: apps[0].link_lost())
    apps[0].press(buttons.B)
    assert apps[0].mode == RESUME
    apps[0].press(buttons.DOWN)
    apps[0].press(buttons.A)  # new game: against the computer now
    apps[0].opponent = "easy"
    apps[0].press(buttons.START)
    assert not apps[0].link_lost()
    AutoPlayer("medium", 3).play(apps[0], lambda a: a.mode == MATCH_END, now=now)


def test_each_linked_board_says_who_won_from_its_own_seat():
    from hw.screens.ends import won

    apps, stores, players, now = _started(181, CLASSIC, 0, rounds=1)
    run_apps(apps, players, now, lambda: all(a.mode == MATCH_END for a in apps))
    w = apps[0].match.winner()
    lines = [won(a, w, "match") for a in apps]
    from hw.lang.strings import own
    from hw.screens import ends

    you = own(apps[0], ends._T)("you_win_match")
    assert lines.count(you) == (1 if w in (0, 1) else 0)
    if w in (0, 1):
        assert lines[[a.me() for a in apps].index(w)] == you


def test_a_local_match_is_not_taken_over_by_an_old_links_last_frames():
    apps, stores, players, now, mover, cable = _last_move_alone(191)
    winner = apps[mover]
    winner.press(buttons.A)  # past the summary, still sending the last move
    assert winner.link.draining is not None
    winner.opponent = "easy"
    winner.press(buttons.START)  # a match against the computer now
    assert winner.link.draining is None and winner.opponent == "easy"
    AutoPlayer("medium", 3).play(winner, lambda a: a.mode == MATCH_END, now=now)


def test_every_set_of_defaults_has_its_own_tag():
    # settings.toml's defaults as saved: a changed one always wins over the
    # menu choices saved under the old (no two sets share a tag).
    from itertools import product

    from engine.game import LANGUAGES, OPPONENTS
    from hw.saves.keep import tag as _tag
    from hw.screens import ROUND_CHOICES

    tags = {_tag(*d) for d in product(OPPONENTS, range(3), ROUND_CHOICES, LANGUAGES, (False, True))}
    assert len(tags) == len(OPPONENTS) * 3 * len(ROUND_CHOICES) * len(LANGUAGES) * 2
    assert max(tags) < 1 << 16


def test_choices_saved_under_other_defaults_do_not_come_back():
    # (easy, 3 rounds) chosen and saved; settings.toml then says (hard,
    # 1 round, auto-claim): the new defaults stand.
    saver = Saver(bytearray(b"\\xff" * 8192))
    app = App(seed=1, opponent="medium", saver=saver)
    app.opponent, app.rounds = "easy", 3
    app.keeper.save(app, None)
    back = App(seed=2, opponent="hard", rounds=1, auto_claim=True, saver=Saver(saver.regions[0][0]))
    assert (back.opponent, back.rounds, back.auto_claim) == ("hard", 1, True)
    again = App(seed=3, opponent="medium", saver=Saver(saver.regions[0][0]))  # the old defaults: the choices stand
    assert (again.opponent, again.rounds) == ("easy", 3)


def test_the_hints_row_is_saved_and_off_it_keeps_b_from_hinting():
    # The menu's Hints row: saved with the menu's choices (a save made
    # before the row loads with hints on); off, B on the card step does
    # nothing against a bot.
    store = LoggedStorage()
    app = App(seed=1, saver=Saver(store))
    assert app.hints_on
    while MENU_ROWS[app.row] != "hints":
        app.press(buttons.DOWN)
    app.press(buttons.RIGHT)
    assert not app.hints_on and app.panel()[[i for i, line in enumerate(app.panel()) if line.startswith(">")][0]].endswith(
        "<off>")
    app.tick(10)
    app.tick(20 + SETTLE_MS)
    back = App(seed=2, saver=Saver(LoggedStorage(store.data)))
    assert back.hints_on is False
    back.press(buttons.START)
    AutoPlayer("easy", 1).play(back, lambda a: a.mode == TURN and a.turn.phase == 0)
    back.press(buttons.B)
    assert back.mode == TURN and back.hints == [0, 0]
    from engine.save import encode
    from engine.restore import decode

    assert decode(encode(None, sound=True)).hints and not decode(encode(None, hints=False)).hints
