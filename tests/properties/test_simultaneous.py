"""The decisions a game's profile lists as simultaneous (``[simultaneous] decisions``, which the
browser uses to let the second player prepare ahead) are made at the same time in the source
rules; the engine asks them one player after the other, so it must keep the first player's
choices from the second. Here, for every listed decision, two games that differ only in the
first player's choices look the same to the second player and to spectators when the second
player's decision opens: the same events, observation and decision.

Rule IDs: TT-S2 (mulligan) and TT-T2 (programming), ZX-S2/ZX-S3 (start card, gate card). The
mulligans of SN-S3 and KM-S3 go in order (「先攻から順に」) and are not listed."""
from __future__ import annotations

import random

import pytest

import tcg
from tcg.games import get_rules

#: what each profile lists, by what its source says (the profile's comments quote the source)
LISTED = {"shironeko": [], "kemuri": [], "turutoru": ["mulligan", "program"], "zx": ["start_card", "gate_card"]}


def listed(game_id: str) -> frozenset[str]:
    return frozenset(get_rules(game_id).profile.get("simultaneous.decisions", None) or ())


@pytest.mark.parametrize("game_id", tcg.list_games())
def test_profiles_list_the_simultaneous_decisions_of_their_sources(game_id):
    """SN-S3, KM-S3 (in order), TT-S2, TT-T2, ZX-S2, ZX-S3 (at the same time); each listed
    decision is one the game asks."""
    rules = get_rules(game_id)
    assert sorted(listed(game_id)) == sorted(LISTED[game_id])
    assert listed(game_id) <= set(rules._LEGAL), "a listed decision the game never asks"


def _views(g, seat: int) -> tuple:
    return (list(g.log.for_player(seat)), list(g.log.for_spectator()), g.observe(seat), g.observe(None),
            g.decision)


def _second_opens(game_id: str, kind: str, seed: int, choice_seed: int, pair: int = 0):
    """Random play (its choices fixed by ``seed``) up to the first decision of ``kind``; from
    there the player asked makes random choices by ``choice_seed`` until the other player's
    listed decision opens. Returns that player's and the spectators' views then, or None if it
    never opens (the game ended or went past it, or a deck holds no card it is about). The decks:
    the ``seed + pair``-th sample deck and the next one."""
    names = tcg.list_decks(game_id)
    k = seed + pair
    g = tcg.new_game(game_id, [names[k % len(names)], names[(k + 1) % len(names)]], seed=seed)
    simultaneous = listed(game_id)
    rng = random.Random(seed)
    for _ in range(3000):
        if g.is_over:
            return None
        if g.decision.kind == kind:
            break
        g.apply(rng.choice(g.legal_actions()))
    else:
        return None
    first = g.decision.player
    own = random.Random(choice_seed)
    for _ in range(200):
        if g.is_over or g.decision.kind not in simultaneous:
            return None
        if g.decision.player != first:
            return _views(g, 1 - first)
        g.apply(own.choice(g.legal_actions()))
    return None


@pytest.mark.parametrize("game_id,kind", [(g, k) for g in tcg.list_games() for k in LISTED[g]])
@pytest.mark.parametrize("seed", range(4))
def test_a_simultaneous_decision_shows_the_second_player_nothing_of_the_first_choices(game_id, kind, seed):
    """TT-S2, TT-T2, ZX-S2, ZX-S3: the first player's choices at a listed decision change
    nothing the second player or a spectator sees before the second player has chosen."""
    # the first pair of sample decks (from the seed's on) where the decision opens for both
    pair = next((k for k in range(len(tcg.list_decks(game_id)))
                 if _second_opens(game_id, kind, seed, 0, k) is not None), None)
    assert pair is not None, "the second player's decision should open"
    seen = [_second_opens(game_id, kind, seed, choice_seed, pair) for choice_seed in range(8)]
    assert seen[0] is not None, "the second player's decision should open"
    for got in seen[1:]:
        assert got == seen[0]
