"""What the benchmarks that count per decision share (bench_bytecodes.py, bench_instructions.py,
peers.py): the command line that names the games, the checkouts counted, and the JSON written.

Imported by its siblings run as scripts (``python benchmarks/x.py`` puts this folder first on
``sys.path``); it imports nothing of ``tcg`` at its top, so a script counting another checkout's
``tcg`` can import it before that checkout is on the path.
"""
from __future__ import annotations

import argparse
import json
import os
from typing import Any


def games_parser(doc: str | None, games: int, warm: int) -> argparse.ArgumentParser:
    """The parser of a benchmark that plays ``--games`` random games per game after ``--warm``
    others: the games named (default: all) and those two counts, with their defaults."""
    from tcg.api import GAMES
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games_", nargs="*", metavar="game",
                    help=f"games to count (default: all of {', '.join(GAMES)})")
    ap.add_argument("--games", type=int, default=games, help=f"random games counted per game (default {games})")
    ap.add_argument("--warm", type=int, default=warm, help=f"games played first, not counted (default {warm})")
    return ap


def check_games(named: list[str]) -> None:
    """Stop with an error naming the games of ``named`` that the engine does not have."""
    from tcg.api import GAMES
    unknown = [g for g in named if g not in GAMES]
    if unknown:
        raise SystemExit(f"error: no game {', '.join(map(repr, unknown))} (games: {', '.join(GAMES)})")


def trees(script: str, base: str | None) -> list[tuple[str, str]]:
    """The checkouts counted, as (label, root): "this" (the one holding ``script``), after "base"
    (``--base``, another checkout of the project) when one is given; stops if ``base`` is not one."""
    if base and not os.path.isdir(os.path.join(base, "src", "tcg")):
        raise SystemExit(f"error: --base {base!r} is not a checkout of this project (no src/tcg in it)")
    this = [("this", os.path.dirname(os.path.dirname(os.path.abspath(script))))]
    return [("base", os.path.abspath(base))] + this if base else this


def write_json(path: str | None, results: Any) -> None:
    """``--json PATH``: the results written to ``path`` as well as printed (nothing without it)."""
    if path is None:
        return
    with open(path, "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1)
