"""ISMCTS backs up each node's reward for the player who moved into it: checked on a tiny game
tree with a trap, where the opponent's best reply punishes the greedy move. A search that scored
every node for the root player would believe the opponent hands it the win."""
from __future__ import annotations

from tcg.agents.base import AgentView
from tcg.agents.ismcts import ISMCTSAgent
from tcg.engine.action import Action, Decision
from tcg.engine.game import Game
from tcg.engine.rules import Ruleset
from tcg.engine.state import BaseState

GREEDY, SAFE, PUNISH, GIFT, FOLD = (Action(t) for t in ("greedy", "safe", "punish", "gift", "fold"))


class TrapState(BaseState):
    __slots__ = ("path",)

    def clone(self) -> "TrapState":
        s = TrapState.__new__(TrapState)
        self._copy_base(s)
        s.path = self.path
        return s


class TrapRules(Ruleset):
    """Player 0: ``greedy`` or ``safe``. After ``safe`` the game is a draw. After ``greedy``,
    player 1 chooses: ``punish`` (player 1 wins), ``gift`` or ``fold`` (player 0 wins).
    Two of player 1's three replies lose, so a search that forgets whose reward a node holds
    sees ``greedy`` as a likely win; the right value of ``greedy`` is a loss."""

    id = "trap-test"
    players = 2

    def new_state(self, decks, seed):
        s = TrapState(seed)
        s.path = ()
        s.decision = Decision(0, "first")
        return s

    def legal_actions(self, s):
        return [GREEDY, SAFE] if not s.path else [GIFT, PUNISH, FOLD]

    def apply(self, s, a):
        s.path += (a.type,)
        s.decision = None
        if a == SAFE:
            s.end(None, "draw")
        elif a == GREEDY:
            s.decision = Decision(1, "reply")
        else:
            s.end(1 if a == PUNISH else 0, a.type)

    def observe(self, s, player):
        return {"path": list(s.path)}

    def determinize(self, s, viewer, rng):
        return s.clone()  # nothing is hidden


def test_the_search_avoids_the_move_the_opponent_punishes():
    for seed in range(5):
        game = Game(TrapRules(), [], seed)
        agent = ISMCTSAgent(seed=seed, iterations=300, rollout_depth=0, prior=0.0, rollout="random")
        assert agent.act(AgentView(game, game.legal_actions())) == SAFE


def test_the_search_plays_the_punishing_reply_for_the_opponent():
    game = Game(TrapRules(), [], 1)
    game.apply(GREEDY)
    agent = ISMCTSAgent(seed=1, iterations=200, rollout_depth=0, prior=0.0, rollout="random")
    assert agent.act(AgentView(game, game.legal_actions())) == PUNISH
