"""Mechanics corpus, Turu-turu Stage: one scenario test per card of
tests/corpus/turutoru/filters.toml (an exact state, an action, the exact outcome): a search's
filter as a selector table (engine/select.py ``old_or_table``), its words; its load errors are
in test_load_errors_alike.py."""
from __future__ import annotations

import pathlib

from tcg.games.turutoru import flow as F
from tcg.games.turutoru import text

from ..games.turutoru.harness import FILL, decision, do, zone
from ..games.turutoru.harness import main as tt_main

CORPUS = pathlib.Path(__file__).parent / "turutoru" / "filters.toml"
#: a program that uses an application, then one that stops the main phase
APPLY = ["T-APPLY", "T-DRAW2"]


def apply(card: str, p0: dict | None = None, p1: dict | None = None, **kw):
    """A main phase where player 0's first program applies ``card`` from the hand."""
    p0 = dict(p0 or {})
    g = tt_main({"programs": APPLY, **p0, "hand": [card] + p0.get("hand", [])}, p1, cards=CORPUS, **kw)
    do(g, "apply", card=card)
    return g


def ids(g, iids) -> list[str]:
    return [g.state.cards[i].id for i in iids]


# --- TFI-01: a character with power 3 or more ------------------------------------------------------

def test_tfi01_offers_the_characters_of_power_3_or_more():
    g = apply("TFI-01", p0=dict(deck=["T-PLACE", "T-PLACE3", "T-PLACE4", "T-PLACE2"]))
    assert decision(g) == (0, "search")
    assert sorted(ids(g, [a.get("card") for a in g.legal_actions() if a.type == "search_pick"])) == \
        ["T-PLACE3", "T-PLACE4"]
    do(g, "search_pick", card="T-PLACE4")
    assert zone(g, 0, "hand") == ["T-PLACE4"] and sorted(ids(g, g.state.players[0].deck)) == \
        ["T-PLACE", "T-PLACE2", "T-PLACE3"]
    assert decision(g) == (0, "library_draw")


def test_tfi01_the_heuristic_takes_a_card_offered():
    from tcg.agents.base import AgentView
    from tcg.agents.heuristics import turutoru as H
    from tcg.engine.rng import Rng
    g = apply("TFI-01", p0=dict(deck=["T-PLACE", "T-PLACE3", "T-PLACE4"]))
    choice = H.policy(AgentView(g, g.legal_actions()), Rng(0))
    assert choice.type == "search_pick" and g.state.cards[choice.card].id in ("T-PLACE3", "T-PLACE4")


def test_tfi01_is_worded_in_both_languages_and_secret():
    g = apply("TFI-01", p0=dict(deck=["T-PLACE3"] + FILL))
    obs = g.observe(0)
    assert obs["decision"].get("filtered") is True
    assert "a card the effect names" in text.prompt(obs["decision"], 0, "en", obs, g.rules.cards)
    assert "効果が指定するカード" in text.prompt(obs["decision"], 0, "ja", obs, g.rules.cards)
    assert "filtered" not in (g.observe(1)["decision"] or {})


# --- TFI-02 / TFI-03: statics over a table of all the characters of a side --------------------------------

def stats(g, p: int) -> list:
    """(id, power, toughness) of a player's characters, by the rules and as the observation shows them."""
    st = g.state
    rules = [(st.cards[u.iid].id, F.power_of(st, u), F.toughness_of(st, u)) for u in st.players[p].chars]
    fast = F.units_stats(st, st.players[p].chars, F.unit_sources(st))
    assert [(i, pw, tg) for (i, _, _), (pw, tg) in zip(rules, fast)] == rules   # both ways agree
    return rules


def test_tfi02_raises_your_other_female_characters():
    g = tt_main(dict(chars=["TFI-02", "T-PLACE", "T-PLACE2"]), dict(chars=["T-PLACE"]), cards=CORPUS)
    assert stats(g, 0) == [("TFI-02", 1, 2), ("T-PLACE", 2, 1), ("T-PLACE2", 2, 2)]   # not itself, not the male
    assert stats(g, 1) == [("T-PLACE", 1, 1)]                                        # not the opponent's


def test_tfi03_lowers_the_toughness_of_the_opponents_small_characters():
    g = tt_main(dict(chars=["TFI-03", "T-PLACE2"]), dict(chars=["T-PLACE2", "T-PLACE3", "T-WALL"]), cards=CORPUS)
    assert stats(g, 1) == [("T-PLACE2", 2, 1), ("T-PLACE3", 3, 3), ("T-WALL", 0, 5)]
    assert stats(g, 0) == [("TFI-03", 3, 3), ("T-PLACE2", 2, 2)]


# --- TFI-05: a static's toughness "for each" character you have: a Place destroys a damaged character -------

def test_tfi05_a_character_placed_lowers_the_toughness_and_a_damaged_one_is_destroyed():
    g = tt_main(dict(programs=["T-PLACE", "T-DRAW2"], chars=["TFI-05"], hand=["T-SMALL"]),
                dict(chars=[dict(card="T-PLACE3", damage=1), "T-WALL"]), cards=CORPUS)
    assert stats(g, 1) == [("T-PLACE3", 3, 2), ("T-WALL", 0, 5)]            # one character of yours: -1
    do(g, "place", card="T-SMALL")
    assert [i for i, _, _ in stats(g, 1)] == ["T-WALL"] and zone(g, 1, "discard") == ["T-PLACE3"]
    assert stats(g, 1) == [("T-WALL", 0, 4)]                                 # two: -2


# --- TFI-04: look at the opponent's hand, one card of it discarded -------------------------------------------

def lines(g, viewer: int, lang: str) -> list[str]:
    return text.lines(list(g.log.for_player(viewer)), viewer, lang, g.rules.cards)


def test_tfi04_the_looker_sees_the_hand_and_discards_a_card_of_it():
    g = apply("TFI-04", p1=dict(hand=["T-PLACE3", "A-BOLT", "T-PLACE"]))
    assert decision(g) == (0, "look_take")
    d = g.observe(0)["decision"]
    assert d["zone"] == "hand" and d["whose"] == 1 and d["to"] == "discard"
    assert sorted(ids(g, d["candidates"])) == ["A-BOLT", "T-PLACE", "T-PLACE3"]
    assert "look_done" not in [a.type for a in g.legal_actions()]
    assert "candidates" not in (g.observe(1)["decision"] or {})
    do(g, "look_take", card="T-PLACE3")
    assert zone(g, 1, "discard") == ["T-PLACE3"] and sorted(zone(g, 1, "hand")) == ["A-BOLT", "T-PLACE"]
    assert decision(g) == (0, "library_draw")
    assert any(x.startswith("Opponent looked at the 3 cards of your hand") for x in lines(g, 1, "en")), lines(g, 1, "en")
    assert any("手札の3枚を見た" in x for x in lines(g, 1, "ja"))


def test_tfi04_the_heuristic_discards_a_card_of_theirs():
    from tcg.agents.base import AgentView
    from tcg.agents.heuristics import turutoru as H
    from tcg.engine.rng import Rng
    g = apply("TFI-04", p1=dict(hand=["T-PLACE3", "T-PLACE"]))
    assert H.policy(AgentView(g, g.legal_actions()), Rng(0)).type == "look_take"


# --- load errors ------------------------------------------------------------------------------------

# The load errors of filters and static target tables that the games give alike: test_load_errors_alike.py.
