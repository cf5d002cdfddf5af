import gc
import json
import os
import re
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# Appended, not prepended: the board's top-level code.py must not shadow the
# standard library's ``code`` module (pdb imports it).
if ROOT not in sys.path:
    sys.path.append(ROOT)

import engine  # noqa: E402,F401  (installs the micropython shim on CPython)
from engine.game import make_game
from desk.playout import random_move, random_positions


@pytest.fixture(autouse=True)
def settled_heap():
    """What the process made before a test is left out of the test's
    garbage collections (gc.freeze): the app collects after every screen
    update, as a board must, and on this Python a full collection of the
    test runner's own objects (pytest, pygame, hypothesis) costs tens of
    milliseconds.  The collections still run, over the test's objects."""
    gc.freeze()
    yield
    gc.unfreeze()


_OURS = ("engine", "hw", "desk", "sim")


@pytest.fixture(autouse=True)
def modules_as_they_were():
    """The app forgets modules it loaded for a while (``engine.unload``), as
    a board must: the next import makes a fresh copy.  Each test starts
    with the modules as they were before it (the ones the test files
    imported), so that a test that patches a module patches the one its
    functions use, whatever ran before it in this process."""
    before = {name: m for name, m in sys.modules.items() if name.split(".")[0] in _OURS}
    yield
    for name, module in before.items():
        if sys.modules.get(name) is not module:
            sys.modules[name] = module
            package, _, leaf = name.rpartition(".")
            if package in before:
                setattr(before[package], leaf, module)


# The engine checks (tests/mpy/engine_check.py), under MicroPython-WASM
# (test_micropython.py) and CircuitPython (test_board.py): the arguments,
# the lines printed, and what else those lines must show (the games of
# both variants; both players winning some; claims really checked).
ENGINE_CHECKS = [
    (("games", "0", "60"), 120, lambda lines: {line.split()[0] for line in lines} == {"classic", "expert"}),
    (("proofs", "1000", "40"), 40, lambda lines: sum(int(line.split()[2]) for line in lines) > 1000),
    (("tactics", "0", "40"), 40, lambda lines: {line.split()[2] for line in lines} >= {"0", "1"}),
    (("tproofs", "500", "12"), 12, lambda lines: sum(int(line.split()[2]) for line in lines) > 250),
]

# Python's own words for a limit it hit, or an exception's class name: never
# in what a command says to its user.
PYTHON_WORDS = re.compile(r"Traceback|recursion|int_max_str_digits|utf-8-sig|BOM|\b[A-Z][a-z]+(?:[A-Z][a-z]+)*Error\b")


def under_micropython(script, *args, packages=("engine", "desk")):
    """The output of ``script`` (a path) under MicroPython-WASM
    (tools/bench/mpy_run.mjs), the project's ``packages`` beside it; its failure
    fails the test."""
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("MicroPython-WASM is not installed: run `make test` (npm ci)")
    pkgs = []
    for p in packages:
        pkgs += ["--pkg", os.path.join(ROOT, p)]
    out = subprocess.run(["node", os.path.join(ROOT, "tools", "bench", "mpy_run.mjs"), *pkgs, script, *args],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return out.stdout


def under_cpython(script, *args):
    """The output of ``script`` under this Python, the project importable."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    out = subprocess.run([sys.executable, script, *args], capture_output=True, text=True, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout


def data_path(name):
    return os.path.join(HERE, "data", name)


def claim_examples():
    with open(data_path("claims-examples.jsonl")) as f:
        return [json.loads(line) for line in f if line.strip()]


def snapshot(game):
    """Every field of a game, to compare states exactly."""
    return (
        game.variant,
        bytes(game.side),
        bytes(game.n),
        bytes(game.rank),
        bytes(game.first),
        bytes(game.owner),
        bytes(game.owned),
        tuple(sorted(game.hand_cards(0))),
        tuple(sorted(game.hand_cards(1))),
        bytes(game.hand_n),
        bytes(game.deck[game.deck_pos:]),
        tuple(game.unseen),
        bytes(game.unseen_n),
        game.to_move,
        game.winner,
    )


def random_states(seeds, variant=0):
    """Every position of random games of ``variant`` dealt from ``seeds``
    (desk.playout.random_positions), the over ones left out."""
    for seed in seeds:
        yield from random_positions(make_game(variant), seed)


@pytest.fixture
def examples():
    return claim_examples()


ALL_NAMES = [c + str(v) for c in "ROYGBP" for v in range(1, 10)]


def position(stones, to_move=0, variant="classic", owners=None, first=None, hands=None):
    """A position dict: ``stones`` maps a stone to its two sides (lists of
    card names); ``first`` maps a stone to who completed first (default: the
    only full side, else player 0); the cards left over fill the hands (or
    ``hands``) and then the pile."""
    owners = owners or {}
    first = first or {}
    used = set()
    out = []
    for s in range(9):
        sides = [list(x) for x in stones.get(s, ([], []))]
        used.update(sides[0] + sides[1])
        f = first.get(s)
        if f is None and (len(sides[0]) == 3 or len(sides[1]) == 3):
            f = 0 if len(sides[0]) == 3 else 1
        out.append({"sides": sides, "first": f, "owner": owners.get(s)})
    rest = [c for c in ALL_NAMES if c not in used]
    if hands is None:
        hands = [rest[:6], rest[6:12]]
    hands = [list(h) for h in hands]
    used.update(hands[0] + hands[1])
    deck = [c for c in rest if c not in used]
    return {"variant": variant, "to_move": to_move, "stones": out, "hands": hands, "deck": deck}


def players(who, seed):
    """Seats for ``next_move``: a Bot of each level named, None for
    "random"."""
    from engine.bots import Bot

    return [Bot(w, seed + i) if w != "random" else None for i, w in enumerate(who)]


def next_move(game, seats, rng):
    """The move of the player to move (its bot's, else a random one from
    ``rng``), claims spelled out as saves and records keep them."""
    from desk.playout import random_tactics_move

    bot = seats[game.to_move]
    if bot is not None:
        m = bot.choose(game)
    elif game.variant == 2:  # TACTICS
        m = random_tactics_move(game, rng)
    else:
        m = random_move(game, rng)
    return game.spell_claims(m)


@pytest.fixture
def desk():
    """The sim's headless desk.  Only one display may exist in a process:
    made, then let go."""
    from sim.desk import Desk

    d = Desk(headless=True)
    yield d
    d.close()


def drive(app, player, limit=20000, each=None):
    """Press what ``player`` would until the match is over (``sim.drive``);
    ``each(app)`` looks at the app before every step.  Returns the modes
    seen."""
    from sim import drive as run

    seen = run(app, player, limit, each)
    assert seen is not None, "the match did not end"
    return seen


def run_apps(apps, players, now, until, limit=3000000, each=None):
    """Apps side by side (linked by in-memory cables), 10 ms a step: each
    one ticks, ``each(i, app)`` looks at it, then its player (None: nobody)
    presses, until ``until()`` holds (asserted) or ``limit`` ms; returns the
    time reached."""
    while not until() and now < limit:
        now += 10
        for i, app in enumerate(apps):
            if app is None:
                continue
            app.tick(now)
            if each is not None:
                each(i, app)
            b = players[i].next_button(app) if players[i] is not None else None
            if b is not None:
                app.press(b)
    assert until(), [app.mode for app in apps if app is not None]
    return now


# -- broken and mangled positions (the position format's refusals) ---------------

def broken(base, change):
    """A deep copy of position ``base`` after ``change(pos)``."""
    import copy

    pos = copy.deepcopy(base)
    change(pos)
    return pos


def set_at(path, value):
    """A change for ``broken``: the value at ``path`` (keys and indexes)
    set to ``value``."""
    def change(pos):
        target = pos
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def refusal(pos):
    """The reason desk.position.load gives for refusing ``pos``: one line
    (asserted)."""
    from desk.position import load

    with pytest.raises(ValueError) as err:
        load(pos)
    reason = str(err.value)
    assert reason and "\n" not in reason
    return reason


def json_values(words, keys, top):
    """A hypothesis strategy for any JSON value, its strings and ints drawn
    near a position's own (``words``, ints up to ``top``, dict ``keys``)."""
    from hypothesis import strategies as st

    return st.recursive(
        st.none() | st.booleans() | st.integers(-3, top) | st.floats(allow_nan=False) | st.sampled_from(words),
        lambda inner: st.lists(inner, max_size=10) | st.dictionaries(st.sampled_from(keys), inner),
        max_leaves=40,
    )


def mangled(data, pos, values):
    """A deep copy of position ``pos`` with one random part (or the whole)
    replaced by a value drawn from ``values``."""
    import copy

    from hypothesis import strategies as st

    pos = copy.deepcopy(pos)
    target = pos
    path = []
    while isinstance(target, (dict, list)) and target and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(target) if isinstance(target, dict) else list(range(len(target)))))
        path.append(key)
        if not isinstance(target[key], (dict, list)):
            break
        target = target[key]
    value = data.draw(values)
    if not path:
        return value
    holder = pos
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return pos


def bot_game(level_a, level_b, seed, variant=0, each=None):
    """One round of ``variant`` (CLASSIC by default) between two levels;
    ``each(game, m)`` sees every answer before it is applied."""
    from engine.bots import Bot
    from engine.game import NOBODY, make_game

    game = make_game(variant)
    game.deal(seed, seed & 1)
    bots = [Bot(level_a, seed * 2 + 1), Bot(level_b, seed * 2 + 2)]
    while game.winner == NOBODY:
        m = bots[game.to_move].choose(game)
        if each:
            each(game, m)
        game.apply(m)
    return game


def bot_match(seed, rounds, variant, level_a, level_b):
    """A whole match between two levels (bots seeded 1 and 2), every
    move's claims spelled out, each round scored; the match, over."""
    from engine.bots import Bot
    from engine.match import Match

    match = Match(seed, rounds, variant)
    bots = [Bot(level_a, 1), Bot(level_b, 2)]
    while not match.over():
        game = match.game
        while not game.over():
            game.apply(game.spell_claims(bots[game.to_move].choose(game)))
        match.finish_round()
    return match


class Console(list):
    """The lines a board prints, as the records' ``out`` prints them
    (print's ``end`` too: a record's long line comes in pieces)."""

    def __init__(self):
        super().__init__()
        self.line = ""
        self.longest = 0  # the longest text printed at once

    def __call__(self, text, end="\n"):
        self.longest = max(self.longest, len(text))
        self.line += text
        if end == "\n":
            self.append(self.line)
            self.line = ""
