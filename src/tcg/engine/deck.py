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

import pathlib
import tomllib
from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import DeckFileError


@dataclass(frozen=True)
class DeckProblem:
    """One reason a deck is not legal: the rule ID broken, a message and the card concerned."""

    rule: str
    message: str
    card: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "card": self.card}

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"


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
        card ids (one per copy, order kept) or a ``{card: copies}`` table."""
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
        raw_sections = data.get("sections")
        if raw_sections is None:
            raw_sections = {k: v for k, v in data.items() if k not in ("game", "name", "description")}
        if not isinstance(raw_sections, Mapping):
            raise DeckFileError(f"{where}: 'sections' must be a table")
        sections: dict[str, tuple[str, ...]] = {}
        for sec, entries in raw_sections.items():
            if isinstance(entries, list):  # ["SNP-001", "SNP-001", ...]
                ids = []
                for e in entries:
                    if not isinstance(e, str):
                        raise DeckFileError(f"{where}: section [{sec}] lists {e!r}, expected card ids")
                    ids.append(e)
                sections[sec] = tuple(ids)
                continue
            if not isinstance(entries, Mapping):
                raise DeckFileError(
                    f"{where}: [{sec}] must be a table of card = copies, got {type(entries).__name__}")
            ids = []
            for card, n in entries.items():
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    raise DeckFileError(f"{where}: [{sec}] \"{card}\" = {n!r}: copies must be a whole number >= 0")
                ids.extend([card] * n)
            sections[sec] = tuple(ids)
        return cls(game=game, name=name, sections=sections, source=source)

    @classmethod
    def load(cls, path: str | pathlib.Path) -> "Deck":
        p = pathlib.Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DeckFileError(f"{p}: no such deck file") from None
        except (OSError, UnicodeDecodeError) as e:
            raise DeckFileError(f"{p}: cannot read deck file ({e})") from None
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise DeckFileError(f"{p}: not valid TOML ({e})") from None
        return cls.from_dict(data, source=str(p))

    def to_toml(self) -> str:
        lines = [f'game = "{self.game}"', f'name = {_toml_str(self.name)}']
        for sec in self.sections:
            lines.append(f"\n[{sec}]")
            for cid, n in self.counts(sec).items():
                lines.append(f"{_toml_str(cid)} = {n}")
        return "\n".join(lines) + "\n"


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
