"""Benchmark file: ISMCTS search speed (iterations per second) in each game, single process.

Positions are taken from heuristic-vs-heuristic games (every ``--every``-th decision with more
than one choice, up to ``--positions`` per game); at each the ISMCTS agent searches with a fixed
iteration budget. Reports iterations/s (mean over positions) and the time one decision takes
with that budget: the mean, 95th percentile and longest time of the decisions it searched (those
left to the heuristic take no search), and the mean CPU time of the process per searched decision
(close to the wall time on an idle machine; on a busy one the wall time grows, the CPU time much
less). Run it on an idle machine:

    uv run python benchmarks/bench_ismcts.py                 # every game
    uv run python benchmarks/bench_ismcts.py zx --iterations 300 --json
    uv run python benchmarks/bench_ismcts.py zx --iterations 400 --option opponent=model
"""
from __future__ import annotations

import argparse
import json
import time

import tcg
from tcg.agents import AgentView, make_agent
from tcg.sim.options import parse_agent_options


def positions(game_id: str, count: int, every: int, seed: int) -> list:
    """Game positions (clones) where the player to move has a real choice."""
    out = []
    decks = tcg.list_decks(game_id)
    g_seed = seed
    while len(out) < count:
        g = tcg.new_game(game_id, [decks[g_seed % len(decks)], decks[(g_seed + 1) % len(decks)]], seed=g_seed)
        agents = [make_agent("heuristic", seed=g_seed), make_agent("heuristic", seed=g_seed + 1)]
        n = 0
        while not g.is_over and len(out) < count:
            view = AgentView(g, g.legal_actions())
            if len(view.choices) > 1:
                n += 1
                if n % every == 0:
                    out.append(g.clone())
            g.apply(agents[view.player].act(view))
        g_seed += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game)")
    ap.add_argument("--iterations", type=int, default=200, help="search budget per decision")
    ap.add_argument("--positions", type=int, default=30, help="positions per game")
    ap.add_argument("--every", type=int, default=7, help="take every N-th real decision")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="ISMCTS option (repeatable), e.g. opponent=model")
    ap.add_argument("--json", action="store_true", help="one JSON line per game")
    args = ap.parse_args()
    try:
        options = parse_agent_options(args.option, ["ismcts"])[0]
    except ValueError as e:
        ap.error(str(e))
    for game_id in args.games or tcg.list_games():
        ps = positions(game_id, args.positions, args.every, args.seed)
        agent = make_agent("ismcts", seed=args.seed, iterations=args.iterations, **options)
        times, cpu, total_iters = [], 0.0, 0
        for g in ps:
            view = AgentView(g, g.legal_actions())
            c = time.process_time()
            t = time.perf_counter()
            agent.act(view)
            if agent.last_iterations:  # searched (not left to the heuristic)
                times.append(time.perf_counter() - t)
                cpu += time.process_time() - c
                total_iters += agent.last_iterations
        if not times:
            print(f"{game_id}: no searched decision among {len(ps)} positions")
            continue
        times.sort()
        row = {"game": game_id, "positions": len(ps), "searched": len(times), "iterations": args.iterations,
               "options": options, "iterations_per_second": round(total_iters / sum(times), 1),
               "seconds_per_decision": round(sum(times) / len(times), 3),
               "seconds_p95": round(times[min(len(times) - 1, int(0.95 * len(times)))], 3),
               "seconds_max": round(times[-1], 3), "cpu_seconds_per_decision": round(cpu / len(times), 3)}
        if args.json:
            print(json.dumps(row))
        else:
            print(f"{game_id:10s} {row['iterations_per_second']:8.1f} iterations/s   per searched decision of "
                  f"{args.iterations} iterations: mean {row['seconds_per_decision']:.3f} s, p95 "
                  f"{row['seconds_p95']:.3f} s, max {row['seconds_max']:.3f} s ({len(times)} of {len(ps)} "
                  f"positions searched; CPU time {row['cpu_seconds_per_decision']:.3f} s a decision)")


if __name__ == "__main__":
    main()
