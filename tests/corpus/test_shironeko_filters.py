"""Mechanics corpus, Shironeko: one scenario test per card of tests/corpus/shironeko/filters.toml
(an exact state, an action, the exact outcome): a search's filter as a selector table
(engine/select.py ``old_or_table``), its words; its load errors are
in test_load_errors_alike.py."""
from __future__ import annotations

import pathlib

from tcg.games.shironeko import text

from ..games.shironeko.harness import decision, do, scenario, zone

CORPUS = pathlib.Path(__file__).parent / "shironeko" / "filters.toml"
DECK = ["F-B1"] * 10
ANY = "F-T-RAINBOW"  # a soul that pays any colour


def game(p0: dict | None = None, p1: dict | None = None, **kw):
    p0 = {"deck": DECK, **(p0 or {})}
    p1 = {"deck": DECK, **(p1 or {})}
    return scenario(p0=p0, p1=p1, cards=CORPUS, **kw)


def options(g, key: str) -> list:
    s = g.state
    return [s.cards[a.get(key)].id for a in g.legal_actions() if a.get(key) is not None]


# --- SFI-01: a red character with cost 3 or less ------------------------------------------------------

def test_sfi01_offers_the_red_characters_of_cost_3_or_less():
    g = game(p0={"hand": ["SFI-01"], "town": [ANY], "deck": ["F-R3", "F-R1", "F-B1", "F-R2", "F-R1A"]})
    do(g, "monster", card="SFI-01")
    assert decision(g) == (0, "search")
    assert sorted(options(g, "card")) == ["F-R1", "F-R2"]   # not cost 5, not blue, not the awakened one
    do(g, "search_pick", card="F-R2")
    assert zone(g, 0, "hand") == ["F-R2"] and sorted(zone(g, 0, "deck")) == ["F-B1", "F-R1", "F-R1A", "F-R3"]
    assert decision(g) == (0, "main")


def test_sfi01_the_heuristic_takes_a_card_offered():
    from tcg.agents.base import AgentView
    from tcg.agents.heuristics import shironeko as H
    from tcg.engine.rng import Rng
    g = game(p0={"hand": ["SFI-01"], "town": [ANY], "deck": ["F-R3", "F-R1", "F-R2"]})
    do(g, "monster", card="SFI-01")
    choice = H.policy(AgentView(g, g.legal_actions()), Rng(0))
    assert choice.type == "search_pick" and g.state.cards[choice.card].id in ("F-R1", "F-R2")


def test_sfi01_is_worded_in_both_languages():
    g = game(p0={"hand": ["SFI-01"], "town": [ANY], "deck": ["F-R1"] + DECK})
    do(g, "monster", card="SFI-01")
    d = g.observe(0)["decision"]
    assert d.get("filtered") is True and "filter" not in d
    assert text.prompt(d, 0, "en") == "Search your deck: take a card the effect names, or nothing"
    assert text.prompt(d, 0, "ja") == "山札を探す：効果が指定するカード1枚を手札に加えるか、何も加えない"


# --- SFI-02: a static over "all your other red characters" ---------------------------------------------

def stats(g, p: int, stat: str) -> list:
    return [(c["id"], c[stat]) for c in g.observe(0)["players"][p]["characters"]]


def test_sfi02_raises_your_other_red_characters_only():
    g = game(p0={"chars": ["SFI-02", "F-R1", "F-B1", "F-R2"]}, p1={"chars": ["F-R1"]})
    assert stats(g, 0, "attack") == [("SFI-02", 1), ("F-R1", 3), ("F-B1", 1), ("F-R2", 4)]
    assert stats(g, 1, "attack") == [("F-R1", 2)]          # not the opponent's red character


def test_sfi02_works_from_when_it_enters():
    g = game(p0={"chars": ["F-R1"], "hand": ["SFI-02"], "town": [ANY, ANY]})
    assert stats(g, 0, "attack") == [("F-R1", 2)]
    do(g, "place", card="SFI-02")
    assert stats(g, 0, "attack") == [("F-R1", 3), ("SFI-02", 1)]


# --- SFI-03: a static over "your opponent's characters of level 1 or less" ------------------------------

def test_sfi03_lowers_the_hp_of_the_opponents_level_1_characters():
    g = game(p0={"chars": ["SFI-03"]}, p1={"chars": ["F-R1", "F-B1", "F-R2"]})
    assert stats(g, 1, "hp") == [("F-R1", 1), ("F-B1", 2), ("F-R2", 3)]
    assert stats(g, 0, "hp") == [("SFI-03", 3)]


def test_sfi03_a_damaged_character_at_its_new_hp_retreats_when_it_enters():
    g = game(p0={"hand": ["SFI-03"], "town": [ANY, ANY, ANY]},
             p1={"chars": [dict(card="F-R1", damage=1), dict(card="F-B1", damage=1)]})
    do(g, "place", card="SFI-03")
    assert [c["id"] for c in g.observe(0)["players"][1]["characters"]] == ["F-B1"]
    assert zone(g, 1, "discard") == ["F-R1"]


# --- SFI-05: a static's HP "for each" card in the hand: a draw makes a character retreat ---------------------

def test_sfi05_the_hp_follows_the_hand_and_a_draw_makes_a_damaged_character_retreat():
    g = game(p0={"chars": ["SFI-05"], "hand": ["F-B1"], "deck": ["F-R1"] + DECK},
             p1={"chars": [dict(card="F-R2", damage=1), "F-R3"]}, start="turn")
    assert decision(g)[0] == 0 and len(zone(g, 0, "hand")) == 2          # the start phase drew a card
    assert [c["id"] for c in g.observe(1)["players"][1]["characters"]] == ["F-R3"]
    assert zone(g, 1, "discard") == ["F-R2"]                           # HP 3 - 2 = 1: at its damage
    assert stats(g, 1, "hp") == [("F-R3", 3)]


def test_sfi05_the_hp_is_counted_all_the_time():
    g = game(p0={"chars": ["SFI-05"], "hand": ["F-B1"]}, p1={"chars": ["F-R3"]})
    assert stats(g, 1, "hp") == [("F-R3", 4)]
    g = game(p0={"chars": ["SFI-05"], "hand": ["F-B1", "F-B1", "F-B1"]}, p1={"chars": ["F-R3"]})
    assert stats(g, 1, "hp") == [("F-R3", 3)]                          # at most -2


# --- SFI-04: look at the opponent's hand, one card of it discarded -------------------------------------------

def lines(g, viewer: int, lang: str) -> list[str]:
    return [text.narrate(e, viewer, lang, g.rules.cards) for e in g.log.for_player(viewer)]


def test_sfi04_the_looker_sees_the_hand_and_discards_a_card_of_it():
    g = game(p0={"hand": ["SFI-04"], "town": [ANY]}, p1={"hand": ["F-R3", "F-B1", "F-R1"]})
    do(g, "monster", card="SFI-04")
    assert decision(g) == (0, "look_take")
    d = g.observe(0)["decision"]
    assert d["zone"] == "hand" and d["whose"] == 1 and d["to"] == "discard"
    assert sorted(options(g, "card")) == ["F-B1", "F-R1", "F-R3"]
    assert "look_done" not in [a.type for a in g.legal_actions()]
    assert "candidates" not in g.observe(1)["decision"]              # the owner is not told what is offered
    do(g, "look_take", card="F-R3")
    assert zone(g, 1, "discard") == ["F-R3"] and sorted(zone(g, 1, "hand")) == ["F-B1", "F-R1"]
    assert decision(g) == (0, "main")
    assert "Opponent looked at the 3 cards of your Hand" in lines(g, 1, "en")
    assert any(x.startswith("You looked at the 3 cards of") and "Red General" in x for x in lines(g, 0, "en"))
    assert any("手札の3枚を見た" in x for x in lines(g, 1, "ja"))


def test_sfi04_the_heuristic_discards_the_card_it_rates_highest():
    from tcg.agents.base import AgentView
    from tcg.agents.heuristics import shironeko as H
    from tcg.engine.rng import Rng
    g = game(p0={"hand": ["SFI-04"], "town": [ANY]}, p1={"hand": ["F-B1", "F-R3", "F-R1"]})
    do(g, "monster", card="SFI-04")
    view = AgentView(g, g.legal_actions())
    choice = H.policy(view, Rng(0))
    c = H._Ctx(view)
    assert choice.type == "look_take"                                   # never nothing: they lose a card
    assert choice == max((a for a in view.choices if a.type == "look_take"), key=lambda a: H._look_worth(view, c, a))


# --- load errors ------------------------------------------------------------------------------------

# The load errors of filters and static target tables that the games give alike: test_load_errors_alike.py.
