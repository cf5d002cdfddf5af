"""The desktop twin of ``hw/``.

Until the handheld screens land, ``python -m sim`` plays the text game of
``hw.console`` in this terminal, the same code a board runs on its serial
console.
"""
