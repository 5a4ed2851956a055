"""Kemuri's effect operations (triggers, supports, troubles, charms, cast abilities)."""
from __future__ import annotations

from ...engine.effects import OpRegistry, Param, draw_op, mill_op, modify_op, op_shuffle, player_of
from . import flow as F
from .state import CallInStep, PayStep, PickCardStep

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


_player = player_of


def op_call_in(rules, s, ctx, op, targets):
    s.steps.append(CallInStep("call_in", _player(ctx, op["player"]), op["amount"], "effect"))


def op_destroy(rules, s, ctx, op, targets):
    for c in targets:
        F.cast_leaves(s, c, "backyard")


def op_move(rules, s, ctx, op, targets):
    for c in targets:
        F.cast_leaves(s, c, op["to"])


def op_search(rules, s, ctx, op, targets):
    s.steps.append(PickCardStep("pick_card", ctx.controller, "deck", tuple(sorted((op["filter"] or {}).items()))))


def op_salvage(rules, s, ctx, op, targets):
    s.steps.append(PickCardStep("pick_card", ctx.controller, "backyard", tuple(sorted((op["filter"] or {}).items()))))


def op_set_state(rules, s, ctx, op, targets):
    p = ctx.controller if op["target"] == "own_leader" else 1 - ctx.controller
    s.players[p].leader_active = op["state"] == "active"
    s.emit("leader", {"player": p, "active": s.players[p].leader_active})


def op_lose_seats(rules, s, ctx, op, targets):
    s.steps.append(PayStep("pay", _player(ctx, op["player"]), op["amount"], "lose_seats"))


def op_remove_event(rules, s, ctx, op, targets):
    rules.remove_event(s)


REGISTRY = OpRegistry("kemuri")
REGISTRY.implement("draw", draw_op(F.draw), player=PLAYERS)
REGISTRY.implement("modify", modify_op({"cp": "cp_mod", "call_in": "call_mod"}), extra=FILTER, target=UNIT_TARGETS,
                   stat=("cp", "call_in"))
REGISTRY.implement("destroy", op_destroy, target=UNIT_TARGETS)
REGISTRY.implement("move", op_move, target=UNIT_TARGETS, to=("hand", "backyard"), position=("top",))
REGISTRY.implement("mill", mill_op(F.mill), player=PLAYERS)
REGISTRY.implement("shuffle", op_shuffle, player=PLAYERS)
REGISTRY.implement("search", op_search, player=("self",), to=("hand",), amount=(1,))
REGISTRY.implement("set_state", op_set_state, target=LEADERS, state=("active", "locked"))
REGISTRY.define("call_in", {"player": Param(str, default="self", choices=PLAYERS),
                            "amount": Param(int, default=1)}, op_call_in)
REGISTRY.define("salvage", {"filter": Param(dict, default=None)}, op_salvage)
REGISTRY.define("lose_seats", {"player": Param(str, default="opponent", choices=PLAYERS),
                               "amount": Param(int, required=True)}, op_lose_seats)
REGISTRY.define("remove_event", {}, op_remove_event)
