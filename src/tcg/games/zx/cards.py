"""Z/X card definitions: schema and immutable ``Card``/``Ability``.

Deck cards are Z/X and events (some with the ignition icon). Dynamis cards (Z/X EX, the top half
of a Z/X OB, SHIFT, EV EX) sit in a second, owner-visible pile. A player card and the matching
Z/X OB bottom half sit outside both. See docs/cards.md."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.cards import (CardSchema, Field, LanguageAbility, NamedCard, abilities_and_keywords, card_fields,
                             card_loader, check_move, check_static_effects, check_target_filter, parsed_effects,
                             parsed_if, parsed_when)
from ...engine.amounts import has_amounts
from ...engine.choices import checked_ops
from ...engine.costs import ability_cost
from ...engine.effects import guarded
from ...engine.errors import CardDataError

COLORS = ("red", "blue", "white", "black", "green")
COLOR_JA = {"red": "赤", "blue": "青", "white": "白", "black": "黒", "green": "緑"}
KINDS = ("zx", "event", "zx_ex", "zx_ob", "shift", "ev_ex", "player", "ob_bottom")
DECK_KINDS = ("zx", "event")
DYNAMIS_KINDS = ("zx_ex", "zx_ob", "shift", "ev_ex")
UNIT_KINDS = ("zx", "zx_ex", "zx_ob")
COUNTERS = ("dream_key", "memory_piece", "melody")
TIMINGS = ("main", "battle", "any")
EX_CONDITIONS = ("descent", "awaken", "idealize")
ABILITY_KINDS = {"zx": ("on_place", "static", "activated", "trigger"),
                 "zx_ex": ("on_place", "static", "activated", "trigger"),
                 "zx_ob": ("on_place", "static", "activated", "trigger"), "shift": ("static", "on_place"),
                 "event": ("use", "trigger"), "ev_ex": ("use",), "player": (), "ob_bottom": ()}
#: every ability kind (a keyword's abilities are checked against these where it is declared, and
#: against its card's kind where a card lists it)
ALL_ABILITY_KINDS = tuple(dict.fromkeys(k for kinds in ABILITY_KINDS.values() for k in kinds))

_color = {"color": Field(str, required=True, choices=COLORS)}
_unit = {**_color, "power": Field(int, required=True, min=0, max=99_000), "race": Field(str, default="")}
_deck_marks = {
    "ignition": Field(bool, default=False, doc="the ignition icon"),
    "life_recovery": Field(bool, default=False, doc="marked ライフリカバリー (max 4 per deck)"),
    "void_bringer": Field(bool, default=False, doc="marked ヴォイドブリンガー (max 4 per deck)"),
}
SCHEMA = CardSchema(
    common=card_fields(KINDS, keywords=True),
    kinds={
        "zx": {**_unit, **_deck_marks, "cost": Field(int, required=True, min=0),
               "start_card": Field(bool, default=False, doc="may start on your player square")},
        "event": {**_color, **_deck_marks, "cost": Field(int, required=True, min=0),
                  "timing": Field(str, default="main", choices=TIMINGS),
                  "gate_card": Field(bool, default=False, doc="may start face up in your dynamis")},
        "zx_ex": {**_unit, "cost": Field(int, required=True, min=0),
                  "condition": Field(str, required=True, choices=EX_CONDITIONS),
                  "count": Field(int, default=1, min=1, doc="descent: Z/X to destroy; idealize: counters"),
                  "counter": Field(str, default=None, choices=COUNTERS, doc="idealize: counter kind"),
                  "awaken": Field(str, default=None, choices=("discard", "sleep_zx"),
                                  doc="awaken: discard N cards from hand, or put N of your Z/X to sleep")},
        "zx_ob": {**_unit, "player": Field(str, required=True, doc="id of the matching player card")},
        "shift": {**_color, "race": Field(str, default=""),
                  "shift_target": Field(str, default="zx_ob", choices=("zx_ob", "any") + COLORS,
                                        doc="剣臨器: zx_ob, any, or a colour"),
                  "min_face_up": Field(int, default=0, min=0, doc="剣臨条件: face-up dynamis cards needed")},
        "ev_ex": {**_color, "cost": Field(int, required=True, min=0),
                  "timing": Field(str, default="any", choices=TIMINGS),
                  "player": Field(str, default="", doc="ZX-X7: id of the only player card that may use it"
                                                      " (empty: any player)")},
        "player": {},
        "ob_bottom": {"player": Field(str, required=True)},
    },
)
ABILITY_FIELDS = {
    "kind": Field(str, required=True),
    "cost": Field(object, default=0, doc="activated: resources to pay, or a list of cost parts (games/zx/costs.py)"),
    "from": Field(str, default="board", choices=("board", "hand", "charge", "trash"),
                  doc="activated: the zone the card is used from"),
    "min_force": Field(int, default=0, min=0, doc="static: only while this Z/X has this much force"),
    "player_card": Field(str, default="", doc="works only while its controller's player card is this "
                                              "card (an id), face up on its square"),
    "face_up_race": Field(str, default="", doc="works only while its controller's dynamis has "
                                               "min_face_up_race face-up cards of this race"),
    "min_face_up_race": Field(int, default=1, min=1, doc="how many face-up dynamis cards of face_up_race"),
    "if": Field(dict, default=None, doc="a condition (engine/conditions.py): works only while it holds"),
    "when": Field(dict, default=None, doc="trigger: the event it waits for (games/zx/triggers.py)"),
    "once_per_turn": Field(bool, default=False, doc="trigger: at most once each turn (1ターンに1回)"),
    "each_turn": Field(int, default=0, min=1, doc="trigger: at most this many times each turn (1ターンにn回)"),
    "optional": Field(bool, default=False, doc="trigger: the controller is asked first (〜してもよい)"),
    "effects": Field(list, required=True),
    "text": Field(str, default=""),
    "text_en": Field(str, default=""),
}
STATIC_TARGETS = ("self", "all_own_zx", "all_opponent_zx")


def _static_table(sel: Any) -> bool:
    """A static's target table: ``all`` the Z/X on the board of a side (``other``, filters; not
    by power, which the static itself changes)."""
    return (getattr(sel, "all", False) and getattr(sel, "zone", "") == "board" and sel.amount is None
            and all(t.prop != "power" for t in sel.tests))
SEARCH_FILTERS = {"kind": str, "color": str, "cost": int, "power": int, "race": str, "name": str, "id": str,
                  "ignition": bool, "life_recovery": bool, "void_bringer": bool, "start_card": bool,
                  "gate_card": bool, "timing": str}
#: filter keys of ops acting on Z/X on the board: a Z/X with a SHIFT has both cards' (ZX-X6)
UNIT_FILTERS = {"name": str, "color": str, "race": str}


@dataclass(frozen=True, slots=True)
class Ability(LanguageAbility):
    cost: int
    min_force: int
    player_card: str = ""       # only while the controller's player card is this one
    face_up_race: str = ""      # only while the controller has min_face_up_race face-up dynamis
    min_face_up_race: int = 1   # cards of this race
    costs: Any = None           # activated: a cost list (games/zx/costs.py ``Cost``), or None
    zone: str = "board"         # activated: the zone its card is used from (``from``)
    each_turn: int = 0          # a trigger: at most this many times each turn (0: no limit)

    @property
    def conditional(self) -> bool:
        return bool(self.player_card or self.face_up_race or self.cond is not None)

    @property
    def per_turn(self) -> int:
        """How many times a trigger may trigger each turn (0: no limit)."""
        return 1 if self.once_per_turn else self.each_turn


@dataclass(frozen=True, slots=True)
class Card(NamedCard):
    color: str | None
    cost: int
    power: int
    race: str
    ignition: bool
    life_recovery: bool
    void_bringer: bool
    start_card: bool
    gate_card: bool
    timing: str
    condition: str | None
    count: int
    counter: str | None
    awaken: str | None
    player: str
    shift_target: str
    min_face_up: int
    abilities: tuple[Ability, ...]

    @property
    def is_unit(self) -> bool:
        return self.kind in UNIT_KINDS


def _make_card(fname: str, cid: str | None, f: dict, registry) -> Card | None:
    kind = f["kind"]  # None: a keyword's abilities checked where it is declared (_check_keyword)
    abilities = []
    for i, a, raw, fail, keyword in abilities_and_keywords(fname, cid, f, ABILITY_FIELDS):
        if a["kind"] not in (ABILITY_KINDS[kind] if kind is not None else ALL_ABILITY_KINDS):
            fail(f"a {kind} card cannot have an ability of kind {a['kind']!r}" if kind is not None else
                 f"{a['kind']!r} is not an ability kind (known: {', '.join(ALL_ABILITY_KINDS)})", "kind")
        for key, only in (("cost", "activated"), ("min_force", "static"), ("from", "activated")):
            if key in raw and a["kind"] != only:
                fail(f"has no effect on a {a['kind']!r} ability (only on {only})", key)
        for key in ("player_card", "face_up_race", "min_face_up_race"):
            if key in raw and a["kind"] == "use":
                fail("a condition is for on_place, static and activated abilities, not 'use'", key)
        if "min_face_up_race" in raw and not a["face_up_race"]:
            fail("needs face_up_race (the race to count)", "min_face_up_race")
        for key in ("when", "once_per_turn", "each_turn", "optional"):
            if key in raw and a["kind"] != "trigger":
                fail(f"has no effect on a {a['kind']!r} ability (only on trigger)", key)
        if a["once_per_turn"] and a["each_turn"]:
            fail("once_per_turn = true is each_turn = 1: give one of them", "each_turn")
        when = None
        if a["kind"] == "trigger":
            if a["when"] is None:
                fail("a trigger says when it triggers: when = {event = \"enters\", card = {self = true}}", "when")
            when = parsed_when(a, registry, fail)
            if kind is not None and kind not in UNIT_KINDS and when.where == "board":
                fail(f"a {kind} card is never on the board: its trigger says where it works, such as "
                     f"where = \"life\" (when = {{event = \"put\", card = {{self = true}}, to = \"charge\", "
                     f"where = \"life\"}})", "when.where")
        cost, costs = ability_cost(a["cost"], f.get("cost") or 0, registry.costs, fail)
        if a["if"] is not None and a["kind"] == "use":
            fail("an event's or EV EX's 'use' ability has no 'if' of its own: put 'if' on its ops", "if")
        cond = parsed_if(a, registry, fail)
        effects = parsed_effects(a, registry, fail, if_on_static=True)
        for op in checked_ops(effects, _check_move, fail):
            known = SEARCH_FILTERS if op.name == "search" else UNIT_FILTERS
            for k, v in _flat(op.get("filter")).items():
                if k not in known:
                    fail(f"filter has no key {k!r} (known: {', '.join(known)})", "effects")
                if not isinstance(v, SEARCH_FILTERS[k]) or (isinstance(v, bool) and SEARCH_FILTERS[k] is not bool):
                    fail(f"filter {k!r} = {v!r} has the wrong type", "effects")
                if k == "color" and v not in COLORS:
                    fail(f"filter color = {v!r} is not one of: {', '.join(COLORS)}", "effects")
        check_static_effects(a["kind"], effects, STATIC_TARGETS, fail, static_duration=False,
                             tables=_static_table)
        if a["kind"] == "static" and any(has_amounts(op.args) and _counts_power(op["amount"]) for op in effects):
            fail("a static ability's \"for each\" may not count by power (the power it gives would depend on"
                 " itself)", "effects")
        if keyword is not None and not a["text"] and not a["text_en"]:  # shown as the keyword's line
            a = {**a, "text": keyword.line("ja"), "text_en": keyword.line("en")}
        abilities.append(Ability.of(a, effects, i, cost=cost, min_force=a["min_force"],
                                    player_card=a["player_card"], face_up_race=a["face_up_race"],
                                    min_face_up_race=a["min_face_up_race"], cond=cond, run=guarded(effects, cond),
                                    when=when, once_per_turn=a["once_per_turn"], optional=a["optional"],
                                    costs=costs, zone=a["from"], each_turn=a["each_turn"],
                                    keyword=keyword.id if keyword is not None else ""))
    if kind is None or cid is None:
        return None
    keywords = tuple(f.get("keywords") or ())
    uses = sum(a.kind == "use" for a in abilities)
    if kind == "event" and uses != 1:
        raise CardDataError(fname, cid, "abilities", "an event needs exactly one 'use' ability")
    if kind == "ev_ex" and uses != 2:
        raise CardDataError(fname, cid, "abilities", "an EV EX has exactly two 'use' abilities (choose one)")
    if kind == "zx_ex":
        cond = f["condition"]
        if cond == "idealize" and f.get("counter") is None:
            raise CardDataError(fname, cid, "counter", "an idealize condition names its counter")
        if cond == "awaken" and f.get("awaken") is None:
            raise CardDataError(fname, cid, "awaken", "an awaken condition says what to do (discard or sleep_zx)")
    return Card(id=cid, kind=kind, name=f["name"], name_en=f["name_en"], text=f["text"], text_en=f["text_en"],
                color=f.get("color"), cost=f.get("cost") or 0, power=f.get("power") or 0, race=f.get("race") or "",
                ignition=bool(f.get("ignition")), life_recovery=_marked(f, keywords, "life_recovery"),
                void_bringer=_marked(f, keywords, "void_bringer"), start_card=bool(f.get("start_card")),
                gate_card=bool(f.get("gate_card")), timing=f.get("timing") or "main",
                condition=f.get("condition"), count=f.get("count") or 1, counter=f.get("counter"),
                awaken=f.get("awaken"), player=f.get("player") or "", shift_target=f.get("shift_target") or "zx_ob",
                min_face_up=f.get("min_face_up") or 0, abilities=tuple(abilities), keywords=keywords)


#: the old mark fields that keywords of the same id replace (engine/keywords.py): a card with
#: ``life_recovery = true`` has the keyword ``life_recovery`` when a loaded file declares it,
#: else the mark alone, as before keywords
MARKS = {"life_recovery": "life_recovery", "void_bringer": "void_bringer"}


def _marked(f: dict, keywords: tuple, mark: str) -> bool:
    """ZX-D3: a card counts as Life Recovery / Void Bringer by its keyword or its old mark."""
    return bool(f.get(mark)) or any(kw.id == MARKS[mark] for kw in keywords)


def _check_keyword(kw, registry) -> None:
    """A declared keyword's abilities, each checked as a card's ability of any kind."""
    _make_card(kw.file, None, {"kind": None, "keywords": (kw,)}, registry)


def _counts_power(amount) -> bool:
    """A "for each" amount whose count tests the power of the cards (engine/amounts.py)."""
    return any(t.prop == "power" for t in amount.count.tests)


def _flat(flt: Any) -> dict:
    """An op's old flat ``filter`` table ({} for none, or for a search's selector table, which
    its parser has checked)."""
    return flt if isinstance(flt, dict) else {}


def _check_move(op, fail) -> None:
    """What an op's parameters allow together: a selector table says its filters itself; a
    ``move``'s ``shuffle`` / ``position = "bottom"`` are for the deck, ``asleep`` for the resources,
    and ``to = "square"`` takes a table of your own cards from a zone other than the board."""
    check_target_filter(op, fail)

    def asleep_and_square(target, table: bool, to: str) -> None:
        if op["asleep"] and to != "resources":
            fail("asleep = true is for to = \"resources\"", "asleep")
        if to == "square" and (not table or target.zone == "board" or target.side != "own"):
            fail("to = \"square\" puts your own cards from a zone other than the board onto a square: the"
                 " target must be a table with side = \"own\" and a zone such as \"trash\" or \"hand\"", "to")
    check_move(op, fail, asleep_and_square)


def _check_players(cards: list[Card], where: dict[str, str]) -> None:
    ids = {c.id: c for c in cards}
    for c in cards:
        for ab in c.abilities:
            if ab.player_card and (ab.player_card not in ids or ids[ab.player_card].kind != "player"):
                raise CardDataError(where[c.id], c.id, f"abilities[{ab.index}].player_card",
                                    f"{ab.player_card!r} is not a player card of this set")
        if (c.kind in ("zx_ob", "ob_bottom") or (c.kind == "ev_ex" and c.player)) and \
                (c.player not in ids or ids[c.player].kind != "player"):
            raise CardDataError(where[c.id], c.id, "player", f"{c.player!r} is not a player card of this set")


load_cards = card_loader("zx", SCHEMA, _make_card, f"{__package__}.effects", check=_check_players,
                         check_keyword=_check_keyword, marks=MARKS)
