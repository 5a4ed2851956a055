"""Z/X -Zillions of enemy X- as tensors: the observation schema and the fixed action table used
by ``tcg.rl`` (PettingZoo ``tcg_zx_v4``, Gymnasium, OpenSpiel). Built only from
``game.observe(player)``; see docs/research.md for the generated layout and id ranges.

Observation (seat-relative, ``me`` then ``opp``; the 3x3 board turned round for seat 1 so that
the viewer's player square is always square 7): turn, active/first player, phase, the board (each
unit: owner, power now, damage, asleep, force, SHIFT, names/colours/races when shifted, face-down
start cards), the battle, the pending decision, the result, and per player: life, deck count,
hand (own only), trash, charge, resources (asleep flags), cards removed from the game, dynamis (own: all with face-up flags;
both: the face-up ones), the player card (face down, nameless or the card), counters, the
once-per-turn EX flags, the card revealed by ignition, cards resolving, the own set-up choices.

Action table rows: cards by the slot where the viewer sees them (``me.hand[i]``,
``me.dynamis[i]``, ``board[sq]``...), squares seat-relative (0..8, ``-1`` = the player),
``zx_ex`` destroy lists as sets of squares, ``life`` by index, colours by name; cards the
observation does not show (start/gate card choice from the deck, a deck search) are ``offered``
slots, in instance order.
"""
from __future__ import annotations

import tcg

from ...engine.choices import CHOICE_DECISIONS, CHOICE_OPS
from ...engine.effects import TARGET_OPS
from ...rl.actions import Loc, Seq, Sq, Vals
from ...rl.schema import (Board, Bool, Card, Const, Enum, List, Name, Num, Obj, Opt, Ref, Result,
                          Seat, Seats, Square, Variant)
from .cards import COUNTERS
from .view import printed_card as printed  # noqa: F401 - the card-set rows

COLORS = ["black", "blue", "green", "red", "white"]
PHASES = ["setup", "play", "reboot", "draw", "resource", "main", "ignition", "end"]
KINDS = ["start_card", "gate_card", "mulligan", "resource", "main", "pay", "battle", "target",
         "ignition", "overdrive", "life_pick", "life_card", "awaken", "pick_card", "overboost", "discard",
         "target_hidden", "place_effect", "optional",
         # choices (engine/choices.py): choose one —, looking at the top of a deck
         *CHOICE_DECISIONS]
OPS = [*TARGET_OPS,
       # the ops an ``optional`` decision may ask about (the others are the target decision's)
       "draw", "discard", "mill", "search", "shuffle", "add_life", "gain_counter", "alter_force", "overboost",
       "win_if",
       # an optional triggered ability (engine/triggers.py's ASK)
       "trigger",
       # a cost paid with chosen cards, and the "you may pay" op (engine/costs.py, games/zx/costs.py)
       "pay",
       # choices (engine/choices.py)
       *CHOICE_OPS]
WHY = ["activate", "battle_event", "ev_ex", "event", "place", "zx_ex", "shift", "overboost", "ignite"]

HAND, PILE, CHARGE, RESOURCES, DYNAMIS, RESOLVING, CAND = 16, 80, 30, 40, 20, 8, 24


def observation():
    races = sorted({c.race for c in tcg.card_set("zx") if getattr(c, "race", None)})
    pile = Card(printed=False)
    unit = Variant([
        ("face_down", lambda u: "id" not in u,
         Obj({"square": Square(), "owner": Seat(), "face_down": Bool()})),
        ("unit", lambda u: "id" in u, Card({
            "square": Square(), "owner": Seat(), "asleep": Bool(),
            "damage": Num(0, 1e6, scale=1000), "power_now": Num(-1e6, 1e6, scale=1000),
            "force": Num(0, 99), "shift": Opt(Card()), "used": Bool(), "player_square": Bool(),
            "names": Opt(List(Name(), 4)), "colors": Opt(List(Enum(COLORS), 6)),
            "races": Opt(List(Enum(races), 6)),
        })),
    ])
    player_card = Variant([
        ("card", lambda c: "id" in c, Card()),
        ("nameless", lambda c: c.get("name") == "(nameless)", Obj({"name": Const("(nameless)")})),
        ("face_down", lambda c: c.get("face_down") is True, Obj({"face_down": Const(True)})),
    ])
    player = Obj({
        "player": Seat(), "life": Num(0, 60), "deck": Num(0, 60), "hand_count": Num(0, 60),
        "hand": Opt(List(Card(), HAND, zone="hand")),
        "trash": List(pile, PILE, zone="trash"),
        "charge": List(pile, CHARGE, zone="charge"),
        "resources": List(Card({"asleep": Bool()}), RESOURCES, zone="resources"),
        "dynamis_count": Num(0, 60),
        "dynamis_face_up": List(Card(), DYNAMIS, zone="dynamis_face_up"),
        "dynamis": Opt(List(Card({"face_up": Bool()}), DYNAMIS, zone="dynamis")),
        "player_card": player_card, "player_face_up": Bool(), "ob_bottom": Bool(),
        "counters": Obj({c: Opt(Num(0, 99)) for c in COUNTERS}),
        "used": Obj({"zx_ex": Bool(), "ev_ex": Bool(), "shift": Bool()}),
        "revealed": Opt(Card(zone="revealed")),
        "resolving": List(Card(), RESOLVING, zone="resolving"),
        "mulliganed": Bool(),
        "removed": Opt(List(pile, CHARGE, zone="removed")),
        "chosen": Opt(Obj({"start_card": Opt(Card(zone="start_card")),
                           "gate_card": Opt(Card(zone="gate_card"))})),
    })
    decision = Obj({
        "player": Seat(), "kind": Enum(KINDS),
        "attacker": Opt(Square()), "target": Opt(Square()),
        "candidates": Opt(List(Ref(), CAND, zone="decision.candidates")),
        "card": Opt(Ref()), "holder": Opt(Ref()), "source": Opt(Ref()),
        "color": Opt(Enum(COLORS)), "condition": Opt(Enum(["discard", "sleep_zx"])),
        "cost": Opt(Num(0, 99)), "left": Opt(Num(0, 99)), "over": Opt(Num(0, 99)),
        "paid": Opt(List(Enum(COLORS), 20)), "passes": Opt(Num(0, 99)), "remaining": Opt(Num(0, 99)),
        "op": Opt(Enum(OPS)), "to": Opt(Enum(["force", "hand", "deck", "trash", "charge", "resources", "life", "removed", "square",
                                               "top", "bottom"])), "why": Opt(Enum(WHY)),
        "zone": Opt(Enum(["deck", "trash", "hand", "charge", "resources", "life", "removed"])), "reveal": Opt(Bool()),
        "up_to": Opt(Bool()), "chosen": Opt(List(Ref(), CAND, zone="decision.chosen")),
        # choices (engine/choices.py): a choose_one's modes; whose deck a look is at; the seat whose
        # effect a target chosen by its opponent is for (chooser = "opponent")
        "count": Opt(Num(0, 99)), "modes": Opt(Num(0, 99)), "modes_chosen": Opt(List(Num(0, 9), 8)),
        "whose": Opt(Seat()), "controller": Opt(Seat()),
    })
    return Obj({
        "game": Const("zx"), "viewer": Num(0, 1), "turn": Num(0, 1000, scale=10),
        "active": Seat(), "first_player": Seat(), "phase": Enum(PHASES),
        "player_squares": Const([7, 1]),
        "board": Board(unit),
        "battle": Opt(Obj({"attacker": Square(), "target": Square()})),
        "decision": Opt(decision),
        "result": Result(),
        "players": Seats(player),
    })


FROM_HAND = ("me.hand",)
EX = ("me.dynamis", "me.hand")
ANYWHERE = ("board", "me.hand", "me.resources", "opp.resources", "me.trash", "opp.trash", "me.charge",
            "opp.charge", "me.dynamis", "me.dynamis_face_up", "opp.dynamis_face_up", "me.resolving",
            "opp.resolving", "decision.candidates")


def actions():
    return [
        ("start_card", [("card", Loc("me.hand", offered=50))]), ("no_start_card", []),
        ("gate_card", [("card", Loc("me.hand", offered=50))]), ("no_gate_card", []),
        ("keep", []), ("mulligan", []),
        ("resource", [("card", Loc(*FROM_HAND))]), ("no_resource", []),
        ("place", [("card", Loc(*FROM_HAND)), ("square", Sq())]),
        ("zx_ex", [("card", Loc("me.dynamis")), ("square", Sq()), ("destroy", Seq(Sq(), (0, 1, 2), ordered=False))]),
        ("shift", [("card", Loc(*EX)), ("square", Sq())]),
        ("ev_ex", [("card", Loc(*EX)), ("effect", Vals(0, 1, 2, 3))]),
        ("event", [("card", Loc(*FROM_HAND))]),
        ("battle_event", [("card", Loc(*FROM_HAND))]),
        ("attack", [("attacker", Sq()), ("target", Sq(none=True))]),
        ("activate", [("square", Sq()), ("ability", Vals(0, 1, 2, 3))]),
        ("end_turn", []), ("pass", []),
        ("pay", [("color", Vals(*COLORS))]), ("pay_suggested", []),
        ("target", [("target", Loc(*ANYWHERE))]),
        ("ignite", [("card", Loc("me.charge"))]), ("end_ignition", []),
        ("life", [("index", Vals(*range(12)))]),
        ("sleep", [("square", Sq())]),
        ("discard", [("card", Loc("me.hand"))]),
        ("decline", []), ("place_free", [("square", Sq())]), ("use_free", []),
        ("pick", [("card", Loc("me.trash", offered=50))]), ("pick_none", []),
        ("overboost", [("card", Loc(*EX)), ("square", Sq())]), ("no_overboost", []),
        # selector tables (docs/cards.md Z8): appended, so that the ids above keep their meaning
        ("target_done", []),
        ("optional", [("use", Vals(True, False))]),
        # costs (docs/cards.md Z6c): an activated ability used from the hand, the charge or the trash
        ("activate_card", [("card", Loc("me.hand", "me.charge", "me.trash")), ("ability", Vals(0, 1, 2, 3))]),
        # choices (engine/choices.py): appended, so that the ids above keep their meaning
        ("mode", [("mode", Vals(*range(8)))]),
        ("look_take", [("card", Loc("decision.candidates"))]), ("look_done", []),
        ("look_order", [("card", Loc("decision.candidates"))]),
    ]
