"""What the per-game scenario harnesses (tests/games/<id>/harness.py) share: the fixture
ruleset, wrapping a hand-built state in a ``Game``, finding cards, events and decisions, and
finding a legal action whose card parameters name card ids."""
from __future__ import annotations

import pathlib
from typing import Any, Callable

from tcg.engine.action import Action
from tcg.engine.deck import Deck
from tcg.engine.game import Game
from tcg.engine.rules import Ruleset

_FIXTURE_RULES: dict[tuple[type, pathlib.Path], Ruleset] = {}


def fixture_rules(rules_class: type, load_cards: Callable, fixture: pathlib.Path) -> Any:
    """A ruleset of ``rules_class`` (not the package's RULES) whose cards are the test fixture
    (one per class and file, shared: the tests do not change it)."""
    key = (rules_class, fixture)
    if key not in _FIXTURE_RULES:
        r = rules_class()
        r._cards = load_cards(fixture)
        r.profile  # noqa: B018 - load the numbers (hand size, limits...)
        _FIXTURE_RULES[key] = r
    return _FIXTURE_RULES[key]


def start(rules: Ruleset, state, seed: int = 0) -> Game:
    """A game around a hand-built state (scenario decks), advanced to its first decision."""
    g = Game.from_state(rules, tuple(Deck(rules.id, f"scenario p{p}", {}) for p in range(2)), seed, state)
    rules.advance(state)
    return g


class Pool:
    """The card instances of a scenario as it is built: ``new(card id, owner)`` adds one and
    returns its instance id; ``cards``/``owner`` are what the state is made of."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.cards: list = []
        self.owner: list[int] = []

    def new(self, cid: str, p: int) -> int:
        self.cards.append(self.rules.cards[cid])
        self.owner.append(p)
        return len(self.cards) - 1


def lay_out(state, layout: list[dict[str, Any]], **every: Any) -> None:
    """Set each player's fields from their layout ({field: value}), then ``every`` field on all."""
    for p, lay in enumerate(layout):
        ps = state.players[p]
        for k, v in {**lay, **every}.items():
            setattr(ps, k, v)


def turn_start(s, kind: str, turn: int, active: int, phase: str | None, tail: dict, phases: dict) -> bool:
    """For a turn-based game (Kemuri, Z/X): start at ``("start_turn",)`` of turn ``turn`` of
    player ``active``, or at a phase of that turn with the rest of the turn (``tail[kind]``) to
    come; False for another kind of start."""
    if kind == "start_turn":
        s.turn = turn - 1
        s.active = active if s.turn == 0 else 1 - active
        s.phase = phase or "end"
        s.steps = [("start_turn",)]
    elif kind in tail:
        s.turn, s.active = turn, active
        s.phase = phase or phases[kind]
        s.steps = list(tail[kind])
    else:
        return False
    return True


# --- finding things ------------------------------------------------------------------------

def card_id(g: Game, iid: int) -> str:
    return g.state.cards[iid].id


def ids(g: Game, iids) -> list[str]:
    return [card_id(g, i) for i in iids]


def kinds(g: Game) -> list[str]:
    return [e["type"] for e in g.log]


def events(g: Game, etype: str) -> list[dict]:
    """Full (referee) form of every event of one type, in order."""
    return [e for e in g.log if e["type"] == etype]


def decision(g: Game) -> tuple[int, str] | None:
    d = g.decision
    return None if d is None else (d.player, d.kind)


def first_in(g: Game, p: int, where: str, iids, cid: str) -> int:
    """Instance id of the first ``cid`` among ``iids`` (player p's ``where``)."""
    for i in iids:
        if card_id(g, i) == cid:
            return i
    raise LookupError(f"no {cid} in player {p}'s {where}")


def legal_types(g: Game) -> set[str]:
    return {a.type for a in g.legal_actions()}


# --- acting --------------------------------------------------------------------------------

def is_card(s, want: Any, have: Any) -> bool:
    """``have`` (a parameter value) is an instance of the card id ``want``."""
    return isinstance(have, int) and 0 <= have < len(s.cards) and s.cards[have].id == want


def first_legal(g: Game, atype: str, params: dict[str, Any],
                matches: Callable[[Any, str, Any, Any], bool]) -> Action:
    """The first legal action of type ``atype`` with exactly the keys of ``params``, each value
    accepted by ``matches(state, key, wanted, value)``; LookupError if none."""
    s = g.state
    for a in g.legal_actions():
        if a.type != atype or set(k for k, _ in a.params) != set(params):
            continue
        if all(matches(s, k, want, a.get(k)) for k, want in params.items()):
            return a
    raise LookupError(f"no legal {atype} {params}; legal: {g.legal_actions()}")


def can(action: Callable[..., Action], g: Game, atype: str, **params: Any) -> bool:
    """Whether ``action(g, atype, **params)`` finds a legal action."""
    try:
        action(g, atype, **params)
        return True
    except LookupError:
        return False
