"""Mechanics corpus, Z/X: one scenario test per card of tests/corpus/zx/filters.toml (an exact
state, the card played, the exact outcome): a search's filter as a selector table
(engine/select.py ``old_or_table``); its load errors are
in test_load_errors_alike.py."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import scenes
from ..games.zx.harness import FILL, check, decision, do, legal_types, main, options, zone

CORPUS = pathlib.Path(__file__).parent / "zx" / "filters.toml"


#: a scenario with the corpus cards: each player has a deck and four life cards unless told
game = functools.partial(main, cards=CORPUS)


# --- FI-01: a Z/X with cost 2 or less ------------------------------------------------------------

def test_fi01_offers_the_zx_of_cost_2_or_less_and_reveals_the_one_taken():
    g = game(p0={"hand": ["FI-01"], "resources": ["Z-B1"], "deck": ["Z-R3", "Z-R1", "E-DRAW", "Z-B2", "Z-R5"]})
    do(g, "event", card="FI-01")
    assert decision(g) == (0, "pick_card")
    assert sorted(options(g, "pick")) == ["Z-B2", "Z-R1"]  # not Red Three (cost 3), not the event, not Red Five
    do(g, "pick", card="Z-B2")
    assert zone(g, 0, "hand") == ["Z-B2"] and sorted(zone(g, 0, "deck")) == ["E-DRAW", "Z-R1", "Z-R3", "Z-R5"]
    seen = [e for e in g.log.for_player(1) if e["type"] == "pick"]
    assert seen and seen[0].get("id") == "Z-B2"          # reveal = true: the other player sees it
    assert decision(g) == (0, "main")
    check(g)


def test_fi01_with_nothing_that_matches_only_taking_nothing_is_offered():
    g = game(p0={"hand": ["FI-01"], "resources": ["Z-B1"], "deck": ["Z-R3", "E-DRAW", "Z-R5"]})
    do(g, "event", card="FI-01")
    assert options(g, "pick") == []
    do(g, "pick_none")
    assert zone(g, 0, "hand") == [] and len(zone(g, 0, "deck")) == 3


# --- FI-02: "Blue" in its name, unseen by the other player --------------------------------------------

def test_fi02_name_contains_and_the_card_stays_secret():
    g = game(p0={"hand": ["FI-02"], "resources": ["Z-B1"], "deck": ["Z-R1", "Z-B1", "Z-R2", "Z-B2"]})
    do(g, "event", card="FI-02")
    assert sorted(options(g, "pick")) == ["Z-B1", "Z-B2"]
    do(g, "pick", card="Z-B1")
    assert zone(g, 0, "hand") == ["Z-B1"]
    theirs = [e for e in g.log.for_player(1) if e["type"] == "pick"]
    assert theirs and "id" not in theirs[0] and "card" not in theirs[0]


# --- FI-03: look at the opponent's hand, one card of it into their trash ----------------------------------

def test_fi03_the_looker_sees_the_hand_and_trashes_a_card_of_it():
    g = game(p0={"hand": ["FI-03"], "resources": ["Z-VB"]}, p1={"hand": ["Z-R5", "E-DRAW", "Z-B2"]})
    do(g, "event", card="FI-03")
    assert decision(g) == (0, "look_take")
    info = g.observe(0)["decision"]
    assert info["zone"] == "hand" and info["whose"] == 1 and info["to"] == "trash"
    assert sorted(options(g, "look_take")) == ["E-DRAW", "Z-B2", "Z-R5"] and "look_done" not in legal_types(g)
    assert "candidates" not in (g.observe(1)["decision"] or {})      # the owner is not told what is offered
    do(g, "look_take", card="Z-R5")
    assert zone(g, 1, "trash") == ["Z-R5"] and sorted(zone(g, 1, "hand")) == ["E-DRAW", "Z-B2"]
    assert decision(g) == (0, "main")
    check(g)


def test_fi03_is_narrated_with_the_cards_to_the_looker_and_a_count_to_the_owner():
    g = game(p0={"hand": ["FI-03"], "resources": ["Z-VB"]}, p1={"hand": ["Z-R5", "E-DRAW"]})
    do(g, "event", card="FI-03")
    do(g, "look_take", card="E-DRAW")
    mine, theirs = _lines(g, 0, "en"), _lines(g, 1, "en")
    assert any(x.startswith("You looked at the 2 cards of Opponent's hand: ") for x in mine), mine
    assert "Opponent looked at the 2 cards of your hand" in theirs
    assert "相手はあなたの手札の2枚を見た" in _lines(g, 1, "ja")
    assert any("Supply" in x and "trash" in x for x in theirs)          # the card trashed is public


def test_fi03_until_a_card_is_trashed_a_spectator_learns_nothing_of_the_hand():
    """Two games that differ only in the opponent's hand: until the looker trashes a card (then
    public), spectators see the same log and observation, the looker's decision asked alike."""
    seen = []
    for hand in (["Z-R5", "E-DRAW"], ["Z-B2", "Z-R1"]):
        g = game(p0={"hand": ["FI-03"], "resources": ["Z-VB"]}, p1={"hand": hand})
        do(g, "event", card="FI-03")
        seen.append((list(g.log.for_spectator()), g.observe(None), g.observe(1)["decision"], len(g.legal_actions())))
    assert seen[0] == seen[1]


def test_fi03_with_an_empty_hand_it_does_nothing():
    g = game(p0={"hand": ["FI-03"], "resources": ["Z-VB"]})
    do(g, "event", card="FI-03")
    assert decision(g) == (0, "main")


# --- FI-04: look at your own life, maybe take one, then refill it --------------------------------------

def test_fi04_takes_a_life_card_into_the_hand_and_refills_the_life():
    g = game(p0={"hand": ["FI-04"], "resources": ["Z-G1"], "life": ["Z-R1", "Z-B2", "Z-R5"],
                 "deck": ["E-PUMP"] + FILL})
    do(g, "event", card="FI-04")
    assert decision(g) == (0, "look_take") and g.observe(0)["decision"]["zone"] == "life"
    assert sorted(options(g, "look_take")) == ["Z-B2", "Z-R1", "Z-R5"] and "look_done" in legal_types(g)
    do(g, "look_take", card="Z-R5")
    assert zone(g, 0, "hand") == ["Z-R5"] and sorted(zone(g, 0, "life")) == ["E-PUMP", "Z-B2", "Z-R1"]
    assert decision(g) == (0, "main")


def test_fi04_taking_nothing_leaves_the_life_as_it_was():
    g = game(p0={"hand": ["FI-04"], "resources": ["Z-G1"], "life": ["Z-R1", "Z-B2"]})
    do(g, "event", card="FI-04")
    do(g, "look_done")
    assert zone(g, 0, "life") == ["Z-R1", "Z-B2"] and zone(g, 0, "hand") == []


@pytest.mark.parametrize("picks", [[0], [-1]])
def test_fi04_the_other_player_learns_nothing_of_the_life_cards(picks):
    """Two games that differ only in the face-down life cards (and so in the deck's top card that
    refills it): the other player sees the same observations, log, narration (both languages) and
    spectator log all along, the looker's decisions answered alike."""
    views = []
    for life, top in ((["Z-R1", "Z-B2", "Z-R5"], "E-PUMP"), (["E-DRAW", "Z-R3", "Z-G1"], "Z-B1")):
        g = game(p0={"hand": ["FI-04"], "resources": ["Z-G1"], "life": life, "deck": [top] + FILL})
        do(g, "event", card="FI-04")
        views.append(_play(g, picks))
    assert views[0] == views[1]


def _lines(g, viewer: int, lang: str) -> list[str]:
    from tcg.games.zx import text
    return text.lines(list(g.log.for_player(viewer)), viewer, lang, g.rules.cards)


def _seen(g, viewer: int) -> tuple:
    from tcg.games.zx import text
    log = list(g.log.for_player(viewer))
    return (g.observe(viewer), log, list(g.log.for_spectator()), g.observe(None),
            text.lines(log, viewer, "en", g.rules.cards), text.lines(log, viewer, "ja", g.rules.cards))


def _play(g, picks: list[int]) -> list:
    """Each decision of the looker answered by its ``picks[k]``-th legal action; the other
    player's views at each decision."""
    out = []
    for k in picks:
        out.append(_seen(g, 1))
        g.apply(g.legal_actions()[k])
    out.append(_seen(g, 1))
    return out


# --- the Z/X heuristic answers the new looks and searches -------------------------------------------------

#: the Z/X heuristic's answer at a game's decision, reading the corpus cards (its errors surface)
heuristic = scenes.zx_heuristic_fixture()


def test_the_heuristic_trashes_the_opponents_best_card_and_takes_its_best_life_card(heuristic):
    g = game(p0={"hand": ["FI-03"], "resources": ["Z-VB"]}, p1={"hand": ["Z-R1", "Z-R5", "Z-R2"]})
    do(g, "event", card="FI-03")
    assert g.state.cards[heuristic(g).card].id == "Z-R5"
    g = game(p0={"hand": ["FI-04"], "resources": ["Z-G1"], "life": ["Z-R1", "Z-R5", "Z-R2"]})
    do(g, "event", card="FI-04")
    assert g.state.cards[heuristic(g).card].id == "Z-R5"
    g = game(p0={"hand": ["FI-01"], "resources": ["Z-B1"], "deck": ["Z-R3", "Z-R1", "Z-B2"]})
    do(g, "event", card="FI-01")
    assert heuristic(g).type == "pick"


# --- load errors ------------------------------------------------------------------------------------

# The load errors of filters that the games give alike: test_load_errors_alike.py.
