"""PrintedViews: card views built once per card, each call a fresh dict a reader may change."""
from __future__ import annotations

from dataclasses import dataclass

from tcg.engine.cards import PrintedViews


@dataclass(frozen=True)
class _Card:
    id: str
    tags: tuple


def test_printed_facts_are_built_once_and_views_are_independent():
    built = []

    def build(card):
        built.append(card.id)
        return {"id": card.id, "tags": list(card.tags)}

    views = PrintedViews(build)
    card = _Card("X-1", ("a", "b"))
    first = views.view(card, 7)
    assert first == {"iid": 7, "id": "X-1", "tags": ["a", "b"]}
    first["tags"].append("changed")
    first["id"] = "changed"
    again = views.view(card, 7)
    assert again == {"iid": 7, "id": "X-1", "tags": ["a", "b"]}  # the cache was not touched
    assert built == ["X-1"]  # read once
    assert views.view(card, 8) == {"iid": 8, "id": "X-1", "tags": ["a", "b"]}
    other = _Card("X-2", ())
    assert views.view(other, 9)["id"] == "X-2"


def test_each_card_object_gets_its_own_facts():
    views = PrintedViews(lambda card: {"id": card.id})
    for n in range(50):  # short-lived card objects (e.g. a card set loaded again)
        assert views.view(_Card(f"C-{n}", ()), n)["id"] == f"C-{n}"
