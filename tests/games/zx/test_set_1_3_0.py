"""The cards of the Z/X sample set 1.3.0 (``ZXS-082``..``ZXS-092``, the deck Forge Tide): each
construct of the card language's steps 4-6 is used by a shipped card, and the shipped cards do what
they print (those the heuristic tests, tests/agents/test_heuristics_zx_set13.py, play in whole
games are checked here by their parts: costs, the zone an ability is used from, amounts, Onrush)."""
from __future__ import annotations

from ..shipped_cards import cost_parts, new_cards, shipped, steps_4_to_6
from .harness import check, decision, do, main, power, sq, zone

GAME = "zx"
NEW = {f"ZXS-{n:03d}" for n in range(82, 93)}


def test_every_construct_of_steps_4_to_6_is_used_by_a_shipped_card():
    cards, tables, keywords = steps_4_to_6(GAME, NEW, {"resources", "printed", "discard", "move"})
    moves = [p for p in cost_parts(tables) if p["pay"] == "move"]
    assert any(p["card"] == "self" for p in moves) and any(p.get("from") == "charge" and p["card"] != "self" for p in moves)
    assert {t.get("from") for t in tables if t.get("kind") == "activated"} >= {"hand", "charge", "trash"}
    assert {k["id"] for k in keywords} == {"life_recovery", "void_bringer", "onrush", "muster"}
    assert sum("onrush" in c.get("keywords", ()) for c in cards) >= 3


def game(p0=None, p1=None, **kw):
    """``main`` with the shipped cards."""
    return main(p0, p1, cards=shipped(GAME), **kw)


def test_kairi_pays_a_resource_and_a_discard_for_two_cards():
    g = game(p0={"hand": ["Z-R1", "Z-B1"], "resources": ["Z-G1"]}, board={3: "ZXS-082"})
    do(g, "activate", square=3, ability=0)
    assert decision(g) == (0, "target_hidden")
    do(g, "target", target="Z-B1")
    assert zone(g, 0, "asleep") == ["Z-G1"] and zone(g, 0, "trash") == ["Z-B1"] and len(zone(g, 0, "hand")) == 3
    check(g)


def test_enri_moves_a_charge_card_to_the_trash_for_a_card():
    g = game(p0={"charge": ["Z-R1"], "resources": ["Z-G1"]}, board={3: "ZXS-090"})
    do(g, "activate", square=3, ability=0)
    assert zone(g, 0, "charge") == [] and zone(g, 0, "trash") == ["Z-R1"] and len(zone(g, 0, "hand")) == 1
    check(g)


def test_volka_is_used_from_the_charge():
    g = game(p0={"charge": ["ZXS-086"], "resources": ["Z-G1"]}, board={3: "Z-R1"})
    do(g, "activate_card", card="ZXS-086", ability=0)
    assert zone(g, 0, "charge") == [] and zone(g, 0, "trash") == ["ZXS-086"]
    assert power(g, 3) == 3000   # Z-R1 (1000) +2000: the only Z/X, taken without asking
    check(g)


def test_skol_is_used_from_the_trash_for_its_printed_cost():
    g = game(p0={"trash": ["ZXS-087"], "resources": ["Z-R1"]})
    do(g, "activate_card", card="ZXS-087", ability=0)
    assert zone(g, 0, "trash") == [] and zone(g, 0, "removed") == ["ZXS-087"] and len(zone(g, 0, "hand")) == 1
    check(g)


def test_durga_may_discard_to_deal_3000_damage():
    g = game(p0={"hand": ["ZXS-091", "Z-B1"], "resources": ["Z-R1"] * 2}, board={0: dict(card="Z-R3", owner=1)})
    do(g, "place", card="ZXS-091", square=3)
    assert decision(g) == (0, "optional")
    do(g, "optional", use=True)
    assert zone(g, 0, "trash") == ["Z-B1"] and sq(g, 0) is None
    check(g)


def test_lanz_counts_the_other_zx():
    g = game(p0={"hand": ["ZXS-089"], "resources": ["Z-R1"] * 2}, board={6: "Z-R1", 8: "Z-R1"})
    do(g, "place", card="ZXS-089", square=3)
    assert power(g, 3) == 4000   # 2000 and +1000 for each of the two others
    check(g)



# --- added at the end of set 1.3.0: force, the dynamis and a keyword with a number (ZXS-093..095) -----------

LATER = {"ZXS-093", "ZXS-094", "ZXS-095"}


def test_force_the_dynamis_and_a_numbered_keyword_are_used_by_shipped_cards():
    cards, tables, keywords = new_cards(GAME, LATER)
    assert len(cards) == len(LATER)
    assert "force" in {p["pay"] for p in cost_parts(tables)}
    assert any(p.get("from") == "dynamis" for p in cost_parts(tables))
    assert any(t.get("op") == "move" and t.get("to") == "force" for t in tables)
    numbered = [k for k in keywords if k.get("number")]
    assert [k["id"] for k in numbered] == ["muster"]
    assert any(k.startswith("muster:") for c in cards for k in c.get("keywords", ()))


def test_the_warden_takes_force_from_the_trash_and_spends_it_for_power():
    g = game(p0={"trash": ["Z-R1", "E-DRAW"], "resources": ["Z-G1"]}, board={3: "ZXS-093"})
    do(g, "activate", square=3, ability=0)                 # one Z/X card in the trash: no choice
    assert [g.state.cards[i].id for i in g.state.board[3].force] == ["Z-R1"] and zone(g, 0, "trash") == ["E-DRAW"]
    g = game(board={3: dict(card="ZXS-093", force=["Z-R1"])})
    do(g, "activate", square=3, ability=1)
    assert g.state.board[3].force == () and zone(g, 0, "trash") == ["Z-R1"] and power(g, 3) == 7000
    check(g)


def test_the_archivist_removes_a_face_up_dynamis_card_for_two_cards():
    g = game(p0={"dynamis": ["Z-B1"], "face_up": ["Z-R1"]}, board={3: "ZXS-094"})
    do(g, "activate", square=3, ability=0)
    assert zone(g, 0, "removed") == ["Z-R1"] and zone(g, 0, "dynamis") == ["Z-B1"] and len(zone(g, 0, "hand")) == 2
    assert game(p0={"dynamis": ["Z-B1"]}, board={3: "ZXS-094"}).legal_actions()[0].type != "activate"


def test_iruka_draws_two_by_muster_2():
    g = game(p0={"hand": ["ZXS-095"], "resources": ["Z-B1"] * 4})
    do(g, "place", card="ZXS-095", square=4)
    assert len(zone(g, 0, "hand")) == 2 and decision(g) == (0, "main")
