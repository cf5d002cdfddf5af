"""``make sim-link``: two sim windows linked by a virtual serial cable.

    python tools/sim_link.py [sim options...]

Makes two pseudo-terminals, starts ``python -m sim --port PTY`` on each
(with any extra options, e.g. ``--headless --autoplay medium`` or
``--variant tactics``; both sims get the same ones; in windows each keeps
its own save area, ``sim-link-N.nvm``, and records, ``records/link-N``; with
``--shots DIR`` each saves its screenshots in ``DIR/link-N``; each is named
``Player N``, in its window's title and its records, unless ``--name`` is
given), and carries the bytes between them, as a null-modem
cable would, until both sims have quit.  A sim that quits (or is killed)
leaves its end of the cable in place: the other sees the link lost after
a few seconds of silence, as a board does when the other is switched off.
Prints each sim's last line.
"""

import os
import select
import subprocess
import sys
import tty

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)


class Cable:
    """Two pseudo-terminals, ``paths``, and what carries bytes between
    them (``carry``).  The cable keeps both ends open itself, so that a
    sim that goes away leaves the other's end quiet rather than closed."""

    def __init__(self):
        self.masters = []
        self.slaves = []
        self.paths = []
        for _ in range(2):
            master, slave = os.openpty()
            tty.setraw(slave)
            os.set_blocking(master, False)  # a sim that stopped reading must not stall the other
            self.masters.append(master)
            self.slaves.append(slave)
            self.paths.append(os.ttyname(slave))

    def carry(self, wait=0.05):
        """Move what has come from either end to the other, waiting up to
        ``wait`` seconds for something to come."""
        ready, _, _ = select.select(self.masters, [], [], wait)
        for fd in ready:
            try:
                data = os.read(fd, 4096)
            except OSError:
                continue
            other = self.masters[1] if fd == self.masters[0] else self.masters[0]
            try:
                os.write(other, data)
            except OSError:  # (BlockingIOError too)
                pass  # nobody is reading that end: the bytes are lost, as on a cable

    def close(self):
        for fd in self.masters + self.slaves:
            os.close(fd)
        self.masters = []
        self.slaves = []


def sim_command(i, path, argv, shots=None):
    """The command line of the sim at end ``i`` (0 or 1) of the cable;
    ``shots``: the folder of ``--shots`` in ``argv``, if any (each sim saves
    its own in a folder of it, ``link-N``: never over the other's)."""
    cmd = [sys.executable, "-m", "sim", "--port", path, "--opponent", "link"] + argv
    if "--seed" not in argv:
        cmd += ["--seed", str(100 + i)]
    if "--name" not in argv:
        cmd += ["--name", "Player %d" % (i + 1)]
    # Two boards: a save area and a records folder each (never the
    # single-player sim's).
    if "--save" not in argv and "--headless" not in argv:
        cmd += ["--save", "sim-link-%d.nvm" % (i + 1)]
    if "--records" not in argv and "--headless" not in argv:
        cmd += ["--records", os.path.join("records", "link-%d" % (i + 1))]
    if shots:
        cmd += ["--shots", os.path.join(shots, "link-%d" % (i + 1))]  # (the last --shots is the one taken)
    return cmd


def main(argv):
    from sim.__main__ import arguments, unseen_window

    # An option a sim cannot take, windows where none can be seen: said
    # once, here, not by both.
    args = arguments(sim_command(0, "-", argv)[3:])
    unseen = unseen_window(args)
    if unseen:
        print(unseen, file=sys.stderr)
        return 2
    cable = Cable()
    sims = [subprocess.Popen(sim_command(i, path, argv, args.shots), cwd=ROOT, stdout=subprocess.PIPE, text=True)
            for i, path in enumerate(cable.paths)]
    try:
        while any(p.poll() is None for p in sims):
            cable.carry()
    finally:
        for p in sims:
            if p.poll() is None:
                p.terminate()
        cable.close()
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
