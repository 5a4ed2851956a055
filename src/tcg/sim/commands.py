"""What ``tcg simulate`` and ``tcg tournament`` do once their options are parsed: check the
inputs (including that the output files can be written, before any game is played), play the
games (local processes or Ray), summarise, write files (atomically), print.

A run stopped by Ctrl-C, SIGTERM or SIGHUP still summarises and writes the games that
finished, marked partial (``"partial": {"finished", "planned", "stopped_by"}`` in the summary
and the JSON file, a last ``# partial: ...`` line in a CSV file, the chart's title), then raises
``PartialRun`` (the CLI prints its one line and exits with 128 + the signal number)."""
from __future__ import annotations

import json
import os
import signal
import time
from typing import Any, Sequence

from .parallel import BACKENDS, Interrupted, run_tasks
from .records import check_out_path, game_rows, partial_note, write_out
from .report import console, print_simulation, print_tournament, progress_bar
from .runner import make_matchup
from .signals import signals_ignored
from .stats import summarize


class PartialRun(Exception):
    """A run stopped early; what finished was summarised and written. ``message``: one line;
    ``exit_code``: 128 + the signal number."""

    def __init__(self, message: str, exit_code: int):
        super().__init__(message)
        self.message, self.exit_code = message, exit_code


def _stopped(partial: dict[str, Any], out: str | None, plot: str | None) -> PartialRun:
    signum = signal.Signals[partial["stopped_by"]]
    files = [f for f in (out, plot) if f]
    where = f"; wrote them to {' and '.join(files)}" if files else ""
    what = "interrupted" if signum == signal.SIGINT else f"stopped by {signum.name}"
    return PartialRun(f"{what} after {partial['finished']} of {partial['planned']} games{where}",
                      128 + int(signum))


def load_decks(game: str, names: Sequence[str]) -> list:
    """Decks by sample-deck name or file, checked against the deck-construction rules now (so an
    illegal deck fails before any worker starts)."""
    from ..api import IllegalDeckError, load_deck
    from ..games import get_rules
    rules = get_rules(game)
    decks = [load_deck(game, n) for n in names]
    for d in decks:
        problems = rules.validate_deck(d)
        if problems:
            raise IllegalDeckError(d, problems)
    return decks


def default_decks(game: str, count: int = 2) -> list[str]:
    """The first ``count`` sample decks (repeating the first when there are fewer)."""
    from ..api import list_decks
    samples = list_decks(game)
    if not samples:
        raise ValueError(f"{game} has no sample decks yet; pass decks with --decks")
    return [samples[i] if i < len(samples) else samples[0] for i in range(count)]


def check_agents(agents: Sequence[str], options: Sequence[dict[str, Any]]) -> None:
    from ..agents import make_agent
    from .options import agent_parameters
    for a, o in zip(agents, options):
        make_agent(a, **o)  # unknown names or option values fail now, not in a worker
    timed = sorted({a for a, o in zip(agents, options)
                    if "iterations" in agent_parameters(a) and o.get("iterations") is None})
    if timed:
        console(stderr=True).print(
            f"note: {', '.join(timed)} searches for a time budget per decision, so results depend on "
            f"the machine's load; for reproducible runs pass --agent-option iterations=N", style="dim")


def check_run(workers: int | None, backend: str, address: str | None) -> int:
    """Check the run options; returns the number of workers (default: 1, or every CPU for Ray)."""
    if workers is None:
        workers = (os.cpu_count() or 1) if backend == "ray" else 1
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown --backend {backend!r}; available: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ValueError("--address is only used with --backend ray")
    if backend == "ray":
        from .ray_backend import import_ray
        import_ray()  # a clear error now if Ray is not installed
    return workers


def _check_files(out: str | None, plot: str | None) -> None:
    if out is not None:
        check_out_path(out)
    if plot is not None:
        from .plots import check_plot_path
        check_plot_path(plot)


def _footer(games: int, elapsed: float, workers: int, backend: str) -> str:
    rate = games / elapsed if elapsed > 0 else float("inf")
    return (f"{games} games in {elapsed:.1f} s ({rate:,.1f} games/s) with {workers} "
            f"worker{'s' if workers != 1 else ''} ({backend})")


def simulate_command(game: str, games: int, seed: int = 0, decks: Sequence[str] | None = None,
                     agents: Sequence[str] = ("random", "random"), agent_options: Sequence[str] = (),
                     workers: int | None = 1, as_json: bool = False, out: str | None = None, plot: str | None = None,
                     backend: str = "local", address: str | None = None) -> dict[str, Any]:
    """``tcg simulate``: returns the summary it printed."""
    from .options import parse_agent_options
    if games < 1:
        raise ValueError(f"--games must be at least 1, got {games}")
    workers = check_run(workers, backend, address)
    names = list(decks) if decks else default_decks(game, 2)
    deck_objs = load_decks(game, names)
    opts = parse_agent_options(agent_options, agents)
    check_agents(agents, opts)
    _check_files(out, plot)
    matchup = make_matchup(game, deck_objs, list(agents), opts)
    tasks = [(0, i, seed + i) for i in range(games)]
    t0 = time.perf_counter()
    stop: Interrupted | None = None
    try:
        with progress_bar(games, "simulating", enabled=not as_json) as update:
            results = run_tasks([matchup], tasks, workers=workers, progress=update, backend=backend,
                                address=address)
    except Interrupted as e:
        stop, results = e, e.results
    elapsed = time.perf_counter() - t0
    sides = matchup.describe_sides()
    summary = {"game": game, "seed": seed, "decks": [s["deck"] for s in sides],
               "agents": [s["agent"] for s in sides], **summarize(results, sides)}
    if stop is not None:
        summary["partial"] = stop.partial()
    rows = game_rows(results, [matchup])
    written = _write(out, plot, summary, rows, tournament=False)
    _print(summary, as_json, written, lambda con: print_simulation(
        con, summary, _footer(len(results), elapsed, workers, backend)))
    if stop is not None:
        raise _stopped(summary["partial"], out, plot)
    return summary


def tournament_command(game: str, decks: Sequence[str] | None = None, games_per_pair: int = 20, seed: int = 0,
                       agent: str = "random", agent_options: Sequence[str] = (), workers: int | None = 1,
                       as_json: bool = False, out: str | None = None, plot: str | None = None,
                       backend: str = "local", address: str | None = None) -> dict[str, Any]:
    """``tcg tournament``: round robin between decks; returns the summary it printed."""
    from .options import parse_agent_options
    from .tournament import run_tournament
    if games_per_pair < 1:
        raise ValueError(f"--games-per-pair must be at least 1, got {games_per_pair}")
    workers = check_run(workers, backend, address)
    if decks:
        names = list(decks)
    else:
        from ..api import list_decks
        names = list_decks(game)
    if len(names) < 2:
        raise ValueError(f"a tournament needs at least two decks, got {len(names)}"
                         + ("" if decks else f" ({game} has fewer than two sample decks; pass --decks)"))
    deck_objs = load_decks(game, names)
    opts = parse_agent_options(agent_options, [agent])[0]
    check_agents([agent], [opts])
    _check_files(out, plot)
    pairs = len(names) * (len(names) - 1) // 2
    total = pairs * games_per_pair
    t0 = time.perf_counter()
    with progress_bar(total, "tournament", enabled=not as_json) as update:
        summary, results, matchups = run_tournament(game, deck_objs, games_per_pair, seed, agent, opts, workers,
                                                    update, backend, address)
    elapsed = time.perf_counter() - t0
    rows = game_rows(results, matchups)
    written = _write(out, plot, summary, rows, tournament=True)
    _print(summary, as_json, written, lambda con: print_tournament(
        con, summary, _footer(len(results), elapsed, workers, backend)))
    if summary.get("partial"):
        raise _stopped(summary["partial"], out, plot)
    return summary


def _print(summary: dict[str, Any], as_json: bool, written: list[str], tables) -> None:
    """The summary (JSON or tables, a partial one said so), then the files written; nothing
    if the terminal is gone (the files are written first)."""
    try:
        if as_json:
            print(json.dumps(summary, ensure_ascii=False, indent=2), flush=True)
            return
        con = console()
        tables(con)
        if summary.get("partial"):
            con.print(f"Partial results: {partial_note(summary['partial'])}", style="bold yellow")
        for line in written:
            con.print(line)
    except (OSError, ValueError):
        pass


def _write(out: str | None, plot: str | None, summary: dict[str, Any], rows: list[dict[str, Any]],
           tournament: bool) -> list[str]:
    with signals_ignored():  # a second Ctrl-C must not cut the writing short
        return _write_files(out, plot, summary, rows, tournament)


def _write_files(out: str | None, plot: str | None, summary: dict[str, Any], rows: list[dict[str, Any]],
                 tournament: bool) -> list[str]:
    lines = []
    partial = summary.get("partial")
    if out is not None:
        kind = write_out(out, summary, rows, partial)
        lines.append(f"Wrote {'the summary and ' if kind == 'json' else ''}{len(rows)} game rows"
                     f"{' (partial)' if partial else ''} to {out}")
    if plot is not None:
        from .plots import plot_simulation, plot_tournament
        if tournament:
            plot_tournament(plot, summary)
        else:
            plot_simulation(plot, summary, rows)
        lines.append(f"Wrote the chart{' (partial)' if partial else ''} to {plot}")
    return lines
