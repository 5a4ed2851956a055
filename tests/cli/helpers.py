"""What the CLI test files share: running ``tcg`` in-process, one-line errors, rendering a rich
renderable to plain text, and driving a game to a wanted position."""
from __future__ import annotations

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
