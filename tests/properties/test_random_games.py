"""Property tests over many random games of every game with its shipped sample decks:
games end, cards are conserved, observations hide what they must, clones are independent,
and replaying a record rebuilds the same game."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

import tcg
from tcg.agents.base import AgentView
from tcg.agents.random_agent import RandomAgent
from tcg.engine.rng import Rng

from .adapters import scramble

GAMES = pytest.mark.parametrize("game_id", tcg.list_games())
DECISION_CAP = 20000
SEEDS = st.integers(min_value=0, max_value=2**40)
PROPS = settings(max_examples=25, deadline=None)


def _decks(game_id: str, seed: int) -> list[str]:
    names = tcg.list_decks(game_id)
    return [names[seed % len(names)], names[(seed // len(names)) % len(names)]]


def _new_game(game_id: str, seed: int):
    return tcg.new_game(game_id, _decks(game_id, seed), seed=seed)


def each_game_and_seed(**more):
    """A property test ``test(game_id, seed, ...)`` for every game, over random seeds (and the
    ``more`` strategies, by parameter name)."""
    return lambda test: GAMES(PROPS(given(seed=SEEDS, **more)(test)))


def _play(game, seed: int, each=None, cap: int = DECISION_CAP) -> int:
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    n = 0
    while not game.is_over and n < cap:
        if each is not None:
            each(game)
        view = AgentView(game, game.legal_actions())
        game.apply(agents[view.player].act(view))
        n += 1
    return n


@each_game_and_seed()
def test_random_games_end_and_conserve_cards(game_id, seed):
    game = _new_game(game_id, seed)
    total = len(game.state.cards)

    def check(g):
        g.rules.check_invariants(g.state)  # every card in exactly one place
        assert len(g.state.cards) == total
        assert g.decision is not None and g.legal_actions()

    n = _play(game, seed, check)
    assert game.is_over, f"seed {seed}: no result after {n} decisions"
    assert game.winner in (0, 1, None)
    game.rules.check_invariants(game.state)
    assert game.legal_actions() == []


def _scrambled(game, viewer: int | None, seed: int):
    """A clone in which everything ``viewer`` cannot see is rearranged (None: not possible now)."""
    g = game.clone()
    if not scramble(g, viewer, Rng(seed)):
        return None
    g.touch()
    return g


@each_game_and_seed()
def test_observations_hide_hidden_information(game_id, seed):
    game = _new_game(game_id, seed)
    checked = [0]

    def check(g):
        for viewer in (0, 1, None):
            obs = g.observe(viewer)
            json.dumps(obs)  # JSON-ready
            other = _scrambled(g, viewer, seed + checked[0])
            if other is None:
                return
            assert other.observe(viewer) == obs, f"view of {viewer} reveals hidden cards"
            for p in (0, 1):
                if p != viewer:
                    assert obs["players"][p]["hand"] is None
        checked[0] += 1

    _play(game, seed, check, cap=400)
    assert checked[0] > 0


@each_game_and_seed()
def test_event_log_redaction(game_id, seed):
    game = _new_game(game_id, seed)
    _play(game, seed, cap=300)
    raw = game.state.events
    full = list(game.log)
    private_events = 0
    for viewer in (0, 1, None):
        view = game.log.for_player(viewer) if viewer is not None else game.log.for_spectator()
        assert len(view) == len(full) == len(raw)
        for (etype, public, private, seen_by), shown in zip(raw, view):
            if private and (viewer is None or viewer not in seen_by):
                assert not (set(private) - set(public)) & set(shown), f"{etype} leaks to {viewer}"
                private_events += 1
    assert private_events > 0  # there were hidden draws to redact


@each_game_and_seed(steps=st.integers(min_value=0, max_value=150))
def test_clone_is_independent(game_id, seed, steps):
    game = _new_game(game_id, seed)
    _play(game, seed, cap=steps)
    before = (json.dumps(game.observe(None)), json.dumps(game.observe(0)), json.dumps(game.observe(1)),
              json.dumps(game.record()), len(game.log))
    twin = game.clone()
    _play(twin, seed + 99)  # different agents: different actions
    after = (json.dumps(game.observe(None)), json.dumps(game.observe(0)), json.dumps(game.observe(1)),
             json.dumps(game.record()), len(game.log))
    assert before == after
    # and the original can still be played on its own
    _play(game, seed)
    assert game.is_over


@each_game_and_seed()
def test_replay_reproduces_the_game(game_id, seed):
    game = _new_game(game_id, seed)
    _play(game, seed)
    text = json.dumps(game.record())
    again = tcg.replay(text)
    assert again.is_over == game.is_over and again.winner == game.winner
    for viewer in (0, 1, None):
        assert again.observe(viewer) == game.observe(viewer)
    assert list(again.log) == list(game.log)
    assert again.record() == game.record()
