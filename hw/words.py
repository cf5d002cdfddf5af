"""What the screens say about the game: the last move, a stone's detail,
why a claim is refused.  Functions of the app's state (its game, names and
language), for the view and the app alike.
"""

from micropython import const

from engine.cards import BANSHEE, BLIND, MUD, SCOUT, TACTIC_CODES
from engine.formation import CATEGORY_NAMES, category
from engine.game import CLAIMABLE, N_STONES, NOBODY, SIDE_MAX, TACTICS, UNPROVED, lowest
from engine.moves import DISCARD, PASS, move_card, move_claims, move_dest, move_stone, stones_text

# Tactics modes (engine.tactics; kept here so that the classic app never
# loads that module).
_MODE_BLIND = const(1)
_MODE_MUD = const(2)
_REASONS = ("stone", "taken", "need_three", "they_win_it")


def name_of(app, c):
    """A card's name as the screens show it in the app's language: its
    colour's letter in that language and its value ("R7", "J7" for the
    French yellow 7), or its tactic code ("JK")."""
    if c >= 54:
        return TACTIC_CODES[c - 54]
    return app.t("letters")[c // 9] + str(c % 9 + 1)


def last_text(app):
    """What the last move did, said for the other player (a Scout's
    cards put back are not named: only how many)."""
    game = app.game
    if game.variant != TACTICS or not game.move_count():
        return move_text(app, game.last_played())
    p, m, drew, back = game.last_turn()  # (a Scout's return: the Scout, then the cards back)
    return _tactics_text(app, m, drew, p, back if back > 0 else 0)


def last_spot(app):
    """Where the last move shows on the board: ``(player, stone, k)``, k
    the index of the card it put (or moved) there on that player's side,
    -1 for the stone itself (a combat mode, a card discarded from it);
    None when it left nothing on the board (a pass, a Scout)."""
    game = app.game
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
        text_ = app.t("mode_on") % (name_of(app, card), stone + 1)
    elif card == SCOUT:
        text_ = app.t("scouted") % (stone, drew - stone)
        if back and not claims:  # (with claims, no room: the count is the cards drawn less one)
            text_ += ", " + app.t("put_back") % back
    else:
        dest = move_dest(m)
        if card == BANSHEE or dest == DISCARD:
            gone = game.discard[game.discard_n - 2]
            text_ = app.t("discards") % (name_of(app, card), name_of(app, gone), stone + 1)
        else:
            moved = game.cards_at(dest, p)[-1]
            text_ = app.t("moves") % (name_of(app, card), name_of(app, moved), stone + 1, dest + 1)
    if claims:
        text_ += ", " + app.t("claims") % stones_text(claims)
    return text_


def winning_stones(game):
    """The stones that won the round (a mask): the first three adjacent
    of the winner's, else all its stones (five, or more than the other's
    in a stalled round); 0 for a draw."""
    w = game.winner
    if w != 0 and w != 1:
        return 0
    mask = 0
    run = 0
    for s in range(N_STONES):
        if game.owner[s] == w:
            mask |= 1 << s
            run += 1
            if run == 3:
                return 7 << (s - 2)
        else:
            run = 0
    return mask


def round_reason(app, game):
    """Why ``game``'s round was won: three adjacent stones, five stones,
    or more stones than the other's when neither could play on."""
    w = game.winner
    if w != 0 and w != 1:
        return app.t("why_drawn")
    mask = winning_stones(game)
    if mask == 7 << (lowest(mask)):
        return app.t("why_adjacent") % stones_text(mask)
    if game.owned[w] >= 5:
        return app.t("why_five")
    return app.t("why_more") % (game.owned[w], game.owned[1 - w])


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
        return [app.t("claimable") % (s + 1), app.t("proof_full" if full else "proof_unseen")]
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
