"""Play games between agents and summarise the results."""
from __future__ import annotations

import math
from dataclasses import dataclass, asdict
from typing import Any, Callable, Sequence

from ..agents.base import Agent, AgentView, make_agent
from ..api import new_game

DEFAULT_MAX_DECISIONS = 20_000


@dataclass
class GameResult:
    seed: int
    winner: int | None
    reason: str
    first_player: int | None
    turns: int
    decisions: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def play(game, agents: Sequence[Agent], max_decisions: int = DEFAULT_MAX_DECISIONS):
    """Run ``game`` to the end with one agent per player. A game that reaches
    ``max_decisions`` without ending is stopped and counted as a draw (reason "decision cap")."""
    n = 0
    while not game.is_over:
        if n >= max_decisions:
            break
        view = AgentView(game, game.legal_actions())
        game.apply(agents[view.player].act(view))
        n += 1
    return n


def play_one(game_id: str, decks: Sequence, agent_names: Sequence[str], seed: int,
             max_decisions: int = DEFAULT_MAX_DECISIONS) -> GameResult:
    game = new_game(game_id, decks, seed=seed)
    agents = [make_agent(name, seed=seed * 2 + i) for i, name in enumerate(agent_names)]
    n = play(game, agents, max_decisions)
    st, rules = game.state, game.rules
    reason = st.end_reason if game.is_over else "decision cap"
    return GameResult(seed, game.winner, reason, rules.first_player(st), rules.turns(st), n)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(results: Sequence[GameResult], players: int = 2) -> dict[str, Any]:
    n = len(results)
    out: dict[str, Any] = {"games": n}
    for p in range(players):
        w = sum(1 for r in results if r.winner == p)
        lo, hi = wilson(w, n)
        out[f"player{p}_wins"] = w
        out[f"player{p}_win_rate"] = w / n if n else 0.0
        out[f"player{p}_ci95"] = [lo, hi]
    draws = sum(1 for r in results if r.winner is None)
    out["draws"] = draws
    firsts = [r for r in results if r.first_player is not None and r.winner is not None]
    fw = sum(1 for r in firsts if r.winner == r.first_player)
    out["first_player_win_rate"] = fw / len(firsts) if firsts else None
    out["first_player_ci95"] = list(wilson(fw, len(firsts))) if firsts else None
    out["mean_turns"] = sum(r.turns for r in results) / n if n else 0
    out["mean_decisions"] = sum(r.decisions for r in results) / n if n else 0
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    out["end_reasons"] = reasons
    return out


def simulate(game_id: str, decks: Sequence, agent_names: Sequence[str], games: int, seed: int = 0,
             progress: Callable[[int], None] | None = None,
             max_decisions: int = DEFAULT_MAX_DECISIONS) -> list[GameResult]:
    """Play ``games`` games; game i uses seed ``seed + i`` so results do not depend on order."""
    results = []
    for i in range(games):
        results.append(play_one(game_id, decks, agent_names, seed + i, max_decisions))
        if progress:
            progress(i + 1)
    return results
