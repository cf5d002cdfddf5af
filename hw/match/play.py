"""A match on the board: a deal, whose turn it is and which screen that
means, a move applied (sent too, in a linked match), a round scored.
Functions of the app's state (``hw.app.App``), loaded with it: the screens
call them (a match begun from the menu, the next round from its summary,
the turn's decision), the link's module when the other board moved.
"""

from micropython import const

from engine import unload
from engine.game import only_variant
from engine.match import Match
from engine.moves import PASS, move_card, stones_text
from hw.lang import words

# The bots' modules, both variants'.
_BOT_MODULES = ("engine.ai", "engine.endgame", "engine.tbots", "engine.botkit", "engine.bots")
# Screens (hw.screens' numbers) as private constants: inlined, no name kept
# on the heap (tests/test_layers.py holds each equal to hw.screens').
_TURN = const(1)
_HANDOFF = const(2)
_THINKING = const(3)
_NOTICE = const(4)
_ROUND_END = const(6)
_MATCH_END = const(7)
_REMOTE = const(10)
# hw.sound's sounds (tests/test_layers.py holds them equal): that module is
# loaded only when sound is on (beep, below).
_S_PLACE = const(0)
_S_CLAIM = const(1)
_S_WON = const(3)
_S_LOST = const(4)


def new_match(app):
    """A new match with the menu's choices, against a bot or a person."""
    if app.link is not None:
        app.link.draining = None  # a linked match's last frames: given up
    app.matches += 1  # every match of a session its own deal, all from one seed
    seed = (app.seed + 104729 * app.matches) & 0x3FFFFFFF
    app.match = None
    app.bots = [None, None]
    only_variant(app.variant)  # (the other variant's go first)
    begin(app, Match(seed, app.rounds, app.variant), app.bot(seed ^ 0x5A5A))


def begin(app, match, bot):
    """``match`` in play from where it stands (dealt, or a saved match
    resumed) against ``bot`` (None: a person)."""
    app.match = match
    app.bots = [None, bot]
    app.message = words.last_text(app) if match.game.move_count() else ""  # where play stopped
    app.known = [None, None]
    app.last_human = -1
    app.events = []
    app.hints = [0, 0]
    start_turn(app)


def start_turn(app):
    """The screen of whoever is to move: the other board's turn, a bot
    thinking, the hand-over or the turn; or the round's end."""
    game = app.game
    if game.over():
        _round_over(app)
        return
    p = game.to_move
    if app.turn is None:
        from hw.match.turn import Turn  # (the match's: it goes at its end, see finished)

        app.turn = Turn(app)
    app.turn.reset()
    if app.linked() and p != app.me():
        app.go(_REMOTE)
    elif app.bots[p] is not None:
        app.go(_THINKING)
        app.thought = False
    else:
        idle_bots(app)  # (a stone's detail, a hint and its words get their room)
        # A player who can only pass, with nothing to claim, sees no
        # screen: the device stays with whoever holds it.
        needs_screen = game.returns or game.can_place(p) or game.claimable(p)
        app.go(_HANDOFF if app.opponent == "pass" and app.last_human != p and needs_screen else _TURN)
        if needs_screen:
            app.last_human = p
        decide(app, app.turn.begin(p))


def decide(app, decision):
    """What the player decided on the turn screen (``hw.match.turn``): a move,
    played; a notice's lines, shown; None, nothing yet."""
    say = app.turn.say
    app.turn.say = ""
    if app.turn.sound >= 0:  # (a claim refused)
        beep(app, app.turn.sound)
        app.turn.sound = -1
    if type(decision) is list:
        app.notice(decision)
    elif decision is not None:
        commit(app, decision)
    if say:
        app.message = say


def commit(app, m):
    """A person's move: applied (or refused in a notice, the turn kept)."""
    game = app.game
    err = game.check(m)
    if err:  # the screens only offer legal choices; keep the turn
        app.notice([err])
        return
    p = game.to_move
    kept = game.hand_cards(p)
    claims = apply(app, p, m)
    if app.game is not game:
        return  # (a linked round ended: the next one is dealt)
    hand = game.hand_cards(p)
    app.known[p] = [c for c in kept if c in hand]  # the rest is drawn: marked at its next turn
    # The other player sees this move: in pass-and-play on this screen
    # after the hand-over (a linked or bot opponent has it already).
    app.message = words.last_text(app) if app.opponent == "pass" else ""
    if app.mode != _ROUND_END and app.mode != _MATCH_END:  # (a linked round ends in the session)
        start_turn(app)
    if claims and app.auto_claim and not game.over():
        # Claimed by the auto-claim: said (whose, in pass-and-play).
        line = app.t("auto_claimed") % stones_text(claims)
        if app.opponent == "pass":
            line = app.short_name(p) + ": " + line
        if app.mode == _NOTICE:
            app.lines = [line] + app.lines
        else:
            app.notice([line], app.mode)


def apply(app, p, m):
    """``p``'s move ``m`` played (a linked one sent too): the stones it claimed."""
    game = app.game
    placed = move_card(m) != PASS
    linked = app.linked()
    if linked:
        if placed:
            beep(app, _S_PLACE)  # (first: a move that ends the round is heard ending it)
        if app.link.play(m):  # (it ended the round: scored by the session, the next one dealt)
            round_ended(app, app.match.results[-1][0])
            return 0
    else:
        game.apply(m)
    claims = game.last_played()[2]
    if claims:
        app.events.append(("claim", p, claims))
        beep(app, _S_CLAIM)
    elif placed and not linked:
        beep(app, _S_PLACE)
        app.flash_at = app.now
    return claims


def beep(app, kind):
    """Sound ``kind`` (``hw.sound``'s numbers) if sound is on and there is
    a speaker (``hw.sound``, loaded then: with sound off, never)."""
    if app.sound and app.speaker is not None:
        from hw.sound import ask

        ask(app, kind)


def round_sound(app, w):
    """A round won by ``w``: a rising sound if a person on this device won
    it (either, in pass-and-play), else a falling one (a draw too)."""
    beep(app, _S_WON if w in (0, 1) and app.humans()[w] else _S_LOST)


def finished(app):
    """The match is over: its bots, its turn and their modules go back to
    the heap (its record, made next, needs the room)."""
    app.turn = None
    app.bots = [None, None]
    unload("hw.match.turn")
    unload_bots()


def unload_bots():
    """The bots' modules back to the heap (no bot in use)."""
    for name in _BOT_MODULES:
        unload(name)


def cancel(app):
    """The turn being built given up (a claim shown tentatively taken back)."""
    if app.turn is not None:
        app.turn.cancel()


def _round_over(app):
    if app.linked():
        return  # rounds end in the session (Link.play, or hw.remote's tick: round_ended)
    idle_bots(app)  # (their room for the copy of the round's final board)
    round_ended(app, app.match.finish_round())


def idle_bots(app):
    """The bots' thinking space (their brain, view and judge) back to the
    heap, made again at a bot's turn: it plays the same moves (its sampled
    worlds come from its seed's generator, kept)."""
    for bot in app.bots:
        if bot is not None:
            bot.tactics = bot.view = bot.judge = bot.endgame = None


def round_ended(app, w):
    """The round just scored (won by ``w``), the next one dealt unless the
    match is over: what the round held goes back to the heap, and its
    final board is shown (A then: the next round, or the match's
    summary).  A linked round is scored by the session (``hw.match.link``)."""
    if app.match.over():
        finished(app)
    else:
        from hw.match.between import rest  # (before the round's end's code is loaded)

        rest(app)
        unload("hw.match.between")
    app.events.append(("round", w))
    round_sound(app, w)
    app.go(_ROUND_END)  # (its final board; A then: the next round, or the match's summary)
    app.message = ""  # the next round opens with nothing said
    app.known = [None, None]
    app.last_human = -1
