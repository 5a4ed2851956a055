"""The board description of Shironeko (games/shironeko/board.py) on precise states: what each
area holds, what the opponent is not shown, what the options point at, and the terminal drawing
(ui/shironeko_board.py draws the description with tcg.ui.table)."""
from __future__ import annotations

import io
import json

from rich.console import Console

from tcg.present import board as B
from tcg.games.shironeko import board as SB
from tcg.games.shironeko.board import describe, refs
from tcg.games.shironeko.terminal import Renderer

from .harness import action, do, scenario, unit, zone

DECK = ["F-B1"] * 10
RED, BLUE = "F-T-RED", "F-T-BLUE"


def desc_of(g, viewer, lang="en"):
    d = describe(g.observe(viewer), lang, g.rules.cards)
    assert B.problems(d) == []
    return d


def area(d, aid):
    (a,) = [a for a in d["areas"] if a["id"] == aid]
    return a


def area_ids(d):
    return [a["id"] for a in d["areas"]]


def card_named(a, cid):
    (c,) = [c for c in a["cards"] if c["id"] == cid]
    return c


def stats(c):
    return dict(map(tuple, c["stats"]))


def counters(a):
    return {k["label"]: k["value"] if k["max"] is None else f"{k['value']}/{k['max']}" for k in a["counters"]}


def drawn(g, viewer, lang="en", width=80):
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(Renderer(g, lang, viewer=viewer).board(g.observe(viewer)))
    return out.getvalue()


def element_ids(d):
    ids = set(area_ids(d))
    for a in d["areas"]:
        ids |= {c["ref"] for c in a["cards"] if c["ref"]}
    return ids


# --- what the table holds ----------------------------------------------------------------------

def test_a_character_shows_its_hp_left_attack_level_and_states():
    g = scenario(p0=dict(deck=DECK, town=[RED], chars=[dict(card="F-R2", damage=1, on=False, shock=True)]),
                 p1=dict(deck=DECK, chars=[dict(card="F-B1", poison=True, sick=True)]))
    for viewer in (0, 1, None):
        d = desc_of(g, viewer)
        knight = card_named(area(d, "p0.field"), "F-R2")
        assert knight["ref"] == f"card.{unit(g, 0, 'F-R2').iid}" and knight["owner"] == 0
        assert knight["title"] == "Red Knight (赤の騎士)" and knight["color_label"] == "red"
        assert stats(knight) == {"Lv": "2", "ATK": "3", "HP": "2/3"}      # 3 HP, 1 damage: 2 left
        assert knight["states"] == ["OFF", "shock (感電)"]
        mage = card_named(area(d, "p1.field"), "F-B1")
        assert stats(mage) == {"Lv": "1", "ATK": "1", "HP": "3/3"}
        assert mage["states"] == ["poison (毒)", "sick"]                   # ON: nothing to say
    ja = card_named(area(desc_of(g, 0, "ja"), "p0.field"), "F-R2")
    assert ja["title"] == "赤の騎士" and stats(ja) == {"レベル": "2", "攻撃力": "3", "HP": "2/3"}
    assert ja["states"] == ["OFF", "感電"]


def test_runes_and_cards_under_a_character_are_shown():
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-R2", under=["F-R1", "F-B1"])]), p1=dict(deck=DECK))
    knight = card_named(area(desc_of(g, 0), "p0.field"), "F-R2")
    assert stats(knight)["Runes"] == "red, blue, red"              # those under it, then its own
    assert knight["states"][-1] == "+2 under"


def test_the_opponents_hand_and_leader_cards_are_counts_only():
    g = scenario(p0=dict(hand=["F-LZ", "F-R1"], town=[RED], deck=DECK, leader_hand=["F-L1", "F-L2"]),
                 p1=dict(deck=DECK))
    for viewer in (1, None):
        d = desc_of(g, viewer)
        text = json.dumps(d, ensure_ascii=False)
        for hidden in ("F-LZ", "F-R1", "F-L1", "F-L2", "White Princess"):
            assert hidden not in text, (viewer, hidden)
        assert "p0.hand" not in area_ids(d) and "p0.leader_hand" not in area_ids(d)
        assert counters(area(d, "p0")) == {"Deck": 10, "Hand": 2, "Town deck": 0,
                                           "Leader cards aside:": "2 (hidden)"}
    mine = desc_of(g, 0)
    assert [c["id"] for c in area(mine, "p0.hand")["cards"]] == ["F-LZ", "F-R1"]
    assert area(mine, "p0.hand")["label"] == "Your hand"
    assert [c["id"] for c in area(mine, "p0.leader_hand")["cards"]] == ["F-L1", "F-L2"]
    assert "Leader cards aside:" not in counters(area(mine, "p0"))
    text = drawn(g, 1, width=160)
    assert "Leader cards aside: 2 (hidden)" in text and "Hand 2" in text and "F-L1" not in text


def test_the_hand_shows_printed_numbers_change_cost_stop_and_abilities():
    g = scenario(p0=dict(hand=["F-R2", "F-STOP", "F-LZ", "F-MSEARCH"], deck=DECK), p1=dict(deck=DECK))
    hand = area(desc_of(g, 0), "p0.hand")
    knight = card_named(hand, "F-R2")
    assert knight["stats"] == [["", "Lv2 3/3"], ["Chg", "1"]] and knight["cost"] == 3
    assert knight["kind"] == "" and knight["color_label"] == "red"         # a plain character
    assert "STOP!" in card_named(hand, "F-STOP")["states"]
    assert "leaderize (リーダー化)" in card_named(hand, "F-LZ")["states"]
    search = card_named(hand, "F-MSEARCH")
    assert search["kind"] == "monster" and search["stats"] == []
    assert search["text"] == "Search your deck for a level 1 character, add it to your hand."
    assert card_named(area(desc_of(g, 0, "ja"), "p0.hand"), "F-MSEARCH")["kind"] == "モンスター"


def test_the_town_shows_each_soul_on_or_off_and_the_on_souls_by_colour():
    g = scenario(p0=dict(deck=DECK, town=[RED, (RED, False), BLUE]), p1=dict(deck=DECK))
    for lang, on, off, words in (("en", "ON", "OFF", {"ON": "2/3", "red ON": "1/2", "blue ON": "1/1"}),
                                 ("ja", "ON", "OFF", {"ON": "2/3", "赤のON": "1/2", "青のON": "1/1"})):
        town = area(desc_of(g, 0, lang), "p0.town")
        assert [c["states"] for c in town["cards"]] == [[on], [off], [on]]
        assert counters(town) == words
    assert "Town  ON 2/3  red ON 1/2  blue ON 1/1" in drawn(g, 0)


def test_sides_title_and_status():
    g = scenario(p0=dict(deck=DECK), p1=dict(deck=DECK, hand=["F-R1"]), active=0, turn=3, first=1)
    for viewer, bottom in ((0, 0), (1, 1), (None, 0)):
        d = desc_of(g, viewer)
        for a in d["areas"]:
            assert a["side"] == ("bottom" if a["owner"] == bottom else "top"), (viewer, a["id"])
        assert d["areas"][-1]["side"] == "bottom"
    d = desc_of(g, 0)
    assert d["title"] == "Turn 3 · main phase (メインフェイズ) · Your turn · first player: Opponent"
    assert d["status"] == "Decision: Main phase (メインフェイズ): play cards, attack, or end the turn"
    assert area(d, "p0")["label"] == "You · P0 · turn player" and area(d, "p1")["label"] == "Opponent · P1"
    assert area_ids(d)[0] == "p1" and area_ids(d)[-1] == "p0.hand"
    ja = desc_of(g, 1, "ja")
    assert ja["title"] == "ターン3 · メインフェイズ · 相手のターン · 先攻：あなた"
    assert ja["status"].startswith("選択：") and "相手のメインフェイズ" in ja["status"]
    spectator = desc_of(g, None)
    assert area(spectator, "p0")["label"] == "P0 · turn player" and area(spectator, "p1")["label"] == "P1"
    assert spectator["title"] == "Turn 3 · main phase (メインフェイズ) · P0's turn · first player: P1"
    assert "p0.hand" not in area_ids(spectator) and "p1.hand" not in area_ids(spectator)


def test_piles_show_the_discard_and_the_damage_area():
    g = scenario(p0=dict(deck=DECK, chars=["F-R3"]), p1=dict(deck=["F-TDRAW", "F-THAND", "F-STOP", "F-B2", "F-B1"],
                                                             discard=["F-B1"]))
    do(g, "attack", attacker="F-R3")
    assert g.decision.kind == "trigger_order" and g.decision.player == 1
    for viewer in (0, 1):
        d = desc_of(g, viewer)
        assert [c["id"] for c in area(d, "p1.damage")["cards"]] == ["F-TDRAW", "F-THAND", "F-STOP"]
        assert area(d, "p1.discard")["count"] == 1 and area(d, "p0.discard")["count"] == 0
    assert "p0.damage" not in area_ids(desc_of(g, 0))                       # empty: not shown


def test_the_result_is_the_status_at_the_end():
    g = scenario(p0=dict(deck=DECK, chars=["F-R3"]), p1=dict(deck=["F-B1"]))
    do(g, "attack", attacker="F-R3")
    if g.decision is not None and g.decision.kind == "defend":
        do(g, "no_defense")
    assert g.is_over
    assert desc_of(g, 0)["status"].startswith("Game over: You win")
    assert desc_of(g, 1, "ja")["status"].startswith("ゲーム終了：")


# --- what the options point at -------------------------------------------------------------------

def test_refs_of_an_attack_a_change_and_a_defence():
    g = scenario(p0=dict(hand=["F-R2"], town=[RED, RED], deck=DECK, chars=["F-R1", "F-R3"]),
                 p1=dict(deck=DECK, chars=["F-B1"]))
    r3, r1 = unit(g, 0, "F-R3").iid, unit(g, 0, "F-R1").iid
    attack = action(g, "attack", attacker="F-R3")
    assert refs(attack) == [f"card.{r3}"]
    change = action(g, "change", card="F-R2", target="F-R1")
    hand_iid = change.card
    assert refs(change) == [f"card.{hand_iid}", f"card.{r1}"]               # the card, then onto what
    assert refs(action(g, "end_turn")) == []
    ids = element_ids(desc_of(g, 0))
    for a in g.legal_actions():
        assert set(refs(a)) <= ids, a
    do(g, "attack", attacker="F-R3")
    assert g.decision.kind == "defend"
    defend = action(g, "defend", defender="F-B1")
    assert refs(defend) == [f"card.{unit(g, 1, 'F-B1').iid}"]
    assert refs(action(g, "no_defense")) == []
    ids = element_ids(desc_of(g, 1))
    assert f"card.{r3}" in ids                        # the attacker is on the defender's table


def test_refs_of_a_target_a_trigger_and_a_search_are_on_the_deciders_table():
    g = scenario(p0=dict(hand=["F-MDMG"], town=[RED, BLUE, BLUE], deck=DECK), p1=dict(deck=DECK, chars=["F-B1", "F-B2"]))
    do(g, "monster", card="F-MDMG")
    if g.decision.kind == "pay":
        do(g, "pay_suggested")
    assert g.decision.kind == "target"
    d = desc_of(g, 0)
    assert [r for a in g.legal_actions() for r in refs(a)] == \
        [f"card.{unit(g, 1, cid).iid}" for cid in ("F-B1", "F-B2")]
    assert all(set(refs(a)) <= element_ids(d) for a in g.legal_actions())
    assert [c["id"] for c in area(d, "p0.using")["cards"]] == ["F-MDMG"]   # the monster being used

    g = scenario(p0=dict(deck=DECK, chars=["F-R3"]), p1=dict(deck=["F-TDRAW", "F-THAND", "F-STOP", "F-B2"]))
    do(g, "attack", attacker="F-R3")
    assert g.decision.kind == "trigger_order"
    d = desc_of(g, 1)
    triggers = [a for a in g.legal_actions() if a.type == "trigger"]
    assert triggers and all(refs(a) == [f"card.{a.card}"] and refs(a)[0] in element_ids(d) for a in triggers)

    g = scenario(p0=dict(hand=["F-MSEARCH"], town=[BLUE], deck=["F-R1", "F-R3", "F-B1", "F-B2"]), p1=dict(deck=DECK))
    do(g, "monster", card="F-MSEARCH")
    assert g.decision.kind == "search"
    d = desc_of(g, 0)
    assert area(d, "search")["count"] == 4 and area(d, "search")["side"] == "middle"
    assert {tuple(refs(a)) for a in g.legal_actions()} == {("search",), ()}
    assert "search" not in area_ids(desc_of(g, 1))                          # the opponent's table


def test_card_ids_and_instances_come_from_the_observation_only():
    g = scenario(p0=dict(hand=["F-R1"], deck=DECK, chars=["F-R2"]), p1=dict(hand=["F-B2"], deck=DECK))
    d = desc_of(g, 0)
    shown = {c["id"] for a in d["areas"] for c in a["cards"]}
    assert shown == {"F-R1", "F-R2"} and zone(g, 1, "hand") == ["F-B2"]
    assert SB.refs(action(g, "place", card="F-R1"))[0] in element_ids(d)


# --- the terminal drawing ------------------------------------------------------------------------

def test_the_terminal_draws_the_description_in_80_columns():
    g = scenario(p0=dict(hand=["F-R2", "F-LZ"], town=[RED, (BLUE, False)], deck=DECK,
                         chars=[dict(card="F-R1", damage=1)], leader_hand=["F-L1"]),
                 p1=dict(deck=DECK, hand=["F-B1"], chars=[dict(card="F-B2", on=False)], discard=["F-R1"]))
    text = drawn(g, 0)
    assert max(len(line) for line in text.splitlines()) <= 80
    lines = text.splitlines()
    assert lines[0] == "Turn 3 · main phase (メインフェイズ) · Your turn · first player: You"
    for fact in ("Opponent · P1", "Deck 10", "Hand 1", "Discard 1: Red Swordsman",
                 "Opponent's field (1)", "Blue Sage (青の賢者) · blue · Lv 2 · ATK 2 · HP 4/4 · OFF",
                 "Your field (1)", "Red Swordsman (赤の剣士) · red · Lv 1 · ATK 2 · HP 1/2",
                 "Town  ON 1/2  red ON 1/1  blue ON 0/1", "Leader cards aside (1)",
                 "Your hand (2)", "1. Red Knight (赤の騎士) · red 3 · Lv2 3/3 · Chg 1"):
        assert fact in text, fact
    # the opponent's rows above yours, your hand last
    assert text.index("Opponent's field") < text.index("Your field") < text.index("Your hand")
    ja = drawn(g, 0, "ja")
    for fact in ("相手・P1", "山札 10", "手札 1", "相手の場 (1)", "あなたの場 (1)", "あなたの手札 (2)",
                 "タウン  ON 1/2  赤のON 1/1  青のON 0/1", "赤の騎士 · 赤 3 · Lv2・3/3"):
        assert fact in ja, fact
