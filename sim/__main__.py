"""``python -m sim``: the handheld app in a window (or headless).

    python -m sim                                  play in a window
    python -m sim --headless --autoplay medium --seed 3 --shots shots/
    python -m sim --headless --autoplay easy --variant tactics
    python -m sim --script buttons.txt [--headless]
    python -m sim --text                           the text game in this terminal
    python -m sim --stats                          the statistics, one JSON line

Keys: arrows, Z = A, X = B, Enter = Start, Space or Shift = Select, Esc quits
(``KEYS_LEGEND``, also in the window's title).
"""

import argparse
import errno
import json
import os
import sys

import engine  # noqa: F401  (micropython shim on CPython)
from engine.game import DRAW, LANGUAGES, LEVELS, VARIANTS
from hw import buttons, screens
from hw.screens import HINT, LINKING, MATCH_END, REMOTE, ROUND_CHOICES, THINKING
from hw.settings import RANGES, read
from desk.lines import BOM
from sim import reason
from sim.master import DeskApp


def toml_getenv(path, out=None):
    """A ``getenv`` for the desktop: the top-level keys of the TOML file at
    ``path``, as CircuitPython's ``os.getenv`` reads settings.toml.  A file
    that cannot be read or is not TOML is said in one line on ``out``
    (stderr) and every key then has its default: a typo never stops the
    game.  A byte-order mark at the start (some editors write one) is
    read as if it were not there."""
    import tomllib

    table = {}
    problem = None
    try:
        with open(path, "rb") as f:
            data = f.read(SETTINGS_MAX + 1)
    except OSError as e:
        problem = reason(e)
    else:
        if data.startswith(BOM):
            data = data[len(BOM):]
        try:
            if len(data) > SETTINGS_MAX:
                problem = "longer than %d KB: not a settings file" % (SETTINGS_MAX // 1024)
            else:
                table = tomllib.loads(data.decode("utf-8"))
        except tomllib.TOMLDecodeError as e:  # its words and where: "Invalid value (at line 2, column 9)"
            problem = str(e)
        except (UnicodeDecodeError, RecursionError) as e:
            problem = reason(e)
        except ValueError:  # (an integer of thousands of digits)
            problem = "a number too long to read"
    if problem:
        print("settings: %s: %s; the defaults are used" % (path, problem), file=out or sys.stderr)

    def getenv(key):
        value = table.get(key)
        if isinstance(value, bool):
            return int(value)
        if value is None or isinstance(value, (str, int)):
            return value
        # What settings.toml on a board does not hold (a date, a decimal
        # number, a list): refused by hw.settings.read, said as written.
        return _Written(value)

    return getenv


SETTINGS_MAX = 64 * 1024  # a settings.toml is a few lines


class _Written:
    """A TOML value a board's settings.toml cannot hold (a date, a time, a
    decimal number, a list, a table); its ``repr`` is how a problem line
    quotes it: as written, a list or table elided."""

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        value = self.value
        if hasattr(value, "isoformat"):
            return value.isoformat()
        if isinstance(value, float):
            return repr(value)
        return "[...]" if isinstance(value, list) else "{...}"


# The window's keys (sim.desk.KEYS: a test holds the two equal), said in its
# title and by --help.
KEYS_LEGEND = "arrows, Z = A, X = B, Enter = Start, Space or Shift = Select, Esc quits"
REPLAY_LEGEND = "Right/Left: a move on/back, Up/Down: ten, Z (A): the end, X (B): the start, Esc quits"
REVIEW_LEGEND = ("review: Right/Left (Z): the player's next/previous move; on a mistake Z (A) asks it, Right "
                 "answers; X (B) or Esc quits")
NAME_MAX = 12  # settings.toml's ST_NAME: 1 to 12 printable characters

EPILOG = """keys in the window: %s
in a replay: %s

examples:
  python -m sim                                   play in a window
  python -m sim --headless --autoplay medium --seed 3 --shots shots/
  python -m sim --script buttons.txt --headless   press the buttons of a file
  python -m sim --text --variant tactics          the text game in this terminal
  python -m sim --stats --save sim.nvm            the statistics kept there, one JSON line
  python -m sim --learn tactics                   the tactics lesson
  make sim-link                                   two windows linked by a virtual cable"""
EPILOG = EPILOG % (KEYS_LEGEND, REPLAY_LEGEND)


def title(name=None, replay=False, review=False):
    """The window's title: the game, the player's name when one is given
    (each window of a link has its own), and the keys."""
    legend = REVIEW_LEGEND if review else REPLAY_LEGEND if replay else KEYS_LEGEND
    return "Schotten Totten%s: %s" % (" - " + name if name else "", legend)


AUTOPLAY_LEVELS = LEVELS + ("random",)
SEED_LIMIT = (1 << 30) - 1  # every seed in play (saves, link, records) is 30-bit
# hw.match.play.new_match deals an app's k-th match (k from 1) from its seed plus
# k times this: the sim gives the app the seed whose first match is dealt
# from --seed itself (app_seed), so that the seed said, the seed of the
# record and the deal agree.
SEED_STEP = 104729


def app_seed(seed):
    """The app's seed whose first match is dealt from ``seed`` (the next
    ones from ``seed`` + 104729, + 2 * 104729, ..., modulo 2**30)."""
    return (seed - SEED_STEP) & SEED_LIMIT


def _number(lo, hi):
    """An argparse type: a whole number from ``lo`` to ``hi``."""

    def number(text):
        try:
            n = int(text)
        except ValueError:
            n = None
        if n is None or not lo <= n <= hi:
            raise argparse.ArgumentTypeError("%r is not a whole number from %d to %d" % (text, lo, hi))
        return n

    return number


def _name(text):
    """An argparse type: a player's name, as settings.toml's ST_NAME
    (printable: a record of it never rewrites a terminal)."""
    if not 0 < len(text) <= NAME_MAX:
        raise argparse.ArgumentTypeError("%r is not a name of 1 to %d characters" % (text, NAME_MAX))
    if read(lambda key: text if key == "ST_NAME" else None)[1]:  # (the board's rule)
        raise argparse.ArgumentTypeError("%r is not a name: printable text only (no control characters or "
                                         "invisible marks)" % text)
    return text


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not the whole usage
        self.exit(2, "sim: %s (python -m sim --help lists the options)\n" % message)


def arguments(argv):
    """The command line ``argv`` read; one line and exit status 2 for an
    option it cannot take (tools/sim_link.py checks its two sims' so)."""
    ap = _Parser(prog="python -m sim", description="The handheld app in a window, headless, or as a text game.",
                 epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--headless", action="store_true", help="no window (SDL dummy drivers)")
    ap.add_argument("--autoplay", metavar="LEVEL", choices=AUTOPLAY_LEVELS,
                    help="a bot of this level (%s) plays the player's seat(s)" % ", ".join(AUTOPLAY_LEVELS))
    ap.add_argument("--script", metavar="FILE", help="press the buttons named in FILE, any number a line; "
                    "also wait, wait MS and shot NAME (docs/sim.md)")
    ap.add_argument("--shots", metavar="DIR", help="save PNG screenshots at the start, every claim, "
                    "each shot of a script and the end")
    ap.add_argument("--seed", type=_number(0, SEED_LIMIT), default=None,
                    help="the first match's deal, 0 to %d, as a record and the summary say it (default: a fresh "
                    "one; each further match: the one before + 104729)" % SEED_LIMIT)
    ap.add_argument("--settings", metavar="FILE", help="a settings.toml to read, as a board reads its own "
                    "(the options below win over it)")
    ap.add_argument("--opponent", choices=DeskApp.OPPONENTS, help="the menu's opponent: a bot's level, pass "
                    "(two players, one device), link (another board, through --port) or master (the desktop's "
                    "searcher, a second a move: not on a board)")
    ap.add_argument("--variant", choices=VARIANTS, help="the rules played")
    ap.add_argument("--rounds", type=int, choices=ROUND_CHOICES, help="rounds in a match")
    ap.add_argument("--lang", choices=LANGUAGES, help="the screens' language")
    ap.add_argument("--auto-claim", action="store_true", default=None,
                    help="claim every stone that can be claimed, without asking")
    ap.add_argument("--sound", action="store_true", default=None,
                    help="short sounds on this machine's audio device, if it has one (default: settings.toml's "
                    "ST_SOUND, off)")
    ap.add_argument("--name", type=_name, help="the player's name, 1 to %d printable characters, in the game records "
                    "and the window's title (default: settings.toml's ST_NAME, Player 1)" % NAME_MAX)
    ap.add_argument("--port", metavar="PATH", help="the link's serial port: a pty of make sim-link, "
                    "or a USB-serial adapter wired to a handheld")
    ap.add_argument("--baud", type=_number(*RANGES["LINK_BAUD"]), help="the link's speed, %d to %d (default 115200)"
                    % RANGES["LINK_BAUD"])
    ap.add_argument("--text", action="store_true", help="the text game in this terminal instead, against a bot "
                    "(--variant, --rounds, --seed, --auto-claim and a level of --opponent apply to it)")
    ap.add_argument("--replay", metavar="FILE", help="step through a game record (right/left: a move on/back, "
                    "up/down: ten, A: the end, B: the start)")
    ap.add_argument("--review", action="store_true", help="with --replay FILE: each move of --player beside the move "
                    "the hard level would have made, on the review screen (left/right, B quits), or with "
                    "--headless one JSON line a move (docs/sim.md)")
    ap.add_argument("--player", type=int, choices=(1, 2), default=1, help="the player --review reviews (default 1)")
    ap.add_argument("--learn", choices=VARIANTS, help="open that variant's lesson (the menu's Learn); with "
                    "--headless and --script FILE, print one JSON line once it ends (docs/sim.md)")
    ap.add_argument("--records", metavar="DIR", help="write a record of every finished match into DIR "
                    "(default: records/ in a window, none when headless)")
    ap.add_argument("--stats", action="store_true", help="print the statistics kept in the save area (--save "
                    "FILE, default sim.nvm) as one JSON line, and stop")
    ap.add_argument("--save", metavar="FILE", help="the save area (a board's 8 KB nvm) kept in FILE: the match "
                    "in play after every move, the menu's choices (default: sim.nvm in a window, none when "
                    "headless)")
    args = ap.parse_args(argv)
    # settings.toml first (defaults where there is none), then the options.
    values, problems = read(toml_getenv(args.settings) if args.settings else (lambda key: None))
    for problem in problems:
        print(problem, file=sys.stderr)
    chosen = args.opponent  # (None: settings.toml's)
    for name, key in (("opponent", "ST_OPPONENT"), ("variant", "ST_VARIANT"), ("rounds", "ST_ROUNDS"),
                      ("lang", "ST_LANGUAGE"), ("baud", "LINK_BAUD")):
        if getattr(args, name) is None:
            setattr(args, name, values[key])
    if args.opponent == "link" and not args.port and (args.headless or args.autoplay) and not args.text \
            and not args.replay:
        # Nobody at a window's menu to choose another opponent: said now,
        # not a menu waiting for a link that cannot start.
        ap.error("%s needs --port PATH: a linked game is played through a serial port"
                 % ("--opponent link" if chosen else "%s's ST_OPPONENT = \"link\"" % args.settings))
    if args.auto_claim is None:
        args.auto_claim = bool(values["ST_AUTO_CLAIM"])
    if args.sound is None:
        args.sound = bool(values["ST_SOUND"])
    args.title = title(args.name)
    if args.name is None:
        args.name = values["ST_NAME"]
    if args.records is None and not args.headless:
        args.records = "records"
    if args.save is None and not args.headless:
        args.save = "sim.nvm"
    return args


# A script's words besides the buttons' (docs/sim.md): ``wait`` (for the
# other side; ``wait MS``: that many milliseconds) and ``shot NAME``.
SCRIPT_WORDS = "up down left right a b start select, wait, wait MS, shot NAME"
WAIT_MAX = 10 * 60 * 1000  # a wait's milliseconds, at most
SHOT_NAME = 40  # a shot's name: letters, digits, - and _, at most this many


def _script(path):
    """What the file at ``path`` says to do, in order ("#" starts a
    comment): a button's number for each button named, ``("wait", MS)``
    for ``wait MS`` (MS None for a bare ``wait``), ``("shot", NAME)`` for
    ``shot NAME``.  ValueError naming the line of a word it cannot read."""
    with open(path, encoding="utf-8") as f:
        said = []
        for n, line in enumerate(f, 1):
            words = line.split("#")[0].split()
            i = 0
            while i < len(words):
                word = words[i].lower()
                i += 1
                if word == "wait":
                    ms = None
                    # (a number: its milliseconds; a button: wait, then press it)
                    if i < len(words) and words[i].isascii() and words[i].isdigit():
                        ms = int(words[i]) if len(words[i]) < 9 else WAIT_MAX + 1
                        if ms > WAIT_MAX:
                            raise ValueError("line %d: wait %s: at most %d milliseconds" % (n, words[i], WAIT_MAX))
                        i += 1
                    said.append(("wait", ms))
                elif word == "shot":
                    name = words[i] if i < len(words) else ""
                    if not (0 < len(name) <= SHOT_NAME and name.isascii()
                            and name.replace("-", "").replace("_", "").isalnum()):
                        raise ValueError("line %d: shot needs a NAME on its line: letters, digits, - and _, up to %d"
                                         % (n, SHOT_NAME) if not name else
                                         "line %d: shot %r: a shot's name is letters, digits, - and _, up to %d"
                                         % (n, name, SHOT_NAME))
                    said.append(("shot", name))
                    i += 1
                else:
                    try:
                        said.append(buttons.parse(word))
                    except ValueError as e:
                        raise ValueError("line %d: %s (a script's words: %s)" % (n, e, SCRIPT_WORDS))
        return said


# The screens that take no button: "Thinking..." (a bot's move, a hint
# worked out).  A script's button waits while one shows, as a person does.
BUSY = (THINKING, HINT)
# ... and a bare ``wait`` waits while one shows, or while the other board
# of a link is awaited or plays.
OTHER_SIDE = BUSY + (LINKING, REMOTE)


def script_press(script, app, now, shots):
    """The button the script ``script`` (``_script``'s list, eaten as it is
    done) presses at this step, or None: its shots taken, its waits waited
    (``now``: the sim's clock, ms), a button held while the app shows a
    screen that takes none (``BUSY``)."""
    while script:
        word = script[0]
        if isinstance(word, int):
            if app.mode in BUSY:
                return None
            return script.pop(0)
        what, value = word
        if what == "shot":
            shots.take(value)
        elif what == "until":  # (a wait MS begun)
            if now < value:
                return None
        elif value is None:  # wait for the other side
            if app.mode in OTHER_SIDE and not app.link_lost():  # (a lost link: on)
                return None
        else:
            script[0] = ("until", now + value)
            continue
        script.pop(0)
    return None


def read_line(prompt):
    """``input`` for the text game, the terminal's bytes read as UTF-8: a
    byte that is not is replaced, never an error."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.buffer.readline()
    if not line:
        raise EOFError
    return line.decode("utf-8", "replace").rstrip("\r\n")


def _refused(option, value, e):
    print("sim: %s %s: %s" % (option, value, reason(e)), file=sys.stderr)
    return 2


def _save_area_refused(path):
    """Why the sim will not keep its saves in ``path`` (None when it may):
    a file that is not a save area (longer than a board's, or whose two
    slots begin neither as a save nor as erased memory), which the first
    save would overwrite; or a place where nothing can be written, where
    every save would fail.  An empty or new file is a save area to be."""
    from engine.save import SLOT_HEAD
    from sim.desk import DeskNVM

    if os.path.isfile(path):
        size = os.path.getsize(path)
        if size > DeskNVM.SIZE:
            return "not a save area (%d bytes, a save area has %d): it would be overwritten" % (size, DeskNVM.SIZE)
        if size:
            with open(path, "rb") as f:
                data = f.read(DeskNVM.SIZE)
            half = DeskNVM.SIZE // 2
            heads = [data[at:at + SLOT_HEAD] for at in (0, half) if len(data) >= at + SLOT_HEAD]
            if heads and not any(h[:2] == b"Sv" or h in (b"\xff" * SLOT_HEAD, bytes(SLOT_HEAD)) for h in heads):
                return "not a save area (neither slot holds a save): it would be overwritten"
    elif os.path.exists(path):
        return None  # (a folder, a device: said when it is opened)
    try:  # (a save is written beside it first, then renamed: sim.desk.DeskNVM)
        with open(path + ".new", "wb"):
            pass
        os.remove(path + ".new")
    except OSError as e:
        return "nothing can be written there (%s)" % reason(e)
    return None


# Systems whose windows need an X or Wayland display (macOS and Windows
# always have one of their own).
NEEDS_DISPLAY = ("linux", "freebsd", "openbsd", "netbsd", "dragonfly", "sunos")
NO_WINDOW_DRIVERS = ("dummy", "offscreen")  # SDL's video drivers that show nothing


def no_display(environ=None, platform=None):
    """Why a window would not be seen here, or None when it would: SDL told
    to draw nowhere (``SDL_VIDEODRIVER`` dummy or offscreen), or a Linux or
    BSD without a display (no ``DISPLAY``, no ``WAYLAND_DISPLAY``; another
    video driver named in ``SDL_VIDEODRIVER``, e.g. kmsdrm, is trusted)."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    driver = environ.get("SDL_VIDEODRIVER", "").strip()
    if driver:
        names = [name.strip().lower() for name in driver.split(",") if name.strip()]
        if names and all(name in NO_WINDOW_DRIVERS for name in names):
            return "SDL_VIDEODRIVER=%s shows no window" % ",".join(names)
        return None
    if platform.startswith(NEEDS_DISPLAY) and not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        return "no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    return None


def unseen_window(args):
    """The line that says why the window the command line ``args`` asks for
    cannot be seen here (None: it can, or none is asked for).  A window
    nobody sees would wait for ever for keys nobody can press; a bot at the
    buttons (--autoplay) plays to the end and stops, window or not."""
    unseen = None if args.headless or args.autoplay or args.text or args.stats else no_display()
    if unseen is None:
        return None
    return ("sim: %s: play the text game in this terminal (python -m sim --text), or run without a window "
            "(--headless --autoplay LEVEL, or --headless --script FILE)" % unseen)


def main(argv=None):
    args = arguments(sys.argv[1:] if argv is None else argv)
    unseen = unseen_window(args)
    if unseen:
        print(unseen, file=sys.stderr)
        return 2
    if args.stats:
        from sim.stats import main as stats_main

        return stats_main(args.save or "sim.nvm")
    if args.text:
        from sim.console import main as text_main

        return text_main(["--variant", args.variant, "--rounds", str(args.rounds)]
                         + (["--level", args.opponent] if args.opponent in LEVELS else [])
                         + (["--auto-claim"] if args.auto_claim else [])
                         + ([] if args.seed is None else ["--seed", str(args.seed)]), read=read_line)
    # Every file and folder named is tried now, so that what cannot be used
    # is said in one line before a window opens (not when a match ends).
    script = None
    if args.script:
        try:
            script = _script(args.script)
        except (OSError, ValueError) as e:  # (a UnicodeDecodeError is a ValueError)
            return _refused("--script", args.script, e)
    from sim.autoplay import AutoPlayer
    from hw.main import Runner
    from sim.desk import Desk

    if args.review and not args.replay:
        print("sim: --review needs --replay FILE: the record to review", file=sys.stderr)
        return 2
    if args.review and args.headless:
        from sim.review import run as review

        return review(args.replay, args.player - 1)
    if args.replay:
        from sim.replay import run

        desk = Desk(headless=args.headless, title=title(replay=True, review=args.review))
        try:
            if args.review:
                from sim.review import window

                return window(args.replay, args.player - 1, desk, Runner, lang=args.lang)
            return run(args.replay, desk, Runner, args.headless)
        finally:
            desk.close()

    for option, folder in (("--shots", args.shots), ("--records", args.records)):
        if folder:
            try:
                os.makedirs(folder, exist_ok=True)
            except OSError as e:
                return _refused(option, folder, e)
    shots = Shots(None, args.shots)
    held = shots.hold() if args.shots else None
    if held:
        print("sim: --shots %s: %s" % (args.shots, held), file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3), "big")
    link_port = None
    if args.port:
        from sim.desk import SerialPort

        # Opened now, so that a port that is not there is said at once (the
        # app opens it when a link starts).
        try:
            port = SerialPort(args.port, args.baud)
        except Exception as e:  # serial.SerialException (an OSError's message), a bad baud rate
            return _refused("--port", args.port, e)

        def link_port():
            return port

    refused = _save_area_refused(args.save) if args.save else None
    if refused:
        print("sim: --save %s: %s" % (args.save, refused), file=sys.stderr)
        return 2
    try:
        desk = Desk(headless=args.headless, nvm=args.save, title=args.title)
    except OSError as e:  # the save area's file: a folder, unreadable, unwritable
        return _refused("--save", args.save, e)
    saver = None
    if args.save:
        from engine.save import Saver

        saver = Saver(desk.nvm)
    records = Records(args.records, args.name)
    app = DeskApp(seed=app_seed(seed), opponent=args.opponent, variant=VARIANTS.index(args.variant), rounds=args.rounds,
              lang=args.lang, auto_claim=args.auto_claim, link_port=link_port, random_bytes=os.urandom,
              saver=saver, recorder=records, sound=args.sound, speaker=desk.make_speaker)
    if app.opponent == "link" and link_port is None and (args.headless or args.autoplay):
        # (The menu's choice or a linked match, as the save keeps them.)
        desk.close()
        print("sim: --save %s: a linked game is saved there, which needs --port PATH" % args.save, file=sys.stderr)
        return 2
    if args.headless and script is None and not args.autoplay:
        # No window and nobody to press a button: the menu would wait for
        # ever.  (Checked after the files, which are said first.)
        desk.close()
        print("sim: --headless needs --autoplay LEVEL or --script FILE: nobody would press the buttons", file=sys.stderr)
        return 2
    runner = Runner(desk, app)
    lesson = None
    if args.learn:
        from hw.screens import learn

        learn.start(app, VARIANTS.index(args.learn))
        lesson = app.lesson
    shots.desk = desk
    player = AutoPlayer(args.autoplay, seed ^ 0x1234) if args.autoplay else None
    try:
        runner.step()
        shots.take("menu")
        steps = 0
        while not desk.quit:
            pressed = desk.buttons()
            if script:
                b = script_press(script, app, desk.now(), shots)
                if b is not None:
                    pressed.append(b)
            elif player is not None:
                b = player.next_button(app)
                if b is not None:
                    pressed.append(b)
            elif script is not None and args.headless and app.mode not in BUSY:
                break  # the script is done (and what its last button began: a bot's reply)
            had_match = app.match is not None
            runner.step(pressed)
            if app.match is not None and not had_match:
                shots.take("start")
            for event in app.events:  # (this step's: hw.main's Runner.step)
                shots.take(event[0])
            steps += 1
            if app.mode == MATCH_END and (player is not None or args.headless and not script):
                break  # (a script's words after the end are done first)
            if lesson is not None and app.lesson is None and args.headless:
                break  # (the lesson is over, or left)
            if not args.headless and player is None:
                desk.idle()
            if args.headless and desk.now() > LIMIT_MS:  # (a window plays as long as its player likes)
                print(json.dumps(summary(app, seed, shots.count)))
                print("sim: the game did not end in %d minutes of play" % (LIMIT_MS // 60000), file=sys.stderr)
                return 1
        shots.take("end")
        if lesson is not None and args.headless:
            print(json.dumps({"lesson": args.learn, "done": lesson.done and app.lesson is None, "steps": lesson.k + 1}))
        elif args.headless or player is not None:
            print(json.dumps(summary(app, seed, shots.count)))
    finally:
        desk.close()
    return 0


LIMIT_MS = 30 * 60 * 1000  # a headless game that lasts longer is stuck

# Each screen by its number, as the summary names it: the name of its number
# in hw.screens, lower-cased ("round_end"), so that a new screen is its module
# and its row there, nothing here.  (hw.screens' other numbers, LINES and
# PANEL_CHARS, measure the panel: tests/test_layers.py holds the rest to
# MODULES.)
MODE_NAMES = tuple(name.lower() for _, name in sorted(
    (value, name) for name, value in vars(screens).items()
    if name.isupper() and isinstance(value, int) and name not in ("LINES", "PANEL_CHARS")))


def summary(app, seed, shots):
    """The result, or where the app stands, as one JSON-able dict;
    ``seed``: the first match's (said while no match is in play)."""
    # The match's own seed, the one its record holds (a resumed or linked
    # match's is not --seed's).
    seed = app.match.seed if app.match is not None else seed
    out = {"seed": seed, "screen": MODE_NAMES[app.mode], "opponent": app.opponent,
           "variant": VARIANTS[app.variant], "rounds": app.rounds, "lang": app.lang, "shots": shots}
    if app.match is not None:
        out["moves"] = app.game.move_count()
        out["scores"] = app.match.scores
        out["hints"] = app.hints  # (asked for this match, per seat)
        if app.match.results:
            # The match's winner once it is over; the last round's, and its stones.
            w, s0, s1 = app.match.results[-1]
            if app.match.over():
                winner = app.match.winner()
                out["winner"] = "draw" if winner == DRAW else winner
            out["round_winner"] = "draw" if w == DRAW else w
            out["stones"] = [s0, s1]
    return out


class Records:
    """A record (``desk.record``) of every match the app finishes, one
    file each in ``folder`` (None: no records)."""

    def __init__(self, folder, name):
        self.folder = folder
        self.name = name
        self.last = None
        self.written = []

    def note(self, app):
        """The app's match has ended (the app calls this once a match)."""
        if self.folder is None or app.match is None or app.match is self.last:
            return
        from desk.record import write

        match = self.last = app.match
        settings = {"opponent": app.opponent, "lang": app.lang, "auto_claim": app.auto_claim}
        if app.hints[0] or app.hints[1]:
            settings["hints"] = list(app.hints)  # (asked for, per seat: as a board's record carries them)
        text = write(match.seed, app.variant, app.rounds, match.moves(), app.player_names(self.name), settings)
        # match-SEED-N.txt with the first N free: a record never replaces
        # another, whatever the runs before left in the folder ("x": the
        # file is made, never opened if it is there).
        n = 1
        try:
            os.makedirs(self.folder, exist_ok=True)
            while True:
                path = os.path.join(self.folder, "match-%d-%d.txt" % (match.seed, n))
                try:
                    with open(path, "x", encoding="utf-8") as f:
                        f.write(text)
                    break
                except FileExistsError:
                    n += 1
        except OSError as e:  # the folder gone, the disk full: the game goes on
            print("sim: --records %s: %s; this match's record is not written" % (self.folder, reason(e)),
                  file=sys.stderr)
            return
        self.written.append(path)


class Shots:
    """Numbered PNG screenshots of the window, when a folder is given."""

    def __init__(self, desk, folder):
        self.desk = desk
        self.folder = folder
        self.count = 0  # (main has made the folder)
        self.held = None

    def hold(self):
        """Hold the folder for this run's shots, as long as it runs (a lock
        on the folder, where the system locks files): None, or why not:
        another sim saves its shots there (two linked sims given one
        folder), and each would overwrite the other's 000-menu.png..."""
        try:
            import fcntl
        except ImportError:  # (Windows: not checked)
            return None
        try:
            fd = os.open(self.folder, os.O_RDONLY)
        except OSError as e:
            return reason(e)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            os.close(fd)
            if e.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                return ("another sim is saving its screenshots there (each would overwrite the other's): "
                        "give each its own")
            return None  # (a file system that locks nothing: not checked)
        self.held = fd
        return None

    def take(self, what):
        if not self.folder:
            return
        self.desk.display.save(os.path.join(self.folder, "%03d-%s.png" % (self.count, what)))
        self.count += 1


if __name__ == "__main__":
    import desk

    # (Ctrl-C, or a reader gone as ``| head`` goes: stopped, no traceback)
    sys.exit(desk.run(main))
