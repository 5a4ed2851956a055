"""How a game's end reads for the player who won: "You win!", never "You wins" (the shared
"{who} wins" is for a named player), in the event line of every game."""
from __future__ import annotations

import pytest

import tcg
from tcg.ui import get_renderer

REASONS = {"shironeko": "deck_out", "turutoru": "hp", "kemuri": "close", "zx": "life"}


@pytest.mark.parametrize("game_id", sorted(REASONS))
def test_the_winner_reads_you_win_and_the_loser_opponent_wins(game_id):
    g = tcg.new_game(game_id, tcg.list_decks(game_id)[:2], seed=1)
    for lang, you, them in (("en", "You win", "Opponent wins"), ("ja", "あなたの勝ち", "相手の勝ち")):
        r = get_renderer(game_id, g, lang, viewer=0)
        won = r.event_text({"type": "game_over", "winner": 0, "reason": REASONS[game_id]})
        lost = r.event_text({"type": "game_over", "winner": 1, "reason": REASONS[game_id]})
        assert you in won and "wins" not in won, won
        assert them in lost, lost
