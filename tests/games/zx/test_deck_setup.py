"""Z/X deck construction and set-up: ZX-D1..ZX-D6, ZX-S1..ZX-S6.

Deck tests call the deck checker on fixture decks; set-up tests play real games through the
public API (``Game(fixture_rules(), decks, seed)``) with legal fixture decks (50 cards, exactly
20 with the ignition icon)."""
from __future__ import annotations

from collections import Counter

import pytest

from tcg.engine.action import Action
from tcg.engine.errors import CardDataError
from tcg.engine.deck import Deck
from tcg.engine.game import Game
from tcg.games.zx.cards import load_cards
from tcg.games.zx.deckcheck import check_deck

from ...card_texts import card_file
from ..harness_base import copies
from .harness import check, decision, events, fixture_rules, kinds, options, sq, zone

# 5 ignition card kinds x 4 = 20 with the icon; 30 without
IGNITION = {"Z-R2I": 4, "Z-B3I": 4, "Z-R5I": 4, "E-IGN": 4, "E-IGNB": 4}
PLAIN = {"Z-R1": 4, "Z-R2": 4, "Z-R3": 4, "Z-R5": 4, "Z-B2": 4, "Z-START": 4, "E-DRAW": 4, "E-GATE": 2}
MAIN = {**IGNITION, **PLAIN}
# the same without start and gate cards
MAIN_PLAIN = {**IGNITION, **{k: v for k, v in PLAIN.items() if k not in ("Z-START", "E-GATE")},
              "Z-B1": 4, "E-GUARD": 2}


def make_deck(main: dict | None = None, dynamis: dict | None = None, player: tuple = (),
              ob_bottom: tuple = (), **extra) -> Deck:
    sections = {"main": copies(MAIN if main is None else main)}
    if dynamis is not None:
        sections["dynamis"] = copies(dynamis)
    if player:
        sections["player"] = tuple(player)
    if ob_bottom:
        sections["ob_bottom"] = tuple(ob_bottom)
    sections.update(extra)
    return Deck("zx", "fixture", sections)


def found(deck: Deck):
    r = fixture_rules()
    out = check_deck(r.cards, r.profile, deck)
    assert r.validate_deck(deck) == out
    for p in out:  # every problem names its rule and says what is wrong
        assert (p.rule.startswith("ZX-D") or p.rule == "ZX-X7") and p.message and str(p) == f"[{p.rule}] {p.message}"
    return out


def problems(deck: Deck) -> list[tuple[str, str | None]]:
    return sorted(((p.rule, p.card) for p in found(deck)), key=lambda t: (t[0], t[1] or ""))


def messages(deck: Deck) -> list[str]:
    return [p.message for p in found(deck)]


def test_zx_d1_d2_fixture_decks_are_legal_50_with_20_ignition():
    r = fixture_rules()
    for table in (MAIN, MAIN_PLAIN):
        cards = [r.cards[c] for c in copies(table)]
        assert len(cards) == 50
        assert sum(c.ignition for c in cards) == 20
        assert max(Counter(c.id for c in cards).values()) == 4
    assert not any(r.cards[c].start_card or r.cards[c].gate_card for c in MAIN_PLAIN)


# =============================================================================================
# ZX-D1..D6: deck construction
# =============================================================================================

def test_zx_d1_exactly_50_zx_and_events_with_at_most_4_copies_is_legal():
    assert problems(make_deck()) == []
    assert problems(make_deck(MAIN_PLAIN)) == []
    p = fixture_rules().profile
    assert (p.get("deck.size"), p.get("deck.max_copies")) == (50, 4)


def test_zx_d1_49_or_51_cards_is_illegal():
    short = dict(MAIN, **{"E-GATE": 1})          # a plain card fewer: still 20 ignition
    assert problems(make_deck(short)) == [("ZX-D1", None)]
    assert messages(make_deck(short)) == ["deck has 49 cards, must be exactly 50"]
    long_ = dict(MAIN, **{"E-GATE": 3})
    assert problems(make_deck(long_)) == [("ZX-D1", None)]
    assert messages(make_deck(long_)) == ["deck has 51 cards, must be exactly 50"]


def test_zx_d1_five_copies_of_one_card_is_illegal():
    table = dict(MAIN, **{"E-GATE": 1, "E-DRAW": 5})  # still 50 cards, 20 ignition
    assert problems(make_deck(table)) == [("ZX-D1", "E-DRAW")]
    assert "5 copies" in messages(make_deck(table))[0]


def test_zx_d1_same_card_limit_counts_copies_by_name_reprints_share_it():
    """ZX-D1 「同一カード」: Z-R1R is a reprint of Z-R1 (another id, the same name 赤一)."""
    r = fixture_rules()
    assert r.cards["Z-R1R"].name == r.cards["Z-R1"].name and r.cards["Z-R1R"].id != r.cards["Z-R1"].id
    ok = dict(MAIN, **{"Z-R1": 2, "Z-R1R": 2})                # 4 of the name: legal
    assert problems(make_deck(ok)) == []
    five = dict(MAIN, **{"E-GATE": 1, "Z-R1R": 1})           # 4 + 1 reprint = 5 of 赤一
    assert problems(make_deck(five)) == [("ZX-D1", "Z-R1, Z-R1R")]
    assert messages(make_deck(five)) == ["5 copies of '赤一' (ids Z-R1, Z-R1R share the name), at most 4"]


def test_zx_d1_only_zx_and_event_cards_in_the_deck():
    for wrong in ("X-EVEX", "X-DESC", "P-HERO", "B-HERO"):
        table = dict(MAIN, **{"E-GATE": 1, wrong: 1})
        assert problems(make_deck(table)) == [("ZX-D1", wrong)], wrong
    table = dict(MAIN, **{"E-GATE": 1, "NOPE-1": 1})
    assert problems(make_deck(table)) == [("ZX-D1", "NOPE-1")]


def test_zx_d2_exactly_20_ignition_cards():
    nineteen = dict(MAIN, **{"E-IGNB": 3, "E-GATE": 3})  # 50 cards, 19 with the icon
    assert problems(make_deck(nineteen)) == [("ZX-D2", None)]
    assert messages(make_deck(nineteen)) == ["19 cards with the ignition icon, must be exactly 20"]
    twenty_one = dict(MAIN, **{"E-GATE": 1, "Z-B2I": 1})  # 50 cards, 21 with the icon
    assert problems(make_deck(twenty_one)) == [("ZX-D2", None)]
    assert messages(make_deck(twenty_one)) == ["21 cards with the ignition icon, must be exactly 20"]
    assert fixture_rules().profile.get("deck.ignition") == 20


def test_zx_d3_at_most_4_life_recovery_and_4_void_bringer():
    four = dict(MAIN, **{"Z-R1": 0, "Z-LR": 3, "Z-LR2": 1})
    assert problems(make_deck(four)) == []
    five = dict(MAIN, **{"Z-R1": 0, "E-GATE": 1, "Z-LR": 4, "Z-LR2": 1})  # 50 cards, no card over 4
    assert problems(make_deck(five)) == [("ZX-D3", "Z-LR, Z-LR2")]
    assert messages(make_deck(five)) == ["5 cards marked Life Recovery, at most 4"]
    vb = dict(MAIN, **{"Z-R1": 0, "Z-VB": 4})
    assert problems(make_deck(vb)) == []
    vb5 = dict(MAIN, **{"Z-R1": 0, "E-GATE": 1, "Z-VB": 4, "Z-VB2": 1})
    assert problems(make_deck(vb5)) == [("ZX-D3", "Z-VB, Z-VB2")]
    assert messages(make_deck(vb5)) == ["5 cards marked Void Bringer, at most 4"]
    p = fixture_rules().profile
    assert (p.get("deck.max_life_recovery"), p.get("deck.max_void_bringer")) == (4, 4)


def test_zx_d4_dynamis_of_16_is_legal_and_empty_is_legal():
    full = {"X-OB": 4, "X-DESC": 4, "X-AWK": 4, "X-EVEX": 4}  # 4 OB + 12 others
    assert problems(make_deck(dynamis=full, player=("P-HERO",), ob_bottom=("B-HERO",))) == []
    assert problems(make_deck(dynamis={})) == []


def test_zx_d4_dynamis_limits():
    # five copies of one card
    assert problems(make_deck(dynamis={"X-EVEX": 5}, player=("P-HERO",))) == [("ZX-D4", "X-EVEX")]
    # five Z/X OB in all (4 + 1, no card above 4 copies)
    assert problems(make_deck(dynamis={"X-OB": 4, "X-OB2": 1})) == [("ZX-D4", None)]
    assert messages(make_deck(dynamis={"X-OB": 4, "X-OB2": 1})) == ["5 Z/X OB in the dynamis, at most 4"]
    # 13 non-OB cards
    thirteen = {"X-DESC": 4, "X-AWK": 4, "X-EVEX": 4, "X-IDEA": 1}
    assert problems(make_deck(dynamis=thirteen, player=("P-HERO",))) == [("ZX-D4", None)]
    assert messages(make_deck(dynamis=thirteen, player=("P-HERO",))) == ["13 non-OB dynamis cards, at most 12"]
    # 17 in all: the size and the non-OB count are both reported
    seventeen = {"X-OB": 4, "X-DESC": 4, "X-AWK": 4, "X-EVEX": 4, "X-IDEA": 1}
    assert messages(make_deck(dynamis=seventeen, player=("P-HERO",))) == [
        "dynamis has 17 cards, at most 16", "13 non-OB dynamis cards, at most 12"]


def test_zx_d4_dynamis_takes_only_ex_ob_shift_and_ev_ex():
    for wrong in ("Z-R1", "E-DRAW", "P-HERO", "B-HERO"):
        assert problems(make_deck(dynamis={wrong: 1})) == [("ZX-D4", wrong)], wrong
    assert problems(make_deck(dynamis={"X-DESC": 1, "X-OB": 1, "X-SHIFT": 1, "X-EVEX": 1}, player=("P-HERO",))) == []


def test_zx_x7_ev_ex_of_another_player_is_refused_by_deck_validation():
    """ZX-X7 「基本的にはプレイヤーごとの専用カードであり、それぞれプレイヤー名が指定されている。」: X-EVEX is
    P-HERO's; a deck whose player card is another one (or that has none) may not hold it."""
    assert problems(make_deck(dynamis={"X-EVEX": 2}, player=("P-HERO",))) == []
    assert problems(make_deck(dynamis={"X-EVEX": 2}, player=("P-OTHER",))) == [("ZX-X7", "X-EVEX")]
    assert messages(make_deck(dynamis={"X-EVEX": 2}, player=("P-OTHER",))) == [
        "EV EX '英雄の号令' is only for the player '英雄'; the player card is '別人'"]
    assert problems(make_deck(dynamis={"X-EVEX": 1})) == [("ZX-X7", "X-EVEX")]
    assert "no single player card" in messages(make_deck(dynamis={"X-EVEX": 1}))[0]


@pytest.mark.parametrize("cards, field", [
    ('[[cards]]\nid = "X-E"\nkind = "ev_ex"\nname = "x"\ncolor = "red"\ncost = 1\nplayer = "NOBODY"\n'
     '[[cards.abilities]]\nkind = "use"\neffects = [{op = "draw"}]\n'
     '[[cards.abilities]]\nkind = "use"\neffects = [{op = "draw"}]\n', "player"),
    ('[[cards]]\nid = "Z-X"\nkind = "zx"\nname = "x"\ncolor = "red"\ncost = 1\npower = 1000\n'
     '[[cards.abilities]]\nkind = "static"\nplayer_card = "NOBODY"\n'
     'effects = [{op = "modify", target = "self", stat = "power", amount = 1}]\n', "player_card"),
], ids=["x7-ev-ex-player", "d5-player-card-condition"])
def test_zx_x7_d5_a_player_named_by_a_card_must_be_a_player_card_of_the_set(tmp_path, cards, field):
    """ZX-X7: an EV EX's player; ZX-D5: an ability's player card condition."""
    f = tmp_path / "bad.toml"
    f.write_text(card_file("t", cards, game="zx"), encoding="utf-8")
    with pytest.raises(CardDataError) as e:
        load_cards(f)
    assert "NOBODY" in str(e.value) and field in str(e.value)


def test_zx_d5_player_card_and_matching_ob_bottom_are_optional():
    assert problems(make_deck(player=("P-HERO",))) == []
    assert problems(make_deck(player=("P-HERO",), ob_bottom=("B-HERO",))) == []
    assert problems(make_deck()) == []


def test_zx_d5_abilities_keyed_to_a_specific_player_card():
    """「一部カードに、特定(個人)のプレイヤーカードの存在で発動する能力が存在する。」: Z-HEROFAN's abilities work
    only while its controller's player card is P-HERO, on its square face up (not another player
    card, not the nameless stand-in, not while a Z/X OB has turned it face down)."""
    from .harness import do, power, scenario
    fill = {"deck": ["Z-R1"] * 8, "life": ["Z-R1"] * 4}
    for player, up, works in (("P-HERO", True, True), ("P-OTHER", True, False), (None, True, False),
                              ("P-HERO", False, False)):
        spec = dict(fill, hand=["Z-HEROFAN"], resources=["Z-R1"] * 2, player_face_up=up)
        if player:
            spec["player"] = player
        g = scenario(p0=spec, p1=dict(fill, player="P-HERO"))
        do(g, "place", card="Z-HEROFAN", square=3)
        assert len(g.state.players[0].hand) == (1 if works else 0), player   # on place: draw 1
        assert power(g, 3) == (3000 if works else 1000), player              # static +2000
        act = [a for a in g.legal_actions() if a.type == "activate"]
        assert bool(act) == works, player                                    # activated
        if works:
            g.apply(act[0])
            assert power(g, 3) == 4000
    # the opponent's player card does not count for my Z/X
    g = scenario(p0=dict(fill, player="P-OTHER"), p1=dict(fill, player="P-HERO"), board={3: "Z-HEROFAN"})
    assert power(g, 3) == 1000


def test_zx_d5_x1_sample_cards_with_a_player_card_or_a_face_up_race_condition():
    """The sample set (original cards) uses both conditions: ZXS-064 works for 火野坂アカネ (ZXS-P01)
    only, ZXS-065 counts face-up 灯喰 dynamis cards."""
    from tcg.games.zx import RULES
    karina, mio = RULES.cards["ZXS-064"], RULES.cards["ZXS-065"]
    assert {ab.kind for ab in karina.abilities} == {"on_place", "static"}
    assert all(ab.player_card == "ZXS-P01" for ab in karina.abilities)
    assert RULES.cards["ZXS-P01"].name == "火野坂アカネ" and "火野坂アカネ" in karina.text
    (ab,) = mio.abilities
    assert (ab.kind, ab.face_up_race, ab.min_face_up_race) == ("static", "灯喰", 2) and "灯喰" in mio.text


def test_zx_d5_ob_bottom_must_match_the_single_player_card():
    assert problems(make_deck(player=("P-HERO",), ob_bottom=("B-OTHER",))) == [("ZX-D5", "B-OTHER")]
    assert problems(make_deck(ob_bottom=("B-HERO",))) == [("ZX-D5", "B-HERO")]
    assert [p.rule for p in found(make_deck(player=("P-HERO", "P-OTHER")))] == ["ZX-D5"]
    assert [p.rule for p in found(make_deck(player=("P-HERO",), ob_bottom=("B-HERO", "B-HERO")))] == ["ZX-D5"]


def test_zx_d6_every_violation_is_reported_with_its_rule_and_card():
    main = dict(MAIN, **{"E-DRAW": 5, "E-GATE": 1, "Z-R1": 2, "NOPE-1": 1, "X-EVEX": 1})
    deck = make_deck(main, dynamis={"X-SHIFT": 5, "Z-R1": 1}, player=("P-HERO",), ob_bottom=("B-OTHER",))
    assert problems(deck) == [
        ("ZX-D1", "E-DRAW"), ("ZX-D1", "NOPE-1"), ("ZX-D1", "X-EVEX"),
        ("ZX-D4", "X-SHIFT"), ("ZX-D4", "Z-R1"), ("ZX-D5", "B-OTHER")]
    by_card = {p.card: p.message for p in found(deck)}
    assert "E-DRAW" in by_card["E-DRAW"] or "補給" in by_card["E-DRAW"]
    assert "NOPE-1" in by_card["NOPE-1"]
    assert "5 copies" in by_card["X-SHIFT"]


def test_zx_d6_unknown_section_is_reported():
    deck = make_deck(extra=("Z-R1",))
    assert problems(deck) == [("ZX-D1", None)]
    assert "unknown deck section [extra]" in messages(deck)[0]


def test_zx_d6_wrong_kind_in_player_section_names_the_card():
    assert problems(make_deck(player=("Z-R1",))) == [("ZX-D5", "Z-R1")]
    assert problems(make_deck(player=("P-HERO",), ob_bottom=("Z-R2",))) == [("ZX-D5", "Z-R2")]


def test_zx_d6_several_player_cards_are_named():
    assert problems(make_deck(player=("P-HERO", "P-OTHER"))) == [("ZX-D5", "P-HERO, P-OTHER")]


# =============================================================================================
# Set-up: real games
# =============================================================================================

def deck_with(player: str | None = "P-HERO", main: dict | None = None, dynamis: dict | None = None) -> Deck:
    return make_deck(main, dynamis=dynamis if dynamis is not None else {"X-EVEX": 1, "X-DESC": 1},
                     player=(player,) if player else ())


def new_game(seed: int = 1, d0: Deck | None = None, d1: Deck | None = None) -> Game:
    return Game(fixture_rules(), [d0 or deck_with(), d1 or deck_with()], seed)


def no_choices(g: Game, until: str = "mulligan") -> None:
    """Decline every start/gate card choice up to the given decision kind."""
    while g.decision.kind != until:
        kind = g.decision.kind
        g.apply(Action("no_" + kind))


def keep_both(g: Game) -> None:
    for _ in range(2):
        assert g.decision.kind == "mulligan"
        g.apply(Action("keep"))


def test_zx_s1_player_card_face_down_until_setup_ends():
    g = new_game(3, d1=deck_with(None))
    assert decision(g) == (0, "start_card")
    st = g.state
    assert st.phase == "setup"
    assert not st.players[0].player_face_up and not st.players[1].player_face_up
    assert g.observe(1)["players"][0]["player_card"] == {"face_down": True}
    assert g.observe(None)["players"][0]["player_card"] == {"face_down": True}
    assert g.observe(0)["players"][0]["player_card"]["id"] == "P-HERO"  # the owner may look
    no_choices(g)
    keep_both(g)
    assert st.players[0].player_face_up and st.players[1].player_face_up
    assert g.observe(1)["players"][0]["player_card"]["id"] == "P-HERO"
    # no player card: a nameless stand-in
    assert st.players[1].player_card == -1
    assert g.observe(0)["players"][1]["player_card"] == {"name": "(nameless)"}
    check(g)


def test_zx_s2_start_card_goes_face_down_on_the_player_square():
    g = new_game(4)
    assert decision(g) == (0, "start_card")
    assert options(g, "start_card") == ["Z-START"]  # one option per distinct start card
    assert {a.type for a in g.legal_actions()} == {"start_card", "no_start_card"}
    g.apply(g.legal_actions()[0])
    g.apply(Action("no_gate_card"))
    assert decision(g) == (1, "start_card")
    g.apply(Action("no_start_card"))
    g.apply(Action("no_gate_card"))           # both have chosen: the start card goes down now
    assert sq(g, 7) == "Z-START" and g.state.board[7].owner == 0 and not g.state.board[7].asleep
    assert decision(g)[1] == "mulligan"       # the hands are drawn from the other 49
    assert len(g.state.players[0].deck) + len(g.state.players[0].hand) == 49
    assert (zone(g, 0, "deck") + zone(g, 0, "hand")).count("Z-START") == 3
    # hidden from the opponent (and spectators) until set-up ends; the owner sees it
    assert g.observe(1)["board"][7] == {"square": 7, "owner": 0, "face_down": True}
    assert g.observe(None)["board"][7] == {"square": 7, "owner": 0, "face_down": True}
    assert g.observe(0)["board"][7]["id"] == "Z-START"
    assert events(g, "start_card") == [{"type": "start_card", "player": 0}]
    assert g.state.board[1] is None
    keep_both(g)
    obs = g.observe(1)
    assert obs["board"][7]["id"] == "Z-START" and obs["board"][7]["owner"] == 0  # face up now
    assert events(g, "setup")[0]["start_card"] == g.state.board[7].iid
    check(g)


def test_zx_s2_s3_setup_choices_are_simultaneous_the_second_chooser_sees_nothing():
    """ZX-S2/S3: each player chooses a start card and a gate card without seeing the other's
    choice (the source has both do it at the same time: 「それぞれ任意で…」). Player 1 chooses
    after player 0 in the engine, so nothing of player 0's choice may show to player 1: not the
    board, the deck count, the dynamis, the decision or the log. Both are shown once both chose."""
    g = new_game(4)
    before = {v: g.observe(v)["players"][0] for v in (1, None)}
    log_before = len(g.log.for_player(1))
    start = g.legal_actions()[0]
    assert start.type == "start_card"
    g.apply(start)
    assert decision(g) == (0, "gate_card")
    g.apply(next(a for a in g.legal_actions() if a.type == "gate_card"))
    assert decision(g) == (1, "start_card")
    for v in (1, None):
        obs = g.observe(v)
        assert obs["board"][7] is None                        # no face-down card yet either
        assert obs["players"][0] == before[v]                 # deck count, dynamis: unchanged
        assert obs["decision"] == {"player": 1, "kind": "start_card"}
        assert "chosen" not in obs["players"][0]
    seen = g.log.for_player(1)[log_before:]
    assert [(e["type"], e["player"], e["choice"]) for e in seen] == [
        ("setup_choice", 0, "start_card"), ("setup_choice", 0, "gate_card")]
    assert all("card" not in e and "id" not in e for e in seen)   # that they chose, not what
    text = repr(g.observe(1)) + repr(g.log.for_player(1)) + repr(g.log.for_spectator())
    assert "Z-START" not in text and "E-GATE" not in text
    # the chooser sees their own choices
    own = g.observe(0)["players"][0]["chosen"]
    assert (own["start_card"]["id"], own["gate_card"]["id"]) == ("Z-START", "E-GATE")
    mine = [e for e in g.log.for_player(0) if e["type"] == "setup_choice"]
    assert [e["id"] for e in mine] == ["Z-START", "E-GATE"]
    # player 1 chooses; then both choices are carried out
    g.apply(next(a for a in g.legal_actions() if a.type == "start_card"))
    assert decision(g) == (1, "gate_card") and g.observe(0)["board"][1] is None   # and vice versa
    assert g.observe(0)["players"][1]["deck"] == 50
    g.apply(Action("no_gate_card"))
    assert decision(g)[1] == "mulligan"
    for v in (0, 1, None):
        obs = g.observe(v)
        assert obs["board"][7]["owner"] == 0 and obs["board"][1]["owner"] == 1
        assert [c["id"] for c in obs["players"][0]["dynamis_face_up"]] == ["E-GATE"]
        assert obs["players"][1]["dynamis_face_up"] == []
    assert [e["player"] for e in events(g, "start_card")] == [0, 1]
    assert [(e["player"], e["id"]) for e in events(g, "gate_card")] == [(0, "E-GATE")]
    check(g)


def test_zx_s2_s3_no_start_or_gate_decision_without_such_cards():
    g = new_game(5, deck_with(main=MAIN_PLAIN), deck_with(main=MAIN_PLAIN))
    assert decision(g) in ((0, "mulligan"), (1, "mulligan"))
    assert "start_card" not in kinds(g) and "gate_card" not in kinds(g)


def test_zx_s3_gate_card_goes_face_up_into_the_dynamis():
    g = new_game(6)
    g.apply(Action("no_start_card"))
    assert decision(g) == (0, "gate_card")
    assert options(g, "gate_card") == ["E-GATE"]
    g.apply(g.legal_actions()[0])
    no_choices(g)                             # player 1 chooses too: then it goes into the dynamis
    assert zone(g, 0, "dynamis") == ["X-EVEX", "X-DESC", "E-GATE"]
    assert zone(g, 0, "face_up") == ["E-GATE"]
    assert len(g.state.players[0].deck) + len(g.state.players[0].hand) == 49
    assert (zone(g, 0, "deck") + zone(g, 0, "hand")).count("E-GATE") == 1
    keep_both(g)
    opp = g.observe(1)["players"][0]
    assert opp["dynamis_count"] == 3
    assert [c["id"] for c in opp["dynamis_face_up"]] == ["E-GATE"]
    assert opp["dynamis"] is None
    check(g)


def test_zx_s4_decks_shuffled_by_seed_dynamis_not_shown_to_the_opponent():
    unshuffled = list(reversed(copies(MAIN)))
    orders = {}
    for seed in (1, 2, 3):
        g = new_game(seed)
        no_choices(g)
        for p in (0, 1):
            order = zone(g, p, "hand") + zone(g, p, "deck")
            assert Counter(order) == Counter(copies(MAIN))
            assert order != unshuffled
            orders[seed, p] = order
        assert [e["player"] for e in events(g, "shuffle")] == [0, 1]
        # the dynamis is not shuffled and stays face down: the opponent sees only its size
        assert zone(g, 0, "dynamis") == ["X-EVEX", "X-DESC"] and zone(g, 0, "face_up") == []
        opp = g.observe(1)["players"][0]
        assert (opp["dynamis_count"], opp["dynamis_face_up"], opp["dynamis"]) == (2, [], None)
        own = g.observe(0)["players"][0]["dynamis"]
        assert [(c["id"], c["face_up"]) for c in own] == [("X-EVEX", False), ("X-DESC", False)]
    assert orders[1, 0] != orders[2, 0] != orders[3, 0]
    g = new_game(2)
    no_choices(g)
    assert zone(g, 0, "hand") + zone(g, 0, "deck") == orders[2, 0]


def test_zx_s5_first_player_seeded_each_draws_4():
    seen = set()
    for seed in range(12):
        g = new_game(seed)
        no_choices(g)
        first = g.state.first
        seen.add(first)
        assert events(g, "first_player") == [{"type": "first_player", "player": first}]
        for p in (0, 1):
            assert len(g.state.players[p].hand) == 4
            assert len(g.state.players[p].deck) == 46
        # draws: the first player's 4, then the other's
        assert [e["player"] for e in events(g, "draw")] == [first] * 4 + [1 - first] * 4
        # mulligans: the first player decides first
        assert decision(g) == (first, "mulligan")
        g.apply(Action("keep"))
        assert decision(g) == (1 - first, "mulligan")
    assert seen == {0, 1}


def test_zx_s5_mulligan_once_shuffles_back_and_draws_4():
    g = new_game(7)
    no_choices(g)
    first = g.state.first
    other = 1 - first
    before = zone(g, first, "hand")
    all_cards = Counter(zone(g, first, "hand") + zone(g, first, "deck"))
    g.apply(Action("mulligan"))
    after = zone(g, first, "hand")
    assert len(after) == 4 and len(g.state.players[first].deck) == 46
    assert Counter(after + zone(g, first, "deck")) == all_cards
    assert after != before  # seed 7: a different hand
    assert events(g, "mulligan") == [{"type": "mulligan", "player": first}]
    assert decision(g) == (other, "mulligan")  # no second mulligan for the first player
    g.apply(Action("keep"))
    assert g.state.players[first].mulliganed and g.state.players[other].mulliganed
    assert decision(g)[1] != "mulligan"
    assert [e["player"] for e in events(g, "mulligan")] == [first]


def test_zx_s6_life_then_resources_from_the_top_then_cards_turn_face_up():
    g = new_game(8)
    g.apply(Action("start_card", card=g.legal_actions()[0].card))
    no_choices(g)
    g.apply(Action("keep"))
    tops = {p: zone(g, p, "deck")[:6] for p in (0, 1)}
    assert g.observe(1)["board"][7]["face_down"]
    g.apply(Action("keep"))
    st = g.state
    for p in (0, 1):
        assert zone(g, p, "life") == tops[p][:4]
        assert zone(g, p, "resources") == tops[p][4:6]
        assert zone(g, p, "asleep") == []        # resources placed rebooted
        assert len(st.players[p].deck) == (50 - 1 if p == 0 else 50) - 4 - 4 - 2
        assert len(st.players[p].hand) == 4
        assert st.players[p].player_face_up
    assert st.phase != "setup"
    assert g.observe(1)["board"][7]["id"] == "Z-START"
    # event order: set-up done for both, then turn 1 of the first player, who does not draw
    tail = kinds(g)[-3:]
    assert tail[:2] == ["setup", "setup"] and tail[2] == "turn_start"
    assert events(g, "turn_start") == [{"type": "turn_start", "turn": 1, "player": st.first}]
    assert decision(g) == (st.first, "resource")
    check(g)


def test_zx_s6_hidden_information_after_setup():
    g = new_game(9)
    no_choices(g)
    keep_both(g)
    for viewer in (0, 1):
        opp = g.observe(viewer)["players"][1 - viewer]
        mine = g.observe(viewer)["players"][viewer]
        assert opp["hand"] is None and opp["hand_count"] == 4
        assert opp["life"] == 4 and opp["dynamis"] is None and opp["dynamis_count"] == 2
        assert mine["life"] == 4                 # a count only: nobody looks at life cards
        assert [c["id"] for c in mine["hand"]] == zone(g, viewer, "hand")
        # resources are face up: both see them
        assert [c["id"] for c in opp["resources"]] == zone(g, 1 - viewer, "resources")
        # no life card identity anywhere in the opponent's view or log
        text = repr(g.observe(viewer)) + repr(g.log.for_player(viewer))
        for iid in g.state.players[1 - viewer].life:
            assert f"'iid': {iid}," not in text and f"'card': {iid}," not in text
        for iid in g.state.players[1 - viewer].hand:
            assert f"'iid': {iid}," not in text and f"'card': {iid}," not in text
