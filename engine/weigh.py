"""What a move cost: the points of winning chance (0 to 100) the player's
move gave away against the hard level's, and its class (good, inaccuracy,
mistake, blunder), by the hard level's own judgement; once the clan pile
is empty, by proof where its exact search settles it (a won endgame given
away).  The classic and expert variants; the review (``engine.review``)
loads it to weigh a move, the board's and the desktop's alike
(``hw.screens.review``, ``python -m sim --replay FILE --review``).

The judgement's unit and the classes' thresholds are measured against
playouts (tools/strength/reviewcal.py, its entry in
tools/strength/notebook.md; docs/playing.md says them to players).
"""

from micropython import const

from engine.game import EXPERT, TACTICS
from engine.moves import PASS, move_card, move_claims, move_stone

# The points between hard's move and the move played: the difference of
# hard's judgements of them, ``_UNIT`` of judgement a point, a move whose
# claims win the round at once judged ``_WON``.
_UNIT = const(200)
_WON = const(10000)  # (above any judgement of a round still open: 9 stones sure, 9000, and runs)
GOOD = const(0)
INACCURACY = const(1)
MISTAKE = const(2)
BLUNDER = const(3)
_LEAST = (0, 4, 8, 16)  # the least cost of each class
CLASSES = ("good", "inaccuracy", "mistake", "blunder")
GIVEN_AWAY = const(101)  # ``cost`` of a won endgame given away (proved: more than any judgement's)
_EXACT = const(200)  # positions each exact search of the review may reach (engine.ai: 500 for its move)
_WORLDS = const(8)  # engine.ai's: the worlds hard samples (tests/test_review.py holds them equal)
_HORIZON = const(2)  # engine.ai's: the opponent's next draws counted in a world


def cost(bot, game, hard, played):
    """What ``played`` gave away in ``game`` (classic or expert), once
    ``engine.review.hard_move`` has asked ``bot`` for ``hard`` there:
    points of winning chance, 0 to 100 (``values``' difference, ``_UNIT``
    a point); -1 where it is not weighed (a pass, the tactics variant).
    With the clan pile empty and the round won (hard's exact search
    found a win, ``engine.endgame``), proof first: 0 for a move that
    still wins the round whatever comes, ``GIVEN_AWAY`` for one that does
    not (searched within ``_EXACT`` positions; a search cut short proves
    nothing: an inaccuracy at most)."""
    if game.variant == TACTICS:
        return -1
    v = values(bot, game, hard, played)
    if v is None:
        return -1
    search = bot.endgame
    if search is not None and search.found and game.deck_pos >= 54 and v[1] < _WON and not (
            game.variant == EXPERT and game.wins_with(game.to_move, move_claims(hard))):
        # Hard's search found the round won (not asked when its expert
        # claims won before it placed): its view holds the other hand
        # (engine.endgame.reveal).
        from engine.endgame import NOT_WON, WON

        mine = WON if _placed(played) == search.found else search.after(bot.view, _placed(played), _EXACT)
        if mine == WON:
            return 0
        if mine == NOT_WON:
            return GIVEN_AWAY
        # Not settled within the limit: the judgement alone errs here (of
        # such moves in tests/data/won-endgames.jsonl's positions it
        # called 21 of the 33 that kept the win mistakes, and the 5 that
        # lost it), so an inaccuracy at most.
        return min(_LEAST[MISTAKE] - 1, max(0, v[0] - v[1]) // _UNIT)
    return min(100, (v[0] - v[1]) // _UNIT)


def grade(points):
    """The class (``GOOD`` to ``BLUNDER``) of a move that cost ``points``."""
    k = GOOD
    while k < BLUNDER and points >= _LEAST[k + 1]:
        k += 1
    return k


def values(bot, game, hard, played):
    """The hard level's judgement, in ``game`` (classic or expert), of its
    move ``hard`` (``engine.review.hard_move``'s, just asked of ``bot``)
    and of the player's ``played``: ``(best, mine)``.  Both placements are judged as
    hard's first look judges every placement (the same sampled worlds for
    all, no tie-break); ``best`` is the higher of the two (its second
    look chose ``hard`` among the first look's best few: any of those
    the player chose may be judged a little higher); a move whose claims
    win the round at once is worth ``_WON`` at least.  None for a pass
    (no choice)."""
    if move_card(played) == PASS:
        return None
    p = game.to_move
    if game.wins_with(p, move_claims(played)):
        return _WON, _WON
    g = bot.view  # (hard's view of game: the other hand hidden)
    judge = bot.judge
    won = game.wins_with(p, move_claims(hard))
    if won:
        # Hard's claims win: it may have judged nothing (the expert
        # variant's claims come first), its worlds another position's.
        judge.sample(g, p, bot.rng, _WORLDS, _HORIZON)
    judge.begin(g, p)
    mine = _after(judge, g, p, played)
    return max(mine, _WON if won else _after(judge, g, p, hard)), mine


def choices(bot, game, hard):
    """``(good, open)``: how many of the placements open to the player to
    move in ``game`` are good beside ``hard`` (cost less than an
    inaccuracy, judged as ``values`` judges: ask ``cost`` first, whose
    worlds these are), and how many there are.  A mistake where many are
    good is found by a guess: not a question (``hw.screens.review``)."""
    from engine.moves import move

    p = game.to_move
    g = bot.view
    judge = bot.judge
    judge.begin(g, p)
    floor = _after(judge, g, p, hard) - _LEAST[INACCURACY] * _UNIT
    good = n = 0
    stones = g.open_stones(p)
    for card in g.hand_cards(p):
        for s in range(9):
            if stones >> s & 1:
                n += 1
                if _after(judge, g, p, move(card, s)) > floor:
                    good += 1
    return good, n


def _placed(m):
    # Move m's placement, claiming all it can (as the exact search plays).
    from engine.moves import AUTO_CLAIM, move

    return move(move_card(m), move_stone(m)) | AUTO_CLAIM


def _after(judge, g, p, m):
    # The judge's value of g once p has placed m's card (begin done).
    token = g.play_tentatively(m)
    v = judge.value_after(g, p, move_card(m), move_stone(m))
    g.unplay(m, token)
    return v
