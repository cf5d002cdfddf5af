"""Sparring partners for the built-in levels: desktop only, never shipped.

``python tools/sparring.py greedy|searcher [--seconds S] [--playouts N] [--seed N]``
speaks the bot protocol on stdin and stdout (one JSON request a line, one
answer a line, as docs/contract.md says), so that ``tools/tournament.py``
and any outside referee can play them; the tournament also plays them in
its own processes by name (``greedy``, ``searcher``).  Each sees only what
the protocol's position shows its player: the table, its own hand, the
sizes of the other hand and the pile.

- ``greedy``: one ply.  For every card of its hand at every open stone, the
  best formation it can still reach there (from the rest of its hand for
  sure, from the unseen cards in hope, each unseen card a cost) against the
  best the opponent can hope for there, plus finishing what it started,
  and a claim the card makes provable.  Tactics: every legal play (elite
  troops, combat modes, ruses) tried on the table and judged by the change
  at the stones it touches, each side's best reachable formation found by
  the rules' own solver (``engine.elite``), less what the card costs; a
  Scout takes one tactic card, the two cards least worth keeping go back,
  and it draws a tactic card while its hand holds none.
- ``searcher``: determinized Monte-Carlo on top of the hard level.  Its
  candidates are hard's three best moves by hard's first look (in the
  tactics variant, the tactics hard level's three best); the unseen cards
  are dealt into worlds consistent with what it knows, each candidate is
  played out in the same worlds to the end of the round by a heuristic
  rollout policy (``rollout_move``), and sequential halving spends the
  time (``--seconds``, 1 s a move by default) on the candidates still in
  the race, hard's own choice among them with a head start of 3 games in
  100.  Work is counted in playouts, not timed, when ``--playouts`` is
  given, so that a seed replays its play.  Its other settings (the
  greedy's twelve best, as it had before; other rollout policies) are
  kept for the strength notebook (tools/strength/notebook.md).  The sim offers it as a
  level a board does not have, "Master (desktop)" (``sim.master``).
"""

import time

import engine  # noqa: F401
from engine.botkit import fit, split_unseen
from engine.formation import rank3
from engine.game import NOBODY, N_STONES, SIDE_MAX, TACTICS, make_game
from engine.cards import SCOUT, SHIELD
from engine.moves import AUTO_CLAIM, DRAW_TACTIC, PASS, move, move_card, move_second, move_stone
from engine.rng import Random

# Greedy: what an unseen card costs in a hoped-for formation (its own
# hand's are sure), per card the opponent still needs, per card already on
# a side (finishing what it started), and a claim made provable.
HOPE_COST = 14
THEIR_COST = 10
STARTED = 6
CLAIM = 60
NAMES = ("greedy", "searcher")


def _top3(cards):
    # The best rank of three of ``cards`` (the categories come first).
    by_colour = [0] * 6
    for c in cards:
        by_colour[c // 9] |= 1 << (c % 9)
    best = -100
    for v in range(6, -1, -1):  # a colour run, highest first
        for mask in by_colour:
            if mask >> v & 7 == 7:
                return rank3(v, v + 1, v + 2)
    for v in range(8, -1, -1):  # three of a kind
        if sum(1 for mask in by_colour if mask >> v & 1) >= 3:
            return rank3(v, 9 + v, 18 + v)
    for c, mask in enumerate(by_colour):  # a colour: its three highest
        values = [v for v in range(8, -1, -1) if mask >> v & 1][:3]
        if len(values) == 3:
            best = max(best, rank3(*(c * 9 + v for v in values)))
    if best >= 0:
        return best
    every = 0
    for mask in by_colour:
        every |= mask
    for v in range(6, -1, -1):  # a run
        if every >> v & 7 == 7:
            return 32 + 3 * v + 6
    values = sorted((c % 9 for c in cards), reverse=True)[:3]
    return sum(values) + 3 if len(values) == 3 else -100


def _combinations(items, k, start=0):
    # itertools.combinations, which MicroPython lacks (desk/ runs there too).
    if k == 0:
        yield ()
        return
    for i in range(start, len(items) - k + 1):
        for rest in _combinations(items, k - 1, i + 1):
            yield (items[i],) + rest


def _best(side, sure, hoped, cost):
    # The best rank ``side`` can be completed to, less ``cost`` for each
    # card taken from ``hoped`` (cards from ``sure`` are free).
    need = SIDE_MAX - len(side)
    if need <= 0:
        return rank3(*side[:3])
    if need == 3 and not sure:
        return _top3(hoped) - 3 * cost
    pool = [(c, 0) for c in sure] + [(c, cost) for c in hoped]
    if len(pool) < need:
        return -100  # it cannot be finished
    best = -100
    for extra in _combinations(pool, need):
        cards = side + [c for c, _ in extra]
        v = rank3(*cards) - sum(k for _, k in extra)
        if v > best:
            best = v
    return best


def _unseen(game, player):
    # The clan cards ``player`` cannot see: not on the table, not in hand.
    hand = set(game.hand_cards(player))
    return [c for c in range(54) if game.unseen[c // 9] >> (c % 9) & 1 and c not in hand]


def greedy_scores(game, player=-1):
    """(score, move) for every placement of the player to move, best
    first; [] when it cannot place."""
    p = game.to_move if player < 0 else player
    stones = game.open_stones(p)
    hand = [c for c in game.hand_cards(p) if c < 54]
    if not stones or not hand:
        return []
    unseen = _unseen(game, p)
    theirs = {}
    for s in range(N_STONES):
        if stones >> s & 1:
            side = list(game.cards_at(s, 1 - p))
            theirs[s] = rank3(*side) if len(side) == SIDE_MAX else _best(side, [], unseen, THEIR_COST)
    claimable = game.claimable(p)
    out = []
    for card in hand:
        rest = [c for c in hand if c != card]
        for s in range(N_STONES):
            if not stones >> s & 1:
                continue
            side = list(game.cards_at(s, p)) + [card]
            v = _best(side, rest, unseen, HOPE_COST) - theirs[s] + STARTED * len(side) - card % 9
            m = move(card, s)
            if game.claimable_after(m) & ~claimable:
                v += CLAIM
            out.append((v, m))
    out.sort(key=lambda vm: -vm[0])
    return out


# Tactics: what a stone won is worth to the greedy, and what playing a
# card costs it (a clan card its value, an elite troop or a tactic card
# kept for a better moment).
WON = 150
TROOP_COST = 10
TACTIC_COST = 16


class _Prospects:
    """The tactics greedy's judgement of one stone: the best formation a
    side can still reach (``engine.elite.Solver``: elite troops, Mud's
    four cards and Blind man's bluff included), ours from the hand sure or
    from the unseen cards hoped for, theirs from the cards we cannot see."""

    def __init__(self, game, p):
        from engine.elite import Solver

        self.solver = Solver()
        self.p = p
        self.hand_m = [0] * 6
        self.hand_n = bytearray(9)
        self.their_m = [0] * 6  # the unseen cards but our hand's
        self.their_n = bytearray(9)
        split_unseen(game, p, self.hand_m, self.hand_n, self.their_m, self.their_n)
        self.pool_m = list(game.unseen)  # the unseen cards, our hand's among them, as the turn began
        self.pool_n = bytearray(game.unseen_n)

    def stone(self, game, s):
        """Our side's prospect less theirs, with the cards already placed."""
        p = self.p
        owner = game.owner[s]
        if owner != NOBODY:
            return WON if owner == p else -WON
        return self._side(game, s, p) - self._side(game, s, 1 - p) + STARTED * game.n[s * 2 + p]

    def _side(self, game, s, q):
        i = s * 2 + q
        k = game.n[i]
        cap = game.cap(s)
        blind = game.mode[s] & 1
        base = i * game.side_room
        solver = self.solver
        if q != self.p:
            r = solver.best(game.side, base, k, cap, blind, self.their_m, self.their_n, game._avail(q))
            return r - THEIR_COST * (cap - k) if r >= 0 else -100
        best = -100
        if k < cap:
            r = solver.best(game.side, base, k, cap, blind, self.hand_m, self.hand_n, 0)
            if r >= 0:
                best = r
        r = solver.best(game.side, base, k, cap, blind, self.pool_m, self.pool_n, 0)
        if r >= 0:
            hoped = 0
            for j in range(solver.wit_n):
                c = solver.wit[j]
                if c >= 54 or not self.hand_m[c // 9] >> (c % 9) & 1:
                    hoped += 1
            r -= HOPE_COST * hoped
            if r > best:
                best = r
        return best


def _state(game, s):
    return game.n[s * 2] | game.n[s * 2 + 1] << 4 | game.mode[s] << 8 | game.owner[s] << 12


def tactics_scores(game):
    """(score, move) for every play of the player to move in the tactics
    variant, best first: the change the play makes to the stones it
    touches (``_Prospects.stone``), a claim it makes provable, less what
    the card costs; [] when it can only pass."""
    p = game.to_move
    moves = game.legal_moves()
    if moves[0] == PASS:
        return []
    judge = _Prospects(game, p)
    before = [judge.stone(game, s) for s in range(N_STONES)]
    states = [_state(game, s) for s in range(N_STONES)]
    claimable = game.claimable(p)
    out = []
    for m in moves:
        card = move_card(m)
        token = game.try_play(m)
        v = 0
        for s in range(N_STONES):
            if _state(game, s) != states[s]:
                v += judge.stone(game, s) - before[s]
        if game.claimable(p) & ~claimable:
            v += CLAIM
        game.unplay(m, token)
        v -= card % 9 if card < 54 else TROOP_COST if card <= SHIELD else TACTIC_COST
        out.append((v, m))
    out.sort(key=lambda vm: -vm[0])
    return out


def _finish(game, m):
    # Tactics: a Scout takes one card from the tactic pile when it can;
    # the draw is from the tactic pile while the hand holds no tactic card.
    if move_card(m) == SCOUT:
        lo, hi = game.scout_range()
        return move(SCOUT, max(lo, min(1, hi))) | AUTO_CLAIM
    if game.tactic_pile_size() and all(c < 54 for c in game.hand_cards(game.to_move)):
        m |= DRAW_TACTIC
    return m | AUTO_CLAIM


def _return(game):
    # Tactics: after a Scout, put back the two cards least worth keeping
    # (the lowest clan cards; a tactic card is kept).
    best = None
    pick = PASS
    for m in game.legal_moves():
        v = 0
        for c in (move_card(m), move_second(m)):  # (a return move names its cards)
            if c != PASS:
                v -= c % 9 if c < 54 else 12
        if best is None or v > best:
            best = v
            pick = m
    return pick


def _scores(game):
    # The greedy's judgement of the turn, in either variant.
    if game.variant == TACTICS:
        return tactics_scores(game)
    return greedy_scores(game)


class Greedy:
    """The one-ply greedy player (every variant)."""

    def __init__(self, seed=0):
        self.rng = Random(seed)

    def choose(self, game):
        if game.variant == TACTICS and game.returns:
            return _return(game)
        scores = _scores(game)
        if not scores:
            return PASS | AUTO_CLAIM
        best = scores[0][0]
        ties = [m for v, m in scores if v == best]
        m = ties[self.rng.below(len(ties))]
        return _finish(game, m) if game.variant == TACTICS else m | AUTO_CLAIM


def rollout_move(game, rng):
    """The rollout policy's move for the player to move: a clan card of
    the hand at random, at the open stone where it fits best
    (``engine.botkit.fit``: the same colour, a near value, the same value
    beside it), ties in a random order.  (Choosing the card too, the best
    fit of the whole hand, gave fewer playouts, about 650 a second against
    840, and a weaker searcher: it won 35% of 40 games against hard at
    0.5 s a move, this one 55%.)  Tactics: with no clan card to place, any
    legal play; after a Scout, the first way to put two cards back."""
    p = game.to_move
    if game.variant == TACTICS and game.returns:
        return game.legal_moves()[0]
    stones = game.open_stones(p)
    n = game.hand_n[p]
    if not n:
        return PASS | AUTO_CLAIM
    hand = game.hand[p]
    noise = rng.bits30()  # (one draw a move: the card, the ties' order)
    h = noise % n
    card = hand[h]
    if card >= 54:  # a tactic card: the next clan card in the hand instead
        for k in range(1, n):
            card = hand[(h + k) % n]
            if card < 54:
                break
    if card >= 54 or not stones:  # no clan card to place
        if game.variant != TACTICS:
            return PASS | AUTO_CLAIM
        moves = game.legal_moves()  # (a mode or a ruse may still be open)
        return moves[noise % len(moves)] | AUTO_CLAIM
    best = -1
    pick = PASS
    room = game.side_room
    for s in range(N_STONES):
        if stones >> s & 1:
            score = fit(game, card, s, p, room) * 8 + (noise >> s + 3 & 7)
            if score > best:
                best = score
                pick = move(card, s)
    return pick | AUTO_CLAIM


def rollout_pairs(game, rng):
    """A rollout policy that chooses its card too: of every clan card of
    the hand at every open stone, the best fit (``fit``), ties in a random
    order; ``rollout_move`` where it has no clan card to place."""
    p = game.to_move
    stones = game.open_stones(p)
    n = game.hand_n[p]
    if not n or not stones or (game.variant == TACTICS and game.returns):
        return rollout_move(game, rng)
    hand = game.hand[p]
    noise = rng.bits30()
    best = -1
    pick = PASS
    room = game.side_room
    for h in range(n):
        card = hand[h]
        if card >= 54:
            continue
        for s in range(N_STONES):
            if stones >> s & 1:
                score = fit(game, card, s, p, room) * 8 + (noise >> (s + h) % 24 & 7)
                if score > best:
                    best = score
                    pick = move(card, s)
    if pick == PASS:
        return rollout_move(game, rng)
    return pick | AUTO_CLAIM


def _smart_score(game, card, s, p):
    # How good ``card`` is at p's side of stone ``s``: a finished side by
    # its formation (nothing when the other full side beats it: a stone to
    # give up, where a low card goes), two cards by what they can become,
    # a new stone opened in between, a card that spoils a side least.
    i = s * 2 + p
    k = game.n[i]
    side = game.side
    base = i * 3
    v = card % 9
    if k == 2:
        r = rank3(side[base], side[base + 1], card)
        j = i ^ 1
        if game.n[j] == SIDE_MAX and game.rank[j] >= r:
            return 8 - v  # lost anyway: the lower the better
        return 40 + r // 4
    if k == 1:
        other = side[base]
        d = other % 9 - v
        if other // 9 == card // 9:
            return 60 if d in (1, -1) else 50 if d in (2, -2) else 30
        return 45 if d == 0 else 20 if -2 <= d <= 2 else 8 - v
    return 25 + v // 2


def rollout_smart(game, rng):
    """A rollout policy judging every clan card of the hand at every open
    stone (``_smart_score``, written out here for speed: formations
    finished, pairs that can become one, low cards where a side is spoilt
    or a stone lost), ties in a random order; ``rollout_move`` in the
    tactics variant."""
    p = game.to_move
    if game.variant == TACTICS:
        return rollout_move(game, rng)
    stones = game.open_stones(p)
    n = game.hand_n[p]
    if not n or not stones:
        return PASS | AUTO_CLAIM
    hand = game.hand[p]
    noise = rng.bits30()
    best = -1
    pick = PASS
    side = game.side
    counts = game.n
    for s in range(N_STONES):
        if not stones >> s & 1:
            continue
        i = s * 2 + p
        k = counts[i]
        base = i * 3
        if k == 2:
            a = side[base]
            b = side[base + 1]
            theirs = game.rank[i ^ 1] if counts[i ^ 1] == SIDE_MAX else -1
        elif k == 1:
            a = side[base]
            ac = a // 9
            av = a % 9
        for h in range(n):
            card = hand[h]
            v = card % 9
            if k == 2:
                r = rank3(a, b, card)
                score = 8 - v if theirs >= r else 40 + r // 4
            elif k == 1:
                d = av - v
                if ac == card // 9:
                    score = 60 if d == 1 or d == -1 else 50 if d == 2 or d == -2 else 30
                else:
                    score = 45 if d == 0 else 20 if -2 <= d <= 2 else 8 - v
            else:
                score = 25 + v // 2
            score = score * 8 + (noise >> (s + h) % 24 & 7)
            if score > best:
                best = score
                pick = move(card, s)
    return pick | AUTO_CLAIM


ROLLOUTS = {"fit": rollout_move, "pairs": rollout_pairs, "smart": rollout_smart}


def playout(game, rng, me, policy=rollout_move, margin=0):
    """Play ``game`` (a world) to the round's end by the rollout policy:
    1 when ``me`` wins, 0.5 for a draw, 0 for a loss; with ``margin``
    (0 to 1), that share of the result is the stones ``me`` owns less the
    other side's instead (0 to 1, even at 0.5)."""
    while game.winner == NOBODY:
        game.apply(policy(game, rng))
    if game.winner == me:
        v = 1.0
    else:
        v = 0.0 if game.winner in (0, 1) else 0.5
    if margin:
        d = 0
        for s in range(N_STONES):
            o = game.owner[s]
            if o == me:
                d += 1
            elif o != NOBODY:
                d -= 1
        v = (1 - margin) * v + margin * (d + N_STONES) / (2 * N_STONES)
    return v


def hard_bot(seed, keep):
    """engine.ai's hard bot as its first classic turn sets it up, with room
    to keep its ``keep`` best placements (``hard_candidates``)."""
    from engine import ai
    from engine.bots import Bot
    from engine.classic import Game

    bot = Bot("hard", seed)
    bot.view = Game()
    bot.judge = ai.Judge(hope=8, lack=30, tempo=60)  # (engine.ai.choose's for hard)
    bot.before = bytearray(N_STONES)
    bot.need_mask = [0] * 6
    bot.top_v = [0] * keep
    bot.top_m = [0] * keep
    return bot


def hard_candidates(bot, game, k):
    """The ``k`` best placements of the player to move by hard's first look
    (its sampled worlds), best first, with their claims; one alone when it
    wins at once; [] when it cannot place (classic and expert)."""
    from engine import ai
    from engine.botkit import WIN

    g = bot.view
    g.copy_from(game)
    p = g.to_move
    g.hide(p)
    stones = g.open_stones(p)
    if not stones or not g.hand_n[p]:
        return []
    bot.judge.sample(g, p, bot.rng, ai._WORLDS, ai._HORIZON)
    m = ai._judged(bot, g, p, stones, k)
    if m & ai._WINNING:
        return [m & ~ai._WINNING | AUTO_CLAIM]
    return [bot.top_m[i] | AUTO_CLAIM for i in range(k) if bot.top_v[i] >= -WIN]


def tactics_candidates(bot, game, k):
    """The tactics hard level's ``k`` best plays of the player to move,
    best first, each with its draw and a Scout's count (``engine.tbots``:
    the medium judgement's best twelve judged again on the whole board in
    sampled worlds; the first is hard's own move); one alone when it wins
    at once; [] when it can only pass."""
    from engine import tbots

    brain = bot.tactics
    if brain is None:
        brain = bot.tactics = tbots.Brain("hard")
    g = brain.view
    g.copy_from(game)
    p = g.to_move
    g.hide(p)
    if not g.can_play(p):
        return []
    brain.know(g, p)
    seen = []  # hard's whole-board judgement of each of its best, in order
    board = brain.board

    def recorded(g, p, worlds, fresh=0x1FF):
        v = board(g, p, worlds, fresh)
        seen.append(v)
        return v

    brain.board = recorded
    try:
        pick = tbots._hard(bot, brain, g, p)
    finally:
        del brain.board
    if brain.won or not seen:
        return [tbots._finish(brain, g, p, pick)]
    judged = []
    for i in range(len(seen)):
        cand = brain.top_m[i]
        card = move_card(cand)
        # (the price engine.tbots._hard adds to the board's judgement)
        v = seen[i]
        if card == SCOUT:
            v += 2 * brain.scout_value(g, p)
        elif card >= 54:
            v -= 2 * tbots._COST[card - 54]
        else:
            v -= card % 9
        judged.append((-v, i, cand))
    judged.sort()  # (the first is ``pick``: tests/test_sparring.py)
    return [tbots._finish(brain, g, p, c) for _, _, c in judged[:k]]


def hard_pick(bot, moves):
    """Hard's own choice among ``moves``, what ``hard_candidates`` just
    returned for the same position: its second look at the first look's
    best three (``engine.ai``), its own next draws in each sampled world
    counted too."""
    from engine import ai

    return ai._second_look(bot, bot.view, bot.view.to_move, min(ai._KEEP, len(moves))) | AUTO_CLAIM


def second_look_values(bot, moves):
    """Hard's second-look value of each of ``moves`` (placements of the
    player to move in ``bot.view``, claims or not), in the worlds its judge
    has sampled there: its judgement with its own next draws in each world
    counted too, as ``hard_pick`` chooses by (desktop trials and fits)."""
    return look_values(bot, moves, True)


def look_values(bot, moves, deep):
    """Hard's value of each of ``moves`` (placements of the player to move
    in ``bot.view``, claims or not) in the worlds its judge has sampled
    there: its second look's with ``deep`` (``second_look_values``), else
    its first look's (``engine.ai._judged``'s, without the tie-break)."""
    g = bot.view
    p = g.to_move
    judge = bot.judge
    judge.deep = deep
    judge.begin(g, p)
    out = []
    for m in moves:
        plain = m & ~AUTO_CLAIM
        token = g.play_tentatively(plain)
        out.append(judge.value_after(g, p, move_card(plain), move_stone(plain)))
        g.unplay(plain, token)
    judge.deep = False
    return out


class Searcher:
    """Determinized Monte-Carlo with sequential halving over hard's best
    ``candidates`` (``source="greedy"``: the greedy's), played out by the
    ``policy`` of ``ROLLOUTS``; ``margin`` of a playout's result is the
    stones' difference, and hard's own choice starts ``trust`` ahead
    (every variant)."""

    def __init__(self, seed=0, seconds=1.0, playouts=0, candidates=3, policy="fit", margin=0, source="hard",
                 trust=0.03):
        self.rng = Random(seed)
        self.trust = trust  # with hard's candidates: its own choice's head start (a share of the games)
        self.hard = hard_bot(seed, candidates) if source == "hard" else None
        self.seconds = seconds
        self.playouts = playouts  # a fixed count (reproducible) instead of the time
        self.candidates = candidates
        self.policy = ROLLOUTS[policy]
        self.margin = margin
        self.world = None
        self.run = None

    def play_out(self, game, moves, totals):
        """Each of ``moves`` played out once in one new world of ``game``
        (the same world and rollouts for all), its result added to
        ``totals[move]``."""
        if self.world is None or self.world.variant != game.variant:
            self.world = make_game(game.variant)
            self.run = make_game(game.variant)
        p = game.to_move
        seed = self.rng.bits30()
        world = self.world
        world.copy_from(game)
        world.determinize(p, Random(seed))
        run = self.run
        for m in moves:
            run.copy_from(world)
            run.apply(m)
            totals[m] += playout(run, Random(seed ^ 0x5A5A), p, self.policy, self.margin)

    def choose(self, game):
        tactics = game.variant == TACTICS
        if tactics and game.returns:
            return _return(game)
        bonus = {}
        if self.hard is not None and tactics:
            alive = tactics_candidates(self.hard, game, self.candidates)
            if self.trust and len(alive) > 1:
                bonus[alive[0]] = self.trust  # (hard's own move)
        elif self.hard is not None:
            alive = hard_candidates(self.hard, game, self.candidates)
            if self.trust and len(alive) > 1:
                bonus[hard_pick(self.hard, alive)] = self.trust
        else:
            scores = _scores(game)
            # (tactics: each with its draw, and a Scout's count, chosen)
            alive = [_finish(game, m) if tactics else m | AUTO_CLAIM for _, m in scores[: self.candidates]]
        if not alive:
            return PASS | AUTO_CLAIM
        if len(alive) < 2:
            return alive[0]
        totals = {m: 0.0 for m in alive}
        played = 0  # worlds each candidate still in the race was played out in
        rounds = max(1, (len(alive) - 1).bit_length())
        start = time.perf_counter()
        for r in range(rounds):
            # Each round: every candidate still in the race, in the same
            # new worlds; then the better half goes on.
            share = max(1, self.playouts // (rounds * len(alive))) if self.playouts else 0
            k = 0
            while True:
                if self.playouts:
                    if k >= share:
                        break
                elif time.perf_counter() - start > self.seconds * (r + 1) / rounds and k:
                    break
                self.play_out(game, alive, totals)
                played += 1
                k += 1
            alive.sort(key=lambda m: -totals[m] / played - bonus.get(m, 0))
            if len(alive) > 1:
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        return alive[0]


def make(name, seed=0, seconds=1.0, playouts=0):
    """A sparring partner by name; ValueError (in the project's words) for
    a name, seed, time or count of playouts it cannot play with."""
    if not 0 < seconds < float("inf"):  # (not a number, or no end: it would never answer)
        raise ValueError("the seconds a move must be a number above 0, for instance 0.5")
    if playouts < 0:
        raise ValueError("the playouts a move must be 0 (timed) or more")
    if name == "greedy":
        return Greedy(seed)
    if name == "searcher":
        return Searcher(seed, seconds, playouts)
    raise ValueError("unknown sparring partner %r (%s)" % (name, ", ".join(NAMES)))


def player(name, seed, playouts=0):
    """A built-in level (``engine.game.LEVELS``) or a sparring partner by
    name, seeded (``make``'s: with ``playouts``, a fixed count of playouts
    a move instead of the time)."""
    from engine.bots import Bot
    from engine.game import LEVELS

    if name in LEVELS:
        return Bot(name, seed)
    return make(name, seed, playouts=playouts)


def serve(bot, lines, out):
    """Answer protocol requests from ``lines`` (text, None for a line that
    is not UTF-8: ``desk.lines.lines``) on ``out`` until quit; a bad line
    gets ``{"error": "why"}`` (``desk.lines.answer``)."""
    from desk.lines import answer
    from desk.protocol import serve_request

    games = {}
    answer(lines, lambda request: serve_request(request, bot, games), out, "bad request")
