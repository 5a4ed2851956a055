"""Run a list of games on several processes (``local`` backend) or as Ray tasks (``ray``).

Worker processes play disjoint sets of games; every game's result depends only on its task
(match, index, seed), and the results are sorted by (match, index), so the output is the same
for any number of workers and any backend. One worker plays in this process.

Ctrl-C (or SIGTERM/SIGHUP under ``tcg.sim.signals.stop_signals``) stops the run: ``run_tasks``
raises ``Interrupted`` holding the games that finished; worker processes are stopped without
printing anything."""
from __future__ import annotations

import multiprocessing
import signal
from typing import Any, Callable, Sequence

from .runner import (DEFAULT_MAX_DECISIONS, GameResult, Matchup, Task, chunks, make_matchup, play_game,
                     play_tasks)
from .signals import sigint_blocked, signum_of, unblock_sigint

BACKENDS = ("local", "ray")

_MATCHUPS: Sequence[Matchup] = ()


class Interrupted(KeyboardInterrupt):
    """The run was stopped (Ctrl-C, SIGTERM, SIGHUP): ``results`` holds the games that finished
    (sorted), ``planned`` how many there were to play, ``signum`` the signal."""

    def __init__(self, results: list[GameResult], planned: int, signum: int = signal.SIGINT):
        super().__init__(f"stopped after {len(results)} of {planned} games")
        self.results, self.planned, self.signum = sort_results(results), planned, signum

    def partial(self) -> dict:
        """What a summary says of a stopped run: games finished, planned, and the signal."""
        return {"finished": len(self.results), "planned": self.planned,
                "stopped_by": signal.Signals(self.signum).name}


def _init_worker(matchups: Sequence[Matchup]) -> None:
    global _MATCHUPS
    _MATCHUPS = matchups
    # Ctrl-C reaches the whole process group: the parent stops the pool, and workers print
    # nothing: SIGINT was blocked since they started (inherited from the parent, see
    # run_tasks), now it is ignored; SIGTERM from the parent's terminate() ends a worker
    # silently (the default action)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    unblock_sigint()
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


def _play_chunk(chunk: Sequence[Task]) -> list[GameResult]:
    return [play_game(_MATCHUPS[m], i, s, m) for m, i, s in chunk]


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
    results: list[GameResult] = []
    try:
        if backend == "ray":
            from .ray_backend import run_ray
            return sort_results(run_ray(matchups, tasks, workers, progress, address, results))
        if address is not None:
            raise ValueError("--address is only used with --backend ray")
        workers = min(workers, len(tasks)) or 1
        if workers == 1:
            for task in tasks:
                results.extend(play_tasks(matchups, [task]))
                if progress:
                    progress(len(results))
            return sort_results(results)
        # spawn: workers start clean (no copy of the parent's threads, e.g. the progress bar's);
        # SIGINT blocked while they start: they inherit the mask, so a Ctrl-C cannot interrupt
        # their start-up (no traceback from them); this process gets it when the block ends
        ctx = multiprocessing.get_context(start_method)
        if start_method != "fork":  # started with SIGINT unblocked when it starts: start it first
            from multiprocessing import resource_tracker
            resource_tracker.ensure_running()
        pool = None
        try:
            with sigint_blocked():
                pool = ctx.Pool(workers, initializer=_init_worker, initargs=(matchups,))
            for batch in pool.imap_unordered(_play_chunk, chunks(tasks, workers)):
                results.extend(batch)
                if progress:
                    progress(len(results))
        finally:
            if pool is not None:
                pool.terminate()  # also after an exception or a stop: no worker is left behind
        return sort_results(results)
    except KeyboardInterrupt as stop:
        raise Interrupted(list(results), len(tasks), signum_of(stop)) from None


def simulate(game_id: str, decks: Sequence, agent_names: Sequence[str], games: int, seed: int = 0,
             progress: Callable[[int], None] | None = None,
             max_decisions: int = DEFAULT_MAX_DECISIONS, workers: int = 1,
             agent_options: Sequence[dict[str, Any]] | None = None,
             backend: str = "local", address: str | None = None) -> list[GameResult]:
    """Play ``games`` games of ``decks[k]`` + ``agent_names[k]`` (side k) against each other.

    Game i uses seed ``seed + i`` and, when i is odd, swaps the sides' seats. Results are sorted
    by game index and are identical whatever ``workers`` and ``backend``; ``progress(done)`` is
    called as games finish."""
    matchup = make_matchup(game_id, decks, agent_names, agent_options, max_decisions)
    tasks = [(0, i, seed + i) for i in range(games)]
    return run_tasks([matchup], tasks, workers=workers, progress=progress, backend=backend, address=address)
