"""How the generic property tests rearrange hidden information: each game's own
``Ruleset.scramble_hidden`` (the same function search agents use to determinize)."""
from __future__ import annotations

from tcg.engine.rng import Rng


def scramble(g, viewer, rng: Rng) -> bool:
    return g.rules.scramble_hidden(g.state, viewer, rng)
