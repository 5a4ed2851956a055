"""Benchmark without a clock, at the level of the processor: machine instructions per decision of
random play, counted by valgrind (and, with ``--cache``, the branches it mispredicts and the cache
misses of a simulated processor), beside RLCard's UNO game if asked.

    uv run python benchmarks/bench_instructions.py [games...] [--games 100] [--warm 100]
        [--base /path/to/other/checkout] [--cache] [--json out.json]
    uv run --with rlcard python benchmarks/bench_instructions.py shironeko --uno

Timings on a shared virtual machine drift by 10-20% from second to second. valgrind runs the same
Python on the same games and counts what the processor executes, which is the same at any load:
each count is the difference of two runs (``--warm`` games only, then ``--warm`` + ``--games``),
so start-up and the caches' first filling are left out, divided by the decisions of the counted
games (seeds fixed, ``PYTHONHASHSEED=0``). ``--base DIR`` counts another checkout (a ``git
worktree`` of an earlier commit) the same way; ``--uno`` counts RLCard's UNO played as
peers.py plays it. A count is not a time: a mispredicted branch or a cache miss costs many
instructions' time, which is why ``--cache`` simulates them (valgrind's simple model of a
processor, not this machine's). valgrind must be installed (Debian's package ``valgrind``); each
count takes about a minute (its two runs go at once, one per core).
"""
from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from counting import check_games, games_parser, trees, write_json

UNO = "uno"


def play(game_id: str, warm: int, games: int, decks: str = "") -> int:
    """Random play as peers.py plays it: ``warm`` games, then ``games`` more; their decisions.
    ``decks``: the sample decks met, comma-separated ("": every one the game lists)."""
    if game_id == UNO:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
        g = UnoGame()
        g.np_random = np.random.RandomState(0)
        rng = random.Random(0)

        def one(_i: int) -> int:
            g.init_game()
            d = 0
            while not g.is_over():
                acts = g.get_legal_actions()
                g.step(acts[rng.randrange(len(acts))])
                d += 1
            return d
    else:
        from tcg.api import list_decks, new_game
        names = decks.split(",") if decks else list_decks(game_id)

        def one(i: int) -> int:
            rng = random.Random(i)
            g = new_game(game_id, [names[i % len(names)], names[(i // len(names)) % len(names)]], seed=i)
            d = 0
            while not g.is_over:
                acts = g.legal_actions()
                g.apply(acts[rng.randrange(len(acts))])
                d += 1
            return d
    for i in range(warm):
        one(i)
    return sum(one(i) for i in range(warm, warm + games))


_COUNTS = {"instructions": r"I\s+refs", "mispredicts": r"Mispredicts", "branches": r"Branches",
           "i1_misses": r"I1\s+misses", "d1_misses": r"D1\s+misses"}


def measure(tree: str, game_id: str, warm: int, games: int, cache: bool, decks: str = "") -> dict:
    """valgrind's counts for ``games`` games after ``warm`` (the difference of two runs)."""
    def run(n: int) -> tuple[int, dict]:
        cmd = ["valgrind", "--tool=cachegrind", "--cachegrind-out-file=/dev/null",
               f"--cache-sim={'yes' if cache else 'no'}", f"--branch-sim={'yes' if cache else 'no'}",
               sys.executable, os.path.abspath(__file__), "--play", game_id, str(warm), str(n), decks]
        env = dict(os.environ, PYTHONHASHSEED="0",
                   PYTHONPATH=os.pathsep.join(filter(None, [os.path.join(tree, "src"), os.environ.get("PYTHONPATH")])))
        done = subprocess.run(cmd, check=False, env=env, capture_output=True, text=True)
        out = done.stdout + done.stderr
        found = re.search(r"^decisions (\d+)$", done.stdout, re.MULTILINE)
        if done.returncode or not found:
            raise SystemExit(f"error: counting {game_id} in {tree} failed:\n{out.strip()[-2000:]}")
        counts = {}
        for name, pattern in _COUNTS.items():
            m = re.search(pattern + r":\s+([\d,]+)", out)
            if m:
                counts[name] = int(m.group(1).replace(",", ""))
        return int(found.group(1)), counts

    with ThreadPoolExecutor(2) as ex:
        (_, before), (decisions, after) = ex.map(run, (0, games))
    per = {k: round((after[k] - before[k]) / decisions, 1) for k in after}
    return {"decisions": decisions, **per}


def main() -> None:
    from tcg.api import GAMES
    ap = games_parser(__doc__, games=100, warm=100)
    ap.add_argument("--uno", action="store_true", help="also count RLCard's UNO (run with 'uv run --with rlcard')")
    ap.add_argument("--base", help="another checkout of the project, counted the same way beside this one")
    ap.add_argument("--cache", action="store_true",
                    help="also simulate branch prediction and caches (about twice as slow)")
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument("--decks", nargs="+", default=[],
                    help="the sample decks played (default: every one the game lists; name the old ones to "
                         "compare with a base that has fewer)")
    ap.add_argument("--play", nargs=4, help=argparse.SUPPRESS)  # internal: GAME WARM N DECKS under valgrind
    args = ap.parse_args()
    if args.play:
        print(f"decisions {play(args.play[0], int(args.play[1]), int(args.play[2]), args.play[3])}")
        return
    check_games(args.games_)
    if args.decks and len(args.games_) != 1:
        raise SystemExit("error: --decks names one game's decks: name that one game too")
    if args.games < 1 or args.warm < 0:
        raise SystemExit("error: --games must be at least 1 and --warm not negative")
    if shutil.which("valgrind") is None:
        raise SystemExit("error: valgrind is not installed (Debian: apt-get install valgrind)")
    if args.uno:
        try:
            import rlcard  # noqa: F401
        except ImportError:
            raise SystemExit("error: --uno needs RLCard: run with 'uv run --with rlcard python benchmarks/bench_instructions.py'")
    counted = trees(__file__, args.base)
    rows = [(gid, label, tree) for gid in (args.games_ or list(GAMES)) for label, tree in counted]
    if args.uno:
        # UNO games are about a fifth as long as the engine's: five times as many, for a like count
        rows.append((UNO, "-", counted[-1][1]))
    results: dict[str, dict] = {}
    cols = ["instructions"] + (["mispredicts", "i1_misses", "d1_misses"] if args.cache else [])
    print(f"python {sys.version.split()[0]} ({os.path.realpath(sys.executable)})")
    print(f"{'game':<10} {'tree':<5} {'decisions':>9} " + " ".join(f"{c + '/decision':>23}" for c in cols))
    for gid, label, tree in rows:
        n = args.games * 5 if gid == UNO else args.games
        r = measure(tree, gid, args.warm, n, args.cache, "" if gid == UNO else ",".join(args.decks))
        results.setdefault(gid, {})[label] = r
        print(f"{gid:<10} {label:<5} {r['decisions']:>9} " + " ".join(f"{r[c]:>23,.0f}" for c in cols), flush=True)
        if label == "this" and args.base:
            a = results[gid]["base"]
            print(f"{'':<10} this/base: " + ", ".join(f"{c} {r[c] / a[c]:.3f}" for c in cols))
    write_json(args.json, {"python": sys.version.split()[0], "warm": args.warm, "games": args.games,
                           "results": results})


if __name__ == "__main__":
    main()
