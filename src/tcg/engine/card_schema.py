"""The JSON Schema (draft 2020-12) of a game's card files, built from what the game declares.

``card_schema(base)`` walks the declarations the loader checks a card file against — the game's
``CardSchema`` (the fields of each card kind), its ability fields and ability kinds, its op
registry (every op and its ``Param``s), its selectors (zones, card properties, counts), its
condition words, its trigger events, its cost parts and the ``[[keywords]]`` tables — and
writes them as one JSON Schema, so that an editor with JSON Schema support (a TOML language
server such as Taplo / Even Better TOML) completes and checks a card file while it is written.
Nothing here is a copy of the grammar: a construct a game declares appears in its schema.

Where the game's parts are found (the engine imports no game; ``base`` is the game's ruleset):

* ``cards``: ``load_cards.schema`` (the card fields), ``ABILITY_FIELDS`` (the fields of an
  ability table), ``ABILITY_KINDS`` (the ability kinds of each card kind, or one tuple for all),
  ``<NAME>_FIELDS`` for another list-of-tables card field ``<name>s`` (``programs``:
  ``PROGRAM_FIELDS``);
* ``effects``: ``REGISTRY`` (ops; its ``conditions``, ``triggers``, ``selectors``, ``costs``);
* ``costs`` (when the game has one): ``GAME``, the ``CostGame`` of its cost parts (else a
  ``CostGame`` the ``effects`` module holds).

The schema accepts every file the loader accepts (but for top-level tables other than ``set``,
``cards`` and ``keywords``, which the loader ignores and the schema refuses as misspelt); it is looser where a rule involves several
fields or cards (which ability kinds take ``cost``, a zone a property means something in, hidden
zones, ids of other cards): each such part says so in its ``description``, and the loader's
message (file, card, field, line, nearest valid word) stays the last word."""
from __future__ import annotations

import json
from typing import Any, Callable, Mapping

from .amounts import KEYS as AMOUNT_KEYS
from .cards import FIELD_LIST_MAX, FIELD_MAX, FIELD_MIN, Field
from .choices import MAX_MODES, MODE_KEYS, TAKE_KEYS, parse_modes
from .conditions import OPERATORS, SHAPES
from .conditions import SIDES as CONDITION_SIDES
from .costs import PARTS, CostGame
from .effects import OP_FLAGS, Param
from .keywords import _ID as KEYWORD_ID
from .keywords import KEYWORD_FIELDS, MAX_ABILITIES
from .select import BASE_KEYS, CHOOSERS, COUNT_MAX, SIDES, SelectorError, SelectorSchema
from .triggers import WHEN_KEYS

#: a selector's count keys (engine/select.py ``BASE_KEYS``): only in a selector that is counted
COUNT_KEYS = ("choose", "up_to", "all", "random", "chooser")
#: a ``when``'s keys that filter an event's fields (``EventSpec.fields``)
FILTER_FIELDS = ("card", "from", "to", "player")
DRAFT = "https://json-schema.org/draft/2020-12/schema"
#: the note on the parts that only the loader checks whole
LOOSE = "Checked loosely here: loading the file checks it fully (file, card, field, line)."
_JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean", list: "array", dict: "object"}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _described(schema: dict[str, Any], doc: str) -> dict[str, Any]:
    return {**schema, "description": doc} if doc else schema


def _enum(values: Any) -> dict[str, Any]:
    return {"enum": list(values)}


def _number(lo: int | None, hi: int | None, typ: str = "integer") -> dict[str, Any]:
    out: dict[str, Any] = {"type": typ}
    if lo is not None:
        out["minimum"] = lo
    if hi is not None:
        out["maximum"] = hi
    return out


def _table(props: Mapping[str, Any], required: Any = (), doc: str = "", closed: bool = True) -> dict[str, Any]:
    """An object with these ``props`` (no others when ``closed``) and ``required`` keys."""
    out: dict[str, Any] = {"type": "object", "properties": dict(props)}
    if required:
        out["required"] = list(required)
    if closed:
        out["additionalProperties"] = False
    return _described(out, doc)


def _switch(key: str, cases: Mapping[str, str], doc: str = "") -> dict[str, Any]:
    """A table told apart by the value of ``key`` (an op's ``op``, a cost part's ``pay``...):
    ``key`` is one of ``cases`` and the table is checked against that case's definition."""
    return _described({
        "type": "object", "required": [key], "properties": {key: _enum(cases)},
        "allOf": [{"if": {"properties": {key: {"const": k}}, "required": [key]}, "then": ref(d)}
                  for k, d in cases.items()]}, doc)


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def field_schema(f: Field) -> dict[str, Any]:
    """One card (or ability) field as the loader's ``Field.check`` takes it."""
    t = f.type
    out: dict[str, Any]
    if t in (int, float):
        out = _number(FIELD_MIN if f.min is None else f.min, FIELD_MAX if f.max is None else f.max,
                      "integer" if t is int else "number")
    elif t is list:
        out = {"type": "array", "maxItems": FIELD_LIST_MAX if f.max is None else f.max}
        item: dict[str, Any] = {}
        if f.item_type is not None:
            item["type"] = _JSON_TYPES.get(f.item_type, "object")
        if f.choices is not None:
            item["enum"] = list(f.choices)
        if item:
            out["items"] = item
    elif t in _JSON_TYPES:
        out = {"type": _JSON_TYPES[t]}
    else:
        out = {}  # any value (a field the game's own code reads: see its description)
    if f.choices is not None and t is not list:
        out["enum"] = list(f.choices)
    if f.default is not None and f.default != [] and _jsonable(f.default):
        out["default"] = f.default
    return _described(out, f.doc)


class _Builder:
    """Builds one game's schema: ``defs`` collects the named parts (``#/$defs/...``)."""

    def __init__(self, base: Any):
        self.game = base.id
        self.cards = base.game_module("cards")
        self.registry = base.game_module("effects").REGISTRY
        self.cost_game = _cost_game(base)
        reg = self.registry
        self.selectors: SelectorSchema | None = reg.selectors or (reg.triggers.selectors if reg.triggers else None)
        self.defs: dict[str, Any] = {}
        self._zone_sets: dict[tuple[str, ...], str] = {}

    # --- the file ------------------------------------------------------------------------
    def schema(self) -> dict[str, Any]:
        schema = self.cards.load_cards.schema
        keyed = "keywords" in schema.common
        kinds = tuple(schema.common["kind"].choices or ())
        cases = {k: self.card(k, schema.fields_for(k)) for k in kinds}
        self.defs["card"] = _switch("kind", cases, "A [[cards]] table: its fields are those of its kind.")
        props: dict[str, Any] = {
            "set": _table({"game": {"const": self.game, "description": "the game of the file"},
                           "name": {"type": "string", "minLength": 1, "description": "the set's name"},
                           "version": {"type": "string", "minLength": 1, "description": "the set's version"}},
                          ("game", "name", "version"), "The [set] table: which game the file is for, its name "
                                                       "and version.", closed=False),
            "cards": {"type": "array", "minItems": 1, "items": ref("card"), "description": "The cards ([[cards]])."},
        }
        whole: dict[str, Any] = {
            "$schema": DRAFT,
            "title": f"A card file of {self.game}",
            "description": f"A card file of the game {self.game} (docs/cards.md), generated from the game's "
                           f"declarations by `tcg schema {self.game}`. The loader checks more than this schema "
                           f"(rules across fields and cards, hidden zones): its messages name the file, card, "
                           f"field and line. ([limits] is a table of the game's profile.toml, not of card files.)",
            "type": "object", "required": ["set"], "properties": props, "additionalProperties": False,
        }
        if keyed:
            props["keywords"] = {"type": "array", "items": self.keyword(),
                                 "description": "Keywords ([[keywords]]) the cards of the files loaded together may list."}
            whole["anyOf"] = [{"required": ["cards"]}, {"required": ["keywords"]}]
        else:
            whole["required"] = ["set", "cards"]
        whole["$defs"] = dict(sorted(self.defs.items()))
        return whole

    def card(self, kind: str, fields: Mapping[str, Field]) -> str:
        name = f"card.{kind}"
        props: dict[str, Any] = {}
        for key, f in fields.items():
            if key == "kind":
                props[key] = {"const": kind}
            elif key == "abilities":
                kinds = self.ability_kinds(kind)
                props[key] = {**field_schema(f), "items": ref(self.ability(kinds, kind))} if kinds else \
                    {"type": "array", "maxItems": 0, "description": f"a {kind} card has no abilities"}
            elif key == "keywords":
                props[key] = {**field_schema(f), "items": {"type": "string",
                                                           "pattern": f"^{KEYWORD_ID.pattern}(:[0-9]{{1,3}})?$"}}
            elif key in ("id", "name"):
                props[key] = {**field_schema(f), "pattern": r"\S"}
            elif f.type is list and f.item_type is dict:
                props[key] = {**field_schema(f), "items": self.subtable(key)}
            else:
                props[key] = field_schema(f)
        required = [k for k, f in fields.items() if f.required]
        self.defs[name] = _table(props, required, f"A card of kind {kind!r}.")
        return name

    def subtable(self, key: str) -> dict[str, Any]:
        """The items of a list-of-tables card field other than abilities (``<NAME>_FIELDS``)."""
        fields = getattr(self.cards, f"{key.rstrip('s').upper()}_FIELDS", None)
        if not isinstance(fields, Mapping):
            return {"type": "object", "description": LOOSE}
        return _table({k: field_schema(f) for k, f in fields.items()}, [k for k, f in fields.items() if f.required])

    # --- abilities --------------------------------------------------------------------------
    def ability_kinds(self, kind: str | None) -> tuple[str, ...]:
        """The ability kinds a card of ``kind`` may have (None: any card's)."""
        declared = getattr(self.cards, "ABILITY_KINDS", ())
        if isinstance(declared, Mapping):
            if kind is not None:
                return tuple(declared.get(kind, ()))
            return tuple(dict.fromkeys(k for ks in declared.values() for k in ks))
        return tuple(declared)

    def ability(self, kinds: tuple[str, ...], card_kind: str | None) -> str:
        name = f"ability.{card_kind or 'keyword'}"
        if name in self.defs:
            return name
        fields: Mapping[str, Field] = getattr(self.cards, "ABILITY_FIELDS", {})
        if not fields:
            self.defs[name] = {"type": "object", "description": LOOSE}
            return name
        reg = self.registry
        props: dict[str, Any] = {}
        for key, f in fields.items():
            s = field_schema(f)
            if key == "kind":
                s = _described(_enum(kinds), f"the ability's kind (a {card_kind} card's)" if card_kind else
                               "the ability's kind")
            elif key == "effects":
                s = {"type": "array", "maxItems": FIELD_LIST_MAX, "items": ref("op"), "description": "the ops, in order"}
            elif key == "if" and reg.conditions is not None:
                s = _described(ref("condition"), f.doc)
            elif key == "when" and reg.triggers is not None:
                s = _described(ref("when"), f.doc)
            elif key == "cost" and reg.costs is not None:
                number = s if f.type is int else _number(0, FIELD_MAX)
                s = _described({"anyOf": [{k: v for k, v in number.items() if k != "description"},
                                          ref(self.cost())]}, f.doc)
            props[key] = s
        doc = "An ability table. Which fields each ability kind takes is checked by the loader. " + LOOSE
        self.defs[name] = _table(props, [k for k, f in fields.items() if f.required], doc)
        return name

    def keyword_number(self) -> str:
        """``{ keyword = "n" }``: the number of a keyword that takes one, in its abilities (the
        loader refuses it elsewhere)."""
        self.defs["keyword_number"] = _table({"keyword": {"const": "n"}}, ("keyword",),
                                             "The number a card gives a keyword that takes one (number = true): "
                                             "only in that keyword's abilities.")
        return "keyword_number"

    def keyword(self) -> dict[str, Any]:
        props: dict[str, Any] = {}
        for key, (typ, _, doc) in KEYWORD_FIELDS.items():
            props[key] = {"type": _JSON_TYPES[typ], "description": doc}
        props["id"]["pattern"] = f"^{KEYWORD_ID.pattern}$"
        props["abilities"].update(maxItems=MAX_ABILITIES, items=ref(self.ability(self.ability_kinds(None), None)))
        return _table(props, [k for k, (_, req, _) in KEYWORD_FIELDS.items() if req], "A [[keywords]] table.")

    # --- ops ----------------------------------------------------------------------------
    def ops(self) -> None:
        reg = self.registry
        cases = {}
        for name in reg.names():
            params = reg.params(name)
            props: dict[str, Any] = {"op": {"const": name}}
            for key, p in params.items():
                props[key] = self.param(p)
            if reg.conditions is not None:
                flags = {"if": _described(ref("condition"), "the op runs only if this holds"),
                         "if_done": {"type": "boolean", "description": "the op runs only if the op before it acted"},
                         "optional": {"type": "boolean", "description": "the controller is asked first"}}
                for flag in OP_FLAGS:
                    props.setdefault(flag, flags[flag])
            self.defs[f"op.{name}"] = _table(props, ["op"] + [k for k, p in params.items() if p.required],
                                             f"The op {name!r}.")
            cases[name] = f"op.{name}"
        self.defs["op"] = _switch("op", cases, "An op table: {op = \"...\", its parameters}.")

    def param(self, p: Param) -> dict[str, Any]:
        """One op parameter as ``OpRegistry.parse`` reads it."""
        if p.nested is parse_modes:
            ops = {"type": "array", "minItems": 1, "items": ref("op")}
            known = {"text": {"type": "string"}, "text_en": {"type": "string"}, "effects": ops}
            mode = {"anyOf": [_table({k: _loose(known, k) for k in MODE_KEYS}, ("effects",)), ops]}
            return _described({"type": "array", "minItems": 2, "maxItems": MAX_MODES, "items": mode}, p.doc)
        if p.nested is not None and getattr(p.nested, "destinations", None) is not None:
            return _described(self.take(p.nested), p.doc)
        if p.items is not None:
            return _described(ref(self.cost()), p.doc)
        plain: dict[str, Any]
        if p.type is int:
            plain = _number(*p.bounds())
        else:
            plain = {"type": _JSON_TYPES.get(p.type, "object")} if p.type in _JSON_TYPES else {}
        if p.choices is not None:
            plain["enum"] = list(p.choices)
        if p.nested is not None or (p.type is dict and p.table is None):
            plain["description"] = LOOSE
        options = [plain]
        if p.table is not None and getattr(p.table, "filter_zone", None) is not None:
            options.append(ref(self.filter_def()))  # a search's filter: the old flat table or card properties
        elif p.table is not None:
            options.append(self.selector_for(p.table) if self.selectors is not None else
                           {"type": "object", "description": LOOSE})
        elif p.type is int and p.choices is None and self.registry.selectors is not None:
            options.append(ref("amount"))  # a "for each" amount (engine/amounts.py)
        if p.type is int and p.choices is None:
            options.append(ref(self.keyword_number()))
        out = options[0] if len(options) == 1 else {"anyOf": options}
        if p.default is not None and _jsonable(p.default):
            out["default"] = p.default
        if p.doc:
            out["description"] = f"{p.doc}. {out['description']}" if "description" in out else p.doc
        return out

    def take(self, nested: Any) -> dict[str, Any]:
        """A look's ``take`` table (engine/choices.py ``take_param``)."""
        known = {"choose": _number(1, 99), "up_to": {"type": "boolean"},
                 "filter": _described(ref(self.filter_def()), "card properties the taken cards have"),
                 "to": _enum(nested.destinations)}
        return _table({k: _loose(known, k) for k in TAKE_KEYS})

    # --- selectors ------------------------------------------------------------------------
    def selector_for(self, parse: Callable[[Any], Any]) -> dict[str, Any]:
        """A selector table as an op parameter's parser takes it: the zones it allows are asked of
        the parser itself (a zone it refuses is refused at ``.zone``)."""
        assert self.selectors is not None
        allowed = []
        for zone in self.selectors.zones:
            try:
                parse({"zone": zone, "all": True})
            except SelectorError as e:
                if e.path == ".zone":
                    continue
            allowed.append(zone)
        zones = tuple(allowed)
        if zones not in self._zone_sets:
            name = "selector" if zones == tuple(self.selectors.zones) else f"selector.{'_'.join(zones)}"
            self._zone_sets[zones] = name
            self.defs[name] = self.selector(zones, counted=True)
        return ref(self._zone_sets[zones])

    def filter_def(self) -> str:
        """A selector without a count and without a zone (a trigger's ``card``, a cost's filter,
        a look's filter): card properties and ``side`` / ``other``."""
        if "filter" not in self.defs:
            s = self.selector((), counted=False)
            s["properties"].pop("zone")
            self.defs["filter"] = s
        return "filter"

    def selector(self, zones: tuple[str, ...], counted: bool) -> dict[str, Any]:
        sel = self.selectors
        assert sel is not None
        number = ref(self.keyword_number())
        count = {"anyOf": [_number(1, COUNT_MAX), ref("amount"), number]} if sel.counts is not None else \
            {"anyOf": [_number(1, COUNT_MAX), number]}
        known: dict[str, Any] = {
            "zone": _described(_enum(zones or tuple(sel.zones)), f"where the cards are (default {sel.default_zone!r})"),
            "side": _described(_enum(SIDES), "whose cards, from the controller's side (default either)"),
            "other": {"type": "boolean", "description": "other than this card"},
            "choose": _described(count, "choose this many"),
            "up_to": {"type": "boolean", "description": "up to that many"},
            "all": {"const": True, "description": "every matching card"},
            "random": _described(count, "this many at random"),
            "chooser": _described(_enum(CHOOSERS), "who chooses (default the controller)"),
            "holder": {"const": "self", "description": "only the cards under this very card (a zone of cards "
                                                       "held under a card)"},
        }
        counts = COUNT_KEYS if counted else ()
        props = {k: _loose(known, k) for k in BASE_KEYS if k not in COUNT_KEYS or k in counts}
        for name, prop in sel.props.items():
            props[name] = self.prop(prop)
        doc = ("A selector table. Hidden zones (cards that may not be chosen or tested) and the zones a property "
               "means something in are checked by the loader. " + LOOSE)
        out = _table(props, (), doc)
        if counted:
            out["oneOf"] = [{"required": ["choose"]}, {"required": ["all"]}, {"required": ["random"]}]
        return out

    @staticmethod
    def prop(prop: Any) -> dict[str, Any]:
        """A card-property test of a selector (engine/select.py ``Prop``)."""
        if prop.type == "flag":
            s: dict[str, Any] = {"type": "boolean"}
        elif prop.type == "enum":
            one = _enum(prop.choices) if prop.choices is not None else {"type": "string"}
            s = {"anyOf": [one, {"type": "array", "minItems": 1, "items": one}]}
        elif prop.type == "text":
            words = {"anyOf": [{"type": "string", "minLength": 1},
                               {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}}]}
            s = {"anyOf": [words, {"type": "object", "minProperties": 1, "maxProperties": 1,
                                   "properties": {"eq": words, "contains": words}, "additionalProperties": False}]}
        else:
            s = {"anyOf": [{"type": "integer"},
                           _table({"min": {"type": "integer"}, "max": {"type": "integer"}, "eq": {"type": "integer"},
                                   "printed": {"type": "boolean"}})]}
        return _described(s, prop.doc)

    def amounts(self) -> None:
        if self.selectors is None:
            return
        known = {"count": _described(ref(self.filter_zoned()), "the cards to count"),
                 "times": {"type": "integer", "not": {"const": 0}, "description": "this much for each card"},
                 "max": {"type": "integer", "minimum": 0, "description": "at most this much"}}
        self.defs["amount"] = _table({k: _loose(known, k) for k in AMOUNT_KEYS}, ("count",),
                                     "A \"for each\" amount (engine/amounts.py).")

    def filter_zoned(self) -> str:
        """A selector without a count, with its zone (an amount's ``count``)."""
        if "zoned" not in self.defs:
            self.defs["zoned"] = self.selector((), counted=False)
        return "zoned"

    # --- conditions, triggers, costs ----------------------------------------------------------
    def conditions(self) -> None:
        game = self.registry.conditions
        if game is None:
            return
        whole = _number(0, 99)
        zone_table = _table({"zone": _enum(game.zones), "side": _enum(CONDITION_SIDES),
                             "filter": _described({"type": "object", "minProperties": 1,
                                                   "properties": {k: {"type": _JSON_TYPES.get(t, "string")}
                                                                  for k, t in game.filter_keys.items()},
                                                   "additionalProperties": False},
                                                  "no filter on a hidden zone (checked by the loader)")},
                            ("zone",))
        counted = _enum(game.targets) if game.targets else None
        # with the game's selectors, a count may also be a selector table without a count
        table = ref(self.filter_zoned()) if game.selectors is not None and self.selectors is not None else None
        op = _enum(OPERATORS)
        known: dict[str, dict[str, Any]] = {  # each shape's keys (``SHAPES``)
            "count": {"count": {"anyOf": [s for s in (counted, zone_table, table) if s is not None]},
                      "at_least": whole, "at_most": whole},
            "compare": {"compare": _enum(game.numbers), "own": {"anyOf": [op, {"const": True}]},
                        "opponent": {"anyOf": [op, {"const": True}]}, "value": whole},
            "turn": {"turn": _enum(("own", "opponent"))},
            "phase": {"phase": _enum(game.phases)},
            "all": {"all": {"type": "array", "minItems": 1, "items": ref("condition")}},
            "any": {"any": {"type": "array", "minItems": 1, "items": ref("condition")}},
            "not": {"not": ref("condition")},
        }
        cases = {}
        for shape, keys in SHAPES.items():
            if shape == "phase" and not game.phases:
                continue  # (a game without phase words)
            self.defs[f"condition.{shape}"] = _table({k: _loose(known.get(shape, {}), k) for k in keys}, (shape,))
            cases[shape] = f"condition.{shape}"
        self.defs["condition"] = {
            "type": "object", "minProperties": 1,
            "anyOf": [{"required": [k]} for k in cases],
            "allOf": [{"if": {"required": [k]}, "then": ref(d)} for k, d in cases.items()],
            "description": "A condition (engine/conditions.py): one shape per table, combined with all / any / not."}

    def triggers(self) -> None:
        game = self.registry.triggers
        if game is None:
            return
        card = {"anyOf": [_table({"self": {"const": True}}, ("self",)), ref(self.filter_def())],
                "description": "{self = true} (this very card) or card properties"}
        where = tuple(dict.fromkeys(game.working + tuple(z for zs in game.own_zones.values() for z in zs)))
        cases = {}
        for event, spec in game.events.items():
            known = {"event": {"const": event}, "card": card, "from": _enum(spec.froms), "to": _enum(spec.tos),
                     "player": _enum(SIDES),
                     "where": _described(_enum(where), f"the zone this card is in (default {game.default_where!r})")}
            # the keys of WHEN_KEYS that are filters go only with an event that has that field
            props = {k: _loose(known, k) for k in WHEN_KEYS if k not in FILTER_FIELDS or k in spec.fields}
            self.defs[f"when.{event}"] = _table(props, ("event",), spec.doc)
            cases[event] = f"when.{event}"
        self.defs["when"] = _switch("event", cases, "A trigger's when: the event and filters on its fields.")

    def cost(self) -> str:
        """A cost list (engine/costs.py), from the game's ``CostGame`` when it has one."""
        if "cost" in self.defs:
            return "cost"
        game = self.cost_game
        if game is None:
            self.defs["cost"] = {"type": "array", "minItems": 1,
                                 "items": _table({"pay": _enum(PARTS)}, ("pay",), closed=False),
                                 "description": "A list of cost parts. " + LOOSE}
            return "cost"
        amount = {"anyOf": [_number(1, 99), ref(self.keyword_number())]}
        flt = ref(self.filter_def())
        keys: dict[str, dict[str, Any]] = {  # each key a part may take (``PARTS``)
            "amount": amount, "filter": flt, "from": _enum(game.selectors.zones), "to": _enum(game.destinations),
            "card": {"anyOf": [{"const": "self"}, flt]}, "counter": _enum(game.counters)}
        required = {"resources": ("amount",), "move": ("to",), "remove_counter": ("counter",)}
        cases = {}
        for word, part in _cost_words(game).items():
            props = {k: _loose(keys, k) for k in PARTS.get(part, ("pay",)) if k != "pay"}
            if part == "sleep":
                props["card"] = {"const": "self"}
            doc = f"The cost part {part!r}" + (f", written {word!r} in this game." if word != part else ".")
            self.defs[f"cost.{word}"] = _table({"pay": {"const": word}, **props}, ("pay",) + required.get(part, ()),
                                               doc, closed=part in PARTS)
            cases[word] = f"cost.{word}"
        self.defs["cost.part"] = _switch("pay", cases, "A cost part (engine/costs.py).")
        self.defs["cost"] = {"type": "array", "minItems": 1, "items": ref("cost.part"),
                             "description": "A list of cost parts, paid in order."}
        return "cost"


def _loose(known: Mapping[str, Any], key: str) -> Any:
    """``known[key]``, or any value for a key this module does not know yet (described so)."""
    return known.get(key, {"description": LOOSE})


def _cost_words(game: CostGame) -> dict[str, str]:
    """The words a cost part may be written with in this game -> the part (of ``PARTS``) each is:
    the game's own words (``CostGame.known()`` / ``words``) when it has them."""
    known = getattr(game, "known", None)
    if callable(known):
        words = known()
        if isinstance(words, Mapping):
            return dict(words)
        renamed = getattr(game, "words", None) or {}
        return {w: renamed.get(w, w) for w in words}
    return {k: k for k in PARTS if k != "remove_counter" or game.counters}


def _cost_game(base: Any) -> CostGame | None:
    """The game's ``CostGame``: ``GAME`` of its ``costs`` module, else one its ``effects`` module
    holds (None: its cost lists, if any, are allowed loosely)."""
    for name in ("costs", "effects"):
        try:
            module = base.game_module(name)
        except ImportError:
            continue
        found = [v for k, v in sorted(vars(module).items(), key=lambda kv: kv[0] != "GAME") if isinstance(v, CostGame)]
        if found:
            return found[0]
    return None


def card_schema(base: Any) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a card file of the game of ``base`` (its ruleset)."""
    b = _Builder(base)
    b.ops()
    b.amounts()
    b.conditions()
    b.triggers()
    return b.schema()


__all__ = ["DRAFT", "LOOSE", "card_schema", "field_schema"]
