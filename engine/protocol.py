"""The bot protocol of the contract: a request in, an answer out.

A request ``{"cmd": "move", "position": POSITION}`` shows the position as
the player to move sees it.  The answer is ``{"card": "R7", "stone": 3,
"claim": [0, 5]}``, or ``{"pass": true, "claim": [...]}`` for a player who
cannot place.  ``answer_to_move`` turns an answer back into an engine move,
for whoever referees.
"""

from engine.cards import card_name, parse_card
from engine.game import N_STONES, PASS, move
from engine.position import load


def _stones(mask):
    return [s for s in range(N_STONES) if mask >> s & 1]


def move_answer(game, m):
    """The protocol answer for move ``m`` in ``game``."""
    m = game.spell_claims(m)
    card = m & 63
    claims = _stones(m >> 10 & 0x1FF)
    if card == PASS:
        return {"pass": True, "claim": claims}
    return {"card": card_name(card), "stone": m >> 6 & 15, "claim": claims}


def answer_to_move(answer):
    """The engine move for a protocol answer; ValueError when malformed."""
    if not isinstance(answer, dict):
        raise ValueError("an answer must be a JSON object")
    claims = answer.get("claim", [])
    if not isinstance(claims, list):
        raise ValueError("claim must be a list of stones")
    mask = 0
    for s in claims:
        if type(s) is not int or not 0 <= s < N_STONES:
            raise ValueError("bad stone %r in claim" % (s,))
        mask |= 1 << s
    if answer.get("pass") is True:
        if "card" in answer:
            raise ValueError("an answer passes or names a card, not both")
        return PASS | mask << 10
    if "card" not in answer or "stone" not in answer:
        raise ValueError("an answer needs card and stone, or pass")
    stone = answer["stone"]
    if type(stone) is not int or not 0 <= stone < N_STONES:
        raise ValueError("bad stone %r" % (stone,))
    return move(parse_card(answer["card"]), stone, mask)


def serve_request(request, bot, game):
    """The answer to one decoded request (``game`` is scratch space).
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
    load(request["position"], game)
    if game.over():
        raise ValueError("the round is over")
    if not isinstance(request["position"]["hands"][game.to_move], list):
        raise ValueError("the hand of the player to move must be a list of cards")
    return move_answer(game, bot.choose(game))
