"""The rules' answers remembered per printed card or per deal (``engine.memo``) are their plain
functions' answers, worked out and then remembered (issue 32: where a fast path stays, one test
keeps it equal to the plain one). The heuristics' memos: test_kemuri_speed.py,
test_turutoru_speed.py."""
from __future__ import annotations

import pytest

import tcg
from tcg.api import list_decks, new_game
from tcg.engine.memo import plain
from tcg.games.kemuri import loops as kemuri_loops
from tcg.games.shironeko import payment as shironeko_payment
from tcg.games.turutoru import flow as turutoru_flow
from tcg.games.turutoru import state as turutoru_state
from tcg.games.zx import state as zx_state

#: (game, a function of one printed card remembered per card)
PER_CARD = [("shironeko", shironeko_payment._paid_uses), ("turutoru", turutoru_flow._static_ops),
            ("turutoru", turutoru_state.triggers_of), ("zx", zx_state.card_facts)]


@pytest.mark.parametrize("game_id, f", PER_CARD, ids=[f"{g}-{f.__name__}" for g, f in PER_CARD])
def test_a_fact_remembered_per_card_is_the_plain_answer(game_id, f):
    cards = list(tcg.card_set(game_id))
    assert cards
    for c in cards:
        want = plain(f)(c)
        for _ in range(2):  # worked out, then remembered
            assert f(c) == want, c.id


def test_kemuri_copies_remembered_per_deal_are_the_plain_answer():
    decks = list_decks("kemuri")
    for seed in range(3):
        s = new_game("kemuri", [decks[seed % len(decks)], decks[-1]], seed=seed).state
        want = plain(kemuri_loops.classes)(s)
        assert len(want) == len(s.cards)
        for state in (s, s.clone()):  # worked out, then remembered (a clone has the same deal)
            assert kemuri_loops.classes(state) == want
