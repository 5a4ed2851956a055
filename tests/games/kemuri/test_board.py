"""The board description of Kemuri (games/kemuri/board.py) on precise states: what each area holds
(casts with their shift, CP and call-in, crosses, seats against the close, the leader, the event,
the serving under way), what stays hidden (the opponent's hand) and the elements options name."""
from __future__ import annotations

import io

from rich.console import Console

from tcg.present import board as B
from tcg.games.kemuri import board as KB
from tcg.ui import table

from .harness import action, do, iid_in, scenario


def describe(g, viewer=0, lang="en"):
    desc = KB.describe(g.observe(viewer), lang, g.rules.cards)
    assert B.problems(desc) == []
    return desc


def area(desc, aid):
    found = [a for a in desc["areas"] if a["id"] == aid]
    assert found, (aid, [a["id"] for a in desc["areas"]])
    return found[0]


def counters(desc, aid):
    return {k["label"]: k for k in area(desc, aid)["counters"]}


def stats(card):
    return {label: value for label, value in card["stats"]}


def drawn(desc, width=80) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(table.render(desc))
    return out.getvalue()


def test_a_cast_on_the_floor_shows_its_shift_cp_call_in_and_if_it_may_serve():
    g = scenario(p0=dict(floor=["K-EB", dict(card="K-LA", served=True)]), p1=dict(floor=["K-LB"]))
    desc = describe(g)
    floor = area(desc, "p0.floor")
    assert floor["side"] == "bottom" and floor["owner"] == 0 and floor["layout"] == "row"
    ben, eri = floor["cards"]
    assert ben["ref"] == f"card.{iid_in(g, 0, 'floor', 'K-EB')}" and ben["id"] == "K-EB"
    assert ben["title"] == "Ben (early) (早番べん)" and ben["kind"] == "Cast"
    assert stats(ben) == {"": "早番 early", "CP": "5", "Call-in": "×2"}
    assert "ready to serve" in ben["states"] and "✓ served" in eri["states"]
    assert "Ben" in ben["states"]  # the person (a leader of the same person draws a call-in)
    # the opponent's casts serve on their own turn: no ready / served on this turn
    fumi = area(desc, "p1.floor")["cards"][0]
    assert area(desc, "p1.floor")["side"] == "top"
    assert stats(fumi)["CP"] == "6" and not any("serve" in s for s in fumi["states"])
    assert "Ben (early) (早番べん) · Cast · 早番 early · CP 5 · Call-in ×2 · ready to serve" in drawn(desc, 160)


def test_cp_changed_by_an_event_shows_now_and_printed():
    g = scenario(p0=dict(floor=["K-EA"], event="E-CP"))
    aoi = area(describe(g), "p0.floor")["cards"][0]
    assert stats(aoi)["CP"] == "4 (printed 3)"
    ja = area(describe(g, lang="ja"), "p0.floor")["cards"][0]
    assert stats(ja)["CP"] == "4（記載3）" and ja["title"] == "早番あおい"


def test_a_flavour_cross_is_its_top_card_with_the_summed_cp_then_the_casts_under_it():
    g = scenario(p0=dict(floor=[dict(card="K-EB", below=["K-LC"]), "K-EA"]))
    cards = area(describe(g), "p0.floor")["cards"]
    assert [c["id"] for c in cards] == ["K-EB", "K-LC", "K-EA"]
    top, under, _ = cards
    assert stats(top)["CP"] == "6" and "flavour cross (味クロス) of 2: CP 5+1" in top["states"]
    assert stats(under) == {"": "遅番 late", "CP": "1"}
    assert under["states"] == ["crossed under Ben (early) (早番べん)"]


def test_seats_show_what_is_left_to_close_and_the_customers_levels():
    g = scenario(p0=dict(seating=["K-F3", "K-F2", "K-F1", "K-F1"]), p1=dict(seating=["K-F3"] * 6))
    desc = describe(g)
    mine = counters(desc, "p0.seats")
    assert mine["Seats"]["value"] == 7 and mine["Seats"]["max"] == 16 and mine["Seats"]["tone"] == ""
    assert mine["To close"]["value"] == 9
    assert mine["Customers"]["value"] == "Lv3×1 Lv2×1 Lv1×2"
    assert mine["Event"]["value"] == "free" and mine["Support"]["value"] == "free"  # the turn player's
    theirs = counters(desc, "p1.seats")
    assert theirs["Seats"]["value"] == 18 and theirs["Seats"]["tone"] == "good"
    assert theirs["Close"]["value"] == "★ at the end phase" and "To close" not in theirs
    assert "Event" not in theirs  # not their turn
    assert area(desc, "p0.seats")["label"] == "You" and area(desc, "p1.seats")["label"] == "Opponent"
    seating = area(desc, "p0.seating")
    assert seating["layout"] == "pile" and seating["count"] == 4
    assert [stats(c)[""] for c in seating["cards"]] == ["Lv3", "Lv2", "Lv1", "Lv1"]
    text = drawn(desc)
    assert "You  Seats 7/16  To close 9  Customers Lv3×1 Lv2×1 Lv1×2" in text
    ja = counters(describe(g, lang="ja"), "p0.seats")
    assert ja["席数"]["value"] == 7 and ja["クローズまで"]["value"] == 9


def test_a_locked_leader_with_enough_seats_cannot_close():
    g = scenario(p0=dict(seating=["K-F3"] * 6, leader_active=False, charm_used=True))
    desc = describe(g)
    k = counters(desc, "p0.seats")
    assert k["Seats"]["tone"] == "warn" and k["Close"]["value"] == "★ the leader is locked"
    leader = area(desc, "p0.leader")["cards"][0]
    assert leader["id"] == "KL-CHO" and leader["kind"] == "Leader"
    assert leader["states"] == ["locked", "charm (おまじない) used"]


def test_an_active_leader_tells_when_its_charm_is_used():
    g = scenario()
    leader = area(describe(g), "p0.leader")["cards"][0]
    assert leader["states"][0] == "ACTIVE" and leader["states"][1].startswith("charm (おまじない) unused: ")
    assert leader["text"]  # its charm in words


def test_the_opponents_hand_is_a_count_and_yours_lists_its_cards():
    g = scenario(p0=dict(hand=["K-HE2", "E-CP", "S-DRAW"]), p1=dict(hand=["K-BIG", "R-KICK"]))
    desc = describe(g)
    theirs = area(desc, "p1.hand")
    assert theirs["layout"] == "pile" and theirs["count"] == 2 and theirs["cards"] == []
    assert "K-BIG" not in repr(desc) and "R-KICK" not in repr(desc)
    mine = area(desc, "p0.hand")
    assert mine["layout"] == "row" and mine["side"] == "bottom" and mine["label"] == "Your hand"
    assert area(desc, "p0.floor")["label"] == "Your floor · max 3"
    assert area(desc, "p1.floor")["label"] == "Opponent's floor · max 3"
    iku, event, support = mine["cards"]
    assert iku["color_label"] == "Cost" and iku["cost"] == 1
    assert stats(iku) == {"": "早番 early", "CP": "1", "Call-in": "×1", "Help": "早番 +2"}
    assert [v for k, v in iku["stats"] if k == ""] == ["Lv1", "早番 early"]
    assert event["kind"] == "Event" and stats(event)["Removal cost"] == "2" and event["cost"] is None
    assert support["states"] == ["no cost, one a turn"]
    text = drawn(desc, 160)
    assert "1. Iku (helps early +2) (早番ヘルプいく) · Cast · Cost 1 · Lv1 · 早番 early · CP 1" in text
    assert "Hand 2" in text
    # the other side of the table: the opponent sees a count of your hand
    other = describe(g, viewer=1)
    assert area(other, "p0.hand")["count"] == 3 and "K-HE2" not in repr(other)
    assert area(other, "p0.hand")["side"] == "top" and area(other, "p1.hand")["side"] == "bottom"


def test_a_spectator_sees_player_0_at_the_bottom_and_no_hand():
    g = scenario(p0=dict(hand=["K-EA"]), p1=dict(hand=["K-LA"]))
    desc = describe(g, viewer=None)
    assert area(desc, "p0.floor")["side"] == "bottom" and area(desc, "p1.floor")["side"] == "top"
    assert area(desc, "p0.hand")["cards"] == [] and area(desc, "p0.hand")["count"] == 1
    assert area(desc, "p0.seats")["label"] == "P0"
    assert desc["title"].startswith("Turn 3 · OPERATION PHASE · P0's turn")


def test_title_status_and_the_event_in_both_languages():
    g = scenario(p1=dict(event="E-CALL"))
    en, ja = describe(g), describe(g, lang="ja")
    assert en["title"] == "Turn 3 · OPERATION PHASE · Your turn · first: You"
    assert ja["title"] == "ターン3・オペレーションフェーズ・あなたのターン・先攻：あなた"
    assert en["status"].startswith("Decision: You — operation phase")
    ev = area(en, "event")["cards"]
    assert area(en, "event")["side"] == "middle" and area(en, "event")["owner"] is None
    assert [c["id"] for c in ev] == ["E-CALL"] and ev[0]["owner"] == 1
    assert stats(ev[0])["Removal cost"] == "3" and ev[0]["states"] == ["Opponent's", "affects both players"]
    assert area(ja, "event")["cards"][0]["states"] == ["相手のイベント", "両プレイヤーに効果"]
    assert en["banner"] is None


def test_the_banner_tells_how_a_serving_stands_and_the_help_cards_show():
    g = scenario(p0=dict(floor=["K-EB"], deck=["K-F1"] * 5),
                 p1=dict(floor=["K-EA"], hand=["K-HE2"], deck=["K-F1"] * 5), start="serve")
    do(g, "serve", cast="K-EB", target="K-EA")
    assert g.decision.kind == "help" and g.decision.player == 1
    do(g, "help", card="K-HE2")
    desc = describe(g, viewer=1)
    assert desc["banner"] == ("Serving (お給仕): Opponent's Ben (early) (早番べん) (早番 CP 5), call-in ×2 → "
                              "your Aoi (early) (早番あおい) (早番 CP 3) · CP 5 vs 3+2 help = 5 → "
                              "Opponent's Ben (early) (早番べん) (CP 5) wins so far (tie: the server)")
    helps = area(desc, "help")
    assert [c["id"] for c in helps["cards"]] == ["K-HE2"] and stats(helps["cards"][0])["CP"] == "+2"
    assert "▶ SERVING" in area(desc, "p0.floor")["cards"][0]["states"]
    assert "◀ RECEIVING" in area(desc, "p1.floor")["cards"][0]["states"]


def test_nobody_to_receive_is_told_as_ikeike():
    g = scenario(p0=dict(floor=["K-EB"], deck=["K-F1"] * 5), p1=dict(deck=["K-F1"] * 5), start="serve")
    g.state.serving = (iid_in(g, 0, "floor", "K-EB"), -1)  # as while its call-ins resolve
    assert describe(g)["banner"] == ("Serving (お給仕): your Ben (early) (早番べん) (早番 CP 5), call-in ×2 → "
                                     "nobody — イケイケ: call-in +1")
    assert describe(g, lang="ja")["banner"] == "お給仕：あなたの早番べん（早番 CP5）・呼び込み×2 → 受けるキャストなし — イケイケ：呼び込み+1"


def test_the_mulligan_marks_show_only_to_their_player():
    g = scenario(p0=dict(hand=["K-EA", "K-LA"], deck=["K-F1"] * 5))
    s = g.state
    s.players[0].mull_pick = [s.players[0].hand[0]]
    desc = describe(g)
    assert "✔ marked for the mulligan" in area(desc, "p0.hand")["cards"][0]["states"]
    assert "✔" not in repr(describe(g, viewer=1))


def test_refs_name_the_acting_card_then_its_target():
    g = scenario(p0=dict(floor=["K-EB", "K-EA"], hand=["K-ED"], seating=["K-F2"], deck=["K-F1"] * 5),
                 p1=dict(floor=["K-LA"], deck=["K-F1"] * 5))
    eb, ea = iid_in(g, 0, "floor", "K-EB"), iid_in(g, 0, "floor", "K-EA")
    assert KB.refs(action(g, "place", card="K-ED")) == [f"card.{iid_in(g, 0, 'hand', 'K-ED')}"]
    assert KB.refs(action(g, "cross", casts=["K-EA", "K-EB"])) == [f"card.{ea}", f"card.{eb}"]
    assert KB.refs(action(g, "end_operation")) == []
    ids = {c["ref"] for a in describe(g)["areas"] for c in a["cards"]} | {a["id"] for a in describe(g)["areas"]}
    for a in g.legal_actions():
        assert set(KB.refs(a)) <= ids, a
    # paying: the seating card
    do(g, "place", card="K-ED")
    assert g.decision.kind == "pay"
    pay = action(g, "pay", card="K-F2")
    assert KB.refs(pay) == [f"card.{iid_in(g, 0, 'seating', 'K-F2')}"]
    assert KB.refs(pay)[0] in {c["ref"] for c in area(describe(g), "p0.seating")["cards"]}
    # serving: the server, then the receiver
    h = scenario(p0=dict(floor=["K-EB"]), p1=dict(floor=["K-LA"]), start="serve")
    served = action(h, "serve", cast="K-EB", target="K-LA")
    assert KB.refs(served) == [f"card.{iid_in(h, 0, 'floor', 'K-EB')}", f"card.{iid_in(h, 1, 'floor', 'K-LA')}"]
    assert KB.refs(action(h, "serve", cast="K-EB", target="K-LA").__class__("serve", cast=1, target=-1)) == ["card.1"]


def test_removing_the_event_names_the_event_area():
    g = scenario(p0=dict(seating=["K-F3"]), p1=dict(event="E-CP"))
    a = action(g, "remove_event")
    assert KB.refs(a) == ["event"] and area(describe(g), "event")["cards"]


def test_the_table_fits_80_columns_in_both_languages():
    g = scenario(p0=dict(floor=[dict(card="K-EB", below=["K-LC"]), "K-HE2"], hand=["K-BIG", "E-CALL", "R-KICK"],
                         seating=["K-F3", "K-F2"], backyard=["K-F1"]),
                 p1=dict(floor=["K-LB"], seating=["K-F1"], event="E-OWN"))
    for lang in ("en", "ja"):
        desc = describe(g, lang=lang)
        text = drawn(desc)
        assert max(len(line) for line in text.splitlines()) <= 80
        assert desc["title"] in text
        for a in desc["areas"]:
            for c in a["cards"]:
                if a["layout"] == "row":
                    assert c["title"] in text.replace("\n", " ") or c["title"].split(" (")[0] in text
