# The clock and calibration loop of the MicroPython benchmarks (tools/
# mpy_botbench.py, mpy_savebench.py): bench.py hands this file to the
# WebAssembly harness beside the script.  Times are the process's CPU time
# where the host has it (Node's process.cpuUsage), so that other load on
# the machine does not count.
import time

try:
    import js

    if hasattr(js, "process") and hasattr(js.process, "cpuUsage"):
        def now_us():
            u = js.process.cpuUsage()
            return u.user + u.system
    else:
        def now_us():
            return int(js.performance.now() * 1000)
except ImportError:
    def now_us():
        return int(time.perf_counter() * 1000000)


def loop(n):
    # The calibration loop: a SAMD51 runs 1,000,000 of these in 8.4 s.
    a = 1
    b = 2
    c = 0
    for _ in range(n):
        c = a + b
    return c


def calibrate(best):
    """The fastest of three runs of the loop (and ``best``, if faster), us."""
    for _ in range(3):
        t = now_us()
        loop(1000000)
        dt = now_us() - t
        best = dt if best is None or dt < best else best
    return best
