"""What ``tcg simulate`` and ``tcg tournament`` do once their options are parsed: check the
inputs, play the games (local processes or Ray), summarise, write files, print."""
from __future__ import annotations

import json
import os
import time
from typing import Any, Sequence

from .parallel import BACKENDS, run_tasks
from .records import check_out_path, game_rows, write_out
from .report import console, print_simulation, print_tournament, progress_bar
from .runner import make_matchup
from .stats import summarize


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
    with progress_bar(games, "simulating", enabled=not as_json) as update:
        results = run_tasks([matchup], tasks, workers=workers, progress=update, backend=backend, address=address)
    elapsed = time.perf_counter() - t0
    sides = matchup.describe_sides()
    summary = {"game": game, "seed": seed, "decks": [s["deck"] for s in sides],
               "agents": [s["agent"] for s in sides], **summarize(results, sides)}
    rows = game_rows(results, [matchup])
    written = _write(out, plot, summary, rows, tournament=False)
    if as_json:
        print(json.dumps(summary, ensure_ascii=False, indent=2))
        return summary
    con = console()
    print_simulation(con, summary, _footer(games, elapsed, workers, backend))
    for line in written:
        con.print(line)
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
    if as_json:
        print(json.dumps(summary, ensure_ascii=False, indent=2))
        return summary
    con = console()
    print_tournament(con, summary, _footer(total, elapsed, workers, backend))
    for line in written:
        con.print(line)
    return summary


def _write(out: str | None, plot: str | None, summary: dict[str, Any], rows: list[dict[str, Any]],
           tournament: bool) -> list[str]:
    lines = []
    if out is not None:
        kind = write_out(out, summary, rows)
        lines.append(f"Wrote {'the summary and ' if kind == 'json' else ''}{len(rows)} game rows to {out}")
    if plot is not None:
        from .plots import plot_simulation, plot_tournament
        if tournament:
            plot_tournament(plot, summary)
        else:
            plot_simulation(plot, summary, rows)
        lines.append(f"Wrote the chart to {plot}")
    return lines
