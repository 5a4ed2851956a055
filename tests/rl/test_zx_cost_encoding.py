"""The decisions of Z/X costs (engine/costs.py, games/zx/costs.py) encode: an activated ability
used from the hand (the action ``activate_card``), the choice of the card that pays (a
``target_hidden`` decision of the op ``pay``) and the optional ``pay`` op, with the card set of
the mechanics corpus (tests/corpus/zx/costs.toml)."""
from __future__ import annotations

import numpy as np

import tcg
from tcg.rl.encoder import GameEncoding

from ..corpus.test_zx_costs import game
from ..games.zx.harness import do


def _encodes(g, enc: GameEncoding, n_legal: int) -> None:
    for p in (0, 1):
        vec, ctx = enc.encode(g.observe(p), p, strict=True)
        assert ((vec >= enc.low) & (vec <= enc.high)).all()
    p = g.decision.player
    vec, ctx = enc.encode(g.observe(p), p, strict=True)
    ids = enc.legal_ids(g.legal_actions(), ctx, strict=True)
    assert set(ids.values()) == set(g.legal_actions())
    assert int(enc.mask(ids).sum()) == n_legal
    fast, _ = enc.encode(g.observe(p), p)
    assert np.array_equal(fast, vec)


def test_activating_from_the_hand_and_paying_encode(monkeypatch):
    g = game(p0={"hand": ["CC-02", "Z-R1"], "resources": ["Z-G1"], "trash": ["CC-07"]},
             board={3: "CC-01", 5: dict(card="Z-R2", owner=1)})
    monkeypatch.setattr(tcg, "card_set", lambda game_id: g.rules.cards)  # the corpus's cards
    enc = GameEncoding("zx")
    types = {a.type for a in g.legal_actions()}
    assert {"activate", "activate_card"} <= types
    _encodes(g, enc, len(g.legal_actions()))
    do(g, "activate", square=3, ability=0)
    assert g.decision.kind == "target_hidden" and g.decision.info["op"] == "pay"
    _encodes(g, enc, 2)                                     # CC-02 or Z-R1 pays


def test_the_optional_pay_op_encodes(monkeypatch):
    g = game(p0={"hand": ["CC-08", "Z-B1"], "resources": ["Z-G1"]})
    monkeypatch.setattr(tcg, "card_set", lambda game_id: g.rules.cards)
    enc = GameEncoding("zx")
    do(g, "place", card="CC-08", square=3)
    assert g.decision.kind == "optional" and g.decision.info["op"] == "pay"
    _encodes(g, enc, 2)
