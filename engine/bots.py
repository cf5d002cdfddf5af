"""The built-in opponents, by level.

Every level plays only legal moves and claims every stone it can prove.
``Bot(level, seed).choose(game)`` answers for the player to move; it reads
only what that player may see (the table, its own hand, the other hand's
size and the pile's size) because it works on a copy from which the rest is
hidden.

- ``easy``: plausible but weak.  It plays a card from its hand at random,
  but where that card fits best: beside the same colour, a neighbouring
  value, the same value; finishing a side when it can.
- ``medium``: a real heuristic.  It judges each placement on its own stone
  (``engine.ai.Judge.stone``): the formation it can still complete there
  against the best one the opponent can still reach, less a toll for
  showing a card the opponent's best completion somewhere would use (it
  holds the cards the opponent needs), and it keeps high cards.
- ``hard``: search over hidden information.  It deals the cards it cannot
  see into sampled worlds (the other hand, the pile's order; eight a move
  in the classic game), each consistent with all it knows, and takes the
  opponent's prospects at every stone from its hand and next draws there;
  then it tries every placement and judges the whole board: every stone,
  runs of three adjacent stones, proofs, and any claim that would win at
  once.  With the clan pile empty the unseen cards are the other hand:
  an exact search (``engine.endgame``, loaded then) tries its move and,
  when that does not win the round whatever comes, the others, and plays
  a forced win if it finds one within a fixed count of positions.  Its
  work is fixed (worlds x placements, positions), never timed, so a seed
  replays its play.

The classic and expert levels are ``engine.ai``'s, loaded on the first
classic turn; in the tactics variant the same three levels play through
``engine.tbots`` (elite troops, combat modes, ruses, the Scout's return
step, the choice of pile), on a copy with the other hand and both piles
hidden too.  A board holds only its variant's.  What both variants' levels
share is ``engine.botkit``'s: this module holds only the dispatcher.
"""

from micropython import const

from engine.game import LEVELS, TACTICS
from engine.rng import Random

MYPY = const(0)  # (as engine.game's: the block under it is for the type check only)
if MYPY:  # the type check only: a board loads these on the first turn of their variant
    from engine.ai import Judge  # noqa: F401
    from engine.classic import Game  # noqa: F401
    from engine.endgame import Endgame  # noqa: F401


class Bot:
    def __init__(self, level="medium", seed=0):
        if level not in LEVELS:
            raise ValueError("unknown level %r" % (level,))
        self.level = level
        self.rng = Random(seed)
        # The classic judge and view, made on the first classic turn
        # (engine.ai) with the scratch below: a tactics match never loads
        # engine.ai nor engine.classic, nor holds what they use.
        self.view = None  # type: Game | None
        self.judge = None  # type: Judge | None
        self.tactics = None  # engine.tbots.Brain, made on the first tactics turn
        self.endgame = None  # type: Endgame | None  # hard's exact search, while the clan pile is empty

    if MYPY:  # the classic levels' scratch, set by engine.ai with the judge
        before = bytearray(0)  # medium: each open stone's chance before the card
        need_mask = [0]  # medium: per colour, the hand's cards the opponent needs
        top_v = [0]  # hard: the best placements so far (values, moves)
        top_m = [0]

    def choose(self, game):
        """A legal move for the player to move in ``game``, with every
        provable claim (``AUTO_CLAIM``).  ``game`` is left as it was."""
        if game.variant == TACTICS:
            from engine import tbots

            return tbots.choose(self, game)
        from engine import ai

        return ai.choose(self, game)

    def choose_on(self, game):
        """``choose``'s move, thought on ``game`` itself rather than on a
        copy: what the player to move cannot see is put aside while the
        bot thinks on the game hidden, then put back (one game less on a
        board's heap: the app's hint).  ``game`` is left as it was."""
        p = game.to_move
        kept = game.secrets(p)
        if game.variant == TACTICS:
            from engine.tbots import Brain

            if self.tactics is None:
                self.tactics = Brain(self.level, False)
            lent = self.tactics
        else:
            lent = self
        view = lent.view
        lent.view = game
        try:
            return self.choose(game)
        finally:
            lent.view = view
            game.reveal(p, kept)
