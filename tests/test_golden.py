"""Behaviour pinned: the same seeds give the same games, moves, saves,
records, screens (every pixel) and text game as when these digests were taken.

A refactor keeps every digest; a change of behaviour (a rule, a bot, a
screen) changes some, on purpose, and re-pins them in the same commit:
``GOLDEN_PRINT=1 pytest tests/test_golden.py -s`` prints the new ones.
"""

import hashlib
import io
import json
import os
import sys

import pytest

from conftest import drive
from engine.bots import Bot
from engine.game import CLASSIC, EXPERT, NOBODY, TACTICS
from engine.match import Match
from desk.position import dump
from desk.record import write
from engine.save import Saver, encode
from hw.app import App
from hw.saves.records import board_record
from sim.autoplay import AutoPlayer
from hw.screens import MATCH_END

PRINT = bool(os.environ.get("GOLDEN_PRINT"))


def digest(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, (bytes, bytearray)) else json.dumps(p, sort_keys=True, default=lambda o: bytes(o).hex()).encode())
        h.update(b"\x00")
    return h.hexdigest()[:16]


def check(name, got):
    if PRINT:
        print("    %r: %r," % (name, got))
        return
    assert PINNED[name] == got, "%s changed: %s (was %s)" % (name, got, PINNED[name])


ENGINE = [(CLASSIC, 1, ("hard", "medium"), 1), (CLASSIC, 2, ("easy", "hard"), 3), (EXPERT, 3, ("medium", "hard"), 1),
          (TACTICS, 4, ("hard", "medium"), 1), (TACTICS, 5, ("easy", "hard"), 3)]


@pytest.mark.parametrize("variant, seed, levels, rounds", ENGINE)
def test_bot_matches_saves_and_records(variant, seed, levels, rounds):
    match = Match(seed, rounds, variant)
    bots = [Bot(levels[0], seed), Bot(levels[1], seed + 1)]
    moves = []
    positions = []
    blobs = []
    while not match.over():
        game = match.game
        m = game.spell_claims(bots[game.to_move].choose(game))
        game.apply(m)
        moves.append(m)
        if len(moves) % 7 == 0:
            blobs.append(bytes(encode(match, moves, opponent=1, lang=0, auto_claim=False)))
        if game.winner != NOBODY:
            positions.append(dump(game))
            match.finish_round()
    blob = bytes(encode(match, moves, opponent=2, lang=1, auto_claim=True))
    text = write(seed, variant, rounds, moves, ("Ann", "Bob"), {"opponent": "hard"})
    check("engine-%d-%d" % (variant, seed),
          digest(moves, positions, match.scores, match.results, blobs, blob, text, board_record(blob, ["Ann", "Bot"])))


class Recorder:
    def __init__(self):
        self.notes = []

    def note(self, app):
        self.notes.append([app.match.seed, app.match.moves(), app.player_names("Ann")])


class _Told:
    """``player``, each press it makes put in ``out``."""

    def __init__(self, player, out):
        self.player = player
        self.out = out

    def next_button(self, app):
        b = self.player.next_button(app)
        if b is not None:
            self.out.append(("press", b))
        return b


def _trace(app, player):
    # (mode, message) whenever either changes, and every press, until the
    # match ends.
    out = []

    def look(app):
        seen = (app.mode, app.message)
        if not out or out[-1] != seen:
            out.append(seen)

    drive(app, _Told(player, out), 30000, look)
    return out


APPS = [("easy", CLASSIC, False, 1, 1), ("hard", EXPERT, True, 3, 2), ("pass", CLASSIC, False, 1, 3),
        ("medium", TACTICS, False, 1, 4), ("pass", TACTICS, True, 3, 5), ("hard", TACTICS, False, 1, 6)]


@pytest.mark.parametrize("opponent, variant, auto, rounds, seed", APPS)
def test_the_app_through_its_buttons(opponent, variant, auto, rounds, seed):
    nvm = bytearray(8192)
    recorder = Recorder()
    app = App(seed=seed, opponent=opponent, variant=variant, rounds=rounds, auto_claim=auto, saver=Saver(nvm),
              recorder=recorder)
    trace = _trace(app, AutoPlayer("medium", seed, tactic_draws=2))
    check("app-%s-%d-%d" % (opponent, variant, seed), digest(trace, bytes(nvm), recorder.notes, app.match.scores))


def test_two_linked_apps():
    from test_app import linked_apps

    for variant in (CLASSIC, TACTICS):
        apps = linked_apps(40 + variant, variant=variant)
        players = [AutoPlayer("medium", 7), AutoPlayer("easy", 8)]
        traces = [[], []]
        now = 0
        for _ in range(40000):
            if all(a.mode == MATCH_END for a in apps):
                break
            for i, app in enumerate(apps):
                seen = (app.mode, app.message)
                if not traces[i] or traces[i][-1] != seen:
                    traces[i].append(seen)
                b = players[i].next_button(app)
                if b is None:
                    app.tick(now)
                else:
                    app.press(b)
            now += 20
        assert all(a.mode == MATCH_END for a in apps)
        check("link-%d" % variant, digest(traces, [a.match.moves() for a in apps], [a.match.scores for a in apps]))


def test_the_screens(desk):
    # Every frame the sim's display shows, through a classic and a tactics
    # match against the bot.
    import pygame

    from hw.main import Runner

    for variant, seed in ((CLASSIC, 21), (TACTICS, 22)):
        app = App(seed=seed, opponent="easy", variant=variant)
        runner = Runner(desk, app)
        player = AutoPlayer("medium", seed, tactic_draws=2)
        h = hashlib.sha256()
        runner.step()
        frames = 0
        for _ in range(5000):
            if app.mode == MATCH_END:
                break
            b = player.next_button(app)
            runner.step([b] if b is not None else [])
            h.update(pygame.image.tobytes(desk.display.frame, "RGB"))
            frames += 1
        assert app.mode == MATCH_END
        check("screens-%d" % variant, "%s/%d" % (h.hexdigest()[:16], frames))


def test_the_text_game():
    from sim.console import main

    keys = ["1 3", "2 5", "?", "c 2", "3 1", "6 9", "R7 3", "4 2", "5 4", "1 1 t", "2 2", "x", "1 6", "2 7", "1 8",
            "3 9", "4 3", "5 1"]
    for variant in ("classic", "expert", "tactics"):
        lines = iter(keys * 12)
        out = []

        def read(prompt):
            out.append(prompt)
            try:
                return next(lines)
            except StopIteration:
                raise EOFError

        saved = sys.stdout
        sys.stdout = io.StringIO()
        try:
            main(["--variant", variant, "--seed", "12", "--level", "easy"], read=read)
            out.append(sys.stdout.getvalue())
        finally:
            sys.stdout = saved
        check("console-" + variant, digest(out))


PINNED = {
    'engine-0-1': '4c848de4fcdcc44e',
    'engine-0-2': 'aba4625b53c07313',
    'engine-1-3': '12d0ec2406f6f019',
    'engine-2-4': '6f8deb2814f1bbfc',
    'engine-2-5': '5474dde3dde5a86a',
    'app-easy-0-1': 'e7ceb72caeb8d8b4',
    'app-hard-1-2': 'b1c814e886b7e9d7',
    'app-pass-0-3': '6af8d8a8e9e64220',
    'app-medium-2-4': '15a31cdb5d5e2dd5',
    'app-pass-2-5': '60b3dcf7c61d9cf5',
    'app-hard-2-6': '6d0f6e23cb6703e0',
    'link-0': '8fa62ea9ed7bedc5',
    'link-2': '6ace13caa5d20270',
    'console-classic': 'b11c3bfe9af9438e',
    'console-expert': '36fe15aac74045e2',
    'console-tactics': '1d84140d3801dc81',
    'screens-0': '492e6a4c0d29b820/171',
    'screens-2': '18e971fadd51e7c8/234',
}
