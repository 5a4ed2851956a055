"""Decks: named lists of card ids grouped in sections (``main``, ``town``, ``leader``...).

A deck file is TOML::

    game = "shironeko"
    name = "Red Rush"
    [main]
    "SNP-001" = 3        # card id or exact card name = number of copies
    [town]
    "SNP-T01" = 10
"""
from __future__ import annotations

import os
import pathlib
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .errors import DeckFileError, brief
from .files import MAX_DECK_BYTES, parse_toml, read_text

#: most copies one line of a deck file may ask for, and most cards a deck may hold in all
MAX_COPIES = 1000
MAX_DECK_CARDS = 10_000


@dataclass(frozen=True)
class DeckProblem:
    """One reason a deck is not legal: the rule ID broken, a message and the card concerned.

    A problem built with ``DeckProblem.of`` also carries the ``key`` of its sentence in the words
    tables (``games/<game>/text.toml``, then ``tcg/text.toml``), the values filled into it
    (``params``) and the ``game`` whose table it reads; ``text(lang)`` phrases it in English (the
    ``message``) or Japanese. A value in ``params`` is a plain value (the same in every language)
    or a word of the tables (``phrase``). ``key``, ``params`` and ``game`` take no part in
    equality."""

    rule: str
    message: str
    card: str | None = None
    key: str = field(default="", compare=False)
    params: Mapping[str, Any] = field(default_factory=dict, compare=False)
    game: str | None = field(default=None, compare=False)

    @classmethod
    def of(cls, game: str | None, rule: str, key: str, card: str | None = None, /,
           **params: Any) -> "DeckProblem":
        """The problem whose sentence is ``key`` of ``game``'s words with ``params``; its
        ``message`` is the English sentence."""
        return cls(rule, phrase(game, key, "en", params), card, key, params, game)

    def text(self, lang: str = "en") -> str:
        """The problem in ``lang`` (en or ja): English is the ``message``; a problem without a
        ``key`` has only its message."""
        if not self.key or lang != "ja":
            return self.message
        return phrase(self.game, self.key, lang, self.params)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "message": self.message, "card": self.card}
        if self.key:
            out.update(key=self.key, params=dict(self.params))
        return out

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"


def phrase(game: str | None, key: str, lang: str, params: Mapping[str, Any]) -> str:
    """The sentence ``key`` of ``game``'s words (``tcg.present.text.catalog``) in ``lang`` with
    ``params`` filled in. A value is given as is, or is a word of the tables:

    * ``{"key": k, "params": {...}}``: the sentence ``k`` (its values words too);
    * ``{"kind": k}``: a kind of card: in English its id as the rules write it, in Japanese the
      game's ``kind.<k>``;
    * ``{"join": [...], "sep": "list" | "and"}``: words joined by ``deck.sep.<sep>``."""
    from ..present.text import catalog
    cat = catalog(game)
    return cat.t(key, lang, **{k: _word(cat, v, lang) for k, v in params.items()})


def _word(cat: Any, value: Any, lang: str) -> Any:
    if isinstance(value, Mapping):
        if "key" in value:
            return cat.t(value["key"], lang, **{k: _word(cat, v, lang) for k, v in
                                                (value.get("params") or {}).items()})
        if "kind" in value:
            kind = str(value["kind"])
            return cat.get(f"kind.{kind}", lang, default=kind) if lang == "ja" else kind
        if "join" in value:
            return cat.t(f"deck.sep.{value.get('sep', 'list')}", lang).join(
                str(_word(cat, v, lang)) for v in value["join"])
    return value


@dataclass(frozen=True)
class Deck:
    """A deck: ``sections`` maps a section name to the card ids in it (one entry per copy)."""

    game: str
    name: str
    sections: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    source: str | None = None  # file it was read from, for messages

    def section(self, name: str) -> tuple[str, ...]:
        return tuple(self.sections.get(name, ()))

    def counts(self, section: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for cid in self.sections.get(section, ()):
            out[cid] = out.get(cid, 0) + 1
        return out

    def to_dict(self) -> dict[str, Any]:
        """Exact form (card order kept, one entry per copy), as stored in game records."""
        return {"game": self.game, "name": self.name,
                "sections": {k: list(v) for k, v in self.sections.items()}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str | None = None) -> "Deck":
        """Read the ``to_dict`` form or a deck file's table: each section is either a list of
        card ids (one per copy, order kept) or a ``{card: copies}`` table. Copies of one line
        are at most ``MAX_COPIES`` and a deck holds at most ``MAX_DECK_CARDS`` cards in all."""
        where = source or "deck"
        if not isinstance(data, Mapping):
            raise DeckFileError(f"{where}: a deck must be a table, got {type(data).__name__}")
        game = data.get("game")
        name = data.get("name")
        if not isinstance(game, str) or not game:
            raise DeckFileError(f"{where}: missing or empty 'game' (e.g. game = \"shironeko\")")
        if name is None:
            name = pathlib.Path(source).stem if source else "unnamed"
        if not isinstance(name, str):
            raise DeckFileError(f"{where}: 'name' must be text")
        if not isinstance(data.get("description", ""), str):
            raise DeckFileError(f"{where}: 'description' must be text")
        raw_sections = data.get("sections")
        if raw_sections is None:
            raw_sections = {k: v for k, v in data.items() if k not in ("game", "name", "description")}
        if not isinstance(raw_sections, Mapping):
            raise DeckFileError(f"{where}: 'sections' must be a table")
        sections: dict[str, tuple[str, ...]] = {}
        total = 0
        for sec, entries in raw_sections.items():
            if not isinstance(sec, str) or not sec:
                raise DeckFileError(f"{where}: a section name must be non-empty text, got {brief(sec)}")
            if isinstance(entries, list):  # ["SNP-001", "SNP-001", ...]
                total += len(entries)
                if total > MAX_DECK_CARDS:
                    raise DeckFileError(f"{where}: section [{_cut(sec)}] brings the deck above "
                                        f"{MAX_DECK_CARDS:,} cards")
                for e in entries:
                    if not isinstance(e, str) or not e:
                        raise DeckFileError(f"{where}: section [{_cut(sec)}] lists {brief(e)}, expected card ids")
                sections[sec] = tuple(entries)
                continue
            if not isinstance(entries, Mapping):
                raise DeckFileError(
                    f"{where}: [{_cut(sec)}] must be a table of card = copies, got {type(entries).__name__} "
                    f"(a deck file has game, name, description and sections of cards)")
            ids: list[str] = []
            for card, n in entries.items():
                if not isinstance(card, str) or not card:
                    raise DeckFileError(f"{where}: [{_cut(sec)}] has card {brief(card)}: a card must be "
                                        f"a non-empty card id or name")
                copies, total = count_copies(total, n, f'{where}: [{_cut(sec)}] "{_cut(card)}" = {brief(n)}')
                ids.extend([card] * copies)
            sections[sec] = tuple(ids)
        return cls(game=game, name=name, sections=sections, source=source)

    @classmethod
    def load(cls, path: str | pathlib.Path) -> "Deck":
        """Read a deck file (TOML, UTF-8, at most ``MAX_DECK_BYTES``); every error is a
        ``DeckFileError`` whose message starts with the path."""
        text = read_text(path, "deck", MAX_DECK_BYTES, error=DeckFileError)
        where = os.fspath(path)
        data = parse_toml(text, where, error=DeckFileError)
        return cls.from_dict(data, source=where)

    def to_toml(self) -> str:
        lines = [f'game = "{self.game}"', f'name = {_toml_str(self.name)}']
        for sec in self.sections:
            lines.append(f"\n[{sec}]")
            for cid, n in self.counts(sec).items():
                lines.append(f"{_toml_str(cid)} = {n}")
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Takes:
    """What one deck section must hold for a game to be set up and played at all (checked even
    without the deck-construction rules, ``new_game(..., validate=False)``): cards of these
    ``kinds``, at least ``least`` and at most ``most`` of them (None: no bound), ``why`` the least
    (for the message: a word of the tables, ``phrase``, or English text), and the rule ID its
    problems name."""

    kinds: tuple[str, ...]
    rule: str
    least: int = 0
    most: int | None = None
    why: str | Mapping[str, Any] = ""


def unknown_sections(game: str, rule: str, deck: Deck, sections: Sequence[str]) -> list[DeckProblem]:
    """The deck-construction problem (``rule``) of each section of ``deck`` that is not one of
    the game's ``sections``: ``deck.unknown_section.use``, naming the sections to use."""
    return [DeckProblem.of(game, rule, "deck.unknown_section.use", section=sec, sections={"join": sections})
            for sec in deck.sections if sec not in sections]


def setup_problems(cards, deck: Deck, takes: Mapping[str, Takes]) -> list[DeckProblem]:
    """Every problem that keeps ``deck`` from being dealt into a game whose sections are
    ``takes``: a section the game does not have, a card the card set does not know (or a name
    that several cards share), a card of a kind its section does not take, too few or too many
    cards in a section. The engine trusts a deck without these problems to set up and play."""
    out: list[DeckProblem] = []
    game = getattr(cards, "game", None)
    for sec in deck.sections:
        if sec not in takes:
            rule = next(iter(takes.values())).rule
            out.append(DeckProblem.of(game, rule, "deck.unknown_section", section=_cut(sec),
                                      sections={"join": [f"[{k}]" for k in takes]}))
    for sec, want in takes.items():
        ids = deck.section(sec)
        unknown: dict[str, int] = {}
        wrong: dict[str, Any] = {}  # card id -> card, of a kind the section does not take
        for cid in ids:
            c = cards.find(cid)
            if c is None:
                unknown[cid] = unknown.get(cid, 0) + 1
            elif c.kind not in want.kinds:
                wrong.setdefault(c.id, c)
        for cid, n in unknown.items():
            same = cards.named(cid)
            if same:
                out.append(DeckProblem.of(game, want.rule, "deck.names_several", cid, name=_cut(cid),
                                          section=_cut(sec), number=len(same),
                                          ids={"join": [x.id for x in same[:4]]}))
            else:
                out.append(DeckProblem.of(game, want.rule, "deck.unknown_card.copies" if n > 1 else
                                          "deck.unknown_card", cid, card=_cut(cid), section=_cut(sec), copies=n))
        if wrong:
            listed = {"join": [{"key": "deck.card_kind", "params": {"name": _cut(c.name), "kind": {"kind": c.kind}}}
                               for c in list(wrong.values())[:3]]}
            out.append(DeckProblem.of(game, want.rule, "deck.section_kinds.more" if len(wrong) > 3 else
                                      "deck.section_kinds", ", ".join(list(wrong)[:3]), section=_cut(sec),
                                      kinds={"join": [{"kind": k} for k in want.kinds]}, cards=listed,
                                      more=len(wrong) - 3))
        if len(ids) < want.least:
            why = {"why": want.why} if want.why else {}
            out.append(DeckProblem.of(game, want.rule, "deck.section_least.why" if want.why else
                                      "deck.section_least", section=_cut(sec), size=len(ids),
                                      least=want.least, **why))
        if want.most is not None and len(ids) > want.most:
            out.append(DeckProblem.of(game, want.rule, "deck.section_most", section=_cut(sec), size=len(ids),
                                      most=want.most))
    return out


def count_copies(total: int, n: Any, entry: str, over: str | None = None) -> tuple[int, int]:
    """``n`` copies of one more card in a deck of ``total`` cards, checked: ``n`` a whole number
    from 0 to ``MAX_COPIES`` and the sum at most ``MAX_DECK_CARDS`` (a ``DeckFileError`` naming
    ``entry``, where the copies stand, if not; ``over``: another message for the sum). The copies
    and the deck's new count."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_COPIES:
        raise DeckFileError(f"{entry}: copies must be a whole number from 0 to {MAX_COPIES:,}")
    total += n
    if total > MAX_DECK_CARDS:
        raise DeckFileError(over or f"{entry} brings the deck above {MAX_DECK_CARDS:,} cards")
    return n, total


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _cut(text: str) -> str:
    """A section or card name for a one-line message: control characters escaped, cut to 40."""
    if not text.isprintable():
        text = repr(text)[1:-1]
    return text if len(text) <= 40 else text[:37] + "..."
