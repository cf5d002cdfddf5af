"""The handheld app: its screens as states (``app``), how they look
(``view``), the loop (``main``), the buttons, the sound and the board
profiles (``boards``) at the top; the rest in folders by role: the screens,
one module each, and their table (``screens``), a match's flow and the
link's side (``match``), what outlives a power cut (``saves``), the
languages and the words (``lang``).  What the modules share lies in two
that import nothing of ours: the screens and the menus' rows
(``screens``), the palette, tiles and geometry of the drawing (``look``).
The same game in text, for a terminal, is the desktop's ``sim.console``.
"""
