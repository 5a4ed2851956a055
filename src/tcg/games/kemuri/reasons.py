"""Why an option a Kemuri player might expect is not offered, as data (``engine/reasons.py``).

``unavailable(rules, s, seat, legal)`` (``KemuriRules.unavailable``) lists, for the open
decision, a ``Reason`` for each thing ``seat`` cannot do now: a cast that cannot be placed (the
floor is full, too few seats), an event or support when one was used this turn, a trouble
outside its window, the event that cannot be removed, the leader locked, a flavour cross that
cannot be made, an activated ability used or too dear, the charm at another timing, a cast that
cannot serve, a seat that cannot be swapped, a help card of the other shift, no close. The words
(``text.why_not``) phrase each reason as ``why.<key>`` of ``text.toml``.

Keys and parameters (``card``: the card instance the reason is about):

* about the decision (no card): ``over``, ``not_yours`` (``who``: the deciding seat),
  ``cross_full``, ``first_serving``, ``close_seats`` (``count``: seats, ``goal``),
  ``close_locked``;
* about a card in hand: ``floor_full`` (``count``: the most casts on the floor), ``seats``
  (``cost``, ``count``: seats), ``event_used``, ``support_used``, ``trouble_window``,
  ``help_shift`` (``helps``: the shift the card helps, ``shift``: the served cast's shift, or None);
* about the event in play: ``remove_event`` (``cost``: its removal cost, ``count``: seats);
* about the leader: ``leader_locked``, ``charm_used``, ``charm_timing`` (``timing``: the charm's),
  ``charm_first_turn``;
* about a cast on the floor (or the player's event): ``cross_served``, ``served``,
  ``ability_used`` / ``ability_used_game`` (``ability``: its index), ``ability_seats``
  (``ability``, ``cost``, ``count``: seats);
* about a seating card (charcoal change): ``swapped_in``, ``no_swap`` (``level``: its level)."""
from __future__ import annotations

from typing import Any, Sequence

from ...engine.action import Action
from ...engine.reasons import Reason, not_deciding
from . import flow as F

#: the decision at which a charm of each timing is offered
CHARM_DECISION = {"charcoal": "charcoal", "operation": "operation", "serving": "serve", "end": "close",
                  "trouble": "trouble", "help": "help"}


def unavailable(rules: Any, s: Any, seat: int | None, legal: Sequence[Action]) -> list[Reason]:
    """The reasons of the open decision for ``seat`` (None: a spectator, told only that the game
    is over); ``legal``: the legal actions of ``s``."""
    told = not_deciding(s, seat, "not_yours")
    if told is not None:
        return told
    return _Why(rules, s, seat, legal).reasons(s.decision.kind)


class _Why:
    """The reasons of one decision of player ``p`` (the deciding player)."""

    def __init__(self, rules: Any, s: Any, p: int, legal: Sequence[Action]):
        self.rules, self.s, self.p, self.ps = rules, s, p, s.players[p]
        self.legal = legal
        self.offered = {(a.type, a.get("card")) for a in legal}
        self.types = {a.type for a in legal}
        self.seats = F.seats(s, p)
        self.out: list[Reason] = []

    def add(self, key: str, card: int | None = None, **params: Any) -> None:
        self.out.append(Reason(key, card, params))

    def reasons(self, kind: str) -> list[Reason]:
        part = getattr(self, f"_{kind}", None)
        if part is not None:
            part()
        if kind in CHARM_DECISION.values():
            self.charm()
        return self.out

    # --- the leader's charm, at every decision where one may be used ----------------------------
    def charm(self) -> None:
        s, p, ps = self.s, self.p, self.ps
        if ps.leader < 0 or "charm" in self.types:
            return
        timing = s.cards[ps.leader].abilities_of("charm")[0].timing
        if ps.charm_used:
            self.add("charm_used", ps.leader)
        elif CHARM_DECISION.get(timing) != s.decision.kind:
            self.add("charm_timing", ps.leader, timing=timing)
        elif not ps.leader_active:
            self.add("leader_locked", ps.leader)
        elif p == s.first and self.rules.first_turn(s):
            self.add("charm_first_turn", ps.leader)

    # --- the operation phase -------------------------------------------------------------------
    def _operation(self) -> None:
        self.hand()
        s, ps = self.s, self.ps
        if s.event >= 0 and "remove_event" not in self.types:
            self.add("remove_event", s.event, cost=s.cards[s.event].removal_cost, count=self.seats)
        if ps.leader >= 0 and "leader_draw" not in self.types:
            self.add("leader_locked", ps.leader)
        self.cross()
        self.abilities()

    def hand(self) -> None:
        """The cards in hand that cannot be played now."""
        s, p, offered = self.s, self.p, self.offered
        most = self.rules.max_floor
        floor = F.floor_count(s, p)
        for i in self.ps.hand:
            c = s.cards[i]
            if c.kind == "cast" and ("place", i) not in offered:
                if floor >= most:
                    self.add("floor_full", i, count=most)
                elif c.cost > self.seats:
                    self.add("seats", i, cost=c.cost, count=self.seats)
            elif c.kind == "event" and ("event", i) not in offered:
                self.add("event_used", i)
            elif c.kind == "support" and ("support", i) not in offered:
                self.add("support_used", i)
            elif c.kind == "trouble":
                self.add("trouble_window", i)

    def cross(self) -> None:
        """No flavour cross offered: a cast has served, or every cast is in a cross already."""
        floor = self.ps.floor
        if len(floor) < 2 or "cross" in self.types:
            return
        served = [x for x in floor if x.served]
        if served:
            self.add("cross_served", served[0].iid)
        elif all(x.below for x in floor):
            self.add("cross_full")

    def abilities(self) -> None:
        """The activated abilities of the player's casts and event not offered: used (this turn or
        this game) or costing more seats than they have."""
        s, ps = self.s, self.ps
        used = {(i, k) for i, k, _ in ps.activated}
        sources = [x.iid for x in ps.floor] + ([s.event] if s.event >= 0 and s.owner[s.event] == self.p else [])
        offered = {(a.card, a.ability) for a in self.legal if a.type == "activate"}
        for iid in sources:
            for ab in s.cards[iid].abilities:
                if ab.kind != "activate" or (iid, ab.index) in offered:
                    continue
                if (iid, ab.index) in used:
                    self.add("ability_used_game" if ab.limit == "game" else "ability_used", iid, ability=ab.index)
                elif ab.cost > self.seats:
                    self.add("ability_seats", iid, ability=ab.index, cost=ab.cost, count=self.seats)

    # --- the other decisions ---------------------------------------------------------------------
    def _serve(self) -> None:
        if self.rules.first_turn(self.s) and self.ps.servings:
            self.add("first_serving")
            return
        for x in self.ps.floor:
            if x.served:
                self.add("served", x.iid)

    def _charcoal(self) -> None:
        """The seating cards that cannot be swapped out: swapped in during this phase, or no 1 to 3
        hand cards make their level."""
        s, ps = self.s, self.ps
        levels = [s.cards[i].level for i in ps.hand]
        offered = {a.seat for a in self.legal if a.type == "swap_out"}
        for seat in ps.seating:
            if seat in offered:
                continue
            if seat in ps.swapped_in:
                self.add("swapped_in", seat)
            elif not F.can_total(levels, s.cards[seat].level, F.SWAP_MAX):
                self.add("no_swap", seat, level=s.cards[seat].level)

    def _help(self) -> None:
        """The help cards in hand of the other shift than the served cast's."""
        s, p = self.s, self.p
        recv = s.players[p].cast(s.serving[1]) if s.serving else None
        shift = s.cards[recv.iid].shift if recv is not None else None
        for i in self.ps.hand:
            c = s.cards[i]
            if c.help_shift is not None and c.help_shift != shift and ("help", i) not in self.offered:
                self.add("help_shift", i, helps=c.help_shift, shift=shift)

    def _close(self) -> None:
        if "close" in self.types:
            return
        goal = self.rules.close_seats
        if self.seats < goal:
            self.add("close_seats", count=self.seats, goal=goal)
        elif not self.ps.leader_active:
            self.add("close_locked")


__all__ = ["unavailable"]
