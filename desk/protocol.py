"""The bot protocol of the contract: a request in, an answer out.

A request ``{"cmd": "move", "position": POSITION}`` shows the position as
the player to move sees it.  The answer is ``{"card": "R7", "stone": 3,
"claim": [0, 5]}``, or ``{"pass": true, "claim": [...]}`` for a player who
cannot place.  ``answer_to_move`` turns an answer back into an engine move,
for whoever referees.

The tactics variant adds, after the play, ``"draw": "clan"`` or
``"tactic"`` (the pile to draw from; "clan" when absent) and these forms:

- Scout: ``{"card": "SC", "from_tactics": 1, "claim": [...]}`` (how many of
  the three cards come from the tactic pile; no draw);
- Strategist: ``{"card": "ST", "stone": 2, "slot": 0, "to": 5}`` or
  ``"to": "discard"``;
- Banshee: ``{"card": "BA", "stone": 2, "slot": 1}``;
- Traitor: ``{"card": "TR", "stone": 2, "slot": 1, "to": 4}``;
- after a Scout (``"returns": N`` in the position): ``{"return": ["R7",
  "JK"]}``, the N cards in the order put back (the last ends on top).
"""

from engine.cards import BANSHEE, FIRST_TACTIC, SCOUT, STRATEGIST, TRAITOR, card_name, parse_any, parse_card
from engine.game import N_STONES, TACTICS, make_game
from engine.moves import (DISCARD, DRAW_TACTIC, PASS, move, move_card, move_claims, move_dest, move_second, move_slot,
                          move_stone, return_move, ruse_move, with_claims)
from desk.position import load

# The keys each form of a tactics answer may carry.
_PLAY_KEYS = ("card", "stone", "claim", "draw")
_RUSE_KEYS = {
    SCOUT: ("card", "from_tactics", "claim"),
    STRATEGIST: ("card", "stone", "slot", "to", "claim", "draw"),
    BANSHEE: ("card", "stone", "slot", "claim", "draw"),
    TRAITOR: ("card", "stone", "slot", "to", "claim", "draw"),
}
_TACTICS_ONLY = ("draw", "from_tactics", "slot", "to", "return")
_MISPLACED = ("stone", "draw", "from_tactics", "slot", "to")


def _stones(mask):
    return [s for s in range(N_STONES) if mask >> s & 1]


def move_answer(game, m):
    """The protocol answer for move ``m`` in ``game``."""
    tactics = game.variant == TACTICS
    if tactics and game.returns:
        cards = []
        for card in (move_card(m), move_second(m)):
            if card != PASS:
                cards.append(card_name(card))
        return {"return": cards}
    m = game.spell_claims(m)
    card = move_card(m)
    claims = _stones(move_claims(m))
    if card == PASS:
        return {"pass": True, "claim": claims}
    if not tactics:
        return {"card": card_name(card), "stone": move_stone(m), "claim": claims}
    if card == SCOUT:
        return {"card": "SC", "from_tactics": move_stone(m), "claim": claims}
    answer = {"card": card_name(card), "stone": move_stone(m)}
    if card >= STRATEGIST:
        answer["slot"] = move_slot(m)
        if card != BANSHEE:
            dest = move_dest(m)
            answer["to"] = "discard" if dest == DISCARD else dest
    answer["claim"] = claims
    answer["draw"] = "tactic" if m & DRAW_TACTIC else "clan"
    return answer


def _int(answer, key, lo, hi):
    x = answer[key]
    if type(x) is not int or not lo <= x <= hi:
        raise ValueError("bad %s %r (%d to %d)" % (key, x, lo, hi))
    return x


def answer_to_move(answer, game=None):
    """The engine move for a protocol answer; ValueError when malformed.
    With ``game`` (the position answered), the forms of the tactics
    variant are refused in the others."""
    if not isinstance(answer, dict):
        raise ValueError("an answer must be a JSON object")
    tactics = game is None or game.variant == TACTICS
    if not tactics:
        for key in _TACTICS_ONLY:
            if key in answer:
                raise ValueError("%r belongs to the tactics variant" % key)
    if "return" in answer:
        return _return_move(answer)
    if game is not None and tactics and game.returns:
        raise ValueError("a Scout's cards must go back first: answer with return")
    claims = answer.get("claim", [])
    if not isinstance(claims, list):
        raise ValueError("claim must be a list of stones")
    mask = 0
    for s in claims:
        if type(s) is not int or not 0 <= s < N_STONES:
            raise ValueError("bad stone %r in claim (stones are 0 to %d)" % (s, N_STONES - 1))
        mask |= 1 << s
    if answer.get("pass") is True:
        if "card" in answer:
            raise ValueError("an answer passes or names a card, not both")
        for key in ("draw", "from_tactics", "slot", "to", "stone"):
            if key in answer:
                raise ValueError("a pass has no %r" % key)
        return move(PASS, 0, mask)
    if "card" not in answer:
        raise ValueError("an answer needs card and stone, or pass")
    card = parse_any(answer["card"]) if tactics else parse_card(answer["card"])
    keys = _RUSE_KEYS.get(card, _PLAY_KEYS)
    for key in _MISPLACED:
        if key in answer and key not in keys:
            raise ValueError("%s takes no %r" % (card_name(card), key))
    for key in keys:
        if key not in answer and key not in ("claim", "draw"):
            if card < FIRST_TACTIC or key == "stone":
                raise ValueError("an answer needs card and stone, or pass")
            raise ValueError("%s needs %r" % (card_name(card), key))
    draw = answer.get("draw", "clan")
    if draw not in ("clan", "tactic"):
        raise ValueError("draw must be \"clan\" or \"tactic\"")
    flag = DRAW_TACTIC if draw == "tactic" else 0
    if card == SCOUT:
        return move(card, _int(answer, "from_tactics", 0, 3), mask) | flag
    stone = _int(answer, "stone", 0, N_STONES - 1)
    if card < STRATEGIST:
        return move(card, stone, mask) | flag
    slot = _int(answer, "slot", 0, 3)
    dest = 0 if card == BANSHEE else answer["to"]
    if card == STRATEGIST and dest == "discard":
        dest = DISCARD
    elif type(dest) is not int or not 0 <= dest < N_STONES:
        also = ', or "discard"' if card == STRATEGIST else ""
        raise ValueError("bad to %r (a stone, 0 to %d%s)" % (dest, N_STONES - 1, also))
    return with_claims(ruse_move(card, stone, slot, dest), mask) | flag


def _return_move(answer):
    for key in answer:
        if key != "return":
            raise ValueError("a return answer holds only \"return\"")
    cards = answer["return"]
    if not isinstance(cards, list) or not 1 <= len(cards) <= 2:
        raise ValueError("return must be a list of 1 or 2 cards")
    first = parse_any(cards[0])
    second = parse_any(cards[1]) if len(cards) == 2 else PASS
    return return_move(first, second)


def _scratch(games, variant):
    # The scratch game for ``variant``: ``games`` is one game, reused when
    # it plays that variant, or a dict of them by variant, filled as needed.
    if isinstance(games, dict):
        game = games.get(variant)
        if game is None:
            game = games[variant] = make_game(variant)
        return game
    if games is not None and (games.variant == TACTICS) == (variant == TACTICS):
        return games
    return None  # (load makes one)


def serve_request(request, bot, game=None):
    """The answer to one decoded request.  ``game`` is scratch space: a
    game, or a dict of games by variant number (filled as needed).
    Returns None for ``quit``; raises ValueError for a bad request."""
    if not isinstance(request, dict):
        raise ValueError("a request must be a JSON object")
    cmd = request.get("cmd")
    if cmd == "quit":
        return None
    if cmd != "move":
        raise ValueError("unknown cmd %r" % (cmd,))
    if "position" not in request:
        raise ValueError("a move request needs a position")
    pos = request["position"]
    variant = pos.get("variant") if isinstance(pos, dict) else None
    tactics = variant == "tactics"
    game = load(pos, _scratch(game, TACTICS if tactics else 0))
    if game.over():
        raise ValueError("the round is over")
    if not isinstance(pos["hands"][game.to_move], list):
        raise ValueError("the hand of the player to move must be a list of cards")
    return move_answer(game, bot.choose(game))
