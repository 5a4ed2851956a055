"""Benchmark without a clock: the Python bytecodes and calls random play runs per decision.

    uv run python benchmarks/bench_bytecodes.py [games...] [--games 40] [--warm 300] [--top 25]
        [--kinds] [--base /path/to/other/checkout] [--json out.json]

Timings on a shared virtual machine drift by 10-20% from second to second, more than most single
changes to the rules are worth, so two versions timed one after the other often cannot be told
apart. This counts instead, with ``sys.settrace``, every bytecode the interpreter runs and every
Python-level call, over ``--games`` random games per game on fixed seeds (the same games every run,
after ``--warm`` other games have filled the caches each game keeps per deal): the same code gives
the same counts on any machine, under any load. A bytecode is not a fixed amount of time (a loop
step costs less than a dict built, big-integer arithmetic more) and a call costs about as much as
ten of them, so read the counts as a guide to where the work is and whether a change removed some,
and confirm a large change with the timed benchmarks (peers.py, bench_game.py).

``--top``: the functions with the most bytecodes a decision; ``--kinds``: the counts by decision
kind and action type (listing and applying apart); ``--base DIR``: the same counts for another
checkout of the project (a ``git worktree`` of an earlier commit) in the same run, side by side.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from collections import Counter

from counting import check_games, games_parser, trees, write_json


def count(game_id: str, games: int, warm: int, top: int, kinds: bool) -> dict:
    """The counts of this checkout (``tcg`` as imported)."""
    from tcg.api import list_decks, new_game
    names = list_decks(game_id)

    def deal(i: int, seed: int):
        return new_game(game_id, [names[i % len(names)], names[(i + 1) % len(names)]], seed=seed)

    for i in range(warm):  # other seeds: the caches a game keeps per deal filled first
        rng = random.Random(i)
        g = deal(i, 10_000 + i)
        while not g.is_over:
            acts = g.legal_actions()
            g.apply(acts[rng.randrange(len(acts))])

    where = "listing"  # what the counted work belongs to: set around each call below
    ops: Counter = Counter()
    calls: Counter = Counter()
    by_kind: Counter = Counter()
    kind_calls: Counter = Counter()
    kind_n: Counter = Counter()

    def tracer(frame, event, arg):
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
            code = frame.f_code
            calls[(code.co_filename, code.co_name)] += 1
            kind_calls[where] += 1
        elif event == "opcode":
            code = frame.f_code
            ops[(code.co_filename, code.co_name)] += 1
            by_kind[where] += 1
        return tracer

    decisions = 0
    for i in range(games):
        rng = random.Random(i)
        g = deal(i, i)
        while not g.is_over:
            kind = g.state.decision.kind
            where = ("list", kind)
            sys.settrace(tracer)
            acts = g.legal_actions()
            sys.settrace(None)
            action = acts[rng.randrange(len(acts))]
            where = ("apply", kind, action.type)
            kind_n[where] += 1
            kind_n[("list", kind)] += 1
            sys.settrace(tracer)
            g.apply(action)
            sys.settrace(None)
            decisions += 1
    total_ops, total_calls = sum(ops.values()), sum(calls.values())
    out = {"game": game_id, "games": games, "decisions": decisions,
           "bytecodes_per_decision": round(total_ops / decisions, 1),
           "calls_per_decision": round(total_calls / decisions, 2)}
    if top:
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

        def short(path: str) -> str:
            return os.path.relpath(path, here) if path.startswith(here) else os.path.basename(path)
        out["top"] = [{"function": f"{short(f)}:{name}", "bytecodes": round(n / decisions, 1),
                       "calls": round(calls[(f, name)] / decisions, 2)}
                      for (f, name), n in ops.most_common(top)]
    if kinds:
        out["kinds"] = [{"what": " ".join(k), "count": kind_n[k], "bytecodes": round(by_kind[k] / kind_n[k], 1),
                         "calls": round(kind_calls[k] / kind_n[k], 2),
                         "share": round(by_kind[k] / total_ops * 100, 1)}
                        for k in sorted(kind_n, key=lambda k: -by_kind[k]) if by_kind[k]]
    return out


def main() -> None:
    from tcg.api import GAMES
    ap = games_parser(__doc__, games=40, warm=300)
    ap.add_argument("--top", type=int, default=0, help="list the N functions with the most bytecodes")
    ap.add_argument("--kinds", action="store_true", help="counts by decision kind and action type")
    ap.add_argument("--base", help="another checkout of the project, counted the same way beside this one")
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument("--one", help=argparse.SUPPRESS)  # internal: count one game, print JSON
    args = ap.parse_args()
    check_games(args.games_)
    if args.games < 1 or args.warm < 0 or args.top < 0:
        raise SystemExit("error: --games must be at least 1, --warm and --top not negative")
    if args.one:
        print(json.dumps(count(args.one, args.games, args.warm, args.top, args.kinds)))
        return
    counted = trees(__file__, args.base)
    games = args.games_ or list(GAMES)
    results: dict[str, dict[str, dict]] = {}
    for gid in games:
        for label, tree in counted:
            # one process per tree and game: each imports its own ``tcg`` (src first on the path)
            cmd = [sys.executable, "-c",
                   "import os, runpy, sys; sys.path[:0] = [sys.argv[1], os.path.dirname(sys.argv[2])]; "
                   "sys.argv = sys.argv[2:]; "
                   "runpy.run_path(sys.argv[0], run_name='__main__')",
                   os.path.join(tree, "src"), os.path.abspath(__file__), "--one", gid,
                   "--games", str(args.games), "--warm", str(args.warm), "--top", str(args.top)]
            if args.kinds:
                cmd.append("--kinds")
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode:
                raise SystemExit(f"error: counting {gid} in {tree} failed:\n{run.stderr.strip()[-2000:]}")
            results.setdefault(gid, {})[label] = json.loads(run.stdout.strip().splitlines()[-1])
    print(f"{'game':<10} {'tree':<5} {'decisions':>9} {'bytecodes/decision':>19} {'calls/decision':>15}")
    for gid in games:
        for label, _ in counted:
            r = results[gid][label]
            print(f"{gid:<10} {label:<5} {r['decisions']:>9} {r['bytecodes_per_decision']:>19} "
                  f"{r['calls_per_decision']:>15}")
        if args.base:
            a, b = results[gid]["base"], results[gid]["this"]
            if a["decisions"] != b["decisions"]:
                print(f"{'':<10} (the two trees played different games: {a['decisions']} and "
                      f"{b['decisions']} decisions)")
            print(f"{'':<10} this/base: bytecodes {b['bytecodes_per_decision'] / a['bytecodes_per_decision']:.3f}, "
                  f"calls {b['calls_per_decision'] / a['calls_per_decision']:.3f}")
    for gid in games:
        r = results[gid]["this"]
        if r.get("top"):
            print(f"\n{gid}: bytecodes and calls a decision, by function")
            for row in r["top"]:
                print(f"  {row['bytecodes']:8.1f} {row['calls']:6.2f}  {row['function']}")
        if r.get("kinds"):
            print(f"\n{gid}: by decision (each listing and each applied action)")
            for row in r["kinds"]:
                print(f"  {row['what']:<36} {row['count']:>6}  bytecodes {row['bytecodes']:8.1f}  "
                      f"calls {row['calls']:6.2f}  {row['share']:5.1f}% of all")
    write_json(args.json, results)


if __name__ == "__main__":
    main()
