"""How the board is drawn: the screen's geometry, the palette, and the tiles
of the sheet.  ``hw.sheet`` draws the tiles from these numbers once at
start; ``hw.view`` takes the palette from here and draws with private
copies of the rest (inlined by ``const()``, no name of them kept on the
heap: tests/test_layers.py holds each copy equal to its number here), and
forgets this module once the sheet is made.  Nothing here touches
displayio.
"""

from micropython import const

WIDTH = const(160)
HEIGHT = const(128)
TILE_W = const(17)
TILE_H = const(10)
BOARD_X = const(3)
BOARD_Y = const(11)
_ROWS = const(9)  # four places of the opponent's (a Mud fight's fourth on top), the stone, four of yours
STONE_ROW = const(4)
HAND_Y = const(BOARD_Y + _ROWS * TILE_H + 1)
PANEL_X = const(4)  # the panel's background: x 4 to 156
# A frame around one tile (the cursor, the card being played, the last
# move's card): on the felt between tiles, two pixels wide at the sides
# and one above and below, so it never covers a card.
FRAME_W = const(TILE_W + 2)
FRAME_H = const(TILE_H + 1)

# Palette indices.
FELT = const(0)
SLOT = const(1)
BLACK = const(2)
WHITE = const(3)
CARD_COLOURS = (4, 5, 6, 7, 8, 9)  # red, orange, yellow, green, blue, purple
GOLD = const(10)
SEAT_1 = const(11)  # player 1's stones (and the NeoPixels' blue), on every board and at every hand-over
SEAT_2 = const(12)  # player 2's
STONE_GREY = const(13)
_PANEL = const(14)
CLEAR = const(15)
PALETTE = (0x1B4D2B, 0x2F6B42, 0x000000, 0xFFFFFF, 0xD62828, 0xF28C28, 0xF2D94E, 0x3A9D23, 0x2F6FD6,
           0x9B4DCA, 0xFFD700, 0x74B9FF, 0xFF8A7D, 0xA0A0A0, 0x102A18, 0x000000)
# The digit's colour on each card colour, for contrast.
INK = (WHITE, BLACK, BLACK, WHITE, WHITE, WHITE)

# Tiles of the sheet.  A clan card is two layers: its colour's face (the
# colour and its mark, no border: the digit has a pixel of its colour all
# round) and, on the layer above, its value's digit in the ink that colour
# takes; a stone is its state, with its combat modes' marks (or, once
# taken, the mark of a stone just won or of the round's winning stones)
# above (and between the two its number, from a bitmap of one bit a pixel
# of its own: hw.sheet's make_numbers).  So 54 tiles of faces need 6 plus
# 18 digits.
_T_EMPTY = const(0)
T_SLOT = const(1)
T_FACE = const(2)  # + colour: the six clan colours' faces
T_TACTIC = const(8)  # + card - 54: the 9 tactic faces
T_BLOCKED = const(17)  # + card - 54: a tactic card that cannot be played now
T_STONE = const(26)  # + state: open, player 1's, player 2's, claimable
_T_STONE_CLAIMABLE = const(29)
T_CLEAR = const(30)  # nothing: the upper layer where the lower says all
T_FRESH = const(31)  # above a stone: claimed by the last move (a white rim)
T_WIN = const(32)  # above a stone: one of the stones that won the round (a gold rim)
T_NEW = const(33)  # under a card of the hand: drawn since its player's last turn (an arrowhead)
T_DIGIT = const(34)  # + 9 * ink (0 white, 1 black) + value - 1
T_MODES = const(51)  # + combat modes (1: Blind man's bluff, 2: Mud fight, 3: both)
N_TILES = const(55)
