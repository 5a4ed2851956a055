"""What the games say, in Japanese and English, written once for every front end.

Words live in TOML tables keyed by stable dotted ids (``action.attack``, ``event.draw``,
``decision.mulligan``, ``zone.hand``, ``term.ikeike``...): ``src/tcg/text.toml`` holds the words
every game shares (You / Opponent, Turn {n}, Pass, Concede...) and ``games/<id>/text.toml`` each
game's own. A lookup tries the game's table, then the shared one, then gives a visible ``⟦key⟧``
marker (never a silent fallback). Each entry gives both languages::

    [action.attack]
    en = "Attack with {card}"
    ja = "{card}でアタック"

    [event.draw]                       # plural forms chosen by the ``count`` parameter
    en = { one = "{who} drew a card", other = "{who} drew {count} cards" }
    ja = "{who}がカードを{count}枚引いた"

Placeholders are named (``{card}``), so each language orders them freely; both languages of an
entry must use the same set (``check()`` reports every entry that does not). Values are filled in
by the caller: the rules give values, the table gives the sentence.

Conventions of the keys, the same in every game (each game's ``games/<id>/text.py`` turns its
actions, events and decisions into words with them; front ends only lay the words out):

* ``action.<type>``: the label of a legal action (its parameters as placeholders);
* ``event.<type>``: the narration of an event, with ``{who}`` the acting player as the viewer
  calls them; ``event.<type>.you`` (optional) when the viewer is that player and the sentence
  differs ("You keep your hand" / "Opponent keeps their hand");
* ``decision.<kind>``: the prompt of a decision; ``decision.<kind>.other`` what others are told;
* ``zone.<id>``, ``state.<id>``, ``kind.<id>``, ``color.<id>``, ``phase.<id>``, ``stat.<id>``:
  names of things on the table; ``term.<id>``: a game term, with ``gloss`` (the Japanese word
  shown after the English one); ``reason.<id>``: why a game ended; ``why.<id>``: why an option
  is missing or refused; ``rules.*``: the rules primer."""
from __future__ import annotations

import pathlib
import re
import string
import tomllib
from functools import lru_cache
from typing import Any, Callable, Mapping

LANGS = ("en", "ja")
ENTRY_FIELDS = ("en", "ja", "gloss", "same")
SHARED = pathlib.Path(__file__).parent.parent / "text.toml"  # src/tcg/text.toml
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]")


class Catalog:
    """The words of one game (its table, then the shared table)."""

    def __init__(self, tables: list[dict[str, Any]], sources: list[str] | None = None):
        self._entries: dict[str, dict[str, Any]] = {}
        self.sources = sources or []
        for table in reversed(tables):  # later tables are the fallbacks: load them first
            self._entries.update(_flatten(table))

    def __contains__(self, key: str) -> bool:
        return key in self._entries

    def keys(self, prefix: str = "") -> list[str]:
        return sorted(k for k in self._entries if k.startswith(prefix))

    def entry(self, key: str) -> dict[str, Any] | None:
        return self._entries.get(key)

    def t(self, key: str, lang: str = "en", /, **params: Any) -> str:
        """The sentence ``key`` in ``lang`` with ``params`` filled in. A missing entry gives
        ``⟦key⟧``; a missing parameter shows as ``⟦name⟧``."""
        entry = self._entries.get(key)
        if entry is None:
            return f"⟦{key}⟧"
        form = entry.get(lang if lang in LANGS else "en", entry.get("en"))
        if isinstance(form, dict):
            count = params.get("count")
            form = form.get("one") if count == 1 and "one" in form else form.get("other", next(iter(form.values())))
        form = str(form)
        if "{" not in form and "}" not in form:
            return form  # nothing to fill in (most names and labels)
        return form.format_map(_Params(params))

    def get(self, key: str, lang: str = "en", /, default: str | None = None, **params: Any) -> str | None:
        """Like ``t`` but ``default`` (None) when there is no such entry."""
        return self.t(key, lang, **params) if key in self._entries else default

    def term(self, key: str, lang: str = "en") -> str:
        """A game term: Japanese as printed; in English the English word with the Japanese term
        as a gloss when the entry has one (``gloss``), e.g. "Reboot (リブート)"."""
        entry = self._entries.get(key)
        if entry is None:
            return f"⟦{key}⟧"
        if lang == "ja":
            return str(entry.get("ja", entry.get("en")))
        gloss = entry.get("gloss")
        en = str(entry.get("en"))
        return f"{en} ({gloss})" if gloss and gloss not in en else en

    def check(self) -> list[str]:
        """Every problem of the tables: an entry without both languages, a Japanese text that is
        not Japanese or equals the English, placeholders that differ between the languages."""
        problems = []
        for key, entry in self._entries.items():
            missing = [lang for lang in LANGS if lang not in entry]
            if missing:
                problems.append(f"{key}: no {', '.join(missing)} text")
                continue
            en_forms = list(entry["en"].values()) if isinstance(entry["en"], dict) else [entry["en"]]
            ja_forms = list(entry["ja"].values()) if isinstance(entry["ja"], dict) else [entry["ja"]]
            en_fields = set().union(*(placeholders(f) for f in en_forms)) - {"count"}
            ja_fields = set().union(*(placeholders(f) for f in ja_forms)) - {"count"}
            if en_fields != ja_fields:
                problems.append(f"{key}: placeholders differ (en {sorted(en_fields)}, ja {sorted(ja_fields)})")
            for ja in ja_forms:
                literal = _literal(ja)
                if literal.strip() and not _JAPANESE.search(literal) and not entry.get("same"):
                    problems.append(f"{key}: the ja text {ja!r} is not written in Japanese")
                if ja in en_forms and not entry.get("same"):
                    problems.append(f"{key}: the ja text equals the en text")
        return problems


class _Params(dict):
    def __missing__(self, key: str) -> str:
        return f"⟦{key}⟧"


def placeholders(form: Any) -> set[str]:
    """The named placeholders of a text (``{card}`` -> ``card``)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(str(form)) if name}


def _literal(form: Any) -> str:
    return "".join(lit for lit, _, _, _ in string.Formatter().parse(str(form)))


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, dict[str, Any]]:
    """The entries (tables holding an ``en`` or ``ja`` value) of a TOML table, by dotted key."""
    out: dict[str, dict[str, Any]] = {}
    for k, v in table.items():
        if not isinstance(v, dict):
            continue
        key = f"{prefix}{k}"
        if "en" in v or "ja" in v:
            out[key] = v
        # sub-entries ([event.draw.you] under [event.draw]); an entry's own en/ja values
        # (plural forms) are not entries
        out.update(_flatten({kk: vv for kk, vv in v.items() if kk not in ENTRY_FIELDS}, key + "."))
    return out


def _load(path: pathlib.Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    return tomllib.loads(path.read_text(encoding="utf-8"))


def card_title(name: Any, name_en: Any, lang: str) -> str:
    """A card's title as a reader of ``lang`` reads it (the one function every front end, log
    line and option uses): in Japanese its printed name; in English its English name first, the
    printed name after it ("Milka the Apprentice Witch (見習い魔女ミルカ)"); one name when the card
    has only one, or both are the same."""
    name, en = str(name or ""), str(name_en or "")
    if lang == "ja" or not en or en == name:
        return name or en
    return f"{en} ({name})" if name else en


def short_title(name: Any, name_en: Any, lang: str) -> str:
    """A card's title where a board has no room for two names (a mark in a fixed-width square, a
    state such as "⚙ on Placer"): the name in the reader's language alone (``card_title``'s first
    name: the English name in English, the printed name in Japanese)."""
    name, en = str(name or ""), str(name_en or "")
    return (en or name) if lang != "ja" else (name or en)


GAMES_DIR = pathlib.Path(__file__).parent.parent / "games"
_GAME_ID = re.compile(r"[a-z][a-z0-9_]*")


@lru_cache(maxsize=None)
def catalog(game_id: str | None = None) -> Catalog:
    """The words of ``game_id`` (its ``text.toml``, then the shared table); ``None``: shared only."""
    tables, sources = [], []
    if game_id is not None and _GAME_ID.fullmatch(game_id):
        # the game's package folder (``GameSpec.folder``), found without importing the registry:
        # the engine's deck problems read these words, and the registry imports the engine
        path = GAMES_DIR / game_id / "text.toml"
        if path.is_file():
            tables.append(_load(path))
            sources.append(str(path))
    tables.append(_load(SHARED))
    sources.append(str(SHARED))
    return Catalog(tables, sources)


def game_words(game_id: str | None) -> tuple[Callable[[], Catalog], Callable[..., str], Callable[..., str]]:
    """``(words, t, term)`` of a game's text layer (``games/<id>/text.py``): ``words()`` its
    catalog, ``t(key, lang, **params)`` a sentence of it, ``term(name, lang)`` the game term
    ``term.<name>`` (English glossed). A language the tables do not have reads as English."""
    def words() -> Catalog:
        return catalog(game_id)

    def t(key: str, lang: str = "en", /, **params: Any) -> str:
        return catalog(game_id).t(key, lang, **params)

    def term(name: str, lang: str = "en") -> str:
        """A game term: Japanese as printed; English with the Japanese term as a gloss."""
        return catalog(game_id).term(f"term.{name}", lang)
    return words, t, term


def is_japanese(text: str) -> bool:
    return bool(_JAPANESE.search(text))


__all__ = ["ENTRY_FIELDS", "GAMES_DIR", "LANGS", "SHARED", "Catalog", "card_title", "catalog", "game_words",
           "is_japanese", "placeholders"]
