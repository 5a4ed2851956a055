"""What the CLI test files share: running ``tcg`` in-process, one-line errors, rendering a rich
renderable to plain text, and driving a game to a wanted position."""
from __future__ import annotations

import json
import re
import os
import pathlib

from rich.console import Console
from typer.testing import CliRunner

import tcg
from tcg.cli import app

WIDE = {"COLUMNS": "250", "NO_COLOR": "1", "UV_RUN_RECURSION_DEPTH": ""}  # hints say "tcg ...", not "uv run tcg ..."


def run(runner: CliRunner, *args, input=None, env=None):
    """``tcg ARGS`` through typer's CliRunner on a wide, colourless terminal."""
    return runner.invoke(app, [str(a) for a in args], input=input, env={**WIDE, **(env or {})},
                         catch_exceptions=False)


def one_error_line(result) -> str:
    """The single ``error: ...`` line a failing command must print (and no traceback)."""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output
    return lines[0]


def render(renderable, width: int = 160) -> str:
    with open(os.devnull, "w") as sink:
        con = Console(width=width, record=True, file=sink, no_color=True)
        con.print(renderable)
        return con.export_text()


def decks(game_id: str) -> list[str]:
    return tcg.list_decks(game_id)[:2]


def advance(game, agent_for, until, limit: int = 20000) -> None:
    """Apply agents' choices until ``until(game)`` holds (or the game ends)."""
    from tcg.agents.base import AgentView
    n = 0
    while not game.is_over and not until(game):
        view = AgentView(game, game.legal_actions())
        game.apply(agent_for(view.player).act(view))
        n += 1
        assert n < limit


def find_state(game_id: str, until, seeds=range(1, 40)):
    """A game (from the first seed that gets there with random players) where ``until`` holds."""
    from tcg.agents import make_agent
    for seed in seeds:
        game = tcg.new_game(game_id, decks(game_id), seed=seed)
        bots = [make_agent("random", seed=seed), make_agent("random", seed=seed + 100)]
        advance(game, bots.__getitem__, until)
        if not game.is_over:
            return game
    return None


def renderer_for(game_id: str, game, viewer=0):
    from tcg.ui import get_renderer, label_players
    return get_renderer(game_id, game, viewer=viewer, names=label_players(viewer))


def event_types(record_path: pathlib.Path | str, viewer: int = 0) -> set[str]:
    game = tcg.replay(str(record_path))
    return {e["type"] for e in game.log.for_player(viewer)}


def check_event_lines(out: str, types: set[str], lines: dict[str, str]) -> None:
    """For each event type of ``lines`` that the game logged (``types``), the output holds its line
    (``lines[type]``, a pattern)."""
    for kind, pattern in lines.items():
        if kind in types:
            assert re.search(pattern, out), (kind, pattern)


def replay_out(runner: CliRunner, path: pathlib.Path, *more) -> str:
    """The output of ``tcg replay PATH --auto MORE`` (which must succeed)."""
    result = run(runner, "replay", path, "--auto", *more)
    assert result.exit_code == 0, result.output[-2000:]
    return result.output


def replay_whole(runner: CliRunner, path: pathlib.Path) -> str:
    """The output of replaying a saved game to its end, which shows its first steps (a secret
    choice of a player, a mulligan, is not shown to the spectator at all) and its last action."""
    actions = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))["actions"]
    n = len(actions)
    out = replay_out(runner, path)
    shown = [int(k) for k in re.findall(rf"Action (\d+)/{n}\b", out)]
    # the first shown comes soon: within three actions, or one past the secret mulligan marks
    # (Kemuri) that open the game
    marks = next(i for i, a in enumerate(actions) if not a["action"]["type"].startswith("mulligan"))
    assert shown and shown[0] <= max(3, marks + 1) and shown[-1] == n, (marks, shown[:5])
    return out


def validate_reports(runner: CliRunner, game_id: str, path: pathlib.Path, messages: bool = False) -> set[str]:
    """``tcg validate`` of a broken deck file fails and names every problem's rule (and its
    message, where ``messages``); the rules."""
    problems = tcg.validate_deck(game_id, path)
    result = run(runner, "validate", game_id, path)
    assert result.exit_code == 1
    assert f"{len(problems)} problems" in result.output
    for p in problems:
        assert p.rule in result.output
        assert not messages or p.message in result.output
    return {p.rule for p in problems}


def help_board_log_info_quit(runner: CliRunner, game_id: str, save: pathlib.Path) -> str:
    """``tcg play GAME`` answered h, b, log, i, q: the help, the board again, the recent events,
    the card texts, then quitting; the output (the options shown first and again under each of
    the four answers, so that the prompt always has them in view)."""
    result = run(runner, "play", game_id, "--seed", 4, "--save", save, input="h\nb\nlog\ni\nq\n")
    assert result.exit_code == 0
    out = result.output
    assert "concede the game" in out
    assert out.count("Your options:") == 5
    assert "Recent events" in out
    return out


def played_to_the_end(path: pathlib.Path, result, game_id: str, draws: bool = False) -> tuple[str, dict]:
    """A game played through ``tcg play`` to its end and saved at ``path``: it says who won (or
    that it is a draw, where ``draws``), and its record replays to the same result. The output
    and the record."""
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Game over" in out
    assert ("You win!" in out) or ("You lose." in out) or (draws and "Draw" in out)
    record = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    assert record["game"] == game_id and record["result"] is not None
    game = tcg.replay(record)
    assert game.is_over and game.result == record["result"]
    return out, record


def played_event_texts(game, bots, views: dict):
    """Plays ``game`` to the end with ``bots`` (one agent a seat); yields (event, text) for each
    event as each of ``views`` (viewer -> renderer, boards drawn first) reads it, each step's
    events right after it; shuffles are passed over."""
    from tcg.agents.base import AgentView
    for r in views.values():
        r.board(game.observe(r.viewer))
    n = 0
    while not game.is_over:
        mark = len(game.log)
        game.apply(bots[game.decision.player].act(AgentView(game, game.legal_actions())))
        n += 1
        assert n < 20000
        for viewer, r in views.items():
            events = game.log.for_player(viewer, mark) if viewer is not None else game.log.for_spectator(mark)
            for ev in events:
                text = r.event_text(ev)
                if ev["type"] == "shuffle":
                    continue
                yield ev, text


def cards_listed_by_kind(runner: CliRunner, game_id: str, option: str, kind: str):
    """``tcg cards GAME --kind OPTION`` on an 80-column terminal lists the cards of ``kind`` and
    no other; returns its result and the first card of that kind."""
    from tcg.games import get_rules
    cards = list(get_rules(game_id).cards)
    result = run(runner, "cards", game_id, "--kind", option, env={"COLUMNS": "80"})
    assert result.exit_code == 0
    for c in cards:
        assert (c.id in result.output) == (c.kind == kind), c.id
    return result, next(c for c in cards if c.kind == kind)
