"""Kemuri Chuudoku as tensors: the observation schema and the fixed action table used by
``tcg.rl`` (PettingZoo ``tcg_kemuri_v4``, Gymnasium, OpenSpiel). Built only from
``game.observe(player)``; see docs/research.md for the generated layout and id ranges.

Observation (seat-relative, ``me`` then ``opp``): turn, active/first player, phase, the seats
needed to close, the event in play, the serving in progress (server, receiver, help cards), the
pending decision (kind, candidates, amounts, picked cards...), the result, and per player: seats,
deck count, hand (own only; 24 slots), backyard (60), seating (40), the floor (casts with their
current CP / call-in, served flag and the casts crossed below them), cards resolving, the
leader (person, active, charm used and timing), refreshes and the once-per-turn flags.

Action table rows: cards are named by the slot where the viewer sees them (``me.hand[i]``,
``me.floor[i]``, ``me.floor_cross[i*2+j]`` for the j-th cast crossed below floor slot i...);
``cross`` by the ordered tuple of 2 or 3 such floor slots (the first is the top); a pick from the
deck names cards the observation does not show (``offered`` slots, in instance order).
"""
from __future__ import annotations

import tcg

from ...engine.choices import CHOICE_DECISIONS, CHOICE_OPS
from ...engine.effects import TARGET_OPS
from ...rl.actions import Loc, Seq, Vals
from ...rl.schema import (Bool, Card, Const, Enum, List, Num, Obj, Opt, Ref, Result, Seat, Seats)
from .view import printed_card as printed  # noqa: F401 - the card-set rows

PHASES = ["setup", "draw", "charcoal", "operation", "serving", "end"]
KINDS = ["mulligan", "operation", "trouble", "serve", "charcoal", "help", "charcoal_in", "pay",
         "pick_card", "target", "close", "target_hidden", "optional",
         # choices (engine/choices.py): choose one —, looking at the top of a deck
         *CHOICE_DECISIONS]
OPS = [*TARGET_OPS,
       # the ops an ``optional`` decision may ask about (the others are the target decision's)
       "draw", "call_in", "mill", "shuffle", "search", "salvage", "lose_seats", "remove_event",
       # an optional triggered ability (kind = "trigger" with a when): asked as a whole
       "trigger",
       # a cost paid with chosen cards (games/kemuri/costs.py), and "you may pay"
       "pay",
       # the choices' ops a "you may" asks about (engine/choices.py)
       *CHOICE_OPS]
#: where a ``move`` puts the cards a target decision chooses (games/kemuri/select.py)
DESTINATIONS = ["hand", "deck", "backyard", "seating", "floor", "event",
                # where a look puts back the cards it did not take (look_order)
                "top", "bottom"]
WHY = ["activate", "cast", "lose_seats", "remove_event", "event", "support", "help", "charm"]
ZONES = ["backyard", "deck", "hand", "seating", "floor"]
CARD_KINDS = ["cast", "support", "event", "trouble", "leader"]
TIMINGS = ["help", "operation", "serving", "charcoal", "any"]

HAND, PILE, SEATING, FLOOR, CROSS, RESOLVING, HELP, CAND = 24, 60, 40, 3, 2, 8, 8, 24


def observation():
    persons = sorted({c.person for c in tcg.card_set("kemuri") if getattr(c, "person", None)})
    pile = Card(printed=False)
    cast = Card({"cp_now": Num(-20, 99), "call_in_now": Num(-20, 99), "served": Bool(),
                 "cross": List(Card(), CROSS, zone="floor_cross")})
    leader = Card({"person": Enum(persons), "active": Bool(), "charm_used": Bool(),
                   "charm_timing": Enum(TIMINGS)}, zone="leader")
    player = Obj({
        "player": Seat(), "seats": Num(0, 200), "deck": Num(0, 200), "hand_count": Num(0, 200),
        "hand": Opt(List(Card(), HAND, zone="hand")),
        "backyard": List(pile, PILE, zone="backyard"),
        "seating": List(Card(), SEATING, zone="seating"),
        "floor": List(cast, FLOOR, zone="floor"),
        "resolving": List(Card(), RESOLVING, zone="resolving"),
        "leader": Opt(leader), "refreshes": Num(0, 999, scale=10), "mulliganed": Bool(),
        "event_used": Bool(), "support_used": Bool(),
        "mulligan_pick": Opt(List(Ref(), HAND)),
    })
    decision = Obj({
        "player": Seat(), "kind": Enum(KINDS),
        "amount": Opt(Num(0, 99)), "level": Opt(Num(0, 9)), "need": Opt(Num(0, 99)),
        "seats": Opt(Num(0, 200)), "candidates": Opt(List(Ref(), CAND, zone="decision.candidates")),
        "picked": Opt(List(Ref(), CAND)),
        "filter": Opt(Obj({"kind": Opt(Enum(CARD_KINDS)), "level": Opt(Num(0, 9)),
                           "person": Opt(Enum(persons))})), "filtered": Opt(Bool()),
        "op": Opt(Enum(OPS)), "why": Opt(Enum(WHY)), "zone": Opt(Enum(ZONES)),
        "receiver": Opt(Ref()), "server": Opt(Ref()), "seat": Opt(Ref()), "source": Opt(Ref()),
        # a selector table choosing several cards (engine/select.py): how many more, up to, the
        # cards chosen so far, where a move puts them
        "remaining": Opt(Num(0, 99)), "up_to": Opt(Bool()),
        "chosen": Opt(List(Ref(), CAND, zone="decision.chosen")), "to": Opt(Enum(DESTINATIONS)),
        # choices (engine/choices.py): a choose_one's modes; whose deck a look is at; the seat whose
        # effect a target chosen by its opponent is for (chooser = "opponent")
        "count": Opt(Num(0, 99)), "modes": Opt(Num(0, 99)), "modes_chosen": Opt(List(Num(0, 9), 8)),
        "whose": Opt(Seat()), "controller": Opt(Seat()),
    })
    return Obj({
        "game": Const("kemuri"), "viewer": Num(0, 1), "turn": Num(0, 2000, scale=10),
        "active": Seat(), "first_player": Seat(), "phase": Enum(PHASES), "close_seats": Num(0, 200),
        "event": Opt(Card({"owner": Seat()}, zone="event")),
        "serving": Opt(Obj({"server": Ref(), "receiver": Ref(),
                            "help": List(Card(), HELP, zone="help")})),
        "decision": Opt(decision),
        "result": Result(),
        "players": Seats(player),
    })


FLOOR_ZONES = ("me.floor", "opp.floor", "me.floor_cross", "opp.floor_cross")
ANYWHERE = FLOOR_ZONES + ("me.hand", "me.seating", "opp.seating", "me.backyard", "opp.backyard",
                          "me.leader", "opp.leader", "me.resolving", "opp.resolving", "event", "help",
                          "decision.candidates")


def actions():
    return [
        ("mulligan_mark", [("card", Loc("me.hand"))]), ("mulligan_done", []),
        ("place", [("card", Loc("me.hand"))]),
        ("event", [("card", Loc("me.hand"))]),
        ("support", [("card", Loc("me.hand"))]),
        ("remove_event", []),
        ("cross", [("casts", Seq(Loc("me.floor", "me.floor_cross"), (2, 3)))]),
        ("activate", [("card", Loc("me.floor", "me.floor_cross", "me.leader", "me.seating", "me.hand",
                                   "me.backyard")), ("ability", Vals(0, 1, 2, 3))]),
        ("charm", []), ("leader_draw", []), ("end_operation", []),
        ("trouble", [("card", Loc("me.hand"))]), ("pass", []),
        ("serve", [("cast", Loc("me.floor")), ("target", Loc(*FLOOR_ZONES, none=-1))]),
        ("end_serving", []),
        ("help", [("card", Loc("me.hand"))]), ("done", []),
        ("swap_out", [("seat", Loc("me.seating"))]),
        ("swap_in", [("card", Loc("me.hand", "me.backyard"))]),
        ("end_charcoal", []),
        ("pay", [("card", Loc("me.hand", "me.seating", "me.backyard"))]),
        ("pick", [("card", Loc("me.backyard", offered=40))]), ("pick_none", []),
        ("target", [("target", Loc(*ANYWHERE))]),
        ("close", []), ("end_turn", []),
        # the card language's decisions (appended at the end: the ids before them keep their meaning)
        ("target_done", []), ("optional", [("use", Vals(True, False))]),
        ("mode", [("mode", Vals(*range(8)))]),
        ("look_take", [("card", Loc("decision.candidates"))]), ("look_done", []),
        ("look_order", [("card", Loc("decision.candidates"))]),
    ]
