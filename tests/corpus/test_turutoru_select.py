"""Mechanics corpus, Turu-turu Stage, step 1 of docs/card-language-design.md: selector tables
(engine/select.py, games/turutoru/select.py) and the general ``move`` op. One scenario per card of
tests/corpus/turutoru/select.toml (invented cards), then the load-time errors of selector tables,
the words and the encoding of the new decisions."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tcg.engine.cards import CardText
from tcg.engine.errors import CardDataError
from tcg.games.turutoru.cards import load_cards

from . import cardfile
from .cardfile import header, load_error_cases
from ..games.harness_base import encoded_ids
from ..games.turutoru.harness import (ACTIVATE, FILL, apply_from_hand, decision, do, events, legal_types, options,
                                      unit, zone)
from ..games.turutoru.harness import main as tt_main

CORPUS = pathlib.Path(__file__).parent / "turutoru" / "select.toml"


#: a main phase with the corpus cards
main = functools.partial(tt_main, cards=CORPUS)


#: a main phase with the corpus cards where player 0's first program applies a card from the hand
apply = functools.partial(apply_from_hand, cards=CORPUS)


def seen(g, p: int, etype: str) -> list[dict]:
    """The events of one type as player p's log shows them."""
    return [e for e in g.log.for_player(p) if e["type"] == etype]


def check(g) -> None:
    g.rules.check_invariants(g.state)


# --- one scenario per card --------------------------------------------------------------------------

def test_tsel01_up_to_two_weak_opponent_characters_to_the_deck_bottom():
    g = apply("TSEL-01", p1=dict(chars=["T-PLACE", "T-PLACE2", "T-ATK", dict(card="T-SMALL", devices=["D-ARMS"])]))
    assert decision(g) == (0, "target")
    # power 2 or less now: T-ATK (3) is not one, T-SMALL with D-ARMS (+2: 3) neither
    assert options(g, "target", "target") == ["T-PLACE", "T-PLACE2"]
    assert "target_done" in legal_types(g)                    # up to: none at all is allowed too
    do(g, "target", target="T-PLACE2")
    assert g.decision.info["remaining"] == 1 and g.decision.info["to"] == "deck"
    do(g, "target", target="T-PLACE")
    assert decision(g) == (0, "library_draw")
    assert zone(g, 1, "chars") == ["T-ATK", "T-SMALL"]
    assert zone(g, 1, "deck")[-2:] == ["T-PLACE2", "T-PLACE"]  # in the order chosen: each under the last
    assert [(e["from"], e["to"], e["position"]) for e in events(g, "move")] == [("field", "deck", "bottom")] * 2
    check(g)


def test_tsel01_done_early_moves_only_what_was_chosen():
    g = apply("TSEL-01", p1=dict(chars=["T-PLACE", "T-PLACE2"]))
    do(g, "target", target="T-PLACE")
    do(g, "target_done")
    assert zone(g, 1, "chars") == ["T-PLACE2"] and zone(g, 1, "deck")[-1] == "T-PLACE"


def test_tsel02_destroys_every_sleeping_opponent_character():
    g = apply("TSEL-02", p0=dict(chars=[dict(card="T-ATK", awake=False)]),
              p1=dict(chars=[dict(card="T-PLACE", awake=False), "T-PLACE2", dict(card="T-BIG", awake=False)]))
    assert decision(g) == (0, "library_draw")
    assert zone(g, 1, "chars") == ["T-PLACE2"] and zone(g, 1, "discard") == ["T-PLACE", "T-BIG"]
    assert zone(g, 0, "chars") == ["T-ATK"]                    # its own sleeping character stays


def test_tsel03_a_cheap_character_from_the_discard_onto_the_field():
    g = main(dict(programs=ACTIVATE, chars=["TSEL-03"], discard=["T-PLACE3", "A-BOLT", "T-PLACE2"]))
    do(g, "activate", card="TSEL-03", ability=0)
    # the only character card of segment 2 or less is taken without asking
    assert decision(g) == (0, "library_draw")
    assert zone(g, 0, "chars") == ["TSEL-03", "T-PLACE2"] and zone(g, 0, "discard") == ["T-PLACE3", "A-BOLT"]
    placed = unit(g, 0, "T-PLACE2")
    assert placed.awake and placed.placed == g.state.round     # placed this round: no Attack (TT-A6)
    (ev,) = [e for e in events(g, "place")]
    assert (ev["why"], ev["from"]) == ("effect", "discard")
    check(g)


def test_tsel04_a_random_card_of_the_opponents_hand_is_discarded():
    g = apply("TSEL-04", p1=dict(hand=["T-BIG", "T-WALL"]))
    (left,), (gone,) = zone(g, 1, "hand"), zone(g, 1, "discard")
    assert sorted([left, gone]) == ["T-BIG", "T-WALL"]
    assert seen(g, 0, "move")[0]["id"] == gone                 # into a public pile: both see it
    check(g)


def test_tsel05_choose_a_hand_card_to_put_under_the_deck_secretly():
    g = apply("TSEL-05", p0=dict(hand=["T-BIG", "T-WALL"], deck=["T-PLACE"] + FILL))
    assert decision(g) == (0, "target_hidden")                 # a choice among the own hand
    assert options(g, "target", "target") == ["T-BIG", "T-WALL"]
    assert g.secret_choice() and "candidates" not in g.observe(1)["decision"]
    do(g, "target", target="T-WALL")
    assert zone(g, 0, "deck")[-1] == "T-WALL" and sorted(zone(g, 0, "hand")) == ["T-BIG", "T-PLACE"]
    assert seen(g, 0, "move")[0]["id"] == "T-WALL" and "card" not in seen(g, 1, "move")[0]
    check(g)


def test_tsel06_other_own_characters_with_a_dragon_name_get_power():
    g = main(dict(programs=ACTIVATE, chars=["TSEL-06", "TSEL-DRG", "T-PLACE"]), dict(chars=["TSEL-DRG"]))
    do(g, "activate", card="TSEL-06", ability=0)
    assert unit(g, 0, "TSEL-DRG").pow_mod == 1
    assert unit(g, 0, "TSEL-06").pow_mod == 0 and unit(g, 0, "T-PLACE").pow_mod == 0   # 竜笛 itself: other
    assert unit(g, 1, "TSEL-DRG").pow_mod == 0


def test_tsel07_a_random_unresolved_program_of_the_opponent_is_discarded():
    g = apply("TSEL-07", p1=dict(programs=["T-PLACE2", "T-PLACE3"], hand=["T-SMALL"]))
    (gone,) = zone(g, 1, "discard")
    # the one left runs next: at segment 0, after the Apply program (TT-G4: priority first)
    assert decision(g) == (1, "place") and zone(g, 1, "programs") == []
    running = g.state.cards[g.state.players[1].running].id
    assert sorted([gone, running]) == ["T-PLACE2", "T-PLACE3"]
    assert seen(g, 0, "move")[0]["from"] == "programs"
    check(g)


def test_tsel08_an_opponents_resolved_program_shuffled_into_their_deck():
    g = apply("TSEL-08", p1=dict(resolved=["T-BIG", "T-WALL"]))
    assert decision(g) == (0, "target") and options(g, "target", "target") == ["T-BIG", "T-WALL"]
    do(g, "target", target="T-BIG")
    assert zone(g, 1, "resolved") == ["T-WALL"] and "T-BIG" in zone(g, 1, "deck")
    kinds = [e["type"] for e in g.log if e["type"] in ("move", "shuffle")]
    assert kinds[-2:] == ["move", "shuffle"]


def test_tsel09_every_attached_device_goes_to_its_owners_discard():
    g = apply("TSEL-09", p0=dict(chars=[dict(card="T-PLACE", devices=["D-ARMS"])], devices=["D-FIELD"]),
              p1=dict(chars=[dict(card="T-PLACE2", devices=["D-OWN"])]))
    assert zone(g, 0, "discard") == ["TSEL-09", "D-ARMS"] and zone(g, 1, "discard") == ["D-OWN"]
    assert zone(g, 0, "devices") == ["D-FIELD"]                # on the field itself: not attached
    assert unit(g, 0, "T-PLACE").devices == () and unit(g, 1, "T-PLACE2").devices == ()
    check(g)


def test_tsel10_puts_to_bed_an_awake_opponent_character_with_an_attack_program():
    g = apply("TSEL-10", p1=dict(chars=["T-PLACE", "T-ATK", dict(card="T-ATK1", awake=False), "T-MULTI"]))
    assert decision(g) == (0, "target")
    assert options(g, "target", "target") == ["T-ATK", "T-MULTI"]   # T-MULTI lists Attack among three
    do(g, "target", target="T-MULTI")
    assert not unit(g, 1, "T-MULTI").awake and unit(g, 1, "T-ATK").awake


def test_old_target_names_are_preset_selectors():
    from tcg.games.turutoru.select import PRESETS
    assert PRESETS["choose_opponent_character"].count == ("choose", 1, False)
    assert PRESETS["all_characters"].side == "either" and PRESETS["all_characters"].all


def test_a_preset_with_a_filter_still_chooses_one_character_as_before():
    # A-BOLT: damage = choose_opponent_character (the old single-pick decision, no target_done)
    g = apply("A-BOLT", p1=dict(chars=["T-PLACE", "T-PLACE2"]))
    assert decision(g) == (0, "target") and "remaining" not in g.decision.info
    assert legal_types(g) == {"target"}


# --- load errors ---------------------------------------------------------------------------------------

HEAD = header("turutoru", "application") + '[[cards.abilities]]\nkind = "apply"\n'


def load_error(effects: str) -> CardDataError:
    return cardfile.load_error("turutoru", HEAD + f"effects = [{effects}]\n")


@pytest.mark.parametrize("effects,field,words", load_error_cases("turutoru", "select_a_broken_selector_is_a_load_error_naming_the_field"))
def test_a_broken_selector_is_a_load_error_naming_the_field(effects, field, words):
    e = load_error(effects)
    assert e.card == "BAD-1" and e.field == field, str(e)
    assert words in str(e)


def test_a_good_table_loads():
    cards = load_cards(CardText("ok.toml", HEAD + 'effects = [{op = "move", target = {choose = 2, up_to = true, '
                                'side = "opponent", power = {max = 2}, program = ["attack", "fan_fire"]}, to = "deck", '
                                'position = "bottom"}]\n'))
    sel = cards.find("BAD-1").abilities[0].effects[0]["target"]
    assert (sel.zone, sel.side, sel.count) == ("field", "opponent", ("choose", 2, True))


# --- words and encoding of the new decisions ------------------------------------------------------------

def test_the_new_decisions_and_actions_are_encodable():
    g = apply("TSEL-01", p1=dict(chars=["T-PLACE", "T-PLACE2"]))
    encoded_ids(g)                                                 # target + target_done, with "to"
    do(g, "target", target="T-PLACE")
    encoded_ids(g)                                                 # ... with "chosen"
    g = apply("TSEL-05", p0=dict(hand=["T-BIG", "T-WALL"]))
    encoded_ids(g)                                                 # target_hidden
    g = apply("TSEL-08", p1=dict(resolved=["T-BIG", "T-WALL"]))
    encoded_ids(g)                                                 # a card of the opponent's resolved pile


@pytest.mark.parametrize("lang, prompt, other, done, moved", [
    ("en", "choose cards for the effect of Memory Wipe", "chooses cards of their own for the effect of",
     "Done: choose no more", "went from Opponent's field to Opponent's Deck (at the bottom)"),
    ("ja", "メモリ・ワイプの効果の対象にするカードを選んでください", "の効果の対象にする自分のカードを選んでいる",
     "完了：これ以上選ばない", "相手のフィールドから相手のデッキ（一番下）に置かれた"),
])
def test_the_new_decisions_and_events_in_both_languages(lang, prompt, other, done, moved):
    from tcg.games.turutoru import text as T
    g = apply("TSEL-01", p1=dict(chars=["T-PLACE", "T-PLACE2"]))
    obs = g.observe(0)
    said = T.prompt(obs["decision"], 0, lang, obs=obs, cards=g.rules.cards)
    assert prompt in said and ("up to" in said or "まで" in said), said
    labels = [T.label(g, a, 0, lang) for a in g.legal_actions()]
    assert done in labels, labels
    do(g, "target", target="T-PLACE")
    do(g, "target_done")
    lines = T.lines(g.log.for_player(0), 0, lang, cards=g.rules.cards)
    assert any(moved in line for line in lines), lines
    g = apply("TSEL-05", p0=dict(hand=["T-BIG", "T-WALL"]))
    assert other in T.prompt(g.observe(1)["decision"], 1, lang, obs=g.observe(1), cards=g.rules.cards)
    assert T.label(g, g.legal_actions()[0], 1, lang) == T.t("hidden.target", lang)


def test_agents_answer_the_new_decisions():
    from tcg.agents.base import AgentView, make_agent
    for name in ("random", "heuristic"):
        g = apply("TSEL-01", p1=dict(chars=["T-PLACE", "T-PLACE2"]))
        a = make_agent(name, seed=1).act(AgentView(g, g.legal_actions()))
        assert a.type in ("target", "target_done")
        g = apply("TSEL-05", p0=dict(hand=["T-BIG", "T-WALL"]))
        assert make_agent(name, seed=1).act(AgentView(g, g.legal_actions())).type == "target"
