"""The ``tcg`` command and the terminal front end for Z/X -Zillions of enemy X- (tcg.games.zx.terminal).

Like tests/cli/test_kemuri_cli.py: commands run in-process through typer's CliRunner with the
shipped card set and sample decks of Z/X."""
from __future__ import annotations

import functools
import json
import re

import pytest
from typer.testing import CliRunner

import tcg
from tcg.games import get_rules

from . import helpers as H
from .helpers import WIDE, advance, event_types, one_error_line, run  # noqa: F401

decks = functools.partial(H.decks, "zx")
render = functools.partial(H.render, width=200)
find_state = functools.partial(H.find_state, "zx")
renderer_for = functools.partial(H.renderer_for, "zx")

GAME = "zx"
SQUARE_WORDS = r"(far left|far right|middle left|centre|middle right|your left|your right|your player square|" \
               r"Opponent's player square)"


class _Pick:
    """An agent that always takes the option at ``index`` of the legal actions."""

    def __init__(self, index: int):
        self.index = index

    def act(self, view):
        return view.legal_actions[self.index]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Finished games played through `tcg play zx`: always the first option ("1": the human
    places, uses the dynamis, attacks and plays battle events whenever it can), always the last
    one ("$": the human declines everything and only ends turns; the computer wins), and the
    first option from seat 1 (the board seen turned round)."""
    out = {}
    folder = tmp_path_factory.mktemp("zx_games")
    runner = CliRunner()
    for key, answers, seed, seat in (("first", "1\n", 2, "0"), ("last", "$\n", 3, "0"), ("seat1", "1\n", 7, "1")):
        path = folder / f"{key}.json"
        result = run(runner, "play", GAME, "--seed", seed, "--seat", seat, "--save", path, input=answers * 20000)
        out[key] = (path, result)
    return out


# --- play ------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["first", "last", "seat1"])
def test_play_to_the_end_by_piped_input(played, key):
    out, record = H.played_to_the_end(*played[key], GAME)
    # title, decision, both players' counters and zones, the board, your dynamis and hand
    assert "Before the first turn · SET-UP" in out
    assert re.search(r"Turn \d+ · (MAIN PHASE|RESOURCE PHASE|IGNITION PHASE) · Your turn", out)
    assert "Decision: You — set-up: put a Start Card Z/X" in out or "Decision: You — keep your 4 cards" in out
    assert re.search(r"Life \d+  Hand \d+  Deck \d+", out)
    assert re.search(r"Charge \([0-4]\)", out) and re.search(r"Trash \d+", out)
    assert re.search(r"Resources  ready \(リブート\) \d+/\d+", out)
    assert re.search(r"Opponent's dynamis, face down \d+", out) and re.search(r"Dynamis, face up \d+", out)
    assert re.search(r"card( \(face down\))?: |player card face down", out)  # on the player squares
    assert re.search(r"EX/EV EX (free|used)", out) and re.search(r"SHIFT (free|used)", out)
    assert re.search(r"Your dynamis, face down \(\d+\)", out)
    assert "Your hand (" in out and re.search(r"\n\d+\. .+ · (Z/X|event) · (red|blue|white|black|green) \d", out)
    assert "◆ your player square" in out and "◆ Opponent's player square" in out
    assert "centre" in out and "Rebooted (リブート)" in out
    assert re.search(r"Power \d+/\d+", out)
    # the opponent's hand is never listed, nor their start card before the set-up ends
    assert "▶ Opponent: Start with" not in out
    assert "▶ Opponent: Keep this hand:" not in out


def test_always_first_option_plays_the_game(played):
    path, result = played["first"]
    out = result.output
    types = event_types(path)
    # placements name the square in words as well as by number
    assert re.search(r"▶ You: Place .+ \((red|blue|white|black|green) \d+ · \d+\) on square \d \(" + SQUARE_WORDS
                     + r"\) · (free|pay \d+ of \d+ ready)", out)
    # attacks: power against power, or the player and their life
    assert re.search(r"▶ You: Attack with .+ \(\d+\) from square \d \(.+\) → Opponent \(life \d\)", out)
    assert re.search(r"▶ You: Attack with .+ \(\d+\) from square \d \(.+\) → (your|Opponent's) .+ on square \d \(.+\): \d+ vs \d+"
                     r"( \(damage \d+ already\))? → (destroys it|\d+ damage, it survives \(\d+ short\))", out)
    # battle windows: who may act, and that both must pass (the banner's "If nothing changes"
    # line: tests/games/zx/test_board.py); the board at the end shows nothing of the last battle
    assert "⚔ BATTLE" in out
    assert "⚔ BATTLE" not in out[out.rindex("Game over: "):]
    # a window where passing is the only choice is passed for the player, with a line saying so
    assert ("Battle events: You to act · the battle resolves once both players pass in a row" in out
            or re.search(r"Only one choice: Pass", out))
    assert re.search(r"▶ (You|Opponent): Pass \((Opponent|You) may still answer\)", out)
    assert re.search(r"▶ (You|Opponent): Pass → both passed, the battle resolves: ", out)
    # life picks and what they reveal
    assert re.search(r"▶ You: Hit Opponent's life card #1 \(face down\) of \d", out)
    assert re.search(r"Opponent's life card .+ was hit \((⚡ ignition icon|no icon)\) · \d life left", out)
    # event summaries
    H.check_event_lines(out, types, {
        "battle_damage": r"Battle: (your|Opponent's) .+ on square \d \(.+\) took \d+ damage",
        "leave_board": r"(Your|Opponent's) .+ on square \d \(.+\) was (destroyed|replaced|destroyed for a descent)"
                       r" → (your|Opponent's) (charge|trash|dynamis, face up)",
        "ignition": r"(Your|Opponent's) ignition revealed .+(: no icon → trash|: ⚡ icon, may be played free)",
        "zx_ex": r"(You|Opponent) placed .+ on square \d \(.+\) \(Z/X EX\)",
        "ev_ex": r"▶ (You|Opponent): EV EX .+ effect [12]: ",
        "refresh": r"deck ran out: the trash \("})
    assert "You win! (life reached 0)" in out or "You lose. (life reached 0)" in out


def test_always_last_option_declines_and_the_computer_wins(played):
    path, result = played["last"]
    out = result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["result"]["winner"] == 1
    assert "▶ You: No start card" in out and "▶ You: No gate card" in out
    assert "▶ You: No resource this turn" in out and "▶ You: End the turn" in out
    assert re.search(r"▶ Opponent: Hit your life card #\d \(face down\) of \d", out)
    assert re.search(r"Your life card .+ was hit .+ · \d life left", out)
    assert "Your life is 0!" in out and "You lose. (life reached 0)" in out


def test_seat_one_sees_the_board_turned_round(played):
    _, result = played["seat1"]
    out = result.output
    assert "you are P1" in out
    # player 1's own player square is square 1, at the bottom; square 8 is the far left
    assert re.search(r"│ 8 far left +│ 7 ◆ Opponent's player square +│ 6 far right", out)
    assert re.search(r"│ 2 your left +│ 1 ◆ your player square +│ 0 your right", out)


def test_replay_of_a_played_game(runner, played):
    out = H.replay_whole(runner, played["first"][0])
    assert "P0 wins (life reached 0)" in out or "P1 wins (life reached 0)" in out
    assert "Your hand" not in out and "Your dynamis" not in out  # spectator view
    assert "◆ P0's player square" in out and "◆ P1's player square" in out
    assert "▶ P0: Keep this hand:" not in out  # a hand stays secret
    assert "⚔ BATTLE" in out


def test_replay_from_a_players_side(runner, played):
    out = H.replay_out(runner, played["first"][0], "--upto", 30, "--player", 0)
    assert "Your hand" in out and "Your dynamis" in out and "Action 30/30" in out
    assert "Stopped after action 30 of" in out


def test_play_quit_help_info_log_and_ja(runner, tmp_path):
    out = H.help_board_log_info_quit(runner, GAME, tmp_path / "g.json")
    assert "Your dynamis" in out and "Reminders" in out and "Z/X EX · " in out  # card texts (i)
    ja = run(runner, "play", GAME, "--seed", 4, "--lang", "ja", "--save", tmp_path / "j.json", input="1\n1\ni\nq\n")
    assert ja.exit_code == 0
    assert "【" in ja.output and "リブート" in ja.output


# --- simulate, bench ----------------------------------------------------------------------

def test_simulate_with_the_heuristic(runner):
    heuristic = run(runner, "simulate", GAME, "--games", 2, "--agents", "heuristic", "random", "--json")
    assert heuristic.exit_code == 0 and json.loads(heuristic.stdout)["games"] == 2


def test_bench_table(runner):
    table = run(runner, "bench", GAME, "--seconds", 0.05)
    assert table.exit_code == 0 and "Games/s" in table.output


# --- cards, validate, catalog ---------------------------------------------------------------

def test_cards_table_shows_zx_fields(runner):
    """The columns every game's table has: tests/cli/test_game_commands.py."""
    out = run(runner, "cards", GAME).output
    assert "Z/X EX" in out and "Z/X OB" in out and "SHIFT" in out and "EV EX" in out
    assert "Start Card" in out and "Gate Card" in out and "⚡" in out
    # the conditions are game terms: the English word glossed with the Japanese one
    assert "Descent (降臨)" in out and "Awaken (覚醒)" in out and "Idealize (夢装)" in out


def test_cards_filters_and_narrow_terminal(runner):
    cards = list(get_rules(GAME).cards)
    result, ex = H.cards_listed_by_kind(runner, GAME, "Z/X EX", "zx_ex")
    assert f"cost {ex.cost}" in result.output and f"power {ex.power}" in result.output
    white = run(runner, "cards", GAME, "--color", "白")
    assert white.exit_code == 0
    for c in cards:
        assert (c.id in white.output) == (c.color == "white"), c.id
    shift = run(runner, "cards", GAME, "--kind", "シフト", "--lang", "ja", env={"COLUMNS": "80"})
    assert shift.exit_code == 0 and "に重ねる" in shift.output and "onto " not in shift.output  # how it comes out
    bad = run(runner, "cards", GAME, "--color", "purple")
    assert bad.exit_code == 1 and "unknown --color" in one_error_line(bad)


def test_validate_sample_and_broken_decks(runner, tmp_path):
    for name in tcg.list_decks(GAME):
        result = run(runner, "validate", GAME, name)
        assert result.exit_code == 0, result.output
        assert "legal" in result.output and "NOT" not in result.output
    cards = list(get_rules(GAME).cards)
    zx = next(c for c in cards if c.kind == "zx")
    dyn = next(c for c in cards if c.kind == "zx_ex")
    lines = [f'game = "{GAME}"', 'name = "Broken"', "[main]", f'"{zx.id}" = 5', f'"{dyn.id}" = 1', '"NO-SUCH" = 1',
             "[dynamis]", f'"{zx.id}" = 1']
    path = tmp_path / "broken.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert {"ZX-D1", "ZX-D2", "ZX-D4"} <= H.validate_reports(runner, GAME, path)


def test_catalog_zx_and_side_by_side(runner):
    both = run(runner, "catalog", env={"COLUMNS": "300"})
    assert both.exit_code == 0
    for gid in ("shironeko", "turutoru", "kemuri", "zx"):
        assert gid in both.output
    assert "Z/X -Zillions of enemy X-" in both.output and "Kemuri Chuudoku" in both.output


# --- the renderer --------------------------------------------------------------------------

def test_renderer_is_registered_with_card_columns():
    from tcg.ui import card_columns, get_renderer
    from tcg.games.zx.terminal import Renderer
    game = tcg.new_game(GAME, decks(), seed=1)
    assert isinstance(get_renderer(GAME, game), Renderer)
    cols, facts = card_columns(GAME, "en")
    assert [h for h, _, _ in cols][:6] == ["Id", "Kind", "Name", "Colour", "Cost", "Power"]
    zx = next(c for c in get_rules(GAME).cards if c.kind == "zx" and c.ignition)
    line = facts(zx)
    assert line[0] == "Z/X" and f"cost {zx.cost}" in line and f"power {zx.power}" in line and "⚡ ignition" in line


def test_square_names_from_both_sides():
    game = tcg.new_game(GAME, decks(), seed=1)
    r0, r1 = renderer_for(game, 0), renderer_for(game, 1)
    assert [r0.sq_name(q) for q in range(9)] == [
        "far left", "Opponent's player square", "far right", "middle left", "centre", "middle right",
        "your left", "your player square", "your right"]
    assert [r1.sq_name(q) for q in range(9)] == [
        "your right", "your player square", "your left", "middle right", "centre", "middle left",
        "far right", "Opponent's player square", "far left"]
    assert r0.sq(4) == "square 4 (centre)"
    from tcg.ui import get_renderer
    spectator = get_renderer(GAME, game, viewer=None, names={0: "P0", 1: "P1"})
    assert spectator.sq_name(7) == "P0's player square" and spectator.sq_name(1) == "P1's player square"
    assert spectator.sq_name(6) == "P0's left"


def test_board_shows_units_panels_dynamis_and_hand():
    game = find_state(lambda g: g.decision.kind == "main" and g.decision.player == 0
                      and sum(1 for u in g.observe(0)["board"] if u) >= 3 and g.observe(0)["players"][0]["charge"])
    if game is None:
        pytest.skip("no main phase with Z/X on the board and charge")
    r = renderer_for(game)
    obs = game.observe(0)
    text = render(r.board(obs), width=250)
    me, opp = obs["players"]
    assert f"Turn {obs['turn']} · MAIN PHASE · Your turn" in text
    assert "Decision: You — main phase: place Z/X" in text
    for u in obs["board"]:
        if u:
            assert u["name"] in text and u["name_en"][:20] in text
            assert f"Power {u['power_now']}/{u['power']}" in text
    for pv in (me, opp):
        assert f"Life {pv['life']}  Hand {pv['hand_count']}  Deck {pv['deck']}" in text
        assert f"Charge ({len(pv['charge'])})" in text and f"Trash {len(pv['trash'])}" in text
        awake = sum(1 for x in pv["resources"] if not x["asleep"])
        assert f"Resources  ready (リブート) {awake}/{len(pv['resources'])}" in text
    for c in me["charge"]:
        assert c["name_en"] in text
    assert f"Your dynamis, face down ({sum(1 for c in me['dynamis'] if not c['face_up'])})" in text
    assert f"Your hand ({len(me['hand'])})" in text
    for h in me["hand"]:
        assert h["name"] in text
    # the opponent's hand stays hidden
    visible = set(re.findall(r"'name': '([^']*)'", repr(obs)))
    for iid in game.state.players[1].hand:
        name = game.state.cards[iid].name
        if name not in visible:
            assert name not in text


def test_battle_board_and_options():
    from tcg.ui.terminal import _options
    game = find_state(lambda g: g.decision.kind == "battle" and g.decision.player == 0
                      and g.observe(0)["battle"]["target"] >= 0)
    if game is None:
        pytest.skip("no battle against a Z/X with a decision for player 0")
    r = renderer_for(game)
    obs = game.observe(0)
    text = render(r.board(obs), width=250)
    assert "⚔ BATTLE" in text and "⚔ ATTACKING" in text and "◎ ATTACKED" in text
    assert re.search(r"If nothing changes: \d+ vs \d+", text)
    assert "Battle events: You to act" in text
    assert re.search(r"Decision: You — battle: play a battle event or an EV EX, or pass", text)
    labels = [r.action_label(game, a, 0) for a in _options(r, game)]
    assert labels[-1].startswith("Pass")
    for lab in labels[:-1]:
        assert lab.startswith(("Battle event ", "EV EX "))


def test_life_pick_attack_and_place_labels():
    from tcg.ui.terminal import _options
    game = find_state(lambda g: g.decision.kind == "life_pick" and g.decision.player == 0)
    if game is not None:
        r = renderer_for(game)
        n = game.observe(0)["players"][1]["life"]
        labels = [r.action_label(game, a, 0) for a in _options(r, game)]
        assert labels == [f"Hit Opponent's life card #{k} (face down) of {n}" for k in range(1, n + 1)]
        assert "choose one of Opponent's" in r.decision_text(game.observe(0))
    game = find_state(lambda g: g.decision.kind == "main" and g.decision.player == 0
                      and any(a.type == "attack" for a in g.legal_actions())
                      and any(a.type == "place" for a in g.legal_actions()))
    if game is None:
        pytest.skip("no main phase with attacks and placements")
    r = renderer_for(game)
    obs = game.observe(0)
    for a in _options(r, game):
        label = r.action_label(game, a, 0)
        if a.type == "attack" and a.target < 0:
            assert label.endswith(f"→ Opponent (life {obs['players'][1]['life']})"), label
        elif a.type == "attack":
            assert re.search(r": \d+ vs \d+( \(damage \d+ already\))? → ", label), label
        elif a.type == "place":
            assert re.match(r"Place .+ on square \d \(" + SQUARE_WORDS + r"\) · (free|pay \d+ of \d+ ready)", label)
    # copies of one card are offered once per square
    legal = game.legal_actions()
    offered = _options(r, game)
    ids = [(a.type, game.state.cards[a.card].id, a.square) for a in offered if a.type == "place"]
    assert len(ids) == len(set(ids)) <= len([a for a in legal if a.type == "place"])


def test_revealed_cards_are_shown():
    game = find_state(lambda g: g.decision.kind in ("overdrive", "life_card") and g.decision.player == 0)
    if game is None:
        pytest.skip("no revealed ignition card for player 0")
    r = renderer_for(game)
    obs = game.observe(0)
    card = obs["players"][0]["revealed"]
    text = render(r.board(obs), width=250)
    assert "Revealed " in text and card["name"] in text
    assert card["name"] in r.decision_text(obs) and "ignition icon" in r.decision_text(obs)
    from tcg.ui.terminal import _options
    labels = [r.action_label(game, a, 0) for a in _options(r, game)]
    assert labels[-1].startswith(f"Decline: {r.label(card)} → ")


def test_start_card_and_hand_stay_secret():
    from tcg.ui.terminal import action_text
    # ZX-S2: player 0's choice is secret while player 1 chooses (not even that a card was
    # chosen); once both chose, it lies face down on square 7 until the set-up ends
    game = tcg.new_game(GAME, decks(), seed=1)
    assert game.decision.kind == "start_card" and game.decision.player == 0
    start = next(a for a in game.legal_actions() if a.type == "start_card")
    game.apply(start)
    advance(game, lambda p: _Pick(-1), lambda g: g.decision.player == 1)
    name = game.state.cards[start.card].name
    text = render(renderer_for(game, 1).board(game.observe(1)))
    assert "Opponent's start card" not in text
    assert name not in text
    advance(game, lambda p: _Pick(-1), lambda g: g.decision.kind == "mulligan")
    text = render(renderer_for(game, 1).board(game.observe(1)))
    assert "Opponent's start card" in text and "face down until set-up ends" in text
    assert name not in text
    assert name in render(renderer_for(game, 0).board(game.observe(0)))
    game = find_state(lambda g: g.decision.kind == "start_card" and g.decision.player == 1
                      and any(a.type == "start_card" for a in g.legal_actions()))
    if game is None:
        pytest.skip("no start card choice for player 1")
    pick = next(a for a in game.legal_actions() if a.type == "start_card")
    assert action_text(game, pick, 1, 0, "en") == "Chose a start card or none (secret until both have chosen)"
    no = next(a for a in game.legal_actions() if a.type == "no_start_card")
    assert action_text(game, no, 1, 0, "en") == action_text(game, pick, 1, 0, "en")   # which, secret
    assert "face down on your player square" in action_text(game, pick, 1, 1, "en")
    game = find_state(lambda g: g.decision.kind == "mulligan" and g.decision.player == 1)
    keep = next(a for a in game.legal_actions() if a.type == "keep")
    assert action_text(game, keep, 1, 0, "en") == "Keep the hand"
    assert action_text(game, keep, 1, 1, "en").startswith("Keep this hand: ")


def test_every_event_of_a_game_has_a_text():
    """Every event reads as a sentence that names its cards, as each player and a spectator see it."""
    from tcg.agents import make_agent
    from tcg.ui import get_renderer, label_players
    for seed in (5, 6, 7):
        game = tcg.new_game(GAME, decks(), seed=seed)
        bots = [make_agent("random", seed=1), make_agent("heuristic", seed=2)]
        views = {0: get_renderer(GAME, game, viewer=0, names=label_players(0)),
                 None: get_renderer(GAME, game, viewer=None, names={0: "P0", 1: "P1"})}
        for ev, text in H.played_event_texts(game, bots, views):
            assert text, ev
            assert not re.search(r"\w=\S", text), (ev, text)  # not the generic "type key=value"
            if ev["type"] not in ("draw", "mill", "add_life", "alter_force"):
                assert "a card" not in text or ev["type"] in ("event", "ev_ex", "activate"), (ev, text)


def test_event_summaries_and_step_lines():
    from tcg.engine.action import Action
    game = tcg.new_game(GAME, decks(), seed=3)
    r = renderer_for(game)
    zx = next(c for c in get_rules(GAME).cards if c.kind == "zx")
    # destroyed: the Z/X going to the charge and leaving the board make one line
    lines = r.event_lines([
        {"type": "to_charge", "player": 1, "card": 900, "id": zx.id},
        {"type": "leave_board", "player": 1, "square": 4, "card": 900, "id": zx.id, "why": "destroyed",
         "force": [901], "shift": -1}])
    assert lines == [(f"Opponent's {zx.name_en} ({zx.name}) on square 4 (centre) was destroyed → Opponent's charge "
                      "(1 force → trash)")]
    # life damage and where the card goes
    lines = r.event_lines([{"type": "life_damage", "player": 0, "card": 902, "id": zx.id, "icon": False, "life": 2},
                           {"type": "to_charge", "player": 0, "card": 902, "id": zx.id}])
    assert lines == [f"Your life card {zx.name_en} ({zx.name}) was hit (no icon) · 2 life left → your charge"]
    assert r.event_text({"type": "refresh", "player": 1, "cards": 20}).startswith(
        "Opponent's deck ran out: the trash (20 cards) is shuffled into a new deck, 1 life card → charge")
    # the step of a placement leaves out the payment and the placement the action line states
    ev = [{"type": "pay", "player": 0, "resources": [1, 2]},
          {"type": "place", "player": 0, "card": 903, "id": zx.id, "square": 4, "why": "place"},
          {"type": "draw", "player": 0}]
    assert r.step_lines(0, Action("place", card=903, square=4), ev) == ["You drew a card"]
    assert len(r.step_lines(0, None, ev)) == 2  # the set-up keeps every event (payment and placement as one)


def test_pay_decision_reads_in_english_and_japanese():
    """ZX-C2: the pay decision and its options are labelled (en/ja); the suggested payment's colours
    (they depend on the payer's hand) are not shown to the other player."""
    from tcg.ui import get_renderer, label_players
    from tcg.ui.terminal import action_text
    game = find_state(lambda g: g.decision.kind == "pay")
    if game is None:
        pytest.skip("no pay decision")
    p = game.decision.player
    obs = game.observe(p)
    r = renderer_for(game, p)
    assert "pay for" in r.decision_text(obs) and "suggested payment" in r.decision_text(obs)
    assert "Decision:" in render(r.board(obs))
    pays = [a for a in game.legal_actions() if a.type == "pay"]
    sugg = next(a for a in game.legal_actions() if a.type == "pay_suggested")
    assert pays
    for a in pays:
        assert action_text(game, a, p, p, "en").startswith(f"Pay with a {a.color} resource")
        assert game.describe(a, "en") == f"Pay with a {a.color} resource"
        ja = get_renderer(GAME, game, "ja", viewer=p, names=label_players(p))
        assert "のリソース" in ja.action_label(game, a, p) and "のリソースで支払う" in game.describe(a, "ja")
    mine = action_text(game, sugg, p, p, "en")
    assert mine.startswith("Pay the rest as suggested: ") and "keeps the most other cards" in mine
    assert game.describe(sugg, "ja").startswith("残りをおすすめの支払いで支払う: ")
    assert action_text(game, sugg, p, 1 - p, "en") == "Pay the rest as suggested"
    game.apply(sugg)
    lines = renderer_for(game, p).event_lines(game.log.for_player(p)[-4:])
    assert any("paid" in line for line in lines)


def test_an_attack_on_a_player_names_who_is_attacked_from_the_viewers_side():
    """The opponent attacking the human reads "→ You (life 3)" / "あなたを攻撃", the human's own
    attack "→ Opponent" / "相手を攻撃" (it read "the player" / "相手プレイヤー" both ways)."""
    from tcg.ui.terminal import action_text
    game = H.find_state("zx", lambda g: g.decision.kind == "main" and g.decision.player == 1
                        and any(a.type == "attack" and a.target < 0 for a in g.legal_actions()))
    if game is None:
        pytest.skip("no attack on a player")
    attack = next(a for a in game.legal_actions() if a.type == "attack" and a.target < 0)
    life = game.observe(0)["players"][0]["life"]
    assert action_text(game, attack, 1, 0, "en").endswith(f"→ You (life {life})")
    assert f"あなたを攻撃（ライフ{life}）" in action_text(game, attack, 1, 0, "ja")
    assert action_text(game, attack, 1, 1, "en").endswith(f"→ Opponent (life {life})")
    assert "相手を攻撃" in action_text(game, attack, 1, 1, "ja")
