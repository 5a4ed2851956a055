"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a complete game consistent with what the agent has seen
(``AgentView.sample``: hidden cards and deck orders redrawn), walks one shared tree of action
sequences with UCB restricted to the actions available in that sample (availability counts),
expands one node, plays a short rollout (the game's heuristic, or random moves) for a bounded
number of decisions (or, with ``rollout_turns``, up to a turn boundary), scores the end (a win,
or the game's value estimate from each player's observation) and backs the result up.
Decisions whose effect shows only turns later (the game's ``LONG_TERM`` kinds: mulligans,
Turu-turu's programming...) are left to the heuristic unless ``search_all``. With ``opponent="model"`` the opponent's moves inside the search are played by
the heuristic (which reads only its own observation of the sample) instead of being tree nodes.
Budget: ``iterations`` (reproducible) or ``seconds`` per decision. Same seed, same budget in
iterations, same choices."""
from __future__ import annotations

import math
import time

from ..engine.action import Action
from ..engine.rng import Rng
from .base import Agent, AgentView, register
from .heuristic import long_term_kinds, policy_for, value_for


class _Node:
    __slots__ = ("parent", "action", "player", "children", "visits", "reward", "avail", "hint")

    def __init__(self, parent, action, player):
        self.parent, self.action, self.player = parent, action, player
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.hint = None  # the heuristic's move here (first sample that reached the node)


@register("ismcts")
class ISMCTSAgent(Agent):
    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float = 0.5,
                 rollout_depth: int = 8, exploration: float = 0.7, prior: float = 1.0,
                 rollout: str = "heuristic", guided: bool = False, search_all: bool = False,
                 opponent: str = "search", rollout_turns: int = 0, rollout_cap: int = 200):
        self.rng = Rng(seed ^ 0x15C7)
        self.fallback = Rng(seed ^ 0xFA11)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_depth = rollout_depth
        self.c = exploration
        self.prior = prior            # progressive bias toward the heuristic's move at the root
        self.rollout = rollout        # "random" or "heuristic" rollout policy
        self.guided = guided          # the same bias (and first expansion) at every node, not only the root
        self.search_all = search_all  # also search the long-term decisions left to the heuristic
        if opponent not in ("search", "model"):
            raise ValueError(f"opponent must be 'search' or 'model', not {opponent!r}")
        self.model_opponent = opponent == "model"  # opponent moves by the heuristic, not in the tree
        if rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout must be 'heuristic' or 'random', not {rollout!r}")
        if rollout_turns < 0 or rollout_depth < 0 or rollout_cap < 1:
            raise ValueError("rollout_depth and rollout_turns must be >= 0, rollout_cap >= 1")
        self.rollout_turns = rollout_turns  # >0: roll out to a turn boundary, not rollout_depth
        self.rollout_cap = rollout_cap      # at most this many decisions in such a rollout
        self.last_iterations = 0

    def act(self, view: AgentView) -> Action:
        legal = view.choices
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        value = value_for(view.game_id)
        policy = policy_for(view.game_id)
        if not self.search_all and view.kind in long_term_kinds(view.game_id):
            self.last_iterations = 0
            return policy(view, rng)
        root = _Node(None, None, view.player)
        root.hint = policy(view, Rng(rng.next64())) if self.prior else None
        deadline = None if self.iterations else time.perf_counter() + self.seconds
        n = 0
        while (n < self.iterations) if self.iterations else (time.perf_counter() < deadline):
            g = view.sample(rng)
            if g is None:
                break
            node = root
            me = view.player
            while not g.is_over:  # selection and one expansion
                mover = g.decision.player
                if mover != me and self.model_opponent:
                    g.apply(policy(AgentView(g, g.legal_actions()), rng))
                    continue
                acts = g.choices()
                untried = [a for a in acts if a not in node.children]
                for a in acts:
                    ch = node.children.get(a)
                    if ch is not None:
                        ch.avail += 1
                hint = node.hint
                if hint is None and self.prior and self.guided and len(acts) > 1:
                    hint = node.hint = policy(AgentView(g, g.legal_actions()), rng)
                if untried:
                    a = hint if hint in untried else untried[rng.below(len(untried))]
                    node.children[a] = child = _Node(node, a, mover)
                    g.apply(a)
                    node = child
                    break
                best, best_u = None, -1.0
                for a in acts:
                    ch = node.children[a]
                    u = ch.reward / ch.visits + self.c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if a == hint:
                        u += self.prior / (1 + ch.visits)
                    if u > best_u:
                        best, best_u = ch, u
                g.apply(best.action)
                node = best
            self._rollout(g, policy, rng)
            rewards = _score(g, value)
            while node is not None:
                node.visits += 1
                if node.parent is not None:
                    node.reward += rewards[node.player]
                node = node.parent
            n += 1
            if self.iterations and n % 8 == 0 and _decided(root, self.iterations - n):
                break  # the most visited move can no longer be overtaken: same choice, less time
        self.last_iterations = n
        kids = [root.children[a] for a in legal if a in root.children]
        if not kids:  # no sample possible here: play the heuristic move
            return policy_for(view.game_id)(view, self.fallback)
        return max(kids, key=lambda ch: (ch.visits, ch.reward)).action

    def _rollout(self, g, policy, rng) -> int:
        """Play on from ``g`` (in place) by the rollout policy: ``rollout_depth`` decisions, or
        with ``rollout_turns`` until that many turns have begun (at most ``rollout_cap``
        decisions), or to the end of the game. Returns the decisions played."""
        if self.rollout_turns:
            turns = g.rules.turns
            stop = turns(g.state) + self.rollout_turns
            limit = self.rollout_cap
        else:
            turns, stop, limit = None, 0, self.rollout_depth
        heuristic = self.rollout == "heuristic"
        depth = 0
        while not g.is_over and depth < limit and (turns is None or turns(g.state) < stop):
            if heuristic:
                g.apply(policy(AgentView(g, g.legal_actions()), rng))
            else:
                acts = g.choices()
                g.apply(acts[rng.below(len(acts))])
            depth += 1
        return depth


def _decided(root: _Node, left: int) -> bool:
    """True when the most visited root move leads the next by more than the iterations left."""
    first = second = 0
    for ch in root.children.values():
        if ch.visits > first:
            first, second = ch.visits, first
        elif ch.visits > second:
            second = ch.visits
    return first - second > left


def _score(g, value) -> tuple[float, float]:
    if g.is_over:
        if g.winner is None:
            return (0.5, 0.5)
        return (1.0, 0.0) if g.winner == 0 else (0.0, 1.0)
    v0 = value(g.observe(0), 0)
    return (v0, 1.0 - v0)
