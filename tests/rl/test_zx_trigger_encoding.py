"""The decisions and events of Z/X triggered abilities (engine/triggers.py) encode: an optional
trigger's ``optional`` decision (its op ``trigger``) and the state after it, with the card set of
the mechanics corpus (tests/corpus/zx/triggers.toml)."""
from __future__ import annotations

import numpy as np

import tcg
from tcg.rl.encoder import GameEncoding

from ..corpus.test_zx_triggers import game
from ..games.zx.harness import do


def test_an_optional_trigger_encodes(monkeypatch):
    g = game(p0={"hand": ["Z-G1"], "resources": ["Z-G1"]}, board={3: "CT-02"})
    do(g, "place", card="Z-G1", square=4)
    assert g.decision.kind == "optional" and g.decision.info["op"] == "trigger"
    monkeypatch.setattr(tcg, "card_set", lambda game_id: g.rules.cards)  # the corpus's cards
    enc = GameEncoding("zx")
    for p in (0, 1):
        vec, ctx = enc.encode(g.observe(p), p, strict=True)
        assert ((vec >= enc.low) & (vec <= enc.high)).all()
    vec, ctx = enc.encode(g.observe(0), 0, strict=True)
    ids = enc.legal_ids(g.legal_actions(), ctx, strict=True)
    assert set(ids.values()) == set(g.legal_actions())
    assert int(enc.mask(ids).sum()) == 2
    do(g, "optional", use=True)
    fast, _ = enc.encode(g.observe(0), 0)
    slow, _ = enc.encode(g.observe(0), 0, strict=True)
    assert np.array_equal(fast, slow)
