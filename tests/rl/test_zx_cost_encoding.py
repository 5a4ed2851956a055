"""The decisions of Z/X costs (engine/costs.py, games/zx/costs.py) encode: an activated ability
used from the hand (the action ``activate_card``), the choice of the card that pays (a
``target_hidden`` decision of the op ``pay``) and the optional ``pay`` op, with the card set of
the mechanics corpus (tests/corpus/zx/costs.toml)."""
from __future__ import annotations



from ..corpus.test_zx_costs import game
from ..games.harness_base import encoded_ids
from ..games.zx.harness import do


def _encodes(g, n_legal: int) -> None:
    """As ``encoded_ids`` (the fast encoding too), with ``n_legal`` ids in the mask."""
    enc, ids = encoded_ids(g, fast_too=True)
    assert int(enc.mask(ids).sum()) == n_legal


def test_activating_from_the_hand_and_paying_encode():
    g = game(p0={"hand": ["CC-02", "Z-R1"], "resources": ["Z-G1"], "trash": ["CC-07"]},
             board={3: "CC-01", 5: dict(card="Z-R2", owner=1)})
    types = {a.type for a in g.legal_actions()}
    assert {"activate", "activate_card"} <= types
    _encodes(g, len(g.legal_actions()))
    do(g, "activate", square=3, ability=0)
    assert g.decision.kind == "target_hidden" and g.decision.info["op"] == "pay"
    _encodes(g, 2)                                     # CC-02 or Z-R1 pays


def test_the_optional_pay_op_encodes():
    g = game(p0={"hand": ["CC-08", "Z-B1"], "resources": ["Z-G1"]})
    do(g, "place", card="CC-08", square=3)
    assert g.decision.kind == "optional" and g.decision.info["op"] == "pay"
    _encodes(g, 2)
