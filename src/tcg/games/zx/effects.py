"""Z/X effect operations."""
from __future__ import annotations

from dataclasses import replace

from ...engine.choices import define_choice_ops
from ...engine.costs import define_pay
from ...engine.effects import OpRegistry, Param, damage_op, draw_op, mill_op, move_params, op_shuffle, player_of, search_filter, shuffle_decks
from ...engine.select import old_or_table
from . import costs as ZC
from . import flow as F
from .cards import COUNTERS, SEARCH_FILTERS
from .conditions import CONDITIONS
from .select import DESTINATIONS, SELECTORS, Loose, any_table, unit_table
from .state import PickCardStep, Unit
from .triggers import TRIGGERS

PLAYERS = ("self", "opponent")
CHOOSE = ("choose_opponent_zx", "choose_own_zx")
ALL = ("all_opponent_zx", "all_own_zx")
UNIT_TARGETS = ("self", "same", "attacker", "battle_target") + CHOOSE + ALL


_player = player_of


def _sq(s, u) -> int:
    return s.board.index(u) if u in s.board else -1


def op_destroy(rules, s, ctx, op, targets):
    for u in targets:
        F.leave_board(s, _sq(s, u), "destroyed")


def op_modify(rules, s, ctx, op, targets):
    for u in targets:
        u.power_mod += op["amount"]
        s.emit("modify", {"card": u.iid, "amount": op["amount"]})
    F.check_destroyed(s)


def op_set_state(rules, s, ctx, op, targets):
    for u in targets:
        u.asleep = op["state"] == "asleep"
        s.emit("set_state", {"card": u.iid, "asleep": u.asleep})


def op_move(rules, s, ctx, op, targets):
    """Each target goes to its owner's ``to`` zone: a Z/X leaves the board (``leave_board``: a
    Z/X EX / OB still goes face up to the dynamis), a card in a pile moves (a ``move`` event);
    ``to = "square"``: each card is put onto a square of its owner's choice as a Z/X, unpaid
    (an ``effect_place`` step each, in order). ``shuffle``: the decks moved into are shuffled."""
    to, position, asleep = op["to"], op["position"], op["asleep"]
    if to == "square":
        for x in reversed(targets):
            s.steps.append(("effect_place", x.owner, x.iid, ctx.source))
        return
    if to == "force":
        return _to_force(s, ctx, targets)
    decks = []
    for x in targets:
        if isinstance(x, Unit):
            if to in ("hand", "trash"):  # (the events of the old string targets, unchanged)
                F.leave_board(s, _sq(s, x), "bounced", to)
            else:
                F.leave_board(s, _sq(s, x), "moved", to, position, asleep)
        elif isinstance(x, Loose):
            F.move_card(s, x.iid, x.owner, x.zone, to, position, asleep)
        if to == "deck" and x.owner not in decks:
            decks.append(x.owner)
    if op["shuffle"]:
        shuffle_decks(s, decks)


def _to_force(s, ctx, targets) -> bool:
    """``to = "force"`` (ZX-Z3, "Alter Force"-style): each card (not a Z/X on the board) goes face
    down under this very Z/X; nothing moves, and the op has not acted, when it is not on the
    board (or holds a card of the other player's: force is its owner's)."""
    sq = s.square_of(ctx.source)
    if sq < 0:
        return False
    holder = s.board[sq]
    moved = False
    for x in targets:
        if isinstance(x, Loose) and x.owner == holder.owner and x.zone != "force":
            F.move_card(s, x.iid, x.owner, x.zone, "force", holder=holder)
            moved = True
    return moved


def op_search(rules, s, ctx, op, targets):
    """Look through your deck for a card (the owner alone sees which, unless ``reveal``: 公開); the
    filter is the old flat table or a selector table (``SEARCH_FILTER``)."""
    s.steps.append(PickCardStep("pick_card", ctx.controller, "deck", search_filter(op["filter"]), "hand", op["reveal"]))


def op_discard(rules, s, ctx, op, targets):
    """You put a card of your choice from your hand into your trash (nothing, and it has not
    acted, when your hand is empty)."""
    if not s.players[ctx.controller].hand:
        return False
    s.steps.append(PickCardStep("pick_card", ctx.controller, "hand", (), "trash"))
    return None


def op_alter_force(rules, s, ctx, op, targets):
    """ZX-Z3: one card of your choice from your trash goes under this Z/X as force."""
    if s.square_of(ctx.source) >= 0 and s.players[ctx.controller].trash:
        s.steps.append(PickCardStep("pick_card", ctx.controller, "trash", (), ("force", ctx.source)))


def op_gain_counter(rules, s, ctx, op, targets):
    ps = s.players[ctx.controller]
    ps.counters[op["counter"]] = ps.counters.get(op["counter"], 0) + op["amount"]
    s.emit("counter", {"player": ctx.controller, "counter": op["counter"], "total": ps.counters[op["counter"]]})


def op_add_life(rules, s, ctx, op, targets):
    p = ctx.controller
    for _ in range(op["amount"]):
        iid = F.take_top(s, p)
        if iid is None:
            return
        s.players[p].life.append(iid)
        s.emit("add_life", {"player": p, "life": len(s.players[p].life)})


def op_win_if(rules, s, ctx, op, targets):
    """ZX-W2: a card's own win condition."""
    ps = s.players[ctx.controller]
    ok = len(ps.face_up) >= op["min_face_up_dynamis"] and \
        (op["counter"] is None or ps.counters.get(op["counter"], 0) >= op["min_counters"])
    if ok:
        s.emit("card_win", {"player": ctx.controller, "card": ctx.source})
        s.end(ctx.controller, "card")


def op_overboost(rules, s, ctx, op, targets):
    s.steps.append(("overboost", ctx.controller))


#: with the Z/X condition words: op tables may have ``if``, ``if_done`` and ``optional``
#: a count of a card's condition may be a selector table (games/zx/select.py; the conditions module
#: cannot import it: select imports flow, which evaluates conditions)
REGISTRY = OpRegistry("zx", replace(CONDITIONS, selectors=SELECTORS))
REGISTRY.implement("draw", draw_op(F.draw), player=PLAYERS)
#: a unit op's optional ``filter`` ({name, color, race}): only Z/X that have that name / colour /
#: race (with a SHIFT, its own or the SHIFT's: ZX-X6) are targets
UNIT_FILTER = {"filter": Param(dict, default=None, doc="only Z/X with this name / color / race")}
#: a unit op's ``target``: one of the names, or a selector table over the board (engine/select.py)
UNIT_TARGET = {"target": Param(str, required=True, doc="target selector", table=unit_table)}
#: Z/X power runs in thousands: damage and power changes go up to 99,000 (other amounts 0..99)
POWER_AMOUNT = 99_000
REGISTRY.implement("damage", damage_op(F.check_destroyed), {**UNIT_FILTER, **UNIT_TARGET, "amount": Param(int, required=True, max=POWER_AMOUNT)},
                   target=UNIT_TARGETS)
REGISTRY.implement("destroy", op_destroy, {**UNIT_FILTER, **UNIT_TARGET}, target=UNIT_TARGETS)
REGISTRY.implement("modify", op_modify, {**UNIT_FILTER, **UNIT_TARGET, "amount": Param(int, required=True, min=-POWER_AMOUNT,
                                                                        max=POWER_AMOUNT)},
                   target=UNIT_TARGETS, stat=("power",))
REGISTRY.implement("set_state", op_set_state, {**UNIT_FILTER, **UNIT_TARGET}, target=UNIT_TARGETS,
                   state=("asleep", "rebooted"))
REGISTRY.implement("move", op_move, {
    **UNIT_FILTER, **move_params(any_table, asleep=Param(bool, default=False, doc="to = resources: put them there asleep"))},
    target=UNIT_TARGETS, to=DESTINATIONS, position=("top", "bottom"))
REGISTRY.implement("mill", mill_op(F.mill), player=PLAYERS)
REGISTRY.implement("shuffle", op_shuffle, player=PLAYERS)
#: a search's ``filter``: the old flat table (games/zx/cards.py ``SEARCH_FILTERS``: each key equal
#: to the card's field) or a selector table of the deck's cards (``{cost = {max = 2}, kind = "zx"}``)
SEARCH_FILTER = Param(dict, default=None, doc="the cards it may take: {kind = \"zx\"} or card properties",
                      table=old_or_table(SELECTORS, "deck", tuple(SEARCH_FILTERS)))
REGISTRY.implement("search", op_search, {"reveal": Param(bool, default=False,
                                                          doc="公開: the card taken is shown to both players"),
                                         "filter": SEARCH_FILTER},
                   player=("self",), to=("hand",), amount=(1,))
REGISTRY.define("alter_force", {}, op_alter_force)
REGISTRY.define("discard", {}, op_discard)
REGISTRY.define("gain_counter", {"counter": Param(str, required=True, choices=COUNTERS),
                                 "amount": Param(int, default=1)}, op_gain_counter)
REGISTRY.define("add_life", {"amount": Param(int, default=1)}, op_add_life)
REGISTRY.define("win_if", {"min_face_up_dynamis": Param(int, default=0),
                           "counter": Param(str, default=None, choices=COUNTERS),
                           "min_counters": Param(int, default=0)}, op_win_if)
REGISTRY.define("overboost", {}, op_overboost)
#: where a card taken by a look may go (the deck is where it is)
LOOK_TO = tuple(d for d in DESTINATIONS if d not in ("deck", "force"))
#: choose_one and look (the Z/X side: ZXRules.look_*)
#: a look may also see all the cards of a hand (「相手の手札を見て…」) or of the life (「自分のライフを見て…」) (``zone``)
define_choice_ops(REGISTRY, LOOK_TO, zones=("hand", "life"))
REGISTRY.triggers = TRIGGERS  # what a trigger's ``when`` may name (games/zx/triggers.py)
#: how each cost part is paid (games/zx/costs.py), and the parser of a cost list
COST_HANDLERS = {"resources": ZC.pay_resources, "move": ZC.pay_move(op_move), "sleep": ZC.pay_sleep(op_set_state),
                 "remove_counter": ZC.pay_counter}
parse_cost = ZC.parser(COST_HANDLERS)
define_pay(REGISTRY, parse_cost, ZC.op_pay)  # an ability's cost as a list of parts
REGISTRY.selectors = SELECTORS  # what a "for each" amount may count (engine/amounts.py)
