"""What the ``tcg`` commands do alike for every game with a terminal front end of its own
(Kemuri, Turu-turu, Z/X): conceding, simulate, bench, the cards table's columns, catalog. Each game's
particular lines stay in tests/cli/test_<game>_cli.py."""
from __future__ import annotations

import json

import pytest

from tcg.games import get_rules

from .helpers import run

GAMES = ["kemuri", "turutoru", "zx"]

# the cards table: each game's own column headers, and other games' headers it must not show
CARD_COLUMNS = {
    "kemuri": (("Lv", "Cost", "Shift", "CP", "Call-in", "Help", "Person", "Charm"),
               ("Colour", "Rune", "STOP!", "ATK/HP", "Programs", "Gender")),
    "turutoru": (("Seg", "P/T", "Programs", "Gender", "Work"), ("Cost", "Colour", "Rune", "STOP!", "ATK/HP")),
    "zx": (("Colour", "Cost", "Power", "Race", "Ign", "Timing", "Marks", "Dynamis"),
           ("Rune", "STOP!", "ATK/HP", "Programs", "Call-in", "Shift")),
}
# catalog: the game's name (and a phrase of its rules) as the catalog shows them
CATALOG = {"kemuri": ("Kemuri Chuudoku", "close"), "turutoru": ("Turu-turu Stage",),
           "zx": ("Z/X -Zillions of enemy X-", "3x3 board")}


@pytest.fixture(params=GAMES)
def game(request) -> str:
    return request.param


def test_play_concede(runner, tmp_path, game):
    path = tmp_path / "c.json"
    result = run(runner, "play", game, "--seed", 4, "--save", path, input="c\ny\n")
    assert result.exit_code == 0
    assert "You lose." in result.output and "concession" in result.output
    assert json.loads(path.read_text(encoding="utf-8"))["result"]["reason"] == "concede"


def test_simulate_json(runner, game):
    result = run(runner, "simulate", game, "--games", 3, "--seed", 2, "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["game"] == game and summary["games"] == 3
    assert summary["player0_wins"] + summary["player1_wins"] + summary["draws"] == 3
    assert sum(summary["end_reasons"].values()) == 3
    again = json.loads(run(runner, "simulate", game, "--games", 3, "--seed", 2, "--json").stdout)
    assert again == summary


def test_simulate_table(runner, game):
    result = run(runner, "simulate", game, "--games", 2, "--seed", 1)
    assert result.exit_code == 0
    for word in ("Win rate", "95% CI", "Draws", "End reasons"):
        assert word in result.output


def test_bench_json(runner, game):
    result = run(runner, "bench", game, "--seconds", 0.05, "--json")
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["game"] == game and out["games"] >= 1 and out["decisions_per_s"] > 0


def test_cards_table_columns(runner, game):
    cards = list(get_rules(game).cards)
    result = run(runner, "cards", game)
    assert result.exit_code == 0, result.output
    out = result.output
    headers, others = CARD_COLUMNS[game]
    for header in headers:
        assert header in out
    for word in others:  # other games' columns
        assert word not in out
    for c in cards:
        assert c.id in out
    assert f"{len(cards)} of {len(cards)} cards" in out


def test_catalog(runner, game):
    result = run(runner, "catalog", game)
    assert result.exit_code == 0
    for label, _ in get_rules(game).profile.rows():
        assert label in result.output
    for words in CATALOG[game]:
        assert words in result.output
    games = run(runner, "games")
    assert games.exit_code == 0 and game in games.output


@pytest.mark.parametrize("first, who", [("me", 0), ("computer", 1)])
def test_play_first_chosen(runner, tmp_path, first, who):
    """``--first`` chooses who goes first (the record keeps it); random is the default (drawn)."""
    path = tmp_path / "f.json"
    result = run(runner, "play", "kemuri", "--seed", 5, "--seat", 1, "--first", first, "--save", path,
                 input="c\ny\n")
    assert result.exit_code == 0, result.output
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["first"] == (1 if who == 0 else 0)  # seat 1 is "me"
    drawn = tmp_path / "d.json"
    assert run(runner, "play", "kemuri", "--seed", 5, "--save", drawn, input="c\ny\n").exit_code == 0
    assert "first" not in json.loads(drawn.read_text(encoding="utf-8"))
    bad = run(runner, "play", "kemuri", "--first", "later", "--save", tmp_path / "b.json")
    assert bad.exit_code != 0 and "--first must be random, me or computer" in bad.output
