"""Scenario harness for Z/X rule tests: build a precise ZXState from a spec.

    g = scenario(p0=dict(hand=["Z-R3"], resources=["Z-R1"] * 3, deck=FILL),
                 p1=dict(deck=FILL),
                 board={4: dict(card="Z-R2", owner=1)}, start=("main",))
    do(g, "place", card="Z-R3", square=3)

Spec keys per player (card ids from tests/games/zx/fixture_cards.toml):
- ``deck`` (TOP FIRST), ``hand``, ``trash``, ``charge``, ``life`` (index 0 is life card #0 as the
  ``life(index)`` action counts it);
- ``resources`` (rebooted) and ``asleep`` (more resources, asleep; listed after the others);
- ``dynamis`` (face down) and ``face_up`` (more dynamis cards, face up; listed after the others);
- ``player`` (player card id, default none: the nameless stand-in), ``player_face_up`` (default
  True), ``ob_bottom`` (card id), ``counters`` ({"dream_key": 2}), ``used_ex``, ``used_ev_ex``,
  ``used_shift`` (this turn, default False).

``board``: {square: dict(card, owner=0, asleep=False, damage=0, force=[ids], shift=id,
bottom=id)}; a plain card id means dict(card=id) (owner 0). Squares 0..8 row by row; player 0's
player square is 7, player 1's is 1.

Game keys: ``turn`` (default 3), ``active`` (the turn player, default 0), ``first`` (default 0),
``phase`` (default: the phase of the start step), ``battle`` ((attacker square, target square or
-1 for the player), needed by a ``battle_events`` start) and ``start``, the step the game runs
from with the rest of the turn still to come:
- ``("start_turn",)``: the start of turn ``turn`` of player ``active`` (reboot, draw...);
- ``("resource",)``, ``("ignition",)``, ``("main",)``, ``("end_phase",)``: that phase of the turn;
- ``("battle_events", p, passes)``: the battle event window of the battle ``battle``, player p
  deciding first (then the resolution, then the main phase goes on)."""
from __future__ import annotations

import pathlib
from typing import Any

from tcg.engine.action import Action
from tcg.engine.game import Game
from tcg.games.zx.cards import load_cards
from tcg.games.zx.rules import ZXRules
from tcg.games.zx.state import PLAYER_SQUARE, Battle, Unit, ZXState
from tcg.games.zx.triggers import reindex

from .. import harness_base as base
from ..harness_base import card_id, decision, events, ids, is_card, kinds, legal_types  # noqa: F401

FIXTURE = pathlib.Path(__file__).with_name("fixture_cards.toml")

PLAYER_KEYS = {"deck", "hand", "trash", "charge", "life", "resources", "asleep", "dynamis", "face_up",
               "player", "player_face_up", "ob_bottom", "counters", "used_ex", "used_ev_ex", "used_shift"}
UNIT_KEYS = {"card", "owner", "asleep", "damage", "force", "shift", "bottom"}

# the rest of a turn from each start point (steps: top = end)
_TAIL = {
    "resource": [("end_phase",), ("main",), ("ignition",), ("resource",)],
    "ignition": [("end_phase",), ("main",), ("ignition",)],
    "main": [("end_phase",), ("main",)],
    "end_phase": [("end_phase",)],
}
_PHASE = {"resource": "resource", "ignition": "ignition", "main": "main", "end_phase": "main",
          "battle_events": "main"}


def fixture_rules(cards: pathlib.Path | None = None) -> ZXRules:
    """A fresh Z/X ruleset (not the package's RULES) whose cards are the test fixture (plus the
    card file ``cards``, e.g. a mechanics corpus of tests/corpus/zx)."""
    if cards is None:
        return base.fixture_rules(ZXRules, load_cards, FIXTURE)
    return base.fixture_rules(ZXRules, lambda more: load_cards(FIXTURE, more), cards)


def scenario(p0: dict | None = None, p1: dict | None = None, board: dict | None = None,
             turn: int = 3, active: int = 0, first: int = 0, start: str | tuple = ("main",),
             phase: str | None = None, battle: tuple[int, int] | None = None, seed: int = 0,
             rules: ZXRules | None = None, cards: pathlib.Path | None = None) -> Game:
    """A game in the state described (see the module docstring), advanced to its first decision
    (``rules``: a ruleset with other cards, e.g. the mechanics corpus's; ``cards``: a card file
    loaded with the fixture; the fixture's alone by default)."""
    rules = rules or fixture_rules(cards)
    if isinstance(start, str):
        start = (start,)
    pool = base.Pool(rules)
    new = pool.new
    for p, spec, lay in pool.players(p0, p1, piles=("hand", "trash", "charge", "life", "resources", "dynamis"),
                                     known=PLAYER_KEYS):
        asleep = [new(c, p) for c in spec.get("asleep", [])]
        lay["resources"] += asleep
        lay["asleep_res"] = set(asleep)
        face_up = [new(c, p) for c in spec.get("face_up", [])]
        lay["dynamis"] += face_up
        lay["face_up"] = set(face_up)
        lay["player_card"] = new(spec["player"], p) if spec.get("player") else -1
        lay["player_face_up"] = spec.get("player_face_up", True)
        lay["ob_bottom"] = new(spec["ob_bottom"], p) if spec.get("ob_bottom") else -1
        lay["counters"] = dict(spec.get("counters", {}))
        for k in ("used_ex", "used_ev_ex", "used_shift"):
            lay[k] = spec.get(k, False)
        lay["mulliganed"] = True
    units: dict[int, Unit] = {}
    for sq, spec in (board or {}).items():
        spec = {"card": spec} if isinstance(spec, str) else dict(spec)
        unknown = set(spec) - UNIT_KEYS
        if unknown:
            raise ValueError(f"unknown unit keys on square {sq}: {sorted(unknown)}")
        p = spec.get("owner", 0)
        u = Unit(new(spec["card"], p), p)
        u.asleep = spec.get("asleep", False)
        u.damage = spec.get("damage", 0)
        u.force = tuple(new(c, p) for c in spec.get("force", []))
        if spec.get("shift"):
            u.shift = new(spec["shift"], p)
        if spec.get("bottom"):
            u.bottom = new(spec["bottom"], p)
        units[sq] = u
    s = pool.state(ZXState, seed)
    for sq, u in units.items():
        s.board[sq] = u
    reindex(s)  # the triggers of the Z/X laid on the board (games/zx/triggers.py)
    s.first = first
    kind = start[0]
    if kind == "battle_events":
        if battle is None:
            raise ValueError("a battle_events start needs battle=(attacker square, target square)")
        s.turn, s.active = turn, active
        s.phase = phase or "main"
        att, tgt = battle
        s.battle = Battle(att, s.board[att].iid, tgt, s.board[tgt].iid if tgt >= 0 else -1)
        s.steps = [("end_phase",), ("main",), ("battle_resolve",), tuple(start)]
    elif not base.turn_start(s, kind, turn, active, phase, _TAIL, _PHASE):
        raise ValueError(f"unknown start {start!r}")
    return base.start(rules, s, seed)


# --- finding things ------------------------------------------------------------------------

def zone(g: Game, p: int, name: str) -> list[str]:
    """Card ids in a zone of player p: deck (top first), hand, trash, charge, life, resources,
    asleep (asleep resources), dynamis, face_up (face-up dynamis cards), resolving."""
    ps = g.state.players[p]
    if name == "deck":
        return ids(g, reversed(ps.deck))
    if name == "asleep":
        return ids(g, [i for i in ps.resources if i in ps.asleep_res])
    if name == "face_up":
        return ids(g, [i for i in ps.dynamis if i in ps.face_up])
    if name == "face_down":
        return ids(g, [i for i in ps.dynamis if i not in ps.face_up])
    return ids(g, getattr(ps, name))


def sq(g: Game, n: int) -> str | None:
    """The card id of the Z/X on square n (None if empty)."""
    u = g.state.board[n]
    return None if u is None else card_id(g, u.iid)


def board(g: Game) -> dict[int, tuple[str, int]]:
    """{square: (card id, owner)} of every Z/X on the board."""
    return {n: (card_id(g, u.iid), u.owner) for n, u in enumerate(g.state.board) if u is not None}


def unit(g: Game, n: int) -> Unit:
    u = g.state.board[n]
    if u is None:
        raise LookupError(f"no Z/X on square {n}")
    return u


def power(g: Game, n: int) -> int:
    from tcg.games.zx import flow as F
    return F.power_of(g.state, unit(g, n))


def iid_in(g: Game, p: int, where: str, cid: str) -> int:
    """Instance id of the first ``cid`` in player p's zone ``where``."""
    return base.first_in(g, p, where, getattr(g.state.players[p], where), cid)


def check(g: Game) -> None:
    """Every card is in exactly one place and no charge holds more than 4."""
    g.rules.check_invariants(g.state)


# --- acting --------------------------------------------------------------------------------

def _card_param(atype: str, k: str) -> bool:
    return k == "card" or (k == "target" and atype == "target")


def action(g: Game, atype: str, **params: Any) -> Action:
    """The legal action of type ``atype`` whose ``card`` parameter (and the ``target`` of an
    effect's target decision) holds a card with the given id (plain ints are instance ids and must
    match exactly; other parameters, e.g. attack targets as squares, must match exactly).
    Several copies of one card: the first listed."""
    def matches(s, k: str, want: Any, have: Any) -> bool:
        if isinstance(want, str) and _card_param(atype, k):
            return is_card(s, want, have)
        return have == (tuple(want) if isinstance(want, list) else want)
    return base.first_legal(g, atype, params, matches)


def do(g: Game, atype: str, **params: Any) -> None:
    """Apply the action, with card ids standing for instance ids; it must be legal."""
    g.apply(action(g, atype, **params))


def can(g: Game, atype: str, **params: Any) -> bool:
    return base.can(action, g, atype, **params)


def legal(g: Game, atype: str) -> list[Action]:
    return [a for a in g.legal_actions() if a.type == atype]


def options(g: Game, atype: str, key: str = "card") -> list:
    """The values of ``key`` in the legal actions of one type, in listed order (cards as ids)."""
    out = []
    for a in legal(g, atype):
        v = a.get(key)
        out.append(card_id(g, v) if _card_param(atype, key) and isinstance(v, int) and v >= 0 else v)
    return out


def pass_battle(g: Game, *players: int) -> None:
    """These players pass in turn in the battle event window (each must be deciding)."""
    for p in players:
        assert decision(g) == (p, "battle"), decision(g)
        do(g, "pass")


def player_square(p: int) -> int:
    return PLAYER_SQUARE[p]


# --- the usual scenario ----------------------------------------------------------------------

FILL = ["Z-R1"] * 8


def main(p0: dict | None = None, p1: dict | None = None, **kw) -> Game:
    """A scenario in which each player has a deck (``FILL``) and four life cards unless their
    spec gives others (in the main phase unless ``start`` says otherwise)."""
    p0 = {"deck": FILL, "life": ["Z-R1"] * 4, **(p0 or {})}
    p1 = {"deck": FILL, "life": ["Z-R1"] * 4, **(p1 or {})}
    return scenario(p0=p0, p1=p1, **kw)


def attack(g: Game, attacker: int, target: int) -> None:
    """The active player attacks and both players pass the event window."""
    do(g, "attack", attacker=attacker, target=target)
    pass_battle(g, g.state.active, 1 - g.state.active)
