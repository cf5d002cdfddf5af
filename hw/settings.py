"""The keys of ``settings.toml`` the app reads once, at start.

On a board CircuitPython reads ``settings.toml`` at the root of CIRCUITPY and
``os.getenv`` answers for it; the sim reads the same file with
``python -m sim --settings FILE``.  settings.toml holds strings and integers
only, so switches are 0 or 1 and brightness is a percentage.  A key that is
missing keeps its default; a value that is not understood keeps the default
too and is reported (``read`` returns the problems, one line each), so a
typo never stops the game.

Every key, its values and its default are in ``KEYS``; docs/board.md lists
them.
"""

from engine.game import LANGUAGES, OPPONENTS, VARIANTS

# (key, default, choices); integer keys without choices give their range.
KEYS = (
    ("ST_OPPONENT", "medium", OPPONENTS),
    ("ST_VARIANT", "classic", VARIANTS),
    ("ST_ROUNDS", 1, (1, 3, 5, 7)),
    ("ST_LANGUAGE", "en", LANGUAGES),
    ("ST_AUTO_CLAIM", 0, (0, 1)),
    ("ST_SOUND", 0, (0, 1)),  # short sounds on the speaker (off: quiet)
    ("LINK_BAUD", 115200, None),
    ("ST_BRIGHTNESS", 100, None),  # screen, percent
    ("ST_PIXELS", 10, None),  # NeoPixels, percent
    ("ST_NAME", "Player 1", None),  # the player's name in game records, 1 to 12 printable characters
)
RANGES = {"LINK_BAUD": (1200, 1000000), "ST_BRIGHTNESS": (5, 100), "ST_PIXELS": (0, 100)}


def _allowed(key, value, default, choices):
    if isinstance(default, int) and type(value) is not int:
        return False
    if key == "ST_NAME":
        if not isinstance(value, str) or not 0 < len(value) <= 12:
            return False
        # Printable text: no control character (C0, DEL, C1), line or
        # paragraph separator, zero-width or direction mark, nor a lone
        # surrogate, which could rewrite the terminal of whoever reads a
        # record of it (desk.record.shown escapes the same characters).
        # Code points, not strings: no name interned for good on a board.
        for c in value:
            n = ord(c)
            if (n < 0x20 or 0x7F <= n <= 0x9F or 0x200B <= n <= 0x200F or 0x2028 <= n <= 0x202E
                    or 0x2060 <= n <= 0x206F or 0xD800 <= n <= 0xDFFF or n == 0xFEFF):
                return False
        return True
    if choices is not None:
        return value in choices
    lo, hi = RANGES[key]
    return lo <= value <= hi


def read(getenv):
    """``(values, problems)``: every key of KEYS with its value (the default
    where ``getenv(key)`` gives None or something not allowed), and one
    line per value refused."""
    values = {}
    problems = []
    for key, default, choices in KEYS:
        value = getenv(key)
        if value is not None and isinstance(default, int) and isinstance(value, str):
            # A number written as a string ("3") is still a number.
            try:
                value = int(value)
            except ValueError:
                pass
        if value is None:
            value = default
        elif not _allowed(key, value, default, choices):
            problems.append("settings.toml: %s = %r not understood, %r used" % (key, value, default))
            value = default
        values[key] = value
    return values, problems


def app_options(values):
    """The App's keyword arguments from the values of ``read``."""
    return {
        "opponent": values["ST_OPPONENT"],
        "variant": VARIANTS.index(values["ST_VARIANT"]),
        "rounds": values["ST_ROUNDS"],
        "lang": values["ST_LANGUAGE"],
        "auto_claim": bool(values["ST_AUTO_CLAIM"]),
        "sound": bool(values["ST_SOUND"]),
    }
