# Schotten Totten on a CircuitPython board.
# Until the handheld screens land, the game is played in text over the USB
# serial console (open it with any serial terminal, or the Mu editor).
import engine  # noqa: F401
from hw.console import main

main()
