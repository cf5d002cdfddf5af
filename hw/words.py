"""What the screens say about the game: the last move, a stone's detail,
why a claim is refused.  Functions of the app's state (its game, names and
language), for the view and the app alike.
"""

from micropython import const

from engine.cards import BANSHEE, BLIND, MUD, SCOUT, card_name
from engine.formation import CATEGORY_NAMES, category
from engine.game import NOBODY, SIDE_MAX, TACTICS, UNPROVED
from engine.moves import DISCARD, PASS, move_card, move_claims, move_dest, move_stone, stones_text

# Tactics modes (engine.tactics; kept here so that the classic app never
# loads that module).
_MODE_BLIND = const(1)
_MODE_MUD = const(2)
_REASONS = ("stone", "taken", "need_three", "they_win_it")


def last_text(app):
    """What the last move did, said for the other player (a Scout's
    cards put back are not named: only how many)."""
    game = app.game
    if game.variant != TACTICS or not game.move_count():
        return move_text(app, game.last_played())
    p, m, drew, back = game.last_turn()  # (a Scout's return: the Scout, then the cards back)
    return _tactics_text(app, m, drew, p, back if back > 0 else 0)


def move_text(app, last):
    # ``last``: (card or PASS, stone, claims), as Game.last_played gives.
    # (A winning claim in the expert game ends it before any card.)
    card, stone, claims = last
    if card == PASS:
        text_ = app.t("passes")
    elif card <= 56:  # a clan card or an elite troop
        text_ = app.t("played") % (card_name(card), stone + 1)
    elif card == BLIND or card == MUD:
        text_ = app.t("mode_on") % (card_name(card), stone + 1)
    else:
        text_ = app.t("played_tactic") % card_name(card)
    if claims:
        text_ += ", " + app.t("claims") % stones_text(claims)
    return text_


def _tactics_text(app, m, drew, p, back=0):
    # One move of the history, read on the table as it is after it.
    game = app.game
    card = move_card(m)
    stone = move_stone(m)
    claims = move_claims(m)
    if card == PASS or card < BLIND:
        return move_text(app, (card, stone, claims))
    if card == BLIND or card == MUD:
        text_ = app.t("mode_on") % (card_name(card), stone + 1)
    elif card == SCOUT:
        text_ = app.t("scouted") % (stone, drew - stone)
        if back and not claims:  # (with claims, no room: the count is the cards drawn less one)
            text_ += ", " + app.t("put_back") % back
    else:
        dest = move_dest(m)
        if card == BANSHEE or dest == DISCARD:
            gone = game.discard[game.discard_n - 2]
            text_ = app.t("discards") % (card_name(card), card_name(gone), stone + 1)
        else:
            moved = game.cards_at(dest, p)[-1]
            text_ = app.t("moves") % (card_name(card), card_name(moved), stone + 1, dest + 1)
    if claims:
        text_ += ", " + app.t("claims") % stones_text(claims)
    return text_


def why_not(app, s):
    """Lines saying why the player to move may not claim stone ``s``."""
    reason, cards, kind = app.game.why_not(s, app.game.to_move)
    if reason == UNPROVED:
        return [app.t("not_provable") % (s + 1), app.t("could_add") % " ".join(card_name(c) for c in cards),
                app.t("for_sum") if kind < 0 else app.t("for_a") % app.t(CATEGORY_NAMES[kind])]
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
        lines.append(app.name(p) + ": " + " ".join(card_name(c) for c in cards))
        # A complete side's formation, on a line of its own.
        if not tactics and len(cards) == SIDE_MAX:
            lines.append("  " + app.t(CATEGORY_NAMES[category(game.rank[s * 2 + p])]))
        elif tactics and len(cards) == game.cap(s):
            rank = game.rank[s * 2 + p]
            lines.append("  " + (app.t("sum_of") % rank if game.mode[s] & _MODE_BLIND else
                                 app.t(CATEGORY_NAMES[rank // 40])))
    owner = game.owner[s]
    lines.append(app.t("owner_none") if owner == NOBODY else app.t("owner") % app.name(owner))
    if tactics:
        # The tactic cards: played by each, the piles, the discard.
        lines.append(app.t("tactics_played") % (game.played[me], game.played[1 - me]))
        lines.append(app.t("piles") % (game.pile_size(), game.tactic_pile_size()))
        lines.append(app.t("discard") % " ".join(card_name(c) for c in game.discards()[-5:]))
    return lines
