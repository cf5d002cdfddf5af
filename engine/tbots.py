"""The built-in opponents in the tactics variant (``engine.bots.Bot``
hands its tactics turns here).

Interim: every level plays a random legal move and claims all it can.
"""

from engine.game import AUTO_CLAIM


def choose(bot, game):
    """A legal move (with ``AUTO_CLAIM``) for the player to move."""
    moves = game.legal_moves()
    return moves[bot.rng.below(len(moves))] | AUTO_CLAIM
