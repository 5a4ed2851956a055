"""Benchmark: this engine's random play against RLCard's UNO game, in one process, interleaved.

    uv run --with rlcard python benchmarks/peers.py [--seconds 3] [--rounds 3] [--json out.json]

Each round gives every game ``--seconds`` of play and RLCard's pure-Python UNO game as long, in
alternating slices of ``--slice`` seconds (engine, UNO, engine, UNO...), so both see the same
machine: on a shared virtual machine the speed of one process drifts by 10-20% from second to
second, and two long blocks one after the other measured that drift as much as the engines.
The table gives each side's decisions/s (medians over the rounds) and the ratio of the two in
each round (its median; issue 19's target: every game at least 0.6x UNO). Both loops do the same
thing a player does: list the legal actions, pick one at random, apply it (``legal_actions`` and
``apply`` of the public API here; ``get_legal_actions`` and ``step`` there). RLCard is not a
dependency of the project (``--with rlcard`` adds it for this run only). The Python running it is
printed first: how it was built moves the speed of both sides, about alike (docs/agents.md,
"Which Python").

Decisions/s alone would count a rules change that splits one choice into several cheap ones
(paying one soul at a time) as speed, so the table also gives the time of whole games on fixed
seeds (``--games`` per game: the same seeds, decks and random players every run; the decisions of
each game are part of the fingerprint tests/speed checks).
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

from counting import write_json
from tcg.api import GAMES, list_decks, new_game


class EngineSide:
    """Random games of one game of this engine, played a slice of time at a time: whole games,
    the next one starting where the last slice stopped (seeds ``seed * 100000 + game``)."""

    def __init__(self, game_id: str, seed: int, decks: list[str] | None = None):
        self.game_id, self.seed = game_id, seed
        self.names = decks or list_decks(game_id)
        self.rng = random.Random(seed)
        self.games = 0

    def play(self, seconds: float) -> tuple[int, float]:
        names, rng = self.names, self.rng
        decisions = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            n = self.games
            g = new_game(self.game_id, [names[n % len(names)], names[(n // len(names)) % len(names)]],
                         seed=self.seed * 100000 + n)
            while not g.is_over:
                acts = g.legal_actions()
                g.apply(acts[rng.randrange(len(acts))])
                decisions += 1
            self.games += 1
        return decisions, time.perf_counter() - t0


class UnoSide:
    """RLCard's UNO game played the same way: list the legal actions, pick one, step."""

    def __init__(self, seed: int):
        import numpy as np
        from rlcard.games.uno.game import UnoGame
        self.g = UnoGame()
        self.g.np_random = np.random.RandomState(seed)
        self.rng = random.Random(seed)

    def play(self, seconds: float) -> tuple[int, float]:
        g, rng = self.g, self.rng
        decisions = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            g.init_game()
            while not g.is_over():
                acts = g.get_legal_actions()
                g.step(acts[rng.randrange(len(acts))])
                decisions += 1
        return decisions, time.perf_counter() - t0


def one_round(game_id: str, seconds: float, seed: int, slice_s: float,
              decks: list[str] | None = None) -> tuple[float, float]:
    """Decisions/s of the game and of UNO over ``seconds`` each, in alternating slices."""
    engine, uno = EngineSide(game_id, seed, decks), UnoSide(seed)
    engine.play(min(slice_s, 0.2))  # first uses of modules and caches are not the game's cost
    uno.play(min(slice_s, 0.2))
    d = el = u = uel = 0.0
    for _ in range(max(1, round(seconds / slice_s))):
        a, b = engine.play(slice_s)
        d, el = d + a, el + b
        a, b = uno.play(slice_s)
        u, uel = u + a, uel + b
    return d / el, u / uel


def whole_games(game_id: str, games: int, decks: list[str] | None = None) -> dict:
    """Time of ``games`` whole random games on fixed seeds (the same games every run)."""
    names = decks or list_decks(game_id)
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
    ap.add_argument("--slice", type=float, default=0.25,
                    help="seconds of one side before the other plays (default 0.25)")
    ap.add_argument("--games", type=int, default=200, help="whole games on fixed seeds per game (default 200)")
    ap.add_argument("--only", nargs="*", choices=GAMES, help="only these games")
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument("--decks", nargs="+", help="play only these decks, in turn (with --only and one game; "
                    "default: every sample deck of the game). Sample decks added later change which decks "
                    "meet on a seed: name the old ones to compare with an earlier commit")
    args = ap.parse_args()
    if args.decks and len(args.only or ()) != 1:
        ap.error("--decks needs --only with one game")
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
            rate, uno_rate = one_round(gid, args.seconds, r, args.slice, args.decks)
            rates[gid].append(rate)
            uno.append(uno_rate)
            ratios[gid].append(rate / uno_rate)
    whole = {gid: whole_games(gid, args.games, args.decks) for gid in games}
    out = {"python": f"{platform.python_version()} ({os.path.realpath(sys.executable)})",
           "load_before": [round(x, 2) for x in load], "load_after": [round(x, 2) for x in os.getloadavg()],
           "decks": args.decks or "every sample deck", "seconds": args.seconds, "slice": args.slice, "rounds": args.rounds, "uno_decisions_per_s": round(statistics.median(uno)),
           "games": {gid: {"decisions_per_s": round(statistics.median(rates[gid])),
                           "ratio_to_uno": round(statistics.median(ratios[gid]), 2), **whole[gid]}
                     for gid in games}}
    print(f"python {out['python']}; load average before {out['load_before']}, after {out['load_after']}")
    print(f"{'game':<10} {'decisions/s':>12} {'UNO /s':>10} {'ratio':>6}   {'whole games':>11} "
          f"{'ms/game':>8} {'decisions/game':>14}")
    for gid in games:
        o = out["games"][gid]
        print(f"{gid:<10} {o['decisions_per_s']:>12,} {out['uno_decisions_per_s']:>10,} "
              f"{o['ratio_to_uno']:>6.2f}   {o['games']:>11} {o['ms_per_game']:>8} {o['decisions_per_game']:>14}")
    write_json(args.json, out)


if __name__ == "__main__":
    main()
