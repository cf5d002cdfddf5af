"""Schotten Totten rules engine: pure Python for CPython, MicroPython and CircuitPython.

Nothing here touches a display, a button or a file system.  Cards are ints
0..53 (see ``engine.cards``); a game is one ``engine.classic.Game`` with
``apply``/``undo``; ``desk.position`` reads and writes the JSON position
format that outside tools use.
"""

try:
    import micropython  # noqa: F401  (MicroPython and CircuitPython)
except ImportError:
    # CPython: ``const()`` is only a compile-time hint on the boards.
    import sys

    def _const(x):
        return x

    _shim = type(sys)("micropython")
    _shim.const = _const  # type: ignore[attr-defined]
    sys.modules["micropython"] = _shim

# Times are ms that may wrap at 2**29 (supervisor.ticks_ms): a duration is
# (later - earlier) & TICKS_MASK.
TICKS_MASK = 0x1FFFFFFF


def unload(name):
    """Forget the module ``name`` ("hw.sheet"), loaded for a while, so that
    its code goes back to the heap at the next collection: out of
    ``sys.modules`` and out of its package's attributes."""
    import sys

    sys.modules.pop(name, None)
    package, _, leaf = name.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None and getattr(parent, leaf, None) is not None:
        delattr(parent, leaf)
