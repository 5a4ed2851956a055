"""Markdown tables of every game's observation layout and action table (docs/research.md).

    uv run --extra rl python -m tcg.rl.describe [games...]
"""
from __future__ import annotations

import sys

import tcg

from .encoder import encoding


def markdown(game: str) -> str:
    enc = encoding(game)
    out = [f"### {game}: observation float32[{enc.size}], actions Discrete({enc.n_actions})", "",
           "Card-set row (`printed`, one per card id, "
           f"{enc.cards.width} floats): " + ", ".join(f"{k} ({n})" for k, n, _ in enc.cards.layout()) + ".", "",
           f"Integer ids (`features` / the `ids` observation, int64[{len(enc.id_pos)}]): "
           + ", ".join(f"{enc.id_kinds.count(k)} {k}" for k in ("card", "iid", "name")
                       if k in enc.id_kinds)
           + f", largest {int(enc.id_high.max())}; the floats are scaled into "
           f"[{float(enc.f_low.min()):g}, {float(enc.f_high.max()):g}].", "",
           "| offset | size | piece | meaning |", "|---:|---:|---|---|"]
    for off, size, name, desc in enc.layout():
        if size:
            out.append(f"| {off} | {size} | `{name}` | {desc} |")
    out += ["", "| ids | count | action (param: slots) |", "|---:|---:|---|"]
    for base, n, text in enc.table.summary():
        ids = f"{base}" if n == 1 else f"{base}-{base + n - 1}"
        out.append(f"| {ids} | {n} | `{text}` |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> None:
    games = (argv if argv is not None else sys.argv[1:]) or tcg.list_games()
    print("\n".join(markdown(g) for g in games))


if __name__ == "__main__":
    main()
