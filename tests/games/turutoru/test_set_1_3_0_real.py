"""The cards ``TTS-079``..``TTS-083`` of the Turu-turu sample set 1.3.0 ("Real cards, part 1", in
the deck War Council): each construct the mechanics corpus built for steps 1 and 5 of
docs/card-language-design.md (tests/corpus/turutoru/filters.toml, keywords.toml) is used by a
shipped card, and the shipped cards do what they print (an exact state, an action, the exact
outcome). How the heuristic plays them: tests/agents/test_heuristics_turutoru_real.py."""
from __future__ import annotations

import tcg
from tcg.games.turutoru import flow as F
from tcg.games.turutoru import text as T

from ..shipped_cards import steps_1_and_5, shipped
from .harness import FILL, decision, do, hp, zone
from .harness import main as tt_main

GAME = "turutoru"
NEW = {f"TTS-{n:03d}" for n in range(79, 84)}
SAMPLES = shipped(GAME)
#: a program that applies an application, then one that stops the main phase
APPLY = ["T-APPLY", "T-DRAW2"]
#: a program that places a character from the hand, then one that stops the main phase
PLACE = ["T-PLACE", "T-DRAW2"]


def main(p0: dict | None = None, p1: dict | None = None):
    """A main phase with the fixture's cards and the shipped ones."""
    return tt_main(dict(p0 or {}), p1, cards=SAMPLES)


def apply(card: str, p0: dict | None = None, p1: dict | None = None):
    """A main phase where player 0's first program applies ``card`` from the hand."""
    p0 = dict(p0 or {})
    g = main({"programs": APPLY, **p0, "hand": [card] + p0.get("hand", [])}, p1)
    do(g, "apply", card=card)
    return g


def stats(g, p: int) -> list[tuple[str, int, int]]:
    """(id, power, toughness) of a player's characters."""
    st = g.state
    return [(st.cards[u.iid].id, F.power_of(st, u), F.toughness_of(st, u)) for u in st.players[p].chars]


def test_each_construct_of_steps_1_and_5_is_used_by_a_shipped_card():
    _, _, statics = steps_1_and_5(GAME, NEW, numbered="resupply")
    assert any(e["stat"] == "toughness" and isinstance(e["amount"], dict) and "count" in e["amount"]
               for e in statics)


def test_the_new_cards_load_and_the_sample_deck_plays_them():
    cards = tcg.card_set(GAME)
    assert cards.version == "1.3.0"
    assert T.card_text(cards.find("TTS-083"), "en").split("\n")[0] == \
        "Resupply 2 (When this character comes onto the field, gain 2 HP.)"
    assert T.card_text(cards.find("TTS-080"), "ja").split("\n")[0] == \
        "補給1（このキャラクターがフィールドに出たとき、HPを1回復する。）"
    g = tcg.new_game(GAME, ["war_council", "rush"], seed=5)
    assert not g.is_over and g.record()["card_set"]["version"] == "1.3.0"


def test_tts079_searches_a_dragon_knight_of_segment_2_or_less():
    g = apply("TTS-079", dict(deck=["TTS-023", "TTS-010", "TTS-026", "TTS-078"]))
    assert decision(g) == (0, "search")
    offered = sorted(g.state.cards[a.card].id for a in g.legal_actions() if a.type == "search_pick")
    assert offered == ["TTS-023", "TTS-078"]                # not Wolf (Ragna), not Garm (segment 3)
    do(g, "search_pick", card="TTS-078")
    assert zone(g, 0, "hand") == ["TTS-078"]
    assert sorted(zone(g, 0, "deck")) == ["TTS-010", "TTS-023", "TTS-026"]


def test_tts080_raises_your_other_dragon_knights_and_resupplies_1():
    g = main(dict(chars=["TTS-080", "TTS-023", "TTS-008"]), dict(chars=["TTS-063"]))
    assert stats(g, 0) == [("TTS-080", 2, 2), ("TTS-023", 3, 2), ("TTS-008", 2, 2)]
    assert stats(g, 1) == [("TTS-063", 3, 2)]               # not the opponent's dragon knight
    g = main(dict(programs=PLACE, hand=["TTS-080"], hp=15))
    do(g, "place", card="TTS-080")
    assert zone(g, 0, "chars") == ["TTS-080"] and hp(g, 0) == 16


def test_tts081_looks_at_their_hand_and_discards_a_card_of_it():
    g = apply("TTS-081", p1=dict(hand=["TTS-027", "TTS-074", "TTS-001"]))
    assert decision(g) == (0, "look_take")
    d = g.observe(0)["decision"]
    assert d["zone"] == "hand" and d["whose"] == 1
    assert "candidates" not in (g.observe(1)["decision"] or {})
    do(g, "look_take", card="TTS-027")
    assert zone(g, 1, "discard") == ["TTS-027"] and sorted(zone(g, 1, "hand")) == ["TTS-001", "TTS-074"]
    assert zone(g, 0, "discard") == ["TTS-081"]


def test_tts082_toughens_the_ragna_characters_for_each_of_them_up_to_two():
    g = main(dict(chars=["TTS-082", "TTS-014", "TTS-023"]), dict(chars=["TTS-008"]))
    assert stats(g, 0) == [("TTS-082", 1, 4), ("TTS-014", 2, 4), ("TTS-023", 2, 2)]   # two: +2
    assert stats(g, 1) == [("TTS-008", 2, 2)]               # not the opponent's
    g = main(dict(chars=["TTS-082", "TTS-014", "TTS-008"]))
    assert stats(g, 0) == [("TTS-082", 1, 4), ("TTS-014", 2, 4), ("TTS-008", 2, 4)]   # three: at most +2
    g = main(dict(chars=["TTS-082"]))
    assert stats(g, 0) == [("TTS-082", 1, 3)]


def test_tts083_resupplies_2_when_placed():
    g = main(dict(programs=PLACE, hand=["TTS-083"], hp=12, deck=FILL))
    do(g, "place", card="TTS-083")
    assert zone(g, 0, "chars") == ["TTS-083"] and hp(g, 0) == 14
