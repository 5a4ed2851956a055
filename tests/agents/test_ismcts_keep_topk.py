"""ISMCTS's ``keep_margin`` (keep the heuristic's move unless the search's best beats it by a
margin) and ``top_k`` (search only the heuristic's first k choices at the root), on a one-move
game: ``draw`` ends drawn, ``win`` wins for player 0, ``lose`` loses. The heuristic here prefers
``draw``, then ``lose``, then ``win``."""
from __future__ import annotations

import pytest

from tcg.agents import ismcts
from tcg.agents.base import AgentView
from tcg.agents.ismcts import ISMCTSAgent
from tcg.engine.action import Action, Decision
from tcg.engine.game import Game
from tcg.engine.rules import Ruleset
from tcg.engine.state import BaseState

DRAW, WIN, LOSE = (Action(t) for t in ("draw", "win", "lose"))
PREFERENCE = (DRAW, LOSE, WIN)


class OneMoveState(BaseState):
    __slots__ = ()

    def clone(self) -> "OneMoveState":
        s = OneMoveState.__new__(OneMoveState)
        self._copy_base(s)
        return s


class OneMoveRules(Ruleset):
    id = "one-move-test"
    players = 2

    def new_state(self, decks, seed):
        s = OneMoveState(seed)
        s.decision = Decision(0, "choose")
        return s

    def legal_actions(self, s):
        return [WIN, LOSE, DRAW]

    def apply(self, s, a):
        s.decision = None
        s.end(None if a == DRAW else (0 if a == WIN else 1), a.type)

    def observe(self, s, player):
        return {}

    def determinize(self, s, viewer, rng):
        return s.clone()


def _preferring(view, rng):
    return next(a for a in PREFERENCE if a in view.choices)


@pytest.fixture
def choose(monkeypatch):
    monkeypatch.setattr(ismcts, "policy_for", lambda game_id: _preferring)

    def run(**options):
        game = Game(OneMoveRules(), [], 1)
        agent = ISMCTSAgent(seed=3, iterations=200, rollout_depth=0, **options)
        return agent.act(AgentView(game, game.legal_actions()))
    return run


def test_without_the_new_options_the_search_overrules_the_heuristic(choose):
    assert choose() == WIN
    assert choose(prior=0.0) == WIN


def test_keep_margin_keeps_the_heuristics_move_unless_the_search_beats_it_by_more(choose):
    # a win (1.0) beats the heuristic's draw (0.5) by 0.5
    assert choose(keep_margin=0.6) == DRAW
    assert choose(keep_margin=0.6, prior=0.0) == DRAW  # the heuristic's move is asked for anyway
    assert choose(keep_margin=0.4) == WIN


def test_top_k_searches_only_the_heuristics_first_choices(choose):
    assert choose(top_k=2) == DRAW    # draw and lose searched: the win is never looked at
    assert choose(top_k=3) == WIN
    assert choose(top_k=1) == DRAW


@pytest.mark.parametrize("options", [{"keep_margin": -0.1}, {"keep_margin": "x"}, {"keep_margin": True},
                                     {"top_k": -1}, {"top_k": 1.5}, {"top_k": "2"}])
def test_bad_values_are_refused(options):
    with pytest.raises(ValueError):
        ISMCTSAgent(**options)


def test_the_defaults_leave_both_off():
    cfg = ISMCTSAgent().game_settings("shironeko")
    assert cfg["keep_margin"] == 0 and cfg["top_k"] == 0
