"""The Z/X heuristic plays the cards of set 1.2.0, which use the card language (docs/cards.md
Z6a, Z6b, Z7, Z8): one scenario per family where the new card is clearly the best play (it wins
the game, or takes a card for free), read from the cards' data (``heuristics/zx_language.py``)."""
from __future__ import annotations


from tcg.agents.heuristics import zx as ZX
from tcg.engine.action import Action

from .corpus_cards import strict_fixture
from .scenario import act
from .scenario import zone_ids as _ids
from .test_heuristics_kemuri_zx import zx_play_main, zx_scenario


strict = strict_fixture(ZX)


def test_selector_and_move_a_sleeping_blocker_to_the_charge_then_the_winning_hit():
    # their last line: a sleeping 5000 on their player square (square 1) and one life card left; our
    # 3000 next to it cannot destroy it. Crystal-Law Sentence (a sleeping Z/X of power 3000-6000
    # to its owner's charge) clears the square, and the hit wins
    g = zx_scenario(dict(hand=["ZXS-074"], resources=["ZXS-016", "ZXS-016"]), dict(life=1),
                    board={4: ("ZXS-017", 0), 1: ("ZXS-029", 1, True)})
    assert act(g, ZX.policy).type == "event"
    zx_play_main(g)
    assert "ZXS-029" in _ids(g, 1, "charge")
    assert g.is_over and g.winner == 0


def test_selector_and_move_a_small_blocker_on_a_normal_square_to_the_deck_bottom():
    # Yugna takes only a cost-2-or-less Z/X on a normal square: their cost-2 4000 on square 3
    # (next to our empty player square), not the cost-5 one on their player square
    g = zx_scenario(dict(hand=["ZXS-068"], resources=["ZXS-057"] * 3), dict(),
                    board={3: ("ZXS-016", 1), 1: ("ZXS-032", 1)})
    a = act(g, ZX.policy)
    assert a.type == "place" and g.state.cards[a.card].id == "ZXS-068"
    zx_play_main(g)
    assert g.state.board[3] is None and _ids(g, 1, "deck")[0] == "ZXS-016"
    assert g.state.board[1] is not None


def test_conditions_life_behind_makes_the_choir_leader_the_best_placement():
    # Mireille adds a life card only while we have fewer than the opponent; Serad's -2000 destroys
    # their 2000. Behind on life (1 against 3) Mireille is placed and the life card comes; level
    # (3 against 3) her condition does not hold and Serad is placed
    for mine, placed in ((1, "ZXS-073"), (3, "ZXS-018")):
        g = zx_scenario(dict(hand=["ZXS-073", "ZXS-018"], resources=["ZXS-016"] * 3, life=mine), dict(life=3),
                        board={3: ("ZXS-025", 1)})
        a = act(g, ZX.policy)
        assert a.type == "place" and g.state.cards[a.card].id == placed, (mine, a)
        g.apply(a)
        zx_play_main(g)
        assert len(g.state.players[0].life) == (mine + 1 if placed == "ZXS-073" else mine)


def test_optional_and_if_done_recycle_a_zx_for_a_card():
    # Lux: "you may put a Z/X of your trash on the bottom of your deck; if you do, draw a card".
    # It says yes (a card for free) and sends the weaker Z/X of the trash down
    g = zx_scenario(dict(hand=["ZXS-071"], resources=["ZXS-016"] * 3, trash=["ZXS-006", "ZXS-016"]), dict())
    a = act(g, ZX.policy)
    assert a.type == "place" and g.state.cards[a.card].id == "ZXS-071"
    g.apply(a)
    assert g.decision.kind == "optional"
    assert act(g, ZX.policy) == Action("optional", use=True)
    g.apply(Action("optional", use=True))
    g.apply(act(g, ZX.policy))  # the Z/X to put down: the weaker one
    assert _ids(g, 0, "trash") == ["ZXS-006"] and _ids(g, 0, "deck")[0] == "ZXS-016"
    assert len(g.state.players[0].hand) == 1  # the card drawn


def test_triggers_an_attack_made_for_its_trigger_opens_the_winning_hit():
    # their 10000 sleeps on their player square, one life card left behind it. Our Horunga (7000) cannot
    # destroy it, nor can it and our 2000 together; but when Horunga attacks, its trigger returns a
    # sleeping Z/X of theirs to the hand: the square is open and the 2000 hits for the game
    g = zx_scenario(dict(), dict(life=1), board={0: ("ZXS-069", 0), 2: ("ZXS-025", 0), 1: ("ZXS-058", 1, True)})
    assert act(g, ZX.policy) == Action("attack", attacker=0, target=1)
    zx_play_main(g)
    assert "ZXS-058" in _ids(g, 1, "hand")
    assert g.is_over and g.winner == 0


def test_triggers_an_optional_draw_when_another_zx_enters_from_the_hand():
    # Morg on the board: placing another Z/X from the hand may draw a card (once per turn): yes
    g = zx_scenario(dict(hand=["ZXS-053"], resources=["ZXS-057"] * 2), dict(), board={7: ("ZXS-067", 0)})
    a = act(g, ZX.policy)
    assert a.type == "place"
    g.apply(a)
    assert g.decision.kind == "optional" and act(g, ZX.policy) == Action("optional", use=True)
