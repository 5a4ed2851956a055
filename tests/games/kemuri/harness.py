"""Scenario harness for Kemuri Chuudoku rule tests: build a precise KMState from a spec.

    g = scenario(p0=dict(floor=["K-EA"], deck=["K-F1"] * 5),
                 p1=dict(floor=[dict(card="K-LA", below=["K-LC"])], hand=["K-HL3"]),
                 start="serving_start")
    do(g, "serve", cast="K-EA", target="K-LA")

Spec keys per player: deck (TOP FIRST), hand, backyard, seating (customers), floor (card id, or
dict(card, served=False, below=[ids]) for a flavour cross whose top is ``card``), leader (card id,
default "KL-CHO", whose person is on no cast), leader_active (alias ``active``, default True),
charm_used (default False), event (the one event on the table, owned by this player),
used_event / used_support (this turn). Card ids come from tests/games/kemuri/fixture_cards.toml.

Game keys: ``turn`` (default 3), ``active`` (the turn player, default 0), ``first`` (default 0),
``phase`` (default: the phase the start step sets) and ``start``, the step the game runs from:
- ``"start_turn"``: the start of turn ``turn`` of player ``active`` (draw phase first);
- ``"charcoal"``, ``"operation"``, ``"serving_start"`` (trouble window, then serving),
  ``"serve"`` (straight to the serving decision), ``"end_phase"``: that point of the turn,
  with the rest of the turn still to come.
A tuple such as ``("operation",)`` is accepted as well."""
from __future__ import annotations

import pathlib
from typing import Any

from tcg.engine.action import Action
from tcg.engine.game import Game
from tcg.games.kemuri import flow as F
from tcg.games.kemuri.cards import load_cards
from tcg.games.kemuri.rules import KemuriRules
from tcg.games.kemuri.state import Cast, KMState
from tcg.games.kemuri.triggers import reindex

from .. import harness_base as base
from ..harness_base import card_id, decision, events, ids, is_card, kinds, legal_types  # noqa: F401

FIXTURE = pathlib.Path(__file__).with_name("fixture_cards.toml")
DEFAULT_LEADER = "KL-CHO"

# action parameters that name one card (card id -> instance id); "cards"/"casts" name several
CARD_PARAMS = ("card", "target", "cast", "seat")
MULTI_PARAMS = ("cards", "casts")

# the rest of a turn from each start point (steps: top = end)
_TAIL = {
    "charcoal": [("end_phase",), ("serving_start",), ("operation",), ("charcoal",)],
    "operation": [("end_phase",), ("serving_start",), ("operation",)],
    "serving_start": [("end_phase",), ("serving_start",)],
    "serve": [("end_phase",), ("serve_next",)],
    "end_phase": [("end_phase",)],
}
_PHASE = {"charcoal": "charcoal", "operation": "operation", "serving_start": "operation",
          "serve": "serving", "end_phase": "serving"}


def fixture_rules(cards: pathlib.Path | None = None) -> KemuriRules:
    """A fresh Kemuri ruleset (not the package's RULES) whose cards are the test fixture, plus
    the card file ``cards`` (e.g. a mechanics corpus of tests/corpus/kemuri)."""
    if cards is None:
        return base.fixture_rules(KemuriRules, load_cards, FIXTURE)
    return base.fixture_rules(KemuriRules, lambda more: load_cards(FIXTURE, more), cards)


SAMPLES = pathlib.Path(F.__file__).with_name("cards.toml")
_WITH_SAMPLES: list[KemuriRules] = []


def sample_rules() -> KemuriRules:
    """A Kemuri ruleset whose cards are the test fixture and the shipped sample set (KMS-*)
    together (one, shared: the tests do not change it)."""
    if not _WITH_SAMPLES:
        r = KemuriRules()
        r._cards = load_cards(FIXTURE, SAMPLES)
        r.profile  # noqa: B018
        _WITH_SAMPLES.append(r)
    return _WITH_SAMPLES[0]


PLAYER_KEYS = {"deck", "hand", "backyard", "seating", "floor", "leader", "leader_active", "active", "charm_used",
               "event", "used_event", "used_support"}


def scenario(p0: dict | None = None, p1: dict | None = None, turn: int = 3, active: int = 0,
             first: int = 0, start: str | tuple = "operation", phase: str | None = None,
             seed: int = 0, samples: bool = False, cards: pathlib.Path | None = None) -> Game:
    """A game in the state described (see the module docstring), advanced to its first decision.
    ``samples``: the shipped sample cards (KMS-*) may be used beside the fixture's; ``cards``: a
    card file played beside the fixture's (a mechanics corpus)."""
    rules = sample_rules() if samples else fixture_rules(cards)
    if isinstance(start, tuple):
        start = start[0]
    pool = base.Pool(rules)
    new = pool.new
    event = -1
    for p, spec, lay in pool.players(p0, p1, piles=("hand", "backyard", "seating"), known=PLAYER_KEYS):
        lay["floor"] = [_cast(c, p, new) for c in spec.get("floor", [])]
        leader = spec.get("leader", DEFAULT_LEADER)
        lay["leader"] = new(leader, p) if leader else -1
        lay["leader_active"] = spec.get("leader_active", spec.get("active", True))
        lay["charm_used"] = spec.get("charm_used", False)
        lay["used_event"] = spec.get("used_event", False)
        lay["used_support"] = spec.get("used_support", False)
        lay["mulliganed"] = True
        if spec.get("event"):
            if event >= 0:
                raise ValueError("only one event can be on the table")
            event = new(spec["event"], p)
    s = pool.state(KMState, seed)
    s.event = event
    reindex(s)  # the triggers of the cards laid on the field (games/kemuri/triggers.py)
    s.first = first
    if not base.turn_start(s, start, turn, active, phase, _TAIL, _PHASE):
        raise ValueError(f"unknown start {start!r}")
    return base.start(rules, s, seed)


def _cast(c, p: int, new) -> Cast:
    spec = {"card": c} if isinstance(c, str) else dict(c)
    top = new(spec["card"], p)
    cast = Cast(top, tuple(new(b, p) for b in spec.get("below", [])))
    cast.served = spec.get("served", False)
    return cast


# --- finding things ------------------------------------------------------------------------

def zone(g: Game, p: int, name: str) -> list[str]:
    """Card ids in a zone: deck (top first), hand, backyard, seating, resolving, floor (the top
    card of each cast, a cross counting once)."""
    ps = g.state.players[p]
    if name == "floor":
        return [card_id(g, c.iid) for c in ps.floor]
    z = getattr(ps, name)
    return ids(g, reversed(z) if name == "deck" else z)


def members(g: Game, p: int) -> list[list[str]]:
    """Player p's floor, each cast as the list of its cards (top first)."""
    return [ids(g, c.members) for c in g.state.players[p].floor]


def cast(g: Game, p: int, cid: str) -> Cast:
    """Player p's cast whose top card is ``cid``."""
    for c in g.state.players[p].floor:
        if card_id(g, c.iid) == cid:
            return c
    raise LookupError(f"no {cid} on player {p}'s floor")


def iid_in(g: Game, p: int, where: str, cid: str) -> int:
    """Instance id of the first ``cid`` in player p's zone (``floor``: top cards)."""
    ps = g.state.players[p]
    return base.first_in(g, p, where, [c.iid for c in ps.floor] if where == "floor" else getattr(ps, where), cid)


def seats(g: Game, p: int) -> int:
    return F.seats(g.state, p)


def cp(g: Game, p: int, cid: str) -> int:
    return F.cp_of(g.state, cast(g, p, cid))


def call_in_value(g: Game, p: int, cid: str) -> int:
    return F.call_in_of(g.state, cast(g, p, cid))


# --- acting --------------------------------------------------------------------------------

def _matches(s: KMState, k: str, want: Any, have: Any) -> bool:
    if isinstance(want, str) and k in CARD_PARAMS:
        return is_card(s, want, have)
    if k in MULTI_PARAMS and isinstance(want, (list, tuple)) and any(isinstance(w, str) for w in want):
        return isinstance(have, tuple) and len(have) == len(want) and all(
            _matches(s, "card", w, h) for w, h in zip(want, have))
    if k in MULTI_PARAMS and isinstance(want, list):
        want = tuple(want)
    return have == want


def action(g: Game, atype: str, **params: Any) -> Action:
    """The legal action of type ``atype`` whose card parameters (card, target, cast, seat, and
    the lists cards/casts) hold cards with the given ids (plain ints are instance ids and must
    match exactly, e.g. target=-1 for イケイケ). Several copies of one card: the first listed."""
    return base.first_legal(g, atype, params, _matches)


def do(g: Game, atype: str, **params: Any) -> None:
    """Apply the action, with card ids standing for instance ids; it must be legal."""
    g.apply(action(g, atype, **params))


def can(g: Game, atype: str, **params: Any) -> bool:
    return base.can(action, g, atype, **params)


def options(g: Game, atype: str, key: str = "card") -> list[str]:
    """Card ids named by ``key`` in the legal actions of one type, in listed order (-1 as "-1")."""
    out = []
    for a in g.legal_actions():
        v = a.get(key)
        if a.type == atype and isinstance(v, int):
            out.append(card_id(g, v) if v >= 0 else str(v))
    return out


def pay(g: Game, p: int, *cids: str) -> None:
    """Player p (who must be deciding ``pay``) sends these seating cards, in order."""
    for c in cids:
        assert decision(g) == (p, "pay"), decision(g)
        do(g, "pay", card=c)


def end_operation(g: Game, pass_trouble: bool = True) -> None:
    """End the operation phase; the opponent's trouble window (always offered) is passed
    when they hold no trouble card, unless ``pass_trouble`` is False."""
    assert decision(g) is not None and decision(g)[1] == "operation", decision(g)
    do(g, "end_operation")
    if pass_trouble and g.decision is not None and g.decision.kind == "trouble" \
            and [a.type for a in g.legal_actions()] == ["pass"]:
        do(g, "pass")


def serve(g: Game, server: str, target: str | int = -1, helps: tuple[str, ...] = ()) -> None:
    """The turn player serves with ``server`` at ``target``; the receiver plays ``helps`` then done."""
    assert decision(g) is not None and decision(g)[1] == "serve", decision(g)
    do(g, "serve", cast=server, target=target)
    if target != -1:
        assert g.decision.kind == "help", decision(g)
        for h in helps:
            do(g, "help", card=h)
        do(g, "done")


# --- the charcoal change as add-only steps ---------------------------------------------------

def swap(g: Game, seat: str, cards: list[str] | tuple[str, ...]) -> None:
    """One charcoal swap (KM-T2) through its steps: ``swap_out`` the seating card, then
    ``swap_in`` each hand card; the swap happens with the last one."""
    do(g, "swap_out", seat=seat)
    for c in cards:
        assert decision(g) is not None and decision(g)[1] == "charcoal_in", decision(g)
        do(g, "swap_in", card=c)
    assert decision(g) is None or decision(g)[1] != "charcoal_in", "the swap did not complete"


def can_swap(g: Game, seat: str, cards: list[str] | tuple[str, ...]) -> bool:
    """Whether that swap can be made now (tried on a clone)."""
    h = g.clone()
    try:
        swap(h, seat, cards)
    except (LookupError, AssertionError):
        return False
    return True


def reachable_swaps(g: Game) -> set[tuple[int, frozenset]]:
    """Every swap the steps can complete from the charcoal decision of ``g``, as (seat instance
    id, instance ids swapped in); each selection is explored once whatever the order of picks."""
    out: set[tuple[int, frozenset]] = set()
    seen: set = set()

    def walk(h: Game) -> None:
        for a in h.legal_actions():
            if a.type not in ("swap_out", "swap_in"):
                continue
            k = h.clone()
            start = len(k.log)
            k.apply(a)
            done = [e for e in k.log[start:] if e["type"] == "charcoal_change"]
            if done:
                out.add((done[0]["out"], frozenset(done[0]["in"])))
                continue
            d = k.decision
            key = (d.info["seat"], frozenset(d.info["picked"]))
            if key not in seen:
                seen.add(key)
                walk(k)
    walk(g)
    return out


def swap_ids(g: Game) -> list[tuple[str, tuple[str, ...]]]:
    """``reachable_swaps`` by card ids (copies of a card folded), sorted."""
    s = g.state
    return sorted({(s.cards[seat].id, tuple(sorted(s.cards[i].id for i in ins)))
                   for seat, ins in reachable_swaps(g)})


#: the deck each player of ``with_decks`` has unless told
FILL = ["K-F1"] * 6


def with_decks(cards: pathlib.Path | None = None, p0: dict | None = None, p1: dict | None = None, **kw) -> Game:
    """``scenario`` with the card file ``cards`` (e.g. a mechanics corpus) where each player has
    a deck of ``FILL`` unless told."""
    return scenario(p0={"deck": FILL, **(p0 or {})}, p1={"deck": FILL, **(p1 or {})}, cards=cards, **kw)


#: a locked leader whose charm is spent
NO_LEADER = dict(leader_active=False, charm_used=True)


def with_samples(p0: dict | None = None, p1: dict | None = None, **kw) -> Game:
    """``scenario`` with the fixture's cards and the shipped ones, where each player has a deck of
    ``FILL`` and a locked leader whose charm is spent (``NO_LEADER``) unless told."""
    p0 = {"deck": FILL, **NO_LEADER, **(p0 or {})}
    p1 = {"deck": FILL, **NO_LEADER, **(p1 or {})}
    return scenario(p0=p0, p1=p1, samples=True, **kw)
