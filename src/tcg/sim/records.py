"""Per-game rows and the ``--out`` files: JSON (summary + games) or CSV (one row per game)."""
from __future__ import annotations

import csv
import json
import pathlib
from typing import Any, Sequence

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


def check_out_path(path: str | pathlib.Path) -> pathlib.Path:
    p = pathlib.Path(path)
    if p.suffix.lower() not in (".json", ".csv"):
        raise ValueError(f"--out must end in .json or .csv, got {str(path)!r}")
    if p.is_dir() or not p.absolute().parent.is_dir():
        raise ValueError(f"cannot write {p}: " + ("it is a folder" if p.is_dir() else "no such folder"))
    return p


def write_out(path: str | pathlib.Path, summary: dict[str, Any], rows: Sequence[dict[str, Any]]) -> str:
    """Write ``{"summary", "games"}`` as JSON (``.json``) or the rows as CSV (``.csv``); returns
    the format written."""
    p = check_out_path(path)
    if p.suffix.lower() == ".json":
        p.write_text(json.dumps({"summary": summary, "games": list(rows)}, ensure_ascii=False, indent=1),
                     encoding="utf-8")
        return "json"
    with p.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        for row in rows:
            w.writerow({k: "" if row.get(k) is None else row.get(k) for k in COLUMNS})
    return "csv"
