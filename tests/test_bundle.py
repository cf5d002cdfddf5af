"""``make bundle``: everything a PyBadge needs, and nothing it cannot run."""

import ast
import os
import subprocess
import sys

from conftest import ROOT

# What CircuitPython on a PyBadge has built in.
BUILTIN = {"board", "keypad", "displayio", "terminalio", "analogio", "microcontroller", "micropython", "gc", "os",
           "time", "json", "sys", "busio", "digitalio", "supervisor", "adafruit_pixelbuf", "bitmaptools",
           "fontio", "neopixel_write", "math", "struct", "vectorio", "array", "storage"}


def imports(path):
    """The modules ``path`` imports, except those it guards with
    ``try: ... except ImportError`` (optional on a board)."""
    tree = ast.parse(open(path).read())
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in node.handlers):
            for inner in node.body:
                guarded.update(id(n) for n in ast.walk(inner))
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_the_bundle_holds_every_module_the_board_imports(tmp_path):
    out = tmp_path / "CIRCUITPY"
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bundle.py"), str(out)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert (out / "requirements.txt").read_text().split() == ["adafruit_display_text", "neopixel", "adafruit_hashlib"]
    files = [str(out / "code.py")]
    for package in ("engine", "hw", "hw/lang"):
        files += [str(p) for p in (out / package).glob("*.py")]
    # hw.strings imports the language modules by name, out of the walk's sight.
    assert all((out / "hw" / "lang" / (lang + ".py")).exists() for lang in ("en", "fr", "es"))
    missing = set()
    seen = set()
    todo = list(files)
    while todo:
        path = todo.pop()
        for name in imports(path):
            top = name.split(".")[0]
            if top in BUILTIN or name in seen:
                continue
            seen.add(name)
            parts = name.split(".")
            candidates = [out.joinpath(*parts).with_suffix(".py"), out.joinpath(*parts, "__init__.py"),
                          out.joinpath("lib", *parts).with_suffix(".py"), out.joinpath("lib", *parts, "__init__.py")]
            found = [c for c in candidates if c.exists()]
            if not found:
                missing.add(name)
            elif found[0].suffix == ".py" and "lib" not in found[0].parts:
                todo.append(str(found[0]))
    # adafruit_display_text's own imports are the library's business.
    assert not missing, missing
    assert "hw.console" not in seen and not (out / "engine" / "brute.py").exists()
