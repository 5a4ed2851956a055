"""けむりちゅーどく (Kemuri Chuudoku), 増量 regulation: rules, sample cards, decks and catalog profile.

The package declares the game to the rest of ``tcg`` (``SPEC``); importing it loads no part of
the game: each loads on first use (see ``tcg/spec.py``)."""
from ...spec import GameSpec

SPEC = GameSpec(
    id="kemuri",
    package=__name__,
    parts={"rules": "rules:KemuriRules", "words": "text", "board": "board", "view": "view", "encode": "encode",
           "terminal": "terminal"},
)


def __getattr__(name: str):
    if name == "RULES":  # the game's Ruleset, made on first use
        return SPEC.rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
