"""What the corpus scenario tests share beyond their game's harness: the narration of a game's
events in both languages, and the Z/X heuristic reading a corpus's cards.

    en, ja = narration(g, 0)             # every event so far, as player 0 reads it
    heuristic = zx_heuristic_fixture()   # a fixture: heuristic(g) is the heuristic's answer at g
"""
from __future__ import annotations

import importlib

import pytest

from tcg.agents.base import AgentView
from tcg.agents.heuristics import zx as ZX
from tcg.engine.game import Game
from tcg.engine.rng import Rng


def narration(g: Game, viewer: int) -> tuple[list[str], list[str]]:
    """Every event of ``g``'s state so far (the hidden ones too) narrated to ``viewer``, in
    English and in Japanese, by the text module of ``g``'s game."""
    text = importlib.import_module(f"tcg.games.{g.rules.id}.text")
    evs = [dict(type=e[0], **e[1]) for e in g.state.events]
    return text.lines(evs, viewer, "en", g.rules.cards), text.lines(evs, viewer, "ja", g.rules.cards)


def _forget_zx() -> None:
    """The Z/X heuristic forgets what it has read of any card."""
    for memo in (ZX._abilities, ZX._modes):
        memo.cache_clear()
    ZX._OPS.clear()


def zx_heuristic_fixture():
    """A fixture ``heuristic``: ``heuristic(g)`` is the Z/X heuristic's answer at ``g``'s decision
    (seeded rng 0), reading ``g``'s cards (a corpus) as its card database, its errors surfacing
    (``STRICT``); what it has read is forgotten before and after the test."""
    @pytest.fixture
    def heuristic(monkeypatch):
        def answer(g: Game):
            monkeypatch.setattr(ZX, "_db", g.rules.cards.find)
            return ZX.policy(AgentView(g, g.legal_actions()), Rng(0))
        monkeypatch.setattr(ZX, "STRICT", True)
        _forget_zx()
        yield answer
        _forget_zx()
    return heuristic
