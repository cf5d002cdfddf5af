import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# Appended, not prepended: the board's top-level code.py must not shadow the
# standard library's ``code`` module (pdb imports it).
if ROOT not in sys.path:
    sys.path.append(ROOT)

import engine  # noqa: E402,F401  (installs the micropython shim on CPython)
from engine.classic import Game
from engine.game import NOBODY
from desk.playout import random_move
from engine.rng import Random



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
    """Every position of random games dealt from ``seeds``."""
    for seed in seeds:
        game = Game(variant)
        rng = Random(seed)
        game.deal(seed, seed & 1)
        while game.winner == NOBODY:
            yield game
            game.apply(random_move(game, rng))


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
    """Press what ``player`` would until the match is over (50 ms a tick
    while it waits); ``each(app)`` looks at the app before every step.
    Returns the modes seen."""
    from hw.app import MATCH_END

    now = 0
    seen = set()
    for _ in range(limit):
        seen.add(app.mode)
        if each is not None:
            each(app)
        if app.mode == MATCH_END:
            return seen
        b = player.next_button(app)
        if b is None:
            now += 50
            app.tick(now)
        else:
            app.press(b)
    raise AssertionError("the match did not end")


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
