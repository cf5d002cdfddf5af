"""The handheld app: its screens as states (``app``), how they look
(``view``), the loop (``main``), the buttons, the strings, and the board
profiles (``boards``).  ``console`` is the same game in text, for a serial
console or a terminal.
"""
