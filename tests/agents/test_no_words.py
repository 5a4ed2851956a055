"""The computer players read structure, never display text (issue 31 item 2).

1. With every entry of every words table (the four games' ``text.toml`` and the shared
   ``tcg/text.toml``) replaced by a placeholder, the heuristic agents play the very same games,
   move for move, on fixed seeds.
2. While an agent (heuristic or ISMCTS) decides, no sentence, term or action text is looked up
   at all, and ``AgentView.describe`` is never called: this catches a text read even where the
   words it read happen not to change the move.

Rewording one entry of a ``text.toml`` must never change (or silently weaken) the computer
player. A card an action names but the observation does not show (searched from the deck) is
known by the id ``AgentView.cards`` gives. Against the heuristics as they were before (reading
``describe`` in all four games), the Kemuri case of (1) and every game's case of (2) failed."""
from __future__ import annotations

import pytest

import tcg.present.text as text_module
from tcg.agents.base import AgentView, make_agent
from tcg.api import GAMES, list_decks, new_game

GAMES_PER_ID = 12  # quick games (a few seconds for all four games)
PLACEHOLDER = "◇"


def _blank(table):
    """The TOML table with every text replaced by the placeholder (keys and structure kept)."""
    if isinstance(table, dict):
        return {k: _blank(v) for k, v in table.items()}
    if isinstance(table, str):
        return PLACEHOLDER
    return table


def _play(game_id: str, i: int, decks=None, kinds: list | None = None) -> list:
    names = list_decks(game_id)
    agents = [make_agent("heuristic", seed=300 + i), make_agent("heuristic", seed=400 + i)]
    decks = decks or [names[i % len(names)], names[(i + 1) % len(names)]]
    g = new_game(game_id, decks, seed=1000 + i, validate=False)
    while not g.is_over:
        if kinds is not None:
            kinds.append(g.decision.kind)
        g.apply(agents[g.decision.player].act(AgentView(g, g.legal_actions())))
    return [(r["player"], r["action"]) for r in g.actions] + [g.result]


def _searching_decks() -> list:
    """Two Turu-turu sample decks with four cards each changed for the searching applications
    (Legwork, Parts Order): no sample deck searches, and a search shows hidden cards."""
    from tcg.api import load_deck
    out = []
    for name in list_decks("turutoru")[:2]:
        main = list(load_deck("turutoru", name).section("main"))
        main[-4:] = ["TTS-041", "TTS-041", "TTS-042", "TTS-042"]
        out.append({"name": name, "sections": {"main": main}})
    return out


@pytest.fixture
def no_words(monkeypatch):
    """Every words table loads as placeholders (caches cleared before and after)."""
    real = text_module._load
    monkeypatch.setattr(text_module, "_load", lambda path: _blank(real(path)))
    text_module.catalog.cache_clear()
    yield
    monkeypatch.undo()
    text_module.catalog.cache_clear()


def test_turutoru_searches_the_same_without_words(request):
    kinds: list = []
    with_words = [_play("turutoru", i, _searching_decks(), kinds) for i in range(GAMES_PER_ID)]
    assert kinds.count("search") >= 3  # the games do search
    request.getfixturevalue("no_words")
    assert [_play("turutoru", i, _searching_decks()) for i in range(GAMES_PER_ID)] == with_words


def test_placeholders_really_replace_the_words(no_words):
    from tcg.present.text import catalog
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


@pytest.mark.parametrize("agent", ["heuristic", "ismcts"])
@pytest.mark.parametrize("game_id", GAMES)
def test_no_agent_looks_up_a_word_while_deciding(game_id, agent, monkeypatch):
    """While an agent decides, no sentence, term or action text is looked up at all (the words
    tables are only for people): an agent that asked for one would fail here even where the
    words it read happened not to change its move."""
    deciding = [False]
    asked: list[str] = []
    for name in ("t", "get", "term", "entry"):
        real = getattr(text_module.Catalog, name)

        def spy(self, key, *args, _real=real, **kw):
            if deciding[0]:
                asked.append(key)
            return _real(self, key, *args, **kw)
        monkeypatch.setattr(text_module.Catalog, name, spy)
    real_describe = AgentView.describe

    def describe(self, action, lang="en"):
        asked.append(f"describe {action!r}")
        return real_describe(self, action, lang)
    monkeypatch.setattr(AgentView, "describe", describe)
    names = list_decks(game_id)
    n, opts = (2, {"iterations": 8}) if agent == "ismcts" else (GAMES_PER_ID, {})
    for i in range(n):
        agents = [make_agent(agent, seed=10 + i, **opts), make_agent("heuristic", seed=20 + i)]
        # Turu-turu: decks that search (a searched card is known only by what the action names)
        decks = _searching_decks() if game_id == "turutoru" else [names[i % len(names)], names[(i + 1) % len(names)]]
        g = new_game(game_id, decks, seed=2000 + i, validate=False)
        steps = 0
        while not g.is_over and (agent != "ismcts" or steps < 80):
            view = AgentView(g, g.legal_actions())
            deciding[0] = True
            try:
                a = agents[g.decision.player].act(view)
            finally:
                deciding[0] = False
            g.apply(a)
            steps += 1
    assert not asked, f"{game_id}/{agent}: words looked up while deciding: {sorted(set(asked))[:5]}"
