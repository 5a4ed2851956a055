"""Deck construction rules of Shironeko (SN-D1..SN-D7), checked on the test fixture card set.

A legal fixture deck is built once; every test breaks one rule at a time (except SN-D7) and
asserts the exact list of (rule ID, card) problems ``check_deck`` reports."""
from __future__ import annotations

from collections import Counter

from tcg.engine.deck import Deck
from tcg.games.shironeko.cards import SOUL_QUARRY
from tcg.games.shironeko.deckcheck import check_deck

from ..harness_base import deck_problems
from .harness import fixture_rules

# 32 characters (29 character cards + 3 awakened) and 8 monsters, <= 3 per name and kind,
# no STOP! card, no Leaderize card.
BASE_MAIN = {
    "F-R1": 3, "F-R1A": 3, "F-R2": 3, "F-R3": 3, "F-B1": 3, "F-B2": 3, "F-STATIC": 3,
    "F-ACT": 3, "F-READY": 3, "F-ENTER": 3, "F-VER": 2,
    "F-MSHOCK": 3, "F-MPOISON": 3, "F-MDMG": 2,
}
BASE_TOWN = {"F-T-RED": 4, "F-T-BLUE": 3, "F-T-RAINBOW": 3}


def make_deck(main: dict | None = None, town: dict | None = None, leader: dict | None = None,
              ) -> Deck:
    """A deck from {card id: copies} tables (copies 0 drops the card)."""
    def ids(table: dict) -> tuple[str, ...]:
        return tuple(cid for cid, n in table.items() for _ in range(n))
    sections = {"main": ids(BASE_MAIN if main is None else main),
                "town": ids(BASE_TOWN if town is None else town)}
    if leader is not None:
        sections["leader"] = ids(leader)
    return Deck("shironeko", "fixture deck", sections)


def changed(base: dict, **delta: int) -> dict:
    """``base`` with copies added/removed: changed(BASE_MAIN, F_VER=-1, F_T_RED=+1)."""
    out = dict(base)
    for key, d in delta.items():
        cid = key.replace("_", "-")
        out[cid] = out.get(cid, 0) + d
        assert out[cid] >= 0
    return out


def problems(deck: Deck) -> list[tuple[str, str | None]]:
    return deck_problems(fixture_rules(), deck, "SN-D", validated=False)


def messages(deck: Deck, rule: str) -> list[str]:
    r = fixture_rules()
    return [p.message for p in check_deck(r.cards, r.profile, deck) if p.rule == rule]


# --- the legal base deck -------------------------------------------------------------------

def test_sn_d1_d2_base_fixture_deck_is_legal():
    deck = make_deck()
    assert len(deck.section("main")) == 40
    assert len(deck.section("town")) == 10
    assert problems(deck) == []
    # the same check through the ruleset's public entry point
    assert fixture_rules().validate_deck(deck) == []


def test_sn_d1_profile_numbers():
    p = fixture_rules().profile
    assert (p.get("deck.main_size"), p.get("deck.characters"), p.get("deck.monsters")) == (40, 32, 8)
    assert (p.get("deck.max_copies"), p.get("deck.max_stop")) == (3, 3)
    assert (p.get("deck.town_size"), p.get("deck.town_max_copies")) == (10, 3)


# --- SN-D1: exactly 40 black-backed cards ----------------------------------------------------

def test_sn_d1_main_deck_exactly_40_not_39():
    deck = make_deck(changed(BASE_MAIN, F_VER=-1))
    # 39 cards also means 31 characters: both rules are reported
    assert problems(deck) == [("SN-D1", None), ("SN-D2", None)]
    assert messages(deck, "SN-D1") == ["main deck has 39 cards, must be exactly 40"]


def test_sn_d1_main_deck_exactly_40_not_41():
    deck = make_deck(changed(BASE_MAIN, F_MDMG=+1))  # 9 monsters, 41 cards
    assert problems(deck) == [("SN-D1", None), ("SN-D2", None)]
    assert messages(deck, "SN-D1") == ["main deck has 41 cards, must be exactly 40"]


def test_sn_d1_town_card_not_allowed_in_main_deck():
    deck = make_deck(changed(BASE_MAIN, F_VER=-1, F_T_RED=+1))  # still 40 cards
    assert problems(deck) == [("SN-D1", "F-T-RED"), ("SN-D2", None)]


def test_sn_d1_leader_card_not_allowed_in_main_deck():
    deck = make_deck(changed(BASE_MAIN, F_VER=-1, F_L1=+1))
    assert problems(deck) == [("SN-D1", "F-L1"), ("SN-D2", None)]


def test_sn_d1_unknown_card_in_main_deck():
    main = changed(BASE_MAIN, F_VER=-1)
    main["NO-SUCH-CARD"] = 1
    assert problems(make_deck(main)) == [("SN-D1", "NO-SUCH-CARD"), ("SN-D2", None)]


# --- SN-D2: 32 characters (awakened included) and 8 monsters ---------------------------------

def test_sn_d2_awakened_characters_count_as_characters():
    main = make_deck().section("main")
    kinds = Counter(fixture_rules().cards[c].kind for c in main)
    assert kinds == {"character": 29, "awakened_character": 3, "monster": 8}
    assert problems(make_deck()) == []


def test_sn_d2_33_characters_7_monsters_is_illegal_although_40_cards():
    deck = make_deck(changed(BASE_MAIN, F_MDMG=-1, F_VER=+1))
    assert len(deck.section("main")) == 40
    assert problems(deck) == [("SN-D2", None), ("SN-D2", None)]
    assert messages(deck, "SN-D2") == [
        "main deck has 33 character/awakened cards, must be exactly 32",
        "main deck has 7 monster cards, must be exactly 8"]


def test_sn_d2_31_characters_9_monsters_is_illegal():
    deck = make_deck(changed(BASE_MAIN, F_R1A=-1, F_MBUFF=+1))  # an awakened swapped for a monster
    assert problems(deck) == [("SN-D2", None), ("SN-D2", None)]
    assert messages(deck, "SN-D2") == [
        "main deck has 31 character/awakened cards, must be exactly 32",
        "main deck has 9 monster cards, must be exactly 8"]


# --- SN-D3: at most 3 per name AND kind ------------------------------------------------------

def test_sn_d3_character_and_awakened_of_one_name_count_separately_3_plus_3():
    cards = fixture_rules().cards
    assert cards["F-R1"].name == cards["F-R1A"].name
    assert BASE_MAIN["F-R1"] == 3 and BASE_MAIN["F-R1A"] == 3
    assert problems(make_deck()) == []


def test_sn_d3_fourth_character_of_a_name_is_illegal():
    deck = make_deck(changed(BASE_MAIN, F_VER=-1, F_R1=+1))
    assert problems(deck) == [("SN-D3", "F-R1")]
    assert messages(deck, "SN-D3") == ["4 copies of character '赤の剣士', at most 3 of one name and kind"]


def test_sn_d3_fourth_awakened_character_of_a_name_is_illegal():
    deck = make_deck(changed(BASE_MAIN, F_VER=-1, F_R1A=+1))
    assert problems(deck) == [("SN-D3", "F-R1A")]
    assert messages(deck, "SN-D3") == [
        "4 copies of awakened_character '赤の剣士', at most 3 of one name and kind"]


def test_sn_d3_different_ids_with_the_same_name_and_kind_count_together():
    cards = fixture_rules().cards
    assert cards["F-R1B"].name == cards["F-R1"].name and cards["F-R1B"].kind == "character"
    main = changed(BASE_MAIN, F_R1=-1, F_VER=-1, F_R1B=+2)  # 2 F-R1 + 2 F-R1B = 4 of one name
    assert problems(make_deck(main)) == [("SN-D3", "F-R1")]
    main = changed(BASE_MAIN, F_R1=-2, F_VER=-1, F_R1B=+3)  # 1 + 3 = 4
    assert problems(make_deck(main)) == [("SN-D3", "F-R1")]
    main = changed(BASE_MAIN, F_R1=-1, F_R1B=+1)  # 2 + 1 = 3: legal
    assert problems(make_deck(main)) == []


def test_sn_d3_ver_name_is_a_different_name():
    main = changed(BASE_MAIN, F_VER=+1, F_ENTER=-1)  # 3 赤の剣士 and 3 赤の剣士 Ver.
    assert problems(make_deck(main)) == []


def test_sn_d3_fourth_monster_of_a_name_is_illegal():
    deck = make_deck(changed(BASE_MAIN, F_MDMG=-1, F_MSHOCK=+1))
    assert problems(deck) == [("SN-D3", "F-MSHOCK")]


# --- SN-D4: at most 3 STOP! cards in total ---------------------------------------------------

def test_sn_d4_three_stop_cards_of_different_names_are_legal():
    main = changed(BASE_MAIN, F_VER=-2, F_STOP=+2, F_MDMG=-1, F_MSTOP=+1)
    assert problems(make_deck(main)) == []


def test_sn_d4_four_stop_cards_are_illegal_although_each_name_is_within_3():
    main = changed(BASE_MAIN, F_VER=-2, F_ENTER=-1, F_STOP=+3, F_MDMG=-1, F_MSTOP=+1)
    deck = make_deck(main)
    assert problems(deck) == [("SN-D4", "F-MSTOP, F-STOP")]
    assert messages(deck, "SN-D4") == ["4 cards with STOP!, at most 3"]


# --- SN-D5: town deck ------------------------------------------------------------------------

def test_sn_d5_town_deck_exactly_10():
    assert problems(make_deck(town=changed(BASE_TOWN, F_T_RED=-1))) == [("SN-D5", None)]
    assert problems(make_deck(town=changed(BASE_TOWN, F_T_RED=+1))) == [("SN-D5", None)]
    assert messages(make_deck(town=changed(BASE_TOWN, F_T_RED=-1)), "SN-D5") == [
        "town deck has 9 cards, must be exactly 10"]


def test_sn_d5_soul_quarry_is_unlimited():
    cards = fixture_rules().cards
    assert SOUL_QUARRY == "ソウル発掘場" == fixture_rules().profile.get("deck.town_unlimited_name")
    assert SOUL_QUARRY in cards["F-T-RED"].name and SOUL_QUARRY in cards["F-T-BLUE"].name
    assert problems(make_deck(town={"F-T-RED": 10})) == []
    assert problems(make_deck(town={"F-T-RED": 5, "F-T-BLUE": 5})) == []
    assert problems(make_deck(town={"F-T-BLUE": 7, "F-T-RAINBOW": 3})) == []


def test_sn_d5_other_town_names_at_most_3():
    assert problems(make_deck(town={"F-T-RED": 6, "F-T-RAINBOW": 4})) == [("SN-D5", "F-T-RAINBOW")]
    # 灰の採石場 ("Grey Quarry") is not a ソウル発掘場: limited to 3
    assert problems(make_deck(town={"F-T-RED": 6, "F-T-GRAY": 4})) == [("SN-D5", "F-T-GRAY")]
    assert problems(make_deck(town={"F-T-RED": 4, "F-T-GRAY": 3, "F-T-RAINBOW": 3})) == []


def test_sn_d5_only_town_cards_in_town_deck():
    assert problems(make_deck(town={"F-T-RED": 9, "F-R1": 1})) == [("SN-D5", "F-R1")]


# --- SN-D6: leader cards one-to-one with Leaderize cards -------------------------------------

LZ_MAIN = changed(BASE_MAIN, F_VER=-2, F_LZ=+1, F_LZ2=+1)


def test_sn_d6_no_leaderize_cards_and_no_leaders_is_legal():
    assert problems(make_deck(leader={})) == []
    assert problems(make_deck()) == []


def test_sn_d6_leaders_one_to_one_with_leaderize_cards_is_legal():
    assert problems(make_deck(LZ_MAIN, leader={"F-L1": 1, "F-L2": 1})) == []
    two = changed(BASE_MAIN, F_VER=-2, F_LZ=+2)
    assert problems(make_deck(two, leader={"F-L1": 2})) == []


def test_sn_d6_leader_without_leaderize_card_is_illegal():
    assert problems(make_deck(leader={"F-L1": 1})) == [("SN-D6", "F-L1")]


def test_sn_d6_missing_leader_is_illegal():
    assert problems(make_deck(LZ_MAIN, leader={"F-L1": 1})) == [("SN-D6", "F-L2")]
    assert problems(make_deck(LZ_MAIN)) == [("SN-D6", "F-L1"), ("SN-D6", "F-L2")]
    two = changed(BASE_MAIN, F_VER=-2, F_LZ=+2)
    deck = make_deck(two, leader={"F-L1": 1})
    assert problems(deck) == [("SN-D6", "F-L1")]
    assert messages(deck, "SN-D6") == [
        "2 main-deck card(s) leaderize into '白の王女' but the leader section has 1"]


def test_sn_d6_extra_leader_is_illegal():
    deck = make_deck(LZ_MAIN, leader={"F-L1": 2, "F-L2": 1})
    assert problems(deck) == [("SN-D6", "F-L1")]
    assert messages(deck, "SN-D6") == [
        "2 leader card(s) '白の王女' but only 1 main-deck card(s) that leaderize into it"]


def test_sn_d6_wrong_leader_is_illegal():
    one = changed(BASE_MAIN, F_VER=-1, F_LZ=+1)  # F-LZ leaderizes into F-L1, not F-L2
    assert problems(make_deck(one, leader={"F-L2": 1})) == [("SN-D6", "F-L1"), ("SN-D6", "F-L2")]


def test_sn_d6_only_leader_cards_in_leader_section():
    assert problems(make_deck(leader={"F-R1": 1})) == [("SN-D6", "F-R1")]


# --- SN-D7: all violations at once -----------------------------------------------------------

def test_sn_d7_every_violation_is_reported_at_once():
    main = changed(BASE_MAIN, F_R1=+1,                 # 41 cards, 33 characters, 4 x F-R1
                   F_VER=-2, F_ENTER=-1, F_STOP=+3,    # 3 STOP! characters ...
                   F_MDMG=-1, F_MSTOP=+1)              # ... + 1 STOP! monster = 4
    town = {"F-T-RED": 4, "F-T-GRAY": 4}               # 8 cards, 4 x a non-Soul-Quarry name
    deck = make_deck(main, town, leader={"F-L2": 1})   # a leader without its Leaderize card
    assert problems(deck) == [
        ("SN-D1", None),
        ("SN-D2", None),
        ("SN-D3", "F-R1"),
        ("SN-D4", "F-MSTOP, F-STOP"),
        ("SN-D5", None),
        ("SN-D5", "F-T-GRAY"),
        ("SN-D6", "F-L2"),
    ]
    assert messages(deck, "SN-D2") == ["main deck has 33 character/awakened cards, must be exactly 32"]
    assert fixture_rules().validate_deck(deck) == check_deck(
        fixture_rules().cards, fixture_rules().profile, deck)


def test_sn_d7_several_problems_of_one_rule_are_all_reported():
    main = changed(BASE_MAIN, F_VER=-2, F_R1=+1, F_B1=+1)  # two names with 4 copies
    assert problems(make_deck(main)) == [("SN-D3", "F-B1"), ("SN-D3", "F-R1")]
    main = changed(BASE_MAIN, F_VER=-2, F_T_RED=+1, F_L1=+1)  # two wrong kinds
    assert problems(make_deck(main)) == [("SN-D1", "F-L1"), ("SN-D1", "F-T-RED"), ("SN-D2", None)]
