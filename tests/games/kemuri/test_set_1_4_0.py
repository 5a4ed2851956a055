"""The cards of the Kemuri sample set 1.4.0 (``KMS-059``..``KMS-070``, the deck Before Closing):
each construct of the card language's steps 4-6 is used by a shipped card, and the shipped cards
do what they print (an exact state, an action, the exact outcome). How the heuristic plays them:
tests/agents/test_heuristics_kemuri_set14.py."""
from __future__ import annotations

import tcg
from tcg.games.kemuri import text as T

from ...corpus.scenes import pay_in_secret
from ..shipped_cards import check_keywords, static_effects, steps_4_to_6
from .harness import FILL, call_in_value, cp, decision, do, events, pay, sample_rules, serve, with_samples, zone

GAME = "kemuri"
NEW = {f"KMS-{n:03d}" for n in range(59, 71)}


def test_every_construct_of_steps_4_to_6_is_used_by_a_shipped_card():
    cards, tables, keywords = steps_4_to_6(GAME, NEW, {"resources", "discard", "move", "sleep"})
    assert {t.get("from") for t in tables if t.get("kind") == "activate"} >= {"hand", "backyard"}
    pays = [t for c in cards for ab in c.get("abilities", ()) for k, t in enumerate(ab["effects"]) if t["op"] == "pay"]
    assert pays and any(e.get("if_done") for c in cards for ab in c.get("abilities", ()) for e in ab["effects"][1:])
    looks = [t for t in tables if t.get("op") == "look"]
    assert any(t.get("take") and t["rest"] in ("top", "bottom") for t in looks)     # take and order
    assert any(t["rest"] == "backyard" for t in looks)                                # a rest to the backyard
    assert any(isinstance(e.get("amount"), dict) and "count" in e["amount"] for e in static_effects(cards))
    others = [ab for c in cards for ab in c.get("abilities", ()) if ab["kind"] != "static"]
    assert any(isinstance(e.get("amount"), dict) and "count" in e["amount"] for ab in others for e in ab["effects"])
    keywords = [k for k in keywords if not k.get("number")]  # Touting: KMS-071..075 (test_set_1_4_0_real.py)
    check_keywords(cards, keywords, {"hospitality", "last_order"}, 3)


def test_the_new_cards_load_with_their_keywords_and_the_sample_deck_plays_them():
    cards = tcg.card_set(GAME)
    assert cards.version == "1.4.0"
    minto = cards.find("KMS-059")
    assert [a.kind for a in minto.abilities] == ["activate", "trigger"]   # its own, then Last Order's
    assert T.card_text(minto, "en").split("\n")[0] == "Last Order (When this cast is destroyed, call in once.)"
    assert T.card_text(cards.find("KMS-069"), "ja") == \
        "おもてなし（このキャストが手札から配置された時、相手の席数が自分より多いなら、カードを1枚引く。）"
    g = tcg.new_game(GAME, ["before_closing", "night_guard"], seed=5)
    assert not g.is_over and g.record()["card_set"]["version"] == "1.4.0"


# --- costs -------------------------------------------------------------------------------------

def test_minto_takes_a_break_to_look_take_one_and_order_the_rest_on_top():
    g = with_samples(dict(floor=["KMS-059"], deck=["K-F1", "K-EB", "K-F3"] + FILL))
    do(g, "activate", card="KMS-059", ability=0)
    assert decision(g) == (0, "look_take")
    do(g, "look_take", card="K-EB")
    assert decision(g) == (0, "look_order")
    do(g, "look_order", card="K-F3")                                # the first chosen ends highest
    assert zone(g, 0, "hand") == ["K-EB"] and zone(g, 0, "deck")[:2] == ["K-F3", "K-F1"]
    assert g.state.players[0].floor[0].served                       # her break: no serving this turn
    assert not [a for a in g.legal_actions() if a.type == "activate"]


def test_hinata_is_used_from_the_backyard_for_a_seat():
    g = with_samples(dict(backyard=["KMS-060"], seating=["K-F1"], deck=["K-F2"] + FILL))
    do(g, "activate", card="KMS-060", ability=0)
    pay(g, 0, "K-F1")
    assert zone(g, 0, "hand") == ["KMS-060"] and zone(g, 0, "backyard") == ["K-F1"]
    assert zone(g, 0, "seating") == ["K-F2"]                        # the call-in
    assert events(g, "activate")[-1]["zone"] == "backyard"


def test_yuzu_is_used_from_the_hand_with_another_card_for_two_call_ins():
    g = with_samples(dict(hand=["KMS-061", "K-LB"], deck=["K-F2", "K-F3"] + FILL))
    do(g, "activate", card="KMS-061", ability=0)
    assert zone(g, 0, "backyard") == ["KMS-061", "K-LB"]          # the only other card: taken without asking
    assert zone(g, 0, "seating") == ["K-F2", "K-F3"]
    g = with_samples(dict(hand=["KMS-061"]))
    assert not [a for a in g.legal_actions() if a.type == "activate"]   # no other card to discard


def test_talking_to_the_supplier_may_discard_for_a_call_in():
    g = with_samples(dict(hand=["KMS-062", "K-LB"], deck=["K-EA", "K-F3"] + FILL))
    do(g, "support", card="KMS-062")
    pay_in_secret(g, "K-LB")
    assert zone(g, 0, "hand") == ["K-EA"] and zone(g, 0, "seating") == ["K-F3"]
    g = with_samples(dict(hand=["KMS-062", "K-LB"], deck=["K-EA", "K-F3"] + FILL))
    do(g, "support", card="KMS-062")
    do(g, "optional", use=False)
    assert sorted(zone(g, 0, "hand")) == ["K-EA", "K-LB"] and zone(g, 0, "seating") == []


# --- choices, look, chooser = "opponent", amounts ---------------------------------------------------

def test_todays_menu_board_chooses_one_mode():
    g = with_samples(dict(hand=["KMS-063"], floor=["K-EA"]), dict(floor=["K-LB", "K-LA"]))
    do(g, "support", card="KMS-063")
    assert decision(g) == (0, "choose_mode")
    do(g, "mode", mode=1)
    assert zone(g, 1, "hand") == ["K-LB"] and zone(g, 1, "floor") == ["K-LA"]   # CP 6: the only one of 4+
    g = with_samples(dict(hand=["KMS-063"], floor=["K-EA"]))
    do(g, "support", card="KMS-063")
    do(g, "mode", mode=2)
    assert cp(g, 0, "K-EA") == 5


def test_stock_check_takes_a_cast_and_puts_the_rest_into_the_backyard():
    g = with_samples(dict(hand=["KMS-066"], deck=["K-F1", "K-EB", "KMS-062", "K-F3"] + FILL))
    do(g, "support", card="KMS-066")
    assert decision(g) == (0, "look_take")
    do(g, "look_take", card="K-EB")
    assert zone(g, 0, "hand") == ["K-EB"]
    assert sorted(zone(g, 0, "backyard")) == sorted(["K-F1", "KMS-062", "K-F3", "KMS-066"])


def test_an_urgent_call_lets_the_opponent_choose_which_cast_goes_back():
    g = with_samples(dict(floor=["K-EA", "K-LB"]), dict(hand=["KMS-064"]), start="serving_start")
    do(g, "trouble", card="KMS-064")
    assert decision(g) == (0, "target")                             # the turn player chooses their own
    do(g, "target", target="K-EA")
    assert zone(g, 0, "hand") == ["K-EA"] and zone(g, 0, "floor") == ["K-LB"]


def test_kanna_gets_a_cp_for_each_big_customer_up_to_three():
    assert cp(with_samples(dict(floor=["KMS-065"], seating=["K-F1", "K-F2"])), 0, "KMS-065") == 4
    assert cp(with_samples(dict(floor=["KMS-065"], seating=["K-F2", "K-F3", "K-F3", "K-F2"])), 0, "KMS-065") == 6


def test_ren_gets_a_cp_for_each_cast_card_in_the_backyard_when_placed():
    g = with_samples(dict(hand=["KMS-067"], seating=["K-F2"], backyard=["K-EA", "KMS-062"]))
    do(g, "place", card="KMS-067")
    pay(g, 0, "K-F2")                                               # a cast card too: paid first
    assert cp(g, 0, "KMS-067") == 6                                 # 4, +1 for each of the two casts


# --- keywords ----------------------------------------------------------------------------------

def test_hospitality_draws_when_placed_from_the_hand_while_behind():
    g = with_samples(dict(hand=["KMS-069"], seating=["K-F1"], deck=["K-EA"] + FILL), dict(seating=["K-F2"]))
    do(g, "place", card="KMS-069")
    pay(g, 0, "K-F1")
    assert zone(g, 0, "hand") == ["K-EA"]
    g = with_samples(dict(hand=["KMS-069"], seating=["K-F3"], deck=["K-EA"] + FILL), dict(seating=["K-F2"]))
    do(g, "place", card="KMS-069")
    assert zone(g, 0, "hand") == []                                 # not behind: no card


def test_last_order_calls_in_when_the_cast_falls():
    g = with_samples(dict(floor=["K-LB"]), dict(floor=["KMS-068"], deck=["K-F3"] + FILL), start="serve")
    serve(g, "K-LB", "KMS-068")
    assert "KMS-068" in zone(g, 1, "backyard") and zone(g, 1, "seating") == ["K-F3"]
    assert call_in_value(g, 0, "K-LB") == 1


def test_the_sample_rules_know_the_new_cards():
    assert sample_rules().cards.find("KMS-070").keywords[0].id == "hospitality"
