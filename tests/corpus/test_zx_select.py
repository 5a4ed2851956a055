"""Mechanics corpus, Z/X, step 1 of docs/card-language-design.md: selector tables (engine/select.py,
games/zx/select.py) and the general ``move`` op. One scenario per card of tests/corpus/zx/select.toml
(invented cards), then the load-time errors of selector tables."""
from __future__ import annotations

import pathlib

import pytest

from tcg.engine.cards import CardText
from tcg.engine.errors import CardDataError
from tcg.games.zx.cards import load_cards
from tcg.games.zx.rules import ZXRules

from ..games import harness_base as base
from .cardfile import header, load_error_cases
from ..games.zx.harness import (FILL, FIXTURE, check, decision, do, events, legal_types, options, power, sq,
                                unit, zone)
from ..games.zx.harness import main as zx_main

CORPUS = pathlib.Path(__file__).with_name("zx") / "select.toml"


def corpus_rules() -> ZXRules:
    """The Z/X rules with the test fixture's cards and the corpus's."""
    return base.fixture_rules(ZXRules, lambda _: load_cards(FIXTURE, CORPUS), CORPUS)


def main(p0=None, p1=None, **kw):
    return zx_main(p0, p1, rules=corpus_rules(), **kw)


def seen(g, p: int, etype: str) -> list[dict]:
    """The events of one type as player p's log shows them."""
    return [e for e in g.log.for_player(p) if e["type"] == etype]


# --- one scenario per card --------------------------------------------------------------------------

def test_sel01_up_to_two_cheap_opponent_zx_on_normal_squares_to_the_deck_bottom():
    g = main(p0=dict(hand=["SEL-01"], resources=["Z-B1"] * 4),
             board={3: dict(card="Z-R1", owner=1), 5: dict(card="Z-R2", owner=1),
                    1: dict(card="Z-R1", owner=1),    # on their player square: not a normal square
                    0: dict(card="Z-R3", owner=1),    # cost 3
                    4: "Z-R1"})                       # mine
    do(g, "place", card="SEL-01", square=6)
    assert decision(g) == (0, "target")
    assert options(g, "target", "target") == ["Z-R1", "Z-R2"]
    assert "target_done" in legal_types(g)            # up to: none at all is allowed too
    do(g, "target", target="Z-R2")
    assert decision(g) == (0, "target") and options(g, "target", "target") == ["Z-R1"]
    assert g.decision.info["chosen"] == [unit(g, 5).iid] and g.decision.info["remaining"] == 1
    do(g, "target", target="Z-R1")
    assert decision(g) == (0, "main")
    assert sq(g, 3) is None and sq(g, 5) is None and sq(g, 1) == "Z-R1" and sq(g, 0) == "Z-R3"
    assert zone(g, 1, "deck")[-2:] == ["Z-R2", "Z-R1"]   # in the order chosen: each one under the last
    assert [e.get("to") for e in events(g, "leave_board")] == ["deck", "deck"]
    check(g)


def test_sel01_up_to_stops_when_the_player_is_done():
    g = main(p0=dict(hand=["SEL-01"], resources=["Z-B1"] * 4),
             board={3: dict(card="Z-R1", owner=1), 5: dict(card="Z-R2", owner=1)})
    do(g, "place", card="SEL-01", square=6)
    do(g, "target", target="Z-R1")
    do(g, "target_done")
    assert decision(g) == (0, "main") and sq(g, 3) is None and sq(g, 5) == "Z-R2"


def test_sel02_destroy_all_opponent_zx_of_power_3000_or_less():
    g = main(p0=dict(hand=["SEL-02"], resources=["Z-R1"] * 3),
             board={3: dict(card="Z-R3", owner=1), 5: dict(card="Z-R5", owner=1), 0: dict(card="Z-R1", owner=1),
                    4: "Z-R1"})
    do(g, "event", card="SEL-02")
    assert decision(g) == (0, "main")
    assert sq(g, 3) is None and sq(g, 0) is None and sq(g, 5) == "Z-R5" and sq(g, 4) == "Z-R1"
    assert sorted(zone(g, 1, "charge")) == ["Z-R1", "Z-R3"]


def test_sel03_a_cheap_zx_from_your_trash_is_placed_on_a_square_unpaid():
    g = main(p0=dict(hand=["SEL-03"], resources=["SEL-06", "Z-R1", "Z-R1"], trash=["Z-R3", "Z-R2", "E-PUMP"]))
    do(g, "place", card="SEL-03", square=6)
    # the only Z/X of cost 2 or less in the trash is taken without asking; its owner picks the square
    assert decision(g) == (0, "place_effect")
    assert 1 not in options(g, "place_free", "square")        # not the opponent's player square
    do(g, "place_free", square=3)
    assert sq(g, 3) == "Z-R2" and not unit(g, 3).asleep
    assert zone(g, 0, "trash") == ["Z-R3", "E-PUMP"]
    assert [e["why"] for e in events(g, "place")] == ["place", "effect"]
    assert zone(g, 0, "asleep") == ["SEL-06", "Z-R1", "Z-R1"]  # the Z/X itself cost nothing more
    check(g)


def test_sel04_up_to_two_trash_cards_into_the_resources_asleep():
    g = main(p0=dict(hand=["SEL-04"], resources=["SEL-10"], trash=["Z-R1", "Z-B1", "Z-R2"]))
    do(g, "event", card="SEL-04")
    assert decision(g) == (0, "target") and options(g, "target", "target") == ["Z-R1", "Z-B1", "Z-R2"]
    do(g, "target", target="Z-B1")
    do(g, "target_done")
    assert zone(g, 0, "resources") == ["SEL-10", "Z-B1"] and zone(g, 0, "asleep") == ["SEL-10", "Z-B1"]
    assert zone(g, 0, "trash") == ["Z-R1", "Z-R2", "SEL-04"]
    ev = events(g, "move")[0]
    assert (ev["from"], ev["to"], ev["asleep"], ev["id"]) == ("trash", "resources", True, "Z-B1")
    check(g)


def test_sel05_a_random_card_of_the_opponents_hand_goes_under_their_deck_unseen():
    g = main(p0=dict(hand=["SEL-05"], resources=["SEL-09", "SEL-09"]), p1=dict(hand=["Z-R5", "Z-B2"]))
    do(g, "place", card="SEL-05", square=6)
    assert decision(g) == (0, "main")
    (left,), bottom = zone(g, 1, "hand"), zone(g, 1, "deck")[-1]
    assert sorted([left, bottom]) == ["Z-B2", "Z-R5"]
    assert seen(g, 1, "move")[0]["id"] == bottom              # its owner knows which
    assert "card" not in seen(g, 0, "move")[0]                 # the chooser does not
    assert seen(g, 0, "move")[0]["position"] == "bottom"
    check(g)


def test_sel06_destroy_one_sleeping_opponent_zx():
    g = main(p0=dict(hand=["SEL-06"], resources=["SEL-06", "Z-R1"]),
             board={0: dict(card="Z-R1", owner=1, asleep=True), 3: dict(card="Z-R3", owner=1, asleep=True),
                    5: dict(card="Z-R2", owner=1), 4: dict(card="Z-R1", asleep=True)})
    do(g, "event", card="SEL-06")
    assert options(g, "target", "target") == ["Z-R1", "Z-R3"]
    do(g, "target", target="Z-R3")
    assert sq(g, 3) is None and sq(g, 0) == "Z-R1" and sq(g, 5) == "Z-R2" and zone(g, 1, "charge") == ["Z-R3"]


def test_sel07_your_other_zx_with_a_name_containing_dragon_get_power():
    g = main(p0=dict(hand=["SEL-07"], resources=["Z-R1"] * 3),
             board={3: "SEL-07", 4: "Z-R1", 0: dict(card="SEL-07", owner=1)})
    do(g, "place", card="SEL-07", square=5)
    assert [power(g, n) for n in (3, 4, 5, 0)] == [5000, 1000, 3000, 3000]


def test_sel08_choose_a_hand_card_to_put_on_the_deck_secretly():
    g = main(p0=dict(hand=["SEL-08", "Z-R5", "Z-B2"], resources=["Z-B1"], deck=["Z-R2"] + FILL))
    do(g, "event", card="SEL-08")
    assert decision(g) == (0, "target_hidden")                 # a choice among the hand
    assert options(g, "target", "target") == ["Z-R5", "Z-B2", "Z-R2"]
    assert "candidates" not in g.observe(1)["decision"]        # the opponent is not shown them
    assert g.secret_choice()
    do(g, "target", target="Z-R5")
    assert zone(g, 0, "deck")[0] == "Z-R5" and zone(g, 0, "hand") == ["Z-B2", "Z-R2"]
    assert seen(g, 0, "move")[0]["id"] == "Z-R5" and "card" not in seen(g, 1, "move")[0]
    check(g)


def test_sel09_up_to_three_opponent_trash_cards_removed_from_the_game():
    g = main(p0=dict(hand=["SEL-09"], resources=["SEL-05", "SEL-05"]), p1=dict(trash=["Z-R1", "Z-R2", "Z-R3", "Z-B1"]))
    do(g, "event", card="SEL-09")
    do(g, "target", target="Z-R2")
    do(g, "target", target="Z-R3")
    assert g.decision.info["remaining"] == 1
    do(g, "target_done")
    assert zone(g, 1, "removed") == ["Z-R2", "Z-R3"] and zone(g, 1, "trash") == ["Z-R1", "Z-B1"]
    assert [c["id"] for c in g.observe(0)["players"][1]["removed"]] == ["Z-R2", "Z-R3"]
    assert "removed" not in g.observe(0)["players"][0]        # shown only when there are some
    check(g)


def test_sel10_every_damaged_zx_of_either_race_returns_to_its_owners_hand():
    g = main(p0=dict(hand=["SEL-10"], resources=["SEL-04", "SEL-04"]),
             board={3: dict(card="SEL-01", damage=1000), 6: "SEL-07",
                    5: dict(card="SEL-07", owner=1, damage=1000), 4: dict(card="Z-R5", owner=1, damage=1000)})
    do(g, "event", card="SEL-10")
    assert sq(g, 3) is None and sq(g, 5) is None and sq(g, 6) == "SEL-07" and sq(g, 4) == "Z-R5"
    assert zone(g, 0, "hand") == ["SEL-01"] and zone(g, 1, "hand") == ["SEL-07"]


def test_sel11_a_random_life_card_into_your_hand():
    g = main(p0=dict(hand=["SEL-11"], resources=["SEL-04"], life=["Z-R1", "Z-R2", "Z-R3", "Z-R5"]))
    do(g, "event", card="SEL-11")
    assert len(zone(g, 0, "life")) == 3
    (got,) = zone(g, 0, "hand")
    assert sorted(zone(g, 0, "life") + [got]) == ["Z-R1", "Z-R2", "Z-R3", "Z-R5"]
    assert seen(g, 0, "move")[0]["id"] == got and "card" not in seen(g, 1, "move")[0]


def test_sel12_reboot_a_red_or_blue_zx_on_your_player_square():
    g = main(p0=dict(hand=["SEL-12"], resources=["Z-R1"]),
             board={7: dict(card="Z-B2", asleep=True), 3: dict(card="Z-R2", asleep=True)})
    do(g, "event", card="SEL-12")
    assert decision(g) == (0, "main")                          # one candidate: taken without asking
    assert not unit(g, 7).asleep and unit(g, 3).asleep


def test_sel13_a_charge_card_shuffled_into_the_deck():
    g = main(p0=dict(hand=["SEL-13"], resources=["Z-B1"], charge=["Z-R5"]))
    do(g, "event", card="SEL-13")
    assert zone(g, 0, "charge") == [] and sorted(zone(g, 0, "deck")) == sorted(FILL + ["Z-R5"])
    kinds = [e["type"] for e in g.log if e["type"] in ("move", "shuffle")]
    assert kinds[-2:] == ["move", "shuffle"]


def test_sel14_a_static_raises_the_other_red_named_zx_of_its_side_on_normal_squares():
    g = main(board={6: "SEL-14", 8: "Z-R2", 7: "Z-R1",      # 7: the player square, not a normal one
                    5: "Z-B1", 3: dict(card="Z-R3", owner=1)})
    assert [power(g, n) for n in (6, 8, 7, 5, 3)] == [2000, 3000, 1000, 1000, 3000]


def test_sel14_the_static_ends_when_its_zx_leaves():
    g = main(p0=dict(hand=["SEL-02"], resources=["Z-R1"] * 3),
             board={3: dict(card="SEL-14", owner=1), 5: dict(card="Z-R5", owner=1)})
    assert power(g, 5) == 6000
    do(g, "event", card="SEL-02")   # destroys the opponent's Z/X of power 3000 or less: SEL-14
    assert sq(g, 3) is None and sq(g, 5) == "Z-R5" and power(g, 5) == 5000


def test_sel15_a_static_lowers_the_opponents_cheap_zx_while_it_is_on_the_board():
    g = main(board={6: "SEL-15", 8: "Z-R1", 3: dict(card="Z-R2", owner=1), 5: dict(card="Z-R3", owner=1)})
    assert [power(g, n) for n in (6, 8, 3, 5)] == [3000, 1000, 1000, 3000]


def test_old_target_names_are_preset_selectors():
    from tcg.games.zx.select import PRESETS
    assert PRESETS["choose_opponent_zx"].count == ("choose", 1, False)
    assert PRESETS["all_own_zx"].side == "own" and PRESETS["all_own_zx"].all


# --- load errors ---------------------------------------------------------------------------------------

def _load(effects: str, kind: str = "event"):
    """The cards of a one-card file whose card has a ``use`` ability with these effects."""
    return load_cards(CardText("bad.toml", header("zx", kind) + f'[[cards.abilities]]\nkind = "use"\neffects = [{effects}]\n'))


@pytest.mark.parametrize("effects,field,words", load_error_cases("zx", "select_a_broken_selector_is_a_load_error_naming_the_field"))
def test_a_broken_selector_is_a_load_error_naming_the_field(effects, field, words):
    with pytest.raises(CardDataError) as e:
        _load(effects)
    assert e.value.card == "BAD-1" and e.value.field == field, str(e.value)
    assert words in str(e.value)


def _static_card(target: str):
    """The cards of a one-card file whose Z/X has a static ability with this target."""
    return load_cards(CardText("static.toml", header("zx") + '[[cards.abilities]]\nkind = "static"\neffects = [{op = '
                               f'"modify", target = {target}, stat = "power", amount = 1000, duration = "static"}}]\n'))


@pytest.mark.parametrize("target", ['{choose = 1, side = "own"}', '{all = true, zone = "trash"}',
                                    '{all = true, side = "own", power = {max = 2000}}'])
def test_a_static_takes_only_a_table_of_all_the_zx_it_changes_not_by_power(target):
    with pytest.raises(CardDataError) as e:
        _static_card(target)
    assert e.value.field.startswith("abilities[0].effects"), str(e.value)


def test_a_static_table_loads():
    cards = _static_card('{all = true, side = "opponent", race = "熔鋼竜"}')
    assert cards.find("BAD-1").abilities[0].effects[0]["target"].side == "opponent"


def test_a_good_table_loads():
    cards = _load('{op = "move", target = {choose = 2, up_to = true, zone = "board", side = "opponent",'
                            ' cost = {max = 2}, square = "normal"}, to = "deck", position = "bottom"}')
    sel = cards.find("BAD-1").abilities[0].effects[0]["target"]
    assert (sel.zone, sel.side, sel.count) == ("board", "opponent", ("choose", 2, True))


# --- the research adapters encode the new decisions and actions ----------------------------------------

def _as_sample_cards(obs):
    """The observation with every card the shipped card set lacks (fixture, corpus) shown as one
    of its cards: the encoding's card rows are the shipped set's; its layout is what is tested."""
    import tcg
    sample = {c.id: c for c in tcg.card_set("zx")}
    stand_in = sample["ZXS-001"]

    def fix(o):
        if isinstance(o, dict):
            o = {k: fix(v) for k, v in o.items()}
            if "id" in o and o["id"] not in sample:
                for k in ("timing", "ignition", "life_recovery", "void_bringer", "start_card", "gate_card"):
                    o.pop(k, None)
                o.update(id=stand_in.id, name=stand_in.name, name_en=stand_in.name_en, kind=stand_in.kind,
                         race=stand_in.race, color=stand_in.color, cost=stand_in.cost, power=stand_in.power)
            return o
        return [fix(x) for x in o] if isinstance(o, list) else o
    return fix(obs)


def _encodes(g):
    from tcg.rl.encoder import encoding
    enc = encoding("zx")
    p = g.decision.player
    _, ctx = enc.encode(_as_sample_cards(g.observe(p)), p, strict=True)
    legal = g.legal_actions()
    assert set(enc.legal_ids(legal, ctx, strict=True).values()) == set(legal)


def test_the_new_decisions_and_actions_are_encodable():
    g = main(p0=dict(hand=["SEL-01"], resources=["Z-B1"] * 4),
             board={3: dict(card="Z-R1", owner=1), 5: dict(card="Z-R2", owner=1)})
    do(g, "place", card="SEL-01", square=6)
    _encodes(g)                                                 # target + target_done
    do(g, "target", target="Z-R1")
    _encodes(g)                                                 # ... with "chosen"
    g = main(p0=dict(hand=["SEL-08", "Z-R5"], resources=["Z-B1"]))
    do(g, "event", card="SEL-08")
    _encodes(g)                                                 # target_hidden
    g = main(p0=dict(hand=["SEL-03"], resources=["SEL-06", "Z-R1", "Z-R1"], trash=["Z-R2"]))
    do(g, "place", card="SEL-03", square=6)
    _encodes(g)                                                 # place_effect + place_free
    g = main(p0=dict(hand=["SEL-09"], resources=["SEL-05", "SEL-05"]),
             p1=dict(trash=["Z-R1", "Z-R2"]))
    do(g, "event", card="SEL-09")
    do(g, "target", target="Z-R1")
    do(g, "target", target="Z-R2")
    assert g.observe(0)["players"][1]["removed"]
    _encodes(g)                                                 # the removed pile in the observation


def test_narration_of_moves_in_both_languages():
    from tcg.games.zx import text as T
    g = main(p0=dict(hand=["SEL-01"], resources=["Z-B1"] * 4), board={3: dict(card="Z-R1", owner=1)})
    do(g, "place", card="SEL-01", square=6)
    do(g, "target", target="Z-R1")
    leave = [e for e in g.log.for_player(1) if e["type"] == "leave_board"]
    assert "(at the bottom)" in T.lines(leave, 1, "en", cards=g.rules.cards)[0]
    assert "（一番下）" in T.lines(leave, 1, "ja", cards=g.rules.cards)[0]
    g = main(p0=dict(hand=["SEL-04"], resources=["SEL-10"], trash=["Z-B1"]))
    do(g, "event", card="SEL-04")
    do(g, "target", target="Z-B1")                          # the only card: no "done" to press
    moves = [e for e in g.log.for_player(1) if e["type"] == "move"]
    assert T.lines(moves, 1, "en", cards=g.rules.cards) == [
        "Blue One (青一) went from Opponent's trash to Opponent's resources, asleep"]
    assert "リソース（スリープ状態）" in T.lines(moves, 1, "ja", cards=g.rules.cards)[0]
