"""The cards of the Turu-turu sample set 1.3.0 (``TTS-069``..``TTS-078``, the deck War Council):
each construct of the card language's steps 4-6 is used by a shipped card; what they do in play is
tested by the heuristic's scenarios (tests/agents/test_heuristics_turutoru_set13.py)."""
from __future__ import annotations

import tcg

from ..shipped_cards import check_keywords, steps_4_to_6

GAME = "turutoru"
NEW = {f"TTS-{n:03d}" for n in range(69, 79)}


def test_every_construct_of_steps_4_to_6_is_used_by_a_shipped_card():
    cards, tables, keywords = steps_4_to_6(GAME, NEW, {"discard", "move", "bed_in"})
    assert {t.get("from") for t in tables if t.get("kind") == "activated"} >= {"hand", "discard"}
    looks = [t for t in tables if t.get("op") == "look"]
    assert looks[0]["take"] and looks[0]["rest"] == "bottom"
    keywords = [k for k in keywords if not k.get("number")]  # Resupply: TTS-079..083 (test_set_1_3_0_real.py)
    check_keywords(cards, keywords, {"heavy_armor", "war_cry"}, 2)


def test_the_new_cards_load_with_their_keywords_and_the_sample_deck_plays_them():
    cards = tcg.card_set("turutoru")
    assert cards.version == "1.3.0"
    gant = next(c for c in cards if c.id == "TTS-078")
    assert len(gant.abilities) >= 2  # Heavy Armor's static and War Cry's trigger
    g = tcg.new_game("turutoru", ["war_council", "rush"], seed=5)
    assert not g.is_over and g.record()["card_set"]["version"] == "1.3.0"
