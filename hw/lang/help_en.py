# English help pages (hw.screens.help loads them while Help is shown, then drops
# them).  A tuple of pages, each its title and lines (a "%s" gets the bot
# levels' names, weakest first; a long line is wrapped); the first page's
# lines are the controls of each kind of device: PyBadge, PyGamer, keyboard.
KEYS = "< %d/%d >  B: back"  # under each page
CONTROLS = (
    ("Arrows: move, change", "A: choose, claim", "B: back, done, hint", "Select: stone detail", "  (A there: claim?)",
     "Start: pause menu"),
    ("Joystick: move, change", "A: choose, claim", "B: back, done, hint", "Select: stone detail", "  (A there: claim?)",
     "Start: pause menu"),
    ("Arrows: move, change", "Z: A, choose, claim", "X: B, back, done, hint", "Space: Select, detail", "  (Z there: claim?)",
     "Enter: Start, pause", "Esc: quit"),
)
PAGES = (
    ("Controls",),
    ("Formations, best first", "Colour run: R3 R4 R5", "Three of a kind: 7 7 7", "Colour: B2 B5 B9",
     "Run: R4 G5 B6", "Sum: any three", "Tie: higher sum, then", "  who finished first"),
    ("Winning", "Win 5 stones, or 3", "  adjacent ones.", "Claim a stone when no", "  card left can beat you",
     "  (yours count too; it", "  glows gold).", "Colours: R O Y G B P"),
    ("Variants", "Expert: claims come", "  before your card.", "Tactics: 10 tactic cards", "  and their own pile;",
     "  one more than the", "  other player at most."),
    ("Tactic cards (10)", "JK (two): any clan card", "SP: a 7, any colour", "SB: a 1, 2 or 3, any",
     "  colour", "Modes, on a stone:", "BB: only sums count", "MF: four cards a side"),
    ("Ruses (then discarded)", "SC: draw 3, put 2 back", "ST: move or discard a", "  card of yours",
     "BA: discard a card of", "  theirs", "TR: move a clan card of", "  theirs to your side"),
    ("Opponents", "Weakest first: %s.", "Pass & play: two on", "  one device.", "Link: two boards, cable."),
    ("Top line", "*: whose turn it is", "2-1: stones, yours first", "!: no tactic card now", "  (one more at most)",
     "1:0: rounds, yours first", "C42 T6: cards in piles"),
    ("Marks", "Rim: stone just taken", "Frame: the last move", "Arrow: a card just drawn", "Colour marks on cards:",
     "  R X, O square, Y blob,", "  G slash, B bars,", "  P dot"),
)
