"""Catalog profiles: each game's numbers and basics, following the catalog pages' template.

The profile is data (``profile.toml`` in the game folder) and the truth: rules code reads its
numbers from here (``profile.get("start.hand_limit")``)."""
from __future__ import annotations

import os
import pathlib
from typing import Any

from .errors import CardDataError
from .files import MAX_PROFILE_BYTES, parse_toml, read_text

#: The template rows shown by ``tcg catalog``: (dotted key, English label).
TEMPLATE: list[tuple[str, str]] = [
    ("game.name", "Name"),
    ("game.name_en", "English name"),
    ("game.type", "Game type"),
    ("game.players", "Players"),
    ("win.conditions", "Win conditions"),
    ("deck.summary", "Deck construction"),
    ("start.life", "Life"),
    ("start.hand", "Starting hand"),
    ("start.hand_limit", "Hand limit"),
    ("start.mulligan", "Mulligan"),
    ("start.first_draw_restriction", "First-draw restriction"),
    ("basics.card_states", "Card states"),
    ("basics.discard", "Discard"),
    ("basics.library_out", "Library out"),
    ("basics.multiplayer", "3+ players"),
    ("basics.summoning_sickness", "Summoning sickness"),
    ("basics.cost_carry_over", "Cost carried across turns"),
    ("basics.damage_carry_over", "Damage carried across turns"),
    ("basics.uniqueness", "Uniqueness"),
    ("basics.attack_targeting", "Attack targeting"),
    ("products.summary", "Product line-up"),
]


class Profile:
    def __init__(self, data: dict[str, Any], source: str = ""):
        self.data, self.source = data, source

    @classmethod
    def load(cls, path: str | pathlib.Path) -> "Profile":
        p = pathlib.Path(path)
        try:
            text = read_text(p, "profile", MAX_PROFILE_BYTES, error=CardDataError)
            data = parse_toml(text, os.fspath(p), error=CardDataError)
        except CardDataError as e:
            raise CardDataError(str(p), None, None, f"cannot read profile: {e.detail}") from None
        prof = cls(data, str(p))
        missing = [k for k, _ in TEMPLATE if prof.get(k, None) is None]
        if missing:
            raise CardDataError(str(p), None, missing[0], "profile is missing this template entry")
        return prof

    def get(self, dotted: str, default: Any = KeyError) -> Any:
        node: Any = self.data
        for part in dotted.split("."):
            if not isinstance(node, dict) or part not in node:
                if default is KeyError:
                    raise KeyError(f"profile {self.source} has no entry {dotted!r}")
                return default
            node = node[part]
        return node

    def rows(self) -> list[tuple[str, str]]:
        """The template as (label, readable value) rows."""
        return [(label, format_value(self.get(key, "-"))) for key, label in TEMPLATE]


def format_value(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return "; ".join(format_value(x) for x in v)
    return str(v)
