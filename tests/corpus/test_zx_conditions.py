"""Mechanics corpus, Z/X, step 2 (docs/card-language-design.md): one scenario test per card of
tests/corpus/zx/conditions.toml (an exact state, the card played, the exact outcome), then the
load errors of conditions, ``if_done`` and ``optional``."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import cardfile
from .cardfile import header, load_error_cases
from ..games.zx.harness import FILL, can, decision, do, events, main, options, power, sq, zone

CORPUS = pathlib.Path(__file__).parent / "zx" / "conditions.toml"


#: a scenario with the corpus cards: each player has a deck and four life cards unless told
game = functools.partial(main, cards=CORPUS)


# --- CZ-01: static, if {count = {zone = "trash", side = "own"}, at_least = 7} -------------------

def test_cz01_gets_power_while_the_trash_holds_seven():
    g = game(p0={"trash": ["Z-R1"] * 6, "charge": ["Z-R1"]}, board={3: "CZ-01"}, start=("ignition",))
    assert power(g, 3) == 2000                          # six cards: not yet
    do(g, "ignite", card="Z-R1")                        # the charge card and the revealed one: 8
    assert len(zone(g, 0, "trash")) == 8
    assert power(g, 3) == 5000
    assert g.observe(1)["board"][3]["power_now"] == 5000  # (the opponent sees the power it has)


def test_cz01_counts_only_its_controllers_trash():
    g = game(p1={"trash": ["Z-R1"] * 9}, board={3: "CZ-01"})
    assert power(g, 3) == 2000


# --- CZ-02: optional discard, then draw two if_done ----------------------------------------------

def test_cz02_you_may_discard_and_if_you_do_draw_two():
    g = game(p0={"hand": ["CZ-02", "Z-B1"], "resources": ["Z-R1"] * 2})
    do(g, "place", card="CZ-02", square=3)
    assert decision(g) == (0, "optional")
    assert g.decision.info["op"] == "discard"
    do(g, "optional", use=True)
    assert decision(g) == (0, "pick_card") and options(g, "pick") == ["Z-B1"]
    assert "pick_none" not in [a.type for a in g.legal_actions()]  # said yes: a card must go
    do(g, "pick", card="Z-B1")
    assert zone(g, 0, "trash") == ["Z-B1"]
    assert zone(g, 0, "hand") == ["Z-R1", "Z-R1"]
    assert [e["use"] for e in events(g, "optional")] == [True]
    assert decision(g) == (0, "main")


def test_cz02_declined_nothing_is_discarded_nor_drawn():
    g = game(p0={"hand": ["CZ-02", "Z-B1"], "resources": ["Z-R1"] * 2})
    do(g, "place", card="CZ-02", square=3)
    do(g, "optional", use=False)
    assert zone(g, 0, "hand") == ["Z-B1"] and zone(g, 0, "trash") == []
    assert decision(g) == (0, "main")


def test_cz02_with_an_empty_hand_nothing_is_asked_nor_drawn():
    g = game(p0={"hand": ["CZ-02"], "resources": ["Z-R1"] * 2})
    do(g, "place", card="CZ-02", square=3)
    assert zone(g, 0, "hand") == [] and decision(g) == (0, "main") and not events(g, "optional")


# --- CZ-03: on_place, if {compare = "life", own = "<", opponent = true} ---------------------------

def test_cz03_adds_a_life_card_only_when_behind_on_life():
    g = game(p0={"hand": ["CZ-03"], "resources": ["Z-R1"] * 3, "life": ["Z-R1"] * 2})
    do(g, "place", card="CZ-03", square=3)
    assert len(zone(g, 0, "life")) == 3
    g = game(p0={"hand": ["CZ-03"], "resources": ["Z-R1"] * 3})  # 4 against 4: not fewer
    do(g, "place", card="CZ-03", square=3)
    assert len(zone(g, 0, "life")) == 4 and len(zone(g, 0, "deck")) == 8


# --- CZ-04: op if {turn = "opponent"} -------------------------------------------------------------

def test_cz04_on_your_own_turn_gives_only_the_first_thousand():
    g = game(p0={"hand": ["CZ-04"], "resources": ["Z-R1"]}, board={3: "Z-R1", 5: "Z-R2"})
    do(g, "event", card="CZ-04")
    assert (power(g, 3), power(g, 5)) == (2000, 3000)


def test_cz04_in_the_opponents_battle_gives_both():
    g = game(p0={"hand": ["CZ-04"], "resources": ["Z-R1"]}, p1={"resources": ["Z-R1"]},
             board={3: "Z-R1", 4: dict(card="Z-R3", owner=1, asleep=True)}, active=1,
             start=("battle_events", 0, 0), battle=(4, 3))
    do(g, "battle_event", card="CZ-04")
    assert power(g, 3) == 3000


# --- CZ-05: activated, if {count = "all_own_zx", at_least = 3} -------------------------------------

def test_cz05_is_offered_only_with_three_zx():
    g = game(p0={"resources": ["Z-R1"] * 2}, board={3: "CZ-05", 5: "Z-R1"})
    assert not can(g, "activate", square=3, ability=0)
    g = game(p0={"resources": ["Z-R1"] * 2}, board={3: "CZ-05", 5: "Z-R1", 4: "Z-R1"})
    do(g, "activate", square=3, ability=0)
    assert zone(g, 0, "hand") == ["Z-R1"]


# --- CZ-06: op if {count = {zone = "hand", side = "opponent"}, at_least = 5} ----------------------

@pytest.mark.parametrize("hand, milled", [(5, 2), (4, 0)])
def test_cz06_mills_the_opponent_only_when_their_hand_is_large(hand, milled):
    g = game(p0={"hand": ["CZ-06"], "resources": ["Z-R1"] * 2}, p1={"hand": ["Z-B1"] * hand})
    do(g, "place", card="CZ-06", square=3)
    assert len(zone(g, 1, "trash")) == milled
    assert len(zone(g, 1, "hand")) == hand


# --- CZ-07: optional targeted damage, then if_done on itself ---------------------------------------

def test_cz07_you_may_damage_and_if_you_do_get_power():
    g = game(p0={"hand": ["CZ-07"], "resources": ["Z-R1"] * 2},
             board={0: dict(card="Z-R2", owner=1), 2: dict(card="Z-R3", owner=1)})
    do(g, "place", card="CZ-07", square=3)
    assert decision(g) == (0, "optional")
    do(g, "optional", use=True)
    assert decision(g) == (0, "target")
    do(g, "target", target="Z-R2")
    assert sq(g, 0) is None and sq(g, 2) == "Z-R3"
    assert power(g, 3) == 3000


def test_cz07_declined_no_damage_and_no_power():
    g = game(p0={"hand": ["CZ-07"], "resources": ["Z-R1"] * 2}, board={0: dict(card="Z-R2", owner=1)})
    do(g, "place", card="CZ-07", square=3)
    do(g, "optional", use=False)
    assert sq(g, 0) == "Z-R2" and power(g, 3) == 2000


def test_cz07_with_no_opponent_zx_nothing_is_asked():
    g = game(p0={"hand": ["CZ-07"], "resources": ["Z-R1"] * 2})
    do(g, "place", card="CZ-07", square=3)
    assert decision(g) == (0, "main") and power(g, 3) == 2000 and not events(g, "optional")


# --- CZ-08: static, if {any = [count charge, compare resources]} -----------------------------------

@pytest.mark.parametrize("charge, mine, theirs, want", [(4, 2, 2, 5000), (3, 1, 2, 5000), (3, 2, 2, 3000),
                                                         (0, 3, 2, 3000)])
def test_cz08_any_of_two_conditions(charge, mine, theirs, want):
    g = game(p0={"charge": ["Z-R1"] * charge, "resources": ["Z-R1"] * mine},
             p1={"resources": ["Z-R1"] * theirs}, board={3: "CZ-08"})
    assert power(g, 3) == want


# --- CZ-09: on_place, if {phase = "ignition"} -------------------------------------------------------

def test_cz09_gains_a_key_when_placed_by_overdrive():
    g = game(p0={"charge": ["Z-R1"], "deck": ["CZ-09"] + FILL}, start=("ignition",))
    do(g, "ignite", card="Z-R1")
    assert decision(g) == (0, "overdrive")
    do(g, "place_free", square=3)
    assert g.state.players[0].counters.get("dream_key") == 1


def test_cz09_placed_in_the_main_phase_gains_nothing():
    g = game(p0={"hand": ["CZ-09"], "resources": ["Z-R1"] * 2})
    do(g, "place", card="CZ-09", square=3)
    assert g.state.players[0].counters.get("dream_key", 0) == 0


# --- CZ-10: a search, then a discard if_done (the pick tells whether the search found) -----------

def test_cz10_found_a_card_so_discards_one():
    g = game(p0={"hand": ["CZ-10", "Z-R3"], "resources": ["Z-R1"] * 2, "deck": ["Z-B1"] + FILL})
    do(g, "place", card="CZ-10", square=3)
    do(g, "pick", card="Z-B1")
    assert decision(g) == (0, "pick_card") and g.decision.info["to"] == "trash"
    assert sorted(options(g, "pick")) == ["Z-B1", "Z-R3"]
    do(g, "pick", card="Z-R3")
    assert zone(g, 0, "hand") == ["Z-B1"] and zone(g, 0, "trash") == ["Z-R3"]


def test_cz10_took_nothing_so_discards_nothing():
    g = game(p0={"hand": ["CZ-10", "Z-R3"], "resources": ["Z-R1"] * 2, "deck": ["Z-B1"] + FILL})
    do(g, "place", card="CZ-10", square=3)
    do(g, "pick_none")
    assert decision(g) == (0, "main")
    assert zone(g, 0, "hand") == ["Z-R3"] and zone(g, 0, "trash") == []


# --- CZ-12: a count given as a selector table (name contains, square, other) -----------------------

@pytest.mark.parametrize("board, draws", [
    ({4: "Z-R2"}, 1),                          # 赤二 on a normal square
    ({7: "Z-R2"}, 0),                          # on the player square: not a normal square
    ({4: "Z-B1"}, 0),                          # 青一: no 赤 in the name
    ({4: dict(card="Z-R2", owner=1)}, 0),      # the opponent's
    ({}, 0),                                   # only itself (other = true)
])
def test_cz12_a_condition_counts_with_a_selector_table(board, draws):
    g = game(p0={"hand": ["CZ-12"], "resources": ["Z-R1"]}, board=board)
    hand = len(zone(g, 0, "hand"))
    do(g, "place", card="CZ-12", square=3)
    assert len(zone(g, 0, "hand")) == hand - 1 + draws


@pytest.mark.parametrize("count, field, words", load_error_cases("zx", "conditions_a_selector_count_is_checked_with_its_path"))
def test_a_selector_count_is_checked_with_its_path(count, field, words):
    text = HEAD_ZX + f'[[cards.abilities]]\nkind = "on_place"\nif = {{ count = {count}, at_least = 1 }}\n' \
        'effects = [{ op = "draw", amount = 1 }]\n'
    e = cardfile.load_error("zx", text)
    assert field in e.field and words in str(e), str(e)


HEAD_ZX = header("zx")


# --- CZ-11: static, if {all = [turn own, not count face_up at_most 1]} -----------------------------

@pytest.mark.parametrize("active, face_up, want", [(0, 2, 3000), (0, 1, 2000), (1, 2, 2000)])
def test_cz11_all_and_not(active, face_up, want):
    g = game(p0={"face_up": ["X-SHIFT"] * face_up}, board={3: "CZ-11"}, active=active)
    assert power(g, 3) == want


# --- load errors ----------------------------------------------------------------------------------

def load_error(abilities: str, kind: str = "zx") -> str:
    return str(cardfile.load_error("zx", header("zx", kind) + abilities))


@pytest.mark.parametrize("ability, field, words", load_error_cases("zx", "conditions_a_broken_ability_condition_names_the_field_and_the_nearest_word"))
def test_a_broken_ability_condition_names_the_field_and_the_nearest_word(ability, field, words):
    msg = load_error(f'[[cards.abilities]]\nkind = "on_place"\n{ability}\neffects = [{{ op = "draw" }}]\n')
    assert f"field '{field}'" in msg and words in msg, msg


def test_a_broken_op_condition_names_the_op_and_its_path():
    msg = load_error('[[cards.abilities]]\nkind = "on_place"\neffects = [{ op = "draw" }, '
                     '{ op = "draw", if = { count = { zone = "trash", sdie = "own" }, at_least = 1 } }]\n')
    assert "field 'abilities[0].effects[1].if.count.sdie'" in msg and "did you mean 'side'" in msg, msg


@pytest.mark.parametrize("effects, kind, words", load_error_cases("zx", "conditions_broken_op_flags"))
def test_broken_op_flags(effects, kind, words):
    msg = load_error(f'[[cards.abilities]]\nkind = "{kind}"\neffects = {effects}\n')
    assert words in msg, msg


def test_an_event_puts_if_on_its_ops_not_on_its_use_ability():
    msg = load_error('[[cards.abilities]]\nkind = "use"\nif = { turn = "own" }\neffects = [{ op = "draw" }]\n',
                     kind="event")
    assert "field 'abilities[0].if'" in msg and "put 'if' on its ops" in msg, msg


# --- words: the optional decision in both languages, as the terminal and the web list it ----------

@pytest.mark.parametrize("lang, yes, prompt, told", [
    ("en", "Yes: put a card from the hand into the trash", "may put a card from the hand into the trash",
     "chose to put a card from the hand into the trash"),
    ("ja", "する：手札を1枚トラッシュに置く", "手札を1枚トラッシュに置くか選ぶ（任意）", "任意の効果を使った"),
])
def test_the_optional_decision_is_told_and_offered_in_both_languages(lang, yes, prompt, told):
    from tcg.present import board as B
    from tcg.games.zx import text as X
    from tcg.ui import get_renderer
    from tcg.ui.terminal import menu_paths

    g = game(p0={"hand": ["CZ-02", "Z-B1"], "resources": ["Z-R1"] * 2})
    do(g, "place", card="CZ-02", square=3)
    for viewer in (0, 1):
        obs = g.observe(viewer)
        assert obs["decision"]["kind"] == "optional" and obs["decision"]["op"] == "discard"
        assert prompt in X.prompt(obs["decision"], viewer, lang, obs)
    paths = menu_paths(g, get_renderer("zx", g, lang, viewer=0), 0, lang)  # what the web's room lists
    assert {a for _, a in paths} == set(g.legal_actions())
    labels = [" › ".join(p) for p, _ in paths]
    assert len(labels) == 2 and labels[0].startswith(yes), labels
    assert all(B.refs("zx", a) == [] for _, a in paths)
    assert {X.describe(g.state, a, lang) for a in g.legal_actions()} == (
        {"Yes, do it", "No"} if lang == "en" else {"する", "しない"})
    do(g, "optional", use=True)
    assert "trash" in X.prompt(g.observe(0)["decision"], 0, lang, g.observe(0)) or lang == "ja"
    do(g, "pick", card="Z-B1")
    said = X.lines(g.log.for_player(1), 1, lang, g.rules.cards)
    assert any(told in line for line in said), said


def test_the_optional_decision_and_a_discard_pick_are_encodable_for_research():
    from tcg.rl.encoder import encoding
    enc = encoding("zx")
    g = game(p0={"hand": ["CZ-02", "Z-B1"], "resources": ["Z-R1"] * 2})
    do(g, "place", card="CZ-02", square=3)
    for answer in (True, None):
        vec, ctx = enc.encode(g.observe(0), 0)
        ids = enc.legal_ids(g.legal_actions(), ctx, strict=True)  # raises on an action it cannot name
        assert set(ids.values()) == set(g.legal_actions()) and len(set(ids)) == len(ids)
        if answer is not None:
            do(g, "optional", use=answer)
    assert g.decision.kind == "pick_card"


def test_agents_answer_the_optional_decision():
    from tcg.agents.base import AgentView, make_agent
    for name in ("random", "heuristic"):
        g = game(p0={"hand": ["CZ-07"], "resources": ["Z-R1"] * 2}, board={0: dict(card="Z-R2", owner=1)})
        do(g, "place", card="CZ-07", square=3)
        a = make_agent(name, seed=1).act(AgentView(g, g.legal_actions()))
        assert a.type == "optional"
