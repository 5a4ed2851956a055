"""Z/X rules: a 3x3 board, resources and charge, ignition, battles, life, and the dynamis.

Steps are tuples on ``state.steps`` (top = end; those of several fields are ``state.py``'s
records); ``advance`` runs them until a decision
opens. Rule IDs (ZX-*) refer to ../shared/rules/zx.md; docs/rules/zx.md states the readings."""
from __future__ import annotations

import itertools
from typing import Any, Sequence

from ...engine.action import Action, ActionTable
from ...engine.choices import ChoiceRunner, put_rest
from ...engine.deck import Deck
from ...engine.effects import EffectCtx, effect_step
from ...engine.reasons import Reason
from ...engine.select import Selector
from ...engine.steps import StepRuleset
from ...engine.triggers import TriggerRunner, new_action, stack_triggered, turn_end
from ...engine.state import colors_of, new_record
from . import costs as ZC
from . import flow as F
from . import payment as P
from . import reasons as ZR
from . import select as ZS
from . import triggers as ZT
from .conditions import CONDITIONS
from .cards import Card
from .state import (ADJACENT, BATTLE_EV_EX, BATTLE_EVENT, DYN_EV_EX, DYN_NONE, DYN_ZX_EX, PLAYER_SQUARE,
                    ActivatedStep, AwakenPending, PayStep, AwakenStep, Battle, EvExUseStep, PickCardPending, PickCardStep,
                    PlaceStep, Unit, ZXState)

PLAYER_TARGET = -1
#: per player, the squares other than the opponent's player square (ZX-Q2)
_PLACEABLE = tuple(tuple(sq for sq in range(9) if sq != PLAYER_SQUARE[1 - p]) for p in (0, 1))


def _resolving(ab) -> tuple:
    """The ops an ability's effect runs: its ``effects``, after a check of its ``if`` when it has one."""
    return ab.run if ab.cond is not None else ab.effects


def A(t: str, **kw: Any) -> Action:
    return Action.of(t, tuple(sorted(kw.items())))


_PLACE_FREE = ActionTable("place_free", "square")
_START = ActionTable("start_card", "card")
_GATE = ActionTable("gate_card", "card")
_RESOURCE = ActionTable("resource", "card")
_IGNITE = ActionTable("ignite", "card")
_PLACE = ActionTable("place", "card", "square")
_EVENT = ActionTable("event", "card")
_EV_EX = ActionTable("ev_ex", "card", "effect")
_SHIFT = ActionTable("shift", "card", "square")
_ACTIVATE = ActionTable("activate", "square", "ability")
#: an activated ability used from the hand, the charge or the trash (``from`` on the ability)
_ACTIVATE_CARD = ActionTable("activate_card", "card", "ability")
_ATTACK = ActionTable("attack", "attacker", "target")
_ZX_EX = ActionTable("zx_ex", "card", "square", "destroy")
_BATTLE_EVENT = ActionTable("battle_event", "card")
_LIFE = ActionTable("life", "index")
_DISCARD = ActionTable("discard", "card")
_SLEEP = ActionTable("sleep", "square")
_PICK = ActionTable("pick", "card")
_OVERBOOST = ActionTable("overboost", "card", "square")
_PAY = ActionTable("pay", "color")


class _Rows(dict):
    """card -> the actions of that card by square (``place``; ``zx_ex`` destroying nothing)."""
    __slots__ = ("make",)

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, i: int) -> tuple:
        row = self[i] = tuple(self.make(i, sq) for sq in range(9))
        return row


_PLACE_ROWS = _Rows(lambda i, sq: _PLACE[i, sq])
#: by square: (square next to it, the attack from it on that square) pairs (ZX-Q5)
_ATTACKS = tuple(tuple((t, _ATTACK[sq, t]) for t in ADJACENT[sq]) for sq in range(9))
#: per player, by square: the attack from it on the opponent when it is next to their player square
_ATTACK_PLAYER = tuple(tuple(_ATTACK[sq, PLAYER_TARGET] if PLAYER_SQUARE[1 - p] in ADJACENT[sq] else None
                             for sq in range(9)) for p in (0, 1))
_ZX_EX_ROWS = _Rows(lambda i, sq: _ZX_EX[i, sq, ()])
_USE_FREE, _DECLINE = A("use_free"), A("decline")
_NO_START, _NO_GATE, _KEEP, _MULLIGAN = A("no_start_card"), A("no_gate_card"), A("keep"), A("mulligan")
_NO_RESOURCE, _END_IGNITION, _END_TURN, _PASS = A("no_resource"), A("end_ignition"), A("end_turn"), A("pass")
_PICK_NONE, _NO_OVERBOOST, _PAY_SUGGESTED = A("pick_none"), A("no_overboost"), A("pay_suggested")


class ZXRules(TriggerRunner, ChoiceRunner, StepRuleset[ZXState]):
    id = "zx"
    name = "Z/X -Zillions of enemy X-"
    profile_numbers = {"hand_size": "start.hand_size", "hand_limit": "start.hand_limit",
                       "life_start": "start.life_cards", "resource_start": "start.resource_cards"}
    hand_size: int  # (the profile's numbers: read_profile sets them)
    hand_limit: int
    life_start: int
    resource_start: int
    conditions = CONDITIONS

    # --- set-up (ZX-S1..S6) ------------------------------------------------------------------
    def new_state(self, decks: Sequence[Deck], seed: int, first: int | None = None) -> ZXState:
        self.profile  # noqa: B018
        cards, owner, zones = self.deal(decks, ("main", "dynamis", "player", "ob_bottom"))
        s = ZXState(seed, tuple(cards), tuple(owner))
        if s.trig is not None:
            s.trig.cap = self.max_triggers_per_action
        for p, z in enumerate(zones):
            ps = s.players[p]
            ps.deck, ps.dynamis = z["main"], z["dynamis"]
            ps.player_card = z["player"][0] if z["player"] else -1  # ZX-S1 (face down)
            ps.ob_bottom = z["ob_bottom"][0] if z["ob_bottom"] else -1
        draw = ("setup_draw",) if first is None else ("setup_draw", first)  # who goes first: drawn, or chosen
        s.steps = [("start_turn",), ("setup_finish",), ("mulligans",), draw, ("setup_reveal",),
                   ("setup_gate", 1), ("setup_start", 1), ("setup_gate", 0), ("setup_start", 0)]
        self.advance(s)
        return s

    def _step_setup_start(self, s, step):  # ZX-S2
        p = step[1]
        if any(s.cards[i].start_card for i in s.players[p].deck):
            self._decide(s, p, "start_card", p)

    def _step_setup_gate(self, s, step):  # ZX-S3
        p = step[1]
        if any(s.cards[i].gate_card for i in s.players[p].deck):
            self._decide(s, p, "gate_card", p)

    def _step_setup_reveal(self, s, step):
        """ZX-S2/S3: both players have chosen without seeing the other's choice; now the start
        cards go face down on the player squares and the gate cards face up into the dynamis."""
        for p in (0, 1):
            ps = s.players[p]
            start, gate = ps.chosen
            ps.chosen = (-1, -1)
            if start >= 0:
                ps.deck.remove(start)
                s.board[PLAYER_SQUARE[p]] = Unit(start, p)
                s.emit("start_card", {"player": p})  # face down until set-up ends
            if gate >= 0:
                ps.deck.remove(gate)
                ps.dynamis.append(gate)
                ps.face_up.add(gate)
                s.emit("gate_card", {"player": p, "card": gate, "id": s.cards[gate].id})

    def _step_setup_draw(self, s, step):  # ZX-S4/S5
        for p in (0, 1):
            s.rng.shuffle(s.players[p].deck)
            s.emit("shuffle", {"player": p})
        s.first = s.active = self.who_goes_first(s.rng, step[1] if len(step) > 1 else None)
        s.emit("first_player", {"player": s.first})
        for p in (s.first, 1 - s.first):
            F.draw(s, p, self.hand_size)

    def _step_mulligans(self, s, step):
        s.steps += [("mulligan", 1 - s.first), ("mulligan", s.first)]

    def _step_mulligan(self, s, step):
        self._decide(s, step[1], "mulligan", step[1])

    def _step_setup_finish(self, s, step):  # ZX-S6
        for p in (0, 1):
            ps = s.players[p]
            for _ in range(self.life_start):
                ps.life.append(ps.deck.pop())
            for _ in range(self.resource_start):
                ps.resources.append(ps.deck.pop())
            ps.player_face_up = True
            s.emit("setup", {"player": p, "life": len(ps.life), "resources": list(ps.resources),
                             "start_card": s.board[PLAYER_SQUARE[p]].iid if s.board[PLAYER_SQUARE[p]] else None})
        s.phase = "play"

    def scramble_hidden(self, s: ZXState, viewer, rng) -> bool:
        """Hand, deck, life (face down even to its owner) are hidden. (Face-down dynamis cards
        stay put: the owner knows them and the opponent's view shows only their count; the
        start and gate cards chosen in set-up stay in the deck, only its order changes.)"""
        if s.decision and s.decision.kind in ("pick_card", "look_take", "look_order"):
            return False  # (the deck's cards looked at are named in the decision)
        for p, ps in enumerate(s.players):
            if p != viewer:
                s.exchange(rng, ps.hand, ps.life, ps.deck)
            else:
                s.exchange(rng, ps.life, ps.deck)
        return True

    def unavailable(self, s: ZXState, seat: int | None, legal: Sequence[Action] | None = None) -> list[Reason]:
        """Why the options ``seat`` might expect are not offered (games/zx/reasons.py)."""
        if legal is None:
            legal = self.legal_actions(s) if s.decision is not None and not s.over else []
        return ZR.unavailable(s, seat, legal)

    # --- the turn (ZX-T1..T6) ------------------------------------------------------------------
    def _step_start_turn(self, s, step):
        p = s.next_turn()
        for q in s.players:
            q.used_ex = q.used_ev_ex = q.used_shift = False
            if q.activated:
                q.activated = set()  # (replaced, never cleared in place: clones share it)
        s.emit("turn_start", {"turn": s.turn, "player": p})
        s.phase = "reboot"  # ZX-T1
        s.steps += [("end_phase",), ("main",), ("ignition",), ("resource",)]
        if s.trig is not None and s.trig.queue:
            # 「ターン開始時」: what the turn's start triggered resolves first (after_op puts it
            # on top of this step), then the reboot and the draw
            s.steps.append(("turn_begin", p))
            return
        self._step_turn_begin(s, ("turn_begin", p))

    def _step_turn_begin(self, s, step):  # ZX-T1 reboot, ZX-T2 draw
        p = step[1]
        s.phase = "reboot"
        for u in s.board:
            if u is not None and u.owner == p:
                u.asleep = False
                u.used = False
        s.players[p].asleep_res.clear()
        if s.turn > 1:  # ZX-T2
            s.phase = "draw"
            F.draw(s, p, 1)

    def _step_resource(self, s, step):
        s.phase = "resource"
        if s.players[s.active].hand:
            self._decide(s, s.active, "resource", s.active)

    def _step_ignition(self, s, step):
        s.phase = "ignition"
        if s.players[s.active].charge:
            self._decide(s, s.active, "ignition", s.active)

    def _step_main(self, s, step):
        s.phase = "main"
        self._decide(s, s.active, "main", s.active)

    def _step_end_phase(self, s, step):  # ZX-T6
        s.phase = "end"
        turn_end(s, ZT.match)
        for u in s.board:
            if u is not None:
                u.damage = 0
                u.power_mod = 0
        s.steps.append(("start_turn",))
        s.steps.append(("hand_limit", s.active))

    def _step_hand_limit(self, s, step):
        p = step[1]
        if len(s.players[p].hand) > self.hand_limit:
            self._decide(s, p, "discard", p, over=len(s.players[p].hand) - self.hand_limit)

    # --- revealed cards: overdrive and life (ZX-T4, ZX-B5) ---------------------------------------
    def _reveal_options(self, s, p: int, iid: int) -> list[Action]:
        card = s.cards[iid]
        out = []
        if card.kind == "zx":
            out = [_PLACE_FREE[sq] for sq in range(9) if F.can_place_on(s, p, sq)]
        elif card.kind == "event":
            out = [_USE_FREE]
        return out + [_DECLINE]

    def _use_revealed(self, s, p: int, a: Action, decline_to: str) -> None:
        ps = s.players[p]
        iid, ps.revealed = ps.revealed, -1
        if a.type == "place_free":
            u = F.place_unit(s, p, iid, a.square, "overdrive" if decline_to == "trash" else "life")
            self._on_place(s, p, u)
        elif a.type == "use_free":
            self._use_event(s, p, iid, free=True)
        elif decline_to == "trash":
            s.players[p].trash.append(iid)
            s.emit("to_trash", {"player": p, "card": iid, "id": s.cards[iid].id, "why": "ignition"})
        else:
            F.to_charge(s, p, iid, "life")

    def _legal_overdrive(self, s, p, pending):
        return self._reveal_options(s, p, s.players[p].revealed)

    def _apply_overdrive(self, s, p, pending, a):
        s.steps.append(("ignition",))
        self._use_revealed(s, p, a, "trash")

    def _legal_life_card(self, s, p, pending):
        return self._reveal_options(s, p, s.players[p].revealed)

    def _apply_life_card(self, s, p, pending, a):
        self._use_revealed(s, p, a, "charge")

    # --- legal actions ---------------------------------------------------------------------------
    def _legal_start_card(self, s, p, pending):
        ids = sorted({i for i in s.players[p].deck if s.cards[i].start_card}, key=lambda i: s.cards[i].id)
        seen, out = set(), []
        for i in ids:
            if s.cards[i].id not in seen:
                seen.add(s.cards[i].id)
                out.append(_START[i])
        return out + [_NO_START]

    def _legal_gate_card(self, s, p, pending):
        seen, out = set(), []
        for i in s.players[p].deck:
            if s.cards[i].gate_card and s.cards[i].id not in seen:
                seen.add(s.cards[i].id)
                out.append(_GATE[i])
        return out + [_NO_GATE]

    def _legal_mulligan(self, s, p, pending):
        return [_KEEP, _MULLIGAN]

    def _legal_resource(self, s, p, pending):
        out = [_RESOURCE[i] for i in s.players[p].hand]
        out.append(_NO_RESOURCE)
        return out

    def _legal_ignition(self, s, p, pending):
        out = [_IGNITE[i] for i in s.players[p].charge]
        out.append(_END_IGNITION)
        return out

    def _legal_main(self, s, p, pending):
        ps = s.players[p]
        cards = s.cards
        board = s.board
        table = s.table
        out: list[Action] = []
        opp_sq = PLAYER_SQUARE[1 - p]
        # one look at the board: the squares F.can_place_on allows, the player's Z/X (``mine``)
        # and the rebooted ones (``own``), board order
        squares: list[int] = []
        own: list[int] = []
        mine: list[int] = []
        for sq in range(9):
            u = board[sq]
            if u is None:
                if sq != opp_sq:
                    squares.append(sq)
            elif u.owner == p:
                mine.append(sq)
                if not u.asleep:
                    own.append(sq)
                    if sq != opp_sq:
                        squares.append(sq)
        # the costs payable from the rebooted resources (ZX-C2), counted per colour once
        have = P.awake_counts(s, p)
        total = sum(have)
        hand_main = table.hand_main
        for i in ps.hand:
            e = hand_main[i]  # None, or (a Z/X?, cost, colour place or -1): can_pay inline
            if e is not None and (e[1] <= 0 or (total >= e[1] and (e[2] < 0 or have[e[2]] > 0))):
                if e[0]:
                    row = _PLACE_ROWS[i]
                    for sq in squares:
                        out.append(row[sq])
                else:
                    out.append(_EVENT[i])
        ex_ok = not ps.used_ex and not ps.used_ev_ex
        face_up = ps.face_up
        hosts = None
        dyn_main = table.dyn_main
        for i in ps.dynamis:
            if i in face_up:
                continue
            code = dyn_main[i]
            if code == DYN_NONE:
                continue
            c = cards[i]
            if code == DYN_ZX_EX:
                if ex_ok:
                    if c.condition == "idealize":  # _ex_options, ZX-X4
                        if ps.counters.get(c.counter, 0) >= c.count:
                            row = _ZX_EX_ROWS[i]
                            out.extend([row[sq] for sq in squares])
                        continue
                    out.extend(self._ex_options(s, p, i, squares, own, (have, total)))
            elif code == DYN_EV_EX:
                if ex_ok and F.ev_ex_is_mine(s, p, c) and P.payable(have, total, c.color, c.cost):
                    out.append(_EV_EX[i, 0])
                    out.append(_EV_EX[i, 1])
            elif not ps.used_shift and len(face_up) >= c.min_face_up:  # DYN_SHIFT
                if hosts is None:  # the player's Z/X without a SHIFT, board order: (square, kind, colour)
                    hosts = []
                    for sq in mine:
                        u = board[sq]
                        if u.shift < 0:
                            h = cards[u.iid]
                            hosts.append((sq, h.kind, h.color))
                t = c.shift_target  # _shift_fits (a host has no SHIFT: its own colour only)
                for sq, host_kind, host_color in hosts:
                    if t == "any" or (host_kind == "zx_ob" if t == "zx_ob" else host_color == t):
                        out.append(_SHIFT[i, sq])
        player_open = None
        activated = table.activated
        on_player = _ATTACK_PLAYER[p]
        for sq in mine:
            u = board[sq]
            if not u.used:
                for ab in activated[u.iid]:
                    if F.ability_on(s, p, ab, u.iid) and P.payable(have, total, None, ab.cost) and \
                            ab.zone == "board" and (ab.costs is None or ZC.can_pay(s, p, u.iid, ab.costs)):
                        out.append(_ACTIVATE[sq, ab.index])
            if not u.asleep:  # ZX-Q5, as in _targets
                for t, act in _ATTACKS[sq]:
                    v = board[t]
                    if v is not None and v.owner != p:
                        out.append(act)
                act = on_player[sq]
                if act is not None and board[opp_sq] is None:
                    if player_open is None:
                        player_open = not F.ob_on_board(s, 1 - p)
                    if player_open:
                        out.append(act)
        if self._off_board(s):
            out.extend(self._activate_cards(s, p, have, total))
        out.append(_END_TURN)
        return out

    @staticmethod
    def _off_board(s) -> bool:
        """Whether a dealt card has an activated ability used from another zone than the board
        (worked out once per deal)."""
        memo = s.table.memo
        got = memo.get("activated_off_board")
        if got is None:
            got = memo["activated_off_board"] = any(ab.zone != "board" for abs_ in s.table.activated for ab in abs_)
        return got

    def _activate_cards(self, s, p: int, have, total: int) -> list[Action]:
        """The activated abilities the player may use from their hand, charge or trash: each
        card once per turn, its conditions met and its whole cost payable."""
        ps = s.players[p]
        activated = s.table.activated
        out = []
        for zone in ("hand", "charge", "trash"):
            for i in getattr(ps, zone):
                for ab in activated[i]:
                    if ab.zone == zone and i not in ps.activated and F.ability_on(s, p, ab, i) and \
                            P.payable(have, total, None, ab.cost) and \
                            (ab.costs is None or ZC.can_pay(s, p, i, ab.costs)):
                        out.append(_ACTIVATE_CARD[i, ab.index])
        return out

    def _ex_options(self, s, p, i, squares, own=None, awake=None) -> list[Action]:
        """ZX-X2..X4: the ways a Z/X EX can come down now (``squares``: those F.can_place_on allows
        the player; ``own``: the player's rebooted Z/X's squares; ``awake``: (the rebooted
        resources per colour, their sum) for ``payment.payable``, all as _legal_main has them)."""
        c = s.cards[i]
        ps = s.players[p]
        if own is None:
            own = [sq for sq, u in enumerate(s.board) if u is not None and u.owner == p and not u.asleep]
        if c.condition == "descent":
            if len(ps.resources) < c.cost:
                return []
            out = []
            open_sq = [False] * 9  # F.can_place_on by square: ``squares`` holds those it allows
            for sq in squares:
                open_sq[sq] = True
            for combo in itertools.combinations(own, c.count):
                if sum(s.cards[s.board[q].iid].cost for q in combo) >= c.cost:
                    for sq in range(9):
                        if sq in combo or open_sq[sq]:
                            out.append(_ZX_EX[i, sq, combo])
            return out
        if c.condition == "awaken":
            if not (P.payable(awake[0], awake[1], c.color, c.cost) if awake is not None
                    else P.can_pay(s, p, c.color, c.cost)):
                return []
            if c.awaken == "discard" and len(ps.hand) < c.count:
                return []
            if c.awaken == "sleep_zx":  # the Z/X put to sleep may not be the one being replaced
                row = _ZX_EX_ROWS[i]
                return [row[sq] for sq in squares if len(own) - (sq in own) >= c.count]
        elif ps.counters.get(c.counter, 0) < c.count:  # idealize
            return []
        row = _ZX_EX_ROWS[i]
        return [row[sq] for sq in squares]

    def _shift_fits(self, s, c: Card, u: Unit) -> bool:
        t = c.shift_target
        if t == "any":
            return True
        if t == "zx_ob":
            return s.cards[u.iid].kind == "zx_ob"
        # a colour: the Z/X's or its SHIFT's (F.unit_colors)
        return s.cards[u.iid].color == t or (u.shift >= 0 and s.cards[u.shift].color == t)

    def _targets(self, s, p: int, sq: int) -> list[int]:
        """ZX-Q5: adjacent opponent Z/X, or the player when the attacker is next to their empty
        player square and they have no Z/X OB on the board."""
        out = [t for t in ADJACENT[sq] if s.board[t] is not None and s.board[t].owner != p]
        opp_sq = PLAYER_SQUARE[1 - p]
        if opp_sq in ADJACENT[sq] and s.board[opp_sq] is None and not F.ob_on_board(s, 1 - p):
            out.append(PLAYER_TARGET)
        return out

    def _legal_battle(self, s, p, pending):
        ps = s.players[p]
        cards = s.cards
        have: list[int] | None = None

        def can_pay(color, n) -> bool:  # F.can_pay, the rebooted resources counted once, if needed
            nonlocal have
            if n <= 0:
                return True
            if have is None:
                have = P.awake_counts(s, p)
            return P.payable(have, sum(have), color, n)
        out = []
        battle = s.table.battle
        for i in ps.hand:
            if battle[i] == BATTLE_EVENT:
                c = cards[i]
                if can_pay(c.color, c.cost):
                    out.append(_BATTLE_EVENT[i])
        if not ps.used_ex and not ps.used_ev_ex:
            face_up = ps.face_up
            for i in ps.dynamis:
                if battle[i] == BATTLE_EV_EX and i not in face_up:
                    c = cards[i]
                    if F.ev_ex_is_mine(s, p, c) and can_pay(c.color, c.cost):
                        out.append(_EV_EX[i, 0])
                        out.append(_EV_EX[i, 1])
        out.append(_PASS)
        return out

    def _legal_life_pick(self, s, p, pending):
        return [_LIFE[k] for k in range(len(s.players[1 - p].life))]

    def _legal_discard(self, s, p, pending):
        return [_DISCARD[i] for i in s.players[p].hand]

    def _legal_awaken(self, s, p, pending: AwakenPending):
        if pending.what == "discard":
            return [_DISCARD[i] for i in s.players[p].hand]
        target = pending.target
        return [_SLEEP[sq] for sq, u in enumerate(s.board)
                if u is not None and u.owner == p and not u.asleep and sq != target]

    def _legal_pick_card(self, s, p, pending: PickCardPending):
        if pending.dest == "trash":  # the discard op: a card must go (its op may be optional)
            return [_PICK[i] for i in pending.matches]
        return [_PICK[i] for i in pending.matches] + [_PICK_NONE]

    def _legal_overboost(self, s, p, pending):
        ps = s.players[p]
        pc = s.cards[ps.player_card].id if ps.player_card >= 0 else None
        out: list[Action] = []
        if ps.ob_bottom >= 0 and ps.player_face_up:
            for i in ps.dynamis:
                c = s.cards[i]
                if i not in ps.face_up and c.kind == "zx_ob" and c.player == pc:
                    out.extend(_OVERBOOST[i, sq] for sq in range(9)
                               if s.board[sq] is None and sq != PLAYER_SQUARE[1 - p])
        return out + [_NO_OVERBOOST]

    # --- applying ------------------------------------------------------------------------------
    def _apply_start_card(self, s, p, pending, a):  # ZX-S2: kept secret until both have chosen
        self._set_aside(s, p, 0, a.card if a.type == "start_card" else -1)

    def _apply_gate_card(self, s, p, pending, a):  # ZX-S3: kept secret until both have chosen
        self._set_aside(s, p, 1, a.card if a.type == "gate_card" else -1)

    def _set_aside(self, s, p: int, k: int, iid: int) -> None:
        ps = s.players[p]
        chosen = list(ps.chosen)
        chosen[k] = iid
        ps.chosen = (chosen[0], chosen[1])
        what = "start_card" if k == 0 else "gate_card"
        s.emit("setup_choice", {"player": p, "choice": what},
               {"card": iid if iid >= 0 else None, "id": s.cards[iid].id if iid >= 0 else None}, (p,))

    def _apply_mulligan(self, s, p, pending, a):
        ps = s.players[p]
        ps.mulliganed = True
        if a.type == "mulligan":
            ps.deck.extend(ps.hand)
            ps.hand.clear()
            s.rng.shuffle(ps.deck)
            s.emit("mulligan", {"player": p})
            F.draw(s, p, self.hand_size)

    def _apply_resource(self, s, p, pending, a):  # ZX-T3
        if a.type == "resource":
            ps = s.players[p]
            card = a.params[0][1]  # (("card", iid),)
            ps.hand.remove(card)
            ps.resources.append(card)
            s.emit("resource", {"player": p, "card": card, "id": s.cards[card].id})

    def _apply_ignition(self, s, p, pending, a):  # ZX-T4
        if a.type == "end_ignition":
            return
        ps = s.players[p]
        card = a.params[0][1]  # (("card", iid),)
        ps.charge.remove(card)
        ps.trash.append(card)
        ZT.put(s, p, card, "charge", "trash")  # (the action names it: no event of its own)
        iid = F.take_top(s, p)
        if iid is None:
            s.steps.append(("ignition",))
            return
        card = s.cards[iid]
        s.emit("ignition", {"player": p, "card": iid, "id": card.id, "icon": card.ignition})
        if card.ignition:
            ps.revealed = iid
            self._decide(s, p, "overdrive", p, card=iid)
        else:
            ps.trash.append(iid)
            ZT.put(s, p, iid, "deck", "trash")
            s.steps.append(("ignition",))

    def _apply_main(self, s, p, pending, a):
        t = a.type
        if t == "end_turn":
            return
        s.steps.append(("main",))
        ps = s.players[p]
        cards = s.cards
        if t in ("place", "event"):  # the card waits in "resolving" (public) while it is paid for
            card = a.params[0][1]  # (("card", iid), ("square", sq)) / (("card", iid),)
            c = cards[card]
            ps.hand.remove(card)
            ps.resolving.append(card)
            s.steps.append(new_record(PlaceStep, ("play_zx", p, card, a.params[1][1])) if t == "place" else ("use_event", p, card))
            self._pay(s, p, c.color, c.cost, card, t)
        elif t == "zx_ex":
            self._place_ex(s, p, a)
        elif t == "ev_ex":
            self._use_ev_ex(s, p, a)
        elif t == "shift":  # ZX-X6
            (_, card), (_, square) = a.params  # card, square
            u = s.board[square]
            ps.dynamis.remove(card)
            u.shift = card
            ps.used_shift = True
            s.emit("shift", {"player": p, "card": card, "id": cards[card].id, "square": square})
            for ab in reversed(cards[card].abilities_of("on_place")):
                if F.ability_on(s, p, ab, u.iid):
                    s.steps.append(effect_step(p, u.iid, _resolving(ab)))
        elif t == "activate":  # 「特定効果を発動する」: the cost needs no colour (see payment.py)
            (_, ability), (_, square) = a.params  # ability, square
            u = s.board[square]
            ab = cards[u.iid].abilities[ability]
            u.used = True
            s.steps.append(new_record(ActivatedStep, ("activated", p, square, u.iid, ability)))
            self._pay_cost(s, p, ab, u.iid)
        elif t == "activate_card":  # from the hand, the charge or the trash: once per turn per card
            (_, ability), (_, card) = a.params  # ability, card
            ps.activated = ps.activated | {card}  # (a new set: clones share the old one)
            s.steps.append(new_record(ActivatedStep, ("activated", p, -1, card, ability)))
            self._pay_cost(s, p, cards[card].abilities[ability], card)
        elif t == "attack":  # ZX-B1
            (_, attacker), (_, target) = a.params  # attacker, target
            u = s.board[attacker]
            u.asleep = True
            tgt = s.board[target].iid if target >= 0 else PLAYER_TARGET
            s.battle = new_record(Battle, (attacker, u.iid, target, tgt))
            s.emit("attack", {"player": p, "attacker": attacker, "card": u.iid, "target": target})
            s.steps += [("battle_resolve",), ("battle_events", p, 0)]

    def _place_ex(self, s, p, a):
        ps = s.players[p]
        (_, card), (_, destroy), (_, square) = a.params  # card, destroy, square
        c = s.cards[card]
        ps.used_ex = True
        ps.dynamis.remove(card)
        s.emit("zx_ex", {"player": p, "card": card, "id": c.id, "condition": c.condition})
        if c.condition == "descent":  # ZX-X2: destroy, resources only counted
            for q in destroy:
                F.leave_board(s, q, "descent")
        elif c.condition == "awaken":  # ZX-X3: pay, then the awaken condition, then it comes down
            ps.resolving.append(card)  # held while it is paid for and the condition carried out
            s.steps.append(new_record(PlaceStep, ("place_ex", p, card, square)))
            s.steps.append(new_record(AwakenStep, ("awaken", p, c.awaken, c.count, square)))
            self._pay(s, p, c.color, c.cost, card, "zx_ex")
            return
        else:  # ZX-X4
            ps.counters[c.counter] -= c.count
            s.emit("counter", {"player": p, "counter": c.counter, "total": ps.counters[c.counter]})
        self._on_place(s, p, F.place_unit(s, p, card, square, "zx_ex"))

    def _step_place_ex(self, s, step: PlaceStep):
        p, iid, sq = step.player, step.card, step.square
        s.players[p].resolving.remove(iid)
        if not F.can_place_on(s, p, sq):  # the square changed meanwhile: back, face up
            s.players[p].dynamis.append(iid)
            s.players[p].face_up.add(iid)
            return
        self._on_place(s, p, F.place_unit(s, p, iid, sq, "zx_ex"))

    def _step_awaken(self, s, step: AwakenStep):
        if step.n > 0:
            self._decide(s, step.player, "awaken", new_record(AwakenPending, (step.player, step.what, step.n, step.target)),
                         condition=step.what, remaining=step.n)

    def _apply_awaken(self, s, p, pending: AwakenPending, a):
        if a.type == "discard":
            s.players[p].hand.remove(a.card)
            s.players[p].trash.append(a.card)
            s.emit("discard", {"player": p, "card": a.card, "id": s.cards[a.card].id})
        else:
            s.board[a.square].asleep = True
            s.emit("set_state", {"card": s.board[a.square].iid, "asleep": True})
        if pending.n > 1:
            s.steps.append(new_record(AwakenStep, ("awaken", p, pending.what, pending.n - 1, pending.target)))

    def _use_ev_ex(self, s, p, a):  # ZX-X7
        (_, card), (_, effect) = a.params  # card, effect
        s.players[p].used_ev_ex = True
        s.players[p].face_up.add(card)  # shown when it is used, while it is paid for
        s.steps.append(new_record(EvExUseStep, ("ev_ex_use", p, card, effect)))
        self._pay(s, p, s.cards[card].color, s.cards[card].cost, card, "ev_ex")

    def _step_ev_ex_use(self, s, step: EvExUseStep):
        p, iid, effect = step.player, step.card, step.effect
        c = s.cards[iid]
        s.players[p].face_up.add(iid)
        s.emit("ev_ex", {"player": p, "card": iid, "id": c.id, "effect": effect})
        s.steps.append(effect_step(p, iid, c.abilities_of("use")[effect].effects))

    def _step_play_zx(self, s, step: PlaceStep):
        p, iid, sq = step.player, step.card, step.square
        s.players[p].resolving.remove(iid)
        self._on_place(s, p, F.place_unit(s, p, iid, sq))

    def _step_use_event(self, s, step):
        self._use_event(s, step[1], step[2], held=True)

    def _pay_cost(self, s, p: int, ab, source: int) -> None:
        """An activated ability's cost, paid before it resolves: its resources (a whole number),
        or its cost parts in order (games/zx/costs.py: an effect step of ``pay`` ops)."""
        if ab.costs is None:
            self._pay(s, p, None, ab.cost, source, "activate")
        else:
            s.steps.append(effect_step(p, source, ab.costs.ops))

    def _step_activated(self, s, step: ActivatedStep):
        p, sq, iid, index = step.player, step.square, step.card, step.ability
        if sq < 0:  # used from another zone than the board: the card is named, and where it was
            ab = s.cards[iid].abilities[index]
            s.emit("activate", {"player": p, "square": sq, "card": iid, "id": s.cards[iid].id, "ability": index,
                                "zone": ab.zone})
        else:
            s.emit("activate", {"player": p, "square": sq, "card": iid, "ability": index})
        s.steps.append(effect_step(p, iid, _resolving(s.cards[iid].abilities[index])))

    # --- paying (ZX-C2) ---------------------------------------------------------------------------
    def _pay(self, s, p: int, color: str | None, n: int, source: int, why: str) -> None:
        """Pay a cost of ``n`` rebooted resources (one of ``color`` unless None) before the step
        below it resolves. A cost of 0 pays nothing."""
        if n > 0:
            s.steps.append(new_record(PayStep, ("pay", p, color, n, (), source, why)))

    def _step_pay(self, s, step: PayStep):
        """ZX-C2: the player puts the resources to sleep. A decision only when more than one
        distinct payment (count per colour) is possible; otherwise the one payment is made."""
        p, color, n, paid, source, why = step.player, step.color, step.n, step.paid, step.source, step.why
        left = n - len(paid)
        if left > 0:
            matched = color is None or (bool(paid) and P.is_matched(s, paid, color))
            have = P.awake_counts(s, p)
            one = P.only_payment(have, color, left, matched)  # no list of every payment when one is
            if one is None:  # not one payment: more than one when there is any (P.feasible)
                if P.feasible(have, color, left, matched):
                    self._decide(s, p, "pay", step, card=source, why=why, color=color, cost=n, left=left,
                                 paid=colors_of(s.cards, paid))
                    return
                one = P.payments(have, color, left, matched)[0]  # none: an error, as it always was
            chosen = P.resources_for(s, P.awake(s, p), one)
            s.players[p].asleep_res.update(chosen)
            paid = paid + tuple(chosen)
        s.emit("pay", {"player": p, "resources": list(paid), "colors": colors_of(s.cards, paid),
                       "card": source, "for": why})

    def _legal_pay(self, s, p, pending: PayStep):
        color, n, paid = pending.color, pending.n, pending.paid
        have = P.awake_counts(s, p)
        colours = P.options(have, color, n - len(paid), P.is_matched(s, paid, color))
        return [_PAY[c] for c in colours] + [_PAY_SUGGESTED]

    def _apply_pay(self, s, p, pending: PayStep, a):
        color, n, paid = pending.color, pending.n, pending.paid
        ps = s.players[p]
        if a.type == "pay_suggested":
            matched = P.is_matched(s, paid, color)
            chosen = P.resources_for(s, P.awake(s, p), P.suggested(s, p, color, n - len(paid), matched))
        else:  # the first rebooted resource of that colour
            one = a.params[0][1]  # (("color", colour),)
            asleep, cards = ps.asleep_res, s.cards
            for i in ps.resources:
                if i not in asleep and cards[i].color == one:
                    chosen = [i]
                    break
        ps.asleep_res.update(chosen)
        s.steps.append(new_record(PayStep, ("pay", p, color, n, paid + tuple(chosen), pending.source, pending.why)))

    def _use_event(self, s, p, iid, free: bool = False, held: bool = False):
        ps = s.players[p]
        if not held:
            ps.resolving.append(iid)
        s.emit("event", {"player": p, "card": iid, "id": s.cards[iid].id, "free": free})
        s.steps.append(("to_trash", iid))
        s.steps.append(effect_step(p, iid, s.cards[iid].abilities_of("use")[0].effects))

    def _step_to_trash(self, s, step):
        iid = step[1]
        ps = s.players[s.owner[iid]]
        if iid in ps.resolving:
            ps.resolving.remove(iid)
            ps.trash.append(iid)

    def _on_place(self, s, p, u: Unit):
        for ab in reversed(s.table.on_place[u.iid]):
            if F.ability_on(s, p, ab, u.iid):  # its own condition, at the moment it is placed
                s.steps.append(effect_step(p, u.iid, _resolving(ab)))

    # --- battle (ZX-B1..B5) ----------------------------------------------------------------------
    def _step_battle_events(self, s, step):
        _, p, passes = step
        self._decide(s, p, "battle", (p, passes), passes=passes,
                     attacker=s.battle.attacker_square if s.battle else None,
                     target=s.battle.target_square if s.battle else None)

    def _apply_battle(self, s, p, pending, a):
        _, passes = pending
        if a.type == "pass":
            if passes >= 1:
                return  # both passed in a row: battle_resolve is next on the stack
            s.steps.append(("battle_events", 1 - p, passes + 1))
            return
        s.steps.append(("battle_events", 1 - p, 0))
        if a.type == "battle_event":
            card = a.params[0][1]  # (("card", iid),)
            c = s.cards[card]
            s.players[p].hand.remove(card)
            s.players[p].resolving.append(card)
            s.steps.append(("use_event", p, card))
            self._pay(s, p, c.color, c.cost, card, "battle_event")
        else:
            self._use_ev_ex(s, p, a)

    def _step_battle_resolve(self, s, step):
        b = s.battle
        att_sq, att_iid, tgt_sq, tgt_iid = b.attacker_square, b.attacker, b.target_square, b.target
        u = s.board[att_sq]
        if u is None or u.iid != att_iid:  # ZX-B3
            s.emit("battle_end", {"why": "attacker gone"})
            self._battle_over(s)
            return
        p = u.owner
        if tgt_iid == PLAYER_TARGET:  # ZX-B5
            if F.ob_on_board(s, 1 - p):  # a Z/X OB came down during the battle: no hit (ZX-X5)
                s.emit("battle_end", {"why": "player protected by a Z/X OB"})
            elif s.players[1 - p].life:
                s.steps.append(("battle_over",))  # the battle lasts while the life card resolves
                self._decide(s, p, "life_pick", p)
                return
        else:  # ZX-B4
            v = s.board[tgt_sq]
            if v is not None and v.iid == tgt_iid:
                dmg = F.power_of(s, u)
                v.damage += dmg
                s.emit("battle_damage", {"square": tgt_sq, "card": v.iid, "amount": dmg, "total": v.damage})
                F.check_destroyed(s)
                if s.board[tgt_sq] is not v and s.trig is not None:  # destroyed by the battle damage
                    ZT.destroys(s, u)
        self._battle_over(s)

    def _apply_life_pick(self, s, p, pending, a):
        d = 1 - p
        ds = s.players[d]
        iid = ds.life.pop(a.params[0][1])  # (("index", k),)
        card = s.cards[iid]
        s.emit("life_damage", {"player": d, "card": iid, "id": card.id, "icon": card.ignition,
                               "life": len(ds.life)})
        if not ds.life:  # ZX-W1: the last life card left
            F.to_charge(s, d, iid, "life")
            F.check_life(s, d)
            return
        if card.ignition:
            ds.revealed = iid
            self._decide(s, d, "life_card", d, card=iid)
        else:
            F.to_charge(s, d, iid, "life")

    def _step_battle_over(self, s, step):
        self._battle_over(s)

    def _battle_over(self, s) -> None:
        """The battle ends: 「バトル終了」 triggers of the Z/X that took part (games/zx/triggers.py)."""
        b, s.battle = s.battle, None
        if b is not None:
            ZT.battle_end(s, b)

    # --- other decisions ----------------------------------------------------------------------------
    def _apply_discard(self, s, p, pending, a):
        ps = s.players[p]
        card = a.params[0][1]  # (("card", iid),)
        ps.hand.remove(card)
        ps.trash.append(card)
        s.emit("discard", {"player": p, "card": card, "id": s.cards[card].id})
        s.steps.append(("hand_limit", p))

    def _step_pick_card(self, s, step: PickCardStep):
        p, zone, flt = step.player, step.zone, step.filter
        pool = getattr(s.players[p], zone)
        if isinstance(flt, Selector):  # a search's selector table (effects.SEARCH_FILTER)
            self._offer_pick(s, step, ZS.SELECTORS.matching_ids(s, p, zone, pool, flt))
            return
        cards = s.cards
        found = []
        for i in pool:
            c = cards[i]
            for k, v in flt:
                if getattr(c, k, None) != v:
                    break
            else:
                found.append(i)
        self._offer_pick(s, step, tuple(found))

    def _offer_pick(self, s, step: PickCardStep, matches: tuple) -> None:
        """The ``pick_card`` decision among ``matches`` (or nothing to do: a discard from an empty hand)."""
        p, zone, dest, reveal = step.player, step.zone, step.dest, bool(step.reveal)
        if dest == "trash" and not matches:  # a discard from an empty hand: nothing to do
            self.effect_done(s, False)
            return
        info: dict[str, Any] = {"zone": zone, "to": dest if isinstance(dest, str) else "force"}
        if not isinstance(dest, str):
            info["holder"] = dest[1]
        if reveal:
            info["reveal"] = True
        self._decide(s, p, "pick_card", new_record(PickCardPending, (p, matches, zone, dest, reveal)), **info)

    def _apply_pick_card(self, s, p, pending: PickCardPending, a):
        zone, dest, reveal = pending.zone, pending.dest, pending.reveal
        ps = s.players[p]
        if a.type == "pick" and dest == "trash":  # the discard op: from the hand, public
            ps.hand.remove(a.card)
            ps.trash.append(a.card)
            s.emit("discard", {"player": p, "card": a.card, "id": s.cards[a.card].id})
        elif a.type == "pick":
            getattr(ps, zone).remove(a.card)
            if isinstance(dest, tuple):  # ("force", holder iid): Alter Force
                held = s.square_of(dest[1])
                src = s.board[held] if held >= 0 else None
                if src is None:
                    ps.trash.append(a.card)
                else:
                    src.force = src.force + (a.card,)
                    s.emit("alter_force", {"player": p, "card": src.iid, "force": len(src.force)})
            else:
                ps.hand.append(a.card)
                what = {"card": a.card, "id": s.cards[a.card].id}
                if reveal or zone != "deck":  # 公開, or a card from a public zone
                    s.emit("pick", {"player": p, **what, "from": zone, "revealed": reveal})
                else:  # a searched card goes to the hand unseen by the opponent
                    s.emit("pick", {"player": p, "from": zone}, what, (p,))
        if zone == "deck":
            s.rng.shuffle(ps.deck)
        self.effect_done(s, a.type == "pick")  # for an "if you do" after the op that asked

    def _step_overboost(self, s, step):  # ZX-X5
        self._decide(s, step[1], "overboost", step[1])

    def _apply_overboost(self, s, p, pending, a):
        if a.type == "no_overboost":
            return
        ps = s.players[p]
        ps.dynamis.remove(a.card)
        ps.player_face_up = False
        s.emit("overboost", {"player": p, "card": a.card, "id": s.cards[a.card].id, "square": a.square,
                             "player_card": "face down"})
        u = F.place_unit(s, p, a.card, a.square, "overboost")
        u.bottom, ps.ob_bottom = ps.ob_bottom, -1
        self._on_place(s, p, u)

    # --- effect targets (EffectRunner hooks) --------------------------------------------------------
    #: what a selector table may name (games/zx/select.py)
    selectors = ZS.SELECTORS

    def effect_can_act(self, s, ctx: EffectCtx, op) -> bool:
        """An optional ``discard`` is not offered with an empty hand (nor ``alter_force`` with an
        empty trash or away from the board, nor ``look`` at an empty deck)."""
        if op.name == "discard":
            return bool(s.players[ctx.controller].hand)
        if op.name == "alter_force":
            return s.square_of(ctx.source) >= 0 and bool(s.players[ctx.controller].trash)
        if op.name == "pay" and "cost" in op.args:  # you may pay: not asked when it cannot be paid
            return ZC.can_pay(s, ctx.controller, ctx.source, op["cost"])
        if op.name == "look":  # (an empty deck, hand or life: nothing to look at)
            whose = s.players[ctx.controller if op["side"] == "own" else 1 - ctx.controller]
            return bool(getattr(whose, op.get("zone") or "deck"))
        return True

    def effect_target(self, s, iid: int) -> Unit | ZS.Loose | None:
        """The Z/X with this card on the board, or the card in its owner's pile (a ``move``'s
        target), or None."""
        sq = s.square_of(iid)
        return s.board[sq] if sq >= 0 else ZS.locate(s, iid)

    #: ZX-B4: destruction is a standing check, so it runs after every step as well as after
    #: every effect op and decision (``StepRuleset.advance``): a Z/X placed once it is paid for, a
    #: Z/X EX coming down after its awaken condition, a power booster replaced — whatever left a
    #: Z/X at its damage, it is destroyed before the next decision opens
    check_after_steps = True

    def after_op(self, s) -> None:
        for u in s.board:  # F.check_destroyed does nothing unless a Z/X has damage
            if u is not None and u.damage > 0:
                F.check_destroyed(s)
                break
        tr = s.trig
        if tr is not None and tr.queue and not tr.busy and not s.over and s.decision is None:
            # what triggered goes onto the stack: the first to resolve on top (engine/triggers.py);
            # while a decision is open (the ignition's overdrive, a life card's use), once it is
            # answered, above whatever its answer put on the stack
            stack_triggered(s, tr, s.active)

    # --- triggered abilities (games/zx/triggers.py) ---------------------------------------------------
    def apply(self, s, action) -> None:
        new_action(s, self.max_triggers_per_action)
        super().apply(s, action)

    def trigger_ops(self, ability) -> tuple:
        return _resolving(ability)

    def effect_candidates(self, s, ctx: EffectCtx, sel, op) -> list:
        flt = op.get("filter")
        preset = ZS.PRESETS[sel] if isinstance(sel, str) else sel  # choose_own_zx, choose_opponent_zx
        return [u for u in ZS.candidates(s, ctx.controller, ctx.source, preset) if F.unit_matches(s, u, flt)]

    def effect_select(self, s, ctx: EffectCtx, sel, last: tuple, op) -> list:
        flt = op.get("filter")
        found = self._select(s, ctx, sel, last)
        if op.name != "move":  # a unit op acts on Z/X on the board only ("same" after a move...)
            found = [u for u in found if isinstance(u, Unit)]
        return [u for u in found if F.unit_matches(s, u, flt)] if flt else found

    def _select(self, s, ctx: EffectCtx, sel, last: tuple) -> list:
        if not isinstance(sel, str):
            return ZS.candidates(s, ctx.controller, ctx.source, sel)
        if sel == "same":  # (a card moved from a pile may be moved on: effect_select keeps piles for move)
            return self.effect_targets(s, last)
        if sel in ZS.PRESETS:  # all_own_zx, all_opponent_zx
            return ZS.candidates(s, ctx.controller, ctx.source, ZS.PRESETS[sel])
        if sel == "self":
            iids: tuple = (ctx.source,)
        elif s.battle is None:  # attacker, battle_target
            return []
        else:
            iids = (s.battle.attacker if sel == "attacker" else s.battle.target,)
        return [u for u in self.effect_targets(s, iids) if isinstance(u, Unit)]  # on the board only

    # --- looking at the top of a deck (engine/choices.py: the look op) -------------------------------
    def look_top(self, s, player: int, n: int) -> list:
        """The top ``n`` cards of the player's deck, top first (fewer when it holds fewer: looking
        is not drawing, the deck is not rebuilt)."""
        deck = s.players[player].deck
        return deck[::-1][:n]

    def look_move(self, s, ctx: EffectCtx, iid: int, owner: int, to: str, reveal: bool, zone: str = "deck") -> None:
        """A card taken by a look goes from the deck (or the hand, the life: ``zone``) to its owner's
        zone ``to`` (a ``move`` event: into or out of the hand it is named to its owner alone unless
        ``reveal`` showed it to both first, into a public zone to both); ``to = "square"``: onto a
        square of the owner's choice, unpaid, as ``move`` puts it."""
        if reveal:
            s.emit("reveal", {"player": owner, "card": iid, "id": s.cards[iid].id, "source": ctx.source})
        if to == "square":
            s.steps.append(("effect_place", owner, iid, ctx.source))
        else:
            F.move_card(s, iid, owner, zone, to)

    def look_put(self, s, owner: int, iids: list, where: str) -> None:
        """The rest of a look, top first, to the top or bottom of the owner's deck (the first
        highest) or into the trash (a ``move`` event each)."""
        put_rest(s, owner, iids, where, "trash", F.move_card)

    # --- a card put onto a square by an effect (move to = "square") ----------------------------------
    def _step_effect_place(self, s, step):
        """The owner puts the card (still where it was) onto a square of their choice, unpaid, as
        a Z/X placed from the hand would go (ZX-Q2/Q3); a card that is not a Z/X, that has left
        its zone meanwhile, or that has no square to go to stays where it is."""
        _, p, iid, source = step
        x = ZS.locate(s, iid)
        if not isinstance(x, ZS.Loose) or s.cards[iid].kind != "zx":
            return
        if any(F.can_place_on(s, p, sq) for sq in range(9)):
            self._decide(s, p, "place_effect", (p, iid, source), card=iid, source=source, zone=x.zone)

    def _legal_place_effect(self, s, p, pending):
        return [_PLACE_FREE[sq] for sq in range(9) if F.can_place_on(s, p, sq)]

    def _apply_place_effect(self, s, p, pending, a):
        _, iid, _ = pending
        x = ZS.locate(s, iid)
        if isinstance(x, ZS.Loose):
            F.take_card(s, iid, x.owner, x.zone)
            self._on_place(s, p, F.place_unit(s, p, iid, a.square, "effect", x.zone))

    # --- invariants ---------------------------------------------------------------------------
    def check_invariants(self, s) -> None:
        super().check_invariants(s)
        for ps in s.players:
            assert len(ps.charge) <= 4


