# Runs a bundle as a board runs it, under CircuitPython's interpreter:
#
#   circuitpython-boardlike -X heapsize=N run_board.py BUNDLE DRIVER
#
# BUNDLE is what ``make bundle`` made (code.py, engine/, hw/, lib/); DRIVER a
# folder with ``autoplay`` (sim/autoplay.py, compiled), the bot that presses
# this board's buttons.  The stand-ins of this folder answer for the board's
# native modules.  code.py runs unchanged, compiled here as a board compiles
# it; its menu defaults come from the ST_* settings (the environment).
#
# BOARD_SEED   seeds os.urandom (the app's seed, the link's secrets)
# BOARD_LEVEL  how the player at the buttons chooses: "random" (default: any
#              legal move, keeping nothing, so that the heap is the app's)
#              or a bot's level (its modules and state then count as the
#              app's: a rough figure)
# BOARD_HINTS  ask for a hint (B) at each of the player's card steps, then
#              play on (the hint's notice read with A)
# BOARD_REVIEW at the match's summary, B: the review, every move of the
#              player's stepped through once the hard level's is worked out
#              (prints "reviewed" and "differs", then "end review")
# BOARD_LEARN  the menu's Learn: the lesson of ST_VARIANT, played to its end
#              (prints "lesson" and its steps, then "end lesson")
# BOARD_SESSION  a whole session in one power-up: steps separated by
#              spaces, each a kind and its options separated by ":" (set on
#              the menu with its buttons before the step starts):
#                match[:VARIANT][:OPPONENT][:ROUNDS][:hints][:looks][:review]
#                      a match (hints: B at each card step; looks: Select
#                      there, A, a stone's detail and whether it may be
#                      claimed, then back; review: B on its summary,
#                      every move stepped through (its first mistake
#                      asked, A: a move tried, then the answer), then B)
#                learn:VARIANT   the variant's lesson to its end
#                mistakes        the menu's "Your mistakes": a kept one asked
#                      (a move tried, then the answer), or the notice that
#                      none is kept
#                stats, help     every page, then B
#              and the menu's settings, for this step and the next:
#                fr, es, en, sound, quiet
#              ends "end session" once every step is back at the menu
# BOARD_FUZZ   in a session, this percentage of the presses is a button at
#              random (any of the eight): pause menus, details, hints,
#              restarts, steps left half-way; reaching BOARD_POLLS then
#              ends "end fuzz" (exit 0), not stuck
# BOARD_CUT    cut the power (exit at once) once the match has this many moves
# BOARD_FULL   once the game's history has this many entries, fill the heap
#              when the bot is about to choose (prints "full" and the
#              match's moves then): the app runs out of memory in play
# BOARD_NVM    the nvm's file (saves survive between two runs)
# BOARD_LINK   the cable's folder and end, "FOLDER:A": two runs in step, a
#              poll of one for a poll of the other (see busio.py)
# BOARD_STARTUP  stop once code.py's set-up is done (the start-up's time)
# BOARD_POLLS  give up (exit 1) after this many polls (default 30000)
# BOARD_MEASURE  only print what the stand-ins and the driver keep, and stop
# BOARD_QSTR_FILL  names to intern before code.py starts (see below)
# BOARD_FIRMWARE  "VERSION MPY", another CircuitPython for code.py's
#              sys.implementation: "8.2.9 0" (MPY 0: no ``_mpy``, as before
#              9), "11.0.0 7"; when MPY is not this interpreter's .mpy
#              version, the bundle's modules do not load (not found), as
#              on such a board
#
# Prints lines "name value": the stand-ins' heap, the app's heap after set-up
# and its peak (live, after a collection, every few polls; the stand-ins'
# and the bot's own bytes taken off), the result, and exits 0 when the
# match ended (or was cut); MemoryError or any other exception exits 1.
# When code.py ends by itself (a board then says "Code done running"):
# "screen console" when the display shows the console (what code.py
# printed) and refreshes by itself, else "screen app"; then "end code".
import gc
import micropython
import os as _os
import sys


def _absolute(path):
    return path if path.startswith("/") else _os.getcwd() + "/" + path


HERE = _absolute(sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else ".")
BUNDLE = _absolute(sys.argv[1])
DRIVER = _absolute(sys.argv[2])
# As on a board: the firmware's modules, then the drive's root and lib/,
# from the drive's root (a module's file is then named as on a board,
# "engine/game.mpy", and its qstr is as long).
_os.chdir(BUNDLE)
sys.path[:] = [HERE, "", "lib"]

import time  # noqa: E402

import adafruit_pixelbuf  # noqa: E402,F401
import audiocore  # noqa: E402,F401  (the firmware's, as the rest: not loaded with the first sound on the app's heap)
import audioio  # noqa: E402,F401
import bitmaptools  # noqa: E402,F401
import board  # noqa: E402,F401
import busio  # noqa: E402,F401
import digitalio  # noqa: E402,F401
import displayio  # noqa: E402,F401
import fontio  # noqa: E402,F401
import keypad  # noqa: E402
import microcontroller  # noqa: E402
import neopixel_write  # noqa: E402,F401
import storage  # noqa: E402,F401
import supervisor  # noqa: E402
import terminalio  # noqa: E402,F401

_seed = [int(_os.getenv("BOARD_SEED") or "1") & 0x3FFFFFFF or 1]
LEVEL = _os.getenv("BOARD_LEVEL") or "random"


class _Os:
    # os with a seeded urandom, so that a run is the same every time.
    def __getattr__(self, name):
        return getattr(_os, name)

    def urandom(self, n):
        out = bytearray(n)
        x = _seed[0]
        for i in range(n):
            x = (x * 1103515245 + 12345) & 0x3FFFFFFF
            out[i] = x >> 16 & 255
        _seed[0] = x
        return bytes(out)


sys.modules["os"] = _Os()


class _Implementation:
    name = "circuitpython"


class _Firmware:
    # sys as code.py sees it on another CircuitPython (BOARD_FIRMWARE).
    def __init__(self, spec):
        version, mpy = spec.split()
        self.implementation = _Implementation()
        self.implementation.version = tuple(int(x) for x in version.split(".")) + ("",)
        if int(mpy):
            self.implementation._mpy = int(mpy)

    def __getattr__(self, name):
        return getattr(sys, name)


if _os.getenv("BOARD_FIRMWARE"):
    sys.modules["sys"] = _Firmware(_os.getenv("BOARD_FIRMWARE"))
    if getattr(sys.modules["sys"].implementation, "_mpy", 0) & 255 != sys.implementation._mpy & 255:
        sys.path[:] = [HERE]  # the drive's .mpy files cannot be loaded


def _fill(n):
    # A board keeps its firmware's names (its native modules') in flash and
    # makes pools only for the app's; here the stand-ins' and this script's
    # are made at run time, in the same pools.  Filler names up to the end
    # of the sixth pool (``n``, counted by tools/bench/board_run.py) put the app's
    # in pools of their own, as on a board: the seventh holds 1280 names in
    # the bytes of the six before (1260).
    holder = _Os()
    for i in range(n):
        setattr(holder, "_fill%d" % i, 0)


_fill(int(_os.getenv("BOARD_QSTR_FILL") or "0"))
if _os.getenv("BOARD_MEASURE"):
    # What this run itself keeps, which a board does not: the stand-ins,
    # and the player at the buttons (measured after the app's modules it
    # imports, which are the app's).  A run's heap is the board's plus
    # these.
    # Their interned names too (three "qstr pool" lines: after the
    # stand-ins and this script, after the app's modules, after the
    # player): a board has none of them in RAM.
    gc.collect()
    base = gc.mem_alloc()
    micropython.qstr_info()
    sys.path.append(DRIVER)
    import engine.game  # noqa: F401
    import engine.rng  # noqa: F401
    import hw.app  # noqa: F401
    import hw.boards  # noqa: F401
    import hw.screens  # noqa: F401  (the player reads the screens' names)

    gc.collect()
    deps = gc.mem_alloc()
    micropython.qstr_info()
    from autoplay import AutoPlayer

    player = AutoPlayer(LEVEL, 1)
    gc.collect()
    micropython.qstr_info()
    print("standins", base)
    print("driver", gc.mem_alloc() - deps)
    raise SystemExit(0)
HINTS = bool(_os.getenv("BOARD_HINTS"))
REVIEW = bool(_os.getenv("BOARD_REVIEW"))
LEARN = bool(_os.getenv("BOARD_LEARN"))
CUT = int(_os.getenv("BOARD_CUT") or "0")
FULL = int(_os.getenv("BOARD_FULL") or "0")
POLLS = int(_os.getenv("BOARD_POLLS") or "30000")
STARTUP_ONLY = bool(_os.getenv("BOARD_STARTUP"))
FUZZ = int(_os.getenv("BOARD_FUZZ") or "0")
TRACE = bool(_os.getenv("BOARD_TRACE"))  # (the live heap and modules at each screen reached, each hint asked for)


def _session(spec):
    # BOARD_SESSION's steps: [(kind, menu row, its settings [(row, value)], hints, review, looks)].
    variants = ("classic", "expert", "tactics")
    steps = []
    menu = {}
    for word in spec.split():
        parts = word.split(":")
        kind = parts[0]
        hints = review = looks = False
        for part in parts[1:]:
            if part in variants:
                menu["variant"] = variants.index(part)
            elif part in ("easy", "medium", "hard", "pass", "link"):
                menu["opponent"] = part
            elif part.isdigit():
                menu["rounds"] = int(part)
            elif part in ("en", "fr", "es"):
                menu["language"] = part
            elif part in ("sound", "quiet"):
                menu["sound"] = part == "sound"
            elif part == "hints":
                hints = True
            elif part == "review":
                review = True
            elif part == "looks":
                looks = True
            else:
                raise ValueError("BOARD_SESSION: what is %r?" % part)
        row = {"match": "start", "learn": "learn", "stats": "stats", "help": "help", "mistakes": "mistakes"}[kind]
        steps.append((kind, row, sorted(menu.items()), hints, review, looks))
    return steps


SESSION = _session(_os.getenv("BOARD_SESSION") or "")
if SESSION and not _os.getenv("BOARD_POLLS"):
    POLLS = 400000
state = {"app": None, "player": None, "polls": 0, "peak": 0, "resumed": False, "driver": 0, "redraw_us": 0, "redraw_calls": 0,
         "redraw_max_us": 0, "hold": None,
         # a session's: the step, whether it left the menu, its presses on a
         # page screen, the last hint's turn; the fuzz's generator; counts
         "step": 0, "started": False, "reviewing": False, "ended": False, "menus": 0, "presses": 0, "hinted": None, "fuzz": _seed[0] ^ 0x1D2C3B, "hints": 0,
         "reviews": 0, "lessons": 0, "matches": 0, "quizzes": 0, "quizzed": None, "asked": 0}


def call_overhead():
    # A stand-in pixel write less a native one (a bytearray's), in us: what
    # a board does not spend per accessor call.  The fastest of five runs
    # each, so that a busy host does not inflate it.
    bm = displayio.Bitmap(64, 8, 16)
    raw = bytearray(256)
    n = 2000
    slow = fast = None
    for _ in range(5):
        t = time.ticks_us()
        for i in range(n):
            bm[i & 63, 3] = 5
        dt = time.ticks_diff(time.ticks_us(), t)
        slow = dt if slow is None or dt < slow else slow
        t = time.ticks_us()
        for i in range(n):
            raw[i & 63] = 5
        dt = time.ticks_diff(time.ticks_us(), t)
        fast = dt if fast is None or dt < fast else fast
    return (slow - fast) / n


# (Measured before the app starts: its bitmap and buffer are the bench's,
# and at a match's end the app's heap has no room to spare for them.)
CALL_US = call_overhead()
g = {"__name__": "__main__"}
gc.collect()
STANDINS = gc.mem_alloc()
print("standins", STANDINS)


def live():
    gc.collect()
    return gc.mem_alloc() - STANDINS - state["driver"]


def finish(app, how):
    # How the run ended, then out (a board would go on looping).
    state["peak"] = max(state["peak"], live())
    match = app.match
    game = app.game if match is not None else None
    print("peak", state["peak"])
    # The interned strings (qstrs) made at run time, the stand-ins' among
    # them: their pools double in size (the seventh holds 1280), so a few
    # names more can cost a pool ("qstr pool: n_pool=.., n_qstr=.., ...").
    micropython.qstr_info()
    print("polls", state["polls"])
    print("refreshes", board.DISPLAY.refreshes)
    print("redraw_us", state["redraw_us"] // max(1, board.DISPLAY.refreshes - 1))
    print("redraw_max_us", state["redraw_max_us"])
    print("redraw_calls", state["redraw_calls"] // max(1, board.DISPLAY.refreshes - 1))
    print("call_us", CALL_US)
    print("nvm_writes", microcontroller.nvm.writes)
    print("resumed", state["resumed"])
    print("notes", audioio.plays[0])
    stats = app.stats  # the statistics' counters that are not 0, "index:count" (hw.saves.tally)
    print("stats", " ".join("%d:%d" % (i, stats[2 * i] << 8 | stats[2 * i + 1]) for i in range(len(stats) // 2)
                            if stats[2 * i] or stats[2 * i + 1]))
    if SESSION:
        print("steps", state["step"])
        for key in ("matches", "hints", "reviews", "lessons", "quizzes", "asked"):
            print(key, state[key])
    if match is not None:
        print("results", " ".join("%d:%d-%d" % r for r in match.results))
        print("moves", len(game.history))
    print("end", how)
    raise SystemExit(0)


def feed():
    supervisor.advance(10)  # the loop's idle
    busio.step()  # the cable's bytes, in step with the other end's run
    state["polls"] += 1
    app = g.get("app")
    if app is None:
        return None
    player = state["player"]
    if player is None:
        # The first poll: code.py's set-up is done.
        print("startup_us", time.ticks_diff(time.ticks_us(), T0))
        print("startup_calls", displayio.calls[0])
        if STARTUP_ONLY:
            print("call_us", CALL_US)
            raise SystemExit(0)
        print("setup", live())
        before = gc.mem_alloc()
        sys.path.append(DRIVER)
        from autoplay import AutoPlayer
        from hw.boards import PYBADGE_KEYS

        player = state["player"] = AutoPlayer(LEVEL, _seed[0] & 0xFFFF)
        choose = player.choose

        def counted(game):
            # What the player at the buttons keeps between moves is the
            # driver's, not the app's.
            gc.collect()
            a = gc.mem_alloc()
            m = choose(game)
            gc.collect()
            state["driver"] += gc.mem_alloc() - a
            return m

        player.choose = counted
        # Time each screen update (the view's Python work and the refresh).
        runner = sys.modules["hw.main"].Runner
        redraw = runner.redraw

        def timed(self):
            t = time.ticks_us()
            c = displayio.calls[0]
            redraw(self)
            state["redraw_calls"] += displayio.calls[0] - c
            dt = time.ticks_diff(time.ticks_us(), t)
            state["redraw_us"] += dt
            state["redraw_max_us"] = max(state["redraw_max_us"], dt)

        runner.redraw = timed
        state["keys"] = PYBADGE_KEYS
        gc.collect()
        state["driver"] = gc.mem_alloc() - before

        print("driver", state["driver"])
    if state["polls"] > POLLS and FUZZ:  # (a fuzzed session may wander: as far as it got)
        finish(app, "fuzz")
    if state["polls"] > POLLS:  # stuck: waiting for a board that is gone
        print("end stuck")
        raise SystemExit(1)
    if state["polls"] % 16 == 0:
        state["peak"] = max(state["peak"], live())
    mode = app.mode
    if mode == 11:  # hw.screens.RESUME: a saved match offered
        state["resumed"] = True
    if SESSION:
        b = session_button(app, player, mode)
        return None if b is None else state["keys"].index(b)
    if LEARN and mode == 16 and app.lesson is not None:  # hw.screens.LEARN (set up at its first tick)
        state["lesson"] = app.lesson.k + 1
    elif LEARN and mode == 0:  # hw.screens.MENU: its first row, Learn; once the lesson is over, the end
        if state.get("lesson"):
            print("lesson", state["lesson"])
            finish(app, "lesson")
        return state["keys"].index(sys.modules["hw.buttons"].A)
    if REVIEW and mode == 7:  # hw.screens.MATCH_END: B, the review
        return state["keys"].index(sys.modules["hw.buttons"].B)
    if REVIEW and mode == 15:  # hw.screens.REVIEW: every move of the player, the hard level's worked out
        review = app.review
        if review.hard[review.k] < 0:
            return None  # (its ticks think)
        if review.k + 1 < len(review.mine):
            return state["keys"].index(sys.modules["hw.buttons"].RIGHT)
        print("reviewed", len(review.mine))
        print("differs", sum(1 for k in range(len(review.mine)) if review.hard[k] != review.moves[review.mine[k]]))
        finish(app, "review")
    if mode == 7 and (app.link is None or app.link.draining is None):  # hw.screens.MATCH_END, the last move delivered
        finish(app, "match")
    if CUT and app.match is not None and len(app.game.history) >= CUT:
        finish(app, "cut")
    if FULL and mode == 3 and app.thought and len(app.game.history) >= FULL:  # hw.screens.THINKING: it chooses now
        print("full", len(app.match.moves()))  # the moves made: the save holds them all
        fill()
        return None
    if HINTS and mode == 1 and app.turn.phase == 0 and state.get("hinted") != len(app.game.history) \
            and not app.link_lost():  # (B on a silent link gives up: the other board may still be thinking)
        state["hinted"] = len(app.game.history)  # hw.screens.TURN, hw.match.turn.CARD: once a turn
        state["hints"] = state.get("hints", 0) + 1
        print("hint", state["hints"])
        return state["keys"].index(sys.modules["hw.buttons"].B)
    b = player.next_button(app)
    return None if b is None else state["keys"].index(b)


_MENU_VALUES = {"opponent": "opponent", "variant": "variant", "rounds": "rounds", "language": "lang", "sound": "sound"}


def session_button(app, player, mode):
    # The next button of a session (BOARD_SESSION), or None (time passes).
    b = sys.modules["hw.buttons"]
    if TRACE and mode != state.get("traced"):
        state["traced"] = mode
        print("trace mode", mode, live(), " ".join(sorted(k for k in sys.modules if k.startswith(("hw", "engine")))))
    if FUZZ:
        x = state["fuzz"] = (state["fuzz"] * 1103515245 + 12345) & 0x3FFFFFFF
        if (x >> 8) % 100 < FUZZ:
            return (b.LEFT, b.RIGHT, b.UP, b.DOWN, b.A, b.B, b.START, b.SELECT)[(x >> 16) & 7]
    kind, row, menu, hints, review, looks = SESSION[state["step"]]
    if mode == 0:  # hw.screens.MENU
        if not state["menus"] or state["started"]:
            # At the menu, the session's floor: what it holds then (live
            # heap, the app's modules), at power-up and after each step.
            print("menu", state["step"], live(), " ".join(sorted(k for k in sys.modules if k.startswith(("hw", "engine")))))
            micropython.qstr_info()
            state["menus"] += 1
        if state["started"] and _os.getenv("BOARD_PROBE") and int(_os.getenv("BOARD_PROBE")) == state["step"]:
            probe(app)
        if state["started"]:  # the step is over: the next one
            # (what the player at the buttons planned is forgotten: it
            # would keep the match, which a board's player does not)
            player.plan = player.task = None
            if kind == "learn" and state.get("lesson_done"):
                state["lessons"] += 1
            elif kind == "match" and state["ended"]:
                state["matches"] += 1
            state["ended"] = False
            state["lesson_done"] = False
            state["step"] += 1
            state["started"] = False
            state["presses"] = 0
            state["reviewing"] = False
            if state["step"] == len(SESSION):
                finish(app, "session")
            kind, row, menu, hints, review, looks = SESSION[state["step"]]
        rows = sys.modules["hw.screens"].MENU_ROWS
        for key, value in menu:
            if getattr(app, _MENU_VALUES[key]) != value:
                return _to_row(app, rows, key) or b.RIGHT
        return _to_row(app, rows, row) or _begin(b.A)
    state["started"] = True
    if mode == 7 and app.link is not None and app.link.session is not None and app.link.session.pending():
        return None  # (a linked match's last move on its way: the summary waits, as a player would)
    if mode == 7:  # hw.screens.MATCH_END: the review (B), or the menu (A)
        state["ended"] = True
        if review and not state["reviewing"]:
            state["reviewing"] = True
            return b.B
        return b.A
    if mode == 15:  # hw.screens.REVIEW: every move of the player's, the hard level's worked out
        rv = app.review
        if rv.hard[rv.k] < 0:
            return None  # (its ticks think)
        if rv.kind[rv.k] >= 2 and not rv.shown[rv.k] and state["quizzed"] != state["step"]:
            state["quizzed"] = state["step"]  # (the review's first mistake, asked: hw.screens.QUIZ)
            return b.A
        if rv.k + 1 < len(rv.mine):
            return b.RIGHT
        state["reviews"] += 1
        return b.B
    if mode == 17:  # hw.screens.QUIZ: a move tried (the card and stone under the cursors), then the answer asked for
        quiz = app.quiz
        if quiz is None or quiz.phase == 1:  # (set up, or a move weighed: its ticks)
            return None
        if quiz.phase == 0:
            if app.turn.phase == 0:  # hw.match.turn's CARD
                return b.B if quiz.tries else b.A
            return b.A if app.turn.phase == 1 else b.B  # (a stone; the claims' steps: none)
        if quiz.phase == 3:  # not better: again
            return b.A
        state["quizzes"] += 1
        if app.review is None:  # (the menu's: a kept mistake)
            state["asked"] += 1
        return b.A
    if mode == 12 or mode == 14:  # hw.screens.HELP, STATS: every page, then back
        state["presses"] += 1
        return b.RIGHT if state["presses"] < 12 else b.B
    if mode == 16 and app.lesson is not None:  # hw.screens.LEARN: a lesson (counted when it ends at its last page)
        state["lesson_done"] = app.lesson.done
    if mode == 5:  # hw.screens.DETAIL: whether it may be claimed (A), then back
        state["presses"] += 1
        return b.A if state["presses"] & 1 else b.B
    if looks and mode == 1 and app.turn.phase == 0 and state.get("looked") != (state["step"], len(app.match.results), len(app.game.history)):
        state["looked"] = (state["step"], len(app.match.results), len(app.game.history))  # once a turn
        state["presses"] = 0
        return b.SELECT
    if hints and mode == 1 and app.turn.phase == 0 and state["hinted"] != (state["step"], len(app.match.results), len(app.game.history)):
        state["hinted"] = (state["step"], len(app.match.results), len(app.game.history))  # hw.screens.TURN, hw.match.turn.CARD: once a turn
        state["hints"] += 1
        if TRACE:
            print("trace hint", state["hints"], live(), " ".join(sorted(k for k in sys.modules if k.startswith(("hw", "engine")))))
        return b.B
    if not FUZZ:
        return player.next_button(app)
    try:
        return player.next_button(app)
    except (ValueError, IndexError):  # (its plan undone by a press at random: back, and a new plan)
        player.plan = None
        return b.B


def probe(app):
    # (debugging) what the menu holds: each holder dropped in turn, the live heap after.
    print("probe", live())
    view = sys.modules["hw.main"].Runner
    for name in ("known", "events", "lines", "message", "note", "sounds", "link", "turn", "offer", "bots", "hints"):
        setattr(app, name, None)
        print("probe", name, live())
    app.keeper.match = None
    print("probe keeper.match", live())
    print("probe plan", state["player"].plan, state["player"].task, state["player"].bot)
    state["player"].plan = None
    print("probe player.plan", live())
    state["player"].bot = None
    print("probe player.bot", live())
    for k in list(sys.modules):
        if k.startswith(("hw.lang.", "hw.screens.menu")) and k not in ("hw.lang.strings", "hw.lang.words"):
            del sys.modules[k]
    print("probe lang", live())
    finish(app, "probe")


def _begin(button):
    state["started"] = True
    return button


def _to_row(app, rows, key):
    # UP or DOWN towards the menu's row ``key``; 0 when there.
    target = rows.index(key)
    if app.row == target:
        return 0
    b = sys.modules["hw.buttons"]
    return b.DOWN if (target - app.row) % len(rows) <= len(rows) // 2 else b.UP


def fill():
    # Takes what the heap has left, in ever smaller pieces, kept until
    # code.py ends: the app's next allocation fails.
    hold = state["hold"] = []
    for size in (4096, 256, 16):
        try:
            while True:
                hold.append(bytearray(size))
        except MemoryError:
            pass


keypad.feed = feed
T0 = time.ticks_us()
# Compiled, then run: the text is not kept (a board compiles code.py from
# the file and keeps only its code).
with open("code.py") as f:
    code = compile(f.read(), "code.py", "exec")
exec(code, g)
# code.py ended by itself.
state["hold"] = None
shown = board.DISPLAY.root_group is displayio.CIRCUITPYTHON_TERMINAL and board.DISPLAY.auto_refresh
print("screen", "console" if shown else "app")
print("end code")
