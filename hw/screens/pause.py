"""The pause menu (Start during a match): resume, restart (asked twice), the
help (back to this menu from it), or the menu, the match in play kept and
offered.  A screen's module
(``hw.screens.MODULES``), loaded while it is shown."""

from hw import buttons
from hw.lang.strings import own
from hw.match import play
from hw.screens import HELP, MENU, PAUSE, PAUSE_ROWS


# This screen's own words, in each language (hw.lang.strings.pick's order), read
# through hw.lang.strings.own: here, not in the language tables, so that they are
# on the heap only while this module is loaded.
_T = (
    {  # en
        "paused": "Paused",
        "restart": "Restart",
        "main_menu": "Main menu",
        "confirm_restart": "Restart? A again",
    },
    {  # fr
        "paused": "Pause",
        "restart": "Recommencer",
        "main_menu": "Menu",
        "confirm_restart": "Recommencer ? A encore",
    },
    {  # es
        "paused": "Pausa",
        "restart": "Reiniciar",
        "main_menu": "Menú",
        "confirm_restart": "¿Reiniciar? A otra vez",
    },
)


def press(app, button):
    # A restart throws the match in play away: it asks first (A again);
    # any other button takes the question back.
    confirm = app.confirm
    app.confirm = ""
    if button == buttons.UP:
        app.choice = (app.choice - 1) % len(PAUSE_ROWS)
    elif button == buttons.DOWN:
        app.choice = (app.choice + 1) % len(PAUSE_ROWS)
    elif button in (buttons.START, buttons.B):
        app.back()
    elif button == buttons.A:
        choice = PAUSE_ROWS[app.choice]
        if choice == "resume":
            app.back()
        elif choice == "help":
            app.page = 0
            app.go(HELP, PAUSE)  # (B there comes back here, then B again to the game)
        elif choice == "restart" and confirm != choice and app.match.move_count():
            app.confirm = choice  # the panel asks: A again to deal anew
        else:
            play.cancel(app)
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
                    app.link.start(app)
                else:
                    play.new_match(app)
            elif match is not None and not match.over() and match.move_count():
                # To the menu, the match kept: saved, and on offer
                # ("Resume" plays on, "New game" lets it go).
                app.offer_match(match, seat, app.opponent)
            else:
                app.match = None
                app.go(MENU)
                app.row = 0


def lines(app):
    t = own(app, _T)
    return [t("paused"), ""] + [(">" if i == app.choice else " ") + t("confirm_" + k if k == app.confirm else k)
                                for i, k in enumerate(PAUSE_ROWS)]
