"""What the panels say: the menu, the help, the pause menu, the offer of a
saved match, the link's waiting, notices, the hand-over, a stone's detail,
why a stone can or cannot be claimed.  Functions of the app's state for
``hw.view``, the app and the turn, loaded while one of them is shown and
dropped as soon as the board is shown again, so that their code is not on
the heap while a bot thinks (a round's and a match's end are
``hw.ends``').
"""

from micropython import const

from engine.formation import CATEGORY_NAMES, category
from engine.game import CLAIMABLE, LANGUAGES, NOBODY, SIDE_MAX, TACTICS, UNPROVED, VARIANTS
from hw.screens import (DETAIL, HANDOFF, HELP, LINES, LINKING, MENU, MENU_ROWS, NOTICE, PAUSE, PAUSE_ROWS, REMOTE,
                        RESUME, RESUME_ROWS, TURN)
from hw.strings import LANGUAGE_NAMES, pick
from hw.words import name_of

# Tactics modes (engine.tactics; kept here so that the classic app never
# loads that module).
_MODE_BLIND = const(1)
_MODE_MUD = const(2)
_REASONS = ("stone", "taken", "need_three", "they_win_it")
# Words of these panels alone, in each language (hw.strings.pick's order): here,
# not in the language tables, so that they are on the heap only with them.
_CLAIMABLE = const(0)
_PROOF_FULL = const(1)
_PROOF_UNSEEN = const(2)
_DETAIL_KEYS = const(3)
_WORDS = (
    ("Stone %d: claimable", "yours beats theirs", "no card left beats it", "A: claimable?  B: back"),  # en
    ("Borne %d: revendicable", "la vôtre bat la leur", "aucune carte ne la bat", "A : revendicable ?  B"),  # fr
    ("Piedra %d: reclamable", "la tuya gana a la suya", "ninguna carta la supera", "A: ¿reclamable?  B"),  # es
)


def lines(app):
    """The lines of the panel the app's mode shows."""
    mode = app.mode
    t = app.t
    if mode == MENU:
        values = (t(app.opponent),
                  t(VARIANTS[app.variant]),
                  str(app.rounds),
                  LANGUAGE_NAMES[LANGUAGES.index(app.lang)],
                  t("on" if app.auto_claim else "off"),
                  "", "")
        lines = [t("title")]
        for i, key in enumerate(MENU_ROWS):
            mark = ">" if i == app.row else " "
            label = t(key)
            lines.append("%s%s %s" % (mark, label, values[i]) if values[i] else mark + label)
        if app.opponent == "link":
            lines.append("(" + t("link") + ": " + t("not_connected") + ")")
        return lines
    if mode == HELP:
        from hw import menus  # (loaded while the help is shown)

        return menus.help_lines(app)
    if app.link_lost() and mode in (TURN, REMOTE):
        return ["", t("link_lost"), "", t("give_up")]
    if mode == LINKING:  # (B, the way out, said: the other board may never answer)
        lines = ["", t("waiting_link"), t("other_board"), t("give_up")]
        if app.link_lost():
            lines.insert(3, t("link_lost"))
        return lines
    if mode == RESUME:
        match = app.offer
        game = match.game
        return [t("saved_game"), "",
                t(VARIANTS[game.variant]) + ", " + t("round") % (
                    min(match.round_number(), match.rounds), match.rounds),
                t(app.opponent), t("move_n") % (game.move_count() + 1), ""] + [
            (">" if i == app.row else " ") + t(k) for i, k in enumerate(RESUME_ROWS)]
    if mode == PAUSE:
        return [t("paused"), ""] + [(">" if i == app.row else " ") + t("confirm_" + k if k == app.confirm else k)
                                    for i, k in enumerate(PAUSE_ROWS)]
    if mode == HANDOFF:
        return ["", t("hand_to"), t("to_player") % (app.game.to_move + 1), "", t("press_a")]
    if mode == NOTICE:
        return list(app.lines) + ["", t("press_a")]
    if mode == DETAIL:
        lines = detail(app, app.detail_stone)
        return lines + [pick(app.lang, _WORDS)[_DETAIL_KEYS]] if len(lines) < LINES - 1 else lines
    return None


def why_not(app, s, player=None):
    """Lines saying whether ``player`` (the player to move) may claim
    stone ``s`` now: the proof, or why not (what could still beat it)."""
    game = app.game
    if player is None:
        player = game.to_move
    reason, cards, kind = game.why_not(s, player)
    if reason == UNPROVED:
        return [app.t("not_provable") % (s + 1), app.t("could_add") % " ".join(name_of(app, c) for c in cards),
                app.t("for_sum") if kind < 0 else app.t("for_a") % app.t(CATEGORY_NAMES[kind])]
    if reason == CLAIMABLE:
        # Proved from the table: the other side is full and weaker, or no
        # card still unseen can make it beat this one.
        full = len(game.cards_at(s, 1 - player)) == game.cap(s)
        words = pick(app.lang, _WORDS)
        return [words[_CLAIMABLE] % (s + 1), words[_PROOF_FULL if full else _PROOF_UNSEEN]]
    return [app.t(_REASONS[reason]) % (s + 1)]


def detail(app, s):
    """The detail of stone ``s`` for the viewer: lines of text."""
    game = app.game
    me = app.viewer()
    tactics = game.variant == TACTICS
    lines = [app.t("stone") % (s + 1)]
    if tactics and game.mode[s]:
        lines[0] += " (" + ", ".join(c for b, c in ((_MODE_BLIND, "BB"), (_MODE_MUD, "MF")) if game.mode[s] & b) + ")"
    for p in (1 - me, me):
        cards = game.cards_at(s, p)
        lines.append(app.name(p) + ": " + " ".join(name_of(app, c) for c in cards))
        # A complete side's formation, on a line of its own.
        # (with its sum: the tie-break within a formation)
        if not tactics and len(cards) == SIDE_MAX:
            rank = game.rank[s * 2 + p]
            lines.append("  %s, %d" % (app.t(CATEGORY_NAMES[category(rank)]), rank & 31))
        elif tactics and len(cards) == game.cap(s):
            rank = game.rank[s * 2 + p]
            lines.append("  " + (app.t("sum_of") % rank if game.mode[s] & _MODE_BLIND else
                                 "%s, %d" % (app.t(CATEGORY_NAMES[rank // 40]), rank % 40)))
    owner = game.owner[s]
    lines.append(app.t("owner_none") if owner == NOBODY else app.t("owner") % app.name(owner))
    if tactics:
        # The tactic cards: played by each, the piles, the discard.
        lines.append(app.t("tactics_played") % (game.played[me], game.played[1 - me]))
        lines.append(app.t("piles") % (game.pile_size(), game.tactic_pile_size()))
        lines.append(app.t("discard") % " ".join(name_of(app, c) for c in game.discards()[-5:]))
    return lines
