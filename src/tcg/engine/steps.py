"""``StepRuleset``: the machinery every game shares — card set and profile loading, and the
step-stack loop with one handler table per step kind, decision kind and apply kind.

A game subclass sets ``id``, ``folder`` (its package folder) and ``load_cards``, and defines
methods named ``_step_<kind>`` (run a step), ``_legal_<decision>`` and ``_apply_<decision>``; the
tables are built from those names when the class is created."""
from __future__ import annotations

import importlib
import pathlib
from typing import Any, Callable, Sequence

from .action import Action, Decision
from .cards import extra_card_files
from .profile import Profile
from .rules import Ruleset
from .state import BaseState


class StepRuleset(Ruleset):
    folder: pathlib.Path
    load_cards: Callable[..., Any]
    _STEPS: dict[str, Callable]
    _LEGAL: dict[str, Callable]
    _APPLY: dict[str, Callable]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        tables: dict[str, dict[str, Callable]] = {"_step_": {}, "_legal_": {}, "_apply_": {}}
        for klass in reversed(cls.__mro__):
            for name, fn in vars(klass).items():
                for prefix, table in tables.items():
                    if name.startswith(prefix) and callable(fn):
                        table[name[len(prefix):]] = fn
        cls._STEPS, cls._LEGAL, cls._APPLY = tables["_step_"], tables["_legal_"], tables["_apply_"]

    def __init__(self) -> None:
        self._cards = None
        self._profile: Profile | None = None

    # --- data ---------------------------------------------------------------------------
    @property
    def cards(self):
        if self._cards is None:
            self._cards = type(self).load_cards(self.folder / "cards.toml", *extra_card_files(self.id))
        return self._cards

    @property
    def profile(self) -> Profile:
        if self._profile is None:
            self._profile = Profile.load(self.folder / "profile.toml")
            self.max_decisions = self._profile.get("limits.max_decisions", self.max_decisions)
            self.max_steps_per_apply = self._profile.get("limits.max_steps_per_apply",
                                                         self.max_steps_per_apply)
            self.read_profile(self._profile)
        return self._profile

    def read_profile(self, profile: Profile) -> None:
        """Copy the numbers the rules use from the profile onto the ruleset."""

    def deck_dir(self):
        return self.folder / "decks"

    def validate_deck(self, deck):
        """The game's deck check: ``check_deck(cards, profile, deck)`` of the ``deckcheck``
        module next to the game's rules."""
        package = type(self).__module__.rsplit(".", 1)[0]
        return importlib.import_module(f"{package}.deckcheck").check_deck(self.cards, self.profile, deck)

    def deal(self, decks: Sequence[Any], sections: Sequence[str]
             ) -> tuple[list[Any], list[int], list[dict[str, list[int]]]]:
        """The card instances of a new game: every card of these deck sections, player by
        player, in deck order. Returns (cards, owner of each, per player {section: [iid]});
        ValueError for a card the card set does not know."""
        cards: list[Any] = []
        owner: list[int] = []
        zones: list[dict[str, list[int]]] = []
        for p, deck in enumerate(decks):
            z: dict[str, list[int]] = {}
            for sec in sections:
                z[sec] = []
                for cid in deck.section(sec):
                    card = self.cards.find(cid)
                    if card is None:
                        raise ValueError(f"deck {deck.name!r}: unknown card {cid!r} in [{sec}]")
                    z[sec].append(len(cards))
                    cards.append(card)
                    owner.append(p)
            zones.append(z)
        return cards, owner, zones

    # --- the loop -----------------------------------------------------------------------
    def advance(self, s: BaseState) -> None:
        steps, handlers = s.steps, self._STEPS
        budget = self.max_steps_per_apply
        while s.decision is None and not s.over:
            budget -= 1
            if budget < 0:  # safety cap: a loop in card text ends the game in a draw
                steps.clear()
                s.end(None, "step_limit")
                return
            step = steps.pop()
            handlers[step[0]](self, s, step)

    def apply(self, s: BaseState, action: Action) -> None:
        d, pending = s.decision, s.pending
        s.decision = s.pending = None
        self._APPLY[d.kind](self, s, d.player, pending, action)
        if not s.over:
            self.after_op(s)
        self.advance(s)

    def after_op(self, s: BaseState) -> None:
        """State checks after every decision and effect op (retreats, destruction...)."""

    def legal_actions(self, s: BaseState) -> list[Action]:
        d = s.decision
        return [] if d is None else self._LEGAL[d.kind](self, s, d.player, s.pending)

    def _decide(self, s: BaseState, player: int, kind: str, pending: Any = None, **info: Any) -> None:
        s.decision = Decision(player, kind, info)
        s.pending = pending

    # --- invariants -----------------------------------------------------------------------
    def all_zones(self, s: BaseState):
        """Every card with the place it is in: (place, iid) pairs."""
        raise NotImplementedError

    def check_invariants(self, s: BaseState) -> None:
        """Card conservation: every card in exactly one place."""
        seen: dict[int, str] = {}
        for where, iid in self.all_zones(s):
            assert iid not in seen, f"card {iid} is both in {seen[iid]} and {where}"
            seen[iid] = where
        assert len(seen) == len(s.cards), f"{len(s.cards) - len(seen)} cards are nowhere"
