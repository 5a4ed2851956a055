"""Game health of the Kemuri Chuudoku sample set: heuristic against heuristic in every pair of the
sample decks (mirrors included: 4 decks give 10 matchups), and for each matchup the first
player's win rate with its 95% Wilson interval, the mean number of turns and each deck's win
rate; then each deck's win rate over all its games. The target (docs/agents.md, "Game health"):
every matchup's first-player win rate within 40-60%.

    uv run python benchmarks/kemuri_health.py                       # 400 games a matchup, seed 1
    uv run python benchmarks/kemuri_health.py --games 200 --workers 2 --decks early_shift late_shift
    uv run python benchmarks/kemuri_health.py --json > health.json

Game i of a matchup uses seed SEED+i and swaps the seats on odd i (as `tcg simulate`), so each
deck goes first equally often in a mirror and about equally often otherwise; the results are the
same for any --workers. The exit status is 0 whether or not the target is met."""
from __future__ import annotations

import argparse
import json
import time
from itertools import combinations_with_replacement

import tcg
from tcg.sim.parallel import run_tasks
from tcg.sim.runner import make_matchup
from tcg.sim.stats import summarize, wilson

GAME = "kemuri"


def run(decks: list[str], games: int, seed: int, workers: int, agents: tuple[str, str]) -> dict:
    pairs = list(combinations_with_replacement(decks, 2))
    matchups = [make_matchup(GAME, list(pair), list(agents)) for pair in pairs]
    tasks = [(m, i, seed + i) for m in range(len(pairs)) for i in range(games)]
    t0 = time.perf_counter()
    results = run_tasks(matchups, tasks, workers=workers)
    elapsed = time.perf_counter() - t0
    rows = []
    deck_w = {d: 0 for d in decks}
    deck_n = {d: 0 for d in decks}
    for m, (a, b) in enumerate(pairs):
        rs = [r for r in results if r.match == m]
        s = summarize(rs, [{"deck": a}, {"deck": b}])
        fp = s["first_player"]
        rows.append({"decks": [a, b], "games": len(rs), "first_player_win_rate": fp["win_rate"],
                     "first_player_ci95": fp["ci95"], "mean_turns": s["mean_turns"],
                     "median_turns": s["turns"]["median"], "draws": s["draws"], "end_reasons": s["end_reasons"],
                     "deck_win_rates": [x["win_rate"] for x in s["sides"]]})
        if a != b:  # a mirror says nothing about the deck's strength
            for k, d in enumerate((a, b)):
                deck_w[d] += s["sides"][k]["wins"]
                deck_n[d] += len(rs)
    all_first = [r for r in results if r.winner is not None and r.first_player is not None]
    fw = sum(1 for r in all_first if r.winner == r.first_player)
    return {
        "games_per_matchup": games, "seed": seed, "agents": list(agents), "elapsed_s": elapsed,
        "matchups": rows,
        "decks": {d: {"wins": deck_w[d], "games": deck_n[d],
                      "win_rate": deck_w[d] / deck_n[d] if deck_n[d] else None,
                      "ci95": list(wilson(deck_w[d], deck_n[d]))} for d in decks},
        "overall": {"first_player_win_rate": fw / len(all_first) if all_first else None,
                    "first_player_ci95": list(wilson(fw, len(all_first))),
                    "mean_turns": sum(r.turns for r in results) / len(results) if results else None},
    }


def _pct(x: float | None) -> str:
    return "  -  " if x is None else f"{100 * x:4.1f}%"


def show(out: dict, lo: float, hi: float) -> None:
    print(f"Kemuri sample set health: {out['agents'][0]} vs {out['agents'][1]}, "
          f"{out['games_per_matchup']} games a matchup, seed {out['seed']}")
    print(f"{'matchup':<28} {'1st wins':>8} {'95% CI':>15} {'turns':>6}  {'deck A':>6} {'deck B':>6} {'draws':>5}  target")
    met = 0
    for r in out["matchups"]:
        a, b = r["decks"]
        fp, (cl, ch) = r["first_player_win_rate"], r["first_player_ci95"]
        ok = fp is not None and lo <= fp <= hi
        met += ok
        print(f"{a + ' v ' + b:<28} {_pct(fp):>8} {_pct(cl) + '-' + _pct(ch):>15} {r['mean_turns']:6.2f}  "
              f"{_pct(r['deck_win_rates'][0]):>6} {_pct(r['deck_win_rates'][1]):>6} {r['draws']:>5}  "
              f"{'ok' if ok else 'OUT'}")
    ov = out["overall"]
    print(f"{'all games':<28} {_pct(ov['first_player_win_rate']):>8} "
          f"{_pct(ov['first_player_ci95'][0]) + '-' + _pct(ov['first_player_ci95'][1]):>15} "
          f"{ov['mean_turns']:6.2f}")
    print(f"within {100 * lo:.0f}-{100 * hi:.0f}%: {met} of {len(out['matchups'])} matchups "
          "(first-player win rate over the decisive games)")
    reasons: dict[str, int] = {}
    for r in out["matchups"]:
        for k, v in r["end_reasons"].items():
            reasons[k] = reasons.get(k, 0) + v
    print("end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items(), key=lambda kv: -kv[1])))
    print("deck win rates (non-mirror games):")
    for d, v in out["decks"].items():
        print(f"  {d:<14} {_pct(v['win_rate'])}  ({_pct(v['ci95'][0])}-{_pct(v['ci95'][1])}, {v['games']} games)")
    print(f"({out['elapsed_s']:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400, help="games per matchup")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--decks", nargs="+", help="sample deck names (default: every sample deck)")
    ap.add_argument("--agents", nargs=2, default=["heuristic", "heuristic"])
    ap.add_argument("--target", nargs=2, type=float, default=[0.40, 0.60], metavar=("LO", "HI"))
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args()
    decks = args.decks or tcg.list_decks(GAME)
    out = run(decks, args.games, args.seed, args.workers, tuple(args.agents))
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        show(out, *args.target)


if __name__ == "__main__":
    main()
