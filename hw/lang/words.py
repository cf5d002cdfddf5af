"""What the screens say about the game while it is played: a card's name,
the last move and where it shows on the board.  Functions of the app's
state (its game, names and language), for the view and the screens alike
(why a stone can or cannot be claimed and a stone's detail are
``hw.screens.detail``'s, each screen's own words its module's).
"""

from engine.cards import BANSHEE, BLIND, MUD, SCOUT
from engine.game import TACTICS
from engine.moves import DISCARD, PASS, move_card, move_claims, move_dest, move_stone, stones_text


def name_of(app, c):
    """A card's name as the screens show it in the app's language: its
    colour's letter in that language and its value ("R7", "J7" for the
    French yellow 7), or its tactic code in that language (after the
    colours' letters in the table's "letters": "BB" in English, "CM" in
    French, "GC" in Spanish for Blind man's bluff; the position format,
    the text game and the records keep engine.cards' English ones)."""
    if c >= 54:
        c = 2 * c - 102
        return app.t("letters")[c:c + 2]
    return app.t("letters")[c // 9] + str(c % 9 + 1)


def last_text(app, game=None):
    """What the last move of ``game`` (default: the app's) did, said for
    the other player (a Scout's cards put back are not named: only how
    many)."""
    if game is None:
        game = app.game
    if game.variant != TACTICS or not game.move_count():
        return move_text(app, game.last_played())
    p, m, drew, back = game.last_turn()  # (a Scout's return: the Scout, then the cards back)
    return _tactics_text(app, game, m, drew, p, back if back > 0 else 0)


def last_spot(game):
    """Where the last move shows on ``game``'s board: ``(player, stone,
    k)``, k the index of the card it put (or moved) there on that player's
    side, -1 for the stone itself (a combat mode, a card discarded from
    it); None when it left nothing on the board (a pass, a Scout)."""
    if not game.move_count():
        return None
    p, m, drew, back = game.last_turn()
    card = move_card(m)
    stone = move_stone(m)
    if card == PASS or card == SCOUT:
        return None
    if card < BLIND:  # a clan card or an elite troop
        cards = game.cards_at(stone, p)
        return (p, stone, cards.index(card)) if card in cards else None
    if card == BLIND or card == MUD or card == BANSHEE or move_dest(m) == DISCARD:
        return p, stone, -1
    dest = move_dest(m)
    return p, dest, len(game.cards_at(dest, p)) - 1


def move_text(app, last):
    # ``last``: (card or PASS, stone, claims), as Game.last_played gives.
    # (A winning claim in the expert game ends it before any card.)
    card, stone, claims = last
    if card == PASS:
        text_ = app.t("passes")
    elif card <= 56:  # a clan card or an elite troop
        text_ = app.t("played") % (name_of(app, card), stone + 1)
    elif card == BLIND or card == MUD:
        text_ = app.t("mode_on") % (name_of(app, card), stone + 1)
    else:
        text_ = app.t("played_tactic") % name_of(app, card)
    return with_claims_text(app, text_, claims)


def with_claims_text(app, text_, claims):
    """``text_`` and, if the move claimed stones, which ones."""
    return text_ + ", " + app.t("claims") % stones_text(claims) if claims else text_


def ruse_text(app, card, moved, stone, dest):
    """What a ruse did (or does): ``card`` took ``moved`` from ``stone``
    to stone ``dest``, or to the discard (a Banshee always)."""
    if card == BANSHEE or dest == DISCARD:
        return app.t("discards") % (name_of(app, card), name_of(app, moved), stone + 1)
    return app.t("moves") % (name_of(app, card), name_of(app, moved), stone + 1, dest + 1)


def _tactics_text(app, game, m, drew, p, back=0):
    # One move of the history, read on the table as it is after it.
    card = move_card(m)
    stone = move_stone(m)
    claims = move_claims(m)
    if card == PASS or card < BLIND:
        return move_text(app, (card, stone, claims))
    if card == BLIND or card == MUD:
        text_ = app.t("mode_on") % (name_of(app, card), stone + 1)
    elif card == SCOUT:
        text_ = app.t("scouted") % (stone, drew - stone)
        if back and not claims:  # (with claims, no room: the count is the cards drawn less one)
            text_ += ", " + app.t("put_back") % back
    else:
        # (the card the ruse took: on the discard under the ruse, or the
        # last on its side at its new stone)
        dest = move_dest(m)
        gone = card == BANSHEE or dest == DISCARD
        moved = game.discard[game.discard_n - 2] if gone else game.cards_at(dest, p)[-1]
        text_ = ruse_text(app, card, moved, stone, dest)
    return with_claims_text(app, text_, claims)
