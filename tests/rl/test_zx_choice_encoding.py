"""The decisions of Z/X choices (engine/choices.py) encode: ``choose_mode``, ``look_take``,
``look_order`` and a target chosen by the opponent (``chooser = "opponent"``), for both seats,
with the card set of the mechanics corpus (tests/corpus/zx/choices.toml); each legal action gets
its own id, and the fast and strict encoders agree."""
from __future__ import annotations

import numpy as np
import pytest

import tcg
from tcg.rl.encoder import GameEncoding

from ..corpus.test_zx_choices import game
from ..games.zx.harness import do


def _check(g, monkeypatch) -> None:
    monkeypatch.setattr(tcg, "card_set", lambda game_id: g.rules.cards)  # the corpus's cards
    enc = GameEncoding("zx")
    for p in (0, 1):
        vec, ctx = enc.encode(g.observe(p), p, strict=True)
        assert ((vec >= enc.low) & (vec <= enc.high)).all()
        fast, _ = enc.encode(g.observe(p), p)
        assert np.array_equal(fast, vec)
    p = g.decision.player
    vec, ctx = enc.encode(g.observe(p), p, strict=True)
    ids = enc.legal_ids(g.legal_actions(), ctx, strict=True)
    assert set(ids.values()) == set(g.legal_actions())
    assert int(enc.mask(ids).sum()) == len(g.legal_actions())


def _mode(g):
    do(g, "event", card="CH-04")


def _take(g):
    do(g, "place", card="CH-08", square=4)


def _order(g):
    do(g, "place", card="CH-08", square=4)
    do(g, "look_done")


def _chooser(g):
    do(g, "event", card="CH-07")


@pytest.mark.parametrize("start, kind, resources", [(_mode, "choose_mode", "Z-B1"), (_take, "look_take", "Z-B1"),
                                                    (_order, "look_order", "Z-B1"), (_chooser, "target", "Z-VB")])
def test_the_choice_decisions_encode(monkeypatch, start, kind, resources):
    g = game(p0={"hand": ["CH-04", "CH-08", "CH-07"], "resources": [resources] * 2,
                 "deck": ["Z-R3", "E-PUMP", "Z-B2", "Z-R1"]},
             board={3: dict(card="Z-R5", owner=1), 5: dict(card="Z-R1", owner=1)})
    start(g)
    assert g.decision.kind == kind
    _check(g, monkeypatch)
