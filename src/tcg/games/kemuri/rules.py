"""Kemuri Chuudoku (増量 regulation): serve customers, fill 16 seats, close with your leader.

Steps are tuples on ``state.steps`` (top = end; those of several fields are ``state.py``'s
records); ``advance`` runs them until a decision
opens. Rule IDs (KM-*) refer to ../shared/rules/kemuri.md; docs/rules/kemuri.md states the
readings chosen."""
from __future__ import annotations

import itertools
from typing import Sequence

from ...engine.action import Action, ActionTable
from ...engine.choices import ChoiceRunner, put_rest
from ...engine.deck import Deck
from ...engine.effects import EffectCtx, effect_step
from ...engine.reasons import Reason
from ...engine.select import Selector
from ...engine.state import new_record
from ...engine.steps import StepRuleset
from ...engine.triggers import TriggerRunner, new_action, stack_triggered, turn_end
from . import costs as KC
from . import flow as F
from . import loops as L
from . import reasons as KR
from . import select as KS
from . import triggers as KT
from .conditions import CONDITIONS
from .effects import SERVING
from .state import (NO_CHARM, CallInStep, Cast, CharcoalInPending, KMState, PayPending, PayStep, PickCardPending,
                    printed)

MULLIGAN_DONE = Action("mulligan_done")
END_CHARCOAL = Action("end_charcoal")
END_OPERATION = Action("end_operation")
END_SERVING = Action("end_serving")
PASS = Action("pass")
DONE = Action("done")
CLOSE = Action("close")
END_TURN = Action("end_turn")
LEADER_DRAW = Action("leader_draw")
CHARM = Action("charm")
REMOVE_EVENT = Action("remove_event")
PICK_NONE = Action("pick_none")
SWAP_MAX = F.SWAP_MAX  # KM-T2: one to three hand cards per seating card (levels are 1..3)


_CROSSES_OF: dict[tuple, tuple] = {}


def _crosses_of(singles: tuple) -> tuple:
    """The cross actions of these single casts: every ordered choice of 2, then of 3 (made once
    per tuple of casts)."""
    out = _CROSSES_OF.get(singles)
    if out is None:
        if len(_CROSSES_OF) > 20_000:
            _CROSSES_OF.clear()
        out = _CROSSES_OF[singles] = tuple(CROSS[combo] for k in (2, 3) for combo in itertools.permutations(singles, k))
    return out


MULLIGAN_MARK = ActionTable("mulligan_mark", "card")
SWAP_OUT = ActionTable("swap_out", "seat")
SWAP_IN = ActionTable("swap_in", "card")
PLACE = ActionTable("place", "card")
EVENT = ActionTable("event", "card")
SUPPORT = ActionTable("support", "card")
CROSS = ActionTable("cross", "casts")
ACTIVATE = ActionTable("activate", "ability", "card")
TROUBLE = ActionTable("trouble", "card")
SERVE = ActionTable("serve", "cast", "target")
HELP = ActionTable("help", "card")
PAY = ActionTable("pay", "card")
PICK = ActionTable("pick", "card")


class KemuriRules(TriggerRunner, ChoiceRunner, StepRuleset[KMState]):
    id = "kemuri"
    name = "けむりちゅーどく"
    profile_numbers = {"hand_size": "start.hand_size", "close_seats": "win.close_seats",
                       "max_floor": "field.max_casts"}
    hand_size: int  # (the profile's numbers: read_profile sets them)
    close_seats: int
    max_floor: int
    conditions = CONDITIONS

    def scramble_hidden(self, s: KMState, viewer, rng) -> bool:
        if any(ps.mull_pick for ps in s.players) or (s.decision and s.decision.kind == "pick_card"):
            return False
        d = s.decision
        if d is not None and d.kind in ("charcoal_in", "target_hidden") and viewer != d.player:
            # a swap under way tells that the hand completes it, a choice among the hand names its
            # cards: only its player can sample here
            return False
        for p, ps in enumerate(s.players):
            if p != viewer:
                s.exchange(rng, ps.hand, ps.deck)
            s.exchange(rng, ps.deck)
        return True

    # --- set-up (KM-S1..S3) ----------------------------------------------------------------
    def new_state(self, decks: Sequence[Deck], seed: int, first: int | None = None) -> KMState:
        self.profile  # noqa: B018
        cards, owner, zones = self.deal(decks, ("main", "leader"))
        s = KMState(seed, tuple(cards), tuple(owner))
        if s.trig is not None:
            s.trig.cap = self.max_triggers_per_action
        for p, z in enumerate(zones):
            ps = s.players[p]
            ps.deck = z["main"]
            ps.leader = z["leader"][0] if z["leader"] else -1
            s.rng.shuffle(ps.deck)
            s.emit("shuffle", {"player": p})
            s.emit("leader", {"player": p, "card": ps.leader, "id": cards[ps.leader].id if ps.leader >= 0 else None,
                              "active": True})
        for p in (0, 1):  # KM-S2: draw 5, then the first player is decided
            F.draw(s, p, self.hand_size)
        s.first = s.active = self.who_goes_first(s.rng, first)
        s.emit("first_player", {"player": s.first})
        s.steps = [("start_turn",), ("mulligan", 1 - s.first), ("mulligan", s.first)]
        self.advance(s)
        return s

    def unavailable(self, s: KMState, seat: int | None, legal: Sequence[Action] | None = None) -> list[Reason]:
        """Why the options ``seat`` might expect are not offered (games/kemuri/reasons.py)."""
        if legal is None:
            legal = self.legal_actions(s) if s.decision is not None and not s.over else []
        return KR.unavailable(self, s, seat, legal)

    def first_turn(self, s: KMState) -> bool:
        """KM-S5: the first player's first turn."""
        return s.turn == 1

    # --- steps ------------------------------------------------------------------------------
    def _step_mulligan(self, s, step):
        self._decide(s, step[1], "mulligan", step[1])

    def _step_start_turn(self, s, step):
        p = s.next_turn()
        ps = s.players[p]
        ps.used_event = ps.used_support = False
        ps.servings = 0
        ps.swapped_in = ()
        ps.activated = tuple(x for x in ps.activated if x[2] == "game")  # once-per-turn uses reset
        s.trouble_used = False
        for c in ps.floor:
            c.served = False
        s.emit("turn_start", {"turn": s.turn, "player": p})
        s.steps += [("end_phase",), ("serving_start",), ("operation",)]
        if not self.first_turn(s):  # KM-S5: no charcoal phase on the first player's first turn
            s.steps.append(("charcoal",))
        if s.trig is not None and s.trig.queue:
            # 「ターン開始時」: what the turn's start triggered resolves first (the check after this
            # step puts it on top), then the draw phase
            s.steps.append(("draw_phase", p))
            return
        self._step_draw_phase(s, ("draw_phase", p))

    def _step_draw_phase(self, s, step):
        """KM-T1: the leader becomes active; draw 1."""
        p = step[1]
        s.phase = "draw"
        s.players[p].leader_active = True
        F.draw(s, p, 1)

    def _step_charcoal(self, s, step):
        s.phase = "charcoal"
        self._decide(s, s.active, "charcoal", s.active)

    def _step_operation(self, s, step):
        s.phase = "operation"
        self._decide(s, s.active, "operation", s.active)

    def _step_serving_start(self, s, step):
        """KM-T4: the opponent may use one trouble card."""
        s.phase = "serving"
        s.emit("phase", {"phase": "serving", "player": s.active})
        s.steps.append(("serve_next",))
        # always asked (even with no trouble in hand), so the decision reveals nothing
        self._decide(s, 1 - s.active, "trouble", 1 - s.active)

    def _step_serve_next(self, s, step):
        self._decide(s, s.active, "serve", s.active)

    def _step_serve_resolve(self, s, step):
        """KM-V3/V4/V5: CP comparison (tie: server), then the server's call-ins."""
        p = s.active
        server_iid, recv_iid = s.serving
        server = s.players[p].cast(server_iid)
        loser = -1
        if server is None:
            s.steps.append(("serve_end", -1))
            return
        sources = F.static_sources(s)
        n = F.call_in_of(s, server, sources)
        recv = s.players[1 - p].cast(recv_iid) if recv_iid >= 0 else None
        if recv is None and recv_iid < 0:
            n += 1  # イケイケ
            s.emit("ikeike", {"player": p, "cast": server_iid, "call_in": n})
        elif recv is not None:
            help_cp = sum(s.cards[i].help_cp for i in s.help_used)
            a, b = F.cp_of(s, server, sources), F.cp_of(s, recv, sources) + help_cp
            won = a >= b
            loser = recv.iid if won else server.iid
            s.emit("cp_contest", {"server": server_iid, "receiver": recv_iid, "server_cp": a,
                                  "receiver_cp": b, "help": list(s.help_used), "winner": p if won else 1 - p})
        s.steps.append(("serve_end", loser))
        if n:
            s.steps.append(new_record(CallInStep, ("call_in", p, n, "serve")))

    def _step_serve_end(self, s, step):
        loser = step[1]
        p = s.active
        if loser >= 0:
            c = s.players[s.owner[loser]].cast(loser)
            if c is not None:
                F.cast_leaves(s, c, "backyard", why="destroyed")  # 「CP比べで…破壊される」
        for i in s.help_used:
            s.players[s.owner[i]].backyard.append(i)
        s.help_used = []
        server = s.players[p].cast(s.serving[0])
        if server is not None:
            server.served = True
        s.serving = None
        s.steps.append(("serve_next",))

    def _step_call_in(self, s, step):
        """KM-V6: draw the top card; a trigger is applied (then the card goes to the
        backyard), anything else becomes a customer in the seating zone. A sequence of call-ins
        (and what its triggers do) runs to its end before any call-in a refresh granted during
        it (KM-R2): those wait for the ``callin_end`` marker under the sequence."""
        p, n, why = step.player, step.n, step.why
        if n <= 0:
            return
        if why == "refresh" and self._endless_refreshes(s, step):
            return
        if not s.callin_open:
            s.callin_open = True
            s.steps.append(("callin_end",))
        iid = F.take_top(s, p)
        if iid is None:
            return
        if n > 1:
            s.steps.append(new_record(CallInStep, ("call_in", p, n - 1, why)))
        card = s.cards[iid]
        if printed(s).trigger[iid]:  # card.has_trigger
            s.players[p].resolving.append(iid)
            s.emit("call_in", {"player": p, "card": iid, "id": card.id, "trigger": True, "why": why})
            if s.trig is not None and s.trig.queue:
                # what the call-in triggered resolves once it is over: after the card's own trigger
                self.after_op(s)
            s.steps.append(("to_backyard", iid))
            for ab in reversed(card.abilities_of("trigger")):
                if ab.when is None:  # (one with a when waits on the field instead)
                    s.steps.append(effect_step(p, iid, ab.ops))
        else:
            s.players[p].seating.append(iid)
            s.emit("call_in", {"player": p, "card": iid, "id": card.id, "trigger": False, "why": why,
                               "seats": F.seats(s, p)})
        F.check_refresh(s, p)

    def _endless_refreshes(self, s, step) -> bool:
        """Reading: refresh call-ins that can never stop, whatever the shuffles give, with no
        decision between (each player cycling trigger cards: every refresh gives the other a
        call-in that refreshes again). Nobody can stop such a mandatory loop, so the game ends
        in a draw ("refresh_loop"). Found by ``loops``: each such call-in's state is hashed
        (constant time a step); the first one met twice starts a bounded exploration of every
        shuffle result."""
        watch = s.loop_watch
        if watch is L.PROBING:
            return False
        if watch is None:
            watch = s.loop_watch = L.Watch()
        key = L.loop_key(s, step)
        verdict = watch.known.get(key)
        if verdict is None:
            if key not in watch.seen:
                watch.seen.add(key)
                return False
            if watch.gave_up or watch.explorations >= L.MAX_EXPLORATIONS:
                return False
            watch.explorations += 1
            verdict = L.explore(self, s, step, watch)
            if verdict is None:
                watch.gave_up = True
                return False
        if verdict:
            s.end(None, "refresh_loop")
            return True
        return False

    def apply(self, s, action):
        s.loop_watch = None  # a decision: the exchange so far ends here
        new_action(s, self.max_triggers_per_action)
        super().apply(s, action)

    # --- triggered abilities with a when (games/kemuri/triggers.py) ----------------------------------
    def advance(self, s) -> None:
        """``StepRuleset.advance``; with triggers dealt, what triggered is put on the stack after
        each step (``after_op``)."""
        # (s.trig is set when the state is made: None, no dealt card has a trigger with a when)
        self.run_steps(s, None if s.trig is None else self._after_step)

    def _after_step(self, s) -> None:
        if s.trig.queue:
            self.after_op(s)

    def after_op(self, s) -> None:
        tr = s.trig
        if tr is not None and tr.queue and not tr.busy and not s.over:
            stack_triggered(s, tr, s.active)

    def _step_callin_end(self, s, step):
        """The call-in sequence is over: the call-ins refreshes granted meanwhile, in order."""
        s.callin_open = False
        owed, s.owed_call_ins = s.owed_call_ins, []
        for q in reversed(owed):
            s.steps.append(new_record(CallInStep, ("call_in", q, 1, "refresh")))

    def _step_to_backyard(self, s, step):
        iid = step[1]
        ps = s.players[s.owner[iid]]
        if iid in ps.resolving:
            ps.resolving.remove(iid)
            ps.backyard.append(iid)

    def _step_pay(self, s, step):
        """KM-Z2: send seating cards to the backyard, the player's choice, until paid."""
        p, amount, why = step.player, step.amount, step.why
        if amount <= 0 or not s.players[p].seating:
            return
        self._decide(s, p, "pay", new_record(PayPending, (p, amount, why)), amount=amount, why=why)

    def _step_place_cast(self, s, step):
        _, p, iid = step
        ps = s.players[p]
        ps.resolving.remove(iid)
        c = Cast(iid)
        ps.floor.append(c)
        s.emit("place", {"player": p, "card": iid, "id": s.cards[iid].id})
        self._on_place(s, p, iid)

    def _on_place(self, s, p: int, iid: int) -> None:
        for ab in reversed(s.cards[iid].abilities_of("on_place")):
            # its own ``if``, at the moment it is placed (and again as it resolves: ``ops``)
            if ab.cond is None or self.effect_holds(s, EffectCtx(p, iid), ab.cond):
                s.steps.append(effect_step(p, iid, ab.ops))

    def _step_remove_event(self, s, step):
        self.remove_event(s)

    def remove_event(self, s: KMState) -> None:
        if s.event >= 0:
            iid, s.event = s.event, -1
            s.players[s.owner[iid]].backyard.append(iid)
            s.emit("event_removed", {"card": iid, "id": s.cards[iid].id})

    def _step_end_phase(self, s, step):
        """KM-K3: crosses break up at the end of the serving phase. KM-T6: close or end."""
        p = s.active
        ps = s.players[p]
        split = []
        for c in ps.floor:
            split.append(c)
            if c.below:
                for b, (cp, ci) in c.card_mods()[1:]:  # each card keeps its own changes
                    x = Cast(b)
                    x.cp_mod, x.call_mod = cp, ci
                    split.append(x)
                s.emit("cross_end", {"player": p, "cards": list(c.members)})
                c.below = c.below_mods = ()
        ps.floor = split
        s.phase = "end"
        s.steps.append(("end_turn",))
        turn_end(s, KT.match)  # KM-T6
        if s.trig is not None and s.trig.queue:  # what the end phase triggered resolves first
            s.steps.append(("end_decide",))
            return
        self._step_end_decide(s, ("end_decide",))

    def _step_end_decide(self, s, step):
        """KM-T6: the close (16+ seats, active leader) or an end-phase charm, else the turn ends."""
        p = s.active
        if self._can_close(s, p) or self._charm_ok(s, p, "end"):
            self._decide(s, p, "close", p, seats=F.seats(s, p))

    def _can_close(self, s, p) -> bool:
        ps = s.players[p]
        return F.seats(s, p) >= self.close_seats and ps.leader_active and ps.leader >= 0

    def _step_redecide(self, s, step):
        """Open again the decision a charm interrupted."""
        self._decide(s, step[1], step[2], step[1])

    def _step_end_turn(self, s, step):
        for ps in s.players:
            for c in ps.floor:
                c.cp_mod = c.call_mod = 0
                c.below_mods = ()
        s.steps.append(("start_turn",))

    def _step_pick_card(self, s, step):
        p, zone, flt = step.player, step.zone, step.filter
        pool = getattr(s.players[p], zone)
        if isinstance(flt, Selector):  # a selector table: the decision says only that it filters
            matches = KS.SELECTORS.matching_ids(s, p, zone, pool, flt)
            self._decide(s, p, "pick_card", new_record(PickCardPending, (p, zone, matches)), zone=zone, filtered=True)
            return
        matches = tuple(i for i in pool if all(getattr(s.cards[i], k, None) == v for k, v in flt))
        self._decide(s, p, "pick_card", new_record(PickCardPending, (p, zone, matches)), zone=zone, filter=dict(flt))

    # --- legal actions -------------------------------------------------------------------------
    def _legal_mulligan(self, s, p, pending):
        """KM-S3: mark the cards to put into the backyard one at a time (add-only), then finish."""
        ps = s.players[p]
        return [MULLIGAN_MARK[i] for i in ps.hand if i not in ps.mull_pick] + [MULLIGAN_DONE]

    def _legal_charcoal(self, s, p, pending):
        """KM-T2/KM-Z3, one swap as a series of add-only steps: first the seating card to swap
        out (``swap_out``), then the hand cards one at a time (``charcoal_in`` decision). Only
        seats that can be completed are offered; a card swapped into the seats during this
        phase cannot be swapped out again (no sequence of swaps returns to an earlier state)."""
        ps = s.players[p]
        out = []
        if ps.seating:
            levels = printed(s).level
            counts = F.level_counts(levels, ps.hand)
            swapped = ps.swapped_in
            fits: dict[int, bool] = {}
            for seat in ps.seating:
                if seat in swapped:
                    continue
                lv = levels[seat]
                ok = fits.get(lv)
                if ok is None:
                    ok = fits[lv] = F.can_make(counts, lv, SWAP_MAX)
                if ok:
                    out.append(SWAP_OUT[seat])
        if self._charm_ok(s, p, "charcoal"):
            out.append(CHARM)
        out.append(END_CHARCOAL)
        return out

    def _legal_charcoal_in(self, s, p, pending):
        """The next hand card of the swap for ``seat``: offered only when the selection can still
        reach exactly the seat's level with at most three cards (so the swap always completes)."""
        seat, picked = pending.seat, pending.picked
        levels = printed(s).level
        need = levels[seat] - sum(levels[i] for i in picked)
        room = SWAP_MAX - len(picked) - 1
        rest = [i for i in s.players[p].hand if i not in picked]
        counts = F.level_counts(levels, rest)
        fits: dict[int, bool] = {}  # by the card's level: whether the others can complete the swap
        out = []
        for i in rest:
            lv = levels[i]
            ok = fits.get(lv)
            if ok is None:
                left = need - lv
                ok = left == 0
                if not ok and left > 0 and room > 0:
                    counts[lv] -= 1  # the other cards of the rest
                    ok = F.can_make(counts, left, room)
                    counts[lv] += 1
                fits[lv] = ok
            if ok:
                out.append(SWAP_IN[i])
        return out

    def _legal_operation(self, s, p, pending):
        ps = s.players[p]
        cards = s.cards
        out = []
        seats = F.seats(s, p)
        room = F.floor_count(s, p) < self.max_floor
        used_event, used_support = ps.used_event, ps.used_support
        for i in ps.hand:
            c = cards[i]
            kind = c.kind
            if kind == "cast":
                if room and c.cost <= seats:
                    out.append(PLACE[i])
            elif kind == "event":
                if not used_event:
                    out.append(EVENT[i])
            elif kind == "support" and not used_support:
                out.append(SUPPORT[i])
        if s.event >= 0 and cards[s.event].removal_cost <= seats:
            out.append(REMOVE_EVENT)
        floor = ps.floor
        if len(floor) > 1:
            singles = [c.iid for c in floor if not c.below and not c.served]
            if len(singles) > 1:
                out.extend(_crosses_of(tuple(singles)))
            # KM-K3 reading: a 2-cast cross counts as one cast, so it may take a third cast later
            # (「最大 3体までのキャストで行う」 limits the casts, not how often), in any order
            if singles:
                for x in floor:
                    if len(x.below) == 1 and not x.served:
                        for c in singles:
                            for combo in itertools.permutations(x.members + (c,)):
                                out.append(CROSS[combo])
        out.extend(self._activations(s, p, seats))
        if self._charm_ok(s, p, "operation"):
            out.append(CHARM)
        out.append(END_OPERATION)
        # listed last: locking the leader to draw gives up this turn's close, so a player (or a
        # policy) that takes the first option ends the phase with the leader still active
        if ps.leader_active and ps.leader >= 0:
            out.append(LEADER_DRAW)
        return out

    def _activations(self, s, p, seats: int) -> list[Action]:
        """「場のカードの記載効果を使用する」: the activated abilities of your cards on the field (the
        top card of each cast or cross, and your event), each once per turn or per game as it
        says, when you can pay its cost in seats (a cost list: every part of it, games/kemuri/
        costs.py); then those used from your hand or backyard (``from``), likewise."""
        ps = s.players[p]
        d = printed(s)
        activates, costed = d.activates, d.costed  # (index, cost[, ability]) of each card's activated abilities
        sources = [c.iid for c in ps.floor]
        if s.event >= 0 and s.owner[s.event] == p:
            sources.append(s.event)
        out = []
        used = None
        for iid in sources:
            for index, cost in activates[iid]:
                if used is None:
                    used = {(i, k) for i, k, _ in ps.activated}
                if (iid, index) not in used and cost <= seats and self._activate_holds(s, p, iid, index, d):
                    out.append(ACTIVATE[index, iid])
            if costed[iid]:
                out.extend(self._costed(s, p, iid, "field", seats, d))
        if d.off_field:
            for zone in ("hand", "backyard"):
                for iid in getattr(ps, zone):
                    if costed[iid]:
                        out.extend(self._costed(s, p, iid, zone, seats, d))
        return out

    def _activate_holds(self, s, p: int, iid: int, index: int, d) -> bool:
        """An activated ability is offered only while its own ``if`` holds."""
        if not d.conds[iid]:
            return True
        cond = s.cards[iid].abilities[index].cond
        return cond is None or self.effect_holds(s, EffectCtx(p, iid), cond)

    def _costed(self, s, p: int, iid: int, zone: str, seats: int, d) -> list[Action]:
        """The card's activated abilities used from ``zone`` that have a cost list or a ``from``:
        not used yet (this turn / this game), their ``if`` holding and their whole cost payable."""
        used = {(i, k) for i, k, _ in s.players[p].activated}
        return [ACTIVATE[index, iid] for index, cost, ab in d.costed[iid]
                if ab.zone == zone and (iid, index) not in used and cost <= seats
                and (ab.costs is None or KC.can_pay(s, p, iid, ab.costs)) and self._activate_holds(s, p, iid, index, d)]

    def _charm_ok(self, s, p, timing: str) -> bool:
        ps = s.players[p]
        if ps.leader < 0 or ps.charm_used or not ps.leader_active:
            return False
        if p == s.first and self.first_turn(s):
            return False  # KM-S5
        d = printed(s)
        charm = d.charm[ps.leader]
        if charm is NO_CHARM:
            charm = s.cards[ps.leader].abilities_of("charm")[0].timing  # (a leader has one)
        if charm != timing:
            return False
        if d.conds[ps.leader]:  # offered only while its own ``if`` holds
            cond = s.cards[ps.leader].abilities_of("charm")[0].cond
            return cond is None or self.effect_holds(s, EffectCtx(p, ps.leader), cond)
        return True

    def _legal_trouble(self, s, p, pending):
        cards = s.cards
        out = [TROUBLE[i] for i in s.players[p].hand if cards[i].kind == "trouble"]
        if self._charm_ok(s, p, "trouble"):
            out.append(CHARM)
        out.append(PASS)
        return out

    def _legal_serve(self, s, p, pending):
        ps = s.players[p]
        out = []
        if not (self.first_turn(s) and ps.servings):  # KM-S5: one serving
            recv = [c.iid for c in s.players[1 - p].floor] or [-1]
            for c in ps.floor:
                if not c.served:
                    i = c.iid
                    out += [SERVE[i, r] for r in recv]
        if self._charm_ok(s, p, "serving"):
            out.append(CHARM)
        out.append(END_SERVING)
        return out

    def _legal_help(self, s, p, pending):
        recv = s.players[p].cast(s.serving[1])
        shift = s.cards[recv.iid].shift if recv is not None else None
        cards = s.cards
        out = [HELP[i] for i in s.players[p].hand
               if cards[i].help_shift is not None and cards[i].help_shift == shift]
        if self._charm_ok(s, p, "help"):
            out.append(CHARM)
        out.append(DONE)
        return out

    def _legal_pay(self, s, p, pending):
        return [PAY[i] for i in s.players[p].seating]

    def _legal_close(self, s, p, pending):
        out = [CLOSE] if self._can_close(s, p) else []
        if self._charm_ok(s, p, "end"):
            out.append(CHARM)
        out.append(END_TURN)
        return out

    def _legal_pick_card(self, s, p, pending):
        return [PICK[i] for i in pending.matches] + [PICK_NONE]

    # --- applying --------------------------------------------------------------------------
    def _apply_mulligan(self, s, p, pending, a):
        ps = s.players[p]
        if a.type == "mulligan_mark":  # add-only: a marked card stays marked
            ps.mull_pick.append(a.card)
            s.steps.append(("mulligan", p))
            return
        n = len(ps.mull_pick)  # KM-S3: into the backyard, draw that many
        for i in ps.mull_pick:
            ps.hand.remove(i)
            ps.backyard.append(i)
        ps.mull_pick = []
        ps.mulliganed = True
        s.emit("mulligan", {"player": p, "returned": n})
        F.draw(s, p, n)

    def _apply_charcoal(self, s, p, pending, a):
        if a.type == "end_charcoal":
            return
        if a.type == "charm":  # the charm, then the charcoal change goes on
            s.steps.append(("charcoal",))
            self._use_charm(s, p)
            return
        self._charcoal_pick(s, p, a.params[0][1], ())  # (("seat", iid),)

    def _apply_charcoal_in(self, s, p, pending, a):
        self._charcoal_pick(s, p, pending.seat, pending.picked + (a.params[0][1],))  # (("card", iid),)

    def _charcoal_pick(self, s, p, seat: int, picked: tuple) -> None:
        """Ask for the next hand card of the swap for ``seat``, or swap once the levels of the
        picked cards add up to the seat's (KM-Z3). Levels are 1..3 (the card format), so each
        pick brings the total closer and a swap always takes at least one card."""
        cards = s.cards
        lv = cards[seat].level
        got = sum(cards[i].level for i in picked)
        if got < lv or not picked:
            self._decide(s, p, "charcoal_in", new_record(CharcoalInPending, (p, seat, picked)), seat=seat, level=lv,
                         picked=list(picked), need=lv - got)
            return
        ps = s.players[p]
        ps.seating.remove(seat)
        ps.hand.append(seat)
        for i in picked:
            ps.hand.remove(i)
            ps.seating.append(i)
        ps.swapped_in = ps.swapped_in + picked
        s.emit("charcoal_change", {"player": p, "out": seat, "in": list(picked),
                                   "out_id": cards[seat].id, "in_ids": [cards[i].id for i in picked]})
        s.steps.append(("charcoal",))

    def _apply_operation(self, s, p, pending, a):
        t = a.type
        if t == "end_operation":
            return
        s.steps.append(("operation",))
        ps = s.players[p]
        cards = s.cards
        if t == "leader_draw":  # KM-T3
            ps.leader_active = False
            person = cards[ps.leader].person
            same = any(cards[m].person == person for c in ps.floor for m in c.members)
            s.emit("leader_draw", {"player": p, "call_in": same})
            if same:
                s.steps.append(new_record(CallInStep, ("call_in", p, 1, "leader")))
            F.draw(s, p, 1)
        elif t == "place":  # KM-K2: the cast is shown (resolving) while its cost is paid
            card = a.params[0][1]  # (("card", iid),)
            ps.hand.remove(card)
            ps.resolving.append(card)
            s.steps.append(("place_cast", p, card))
            s.steps.append(new_record(PayStep, ("pay", p, cards[card].cost, "cast")))
        elif t == "event":  # KM-K4
            card = a.card
            ps.hand.remove(card)
            ps.used_event = True
            self.remove_event(s)
            s.event = card
            s.emit("event", {"player": p, "card": card, "id": cards[card].id})
        elif t == "remove_event":
            s.steps.append(("remove_event",))
            s.steps.append(new_record(PayStep, ("pay", p, cards[s.event].removal_cost, "remove_event")))
        elif t == "support":  # KM-K5
            card = a.card
            ps.hand.remove(card)
            ps.resolving.append(card)
            ps.used_support = True
            s.emit("support", {"player": p, "card": card, "id": cards[card].id})
            s.steps.append(("to_backyard", card))
            s.steps.append(effect_step(p, card, cards[card].abilities_of("use")[0].effects))
        elif t == "cross":  # KM-K3: the first listed is the top
            casts = a.params[0][1]  # a.casts, its one parameter
            units = []  # the casts (singles or a 2-cast cross) that merge
            for i in casts:
                u = next(x for x in ps.floor if i in x.members)
                if u not in units:
                    units.append(u)
            mods = {}  # each card's own changes this turn: they stay with the card
            for m in units:
                ps.floor.remove(m)
                mods.update(m.card_mods())
            cross = Cast(casts[0], tuple(casts[1:]))
            cross.cp_mod, cross.call_mod = mods[casts[0]]  # KM-K3: the top card's
            below = tuple(mods[i] for i in casts[1:])
            cross.below_mods = below if any(cp or ci for cp, ci in below) else ()
            ps.floor.append(cross)
            s.emit("cross", {"player": p, "cards": list(casts)})
        elif t == "charm":
            self._use_charm(s, p)
        elif t == "activate":
            card = a.card
            ab = cards[card].abilities[a.ability]
            ps.activated = ps.activated + ((card, ab.index, ab.limit),)
            ev = {"player": p, "card": card, "id": cards[card].id, "ability": ab.index}
            if ab.zone != "field":  # used from the hand or the backyard: where it was
                ev["zone"] = ab.zone
            s.emit("activate", ev)
            s.steps.append(effect_step(p, card, ab.ops))
            if ab.costs is not None:  # its cost parts, in order, before it resolves
                s.steps.append(effect_step(p, card, ab.costs.ops))
            elif ab.cost:
                s.steps.append(new_record(PayStep, ("pay", p, ab.cost, "activate")))

    def _use_charm(self, s, p):
        ps = s.players[p]
        ps.leader_active = False
        ps.charm_used = True
        s.emit("charm", {"player": p, "card": ps.leader, "id": s.cards[ps.leader].id})
        s.steps.append(effect_step(p, ps.leader, s.cards[ps.leader].abilities_of("charm")[0].ops))

    def _apply_trouble(self, s, p, pending, a):
        if a.type == "pass":
            return
        if a.type == "charm":  # the charm, then the trouble decision again
            s.steps.append(("redecide", p, "trouble"))
            self._use_charm(s, p)
            return
        ps = s.players[p]
        card = a.card
        ps.hand.remove(card)
        ps.resolving.append(card)
        s.trouble_used = True
        s.emit("trouble", {"player": p, "card": card, "id": s.cards[card].id})
        s.steps.append(("to_backyard", card))
        s.steps.append(effect_step(p, card, s.cards[card].abilities_of("use")[0].effects))

    def _apply_serve(self, s, p, pending, a):
        if a.type == "end_serving":
            return
        if a.type == "charm":
            s.steps.append(("serve_next",))
            self._use_charm(s, p)
            return
        (_, cast), (_, target) = a.params  # (("cast", iid), ("target", iid or -1))
        s.serving = (cast, target)
        s.players[p].servings += 1
        s.emit("serve", {"player": p, "cast": cast, "receiver": target})
        s.steps.append(("serve_resolve",))
        if target >= 0:
            if s.trig is not None and s.trig.queue:  # what the serving triggered resolves first
                s.steps.append(("help_again", 1 - p))
                return
            self._decide(s, 1 - p, "help", 1 - p, server=cast, receiver=target)

    def _apply_help(self, s, p, pending, a):
        if a.type == "done":
            return
        s.steps.append(("help_again", p))  # below the charm's effect: it resolves first
        if a.type == "charm":
            self._use_charm(s, p)
        else:  # KM-V2
            card = a.params[0][1]  # (("card", iid),)
            s.players[p].hand.remove(card)
            s.help_used.append(card)
            s.emit("help", {"player": p, "card": card, "id": s.cards[card].id, "cp": s.cards[card].help_cp})

    def _step_help_again(self, s, step):
        self._decide(s, step[1], "help", step[1], server=s.serving[0], receiver=s.serving[1])

    def _apply_pay(self, s, p, pending, a):
        amount, why = pending.amount, pending.why
        ps = s.players[p]
        card = a.params[0][1]  # (("card", iid),)
        ps.seating.remove(card)
        ps.backyard.append(card)
        lv = s.cards[card].level
        s.emit("pay", {"player": p, "card": card, "level": lv, "why": why})
        if why == "lose_seats":
            self.effect_done(s, True)  # seats were lost: for an "if you do" after the op
        if amount - lv > 0:
            s.steps.append(new_record(PayStep, ("pay", p, amount - lv, why)))

    def _apply_close(self, s, p, pending, a):
        if a.type == "charm":
            s.steps.append(("end_decide",))
            self._use_charm(s, p)
            return
        if a.type == "close":  # KM-W1
            s.players[p].leader_active = False
            s.emit("close", {"player": p, "seats": F.seats(s, p)})
            s.end(p, "close")

    def _apply_pick_card(self, s, p, pending, a):
        zone = pending.zone
        ps = s.players[p]
        if a.type == "pick":
            card = a.card
            getattr(ps, zone).remove(card)
            ps.hand.append(card)
            s.emit("pick", {"player": p, "card": card, "id": s.cards[card].id, "from": zone})
        if zone == "deck":
            s.rng.shuffle(ps.deck)
            F.check_refresh(s, p)
        self.effect_done(s, a.type == "pick")  # for an "if you do" after the search / salvage

    # --- effect targets (EffectRunner hooks) ----------------------------------------------------
    #: what a selector table may name (games/kemuri/select.py)
    selectors = KS.SELECTORS

    def effect_target(self, s: KMState, iid: int) -> Cast | KS.Loose | None:
        """The cast whose top card this is, or the card where it is (a pile, the event, the
        leader: a ``move``'s or ``set_state``'s target), or None."""
        c = s.players[s.owner[iid]].cast(iid)
        return c if c is not None else KS.locate(s, iid)

    def effect_candidates(self, s, ctx: EffectCtx, sel, op) -> list:
        if isinstance(sel, str):  # choose_own_cast, choose_opponent_cast: their presets' casts
            c = ctx.controller
            found = list(s.players[c].floor if sel == "choose_own_cast" else s.players[1 - c].floor)
        else:
            found = KS.candidates(s, ctx.controller, ctx.source, sel)
        flt = op.args.get("filter")
        return [x for x in found if F.matches(s.cards[x.iid], flt)] if flt else found

    def effect_select(self, s, ctx: EffectCtx, sel, last: tuple, op) -> list:
        found = self._select(s, ctx, sel, last, op)
        flt = op.args.get("filter")
        return [x for x in found if F.matches(s.cards[x.iid], flt)] if flt else found

    def _select(self, s, ctx: EffectCtx, sel, last: tuple, op) -> list:
        if not isinstance(sel, str):
            return KS.candidates(s, ctx.controller, ctx.source, sel)
        if sel == "same":  # the previous op's targets still there: casts (a move: any card)
            found = self.effect_targets(s, last)
            return found if op.name == "move" else [x for x in found if isinstance(x, Cast)]
        if sel == "self":  # this card as a cast on a floor (nothing from a pile, the event...)
            c = s.players[s.owner[ctx.source]].cast(ctx.source) if ctx.source >= 0 else None
            return [c] if c is not None else []
        return self._preset(s, ctx.controller, sel)

    def _preset(self, s, c: int, sel: str) -> list:
        """What the old target name ``sel`` picks: what its preset selector (games/kemuri/select.py,
        ``PRESETS``) picks, worked out directly (the names are on the hot paths of the sample set)."""
        if sel == "all_own_casts":
            return list(s.players[c].floor)
        if sel == "all_opponent_casts":
            return list(s.players[1 - c].floor)
        if sel == "all_casts":
            return s.players[c].floor + s.players[1 - c].floor
        role = SERVING.get(sel)
        if role is not None:  # the serving's casts, relative to the controller where it says so
            if s.serving is None:
                return []
            iid = s.serving[role[0]]
            if iid < 0 or (role[1] is not None and (s.owner[iid] == c) != role[1]):
                return []
            x = s.players[s.owner[iid]].cast(iid)
            return [x] if x is not None else []
        p = c if sel == "own_leader" else 1 - c  # own_leader, opponent_leader
        i = s.players[p].leader
        return [KS.Loose(i, p, "leader")] if i >= 0 else []

    def effect_can_act(self, s, ctx: EffectCtx, op) -> bool:
        """Whether an op without a target could do anything now: an optional op that cannot is
        skipped without asking (seats to lose from an empty seating zone, a card to take from an
        empty backyard or deck, an event to remove when there is none)."""
        name = op.name
        p = ctx.controller if op.args.get("player", "self") == "self" else 1 - ctx.controller
        ps = s.players[p]
        if name == "lose_seats":
            return bool(ps.seating)
        if name == "salvage":
            return bool(s.players[ctx.controller].backyard)
        if name in ("search", "draw", "mill", "shuffle"):
            return bool(ps.deck or (name != "shuffle" and ps.backyard))
        if name == "remove_event":
            return s.event >= 0
        if name == "pay":  # you may pay: not asked when it cannot be paid
            return KC.can_pay(s, ctx.controller, ctx.source, op["cost"])
        return True

    # --- looking at the top of a deck (engine/choices.py: the look op) -------------------------------
    def look_top(self, s, player: int, n: int) -> list:
        """The top ``n`` cards of the player's deck, top first (fewer when it holds fewer: looking
        is not drawing, the deck is not refreshed for it)."""
        return s.players[player].deck[::-1][:n]

    def look_move(self, s, ctx: EffectCtx, iid: int, owner: int, to: str, reveal: bool, zone: str = "deck") -> None:
        """A card taken by a look goes from the deck (or the hand: ``zone``) to its owner's zone
        ``to`` (a ``move`` event: into or out of the hand it is named to its owner alone unless
        ``reveal`` showed it to both first); a deck emptied so is refreshed (KM-R1)."""
        if reveal:
            s.emit("reveal", {"player": owner, "card": iid, "id": s.cards[iid].id, "source": ctx.source})
        F.move_card(s, iid, owner, zone, to)
        F.check_refresh(s, owner)

    def look_put(self, s, owner: int, iids: list, where: str) -> None:
        """The rest of a look, top first, to the top or bottom of the owner's deck (the first
        highest) or into the backyard (a ``move`` event each; a deck emptied so is refreshed)."""
        if put_rest(s, owner, iids, where, "backyard", F.move_card):
            F.check_refresh(s, owner)

    # --- a card put onto a floor by an effect (move to = "floor") -----------------------------------
    def _step_effect_place(self, s, step):
        """The card (still where it was) is placed on its owner's floor as a cast, unpaid, as a
        cast placed from the hand would be (its on-place abilities happen); a card that is not a
        cast, that has left its zone meanwhile, or for which the floor has no room stays where it is."""
        _, p, iid, source = step
        x = KS.locate(s, iid)
        if not isinstance(x, KS.Loose) or x.zone == "leader" or s.cards[iid].kind != "cast" \
                or F.floor_count(s, p) >= self.max_floor:
            return
        ps = s.players[p]
        if x.zone == "event":
            s.event = -1
        else:
            getattr(ps, x.zone).remove(iid)
        ps.floor.append(Cast(iid))
        s.emit("place", {"player": p, "card": iid, "id": s.cards[iid].id, "why": "effect", "from": x.zone})
        self._on_place(s, p, iid)
        if x.zone == "deck":
            F.check_refresh(s, p)

    # --- invariants ---------------------------------------------------------------------------
    def check_invariants(self, s: KMState) -> None:
        super().check_invariants(s)
        for p in (0, 1):
            assert F.floor_count(s, p) <= self.max_floor


