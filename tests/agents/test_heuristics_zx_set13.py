"""The Z/X heuristic plays the cards of set 1.3.0 (``ZXS-082``..``ZXS-092``: costs, choices and
looks, "for each" amounts, the keyword Onrush; docs/cards.md Z6c, Z6d, Z7a): per family, a
scenario where using the new card is clearly best and the heuristic takes it, and a twin where it
is not. The heuristic reads the cards' data, never their text."""
from __future__ import annotations

import pytest

from tcg.agents.heuristics import zx as ZX
from tcg.engine.action import Action

from ..games.shipped_cards import shipped
from ..games.zx.harness import FILL, scenario
from .corpus_cards import corpus_fixture, strict_fixture
from .scenario import act
from .scenario import zone_ids as _ids
from .test_heuristics_kemuri_zx import zx_play_main, zx_scenario


strict = strict_fixture(ZX)
corpus = corpus_fixture("zx")


def _card(g, a):
    return g.state.cards[a.card].id


# ---- costs: an ability used from the hand (Grad: (1) and this card to the trash) -------------

def test_costs_grad_from_the_hand_clears_the_last_blocker_for_the_winning_hit():
    # their sleeping 3000 on their player square, one life card behind it; our 2000 cannot destroy
    # it. Grad, from the hand, destroys a power-3000-or-less Z/X: the square opens and 2000 wins
    g = zx_scenario(dict(hand=["ZXS-085"], resources=["ZXS-016"]), dict(life=1),
                    board={4: ("ZXS-001", 0), 1: ("ZXS-017", 1, True)})
    a = act(g, ZX.policy)
    assert a.type == "activate_card" and _card(g, a) == "ZXS-085"
    zx_play_main(g)
    assert "ZXS-085" in _ids(g, 0, "trash") and "ZXS-017" in _ids(g, 1, "charge")
    assert g.is_over and g.winner == 0


def test_costs_grad_stays_in_the_hand_when_nothing_can_be_destroyed():
    # their only Z/X is a 5000: Grad destroys nothing; it is not thrown away
    g = zx_scenario(dict(hand=["ZXS-085"], resources=["ZXS-016"]), dict(life=1),
                    board={4: ("ZXS-001", 0), 1: ("ZXS-029", 1, True)})
    zx_play_main(g)
    assert "ZXS-085" in _ids(g, 0, "hand")


# ---- choices: choose_one (Parting Tide) ------------------------------------------------------

def test_choices_parting_tide_weakens_the_last_blocker():
    # their sleeping 5000 on their player square, one life card behind it; our 3000 on square 4.
    # Parting Tide's second mode (-3000) makes it 2000: our attack destroys it... and the next hit
    # of our 2000 on square 2 wins
    g = zx_scenario(dict(hand=["ZXS-084"], resources=["ZXS-026"]), dict(life=1),
                    board={4: ("ZXS-017", 0), 2: ("ZXS-001", 0), 1: ("ZXS-029", 1, True)})
    a = act(g, ZX.policy)
    assert a.type == "event" and _card(g, a) == "ZXS-084"
    g.apply(a)
    assert act(g, ZX.policy).get("mode") == 1
    zx_play_main(g)
    assert g.is_over and g.winner == 0


def test_choices_parting_tide_draws_when_no_blocker_can_be_weakened_enough():
    # their 9000 stays out of reach at -3000: played anyway, the mode worth more is the card drawn
    g = zx_scenario(dict(hand=["ZXS-084"], resources=["ZXS-026"] * 3), dict(),
                    board={4: ("ZXS-017", 0), 1: ("ZXS-032", 1, True)})
    g.apply(next(a for a in g.legal_actions() if a.type == "event"))
    assert act(g, ZX.policy).get("mode") == 0


def test_choices_the_opponent_chooses_which_of_their_zx_tides_sorting_returns():
    # Tide's Sorting: the opponent returns one of their Z/X of their choice. With their blocker
    # alone on the board, it must go, and our 2000 hits for the game
    g = zx_scenario(dict(hand=["ZXS-088"], resources=["ZXS-026"] * 2), dict(life=1),
                    board={4: ("ZXS-001", 0), 1: ("ZXS-029", 1, True)})
    a = act(g, ZX.policy)
    assert a.type == "event" and _card(g, a) == "ZXS-088"
    zx_play_main(g)
    assert "ZXS-029" in _ids(g, 1, "hand") and g.is_over and g.winner == 0


def test_choices_with_a_small_zx_beside_the_blocker_the_opponent_returns_the_small_one():
    # with a 2000 of theirs beside the blocker, they return the 2000 (the heuristic, in their seat,
    # gives up the Z/X worth least): the blocker stays and there is no winning hit; the card is
    # valued by what they would give up, far less than with the blocker alone
    board = {4: ("ZXS-001", 0), 1: ("ZXS-029", 1, True)}
    alone = zx_scenario(dict(hand=["ZXS-088"], resources=["ZXS-026"] * 2), dict(life=1), board=board)
    g = zx_scenario(dict(hand=["ZXS-088"], resources=["ZXS-026"] * 2), dict(life=1), board={**board, 0: ("ZXS-025", 1)})
    assert _worth(g, "ZXS-088") < _worth(alone, "ZXS-088") / 2
    g.apply(next(a for a in g.legal_actions() if a.type == "event"))
    a = act(g, ZX.policy)
    assert g.decision.player == 1 and g.state.cards[a.target].id == "ZXS-025"
    zx_play_main(g)
    assert _ids(g, 1, "hand") == ["ZXS-025"] and g.state.board[1] is not None and not g.is_over


def _worth(g, cid):
    from tcg.agents.base import AgentView
    return ZX._effect_value(ZX.Ctx(AgentView(g, g.legal_actions())), ZX._ops(cid, "use"))


def test_look_mio_takes_a_zx_from_the_top_three():
    g = zx_scenario(dict(hand=["ZXS-083"], resources=["ZXS-026"] * 3), dict())
    a = act(g, ZX.policy)
    assert a.type == "place" and _card(g, a) == "ZXS-083"
    g.apply(a)
    while g.decision.kind == "look_take":   # (a reveal may come first)
        b = act(g, ZX.policy)
        assert b.type == "look_take"
        g.apply(b)
    assert _ids(g, 0, "hand") == ["ZXS-057"]


# ---- amounts: "for each" (Lanz) ----------------------------------------------------------------

@pytest.mark.parametrize("others,placed", [(3, "ZXS-089"), (0, "ZXS-017")])
def test_amounts_lanz_is_placed_when_it_counts_three_other_zx(others, placed):
    # Lanz (2000) gets +1000 for each other Z/X of ours this turn: beside three it is the better
    # placement than the plain 3000; alone it is not
    board = {sq: ("ZXS-001", 0) for sq in (6, 8, 3)[:others]}
    g = zx_scenario(dict(hand=["ZXS-089", "ZXS-017"], resources=["ZXS-016", "ZXS-002", "ZXS-002"]), dict(), board=board)
    a = act(g, ZX.policy)
    assert a.type == "place" and _card(g, a) == placed


# ---- keywords: Onrush (Galva: 7000, +1000 when it attacks) --------------------------------------

def test_keywords_onrush_makes_galva_attack_an_8000_blocker():
    g = zx_scenario(dict(), dict(life=1), board={4: ("ZXS-092", 0), 1: ("ZXS-057", 1, True)})
    assert act(g, ZX.policy) == Action("attack", attacker=4, target=1)
    zx_play_main(g)
    assert "ZXS-057" in _ids(g, 1, "charge") and g.state.board[1] is None


def test_keywords_onrush_is_not_enough_against_a_9000_blocker():
    g = zx_scenario(dict(), dict(life=1), board={4: ("ZXS-092", 0), 1: ("ZXS-032", 1, True)})
    assert act(g, ZX.policy).type == "end_turn"


# ---- ZXS-096..099: a search's filter table, a static table, looks at a hand and at the life ------

def test_search_conch_is_played_with_spare_resources_and_takes_a_tidesinger(corpus):
    # the shipped cards and the test fixture's (its plain fillers), read by the heuristic
    g = corpus(scenario(p0={"hand": ["ZXS-096"], "resources": ["Z-B1"], "life": ["Z-R1"] * 4,
                            "deck": ["ZXS-083"] + FILL * 2}, p1={"deck": FILL, "life": ["Z-R1"] * 4},
                        cards=shipped("zx")))
    a = act(g, ZX.policy)
    assert a.type == "event" and _card(g, a) == "ZXS-096"
    g.apply(a)
    a = act(g, ZX.policy)
    assert a.type == "pick" and _card(g, a) == "ZXS-083"


def test_search_conch_waits_when_the_resources_are_needed():
    # Conch and a 5000 of cost 3 with three resources: the Z/X is placed, the search waits
    g = zx_scenario(dict(hand=["ZXS-096", "ZXS-030"], resources=["ZXS-026"] * 3), dict())
    a = act(g, ZX.policy)
    assert a.type == "place" and _card(g, a) == "ZXS-030"


def test_static_table_varga_is_placed_beside_forge_soldiers():
    # Varga (4000, the other Forge-Soldiers +1000) or Cinder-Clad Warden (4000): beside three
    # Forge-Soldiers Varga gives +3000 on the board
    board = {6: ("ZXS-086", 0), 8: ("ZXS-089", 0), 5: ("ZXS-091", 0)}
    g = zx_scenario(dict(hand=["ZXS-093", "ZXS-097"], resources=["ZXS-004"] * 3), dict(), board=board)
    a = act(g, ZX.policy)
    assert a.type == "place" and _card(g, a) == "ZXS-097"


def test_static_table_varga_gives_nothing_beside_tidesingers():
    from tcg.agents.base import AgentView
    g = zx_scenario(dict(hand=["ZXS-097"], resources=["ZXS-004"] * 3), dict(), board={6: ("ZXS-082", 0)})
    assert ZX._static_table_value(ZX.Ctx(AgentView(g, g.legal_actions())), "ZXS-097") == 0.0
    g = zx_scenario(dict(hand=["ZXS-097"], resources=["ZXS-004"] * 3), dict(), board={6: ("ZXS-086", 0)})
    assert ZX._static_table_value(ZX.Ctx(AgentView(g, g.legal_actions())), "ZXS-097") == 0.45


@pytest.mark.parametrize("their_hand,played", [(["ZXS-032", "ZXS-001", "ZXS-026"], True), ([], False)])
def test_look_clairvoyance_trashes_their_best_card_and_not_into_an_empty_hand(their_hand, played):
    g = zx_scenario(dict(hand=["ZXS-098"], resources=["ZXS-026"] * 2), dict(hand=their_hand))
    a = act(g, ZX.policy)
    assert (a.type == "event") == played
    if played:
        g.apply(a)
        a = act(g, ZX.policy)
        assert a.type == "look_take" and _card(g, a) == "ZXS-032"     # their 9000, not a small one


def test_look_neria_is_worth_a_card_not_a_life():
    # Neria's look takes a life card, the if-done add_life puts one back: a card chosen, no life
    # gained (before, add_life alone counted a whole life card)
    from tcg.agents.base import AgentView
    g = zx_scenario(dict(hand=["ZXS-099"], resources=["ZXS-026"] * 2), dict())
    ctx = ZX.Ctx(AgentView(g, g.legal_actions()))
    assert abs(ZX._ops_value(ctx, ZX._ops("ZXS-099", "on_place")) - 1.4) < 1e-9
    a = act(g, ZX.policy)
    assert a.type == "place" and _card(g, a) == "ZXS-099"
    g.apply(a)
    assert act(g, ZX.policy).type == "look_take"
