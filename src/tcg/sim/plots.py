"""PNG charts of a simulation (win rates with 95% intervals, game lengths) and of a tournament
(matchup heat map). matplotlib is imported here only, with the Agg backend (no display)."""
from __future__ import annotations

import pathlib
import re
import warnings
from typing import Any, Sequence

CJK_FONTS = ("Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "IPAGothic", "TakaoGothic",
             "Hiragino Sans", "Yu Gothic", "MS Gothic", "Droid Sans Fallback")
_HAS_CJK: bool | None = None


def _pyplot():
    global _HAS_CJK
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    if _HAS_CJK is None:
        from matplotlib import font_manager
        names = {f.name for f in font_manager.fontManager.ttflist}
        found = [f for f in CJK_FONTS if f in names]
        _HAS_CJK = bool(found)
        if found:
            matplotlib.rcParams["font.family"] = ["sans-serif"]
            matplotlib.rcParams["font.sans-serif"] = [*found, *matplotlib.rcParams["font.sans-serif"]]
    return plt


def _label(text: str) -> str:
    """A deck name for a chart: without its Japanese gloss when no Japanese font is installed
    ("Red Rush (赤黄速攻)" -> "Red Rush"), wrapped."""
    if not _HAS_CJK:
        short = re.sub(r"\s*[(（][^)）]*[^\x00-\u024f][^)）]*[)）]", "", text).strip()
        text = short or text
    return _wrap(text)


def check_plot_path(path: str | pathlib.Path) -> pathlib.Path:
    """Check before any game is played that the chart can be written (and drawn)."""
    import importlib.util

    from .records import check_writable
    p = check_writable(path, "--plot", (".png",))
    if importlib.util.find_spec("matplotlib") is None:
        raise ValueError("--plot needs matplotlib, which is not installed (uv sync)")
    return p


def _save(fig, path: pathlib.Path) -> None:
    """Write the figure to ``path`` atomically (a temporary file renamed over it)."""
    from .records import atomic_write
    with warnings.catch_warnings():  # glyphs missing from the font are drawn as boxes
        warnings.filterwarnings("ignore", message="Glyph .* missing")
        atomic_write(path, lambda f: fig.savefig(f, dpi=100, format="png"), binary=True)


def _partial_title(summary: dict[str, Any]) -> str:
    partial = summary.get("partial")
    if not partial:
        return ""
    from .records import partial_note
    return f" — PARTIAL: {partial_note(partial)}"


def _bar(ax, labels: Sequence[str], rates: Sequence[dict[str, Any]], title: str) -> None:
    xs = range(len(labels))
    vals = [r["win_rate"] or 0.0 for r in rates]
    lo = [v - r["ci95"][0] for v, r in zip(vals, rates)]
    hi = [r["ci95"][1] - v for v, r in zip(vals, rates)]
    ax.bar(xs, vals, yerr=[lo, hi], capsize=6, color=["tab:blue", "tab:orange", "tab:green"][:len(labels)])
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xticks(list(xs), labels, fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title, fontsize=10)
    for x, v, r in zip(xs, vals, rates):
        ax.text(x, min(r["ci95"][1] + 0.02, 0.96), f"{v:.1%}", ha="center", fontsize=8)


def _hist(ax, values: Sequence[int], dist: dict[str, Any], what: str) -> None:
    if values:
        bins = min(30, max(1, len(set(values))))
        ax.hist(values, bins=bins, color="tab:grey", edgecolor="white")
        ax.axvline(dist["median"], color="tab:red", lw=1, label=f"median {dist['median']:g}")
        ax.axvline(dist["mean"], color="tab:blue", lw=1, ls="--", label=f"mean {dist['mean']:.1f}")
        ax.legend(fontsize=8)
    ax.set_xlabel(what)
    ax.set_ylabel("games")
    ax.set_title(f"{what} per game", fontsize=10)


def plot_simulation(path: str | pathlib.Path, summary: dict[str, Any], rows: Sequence[dict[str, Any]]) -> pathlib.Path:
    """Win rate of each side and of the first player (bars with 95% intervals) and
    histograms of turns and decisions per game."""
    p = check_plot_path(path)
    plt = _pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    sides = summary["sides"]
    labels = [_label(s.get("deck", "")) + f"\n({s.get('agent', '')})" for s in sides] + ["first player\n(decisive games)"]
    _bar(axes[0], labels, list(sides) + [summary["first_player"]], f"win rates, {summary['games']} games")
    _hist(axes[1], [r["turns"] for r in rows], summary["turns"], "turns")
    _hist(axes[2], [r["decisions"] for r in rows], summary["decisions"], "decisions")
    fig.suptitle(f"tcg simulate {summary.get('game', '')} (seed {summary.get('seed', '')})"
                 + _partial_title(summary))
    fig.tight_layout()
    _save(fig, p)
    plt.close(fig)
    return p


def plot_tournament(path: str | pathlib.Path, summary: dict[str, Any]) -> pathlib.Path:
    """Heat map of the matchup matrix: row deck's win rate against column deck."""
    p = check_plot_path(path)
    plt = _pyplot()
    labels = [_label(d) for d in summary["decks"]]
    n = len(labels)
    grid = [[float("nan") if c is None or c["win_rate"] is None else c["win_rate"] for c in row]
            for row in summary["matrix"]]
    size = max(5.0, 1.1 * n + 2.5)
    fig, ax = plt.subplots(figsize=(size + 1.5, size))
    im = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=1)
    fig.colorbar(im, ax=ax, label="row deck's win rate")
    ax.set_xticks(range(n), labels, rotation=45, ha="right", fontsize=8)
    ax.set_yticks(range(n), labels, fontsize=8)
    for r, row in enumerate(summary["matrix"]):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            lo, hi = cell["ci95"]
            ax.text(c, r, f"{cell['win_rate']:.0%}\n{lo:.0%}–{hi:.0%}", ha="center", va="center", fontsize=7)
    ax.set_title(f"tcg tournament {summary.get('game', '')}: {summary.get('games_per_pair', '')} games per pair"
                 + _partial_title(summary), **({"fontsize": 9} if summary.get("partial") else {}))
    fig.tight_layout()
    _save(fig, p)
    plt.close(fig)
    return p


def _wrap(text: str, width: int = 18) -> str:
    """Break long labels at spaces (deck names can be long)."""
    out, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    out.append(line)
    return "\n".join(out)
