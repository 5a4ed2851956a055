"""``StepRuleset``: the machinery every game shares — card set and profile loading, and the
step-stack loop with one handler table per step kind, decision kind and apply kind.

A game subclass sets ``id`` and ``profile_numbers``, and defines methods named ``_step_<kind>``
(run a step), ``_legal_<decision>`` and ``_apply_<decision>``; the tables are built from those
names when the class is created. The game's package holds the rest, found by module name next to
its rules: ``cards.load_cards``, ``deckcheck.check_deck``, and ``view.observe`` / ``describe`` /
``all_zones``; its folder holds ``cards.toml``, ``profile.toml`` and the sample ``decks``."""
from __future__ import annotations

import importlib
import pathlib
import sys
from types import ModuleType
from typing import Any, Callable, Mapping, Sequence, TypeVar

from .action import Action, Decision
from .cards import extra_card_files
from .deck import DeckProblem
from .errors import IllegalDeckError, brief
from .profile import Profile
from .rules import Ruleset
from .state import DealtState
from .triggers import MAX_TRIGGERS_PER_ACTION

#: the game's state class (``StepRuleset[ZXState]``...)
DS = TypeVar("DS", bound=DealtState)


class StepRuleset(Ruleset[DS]):
    #: the game's package folder (set for the class that defines ``id``: its module's folder)
    folder: pathlib.Path
    #: the game's package, whose modules ``game_module`` imports
    package: str
    #: ruleset attribute -> profile key: the numbers ``read_profile`` copies from the profile
    profile_numbers: Mapping[str, str] = {}
    _STEPS: dict[str, Callable]
    _LEGAL: dict[str, Callable]
    _APPLY: dict[str, Callable]
    #: the cap on abilities triggered during one action (engine/triggers.py; the profile's
    #: ``limits.max_triggers_per_action``): past it nothing more triggers until the next
    #: decision, so a loop of triggers ends quickly
    max_triggers_per_action = MAX_TRIGGERS_PER_ACTION
    #: the hash of the card files a copy of the rules was made for (``card_files.rules_for``);
    #: set on such copies only
    card_files_sha256: str

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        tables: dict[str, dict[str, Callable]] = {"_step_": {}, "_legal_": {}, "_apply_": {}}
        for klass in reversed(cls.__mro__):
            for name, fn in vars(klass).items():
                for prefix, table in tables.items():
                    if name.startswith(prefix) and callable(fn):
                        table[name[len(prefix):]] = fn
        cls._STEPS, cls._LEGAL, cls._APPLY = tables["_step_"], tables["_legal_"], tables["_apply_"]
        if "id" in vars(cls):  # the game's own rules class (not a subclass made by a test)
            cls.package = cls.__module__.rsplit(".", 1)[0]
            if "folder" not in vars(cls):
                file = sys.modules[cls.__module__].__file__
                assert file is not None, f"{cls.__module__} has no source file: set folder"
                cls.folder = pathlib.Path(file).parent

    def __init__(self) -> None:
        self._cards: Any = None
        self._profile: Profile | None = None

    def game_module(self, name: str) -> ModuleType:
        """The module ``name`` of the game's package (``cards``, ``deckcheck``, ``view``...)."""
        return importlib.import_module(f"{self.package}.{name}")

    # --- data ---------------------------------------------------------------------------
    @property
    def cards(self):
        if self._cards is None:
            self._cards = self.game_module("cards").load_cards(self.folder / "cards.toml",
                                                              *extra_card_files(self.id))
        return self._cards

    @property
    def profile(self) -> Profile:
        if self._profile is None:
            self._profile = Profile.load(self.folder / "profile.toml")
            self.max_decisions = self._profile.get("limits.max_decisions", self.max_decisions)
            self.max_steps_per_apply = self._profile.get("limits.max_steps_per_apply",
                                                         self.max_steps_per_apply)
            self.max_triggers_per_action = self._profile.get("limits.max_triggers_per_action",
                                                             self.max_triggers_per_action)
            self.read_profile(self._profile)
        return self._profile

    def read_profile(self, profile: Profile) -> None:
        """Copy the numbers the rules use from the profile onto the ruleset (``profile_numbers``)."""
        for attr, key in self.profile_numbers.items():
            setattr(self, attr, profile.get(key))

    def deck_dir(self):
        return self.folder / "decks"

    def setup_problems(self, deck):
        """The game's set-up check: ``setup_problems(cards, profile, deck)`` of the
        ``deckcheck`` module next to the game's rules."""
        return self.game_module("deckcheck").setup_problems(self.cards, self.profile, deck)

    def validate_deck(self, deck):
        """The game's deck check: ``check_deck(cards, profile, deck)`` of the ``deckcheck``
        module next to the game's rules."""
        return self.game_module("deckcheck").check_deck(self.cards, self.profile, deck)

    # --- views: the ``view`` module next to the game's rules -----------------------------
    def observe(self, s: DS, player: int | None) -> dict[str, Any]:
        return self._view.observe(self, s, player)

    def observe_shared(self, s: DS, player: int | None) -> dict[str, Any]:
        return self._view.observe(self, s, player, shared=True)

    @property
    def _view(self) -> ModuleType:
        view = self.__dict__.get("_view_module")
        if view is None:
            view = self.__dict__["_view_module"] = self.game_module("view")
        return view

    def describe(self, s: DS, action: Action, lang: str = "en") -> str:
        return self.game_module("view").describe(self, s, action, lang)

    def deal(self, decks: Sequence[Any], sections: Sequence[str]
             ) -> tuple[list[Any], list[int], list[dict[str, list[int]]]]:
        """The card instances of a new game: every card of these deck sections, player by
        player, in deck order. Returns (cards, owner of each, per player {section: [iid]});
        IllegalDeckError for a card the card set does not know. Decks of the same contents dealt again
        (a benchmark's thousands of games) are looked up once; the lists returned are new."""
        key = (tuple(sections), tuple(tuple(deck.section(sec)) for deck in decks for sec in sections))
        cache = self.__dict__.setdefault("_dealt", {})
        hit = cache.get(key)
        if hit is None:
            if len(cache) >= 64:
                cache.clear()
            hit = cache[key] = self._deal(decks, sections)
        cards, owner, zones = hit  # copies: the caller shuffles the zones and keeps the lists
        return list(cards), list(owner), [{sec: list(ids) for sec, ids in z.items()} for z in zones]

    def _deal(self, decks: Sequence[Any], sections: Sequence[str]
              ) -> tuple[list[Any], list[int], list[dict[str, list[int]]]]:
        cards: list[Any] = []
        owner: list[int] = []
        zones: list[dict[str, list[int]]] = []
        for p, deck in enumerate(decks):
            z: dict[str, list[int]] = {}
            for sec in sections:
                z[sec] = []
                for cid in deck.section(sec):
                    card = self.cards.find(cid)
                    if card is None:  # (new_game and replay refuse such a deck before: setup_problems)
                        raise IllegalDeckError(deck, [DeckProblem("deck", f"unknown card {brief(cid)} in [{sec}]", cid)],
                                               self.id, unchecked=True)
                    z[sec].append(len(cards))
                    cards.append(card)
                    owner.append(p)
            zones.append(z)
        return cards, owner, zones

    # --- the loop -----------------------------------------------------------------------
    def advance(self, s: DS) -> None:
        """Run steps until a decision opens or the game ends. With ``check_after_steps`` the
        state checks (``after_op``) run after every step, so they have run whenever the rules
        reach the next decision, whatever the steps before it changed; so do they while the
        state's ``check_always`` is set (a dealt card's "for each" HP or toughness)."""
        self.run_steps(s, self.after_op if self.check_after_steps or s.check_always else None)

    def run_steps(self, s: DS, after_step: Callable[[DS], None] | None = None) -> None:
        """Run steps until a decision opens or the game ends, with ``after_step(s)`` (when given)
        after each step that did not end the game; past ``max_steps_per_apply`` steps the game
        ends in a draw (a loop in card text). While the state's ``check_always`` is set (a dealt
        card's "for each" HP or toughness), the state checks (``after_op``) run after each step
        too, before ``after_step``."""
        steps, handlers = s.steps, self._STEPS
        budget = self.max_steps_per_apply
        check = self.after_op if s.check_always and after_step != self.after_op else None
        while s.decision is None and not s.over:
            budget -= 1
            if budget < 0:  # safety cap: a loop in card text ends the game in a draw
                steps.clear()
                s.end(None, "step_limit")
                return
            step = steps.pop()
            handlers[step[0]](self, s, step)
            if check is not None and not s.over:
                check(s)
            if after_step is not None and not s.over:
                after_step(s)

    def apply(self, s: DS, action: Action) -> None:
        d, pending = s.decision, s.pending
        assert d is not None, "no decision is open"
        s.decision = s.pending = None
        self._APPLY[d.kind](self, s, d.player, pending, action)
        if not s.over:
            if self.check_after_decision or s.check_always:
                self.after_op(s)
            if s.decision is None:  # (often the decision's own handler has reached the next one)
                self.advance(s)

    #: run ``after_op`` after each decision too (a game whose decisions never change what it
    #: checks, and whose steps check at once, may turn it off)
    check_after_decision = True
    #: run ``after_op`` after each step too (``advance``): a game whose checks must hold at
    #: every decision turns it on when steps other than effect ops change what it checks
    #: (Z/X: a Z/X placed after it is paid for may lower another one's power to its damage)
    check_after_steps = False

    def after_op(self, s: DS) -> None:
        """State checks after every decision and effect op (retreats, destruction...)."""

    def legal_actions(self, s: DS) -> list[Action]:
        d = s.decision
        return [] if d is None else self._LEGAL[d.kind](self, s, d.player, s.pending)

    def _decide(self, s: DS, player: int, kind: str, pending: Any = None, **info: Any) -> None:
        d = s.decision = Decision.__new__(Decision)  # ``info`` is this call's own dict: no copy
        d.player, d.kind, d.info = player, kind, info
        s.pending = pending

    # --- invariants -----------------------------------------------------------------------
    def all_zones(self, s: DS):
        """Every card with the place it is in: (place, iid) pairs (the ``view`` module's)."""
        return self.game_module("view").all_zones(s)

    def check_invariants(self, s: DS) -> None:
        """Card conservation: every card in exactly one place."""
        seen: dict[int, str] = {}
        for where, iid in self.all_zones(s):
            assert iid not in seen, f"card {iid} is both in {seen[iid]} and {where}"
            seen[iid] = where
        assert len(seen) == len(s.cards), f"{len(s.cards) - len(seen)} cards are nowhere"
