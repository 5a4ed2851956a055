"""The environments' memos give exactly the from-scratch encoding: the incremental per-seat
encoder (``encoding(game).incremental()``), the per-action-value id plans of the action table and
the read-only action dicts of ``info``. Compared at every decision of seeded games of the four
games, for both seats, with a seat encoded after several decisions, across resets, and with memos
fed two games at once (a memo must never carry anything of one game or seat into another)."""
from __future__ import annotations

import random

import numpy as np
import pytest

import tcg
import tcg.rl as rl
from tcg.rl.actions import ActionCtx
from tcg.rl.core import action_dict
from tcg.rl.encoder import encoding

from .games import GAMES, played


def _scratch(enc, g, p):
    """The from-scratch encoding of what ``p`` sees (a fresh, unshared observation) and, when
    ``p`` decides, the ids and mask."""
    vec, ctx = enc.encode(g.observe(p), p)
    if g.is_over or g.decision.player != p:
        return vec, ctx, None, None
    ids = enc.legal_ids(g.legal_actions(), ctx)
    return vec, ctx, ids, enc.mask(ids)


def _check(enc, seat_enc, g, p):
    vec, found = seat_enc.encode(g.observe(p, shared=True), p)
    want, ctx, ids, mask = _scratch(enc, g, p)
    assert vec.dtype == np.float32 and np.array_equal(vec, want)
    assert found.found() == ctx.found()   # the same card locations, in the same order
    if ids is not None:
        legal = g.legal_actions()
        got, order = enc.legal_ids_in_order(legal, found)
        assert got == ids and np.array_equal(enc.mask(got), mask)
        assert [order[i] for i in range(len(legal))] == [
            next((k for k, a in ids.items() if a is x), -1) for x in legal]
    return vec


@pytest.mark.parametrize("game", GAMES)
def test_incremental_equals_from_scratch_every_decision(game):
    """Both seats at every decision; a third memo that sees seat 0 only when it decides (several
    of the opponent's decisions in between); one memo per seat kept over all the games (a new
    game is a new deal: nothing may be reused from the last one)."""
    enc = encoding(game)
    every = [enc.incremental(), enc.incremental()]
    deciding = enc.incremental()
    n = 0
    for g in played(game, range(4)):
        for p in (0, 1):
            v = _check(enc, every[p], g, p)
            v[:] = -7.0   # a caller writing into the vector it got must not change the memo
        if not g.is_over and g.decision.player == 0:
            _check(enc, deciding, g, 0)
        n += 1
    assert n > 100


@pytest.mark.parametrize("game", GAMES)
def test_incremental_memo_fed_two_games_and_both_seats(game):
    """One memo fed observations of two different games alternately, and of both seats in turn
    (a change of seat clears it), still gives the from-scratch vectors."""
    enc = encoding(game)
    shared = enc.incremental()
    a, b = played(game, [11]), played(game, [12])
    steps = 0
    for ga, gb in zip(a, b):
        for g in (ga, gb):
            for p in (0, 1):
                if steps % 3 == 0 or p == 0:
                    _check(enc, shared, g, p)
        steps += 1
    assert steps > 30


@pytest.mark.parametrize("game", GAMES)
def test_memoized_action_ids_equal_the_direct_numbering(game):
    enc = encoding(game)
    checked = 0
    for g in played(game, range(20, 23)):
        if g.is_over:
            continue
        p = g.decision.player
        _, ctx = enc.encode(g.observe(p), p)
        legal = g.legal_actions()
        actx = ActionCtx(p, ctx.locs, enc.zones, legal)
        for a in legal:
            assert enc.table.action_id(a, actx) == enc.table._direct(a, actx)  # (the numbering without the memo)
            d = action_dict(a)
            assert d == a.to_dict()
            with pytest.raises(TypeError):
                d["type"] = "changed"
            checked += 1
    assert checked > 100


def _env_step_checks(env, enc, rng):
    """One env.last() compared to the from-scratch encoding, then a uniform masked step; False
    once the episode is over."""
    if not env.agents:
        return False
    agent = env.agent_selection
    obs, reward, term, trunc, info = env.last()
    if term or trunc:
        env.step(None)
        return True
    g = env.game
    seat = g.decision.player
    assert agent == f"player_{seat}"
    want, ctx, ids, mask = _scratch(enc, g, seat)
    floats, id_vec = enc.features(want)   # what the env hands out: the scaled view of it
    assert np.array_equal(obs["observation"], floats) and np.array_equal(obs["ids"], id_vec)
    assert np.array_equal(obs["action_mask"], mask)
    assert info["legal_actions"] == [a.to_dict() for a in g.legal_actions()]
    assert info["observation"] == g.observe(seat)
    other = 1 - seat
    assert np.array_equal(env.observe(f"player_{other}")["observation"], enc.network(g.observe(other), other)[0])
    legal_ids = np.flatnonzero(obs["action_mask"])
    env.step(int(legal_ids[rng.randrange(len(legal_ids))]))
    return True


@pytest.mark.parametrize("game", GAMES)
def test_two_envs_interleaved_step_by_step(game):
    """Two environments with different seeds stepped in turn, each observation (both seats) and
    mask equal to the from-scratch ones, over several resets of each."""
    enc = encoding(game)
    envs = [rl.aec_env(game, seed=1), rl.aec_env(game, seed=2)]
    rng = random.Random(5)
    episodes = 0
    for rnd in range(2):
        for i, env in enumerate(envs):
            env.reset(seed=100 * rnd + i)
        live = [True, True]
        steps = 0
        while any(live) and steps < 400:
            for i, env in enumerate(envs):
                if live[i]:
                    live[i] = _env_step_checks(env, enc, rng)
            steps += 1
        episodes += 2
    assert episodes == 4


def test_gym_env_observations_equal_from_scratch():
    for game in GAMES:
        enc = encoding(game)
        env = rl.gym_env(game, opponent="random", seed=3)
        obs, info = env.reset(seed=3)
        rng = np.random.default_rng(0)
        for _ in range(60):
            g = env.game
            assert np.array_equal(obs, enc.network(g.observe(env.seat), env.seat)[0])
            ids = np.flatnonzero(env.action_masks())
            obs, reward, term, trunc, info = env.step(int(rng.choice(ids)))
            if term or trunc:
                obs, info = env.reset()


def test_fresh_decks_every_reset_do_not_share_memos():
    """The same env reset with fixed decks (the same cards again, so the same card views could
    come back) stays equal to from-scratch."""
    enc = encoding("shironeko")
    env = rl.aec_env("shironeko", decks=["red_rush", "blue_control"], seed=4)
    rng = random.Random(1)
    for seed in (4, 4, 5):
        env.reset(seed=seed)
        steps = 0
        while _env_step_checks(env, enc, rng) and steps < 150:
            steps += 1
    assert tcg.list_games()
