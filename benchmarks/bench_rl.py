"""Speed of the research environments against the raw engine, in the same run (issue 34, item 4).

    uv run --extra rl --extra openspiel --with rlcard python benchmarks/bench_rl.py [--seconds 2] [games...]

Every rate is per CPU-second (``time.process_time``: the seconds the process itself ran, which a
machine shared with other work disturbs far less than the wall clock); the load average is
printed before and after. The loops of a ratio are timed together, piece by piece (``rates``:
the one that has run the least CPU time so far plays its next game, or its next 20 vector env
calls), so a change of load falls on both sides of the ratio alike. For each game, over whole
seeded games until the time budget is spent:

* ``raw``: the engine's random play (legal_actions, a uniform choice, apply; the deal not timed);
* ``aec``: the PettingZoo AEC env (env.last() with the encoded observation and the mask, a
  uniform choice among the masked ids, env.step), and ``aec/raw``;
* ``spiel``: OpenSpiel's state loop (legal_actions, a uniform choice, apply_action; the deal is
  the chance node's outcome, not timed, as raw's deal), and ``spiel/raw``;
* ``vec``: ``tcg.rl.vector_env(game, n)`` (opponent ``random``) against a Gymnasium
  ``SyncVectorEnv`` of ``n`` of the same ``gym_env``s: environment steps (n per call) per
  CPU-second of each, and ``vec/sync``.

With RLCard importable (``--with rlcard``), the same two loops on RLCard's UNO: its env
(``rlcard.make("uno")``: state with the encoded observation, a uniform legal action, step) and its
raw game, and their ratio. Targets (issue 34): aec/raw >= 0.5, spiel/raw >= 0.3, vec/sync >= 2.

``--bytecodes GAMES`` counts Python bytecodes per step of the same loops instead (seeded games,
``sys.settrace``): the same figures under any load, a guide where timings are noise (numpy's
and other C-level work is not counted, so a ratio of counts is not a ratio of times).
"""
from __future__ import annotations

import argparse
import functools
import os
import random
import sys
import time
from typing import Callable

import numpy as np

import tcg


def rates(seconds: float, pieces: dict[str, Callable[[int], tuple[int, float]]]
          ) -> dict[str, float]:
    """Steps per CPU-second of each loop, timed together: ``pieces[name](k)`` runs the ``k``-th
    piece of a loop (its seed ``k`` game, or its next vector env calls) and returns (steps, CPU
    seconds it timed). The loop that has timed the least so far runs its next piece, until each
    has timed ``seconds``: all of them run through the same minutes, so a change of the
    machine's load moves their ratios far less than their rates."""
    steps = dict.fromkeys(pieces, 0)
    cpu = dict.fromkeys(pieces, 0.0)
    done = dict.fromkeys(pieces, 0)
    while True:
        name = min(cpu, key=cpu.__getitem__)
        if cpu[name] >= seconds:
            return {k: steps[k] / cpu[k] for k in pieces}
        n, c = pieces[name](done[name])
        steps[name] += n
        cpu[name] += c
        done[name] += 1


def seeded(run) -> Callable[[int], tuple[int, float]]:
    """A piece for ``rates`` from a seeded game loop ``run(seed, rng)``: game ``k`` is seed ``k``."""
    return lambda k: run(k, random.Random(k))


def raw_run(game: str):
    """One seeded game of the raw loop: ``run(seed, rng) -> (decisions, CPU seconds)``."""
    decks = tcg.list_decks(game)

    def run(seed: int, rng: random.Random) -> tuple[int, float]:
        g = tcg.new_game(game, [rng.choice(decks), rng.choice(decks)], seed=seed)
        n, c0 = 0, time.process_time()
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            n += 1
        return n, time.process_time() - c0
    return run


def aec_run(game: str):
    """One seeded episode of the PettingZoo loop: ``run(seed, rng) -> (steps, CPU seconds)``."""
    import tcg.rl as rl
    env = rl.aec_env(game, seed=0)

    def run(seed: int, rng: random.Random) -> tuple[int, float]:
        n, c0 = 0, time.process_time()
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
        return n, time.process_time() - c0
    return run


def spiel_run(game: str):
    """One seeded game of OpenSpiel's state loop (None without pyspiel)."""
    try:
        import pyspiel

        from tcg.rl.openspiel import register, short_name
    except ImportError:
        return None
    register()
    sg = pyspiel.load_game(short_name(game))

    def run(seed: int, rng: random.Random) -> tuple[int, float]:
        s = sg.new_initial_state()
        s.apply_action(seed % sg.max_chance_outcomes())   # the deal: tcg.new_game, as raw's
        n, c0 = 0, time.process_time()
        while not s.is_terminal():
            la = s.legal_actions()
            s.apply_action(la[int(rng.random() * len(la))])
            n += 1
        return n, time.process_time() - c0
    return run


def timed(run) -> Callable[[int], tuple[int, float]]:
    """A piece for ``rates`` from a vector env loop ``run(calls) -> env steps``: 20 calls."""
    def piece(k: int) -> tuple[int, float]:
        c0 = time.process_time()
        steps = run(20)
        return steps, time.process_time() - c0
    return piece


def vec_run(game: str, n: int, batched: bool):
    """``(run(calls) -> env steps, close)`` of ``vector_env(game, n)`` (``batched``) or of a
    Gymnasium ``SyncVectorEnv`` of ``n`` ``gym_env``s, opponent ``random``, reset with seed 0 (not
    timed): each call steps every env with a uniform legal id from ``info["action_mask"]``."""
    import gymnasium as gym

    import tcg.rl as rl
    if batched:
        v = rl.vector_env(game, n, seed=0, opponent="random")
    else:
        v = gym.vector.SyncVectorEnv([functools.partial(rl.gym_env, game, opponent="random", seed=i)
                                      for i in range(n)])
    rng = random.Random(0)
    last = {"info": v.reset(seed=0)[1]}

    def run(calls: int) -> int:
        for _ in range(calls):
            masks = last["info"]["action_mask"]
            acts = np.empty(n, dtype=np.int64)
            for i in range(n):
                ids = np.flatnonzero(masks[i])
                acts[i] = ids[int(rng.random() * len(ids))] if len(ids) else 0
            last["info"] = v.step(acts)[4]
        return calls * n
    return run, v.close


def bytecodes(fn) -> int:
    """The Python bytecodes ``fn()`` runs (``sys.settrace`` opcode events: the same count on any
    machine under any load; C-level work, numpy's included, is not counted)."""
    count = [0]

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        if event == "opcode":
            count[0] += 1
        return tracer
    sys.settrace(tracer)
    try:
        fn()
    finally:
        sys.settrace(None)
    return count[0]


def count_loops(game: str, games: int, n: int) -> dict[str, float]:
    """Bytecodes per step of each loop: ``games`` seeded games (seeds 0..games-1) of raw, aec
    and spiel after one warm-up game each, and calls 6-35 of each vector env (per env step),
    after both have played those calls once (the games' caches filled the same for both)."""
    out: dict[str, float] = {}
    loops = {"raw": raw_run(game), "aec": aec_run(game), "spiel": spiel_run(game)}
    for name, run in loops.items():
        if run is None:
            continue
        run(10_000, random.Random(10_000))   # warm-up: a game of another seed
        steps = [0]

        def play(run=run, steps=steps):
            for seed in range(games):
                steps[0] += run(seed, random.Random(seed))[0]
        out[name] = bytecodes(play) / steps[0]
    kinds = (("vec", True), ("sync", False))
    for _, batched in kinds:   # the same games played once first: the games' caches warm for both
        run, close = vec_run(game, n, batched)
        run(35)
        close()
    for name, batched in kinds:
        run, close = vec_run(game, n, batched)
        run(5)
        got = [0]
        out[name] = bytecodes(lambda run=run, got=got: got.__setitem__(0, run(30))) / got[0]
        close()
    return out


def uno(seconds: float) -> tuple[float, float] | None:
    """RLCard's UNO: (env steps, raw game decisions) per CPU-second, or None without RLCard."""
    try:
        import rlcard
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    rng = random.Random(0)

    def env_run(seed: int, r: random.Random) -> tuple[int, float]:
        n, c0 = 0, time.process_time()
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.random() * len(legal))])
            n += 1
        return n, time.process_time() - c0

    g = UnoGame()
    g.np_random = np.random.RandomState(0)

    def raw_run(seed: int, r: random.Random) -> tuple[int, float]:
        g.init_game()
        n, c0 = 0, time.process_time()
        while not g.is_over():
            acts = g.get_legal_actions()
            g.step(acts[int(rng.random() * len(acts))])
            n += 1
        return n, time.process_time() - c0
    got = rates(seconds, {"env": seeded(env_run), "raw": seeded(raw_run)})
    return got["env"], got["raw"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=tcg.list_games())
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per game and loop")
    ap.add_argument("--envs", type=int, default=8, help="envs of the vector envs")
    ap.add_argument("--bytecodes", type=int, default=0, metavar="GAMES",
                    help="count Python bytecodes per step instead of timing (GAMES seeded games "
                         "per loop): deterministic, whatever the load")
    args = ap.parse_args()
    import tcg.rl as rl
    if args.bytecodes:
        print(f"bytecodes per step ({args.bytecodes} seeded games per loop; vector envs of "
              f"{args.envs}, 30 calls); in brackets raw / loop, the ratio the targets read")
        print(f"{'game':10} {'raw':>6} {'aec':>12} {'spiel':>12} {'vec':>12} {'sync':>6} {'sync/vec':>8}")
        for game in args.games:
            rl.encoding(game)
            c = count_loops(game, args.bytecodes, args.envs)
            r = c["raw"]
            cells = [f"{c[k]:6.0f} ({r / c[k]:.2f})" if k in c else f"{'-':>12}"
                     for k in ("aec", "spiel", "vec")]
            print(f"{game:10} {r:6.0f} {' '.join(cells)} {c['sync']:6.0f} {c['sync'] / c['vec']:8.2f}",
                  flush=True)
        return
    load = os.getloadavg()
    print(f"load average: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores); "
          f"rates per CPU-second, {args.seconds:g} s per loop, vector envs of {args.envs}")
    print(f"{'game':10} {'raw dec':>8} {'aec step':>9} {'aec/raw':>8} {'spiel':>8} {'spiel/raw':>9} "
          f"{'vec':>8} {'sync':>8} {'vec/sync':>8}")
    for game in args.games:
        rl.encoding(game)  # built once per process, outside the timing
        loops = {"raw": seeded(raw_run(game)), "aec": seeded(aec_run(game))}
        run = spiel_run(game)
        if run is not None:
            loops["spiel"] = seeded(run)
        got = rates(args.seconds, loops)
        r, e, s = got["raw"], got["aec"], got.get("spiel")
        (vb_run, vb_close), (vs_run, vs_close) = (vec_run(game, args.envs, b) for b in (True, False))
        got = rates(args.seconds, {"vec": timed(vb_run), "sync": timed(vs_run)})
        vb_close()
        vs_close()
        vb, vs = got["vec"], got["sync"]
        sp = f"{s:8.0f} {s / r:9.2f}" if s is not None else f"{'-':>8} {'-':>9}"
        print(f"{game:10} {r:8.0f} {e:9.0f} {e / r:8.2f} {sp} {vb:8.0f} {vs:8.0f} {vb / vs:8.2f}", flush=True)
    u = uno(args.seconds)
    if u is None:
        print("RLCard UNO: rlcard is not importable (run with 'uv run --with rlcard')")
    else:
        print(f"RLCard UNO: env {u[0]:.0f} steps/CPU-s, raw game {u[1]:.0f} decisions/CPU-s, "
              f"env/raw {u[0] / u[1]:.2f}")
    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
