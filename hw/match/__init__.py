"""A match's flow: the turns (play), the turn being built (turn), between rounds (between), a link's side (link)."""
