"""Benchmark: is the cost of a decision, a copy and an observation the same late in a game as
early on? (issue 19: flat within 1.2x)

    uv run python benchmarks/bench_flat.py [--games 200] [--only zx ...] [--json out.json]

For each game it plays ``--games`` random games on fixed seeds and keeps the longer half (the
long games, where growth would show). Decisions: the time of each ``legal_actions`` + ``apply``
by its position in its game, summed over the first 20% and the last 20% of each game's decisions
(decisions/s of each part, and their ratio: above 1 the end is slower). Copies and views: at the
states 10%, 50% and 90% into each long game, the mean time of ``clone()``, ``observe(player)``
(front ends' fresh dicts) and ``observe(player, shared=True)`` (agents'), each repeated; the
table shows start, middle and end, end/start and end/middle. What a copy or view holds grows
while the board fills (Shironeko's characters: about 2 units at 10%, 5-6 from the middle on,
bounded by the board's places); from the middle to the end the game goes on and only its length
grows, so end/middle is the growth with the game's length.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import time

from tcg.api import GAMES, list_decks, new_game


def _per(fn, repeat: int) -> float:
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - t0) / repeat * 1e6


def _play(game_id: str, i: int, names: list, at: tuple[int, ...] = ()) -> tuple[list[float], list]:
    """Random game ``i`` (fixed seeds): the time of each decision, and copies of the game
    before the decisions numbered in ``at``."""
    rng = random.Random(i)
    g = new_game(game_id, [names[i % len(names)], names[(i + 1) % len(names)]], seed=i)
    times, snaps = [], []
    while not g.is_over:
        if len(times) in at:
            snaps.append(g.clone())
        t0 = time.perf_counter()
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
        times.append(time.perf_counter() - t0)
    return times, snaps


def measure(game_id: str, games: int, repeat: int) -> dict:
    names = list_decks(game_id)
    for i in range(5):  # warm up: first uses of modules and caches are not the game's cost
        _play(game_id, games + i, names)
    played = []
    for i in range(games):
        times, _ = _play(game_id, i, names)
        played.append((len(times), i, times))
    played.sort()
    long_games = []
    for n, i, times in played[len(played) // 2:]:  # the longer half, replayed for two copies
        _, snaps = _play(game_id, i, names, at=(n // 10, n // 2, n * 9 // 10))
        long_games.append((times, snaps))
    first = last = 0.0
    n_first = n_last = 0
    for times, _ in long_games:
        k = max(1, len(times) // 5)
        first += sum(times[:k])
        last += sum(times[-k:])
        n_first += k
        n_last += k
    out = {"long_games": len(long_games),
           "mean_decisions": round(sum(len(t) for t, _ in long_games) / len(long_games), 1),
           "first_20pct_per_s": round(n_first / first), "last_20pct_per_s": round(n_last / last),
           "decision_end_over_start": round((last / n_last) / (first / n_first), 2)}
    for what, fn in (("clone_us", lambda g: g.clone),
                     ("observe_us", lambda g: (lambda: g.observe(g.decision.player))),
                     ("observe_shared_us", lambda g: (lambda: g.observe(g.decision.player, shared=True)))):
        start = mid = end = 0.0
        for _, snaps in long_games:
            start += _per(fn(snaps[0]), repeat)
            mid += _per(fn(snaps[1]), repeat)
            end += _per(fn(snaps[2]), repeat)
        start, mid, end = start / len(long_games), mid / len(long_games), end / len(long_games)
        out[what] = {"start": round(start, 2), "mid": round(mid, 2), "end": round(end, 2),
                     "end_over_start": round(end / start, 2), "end_over_mid": round(end / mid, 2)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="random games per game (default 200)")
    ap.add_argument("--repeat", type=int, default=50, help="repeats of each copy/view timing (default 50)")
    ap.add_argument("--only", nargs="*", choices=GAMES, help="only these games")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args()
    load = os.getloadavg()
    gc.freeze()  # what the benchmark keeps is not the games' garbage
    res = {gid: measure(gid, args.games, args.repeat) for gid in (args.only or GAMES)}
    print(f"load average before {[round(x, 2) for x in load]}, after {[round(x, 2) for x in os.getloadavg()]}")
    print(f"{'game':<10} {'decisions':>9} {'first 20%/s':>11} {'last 20%/s':>10} {'end/start':>9}   "
          + "".join(f"{what + ' µs: 10%→50%→90% (90/10, 90/50)':<42}" for what in ("clone", "observe", "shared")))
    for gid, o in res.items():
        cells = "".join(f"{o[k]['start']:>5.1f}→{o[k]['mid']:.1f}→{o[k]['end']:<5.1f} "
                        f"({o[k]['end_over_start']:.2f}, {o[k]['end_over_mid']:.2f})".ljust(42)
                        for k in ("clone_us", "observe_us", "observe_shared_us"))
        print(f"{gid:<10} {o['mean_decisions']:>9} {o['first_20pct_per_s']:>11,} {o['last_20pct_per_s']:>10,} "
              f"{o['decision_end_over_start']:>9.2f}   {cells}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"load_before": list(load), "games": res}, f, indent=1)


if __name__ == "__main__":
    main()
