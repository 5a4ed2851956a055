"""What the per-game scenario harnesses (tests/games/<id>/harness.py) share: the fixture
ruleset, wrapping a hand-built state in a ``Game``, finding cards, events and decisions, and
finding a legal action whose card parameters name card ids."""
from __future__ import annotations

import contextlib
import importlib
import pathlib
from collections import Counter
from typing import Any, Callable, Iterator

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
    returns its instance id; ``cards``/``owner`` are what the state is made of, ``layout`` each
    player's fields (see ``players``)."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.cards: list = []
        self.owner: list[int] = []
        self.layout: list[dict[str, Any]] = []

    def new(self, cid: str, p: int) -> int:
        self.cards.append(self.rules.cards[cid])
        self.owner.append(p)
        return len(self.cards) - 1

    def players(self, p0: dict | None, p1: dict | None, decks: tuple[str, ...] = ("deck",),
                piles: tuple[str, ...] = (), known: set[str] | None = None):
        """For each player's spec (None: {}): ``(player, spec, layout)``, the layout (kept in
        ``self.layout``) holding ``decks`` (lists in the spec top first; the top is a pile's end)
        and ``piles`` as new instances of the cards named, in that order; the caller adds the
        rest. A spec key outside ``known`` (when given) is a ValueError."""
        for p, spec in enumerate((p0 or {}, p1 or {})):
            unknown = set(spec) - known if known is not None else ()
            if unknown:
                raise ValueError(f"unknown spec keys for p{p}: {sorted(unknown)}")
            lay: dict[str, Any] = {z: [self.new(c, p) for c in reversed(spec.get(z, []))] for z in decks}
            lay.update({z: [self.new(c, p) for c in spec.get(z, [])] for z in piles})
            self.layout.append(lay)
            yield p, spec, lay

    def state(self, make: Callable[..., Any], seed: int, *args: Any, **every: Any):
        """The scenario's state: ``make(seed, cards, owner, *args)`` with each player's layout
        set on it (and ``every`` field on both, see ``lay_out``)."""
        s = make(seed, tuple(self.cards), tuple(self.owner), *args)
        lay_out(s, self.layout, **every)
        return s


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


# --- checks several games' tests share ----------------------------------------------------------

def check_decks_shuffled_seeded(new_game: Callable[[int], Game], zone: Callable[[Game, int, str], list[str]],
                                main: list[str], size: int) -> dict[tuple[int, int], list[str]]:
    """The set-up shuffle (KM-S1, TT-S1): for seeds 1..3 each player's hand and deck (the hand
    drawn from the top, in order) are the ``size`` cards of the deck's ``main`` section, not in
    deck order; both decks shuffle, player 0's first; the seeds give different orders and a seed
    gives its game again. Returns the orders by (seed, player)."""
    unshuffled = list(reversed(main))  # top = end
    orders = {}
    for seed in (1, 2, 3):
        g = new_game(seed)
        for p in (0, 1):
            order = zone(g, p, "hand") + zone(g, p, "deck")  # hand drawn from the top, in order
            assert Counter(order) == Counter(main) and len(order) == size
            assert order != unshuffled
            orders[seed, p] = order
        assert [e["player"] for e in events(g, "shuffle")] == [0, 1]
    assert orders[1, 0] != orders[2, 0] != orders[3, 0]
    g = new_game(2)
    assert zone(g, 0, "hand") + zone(g, 0, "deck") == orders[2, 0]  # same seed, same game
    return orders


def copies(table: dict[str, int]) -> tuple[str, ...]:
    """A deck section from ``{card id: copies}``: each id that many times, in the table's order."""
    return tuple(cid for cid, n in table.items() for _ in range(n))


def deck_problems(rules: Any, deck: Deck, rule_prefix: str, validated: bool = True) -> list[tuple[str, str | None]]:
    """The game's deck check (``check_deck`` of its deckcheck module) as sorted (rule, card)
    pairs. Every problem names a rule starting with ``rule_prefix`` and says what is wrong; with
    ``validated``, ``validate_deck`` finds the same."""
    found = rules.game_module("deckcheck").check_deck(rules.cards, rules.profile, deck)
    if validated:
        assert rules.validate_deck(deck) == found
    for p in found:  # every problem names its rule and says what is wrong
        assert p.rule.startswith(rule_prefix) and p.message and str(p).startswith(f"[{p.rule}] ")
    return sorted(((p.rule, p.card) for p in found), key=lambda t: (t[0], t[1] or ""))


# --- what a player is shown; the research encoding of a decision --------------------------------

def seen_by(g: Game, viewer: int) -> tuple:
    """All that player ``viewer`` is shown: their observation and log, the spectator's log and
    observation, and their log narrated in English and in Japanese (the game's ``text.lines``).
    Two games that differ only in something hidden from ``viewer`` give equal tuples."""
    text = importlib.import_module(f"tcg.games.{g.rules.id}.text")
    log = list(g.log.for_player(viewer))
    return (g.observe(viewer), log, list(g.log.for_spectator()), g.observe(None),
            text.lines(log, viewer, "en", g.rules.cards), text.lines(log, viewer, "ja", g.rules.cards))


def seen_while_answering(g: Game, picks: list[int], viewer: int = 1) -> list[tuple]:
    """Each open decision answered by its ``picks[k]``-th legal action in turn; what ``viewer``
    is shown before each answer and after the last (``seen_by``)."""
    out = []
    for k in picks:
        out.append(seen_by(g, viewer))
        g.apply(g.legal_actions()[k])
    out.append(seen_by(g, viewer))
    return out


@contextlib.contextmanager
def corpus_encoding(g: Game) -> Iterator[Any]:
    """The game's research encoding (``GameEncoding``) made with ``g``'s own cards (e.g. a
    mechanics corpus), which ``tcg.card_set`` gives while the block runs."""
    import pytest

    import tcg
    from tcg.rl.encoder import GameEncoding
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tcg, "card_set", lambda game_id: g.rules.cards)  # the corpus's cards
        yield GameEncoding(g.rules.id)


def encoded_ids(g: Game, fast_too: bool = False) -> tuple[Any, dict]:
    """Both players' observations encode within the encoding's bounds (strict, ``corpus_encoding``)
    and every legal action of the open decision has an id of its own; with ``fast_too`` the fast
    encoding of each player's observation equals the strict one. The encoding and the ids
    (id -> action)."""
    import numpy as np
    with corpus_encoding(g) as enc:
        for p in (0, 1):
            vec, ctx = enc.encode(g.observe(p), p, strict=True)
            assert ((vec >= enc.low) & (vec <= enc.high)).all()
            if fast_too:
                assert np.array_equal(enc.encode(g.observe(p), p)[0], vec)
        p = g.decision.player
        vec, ctx = enc.encode(g.observe(p), p, strict=True)
        legal = g.legal_actions()
        ids = enc.legal_ids(legal, ctx, strict=True)
        assert set(ids.values()) == set(legal)
    return enc, ids


def fast_encoding_is_strict(g: Game, p: int) -> bool:
    """Whether the fast encoding of player p's observation equals the strict one
    (``corpus_encoding``)."""
    import numpy as np
    with corpus_encoding(g) as enc:
        return bool(np.array_equal(enc.encode(g.observe(p), p)[0], enc.encode(g.observe(p), p, strict=True)[0]))


def legal_ids_cover(g: Game, both_players: bool = False) -> None:
    """Every legal action of the open decision has an id in the game's encoding (strict ids);
    with ``both_players`` the other player's observation encodes too."""
    from tcg.rl.encoder import encoding
    enc = encoding(g.rules.id)
    p = g.decision.player
    _, ctx = enc.encode(g.observe(p), p)
    legal = g.legal_actions()
    assert set(enc.legal_ids(legal, ctx, strict=True).values()) == set(legal)
    if both_players:
        enc.encode(g.observe(1 - p), 1 - p)
