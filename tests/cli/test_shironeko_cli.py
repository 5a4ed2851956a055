"""``tcg play shironeko`` and ``tcg replay`` draw the game's board description (games/shironeko/
board.py) with the generic terminal table: the facts of the table, in both languages, in 80
columns."""
from __future__ import annotations

import pytest

from .helpers import run

NARROW = {"COLUMNS": "80"}


@pytest.mark.parametrize("lang, facts", [
    ("en", ["Turn 0 · set-up", "Decision: Mulligan (マリガン)", "Opponent · P1", "You · P0", "Deck ",
            "Hand 5", "Town deck 10", "Discard 0", "Town  ON 0/0", "Opponent's field (0)", "Your field (0)",
            "Your hand (", "Your options:"]),
    ("ja", ["ターン0 · 開始準備", "選択：マリガン", "相手・P1", "あなた・P0", "山札 ", "手札 5",
            "タウンデッキ 10", "捨て山 0", "タウン  ON 0/0", "相手の場 (0)", "あなたの場 (0)", "あなたの手札 (",
            "選択肢："]),
])
def test_play_shows_the_table_in_80_columns(runner, tmp_path, lang, facts):
    result = run(runner, "play", "shironeko", "--seed", 4, "--lang", lang, "--save", tmp_path / "g.json",
                 input="q\n", env=NARROW)
    assert result.exit_code == 0, result.output
    for fact in facts:
        assert fact in result.output, fact
    # every line fits, but a command printed whole on its own line (to copy as typed)
    assert max(len(line) for line in result.output.splitlines() if not line.startswith("  ")
               or " tcg " not in f" {line.strip()}") <= 80


def test_replay_shows_both_players_by_seat(runner, tmp_path):
    path = tmp_path / "g.json"
    run(runner, "play", "shironeko", "--seed", 4, "--save", path, input="$\n" * 6 + "q\n")
    out = run(runner, "replay", path, "--auto", env=NARROW).output
    # a spectator: both players by seat, no hand shown, hidden cards as counts
    for fact in ("P1  Deck ", "P0 · turn player", "P0's field (", "P1's field (", "Town  ON "):
        assert fact in out, fact
    assert "Your hand" not in out and "You · " not in out
    assert max(len(line) for line in out.splitlines()) <= 80
