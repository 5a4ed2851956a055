"""Mechanics corpus, Shironeko, step 4 (docs/card-language-design.md): costs. One scenario test per
card of tests/corpus/shironeko/costs.toml (an exact state, an action, the exact outcome), the
hidden-information pair of a discard from the hand, narration, encoding and the computer players,
then the load errors of cost lists and ``from``."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import cardfile
from .cardfile import ability_error, says, set_table
from ..games.harness_base import legal_ids_cover
from ..games.shironeko.harness import DECK, decision, do, events, unit, with_decks, zone

CORPUS = pathlib.Path(__file__).parent / "shironeko" / "costs.toml"
ANY = "F-T-RAINBOW"  # a soul that pays any colour

#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


def activations(g) -> list[tuple[str, str, int]]:
    """(action type, card id, ability) of each activated ability offered."""
    s = g.state
    return [(a.type, s.cards[a.get("card")].id, a.get("ability")) for a in g.legal_actions()
            if a.type in ("activate", "activate_card")]


def options(g) -> list[str]:
    s = g.state
    return [s.cards[a.get("target")].id for a in g.legal_actions() if a.get("target") is not None]


def souls_off(g, p: int = 0) -> int:
    return len(g.state.players[p].souls_off)


def seen(g, p: int, etype: str) -> list[dict]:
    return [e for e in g.log.for_player(p) if e["type"] == etype]


# --- CCO-01: (1), discard a card: draw two -------------------------------------------------------------

def test_cco01_pays_a_soul_then_discards_the_chosen_card_secretly_then_draws():
    g = game(p0={"chars": ["CCO-01"], "hand": ["F-R1", "F-R2"], "town": [ANY], "deck": ["F-R3", "F-B2"] + DECK})
    do(g, "activate", card="CCO-01", ability=0)
    assert decision(g) == (0, "target_hidden")             # a choice among the own hand: secret
    assert g.decision.info["op"] == "pay" and g.decision.info["to"] == "discard"
    assert sorted(options(g)) == ["F-R1", "F-R2"]
    assert "candidates" not in g.observe(1)["decision"]
    do(g, "target", target="F-R2")
    assert decision(g) == (0, "main") and souls_off(g) == 1
    assert zone(g, 0, "discard") == ["F-R2"] and zone(g, 0, "hand") == ["F-R1", "F-R3", "F-B2"]
    assert [e[0] for e in g.state.events if e[0] in ("pay", "move", "activate", "draw")] == \
        ["pay", "move", "activate", "draw", "draw"]          # paid in the order written, then it resolves


def test_cco01_not_offered_with_an_empty_hand_or_no_soul_on():
    assert activations(game(p0={"chars": ["CCO-01"], "town": [ANY]})) == []
    assert activations(game(p0={"chars": ["CCO-01"], "hand": ["F-R1"], "town": [(ANY, False)]})) == []
    assert activations(game(p0={"chars": ["CCO-01"], "hand": ["F-R1"], "town": [ANY]})) == \
        [("activate", "CCO-01", 0)]


def test_cco01_once_per_turn():
    g = game(p0={"chars": ["CCO-01"], "hand": ["F-R1", "F-R2"], "town": [ANY] * 2})
    do(g, "activate", card="CCO-01", ability=0)
    do(g, "target", target="F-R1")
    assert activations(g) == []                               # SN-R5


def test_cco01_the_discard_choice_is_hidden_a_pair_differing_only_in_the_hand():
    """Two games alike but for the cards in player 0's hand: player 1 sees the same."""
    views = []
    for hand in (["F-R1", "F-R2"], ["F-B1", "F-R3"]):
        g = game(p0={"chars": ["CCO-01"], "hand": hand, "town": [ANY]})
        do(g, "activate", card="CCO-01", ability=0)
        obs = g.observe(1)
        views.append((obs["decision"], [e for e in g.log.for_player(1)]))
    assert views[0] == views[1]


# --- CCO-02: return this character to the hand ----------------------------------------------------------

def test_cco02_returns_itself_to_the_hand_then_deals_damage():
    g = game(p0={"chars": ["CCO-02"]}, p1={"chars": ["F-R1", "F-B1"]})
    do(g, "activate", card="CCO-02", ability=0)
    assert zone(g, 0, "chars") == [] and zone(g, 0, "hand") == ["CCO-02"]
    assert decision(g) == (0, "target")
    do(g, "target", target="F-B1")
    assert unit(g, 1, "F-B1").damage == 1 and unit(g, 1, "F-R1").damage == 0


# --- CCO-03: turn two other ON characters OFF -------------------------------------------------------------

def test_cco03_the_player_chooses_two_other_on_characters():
    g = game(p0={"chars": ["CCO-03", "F-R1", "F-B1", "F-R3"]})
    do(g, "activate", card="CCO-03", ability=0)
    assert decision(g) == (0, "target") and options(g) == ["F-R1", "F-B1", "F-R3"]
    assert g.decision.info["op"] == "pay"
    do(g, "target", target="F-R1")
    assert options(g) == ["F-B1", "F-R3"]
    do(g, "target", target="F-R3")
    assert decision(g) == (0, "main")
    assert [u.on for u in g.state.players[0].chars] == [True, False, True, False]
    assert unit(g, 0, "CCO-03").atk_mod == 3


def test_cco03_one_other_on_character_is_not_enough_two_are_taken_without_asking():
    assert activations(game(p0={"chars": ["CCO-03", "F-R1", dict(card="F-B1", on=False)]})) == []
    g = game(p0={"chars": ["CCO-03", "F-R1", "F-B1", dict(card="F-R3", on=False)]})
    do(g, "activate", card="CCO-03", ability=0)
    assert decision(g) == (0, "main") and [u.on for u in g.state.players[0].chars] == [True, False, False, False]


# --- CCO-04: a soul of the town area to the discard pile -----------------------------------------------------

def test_cco04_a_soul_goes_to_the_discard_pile_and_it_heals():
    g = game(p0={"chars": [dict(card="CCO-04", damage=1)], "town": ["F-T-RED", ("F-T-BLUE", False)],
                 "deck": ["F-R3"] + DECK})
    do(g, "activate", card="CCO-04", ability=0)
    assert decision(g) == (0, "target") and options(g) == ["F-T-RED", "F-T-BLUE"]  # OFF souls too
    do(g, "target", target="F-T-BLUE")
    assert zone(g, 0, "town") == ["F-T-RED"] and zone(g, 0, "discard") == ["F-T-BLUE"]
    assert zone(g, 0, "hand") == ["F-R3"] and unit(g, 0, "CCO-04").damage == 0


def test_cco04_without_a_soul_not_offered():
    assert activations(game(p0={"chars": ["CCO-04"]})) == []


# --- CCO-05: used from the hand: (1), discard this card ------------------------------------------------------

def test_cco05_used_from_the_hand_it_goes_to_the_discard_pile_and_deals_damage():
    g = game(p0={"hand": ["CCO-05"], "town": [ANY]}, p1={"chars": ["F-R1", "F-R3", "F-B1"]})
    assert activations(g) == [("activate_card", "CCO-05", 0)]
    do(g, "activate_card", card="CCO-05", ability=0)
    assert zone(g, 0, "hand") == [] and zone(g, 0, "discard") == ["CCO-05"] and souls_off(g) == 1
    assert decision(g) == (0, "target") and options(g) == ["F-R1", "F-B1"]  # attack 2 or less
    assert events(g, "activate")[-1]["zone"] == "hand"
    do(g, "target", target="F-B1")
    assert unit(g, 1, "F-B1").damage == 2 and decision(g) == (0, "main")


def test_cco05_on_the_field_or_without_a_soul_not_offered():
    assert activations(game(p0={"chars": ["CCO-05"], "town": [ANY]})) == []
    assert activations(game(p0={"hand": ["CCO-05"]})) == []


# --- CCO-06: used from the discard pile: its printed cost, removed from the game ---------------------------------

def test_cco06_pays_its_printed_cost_and_leaves_the_discard_pile():
    g = game(p0={"discard": ["CCO-06"], "town": [ANY], "deck": ["F-R3"] + DECK})
    do(g, "activate_card", card="CCO-06", ability=0)
    assert souls_off(g) == 1 and zone(g, 0, "removed") == ["CCO-06"] and zone(g, 0, "discard") == []
    assert zone(g, 0, "hand") == ["F-R3"] and decision(g) == (0, "main")


def test_cco06_without_a_soul_or_in_the_hand_not_offered():
    assert activations(game(p0={"discard": ["CCO-06"]})) == []
    assert activations(game(p0={"hand": ["CCO-06"], "town": [ANY]})) == []


# --- CCO-07: on enter, you may discard a card; if you do, draw two -------------------------------------------------

def test_cco07_you_may_pay_and_draw():
    g = game(p0={"hand": ["CCO-07", "F-R1"], "town": [ANY], "deck": ["F-R3", "F-B2"] + DECK})
    do(g, "place", card="CCO-07")
    assert decision(g) == (0, "optional") and g.decision.info["op"] == "pay"
    do(g, "optional", use=True)
    assert zone(g, 0, "discard") == ["F-R1"] and zone(g, 0, "hand") == ["F-R3", "F-B2"]


def test_cco07_declined_nothing_is_drawn():
    g = game(p0={"hand": ["CCO-07", "F-R1"], "town": [ANY]})
    do(g, "place", card="CCO-07")
    do(g, "optional", use=False)
    assert zone(g, 0, "hand") == ["F-R1"] and zone(g, 0, "discard") == []


def test_cco07_with_an_empty_hand_nothing_is_asked():
    g = game(p0={"hand": ["CCO-07"], "town": [ANY]})
    do(g, "place", card="CCO-07")
    assert decision(g) == (0, "main") and zone(g, 0, "hand") == []


# --- CCO-08: (2), discard a character card, turn this OFF -------------------------------------------------------

def test_cco08_three_parts_paid_in_order():
    g = game(p0={"chars": ["CCO-08"], "hand": ["F-R1", "F-MDMG"], "town": [ANY] * 2},
             p1={"chars": ["F-R3"]})
    do(g, "activate", card="CCO-08", ability=0)
    assert souls_off(g) == 2 and zone(g, 0, "discard") == ["F-R1"]   # the only character card: no choice
    assert not unit(g, 0, "CCO-08").on and unit(g, 1, "F-R3").damage == 2


def test_cco08_off_or_without_a_character_card_not_offered():
    assert activations(game(p0={"chars": [dict(card="CCO-08", on=False)], "hand": ["F-R1"],
                                "town": [ANY] * 2})) == []
    assert activations(game(p0={"chars": ["CCO-08"], "hand": ["F-MDMG"], "town": [ANY] * 2})) == []


def test_cco08_souls_of_the_wrong_colour_cannot_pay():
    assert activations(game(p0={"chars": ["CCO-08"], "hand": ["F-R1"], "town": ["F-T-BLUE"] * 2})) == []
    assert activations(game(p0={"chars": ["CCO-08"], "hand": ["F-R1"], "town": ["F-T-BLUE", "F-T-RED"]})) == \
        [("activate", "CCO-08", 0)]


# --- CCO-09: when it enters, you may remove a character card of the discard pile -----------------------------------

def test_cco09_you_may_remove_a_character_card_for_attack():
    g = game(p0={"hand": ["CCO-09"], "town": [ANY], "discard": ["F-MDMG", "F-R1"]})
    do(g, "place", card="CCO-09")
    assert decision(g) == (0, "optional")
    do(g, "optional", use=True)
    assert zone(g, 0, "removed") == ["F-R1"] and zone(g, 0, "discard") == ["F-MDMG"]
    assert unit(g, 0, "CCO-09").atk_mod == 2


def test_cco09_no_character_card_in_the_discard_pile_nothing_asked():
    g = game(p0={"hand": ["CCO-09"], "town": [ANY], "discard": ["F-MDMG"]})
    do(g, "place", card="CCO-09")
    assert decision(g) == (0, "main") and unit(g, 0, "CCO-09").atk_mod == 0


# --- narration, encoding, computer players -------------------------------------------------------------------------

def test_activating_from_the_hand_is_narrated_in_both_languages():
    from tcg.games.shironeko import text
    g = game(p0={"hand": ["CCO-05"], "town": [ANY]}, p1={"chars": ["F-R1"]})
    a = next(a for a in g.legal_actions() if a.type == "activate_card")
    assert "Throwing-Knife Spy" in g.rules.describe(g.state, a, "en")
    assert "投げ短剣の密偵" in g.rules.describe(g.state, a, "ja")
    do(g, "activate_card", card="CCO-05", ability=0)
    en = [text.narrate(e, 1, "en", g.rules.cards) or "" for e in g.log.for_player(1)]
    ja = [text.narrate(e, 1, "ja", g.rules.cards) or "" for e in g.log.for_player(1)]
    assert "Opponent activated an ability of Throwing-Knife Spy (投げ短剣の密偵) from Hand" in en, en
    assert "相手が手札の投げ短剣の密偵の起動能力を使用した" in ja, ja


def test_the_payment_choice_is_worded_as_a_cost():
    from tcg.games.shironeko import text
    g = game(p0={"chars": ["CCO-01"], "hand": ["F-R1", "F-R2"], "town": [ANY]})
    do(g, "activate", card="CCO-01", ability=0)
    en = text.prompt(g.observe(0)["decision"], 0, "en", g.rules.cards, obs=g.observe(0))
    ja = text.prompt(g.observe(0)["decision"], 0, "ja", g.rules.cards, obs=g.observe(0))
    assert "pay the cost: put it into Discard" in en and "コスト：捨て山に置く" in ja, (en, ja)
    other = text.prompt(g.observe(1)["decision"], 1, "en", g.rules.cards, obs=g.observe(1))
    assert "F-R" not in other and "Red" not in other and "hidden" in other, other


def test_the_new_actions_and_decisions_are_encodable():
    g = game(p0={"hand": ["CCO-05", "F-R1"], "discard": ["CCO-06"], "town": [ANY] * 2, "chars": ["CCO-01"]},
             p1={"chars": ["F-R1"]})
    legal_ids_cover(g)                                                 # activate_card from the hand and the discard
    do(g, "activate", card="CCO-01", ability=0)
    legal_ids_cover(g)                                                 # target_hidden of the op pay
    g = game(p0={"hand": ["CCO-07", "F-R1"], "town": [ANY]})
    do(g, "place", card="CCO-07")
    legal_ids_cover(g)                                                 # optional pay


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_agents_answer_the_new_decisions(agent):
    from tcg.agents.base import AgentView, make_agent
    setups = [
        (dict(p0={"chars": ["CCO-01"], "hand": ["F-R1", "F-R2"], "town": [ANY]}), "activate", "CCO-01"),
        (dict(p0={"chars": ["CCO-03", "F-R1", "F-B1", "F-R2"]}), "activate", "CCO-03"),
        (dict(p0={"hand": ["CCO-07", "F-R1"], "town": [ANY] * 2}), "place", "CCO-07"),
        (dict(p0={"chars": [dict(card="CCO-10", under=["F-R1", "F-B1"])]}, p1={"chars": ["F-B2", "F-R1"]}),
         "activate", "CCO-10"),                                  # a card under it, then a target
        (dict(p0={"chars": [dict(card="CCO-11", under=["F-B1", "F-B2"]), dict(card="F-R2", under=["F-R3"])]}),
         "activate", "CCO-11"),
    ]
    for kw, how, card in setups:
        g = game(**kw)
        do(g, how, card=card, **({"ability": 0} if how == "activate" else {}))
        while not g.is_over and g.decision.kind in ("target", "target_hidden", "optional"):
            a = make_agent(agent, seed=1).act(AgentView(g, g.legal_actions()))
            assert a in g.legal_actions()
            g.apply(a)
        assert decision(g) == (0, "main")


# --- load errors ------------------------------------------------------------------------------------------

# The load errors of cost lists that the games give alike: test_load_errors_alike.py.

def load_error(ability: str, kind: str = "activated") -> str:
    return ability_error("shironeko", ability, kind)


def test_a_cost_list_not_on_a_burst():
    msg = load_error('cost = [{ pay = "discard" }]', "burst")
    assert "activated" in msg and "abilities[0].cost" in msg, msg


def test_from_the_hand_only_on_a_character_card():
    text = set_table("shironeko") + '[[cards]]\nid = "BAD-L"\nkind = "leader"\n' \
           'name = "bad"\nrune = "red"\n[[cards.abilities]]\nkind = "activated"\nfrom = "hand"\n' \
           'effects = [{ op = "draw" }]\n'
    e = cardfile.load_error("shironeko", text)
    assert "abilities[0].from" in str(e), str(e)


# --- CCO-10: one of the cards under it (its extra runes) into the discard pile: 1 damage ---------------------

def runes_under(g, cid: str) -> list[str]:
    return [g.state.cards[i].id for i in unit(g, 0, cid).under]


def test_cco10_the_owner_chooses_a_card_under_it_openly_then_deals_damage():
    g = game(p0={"chars": [dict(card="CCO-10", under=["F-R1", "F-B1"]), dict(card="F-R2", under=["F-R3"])]},
             p1={"chars": ["F-B2", "F-R1"]})
    do(g, "activate", card="CCO-10", ability=0)
    assert decision(g) == (0, "target")                    # the cards under a character lie open
    assert g.decision.info["op"] == "pay" and g.decision.info["to"] == "discard"
    assert sorted(options(g)) == ["F-B1", "F-R1"]          # not the card under F-R2
    assert g.observe(1)["decision"]["candidates"] == g.decision.info["candidates"]
    do(g, "target", target="F-B1")
    assert runes_under(g, "CCO-10") == ["F-R1"] and runes_under(g, "F-R2") == ["F-R3"]
    assert zone(g, 0, "discard") == ["F-B1"]
    do(g, "target", target="F-B2")
    assert unit(g, 1, "F-B2").damage == 1 and decision(g) == (0, "main")
    moved = [e for e in seen(g, 1, "move")][-1]
    assert (moved["from"], moved["to"], moved["id"]) == ("runes", "discard", "F-B1")


def test_cco10_not_offered_with_nothing_under_it():
    g = game(p0={"chars": ["CCO-10", dict(card="F-R2", under=["F-R3"])]}, p1={"chars": ["F-B2"]})
    assert activations(g) == []


def test_cco10_paying_is_narrated_in_both_languages():
    from tcg.games.shironeko import text
    g = game(p0={"chars": [dict(card="CCO-10", under=["F-R1"])]}, p1={"chars": ["F-B2"]})
    do(g, "activate", card="CCO-10", ability=0)           # one card, one target: nothing asked
    ev = next(e for e in g.log.for_player(1) if e["type"] == "move")
    en, ja = text.narrate(ev, 1, "en", g.rules.cards), text.narrate(ev, 1, "ja", g.rules.cards)
    assert "Cards under a character" in en and "discard" in en.lower(), en
    assert "キャラの下のカード" in ja and "捨て山" in ja, ja


# --- CCO-11: a blue rune from under it and OFF: a card under one of your characters into your hand -----------

def test_cco11_pays_with_its_blue_rune_then_takes_a_card_from_under_a_character():
    g = game(p0={"chars": [dict(card="CCO-11", under=["F-R1", "F-B1"]), dict(card="F-R2", under=["F-R3"])]})
    do(g, "activate", card="CCO-11", ability=0)            # one blue card under it: taken without asking
    assert runes_under(g, "CCO-11") == ["F-R1"] and zone(g, 0, "discard") == ["F-B1"]
    assert not unit(g, 0, "CCO-11").on
    assert decision(g) == (0, "target") and sorted(options(g)) == ["F-R1", "F-R3"]
    do(g, "target", target="F-R3")
    assert zone(g, 0, "hand") == ["F-R3"] and runes_under(g, "F-R2") == []
    assert decision(g) == (0, "main")


def test_cco11_without_a_blue_rune_under_it_not_offered():
    g = game(p0={"chars": [dict(card="CCO-11", under=["F-R1"]), dict(card="F-R2", under=["F-B1"])]})
    assert activations(g) == []


@pytest.mark.parametrize("ability, field, words", [
    ('cost = [{ pay = "rune", amount = 1 }]', "abilities[0].cost[0].pay", "did you mean 'runes'"),
    ('cost = [{ pay = "runes", amount = 1, filter = { holder = "self" } }]', "abilities[0].cost[0].filter.holder",
     "the cards under this very card"),
    ('cost = [{ pay = "under", amount = 1 }]', "abilities[0].cost[0].pay", "unknown cost part 'under'"),
    ('effects = [{ op = "move", target = { choose = 1, zone = "discard", holder = "self" }, to = "hand" }]',
     "abilities[0].effects[0].target.holder", "holder goes with zone runes"),
])
def test_the_load_errors_of_runes_in_both_languages(ability, field, words):
    text = RUNE_HEAD + ability + ("\n" if "effects" in ability else '\neffects = [{ op = "draw", amount = 1 }]\n')
    error = cardfile.load_error("shironeko", text)
    says(str(error), field, words)
    assert cardfile.in_japanese(error).startswith("ファイル bad.toml")


RUNE_HEAD = ('[set]\ngame = "shironeko"\nname = "bad"\nversion = "1"\n[[cards]]\nid = "BAD-1"\nkind = "character"\n'
             'name = "bad"\ncolor = "red"\ncost = 1\nlevel = 1\nattack = 1\nhp = 1\nrune = "red"\n'
             '[[cards.abilities]]\nkind = "activated"\n')


def test_the_runes_choices_are_encodable():
    g = game(p0={"chars": [dict(card="CCO-10", under=["F-R1", "F-B1"])]}, p1={"chars": ["F-B2", "F-R1"]})
    do(g, "activate", card="CCO-10", ability=0)
    legal_ids_cover(g)                                               # a target among the cards under it
    g = game(p0={"chars": [dict(card="CCO-11", under=["F-B1"]), dict(card="F-R2", under=["F-R3", "F-R1"])]})
    do(g, "activate", card="CCO-11", ability=0)
    legal_ids_cover(g)                                               # a move from zone runes
