"""What the hand-written heuristics share: the public card texts by id, the two sides of an
observation, reading a chosen effect's arguments, picking from the options (by decision kind,
with a fallback), and the value of a finished game and of a logistic model. No heuristic reads
display text (an action's words, a label, a name): rewording a ``text.toml`` never changes how
the computer plays (tests/agents/test_no_words.py)."""
from __future__ import annotations

import math
from typing import Any, Callable, Iterator, Mapping, Sequence

from ...engine.action import Action


class CardTexts:
    """The printed cards of one game (``tcg.card_set``: public), looked up by id (a card an
    action names but the observation does not show: by the id ``AgentView.cards`` gives; never
    by a name or the action's words); read once, when first asked."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self._set = None
        self._by_id: dict = {}

    def cards(self):
        if self._set is None:
            from ...api import card_set
            self._set = card_set(self.game_id)
        return self._set

    def card(self, cid):
        """The printed card (abilities) for a card id, or None for a card this set does not know."""
        try:
            return self._by_id[cid]
        except KeyError:
            c = self.cards().find(cid) if isinstance(cid, str) else None
            self._by_id[cid] = c
            return c

    def abilities(self, cid, kind: str) -> tuple:
        """The card's abilities of one kind (none for an unknown card)."""
        c = self.card(cid)
        return () if c is None else tuple(a for a in c.abilities if a.kind == kind)


class Sides:
    """A decision's observation, read once: the deciding player ``p``, both players' public
    data (``me``, ``opp``), their characters (``mine``, ``theirs``) and our ``hand``. A game's
    context extends it with the rest it reads."""

    __slots__ = ("obs", "p", "me", "opp", "mine", "theirs", "hand")

    def __init__(self, view):
        obs = view.observation
        self.obs = obs
        self.p = p = view.player
        self.me = me = obs["players"][p]
        self.opp = opp = obs["players"][1 - p]
        self.mine = me["characters"]
        self.theirs = opp["characters"]
        self.hand = me["hand"] or []


def decide_by_kind(view, rng, decide: Mapping[str, Callable[..., Any]],
                   fallback: Callable[..., Action], strict: bool = False) -> Action:
    """The only choice; else what ``decide[view.kind](view, choices, rng)`` picks when it is one
    of the choices; else ``fallback(view, choices, rng)``. A heuristic that fails falls back too
    (it must never crash a game), unless ``strict`` (tests): then its error surfaces."""
    acts = view.choices
    if len(acts) == 1:
        return acts[0]
    fn = decide.get(view.kind)
    if fn is not None:
        try:
            a = fn(view, acts, rng)
        except Exception:
            if strict:
                raise
            a = None
        if a is not None:
            for listed in acts:  # identity first: no Action.__eq__ calls for the usual case
                if listed is a:
                    return a
            if a in acts:
                return a
    return fallback(view, acts, rng)


def damage_worth(hit: Callable[[dict, int], float], n: int, tgt: str, every: bool, theirs: Sequence[dict],
                 mine: Sequence[dict], opp_t: bool, own_pool: Sequence[dict] | None = None) -> float:
    """What an effect dealing ``n`` damage to ``tgt`` is worth, ``hit(unit, n)`` for each unit it
    hits: to all characters, the opponent's (``theirs``) less ours (``mine``); to the
    opponent's (``opp_t``), all of them if ``every`` else the best hit; to ours (``own_pool``,
    when given), minus all of them if ``every`` else minus the least."""
    if tgt == "all_characters":
        return sum(hit(u, n) for u in theirs) - sum(hit(u, n) for u in mine)
    if opp_t:
        vals = [hit(u, n) for u in theirs]
        return sum(vals) if every else max(vals, default=0.0)
    if own_pool is not None:
        vals = [hit(u, n) for u in own_pool]
        return -(sum(vals) if every else min(vals, default=0.0))
    return 0.0


def best_target(view, unit_of: Callable[[int], dict | None], mine: Sequence[dict], value: Callable[[dict], float],
                opname: str | None, score: Callable[[dict, bool, float], float | None]) -> Action:
    """The target choice that scores best for the effect ``opname``: a choice's unit
    (``unit_of(iid)``; none scores lowest) with ``own`` (one of ``mine``) and ``val`` (``value``)
    is scored ``score(u, own, val)`` for the effects it knows (None for the rest); destroying or
    moving, and any effect it does not know, is worth ``val`` done to the opponent's, ``-val``
    to ours."""
    mine_ids = {u["iid"] for u in mine}

    def key(a: Action) -> float:
        u = unit_of(a.target)
        if u is None:
            return -1e9
        own = u["iid"] in mine_ids
        val = value(u)
        s = None if opname in ("destroy", "move") else score(u, own, val)
        return (-val if own else val) if s is None else s
    return max(view.choices, key=key)


def decide_in_context(view, rng, decide: Mapping[str, Callable[[Any, Any], Action]],
                      context: Callable[[Any], Any]) -> Action:
    """The only choice; else ``decide[view.kind](view, context(view))``, the context read once
    for the decision; a random choice for a kind ``decide`` does not know."""
    acts = view.choices
    if len(acts) == 1:
        return acts[0]
    c = context(view)
    fn = decide.get(view.kind)
    return acts[rng.below(len(acts))] if fn is None else fn(view, c)


def chosen_args(card, opname: str | None) -> dict:
    """The arguments of the first effect ``opname`` of a printed card whose target is chosen
    (``choose_...``): what a target decision of that card's effect is about; {} if none."""
    if card is None:
        return {}
    for ab in card.abilities:
        for o in ab.effects:
            if o.name == opname and str(o.args.get("target", "")).startswith("choose_"):
                return o.args
    return {}


def find_unit(iid: int, *groups: Sequence[dict]) -> dict | None:
    """The first unit (a dict with an ``iid``) of these groups with that instance id, or None."""
    for group in groups:
        for u in group:
            if u["iid"] == iid:
                return u
    return None


def first_of(acts: Sequence[Action], atype: str) -> Action | None:
    """The first action of a type, or None."""
    return next((a for a in acts if a.type == atype), None)


def offered_cards(acts: Sequence[Action], atype: str, cards: Mapping[Any, dict]) -> Iterator[tuple[Action, dict]]:
    """Each action of type ``atype`` whose card ``cards`` (iid -> card) holds, with that card."""
    for a in acts:
        if a.type == atype:
            c = cards.get(a.card)
            if c is not None:
                yield a, c


def least_kept(view, hand: Sequence[dict], keep: Callable[[dict], float]) -> Action:
    """Of the choices (each naming a card of ``hand``), the one whose card is worth keeping least."""
    by_iid = {h["iid"]: h for h in hand}
    return min(view.choices, key=lambda a: keep(by_iid[a.card]) if a.card in by_iid else -99)


def stepped(x: float, steps: Sequence[tuple[float, float]], rest: float) -> float:
    """A step function: the value of the first ``(above, value)`` step with ``x > above``
    (steps from the highest threshold down), else ``rest``."""
    for above, value in steps:
        if x > above:
            return value
    return rest


def final_value(obs: dict, player: int) -> float | None:
    """1, 0 or 0.5 (a draw) for ``player`` once the game is over; None while it goes on."""
    res = obs.get("result")
    if res is None:
        return None
    w = res.get("winner")
    return 0.5 if w is None else (1.0 if w == player else 0.0)


def settled_value(obs: dict, player: int, count: str) -> float | None:
    """The value of a game already settled for ``player``: the finished game's (``final_value``),
    else 0 when their ``count`` (deck, HP...) is down to 0 and 1 when the opponent's is; None
    while it is open."""
    done = final_value(obs, player)
    if done is not None:
        return done
    if obs["players"][player][count] <= 0:
        return 0.0
    if obs["players"][1 - player][count] <= 0:
        return 1.0
    return None


def logistic(weights: Sequence[float], features: Sequence[float]) -> float:
    """A win chance from a logistic model: the weighted sum of the features, kept within ±30."""
    x = sum(w * f for w, f in zip(weights, features))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
