"""Benchmark file: random-vs-random speed of a game in one process (same as `tcg bench GAME`).

    uv run python benchmarks/bench_game.py shironeko --seconds 10
"""
from __future__ import annotations

import argparse
import json

from tcg.bench import bench


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", nargs="?", default="shironeko")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(json.dumps(bench(args.game, seconds=args.seconds, seed=args.seed), indent=2))


if __name__ == "__main__":
    main()
