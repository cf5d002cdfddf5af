"""The app on real hardware.

For now the board runs the text game of ``hw.console`` on its USB serial
console; board profiles (display, buttons, NeoPixels, UART, storage) join
this package with the handheld screens.
"""
