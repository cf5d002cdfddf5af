"""What the screens say, in the languages of our rule sources.

One small table per language, in ``hw/lang/<code>.py``, loaded when the
language is first asked for: only one sits in RAM, the one before is
dropped (its module leaves ``sys.modules`` and is collected).  Every table
holds every key (a test checks it).  ``text(lang, key)`` looks a string up.
Accented letters are kept here as they should read; ``hw.text`` draws them.
"""

import gc

from engine import unload
from engine.game import LANGUAGES
from hw.screens import PANEL_CHARS

LANGUAGE_NAMES = ("English", "Français", "Español")

_loaded = [None, None]  # the language loaded, its table


def table(lang):
    """The table of ``lang`` (English for an unknown code), loading it and
    dropping the one before if needed."""
    if lang == _loaded[0]:
        return _loaded[1]
    if lang not in LANGUAGES:
        lang = "en"
        if lang == _loaded[0]:
            return _loaded[1]
    old = _loaded[0]
    _loaded[0] = _loaded[1] = None
    if old is not None:
        unload("hw.lang." + old)
        if hasattr(gc, "mem_free"):  # a board: give the old table's room back now
            gc.collect()
    module = __import__("hw.lang." + lang, None, None, ("T",))
    _loaded[0] = lang
    _loaded[1] = module.T
    return module.T


def loaded():
    """The language whose table is in RAM (None before the first)."""
    return _loaded[0]


def text(lang, key):
    return table(lang)[key]


def pick(lang, words):
    """Of ``words``, one per language in LANGUAGES' order (a lazily loaded
    module's own, kept out of the tables), the one of ``lang`` (English
    for an unknown code)."""
    return words[LANGUAGES.index(lang) if lang in LANGUAGES else 0]


def own(app, words):
    """A ``t`` for a module with words of its own (``words``: a dict a
    language, in LANGUAGES' order): its word for a key it has, else the
    app's (the language table's)."""
    table_ = pick(app.lang, words)

    def t(key):
        return table_[key] if key in table_ else app.t(key)

    return t


def wrap(line, width=PANEL_CHARS):
    """``line`` cut at spaces into lines of at most ``width`` characters,
    the ones after the first indented by two."""
    out = []
    while len(line) > width:
        cut = line.rfind(" ", 3, width + 1)
        if cut < 0:
            cut = width
        out.append(line[:cut])
        line = "  " + line[cut:].lstrip()
    out.append(line)
    return out
