"""Turu-turu's effect operations (for character/device abilities and applications)."""
from __future__ import annotations

from ...engine.choices import define_choice_ops
from ...engine.costs import define_pay
from ...engine.effects import (OpRegistry, Param, damage_op, draw_op, mill_op, modify_op, move_params, op_heal, op_shuffle,
                               player_of, search_filter, shuffle_decks)
from ...engine.select import old_or_table
from . import costs as TC
from . import flow as F
from .cards import SEARCH_FILTERS
from .conditions import CONDITIONS
from .select import DESTINATIONS, SELECTORS, Loose, any_table, unit_table
from .state import Unit
from .triggers import TRIGGERS

PLAYERS = ("self", "opponent")
CHOOSE = ("choose_opponent_character", "choose_own_character", "choose_character")
ALL = ("all_opponent_characters", "all_own_characters", "all_characters")
UNIT_TARGETS = ("self", "attached", "same") + CHOOSE + ALL
FILTER = {"filter": Param(dict, default=None, doc="only characters with these attributes, e.g. {gender = \"female\"}")}
#: a unit op's ``target``: one of the names, or a selector table over the field (engine/select.py)
UNIT_TARGET = {"target": Param(str, required=True, doc="target selector", table=unit_table)}
#: a unit op's extra parameters: the old ``filter`` and a ``target`` that may be a table
UNIT = {**FILTER, **UNIT_TARGET}


_player = player_of


def op_destroy(rules, s, ctx, op, targets):
    for u in targets:
        F.destroy(s, u)


def op_set_state(rules, s, ctx, op, targets):
    for u in targets:
        u.awake = op["state"] == "awake"
        s.emit("wake" if u.awake else "bed_in", {"card": u.iid})


def op_move(rules, s, ctx, op, targets):
    """Each target goes to its owner's ``to`` zone. A character on the field: to the hand (a
    ``returned`` event) or the discard pile (a ``destroyed`` event, why ``moved``), as the old
    target names always did, or onto the deck (a ``move`` event); its devices go to the discard
    pile (TT-K2). A card elsewhere (a device in play, a card in a pile): ``flow.move_card``.
    ``shuffle``: then the decks moved into are shuffled. Acted: some card moved."""
    to, position = op["to"], op["position"]
    moved = False
    decks: list[int] = []
    for x in targets:
        if isinstance(x, Unit):
            if to == "hand":
                F.to_hand(s, x)
            elif to == "discard":
                F.destroy(s, x, "moved")
            elif to == "deck":
                F.field_to_deck(s, x, position)
            else:  # already on the field
                continue
            moved = True
            owner = s.owner[x.iid]
        elif isinstance(x, Loose):
            if not F.move_card(s, x.iid, x.owner, x.zone, to, position):
                continue
            moved, owner = True, x.owner
        else:
            continue
        if to == "deck" and owner not in decks:
            decks.append(owner)
    if op["shuffle"]:
        shuffle_decks(s, decks)
    return None if moved else False


def op_search(rules, s, ctx, op, targets):
    """Look through your deck for a card the filter lets through (``SEARCH_FILTER``)."""
    s.steps.append(("search", ctx.controller, search_filter(op["filter"])))


def op_hit(rules, s, ctx, op, targets):
    F.hit(s, _player(ctx, op["player"]), op["amount"], ctx.source)


def op_gain_hp(rules, s, ctx, op, targets):
    p = _player(ctx, op["player"])
    s.players[p].hp += op["amount"]  # TT-S3: no upper limit
    s.emit("hp", {"player": p, "change": op["amount"], "hp": s.players[p].hp, "source": ctx.source})


#: with the Turu-turu condition words: op tables may have ``if``, ``if_done`` and ``optional``
REGISTRY = OpRegistry("turutoru", CONDITIONS)
REGISTRY.implement("draw", draw_op(F.draw), player=PLAYERS)
REGISTRY.implement("damage", damage_op(F.check_destroyed), extra=UNIT, target=UNIT_TARGETS)
REGISTRY.implement("destroy", op_destroy, extra=UNIT, target=UNIT_TARGETS)
REGISTRY.implement("modify", modify_op({"power": "pow_mod", "toughness": "tough_mod"}, F.check_destroyed),
                   extra=UNIT, target=UNIT_TARGETS, stat=("power", "toughness"))
REGISTRY.implement("heal", op_heal, extra=UNIT, target=UNIT_TARGETS)
REGISTRY.implement("set_state", op_set_state, extra=UNIT, target=UNIT_TARGETS, state=("awake", "asleep"))
REGISTRY.implement("move", op_move, {**FILTER, **move_params(any_table)}, target=UNIT_TARGETS, to=DESTINATIONS,
                   position=("top", "bottom"))
REGISTRY.implement("mill", mill_op(F.mill), player=PLAYERS)
REGISTRY.implement("shuffle", op_shuffle, player=PLAYERS)
#: a search's ``filter``: the old flat table (games/turutoru/cards.py ``SEARCH_FILTERS``: kind,
#: gender, work) or a selector table of the deck's cards (``{kind = "character", power = {min = 3}}``)
SEARCH_FILTER = Param(dict, default=None, doc="the cards it may take: {gender = \"female\"} or card properties",
                      table=old_or_table(SELECTORS, "deck", SEARCH_FILTERS))
REGISTRY.implement("search", op_search, {"filter": SEARCH_FILTER}, player=("self",), to=("hand",), amount=(1,))
REGISTRY.define("hit", {"player": Param(str, default="opponent", choices=PLAYERS),
                        "amount": Param(int, required=True)}, op_hit)
REGISTRY.define("gain_hp", {"player": Param(str, default="self", choices=PLAYERS),
                            "amount": Param(int, required=True)}, op_gain_hp)
REGISTRY.triggers = TRIGGERS  # what a trigger's ``when`` may name (games/turutoru/triggers.py)
define_pay(REGISTRY, TC.parser({"move": TC.pay_move(op_move), "sleep": TC.pay_bed_in(op_set_state)}), TC.op_pay,
           "games/turutoru/costs.py")
#: where a card taken by a look may go (the deck is where it is; the field: a character, as move puts it)
LOOK_TO = tuple(z for z in DESTINATIONS if z != "deck")
#: choose_one and look (the Turu-turu side: TuruturuRules.look_*): the rest of a look to the
#: deck's top or bottom, or into the discard pile
#: a look may also see all the cards of a hand (「相手の手札を見て…」) (``zone``)
define_choice_ops(REGISTRY, LOOK_TO, trash="discard", zones=("hand",))
REGISTRY.selectors = SELECTORS  # what a "for each" amount may count (engine/amounts.py)
