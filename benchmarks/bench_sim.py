"""Benchmark file: simulation throughput (games/s) of `tcg simulate` with 1 worker and with 2
worker processes, and the scaling ratio, for each game (random agents unless --agents).

    uv run python benchmarks/bench_sim.py                      # every game, 400 games per run
    uv run python benchmarks/bench_sim.py shironeko --games 1000 --workers 1 2 4
    uv run python benchmarks/bench_sim.py zx --backend ray     # the Ray backend (needs the ray extra)

Wall time includes starting the worker processes (spawn) or Ray, as a user of the command sees it.
Games per CPU-second (this process and its finished local workers; Ray workers are not counted)
shows the parallel overhead even when other programs share the CPUs; the load average printed
tells whether they did. The runs also check that every worker count gives the same results."""
from __future__ import annotations

import argparse
import json
import os
import resource
import time

import tcg
from tcg.sim.parallel import run_tasks
from tcg.sim.runner import make_matchup


def _cpu() -> float:
    """CPU seconds of this process and of its finished worker processes."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def measure(game: str, games: int, workers: int, seed: int, agents: list[str], backend: str) -> tuple[float, float, list]:
    """(games per wall-clock second, games per CPU second, results)."""
    decks = tcg.list_decks(game)[:2]
    matchup = make_matchup(game, decks, agents)
    tasks = [(0, i, seed + i) for i in range(games)]
    t, c = time.perf_counter(), _cpu()
    results = run_tasks([matchup], tasks, workers=workers, backend=backend if workers > 1 else "local")
    wall, cpu = time.perf_counter() - t, _cpu() - c
    return games / wall, games / cpu if cpu > 0 else float("nan"), results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games_", nargs="*", metavar="GAME", help="game ids (default: every game)")
    ap.add_argument("--games", type=int, default=400, help="games per run")
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--agents", nargs=2, default=["random", "random"])
    ap.add_argument("--backend", default="local", choices=["local", "ray"],
                    help="backend of the runs with more than one worker")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    ids = args.games_ or tcg.list_games()
    out = []
    for game in ids:
        row: dict = {"game": game, "games": args.games, "cpus": os.cpu_count()}
        base = None
        for w in args.workers:
            rate, per_cpu, results = measure(game, args.games, w, args.seed, args.agents, args.backend)
            if base is None:
                base = results
            elif results != base:
                raise SystemExit(f"{game}: results with {w} workers differ from {args.workers[0]}")
            row[f"games_per_s_w{w}"] = round(rate, 1)
            row[f"games_per_cpu_s_w{w}"] = round(per_cpu, 1)
        first = row[f"games_per_s_w{args.workers[0]}"]
        for w in args.workers[1:]:
            row[f"scaling_w{w}"] = round(row[f"games_per_s_w{w}"] / first, 2)
        out.append(row)
        if not args.json:
            rates = "  ".join(f"W={w}: {row[f'games_per_s_w{w}']:7.1f} games/s" for w in args.workers)
            ratios = "  ".join(f"x{row[f'scaling_w{w}']:.2f} (W={w})" for w in args.workers[1:])
            cpu = "/".join(f"{row[f'games_per_cpu_s_w{w}']:.0f}" for w in args.workers)
            print(f"{game:10s} {args.games} games  {rates}  scaling {ratios}  "
                  f"(games per CPU-second {cpu}; load {os.getloadavg()[0]:.1f})", flush=True)
    if args.json:
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
