# The English words of the expert lesson (hw.screens.learn loads them while it is
# shown, then drops them): one entry a step of engine.lessons' EXPERT.
# (pages,) for a step only read; (pages, task, done, wrong) for a step
# with a move: its pages (each a title and at most 7 lines of 24
# characters), the bottom line while the move is asked for and once it
# is made (26 characters), the page that explains another move.
_NOT_QUITE = "Not quite"
STEPS = (
    ((("Learn: expert", "The expert game: claims", "come first. Claim at", "the start of your turn,",
       "before your card: they", "always get a turn to", "answer."),),),
    ((("Claim first", "Stone 5 can be claimed:", "R7 R8 R9 beat B1 B2 B4.", "Your turn starts with",
       "the claims: A on stone", "5, then B. Then play O3", "anywhere but stone 7."),),
     "Claim 5, then play O3", "Stone 5 is yours.",
     (_NOT_QUITE, "Claims come first: A on", "stone 5 (it glows), then", "B; then place O3, but", "not at 7: G7 goes there.")),
    ((), "Colour run at stone 7", "No claim now: next turn",
     (_NOT_QUITE, "G5 G6 need G7 (or G4):", "place G7 at stone 7.")),
    ((), "Claim stone 7, then a card", "Stone 7: yours at last.",
     (_NOT_QUITE, "Your turn starts with", "the claim: A on stone 7,", "then B.")),
    ((("Well done!", "In the expert game a", "stone is claimed a turn", "later: think a move",
       "ahead.", "", "Good luck!"),),),
)
