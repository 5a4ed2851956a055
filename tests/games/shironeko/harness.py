"""Scenario harness for Shironeko rule tests: build a precise game state from a spec.

    g = scenario(p0=dict(hand=["F-R1"], town=["F-T-RED"] * 2, deck=["F-B1"] * 10),
                 p1=dict(chars=[dict(card="F-B1", on=True)], deck=["F-STOP", "F-B1"]))
    do(g, "place", card="F-R1")

Spec keys per player: deck (TOP FIRST), hand, town_deck (top first), town (card id, or
(card id, on) pairs), chars (card id or dict(card, on=True, damage=0, shock=False,
poison=False, sick=False, attacked=False, under=[ids])), leader (id or dict), leader_hand,
discard, removed. Card ids come from tests/games/shironeko/fixture_cards.toml."""
from __future__ import annotations

import pathlib
from typing import Any

from tcg.engine.action import Action
from tcg.engine.game import Game
from tcg.games.shironeko.cards import load_cards
from tcg.games.shironeko.rules import ShironekoRules
from tcg.games.shironeko.state import SNState, Unit
from tcg.games.shironeko.triggers import reindex

from .. import harness_base as base
from ..harness_base import card_id, decision, events, ids, is_card, kinds, legal_types  # noqa: F401

FIXTURE = pathlib.Path(__file__).with_name("fixture_cards.toml")


def fixture_rules(cards: pathlib.Path | None = None) -> ShironekoRules:
    """A Shironeko ruleset whose card set is the test fixture (shared, immutable), plus the card
    file ``cards`` (e.g. a mechanics corpus of tests/corpus/shironeko)."""
    if cards is None:
        return base.fixture_rules(ShironekoRules, load_cards, FIXTURE)
    return base.fixture_rules(ShironekoRules, lambda more: load_cards(FIXTURE, more), cards)


def scenario(p0: dict | None = None, p1: dict | None = None, active: int = 0, turn: int = 3,
             first: int = 0, seed: int = 0, start: str = "main", cards: pathlib.Path | None = None) -> Game:
    """A game in the state described, waiting for the active player's main-phase decision
    (``start="turn"`` instead runs the active player's start phase first, from ``turn - 1``)."""
    rules = fixture_rules(cards)
    pool = base.Pool(rules)
    new = pool.new
    for p, spec, lay in pool.players(p0, p1, ("deck", "town_deck"), ("hand", "discard", "leader_hand", "removed")):
        town, off = [], set()
        for t in spec.get("town", []):
            cid, on = (t, True) if isinstance(t, str) else t
            iid = new(cid, p)
            town.append(iid)
            if not on:
                off.add(iid)
        lay["town"], lay["souls_off"] = town, off
        units = []
        for c in spec.get("chars", []):
            units.append(_unit(c, p, new, turn))
        lay["chars"] = units
        lay["leader"] = _unit(spec["leader"], p, new, turn) if spec.get("leader") else None
    s = pool.state(SNState, seed, mulliganed=True)
    reindex(s)  # the triggers of the characters laid on the field (games/shironeko/triggers.py)
    if s.trig is not None:
        rules.profile  # noqa: B018 - loads the numbers
        s.trig.cap = rules.max_triggers_per_action
    s.first, s.active, s.phase = first, active, "main"
    if start == "turn":
        s.turn, s.active = turn - 1, 1 - active
        s.steps = [("start_turn",)]
    else:
        s.turn = turn
        s.steps = [("main",)]
    return base.start(rules, s, seed)


def _unit(c, p: int, new, turn: int) -> Unit:
    spec = {"card": c} if isinstance(c, str) else dict(c)
    under = tuple(new(x, p) for x in spec.get("under", []))
    u = Unit(new(spec["card"], p), turn if spec.get("sick") else 0, under)
    u.on = spec.get("on", True)
    u.damage = spec.get("damage", 0)
    u.shock = spec.get("shock", False)
    u.poison = spec.get("poison", False)
    u.attacked = spec.get("attacked", False)
    return u


# --- finding things ------------------------------------------------------------------------

def zone(g: Game, p: int, name: str) -> list[str]:
    """Card ids in a zone; ``deck`` is listed top first."""
    ps = g.state.players[p]
    if name == "chars":
        return [card_id(g, u.iid) for u in ps.chars]
    z = getattr(ps, name)
    return ids(g, reversed(z) if name in ("deck", "town_deck") else z)


def unit(g: Game, p: int, cid: str) -> Unit:
    for u in g.state.players[p].chars:
        if card_id(g, u.iid) == cid:
            return u
    ld = g.state.players[p].leader
    if ld is not None and card_id(g, ld.iid) == cid:
        return ld
    raise LookupError(f"no {cid} on player {p}'s field")


def _resolve(g: Game, key: str, value: Any, atype: str) -> Any:
    """Card ids in action parameters are resolved to instance ids, looking where that
    parameter can refer to for the deciding player."""
    if not isinstance(value, str) or key in ("type", "color"):
        return value
    s = g.state
    p = g.decision.player
    ps, op = s.players[p], s.players[1 - p]
    if key == "card" and atype in ("place", "change", "awaken", "monster", "burst", "leaderize",
                                   "discard", "mulligan_mark"):
        pools = [ps.hand]
    elif key == "card" and atype == "activate_card":  # an ability used from the hand or the discard pile
        pools = [ps.hand, ps.discard]
    elif key == "card" and atype == "search_pick":
        pools = [ps.deck]
    elif key == "card" and atype == "trigger":
        pools = [ps.damage_area]
    elif key in ("defender",) or (key == "target" and atype in ("change", "awaken")) or \
            (key in ("card",) and atype == "activate") or key == "attacker":
        pools = [[u.iid for u in ps.chars] + ([ps.leader.iid] if ps.leader else [])]
    else:  # effect targets: own field then the opponent's, then the decision's candidates (piles)
        pools = [[u.iid for u in ps.chars], [u.iid for u in op.chars], g.decision.info.get("candidates") or []]
    for pool in pools:
        for iid in pool:
            if s.cards[iid].id == value:
                return iid
    raise LookupError(f"no {value!r} where '{key}' of '{atype}' can refer to")


def action(g: Game, atype: str, **params: Any) -> Action:
    return Action(atype, **{k: _resolve(g, k, v, atype) for k, v in params.items()})


def do(g: Game, atype: str, **params: Any) -> None:
    """Apply the action, with card ids standing for instance ids; it must be legal."""
    a = action(g, atype, **params)
    legal = g.legal_actions()
    assert a in legal, f"{a} is not legal; legal: {legal}"
    g.apply(a)


def can(g: Game, atype: str, **params: Any) -> bool:
    try:
        return action(g, atype, **params) in g.legal_actions()
    except LookupError:
        return False


#: the deck each player of ``with_decks`` has unless told
DECK = ["F-B1"] * 10


def with_decks(cards: pathlib.Path | None = None, p0: dict | None = None, p1: dict | None = None, **kw) -> Game:
    """``scenario`` with the card file ``cards`` (e.g. a mechanics corpus) where each player has
    a deck of ``DECK`` unless told."""
    return scenario(p0={"deck": DECK, **(p0 or {})}, p1={"deck": DECK, **(p1 or {})}, cards=cards, **kw)
