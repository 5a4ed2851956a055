"""Turu-turu Stage as tensors: the observation schema and the fixed action table used by
``tcg.rl`` (PettingZoo ``tcg_turutoru_v4``, Gymnasium, OpenSpiel). Built only from
``game.observe(player)``; see docs/research.md for the generated layout and id ranges.

Observation (seat-relative, ``me`` then ``opp``): round, phase, priority player, the segment
running, the pending decision (kind, program kind, candidates, blockers, damage...), the cards
selected so far, the result, and per player: HP, deck count, hand (own only; 16 slots),
characters (12 slots, with current power/toughness, damage, awake, mounted devices), devices on
the field, discard and resolved cards, the program count and whether programming is done (hidden
while the opponent still programs), the own face-down program stack (with start segment and
whether it fits) and the program running now.

Action table rows: cards are named by the slot where the viewer sees them (``me.hand[i]``,
``me.characters[i]``, ``opp.characters[i]``...); ``use(program)`` by program index 0/1; a deck
search names cards the observation does not show (``offered`` slots, in instance order).
"""
from __future__ import annotations

import tcg

from ...engine.choices import CHOICE_DECISIONS, CHOICE_OPS
from ...engine.effects import TARGET_OPS
from ...rl.actions import Loc, Vals
from ...rl.schema import (Bool, Card, Const, Enum, List, Num, Obj, Opt, Ref, Result, Seat, Seats)
from .cards import PROGRAM_JA
from .view import printed_card as printed  # noqa: F401 - the card-set rows

PHASES = ["setup", "draw", "programming", "main", "prepare", "end"]
KINDS = ["mulligan", "program", "place", "attackers", "reboot", "choose_program", "discard", "bed_in",
         "activate", "block", "assign_damage", "mount", "release", "effect", "apply", "target",
         "search", "library_draw", "fan_fire",
         # the card language (docs/card-language-design.md): a choice among the own hidden cards
         "target_hidden", "optional",
         # choices (engine/choices.py): choose one —, looking at the top of a deck
         *CHOICE_DECISIONS]
PROGRAMS = sorted(PROGRAM_JA)
#: where a ``move`` puts its cards (a target decision's ``to``: games/turutoru/select.py)
DESTINATIONS = ["deck", "discard", "field", "hand",
                # where the rest of a look goes (a look_order decision's ``to``)
                "top", "bottom"]
OPS = [*TARGET_OPS,
       # the ops an ``optional`` decision ("you may") may ask about (the others are the target decision's)
       "draw", "mill", "search", "shuffle", "hit", "gain_hp",
       # an optional triggered ability (engine/triggers.py's ASK)
       "trigger",
       # a cost paid with chosen cards, and the "you may pay" op (engine/costs.py, games/turutoru/costs.py)
       "pay",
       # choices (engine/choices.py)
       *CHOICE_OPS]

HAND, FIELD, DEVICES, PILE, STACK, CAND = 16, 12, 12, 60, 16, 24


def _labels() -> list[str]:
    labels = {p.label() for c in tcg.card_set("turutoru") for p in getattr(c, "programs", ())}
    return sorted(labels | {k.replace("_", " ").title() for k in PROGRAMS} | {"Program Decoder"})


def observation():
    labels = _labels()
    pile = Card(printed=False)
    unit = Card({"awake": Bool(), "damage": Num(0, 99), "power_now": Num(-20, 99),
                 "toughness_now": Num(-20, 99), "placed_this_round": Bool(),
                 "devices": List(Card(printed=False), 4, zone="mounted")})
    player = Obj({
        "player": Seat(), "hp": Num(-100, 200, scale=10), "deck": Num(0, 60), "hand_count": Num(0, 60),
        "hand": Opt(List(Card(), HAND, zone="hand")),
        "characters": List(unit, FIELD, zone="characters"),
        "devices": List(Card(), DEVICES, zone="devices"),
        "discard": List(pile, PILE, zone="discard"),
        "resolved": List(pile, PILE, zone="resolved"),
        "program_count": Opt(Num(0, 60)), "programming_done": Opt(Bool()),
        "mulliganed": Bool(), "next_start": Num(0, 99),
        "programs": Opt(List(Card({"start": Num(0, 99), "fits": Bool()}), STACK, zone="programs")),
        "running": Opt(Card({"start": Num(0, 99), "program": Opt(Enum(labels))}, zone="running")),
    })
    decision = Obj({
        "player": Seat(), "kind": Enum(KINDS),
        "attacker": Opt(Ref()), "card": Opt(Ref()), "source": Opt(Ref()),
        "candidates": Opt(List(Ref(), CAND, zone="decision.candidates")),
        "blockers": Opt(List(Ref(), CAND, zone="decision.blockers")),
        "assigned": Opt(List(Ref(), CAND)),
        "damage": Opt(Num(0, 99)), "op": Opt(Enum(OPS)), "over": Opt(Num(0, 99)),
        "program": Opt(Enum(PROGRAMS)), "programs": Opt(List(Enum(labels), 4)),
        "segment": Opt(Num(0, 99)), "amount": Opt(Num(0, 99)), "filtered": Opt(Bool()),
        "zone": Opt(Enum(["hand"])),  # a look at a whole hidden zone (engine/choices.py)
        # a selector table choosing cards one at a time (choose = n, up_to)
        "remaining": Opt(Num(0, 99)), "up_to": Opt(Bool()), "to": Opt(Enum(DESTINATIONS)),
        "chosen": Opt(List(Ref(), CAND, zone="decision.chosen")),
        # choices (engine/choices.py): a choose_one's modes; whose deck a look is at; the seat whose
        # effect a target chosen by its opponent is for (chooser = "opponent")
        "count": Opt(Num(0, 99)), "modes": Opt(Num(0, 99)), "modes_chosen": Opt(List(Num(0, 9), 8)),
        "whose": Opt(Seat()), "controller": Opt(Seat()),
    })
    return Obj({
        "game": Const("turutoru"), "viewer": Num(0, 1), "round": Num(0, 1000, scale=10),
        "phase": Enum(PHASES), "priority_player": Seat(), "segment": Num(0, 99),
        "segments": Num(0, 99), "decision": Opt(decision),
        "selected": List(Ref(), CAND, zone="selected"),
        "result": Result(),
        "players": Seats(player),
    })


FIELD_ZONES = ("me.characters", "opp.characters")
ANYWHERE = ("me.characters", "opp.characters", "me.devices", "opp.devices", "me.mounted",
            "opp.mounted", "me.hand", "me.discard",
            "opp.discard", "me.resolved", "opp.resolved", "me.programs", "me.running", "opp.running",
            "decision.candidates")


def actions():
    mine = ("me.hand", "me.characters", "me.devices", "me.mounted", "me.running", "opp.mounted")
    devices = ("me.hand", "me.devices", "me.mounted", "opp.devices", "opp.mounted")
    return [
        ("keep", []), ("mulligan", []),
        ("stack", [("card", Loc("me.hand"))]),
        ("finish_program", []),
        ("place", [("card", Loc("me.hand"))]),
        ("bed_in", [("card", Loc(*FIELD_ZONES))]),
        ("release", [("card", Loc(*devices))]),
        ("apply", [("card", Loc("me.hand"))]),
        ("pick", [("card", Loc(*FIELD_ZONES))]),
        ("mount", [("card", Loc(*devices)), ("target", Loc(*FIELD_ZONES, none=-1))]),
        ("activate", [("card", Loc(*mine)), ("ability", Vals(0, 1, 2, 3))]),
        ("effect", [("card", Loc(*mine)), ("ability", Vals(0, 1, 2, 3))]),
        ("run", []),
        ("use", [("program", Vals(0, 1, 2, 3))]),
        ("block", [("card", Loc("me.characters"))]),
        ("assign", [("card", Loc(*FIELD_ZONES))]),
        ("discard", [("card", Loc("me.hand"))]),
        ("target", [("target", Loc(*ANYWHERE))]), ("target_done", []),
        ("search_pick", [("card", Loc("me.discard", offered=40))]),
        ("search_none", []),
        ("optional", [("use", Vals(True, False))]),
        ("done", []), ("skip", []),
        # costs (docs/cards.md T5c): an activated ability used from the hand or the discard pile,
        # appended so that the ids above keep their meaning
        ("activate_card", [("card", Loc("me.hand", "me.discard")), ("ability", Vals(0, 1, 2, 3))]),
        # choices (docs/cards.md T7a): appended, so that the ids above keep their meaning
        ("mode", [("mode", Vals(*range(8)))]),
        ("look_take", [("card", Loc("decision.candidates"))]), ("look_done", []),
        ("look_order", [("card", Loc("decision.candidates"))]),
    ]
