"""The cards ``KMS-071``..``KMS-075`` of the Kemuri sample set 1.4.0 ("Real cards, part 1", in the
deck Before Closing): each construct the mechanics corpus built for steps 1 and 5 of
docs/card-language-design.md (tests/corpus/kemuri/filters.toml, keywords.toml) is used by a shipped
card, and the shipped cards do what they print (an exact state, an action, the exact outcome). How
the heuristic plays them: tests/agents/test_heuristics_kemuri_real.py."""
from __future__ import annotations

import tcg
from tcg.games.kemuri import text as T

from ..shipped_cards import steps_1_and_5
from .harness import FILL, cp, decision, do, pay, with_samples, zone

GAME = "kemuri"
NEW = {f"KMS-{n:03d}" for n in range(71, 76)}


def test_each_construct_of_steps_1_and_5_is_used_by_a_shipped_card():
    steps_1_and_5(GAME, NEW, numbered="touting")


def test_the_new_cards_load_and_the_sample_deck_plays_them():
    cards = tcg.card_set(GAME)
    assert cards.version == "1.4.0"
    assert T.card_text(cards.find("KMS-075"), "ja") == "客引き2（このキャストが手札から配置された時、呼び込みを2回行う。）"
    assert T.card_text(cards.find("KMS-074"), "en").split("\n")[0] == \
        "Touting 1 (When this cast is placed from your hand, call in 1 time(s).)"
    g = tcg.new_game(GAME, ["before_closing", "night_guard"], seed=5)
    assert not g.is_over and g.record()["card_set"]["version"] == "1.4.0"


def offered(g) -> list[str]:
    return sorted(g.state.cards[a.get("card")].id for a in g.legal_actions() if a.type == "pick")


def test_kms071_searches_a_late_shift_cast_of_level_2_or_less():
    g = with_samples(dict(hand=["KMS-071"], deck=["KMS-068", "KMS-069", "KMS-051", "KMS-067", "KMS-062"]))
    do(g, "support", card="KMS-071")
    assert decision(g) == (0, "pick_card")
    assert offered(g) == ["KMS-067", "KMS-068"]             # not the early Haru, not level-3 Luna
    do(g, "pick", card="KMS-067")
    assert zone(g, 0, "hand") == ["KMS-067"]
    assert sorted(zone(g, 0, "deck")) == ["KMS-051", "KMS-062", "KMS-068", "KMS-069"]
    assert zone(g, 0, "backyard") == ["KMS-071"]


def test_kms072_raises_your_other_late_shift_casts():
    g = with_samples(dict(floor=["KMS-072", "K-LA", "K-EA"]), dict(floor=["K-LB"]))
    assert [cp(g, 0, c) for c in ("KMS-072", "K-LA", "K-EA")] == [3, 4, 3]   # not itself, not the early cast
    assert cp(g, 1, "K-LB") == 6                                            # not the opponent's


def test_kms073_looks_at_their_hand_and_sends_a_card_of_it_to_the_backyard():
    g = with_samples(dict(hand=["KMS-073"]), dict(hand=["KMS-051", "KMS-062", "K-EA"]))
    do(g, "support", card="KMS-073")
    assert decision(g) == (0, "look_take")
    d = g.observe(0)["decision"]
    assert d["zone"] == "hand" and d["whose"] == 1 and d["to"] == "backyard"
    assert "candidates" not in (g.observe(1)["decision"] or {})
    do(g, "look_take", card="KMS-051")
    assert zone(g, 1, "backyard") == ["KMS-051"] and sorted(zone(g, 1, "hand")) == ["K-EA", "KMS-062"]


def test_kms074_touting_1_calls_in_once_when_placed_from_the_hand():
    g = with_samples(dict(hand=["KMS-074"], seating=["K-F1"], deck=["K-F2", "K-F3"] + FILL))
    do(g, "place", card="KMS-074")
    pay(g, 0, "K-F1")
    assert zone(g, 0, "floor") == ["KMS-074"] and zone(g, 0, "seating") == ["K-F2"]


def test_kms075_touting_2_calls_in_twice_when_placed_from_the_hand():
    g = with_samples(dict(hand=["KMS-075"], seating=["K-F1", "K-F1"], deck=["K-F2", "K-F3", "K-F2"] + FILL))
    do(g, "place", card="KMS-075")
    pay(g, 0, "K-F1", "K-F1")
    assert zone(g, 0, "floor") == ["KMS-075"] and zone(g, 0, "seating") == ["K-F2", "K-F3"]
