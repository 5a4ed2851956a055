"""Z/X battles and zones: ZX-B1..ZX-B5, ZX-Z1..ZX-Z5.

Readings tested: destruction at damage >= power (ZX-B4 "at least"); the attacker picks a life
card by position (``life(index)``); a revealed life card with the ignition icon may be used free
by the defender (``place_free``/``use_free``) or declined, and then goes to the CHARGE; battle
events alternate starting with the attacker until both pass in a row."""
from __future__ import annotations

from .harness import (FILL, attack, can, check, decision, do, events, kinds, legal, legal_types, main,
                      options, pass_battle, power, sq, unit, zone)


# =============================================================================================
# ZX-B1..B5: battle
# =============================================================================================

def test_zx_b1_declare_with_a_rebooted_zx_which_goes_to_sleep():
    g = main(board={4: "Z-R3", 3: dict(card="Z-R1", owner=1)})
    assert options(g, "attack", "target") == [3, -1]
    do(g, "attack", attacker=4, target=3)
    assert unit(g, 4).asleep
    assert events(g, "attack") == [{"type": "attack", "player": 0, "attacker": 4,
                                    "card": unit(g, 4).iid, "target": 3}]
    assert decision(g) == (0, "battle")
    assert g.observe(1)["battle"] == {"attacker": 4, "target": 3}
    pass_battle(g, 0, 1)
    # asleep now: it cannot attack again this turn
    assert decision(g) == (0, "main") and "attack" not in legal_types(g)


def test_zx_b1_only_legal_targets_can_be_declared():
    g = main(board={4: "Z-R3", 0: dict(card="Z-R1", owner=1)})
    assert not can(g, "attack", attacker=4, target=0)   # diagonal: not adjacent
    assert can(g, "attack", attacker=4, target=-1)


def test_zx_b2_events_alternate_from_the_attacker_until_both_pass_in_a_row():
    g = main(p0=dict(hand=["E-PUMP", "E-PUMP"], resources=["Z-R1"] * 2),
             p1=dict(hand=["E-DRAW", "E-PUMP"], resources=["Z-R1"] * 2),
             board={4: "Z-R1", 3: dict(card="Z-R5", owner=1)})
    do(g, "attack", attacker=4, target=3)
    assert decision(g) == (0, "battle")
    # main-phase events are not battle events; the defender may use a battle event too
    assert legal_types(g) == {"battle_event", "pass"}
    do(g, "pass")
    assert decision(g) == (1, "battle")
    assert options(g, "battle_event") == ["E-PUMP"]
    do(g, "battle_event", card="E-PUMP")           # pumps the (opponent's) attacker: +2000
    assert decision(g) == (0, "battle")             # a use reopens the window for the other player
    do(g, "battle_event", card="E-PUMP")
    assert decision(g) == (1, "battle")
    do(g, "pass")
    assert decision(g) == (0, "battle")             # one pass is not enough
    do(g, "battle_event", card="E-PUMP")
    assert decision(g) == (1, "battle")
    do(g, "pass")
    assert decision(g) == (0, "battle")
    do(g, "pass")                                   # both passed in a row: resolve
    assert decision(g) == (0, "main")
    # 1000 + 3 x 2000 = 7000 >= 5000
    assert sq(g, 3) is None and zone(g, 1, "charge") == ["Z-R5"]
    order = [(e["type"], e.get("player")) for e in g.log if e["type"] in ("attack", "event", "battle_damage")]
    assert order == [("attack", 0), ("event", 1), ("event", 0), ("event", 0), ("battle_damage", None)]
    assert zone(g, 0, "trash") == ["E-PUMP", "E-PUMP"] and zone(g, 1, "trash") == ["E-PUMP"]


def test_zx_b2_battle_window_from_harness_start():
    g = main(p1=dict(hand=["E-GUARD"], resources=["Z-B1"]),
             board={4: dict(card="Z-R3", asleep=True), 3: dict(card="Z-R1", owner=1)},
             start=("battle_events", 0, 0), battle=(4, 3))
    assert decision(g) == (0, "battle") and legal_types(g) == {"pass"}
    do(g, "pass")
    assert decision(g) == (1, "battle") and options(g, "battle_event") == ["E-GUARD"]


def test_zx_b3_attacker_gone_battle_ends_with_no_effect():
    g = main(p1=dict(hand=["E-GUARD"], resources=["Z-B1"]),
             board={4: "Z-R3", 3: dict(card="Z-R1", owner=1)})
    do(g, "attack", attacker=4, target=3)
    do(g, "pass")
    do(g, "battle_event", card="E-GUARD")           # destroys the attacker
    assert sq(g, 4) is None and zone(g, 0, "charge") == ["Z-R3"]
    pass_battle(g, 0, 1)
    assert sq(g, 3) == "Z-R1" and unit(g, 3).damage == 0
    assert events(g, "battle_end") == [{"type": "battle_end", "why": "attacker gone"}]
    assert "battle_damage" not in kinds(g) and g.state.battle is None
    assert decision(g) == (0, "main")


def test_zx_b3_attacker_gone_no_life_damage_either():
    g = main(p1=dict(hand=["E-GUARD"], resources=["Z-B1"], life=["Z-R1", "Z-R2"]), board={4: "Z-R3"})
    do(g, "attack", attacker=4, target=-1)
    do(g, "pass")
    do(g, "battle_event", card="E-GUARD")
    pass_battle(g, 0, 1)
    assert decision(g) == (0, "main") and zone(g, 1, "life") == ["Z-R1", "Z-R2"]
    assert "life_damage" not in kinds(g)


def test_zx_b4_damage_equal_to_power_destroys_to_the_charge_attacker_takes_none():
    g = main(board={4: "Z-R3", 3: dict(card="Z-R3", owner=1)})
    attack(g, 4, 3)
    assert sq(g, 3) is None and zone(g, 1, "charge") == ["Z-R3"]
    assert unit(g, 4).damage == 0 and sq(g, 4) == "Z-R3"
    assert events(g, "battle_damage")[0]["amount"] == 3000
    assert events(g, "leave_board")[0]["why"] == "destroyed"


def test_zx_b4_less_damage_survives_and_damage_accumulates_this_turn():
    g = main(board={4: "Z-R3", 0: "Z-R2", 3: dict(card="Z-R5", owner=1), 1: dict(card="Z-R5", owner=1)})
    attack(g, 4, 3)
    assert sq(g, 3) == "Z-R5" and unit(g, 3).damage == 3000
    assert unit(g, 4).damage == 0
    # 2000 vs Z-R5 on square 1: 2000 < 5000 survives
    attack(g, 0, 1)
    assert sq(g, 1) == "Z-R5" and unit(g, 1).damage == 2000
    check(g)


def test_zx_b4_accumulated_damage_reaching_power_destroys():
    g = main(board={4: "Z-R3", 6: "Z-R2", 3: dict(card="Z-R5", owner=1)})
    attack(g, 4, 3)
    assert unit(g, 3).damage == 3000
    attack(g, 6, 3)                         # 3000 + 2000 = 5000 >= 5000
    assert sq(g, 3) is None and zone(g, 1, "charge") == ["Z-R5"]


def test_zx_b4_power_modifiers_count():
    g = main(p0=dict(hand=["E-PUMP"], resources=["Z-R1"]), board={4: "Z-R1", 3: dict(card="Z-R3", owner=1)})
    do(g, "attack", attacker=4, target=3)
    do(g, "battle_event", card="E-PUMP")
    assert power(g, 4) == 3000
    pass_battle(g, 1, 0)
    assert sq(g, 3) is None
    do(g, "end_turn")
    assert power(g, 4) == 1000                # until end of turn only


def test_zx_b4_destruction_checked_until_nothing_more_is_destroyed():
    """ZX-B4: a Z/X whose power falls to its damage because another Z/X left is destroyed at
    once, also when it stands on an earlier square than the one that left (square 3 < 5)."""
    g = main(board={4: "Z-R3", 5: dict(card="Z-BANNER", owner=1),
                    3: dict(card="Z-R1", owner=1, damage=1500)})
    assert power(g, 3) == 2000 and power(g, 5) == 3000      # the banner lifts both (+1000)
    attack(g, 4, 5)                                          # 3000 >= 3000: the banner goes
    assert sq(g, 5) is None
    assert sq(g, 3) is None                                  # 1500 >= 1000 now: destroyed too
    assert zone(g, 1, "charge") == ["Z-BANNER", "Z-R1"]
    assert [e["square"] for e in events(g, "leave_board")] == [5, 3]
    check(g)


def _attack_options(g) -> set:
    return {(a.attacker, a.target) for a in legal(g, "attack")}


def test_zx_b4_a_paid_placement_lowering_power_destroys_before_the_next_decision():
    """ZX-B4 「パワー以上のダメージを受けた場合破壊される。」 is a standing check: a Z/X left with
    damage under its power by a battle is destroyed the moment a Z/X whose static lowers its
    power comes down — paid for without a choice, or through a ``pay`` decision — before the
    next decision opens (not only when the next action is applied): it cannot be attacked."""
    for resources in (["Z-VB"] * 2, ["Z-VB", "Z-VB", "Z-R1"]):     # one payment / a pay decision
        g = main(p0=dict(hand=["Z-DREAD"], resources=resources),
                 board={4: "Z-R2", 6: "Z-R1", 3: dict(card="Z-R3", owner=1)})
        attack(g, 4, 3)                               # 2000 damage: under its 3000 power
        assert sq(g, 3) == "Z-R3" and unit(g, 3).damage == 2000
        do(g, "place", card="Z-DREAD", square=5)
        if decision(g)[1] == "pay":
            do(g, "pay_suggested")
        assert decision(g) == (0, "main") and sq(g, 5) == "Z-DREAD"
        assert sq(g, 3) is None and zone(g, 1, "charge") == ["Z-R3"]   # 2000 >= 3000 - 1000
        assert (6, 3) not in _attack_options(g)
        check(g)


def test_zx_b4_a_zx_ex_lowering_power_destroys_before_the_next_decision():
    """ZX-B4 / ZX-X3: the same when the Z/X lowering power is an awakened Z/X EX (paid, its
    condition carried out, then it comes down)."""
    g = main(p0=dict(hand=["Z-R1"], resources=["Z-VB"] * 2, dynamis=["X-AWKDREAD"]),
             board={4: "Z-R2", 6: "Z-R1", 3: dict(card="Z-R3", owner=1)})
    attack(g, 4, 3)
    assert unit(g, 3).damage == 2000
    do(g, "zx_ex", card="X-AWKDREAD", square=5, destroy=())
    do(g, "discard", card="Z-R1")                     # the awaken condition: then it comes down
    assert decision(g) == (0, "main") and sq(g, 5) == "X-AWKDREAD"
    assert sq(g, 3) is None and zone(g, 1, "charge") == ["Z-R3"]
    assert (6, 3) not in _attack_options(g)
    check(g)


def test_zx_b4_replacing_your_own_power_booster_destroys_before_the_next_decision():
    """ZX-B4 / ZX-Q3: a Z/X placed on your own rebooted Z/X sends it to the trash; when that one
    raised the power of a damaged Z/X of yours, the damaged one is destroyed at once (before
    the next decision: its power no longer counts in a battle)."""
    g = main(p0=dict(hand=["Z-R2"], resources=["Z-R1"] * 2),
             board={5: "Z-BANNER", 3: dict(card="Z-R1", damage=1500), 0: dict(card="Z-R1", owner=1)})
    assert power(g, 3) == 2000                        # 1000 + the banner's 1000 > 1500
    do(g, "place", card="Z-R2", square=5)             # the banner goes to the trash
    assert decision(g) == (0, "main") and sq(g, 5) == "Z-R2"
    assert zone(g, 0, "trash") == ["Z-BANNER"]
    assert sq(g, 3) is None and zone(g, 0, "charge") == ["Z-R1"]   # 1500 >= 1000
    assert (3, 0) not in _attack_options(g)
    check(g)


def test_zx_b5_attacker_picks_a_life_card_non_ignition_goes_to_charge():
    g = main(p1=dict(life=["Z-R1", "Z-R2", "Z-R3"]), board={4: "Z-R5"})
    attack(g, 4, -1)
    assert decision(g) == (0, "life_pick")
    assert options(g, "life", "index") == [0, 1, 2]
    do(g, "life", index=1)
    assert zone(g, 1, "life") == ["Z-R1", "Z-R3"]
    assert zone(g, 1, "charge") == ["Z-R2"] and zone(g, 1, "trash") == []
    e = events(g, "life_damage")[0]
    assert (e["player"], e["id"], e["icon"], e["life"]) == (1, "Z-R2", False, 2)
    assert decision(g) == (0, "main")


def test_zx_b5_ignition_life_card_declined_goes_to_charge_not_trash():
    g = main(p1=dict(life=["Z-R1", "Z-B3I"]), board={4: "Z-R5"})
    attack(g, 4, -1)
    do(g, "life", index=1)
    assert decision(g) == (1, "life_card")
    assert g.decision.info["card"] == g.state.players[1].revealed
    assert g.observe(0)["players"][1]["revealed"]["id"] == "Z-B3I"   # revealed to both
    assert "decline" in legal_types(g) and "place_free" in legal_types(g)
    do(g, "decline")
    assert zone(g, 1, "charge") == ["Z-B3I"] and zone(g, 1, "trash") == []
    assert g.state.players[1].revealed == -1
    assert decision(g) == (0, "main")


def test_zx_b5_ignition_life_zx_placed_free_by_the_defender():
    g = main(p1=dict(life=["Z-R1", "Z-B3I"]), board={4: "Z-R5", 5: dict(card="Z-R1", owner=1, asleep=True)})
    attack(g, 4, -1)
    do(g, "life", index=1)
    # the defender's squares: not 7 (the attacker's player square), not 4 (opponent Z/X), not its
    # own sleeping Z/X on 5
    assert options(g, "place_free", "square") == [0, 1, 2, 3, 6, 8]
    do(g, "place_free", square=1)
    assert sq(g, 1) == "Z-B3I" and unit(g, 1).owner == 1 and not unit(g, 1).asleep
    assert zone(g, 1, "charge") == [] and zone(g, 1, "life") == ["Z-R1"]
    assert decision(g) == (0, "main")
    check(g)


def test_zx_b5_ignition_life_event_used_free_then_trashed():
    g = main(p1=dict(life=["E-IGN", "Z-R1"], deck=["Z-B2"] + FILL), board={4: "Z-R5"})
    attack(g, 4, -1)
    do(g, "life", index=0)
    assert decision(g) == (1, "life_card") and legal_types(g) == {"use_free", "decline"}
    do(g, "use_free")
    assert zone(g, 1, "hand") == ["Z-B2"]          # E-IGN draws a card
    assert zone(g, 1, "trash") == ["E-IGN"] and zone(g, 1, "charge") == []


def test_zx_b5_hidden_life_identities():
    g = main(p1=dict(life=["Z-B3I", "E-IGN", "Z-R2"]), board={4: "Z-R5"})
    attack(g, 4, -1)
    obs = g.observe(0)
    assert obs["players"][1]["life"] == 3
    text = repr(obs) + repr(g.legal_actions()) + repr(g.log.for_player(0))
    for iid in g.state.players[1].life:
        assert f"'iid': {iid}," not in text and f"card={iid}" not in text
    assert all(a.params == (("index", k),) for k, a in enumerate(g.legal_actions()))


# =============================================================================================
# ZX-Z1..Z5: zones
# =============================================================================================

def test_zx_z1_charge_holds_at_most_4_the_rest_to_trash():
    g = main(p1=dict(charge=["Z-R1", "Z-R1", "Z-R2"], life=["Z-R3", "Z-R5", "Z-B2"]),
             board={4: "Z-R5", 0: "Z-R5", 5: dict(card="Z-B2", owner=1)})
    attack(g, 4, 5)                       # destroyed: the 4th charge card
    assert zone(g, 1, "charge") == ["Z-R1", "Z-R1", "Z-R2", "Z-B2"]
    attack(g, 0, -1)
    do(g, "life", index=0)                 # lost life with a full charge: the trash
    assert zone(g, 1, "charge") == ["Z-R1", "Z-R1", "Z-R2", "Z-B2"]
    assert zone(g, 1, "trash") == ["Z-R3"]
    e = events(g, "to_trash")[-1]
    assert (e["id"], e["why"]) == ("Z-R3", "charge full")
    check(g)


def test_zx_z2_destroyed_and_lost_life_to_charge_used_events_to_trash():
    g = main(p0=dict(hand=["E-DRAW"], resources=["Z-R1"]), p1=dict(life=["Z-R2", "Z-R3"]),
             board={4: "Z-R5", 0: "Z-R5", 5: dict(card="Z-B2", owner=1)})
    do(g, "event", card="E-DRAW")
    assert zone(g, 0, "trash") == ["E-DRAW"] and zone(g, 0, "charge") == []
    attack(g, 4, 5)
    attack(g, 0, -1)
    do(g, "life", index=0)
    assert zone(g, 1, "charge") == ["Z-B2", "Z-R2"] and zone(g, 1, "trash") == []


def test_zx_z3_alter_force_a_trash_card_of_your_choice_goes_under():
    g = main(p0=dict(hand=["Z-FORCE"], resources=["Z-R1"] * 2, trash=["Z-R3", "E-DRAW"]),
             board={4: dict(card="Z-R3", owner=1)})
    do(g, "place", card="Z-FORCE", square=3)
    assert decision(g) == (0, "pick_card")
    assert options(g, "pick") == ["Z-R3", "E-DRAW"] and "pick_none" in legal_types(g)
    assert g.observe(1)["decision"] == {"player": 0, "kind": "pick_card"}
    do(g, "pick", card="E-DRAW")
    assert [g.state.cards[i].id for i in unit(g, 3).force] == ["E-DRAW"]
    assert zone(g, 0, "trash") == ["Z-R3"]
    assert g.observe(1)["board"][3]["force"] == 1
    assert power(g, 3) == 3000               # its static +1000 with at least 1 force
    check(g)


def test_zx_z3_force_goes_to_the_trash_when_its_zx_leaves():
    g = main(board={3: dict(card="Z-FORCE", force=["E-DRAW", "Z-B1"]), 4: dict(card="Z-R3", owner=1)},
             active=1)
    assert power(g, 3) == 3000
    do(g, "attack", attacker=4, target=3)
    pass_battle(g, 1, 0)
    assert sq(g, 3) is None
    assert zone(g, 0, "trash") == ["E-DRAW", "Z-B1"] and zone(g, 0, "charge") == ["Z-FORCE"]
    assert events(g, "leave_board")[0]["force"] == [g.state.players[0].trash[0], g.state.players[0].trash[1]]
    check(g)


def test_zx_z3_alter_force_may_take_nothing_and_empty_trash_asks_nothing():
    g = main(p0=dict(hand=["Z-FORCE"], resources=["Z-R1"] * 2, trash=["Z-R3"]))
    do(g, "place", card="Z-FORCE", square=3)
    do(g, "pick_none")
    assert unit(g, 3).force == () and zone(g, 0, "trash") == ["Z-R3"] and power(g, 3) == 2000
    g = main(p0=dict(hand=["Z-FORCE"], resources=["Z-R1"] * 2))
    do(g, "place", card="Z-FORCE", square=3)
    assert decision(g) == (0, "main")


def test_zx_z4_counters_are_markers_not_cards():
    g = main(p0=dict(hand=["Z-KEY"], resources=["Z-R1"], counters={"dream_key": 1}))
    n_cards = len(g.state.cards)
    do(g, "place", card="Z-KEY", square=3)
    assert g.state.players[0].counters == {"dream_key": 3}
    assert len(g.state.cards) == n_cards     # no card was created
    for z in ("hand", "trash", "charge", "life", "dynamis"):
        assert zone(g, 0, z) == ([] if z != "life" else ["Z-R1"] * 4)
    assert g.observe(1)["players"][0]["counters"] == {"dream_key": 3}
    assert events(g, "counter")[-1] == {"type": "counter", "player": 0, "counter": "dream_key", "total": 3}
    check(g)


def test_zx_z5_empty_deck_refresh_trash_becomes_deck_and_one_life_to_charge():
    g = main(p0=dict(deck=[], trash=["Z-R2", "Z-R3", "E-DRAW"], life=["Z-R1", "Z-B2"]),
             start=("start_turn",), turn=5, active=0)
    st = g.state
    assert zone(g, 0, "trash") == []
    assert zone(g, 0, "life") == ["Z-R1"]
    assert zone(g, 0, "charge") == ["Z-B2"]          # the last-listed life card went
    assert len(zone(g, 0, "hand")) == 1 and len(zone(g, 0, "deck")) == 2
    assert sorted(zone(g, 0, "hand") + zone(g, 0, "deck")) == ["E-DRAW", "Z-R2", "Z-R3"]
    order = [e["type"] for e in g.log if e["type"] in ("refresh", "to_charge", "draw")]
    assert order == ["refresh", "to_charge", "draw"]
    assert events(g, "refresh")[0] == {"type": "refresh", "player": 0, "cards": 3}
    assert not st.over and decision(g) == (0, "resource")
    check(g)


def test_zx_z5_refresh_shuffles_the_trash():
    trash = ["Z-R1", "Z-R2", "Z-R3", "Z-R5", "Z-B1", "Z-B2", "E-DRAW", "E-PUMP"]
    orders = set()
    for seed in (0, 1, 2):
        g = main(p0=dict(deck=[], trash=trash, life=["Z-R1", "Z-B2"]), start=("start_turn",), turn=5,
                 seed=seed)
        order = zone(g, 0, "hand") + zone(g, 0, "deck")
        assert sorted(order) == sorted(trash)
        orders.add(tuple(order))
    assert tuple(reversed(trash)) not in orders and tuple(trash) not in orders
    assert len(orders) > 1                       # the order depends on the seed


def test_zx_z5_refresh_only_when_a_card_is_needed():
    g = main(p0=dict(deck=[], trash=["Z-R2"], life=["Z-R1", "Z-B2"]))
    do(g, "end_turn")
    assert zone(g, 0, "deck") == [] and zone(g, 0, "life") == ["Z-R1", "Z-B2"]
    assert "refresh" not in kinds(g)


def test_zx_s6_searched_card_is_hidden_from_the_opponent_unless_revealed():
    """Hidden information (ZX-S6; the hand, like the dynamis 「相手は枚数のみ確認可」, is seen by the
    opponent as a count): a card searched from the deck into the hand is named only in its
    owner's log; a search that reveals it (公開) names it to both."""
    g = main(p0=dict(hand=["E-SEEK"], resources=["Z-R1"], deck=["Z-R1", "Z-B2", "Z-R3"] + FILL))
    do(g, "event", card="E-SEEK")
    assert decision(g) == (0, "pick_card")
    assert g.observe(1)["decision"] == {"player": 0, "kind": "pick_card"}   # the options are the owner's
    do(g, "pick", card="Z-B2")
    assert "Z-B2" in zone(g, 0, "hand")
    iid = next(i for i in g.state.players[0].hand if g.state.cards[i].id == "Z-B2")
    mine = [e for e in g.log.for_player(0) if e["type"] == "pick"]
    theirs = [e for e in g.log.for_player(1) if e["type"] == "pick"]
    assert mine == [{"type": "pick", "player": 0, "from": "deck", "card": iid, "id": "Z-B2"}]
    assert theirs == [{"type": "pick", "player": 0, "from": "deck"}]
    assert [e for e in g.log.for_spectator() if e["type"] == "pick"] == theirs
    text = repr(g.observe(1)) + repr(g.log.for_player(1))
    assert "Z-B2" not in text and f"'card': {iid}," not in text and f"'iid': {iid}," not in text
    # 公開: the card is shown to both players
    g = main(p0=dict(hand=["E-SEEKR"], resources=["Z-R1"], deck=["Z-R1", "Z-B2", "Z-R3"] + FILL))
    do(g, "event", card="E-SEEKR")
    assert g.observe(0)["decision"]["reveal"] is True
    do(g, "pick", card="Z-B2")
    theirs = [e for e in g.log.for_player(1) if e["type"] == "pick"]
    assert len(theirs) == 1 and theirs[0]["id"] == "Z-B2" and theirs[0]["revealed"] is True
    check(g)
