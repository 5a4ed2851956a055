"""Speed of the research environments against the raw engine, in the same run.

    uv run --extra rl python benchmarks/bench_rl.py [--seconds 5] [games...]

For each game: the raw engine's random-play decisions/s (legal_actions, a uniform choice, apply),
the same loop with one ``game.observe(player)`` per decision (the ceiling of an environment that
encodes from the observation), the PettingZoo AEC env's steps/s (env.last() with the encoded observation and the mask, a uniform
choice among the masked ids, env.step), each over whole seeded games until the time budget is
spent. Prints the load average first: on a busy machine
every number drops. The last column divides the same two loops' rates in CPU time (the seconds
the process itself ran, ``time.process_time``): on a machine shared with other work, wall-clock
rates of loops run one after the other are measured under different loads, CPU time much less so.
"""
from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

import tcg


def _seeded_runs(seconds: float, run) -> tuple[int, float, float]:
    """``run(seed, rng)`` -> (steps, seconds it timed, CPU seconds it timed) for seeds 0, 1,
    2... until the timed seconds reach ``seconds``: the steps, seconds and CPU seconds of them
    all."""
    n, t, c, seed = 0, 0.0, 0.0, 0
    while t < seconds:
        steps, spent, cpu = run(seed, random.Random(seed))
        n += steps
        t += spent
        c += cpu
        seed += 1
    return n, t, c


def raw(game: str, seconds: float, observe: bool = False) -> tuple[int, float, float]:
    """Random play on the engine (the deal not timed); with ``observe``, plus one
    ``observe(player)`` per decision: the ceiling of any environment that encodes from the
    engine's observation."""
    decks = tcg.list_decks(game)

    def run(seed: int, rng: random.Random) -> tuple[int, float, float]:
        g = tcg.new_game(game, [rng.choice(decks), rng.choice(decks)], seed=seed)
        n, t0, c0 = 0, time.perf_counter(), time.process_time()
        while not g.is_over:
            if observe:
                g.observe(g.decision.player)
            g.apply(rng.choice(g.legal_actions()))
            n += 1
        return n, time.perf_counter() - t0, time.process_time() - c0
    return _seeded_runs(seconds, run)


def aec(game: str, seconds: float) -> tuple[int, float, float]:
    import tcg.rl as rl
    env = rl.aec_env(game, seed=0)

    def run(seed: int, rng: random.Random) -> tuple[int, float, float]:
        n, t0, c0 = 0, time.perf_counter(), time.process_time()
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            # the masked ids, read as booleans: numpy finds nonzero entries of an int8 array about ten
            # times slower than of a bool one (10,171 ids in Z/X), a cost of the agent, not the env
            ids = np.flatnonzero(obs["action_mask"].view(np.bool_))
            env.step(int(ids[int(rng.random() * len(ids))]))   # a uniform masked id, cheaply
            n += 1
        return n, time.perf_counter() - t0, time.process_time() - c0
    return _seeded_runs(seconds, run)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=tcg.list_games())
    ap.add_argument("--seconds", type=float, default=5.0, help="time budget per game and loop")
    args = ap.parse_args()
    load = os.getloadavg()
    print(f"load average: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores)")
    print(f"{'game':10} {'raw dec/s':>10} {'raw+observe/s':>14} {'env steps/s':>12} {'env/raw':>8} {'env/raw CPU':>12}")
    for game in args.games:
        import tcg.rl as rl
        rl.encoding(game)  # built once per process, outside the timing
        rn, rt, rc = raw(game, args.seconds)
        on, ot, _ = raw(game, args.seconds, observe=True)
        en, et, ec = aec(game, args.seconds)
        r, o, e = rn / rt, on / ot, en / et
        cpu = (en / ec) / (rn / rc) if ec > 0 and rc > 0 else float("nan")
        print(f"{game:10} {r:10.0f} {o:14.0f} {e:12.0f} {e / r:8.2f} {cpu:12.2f}", flush=True)
    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
