"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a complete game consistent with what the agent has seen
(``AgentView.sample``: hidden cards and deck orders redrawn), walks one shared tree of action
sequences with UCB restricted to the actions available in that sample (availability counts),
expands one node, plays a short rollout (the game's heuristic, or random moves) for a bounded
number of decisions (or, with ``rollout_turns``, up to a turn boundary), scores the end (a win,
or the game's value estimate from each player's observation) and backs the result up.
Decisions whose effect shows only turns later (the game's ``LONG_TERM`` kinds: mulligans,
Turu-turu's programming...) are left to the heuristic unless ``search_all``. With
``opponent="model"`` the opponent's moves inside the search are played by the heuristic (which
reads only its own observation of the sample) instead of being tree nodes. Two options (off by
default) keep the search close to the heuristic where it has too few visits to know better:
``top_k`` searches only the heuristic's first k choices at the root (asked again without the ones
it gave), ``keep_margin`` plays the heuristic's move unless the search's most visited move has a
mean reward higher than it by more than the margin.
Each game's heuristic module may change the default settings (``ISMCTS`` there), so that the
agent plays each game the way that measured strongest. Budget: ``iterations`` (reproducible),
``seconds`` per decision, or both. Same seed, same budget in iterations, same choices."""
from __future__ import annotations

import math
import time

from ..engine.action import Action
from ..engine.rng import Rng
from .base import Agent, AgentView, register
from .heuristic import game_defaults, long_term_kinds, policy_for, value_for


class _Node:
    __slots__ = ("parent", "action", "player", "children", "visits", "reward", "avail", "hint")

    def __init__(self, parent, action, player):
        self.parent, self.action, self.player = parent, action, player
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.hint = None  # the heuristic's move here (first sample that reached the node)


#: the settings every game starts from; a game's heuristic module may change some of them
#: (``ISMCTS`` there: what measured best in that game), options given to the agent override both
DEFAULTS = {"rollout_depth": 8, "exploration": 0.7, "prior": 1.0, "rollout": "heuristic", "guided": False,
            "search_all": False, "opponent": "search", "rollout_turns": 0, "rollout_cap": 200,
            "keep_margin": 0.0, "top_k": 0}


def _is_number(x, kind=(int, float)) -> bool:
    return isinstance(x, kind) and not isinstance(x, bool)


def _check(cfg: dict) -> None:
    for key in ("rollout_depth", "rollout_turns", "rollout_cap", "top_k"):
        if not _is_number(cfg[key], int):
            raise ValueError(f"{key} must be a whole number, not {cfg[key]!r}")
    for key in ("exploration", "prior", "keep_margin"):
        if not _is_number(cfg[key]):
            raise ValueError(f"{key} must be a number, not {cfg[key]!r}")
    if cfg["opponent"] not in ("search", "model"):
        raise ValueError(f"opponent must be 'search' or 'model', not {cfg['opponent']!r}")
    if cfg["rollout"] not in ("heuristic", "random"):
        raise ValueError(f"rollout must be 'heuristic' or 'random', not {cfg['rollout']!r}")
    if cfg["rollout_turns"] < 0 or cfg["rollout_depth"] < 0 or cfg["rollout_cap"] < 1:
        raise ValueError("rollout_depth and rollout_turns must be >= 0, rollout_cap >= 1")
    if cfg["keep_margin"] < 0:
        raise ValueError(f"keep_margin must be >= 0, not {cfg['keep_margin']!r}")
    if cfg["top_k"] < 0:
        raise ValueError(f"top_k must be >= 0, not {cfg['top_k']!r}")


@register("ismcts")
class ISMCTSAgent(Agent):
    """Options left as None take the game's setting (``game_settings``). Budget: ``iterations``
    per decision, ``seconds`` per decision, or both (whichever runs out first); neither gives
    0.5 s.

    Settings (DEFAULTS; docs/agents.md): ``rollout_depth``, ``rollout_turns``, ``rollout_cap``,
    ``rollout``, ``opponent`` ("search" or "model"), ``search_all``, ``exploration`` (UCB1
    constant), ``prior`` (root bias toward the heuristic's move), ``guided`` (that bias at every
    node), ``keep_margin`` (>= 0; 0 = off: otherwise the heuristic's root move is played unless
    the most visited move's mean reward beats its mean by more than this) and ``top_k`` (>= 0;
    0 = off: otherwise only the heuristic's first ``top_k`` choices at the root are searched)."""

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 rollout_depth: int | None = None, exploration: float | None = None,
                 prior: float | None = None, rollout: str | None = None, guided: bool | None = None,
                 search_all: bool | None = None, opponent: str | None = None,
                 rollout_turns: int | None = None, rollout_cap: int | None = None,
                 keep_margin: float | None = None, top_k: int | None = None):
        self.rng = Rng(seed ^ 0x15C7)
        self.fallback = Rng(seed ^ 0xFA11)
        if iterations is not None and (not _is_number(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a whole number >= 1, not {iterations!r}")
        if seconds is not None and (not _is_number(seconds) or seconds <= 0):
            raise ValueError(f"seconds must be a number > 0, not {seconds!r}")
        self.iterations = iterations
        self.seconds = 0.5 if seconds is None and iterations is None else seconds
        given = dict(rollout_depth=rollout_depth, exploration=exploration, prior=prior, rollout=rollout,
                     guided=guided, search_all=search_all, opponent=opponent, rollout_turns=rollout_turns,
                     rollout_cap=rollout_cap, keep_margin=keep_margin, top_k=top_k)
        self.options = {k: v for k, v in given.items() if v is not None}
        _check({**DEFAULTS, **self.options})
        self._settings: dict[str, dict] = {}
        self.last_iterations = 0

    def game_settings(self, game_id: str) -> dict:
        """The search settings used in ``game_id`` (a copy): DEFAULTS, then the game's
        ``ISMCTS`` settings, then the options this agent was given."""
        return dict(self._cfg(game_id))

    def _cfg(self, game_id: str) -> dict:
        cfg = self._settings.get(game_id)
        if cfg is None:
            cfg = self._settings[game_id] = {**DEFAULTS, **game_defaults(game_id), **self.options}
            _check(cfg)
        return cfg

    def act(self, view: AgentView) -> Action:
        legal = view.choices
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        cfg = self._cfg(view.game_id)
        value = value_for(view.game_id)
        policy = policy_for(view.game_id)
        if not cfg["search_all"] and view.kind in long_term_kinds(view.game_id):
            self.last_iterations = 0
            return policy(view, rng)
        c, prior, guided = cfg["exploration"], cfg["prior"], cfg["guided"]
        model_opponent = cfg["opponent"] == "model"
        root = _Node(None, None, view.player)
        keep, top_k = cfg["keep_margin"], cfg["top_k"]
        hint_rng = Rng(rng.next64()) if prior or keep or top_k else None
        root.hint = policy(view, hint_rng) if prior or keep or top_k else None
        allowed = _first_choices(view, policy, hint_rng, root.hint, top_k) if top_k else None
        limit = self.iterations or math.inf
        deadline = math.inf if self.seconds is None else time.perf_counter() + self.seconds
        n = 0
        while n < limit and time.perf_counter() < deadline:
            g = view.sample(rng)
            if g is None:
                break
            node = root
            me = view.player
            while not g.is_over:  # selection and one expansion
                mover = g.decision.player
                if mover != me and model_opponent:
                    acts = g._listed()  # the only choice needs no policy (every policy returns it)
                    g._apply_listed(acts[0] if len(acts) == 1 else policy(AgentView(g, acts), rng))
                    continue
                acts = g._listed()
                if allowed is not None and node is root:
                    acts = [a for a in acts if a in allowed] or acts
                untried = [a for a in acts if a not in node.children]
                for a in acts:
                    ch = node.children.get(a)
                    if ch is not None:
                        ch.avail += 1
                hint = node.hint
                if hint is None and prior and guided and len(acts) > 1:
                    hint = node.hint = policy(AgentView(g, g._listed()), rng)
                if untried:
                    a = hint if hint in untried else untried[rng.below(len(untried))]
                    node.children[a] = child = _Node(node, a, mover)
                    g._apply_listed(a)
                    node = child
                    break
                best, best_u = None, -1.0
                for a in acts:
                    ch = node.children[a]
                    u = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if a == hint:
                        u += prior / (1 + ch.visits)
                    if u > best_u:
                        best, best_u = ch, u
                g._apply_listed(best.action)
                node = best
            self._rollout(g, policy, rng, cfg)
            rewards = _score(g, value)
            while node is not None:
                node.visits += 1
                if node.parent is not None:
                    node.reward += rewards[node.player]
                node = node.parent
            n += 1
            if self.iterations and n % 8 == 0 and _decided(root, self.iterations - n, root.hint if keep else None):
                break  # the most visited move can no longer be overtaken: same choice, less time
        self.last_iterations = n
        kids = [root.children[a] for a in legal if a in root.children]
        if not kids:  # no sample possible here: play the heuristic move
            return policy_for(view.game_id)(view, self.fallback)
        best = max(kids, key=lambda ch: (ch.visits, ch.reward))
        if keep and root.hint is not None and best.action != root.hint:
            kept = root.children.get(root.hint)
            if kept is not None and root.hint in legal and \
                    best.reward / best.visits <= kept.reward / kept.visits + keep:
                return kept.action  # the search is not sure enough to overrule the heuristic
        return best.action

    def _rollout(self, g, policy, rng, cfg: dict) -> int:
        """Play on from ``g`` (in place) by the rollout policy: ``rollout_depth`` decisions, or
        with ``rollout_turns`` until that many turns have begun (at most ``rollout_cap``
        decisions), or to the end of the game. Returns the decisions played."""
        if cfg["rollout_turns"]:
            turns = g.rules.turns
            stop = turns(g.state) + cfg["rollout_turns"]
            limit = cfg["rollout_cap"]
        else:
            turns, stop, limit = None, 0, cfg["rollout_depth"]
        heuristic = cfg["rollout"] == "heuristic"
        depth = 0
        while not g.is_over and depth < limit and (turns is None or turns(g.state) < stop):
            acts = g._listed()
            if not heuristic:
                g._apply_listed(acts[rng.below(len(acts))])
            elif len(acts) == 1:  # the only choice: every policy returns it without a random draw
                g._apply_listed(acts[0])
            else:
                g._apply_listed(policy(AgentView(g, acts), rng))
            depth += 1
        return depth


def _first_choices(view: AgentView, policy, rng, first, k: int) -> set:
    """The heuristic's first ``k`` choices at ``view``: ``first``, then what it picks with the
    choices it already gave taken away, and so on."""
    chosen = [first]
    left = [a for a in view.choices if a != first]
    while left and len(chosen) < k:
        a = policy(AgentView(view._game, left), rng)
        chosen.append(a)
        left = [b for b in left if b != a]
    return set(chosen)


def _decided(root: _Node, left: int, hint=None) -> bool:
    """True when the most visited root move leads the next by more than the iterations left
    (and, given the heuristic's move ``hint`` under ``keep_margin``, that move is the leader:
    otherwise the choice still depends on the mean rewards)."""
    first = second = 0
    lead = None
    for ch in root.children.values():
        if ch.visits > first:
            first, second, lead = ch.visits, first, ch
        elif ch.visits > second:
            second = ch.visits
    return first - second > left and (hint is None or lead.action == hint)


def _score(g, value) -> tuple[float, float]:
    if g.is_over:
        if g.winner is None:
            return (0.5, 0.5)
        return (1.0, 0.0) if g.winner == 0 else (0.0, 1.0)
    v0 = value(g.observe(0, shared=True), 0)
    return (v0, 1.0 - v0)
