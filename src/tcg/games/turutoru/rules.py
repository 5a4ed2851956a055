"""Turu-turu Stage rules: rounds of secret programming, then one shared timeline of segments.

Steps are tuples on ``state.steps`` (top = end; those of several fields are ``state.py``'s
records); ``advance`` runs them until a decision
opens. Rule IDs (TT-*) refer to ../shared/rules/turutoru.md; docs/rules/turutoru.md states the
readings chosen (a card's program is chosen when it runs, targets too; a program acts at the
segment where it starts and the segments it consumes delay its owner's next program; one order,
TT-G4, at a shared segment)."""
from __future__ import annotations

from typing import Sequence

from ...engine.action import Action, ActionTable
from ...engine.choices import ChoiceRunner, put_rest
from ...engine.deck import Deck
from ...engine.reasons import Reason
from ...engine.effects import EffectCtx, effect_step
from ...engine.select import Selector
from ...engine.state import new_record
from ...engine.steps import StepRuleset
from ...engine.triggers import TriggerRunner, new_action, stack_triggered
from . import costs as TC
from . import flow as F
from . import reasons as TR
from . import select as TS
from . import triggers as TT  # noqa: F401 - sets TTState.trigger_hook (games/turutoru/triggers.py)
from .conditions import CONDITIONS
from .state import (AssignPending, AttackOneStep, BlockPending, ChooseProgramPending, ProgramPending, SearchPending,
                    TTState, Unit)

SKIP = Action("skip")
DONE = Action("done")
KEEP = Action("keep")
MULLIGAN = Action("mulligan")
FINISH = Action("finish_program")
RUN = Action("run")
SEARCH_NONE = Action("search_none")
USE = "use"  # choose_program: run the card as its program number ``program``


#: action type -> {instance id: Action(type, card=iid)} (each built once: ``ActionTable``)
CARD_ACTS = {t: ActionTable(t, "card") for t in ("stack", "pick", "place", "bed_in", "release", "apply", "block",
                                                 "assign", "discard", "search_pick")}
USE_ACTS = ActionTable(USE, "program")
MOUNT_ACTS = ActionTable("mount", "card", "target")
#: {(card, ability index): Action(type, ability=..., card=...)}
ABILITY_ACTS = {t: ActionTable(t, "card", "ability") for t in ("activate", "effect")}
#: an activated ability used from the hand or the discard pile (``from`` on the ability) by an
#: Activate or Effect program: {(card, ability index): Action}
ACTIVATE_CARD = ActionTable("activate_card", "card", "ability")

# decision kind of each program that asks its owner something when it runs
PROGRAM_DECISION = {"place": "place", "reboot": "reboot", "bed_in": "bed_in", "mount": "mount",
                    "release": "release", "apply": "apply", "attack": "attackers",
                    "fan_fire": "attackers", "library_draw": "library_draw", "activate": "activate",
                    "effect": "effect"}


class TuruturuRules(TriggerRunner, ChoiceRunner, StepRuleset[TTState]):
    id = "turutoru"
    name = "トゥルトゥルSTAGE"
    profile_numbers = {"hand_size": "start.hand_size", "hand_limit": "start.hand_limit",
                       "start_hp": "start.hp", "segments": "round.segments"}
    conditions = CONDITIONS
    hand_size: int  # (the profile's numbers: read_profile sets them)
    hand_limit: int
    start_hp: int
    segments: int

    def unavailable(self, s: TTState, seat: int | None, legal: Sequence[Action] | None = None) -> list[Reason]:
        """Why the options ``seat`` might expect are not offered (games/turutoru/reasons.py)."""
        if legal is None:
            legal = self.legal_actions(s) if s.decision is not None and not s.over else []
        return TR.unavailable(self, s, seat, legal)

    # --- set-up (TT-S1..S4) ----------------------------------------------------------------
    def new_state(self, decks: Sequence[Deck], seed: int, first: int | None = None) -> TTState:
        self.profile  # noqa: B018 - loads the numbers
        cards, owner, zones = self.deal(decks, ("main",))
        mains = [z["main"] for z in zones]
        s = TTState(seed, tuple(cards), tuple(owner), self.start_hp)
        if s.trig is not None:
            s.trig.cap = self.max_triggers_per_action
        for p in (0, 1):
            s.players[p].deck = mains[p]
            s.rng.shuffle(mains[p])
            s.emit("shuffle", {"player": p})
        s.priority = self.who_goes_first(s.rng, first)  # TT: the priority player (いわゆる先攻)
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

    def _step_mulligan_carry(self, s: TTState, step: tuple) -> None:
        """TT-S2: a mulligan choice carried out, once both players have chosen (``step``:
        ("mulligan_carry", player, took_mulligan))."""
        _, p, took = step
        ps = s.players[p]
        if took:  # the whole hand back, shuffle, draw 7
            n = len(ps.hand)
            ps.deck.extend(ps.hand)
            ps.hand.clear()
            s.rng.shuffle(ps.deck)
            s.emit("mulligan", {"player": p, "returned": n})
            F.draw(s, p, self.hand_size)
        else:
            s.emit("keep", {"player": p})

    def _step_round(self, s: TTState, step: tuple) -> None:
        s.round += 1
        s.phase = "draw"
        s.emit("round_start", {"round": s.round})
        if s.trig is not None and s.trig.queue:
            # what the round's start triggered resolves first (after_op puts it on top of this
            # step), then the draw phase's draws
            s.steps.append(("round_draw",))
            return
        self._step_round_draw(s, step)

    def _step_round_draw(self, s: TTState, step: tuple) -> None:
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
        """TT-T2: both stacks are set; only now does either player learn how many cards the
        other stacked. TT-G1: each player's clock starts at segment 0."""
        for p, ps in enumerate(s.players):
            ps.clock, ps.running, ps.running_prog = 0, None, -1
            s.emit("programmed", {"player": p, "count": len(ps.programs)})
        s.phase = "main"
        s.segment = 0
        s.emit("phase", {"phase": "main"})
        s.steps.append(("main_next",))

    def _step_main_next(self, s: TTState, step: tuple) -> None:
        """Reach the next program on the timeline (TT-G2..G4): the player whose clock is lowest
        (on a tie, TT-G4's order) reveals the top card of their stack at that segment. A card
        whose segment value no longer fits is discarded with every card after it (TT-G3)."""
        p = self._next_player(s)
        if p is None:
            # TT-T4: resolved programs back to hand
            for q, ps in enumerate(s.players):
                if ps.resolved:
                    s.emit("resolved_to_hand", {"player": q, "cards": list(ps.resolved)})
                    ps.hand.extend(ps.resolved)
                    ps.resolved.clear()
            return
        ps = s.players[p]
        iid = ps.programs[0]
        start, cost = ps.clock, s.cards[iid].segment
        s.steps.append(("main_next",))
        if start + cost > self.segments:  # TT-G3: this card and every one after it
            dropped = ps.programs[:]
            ps.programs.clear()
            ps.discard.extend(dropped)
            s.emit("programs_overflow", {"player": p, "start": start, "cards": dropped,
                                         "ids": [s.cards[i].id for i in dropped]})
            return
        ps.programs.pop(0)
        ps.running, ps.running_prog = iid, -1
        s.segment = start
        s.emit("program_reveal", {"player": p, "card": iid, "id": s.cards[iid].id, "start": start,
                                  "cost": cost})
        usable = self._usable_programs(s, p, iid)
        if not usable:
            self._finish(s, p, "discarded")  # TT-P13: no program of it can act
        elif len(usable) == 1 and s.cards[iid].programs[usable[0]].kind != "decoder":
            self._use(s, p, usable[0], chosen=False)  # its own decision offers to skip it
        else:  # TT-T2: the owner chooses which of its programs to use, now; TT-P13: or none
            # (a Program Decoder asks nothing as it runs: this is where it may be declined)
            self._decide(s, p, "choose_program", new_record(ChooseProgramPending, (p, iid, tuple(usable))), card=iid, segment=start,
                         programs=[s.cards[iid].programs[i].label() for i in usable])

    def _next_player(self, s: TTState) -> int | None:
        """The player whose next program starts earliest (lowest clock); ties: TT-G4's order."""
        best = None
        for p in self.order(s):
            ps = s.players[p]
            if ps.programs and (best is None or ps.clock < s.players[best].clock):
                best = p
        return best

    def _usable_programs(self, s: TTState, p: int, iid: int) -> list[int]:
        """The program numbers of card ``iid`` that can act now (TT-P13)."""
        out = []
        for prog in s.cards[iid].programs:
            if prog.kind == "decoder":
                ok = self._decoder_target(s, p) is not None
            else:
                ok = self._can_act(s, p, prog.kind)
            if ok:
                out.append(prog.index)
        return out

    def _use(self, s: TTState, p: int, index: int, chosen: bool) -> None:
        """Run the revealed card as its program ``index`` (``chosen``: picked among several)."""
        ps = s.players[p]
        iid = ps.running
        prog = s.cards[iid].programs[index]
        ps.running_prog = index
        s.emit("program_use", {"player": p, "card": iid, "id": s.cards[iid].id, "program": prog.kind,
                               "index": index, "start": s.segment})
        if s.trig is not None and s.trig.queue:  # what its running triggered resolves first
            s.steps.append(("program_go", p, index, chosen))
            return
        self._go(s, p, index, chosen)

    def _step_program_go(self, s: TTState, step: tuple) -> None:
        """The program goes on after what its running triggered: when those effects left it
        nothing to act on, it is discarded unrun (TT-P13)."""
        _, p, index, chosen = step
        ps = s.players[p]
        if ps.running is None:
            return
        if index not in self._usable_programs(s, p, ps.running):
            ps.running_prog = -1
            self._finish(s, p, "discarded")
            return
        self._go(s, p, index, chosen)

    def _go(self, s: TTState, p: int, index: int, chosen: bool) -> None:
        """The program chosen for the running card acts (``_use``)."""
        ps = s.players[p]
        iid = ps.running
        prog = s.cards[iid].programs[index]
        if prog.kind == "decoder":
            self._run_decoder(s, p)
        elif prog.kind == "library_draw" and chosen:  # already chosen over skipping: it runs
            s.steps.append(("program_done", p))
            F.draw(s, p, prog.amount)
        else:
            self._open_program(s, p, iid, prog)

    def _finish(self, s: TTState, p: int, outcome: str) -> None:
        """The running program becomes resolved, or is discarded. One that ran consumes its
        segments (TT-G2): its owner's next program starts that much later; one not run (skipped,
        nothing to act on) consumes none. A Library Draw that ran is discarded (TT-P9)."""
        ps = s.players[p]
        iid, index = ps.running, ps.running_prog
        ps.running, ps.running_prog = None, -1
        kind = s.cards[iid].programs[index].kind if index >= 0 else None
        cost = 0
        if outcome == "resolved":
            cost = s.cards[iid].segment
            ps.clock += cost
            if kind == "library_draw":
                outcome = "spent"
                ps.discard.append(iid)
            else:
                ps.resolved.append(iid)
        else:
            ps.discard.append(iid)  # TT-T3/TT-P13
        s.emit("program_" + outcome, {"player": p, "card": iid, "id": s.cards[iid].id, "program": kind,
                                      "segments": cost, "next": ps.clock})

    def _decoder_target(self, s: TTState, p: int) -> int | None:
        """TT-P12: the opponent's program at the same segment timing that has not run yet: the
        top card of their stack when their clock is where ``p``'s program starts (and it fits)."""
        me, opp = s.players[p], s.players[1 - p]
        if opp.running is None and opp.programs and opp.clock == me.clock:
            iid = opp.programs[0]
            if opp.clock + s.cards[iid].segment <= self.segments:
                return iid
        return None

    def _run_decoder(self, s: TTState, p: int) -> None:
        """TT-P12: that program is discarded unrun (and consumes nothing)."""
        iid = self._decoder_target(s, p)
        assert iid is not None  # (a decoder is usable only with a program to decode)
        opp = s.players[1 - p]
        opp.programs.remove(iid)
        opp.discard.append(iid)
        s.emit("program_decoded", {"player": 1 - p, "card": iid, "id": s.cards[iid].id, "start": opp.clock})
        self._finish(s, p, "resolved")

    def _open_program(self, s: TTState, p: int, iid: int, prog) -> None:
        kind = prog.kind
        s.select = ()
        info = {"program": kind, "card": iid, "segment": s.segment}
        if kind == "library_draw":
            info["amount"] = prog.amount
        self._decide(s, p, PROGRAM_DECISION[kind], new_record(ProgramPending, (p, iid, kind, prog.amount)), **info)

    def _legal_choose_program(self, s, p, pending: ChooseProgramPending):
        return [USE_ACTS[i] for i in pending.usable] + [SKIP]

    def _apply_choose_program(self, s, p, pending, a):
        if a.type == "skip":
            self._finish(s, p, "discarded")
        else:
            self._use(s, p, a.program, chosen=True)

    # --- what each program can act on ----------------------------------------------------------
    def _program_targets(self, s: TTState, p: int, kind: str) -> list:
        ps = s.players[p]
        cards = s.cards
        if kind == "place":
            return [i for i in ps.hand if cards[i].kind == "character"]
        if kind == "reboot":  # TT-P2: any of your characters, asleep or not
            return [u.iid for u in ps.chars]
        if kind == "bed_in":
            return [u.iid for q in self.order(s) for u in s.players[q].chars if u.awake]
        if kind == "mount":
            out = []
            for i in ps.hand:
                c = cards[i]
                if c.kind == "device":
                    if c.mount == "field":
                        out.append((i, -1))
                    else:  # TT-P4: on any character, unless the card restricts it
                        sides = {"own": (p,), "opponent": (1 - p,)}.get(c.mount_on or "any", (p, 1 - p))
                        out.extend((i, u.iid) for q in sides for u in s.players[q].chars)
            return out
        if kind == "release":
            return self._own_devices(s, p)
        if kind == "apply":
            return [i for i in ps.hand if cards[i].kind == "application" and self._usable(s, p, i, cards[i].abilities[0])]
        if kind in ("attack", "fan_fire"):
            return [u.iid for u in ps.chars if u.awake and (kind == "fan_fire" or u.placed != s.round)]
        if kind == "library_draw":
            return [True]
        if kind == "activate":
            return [(u.iid, ab.index) for u in ps.chars for ab in cards[u.iid].abilities_of("activated")
                    if ab.zone == "field" and self._usable(s, p, u.iid, ab)] + self._off_field(s, p, "character")
        if kind == "effect":
            return [(d, ab.index) for d in self._own_devices(s, p) for ab in cards[d].abilities_of("activated")
                    if ab.zone == "field" and self._usable(s, p, d, ab)] + self._off_field(s, p, "device")
        raise ValueError(kind)

    def _off_field(self, s: TTState, p: int, kind: str) -> list:
        """The activated abilities of player ``p``'s cards of ``kind`` (a character: by Activate, a
        device: by Effect) used from the hand or the discard pile (``from`` on the ability), as
        (card, ability) pairs: its ``if`` holding and its cost payable. None when no dealt card
        has such an ability (worked out once per deal)."""
        memo = F.facts(s).memo
        got = memo.get("off_field")
        if got is None:
            got = memo["off_field"] = any(ab.kind == "activated" and ab.zone != "field"
                                          for c in s.cards for ab in c.abilities)
        if not got:
            return []
        ps, cards = s.players[p], s.cards
        return [(i, ab.index) for zone in ("hand", "discard") for i in getattr(ps, zone) if cards[i].kind == kind
                for ab in cards[i].abilities_of("activated") if ab.zone == zone and self._usable(s, p, i, ab)]

    def _can_act(self, s: TTState, p: int, kind: str) -> bool:
        """``bool(self._program_targets(s, p, kind))`` without listing the targets."""
        ps = s.players[p]
        if kind == "place" or kind == "apply":
            want = "character" if kind == "place" else "application"
            cards = s.cards
            for i in ps.hand:
                c = cards[i]
                if c.kind == want and (want == "character" or self._usable(s, p, i, c.abilities[0])):
                    return True
            return False
        if kind == "attack" or kind == "fan_fire":
            fan, rnd = kind == "fan_fire", s.round
            for u in ps.chars:
                if u.awake and (fan or u.placed != rnd):
                    return True
            return False
        if kind == "reboot":
            return bool(ps.chars)
        if kind == "bed_in":
            for q in s.players:
                for u in q.chars:
                    if u.awake:
                        return True
            return False
        if kind == "library_draw":
            return True
        return bool(self._program_targets(s, p, kind))

    def _usable(self, s: TTState, p: int, iid: int, ab) -> bool:
        """Whether player ``p`` may use the ability ``ab`` of card ``iid`` now: it has no ``if``,
        or its ``if`` holds (engine/conditions.py), and it has no ``cost`` or its cost can be paid
        (games/turutoru/costs.py)."""
        return (ab.cond is None or self.effect_holds(s, EffectCtx(p, iid), ab.cond)) and \
            (ab.costs is None or TC.can_pay(s, p, iid, ab.costs))

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
        cards, stack = s.cards, CARD_ACTS["stack"]
        # TT-T2: face down; its program is chosen when it runs
        out = [stack[i] for i in s.players[p].hand if cards[i].kind == "character"]
        out.append(FINISH)  # stacking only adds: a stacked card is not taken back (no cycles)
        return out

    def _legal_program_run(self, s, p, pending: ProgramPending):
        kind = pending.kind
        targets = self._program_targets(s, p, kind)  # not empty: it was usable when it opened
        out: list[Action] = []
        if kind in ("place", "bed_in", "release", "apply"):
            acts = CARD_ACTS[kind]
            out = [acts[t] for t in targets]
        elif kind in ("reboot", "attack", "fan_fire"):
            pick, chosen = CARD_ACTS["pick"], s.select
            out = [pick[t] for t in targets if t not in chosen]
            if s.select:
                out.append(DONE)
        elif kind == "mount":
            out = [MOUNT_ACTS[dt] for dt in targets]
        elif kind == "library_draw":
            out = [RUN]
        elif kind in ("activate", "effect"):
            acts = ABILITY_ACTS[kind]
            out = [acts[ca] if self._on_field(s, *ca) else ACTIVATE_CARD[ca] for ca in targets]
        out.append(SKIP)
        return out

    @staticmethod
    def _on_field(s: TTState, iid: int, ability: int) -> bool:
        """Whether the ability is used where the card is in play (not from the hand or discard pile)."""
        return s.cards[iid].abilities[ability].zone == "field"

    def _legal_block(self, s, p, pending):
        chosen = s.select
        block = CARD_ACTS["block"]
        out = [block[u.iid] for u in s.players[p].chars if u.awake and u.iid not in chosen]
        out.append(DONE)
        return out

    def _legal_assign(self, s, p, pending: AssignPending):
        assign = CARD_ACTS["assign"]
        return [assign[b] for b in pending.blockers]

    def _legal_discard(self, s, p, pending):
        discard = CARD_ACTS["discard"]
        return [discard[i] for i in s.players[p].hand]

    def _legal_search(self, s, p, pending):
        pick = CARD_ACTS["search_pick"]
        return [pick[i] for i in pending.matches] + [SEARCH_NONE]

    # --- applying --------------------------------------------------------------------------
    def _apply_mulligan(self, s, p, pending, a):
        """TT-S2: both choose 「ほぼ同時に」, so a choice is only recorded here, as a step kept
        below the open one, and nothing of it shows (no event, no change of hand or deck). The
        priority player chooses first; when the other has chosen too, the steps carry both out,
        the priority player's first (the order, and the use of the random generator, of the
        days when each was carried out at once: records replay to the same games)."""
        s.players[p].mulliganed = True  # the mulligan decision is taken (kept or not), as in Shironeko
        s.steps.insert(len(s.steps) - 1, ("mulligan_carry", p, a.type == "mulligan"))

    def _apply_program(self, s, p, pending, a):
        ps = s.players[p]
        if a.type == "stack":  # TT-T2: no event: the other player learns nothing until both are done
            card = a.params[0][1]  # a.card, its one parameter (read so: the hottest apply of the game)
            ps.hand.remove(card)
            ps.programs.append(card)
            s.steps.append(("program", p))
        else:
            ps.done_programming = True

    def _apply_program_run(self, s, p, pending: ProgramPending, a):
        iid, kind, amount = pending.card, pending.kind, pending.amount
        ps = s.players[p]
        t = a.type
        if t == "skip":
            s.select = ()
            self._finish(s, p, "discarded")
            return
        card = a.get("card")  # read once (None for done and run)
        if t == "pick":  # reboot / attackers: one more
            s.select = s.select + (card,)
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
                    s.steps.append(new_record(AttackOneStep, ("attack_one", p, att, kind == "fan_fire")))
            return
        if t == "place":  # TT-P1
            ps.hand.remove(card)
            ps.chars.append(Unit(card, s.round))
            s.emit("place", {"player": p, "card": card, "id": s.cards[card].id})
        elif t == "bed_in":  # TT-P3
            u = s.players[s.owner[card]].unit(card)
            u.awake = False
            s.emit("bed_in", {"card": card})
        elif t == "mount":  # TT-P4
            ps.hand.remove(card)
            if a.target < 0:
                ps.devices.append(card)
            else:
                u = s.players[s.owner[a.target]].unit(a.target)
                u.devices = u.devices + (card,)
            s.emit("mount", {"player": p, "card": card, "id": s.cards[card].id, "on": a.target})
        elif t == "release":  # TT-P5
            self._detach(s, card)
            ps.hand.append(card)
            s.emit("release", {"player": p, "card": card, "id": s.cards[card].id})
        elif t == "apply":  # TT-P6
            ps.hand.remove(card)
            ps.discard.append(card)
            s.emit("apply", {"player": p, "card": card, "id": s.cards[card].id})
            s.steps.append(("program_done", p))
            self._resolve(s, p, card, s.cards[card].abilities[0])
            return
        elif t == "run":  # TT-P9
            s.steps.append(("program_done", p))
            F.draw(s, p, amount)
            return
        elif t in ("activate", "effect"):  # TT-P10 / TT-P11
            ab = s.cards[card].abilities[a.ability]
            s.emit(t, {"player": p, "card": card, "id": s.cards[card].id, "ability": a.ability})
            s.steps.append(("program_done", p))
            self._resolve(s, p, card, ab)
            return
        elif t == "activate_card":  # TT-P10 / TT-P11 from the hand or the discard pile: the card is shown
            ab = s.cards[card].abilities[a.ability]
            s.emit(kind, {"player": p, "card": card, "id": s.cards[card].id, "ability": a.ability, "zone": ab.zone})
            s.steps.append(("program_done", p))
            self._resolve(s, p, card, ab)
            return
        self._finish(s, p, "resolved")

    @staticmethod
    def _resolve(s: TTState, p: int, card: int, ab) -> None:
        """An activated or apply ability of ``card`` used by player ``p``: its effect resolves
        after its cost is paid (games/turutoru/costs.py: an effect step of ``pay`` ops)."""
        s.steps.append(effect_step(p, card, ab.ops))
        if ab.costs is not None:
            s.steps.append(TC.pay_step(p, card, ab.costs))

    def _detach(self, s: TTState, d: int) -> None:
        F.detach(s, d)

    def _step_program_done(self, s: TTState, step: tuple) -> None:
        self._finish(s, step[1], "resolved")

    # --- attacks (TT-A1..A6) -----------------------------------------------------------------
    def _step_attack_one(self, s: TTState, step: AttackOneStep) -> None:
        p, att, fan = step.player, step.attacker, step.fan
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
        if s.trig is not None and s.trig.queue:  # what the attack triggered resolves first
            s.steps.append(("attack_block", p, att))
            return
        self._step_attack_block(s, ("attack_block", p, att))

    def _step_attack_block(self, s: TTState, step: tuple) -> None:
        """The defender may block the attacker (TT-A2), unless it has left the field."""
        _, p, att = step
        if s.players[p].unit(att) is None:
            return
        s.select = ()
        d = 1 - p
        if any(x.awake for x in s.players[d].chars):
            self._decide(s, d, "block", new_record(BlockPending, (p, att)), attacker=att)
        else:
            self._resolve_attack(s, p, att, ())

    def _apply_block(self, s, p, pending: BlockPending, a):
        attacker_owner, att = pending.attacker_owner, pending.attacker
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
        if s.trig is not None and s.trig.queue:  # what the block triggered resolves first
            s.steps.append(("attack_clash", p, att, blockers))
            return
        self._step_attack_clash(s, ("attack_clash", p, att, blockers))

    def _step_attack_clash(self, s: TTState, step: tuple) -> None:
        """A blocked attacker and its blockers deal their damage (TT-A4); a blocker that has left
        the field meanwhile takes and deals none (no blocker left: no damage at all)."""
        _, p, att, blockers = step
        u = s.players[p].unit(att)
        if u is None:
            return
        d = s.players[1 - p]
        blockers = tuple(b for b in blockers if d.unit(b) is not None)
        if not blockers:
            u.fan = False
            return
        power = F.power_of(s, u)
        if len(blockers) == 1 or power == 0:
            self._clash(s, p, att, blockers, {blockers[0]: power})
        else:  # TT-A4: the attacker's controller divides the damage, one point at a time
            self._decide(s, p, "assign_damage", new_record(AssignPending, (p, att, blockers, power, ())), attacker=att,
                         blockers=list(blockers), damage=power)

    def _apply_assign(self, s, p, pending: AssignPending, a):
        att, blockers, left = pending.attacker, pending.blockers, pending.left
        assigned = pending.assigned + (a.card,)
        if len(assigned) < left:
            self._decide(s, p, "assign_damage", new_record(AssignPending, (p, att, blockers, left, assigned)), attacker=att,
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
        if s.trig is not None and s.trig.queue:  # what the prepare phase triggered resolves first
            s.steps.append(("prepare_clear",))
            return
        self._step_prepare_clear(s, step)

    def _step_prepare_clear(self, s: TTState, step: tuple) -> None:
        """TT-T5: damage and this round's changes are removed, then the hand limit."""
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
        card = a.params[0][1]  # a.card, its one parameter
        ps.hand.remove(card)
        ps.discard.append(card)
        s.emit("discard", {"player": p, "card": card, "id": s.cards[card].id})
        s.steps.append(("hand_limit", p))

    # --- search (application effect) --------------------------------------------------------
    def _step_search(self, s: TTState, step: tuple) -> None:
        _, p, flt = step
        deck = s.players[p].deck
        if isinstance(flt, Selector):  # a selector table: the decision says only that it filters
            matches = TS.SELECTORS.matching_ids(s, p, "deck", deck, flt)
            self._decide(s, p, "search", new_record(SearchPending, (p, matches)), filtered=True)
            return
        matches = tuple(i for i in deck if F.matches(s.cards[i], dict(flt)))
        self._decide(s, p, "search", new_record(SearchPending, (p, matches)), filter=dict(flt))

    def _apply_search(self, s, p, pending, a):
        ps = s.players[p]
        if a.type == "search_pick":
            ps.deck.remove(a.card)
            ps.hand.append(a.card)
            s.emit("search", {"player": p, "card": a.card, "id": s.cards[a.card].id})
        s.rng.shuffle(ps.deck)
        s.emit("shuffle", {"player": p})
        self.effect_done(s, a.type == "search_pick")  # for an "if you do" after the search

    # --- effect targets (EffectRunner hooks) ---------------------------------------------------
    #: what a selector table may name (games/turutoru/select.py)
    selectors = TS.SELECTORS

    def effect_target(self, s: TTState, iid: int) -> Unit | TS.Loose | None:
        """The character on the field with this card, or (a ``move``'s target) the device in play
        or the card in its owner's pile, or None."""
        u = s.players[s.owner[iid]].unit(iid)
        return u if u is not None else TS.locate(s, iid)

    # --- looking at the top of a deck (engine/choices.py: the look op) -------------------------------
    def look_top(self, s: TTState, player: int, n: int) -> list:
        """The top ``n`` cards of the player's deck, top first (fewer when it holds fewer: looking
        is not drawing, so an empty deck loses nothing)."""
        return s.players[player].deck[::-1][:n]

    def look_move(self, s: TTState, ctx: EffectCtx, iid: int, owner: int, to: str, reveal: bool,
                  zone: str = "deck") -> None:
        """A card taken by a look goes from the deck (or the hand: ``zone``) to its owner's zone
        ``to`` (``flow.move_card``: into or out of the hand it is named to its owner alone unless
        ``reveal`` showed it to both first; onto the field a character, placed this round)."""
        if reveal:
            s.emit("reveal", {"player": owner, "card": iid, "id": s.cards[iid].id, "source": ctx.source})
        F.move_card(s, iid, owner, zone, to)

    def look_put(self, s: TTState, owner: int, iids: list, where: str) -> None:
        """The rest of a look, top first, to the top or bottom of the owner's deck (the first
        highest) or into the discard pile (a ``move`` event each)."""
        put_rest(s, owner, iids, where, "discard", F.move_card)

    def effect_can_act(self, s: TTState, ctx: EffectCtx, op) -> bool:
        """A ``pay`` op (you may pay …) is not asked about when its cost cannot be paid."""
        if op.name == "pay" and "cost" in op.args:
            return TC.can_pay(s, ctx.controller, ctx.source, op["cost"])
        return True

    def after_op(self, s: TTState) -> None:
        F.check_destroyed(s)
        tr = s.trig
        if tr is not None and tr.queue and not tr.busy and not s.over:
            self._queue_triggers(s, tr)

    # --- triggered abilities (games/turutoru/triggers.py) -----------------------------------------
    def _queue_triggers(self, s: TTState, tr) -> None:
        """What triggered goes onto the stack, the first to resolve on top: the abilities of the
        player who goes first by TT-G4 (lower HP, then priority) first, each player's in the order
        they triggered (engine/triggers.py)."""
        stack_triggered(s, tr, self.order(s)[0])

    def apply(self, s: TTState, action) -> None:
        new_action(s, self.max_triggers_per_action)
        super().apply(s, action)

    def advance(self, s: TTState) -> None:
        """``StepRuleset.advance``; with triggers dealt, what a step triggered goes onto the stack
        after it (``after_op``'s part for triggers), so it resolves before the steps below."""
        self.run_steps(s, None if s.trig is None else self._after_step)

    def _after_step(self, s: TTState) -> None:
        tr = s.trig
        if tr is not None and tr.queue and not tr.busy:
            self._queue_triggers(s, tr)

    def effect_candidates(self, s: TTState, ctx: EffectCtx, sel, op) -> list:
        c = ctx.controller
        if not isinstance(sel, str):  # a selector table (engine/select.py)
            return TS.candidates(s, c, ctx.source, sel)
        if sel == "choose_opponent_character":
            us = s.players[1 - c].chars
        elif sel == "choose_own_character":
            us = s.players[c].chars
        else:
            us = s.players[c].chars + s.players[1 - c].chars
        flt = op.args.get("filter")
        return [u for u in us if F.matches(s.cards[u.iid], flt)]

    def effect_select(self, s: TTState, ctx: EffectCtx, sel, last: tuple, op) -> list:
        c = ctx.controller
        if not isinstance(sel, str):  # a selector table: all = true or random = n
            return TS.candidates(s, c, ctx.source, sel)
        flt = op.args.get("filter")
        if sel == "self":  # a character's own abilities only: on the field
            return [u for u in self.effect_targets(s, (ctx.source,))
                    if isinstance(u, Unit) and F.matches(s.cards[u.iid], flt)]
        if sel == "attached":
            return [u for q in (0, 1) for u in s.players[q].chars
                    if ctx.source in u.devices and F.matches(s.cards[u.iid], flt)]
        if sel == "same":  # a card a move took from a pile may be moved on; other ops: the field only
            found = self.effect_targets(s, last)
            return found if op.name == "move" else [u for u in found if isinstance(u, Unit)]
        if sel == "all_own_characters":
            us = s.players[c].chars
        elif sel == "all_opponent_characters":
            us = s.players[1 - c].chars
        else:
            us = s.players[c].chars + s.players[1 - c].chars
        return [u for u in us if F.matches(s.cards[u.iid], flt)]

    # --- views --------------------------------------------------------------------------------
    def scramble_hidden(self, s: TTState, viewer, rng) -> bool:
        if s.decision and s.decision.kind in ("search", "look_take", "look_order"):
            return False  # (the deck's cards looked at are named in the decision)
        for p, ps in enumerate(s.players):
            if p != viewer:
                self._redraw_programs(s, ps, rng)
                s.exchange(rng, ps.hand, ps.deck)
            s.exchange(rng, ps.deck)
        return True

    def _redraw_programs(self, s: TTState, ps, rng) -> None:
        """Deal the opponent's face-down programs afresh from every card the viewer has not
        seen (their hand, deck and face-down stack pooled): which cards they are and their
        order are redrawn (no program is chosen before a card runs, TT-T2; the segment values
        of face-down cards are not public either). While programming is not over for both,
        the number stacked is hidden too (TT-T2): it is redrawn, keeping hand + stack the size
        the viewer sees."""
        cards = s.cards
        hide_count = s.phase == "programming" and ps.done_programming and \
            not all(q.done_programming for q in s.players)
        if not ps.programs and not hide_count:
            return
        pool = sorted(ps.programs + ps.hand + ps.deck)
        rng.shuffle(pool)
        held = len(ps.hand) + len(ps.programs)
        chars = [i for i in pool if cards[i].kind == "character"]
        if hide_count:  # a plausible stack: up to 4 cards that fit in the segments
            want = min(rng.below(5), held, len(chars))
            new: list[int] = []
            t = 0
            for i in chars:
                if len(new) == want:
                    break
                if t + cards[i].segment <= self.segments:
                    new.append(i)
                    t += cards[i].segment
        else:
            new = chars[:len(ps.programs)]
        taken = set(new)
        rest = [i for i in pool if i not in taken]
        ps.programs[:] = new
        hand = held - len(new)
        ps.hand[:] = rest[:hand]
        ps.deck[:] = rest[hand:]

    def turns(self, s: TTState) -> int:
        return s.round

    def first_player(self, s: TTState) -> int:
        return s.priority


# the decisions of running programs share one legal/apply pair; damage assignment has short names
for _kind in set(PROGRAM_DECISION.values()):
    TuruturuRules._LEGAL[_kind] = TuruturuRules._legal_program_run
    TuruturuRules._APPLY[_kind] = TuruturuRules._apply_program_run
TuruturuRules._LEGAL["assign_damage"] = TuruturuRules._legal_assign
TuruturuRules._APPLY["assign_damage"] = TuruturuRules._apply_assign
