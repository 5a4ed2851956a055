"""The decisions of Z/X choices (engine/choices.py) encode: ``choose_mode``, ``look_take``,
``look_order`` and a target chosen by the opponent (``chooser = "opponent"``), for both seats,
with the card set of the mechanics corpus (tests/corpus/zx/choices.toml); each legal action gets
its own id, and the fast and strict encoders agree."""
from __future__ import annotations

import pytest

from ..corpus.test_zx_choices import game
from ..games.harness_base import encoded_ids
from ..games.zx.harness import do


def _check(g) -> None:
    """Both seats' observations encode (fast as strict) and each legal action has an id of its own."""
    enc, ids = encoded_ids(g, fast_too=True)
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
def test_the_choice_decisions_encode(start, kind, resources):
    g = game(p0={"hand": ["CH-04", "CH-08", "CH-07"], "resources": [resources] * 2,
                 "deck": ["Z-R3", "E-PUMP", "Z-B2", "Z-R1"]},
             board={3: dict(card="Z-R5", owner=1), 5: dict(card="Z-R1", owner=1)})
    start(g)
    assert g.decision.kind == kind
    _check(g)
