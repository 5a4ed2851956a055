"""The agent interface: agents see only their observation, legal actions and determinized
samples, so their choices cannot depend on the opponent's hidden cards."""
from __future__ import annotations

import pytest

import tcg
from tcg.agents import AgentView, make_agent
from tcg.engine.rng import Rng

GAMES = pytest.mark.parametrize("game_id", tcg.list_games())


def _midgame(game_id: str, seed: int, steps: int):
    """A game after ``steps`` random decisions, stopped at a decision of player 0 with a choice."""
    names = tcg.list_decks(game_id)
    g = tcg.new_game(game_id, [names[0], names[1 % len(names)]], seed=seed)
    rnd = make_agent("random", seed=seed)
    n = 0
    while not g.is_over:
        if n >= steps and g.decision.player == 0 and len(g.choices()) > 1:
            probe = g.clone()
            if probe.rules.scramble_hidden(probe.state, 0, Rng(1)):
                return g
        g.apply(rnd.act(AgentView(g, g.legal_actions())))
        n += 1
    pytest.skip("game ended before a suitable decision")


def _with_other_hidden_cards(g, seed: int):
    """The same game for player 0, but the opponent's hand and every deck order differ."""
    other = g.clone()
    assert other.rules.scramble_hidden(other.state, 0, Rng(seed))
    other.touch()
    return other


@GAMES
@pytest.mark.parametrize("agent, options", [("heuristic", {}), ("ismcts", {"iterations": 25}),
                                            ("ismcts", {"iterations": 25, "guided": True})])
def test_agent_choices_do_not_change_with_opponent_hidden_cards(game_id, agent, options):
    for seed, steps in ((1, 30), (2, 60)):
        g = _midgame(game_id, seed, steps)
        other = _with_other_hidden_cards(g, seed + 100)
        assert other.observe(0) == g.observe(0)  # player 0 cannot tell the two apart
        opp = g.state.players[1]
        assert (opp.hand, opp.deck) != (other.state.players[1].hand, other.state.players[1].deck)
        a = make_agent(agent, seed=7, **options).act(AgentView(g, g.legal_actions()))
        b = make_agent(agent, seed=7, **options).act(AgentView(other, other.legal_actions()))
        assert a == b


@GAMES
def test_samples_agree_with_what_the_player_has_seen(game_id):
    g = _midgame(game_id, 3, 40)
    view = AgentView(g, g.legal_actions())
    rng = Rng(5)
    for _ in range(5):
        sample = view.sample(rng)
        assert sample is not None
        assert sample.observe(0) == g.observe(0)
        assert sample.legal_actions() == g.legal_actions()
        g.rules.check_invariants(sample.state)
    # and the real game is untouched by sampling
    assert g.observe(None) == _midgame(game_id, 3, 40).observe(None)


@GAMES
def test_ismcts_is_reproducible_with_a_seed_and_plays_to_the_end(game_id):
    g = _midgame(game_id, 4, 20)
    first = make_agent("ismcts", seed=11, iterations=20).act(AgentView(g, g.legal_actions()))
    again = make_agent("ismcts", seed=11, iterations=20).act(AgentView(g, g.legal_actions()))
    assert first == again and first in g.legal_actions()
    quick = make_agent("ismcts", seed=1, iterations=8, rollout_depth=4, rollout_turns=0)  # short rollouts
    agents = [quick, make_agent("heuristic", seed=2)]
    n = 0
    while not g.is_over and n < 4000:
        view = AgentView(g, g.legal_actions())
        g.apply(agents[view.player].act(view))
        n += 1
    assert g.is_over


def test_ismcts_stops_early_only_when_the_choice_is_settled():
    from tcg.agents.ismcts import _decided, _Node
    root = _Node(None, None, 0)
    for i, visits in enumerate((30, 12, 5)):
        root.children[i] = ch = _Node(root, i, 0)
        ch.visits = visits
    assert _decided(root, 17)       # 30 - 12 = 18 > 17 left: the leader cannot be caught
    assert not _decided(root, 18)   # 18 more visits could tie it
    root.children[1].visits = 30
    assert not _decided(root, 0)    # a tie is not settled


def test_ismcts_leaves_long_term_decisions_to_the_heuristic():
    from tcg.agents.heuristic import long_term_kinds, policy_for
    g = tcg.new_game("turutoru", tcg.list_decks("turutoru")[:2], seed=3)
    heuristic = make_agent("heuristic", seed=2)
    while g.decision.kind != "program" or len(g.legal_actions()) < 2:
        g.apply(heuristic.act(AgentView(g, g.legal_actions())))
    assert "program" in long_term_kinds("turutoru") and long_term_kinds("shironeko") == frozenset({"pay"})
    view = AgentView(g, g.legal_actions())
    agent = make_agent("ismcts", seed=1, iterations=30, search_all=False)
    assert agent.act(view) == policy_for("turutoru")(view, Rng(0)) and agent.last_iterations == 0
    searching = make_agent("ismcts", seed=1, iterations=30, search_all=True)
    assert searching.act(view) in view.choices and searching.last_iterations > 0
    by_default = make_agent("ismcts", seed=1, iterations=30)  # Turu-turu's own setting: search it
    assert by_default.act(view) in view.choices and by_default.last_iterations > 0


def test_unknown_agent_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown agent 'nope'"):
        make_agent("nope")


@GAMES
def test_ismcts_with_a_modelled_opponent_plays_legal_reproducible_moves(game_id):
    """opponent="model": the opponent's moves inside the search are the heuristic's, not tree
    nodes; the agent still plays legal moves, the same ones for the same seed."""
    g = _midgame(game_id, 5, 30)
    view = AgentView(g, g.legal_actions())
    first = make_agent("ismcts", seed=3, iterations=30, opponent="model").act(view)
    again = make_agent("ismcts", seed=3, iterations=30, opponent="model").act(view)
    assert first == again and first in view.legal_actions


def test_ismcts_rejects_an_unknown_opponent_mode():
    with pytest.raises(ValueError, match="opponent must be 'search' or 'model'"):
        make_agent("ismcts", opponent="oracle")


@GAMES
def test_ismcts_rollouts_stop_at_the_depth_or_the_turn_boundary(game_id):
    """rollout_depth bounds a rollout in decisions; rollout_turns plays on until that many
    turns (rounds) have begun, or the game ends."""
    from tcg.agents.heuristic import policy_for
    g = _midgame(game_id, 6, 30)
    policy = policy_for(game_id)
    by_depth = g.clone()
    agent = make_agent("ismcts", seed=1, rollout_depth=5, rollout_turns=0)
    played = agent._rollout(by_depth, policy, Rng(2), agent.game_settings(game_id))
    assert played == 5 or (by_depth.is_over and played < 5)
    assert len(by_depth.actions) == len(g.actions) + played
    start = g.rules.turns(g.state)
    by_turn = g.clone()
    agent = make_agent("ismcts", seed=1, rollout_turns=1)
    played = agent._rollout(by_turn, policy, Rng(2), agent.game_settings(game_id))
    assert played > 0
    assert by_turn.is_over or by_turn.rules.turns(by_turn.state) == start + 1
    if not by_turn.is_over:  # it stopped at the first decision of the new turn, not later
        last = g.clone()
        for a in by_turn.actions[len(g.actions):-1]:
            last.apply(a["action"])
        assert last.rules.turns(last.state) == start


def test_ismcts_rejects_bad_rollout_options():
    with pytest.raises(ValueError, match="rollout must be 'heuristic' or 'random'"):
        make_agent("ismcts", rollout="greedy")
    with pytest.raises(ValueError, match="rollout_turns must be >= 0"):
        make_agent("ismcts", rollout_turns=-1)


def test_ismcts_settings_come_from_the_game_unless_given():
    from tcg.agents.ismcts import DEFAULTS
    agent = make_agent("ismcts", seed=1)
    assert agent.game_settings("zx")["opponent"] == "model"
    assert agent.game_settings("turutoru")["search_all"] and agent.game_settings("turutoru")["rollout_turns"] == 1
    assert agent.game_settings("shironeko") == DEFAULTS
    given = make_agent("ismcts", seed=1, opponent="search", search_all=False)
    assert given.game_settings("zx")["opponent"] == "search"
    assert not given.game_settings("turutoru")["search_all"]
    assert agent.seconds == 0.5 and agent.iterations is None  # the default budget
    both = make_agent("ismcts", iterations=50, seconds=0.2)
    assert (both.iterations, both.seconds) == (50, 0.2)
    assert make_agent("ismcts", iterations=50).seconds is None


def test_ismcts_budget_stops_at_whichever_limit_comes_first():
    g = _midgame("shironeko", 4, 20)
    view = AgentView(g, g.legal_actions())
    agent = make_agent("ismcts", seed=1, iterations=10**6, seconds=0.05)
    agent.act(view)
    assert 0 < agent.last_iterations < 10**6
    few = make_agent("ismcts", seed=1, iterations=5, seconds=30)
    few.act(view)
    assert 0 < few.last_iterations <= 5


@pytest.mark.parametrize("options, message", [({"iterations": 0}, "iterations must be a whole number"),
                                              ({"iterations": "abc"}, "iterations must be a whole number"),
                                              ({"seconds": -1}, "seconds must be a number > 0"),
                                              ({"exploration": "high"}, "exploration must be a number"),
                                              ({"rollout_depth": 2.5}, "rollout_depth must be a whole number")])
def test_ismcts_rejects_bad_budgets_and_settings(options, message):
    with pytest.raises(ValueError, match=message):
        make_agent("ismcts", **options)
