"""What the heuristic tests share: the heuristics' strict mode (a decision must be the heuristic's
own, never its crash fallback's) and reading a mechanics corpus's cards as the card database.

    strict = strict_fixture(KM)          # an autouse fixture of the test module
    corpus = corpus_fixture("shironeko") # a fixture: corpus(g) -> g, the heuristic reads g's cards
"""
from __future__ import annotations

import pytest

from tcg.agents.base import AgentView
from tcg.agents.heuristics import kemuri as KM
from tcg.agents.heuristics import shironeko as SH
from tcg.agents.heuristics import zx as ZX
from tcg.engine.rng import Rng


def strict_fixture(*heuristics):
    """An autouse fixture ``strict``: the heuristic modules' ``STRICT`` is on during each test."""
    @pytest.fixture(autouse=True)
    def strict(monkeypatch):
        for heuristic in heuristics:
            monkeypatch.setattr(heuristic, "STRICT", True)
    return strict


def kemuri_choice(g, monkeypatch=None):
    """The Kemuri heuristic's answer at ``g``'s decision (seeded rng 0); with ``monkeypatch`` it
    reads ``g``'s cards (a corpus) as its card database."""
    if monkeypatch is not None:
        monkeypatch.setattr(KM, "_db", lambda cid: g.rules.cards.find(cid))
    return KM.policy(AgentView(g, g.legal_actions()), Rng(0))


def _read_shironeko(monkeypatch, g) -> None:
    monkeypatch.setattr(SH._TEXTS, "_set", g.rules.cards)
    monkeypatch.setattr(SH._TEXTS, "_by_id", {})


def _forget_shironeko() -> None:
    SH._ABILITIES.clear()
    SH._CARD_VALUES.clear()


def _read_zx(monkeypatch, g) -> None:
    monkeypatch.setattr(ZX, "STRICT", True)
    monkeypatch.setattr(ZX, "_db", g.rules.cards.find)


def _forget_zx() -> None:
    ZX._abilities.cache_clear()
    ZX._OPS.clear()


#: game -> (make its heuristic read a game's cards, forget what it has read)
_READERS = {"shironeko": (_read_shironeko, _forget_shironeko), "zx": (_read_zx, _forget_zx)}


def corpus_fixture(game: str):
    """A fixture ``corpus``: ``corpus(g)`` has ``game``'s heuristic read ``g``'s cards (a corpus)
    as its card database, forgetting what it read of other sets, and gives ``g`` back; what it
    read of the corpus is forgotten after the test."""
    read, forget = _READERS[game]

    @pytest.fixture
    def corpus(monkeypatch):
        def use(g):
            read(monkeypatch, g)
            forget()
            return g
        yield use
        forget()
    return corpus
