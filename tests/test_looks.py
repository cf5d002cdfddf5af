"""What a player sees, probed by pixel in the headless sim: every card's
value clear of the cursor and of the card's edge, one colour per player,
the last move and the card being played marked, newly drawn cards marked,
claims shown as taken at once, the final board with its winning stones,
why a stone can or cannot be claimed, and the help pages."""

import pytest

from hw.lang.strings import own

from conftest import drive
from engine.game import CLASSIC, EXPERT, NOBODY, TACTICS, lowest
from engine.cards import TACTIC_CODES, parse_any
from engine.moves import move_claims
from hw import buttons
from hw import look as L
from hw.app import App
from hw.lang import words
from hw.match import turn as T
from hw.screens import detail, ends
from hw.screens import PANEL_CHARS, DETAIL, HANDOFF, HELP, MATCH_END, MENU, MENU_ROWS, NOTICE, RESUME, ROUND_END, TURN
from hw.lang import why

pytest.importorskip("blinka_displayio_pygamedisplay")

from hw.main import Runner  # noqa: E402
from sim.autoplay import AutoPlayer  # noqa: E402


def rgb565(index, rgb=False):
    # A palette colour (or an RGB one) as it reads back from the display:
    # 5-6-5 bits, re-expanded.
    colour = index if rgb else L.PALETTE[index]
    r, g, b = colour >> 16 & 255, colour >> 8 & 255, colour & 255
    return ((r >> 3) * 255 // 31, (g >> 2) * 255 // 63, (b >> 3) * 255 // 31)


def pixel(desk, x, y):
    return tuple(desk.display.frame.get_at((x, y)))[:3]


def cell(stone, row):
    """The top-left pixel of the card (15 x 9) at ``row`` of ``stone``."""
    return L.BOARD_X + stone * L.TILE_W + 1, L.BOARD_Y + row * L.TILE_H


def around(desk, x0, y0):
    """The felt around a card at (x0, y0): left, right, above, below."""
    return [pixel(desk, x0 - 1, y0 + 4), pixel(desk, x0 + 15, y0 + 4), pixel(desk, x0 + 7, y0 - 1),
            pixel(desk, x0 + 7, y0 + 9)]


def framed(desk, x0, y0, colour, card=-1):
    """Is the card at (x0, y0), ``card`` (-1: a stone, or any colour does),
    framed in palette colour ``colour``, or in the paler or white one a
    frame takes where that one would not stand out from the card?"""
    from hw.view import _apart

    want = _apart(colour, card)
    return around(desk, x0, y0) == [rgb565(want, True)] * 4


def row_of(app, player, k):
    # The board row of card k on ``player``'s side, as the viewer sees it.
    return 5 + k if player == app.viewer() else 3 - k


def new_mark(desk, x):
    """Whether the hand's card whose tile starts at ``x`` is marked as
    just drawn: a grey arrowhead under it, its point at the middle."""
    y = L.HAND_Y + L.TILE_H + 1
    grey, felt = rgb565(L.STONE_GREY), rgb565(L.FELT)
    point = [pixel(desk, x + 8 + dx, y) for dx in (-1, 0, 1)]
    base = [pixel(desk, x + 8 + dx, y + 2) for dx in range(-2, 3)]
    if point == [felt, felt, felt] and base == [felt] * 5:
        return False
    assert point == [felt, grey, felt] and base == [grey] * 5, (point, base)
    return True


def number_on(desk, s):
    """The number stone ``s`` shows (None if it shows none): its middle
    read from the screen, matched with the digits of the sheet."""
    from hw.sheet import _NUMBERS

    x0, y0 = cell(s, L.STONE_ROW)
    black = rgb565(L.BLACK)
    block = "|".join("".join("#" if pixel(desk, x0 + 6 + x, y0 + 2 + y) == black else "."
                             for x in range(3)) for y in range(5))
    # Nothing inked beside it (a mark there reads as part of the number).
    if any(pixel(desk, x0 + x, y0 + 2 + y) == black for x in (3, 4, 5, 9, 10, 11) for y in range(5)):
        return None
    matches = [k + 1 for k, digit in enumerate(_NUMBERS) if digit.decode() == block]
    return matches[0] if matches else None


def until(runner, player, done, limit=6000):
    # Played by the buttons until ``done(app)``, then drawn: the screens on
    # the way are laid out but not painted (the display's changes add up
    # until the one refresh that shows them: the pixels are the same).
    app = runner.app
    display = runner.board.display
    painting = display.__dict__.get("refresh")  # (a test may have stopped it)
    display.refresh = lambda *args, **kwargs: True
    try:
        for _ in range(limit):
            if done(app):
                break
            b = player.next_button(app)
            runner.step([b] if b else [])
        else:
            return False
    finally:
        del display.refresh  # (the class's again)
        if painting is not None:
            display.refresh = painting
    runner.redraw()
    return True


def test_every_value_on_every_colour_reads_clear_of_the_cursor_and_the_edge(desk):
    # Each card in the hand, plain and under the cursor: only its colour
    # and its ink inside it, the ink never on its edge (a pixel of colour
    # all round the digit: a 5 never reads as a 6, a 9 as a "y"), nine
    # different digits on each colour, and the cursor's frame on the felt
    # around the card, never over it (on gold tactic cards too).
    app = App(seed=3, opponent="pass")
    runner = Runner(desk, app)
    runner.step([buttons.START])
    runner.step([buttons.A])
    assert app.mode == TURN and app.turn.phase == T.CARD
    game = app.game
    p = game.to_move
    n = game.hand_n[p]
    felt = rgb565(L.FELT)
    digits = {}
    faces = {}
    cards = list(range(63))
    for first in range(0, len(cards), n):
        chunk = [cards[(first + i) % len(cards)] for i in range(n)]
        for i, card in enumerate(chunk):
            game.hand[p][i] = card
        for cursor in range(n):
            app.turn.cursor = cursor
            runner.redraw()
            x_hand = runner.view.hand.x
            for i, card in enumerate(app.hand()):
                x0, y0 = x_hand + i * L.TILE_W + 1, L.HAND_Y
                sides = around(desk, x0, y0)
                if i == cursor:
                    assert sides == [rgb565(L.WHITE)] * 4, (card, sides)
                else:
                    assert sides[2:] == [felt, felt], card  # (the sides may be a neighbour's frame)
                # The card's own pixels, the same under the cursor or not.
                face = [pixel(desk, x0 + x, y0 + y) for y in range(9) for x in range(15)]
                assert faces.setdefault(card, face) == face, card
                if card >= 54:
                    continue
                paper, ink = rgb565(L.CARD_COLOURS[card // 9]), rgb565(L.INK[card // 9])
                inked = set()
                for y in range(9):
                    for x in range(15):
                        c = pixel(desk, x0 + x, y0 + y)
                        assert c in (paper, ink), (card, x, y, c)
                        if c == ink:
                            inked.add((x, y))
                assert inked and not [(x, y) for x, y in inked if x in (0, 14) or y in (0, 8)], card
                digits.setdefault(card // 9, {})[card % 9] = frozenset((x, y) for x, y in inked if x < 8)
    assert sorted(digits) == list(range(6))
    for colour, shapes in digits.items():
        assert len(set(shapes.values())) == 9, colour


def test_pass_and_play_shows_and_frames_the_other_players_move_in_its_colour(desk):
    app = App(seed=4, opponent="pass")
    runner = Runner(desk, app)
    player = AutoPlayer("medium", 4)
    runner.step([buttons.START])
    checked = 0
    for _ in range(6):
        assert until(runner, player, lambda a: a.mode == HANDOFF and a.game.move_count())
        runner.step([buttons.A])
        assert app.mode == TURN
        mover, m, drew, back = app.game.last_turn()
        assert mover != app.viewer()
        # Said on the bottom line, in the words the bot's moves get.
        assert runner.view.hint.text == words.last_text(app) != ""
        spot = words.last_spot(app.game)
        if spot is not None:
            p, stone, k = spot
            assert p == mover
            x0, y0 = cell(stone, row_of(app, p, k))
            assert framed(desk, x0, y0, L.SEAT_1 + mover, app.game.cards_at(stone, p)[k] if k >= 0 else -1)
            checked += 1
    assert checked >= 4


def _apart_rgb(a, b):
    # How far apart two colours read ("redmean" distance), each (r, g, b).
    r = (a[0] + b[0]) / 2
    dr, dg, db = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    return ((2 + r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - r) / 256) * db * db) ** 0.5


def test_the_frames_colour_table_is_the_palettes():
    # hw.view keeps, for each frame colour (gold, each player's) beside each
    # card colour, the first of it, a paler one and white that stands 200
    # or more apart from the card's face: worked out here from the palette,
    # so that a palette changed without its table fails.
    from hw.view import _apart

    def rgb(c):
        return c >> 16, c >> 8 & 255, c & 255

    changed = 0
    for frame in (L.GOLD, L.SEAT_1, L.SEAT_1 + 1):
        colour = L.PALETTE[frame]
        for c, face in enumerate(L.CARD_COLOURS):
            options = (colour, ((colour & 0xFEFEFE) >> 1) + 0x7F7F7F, 0xFFFFFF)
            want = next((o for o in options if _apart_rgb(rgb(o), rgb(L.PALETTE[face])) >= 200), colour)
            for card in range(9 * c, 9 * c + 9):
                assert _apart(frame, card) == want, (frame, c, hex(want))
            changed += want != colour
        assert _apart(frame, -1) == _apart(frame, 54) == _apart(frame, 62) == colour
    assert changed >= 3  # (gold on yellow and orange, blue on blue)


@pytest.mark.parametrize("seat", (0, 1))
def test_the_last_moves_frame_stands_out_on_every_colour(desk, seat):
    # A blue card framed by the blue player, a red or orange one by the red
    # player: the frame is paler there (or white), never the card's own
    # shade; where the player's colour stands out, it is kept.
    from engine import lessons
    from engine.cards import COLOUR_LETTERS, parse_any
    from engine.moves import move

    seen = set()
    for c, letter in enumerate(COLOUR_LETTERS):
        other = COLOUR_LETTERS[(c + 1) % 6]
        app = App(seed=1, opponent="easy")
        runner = Runner(desk, app)
        runner.step([buttons.START])
        game = app.game
        lessons.set_up(game, "hand:%s5,%s1 their:%s6,%s2" % (letter, other, letter, other))
        if seat == 0:
            game.apply(move(parse_any(letter + "5"), 0))
        else:
            game.apply(move(parse_any(other + "1"), 8))
            game.apply(move(parse_any(letter + "6"), 0))
        runner.redraw()
        x0, y0 = cell(0, row_of(app, seat, 0))
        face = pixel(desk, x0 + 1, y0 + 1)
        assert face == rgb565(L.CARD_COLOURS[c])
        ring = around(desk, x0, y0)
        assert len(set(ring)) == 1 and ring[0] != rgb565(L.FELT)
        assert _apart_rgb(ring[0], face) >= 190, (letter, seat, ring[0], face)
        if _apart_rgb(rgb565(L.SEAT_1 + seat), face) >= 210:  # (clear of the rounding of 5-6-5 bits)
            assert ring[0] == rgb565(L.SEAT_1 + seat)  # (the player's own colour where it stands out)
        seen.add(ring[0])
    assert len(seen) >= 2 and rgb565(L.SEAT_1 + seat) in seen


def test_the_card_being_played_stands_out_from_a_yellow_or_orange_card(desk):
    # Gold round a yellow card would not show: paler, or white.
    app = App(seed=8, opponent="easy")
    runner = Runner(desk, app)
    runner.step([buttons.START])
    from engine import lessons

    for name in ("Y5", "O5", "R5"):
        lessons.set_up(app.game, "hand:%s,G1 their:B6,B2" % name)
        app.turn.reset()
        app.turn.begin(0)
        runner.step([])
        i = app.hand().index(parse_any(name))
        while app.turn.cursor != i:
            runner.step([buttons.RIGHT])
        runner.step([buttons.A])
        assert app.turn.phase == T.STONE
        x0 = runner.view.hand.x + i * L.TILE_W + 1
        face = pixel(desk, x0 + 1, L.HAND_Y + 1)
        ring = around(desk, x0, L.HAND_Y)
        assert len(set(ring)) == 1 and _apart_rgb(ring[0], face) >= 190, (name, ring[0], face)
        assert (ring[0] == rgb565(L.GOLD)) == (name == "R5")
        runner.step([buttons.B])


@pytest.mark.parametrize("lang", ("en", "fr", "es"))
def test_the_reviews_top_line_keeps_its_corner_apart_in_every_language(desk, lang):
    # "< 12/40 >  B:volver" ran into "Repaso": two spaces at least between
    # the move's number and the corner, or no corner; the keys always.
    from conftest import bot_match
    from hw.screens import review as screen

    match = bot_match(5, 3, CLASSIC, "easy", "easy")
    app = App(opponent="easy", lang=lang)
    runner = Runner(desk, app)
    assert screen.begin(app, match.seed, 3, CLASSIC, list(match.moves()), 3)
    assert len(app.review.mine) >= 100
    for k in (0, 9, 99):
        while app.review.k < k:
            app.press(buttons.RIGHT)
        runner.redraw()
        view = runner.view
        status, corner = view.status.text, view.corner.text
        assert "%d/%d" % (k + 1, len(app.review.mine)) in status and "B" in status
        # The screen's name where it fits, two spaces apart; else none.
        assert corner == (app.note if len(status) + 2 + len(app.note) <= 26 else ""), (status, corner)
    if lang != "es":
        assert corner == app.note  # (English and French: the name even at 100/140)


def _contrast(a, b):
    # The contrast ratio of two colours (r, g, b), as the web's guidelines
    # reckon it: 1 (none) to 21 (black on white).
    def lum(c):
        x = [v / 255 for v in c]
        x = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in x]
        return 0.2126 * x[0] + 0.7152 * x[1] + 0.0722 * x[2]

    la, lb = sorted((lum(a), lum(b)))
    return (lb + 0.05) / (la + 0.05)


def test_a_won_stones_number_reads_clearer_than_an_open_ones(desk):
    # The numbers on the players' stones were dark on their blue and red
    # (8:1 and 7.5:1): the stones are lighter now, the numbers as black.
    from engine import lessons

    app = App(seed=1, opponent="easy")
    runner = Runner(desk, app)
    runner.step([buttons.START])
    lessons.set_up(app.game, "mine:1 theirs:2 hand:R1 their:B1")
    runner.redraw()
    x0, y0 = cell(2, L.STONE_ROW)
    grey = _contrast(rgb565(L.BLACK), pixel(desk, x0 + 3, y0 + 4))
    assert pixel(desk, x0 + 3, y0 + 4) == rgb565(L.STONE_GREY)
    for s, owner in ((0, 0), (1, 1)):
        x0, y0 = cell(s, L.STONE_ROW)
        assert number_on(desk, s) == s + 1
        fill = pixel(desk, x0 + 3, y0 + 4)
        assert fill == rgb565(L.SEAT_1 + owner)
        assert _contrast(rgb565(L.BLACK), fill) >= max(9, grey), (s, fill)


def test_a_panels_full_lines_keep_felt_on_both_sides(desk):
    # A line of the panel's full width ended 2 pixels from its edge, 6 from
    # the other: in the middle now, 4 pixels or more each side.
    app = App(seed=1)
    runner = Runner(desk, app)
    glyphs = "".join(chr(c) for c in range(33, 127))
    lines = [(glyphs * 2)[i * PANEL_CHARS:(i + 1) * PANEL_CHARS] for i in range(4)]
    app.notice(lines, app.mode)
    runner.redraw()
    panel = pixel(desk, 20, 120)
    assert panel == rgb565(14)  # (hw.look's panel colour)
    edge = [x for x in range(160) if pixel(desk, x, 120) == panel]
    ink = [x for x in range(edge[0], edge[-1] + 1) for y in range(6, 60) if pixel(desk, x, y) != panel]
    assert min(ink) - edge[0] >= 4 and edge[-1] - max(ink) >= 4, (edge[0], min(ink), max(ink), edge[-1])


def test_a_stone_has_its_players_colour_on_both_sides_of_the_hand_over(desk):
    app = App(seed=6, opponent="pass")
    runner = Runner(desk, app)
    player = AutoPlayer("medium", 6)
    runner.step([buttons.START])
    seen = set()
    for _ in range(400):
        assert until(runner, player, lambda a: a.mode == TURN and a.turn.phase == T.CARD)
        game = app.game
        for s in range(9):
            if game.owner[s] != NOBODY:
                x0, y0 = cell(s, L.STONE_ROW)
                assert pixel(desk, x0 + 5, y0 + 4) == rgb565(L.SEAT_1 + game.owner[s])
                seen.add((s, app.viewer()))
        if len({v for s, v in seen}) == 2:
            break
        runner.step([buttons.A])
    assert len({v for s, v in seen}) == 2  # a taken stone, seen by both players


def test_the_card_being_played_and_the_cards_just_drawn_are_marked(desk):
    app = App(seed=8, opponent="easy")
    runner = Runner(desk, app)
    player = AutoPlayer("medium", 8)
    runner.step([buttons.START])
    assert until(runner, player, lambda a: a.mode == TURN and a.turn.phase == T.CARD and a.game.move_count() > 2)
    hand = app.hand()
    new = [c for c in app.game.hand_cards(0) if c not in app.known[0]]
    assert len(new) == 1 and new[0] in hand  # the card drawn after this player's last move
    x_hand = runner.view.hand.x
    for i, card in enumerate(hand):
        assert new_mark(desk, x_hand + i * L.TILE_W) == (card in new), card
    # The cursor on the card just drawn, then on its neighbour: the frame
    # (white) and the mark (grey, an arrowhead one row of felt below the
    # frame) never share a colour or a pixel row.
    i = hand.index(new[0])
    for cursor in (i, (i + 1) % len(hand)):
        while app.turn.cursor != cursor:
            runner.step([buttons.RIGHT])
        x0 = x_hand + i * L.TILE_W
        assert new_mark(desk, x0)
        assert (pixel(desk, x0 + 8, L.HAND_Y + L.TILE_H - 1) == rgb565(L.WHITE)) == (cursor == i)  # the frame's foot
        assert pixel(desk, x0 + 8, L.HAND_Y + L.TILE_H) == rgb565(L.FELT)
    # A card chosen: framed in gold in the hand while its stone is chosen.
    runner.step([buttons.A])
    assert app.turn.phase == T.STONE
    i = app.hand().index(app.turn.card)
    assert framed(desk, x_hand + i * L.TILE_W + 1, L.HAND_Y, L.GOLD, app.turn.card)


def _tactics_until(desk, phase, seeds=range(40, 60)):
    # A tactics match vs the easy bot, played by the buttons until ``phase``.
    for seed in seeds:
        app = App(seed=seed, opponent="easy", variant=TACTICS)
        runner = Runner(desk, app)
        runner.step([buttons.START])
        if until(runner, AutoPlayer("medium", seed), lambda a: a.mode == TURN and a.turn.phase == phase, 3000):
            return runner
    raise AssertionError("no match reached the step")


def test_a_scouts_three_cards_are_marked_while_two_go_back(desk):
    runner = _tactics_until(desk, T.RETURN)
    app = runner.app
    new = [c for c in app.game.hand_cards(app.viewer()) if c not in app.known[app.viewer()]]
    assert 1 <= len(new) <= 3 and len(new) == min(3, len(new))
    x_hand = runner.view.hand.x
    for i, card in enumerate(app.hand()):
        assert new_mark(desk, x_hand + i * L.TILE_W) == (card in new), card


def test_a_ruses_card_to_move_is_framed_while_its_destination_is_chosen(desk):
    runner = _tactics_until(desk, T.DEST)
    app = runner.app
    tt = app.turn
    mine = tt.card == 60  # a Strategist moves its own card, a Traitor theirs
    owner = app.viewer() if mine else 1 - app.viewer()
    x0, y0 = cell(tt.stone, row_of(app, owner, tt.slot))
    assert framed(desk, x0, y0, L.GOLD, app.game.cards_at(tt.stone, owner)[tt.slot])


def test_a_claim_chosen_shows_as_taken_at_once_and_the_last_moves_claims_are_ringed(desk):
    app = App(seed=2, opponent="medium", variant=EXPERT)
    runner = Runner(desk, app)
    player = AutoPlayer("medium", 2)
    runner.step([buttons.START])
    assert until(runner, player, lambda a: a.mode == TURN and a.turn.phase == T.CLAIM_FIRST)
    s = app.turn.stone_cursor
    x0, y0 = cell(s, L.STONE_ROW)
    assert pixel(desk, x0 + 5, y0 + 4) == rgb565(L.GOLD)  # claimable
    runner.step([buttons.A])
    assert pixel(desk, x0 + 5, y0 + 4) == rgb565(L.SEAT_1 + app.game.to_move)  # claimed, before the card
    # The bot's claims, once made: a white rim round the stone (and no other).
    def bot_claimed(a):
        return (a.mode == TURN and a.game.move_count() and a.game.last_turn()[0] == 1
                and move_claims(a.game.last_turn()[1]))

    assert until(runner, player, bot_claimed, 20000)
    claims = move_claims(app.game.last_turn()[1])
    for s in range(9):
        x0, y0 = cell(s, L.STONE_ROW)
        assert (pixel(desk, x0 + 1, y0 + 4) == rgb565(L.WHITE)) == bool(claims >> s & 1), s
        assert number_on(desk, s) == s + 1


def test_an_auto_claim_is_told(desk):
    app = App(seed=3, opponent="easy", auto_claim=True)
    runner = Runner(desk, app)
    player = AutoPlayer("medium", 3)
    runner.step([buttons.START])
    told = []

    def each(a):
        if a.mode == NOTICE and a.lines[0].startswith("Auto-claim"):
            told.append((a.lines[0], a.game.owner[:]))
        return False

    drive(app, player, each=each)
    assert told
    for line, owner in told:
        stones = line.split()[-1]
        assert all(owner[int(s) - 1] == 0 for s in stones.split(","))


def test_the_final_board_marks_the_winning_stones_and_says_why(desk):
    for seed, rounds in ((1, 1), (5, 2)):
        app = App(seed=seed, opponent="hard", rounds=rounds)
        runner = Runner(desk, app)
        player = AutoPlayer("medium", seed)
        runner.step([buttons.START])
        seen = []
        while True:
            assert until(runner, player, lambda a: a.mode in (ROUND_END, MATCH_END), 20000)
            if app.mode == MATCH_END:
                break
            # (the next round is dealt already: the match keeps the last one's board)
            game = app.match.final if app.match.final is not None else app.game
            assert game.winner != NOBODY
            seen.append(app.mode)
            assert runner.view.panel.hidden and not runner.view.game_group.hidden  # the board itself
            won = ends.winning_stones(game)
            reason = runner.view.hint.text
            if game.winner not in (0, 1):
                assert not won and reason == "No moves: even  A: next"
            assert all(game.owner[s] == game.winner for s in range(9) if won >> s & 1)
            for s in range(9):
                x0, y0 = cell(s, L.STONE_ROW)
                assert (pixel(desk, x0 + 1, y0 + 4) == rgb565(L.GOLD)) == bool(won >> s & 1)
                assert number_on(desk, s) == s + 1
            if not won:
                pass
            elif won == 7 << lowest(won):
                assert reason == "Three adjacent  A: next"
            else:
                assert reason in ("Five stones  A: next", "No moves: %d-%d  A: next"
                                  % (game.owned[game.winner], game.owned[1 - game.winner]))
            # The move that ended it: said where the hand was, its card
            # framed in its player's colour.
            assert runner.view.corner.text == words.last_text(app, game) != ""
            spot = words.last_spot(game)
            if spot is not None:
                p, s, k = spot
                x0, y0 = cell(s, L.STONE_ROW if k < 0 else row_of(app, p, k))
                assert framed(desk, x0, y0, L.SEAT_1 + p, game.cards_at(s, p)[k] if k >= 0 else -1)
            runner.step([buttons.A])
            assert app.message == "" or app.mode == MATCH_END  # the next round opens with nothing said
        # Every match: its last round's board, then its summary (A: the menu, B: the review).
        assert seen == [ROUND_END] * len(app.match.results)
        assert not runner.view.panel.hidden and runner.view.shown[-2:] == ["A: menu", "B: review your moves"]
        assert ("%d rounds played" % rounds in runner.view.shown) == (rounds > 1)
        runner.step([buttons.A])
        assert app.mode == MENU


def test_a_tactics_rounds_end_writes_over_no_card(desk):
    # The discard pile's top card sits left of the hand while a round is
    # played; at its end the line there says the last move: no card under it.
    for seed in range(3, 40):
        app = App(seed=seed, opponent="easy", variant=TACTICS)
        runner = Runner(desk, app)
        runner.step([buttons.START])
        assert until(runner, AutoPlayer("medium", seed), lambda a: a.mode == ROUND_END and a.match.over(), 20000)
        if app.game.discard_n:
            break
    else:
        raise AssertionError("no round ended with a card on the discard pile")
    assert runner.view.corner.text and runner.view.corner.grid.y == L.HAND_Y
    seen = {pixel(desk, x, y) for x in range(0, L.TILE_W + 1) for y in range(L.HAND_Y, L.HAND_Y + L.TILE_H)}
    assert seen == {rgb565(L.FELT), rgb565(L.WHITE)}  # the text's ink on the felt


def test_any_stone_can_be_asked_from_its_detail(desk):
    app = App(seed=9, opponent="medium")
    runner = Runner(desk, app)
    player = AutoPlayer("medium", 9)
    runner.step([buttons.START])
    asked = set()
    # What is asked here is the lines shown (laid out by the view), not
    # their pixels: the display is not painted.
    desk.display.refresh = lambda *args, **kwargs: True
    for _ in range(40):
        assert until(runner, player, lambda a: a.mode == TURN and a.turn.phase == T.CARD)
        game = app.game
        runner.step([buttons.SELECT])
        assert app.mode == DETAIL
        for _ in range(9):
            mine = game.cards_at(app.detail_stone, 0)
            lines = runner.view.shown
            if len(mine) == 3:
                # The formation and its sum ("colour run, 24").
                total = sum(c % 9 + 1 for c in mine)
                assert any(line.strip().endswith(", %d" % total) for line in lines), lines
            runner.step([buttons.A])
            assert app.mode == NOTICE and app.lines == why.why_not(app, app.detail_stone, 0)
            reason = game.why_not(app.detail_stone, 0)[0]
            asked.add(reason)
            if reason == 0:
                assert app.lines[0] == "Stone %d: claimable" % (app.detail_stone + 1)
            runner.step([buttons.A])
            assert app.mode == DETAIL
            runner.step([buttons.RIGHT])
        runner.step([buttons.B])
        assert app.mode == TURN
        runner.step([buttons.A])
        if len(asked) >= 3:
            break
    assert len(asked) >= 3  # open, short, not provable or claimable: each answered


def test_the_help_pages_list_this_devices_controls(desk):
    app = App(seed=1)
    runner = Runner(desk, app)
    assert app.controls == 2  # the sim's keyboard
    while MENU_ROWS[app.row] != "help":
        runner.step([buttons.DOWN])
    runner.step([buttons.A])
    assert app.mode == HELP and runner.view.shown[0] == "Controls" and "Z: A, choose, claim" in runner.view.shown
    pages = {}
    for _ in range(9):
        pages[runner.view.shown[0]] = runner.view.wrapped[1:-1]
        runner.step([buttons.RIGHT])
    assert len(pages) == 9 and runner.view.shown[0] == "Controls"
    # The ten tactic cards, each code on a line of its own; the opponents
    # as the menu has them, weakest first.
    codes = [line[:2] for line in pages["Tactic cards (10)"] + pages["Ruses (then discarded)"] if line[2:3] in " :"]
    assert codes == ["JK", "SP", "SB", "BB", "MF", "SC", "ST", "BA", "TR"]
    assert " ".join(" ".join(pages["Opponents"]).split()).startswith("Weakest first: Apprentice, Clansman, Chieftain.")
    from hw.screens import help as screen
    from sim.master import DeskApp

    sim = DeskApp()
    sim.page = list(pages).index("Opponents")
    assert "Chieftain, Master (desktop)." in " ".join(" ".join(screen.lines(sim)).split())  # (the sim's menu has it)
    app.controls = 1
    runner.step([buttons.LEFT])
    runner.step([buttons.RIGHT])
    assert runner.view.shown[1].startswith("Joystick")
    runner.step([buttons.B])
    assert app.mode == MENU and MENU_ROWS[app.row] == "help"


def test_a_resumed_match_says_the_last_move_again(desk):
    from engine.save import Saver

    nvm = bytearray(b"\xff" * 8192)
    app = App(seed=11, opponent="hard", saver=Saver(nvm))
    runner = Runner(desk, app)
    runner.step([buttons.START])
    assert until(runner, AutoPlayer("medium", 1), lambda a: a.game.move_count() >= 9 and a.mode == TURN)
    said = app.message
    assert said
    again = App(seed=12, saver=Saver(nvm))
    runner = Runner(desk, again)
    runner.step([])
    assert again.mode == RESUME
    runner.step([buttons.A])
    assert again.mode == TURN and again.message == said == runner.view.hint.text


@pytest.mark.parametrize("variant", [CLASSIC, TACTICS])
def test_card_names_use_the_languages_colour_letters(variant):
    for lang, letters in (("en", "ROYGBP"), ("fr", "ROJVBM"), ("es", "RNAVZM")):
        app = App(seed=1, lang=lang, variant=variant)
        assert [words.name_of(app, 9 * k + 6) for k in range(6)] == [c + "7" for c in letters]
        assert words.name_of(app, 54) == {"en": "JK", "fr": "JK", "es": "CO"}[lang]


def test_a_refusal_says_what_is_wrong_in_french():
    # "Borne 6 : 3 cartes" said too little: the stone asked from its
    # detail, with no card of yours there.
    app = App(seed=2, opponent="easy", lang="fr")
    app.press(buttons.START)
    while app.mode != TURN:
        app.tick(0)
    app.press(buttons.SELECT)
    s = app.detail_stone
    assert not app.game.cards_at(s, 0)
    app.press(buttons.A)
    assert app.mode == NOTICE and app.lines == ["Borne %d: il faut 3 cartes" % (s + 1)]


def _letters_on_face(desk, x0, y0, ink):
    """The letters a tactic face shows at (x0, y0), read from the screen:
    each a tuple of rows of "#" (ink) and "." split at blank columns."""
    rows = ["".join("#" if pixel(desk, x0 + x, y0 + y) == rgb565(ink) else "." for x in range(1, 14))
            for y in range(2, 7)]
    letters, start = [], None
    for x in range(len(rows[0]) + 1):
        blank = x == len(rows[0]) or all(r[x] == "." for r in rows)
        if not blank and start is None:
            start = x
        elif blank and start is not None:
            letters.append(tuple(r[start:x] for r in rows))
            start = None
    return letters


# Each language's tactic codes, as its cards are named (the position
# format, the text game and the records keep the English ones).
CODES = {"en": "JK SP SB BB MF SC ST BA TR", "fr": "JK ES PB CM CB CH ST BA TR", "es": "CO ES PE GC BR EX EG BA TR"}
TACTIC_HANDS = (("R1", "JK", "SP", "SB", "BB", "MF", "SC"), ("R1", "ST", "BA", "TR", "O4", "O5", "O6"))


def _glyph(letter):
    """The sheet's pattern of ``letter``, as ``_letters_on_face`` reads it."""
    from hw.sheet import _LETTERS

    return tuple(row.decode() for row in _LETTERS[ord(letter)].split(b"|"))


def faces_shown(desk, lang, runner_of=None):
    """{card: the letters its face shows} for the nine tactic cards, in a
    tactics turn of ``lang`` (read from the screen, in two hands)."""
    from test_app import tactics_turn

    seen = {}
    for hand in TACTIC_HANDS:
        app = tactics_turn({0: (["R5", "G2"], ["G3"]), 1: (["Y2"], ["P4", "B5"])}, hands=(hand, ()))
        app.lang = lang
        runner = Runner(desk, app) if runner_of is None else runner_of(app)
        runner.redraw()
        for i, card in enumerate(app.hand()):
            if card >= 54:
                ink = L.WHITE if card >= 59 else L.BLACK  # (the ruses' faces are black)
                seen[card] = _letters_on_face(desk, runner.view.hand.x + i * L.TILE_W + 1, L.HAND_Y, ink)
    return seen


@pytest.mark.parametrize("lang", sorted(CODES))
def test_the_tactic_faces_show_the_languages_codes(desk, lang):
    # Each face reads back, pixel by pixel, as the two letters of its code
    # in the language (French "CM" for Colin-maillard, Spanish "GC" for
    # Gallina ciega), the sheet's glyphs, and the move texts agree.
    seen = faces_shown(desk, lang)
    codes = CODES[lang].split()
    assert len(seen) == 9
    for k, code in enumerate(codes):
        assert seen[54 + k] == [_glyph(code[0]), _glyph(code[1])], (code, seen[54 + k])
        app = App(seed=1, lang=lang, variant=TACTICS)
        assert words.name_of(app, 54 + k) == code


def test_the_tactic_codes_do_not_read_as_an_h(desk):
    # At 160x128 an M or a K three pixels wide read as H ("HF", "JH"): on
    # every language's faces each letter but H differs from an H of its
    # width by 4 pixels or more (A and R, English's from the start, by 3:
    # a whole top row, a corner and the middle), and reads as itself.
    letters = {}
    for lang in CODES:
        for shown in faces_shown(desk, lang).values():
            for letter in shown:
                letters[letter] = letters.get(letter, 0) + 1
    names = {_glyph(c): c for c in "".join(CODES.values()).replace(" ", "")}
    assert set(letters) == set(names)  # (each letter as the sheet draws it: none else)
    for letter, name in names.items():
        w = len(letter[0])
        h = tuple("#" * w if y == 2 else "#" + "." * (w - 2) + "#" for y in range(5))
        apart = sum(a != b for r, s in zip(letter, h) for a, b in zip(r, s))
        if name == "H":
            assert letter == h
        else:
            assert apart >= (3 if name in "AR" else 4), (name, letter)
    # A letter that only French or Spanish has differs from every other
    # letter of its language and width by 3 pixels or more (E and C, H and
    # A: Spanish has no F, French none either).
    english = set(CODES["en"])
    for codes in CODES.values():
        ours = [_glyph(c) for c in sorted(set(codes) - {" "})]
        for a in ours:
            for b in ours:
                if a != b and len(a[0]) == len(b[0]) and not {names[a], names[b]} <= english:
                    assert sum(x != y for r, s in zip(a, b) for x, y in zip(r, s)) >= 3, (names[a], names[b])


def _blocked_tiles(sheet):
    # The nine tactic faces and the nine blocked ones, as the sheet holds them.
    return [[sheet[x, y] for y in range(L.TILE_H) for x in range(t * L.TILE_W, (t + 1) * L.TILE_W)]
            for t in range(L.T_TACTIC, L.T_BLOCKED + 9)]


def test_changing_the_language_in_the_menu_redraws_the_tactic_faces(desk):
    # The faces (and the blocked faces) follow the menu's language row, and
    # come back; the sheet's code is not kept.
    import sys

    from hw.sheet import make_sheet

    app = App(seed=1)
    runner = Runner(desk, app)
    runner.step([])
    english = _blocked_tiles(runner.view.sheet)
    drawn = {}
    for lang in ("fr", "es"):
        drawn[lang] = _blocked_tiles(make_sheet(CODES[lang].replace(" ", "")))
        assert drawn[lang] != english
    while MENU_ROWS[app.row] != "language":
        runner.step([buttons.DOWN])
    for lang in ("fr", "es", "en"):
        runner.step([buttons.RIGHT])
        assert app.lang == lang
        assert _blocked_tiles(runner.view.sheet) == drawn.get(lang, english), lang
        assert "hw.sheet" not in sys.modules and "hw.look" not in sys.modules
    # A French tactics turn on that runner: its faces in French.
    runner.step([buttons.RIGHT])
    assert app.lang == "fr"
    seen = faces_shown(desk, "fr", lambda a: _with_view(runner, a))
    assert [seen[54 + k] for k in (3, 5)] == [[_glyph("C"), _glyph("M")], [_glyph("C"), _glyph("H")]]


def _with_view(runner, app):
    runner.app = app
    return runner


@pytest.mark.parametrize("lang", sorted(CODES))
def test_the_tactic_steps_and_the_moves_say_the_languages_codes(desk, lang):
    # The top line of a tactic card's steps, the last move's text and a
    # stone's detail (its combat modes) name the card by its code there.
    from test_app import tactics_turn

    codes = CODES[lang].split()
    app = tactics_turn({0: (["R5", "G2"], ["G3"]), 1: (["Y2"], ["P4", "B5"])}, hands=(TACTIC_HANDS[0], ()),
                       modes={4: 3})
    app.lang = lang
    runner = Runner(desk, app)
    runner.redraw()
    while app.hand()[app.turn.cursor] != 57:  # Blind man's bluff
        runner.step([buttons.RIGHT])
    runner.step([buttons.A])
    assert runner.view.status.text == app.t("step_stone") % codes[3]
    assert words.move_text(app, (58, 4, 0)) == app.t("mode_on") % (codes[4], 5)
    assert words.ruse_text(app, 62, 54, 2, 5) == app.t("moves") % (codes[8], codes[0], 3, 6)
    app.detail_stone = 4
    app.go(DETAIL, app.mode)
    runner.redraw()
    assert runner.view.shown[0].endswith(" (%s, %s)" % (codes[3], codes[4]))


def test_the_words_name_the_tactic_cards_by_the_languages_codes():
    # The help's and the lessons' words, and the tables' (a Scout's move),
    # in French and Spanish: no English code where the language has its own.
    import glob
    import os
    import re

    from conftest import ROOT
    from engine.cards import TACTIC_CODES
    from hw.lang.strings import text

    assert text("en", "letters")[6:] == "".join(TACTIC_CODES)
    for lang, codes in CODES.items():
        assert text(lang, "letters")[6:] == codes.replace(" ", "")
        english = [c for c in TACTIC_CODES if c not in codes.split()]
        for path in glob.glob(os.path.join(ROOT, "hw", "lang", "*_%s.py" % lang)) + [
                os.path.join(ROOT, "hw", "lang", lang + ".py")]:
            source = open(path, encoding="utf-8").read()
            source = re.sub(r'"name_[A-Z]{2}"', "", source)  # (the keys stay English)
            found = [c for c in english if re.search(r"\b%s\b" % c, source)]
            assert found == [], (os.path.basename(path), found)
    assert text("fr", "scouted").startswith("CH:") and text("es", "scouted").startswith("EX:")


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_a_tactic_card_under_the_cursor_says_what_it_does(desk, lang):
    # The last move's text first; once the cursor moves, each tactic card
    # under it says what it does (each its own line), a clan card the last
    # move again.
    from test_app import tactics_turn

    said = {}
    for hand in (("R1", "JK", "SP", "SB", "BB", "MF", "SC"), ("R1", "ST", "BA", "TR", "O4", "O5", "O6")):
        app = tactics_turn({0: (["R5", "G2"], ["G3"]), 1: (["Y2"], ["P4", "B5"])}, hands=(hand, ()))
        app.lang = lang
        app.message = "R7 at stone 2"
        runner = Runner(desk, app)
        runner.redraw()
        assert app.hand()[app.turn.cursor] < 54 and runner.view.hint.text == app.message
        for _ in range(len(app.hand())):
            runner.step([buttons.RIGHT])
            card = app.hand()[app.turn.cursor]
            if card >= 54:
                assert app.turn.why_card(card) is None
                said[card] = runner.view.hint.text
                assert said[card] == app.t("name_" + TACTIC_CODES[card - 54])
            else:
                assert runner.view.hint.text == app.message
    assert len(said) == 9 and len(set(said.values())) == 9
    assert all(len(text) > 12 for text in said.values())  # (more than a name: what it does)


def test_every_stone_shows_its_number_in_every_state(desk):
    # Messages name stones by number ("R5 at stone 4"): each stone shows
    # its own, open, taken by either player, claimable, under both combat
    # modes' marks; the stone cursor's steps over taken stones show too.
    from test_app import tactics_turn

    app = tactics_turn({0: (["R5", "R6", "R7"], ["B1", "G2", "Y4"])}, modes={1: 3, 4: 1, 5: 2},
                       owners={2: 0, 6: 1, 7: 0})
    runner = Runner(desk, app)
    runner.redraw()
    assert app.game.claimable(0) == 1  # stone 1 glows gold
    assert [number_on(desk, s) for s in range(9)] == list(range(1, 10))
    runner.step([buttons.A])  # R1: to a stone; the cursor skips the taken ones, whose numbers show it
    assert app.turn.phase == T.STONE
    visited = []
    for _ in range(9):
        visited.append(app.turn.stone_cursor + 1)
        runner.step([buttons.RIGHT])
    assert 3 not in visited and 7 not in visited and 8 not in visited


def test_the_draw_step_shows_the_card_played_on_the_table(desk):
    # Asked which pile to draw from, the player sees the table after the
    # play: the card at its stone (framed in gold), no longer in the hand;
    # B takes it back, A plays it once.
    from test_app import pick_card, tactics_turn

    app = tactics_turn({3: (["R5"], ["G3"])}, hands=(("R1", "R2", "O4", "O5", "O6", "Y7", "SB"), ()))
    runner = Runner(desk, app)
    runner.redraw()
    game = app.game
    pick_card(app, "R1")
    while app.turn.stone_cursor != 3:
        app.press(buttons.RIGHT)
    runner.step([buttons.A])
    assert app.turn.phase == T.DRAW_PICK
    x0, y0 = cell(3, row_of(app, 0, 1))
    assert pixel(desk, x0 + 1, y0 + 1) == rgb565(L.CARD_COLOURS[0])  # R1, red, second at stone 4
    assert framed(desk, x0, y0, L.GOLD, 0)
    assert 0 not in app.hand() and len(app.hand()) == 6
    runner.step([buttons.B])
    assert app.turn.phase == T.CARD and 0 in app.hand() and game.cards_at(3, 0) == [4]
    assert pixel(desk, x0 + 1, y0 + 1) != rgb565(L.CARD_COLOURS[0])
    pick_card(app, "R1")
    while app.turn.stone_cursor != 3:
        app.press(buttons.RIGHT)
    app.press(buttons.A)
    moves = game.move_count()
    runner.step([buttons.A])
    assert game.move_count() == moves + 1 and game.cards_at(3, 0) == [4, 0] and 0 not in game.hand_cards(0)


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_a_full_stones_detail_keeps_its_keys(desk, lang):
    # Tactics, both sides of a Mud fight full, both modes: the detail's
    # lines and its two lines of keys fit the panel; the piles' line gives
    # way first (the board's corner has them), then the discard's.
    from test_app import tactics_turn

    for opponent in ("medium", "hard", "pass"):
        app = tactics_turn({4: (["R5", "R6", "R7", "JK"], ["B1", "B2", "B3", "SB"]), 2: (["Y1"], ["Y2"])},
                           modes={4: 3})
        app.lang, app.opponent = lang, opponent
        runner = Runner(desk, app)
        runner.step([buttons.SELECT])
        while app.detail_stone != 4:
            runner.step([buttons.RIGHT])
        view = runner.view
        assert len(view.wrapped) <= 9 and view.wrapped[-1] == detail.lines(app)[-1]
        assert view.wrapped[-2].lstrip("(").startswith("A") and "B" in view.wrapped[-2] + view.wrapped[-1]  # the keys
        assert "< >" in view.wrapped[-1]  # (left and right: the other stones)
        assert sum(line.startswith("  ") for line in view.shown) == 2  # both sides' formations kept
        t = own(app, detail._T)
        assert any(line.startswith(t("tactics_played").split(":")[0]) for line in view.shown)
        runner.step([buttons.LEFT, buttons.LEFT])
        assert app.detail_stone == 2 and t("piles") % (app.game.pile_size(), app.game.tactic_pile_size()) in view.shown


def test_the_score_counts_a_claim_as_soon_as_it_is_chosen_and_a_winning_one_says_so(desk):
    # Stones 3 and 4 are the player's; three 8s at stone 5 can be claimed
    # once G8 is placed (R8 is on the table): the claim shows in the score
    # at once, and as it wins the round the hint says B is all that is left.
    from conftest import position
    from desk.position import load
    from hw.match import play

    app = App(seed=0, opponent="medium")
    play.new_match(app)
    app.game.copy_from(load(position({4: (["Y8", "B8"], ["R9", "R7"]), 0: ([], ["R8"]), 2: (["G1", "G2", "G3"], []),
                                      3: (["B1", "B2", "B3"], [])}, owners={2: 0, 3: 0},
                                     hands=[["G8", "P1", "P2", "P3", "P4", "P5"], ["P6", "P7", "P8", "P9", "O1", "O2"]])))
    play.start_turn(app)
    runner = Runner(desk, app)
    runner.redraw()
    assert runner.view.status.text.startswith("*You 2-0")
    while app.hand()[app.turn.cursor] != 3 * 9 + 7:
        runner.step([buttons.RIGHT])
    runner.step([buttons.A])
    while app.turn.stone_cursor != 4:
        runner.step([buttons.RIGHT])
    runner.step([buttons.A])
    assert app.turn.phase == T.CLAIM and app.turn.stone_cursor == 4
    assert runner.view.status.text.startswith("*You 2-0") and runner.view.hint.text == "A: claim  B: done"
    runner.step([buttons.A])
    assert runner.view.status.text.startswith("*You 3-0") and runner.view.hint.text == "B: done, you win"
    runner.step([buttons.A])  # (chosen again: not claimed)
    assert runner.view.status.text.startswith("*You 2-0") and runner.view.hint.text == "A: claim  B: done"
    runner.step([buttons.A])
    runner.step([buttons.B])
    assert app.mode in (ROUND_END, MATCH_END) and app.match.results[-1][0] == 0


def test_in_the_expert_game_nothing_glows_once_the_claims_are_past(desk):
    # Claims come first in the expert game: declined (B), the stones that
    # could have been claimed no longer glow while the card is chosen.
    app = App(seed=2, opponent="medium", variant=EXPERT)
    runner = Runner(desk, app)
    runner.step([buttons.START])
    assert until(runner, AutoPlayer("medium", 2), lambda a: a.mode == TURN and a.turn.phase == T.CLAIM_FIRST)
    s = app.turn.stone_cursor
    x0, y0 = cell(s, L.STONE_ROW)
    assert pixel(desk, x0 + 5, y0 + 4) == rgb565(L.GOLD)
    runner.step([buttons.B])
    assert app.turn.phase == T.CARD and app.game.claimable(app.viewer()) >> s & 1
    assert pixel(desk, x0 + 5, y0 + 4) == rgb565(L.STONE_GREY)
