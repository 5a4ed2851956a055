"""Scenario harness for Turu-turu rule tests: build a precise game state from a spec.

    g = scenario(p0=dict(hand=["T-PLACE"], deck=["T-SMALL"] * 5),
                 p1=dict(chars=[dict(card="T-ATK", awake=False)], deck=["T-SMALL"] * 5),
                 start="programming")
    do(g, "stack", card="T-PLACE")

Spec keys per player: deck (TOP FIRST), hand, discard, resolved, chars (card id or
dict(card, awake=True, damage=0, placed_this_round=False, devices=[device ids])), devices
(device ids on the field itself), programs ([card ids], face down, first runs first; a card's
program is chosen when it runs),
hp (default 20). Card ids come from tests/games/turutoru/fixture_cards.toml.

``start`` says where the game begins (it then runs to the first decision):
- ``"programming"``: the programming phase of round ``round`` (draw already done): the
  priority player's ``program`` decision, then the other player's, then the main phase.
- ``"main"``: the start of the main phase of round ``round`` with the ``programs`` given
  already stacked (an empty stack goes straight on to the prepare phase).
- ``"round"``: the start of round ``round`` (its draw phase comes first).
- ``"prepare"``: the prepare phase of round ``round``."""
from __future__ import annotations

import pathlib
from typing import Any

from tcg.engine.action import Action
from tcg.engine.game import Game
from tcg.games.turutoru.cards import load_cards
from tcg.games.turutoru.rules import TuruturuRules
from tcg.games.turutoru.state import TTState, Unit
from tcg.games.turutoru.triggers import reindex

from .. import harness_base as base
from ..harness_base import card_id, decision, events, ids, is_card, kinds, legal_types  # noqa: F401

FIXTURE = pathlib.Path(__file__).with_name("fixture_cards.toml")

# action parameters that name a card (resolved from a card id to an instance id)
CARD_PARAMS = ("card", "target")


def fixture_rules(cards: pathlib.Path | None = None) -> TuruturuRules:
    """A fresh Turu-turu ruleset (not the package's RULES) whose cards are the test fixture, plus
    the card file ``cards`` (e.g. a mechanics corpus of tests/corpus/turutoru)."""
    if cards is None:
        return base.fixture_rules(TuruturuRules, load_cards, FIXTURE)
    return base.fixture_rules(TuruturuRules, lambda more: load_cards(FIXTURE, more), cards)


def scenario(p0: dict | None = None, p1: dict | None = None, round: int = 2, priority: int = 0,
             start: str = "programming", seed: int = 0, cards: pathlib.Path | None = None) -> Game:
    """A game in the state described (see the module docstring), advanced to its first decision
    (``cards``: a card file played with the fixture's, e.g. a mechanics corpus)."""
    rules = fixture_rules(cards)
    pool = base.Pool(rules)
    new = pool.new
    for p, spec, lay in pool.players(p0, p1, piles=("hand", "discard", "resolved", "devices")):
        lay["chars"] = [_unit(c, p, new, round) for c in spec.get("chars", [])]
        lay["programs"] = [new(cid, p) for cid in spec.get("programs", [])]
        lay["hp"] = spec.get("hp", rules.start_hp)
    s = pool.state(TTState, seed, rules.start_hp, mulliganed=True)
    reindex(s)  # the triggers of the cards laid in play (games/turutoru/triggers.py)
    if s.trig is not None:
        s.trig.cap = rules.max_triggers_per_action
    s.priority = priority
    first, second = priority, 1 - priority
    if start == "programming":
        s.round, s.phase = round, "programming"
        s.steps = [("prepare",), ("main_start",), ("program", second), ("program", first)]
    elif start == "main":
        s.round, s.phase = round, "programming"
        for ps in s.players:
            ps.done_programming = True
        s.steps = [("prepare",), ("main_start",)]
    elif start == "round":
        s.round, s.phase = round - 1, "end"
        s.steps = [("round",)]
    elif start == "prepare":
        s.round, s.phase = round, "main"
        s.steps = [("prepare",)]
    else:
        raise ValueError(start)
    return base.start(rules, s, seed)


def _unit(c, p: int, new, round: int) -> Unit:
    spec = {"card": c} if isinstance(c, str) else dict(c)
    devices = tuple(new(x, p) for x in spec.get("devices", []))
    u = Unit(new(spec["card"], p), round if spec.get("placed_this_round") else 0)
    u.awake = spec.get("awake", True)
    u.damage = spec.get("damage", 0)
    u.devices = devices
    return u


# --- finding things ------------------------------------------------------------------------

def zone(g: Game, p: int, name: str) -> list[str]:
    """Card ids in a zone: deck (top first), hand, discard, resolved, devices (field devices),
    chars (characters on the field), programs (unresolved stack, first to run first)."""
    ps = g.state.players[p]
    if name == "chars":
        return [card_id(g, u.iid) for u in ps.chars]
    if name == "programs":
        return [card_id(g, i) for i in ps.programs]
    z = getattr(ps, name)
    return ids(g, reversed(z) if name == "deck" else z)


def unit(g: Game, p: int, cid: str) -> Unit:
    for u in g.state.players[p].chars:
        if card_id(g, u.iid) == cid:
            return u
    raise LookupError(f"no {cid} on player {p}'s field")


def attached(g: Game, p: int, cid: str) -> list[str]:
    """Card ids of the devices attached to player p's character ``cid``."""
    return ids(g, unit(g, p, cid).devices)


def iid_in(g: Game, p: int, where: str, cid: str) -> int:
    """Instance id of the first ``cid`` in player p's zone ``where`` (``chars`` for the field)."""
    ps = g.state.players[p]
    return base.first_in(g, p, where, [u.iid for u in ps.chars] if where == "chars" else getattr(ps, where), cid)


# --- acting --------------------------------------------------------------------------------

def action(g: Game, atype: str, **params: Any) -> Action:
    """The legal action of type ``atype`` whose card parameters (``card``, ``target``) hold
    cards with the given ids (plain ints are instance ids and must match exactly; other
    parameters must match exactly). Several copies of one card: the first listed."""
    return base.first_legal(g, atype, params, _matches)


def _matches(s, k: str, want: Any, have: Any) -> bool:
    return is_card(s, want, have) if isinstance(want, str) and k in CARD_PARAMS else have == want


def do(g: Game, atype: str, **params: Any) -> None:
    """Apply the action, with card ids standing for instance ids; it must be legal."""
    g.apply(action(g, atype, **params))


def can(g: Game, atype: str, **params: Any) -> bool:
    return base.can(action, g, atype, **params)


def options(g: Game, atype: str, key: str = "card") -> list[str]:
    """Card ids named by ``key`` in the legal actions of one type, in listed order."""
    return [card_id(g, a.get(key)) for a in g.legal_actions()
            if a.type == atype and isinstance(a.get(key), int) and a.get(key) >= 0]


def program(g: Game, p: int, *stack: str) -> None:
    """Player p (who must be deciding ``program``) stacks these card ids in order and finishes."""
    assert decision(g) == (p, "program"), decision(g)
    for cid in stack:
        do(g, "stack", card=cid)
    do(g, "finish_program")


def finish_round(g: Game) -> None:
    """Skip every remaining program decision, block nothing, assign damage to the first blocker,
    and discard the first cards, until the next programming phase opens."""
    while g.decision is not None and g.decision.kind != "program":
        kinds_ = legal_types(g)
        if "skip" in kinds_:
            do(g, "skip")
        elif "done" in kinds_:
            do(g, "done")
        else:
            g.apply(g.legal_actions()[0])


# --- the usual scenario ----------------------------------------------------------------------

FILL = ["T-SMALL"] * 10


def main(p0: dict, p1: dict | None = None, **kw) -> Game:
    """A game at the start of the main phase (decks filled unless given)."""
    p0 = {"deck": FILL, **p0}
    p1 = {"deck": FILL, **(p1 or {})}
    return scenario(p0=p0, p1=p1, start="main", **kw)


#: a program that applies an application from the hand / uses an ability of a character / of a
#: device, then one that stops the main phase (a Library Draw asks whether to run it) so that the
#: state after the effect can be read
APPLY = ["T-APPLY", "T-DRAW2"]
ACTIVATE = ["T-ACTV", "T-DRAW2"]
EFFECT = ["T-EFFECT", "T-DRAW2"]


def apply_from_hand(card: str, p0: dict | None = None, p1: dict | None = None, **kw) -> Game:
    """A main phase where player 0's first program applies ``card`` from the hand (``main``'s
    keywords, e.g. ``cards``, pass on)."""
    p0 = dict(p0 or {})
    g = main({"programs": APPLY, **p0, "hand": [card] + p0.get("hand", [])}, p1, **kw)
    assert decision(g) == (0, "apply")
    do(g, "apply", card=card)
    return g


def hp(g: Game, p: int) -> int:
    """Player p's HP."""
    return g.state.players[p].hp
