"""What the app looks like: displayio groups drawn from the app's state.

The groups are built once, at start, by ``hw.sheet``, whose code then goes
back to the heap; this module keeps only what draws.  One tile sheet, made
then too, holds every card face (value, colour,
and a colour-blind-safe mark), empty slots, stones and the cursor; the
board is a TileGrid of those tiles, so an update only swaps tile indices.
Text is ``hw.text``'s: each line a TileGrid of one row of cells over one
1-bit glyph sheet (the built-in font's ASCII and the accented letters made
from it), so a new text too only swaps tile indices.  The palette, the
tiles and the geometry are ``hw.look``'s; the screens, and a panel's size
in lines and characters, ``hw.screens``'.  The same code runs on a board
and in the sim.
"""

from micropython import const

from engine.cards import STRATEGIST, TACTIC_CODES
from engine.game import EXPERT, N_STONES, NOBODY, TACTICS
from engine.moves import PASS, move_claims
from hw.lang import words
from hw.lang.strings import wrap
from hw.look import PALETTE
from hw.screens import HINT, LEARN, LINES, MATCH_END, QUIZ, REMOTE, REVIEW, ROUND_END, THINKING, TURN

# The turn's phases (hw.match.turn's numbers; a private copy, held equal by
# tests/test_layers.py, so that the view holds no reference to hw.match.turn,
# which goes at a match's end).
_CARD = const(0)
_STONE = const(1)
_CLAIM = const(2)
_CLAIM_FIRST = const(3)
_SCOUT_N = const(4)
_TABLE = const(5)
_DEST = const(6)
_DRAW_PICK = const(7)
_RETURN = const(8)
_ASKING = const(0)  # hw.screens.quiz's phase while its move is made (tests/test_quiz.py holds it equal)
_LESSON_TASK = const(1)  # hw.screens.learn's while its move is made (tests/test_learn.py holds it equal)

# The type check reads the block under MYPY (it takes the name as true); a
# board's compiler, seeing the constant 0, leaves it out (as engine.game's):
# the board never imports these for it.
MYPY = const(0)
if MYPY:
    import displayio

    from hw.text import Glyphs, Label

# hw.look's numbers that the drawing uses, as private constants: inlined,
# no name of them kept on the heap (tests/test_layers.py holds each equal
# to hw.look's).
_WIDTH = const(160)
_TILE_W = const(17)
_TILE_H = const(10)
_BOARD_X = const(3)
_BOARD_Y = const(11)
_ROWS = const(9)
_STONE_ROW = const(4)
_HAND_Y = const(_BOARD_Y + _ROWS * _TILE_H + 1)
_GOLD = const(10)
_SEAT_1 = const(11)
_T_EMPTY = const(0)
_T_SLOT = const(1)
_T_BLOCKED = const(17)
_T_STONE = const(26)
_T_STONE_CLAIMABLE = const(29)
_T_CLEAR = const(30)
_T_FRESH = const(31)
_T_WIN = const(32)
_T_NEW = const(33)
_T_MODES = const(51)
# The view's own.
# A frame's colour beside each card colour (2 bits a card colour, red
# first; 12 a frame colour: gold, then the players'): 0 as it is, 1 paler,
# 2 white; the first of the three 200 or more apart from the card's face
# ("redmean": tests/test_looks.py works it out from the palette).
_FRAMED = const(0b000000100100 | 0b000100000000 << 12 | 0b000000100100 << 24)
_HAND_MAX = const(9)  # seven cards, nine while a Scout's cards go back
_LINE_CHARS = const(26)  # characters on the top line (the status and the corner) and the hint line, from x 2


def _apart(frame, card):
    """Palette colour ``frame`` (gold, a player's) as an RGB colour for a
    frame round ``card`` (-1: a stone): as it is where it stands out from
    the card's face, else paler, else white (a blue player's frame on a
    blue card, gold on orange).  A tactic card's face has an edge of its
    own: any colour does."""
    colour = PALETTE[frame]
    if 0 <= card < 54:
        k = _FRAMED >> 12 * (frame - _GOLD) + 2 * (card // 9) & 3
        if k:
            colour = 0xFFFFFF if k > 1 else ((colour & 0xFEFEFE) >> 1) + 0x7F7F7F
    return colour


def _drawn(view, codes=""):
    # hw.sheet builds the view's displayio tree once, at start, with the
    # tile sheet (the tactic cards' faces with the English codes), and
    # draws the tactic cards' faces on the sheet again, with ``codes``,
    # when the language changes (View.render); its code then goes back to
    # the heap, and so does hw.look (this module keeps the names it took).
    from engine import unload
    from hw import sheet

    if codes:
        sheet.draw_tactics(view.sheet, codes)
    else:
        sheet.build(view, "".join(TACTIC_CODES))
    unload("hw.sheet")
    unload("hw.look")


class View:
    # hw.sheet.build's (annotations only: nothing at run time).
    palette: "displayio.Palette"
    sheet: "displayio.Bitmap"
    root: "displayio.Group"
    game_group: "displayio.Group"
    board: "displayio.TileGrid"
    board_top: "displayio.TileGrid"
    hand: "displayio.TileGrid"
    hand_top: "displayio.TileGrid"
    discard: "displayio.TileGrid"
    discard_top: "displayio.TileGrid"
    frames: "list[displayio.TileGrid]"
    cursor: "displayio.TileGrid"
    mark_colour: "displayio.Palette"
    tiles: bytearray
    glyphs: "Glyphs"
    status: "Label"
    corner: "Label"
    hint: "Label"
    panel: "displayio.Group"
    lines: "list[Label]"

    def __init__(self):
        _drawn(self)  # (the palette, the tile sheet, the groups and their grids, the labels: hw.sheet.build)
        self.faces = "en"  # the language whose codes the tactic cards' faces show
        # What the last render showed on the panel, for tests and shots:
        # its lines, and as drawn (long ones wrapped).
        self.shown = []
        self.wrapped = []

    # -- drawing -----------------------------------------------------------

    def render(self, app):
        if app.lang != self.faces:  # (the menu's row, a resumed setting: the faces, blocked ones too, anew)
            _drawn(self, app.t("letters")[6:])
            self.faces = app.lang
        panel = app.panel()  # (the screen's module says: None, the board)
        if panel is not None:
            self._show_panel(panel)
        else:
            self.panel.hidden = True
            self.shown = []
        self.game_group.hidden = app.match is None or panel is not None
        if app.match is not None:
            self._board(app)

    def _show_panel(self, lines):
        self.panel.hidden = False
        wrapped = []
        for line in lines:
            wrapped += wrap(line)
        for i in range(LINES):
            self.lines[i].text = wrapped[i] if i < len(wrapped) else ""
        self.shown = list(lines)
        self.wrapped = wrapped

    def _board(self, app):
        ended = app.mode in (ROUND_END, MATCH_END)
        # (a round's end: its board, kept by the match once the next is dealt)
        game = app.match.final if ended and app.match.final is not None else app.game
        me = app.viewer()
        them = 1 - me
        board = self.board
        top = self.board_top
        tactics = game.variant == TACTICS
        # (a lesson's move, a question's: the turn's)
        turn = app.mode == TURN or app.mode == LEARN and app.lesson.phase == _LESSON_TASK or (
            app.mode == QUIZ and app.quiz.phase == _ASKING)
        phase = app.turn.phase if turn else -1
        highlight = 0
        pending = 0
        if turn:
            pending = app.turn.claims  # (the expert auto-claim's, while the card is chosen)
        if turn and phase in (_CLAIM, _CLAIM_FIRST):
            highlight = app.turn.claimable
        elif game.winner == NOBODY and game.to_move == me and not (turn and game.variant == EXPERT):
            # (in the expert game a turn's claims come first: past them,
            # while the card is chosen, nothing glows)
            highlight = game.claimable(me)
        # The marks above taken stones: the round's winning stones once it
        # is over, else the stones the last move took.
        if ended:
            marked = app.screen().winning_stones(game)  # (the shown screen's: a round's end, hw.ends)
        else:
            marked = move_claims(game.last_turn()[1]) if game.move_count() else 0
        for s in range(N_STONES):
            theirs = game.cards_at(s, them)
            mine = game.cards_at(s, me)
            places = game.cap(s) if tactics else 3
            for k in range(4):
                self._place(s, 3 - k, theirs, k, places)
                self._place(s, 5 + k, mine, k, places)
            owner = game.owner[s]
            if owner == NOBODY and pending >> s & 1:
                owner = game.to_move  # a claim chosen shows as taken at once
            if owner != NOBODY:
                tile = _T_STONE + 1 + owner
            elif highlight >> s & 1:
                tile = _T_STONE_CLAIMABLE
            else:
                tile = _T_STONE
            board[s, _STONE_ROW] = tile
            if game.owner[s] != NOBODY and marked >> s & 1:
                top[s, _STONE_ROW] = _T_WIN if ended else _T_FRESH
            else:
                modes = game.mode[s] if tactics else 0
                top[s, _STONE_ROW] = _T_MODES + modes if modes else _T_CLEAR
        # (a review shows the hand its move was chosen from)
        hand = () if ended else app.turn.hand if app.mode == REVIEW else app.hand()
        n = len(hand)
        blocked = app.turn.blocked() if turn and phase == _CARD and game.to_move == me else 0
        self.hand.x = self.hand_top.x = (_WIDTH - n * _TILE_W) // 2
        tiles = self.tiles
        known = app.known[me] if turn else None  # (its hand at its last move: the cards drawn since are marked)
        new = () if known is None else [c for c in game.hand_cards(me) if c not in known]
        for i in range(_HAND_MAX):
            card = hand[i] if i < n else -1
            self.hand[i, 1] = _T_NEW if card in new else _T_EMPTY
            if card < 0:
                self.hand[i] = _T_EMPTY
                self.hand_top[i] = _T_CLEAR
            elif card >= 54 and blocked >> (card - 54) & 1:
                self.hand[i] = _T_BLOCKED + card - 54
                self.hand_top[i] = _T_CLEAR
            else:
                self.hand[i] = tiles[card]
                self.hand_top[i] = tiles[63 + card]
        # The discard's top card (tactics), when the hand leaves room (at
        # a round's end the reason is written there).
        self.discard.hidden = self.discard_top.hidden = not tactics or n > 7 or ended
        if tactics:
            card = game.discard[game.discard_n - 1] if game.discard_n else -1
            self.discard[0] = tiles[card] if card >= 0 else _T_SLOT
            self.discard_top[0] = tiles[63 + card] if card >= 0 else _T_CLEAR
        self._frames(app, game, turn, phase, hand, me)
        t = app.t
        # Left: who is to move (*), the stones won; right: the pile, and
        # the match score in a match.  Tactics: the tactic pile too, and
        # "!" after a player the limit keeps from tactic cards.
        mover = game.to_move
        # The stones won, with the claims chosen this turn (shown taken).
        chosen = 0
        while pending:
            pending &= pending - 1
            chosen += 1
        signs = ["", ""]
        if tactics:
            for p in (0, 1):
                signs[p] = "!" if not game.may_play_tactic(p) else ""
        status = "%s%s%s %d-%d %s%s%s" % ("*" if mover == me else "", app.short_name(me), signs[me],
                                          game.owned[me] + (chosen if mover == me else 0),
                                          game.owned[them] + (chosen if mover == them else 0),
                                          "*" if mover == them else "", app.short_name(them), signs[them])
        right = t("pile") % game.pile_size()
        if tactics:
            right = t("pile_t") % game.tactic_pile_size() + " " + right
        match = app.match
        if match.rounds > 1:
            right = "%d:%d %s" % (match.scores[me], match.scores[them], right)
        hint = self._hint(app, turn, phase)
        step = self._step(app, turn, phase) if tactics else None
        if step is not None:
            status, right = step, ""
        if app.note:
            right = app.note
        if app.mode == REVIEW:
            status = app.turn.top  # (which move of how many, and the keys)
        elif app.mode == QUIZ:
            status = app.quiz.top  # (the try, or the verdict, and the keys)
        self.status.text = status
        self.hint.text = hint
        corner = self.corner
        if ended:
            # At a round's end the corner's label says the move that ended
            # it, where the hand was; the top line the winner, the bottom
            # one why.
            self.status.text, corner.text, self.hint.text = app.screen().ending(app, game, me, them)
            corner.x = 2
            corner.grid.y = _HAND_Y
            return
        if len(status) + 2 + len(right) > _LINE_CHARS:
            right = ""  # (the corner never runs into the top line: two spaces between, or no corner)
        corner.text = right
        corner.x = _WIDTH - 2 - self.glyphs.w * len(right)
        corner.grid.y = 0

    def _frames(self, app, game, turn, phase, hand, me):
        # The cursor: on the hand while choosing a card, on a card of the
        # table for a ruse, else on a stone (none for a Scout's count, the
        # draw, a Strategist's discard, or an ending).
        cursor, mark = self.frames
        tt = app.turn
        if turn:
            cursor.hidden = phase in (_SCOUT_N, _DRAW_PICK) or (phase == _DEST and tt.dest >= N_STONES)
        else:  # (a review's: on the hard level's stone, when it would have played elsewhere)
            cursor.hidden = app.mode != REVIEW or tt.stone_cursor < 0
        if turn and phase in (_CARD, _RETURN):
            self._frame(cursor, self.hand.x + tt.cursor * _TILE_W, _HAND_Y)
        elif turn and phase == _TABLE:
            self._cell(cursor, tt.stone_cursor, tt.slot, tt.card == STRATEGIST)
        elif tt is not None:  # (hidden: no turn being built, a match over)
            self._cell(cursor, tt.dest if turn and phase == _DEST else tt.stone_cursor, -1)
        # The card being played, in gold: in the hand until it is placed (a
        # claim step's card is on the table, tentatively); in a Traitor's or
        # Strategist's last step, the card it moves.  Else the last move's
        # card, in its player's colour (on a round's final board too).
        # Each frame stands out from the card it goes round (``_apart``).
        shader = self.mark_colour
        mark.hidden = False
        if turn and phase == _DEST:
            mine = tt.card == STRATEGIST
            shader[1] = _apart(_GOLD, game.cards_at(tt.stone, me if mine else 1 - me)[tt.slot])
            self._cell(mark, tt.stone, tt.slot, mine)
            return
        if turn and phase not in (_CARD, _RETURN, _CLAIM_FIRST) and tt.card != PASS:
            shader[1] = _apart(_GOLD, tt.card)
            if tt.card in hand:
                self._frame(mark, self.hand.x + hand.index(tt.card) * _TILE_W, _HAND_Y)
                return
            placed = app.game.cards_at(tt.stone, me)
            if tt.card in placed:
                self._cell(mark, tt.stone, placed.index(tt.card))
                return
        spot = words.last_spot(game)
        mark.hidden = spot is None
        if spot is not None:
            p, stone, k = spot
            shader[1] = _apart(_SEAT_1 + p, game.cards_at(stone, p)[k] if k >= 0 else -1)
            self._cell(mark, stone, k, p == me)

    @staticmethod
    def _frame(frame, x, y):
        frame.x = x - 1
        frame.y = y - 1

    def _cell(self, frame, stone, k, mine=True):
        # ``frame`` around the stone (k < 0) or the card k of a side.
        row = _STONE_ROW if k < 0 else 5 + k if mine else 3 - k
        self._frame(frame, _BOARD_X + stone * _TILE_W, _BOARD_Y + row * _TILE_H)

    def _place(self, s, row, cards, k, places):
        # One place of the board: a card (face and digit), a free slot, or
        # nothing (beyond a stone's places).
        if k < len(cards):
            card = cards[k]
            self.board[s, row] = self.tiles[card]
            self.board_top[s, row] = self.tiles[63 + card]
        else:
            self.board[s, row] = _T_SLOT if k < places else _T_EMPTY
            self.board_top[s, row] = _T_CLEAR

    @staticmethod
    def _step(app, turn, phase):
        # The top line during a tactics step: what to choose.
        if not turn:
            return None
        t = app.t
        name = words.name_of(app, app.turn.card) if 54 <= app.turn.card < 63 else ""  # (the language's code)
        if phase == _STONE and app.turn.card >= 54:
            return t("step_stone") % name
        if phase == _SCOUT_N:
            return t("step_scout")
        if phase == _TABLE:
            return t("step_mine" if app.turn.card == STRATEGIST else "step_theirs") % name
        if phase == _DEST:
            return t("step_dest") % name
        if phase == _DRAW_PICK:
            return t("step_draw")
        if phase == _RETURN:
            return t("step_return") % (app.game.returns - len(app.turn.picked))
        return None

    @staticmethod
    def _hint(app, turn, phase):
        t = app.t
        game = app.game
        if app.link_lost():
            return t("link_lost")
        if app.mode == THINKING or app.mode == HINT:
            return t("thinking")
        if app.mode == REMOTE:
            return app.message or t("their_turn")
        if turn and phase == _STONE:
            return t("pick_stone")
        if turn and phase in (_CLAIM, _CLAIM_FIRST):
            # (once the claims chosen win the round, B is all that is left)
            # (on a stone chosen: A takes it back)
            if game.wins_with(game.to_move, app.turn.claims):
                return t("claims_win")
            return t("unclaim") if app.turn.claims >> app.turn.stone_cursor & 1 else t("pick_claims")
        if turn and phase == _SCOUT_N:
            return t("scout_keys") % (app.turn.scout_n, app.turn.scout_total() - app.turn.scout_n)
        if turn and phase == _TABLE:
            return t("pick_keys")
        if turn and phase == _DEST:
            return t("dest_discard") if app.turn.dest >= N_STONES else t("pick_stone")
        if turn and phase == _DRAW_PICK:
            marks = (">", " ") if app.turn.pile == 0 else (" ", ">")
            return t("draw_keys") % (marks[0], game.pile_size(), marks[1], game.tactic_pile_size())
        if turn and phase == _RETURN:
            return t("return_keys")
        if turn and phase == _CARD and game.variant == TACTICS:
            # On a tactic card that cannot be played now: why (before the
            # last move's text); on one that can: what it does, once the
            # cursor has moved this turn (until then the last move's text,
            # if there is one).
            hand = app.hand()
            card = hand[app.turn.cursor] if app.turn.cursor < len(hand) else 0
            if card >= 54:
                why = app.turn.why_card(card)
                if why or not app.message or app.turn.looked:
                    return why or t("name_" + TACTIC_CODES[card - 54])
        if app.message:
            return app.message
        if app.mode == TURN and app.hints_on and (not app.linked() or app.link.session.hints):
            return t("pick_hint")  # (B asks for a hint: hw.screens.turn)
        return t("pick_card")
