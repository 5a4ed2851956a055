"""Statistics of a batch of games: Wilson intervals, length distributions and the summary of a
match between two sides (deck + agent), whichever seat each side sat in."""
from __future__ import annotations

import math
from typing import Any, Sequence


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion ``wins / n`` ((0, 1) when ``n`` is 0)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) of already sorted values, linear between ranks
    (the same as numpy's default)."""
    if not sorted_values:
        raise ValueError("percentile of no values")
    pos = (len(sorted_values) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def distribution(values: Sequence[float]) -> dict[str, float | None]:
    """Mean, median, 10th and 90th percentiles, min and max (all None for no values)."""
    if not values:
        return {k: None for k in ("mean", "median", "p10", "p90", "min", "max")}
    s = sorted(values)
    return {"mean": sum(s) / len(s), "median": percentile(s, 50), "p10": percentile(s, 10),
            "p90": percentile(s, 90), "min": s[0], "max": s[-1]}


def rate(wins: int, n: int) -> dict[str, Any]:
    """``{"wins", "games", "win_rate", "ci95"}`` of ``wins`` out of ``n``."""
    return {"wins": wins, "games": n, "win_rate": wins / n if n else None, "ci95": list(wilson(wins, n))}


def summarize(results: Sequence, sides: Sequence[dict[str, Any]] | int | None = None) -> dict[str, Any]:
    """Summary of the games of one match. ``results``: GameResult objects (seat 0 held side 0
    unless ``swapped``); ``sides``: what to report for each side, e.g. ``{"deck": ..., "agent": ...}``.

    Per side: wins, win rate and 95% Wilson interval over all games (draws count as non-wins)
    and how often it went first. First player: the win rate of whoever went first, over the
    decisive games. Also draws, the distributions of turns and decisions per game and the end
    reasons. The flat ``player{p}_*`` keys repeat the per-side numbers (side p = the p-th deck and
    agent given) for older readers."""
    if sides is None or isinstance(sides, int):  # older callers passed the number of players
        sides = [{} for _ in range(sides or 2)]
    sides = list(sides)
    n = len(results)
    out: dict[str, Any] = {"games": n, "sides": []}
    for p, info in enumerate(sides):
        w = sum(1 for r in results if r.winner_side == p)
        first = sum(1 for r in results if r.first_side == p)
        out["sides"].append({**info, **rate(w, n), "went_first": first})
    draws = sum(1 for r in results if r.winner is None)
    out["draws"] = draws
    out["draw_rate"] = draws / n if n else None
    decisive = [r for r in results if r.first_player is not None and r.winner is not None]
    fw = sum(1 for r in decisive if r.winner == r.first_player)
    out["first_player"] = rate(fw, len(decisive))
    out["turns"] = distribution([r.turns for r in results])
    out["decisions"] = distribution([r.decisions for r in results])
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    out["end_reasons"] = dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])))
    # flat keys kept from the first version of the summary
    for p, s in enumerate(out["sides"]):
        out[f"player{p}_wins"] = s["wins"]
        out[f"player{p}_win_rate"] = s["win_rate"] if n else 0.0
        out[f"player{p}_ci95"] = s["ci95"]
    out["first_player_win_rate"] = out["first_player"]["win_rate"]
    out["first_player_ci95"] = out["first_player"]["ci95"] if decisive else None
    out["mean_turns"] = out["turns"]["mean"] or 0
    out["mean_decisions"] = out["decisions"]["mean"] or 0
    return out
