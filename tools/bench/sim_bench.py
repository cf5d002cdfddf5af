"""Screen figures for ``make bench``, measured in the headless sim.

Prints ``key value`` lines: the time per screen update (drawing the state
and refreshing the display, bots' thinking left out) over a whole game, the
number of displayio objects on the board screen, and the bytes of their
bitmaps; then the same for a game of the tactics variant (``tactics_``
keys), whose screens also show a Scout's nine cards; then the text's
glyph sheet (``font_`` keys).
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(ROOT)
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import engine  # noqa: E402,F401
from hw.app import App  # noqa: E402
from hw.screens import MATCH_END  # noqa: E402
from sim.autoplay import AutoPlayer  # noqa: E402
from hw.main import Runner  # noqa: E402
from sim.desk import Desk  # noqa: E402


def walk(group, counts):
    """Count displayio objects and bitmap bytes under ``group``."""
    import displayio

    counts["objects"] += 1
    if isinstance(group, displayio.Group):
        for item in group:
            walk(item, counts)
        return
    bitmap = getattr(group, "bitmap", None) or getattr(group, "_bitmap", None)
    if bitmap is not None and id(bitmap) not in counts["seen"]:
        counts["seen"].add(id(bitmap))
        depth = getattr(bitmap, "bits_per_value", None) or getattr(bitmap, "_bits_per_value", 8)
        counts["bitmap_bytes"] += (bitmap.width * depth + 31) // 32 * 4 * bitmap.height


def main():
    measure(0, "")
    measure(2, "tactics_")
    font()


def font():
    """The text's glyph sheet (hw.text): its bytes and glyphs, shared by
    every label; and the glyphs every string of each language shows."""
    import importlib

    from hw.lang.strings import LANGUAGE_NAMES, LANGUAGES
    from hw.text import N_GLYPHS, Glyphs

    for lang in LANGUAGES:
        glyphs = Glyphs()
        table = importlib.import_module("hw.lang." + lang).T
        for value in list(table.values()) + list(LANGUAGE_NAMES):
            for c in value:
                glyphs.tile(ord(c))
        print("font_glyphs_%s %d" % (lang, sum(glyphs.made)))
    print("font_sheet_glyphs %d" % N_GLYPHS)
    print("font_sheet_bytes %d" % glyphs.bitmap_bytes())


def measure(variant, prefix):
    desk = Desk(headless=True)
    try:
        app = App(seed=21, opponent="easy", variant=variant)
        runner = Runner(desk, app)
        player = AutoPlayer("medium", 4)
        times = []
        redraw = runner.redraw

        def timed():
            start = time.perf_counter()
            redraw()
            times.append(time.perf_counter() - start)

        runner.redraw = timed
        most = {"objects": 0, "bitmap_bytes": 0}
        while app.mode != MATCH_END:
            b = player.next_button(app)
            runner.step([b] if b else [])
            if app.match is not None and not runner.view.game_group.hidden:
                # The board screen as it stands.
                counts = {"objects": 0, "bitmap_bytes": 0, "seen": set()}
                walk(runner.view.root, counts)
                for key in most:
                    most[key] = max(most[key], counts[key])
        times.sort()
        print("%supdates %d" % (prefix, len(times)))
        print("%supdate_median_ms %.2f" % (prefix, times[len(times) // 2] * 1000))
        print("%supdate_max_ms %.2f" % (prefix, times[-1] * 1000))
        print("%sdisplayio_objects %d" % (prefix, most["objects"]))
        print("%sbitmap_bytes %d" % (prefix, most["bitmap_bytes"]))
    finally:
        desk.close()


if __name__ == "__main__":
    main()
