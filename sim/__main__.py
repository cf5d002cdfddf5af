import sys

import engine  # noqa: F401  (micropython shim on CPython)
from hw.console import main

sys.exit(main(sys.argv[1:]))
