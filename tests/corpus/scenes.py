"""What the corpus scenario tests share beyond their game's harness: paying an optional cost with
a card chosen in secret, the narration of a game's events in both languages, and the Z/X
heuristic reading a corpus's cards.

    pay_in_secret(g, "K-LB")             # yes to the optional cost, paid with a K-LB of the hand
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

from ..games.harness_base import decision, first_legal, is_card


def _is(s, key: str, want, have) -> bool:
    """An action's parameter ``key`` has the value wanted: a text wants an instance of that card id."""
    return is_card(s, want, have) if isinstance(want, str) else have == want


def _act(g: Game, atype: str, **params) -> None:
    """Apply the legal action of type ``atype`` with these parameters, a text standing for an
    instance of that card id (the harnesses' ``do``, for any game)."""
    g.apply(first_legal(g, atype, params, _is))


def pay_in_secret(g: Game, card: str, player: int = 0) -> None:
    """``player``, asked whether to pay an optional cost, says yes and pays with ``card``, chosen
    among their own cards unseen by the other player (a ``target_hidden`` decision)."""
    assert decision(g) == (player, "optional") and g.decision.info["op"] == "pay", decision(g)
    _act(g, "optional", use=True)
    assert decision(g) == (player, "target_hidden"), decision(g)
    _act(g, "target", target=card)


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
