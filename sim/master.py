"""The sim's level that a board does not have: "Master (desktop)", the
sparring partners' searcher (``desk.sparring``) at a second a move.

``DeskApp`` is the handheld's app with that one opponent more in the menu
(last, so that a board's saves keep their meaning here), and a link's
words for a sim started without ``--port``; everything else is the
board's own code.  The searcher sees only what its seat may see: it
is handed a copy of the game with the rest hidden.
"""

from desk import sparring
from engine.game import OPPONENTS, make_game
from hw.app import App
from hw.lang.strings import pick

MASTER = "master"
NAMES = ("Master (desktop)", "Maître (ordinateur)", "Maestro (ordenador)")  # LANGUAGES' order
# A sim started without --port: the menu's link row and Start's notice say
# what a link needs (a board always has its port: "not connected" until the
# link lands).
NO_PORT = {"not_connected": ("needs --port", "--port requis", "falta --port"),
           "no_link": ("A link needs --port PATH", "Liaison: --port requis", "Enlace: falta --port")}


class Master:
    """The searcher as the app's bot: ``choose(game)`` (and ``choose_on``,
    as ``engine.bots.Bot``) for the seat to move."""

    def __init__(self, seed, seconds=1.0, playouts=0):
        self.searcher = sparring.make("searcher", seed, seconds, playouts)
        self.view = None

    def choose(self, game):
        view = self.view
        if view is None or view.variant != game.variant:
            view = self.view = make_game(game.variant)
        view.copy_from(game)
        view.hide(game.to_move)
        return self.searcher.choose(view)

    # The app's bots think on the match's game itself (a board's heap);
    # the desktop has room for the copy above.
    choose_on = choose


class DeskApp(App):
    OPPONENTS = OPPONENTS + (MASTER,)

    def __init__(self, *args, master_seconds=1.0, master_playouts=0, **kwargs):
        """``App``'s arguments; the master's time a move, or a count of
        playouts instead (reproducible)."""
        App.__init__(self, *args, **kwargs)
        self.master_seconds = master_seconds
        self.master_playouts = master_playouts

    def bot(self, seed):
        if self.opponent == MASTER:
            return Master(seed, self.master_seconds, self.master_playouts)
        return App.bot(self, seed)

    def t(self, key):
        if key == MASTER:
            return pick(self.lang, NAMES)
        if key in NO_PORT and self.link_port is None:
            return pick(self.lang, NO_PORT[key])
        return App.t(self, key)

    def player_names(self, name):
        if self.opponent == MASTER:
            return [name, NAMES[0]]
        return App.player_names(self, name)
