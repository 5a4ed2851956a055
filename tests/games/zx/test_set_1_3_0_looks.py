"""The Z/X sample set 1.3.0's cards ``ZXS-096``..``ZXS-099`` (in the deck Forge Tide): each
construct of the card language's steps 1 and 5 is used by a shipped card (a search's filter as a
selector table, a static over a table of Z/X, looks at a hand and at the life), and each card does
what it prints (an exact state, an action, the exact outcome). How the heuristic plays them:
tests/agents/test_heuristics_zx_set13.py."""
from __future__ import annotations

from ..shipped_cards import check_sample_deck, shipped, steps_1_and_5
from .harness import FILL, check, decision, do, legal_types, main, options, power, zone

GAME = "zx"
NEW = {f"ZXS-{n:03d}" for n in range(96, 100)}


def test_every_construct_of_steps_1_and_5_is_used_by_a_shipped_card():
    _, tables, _ = steps_1_and_5(GAME, NEW)
    searches = [t for t in tables if t.get("op") == "search"]
    assert any(isinstance(t.get("filter"), dict) and isinstance(t["filter"].get("cost"), dict) for t in searches)
    looks = {(t.get("zone"), t.get("side", "own")) for t in tables if t.get("op") == "look"}
    assert {("hand", "opponent"), ("life", "own")} <= looks


def test_the_sample_deck_plays_the_new_cards():
    check_sample_deck(GAME, "forge_tide", "azure_tide", NEW, "1.3.0")


def game(p0=None, p1=None, **kw):
    """``main`` with the shipped cards."""
    return main(p0, p1, cards=shipped(GAME), **kw)


def test_conch_offers_the_tidesingers_of_cost_3_or_less_and_reveals_the_one_taken():
    g = game(p0={"hand": ["ZXS-096"], "resources": ["Z-B1"],
                 "deck": ["ZXS-095", "ZXS-086", "ZXS-083", "Z-B2", "ZXS-082"]})
    do(g, "event", card="ZXS-096")
    assert decision(g) == (0, "pick_card")
    # not Iruka (a Tidesinger of cost 4), not Volka (a Forge-Soldier), not a Z/X of no race
    assert sorted(options(g, "pick")) == ["ZXS-082", "ZXS-083"]
    do(g, "pick", card="ZXS-083")
    assert zone(g, 0, "hand") == ["ZXS-083"]
    assert sorted(zone(g, 0, "deck")) == ["Z-B2", "ZXS-082", "ZXS-086", "ZXS-095"]
    seen = [e for e in g.log.for_player(1) if e["type"] == "pick"]
    assert seen and seen[0].get("id") == "ZXS-083"          # revealed: the other player sees it
    assert decision(g) == (0, "main") and zone(g, 0, "trash") == ["ZXS-096"]
    check(g)


def test_varga_raises_the_other_forge_soldiers_only():
    g = game(board={3: "ZXS-097", 4: "ZXS-086", 5: "ZXS-082", 6: "Z-R1", 0: dict(card="ZXS-091", owner=1)})
    assert [power(g, n) for n in (3, 4, 5, 6, 0)] == [4000, 4000, 3000, 1000, 3000]
    g = game(p0={"hand": ["ZXS-097"], "resources": ["Z-R1"] * 3}, board={4: "ZXS-086"})
    assert power(g, 4) == 3000
    do(g, "place", card="ZXS-097", square=3)
    assert power(g, 4) == 4000 and power(g, 3) == 4000
    check(g)


def test_seabed_clairvoyance_trashes_the_card_chosen_from_the_opponents_hand():
    g = game(p0={"hand": ["ZXS-098"], "resources": ["Z-B1"] * 2}, p1={"hand": ["ZXS-092", "Z-R1", "ZXS-084"]})
    do(g, "event", card="ZXS-098")
    assert decision(g) == (0, "look_take")
    assert sorted(options(g, "look_take")) == ["Z-R1", "ZXS-084", "ZXS-092"] and "look_done" not in legal_types(g)
    assert "candidates" not in (g.observe(1)["decision"] or {})
    do(g, "look_take", card="ZXS-092")
    assert zone(g, 1, "trash") == ["ZXS-092"] and sorted(zone(g, 1, "hand")) == ["Z-R1", "ZXS-084"]
    assert decision(g) == (0, "main")
    check(g)


def test_neria_swaps_a_life_card_for_the_top_of_the_deck():
    g = game(p0={"hand": ["ZXS-099"], "resources": ["Z-B1"] * 2, "life": ["Z-R1", "ZXS-092", "Z-B2"],
                 "deck": ["E-PUMP"] + FILL})
    do(g, "place", card="ZXS-099", square=3)
    assert decision(g) == (0, "look_take") and g.observe(0)["decision"]["zone"] == "life"
    assert sorted(options(g, "look_take")) == ["Z-B2", "Z-R1", "ZXS-092"] and "look_done" in legal_types(g)
    do(g, "look_take", card="ZXS-092")
    assert zone(g, 0, "hand") == ["ZXS-092"] and sorted(zone(g, 0, "life")) == ["E-PUMP", "Z-B2", "Z-R1"]
    assert decision(g) == (0, "main")
    check(g)
