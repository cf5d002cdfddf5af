"""The handheld app: its screens as states (``app``), one module a screen
(in ``screens/``), how they look (``view``), the loop (``main``), the
buttons, the strings, and the board profiles (``boards``).  What the modules
share lies in two that import nothing of ours: the screens and the menus'
rows (``screens``), the palette, tiles and geometry of the drawing
(``look``); the words, in ``lang/``.  The same game in
text, for a terminal, is the desktop's ``sim.console``.
"""
