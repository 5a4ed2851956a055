"""Measured strength: agent A against agent B in one game, seats alternated, with 95% Wilson
intervals, and A's time and search iterations per decision. Used for docs/agents.md.

    uv run python benchmarks/strength.py shironeko heuristic random --games 200 --workers 2
    uv run python benchmarks/strength.py zx ismcts heuristic --games 100 --a-option iterations=150

Agents: every ``tcg`` agent, and ``clairvoyant`` (benchmarks/clairvoyant.py: ISMCTS on the real
hidden cards, a ceiling, not a fair player). The summary gives A's wins when it went first and
when it went second.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import time

import clairvoyant  # noqa: F401 - registers the benchmark-only "clairvoyant" agent
import tcg
from tcg.agents import AgentView, make_agent
from tcg.sim.options import parse_agent_options
from tcg.sim.runner import wilson


def play_game(args: tuple) -> dict:
    game_id, i, seed, a_name, b_name, a_opts, b_opts, only = args
    decks = list(only) or tcg.list_decks(game_id)
    deck_pair = [decks[i % len(decks)], decks[(i // len(decks) + 1 + i) % len(decks)]]
    a_seat = i % 2  # seats alternate
    game = tcg.new_game(game_id, deck_pair, seed=seed + i)
    agents = [None, None]
    agents[a_seat] = make_agent(a_name, seed=seed * 31 + i, **a_opts)
    agents[1 - a_seat] = make_agent(b_name, seed=seed * 37 + i, **b_opts)
    a_time = 0.0
    a_decisions = a_iters = 0
    n = 0
    while not game.is_over and n < 20000:
        view = AgentView(game, game.legal_actions())
        if view.player == a_seat and len(view.choices) > 1:
            t = time.perf_counter()
            act = agents[a_seat].act(view)
            a_time += time.perf_counter() - t
            a_decisions += 1
            a_iters += getattr(agents[a_seat], "last_iterations", 0)
        else:
            act = agents[view.player].act(view)
        game.apply(act)
        n += 1
    w = game.winner
    return {"game": i, "a_seat": a_seat, "result": "draw" if w is None else ("a" if w == a_seat else "b"),
            "a_first": game.rules.first_player(game.state) == a_seat, "decisions": n,
            "a_time": a_time, "a_decisions": a_decisions, "a_iterations": a_iters,
            "reason": game.state.end_reason or "cap"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0,
                    help="first game number (probes of later games of the same run; default 0)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--a-option", action="append", default=[])
    ap.add_argument("--b-option", action="append", default=[])
    ap.add_argument("--decks", nargs="+", default=[],
                    help="play only these decks (names or files; default: every sample deck of the game, "
                         "in turn). One deck: every game is that deck against itself")
    args = ap.parse_args()
    try:
        a_opts = parse_agent_options(args.a_option, [args.a])[0]
        b_opts = parse_agent_options(args.b_option, [args.b])[0]
    except ValueError as e:
        ap.error(str(e).replace("--agent-option", "--a-option/--b-option"))
    jobs = [(args.game, i, args.seed, args.a, args.b, a_opts, b_opts, tuple(args.decks))
            for i in range(args.start, args.start + args.games)]
    t0 = time.perf_counter()
    results = []

    def progress(r: dict) -> None:  # one line per finished game on stderr, so long runs can be watched
        results.append(r)
        won = sum(x["result"] == "a" for x in results)
        print(f"[{len(results)}/{len(jobs)}] game {r['game']}: {r['result']} ({r['reason']}, "
              f"{r['a_decisions']} searched decisions) - A {won}/{len(results)}, "
              f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)

    if args.workers > 1:
        with mp.get_context("fork").Pool(args.workers) as pool:
            for r in pool.imap_unordered(play_game, jobs, chunksize=1):
                progress(r)
    else:
        for j in jobs:
            progress(play_game(j))
    results.sort(key=lambda r: r["game"])
    wall = time.perf_counter() - t0
    wins = sum(r["result"] == "a" for r in results)
    draws = sum(r["result"] == "draw" for r in results)
    lo, hi = wilson(wins, len(results))
    first = [r for r in results if r["a_first"]]
    second = [r for r in results if not r["a_first"]]
    dec = sum(r["a_decisions"] for r in results)
    out = {
        "game": args.game, "decks": args.decks or tcg.list_decks(args.game), "a": args.a, "a_options": a_opts, "b": args.b, "b_options": b_opts,
        "games": len(results), "a_wins": wins, "b_wins": len(results) - wins - draws, "draws": draws,
        "a_win_rate": round(wins / len(results), 3), "ci95": [round(lo, 3), round(hi, 3)],
        "a_first": f"{sum(r['result'] == 'a' for r in first)}/{len(first)}",
        "a_second": f"{sum(r['result'] == 'a' for r in second)}/{len(second)}",
        "a_seconds_per_decision": round(sum(r["a_time"] for r in results) / max(dec, 1), 4),
        "a_iterations_per_second": round(sum(r["a_iterations"] for r in results) /
                                         max(sum(r["a_time"] for r in results), 1e-9), 1),
        "mean_decisions": round(sum(r["decisions"] for r in results) / len(results), 1),
        "wall_seconds": round(wall, 1), "workers": args.workers,
        "command": f"uv run python benchmarks/strength.py {args.game} {args.a} {args.b} --games {args.games} "
                   f"--seed {args.seed} --workers {args.workers}"
                   + (f" --start {args.start}" if args.start else "")
                   + (" --decks " + " ".join(args.decks) if args.decks else "")
                   + "".join(f" --a-option {o}" for o in args.a_option)
                   + "".join(f" --b-option {o}" for o in args.b_option),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
