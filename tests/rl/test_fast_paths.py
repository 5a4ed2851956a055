"""The fast paths of the environments give exactly what the plain ones give:

* the action ids computed from the card locations alone (``GameEncoding.locator``, what
  OpenSpiel's ``legal_actions`` uses: no observation vector, and only the zones the legal
  actions' rows name) equal the ids of a full encoding, at every decision of seeded games of the
  four games;
* OpenSpiel's ``legal_actions`` answered in Python equals the C++ one at every state;
* (the PettingZoo env's kept observation against a from-scratch one: in
  ``test_kept_observation.py``);
* the batched ``tcg.rl.vector_env`` gives what a Gymnasium ``SyncVectorEnv`` of the same
  ``gym_env``s gives, step for step (another property), and its scaling of the batch equals
  ``features`` of the clipped vector bit for bit, within and beyond the bounds."""
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


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_legal_actions_answered_in_python_equal_the_cpp_ones(game):
    """``TcgSpielState.legal_actions`` (answered in Python) equals OpenSpiel's C++
    ``State.legal_actions`` for the player to move, both players and the chance and terminal
    states, at every state of seeded random games."""
    import random

    pyspiel = pytest.importorskip("pyspiel")
    from tcg.rl.openspiel import register, short_name
    register()
    sg = pyspiel.load_game(short_name(game), {"deals": 7})
    cpp = pyspiel.State.legal_actions
    for seed in range(2):
        rng = random.Random(seed)
        s = sg.new_initial_state()
        while True:
            for args in ((), (0,), (1,)):
                assert s.legal_actions(*args) == cpp(s, *args), (seed, args, s.history())
            if s.is_terminal():
                break
            s.apply_action(rng.choice(cpp(s)))


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def _same(x, y, where: str) -> None:
    """``x`` and ``y`` (a vector env's observations, rewards, flags or infos) are equal: the same
    keys, dtypes, shapes and values."""
    if isinstance(x, dict):
        assert set(x) == set(y), (where, set(x) ^ set(y))
        for k in x:
            _same(x[k], y[k], f"{where}.{k}")
        return
    assert x.dtype == y.dtype and x.shape == y.shape, (where, x.dtype, y.dtype, x.shape, y.shape)
    if x.dtype == object:
        assert list(x) == list(y), where
    else:
        assert np.array_equal(x, y), where


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**31 - 1), n=st.integers(1, 3),
       mode=st.sampled_from(["vector", "dict"]), cap=st.sampled_from([None, 30]))
def test_batched_vector_env_equals_a_sync_vector_env(game, seed, n, mode, cap):
    """``tcg.rl.vector_env(game, n)`` (the rows written in place, the batch scaled at once, the
    masks and infos built for the batch) returns what Gymnasium's ``SyncVectorEnv`` of the same
    ``gym_env``s returns -- observations, rewards, terminations, truncations and every info key
    with its ``_key`` mask, dtypes included -- at every step of random play, through episode
    ends, truncations, ids outside the mask and the autoresets."""
    import functools
    import random

    import gymnasium

    import tcg.rl as rl
    kw = dict(opponent="random", observation=mode, max_decisions=cap)
    batched = rl.vector_env(game, n, seed=seed, **kw)
    sync = gymnasium.vector.SyncVectorEnv(
        [functools.partial(rl.gym_env, game, seed=seed + i, **kw) for i in range(n)])
    rng = random.Random(seed)
    got, want = batched.reset(seed=seed), sync.reset(seed=seed)
    _same(got[0], want[0], "reset obs")
    _same(got[1], want[1], "reset info")
    for t in range(150):
        masks = got[-1]["action_mask"]
        acts = np.array([rng.randrange(len(m)) if rng.random() < 0.01 or not m.any()
                         else rng.choice(np.flatnonzero(m)) for m in masks])
        got, want = batched.step(acts), sync.step(acts)
        for x, y, what in zip(got, want, ("obs", "reward", "terminated", "truncated", "info")):
            _same(x, y, f"step {t} {what}")
    assert all(np.array_equal(a, b) for a, b in zip(batched.call("action_masks"),
                                                      sync.call("action_masks")))
    batched.close()
    sync.close()


@pytest.mark.parametrize("game", GAMES)
def test_scaled_equals_features_of_the_clipped_vector(game):
    """``GameEncoding.scaled`` (one multiply and one clip, the ids' presence flags folded into
    them; what the envs and the batched env hand out, ``scaled_floats`` and ``scaled_ids``) gives
    the plain path's numbers bit for bit -- ``features`` of the vector clipped to its bounds --
    for rows inside, on and beyond every feature's bounds (the ids' included), one row at a time
    or a batch, into a new array or a kept one."""
    enc = encoding(game)
    rng = np.random.default_rng(len(game))
    lo, hi = enc.low.astype(np.float64), enc.high.astype(np.float64)
    raw = (lo + (hi - lo + 1) * rng.uniform(-0.5, 1.5, size=(7, enc.size))).astype(np.float32)
    raw[0], raw[1], raw[2] = enc.low, enc.high, 0.0
    raw[3:5, enc.id_pos] = np.rint(raw[3:5, enc.id_pos])   # whole ids, some beyond the bounds
    plain = [enc.features(np.clip(row, enc.low, enc.high)) for row in raw]
    want_floats = np.stack([f for f, _ in plain])
    want_ids = np.stack([i for _, i in plain])
    kept = np.full_like(raw, np.nan)
    for got in (enc.scaled(raw)[0], enc.scaled_floats(raw), enc.scaled_floats(raw, kept),
                np.stack([enc.scaled(row)[0] for row in raw])):
        assert got.dtype == want_floats.dtype
        assert np.array_equal(got.view(np.uint32), want_floats.view(np.uint32))
    for got_ids in (enc.scaled(raw)[1], enc.scaled_ids(raw)):
        assert got_ids.dtype == want_ids.dtype and np.array_equal(got_ids, want_ids)
    assert (want_floats[3:5, enc.id_pos] == 1.0).any() and (want_floats[3:5, enc.id_pos] == 0.0).any()


def test_batched_vector_env_without_copy_hands_out_its_own_buffer():
    """``vector_env(..., copy=False)`` hands out its own buffer (the same array at every step,
    as Gymnasium's ``copy=False``), with the numbers ``copy=True`` hands out as new arrays."""
    import tcg.rl as rl
    kept = rl.vector_env("kemuri", 2, seed=3, opponent="random", copy=False)
    fresh = rl.vector_env("kemuri", 2, seed=3, opponent="random")
    (got, info), (want, _) = kept.reset(seed=3), fresh.reset(seed=3)
    buffer, handed = got, [want]
    for _ in range(6):
        assert got is buffer and np.array_equal(got, want)
        acts = [int(np.argmax(m)) for m in info["action_mask"]]   # the first legal id (or 0)
        got, _, _, _, info = kept.step(acts)
        want = fresh.step(acts)[0]
        assert all(want is not h for h in handed)
        handed.append(want)
