"""Where CircuitPython's own interpreter and mpy-cross are, for the board tier.

``CIRCUITPYTHON`` names the interpreter built with a board's memory settings
(its unix port, 32-bit; ``-X heapsize=N`` caps the heap as a board's RAM
does) and ``CIRCUITPY_MPY_CROSS`` CircuitPython's mpy-cross.  ``.ci/run``
points them at ``../shared/circuitpython/`` when that folder exists.  Without
them the board tier is skipped, with the reason printed.
"""

import os
import subprocess

import pytest

INTERPRETER = os.environ.get("CIRCUITPYTHON") or ""
MPY_CROSS = os.environ.get("CIRCUITPY_MPY_CROSS") or ""
REASON = "CircuitPython's interpreter is not set: CIRCUITPYTHON and CIRCUITPY_MPY_CROSS (see .ci/run)"


def available():
    return bool(INTERPRETER and MPY_CROSS and os.access(INTERPRETER, os.X_OK) and os.access(MPY_CROSS, os.X_OK))


# Applied to every test of the tier: ``pytestmark = circuitpy.needed``.
needed = pytest.mark.skipif(not available(), reason=REASON)


def run(script, *args, heap=None, cwd=None, timeout=600, env=None):
    """Run ``script`` (a path) under CircuitPython's interpreter, with a heap
    pool of ``heap`` bytes when given.  Returns the CompletedProcess."""
    cmd = [INTERPRETER]
    if heap:
        cmd += ["-X", "heapsize=%d" % heap]
    cmd += [script, *args]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, timeout=timeout,
                          env=dict(os.environ, **(env or {})))
