"""Card-set files: loading and schema validation shared by every game.

A card-set file is TOML with a ``[set]`` table (game, name, version) and an array of ``[[cards]]``
tables (and, for a game whose cards have keywords, ``[[keywords]]`` tables: engine/keywords.py). Each game gives a ``CardSchema``: the fields every card has plus the fields of each kind.
Every error names the file, the card and the field (``CardDataError``)."""
from __future__ import annotations

import builtins
import importlib
import math
import os
import pathlib
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterator, Mapping, Sequence, TypeVar

from .conditions import parse as parse_condition
from .errors import CardDataError, brief, nearest
from .files import MAX_CARD_FILE_BYTES, parse_toml, read_bytes, read_text
from .keywords import KeywordBook, keyword_ability_fail, number_tables, read_keywords
from .triggers import parse_when

#: the range of a number on a card (int or float field) whose schema gives no ``min`` / ``max``
FIELD_MIN = 0
FIELD_MAX = 99
#: the most items a list field (abilities, effects, programs, runes...) may have unless its
#: schema gives ``max``
FIELD_LIST_MAX = 99

_TYPE_NAMES = {int: "a whole number", str: "text", bool: "true or false", list: "a list",
               dict: "a table", float: "a number"}


@dataclass(frozen=True)
class Field:
    """One card field: its type, whether it is required, its default and allowed values.

    A number (int or float field) must lie in ``min``..``max``; a bound the field does not give is
    ``FIELD_MIN`` (0) / ``FIELD_MAX`` (99), so no card number is negative or huge by mistake (a
    game whose numbers are larger, such as Z/X power, says so with ``max``). A float must be
    finite. A list has at most ``max`` (else ``FIELD_LIST_MAX``, 99) items."""

    type: type
    required: bool = False
    default: Any = None
    choices: tuple | None = None
    min: int | None = None
    max: int | None = None
    item_type: builtins.type | None = None        # for lists (``builtins``: ``type`` is a field here)
    doc: str = ""

    def check(self, value: Any, fail: Callable[[str], None]) -> Any:
        t = self.type
        ok = isinstance(value, t) and not (t is int and isinstance(value, bool))
        if t is float and isinstance(value, int) and not isinstance(value, bool):
            if abs(value) > 10 ** 300:
                fail(f"must be a finite number, got {brief(value)}")
            ok, value = True, float(value)
        if not ok:
            fail(f"must be {_TYPE_NAMES.get(t, t.__name__)}, got {brief(value)}")
        if t is list:
            most = FIELD_LIST_MAX if self.max is None else self.max
            if len(value) > most:
                fail(f"has {len(value)} items, at most {most}")
        if self.choices is not None:
            items = value if t is list else [value]
            for v in items:
                if v not in self.choices:
                    fail(f"{brief(v)} is not one of: {', '.join(map(str, self.choices))}"
                         f"{nearest(v, tuple(map(str, self.choices)))}")
        if t is list and self.item_type is not None:
            for v in value:
                if not isinstance(v, self.item_type):
                    fail(f"every item must be {_TYPE_NAMES.get(self.item_type, self.item_type.__name__)}, got {brief(v)}")
        if t in (int, float):
            if t is float and not math.isfinite(value):
                fail(f"must be a finite number, got {value}")
            lo = FIELD_MIN if self.min is None else self.min
            hi = FIELD_MAX if self.max is None else self.max
            if value < lo:
                fail(f"must be at least {lo}, got {brief(value)}")
            if value > hi:
                fail(f"must be at most {hi}, got {brief(value)}")
        return value


@dataclass(frozen=True)
class CardSchema:
    common: Mapping[str, Field]
    kinds: Mapping[str, Mapping[str, Field]]  # kind -> extra fields

    def fields_for(self, kind: str | None) -> dict[str, Field]:
        return {**self.common, **(self.kinds.get(kind, {}) if kind is not None else {})}


def card_fields(kinds: tuple[str, ...], *, id_doc: str = "", abilities: bool = True, keywords: bool = False,
                **extra: Field) -> dict[str, Field]:
    """The fields every card of a game has: ``id``, ``kind`` (one of ``kinds``), the name and
    the rules text in Japanese and English (``name``/``name_en``, ``text``/``text_en``), the
    ``abilities`` list (unless ``abilities`` is False), with ``keywords`` the ``keywords`` list
    (ids of keywords a card file declares: engine/keywords.py) and the game's ``extra`` ones."""
    fields = {
        "id": Field(str, required=True, doc=id_doc),
        "kind": Field(str, required=True, choices=kinds),
        "name": Field(str, required=True),
        "name_en": Field(str, default=""),
        **extra,
        "text": Field(str, default=""),
        "text_en": Field(str, default=""),
    }
    if abilities:
        fields["abilities"] = Field(list, default=[], item_type=dict)
    if keywords:
        fields["keywords"] = Field(list, default=[], item_type=str,
                                   doc="ids of keywords ([[keywords]] of a loaded card file): their abilities")
    return fields


def _failing_on(fail: Callable[..., None], key: str) -> Callable[[str], None]:
    """``fail(message, key)`` as a function of the message alone."""
    return lambda m: fail(m, key)


def check_fields(fields: Mapping[str, Field], raw: Mapping[str, Any], fail: Callable[..., None],
                 what: str = "field") -> dict[str, Any]:
    """``raw`` (a table inside a card, e.g. an ability) checked against ``fields``, defaults
    filled in; ``fail(message, field)`` is called (and must raise) on an unknown field
    (``unknown WHAT``), a bad value or a required field missing."""
    out: dict[str, Any] = {}
    for key, value in raw.items():
        f = fields.get(key)
        if f is None:
            fail(f"unknown {what} (known: {', '.join(fields)})", key)
        out[key] = f.check(value, _failing_on(fail, key))  # type: ignore[union-attr]
    for key, f in fields.items():
        if key not in out:
            if f.required:
                fail("required", key)
            out[key] = f.default
    return out


def refuse_keyword_number(table: Mapping[str, Any], fail: Callable[..., None]) -> None:
    """A card's own ability table may not write a keyword's number (engine/keywords.py: ``{ keyword
    = "n" }`` goes only in the abilities of a keyword that takes one)."""
    for path, _ in number_tables(table):
        fail("{ keyword = \"n\" } is the number of a keyword that takes one: it goes only in that "
             "keyword's abilities", path.lstrip("."))


def card_abilities(fname: str, cid: str, raw: list | None, fields: Mapping[str, Field],
                   kinds: tuple[str, ...] | None = None, card_kind: str = ""
                   ) -> Iterator[tuple[int, dict[str, Any], Mapping[str, Any], Callable[..., None]]]:
    """Each ability table of a card (``raw``, the card's ``abilities``) checked against
    ``fields``: ``(index, checked fields, the table as written, fail)`` with ``fail`` as
    ``ability_fail`` gives it. With ``kinds``, an ability ``kind`` not among them fails (a
    ``card_kind`` card cannot have it)."""
    for i, table in enumerate(raw or []):
        fail = ability_fail(fname, cid, i)
        refuse_keyword_number(table, fail)
        a = check_fields(fields, table, fail)
        if kinds is not None and a["kind"] not in kinds:
            fail(f"a {card_kind} card cannot have an ability of kind {a['kind']!r} "
                 f"(allowed: {', '.join(kinds)})", "kind")
        yield i, a, table, fail


def abilities_and_keywords(fname: str, cid: str | None, f: Mapping[str, Any], fields: Mapping[str, Field]
                           ) -> Iterator[tuple[int, dict[str, Any], Mapping[str, Any], Callable[..., None], Any]]:
    """The ability tables of a card, checked against ``fields``: its own, then those of its
    keywords (engine/keywords.py: ``f["keywords"]``, the ``Keyword`` objects it lists), each
    ``(index on the card, fields, as written, fail, keyword or None)``; ``cid`` None: a keyword's
    abilities checked where it is declared (``fail`` names ``keywords.<id>.abilities[j]``)."""
    for i, a, raw, fail in card_abilities(fname, cid or "", f.get("abilities"), fields):
        yield i, a, raw, fail, None
    i = len(f.get("abilities") or ())
    for kw in f.get("keywords") or ():
        for j, raw in enumerate(kw.abilities):
            fail = keyword_ability_fail(fname, cid, kw, j)
            yield i, check_fields(fields, raw, fail), raw, fail, kw
            i += 1


def check_static_effects(kind: str, effects: tuple, targets: tuple[str, ...], fail: Callable[..., None],
                         static_duration: bool = True, tables: Callable[[Any], bool] | None = None) -> None:
    """An ability's effects as its ``kind`` allows: a static ability may only ``modify`` the
    ``targets`` (or, where the game gives ``tables``, a selector table it accepts: e.g. all the
    Z/X of a side that match a filter); with ``static_duration``, the ``static`` duration of
    ``modify`` is only for a static ability."""
    if kind == "static":
        for op in effects:
            t = op["target"] if op.name == "modify" else None
            if t is None or (t not in targets if isinstance(t, str) else not (tables and tables(t))):
                also = " or a table of 'all' the cards it changes" if tables else ""
                fail(f"a static ability may only 'modify' targets {', '.join(targets)}{also}", "effects")
    elif static_duration and any(op.name == "modify" and op["duration"] == "static" for op in effects):
        fail("duration 'static' is only for static abilities", "effects")


def parsed_when(table: Mapping[str, Any], registry: Any, fail: Callable[..., None]) -> Any:
    """A trigger's ``when`` (engine/triggers.py) in the game's words (``registry.triggers``); a
    fault names ``when`` and the path below it."""
    return parse_when(table["when"], registry.triggers, lambda m, p: fail(m, "when" + p))


def parsed_if(table: Mapping[str, Any], registry: Any, fail: Callable[..., None]) -> Any:
    """An ability's ``if`` (engine/conditions.py) in the game's words, or None without one."""
    if table["if"] is None:
        return None
    return parse_condition(table["if"], registry.conditions, lambda m, p: fail(m, "if" + p))


def parsed_effects(table: Mapping[str, Any], registry: Any, fail: Callable[..., None], if_on_static: bool) -> tuple:
    """An ability's ``effects`` parsed by the game's op registry (a fault names ``effects`` and the
    op's path); a static ability's ops take no ``if``, ``if_done`` or ``optional`` (where the
    game allows ``if_on_static``, the error says to put it on the ability)."""
    effects = registry.parse_list(table["effects"], lambda m: fail(m, "effects"), lambda m, p: fail(m, "effects" + p))
    if table["kind"] == "static" and any(op.cond is not None or op.if_done or op.optional for op in effects):
        fail("a static ability's ops have no 'if', 'if_done' or 'optional'"
             + (": put 'if' on the ability" if if_on_static else ""), "effects")
    return effects


def check_target_filter(op: Any, fail: Callable[..., None]) -> None:
    """A selector table says its filters itself: an op whose target is a table takes no ``filter``."""
    target = op.get("target")
    if target is not None and not isinstance(target, str) and op.get("filter"):
        fail("a target table says its filters itself: put these keys into the table", "filter")


def check_move(op: Any, fail: Callable[..., None],
               game_checks: Callable[[Any, bool, str], None] | None = None) -> None:
    """What a ``move`` op's parameters allow together in every game: ``shuffle`` and ``position =
    "bottom"`` are for ``to = "deck"``, and a table's cards are not in the zone they go to already;
    ``game_checks(target, whether it is a table, to)`` checks the game's own between (such as what
    a move onto the field takes). Any other op passes."""
    if op.name != "move":
        return
    target, to = op["target"], op["to"]
    table = target is not None and not isinstance(target, str)
    if op["shuffle"] and to != "deck":
        fail("shuffle = true is for to = \"deck\"", "shuffle")
    if op["position"] == "bottom" and to != "deck":
        fail("position = \"bottom\" is for to = \"deck\"", "position")
    if game_checks is not None:
        game_checks(target, table, to)
    if table and target.zone == to:
        fail(f"the cards are in the {to} already", "to")


def ability_fail(fname: str, cid: str, i: int) -> Callable[..., None]:
    """What ``check_fields`` calls for ability ``i`` of a card: a CardDataError naming the file,
    the card and ``abilities[i].field``."""
    where = f"abilities[{i}]"

    def fail(msg: str, field: str = "") -> None:
        raise CardDataError(fname, cid, f"{where}{'.' + field if field else ''}", msg)
    return fail


@dataclass(frozen=True, slots=True)
class CardAbility:
    """What every game's ability has: its kind, its effects, its text (Japanese and English) and
    its index on the card. A game's ``Ability`` adds its own fields after these."""

    kind: str
    effects: tuple
    text: str
    text_en: str
    index: int

    @classmethod
    def of(cls, fields: Mapping[str, Any], effects: tuple, index: int, **more: Any):
        """The ability from its checked ``fields`` (``card_abilities``), parsed ``effects`` and
        index, plus the game's ``more`` fields."""
        return cls(kind=fields["kind"], effects=effects, text=fields["text"], text_en=fields["text_en"],
                   index=index, **more)


@dataclass(frozen=True, slots=True, kw_only=True)
class LanguageAbility(CardAbility):
    """A ``CardAbility`` with the parts of the card language every game's abilities have (keyword
    fields, after a game's own): a condition (``if``), a trigger's ``when`` with its
    ``once_per_turn`` and ``optional``, and the keyword it comes from."""

    cond: Any = None             # ``if``: a parsed condition (engine/conditions.py), or None
    run: tuple = ()              # the ops as they resolve: ``effects`` with ``cond`` checked first
    when: Any = None             # a trigger's parsed ``when`` (engine/triggers.py), else None
    once_per_turn: bool = False  # a trigger: at most once each turn
    optional: bool = False       # a trigger: its controller is asked first
    keyword: str = ""            # the id of the keyword it comes from ("": the card's own)

    @property
    def ops(self) -> tuple:
        """The ops its effect runs: ``effects``, after a check of its ``if`` when it has one."""
        return self.run if self.cond is not None else self.effects


@dataclass(frozen=True, slots=True)
class NamedCard:
    """What a game's card class shares: the fields ``card_fields`` gives every card, its label
    in a language (the English name after the Japanese one, in English, when the card has one)
    and its abilities of a kind (a game's card adds an ``abilities`` field)."""

    id: str
    kind: str
    name: str
    name_en: str
    text: str
    text_en: str
    #: the keywords it has (engine/keywords.py): their abilities follow its own in ``abilities``
    #: (keyword-only: it comes after the game's own fields)
    keywords: tuple = field(default=(), kw_only=True)

    def abilities_of(self, kind: str) -> tuple:
        return tuple(a for a in self.abilities if a.kind == kind)  # type: ignore[attr-defined]

    def static_modifies(self, stat: str) -> Iterator[tuple[Any, Mapping[str, Any]]]:
        """``(ability, arguments)`` of each ``modify`` of ``stat`` among the card's static
        abilities (a static ability only modifies: ``check_static_effects``)."""
        for ab in self.abilities:  # type: ignore[attr-defined]
            if ab.kind == "static":
                for op in ab.effects:
                    if op.args["stat"] == stat:
                        yield ab, op.args

    def label(self, lang: str = "en") -> str:
        """The card's title (``tcg.present.text.card_title``: in English, the English name first)."""
        from ..present.text import card_title
        return card_title(self.name, self.name_en, lang)


C = TypeVar("C")


class CardSet(Generic[C]):
    """An immutable card database: cards by id, also found by exact name."""

    def __init__(self, game: str, name: str, version: str, cards: list[C], source: str = ""):
        self.game, self.name, self.version, self.source = game, name, version, source
        #: the keywords the set's files declare, by id (engine/keywords.py ``KeywordBook``; empty
        #: for a game without keywords)
        self.keywords: Mapping[str, Any] = {}
        self._by_id: dict[str, C] = {c.id: c for c in cards}  # type: ignore[attr-defined]
        self._by_name: dict[str, list[C]] = {}
        for c in cards:
            self._by_name.setdefault(c.name, []).append(c)  # type: ignore[attr-defined]

    def __iter__(self) -> Iterator[C]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, key: str) -> bool:
        return key in self._by_id

    def __getitem__(self, card_id: str) -> C:
        return self._by_id[card_id]

    def find(self, id_or_name: str) -> C | None:
        """The card with this id, or the only card with this exact name (else None)."""
        c = self._by_id.get(id_or_name)
        if c is not None:
            return c
        named = self._by_name.get(id_or_name, [])
        return named[0] if len(named) == 1 else None

    def named(self, name: str) -> list[C]:
        """Every card with this exact name (a name can be shared across kinds)."""
        return list(self._by_name.get(name, []))

    def resolve(self, id_or_name: str) -> str | None:
        c = self.find(id_or_name)
        return c.id if c is not None else None  # type: ignore[attr-defined]


@dataclass(frozen=True)
class CardText:
    """A card-set file given as its text rather than a path (a player's upload in the browser):
    ``name`` is what messages call the file. Everything that reads a card file path reads this
    too (``load_card_file``, a game's ``load_cards``)."""

    name: str
    text: str

    def __str__(self) -> str:
        return self.name


def card_files_digest(paths) -> str:
    """Short content hash of extra card files: part of the card-set version in records."""
    import hashlib
    h = hashlib.sha1()
    for p in paths:
        if isinstance(p, CardText):
            h.update(p.text.encode("utf-8"))
        else:
            h.update(read_bytes(p, "card-set", MAX_CARD_FILE_BYTES, error=CardDataError))
    return h.hexdigest()[:10]


# ``game = "..."`` inside the ``[set]`` table, for a file too broken to parse
# (one way to match each line, possessive: linear on any text)
_SET_GAME = re.compile(r'^[ \t]*+\[[ \t]*+set[ \t]*+\][^\n]*+\n(?:[^\[\n][^\n]*+\n|\n)*?'
                       r'[ \t]*+game[ \t]*+=[ \t]*+["\']([A-Za-z0-9_-]++)["\']', re.M)


def _known_games() -> tuple[str, ...]:
    from .rules import known_games  # the ids the registry (tcg.games) told the engine
    return known_games()


def extra_card_files(game: str) -> list[pathlib.Path]:
    """A player's own card files for ``game``: every ``*.toml`` in the folders (or files) listed
    in the ``TCG_CARD_PATH`` environment variable whose ``[set] game`` is ``game``.

    Only the ``[set]`` table of a file decides: a file for another game is skipped before its
    cards are read (so a broken file for one game never stops another game), even when the
    file is not valid TOML but still says ``game = "..."`` under ``[set]``. A file whose game
    cannot be told — unreadable, no ``[set] game``, not text, not a known game — is a
    ``CardDataError`` naming it, for every game."""
    known = _known_games()
    found: list[pathlib.Path] = []
    for entry in filter(None, os.environ.get("TCG_CARD_PATH", "").split(os.pathsep)):
        p = pathlib.Path(entry)
        try:
            files = sorted(p.glob("*.toml")) if p.is_dir() else [p]
        except OSError as e:
            raise CardDataError(entry, None, None, f"cannot list this TCG_CARD_PATH folder ({e})") from None
        for f in files:
            if _file_game(f, game, known) == game:
                found.append(f)
    return found


def _file_game(f: pathlib.Path, game: str, known: tuple[str, ...]) -> str:
    """The game a TCG_CARD_PATH file is for, read from its ``[set]`` table."""
    fname = str(f)
    text = None
    try:
        text = read_text(f, "card-set", MAX_CARD_FILE_BYTES, error=CardDataError)
        data = parse_toml(text, fname, error=CardDataError)
    except CardDataError as e:
        if text is None:  # maybe not UTF-8: look for its game all the same
            try:
                text = read_bytes(f, "card-set", MAX_CARD_FILE_BYTES, error=CardDataError) \
                    .decode("utf-8", "replace")
            except CardDataError:
                text = ""
        m = _SET_GAME.search(text)
        if m is not None and m.group(1) != game and m.group(1) in known:
            return m.group(1)  # broken, but for another game: that game reports it
        raise CardDataError(fname, None, None, f"{e.detail} (a card file on TCG_CARD_PATH)") from None
    meta = data.get("set")
    if not isinstance(meta, dict):
        raise CardDataError(fname, None, "set", "missing [set] table: a card file on TCG_CARD_PATH "
                                                "names its game in [set] game")
    g = meta.get("game")
    if not isinstance(g, str) or not g:
        raise CardDataError(fname, None, "set.game", f"missing or not text (a card file on TCG_CARD_PATH "
                                                     f"names its game: one of {', '.join(known)})")
    if g != game and g not in known:
        raise CardDataError(fname, None, "set.game", f"unknown game {brief(g)} (known: {', '.join(known)})")
    return g


def read_card_file(path: "str | pathlib.Path | CardText") -> tuple[str, str]:
    """(the name messages give the file, its text): a path read safely (``read_text``), or a
    ``CardText`` as given (a leading byte-order mark dropped, its size checked as a file's)."""
    if isinstance(path, CardText):
        text = path.text[1:] if path.text.startswith("\ufeff") else path.text
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_CARD_FILE_BYTES:
            raise CardDataError(path.name, None, None, f"card-set file is {size:,} bytes, larger than "
                                                       f"the limit of {MAX_CARD_FILE_BYTES:,} bytes")
        return path.name, text
    fname = os.fspath(path) if isinstance(path, (str, os.PathLike)) else str(path)
    return fname, read_text(path, "card-set", MAX_CARD_FILE_BYTES, error=CardDataError)


def check_set_table(fname: str, data: Mapping[str, Any], game: str) -> dict[str, Any]:
    """The ``[set]`` table of a parsed card file, checked (game, name and version)."""
    meta = data.get("set")
    if not isinstance(meta, dict):
        raise CardDataError(fname, None, "set", "missing [set] table with game, name and version")
    for key in ("game", "name", "version"):
        if not isinstance(meta.get(key), str) or not meta[key]:
            raise CardDataError(fname, None, f"set.{key}", "missing or not text")
    if meta["game"] != game:
        raise CardDataError(fname, None, "set.game", f"is {brief(meta['game'])}, expected {game!r}")
    return meta


def check_card(fname: str, i: int, raw: Any, schema: CardSchema, seen: set[str],
               problems: list[CardDataError] | None = None) -> tuple[str, dict[str, Any]] | None:
    """Card ``i`` (1-based) of a file as written, checked against the schema: ``(id, fields)``
    with defaults filled in (``seen``: the ids before it, this one added). The first problem is
    raised; with a ``problems`` list, every problem of the card is added to it instead (each
    field checked on its own) and None is returned when there was one."""
    def stop(card: str, field: str | None, message: str) -> None:
        e = CardDataError(fname, card, field, message)
        if problems is None:
            raise e
        problems.append(e)

    label = f"#{i}"
    if not isinstance(raw, dict):
        stop(label, None, "a card must be a table")
        return None
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid:
        stop(label, "id", "missing or not text")
        return None
    if not cid.strip():
        stop(label, "id", "must not be blank")
        return None
    if cid in seen:
        stop(cid, "id", "duplicate card id")
        return None
    seen.add(cid)
    kind_field = schema.common.get("kind")
    kind = raw.get("kind")
    if kind_field is not None and kind not in (kind_field.choices or ()):
        kinds = tuple(kind_field.choices or ())
        stop(cid, "kind", f"{brief(kind)} is not one of: {', '.join(kinds)}{nearest(kind, kinds)}")
        return None
    fields = schema.fields_for(kind)
    card: dict[str, Any] = {}
    found = 0
    for key, value in raw.items():
        f = fields.get(key)
        if f is None:
            stop(cid, key, f"unknown field for a {kind} card (known: {', '.join(sorted(fields))})"
                           f"{nearest(key, tuple(fields))}")
            found += 1
            continue

        def fail(msg: str, key: str = key) -> None:
            raise CardDataError(fname, cid, key, msg)
        try:
            card[key] = f.check(value, fail)
        except CardDataError as e:
            if problems is None:
                raise
            problems.append(e)
            found += 1
    for key, f in fields.items():
        if key not in card and key not in raw:
            if f.required:
                stop(cid, key, f"required for a {kind} card")
                found += 1
            card[key] = list(f.default) if isinstance(f.default, list) else f.default
    if isinstance(card.get("name"), str) and not card["name"].strip():
        stop(cid, "name", "must not be empty")
        found += 1
    return None if found else (cid, card)


def load_card_file(path: "str | pathlib.Path | CardText", schema: CardSchema, game: str,
                   keywords: list | None = None) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """Read and validate a card-set file (a path, or a ``CardText``). Returns the ``[set]``
    table and ``(id, fields)`` per card, with defaults filled in. Ability lists are left for the
    game to parse. The file's ``[[keywords]]`` (engine/keywords.py) are added to ``keywords``,
    checked (a file may declare keywords and no card); a file with keywords for a game whose cards
    have none (no ``keywords`` field) is an error."""
    fname, text = read_card_file(path)
    data = parse_toml(text, fname, error=CardDataError)
    meta = check_set_table(fname, data, game)
    got = []
    if "keywords" in data:
        if "keywords" not in schema.common:
            raise CardDataError(fname, None, "keywords", f"the cards of {game} have no keywords")
        got = read_keywords(fname, data)
        if keywords is not None:
            keywords.extend(got)
    raw_cards = data.get("cards")
    if raw_cards is None and got:
        return meta, []  # a file of keywords only (for the cards of the files loaded with it)
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardDataError(fname, None, "cards", "missing [[cards]] entries")
    seen: set[str] = set()
    out = []
    for i, raw in enumerate(raw_cards, 1):
        card = check_card(fname, i, raw, schema, seen)
        assert card is not None  # (without a list of problems, the first one is raised)
        out.append(card)
    return meta, out


def load_card_sets(game: str, schema: CardSchema, make_card: Callable[[str, str, dict], Any],
                   path: str | pathlib.Path, *extra: str | pathlib.Path,
                   check: Callable[[list, dict[str, str]], None] | None = None,
                   check_keyword: Callable[[Any], None] | None = None,
                   marks: Mapping[str, str] | None = None) -> CardSet:
    """Load a game's card set plus a player's ``extra`` card files into one ``CardSet``.

    ``make_card(file, id, fields)`` builds one card; ``check(cards, file_of_id)`` may validate
    rules that involve several cards. Ids must be unique across files; extra files become part
    of the set's version (``1.0.0+<hash>``) so records made with them are told apart.

    With keywords (a ``keywords`` field in the schema: engine/keywords.py), the ``[[keywords]]``
    of every file are read first, each checked by ``check_keyword(keyword)``; a card's
    ``keywords`` field reaches ``make_card`` as the ``Keyword`` objects it lists, then those its
    ``marks`` (mark field -> keyword id) stand for. The set's ``keywords`` is the book of them."""
    files: list[tuple[str, list[tuple[str, dict[str, Any]]]]] = []
    declared: list = []
    meta: dict[str, Any] = {}
    for n, p in enumerate((path,) + extra):
        m, raw_cards = load_card_file(p, schema, game, declared)
        if n == 0:
            meta = m
        files.append((str(p), raw_cards))
    book = KeywordBook(declared)
    if check_keyword is not None:
        for kw in book.values():
            check_keyword(kw.sample())
    keyed = "keywords" in schema.common
    cards: list = []
    where: dict[str, str] = {}
    for fname, raw_cards in files:
        for cid, fields in raw_cards:
            if cid in where:
                raise CardDataError(fname, cid, "id", f"already defined in {where[cid]}")
            where[cid] = fname
            if keyed:
                fields["keywords"] = book.resolve(fname, cid, fields.get("keywords"), marks or {}, fields)
            cards.append(make_card(fname, cid, fields))
    if check is not None:
        check(cards, where)
    version = meta["version"] + ("+" + card_files_digest(extra) if extra else "")
    out = CardSet(game, meta["name"], version, cards, str(path))
    out.keywords = book
    return out


def card_loader(game: str, schema: CardSchema, make_card: Callable[[str, str, dict, Any], Any], effects: str,
                check: Callable[[list, dict[str, str]], None] | None = None,
                check_keyword: Callable[[Any, Any], None] | None = None,
                marks: Mapping[str, str] | None = None) -> Callable[..., CardSet]:
    """A game's ``load_cards(path, *extra)``: ``load_card_sets`` with ``make_card(file, id, fields,
    registry)``, ``registry`` being the ``REGISTRY`` of the game's ``effects`` module (a module
    name, imported on the first load: the effects module may import the cards one). A game with
    keywords checks each declared keyword's abilities with ``check_keyword(keyword, registry)``
    and may name the ``marks`` its old card files used for them (engine/keywords.py)."""
    def load_cards(path: str | pathlib.Path, *extra: str | pathlib.Path) -> CardSet:
        """Load the card set at ``path`` plus any ``extra`` files (a player's own cards)."""
        registry = importlib.import_module(effects).REGISTRY  # the ops this game understands
        return load_card_sets(game, schema, lambda f, cid, fields: make_card(f, cid, fields, registry),
                              path, *extra, check=check,
                              check_keyword=None if check_keyword is None else (lambda kw: check_keyword(kw, registry)),
                              marks=marks)

    def card_maker() -> Callable[[str, str, dict], Any]:
        registry = importlib.import_module(effects).REGISTRY
        return lambda f, cid, fields: make_card(f, cid, fields, registry)

    def keyword_checker() -> Callable[[Any], None] | None:
        if check_keyword is None:
            return None
        registry = importlib.import_module(effects).REGISTRY
        return lambda kw: check_keyword(kw, registry)
    # what a card file's checker needs (``card_files.check_card_files``: every problem, card by card)
    load_cards.schema, load_cards.card_maker, load_cards.check = schema, card_maker, check  # type: ignore[attr-defined]
    load_cards.keyword_checker, load_cards.marks = keyword_checker, dict(marks or {})  # type: ignore[attr-defined]
    return load_cards


class FrozenView(dict):
    """A card's printed facts shared by every agent observation that shows the card (see
    ``PrintedViews.shared``): a dict that refuses changes, so one reader cannot change what
    another reads."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kw: Any) -> None:
        raise TypeError("a shared observation is read-only: copy it (dict(view)) to change it")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _refuse  # type: ignore[assignment]

    def __copy__(self) -> dict:
        return dict(self)

    def __reduce__(self):
        return (dict, (dict(self),))


class FrozenList(list):
    """A list in a shared observation that refuses changes (like ``FrozenView`` for dicts):
    equal to the list it copies, JSON-ready, and pickled or copied as a plain list."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kw: Any) -> None:
        raise TypeError("a shared observation is read-only: copy it (list(view)) to change it")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __copy__(self) -> list:
        return list(self)

    def __reduce__(self):
        return (list, (list(self),))


class PileViews(dict):
    """The shared views of piles of cards, by the tuple of their instance ids: a read-only list
    of the cards' shared views (``views[iid]``), made on the first look-up of a pile and emptied
    when it grows large. Looking a pile up costs a tuple of its ids (no view built again while
    the pile is unchanged), so a long discard pile costs little more than a short one."""

    __slots__ = ("views",)

    def __init__(self, views: Sequence[Any]):
        super().__init__()
        self.views = views

    def __missing__(self, iids: tuple) -> FrozenList:
        if len(self) > 20_000:
            self.clear()
        v = self[iids] = FrozenList(map(self.views.__getitem__, iids))
        return v


class PrintedViews:
    """The printed facts of each card's view, built once per card object and instance id by
    ``build(card)``.

    ``view(card, iid)`` gives a fresh dict ``{"iid": iid, **facts}`` (list values copied too), so
    a reader may change the view it got without changing the cache. Observations build many card
    views per decision; reading a card's printed fields again each time made them the hot spot
    of every search."""

    __slots__ = ("_build", "_cache")

    def __init__(self, build: Callable[[Any], dict[str, Any]]):
        self._build = build
        # (id(card), iid) -> (card, view, keys of list values, shared view); holding the card
        # keeps its id unique
        self._cache: dict[tuple, tuple] = {}

    def _entry(self, card: Any, iid: int) -> tuple:
        facts = self._build(card)
        view = {"iid": iid, **facts}
        hit = self._cache[(id(card), iid)] = (card, view, tuple(k for k, v in facts.items() if isinstance(v, list)),
                                             FrozenView(view))
        return hit

    def view(self, card: Any, iid: int) -> dict[str, Any]:
        hit = self._cache.get((id(card), iid)) or self._entry(card, iid)
        d = hit[1].copy()
        for k in hit[2]:
            d[k] = list(d[k])
        return d

    def shared(self, card: Any, iid: int) -> FrozenView:
        """The same view as ``view(card, iid)``, not copied: one read-only dict shared by every
        call (agent observations, ``observe(..., shared=True)``)."""
        hit = self._cache.get((id(card), iid)) or self._entry(card, iid)
        return hit[3]
