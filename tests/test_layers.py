"""How the board's modules import each other (hw/, read from the sources:
every import, those inside functions too, which load a module later).

The app's screens share their names through a small module that imports
nothing of ours, ``hw.screens`` (the screens and the menus' rows), so that
no module imports the app to learn them; only the entry points that build
the app import ``hw.app``.
"""

import ast
import glob
import os

from conftest import ROOT

from hw import screens

HW = os.path.join(ROOT, "hw")
ENTRY_POINTS = {"hw.start", "hw.main"}  # (code.py's power-up and loop: they build the app)


def sources():
    """{module name: path} of hw/ and hw/lang/."""
    found = {}
    for path in glob.glob(os.path.join(HW, "*.py")) + glob.glob(os.path.join(HW, "lang", "*.py")):
        name = os.path.relpath(path[:-3], ROOT).replace(os.sep, ".")
        found[name[:-len(".__init__")] if name.endswith(".__init__") else name] = path
    return found


def imports(path, modules):
    """The modules the source at ``path`` imports, anywhere in it: ours by
    their full names (``from hw import menus`` is hw.menus), the others
    (displayio, engine.game) as written."""
    out = set()
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                full = node.module + "." + alias.name
                out.add(full if full in modules else node.module)
    return out


def graph():
    modules = sources()
    return {name: imports(path, modules) for name, path in modules.items()}


def test_only_the_entry_points_import_the_app():
    edges = graph()
    assert sorted(name for name, used in edges.items() if "hw.app" in used) == sorted(ENTRY_POINTS)


def test_the_shared_names_import_nothing_of_ours():
    edges = graph()
    assert edges["hw.screens"] == {"micropython"}


def private_constants(path):
    """The ``_NAME = const(...)`` of a module, their values worked out as
    the board's compiler does (from the constants above them)."""
    values = {}
    for node in ast.parse(open(path).read()).body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", "") == "const"):
            name = node.targets[0].id
            values[name] = eval(compile(ast.Expression(node.value.args[0]), path, "eval"), {}, dict(values))
    return {name: value for name, value in values.items() if name.startswith("_")}


def copies(module, leaf):
    """The private constants of ``module`` (hw/NAME.py) that copy a number
    of ``leaf`` (``_MENU`` copies ``MENU``), with the leaf's number:
    {name: (copy, number)}."""
    numbers = {name: value for name, value in vars(leaf).items() if name.lstrip("_").isupper()}
    own = private_constants(os.path.join(HW, module + ".py"))
    return {name: (value, numbers.get(name, numbers.get(name[1:]))) for name, value in own.items()
            if name in numbers or name[1:] in numbers}


def test_the_apps_private_copies_are_the_screens_numbers():
    # hw.app compares its mode with private copies of hw.screens' numbers
    # (inlined on the board, no name on the heap).
    found = copies("app", screens)
    assert {"_MENU", "_TURN", "_HELP", "_MATCH_END"} <= set(found)
    assert {name: copy for name, (copy, number) in found.items() if copy != number} == {}
