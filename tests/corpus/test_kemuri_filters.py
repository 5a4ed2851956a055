"""Mechanics corpus, Kemuri: one scenario test per card of tests/corpus/kemuri/filters.toml (an
exact state, an action, the exact outcome): a search's and a salvage's filter as a selector table
(engine/select.py ``old_or_table``), its words; its load errors are
in test_load_errors_alike.py."""
from __future__ import annotations

import pathlib

from tcg.games.kemuri import text as T

from ..games.kemuri.harness import cp, decision, do, scenario, zone

CORPUS = pathlib.Path(__file__).with_name("kemuri") / "filters.toml"
FILL = ["K-F1"] * 6


def game(p0: dict | None = None, p1: dict | None = None, **kw):
    """A scenario with the corpus cards; each player has a deck unless told."""
    p0 = {"deck": FILL, **(p0 or {})}
    p1 = {"deck": FILL, **(p1 or {})}
    return scenario(p0=p0, p1=p1, cards=CORPUS, **kw)


def prompt(g, viewer: int, lang: str = "en") -> str:
    return T.prompt(g.observe(viewer)["decision"], viewer, lang, g.observe(viewer), g.rules.cards)


def offered(g) -> list[str]:
    return sorted(g.state.cards[a.get("card")].id for a in g.legal_actions() if a.type == "pick")


# --- KFI-01: a cast with a printed CP of 4 or more ------------------------------------------------------

def test_kfi01_offers_the_casts_of_printed_cp_4_or_more():
    g = game(p0=dict(hand=["KFI-01"], deck=["K-EA", "K-EB", "K-BIG", "S-DRAW", "K-ED"]))
    do(g, "support", card="KFI-01")
    assert decision(g) == (0, "pick_card")
    assert offered(g) == ["K-BIG", "K-EB", "K-ED"]          # CP 5, 9, 4; not Aoi (3), not the support
    do(g, "pick", card="K-ED")
    assert zone(g, 0, "hand") == ["K-ED"] and sorted(zone(g, 0, "deck")) == ["K-BIG", "K-EA", "K-EB", "S-DRAW"]


def test_kfi01_the_heuristic_takes_a_card_offered():
    from tcg.agents.base import AgentView
    from tcg.agents.heuristics import kemuri as H
    from tcg.engine.rng import Rng
    g = game(p0=dict(hand=["KFI-01"], deck=["K-EA", "K-EB", "S-DRAW"]))
    do(g, "support", card="KFI-01")
    choice = H.policy(AgentView(g, g.legal_actions()), Rng(0))
    assert choice.type == "pick" and g.state.cards[choice.card].id == "K-EB"


def test_kfi01_is_worded_in_both_languages():
    g = game(p0=dict(hand=["KFI-01"], deck=["K-EB"] + FILL))
    do(g, "support", card="KFI-01")
    assert g.observe(0)["decision"].get("filtered") is True
    assert "a card the effect names" in prompt(g, 0, "en")
    assert "効果が指定するカード" in prompt(g, 0, "ja")


# --- KFI-02: a salvage of a late-shift cast by name -----------------------------------------------------

def test_kfi02_salvages_a_cast_with_late_in_its_name():
    g = game(p0=dict(hand=["KFI-02"], backyard=["K-EA", "K-LA", "K-LB", "S-DRAW"]))
    do(g, "support", card="KFI-02")
    assert offered(g) == ["K-LA", "K-LB"]
    do(g, "pick", card="K-LB")
    assert zone(g, 0, "hand") == ["K-LB"]


# --- KFI-03 / KFI-04: statics over a table of all the casts of a side --------------------------------------

def test_kfi03_raises_your_other_early_casts():
    g = game(p0=dict(floor=["KFI-03", "K-EA", "K-LA"]), p1=dict(floor=["K-EB"]))
    assert [cp(g, 0, c) for c in ("KFI-03", "K-EA", "K-LA")] == [2, 4, 3]   # not itself, not the late cast
    assert cp(g, 1, "K-EB") == 5                                            # not the opponent's


def test_kfi04_lowers_the_opponents_level_1_casts():
    g = game(p0=dict(floor=["KFI-04", "K-EA"]), p1=dict(floor=["K-EA", "K-EB", "K-LA"]))
    assert [cp(g, 1, c) for c in ("K-EA", "K-EB", "K-LA")] == [2, 5, 2]
    assert [cp(g, 0, c) for c in ("KFI-04", "K-EA")] == [3, 3]


# --- KFI-05: look at the opponent's hand, one card of it to their backyard ----------------------------------

def lines(g, viewer: int, lang: str) -> list[str]:
    return T.lines(list(g.log.for_player(viewer)), viewer, lang, g.rules.cards)


def test_kfi05_the_looker_sees_the_hand_and_sends_a_card_of_it_to_the_backyard():
    g = game(p0=dict(hand=["KFI-05"]), p1=dict(hand=["K-EB", "S-DRAW", "K-EA"]))
    do(g, "support", card="KFI-05")
    assert decision(g) == (0, "look_take")
    d = g.observe(0)["decision"]
    assert d["zone"] == "hand" and d["whose"] == 1 and d["to"] == "backyard"
    assert sorted(g.state.cards[a.get("card")].id for a in g.legal_actions() if a.type == "look_take") == \
        ["K-EA", "K-EB", "S-DRAW"]
    assert "candidates" not in (g.observe(1)["decision"] or {})
    do(g, "look_take", card="K-EB")
    assert zone(g, 1, "backyard") == ["K-EB"] and sorted(zone(g, 1, "hand")) == ["K-EA", "S-DRAW"]
    assert any(x.startswith("Opponent looked at the 3 cards of your hand") for x in lines(g, 1, "en")), lines(g, 1, "en")
    assert any("手札の3枚を見た" in x for x in lines(g, 1, "ja"))


# --- load errors ------------------------------------------------------------------------------------

# The load errors of filters and static target tables that the games give alike: test_load_errors_alike.py.
