"""The expert lesson's steps (``engine.lessons``: what a step and a table
are; loaded with that lesson alone)."""

# The expert lesson: claims come first, so a stone completed waits a turn.
STEPS = (
    ("me5:R7,R8,R9 it5:B1,B2,B4 me7:G5,G6 it7:Y9,O9,P9 hand:O3,G7,P2,Y5,B6,R1 their:Y1,O1,G2,B3,P4,R5 "
     "pile:O2,P1,G1,B9,Y3,P3", None),
    ("", ("O3@*!7+5", "Y1@1")),
    ("", ("G7@7", "O1@2")),
    ("", ("*@*+7", "")),
    ("", None),
)
