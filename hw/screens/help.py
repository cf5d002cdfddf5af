"""The help pages, from the menu or the pause menu: left and right turn
them, B goes back (to the menu, or to the pause menu).
A screen's module (``hw.screens.MODULES``), loaded while a page is shown;
the pages' text (``hw/lang/help_<language>.py``) too."""

from engine import unload
from hw import buttons
from hw.lang.strings import wrap

_NOT_BOTS = ("pass", "link")  # the menu's opponents that are not a level


def _pages(app):
    return __import__("hw.lang.help_" + app.lang, None, None, ("PAGES",))


def press(app, button):
    """A button on a help page: another page, or back to the menu."""
    n = len(_pages(app).PAGES)
    if button in (buttons.RIGHT, buttons.DOWN, buttons.A):
        app.page = (app.page + 1) % n
    elif button in (buttons.LEFT, buttons.UP):
        app.page = (app.page - 1) % n
    elif button in (buttons.B, buttons.START, buttons.SELECT):
        unload("hw.lang.help_" + app.lang)
        app.back()  # (where it was asked from: the menu, or the pause menu, its cursor still on Help)


def lines(app):
    """The help page shown: its title, its text (the controls of this
    device on the first; the opponents' names as this app's menu has
    them), where it is among the pages."""
    help_ = _pages(app)
    page = help_.PAGES[app.page]
    out = []
    for line in help_.CONTROLS[app.controls] if app.page == 0 else page[1:]:
        if "%s" in line:
            line = line % ", ".join(app.t(o) for o in app.OPPONENTS if o not in _NOT_BOTS)
        out += wrap(line)
    return [page[0]] + out + [""] * (7 - len(out)) + [help_.KEYS % (app.page + 1, len(help_.PAGES))]
