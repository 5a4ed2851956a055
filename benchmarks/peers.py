"""Benchmark: this engine's random play against RLCard's UNO game, in one process, interleaved.

    uv run --with rlcard python benchmarks/peers.py [--seconds 3] [--rounds 3] [--json out.json]

Each round plays every game for ``--seconds`` and then RLCard's pure-Python UNO game for as long,
so both see the same machine load; the table gives each side's decisions/s (medians over the
rounds) and the ratio (issue 19's target: every game at least 0.6x UNO). Both loops do the same
thing a player does: list the legal actions, pick one at random, apply it (``legal_actions`` and
``apply`` of the public API here; ``get_legal_actions`` and ``step`` there). RLCard is not a
dependency of the project (``--with rlcard`` adds it for this run only).

Decisions/s alone would count a rules change that splits one choice into several cheap ones
(paying one soul at a time) as speed, so the table also gives the time of whole games on fixed
seeds (``--games`` per game: the same seeds, decks and random players every run; the decisions of
each game are part of the fingerprint tests/speed checks).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

from tcg.api import GAMES, list_decks, new_game


def engine_round(game_id: str, seconds: float, seed: int) -> tuple[int, float]:
    names = list_decks(game_id)
    rng = random.Random(seed)
    decisions = 0
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = new_game(game_id, [names[games % len(names)], names[(games // len(names)) % len(names)]],
                     seed=seed * 1000 + games)
        while not g.is_over:
            acts = g.legal_actions()
            g.apply(acts[rng.randrange(len(acts))])
            decisions += 1
        games += 1
    return decisions, time.perf_counter() - t0


def uno_round(seconds: float, seed: int) -> tuple[int, float]:
    import numpy as np
    from rlcard.games.uno.game import UnoGame
    g = UnoGame()
    g.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    decisions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g.init_game()
        while not g.is_over():
            acts = g.get_legal_actions()
            g.step(acts[rng.randrange(len(acts))])
            decisions += 1
    return decisions, time.perf_counter() - t0


def whole_games(game_id: str, games: int) -> dict:
    """Time of ``games`` whole random games on fixed seeds (the same games every run)."""
    names = list_decks(game_id)
    decisions = 0
    t0 = time.perf_counter()
    for i in range(games):
        rng = random.Random(i)
        g = new_game(game_id, [names[i % len(names)], names[(i + 1) % len(names)]], seed=i)
        while not g.is_over:
            acts = g.legal_actions()
            g.apply(acts[rng.randrange(len(acts))])
            decisions += 1
    elapsed = time.perf_counter() - t0
    return {"games": games, "ms_per_game": round(elapsed / games * 1000, 2),
            "decisions_per_game": round(decisions / games, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per game per round (default 3)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds (default 3; medians are reported)")
    ap.add_argument("--games", type=int, default=200, help="whole games on fixed seeds per game (default 200)")
    ap.add_argument("--only", nargs="*", choices=GAMES, help="only these games")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args()
    try:
        import rlcard  # noqa: F401
    except ImportError:
        raise SystemExit("error: RLCard is not installed: run with 'uv run --with rlcard python benchmarks/peers.py'")
    games = args.only or list(GAMES)
    load = os.getloadavg()
    rates: dict[str, list[float]] = {g: [] for g in games}
    uno: list[float] = []
    ratios: dict[str, list[float]] = {g: [] for g in games}
    for r in range(args.rounds):
        for gid in games:
            d, el = engine_round(gid, args.seconds, r)
            rates[gid].append(d / el)
            u, uel = uno_round(args.seconds, r)
            uno.append(u / uel)
            ratios[gid].append((d / el) / (u / uel))
    whole = {gid: whole_games(gid, args.games) for gid in games}
    out = {"load_before": [round(x, 2) for x in load], "load_after": [round(x, 2) for x in os.getloadavg()],
           "seconds": args.seconds, "rounds": args.rounds, "uno_decisions_per_s": round(statistics.median(uno)),
           "games": {gid: {"decisions_per_s": round(statistics.median(rates[gid])),
                           "ratio_to_uno": round(statistics.median(ratios[gid]), 2), **whole[gid]}
                     for gid in games}}
    print(f"load average before {out['load_before']}, after {out['load_after']}")
    print(f"{'game':<10} {'decisions/s':>12} {'UNO /s':>10} {'ratio':>6}   {'whole games':>11} "
          f"{'ms/game':>8} {'decisions/game':>14}")
    for gid in games:
        o = out["games"][gid]
        print(f"{gid:<10} {o['decisions_per_s']:>12,} {out['uno_decisions_per_s']:>10,} "
              f"{o['ratio_to_uno']:>6.2f}   {o['games']:>11} {o['ms_per_game']:>8} {o['decisions_per_game']:>14}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
