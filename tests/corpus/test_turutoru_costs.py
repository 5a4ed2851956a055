"""Mechanics corpus, Turu-turu Stage, step 4 (docs/card-language-design.md): costs. One scenario
test per card of tests/corpus/turutoru/costs.toml (an exact state, the program that uses the card,
the exact outcome); the words, encoding and agents of the new actions and decisions; the
hidden-information pair of a cost paid from the own hand; then the load errors of cost lists."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import cardfile
from .cardfile import header, load_error_cases, says
from .scenes import pay_in_secret
from ..games.harness_base import encoded_ids, seen_by
from ..games.turutoru.harness import ACTIVATE, APPLY, EFFECT, FILL, decision, do, events, hp, unit, zone
from ..games.turutoru.harness import main as tt_main

CORPUS = pathlib.Path(__file__).parent / "turutoru" / "costs.toml"


#: a main phase with the corpus cards
main = functools.partial(tt_main, cards=CORPUS)


def uses(g) -> list:
    """The abilities offered by the open Activate / Effect decision: (card id, ability, action type)."""
    return [(g.state.cards[a.card].id, a.ability, a.type) for a in g.legal_actions()
            if a.type in ("activate", "effect", "activate_card")]


# --- TCOST-01: discard a card: 2 damage ---------------------------------------------------------------

def test_tcost01_the_discarded_card_is_chosen_secretly_then_the_damage():
    g = main(dict(programs=ACTIVATE, chars=["TCOST-01"], hand=["T-BIG", "T-WALL"]), dict(chars=["T-PLACE2"]))
    do(g, "activate", card="TCOST-01", ability=0)
    assert decision(g) == (0, "target_hidden")               # a choice among the own hand: secret
    info = g.decision.info
    assert info["op"] == "pay" and info["to"] == "discard"
    assert sorted(g.state.cards[i].id for i in info["candidates"]) == ["T-BIG", "T-WALL"]
    do(g, "target", target="T-WALL")
    assert zone(g, 0, "hand") == ["T-BIG"] and zone(g, 0, "discard") == ["T-WALL"]
    assert zone(g, 1, "chars") == [] and zone(g, 1, "discard") == ["T-PLACE2"]   # paid, then it resolved
    assert [e[0] for e in g.state.events if e[0] in ("activate", "move", "destroyed")] == \
        ["activate", "move", "destroyed"]
    assert decision(g) == (0, "library_draw")


def test_tcost01_not_offered_with_an_empty_hand():
    g = main(dict(programs=ACTIVATE, chars=["TCOST-01"]), dict(chars=["T-PLACE2"]))
    assert decision(g) == (0, "library_draw")                 # the Activate program could not act
    assert zone(g, 0, "discard")[-1] == "T-ACTV"


def test_tcost01_one_card_in_hand_is_taken_without_asking():
    g = main(dict(programs=ACTIVATE, chars=["TCOST-01"], hand=["T-BIG"]), dict(chars=["T-PLACE2"]))
    do(g, "activate", card="TCOST-01", ability=0)
    assert zone(g, 0, "hand") == [] and zone(g, 0, "discard") == ["T-BIG"]
    assert zone(g, 1, "chars") == []


# --- TCOST-02: put this character to bed: draw --------------------------------------------------------

def test_tcost02_goes_to_bed_and_draws():
    g = main(dict(programs=ACTIVATE, chars=["TCOST-02"], deck=["T-BIG"] + FILL))
    do(g, "activate", card="TCOST-02", ability=0)
    assert not unit(g, 0, "TCOST-02").awake and zone(g, 0, "hand") == ["T-BIG"]


def test_tcost02_in_bed_it_cannot_pay():
    g = main(dict(programs=ACTIVATE, chars=[dict(card="TCOST-02", awake=False)]))
    assert decision(g) == (0, "library_draw") and zone(g, 0, "hand") == []


# --- TCOST-03: used from the hand, this card into the discard pile: destroy -----------------------------

def test_tcost03_used_from_the_hand_by_an_activate_program():
    g = main(dict(programs=ACTIVATE, hand=["TCOST-03"]), dict(chars=["T-PLACE2", "T-PLACE3"]))
    assert decision(g) == (0, "activate")
    assert uses(g) == [("TCOST-03", 0, "activate_card")]
    do(g, "activate_card", card="TCOST-03", ability=0)
    assert zone(g, 0, "hand") == [] and zone(g, 0, "discard") == ["TCOST-03"]
    assert zone(g, 1, "chars") == ["T-PLACE3"]               # the only one of power 2 or less
    act = events(g, "activate")[-1]
    assert act["zone"] == "hand" and act["id"] == "TCOST-03"
    assert zone(g, 0, "resolved") == ["T-ACTV"]               # the program ran


def test_tcost03_not_from_the_field():
    g = main(dict(programs=ACTIVATE, chars=["TCOST-03"]), dict(chars=["T-PLACE2"]))
    assert decision(g) == (0, "library_draw")                 # its ability works from the hand only


# --- TCOST-04: used from the discard pile, this card onto the deck: gain 3 HP --------------------------

def test_tcost04_from_the_discard_pile_onto_the_deck():
    g = main(dict(programs=ACTIVATE, discard=["T-SMALL", "TCOST-04"], hp=10))
    assert uses(g) == [("TCOST-04", 0, "activate_card")]
    do(g, "activate_card", card="TCOST-04", ability=0)
    assert hp(g, 0) == 13 and zone(g, 0, "discard") == ["T-SMALL", "T-ACTV"][:1]
    assert g.state.cards[g.state.players[0].deck[-1]].id == "TCOST-04"   # on top of the deck
    assert events(g, "activate")[-1]["zone"] == "discard"


# --- TCOST-05: a device: one of your awake characters to bed: 2 damage to the opponent -----------------

def test_tcost05_the_effect_program_puts_the_chosen_character_to_bed():
    g = main(dict(programs=EFFECT, devices=["TCOST-05"], chars=["T-SMALL", "T-BIG", dict(card="T-WALL", awake=False)]))
    do(g, "effect", card="TCOST-05", ability=0)
    assert decision(g) == (0, "target")                       # the field is public: an open choice
    assert sorted(g.state.cards[i].id for i in g.decision.info["candidates"]) == ["T-BIG", "T-SMALL"]
    do(g, "target", target="T-SMALL")
    assert not unit(g, 0, "T-SMALL").awake and unit(g, 0, "T-BIG").awake and hp(g, 1) == 18


def test_tcost05_no_awake_character_no_effect():
    g = main(dict(programs=EFFECT, devices=["TCOST-05"], chars=[dict(card="T-WALL", awake=False)]))
    assert decision(g) == (0, "library_draw") and hp(g, 1) == 20


# --- TCOST-06: two character cards of the discard pile onto the deck: wake up a character ---------------

def test_tcost06_two_characters_from_the_discard_pile_then_wake_up():
    g = main(dict(programs=ACTIVATE, chars=["TCOST-06", dict(card="T-BIG", awake=False)],
                  discard=["T-SMALL", "A-BOLT", "T-WALL", "T-GUARD"]))
    do(g, "activate", card="TCOST-06", ability=0)
    assert decision(g) == (0, "target")                       # the discard pile is public
    assert sorted(g.state.cards[i].id for i in g.decision.info["candidates"]) == ["T-GUARD", "T-SMALL", "T-WALL"]
    do(g, "target", target="T-WALL")
    do(g, "target", target="T-SMALL")
    assert zone(g, 0, "discard") == ["A-BOLT", "T-GUARD"]
    assert [g.state.cards[i].id for i in g.state.players[0].deck[-2:]] == ["T-WALL", "T-SMALL"]
    do(g, "target", target="T-BIG")                           # wake up: TCOST-06 or T-BIG
    assert unit(g, 0, "T-BIG").awake


def test_tcost06_one_character_card_is_not_enough():
    g = main(dict(programs=ACTIVATE, chars=["TCOST-06"], discard=["T-SMALL", "A-BOLT"]))
    assert decision(g) == (0, "library_draw")


# --- TCOST-07: an application with a cost: discard a card, draw two -------------------------------------

def test_tcost07_applied_with_another_card_discarded():
    g = main(dict(programs=APPLY, hand=["TCOST-07", "T-BIG"], deck=["T-SMALL", "T-WALL"] + FILL))
    do(g, "apply", card="TCOST-07")
    assert zone(g, 0, "discard") == ["TCOST-07", "T-BIG"]    # the only other card: taken without asking
    assert zone(g, 0, "hand") == ["T-SMALL", "T-WALL"]


def test_tcost07_alone_in_hand_it_cannot_be_applied():
    g = main(dict(programs=APPLY, hand=["TCOST-07"]))
    assert decision(g) == (0, "library_draw") and zone(g, 0, "hand") == ["TCOST-07"]


# --- TCOST-08: you may discard a card; if you do, 3 damage ----------------------------------------------

def test_tcost08_paid_the_damage_follows():
    g = main(dict(programs=APPLY, hand=["TCOST-08", "T-BIG", "T-WALL"]), dict(chars=["T-BIG"]))
    do(g, "apply", card="TCOST-08")
    pay_in_secret(g, "T-WALL")
    assert zone(g, 0, "discard") == ["TCOST-08", "T-WALL"] and unit(g, 1, "T-BIG").damage == 3


def test_tcost08_declined_nothing_happens():
    g = main(dict(programs=APPLY, hand=["TCOST-08", "T-BIG"]), dict(chars=["T-BIG"]))
    do(g, "apply", card="TCOST-08")
    do(g, "optional", use=False)
    assert zone(g, 0, "hand") == ["T-BIG"] and unit(g, 1, "T-BIG").damage == 0


def test_tcost08_with_nothing_to_discard_it_is_not_asked():
    g = main(dict(programs=APPLY, hand=["TCOST-08"]), dict(chars=["T-BIG"]))
    do(g, "apply", card="TCOST-08")
    assert decision(g) == (0, "library_draw") and unit(g, 1, "T-BIG").damage == 0


# --- TCOST-09: return this character to the hand: gain 2 HP ---------------------------------------------

def test_tcost09_returns_to_the_hand_with_its_device_discarded():
    g = main(dict(programs=ACTIVATE, chars=[dict(card="TCOST-09", devices=["D-ARMS"])], hp=10))
    do(g, "activate", card="TCOST-09", ability=0)
    assert zone(g, 0, "chars") == [] and zone(g, 0, "hand") == ["TCOST-09"]
    assert zone(g, 0, "discard") == ["D-ARMS"] and hp(g, 0) == 12


# --- TCOST-10: a device used from the hand by an Effect program -------------------------------------------

def test_tcost10_an_effect_program_uses_the_device_from_the_hand():
    g = main(dict(programs=EFFECT, hand=["TCOST-10", "D-FIELD"]))
    assert decision(g) == (0, "effect") and uses(g) == [("TCOST-10", 0, "activate_card")]
    do(g, "activate_card", card="TCOST-10", ability=0)
    assert hp(g, 1) == 19 and zone(g, 0, "discard") == ["TCOST-10"] and zone(g, 0, "hand") == ["D-FIELD"]
    ev = events(g, "effect")[-1]
    assert ev["zone"] == "hand" and ev["id"] == "TCOST-10"
    for lang, words in (("en", "used the effect of Disposable Jammer"), ("ja", "使い捨てジャマー")):
        lines = log_lines(g, 1, lang)
        assert any(words in line for line in lines), lines


def test_tcost10_not_by_an_activate_program():
    g = main(dict(programs=ACTIVATE, hand=["TCOST-10"]))
    assert decision(g) == (0, "library_draw")                 # a device's ability: by Effect only


def log_lines(g, viewer: int, lang: str) -> list:
    from tcg.games.turutoru import text as T
    return T.lines(g.log.for_player(viewer), viewer, lang, cards=g.rules.cards)


# --- words, encoding, agents ----------------------------------------------------------------------------

def test_the_new_actions_and_decisions_are_encodable():
    encoded_ids(main(dict(programs=ACTIVATE, hand=["TCOST-03"]), dict(chars=["T-PLACE2"])))   # activate_card, hand
    encoded_ids(main(dict(programs=ACTIVATE, discard=["TCOST-04"])))                         # ... discard pile
    g = main(dict(programs=ACTIVATE, chars=["TCOST-01"], hand=["T-BIG", "T-WALL"]), dict(chars=["T-PLACE2"]))
    do(g, "activate", card="TCOST-01", ability=0)
    encoded_ids(g)                                                 # target_hidden of the op pay
    g = main(dict(programs=APPLY, hand=["TCOST-08", "T-BIG"]), dict(chars=["T-BIG"]))
    do(g, "apply", card="TCOST-08")
    encoded_ids(g)                                                 # optional pay


@pytest.mark.parametrize("lang, option, event, prompt, may", [
    ("en", ("Use Mio, Knife Thrower", "from your hand"), ("activated Mio, Knife Thrower", "from {whose} hand"),
     "pay the cost: into the discard pile", "pay a cost"),
    ("ja", ("手札の投擲手ミオ", "の能力を使用"), ("{whose}手札の投擲手ミオ", "の能力を発動した"),
     "コスト：捨て札にする", "コストを支払う"),
])
def test_the_new_actions_and_events_in_both_languages(lang, option, event, prompt, may):
    from tcg.games.turutoru import text as T
    g = main(dict(programs=ACTIVATE, hand=["TCOST-03"]), dict(chars=["T-PLACE2"]))
    labels = [T.label(g, a, 0, lang) for a in g.legal_actions()]
    assert any(all(w in x for w in option) for x in labels), labels
    do(g, "activate_card", card="TCOST-03", ability=0)
    for viewer in (0, 1):
        whose = T.t("whose.you" if viewer == 0 else "whose.opponent", lang)
        lines = T.lines(g.log.for_player(viewer), viewer, lang, cards=g.rules.cards)
        assert any(all(w.format(whose=whose) in line for w in event) for line in lines), lines
    g = main(dict(programs=ACTIVATE, chars=["TCOST-01"], hand=["T-BIG", "T-WALL"]), dict(chars=["T-PLACE2"]))
    do(g, "activate", card="TCOST-01", ability=0)
    obs = g.observe(0)
    assert prompt in T.prompt(obs["decision"], 0, lang, obs=obs, cards=g.rules.cards)
    assert T.label(g, g.legal_actions()[0], 1, lang) == T.t("hidden.target", lang)
    g = main(dict(programs=APPLY, hand=["TCOST-08", "T-BIG"]), dict(chars=["T-BIG"]))
    do(g, "apply", card="TCOST-08")
    obs = g.observe(0)
    assert may in T.prompt(obs["decision"], 0, lang, obs=obs, cards=g.rules.cards)


def test_agents_answer_the_new_decisions():
    from tcg.agents.base import AgentView, make_agent
    for name in ("random", "heuristic"):
        g = main(dict(programs=ACTIVATE, hand=["TCOST-03"]), dict(chars=["T-PLACE2"]))
        assert make_agent(name, seed=1).act(AgentView(g, g.legal_actions())).type in ("activate_card", "skip")
        g = main(dict(programs=ACTIVATE, chars=["TCOST-01"], hand=["T-BIG", "T-WALL"]), dict(chars=["T-PLACE2"]))
        do(g, "activate", card="TCOST-01", ability=0)
        assert make_agent(name, seed=1).act(AgentView(g, g.legal_actions())).type == "target"


# --- hidden information: a pair differing only in a card the opponent cannot see --------------------------

@pytest.mark.parametrize("card, program", [("TCOST-01", ACTIVATE), ("TCOST-08", APPLY)])
def test_a_cost_paid_from_the_hand_shows_the_other_player_only_the_discarded_card(card, program):
    """Two games that differ only in a card of player 0's hand that is not discarded: player 1
    sees the same observations, log, narration (both languages) and spectator log all along."""
    views = []
    for kept in ("T-BIG", "T-GUARD"):
        if card == "TCOST-01":
            g = main(dict(programs=program, chars=[card], hand=[kept, "T-WALL"]), dict(chars=["T-PLACE2"]))
            do(g, "activate", card=card, ability=0)
        else:
            g = main(dict(programs=program, hand=[card, kept, "T-WALL"]), dict(chars=["T-PLACE2"]))
            do(g, "apply", card=card)
            views.append(seen_by(g, 1))
            do(g, "optional", use=True)
        views.append(seen_by(g, 1))
        do(g, "target", target="T-WALL")
        views.append(seen_by(g, 1))
    half = len(views) // 2
    assert views[:half] == views[half:]


# --- load errors --------------------------------------------------------------------------------------------

HEAD = header("turutoru")


def load_error(ability: str) -> str:
    return str(cardfile.load_error("turutoru", HEAD + '[[cards.abilities]]\n' + ability + '\n'))


@pytest.mark.parametrize("ability, field, words", load_error_cases("turutoru", "costs_load_errors_name_the_field_and_the_nearest_word"))
def test_load_errors_name_the_field_and_the_nearest_word(ability, field, words):
    says(load_error(ability), field, words)
