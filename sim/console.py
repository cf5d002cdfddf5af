"""The game in text, in a desktop terminal: ``python -m sim --text``.

You are player 0 and play against a built-in opponent, in any variant.
Only ``input`` and ``print`` (or the functions given) are used.
"""

from engine.bots import Bot
from engine.cards import (BANSHEE, BLIND, MUD, SCOUT, STRATEGIST, TRAITOR, card_name, parse_any,
                          parse_card)
from engine.formation import CATEGORY_NAMES
from engine.game import DRAW, EXPERT, LEVELS, N_STONES, NOBODY, SIDE_MAX, TACTICS, UNPROVED, VARIANTS
from engine.match import Match
from engine.moves import (DISCARD, DRAW_TACTIC, PASS, move, move_card, move_claims, move_dest, move_slot, move_stone,
                          play_of, return_move, ruse_move, stones_text, with_claims)

YOU = 0
BOT = 1

# Kept as a string, not a docstring: MicroPython drops docstrings.
HELP = """  R7 3    place R7 at stone 3 (stones 1 to 9, top to bottom)
  1 3     place the first card of your hand at stone 3
  c 4     can stone 4 be claimed?  If not, which unseen cards could beat you
          (claims are asked for after your card; in the expert variant, first)
  h       a hint: the move the Chieftain would make here, and why (the handheld's B)
  ?       this help;  q  quit"""
TACTICS_HELP = """  tactics variant:
  JK 3    an elite troop (JK, SP, SB) at stone 3; BB 3, MF 3: a combat mode on stone 3
  SC 2    Scout: 2 cards from the tactic pile, the rest from the clan pile;
          then put cards back: e.g. R7 JK (each on its own pile, JK ends on top)
  ST 3 1 5  Strategist: your 1st card at stone 3 goes to stone 5 (or d: discard)
  BA 3 2  Banshee: the opponent's 2nd card at stone 3 is discarded
  TR 3 1 5  Traitor: the opponent's 1st card at stone 3 comes to your stone 5
  add t to draw from the tactic pile (e.g. R7 3 t); the clan pile otherwise"""

# Friendly names for the levels (the protocol says easy, medium, hard).
LEVEL_NAMES = {"easy": "the Apprentice", "medium": "the Clansman", "hard": "the Chieftain"}

_OUTCOME = ("you win the %s", "the opponent wins the %s", "", "%s drawn")  # (a round, or a match of one)

USAGE = "options: --level easy|medium|hard --variant classic|expert|tactics --rounds N --seed N --auto-claim"


class Quit(Exception):
    pass


def _side(game, stone, player, reverse=False):
    cards = [card_name(c) for c in game.cards_at(stone, player)]
    if game.variant == TACTICS:
        cards += ["--"] * (game.cap(stone) - len(cards))
        cards += ["  "] * (4 - len(cards))
    else:
        cards += ["--"] * (SIDE_MAX - len(cards))
    if reverse:
        cards.reverse()
    return " ".join(cards)


def board_text(game, scores=None):
    """The table as lines of text, your side on the right."""
    claim_mask = game.claimable(YOU) if game.winner == NOBODY else 0
    tactics = game.variant == TACTICS
    # (each row: the stone's number, under "stone"; the opponent's cards,
    # the stone's owner or claim mark, yours)
    lines = ["stone     opponent         you" if tactics else "stone  opponent         you"]
    for s in range(N_STONES):
        owner = game.owner[s]
        if owner == YOU:
            mark = "[you]"
        elif owner == BOT:
            mark = "[opp]"
        elif claim_mask >> s & 1:
            mark = "  *  "
        else:
            mark = "     "
        if tactics and game.mode[s]:
            # Combat modes: B (Blind man's bluff), M (Mud fight) by the stone.
            mark = mark[:3] + ("B" if game.mode[s] & 1 else " ") + ("M" if game.mode[s] & 2 else " ")
        lines.append("  %d    %s  %s  %s" % (s + 1, _side(game, s, BOT, True), mark, _side(game, s, YOU)))
    status = "pile %d   stones: you %d, opponent %d" % (game.pile_size(), game.owned[YOU], game.owned[BOT])
    if tactics:
        lines.append("tactic pile %d   tactic cards played: you %d, opponent %d%s   discard: %s" % (
            game.tactic_pile_size(), game.played[YOU], game.played[BOT],
            "" if game.may_play_tactic(YOU) else " (you must wait)",
            " ".join(card_name(c) for c in game.discards()) or "-"))
    if scores:
        status += "   match: you %d, opponent %d" % (scores[YOU], scores[BOT])
    lines.append(status)
    hand = sorted(game.hand_cards(YOU))
    lines.append("your hand: " + "  ".join("%d:%s" % (i + 1, card_name(c)) for i, c in enumerate(hand)))
    if claim_mask:
        lines.append("* you can claim: " + stones_text(claim_mask, " "))
    return lines


_REASONS = ("stone %d can be claimed", "stone %d is already claimed", "stone %d: you need three cards there",
            "stone %d: the opponent's formation wins there")


def why_not(game, stone, player):
    """One line: why ``player`` may not claim ``stone`` now."""
    reason, cards, kind = game.why_not(stone, player)
    if reason == UNPROVED:
        return "stone %d: not proved, the opponent could still add %s for a %s" % (
            stone + 1, " ".join(card_name(c) for c in cards), CATEGORY_NAMES[kind])
    return _REASONS[reason] % (stone + 1)


class _English:
    lang = "en"  # (the hint's reasons are the handheld's, in English)


def hint(match):
    """The hint the handheld's B gives the player to move: the hard
    level's move, from the same seed (the match's and the move's:
    ``engine.review.seed``, as ``hw.screens.hint``'s), its claims spelled out; and
    why, in the handheld's words (``hw.lang.hint.reason``).  (move, why)."""
    from engine.review import seed
    from hw.lang.hint import reason

    game = match.game
    m = game.spell_claims(Bot("hard", seed(match.seed, match.move_count())).choose_on(game))
    return m, reason(_English, game, game.to_move, m)


def typed(m):
    """Move ``m`` as the text game takes it typed ("R7 3", "ST 3 1 d",
    "SC 2", "R7 3 t"), claims aside; "pass" for a pass."""
    card = move_card(m)
    stone = move_stone(m)
    if card == PASS:
        return "pass"
    if card == SCOUT:
        return "SC %d" % stone
    text = "%s %d" % (card_name(card), stone + 1)
    if card in (STRATEGIST, BANSHEE, TRAITOR):
        text += " %d" % (move_slot(m) + 1)
        if card != BANSHEE:
            text += " d" if move_dest(m) == DISCARD else " %d" % (move_dest(m) + 1)
    return text + (" t" if m & DRAW_TACTIC else "")


def hint_text(match):
    """The hint as a line: the move to type, its claims, and why."""
    m, why = hint(match)
    claims = move_claims(m)
    said = typed(m)
    if claims:
        claimed = "claim " + stones_text(claims, " ")
        said = claimed + ", then " + said if match.game.variant == EXPERT else said + ", then " + claimed
    return "hint: %s (%s)" % (said, why)


def drawn_text(before, after, placed):
    """What the player drew with a move: the cards of hand ``after`` not
    in hand ``before``; None if it drew nothing and placed nothing."""
    new = [card_name(c) for c in after if c not in before]
    if new:
        return "you draw " + " ".join(new)
    return "you draw nothing: no card is left to draw" if placed else None


class NoStone(ValueError):
    """A number typed for a stone that is not one of 1 to 9: said as typed."""


def stone_index(word):
    """The stone (0 to 8 inside) that the number ``word`` names (1 to 9, as
    the table shows them); NoStone for another number, ValueError for a
    word that is no number."""
    n = int(word)
    if not 1 <= n <= N_STONES:
        raise NoStone("there is no stone %d: the stones are 1 to %d" % (n, N_STONES))
    return n - 1


def _parse_stones(words):
    stones = 0
    for w in words:
        stones |= 1 << stone_index(w)
    return stones


class ConsoleGame:
    def __init__(self, level="medium", variant=0, rounds=1, seed=None, auto_claim=False,
                 read=input, write=print):
        if seed is None:
            seed = _fresh_seed()
        self.seed = seed
        self.match = Match(seed, rounds, variant)
        self.level = level
        self.bot = Bot(level, seed ^ 0x5A5A)
        self.auto_claim = auto_claim
        self.read = read
        self.write = write

    def ask(self, prompt):
        text = self.read(prompt).strip()
        if text in ("q", "quit"):
            raise Quit()
        return text

    def show(self):
        for line in board_text(self.match.game, self.match.scores if self.match.rounds > 1 else None):
            self.write(line)

    def ask_claims(self, game, ok):
        # Returns a mask of stones the player claims, out of ``ok``.
        if not ok or self.auto_claim:
            return ok
        while True:
            text = self.ask("claim which stones? (numbers, Enter for none) ")
            if not text:
                return 0
            words = text.replace("c", " ").split()
            try:
                mask = _parse_stones(words)
            except NoStone as e:
                self.write(str(e))
                continue
            except ValueError:
                self.write("stones are numbered 1 to 9")
                continue
            bad = mask & ~ok
            if not bad:
                return mask
            for s in range(N_STONES):
                if bad >> s & 1:
                    self.write(why_not(game, s, YOU))

    def explain_claims(self, game, words, after):
        # "c 4 7": why stones 4 and 7 can or cannot be claimed now.
        try:
            mask = _parse_stones(words)
        except NoStone as e:
            self.write(str(e))
            return
        except ValueError:
            self.write("claim what? e.g. c 4")
            return
        for s in range(N_STONES):
            if mask >> s & 1:
                self.write(why_not(game, s, YOU) + after)

    def your_turn(self, game):
        if game.variant == TACTICS:
            return self.tactics_turn(game)
        expert = game.variant == EXPERT
        claims = self.ask_claims(game, game.claimable(YOU)) if expert else 0
        if not game.can_place(YOU):
            self.write("you cannot place a card: you pass")
            m = move(PASS, 0, claims)
            if not expert:
                m = with_claims(m, self.ask_claims(game, game.claimable(YOU)))
            return m
        while True:
            text = self.ask("your move (card stone, ? for help) ")
            words = text.split()
            if text == "?" or not words:
                self.write(HELP)
                continue
            if words[0] == "c":
                self.explain_claims(game, words[1:], "" if expert else " (claims follow your card)")
                continue
            if text in ("h", "hint"):
                self.write(hint_text(self.match))
                continue
            if len(words) != 2:
                self.write("type a card and a stone, e.g. R7 3")
                continue
            try:
                card = self._card(game, words[0])
                stone = stone_index(words[1])
            except NoStone as e:
                self.write(str(e))
                continue
            except ValueError:
                self.write("type a card and a stone, e.g. R7 3")
                continue
            m = move(card, stone, claims)
            err = game.check(m)
            if err:
                self.write(err)
                continue
            if not expert:
                # Show the card in place while asking for claims.
                token = game.play_tentatively(m)
                try:
                    self.show()
                    m = with_claims(m, self.ask_claims(game, game.claimable(YOU)))
                finally:
                    game.unplay(m, token)
            return m

    def tactics_turn(self, game):
        if game.returns:
            return self.put_back(game)
        if not game.can_play(YOU):
            self.write("you cannot play a card: you pass")
            return move(PASS, 0, self.ask_claims(game, game.claimable(YOU)))
        while True:
            text = self.ask("your move (card and target, ? for help) ")
            words = text.split()
            if text == "?" or not words:
                self.write(HELP)
                self.write(TACTICS_HELP)
                continue
            if words[0] == "c":
                self.explain_claims(game, words[1:], " (claims follow your card)")
                continue
            if text in ("h", "hint"):
                self.write(hint_text(self.match))
                continue
            draw = 0
            if words[-1] in ("t", "T"):
                draw = DRAW_TACTIC
                words = words[:-1]
            try:
                m = self._tactics_play(game, words)
            except NoStone as e:
                self.write(str(e))
                continue
            except ValueError:
                self.write("type a card and its target, e.g. R7 3 (? for help)")
                continue
            err = game.check(m)
            if err:
                self.write(err)
                continue
            token = game.play_tentatively(m)
            try:
                self.show()
                m = with_claims(m, self.ask_claims(game, game.claimable(YOU)))
            finally:
                game.unplay(play_of(m), token)
            return m | (draw if move_card(m) != SCOUT else 0)

    def _tactics_play(self, game, words):
        if not words:  # ("t" alone)
            raise ValueError
        card = self._card(game, words[0])
        args = [w.lower() for w in words[1:]]
        if card == SCOUT:
            if len(args) != 1 or not 0 <= int(args[0]) <= 3:
                raise ValueError
            return move(SCOUT, int(args[0]))
        if card in (STRATEGIST, BANSHEE, TRAITOR):
            if len(args) != (2 if card == BANSHEE else 3):
                raise ValueError
            stone = stone_index(args[0])
            slot = int(args[1]) - 1
            dest = 0
            if card != BANSHEE:
                dest = DISCARD if args[2] in ("d", "discard") and card == STRATEGIST else stone_index(args[2])
            if not 0 <= slot < 4:
                raise ValueError
            return ruse_move(card, stone, slot, dest)
        if len(args) != 1:
            raise ValueError
        return move(card, stone_index(args[0]))

    def put_back(self, game):
        n = game.returns
        while True:
            text = self.ask("put back %d card%s (e.g. %s; the last ends on top) " % (
                n, "s" if n > 1 else "", "R7 JK" if n > 1 else "R7"))
            words = text.split()
            try:
                cards = [self._card(game, w) for w in words]
            except ValueError:
                cards = []
            if len(cards) != n:
                self.write("name %d card%s of your hand" % (n, "s" if n > 1 else ""))
                continue
            m = return_move(cards[0], cards[1] if n > 1 else PASS)
            err = game.check(m)
            if err:
                self.write(err)
                continue
            return m

    def _card(self, game, word):
        hand = sorted(game.hand_cards(YOU))
        if word.isdigit():
            i = int(word) - 1
            if 0 <= i < len(hand):
                return hand[i]
            raise ValueError
        return parse_any(word.upper()) if game.variant == TACTICS else parse_card(word.upper())

    def report_bot(self, game, m):
        if game.variant == TACTICS:
            self.write("opponent " + tactics_text(game))
            return
        card = move_card(m)
        claims = game.last_played()[2]
        if card == PASS:
            text = "opponent passes"
        else:
            text = "opponent plays %s at stone %d" % (card_name(card), move_stone(m) + 1)
        if claims:
            text += ", claims " + stones_text(claims, " ")
        self.write(text)

    def play(self):
        match = self.match
        self.write("Schotten Totten, %s variant, against %s (%s), seed %d" % (
            VARIANTS[match.game.variant], LEVEL_NAMES[self.level], self.level, self.seed))
        try:
            while not match.over():
                game = match.game
                if match.rounds > 1:
                    self.write("round %d of %d" % (match.round_number(), match.rounds))
                while game.winner == NOBODY:
                    if game.to_move == YOU:
                        self.show()
                        m = self.your_turn(game)
                        before = game.hand_cards(YOU)
                        game.apply(m)
                        if game.winner == NOBODY:
                            # (a put back draws nothing, nor does a pass)
                            drew = drawn_text(before, game.hand_cards(YOU),
                                              len(game.hand_cards(YOU)) < len(before) and game.returns == 0)
                            if drew:
                                self.write(drew)
                    else:
                        m = self.bot.choose(game)
                        game.apply(m)
                        self.report_bot(game, m)
                self.show()
                w = match.finish_round()
                self.write(_OUTCOME[w] % ("match" if match.rounds == 1 else "round"))
            if match.rounds > 1:
                w = match.winner()
                self.write("match: you %d, opponent %d: %s" % (
                    match.scores[YOU], match.scores[BOT],
                    "a draw" if w == DRAW else "you win" if w == YOU else "the opponent wins"))
        except (Quit, EOFError):
            self.write("bye")


def tactics_text(game):
    """The last move of a tactics round, as the other player saw it (a
    Scout's cards put back are not named)."""
    p, m, drew, back = game.last_turn()
    if back >= 0:
        return "puts %d card%s back" % (back, "s" if back > 1 else "")
    card = move_card(m)
    stone = move_stone(m)
    claims = move_claims(m)
    if card == PASS:
        text = "passes"
    elif card < BLIND:
        text = "plays %s at stone %d" % (card_name(card), stone + 1)
    elif card == BLIND or card == MUD:
        text = "plays %s on stone %d" % (card_name(card), stone + 1)
    elif card == SCOUT:
        text = "plays SC: draws %d from the tactic pile, %d from the clan pile" % (stone, drew - stone)
    else:
        dest = move_dest(m)
        if card == BANSHEE or dest == DISCARD:
            gone = game.discard[game.discard_n - 2]
            text = "plays %s: %s at stone %d is discarded" % (card_name(card), card_name(gone), stone + 1)
        else:
            text = "plays %s: %s goes from stone %d to stone %d" % (
                card_name(card), card_name(game.cards_at(dest, p)[-1]), stone + 1, dest + 1)
    if card != PASS and card != SCOUT and drew == 2:
        text += ", draws from the tactic pile"
    if claims:
        text += ", claims " + stones_text(claims, " ")
    return text


def _fresh_seed():
    try:
        import os

        return int.from_bytes(os.urandom(4), "big") & 0x3FFFFFFF
    except (ImportError, AttributeError, NotImplementedError):
        import time

        return time.monotonic_ns() & 0x3FFFFFFF if hasattr(time, "monotonic_ns") else int(time.monotonic() * 1000)


def main(argv=(), read=input):
    opts = {"level": "medium", "variant": "classic", "rounds": "1", "seed": ""}
    auto = False
    args = list(argv)
    try:
        while args:
            a = args.pop(0)
            if a == "--auto-claim":
                auto = True
            elif a.startswith("--") and a[2:] in opts and args:
                opts[a[2:]] = args.pop(0)
            else:
                raise ValueError(a)
        if opts["level"] not in LEVELS or opts["variant"] not in VARIANTS:
            raise ValueError(opts["level"])
        seed = int(opts["seed"]) if opts["seed"] else None
        if seed is not None and not 0 <= seed < 1 << 30:
            raise ValueError(seed)
        game = ConsoleGame(opts["level"], VARIANTS.index(opts["variant"]), int(opts["rounds"]), seed, auto, read)
    except (ValueError, KeyError):
        print(USAGE)
        return 2
    game.play()
    return 0
