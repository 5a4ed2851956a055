"""Mechanics corpus, Z/X, step 5 (docs/card-language-design.md): one scenario test per card of
tests/corpus/zx/choices.toml (an exact state, the card played, the exact outcome): "for each"
amounts (engine/amounts.py), modes, ``chooser = "opponent"`` and the look (engine/choices.py);
the hidden-information pairs of a look; then the load errors."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import cardfile, scenes
from .cardfile import header, says
from ..games.harness_base import seen_while_answering
from ..games.zx.harness import FILL, check, decision, do, events, legal_types, main, options, power, sq, zone

CORPUS = pathlib.Path(__file__).parent / "zx" / "choices.toml"


#: a scenario with the corpus cards: each player has a deck and four life cards unless told
game = functools.partial(main, cards=CORPUS)


# --- CH-01: +1000 for each other Z/X you have ------------------------------------------------------

def test_ch01_counts_your_other_zx_when_it_resolves():
    g = game(p0={"hand": ["CH-01"], "resources": ["Z-R1"] * 2},
             board={3: "Z-R1", 5: "Z-B1", 0: dict(card="Z-R1", owner=1)})
    do(g, "place", card="CH-01", square=4)
    assert power(g, 4) == 4000                          # two others of yours: +2000 (not theirs, not itself)
    check(g)


def test_ch01_alone_gets_nothing():
    g = game(p0={"hand": ["CH-01"], "resources": ["Z-R1"] * 2})
    do(g, "place", card="CH-01", square=4)
    assert power(g, 4) == 2000


# --- CH-02: draw one for each opponent Z/X, at most two --------------------------------------------

@pytest.mark.parametrize("theirs, drawn", [(0, 0), (1, 1), (3, 2)])
def test_ch02_draws_for_each_opponent_zx_up_to_the_max(theirs, drawn):
    board = {sq: dict(card="Z-R1", owner=1) for sq in (0, 2, 3)[:theirs]}
    g = game(p0={"hand": ["CH-02"], "resources": ["Z-B1"]}, board=board)
    do(g, "event", card="CH-02")
    assert len(zone(g, 0, "hand")) == drawn and decision(g) == (0, "main")


# --- CH-03: -1000 for each card in your charge -------------------------------------------------------

def test_ch03_lowers_by_the_charge_and_destroys_a_damaged_zx():
    g = game(p0={"hand": ["CH-03"], "resources": ["Z-VB"], "charge": ["Z-R1", "Z-R2"]},
             board={3: dict(card="Z-R5", owner=1), 5: dict(card="Z-R3", owner=1, damage=1000)})
    do(g, "event", card="CH-03")
    do(g, "target", target="Z-R3")
    assert g.state.board[5] is None                     # 3000 - 2000 = 1000: at its damage
    assert power(g, 3) == 5000
    check(g)


# --- CH-13 / CH-14: "for each" in a static ability, counted all the time ------------------------------

def test_ch13_a_static_counts_your_other_zx_all_the_time():
    g = game(p0={"hand": ["Z-B1"], "resources": ["Z-B1"]}, board={4: "CH-13", 3: "Z-R1", 0: dict(card="Z-R1", owner=1)})
    assert power(g, 4) == 2000
    do(g, "place", card="Z-B1", square=5)
    assert power(g, 4) == 3000
    assert g.observe(1)["board"][4]["power_now"] == 3000


def test_ch14_a_lowering_static_destroys_a_damaged_zx_when_an_event_reaches_the_trash():
    g = game(p0={"hand": ["E-DRAW"], "resources": ["Z-R1"], "trash": ["Z-R1"]},
             board={4: "CH-14", 3: dict(card="Z-R2", owner=1, damage=1000), 5: dict(card="Z-R5", owner=1)})
    assert power(g, 3) == 2000                          # no event in the trash yet
    do(g, "event", card="E-DRAW")
    assert sq(g, 3) is None and zone(g, 1, "charge") == ["Z-R2"]   # 2000 - 1000: at its damage
    assert power(g, 5) == 4000
    g = game(p0={"trash": ["E-PUMP"] * 3}, board={4: "CH-14", 5: dict(card="Z-R5", owner=1)})
    assert power(g, 5) == 3000                          # at most -2000
    check(g)


# --- CH-12: choose up to as many as you have Z/X (a "for each" count of a selector) ---------------------

def test_ch12_chooses_up_to_as_many_as_your_zx():
    g = game(p0={"hand": ["CH-12"], "resources": ["Z-VB"]}, p1={"trash": ["Z-R1", "Z-R2", "Z-R3"]},
             board={3: "Z-R1", 4: "Z-B1"})
    do(g, "event", card="CH-12")
    assert decision(g) == (0, "target") and g.decision.info["remaining"] == 2
    do(g, "target", target="Z-R3")
    do(g, "target", target="Z-R1")
    assert zone(g, 1, "removed") == ["Z-R3", "Z-R1"] and zone(g, 1, "trash") == ["Z-R2"]
    assert decision(g) == (0, "main")
    check(g)


def test_ch12_with_no_zx_it_does_nothing():
    g = game(p0={"hand": ["CH-12"], "resources": ["Z-VB"]}, p1={"trash": ["Z-R1"]})
    do(g, "event", card="CH-12")
    assert zone(g, 1, "trash") == ["Z-R1"] and decision(g) == (0, "main")


# --- CH-04: choose one ----------------------------------------------------------------------------

def test_ch04_the_first_mode_draws():
    g = game(p0={"hand": ["CH-04"], "resources": ["Z-B1"]}, board={3: dict(card="Z-R3", owner=1)})
    do(g, "event", card="CH-04")
    assert decision(g) == (0, "choose_mode") and options(g, "mode", "mode") == [0, 1]
    do(g, "mode", mode=0)
    assert zone(g, 0, "hand") == ["Z-R1"] and power(g, 3) == 3000
    assert [(e["mode"], e["text_en"]) for e in events(g, "mode")] == [(0, "Draw a card.")]
    assert decision(g) == (0, "main")


def test_ch04_the_second_mode_lowers_power_and_any_mode_may_be_chosen():
    g = game(p0={"hand": ["CH-04"], "resources": ["Z-B1"]}, board={3: dict(card="Z-R3", owner=1)})
    do(g, "event", card="CH-04")
    do(g, "mode", mode=1)
    assert power(g, 3) == 1000 and zone(g, 0, "hand") == []
    g = game(p0={"hand": ["CH-04"], "resources": ["Z-B1"]})   # no opponent Z/X: still offered
    do(g, "event", card="CH-04")
    assert options(g, "mode", "mode") == [0, 1]
    do(g, "mode", mode=1)
    assert decision(g) == (0, "main") and zone(g, 0, "trash") == ["CH-04"]


# --- CH-05: choose two, resolved in printed order ------------------------------------------------------

def test_ch05_two_modes_resolve_in_printed_order():
    g = game(p0={"hand": ["CH-05"], "resources": ["Z-G1"] * 2})
    do(g, "place", card="CH-05", square=4)
    do(g, "mode", mode=2)
    assert decision(g) == (0, "choose_mode") and options(g, "mode", "mode") == [0, 1]
    assert g.decision.info["modes_chosen"] == [2] and g.decision.info["remaining"] == 1
    do(g, "mode", mode=0)
    assert zone(g, 0, "hand") == ["Z-R1"] and power(g, 4) == 3000 and zone(g, 1, "trash") == []
    kinds = [e[0] for e in g.state.events if e[0] in ("draw", "modify")]
    assert kinds == ["draw", "modify"]                  # mode 0 before mode 2, whatever the order chosen


# --- CH-06: the opponent chooses a card of their hand ------------------------------------------------

def test_ch06_the_opponent_chooses_which_card_of_their_hand_goes():
    g = game(p0={"hand": ["CH-06"], "resources": ["Z-VB"]}, p1={"hand": ["Z-R5", "Z-B2"]})
    do(g, "event", card="CH-06")
    assert decision(g) == (1, "target_hidden") and options(g, "target", "target") == ["Z-R5", "Z-B2"]
    assert g.observe(0)["decision"] == {"player": 1, "kind": "target_hidden"}   # the controller sees no card
    do(g, "target", target="Z-B2")
    assert zone(g, 1, "trash") == ["Z-B2"] and zone(g, 1, "hand") == ["Z-R5"] and decision(g) == (0, "main")


def test_ch06_a_single_card_goes_without_asking():
    g = game(p0={"hand": ["CH-06"], "resources": ["Z-VB"]}, p1={"hand": ["Z-R5"]})
    do(g, "event", card="CH-06")
    assert zone(g, 1, "trash") == ["Z-R5"] and decision(g) == (0, "main")


# --- CH-07: the opponent chooses one of their Z/X to destroy -------------------------------------------

def test_ch07_the_opponent_chooses_which_zx_is_destroyed():
    g = game(p0={"hand": ["CH-07"], "resources": ["Z-VB"] * 2},
             board={3: dict(card="Z-R5", owner=1), 5: dict(card="Z-R1", owner=1), 4: "Z-R3"})
    do(g, "event", card="CH-07")
    assert decision(g) == (1, "target") and options(g, "target", "target") == ["Z-R5", "Z-R1"]
    assert g.decision.info["controller"] == 0
    do(g, "target", target="Z-R1")
    assert sq(g, 5) is None and sq(g, 3) == "Z-R5" and sq(g, 4) == "Z-R3" and zone(g, 1, "charge") == ["Z-R1"]
    assert decision(g) == (0, "main")


# --- CH-08: look at three, take up to one Z/X revealed, the rest to the bottom in any order ------------

def test_ch08_takes_a_revealed_zx_and_orders_the_rest_on_the_bottom():
    g = game(p0={"hand": ["CH-08"], "resources": ["Z-B1"] * 2, "deck": ["Z-R3", "E-PUMP", "Z-B2", "Z-R1", "Z-R1"]})
    do(g, "place", card="CH-08", square=4)
    assert decision(g) == (0, "look_take") and options(g, "look_take") == ["Z-R3", "Z-B2"]
    assert "look_done" in legal_types(g)
    assert g.observe(1)["decision"] == {"player": 0, "kind": "look_take"}
    do(g, "look_take", card="Z-B2")
    assert zone(g, 0, "hand") == ["Z-B2"] and events(g, "reveal")[0]["id"] == "Z-B2"
    assert decision(g) == (0, "look_order") and options(g, "look_order") == ["Z-R3", "E-PUMP"]
    do(g, "look_order", card="E-PUMP")
    assert zone(g, 0, "deck") == ["Z-R1", "Z-R1", "E-PUMP", "Z-R3"]   # the first chosen the higher
    assert decision(g) == (0, "main")
    check(g)


def test_ch08_taking_nothing_puts_all_three_back():
    g = game(p0={"hand": ["CH-08"], "resources": ["Z-B1"] * 2, "deck": ["Z-R3", "E-PUMP", "Z-R3", "Z-R1"]})
    do(g, "place", card="CH-08", square=4)
    do(g, "look_done")
    do(g, "look_order", card="E-PUMP")
    do(g, "look_order", card="Z-R3")
    assert decision(g) == (0, "main")
    assert zone(g, 0, "deck") == ["Z-R1", "E-PUMP", "Z-R3", "Z-R3"] and zone(g, 0, "hand") == []


def test_ch08_without_a_zx_among_them_the_looker_is_asked_all_the_same():
    g = game(p0={"hand": ["CH-08"], "resources": ["Z-B1"] * 2, "deck": ["E-PUMP", "E-DRAW", "E-PUMP", "Z-R1"]})
    do(g, "place", card="CH-08", square=4)
    assert decision(g) == (0, "look_take") and legal_types(g) == {"look_done"}


# --- CH-09: look at two, one into the hand unseen, the other back on top --------------------------------

def test_ch09_the_card_taken_is_the_lookers_secret():
    g = game(p0={"hand": ["CH-09"], "resources": ["Z-B1"], "deck": ["Z-R5", "Z-R2", "Z-R1"]})
    do(g, "event", card="CH-09")
    assert decision(g) == (0, "look_take") and "look_done" not in legal_types(g)
    do(g, "look_take", card="Z-R5")
    assert zone(g, 0, "hand") == ["Z-R5"] and zone(g, 0, "deck") == ["Z-R2", "Z-R1"]
    theirs = [e for e in g.log.for_player(1) if e["type"] in ("look", "move", "look_rest")]
    assert theirs == [{"type": "look", "player": 0, "whose": 0, "count": 2, "card": theirs[0]["card"]},
                      {"type": "move", "player": 0, "from": "deck", "to": "hand"},
                      {"type": "look_rest", "player": 0, "whose": 0, "count": 1, "to": "top"}]
    mine = [e for e in g.log.for_player(0) if e["type"] == "look"][0]
    assert mine["ids"] == ["Z-R5", "Z-R2"]
    check(g)


# --- CH-10: look at the opponent's top two and put them back in any order --------------------------------

def test_ch10_the_first_chosen_goes_on_top():
    g = game(p0={"hand": ["CH-10"], "resources": ["Z-B1"]}, p1={"deck": ["Z-R5", "Z-B2", "Z-R1"]})
    do(g, "event", card="CH-10")
    assert decision(g) == (0, "look_order") and options(g, "look_order") == ["Z-R5", "Z-B2"]
    do(g, "look_order", card="Z-B2")
    assert zone(g, 1, "deck") == ["Z-B2", "Z-R5", "Z-R1"]
    assert [e["to"] for e in events(g, "look_rest")] == ["top"]


def test_ch10_copies_are_ordered_too_so_that_nothing_is_told():
    g = game(p0={"hand": ["CH-10"], "resources": ["Z-B1"]}, p1={"deck": ["Z-R1", "Z-R1", "Z-R5"]})
    do(g, "event", card="CH-10")
    assert decision(g) == (0, "look_order")
    do(g, "look_order", card="Z-R1")
    assert decision(g) == (0, "main") and zone(g, 1, "deck") == ["Z-R1", "Z-R1", "Z-R5"]


# --- CH-11: a Z/X onto a square, the rest to the trash, then draw if you did -------------------------------

def test_ch11_puts_a_zx_onto_a_square_trashes_the_rest_and_draws():
    g = game(p0={"hand": ["CH-11"], "resources": ["Z-R1"], "deck": ["E-PUMP", "Z-R2", "Z-R5", "Z-B1"]})
    do(g, "event", card="CH-11")
    assert options(g, "look_take") == ["Z-R2"]          # Z-R5 costs 5; E-PUMP is an event
    do(g, "look_take", card="Z-R2")
    assert zone(g, 0, "trash") == ["E-PUMP", "Z-R5"]    # in view: public moves
    assert decision(g) == (0, "place_effect")
    do(g, "place_free", square=3)
    assert sq(g, 3) == "Z-R2" and zone(g, 0, "hand") == ["Z-B1"] and decision(g) == (0, "main")
    check(g)


def test_ch11_taking_nothing_draws_nothing():
    g = game(p0={"hand": ["CH-11"], "resources": ["Z-R1"], "deck": ["E-PUMP", "Z-R2", "Z-R5", "Z-B1"]})
    do(g, "event", card="CH-11")
    do(g, "look_done")
    assert zone(g, 0, "trash") == ["E-PUMP", "Z-R2", "Z-R5", "CH-11"] and zone(g, 0, "hand") == []


# --- hidden information: pairs that differ only in a hidden deck order --------------------------------------

@pytest.mark.parametrize("card, decks, picks", [
    ("CH-09", (["Z-R5", "Z-R2", "Z-B2", "Z-R3"], ["Z-B2", "Z-R3", "Z-R5", "Z-R2"]), [0]),
    ("CH-08", (["Z-R3", "E-PUMP", "Z-B2", "Z-R1"], ["E-PUMP", "E-DRAW", "E-PUMP", "Z-R3"]), [-1, 1, 0]),
    ("CH-10", (["Z-R5", "Z-B2", "Z-R1"], ["Z-R1", "Z-R1", "Z-B2"]), [1]),
])
def test_a_look_shows_the_other_player_nothing_of_the_cards(card, decks, picks):
    """Two games that differ only in a hidden deck (its order; for CH-08 also which cards): the
    player who does not look sees the same observations, log, narration (both languages) and
    spectator log all along, the looker's decisions answered alike."""
    views = []
    for deck in decks:
        spec: dict = {"p0": {"hand": [card], "resources": ["Z-B1"] * 2}, "p1": {}}
        spec["p1" if card == "CH-10" else "p0"]["deck"] = deck + FILL
        g = game(**spec)
        if card == "CH-08":
            do(g, "place", card=card, square=4)
        else:
            do(g, "event", card=card)
        views.append(seen_while_answering(g, picks))
    assert views[0] == views[1]


# --- load errors ------------------------------------------------------------------------------------

HEAD = header("zx")


def load_error(ability: str) -> str:
    text = HEAD + '[[cards.abilities]]\n' + ability + '\n'
    return str(cardfile.load_error("zx", text))


def on_place(*effects: str) -> str:
    return 'kind = "on_place"\neffects = [' + ", ".join(effects) + ']'


@pytest.mark.parametrize("ability, field, words", [
    (on_place('{ op = "draw", amount = { cont = { zone = "trash" } } }'),
     "abilities[0].effects[0].amount.cont", "did you mean 'count'"),
    (on_place('{ op = "draw", amount = { count = { zone = "trsh" } } }'),
     "abilities[0].effects[0].amount.count.zone", "did you mean 'trash'"),
    (on_place('{ op = "draw", amount = { count = { zone = "trash", choose = 1 } } }'),
     "abilities[0].effects[0].amount.count.choose", "takes no count"),
    (on_place('{ op = "draw", amount = { count = { zone = "hand", side = "opponent", kind = "zx" } } }'),
     "abilities[0].effects[0].amount.count.kind", "hidden"),
    (on_place('{ op = "draw", amount = { count = { zone = "trash" }, times = 0 } }'),
     "abilities[0].effects[0].amount.times", "not be 0"),
    (on_place('{ op = "draw", amount = { count = { zone = "trash" }, times = 200 } }'),
     "abilities[0].effects[0].amount.times", "-99..99"),
    (on_place('{ op = "draw", amount = { times = 2 } }'),
     "abilities[0].effects[0].amount", "says what to count"),
    (on_place('{ op = "choose_one", modes = [[{ op = "draw" }]] }'), "abilities[0].effects[0].modes", "2..8 modes"),
    (on_place('{ op = "choose_one", count = 3, modes = [[{ op = "draw" }], [{ op = "mill" }]] }'),
     "abilities[0].effects[0].count", "more than the 2 modes"),
    (on_place('{ op = "choose_one", modes = [{ text = "a", efects = [{ op = "draw" }] }, [{ op = "mill" }]] }'),
     "abilities[0].effects[0].modes[0].efects", "did you mean 'effects'"),
    (on_place('{ op = "choose_one", modes = [[{ op = "draw" }], [{ op = "destroy", target = { choose = 1, sied = "own" } }]] }'),
     "abilities[0].effects[0].modes[1][0].target.sied", "did you mean 'side'"),
    (on_place('{ op = "choose_one", modes = [[{ op = "draw" }], [{ op = "drwa" }]] }'),
     "abilities[0].effects[0].modes[1]", "unknown op 'drwa'"),
    (on_place('{ op = "choose_one", modes = [[{ op = "draw" }], [{ op = "move", target = "self", to = "deck", shuffle = true, position = "bottom", asleep = true }]] }'),
     "abilities[0].effects[0].modes[1].effects[0].asleep", "asleep = true is for"),
    (on_place('{ op = "destroy", target = { choose = 1, side = "opponent", chooser = "oponent" } }'),
     "abilities[0].effects[0].target.chooser", "did you mean 'opponent'"),
    (on_place('{ op = "destroy", target = { all = true, side = "opponent", chooser = "opponent" } }'),
     "abilities[0].effects[0].target.chooser", "goes with choose"),
    (on_place('{ op = "move", target = { choose = 1, zone = "hand", side = "own", chooser = "opponent" }, to = "trash" }'),
     "abilities[0].effects[0].target.choose", "hidden"),
    (on_place('{ op = "destroy", target = { choose = { count = { zone = "bord" } }, side = "opponent" } }'),
     "abilities[0].effects[0].target.choose.count.zone", "did you mean 'board'"),
    (on_place('{ op = "look", amount = 3, take = { filtr = { kind = "zx" } } }'),
     "abilities[0].effects[0].take.filtr", "did you mean 'filter'"),
    (on_place('{ op = "look", amount = 3, take = { filter = { kind = "zz" } } }'),
     "abilities[0].effects[0].take.filter.kind", "did you mean 'zx'"),
    (on_place('{ op = "look", amount = 3, take = { filter = { zone = "trash" } } }'),
     "abilities[0].effects[0].take.filter.zone", "card properties only"),
    (on_place('{ op = "look", amount = 3, take = { to = "hnad" } }'),
     "abilities[0].effects[0].take.to", "did you mean 'hand'"),
    (on_place('{ op = "look", amount = 3, take = { choose = 0 } }'),
     "abilities[0].effects[0].take.choose", "1..99"),
    (on_place('{ op = "look", amount = 11 }'), "abilities[0].effects", "out of range 0..10"),
    (on_place('{ op = "look", rest = "botom" }'), "abilities[0].effects", "is not one of"),
    ('kind = "static"\neffects = [{ op = "modify", target = "self", stat = "power", duration = "static", '
     'amount = { count = { zone = "board", side = "own", power = { min = 3000 } }, times = 1000 } }]',
     "abilities[0].effects", "may not count by power"),
])
def test_load_errors(ability, field, words):
    says(load_error(ability), field, words)


# --- narration and option labels ----------------------------------------------------------------------

def _lines(g, viewer: int, lang: str) -> list[str]:
    from tcg.games.zx import text
    return text.lines(list(g.log.for_player(viewer)), viewer, lang, g.rules.cards)


def test_modes_are_labelled_and_narrated_in_both_languages():
    from tcg.games.zx import text
    g = game(p0={"hand": ["CH-04"], "resources": ["Z-B1"]}, board={3: dict(card="Z-R3", owner=1)})
    do(g, "event", card="CH-04")
    labels = [text.label(g, a, 0, "en") for a in g.legal_actions()]
    assert labels == ["Mode 1: Draw a card.", "Mode 2: One of your opponent's Z/X gets -2000 power."]
    assert text.label(g, g.legal_actions()[0], 0, "ja") == "モード1：カードを1枚引く。"
    assert "choose a mode" in text.prompt(g.observe(1)["decision"], 1, "en", g.observe(1), g.rules.cards)
    do(g, "mode", mode=0)
    assert "Opponent chose for Whisper at the Crossroads (岐路の囁き): Draw a card." in _lines(g, 1, "en")
    assert "相手は岐路の囁きの効果を選んだ：カードを1枚引く。" in _lines(g, 1, "ja")


def test_a_look_is_narrated_with_the_cards_to_the_looker_and_counts_to_the_other():
    from tcg.games.zx import text
    g = game(p0={"hand": ["CH-08"], "resources": ["Z-B1"] * 2, "deck": ["Z-R3", "E-PUMP", "Z-B2", "Z-R1"]})
    do(g, "place", card="CH-08", square=4)
    assert text.label(g, g.legal_actions()[1], 0, "en") == \
        "Take Blue Two (青二) (Z/X, blue 2 · 2000) → hand (revealed to both)"
    assert text.label(g, g.legal_actions()[1], 1, "en") == "Chose among the cards looked at (hidden)"
    assert text.prompt(g.observe(1)["decision"], 1, "ja", g.observe(1), g.rules.cards) == \
        "相手 — 見たカードから選んでいる（非公開）"
    do(g, "look_done")
    assert text.label(g, g.legal_actions()[0], 0, "ja").startswith("赤三（赤3 · 3000）を次に置く：デッキの下へ")
    do(g, "look_order", card="Z-R3")
    do(g, "look_order", card="E-PUMP")
    assert "You looked at the top 3 cards of your deck: Red Three (赤三); Rally (鼓舞); Blue Two (青二)" in _lines(g, 0, "en")
    assert "Opponent looked at the top 3 cards of their deck" in _lines(g, 1, "en")
    assert "相手は自分のデッキの上から3枚を見た" in _lines(g, 1, "ja")
    assert "相手は3枚を自分のデッキの下に戻した" in _lines(g, 1, "ja")


# --- the Z/X heuristic answers the new decisions --------------------------------------------------------

#: the Z/X heuristic's answer at a game's decision, reading the corpus cards (its errors surface)
heuristic = scenes.zx_heuristic_fixture()


def test_the_heuristic_chooses_the_mode_worth_most(heuristic):
    g = game(p0={"hand": ["CH-04"], "resources": ["Z-B1"]}, board={3: dict(card="Z-R2", owner=1)})
    do(g, "event", card="CH-04")
    assert heuristic(g) == g.legal_actions()[1]          # -2000 destroys nothing but clears a 2000
    g = game(p0={"hand": ["CH-04"], "resources": ["Z-B1"]})
    do(g, "event", card="CH-04")
    assert heuristic(g) == g.legal_actions()[0]          # nothing to shrink: draw


def test_the_heuristic_takes_the_best_card_and_orders_the_opponents_deck_worst_first(heuristic):
    g = game(p0={"hand": ["CH-08"], "resources": ["Z-B1"] * 6, "deck": ["Z-R1", "E-PUMP", "Z-R5", "Z-R1"]})
    do(g, "place", card="CH-08", square=4)
    assert heuristic(g).card == g.state.players[0].deck[-3]   # Red Five, the strongest Z/X
    g = game(p0={"hand": ["CH-10"], "resources": ["Z-B1"]}, p1={"deck": ["Z-R1", "Z-R5", "Z-R1"]})
    do(g, "event", card="CH-10")
    assert g.state.cards[heuristic(g).card].id == "Z-R1"      # their weaker card on top


def test_the_heuristic_gives_up_its_least_valuable_zx(heuristic):
    g = game(p0={"hand": ["CH-07"], "resources": ["Z-VB"] * 2},
             board={3: dict(card="Z-R5", owner=1), 5: dict(card="Z-R1", owner=1)})
    do(g, "event", card="CH-07")
    assert heuristic(g).target == g.state.board[5].iid


# --- random play with every corpus card ----------------------------------------------------------------

ALL = ["CH-01", "CH-02", "CH-03", "CH-04", "CH-05", "CH-06", "CH-07", "CH-08", "CH-09", "CH-10", "CH-11", "CH-12"]


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_the_corpus_cards_keeps_every_card_and_hides_the_looks(seed):
    """Both players hold and draw the corpus cards; random choices for 300 decisions: every card
    stays in one place, and whenever a look is being decided the other seat's view holds nothing
    of it."""
    import random
    deck = ALL * 2 + ["Z-R1", "Z-B1", "Z-VB", "Z-G1"] * 3
    rng = random.Random(seed)
    hand = rng.sample(ALL, 5)
    spec = {"hand": hand, "resources": ["Z-B1", "Z-VB", "Z-R1", "Z-G1"] * 2, "deck": rng.sample(deck, len(deck))}
    g = game(p0=dict(spec), p1=dict(spec, deck=rng.sample(deck, len(deck))), seed=seed)
    for _ in range(300):
        if g.is_over:
            break
        check(g)
        d = g.decision
        if d.kind in ("look_take", "look_order"):
            assert g.observe(1 - d.player)["decision"] == {"player": d.player, "kind": d.kind}
        g.apply(rng.choice(g.legal_actions()))
