"""Per-game rows and the ``--out`` files: JSON (summary + games) or CSV (one row per game)."""
from __future__ import annotations

import csv
import json
import pathlib
from typing import IO, Any, Sequence

from ..engine.files import atomic_write  # noqa: F401 - also this module's, for plots and tests
from .runner import GameResult, Matchup

COLUMNS = ["match", "index", "seed", "swapped", "seat0_deck", "seat0_agent", "seat1_deck", "seat1_agent",
           "first_player", "first_deck", "winner", "winner_deck", "winner_agent", "winner_side",
           "reason", "turns", "decisions"]


def game_row(result: GameResult, matchup: Matchup) -> dict[str, Any]:
    """One game as a flat row: seats, who went first and who won (seat, deck, agent, side)."""
    sides = matchup.describe_sides()
    seat = [sides[result.side_of(0)], sides[result.side_of(1)]]

    def deck_of(s: int | None) -> str | None:
        return None if s is None else seat[s]["deck"]

    return {
        "match": result.match, "index": result.index, "seed": result.seed, "swapped": result.swapped,
        "seat0_deck": seat[0]["deck"], "seat0_agent": seat[0]["agent"],
        "seat1_deck": seat[1]["deck"], "seat1_agent": seat[1]["agent"],
        "first_player": result.first_player, "first_deck": deck_of(result.first_player),
        "winner": result.winner, "winner_deck": deck_of(result.winner),
        "winner_agent": None if result.winner is None else seat[result.winner]["agent"],
        "winner_side": result.winner_side,
        "reason": result.reason, "turns": result.turns, "decisions": result.decisions,
    }


def game_rows(results: Sequence[GameResult], matchups: Sequence[Matchup]) -> list[dict[str, Any]]:
    return [game_row(r, matchups[r.match]) for r in results]


def check_writable(path: str | pathlib.Path, option: str, suffixes: Sequence[str]) -> pathlib.Path:
    """Check before any game is played that ``path`` can be written: a known extension, not a
    folder, an existing folder we may create files in (tried), and not a read-only file."""
    import os
    import tempfile
    p = pathlib.Path(path)
    if p.suffix.lower() not in suffixes:
        raise ValueError(f"{option} must end in {' or '.join(suffixes)}, got {str(path)!r}")
    if p.is_dir():
        raise ValueError(f"cannot write {p}: it is a folder")
    folder = p.absolute().parent
    if not folder.is_dir():
        raise ValueError(f"cannot write {p}: no such folder {folder}")
    if p.exists() and not p.is_file():
        raise ValueError(f"cannot write {p}: it is not a regular file")
    if p.exists() and not os.access(p, os.W_OK):
        raise ValueError(f"cannot write {p}: the file is read-only")
    try:
        fd, probe = tempfile.mkstemp(prefix=".tcg-check-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise ValueError(f"cannot write {p}: {e.strerror or e} (folder {folder})") from None
    return p


def check_out_path(path: str | pathlib.Path) -> pathlib.Path:
    return check_writable(path, "--out", (".json", ".csv"))


def partial_note(partial: dict[str, Any]) -> str:
    """"12 of 100 games (stopped by SIGINT)"."""
    return (f"{partial['finished']} of {partial['planned']} games "
            f"(stopped by {partial.get('stopped_by', 'an interruption')})")


def write_out(path: str | pathlib.Path, summary: dict[str, Any], rows: Sequence[dict[str, Any]],
              partial: dict[str, Any] | None = None) -> str:
    """Write ``{"summary", "games"}`` as JSON (``.json``) or the rows as CSV (``.csv``), atomically;
    returns the format written. ``partial`` (a run stopped early: ``finished``, ``planned``,
    ``stopped_by``) adds a ``"partial"`` entry to the JSON, or a last line ``# partial: ...`` to
    the CSV."""
    p = check_out_path(path)
    if p.suffix.lower() == ".json":
        data: dict[str, Any] = {"summary": summary, "games": list(rows)}
        if partial is not None:
            data = {"partial": partial, **data}
        text = json.dumps(data, ensure_ascii=False, indent=1)
        atomic_write(p, lambda f: f.write(text))
        return "json"

    def write_csv(f: IO[Any]) -> None:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        for row in rows:
            w.writerow({k: "" if row.get(k) is None else row.get(k) for k in COLUMNS})
        if partial is not None:
            f.write(f"# partial: {partial_note(partial)}\n")
    atomic_write(p, write_csv)
    return "csv"
