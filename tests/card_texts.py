"""Card files typed in by a player (the browser's "your own cards"), shared by the engine and web
tests: ``MY`` adds one Shironeko character, 「テスト剣士」 (Test Swordsman, MY-001)."""
from __future__ import annotations

import json


def card_file(name: str, cards: str, game: str = "shironeko") -> str:
    """A card file's text: its ``[set]`` table, then ``cards`` (TOML ``[[cards]]`` tables)."""
    return f'[set]\ngame = "{game}"\nname = "{name}"\nversion = "1"\n\n{cards}'


def character(card_id: str, name: str, abilities: str = "", **fields) -> str:
    """A ``[[cards]]`` table of a red level-1 Shironeko character of cost 1, attack 1 and HP 1,
    ``fields`` changing or adding fields (values written as TOML), then ``abilities`` (its
    ``[[cards.abilities]]`` tables, as text)."""
    values = {"id": card_id, "kind": "character", "name": name, "color": "red", "cost": 1, "rune": "red",
              "level": 1, "attack": 1, "hp": 1, **fields}
    lines = [f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in values.items()]
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
