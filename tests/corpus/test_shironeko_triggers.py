"""Mechanics corpus, Shironeko, step 3 (docs/card-language-design.md): one scenario test per card
of tests/corpus/shironeko/triggers.toml (an exact state, an action, the exact outcome), the order
of simultaneous triggers, the cap per action, the damage triggers left as they were, then the
load errors of ``when``, the words and the encoding."""
from __future__ import annotations

import functools
import pathlib

import pytest


from .cardfile import ability_error, header
from ..games.shironeko.harness import DECK, decision, do, events, unit, with_decks, zone

CORPUS = pathlib.Path(__file__).parent / "shironeko" / "triggers.toml"
ANY = "F-T-RAINBOW"  # a soul that pays any colour

#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


def triggered(g) -> list[tuple]:
    """(controller, card id, event) of each triggered ability on the field that resolved."""
    return [(e["player"], e["id"], e["event"]) for e in events(g, "trigger") if "event" in e]


# --- CTR-01: when this character enters from the hand, draw -----------------------------------------

def test_ctr01_entering_from_the_hand_draws_a_card():
    g = game(p0={"hand": ["CTR-01"], "town": [ANY], "deck": ["F-R1"] + DECK})
    do(g, "place", card="CTR-01")
    assert triggered(g) == [(0, "CTR-01", "enters")]
    assert zone(g, 0, "hand") == ["F-R1"] and decision(g) == (0, "main")


def test_ctr01_on_the_field_another_character_entering_does_nothing():
    g = game(p0={"hand": ["F-R1"], "town": [ANY], "chars": ["CTR-01"]})
    do(g, "place", card="F-R1")
    assert triggered(g) == [] and zone(g, 0, "hand") == []


# --- CTR-02: once per turn, you may: another own character enters -----------------------------------

def test_ctr02_you_may_once_per_turn():
    g = game(p0={"hand": ["F-R1", "F-B1"], "town": [ANY] * 2, "chars": ["CTR-02"]})
    do(g, "place", card="F-R1")
    assert decision(g) == (0, "optional") and g.decision.info["op"] == "trigger"
    do(g, "optional", use=True)
    assert unit(g, 0, "CTR-02").atk_mod == 1
    do(g, "place", card="F-B1")                           # the second one: once per turn
    assert decision(g) == (0, "main") and unit(g, 0, "CTR-02").atk_mod == 1
    assert triggered(g) == [(0, "CTR-02", "enters")]


def test_ctr02_declined_nothing_happens_and_the_turn_use_is_spent():
    g = game(p0={"hand": ["F-R1", "F-B1"], "town": [ANY] * 2, "chars": ["CTR-02"]})
    do(g, "place", card="F-R1")
    do(g, "optional", use=False)
    assert unit(g, 0, "CTR-02").atk_mod == 0 and [e["use"] for e in events(g, "optional")] == [False]
    do(g, "place", card="F-B1")
    assert decision(g) == (0, "main")


def test_ctr02_a_change_is_entering_too_but_the_opponents_is_not():
    g = game(p0={"hand": ["F-R2"], "town": [ANY] * 3, "chars": ["CTR-02", "F-R1"]})
    do(g, "change", card="F-R2", target="F-R1")           # SN-K4: a new character enters
    assert decision(g) == (0, "optional")
    g = game(p0={"hand": ["F-R1"], "town": [ANY]}, p1={"chars": ["CTR-02"]})
    do(g, "place", card="F-R1")
    assert triggered(g) == [] and decision(g) == (0, "main")


# --- CTR-03: when this character retreats, 1 damage to an opponent's character -----------------------

def test_ctr03_retreating_after_a_defence_strikes_back():
    g = game(p0={"chars": ["F-R3"]}, p1={"chars": ["CTR-03"]})
    do(g, "attack", attacker="F-R3")
    do(g, "defend", defender="CTR-03")                    # 5 damage to a 1 HP character: it retreats
    assert zone(g, 1, "discard") == ["CTR-03"]
    assert triggered(g) == [(1, "CTR-03", "retreats")]
    assert unit(g, 0, "F-R3").damage == 2                 # 1 from the battle, 1 from the trigger
    assert decision(g) == (0, "main")


# --- CTR-04: when this character attacks, +2 attack (before the defence) -----------------------------

def test_ctr04_attacks_for_four():
    g = game(p0={"chars": ["CTR-04"]})
    do(g, "attack", attacker="CTR-04")                    # no defender: 4 cards revealed, not 2
    assert triggered(g) == [(0, "CTR-04", "attacks")]
    assert len(zone(g, 1, "discard")) == 4 and len(zone(g, 1, "deck")) == 6


def test_ctr04_the_defender_decides_after_the_trigger():
    g = game(p0={"chars": ["CTR-04"]}, p1={"chars": ["F-B2"]})
    do(g, "attack", attacker="CTR-04")
    assert decision(g) == (1, "defend") and unit(g, 0, "CTR-04").atk_mod == 2
    do(g, "defend", defender="F-B2")                      # 4 damage to a 4 HP character
    assert zone(g, 1, "discard") == ["F-B2"]


# --- CTR-05: when this character defends, +3 HP (before the battle) ----------------------------------

def test_ctr05_defending_it_survives():
    g = game(p0={"chars": ["F-R2"]}, p1={"chars": ["CTR-05"]})
    do(g, "attack", attacker="F-R2")
    do(g, "defend", defender="CTR-05")                    # 3 damage, HP 2 + 3
    assert triggered(g) == [(1, "CTR-05", "defends")]
    assert zone(g, 1, "chars") == ["CTR-05"] and unit(g, 1, "CTR-05").damage == 3
    assert unit(g, 0, "F-R2").damage == 1


# --- CTR-06: at the start of your turn, mill the opponent ---------------------------------------------

def test_ctr06_your_turn_start_mills_one():
    g = game(p0={"chars": ["CTR-06"]}, start="turn")
    assert decision(g) == (0, "main")
    assert triggered(g) == [(0, "CTR-06", "turn_start")] and zone(g, 1, "discard") == ["F-B1"]
    kinds = [e["type"] for e in g.log if e["type"] in ("turn_start", "draw", "trigger", "mill")]
    assert kinds[-4:] == ["turn_start", "draw", "trigger", "mill"]  # after the start phase, before main


def test_ctr06_the_opponents_turn_start_does_nothing():
    g = game(p1={"chars": ["CTR-06"]}, start="turn")
    assert triggered(g) == [] and zone(g, 0, "discard") == []


# --- CTR-07: at the end of your turn, if your discard pile holds three, draw ---------------------------

def test_ctr07_turn_end_with_three_in_the_discard_draws():
    g = game(p0={"chars": ["CTR-07"], "discard": ["F-B1"] * 3, "deck": ["F-R1"] + DECK})
    do(g, "end_turn")
    assert triggered(g) == [(0, "CTR-07", "turn_end")]
    assert zone(g, 0, "hand") == ["F-R1"] and decision(g) == (1, "main")


def test_ctr07_with_two_it_does_not_trigger():
    g = game(p0={"chars": ["CTR-07"], "discard": ["F-B1"] * 2})
    do(g, "end_turn")
    assert triggered(g) == [] and zone(g, 0, "hand") == []


# --- CTR-08: once per turn, when the opponent draws, mill them -----------------------------------------

def test_ctr08_the_opponents_draw_mills_one():
    g = game(p0={"chars": ["CTR-08"]})
    do(g, "end_turn")                                     # p1's start phase draws
    assert triggered(g) == [(0, "CTR-08", "draw")]
    assert zone(g, 1, "discard") == ["F-B1"] and len(zone(g, 1, "hand")) == 1


def test_ctr08_your_own_draw_does_not():
    g = game(p1={"chars": ["CTR-08"]})
    do(g, "end_turn")
    assert triggered(g) == [] and zone(g, 1, "discard") == []


# --- CTR-09: when your deck takes damage, a soul turns ON ----------------------------------------------

def test_ctr09_an_undefended_attack_readies_a_soul():
    g = game(p0={"chars": ["F-R1"]}, p1={"chars": [dict(card="CTR-09", on=False)], "town": [(ANY, False)] * 2})
    do(g, "attack", attacker="F-R1")                      # no ON character to defend: 2 damage
    assert triggered(g) == [(1, "CTR-09", "player_damaged")]
    assert len(g.state.players[1].souls_off) == 1


# --- CTR-10: with two red runes, when a character of yours takes damage -------------------------------

def test_ctr10_with_its_runes_it_strikes_back():
    g = game(p0={"chars": [dict(card="CTR-10", under=["F-R1"])]}, p1={"chars": ["F-B2"]})
    do(g, "attack", attacker="CTR-10")
    do(g, "defend", defender="F-B2")                      # 2 and 2: both damaged, neither retreats
    assert triggered(g) == [(0, "CTR-10", "damaged")]
    assert unit(g, 1, "F-B2").damage == 3


def test_ctr10_without_its_runes_nothing():
    g = game(p0={"chars": ["CTR-10"]}, p1={"chars": ["F-B2"]})
    do(g, "attack", attacker="CTR-10")
    do(g, "defend", defender="F-B2")
    assert triggered(g) == [] and unit(g, 1, "F-B2").damage == 2


# --- order, cap, the damage triggers, no index ------------------------------------------------------

def test_the_turn_players_triggers_resolve_first():
    # a battle damages both sides at once: both CTR-10 trigger on the one event
    g = game(p0={"chars": [dict(card="CTR-10", under=["F-R1"])]}, p1={"chars": [dict(card="CTR-10", under=["F-R1"])]})
    do(g, "attack", attacker="CTR-10")
    do(g, "defend", defender="CTR-10")
    assert triggered(g)[:2] == [(0, "CTR-10", "damaged"), (1, "CTR-10", "damaged")]


def test_the_cap_per_action_stops_triggering(monkeypatch):
    g = game(p0={"hand": ["CTR-01"], "town": [ANY]})
    monkeypatch.setattr(g.rules, "max_triggers_per_action", 0)  # (the corpus rules are shared)
    do(g, "place", card="CTR-01")
    assert triggered(g) == [] and zone(g, 0, "hand") == [] and g.state.trig.capped


def test_damage_triggers_stay_as_they_were():
    g = game(p0={"chars": ["F-R1"]}, p1={"deck": ["F-TDRAW"] + DECK, "chars": ["CTR-01"]})
    do(g, "attack", attacker="F-R1")
    do(g, "no_defense")
    trig = events(g, "trigger")
    assert [(e["id"], "event" in e) for e in trig] == [("F-TDRAW", False)]


def test_a_deal_without_triggers_keeps_no_index():
    assert game(p0={"chars": ["F-R1"]}).state.trig is None


# --- load errors -----------------------------------------------------------------------------------

# The load errors of triggered abilities that the games give alike: test_load_errors_alike.py.

def load_error(ability: str, head: str | None = None) -> str:
    return ability_error("shironeko", ability, head=head)


def test_a_monster_trigger_takes_no_when():
    head = header("shironeko", "monster") + '[[cards.abilities]]\nkind = "use"\neffects = [{ op = "draw" }]\n'
    msg = load_error('kind = "trigger"\nwhen = { event = "turn_start" }', head)
    assert "abilities[1].when" in msg and "never on the field" in msg, msg


# --- words, encoding, agents ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang, line, asked", [
    ("en", "The ability of your Flock-Calling Piper (群れ呼びの笛吹き) triggers: a character entered the field",
     "use this triggered ability"),
    ("ja", "あなたの群れ呼びの笛吹きの能力が誘発した：キャラが登場した時", "この誘発能力を使う"),
])
def test_a_trigger_is_narrated_and_asked_in_both_languages(lang, line, asked):
    from tcg.games.shironeko import text as X
    g = game(p0={"hand": ["F-R1"], "town": [ANY], "chars": ["CTR-02"]})
    do(g, "place", card="F-R1")
    obs = g.observe(0)
    assert asked in X.prompt(obs["decision"], 0, lang, g.rules.cards, obs=obs)
    assert asked in g.rules.describe(g.state, g.legal_actions()[0], lang)
    do(g, "optional", use=True)
    said = [X.narrate(e, 0, lang, g.rules.cards) for e in g.log.for_player(0)]
    assert line in said, said
    said = [X.narrate(e, 1, lang, g.rules.cards) for e in g.log.for_player(1)]
    assert any(line.replace("your", "the opponent's").replace("あなた", "相手") in (s or "") for s in said) or \
        any("triggers" in (s or "") or "誘発" in (s or "") for s in said), said


def test_an_optional_trigger_encodes(monkeypatch):
    import numpy as np

    import tcg
    from tcg.rl.encoder import GameEncoding
    g = game(p0={"hand": ["F-R1"], "town": [ANY], "chars": ["CTR-02"]})
    do(g, "place", card="F-R1")
    monkeypatch.setattr(tcg, "card_set", lambda game_id: g.rules.cards)  # the fixture's and corpus's cards
    enc = GameEncoding("shironeko")
    for p in (0, 1):
        vec, ctx = enc.encode(g.observe(p), p)
        assert ((vec >= enc.low) & (vec <= enc.high)).all()
    vec, ctx = enc.encode(g.observe(0), 0)
    ids = enc.legal_ids(g.legal_actions(), ctx, strict=True)
    assert set(ids.values()) == set(g.legal_actions()) and int(enc.mask(ids).sum()) == 2
    do(g, "optional", use=True)
    fast, _ = enc.encode(g.observe(0), 0)
    slow, _ = enc.encode(g.observe(0), 0, strict=True)
    assert np.array_equal(fast, slow)


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_agents_answer_an_optional_trigger(agent):
    from tcg.agents.base import AgentView, make_agent
    g = game(p0={"hand": ["F-R1"], "town": [ANY], "chars": ["CTR-02"]})
    do(g, "place", card="F-R1")
    a = make_agent(agent, seed=1).act(AgentView(g, g.legal_actions()))
    assert a.type == "optional" and a in g.legal_actions()
