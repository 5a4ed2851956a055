"""Network-ready observations: every float within bounds that hold (the raw values before the
encoder's clipping too), scaled into [-1, 1]; card, instance and name ids as integers in their
own array; names as card-set indices; the Dict observation of the Gymnasium env; the hidden
cards do not reach the ids either."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tcg.rl as rl
from tcg.rl.encoder import encoding

from .games import GAMES, played


@pytest.mark.parametrize("game", GAMES)
def test_every_value_within_the_declared_bounds(game):
    enc = encoding(game)
    assert enc.f_low.min() >= -1.0 and enc.f_high.max() <= 1.0
    assert (enc.f_low <= 0).all() and (enc.f_high >= 0).all()
    assert enc.id_high.max() <= 256 and len(enc.id_pos) > 0
    ids_seen = 0
    n = 0
    for g in played(game, range(3)):
        for p in (0, 1):
            obs = g.observe(p)
            buf, _ = enc._fast(obs, p)   # the compiled encoder's values before any clipping
            raw = np.frombuffer(buf, dtype=np.float32)
            bad = np.flatnonzero((raw < enc.low) | (raw > enc.high))
            assert not len(bad), [(enc.feature_name(i), float(raw[i]), float(enc.low[i]),
                                   float(enc.high[i])) for i in bad[:5]]
            floats, ids = enc.network(obs, p)
            assert floats.dtype == np.float32 and ids.dtype == np.int64
            assert ((floats >= enc.f_low) & (floats <= enc.f_high)).all()
            assert ((ids >= 0) & (ids <= enc.id_high)).all()
            assert np.array_equal(ids, raw[enc.id_pos].astype(np.int64))   # integers, exactly
            assert np.array_equal(floats[enc.id_pos], (ids > 0).astype(np.float32))
            ids_seen += int((ids > 0).sum())
            n += 1
    assert n > 50 and ids_seen > 0


def test_names_are_card_set_indices():
    for game in ("shironeko", "zx"):
        enc = encoding(game)
        names = [i for i, k in zip(enc.id_pos, enc.id_kinds) if k == "name"]
        assert names and all(enc.high[i] == len(enc.cards.names) + 1 for i in names)
    # a word an effect looks for (Shironeko: "a card whose name contains ソラ") has its own id,
    # after the card names; a word outside the card set gets the one id after them all
    enc = encoding("shironeko")
    table = enc.cards
    assert table.names["ソラ"] == len(table.names)
    from tcg.rl.schema import Ctx, Name
    node = Name()
    node.bind(table)
    out = [0.0]
    node.enc("ソラ", out, 0, Ctx(0, False, table))
    assert out[0] == table.names["ソラ"]
    node.enc("not a card word", out, 0, Ctx(0, False, table))
    assert out[0] == len(table.names) + 1 == node.bounds()[0][1]


@pytest.mark.parametrize("game", GAMES)
def test_dict_observation(game):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(rl.gym_env(game, opponent="random", seed=2, observation="dict"),
                  skip_render_check=True)
    env = rl.gym_env(game, opponent="random", seed=2, observation="dict")
    obs, info = env.reset(seed=5)
    enc = encoding(game)
    assert set(obs) == {"observation", "ids", "action_mask"}
    assert obs["ids"].shape == (len(enc.id_pos),)
    assert np.array_equal(obs["action_mask"].astype(bool), info["action_mask"])
    flat = rl.gym_env(game, opponent="random", seed=2)
    fobs, _ = flat.reset(seed=5)
    assert np.array_equal(fobs, obs["observation"])
    rng = np.random.default_rng(0)
    for _ in range(30):
        assert env.observation_space.contains(obs)
        obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if term or trunc:
            break
    with pytest.raises(ValueError):
        rl.gym_env(game, observation="pixels")


@pytest.mark.parametrize("game", ["shironeko", "zx"])
def test_ids_do_not_depend_on_hidden_cards(game):
    """The integer ids come from the player's own observation only: a redraw of the hidden cards
    (the engine's determinization) leaves the player's floats and ids unchanged."""
    from tcg.engine.rng import Rng
    enc = encoding(game)
    checked = 0
    for i, g in enumerate(played(game, range(2))):
        if g.is_over or i % 5:
            continue
        p = g.decision.player
        other = g.determinized(p, Rng(i))
        if other is None:
            continue
        a, b = enc.network(g.observe(p), p), enc.network(other.observe(p), p)
        assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
        checked += 1
    assert checked > 5
