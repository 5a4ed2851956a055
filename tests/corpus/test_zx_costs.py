"""Mechanics corpus, Z/X, step 4 (docs/card-language-design.md): costs. One scenario test per card
of tests/corpus/zx/costs.toml (an exact state, an action, the exact outcome), then the load errors
of cost lists (the nearest word for a misspelt part, bad amounts, a cost where none may be)."""
from __future__ import annotations

import functools
import pathlib

import pytest

from . import cardfile, scenes
from .scenes import pay_in_secret
from ..games.zx.harness import FILL, check, decision, do, events, legal_types, main, power, sq, unit, zone

CORPUS = pathlib.Path(__file__).parent / "zx" / "costs.toml"


#: a scenario with the corpus cards: each player has a deck and four life cards unless told
game = functools.partial(main, cards=CORPUS)


def activations(g) -> list:
    return [(a.get("card") if a.type == "activate_card" else a.square, a.ability) for a in g.legal_actions()
            if a.type in ("activate", "activate_card")]


# --- CC-01: (1) and a Z/X card of the hand discarded: draw two --------------------------------------

def test_cc01_pays_a_resource_then_discards_the_chosen_zx_then_draws():
    g = game(p0={"hand": ["Z-R1", "E-DRAW", "Z-B1"], "resources": ["Z-G1"]}, board={3: "CC-01"})
    do(g, "activate", square=3, ability=0)
    assert decision(g) == (0, "target_hidden")               # a choice among the own hand: secret
    assert g.decision.info["op"] == "pay" and g.decision.info["to"] == "trash"
    assert sorted(g.state.cards[i].id for i in g.decision.info["candidates"]) == ["Z-B1", "Z-R1"]  # not the event
    do(g, "target", target="Z-B1")
    assert decision(g) == (0, "main")
    assert zone(g, 0, "asleep") == ["Z-G1"] and zone(g, 0, "trash") == ["Z-B1"]
    assert zone(g, 0, "hand") == ["Z-R1", "E-DRAW", "Z-R1", "Z-R1"]
    assert [e[0] for e in g.state.events if e[0] in ("pay", "discard", "activate", "draw")] == \
        ["pay", "discard", "activate", "draw", "draw"]       # paid, then it resolves
    check(g)


def test_cc01_the_opponent_is_not_shown_the_choice():
    g = game(p0={"hand": ["Z-R1", "Z-B1"], "resources": ["Z-G1"]}, board={3: "CC-01"})
    do(g, "activate", square=3, ability=0)
    seen = g.observe(1)["decision"]
    assert seen["kind"] == "target_hidden" and "candidates" not in seen


def test_cc01_not_offered_without_a_zx_in_hand_or_without_a_resource():
    assert activations(game(p0={"hand": ["E-DRAW"], "resources": ["Z-G1"]}, board={3: "CC-01"})) == []
    assert activations(game(p0={"hand": ["Z-R1"]}, board={3: "CC-01"})) == []


def test_cc01_one_candidate_is_taken_without_asking():
    g = game(p0={"hand": ["Z-R1", "E-DRAW"], "resources": ["Z-G1"]}, board={3: "CC-01"})
    do(g, "activate", square=3, ability=0)
    assert decision(g) == (0, "main") and zone(g, 0, "trash") == ["Z-R1"]


# --- CC-02: from the hand, this card discarded: destroy a Z/X of power 2000 or less -----------------

def test_cc02_used_from_the_hand_it_goes_to_the_trash_and_destroys():
    g = game(p0={"hand": ["CC-02"]}, board={3: dict(card="Z-R2", owner=1), 5: dict(card="Z-R3", owner=1)})
    assert "activate_card" in legal_types(g)
    do(g, "activate_card", card="CC-02", ability=0)
    assert zone(g, 0, "trash") == ["CC-02"] and zone(g, 0, "hand") == []
    assert sq(g, 3) is None and sq(g, 5) == "Z-R3"          # the only one of power 2000 or less
    act = events(g, "activate")[-1]
    assert act["zone"] == "hand" and act["id"] == "CC-02"
    check(g)


def test_cc02_not_from_the_board_and_once_per_turn_per_card():
    g = game(p0={"hand": ["CC-02"]}, board={3: "CC-02"})
    assert activations(g) == [(g.state.players[0].hand[0], 0)]  # the hand's; the board's is not offered
    g = game(p0={"hand": ["CC-02"]})
    iid = g.state.players[0].hand[0]
    g.state.players[0].activated = {iid}                     # (used this turn already)
    assert activations(g) == []


# --- CC-03: this Z/X put to sleep: draw ------------------------------------------------------------

def test_cc03_puts_itself_to_sleep_and_draws():
    g = game(board={3: "CC-03"})
    do(g, "activate", square=3, ability=0)
    assert g.state.board[3].asleep and zone(g, 0, "hand") == ["Z-R1"]


def test_cc03_asleep_it_cannot_pay():
    assert activations(game(board={3: dict(card="CC-03", asleep=True)})) == []


# --- CC-04: two other Z/X of yours put to sleep: +3000 ---------------------------------------------

def test_cc04_the_player_chooses_two_other_awake_zx():
    g = game(board={3: "CC-04", 4: "Z-R1", 5: "Z-B1", 6: "Z-G1", 0: dict(card="Z-R2", asleep=True),
                    2: dict(card="Z-R1", owner=1)})
    do(g, "activate", square=3, ability=0)
    assert decision(g) == (0, "target") and g.decision.info["op"] == "pay"
    assert sorted(g.state.cards[i].id for i in g.decision.info["candidates"]) == ["Z-B1", "Z-G1", "Z-R1"]
    do(g, "target", target="Z-G1")
    assert g.decision.info["remaining"] == 1
    do(g, "target", target="Z-R1")
    assert decision(g) == (0, "main")
    assert g.state.board[6].asleep and g.state.board[4].asleep and not g.state.board[5].asleep
    assert not g.state.board[3].asleep and power(g, 3) == 6000


def test_cc04_one_other_awake_zx_is_not_enough():
    assert activations(game(board={3: "CC-04", 4: "Z-R1", 5: dict(card="Z-B1", asleep=True)})) == []


# --- CC-05: a Z/X card of your charge into the trash: mill the opponent two --------------------------

def test_cc05_a_zx_of_the_charge_goes_to_the_trash():
    g = game(p0={"charge": ["E-DRAW", "Z-B1"]}, board={3: "CC-05"})
    do(g, "activate", square=3, ability=0)
    assert zone(g, 0, "charge") == ["E-DRAW"] and zone(g, 0, "trash") == ["Z-B1"]
    assert zone(g, 1, "trash") == ["Z-R1", "Z-R1"]


def test_cc05_only_an_event_in_the_charge_cannot_pay():
    assert activations(game(p0={"charge": ["E-DRAW"]}, board={3: "CC-05"})) == []


# --- CC-06: two Dream Keys removed: draw and +2000 -------------------------------------------------

def test_cc06_removes_two_dream_keys():
    g = game(p0={"counters": {"dream_key": 3}}, board={3: "CC-06"})
    do(g, "activate", square=3, ability=0)
    assert g.state.players[0].counters["dream_key"] == 1
    assert zone(g, 0, "hand") == ["Z-R1"] and power(g, 3) == 4000


def test_cc06_one_dream_key_is_not_enough():
    assert activations(game(p0={"counters": {"dream_key": 1}}, board={3: "CC-06"})) == []


# --- CC-07: from the trash, its printed cost and itself removed from the game: draw ------------------

def test_cc07_pays_its_printed_cost_and_leaves_the_trash():
    g = game(p0={"trash": ["CC-07"], "resources": ["Z-R1"]})
    do(g, "activate_card", card="CC-07", ability=0)
    assert zone(g, 0, "asleep") == ["Z-R1"] and zone(g, 0, "removed") == ["CC-07"]
    assert zone(g, 0, "trash") == [] and zone(g, 0, "hand") == ["Z-R1"]
    assert decision(g) == (0, "main") and activations(g) == []


def test_cc07_without_a_resource_not_offered():
    assert activations(game(p0={"trash": ["CC-07"]})) == []


# --- CC-08: you may discard a card; if you do, draw two ---------------------------------------------

def test_cc08_pay_and_draw():
    g = game(p0={"hand": ["CC-08", "E-DRAW", "Z-B1"], "resources": ["Z-G1"]})
    do(g, "place", card="CC-08", square=3)
    pay_in_secret(g, "E-DRAW")
    assert zone(g, 0, "trash") == ["E-DRAW"] and zone(g, 0, "hand") == ["Z-B1", "Z-R1", "Z-R1"]


def test_cc08_declined_nothing_is_drawn():
    g = game(p0={"hand": ["CC-08", "Z-B1"], "resources": ["Z-G1"]})
    do(g, "place", card="CC-08", square=3)
    do(g, "optional", use=False)
    assert zone(g, 0, "hand") == ["Z-B1"] and zone(g, 0, "trash") == [] and decision(g) == (0, "main")


def test_cc08_with_an_empty_hand_nothing_is_asked():
    g = game(p0={"hand": ["CC-08"], "resources": ["Z-G1"]})
    do(g, "place", card="CC-08", square=3)
    assert decision(g) == (0, "main") and zone(g, 0, "hand") == []


# --- CC-09: from the charge, (1) and itself into the trash: +1000 to your Z/X -------------------------

def test_cc09_from_the_charge():
    g = game(p0={"charge": ["CC-09"], "resources": ["Z-R1"]}, board={3: "Z-R1", 4: "Z-B1"})
    do(g, "activate_card", card="CC-09", ability=0)
    assert zone(g, 0, "charge") == [] and zone(g, 0, "trash") == ["CC-09"]
    assert power(g, 3) == 2000 and power(g, 4) == 2000


def test_cc09_in_the_hand_it_is_not_offered():
    assert activations(game(p0={"hand": ["CC-09"], "resources": ["Z-R1"]})) == []


# --- CC-10: this Z/X from the board into the trash: draw two -----------------------------------------

def test_cc10_sacrifices_itself():
    g = game(board={3: "CC-10"})
    do(g, "activate", square=3, ability=0)
    assert sq(g, 3) is None and zone(g, 0, "trash") == ["CC-10"] and zone(g, 0, "hand") == ["Z-R1", "Z-R1"]
    check(g)


# --- narration -------------------------------------------------------------------------------------

def test_activating_from_the_hand_is_narrated_in_both_languages():
    g = game(p0={"hand": ["CC-02"]}, board={3: dict(card="Z-R2", owner=1)})
    a = next(a for a in g.legal_actions() if a.type == "activate_card")
    assert g.rules.describe(g.state, a, "en").startswith("Activate Javelin Scout")
    do(g, "activate_card", card="CC-02", ability=0)
    en, ja = scenes.narration(g, 0)
    assert any("activated Javelin Scout (投げ槍の斥候) from your hand" in line for line in en), en
    assert any("手札の投げ槍の斥候の能力を起動した" in line for line in ja), ja


def test_the_payment_choice_is_worded_as_a_cost():
    from tcg.games.zx import text
    g = game(p0={"hand": ["Z-R1", "Z-B1"], "resources": ["Z-G1"]}, board={3: "CC-01"})
    do(g, "activate", square=3, ability=0)
    en = text.prompt(g.observe(0)["decision"], 0, "en", g.observe(0), g.rules.cards)
    ja = text.prompt(g.observe(0)["decision"], 0, "ja", g.observe(0), g.rules.cards)
    assert "pay the cost: to the trash" in en and "コスト：トラッシュに置く" in ja, (en, ja)
    other = text.prompt(g.observe(1)["decision"], 1, "en", g.observe(1), g.rules.cards)
    assert other == "Opponent — choose a target for the effect of a card (effect)"  # nothing of the hand


# --- load errors ------------------------------------------------------------------------------------

# The load errors of cost lists that the games give alike: test_load_errors_alike.py.


@pytest.mark.parametrize("ability", [
    'cost = [{ pay = "force", amount = 1, filter = { holder = "self" } }]',
    'effects = [{ op = "move", target = { choose = 1, zone = "trash", holder = "self" }, to = "hand" }]',
    'effects = [{ op = "move", target = { choose = 1, zone = "force", holder = "me" }, to = "hand" }]',
])
def test_the_load_errors_of_force_read_in_japanese(ability):
    error = cardfile.load_error("zx", cardfile.header("zx") + '[[cards.abilities]]\nkind = "activated"\n' + ability
                                + ('\neffects = [{ op = "draw" }]\n' if "effects" not in ability else "\n"))
    ja = cardfile.in_japanese(error)
    assert ja.startswith("ファイル bad.toml") and "holder" in ja, ja


def test_why_an_ability_whose_cost_parts_cannot_be_paid_is_not_offered():
    from tcg.games.zx import text
    g = game(board={3: "CC-04", 4: "Z-R1"})
    lines = text.why_not(g, 0, "en")
    assert any("cost cannot be paid now" in line for line in lines), lines


# --- CC-11: from the hand, (1), the card stays: once per turn per card ----------------------------------

def test_cc11_once_per_turn_per_card_and_again_next_turn():
    g = game(p0={"hand": ["CC-11", "CC-11"], "resources": ["Z-R1"] * 3})
    first, second = g.state.players[0].hand
    assert activations(g) == [(first, 0), (second, 0)]
    do(g, "activate_card", card=first, ability=0)
    assert g.state.players[0].counters["melody"] == 1 and zone(g, 0, "hand") == ["CC-11", "CC-11"]
    assert activations(g) == [(second, 0)]                   # the other copy is another card
    do(g, "activate_card", card=second, ability=0)
    assert activations(g) == []
    do(g, "end_turn")
    while g.decision.player != 0 or g.decision.kind != "main":  # the opponent's turn, then ours
        g.apply(next(a for a in g.legal_actions() if a.type in ("end_turn", "no_resource", "end_ignition",
                                                                "pass", "discard")))
    assert (first, 0) in activations(g) and (second, 0) in activations(g)


# --- CC-12: this Z/X's force into the trash (ZX-Z3): draw a card --------------------------------------------

def force(g, square: int) -> list[str]:
    return [g.state.cards[i].id for i in unit(g, square).force]


def test_cc12_the_owner_chooses_one_of_its_force_secretly_then_draws():
    g = game(p0={"deck": ["Z-R2"] + FILL}, board={3: dict(card="CC-12", force=["Z-R1", "Z-B1"]),
                                                   5: dict(card="Z-R2", force=["Z-G1"])})
    do(g, "activate", square=3, ability=0)
    assert decision(g) == (0, "target_hidden")             # force lies face down: a secret choice
    assert g.decision.info["op"] == "pay" and g.decision.info["to"] == "trash"
    assert sorted(g.state.cards[i].id for i in g.decision.info["candidates"]) == ["Z-B1", "Z-R1"]  # not square 5's
    assert g.observe(1)["decision"] == {"player": 0, "kind": "target_hidden"}
    do(g, "target", target="Z-B1")
    assert decision(g) == (0, "main")
    assert force(g, 3) == ["Z-R1"] and force(g, 5) == ["Z-G1"] and zone(g, 0, "trash") == ["Z-B1"]
    assert zone(g, 0, "hand") == ["Z-R2"]
    moved = events(g, "move")[-1]
    assert (moved["from"], moved["to"], moved["id"]) == ("force", "trash", "Z-B1")
    check(g)


def test_cc12_not_offered_without_force_of_its_own():
    assert activations(game(board={3: "CC-12", 5: dict(card="Z-R2", force=["Z-G1"])})) == []


def test_cc12_paying_is_narrated_in_both_languages():
    from tcg.games.zx import text
    g = game(board={3: dict(card="CC-12", force=["Z-R1"])})
    do(g, "activate", square=3, ability=0)              # one card: taken without asking
    evs = [dict(type=e[0], **e[1]) for e in g.state.events]
    assert "Red One (赤一) went from your force to your trash" in text.lines(evs, 0, "en", g.rules.cards)
    assert any("フォース" in line and "トラッシュ" in line and "赤一" in line
               for line in text.lines(evs, 1, "ja", g.rules.cards))


# --- CC-13: (1): a Z/X card of your trash under this Z/X as force ("Alter Force"-style) -------------------

def test_cc13_a_chosen_zx_of_the_trash_goes_under_it_as_force():
    g = game(p0={"trash": ["Z-R1", "E-DRAW", "Z-B1"], "resources": ["Z-G1"]}, board={3: dict(card="CC-13", force=["Z-R2"])})
    do(g, "activate", square=3, ability=0)
    assert decision(g) == (0, "target")                    # the trash is public: a public choice
    assert sorted(g.state.cards[i].id for i in g.decision.info["candidates"]) == ["Z-B1", "Z-R1"]
    do(g, "target", target="Z-B1")
    assert force(g, 3) == ["Z-R2", "Z-B1"] and zone(g, 0, "trash") == ["Z-R1", "E-DRAW"]
    moved = events(g, "move")[-1]
    assert (moved["from"], moved["to"], moved["holder"]) == ("trash", "force", unit(g, 3).iid)
    check(g)


def test_cc13_its_force_goes_to_the_trash_when_it_leaves():
    g = game(p0={"trash": ["Z-B1"], "resources": ["Z-G1"]}, board={3: "CC-13"})
    do(g, "activate", square=3, ability=0)
    assert force(g, 3) == ["Z-B1"]
    from tcg.games.zx import flow as F
    F.leave_board(g.state, 3, "bounced", "hand")           # ZX-Z3
    assert zone(g, 0, "trash") == ["Z-B1"]


# --- CC-14: two Z/X of its force into the trash: a face-down card of your dynamis into your hand ----------

def test_cc14_pays_with_its_zx_force_then_takes_a_face_down_dynamis_card_secretly():
    g = game(p0={"dynamis": ["Z-R1", "Z-B1"], "face_up": ["Z-G1"]},
             board={3: dict(card="CC-14", force=["Z-R2", "E-DRAW", "Z-B2"])})
    do(g, "activate", square=3, ability=0)                 # exactly two Z/X of its force: no choice
    assert force(g, 3) == ["E-DRAW"] and zone(g, 0, "trash") == ["Z-R2", "Z-B2"]
    assert decision(g) == (0, "target_hidden")             # the dynamis: its owner's secret
    assert sorted(g.state.cards[i].id for i in g.decision.info["candidates"]) == ["Z-B1", "Z-R1"]  # not face up
    assert g.observe(1)["decision"] == {"player": 0, "kind": "target_hidden"}
    do(g, "target", target="Z-B1")
    assert zone(g, 0, "hand") == ["Z-B1"] and zone(g, 0, "dynamis") == ["Z-R1", "Z-G1"]
    seen = [e for e in g.log.for_player(1) if e["type"] == "move"][-1]
    assert seen["from"] == "dynamis" and seen["to"] == "hand" and "card" not in seen and "id" not in seen
    check(g)


def test_cc14_one_zx_in_its_force_cannot_pay():
    assert activations(game(p0={"dynamis": ["Z-R1"]}, board={3: dict(card="CC-14", force=["Z-R2", "E-DRAW"])})) == []


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_agents_answer_the_force_and_dynamis_choices(agent):
    from tcg.agents.base import AgentView, make_agent
    setups = [
        dict(board={3: dict(card="CC-12", force=["Z-R1", "Z-B1"])}),
        dict(p0={"trash": ["Z-R1", "Z-B1"], "resources": ["Z-G1"]}, board={3: "CC-13"}),
        dict(p0={"dynamis": ["Z-R1", "Z-B1"]}, board={3: dict(card="CC-14", force=["Z-R2", "Z-B2", "Z-G1"])}),
    ]
    for kw in setups:
        g = game(**kw)
        do(g, "activate", square=3, ability=0)
        while not g.is_over and g.decision.kind in ("target", "target_hidden"):
            a = make_agent(agent, seed=1).act(AgentView(g, g.legal_actions()))
            assert a in g.legal_actions()
            g.apply(a)
        assert decision(g) == (0, "main")
        check(g)


def test_the_force_and_dynamis_choices_are_encodable():
    from .test_zx_select import _encodes
    g = game(board={3: dict(card="CC-12", force=["Z-R1", "Z-B1"])})
    do(g, "activate", square=3, ability=0)
    _encodes(g)                                                 # target_hidden among the force
    g = game(p0={"trash": ["Z-R1", "Z-B1"], "resources": ["Z-G1"]}, board={3: "CC-13"})
    do(g, "activate", square=3, ability=0)
    _encodes(g)                                                 # a target to = "force"
    g = game(p0={"dynamis": ["Z-R1", "Z-B1"]}, board={3: dict(card="CC-14", force=["Z-R2", "Z-B2"])})
    do(g, "activate", square=3, ability=0)
    _encodes(g)                                                 # target_hidden in the dynamis


# --- CC-15: a condition counting the force under all of your Z/X ---------------------------------------

def test_cc15_offered_with_two_force_cards_among_your_zx():
    g = game(p0={"resources": ["Z-G1"]}, board={3: dict(card="CC-15", force=["Z-R1"]), 5: dict(card="Z-R2", force=["Z-B1"]),
                                               4: dict(card="Z-R1", owner=1, force=["Z-G1", "Z-G1"])})
    assert activations(g) == [(3, 0)]
    do(g, "activate", square=3, ability=0)
    assert len(zone(g, 0, "hand")) == 1
    g = game(p0={"resources": ["Z-G1"]}, board={3: dict(card="CC-15", force=["Z-R1"]),
                                               4: dict(card="Z-R1", owner=1, force=["Z-G1", "Z-G1"])})
    assert activations(g) == []                             # the opponent's force does not count
