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


def static_effects(cards: list[dict]) -> list[dict]:
    """The effects of the static abilities of ``cards``."""
    return [e for c in cards for ab in c.get("abilities", ()) if ab["kind"] == "static" for e in ab["effects"]]


def steps_4_to_6(game: str, ids: set[str], pays: set[str]) -> tuple[list[dict], list[dict], list[dict]]:
    """``new_cards(game, ids)``, once checked for what every game's set of steps 4-6 of the card
    language uses: every card is there, the parts of the costs are ``pays``, the ops ``pay``,
    ``choose_one`` and ``look``, an ``if_done``, a choice by the opponent and a "for each" amount."""
    cards, tables, keywords = new_cards(game, ids)
    assert len(cards) == len(ids)
    assert {p["pay"] for p in cost_parts(tables)} == pays
    assert {"pay", "choose_one", "look"} <= {t.get("op") for t in tables}
    assert any(t.get("if_done") for t in tables)
    assert any(t.get("chooser") == "opponent" for t in tables)
    assert any(isinstance(t.get("amount"), dict) and "count" in t["amount"] for t in tables)
    return cards, tables, keywords


def check_keywords(cards: list[dict], keywords: list[dict], names: set[str], at_least: int,
                   unheld: set[str] = frozenset()) -> None:
    """``keywords`` are those named ``names``, each with its name and text in both languages, and
    each but ``unheld`` is held by at least ``at_least`` of ``cards``."""
    assert {k["id"] for k in keywords} == names
    assert all(k["name"] and k["name_en"] and k["text"] and k["text_en"] for k in keywords)
    for k in keywords:
        if k["id"] not in unheld:
            assert sum(k["id"] in c.get("keywords", ()) for c in cards) >= at_least, k["id"]


def steps_1_and_5(game: str, ids: set[str], numbered: str | None = None) -> tuple[list[dict], list[dict], list[dict]]:
    """The shipped cards ``ids`` of ``game``, their tables and their static effects, once checked
    for what every game's set of steps 1 and 5 of the card language uses: every card is there, a
    search's filter is a selector table, a static reaches a table of all the cards of a side, a look
    at a hand; with ``numbered``, the one numbered keyword the file declares, held with two numbers."""
    cards, tables, keywords = new_cards(game, ids)
    assert len(cards) == len(ids)
    assert any(t.get("op") == "search" and isinstance(t.get("filter"), dict) for t in tables)
    statics = static_effects(cards)
    assert any(isinstance(e["target"], dict) and e["target"].get("all") for e in statics)
    assert any(t.get("op") == "look" and t.get("zone") == "hand" for t in tables)
    if numbered is not None:
        assert [k["id"] for k in keywords if k.get("number")] == [numbered]
        uses = [kw for c in cards for kw in c.get("keywords", ()) if kw.startswith(numbered + ":")]
        assert len(uses) >= 2 and len(set(uses)) >= 2          # two numbers
    return cards, tables, statics


def check_sample_deck(game: str, deck: str, opponent: str, ids: set[str], version: str) -> None:
    """The sample deck ``deck`` holds the cards ``ids`` and is legal, and a game of it against the
    deck ``opponent`` starts, recording the set's ``version``."""
    import tcg
    held = tcg.load_deck(game, deck)
    assert ids <= set(held.sections["main"]) and tcg.validate_deck(game, held) == []
    g = tcg.new_game(game, [deck, opponent], seed=4)
    assert not g.is_over and g.record()["card_set"]["version"] == version
