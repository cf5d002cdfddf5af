# The app's saves under CPython and MicroPython alike: a tactics match
# against the medium bot through the buttons, saved after every move; the
# power goes at move 30 and a new app offers the match from the save area,
# resumes it and plays it to the end.  Prints what the tests compare.
import engine  # noqa: F401
from engine.save import Saver
from hw import buttons
from hw.app import App
from hw.screens import MATCH_END, RESUME
from sim.autoplay import AutoPlayer

nvm = bytearray(b"\xff" * 8192)


app = App(seed=17, opponent="medium", variant=2, rounds=2, saver=Saver(nvm))
player = AutoPlayer("medium", 5)
player.play(app, lambda a: a.match is not None and len(a.match.moves()) >= 30)
moves = list(app.match.moves())
print("saved", app.keeper.count, len(moves), app.keeper.error)
back = App(seed=1, saver=Saver(nvm))
print("offered", back.mode == RESUME, back.opponent, back.variant, back.rounds, list(back.offer.moves()) == moves)
back.press(buttons.A)
AutoPlayer("easy", 6).play(back, lambda a: a.mode == MATCH_END)
print("ended", back.match.results, back.match.scores, len(back.match.moves()), back.match.moves()[:30] == moves)
after = App(seed=2, saver=Saver(nvm))
print("after", after.mode, after.offer is None)
