"""Game records: a match as text, one JSON object a line, to read, edit
and replay (``python -m engine replay FILE``).

A record, version 2::

    {"record": "schotten-totten", "version": 2, "variant": "classic", "rounds": 3,
     "seed": 12345, "players": ["Ann", "Clansman"],
     "settings": {"opponent": "medium", "auto_claim": true, "lang": "fr"}}
    {"round": 1}
    {"card": "R7", "stone": 3, "claim": []}
    {"pass": true, "claim": [4]}
    ...
    {"round": 2}
    ...
    {"end": true, "scores": [12, 4], "winner": 0}

The first line is the header; ``settings`` is free-form.  Each round
starts with its ``{"round": N}`` line; then one line a move, in the bot
protocol's answer notation (``desk.protocol``: classic and tactics forms,
a Scout's cards put back as ``{"return": [...]}``), claims spelled out.
The last line gives the scores and the match winner (0, 1, "draw", or
null for a match still in play) as the moves make them; ``replay`` checks
that they agree.  Blank lines and lines starting with ``#`` are skipped.

``replay`` deals from the seed and checks every move; the first thing
wrong raises ``RecordError`` with one line naming it (the line, the round,
the move number in its round and why).

A *board record* is what a handheld keeps (``hw.saves.store``): a comment line,
then one JSON line with the players and the hex of the ``engine.save`` blob
of the match (the board has no room for this module)::

    # Schotten Totten, a match recorded on a board: python -m engine replay FILE
    {"board-record": 1, "players": ["Ann", "Clansman"], "save": "5302..."}

``replay`` reads one too, through ``from_board`` (the text record it
stands for).
"""

import json

from engine.game import DRAW, LANGUAGES, N_STONES, NOBODY, OPPONENTS, VARIANTS
from engine.match import Match
from desk import reason
from desk.position import dump
from desk.protocol import answer_to_move, move_answer

MAGIC = "schotten-totten"
VERSION = 2  # 2: the generator's second version (engine.rng): records of 1 deal otherwise
BOARD_MAGIC = "board-record"
BOARD_VERSION = 1
BOARD_COMMENT = "a match recorded on a board"
# The board's menus, in the order of the indices a save keeps (hw.app's
# OPPONENTS, hw.lang.strings' LANGUAGES; a test holds them equal).


class RecordError(ValueError):
    """What is wrong with a record, one line."""


def _not_json(e):
    # Why a record's line is not JSON, said once.
    said = reason(e)
    return said if said.startswith("not JSON") else "not JSON (%s)" % said


def _hidden(n):
    # A code point that is not printable text (hw.settings' rule for a
    # name: a control character, a line or paragraph separator, a zero-width
    # or direction mark, a lone surrogate).
    return (n < 0x20 or 0x7F <= n <= 0x9F or 0x200B <= n <= 0x200F or 0x2028 <= n <= 0x202E
            or 0x2060 <= n <= 0x206F or 0xD800 <= n <= 0xDFFF or n == 0xFEFF)


def shown(text):
    """``text`` from a record (a name, a move) as it may reach a terminal
    or a screen: every character that is not printable text shown as its
    escape (``\\x1b``, ``\\n``, ``\\u202e``), never raw.  A record from someone
    else never rewrites the reader's terminal."""
    out = []
    for c in text:
        n = ord(c)
        if _hidden(n):
            c = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(c) or ("\\x%02x" % n if n < 256 else "\\u%04x" % n)
        out.append(c)
    return "".join(out)


def _winner_code(w):
    if w == NOBODY:
        return None
    return "draw" if w == DRAW else w


def write(seed, variant, rounds, moves, players=("Player 1", "Player 2"), settings=None, scored=True):
    """The text of the record of a match dealt from ``seed``, whose moves
    so far are ``moves`` (as ``engine.save`` keeps them: engine moves,
    claims spelled out).  Every move is checked on the way (ValueError)."""
    header = {
        "record": MAGIC,
        "version": VERSION,
        "variant": VARIANTS[variant],
        "rounds": rounds,
        "seed": seed,
        "players": [str(players[0]), str(players[1])],
        "settings": settings if settings is not None else {},
    }
    lines = [json.dumps(header)]
    match = Match(seed, rounds, variant)
    lines.append(json.dumps({"round": 1}))
    for i, m in enumerate(moves):
        game = match.game
        if game.over():
            match.finish_round()
            game = match.game
            lines.append(json.dumps({"round": match.round_number()}))
        err = game.check(m)
        if err:
            raise ValueError("move %d: %s" % (i + 1, err))
        lines.append(json.dumps(move_answer(game, m)))
        game.apply(m)
    lines.append(json.dumps(_end(match)))
    return "\n".join(lines) + "\n"


def _end(match):
    if match.game.over() and not match.over():
        match.finish_round()  # (the last round played, not yet scored)
    return {"end": True, "scores": list(match.scores), "winner": _winner_code(match.winner())}


def from_save(blob, players=("Player 1", "Player 2"), settings=None):
    """The record of the match in an ``engine.save`` blob (a board can
    keep finished games as blobs and have them written out as records)."""
    from engine.restore import resume

    match, s = resume(blob)
    return write(s.seed, s.variant, s.rounds, s.moves, players, settings)


def _lines(text):
    # The record's lines, a byte order mark before the first skipped (as a
    # text tool skips it).
    return (text[1:] if text.startswith("\ufeff") else text).splitlines()


def _first_line(text):
    # (line number, text) of the first line that is not blank or a comment.
    for line_no, line in enumerate(_lines(text), 1):
        s = line.strip()
        if s and not s.startswith("#"):
            return line_no, s
    return 0, ""


def is_board_record(text):
    """Whether ``text`` is a board record (rather than a text record),
    even one cut short."""
    line_no, line = _first_line(text)
    key = '{"' + BOARD_MAGIC + '"'
    if line.startswith(key) or len(line) > 2 and key.startswith(line):
        return True
    # Cut shorter still: its comment line says so.
    return any(BOARD_COMMENT in s for s in _lines(text)[: line_no - 1 if line_no else None])


def from_board(text):
    """The text record of the board record ``text``; RecordError (one
    line, saying it is a board record) for one that is not right."""
    from engine.restore import decode
    from engine.save import SaveError

    line_no, line = _first_line(text)
    if not line_no:
        raise RecordError("board record: only its comment, no record line (cut short?)")
    pos = "board record, line %d" % line_no
    try:
        obj = json.loads(line)
    except (ValueError, RuntimeError) as e:  # (nested too deep: a RuntimeError)
        raise RecordError("%s: %s" % (pos, _not_json(e)))
    if not isinstance(obj, dict) or BOARD_MAGIC not in obj:
        raise RecordError("%s: not a board record" % pos)
    for other_no, other in enumerate(_lines(text), 1):
        s = other.strip()
        if other_no > line_no and s and not s.startswith("#"):
            raise RecordError("board record, line %d: more after the record line" % other_no)
    if obj[BOARD_MAGIC] != BOARD_VERSION:
        raise RecordError("%s: board record version %s, this program reads %d"
                          % (pos, json.dumps(obj[BOARD_MAGIC]), BOARD_VERSION))
    for key in obj:
        if key not in (BOARD_MAGIC, "players", "save", "hints"):
            raise RecordError("%s: unknown key %s" % (pos, json.dumps(key)))
    hints = obj.get("hints", [0, 0])
    if (not isinstance(hints, list) or len(hints) != 2
            or not all(type(n) is int and 0 <= n < 1 << 16 for n in hints)):
        raise RecordError("%s: hints must be a list of two counts" % pos)
    players = obj.get("players")
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise RecordError("%s: players must be a list of two names" % pos)
    if "save" not in obj:
        raise RecordError("%s: no save (the hex of the match's save)" % pos)
    save = obj["save"]
    if not isinstance(save, str):
        raise RecordError("%s: the save must be hex digits in a string" % pos)
    for i, c in enumerate(save):
        if c not in "0123456789abcdefABCDEF":
            raise RecordError("%s: the save is not hex (%s at character %d)" % (pos, json.dumps(c), i + 1))
    if len(save) % 2:
        raise RecordError("%s: the save has an odd number of hex digits (%d): cut short?" % (pos, len(save)))
    blob = bytes.fromhex(save)
    try:
        s = decode(blob)
        settings = {
            "opponent": OPPONENTS[s.opponent] if s.opponent < len(OPPONENTS) else s.opponent,
            "lang": LANGUAGES[s.lang] if s.lang < len(LANGUAGES) else s.lang,
            "auto_claim": s.auto_claim,
            "seat": s.seat,
        }
        if hints != [0, 0]:
            settings["hints"] = hints  # (asked for on the board, per seat)
        return from_save(blob, players, settings)
    except SaveError as e:
        raise RecordError("%s: %s" % (pos, e))


def _brief(answer):
    # A move as a short label for error messages, its stones counted from 1
    # as people count them (the record's lines count from 0, as the bot
    # protocol does): "R7 at stone 4", "pass", "return R7 JK", "ST at stone
    # 3, card 1, to stone 6".  A value that is no stone is quoted as written.
    if not isinstance(answer, dict):
        return json.dumps(answer)[:30]
    if "return" in answer:
        cards = answer["return"]
        return "return " + " ".join(str(c) for c in cards) if isinstance(cards, list) else "return"
    if answer.get("pass") is True:
        return "pass"
    parts = []
    if "stone" in answer:
        parts.append(_stone_label(answer, "stone", "at "))
    if "from_tactics" in answer:
        parts.append("%s from the tactic pile" % json.dumps(answer["from_tactics"]))
    if "slot" in answer:
        slot = answer["slot"]
        parts.append("card %d" % (slot + 1) if type(slot) is int and 0 <= slot < 4 else '"slot": ' + json.dumps(slot))
    if "to" in answer:
        parts.append("to the discard" if answer["to"] == "discard" else _stone_label(answer, "to", "to "))
    label = str(answer.get("card", "?"))
    return label + " " + ", ".join(parts) if parts else label


def _stone_label(answer, key, before):
    x = answer[key]
    if type(x) is int and 0 <= x < N_STONES:
        return before + "stone %d" % (x + 1)
    return "%s: %s" % (json.dumps(key), json.dumps(x)[:20])


class Replay:
    """A record replayed: ``match``, ``header``, ``players``, ``moves``
    (engine moves, in order) and ``position``, the last round's final
    position (``desk.position.dump``)."""

    def __init__(self):
        self.match = None
        self.header = None
        self.players = ["Player 1", "Player 2"]
        self.moves = []
        self.position = None
        self.ended = False


def _header(pos, obj):
    if not isinstance(obj, dict) or obj.get("record") != MAGIC:
        raise RecordError("%s: not a Schotten Totten record (no header)" % pos)
    if obj.get("version") != VERSION:
        raise RecordError("%s: record version %r, this program reads %d" % (pos, obj.get("version"), VERSION))
    variant = obj.get("variant")
    if variant not in VARIANTS:
        raise RecordError("%s: unknown variant %r" % (pos, variant))
    rounds = obj.get("rounds")
    if type(rounds) is not int or not 1 <= rounds <= 255:
        raise RecordError("%s: bad rounds %r" % (pos, rounds))
    seed = obj.get("seed")
    if type(seed) is not int or not 0 <= seed < 1 << 64:
        raise RecordError("%s: bad seed %r" % (pos, seed))
    players = obj.get("players", ["Player 1", "Player 2"])
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise RecordError("%s: players must be a list of two names" % pos)
    if not isinstance(obj.get("settings", {}), dict):
        raise RecordError("%s: settings must be an object" % pos)
    return Match(seed, rounds, VARIANTS.index(variant)), players


def replay(text):
    """Replay the record ``text`` (a text record or a board record); a
    ``Replay``, or RecordError naming the first thing wrong."""
    if is_board_record(text):
        text = from_board(text)
    r = Replay()
    match = None
    round_no = 0
    move_no = 0
    last = "the header"
    for line_no, line in enumerate(_lines(text), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        pos = "line %d" % line_no
        if r.ended:
            raise RecordError("%s: more after the end line" % pos)
        if match is not None and round_no:
            pos += ", round %d, move %d" % (round_no, move_no + 1)
        try:
            obj = json.loads(s)
        except (ValueError, RuntimeError) as e:  # (nested too deep: a RuntimeError)
            raise RecordError("%s: %s" % (pos, _not_json(e)))
        if match is None:
            match, r.players = _header(pos, obj)
            r.header = obj
            r.match = match
            continue
        game = match.game
        if isinstance(obj, dict) and "round" in obj:
            pos = "line %d" % line_no
            want = round_no + 1
            if obj != {"round": want}:
                raise RecordError("%s: expected {\"round\": %d}" % (pos, want))
            if round_no:
                if not game.over():
                    raise RecordError("%s: round %d is still in play after %d moves (a move is missing?)"
                                      % (pos, round_no, move_no))
                if match.round_number() >= match.rounds:
                    raise RecordError("%s: the match has only %d rounds" % (pos, match.rounds))
                match.finish_round()
            round_no = want
            move_no = 0
            continue
        if isinstance(obj, dict) and "end" in obj:
            pos = "line %d" % line_no
            if round_no == 0:
                raise RecordError("%s: the end line comes before round 1" % pos)
            r.position = dump(game)
            _check_end(pos, obj, match)
            r.ended = True
            continue
        if round_no == 0:
            raise RecordError("%s: a move before the {\"round\": 1} line" % pos)
        label = "%s (%s)" % (pos, _brief(obj))
        try:
            m = answer_to_move(obj, game)
        except ValueError as e:
            raise RecordError("%s: %s" % (label, reason(e)))
        err = game.check(m)
        if err:
            raise RecordError("%s: %s" % (label, err))
        game.apply(m)
        r.moves.append(m)
        move_no += 1
        last = "round %d, move %d" % (round_no, move_no)
    if match is None:
        raise RecordError("line 1: empty record")
    if not r.ended:
        raise RecordError("truncated after %s: no end line" % last)
    return r


def _check_end(pos, obj, match):
    for key in obj:
        if key not in ("end", "scores", "winner"):
            raise RecordError("%s: unknown key %r in the end line" % (pos, key))
    end = _end(match)
    for key in ("scores", "winner"):
        if key in obj and obj[key] != end[key]:
            raise RecordError("%s: the record says %s %s, its moves give %s"
                              % (pos, key, json.dumps(obj[key]), json.dumps(end[key])))


def summary(r):
    """Lines telling a replayed record's result (its names as ``shown``)."""
    match = r.match
    names = [shown(name) for name in r.players]
    out = []
    for i, (w, a, b) in enumerate(match.results):
        who = "drawn" if w == DRAW else "won by %s" % names[w]
        out.append("round %d: %s, stones %d-%d" % (i + 1, who, a, b))
    if not match.over():
        out.append("round %d: in play, %s to move" % (match.round_number(), names[match.game.to_move]))
    a, b = match.scores
    w = match.winner()
    if w == NOBODY:
        verdict = "in play"
    elif w == DRAW:
        verdict = "a draw"
    else:
        verdict = "%s wins" % names[w]
    out.append("match: %s %d, %s %d: %s" % (names[0], a, names[1], b, verdict))
    return out
