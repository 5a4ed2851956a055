"""Round robin between decks: every pair plays the same number of games, seats alternated.

Pair k (in the order (0,1), (0,2), ..., (1,2), ...) plays games with seeds
``seed + k*games_per_pair + i``, so every game of a tournament has its own seed and the results
do not depend on the number of workers or the backend."""
from __future__ import annotations

from itertools import combinations
from typing import Any, Callable, Sequence

from .parallel import Interrupted, run_tasks
from .runner import DEFAULT_MAX_DECISIONS, Entrant, GameResult, Matchup
from .stats import rate, summarize


def unique_labels(names: Sequence[str]) -> list[str]:
    """Deck names, with ``#2``, ``#3``... added to repeated ones."""
    seen: dict[str, int] = {}
    out = []
    for n in names:
        seen[n] = seen.get(n, 0) + 1
        out.append(n if seen[n] == 1 else f"{n} #{seen[n]}")
    return out


def pairings(n: int) -> list[tuple[int, int]]:
    return list(combinations(range(n), 2))


def tournament_matchups(game_id: str, decks: Sequence, agent: str = "random",
                        agent_options: dict[str, Any] | None = None,
                        max_decisions: int = DEFAULT_MAX_DECISIONS) -> tuple[list[str], list[Matchup]]:
    """Deck labels and one Matchup per pair of decks (same agent on both sides)."""
    if len(decks) < 2:
        raise ValueError("a tournament needs at least two decks")
    opts = tuple(sorted((agent_options or {}).items()))
    labels = unique_labels([str(getattr(d, "name", d)) for d in decks])
    matchups = [Matchup(game_id, (Entrant(decks[a], agent, opts), Entrant(decks[b], agent, opts)),
                        max_decisions, (labels[a], labels[b]))
                for a, b in pairings(len(decks))]
    return labels, matchups


def run_tournament(game_id: str, decks: Sequence, games_per_pair: int, seed: int = 0,
                   agent: str = "random", agent_options: dict[str, Any] | None = None,
                   workers: int = 1, progress: Callable[[int], None] | None = None,
                   backend: str = "local", address: str | None = None,
                   max_decisions: int = DEFAULT_MAX_DECISIONS) -> tuple[dict[str, Any], list[GameResult], list[Matchup]]:
    """Play the round robin; returns (summary, results sorted by pair and game, matchups). A run
    stopped by Ctrl-C (or SIGTERM/SIGHUP) returns what finished, with ``summary["partial"]``."""
    if games_per_pair < 1:
        raise ValueError(f"--games-per-pair must be at least 1, got {games_per_pair}")
    labels, matchups = tournament_matchups(game_id, decks, agent, agent_options, max_decisions)
    tasks = [(k, i, seed + k * games_per_pair + i) for k in range(len(matchups)) for i in range(games_per_pair)]
    partial = None
    try:
        results = run_tasks(matchups, tasks, workers=workers, progress=progress, backend=backend, address=address)
    except Interrupted as stop:  # Ctrl-C: summarise what finished, marked partial
        results, partial = stop.results, stop.partial()
    summary = summarize_tournament(labels, results, games_per_pair)
    summary = {"game": game_id, "seed": seed, "agent": agent, "agent_options": dict(agent_options or {}),
               "games_per_pair": games_per_pair, **summary}
    if partial is not None:
        summary["partial"] = partial
    return summary, results, matchups


def summarize_tournament(labels: Sequence[str], results: Sequence[GameResult],
                         games_per_pair: int | None = None) -> dict[str, Any]:
    """``matrix[r][c]``: deck r's record against deck c (wins, games, win_rate, ci95, draws;
    None on the diagonal). Standings: every deck's total over all its games, best first."""
    n = len(labels)
    pairs = pairings(n)
    by_pair: dict[int, list[GameResult]] = {}
    for r in results:
        by_pair.setdefault(r.match, []).append(r)
    matrix: list[list[dict[str, Any] | None]] = [[None] * n for _ in range(n)]
    totals = [{"wins": 0, "games": 0, "draws": 0} for _ in range(n)]
    for k, (a, b) in enumerate(pairs):
        games = by_pair.get(k, [])
        draws = sum(1 for r in games if r.winner is None)
        for side, (row, col) in enumerate(((a, b), (b, a))):
            w = sum(1 for r in games if r.winner_side == side)
            matrix[row][col] = {**rate(w, len(games)), "draws": draws}
            totals[row]["wins"] += w
            totals[row]["games"] += len(games)
            totals[row]["draws"] += draws
    standings = []
    for i, t in enumerate(totals):
        standings.append({"deck": labels[i], **rate(t["wins"], t["games"]), "draws": t["draws"],
                          "losses": t["games"] - t["wins"] - t["draws"]})
    standings.sort(key=lambda s: (-(s["win_rate"] or 0), -s["wins"], s["deck"]))
    for place, s in enumerate(standings, 1):
        s["place"] = place
    overall = summarize(results, [{"deck": "first deck of the pair"}, {"deck": "second deck of the pair"}])
    return {"decks": list(labels), "pairs": len(pairs), "games": len(results),
            "matrix": matrix, "standings": standings,
            "draws": overall["draws"], "first_player": overall["first_player"],
            "turns": overall["turns"], "decisions": overall["decisions"],
            "end_reasons": overall["end_reasons"]}
