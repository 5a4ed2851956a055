"""The dynamis and winning: ZX-X1..ZX-X7, ZX-W1..ZX-W3.

Readings tested: a Z/X EX / Z/X OB / SHIFT leaving always returns face up to the dynamis; Z/X EX
and EV EX are once per turn and exclude each other (per player; an EV EX may be used in either
player's battles); SHIFT once per turn; Z/X OB only through the ``overboost`` op; the opponent
sees the dynamis only as a count plus its face-up cards; a player loses the moment their last
life card leaves (an attack, even on a card with the ignition icon, or a deck refresh), and a
refresh with no life loses."""
from __future__ import annotations

import pytest

from tcg.engine.action import Action

from .harness import (FILL, attack, check, decision, do, events, kinds, legal, legal_types, main,
                      options, pass_battle, power, sq, unit, zone)


def ex_squares(g, card: str) -> list[int]:
    return [a.square for a in legal(g, "zx_ex") if g.state.cards[a.card].id == card]


# =============================================================================================
# ZX-X1: used only face down, face up afterwards for good
# =============================================================================================

def test_zx_x1_face_up_dynamis_cards_cannot_be_used():
    g = main(p0=dict(hand=["Z-R1"], resources=["Z-R1"] * 6, counters={"dream_key": 5},
                     face_up=["X-AWK", "X-IDEA", "X-EVEX", "X-SHIFT2"]),
             board={3: "Z-R2"})
    assert not ({"zx_ex", "ev_ex", "shift"} & legal_types(g))


def test_zx_x1_abilities_counting_face_up_dynamis_cards_of_a_race():
    """「一部の通常ゼクスの能力として、表向きとなったデュナミスの指定種族の数によって発動する物が存在する。」:
    Z-SPIRITS' static needs 2 face-up 剣精 cards in its controller's dynamis, its on-place 1.
    Face-down cards, other races and the opponent's dynamis do not count."""
    g = main(p0=dict(hand=["Z-SPIRITS"], resources=["Z-R1"], dynamis=["X-SHIFT2"], face_up=["X-SHIFT2", "X-AWK"]),
             p1=dict(face_up=["X-SHIFT2", "X-SHIFT2"]))
    do(g, "place", card="Z-SPIRITS", square=3)
    assert g.state.players[0].counters == {"dream_key": 1}   # 1 face-up 剣精: the on-place works
    assert power(g, 3) == 1000                               # 1 < 2: no +3000
    g = main(p0=dict(face_up=["X-SHIFT2", "X-SHIFT2"]), board={3: "Z-SPIRITS"})
    assert power(g, 3) == 4000
    g = main(p0=dict(hand=["Z-SPIRITS"], resources=["Z-R1"], dynamis=["X-SHIFT2", "X-SHIFT2"]))
    do(g, "place", card="Z-SPIRITS", square=3)
    assert g.state.players[0].counters == {} and power(g, 3) == 1000   # face down: not counted
    # a SHIFT that leaves the board turns face up: now it counts
    g = main(p0=dict(face_up=["X-SHIFT2"]), board={3: "Z-SPIRITS", 5: dict(card="Z-R1", shift="X-SHIFT2"),
                                                    4: dict(card="Z-R3", owner=1)}, active=1)
    assert power(g, 3) == 1000
    attack(g, 4, 5)
    assert zone(g, 0, "face_up") == ["X-SHIFT2", "X-SHIFT2"] and power(g, 3) == 4000


def test_zx_x1_zx_ex_returns_face_up_when_it_leaves_and_cannot_come_back():
    g = main(p0=dict(hand=["Z-R1", "Z-R2"], resources=["Z-R1"] * 8, dynamis=["X-AWK"]))
    do(g, "zx_ex", card="X-AWK", square=3, destroy=())
    do(g, "discard", card="Z-R1")
    assert sq(g, 3) == "X-AWK" and zone(g, 0, "dynamis") == []
    assert g.observe(1)["players"][0]["dynamis_count"] == 0
    do(g, "place", card="Z-R2", square=3)          # replaces it: to the dynamis, not the trash
    assert sq(g, 3) == "Z-R2"
    assert zone(g, 0, "dynamis") == ["X-AWK"] and zone(g, 0, "face_up") == ["X-AWK"]
    assert "X-AWK" not in zone(g, 0, "trash")
    opp = g.observe(1)["players"][0]
    assert opp["dynamis_count"] == 1 and [c["id"] for c in opp["dynamis_face_up"]] == ["X-AWK"]
    assert opp["dynamis"] is None
    do(g, "end_turn")
    # even in a later turn of its owner it stays unusable
    g2 = main(p0=dict(hand=["Z-R1"], resources=["Z-R1"] * 8, face_up=["X-AWK"]))
    assert "zx_ex" not in legal_types(g2)
    check(g)


def test_zx_x1_destroyed_zx_ex_goes_face_up_to_the_dynamis_not_the_charge():
    g = main(board={3: dict(card="X-AWK", damage=3000), 4: dict(card="Z-R1", owner=1)}, active=1)
    attack(g, 4, 3)
    assert sq(g, 3) is None
    assert zone(g, 0, "face_up") == ["X-AWK"] and zone(g, 0, "charge") == []


def test_zx_x1_opponent_sees_only_count_and_face_up_dynamis_cards():
    g = main(p0=dict(dynamis=["X-DESC", "X-EVEX", "X-OB"], face_up=["X-AWK"]))
    for viewer in (1, None):
        opp = g.observe(viewer)["players"][0]
        assert opp["dynamis_count"] == 4
        assert [c["id"] for c in opp["dynamis_face_up"]] == ["X-AWK"]
        assert opp["dynamis"] is None
        text = repr(g.observe(viewer))
        for cid in ("X-DESC", "X-EVEX", "X-OB"):
            assert cid not in text
    own = g.observe(0)["players"][0]["dynamis"]
    assert [(c["id"], c["face_up"]) for c in own] == [("X-DESC", False), ("X-EVEX", False),
                                                       ("X-OB", False), ("X-AWK", True)]


# =============================================================================================
# ZX-X2..X4: Z/X EX conditions
# =============================================================================================

def test_zx_x2_descent_counts_resources_and_destroys_own_rebooted_zx():
    g = main(p0=dict(asleep=["Z-B2"] * 4, dynamis=["X-DESC"]),
             board={3: "Z-R2", 5: "Z-R3", 6: "Z-R1", 8: dict(card="Z-R5", asleep=True),
                    0: dict(card="Z-R5", owner=1)})
    # all 4 resources asleep: counted, not spent; pairs of rebooted Z/X with costs >= 4
    combos = sorted({a.destroy for a in legal(g, "zx_ex")})
    assert combos == [(3, 5), (5, 6)]
    assert ex_squares(g, "X-DESC").count(3) == 2        # onto a destroyed one's square
    assert 1 not in ex_squares(g, "X-DESC") and 0 not in ex_squares(g, "X-DESC")
    do(g, "zx_ex", card="X-DESC", square=3, destroy=[3, 5])
    assert sq(g, 3) == "X-DESC" and sq(g, 5) is None and sq(g, 6) == "Z-R1" and sq(g, 8) == "Z-R5"
    assert zone(g, 0, "charge") == ["Z-R2", "Z-R3"]   # destroyed: to the charge
    assert zone(g, 0, "asleep") == ["Z-B2"] * 4 and "pay" not in kinds(g)
    assert zone(g, 0, "dynamis") == [] and g.state.players[0].used_ex
    assert [e["why"] for e in events(g, "leave_board")] == ["descent", "descent"]
    check(g)


def test_zx_x2_descent_needs_enough_resources_and_zx():
    g = main(p0=dict(resources=["Z-R1"] * 3, dynamis=["X-DESC"]), board={3: "Z-R2", 5: "Z-R3"})
    assert "zx_ex" not in legal_types(g)                 # 3 resources < cost 4
    g = main(p0=dict(resources=["Z-R1"] * 4, dynamis=["X-DESC"]), board={3: "Z-R2", 5: "Z-R1"})
    assert "zx_ex" not in legal_types(g)                 # 2 + 1 < 4
    g = main(p0=dict(resources=["Z-R1"] * 4, dynamis=["X-DESC"]),
             board={3: "Z-R5", 5: dict(card="Z-R3", asleep=True)})
    assert "zx_ex" not in legal_types(g)                 # it destroys two; one is asleep


def test_zx_x3_awaken_pays_the_cost_and_carries_out_the_condition():
    g = main(p0=dict(hand=["Z-R1", "Z-R2"], resources=["Z-B2", "Z-R1", "Z-B2"], dynamis=["X-AWK"]))
    do(g, "zx_ex", card="X-AWK", square=4, destroy=())
    assert decision(g) == (0, "awaken")
    assert g.decision.info == {"condition": "discard", "remaining": 1}
    assert sq(g, 4) is None                               # not placed before the condition is met
    assert len(zone(g, 0, "asleep")) == 2 and "Z-R1" in zone(g, 0, "asleep")
    do(g, "discard", card="Z-R2")
    assert sq(g, 4) == "X-AWK" and zone(g, 0, "trash") == ["Z-R2"] and zone(g, 0, "hand") == ["Z-R1"]
    assert decision(g) == (0, "main")
    check(g)


def test_zx_x3_awaken_impossible_condition_or_cost_cannot_be_placed():
    g = main(p0=dict(hand=[], resources=["Z-R1"] * 3, dynamis=["X-AWK"]))
    assert "zx_ex" not in legal_types(g)                 # nothing to discard
    g = main(p0=dict(hand=["Z-R1"], resources=["Z-B2"] * 3, dynamis=["X-AWK"]))
    assert "zx_ex" not in legal_types(g)                 # no red resource
    g = main(p0=dict(hand=["Z-R1"], resources=["Z-R1"], dynamis=["X-AWK"]))
    assert "zx_ex" not in legal_types(g)                 # cost 2 with one resource


def test_zx_x4_idealize_spends_counters():
    g = main(p0=dict(counters={"dream_key": 1}, dynamis=["X-IDEA"]))
    assert "zx_ex" not in legal_types(g)
    g = main(p0=dict(counters={"dream_key": 3, "melody": 4}, dynamis=["X-IDEA"], resources=["Z-R1"]))
    assert ex_squares(g, "X-IDEA") == [0, 2, 3, 4, 5, 6, 7, 8]
    do(g, "zx_ex", card="X-IDEA", square=5, destroy=())
    assert sq(g, 5) == "X-IDEA"
    assert g.state.players[0].counters == {"dream_key": 1, "melody": 4}
    assert zone(g, 0, "asleep") == []                     # idealize: no resources used
    assert "zx_ex" not in legal_types(g)
    check(g)


# =============================================================================================
# ZX-X5: Z/X OB
# =============================================================================================

def ob_player(**kw) -> dict:
    return dict(player="P-HERO", ob_bottom="B-HERO", **kw)


def test_zx_x5_overboost_only_through_the_ignition_overboost_event():
    g = main(p0=ob_player(dynamis=["X-OB", "X-OB2"], resources=["Z-R1"] * 5, hand=["E-OB"]),
             board={3: dict(card="Z-R1", owner=1), 5: "Z-R1"})
    # never placed from the dynamis by a main-phase action
    assert all(g.state.cards[a.get("card")].kind != "zx_ob" for a in g.legal_actions() if a.get("card") is not None)
    do(g, "event", card="E-OB")
    assert decision(g) == (0, "overboost")
    # only the top half matching the player card; only completely empty squares, not square 1
    assert set(options(g, "overboost")) == {"X-OB"}
    assert options(g, "overboost", "square") == [0, 2, 4, 6, 7, 8]
    do(g, "overboost", card="X-OB", square=4)
    st = g.state
    assert sq(g, 4) == "X-OB" and power(g, 4) == 7000 and not unit(g, 4).asleep
    assert g.state.cards[unit(g, 4).bottom].id == "B-HERO"
    assert not st.players[0].player_face_up and st.players[0].ob_bottom == -1
    assert zone(g, 0, "dynamis") == ["X-OB2"] and zone(g, 0, "trash") == ["E-OB"]
    assert g.observe(1)["players"][0]["player_card"] == {"face_down": True}
    check(g)


def test_zx_x5_no_overboost_without_bottom_or_matching_top():
    g = main(p0=dict(player="P-HERO", dynamis=["X-OB"], resources=["Z-R1"], hand=["E-OB"]))
    do(g, "event", card="E-OB")
    assert decision(g) == (0, "overboost") and legal_types(g) == {"no_overboost"}
    do(g, "no_overboost")
    assert zone(g, 0, "dynamis") == ["X-OB"] and decision(g) == (0, "main")
    g = main(p0=ob_player(dynamis=["X-OB2"], resources=["Z-R1"], hand=["E-OB"]))
    do(g, "event", card="E-OB")
    assert legal_types(g) == {"no_overboost"}


def test_zx_x5_opponent_cannot_attack_the_player_while_the_ob_is_on_the_board():
    g = main(p0=dict(player="P-HERO", player_face_up=False),
             board={8: dict(card="X-OB", bottom="B-HERO", damage=6000),
                    4: dict(card="Z-R3", owner=1), 5: dict(card="Z-R1", owner=1)},
             active=1)
    assert [(a.attacker, a.target) for a in legal(g, "attack")] == [(5, 8)]
    attack(g, 5, 8)                                       # 6000 + 1000 >= 7000: destroyed
    st = g.state
    assert sq(g, 8) is None
    # the top half goes face up to the dynamis, the player card turns face up again
    assert zone(g, 0, "dynamis") == ["X-OB"] and zone(g, 0, "face_up") == ["X-OB"]
    assert st.players[0].player_face_up and g.state.cards[st.players[0].ob_bottom].id == "B-HERO"
    assert zone(g, 0, "charge") == [] and zone(g, 0, "trash") == []
    assert g.observe(1)["players"][0]["player_card"]["id"] == "P-HERO"
    # now the player can be attacked
    assert options(g, "attack", "target") == [-1]
    check(g)


def test_zx_x5_used_ob_top_cannot_overboost_again():
    g = main(p0=ob_player(face_up=["X-OB"], resources=["Z-R1"], hand=["E-OB"]))
    do(g, "event", card="E-OB")
    assert legal_types(g) == {"no_overboost"}


# =============================================================================================
# ZX-X6: SHIFT
# =============================================================================================

def test_zx_x6_shift_onto_an_ob_meeting_its_conditions_once_per_turn():
    g = main(p0=dict(dynamis=["X-SHIFT", "X-SHIFT2"], face_up=["X-AWK"], player="P-HERO",
                     player_face_up=False),
             board={4: dict(card="X-OB", bottom="B-HERO"), 3: "Z-R1"})
    shifts = {(g.state.cards[a.card].id, a.square) for a in legal(g, "shift")}
    assert shifts == {("X-SHIFT", 4), ("X-SHIFT2", 4), ("X-SHIFT2", 3)}   # X-SHIFT: Z/X OB only
    do(g, "shift", card="X-SHIFT", square=4)
    assert g.state.cards[unit(g, 4).shift].id == "X-SHIFT"
    assert power(g, 4) == 9000                            # its abilities are added
    assert zone(g, 0, "dynamis") == ["X-SHIFT2", "X-AWK"]
    assert g.observe(1)["board"][4]["shift"]["id"] == "X-SHIFT"
    assert "shift" not in legal_types(g)                  # once per turn
    check(g)


def test_zx_x6_shift_adds_its_name_colour_and_race_not_only_abilities():
    """ZX-X6 「配置対称にカード記載の名称・色・種族・能力などを追加する。」: Z-R2 (red, no race) with the
    SHIFT X-SHIFT2 (剣臨の青, blue, race 剣精) is also named 剣臨の青, blue and a 剣精."""
    g = main(p0=dict(dynamis=["X-SHIFT2"], hand=["E-RACE", "E-NAME"], resources=["Z-R1"] * 2),
             board={3: "Z-R2", 5: "Z-BLUEBOOST", 4: dict(card="Z-R3", owner=1)})
    assert power(g, 3) == 2000 and power(g, 5) == 2000     # the banner lifts blue Z/X: itself only
    assert "names" not in g.observe(0)["board"][3]
    do(g, "shift", card="X-SHIFT2", square=3)
    assert power(g, 3) == 3000                              # blue now: +1000 from the banner
    view = g.observe(1)["board"][3]
    assert view["names"] == ["赤二", "剣臨の青"] and view["colors"] == ["red", "blue"]
    assert view["races"] == ["剣精"] and view["color"] == "red"   # the printed card is unchanged
    do(g, "event", card="E-RACE")                           # your 剣精 Z/X: +2000
    assert power(g, 3) == 5000 and power(g, 5) == 2000
    do(g, "event", card="E-NAME")                           # the one named 剣臨の青: +3000
    assert decision(g) == (0, "main")                       # only one candidate: no choice asked
    assert power(g, 3) == 8000 and power(g, 5) == 2000
    check(g)


def test_zx_x6_unit_filters_checked_at_load(tmp_path):
    from tcg.engine.errors import CardDataError
    from tcg.games.zx.cards import load_cards
    head = '[set]\ngame = "zx"\nname = "t"\nversion = "1"\n[[cards]]\nid = "E-X"\nkind = "event"\n' \
           'name = "x"\ncolor = "red"\ncost = 1\n[[cards.abilities]]\nkind = "use"\n'
    for bad, word in (('filter = {cost = 2}', "cost"), ('filter = {color = "purple"}', "purple")):
        f = tmp_path / "bad.toml"
        f.write_text(head + f'effects = [{{op = "destroy", target = "all_opponent_zx", {bad}}}]\n', encoding="utf-8")
        with pytest.raises(CardDataError) as e:
            load_cards(f)
        assert word in str(e.value)


def test_zx_x6_shift_needs_its_dynamis_condition_and_no_shift_already():
    g = main(p0=dict(dynamis=["X-SHIFT"], player="P-HERO", player_face_up=False),
             board={4: dict(card="X-OB", bottom="B-HERO")})
    assert "shift" not in legal_types(g)                  # 0 face-up dynamis cards < 1
    g = main(p0=dict(dynamis=["X-SHIFT2"]), board={4: dict(card="Z-R1", shift="X-SHIFT2")})
    assert "shift" not in legal_types(g)                  # already has a SHIFT


def test_zx_x6_shift_returns_face_up_when_its_zx_leaves():
    g = main(p0=dict(dynamis=["X-SHIFT2"]), board={4: dict(card="Z-R2", shift="X-SHIFT2", damage=1000),
                                                   3: dict(card="Z-R1", owner=1)}, active=1)
    attack(g, 3, 4)
    assert sq(g, 4) is None
    assert zone(g, 0, "dynamis") == ["X-SHIFT2", "X-SHIFT2"]
    assert zone(g, 0, "face_up") == ["X-SHIFT2"]
    assert zone(g, 0, "charge") == ["Z-R2"]


# =============================================================================================
# ZX-X7: EV EX
# =============================================================================================

def test_zx_x7_ev_ex_in_the_main_phase_choose_one_effect_then_face_up():
    g = main(p0=dict(dynamis=["X-EVEX"], resources=["Z-R1", "Z-B2"], deck=["Z-R3"] + FILL, player="P-HERO"),
             board={3: dict(card="Z-R5", owner=1)})
    assert options(g, "ev_ex", "effect") == [0, 1]
    do(g, "ev_ex", card="X-EVEX", effect=0)
    assert zone(g, 0, "hand") == ["Z-R3"] and unit(g, 3).damage == 0   # only the chosen effect
    assert zone(g, 0, "dynamis") == ["X-EVEX"] and zone(g, 0, "face_up") == ["X-EVEX"]
    assert zone(g, 0, "asleep") == ["Z-R1"]               # cost 1, red
    assert "ev_ex" not in legal_types(g)
    assert [c["id"] for c in g.observe(1)["players"][0]["dynamis_face_up"]] == ["X-EVEX"]


def test_zx_x7_ev_ex_in_the_opponents_battle():
    g = main(p1=dict(dynamis=["X-EVEX"], resources=["Z-R1"], player="P-HERO"),
             board={4: "Z-R2", 3: dict(card="Z-R5", owner=1)})
    do(g, "attack", attacker=4, target=3)
    do(g, "pass")
    assert decision(g) == (1, "battle")
    assert options(g, "ev_ex", "effect") == [0, 1]
    do(g, "ev_ex", card="X-EVEX", effect=1)              # 2000 damage to the attacker (2000)
    assert sq(g, 4) is None and zone(g, 0, "charge") == ["Z-R2"]
    assert zone(g, 1, "face_up") == ["X-EVEX"] and g.state.players[1].used_ev_ex
    pass_battle(g, 0, 1)
    assert unit(g, 3).damage == 0 and events(g, "battle_end")[0]["why"] == "attacker gone"


def test_zx_x7_opponents_ev_ex_does_not_block_your_zx_ex():
    g = main(p0=dict(hand=["Z-R1"], dynamis=["X-AWK"], resources=["Z-R1"] * 2),
             p1=dict(dynamis=["X-EVEX"], resources=["Z-R1"], deck=["Z-B2"] + FILL, player="P-HERO"),
             board={4: "Z-R2"})
    do(g, "attack", attacker=4, target=-1)
    do(g, "pass")
    do(g, "ev_ex", card="X-EVEX", effect=0)              # the defender draws
    assert zone(g, 1, "hand") == ["Z-B2"]
    pass_battle(g, 0, 1)
    do(g, "life", index=0)
    assert decision(g) == (0, "main")
    assert ex_squares(g, "X-AWK")                          # per player: still available to player 0


def test_zx_x7_ev_ex_in_own_battle_but_not_after_a_zx_ex_this_turn():
    g = main(p0=dict(dynamis=["X-EVEX"], resources=["Z-R1", "Z-R1"], player="P-HERO"), board={4: "Z-R2"})
    do(g, "attack", attacker=4, target=-1)
    assert options(g, "ev_ex", "effect") == [0, 1]
    g = main(p0=dict(dynamis=["X-EVEX"], resources=["Z-R1", "Z-R1"], used_ex=True, player="P-HERO"),
             board={4: "Z-R2"})
    do(g, "attack", attacker=4, target=-1)
    assert legal_types(g) == {"pass"}


def test_zx_x7_ev_ex_without_resources_cannot_be_used():
    g = main(p0=dict(dynamis=["X-EVEX"], resources=["Z-B2"], asleep=["Z-R1"], player="P-HERO"))
    assert "ev_ex" not in legal_types(g)


def test_zx_x7_ev_ex_is_only_for_its_named_player():
    """ZX-X7 「基本的にはプレイヤーごとの専用カードであり、それぞれプレイヤー名が指定されている。」: X-EVEX names
    P-HERO; it is never offered to a player whose player card is another one, or who has none."""
    for pc in ("P-OTHER", None):
        spec = dict(dynamis=["X-EVEX"], resources=["Z-R1", "Z-R1"], hand=["E-DRAW"])
        if pc:
            spec["player"] = pc
        g = main(p0=spec, p1=dict(dynamis=["X-EVEX"], resources=["Z-R1"], hand=["E-GUARD"], player=pc or "P-OTHER"),
                 board={4: "Z-R2"})
        assert "event" in legal_types(g) and "ev_ex" not in legal_types(g)       # main phase
        do(g, "attack", attacker=4, target=-1)
        assert legal_types(g) == {"pass"}                                         # own battle
        do(g, "pass")
        assert decision(g) == (1, "battle") and "ev_ex" not in legal_types(g)     # the opponent's
    # the named player may (main phase and the opponent's battle)
    g = main(p0=dict(dynamis=["X-EVEX"], resources=["Z-R1"], player="P-HERO"),
             p1=dict(dynamis=["X-EVEX"], resources=["Z-R1"], player="P-HERO"), board={4: "Z-R2"})
    assert options(g, "ev_ex", "effect") == [0, 1]
    do(g, "attack", attacker=4, target=-1)
    do(g, "pass")
    assert decision(g) == (1, "battle") and options(g, "ev_ex", "effect") == [0, 1]


# =============================================================================================
# ZX-W1..W3: winning
# =============================================================================================

def test_zx_w1_last_life_card_taken_by_an_attack_loses_at_once():
    g = main(p1=dict(life=["Z-R2"]), board={4: "Z-R3"})
    attack(g, 4, -1)
    do(g, "life", index=0)
    assert g.is_over and g.winner == 0 and g.result == {"winner": 0, "draw": False, "reason": "life"}
    assert zone(g, 1, "life") == [] and zone(g, 1, "charge") == ["Z-R2"]
    tail = [e["type"] for e in g.log][-4:]
    assert tail == ["life_damage", "to_charge", "life_zero", "game_over"]
    assert g.decision is None and g.legal_actions() == []


def test_zx_w1_last_life_card_with_ignition_icon_still_loses():
    g = main(p1=dict(life=["Z-B3I"]), board={4: "Z-R3"})
    attack(g, 4, -1)
    do(g, "life", index=0)
    assert g.is_over and g.winner == 0 and g.state.end_reason == "life"
    assert g.decision is None and g.state.players[1].revealed == -1   # no chance to use it
    assert sq(g, 0) is None and zone(g, 1, "charge") == ["Z-B3I"]


def test_zx_w1_refresh_sending_the_last_life_loses():
    g = main(p0=dict(deck=[], trash=["Z-R2", "Z-R3"], life=["Z-R1"]), start=("start_turn",), turn=5)
    assert g.is_over and g.winner == 1 and g.state.end_reason == "life"
    assert zone(g, 0, "life") == [] and zone(g, 0, "charge") == ["Z-R1"]
    assert [e["type"] for e in g.log][-4:] == ["refresh", "to_charge", "life_zero", "game_over"]


def test_zx_w1_refresh_with_no_life_loses():
    g = main(p0=dict(deck=[], trash=["Z-R2"], life=[]), start=("start_turn",), turn=5)
    assert g.is_over and g.winner == 1 and g.state.end_reason == "deck_out"


def test_zx_w2_a_cards_own_win_condition_wins():
    g = main(p0=dict(hand=["E-WIN", "E-WIN"], resources=["Z-R1"] * 2, face_up=["X-AWK"]))
    do(g, "event", card="E-WIN")                          # 1 face-up dynamis card: nothing
    assert not g.is_over and decision(g) == (0, "main")
    g = main(p0=dict(hand=["E-WIN"], resources=["Z-R1"], face_up=["X-AWK", "X-EVEX"]), active=0)
    do(g, "event", card="E-WIN")
    assert g.is_over and g.winner == 0 and g.state.end_reason == "card"
    assert events(g, "card_win")[0]["player"] == 0


def test_zx_w3_a_player_may_concede():
    g = main()
    g.concede(1)                                         # not the deciding player
    assert g.is_over and g.result == {"winner": 0, "draw": False, "reason": "concede"}
    g = main()
    g.apply(Action("concede"))                           # the deciding player, as an action
    assert g.is_over and g.winner == 1 and events(g, "concede") == [{"type": "concede", "player": 0}]
