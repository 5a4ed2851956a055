"""The ``tcg`` command and the terminal front end for けむりちゅーどく (tcg.games.kemuri.terminal).

Like tests/cli/test_turutoru_cli.py: commands run in-process through typer's CliRunner with
the shipped card set and sample decks (helpers in tests/cli/helpers.py)."""
from __future__ import annotations

import functools
import json
import re

import pytest
from typer.testing import CliRunner

import tcg
from tcg.engine.action import Action
from tcg.games import get_rules

from . import helpers as H
from .helpers import WIDE, advance, event_types, one_error_line, run  # noqa: F401

decks = functools.partial(H.decks, "kemuri")
render = functools.partial(H.render, width=160)
find_state = functools.partial(H.find_state, "kemuri")
renderer_for = functools.partial(H.renderer_for, "kemuri")

GAME = "kemuri"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Finished games played through `tcg play kemuri`: always the first option ("1": the human
    places, crosses, serves and closes when it can) and always the last one ("$": the human
    passes everything; the computer closes)."""
    out = {}
    folder = tmp_path_factory.mktemp("km_games")
    runner = CliRunner()
    for key, answers, seed in (("first", "1\n", 3), ("last", "$\n", 4), ("first2", "1\n", 6)):
        path = folder / f"{key}.json"
        result = run(runner, "play", GAME, "--seed", seed, "--save", path, input=answers * 20000)
        out[key] = (path, result)
    yield out


# --- play ------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["first", "last", "first2"])
def test_play_to_the_end_by_piped_input(played, key):
    out, record = H.played_to_the_end(*played[key], GAME)
    assert record["result"]["reason"] == "close"  # Kemuri games end only by a close (or a concession)
    # the board: turn, phase, whose turn, both players' seats against the close, leader, zones, hand
    assert "Before the first turn · SET-UP" in out
    assert re.search(r"Turn \d+ · (OPERATION PHASE|SERVING PHASE \(お給仕\)|CHARCOAL CHANGE PHASE \(炭替え\)) · Your turn",
                     out)
    assert re.search(r"You  Seats \d+/16  (To close \d+|Close ★)", out)
    assert re.search(r"Opponent  Seats \d+/16  (To close \d+|Close ★)", out)
    assert re.search(r" · Leader · (ACTIVE|locked) · charm \(おまじない\) (used|unused: )", out)
    assert re.search(r"Refreshes \d+.* │ Deck \d+ │ Hand \d+ │ Seating zone \d+.* │ Backyard \d+", out)
    assert "Seating zone " in out and "Your hand (" in out
    assert "Decision: You — mulligan (once, optional)" in out
    # the computer's mulligan marks stay secret
    assert "▶ Opponent: Mark " not in out and "▶ Opponent: Unmark " not in out


def test_always_first_option_plays_the_game(played):
    path, result = played["first"]
    out = result.output
    types = event_types(path)
    # the human placed, served and saw the customers come in
    assert re.search(r"▶ You: Place .+ \(Lv\d (早番|遅番) CP \d+ ×\d+.*\) · cost \d", out)
    assert re.search(r"▶ You: Serve with .+ \((早番|遅番)( cross)? CP \d+\) → ", out)
    assert re.search(r"(You|Opponent) called in .+ \(Lv\d\) → seat, seats \d+", out)
    assert re.search(r"Your floor · max 3 \(\d\)", out) and re.search(r" · Cast · (早番 early|遅番 late) · CP \d+", out)
    assert re.search(r"Call-in ×\d+ · (ready to serve|✓ served|▶ SERVING)", out)
    H.check_event_lines(out, types, {
        "cp_contest": r"CP \d+ vs \d+(\+\d+ help)? → (server wins|receiver wins|tie, the server wins): ",
        "ikeike": r"イケイケ! .+ has no one to receive: call-in \d+",
        "refresh": r"deck ran out: the backyard \(\d+ cards\) is shuffled into a new deck, a refresh \(リフレッシュ\) → ",
        "cross": r"Flavour cross: .+ on top, then .+ → CP \d+(\+\d+)+ = \d+"})
    winner = json.loads(path.read_text(encoding="utf-8"))["result"]["winner"]
    if winner == 0:
        assert "★ CLOSE with the leader and WIN" in out and "★ You closed with" in out
        assert re.search(r"Decision: ★ You — \d+ seats ≥ 16: CLOSE with your leader now to WIN", out)


def test_always_last_option_passes_and_the_computer_closes(played):
    path, result = played["last"]
    out = result.output
    assert "Keep this hand (no mulligan)" in out
    assert "▶ You: End the operation phase → serving" in out
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["result"]["winner"] == 1  # the human never closes
    assert "▶ Opponent: ★ CLOSE with the leader and WIN" in out
    assert "You lose." in out


def test_replay_of_a_played_game(runner, played):
    out = H.replay_whole(runner, played["first"][0])
    assert "wins (closed with 16 or more seats)" in out
    assert "Your hand" not in out  # spectator view
    # nobody's mulligan marks are shown to a spectator
    assert not re.search(r"▶ P\d: (Mark|Unmark) ", out)
    assert re.search(r"P0  Seats \d+/16", out) and re.search(r"P1  Seats \d+/16", out)


def test_replay_from_a_players_side(runner, played):
    out = H.replay_out(runner, played["first"][0], "--upto", 25, "--player", 0)
    assert "Your hand" in out and "Action 25/25" in out
    assert not re.search(r"▶ P1: (Mark|Unmark) ", out)
    assert "Stopped after action 25 of" in out


def test_play_quit_help_info_log_and_ja(runner, tmp_path):
    out = H.help_board_log_info_quit(runner, GAME, tmp_path / "g.json")
    assert "leader" in out
    assert "Your hand" in out and "Reminders" in out and " · Lv" in out  # card texts (i)
    ja = run(runner, "play", GAME, "--seed", 4, "--lang", "ja", "--save", tmp_path / "j.json", input="q\n")
    assert ja.exit_code == 0
    assert "この手札で始める（マリガンしない）" in ja.output and "Keep this hand" not in ja.output


# --- cards, validate, catalog ---------------------------------------------------------------

def test_cards_table_shows_kemuri_fields(runner):
    """The columns every game's table has: tests/cli/test_game_commands.py."""
    cards = list(get_rules(GAME).cards)
    out = run(runner, "cards", GAME).output
    cast = next(c for c in cards if c.kind == "cast")
    assert {"early": "早番", "late": "遅番"}[cast.shift] in out and f"×{cast.call_in}" in out
    if any(c.kind == "event" for c in cards):
        assert "Removal" in out
    helper = next((c for c in cards if c.help_shift), None)
    if helper is not None:
        assert f"{ {'early': '早番', 'late': '遅番'}[helper.help_shift]} +{helper.help_cp}" in out


def test_cards_filters_and_narrow_terminal(runner):
    result, cast = H.cards_listed_by_kind(runner, GAME, "cast", "cast")
    assert f"Lv{cast.level}" in result.output and f"cost {cast.cost}" in result.output
    assert f"CP {cast.cp} ×{cast.call_in}" in result.output
    result = run(runner, "cards", GAME, "--kind", "キャスト", "--lang", "ja")
    assert result.exit_code == 0 and cast.id in result.output
    leaders = run(runner, "cards", GAME, "--kind", "leader", env={"COLUMNS": "80"}).output
    assert "charm: " in leaders
    result = run(runner, "cards", GAME, "--color", "red")
    assert result.exit_code == 1
    assert "no colours" in one_error_line(result)


def test_validate_sample_and_broken_decks(runner, tmp_path):
    name = decks()[0]
    result = run(runner, "validate", GAME, name)
    assert result.exit_code == 0, result.output
    assert "legal" in result.output and "NOT" not in result.output
    cards = list(get_rules(GAME).cards)
    cast = next(c for c in cards if c.kind == "cast")
    event = next((c for c in cards if c.kind == "event"), None)
    lines = [f'game = "{GAME}"', 'name = "Broken"', "[main]", f'"{cast.id}" = 5', '"NO-SUCH" = 1']
    if event is not None:
        lines.append(f'"{event.id}" = 2')
    path = tmp_path / "broken.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")  # and no [leader]
    assert {"KM-D2", "KM-D1", "KM-D5"} <= H.validate_reports(runner, GAME, path)


def test_catalog_kemuri_and_side_by_side(runner):
    both = run(runner, "catalog")
    assert both.exit_code == 0
    for gid in ("shironeko", "turutoru", "kemuri"):
        assert gid in both.output
    assert "Kemuri Chuudoku" in both.output
    assert "けむりちゅーどく" in run(runner, "games").output


# --- the renderer --------------------------------------------------------------------------

def test_renderer_is_registered_with_card_columns():
    from tcg.ui import card_columns, get_renderer
    from tcg.games.kemuri.terminal import Renderer
    game = tcg.new_game(GAME, decks(), seed=1)
    assert isinstance(get_renderer(GAME, game), Renderer)
    cols, facts = card_columns(GAME, "en")
    assert [h for h, _, _ in cols][:4] == ["Id", "Kind", "Name", "Lv"]
    cast = next(c for c in get_rules(GAME).cards if c.kind == "cast")
    assert f"CP {cast.cp} ×{cast.call_in}" in facts(cast)


def test_board_shows_seats_leader_floor_and_hand():
    game = find_state(lambda g: g.decision.kind == "operation" and g.decision.player == 0
                      and g.observe(0)["players"][0]["floor"] and g.observe(0)["players"][0]["seating"])
    if game is None:
        pytest.skip("no operation phase with a floor and seats")
    r = renderer_for(game)
    obs = game.observe(0)
    text = render(r.board(obs))
    me = obs["players"][0]
    assert f"Turn {obs['turn']} · OPERATION PHASE · Your turn" in text
    assert f"You  Seats {me['seats']}/16  To close {16 - me['seats']}" in text or \
        f"You  Seats {me['seats']}/16  Close ★" in text
    assert f"Seating zone {len(me['seating'])}: " in text
    assert f"{me['seating'][-1]['name']}" in text  # the last customer seated
    levels = sorted({c["level"] for c in me["seating"]}, reverse=True)
    assert re.search("Customers " + " ".join(rf"Lv{lv}×\d+" for lv in levels), text)
    assert "Your floor · max 3 (" in text
    for c in me["floor"]:
        assert c["name"] in text and f"CP {c['cp_now']}" in text
    assert f"Your hand ({len(me['hand'])})" in text
    assert "Decision: You — operation phase" in text
    # the opponent's hand stays hidden
    opp_hand = game.state.players[1].hand
    visible = set(re.findall(r"'name': '([^']*)'", repr(obs)))
    for iid in opp_hand:
        name = game.state.cards[iid].name
        if name not in visible:
            assert name not in text


def test_serving_board_and_help_options():
    game = find_state(lambda g: g.decision.kind == "help" and g.decision.player == 0)
    if game is None:
        pytest.skip("no serving against player 0")
    r = renderer_for(game)
    obs = game.observe(0)
    text = render(r.board(obs), width=400)
    assert "Serving (お給仕): Opponent's " in text and " → your " in text
    assert "▶ SERVING" in text and "◀ RECEIVING" in text
    assert re.search(r"CP \d+ vs \d+.* wins so far", text)
    assert re.search(r"Decision: You — Opponent's .+ serves your .+: play (早番|遅番) help cards", text)
    from tcg.ui.terminal import _options
    labels = [r.action_label(game, a, 0) for a in _options(r, game)]
    assert labels[-1].startswith("Done helping: ")
    assert re.search(r"→ your .+ (wins|loses → backyard)$", labels[-1])
    for lab in labels[:-1]:
        assert lab.startswith("Help with ") or lab.startswith("Lock the leader for its charm")


def test_close_decision_is_prominent():
    game = find_state(lambda g: g.decision.kind == "close" and g.decision.player == 0, seeds=range(1, 80))
    if game is None:
        pytest.skip("no close decision for player 0")
    r = renderer_for(game)
    from tcg.ui.terminal import _options
    offered = _options(r, game)
    assert offered[0].type == "close"
    assert r.action_label(game, offered[0], 0).startswith("★ CLOSE with the leader and WIN (")
    assert r.action_label(game, offered[1], 0) == "End the turn without closing"
    text = render(r.board(game.observe(0)), width=400)
    assert "★ You — " in text and "CLOSE with your leader now to WIN" in text


def test_swap_pay_cross_and_serve_labels():
    from tcg.games.kemuri.payment import completions
    from tcg.ui.terminal import _options
    # a charcoal change with a swap: the seat first, then the hand cards one at a time
    game = find_state(lambda g: g.decision.kind == "charcoal" and g.decision.player == 0
                      and any(a.type == "swap_out" for a in g.legal_actions()))
    if game is not None:
        r = renderer_for(game)
        offered = _options(r, game)
        outs = [a for a in offered if a.type == "swap_out"]
        assert offered == outs + [Action("end_charcoal")]  # seats, then End
        views = {c["iid"]: c for pv in game.observe(0)["players"] for z in ("hand", "seating")
                 for c in pv.get(z) or []}
        me = game.observe(0)["players"][0]
        for a in outs:
            label = r.action_label(game, a, 0)
            assert re.match(r"Swap out seat .+ \(Lv\d\) · then choose hand cards of total level \d "
                            r"\(seats stay \d+\)$", label), label
            # a seat whose only swaps are for a copy of itself (no change) is not offered
            comps = completions([(c["iid"], c["level"]) for c in me.get("hand") or []], views[a.seat]["level"])
            assert any(not (len(c) == 1 and views[c[0]]["id"] == views[a.seat]["id"]) for c in comps)
        game.apply(outs[0])
        seat = outs[0].seat
        while game.decision.kind == "charcoal_in":
            offered = _options(r, game)
            assert offered and all(a.type == "swap_in" for a in offered)
            if not game.decision.info["picked"] and len(offered) > 1:
                assert all(views[a.card]["id"] != views[seat]["id"] or views[a.card]["level"] != views[seat]["level"]
                           for a in offered)  # the copy that would change nothing is left out
            label = r.action_label(game, offered[0], 0)
            assert re.match(r"Swap in .+ \(Lv\d\) (for seat .+ · \d more levels? to choose|· completes the swap: "
                            r".+ back to your hand, seats stay \d+)$", label), label
            assert "charcoal change (炭替え): hand cards for seat" in render(r.board(game.observe(0)), width=400)
            game.apply(offered[0])
        assert game.decision.kind == "charcoal"
        ev = [e for e in game.log.for_player(0) if e["type"] == "charcoal_change"][-1]
        assert re.match(r"You swapped seat .+ for .+ \(charcoal change; seats unchanged\)$", r.event_text(ev))
        # no take-back: the cards just swapped in are not offered to swap out again
        assert all(a.seat not in ev["in"] for a in game.legal_actions() if a.type == "swap_out")
    # paying a cost
    game = find_state(lambda g: g.decision.kind == "pay" and g.decision.player == 0)
    if game is not None:
        r = renderer_for(game)
        amount = game.decision.info["amount"]
        for a in _options(r, game):
            label = r.action_label(game, a, 0)
            assert re.match(r"Pay with .+ \(Lv\d\) · (\d+ more to pay|paid in full(, \d+ overpaid \(lost\))?) "
                            r"· seats \d+ → \d+$", label), label
            lv = game.state.cards[a.card].level
            if lv < amount:
                assert f"{amount - lv} more to pay" in label
        assert re.search(r"Decision: You — pay \d+( more)? \(", render(r.board(game.observe(0)), width=400))
    # a flavour cross and a serving
    game = find_state(lambda g: g.decision.kind == "operation" and g.decision.player == 0
                      and any(a.type == "cross" for a in g.legal_actions()))
    if game is not None:
        r = renderer_for(game)
        crosses = [a for a in _options(r, game) if a.type == "cross"]
        assert len(crosses) <= len([a for a in game.legal_actions() if a.type == "cross"])
        label = r.action_label(game, crosses[0], 0)
        assert re.match(r"Flavour cross: .+ on top, then .+ → CP \d+(\+\d+)+ = \d+, (早番|遅番) ×\d+", label), label
    game = find_state(lambda g: g.decision.kind == "serve" and g.decision.player == 0
                      and any(a.type == "serve" for a in g.legal_actions()))
    if game is not None:
        r = renderer_for(game)
        for a in _options(r, game):
            label = r.action_label(game, a, 0)
            if a.type == "serve" and a.target >= 0:
                assert re.match(r"Serve with .+ \((早番|遅番)( cross)? CP \d+\) → Opponent's .+ CP \d+\): \d+ vs \d+, ",
                                label), label
            elif a.type == "serve":
                assert "イケイケ, call in " in label


def test_locking_the_leader_comes_after_end_when_the_close_is_on():
    from tcg.ui.terminal import _options
    game = find_state(lambda g: g.decision.kind == "operation" and g.decision.player == 0
                      and g.observe(0)["players"][0]["seats"] >= 16
                      and any(a.type == "leader_draw" for a in g.legal_actions()), seeds=range(1, 80))
    if game is None:
        pytest.skip("no such operation phase")
    r = renderer_for(game)
    offered = _options(r, game)
    types = [a.type for a in offered]
    assert types.index("end_operation") < types.index("leader_draw")
    label = r.action_label(game, offered[types.index("leader_draw")], 0)
    assert "⚠ NO CLOSE this turn" in label


def test_mulligan_finish_is_reached_by_first_or_last_option():
    from tcg.ui.terminal import _options
    for pick in (0, -1):
        game = tcg.new_game(GAME, decks(), seed=5)
        from tcg.agents import make_agent
        bot = make_agent("random", seed=1)
        r = renderer_for(game)
        for _ in range(30):
            if game.decision.kind != "mulligan":
                break
            if game.decision.player != 0:
                from tcg.agents.base import AgentView
                game.apply(bot.act(AgentView(game, game.legal_actions())))
                continue
            game.apply(_options(r, game)[pick])
        assert game.decision.kind != "mulligan" or game.decision.player != 0
        assert game.state.players[0].mulliganed


def test_every_event_of_a_game_has_a_text():
    """Every event reads as a sentence, as the players see it: each step's events right after it."""
    from tcg.agents import make_agent
    from tcg.ui import get_renderer
    for seed in (5, 6, 7):
        game = tcg.new_game(GAME, decks(), seed=seed)
        bots = [make_agent("random", seed=1), make_agent("random", seed=2)]
        views = {0: get_renderer(GAME, game, viewer=0), None: get_renderer(GAME, game, viewer=None)}
        for ev, text in H.played_event_texts(game, bots, views):
            assert text, ev
            assert "unknown card" not in text, (ev, text)
            assert not re.search(r"\w=\S", text), (ev, text)  # not the generic "type key=value" fallback


def test_step_lines_leave_out_the_echo_of_the_action():
    from tcg.engine.action import Action
    game = tcg.new_game(GAME, decks(), seed=3)
    r = renderer_for(game)
    ev = [{"type": "serve", "player": 0, "cast": 1, "receiver": -1},
          {"type": "ikeike", "player": 0, "cast": 1, "call_in": 2}]
    lines = r.step_lines(0, Action("serve", cast=1, target=-1), ev)
    assert len(lines) == 1 and lines[0].startswith("イケイケ! ")
    assert len(r.step_lines(0, None, ev)) == 2  # the set-up and concessions keep every event
    # the generic loop uses the hook, and other games keep working without it
    from tcg.ui.terminal import Step, step_lines
    assert step_lines(r, Step(0, "x", ev, Action("serve", cast=1, target=-1))) == lines
    from tcg.ui import GenericRenderer
    assert len(step_lines(GenericRenderer(), Step(0, "x", ev, None))) == 2
