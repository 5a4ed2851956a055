"""The terminal's result line addresses the viewer as "you" from the seats and the names given,
never by comparing a rendered word with "You" / "あなた" (issue 31): rewording who.you in a
words table changes the words, not which sentence is chosen."""
from __future__ import annotations

import pytest

import tcg.present.text as text_module
from tcg.api import GAMES, list_decks, new_game
from tcg.ui import get_renderer, label_players
from tcg.present import words
from tcg.ui import terminal


@pytest.fixture
def keys_only(monkeypatch):
    """Sentences come out as their keys; every words table is blanked (who.you included)."""
    real = text_module._load

    def blank(t):
        return {k: blank(v) for k, v in t.items()} if isinstance(t, dict) else "◇" if isinstance(t, str) else t
    monkeypatch.setattr(text_module, "_load", lambda path: blank(real(path)))
    monkeypatch.setattr(words, "say", lambda key, *a, **k: key)  # the result's words (tcg.present)
    text_module.catalog.cache_clear()
    yield
    monkeypatch.undo()
    text_module.catalog.cache_clear()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_viewer_is_you_by_seat_not_by_word(game_id, lang, keys_only):
    g = new_game(game_id, list_decks(game_id)[:2], seed=1)
    you = get_renderer(game_id, g, lang, viewer=0)
    assert you.who(0) == "◇"  # the word is gone...
    assert you.viewer_is_you  # ...the seat still says who "you" is
    assert terminal.result_text(you, {"winner": 0, "reason": "x"}, 0).plain == "result.you_win"
    assert terminal.result_text(you, {"winner": 1, "reason": "x"}, 0).plain == "result.you_lose"
    same = get_renderer(game_id, g, lang, viewer=1, names=label_players(1, 2))
    assert same.viewer_is_you
    replay = get_renderer(game_id, g, lang, viewer=0, names={0: "P0", 1: "P1"})
    assert not replay.viewer_is_you
    assert terminal.result_text(replay, {"winner": 0, "reason": "x"}, 0).plain == "result.win"
    spectator = get_renderer(game_id, g, lang, viewer=None)
    assert not spectator.viewer_is_you
