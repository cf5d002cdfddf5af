"""How the board's modules import each other (hw/, read from the sources:
every import, those inside functions too, which load a module later).

The app's screens share their names through two small modules that import
nothing of ours, ``hw.screens`` (the screens and the menus' rows) and
``hw.look`` (how the board is drawn), so that no module imports the app to
learn them; only the entry points that build the app import ``hw.app``.
"""

import ast
import glob
import os
import re

from conftest import ROOT

from hw import look, screens  # (bound here: hw.view forgets hw.look once it has drawn its sheet)

HW = os.path.join(ROOT, "hw")
ENTRY_POINTS = {"hw.start", "hw.main"}  # (code.py's power-up and loop: they build the app)
DRAWING = {"hw.view", "hw.text", "hw.sheet"}  # the modules that draw with displayio
MAKING = {"hw.text", "hw.sheet"}  # those that make displayio's objects (hw.view draws on those hw.sheet made)


def sources():
    """{module name: path} of hw/ and its folders."""
    found = {}
    for path in glob.glob(os.path.join(HW, "**", "*.py"), recursive=True):
        name = os.path.relpath(path[:-3], ROOT).replace(os.sep, ".")
        found[name[:-len(".__init__")] if name.endswith(".__init__") else name] = path
    return found


def imports(path, modules):
    """The modules the source at ``path`` imports, anywhere in it: ours by
    their full names (``from hw.screens import detail`` is hw.screens.detail), the others
    (displayio, engine.game) as written."""
    out = set()
    tree = ast.parse(open(path).read())
    # (not those for the type check only, under ``if MYPY:``: a constant
    # false, whose block the board's compiler drops: a test below holds it)
    typing_only = {id(n) for top in ast.walk(tree) if isinstance(top, ast.If) and _is_types(top.test)
                   for child in top.body for n in ast.walk(child)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                full = node.module + "." + alias.name
                out.add(full if full in modules else node.module)
    return out


def _is_types(test):
    return isinstance(test, ast.Name) and test.id == "MYPY"


def test_the_type_checks_imports_are_never_run():
    # ``if MYPY:`` blocks hold imports for the type check only (as in
    # engine.game): MYPY is const(0) wherever one is, so the board's
    # compiler drops the block.
    for name, path in sources().items():
        tree = ast.parse(open(path).read())
        if any(isinstance(n, ast.If) and _is_types(n.test) for n in ast.walk(tree)):
            values = [ast.unparse(node.value) for node in tree.body if isinstance(node, ast.Assign)
                      and [ast.unparse(t) for t in node.targets] == ["MYPY"]]
            assert values == ["const(0)"], name


def graph():
    modules = sources()
    edges = {name: imports(path, modules) for name, path in modules.items()}
    edges["hw.app"] |= set(screens.MODULES)  # (App.screen loads the shown screen's module by its name)
    return edges


def reach(edges, start):
    seen = set()
    todo = [start]
    while todo:
        name = todo.pop()
        for other in edges.get(name, ()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def test_only_the_entry_points_import_the_app():
    edges = graph()
    assert sorted(name for name, used in edges.items() if "hw.app" in used) == sorted(ENTRY_POINTS)


def test_the_shared_names_import_nothing_of_ours():
    edges = graph()
    for leaf in ("hw.screens", "hw.look"):
        assert edges[leaf] == {"micropython"}, leaf


def test_the_app_never_loads_displayio():
    # hw.app's docstring: "Nothing here touches displayio, so the whole app
    # runs, and is tested, without a screen": nor does any module it loads.
    edges = graph()
    loaded = reach(edges, "hw.app")
    assert "displayio" not in loaded and not loaded & DRAWING
    assert sorted(name for name, used in edges.items() if "displayio" in used) == sorted(MAKING)


def test_no_module_of_the_app_or_the_view_imports_one_that_imports_it_back():
    edges = graph()
    ours = {name for name in reach(edges, "hw.main") if name in edges} | {"hw.main"}
    circles = sorted(name for name in ours if name in reach(edges, name))
    assert circles == []


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


def path_of(module):
    """The source of ``module`` ("hw.match.turn")."""
    return sources()[module]


def copies(module, leaf):
    """The private constants of ``module`` ("hw.view") that copy a number
    of ``leaf`` (``_TILE_W`` copies ``TILE_W``; ``_ROWS``, private in both,
    ``_ROWS``), with the leaf's number: {name: (copy, number)}."""
    numbers = {name: value for name, value in vars(leaf).items() if name.lstrip("_").isupper()}
    own = private_constants(path_of(module))
    return {name: (value, numbers.get(name, numbers.get(name[1:]))) for name, value in own.items()
            if name in numbers or name[1:] in numbers}


def test_the_apps_private_copies_are_the_screens_numbers():
    # hw.app compares its mode with private copies of hw.screens' numbers
    # (inlined on the board, no name on the heap).
    for module, names in (("hw.app", {"_MENU", "_TURN", "_RESUME", "_LEARN"}),
                          ("hw.match.play", {"_TURN", "_THINKING", "_MATCH_END"})):
        found = copies(module, screens)
        assert names <= set(found), module
        assert {name: copy for name, (copy, number) in found.items() if copy != number} == {}, module


def test_the_views_private_copies_are_the_turns_phases():
    # hw.view reads the turn's phase with private copies of hw.match.turn's
    # numbers: it holds no reference to hw.match.turn, which goes with a match.
    # So does the turn screen (B on the card step: a hint).
    from hw.match import turn

    for module, names in (("hw.view", {"_CARD", "_CLAIM_FIRST", "_RETURN"}), ("hw.screens.turn", {"_CARD"}),
                          ("hw.screens.learn", {"_CARD"}), ("hw.screens.quiz", {"_CARD"})):
        found = copies(module, turn)
        assert names <= set(found), module
        assert {name: copy for name, (copy, number) in found.items() if copy != number} == {}, module
    found = copies("hw.screens.hint", screens)
    assert set(found) == {"_TURN"} and found["_TURN"][0] == found["_TURN"][1]
    from hw.saves import tally

    found = copies("hw.screens.learn", tally)  # (the lesson counted: hw.saves.tally, loaded then)
    assert set(found) == {"_LESSONS"} and found["_LESSONS"][0] == found["_LESSONS"][1]


def test_the_links_private_copies_are_the_sessions_numbers():
    # hw.match.link, and the other board's screens (hw.screens.remote), read the
    # session's state with private copies of engine.session's numbers: the
    # session's code goes when no link is in play (Link.rest), the app's
    # link stays.
    from engine import session

    for module, names in (("hw.match.link", {"_FAILED", "_SCORED"}), ("hw.screens.remote", {"_PLAYING", "_MOVED", "_SCORED"})):
        found = copies(module, session)
        assert set(found) == names, module
        assert {name: copy for name, (copy, number) in found.items() if copy != number} == {}, module


def test_the_link_never_calls_the_match_back():
    # The match's flow (hw.match.play) calls the link (App.link: Link.play), the
    # link reads and writes the port and says what happened; the other
    # board's screens (hw.screens.remote) show it and play on.  hw.match.link never
    # imports hw.match.play: a frame's walk does not climb back into the match.
    edges = graph()
    assert "hw.match.play" not in edges["hw.match.link"]
    assert "hw.match.link" not in edges["hw.match.play"]


def test_the_views_private_copies_are_the_looks_numbers():
    # hw.view draws with private copies of hw.look's numbers.
    found = copies("hw.view", look)
    assert {"_TILE_W", "_HAND_Y", "_ROWS", "_T_EMPTY", "_T_STONE", "_T_MODES"} <= set(found)
    assert {name: copy for name, (copy, number) in found.items() if copy != number} == {}


def test_the_sheets_private_copies_are_the_looks_and_the_views_numbers():
    # hw.sheet builds the view's groups (once, at start) with private
    # copies of hw.look's private numbers and of hw.view's own.
    found = copies("hw.sheet", look)
    del found["_INK"]  # (its "#" in the patterns: not hw.look's INK)
    assert {"_ROWS", "_PANEL", "_T_EMPTY"} <= set(found)
    assert {name: copy for name, (copy, number) in found.items() if copy != number} == {}
    view = private_constants(os.path.join(HW, "view.py"))
    shared = {name: value for name, value in private_constants(os.path.join(HW, "sheet.py")).items() if name in view}
    assert {"_HAND_MAX", "_LINE_CHARS", "_ROWS", "_T_EMPTY"} <= set(shared)
    assert {name: value for name, value in shared.items() if view[name] != value} == {}


def test_each_screen_is_a_module_behind_one_interface():
    # A screen is a module: press(app, button) and lines(app) (a screen
    # that time moves has tick(app, now) too), one module a screen (the
    # two ends of a round and the link's two waits share theirs).
    # They live in hw/screens/, each named in hw.screens' table (MODULES, by
    # number), and the table names nothing else: a new screen is its module
    # and its row (docs/architecture.md, "A screen"), the desktop's names
    # for it (sim's MODE_NAMES) come from the table.
    from sim.__main__ import MODE_NAMES

    modules = sources()
    numbers = {name: value for name, value in vars(screens).items() if name.isupper() and isinstance(value, int)
               and name not in ("LINES", "PANEL_CHARS")}
    assert len(screens.MODULES) == len(set(numbers.values())) == max(numbers.values()) + 1
    assert list(MODE_NAMES) == [name.lower() for name in sorted(numbers, key=numbers.get)]
    folder = sorted(name for name in modules if name.startswith("hw.screens."))
    assert sorted(set(screens.MODULES)) == folder
    for name in set(screens.MODULES):
        tree = ast.parse(open(modules[name]).read())
        functions = {node.name: [a.arg for a in node.args.args] for node in tree.body
                     if isinstance(node, ast.FunctionDef)}
        assert functions["press"] == ["app", "button"] and functions["lines"] == ["app"], name
        assert functions.get("tick", ["app", "now"]) == ["app", "now"], name


def test_hw_keeps_at_most_15_modules_at_its_top_and_the_rest_in_folders_that_say_what_they_hold():
    # hw/'s top: the app, the loop, the view and the board's parts; the
    # rest in folders by role (screens, match, saves, lang), each a package
    # whose docstring's first line says its purpose and names its modules
    # (the screens' are named by their table, above; a language's tables
    # by their pattern, help_*, learn_*).
    top = sorted(name for name in os.listdir(HW) if name.endswith(".py"))
    assert "__init__.py" in top and len(top) - 1 <= 15, top
    folders = sorted(name for name in os.listdir(HW) if os.path.isdir(os.path.join(HW, name)) and name != "__pycache__")
    assert folders == ["lang", "match", "saves", "screens"], folders
    for folder in folders:
        init = os.path.join(HW, folder, "__init__.py")
        assert os.path.exists(init), folder
        doc = ast.get_docstring(ast.parse(open(init).read())) or ""
        purpose = doc.split("\n")[0]
        assert purpose.endswith(".") and len(purpose) > 20, folder
        if folder == "screens":
            continue
        for module in sorted(os.listdir(os.path.join(HW, folder))):
            name = module[:-3]
            if not module.endswith(".py") or name == "__init__":
                continue
            named = re.search(r"\b%s\b" % name, purpose) or ("_" in name and name.split("_")[0] + "_*" in purpose)
            assert named, (folder, name)


def test_only_the_app_changes_screens():
    # A screen is changed with App.go and App.back (the way back kept on
    # App.trail): no other module assigns app.mode, and none guesses where
    # to go back to.
    found = []
    for folder in ("hw", "sim", "tools", "desk"):
        for path in glob.glob(os.path.join(ROOT, folder, "**", "*.py"), recursive=True):
            tree = ast.parse(open(path).read())
            for node in ast.walk(tree):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                    node, (ast.AugAssign, ast.AnnAssign)) else []
                for target in targets:
                    for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                        if isinstance(t, ast.Attribute) and t.attr in ("mode", "trail", "after") and \
                                isinstance(t.value, ast.Name) and t.value.id in ("app", "self"):
                            found.append((os.path.relpath(path, ROOT), node.lineno))
    assert {path for path, _ in found} == {os.path.join("hw", "app.py")}, found
    tree = ast.parse(open(os.path.join(HW, "app.py")).read())
    (app,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "App"]
    setters = {f.name for f in app.body if isinstance(f, ast.FunctionDef) for node in ast.walk(f)
               if isinstance(node, ast.Attribute) and node.attr == "mode" and isinstance(node.ctx, ast.Store)}
    assert setters == {"__init__", "go", "back"}


def test_the_app_is_small():
    tree = ast.parse(open(os.path.join(HW, "app.py")).read())
    (app,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "App"]
    assert app.end_lineno - app.lineno + 1 <= 200


def test_the_sound_numbers_copied_into_the_modules_that_ask_for_sounds_are_hw_sounds():
    # hw.match.play, hw.match.turn, hw.screens.remote, hw.screens.menu and hw.screens.learn ask for sounds by number,
    # without loading hw.sound (a board with sound off never loads it).
    from hw import sound

    names = {"PLACE", "CLAIM", "REFUSED", "WON", "LOST", "LINK"}
    seen = set()
    for module in ("hw.match.play", "hw.match.turn", "hw.screens.remote", "hw.screens.menu", "hw.screens.learn"):
        own = private_constants(path_of(module))
        for name, value in own.items():
            if name.startswith("_S_"):
                assert name[3:] in names and getattr(sound, name[3:]) == value, (module, name)
                seen.add(name[3:])
    assert seen == names


def test_no_screen_serves_as_a_library():
    # What screens share lives outside them (a refused claim's words are
    # hw.lang.why's, the round's end lines are asked of the screen shown):
    # only the app loads a screen's module (App.screen, by MODULES), and a
    # screen may start another (the menu a lesson, the summary the review).
    edges = graph()
    shown = set(screens.MODULES)
    borrowers = sorted(name for name, used in edges.items()
                       if name not in shown and name != "hw.app" and used & shown)
    assert borrowers == []
