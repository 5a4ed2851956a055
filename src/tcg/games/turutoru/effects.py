"""Turu-turu's effect operations (for character/device abilities and applications)."""
from __future__ import annotations

from ...engine.effects import (OpRegistry, Param, damage_op, draw_op, mill_op, modify_op, op_heal, op_shuffle,
                               player_of)
from . import flow as F

PLAYERS = ("self", "opponent")
CHOOSE = ("choose_opponent_character", "choose_own_character", "choose_character")
ALL = ("all_opponent_characters", "all_own_characters", "all_characters")
UNIT_TARGETS = ("self", "attached", "same") + CHOOSE + ALL
FILTER = {"filter": Param(dict, default=None, doc="only characters with these attributes, e.g. {gender = \"female\"}")}


_player = player_of


def op_destroy(rules, s, ctx, op, targets):
    for u in targets:
        F.destroy(s, u)


def op_set_state(rules, s, ctx, op, targets):
    for u in targets:
        u.awake = op["state"] == "awake"
        s.emit("wake" if u.awake else "bed_in", {"card": u.iid})


def op_move(rules, s, ctx, op, targets):
    for u in targets:
        if op["to"] == "hand":
            F.to_hand(s, u)
        else:
            F.destroy(s, u, "moved")


def op_search(rules, s, ctx, op, targets):
    s.steps.append(("search", ctx.controller, tuple(sorted((op["filter"] or {}).items()))))


def op_hit(rules, s, ctx, op, targets):
    F.hit(s, _player(ctx, op["player"]), op["amount"], ctx.source)


def op_gain_hp(rules, s, ctx, op, targets):
    p = _player(ctx, op["player"])
    s.players[p].hp += op["amount"]  # TT-S3: no upper limit
    s.emit("hp", {"player": p, "change": op["amount"], "hp": s.players[p].hp, "source": ctx.source})


REGISTRY = OpRegistry("turutoru")
REGISTRY.implement("draw", draw_op(F.draw), player=PLAYERS)
REGISTRY.implement("damage", damage_op(F.check_destroyed), extra=FILTER, target=UNIT_TARGETS)
REGISTRY.implement("destroy", op_destroy, extra=FILTER, target=UNIT_TARGETS)
REGISTRY.implement("modify", modify_op({"power": "pow_mod", "toughness": "tough_mod"}, F.check_destroyed),
                   extra=FILTER, target=UNIT_TARGETS, stat=("power", "toughness"))
REGISTRY.implement("heal", op_heal, extra=FILTER, target=UNIT_TARGETS)
REGISTRY.implement("set_state", op_set_state, extra=FILTER, target=UNIT_TARGETS, state=("awake", "asleep"))
REGISTRY.implement("move", op_move, extra=FILTER, target=UNIT_TARGETS, to=("hand", "discard"),
                   position=("top",))
REGISTRY.implement("mill", mill_op(F.mill), player=PLAYERS)
REGISTRY.implement("shuffle", op_shuffle, player=PLAYERS)
REGISTRY.implement("search", op_search, player=("self",), to=("hand",), amount=(1,))
REGISTRY.define("hit", {"player": Param(str, default="opponent", choices=PLAYERS),
                        "amount": Param(int, required=True)}, op_hit)
REGISTRY.define("gain_hp", {"player": Param(str, default="self", choices=PLAYERS),
                            "amount": Param(int, required=True)}, op_gain_hp)
