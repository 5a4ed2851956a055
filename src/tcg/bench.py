"""``tcg bench``: random-vs-random speed of one game in one process."""
from __future__ import annotations

import random
import resource
import subprocess
import sys
import time
import tracemalloc
from typing import Any

from .agents.base import AgentView
from .agents.random_agent import RandomAgent
from .api import list_decks, new_game


def bench(game_id: str, seconds: float = 5.0, seed: int = 0, decks: list | None = None,
          clones: int = 2000, startup: bool = True) -> dict[str, Any]:
    names = decks or list_decks(game_id)
    pick = random.Random(seed)
    # --- play: full games and decisions per second
    games = decisions = 0
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    snapshots = []
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = new_game(game_id, [pick.choice(names), pick.choice(names)], seed=seed + games)
        while not g.is_over:
            view = AgentView(g, g.legal_actions())
            g.apply(agents[view.player].act(view))
            decisions += 1
            if decisions % 97 == 0 and len(snapshots) < 200:
                snapshots.append(g.clone())
        games += 1
    elapsed = time.perf_counter() - t0
    # --- clone time over states taken from real games
    n = 0
    t1 = time.perf_counter()
    while n < clones:
        for s in snapshots:
            s.clone()
        n += len(snapshots) or clones
    clone_us = (time.perf_counter() - t1) / max(n, 1) * 1e6
    # --- peak memory of one game (traced) and of the process
    tracemalloc.start()
    g = new_game(game_id, [names[0], names[-1]], seed=seed)
    while not g.is_over:
        view = AgentView(g, g.legal_actions())
        g.apply(agents[view.player].act(view))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    out: dict[str, Any] = {
        "game": game_id,
        "seconds": round(elapsed, 2),
        "games": games,
        "games_per_s": round(games / elapsed, 1),
        "decisions": decisions,
        "decisions_per_s": round(decisions / elapsed),
        "mean_decisions_per_game": round(decisions / max(games, 1), 1),
        "clone_us": round(clone_us, 1),
        "peak_game_memory_kib": round(peak / 1024),
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    if startup:
        out["startup_ms"] = round(measure_startup() * 1000)
    return out


def measure_startup(runs: int = 3) -> float:
    """Best wall time of ``tcg --help`` in a fresh interpreter."""
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tcg", "--help"], capture_output=True, check=True)
        best = min(best, time.perf_counter() - t)
    return best
