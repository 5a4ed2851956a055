"""The fast paths of the environments give exactly what the plain ones give: the action ids
computed from the card locations alone (``GameEncoding.locator``, what OpenSpiel's
``legal_actions`` uses: no observation vector) equal the ids of a full encoding, and the batched
vector env (``tcg.rl.vector_env``) equals a Gymnasium ``SyncVectorEnv`` of the same envs. Checked
at every decision of seeded games of the four games (a few seconds each)."""
from __future__ import annotations

import numpy as np
import pytest

from tcg.rl.encoder import encoding

from .games import GAMES, played


@pytest.mark.parametrize("game", GAMES)
def test_located_ids_equal_the_encoded_ones_every_decision(game):
    enc = encoding(game)
    named = 0
    for g in played(game, range(3)):
        for p in (0, 1):
            _, ctx = enc.encode(g.observe(p), p)
            located = enc.locator(g, p)
            assert located.found() == ctx.found()   # the same locations, in the same order
        if g.is_over:
            continue
        p = g.decision.player
        legal = g.legal_actions()
        _, ctx = enc.encode(g.observe(p), p)
        want = enc.legal_ids_in_order(legal, ctx)
        located = enc.locator(g, p)
        got = enc.legal_ids_in_order(legal, located)
        assert got == want and len(got[0]) == len(legal)
        named += located._found.__class__ is list   # (the observation was needed)
    assert named > 0
