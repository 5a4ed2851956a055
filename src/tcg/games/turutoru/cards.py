"""Turu-turu Stage card definitions: the card-file schema and immutable ``Card``/``Program``/``Ability``.

Characters carry programs (what they do when stacked in the program area) and may be placed on
the field by another card's Place program. Devices are mounted (on the field or attached to a
character); applications are used once by an Apply program. See docs/cards.md."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...engine.cards import (CardSchema, Field, LanguageAbility, NamedCard, card_abilities, card_fields, card_loader,
                             check_fields, check_move, check_target_filter, parsed_effects, parsed_if, parsed_when)
from ...engine.amounts import has_amounts
from ...engine.choices import checked_ops
from ...engine.effects import guarded
from ...engine.errors import CardDataError, brief
from ...engine.keywords import keyword_ability_fail
from ...engine.select import SelectorError

KINDS = ("character", "device", "application")
PROGRAMS = ("place", "reboot", "bed_in", "mount", "release", "apply", "attack", "fan_fire",
            "library_draw", "activate", "effect", "decoder")
PROGRAM_JA = {"place": "配置", "reboot": "再起", "bed_in": "ベッドイン", "mount": "マウント",
              "release": "リリース", "apply": "アプライ", "attack": "攻撃", "fan_fire": "ファンファイア",
              "library_draw": "ライブラリドロー", "activate": "起動型特殊能力", "effect": "効果",
              "decoder": "プログラムデコーダー"}
GENDERS = ("female", "male", "none")
MOUNTS = ("field", "character")
MOUNT_ON = ("any", "own", "opponent")
#: the zones an activated ability may be used from (``from``): ``field`` (a character on the field,
#: a device in play), ``hand``, ``discard``
ABILITY_ZONES = ("field", "hand", "discard")
ABILITY_KINDS = {"character": ("activated", "static", "trigger"), "device": ("activated", "static", "trigger"),
                 "application": ("apply",)}
#: every ability kind (a keyword's abilities are checked against these where it is declared, and
#: against its card's kind where a card lists it)
ALL_ABILITY_KINDS = tuple(dict.fromkeys(k for kinds in ABILITY_KINDS.values() for k in kinds))

SCHEMA = CardSchema(
    common=card_fields(KINDS, id_doc="card number (at most 4 copies of a number per deck)", keywords=True),
    kinds={
        "character": {
            "power": Field(int, required=True, min=0),
            "toughness": Field(int, required=True, min=1),
            "segment": Field(int, required=True, min=1, max=6, doc="segments a program of this card uses"),
            "programs": Field(list, required=True, item_type=dict),
            "gender": Field(str, default="none", choices=GENDERS),
            "work": Field(str, default="", doc="the source work (出典作品), an attribute effects may name"),
        },
        "device": {"mount": Field(str, required=True, choices=MOUNTS,
                                  doc="field: on the field itself; character: attached to a character"),
                   "mount_on": Field(str, default="any", choices=MOUNT_ON,
                                     doc="a character device: which characters it may be attached to "
                                         "(any: either side, TT-P4; own: yours; opponent: theirs)")},
        "application": {},
    },
)
ABILITY_FIELDS = {
    "kind": Field(str, required=True),
    "if": Field(dict, default=None, doc="a condition (engine/conditions.py): usable only while it holds"),
    "when": Field(dict, default=None, doc="trigger: the event it waits for (games/turutoru/triggers.py)"),
    "once_per_turn": Field(bool, default=False, doc="trigger: at most once each round"),
    "optional": Field(bool, default=False, doc="trigger: the controller is asked first (〜してもよい)"),
    "cost": Field(object, default=None, doc="activated and apply: a list of cost parts (games/turutoru/costs.py)"),
    "from": Field(str, default="field", choices=ABILITY_ZONES,
                  doc="activated: the zone its card is used from (hand, discard: by the Activate / Effect program)"),
    "effects": Field(list, required=True),
    "text": Field(str, default=""),
    "text_en": Field(str, default=""),
}
PROGRAM_FIELDS = {
    "kind": Field(str, required=True, choices=PROGRAMS),
    "amount": Field(int, default=None, min=1, doc="library_draw: cards to draw"),
}
UNIT_FILTERS = ("gender", "work")
SEARCH_FILTERS = ("kind", "gender", "work")
STATIC_TARGETS = ("self", "attached", "all_own_characters", "all_opponent_characters")


@dataclass(frozen=True, slots=True)
class Program:
    kind: str
    amount: int  # library_draw N (0 otherwise)
    index: int

    def label(self, lang: str = "en") -> str:
        name = PROGRAM_JA[self.kind] if lang == "ja" else \
            "Program Decoder" if self.kind == "decoder" else self.kind.replace("_", " ").title()
        return f"{name} {self.amount}" if self.kind == "library_draw" else name


@dataclass(frozen=True, slots=True)
class Ability(LanguageAbility):
    """A Turu-turu ability: the card language's parts (``once_per_turn``: once each round), and
    its costs and zone."""

    costs: Any = None           # activated / apply: a cost list (games/turutoru/costs.py ``Cost``), or None
    zone: str = "field"         # activated: the zone its card is used from (``from``)


@dataclass(frozen=True, slots=True)
class Card(NamedCard):
    power: int
    toughness: int
    segment: int
    programs: tuple[Program, ...]
    gender: str
    work: str
    mount: str | None
    abilities: tuple[Ability, ...]
    mount_on: str | None = None


def _tables(fname: str, cid: str | None, f: dict):
    """The ability tables of a card, checked against ``ABILITY_FIELDS`` and the kinds its card kind
    allows: its own, then those of its keywords (engine/keywords.py), each ``(index on the card,
    fields, as written, fail, keyword or None)``."""
    kind = f["kind"]
    kinds = ABILITY_KINDS[kind] if kind is not None else ALL_ABILITY_KINDS
    for i, a, raw, fail in card_abilities(fname, cid or "", f.get("abilities"), ABILITY_FIELDS, kinds, kind):
        yield i, a, raw, fail, None
    i = len(f.get("abilities") or ())
    for kw in f.get("keywords") or ():
        for j, raw in enumerate(kw.abilities):
            fail = keyword_ability_fail(fname, cid, kw, j)
            a = check_fields(ABILITY_FIELDS, raw, fail)
            if a["kind"] not in kinds:
                fail(f"a {kind} card cannot have an ability of kind {a['kind']!r}", "kind")
            yield i, a, raw, fail, kw
            i += 1


def _make_card(fname: str, cid: str | None, f: dict, registry) -> Card | None:
    kind = f["kind"]  # None: a keyword's abilities checked where it is declared (_check_keyword)
    abilities = []
    for i, a, raw, fail, keyword in _tables(fname, cid, f):
        for key in ("when", "once_per_turn", "optional"):
            if key in raw and a["kind"] != "trigger":
                fail(f"has no effect on a {a['kind']!r} ability (only on trigger)", key)
        if "from" in raw and a["kind"] != "activated":
            fail(f"has no effect on a {a['kind']!r} ability (only on activated)", "from")
        costs = _cost(raw, a, registry, fail)
        when = None
        if a["kind"] == "trigger":
            if a["when"] is None:
                fail("a trigger says when it triggers: when = {event = \"enters\", card = {self = true}}", "when")
            when = parsed_when(a, registry, fail)
        if a["if"] is not None and a["kind"] == "static":
            fail("a static ability has no 'if' (not yet: only activated, apply and trigger abilities)", "if")
        cond = parsed_if(a, registry, fail)
        effects = parsed_effects(a, registry, fail, if_on_static=False)
        for op in checked_ops(effects, _check_move, fail):
            flt = op.get("filter")
            if isinstance(flt, dict) and flt:  # the old flat table (a search's selector table: parsed)
                allowed = SEARCH_FILTERS if op.name == "search" else UNIT_FILTERS
                for k, v in flt.items():
                    if k not in allowed:
                        fail(f"filter has no key {k!r} (known: {', '.join(allowed)})", "effects")
                    if not isinstance(v, str):
                        fail(f"filter {k!r} must be text, got {v!r}", "effects")
                    if k == "gender" and v not in GENDERS or k == "kind" and v not in KINDS:
                        fail(f"filter {k!r} = {v!r} is not one of: "
                             f"{', '.join(GENDERS if k == 'gender' else KINDS)}", "effects")
        if a["kind"] == "static":
            for op in effects:
                if has_amounts(op.args):
                    _check_static_amount(op, fail)
                if op.name != "modify" or not _static_target(op["target"]):
                    fail(f"a static ability may only 'modify' targets {', '.join(STATIC_TARGETS)} or a table of"
                         f" 'all' the cards it changes", "effects")
                if op["target"] == "attached" and kind not in ("device", None):
                    fail("only a device has an 'attached' character", "effects")
        elif any(op.name == "modify" and op["duration"] == "static" for op in effects):
            fail("duration 'static' is only for static abilities", "effects")
        if keyword is not None and not a["text"] and not a["text_en"]:  # shown as the keyword's line
            a = {**a, "text": keyword.line("ja"), "text_en": keyword.line("en")}
        abilities.append(Ability.of(a, effects, i, cond=cond, run=guarded(effects, cond), when=when,
                                    once_per_turn=a["once_per_turn"], optional=a["optional"],
                                    costs=costs, zone=a["from"], keyword=keyword.id if keyword is not None else ""))
    if kind is None or cid is None:  # a keyword's abilities, checked where it is declared
        return None
    if kind == "application" and len(abilities) != 1:
        raise CardDataError(fname, cid, "abilities", "an application needs exactly one 'apply' ability")
    programs = []
    for i, raw in enumerate(f.get("programs") or []):
        def pfail(msg: str, field: str = "", i=i) -> None:
            raise CardDataError(fname, cid, f"programs[{i}]{'.' + field if field else ''}", msg)
        p = check_fields(PROGRAM_FIELDS, raw, pfail)
        if (p["kind"] == "library_draw") != (p["amount"] is not None):
            pfail("'amount' is required for library_draw and only for it", "amount")
        programs.append(Program(p["kind"], p["amount"] or 0, i))
    if kind == "character" and not programs:
        raise CardDataError(fname, cid, "programs", "a character needs at least one program")
    return Card(id=cid, kind=kind, name=f["name"], name_en=f["name_en"], text=f["text"],
                text_en=f["text_en"], power=f.get("power") or 0, toughness=f.get("toughness") or 0,
                segment=f.get("segment") or 0, programs=tuple(programs), gender=f.get("gender") or "none",
                work=f.get("work") or "", mount=f.get("mount"), abilities=tuple(abilities),
                mount_on=f.get("mount_on") if kind == "device" else None, keywords=tuple(f.get("keywords") or ()))


def _check_keyword(kw, registry) -> None:
    """A declared keyword's abilities, each checked as a card's ability of any kind."""
    _make_card(kw.file, None, {"kind": None, "keywords": (kw,)}, registry)


#: the zones a static's "for each" may count (the field and the devices in play: what the statics
#: and the views of the field read)
STATIC_COUNT_ZONES = ("field", "devices")


#: the card properties a static's target table may test: printed ones (flow.py works out once
#: which cards they let through)
STATIC_TABLE_PROPS = ("kind", "name", "gender", "work", "program", "segment", "mount")


def _static_target(t: Any) -> bool:
    """A static's target: one of ``STATIC_TARGETS``, or a table of ``all`` the characters of a
    side on the field (``other``: not the character holding it) that tests printed properties
    only (``STATIC_TABLE_PROPS``)."""
    if isinstance(t, str):
        return t in STATIC_TARGETS
    return (t.all and t.zone == "field" and t.side in ("own", "opponent") and t.amount is None
            and all(x.prop in STATIC_TABLE_PROPS and not x.printed for x in t.tests))


def _check_static_amount(op, fail) -> None:
    """A "for each" amount in a static ability: on power or toughness, counting characters on the
    field or devices in play, not by power or toughness (it is counted all the time, as the static
    is; one on toughness makes destruction checked after every step: flow.Facts.tough_counts)."""
    if op["stat"] not in ("power", "toughness"):
        fail("a static ability's \"for each\" changes power or toughness only", "effects")
    sel = op["amount"].count
    if sel.zone not in STATIC_COUNT_ZONES:
        fail(f"a static ability's \"for each\" counts zone field or devices, not {sel.zone}", "effects")
    if any(t.prop in ("power", "toughness") for t in sel.tests):
        fail("a static ability's \"for each\" may not count by power or toughness (the power it gives would"
             " depend on itself)", "effects")


def _cost(raw: Mapping, a: dict, registry, fail) -> Any:
    """An ability's ``cost``: None, or its parsed cost list (games/turutoru/costs.py), on an
    ``activated`` or ``apply`` ability only; the Activate / Effect / Apply program's segments are
    paid as always."""
    if "cost" not in raw:
        return None
    if a["kind"] not in ("activated", "apply"):
        fail(f"has no effect on a {a['kind']!r} ability (only on activated, apply)", "cost")
    if not isinstance(a["cost"], list):
        fail(f"a cost is a list of parts like [{{pay = \"discard\", amount = 1}}] (the segments are the"
             f" program's), got {brief(a['cost'])}", "cost")
    try:
        return registry.costs(a["cost"])
    except SelectorError as e:
        fail(e.message, "cost" + e.path)


def _check_move(op, fail) -> None:
    """What an op's parameters allow together: a selector table says its filters itself; a
    ``move``'s ``shuffle`` / ``position = "bottom"`` are for the deck, and ``to = "field"`` takes a
    table of cards from a zone other than the field."""
    check_target_filter(op, fail)
    if op.name == "look":
        take = op["take"]
        if take is not None and take.to == "field" and \
                (take.filter is None or dict(take.filter.raw).get("kind") != "character"):
            fail("a look puts only characters onto the field: say so, take = {filter = {kind = \"character\"}, "
                 "to = \"field\"}", "take.filter")

    def onto_the_field(target, table: bool, to: str) -> None:
        if to == "field" and (not table or target.zone == "field"):
            fail("to = \"field\" puts characters from a zone other than the field onto their owner's field:"
                 " the target must be a table with a zone such as \"discard\" or \"hand\"", "to")
    check_move(op, fail, onto_the_field)


load_cards = card_loader("turutoru", SCHEMA, _make_card, f"{__package__}.effects", check_keyword=_check_keyword)
