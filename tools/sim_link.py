"""``make sim-link``: two sim windows linked by a virtual serial cable.

    python tools/sim_link.py [sim options...]

Makes two pseudo-terminals, starts ``python -m sim --port PTY`` on each
(with any extra options, e.g. ``--headless --autoplay medium`` or
``--variant tactics``; both sims get the same ones; in windows each keeps
its own save area, ``sim-link-N.nvm``, and records, ``records/link-N``), and
carries the bytes between them, as a null-modem cable would, until both
sims have quit.  Prints each sim's last line.
"""

import os
import select
import subprocess
import sys
import tty

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv):
    ends = []
    for _ in range(2):
        master, slave = os.openpty()
        tty.setraw(slave)
        ends.append((master, os.ttyname(slave), slave))
    sims = []
    for i, (_, path, _) in enumerate(ends):
        cmd = [sys.executable, "-m", "sim", "--port", path, "--opponent", "link"] + argv
        if "--seed" not in argv:
            cmd += ["--seed", str(100 + i)]
        # Two boards: a save area and a records folder each (never the
        # single-player sim's).
        if "--save" not in argv and "--headless" not in argv:
            cmd += ["--save", "sim-link-%d.nvm" % (i + 1)]
        if "--records" not in argv and "--headless" not in argv:
            cmd += ["--records", os.path.join("records", "link-%d" % (i + 1))]
        sims.append(subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True))
    masters = [ends[0][0], ends[1][0]]
    for fd in masters:
        os.set_blocking(fd, False)  # a sim that stopped reading must not stall the other
    try:
        while any(p.poll() is None for p in sims):
            ready, _, _ = select.select(masters, [], [], 0.05)
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue
                other = masters[1] if fd == masters[0] else masters[0]
                try:
                    os.write(other, data)
                except (BlockingIOError, OSError):
                    pass  # nobody is reading that end: the bytes are lost, as on a cable
    finally:
        for p in sims:
            if p.poll() is None:
                p.terminate()
    status = 0
    for p in sims:
        out = p.stdout.read().strip().splitlines()
        print(out[-1] if out else "")
        status = status or p.returncode
    return status


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:  # Ctrl-C: stopped, no traceback
        sys.exit(130)
