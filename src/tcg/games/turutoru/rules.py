"""Turu-turu Stage rules: rounds of secret programming, then one shared timeline of segments.

Steps are plain tuples on ``state.steps`` (top = end); ``advance`` runs them until a decision
opens. Rule IDs (TT-*) refer to ../shared/rules/turutoru.md; docs/rules/turutoru.md states the
readings chosen (programs are chosen when stacked; targets when they run; decoders act first)."""
from __future__ import annotations

import pathlib
from typing import Any, Sequence

from ...engine.action import Action
from ...engine.deck import Deck, DeckProblem
from ...engine.effects import EffectCtx, EffectRunner, effect_step
from ...engine.profile import Profile
from ...engine.steps import StepRuleset
from . import flow as F
from .cards import Card, load_cards
from .state import TTState, Unit

HERE = pathlib.Path(__file__).parent
SKIP = Action("skip")
DONE = Action("done")
KEEP = Action("keep")
MULLIGAN = Action("mulligan")
FINISH = Action("finish_program")
UNSTACK = Action("unstack")
RUN = Action("run")

# decision kind of each program that asks its owner something when it runs
PROGRAM_DECISION = {"place": "place", "reboot": "reboot", "bed_in": "bed_in", "mount": "mount",
                    "release": "release", "apply": "apply", "attack": "attackers",
                    "fan_fire": "attackers", "library_draw": "library_draw", "activate": "activate",
                    "effect": "effect"}


class TuruturuRules(EffectRunner, StepRuleset):
    id = "turutoru"
    name = "トゥルトゥルSTAGE"
    folder = HERE
    load_cards = staticmethod(load_cards)

    def read_profile(self, p: Profile) -> None:
        self.hand_size = p.get("start.hand_size")
        self.hand_limit = p.get("start.hand_limit")
        self.start_hp = p.get("start.hp")
        self.segments = p.get("round.segments")


    def validate_deck(self, deck: Deck) -> list[DeckProblem]:
        from .deckcheck import check_deck
        return check_deck(self.cards, self.profile, deck)

    # --- set-up (TT-S1..S4) ----------------------------------------------------------------
    def new_state(self, decks: Sequence[Deck], seed: int) -> TTState:
        self.profile  # noqa: B018 - loads the numbers
        cards: list[Card] = []
        owner: list[int] = []
        mains = []
        for p, deck in enumerate(decks):
            ids = []
            for cid in deck.section("main"):
                card = self.cards.find(cid)
                if card is None:
                    raise ValueError(f"deck {deck.name!r}: unknown card {cid!r}")
                ids.append(len(cards))
                cards.append(card)
                owner.append(p)
            mains.append(ids)
        s = TTState(seed, tuple(cards), tuple(owner), self.start_hp)
        for p in (0, 1):
            s.players[p].deck = mains[p]
            s.rng.shuffle(mains[p])
            s.emit("shuffle", {"player": p})
        s.priority = s.rng.below(2)
        s.emit("priority_player", {"player": s.priority})
        for p in (s.priority, 1 - s.priority):
            F.draw(s, p, self.hand_size)
        s.steps = [("round",), ("mulligan", 1 - s.priority), ("mulligan", s.priority)]
        self.advance(s)
        return s

    def order(self, s: TTState) -> tuple[int, int]:
        """TT-G4: lower HP first; on equal HP the priority player."""
        a, b = s.players[0].hp, s.players[1].hp
        if a != b:
            return (0, 1) if a < b else (1, 0)
        return (s.priority, 1 - s.priority)

    # --- set-up and round steps -------------------------------------------------------------
    def _step_mulligan(self, s: TTState, step: tuple) -> None:
        self._decide(s, step[1], "mulligan", step[1])

    def _step_round(self, s: TTState, step: tuple) -> None:
        s.round += 1
        s.phase = "draw"
        s.emit("round_start", {"round": s.round})
        # TT-T1/TT-W2/TT-W3: both draw; an empty deck loses, both at once is a draw
        losers = [p for p in (0, 1) if not s.players[p].deck]
        if losers:
            F.lose(s, losers, "deck_out")
            return
        for p in self.order(s):
            F.draw(s, p, 1)
        s.phase = "programming"
        for ps in s.players:
            ps.done_programming = False
        first, second = s.priority, 1 - s.priority
        s.steps += [("prepare",), ("main_start",), ("program", second), ("program", first)]

    def _step_program(self, s: TTState, step: tuple) -> None:
        self._decide(s, step[1], "program", step[1])

    def _step_main_start(self, s: TTState, step: tuple) -> None:
        """TT-G1..G3: schedule each stack on the player's 6 segments; what does not fit is
        discarded with everything after it."""
        s.phase = "main"
        s.segment = 0
        s.emit("phase", {"phase": "main"})
        for p, ps in enumerate(s.players):
            t = 0
            sched = []
            for n, (iid, prog) in enumerate(ps.programs):
                cost = s.cards[iid].segment
                if t + cost > self.segments:
                    dropped = ps.programs[n:]
                    del ps.programs[n:]
                    ps.discard.extend(i for i, _ in dropped)
                    s.emit("programs_overflow", {"player": p, "cards": [i for i, _ in dropped],
                                                 "ids": [s.cards[i].id for i, _ in dropped]})
                    break
                sched.append((t, cost, iid, prog))
                t += cost
            ps.schedule = sched
        s.steps.append(("main_next",))

    def _step_main_next(self, s: TTState, step: tuple) -> None:
        nxt = self._next_program(s)
        if nxt is None:
            # TT-T4: resolved programs back to hand
            for p, ps in enumerate(s.players):
                if ps.resolved:
                    s.emit("resolved_to_hand", {"player": p, "cards": list(ps.resolved)})
                    ps.hand.extend(ps.resolved)
                    ps.resolved.clear()
            return
        p = nxt
        ps = s.players[p]
        start, cost, iid, prog_i = ps.schedule.pop(0)
        s.segment = start
        prog = s.cards[iid].programs[prog_i]
        s.emit("program_reveal", {"player": p, "card": iid, "id": s.cards[iid].id, "program": prog.kind,
                                  "start": start, "cost": cost})
        s.steps.append(("main_next",))
        if prog.kind == "decoder":
            self._run_decoder(s, p, start)
            return
        self._open_program(s, p, iid, prog)

    def _next_program(self, s: TTState) -> int | None:
        """The player whose next program starts earliest; ties: decoders first, then TT-G4."""
        best = None
        for p in self.order(s):
            sch = s.players[p].schedule
            if not sch:
                continue
            start, _, iid, prog_i = sch[0]
            dec = s.cards[iid].programs[prog_i].kind == "decoder"
            key = (start, 0 if dec else 1)
            if best is None or key < best[0]:
                best = (key, p)
        return None if best is None else best[1]

    def _finish(self, s: TTState, p: int, outcome: str) -> None:
        """The running program (the first of the stack) becomes resolved or is discarded."""
        ps = s.players[p]
        iid, prog_i = ps.programs.pop(0)
        kind = s.cards[iid].programs[prog_i].kind
        if outcome == "resolved" and kind != "library_draw":
            ps.resolved.append(iid)
        else:
            ps.discard.append(iid)  # TT-T3/TT-P9/TT-P13
        s.emit("program_" + outcome, {"player": p, "card": iid, "id": s.cards[iid].id, "program": kind})

    def _run_decoder(self, s: TTState, p: int, start: int) -> None:
        """TT-P12: the opponent's program starting at the same segment is discarded unrun."""
        opp = s.players[1 - p]
        if opp.schedule and opp.schedule[0][0] == start:
            _, _, iid, _ = opp.schedule.pop(0)
            opp.programs.pop(0)
            opp.discard.append(iid)
            s.emit("program_decoded", {"player": 1 - p, "card": iid, "id": s.cards[iid].id})
            self._finish(s, p, "resolved")
        else:
            self._finish(s, p, "discarded")

    def _open_program(self, s: TTState, p: int, iid: int, prog) -> None:
        kind = prog.kind
        s.select = ()
        if not self._program_targets(s, p, kind):
            self._finish(s, p, "discarded")  # TT-P13: nothing to do
            return
        info = {"program": kind, "card": iid, "segment": s.segment}
        if kind == "library_draw":
            info["amount"] = prog.amount
        self._decide(s, p, PROGRAM_DECISION[kind], (p, iid, kind, prog.amount), **info)

    # --- what each program can act on ----------------------------------------------------------
    def _program_targets(self, s: TTState, p: int, kind: str) -> list:
        ps = s.players[p]
        cards = s.cards
        if kind == "place":
            return [i for i in ps.hand if cards[i].kind == "character"]
        if kind == "reboot":
            return [u.iid for u in ps.chars if not u.awake]
        if kind == "bed_in":
            return [u.iid for q in self.order(s) for u in s.players[q].chars if u.awake]
        if kind == "mount":
            out = []
            for i in ps.hand:
                c = cards[i]
                if c.kind == "device":
                    if c.mount == "field":
                        out.append((i, -1))
                    else:
                        out.extend((i, u.iid) for u in ps.chars)
            return out
        if kind == "release":
            return self._own_devices(s, p)
        if kind == "apply":
            return [i for i in ps.hand if cards[i].kind == "application"]
        if kind in ("attack", "fan_fire"):
            return [u.iid for u in ps.chars if u.awake and (kind == "fan_fire" or u.placed != s.round)]
        if kind == "library_draw":
            return [True]
        if kind == "activate":
            return [(u.iid, ab.index) for u in ps.chars for ab in cards[u.iid].abilities_of("activated")]
        if kind == "effect":
            return [(d, ab.index) for d in self._own_devices(s, p) for ab in cards[d].abilities_of("activated")]
        raise ValueError(kind)

    def _own_devices(self, s: TTState, p: int) -> list[int]:
        out = [d for d in s.players[p].devices]
        for q in (0, 1):
            for u in s.players[q].chars:
                out.extend(d for d in u.devices if s.owner[d] == p)
        return out

    # --- legal actions ------------------------------------------------------------------------
    def _legal_mulligan(self, s, p, pending):
        return [KEEP, MULLIGAN]

    def _legal_program(self, s, p, pending):
        ps = s.players[p]
        out = []
        for i in ps.hand:
            c = s.cards[i]
            if c.kind == "character":
                out.extend(Action.of("stack", (("card", i), ("program", prog.index))) for prog in c.programs)
        if ps.programs:
            out.append(UNSTACK)
        out.append(FINISH)
        return out

    def _legal_program_run(self, s, p, pending):
        _, iid, kind, _ = pending
        targets = self._program_targets(s, p, kind)
        out: list[Action] = []
        if kind in ("place", "bed_in", "release", "apply"):
            out = [Action.of(kind, (("card", t),)) for t in targets]
        elif kind in ("reboot", "attack", "fan_fire"):
            out = [Action.of("pick", (("card", t),)) for t in targets if t not in s.select]
            if s.select:
                out.append(DONE)
        elif kind == "mount":
            out = [Action.of("mount", (("card", d), ("target", t))) for d, t in targets]
        elif kind == "library_draw":
            out = [RUN]
        elif kind in ("activate", "effect"):
            out = [Action.of(kind, (("ability", a), ("card", c))) for c, a in targets]
        out.append(SKIP)
        return out

    def _legal_block(self, s, p, pending):
        chosen = s.select
        out = [Action.of("block", (("card", u.iid),)) for u in s.players[p].chars
               if u.awake and u.iid not in chosen]
        out.append(DONE)
        return out

    def _legal_assign(self, s, p, pending):
        _, _, blockers, left, assigned = pending
        return [Action.of("assign", (("card", b),)) for b in blockers]

    def _legal_discard(self, s, p, pending):
        return [Action.of("discard", (("card", i),)) for i in s.players[p].hand]

    def _legal_search(self, s, p, pending):
        return [Action.of("search_pick", (("card", i),)) for i in pending[1]] + [Action("search_none")]

    # --- applying --------------------------------------------------------------------------
    def _apply_mulligan(self, s, p, pending, a):
        ps = s.players[p]
        ps.mulliganed = True  # the mulligan decision is taken (kept or not), as in Shironeko
        if a.type == "mulligan":  # TT-S2: the whole hand back, shuffle, draw 7
            n = len(ps.hand)
            ps.deck.extend(ps.hand)
            ps.hand.clear()
            s.rng.shuffle(ps.deck)
            s.emit("mulligan", {"player": p, "returned": n})
            F.draw(s, p, self.hand_size)
        else:
            s.emit("keep", {"player": p})

    def _apply_program(self, s, p, pending, a):
        ps = s.players[p]
        if a.type == "stack":
            ps.hand.remove(a.card)
            ps.programs.append((a.card, a.program))
            s.emit("stack", {"player": p, "count": len(ps.programs)},
                   {"card": a.card, "id": s.cards[a.card].id, "program": a.program}, (p,))
            s.steps.append(("program", p))
        elif a.type == "unstack":
            iid, _ = ps.programs.pop()
            ps.hand.append(iid)
            s.emit("unstack", {"player": p, "count": len(ps.programs)}, {"card": iid}, (p,))
            s.steps.append(("program", p))
        else:
            ps.done_programming = True
            s.emit("programmed", {"player": p, "count": len(ps.programs)})

    def _apply_program_run(self, s, p, pending, a):
        _, iid, kind, amount = pending
        ps = s.players[p]
        t = a.type
        if t == "skip":
            s.select = ()
            self._finish(s, p, "discarded")
            return
        if t == "pick":  # reboot / attackers: one more
            s.select = s.select + (a.card,)
            info = {"program": kind, "card": iid, "segment": s.segment}
            self._decide(s, p, PROGRAM_DECISION[kind], pending, **info)
            return
        if t == "done":
            chosen, s.select = s.select, ()
            if kind == "reboot":  # TT-P2
                for u in ps.chars:
                    if u.iid in chosen:
                        u.awake = True
                s.emit("reboot", {"player": p, "cards": list(chosen)})
                self._finish(s, p, "resolved")
            else:  # TT-P7 / TT-P8: attacks one character at a time
                s.steps.append(("program_done", p))
                for att in reversed(chosen):
                    s.steps.append(("attack_one", p, att, kind == "fan_fire"))
            return
        if t == "place":  # TT-P1
            ps.hand.remove(a.card)
            ps.chars.append(Unit(a.card, s.round))
            s.emit("place", {"player": p, "card": a.card, "id": s.cards[a.card].id})
        elif t == "bed_in":  # TT-P3
            u = s.players[s.owner[a.card]].unit(a.card)
            u.awake = False
            s.emit("bed_in", {"card": a.card})
        elif t == "mount":  # TT-P4
            ps.hand.remove(a.card)
            if a.target < 0:
                ps.devices.append(a.card)
            else:
                u = s.players[s.owner[a.target]].unit(a.target)
                u.devices = u.devices + (a.card,)
            s.emit("mount", {"player": p, "card": a.card, "id": s.cards[a.card].id, "on": a.target})
        elif t == "release":  # TT-P5
            self._detach(s, a.card)
            ps.hand.append(a.card)
            s.emit("release", {"player": p, "card": a.card, "id": s.cards[a.card].id})
        elif t == "apply":  # TT-P6
            ps.hand.remove(a.card)
            ps.discard.append(a.card)
            s.emit("apply", {"player": p, "card": a.card, "id": s.cards[a.card].id})
            s.steps.append(("program_done", p))
            s.steps.append(effect_step(p, a.card, s.cards[a.card].abilities[0].effects))
            return
        elif t == "run":  # TT-P9
            s.steps.append(("program_done", p))
            F.draw(s, p, amount)
            return
        elif t in ("activate", "effect"):  # TT-P10 / TT-P11
            ab = s.cards[a.card].abilities[a.ability]
            s.emit(t, {"player": p, "card": a.card, "id": s.cards[a.card].id, "ability": a.ability})
            s.steps.append(("program_done", p))
            s.steps.append(effect_step(p, a.card, ab.effects))
            return
        self._finish(s, p, "resolved")

    def _detach(self, s: TTState, d: int) -> None:
        for q in (0, 1):
            qs = s.players[q]
            if d in qs.devices:
                qs.devices.remove(d)
                return
            for u in qs.chars:
                if d in u.devices:
                    u.devices = tuple(x for x in u.devices if x != d)
                    return

    def _step_program_done(self, s: TTState, step: tuple) -> None:
        self._finish(s, step[1], "resolved")

    # --- attacks (TT-A1..A6) -----------------------------------------------------------------
    def _step_attack_one(self, s: TTState, step: tuple) -> None:
        _, p, att, fan = step
        u = s.players[p].unit(att)
        if u is None or not u.awake:
            return  # it left the field or was put to bed meanwhile
        u.awake = False  # TT-A1
        u.fan = fan      # TT-P8: halved until the end of this attack
        s.emit("attack", {"player": p, "attacker": att, "fan_fire": fan,
                          "power": F.power_of(s, u), "toughness": F.toughness_of(s, u)})
        if fan:
            F.check_destroyed(s)  # damage already >= the halved toughness: it falls at once
            if s.players[p].unit(att) is None:
                return
        s.select = ()
        d = 1 - p
        if any(x.awake for x in s.players[d].chars):
            self._decide(s, d, "block", (p, att), attacker=att)
        else:
            self._resolve_attack(s, p, att, ())

    def _apply_block(self, s, p, pending, a):
        attacker_owner, att = pending
        if a.type == "block":
            s.select = s.select + (a.card,)
            self._decide(s, p, "block", pending, attacker=att)
            return
        blockers, s.select = s.select, ()
        self._resolve_attack(s, attacker_owner, att, blockers)

    def _resolve_attack(self, s: TTState, p: int, att: int, blockers: tuple) -> None:
        u = s.players[p].unit(att)
        if u is None:
            return
        if not blockers:  # TT-A3
            s.emit("unblocked", {"attacker": att})
            power = F.power_of(s, u)
            u.fan = False
            F.hit(s, 1 - p, power, att)
            return
        s.emit("blocked", {"attacker": att, "blockers": list(blockers)})
        power = F.power_of(s, u)
        if len(blockers) == 1 or power == 0:
            self._clash(s, p, att, blockers, {blockers[0]: power})
        else:  # TT-A4: the attacker's controller divides the damage, one point at a time
            self._decide(s, p, "assign_damage", (p, att, blockers, power, ()), attacker=att,
                         blockers=list(blockers), damage=power)

    def _apply_assign(self, s, p, pending, a):
        _, att, blockers, left, assigned = pending
        assigned = assigned + (a.card,)
        if len(assigned) < left:
            self._decide(s, p, "assign_damage", (p, att, blockers, left, assigned), attacker=att,
                         blockers=list(blockers), damage=left, assigned=list(assigned))
            return
        split = {b: assigned.count(b) for b in blockers}
        self._clash(s, p, att, blockers, split)

    def _clash(self, s: TTState, p: int, att: int, blockers: tuple, split: dict) -> None:
        """Attacker and blockers deal their power to each other at the same time (TT-A4)."""
        u = s.players[p].unit(att)
        d = s.players[1 - p]
        units = [b for b in (d.unit(i) for i in blockers) if b is not None]
        back = sum(F.power_of(s, b) for b in units)
        for b in units:
            b.damage += split.get(b.iid, 0)
        u.damage += back
        s.emit("clash", {"attacker": att, "to_attacker": back,
                         "to_blockers": {str(k): v for k, v in split.items()}})
        F.check_destroyed(s)  # TT-A5 (the attacker still halved for a Fan Fire)
        u.fan = False
        F.check_destroyed(s)

    # --- prepare phase (TT-T5) and end ---------------------------------------------------------
    def _step_prepare(self, s: TTState, step: tuple) -> None:
        s.phase = "prepare"
        s.emit("phase", {"phase": "prepare"})
        for ps in s.players:
            for u in ps.chars:
                u.damage = u.pow_mod = u.tough_mod = 0
        F.check_destroyed(s)
        s.steps.append(("round",))  # TT-T6: the end phase does nothing else
        for p in reversed(self.order(s)):
            s.steps.append(("hand_limit", p))

    def _step_hand_limit(self, s: TTState, step: tuple) -> None:
        p = step[1]
        over = len(s.players[p].hand) - self.hand_limit
        if over > 0:
            self._decide(s, p, "discard", p, over=over)

    def _apply_discard(self, s, p, pending, a):
        ps = s.players[p]
        ps.hand.remove(a.card)
        ps.discard.append(a.card)
        s.emit("discard", {"player": p, "card": a.card, "id": s.cards[a.card].id})
        s.steps.append(("hand_limit", p))

    # --- search (application effect) --------------------------------------------------------
    def _step_search(self, s: TTState, step: tuple) -> None:
        _, p, flt = step
        matches = tuple(i for i in s.players[p].deck if F.matches(s.cards[i], dict(flt)))
        self._decide(s, p, "search", (p, matches), filter=dict(flt))

    def _apply_search(self, s, p, pending, a):
        ps = s.players[p]
        if a.type == "search_pick":
            ps.deck.remove(a.card)
            ps.hand.append(a.card)
            s.emit("search", {"player": p, "card": a.card, "id": s.cards[a.card].id})
        s.rng.shuffle(ps.deck)
        s.emit("shuffle", {"player": p})

    # --- effect targets (EffectRunner hooks) ---------------------------------------------------
    def effect_target(self, s: TTState, iid: int) -> Unit | None:
        return s.players[s.owner[iid]].unit(iid)

    def after_op(self, s: TTState) -> None:
        F.check_destroyed(s)

    def effect_candidates(self, s: TTState, ctx: EffectCtx, sel: str, op) -> list[Unit]:
        c = ctx.controller
        if sel == "choose_opponent_character":
            us = s.players[1 - c].chars
        elif sel == "choose_own_character":
            us = s.players[c].chars
        else:
            us = s.players[c].chars + s.players[1 - c].chars
        flt = op.args.get("filter")
        return [u for u in us if F.matches(s.cards[u.iid], flt)]

    def effect_select(self, s: TTState, ctx: EffectCtx, sel: str, last: tuple, op) -> list:
        c = ctx.controller
        flt = op.args.get("filter")
        if sel == "self":
            u = self.effect_target(s, ctx.source)
            return [u] if u is not None and F.matches(s.cards[u.iid], flt) else []
        if sel == "attached":
            return [u for q in (0, 1) for u in s.players[q].chars
                    if ctx.source in u.devices and F.matches(s.cards[u.iid], flt)]
        if sel == "same":
            return [u for u in (self.effect_target(s, i) for i in last) if u is not None]
        if sel == "all_own_characters":
            us = s.players[c].chars
        elif sel == "all_opponent_characters":
            us = s.players[1 - c].chars
        else:
            us = s.players[c].chars + s.players[1 - c].chars
        return [u for u in us if F.matches(s.cards[u.iid], flt)]

    # --- views --------------------------------------------------------------------------------
    def observe(self, s: TTState, player: int | None) -> dict[str, Any]:
        from .view import observe
        return observe(self, s, player)

    def describe(self, s: TTState, action: Action, lang: str = "en") -> str:
        from .view import describe
        return describe(self, s, action, lang)

    def scramble_hidden(self, s: TTState, viewer, rng) -> bool:
        if s.decision and s.decision.kind == "search":
            return False
        for p, ps in enumerate(s.players):
            if p != viewer:
                self._redraw_programs(s, ps, rng)
                s.exchange(rng, ps.hand, ps.deck)
            s.exchange(rng, ps.deck)
        return True

    def _redraw_programs(self, s: TTState, ps, rng) -> None:
        """Deal the opponent's face-down programs afresh from every card the viewer has not
        seen (their hand, deck and programs pooled): which cards they are, which program each
        runs and their order are all redrawn. In the main phase the program already running
        stays, and a scheduled program is redrawn among unseen cards of the same segment cost
        (its place on the timeline is fixed)."""
        cards = s.cards
        running = len(ps.programs) - len(ps.schedule) if s.phase == "main" else 0
        hidden = ps.programs[running:]
        if not hidden:
            return
        pool = sorted([i for i, _ in hidden] + ps.hand + ps.deck)
        rng.shuffle(pool)
        taken: set[int] = set()
        new: list[tuple[int, int]] = []
        for n, (iid, _) in enumerate(hidden):
            cost = cards[iid].segment if s.phase == "main" else None
            pick = next(i for i in pool if i not in taken and cards[i].kind == "character"
                        and (cost is None or cards[i].segment == cost))
            taken.add(pick)
            new.append((pick, rng.below(len(cards[pick].programs))))
        rest = [i for i in pool if i not in taken]
        ps.programs[running:] = new
        if s.phase == "main":
            ps.schedule = [(st, c, i, pi) for (st, c, _, _), (i, pi) in zip(ps.schedule, new)]
        ps.hand[:] = rest[:len(ps.hand)]
        ps.deck[:] = rest[len(ps.hand):]

    def undo_actions(self, s: TTState) -> frozenset:
        return frozenset((UNSTACK,)) if s.decision is not None and s.decision.kind == "program" else frozenset()

    def turns(self, s: TTState) -> int:
        return s.round

    def first_player(self, s: TTState) -> int:
        return s.priority

    def all_zones(self, s: TTState):
        from .view import all_zones
        return all_zones(s)


# the decisions of running programs share one legal/apply pair; damage assignment has short names
for _kind in set(PROGRAM_DECISION.values()):
    TuruturuRules._LEGAL[_kind] = TuruturuRules._legal_program_run
    TuruturuRules._APPLY[_kind] = TuruturuRules._apply_program_run
TuruturuRules._LEGAL["assign_damage"] = TuruturuRules._legal_assign
TuruturuRules._APPLY["assign_damage"] = TuruturuRules._apply_assign
