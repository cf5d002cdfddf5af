"""The screens: their numbers (``App.mode``), each one's module, the menus' rows.

One module a screen lives in this folder (hw/screens/menu.py, ...); this
table names them.  The names the app's modules share, in a module that
imports nothing, so that none of them imports the app (``hw.app``) to learn
them.  A new screen is a module here and a row below (a number, its module
in MODULES): docs/architecture.md, "A screen".
"""

from micropython import const

MENU = const(0)
TURN = const(1)
HANDOFF = const(2)
THINKING = const(3)
NOTICE = const(4)
DETAIL = const(5)
ROUND_END = const(6)
MATCH_END = const(7)
PAUSE = const(8)
LINKING = const(9)  # waiting for the other board
REMOTE = const(10)  # the other board's turn
RESUME = const(11)  # a saved match offered: resume it or start anew
HELP = const(12)  # the help pages
HINT = const(13)  # a hint being worked out (then shown on a notice)
STATS = const(14)  # the statistics
REVIEW = const(15)  # a match reviewed, move by move
LEARN = const(16)  # a lesson
QUIZ = const(17)  # a mistake of the player's as a question: find the better move

# Each screen's module, by number (docs/architecture.md): a screen is a
# module with ``press(app, button)``, ``lines(app)`` (its panel's lines;
# None: the board is shown) and, if time moves it, ``tick(app, now)``.  The
# app loads it while the screen is shown (``App.screen``).
MODULES = ("hw.screens.menu", "hw.screens.turn", "hw.screens.handoff", "hw.screens.thinking", "hw.screens.notice",
           "hw.screens.detail", "hw.screens.ends", "hw.screens.ends", "hw.screens.pause", "hw.screens.remote",
           "hw.screens.remote", "hw.screens.resume", "hw.screens.help", "hw.screens.hint", "hw.screens.stats",
           "hw.screens.review", "hw.screens.learn", "hw.screens.quiz")

ROUND_CHOICES = (1, 3, 5, 7)
MENU_ROWS = ("learn", "mistakes", "opponent", "variant", "rounds", "language", "autoclaim", "hints", "sound", "stats",
             "help", "start")
PAUSE_ROWS = ("resume", "restart", "help", "main_menu")
RESUME_ROWS = ("resume", "new_game")

# A panel's text (hw.view draws it): its lines, and the characters of the
# built-in font (6 pixels each) on a line.
LINES = const(9)
PANEL_CHARS = const(24)
