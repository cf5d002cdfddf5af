"""The buttons of the menu, the pause menu and the help pages: functions
of the app (``hw.app.App``), loaded with the first press in any of them.
The help pages' text (``hw/lang/help_<language>.py``) is loaded while
they are shown."""

from engine import unload
from engine.game import LANGUAGES
from hw import buttons
from hw.screens import HELP, MENU, MENU_ROWS, PAUSE_ROWS, ROUND_CHOICES


def menu(app, button):
    """A button in the menu: a row chosen, a choice changed, a match begun."""
    rows = len(MENU_ROWS)
    if button == buttons.UP:
        app.row = (app.row - 1) % rows
    elif button == buttons.DOWN:
        app.row = (app.row + 1) % rows
    elif button in (buttons.LEFT, buttons.RIGHT):
        step = 1 if button == buttons.RIGHT else -1
        key = MENU_ROWS[app.row]
        if key == "opponent":
            app.opponent = _cycle(app.OPPONENTS, app.opponent, step)
        elif key == "variant":
            app.variant = (app.variant + step) % 3
        elif key == "rounds":
            app.rounds = _cycle(ROUND_CHOICES, app.rounds, step)
        elif key == "language":
            app.lang = _cycle(LANGUAGES, app.lang, step)
        elif key == "autoclaim":
            app.auto_claim = not app.auto_claim
        app.changed_at = app.now  # saved once it settles (tick)
    elif button == buttons.A and MENU_ROWS[app.row] == "help":
        app.mode = HELP
        app.row = 0  # the page
    elif button in (buttons.A, buttons.START) and (MENU_ROWS[app.row] == "start" or button == buttons.START):
        if app.opponent != "link":
            app.new_match()
        elif app.link_port is None:
            app.notice([app.t("no_link")], MENU)
        else:
            app.start_link()


def pause(app, button):
    """A button in the pause menu: resume, restart (asked twice), or the
    menu (a match in play kept and offered)."""
    # A restart throws the match in play away: it asks first (A again);
    # any other button takes the question back.
    confirm = app.confirm
    app.confirm = ""
    if button == buttons.UP:
        app.row = (app.row - 1) % len(PAUSE_ROWS)
    elif button == buttons.DOWN:
        app.row = (app.row + 1) % len(PAUSE_ROWS)
    elif button in (buttons.START, buttons.B):
        app.mode = app.after
    elif button == buttons.A:
        choice = PAUSE_ROWS[app.row]
        if choice == "resume":
            app.mode = app.after
        elif choice == "restart" and confirm != choice and app.match.move_count():
            app.confirm = choice  # the view asks: A again to deal anew
        else:
            app.turn.cancel()
            match = app.match
            seat = app.me()
            linked = app.linked()
            if linked:
                # A linked match is both boards': leaving it ends the
                # link (the other board sees it lost); a restart is a
                # new link, which the other board must join again.
                app.link.end(app)
            if choice == "restart":
                if linked:
                    app.start_link()
                else:
                    app.new_match()
            elif match is not None and not match.over() and match.move_count():
                # To the menu, the match kept: saved, and on offer
                # ("Resume" plays on, "New game" lets it go).
                app.offer_match(match, seat, app.opponent)
            else:
                app.match = None
                app.mode = MENU
                app.row = 0


def _pages(app):
    return __import__("hw.lang.help_" + app.lang, None, None, ("PAGES",))


def help_page(app, button):
    """A button on a help page: another page, or back to the menu."""
    n = len(_pages(app).PAGES)
    if button in (buttons.RIGHT, buttons.DOWN, buttons.A):
        app.row = (app.row + 1) % n
    elif button in (buttons.LEFT, buttons.UP):
        app.row = (app.row - 1) % n
    elif button in (buttons.B, buttons.START, buttons.SELECT):
        unload("hw.lang.help_" + app.lang)
        app.mode = MENU
        app.row = MENU_ROWS.index("help")


def help_lines(app):
    """The lines of the help page shown: its title, its text (the
    controls of this device on the first), where it is among the pages."""
    help_ = _pages(app)
    page = help_.PAGES[app.row]
    lines = list(help_.CONTROLS[app.controls] if app.row == 0 else page[1:])
    return [page[0]] + lines + [""] * (7 - len(lines)) + [help_.KEYS % (app.row + 1, len(help_.PAGES))]


def _cycle(choices, current, step):
    i = choices.index(current) if current in choices else 0
    return choices[(i + step) % len(choices)]
