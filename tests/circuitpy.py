"""The board tier's switch: CircuitPython's own interpreter and mpy-cross.

``CIRCUITPYTHON`` names the interpreter built with a board's memory settings
(its unix port, 32-bit; ``-X heapsize=N`` caps the heap as a board's RAM
does) and ``CIRCUITPY_MPY_CROSS`` CircuitPython's mpy-cross, read by
tools/bench/circuitpy_run.py.  ``.ci/run`` points them at ``../shared/circuitpython/``
when that folder exists.  Without them the board tier is skipped, with the
reason printed.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools", "bench"))
from circuitpy_run import INTERPRETER, MPY_CROSS, available  # noqa: E402,F401

REASON = "CircuitPython's interpreter is not set: CIRCUITPYTHON and CIRCUITPY_MPY_CROSS (see .ci/run)"
# Applied to every test of the tier: ``pytestmark = circuitpy.needed``.
needed = pytest.mark.skipif(not available(), reason=REASON)
