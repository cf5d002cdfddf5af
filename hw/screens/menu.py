"""The menu screen: the opponent, the variant, the rounds, the language, the
auto-claim and the sound, each changed with left and right (A steps it on
too, as right does: a newcomer's A changes what it is on, and never starts
a match by surprise); the lesson (Learn); the player's kept mistakes asked
again (``hw.screens.quiz``); the statistics; the help; a match begun (Start, from
any row, or A on the Start row).  Under the title, the rows around the
cursor (more rows than the panel holds); under them, that Start plays.
A screen's module (``hw.screens.MODULES``), loaded while the menu is
shown."""

from micropython import const

from engine.game import LANGUAGES, VARIANTS
from hw import buttons
from hw.lang.strings import LANGUAGE_NAMES
from hw.match import play
from hw.screens import HELP, LEARN, LINES, MENU, MENU_ROWS, PANEL_CHARS, QUIZ, ROUND_CHOICES, STATS

_S_PLACE = const(0)  # hw.sound's PLACE: the sound turned on says so (tests/test_layers.py)
_VALUES = ("opponent", "variant", "rounds", "language", "autoclaim", "hints", "sound")  # the rows A steps on


def press(app, button):
    """A button in the menu: a row chosen, a choice changed, a match begun."""
    rows = len(MENU_ROWS)
    if button == buttons.A and MENU_ROWS[app.row] in _VALUES:
        button = buttons.RIGHT  # (A on a row with a value: the next value)
    if button == buttons.UP:
        app.row = (app.row - 1) % rows
    elif button == buttons.DOWN:
        app.row = (app.row + 1) % rows
    elif button in (buttons.LEFT, buttons.RIGHT):
        step = 1 if button == buttons.RIGHT else -1
        key = MENU_ROWS[app.row]
        if key == "opponent":
            app.opponent = _cycle(app.OPPONENTS, app.opponent, step)
        elif key == "variant" or key == "learn":  # (the lesson is the variant's)
            app.variant = (app.variant + step) % 3
        elif key == "rounds":
            app.rounds = _cycle(ROUND_CHOICES, app.rounds, step)
        elif key == "language":
            app.lang = _cycle(LANGUAGES, app.lang, step)
        elif key == "autoclaim":
            app.auto_claim = not app.auto_claim
        elif key == "hints":
            app.hints_on = not app.hints_on
        elif key == "sound":
            app.sound = not app.sound
            if app.sound:
                play.beep(app, _S_PLACE)  # (heard at once: this is the sound)
            elif app.sounds is not None:
                app.sounds.stop()
        app.keeper.changed_at = app.now  # saved once it settles (hw.saves.keep)
    elif button == buttons.A and MENU_ROWS[app.row] == "help":
        app.page = 0
        app.go(HELP, MENU)  # (B there comes back here, the cursor on Help)
    elif button == buttons.A and MENU_ROWS[app.row] == "learn":
        app.go(LEARN)  # (the lesson of the variant, set up at its screen's first tick: this code gone first)
    elif button == buttons.A and MENU_ROWS[app.row] == "mistakes":
        if app.mistakes:
            app.go(QUIZ)  # (a kept mistake's question, set up at its first tick: hw.screens.quiz)
        else:
            from hw.lang.menu import words

            app.notice(words(app.lang)["no_mistakes"].split("\n"), MENU)
    elif button == buttons.A and MENU_ROWS[app.row] == "stats":
        app.page = 0
        app.go(STATS, MENU)
    elif button in (buttons.A, buttons.START) and (MENU_ROWS[app.row] == "start" or button == buttons.START):
        if app.opponent != "link":
            play.new_match(app)
        elif app.link_port is None:
            app.notice([app.t("no_link")], MENU)
        else:
            from hw.match import link  # (loaded: a link is played)

            link.start(app)


def lines(app):
    from hw.lang.menu import words  # (the menu's own words: in RAM while it is drawn)

    t = app.t
    w = words(app.lang)
    values = (t(VARIANTS[app.variant]),
              "",
              t(app.opponent),
              t(VARIANTS[app.variant]),
              str(app.rounds),
              LANGUAGE_NAMES[LANGUAGES.index(app.lang)],
              w["on" if app.auto_claim else "off"],
              w["on" if app.hints_on else "off"],
              w["on" if app.sound else "off"],
              "", "", "")
    rows = []
    for i, key in enumerate(MENU_ROWS):
        label = w[key] if key in w else t(key)  # (Help: the pause menu's word too)
        if key == "mistakes":
            label = label % app.mistakes  # (how many are kept: hw.saves.kept)
        if i != app.row:
            rows.append(" %s %s" % (label, values[i]) if values[i] else " " + label)
        else:  # (the row under the cursor: its value between the arrows that change it)
            rows.append(">%s <%s>" % (label, values[i]) if values[i] else ">" + label)
    # The title (with the link chosen, whether a link is there instead);
    # then the rows: all, or a run of them around the cursor, widened down
    # first (one too long takes two lines); last, that Start plays.
    if app.opponent == "link":
        out = ["(" + t("link") + ": " + t("not_connected") + ")"]
    else:
        out = [w["title"]]
    room = LINES - len(out) - 1
    lo = hi = app.row
    used = _height(rows[lo])
    while True:
        if hi + 1 < len(rows) and used + _height(rows[hi + 1]) <= room:
            hi += 1
            used += _height(rows[hi])
        elif lo > 0 and used + _height(rows[lo - 1]) <= room:
            lo -= 1
            used += _height(rows[lo])
        else:
            break
    return out + rows[lo : hi + 1] + [w["plays"]]


def _height(row):
    return 1 if len(row) <= PANEL_CHARS else 2


def _cycle(choices, current, step):
    i = choices.index(current) if current in choices else 0
    return choices[(i + step) % len(choices)]
