"""Reading a game's shipped card file as its tables, for the tests that check which constructs of
the card language the sample set uses (tests/games/<game>/test_set_*.py)."""
from __future__ import annotations

import tomllib
from typing import Any, Iterator

import tcg.games


def shipped(game: str):
    """The path of ``game``'s shipped card file."""
    return tcg.games.get_rules(game).folder / "cards.toml"


def new_cards(game: str, ids: set[str]) -> tuple[list[dict], list[dict], list[dict]]:
    """The shipped cards of ``game`` whose ids are ``ids``, every table inside them (the cards
    first) and the keywords the file declares."""
    data = tomllib.loads(shipped(game).read_text(encoding="utf-8"))
    cards = [c for c in data["cards"] if c["id"] in ids]
    return cards, [t for c in cards for t in walk(c) if isinstance(t, dict)], data.get("keywords", [])


def walk(x: Any) -> Iterator[Any]:
    """Every table and list inside ``x``, ``x`` first."""
    yield x
    for v in (x.values() if isinstance(x, dict) else x if isinstance(x, list) else ()):
        yield from walk(v)


def cost_parts(tables: list[dict]) -> list[dict]:
    """Every part of every cost list among ``tables``."""
    return [p for t in tables if isinstance(t.get("cost"), list) for p in t["cost"]]
