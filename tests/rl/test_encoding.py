"""The encodings and action tables of the four games over seeded games: the mask names exactly
the legal actions, different observations give different vectors, strict encoding covers every
key, and what a player cannot see never changes its vector."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import tcg
from tcg.engine.rng import Rng
from tcg.rl.encoder import EncodingError, encoding

from .games import GAMES, played


def _key(obs) -> str:
    import json
    return json.dumps(obs, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("game", GAMES)
def test_mask_matches_legal_actions(game):
    enc = encoding(game)
    decisions = 0
    for g in played(game, range(6)):
        if g.is_over:
            continue
        p = g.decision.player
        vec, ctx = enc.encode(g.observe(p), p, strict=True)
        legal = g.legal_actions()
        ids = enc.legal_ids(legal, ctx, strict=True)   # raises on an unnamed or shared id
        mask = enc.mask(ids)
        assert mask.dtype == np.int8 and mask.shape == (enc.n_actions,)
        assert int(mask.sum()) == len(legal)
        for aid in np.flatnonzero(mask):
            assert sum(1 for a in legal if a == ids[int(aid)]) == 1
        assert set(ids.values()) == set(legal)
        decisions += 1
    assert decisions > 100


@pytest.mark.parametrize("game", GAMES)
def test_different_observations_give_different_encodings(game):
    enc = encoding(game)
    seen: dict[bytes, str] = {}
    for g in played(game, range(3)):
        for p in (0, 1):
            obs = g.observe(p)
            vec, ctx = enc.encode(obs, p, strict=True)
            fast, fctx = enc.encode(obs, p)   # the compiled path: the same vector and card slots
            assert np.array_equal(vec, fast)
            assert {k: sorted(v) for k, v in ctx.locs.items()} == {k: sorted(v) for k, v in fctx.locs.items()}
            assert vec.dtype == np.float32 and vec.shape == (enc.size,)
            assert ((vec >= enc.low) & (vec <= enc.high)).all()
            key = _key(obs)
            other = seen.setdefault(vec.tobytes(), key)
            assert other == key, "two different observations share one encoding"
    assert len(seen) > 100


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_do_not_change_the_encoding(game):
    """A game that differs only in what p cannot see (determinized for p: the opponent's hand and
    every deck redrawn) encodes the same for p, with the same mask, while the opponent's own
    encoding does change in some of them (so the redraw really changed hidden cards)."""
    enc = encoding(game)
    rng = Rng(7)
    compared = changed = 0
    for i, g in enumerate(played(game, range(100, 103))):
        if g.is_over or i % 3:
            continue
        for p in (0, 1):
            other = g.determinized(p, rng)
            if other is None:
                continue
            mine, ctx = enc.encode(g.observe(p), p, strict=True)
            theirs, ctx2 = enc.encode(other.observe(p), p, strict=True)
            assert np.array_equal(mine, theirs)
            if g.decision.player == p:
                a = enc.mask(enc.legal_ids(g.legal_actions(), ctx, strict=True))
                b = enc.mask(enc.legal_ids(other.legal_actions(), ctx2, strict=True))
                assert np.array_equal(a, b)
            q = 1 - p
            if not np.array_equal(enc.encode(g.observe(q), q)[0], enc.encode(other.observe(q), q)[0]):
                changed += 1
            compared += 1
    assert compared > 20
    assert changed > 0


def test_strict_encoding_rejects_unknown_keys():
    g = tcg.new_game("shironeko", ["red_rush", "blue_control"], seed=1)
    enc = encoding("shironeko")
    obs = g.observe(0)
    obs["players"][0]["secret"] = 1
    with pytest.raises(EncodingError, match="secret"):
        enc.encode(obs, 0, strict=True)
    enc.encode(obs, 0)  # the fast path ignores it


def test_action_table_is_stable_and_described():
    for game in GAMES:
        enc = encoding(game)
        rows = enc.table.summary()
        assert rows[0][0] == 0 and sum(n for _, n, _ in rows) == enc.n_actions
        assert enc.table.describe(0).startswith(rows[0][2].split("(")[0])
        layout = enc.layout()
        assert sum(size for _, size, _, _ in layout) == enc.size


def test_import_tcg_does_not_import_the_rl_libraries():
    code = ("import sys, tcg; tcg.new_game('shironeko', ['red_rush', 'blue_control'], seed=1); "
            "bad = [m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel', 'tcg.rl') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
