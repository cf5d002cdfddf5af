"""The text game (board serial console and terminal), driven by a script."""

from engine.cards import card_name
from engine.game import NOBODY, PASS
from hw.console import ConsoleGame, main


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
        m = game.legal_moves()[0]
        assert m != PASS
        return "%s %d" % (card_name(m & 63), (m >> 6 & 15) + 1)

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
    assert out[-1] in ("you win the round", "the opponent wins the round", "round drawn")
    assert any(line.startswith("opponent plays") for line in out)


def test_a_match_reports_the_score():
    console, out = play(seed=3, rounds=2, variant=1)
    assert len(console.match.results) == 2
    assert out[-1].startswith("match: you %d, opponent %d" % tuple(console.match.scores))


def test_bad_input_is_explained_and_changes_nothing():
    console, out = play(["?", "Z9 3", "R7", "c 12", "c 1", "q"], seed=5)
    text = "\n".join(out)
    assert "place R7 at stone 3" in text  # the help
    assert "type a card and a stone" in text
    assert "claim what?" in text
    assert "you need three cards there" in text
    assert out[-1] == "bye"


def test_bad_options_print_the_usage(capsys):
    assert main(["--variant", "chess"]) == 2
    assert "options:" in capsys.readouterr().out
