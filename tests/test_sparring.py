"""The sparring partners of desk/sparring.py: legal answers through the bot
protocol, reproducible with a fixed count of playouts, played by name in
tools/tournament.py."""

import io
import itertools
import json
import os
import subprocess
import sys

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import tournament  # noqa: E402
from desk import sparring  # noqa: E402
from desk.position import dump  # noqa: E402
from desk.protocol import answer_to_move  # noqa: E402
from engine.cards import parse_card  # noqa: E402
from engine.formation import rank3  # noqa: E402
from engine.game import CLASSIC, EXPERT, NOBODY, TACTICS, make_game  # noqa: E402
from engine.cards import FIRST_TACTIC, JOKER, card_name  # noqa: E402
from engine.moves import AUTO_CLAIM, move, move_card, move_stone  # noqa: E402
from engine.rng import Random  # noqa: E402


def positions(seeds, variant=CLASSIC, every=3):
    # Positions of medium-against-easy rounds, every ``every`` moves.
    from engine.bots import Bot

    for seed in seeds:
        g = make_game(variant)
        g.variant = variant
        g.deal(seed, seed & 1)
        bots = (Bot("medium", seed), Bot("easy", seed + 1))
        k = 0
        while g.winner == NOBODY:
            if k % every == 0:
                yield g
            g.apply(bots[g.to_move].choose(g))
            k += 1


def test_the_best_three_of_a_set_of_cards_is_the_brute_forces():
    rng = Random(3)
    for _ in range(1500):
        cards = list(range(54))
        rng.shuffle(cards)
        cards = cards[: 3 + rng.below(25)]
        assert sparring._top3(cards) == max(rank3(*x) for x in itertools.combinations(cards, 3))


def test_both_answer_legal_moves_through_the_protocol():
    bots = [sparring.make("greedy", 1), sparring.make("searcher", 2, playouts=60)]
    n = 0
    for variant in (CLASSIC, EXPERT):
        for g in positions(range(3), variant, every=5):
            request = json.dumps({"cmd": "move", "position": dump(g, viewer=g.to_move)})
            for bot in bots:
                out = io.StringIO()
                sparring.serve(bot, [request, '{"cmd": "quit"}', request], out)
                answers = out.getvalue().splitlines()
                assert len(answers) == 1  # (nothing after quit)
                m = answer_to_move(json.loads(answers[0]), g)
                assert g.check(m) is None, (answers[0], g.check(m))
                n += 1
    assert n > 40


def test_in_the_tactics_variant_both_answer_every_step_legally_through_the_protocol():
    # Whole rounds refereed by the engine (claims spelt out and checked),
    # each partner asked through the protocol's tactics position: plays,
    # ruses, draws from either pile and the Scout's return step.
    kinds = set()
    for seed in range(6):
        players = [tournament.SparringPlayer("greedy"), tournament.SparringPlayer("searcher")]
        players[1].new_game(seed)
        players[1].bot.playouts = 24
        players[0].new_game(seed)
        game = make_game(TACTICS)
        game.deal(seed, seed & 1)
        while not game.over():
            p = game.to_move
            kinds.add("return" if game.returns else "play")
            answer = players[p].ask({"cmd": "move", "position": dump(game, viewer=p)})
            m = answer_to_move(answer, game)
            assert game.check(m) is None, (answer, game.check(m))
            if move_card(m) >= FIRST_TACTIC:
                kinds.add(card_name(move_card(m)))
            game.apply(m)
    assert "return" in kinds and len(kinds) > 5, kinds


def test_the_tactics_greedy_takes_a_stone_with_a_joker():
    # Stone 1: its R8 R9 and a Joker in hand against three low cards: the
    # Joker, a red 7, makes a colour run there: claimable at once.
    from desk.position import load
    from tactics_examples import tposition

    hands = (["G5", "B3", "Y4", "P6", "O2", "G1", "JK"], ["G9", "B9", "Y9", "P9", "O9", "G8", "B8"])
    g = load(tposition({0: (["R8", "R9"], ["G2", "B2", "Y1"])}, hands=hands))
    m = sparring.make("greedy").choose(g)
    assert move_card(m) == JOKER and move_stone(m) == 0, m


def test_a_searcher_with_a_count_of_playouts_replays_its_choice():
    for g in positions([7], every=6):
        a = sparring.make("searcher", 5, playouts=48).choose(g)
        b = sparring.make("searcher", 5, playouts=48).choose(g)
        assert a == b


def test_the_greedy_finishes_a_side_that_wins_its_stone():
    # Stone 1: its R8 R9 and the R7 in hand against three low cards there:
    # the R7 makes a colour run, claimable at once.
    from conftest import position
    from desk.position import load

    hands = (["G5", "B3", "Y4", "P6", "O2", "R7"], ["G9", "B9", "Y9", "P9", "O9", "G8"])
    g = load(position({0: (["R8", "R9"], ["G1", "B2", "Y1"])}, hands=hands))
    assert sparring.make("greedy").choose(g) & ~AUTO_CLAIM == move(parse_card("R7"), 0)


def test_the_tournament_plays_them_by_name_and_a_bad_answer_is_an_error_line():
    r = tournament.run("greedy", "easy", games=4, jobs=1)
    assert r["illegal"] == [] and r["a_wins"] + r["b_wins"] + r["draws"] == 4
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sparring.py"), "greedy"],
                         input="not json\n" + '{"cmd": "move"}\n', capture_output=True, text=True, timeout=60)
    lines = run.stdout.splitlines()
    assert run.returncode == 0 and len(lines) == 2 and all("error" in json.loads(x) for x in lines)
    assert run.stderr == ""


def test_a_bad_opponent_for_the_tournament_is_one_error_line():
    script = os.path.join(ROOT, "tools", "tournament.py")
    for spec, said in (("searcher:x", "bad budget"), ("no-such-program --x", "no such level"),
                       ('"unclosed', "cannot read the command")):
        run = subprocess.run([sys.executable, script, "easy", spec, "--games", "2", "--jobs", "1"],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and run.stdout == ""
        assert said in run.stderr and "Traceback" not in run.stderr


def test_the_sparring_command_answers_each_bad_line_and_keeps_serving():
    # A line nested too deep, one that is not UTF-8 (under a strict locale),
    # a number too long: each one error answer in the project's words; the
    # byte order mark before the first line is skipped, as a text tool does.
    g = next(positions([1]))
    request = json.dumps({"cmd": "move", "position": dump(g, viewer=g.to_move)}).encode()
    feed = (b"\xef\xbb\xbf" + request + b"\n" + b"[" * 100000 + b"\n" + b"\xff\xfe\n"
            + b'{"cmd": "move", "position": %s}\n' % (b"9" * 5000) + request + b"\n")
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sparring.py"), "greedy"], input=feed,
                         capture_output=True, env=env, timeout=60)
    assert run.returncode == 0 and run.stderr == b"", run.stderr.decode("utf-8", "replace")[-2000:]
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert [a.get("error") for a in answers] == [None, "nested too deep", "not UTF-8 text", "number too long", None]
    for a in (answers[0], answers[-1]):
        assert g.check(answer_to_move(a, g)) is None


def test_the_sparring_command_refuses_a_time_or_seed_it_cannot_play_with():
    for args in (["--seconds", "nan"], ["--seconds", "inf"], ["--seconds", "0"], ["--playouts", "-1"],
                 ["--seed", "-1"]):
        run = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sparring.py"), "searcher"] + args,
                             input="", capture_output=True, text=True, timeout=60)
        lines = run.stderr.splitlines()
        assert run.returncode == 2 and run.stdout == "" and lines[-1].startswith("sparring.py: error: "), run.stderr
        assert "Traceback" not in run.stderr


def test_every_rollout_policy_plays_legal_moves_to_the_end_of_a_round():
    for name, policy in sorted(sparring.ROLLOUTS.items()):
        for variant in (CLASSIC, EXPERT, TACTICS):
            rng = Random(3)
            for d in range(3):
                g = make_game(variant)
                g.deal(d, d % 2)
                while g.winner == NOBODY:
                    m = g.spell_claims(policy(g, rng))
                    assert g.check(m) is None, (name, variant, m)
                    g.apply(m)


def test_the_smart_rollout_finishes_a_colour_run_and_gives_up_a_lost_stone():
    from conftest import position
    from desk.position import load

    # Stone 1: R8 R9 and the R7 in hand make a colour run.
    hands = (["G5", "B3", "Y4", "P6", "O2", "R7"], ["G9", "B9", "Y9", "P9", "O9", "G8"])
    g = load(position({0: (["R8", "R9"], ["G1", "B2", "Y1"])}, hands=hands))
    picks = {sparring.rollout_smart(g, Random(s)) & ~AUTO_CLAIM for s in range(8)}
    assert picks == {move(parse_card("R7"), 0)}
    # Stone 1 again, its other side a full colour run it cannot beat: a
    # low card goes there, not the G5.
    g = load(position({0: (["R1", "B5"], ["Y7", "Y8", "Y6"])}, hands=hands))
    score = sparring._smart_score
    assert score(g, parse_card("O2"), 0, g.to_move) > score(g, parse_card("G5"), 0, g.to_move)


def test_a_playouts_margin_counts_the_stones_each_side_owns():
    g = make_game(CLASSIC)
    g.deal(4, 0)
    end = make_game(CLASSIC)
    end.copy_from(g)
    won = sparring.playout(end, Random(1), 0)
    stones = sum(1 if o == 0 else -1 for o in end.owner if o in (0, 1))
    for margin in (0, 0.25, 1):
        run = make_game(CLASSIC)
        run.copy_from(g)
        v = sparring.playout(run, Random(1), 0, margin=margin)
        assert abs(v - ((1 - margin) * won + margin * (stones + 9) / 18)) < 1e-9


def test_hards_candidates_are_its_first_looks_best_and_hard_plays_one_of_them():
    from engine.bots import Bot

    for g in positions([2, 3], every=5):
        for seed in (1, 2):
            cands = sparring.hard_candidates(sparring.hard_bot(seed, 3), g, 3)
            assert 1 <= len(cands) <= 3 and len(set(cands)) == len(cands)
            for m in cands:
                assert g.check(g.spell_claims(m)) is None
            assert Bot("hard", seed).choose(g) in cands


def test_hards_pick_among_its_candidates_is_hards_own_move():
    from engine.bots import Bot

    for g in positions([4], every=4):
        bot = sparring.hard_bot(7, 3)
        cands = sparring.hard_candidates(bot, g, 3)
        if len(cands) > 1:
            assert sparring.hard_pick(bot, cands) == Bot("hard", 7).choose(g)


def test_the_tactics_candidates_are_hards_best_first_and_legal():
    from engine.bots import Bot

    n = 0
    for g in positions([5, 6], variant=TACTICS, every=3):
        if g.returns:
            continue
        cands = sparring.tactics_candidates(sparring.hard_bot(3, 4), g, 4)
        assert cands[0] == Bot("hard", 3).choose(g)
        assert len(set(cands)) == len(cands) <= 4
        for m in cands:
            assert g.check(g.spell_claims(m)) is None
        n += len(cands) > 1
    assert n > 5


def test_the_smart_rollout_plays_the_best_judged_card_at_the_best_stone():
    # Written out for speed, it agrees with ``_smart_score`` on every move.
    rng = Random(8)
    for d in range(4):
        g = make_game(CLASSIC)
        g.deal(d, 0)
        while g.winner == NOBODY:
            m = sparring.rollout_smart(g, rng)
            p = g.to_move
            stones = g.open_stones(p)
            if stones and g.hand_n[p]:
                scores = [sparring._smart_score(g, c, s, p) for c in g.hand_cards(p) for s in range(9) if stones >> s & 1]
                assert sparring._smart_score(g, move_card(m), move_stone(m), p) == max(scores)
            g.apply(m)
