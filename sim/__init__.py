"""The desktop twin of ``hw/``: the same app in a window (``desk``: a
scaled display, NeoPixels drawn below it, the keyboard as buttons, stand-ins
for nvm and the UART).  ``python -m sim --help`` lists the ways to run it.
"""
