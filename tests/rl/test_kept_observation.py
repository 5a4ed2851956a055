"""The PettingZoo env's kept observations (issue 34, item 4): what a seat is handed after each
step -- the vector and ids kept up to date from what changed (``SeatEncoder``), the mask and the
legal ids computed from the kept walk's card locations -- equals what is built afresh from
``game.observe(seat)`` (``enc.features(enc.encode(...)[0])``, ``enc.legal_ids``) at every step of
random games of the four games, for both seats: a seat observed at every step or only now and
then (after several steps of the other seat), after a ``reset``, and after ``save()`` /
``restore()`` and a pickled copy of the env."""
from __future__ import annotations

import pickle
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcg.rl as rl

from .games import GAMES

AGENTS = ("player_0", "player_1")
#: decisions per episode at most (a Kemuri game can take over a thousand; the others end sooner)
LIMIT = 400


def _fresh(env, seat: int):
    """What ``seat`` would be handed, built from scratch: floats, ids, mask, legal ids (None
    for a seat not deciding)."""
    enc, g = env.enc, env.game
    vec, ctx = enc.encode(g.observe(seat), seat)
    floats, ids = enc.features(vec)
    if g.is_over or g.decision.player != seat:
        return floats, ids, np.zeros(enc.n_actions, dtype=np.int8), None
    legal = g.legal_actions()
    by_id = enc.legal_ids(legal, ctx)
    id_of = {id(a): k for k, a in by_id.items()}   # (the legal actions are alive: ids unique)
    order = [id_of.get(id(x), -1) for x in legal]
    mask = np.zeros(enc.n_actions, dtype=np.int8)
    mask[list(by_id)] = 1
    return floats, ids, mask, order


def _check(env, agent: str) -> dict:
    """The kept observation of ``agent`` equals the fresh one (and is a copy: returned)."""
    seat = env._seat[agent]
    obs = env.observe(agent)
    floats, ids, mask, order = _fresh(env, seat)
    assert obs["observation"].dtype == np.float32 and obs["ids"].dtype == np.int64
    assert np.array_equal(obs["observation"], floats)
    assert np.array_equal(obs["ids"], ids)
    assert np.array_equal(obs["action_mask"], mask)
    if order is not None:
        assert env.infos[agent]["legal_ids"] == order
    return {k: v.copy() for k, v in obs.items()}


def _play(env, rng: random.Random, every: float, stop: int | None = None) -> int:
    """Random masked play, checking the deciding seat at every step and the other one with
    probability ``every``; every handed-out observation must stay as it was handed out (a later
    step must not write into it). Stops after ``stop`` steps (None: at the end). The steps."""
    steps = 0
    handed: list[tuple[dict, dict]] = []
    for agent in env.agent_iter():
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        if stop is not None and steps >= stop:
            break
        kept = _check(env, agent)
        handed.append((env.observe(agent), kept))
        other = AGENTS[1 - env._seat[agent]]
        if rng.random() < every:
            _check(env, other)
        ids = np.flatnonzero(kept["action_mask"])
        env.step(int(ids[rng.randrange(len(ids))]))
        steps += 1
    for obs, kept in handed[-50:]:
        assert all(np.array_equal(obs[k], kept[k]) for k in kept)
    return steps


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), every=st.sampled_from([1.0, 0.2, 0.0]))
def test_kept_observation_equals_fresh_at_every_step(game, seed, every):
    """Whole games, the other seat observed at every step, now and then, or never (then only
    when it decides: after all of the other seat's steps since); then a ``reset`` into a new
    game with the same env (nothing of the last game may be kept)."""
    env = rl.aec_env(game, seed=seed, max_decisions=LIMIT)
    rng = random.Random(seed)
    for episode in range(2):
        env.reset(seed=seed + episode)
        assert _play(env, rng, every) > 10


@pytest.mark.parametrize("game", GAMES)
def test_kept_observation_after_restore_and_pickle(game):
    """A snapshot taken mid-game and restored later (after more steps), and a pickled copy,
    hand out the fresh observations from their first step on."""
    env = rl.aec_env(game, seed=5, max_decisions=LIMIT)
    env.reset(seed=5)
    rng = random.Random(5)
    _play(env, rng, 0.5, stop=20)
    snapshot = env.save()
    copy = pickle.loads(pickle.dumps(env))
    _play(env, rng, 0.5, stop=15)
    env.restore(snapshot)
    for agent in AGENTS:
        _check(env, agent)
    assert _play(env, rng, 0.5, stop=150) > 0
    assert _play(copy, random.Random(6), 1.0, stop=150) > 0

