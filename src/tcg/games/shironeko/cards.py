"""Shironeko card definitions: the card-file schema, colours, and immutable ``Card``/``Ability``.

See docs/cards.md for the file format with examples."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ...engine.cards import (CardSchema, Field, LanguageAbility, NamedCard, ability_fail, card_fields, card_loader,
                             check_fields, check_move, check_static_effects, parsed_effects, parsed_if, parsed_when,
                             refuse_keyword_number)
from ...engine.amounts import has_amounts
from ...engine.choices import check_ops
from ...engine.costs import Cost
from ...engine.effects import EffectOp, guarded
from ...engine.errors import CardDataError, brief
from ...engine.select import SelectorError
from ...engine.keywords import keyword_ability_fail

COLORS = ("red", "blue", "yellow", "green", "purple", "orange", "rainbow", "colorless")
COLOR_JA = {"red": "赤", "blue": "青", "yellow": "黄", "green": "緑", "purple": "紫",
            "orange": "橙", "rainbow": "虹", "colorless": "無色"}
KINDS = ("character", "awakened_character", "monster", "town", "leader")
MAIN_KINDS = ("character", "awakened_character", "monster")
CHARACTER_KINDS = ("character", "awakened_character")
ABILITY_KINDS = ("static", "activated", "trigger", "burst", "on_enter", "use")
STOP_NAME = "STOP!"
SOUL_QUARRY = "ソウル発掘場"

_main = {
    "color": Field(str, required=True, choices=COLORS, doc="colour of the cost field"),
    "cost": Field(int, required=True, min=0),
    "rune": Field(str, required=True, choices=COLORS, doc="the card's rune icon"),
    "stop": Field(bool, default=False, doc="has STOP!: halts a damage reveal"),
    "abilities": Field(list, default=[], item_type=dict),
}
_char = {
    **_main,
    "level": Field(int, required=True, min=0),
    "change_cost": Field(int, default=None, min=0, doc="character-change/awaken cost"),
    "attack": Field(int, required=True, min=0),
    "hp": Field(int, required=True, min=1),
    "leaderize": Field(str, default=None, doc="id of the leader card this card leaderizes into"),
}
SCHEMA = CardSchema(
    common=card_fields(KINDS, abilities=False, keywords=True),
    kinds={
        "character": _char,
        "awakened_character": _char,
        "monster": _main,
        "town": {"color": Field(str, required=True, choices=COLORS, doc="colour of the soul"),
                 "pays_any_color": Field(bool, default=False,
                                         doc="this card's own ability: its soul matches a cost of any colour")},
        "leader": {"rune": Field(str, required=True, choices=COLORS),
                   "abilities": Field(list, default=[], item_type=dict)},
    },
)

ABILITY_FIELDS = {
    "kind": Field(str, required=True, choices=ABILITY_KINDS),
    "runes": Field(list, default=[], item_type=str, choices=COLORS, doc="required runes"),
    "cost": Field(object, default=0, doc="souls to pay (activated, burst); activated: or a list of cost parts"
                                         " (games/shironeko/costs.py)"),
    "from": Field(str, default="field", choices=("field", "hand", "discard"),
                  doc="activated: the zone its card is used from (a character card's hand or discard pile)"),
    "color": Field(str, default=None, choices=COLORS, doc="colour of that cost (default: card colour)"),
    "tap": Field(bool, default=False, doc="activated: the card must be ON and turns OFF (a cost)"),
    "untap": Field(bool, default=False, doc="activated: the card must be OFF and turns ON (a cost)"),
    "if": Field(dict, default=None, doc="a condition (engine/conditions.py): works only while it holds"),
    "when": Field(dict, default=None, doc="trigger: the event it waits for on the field (games/shironeko/triggers.py)"),
    "once_per_turn": Field(bool, default=False, doc="trigger with when: at most once each turn"),
    "optional": Field(bool, default=False, doc="trigger with when: the controller is asked first (〜してもよい)"),
    "effects": Field(list, required=True),
    "text": Field(str, default=""),
    "text_en": Field(str, default=""),
}
# Operations a static ability may use and the targets they may name.
STATIC_TARGETS = ("self", "all_own_characters", "all_own_other_characters", "all_opponent_characters")


@dataclass(frozen=True, slots=True)
class Ability(LanguageAbility):
    """A Shironeko ability: the card language's parts, and its runes and cost (a trigger without
    ``when`` is a damage trigger, SN-A6)."""

    runes: tuple[str, ...]
    cost: int
    color: str
    tap: bool
    untap: bool
    costs: Any = None           # activated: a cost list (engine/costs.py ``Cost``), or None
    zone: str = "field"         # activated: the zone its card is used from (``from``)


@dataclass(frozen=True, slots=True)
class Card(NamedCard):
    color: str | None
    cost: int
    rune: str | None
    stop: bool
    level: int
    change_cost: int | None
    attack: int
    hp: int
    leaderize: str | None
    abilities: tuple[Ability, ...]
    pays_any_color: bool = False  # towns: the soul matches a cost of any colour (its own text)

    @property
    def is_character(self) -> bool:
        return self.kind in CHARACTER_KINDS

    @property
    def is_main(self) -> bool:
        return self.kind in MAIN_KINDS


# Ability fields that mean something only for some ability kinds.
_ABILITY_FIELD_KINDS = {
    "runes": ("static", "activated", "on_enter", "trigger"),
    "cost": ("activated", "burst"),
    "color": ("activated", "burst"),
    "from": ("activated",),
    "tap": ("activated",),
    "untap": ("activated",),
    "if": ("activated", "trigger", "on_enter"),
    "when": ("trigger",),
    "once_per_turn": ("trigger",),
    "optional": ("trigger",),
}
SEARCH_FILTERS = {"kind": (str, CHARACTER_KINDS + ("character", "monster")), "color": (str, COLORS),
                  "rune": (str, COLORS), "name": (str, None), "max_level": (int, None),
                  "min_level": (int, None)}


def _check_search_filter(flt: Any, fail: Callable[[str], None]) -> None:
    """A search's old flat filter (a selector table instead was checked by its parser)."""
    for key, value in (flt.items() if isinstance(flt, dict) else ()):
        if key not in SEARCH_FILTERS:
            fail(f"search filter has no key {key!r} (known: {', '.join(SEARCH_FILTERS)})")  # (it raises)
        typ, choices = SEARCH_FILTERS[key]
        if not isinstance(value, typ) or isinstance(value, bool):
            fail(f"search filter {key!r} must be {'a whole number' if typ is int else 'text'}, got {value!r}")
        if choices is not None and value not in choices:
            fail(f"search filter {key!r} = {value!r} is not one of: {', '.join(dict.fromkeys(choices))}")


#: the ability kinds each card kind may have (a keyword's abilities: any of them where it is
#: declared, its card's where a card lists it)
ALLOWED = {"character": ("static", "activated", "trigger", "burst", "on_enter"),
           "awakened_character": ("static", "activated", "trigger", "burst", "on_enter"),
           "monster": ("use", "trigger", "burst"),
           "leader": ("static", "activated"),
           "town": ()}


def _parse_ability(fname: str, cid: str | None, kind: str | None, color: str | None, i: int, raw: dict,
                   registry, fail: Callable[..., None] | None = None, keyword: Any = None) -> Ability:
    """Ability ``i`` of a card of kind ``kind`` (None: a keyword's ability checked where it is
    declared), checked; ``fail``: how to report a fault (a keyword's ability: its own path)."""
    if fail is None:
        fail = ability_fail(fname, cid or "", i)
    out = check_fields(ABILITY_FIELDS, raw, fail, "ability field")
    akind = out["kind"]
    allowed = ALLOWED[kind] if kind is not None else ABILITY_KINDS
    if not allowed:
        fail(f"a {kind} card has no abilities", "kind")
    if akind not in allowed:
        fail(f"a {kind} card cannot have a {akind!r} ability (allowed: {', '.join(allowed)})", "kind")
    for key, kinds in _ABILITY_FIELD_KINDS.items():
        if key in raw and akind not in kinds:
            fail(f"has no effect on a {akind!r} ability (only on: {', '.join(kinds)})", key)
    if out["tap"] and out["untap"]:
        fail("an ability cannot both turn its card OFF (tap) and ON (untap)", "untap")
    cost, costs = _cost(out["cost"], registry, fail)
    if costs is not None and akind != "activated":
        fail("a list of cost parts is for an activated ability (a burst pays souls: a whole number)", "cost")
    zone = out["from"]
    if zone != "field":
        if kind is not None and kind not in CHARACTER_KINDS:
            fail("only a character card's ability is used from the hand or the discard pile: leave from out", "from")
        for key in ("runes", "tap", "untap"):
            if raw.get(key):
                fail(f"{key} is for an ability used on the field, not from the {zone}", key)
    when = None
    if akind == "trigger":
        if out["when"] is not None:
            if kind is not None and kind not in CHARACTER_KINDS:
                fail(f"a {kind} card is never on the field: its trigger works only when revealed as damage"
                     " (leave when out)", "when")
            when = parsed_when(out, registry, fail)
        else:
            for key in ("once_per_turn", "optional", "runes"):
                if key in raw:
                    fail(f"{key} is for a trigger with when (an event on the field), not for a damage trigger", key)
    cond = parsed_if(out, registry, fail)
    effects = parsed_effects(out, registry, fail, if_on_static=False)
    check_ops(effects, _check_op, fail)
    for op in effects:
        if op.name == "search":
            _check_search_filter(op.get("filter") or {}, lambda m: fail(m, "effects"))  # (a selector table: parsed)
    check_static_effects(akind, effects, STATIC_TARGETS, fail, tables=_static_table)
    if akind == "static":
        _check_static_amounts(effects, fail)
    ab_color = out["color"] or color or "colorless"
    if costs is not None:
        costs = _colored(costs, ab_color)
    if keyword is not None and not out["text"] and not out["text_en"]:  # shown as the keyword's line
        out = {**out, "text": keyword.line("ja"), "text_en": keyword.line("en")}
    return Ability.of(out, effects, i, runes=tuple(out["runes"]), cost=cost,
                      color=ab_color, tap=out["tap"], untap=out["untap"],
                      cond=cond, run=guarded(effects, cond), when=when, once_per_turn=out["once_per_turn"],
                      optional=out["optional"], costs=costs, zone=zone,
                      keyword=keyword.id if keyword is not None else "")


def _colored(cost: Cost, color: str) -> Cost:
    """The cost with its souls (parts ``souls``, ``printed``) paid in ``color``, the ability's."""
    ops = tuple(EffectOp(op.name, {**op.args, "color": color}, op.handler) if op["part"] in ("souls", "printed")
                else op for op in cost.ops)
    return Cost(cost.parts, ops, cost.raw)


def _cost(raw: Any, registry, fail) -> tuple[int, Any]:
    """An ability's ``cost``: (the souls it pays, its cost list or None). A whole number is
    souls, as always; a list holds cost parts (engine/costs.py, games/shironeko/costs.py); its
    ``printed`` souls are counted when paid (none here: ``costs.can_pay`` reads the card)."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        if not 0 <= raw <= 99:
            fail(f"must be a whole number 0..99 or a list of cost parts, got {raw}", "cost")
        return raw, None
    if not isinstance(raw, list):
        fail(f"must be a whole number or a list of cost parts like [{{pay = \"discard\", amount = 1}}],"
             f" got {brief(raw)}", "cost")
    try:
        costs = registry.costs(raw)
    except SelectorError as e:
        fail(e.message, "cost" + e.path)
    return costs.resources(0), costs


def _static_table(sel: Any) -> bool:
    """A static's target table: ``all`` the characters of a side (``other``, the card properties;
    not by attack or HP, which statics themselves change)."""
    return (getattr(sel, "all", False) and getattr(sel, "zone", "") == "characters" and sel.amount is None
            and all(t.prop not in ("attack", "hp") for t in sel.tests))


def _check_static_amounts(effects: tuple, fail) -> None:
    """A static's "for each" amount (engine/amounts.py, counted all the time: flow.py; an HP one
    makes the retreat checks run after every step: ``Deal.hp_counts``) does not count by the stat
    it changes (what it gives would depend on itself); one on HP counts by neither attack nor HP
    (an attack static counting HP and an HP one counting attack would depend on each other)."""
    for n, op in enumerate(effects):
        if has_amounts(op.args):
            tests = {t.prop for t in op["amount"].count.tests}
            if op["stat"] == "attack" and "attack" in tests:
                fail("a static ability's \"for each\" may not count by attack (the attack it gives would depend"
                     " on itself)", f"effects[{n}].amount.count")
            if op["stat"] == "hp" and tests & {"attack", "hp"}:
                fail("a static ability's \"for each\" on HP may not count by attack or HP (what it gives would"
                     " depend on itself)", f"effects[{n}].amount.count")


def _check_op(op, fail) -> None:
    """What an op's parameters allow together: a ``move``'s ``shuffle`` and ``position =
    "bottom"`` are for the deck; ``to = "characters"`` takes a table of your own cards from a
    pile; a table may not name the zone its cards go to."""
    def onto_the_field(target, table: bool, to: str) -> None:
        if to == "characters" and (not table or target.zone in ("characters", "leader") or target.side != "own"):
            fail("to = \"characters\" puts your own cards from a pile onto the field: the target must be a"
                 " table with side = \"own\" and a zone such as \"discard\" or \"hand\"", "to")
    check_move(op, fail, onto_the_field)


def _abilities(fname: str, cid: str | None, kind: str | None, color: str | None, f: dict, registry) -> tuple:
    """A card's abilities: its own, then those of its keywords (engine/keywords.py), each checked
    as the card's (a fault in a keyword's names the keyword's ability)."""
    own = f.get("abilities") or []
    for i, a in enumerate(own):
        if isinstance(a, dict):
            refuse_keyword_number(a, ability_fail(fname, cid or "", i))
    out = [_parse_ability(fname, cid, kind, color, i, a, registry) for i, a in enumerate(own)]
    i = len(own)
    for kw in f.get("keywords") or ():
        for j, raw in enumerate(kw.abilities):
            fail = keyword_ability_fail(fname, cid, kw, j)
            out.append(_parse_ability(fname, cid, kind, color, i, raw, registry, fail, kw))
            i += 1
    return tuple(out)


def _check_keyword(kw, registry) -> None:
    """A declared keyword's abilities, each checked as a card's ability of any kind."""
    _abilities(kw.file, None, None, None, {"keywords": (kw,)}, registry)


def _make_card(fname: str, cid: str, f: dict, registry) -> Card:
    kind = f["kind"]
    default_color = f.get("color") or f.get("rune")
    keywords = tuple(f.get("keywords") or ())
    abilities = _abilities(fname, cid, kind, default_color, f, registry)
    if kind == "monster" and sum(a.kind == "use" for a in abilities) != 1:
        raise CardDataError(fname, cid, "abilities", "a monster needs exactly one 'use' ability")
    if sum(a.kind == "burst" for a in abilities) > 1:
        raise CardDataError(fname, cid, "abilities", "a card has at most one 'burst' ability")
    if kind == "awakened_character" and f.get("change_cost") is None:
        raise CardDataError(fname, cid, "change_cost", "an awakened character needs a change cost")
    return Card(
        id=cid, kind=kind, name=f["name"], name_en=f["name_en"], text=f["text"],
        text_en=f["text_en"], color=f.get("color"), cost=f.get("cost") or 0,
        rune=f.get("rune"), stop=bool(f.get("stop")), level=f.get("level") or 0,
        change_cost=f.get("change_cost"), attack=f.get("attack") or 0, hp=f.get("hp") or 0,
        leaderize=f.get("leaderize"), abilities=abilities, pays_any_color=bool(f.get("pays_any_color")),
        keywords=keywords)


def _check_set(cards: list[Card], where: dict[str, str]) -> None:
    """Rules that involve several cards: leaderize targets, awakening bases."""
    by_id = {c.id: c for c in cards}
    bases = {(c.name, c.level) for c in cards if c.is_character}
    for c in cards:
        if c.leaderize is not None:
            target = by_id.get(c.leaderize)
            if target is None:
                raise CardDataError(where[c.id], c.id, "leaderize", f"names unknown card {c.leaderize!r}")
            if target.kind != "leader":
                raise CardDataError(where[c.id], c.id, "leaderize", f"{c.leaderize!r} is not a leader card")
        if c.kind == "awakened_character" and (c.name, c.level - 1) not in bases:
            raise CardDataError(where[c.id], c.id, "level",
                                f"no character named {c.name!r} at level {c.level - 1} to awaken from")


load_cards = card_loader("shironeko", SCHEMA, _make_card, f"{__package__}.effects", check=_check_set,
                         check_keyword=_check_keyword)
