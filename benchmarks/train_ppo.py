"""MaskablePPO (sb3-contrib) on one game's Gymnasium environment, with checkpoints, resume and a
fixed-seed evaluation against the random and heuristic players (95% Wilson intervals).

Not a project or test dependency: it runs in its own venv with a CPU torch (see
docs/research.md "PPO baseline"):

    python3 -m venv ~/.cache/tcg-train
    ~/.cache/tcg-train/bin/pip install torch==2.13.0 stable-baselines3 sb3-contrib
    ~/.cache/tcg-train/bin/pip install -e ".[rl]"
    ~/.cache/tcg-train/bin/python benchmarks/train_ppo.py shironeko --minutes 10 \\
        --out out/ppo/shironeko --eval-games 200

Training stops at ``--minutes`` of wall clock or ``--steps`` environment steps, whichever comes
first, saving ``<out>/checkpoints/ppo_<steps>_steps.zip`` every ``--checkpoint-every`` steps and
``<out>/model.zip`` at the end; ``--resume`` continues from ``<out>/model.zip`` (or the newest
checkpoint) with its step count. The evaluation plays ``--eval-games`` games per opponent on seeds
``--eval-seed + i`` (the learner alternates seats; deterministic masked policy) and writes
``<out>/eval.json``. ``--eval-only`` evaluates the saved model without training.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import re
import sys
import time

import numpy as np


def _need(mod: str):
    try:
        return __import__(mod)
    except ImportError:
        sys.exit(f"error: {mod} is not installed in this Python ({sys.executable}); train_ppo.py runs "
                 f"in its own venv, see the module docstring or docs/research.md")


def latest_checkpoint(out: str) -> str | None:
    final = os.path.join(out, "model.zip")
    found = []
    for path in glob.glob(os.path.join(out, "checkpoints", "ppo_*_steps.zip")):
        m = re.search(r"ppo_(\d+)_steps\.zip$", path)
        if m:
            found.append((int(m.group(1)), path))
    if os.path.exists(final):
        return final
    return max(found)[1] if found else None


def evaluate(model, game: str, opponent: str, games: int, seed: int, max_decisions: int) -> dict:
    import tcg.rl as rl
    from tcg.sim.stats import wilson
    wins = losses = draws = 0
    lengths = []
    for i in range(games):
        env = rl.gym_env(game, opponent=opponent, seat=i % 2, seed=seed + i, max_decisions=max_decisions)
        obs, info = env.reset(seed=seed + i)
        steps = 0
        while True:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, term, trunc, info = env.step(int(action))
            steps += 1
            if term or trunc:
                break
        lengths.append(steps)
        if reward > 0:
            wins += 1
        elif reward < 0:
            losses += 1
        else:
            draws += 1
    lo, hi = wilson(wins, games)
    return {"opponent": opponent, "games": games, "wins": wins, "losses": losses, "draws": draws,
            "win_rate": wins / games if games else 0.0, "wilson95": [lo, hi],
            "mean_learner_decisions": float(np.mean(lengths)) if lengths else 0.0,
            "seeds": [seed, seed + games - 1]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=["shironeko", "turutoru", "kemuri", "zx"])
    ap.add_argument("--out", default=None, help="folder for checkpoints and results (default out/ppo/GAME)")
    ap.add_argument("--minutes", type=float, default=10.0, help="wall-clock training budget")
    ap.add_argument("--steps", type=int, default=10**9, help="environment-step budget")
    ap.add_argument("--opponent", default="random", help="training opponent: random, heuristic or ismcts")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-decisions", type=int, default=2000,
                    help="truncate a training/evaluation episode after this many learner decisions")
    ap.add_argument("--n-steps", type=int, default=1024, help="PPO rollout length")
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--checkpoint-every", type=int, default=20000, help="steps between checkpoints")
    ap.add_argument("--resume", action="store_true", help="continue from the saved model in --out")
    ap.add_argument("--eval-only", action="store_true")
    ap.add_argument("--eval-games", type=int, default=100, help="games per evaluation opponent")
    ap.add_argument("--eval-seed", type=int, default=10_000)
    ap.add_argument("--eval-opponents", default="random,heuristic")
    args = ap.parse_args()
    out = args.out or os.path.join("out", "ppo", args.game)
    os.makedirs(os.path.join(out, "checkpoints"), exist_ok=True)

    torch = _need("torch")
    _need("stable_baselines3")
    _need("sb3_contrib")
    torch.set_num_threads(1)   # measured 3.6x faster per step than the default on 2 cores
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback, CallbackList, CheckpointCallback

    import tcg.rl as rl

    env = rl.gym_env(args.game, opponent=args.opponent, seed=args.seed, max_decisions=args.max_decisions)
    start = latest_checkpoint(out) if (args.resume or args.eval_only) else None
    if (args.resume or args.eval_only) and start is None:
        sys.exit(f"error: no saved model in {out} to resume from")
    if start:
        model = MaskablePPO.load(start, env=env, device="cpu")
        print(f"loaded {start} ({model.num_timesteps} steps trained)", flush=True)
    else:
        model = MaskablePPO("MlpPolicy", env, n_steps=args.n_steps, batch_size=args.batch_size,
                            seed=args.seed, device="cpu", verbose=0)

    trained = 0.0
    if not args.eval_only:
        deadline = time.monotonic() + args.minutes * 60

        class Budget(BaseCallback):
            """Stop at the wall-clock budget; print progress about every 30 s."""

            def __init__(self):
                super().__init__()
                self.last = time.monotonic()

            def _on_step(self) -> bool:
                now = time.monotonic()
                if now - self.last > 30:
                    self.last = now
                    print(f"  {self.model.num_timesteps} steps, {deadline - now:.0f} s left", flush=True)
                return now < deadline

        t0 = time.monotonic()
        ckpt = CheckpointCallback(save_freq=args.checkpoint_every, save_path=os.path.join(out, "checkpoints"),
                                  name_prefix="ppo")
        model.learn(total_timesteps=args.steps, callback=CallbackList([ckpt, Budget()]),
                    reset_num_timesteps=start is None)
        trained = time.monotonic() - t0
        model.save(os.path.join(out, "model.zip"))
        print(f"trained {trained:.0f} s, {model.num_timesteps} steps in all; saved {out}/model.zip", flush=True)

    results = {"game": args.game, "steps": int(model.num_timesteps), "train_seconds_this_run": round(trained, 1),
               "training_opponent": args.opponent, "env": env.metadata["name"],
               "evaluations": []}
    for opp in [o for o in args.eval_opponents.split(",") if o]:
        t0 = time.monotonic()
        r = evaluate(model, args.game, opp, args.eval_games, args.eval_seed, args.max_decisions)
        r["seconds"] = round(time.monotonic() - t0, 1)
        results["evaluations"].append(r)
        lo, hi = r["wilson95"]
        print(f"vs {opp:9}: {r['wins']}/{r['games']} won, {r['losses']} lost, {r['draws']} drawn; "
              f"win rate {r['win_rate']:.1%} (95% CI {lo:.1%}-{hi:.1%})", flush=True)
    with open(os.path.join(out, "eval.json"), "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1)
    print(f"wrote {out}/eval.json")


if __name__ == "__main__":
    main()
