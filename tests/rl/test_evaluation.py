"""``tcg.rl.evaluate`` and ``tcg.rl.policy_opponent``: deterministic with seeds, duplicate deals
played in both seats, argmax and sampled policies, Wilson intervals against the formula's known
values, a policy as the Gymnasium env's opponent."""
from __future__ import annotations

import math

import numpy as np
import pytest

import tcg.rl as rl
from tcg.rl.evaluation import Evaluation, wilson


def uniform(obs, mask):
    return np.zeros(len(mask))


class Scores:
    """A fixed random linear scorer: a policy that prefers some ids to others."""

    def __init__(self, game, seed=0):
        enc = rl.encoding(game)
        self.w = np.random.default_rng(seed).normal(size=(enc.n_actions,))

    def __call__(self, obs, mask):
        return self.w + float(np.asarray(obs).sum()) * 1e-3


def test_wilson_known_values():
    # 8 successes of 10 at 95%: the Wilson interval is (0.4902, 0.9433)
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    # the formula written out for 30 of 50
    z, n, p = 1.96, 50, 0.6
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert wilson(30, 50) == pytest.approx((centre - half, centre + half))
    assert wilson(0, 0) == (0.0, 1.0)
    e = Evaluation("zx", "random", False, True, games=10, wins=7, losses=1, draws=2)
    assert e.score == 0.8 and e.wilson95 == wilson(8, 10)


@pytest.mark.parametrize("game", ["shironeko", "zx"])
def test_duplicate_deals_in_both_seats_and_determinism(game):
    a = rl.evaluate(Scores(game), game, "random", games=6, seed=3)
    b = rl.evaluate(Scores(game), game, "random", games=6, seed=3)
    assert a.to_dict() == b.to_dict()   # the same seed: the same games
    assert a.games == 6 and a.wins + a.losses + a.draws == 6
    assert len(a.seeds) == 3 and sum(a.pairs.values()) == 3   # 3 deals, each played twice
    assert sum(a.by_seat[0]) == sum(a.by_seat[1]) == 3
    assert a.illegal == 0 and a.decisions > 0
    c = rl.evaluate(Scores(game), game, "random", games=6, seed=4)
    assert c.seeds != a.seeds
    single = rl.evaluate(Scores(game), game, "random", games=5, seed=3, duplicate=False)
    assert len(single.seeds) == 5 and sum(single.by_seat[0]) == 3 and sum(single.by_seat[1]) == 2
    odd = rl.evaluate(Scores(game), game, "random", games=5, seed=3)
    assert len(odd.seeds) == 3 and sum(odd.pairs.values()) == 2   # 2 pairs and 1 single game
    assert "95% CI" in a.summary() and "won twice" in a.summary()


def test_argmax_and_sampled():
    game = "shironeko"
    arg = rl.evaluate(Scores(game), game, "random", games=4, seed=1)
    smp = rl.evaluate(Scores(game), game, "random", games=4, seed=1, sampled=True)
    smp2 = rl.evaluate(Scores(game), game, "random", games=4, seed=1, sampled=True)
    assert not arg.sampled and smp.sampled
    assert smp.to_dict() == smp2.to_dict()   # the sampling generator is seeded too
    # a policy's argmax is deterministic: a duplicate pair against a deterministic opponent
    # replays the same moves
    one = rl.evaluate(uniform, game, "heuristic", games=2, seed=9)
    two = rl.evaluate(uniform, game, "heuristic", games=2, seed=9)
    assert one.to_dict() == two.to_dict()


class FakeModel:
    """What evaluate and the env read of a Stable-Baselines3 model: ``policy`` and ``predict``."""

    policy = object()

    def __init__(self):
        self.calls = []

    def predict(self, obs, action_masks=None, deterministic=True):
        self.calls.append(deterministic)
        return np.int64(np.flatnonzero(action_masks)[-1]), None


def test_sb3_model_and_policy_opponent():
    game = "turutoru"
    model = FakeModel()
    res = rl.evaluate(model, game, "random", games=2, seed=0, sampled=True)
    assert res.games == 2 and model.calls and not any(model.calls)   # sampled: deterministic=False
    # a policy as the env's opponent: an adapter, or the SB3 model as it is
    for opp in (rl.policy_opponent(Scores(game), game), FakeModel()):
        env = rl.gym_env(game, opponent=opp, seed=1)
        obs, info = env.reset(seed=1)
        rng = np.random.default_rng(0)
        for _ in range(200):
            obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            if term or trunc:
                break
    # the policy against itself
    res = rl.evaluate(Scores(game, 1), game, rl.policy_opponent(Scores(game, 2), game), games=2)
    assert res.games == 2


def test_illegal_ids_are_counted():
    res = rl.evaluate(lambda obs, mask: int(np.argmin(mask)), "zx", "random", games=2, seed=0)
    assert res.illegal > 0 and res.games == 2
