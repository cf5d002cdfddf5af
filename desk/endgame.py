"""The exact endgame search, for the strength notebook's instruments
(tools/strength/notebook.md, tools/strength/endgame.py): the board's own,
``engine.endgame``, which the hard level loads once the clan pile is
empty."""

from engine.endgame import NOT_WON, UNKNOWN, WON, Endgame, reveal  # noqa: F401
