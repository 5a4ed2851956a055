"""The fast paths of the environments give exactly what the plain ones give: the action ids
computed from the card locations alone (``GameEncoding.locator``, what OpenSpiel's
``legal_actions`` uses: no observation vector) equal the ids of a full encoding, at every decision
of seeded games of the four games; and the PettingZoo env's kept observation (the per-seat
incremental encoder, ``SeatEncoder.network``) equals a from-scratch one at every step of random
games (a Hypothesis property, a few examples). (``tcg.rl.vector_env`` is a Gymnasium
``SyncVectorEnv`` of ``gym_env``s: no fast path of its own to compare.)"""
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
        named += located._obs is not None   # (the observation was needed)
    assert named > 0


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**31 - 1), cap=st.sampled_from([60, 250]))
def test_kept_observation_equals_a_fresh_one_every_step(game, seed, cap):
    """The PettingZoo env's kept observation (the per-seat incremental encoder, the fused
    ``SeatEncoder.network``, the card locations listed only when asked for) equals the one built
    from scratch -- ``features(encode(game.observe(seat)))``, the ids and mask of ``legal_ids`` --
    for both seats at every step of a random game (cut after ``cap`` decisions)."""
    import random

    import tcg.rl as rl
    enc = encoding(game)
    env = rl.aec_env(game, seed=seed, max_decisions=cap)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        g = env.game
        for a in env.possible_agents:
            seat = env._seat[a]
            o = env.observe(a)
            floats, ids = enc.features(enc.encode(g.observe(seat), seat)[0])
            assert np.array_equal(o["observation"], floats) and np.array_equal(o["ids"], ids)
            if seat == g.decision.player:
                want = enc.legal_ids(g.legal_actions(), enc.encode(g.observe(seat), seat)[1])
                assert np.array_equal(o["action_mask"], enc.mask(want))
                assert info["legal_ids"] == [next((k for k, x in want.items() if x is y), -1)
                                             for y in g.legal_actions()]
            else:
                assert not o["action_mask"].any()
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
