"""Probe: do games make progress whatever legal actions are taken? For each game, plays seeded
games with three policies (always the first legal action, always the last, a random one) and
reports the largest number of options per decision kind, how the games ended (by their own rules
or by the safety cap) and whether a full game state ever repeated (a cycle: the same state,
decision and hidden contents reached twice).

    uv run python benchmarks/probe_progress.py                  # every game, seeds 0..2
    uv run python benchmarks/probe_progress.py kemuri --seeds 10 --cap 5000
"""
from __future__ import annotations

import argparse
import json
import random
from collections import Counter, defaultdict

import tcg
from tcg.engine.action import Decision
from tcg.engine.rng import Rng

SKIP = {"events", "cards", "owner"}  # the event log only grows; card data never changes


def fingerprint(obj):
    """A hashable picture of a whole state (every slot, recursively) but its event log."""
    if isinstance(obj, (int, float, str, bool)) or obj is None:
        return obj
    if isinstance(obj, (list, tuple)):
        return tuple(fingerprint(x) for x in obj)
    if isinstance(obj, (set, frozenset)):
        return frozenset(fingerprint(x) for x in obj)
    if isinstance(obj, dict):
        return tuple(sorted((str(k), fingerprint(v)) for k, v in obj.items()))
    if isinstance(obj, Decision):
        return ("D", json.dumps(obj.to_dict(), sort_keys=True, default=str))
    if isinstance(obj, Rng):
        return ("R", obj.state)
    slots = [s for k in type(obj).__mro__ for s in getattr(k, "__slots__", ())]
    if not slots and hasattr(obj, "__dict__"):
        slots = list(vars(obj))
    return (type(obj).__name__,) + tuple((s, fingerprint(getattr(obj, s, None)))
                                         for s in slots if s not in SKIP)


def play(game_id: str, policy: str, seed: int, cap: int):
    decks = tcg.list_decks(game_id)
    g = tcg.new_game(game_id, [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
    rng = random.Random(seed)
    widest: dict[str, int] = defaultdict(int)
    seen: set = set()
    repeat = None
    n = 0
    while not g.is_over and n < cap:
        legal = g.legal_actions()
        kind = g.decision.kind
        widest[kind] = max(widest[kind], len(legal))
        key = hash(fingerprint(g.state))
        if repeat is None and key in seen:
            repeat = (n, kind)
        seen.add(key)
        g.apply(legal[0] if policy == "first" else legal[-1] if policy == "last" else rng.choice(legal))
        n += 1
    reason = g.result["reason"] if g.is_over else f"not over after {cap}"
    return widest, reason, n, repeat


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", default=None)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--cap", type=int, default=5000, help="decisions before a game is stopped")
    args = ap.parse_args()
    for game_id in args.games or tcg.list_games():
        widest: dict[str, int] = defaultdict(int)
        for policy in ("first", "last", "random"):
            ends: Counter = Counter()
            lengths, repeats = [], []
            for seed in range(args.seeds):
                w, reason, n, repeat = play(game_id, policy, seed, args.cap)
                for k, v in w.items():
                    widest[k] = max(widest[k], v)
                ends[reason] += 1
                lengths.append(n)
                if repeat:
                    repeats.append((seed, *repeat))
            print(f"{game_id:9} {policy:6} ends {dict(ends)} decisions {min(lengths)}..{max(lengths)}"
                  f" repeats {repeats or 'none'}")
        print(f"{game_id:9} widest per decision kind: "
              + ", ".join(f"{k} {v}" for k, v in sorted(widest.items(), key=lambda kv: -kv[1])))


if __name__ == "__main__":
    main()
