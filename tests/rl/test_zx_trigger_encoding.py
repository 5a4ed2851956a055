"""The decisions and events of Z/X triggered abilities (engine/triggers.py) encode: an optional
trigger's ``optional`` decision (its op ``trigger``) and the state after it, with the card set of
the mechanics corpus (tests/corpus/zx/triggers.toml)."""
from __future__ import annotations



from ..corpus.test_zx_triggers import game
from ..games.harness_base import encoded_ids, fast_encoding_is_strict
from ..games.zx.harness import do


def test_an_optional_trigger_encodes():
    g = game(p0={"hand": ["Z-G1"], "resources": ["Z-G1"]}, board={3: "CT-02"})
    do(g, "place", card="Z-G1", square=4)
    assert g.decision.kind == "optional" and g.decision.info["op"] == "trigger"
    enc, ids = encoded_ids(g)
    assert int(enc.mask(ids).sum()) == 2
    do(g, "optional", use=True)
    assert fast_encoding_is_strict(g, 0)
