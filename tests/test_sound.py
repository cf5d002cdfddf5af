"""Sound: short sounds asked for at the right events (a card placed, a stone
claimed, a claim refused, a round won or lost, the other board's move), never
when sound is off; the menu's row and ST_SOUND; the notes' timing; the
desktop's speaker silent without an audio device, never an error."""

import subprocess
import sys

import pytest

from conftest import ROOT, run_apps
from engine.game import CLASSIC, TACTICS
from engine.save import Saver
from hw import buttons, sound
from hw.app import App
from hw.match.turn import CLAIM
from hw.screens import MATCH_END, MENU_ROWS, NOTICE, ROUND_END, TURN
from sim.autoplay import AutoPlayer


class Voice:
    """A speaker that keeps what it was told: ("tone", hz) and ("off",)."""

    def __init__(self):
        self.log = []

    def tone(self, hz):
        self.log.append(("tone", hz))

    def off(self):
        self.log.append(("off",))


def sounds(app):
    return [kind for event in app.events if event[0] == "sound" for kind in event[1:]]


def test_a_sounds_notes_follow_the_clock_and_end_with_the_speaker_off():
    voice = Voice()
    player = sound.Player(voice)
    player.play(sound.LINK, 1000)  # 988 Hz 40 ms, a rest 40 ms, 988 Hz 40 ms
    assert voice.log == [("tone", 988)]
    player.tick(1039)
    assert voice.log == [("tone", 988)]  # (not yet)
    player.tick(1040)
    assert voice.log[-1] == ("off",)  # the rest
    player.tick(1080)
    assert voice.log[-1] == ("tone", 988)
    player.tick(1121)
    assert voice.log[-1] == ("off",) and not player.notes
    n = len(voice.log)
    player.tick(5000)
    assert len(voice.log) == n  # (quiet until the next)
    # Near the clock's wrap (engine.TICKS_MASK) the times still compare.
    player.play(sound.PLACE, 0x1FFFFFF0)
    player.tick(0x1FFFFFFF)
    assert voice.log[-1] == ("tone", 1319)
    player.tick(0x00000010)
    assert voice.log[-1] == ("off",)
    # A new sound cuts the one playing.
    player.play(sound.WON, 0)
    player.play(sound.REFUSED, 10)
    assert voice.log[-1] == ("tone", 196) and player.notes == sound._NOTES[sound.REFUSED]


def played_match(opponent, variant, on, seed=4):
    made = []

    def speaker():
        made.append(Voice())
        return made[-1]

    app = App(seed=seed, opponent=opponent, variant=variant, sound=on, speaker=speaker)
    app.press(buttons.START)
    AutoPlayer("medium", seed).play(app, lambda a: a.mode == MATCH_END, limit=40000)
    return app, made


@pytest.mark.parametrize("variant", [CLASSIC, TACTICS])
def test_each_move_and_the_rounds_end_are_heard_with_sound_on(variant):
    app, made = played_match("easy", variant, True)
    heard = sounds(app)
    assert len(made) == 1  # one voice, made at the first sound
    # The round's end: won by the person at the device, or lost.
    w = app.match.results[-1][0]
    assert heard[-1] == (sound.WON if w == 0 else sound.LOST)
    # Every move that placed a card or claimed: one sound each, in order.
    from engine.moves import PASS, move_card, move_claims

    want = []
    for m in app.match.moves():
        if move_claims(m):
            want.append(sound.CLAIM)
        elif move_card(m) != PASS:
            want.append(sound.PLACE)
    assert heard[:-1] == want
    assert made[0].log and made[0].log[0][0] == "tone"


def test_nothing_is_heard_with_sound_off():
    app, made = played_match("easy", CLASSIC, False)
    assert sounds(app) == [] and made == []  # not even a speaker made
    assert "hw.sound" not in sys.modules or app.sounds is None


def test_a_refused_claim_is_heard():
    app = App(seed=3, opponent="pass", sound=True, speaker=Voice)
    app.press(buttons.START)
    player = AutoPlayer("medium", 3)
    for _ in range(4000):
        if app.mode == TURN and app.turn.phase == CLAIM and app.turn.claimable != 0x1FF:
            break
        b = player.next_button(app)
        app.press(b) if b is not None else app.tick(app.now + 50)
    turn = app.turn
    s = next(s for s in range(9) if not turn.claimable >> s & 1)
    turn.stone_cursor = s
    app.press(buttons.A)
    assert app.mode == NOTICE and sounds(app)[-1] == sound.REFUSED


def test_the_menus_sound_row_turns_it_on_and_off_and_is_saved():
    from test_app_saves import LoggedStorage

    store = LoggedStorage()
    voice = Voice()
    app = App(seed=1, saver=Saver(store), speaker=lambda: voice)
    assert not app.sound  # quiet by default
    while MENU_ROWS[app.row] != "sound":
        app.press(buttons.DOWN)
    assert any(line.startswith(">Sound <off>") for line in app.panel())
    app.press(buttons.RIGHT)
    assert app.sound and sounds(app) == [sound.PLACE] and voice.log == [("tone", 1319)]  # heard at once
    app.press(buttons.LEFT)
    assert not app.sound and voice.log[-1] == ("off",)
    app.press(buttons.RIGHT)
    app.tick(10)
    app.tick(5000)  # (settled: saved)
    assert App(seed=2, saver=Saver(LoggedStorage(store.data))).sound
    # settings.toml's ST_SOUND is the default, and a changed default wins.
    from hw.settings import app_options, read

    assert app_options(read(lambda key: None)[0])["sound"] is False
    assert app_options(read(lambda key: 1 if key == "ST_SOUND" else None)[0])["sound"] is True
    assert not App(seed=2, sound=False, saver=Saver(LoggedStorage(store.data)), opponent="hard").sound


def test_the_other_boards_move_is_heard_over_the_link():
    from test_app_saves import LoggedStorage, _linked

    apps = _linked(91, CLASSIC, [LoggedStorage(), LoggedStorage()], rounds=1)
    for app in apps:
        app.sound = True
        app.speaker = Voice
        app.press(buttons.START)
    players = [AutoPlayer("medium", 1), AutoPlayer("easy", 2)]
    run_apps(apps, players, 0, lambda: all(app.mode in (ROUND_END, MATCH_END) for app in apps))
    for app in apps:
        heard = sounds(app)
        assert heard.count(sound.LINK) >= 10 and heard[-1] in (sound.WON, sound.LOST)
    won = [sounds(app)[-1] == sound.WON for app in apps]
    w = apps[0].match.results[-1][0]
    assert won == ([w == apps[0].me(), w == apps[1].me()])


def test_the_desktops_speaker_is_silent_without_a_device_and_says_nothing():
    out = subprocess.run([sys.executable, "-m", "sim", "--headless", "--autoplay", "easy", "--seed", "2", "--sound"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    from sim.desk import Desk

    desk = Desk(headless=True)
    try:
        voice = desk.make_speaker()  # (the dummy audio driver: a voice, or None; never an error)
        if voice is not None:
            voice.tone(440)
            voice.off()
    finally:
        desk.close()
