"""The tactics lesson's steps (``engine.lessons``: what a step and a table
are; loaded with that lesson alone)."""

# The tactics lesson: the tactic cards, one use each.
STEPS = (
    ("me2:R8,R9 hand:JK,O1,Y2,G3,B4,P5,O6 their:R1,O2,Y3,G4,B5,P6,Y7", None),
    ("", ("JK@2", "")),
    ("me3:B7,O7 hand:SP,R1,Y2,G4,B5,P6,O2 their:R2,O3,Y4,G5,B6,P8,Y6", ("SP@3", "")),
    ("me4:G1,G2 hand:SB,R4,Y5,O6,B8,P9,R2 their:R3,O4,Y6,G7,B9,P7,O8", ("SB@4", "")),
    ("it5:R1,R2,R3 me5:Y9,O8 hand:BB,B7,G1,P2,O3,Y4,G5 their:R4,O5,Y6,G6,B4,P3,P8", ("BB@5", "")),
    ("it6:Y9,Y8 me6:B2,O3 hand:MF,R6,G8,P1,O5,B3,G3 their:R7,O6,Y1,G2,B4,P5,R9", ("MF@6", "")),
    ("me1:R5 hand:SC,G2,Y3,O4,B5,P6,O7 their:R1,O1,Y1,G1,B1,P1,R2", ("SC", "")),
    ("", ("back", "")),
    ("me1:P2,G7 me7:G5,G6 hand:ST,R1,O2,Y3,B4,P5,R6 their:O3,Y4,B5,P6,R7,O8,Y9", ("ST@1>7=G7", "")),
    ("it4:Y7,Y8 me4:R1,O2 hand:BA,G3,B4,P5,R6,O7,B8 their:G9,P9,O9,B9,R9,G1,P1", ("BA@4", "")),
    ("it3:P9,O1 me6:P8,P7 hand:TR,R2,Y3,G4,B5,O6,R4 their:Y5,G6,B7,R8,O9,Y1,G2", ("TR@3>6=P9", "")),
    ("", None),
)
