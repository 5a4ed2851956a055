"""The decisions of a search with a selector-table filter and of a look at a whole hidden zone
(engine/choices.py ``zone``) encode for both seats, with the card sets of the mechanics corpus
(tests/corpus/<game>/filters.toml); each legal action gets its own id, the fast and strict
encoders agree. Named by game, for ``tests/rl -k <game>``."""
from __future__ import annotations

import numpy as np

import tcg
from tcg.rl.encoder import GameEncoding

from ..corpus import test_kemuri_filters as KM
from ..corpus import test_shironeko_filters as SN
from ..corpus import test_turutoru_filters as TT
from ..corpus import test_zx_filters as ZX
from ..games.zx.harness import do as zx_do


def _check(game_id: str, g, monkeypatch) -> None:
    monkeypatch.setattr(tcg, "card_set", lambda _: g.rules.cards)  # the corpus's cards
    enc = GameEncoding(game_id)
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


def test_zx_search_with_a_table_encodes(monkeypatch):
    g = ZX.game(p0={"hand": ["FI-01"], "resources": ["Z-B1"], "deck": ["Z-R3", "Z-R1", "Z-B2"]})
    zx_do(g, "event", card="FI-01")
    assert g.decision.kind == "pick_card"
    _check("zx", g, monkeypatch)


def test_zx_look_at_the_opponents_hand_encodes(monkeypatch):
    g = ZX.game(p0={"hand": ["FI-03"], "resources": ["Z-VB"]}, p1={"hand": ["Z-R5", "E-DRAW"]})
    zx_do(g, "event", card="FI-03")
    assert g.decision.kind == "look_take"
    _check("zx", g, monkeypatch)


def test_zx_look_at_the_life_encodes(monkeypatch):
    g = ZX.game(p0={"hand": ["FI-04"], "resources": ["Z-G1"], "life": ["Z-R1", "Z-B2"]})
    zx_do(g, "event", card="FI-04")
    assert g.decision.kind == "look_take"
    _check("zx", g, monkeypatch)


def test_shironeko_search_with_a_table_encodes(monkeypatch):
    g = SN.game(p0={"hand": ["SFI-01"], "town": [SN.ANY], "deck": ["F-R1", "F-R2"] + SN.DECK})
    SN.do(g, "monster", card="SFI-01")
    assert g.decision.kind == "search"
    _check("shironeko", g, monkeypatch)


def test_turutoru_search_with_a_table_encodes(monkeypatch):
    g = TT.apply("TFI-01", p0=dict(deck=["T-PLACE3"] + TT.FILL))
    assert g.decision.kind == "search"
    _check("turutoru", g, monkeypatch)


def test_kemuri_search_with_a_table_encodes(monkeypatch):
    g = KM.game(p0=dict(hand=["KFI-01"], deck=["K-EB"] + KM.FILL))
    KM.do(g, "support", card="KFI-01")
    assert g.decision.kind == "pick_card"
    _check("kemuri", g, monkeypatch)


def test_shironeko_look_at_the_opponents_hand_encodes(monkeypatch):
    g = SN.game(p0={"hand": ["SFI-04"], "town": [SN.ANY]}, p1={"hand": ["F-R3", "F-B1"]})
    SN.do(g, "monster", card="SFI-04")
    assert g.decision.kind == "look_take"
    _check("shironeko", g, monkeypatch)


def test_turutoru_look_at_the_opponents_hand_encodes(monkeypatch):
    g = TT.apply("TFI-04", p1=dict(hand=["T-PLACE3", "T-PLACE"]))
    assert g.decision.kind == "look_take"
    _check("turutoru", g, monkeypatch)


def test_kemuri_look_at_the_opponents_hand_encodes(monkeypatch):
    g = KM.game(p0=dict(hand=["KFI-05"]), p1=dict(hand=["K-EB", "S-DRAW"]))
    KM.do(g, "support", card="KFI-05")
    assert g.decision.kind == "look_take"
    _check("kemuri", g, monkeypatch)
