"""Mechanics corpus, Z/X, step 3 (docs/card-language-design.md): one scenario test per card of
tests/corpus/zx/triggers.toml (an exact state, an action, the exact outcome), the order of
simultaneous triggers, the cap per action, then the load errors of ``when``."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import cardfile, scenes
from .cardfile import header
from ..games.zx.harness import FILL, decision, do, events, fixture_rules, main, pass_battle, power, zone

CORPUS = pathlib.Path(__file__).parent / "zx" / "triggers.toml"


#: a scenario with the corpus cards: each player has a deck and four life cards unless told
game = functools.partial(main, cards=CORPUS)


def triggered(g) -> list[tuple]:
    return [(e["player"], e["id"], e["event"]) for e in events(g, "trigger")]


# --- CT-01: when this Z/X enters from the hand, draw ----------------------------------------------

def test_ct01_entering_from_the_hand_draws_a_card():
    g = game(p0={"hand": ["CT-01"], "resources": ["Z-B1"]})
    do(g, "place", card="CT-01", square=3)
    assert triggered(g) == [(0, "CT-01", "enters")]
    assert zone(g, 0, "hand") == ["Z-R1"]
    assert decision(g) == (0, "main")


def test_ct01_already_on_the_board_another_zx_entering_does_nothing():
    g = game(p0={"hand": ["Z-B1"], "resources": ["Z-B1"]}, board={3: "CT-01"})
    do(g, "place", card="Z-B1", square=4)
    assert triggered(g) == [] and zone(g, 0, "hand") == []


# --- CT-02: once per turn, optional: another own Z/X enters ---------------------------------------

def test_ct02_you_may_once_per_turn():
    g = game(p0={"hand": ["Z-G1", "Z-G1"], "resources": ["Z-G1"] * 2}, board={3: "CT-02"})
    do(g, "place", card="Z-G1", square=4)
    assert decision(g) == (0, "optional") and g.decision.info["op"] == "trigger"
    do(g, "optional", use=True)
    assert power(g, 3) == 4000
    do(g, "place", card="Z-G1", square=5)                 # the second one: once per turn
    assert decision(g) == (0, "main") and power(g, 3) == 4000
    assert triggered(g) == [(0, "CT-02", "enters")]


def test_ct02_declined_nothing_happens_and_the_turn_use_is_spent():
    g = game(p0={"hand": ["Z-G1", "Z-G1"], "resources": ["Z-G1"] * 2}, board={3: "CT-02"})
    do(g, "place", card="Z-G1", square=4)
    do(g, "optional", use=False)
    assert power(g, 3) == 2000 and decision(g) == (0, "main")
    assert [e["use"] for e in events(g, "optional")] == [False]
    do(g, "place", card="Z-G1", square=5)
    assert decision(g) == (0, "main")


def test_ct02_an_opponents_zx_entering_does_not_count():
    g = game(p0={"hand": ["Z-G1"], "resources": ["Z-G1"]}, board={3: dict(card="CT-02", owner=1)})
    do(g, "place", card="Z-G1", square=4)
    assert triggered(g) == [] and decision(g) == (0, "main")


# --- CT-03: when this Z/X is destroyed, draw (it looks back from the charge) ----------------------

def test_ct03_destroyed_in_battle_its_owner_draws():
    g = game(board={4: "Z-R3", 3: dict(card="CT-03", owner=1)})
    do(g, "attack", attacker=4, target=3)
    pass_battle(g, 0, 1)
    assert zone(g, 1, "charge") == ["CT-03"]
    assert triggered(g) == [(1, "CT-03", "destroyed")]
    assert zone(g, 1, "hand") == ["Z-R1"]


# --- CT-04: when this Z/X attacks, +2000; CT-05: when this Z/X is attacked, +3000 -------------------

@pytest.mark.parametrize("attacker, defender, trigger, square, charged", [
    ("CT-04", "Z-R5", (0, "CT-04", "attacks"), 4, ["Z-R5"]),   # 3000 + 2000: Red Five (5000) is destroyed
    ("Z-R3", "CT-05", (1, "CT-05", "attacked"), 3, []),        # 2000 + 3000: it survives Red Three (3000)
])
def test_ct04_ct05_the_trigger_gives_power_before_the_battle(attacker, defender, trigger, square, charged):
    g = game(board={4: attacker, 3: dict(card=defender, owner=1)})
    do(g, "attack", attacker=4, target=3)
    assert triggered(g) == [trigger] and power(g, square) == 5000
    pass_battle(g, 0, 1)
    assert zone(g, 1, "charge") == charged and (g.state.board[3] is None) == bool(charged)


def test_ct05_an_attack_on_the_player_does_not_trigger_it():
    g = game(board={4: "Z-R3", 3: dict(card="CT-05", owner=1)})
    do(g, "attack", attacker=4, target=-1)
    assert triggered(g) == []


# --- CT-06: at the start of your turn, mill the opponent -------------------------------------------

def test_ct06_your_turn_start_mills_one():
    g = game(board={3: "CT-06"}, start=("end_phase",), active=1)
    assert zone(g, 1, "trash") == ["Z-R1"]                 # p0's turn has started
    assert triggered(g) == [(0, "CT-06", "turn_start")]
    kinds = [e[0] for e in g.state.events if e[0] in ("turn_start", "trigger", "mill", "draw")]
    assert kinds[-4:] == ["turn_start", "trigger", "mill", "draw"]  # before the reboot and the draw


def test_ct06_resolves_before_the_reboot():
    g = game(board={3: "CT-06", 4: dict(card="Z-R1", asleep=True)}, start=("end_phase",), active=1)
    assert decision(g) == (0, "resource") and not g.state.board[4].asleep


def test_ct06_the_opponents_turn_start_does_nothing():
    g = game(board={3: "CT-06"}, start=("end_phase",), active=0)
    assert triggered(g) == [] and zone(g, 1, "trash") == []


# --- CT-07: at the end of your turn, if the trash holds three, draw --------------------------------

def test_ct07_turn_end_with_three_in_the_trash_draws():
    g = game(p0={"trash": ["Z-R1"] * 3}, board={3: "CT-07"}, start=("end_phase",), active=0)
    assert triggered(g) == [(0, "CT-07", "turn_end")]
    assert zone(g, 0, "hand") == ["Z-R1"]


def test_ct07_with_two_it_does_not_trigger():
    g = game(p0={"trash": ["Z-R1"] * 2}, board={3: "CT-07"}, start=("end_phase",), active=0)
    assert triggered(g) == [] and zone(g, 0, "hand") == []


# --- CT-08: once per turn, when the opponent draws, mill them --------------------------------------

def test_ct08_the_opponents_draw_mills_one():
    g = game(board={3: "CT-08"}, start=("end_phase",), active=0)
    assert triggered(g) == [(0, "CT-08", "draw")]
    assert zone(g, 1, "trash") == ["Z-R1"] and len(zone(g, 1, "hand")) == 1


def test_ct08_your_own_draw_does_not():
    g = game(board={3: "CT-08"}, start=("end_phase",), active=1)
    assert triggered(g) == [] and zone(g, 1, "trash") == []


# --- CT-09 with CT-10: another own Z/X leaves the board to the hand ---------------------------------

def test_ct09_another_zx_returned_to_the_hand():
    g = game(p0={"hand": ["CT-10"]}, board={3: "CT-09", 4: "Z-B1"})
    do(g, "event", card="CT-10")
    do(g, "target", target="Z-B1")
    assert triggered(g) == [(0, "CT-09", "leaves")] and power(g, 3) == 2000
    assert zone(g, 0, "hand") == ["Z-B1"]


def test_ct09_itself_leaving_does_not_count():
    g = game(p0={"hand": ["CT-10"]}, board={3: "CT-09", 4: "Z-B1"})
    do(g, "event", card="CT-10")
    do(g, "target", target="CT-09")
    assert triggered(g) == []


# --- CT-12 with CT-13: enters from the trash, by an effect -------------------------------------------

def test_ct12_put_onto_a_square_from_the_trash_draws():
    g = game(p0={"hand": ["CT-13"], "trash": ["CT-12"]})
    do(g, "event", card="CT-13")
    assert decision(g) == (0, "place_effect")
    do(g, "place_free", square=3)
    assert [e.get("from") for e in events(g, "place")] == ["trash"]
    assert triggered(g) == [(0, "CT-12", "enters")] and zone(g, 0, "hand") == ["Z-R1"]


def test_ct12_played_from_the_hand_it_does_not():
    g = game(p0={"hand": ["CT-12"], "resources": ["Z-B1", "Z-VB"]})
    do(g, "place", card="CT-12", square=3)
    assert triggered(g) == [] and zone(g, 0, "hand") == []


# --- order and cap --------------------------------------------------------------------------------

def test_the_turn_players_triggers_resolve_first():
    # p0 attacks p1's CT-05 with CT-04: both trigger on the one attack; p0 is the turn player
    g = game(board={4: "CT-04", 3: dict(card="CT-05", owner=1)})
    do(g, "attack", attacker=4, target=3)
    assert triggered(g) == [(0, "CT-04", "attacks"), (1, "CT-05", "attacked")]


def test_the_cap_per_action_stops_triggering(monkeypatch):
    g = game(p0={"hand": ["CT-01"], "resources": ["Z-B1"]})
    monkeypatch.setattr(g.rules, "max_triggers_per_action", 0)  # (the corpus rules are shared)
    do(g, "place", card="CT-01", square=3)
    assert triggered(g) == [] and zone(g, 0, "hand") == [] and g.state.trig.capped


def test_a_deal_without_triggers_keeps_no_index():
    g = game(board={3: "Z-R1"})
    assert g.state.trig is None


# --- load errors ----------------------------------------------------------------------------------

# The load errors of triggered abilities that the games give alike: test_load_errors_alike.py.

HEAD = header("zx")


def test_each_turn_only_on_a_trigger():
    text = HEAD + '[[cards.abilities]]\nkind = "on_place"\neach_turn = 2\neffects = [{ op = "draw" }]\n'
    e = cardfile.load_error("zx", text)
    assert "abilities[0].each_turn" in str(e) and "only on trigger" in str(e)


# --- narration ------------------------------------------------------------------------------------

def test_a_trigger_resolving_is_narrated_in_both_languages():
    g = game(p0={"hand": ["Z-G1"], "resources": ["Z-G1"]}, board={3: "CT-02"})
    do(g, "place", card="Z-G1", square=4)
    assert g.rules.describe(g.state, g.legal_actions()[0], "ja") == "する"
    do(g, "optional", use=True)
    en, ja = scenes.narration(g, 0)
    assert "Your Flock-Whistle Conductor (群れ笛の指揮者)'s ability triggers: a Z/X entered the board" in en
    assert "あなたの群れ笛の指揮者の【自動】能力が誘発した：ゼクスが登場した時" in ja
    assert "You chose to use this triggered ability (Flock-Whistle Conductor (群れ笛の指揮者))" in en
    assert any("(effect of Flock-Whistle Conductor" in line for line in en)  # the +2000 is the trigger's


# --- CT-11: optional with an if ---------------------------------------------------------------------

def test_ct11_with_a_card_in_the_trash_you_may_draw():
    g = game(p0={"hand": ["CT-11"], "resources": ["Z-R1"], "trash": ["Z-R1"]})
    do(g, "place", card="CT-11", square=3)
    assert decision(g) == (0, "optional")
    do(g, "optional", use=True)
    assert zone(g, 0, "hand") == ["Z-R1"] and decision(g) == (0, "main")


def test_ct11_with_an_empty_trash_nothing_is_asked():
    g = game(p0={"hand": ["CT-11"], "resources": ["Z-R1"]})
    do(g, "place", card="CT-11", square=3)
    assert decision(g) == (0, "main") and triggered(g) == [] and zone(g, 0, "hand") == []


# --- CT-14: a card put into the resources ------------------------------------------------------------

def test_ct14_your_resource_phase_puts_a_card_into_the_resources():
    g = game(p0={"hand": ["Z-B1"]}, board={3: "CT-14"}, start=("resource",))
    do(g, "resource", card="Z-B1")
    assert triggered(g) == [(0, "CT-14", "put")] and power(g, 3) == 2000


def test_ct14_the_opponents_resources_do_not_count():
    g = game(p1={"hand": ["Z-B1"]}, board={3: "CT-14"}, start=("resource",), active=1)
    do(g, "resource", card="Z-B1")
    assert triggered(g) == [] and power(g, 3) == 1000


# --- CT-15: a card of your life put into your charge (life taken as damage) ---------------------------

def test_ct15_a_life_card_hit_goes_to_the_charge_and_its_owner_draws():
    g = game(board={4: "Z-R3", 0: dict(card="CT-15", owner=1)})
    do(g, "attack", attacker=4, target=-1)
    pass_battle(g, 0, 1)
    do(g, "life", index=3)
    assert zone(g, 1, "charge") == ["Z-R1"] and triggered(g) == [(1, "CT-15", "put")]
    assert zone(g, 1, "hand") == ["Z-R1"]


def test_ct15_a_zx_destroyed_into_the_charge_is_not_from_the_life():
    g = game(board={4: "Z-R3", 0: dict(card="CT-15", owner=1), 3: dict(card="Z-R1", owner=1)})
    do(g, "attack", attacker=4, target=3)
    pass_battle(g, 0, 1)
    assert zone(g, 1, "charge") == ["Z-R1"] and triggered(g) == []


# --- CT-16 with CT-17: milled from the deck, a Z/X only -----------------------------------------------

def test_ct16_each_milled_zx_of_the_opponent_counts_an_event_does_not():
    g = game(p0={"hand": ["CT-17"]}, p1={"deck": ["Z-R1", "E-DRAW"] + FILL}, board={3: "CT-16"})
    do(g, "event", card="CT-17")
    assert zone(g, 1, "trash") == ["Z-R1", "E-DRAW"]
    assert triggered(g) == [(0, "CT-16", "put")] and power(g, 3) == 3000


def test_ct16_a_card_drawn_or_put_into_the_life_shows_nothing_to_test():
    from tcg.games.zx import triggers as ZT
    g = game(board={3: "CT-16"})
    s = g.state
    ZT.put(s, 1, -1, "deck", "trash")  # (a put whose card the event does not show)
    assert s.trig.queue == []


# --- CT-18, CT-19, CT-20: discarded from the hand -----------------------------------------------------

def test_ct18_and_ct20_a_discard_triggers_the_board_and_the_card_itself():
    g = game(p0={"hand": ["CT-19", "CT-20", "Z-B1"]}, board={3: "CT-18"})
    do(g, "event", card="CT-19")
    assert decision(g) == (0, "pick_card")
    do(g, "pick", card="CT-20")
    assert triggered(g) == [(0, "CT-18", "put"), (0, "CT-20", "put")]
    assert power(g, 3) == 4000 and zone(g, 0, "hand") == ["Z-B1", "Z-R1"]
    assert zone(g, 0, "trash") == ["CT-20", "CT-19"]


def test_ct18_the_hand_limit_discard_counts_too():
    g = game(p0={"hand": ["Z-B1"] * 7}, board={3: "CT-18"}, start=("end_phase",), active=0)
    assert decision(g) == (0, "discard")
    do(g, "discard", card="Z-B1")
    assert triggered(g) == [(0, "CT-18", "put")]


def test_ct20_milled_from_the_deck_it_does_not_draw():
    g = game(p0={"hand": ["CT-17"]}, p1={"deck": ["CT-20", "Z-R1"] + FILL})
    do(g, "event", card="CT-17")
    assert zone(g, 1, "trash") == ["CT-20", "Z-R1"] and triggered(g) == [] and zone(g, 1, "hand") == []


# --- CT-21 with CT-22: a Z/X card put into the hand from the trash --------------------------------------

def test_ct21_a_zx_card_from_the_trash_into_the_hand():
    g = game(p0={"hand": ["CT-22"], "trash": ["Z-B1", "E-DRAW"]}, board={3: "CT-21"})
    do(g, "event", card="CT-22")
    do(g, "target", target="Z-B1")
    assert zone(g, 0, "hand") == ["Z-B1"] and triggered(g) == [(0, "CT-21", "put")] and power(g, 3) == 3000


def test_ct21_an_event_card_does_not_count():
    g = game(p0={"hand": ["CT-22"], "trash": ["Z-B1", "E-DRAW"]}, board={3: "CT-21"})
    do(g, "event", card="CT-22")
    do(g, "target", target="E-DRAW")
    assert triggered(g) == [] and power(g, 3) == 1000


# --- CT-23: the opponent's life takes damage ------------------------------------------------------------

def test_ct23_hitting_the_opponents_life():
    g = game(board={4: "CT-23"})
    do(g, "attack", attacker=4, target=-1)
    pass_battle(g, 0, 1)
    do(g, "life", index=0)
    assert triggered(g) == [(0, "CT-23", "life_damage")] and power(g, 4) == 3000


def test_ct23_your_own_life_does_not_count():
    g = game(board={4: dict(card="Z-R3", owner=1), 0: "CT-23"}, active=1)
    do(g, "attack", attacker=4, target=-1)
    pass_battle(g, 1, 0)
    do(g, "life", index=0)
    assert triggered(g) == []


# --- CT-24: at the end of a battle this Z/X took part in -------------------------------------------------

def test_ct24_it_reboots_after_its_attack():
    g = game(board={4: "CT-24", 3: dict(card="Z-R1", owner=1)})
    do(g, "attack", attacker=4, target=3)
    assert g.state.board[4].asleep
    pass_battle(g, 0, 1)
    assert g.state.board[3] is None and triggered(g) == [(0, "CT-24", "battle_end")]
    assert not g.state.board[4].asleep and decision(g) == (0, "main")


def test_ct24_after_an_attack_on_the_player_the_life_card_first():
    g = game(board={4: "CT-24"})
    do(g, "attack", attacker=4, target=-1)
    pass_battle(g, 0, 1)
    assert decision(g) == (0, "life_pick") and triggered(g) == []
    do(g, "life", index=0)
    assert triggered(g) == [(0, "CT-24", "battle_end")] and not g.state.board[4].asleep


def test_ct24_attacked_it_takes_part_too():
    g = game(board={4: dict(card="Z-R1", owner=1), 3: dict(card="CT-24", asleep=True)}, active=1)
    do(g, "attack", attacker=4, target=3)
    pass_battle(g, 1, 0)
    assert triggered(g) == [(0, "CT-24", "battle_end")] and not g.state.board[3].asleep


def test_ct24_another_battle_does_not_count():
    g = game(board={4: "Z-R3", 3: dict(card="Z-R1", owner=1), 6: dict(card="CT-24", asleep=True)})
    do(g, "attack", attacker=4, target=3)
    pass_battle(g, 0, 1)
    assert triggered(g) == [] and g.state.board[6].asleep


# --- CT-25: this Z/X destroys a Z/X in battle --------------------------------------------------------------

def test_ct25_destroying_the_zx_it_attacked_draws():
    g = game(board={4: "CT-25", 3: dict(card="Z-R3", owner=1)})
    do(g, "attack", attacker=4, target=3)
    pass_battle(g, 0, 1)
    assert g.state.board[3] is None and triggered(g) == [(0, "CT-25", "destroys")] and zone(g, 0, "hand") == ["Z-R1"]


def test_ct25_a_zx_that_survives_draws_nothing():
    g = game(board={4: "CT-25", 3: dict(card="Z-R5", owner=1)})
    do(g, "attack", attacker=4, target=3)
    pass_battle(g, 0, 1)
    assert g.state.board[3] is not None and triggered(g) == [] and zone(g, 0, "hand") == []


# --- CT-26: enters from the life ----------------------------------------------------------------------------

def test_ct26_placed_free_from_the_life_draws():
    g = game(p1={"life": ["Z-R1"] * 3 + ["CT-26"]}, board={4: "Z-R3"})
    do(g, "attack", attacker=4, target=-1)
    pass_battle(g, 0, 1)
    do(g, "life", index=3)
    assert decision(g) == (1, "life_card")
    do(g, "place_free", square=0)
    assert [e.get("why") for e in events(g, "place")] == ["life"]
    assert triggered(g) == [(1, "CT-26", "enters")] and zone(g, 1, "hand") == ["Z-R1"]


def test_ct26_played_from_the_hand_it_does_not():
    g = game(p0={"hand": ["CT-26"], "resources": ["CT-26", "Z-B1", "Z-B1"]})  # (one white resource)
    do(g, "place", card="CT-26", square=3)
    assert triggered(g) == [] and zone(g, 0, "hand") == []


# --- CT-27: twice per turn ------------------------------------------------------------------------------------

def test_ct27_twice_per_turn_then_no_more_until_the_next_turn():
    g = game(p0={"hand": ["Z-B1"] * 3, "resources": ["Z-B1"] * 3}, board={3: "CT-27"})
    for square in (4, 5, 6):
        do(g, "place", card="Z-B1", square=square)
    assert triggered(g) == [(0, "CT-27", "enters")] * 2 and zone(g, 0, "hand") == ["Z-R1", "Z-R1"]
    assert g.state.trig.used == {(g.state.board[3].iid, 0): 2}
    g.state.trig.new_turn()
    assert g.state.trig.used == {}


# --- narration of the new events ----------------------------------------------------------------------

@pytest.mark.parametrize("cid, en, ja", [
    ("CT-14", "a card was put into the resources", "カードがリソースに置かれた時"),
    ("CT-15", "a card was put from the life into the charge", "カードがライフからチャージに置かれた時"),
    ("CT-20", "it was put from your hand into your trash", "このカードが自分の手札からトラッシュに置かれた時"),
    ("CT-23", "a life card was taken as damage", "ライフにダメージを受けた時"),
    ("CT-24", "a battle ended", "バトル終了時"),
    ("CT-25", "a Z/X destroyed the Z/X it attacked", "ゼクスがバトルで相手のゼクスを破壊した時"),
])
def test_the_new_events_are_told_in_both_languages(cid, en, ja):
    from tcg.games.zx import text
    c = fixture_rules(CORPUS).cards[cid]
    ab = c.abilities[0]
    assert text.when_text(ab.when.event, ab.when, "en", "your") == en
    assert text.when_text(ab.when.event, ab.when, "ja") == ja


# --- CT-28: the charge card an ignition puts into the trash ---------------------------------------------

def test_ct28_an_ignition_resolves_it_before_the_next_ignition():
    g = game(p0={"charge": ["Z-R1", "Z-R1"], "deck": ["Z-R2I"] + FILL}, board={3: "CT-28"}, start=("ignition",))
    do(g, "ignite", card="Z-R1")
    assert decision(g) == (0, "overdrive") and triggered(g) == []  # the revealed card first
    do(g, "decline")
    assert triggered(g) == [(0, "CT-28", "put")] and power(g, 3) == 2000
    assert decision(g) == (0, "ignition")


def test_ct28_without_the_icon_straight_on():
    g = game(p0={"charge": ["Z-R1"], "deck": ["Z-R1"] + FILL}, board={3: "CT-28"}, start=("ignition",))
    do(g, "ignite", card="Z-R1")
    assert triggered(g) == [(0, "CT-28", "put")] and power(g, 3) == 2000 and zone(g, 0, "trash") == ["Z-R1", "Z-R1"]
