"""Shironeko's effect operations: the generic ones it implements and its own.

A handler is ``handler(rules, state, ctx, op, targets)``; ``targets`` is the list of Units (or,
for ``this_card``, card iids) the op's ``target`` selector picked. Handlers that need more rule
flow (player damage, a search choice) push steps; the effect runner resumes after them."""
from __future__ import annotations

from ...engine.choices import define_choice_ops
from ...engine.costs import define_pay
from ...engine.effects import OpRegistry, Param, damage_op, draw_op, mill_op, move_params, op_heal, player_of, search_filter, shuffle_decks
from ...engine.select import old_or_table
from . import costs as SC
from . import flow as F
from .cards import SEARCH_FILTERS
from .conditions import CONDITIONS
from .select import DESTINATIONS, SELECTORS, Loose, any_table, state_table, unit_table
from .state import PlayerDamageStep, SearchStep
from .triggers import TRIGGERS

PLAYERS = ("self", "opponent")
CHOOSE = ("choose_opponent_character", "choose_own_character", "choose_own_other_character",
          "choose_character")
ALL = ("all_opponent_characters", "all_own_characters", "all_own_other_characters", "all_characters")
UNIT_TARGETS = ("self", "attacker", "same") + CHOOSE + ALL
CARD_TARGETS = ("this_card",)
MARKERS = ("shock", "poison")


_player = player_of


def op_destroy(rules, s, ctx, op, targets):
    for u in targets:
        F.leave_field(s, u, "discard", "destroyed")


def op_modify(rules, s, ctx, op, targets):
    stat, amount = op["stat"], op["amount"]
    for u in targets:
        if stat == "attack":
            u.atk_mod += amount
        else:
            u.hp_mod += amount
        s.emit("modify", {"card": u.iid, "stat": stat, "amount": amount, "until": "end_of_turn"})
    F.check_retreats(s)


def op_add_marker(rules, s, ctx, op, targets):
    for u in targets:
        setattr(u, op["marker"], True)
        s.emit("marker", {"card": u.iid, "marker": op["marker"], "on": True})


def op_remove_marker(rules, s, ctx, op, targets):
    names = MARKERS if op["marker"] == "all" else (op["marker"],)
    for u in targets:
        for m in names:
            if getattr(u, m):
                setattr(u, m, False)
                s.emit("marker", {"card": u.iid, "marker": m, "on": False})


def op_set_state(rules, s, ctx, op, targets):
    on = op["state"] == "on"
    for u in targets:
        if isinstance(u, Loose):  # a soul in the town area (a selector table over zone "town")
            off = s.players[u.owner].souls_off
            if on:
                off.discard(u.iid)
            else:
                off.add(u.iid)
            s.emit("set_state", {"card": u.iid, "on": on})
            continue
        u.on = on
        s.emit("set_state", {"card": u.iid, "on": u.on})


def op_move(rules, s, ctx, op, targets):
    """Each target goes to its owner's zone ``to``: a character or leader leaves the field
    (``leave_field``: the cards under it to the discard pile), the ability's own card
    (``this_card``) leaves the damage area or its use, a card in a pile moves (a ``move`` event
    with its ``from``); ``to = "characters"``: each card enters the field as a character, unpaid
    (``enter_by_effect``). ``shuffle``: the decks moved into are shuffled."""
    to, position = op["to"], op["position"]
    if to == "characters":
        for x in targets:
            rules.enter_by_effect(s, x)
        return
    decks: list[int] = []
    for t in targets:
        if isinstance(t, int):  # this_card: a card in the damage area / being used
            F.move_card(s, t, to, position)
            owner = s.owner[t]
        elif isinstance(t, Loose):
            F.move_pile_card(s, t.iid, t.owner, t.zone, to, position)
            owner = t.owner
        else:
            F.leave_field(s, t, to, "moved", position)
            owner = s.owner[t.iid]
        if to == "deck" and owner not in decks:
            decks.append(owner)
    if op["shuffle"]:
        shuffle_decks(s, decks, zone="deck")


def op_search(rules, s, ctx, op, targets):
    """Look through the deck for a card the filter lets through (``SEARCH_FILTER``)."""
    s.steps.append(SearchStep("search", _player(ctx, op["player"]), search_filter(op["filter"]), op["to"],
                              op["amount"], bool(op["reveal"])))


def op_shuffle(rules, s, ctx, op, targets):
    shuffle_decks(s, (_player(ctx, op["player"]),), zone="deck")


def op_player_damage(rules, s, ctx, op, targets):
    s.steps.append(PlayerDamageStep("player_damage", _player(ctx, op["player"]), op["amount"], -1))


def op_build(rules, s, ctx, op, targets):
    for _ in range(op["amount"]):
        F.build(s, ctx.controller)


def op_recycle(rules, s, ctx, op, targets):
    p = s.players[ctx.controller]
    moved = []
    for _ in range(min(op["amount"], len(p.discard))):
        iid = p.discard.pop()
        p.deck.insert(0, iid)
        moved.append(iid)
    if moved:
        s.emit("recycle", {"player": ctx.controller, "cards": moved})


def op_ready_souls(rules, s, ctx, op, targets):
    p = s.players[ctx.controller]
    n = op["amount"]
    for iid in p.town:
        if n <= 0:
            break
        if iid in p.souls_off:
            p.souls_off.discard(iid)
            n -= 1
    s.emit("ready_souls", {"player": ctx.controller, "amount": op["amount"] - max(n, 0)})


#: with the Shironeko condition words: op tables may have ``if``, ``if_done`` and ``optional``
REGISTRY = OpRegistry("shironeko", CONDITIONS)
#: a character op's ``target``: one of the names, or a selector table over the character area
#: (engine/select.py, games/shironeko/select.py)
UNIT_TARGET = {"target": Param(str, required=True, doc="target selector", table=unit_table)}
REGISTRY.implement("draw", draw_op(F.draw), player=PLAYERS)
REGISTRY.implement("damage", damage_op(F.check_retreats), UNIT_TARGET, target=UNIT_TARGETS)
REGISTRY.implement("destroy", op_destroy, UNIT_TARGET, target=UNIT_TARGETS)
REGISTRY.implement("modify", op_modify, UNIT_TARGET, target=UNIT_TARGETS, stat=("attack", "hp"))
REGISTRY.implement("add_marker", op_add_marker, UNIT_TARGET, target=UNIT_TARGETS, marker=MARKERS)
REGISTRY.implement("remove_marker", op_remove_marker, UNIT_TARGET, target=UNIT_TARGETS,
                   marker=MARKERS + ("all",))
REGISTRY.implement("heal", op_heal, UNIT_TARGET, target=UNIT_TARGETS)
REGISTRY.implement("set_state", op_set_state, {
    "target": Param(str, required=True, doc="target selector", table=state_table)},
    target=UNIT_TARGETS, state=("on", "off"))
REGISTRY.implement("move", op_move, move_params(any_table), target=UNIT_TARGETS + CARD_TARGETS, to=DESTINATIONS)
REGISTRY.implement("mill", mill_op(F.mill), player=PLAYERS)
#: a search's ``filter``: the old flat table (games/shironeko/cards.py ``SEARCH_FILTERS``: name
#: contains, max_level...) or a selector table of the deck's cards (``{kind = "character", cost = {max = 2}}``)
SEARCH_FILTER = Param(dict, default=None, doc="the cards it may take: {kind = \"character\"} or card properties",
                      table=old_or_table(SELECTORS, "deck", tuple(SEARCH_FILTERS)))
REGISTRY.implement("search", op_search, {"reveal": Param(bool, default=False, doc=(
    "the text says to reveal (公開) the card taken: its identity is public; otherwise only its "
    "owner learns it")), "filter": SEARCH_FILTER}, player=("self",), to=("hand",), amount=(1,))
REGISTRY.implement("shuffle", op_shuffle, player=PLAYERS)
REGISTRY.define("player_damage", {"player": Param(str, default="opponent", choices=PLAYERS),
                                  "amount": Param(int, required=True)}, op_player_damage)
REGISTRY.define("build", {"amount": Param(int, default=1)}, op_build)
REGISTRY.define("recycle", {"amount": Param(int, default=1)}, op_recycle)
REGISTRY.define("ready_souls", {"amount": Param(int, default=1)}, op_ready_souls)
REGISTRY.triggers = TRIGGERS  # what a trigger's ``when`` may name (games/shironeko/triggers.py)
#: how each cost part is paid (games/shironeko/costs.py), and the parser of a cost list
COST_HANDLERS = {"resources": SC.pay_souls, "move": SC.pay_move(op_move), "sleep": SC.pay_off(op_set_state)}
parse_cost = SC.parser(COST_HANDLERS)
define_pay(REGISTRY, parse_cost, SC.op_pay)  # an activated ability's cost as a list of parts
#: where a card taken by a look may go (the deck is where it is)
LOOK_TO = tuple(d for d in DESTINATIONS if d != "deck")
#: choose_one (「次のうち1つを選ぶ」) and look (「山札の上からN枚見て…」; the Shironeko side:
#: ShironekoRules.look_*): the rest of a look to the bottom or top of the deck or into the discard pile
#: a look may also see all the cards of a hand (「相手の手札を見て…」) (``zone``)
define_choice_ops(REGISTRY, LOOK_TO, trash="discard", zones=("hand",))
REGISTRY.selectors = SELECTORS  # what a "for each" amount may count (engine/amounts.py)
