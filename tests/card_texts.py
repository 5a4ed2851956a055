"""Card files typed in by a player (the browser's "your own cards"), shared by the engine and web
tests: ``MY`` adds one Shironeko character, 「テスト剣士」 (Test Swordsman, MY-001)."""
from __future__ import annotations


def card_file(name: str, cards: str, game: str = "shironeko") -> str:
    """A card file's text: its ``[set]`` table, then ``cards`` (TOML ``[[cards]]`` tables)."""
    return f'[set]\ngame = "{game}"\nname = "{name}"\nversion = "1"\n\n{cards}'


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
