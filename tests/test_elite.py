"""The tactics variant's proof (engine.elite) against brute force
(desk.brute): the best formation a side can reach, claims, and the
counterexample kept when a claim is refused."""

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import random_states
from desk import brute
from engine.cards import JOKER, SHIELD, SPY
from engine.elite import STEP, W_JOKER, W_SHIELD, W_SPY
from engine.game import NOBODY, TACTICS, UNPROVED
from engine.rng import Random
from engine.tactics import MODE_BLIND, MODE_MUD, SIDE_CAP, TacticsGame

ELITES = (JOKER, SPY, SHIELD)


def side_game(clan, elites, pool, avail, cap, blind):
    """A game whose player 0 holds ``clan`` + ``elites`` at stone 0, with
    only the clan cards of ``pool`` unseen and the elite kinds of
    ``avail`` (W_* bits) not yet played."""
    g = TacticsGame()
    g.mode[0] = (MODE_MUD if cap == 4 else 0) | (MODE_BLIND if blind else 0)
    for x in clan + elites:
        g.put(0, 0, x)
    for col in range(6):
        g.unseen[col] = 0
    for v in range(9):
        g.unseen_n[v] = 0
    for x in pool:
        g.unseen[x // 9] |= 1 << (x % 9)
        g.unseen_n[x % 9] += 1
    for w, card in enumerate(ELITES):
        if not avail >> w & 1 and card not in elites:
            g.out[w] = 2 if card == JOKER else 1
    return g


def fast(g, stone, player):
    i = stone * 2 + player
    sv = g.solver
    r = sv.best(g.side, i * SIDE_CAP, g.n[i], g.cap(stone), g.mode[stone] & MODE_BLIND, g.unseen, g.unseen_n,
                g._avail(player))
    return r, list(sv.wit[: sv.wit_n])


def assert_witness(g, stone, player, r, wit):
    """The cards found are really there to add and really reach ``r``."""
    if r < 0:
        return
    have = g.cards_at(stone, player)
    assert len(have) + len(wit) == g.cap(stone)
    pool = brute.tactics_pool(g, player)
    for x in wit:
        assert x in pool
        pool.remove(x)
    assert brute.elite_rank(have + wit, g.mode[stone] & MODE_BLIND) == r


@st.composite
def sides(draw, mud=False):
    cap = 4 if mud else draw(st.sampled_from((3, 4)))
    blind = draw(st.booleans())
    elites = draw(st.lists(st.sampled_from(ELITES), unique=True, max_size=cap))
    n_clan = draw(st.integers(0, cap - len(elites)))
    clan = draw(st.lists(st.integers(0, 53), unique=True, min_size=n_clan, max_size=n_clan))
    need = cap - len(elites) - len(clan)
    if mud:
        most = 6 - need  # up to four cards to find: a small pool
    else:
        if need > 2:
            clan += draw(st.lists(st.integers(0, 53).filter(lambda x: x not in clan), unique=True,
                                  min_size=need - 2, max_size=need - 2))
            need = 2
        most = 9
    # A pool that often holds runs and colours: cards near the side's.
    near = st.integers(0, 53) if not clan else st.one_of(
        st.integers(0, 53), st.sampled_from(clan).map(lambda x: min(53, max(0, x + (x % 3) - 1))),
        st.sampled_from(clan).map(lambda x: (x + 9) % 54))
    pool = draw(st.lists(near.filter(lambda x: x not in clan), unique=True, max_size=most))
    avail = 0
    for w, card in enumerate(ELITES):
        if card not in elites and not (card == JOKER and JOKER in elites) and draw(st.booleans()):
            avail |= 1 << w
    return clan, elites, pool, avail, cap, blind


@settings(max_examples=400, deadline=None)
@given(sides())
def test_best_agrees_with_brute_force_on_built_sides(case):
    clan, elites, pool, avail, cap, blind = case
    g = side_game(clan, elites, pool, avail, cap, blind)
    r, wit = fast(g, 0, 0)
    slow, _ = brute.tactics_best(g, 0, 0)
    assert r == slow, (case, r, slow, wit)
    assert_witness(g, 0, 0, r, wit)


@settings(max_examples=150, deadline=None)
@given(sides(mud=True))
def test_best_agrees_with_brute_force_under_mud_with_up_to_four_cards_to_find(case):
    clan, elites, pool, avail, cap, blind = case
    g = side_game(clan, elites, pool, avail, cap, blind)
    r, wit = fast(g, 0, 0)
    assert r == brute.tactics_best(g, 0, 0)[0], case
    assert_witness(g, 0, 0, r, wit)


def test_the_avail_bits_are_the_elite_kinds():
    assert (W_JOKER, W_SPY, W_SHIELD) == (1, 2, 4)


def test_full_sides_rank_like_brute_force():
    rng = Random(3)
    for _ in range(300):
        cap = 3 + rng.below(2)
        blind = rng.below(2)
        side = []
        while len(side) < cap:
            x = rng.below(57)
            if x not in side:
                side.append(x)
        g = side_game([x for x in side if x < JOKER], [x for x in side if x >= JOKER], [], 0, cap, blind)
        assert g.rank[0] == brute.elite_rank(side, blind), side


def test_best_agrees_with_brute_force_in_random_games():
    checked = [0, 0, 0]
    for n, g in enumerate(random_states(range(200, 220), TACTICS)):
        if n % 3:
            continue
        for s in range(9):
            if g.owner[s] != NOBODY:
                continue
            for p in range(2):
                need = g.cap(s) - g.n[s * 2 + p]
                if need > 2 or need == 2 and (n + s) % 10:
                    continue  # two cards from ~45: brute force is slow
                r, wit = fast(g, s, p)
                assert r == brute.tactics_best(g, s, p)[0]
                assert_witness(g, s, p, r, wit)
                checked[need] += 1
    assert min(checked) > 50, checked


def test_claims_agree_with_brute_force_and_refusals_keep_a_counterexample():
    claims = refused = 0
    for n, g in enumerate(random_states(range(300, 330), TACTICS)):
        for s in range(9):
            for p in range(2):
                i = s * 2 + p
                if g.owner[s] != NOBODY or g.n[i] < g.cap(s):
                    continue
                need = g.cap(s) - g.n[i ^ 1]
                if need > 2 or need == 2 and (n + s) % 8:
                    continue
                mine = g.claim_threat(s, p) == 0
                assert mine == brute.tactics_claimable(g, s, p), (s, p)
                assert mine == bool(g.claimable(p) >> s & 1)
                if mine:
                    claims += 1
                    continue
                reason, extra, cat = g.why_not(s, p)
                if reason != UNPROVED:
                    continue
                refused += 1
                blind = g.mode[s] & MODE_BLIND
                theirs = g.cards_at(s, 1 - p) + extra
                assert len(theirs) == g.cap(s)
                pool = brute.tactics_pool(g, 1 - p)
                for x in extra:
                    assert x in pool
                    pool.remove(x)
                beat = brute.elite_rank(theirs, blind)
                assert beat > g.rank[i]
                assert cat == (-1 if blind else beat // STEP)
    assert claims > 50 and refused > 300, (claims, refused)
