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
checkpoint) with its step count. The evaluation (``tcg.rl.evaluate``) plays ``--eval-games`` games
per opponent as duplicate deals from ``--eval-seed`` (each deal twice, the learner in seat 0 then
seat 1), with the argmax (deterministic) masked policy and with the sampled one, reporting each
score with its 95% Wilson interval, per-seat scores and the deal pairs won twice / split / lost
twice, and writes ``<out>/eval.json``. ``--eval-only`` evaluates the saved model without training.
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


def evaluate(model, game: str, opponent: str, games: int, seed: int, max_decisions: int) -> list[dict]:
    """The model against ``opponent`` with ``tcg.rl.evaluate``: duplicate deals (each deal played
    twice, the model in seat 0 then seat 1), once with the argmax policy and once sampling from
    it; score (a draw 1/2) with its 95% Wilson interval, per-seat scores, the deal pairs."""
    import tcg.rl as rl
    out = []
    for sampled in (False, True):
        t0 = time.monotonic()
        # max_decisions bounds the engine decisions of a game (both seats): 2x the learner's
        r = rl.evaluate(model, game, opponent, games=games, sampled=sampled, duplicate=True,
                        seed=seed, max_decisions=2 * max_decisions)
        d = r.to_dict()
        d["seconds"] = round(time.monotonic() - t0, 1)
        d["summary"] = r.summary()
        out.append(d)
    return out


def imitate(model, game: str, teacher: str, opponent: str, seconds: float, seed: int, max_decisions: int,
            max_samples: int = 20_000, epochs: int = 8, batch: int = 256) -> dict:
    """Behaviour cloning: the policy is first taught the ``teacher`` agent's choices (its masked
    action ids) in games against ``opponent``, for about ``seconds`` in all (playing, then
    fitting). Returns what it did. A warm start for PPO when rewards are sparse (Turu-turu's
    random games all end in a deck-out draw, so PPO from scratch rarely sees a reward)."""
    import torch
    import tcg.rl as rl
    from tcg.agents import AgentView, make_agent
    t0 = time.monotonic()
    obs_l, mask_l, act_l = [], [], []
    env = rl.gym_env(game, opponent=opponent, seed=seed + 777, max_decisions=max_decisions)
    coach = make_agent(teacher, seed=seed)
    episodes = 0
    while time.monotonic() - t0 < seconds / 2 and len(act_l) < max_samples:
        obs, info = env.reset(seed=seed + 777 + episodes)
        episodes += 1
        while True:
            view = env._view
            choice = coach.act(AgentView(env.game, view.legal))
            aid = info["legal_ids"][view.legal.index(choice)]
            obs_l.append(obs)
            mask_l.append(env.action_masks())
            act_l.append(aid)
            obs, _, term, trunc, info = env.step(aid)
            if term or trunc:
                break
    x = torch.as_tensor(np.asarray(obs_l, dtype=np.float32))
    m = torch.as_tensor(np.asarray(mask_l, dtype=bool))
    y = torch.as_tensor(np.asarray(act_l, dtype=np.int64))
    policy = model.policy
    policy.set_training_mode(True)
    opt = policy.optimizer
    n, losses, done_epochs = len(y), [], 0
    for _ in range(epochs):
        if time.monotonic() - t0 > seconds:
            break
        perm = torch.randperm(n)
        total = 0.0
        for i in range(0, n, batch):
            idx = perm[i:i + batch]
            dist = policy.get_distribution(x[idx], action_masks=m[idx].numpy())
            loss = -dist.log_prob(y[idx]).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(idx)
        losses.append(round(total / n, 4))
        done_epochs += 1
    policy.set_training_mode(False)
    return {"teacher": teacher, "samples": n, "episodes": episodes, "epochs": done_epochs,
            "loss_per_epoch": losses, "seconds": round(time.monotonic() - t0, 1)}


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
    ap.add_argument("--imitate", default=None, metavar="AGENT",
                    help="first teach the policy this agent's choices (behaviour cloning, e.g. heuristic), "
                         "within the --minutes budget")
    ap.add_argument("--imitate-minutes", type=float, default=3.0, help="of the budget, for --imitate")
    ap.add_argument("--imitate-samples", type=int, default=20_000, help="decisions of the agent to learn from")
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
    cloned = None
    if not args.eval_only:
        deadline = time.monotonic() + args.minutes * 60
        if args.imitate and start is None:
            cloned = imitate(model, args.game, args.imitate, args.opponent, args.imitate_minutes * 60,
                             args.seed, args.max_decisions, max_samples=args.imitate_samples)
            print(f"imitated {args.imitate}: {cloned}", flush=True)

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
               "imitation": cloned,
               "training_opponent": args.opponent, "env": env.metadata["name"],
               "evaluations": []}
    for opp in [o for o in args.eval_opponents.split(",") if o]:
        for r in evaluate(model, args.game, opp, args.eval_games, args.eval_seed, args.max_decisions):
            results["evaluations"].append(r)
            print(r["summary"], flush=True)
    with open(os.path.join(out, "eval.json"), "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1)
    print(f"wrote {out}/eval.json")


if __name__ == "__main__":
    main()
