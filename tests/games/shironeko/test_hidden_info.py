"""What the opponent may not see: a card searched into the hand (unless its text reveals it) and the
leader cards kept aside as a second hand (SN-S1)."""
from __future__ import annotations

import pathlib

import pytest

import tcg
from tcg.engine.game import Game
from tcg.games.shironeko.cards import load_cards
from tcg.games.shironeko.rules import ShironekoRules
from tcg.games.shironeko.terminal import Renderer

from .harness import card_id, do, fixture_rules, scenario, zone

DECK = ["F-R1", "F-R3", "F-B1", "F-B2"]


def _searches(events):
    return [e for e in events if e["type"] == "search"]


# --- a searched card is hidden unless the text reveals it --------------------------------------

def test_sn_m1_searched_card_is_known_only_to_its_owner():
    """SN-M1 (a monster's effect resolves): 「山札から…探して手札に加え」 puts the card into the hand,
    which the opponent does not see; nothing in the text reveals it. The opponent's and the
    spectator's log say a card was taken, not which; the owner's log names it."""
    g = scenario(p0=dict(hand=["F-MSEARCH"], town=["F-T-BLUE"], deck=DECK), p1=dict(deck=DECK))
    do(g, "monster", card="F-MSEARCH")
    assert g.decision.kind == "search"
    assert "filter" not in g.observe(1)["decision"]          # the search itself is private too
    do(g, "search_pick", card="F-B1")
    assert "F-B1" in zone(g, 0, "hand")
    mine = _searches(g.log.for_player(0))
    assert mine == [{"type": "search", "player": 0, "took": True, "revealed": False,
                     "card": mine[0]["card"], "id": "F-B1"}]
    for theirs in (_searches(g.log.for_player(1)), _searches(g.log.for_spectator())):
        assert theirs == [{"type": "search", "player": 0, "took": True, "revealed": False}]
    # no other event of the opponent's log names the card either
    iid = mine[0]["card"]
    assert all(e.get("card") != iid for e in g.log.for_player(1))
    assert g.observe(1)["players"][0]["hand"] is None
    # the board tells the opponent only that a card was taken
    r = Renderer(g, viewer=1)
    text = r.event_text(_searches(g.log.for_player(1))[0])
    assert "took a card" in text and "Blue" not in text and "青" not in text


def test_sn_m1_searched_card_is_public_when_the_text_reveals_it():
    """SN-M1: a search whose text says to reveal (公開) the card: ``reveal = true`` names it for all."""
    g = scenario(p0=dict(hand=["F-MREVEAL"], town=["F-T-BLUE"], deck=DECK), p1=dict(deck=DECK))
    do(g, "monster", card="F-MREVEAL")
    do(g, "search_pick", card="F-R1")
    for log in (g.log.for_player(1), g.log.for_player(0), g.log.for_spectator()):
        (ev,) = _searches(log)
        assert ev["took"] and ev["revealed"] and ev["id"] == "F-R1" and card_id(g, ev["card"]) == "F-R1"


def test_sn_m1_taking_nothing_is_public():
    g = scenario(p0=dict(hand=["F-MSEARCH"], town=["F-T-BLUE"], deck=DECK), p1=dict(deck=DECK))
    do(g, "monster", card="F-MSEARCH")
    do(g, "search_none")
    assert _searches(g.log.for_player(1)) == [{"type": "search", "player": 0, "took": False, "card": None}]


def test_sn_m1_reveal_is_a_true_false_field_of_search(tmp_path: pathlib.Path):
    body = ('[set]\ngame = "shironeko"\nname = "mine"\nversion = "1"\n[[cards]]\nid = "X1"\n'
            'kind = "monster"\nname = "x"\ncolor = "red"\ncost = 1\nrune = "red"\n'
            '[[cards.abilities]]\nkind = "use"\neffects = [{op = "search", reveal = "yes"}]\n')
    p = tmp_path / "c.toml"
    p.write_text(body, encoding="utf-8")
    with pytest.raises(tcg.CardDataError):
        load_cards(p)
    p.write_text(body.replace('"yes"', "true"), encoding="utf-8")
    (card,) = load_cards(p)
    assert card.abilities[0].effects[0]["reveal"] is True
    # sample search cards do not reveal: none of their texts says 公開
    for c in load_cards(ShironekoRules.folder / "cards.toml"):
        for ab in c.abilities:
            for op in ab.effects:
                if op.name == "search":
                    assert op["reveal"] == ("公開" in ab.text)


# --- SN-S1: leader cards aside are a second hand ------------------------------------------------

def _leader_game(seed: int = 4) -> Game:
    from .test_setup_turn import new_game
    return new_game(seed, leaders=True)


def test_sn_s1_leader_cards_aside_are_hidden_from_the_opponent_until_used():
    """SN-S1: 000 「第2の手札的存在としてゲーム外（手元）にまとめておく」: like a hand, the opponent and
    spectators see how many leader cards are aside, not which; no event names them."""
    g = scenario(p0=dict(hand=["F-LZ"], town=["F-T-RAINBOW", "F-T-GRAY"], deck=["F-B1"] * 5,
                         leader_hand=["F-L1", "F-L2"]), p1=dict(deck=["F-B1"] * 5))
    for viewer in (1, None):
        pv = g.observe(viewer)["players"][0]
        assert pv["leader_hand"] is None and pv["leader_hand_count"] == 2
    mine = g.observe(0)["players"][0]
    assert sorted(c["id"] for c in mine["leader_hand"]) == ["F-L1", "F-L2"] and mine["leader_hand_count"] == 2
    # the board shows the opponent only the count
    r = Renderer(g, viewer=1)
    from rich.console import Console
    con = Console(width=160, record=True)
    con.print(r.board(g.observe(1)))
    out = con.export_text()
    assert "Leader cards aside: 2 (hidden)" in out and "F-L1" not in out
    # used: the leader becomes public
    do(g, "leaderize", card="F-LZ")
    if g.decision.kind == "pay":
        do(g, "pay_suggested")
    pv = g.observe(1)["players"][0]
    assert pv["leader"]["id"] == "F-L1" and pv["leader_hand_count"] == 1 and pv["leader_hand"] is None
    (ev,) = [e for e in g.log.for_player(1) if e["type"] == "leaderize"]
    assert ev["leader_id"] == "F-L1"


def test_sn_s1_no_event_of_a_new_game_names_a_leader_card_for_the_opponent():
    rules = fixture_rules()
    leaders = {c.id for c in rules.cards if c.kind == "leader"}
    g = _leader_game()
    for p in (0, 1):
        seen = [e for e in g.log.for_player(1 - p) if e.get("player") == p]
        assert not any(e.get("id") in leaders or e.get("leader_id") in leaders for e in seen)
        assert g.observe(1 - p)["players"][p]["leader_hand"] is None
        assert g.observe(1 - p)["players"][p]["leader_hand_count"] == 2


def test_sn_m1_the_action_of_a_search_does_not_name_the_card_to_others_either():
    """SN-M1, and issue 28's first leak: the log line of the search *action* named the card for
    the opponent, the spectators and the live replay ("Take <card>"), because only the mulligan
    was listed as a hidden action type. What a viewer is told of an action now follows the
    engine (``Game.secret_choice``: a search is one of Shironeko's ``[secret] decisions``)."""
    from tcg.ui.terminal import action_text, secret_for
    from .harness import action
    g = scenario(p0=dict(hand=["F-MSEARCH"], town=["F-T-BLUE"], deck=DECK), p1=dict(deck=DECK))
    do(g, "monster", card="F-MSEARCH")
    assert g.secret_choice()
    take = action(g, "search_pick", card="F-B1")
    card = g.rules.cards.find("F-B1")
    for lang, name in (("en", card.name_en), ("ja", card.name)):
        assert name in action_text(g, take, 0, 0, lang)  # its player reads what it took
        for viewer in (1, None):
            assert secret_for(g, 0, viewer)
            assert name not in action_text(g, take, 0, viewer, lang), (lang, viewer)
    assert not secret_for(g, 0, 0)
