"""Saves and records: after every move (whoever made it) the match in play
is saved; when it ends it is recorded and the save keeps the menu's
settings alone; menu choices are saved once they settle.  Functions of the
app's state (its ``saver``, ``recorder`` and what was saved last).
"""

from micropython import const

from engine import TICKS_MASK
from engine.game import LANGUAGES, OPPONENTS

SETTLE_MS = const(1500)  # menu choices are saved once left alone this long


def keep(app):
    # After every move (whoever made it) the match is saved; when it
    # ends, it is recorded and the save keeps the settings alone; menu
    # choices are saved once they settle.  Ints only: no allocation
    # unless something is written.
    link = app.link
    if app.offer is not None or (link is not None and link.resuming is not None and app.match is None):
        return  # the saved match stays as it is until chosen, or resumed by both boards
    match = app.match
    if match is not None and match.over():
        if app.recorder is not None and app.recorded is not match:
            app.recorded = match
            app.recorder.note(app)
        if not app.linked() or not link.session.pending():
            match = None  # over (linked: its last move delivered): the settings alone
        # else the last move of a linked match is on its way: the whole
        # match stays saved, so that it can be sent again after a cut.
    elif match is None and link is not None and link.draining is not None:
        return  # (the same, after the match's summary: see hw.linkplay, Link.drain)
    if app.saver is None:
        return
    n = match.move_count() if match is not None else -1
    if match is app.saved_match and n == app.saved_n:
        if app.changed_at < 0 or (app.now - app.changed_at) & TICKS_MASK < SETTLE_MS:
            return
    save(app, match)


def save(app, match):
    app.changed_at = -1
    app.saved_match = match
    app.saved_n = match.move_count() if match is not None else -1
    if app.saver is None:
        return
    try:
        app.saver.save(blob(app, match))
        app.saves += 1
        app.save_error = ""
    except (OSError, RuntimeError, ValueError) as e:  # a worn or full save area (CircuitPython's nvm
        # says RuntimeError): play on, say it once
        if not app.save_error:
            print("save failed:", e)
        app.save_error = str(e)


def blob(app, match=None):
    """The engine.save blob of ``match`` (None: the menu's settings
    alone) with the menu's settings."""
    from engine.save import encode

    seat = app.me() if match is not None else 0
    if match is not None:
        return encode(match, match.moves(), app.OPPONENTS.index(app.opponent), LANGUAGES.index(app.lang),
                      app.auto_claim, seat, tag=app.tag)
    return encode(None, (), app.OPPONENTS.index(app.opponent), LANGUAGES.index(app.lang), app.auto_claim, 0,
                  app.variant, app.rounds, app.tag)


def tag(opponent, variant, rounds, lang, auto_claim):
    """The defaults (settings.toml) as one number below 2**16, a different
    one for each set of them (mixed radix, no wrap): a save made under
    other defaults does not bring back its menu choices."""
    x = OPPONENTS.index(opponent) if opponent in OPPONENTS else len(OPPONENTS)
    x = x * 3 + variant
    x = x * 256 + (rounds & 255)
    x = x * 4 + (LANGUAGES.index(lang) if lang in LANGUAGES else 3)
    return x * 2 + (1 if auto_claim else 0)
