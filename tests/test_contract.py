"""The contract of a round (``engine.game.Stones``): every method both
variants' rounds offer is declared there once, and each variant keeps its
one signature."""

import ast
import inspect
import os

from conftest import ROOT
from engine.classic import Game
from engine.game import EXPERT, Stones
from engine.moves import PASS, move_card
from engine.tactics import TacticsGame
from desk.playout import random_positions


def declared():
    # The methods declared under ``if MYPY:`` in Stones (compiled out on a
    # board, read by the type check): name -> (argument names, defaults).
    with open(os.path.join(ROOT, "engine", "game.py")) as f:
        tree = ast.parse(f.read())
    stones = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Stones")
    out = {}
    for block in stones.body:
        if isinstance(block, ast.If) and isinstance(block.test, ast.Name) and block.test.id == "MYPY":
            for f in block.body:
                if isinstance(f, ast.FunctionDef):
                    out[f.name] = ([a.arg for a in f.args.args], [ast.literal_eval(d) for d in f.args.defaults])
    return out


def shape(cls, name):
    params = list(inspect.signature(getattr(cls, name)).parameters.values())
    return [p.name for p in params], [p.default for p in params if p.default is not inspect.Parameter.empty]


def test_every_method_both_variants_offer_is_declared_once_with_one_signature():
    contract = declared()
    shared = {name for name in dir(Game) if name in dir(TacticsGame) and callable(getattr(Game, name))
              and not name.startswith("__") and not hasattr(Stones, name)}
    assert shared <= set(contract), sorted(shared - set(contract))
    for name, want in contract.items():
        assert shape(Game, name) == want, name
        assert shape(TacticsGame, name) == want, name


def test_legal_moves_refills_the_callers_list_in_both_variants():
    for make in (Game, lambda: Game(EXPERT), TacticsGame):
        game = make()
        mine = [99] * 5
        for seed in range(3):
            for g in random_positions(game, seed):
                p = g.to_move
                got = g.legal_moves(p, mine)
                assert got is mine and mine == g.legal_moves()
                card = g.hand[p][0] if g.hand_n[p] and not g.returns else PASS
                if card != PASS:
                    alone = [m for m in g.legal_moves() if move_card(m) == card] or [PASS]
                    assert g.legal_moves(p, mine, card) == g.legal_moves(only=card) == alone
