"""Mechanics corpus, Turu-turu Stage, step 3 (docs/card-language-design.md): one scenario test per
card of tests/corpus/turutoru/triggers.toml (an exact state, an action, the exact outcome), the
order of simultaneous triggers (TT-G4), the cap per action, the index kept as cards come and go,
then the load errors of ``when``, the words and the encoding."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import cardfile
from .cardfile import ability_error, header
from ..games.harness_base import encoded_ids, fast_encoding_is_strict
from ..games.turutoru.harness import FILL, decision, do, events, hp, scenario, unit, zone
from ..games.turutoru.harness import main as tt_main

CORPUS = pathlib.Path(__file__).parent / "turutoru" / "triggers.toml"


#: a main phase with the corpus cards
main = functools.partial(tt_main, cards=CORPUS)


def triggered(g) -> list[tuple]:
    return [(e["player"], e["id"], e["event"]) for e in events(g, "trigger")]


# --- TTRG-01: when this character is placed from the hand, draw -------------------------------------

def test_ttrg01_placed_from_the_hand_it_draws():
    g = main(dict(programs=["T-PLACE", "T-DRAW2"], hand=["TTRG-01"]))
    do(g, "place", card="TTRG-01")
    assert triggered(g) == [(0, "TTRG-01", "enters")]
    assert zone(g, 0, "hand") == ["T-SMALL"] and decision(g) == (0, "library_draw")


def test_ttrg01_put_onto_the_field_by_an_effect_it_does_not_draw():
    g = main(dict(programs=["T-APPLY", "T-DRAW2"], hand=["TTRG-REV"], discard=["TTRG-01"], chars=["TTRG-02"]))
    do(g, "apply", card="TTRG-REV")
    assert zone(g, 0, "chars") == ["TTRG-02", "TTRG-01"] and zone(g, 0, "hand") == []
    assert [(e["why"], e["from"]) for e in events(g, "place")] == [("effect", "discard")]
    # TTRG-02 (any other own character entering) does trigger; TTRG-01 (from the hand only) does not
    assert decision(g) == (0, "optional") and triggered(g) == [(0, "TTRG-02", "enters")]


def test_ttrg01_on_the_field_another_character_entering_does_nothing():
    g = main(dict(programs=["T-PLACE", "T-DRAW2"], hand=["T-BIG"], chars=["TTRG-01"]))
    do(g, "place", card="T-BIG")
    assert triggered(g) == [] and zone(g, 0, "hand") == []


# --- TTRG-02: once per round, optional: another own character enters ---------------------------------

def test_ttrg02_you_may_once_per_round():
    g = main(dict(programs=["T-PLACE", "T-PLACE2", "T-DRAW2"], hand=["T-SMALL", "T-BIG"], chars=["TTRG-02"]))
    do(g, "place", card="T-SMALL")
    assert decision(g) == (0, "optional") and g.decision.info["op"] == "trigger"
    do(g, "optional", use=True)
    assert unit(g, 0, "TTRG-02").pow_mod == 2
    do(g, "place", card="T-BIG")                               # the second one: once per round
    assert decision(g) == (0, "library_draw") and unit(g, 0, "TTRG-02").pow_mod == 2
    assert triggered(g) == [(0, "TTRG-02", "enters")]


def test_ttrg02_declined_nothing_happens():
    g = main(dict(programs=["T-PLACE", "T-DRAW2"], hand=["T-SMALL"], chars=["TTRG-02"]))
    do(g, "place", card="T-SMALL")
    do(g, "optional", use=False)
    assert unit(g, 0, "TTRG-02").pow_mod == 0 and [e["use"] for e in events(g, "optional")] == [False]


def test_ttrg02_an_opponents_character_entering_does_not_count():
    g = main(dict(programs=["T-PLACE", "T-DRAW2"], hand=["T-SMALL"]), dict(chars=["TTRG-02"]))
    do(g, "place", card="T-SMALL")
    assert triggered(g) == [] and decision(g) == (0, "library_draw")


# --- TTRG-03: when this character is destroyed (it looks back from the discard pile) -----------------

def test_ttrg03_destroyed_by_damage_its_owner_hits_back():
    g = main(dict(programs=["T-APPLY", "T-DRAW2"], hand=["A-BOLT"]), dict(chars=["TTRG-03"]))
    do(g, "apply", card="A-BOLT")
    assert zone(g, 1, "discard") == ["TTRG-03"]
    assert triggered(g) == [(1, "TTRG-03", "destroyed")] and hp(g, 0) == 18
    assert "destroyed" not in g.state.trig.index                # it left play: it waits no more


def test_ttrg03_returned_to_the_hand_is_not_destroyed():
    g = main(dict(programs=["T-APPLY", "T-DRAW2"], hand=["TTRG-RET"]), dict(chars=["TTRG-03"]))
    do(g, "apply", card="TTRG-RET")
    assert zone(g, 1, "hand") == ["TTRG-03"] and triggered(g) == [] and hp(g, 0) == 20


# --- TTRG-04: when this character attacks, +2 power, before the block --------------------------------

def test_ttrg04_attacking_it_gets_power_before_the_damage():
    g = main(dict(programs=["T-ATK", "T-DRAW2"], chars=["TTRG-04"]))
    do(g, "pick", card="TTRG-04")
    do(g, "done")
    assert triggered(g) == [(0, "TTRG-04", "attacks")]
    assert hp(g, 1) == 16                                       # unblocked: 2 + 2


def test_ttrg04_the_boost_resolves_before_the_defender_blocks():
    g = main(dict(programs=["T-ATK", "T-DRAW2"], chars=["TTRG-04"]), dict(chars=["T-PLACE3"]))
    do(g, "pick", card="TTRG-04")
    do(g, "done")
    assert decision(g) == (1, "block") and unit(g, 0, "TTRG-04").pow_mod == 2
    do(g, "block", card="T-PLACE3")
    do(g, "done")
    assert zone(g, 1, "discard") == ["T-PLACE3"] and zone(g, 0, "discard") == ["TTRG-04"]   # 4 vs 3 each way


# --- TTRG-05: when this character blocks, +3 toughness, before the clash -----------------------------

def test_ttrg05_blocking_it_survives_the_clash():
    g = main(dict(programs=["T-ATK", "T-DRAW2"], chars=["T-ATK"]), dict(chars=["TTRG-05"]))
    do(g, "pick", card="T-ATK")
    do(g, "done")
    do(g, "block", card="TTRG-05")
    do(g, "done")
    assert triggered(g) == [(1, "TTRG-05", "blocks")]
    assert unit(g, 1, "TTRG-05").damage == 3 and unit(g, 0, "T-ATK").damage == 1   # toughness 5 now


# --- TTRG-06: a device's trigger at the start of each round --------------------------------------------

def test_ttrg06_at_the_round_start_your_characters_wake_before_the_draw():
    g = scenario(p0=dict(devices=["TTRG-06"], chars=[dict(card="T-ATK", awake=False)], deck=FILL),
                 p1=dict(chars=[dict(card="T-ATK", awake=False)], deck=FILL), start="round", cards=CORPUS)
    assert triggered(g) == [(0, "TTRG-06", "round_start")]
    assert unit(g, 0, "T-ATK").awake and not unit(g, 1, "T-ATK").awake
    kinds = [e["type"] for e in g.log if e["type"] in ("round_start", "trigger", "set_state", "wake", "draw")]
    assert kinds[:3] == ["round_start", "trigger", "wake"] and kinds[3] == "draw"
    assert decision(g) == (0, "program")


def test_ttrg06_both_players_triggers_the_lower_hp_first():
    # TT-G4: "the same order applies to any other who-goes-first question"
    g = scenario(p0=dict(devices=["TTRG-06"], deck=FILL, hp=20), p1=dict(devices=["TTRG-06"], deck=FILL, hp=15),
                 start="round", cards=CORPUS)
    assert triggered(g) == [(1, "TTRG-06", "round_start"), (0, "TTRG-06", "round_start")]


# --- TTRG-07: once per round, when the opponent applies, draw ------------------------------------------

def test_ttrg07_the_opponents_applications_draw_one_card_a_round():
    g = main(dict(programs=["T-APPLY", "T-APPLY", "T-DRAW2"], hand=["A-HEAL", "A-HEAL"]), dict(chars=["TTRG-07"]))
    do(g, "apply", card="A-HEAL")
    do(g, "apply", card="A-HEAL")
    assert triggered(g) == [(1, "TTRG-07", "applies")] and zone(g, 1, "hand") == ["T-SMALL"]
    assert hp(g, 0) == 30


# --- TTRG-08: when a program of yours with segment 3+ runs, before it acts ----------------------------

def test_ttrg08_a_three_segment_program_wakes_it_before_it_acts():
    g = main(dict(programs=["T-PLACE3", "T-DRAW2"], hand=["T-SMALL"], chars=[dict(card="TTRG-08", awake=False)]))
    assert triggered(g) == [(0, "TTRG-08", "runs")]
    assert decision(g) == (0, "place") and unit(g, 0, "TTRG-08").awake


def test_ttrg08_a_one_segment_program_does_not():
    g = main(dict(programs=["T-PLACE", "T-DRAW2"], hand=["T-SMALL"], chars=[dict(card="TTRG-08", awake=False)]))
    assert triggered(g) == [] and not unit(g, 0, "TTRG-08").awake


# --- TTRG-09: when you lose HP, if your HP is 10 or less --------------------------------------------------

@pytest.mark.parametrize("start, drawn", [(12, 1), (14, 0)])
def test_ttrg09_losing_hp_draws_only_at_10_or_less(start, drawn):
    g = main(dict(chars=["TTRG-09"], hp=start), dict(programs=["T-EFFECT", "T-DRAW2"], devices=["D-CANNON"]))
    do(g, "effect", card="D-CANNON", ability=0)
    assert hp(g, 0) == start - 2 and len(zone(g, 0, "hand")) == drawn
    assert len(triggered(g)) == drawn                           # its if is checked as it triggers


# --- the index, the cap -----------------------------------------------------------------------------------

def test_a_deal_without_triggers_keeps_no_index():
    g = main(dict(chars=["T-ATK"]))
    assert g.state.trig is None


def test_the_index_follows_cards_in_and_out_of_play():
    g = main(dict(programs=["T-MOUNT", "T-RELEASE", "T-DRAW2"], hand=["TTRG-06"]))
    assert g.state.trig is not None and g.state.trig.index == {}
    do(g, "mount", card="TTRG-06", target=-1)
    assert [w[0] for w in g.state.trig.index["round_start"]] == [g.state.players[0].devices[0]]
    do(g, "release", card="TTRG-06")
    assert g.state.trig.index == {}


def test_the_cap_per_action_stops_triggering(monkeypatch):
    g = main(dict(programs=["T-PLACE", "T-DRAW2"], hand=["TTRG-01"]))
    monkeypatch.setattr(g.rules, "max_triggers_per_action", 0)  # (the corpus rules are shared)
    do(g, "place", card="TTRG-01")
    assert triggered(g) == [] and zone(g, 0, "hand") == [] and g.state.trig.capped


# --- load errors ------------------------------------------------------------------------------------------

# The load errors of triggered abilities that the games give alike: test_load_errors_alike.py.

def load_error(ability: str, kind: str = "trigger") -> str:
    return ability_error("turutoru", ability, kind)


def test_when_only_on_a_trigger_and_no_trigger_on_an_application():
    assert "only on trigger" in load_error('when = { event = "enters" }', kind="activated")
    text = header("turutoru", "application") \
        + '[[cards.abilities]]\nkind = "trigger"\nwhen = { event = "draw" }\neffects = [{ op = "draw" }]\n'
    e = cardfile.load_error("turutoru", text)
    assert "allowed: apply" in str(e)


# --- words, encoding, agents ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, said, asked, yes", [
    ("en", "Your Pom the Cheer Captain (応援団長ポム)'s ability triggers: a character came onto the field",
     "you may use this triggered ability", "Yes, do it: use this triggered ability"),
    ("ja", "あなたの応援団長ポムの自動能力が誘発した：キャラクターがフィールドに出たとき",
     "この自動能力を使うか選んでください（任意）", "する：この自動能力を使う"),
])
def test_a_trigger_and_its_question_in_both_languages(lang, said, asked, yes):
    from tcg.games.turutoru import text as T
    g = main(dict(programs=["T-PLACE", "T-DRAW2"], hand=["T-SMALL"], chars=["TTRG-02"]))
    do(g, "place", card="T-SMALL")
    obs = g.observe(0)
    assert asked in T.prompt(obs["decision"], 0, lang, obs=obs, cards=g.rules.cards)
    assert T.label(g, g.legal_actions()[0], 0, lang) == yes
    do(g, "optional", use=True)
    lines = T.lines(g.log.for_player(0), 0, lang, cards=g.rules.cards)
    assert said in lines, lines
    assert any("Pom" in line or "ポム" in line for line in lines if "+2" in line), lines   # the effect's source


def test_the_optional_trigger_is_encodable():
    g = main(dict(programs=["T-PLACE", "T-DRAW2"], hand=["T-SMALL"], chars=["TTRG-02"]))
    do(g, "place", card="T-SMALL")
    enc, ids = encoded_ids(g)
    assert int(enc.mask(ids).sum()) == 2
    do(g, "optional", use=True)
    assert fast_encoding_is_strict(g, 0)


def test_agents_answer_an_optional_trigger():
    from tcg.agents.base import AgentView, make_agent
    for name in ("random", "heuristic"):
        g = main(dict(programs=["T-PLACE", "T-DRAW2"], hand=["T-SMALL"], chars=["TTRG-02"]))
        do(g, "place", card="T-SMALL")
        a = make_agent(name, seed=1).act(AgentView(g, g.legal_actions()))
        assert a.type == "optional" and (name == "random" or a.get("use"))
