"""Keywords (docs/card-language-design.md, step 6): named abilities a card set declares once and
its cards list by id. Imports no game.

A card file may declare keywords, each an ``[[keywords]]`` table::

    [[keywords]]
    id = "life_recovery"                  # what cards list
    name = "ライフリカバリー"               # the printed name (Japanese), and in English
    name_en = "Life Recovery"
    text = "このカードが…"                  # the reminder text, Japanese and English
    text_en = "When this card …"
    [[keywords.abilities]]                # what a card with the keyword does: ability tables of
    kind = "trigger"                      # the kinds the game allows, as on a card
    ...

and a card lists them: ``keywords = ["life_recovery"]``. The card then has the keyword's
abilities after its own, and the keyword's name (with its reminder text) is printed on it
(``card_text``). The keywords of every file loaded together form one ``KeywordBook``: a card of
one file may list a keyword another file declares (a player's own cards, the game's own
keywords). Checked when the files load: a table's fields (an unknown one is told the nearest
valid word), an id declared twice (in one file or in two), an id a card lists that no file
declares (the nearest declared one is named), a keyword listed twice on a card, and the
keyword's abilities, as the game checks a card's (``card_loader``'s ``check_keyword``).

A keyword may take a **number** (「堅守2」, Guard 2): ``number = true`` on its table. A card then
lists it with the number after a colon, ``keywords = ["guard:2"]``; the keyword's abilities write
the number as the table ``{ keyword = "n" }`` wherever a whole number goes (an ``amount``, a
``choose``...), and its name and reminder texts show it (the name followed by the number,
``{n}`` in a reminder text). Checked when the files load: the number table in a keyword without
``number = true`` (or written otherwise), a number given to a keyword that takes none, a missing
number, a number that is not a whole number 1..99; the abilities are checked with the number 1.

Old card files keep working: a game may name **marks**, card fields of its own that said the same
before keywords existed (Z/X ``life_recovery = true``). A card with such a mark set gets the
keyword of that id when the loaded files declare one; when none does, the mark stays a mark (the
field, without abilities), as it was."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Mapping, Sequence

from .errors import CardDataError, brief
from .select import nearest

#: the fields of a ``[[keywords]]`` table: name -> (type, required, what it is)
KEYWORD_FIELDS: dict[str, tuple[type, bool, str]] = {
    "id": (str, True, "what cards list: keywords = [\"<id>\"]"),
    "name": (str, True, "the printed name (Japanese)"),
    "name_en": (str, False, "the name in English"),
    "text": (str, False, "the reminder text (Japanese)"),
    "text_en": (str, False, "the reminder text in English"),
    "abilities": (list, False, "what a card with the keyword does: ability tables"),
    "number": (bool, False, "takes a number on the card (「堅守2」: keywords = [\"guard:2\"]): its abilities "
                            "write it as { keyword = \"n\" } where a whole number goes, its texts as {n}"),
}
#: the table a numbered keyword's abilities write its number with
NUMBER = {"keyword": "n"}
#: the range of a keyword's number on a card
NUMBER_MAX = 99
#: what a keyword field's type is called in messages
_TYPE_WORDS = {str: "text", list: "a list of tables", bool: "true or false"}
#: the most abilities a keyword may have
MAX_ABILITIES = 99
#: a keyword id: lower-case letters, digits and underscores, starting with a letter
_ID = re.compile(r"[a-z][a-z0-9_]*")
#: a number written after a keyword id: digits only
_DIGITS = re.compile(r"[0-9]{1,3}")


@dataclass(frozen=True)
class Keyword:
    """A declared keyword: its id, names, reminder texts, ability tables (as written: the game
    parses them as it parses a card's) and the file and place (``index``) it was declared in;
    ``number``: it takes a number, ``n``: the number a card gave it (None: as declared)."""

    id: str
    name: str
    name_en: str = ""
    text: str = ""
    text_en: str = ""
    abilities: tuple = ()
    file: str = ""
    index: int = 0
    number: bool = False
    n: int | None = None

    def label(self, lang: str = "en") -> str:
        """The keyword's name in a language (the Japanese one when it has no English one), with
        its number when a card gave it one (「堅守2」, "Guard 2")."""
        name = self.name if lang == "ja" else (self.name_en or self.name)
        if self.n is None:
            return name
        return f"{name}{self.n}" if lang == "ja" or not self.name_en else f"{name} {self.n}"

    def line(self, lang: str = "en") -> str:
        """What the card prints for it: the name, then the reminder text in brackets
        (「ライフリカバリー（…）」, "Life Recovery (…)"), ``{n}`` there being its number."""
        if lang == "ja":
            text = self._numbered(self.text)
            return f"{self.label(lang)}（{text}）" if text else self.label(lang)
        text = self._numbered(self.text_en or (self.text if not self.name_en else ""))
        name = self.label(lang)
        return f"{name} ({text})" if text else name

    def _numbered(self, text: str) -> str:
        return text.replace("{n}", str(self.n)) if self.n is not None else text

    def where(self, field: str = "") -> str:
        """The field path of this keyword (or of one of its ``field``) in messages."""
        return f"keywords.{self.id}" + (f".{field}" if field else "")

    def numbered(self, n: int) -> "Keyword":
        """This keyword as a card with the number ``n`` has it: its abilities with ``n`` where
        they write ``{ keyword = "n" }``."""
        return replace(self, n=n, abilities=tuple(_with_number(a, n) for a in self.abilities))

    def sample(self) -> "Keyword":
        """What its abilities are checked as where it is declared: numbered 1 if it takes a number."""
        return self.numbered(1) if self.number else self


def _with_number(value: Any, n: int) -> Any:
    """``value`` (an ability table or a part of it) with ``n`` for every ``{ keyword = "n" }``."""
    if isinstance(value, dict):
        return n if value == NUMBER else {k: _with_number(v, n) for k, v in value.items()}
    if isinstance(value, list):
        return [_with_number(v, n) for v in value]
    return value


def number_tables(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Each table of ``value`` with a ``keyword`` key, with its path (``.effects[0].amount``)."""
    if isinstance(value, dict):
        if "keyword" in value:
            yield path, value
        for k, v in value.items():
            yield from number_tables(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from number_tables(v, f"{path}[{i}]")


def read_keywords(fname: str, data: Mapping[str, Any]) -> list[Keyword]:
    """The ``[[keywords]]`` tables of a parsed card file, checked (``CardDataError`` naming the
    file and ``keywords[n].field``, or ``keywords.<id>.field`` once the id is known)."""
    raw = data.get("keywords")
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
        raise CardDataError(fname, None, "keywords", "keywords are [[keywords]] tables "
                                                     "(id, name, name_en, text, text_en, abilities)")
    out: list[Keyword] = []
    seen: dict[str, int] = {}
    for n, table in enumerate(raw):
        out.append(keyword_of(fname, n, table, seen))
    return out


def keyword_of(fname: str, n: int, table: Mapping[str, Any], seen: dict[str, int] | None = None) -> Keyword:
    """The ``n``-th ``[[keywords]]`` table of a file, checked (``seen``: the ids declared
    before it in that file, this one added)."""
    kid = table.get("id")
    named = isinstance(kid, str) and bool(_ID.fullmatch(kid))

    def fail(msg: str, key: str = "") -> None:
        where = f"keywords.{kid}" if named else f"keywords[{n}]"
        raise CardDataError(fname, None, where + (f".{key}" if key else ""), msg)

    for key in table:
        if key not in KEYWORD_FIELDS:
            fail(f"unknown keyword field {brief(key)}{nearest(key, tuple(KEYWORD_FIELDS))} "
                 f"(known: {', '.join(KEYWORD_FIELDS)})", str(key))
    f: dict[str, Any] = {}
    for key, (typ, required, _) in KEYWORD_FIELDS.items():
        value = table.get(key)
        if value is None:
            if required:
                fail("required", key)
            value = typ()
        elif not isinstance(value, typ):
            fail(f"must be {_TYPE_WORDS[typ]}, got {brief(value)}", key)
        f[key] = value
    if len(f["abilities"]) > MAX_ABILITIES or not all(isinstance(a, dict) for a in f["abilities"]):
        fail(f"is a list of at most {MAX_ABILITIES} ability tables ([[keywords.abilities]])", "abilities")
    for j, a in enumerate(f["abilities"]):
        for path, table in number_tables(a):
            if table != NUMBER:
                fail("a keyword's number is written { keyword = \"n\" } (that table alone), "
                     f"got {brief(table)}", f"abilities[{j}]{path}")
            if not f["number"]:
                fail("{ keyword = \"n\" } is the number of a keyword that takes one: "
                     "add number = true to the keyword", f"abilities[{j}]{path}")
    if not isinstance(kid, str) or not named:
        fail("a keyword id is lower-case letters, digits and _ (such as \"life_recovery\"), "
             f"got {brief(kid)}", "id")
        raise AssertionError  # (fail raises)
    if not f["name"].strip():
        fail("must not be empty", "name")
    if seen is not None:
        if kid in seen:
            fail(f"keyword id declared twice in this file (also keywords[{seen[kid]}])", "id")
        seen[kid] = n
    return Keyword(kid, f["name"], f["name_en"], f["text"], f["text_en"],
                   tuple(dict(a) for a in f["abilities"]), fname, n, f["number"])


class KeywordBook(Mapping[str, Keyword]):
    """The keywords of the files loaded together, by id (in the order they were declared)."""

    def __init__(self, keywords: Sequence[Keyword] = ()):
        self._by_id: dict[str, Keyword] = {}
        self.add(keywords)

    def add(self, keywords: Sequence[Keyword]) -> None:
        """More keywords (a file's); an id already declared is a ``CardDataError``."""
        for kw in keywords:
            old = self._by_id.get(kw.id)
            if old is not None:
                raise CardDataError(kw.file, None, kw.where("id"), f"keyword {kw.id!r} is already declared in "
                                                                   f"{old.file}")
            self._by_id[kw.id] = kw

    def __getitem__(self, kid: str) -> Keyword:
        return self._by_id[kid]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def resolve(self, fname: str, cid: str, ids: Sequence[str] | None, marks: Mapping[str, str] = {},
                fields: Mapping[str, Any] = {}) -> tuple[Keyword, ...]:
        """The keywords a card lists (``ids``, its ``keywords`` field: ``"id"``, or ``"id:n"`` for a
        keyword that takes a number), then those its ``marks`` stand for (mark field -> keyword
        id: a mark set on the card adds that keyword when this book has it). An unknown id, one
        listed twice or a number that does not fit is a ``CardDataError`` on the card's
        ``keywords`` field."""
        out: list[Keyword] = []
        for i, written in enumerate(ids or ()):
            def fail(msg: str) -> None:
                raise CardDataError(fname, cid, f"keywords[{i}]", msg)
            kid, colon, number = written.partition(":")
            kw = self._by_id.get(kid)
            if kw is None:
                known = f" (declared: {', '.join(self._by_id)})" if self._by_id else \
                    " (no loaded card file declares keywords: [[keywords]])"
                fail(f"unknown keyword {brief(kid)}{nearest(kid, tuple(self._by_id))}{known}")
                raise AssertionError  # (fail raises)
            if any(k.id == kid for k in out):
                fail(f"keyword {kid!r} is listed twice")
            out.append(kw.numbered(_number_of(kw, colon, number, fail)) if kw.number else
                       _unnumbered(kw, colon, fail))
        for mark, kid in marks.items():
            kw = self._by_id.get(kid)
            if fields.get(mark) and kw is not None and kw not in out:
                out.append(kw)
        return tuple(out)


def _number_of(kw: Keyword, colon: str, number: str, fail: Callable[[str], None]) -> int:
    """The number written after a numbered keyword's id (``"guard:2"``)."""
    if not colon:
        fail(f"keyword {kw.id!r} takes a number: write it after a colon, like \"{kw.id}:2\"")
    if not _DIGITS.fullmatch(number) or not 1 <= int(number) <= NUMBER_MAX:
        fail(f"the number of keyword {kw.id!r} must be a whole number 1..{NUMBER_MAX}, got {brief(number)}")
    return int(number)


def _unnumbered(kw: Keyword, colon: str, fail: Callable[[str], None]) -> Keyword:
    """A keyword without a number, as listed (a number after it is an error)."""
    if colon:
        fail(f"keyword {kw.id!r} takes no number: write \"{kw.id}\"")
    return kw


def keyword_ability_fail(fname: str, cid: str | None, kw: Keyword, j: int) -> Callable[..., None]:
    """What a game's ability check calls for ability ``j`` of keyword ``kw``, checked on card
    ``cid`` (None: where the keyword is declared): a ``CardDataError`` naming the field
    ``keywords.<id>.abilities[j].field`` (and the keyword's file when it is checked there)."""
    where = kw.where(f"abilities[{j}]")

    def fail(msg: str, field: str = "") -> None:
        path = where + (f".{field}" if field else "")
        if cid is None:
            raise CardDataError(kw.file, None, path, msg)
        raise CardDataError(fname, cid, path, f"{msg} (an ability of the keyword {kw.id!r}, declared in {kw.file})")
    return fail


def keyword_text(text: str, keywords: Sequence[Keyword], lang: str = "en") -> str:
    """A card's printed ``text`` with its keywords: a line of the text that is a keyword's name
    alone (an old card file printed 「ライフリカバリー」 so) becomes the keyword's line with its
    reminder text; a keyword the text does not name goes first, on a line of its own."""
    if not keywords:
        return text
    lines = text.split("\n") if text else []
    first: list[str] = []
    for kw in keywords:
        names = {kw.name, kw.name_en, kw.label("ja"), kw.label("en")} - {""}  # (with its number: 「鼓舞2」)
        for k, line in enumerate(lines):
            if line.strip() in names:
                lines[k] = kw.line(lang)
                break
        else:
            first.append(kw.line(lang))
    return "\n".join(first + lines)


__all__ = ["KEYWORD_FIELDS", "NUMBER", "NUMBER_MAX", "number_tables", "Keyword", "KeywordBook", "keyword_ability_fail", "keyword_of", "keyword_text",
           "read_keywords"]
