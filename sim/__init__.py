"""The desktop twin of ``hw/``: the same app in a window (``desk``: a
scaled display, NeoPixels drawn below it, the keyboard as buttons, stand-ins
for nvm and the UART).  ``python -m sim --help`` lists the ways to run it.
"""

from desk import reason  # noqa: F401  (sim's modules say why a file cannot be used through it)


def drive(app, player, limit=20000, each=None):
    """Press what ``player`` would (50 ms a tick while it waits) until the
    match is over, or ``each(app)``, asked before every step, says to stop;
    returns the modes seen, or None when ``limit`` steps did not end it."""
    from hw.screens import MATCH_END

    now = 0
    seen = set()
    for _ in range(limit):
        seen.add(app.mode)
        if (each is not None and each(app)) or app.mode == MATCH_END:
            return seen
        b = player.next_button(app)
        if b is None:
            now += 50
            app.tick(now)
        else:
            app.press(b)
    return None
