"""Terminal output of ``tcg simulate`` and ``tcg tournament``: the progress bar (stderr) and the
summary tables (rich)."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TaskProgressColumn,
                           TextColumn, TimeElapsedColumn, TimeRemainingColumn)
from rich.table import Table
from rich.text import Text


def console(stderr: bool = False) -> Console:
    # markup off: deck names are printed as they are
    return Console(stderr=stderr, highlight=False, markup=False, emoji=False)


class RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:,.1f} games/s", style="progress.data.speed")


@contextmanager
def progress_bar(total: int, label: str, enabled: bool = True) -> Iterator[Callable[[int], None] | None]:
    """A progress bar with rate and ETA on stderr, only when stderr is a terminal and
    ``enabled``; yields the callback ``update(done)`` (or None)."""
    con = console(stderr=True)
    if not enabled or not con.is_terminal:
        yield None
        return
    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(), RateColumn(),
                  TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(), console=con,
                  transient=True) as prog:
        task = prog.add_task(label, total=total)
        yield lambda done: prog.update(task, completed=done)


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.1%}"


def _ci(ci: Any) -> str:
    return "n/a" if not ci else f"{ci[0]:.1%} – {ci[1]:.1%}"


def _num(x: Any) -> str:
    if x is None:
        return "n/a"
    return f"{x:g}" if float(x).is_integer() else f"{x:.1f}"


def length_table(summary: dict[str, Any]) -> Table:
    table = Table(title="Game length")
    table.add_column("Per game", style="bold")
    for col in ("Mean", "Median", "P10", "P90", "Min", "Max"):
        table.add_column(col, justify="right")
    for key in ("turns", "decisions"):
        d = summary[key]
        table.add_row(key.capitalize(), *[_num(d[k]) for k in ("mean", "median", "p10", "p90", "min", "max")])
    return table


def first_player_line(summary: dict[str, Any]) -> str:
    fp = summary["first_player"]
    if not fp["games"]:
        return "First-player win rate: n/a"
    return (f"First-player win rate: {_pct(fp['win_rate'])} (95% CI {_ci(fp['ci95'])}; "
            f"{fp['wins']} of {fp['games']} decisive games)")


def end_reasons_line(summary: dict[str, Any]) -> str:
    return "End reasons: " + ", ".join(f"{k}: {v}" for k, v in summary["end_reasons"].items())


def print_simulation(con: Console, summary: dict[str, Any], footer: str | None = None) -> None:
    table = Table(title=f"{summary['game']}: {summary['games']} games, seed {summary['seed']}, seats alternated")
    table.add_column("Side", style="bold")
    table.add_column("Deck")
    table.add_column("Agent")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("Went first", justify="right")
    for p, s in enumerate(summary["sides"]):
        agent = s["agent"] + "".join(f" {k}={v}" for k, v in s.get("agent_options", {}).items())
        table.add_row(str(p), s["deck"], agent, str(s["wins"]), _pct(s["win_rate"]), _ci(s["ci95"]),
                      str(s["went_first"]))
    con.print(table)
    draws = summary["draws"]
    con.print(f"Draws: {draws}" + (f" ({summary['draw_rate']:.1%})" if draws else ""))
    con.print(first_player_line(summary))
    con.print(f"Mean turns: {_num(summary['turns']['mean'])}   Mean decisions: {_num(summary['decisions']['mean'])}")
    con.print(length_table(summary))
    con.print(end_reasons_line(summary))
    if footer:
        con.print(footer, style="dim")


def print_tournament(con: Console, summary: dict[str, Any], footer: str | None = None) -> None:
    decks = summary["decks"]
    n = len(decks)
    matrix = Table(title=f"{summary['game']}: round robin, {summary['games_per_pair']} games per pair "
                         f"({summary['agent']} agents, seed {summary['seed']}); row deck's win rate against "
                         f"column deck (95% CI)")
    matrix.add_column("Deck", style="bold")
    for j in range(n):
        matrix.add_column(f"vs {j + 1}", justify="center")
    for i, row in enumerate(summary["matrix"]):
        cells = []
        for j, cell in enumerate(row):
            if cell is None:
                cells.append("—")
            else:
                lo, hi = cell["ci95"]
                cells.append(f"{cell['win_rate']:.0%}\n{lo:.0%}–{hi:.0%}")
        matrix.add_row(f"{i + 1}. {decks[i]}", *cells)
    con.print(matrix)
    standings = Table(title="Standings")
    for col, just in (("Place", "right"), ("Deck", "left"), ("Wins", "right"), ("Losses", "right"),
                      ("Draws", "right"), ("Games", "right"), ("Win rate", "right"), ("95% CI", "right")):
        standings.add_column(col, justify=just)  # type: ignore[arg-type]
    for s in summary["standings"]:
        standings.add_row(str(s["place"]), s["deck"], str(s["wins"]), str(s["losses"]), str(s["draws"]),
                          str(s["games"]), _pct(s["win_rate"]), _ci(s["ci95"]))
    con.print(standings)
    con.print(f"Draws: {summary['draws']}")
    con.print(first_player_line(summary))
    con.print(length_table(summary))
    con.print(end_reasons_line(summary))
    if footer:
        con.print(footer, style="dim")
