"""The desktop twin of ``hw/``: the same app in a window (``desk``: a
scaled display, NeoPixels drawn below it, the keyboard as buttons, stand-ins
for nvm and the UART).  ``python -m sim --help`` lists the ways to run it.
"""


def reason(e):
    """What is wrong, in one line, for an error reading a file the user named."""
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    if isinstance(e, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(e, RecursionError):
        return "nested too deep"
    return " ".join(str(e).split()) or type(e).__name__
