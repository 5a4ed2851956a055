"""A player's own card files given as TEXT (typed or uploaded in the browser), not as paths.

* ``files_sha256(texts)``: what names a set of card files: the SHA-256 of each file's length
  (8 bytes, big-endian) and UTF-8 bytes, file after file. Records and the web store keep it.
* ``rules_with_cards(base, files)``: a ``Ruleset`` of the game of ``base`` (its own ruleset) whose card set is the game's own
  ``cards.toml`` plus these files (``TCG_CARD_PATH`` is not read for it: the files alone say
  what the set is, so a record names it completely). Built once per content: the same texts give
  the same ``Ruleset`` object (a small cache keyed by game and hash). Its ``card_files_sha256``
  goes into ``Game.record()`` (``card_set.files_sha256``); ``tcg.replay(record, cards=...)``
  checks it.
* ``rules_of_set_version(base, version)``: the ``Ruleset`` of the game of ``base`` playing an
  earlier shipped version of its own card set, kept byte for byte as ``sets/<version>.toml`` in
  the game's folder (None when no such file is kept). ``tcg.replay`` takes it for a record whose
  ``card_set.version`` is not the current one, so a record (a saved game, a game of the web
  store) keeps its version and replays with the cards it was played with.
* ``check_card_files(base, files)``: every problem of the files, not only the first: each is a
  dict with ``file``, ``card``, ``field``, ``message`` (the ``CardDataError`` parts), ``line``
  (where to look, when it can be told) and ``text`` (the whole message). The TOML is parsed
  whole (a syntax error is one problem), the ``[set]`` table field by field, then each card on
  its own (each of its fields on its own, then its abilities), then the rules that involve
  several cards (a card that breaks one is left out and the check run again).

A file is ``text``, ``(name, text)`` or a ``CardText``; ``name`` only names the file in
messages (default ``card file 1``, ``card file 2``...).

Each function takes the game's own ``Ruleset`` (``base``): the engine imports no game, the
caller (``tcg.api``, which asks the registry ``tcg.games``) binds the files to a game's rules."""
from __future__ import annotations

import hashlib
import os
import re
import threading
from collections import OrderedDict
from typing import Any, Iterable, Sequence

from .cards import CardText, check_card, read_card_file
from .errors import ArgumentError, CardDataError
from .files import parse_toml
from .keywords import KeywordBook, keyword_of

#: rulesets with card files kept (least recently used dropped first)
CACHE_SIZE = 32
#: times the rules over several cards are checked again after one fails (``check_card_files``)
MAX_CROSS_ROUNDS = 50

_cache: "OrderedDict[tuple[str, str, str], Any]" = OrderedDict()
_own: dict[str, Any] = {}
_versions: dict[tuple[str, str], Any] = {}
#: the folder of a game's earlier shipped card sets, one ``<version>.toml`` each
SETS_FOLDER = "sets"
_VERSION_NAME = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]{0,39}")
_lock = threading.Lock()


def card_texts(files: Iterable[Any]) -> list[CardText]:
    """``files`` (texts, ``(name, text)`` pairs, ``{"name", "text"}`` objects or ``CardText``)
    as ``CardText``, named ``card file N`` when no name is given."""
    if isinstance(files, (str, bytes)) or not isinstance(files, Iterable):
        raise ArgumentError(f"card files must be a list of texts, got {type(files).__name__}")
    out = []
    for i, f in enumerate(files, 1):
        if isinstance(f, CardText):
            out.append(f)
            continue
        if isinstance(f, dict):
            f = (f.get("name"), f.get("text"))
        name, text = (f"card file {i}", f) if isinstance(f, str) else \
            (tuple(f) if isinstance(f, (tuple, list)) and len(f) == 2 else (None, None))
        if not isinstance(text, str):
            raise ArgumentError(f"card file #{i} must be its text (a str) or a (name, text) pair, "
                                f"got {type(f).__name__}")
        out.append(CardText(str(name or f"card file {i}"), text))
    return out


def files_sha256(files: Iterable[Any]) -> str:
    """The SHA-256 (hex) naming these card files: each file's UTF-8 length (8 bytes, big-endian)
    then its bytes, in order. Names do not count, only the texts."""
    h = hashlib.sha256()
    for f in card_texts(files):
        data = f.text.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def rules_with_cards(base: Any, files: Sequence[Any]):
    """The ``Ruleset`` of the game of ``base`` (its own ruleset) playing its own card set plus
    ``files`` (see the module's text). ``CardDataError`` (file, card, field) when a file does not
    load."""
    game = base.id
    texts = card_texts(files)
    if not texts:
        raise ArgumentError("give at least one card file (or no cards= at all for the game's own set)")
    digest = files_sha256(texts)
    own_file = own_cards_file(base)
    key = (game, str(own_file), digest)
    with _lock:
        rules = _cache.get(key)
        if rules is not None:
            _cache.move_to_end(key)
            return rules
        rules = type(base)()
        rules._cards = base.game_module("cards").load_cards(own_file, *texts)
        rules.own_cards_file = own_file
        rules.card_files_sha256 = digest
        _cache[key] = rules
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
        return rules


def own_cards_file(base: Any):
    """The file of the game's own card set that ``base`` plays: its ``cards.toml``, or the
    ``sets/<version>.toml`` of a ruleset made by ``rules_of_set_version``."""
    return getattr(base, "own_cards_file", None) or base.folder / "cards.toml"


def rules_of_set_version(base: Any, version: str):
    """The ``Ruleset`` of the game of ``base`` with the earlier shipped card set ``version``
    (``sets/<version>.toml`` in the game's folder, loaded once), or None when none is kept. The
    file's own ``[set] version`` must be ``version``."""
    if not isinstance(version, str) or not _VERSION_NAME.fullmatch(version):
        return None
    path = base.folder / SETS_FOLDER / f"{version}.toml"
    key = (base.id, version)
    with _lock:
        if key not in _versions:
            rules = None
            if path.is_file():
                rules = type(base)()
                rules._cards = base.game_module("cards").load_cards(path)
                rules.own_cards_file = path
                if rules._cards.version != version:
                    raise CardDataError(str(path), None, "set.version",
                                        f"is {rules._cards.version!r}, but the file is named for {version!r}")
            _versions[key] = rules
        return _versions[key]


def own_cards(base: Any):
    """The own card set of the game of ``base`` (its ``cards.toml``, without ``TCG_CARD_PATH``
    files)."""
    game = base.id
    if not os.environ.get("TCG_CARD_PATH"):
        return base.cards
    with _lock:
        if game not in _own:
            _own[game] = base.game_module("cards").load_cards(base.folder / "cards.toml")
        return _own[game]


# --- every problem of a file -------------------------------------------------------------------
_CARD_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*cards[ \t]*\]\]", re.M)
_ABILITY_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*cards[ \t]*\.[ \t]*abilities[ \t]*\]\]", re.M)
_SET_HEADER = re.compile(r"^[ \t]*\[[ \t]*set[ \t]*\]", re.M)
_AT_LINE = re.compile(r"at line (\d+)")


def _line_at(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _field_line(text: str, span: tuple[int, int] | None, field: str | None) -> int | None:
    """The line of ``field = ...`` in a card's part of the text (``span``), if it is written there
    (``abilities[N].x``: in the card's N-th ``[[cards.abilities]]`` table)."""
    if span is None or not field:
        return None
    m = re.fullmatch(r"abilities\[(\d+)\](?:\.([A-Za-z0-9_-]+))?", field)
    if m:
        heads = [h.start() for h in _ABILITY_HEADER.finditer(text, span[0], span[1])]
        n = int(m.group(1))
        if n >= len(heads):
            return None
        sub = (heads[n], heads[n + 1] if n + 1 < len(heads) else span[1])
        return _field_line(text, sub, m.group(2)) or _line_at(text, sub[0])
    field = re.sub(r"\[\d+\]$", "", field)  # an item of a list field (``keywords[0]``): the list's line
    if not re.fullmatch(r"[A-Za-z0-9_-]+", field):
        return None
    m = re.compile(rf"^[ \t]*{field}[ \t]*=", re.M).search(text, span[0], span[1])
    return _line_at(text, m.start()) if m else None


def problem(e: CardDataError, line: int | None = None) -> dict[str, Any]:
    """A ``CardDataError`` as a problem: file, card, field, message, line and the whole text."""
    return {"file": e.file, "card": e.card, "field": e.field, "message": e.detail, "line": line,
            "text": str(e)}


def check_card_files(base: Any, files: Sequence[Any]) -> list[dict[str, Any]]:
    """Every problem of ``files`` as card files of the game of ``base`` (its own ruleset; see the
    module's text); [] when they load. The game's own ids may not be used again, nor an id in two
    files."""
    game = base.id
    load_cards = base.game_module("cards").load_cards
    schema, make, cross = load_cards.schema, load_cards.card_maker(), load_cards.check
    own = own_cards(base)
    where: dict[str, str] = {c.id: f"the game's own set ({own.name})" for c in own}
    found: list[dict[str, Any]] = []
    new_cards: list[Any] = []
    card_at: dict[tuple[str, str | None], tuple[str, tuple[int, int] | None]] = {}
    parsed: list[tuple[str, str, Any]] = []
    for f in card_texts(files):
        try:
            fname, text = read_card_file(f)
            parsed.append((fname, text, parse_toml(text, fname, error=CardDataError)))
        except CardDataError as e:
            m = _AT_LINE.search(e.detail)
            found.append(problem(e, int(m.group(1)) if m else None))
    keyed = "keywords" in schema.common
    book = _keywords(load_cards, own, parsed, found) if keyed else None
    for fname, text, data in parsed:
        if not keyed and "keywords" in data:
            found.append(problem(CardDataError(fname, None, "keywords", f"the cards of {game} have no keywords")))
        m = _SET_HEADER.search(text)
        set_line = _line_at(text, m.start()) if m else None
        meta = data.get("set")
        if not isinstance(meta, dict):
            found.append(problem(CardDataError(fname, None, "set", "missing [set] table with game, name and version")))
        else:
            for key in ("game", "name", "version"):
                if not isinstance(meta.get(key), str) or not meta[key]:
                    found.append(problem(CardDataError(fname, None, f"set.{key}", "missing or not text"), set_line))
                elif key == "game" and meta[key] != game:
                    found.append(problem(CardDataError(fname, None, "set.game",
                                                       f"is {meta[key]!r}, expected {game!r}"), set_line))
        raw_cards = data.get("cards")
        if raw_cards is None and keyed and data.get("keywords"):
            continue  # a file of keywords only
        if not isinstance(raw_cards, list) or not raw_cards:
            found.append(problem(CardDataError(fname, None, "cards", "missing [[cards]] entries")))
            continue
        headers = [m.start() for m in _CARD_HEADER.finditer(text)]
        spans = list(zip(headers, headers[1:] + [len(text)])) if len(headers) == len(raw_cards) else None
        seen: set[str] = set()
        for i, raw in enumerate(raw_cards, 1):
            span = spans[i - 1] if spans else None
            line = _line_at(text, span[0]) if span else None
            errors: list[CardDataError] = []
            got = check_card(fname, i, raw, schema, seen, errors)
            found.extend(problem(e, _field_line(text, span, e.field) or line) for e in errors)
            if got is None:
                continue
            cid, fields = got
            try:
                if cid in where:
                    raise CardDataError(fname, cid, "id", f"already defined in {where[cid]}")
                if book is not None:
                    fields["keywords"] = book.resolve(fname, cid, fields.get("keywords"), load_cards.marks, fields)
                card = make(fname, cid, fields)
            except CardDataError as e:
                found.append(problem(e, _field_line(text, span, e.field) or line))
                continue
            where[cid] = fname
            card_at[(fname, cid)] = (text, span)
            new_cards.append(card)
    if cross is not None and new_cards:
        for _ in range(MAX_CROSS_ROUNDS):
            try:
                cross(list(own) + new_cards, where)
                break
            except CardDataError as e:
                text, span = card_at.get((e.file, e.card), ("", None))
                found.append(problem(e, _field_line(text, span, e.field) or (_line_at(text, span[0]) if span else None)))
                left = [c for c in new_cards if c.id != e.card]
                if len(left) == len(new_cards):
                    break
                new_cards = left
    return found


_KEYWORD_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*keywords[ \t]*\]\]", re.M)


def _keywords(load_cards: Any, own: Any, parsed: list[tuple[str, str, Any]], found: list[dict[str, Any]]):
    """The keywords the cards of ``parsed`` files may list: the game's own set's, then each
    file's ``[[keywords]]`` (engine/keywords.py) that are sound; every problem of one goes to
    ``found`` (the line of its ``[[keywords]]`` table)."""
    book = KeywordBook(list(getattr(own, "keywords", {}).values()))
    check = load_cards.keyword_checker()
    for fname, text, data in parsed:
        raw = data.get("keywords")
        if raw is None:
            continue
        heads = [_line_at(text, m.start()) for m in _KEYWORD_HEADER.finditer(text)]
        if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
            found.append(problem(CardDataError(fname, None, "keywords", "keywords are [[keywords]] tables "
                                                                        "(id, name, name_en, text, text_en, abilities)")))
            continue
        seen: dict[str, int] = {}
        for n, table in enumerate(raw):
            line = heads[n] if len(heads) == len(raw) else None
            try:
                kw = keyword_of(fname, n, table, seen)
                book.add([kw])
                if check is not None:
                    check(kw.sample())
            except CardDataError as e:
                found.append(problem(e, line))
    return book


def check_card_file(base: Any, text: str, name: str = "my-cards.toml") -> list[dict[str, Any]]:
    """Every problem of one card file's ``text`` (see ``check_card_files``)."""
    if not isinstance(text, str):
        raise ArgumentError(f"a card file's text must be a str, got {type(text).__name__}")
    return check_card_files(base, [(name, text)])


__all__ = ["CACHE_SIZE", "SETS_FOLDER", "card_texts", "check_card_file", "check_card_files", "files_sha256", "own_cards",
           "own_cards_file", "rules_of_set_version",
           "problem", "rules_with_cards"]
