"""The cards of the Shironeko sample set 1.3.0 (``SNP-101``..``SNP-111``, the deck Lantern
Festival): each construct of the card language's steps 4-6 is used by a shipped card, and the
shipped cards the heuristic tests (tests/agents/test_heuristics_shironeko_set13.py) do not play
here do what they print: an ability used from the hand, a cost that removes a card of the discard
pile, a cost that turns another character OFF, and the Keepsake keyword."""
from __future__ import annotations

from ..shipped_cards import check_keywords, cost_parts, new_cards, shipped, steps_4_to_6
from .harness import decision, do, scenario, unit, zone

GAME = "shironeko"
NEW = {f"SNP-{n}" for n in range(101, 112)}
ANY = "F-T-RAINBOW"  # a soul that pays any colour
DECK = ["F-B1"] * 10


def test_every_construct_of_steps_4_to_6_is_used_by_a_shipped_card():
    cards, tables, keywords = steps_4_to_6(GAME, NEW, {"souls", "printed", "discard", "move", "off"})
    assert {t.get("from") for t in tables if t.get("kind") == "activated"} >= {"hand", "discard"}
    looks = [t for t in tables if t.get("op") == "look"]
    assert looks[0]["take"] and looks[0]["rest"] == "bottom"
    check_keywords(cards, keywords, {"fervor", "keepsake", "cheer"}, 3, unheld={"cheer"})  # (cheer: SNP-113, below)


def game(p0=None, p1=None):
    return scenario(p0={"deck": DECK, **(p0 or {})}, p1={"deck": DECK, **(p1 or {})}, cards=shipped(GAME))


def test_yomi_is_discarded_from_the_hand_and_the_opponent_chooses_its_discard_secretly():
    g = game(p0={"hand": ["SNP-104"], "town": [ANY]}, p1={"hand": ["F-R1", "F-B1"]})
    do(g, "activate_card", card="SNP-104", ability=0)
    assert decision(g) == (1, "target_hidden")  # their own hand: their secret choice
    do(g, "target", target="F-B1")
    assert decision(g) == (0, "main")
    assert zone(g, 0, "discard") == ["SNP-104"] and zone(g, 1, "discard") == ["F-B1"]
    assert zone(g, 1, "hand") == ["F-R1"] and zone(g, 0, "hand") == []  # Keepsake: not from the hand


def test_oboro_removes_a_character_card_of_the_discard_pile_to_draw():
    g = game(p0={"chars": ["SNP-107"], "town": [ANY], "discard": ["F-MDMG", "F-R1"], "deck": ["F-R3"] + DECK})
    do(g, "activate", card="SNP-107", ability=0)
    assert decision(g) == (0, "main")  # one character card: taken without asking
    assert zone(g, 0, "removed") == ["F-R1"] and zone(g, 0, "discard") == ["F-MDMG"]
    assert zone(g, 0, "hand") == ["F-R3"]


def test_gen_turns_another_character_off_for_two_attack():
    g = game(p0={"chars": ["SNP-106", "F-R1"]})
    attack = unit(g, 0, "SNP-106").iid
    before = g.observe(0)["players"][0]["characters"][0]["attack"]
    do(g, "activate", card="SNP-106", ability=0)
    assert decision(g) == (0, "main")
    assert not unit(g, 0, "F-R1").on and unit(g, 0, "SNP-106").on
    after = next(u for u in g.observe(0)["players"][0]["characters"] if u["iid"] == attack)["attack"]
    assert after == before + 2


def test_keepsake_saya_draws_a_card_as_she_falls():
    # our Homura deals 2 damage to their Saya 2/2: she retreats, and her owner draws a card
    g = game(p0={"chars": ["SNP-103"], "hand": ["F-B1"], "town": [ANY] * 2},
             p1={"chars": ["SNP-102"], "deck": ["F-R3"] + DECK})
    do(g, "activate", card="SNP-103", ability=0)
    assert decision(g) == (0, "main")  # the one card of the hand, the one character: not asked
    assert zone(g, 1, "discard") == ["SNP-102"] and zone(g, 1, "hand") == ["F-R3"]



# --- added at the end of set 1.3.0: runes as a cost and a keyword with a number (SNP-112, SNP-113) -------------

LATER = {"SNP-112", "SNP-113"}


def test_runes_and_a_numbered_keyword_are_used_by_shipped_cards():
    cards, tables, keywords = new_cards(GAME, LATER)
    assert len(cards) == len(LATER)
    assert "runes" in {p["pay"] for p in cost_parts(tables)}
    assert [k["id"] for k in keywords if k.get("number")] == ["cheer"]
    assert any(k == "cheer:2" for c in cards for k in c.get("keywords", ()))


def test_yuzu_puts_a_card_from_under_it_into_the_discard_pile_to_draw():
    g = game(p0={"chars": [dict(card="SNP-112", under=["F-R1"])], "deck": ["F-R3"] + DECK})
    do(g, "activate", card="SNP-112", ability=0)
    assert unit(g, 0, "SNP-112").under == () and zone(g, 0, "discard") == ["F-R1"] and zone(g, 0, "hand") == ["F-R3"]
    assert not [a for a in game(p0={"chars": ["SNP-112"]}).legal_actions() if a.type == "activate"]


def test_taichi_attacks_with_cheer_2():
    g = game(p0={"chars": ["SNP-113"]}, p1={"chars": [dict(card="F-B1", on=False)]})
    do(g, "attack", attacker="SNP-113")
    assert unit(g, 0, "SNP-113").atk_mod == 2
