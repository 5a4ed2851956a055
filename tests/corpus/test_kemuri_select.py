"""Mechanics corpus, Kemuri Chuudoku, step 1 of docs/card-language-design.md: selector tables
(engine/select.py, games/kemuri/select.py) and the general ``move`` op. One scenario per card of
tests/corpus/kemuri/select.toml (invented cards), the old target names and the ``filter`` table as
the selectors they are, then the load-time errors of selector tables."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tcg.engine.cards import CardText
from tcg.engine.errors import CardDataError
from tcg.games.kemuri.cards import load_cards

from . import cardfile
from .cardfile import header, load_error_cases
from ..games.kemuri.harness import (FILL, cast, cp, decision, do, events, legal_types, options, pay, seats,
                                    with_decks, zone)

CORPUS = pathlib.Path(__file__).with_name("kemuri") / "select.toml"
#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


def seen(g, p: int, etype: str) -> list[dict]:
    """The events of one type as player p's log shows them."""
    return [e for e in g.log.for_player(p) if e["type"] == etype]


# --- KSEL-01: up to two cheap opposing casts to the bottom of their deck ------------------------------

def test_ksel01_up_to_two_cheap_opposing_casts_go_under_their_deck():
    g = game(p0=dict(hand=["KSEL-01"]), p1=dict(floor=["K-EA", "K-EB", "K-LC"]))
    do(g, "place", card="KSEL-01")
    assert decision(g) == (0, "target")
    assert options(g, "target", "target") == ["K-EA", "K-LC"]      # cost 0 and 1; K-EB costs 2
    assert "target_done" in legal_types(g)                          # up to: none at all is allowed
    do(g, "target", target="K-LC")
    assert g.decision.info["remaining"] == 1 and g.decision.info["chosen"] == [cast(g, 1, "K-LC").iid]
    assert options(g, "target", "target") == ["K-EA"]
    do(g, "target", target="K-EA")
    assert decision(g) == (0, "operation")
    assert zone(g, 1, "floor") == ["K-EB"]
    assert zone(g, 1, "deck")[-2:] == ["K-LC", "K-EA"]               # each one under the last
    assert [(e["to"], e["position"]) for e in events(g, "cast_leaves")] == [("deck", "bottom")] * 2


def test_ksel01_the_player_may_stop_choosing():
    g = game(p0=dict(hand=["KSEL-01"]), p1=dict(floor=["K-EA", "K-LC"]))
    do(g, "place", card="KSEL-01")
    do(g, "target", target="K-EA")
    do(g, "target_done")
    assert zone(g, 1, "floor") == ["K-LC"] and decision(g) == (0, "operation")


# --- KSEL-02: every opposing single cast of CP 3 or less, as its CP is now ---------------------------

def test_ksel02_opposing_casts_of_cp_3_or_less_but_not_a_cross():
    g = game(p0=dict(hand=["KSEL-02"]),
             p1=dict(floor=["K-EA", "K-ED", dict(card="K-LC", below=["K-AOI2"])]))
    do(g, "support", card="KSEL-02")
    assert decision(g) == (0, "operation")
    assert zone(g, 1, "floor") == ["K-ED", "K-LC"]                  # K-ED: CP 4; the cross: CP 3 but crossed
    assert zone(g, 1, "backyard") == ["K-EA"]


def test_ksel02_reads_the_cp_now_with_statics():
    g = game(p0=dict(hand=["KSEL-02"]), p1=dict(floor=["K-EA"], event="E-CP"))   # all casts +1 CP
    assert cp(g, 1, "K-EA") == 4
    do(g, "support", card="KSEL-02")
    assert zone(g, 1, "floor") == ["K-EA"]


# --- KSEL-03: a level-1 cast from the backyard onto the floor, unpaid ---------------------------------

def test_ksel03_a_level_1_cast_comes_back_from_the_backyard_unpaid():
    g = game(p0=dict(hand=["KSEL-03"], seating=["K-F2", "K-F1"], backyard=["K-EB", "K-RUSH", "S-DRAW"]))
    do(g, "place", card="KSEL-03")
    pay(g, 0, "K-F2")
    # the only level-1 cast card is taken without asking; it is placed and its on-place happens
    assert decision(g) == (0, "operation")
    assert zone(g, 0, "floor") == ["KSEL-03", "K-RUSH"]
    assert zone(g, 0, "backyard") == ["K-EB", "S-DRAW", "K-F2"]
    assert seats(g, 0) == 1                                          # nothing more was paid
    place = events(g, "place")
    assert [(e.get("why"), e.get("from")) for e in place] == [(None, None), ("effect", "backyard")]
    assert [e["stat"] for e in events(g, "modify")] == ["call_in"]   # K-RUSH's on-place: +1 call-in


def test_ksel03_with_a_full_floor_the_card_stays():
    g = game(p0=dict(hand=["KSEL-03"], seating=["K-F2"], floor=["K-EA", "K-LA"], backyard=["K-RUSH"]))
    do(g, "place", card="KSEL-03")
    pay(g, 0, "K-F2")
    assert zone(g, 0, "floor") == ["K-EA", "K-LA", "KSEL-03"] and zone(g, 0, "backyard") == ["K-RUSH", "K-F2"]


# --- KSEL-04: a card of your hand into your seats, chosen in secret -----------------------------------

def test_ksel04_a_hand_card_becomes_a_customer_chosen_in_secret():
    g = game(p0=dict(hand=["KSEL-04", "K-EB", "K-LA"]))
    do(g, "support", card="KSEL-04")
    assert decision(g) == (0, "target_hidden")
    assert options(g, "target", "target") == ["K-EB", "K-LA"]
    assert "candidates" not in g.observe(1)["decision"]            # the opponent is not shown them
    assert "candidates" not in g.rules.observe_shared(g.state, 1)["decision"]
    assert g.secret_choice()
    do(g, "target", target="K-EB")
    assert zone(g, 0, "seating") == ["K-EB"] and seats(g, 0) == 2 and zone(g, 0, "hand") == ["K-LA"]
    ev = seen(g, 1, "move")[0]                                     # the seating zone is public
    assert (ev["id"], ev["from"], ev["to"], ev["seats"]) == ("K-EB", "hand", "seating", 2)


# --- KSEL-05: a random card of the opponent's hand shuffled into their deck ---------------------------

def test_ksel05_a_random_hand_card_goes_into_the_deck_unseen_by_the_trouble_player():
    g = game(p0=dict(floor=["K-EA"], hand=["K-EB", "K-LA"]), p1=dict(hand=["KSEL-05"]), start="serving_start")
    assert decision(g) == (1, "trouble")
    do(g, "trouble", card="KSEL-05")
    (left,) = zone(g, 0, "hand")
    assert len(zone(g, 0, "deck")) == len(FILL) + 1
    gone = ({"K-EB", "K-LA"} - {left}).pop()
    assert gone in zone(g, 0, "deck")
    assert seen(g, 0, "move")[0]["id"] == gone                     # its owner knows which
    assert "card" not in seen(g, 1, "move")[0]                     # the trouble's player does not
    kinds = [e["type"] for e in g.log if e["type"] in ("move", "shuffle")]
    assert kinds[-2:] == ["move", "shuffle"]


# --- KSEL-06: your other casts whose name has 早番 ---------------------------------------------------

def test_ksel06_other_own_casts_named_early_get_cp():
    g = game(p0=dict(hand=["KSEL-06"], floor=["K-EA", "K-LA"]), p1=dict(floor=["K-EB"]))
    do(g, "place", card="KSEL-06")
    assert (cp(g, 0, "K-EA"), cp(g, 0, "K-LA"), cp(g, 0, "KSEL-06"), cp(g, 1, "K-EB")) == (5, 3, 2, 5)


# --- KSEL-07: up to two level-1 customers of the opponent ---------------------------------------------

def test_ksel07_level_1_customers_of_the_opponent_go_to_the_backyard():
    g = game(p0=dict(hand=["KSEL-07"]), p1=dict(seating=["K-F1", "K-F2", "K-EA", "K-F3"]))
    do(g, "support", card="KSEL-07")
    assert decision(g) == (0, "target") and options(g, "target", "target") == ["K-F1", "K-EA"]
    do(g, "target", target="K-EA")
    do(g, "target", target="K-F1")
    assert zone(g, 1, "seating") == ["K-F2", "K-F3"] and seats(g, 1) == 5
    assert zone(g, 1, "backyard") == ["K-EA", "K-F1"]
    assert [e["seats"] for e in seen(g, 0, "move")] == [6, 5]


# --- KSEL-08: the event to its owner's hand; an active opposing leader locked ----------------------------

def test_ksel08_the_event_returns_and_an_active_leader_is_locked():
    g = game(p0=dict(hand=["KSEL-08"]), p1=dict(event="E-CP"))
    do(g, "support", card="KSEL-08")
    assert g.state.event == -1 and zone(g, 1, "hand") == ["E-CP"]
    assert not g.state.players[1].leader_active
    assert events(g, "leader")[-1] == {"type": "leader", "player": 1, "active": False}


def test_ksel08_a_locked_leader_is_no_target():
    g = game(p0=dict(hand=["KSEL-08"]), p1=dict(active=False))
    do(g, "support", card="KSEL-08")
    assert events(g, "leader") == [] and events(g, "move") == []


# --- KSEL-09: an event from the backyard onto the field ---------------------------------------------------

def test_ksel09_an_event_comes_back_and_sends_the_one_there_away():
    g = game(p0=dict(hand=["KSEL-09"], backyard=["E-CALL", "K-EA"], used_event=True), p1=dict(event="E-CP"))
    do(g, "support", card="KSEL-09")                              # one event card: no choice to make
    assert g.state.event >= 0 and g.state.cards[g.state.event].id == "E-CALL"
    assert zone(g, 1, "backyard") == ["E-CP"] and zone(g, 0, "backyard") == ["K-EA", "KSEL-09"]
    ev = events(g, "event")[-1]
    assert (ev["why"], ev["from"], ev["player"]) == ("effect", "backyard", 0)
    from tcg.games.kemuri import text as T
    line = T.lines(seen(g, 1, "support") + seen(g, 1, "event_removed") + seen(g, 1, "event"), 1, "en",
                   cards=g.rules.cards)[-1]
    assert line.startswith("Opponent placed the event") and "from the backyard, free (by an effect)" in line, line


def test_ksel09_without_an_event_card_nothing():
    g = game(p0=dict(hand=["KSEL-09"], backyard=["K-EA"]))
    do(g, "support", card="KSEL-09")
    assert g.state.event == -1 and events(g, "event") == []


# --- the old names and the filter table are selectors -------------------------------------------------

def test_old_target_names_are_preset_selectors():
    from tcg.games.kemuri.effects import LEADERS, UNIT_TARGETS
    from tcg.games.kemuri.select import PRESETS
    assert set(UNIT_TARGETS) - {"self", "same"} | set(LEADERS) == set(PRESETS)
    assert PRESETS["choose_opponent_cast"].count == ("choose", 1, False)
    assert PRESETS["all_own_casts"].side == "own" and PRESETS["all_own_casts"].all
    assert PRESETS["own_serving_cast"].tests[0].prop == "serving"
    assert PRESETS["opponent_leader"].zone == "leader"


def test_old_names_pick_what_they_picked():
    from tcg.engine.effects import EffectCtx
    g = game(p0=dict(floor=["K-EA", "K-LA"]), p1=dict(floor=["K-EB"]), start="serve")
    do(g, "serve", cast="K-LA", target="K-EB")
    s, rules = g.state, g.rules
    ctx = EffectCtx(1, -1)

    class Op:
        args: dict = {}
        name = "modify"
    names = {sel: [s.cards[x.iid].id for x in rules.effect_select(s, ctx, sel, (), Op)]
             for sel in ("all_own_casts", "all_casts", "serving_cast", "own_receiving_cast", "own_serving_cast",
                         "opponent_serving_cast")}
    assert names == {"all_own_casts": ["K-EB"], "all_casts": ["K-EB", "K-EA", "K-LA"], "serving_cast": ["K-LA"],
                     "own_receiving_cast": ["K-EB"], "own_serving_cast": [], "opponent_serving_cast": ["K-LA"]}


def test_the_old_names_pick_what_their_presets_pick():
    """The rules work the old names out directly (a fast path): the same casts, in the same order,
    as their preset selectors, for either controller, in and out of a serving."""
    from tcg.games.kemuri.select import PRESETS, candidates
    g = game(p0=dict(floor=["K-EA", dict(card="K-LB", below=["K-EB"])]), p1=dict(floor=["K-LC", "K-LA"]),
             start="serve")
    states = [g.state.clone()]
    do(g, "serve", cast="K-EA", target="K-LA")
    states.append(g.state)
    for s in states:
        for c in (0, 1):
            for name, sel in PRESETS.items():
                fast = g.rules._preset(s, c, name) if not name.startswith("choose_") else \
                    g.rules.effect_candidates(s, type("Ctx", (), {"controller": c, "source": -1})(), name,
                                              type("Op", (), {"args": {}})())
                assert fast == candidates(s, c, -1, sel), (name, c)


def test_the_filter_table_matches_as_its_selector_keys():
    from tcg.games.kemuri import flow as F
    from tcg.games.kemuri.select import FILTER_KEYS, SELECTORS, locate
    g = game(p0=dict(floor=["K-EA", dict(card="K-LB", below=["K-EB"])], backyard=["S-DRAW", "K-HE2", "E-CP"]))
    s = g.state
    filters = [{"shift": "early"}, {"shift": "late"}, {"level": 1}, {"level": 3}, {"kind": "cast"},
               {"kind": "support"}, {"person": "Aoi"}, {"kind": "cast", "shift": "early"}]
    objs = list(s.players[0].floor) + [locate(s, i) for i in s.players[0].backyard]
    for flt in filters:
        assert set(flt) <= set(FILTER_KEYS)
        tests = SELECTORS.parse(flt, counted=False).tests
        for x in objs:
            assert F.matches(s.cards[x.iid], flt) == SELECTORS.matches(s, x, tests), (flt, s.cards[x.iid].id)


def test_narration_of_moves_in_both_languages():
    from tcg.games.kemuri import text as T
    g = game(p0=dict(hand=["KSEL-07"]), p1=dict(seating=["K-F1"]))
    do(g, "support", card="KSEL-07")
    assert decision(g) == (0, "target")                             # up to two: even one is asked
    assert "up to 2 more, or done (0 chosen)" in T.prompt(g.observe(0)["decision"], 0, "en", cards=g.rules.cards)
    assert "あと2枚まで選ぶ" in T.prompt(g.observe(0)["decision"], 0, "ja", cards=g.rules.cards)
    do(g, "target", target="K-F1")
    moves = seen(g, 1, "move")
    en = T.lines(moves, 1, "en", cards=g.rules.cards)
    ja = T.lines(moves, 1, "ja", cards=g.rules.cards)
    assert en == ["Customer Lv1 (お客様1) went from your seating zone to your backyard (seats 0)"], en
    assert ja == ["あなたの客席ゾーンのお客様1があなたのバックヤードに置かれた（席数0）"], ja
    g = game(p0=dict(hand=["KSEL-01"]), p1=dict(floor=["K-EA"]))
    do(g, "place", card="KSEL-01")
    do(g, "target", target="K-EA")
    leave = seen(g, 1, "cast_leaves")
    assert "deck (at the bottom)" in T.lines(leave, 1, "en", cards=g.rules.cards)[0]
    assert "デッキ（一番下）" in T.lines(leave, 1, "ja", cards=g.rules.cards)[0]


# --- load errors ---------------------------------------------------------------------------------------

HEAD = header("kemuri", "support")


def load_error(effects: str) -> CardDataError:
    text = HEAD + '[[cards.abilities]]\nkind = "use"\neffects = [' + effects + ']\n'
    return cardfile.load_error("kemuri", text)


@pytest.mark.parametrize("effects,field,words", load_error_cases("kemuri", "select_a_broken_selector_is_a_load_error_naming_the_field"))
def test_a_broken_selector_is_a_load_error_naming_the_field(effects, field, words):
    e = load_error(effects)
    assert e.card == "BAD-1" and e.field == field, str(e)
    assert words in str(e), str(e)


def test_a_good_table_loads():
    text = HEAD + '[[cards.abilities]]\nkind = "use"\neffects = [{op = "move", target = {choose = 2, up_to = true,' \
                  ' side = "opponent", cost = {max = 1}}, to = "deck", position = "bottom"}]\n'
    sel = load_cards(CardText("ok.toml", text)).find("BAD-1").abilities[0].effects[0]["target"]
    assert (sel.zone, sel.side, sel.count) == ("floor", "opponent", ("choose", 2, True))


def test_a_static_ability_takes_only_a_table_of_all_the_casts_it_changes():
    text = HEAD.replace('kind = "support"', 'kind = "event"') + 'removal_cost = 1\n[[cards.abilities]]\n' \
        'kind = "static"\neffects = [{op = "modify", target = {choose = 1}, stat = "cp", amount = 1}]\n'
    e = cardfile.load_error("kemuri", text)
    assert "a static ability may only 'modify' targets" in str(e)
