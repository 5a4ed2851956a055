"""The computer players read structure, never display text (issue 31 item 2): with every entry of
every words table (the four games' ``text.toml`` and the shared ``tcg/text.toml``) replaced by a
placeholder, the heuristic agents play the very same games, move for move, on fixed seeds.

Rewording one entry of a ``text.toml`` must never change (or silently weaken) the computer
player: an agent that found a card by reading an action's text (``describe``), a label or a
name would play differently here."""
from __future__ import annotations

import pytest

import tcg.text as text_module
from tcg.agents.base import AgentView, make_agent
from tcg.api import GAMES, list_decks, new_game

GAMES_PER_ID = 12
PLACEHOLDER = "◇"


def _blank(table):
    """The TOML table with every text replaced by the placeholder (keys and structure kept)."""
    if isinstance(table, dict):
        return {k: _blank(v) for k, v in table.items()}
    if isinstance(table, str):
        return PLACEHOLDER
    return table


def _play(game_id: str, i: int) -> list:
    names = list_decks(game_id)
    agents = [make_agent("heuristic", seed=300 + i), make_agent("heuristic", seed=400 + i)]
    g = new_game(game_id, [names[i % len(names)], names[(i + 1) % len(names)]], seed=1000 + i)
    while not g.is_over:
        g.apply(agents[g.decision.player].act(AgentView(g, g.legal_actions())))
    return [(r["player"], r["action"]) for r in g.actions] + [g.result]


@pytest.fixture
def no_words(monkeypatch):
    """Every words table loads as placeholders (caches cleared before and after)."""
    real = text_module._load
    monkeypatch.setattr(text_module, "_load", lambda path: _blank(real(path)))
    text_module.catalog.cache_clear()
    yield
    monkeypatch.undo()
    text_module.catalog.cache_clear()


def test_placeholders_really_replace_the_words(no_words):
    from tcg.text import catalog
    for gid in GAMES:
        words = catalog(gid)
        keys = words.keys()
        assert keys, gid
        assert all(words.t(k, lang) == PLACEHOLDER for k in keys[:50] for lang in ("en", "ja")
                   if not isinstance((words.entry(k) or {}).get(lang), dict))


@pytest.mark.parametrize("game_id", GAMES)
def test_heuristics_play_the_same_without_words(game_id, request):
    with_words = [_play(game_id, i) for i in range(GAMES_PER_ID)]
    request.getfixturevalue("no_words")
    without = [_play(game_id, i) for i in range(GAMES_PER_ID)]
    for i, (a, b) in enumerate(zip(with_words, without)):
        first = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), None)
        assert a == b, f"{game_id} game {i}: the moves differ from move {first} on without words"
