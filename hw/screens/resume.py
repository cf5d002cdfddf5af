"""The app at power-up: the saves read, and the resume screen's choice.

Loaded only while it is needed: reading the saves once at start (``hw.app``
drops it then), and as the module of the resume screen
(``hw.screens.MODULES``) while a saved match is on offer.  A save is all or nothing: ``engine.restore.resume`` replays every
move, checked, and nothing of a save that fails is used, not even its
settings; whatever could not be read is said on screen.
"""

from engine import unload
from engine.game import LANGUAGES, VARIANTS
from engine.save import SaveError
from hw import buttons
from hw.match import play
from hw.screens import MENU, RESUME, RESUME_ROWS, ROUND_CHOICES


def load(app):
    """Offer the newest save that resumes, else the one before."""
    from engine.restore import decode, resume

    saver = app.keeper.saver
    problems = []
    blob, problem = saver.load()
    if problem:
        problems.append(problem)
    for i in range(len(saver.blobs)):
        blob = saver.blobs[i]
        try:
            s = decode(blob)
            if s.opponent >= len(app.OPPONENTS) or s.lang >= len(LANGUAGES):
                raise SaveError("save made by another version (opponent %d, language %d)" % (s.opponent, s.lang))
            match = resume(blob)[0] if s.match else None
        except SaveError as e:
            problems.append(str(e))
            continue
        saver.prefer(i)
        if s.stats is not None:  # (kept whatever the settings: the tables share their first opponents)
            n = min(len(s.stats), len(app.stats))
            app.stats[:n] = s.stats[:n]
        if s.tag == app.keeper.tag:  # settings.toml unchanged since: the menu's choices stand
            app.opponent = app.OPPONENTS[s.opponent]
            app.lang = LANGUAGES[s.lang]
            app.auto_claim = s.auto_claim
            app.sound = s.sound
            app.hints_on = s.hints
            app.variant = s.variant
            app.rounds = s.rounds if s.rounds in ROUND_CHOICES else app.rounds
        if match is not None and (not match.over() or app.OPPONENTS[s.opponent] == "link"):
            # (A linked match over but not known to be over on the other
            # board: resuming sends its last move again.)
            app.offer_match(match, s.seat, app.OPPONENTS[s.opponent])
        break
    # The slots' copies are read: the heap gets them back (a resumed match
    # is rebuilt, and the saver keeps only where the newest save is).
    saver.blobs = []
    saver.found = []
    from hw.saves import kept  # (how many mistakes are kept, for the menu's row)

    kept.read(app)
    unload("hw.saves.kept")
    unload("engine.mistakes")
    if problems:
        print("save:", "; ".join(problems))
        from hw.lang.menu import words

        app.notice([words(app.lang)["save_problem"]] + problems, app.mode)


def press(app, button):
    """A button on the resume screen: resume the match on offer, or not."""
    if button in (buttons.UP, buttons.DOWN):
        app.choice = 1 - app.choice
    elif button in (buttons.A, buttons.START):
        match = app.offer
        app.offer = None
        if RESUME_ROWS[app.choice] == "new_game":
            app.go(MENU)
            app.row = 0
            app.keeper.save(app, None)  # the choice is made: the saved match goes
        elif app.opponent == "link":
            if app.link_port is None:  # no serial port here: keep the offer
                app.offer = match
                app.notice([app.t("no_link")], RESUME)
                return
            from hw.match import link  # (loaded: a link is played)

            link.start(app, (match, app.offer_seat))
        else:
            app.keeper.saved(match)  # saved as it stands
            play.begin(app, match, app.bot(match.seed ^ 0x5A5A ^ len(match.log)))


def lines(app):
    t = app.t
    match = app.offer
    game = match.game
    from hw.lang.menu import words  # (this screen's own words: in RAM while it is drawn)

    w = words(app.lang)
    return [w["saved_game"], "",
            t(VARIANTS[game.variant]) + ", " + t("round") % (min(match.round_number(), match.rounds), match.rounds),
            t(app.opponent), w["move_n"] % (game.move_count() + 1), ""] + [
        (">" if i == app.choice else " ") + (w[k] if k in w else t(k)) for i, k in enumerate(RESUME_ROWS)]
