"""Card files as text for the tests: those typed in by a player (the browser's "your own cards"),
shared by the engine and web tests (``MY`` adds one Shironeko character, 「テスト剣士」, Test
Swordsman, MY-001), and values written as TOML for the tests that generate card files."""
from __future__ import annotations

import json
from typing import Any


def toml_value(v: Any) -> str:
    """``v`` written as a TOML value (inline tables and arrays)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(x)}" for k, x in v.items()) + "}"


def card_file(name: str, cards: str, game: str = "shironeko") -> str:
    """A card file's text: its ``[set]`` table, then ``cards`` (TOML ``[[cards]]`` tables)."""
    return f'[set]\ngame = "{game}"\nname = "{name}"\nversion = "1"\n\n{cards}'


def character(card_id: str, name: str, abilities: str = "", **fields) -> str:
    """A ``[[cards]]`` table of a red level-1 Shironeko character of cost 1, attack 1 and HP 1,
    ``fields`` changing or adding fields (values written as TOML), then ``abilities`` (its
    ``[[cards.abilities]]`` tables, as text)."""
    values = {"id": card_id, "kind": "character", "name": name, "color": "red", "cost": 1, "rune": "red",
              "level": 1, "attack": 1, "hp": 1, **fields}
    lines = [f"{k} = {toml_value(v)}" for k, v in values.items()]
    return "[[cards]]\n" + "\n".join(lines) + "\n" + abilities


MY = card_file("My cards", '''[[cards]]
id = "MY-001"
kind = "character"
name = "テスト剣士"
name_en = "Test Swordsman"
color = "red"
cost = 1
rune = "red"
level = 1
attack = 2
hp = 2
''')
