# storage: the drive is read-only to the program (no boot.py remounted it).
class _Mount:
    readonly = True
    label = "CIRCUITPY"


def getmount(path):
    return _Mount()


def remount(path, readonly=False, disable_concurrent_write_protection=False):
    raise RuntimeError("Cannot remount '/' when visible via USB.")
