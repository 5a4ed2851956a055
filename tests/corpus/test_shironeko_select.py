"""Mechanics corpus, Shironeko, step 1 of docs/card-language-design.md: selector tables
(engine/select.py, games/shironeko/select.py) and the general ``move`` op. One scenario per card
of tests/corpus/shironeko/select.toml (invented cards), the old names as presets, the load-time
errors of selector tables, and the new decisions in words, in the encoding and for the agents."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import cardfile
from .cardfile import header, load_error_cases
from ..games.harness_base import legal_ids_cover
from ..games.shironeko.harness import DECK, decision, do, events, legal_types, scenario, unit, with_decks, zone

CORPUS = pathlib.Path(__file__).parent / "shironeko" / "select.toml"
ANY = "F-T-RAINBOW"  # a soul that pays any colour

#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


def options(g, key: str = "target") -> list[str]:
    s = g.state
    return [s.cards[a.get(key)].id for a in g.legal_actions() if a.get(key) is not None]


def seen(g, p: int, etype: str) -> list[dict]:
    return [e for e in g.log.for_player(p) if e["type"] == etype]


# --- one scenario per card --------------------------------------------------------------------------

def test_csl01_up_to_two_weak_opponent_characters_to_the_deck_bottom():
    g = game(p0={"hand": ["CSL-01"], "town": [ANY] * 2},
             p1={"chars": ["F-R1", "F-TDRAW", dict(card="F-B2"), dict(card="F-R3")]})  # HP 2, 1, 4, 5
    do(g, "place", card="CSL-01")
    assert decision(g) == (0, "target") and options(g) == ["F-R1", "F-TDRAW"]
    assert "target_done" in legal_types(g)                   # up to: none at all is allowed too
    do(g, "target", target="F-TDRAW")
    assert g.decision.info["remaining"] == 1 and options(g) == ["F-R1"]
    do(g, "target", target="F-R1")
    assert decision(g) == (0, "main")
    assert zone(g, 1, "chars") == ["F-B2", "F-R3"]
    assert zone(g, 1, "deck")[-2:] == ["F-TDRAW", "F-R1"]   # each one under the last
    assert [e["to"] for e in events(g, "leave_field")] == ["deck", "deck"]


def test_csl01_the_player_may_stop_early():
    g = game(p0={"hand": ["CSL-01"], "town": [ANY] * 2}, p1={"chars": ["F-R1", "F-TDRAW"]})
    do(g, "place", card="CSL-01")
    do(g, "target_done")
    assert decision(g) == (0, "main") and zone(g, 1, "chars") == ["F-R1", "F-TDRAW"]


def test_csl02_damages_only_the_opponents_on_characters():
    g = game(p0={"hand": ["CSL-02"], "town": [ANY] * 2, "chars": ["F-B2"]},
             p1={"chars": ["F-B2", dict(card="F-R3", on=False), "F-R1"]})
    do(g, "monster", card="CSL-02")
    assert unit(g, 1, "F-B2").damage == 2 and unit(g, 1, "F-R3").damage == 0
    assert zone(g, 1, "chars") == ["F-B2", "F-R3"] and zone(g, 1, "discard") == ["F-R1"]  # 2 HP: retreats
    assert unit(g, 0, "F-B2").damage == 0


def test_csl03_a_level_1_character_from_the_discard_enters_unpaid():
    g = game(p0={"hand": ["CSL-03"], "town": [ANY] * 2, "discard": ["F-R2", "F-ENTER", "F-MDMG"]})
    do(g, "monster", card="CSL-03")
    # the only level 1 character card there is taken without asking; its on-enter ability works
    assert zone(g, 0, "chars") == ["F-ENTER"]
    (ev,) = events(g, "place")
    assert (ev["why"], ev["from"]) == ("effect", "discard")
    assert unit(g, 0, "F-ENTER").entered == g.state.turn   # SN-K3: it may not attack this turn
    assert "F-ENTER" not in zone(g, 0, "discard")


def test_csl03_no_room_for_a_second_of_the_same_name():
    g = game(p0={"hand": ["CSL-03"], "town": [ANY] * 2, "discard": ["F-R1"], "chars": ["F-R1"]})
    do(g, "monster", card="CSL-03")
    assert zone(g, 0, "chars") == ["F-R1"] and zone(g, 0, "discard")[0] == "F-R1"  # SN-K2: it stays


def test_csl04_a_random_card_of_the_opponents_hand_is_discarded_in_view():
    g = game(p0={"hand": ["CSL-04"], "town": [ANY]}, p1={"hand": ["F-R1", "F-B2", "F-R3"]})
    do(g, "monster", card="CSL-04")
    assert decision(g) == (0, "main")
    (gone,) = zone(g, 1, "discard")
    assert sorted(zone(g, 1, "hand") + [gone]) == ["F-B2", "F-R1", "F-R3"]
    ev = seen(g, 0, "move")[0]                              # into a public pile: both see it
    assert (ev["from"], ev["to"], ev["id"]) == ("hand", "discard", gone)


def test_csl05_other_own_characters_with_a_sword_in_the_name_get_attack():
    g = game(p0={"hand": ["CSL-05"], "town": [ANY] * 2, "chars": ["F-R1", "F-R2"]}, p1={"chars": ["F-VER"]})
    do(g, "place", card="CSL-05")                          # 赤の剣士 yes, 赤の騎士 no, itself no
    assert unit(g, 0, "F-R1").atk_mod == 2 and unit(g, 0, "F-R2").atk_mod == 0
    assert unit(g, 0, "CSL-05").atk_mod == 0 and unit(g, 1, "F-VER").atk_mod == 0


def test_csl06_a_card_of_the_hand_goes_back_on_top_secretly():
    g = game(p0={"hand": ["CSL-06", "F-R3", "F-B2"], "town": [ANY], "deck": ["F-R1"] + DECK})
    do(g, "monster", card="CSL-06")
    assert decision(g) == (0, "target_hidden")             # a choice among the own hand
    assert options(g) == ["F-R3", "F-B2", "F-R1"]
    assert "candidates" not in g.observe(1)["decision"]     # the opponent is not shown them
    assert g.secret_choice()
    do(g, "target", target="F-R3")
    assert zone(g, 0, "deck")[0] == "F-R3" and zone(g, 0, "hand") == ["F-B2", "F-R1"]
    assert seen(g, 0, "move")[0]["id"] == "F-R3" and "card" not in seen(g, 1, "move")[0]


def test_csl07_up_to_two_opponent_souls_turn_off():
    g = game(p0={"hand": ["CSL-07"], "town": [ANY]},
             p1={"town": ["F-T-RED", ("F-T-BLUE", False), "F-T-YELLOW"]})
    do(g, "monster", card="CSL-07")
    assert decision(g) == (0, "target") and options(g) == ["F-T-RED", "F-T-YELLOW"]   # the ON ones
    do(g, "target", target="F-T-YELLOW")
    do(g, "target_done")
    town = g.state.players[1].town
    assert [i in g.state.players[1].souls_off for i in town] == [False, True, True]


def test_csl08_heals_own_damaged_characters_with_a_blue_rune():
    g = game(p0={"hand": ["CSL-08"], "town": [ANY],
                 "chars": [dict(card="F-B2", damage=2), dict(card="F-R3", damage=2),
                           dict(card="F-R2", damage=1, under=["F-B1"]), "F-HPAURA"]})
    do(g, "monster", card="CSL-08")                        # F-R2 holds the blue rune of the card under it
    assert [unit(g, 0, c).damage for c in ("F-B2", "F-R3", "F-R2")] == [0, 2, 0]
    assert len(events(g, "heal")) == 2                      # not the undamaged F-HPAURA


def test_csl09_up_to_three_opponent_discard_cards_removed_from_the_game():
    g = game(p0={"hand": ["CSL-09"], "town": [ANY]}, p1={"discard": ["F-R1", "F-R2", "F-R3", "F-B1"]})
    do(g, "monster", card="CSL-09")
    do(g, "target", target="F-R2")
    do(g, "target", target="F-R3")
    do(g, "target_done")
    assert zone(g, 1, "removed") == ["F-R2", "F-R3"] and zone(g, 1, "discard") == ["F-R1", "F-B1"]
    assert [c["id"] for c in g.observe(0)["players"][1]["removed"]] == ["F-R2", "F-R3"]


def test_csl10_a_monster_from_the_discard_is_shuffled_into_the_deck():
    g = game(p0={"hand": ["CSL-10"], "town": [ANY], "discard": ["F-R1", "F-MDMG"]})
    do(g, "monster", card="CSL-10")
    assert zone(g, 0, "discard") == ["F-R1", "CSL-10"]
    assert sorted(zone(g, 0, "deck")) == sorted(DECK + ["F-MDMG"])
    kinds = [e["type"] for e in g.log if e["type"] == "shuffle" or (e["type"] == "move" and "from" in e)]
    assert kinds[-2:] == ["move", "shuffle"]


def test_a_move_from_the_deck_that_empties_it_loses_at_once(tmp_path):
    path = tmp_path / "deckout.toml"  # SN-W1: the instant the deck is empty
    path.write_text(MONSTER + (
        '[[cards.abilities]]\nkind = "use"\n'
        'effects = [{ op = "move", target = { all = true, zone = "deck", side = "opponent" }, to = "discard" }]\n'),
        encoding="utf-8")
    g = scenario(p0={"hand": ["BAD-1"], "town": [ANY], "deck": DECK}, p1={"deck": ["F-R1", "F-R2"]}, cards=path)
    do(g, "monster", card="BAD-1")
    assert g.is_over and g.state.winner == 0 and g.state.end_reason == "deck_out"


# --- the old names are presets ------------------------------------------------------------------------

def test_old_target_names_are_preset_selectors():
    from tcg.games.shironeko.select import PRESETS
    assert PRESETS["choose_opponent_character"].count == ("choose", 1, False)
    assert PRESETS["all_own_other_characters"].other and PRESETS["all_own_other_characters"].side == "own"
    assert PRESETS["all_characters"].zone == "characters" and PRESETS["all_characters"].all


MONSTER = header("shironeko", "monster")


# --- load errors ------------------------------------------------------------------------------------

HEAD = header("shironeko")


@pytest.mark.parametrize("effects, field, words", load_error_cases("shironeko", "select_a_broken_selector_is_a_load_error_naming_the_field"))
def test_a_broken_selector_is_a_load_error_naming_the_field(effects, field, words):
    text = HEAD + '[[cards.abilities]]\nkind = "on_enter"\neffects = [' + effects + ']\n'
    e = cardfile.load_error("shironeko", text)
    assert e.field == "abilities[0]." + field and words in str(e), str(e)


def test_a_static_ability_takes_only_a_table_of_all_the_characters_it_changes():
    text = HEAD + ('[[cards.abilities]]\nkind = "static"\n'
                   'effects = [{ op = "modify", target = { choose = 1, side = "own" }, stat = "attack", amount = 1 }]\n')
    e = cardfile.load_error("shironeko", text)
    assert "static ability may only" in str(e)


# --- words, encoding, agents -------------------------------------------------------------------------

@pytest.mark.parametrize("lang, asked, done, moved", [
    ("en", "up to 2 more, or done (1 chosen)", "Done: choose no more targets",
     "went from the opponent's Discard to the opponent's Removed"),
    ("ja", "あと2枚まで", "完了", "相手の捨て山から相手のゲーム外に置かれた"),
])
def test_the_new_decisions_and_moves_in_both_languages(lang, asked, done, moved):
    from tcg.games.shironeko import text as X
    g = game(p0={"hand": ["CSL-09"], "town": [ANY]}, p1={"discard": ["F-R1", "F-R2"]})
    do(g, "monster", card="CSL-09")
    do(g, "target", target="F-R2")
    obs = g.observe(0)
    assert asked in X.prompt(obs["decision"], 0, lang, g.rules.cards, obs=obs)
    assert X.prompt(g.observe(1)["decision"], 1, lang, g.rules.cards, obs=g.observe(1))
    labels = [g.rules.describe(g.state, a, lang) for a in g.legal_actions()]
    assert any(done in label for label in labels), labels
    do(g, "target_done")
    said = [X.narrate(e, 0, lang, g.rules.cards) for e in g.log.for_player(0) if e["type"] == "move"]
    assert said and moved in said[0], said


def test_a_secret_choice_is_told_to_the_other_player_without_the_cards():
    from tcg.games.shironeko import text as X
    g = game(p0={"hand": ["CSL-06", "F-R3"], "town": [ANY]})
    do(g, "monster", card="CSL-06")
    for lang in ("en", "ja"):
        mine = X.prompt(g.observe(0)["decision"], 0, lang, g.rules.cards, obs=g.observe(0))
        theirs = X.prompt(g.observe(1)["decision"], 1, lang, g.rules.cards, obs=g.observe(1))
        assert mine and theirs and "Red General" not in theirs and "赤の将軍" not in theirs
    do(g, "target", target="F-R3")
    told = [X.narrate(e, 1, "en", g.rules.cards) for e in g.log.for_player(1) if e["type"] == "move"]
    assert told and "Red General" not in told[0], told


def test_the_new_decisions_and_actions_are_encodable():
    g = game(p0={"hand": ["CSL-01"], "town": [ANY] * 2}, p1={"chars": ["F-R1", "F-TDRAW"]})
    do(g, "place", card="CSL-01")
    legal_ids_cover(g)                                             # target + target_done
    do(g, "target", target="F-R1")
    legal_ids_cover(g)                                             # ... with "chosen"
    g = game(p0={"hand": ["CSL-06", "F-R3"], "town": [ANY]})
    do(g, "monster", card="CSL-06")
    legal_ids_cover(g)                                             # target_hidden
    g = game(p0={"hand": ["CSL-09"], "town": [ANY]}, p1={"discard": ["F-R1", "F-R2"]})
    do(g, "monster", card="CSL-09")
    legal_ids_cover(g)                                             # candidates in a discard pile
    g = game(p0={"hand": ["CSL-07"], "town": [ANY]}, p1={"town": ["F-T-RED", "F-T-BLUE"]})
    do(g, "monster", card="CSL-07")
    legal_ids_cover(g)                                             # souls


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_agents_answer_the_new_decisions(agent):
    from tcg.agents.base import AgentView, make_agent
    setups = [
        (dict(p0={"hand": ["CSL-01"], "town": [ANY] * 2}, p1={"chars": ["F-R1", "F-TDRAW"]}), "place", "CSL-01"),
        (dict(p0={"hand": ["CSL-06", "F-R3"], "town": [ANY]}), "monster", "CSL-06"),
        (dict(p0={"hand": ["CSL-09"], "town": [ANY]}, p1={"discard": ["F-R1", "F-R2"]}), "monster", "CSL-09"),
        (dict(p0={"hand": ["CSL-07"], "town": [ANY]}, p1={"town": ["F-T-RED", "F-T-BLUE"]}), "monster", "CSL-07"),
    ]
    for kw, how, card in setups:
        g = game(**kw)
        do(g, how, card=card)
        while not g.is_over and g.decision.kind in ("target", "target_hidden"):
            a = make_agent(agent, seed=1).act(AgentView(g, g.legal_actions()))
            assert a in g.legal_actions()
            g.apply(a)
        assert decision(g) == (0, "main")


def test_copies_in_a_pile_are_one_choice_in_the_menu():
    from tcg.games.shironeko import text as X
    g = game(p0={"hand": ["CSL-09"], "town": [ANY]}, p1={"discard": ["F-R1", "F-R1", "F-R2"]})
    do(g, "monster", card="CSL-09")
    paths = [path for path, _ in X.menu(g, g.legal_actions(), 0, "en")]
    assert len(paths) == 4 and len(set(paths)) == 3         # two copies of F-R1, F-R2, done
