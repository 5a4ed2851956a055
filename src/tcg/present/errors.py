"""Errors in the reader's language: ``error_text(error, lang)``.

The engine raises its errors in English (``TcgError`` and its kinds); this module phrases them in
Japanese for a Japanese page or ``--lang ja``, without touching the raise sites. It follows
gettext's model: the English text is the key. ``errors.toml`` (next to this file) lists entries
``{en = "...", ja = "..."}`` whose English is a template of a message as the engine writes it,
``{name}`` marking a value; each template is compiled once to a regular expression (a value is a
non-greedy group; a number or a name when its name is in ``NUMBERS`` or ``NAMES``), a message that matches a template whole is given in the template's Japanese
with the same values filled back in.

* A ``CardDataError`` is phrased from its parts: file, card and field in Japanese words
  (``ファイル f.toml、カード X-1、項目「cost」：...``), then its ``detail`` translated.
* An ``IllegalDeckError`` names the deck and gives each ``DeckProblem`` in Japanese.
* Any other error (or a plain message) is translated whole; else, when it starts with where it
  happened (``path: message``, as ``engine.files.fail`` and deck files write it), the rest is
  translated and the place kept.
* A value in a placeholder named in ``NESTED`` (``{message}``, ``{error}``, ``{type}``...) is
  itself translated: a message (``not valid TOML ({error} (at line ...))``) or a word of the
  ``[word]`` table (``a whole number`` -> ``整数``); a template whose such value cannot be
  translated does not fit the message. The nearest-word hint `` (did you mean 'x'?)``
  is translated wherever it stands. A value written as a quoted name ('x') is shown in Japanese
  quotes (「x」).

A message no template matches stays in English as it is: a translation is never an error.
English is never changed (``error_text(e, "en") == str(e)``)."""
from __future__ import annotations

import pathlib
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..engine.errors import CardDataError, IllegalDeckError, printable
from .text import catalog

CATALOGUE = pathlib.Path(__file__).with_name("errors.toml")
#: placeholders whose value is itself a message or a word of the catalogue, translated in turn
NESTED = frozenset({"message", "error", "detail", "type", "what", "kind"})
#: placeholders whose value is translated when it can be, else shown as written
MAYBE_NESTED = frozenset({"place", "reason", "value"})
#: placeholders shown exactly as written (TOML or code a file would hold), never in 「」
VERBATIM = frozenset({"example", "code", "form"})
#: placeholders that hold a number (``1,000``, ``-3``, ``2.5``) or a byte (``0xff``): they match
#: nothing else, so a number never swallows the text after it
NUMBERS = frozenset({"offset", "line", "column", "char", "size", "limit", "depth", "digits", "count", "most",
                     "least", "max", "length", "number", "seconds", "byte"})
_NUMBER = r"-?(?:0x[0-9a-f]+|[0-9][0-9,]*(?:\.[0-9]+)?)"
#: placeholders that hold a name (a key, an op, a zone...): never text with ": " in it, so a name
#: never swallows the place a message starts with ("op 'draw': optional must be ...")
NAMES = frozenset({"key", "op", "shape", "card_kind", "ability", "setting", "zone", "side", "event", "other"})
_NAME = r"(?:(?!: ).)*?"
#: how deep nested messages are translated
_MAX_NESTING = 4
#: a longer message is left as written (no message of the engine is this long), and at most this
#: many ``where: `` splits are tried: a translation costs little whatever the message
MAX_MESSAGE = 4000
_MAX_SPLITS = 8
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_HINT = re.compile(r" \(did you mean ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\?\)")
_HINT_MARK = "\x00{}\x00"
_HINT_BACK = re.compile("\x00(\\d+)\x00")
_HINT_TAIL = re.compile("(?:\x00\\d+\x00)+$")
_CARD_WHERE = re.compile(r"(?P<file>.+?)(?:, card (?P<card>.+?))?(?:, field '(?P<field>.+)')?")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


@dataclass(frozen=True)
class Template:
    """One entry of the catalogue: the English template, the Japanese one and the regular
    expression that matches a message written from the English."""

    en: str
    ja: str
    pattern: re.Pattern[str]

    def render(self, match: re.Match[str], depth: int) -> str | None:
        """The Japanese with the matched values filled in; None when a value that must be
        translated (``NESTED``) is not."""
        values: dict[str, str] = {}
        for name, text in match.groupdict().items():
            value = _value(name, text, depth)
            if value is None:
                return None
            values[name] = value
        return _fill(_PLACEHOLDER.split(self.ja), values)


def _fill(parts: list[str], values: dict[str, str]) -> str:
    """A template split at its placeholders (text, name, text, name, ..., text) with the values
    filled in: a value in Japanese quotes or brackets takes no space beside it."""
    out = list(parts)
    for i in range(1, len(out), 2):
        value = values.get(out[i])
        if value is None:
            out[i] = "{" + out[i] + "}"
            continue
        if value.startswith(("「", "（")) and out[i - 1].endswith(" "):
            out[i - 1] = out[i - 1][:-1]
        if _HINT_BACK.sub("）", value).endswith(("」", "）")) and out[i + 1].startswith(" "):  # a hint: in （）
            out[i + 1] = out[i + 1][1:]
        out[i] = value
    return "".join(out)


def _compile(en: str) -> re.Pattern[str]:
    """The regular expression of an English template: its text literal, each ``{name}`` a
    non-greedy group (a name used twice must match the same text twice)."""
    out, seen, pos = [], set(), 0
    for m in _PLACEHOLDER.finditer(en):
        out.append(re.escape(en[pos:m.start()]))
        name = m.group(1)
        group = _NUMBER if name in NUMBERS else _NAME if name in NAMES else ".*?"
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>{group})")
        seen.add(name)
        pos = m.end()
    out.append(re.escape(en[pos:]))
    return re.compile("".join(out), re.S)


@dataclass(frozen=True)
class Catalogue:
    """The templates (most literal text first, so the most specific wins) and the words."""

    templates: tuple[Template, ...]
    words: dict[str, str]
    hint: str


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """``errors.toml``, read and compiled once."""
    data = tomllib.loads(CATALOGUE.read_text(encoding="utf-8"))
    entries = [(str(e["en"]), str(e["ja"])) for e in data.get("message", [])]
    entries.sort(key=lambda e: -len(_PLACEHOLDER.sub("", e[0])))
    return Catalogue(tuple(Template(en, ja, _compile(en)) for en, ja in entries),
                     {str(k): str(v) for k, v in data.get("word", {}).items()},
                     str(data.get("hint", {}).get("ja", "（もしかして{word}？）")))


def _quoted(text: str) -> str:
    """A value written as a quoted name (``'x'``, as ``repr`` writes it) in Japanese quotes (a
    nearest-word hint after it kept)."""
    if "\x00" in text:
        head, _, hint = text.partition("\x00")
        return _quoted(head) + "\x00" + hint
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"" and _QUOTED.fullmatch(text):
        return f"「{text[1:-1]}」"
    return text


def _value(name: str, text: str, depth: int) -> str | None:
    """A placeholder's value as the Japanese shows it: translated when its name is in
    ``NESTED`` (None if it cannot be: the template does not fit the message), else as written."""
    if name in VERBATIM:
        return text
    if name not in NESTED and name not in MAYBE_NESTED:
        return _quoted(text)
    words = catalogue().words
    found = words[text] if text in words else _translate(text, depth + 1)
    if found is None and depth < _MAX_NESTING:  # a message that says where first: "deck: ..."
        where, rest = _split_where(text)
        found = None if rest is None else f"{where}：{rest}"
    return found if found is not None or name in NESTED else _quoted(text)


def _translate(message: str, depth: int = 0) -> str | None:
    """The Japanese of ``message`` if a template matches it whole (its nearest-word hints
    translated too), else None."""
    if depth > _MAX_NESTING or len(message) > MAX_MESSAGE:
        return None
    hints: list[str] = []

    def mark(m: re.Match[str]) -> str:
        hints.append(m.group(1))
        return _HINT_MARK.format(len(hints) - 1)
    text = _HINT.sub(mark, message)
    cat = catalogue()
    # a hint at the very end may follow a template's closing words: tried with it, then after it
    tail = _HINT_TAIL.search(text)
    for body, after in ((text, ""),) + (((text[:tail.start()], tail.group(0)),) if tail else ()):
        for template in cat.templates:
            m = template.pattern.fullmatch(body)
            out = template.render(m, depth) if m is not None else None
            if out is not None:
                return _HINT_BACK.sub(lambda h: cat.hint.format(word=_quoted(hints[int(h.group(1))])), out + after)
    return None


def translate(message: str, lang: str = "ja") -> str:
    """``message`` in ``lang``: its Japanese when a template matches it (whole, or after a
    leading ``where: ``), else the message unchanged."""
    if lang != "ja" or not message:
        return message
    found = _translate(message)
    if found is not None:
        return found
    where, rest = _split_where(message)
    return message if rest is None else f"{where}：{rest}"


def translated(message: str) -> bool:
    """Whether ``message`` has a Japanese rendering (a template matches it, or its part after a
    leading ``where: ``)."""
    return _translate(message) is not None or _split_where(message)[1] is not None


def _split_where(message: str) -> tuple[str, str | None]:
    """``(where, the rest in Japanese)`` for a message ``where: rest`` whose rest a template
    matches (the first ``: `` that gives one), else ``(message, None)``."""
    start = 0
    for _ in range(_MAX_SPLITS):
        i = message.find(": ", start)
        if i <= 0:
            break
        rest = _translate(message[i + 2:])
        if rest is not None:
            return _where(message[:i]), rest
        start = i + 2
    return message, None


def _where(where: str) -> str:
    """Where a message says it happened, in Japanese: a word (``deck``), the place of a card-file
    problem as ``CardDataError`` writes it (``f.toml, card X, field 'y'``), else as written."""
    words = catalogue().words
    if where in words:
        return words[where]
    m = _CARD_WHERE.fullmatch(where)
    if m is not None and (m.group("card") or m.group("field")):
        return where_text(m.group("file"), m.group("card"), m.group("field"))
    return where


def where_text(file: Any, card: Any, field: Any, lang: str = "ja") -> str:
    """Where a card-file problem is, as ``CardDataError`` says it, in ``lang``."""
    if lang != "ja":
        where = printable(str(file), limit=None)
        where += f", card {printable(str(card))}" if card else ""
        return where + (f", field '{printable(str(field))}'" if field else "")
    where = f"ファイル {printable(str(file), limit=None)}"
    where += f"、カード {printable(str(card))}" if card else ""
    return where + (f"、項目「{printable(str(field))}」" if field else "")


def error_text(error: BaseException | str, lang: str = "en") -> str:
    """An error (or a message) as the reader of ``lang`` is told it: in English ``str(error)``
    unchanged; in Japanese translated by the catalogue, an untranslated message kept in English."""
    if lang != "ja":
        return str(error)
    if isinstance(error, CardDataError):
        return f"{where_text(error.file, error.card, error.field)}：{translate(str(error.detail))}"
    if isinstance(error, IllegalDeckError):
        return _illegal_deck(error)
    return translate(str(error))


def _illegal_deck(error: IllegalDeckError) -> str:
    """An ``IllegalDeckError`` in Japanese: the deck, the verdict and its first problems."""
    problems = error.problems
    shown = "。".join(f"[{p.rule}] {p.text('ja')}" + (f"（{printable(str(p.card))}）" if p.card else "")
                     for p in problems[:5])
    more = f"。ほか{len(problems) - 5}件" if len(problems) > 5 else ""
    game = catalog().get(f"game.{error.game}", "ja", default=str(error.game))
    verdict = "では遊べません" if error.unchecked else "のルールに合っていません"
    return f"デッキ「{printable(str(error.deck.name), 60)}」は{game}{verdict}：{shown}{more}"


__all__ = ["CATALOGUE", "Catalogue", "Template", "catalogue", "error_text", "translate", "translated",
           "where_text"]
