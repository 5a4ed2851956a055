"""The decisions of a search with a selector-table filter and of a look at a whole hidden zone
(engine/choices.py ``zone``) encode for both seats, with the card sets of the mechanics corpus
(tests/corpus/<game>/filters.toml); each legal action gets its own id, the fast and strict
encoders agree. Named by game, for ``tests/rl -k <game>``."""
from __future__ import annotations

from ..corpus import test_kemuri_filters as KM
from ..corpus import test_shironeko_filters as SN
from ..corpus import test_turutoru_filters as TT
from ..corpus import test_zx_filters as ZX
from ..games.harness_base import encoded_ids
from ..games.zx.harness import do as zx_do


def _check(g) -> None:
    """Both seats' observations encode (fast as strict) and each legal action has an id of its own."""
    enc, ids = encoded_ids(g, fast_too=True)
    assert int(enc.mask(ids).sum()) == len(g.legal_actions())


def test_zx_search_with_a_table_encodes():
    g = ZX.game(p0={"hand": ["FI-01"], "resources": ["Z-B1"], "deck": ["Z-R3", "Z-R1", "Z-B2"]})
    zx_do(g, "event", card="FI-01")
    assert g.decision.kind == "pick_card"
    _check(g)


def test_zx_look_at_the_opponents_hand_encodes():
    g = ZX.game(p0={"hand": ["FI-03"], "resources": ["Z-VB"]}, p1={"hand": ["Z-R5", "E-DRAW"]})
    zx_do(g, "event", card="FI-03")
    assert g.decision.kind == "look_take"
    _check(g)


def test_zx_look_at_the_life_encodes():
    g = ZX.game(p0={"hand": ["FI-04"], "resources": ["Z-G1"], "life": ["Z-R1", "Z-B2"]})
    zx_do(g, "event", card="FI-04")
    assert g.decision.kind == "look_take"
    _check(g)


def test_shironeko_search_with_a_table_encodes():
    g = SN.game(p0={"hand": ["SFI-01"], "town": [SN.ANY], "deck": ["F-R1", "F-R2"] + SN.DECK})
    SN.do(g, "monster", card="SFI-01")
    assert g.decision.kind == "search"
    _check(g)


def test_turutoru_search_with_a_table_encodes():
    g = TT.apply("TFI-01", p0=dict(deck=["T-PLACE3"] + TT.FILL))
    assert g.decision.kind == "search"
    _check(g)


def test_kemuri_search_with_a_table_encodes():
    g = KM.game(p0=dict(hand=["KFI-01"], deck=["K-EB"] + KM.FILL))
    KM.do(g, "support", card="KFI-01")
    assert g.decision.kind == "pick_card"
    _check(g)


def test_shironeko_look_at_the_opponents_hand_encodes():
    g = SN.game(p0={"hand": ["SFI-04"], "town": [SN.ANY]}, p1={"hand": ["F-R3", "F-B1"]})
    SN.do(g, "monster", card="SFI-04")
    assert g.decision.kind == "look_take"
    _check(g)


def test_turutoru_look_at_the_opponents_hand_encodes():
    g = TT.apply("TFI-04", p1=dict(hand=["T-PLACE3", "T-PLACE"]))
    assert g.decision.kind == "look_take"
    _check(g)


def test_kemuri_look_at_the_opponents_hand_encodes():
    g = KM.game(p0=dict(hand=["KFI-05"]), p1=dict(hand=["K-EB", "S-DRAW"]))
    KM.do(g, "support", card="KFI-05")
    assert g.decision.kind == "look_take"
    _check(g)
