"""Shironeko Project TCG as tensors: the observation schema and the fixed action table used by
``tcg.rl`` (PettingZoo ``tcg_shironeko_v4``, Gymnasium, OpenSpiel). Built only from
``game.observe(player)``; see docs/research.md for the generated layout and id ranges.

Observation (seat-relative, ``me`` then ``opp``): turn, active/first player, phase, the pending
decision (kind and its public details: candidates, costs, colours paid...), the result, and per
player: deck and town-deck counts, hand (own only; 16 slots), town (16), characters (8 slots,
with their current attack/HP/level, damage, states, runes and the cards under them), the leader,
leader hand (own only), discard, removed and damage area (60 slots each, card and instance id),
cards being used, mulligan marks.

Action table rows (``type(param: slots)``): cards are named by the slot where the viewer sees
them (``me.hand[i]``, ``me.characters[i]``, ``opp.characters[i]``...), colours by name. A deck
search names cards the observation does not show: those are the ``offered`` slots, in instance
order.
"""
from __future__ import annotations

from ...engine.choices import CHOICE_DECISIONS, CHOICE_OPS
from ...engine.effects import TARGET_OPS
from ...rl.actions import Loc, Vals
from ...rl.schema import (Bool, Card, Const, Enum, List, Name, Num, Obj, Opt, Ref, Result, Seat, Seats)
from .view import printed_card as printed  # noqa: F401 - the card-set rows

COLORS = ["blue", "colorless", "green", "orange", "purple", "rainbow", "red", "yellow"]
PHASES = ["setup", "start", "draw", "main", "end"]
KINDS = ["mulligan", "main", "defend", "target", "pay", "search", "discard", "trigger_order", "optional",
         # a selector table's choice among the own hand (secret)
         "target_hidden",
         # choices (engine/choices.py): choose one —, looking at the top of a deck
         *CHOICE_DECISIONS]
OPS = [*TARGET_OPS,
       # the ops an ``optional`` decision may ask about (the others are the target decision's)
       "draw", "mill", "search", "shuffle", "player_damage", "build", "recycle", "ready_souls",
       # an optional triggered ability (engine/triggers.py's ASK)
       "trigger",
       # a cost paid with chosen cards, and the "you may pay" op (games/shironeko/costs.py)
       "pay",
       # the "you may" of a choose_one or a look (engine/choices.py)
       *CHOICE_OPS]
#: where a selector table's ``move`` puts the cards (the target decision's ``to``)
DESTINATIONS = ["hand", "deck", "discard", "removed", "characters",
                # where the rest of a look goes back (the look_order decision's ``to``)
                "top", "bottom"]
WHY = ["activate", "awaken", "burst", "change", "leaderize", "monster", "place"]
CARD_KINDS = ["character", "awakened_character", "monster", "leader", "town"]

HAND, TOWN, FIELD, LEADERS, PILE, UNDER, USING = 16, 16, 8, 8, 60, 12, 8
#: a target decision may offer every card of a pile (a selector table over the discard pile)
CAND = PILE


def observation():
    pile = Card(printed=False)
    under = List(Card(printed=False), UNDER)
    runes = List(Enum(COLORS), 8)
    unit = Card({
        "on": Bool(), "runes": runes, "under": under,
        "printed_attack": Num(0, 20), "printed_hp": Num(0, 20), "level": Num(0, 9),
        "attack": Num(0, 40), "hp": Num(0, 40), "damage": Num(0, 40),
        "shock": Bool(), "poison": Bool(), "sick": Bool(), "attacked": Bool(),
    })
    leader = Card({"on": Bool(), "runes": runes, "under": under, "leader": Bool()}, zone="leader")
    town = Card({"color": Enum(COLORS), "pays_any_color": Bool(), "on": Bool()})
    player = Obj({
        "player": Seat(), "deck": Num(0, 60), "hand_count": Num(0, 60),
        "hand": Opt(List(Card(), HAND, zone="hand")),
        "town_deck": Num(0, 20), "town": List(town, TOWN, zone="town"),
        "characters": List(unit, FIELD, zone="characters"),
        "leader": Opt(leader),
        "leader_hand": Opt(List(Card(), LEADERS, zone="leader_hand")),
        "leader_hand_count": Num(0, LEADERS),
        "discard": List(pile, PILE, zone="discard"),
        "removed": List(pile, PILE, zone="removed"),
        "damage_area": List(pile, PILE, zone="damage_area"),
        "using": List(Card(), USING, zone="using"),
        "mulliganed": Bool(),
        "mulligan_pick": Opt(List(Ref(), HAND)),
    })
    flt = Obj({"color": Opt(Enum(COLORS)), "kind": Opt(Enum(CARD_KINDS)), "max_level": Opt(Num(0, 9)),
               "min_level": Opt(Num(0, 9)), "name": Opt(Name()), "rune": Opt(Enum(COLORS))})
    decision = Obj({
        "player": Seat(), "kind": Enum(KINDS),
        "attacker": Opt(Ref()), "card": Opt(Ref()), "source": Opt(Ref()),
        "candidates": Opt(List(Ref(), CAND, zone="decision.candidates")),
        "triggers": Opt(List(Ref(), CAND, zone="decision.triggers")),
        "color": Opt(Enum(COLORS)), "cost": Opt(Num(0, 20)), "left": Opt(Num(0, 20)),
        "paid": Opt(List(Enum(COLORS), 20)), "over": Opt(Num(0, 20)),
        "op": Opt(Enum(OPS)), "why": Opt(Enum(WHY)),
        "filter": Opt(flt), "reveal": Opt(Bool()), "filtered": Opt(Bool()),
        # a selector table choosing n (docs/cards.md §7): how many more, up to, chosen so far, where to
        "remaining": Opt(Num(0, 99)), "up_to": Opt(Bool()),
        "chosen": Opt(List(Ref(), CAND, zone="decision.chosen")), "to": Opt(Enum(DESTINATIONS)),
        # choices (engine/choices.py): a choose_one's modes; whose deck a look is at; the seat whose
        # effect a target chosen by its opponent is for (chooser = "opponent")
        "count": Opt(Num(0, 99)), "modes": Opt(Num(0, 99)), "modes_chosen": Opt(List(Num(0, 9), 8)),
        "whose": Opt(Seat()), "controller": Opt(Seat()),
        # a look at a whole hidden zone (engine/choices.py ``zone``): which
        "zone": Opt(Enum(["hand"])),
    })
    return Obj({
        "game": Const("shironeko"), "viewer": Num(0, 1), "turn": Num(0, 1000, scale=10),
        "active": Seat(), "first_player": Seat(), "phase": Enum(PHASES),
        "decision": Opt(decision),
        "result": Result(),
        "players": Seats(player),
    })


ON_FIELD = ("me.characters", "me.leader")
ANYWHERE = ("me.characters", "opp.characters", "me.leader", "opp.leader", "me.hand", "me.town",
            "opp.town", "me.using", "opp.using", "me.discard", "opp.discard", "me.damage_area",
            "opp.damage_area", "me.removed", "opp.removed", "me.leader_hand", "decision.candidates")


def actions():
    return [
        ("mulligan_mark", [("card", Loc("me.hand"))]),
        ("mulligan_done", []),
        ("place", [("card", Loc("me.hand"))]),
        ("change", [("card", Loc("me.hand")), ("target", Loc("me.characters"))]),
        ("awaken", [("card", Loc("me.hand")), ("target", Loc("me.characters"))]),
        ("monster", [("card", Loc("me.hand"))]),
        ("burst", [("card", Loc("me.hand", "me.damage_area"))]),
        ("leaderize", [("card", Loc("me.characters", "me.hand", "me.leader_hand"))]),
        ("attack", [("attacker", Loc(*ON_FIELD))]),
        ("activate", [("card", Loc("me.characters", "me.leader", "me.town", "me.hand")),
                      ("ability", Vals(0, 1, 2, 3))]),
        ("end_turn", []),
        ("defend", [("defender", Loc(*ON_FIELD))]),
        ("no_defense", []),
        ("target", [("target", Loc(*ANYWHERE))]),
        ("trigger", [("card", Loc("decision.triggers"))]),
        ("discard", [("card", Loc("me.hand"))]),
        ("optional", [("use", Vals(True, False))]),
        ("search_pick", [("card", Loc("me.discard", offered=40))]),
        ("search_none", []),
        ("pay", [("color", Vals(*COLORS))]),
        ("pay_suggested", []),
        # appended (the ids before it keep their meaning): a selector table's "no more"
        ("target_done", []),
        # an activated ability used from the hand or the discard pile (games/shironeko/costs.py)
        ("activate_card", [("card", Loc("me.hand", "me.discard")), ("ability", Vals(0, 1, 2, 3))]),
        # choices (engine/choices.py): a mode; a card looked at taken, or no more; the next one put back
        ("mode", [("mode", Vals(*range(8)))]),
        ("look_take", [("card", Loc("decision.candidates"))]), ("look_done", []),
        ("look_order", [("card", Loc("decision.candidates"))]),
    ]
