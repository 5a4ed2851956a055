"""Z/X -Zillions of enemy X-: rules, sample cards, decks and catalog profile.

The package declares the game to the rest of ``tcg`` (``SPEC``); importing it loads no part of
the game: each loads on first use (see ``tcg/spec.py``)."""
from .. import rules_on_first_use, shipped_game

SPEC = shipped_game(__name__, "ZXRules")
__getattr__ = rules_on_first_use(SPEC)
