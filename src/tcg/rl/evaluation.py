"""Evaluating a trained policy without fooling oneself, and a policy as an opponent.

``evaluate(policy, game, opponent="heuristic", games=100, sampled=False, duplicate=True, seed=0)``
plays ``policy`` against ``opponent`` and returns an ``Evaluation``: wins, losses, draws, the
score (a win 1, a draw 1/2) with its 95% Wilson interval, the score in each seat, and for
duplicate matches the pairs won twice / split / lost twice.

* ``policy``: a Stable-Baselines3 model (``predict(obs, action_masks=..., deterministic=...)``;
  sb3-contrib's ``MaskablePPO`` takes the mask, a plain model gets none), or a callable
  ``policy(obs, mask)`` returning an action id or one score (logit) per id of the action table;
* ``sampled=False``: the argmax (SB3 ``deterministic=True``; the highest-scoring legal id),
  ``sampled=True``: a draw from the policy's distribution (SB3 ``deterministic=False``; a softmax
  over the legal ids' scores, from the evaluation's own seeded generator). A policy can look much
  better or worse one way than the other: report both;
* ``duplicate=True``: each deal (decks and engine seed) is played twice, the policy in seat 0
  then in seat 1, against the same opponent seeded the same way: the luck of the deal cancels
  out pair by pair; ``games`` is the number of games (an odd count adds one single game).
  ``duplicate=False``: a new deal every game, the policy's seat alternating;
* an id the policy gives outside the mask is replaced by a uniformly random legal action and
  counted (``illegal``): a policy that never learned the mask shows up there.

``policy_opponent(policy, game, sampled=False, seed=0, observation="vector")`` wraps the same kinds of
policy as an agent (``act(AgentView)``), usable as ``gym_env(game, opponent=...)`` or as
``evaluate``'s opponent (self-play against a frozen copy). ``gym_env`` also accepts an SB3
model as ``opponent`` directly. The agent reads only ``view.observation`` (the player's own
observation), encoded as the environments encode it.
"""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

import numpy as np

import tcg
from tcg.agents import AgentView, make_agent
from tcg.sim.stats import wilson   # the 95% Wilson score interval of a proportion

from .core import DeckChooser, encoding, new_seed

__all__ = ["evaluate", "Evaluation", "policy_opponent", "PolicyAgent", "wilson"]


class PolicyAgent:
    """A policy as a project agent (``act(AgentView) -> Action``); see the module docstring."""

    def __init__(self, policy: Any, game: str, sampled: bool = False, seed: int | None = 0,
                 observation: str = "vector"):
        if observation not in ("vector", "dict"):
            raise ValueError(f"observation must be 'vector' or 'dict', got {observation!r}")
        self.policy = policy
        self.game_id = game
        self.enc = encoding(game)
        self.sampled = bool(sampled)
        self.observation = observation
        self.rng = np.random.default_rng(seed)
        self.illegal = 0      # ids outside the mask, replaced by a random legal action
        self.decisions = 0
        self._sb3 = callable(getattr(policy, "predict", None))

    def choose_id(self, obs: Any, mask: np.ndarray) -> int:
        """The policy's id for one observation (may be outside the mask)."""
        if self._sb3:
            try:
                action, _ = self.policy.predict(obs, action_masks=mask.astype(bool),
                                                deterministic=not self.sampled)
            except TypeError:   # a model without masks
                action, _ = self.policy.predict(obs, deterministic=not self.sampled)
            return int(np.asarray(action).reshape(-1)[0])
        out = self.policy(obs, mask)
        arr = np.asarray(out)
        if arr.ndim == 0:
            return int(arr)
        scores = arr.astype(np.float64).reshape(-1)
        legal = np.flatnonzero(mask)
        if len(legal) == 0:
            return int(np.argmax(scores))
        s = scores[legal]
        if not self.sampled:
            return int(legal[int(np.argmax(s))])
        s = s - s.max()
        p = np.exp(s)
        p /= p.sum()
        return int(legal[self.rng.choice(len(legal), p=p)])

    def act(self, view: AgentView):
        seat = view.player
        raw, ctx = self.enc.encode(view.observation, seat)
        floats, ids_vec = self.enc.features(raw)
        ids, _ = self.enc.legal_ids_in_order(view.legal_actions, ctx)
        mask = self.enc.mask(ids)
        obs = floats if self.observation == "vector" else {
            "observation": floats, "ids": ids_vec, "action_mask": mask}
        self.decisions += 1
        chosen = ids.get(self.choose_id(obs, mask))
        if chosen is None:
            self.illegal += 1
            legal = view.legal_actions
            chosen = legal[int(self.rng.integers(len(legal)))]
        return chosen


def policy_opponent(policy: Any, game: str, sampled: bool = False, seed: int | None = 0,
                    observation: str = "vector") -> PolicyAgent:
    """``policy`` (an SB3 model or a ``policy(obs, mask)`` callable) as an agent, e.g. for
    ``gym_env(game, opponent=policy_opponent(model, game))``."""
    return PolicyAgent(policy, game, sampled=sampled, seed=seed, observation=observation)


@dataclass
class Evaluation:
    game: str
    opponent: str
    sampled: bool
    duplicate: bool
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    illegal: int = 0              # the policy's ids outside the mask (replaced at random)
    decisions: int = 0            # the policy's decisions in all
    by_seat: dict = field(default_factory=lambda: {0: [0, 0, 0], 1: [0, 0, 0]})  # [w, l, d]
    pairs: dict = field(default_factory=lambda: {"won_both": 0, "split": 0, "lost_both": 0,
                                                 "other": 0})
    seeds: list = field(default_factory=list)   # the engine seed of each deal

    @property
    def score(self) -> float:
        """(wins + draws / 2) / games."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def wilson95(self) -> tuple[float, float]:
        """The 95% Wilson interval of the score (draws as half a win)."""
        return wilson(self.wins + 0.5 * self.draws, self.games)

    def seat_score(self, seat: int) -> float:
        w, l, d = self.by_seat[seat]
        n = w + l + d
        return (w + 0.5 * d) / n if n else 0.0

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["by_seat"] = {str(k): v for k, v in self.by_seat.items()}
        d.update(score=self.score, win_rate=self.win_rate, wilson95=list(self.wilson95),
                 seat_score={str(s): self.seat_score(s) for s in (0, 1)})
        return d

    def summary(self) -> str:
        lo, hi = self.wilson95
        kind = "sampled" if self.sampled else "argmax"
        s = (f"{kind} vs {self.opponent}: {self.wins}-{self.losses}-{self.draws} in {self.games} "
             f"games, score {self.score:.1%} (95% CI {lo:.1%}-{hi:.1%}); seat 0 "
             f"{self.seat_score(0):.1%}, seat 1 {self.seat_score(1):.1%}")
        if self.duplicate:
            p = self.pairs
            s += (f"; deals won twice {p['won_both']}, split {p['split']}, lost twice "
                  f"{p['lost_both']}, other {p['other']}")
        if self.illegal:
            s += f"; {self.illegal} ids outside the mask"
        return s


def _opponent(spec: Any, game: str, seed: int, options: dict):
    if isinstance(spec, str):
        return make_agent(spec, seed=seed, **options)
    if callable(getattr(spec, "act", None)):
        return spec
    if callable(getattr(spec, "predict", None)):
        return PolicyAgent(spec, game, seed=seed)
    if callable(spec):
        return spec(seed)
    raise ValueError(f"opponent must be an agent name, an agent, an SB3 model or a factory, "
                     f"got {spec!r}")


def _name(spec: Any) -> str:
    return spec if isinstance(spec, str) else type(spec).__name__


def play(agents: Sequence[Any], game: str, decks: Sequence[Any], seed: int,
         max_decisions: int | None = None):
    """One game of ``agents`` (seat 0, seat 1) from ``decks`` and the engine ``seed``; returns
    the finished (or, after ``max_decisions`` decisions, unfinished) engine game."""
    g = tcg.new_game(game, list(decks), seed=seed, validate=False)
    n = 0
    while not g.is_over and (max_decisions is None or n < max_decisions):
        g.apply(agents[g.decision.player].act(AgentView(g, g.legal_actions())))
        n += 1
    return g


def evaluate(policy: Any, game: str, opponent: Any = "heuristic", games: int = 100,
             sampled: bool = False, duplicate: bool = True, seed: int = 0,
             decks: Sequence[Any] | None = None, max_decisions: int | None = None,
             observation: str = "vector", opponent_options: dict | None = None) -> Evaluation:
    """Play ``policy`` against ``opponent`` (see the module docstring). Deterministic for a given
    ``seed`` (and a deterministic policy and opponent): the deals, the opponent's seeds and the
    sampling generator all come from it. A game unfinished after ``max_decisions`` decisions
    counts as a draw."""
    rng = random.Random(seed)
    chooser = DeckChooser(game, decks)
    res = Evaluation(game=game, opponent=_name(opponent), sampled=bool(sampled),
                     duplicate=bool(duplicate))
    agent = PolicyAgent(policy, game, sampled=sampled, seed=rng.getrandbits(32),
                        observation=observation)
    options = dict(opponent_options or {})

    def one(deal_decks, deal_seed, opp_seed, seat) -> int:
        opp = _opponent(opponent, game, opp_seed, options)
        agents = [opp, opp]
        agents[seat] = agent
        g = play(agents, game, deal_decks, deal_seed, max_decisions)
        w = g.winner if g.is_over else None
        out = 0 if w is None else (1 if w == seat else -1)
        res.games += 1
        k = {1: 0, -1: 1, 0: 2}[out]
        res.by_seat[seat][k] += 1
        if out > 0:
            res.wins += 1
        elif out < 0:
            res.losses += 1
        else:
            res.draws += 1
        return out

    i = 0
    while i < games:
        deal_decks = chooser.choose(rng)
        deal_seed = new_seed(rng)
        opp_seed = rng.getrandbits(32)
        res.seeds.append(deal_seed)
        if duplicate and i + 1 < games:
            a = one(deal_decks, deal_seed, opp_seed, 0)
            b = one(deal_decks, deal_seed, opp_seed, 1)
            key = ("won_both" if a > 0 and b > 0 else "lost_both" if a < 0 and b < 0
                   else "split" if a * b < 0 else "other")
            res.pairs[key] += 1
            i += 2
        else:
            one(deal_decks, deal_seed, opp_seed, i % 2)
            i += 1
    res.illegal, res.decisions = agent.illegal, agent.decisions
    return res
