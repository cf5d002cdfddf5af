"""The text game (board serial console and terminal), driven by a script."""

from engine.cards import card_name
from engine.game import NOBODY
from engine.moves import PASS, move_card, move_dest, move_second, move_slot, move_stone
from sim.console import ConsoleGame, main


class Player:
    """Answers the prompts with the first legal move and every claim."""

    def __init__(self, extra=()):
        self.console = None
        self.extra = list(extra)
        self.out = []

    def read(self, prompt):
        self.out.append(prompt)
        if self.extra:
            return self.extra.pop(0)
        game = self.console.match.game
        if prompt.startswith("claim"):
            mask = game.claimable(0)
            return " ".join(str(s + 1) for s in range(9) if mask >> s & 1)
        return self.answer(game, prompt)

    def answer(self, game, prompt):
        m = game.legal_moves()[0]
        assert m != PASS
        return "%s %d" % (card_name(move_card(m)), move_stone(m) + 1)

    def write(self, text):
        self.out.append(text)


def play(extra=(), **kw):
    player = Player(extra)
    console = ConsoleGame(read=player.read, write=player.write, **kw)
    player.console = console
    console.play()
    return console, player.out


def test_a_whole_game_to_the_end():
    console, out = play(seed=11)
    assert console.match.over()
    assert console.match.results[0][0] != NOBODY
    assert out[-1] in ("you win the match", "the opponent wins the match", "match drawn")  # (one round)
    assert any(line.startswith("opponent plays") for line in out)


def test_a_match_reports_the_score():
    console, out = play(seed=3, rounds=2, variant=1)
    assert len(console.match.results) == 2
    assert len([line for line in out if line.endswith("the round") or line == "round drawn"]) == 2
    assert out[-1].startswith("match: you %d, opponent %d" % tuple(console.match.scores))


def test_bad_input_is_explained_and_changes_nothing():
    console, out = play(["?", "Z9 3", "R7", "c x", "c 1", "q"], seed=5)
    text = "\n".join(out)
    assert "place R7 at stone 3" in text  # the help
    assert "type a card and a stone" in text
    assert "claim what?" in text
    assert "you need three cards there" in text
    assert out[-1] == "bye"


def test_bad_options_print_the_usage(capsys):
    assert main(["--variant", "chess"]) == 2
    assert "options:" in capsys.readouterr().out


class TacticsPlayer(Player):
    """Answers with legal tactics moves in the console's words, cycling
    through them so that every kind of card gets typed."""

    def __init__(self, extra=()):
        Player.__init__(self, extra)
        self.turn = 0
        self.typed = set()

    def answer(self, game, prompt):
        moves = game.legal_moves()
        self.turn += 1
        # Tactic cards first when there are any, so that they all come up.
        tactic = [m for m in moves if move_card(m) >= 54 and m != PASS]
        m = (tactic or moves)[self.turn % len(tactic or moves)]
        if prompt.startswith("put back"):
            words = [card_name(move_card(m))] + ([card_name(move_second(m))] if move_second(m) != PASS else [])
            return " ".join(words)
        card = move_card(m)
        stone = move_stone(m)
        slot = move_slot(m)
        dest = move_dest(m)
        name = card_name(card)
        self.typed.add(name)
        if name == "SC":
            return "SC %d" % stone
        if name == "BA":
            return "BA %d %d" % (stone + 1, slot + 1)
        if name in ("ST", "TR"):
            return "%s %d %d %s" % (name, stone + 1, slot + 1, "d" if dest == 9 else str(dest + 1))
        return "%s %d%s" % (name, stone + 1, " t" if self.turn % 2 else "")


def test_whole_tactics_games_in_text():
    typed = set()
    for seed in range(12):
        player = TacticsPlayer()
        console = ConsoleGame(read=player.read, write=player.write, seed=seed, variant=2)
        player.console = console
        console.play()
        assert console.match.over(), player.out[-5:]
        text = "\n".join(player.out)
        assert "tactic pile" in text and "cannot" not in text.replace("you cannot play a card", "")
        assert "not in hand" not in text and "no such target" not in text
        typed |= player.typed
    assert len(typed & {"JK", "SP", "SB", "BB", "MF", "SC", "ST", "BA", "TR"}) >= 6, typed


def test_tactics_help_and_bad_tactics_input():
    player = TacticsPlayer(["?", "ST 3", "SC", "q"])
    console = ConsoleGame(read=player.read, write=player.write, seed=2, variant=2)
    player.console = console
    console.play()
    text = "\n".join(player.out)
    assert "Strategist: your 1st card" in text and "type a card and its target" in text
    assert player.out[-1] == "bye"


def test_the_text_game_accepts_the_tactics_variant(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["--variant", "tactics", "--seed", "1", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "tactics variant" in out and out.rstrip().endswith("bye")
    # The table line shows the tactic pile as it is after the opponent's
    # first move (it may have drawn from it).
    import re

    shown = re.search(r"tactic pile (\d+)", out)
    assert shown and int(shown.group(1)) in (9, 10)
    drew_tactic = "draws from the tactic pile" in out
    assert int(shown.group(1)) == (9 if drew_tactic else 10)


def test_stones_are_numbered_1_to_9_in_what_is_said():
    # A number that is no stone is named as typed, never as the engine
    # counts inside (0 to 8, or the 15 of "no stone").
    console, out = play(["R2 12", "R2 0", "c 12", "c 0", "R2 -3", "q"], seed=5)
    said = [line for line in out if line.startswith("there is no stone")]
    assert said == ["there is no stone %s: the stones are 1 to 9" % n for n in ("12", "0", "12", "0", "-3")]
    # The engine's reasons too: a fourth card for stone 1 is refused as stone 1.
    console, out = play(["1 1", "1 1", "1 1", "1 1", "q"], seed=5, auto_claim=True)
    assert out[-3] in ("stone 1: side is full", "stone 1 is claimed"), out[-6:]


def test_tactics_stones_in_plays_and_ruses_are_numbered_1_to_9():
    player = TacticsPlayer(["R7 10", "ST 12 1 3", "TR 3 1 0", "SC 9", "q"])
    console = ConsoleGame(read=player.read, write=player.write, seed=2, variant=2)
    player.console = console
    console.play()
    said = [line for line in player.out if line.startswith(("there is no", "type a card"))]
    assert said == ["there is no stone 10: the stones are 1 to 9", "there is no stone 12: the stones are 1 to 9",
                    "there is no stone 0: the stones are 1 to 9", "type a card and its target, e.g. R7 3 (? for help)"]


def test_the_tables_headings_stand_over_their_columns():
    # "stone" over the stones' numbers (not over the claim marks' column),
    # "opponent" over the opponent's cards, "you" over yours.
    from engine.game import TACTICS
    from sim.console import board_text

    for variant in (0, 2):
        console, _ = play(["1 1", "2 2", "q"], seed=4, variant=variant)
        game = console.match.game
        lines = board_text(game)
        head, rows = lines[0], lines[1:10]
        width = 11 if variant == TACTICS else 8  # (a side: up to 4 cards in tactics, 3 else)
        for s, row in enumerate(rows):
            assert row[head.index("stone"):head.index("stone") + 5].strip() == str(s + 1), (head, row)
            opp = row[head.index("opponent") + 8 - width:head.index("opponent") + 8]
            you = row[head.index("you"):head.index("you") + width]
            assert [w for w in opp.split() if w != "--"] == [card_name(c) for c in reversed(game.cards_at(s, 1))]
            assert [w for w in you.split() if w != "--"] == [card_name(c) for c in game.cards_at(s, 0)]
        assert any(game.cards_at(s, p) for s in range(9) for p in (0, 1))


def test_a_hint_is_the_handhelds_and_can_be_typed_as_it_is_said():
    # "h": the move the handheld's B suggests in the same position (the
    # hard level, the same seed: hw.screens.hint), said as the text game takes it,
    # with the handheld's reason; typing it plays that move.
    from types import SimpleNamespace

    from engine.moves import play_of
    from hw.lang.hint import reason
    from hw.screens import hint as handheld

    for variant in (0, 1, 2):
        for seed in (3, 8):
            player = (TacticsPlayer if variant == 2 else Player)(["h"])
            console = ConsoleGame(read=player.read, write=player.write, seed=seed, variant=variant, level="easy")
            player.console = console
            match = console.match
            game = match.game
            # (the player seated first moves first: play the opponent's moves until it is ours)
            while game.to_move != 0:
                game.apply(console.bot.choose(game))
            app = SimpleNamespace(match=match, game=game, lang="en")
            m = game.spell_claims(handheld._choose(app))
            said = "hint: %s (%s)" % (_typed_hint(m, variant), reason(app, game, 0, m))
            typed = said[len("hint: "):said.index(" (")].split(", then ")
            typed = [t for t in typed if not t.startswith("claim ")][0]
            player.extra = ["h", typed]  # (then the player plays on, to the end)
            applied = []
            apply = game.apply

            def noting(move, apply=apply, applied=applied):
                applied.append(move)
                return apply(move)

            game.apply = noting
            console.play()
            assert said in player.out, (said, player.out[-6:])
            assert play_of(applied[0]) == play_of(m)


def _typed_hint(m, variant):
    # The move as a player types it (the test's own spelling of the text
    # game's commands).
    from engine.moves import DRAW_TACTIC

    card, stone = move_card(m), move_stone(m)
    name = card_name(card)
    if name == "SC":
        text = "SC %d" % stone
    elif name == "BA":
        text = "BA %d %d" % (stone + 1, move_slot(m) + 1)
    elif name in ("ST", "TR"):
        text = "%s %d %d %s" % (name, stone + 1, move_slot(m) + 1, "d" if move_dest(m) == 9 else str(move_dest(m) + 1))
    else:
        text = "%s %d" % (name, stone + 1)
    return text + (" t" if m & DRAW_TACTIC else "")


def test_the_text_game_says_which_card_was_drawn():
    for variant in (0, 2):
        player = (TacticsPlayer if variant == 2 else Player)()
        console = ConsoleGame(read=player.read, write=player.write, seed=6, variant=variant)
        player.console = console
        hands = []
        read = player.read

        def noting(prompt):
            if prompt.startswith("your move"):
                hands.append(console.match.game.hand_cards(0))
            return read(prompt)

        console.read = noting
        console.play()
        drawn = [line for line in player.out if line.startswith("you draw ")]
        assert len(drawn) >= 5
        # Each move's draw: the cards of the next hand that the hand before lacked.
        for before, after in zip(hands, hands[1:4]):
            new = " ".join(card_name(c) for c in after if c not in before)
            assert "you draw " + new in drawn
    assert "a hint" in "\n".join(play(["?", "q"], seed=1)[1])
