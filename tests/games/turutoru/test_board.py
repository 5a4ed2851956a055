"""The board description of Turu-turu (tcg.games.turutoru.board) on precise states: what each
area holds, what stays hidden, the timeline of the main phase, and what each option points at.

The shared checks over random games (well formed, built from the observation only, every ref on
the decider's table, drawn at 80 columns) are in tests/text/test_board.py."""
from __future__ import annotations

import io
import json

from rich.console import Console

from tcg.present import board as B
from tcg.engine.action import Action
from tcg.games.turutoru.board import describe, refs
from tcg.present.text import is_japanese
from tcg.ui import table

from .harness import action, do, iid_in, program, scenario

FILL = ["T-SMALL"] * 8


def desc(g, viewer, lang="en"):
    return describe(g.observe(viewer), lang, g.rules.cards)


def areas(d) -> dict:
    return {a["id"]: a for a in d["areas"]}


def counters(area) -> dict:
    return {k["id"]: k["value"] for k in area["counters"]}


def cards_of(area) -> list[tuple]:
    return [(c["id"], c["ref"]) for c in area["cards"]]


def all_ids(d) -> set:
    """Every card id anywhere in a description."""
    out = set()
    for a in d["areas"]:
        for c in list(a["cards"]) + [c for ce in a["cells"] for c in ce["cards"]]:
            if c.get("id"):
                out.add(c["id"])
    return out


def drawn(d, width=80) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(table.render(d))
    return out.getvalue()


# --- each player's side ------------------------------------------------------------------------

def test_a_character_shows_power_and_toughness_left_and_hp_is_what_is_left():
    g = scenario(p0=dict(hand=["T-PLACE"], deck=FILL, hp=7),
                 p1=dict(chars=[dict(card="T-PLACE3", damage=1, awake=False)], deck=FILL, hp=-2))
    d = desc(g, 0)
    a = areas(d)
    assert B.problems(d) == []
    assert counters(a["p0.status"]) == {"hp": 7, "deck": 8, "hand": 1}
    assert [k["tone"] for k in a["p0.status"]["counters"] if k["id"] == "hp"] == ["warn"]
    assert counters(a["p1.status"])["hp"] == 0  # what is left, never below 0
    (c,) = a["p1.field"]["cards"]
    assert c["id"] == "T-PLACE3" and c["ref"] == f"card.{iid_in(g, 1, 'chars', 'T-PLACE3')}"
    assert c["stats"] == [["P/T left", "3/2"], ["damage", "1"]]  # printed 3/3, 1 damage
    assert c["states"] == ["bed-in (ベッドイン)"]
    assert c["owner"] == 1 and c["kind"] == "" and c["text"] is not None
    # the viewer at the bottom, the opponent at the top; the hand is the viewer's
    assert {a[k]["side"] for k in ("p0.status", "p0.field", "p0.hand")} == {"bottom"}
    assert {a[k]["side"] for k in ("p1.status", "p1.field")} == {"top"}
    assert cards_of(a["p0.hand"]) == [("T-PLACE", f"card.{iid_in(g, 0, 'hand', 'T-PLACE')}")]
    assert "p1.hand" not in a
    text = drawn(d)
    assert "You  HP 7" in text and "Opponent  HP 0" in text
    assert "Placer General (配置の将軍) · P/T left 3/2 · damage 1 · bed-in (ベッドイン)" in text


def test_modified_numbers_show_the_printed_ones_and_devices_follow_their_character():
    g = scenario(p0=dict(programs=["T-RELEASE"], chars=[dict(card="T-SMALL", devices=["D-ARMS"])],
                         deck=FILL),
                 p1=dict(deck=FILL), start="main")
    a = areas(desc(g, 0))
    unit, dev = a["p0.field"]["cards"]
    assert unit["id"] == "T-SMALL" and dev["id"] == "D-ARMS"
    # Power Arm: +2 power, +1 toughness
    assert unit["stats"] == [["P/T left", "3/2"], ["printed", "1/1"]] and unit["states"] == ["awake"]
    assert dev["states"] == ["⚙ on Small Fry"] and dev["kind"] == "device"
    assert "Power Arm (強化アーム) · device · ⚙ on Small Fry" in drawn(desc(g, 0))
    # releasing it names the device, which is on the table
    rel = action(g, "release", card="D-ARMS")
    assert refs(rel) == [dev["ref"]]


def test_the_opponents_hand_and_stack_are_counts_only():
    # priority 1: the opponent programs first, then you decide while their stack is secret
    g = scenario(p0=dict(hand=["T-PLACE", "T-PLACE2"], deck=FILL),
                 p1=dict(hand=["T-ATK", "T-FAN", "T-BED"], deck=FILL), priority=1)
    program(g, 1, "T-ATK", "T-FAN")
    d = desc(g, 0)
    a = areas(d)
    # TT-T2: nothing of their stack, not even its size; the hand count includes the stacked cards
    assert counters(a["p1.status"]) == {"hp": 20, "deck": 8, "hand": 3, "stack": "secret"}
    assert not all_ids(d) & {"T-ATK", "T-FAN", "T-BED"}
    assert "p1.hand" not in a and "p1.stack" not in a
    text = drawn(d)
    assert "Opponent  HP 20  Deck 8  Hand 3  Stack secret" in text
    for name in ("Attacker", "T-ATK", "T-FAN", "T-BED"):
        assert name not in json.dumps(d, ensure_ascii=False)

    # once both have programmed: how many cards, face down, where their next one starts
    g = scenario(p0=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=FILL, hp=10),
                 p1=dict(programs=["T-ATK", "T-FAN"], hand=["T-BED"], deck=FILL), start="main")
    d = desc(g, 0)
    a = areas(d)
    assert counters(a["p1.status"]) == {"hp": 20, "deck": 8, "hand": 1, "stack": 2}
    assert not all_ids(d) & {"T-ATK", "T-FAN", "T-BED"}
    assert "▷ Opponent: 2 face down" in a["timeline"]["cells"][0]["marks"]


def test_your_stack_in_running_order_with_the_segments_and_what_does_not_fit():
    g = scenario(p0=dict(hand=["T-PLACE6", "T-PLACE2", "T-MULTI"], deck=FILL), p1=dict(deck=FILL))
    do(g, "stack", card="T-MULTI")
    do(g, "stack", card="T-PLACE6")
    a = areas(desc(g, 0))
    st = a["p0.stack"]
    assert st["side"] == "bottom" and st["owner"] == 0
    assert [c["id"] for c in st["cards"]] == ["T-MULTI", "T-PLACE6"]
    multi, six = st["cards"]
    assert multi["stats"] == [["", "2 seg"], ["runs", "0→2"], ["", "Attack / Place / Bed-in"]]
    assert multi["states"] == [] and six["states"] == ["✗ WON'T FIT"]
    assert six["stats"][1] == ["runs", "2→8"]
    assert {k["id"]: (k["value"], k["max"]) for k in st["counters"]} == {"used": (2, 6), "wont_fit": (1, None)}
    assert "timeline" not in a  # the timeline is the main phase's
    text = drawn(desc(g, 0))
    assert "Your stack (top runs first) (2)  segments used 2/6  ✗ discarded when reached 1" in text
    assert "· runs 2→8 · Place · ✗ WON'T FIT" in text


# --- the timeline ---------------------------------------------------------------------------------

def test_the_timeline_marks_the_segment_now_and_the_program_running():
    g = scenario(p0=dict(programs=["T-PLACE2", "T-PLACE"], hand=["T-SMALL", "T-SMALL"], deck=FILL),
                 p1=dict(programs=["T-PLACE4"], hand=["T-SMALL"], deck=FILL, hp=25), start="main")
    # P0 has the lower HP: its T-PLACE2 runs first at segment 0
    d = desc(g, 0)
    tl = areas(d)["timeline"]
    assert (tl["owner"], tl["side"], tl["layout"]) == (None, "middle", "track")
    assert [c["id"] for c in tl["cells"]] == [f"timeline.{k}" for k in range(6)]
    now = tl["cells"][0]
    assert now["marks"][:2] == ["▼ now", "▶ You: Place (配置)"] and now["tone"] == "warn"
    assert [(c["id"], c["stats"]) for c in now["cards"]] == [("T-PLACE2", [["runs", "0→2"]])]
    # your next program would start at 2 (after T-PLACE2's two segments); theirs at 0, face down
    assert "▷ You: next (1 left)" in tl["cells"][2]["marks"]
    assert "▷ Opponent: 1 face down" in now["marks"]
    assert all(not ce["cards"] for ce in tl["cells"][1:])
    assert "Round 2 · MAIN PHASE (メインフェイズ) · segment 0 of 6" in d["title"]
    # their view: your running card is public, your stack a count
    theirs = areas(desc(g, 1))["timeline"]["cells"]
    assert "▶ Opponent: Place (配置)" in theirs[0]["marks"] and "▷ Opponent: 1 face down" in theirs[2]["marks"]
    assert "T-PLACE" not in all_ids(desc(g, 1))
    do(g, "place", card="T-SMALL")
    # the opponent's T-PLACE4 (also at 0) runs next: still segment 0
    tl = areas(desc(g, 0))["timeline"]
    assert [c["id"] for c in tl["cells"][0]["cards"]] == ["T-PLACE4"]
    assert tl["cells"][0]["marks"][:2] == ["▼ now", "▶ Opponent: Place (配置)"]
    do(g, "place", card="T-SMALL")
    tl = areas(desc(g, 0))["timeline"]
    assert [ce["id"] for ce in tl["cells"] if "▼ now" in ce["marks"]] == ["timeline.2"]
    assert [c["id"] for c in tl["cells"][2]["cards"]] == ["T-PLACE"]
    a = areas(desc(g, 0))
    assert [c["id"] for c in a["p0.resolved"]["cards"]] == ["T-PLACE2"]
    assert [c["id"] for c in a["p1.resolved"]["cards"]] == ["T-PLACE4"]
    text = drawn(desc(g, 0))
    assert "Timeline (segments)" in text and "▼ now" in text


def test_a_spectator_sees_player_0_at_the_bottom_and_no_hand():
    g = scenario(p0=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=FILL),
                 p1=dict(programs=["T-PLACE2"], hand=["T-SMALL"], deck=FILL), start="main")
    d = desc(g, None)
    a = areas(d)
    assert d["viewer"] is None
    assert a["p0.field"]["side"] == "bottom" and a["p1.field"]["side"] == "top"
    assert "p0.hand" not in a and "p1.hand" not in a and "p0.stack" not in a
    assert a["p0.status"]["label"] == "P0" and counters(a["p1.status"])["stack"] == 1
    assert "T-SMALL" not in all_ids(d)


# --- words -------------------------------------------------------------------------------------------

def test_japanese_table():
    g = scenario(p0=dict(programs=["T-PLACE2"], hand=["T-SMALL"], deck=FILL),
                 p1=dict(chars=[dict(card="T-PLACE3", awake=False)], deck=FILL), start="main")
    d = desc(g, 0, "ja")
    assert B.problems(d) == []
    assert all(is_japanese(a["label"]) for a in d["areas"])
    assert d["title"] == "ターン2・メインフェイズ・セグメント0/6・優先義務：あなた"
    a = areas(d)
    assert a["p1.field"]["label"] == "相手のフィールド" and a["p0.hand"]["label"] == "あなたの手札"
    assert a["p1.field"]["cards"][0]["states"] == ["ベッドイン"]
    assert a["p1.field"]["cards"][0]["title"] == "配置の将軍"
    assert a["timeline"]["cells"][0]["marks"][:2] == ["▼ 現在", "▶あなた：配置"]
    assert "あなた側  HP 20  デッキ 8  手札 1" in drawn(d)


def test_status_is_the_decision_then_the_result():
    g = scenario(p0=dict(hand=["T-PLACE"], deck=FILL), p1=dict(deck=FILL))
    d = desc(g, 0)
    assert d["status"].startswith("You — programming")
    g.concede(1)
    assert desc(g, 0)["status"].startswith("You win")


# --- what options point at ----------------------------------------------------------------------------

def test_refs_name_the_card_that_acts_then_its_target():
    g = scenario(p0=dict(programs=["T-MOUNT"], hand=["D-ARMS"], chars=["T-SMALL"], deck=FILL),
                 p1=dict(chars=["T-BIG"], deck=FILL), start="main")
    arms, mine, big = iid_in(g, 0, "hand", "D-ARMS"), iid_in(g, 0, "chars", "T-SMALL"), iid_in(g, 1, "chars", "T-BIG")
    on_big = action(g, "mount", card="D-ARMS", target="T-BIG")
    assert refs(on_big) == [f"card.{arms}", f"card.{big}"]
    assert refs(action(g, "mount", card="D-ARMS", target="T-SMALL")) == [f"card.{arms}", f"card.{mine}"]
    assert refs(Action.of("mount", (("card", arms), ("target", -1)))) == [f"card.{arms}"]  # on the field
    assert refs(Action.of("place", (("card", 4),))) == ["card.4"]
    assert refs(Action.of("target", (("target", 9),))) == ["card.9"]
    assert refs(Action.of("use", (("program", 1),))) == [] and refs(Action("skip")) == []
    assert refs(Action.of("search_pick", (("card", 3),))) == []  # the deck is not on the table
    # every option's refs are on the decider's table
    d = desc(g, 0)
    ids = {c["ref"] for a in d["areas"] for c in a["cards"] if c["ref"]}
    for act in g.legal_actions():
        assert set(refs(act)) <= ids, act
    do(g, "mount", card="D-ARMS", target="T-BIG")
    field = areas(desc(g, 0))["p1.field"]["cards"]
    assert [c["id"] for c in field] == ["T-BIG", "D-ARMS"] and field[1]["states"] == ["⚙ on Big Guy"]
