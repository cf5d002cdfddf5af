"""A match reviewed: for each move of one player, the move the hard level
would have made in that position, and whether the player's differs (what
the player's move cost, ``engine.weigh``).

Shared by the board's review screen (``hw.screens.review``) and the desktop's
``python -m sim --replay FILE --review``, so that both mark the same
moves: the hard bot is seeded from the match's seed and the move's number
alone (``seed``), and sees what the hint's sees (the game, whose bots
read only what the player to move may know).
"""

from engine.game import NOBODY, TACTICS
from engine.match import Match


def seed(match_seed, n):
    """The hard bot's seed for move ``n`` (0 for the first of the match) of
    the match dealt from ``match_seed``: the same review everywhere."""
    return (match_seed * 31 + 7919 + n) & 0x3FFFFFFF


def hard_bot(variant, lend=False):
    """The hard bot of a whole review, made once (``hard_move`` reseeds it
    for each move): what its thinking keeps is allocated together, before
    the review's tables cut the heap up, not again at every move.  With
    ``lend`` (a board's review: one game less on the heap), a tactics
    brain has no view of its own: ``hard_move`` lends it the game it is
    given."""
    from engine.bots import Bot

    bot = Bot("hard")
    if variant == TACTICS:
        from engine.tbots import Brain

        bot.tactics = Brain("hard", not lend)
    return bot


def hard_move(bot, game, match_seed, n):
    """The hard level's move (claims spelled out) for the player to move
    in ``game``, move ``n`` of the match dealt from ``match_seed``, asked
    of ``bot`` (``hard_bot``'s) seeded for it: the move a hard bot made
    afresh with that seed chooses (its brain keeps no more than its
    scratch from one move to the next, as in a match).  A bot made to
    borrow its view thinks on a tactics ``game`` itself (``choose_on``):
    the same move."""
    bot.rng.seed(seed(match_seed, n))
    brain = bot.tactics
    if brain is None or brain.view is not None:
        return game.spell_claims(bot.choose(game))
    return game.spell_claims(bot.choose_on(game))


def positions(match_seed, rounds, variant, moves, upto=-1, game=None):
    """``(n, match)`` before each move ``n`` of ``moves`` (to ``upto``, if
    given), the match dealt from ``match_seed`` ready for it: the moves
    before it played, a round they ended scored (its game is the one move
    ``n`` is made in; the match keeps neither the rounds' moves nor the
    last one's board, ``Match.finish_round``'s ``keep``), dealt in ``game``
    if given (the last table's: ``Match``).  The match is one and the same,
    played on after each: look at it before asking for the next."""
    match = Match(match_seed, rounds, variant, game)
    for n in range(len(moves) if upto < 0 else upto + 1):
        if match.game.winner != NOBODY:
            match.finish_round(False)
        yield n, match
        match.game.apply(moves[n])


def at(match_seed, rounds, variant, moves, n, game=None):
    """The match dealt from ``match_seed`` (in ``game``, if given), ready
    for move ``n`` of ``moves`` (``positions``')."""
    for k, match in positions(match_seed, rounds, variant, moves, n, game):
        if k == n:
            return match


def mine(match_seed, rounds, variant, moves, seats):
    """The numbers (from 0) of the moves among ``moves`` made by the seats
    of ``seats`` (a mask: 1 the first, 2 the second, 3 both): the player to
    move before each is known only by playing the match."""
    return [n for n, match in positions(match_seed, rounds, variant, moves) if seats >> match.game.to_move & 1]
