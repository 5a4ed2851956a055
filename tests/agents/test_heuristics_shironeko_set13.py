"""The Shironeko heuristic plays the cards of set 1.3.0 (``SNP-101``..``SNP-111``, the deck Lantern
Festival), which use the card language's costs, choices and looks, "for each" amounts and keywords
(docs/cards.md §5 "Costs", "Keywords", §7 "Choices, looks, amounts"): for each family a scenario
where the new card is clearly the best play and the heuristic takes it, and a twin where it is
not. The heuristic reads the cards' data, never their text."""
from __future__ import annotations

from tcg.agents.heuristics import shironeko as SH
from tcg.engine.action import Action

from .scenario import act
from .scenario import zone_ids as _ids
from .scenario import play_until
from .scenario import card_id as _card
from .scenario import chosen
from .test_heuristics_shironeko_turutoru import sn_attacked_by, sn_scenario

RED = [("SNP-T01", True)]
PURPLE = [("SNP-T05", True)]


# --- costs: an ability used from the discard pile, a cost that discards a card ------------------

def test_costs_yura_leaves_the_discard_pile_to_finish_a_character():
    # Yura in the discard pile: "(its cost), remove it from the game: 2 damage": their Luka 2/2 falls
    g = sn_scenario(dict(discard=["SNP-105"], town=PURPLE * 2), dict(chars=["SNP-001"]))
    g.apply(chosen(g, act(g, SH.policy), "activate_card", "SNP-105"))
    play_until(g, SH.policy)
    assert _ids(g, 1, "discard") == ["SNP-001"] and _ids(g, 0, "discard") == []


def test_costs_yura_stays_in_the_discard_pile_when_2_damage_finishes_nothing():
    g = sn_scenario(dict(discard=["SNP-105"], town=PURPLE * 2), dict(chars=["SNP-054"]))
    assert act(g, SH.policy).type != "activate_card"


def test_costs_homura_discards_the_weakest_card_to_finish_a_character():
    # Homura (placed this turn): "(2), discard a card: 2 damage": their Luka 2/2 falls, and the card
    # discarded is the 1/2 Haru rather than the Flare 4/4 kept for later
    g = sn_scenario(dict(chars=[dict(card="SNP-103", sick=True)], hand=["SNP-012", "SNP-071"], town=RED * 2),
                    dict(chars=["SNP-001"]))
    g.apply(chosen(g, act(g, SH.policy), "activate", "SNP-103"))
    play_until(g, SH.policy)
    assert _ids(g, 1, "discard") == ["SNP-001"] and _ids(g, 0, "hand") == ["SNP-012"]


def test_costs_homura_keeps_its_cards_when_nothing_falls():
    g = sn_scenario(dict(chars=[dict(card="SNP-103", sick=True)], hand=["SNP-012", "SNP-071"], town=RED * 2),
                    dict(chars=["SNP-054"]))
    assert act(g, SH.policy).type != "activate"


# --- choices and looks: choose_one, look, the opponent's choice ---------------------------------

def test_choices_the_firework_chooses_the_damage_that_finishes_a_character():
    g = sn_scenario(dict(hand=["SNP-109"], town=RED * 2), dict(chars=["SNP-001"]))
    g.apply(chosen(g, act(g, SH.policy), "monster", "SNP-109"))
    assert g.decision.kind == "choose_mode" and act(g, SH.policy).get("mode") == 0
    play_until(g, SH.policy)
    assert _ids(g, 1, "discard") == ["SNP-001"]


def test_choices_the_firework_pumps_the_attacker_when_no_character_would_fall():
    # their Mokku 2/5 is OFF (no blocker) and out of reach of 2 damage: +2 attack on our ready Luka
    g = sn_scenario(dict(hand=["SNP-109"], town=RED * 2, chars=["SNP-001"]),
                    dict(chars=[dict(card="SNP-054", on=False)], deck=30))
    a = act(g, SH.policy)
    if a.type == "monster":
        g.apply(a)
        assert act(g, SH.policy).get("mode") == 1
    else:  # or it keeps the shell: never the wasted 2 damage
        assert a.type == "attack"


def test_choices_the_lantern_takes_the_best_card_of_three():
    # Fortune-Telling Lantern (used here by hand: the scenario is the look): of Haru 1/2, Flare 4/4
    # and Yuki 2/2 (the top of the deck is the list's end) the Flare goes to the hand, the others
    # under the deck
    g = sn_scenario(dict(hand=["SNP-110"], town=PURPLE, deck=["SNP-020"] * 10 + ["SNP-071", "SNP-012", "SNP-036"]),
                    dict())
    g.apply(next(a for a in g.legal_actions() if a.type == "monster"))
    assert g.decision.kind == "look_take"
    a = act(g, SH.policy)
    assert _card(g, a.card) == "SNP-012"
    g.apply(a)
    play_until(g, SH.policy)
    assert _ids(g, 0, "hand") == ["SNP-012"] and sorted(_ids(g, 0, "deck")[:2]) == ["SNP-036", "SNP-071"]


def test_choices_the_collection_pays_a_card_and_the_opponent_gives_up_its_least():
    # Black-Market Collection: we discard Haru (yes: their field is worth more), they choose to
    # lose Haru 1/2 rather than Flare 4/4
    g = sn_scenario(dict(hand=["SNP-111", "SNP-071"], town=PURPLE * 2), dict(chars=["SNP-012", "SNP-071"]))
    g.apply(chosen(g, act(g, SH.policy), "monster", "SNP-111"))
    assert g.decision.kind == "optional" and act(g, SH.policy) == Action("optional", use=True)
    g.apply(Action("optional", use=True))
    play_until(g, SH.policy)
    assert [_card(g, u.iid) for u in g.state.players[1].chars] == ["SNP-012"]


def test_choices_the_collection_is_kept_when_they_have_no_character():
    g = sn_scenario(dict(hand=["SNP-111", "SNP-071"], town=PURPLE * 2), dict())
    assert act(g, SH.policy).type != "monster"


# --- amounts: "for each" --------------------------------------------------------------------------

def test_amounts_en_counts_three_monsters_and_finishes_the_bigger_character():
    # three monster cards in the discard pile: 3 damage, enough for Luce 2/3 (worth more than Luka)
    g = sn_scenario(dict(hand=["SNP-108"], town=PURPLE * 3, discard=["SNP-109", "SNP-110", "SNP-111"]),
                    dict(chars=["SNP-001", "SNP-020"]))
    g.apply(chosen(g, act(g, SH.policy), "place", "SNP-108"))
    play_until(g, SH.policy)
    assert _ids(g, 1, "discard") == ["SNP-020"]


def test_amounts_en_counts_two_monsters_and_finishes_the_smaller_character():
    g = sn_scenario(dict(hand=["SNP-108"], town=PURPLE * 3, discard=["SNP-109", "SNP-110", "SNP-001"]),
                    dict(chars=["SNP-001", "SNP-020"]))
    g.apply(act(g, SH.policy))
    play_until(g, SH.policy)
    assert _ids(g, 1, "discard") == ["SNP-001"]


# --- keywords: Fervor (+1 attack when it attacks), Keepsake (draw a card when it leaves) ---------

def test_keywords_fervor_hana_attacks_into_a_blocker_it_trades_with():
    # Hana 1/2 attacks as 2: their Luka 2/2 blocking would fall with her, a trade up
    g = sn_scenario(dict(chars=["SNP-101"], deck=30), dict(chars=["SNP-001"], deck=30))
    a = act(g, SH.policy)
    assert a.type == "attack" and _card(g, a.attacker) == "SNP-101"


def test_keywords_fervor_hana_stays_home_against_a_blocker_that_survives():
    # their Luce 2/3 survives 2 and kills Hana: no attack
    g = sn_scenario(dict(chars=["SNP-101"], deck=30), dict(chars=["SNP-020"], deck=30))
    assert act(g, SH.policy).type != "attack"


def test_keywords_keepsake_saya_is_the_blocker_that_falls():
    # Jin 3/1 attacks a deck of 15: trading with him is worth it; Luka 2/2 and Saya 2/2 would both fall and both
    # kill Jin, but Saya draws a card as she leaves
    g = sn_attacked_by("SNP-019", ["SNP-001", "SNP-102"], deck=15)
    a = act(g, SH.policy)
    assert a.type == "defend" and _card(g, a.defender) == "SNP-102"


def test_keywords_keepsake_a_blocker_that_survives_is_better_still():
    # Mokku 2/5 survives Jin's 3 and kills him: Saya stays on the field
    g = sn_attacked_by("SNP-019", ["SNP-054", "SNP-102"], deck=15)
    a = act(g, SH.policy)
    assert a.type == "defend" and _card(g, a.defender) == "SNP-054"


# --- SNP-114..117: a search's filter table, static tables, a "for each" HP, a look at a hand ------

def test_search_barkers_music_fetches_a_character_when_the_hand_is_short():
    g = sn_scenario(dict(hand=["SNP-114"], town=RED, deck=["SNP-020"] * 18 + ["SNP-101", "SNP-012"]), dict())
    g.apply(chosen(g, act(g, SH.policy), "monster", "SNP-114"))
    chosen(g, act(g, SH.policy), "search_pick", "SNP-101")


def test_search_barkers_music_waits_with_a_full_hand():
    g = sn_scenario(dict(hand=["SNP-114"] + ["SNP-012"] * 5, town=RED, deck=["SNP-101"] * 20), dict())
    assert act(g, SH.policy).type == "end_turn"


def test_static_table_matsuri_is_placed_beside_level_1_attackers():
    # Matsuri (2/3, your other level 1 characters +1 attack) or Bald (3/3): beside three level 1
    # attackers Matsuri gives +3 attack; alone, Bald's bigger body is the better card
    g = sn_scenario(dict(hand=["SNP-006", "SNP-115"], town=RED * 3, chars=["SNP-101", "SNP-101", "SNP-113"]), dict())
    chosen(g, act(g, SH.policy), "place", "SNP-115")
    g = sn_scenario(dict(hand=["SNP-006", "SNP-115"], town=RED * 3), dict())
    chosen(g, act(g, SH.policy), "place", "SNP-006")


def test_static_for_each_hp_kagari_is_placed_when_it_makes_a_character_fall():
    # Kagari: their level 1 characters -1 HP for each monster card of our discard pile (two: -2).
    # Their Luka 2/2 and a damaged Hana 1/2 fall when she enters; with no monster, Belladonna is better
    theirs = ["SNP-001", {"card": "SNP-101", "damage": 1}]
    g = sn_scenario(dict(hand=["SNP-064", "SNP-117"], town=PURPLE * 3, discard=["SNP-109", "SNP-110"]),
                    dict(chars=theirs))
    g.apply(chosen(g, act(g, SH.policy), "place", "SNP-117"))
    assert sorted(_ids(g, 1, "discard")) == ["SNP-001", "SNP-101"]
    g = sn_scenario(dict(hand=["SNP-064", "SNP-117"], town=PURPLE * 3), dict(chars=["SNP-001"]))
    chosen(g, act(g, SH.policy), "place", "SNP-064")


def test_look_fox_mask_discards_their_best_card_and_waits_for_an_empty_hand():
    g = sn_scenario(dict(hand=["SNP-116"], town=PURPLE * 2), dict(hand=["SNP-001", "SNP-012", "SNP-020"]))
    g.apply(chosen(g, act(g, SH.policy), "monster", "SNP-116"))
    a = act(g, SH.policy)
    assert a.type == "look_take" and _card(g, a.card) == "SNP-012"     # their level 3 Flare
    g = sn_scenario(dict(hand=["SNP-116"], town=PURPLE * 2), dict(hand=[]))
    assert act(g, SH.policy).type == "end_turn"
