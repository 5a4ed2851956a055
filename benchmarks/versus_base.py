"""Run one benchmark on an older commit and on this checkout, alternately, in one run, and print
the ratio of each game's figure (issue 19: "measured in one run against the commit before").

    git worktree add /tmp/base 80a7176          # the commit before the speed work
    uv run python benchmarks/versus_base.py --base /tmp/base --rounds 3 \\
        -- benchmarks/bench_ismcts.py --json --iterations 200 --positions 20

The benchmark script is this checkout's file, run by each tree's own environment (``uv run
--project TREE``, so each imports its own ``tcg``). It must print one JSON object per line with a
``game`` field; ``--key`` names the figure compared (default ``iterations_per_second``). Rounds
alternate base, this checkout, base..., so a change in the machine's load hits both sides alike;
the medians over rounds are compared.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent.parent


def run(tree: pathlib.Path, script: list[str]) -> dict[str, dict]:
    path = (HERE / script[0]).resolve()
    cmd = ["uv", "run", "--quiet", "--project", str(tree), "python", str(path), *script[1:]]
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    out = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        raise SystemExit(f"error: {' '.join(cmd)} failed in {tree}:\n{out.stderr[-2000:]}")
    rows = {}
    for line in out.stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            row = json.loads(line)
            rows[row["game"]] = row
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", required=True, help="a git worktree of the older commit")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--key", default="iterations_per_second", help="the JSON figure to compare")
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument("script", nargs=argparse.REMAINDER, help="-- SCRIPT ARGS... (a benchmark printing JSON lines)")
    args = ap.parse_args()
    script = args.script[1:] if args.script[:1] == ["--"] else args.script
    if not script:
        ap.error("give the benchmark to run after --")
    base = pathlib.Path(args.base).resolve()
    if not (base / "src" / "tcg").is_dir():
        ap.error(f"{base} is not a checkout of this project (git worktree add {base} COMMIT)")
    commit = subprocess.run(["git", "-C", str(base), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    head = subprocess.run(["git", "-C", str(HERE), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    load = os.getloadavg()
    figures: dict[str, dict[str, list[float]]] = {"base": {}, "head": {}}
    for r in range(args.rounds):
        for side, tree in (("base", base), ("head", HERE)):
            for game, row in run(tree, script).items():
                figures[side].setdefault(game, []).append(float(row[args.key]))
            print(f"round {r + 1}/{args.rounds} {side} done", file=sys.stderr)
    print(f"{' '.join(script)}\nload average before {[round(x, 2) for x in load]}, after "
          f"{[round(x, 2) for x in os.getloadavg()]}; base {commit}, head {head}; medians of {args.rounds} rounds")
    print(f"{'game':<10} {'base':>10} {'head':>10} {'head/base':>9}")
    result = {}
    for game in figures["head"]:
        b = statistics.median(figures["base"].get(game, [float("nan")]))
        h = statistics.median(figures["head"][game])
        result[game] = {"base": b, "head": h, "ratio": round(h / b, 2) if b else None,
                        "rounds_base": figures["base"].get(game), "rounds_head": figures["head"][game]}
        print(f"{game:<10} {b:>10.1f} {h:>10.1f} {h / b:>9.2f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"script": script, "key": args.key, "base": commit, "head": head, "load_before": load,
                       "games": result}, f, indent=1)


if __name__ == "__main__":
    main()
