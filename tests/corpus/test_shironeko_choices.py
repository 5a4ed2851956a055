"""Mechanics corpus, Shironeko, step 5 (docs/card-language-design.md): choices and amounts. One
scenario test per card of tests/corpus/shironeko/choices.toml (an exact state, an action, the
exact outcome), the hidden-information pairs of a look and of a choice by the opponent, words,
encoding and the computer players, then the load errors."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import cardfile
from .cardfile import header, says
from ..games.harness_base import legal_ids_cover
from ..games.shironeko.harness import DECK, decision, do, events, unit, with_decks, zone

CORPUS = pathlib.Path(__file__).parent / "shironeko" / "choices.toml"
ANY = "F-T-RAINBOW"  # a soul that pays any colour

#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


def options(g, key: str) -> list:
    s = g.state
    return [s.cards[a.get(key)].id for a in g.legal_actions() if a.get(key) is not None]


def types(g) -> list[str]:
    return [a.type for a in g.legal_actions()]


# --- CCH-01: choose one: draw, or 1 damage ---------------------------------------------------------------

def test_cch01_the_chosen_mode_resolves_and_both_players_are_told():
    g = game(p0={"hand": ["CCH-01"], "town": [ANY]}, p1={"chars": ["F-R1"]})
    do(g, "monster", card="CCH-01")
    assert decision(g) == (0, "choose_mode") and [a.get("mode") for a in g.legal_actions()] == [0, 1]
    assert g.observe(1)["decision"]["kind"] == "choose_mode"       # a public choice
    do(g, "mode", mode=1)
    assert unit(g, 1, "F-R1").damage == 1 and zone(g, 0, "hand") == []
    assert [e["mode"] for e in events(g, "mode")] == [1] and decision(g) == (0, "main")


def test_cch01_a_mode_that_would_do_nothing_may_be_chosen():
    g = game(p0={"hand": ["CCH-01"], "town": [ANY]})
    do(g, "monster", card="CCH-01")
    do(g, "mode", mode=1)                                          # no opponent character
    assert decision(g) == (0, "main") and zone(g, 0, "discard") == ["CCH-01"]


# --- CCH-02: choose two of three, resolved in printed order ------------------------------------------------

def test_cch02_two_modes_resolve_in_printed_order():
    g = game(p0={"hand": ["CCH-02"], "town": [ANY, ANY], "deck": ["F-R3"] + DECK}, p1={"chars": ["F-R1"]})
    do(g, "place", card="CCH-02")
    assert decision(g) == (0, "choose_mode")
    do(g, "mode", mode=2)
    assert [a.get("mode") for a in g.legal_actions()] == [0, 1]   # a mode once
    do(g, "mode", mode=0)
    assert zone(g, 0, "hand") == ["F-R3"] and not unit(g, 1, "F-R1").on
    kinds = [e[0] for e in g.state.events if e[0] in ("draw", "set_state")]
    assert kinds == ["draw", "set_state"]                           # printed order, not the order chosen


# --- CCH-03: look at three, take up to one character, the rest to the bottom in any order --------------------

def test_cch03_takes_a_character_and_orders_the_rest_secretly():
    g = game(p0={"hand": ["CCH-03"], "town": [ANY], "deck": ["F-MDMG", "F-R3", "F-MBUFF", "F-R1"] + DECK})
    do(g, "monster", card="CCH-03")
    assert decision(g) == (0, "look_take") and options(g, "card") == ["F-R3"]  # the monsters do not match
    assert "look_done" in types(g)                                              # up to
    assert g.observe(1)["decision"] == {"player": 0, "kind": "look_take"}       # nothing of the cards
    do(g, "look_take", card="F-R3")
    assert decision(g) == (0, "look_order") and sorted(options(g, "card")) == ["F-MBUFF", "F-MDMG"]
    do(g, "look_order", card="F-MBUFF")
    assert zone(g, 0, "hand") == ["F-R3"]
    deck = zone(g, 0, "deck")
    assert deck[0] == "F-R1" and deck[-2:] == ["F-MBUFF", "F-MDMG"]           # the first chosen higher


def test_cch03_asked_even_when_nothing_matches():
    g = game(p0={"hand": ["CCH-03"], "town": [ANY], "deck": ["F-MDMG", "F-MBUFF", "F-MDMG"] + DECK})
    do(g, "monster", card="CCH-03")
    assert decision(g) == (0, "look_take") and types(g) == ["look_done"]


# --- CCH-04: the opponent's top two back on top in any order -------------------------------------------------

def test_cch04_orders_the_opponents_top_cards():
    g = game(p0={"hand": ["CCH-04"], "town": [ANY]}, p1={"deck": ["F-R1", "F-R3"] + DECK})
    do(g, "monster", card="CCH-04")
    assert decision(g) == (0, "look_order")
    do(g, "look_order", card="F-R3")
    assert zone(g, 1, "deck")[:3] == ["F-R3", "F-R1", "F-B1"]
    assert [e.get("count") for e in g.log.for_player(1) if e["type"] == "look"] == [2]


# --- CCH-05: a monster revealed and taken, the rest to the discard pile ----------------------------------------

def test_cch05_reveals_the_monster_taken_and_discards_the_rest():
    g = game(p0={"chars": ["CCH-05"], "town": [ANY], "deck": ["F-R1", "F-MDMG", "F-R3"] + DECK})
    do(g, "activate", card="CCH-05", ability=0)
    assert decision(g) == (0, "look_take") and types(g) == ["look_take"]   # exactly one: no "done"
    do(g, "look_take", card="F-MDMG")
    assert zone(g, 0, "hand") == ["F-MDMG"] and sorted(zone(g, 0, "discard")) == ["F-R1", "F-R3"]
    assert [e["id"] for e in g.log.for_player(1) if e["type"] == "shown"] == ["F-MDMG"]
    assert decision(g) == (0, "main")


# --- CCH-06: damage as many as your characters ---------------------------------------------------------

def test_cch06_counts_your_characters_when_it_resolves():
    g = game(p0={"hand": ["CCH-06"], "town": [ANY] * 2, "chars": ["F-R1", "F-B1"]}, p1={"chars": ["F-B2"]})
    do(g, "monster", card="CCH-06")
    assert unit(g, 1, "F-B2").damage == 2


# --- CCH-07: draw for each OFF soul, at most two ---------------------------------------------------------

def test_cch07_draws_one_per_off_soul_at_most_two():
    g = game(p0={"hand": ["CCH-07"], "town": [ANY, (ANY, False), (ANY, False), (ANY, False)]})
    do(g, "place", card="CCH-07")                                  # paying turns a fourth OFF
    assert len(zone(g, 0, "hand")) == 2
    g = game(p0={"hand": ["CCH-07"], "town": [ANY]})
    do(g, "place", card="CCH-07")
    assert len(zone(g, 0, "hand")) == 1                           # the soul it paid with


# --- CCH-08: up to as many targets as your characters with a red rune ------------------------------------------

def test_cch08_chooses_up_to_the_count():
    g = game(p0={"hand": ["CCH-08"], "town": [ANY], "chars": ["F-R1", "F-B1"]},
             p1={"chars": ["F-R1", "F-B1", "F-B2"]})
    do(g, "monster", card="CCH-08")
    assert decision(g) == (0, "target") and g.decision.info["remaining"] == 1 and "target_done" in types(g)
    do(g, "target", target="F-B2")
    assert unit(g, 1, "F-B2").damage == 1 and unit(g, 1, "F-B1").damage == 0


def test_cch08_no_red_rune_no_target():
    g = game(p0={"hand": ["CCH-08"], "town": [ANY], "chars": ["F-B1"]}, p1={"chars": ["F-R1"]})
    do(g, "monster", card="CCH-08")
    assert decision(g) == (0, "main") and unit(g, 1, "F-R1").damage == 0


# --- CCH-09: a static +1 attack for each other character of yours ---------------------------------------------

def test_cch09_attack_follows_the_count():
    g = game(p0={"chars": ["CCH-09", "F-R1"], "hand": ["F-B1"], "town": [ANY]})
    attack = lambda: g.observe(0)["players"][0]["characters"][0]["attack"]  # noqa: E731
    assert attack() == 2
    do(g, "place", card="F-B1")
    assert attack() == 3
    assert g.observe(1)["players"][0]["characters"][0]["attack"] == 3   # the opponent sees it too


# --- CCH-10: the opponent chooses a card of their hand to discard ---------------------------------------------

def test_cch10_the_opponent_chooses_secretly_from_their_hand():
    g = game(p0={"hand": ["CCH-10"], "town": [ANY]}, p1={"hand": ["F-R1", "F-R3"]})
    do(g, "monster", card="CCH-10")
    assert decision(g) == (1, "target_hidden") and g.decision.info["controller"] == 0
    assert "candidates" not in g.observe(0)["decision"]            # the player of the card sees nothing
    do(g, "target", target="F-R1")
    assert zone(g, 1, "hand") == ["F-R3"] and zone(g, 1, "discard") == ["F-R1"]
    assert decision(g) == (0, "main")


def test_cch10_the_choice_is_hidden_a_pair_differing_only_in_the_hand():
    views = []
    for hand in (["F-R1", "F-R3"], ["F-B1", "F-B2"]):
        g = game(p0={"hand": ["CCH-10"], "town": [ANY]}, p1={"hand": hand})
        do(g, "monster", card="CCH-10")
        views.append((g.observe(0)["decision"], list(g.log.for_player(0))))
    assert views[0] == views[1]


# --- CCH-11: the opponent chooses one of their characters to turn OFF ----------------------------------------

def test_cch11_the_opponent_chooses_in_view():
    g = game(p0={"hand": ["CCH-11"], "town": [ANY]}, p1={"chars": ["F-R1", "F-R3"]})
    do(g, "monster", card="CCH-11")
    assert decision(g) == (1, "target") and g.observe(0)["decision"]["candidates"]
    do(g, "target", target="F-R1")
    assert not unit(g, 1, "F-R1").on and unit(g, 1, "F-R3").on


# --- CCH-12: a level 1 character of the top three onto the field ----------------------------------------------

def test_cch12_puts_a_level_one_character_onto_the_field():
    g = game(p0={"hand": ["CCH-12"], "town": [ANY] * 2, "deck": ["F-R3", "F-R1", "F-MDMG"] + DECK})
    do(g, "monster", card="CCH-12")
    assert options(g, "card") == ["F-R1"]
    do(g, "look_take", card="F-R1")
    do(g, "look_order", card="F-R3")
    assert zone(g, 0, "chars") == ["F-R1"] and unit(g, 0, "F-R1").entered == g.state.turn   # it may not attack
    assert zone(g, 0, "deck")[-2:] == ["F-R3", "F-MDMG"]


# --- hidden information: pairs differing only in a hidden deck ---------------------------------------------------

def _seen(g, viewer: int) -> tuple:
    from tcg.games.shironeko import text
    log = list(g.log.for_player(viewer))
    return (g.observe(viewer), log, list(g.log.for_spectator()), g.observe(None),
            [text.narrate(e, viewer, "en", g.rules.cards) for e in log],
            [text.narrate(e, viewer, "ja", g.rules.cards) for e in log])


@pytest.mark.parametrize("card, decks, picks", [
    ("CCH-03", (["F-MDMG", "F-R3", "F-MBUFF", "F-R1"], ["F-R1", "F-R2", "F-MDMG", "F-R3"]), [-1, 0]),
    ("CCH-03", (["F-MDMG", "F-MBUFF", "F-MDMG", "F-R1"], ["F-R3", "F-R2", "F-MDMG", "F-R1"]), [-1, 1]),
    ("CCH-04", (["F-R1", "F-R3", "F-B1"], ["F-B2", "F-B2", "F-R1"]), [1]),
])
def test_a_look_shows_the_other_player_nothing_of_the_cards(card, decks, picks):
    """Two games that differ only in a hidden deck: the player who does not look sees the same
    observations, log, narration (both languages) and spectator log all along."""
    views = []
    for deck in decks:
        spec: dict = {"p0": {"hand": [card], "town": [ANY]}, "p1": {}}
        spec["p1" if card == "CCH-04" else "p0"]["deck"] = deck + DECK
        g = game(**spec)
        do(g, "monster", card=card)
        out = []
        for k in picks:
            out.append(_seen(g, 1))
            g.apply(g.legal_actions()[k])
        out.append(_seen(g, 1))
        views.append(out)
    assert views[0] == views[1]


# --- words, encoding, computer players ---------------------------------------------------------------------

def test_the_new_decisions_and_events_in_both_languages():
    from tcg.games.shironeko import text
    g = game(p0={"hand": ["CCH-01", "CCH-03"], "town": [ANY] * 2, "deck": ["F-B1", "F-R3", "F-MDMG", "F-R1"] + DECK})
    do(g, "monster", card="CCH-01")
    for lang in ("en", "ja"):
        for viewer in (0, 1):
            words = text.prompt(g.observe(viewer)["decision"], viewer, lang, g.rules.cards, obs=g.observe(viewer))
            assert "⟦" not in words and words, words
        for a in g.legal_actions():
            label = g.rules.describe(g.state, a, lang)
            assert "⟦" not in label and ("Draw a card" in label or "カードを1枚引く" in label or "damage" in label
                                          or "ダメージ" in label), label
    do(g, "mode", mode=0)
    do(g, "monster", card="CCH-03")
    for lang in ("en", "ja"):
        for a in g.legal_actions():
            assert "⟦" not in g.rules.describe(g.state, a, lang)
        assert "⟦" not in text.prompt(g.observe(0)["decision"], 0, lang, g.rules.cards, obs=g.observe(0))
        assert "⟦" not in text.prompt(g.observe(1)["decision"], 1, lang, g.rules.cards, obs=g.observe(1))
    do(g, "look_take", card="F-R3")
    for lang in ("en", "ja"):
        for a in g.legal_actions():
            assert "⟦" not in g.rules.describe(g.state, a, lang)
    do(g, "look_order", card="F-MDMG")
    for viewer in (0, 1):
        for lang in ("en", "ja"):
            lines = [text.narrate(e, viewer, lang, g.rules.cards) for e in g.log.for_player(viewer)]
            assert all(line is None or "⟦" not in line for line in lines), lines
    en = [text.narrate(e, 1, "en", g.rules.cards) for e in g.log.for_player(1)]
    assert any(line and "Draw a card" in line for line in en), en            # the mode told to both
    assert any(line and "3" in line and "look" in line for line in en), en   # a count only


def test_the_new_decisions_are_encodable():
    g = game(p0={"hand": ["CCH-02"], "town": [ANY] * 2}, p1={"chars": ["F-R1"]})
    do(g, "place", card="CCH-02")
    legal_ids_cover(g, both_players=True)                                                      # choose_mode
    do(g, "mode", mode=0)
    legal_ids_cover(g, both_players=True)                                                      # ... modes chosen
    g = game(p0={"hand": ["CCH-03"], "town": [ANY], "deck": ["F-MDMG", "F-R3", "F-MBUFF"] + DECK})
    do(g, "monster", card="CCH-03")
    legal_ids_cover(g, both_players=True)                                                      # look_take
    do(g, "look_take", card="F-R3")
    legal_ids_cover(g, both_players=True)                                                      # look_order
    g = game(p0={"hand": ["CCH-10"], "town": [ANY]}, p1={"hand": ["F-R1", "F-R3"]})
    do(g, "monster", card="CCH-10")
    legal_ids_cover(g, both_players=True)                                                      # the opponent's target_hidden


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_agents_answer_the_new_decisions(agent):
    from tcg.agents.base import AgentView, make_agent
    setups = [
        (dict(p0={"hand": ["CCH-01"], "town": [ANY]}, p1={"chars": ["F-R1"]}), "monster", "CCH-01"),
        (dict(p0={"hand": ["CCH-02"], "town": [ANY] * 2}, p1={"chars": ["F-R1"]}), "place", "CCH-02"),
        (dict(p0={"hand": ["CCH-03"], "town": [ANY], "deck": ["F-MDMG", "F-R3", "F-MBUFF"] + DECK}),
         "monster", "CCH-03"),
        (dict(p0={"hand": ["CCH-04"], "town": [ANY]}), "monster", "CCH-04"),
        (dict(p0={"hand": ["CCH-10"], "town": [ANY]}, p1={"hand": ["F-R1", "F-R3"]}), "monster", "CCH-10"),
        (dict(p0={"hand": ["CCH-12"], "town": [ANY] * 2, "deck": ["F-R3", "F-R1", "F-MDMG"] + DECK}),
         "monster", "CCH-12"),
    ]
    for kw, how, card in setups:
        g = game(**kw)
        do(g, how, card=card)
        for _ in range(20):
            if g.is_over or g.decision.kind == "main":
                break
            a = make_agent(agent, seed=1).act(AgentView(g, g.legal_actions()))
            assert a in g.legal_actions()
            g.apply(a)
        assert decision(g) == (0, "main")


def test_random_play_with_every_choices_card_keeps_every_card():
    """Random agents play games whose decks are the corpus cards: no card is lost or doubled."""
    from tcg.agents.base import AgentView, make_agent
    hand = ["CCH-01", "CCH-02", "CCH-03", "CCH-04", "CCH-06", "CCH-07", "CCH-10", "CCH-11", "CCH-12"]
    for seed in range(4):
        g = game(p0={"hand": hand, "town": [ANY] * 6, "chars": ["CCH-05", "CCH-09"],
                     "deck": ["F-R1", "F-MDMG", "F-R3"] * 6},
                 p1={"hand": ["F-R1", "F-B1", "F-R3"], "deck": ["F-R1", "F-MDMG", "F-R3"] * 6}, seed=seed)
        total = len(g.state.cards)
        agents = [make_agent("random", seed=seed), make_agent("random", seed=seed + 10)]
        for _ in range(300):
            if g.is_over:
                break
            g.apply(agents[g.decision.player].act(AgentView(g, g.legal_actions())))
            g.rules.check_invariants(g.state)
        assert len(g.state.cards) == total


# --- load errors ------------------------------------------------------------------------------------------

HEAD = header("shironeko")


def load_error(kind: str, *effects: str) -> str:
    text = HEAD + f'[[cards.abilities]]\nkind = "{kind}"\neffects = [' + ", ".join(effects) + ']\n'
    return str(cardfile.load_error("shironeko", text))


MODES = '[{ effects = [{ op = "draw" }] }, { effects = [{ op = "draw", amount = 2 }] }]'


@pytest.mark.parametrize("kind, effect, field, words", [
    ("on_enter", '{ op = "draw", amount = { cont = { zone = "discard" } } }',
     "abilities[0].effects[0].amount.cont", "did you mean 'count'"),
    ("on_enter", '{ op = "draw", amount = { count = { zone = "discrd" } } }',
     "abilities[0].effects[0].amount.count.zone", "did you mean 'discard'"),
    ("on_enter", '{ op = "draw", amount = { count = { zone = "deck", kind = "monster" } } }',
     "abilities[0].effects[0].amount.count.kind", "hidden"),
    ("on_enter", '{ op = "draw", amount = { count = { zone = "discard" }, times = 0 } }',
     "abilities[0].effects[0].amount.times", "not be 0"),
    ("on_enter", '{ op = "choose_one", modes = [{ effects = [{ op = "draw" }] }] }',
     "abilities[0].effects[0].modes", "2..8 modes"),
    ("on_enter", '{ op = "choose_one", count = 3, modes = ' + MODES + ' }',
     "abilities[0].effects[0].count", "more than the 2 modes"),
    ("on_enter", '{ op = "choose_one", modes = [{ efects = [{ op = "draw" }] }, [{ op = "draw" }]] }',
     "abilities[0].effects[0].modes[0].efects", "did you mean 'effects'"),
    ("on_enter", '{ op = "choose_one", modes = [[{ op = "drow" }], [{ op = "draw" }]] }',
     "abilities[0].effects[0].modes[0]", "drow"),
    ("on_enter", '{ op = "look", amount = 3, rest = "trash" }', "abilities[0].effects", "bottom, top, discard"),
    ("on_enter", '{ op = "look", amount = 3, take = { to = "deck" } }', "abilities[0].effects[0].take.to", "not one of"),
    ("on_enter", '{ op = "look", amount = 3, take = { filter = { knd = "monster" } } }',
     "abilities[0].effects[0].take.filter.knd", "did you mean 'kind'"),
    ("on_enter", '{ op = "look", amount = 11 }', "abilities[0].effects", "out of range 0..10"),
    ("on_enter", '{ op = "move", to = "discard", target = { zone = "hand", side = "opponent", choose = 1 } }',
     "abilities[0].effects[0].target.choose", "hidden"),
    ("on_enter", '{ op = "damage", amount = 1, target = { choose = 1, chooser = "oponent" } }',
     "abilities[0].effects[0].target.chooser", "did you mean 'opponent'"),
    ("static", '{ op = "modify", target = "self", stat = "hp", amount = { count = { zone = "characters",'
               ' hp = { min = 2 } } } }', "abilities[0].effects[0].amount.count", "on HP may not count"),
    ("static", '{ op = "modify", target = "self", stat = "attack", amount = { count = { zone = "characters",'
               ' attack = { min = 2 } } } }', "abilities[0].effects[0].amount.count", "count by attack"),
])
def test_load_errors(kind, effect, field, words):
    says(load_error(kind, effect), field, words)
