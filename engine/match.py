"""A match of several rounds, scored as the rule book proposes.

The winner of a round scores 5 points, the loser 1 point per stone owned; a
stalled round with equal stones is a draw worth nothing to either.  The loser
of a round starts the next one (after a draw, the player who did not start
the drawn round).  The first player of the first round is drawn from the
match seed, and every round is dealt from a seed drawn from it, so one seed
replays the whole match.
"""

from micropython import const

from engine.game import CLASSIC, DRAW, NOBODY, make_game
from engine.rng import Random

_WIN_POINTS = const(5)


class Match:
    def __init__(self, seed, rounds=1, variant=CLASSIC, game=None):
        """``game``: a game of ``variant`` to deal the match in, instead of
        a new one (a table rebuilt again and again: ``engine.review``)."""
        if rounds < 1:
            raise ValueError("a match has at least one round")
        self.seed = seed
        self.rounds = rounds
        self.game = game or make_game(variant)
        self.scores = [0, 0]
        self.results = []  # per finished round: (winner, stones of 0, stones of 1)
        self.log = []  # the moves of the finished rounds (see moves())
        self._rng = Random(seed)
        self.starter = self._rng.below(2)
        self.round_seed = 0
        self.final = None  # the board of the round just scored, once the next one is dealt (see finish_round)
        self.start_round()

    def round_number(self):
        """1 for the first round."""
        return len(self.results) + 1

    def start_round(self):
        self.round_seed = self._rng.bits30()
        self.game.deal(self.round_seed, self.starter)

    def finish_round(self, keep=True):
        """Score the round just ended; deal the next one unless the match
        is over.  Returns the round's winner (0, 1 or DRAW).  Without
        ``keep``, neither the round's moves (``log``) nor its board
        (``final``) are kept: a table rebuilt only to be looked at
        (``engine.review``), on a board's heap."""
        game = self.game
        w = game.winner
        if w == NOBODY:
            raise ValueError("the round is still in play")
        owned = game.owned
        self.results.append((w, owned[0], owned[1]))
        if keep:
            self.log.extend(game.round_moves())
        if w == DRAW:
            self.starter = 1 - self.starter
        else:
            self.scores[w] += _WIN_POINTS
            self.scores[1 - w] += owned[1 - w]
            self.starter = 1 - w
        if not self.over():
            # The same game is dealt anew: a copy of the board keeps the
            # round's end to show until the screens let it go, with the
            # last move of its history (the move that ended it).
            if keep:
                final = make_game(game.variant)
                final.copy_from(game)
                n = game.move_count()
                if n:
                    final.history.extend(game.history[-(len(game.history) // n):])
                self.final = final
            self.start_round()
        return w

    def moves(self):
        """Every move of the match so far, round after round, claims spelled
        out: what a game record or a save holds."""
        if self.over():
            return self.log  # (the last round's game is scored already)
        return self.log + self.game.round_moves()

    def move_count(self):
        """How many moves the match has had so far (``len(moves())``
        without making the list)."""
        return len(self.log) + (0 if self.over() else self.game.move_count())

    def over(self):
        return len(self.results) >= self.rounds

    def winner(self):
        """The match winner once it is over: 0, 1, DRAW for equal scores,
        NOBODY while it goes on."""
        if not self.over():
            return NOBODY
        a, b = self.scores
        return 0 if a > b else 1 if b > a else DRAW
