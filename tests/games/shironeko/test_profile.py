"""The catalog profile is the truth: the engine's numbers agree with it in play."""
from __future__ import annotations

import tcg
from tcg.engine.profile import TEMPLATE
from tcg.games import get_rules

from .harness import can, fixture_rules, scenario


def test_profile_has_every_template_row():
    prof = get_rules("shironeko").profile
    for key, _label in TEMPLATE:
        assert prof.get(key, None) is not None, key


def test_starting_hands_match_profile():
    prof = get_rules("shironeko").profile
    names = tcg.list_decks("shironeko")
    for seed in range(4):
        g = tcg.new_game("shironeko", [names[0], names[1]], seed=seed)
        first = g.state.first
        obs = g.observe(None)
        assert obs["players"][first]["hand_count"] == prof.get("start.hand_first") == 4
        assert obs["players"][1 - first]["hand_count"] == prof.get("start.hand_second") == 5


def test_character_limit_matches_profile():
    limit = fixture_rules().profile.get("field.max_characters")
    assert limit == 4
    chars = ["F-R1", "F-B1", "F-ACT", "F-ENTER"][:limit]
    g = scenario(p0=dict(hand=["F-TDRAW"], chars=chars, town=["F-T-RAINBOW"] * 3, deck=["F-B1"] * 5),
                 p1=dict(deck=["F-B1"] * 5))
    assert not can(g, "place", card="F-TDRAW")
    g = scenario(p0=dict(hand=["F-TDRAW"], chars=chars[:-1], town=["F-T-RAINBOW"] * 3, deck=["F-B1"] * 5),
                 p1=dict(deck=["F-B1"] * 5))
    assert can(g, "place", card="F-TDRAW")


def test_deck_numbers_match_profile():
    prof = get_rules("shironeko").profile
    for name in tcg.list_decks("shironeko"):
        d = tcg.load_deck("shironeko", name)
        assert len(d.section("main")) == prof.get("deck.main_size")
        assert len(d.section("town")) == prof.get("deck.town_size")
