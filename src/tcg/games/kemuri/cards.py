"""Kemuri Chuudoku card definitions: schema and immutable ``Card``/``Ability``.

Every deck card has a level (its seat value in the seating zone). Casts have cost, shift
(early/late), CP and a call-in value, and may carry a help ability (usable from hand when one of
your casts receives a serving). Any deck card may have a trigger, applied when it is called in.
Leaders sit outside the deck and carry one charm. See docs/cards.md."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.amounts import has_amounts
from ...engine.cards import (CardSchema, Field, LanguageAbility, NamedCard, abilities_and_keywords, card_fields,
                             card_loader, check_move, check_static_effects, check_target_filter, parsed_effects,
                             parsed_if, parsed_when)
from ...engine.choices import checked_ops
from ...engine.costs import ability_cost
from ...engine.effects import guarded
from ...engine.errors import CardDataError

KINDS = ("cast", "event", "support", "trouble", "leader")
DECK_KINDS = ("cast", "event", "support", "trouble")
SHIFTS = ("early", "late")
SHIFT_JA = {"early": "早番", "late": "遅番"}
#: when a leader's charm may be used (「指定タイミング」): in its owner's turn at the charcoal change,
#: operation, serving (before each serving) or end phase; in the opponent's turn at the start of
#: the serving phase ("trouble": when troubles may be used) or when one of its owner's casts is
#: served ("help")
CHARM_TIMINGS = ("charcoal", "operation", "serving", "end", "trouble", "help")
ABILITY_KINDS = {"cast": ("trigger", "static", "on_place", "activate"), "event": ("trigger", "static", "activate"),
                 "support": ("trigger", "use"), "trouble": ("trigger", "use"), "leader": ("charm",)}

_deck = {"level": Field(int, required=True, min=1, max=3, doc="seat value; level-3 cards max 6 per deck")}
SCHEMA = CardSchema(
    common=card_fields(KINDS, keywords=True, person=Field(str, default="", doc="the staff member shown (casts and leaders)")),
    kinds={
        "cast": {**_deck,
                 "cost": Field(int, required=True, min=0),
                 "shift": Field(str, required=True, choices=SHIFTS),
                 "cp": Field(int, required=True, min=0),
                 "call_in": Field(int, required=True, min=0, doc="呼び込み回数"),
                 "help_shift": Field(str, default=None, choices=SHIFTS, doc="ヘルプ出勤: helps casts of this shift"),
                 "help_cp": Field(int, default=0, min=0, doc="CP a help adds")},
        "event": {**_deck, "removal_cost": Field(int, required=True, min=0)},
        "support": dict(_deck),
        "trouble": dict(_deck),
        "leader": {},
    },
)
ABILITY_FIELDS = {
    "kind": Field(str, required=True),
    "timing": Field(str, default=None, choices=CHARM_TIMINGS, doc="charm: when it may be used"),
    "cost": Field(object, default=0, doc="activate: seats paid to use it, or a list of cost parts"
                                         " (games/kemuri/costs.py)"),
    "from": Field(str, default="field", choices=("field", "hand", "backyard"),
                  doc="activate: where the card is used from (field: a cast on your floor, your event)"),
    "limit": Field(str, default="turn", choices=("turn", "game"), doc="activate: once per turn or per game"),
    "if": Field(dict, default=None, doc="a condition (engine/conditions.py): works only while it holds"),
    "when": Field(dict, default=None, doc="trigger: the event it waits for on the field (games/kemuri/triggers.py);"
                                          " none: the trigger of a card called in (KM-V6)"),
    "once_per_turn": Field(bool, default=False, doc="a trigger with when: at most once each turn"),
    "optional": Field(bool, default=False, doc="a trigger with when: the controller is asked first (〜してもよい)"),
    "effects": Field(list, required=True),
    "text": Field(str, default=""),
    "text_en": Field(str, default=""),
}
#: every ability kind (a keyword's abilities are checked against these where it is declared, and
#: against its card's kind where a card lists it)
ALL_ABILITY_KINDS = tuple(dict.fromkeys(k for kinds in ABILITY_KINDS.values() for k in kinds))
STATIC_TARGETS = ("self", "all_own_casts", "all_opponent_casts", "all_casts")
FILTER_FIELDS = {"kind": (str, KINDS), "shift": (str, SHIFTS), "level": (int, (1, 2, 3)), "person": (str, None)}


@dataclass(frozen=True, slots=True)
class Ability(LanguageAbility):
    """A Kemuri ability: the card language's parts, and its timing and use cost (a trigger without
    ``when`` is the trigger of a card called in, KM-V6)."""

    timing: str | None
    cost: int = 0          # activate: seats paid to use it (a cost list's seats together)
    costs: Any = None      # activate: a cost list (engine/costs.py ``Cost``), or None
    zone: str = "field"    # activate: where its card is used from (``from``)
    limit: str = "turn"    # activate: once per "turn" or per "game"


@dataclass(frozen=True, slots=True)
class Card(NamedCard):
    person: str
    level: int
    cost: int
    shift: str | None
    cp: int
    call_in: int
    help_shift: str | None
    help_cp: int
    removal_cost: int
    abilities: tuple[Ability, ...]

    @property
    def has_trigger(self) -> bool:
        """KM-V6: a trigger applied when the card is called in (a ``trigger`` without ``when``)."""
        return any(a.kind == "trigger" and a.when is None for a in self.abilities)


def _make_card(fname: str, cid: str | None, f: dict, registry) -> Card | None:
    kind = f["kind"]  # None: a keyword's abilities checked where it is declared (_check_keyword)
    abilities = []
    for i, a, raw, fail, keyword in abilities_and_keywords(fname, cid, f, ABILITY_FIELDS):
        kinds = ABILITY_KINDS[kind] if kind is not None else ALL_ABILITY_KINDS
        if a["kind"] not in kinds:
            fail(f"a {kind} card cannot have an ability of kind {a['kind']!r} (allowed: {', '.join(kinds)})"
                 if kind is not None else f"{a['kind']!r} is not an ability kind (known: {', '.join(kinds)})", "kind")
        if (a["kind"] == "charm") != (a["timing"] is not None):
            fail("'timing' is required for a charm and only for it", "timing")
        for key in ("cost", "limit", "from"):
            if key in raw and a["kind"] != "activate":
                fail("'cost', 'limit' and 'from' are only for an 'activate' ability", key)
        cost, costs = ability_cost(a["cost"], f.get("cost") or f.get("removal_cost") or 0, registry.costs, fail,
                                   most=16)
        for key in ("when", "once_per_turn", "optional"):
            if key in raw and a["kind"] != "trigger":
                fail(f"has no effect on a {a['kind']!r} ability (only on trigger)", key)
            if key != "when" and key in raw and a["when"] is None:
                fail(f"{key} is for a trigger with when (a call-in trigger always happens)", key)
        when = None
        if a["when"] is not None:
            if kind in ("support", "trouble"):
                fail(f"a {kind} is never on the field: a trigger with when would never work (leave when out:"
                     " a trigger without it happens when the card is called in)", "when")
            when = parsed_when(a, registry, fail)
        if a["if"] is not None and a["kind"] == "use":
            fail("a support's or trouble's 'use' ability has no 'if' of its own: put 'if' on its ops", "if")
        cond = parsed_if(a, registry, fail)
        effects = parsed_effects(a, registry, fail, if_on_static=True)
        if a["kind"] == "static" and any(has_amounts(op.args) and _counts_now(op["amount"]) for op in effects):
            fail("a static ability's \"for each\" amount may not count by cp or call_in now (what it gives would"
                 " depend on itself): test the printed value (printed = true) or another property", "effects")
        for op in checked_ops(effects, _check_op, fail):
            flt = op.get("filter")
            for k, v in (flt.items() if isinstance(flt, dict) else ()):  # (a selector table: parsed)
                if k not in FILTER_FIELDS:
                    fail(f"filter has no key {k!r} (known: {', '.join(FILTER_FIELDS)})", "effects")
                typ, choices = FILTER_FIELDS[k]
                if not isinstance(v, typ) or isinstance(v, bool) or (choices and v not in choices):
                    fail(f"filter {k!r} = {v!r} is not a valid value", "effects")
        check_static_effects(a["kind"], effects, STATIC_TARGETS, fail, tables=_static_table)
        if keyword is not None and not a["text"] and not a["text_en"]:  # shown as the keyword's line
            a = {**a, "text": keyword.line("ja"), "text_en": keyword.line("en")}
        abilities.append(Ability.of(a, effects, i, timing=a["timing"], cost=cost, limit=a["limit"], cond=cond,
                                    run=guarded(effects, cond), when=when, once_per_turn=a["once_per_turn"],
                                    optional=a["optional"], costs=costs, zone=a["from"],
                                    keyword=keyword.id if keyword is not None else ""))
    if kind is None or cid is None:
        return None
    if kind == "leader" and len([a for a in abilities if a.kind == "charm"]) != 1:
        raise CardDataError(fname, cid, "abilities", "a leader has exactly one charm")
    if kind in ("support", "trouble") and len([a for a in abilities if a.kind == "use"]) != 1:
        raise CardDataError(fname, cid, "abilities", f"a {kind} needs exactly one 'use' ability")
    if kind == "cast" and (f.get("help_shift") is None) != (not f.get("help_cp")):
        raise CardDataError(fname, cid, "help_cp", "help_shift and help_cp go together")
    if kind in ("cast", "leader") and not f.get("person"):
        raise CardDataError(fname, cid, "person", f"a {kind} names the person it shows")
    return Card(id=cid, kind=kind, name=f["name"], name_en=f["name_en"], person=f["person"],
                text=f["text"], text_en=f["text_en"], level=f.get("level") or 0, cost=f.get("cost") or 0,
                shift=f.get("shift"), cp=f.get("cp") or 0, call_in=f.get("call_in") or 0,
                help_shift=f.get("help_shift"), help_cp=f.get("help_cp") or 0,
                removal_cost=f.get("removal_cost") or 0, abilities=tuple(abilities),
                keywords=tuple(f.get("keywords") or ()))


def _check_keyword(kw, registry) -> None:
    """A declared keyword's abilities, each checked as a card's ability of any kind."""
    _make_card(kw.file, None, {"kind": None, "keywords": (kw,)}, registry)


def _static_table(sel: Any) -> bool:
    """A static's target table: ``all`` the casts on the floor of a side (``other``, card
    properties; cp and call_in only as printed: what the static gives would depend on itself)."""
    return (getattr(sel, "all", False) and getattr(sel, "zone", "") == "floor" and sel.amount is None
            and all(t.printed or t.prop not in ("cp", "call_in") for t in sel.tests))


def _counts_now(amount) -> bool:
    """A "for each" amount (engine/amounts.py) whose count tests a cast's CP or call-in now."""
    return any(tst.prop in ("cp", "call_in") and not tst.printed for tst in amount.count.tests)


def _check_op(op, fail) -> None:
    """What an op's parameters allow together: a selector table says its filters itself; a
    ``move``'s ``shuffle`` / ``position = "bottom"`` are for the deck; a leader never leaves play;
    ``to = "floor"`` places cards that are not on a floor (a table naming another zone)."""
    check_target_filter(op, fail)

    def leader_floor_event(target, table: bool, to: str) -> None:
        if table and target.zone == "leader":
            fail("a leader never leaves play (use set_state to make it active or locked)", "target.zone")
        if to == "floor" and (not table or target.zone == "floor"):
            fail("to = \"floor\" places cards as casts from another zone: the target must be a table with a"
                 " zone such as \"hand\" or \"backyard\"", "to")
        if to == "event" and not table:
            fail("to = \"event\" puts an event card on the field from a zone: the target must be a table with a"
                 " zone such as \"hand\" or \"backyard\"", "to")
    check_move(op, fail, leader_floor_event)


load_cards = card_loader("kemuri", SCHEMA, _make_card, f"{__package__}.effects", check_keyword=_check_keyword)
