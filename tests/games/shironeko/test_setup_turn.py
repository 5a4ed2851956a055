"""Shironeko set-up, turn structure, costs and winning: SN-S1..S4, SN-T1..T5, SN-C1..C4,
SN-W1, SN-W2.

Set-up tests play real games through the public API (``Game(fixture_rules(), decks, seed)``)
with legal fixture decks; the others build precise states with the scenario harness."""
from __future__ import annotations

from collections import Counter

import pytest

from tcg.engine.action import Action, Decision
from tcg.engine.deck import Deck
from tcg.engine.errors import CardDataError, IllegalActionError
from tcg.engine.game import Game, replay_record
from tcg.games.shironeko import cards as sncards
from tcg.games.shironeko.deckcheck import check_deck

from ..harness_base import copies
from .harness import can, do, fixture_rules, legal_types, scenario, unit, zone

# --- legal fixture decks (shared by the set-up tests) ---------------------------------------

MAIN = {"F-R1": 3, "F-R1A": 3, "F-R2": 3, "F-R3": 3, "F-B1": 3, "F-B2": 3, "F-STATIC": 3,
        "F-ACT": 3, "F-READY": 3, "F-ENTER": 3, "F-VER": 2,
        "F-MSHOCK": 3, "F-MPOISON": 3, "F-MDMG": 2}
MAIN_LZ = {**MAIN, "F-VER": 0, "F-LZ": 1, "F-LZ2": 1}
TOWN = {"F-T-RED": 4, "F-T-BLUE": 3, "F-T-RAINBOW": 3}


def legal_deck(leaders: bool = False) -> Deck:
    sections = {"main": copies(MAIN_LZ if leaders else MAIN), "town": copies(TOWN)}
    if leaders:
        sections["leader"] = ("F-L1", "F-L2")
    deck = Deck("shironeko", "fixture leaders" if leaders else "fixture", sections)
    r = fixture_rules()
    assert check_deck(r.cards, r.profile, deck) == []
    return deck


def new_game(seed: int, leaders: bool = False) -> Game:
    return Game(fixture_rules(), [legal_deck(leaders), legal_deck(leaders)], seed)


def main_order(g: Game, p: int) -> list[str]:
    """The order the main deck had right after shuffling, top first (hand cards were drawn
    from the top in order)."""
    return zone(g, p, "hand") + zone(g, p, "deck")


def finish_mulligans(g: Game) -> None:
    for _ in range(2):
        assert g.decision.kind == "mulligan"
        g.apply(Action("mulligan_done"))


def recorded(entry: dict) -> tuple[int, dict]:
    """(player, action dict) of one entry of ``record()["actions"]``, whether the action is
    nested under "action" or inlined."""
    body = entry.get("action", {k: v for k, v in entry.items() if k != "player"})
    return entry["player"], dict(body)


def events_since(g: Game, start: int) -> list[dict]:
    return list(g.log[start:])


def hand_iids(g: Game, p: int) -> list[int]:
    return list(g.state.players[p].hand)


# =============================================================================================
# SN-S1: shuffle both decks; leader cards aside face up
# =============================================================================================

def test_sn_s1_main_deck_shuffled_seeded():
    deck = legal_deck()
    unshuffled = list(reversed(deck.section("main")))  # top first, as built
    orders = {}
    for seed in (1, 2, 3):
        g = new_game(seed)
        for p in (0, 1):
            order = main_order(g, p)
            assert Counter(order) == Counter(deck.section("main"))
            assert len(order) == 40
            assert order != unshuffled and order != list(deck.section("main"))
            orders[seed, p] = order
    assert orders[1, 0] != orders[2, 0] != orders[3, 0] != orders[1, 0]
    assert orders[1, 0] != orders[1, 1]  # each player's deck is shuffled on its own
    assert main_order(new_game(2), 0) == orders[2, 0]  # same seed, same order
    assert {e["zone"] for e in new_game(2).log if e["type"] == "shuffle"} == {"deck", "town_deck"}


def test_sn_s1_town_deck_shuffled_seeded():
    deck = legal_deck()
    unshuffled = list(reversed(deck.section("town")))
    towns = set()
    for seed in range(8):
        g = new_game(seed)
        for p in (0, 1):
            t = zone(g, p, "town_deck")
            assert Counter(t) == Counter(deck.section("town")) and len(t) == 10
            assert zone(g, p, "town") == []
            towns.add(tuple(t))
    assert tuple(unshuffled) not in towns
    assert len(towns) >= 8  # 16 shuffles of 4200 possible orders: (almost) all different
    assert zone(new_game(5), 1, "town_deck") == zone(new_game(5), 1, "town_deck")


def test_sn_s1_leader_cards_kept_aside_as_a_second_hand():
    g = new_game(4, leaders=True)
    for p in (0, 1):
        assert sorted(zone(g, p, "leader_hand")) == ["F-L1", "F-L2"]
        elsewhere = zone(g, p, "hand") + zone(g, p, "deck") + zone(g, p, "town_deck")
        assert "F-L1" not in elsewhere and "F-L2" not in elsewhere
        assert len(zone(g, p, "hand")) + len(zone(g, p, "deck")) == 40
        assert g.state.players[p].leader is None
        # a second hand (第2の手札): the opponent and a spectator see how many, not which
        for viewer in (1 - p, None):
            pv = g.observe(viewer)["players"][p]
            assert pv["leader_hand"] is None and pv["leader_hand_count"] == 2
            assert pv["hand"] is None
        assert g.observe(p)["players"][p]["hand"] is not None
        assert sorted(c["id"] for c in g.observe(p)["players"][p]["leader_hand"]) == ["F-L1", "F-L2"]


# =============================================================================================
# SN-S2: first player seeded; 4 and 5 cards
# =============================================================================================

def test_sn_s2_first_player_seeded_and_reproducible():
    firsts = {}
    for seed in range(20):
        a, b = new_game(seed), new_game(seed)
        assert a.state.first == b.state.first
        assert a.observe(None) == b.observe(None)
        assert zone(a, 0, "hand") == zone(b, 0, "hand") and zone(a, 1, "hand") == zone(b, 1, "hand")
        assert a.observe(None)["first_player"] == a.state.first
        firsts[seed] = a.state.first
    assert set(firsts.values()) == {0, 1}


def test_sn_s2_first_player_draws_4_second_draws_5():
    prof = fixture_rules().profile
    assert prof.get("start.hand_first") == 4
    assert prof.get("start.hand_second") == 5
    seen = set()
    for seed in range(12):
        g = new_game(seed)
        f = g.state.first
        seen.add(f)
        assert len(zone(g, f, "hand")) == prof.get("start.hand_first")
        assert len(zone(g, 1 - f, "hand")) == prof.get("start.hand_second")
        assert len(zone(g, f, "deck")) == 36 and len(zone(g, 1 - f, "deck")) == 35
        assert g.state.active == f
        assert g.decision == Decision(f, "mulligan")
        assert g.observe(None)["players"][f]["hand_count"] == 4
    assert seen == {0, 1}


# =============================================================================================
# SN-S3: mulligan, first player then second, once each
# =============================================================================================

def test_sn_s3_first_player_then_second_each_once():
    g = new_game(7)
    f = g.state.first
    assert g.decision == Decision(f, "mulligan")
    assert legal_types(g) == {"mulligan_mark", "mulligan_done"}
    g.apply(Action("mulligan_done"))
    assert g.decision == Decision(1 - f, "mulligan")
    assert g.observe(None)["players"][f]["mulliganed"] is True
    assert g.observe(None)["players"][1 - f]["mulliganed"] is False
    g.apply(Action("mulligan_done"))
    # no third mulligan decision: the first player's first turn starts
    assert g.decision == Decision(f, "main")
    assert g.state.turn == 1 and g.state.active == f
    assert not legal_types(g) & {"mulligan_mark", "mulligan_done"}
    with pytest.raises(IllegalActionError):
        g.apply(Action("mulligan_done"))
    g.apply(Action("end_turn"))
    assert g.decision == Decision(1 - f, "main")
    assert not legal_types(g) & {"mulligan_mark", "mulligan_done"}


def test_sn_s3_returned_cards_are_set_aside_then_draw_same_number_then_shuffle():
    """SN-S3 「任意数戻して引き直し後シャッフル」: return, draw the same number, THEN shuffle the
    returned cards into the deck: the draws are the deck's top cards, never a returned card."""
    g = new_game(11)
    f = g.state.first
    ps = g.state.players[f]
    hand0, deck0 = list(ps.hand), list(ps.deck)
    back, kept = hand0[:2], hand0[2:]
    for iid in back:
        g.apply(Action("mulligan_mark", card=iid))
        assert g.decision == Decision(f, "mulligan")  # marking is part of the same decision
    assert ps.mull_pick == back
    start = len(g.log)
    g.apply(Action("mulligan_done"))
    evs = events_since(g, start)
    assert [e["type"] for e in evs] == ["mulligan", "draw", "draw", "shuffle"]
    assert evs[0] == {"type": "mulligan", "player": f, "returned": 2}
    assert evs[3] == {"type": "shuffle", "player": f, "zone": "deck"}
    assert all(e["player"] == f for e in evs)
    assert len(ps.hand) == len(hand0) and len(ps.deck) == len(deck0)  # hand size unchanged
    assert ps.hand[:len(kept)] == kept                     # kept cards stay
    assert Counter(ps.hand + ps.deck) == Counter(hand0 + deck0)  # nothing lost or gained
    drawn = ps.hand[len(kept):]
    assert drawn == [evs[1]["card"], evs[2]["card"]]
    assert drawn == [deck0[-1], deck0[-2]]                 # the top two cards of the old deck
    assert not set(drawn) & set(back) and set(back) <= set(ps.deck)
    assert g.decision == Decision(1 - f, "mulligan")


def test_sn_s3_returning_the_whole_hand_never_draws_a_returned_card():
    for seed in range(20):
        g = new_game(seed)
        f = g.state.first
        ps = g.state.players[f]
        back = list(ps.hand)
        for iid in back:
            g.apply(Action("mulligan_mark", card=iid))
        g.apply(Action("mulligan_done"))
        assert not set(ps.hand) & set(back), f"seed {seed}: a returned card was drawn back"


def test_sn_s3_second_player_mulligan_keeps_5_and_marking_is_add_only():
    """SN-S3: marking only adds (a marked card is not offered again and cannot be unmarked);
    done returns exactly the marked cards."""
    g = new_game(3)
    f, s = g.state.first, 1 - g.state.first
    g.apply(Action("mulligan_done"))
    ps = g.state.players[s]
    hand0 = list(ps.hand)
    assert len(hand0) == 5
    assert g.legal_actions() == [Action("mulligan_mark", card=i) for i in hand0] + [Action("mulligan_done")]
    g.apply(Action("mulligan_mark", card=hand0[1]))
    g.apply(Action("mulligan_mark", card=hand0[2]))
    # the marked cards are no longer offered, and marking one again is refused
    assert g.legal_actions() == [Action("mulligan_mark", card=i) for i in (hand0[0], hand0[3], hand0[4])] + \
        [Action("mulligan_done")]
    for iid in (hand0[1], hand0[2]):
        with pytest.raises(IllegalActionError):
            g.apply(Action("mulligan_mark", card=iid))
    assert ps.mull_pick == [hand0[1], hand0[2]]
    assert not any(a.type not in ("mulligan_mark", "mulligan_done") for a in g.legal_actions())
    start = len(g.log)
    g.apply(Action("mulligan_done"))
    evs = events_since(g, start)
    assert evs[0] == {"type": "mulligan", "player": s, "returned": 2}
    assert [e["type"] for e in evs[:4]] == ["mulligan", "draw", "draw", "shuffle"]
    assert len(ps.hand) == 5 and len(ps.deck) == 35
    assert ps.hand[:3] == [hand0[0], hand0[3], hand0[4]]
    assert g.decision == Decision(f, "main")


def test_sn_s3_marking_every_card_leaves_only_done_and_returns_the_whole_hand():
    """SN-S3 (add-only marks): each mark shrinks the options by one, so always taking the first
    option ends the mulligan; done returns exactly the marked cards (here all of them)."""
    g = new_game(5)
    f = g.state.first
    ps = g.state.players[f]
    hand0 = list(ps.hand)
    sizes = []
    while g.decision == Decision(f, "mulligan") and g.legal_actions()[0].type == "mulligan_mark":
        sizes.append(len(g.legal_actions()))
        g.apply(g.legal_actions()[0])
    assert sizes == list(range(len(hand0) + 1, 1, -1))
    assert g.legal_actions() == [Action("mulligan_done")]
    assert ps.mull_pick == hand0
    start = len(g.log)
    g.apply(Action("mulligan_done"))
    evs = events_since(g, start)
    assert evs[0] == {"type": "mulligan", "player": f, "returned": len(hand0)}
    assert len(ps.hand) == len(hand0) and ps.mull_pick == []


def test_sn_s3_mulligan_is_optional_keeping_all():
    g = new_game(6)
    f = g.state.first
    ps = g.state.players[f]
    hand0, deck0 = list(ps.hand), list(ps.deck)
    start = len(g.log)
    g.apply(Action("mulligan_done"))
    assert [e["type"] for e in events_since(g, start)] == ["mulligan"]
    assert ps.hand == hand0 and ps.deck == deck0


# =============================================================================================
# SN-S4: hand limit 7 at the owner's end phase only
# =============================================================================================

NINE = ["F-R1", "F-R2", "F-R3", "F-B1", "F-B2", "F-MDMG", "F-MSHOCK", "F-ACT", "F-READY"]


def test_sn_s4_hand_limit_is_7_in_profile():
    assert fixture_rules().profile.get("start.hand_limit") == 7


def test_sn_s4_nine_cards_fine_in_main_phase_discard_to_7_at_own_end_phase():
    g = scenario(p0=dict(hand=NINE, town=["F-T-RED"], deck=["F-B1"] * 5),
                 p1=dict(hand=NINE, deck=["F-B1"] * 5))
    assert g.decision == Decision(0, "main")
    assert len(zone(g, 0, "hand")) == 9
    assert "discard" not in legal_types(g)
    do(g, "place", card="F-R1")                       # still the main phase with 8 cards
    assert g.decision == Decision(0, "main")
    do(g, "end_turn")
    assert g.decision == Decision(0, "discard", {"over": 1})
    # the owner chooses: every hand card may be discarded
    assert {a.card for a in g.legal_actions()} == set(g.state.players[0].hand)
    assert legal_types(g) == {"discard"}
    do(g, "discard", card="F-MDMG")
    assert zone(g, 0, "hand") == ["F-R2", "F-R3", "F-B1", "F-B2", "F-MSHOCK", "F-ACT", "F-READY"]
    assert zone(g, 0, "discard") == ["F-MDMG"]
    # the opponent (9 cards) is not trimmed at my end phase; they draw to 10 at their start
    assert g.decision == Decision(1, "main")
    assert len(zone(g, 1, "hand")) == 10 and zone(g, 1, "discard") == []


def test_sn_s4_owner_discards_exactly_down_to_7_choosing_which():
    g = scenario(p0=dict(hand=NINE, deck=["F-B1"] * 5), p1=dict(hand=NINE, deck=["F-B1"] * 5))
    do(g, "end_turn")
    assert g.decision == Decision(0, "discard", {"over": 2})
    do(g, "discard", card="F-R3")
    assert g.decision == Decision(0, "discard", {"over": 1})
    do(g, "discard", card="F-MSHOCK")
    assert zone(g, 0, "hand") == ["F-R1", "F-R2", "F-B1", "F-B2", "F-MDMG", "F-ACT", "F-READY"]
    assert zone(g, 0, "discard") == ["F-R3", "F-MSHOCK"]
    assert g.decision == Decision(1, "main")
    assert len(zone(g, 1, "hand")) == 10
    # now the opponent's own end phase trims their hand
    do(g, "end_turn")
    assert g.decision == Decision(1, "discard", {"over": 3})


def test_sn_s4_seven_cards_no_discard():
    g = scenario(p0=dict(hand=NINE[:7], deck=["F-B1"] * 5), p1=dict(deck=["F-B1"] * 5))
    do(g, "end_turn")
    assert g.decision == Decision(1, "main")
    assert len(zone(g, 0, "hand")) == 7 and zone(g, 0, "discard") == []


# =============================================================================================
# SN-T1: start phase turns your OFF cards ON; shocked characters stay OFF
# =============================================================================================

def test_sn_t1_off_cards_turn_on_except_shocked():
    g = scenario(
        p0=dict(chars=[dict(card="F-R1", on=False), dict(card="F-B1", on=False, shock=True),
                       dict(card="F-B2", on=True)],
                town=[("F-T-RED", False), ("F-T-BLUE", False), "F-T-RED"],
                leader=dict(card="F-L2", on=False), deck=["F-B1"] * 3),
        p1=dict(chars=[dict(card="F-R2", on=False)], town=[("F-T-RED", False)], deck=["F-B1"] * 3),
        start="turn")
    assert g.decision == Decision(0, "main") and g.state.turn == 3
    assert unit(g, 0, "F-R1").on is True
    assert unit(g, 0, "F-B2").on is True
    assert unit(g, 0, "F-B1").on is False and unit(g, 0, "F-B1").shock is True
    assert unit(g, 0, "F-L2").on is True
    assert g.state.players[0].souls_off == set()
    assert all(t["on"] for t in g.observe(0)["players"][0]["town"])
    # only your own cards: the opponent's stay OFF
    assert unit(g, 1, "F-R2").on is False
    assert len(g.state.players[1].souls_off) == 1
    # the shocked character cannot attack (it is OFF); the others can
    assert can(g, "attack", attacker="F-R1") and can(g, "attack", attacker="F-B2")
    assert not can(g, "attack", attacker="F-B1")


# =============================================================================================
# SN-T2: draw 1, except the first player's first turn
# =============================================================================================

def test_sn_t2_start_phase_draws_the_top_card():
    g = scenario(p0=dict(hand=["F-R1"], deck=["F-R3", "F-B2", "F-B1"]), start="turn", turn=5)
    assert g.decision == Decision(0, "main")
    assert zone(g, 0, "hand") == ["F-R1", "F-R3"]
    assert zone(g, 0, "deck") == ["F-B2", "F-B1"]


def test_sn_t2_first_player_skips_first_draw_only():
    assert fixture_rules().profile.get("start.first_draw_restriction") is True
    for seed in (0, 1):
        g = new_game(seed)
        f, s = g.state.first, 1 - g.state.first
        finish_mulligans(g)
        assert g.state.turn == 1 and g.decision == Decision(f, "main")
        assert len(zone(g, f, "hand")) == 4 and len(zone(g, f, "deck")) == 36
        turn1 = [e for e in g.log if e["type"] == "draw" and e.get("player") == f]
        assert len(turn1) == 4  # only the opening hand
        g.apply(Action("end_turn"))
        assert g.state.turn == 2 and g.decision == Decision(s, "main")
        assert len(zone(g, s, "hand")) == 6 and len(zone(g, s, "deck")) == 34
        g.apply(Action("end_turn"))
        assert g.state.turn == 3 and g.decision == Decision(f, "main")
        assert len(zone(g, f, "hand")) == 5 and len(zone(g, f, "deck")) == 35


# =============================================================================================
# SN-T3: build the top town card ON into the town area
# =============================================================================================

def test_sn_t3_build_top_of_town_deck_on():
    g = scenario(p0=dict(town=[("F-T-RED", False)], town_deck=["F-T-BLUE", "F-T-RAINBOW"],
                         deck=["F-B1"] * 3),
                 start="turn")
    assert zone(g, 0, "town") == ["F-T-RED", "F-T-BLUE"]
    assert zone(g, 0, "town_deck") == ["F-T-RAINBOW"]
    assert g.state.players[0].souls_off == set()
    built = g.observe(1)["players"][0]["town"][-1]
    assert built["id"] == "F-T-BLUE" and built["on"] is True  # face up, visible to the opponent
    assert [e["id"] for e in g.log if e["type"] == "build"] == ["F-T-BLUE"]


def test_sn_t3_empty_town_deck_builds_nothing():
    g = scenario(p0=dict(town=["F-T-RED"], town_deck=[], deck=["F-B1"] * 3), start="turn")
    assert g.decision == Decision(0, "main")
    assert zone(g, 0, "town") == ["F-T-RED"] and zone(g, 0, "town_deck") == []
    assert [e for e in g.log if e["type"] == "build"] == []


def test_sn_t3_first_turn_builds_even_without_draw():
    g = new_game(2)
    f = g.state.first
    finish_mulligans(g)
    assert len(zone(g, f, "town")) == 1 and len(zone(g, f, "town_deck")) == 9
    assert len(zone(g, 1 - f, "town")) == 0
    g.apply(Action("end_turn"))
    assert len(zone(g, 1 - f, "town")) == 1 and len(zone(g, 1 - f, "town_deck")) == 9


# =============================================================================================
# SN-T4: main-phase actions in any order, any number; end_turn ends the main phase
# =============================================================================================

def test_sn_t4_place_place_attack_place_then_end():
    g = scenario(
        p0=dict(chars=["F-B2"], hand=["F-R1", "F-B1", "F-VER"],
                town=["F-T-RED", "F-T-RED", "F-T-BLUE", "F-T-RED"], deck=["F-B1"] * 5),
        p1=dict(deck=["F-B1", "F-B2", "F-R1", "F-R2", "F-R3"]))
    assert legal_types(g) == {"place", "attack", "end_turn"}
    do(g, "place", card="F-R1")
    assert g.decision == Decision(0, "main")
    do(g, "place", card="F-B1")
    assert g.decision == Decision(0, "main")
    do(g, "attack", attacker="F-B2")                   # 2 damage to the opposing deck
    assert zone(g, 1, "discard") == ["F-B1", "F-B2"]
    assert zone(g, 1, "deck") == ["F-R1", "F-R2", "F-R3"]
    assert g.decision == Decision(0, "main")
    do(g, "place", card="F-VER")
    assert zone(g, 0, "chars") == ["F-B2", "F-R1", "F-B1", "F-VER"]
    assert len(g.state.players[0].souls_off) == 3
    assert g.decision == Decision(0, "main")
    assert legal_types(g) == {"end_turn"}                # nothing else left to do
    do(g, "end_turn")
    assert g.state.turn == 4 and g.state.active == 1
    assert g.decision == Decision(1, "main")


def test_sn_t4_attack_monster_place_attack_in_any_order():
    g = scenario(
        p0=dict(chars=["F-B2", "F-READY"], hand=["F-MHIT", "F-R1"],
                town=["F-T-RAINBOW", "F-T-RED"], deck=["F-B1"] * 5),
        p1=dict(deck=["F-B1"] * 10))
    do(g, "attack", attacker="F-B2")
    assert len(zone(g, 1, "deck")) == 8
    do(g, "monster", card="F-MHIT")                     # 3 damage to the opponent
    assert len(zone(g, 1, "deck")) == 5 and zone(g, 0, "discard") == ["F-MHIT"]
    do(g, "place", card="F-R1")
    do(g, "attack", attacker="F-READY")
    assert len(zone(g, 1, "deck")) == 4 and len(zone(g, 1, "discard")) == 6
    assert g.decision == Decision(0, "main")
    assert not can(g, "attack", attacker="F-B2")        # once per turn each
    assert "end_turn" in legal_types(g)
    do(g, "end_turn")
    assert g.decision == Decision(1, "main")


# =============================================================================================
# SN-T5: end phase order
# =============================================================================================

def test_sn_t5_end_phase_order_buff_ends_then_poison_both_then_shock_then_discard():
    others = ["F-R2", "F-R3", "F-B2", "F-MDMG", "F-MSHOCK", "F-ACT", "F-READY", "F-VER"]
    g = scenario(
        p0=dict(chars=[dict(card="F-R1", damage=1, poison=True),
                       dict(card="F-B1", poison=True, shock=True, on=False)],
                hand=["F-MBUFF"] + others, town=["F-T-RED"], deck=["F-B1"] * 5),
        p1=dict(chars=[dict(card="F-B2", poison=True, shock=True), "F-ACT"], deck=["F-B1"] * 5))
    r1, b1, b2 = unit(g, 0, "F-R1").iid, unit(g, 0, "F-B1").iid, unit(g, 1, "F-B2").iid
    do(g, "monster", card="F-MBUFF")                    # F-R1: 5 attack, 3 HP until end of turn
    do(g, "target", target="F-R1")
    assert g.observe(0)["players"][0]["characters"][0]["hp"] == 3
    do(g, "attack", attacker="F-R1")
    do(g, "defend", defender="F-ACT")                   # F-R1 takes 1: 2 damage < 3 HP
    assert unit(g, 0, "F-R1").damage == 2
    assert zone(g, 1, "chars") == ["F-B2"]
    start = len(g.log)
    do(g, "end_turn")
    evs = events_since(g, start)

    def index(pred) -> int:
        hits = [i for i, e in enumerate(evs) if pred(e)]
        assert len(hits) == 1, hits
        return hits[0]
    i_retreat = index(lambda e: e["type"] == "leave_field" and e["card"] == r1 and e["why"] == "retreat")
    i_poison0 = index(lambda e: e["type"] == "damage" and e.get("why") == "poison" and e["card"] == b1)
    i_poison1 = index(lambda e: e["type"] == "damage" and e.get("why") == "poison" and e["card"] == b2)
    i_shock = index(lambda e: e["type"] == "marker" and e["card"] == b1 and e["marker"] == "shock")
    assert i_retreat < i_poison0 < i_poison1 < i_shock
    # (1) the buff ended first, so F-R1 retreated before poison: it took no poison damage
    assert not any(e["type"] == "damage" and e["card"] == r1 for e in evs)
    assert zone(g, 0, "chars") == ["F-B1"] and "F-R1" in zone(g, 0, "discard")
    # (2) poison on both sides, (3) only my shock removed
    assert unit(g, 0, "F-B1").damage == 1 and unit(g, 1, "F-B2").damage == 1
    assert unit(g, 0, "F-B1").shock is False and unit(g, 1, "F-B2").shock is True
    # (4) then the hand: 8 cards, discard 1 — the decision opens after all of the above
    assert g.decision == Decision(0, "discard", {"over": 1})
    assert evs[-1]["type"] == "marker" and i_shock == len(evs) - 1
    do(g, "discard", card="F-VER")
    assert g.decision == Decision(1, "main") and len(zone(g, 0, "hand")) == 7


def test_sn_t5_until_end_of_turn_modifiers_end():
    g = scenario(p0=dict(chars=["F-B2"], hand=["F-MBUFF"], town=["F-T-RED"], deck=["F-B1"] * 3),
                 p1=dict(deck=["F-B1"] * 3))
    do(g, "monster", card="F-MBUFF")
    ch = g.observe(None)["players"][0]["characters"][0]
    assert (ch["attack"], ch["hp"]) == (5, 5)
    do(g, "end_turn")
    ch = g.observe(None)["players"][0]["characters"][0]
    assert (ch["attack"], ch["hp"]) == (2, 4)
    assert unit(g, 0, "F-B2").atk_mod == 0 and unit(g, 0, "F-B2").hp_mod == 0


def test_sn_t5_poison_damages_both_sides_at_my_end_phase():
    g = scenario(p0=dict(chars=[dict(card="F-B1", poison=True), "F-R2"], deck=["F-B1"] * 3),
                 p1=dict(chars=[dict(card="F-B2", poison=True), dict(card="F-R3", poison=True, damage=4),
                                "F-R1"],
                         deck=["F-B1"] * 3))
    do(g, "end_turn")
    assert unit(g, 0, "F-B1").damage == 1 and unit(g, 0, "F-R2").damage == 0
    assert unit(g, 1, "F-B2").damage == 1 and unit(g, 1, "F-R1").damage == 0
    assert zone(g, 1, "chars") == ["F-B2", "F-R1"] and zone(g, 1, "discard") == ["F-R3"]
    do(g, "end_turn")  # and again at the opponent's end phase
    assert unit(g, 0, "F-B1").damage == 2 and unit(g, 1, "F-B2").damage == 2


def test_sn_t5_only_own_shock_markers_removed():
    g = scenario(p0=dict(chars=[dict(card="F-B1", shock=True, on=False)], deck=["F-B1"] * 3),
                 p1=dict(chars=[dict(card="F-B2", shock=True, on=False)], deck=["F-B1"] * 3))
    do(g, "end_turn")
    assert unit(g, 0, "F-B1").shock is False
    assert unit(g, 1, "F-B2").shock is True
    assert unit(g, 1, "F-B2").on is False        # shocked: not turned ON at its start phase
    do(g, "end_turn")
    assert unit(g, 1, "F-B2").shock is False      # removed at its owner's end phase
    assert unit(g, 0, "F-B1").on is True


# =============================================================================================
# SN-C1..C4: colours and costs
# =============================================================================================

def test_sn_c1_eight_colours():
    assert sncards.COLORS == ("red", "blue", "yellow", "green", "purple", "orange", "rainbow",
                              "colorless")
    assert set(sncards.COLOR_JA) == set(sncards.COLORS)
    assert sncards.COLOR_JA["rainbow"] == "虹" and sncards.COLOR_JA["colorless"] == "無色"


def _card_file(tmp_path, colours):
    body = ['[set]\ngame = "shironeko"\nname = "colours"\nversion = "1"\n']
    for i, c in enumerate(colours):
        body.append(f'[[cards]]\nid = "T{i}"\nkind = "town"\nname = "t{i}"\ncolor = "{c}"\n')
        body.append(f'[[cards]]\nid = "M{i}"\nkind = "character"\nname = "m{i}"\ncolor = "{c}"\n'
                    f'cost = 1\nlevel = 1\nattack = 1\nhp = 1\nrune = "{c}"\n')
    path = tmp_path / "colours.toml"
    path.write_text("\n".join(body), encoding="utf-8")
    return path


def test_sn_c1_every_colour_is_accepted_and_no_other(tmp_path):
    cs = sncards.load_cards(_card_file(tmp_path, sncards.COLORS))
    assert sorted(c.color for c in cs if c.kind == "town") == sorted(sncards.COLORS)
    assert sorted(c.rune for c in cs if c.kind == "character") == sorted(sncards.COLORS)
    with pytest.raises(CardDataError):
        sncards.load_cards(_card_file(tmp_path, ["pink"]))
    with pytest.raises(CardDataError):
        sncards.load_cards(_card_file(tmp_path, ["white"]))


def test_sn_c2_paying_turns_on_souls_off_one_per_cost():
    g = scenario(p0=dict(hand=["F-R2"], town=["F-T-RED"] * 4 + ["F-T-BLUE"]))
    ps = g.state.players[0]
    start = len(g.log)
    do(g, "place", card="F-R2")                          # cost 3 red
    assert g.decision.kind == "pay"                      # R,R,R or R,R,B: the player chooses
    do(g, "pay", color="red")
    assert len(ps.souls_off) == 1                        # one soul at a time
    do(g, "pay_suggested")
    assert len(ps.souls_off) == 3
    assert sum(1 for i in ps.town if i not in ps.souls_off) == 2
    pay = [e for e in events_since(g, start) if e["type"] == "pay"]
    assert len(pay) == 1 and sorted(pay[0]["souls"]) == sorted(ps.souls_off)
    assert [t["on"] for t in g.observe(1)["players"][0]["town"]].count(False) == 3
    assert len(zone(g, 0, "town")) == 5                  # souls are turned OFF, not spent


def test_sn_c2_off_souls_cannot_pay_again():
    g = scenario(p0=dict(hand=["F-R1", "F-VER"],
                         town=[("F-T-RED", False), ("F-T-RED", False), "F-T-RED"]))
    ps = g.state.players[0]
    do(g, "place", card="F-R1")
    assert len(ps.souls_off) == 3
    assert not can(g, "place", card="F-VER")


def test_sn_c2_no_on_soul_pays_nothing_but_a_zero_cost():
    # change cost 1 with no ON soul: not payable
    g = scenario(p0=dict(chars=["F-B1"], hand=["F-R2"], town=[("F-T-RED", False)]))
    assert not can(g, "change", card="F-R2", target="F-B1")
    # an activated ability costing 0 needs no soul at all and turns none OFF
    g = scenario(p0=dict(chars=[dict(card="F-READY", on=False)], town=[("F-T-RED", False), "F-T-RED"]))
    do(g, "activate", card="F-READY", ability=0)
    assert unit(g, 0, "F-READY").on is True
    assert len(g.state.players[0].souls_off) == 1


@pytest.mark.parametrize("town,ok", [
    (["F-T-BLUE"] * 3, False),                      # no red soul
    (["F-T-GRAY"] * 3, False),                      # a colourless soul is not red
    (["F-T-BLUE", "F-T-RAINBOW"], True),            # rainbow counts as red
    (["F-T-BLUE", "F-T-RED"], True),
])
def test_sn_c3_cost_colour_needs_a_matching_soul(town, ok):
    g = scenario(p0=dict(hand=["F-R1", "F-MDMG"], town=town))
    assert can(g, "place", card="F-R1") is ok        # red 1
    assert can(g, "monster", card="F-MDMG") is ok    # red 2


@pytest.mark.parametrize("town", [["F-T-BLUE"], ["F-T-GRAY"], ["F-T-RAINBOW"], ["F-T-RED"]])
def test_sn_c3_colourless_cost_takes_any_soul(town):
    assert fixture_rules().cards["F-GRAYC"].color == "colorless"
    g = scenario(p0=dict(hand=["F-GRAYC"], town=town))
    do(g, "place", card="F-GRAYC")
    assert zone(g, 0, "chars") == ["F-GRAYC"] and len(g.state.players[0].souls_off) == 1


def test_sn_c3_one_matching_soul_is_enough_and_is_used():
    g = scenario(p0=dict(hand=["F-R2"], town=["F-T-BLUE", "F-T-BLUE", "F-T-RED", "F-T-BLUE"]))
    do(g, "place", card="F-R2")                      # red 3: 1 red + 2 blue
    ps = g.state.players[0]
    off = sorted(g.state.cards[i].id for i in ps.souls_off)
    assert off == ["F-T-BLUE", "F-T-BLUE", "F-T-RED"]
    g = scenario(p0=dict(hand=["F-R2"], town=["F-T-BLUE", "F-T-BLUE", "F-T-BLUE", "F-T-GRAY"]))
    assert not can(g, "place", card="F-R2")          # 4 souls, none red
    g = scenario(p0=dict(hand=["F-R2"], town=["F-T-BLUE", "F-T-RAINBOW", "F-T-GRAY"]))
    do(g, "place", card="F-R2")
    assert len(g.state.players[0].souls_off) == 3


def test_sn_c3_change_cost_uses_the_cost_field_colour():
    g = scenario(p0=dict(chars=["F-B1"], hand=["F-R2"], town=["F-T-BLUE", "F-T-BLUE"]))
    assert not can(g, "change", card="F-R2", target="F-B1")   # change cost 1, colour red
    g = scenario(p0=dict(chars=["F-B1"], hand=["F-R2"], town=["F-T-RED"]))
    assert can(g, "change", card="F-R2", target="F-B1")


def test_sn_c4_unaffordable_card_is_not_a_legal_action():
    g = scenario(p0=dict(hand=["F-R3"], town=["F-T-RED"] * 4))
    assert not can(g, "place", card="F-R3")          # cost 5, 4 souls
    assert legal_types(g) == {"end_turn"}
    iid = g.state.players[0].hand[0]
    with pytest.raises(IllegalActionError):
        g.apply(Action("place", card=iid))
    assert zone(g, 0, "hand") == ["F-R3"] and g.state.players[0].souls_off == set()
    assert g.decision == Decision(0, "main")
    g = scenario(p0=dict(hand=["F-R3"], town=["F-T-RED"] * 5))
    assert can(g, "place", card="F-R3")


def test_sn_c4_unaffordable_monster_and_ability_are_not_legal():
    g = scenario(p0=dict(hand=["F-MDMG"], chars=["F-ACT"], town=["F-T-RED"]),
                 p1=dict(chars=["F-B1"]))
    assert not can(g, "monster", card="F-MDMG")      # cost 2, 1 soul
    assert not can(g, "activate", card="F-ACT", ability=0)   # blue 1, only a red soul
    assert legal_types(g) == {"attack", "end_turn"}
    g = scenario(p0=dict(hand=["F-MDMG"], chars=["F-ACT"], town=["F-T-RED", "F-T-BLUE"]),
                 p1=dict(chars=["F-B1"]))
    assert can(g, "monster", card="F-MDMG") and can(g, "activate", card="F-ACT", ability=0)


# =============================================================================================
# SN-W1: deck-out at the instant the deck empties
# =============================================================================================

def assert_over(g: Game, winner: int, reason: str) -> None:
    assert g.is_over
    assert g.winner == winner
    assert g.result == {"winner": winner, "draw": False, "reason": reason}
    assert g.decision is None
    assert g.legal_actions() == []
    assert g.observe(None)["result"] == {"winner": winner, "reason": reason}
    assert g.log[-1] == {"type": "game_over", "winner": winner, "reason": reason}
    with pytest.raises(IllegalActionError):
        g.apply(Action("end_turn"))


def test_sn_w1_drawing_the_last_card_loses_at_once_in_start_phase():
    g = scenario(p0=dict(hand=["F-R1"], deck=["F-B2"], town_deck=["F-T-RED"]), start="turn")
    assert_over(g, 1, "deck_out")
    assert zone(g, 0, "hand") == ["F-R1", "F-B2"]    # the draw happened, deck is empty
    assert zone(g, 0, "deck") == []
    assert zone(g, 0, "town_deck") == ["F-T-RED"]   # lost at once: no build
    assert [e["type"] for e in g.log][-2:] == ["deck_out", "game_over"]


def test_sn_w1_deck_of_two_survives_the_draw():
    g = scenario(p0=dict(deck=["F-B2", "F-B1"], town_deck=["F-T-RED"]), start="turn")
    assert not g.is_over and g.decision == Decision(0, "main")
    assert zone(g, 0, "deck") == ["F-B1"]


def test_sn_w1_revealing_the_last_card_loses_mid_attack_before_triggers():
    g = scenario(p0=dict(chars=["F-R2"]),                                 # attack 3
                 p1=dict(deck=["F-TDMG", "F-THAND", "F-B1"], hand=["F-R1"]))
    do(g, "attack", attacker="F-R2")
    assert_over(g, 0, "deck_out")
    assert zone(g, 1, "damage_area") == ["F-TDMG", "F-THAND", "F-B1"]
    assert zone(g, 1, "deck") == [] and zone(g, 1, "discard") == []
    # the triggers never resolved: no damage to the attacker, F-THAND not in hand
    assert unit(g, 0, "F-R2").damage == 0
    assert zone(g, 1, "hand") == ["F-R1"]
    assert not any(e["type"] == "trigger" for e in g.log)


def test_sn_w1_attack_larger_than_the_deck_loses_at_the_last_card():
    g = scenario(p0=dict(chars=["F-R3"]), p1=dict(deck=["F-B1", "F-B2"]))  # attack 5
    do(g, "attack", attacker="F-R3")
    assert_over(g, 0, "deck_out")
    assert zone(g, 1, "damage_area") == ["F-B1", "F-B2"]
    assert sum(1 for e in g.log if e["type"] == "reveal") == 2


def test_sn_w1_with_cards_left_the_triggers_do_resolve():
    # contrast for the test above: one more card, and the game goes on to the triggers
    g = scenario(p0=dict(chars=["F-R2"]),
                 p1=dict(deck=["F-TDMG", "F-THAND", "F-B1", "F-B2"], hand=["F-R1"]))
    do(g, "attack", attacker="F-R2")
    assert not g.is_over
    assert g.decision.player == 1 and g.decision.kind == "trigger_order"


def test_sn_w1_mill_effect_empties_the_deck_mid_effect():
    g = scenario(p0=dict(hand=["F-MMILL"], town=["F-T-BLUE"], deck=["F-R1", "F-B1"]),
                 p1=dict(deck=["F-B1", "F-B2"]))
    do(g, "monster", card="F-MMILL")                  # opponent mills 3, then I draw 1
    assert_over(g, 0, "deck_out")
    assert zone(g, 1, "discard") == ["F-B1", "F-B2"] and zone(g, 1, "deck") == []
    # the rest of the effect never ran: I did not draw
    assert zone(g, 0, "hand") == [] and zone(g, 0, "deck") == ["F-R1", "F-B1"]


def test_sn_w1_own_draw_effect_empties_own_deck():
    g = scenario(p0=dict(hand=["F-ENTER"], town=["F-T-RAINBOW"], deck=["F-B1"]),
                 p1=dict(deck=["F-B1"] * 3))
    do(g, "place", card="F-ENTER")                    # on enter: draw 1
    assert_over(g, 1, "deck_out")
    assert zone(g, 0, "hand") == ["F-B1"] and zone(g, 0, "chars") == ["F-ENTER"]


def test_sn_w1_self_damage_then_draw_loses_at_the_draw():
    g = scenario(p0=dict(hand=["F-MSELF"], town=["F-T-RAINBOW"], deck=["F-R1", "F-R2", "F-R3"]),
                 p1=dict(deck=["F-B1"] * 3))
    do(g, "monster", card="F-MSELF")                  # 2 damage to myself, then draw 2
    assert_over(g, 1, "deck_out")
    assert zone(g, 0, "discard") == ["F-R1", "F-R2"]  # the damage finished and was cleaned up
    assert zone(g, 0, "hand") == ["F-R3"]             # the first draw emptied the deck


# =============================================================================================
# SN-W2: concede at any decision
# =============================================================================================

def _at_mulligan():
    return new_game(9)


def _at_main():
    return scenario(p0=dict(hand=["F-R1"], town=["F-T-RED"], deck=["F-B1"] * 3),
                    p1=dict(deck=["F-B1"] * 3))


def _at_defend():
    g = scenario(p0=dict(chars=["F-R1"]), p1=dict(chars=["F-B1"], deck=["F-B1"] * 3))
    do(g, "attack", attacker="F-R1")
    return g


def _at_discard():
    g = scenario(p0=dict(hand=NINE[:8], deck=["F-B1"] * 3), p1=dict(deck=["F-B1"] * 3))
    do(g, "end_turn")
    return g


def _at_target():
    g = scenario(p0=dict(hand=["F-MDMG"], town=["F-T-RED"] * 2),
                 p1=dict(chars=["F-B1", "F-B2"], deck=["F-B1"] * 3))
    do(g, "monster", card="F-MDMG")
    return g


def _at_trigger_order():
    g = scenario(p0=dict(chars=["F-R2"]), p1=dict(deck=["F-TDRAW", "F-THAND", "F-B1", "F-B2"]))
    do(g, "attack", attacker="F-R2")
    return g


def _at_search():
    g = scenario(p0=dict(hand=["F-MSEARCH"], town=["F-T-BLUE"], deck=["F-R1", "F-R3", "F-B1"]))
    do(g, "monster", card="F-MSEARCH")
    return g


def _at_pay():
    g = scenario(p0=dict(hand=["F-R2"], town=["F-T-BLUE", "F-T-RED", "F-T-RED", "F-T-RED"],
                         deck=["F-B1"] * 3), p1=dict(deck=["F-B1"] * 3))
    do(g, "place", card="F-R2")                       # red 3 from B,R,R,R: R,R,R or R,R,B
    do(g, "pay", color="red")                         # still both: the decision stays open
    return g


AT = {"mulligan": _at_mulligan, "main": _at_main, "defend": _at_defend, "discard": _at_discard,
      "target": _at_target, "trigger_order": _at_trigger_order, "search": _at_search, "pay": _at_pay}


def _check_conceded(g: Game, loser: int) -> None:
    assert g.is_over and g.winner == 1 - loser
    assert g.result == {"winner": 1 - loser, "draw": False, "reason": "concede"}
    assert g.decision is None and g.legal_actions() == []
    rec = g.record()
    assert recorded(rec["actions"][-1]) == (loser, {"type": "concede"})
    assert rec["result"] == g.result
    assert [e for e in g.log if e["type"] == "concede"] == [{"type": "concede", "player": loser}]
    assert g.log[-1] == {"type": "game_over", "winner": 1 - loser, "reason": "concede"}
    with pytest.raises(IllegalActionError):
        g.concede(1 - loser)
    with pytest.raises(IllegalActionError):
        g.apply({"type": "concede"})


@pytest.mark.parametrize("kind", sorted(AT))
def test_sn_w2_deciding_player_concedes_via_apply(kind):
    g = AT[kind]()
    assert g.decision.kind == kind
    p = g.decision.player
    g.apply({"type": "concede"})
    _check_conceded(g, p)


@pytest.mark.parametrize("kind", sorted(AT))
def test_sn_w2_non_deciding_player_concedes(kind):
    g = AT[kind]()
    assert g.decision.kind == kind
    other = 1 - g.decision.player
    g.concede(other)
    _check_conceded(g, other)


def test_sn_w2_concede_is_kept_in_the_record_and_replays():
    g = new_game(5)
    finish_mulligans(g)
    g.apply(Action("end_turn"))
    loser = g.decision.player
    g.concede(1 - loser)            # the player who is not deciding concedes
    rec = g.record()
    assert [recorded(a) for a in rec["actions"]] == [
        (g.state.first, {"type": "mulligan_done"}),
        (1 - g.state.first, {"type": "mulligan_done"}),
        (g.state.first, {"type": "end_turn"}),
        (1 - loser, {"type": "concede"})]
    again = replay_record(fixture_rules(), rec, [legal_deck(), legal_deck()])
    assert again.is_over and again.result == g.result == {
        "winner": loser, "draw": False, "reason": "concede"}
