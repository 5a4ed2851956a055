"""The board description of Z/X (tcg.games.zx.board) on precise states: what each square, counter
and zone shows, what stays hidden, the board turned for player 1, and the refs of actions."""
from __future__ import annotations

import io

from rich.console import Console

from tcg.present import board as B
from tcg.engine.action import Action
from tcg.games.zx.board import describe, refs
from tcg.present.text import is_japanese
from tcg.ui import table

from .harness import action, iid_in, scenario, unit

FILL = ["Z-R1"] * 8


def game(p0: dict | None = None, p1: dict | None = None, **kw):
    p0 = {"deck": FILL, "life": ["Z-R1"] * 4, **(p0 or {})}
    p1 = {"deck": FILL, "life": ["Z-R1"] * 4, **(p1 or {})}
    return scenario(p0=p0, p1=p1, **kw)


def desc(g, viewer=0, lang="en"):
    d = describe(g.observe(viewer), lang, g.rules.cards)
    assert B.problems(d) == []
    return d


def area(d, aid):
    return next(a for a in d["areas"] if a["id"] == aid)


def cell(d, sq):
    return next(c for c in area(d, "board")["cells"] if c["id"] == f"board.{sq}")


def counters(a):
    return {k["id"]: k["value"] for k in a["counters"]}


def drawn(d, width=80) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(table.render(d))
    return out.getvalue()


def test_a_unit_shows_its_power_now_and_printed_damage_and_state():
    g = game(board={4: dict(card="Z-R3", damage=1000, asleep=True),
                    3: dict(card="Z-B2", owner=1, force=["Z-R1"])})
    d = desc(g)
    c4 = cell(d, 4)
    assert c4["label"] == "4 centre"
    [u] = c4["cards"]
    assert u["title"] == "Red Three (赤三)" and u["id"] == "Z-R3" and u["owner"] == 0
    assert u["ref"] == f"card.{unit(g, 4).iid}"
    assert u["stats"] == [["Power", "3000/3000"]]
    assert u["states"] == ["You", "Damage 1000", "Asleep (スリープ)"]
    [o] = cell(d, 3)["cards"]
    assert o["states"] == ["Opponent", "Rebooted (リブート)", "Force 1"]
    assert cell(d, 0)["cards"] == []
    ja = desc(g, lang="ja")
    [u] = cell(ja, 4)["cards"]
    assert u["title"] == "赤三" and u["stats"] == [["パワー", "3000/3000"]]
    assert u["states"] == ["あなた", "ダメージ1000", "スリープ"]


def test_the_grid_holds_nine_squares_with_the_player_squares_marked():
    g = game(p0={"player": "P-HERO"}, p1={"player": "P-OTHER", "player_face_up": False},
             board={1: dict(card="Z-R1", owner=1)})
    d = desc(g)
    grid = area(d, "board")
    assert grid["layout"] == "grid" and grid["columns"] == 3 and grid["owner"] is None
    assert grid["side"] == "middle"
    assert [c["id"] for c in grid["cells"]] == [f"board.{q}" for q in range(9)]
    assert [c["label"] for c in grid["cells"]] == [
        "0 far left", "1 ◆ Opponent's player square", "2 far right", "3 middle left", "4 centre",
        "5 middle right", "6 your left", "7 ◆ your player square", "8 your right"]
    hero = g.rules.cards.find("P-HERO").name_en
    assert cell(d, 7)["marks"] == ["player open to attack", f"card: {hero}"]
    other = g.rules.cards.find("P-OTHER").name_en
    assert cell(d, 1)["marks"] == ["player card face down"]  # a Z/X stands on it; their card is face down
    assert other not in str(d)
    assert cell(desc(g, viewer=1), 1)["marks"] == [f"card (face down): {other}"]  # its owner knows it
    assert cell(d, 4)["marks"] == []


def test_viewer_one_sees_the_board_turned_round():
    g = game(board={7: "Z-R1"})
    d = desc(g, viewer=1)
    assert [c["id"] for c in area(d, "board")["cells"]] == [f"board.{q}" for q in (8, 7, 6, 5, 4, 3, 2, 1, 0)]
    assert cell(d, 1)["label"] == "1 ◆ your player square" and cell(d, 7)["label"] == "7 ◆ Opponent's player square"
    assert cell(d, 8)["label"] == "8 far left" and cell(d, 0)["label"] == "0 your right"
    sides = {a["id"]: a["side"] for a in d["areas"]}
    assert sides["p1.player"] == "bottom" and sides["p0.player"] == "top" and sides["p1.hand"] == "bottom"
    text = drawn(d, width=120)
    lines = text.splitlines()
    row_of = {sq: next(i for i, line in enumerate(lines) if f"│ {sq} " in line) for sq in (8, 1)}
    assert row_of[8] < row_of[1]  # the far row at the top, the viewer's row at the bottom


def test_a_spectator_sees_player_zero_at_the_bottom():
    g = game()
    d = desc(g, viewer=None)
    sides = {a["id"]: a["side"] for a in d["areas"]}
    assert sides["p0.player"] == "bottom" and sides["p1.player"] == "top"
    assert area(d, "p0.hand")["layout"] == "pile" and area(d, "p1.hand")["layout"] == "pile"
    assert cell(d, 7)["label"] == "7 ◆ P0's player square"
    assert area(d, "p0.player")["label"] == "P0 · turn player" and area(d, "p1.player")["label"] == "P1"
    assert area(desc(g, viewer=None, lang="ja"), "p0.player")["label"] == "プレイヤー0 · ターンプレイヤー"


def test_the_opponents_hand_is_a_count_and_yours_is_listed():
    g = game(p0={"hand": ["Z-R2", "E-DRAW"]}, p1={"hand": ["Z-B2", "Z-B1", "Z-R5"]})
    d = desc(g)
    theirs = area(d, "p1.hand")
    assert theirs["count"] == 3 and theirs["cards"] == [] and theirs["side"] == "top"
    assert "Z-B2" not in str(d) and "Z-R5" not in str(d)  # nothing of their hand, anywhere
    mine = area(d, "p0.hand")
    assert mine["layout"] == "row" and mine["label"] == "Your hand" and mine["side"] == "bottom"
    assert [c["id"] for c in mine["cards"]] == ["Z-R2", "E-DRAW"]
    assert [c["ref"] for c in mine["cards"]] == [f"card.{i}" for i in g.state.players[0].hand]
    zx, ev = mine["cards"]
    assert (zx["kind"], zx["color_label"], zx["cost"], zx["stats"]) == ("Z/X", "red", 2, [["Power", "2000"]])
    assert ev["kind"] == "event" and ev["stats"] == []
    assert counters(area(d, "p1.player"))["hand"] == 3
    text = drawn(d)
    assert "Opponent's hand 3" in text and "1. Red Two (赤二) · Z/X · red 2 · Power 2000" in text


def test_counters_resources_charge_trash_and_dynamis():
    g = game(p0={"resources": ["Z-R1", "Z-R1", "Z-B1"], "asleep": ["Z-R2"], "charge": ["Z-R3", "Z-B2"],
                 "trash": ["Z-R5"], "dynamis": ["X-IDEA", "X-SHIFT"], "face_up": ["X-EVEX"],
                 "counters": {"dream_key": 2}, "used_shift": True},
             p1={"dynamis": ["X-DESC", "X-OB"], "face_up": ["X-AWK"], "used_ex": True, "deck": FILL[:5]})
    d = desc(g)
    me, opp = area(d, "p0.player"), area(d, "p1.player")
    assert me["label"] == "You · P0 · your turn" and opp["label"] == "Opponent · P1"
    assert counters(me) == {"life": 4, "hand": 0, "deck": 8, "counter.dream_key": 2, "ex": "free", "shift": "used"}
    assert counters(opp)["ex"] == "used (Z/X EX)" and counters(opp)["deck"] == 5
    res = area(d, "p0.resources")
    assert res["counters"][0]["value"] == 3 and res["counters"][0]["max"] == 4
    assert counters(res) == {"ready": 3, "color.red": "●●○", "color.blue": "●"}
    assert [c["states"] for c in res["cards"]][-1] == ["Asleep (スリープ)"]
    assert [c["id"] for c in area(d, "p0.charge")["cards"]] == ["Z-R3", "Z-B2"]
    assert area(d, "p0.trash")["count"] == 1 and area(d, "p0.trash")["layout"] == "pile"
    mine = area(d, "p0.dynamis")
    assert [c["id"] for c in mine["cards"]] == ["X-IDEA", "X-SHIFT"]  # face down: yours to see
    assert all(c["states"] for c in mine["cards"])  # how each comes out
    assert [c["id"] for c in area(d, "p0.dynamis_up")["cards"]] == ["X-EVEX"]
    theirs = area(d, "p1.dynamis")
    assert theirs["count"] == 2 and theirs["cards"] == []  # face down: a count only
    assert [c["id"] for c in area(d, "p1.dynamis_up")["cards"]] == ["X-AWK"]
    assert "X-DESC" not in str(d) and "X-OB" not in str(d)
    text = drawn(d, width=120)
    assert "Life 4  Hand 0  Deck 8  Dream Keys 2  EX/EV EX free  SHIFT used" in text
    assert "Resources  ready (リブート) 3/4  red ●●○  blue ●" in text
    assert "Opponent's dynamis, face down 2" in text and "Your dynamis, face down (2)" in text


def test_title_status_and_battle_banner():
    g = game(board={4: "Z-R3", 1: dict(card="Z-R1", owner=1)}, start=("battle_events", 0, False),
             battle=(4, 1), turn=5)
    d = desc(g)
    assert d["title"] == "Turn 5 · MAIN PHASE · Your turn · first player: You"
    assert d["status"].startswith("Decision: You — battle: play a battle event or an EV EX, or pass")
    assert d["banner"].splitlines() == [
        "⚔ BATTLE Your Red Three (赤三) (3000) on square 4 (centre) → Opponent's Red One (赤一) (1000) on square 1 "
        "(Opponent's player square)",
        "If nothing changes: 3000 vs 1000 → destroys it",
        "Battle events: You to act · the battle resolves once both players pass in a row"]
    assert cell(d, 4)["marks"] == ["⚔ ATTACKING"] and cell(d, 1)["marks"][0] == "◎ ATTACKED"
    ja = desc(g, lang="ja")
    assert is_japanese(ja["title"]) and ja["title"].startswith("ターン5 · メインフェイズ")
    assert ja["status"].startswith("選択：") and "⚔ バトル" in ja["banner"]
    # the game ends in the battle: nothing of it stays (no banner, no square marked)
    g.concede(1)
    over = desc(g)
    assert over["banner"] is None
    assert "⚔ ATTACKING" not in cell(over, 4)["marks"] and not any("ATTACKED" in m for m in cell(over, 1)["marks"])
    assert "concession" in over["status"]


def test_a_face_down_start_card_shows_nothing_of_itself():
    g = game(board={1: dict(card="Z-START", owner=1)})
    g.state.phase = "setup"  # ZX-S2: the start cards lie face down until the set-up ends
    d = desc(g, viewer=0)
    [c] = cell(d, 1)["cards"]
    assert c["face_down"] and c["id"] is None and c["iid"] is None and c["title"] == "Opponent's start card"
    assert cell(d, 1)["marks"] == ["face down until set-up ends", "card: (nameless)"]
    assert "Z-START" not in str(d)
    [mine] = cell(desc(g, viewer=1), 1)["cards"]
    assert mine["id"] == "Z-START" and not mine["face_down"]


def test_refs_of_actions_name_the_card_then_the_square_or_target():
    g = game(p0={"hand": ["Z-R2"], "resources": ["Z-R1"] * 3}, board={4: "Z-R3", 1: dict(card="Z-R1", owner=1),
                                                                       3: dict(card="Z-B1", owner=1)})
    r2 = iid_in(g, 0, "hand", "Z-R2")
    place = action(g, "place", card="Z-R2", square=6)
    assert refs(place) == [f"card.{r2}", "board.6"]
    assert B.refs("zx", place) == refs(place)
    assert refs(action(g, "attack", attacker=4, target=3)) == ["board.4", "board.3"]
    assert refs(Action("attack", attacker=0, target=-1)) == ["board.0", "p1.player"]
    assert refs(Action("attack", attacker=8, target=-1)) == ["board.8", "p0.player"]
    assert refs(Action("attack", attacker=4, target=-1)) == ["board.4"]  # both player squares are next to it
    assert refs(Action("zx_ex", card=40, square=5, destroy=(3, 4))) == ["card.40", "board.5", "board.3", "board.4"]
    assert refs(Action("target", target=12)) == ["card.12"]
    assert refs(Action("activate", square=2, ability=0)) == ["board.2"]
    assert refs(Action("end_turn")) == [] and refs(Action("life", index=0)) == []
    # a card the observation may not show (searched for in the deck) is not named
    assert refs(Action("pick", card=7)) == [] and refs(Action("start_card", card=3)) == []
    # every ref is on the deciding player's table
    d = desc(g)
    ids = {a["id"] for a in d["areas"]} | {c["id"] for a in d["areas"] for c in a["cells"]}
    ids |= {c["ref"] for a in d["areas"] for c in a["cards"] + [x for ce in a["cells"] for x in ce["cards"]]}
    for a in g.legal_actions():
        assert set(refs(a)) <= ids, a


def test_the_table_is_drawn_at_80_columns_in_both_languages():
    g = game(p0={"hand": ["Z-R2", "E-DRAW"], "charge": ["Z-R3"], "dynamis": ["X-IDEA"]},
             board={4: dict(card="Z-R3", damage=1000), 1: dict(card="Z-B2", owner=1)})
    for lang in ("en", "ja"):
        d = desc(g, lang=lang)
        text = drawn(d)
        assert d["title"] in text
        assert max(len(line) for line in text.splitlines()) <= 80
