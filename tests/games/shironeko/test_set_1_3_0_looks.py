"""The Shironeko sample set 1.3.0's cards ``SNP-114``..``SNP-117`` (in the deck Lantern Festival):
each construct of the card language's steps 1 and 5 is used by a shipped card (a search's filter as
a selector table, statics over a table of characters, a static's "for each" HP, a look at the
opponent's hand), and each card does what it prints (an exact state, an action, the exact
outcome). How the heuristic plays them: tests/agents/test_heuristics_shironeko_set13.py."""
from __future__ import annotations

from ..shipped_cards import check_sample_deck, shipped, steps_1_and_5
from .harness import decision, do, scenario, zone

GAME = "shironeko"
NEW = {f"SNP-{n}" for n in range(114, 118)}
ANY = "F-T-RAINBOW"  # a soul that pays any colour
DECK = ["F-B1"] * 10


def test_every_construct_of_steps_1_and_5_is_used_by_a_shipped_card():
    _, tables, statics = steps_1_and_5(GAME, NEW)
    searches = [t for t in tables if t.get("op") == "search"]
    assert any(isinstance(t.get("filter"), dict) and isinstance(t["filter"].get("level"), dict) for t in searches)
    assert all(isinstance(e["target"], dict) and e["target"]["all"] for e in statics) and len(statics) == 2
    assert any(e["stat"] == "hp" and isinstance(e["amount"], dict) and "count" in e["amount"] for e in statics)
    assert any(t.get("op") == "look" and t.get("zone") == "hand" and t.get("side") == "opponent" for t in tables)


def test_the_sample_deck_plays_the_new_cards():
    check_sample_deck(GAME, "lantern_festival", "red_rush", NEW, "1.3.0")


def game(p0=None, p1=None, **kw):
    return scenario(p0={"deck": DECK, **(p0 or {})}, p1={"deck": DECK, **(p1 or {})}, cards=shipped(GAME), **kw)


def options(g, key: str = "card") -> list:
    return [g.state.cards[a.get(key)].id for a in g.legal_actions() if a.get(key) is not None]


def stats(g, p: int, stat: str) -> list:
    return [(c["id"], c[stat]) for c in g.observe(0)["players"][p]["characters"]]


def test_barkers_music_offers_the_level_1_red_characters():
    g = game(p0={"hand": ["SNP-114"], "town": [ANY], "deck": ["F-R3", "F-R1", "F-B1", "F-R2", "F-R1A", "F-VER"]})
    do(g, "monster", card="SNP-114")
    assert decision(g) == (0, "search")
    assert sorted(options(g)) == ["F-R1", "F-VER"]       # not level 2 or 3, not blue, not the awakened one
    do(g, "search_pick", card="F-R1")
    assert zone(g, 0, "hand") == ["F-R1"]
    assert sorted(zone(g, 0, "deck")) == ["F-B1", "F-R1A", "F-R2", "F-R3", "F-VER"]
    assert zone(g, 0, "discard") == ["SNP-114"] and decision(g) == (0, "main")


def test_matsuri_raises_the_other_level_1_characters_of_its_side_only():
    g = game(p0={"chars": ["SNP-115", "F-R1", "F-R2", "F-B1"]}, p1={"chars": ["F-R1"]})
    assert stats(g, 0, "attack") == [("SNP-115", 2), ("F-R1", 3), ("F-R2", 3), ("F-B1", 2)]
    assert stats(g, 1, "attack") == [("F-R1", 2)]


def test_peephole_fox_mask_discards_the_card_chosen_from_the_opponents_hand():
    g = game(p0={"hand": ["SNP-116"], "town": [ANY, ANY]}, p1={"hand": ["F-R3", "F-B1", "F-R1"]})
    do(g, "monster", card="SNP-116")
    assert decision(g) == (0, "look_take")
    assert sorted(options(g)) == ["F-B1", "F-R1", "F-R3"]
    assert "look_done" not in [a.type for a in g.legal_actions()]
    assert "candidates" not in g.observe(1)["decision"]
    do(g, "look_take", card="F-R3")
    assert zone(g, 1, "discard") == ["F-R3"] and sorted(zone(g, 1, "hand")) == ["F-B1", "F-R1"]
    assert zone(g, 0, "discard") == ["SNP-116"] and decision(g) == (0, "main")


def test_kagari_counts_the_monsters_of_the_discard_pile_and_a_monster_used_makes_a_character_retreat():
    g = game(p0={"chars": ["SNP-117", "F-R1"], "hand": ["F-MBUFF"], "town": [ANY], "discard": ["F-MSHOCK"]},
             p1={"chars": [dict(card="F-B1", damage=1), "F-R2"]})
    assert stats(g, 1, "hp") == [("F-B1", 2), ("F-R2", 3)]          # one monster: -1, level 1 only
    assert stats(g, 0, "hp") == [("SNP-117", 2), ("F-R1", 2)]       # not its own side
    do(g, "monster", card="F-MBUFF")
    assert decision(g) == (0, "target")
    do(g, "target", target="F-R1")
    assert zone(g, 0, "discard") == ["F-MSHOCK", "F-MBUFF"]
    assert zone(g, 1, "discard") == ["F-B1"]                         # HP 3 - 2 = 1: at its damage
    assert stats(g, 1, "hp") == [("F-R2", 3)]


def test_kagari_takes_at_most_two_hp():
    g = game(p0={"chars": ["SNP-117"], "discard": ["F-MSHOCK", "F-MDMG", "F-MBUFF"]}, p1={"chars": ["F-B1"]})
    assert stats(g, 1, "hp") == [("F-B1", 1)]
