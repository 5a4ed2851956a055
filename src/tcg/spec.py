"""``GameSpec``: everything the rest of ``tcg`` knows of one game, declared by the game itself.

Each game package (``tcg/games/<id>/__init__.py``) exposes ``SPEC = GameSpec(...)``; the registry
(``tcg.games``: ``game_ids()``, ``spec(id)``) hands the specs to the front ends (web, terminal,
CLI), the simulator and the research adapters, which never name a game nor look a game's module
up by string. The engine (``tcg.engine``) knows no spec and no game.

A spec holds data (id, package, the module of each part) and loads a part on first use, so
``tcg --help`` imports no game's rules. A part the spec does not declare, or whose module or
attribute is missing, is a ``MissingPartError`` naming the game and the part, never a silent
fallback. This module imports no game.

The parts (``parts``: part name -> module of the package, ``module:attribute`` for one name of it):

* ``rules``: the ``Ruleset`` class (``rules:ZXRules``), made once (``spec.rules``);
* ``words``: the game's text layer (``text``: ``card_text``, ``kind_name``, ``menu``, ``why_not``,
  ``rules_primer``...);
* ``board``: the board description (``board``: ``describe(obs, lang, cards)``, ``refs(action)``,
  ``card_tile(lang, cards)``: how the table draws a printed card);
* ``view``: what players see (``view``: ``printed_card(card)``, a card's printed facts);
* ``encode``: the observation encoding and action table of the research adapters (``encode``);
* ``terminal``: the terminal renderer (``terminal``: ``Renderer``, ``card_columns(lang)``,
  ``card_facts(card, lang)``, ``COLOR_JA``).

The names (both languages) and the deck builder's tables come from the game's ``profile.toml``
(``[game] name``/``name_en``, ``[deck_builder]``).
"""
from __future__ import annotations

import importlib
import importlib.util
import pathlib
import threading
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Mapping

from .engine.errors import TcgError

_RULES_LOCK = threading.RLock()

#: the parts every game declares (see the module's text)
PARTS = ("rules", "words", "board", "view", "encode", "terminal")


class MissingPartError(TcgError, LookupError):
    """A game's spec does not declare a part, or its module or attribute is missing."""


@dataclass(frozen=True)
class DeckPart:
    """One part of a deck in the deck builder: its section in the deck file, the card kinds it
    takes (None: every kind) and how many cards it holds: ``exact``, ``most`` or ``about``
    ``size`` (a number or the profile entry giving it), or nothing said (``how`` None)."""

    section: str
    kinds: tuple[str, ...] | None
    how: str | None = None
    size: int | str | None = None


@dataclass(frozen=True)
class DeckBuilder:
    """The deck builder's tables of a game (``[deck_builder]`` of its ``profile.toml``): the deck's
    parts, the card field its colour filter reads and the words naming it (None: no colour
    filter), the words function naming a colour value (in ``words``), and the ``tcg cards``
    column its cost filter reads with the words naming it."""

    parts: tuple[DeckPart, ...] = (DeckPart("main", None),)
    colour_field: str | None = None
    colour_words: str = "web.decks.colour"
    colour_name: str | None = None
    cost_column: str = "Cost"
    cost_words: str = "web.decks.cost"

    @classmethod
    def from_table(cls, game: str, table: Mapping[str, Any] | None) -> "DeckBuilder":
        if not table:
            return cls()
        try:
            parts = tuple(DeckPart(str(p["section"]),
                                   None if p.get("kinds") is None else tuple(p["kinds"]),
                                   p.get("how"), p.get("size"))
                          for p in table.get("parts", ())) or cls.parts
            colour = table.get("colour") or {}
            cost = table.get("cost") or {}
            return cls(parts, colour.get("field"), colour.get("words", cls.colour_words), colour.get("name"),
                       cost.get("column", cls.cost_column), cost.get("words", cls.cost_words))
        except (KeyError, TypeError, AttributeError) as e:
            raise MissingPartError(f"game {game!r}: [deck_builder] of profile.toml is not well formed ({e})") \
                from None


def _part(name: str, doc: str) -> Any:
    """A ``GameSpec`` property: the game's part ``name`` (``GameSpec.part``)."""
    def read(spec: "GameSpec") -> Any:
        return spec.part(name)
    return property(read, doc=doc)


def _member(part: str, attr: str, doc: str) -> Any:
    """A ``GameSpec`` property: ``attr`` of the game's part ``part`` (``GameSpec.member``)."""
    def read(spec: "GameSpec") -> Any:
        return spec.member(part, attr)
    return property(read, doc=doc)


@dataclass(frozen=True, eq=False)  # one spec per game: compared (and hashed) by identity
class GameSpec:
    """One game as the rest of ``tcg`` sees it (see the module's text). ``package``: the game's
    package (``tcg.games.<id>``); ``parts``: part -> module (``module`` or ``module:attr``,
    relative to the package)."""

    id: str
    package: str
    parts: Mapping[str, str] = field(default_factory=dict)

    # --- loading a part ------------------------------------------------------------------------
    def part(self, name: str) -> Any:
        """The part ``name``: the module it names, or its attribute (``module:attr``), imported
        on first use. ``MissingPartError`` naming the game and the part when it is not declared
        or not there (an error inside the part's module is raised as it is)."""
        where = self.parts.get(name)
        if not where:
            raise MissingPartError(f"game {self.id!r} declares no {name!r} part "
                                   f"(its GameSpec in {self.package} names: {', '.join(self.parts) or 'none'})")
        module_name, _, attr = where.partition(":")
        path = f"{self.package}.{module_name}"
        try:
            module = importlib.import_module(path)
        except ModuleNotFoundError as e:
            if e.name == path:  # the part's own module is missing (not one it imports)
                raise MissingPartError(f"game {self.id!r}: its {name!r} part, module {path}, "
                                       f"does not exist") from None
            raise
        return module if not attr else self._attr(module, attr, name)

    def member(self, name: str, attr: str) -> Any:
        """``attr`` of the part ``name`` (a module): ``MissingPartError`` when it has none."""
        return self._attr(self.part(name), attr, name)

    def _attr(self, obj: Any, attr: str, part: str) -> Any:
        try:
            return getattr(obj, attr)
        except AttributeError:
            raise MissingPartError(f"game {self.id!r}: its {part!r} part ({self.parts.get(part)}) "
                                   f"has no {attr!r}") from None

    # --- the parts ------------------------------------------------------------------------------
    @property
    def rules(self):
        """The game's ``Ruleset`` (one per process, made on first use)."""
        made = self.__dict__.get("_rules")
        if made is None:
            with _RULES_LOCK:  # two threads asking first still get one ruleset
                made = self.__dict__.get("_rules")
                if made is None:
                    made = self.__dict__["_rules"] = self.part("rules")()
        return made

    # the parts read as they are: a module, or a member of one (imported on first use)
    words = _part("words", "The game's text layer (module ``text``).")
    board = _part("board", "The game's board description module.")
    describe = _member("board", "describe", "``describe(obs, lang=..., cards=...)``: the board description of an "
                       "observation.")
    printed = _member("view", "printed_card", "A card's printed facts as players see them (``view.printed_card``).")
    encoding = _part("encode", "The observation encoding and action table (module ``encode``).")
    terminal = _part("terminal", "The terminal part (``Renderer``, ``card_columns``, ``card_facts``, ``COLOR_JA``).")
    renderer = _member("terminal", "Renderer", "The terminal renderer class.")
    card_columns = _member("terminal", "card_columns", "``card_columns(lang)``: the columns of ``tcg cards`` and of "
                           "the deck builder's list.")
    card_facts = _member("terminal", "card_facts", "``card_facts(card, lang)``: a card's short facts line.")
    colour_names_ja = _member("terminal", "COLOR_JA", "Colour id -> its Japanese name (empty for a game without "
                              "colours).")

    def card_tile(self, lang: str, cards: Any) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
        """How the game's table draws a printed card (the catalog's tiles)."""
        return self.member("board", "card_tile")(lang, cards)

    # --- profile.toml ---------------------------------------------------------------------------
    @cached_property
    def folder(self) -> pathlib.Path:
        """The game's package folder (without importing the package's modules)."""
        spec = importlib.util.find_spec(self.package)
        if spec is None or not spec.submodule_search_locations:
            raise MissingPartError(f"game {self.id!r}: package {self.package} not found")
        return pathlib.Path(next(iter(spec.submodule_search_locations)))

    @cached_property
    def _profile_table(self) -> dict[str, Any]:
        import tomllib
        path = self.folder / "profile.toml"
        try:
            return tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise MissingPartError(f"game {self.id!r}: no profile.toml in {self.folder}") from None

    @property
    def name(self) -> str:
        """The game's name as printed (``[game] name`` of its profile)."""
        return str(self._profile_table.get("game", {}).get("name", self.id))

    @property
    def name_en(self) -> str:
        """The game's English name (``[game] name_en``; the printed name when it has none)."""
        return str(self._profile_table.get("game", {}).get("name_en", "") or self.name)

    def name_in(self, lang: str) -> str:
        return self.name if lang == "ja" else self.name_en

    @cached_property
    def deck_builder(self) -> DeckBuilder:
        """The deck builder's tables (``[deck_builder]`` of the profile)."""
        return DeckBuilder.from_table(self.id, self._profile_table.get("deck_builder"))


__all__ = ["DeckBuilder", "DeckPart", "GameSpec", "MissingPartError", "PARTS"]
