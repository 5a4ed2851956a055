"""Determinization checked independently of each game's own scramble: over many samples the
opponent's hidden zones are really redrawn (they differ from the real state), with the same sizes
and the same pooled multiset of unseen cards, and a sample's random generator is not the real one
(it would tell future draws). Written from the rules' point of view, zone by zone per game."""
from __future__ import annotations

import collections
import random

import pytest

import tcg
from tcg.engine.rng import Rng


def hidden_zones(game_id: str, state, opp: int) -> dict[str, list[int]]:
    """The opponent's zones a player cannot see, per game (instance ids)."""
    ps = state.players[opp]
    if game_id == "shironeko":
        return {"hand": ps.hand, "deck": ps.deck}
    if game_id == "turutoru":
        if state.phase == "programming" and not all(q.done_programming for q in state.players):
            # TT-T2: not even how many were stacked is known yet: hand and stack are one pool
            return {"hand": ps.hand + ps.programs, "deck": ps.deck}
        return {"hand": ps.hand, "deck": ps.deck, "programs": list(ps.programs)}  # not the running one
    if game_id == "kemuri":
        return {"hand": ps.hand, "deck": ps.deck}
    if game_id == "zx":
        return {"hand": ps.hand, "deck": ps.deck, "life": ps.life}
    raise AssertionError(game_id)


def card_ids(state, iids) -> collections.Counter:
    return collections.Counter(state.cards[i].id for i in iids)


def positions(game_id: str, want: str | None, seed: int, n: int = 6):
    """Games of random play stopped at decisions where a sample is possible (for Turu-turu,
    ``want='program'`` stops where the opponent has programmed face down)."""
    decks = tcg.list_decks(game_id)
    found = []
    rng = random.Random(seed)
    g = tcg.new_game(game_id, [decks[0], decks[-1]], seed=seed)
    while not g.is_over and len(found) < n:
        d = g.decision
        opp = 1 - d.player
        if g.determinized(d.player, Rng(1)) is not None:
            zones = hidden_zones(game_id, g.state, opp)
            if want is None and zones["hand"] or want == "program" and zones.get("programs"):
                found.append(g.clone())
        g.apply(rng.choice(g.legal_actions()))
    return found


CASES = [("shironeko", None), ("turutoru", None), ("turutoru", "program"), ("kemuri", None), ("zx", None)]


@pytest.mark.parametrize("game_id, want", CASES)
def test_samples_redraw_the_opponents_hidden_cards_from_the_unseen_pool(game_id, want):
    checked = 0
    for seed in (1, 2, 3):
        for g in positions(game_id, want, seed):
            me = g.decision.player
            real = {k: list(v) for k, v in hidden_zones(game_id, g.state, 1 - me).items()}
            pool = card_ids(g.state, [i for z in real.values() for i in z])
            differ = 0
            for k in range(20):
                sample = g.determinized(me, Rng(1000 + k))
                zones = hidden_zones(game_id, sample.state, 1 - me)
                assert {z: len(v) for z, v in zones.items()} == {z: len(v) for z, v in real.items()}
                assert card_ids(sample.state, [i for z in zones.values() for i in z]) == pool
                assert sample.state.rng.state != g.state.rng.state
                key = "programs" if want == "program" else "hand"
                if card_ids(sample.state, zones[key]) != card_ids(g.state, real[key]):
                    differ += 1
                # what the player sees is the same in the sample
                assert sample.observe(me) == g.observe(me)
            assert differ >= 10, f"{game_id} seed {seed}: only {differ}/20 samples redrew the {key}"
            checked += 1
    assert checked >= 3
