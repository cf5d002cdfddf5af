"""The classic lesson's steps (``engine.lessons``: what a step and a table
are; loaded with that lesson alone)."""

# The classic lesson: placing a card, the five formations, a stone won, the
# tie, an early claim (the rule book's own example), the round won.
STEPS = (
    ("hand:R3,R4,G7,B2,Y9,P5 their:O6,O2,B7,Y1,G5,P8", None),
    ("", ("*@*", "O6@9")),
    ("me2:R3,R4 me4:Y7,O7 me6:B2,B5 me8:G4,P5 hand:R5,G7,B9,O6,Y1,P2 their:O1,O3,Y4,Y6,G9,P9 "
     "pile:P1,Y2,G1,O9,R9,G2", None),
    ("", ("R5@2", "O1@1")),
    ("", ("G7@4", "O3@3")),
    ("", ("B9@6", "Y4@5")),
    ("", ("O6@8", "Y6@7")),
    ("it3:B2,O4,Y9 me3:R3,R4 hand:R5,G7,O1,P2,Y5,B6 their:G9,P9,O6,Y1,B1,P1", None),
    ("", ("*@3+3", "")),
    ("it6:R2,O5,Y9 me6:G3,B6 hand:P7,P8,Y1,O2,B1,G2 their:R1,O1,Y4,G9,B9,P9", None),
    ("", ("P8@6+6", "")),
    ("me4:Y8,G8,B8 it4:R9,R7 hand:R8,O1,P2,Y3,G5,B6 their:O9,P1,Y2,G4,B3,R5", None),
    ("", ("R8@*+4", "")),
    ("me1:P7,P8,P9 it1:G1,G3,B5 me2:Y4,Y5,Y6 it2:B1,O2,R6 mine:1,2 me3:O9,O8 it3:G5,G6,G7 "
     "hand:O7,R5,B3,P2,G8,Y1 their:R9,B9,O1,P4,G2,Y9", None),
    ("", ("O7@3+3", "")),
    ("", None),
)
