"""`tcg simulate` and `tcg tournament`: outputs (JSON, CSV, PNG), options and errors."""
from __future__ import annotations

import csv
import json
import sys

import pytest

from tcg.sim.options import parse_agent_options, parse_value
from tcg.sim.records import COLUMNS

from .conftest import GAME, run

PNG = b"\x89PNG\r\n\x1a\n"


def _error(result) -> str:
    assert result.exit_code != 0
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def test_simulate_json_csv_and_plot(runner, decks, tmp_path):
    base = ["simulate", GAME, "--games", 6, "--seed", 9, "--decks", decks[0], decks[1]]
    out_json, out_csv, png = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "r.png"
    first = run(runner, *base, "--json", "--out", out_json, "--plot", png)
    assert first.exit_code == 0, first.output
    summary = json.loads(first.stdout)
    assert summary["games"] == 6 and summary["seed"] == 9
    assert [s["deck"] for s in summary["sides"]] == summary["decks"]
    assert sum(s["wins"] for s in summary["sides"]) + summary["draws"] == 6
    assert [s["went_first"] for s in summary["sides"]] and summary["first_player"]["games"] <= 6
    for key in ("mean", "median", "p10", "p90", "min", "max"):
        assert key in summary["turns"] and key in summary["decisions"]
    saved = json.loads(out_json.read_text(encoding="utf-8"))
    assert saved["summary"] == summary
    assert [g["index"] for g in saved["games"]] == list(range(6))
    assert [g["swapped"] for g in saved["games"]] == [False, True] * 3
    assert png.read_bytes().startswith(PNG)
    # the same run on two workers, as CSV
    second = run(runner, *base, "--workers", 2, "--out", out_csv)
    assert second.exit_code == 0, second.output
    with out_csv.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == COLUMNS and len(rows) == 6
    for row, game in zip(rows, saved["games"]):
        assert row["seat0_deck"] == game["seat0_deck"] and row["winner"] == ("" if game["winner"] is None
                                                                             else str(game["winner"]))
        assert int(row["turns"]) == game["turns"] and int(row["decisions"]) == game["decisions"]
    # seats alternate: the first deck sits in seat 0 in even games and seat 1 in odd ones
    names = summary["decks"]
    assert [r["seat0_deck"] for r in rows] == [names[0], names[1]] * 3
    for r in rows:
        if r["winner"]:
            side = int(r["winner_side"])
            assert r["winner_deck"] == names[side]


def test_simulate_table_shows_every_part(runner):
    result = run(runner, "simulate", GAME, "--games", 2, "--seed", 1, "--agents", "random", "heuristic")
    assert result.exit_code == 0, result.output
    for word in ("Win rate", "95% CI", "Went first", "Draws", "First-player win rate", "Game length",
                 "Median", "P10", "P90", "End reasons", "games/s", "heuristic"):
        assert word in result.output


def test_agent_options_reach_the_agents(runner):
    result = run(runner, "simulate", GAME, "--games", 2, "--agents", "random", "ismcts",
                 "--agent-option", "iterations=3", "--agent-option", "1:rollout_depth=5", "--json")
    assert result.exit_code == 0, result.output
    sides = json.loads(result.stdout)["sides"]
    assert "agent_options" not in sides[0]
    assert sides[1]["agent_options"] == {"iterations": 3, "rollout_depth": 5}


def test_parse_agent_options():
    assert parse_agent_options(["iterations=50", "1:seconds=0.25"], ["ismcts", "ismcts"]) == \
        [{"iterations": 50}, {"iterations": 50, "seconds": 0.25}]
    assert parse_agent_options(["iterations=5"], ["random", "ismcts"]) == [{}, {"iterations": 5}]
    assert [parse_value(v) for v in ("3", "0.5", "true", "none", "abc")] == [3, 0.5, True, None, "abc"]
    for bad in (["iterations"], ["nothing=1"], ["2:iterations=1"], ["x:iterations=1"]):
        with pytest.raises(ValueError):
            parse_agent_options(bad, ["random", "ismcts"])


@pytest.mark.parametrize("args, needle", [
    (["--agent-option", "depth=3"], "depth"),
    (["--agents", "random", "oracle"], "oracle"),
    (["--backend", "spark"], "spark"),
    (["--address", "auto"], "--address"),
    (["--out", "x.txt"], ".json or .csv"),
    (["--plot", "x.svg"], ".png"),
    (["--decks", "no_such_deck", "rush"], "no_such_deck"),
])
def test_simulate_errors_are_one_line(runner, args, needle):
    assert needle in _error(run(runner, "simulate", GAME, "--games", 1, *args))


def test_missing_ray_gives_the_install_hint(runner, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail
    line = _error(run(runner, "simulate", GAME, "--games", 1, "--backend", "ray"))
    assert "uv sync --extra ray" in line


# --- tournament ------------------------------------------------------------------------------

def test_tournament_matrix_standings_and_files(runner, decks, tmp_path):
    n = 4
    png, out = tmp_path / "t.png", tmp_path / "t.json"
    result = run(runner, "tournament", GAME, "--decks", *decks[:3], "--games-per-pair", n, "--seed", 2,
                 "--json", "--plot", png, "--out", out)
    assert result.exit_code == 0, result.output
    s = json.loads(result.stdout)
    k = len(s["decks"])
    assert k == 3 and s["pairs"] == 3 and s["games"] == 3 * n
    m = s["matrix"]
    assert len(m) == k and all(len(row) == k for row in m)
    for a in range(k):
        assert m[a][a] is None
        for b in range(k):
            if a != b:
                assert m[a][b]["games"] == n
                assert m[a][b]["draws"] == m[b][a]["draws"]
                assert m[a][b]["win_rate"] + m[b][a]["win_rate"] == pytest.approx(1 - m[a][b]["draws"] / n)
    assert sorted(x["deck"] for x in s["standings"]) == sorted(s["decks"])
    assert [x["place"] for x in s["standings"]] == [1, 2, 3]
    rates = [x["win_rate"] for x in s["standings"]]
    assert rates == sorted(rates, reverse=True)
    for x in s["standings"]:
        assert x["games"] == (k - 1) * n and x["wins"] + x["losses"] + x["draws"] == x["games"]
    assert png.read_bytes().startswith(PNG)
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["summary"] == s and len(saved["games"]) == 3 * n
    assert len({g["seed"] for g in saved["games"]}) == 3 * n
    # same seed, two workers, decks given as --decks D1 D2 D3: the same tournament
    again = run(runner, "tournament", GAME, "--decks", *decks[:3], "-n", n, "--seed", 2, "--workers", 2, "--json")
    assert json.loads(again.stdout) == s


def test_tournament_table(runner, decks):
    result = run(runner, "tournament", GAME, "--decks", decks[0], "--decks", decks[1], "-n", 2)
    assert result.exit_code == 0, result.output
    for word in ("round robin", "vs 1", "vs 2", "Standings", "Place", "95% CI", "First-player win rate"):
        assert word in result.output


def test_tournament_needs_two_decks(runner, decks):
    assert "two decks" in _error(run(runner, "tournament", GAME, "--decks", decks[0]))


def test_tournament_labels_repeated_decks(runner, decks):
    result = run(runner, "tournament", GAME, "--decks", decks[0], decks[0], "-n", 2, "--json")
    assert result.exit_code == 0, result.output
    labels = json.loads(result.stdout)["decks"]
    assert len(set(labels)) == 2 and labels[1].endswith("#2")


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_help(runner, command):
    result = run(runner, command, "--help")
    assert result.exit_code == 0
    for option in ("--workers", "--agent-option", "--out", "--plot", "--backend", "--address", "--seed"):
        assert option in result.output
    assert "tournament" in run(runner, "--help").output
