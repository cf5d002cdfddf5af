"""The handheld app: its screens as states (``app``), how they look
(``view``), the loop (``main``), the buttons, the strings, and the board
profiles (``boards``).  The same game in text, for a terminal, is the
desktop's ``sim.console``.
"""
