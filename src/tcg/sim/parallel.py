"""Run a list of games on several processes (``local`` backend) or as Ray tasks (``ray``).

Worker processes play disjoint sets of games; every game's result depends only on its task
(match, index, seed), and the results are sorted by (match, index), so the output is the same
for any number of workers and any backend. One worker plays in this process."""
from __future__ import annotations

import multiprocessing
import signal
from typing import Callable, Sequence

from .runner import GameResult, Matchup, Task, play_game, play_tasks

BACKENDS = ("local", "ray")

_MATCHUPS: Sequence[Matchup] = ()


def _init_worker(matchups: Sequence[Matchup]) -> None:
    global _MATCHUPS
    _MATCHUPS = matchups
    # Ctrl-C: the parent stops the pool; workers should not each print a traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(chunk: Sequence[Task]) -> list[GameResult]:
    return [play_game(_MATCHUPS[m], i, s, m) for m, i, s in chunk]


def chunks(tasks: Sequence[Task], workers: int, per_worker: int = 8, largest: int = 16) -> list[list[Task]]:
    """Split ``tasks`` into consecutive chunks: about ``per_worker`` chunks per worker (for
    load balance and a smooth progress bar), at most ``largest`` games each."""
    size = max(1, min(largest, len(tasks) // max(1, workers * per_worker)))
    return [list(tasks[k:k + size]) for k in range(0, len(tasks), size)]


def sort_results(results: list[GameResult]) -> list[GameResult]:
    results.sort(key=lambda r: (r.match, r.index))
    return results


def run_tasks(matchups: Sequence[Matchup], tasks: Sequence[Task], workers: int = 1,
              progress: Callable[[int], None] | None = None, backend: str = "local",
              address: str | None = None, start_method: str = "spawn") -> list[GameResult]:
    """Play ``tasks`` ((match, index, seed) triples) of ``matchups`` and return the results
    sorted by (match, index). ``progress(done)`` is called as games finish."""
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; available: {', '.join(BACKENDS)}")
    matchups = list(matchups)
    if backend == "ray":
        from .ray_backend import run_ray
        return sort_results(run_ray(matchups, tasks, workers, progress, address))
    if address is not None:
        raise ValueError("--address is only used with --backend ray")
    workers = min(workers, len(tasks)) or 1
    results: list[GameResult] = []
    if workers == 1:
        for task in tasks:
            results.extend(play_tasks(matchups, [task]))
            if progress:
                progress(len(results))
        return sort_results(results)
    # spawn: workers start clean (no copy of the parent's threads, e.g. the progress bar's)
    ctx = multiprocessing.get_context(start_method)
    with ctx.Pool(workers, initializer=_init_worker, initargs=(matchups,)) as pool:
        for batch in pool.imap_unordered(_play_chunk, chunks(tasks, workers)):
            results.extend(batch)
            if progress:
                progress(len(results))
    return sort_results(results)
