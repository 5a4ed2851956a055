"""Why an option a Shironeko player might expect is not offered, as data (``engine/reasons.py``).

``unavailable(s, seat, legal, max_chars)`` (``ShironekoRules.unavailable``) lists, for the open
decision, a ``Reason`` for each thing ``seat`` cannot do now: a card in hand that cannot be
played, a character that cannot attack, an ability that cannot be used. The words
(``text.why_not``) phrase them: one line per card (or per ability), joining that card's reasons.

Keys (``card``: the card instance the reason is about) and parameters:

* about the decision (no card): ``over``, ``waiting`` (``who``: the deciding seat), ``phase``
  (cards in hand are played only in the main phase);
* ``play.<why>``, a card in hand: ``room`` (``count``: the character area's size),
  ``same_name``, ``no_base`` (``level``), ``no_awaken_base`` (``level``), and the cost reasons;
* ``attack.<why>``, a character: ``attacked``, ``shocked``, ``off``, ``sick``;
* ``ability.<why>``, an activated ability (``ability``: its index): ``used``, ``must_be_on``,
  ``must_be_off``, ``runes`` (``runes``: the colours it needs), ``cost_parts`` (a cost's
  other parts cannot be paid: a discard, an OFF, a move), and the cost reasons;
* the cost reasons: ``souls`` and ``change_souls`` (``cost``, ``count``: the ON souls; 0: none is
  ON), ``color`` (``color``: no ON soul of the cost's colour)."""
from __future__ import annotations

from typing import Any, Sequence

from ...engine.action import Action
from ...engine.reasons import Reason, not_deciding
from . import costs as SC
from . import flow as F
from . import payment as P
from .cards import CHARACTER_KINDS

#: the action types that play a card from the hand
HAND_ACTIONS = ("place", "change", "awaken", "monster", "burst", "leaderize")


def unavailable(s: Any, seat: int | None, legal: Sequence[Action], max_chars: int) -> list[Reason]:
    """The reasons of the open decision for ``seat`` (None: a spectator, told only that the game
    is over); ``legal``: the legal actions of ``s``; ``max_chars``: the character area's size."""
    told = not_deciding(s, seat)
    if told is not None:
        return told
    d = s.decision
    if d.kind != "main":
        return [Reason("phase")] if s.players[seat].hand else []
    why = _Why(s, seat, legal)
    why.hand(max_chars)
    why.attacks()
    why.abilities()
    return why.out


class _Why:
    """The reasons of a main phase decision of player ``p``."""

    def __init__(self, s: Any, p: int, legal: Sequence[Action]):
        self.s, self.p, self.ps = s, p, s.players[p]
        self.played = {a.card for a in legal if a.type in HAND_ACTIONS}
        self.attacking = {a.attacker for a in legal if a.type == "attack"}
        self.activated = {(a.card, a.ability) for a in legal if a.type == "activate"}
        self.out: list[Reason] = []

    def add(self, key: str, card: int, **params: Any) -> None:
        self.out.append(Reason(key, card, params))

    def cost(self, use: str, card: int, color: str, n: int, why: str = "souls", **params: Any) -> None:
        """The reason a cost of ``n`` in ``color`` cannot be paid, if it cannot: too few ON souls
        (``why``: "souls" or "change_souls"), or none of its colour."""
        if P.can_pay(self.s, self.p, color, n):
            return
        on = len(P.on_souls(self.s, self.p))
        if on < n:
            self.add(f"{use}.{why}", card, cost=n, count=on, **params)
        else:
            self.add(f"{use}.color", card, color=color, **params)

    def hand(self, max_chars: int) -> None:
        ps, cards = self.ps, self.s.cards
        names = {cards[u.iid].name for u in ps.chars}
        for iid in ps.hand:
            if iid in self.played:
                continue
            c = cards[iid]
            if c.kind in CHARACTER_KINDS:
                if len(ps.chars) >= max_chars:
                    self.add("play.room", iid, count=max_chars)
                if c.name in names:
                    self.add("play.same_name", iid)
                self.cost("play", iid, c.color, c.cost)
                if c.change_cost is not None and c.level >= 2:  # level 1: placing is the only way
                    self.change(iid, c)
            elif c.kind == "monster":
                self.cost("play", iid, c.color, c.cost)
            for ab in c.abilities_of("burst"):
                self.cost("play", iid, ab.color, ab.cost)

    def change(self, iid: int, c: Any) -> None:
        """A character that could change (or awaken) onto one of level one less: whether there is
        one to go onto, and its change cost."""
        cards = self.s.cards
        bases = [u for u in self.ps.chars if cards[u.iid].level == c.level - 1
                 and (c.kind == "character" or cards[u.iid].name == c.name)]
        if not bases:
            key = "play.no_awaken_base" if c.kind == "awakened_character" else "play.no_base"
            self.add(key, iid, level=c.level - 1)
        else:
            self.cost("play", iid, c.color, c.change_cost, "change_souls")

    def attacks(self) -> None:
        s = self.s
        for u in self.ps.chars:
            if u.iid in self.attacking:
                continue
            if u.attacked:
                self.add("attack.attacked", u.iid)
            elif not u.on:
                self.add("attack.shocked" if u.shock else "attack.off", u.iid)
            elif u.entered == s.turn:
                self.add("attack.sick", u.iid)

    def abilities(self) -> None:
        s, ps = self.s, self.ps
        units = ps.chars if ps.leader is None else ps.chars + [ps.leader]
        for u in units:
            for ab in s.cards[u.iid].abilities:
                if ab.kind != "activated" or (u.iid, ab.index) in self.activated:
                    continue
                n = ab.index
                before = len(self.out)
                if u.iid in s.used:
                    self.add("ability.used", u.iid, ability=n)
                if ab.tap and not u.on:
                    self.add("ability.must_be_on", u.iid, ability=n)
                if ab.untap and u.on:
                    self.add("ability.must_be_off", u.iid, ability=n)
                if ab.runes and not F.runes_met(F.runes(s, u), ab.runes):
                    self.add("ability.runes", u.iid, ability=n, runes=tuple(ab.runes))
                self.cost("ability", u.iid, ab.color, ab.cost, ability=n)
                if ab.costs is not None and len(self.out) == before \
                        and not SC.can_pay(s, self.p, u.iid, ab.costs, ab.color):
                    self.add("ability.cost_parts", u.iid, ability=n)  # (the parts besides souls)


__all__ = ["HAND_ACTIONS", "unavailable"]
