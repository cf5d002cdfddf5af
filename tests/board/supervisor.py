# supervisor.ticks_ms: a clock the run moves on (``advance``), so that a
# run's timing does not depend on how fast the host is.
_now = [0]


def ticks_ms():
    return _now[0] & 0x1FFFFFFF


def advance(ms):
    _now[0] += ms


class _Runtime:
    serial_connected = True
    usb_connected = True


runtime = _Runtime()
