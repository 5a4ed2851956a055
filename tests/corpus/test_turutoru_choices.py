"""Mechanics corpus, Turu-turu Stage, step 5 (docs/card-language-design.md): choices and amounts.
One scenario test per card of tests/corpus/turutoru/choices.toml (an exact state, the program
that uses the card, the exact outcome); the words, encoding and agents of the new decisions; the
hidden-information pairs of a look; then the load errors."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import cardfile
from .cardfile import header, load_error_cases, says
from ..games.harness_base import encoded_ids, seen_while_answering
from ..games.turutoru.harness import ACTIVATE, FILL, apply_from_hand, decision, do, events, hp, unit, zone
from ..games.turutoru.harness import main as tt_main

CORPUS = pathlib.Path(__file__).parent / "turutoru" / "choices.toml"


#: a main phase with the corpus cards
main = functools.partial(tt_main, cards=CORPUS)


#: a main phase with the corpus cards where player 0's first program applies a card from the hand
apply = functools.partial(apply_from_hand, cards=CORPUS)


def deck_top(g, p: int, n: int) -> list[str]:
    """The top ``n`` cards of a deck, top first."""
    return [g.state.cards[i].id for i in g.state.players[p].deck[::-1][:n]]


def ids(g, iids) -> list[str]:
    return [g.state.cards[i].id for i in iids]


# --- TCH-01: choose one of three -----------------------------------------------------------------------

@pytest.mark.parametrize("mode", [0, 1, 2])
def test_tch01_each_mode_does_its_own_thing(mode):
    g = apply("TCH-01", p0=dict(deck=["T-BIG", "T-WALL"] + FILL, hp=10), p1=dict(chars=["T-PLACE2"]))
    assert decision(g) == (0, "choose_mode")
    info = g.decision.info
    assert info["modes"] == 3 and info["remaining"] == 1
    assert [a.get("mode") for a in g.legal_actions()] == [0, 1, 2]
    do(g, "mode", mode=mode)
    if mode == 0:
        assert zone(g, 0, "hand") == ["T-BIG", "T-WALL"] and hp(g, 0) == 10
    elif mode == 1:
        assert zone(g, 1, "chars") == [] and zone(g, 0, "hand") == []
    else:
        assert hp(g, 0) == 13 and zone(g, 0, "hand") == []
    ev = events(g, "mode")[-1]
    assert ev["mode"] == mode and ev["id"] == "TCH-01"
    assert decision(g) == (0, "library_draw")


# --- TCH-02: choose two, resolved in printed order ------------------------------------------------------

def test_tch02_two_modes_resolve_in_printed_order():
    g = apply("TCH-02", p0=dict(hp=10))
    do(g, "mode", mode=2)
    assert decision(g) == (0, "choose_mode") and g.decision.info["modes_chosen"] == [2]
    assert [a.get("mode") for a in g.legal_actions()] == [0, 1]
    do(g, "mode", mode=0)
    assert hp(g, 0) == 11 and len(zone(g, 0, "hand")) == 1 and hp(g, 1) == 20
    kinds = [e[0] for e in g.state.events if e[0] in ("draw", "hp")]
    assert kinds == ["draw", "hp"]                            # the draw (mode 0) first


# --- TCH-03: look at three, a character to the hand, the rest to the bottom in any order ----------------

def test_tch03_takes_a_character_and_orders_the_rest_under_the_deck():
    g = apply("TCH-03", p0=dict(deck=["A-BOLT", "T-BIG", "D-FIELD", "T-SMALL"] + FILL))
    assert decision(g) == (0, "look_take")
    info = g.decision.info
    assert ids(g, info["candidates"]) == ["T-BIG"] and info["up_to"] and info["to"] == "hand"
    do(g, "look_take", card="T-BIG")
    assert zone(g, 0, "hand") == ["T-BIG"]
    assert decision(g) == (0, "look_order")
    assert sorted(ids(g, g.decision.info["candidates"])) == ["A-BOLT", "D-FIELD"]
    do(g, "look_order", card="D-FIELD")                       # the first chosen ends highest
    assert ids(g, g.state.players[0].deck[:2]) == ["A-BOLT", "D-FIELD"]   # the bottom, the lowest first
    assert deck_top(g, 0, 1) == ["T-SMALL"]
    assert [e["count"] for e in events(g, "look")] == [3]


def test_tch03_asked_even_when_nothing_matches():
    g = apply("TCH-03", p0=dict(deck=["A-BOLT", "D-FIELD", "A-HEAL"] + FILL))
    assert decision(g) == (0, "look_take") and g.decision.info["candidates"] == []
    assert [a.type for a in g.legal_actions()] == ["look_done"]
    do(g, "look_done")
    assert decision(g) == (0, "look_order")


# --- TCH-04: the opponent's top two, back on top in any order ------------------------------------------

def test_tch04_reorders_the_opponents_top_cards():
    g = apply("TCH-04", p1=dict(deck=["T-BIG", "T-WALL"] + FILL))
    assert decision(g) == (0, "look_order") and g.decision.info["whose"] == 1
    do(g, "look_order", card="T-WALL")
    assert deck_top(g, 1, 2) == ["T-WALL", "T-BIG"]
    assert events(g, "look_rest")[-1]["to"] == "top"


# --- TCH-05: a character of segment 2 or less onto the field, the rest discarded; if you do, draw ----------

def test_tch05_puts_a_small_character_onto_the_field_and_draws():
    g = main(dict(programs=ACTIVATE, chars=["TCH-05"], deck=["T-BIG", "T-PLACE2", "A-BOLT", "T-WALL"] + FILL))
    do(g, "activate", card="TCH-05", ability=0)
    assert ids(g, g.decision.info["candidates"]) == ["T-PLACE2"]   # T-BIG is segment 3
    do(g, "look_take", card="T-PLACE2")
    assert zone(g, 0, "chars") == ["TCH-05", "T-PLACE2"]
    assert unit(g, 0, "T-PLACE2").placed == g.state.round
    assert zone(g, 0, "discard") == ["T-BIG", "A-BOLT"] and zone(g, 0, "hand") == ["T-WALL"]


def test_tch05_none_taken_no_draw():
    g = main(dict(programs=ACTIVATE, chars=["TCH-05"], deck=["T-BIG", "A-BOLT", "A-HEAL", "T-WALL"] + FILL))
    do(g, "activate", card="TCH-05", ability=0)
    do(g, "look_done")
    assert zone(g, 0, "discard") == ["T-BIG", "A-BOLT", "A-HEAL"] and zone(g, 0, "hand") == []


# --- TCH-06: the opponent chooses their character to destroy ---------------------------------------------

def test_tch06_the_opponent_chooses_which_of_their_characters():
    g = apply("TCH-06", p1=dict(chars=["T-BIG", "T-SMALL"]))
    assert decision(g) == (1, "target") and g.decision.info["controller"] == 0
    do(g, "target", target="T-SMALL")
    assert zone(g, 1, "chars") == ["T-BIG"]


# --- TCH-07: the opponent chooses a card of their hand to discard (secret to us) --------------------------

def test_tch07_the_opponent_discards_a_card_of_their_choice():
    g = apply("TCH-07", p1=dict(hand=["T-BIG", "T-WALL"]))
    assert decision(g) == (1, "target_hidden")
    assert "candidates" not in g.observe(0)["decision"]
    do(g, "target", target="T-WALL")
    assert zone(g, 1, "hand") == ["T-BIG"] and zone(g, 1, "discard") == ["T-WALL"]


# --- TCH-08: 1 damage for each of your characters -----------------------------------------------------------

@pytest.mark.parametrize("mine, damage", [([], 0), (["T-SMALL"], 1), (["T-SMALL", "T-WALL", "T-GUARD"], 3)])
def test_tch08_counts_your_characters_when_it_resolves(mine, damage):
    g = apply("TCH-08", p0=dict(chars=mine), p1=dict(chars=["T-PLACE6"]))
    assert unit(g, 1, "T-PLACE6").damage == damage


# --- TCH-09: a draw for each application in your discard pile, at most three ---------------------------------

@pytest.mark.parametrize("discard, drawn", [([], 1), (["A-BOLT", "T-BIG"], 2), (["A-BOLT"] * 5, 3)])
def test_tch09_draws_for_each_application_at_most_three(discard, drawn):
    """Counted as it resolves: TCH-09 itself is in the discard pile by then (T5: the application
    goes there first) and counts too."""
    g = apply("TCH-09", p0=dict(discard=discard))
    assert len(zone(g, 0, "hand")) == drawn


# --- TCH-10: +1 power for each other character of yours --------------------------------------------------------

def test_tch10_counts_the_other_characters():
    g = main(dict(programs=ACTIVATE, chars=["TCH-10", "T-SMALL", "T-WALL"]))
    do(g, "activate", card="TCH-10", ability=0)
    assert unit(g, 0, "TCH-10").pow_mod == 2


# --- TCH-11: up to as many as you have characters ------------------------------------------------------------

def test_tch11_chooses_up_to_as_many_as_your_characters():
    g = apply("TCH-11", p0=dict(chars=["T-SMALL", "T-WALL"]), p1=dict(chars=["T-BIG", "T-GUARD", "T-ATK"]))
    assert decision(g) == (0, "target") and g.decision.info["remaining"] == 2
    do(g, "target", target="T-BIG")
    do(g, "target", target="T-ATK")
    assert [u.awake for u in g.state.players[1].chars] == [False, True, False]


# --- TCH-12: a static "for each": counted all the time --------------------------------------------------------

def test_tch12_its_power_follows_the_other_characters():
    from tcg.games.turutoru.flow import power_of
    g = main(dict(programs=["T-PLACE", "T-DRAW2"], chars=["TCH-12", "T-SMALL"], hand=["T-WALL"]),
             dict(chars=["T-BIG"]))
    u = unit(g, 0, "TCH-12")
    assert power_of(g.state, u) == 2
    do(g, "place", card="T-WALL")
    assert power_of(g.state, u) == 3
    seen = [c for c in g.observe(1)["players"][0]["characters"] if c["id"] == "TCH-12"]
    assert seen[0]["power_now"] == 3                           # the views count it too
    assert unit(g, 1, "T-BIG").awake                            # (the opponent's do not count)


def test_tch12_as_characters_leave_it_shrinks():
    from tcg.games.turutoru.flow import power_of
    g = apply("TCH-06", p0=dict(chars=["T-SMALL"]), p1=dict(chars=["TCH-12", "T-WALL", "T-SMALL"]))
    do(g, "target", target="T-WALL")                            # the opponent gives up one of theirs
    assert power_of(g.state, unit(g, 1, "TCH-12")) == 2
    seen = [c for c in g.observe(0)["players"][1]["characters"] if c["id"] == "TCH-12"]
    assert seen[0]["power_now"] == 2


# --- hidden information: pairs that differ only in a hidden deck ---------------------------------------------

@pytest.mark.parametrize("card, decks, picks", [
    ("TCH-03", (["A-BOLT", "T-BIG", "D-FIELD"], ["T-WALL", "A-HEAL", "T-SMALL"]), [-1, 0]),
    ("TCH-03", (["A-BOLT", "D-FIELD", "A-HEAL"], ["T-BIG", "T-WALL", "T-SMALL"]), [-1, 1]),
    ("TCH-04", (["T-BIG", "T-WALL"], ["A-BOLT", "T-SMALL"]), [1]),
])
def test_a_look_shows_the_other_player_nothing_of_the_cards(card, decks, picks):
    """Two games that differ only in a hidden deck: the player who does not look sees the same
    observations, log, narration (both languages) and spectator log all along, the looker's
    decisions answered alike (a card kept under the deck, none taken into the hand)."""
    views = []
    for deck in decks:
        spec: dict = {"p0": {}, "p1": {}}
        spec["p1" if card == "TCH-04" else "p0"]["deck"] = deck + FILL
        g = apply(card, **spec)
        views.append(seen_while_answering(g, picks))
    assert views[0] == views[1]


# --- words, encoding, agents ----------------------------------------------------------------------------------

def test_the_new_decisions_are_encodable():
    g = apply("TCH-02")
    encoded_ids(g)                                                 # choose_mode
    do(g, "mode", mode=1)
    encoded_ids(g)                                                 # ... with modes_chosen
    g = apply("TCH-03", p0=dict(deck=["A-BOLT", "T-BIG", "D-FIELD"] + FILL))
    encoded_ids(g)                                                 # look_take + look_done
    do(g, "look_take", card="T-BIG")
    encoded_ids(g)                                                 # look_order
    encoded_ids(apply("TCH-06", p1=dict(chars=["T-BIG", "T-SMALL"])))   # a target chosen by the opponent


@pytest.mark.parametrize("lang, mode, chose, looked, other", [
    ("en", "Draw two cards.", "chose: Gain 3 HP.", "looked at the top 3 cards of", "looked at the top 3 cards of"),
    ("ja", "カードを2枚引く。", "HPを3回復する。", "上から3枚を見た", "上から3枚を見た"),
])
def test_the_new_decisions_and_events_in_both_languages(lang, mode, chose, looked, other):
    from tcg.games.turutoru import text as T
    g = apply("TCH-01")
    labels = [T.label(g, a, 0, lang) for a in g.legal_actions()]
    assert any(mode in x for x in labels), labels
    obs = g.observe(0)
    assert T.prompt(obs["decision"], 0, lang, obs=obs, cards=g.rules.cards)
    do(g, "mode", mode=2)
    for viewer in (0, 1):
        lines = T.lines(g.log.for_player(viewer), viewer, lang, cards=g.rules.cards)
        assert any(chose.split(": ")[-1] in line for line in lines), lines
    g = apply("TCH-03", p0=dict(deck=["A-BOLT", "T-BIG", "D-FIELD"] + FILL))
    obs = g.observe(0)
    assert T.prompt(obs["decision"], 0, lang, obs=obs, cards=g.rules.cards)
    assert T.prompt(g.observe(1)["decision"], 1, lang, obs=g.observe(1), cards=g.rules.cards)
    labels = [T.label(g, a, 0, lang) for a in g.legal_actions()]
    assert len(set(labels)) == len(labels)
    hidden = [T.label(g, a, 1, lang) for a in g.legal_actions()]
    assert len(set(hidden)) == 1                                # the other player is told nothing of them
    mine = T.lines(g.log.for_player(0), 0, lang, cards=g.rules.cards)
    theirs = T.lines(g.log.for_player(1), 1, lang, cards=g.rules.cards)
    assert any(looked in line for line in mine) and any(other in line for line in theirs), (mine, theirs)
    assert not any("Big Guy" in line or "ビッグ" in line for line in theirs)


def test_agents_answer_the_new_decisions():
    from tcg.agents.base import AgentView, make_agent
    for name in ("random", "heuristic"):
        g = apply("TCH-01", p1=dict(chars=["T-PLACE2"]))
        assert make_agent(name, seed=1).act(AgentView(g, g.legal_actions())).type == "mode"
        g = apply("TCH-03", p0=dict(deck=["A-BOLT", "T-BIG", "D-FIELD"] + FILL))
        assert make_agent(name, seed=1).act(AgentView(g, g.legal_actions())).type in ("look_take", "look_done")
        g = apply("TCH-04", p1=dict(deck=["T-BIG", "T-WALL"] + FILL))
        assert make_agent(name, seed=1).act(AgentView(g, g.legal_actions())).type == "look_order"
        g = apply("TCH-06", p1=dict(chars=["T-BIG", "T-SMALL"]))
        assert make_agent(name, seed=1).act(AgentView(g, g.legal_actions())).type == "target"


# --- load errors --------------------------------------------------------------------------------------------

HEAD = header("turutoru", "application")


def load_error(effects: str) -> str:
    return str(cardfile.load_error("turutoru", HEAD + '[[cards.abilities]]\nkind = "apply"\neffects = [' + effects + ']\n'))


@pytest.mark.parametrize("effects, field, words", load_error_cases("turutoru", "choices_load_errors_name_the_field_and_the_nearest_word"))
def test_load_errors_name_the_field_and_the_nearest_word(effects, field, words):
    says(load_error(effects), field, words)


@pytest.mark.parametrize("stat, count, words", load_error_cases("turutoru", "choices_a_for_each_in_a_static_ability_is_limited"))
def test_a_for_each_in_a_static_ability_is_limited(stat, count, words):
    text = header("turutoru") + f'[[cards.abilities]]\nkind = "static"\neffects = [{{op = "modify", target = "self", ' \
        f'stat = "{stat}", amount = {{count = {count}}}}}]\n'
    e = cardfile.load_error("turutoru", text)
    assert words in str(e)
