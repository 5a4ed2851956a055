"""The Shironeko heuristic plays the cards of set 1.2.0, which use the card language (docs/cards.md
§5-§7): one scenario per family where the new card is clearly the best play, read from the cards'
data (``heuristics/shironeko_language.py``), never from their text."""
from __future__ import annotations

from tcg.agents.heuristics import shironeko as SH
from tcg.engine.action import Action

from .scenario import act
from .scenario import zone_ids as _ids
from .scenario import play_until
from .scenario import card_id as _card
from .scenario import chosen
from .test_heuristics_shironeko_turutoru import sn_scenario

BLUE = [("SNP-T02", True)]
GREEN = [("SNP-T04", True)]


def test_selector_filters_bounce_the_small_on_blocker_not_the_big_one():
    # Shion (placed this turn: it cannot attack) returns an ON character of 3 HP or less: their
    # Glen 2/3 goes back to the hand; Mokku 2/5 is out of reach and stays
    g = sn_scenario(dict(chars=[dict(card="SNP-092", sick=True)], town=BLUE * 2),
                    dict(chars=["SNP-003", "SNP-054"]))
    g.apply(chosen(g, act(g, SH.policy), "activate", "SNP-092"))
    play_until(g, SH.policy)
    assert "SNP-003" in _ids(g, 1, "hand") and [_card(g, u.iid) for u in g.state.players[1].chars] == ["SNP-054"]


def test_selector_filters_no_activation_when_nothing_matches():
    # only Mokku (5 HP) and an OFF Glen: nothing is ON with 3 HP or less, the ability would be wasted
    g = sn_scenario(dict(chars=[dict(card="SNP-092", sick=True)], town=BLUE * 2),
                    dict(chars=["SNP-054", dict(card="SNP-003", on=False)]))
    assert act(g, SH.policy).type != "activate"


def test_move_from_the_discard_pile_under_a_thin_deck_then_if_done_draw():
    # deck of 7: Forest Echo puts the two character cards of the discard pile under the deck
    # (two more cards of 'life') and, having done so, draws a card
    g = sn_scenario(dict(hand=["SNP-099"], town=GREEN * 2, deck=7, discard=["SNP-001", "SNP-003"]), dict())
    g.apply(chosen(g, act(g, SH.policy), "monster", "SNP-099"))
    play_until(g, SH.policy)
    assert _ids(g, 0, "discard") == ["SNP-099"]  # both went under the deck, the monster is used
    assert len(g.state.players[0].deck) == 7 + 2 - 1 and len(g.state.players[0].hand) == 1


def test_if_done_a_monster_whose_first_op_finds_nothing_is_kept():
    # no character card in the discard pile: the move does nothing, so the draw never comes
    g = sn_scenario(dict(hand=["SNP-099"], town=GREEN * 2, deck=7, discard=["SNP-043"]), dict())
    assert act(g, SH.policy).type != "monster"


def test_conditions_the_octopus_waits_for_two_characters():
    # "if your opponent has two or more characters, return an OFF one to the hand"
    one = sn_scenario(dict(hand=["SNP-100"], town=BLUE * 3), dict(chars=[dict(card="SNP-012", on=False)]))
    assert act(one, SH.policy).type != "monster"
    two = sn_scenario(dict(hand=["SNP-100"], town=BLUE * 3),
                      dict(chars=[dict(card="SNP-012", on=False), "SNP-001"]))
    a = act(two, SH.policy)
    assert a.type == "monster" and _card(two, a.card) == "SNP-100"
    two.apply(a)
    play_until(two, SH.policy)
    assert "SNP-012" in _ids(two, 1, "hand")


def test_optional_take_a_level_1_character_back_from_the_discard_pile():
    # Neri: "you may put a level 1 character card of your discard pile into your hand": yes, and
    # the better body (Glen 2/3 rather than Luka 2/2); the level 2 card is not offered
    g = sn_scenario(dict(hand=["SNP-089"], town=BLUE * 2, discard=["SNP-001", "SNP-003", "SNP-006"]), dict())
    g.apply(chosen(g, act(g, SH.policy), "place", "SNP-089"))
    assert g.decision.kind == "optional"
    assert act(g, SH.policy) == Action("optional", use=True)
    g.apply(Action("optional", use=True))
    play_until(g, SH.policy)
    assert _ids(g, 0, "hand") == ["SNP-003"]


def test_triggers_another_character_enters_rou_draws_and_puts_the_worst_card_back():
    # Rou on the field: placing Luka sets off "you may draw; if you do, put a card of your hand
    # under the deck" (once per turn). Yes; the card put back is the weakest of the hand
    g = sn_scenario(dict(hand=["SNP-001", "SNP-058"], town=[("SNP-T01", True)], deck=["SNP-003"] * 20,
                         chars=["SNP-090"]), dict())
    g.apply(chosen(g, act(g, SH.policy), "place", "SNP-001"))
    assert g.decision.kind == "optional" and act(g, SH.policy) == Action("optional", use=True)
    g.apply(Action("optional", use=True))
    play_until(g, SH.policy)
    assert len(g.state.players[0].deck) == 20
    assert sorted(_ids(g, 0, "hand")) == ["SNP-003", "SNP-058"] or sorted(_ids(g, 0, "hand")) == ["SNP-058"]


def test_triggers_popo_leaving_takes_a_lookout_back():
    # Popo leaves the field (our own Thundercloud on it, played here by hand: the scenario is the
    # trigger): "you may take a Lookout character card of your discard pile": yes, Rou comes back
    g = sn_scenario(dict(chars=["SNP-098"], discard=["SNP-090"], hand=["SNP-029"], town=[("SNP-T03", True)] * 3),
                    dict(chars=["SNP-012"]))
    g.apply(next(a for a in g.legal_actions() if a.type == "monster"))
    # Thundercloud: 3 damage to a character; target Popo ourselves to see the trigger
    popo = g.state.players[0].chars[0].iid
    g.apply(next(a for a in g.legal_actions() if a.type == "target" and a.target == popo))
    assert g.decision.kind == "optional"
    assert act(g, SH.policy) == Action("optional", use=True)
    g.apply(Action("optional", use=True))
    play_until(g, SH.policy)
    assert "SNP-090" in _ids(g, 0, "hand")


def test_triggers_yuna_shocks_the_biggest_on_attacker_when_the_deck_is_hit():
    # their Flare 4/4 attacks; Yuna 1/3 does not chump; the deck is hit on their turn: Yuna shocks
    # one of their ON characters (it stays OFF through their next start phase): a Flare 4/4, not Luka 2/2
    g = sn_scenario(dict(chars=["SNP-012", "SNP-012", "SNP-001"]), dict(chars=["SNP-096"], deck=30),
                    steps=lambda s: [("main",), ("attack", s.players[0].chars[0].iid)])
    assert g.decision.kind == "defend" and g.decision.player == 1
    assert act(g, SH.policy).type == "no_defense"
    g.apply(act(g, SH.policy))
    assert g.decision.kind == "target" and g.decision.player == 1
    a = act(g, SH.policy)
    assert _card(g, a.target) == "SNP-012"
    g.apply(a)
    assert [u.shock for u in g.state.players[0].chars].count(True) == 1 and not g.state.players[0].chars[2].shock


def test_triggers_kanon_attacks_first_so_the_lookout_hits_harder():
    # Kanon 3/3 ("when this attacks, your other Lookouts get +1 attack") and the awakened Rou 4/6,
    # an empty opposing field: Kanon attacks first, then Rou hits for 5: 8 cards, not 7
    g = sn_scenario(dict(chars=["SNP-095", "SNP-091"]), dict(deck=30))
    a = act(g, SH.policy)
    assert a.type == "attack" and _card(g, a.attacker) == "SNP-095"
    g.apply(a)
    play_until(g, SH.policy)
    g.apply(act(g, SH.policy))
    play_until(g, SH.policy)
    assert len(g.state.players[1].deck) == 30 - 8
