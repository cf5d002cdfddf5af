# The clock and calibration loop of the MicroPython benchmarks (tools/bench/
# mpy_botbench.py, mpy_savebench.py, mpy_endbench.py, mpy_reviewbench.py),
# and the games benchmarks' arguments, fastest of repeated runs and first
# figures.  bench.py hands this file to the
# WebAssembly harness beside the script, and compiles it with the engine for
# CircuitPython's own interpreter.  Under the WebAssembly harness times are
# the process's CPU time where the host has it (Node's process.cpuUsage), so
# that other load on the machine does not count; CircuitPython's interpreter
# has only a wall clock in microseconds (``time.ticks_us``: its CPU clock
# counts milliseconds), so there the fastest of repeated runs is the figure.
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

    def since_us(t):
        return now_us() - t
except ImportError:
    if hasattr(time, "ticks_us"):
        now_us = time.ticks_us
        _diff = time.ticks_diff

        def since_us(t):
            # ticks wrap around (every 2**30 us): the difference does not.
            return _diff(time.ticks_us(), t)
    else:
        def now_us():
            return int(time.perf_counter() * 1000000)

        def since_us(t):
            return now_us() - t


def loop(n):
    # The calibration loop: a SAMD51 runs 1,000,000 of these in 8.4 s.
    a = 1
    b = 2
    c = 0
    for _ in range(n):
        c = a + b
    return c


def calibrate(best, runs=3):
    """The fastest of ``runs`` runs of the loop (and ``best``, if faster), us."""
    for _ in range(runs):
        t = now_us()
        loop(1000000)
        dt = since_us(t)
        best = dt if best is None or dt < best else best
    return best


def games_args():
    """A games benchmark's arguments, ``GAMES [REPEAT [FIRST]]`` (repeats
    1, the first deal 1 by default), and the calibration loop's first time
    (us), the loop warmed up first."""
    import sys

    a = sys.argv
    games = int(a[1])
    repeat = int(a[2]) if len(a) > 2 else 1
    first = int(a[3]) if len(a) > 3 else 1
    loop(1000000)  # warm up
    return games, repeat, first, calibrate(None)


def fastest(repeat, work, *args):
    """``work(*args)`` run ``repeat`` times, the garbage collected before
    each: the fastest run's time (us) and the last run's result.  (Work
    that draws random numbers puts its generator back itself.)"""
    import gc

    best = None
    out = None
    for _ in range(repeat):
        gc.collect()
        t = now_us()
        out = work(*args)
        took = since_us(t)
        if best is None or took < best:
            best = took
    return best, out


def report(calibration, times, name):
    """The figures every games benchmark prints first: the calibration
    loop's time, how many ``name`` were timed, their median and longest
    (us).  ``times`` is sorted here."""
    times.sort()
    print("calibration_us %d" % calibration)
    print("%s %d" % (name, len(times)))
    print("median_us %d" % times[len(times) // 2])
    print("max_us %d" % times[-1])
