"""Kemuri's effect operations (triggers, supports, troubles, charms, cast abilities)."""
from __future__ import annotations

from ...engine.choices import define_choice_ops
from ...engine.costs import define_pay
from ...engine.effects import OpRegistry, Param, draw_op, mill_op, modify_op, move_params, op_shuffle, player_of, search_filter, shuffle_decks
from ...engine.select import old_or_table
from . import costs as KC
from . import flow as F
from .cards import FILTER_FIELDS
from .conditions import CONDITIONS
from .select import DESTINATIONS, SELECTORS, any_table, cast_table, leader_table
from .state import CallInStep, Cast, PayStep, PickCardStep
from .triggers import TRIGGERS

PLAYERS = ("self", "opponent")
CHOOSE = ("choose_own_cast", "choose_opponent_cast")
ALL = ("all_own_casts", "all_opponent_casts", "all_casts")
#: the casts of the serving under way, seen from the ability's controller ("you"): "own_" picks
#: the cast only if it is yours, "opponent_" only if it is the other player's (a trigger called
#: in by a refresh may resolve for either player in the middle of a serving). The plain
#: ``serving_cast`` / ``receiving_cast`` pick it whoever's it is (texts that say neither
#: 自分の nor 相手の).
SERVING = {"serving_cast": (0, None), "receiving_cast": (1, None),
           "own_serving_cast": (0, True), "opponent_serving_cast": (0, False),
           "own_receiving_cast": (1, True), "opponent_receiving_cast": (1, False)}
UNIT_TARGETS = ("self", "same") + tuple(SERVING) + CHOOSE + ALL
LEADERS = ("own_leader", "opponent_leader")
FILTER = {"filter": Param(dict, default=None, doc="only casts with these fields, e.g. {shift = \"early\"}")}
#: a cast op's ``target``: one of the names, or a selector table over the floor (engine/select.py)
CAST_TARGET = {"target": Param(str, required=True, doc="target selector", table=cast_table)}


_player = player_of


def op_call_in(rules, s, ctx, op, targets):
    s.steps.append(CallInStep("call_in", _player(ctx, op["player"]), op["amount"], "effect"))


def op_destroy(rules, s, ctx, op, targets):
    for c in targets:
        F.cast_leaves(s, c, "backyard", why="destroyed")


def op_move(rules, s, ctx, op, targets):
    """Each target goes to its owner's ``to`` zone: a cast leaves the floor (every card of a
    cross: ``cast_leaves``), a card of a pile, the event on the field moves (a ``move`` event);
    the deck's top or bottom (``position``), then shuffled with ``shuffle``. ``to = "floor"``:
    each card is placed as a cast, unpaid (an ``effect_place`` step each, in order). A deck a card
    was taken from is refreshed once it is empty (KM-R1)."""
    to, position = op["to"], op["position"]
    if to == "floor":
        casts = [x for x in targets if s.cards[x.iid].kind == "cast"]
        if not casts or all(F.floor_count(s, x.owner) >= rules.max_floor for x in casts):
            return False  # nothing can be placed: it has not acted (for an "if you do" after it)
        for x in reversed(targets):
            s.steps.append(("effect_place", x.owner, x.iid, ctx.source))
        return None
    if to == "event":  # KM-K4: one event on the field; a new one sends the old one away
        events = [x for x in targets if s.cards[x.iid].kind == "event" and not isinstance(x, Cast)]
        for x in events:
            owner = x.owner
            getattr(s.players[owner], x.zone).remove(x.iid)
            rules.remove_event(s)
            s.event = x.iid
            s.emit("event", {"player": owner, "card": x.iid, "id": s.cards[x.iid].id, "why": "effect",
                             "from": x.zone})
            if x.zone == "deck":
                F.check_refresh(s, owner)
        return None if events else False
    decks: list[int] = []
    emptied: list[int] = []
    for x in targets:
        if isinstance(x, Cast):
            owner = s.owner[x.iid]
            F.cast_leaves(s, x, to, position=position)
        else:
            owner = x.owner
            F.move_card(s, x.iid, owner, x.zone, to, position)
            if x.zone == "deck" and owner not in emptied:
                emptied.append(owner)
        if to == "deck" and owner not in decks:
            decks.append(owner)
    if op["shuffle"]:
        shuffle_decks(s, decks)
    for p in emptied:
        F.check_refresh(s, p)


def op_search(rules, s, ctx, op, targets):
    """Look through your deck for a card the filter lets through (``search_param``)."""
    s.steps.append(PickCardStep("pick_card", ctx.controller, "deck", search_filter(op["filter"])))


def op_salvage(rules, s, ctx, op, targets):
    """Take a card the filter lets through from your backyard (``search_param``)."""
    s.steps.append(PickCardStep("pick_card", ctx.controller, "backyard", search_filter(op["filter"])))


def search_param(zone: str) -> dict[str, Param]:
    """A search's (``deck``) or a salvage's (``backyard``) ``filter``: the old flat table
    (cards.py ``FILTER_FIELDS``: each key equal to the card's field) or a selector table of that
    zone's cards (``{kind = "cast", cp = {min = 3, printed = true}}``)."""
    return {"filter": Param(dict, default=None, doc="the cards it may take: {shift = \"early\"} or card properties",
                            table=old_or_table(SELECTORS, zone, tuple(FILTER_FIELDS)))}


def op_set_state(rules, s, ctx, op, targets):
    """Each target leader (``own_leader``, ``opponent_leader`` or a table over the ``leader``
    zone) becomes active or locked."""
    for x in targets:
        p = x.owner
        s.players[p].leader_active = op["state"] == "active"
        s.emit("leader", {"player": p, "active": s.players[p].leader_active})


def op_lose_seats(rules, s, ctx, op, targets):
    p = _player(ctx, op["player"])
    if not s.players[p].seating:
        return False  # nothing to lose: it has not acted (for an "if you do" after it)
    s.steps.append(PayStep("pay", p, op["amount"], "lose_seats"))
    return None


def op_remove_event(rules, s, ctx, op, targets):
    if s.event < 0:
        return False
    rules.remove_event(s)
    return None


#: with the Kemuri condition words: op tables may have ``if``, ``if_done`` and ``optional``
REGISTRY = OpRegistry("kemuri", CONDITIONS)
REGISTRY.implement("draw", draw_op(F.draw), player=PLAYERS)
REGISTRY.implement("modify", modify_op({"cp": "cp_mod", "call_in": "call_mod"}), extra={**FILTER, **CAST_TARGET},
                   target=UNIT_TARGETS, stat=("cp", "call_in"))
REGISTRY.implement("destroy", op_destroy, {**FILTER, **CAST_TARGET}, target=UNIT_TARGETS)
REGISTRY.implement("move", op_move, {**FILTER, **move_params(any_table)}, target=UNIT_TARGETS, to=DESTINATIONS,
                   position=("top", "bottom"))
REGISTRY.implement("mill", mill_op(F.mill), player=PLAYERS)
REGISTRY.implement("shuffle", op_shuffle, player=PLAYERS)
REGISTRY.implement("search", op_search, search_param("deck"), player=("self",), to=("hand",), amount=(1,))
REGISTRY.implement("set_state", op_set_state, {"target": Param(str, required=True, table=leader_table)},
                   target=LEADERS, state=("active", "locked"))
REGISTRY.define("call_in", {"player": Param(str, default="self", choices=PLAYERS),
                            "amount": Param(int, default=1)}, op_call_in)
REGISTRY.define("salvage", search_param("backyard"), op_salvage)
REGISTRY.define("lose_seats", {"player": Param(str, default="opponent", choices=PLAYERS),
                               "amount": Param(int, required=True)}, op_lose_seats)
REGISTRY.define("remove_event", {}, op_remove_event)
REGISTRY.triggers = TRIGGERS  # what a trigger's ``when`` may name (games/kemuri/triggers.py)
#: how each cost part is paid (games/kemuri/costs.py), and the parser of a cost list
COST_HANDLERS = {"resources": KC.pay_seats, "move": KC.pay_move(op_move), "sleep": KC.pay_break}
parse_cost = KC.parser(COST_HANDLERS)
define_pay(REGISTRY, parse_cost, KC.op_pay)  # an activate ability's cost as a list of parts
#: where a card taken by a look may go (the deck is where it is)
LOOK_TO = ("hand", "seating", "backyard")
#: choose_one and look (the Kemuri side: KemuriRules.look_*): the rest of a look to the deck's
#: bottom or top in the looker's order, or into the backyard
#: a look may also see all the cards of a hand (「相手の手札を見て…」) (``zone``)
define_choice_ops(REGISTRY, LOOK_TO, trash="backyard", zones=("hand",))
REGISTRY.selectors = SELECTORS  # what a "for each" amount may count (engine/amounts.py)
