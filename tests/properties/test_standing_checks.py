"""Standing checks hold at every decision: over fixed-seed random games, no decision ever opens
while a card on the board meets its destruction condition (issue 29 item 1).

ZX-B4 「パワー以上のダメージを受けた場合破壊される。」: a Z/X whose damage this turn is at least its
power is destroyed; docs/rules/zx.md reads it as a standing check, carried out after every
step, effect op and decision until nothing more is destroyed. Random play of the sample decks
meets a Z/X left at its damage by a placement only now and then (about once in 300 games), so
the Z/X games are also played with a deck built for it from the sample card set: Z/X that lower
the opponent's power (static), raise your own (static) or damage Z/X, and cheap Z/X to attack
with. Turu-turu (TT-A5, toughness) and Shironeko (SN-K8, HP) are held to the same property.

Seeded, not drawn by hypothesis: the same games every run, a few seconds in all."""
from __future__ import annotations

import pytest

import tcg
from tcg.agents.base import AgentView
from tcg.agents.random_agent import RandomAgent
from tcg.engine.deck import Deck
from tcg.games.shironeko import flow as SF
from tcg.games.turutoru import flow as TF
from tcg.games.zx import flow as ZF

DECISION_CAP = 3000

#: Z/X: lowering (ZXS-043), raising (ZXS-003, -007), damaging (ZXS-004, -042, -046, -012, -034)
#: and cheap Z/X, 50 main-deck cards (not a legal deck: played with validate=False)
PRESSURE = Deck.from_dict({"game": "zx", "name": "standing-check pressure", "main": {
    "ZXS-043": 4, "ZXS-042": 4, "ZXS-004": 4, "ZXS-012": 4, "ZXS-003": 4, "ZXS-007": 4, "ZXS-039": 4,
    "ZXS-001": 4, "ZXS-038": 4, "ZXS-040": 4, "ZXS-064": 4, "ZXS-002": 4, "ZXS-034": 2},
    "dynamis": {"ZXS-D09": 2, "ZXS-D07": 2, "ZXS-D18": 2, "ZXS-D17": 2}})


def _zx_doomed(s) -> list:
    sources = ZF.static_sources(s)
    return [u.iid for u in s.board if u is not None and u.damage > 0 and u.damage >= ZF.power_of(s, u, sources)]


def _tt_doomed(s) -> list:
    return [u.iid for ps in s.players for u in ps.chars if u.damage >= TF.toughness_of(s, u)]


def _sn_doomed(s) -> list:
    return [u.iid for ps in s.players for u in ps.chars if u.damage >= SF.hp_of(s, u)]


def _sample_decks(game_id: str, seed: int) -> list[str]:
    names = tcg.list_decks(game_id)
    return [names[seed % len(names)], names[(seed // len(names)) % len(names)]]


def _check_games(game_id: str, doomed, decks, seeds: range, validate: bool = True) -> int:
    """Play random games and check ``doomed`` (cards meeting their destruction condition) is
    empty at every decision; returns how many decisions were checked."""
    checked = 0
    for seed in seeds:
        game = tcg.new_game(game_id, decks(seed), seed=seed, validate=validate)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        n = 0
        while not game.is_over and n < DECISION_CAP:
            bad = doomed(game.state)
            assert not bad, (f"{game_id} seed {seed}, decision {n} ({game.decision.kind}): cards {bad} "
                             "meet their destruction condition while a decision is open")
            view = AgentView(game, game.legal_actions())
            game.apply(agents[view.player].act(view))
            n += 1
        checked += n
    return checked


def test_zx_b4_no_decision_opens_while_a_zx_has_damage_at_least_its_power():
    """ZX-B4: with the pressure deck (about one game in thirty met a Z/X left at its damage at
    a decision before the check ran after every step) and with the sample decks."""
    assert _check_games("zx", _zx_doomed, lambda seed: [PRESSURE, PRESSURE], range(300), validate=False) > 0
    assert _check_games("zx", _zx_doomed, lambda seed: _sample_decks("zx", seed), range(60)) > 0


@pytest.mark.parametrize("game_id,doomed", [("turutoru", _tt_doomed), ("shironeko", _sn_doomed)],
                         ids=["TT-A5", "SN-K8"])
def test_tt_a5_sn_k8_no_decision_opens_while_a_character_meets_its_destruction_condition(game_id, doomed):
    """TT-A5 (damage reaching toughness) and SN-K8 (damage >= HP) hold at every decision too."""
    assert _check_games(game_id, doomed, lambda seed: _sample_decks(game_id, seed), range(60)) > 0
