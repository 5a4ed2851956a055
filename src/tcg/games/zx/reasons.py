"""Why an option a Z/X player might expect is not offered, as data (``engine/reasons.py``).

``unavailable(s, seat, legal)`` (``ZXRules.unavailable``) lists, for the open decision, a
``Reason`` for each thing ``seat`` cannot do now: a card in hand that cannot be placed or used
(cost, colour, no square, wrong timing), a dynamis card whose condition is not met, a Z/X that
cannot attack or activate. The words (``text.why_not``) phrase each reason as ``why.<key>`` of
``text.toml``; a reason about a Z/X on the board carries its ``square``.

Keys and parameters (``card``: the card instance the reason is about):

* about the decision (no card): ``not_yours`` (``who``: the deciding seat), ``wrong_phase``
  (``phase``: the decision's kind);
* about a card in hand or in the dynamis: ``no_zx_in_battle``, ``battle_only``, ``main_only``,
  ``cannot_pay`` (``cost``, ``count``: rebooted resources), ``no_color`` (``color``),
  ``no_square``, ``zx_ob``, ``ex_used``, ``descent_resources`` (``cost``, ``have``),
  ``descent_units`` (``count``, ``cost``), ``awaken_hand`` (``count``), ``awaken_sleep``
  (``count``), ``idealize`` (``count``, ``counter``, ``have``), ``ev_ex_player`` (``player``: the
  player card's id), ``shift_used``, ``shift_face_up`` (``need``, ``have``), ``shift_no_host`` (``host``: its ``shift_target``);
* about a Z/X on the board (``square``; ``ability``: the ability's index for its abilities):
  ``asleep``, ``protected``, ``no_target``, ``ability_used``, ``ability_condition``,
  ``ability_cost`` (``cost``, ``count``), ``ability_cost_parts``."""
from __future__ import annotations

from typing import Any, Sequence

from ...engine.action import Action
from ...engine.reasons import Reason
from . import flow as F
from . import payment as P
from .state import ADJACENT, PLAYER_SQUARE


def unavailable(s: Any, seat: int | None, legal: Sequence[Action]) -> list[Reason]:
    """The reasons of the open decision for ``seat`` (None: a spectator, told nothing); ``legal``:
    the legal actions of ``s``."""
    d = s.decision
    if d is None or s.over:
        return []
    if d.player != seat:
        return [Reason("not_yours", None, {"who": d.player})] if seat is not None else []
    if d.kind in ("resource", "ignition"):
        return [Reason("wrong_phase", None, {"phase": d.kind})] if s.players[seat].hand else []
    if d.kind not in ("main", "battle"):
        return []
    return _Why(s, seat, legal, d.kind == "battle").reasons()


class _Why:
    """The reasons of a main phase or battle decision of player ``p``."""

    def __init__(self, s: Any, p: int, legal: Sequence[Action], battle: bool):
        self.s, self.p, self.ps, self.battle = s, p, s.players[p], battle
        self.offered_cards = {a.get("card") for a in legal if hasattr(a, "get")}
        self.offered_units = {a.attacker for a in legal if a.type == "attack"}
        self.activated = {(a.square, a.ability) for a in legal if a.type == "activate"}
        self.ready = len(P.awake(s, p))
        self.out: list[Reason] = []

    def reasons(self) -> list[Reason]:
        self.hand()
        self.dynamis()
        if not self.battle:
            self.board()
        return self.out

    def add(self, key: str, card: int, **params: Any) -> None:
        self.out.append(Reason(key, card, params))

    def pay(self, i: int, color: Any, cost: int) -> bool:
        """Whether card ``i``'s cost can be paid; if not, its reason (too few resources, or none
        of its colour)."""
        if P.can_pay(self.s, self.p, color, cost):
            return True
        if self.ready < cost:
            self.add("cannot_pay", i, cost=cost, count=self.ready)
        else:
            self.add("no_color", i, color=color)
        return False

    def timing(self, i: int, c: Any) -> bool:
        """Whether an event or EV EX may be used in this phase; if not, its reason."""
        if not self.battle and c.timing == "battle":
            self.add("battle_only", i)
        elif self.battle and c.timing == "main":
            self.add("main_only", i)
        else:
            return True
        return False

    # --- the hand --------------------------------------------------------------------------------
    def hand(self) -> None:
        s, p = self.s, self.p
        squares = [sq for sq in range(9) if F.can_place_on(s, p, sq)]
        for i in self.ps.hand:
            if i in self.offered_cards:
                continue
            c = s.cards[i]
            if c.kind == "zx":
                if self.battle:
                    self.add("no_zx_in_battle", i)
                elif self.pay(i, c.color, c.cost) and not squares:
                    self.add("no_square", i)
            elif c.kind == "event" and self.timing(i, c):
                self.pay(i, c.color, c.cost)

    # --- the dynamis -----------------------------------------------------------------------------
    def dynamis(self) -> None:
        ps = self.ps
        ex_used = ps.used_ex or ps.used_ev_ex
        for i in ps.dynamis:
            if i in self.offered_cards or i in ps.face_up:
                continue
            c = self.s.cards[i]
            if self.battle and c.kind != "ev_ex":
                continue
            if c.kind == "zx_ob":
                self.add("zx_ob", i)
            elif c.kind in ("zx_ex", "ev_ex") and ex_used:
                self.add("ex_used", i)
            elif c.kind == "zx_ex":
                self.zx_ex(i, c)
            elif c.kind == "ev_ex":
                self.ev_ex(i, c)
            elif c.kind == "shift":
                self.shift(i, c)

    def zx_ex(self, i: int, c: Any) -> None:
        ps = self.ps
        if c.condition == "descent":
            if len(ps.resources) < c.cost:
                self.add("descent_resources", i, cost=c.cost, have=len(ps.resources))
            else:
                self.add("descent_units", i, count=c.count, cost=c.cost)
        elif c.condition == "awaken":
            own = [u for u in self.s.board if u is not None and u.owner == self.p and not u.asleep]
            if not self.pay(i, c.color, c.cost):
                return
            if c.awaken == "discard" and len(ps.hand) < c.count:
                self.add("awaken_hand", i, count=c.count)
            elif c.awaken == "sleep_zx" and len(own) <= c.count:
                self.add("awaken_sleep", i, count=c.count)
            else:
                self.add("no_square", i)
        elif ps.counters.get(c.counter, 0) < c.count:
            self.add("idealize", i, count=c.count, counter=c.counter, have=ps.counters.get(c.counter, 0))
        else:
            self.add("no_square", i)

    def ev_ex(self, i: int, c: Any) -> None:
        if not self.timing(i, c):
            return
        if not F.ev_ex_is_mine(self.s, self.p, c):
            self.add("ev_ex_player", i, player=c.player)
        else:
            self.pay(i, c.color, c.cost)

    def shift(self, i: int, c: Any) -> None:
        ps = self.ps
        if ps.used_shift:
            self.add("shift_used", i)
        elif len(ps.face_up) < c.min_face_up:
            self.add("shift_face_up", i, need=c.min_face_up, have=len(ps.face_up))
        else:
            self.add("shift_no_host", i, host=c.shift_target)

    # --- the board -------------------------------------------------------------------------------
    def board(self) -> None:
        for sq, u in enumerate(self.s.board):
            if u is not None and u.owner == self.p:
                self.attack(sq, u)
                self.abilities(sq, u)

    def attack(self, sq: int, u: Any) -> None:
        """Why the Z/X on ``sq`` is not offered an attack."""
        if sq in self.offered_units:
            return
        s, p = self.s, self.p
        opp_sq = PLAYER_SQUARE[1 - p]
        if u.asleep:
            key = "asleep"
        elif opp_sq in ADJACENT[sq] and s.board[opp_sq] is None and F.ob_on_board(s, 1 - p):
            key = "protected"
        else:
            key = "no_target"
        self.add(key, u.iid, square=sq)

    def abilities(self, sq: int, u: Any) -> None:
        """Why each activated ability of the Z/X on ``sq`` is not offered."""
        s, p = self.s, self.p
        for ab in s.cards[u.iid].abilities_of("activated"):
            if (sq, ab.index) in self.activated or ab.zone != "board":
                continue
            if u.used:
                self.add("ability_used", u.iid, square=sq, ability=ab.index)
            elif not F.ability_on(s, p, ab, u.iid):
                self.add("ability_condition", u.iid, square=sq, ability=ab.index)
            elif not P.can_pay(s, p, None, ab.cost):
                self.add("ability_cost", u.iid, square=sq, ability=ab.index, cost=ab.cost, count=self.ready)
            elif ab.costs is not None:  # its other cost parts (games/zx/costs.py)
                self.add("ability_cost_parts", u.iid, square=sq, ability=ab.index)


__all__ = ["unavailable"]
