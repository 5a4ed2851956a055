"""Fit a game's value estimate (the chance to win seen from one player's observation) on
self-play, as a logistic model over the features its heuristic module lists.

The game's heuristic module (``tcg.agents.heuristics.<game>``) must define
``value_features(obs, player) -> list[float]`` (differences between the two sides, so the model
needs no intercept) and ``VALUE_FEATURES`` (their names). Self-play games between heuristic
players, some of them with a share of random moves for variety, are sampled at random decisions
from both seats; labels are 1 (won), 0.5 (draw) or 0 (lost). The weights are fitted by Newton's
method on the log-loss; the held-out log-loss is printed next to a coin's (0.693).

    uv run python benchmarks/fit_value.py turutoru --games 600 --workers 2
"""
from __future__ import annotations

import argparse
import importlib
import math
import multiprocessing as mp

import numpy as np

import tcg
from tcg.agents import AgentView, make_agent
from tcg.engine.rng import Rng


def _features_fn(game_id: str):
    mod = importlib.import_module(f"tcg.agents.heuristics.{game_id}")
    if not hasattr(mod, "value_features"):
        raise SystemExit(f"{game_id}: its heuristic module defines no value_features(obs, player)")
    return mod.value_features, list(getattr(mod, "VALUE_FEATURES", []))


def play(args: tuple) -> list[tuple[list[float], float, int, float]]:
    game_id, i, seed, every = args
    feats, _ = _features_fn(game_id)
    value = importlib.import_module(f"tcg.agents.heuristics.{game_id}").value
    decks = tcg.list_decks(game_id)
    pair = [decks[i % len(decks)], decks[(i // len(decks) + 1 + i) % len(decks)]]
    g = tcg.new_game(game_id, pair, seed=seed * 1000003 + i)
    rng = Rng(seed * 7919 + i)
    agents = [make_agent("heuristic", seed=seed * 31 + 2 * i + p) for p in (0, 1)]
    eps = [(0.0, 0.02, 0.08)[rng.below(3)] for _ in (0, 1)]  # some games with a few random moves
    rows = []
    n = 0
    while not g.is_over and n < 20000:
        view = AgentView(g, g.legal_actions())
        if rng.below(every) == 0:
            for p in (0, 1):
                obs = g.observe(p)
                rows.append((feats(obs, p), p, value(obs, p)))
        if eps[view.player] and rng.below(1000) < eps[view.player] * 1000:
            act = view.choices[rng.below(len(view.choices))]
        else:
            act = agents[view.player].act(view)
        g.apply(act)
        n += 1
    w = g.winner
    label = [0.5, 0.5] if w is None else [1.0 if w == 0 else 0.0, 1.0 if w == 1 else 0.0]
    return [(f, label[p], i, v) for f, p, v in rows]


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def logloss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ w))), 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--every", type=int, default=8, help="sample one decision in EVERY (default 8)")
    args = ap.parse_args()
    _, names = _features_fn(args.game)
    jobs = [(args.game, i, args.seed, args.every) for i in range(args.games)]
    if args.workers > 1:
        with mp.get_context("spawn").Pool(args.workers) as pool:
            parts = pool.map(play, jobs, chunksize=4)
    else:
        parts = [play(j) for j in jobs]
    rows = [r for part in parts for r in part]
    x = np.array([r[0] for r in rows], dtype=float)
    y = np.array([r[1] for r in rows], dtype=float)
    test = np.array([r[2] % 5 == 0 for r in rows])  # every fifth game held out
    w = fit(x[~test], y[~test])
    now = np.clip(np.array([r[3] for r in rows], dtype=float)[test], 1e-6, 1 - 1e-6)
    yt = y[test]
    now_loss = float(-np.mean(yt * np.log(now) + (1 - yt) * np.log(1 - now)))
    print(f"{len(rows)} samples from {args.games} games; held-out log-loss "
          f"{logloss(x[test], y[test], w):.3f} (coin {math.log(2):.3f}, the current value "
          f"{now_loss:.3f}), train {logloss(x[~test], y[~test], w):.3f}")
    for name, c in zip(names or [f"f{k}" for k in range(len(w))], w):
        print(f"  {name:24s} {c:+.4f}")
    print("weights:", "(" + ", ".join(f"{c:.4f}" for c in w) + ")")


if __name__ == "__main__":
    main()
