"""The ``tcg`` command and the terminal front end (tcg.cli, tcg.ui).

Commands run in-process through typer's CliRunner; a few checks (start-up time, what
``import tcg.cli`` loads, one-line usage errors of the real script) use a subprocess."""
from __future__ import annotations

import re

import functools
import json
import os
import subprocess
import sys

import pytest

import tcg
from tcg.engine.profile import TEMPLATE
from tcg.games import get_rules

from . import helpers as H
from .helpers import WIDE, advance, event_types, one_error_line, run  # noqa: F401

decks = functools.partial(H.decks, "shironeko")
render = functools.partial(H.render, width=160)
find_state = functools.partial(H.find_state, "shironeko")
renderer_for = functools.partial(H.renderer_for, "shironeko")



# --- fixtures --------------------------------------------------------------------------------

@pytest.fixture
def broken_deck(tmp_path):
    """A deck file with many problems at once (sizes, copies, unknown card, bad section)."""
    first = tcg.load_deck("shironeko", tcg.list_decks("shironeko")[0])
    main = first.counts("main")
    cid = next(iter(main))
    lines = ['game = "shironeko"', 'name = "Broken"', "[main]", f'"{cid}" = 5', '"NO-SUCH-CARD" = 1',
             "[town]"]
    town = first.counts("town")
    tid = next(iter(town))
    lines.append(f'"{tid}" = 2')
    lines.append("[sideboard]")
    path = tmp_path / "broken.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def saved_game(runner, tmp_path):
    """A finished game played through `tcg play` by always choosing the last option."""
    path = tmp_path / "game.json"
    result = run(runner, "play", "shironeko", "--seed", 11, "--save", path, input="$\n" * 5000)
    assert result.exit_code == 0, result.output
    return path, result


# --- help and start-up ----------------------------------------------------------------------

COMMANDS = ["games", "cards", "decks", "validate", "catalog", "play", "simulate", "replay", "bench"]


@pytest.mark.parametrize("command", [None] + COMMANDS)
def test_every_command_has_help(runner, command):
    args = ([command] if command else []) + ["--help"]
    result = run(runner, *args)
    assert result.exit_code == 0
    assert "Usage" in result.output
    if command is None:
        for c in COMMANDS:
            assert c in result.output
    else:
        assert len(result.output.strip().splitlines()) > 5


def test_no_arguments_shows_help(runner):
    result = run(runner)
    assert "Usage" in result.output
    assert "play" in result.output


def test_import_is_light():
    """Start-up stays fast by loading no game (and no plotting or search code) for ``tcg --help``;
    the start-up time itself is measured by ``tcg bench`` (startup_ms), not asserted here."""
    code = ("import sys, tcg.cli; print(sorted(m for m in sys.modules if m.startswith('tcg.games.')"
            " or m.startswith('matplotlib') or m.startswith('ray')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_usage_errors_are_one_line_in_the_real_script():
    out = subprocess.run([sys.executable, "-m", "tcg", "play", "shironeko", "--no-such-option"],
                         capture_output=True, text=True)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "--no-such-option" in lines[0]
    out = subprocess.run([sys.executable, "-m", "tcg", "cards", "no-such-game"], capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr.strip() == "error: unknown game 'no-such-game'; available: " + ", ".join(tcg.list_games())


# --- games, cards, decks, catalog ------------------------------------------------------------

def test_games(runner):
    result = run(runner, "games")
    assert result.exit_code == 0
    assert "shironeko" in result.output
    assert "白猫プロジェクト TCG" in result.output
    assert str(len(tcg.list_decks("shironeko"))) in result.output


def test_cards_table(runner):
    cards = list(get_rules("shironeko").cards)
    result = run(runner, "cards", "shironeko")
    assert result.exit_code == 0
    for c in cards:
        assert c.id in result.output
    c = next((c for c in cards if c.name_en and c.kind == "character"), cards[0])
    assert c.name in result.output and (c.name_en or c.name) in result.output
    assert f"{len(cards)} of {len(cards)} cards" in result.output


def test_cards_filters(runner):
    cards = list(get_rules("shironeko").cards)
    result = run(runner, "cards", "shironeko", "--kind", "monster")
    assert result.exit_code == 0
    for c in cards:
        assert (c.id in result.output) == (c.kind == "monster"), c.id
    red = run(runner, "cards", "shironeko", "--color", "red").output
    for c in cards:
        assert (c.id in red) == (c.color == "red"), c.id
    target = next((c for c in cards if c.name_en), cards[0])
    found = run(runner, "cards", "shironeko", "--search", (target.name_en or target.name).lower()).output
    assert target.id in found
    ja = run(runner, "cards", "shironeko", "--lang", "ja", "--search", target.id).output
    assert target.name in ja and (not target.name_en or target.name_en not in ja)


def test_cards_narrow_terminal_shows_blocks(runner):
    result = run(runner, "cards", "shironeko", "--kind", "monster", env={"COLUMNS": "80"})
    assert result.exit_code == 0
    monster = next(c for c in get_rules("shironeko").cards if c.kind == "monster")
    assert monster.id in result.output and f"cost {monster.cost}" in result.output


def test_cards_bad_options(runner):
    result = run(runner, "cards", "shironeko", "--kind", "spaceship")
    assert result.exit_code == 1
    assert "spaceship" in one_error_line(result)
    result = run(runner, "cards", "shironeko", "--lang", "fr")
    assert result.exit_code == 1
    one_error_line(result)


def test_decks(runner):
    result = run(runner, "decks", "shironeko")
    assert result.exit_code == 0
    for name in tcg.list_decks("shironeko"):
        assert name in result.output
        assert tcg.load_deck("shironeko", name).name.split(" ")[0] in result.output
    assert "legal" in result.output


def test_catalog_one_game(runner):
    result = run(runner, "catalog", "shironeko")
    assert result.exit_code == 0
    for label, value in get_rules("shironeko").profile.rows():
        assert label in result.output
    assert "Shironeko Project TCG" in result.output


def test_catalog_all_games(runner):
    result = run(runner, "catalog")
    assert result.exit_code == 0
    for _, label in TEMPLATE:
        assert label in result.output
    for gid in tcg.list_games():
        assert gid in result.output


# --- validate --------------------------------------------------------------------------------

def test_validate_sample_deck_is_legal(runner):
    name = tcg.list_decks("shironeko")[0]
    result = run(runner, "validate", "shironeko", name)
    assert result.exit_code == 0
    assert "legal" in result.output and "NOT" not in result.output


def test_validate_deck_file_is_legal(runner, tmp_path):
    deck = tcg.load_deck("shironeko", tcg.list_decks("shironeko")[0])
    path = tmp_path / "copy.toml"
    path.write_text(deck.to_toml(), encoding="utf-8")
    result = run(runner, "validate", "shironeko", path)
    assert result.exit_code == 0, result.output
    assert "legal" in result.output


def test_validate_prints_the_code_of_a_legal_deck_and_reads_it_back(runner):
    name = tcg.list_decks("kemuri")[0]
    first = run(runner, "validate", "kemuri", name)
    code = re.search(r"Deck code: (tcg1:\S+)", first.output.replace("\n", "")).group(1)
    assert tcg.load_deck("kemuri", code).sections == {k: v for k, v in tcg.load_deck("kemuri", name).sections.items() if v}
    again = run(runner, "validate", "kemuri", code)
    assert again.exit_code == 0 and "legal" in again.output, again.output
    wrong = run(runner, "validate", "zx", code)
    assert wrong.exit_code == 2 and "deck code is for game 'kemuri', not 'zx'" in wrong.output


def test_validate_lists_every_problem(runner, broken_deck):
    problems = tcg.validate_deck("shironeko", broken_deck)
    assert len(problems) >= 4
    result = run(runner, "validate", "shironeko", broken_deck)
    assert result.exit_code == 1
    assert f"{len(problems)} problems" in result.output
    for p in problems:
        assert p.rule in result.output
        assert p.message in result.output, p.message
        if p.card:
            assert p.card in result.output
    assert "[sideboard]" in result.output  # literal text, not eaten as markup


def test_validate_in_japanese_lists_every_problem_in_japanese(runner, broken_deck):
    """``--lang ja``: the verdict, the table's headers and each problem in Japanese (the
    problems' Japanese text, none of their English messages); the default stays English."""
    problems = tcg.validate_deck("shironeko", broken_deck)
    result = run(runner, "validate", "shironeko", broken_deck, "--lang", "ja")
    assert result.exit_code == 1
    out = result.output
    assert f"構築条件を満たしていません（問題{len(problems)}件）" in out and "NOT legal" not in out
    assert "ルール" in out and "問題" in out and "Problem" not in out
    flat = "".join(out.split())  # a long problem may be folded over lines
    for p in problems:
        assert p.rule in out and "".join(p.text("ja").split()) in flat, p.text("ja")
        assert p.message not in out
    legal = run(runner, "validate", "shironeko", tcg.list_decks("shironeko")[0], "--lang", "ja")
    assert legal.exit_code == 0 and "構築条件を満たしています" in legal.output and "デッキコード：" in legal.output
    bad = run(runner, "validate", "shironeko", broken_deck, "--lang", "fr")
    assert bad.exit_code == 1 and "--lang" in one_error_line(bad)


@pytest.mark.parametrize("content", ["game = ", 'game = "shironeko"\n[main]\n"X" = "three"\n', "\x00\x01"])
def test_validate_malformed_file_exits_2(runner, tmp_path, content):
    path = tmp_path / "bad.toml"
    path.write_text(content, encoding="utf-8")
    result = run(runner, "validate", "shironeko", path)
    assert result.exit_code == 2
    assert str(path) in one_error_line(result)


def test_validate_missing_file_exits_2(runner, tmp_path):
    result = run(runner, "validate", "shironeko", tmp_path / "nothing.toml")
    assert result.exit_code == 2
    one_error_line(result)


def test_validate_unknown_game(runner, broken_deck):
    result = run(runner, "validate", "no-such-game", broken_deck)
    assert result.exit_code == 1
    assert "unknown game" in one_error_line(result)


# --- play ------------------------------------------------------------------------------------

def test_play_quit_saves_a_replayable_record(runner, tmp_path):
    path = tmp_path / "quit.json"
    result = run(runner, "play", "shironeko", "--seed", 4, "--save", path, input="q\n")
    assert result.exit_code == 0, result.output
    assert "seed 4" in result.output
    assert "Your options:" in result.output and "Your hand" in result.output
    assert str(path) in result.output and "tcg replay" in result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seed"] == 4 and record["result"] is None
    game = tcg.replay(record)
    assert not game.is_over
    # both decks default to two different sample decks, you are P0 with the first one
    samples = tcg.list_decks("shironeko")
    assert game.decks[0].name == tcg.load_deck("shironeko", samples[0]).name
    assert game.decks[1].name == tcg.load_deck("shironeko", samples[1]).name


def test_play_to_the_end_by_always_choosing_the_last_option(saved_game):
    path, result = saved_game
    assert "Game over" in result.output
    assert ("You win!" in result.output) or ("You lose." in result.output) or ("Draw" in result.output)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["result"] is not None
    game = tcg.replay(record)
    assert game.is_over and game.result == record["result"]
    assert "Opponent:" in result.output  # the computer's actions are shown


def test_play_invalid_input_asks_again(runner, tmp_path):
    result = run(runner, "play", "shironeko", "--seed", 4, "--save", tmp_path / "g.json",
                 input="abc\n0\n999\n\nq\n")
    assert result.exit_code == 0
    assert result.output.count("Please type a number from 1 to") == 4
    assert result.output.count("Your options:") == 1  # the board is not redrawn for a bad answer


def test_play_help_board_log_info(runner, tmp_path):
    result = run(runner, "play", "shironeko", "--seed", 4, "--save", tmp_path / "g.json",
                 input="h\nb\nlog\ni\nq\n")
    assert result.exit_code == 0
    out = result.output
    assert "concede the game" in out  # help
    # the options again under each answer (help, board, log, info): the prompt always has them in view
    assert out.count("Your options:") == 5
    assert "Recent events" in out and "will go first" in out  # log
    assert " · rune " in out  # card texts (i): "char · red · cost 1 · Lv1 2/2 · rune red"


def test_play_concede_asks_first(runner, tmp_path):
    path = tmp_path / "c.json"
    result = run(runner, "play", "shironeko", "--seed", 4, "--save", path, input="c\nn\nc\ny\n")
    assert result.exit_code == 0
    assert "Concede the game? (y/N)" in result.output
    assert "Not conceded: the game goes on." in result.output
    assert "You lose." in result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["result"]["reason"] == "concede" and record["result"]["winner"] == 1
    replayed = run(runner, "replay", path, "--auto")
    assert replayed.exit_code == 0
    assert "P0 conceded" in replayed.output and "P1 wins" in replayed.output


def test_play_end_of_input_saves_and_fails_cleanly(runner, tmp_path):
    path = tmp_path / "eof.json"
    result = run(runner, "play", "shironeko", "--seed", 4, "--save", path, input="1\n")
    assert result.exit_code == 1
    assert "input ended" in one_error_line(result)
    assert path.is_file() and tcg.replay(str(path)) is not None


def test_play_default_save_path_and_random_seed(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(runner, "play", "shironeko", "--seed", 21, input="q\n")
    assert result.exit_code == 0
    assert (tmp_path / "tcg-shironeko-21.json").is_file()
    result = run(runner, "play", "shironeko", input="q\n")
    assert result.exit_code == 0
    saved = [p for p in tmp_path.glob("tcg-shironeko-*.json") if p.name != "tcg-shironeko-21.json"]
    assert len(saved) == 1
    seed = saved[0].stem.rsplit("-", 1)[1]
    assert f"seed {seed}" in result.output


def test_play_options(runner, tmp_path):
    decks = tcg.list_decks("shironeko")
    path = tmp_path / "s.json"
    result = run(runner, "play", "shironeko", "--seed", 8, "--seat", "1", "--lang", "ja", "--deck", decks[1],
                 "--opponent-deck", decks[0], "--save", path, input="q\n")
    assert result.exit_code == 0
    assert "あなたは P1" in result.output  # --lang ja: the start line too
    game = tcg.replay(str(path))
    assert game.decks[1].name == tcg.load_deck("shironeko", decks[1]).name
    assert "マリガン" in result.output or "ターン終了" in result.output


@pytest.mark.parametrize("args, code, words", [
    (["--seat", "3"], 1, "--seat"),
    (["--lang", "de"], 1, "--lang"),
    (["--deck", "no-such-deck"], 1, "no-such-deck"),
    (["--opponent", "genius"], 1, "genius"),
    (["--seed", "abc"], 2, "--seed"),
])
def test_play_bad_options(runner, args, code, words):
    result = run(runner, "play", "shironeko", *args, input="q\n")
    assert result.exit_code == code
    assert words in one_error_line(result)


def test_play_bad_save_path_fails_before_the_game(runner, tmp_path):
    for bad in (tmp_path, tmp_path / "no" / "such" / "dir.json"):
        result = run(runner, "play", "shironeko", "--seed", 1, "--save", bad, input="q\n")
        assert result.exit_code == 1
        assert "cannot save" in one_error_line(result)
        assert "Your options" not in result.output


def test_play_illegal_deck_is_one_line(runner, broken_deck):
    result = run(runner, "play", "shironeko", "--deck", broken_deck, input="q\n")
    assert result.exit_code == 1
    line = one_error_line(result)
    assert "not legal" in line and "tcg validate" in line


# --- replay ----------------------------------------------------------------------------------

def test_replay_auto(runner, saved_game):
    path, _ = saved_game
    n = len(json.loads(path.read_text(encoding="utf-8"))["actions"])
    result = run(runner, "replay", path, "--auto")
    assert result.exit_code == 0, result.output
    assert f"Action 1/{n}" in result.output and f"Action {n}/{n}" in result.output
    assert "wins" in result.output or "Draw" in result.output
    assert "Your hand" not in result.output  # spectator view


def test_replay_upto_and_player_view(runner, saved_game):
    path, _ = saved_game
    result = run(runner, "replay", path, "--auto", "--upto", 3, "--player", 0)
    assert result.exit_code == 0
    assert "Action 3/3" in result.output and "Action 4/" not in result.output
    assert "Your hand" in result.output
    assert "Stopped after action 3 of" in result.output


def test_replay_interactive_steps(runner, saved_game):
    path, _ = saved_game
    result = run(runner, "replay", path, input="\n\nxyz\n10\nq\n")
    assert result.exit_code == 0
    out = result.output
    # Enter shows the next step the viewer is told of (a player's mulligan marks are secret from
    # a spectator: not shown at all), a number jumps there
    shown = [int(n) for n in re.findall(r"Action (\d+)/", out)]
    assert len(shown) == 4 and shown[0] == 1 and shown[-1] == 10 and shown == sorted(set(shown))
    assert "Action 11/" not in out
    assert "Press Enter" in out


@pytest.mark.parametrize("content", ["not json", "[]", '{"game": "shironeko"}', '{"nothing": 1}'])
def test_replay_bad_files(runner, tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = run(runner, "replay", path, "--auto")
    assert result.exit_code == 1
    one_error_line(result)


def test_replay_missing_file(runner, tmp_path):
    result = run(runner, "replay", tmp_path / "none.json", "--auto")
    assert result.exit_code == 1
    assert "none.json" in one_error_line(result)


def test_replay_tampered_record(runner, saved_game, tmp_path):
    path, _ = saved_game
    record = json.loads(path.read_text(encoding="utf-8"))
    record["actions"][5] = {"player": 0, "action": {"type": "attack", "attacker": 9999}}
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    result = run(runner, "replay", bad, "--auto")
    assert result.exit_code == 1
    assert "#5" in one_error_line(result)


# --- simulate and bench ----------------------------------------------------------------------

def test_simulate_json(runner):
    result = run(runner, "simulate", "shironeko", "--games", 4, "--seed", 3, "--json")
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert summary["games"] == 4
    assert summary["player0_wins"] + summary["player1_wins"] + summary["draws"] == 4
    for key in ("player0_win_rate", "player0_ci95", "first_player_win_rate", "mean_turns",
                "mean_decisions", "end_reasons"):
        assert key in summary
    assert sum(summary["end_reasons"].values()) == 4
    again = json.loads(run(runner, "simulate", "shironeko", "--games", 4, "--seed", 3, "--json").stdout)
    assert again == summary


def test_simulate_table(runner):
    decks = tcg.list_decks("shironeko")
    result = run(runner, "simulate", "shironeko", "--games", 3, "--seed", 1, "--decks", decks[0], decks[-1],
                 "--agents", "random", "random")
    assert result.exit_code == 0
    for word in ("Win rate", "95% CI", "Draws", "First-player win rate", "Mean turns", "End reasons"):
        assert word in result.output


def test_simulate_bad_agent(runner):
    result = run(runner, "simulate", "shironeko", "--games", 1, "--agents", "random", "oracle")
    assert result.exit_code == 1
    assert "oracle" in one_error_line(result)


def test_bench_json(runner):
    result = run(runner, "bench", "shironeko", "--seconds", 0.05, "--json")
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    for key in ("games_per_s", "decisions_per_s", "mean_decisions_per_game", "clone_us",
                "peak_game_memory_kib", "peak_rss_mib", "startup_ms"):
        assert key in out
    assert out["games"] >= 1


def test_bench_table(runner):
    result = run(runner, "bench", "shironeko", "--seconds", 0.05)
    assert result.exit_code == 0
    for word in ("Games/s", "Decisions/s", "clone()", "Peak RSS", "Start-up"):
        assert word in result.output


# --- the front-end pieces --------------------------------------------------------------------

def test_renderer_registry_and_generic_fallback():
    from rich.console import Console

    from tcg.ui import GenericRenderer, get_renderer
    from tcg.games.shironeko.terminal import Renderer
    game = tcg.new_game("shironeko", tcg.list_decks("shironeko")[:2], seed=1)
    assert isinstance(get_renderer("shironeko", game), Renderer)
    generic = get_renderer("some-future-game", game)
    assert type(generic) is GenericRenderer
    con = Console(width=120, record=True, file=open(os.devnull, "w"))
    con.print(generic.board(game.observe(0)))
    assert '"players"' in con.export_text()
    assert generic.event_text({"type": "draw", "player": 1}) == "draw player=1"


def test_board_hides_the_opponents_hand():
    from rich.console import Console

    from tcg.ui import get_renderer
    game = tcg.new_game("shironeko", tcg.list_decks("shironeko")[:2], seed=2)
    for viewer in (0, 1, None):
        con = Console(width=200, record=True, file=open(os.devnull, "w"))
        con.print(get_renderer("shironeko", game, viewer=viewer).board(game.observe(viewer)))
        text = con.export_text()
        assert text.count("Your hand") == (0 if viewer is None else 1)
        obs = game.observe(viewer)
        for pv in obs["players"]:
            assert f"Hand {pv['hand_count']}" in text
            assert f"Deck {pv['deck']}" in text


def test_shironeko_board_speaks_the_players_language():
    """The board takes its words from the game's text table: Japanese with --lang ja, English
    with the Japanese game terms glossed; the decision and the events are the game's own words."""
    from tcg.games.shironeko import text as T
    from tcg.ui import get_renderer
    game = find_state(lambda g: g.state.turn >= 3 and g.decision.kind == "main" and g.decision.player == 0)
    obs = game.observe(0)
    en, ja = (get_renderer("shironeko", game, lang, viewer=0) for lang in ("en", "ja"))
    text_en, text_ja = render(en.board(obs)), render(ja.board(obs))
    assert "main phase (メインフェイズ)" in text_en and "Your hand" in text_en
    for word in ("山札", "手札", "タウンデッキ", "捨て山", "あなたの手札", "メインフェイズ", "選択："):
        assert word in text_ja, word
    assert "Deck " not in text_ja and "Your hand" not in text_ja
    assert en.decision_text(obs) == T.prompt(obs["decision"], 0, "en", game.state.cards, obs=obs)
    events = game.log.for_player(0)
    assert [en.event_text(e) for e in events] == [T.narrate(e, 0, "en", game.state.cards) for e in events]
    assert any(line and line.startswith("あなたが") for line in map(ja.event_text, events))


def test_hidden_choices_of_others_are_not_described():
    from tcg.ui.terminal import action_text
    game = tcg.new_game("shironeko", tcg.list_decks("shironeko")[:2], seed=2)
    mark = next(a for a in game.legal_actions() if a.type == "mulligan_mark")
    actor = game.decision.player
    assert action_text(game, mark, actor, 1 - actor, "en") == "(a hidden choice)"
    assert action_text(game, mark, actor, actor, "en") == game.describe(mark, "en")


def test_every_event_of_a_game_has_a_text():
    from tcg.agents import make_agent
    from tcg.sim.runner import play
    from tcg.ui import get_renderer
    game = tcg.new_game("shironeko", tcg.list_decks("shironeko")[:2], seed=5)
    play(game, [make_agent("random", seed=1), make_agent("random", seed=2)])
    r = get_renderer("shironeko", game, viewer=0)
    for ev in game.log.for_player(0):
        text = r.event_text(ev)
        if ev["type"] not in ("shuffle", "shuffle_in", "stop"):
            assert text, ev
            assert "card #" not in text, (ev, text)


def test_the_commands_printed_after_a_game_copy_as_typed_at_80_columns(runner, tmp_path):
    """Issue 15: the hint after a game is a command that works as typed: printed unwrapped (the
    terminal wraps it), never broken by a newline in the middle, even with a long path."""
    path = tmp_path / ("a-rather-long-folder-name-for-saved-games" * 2) / "my-game.json"
    path.parent.mkdir()
    result = run(runner, "play", "shironeko", "--seed", 4, "--save", path, input="q\n", env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(f"play --resume {path}" in line for line in lines)   # whole on one line
    assert any(f"replay {path}" in line for line in lines)


def test_the_start_line_is_japanese_with_lang_ja(runner, tmp_path):
    result = run(runner, "play", "shironeko", "--seed", 4, "--lang", "ja", "--save", tmp_path / "g.json",
                 input="q\n")
    assert result.exit_code == 0, result.output
    start = next(line for line in result.output.splitlines() if line.startswith("tcg play"))
    assert "シード 4" in start and "ヒューリスティック" in start
    assert "seed" not in start and "heuristic" not in start


def test_replay_of_a_game_with_own_cards(runner, tmp_path):
    """A record of a game played with card files of one's own (the browser's "My cards") replays
    in the terminal with --cards and the same texts; without them, or with other files, one line
    says what is wrong."""
    import random

    from ..card_texts import MY, card_file
    from ..engine.test_card_files import my_deck
    rules = tcg.api.rules_with_cards("shironeko", [MY])
    g = tcg.new_game("shironeko", [my_deck(rules), "red_rush"], seed=5, cards=[MY])
    rng = random.Random(5)


    def mine_in_hand() -> bool:
        return any(c["id"] == "MY-001" for c in g.observe(0)["players"][0]["hand"] or ())
    while not g.is_over and not (len(g.actions) >= 10 and mine_in_hand()):
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    assert mine_in_hand()  # so the last board of P0's replay shows it
    record = tmp_path / "mine.json"
    g.save(str(record))
    mine = tmp_path / "my-cards.toml"
    mine.write_text(MY, encoding="utf-8")
    result = run(runner, "replay", record, "--auto", "--player", 0, "--cards", mine)
    assert result.exit_code == 0, result.output
    n = len(g.actions)
    assert f"Action {n}/{n}" in result.output
    assert "Test Swordsman" in result.output  # the own card, by its name: in the deck list or on the table

    missing = run(runner, "replay", record, "--auto")
    assert missing.exit_code == 1
    assert "--cards" in one_error_line(missing)
    other = tmp_path / "other.toml"
    other.write_text(card_file("Other", MY.split("\n\n", 1)[1].replace("テスト剣士", "別の剣士")), encoding="utf-8")
    wrong = run(runner, "replay", record, "--auto", "--cards", other)
    assert wrong.exit_code == 1
    assert "SHA-256" in one_error_line(wrong)
    unread = run(runner, "replay", record, "--auto", "--cards", tmp_path / "none.toml")
    assert unread.exit_code == 1
    assert "none.toml" in one_error_line(unread)
