"""The app's buttons: one bit each, the same on every board and in the sim.

A board profile turns its keys (``keypad`` events, a joystick) into these;
the sim turns keyboard keys into them.  The app sees only button presses.
"""

from micropython import const

UP = const(1)
DOWN = const(2)
LEFT = const(4)
RIGHT = const(8)
A = const(16)
B = const(32)
START = const(64)
SELECT = const(128)

NAMES = {"up": UP, "down": DOWN, "left": LEFT, "right": RIGHT, "a": A, "b": B, "start": START, "select": SELECT}


def parse(name):
    """The button called ``name`` (``"a"``, ``"left"``...); ValueError else."""
    try:
        return NAMES[name.strip().lower()]
    except KeyError:
        raise ValueError("no button %r" % (name,))
