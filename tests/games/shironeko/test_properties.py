"""Property tests over many random Shironeko games with the shipped sample decks:
games end, cards are conserved, observations hide what they must, clones are independent,
and replaying a record rebuilds the same game."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

import tcg
from tcg.agents.base import AgentView
from tcg.agents.random_agent import RandomAgent
from tcg.engine.rng import Rng

GAME = "shironeko"
DECISION_CAP = 5000
SEEDS = st.integers(min_value=0, max_value=2**40)
PROPS = settings(max_examples=25, deadline=None)


def _decks(seed: int) -> list[str]:
    names = tcg.list_decks(GAME)
    return [names[seed % len(names)], names[(seed // len(names)) % len(names)]]


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


@PROPS
@given(seed=SEEDS)
def test_random_games_end_and_conserve_cards(seed):
    game = tcg.new_game(GAME, _decks(seed), seed=seed)
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


def _scramble_hidden(game, viewer: int | None, seed: int):
    """A clone in which everything ``viewer`` cannot see is rearranged: the opponent's hand
    and deck cards are exchanged at random (sizes kept), decks and town decks reordered."""
    g = game.clone()
    s = g.state
    rng = Rng(seed)
    for p, ps in enumerate(s.players):
        if p != viewer:
            pool = ps.hand + ps.deck
            rng.shuffle(pool)
            ps.hand[:] = pool[:len(ps.hand)]
            ps.deck[:] = pool[len(ps.hand):]
        rng.shuffle(ps.deck)
        rng.shuffle(ps.town_deck)
    g.touch()
    return g


@PROPS
@given(seed=SEEDS)
def test_observations_hide_hidden_information(seed):
    game = tcg.new_game(GAME, _decks(seed), seed=seed)
    checked = [0]

    def check(g):
        if any(ps.mull_pick for ps in g.state.players) or g.decision.kind == "search":
            return
        for viewer in (0, 1, None):
            obs = g.observe(viewer)
            json.dumps(obs)  # JSON-ready
            other = _scramble_hidden(g, viewer, seed + checked[0])
            assert other.observe(viewer) == obs, f"view of {viewer} reveals hidden cards"
            for p in (0, 1):
                if p != viewer:
                    assert obs["players"][p]["hand"] is None
        checked[0] += 1

    _play(game, seed, check, cap=400)
    assert checked[0] > 0


@PROPS
@given(seed=SEEDS)
def test_event_log_redaction(seed):
    game = tcg.new_game(GAME, _decks(seed), seed=seed)
    _play(game, seed, cap=300)
    full = list(game.log)
    for viewer in (0, 1, None):
        view = game.log.for_player(viewer) if viewer is not None else game.log.for_spectator()
        assert len(view) == len(full)
        for e in view:
            if e["type"] == "draw" and e["player"] != viewer:
                assert "card" not in e and "id" not in e
    draws = [e for e in full if e["type"] == "draw"]
    assert draws and all("card" in e for e in draws)


@PROPS
@given(seed=SEEDS, steps=st.integers(min_value=0, max_value=150))
def test_clone_is_independent(seed, steps):
    game = tcg.new_game(GAME, _decks(seed), seed=seed)
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


@PROPS
@given(seed=SEEDS)
def test_replay_reproduces_the_game(seed):
    game = tcg.new_game(GAME, _decks(seed), seed=seed)
    _play(game, seed)
    text = json.dumps(game.record())
    again = tcg.replay(text)
    assert again.is_over == game.is_over and again.winner == game.winner
    for viewer in (0, 1, None):
        assert again.observe(viewer) == game.observe(viewer)
    assert list(again.log) == list(game.log)
    assert again.record() == game.record()
