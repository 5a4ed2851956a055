"""Shironeko rules: set-up, the turn, attacks, effects, and the decisions they open.

Rule flow is an explicit stack of plain-data steps (``state.steps``, top = end). ``advance``
pops and runs steps until one opens a decision (``state.decision`` + ``state.pending``) or the
game ends; ``apply`` answers the open decision and advances again. Rule IDs (SN-*) refer to
../shared/rules/shironeko.md; docs/rules/shironeko.md states the readings chosen."""
from __future__ import annotations

from typing import Any, Collection, Sequence

from ...engine.action import Action, ActionTable
from ...engine.choices import ChoiceRunner, put_rest
from ...engine.deck import Deck
from ...engine.effects import EffectCtx, EffectRunner, effect_step
from ...engine.profile import Profile
from ...engine.reasons import Reason
from ...engine.select import Selector
from ...engine.steps import StepRuleset
from ...engine.state import colors_of, new_record
from ...engine.triggers import new_action, resolve_trigger, stack_triggered
from . import flow as F
from . import payment as P
from . import costs as SC
from . import reasons as SR
from . import select as SS
from . import triggers as ST  # noqa: F401 - sets SNState.trigger_hook (triggers on the field)
from .cards import CHARACTER_KINDS, Card
from .conditions import CONDITIONS
from .state import (ActivatedStep, DamageCleanupStep, PayStep, PlayerDamageStep, PlayStep, SearchPending, SearchStep,
                    SNState, TriggerOrderPending, TriggersStep, Unit)

END_TURN = Action("end_turn")
NO_DEFENSE = Action("no_defense")
MULLIGAN_DONE = Action("mulligan_done")
SEARCH_NONE = Action("search_none")
PAY_SUGGESTED = Action("pay_suggested")


#: the actions naming cards, each built once (``ActionTable``): ``PLACE[iid]``, ``CHANGE[iid, target]``...
PLACE, LEADERIZE, MONSTER, BURST = (ActionTable(t, "card") for t in ("place", "leaderize", "monster", "burst"))
CHANGE, AWAKEN = ActionTable("change", "card", "target"), ActionTable("awaken", "card", "target")
ATTACK = ActionTable("attack", "attacker")
ACTIVATE = ActionTable("activate", "ability", "card")
#: an activated ability used from the hand or the discard pile (``from`` on the ability)
ACTIVATE_CARD = ActionTable("activate_card", "ability", "card")
MULLIGAN_MARK, TRIGGER, DISCARD, SEARCH_PICK = (ActionTable(t, "card") for t in (
    "mulligan_mark", "trigger", "discard", "search_pick"))
DEFEND = ActionTable("defend", "defender")
PAY = ActionTable("pay", "color")
_PAY_ACTS: dict[tuple, tuple] = {}  # the colours offered -> the pay decision's actions


def _abilities_of(s: SNState, iid: int, kind: str) -> tuple:
    """``s.cards[iid].abilities_of(kind)``, worked out once per deal; for ``trigger``, the
    damage triggers only (SN-A6: those without ``when``; games/shironeko/triggers.py has the others)."""
    table = s.deal.by_kind.get(kind)
    if table is None:
        table = s.deal.by_kind[kind] = tuple(tuple(a for a in c.abilities_of(kind) if a.when is None)
                                             for c in s.cards)
    return table[iid]


def _play_info(card: Card, iid: int) -> tuple:
    """How the card ``iid`` in hand may be played, for ``_legal_main``, by position: 0 the fewest
    souls any of its uses costs (0 for a free one; a card without a use: never listed); 1 its
    shape: 1 a character, 2 a monster, 0 anything else; 2, 3 its cost and that cost's
    ``payment.cost_bit``; 4 its name; 5 its action from hand (place or monster, None for other
    cards); 6, 7 its change cost (None without one) and bit; 8 its level less 1 (the level a
    change goes onto); 9 a plain (not awakened) character; 10, 11 its leaderize target (None
    without one) and that action; 12, 13, 14 its burst's cost (None without one), bit and action."""
    kind = card.kind
    shape = 1 if kind in CHARACTER_KINDS else (2 if kind == "monster" else 0)
    burst = next(((ab.color, ab.cost) for ab in card.abilities if ab.kind == "burst"), None)
    costs = [card.cost] if shape else []
    if shape == 1 and card.change_cost is not None:
        costs.append(card.change_cost)
    if burst is not None:
        costs.append(burst[1])
    least = max(min(costs), 0) if costs else 1 << 30  # no use: never listed
    change = card.change_cost if shape == 1 else None
    color = card.color or ""  # (a card played from the hand has one; "" matches no soul, as None would)
    return (least, shape, card.cost, P.cost_bit(color, card.cost), card.name,
            PLACE[iid] if shape == 1 else (MONSTER[iid] if shape == 2 else None),
            change, None if change is None else P.cost_bit(color, change), card.level - 1,
            kind == "character", card.leaderize, None if card.leaderize is None else LEADERIZE[iid],
            None if burst is None else burst[1], None if burst is None else P.cost_bit(*burst),
            None if burst is None else BURST[iid])


class ShironekoRules(EffectRunner, ChoiceRunner, StepRuleset[SNState]):
    id = "shironeko"
    name = "白猫プロジェクト TCG"
    profile_numbers = {"hand_first": "start.hand_first", "hand_second": "start.hand_second",
                       "hand_limit": "start.hand_limit", "max_chars": "field.max_characters"}
    hand_first: int  # (the profile's numbers: read_profile sets them)
    hand_second: int
    hand_limit: int
    max_chars: int
    conditions = CONDITIONS
    #: what a selector table may name (games/shironeko/select.py)
    selectors = SS.SELECTORS

    def read_profile(self, p: Profile) -> None:
        super().read_profile(p)
        self.first_player_draws = not p.get("start.first_draw_restriction")

    # --- set-up (SN-S1..S3) ----------------------------------------------------------------
    def new_state(self, decks: Sequence[Deck], seed: int, first: int | None = None) -> SNState:
        self.profile  # noqa: B018 - loads the numbers
        cards, owner, zones = self.deal(decks, ("main", "town", "leader"))
        s = SNState(seed, tuple(cards), tuple(owner))
        if s.trig is not None:
            s.trig.cap = self.max_triggers_per_action
        for p, z in enumerate(zones):
            ps = s.players[p]
            ps.deck, ps.town_deck, ps.leader_hand = z["main"], z["town"], z["leader"]
            s.rng.shuffle(ps.deck)
            s.rng.shuffle(ps.town_deck)
            s.emit("shuffle", {"player": p, "zone": "deck"})
            s.emit("shuffle", {"player": p, "zone": "town_deck"})
        s.first = self.who_goes_first(s.rng, first)
        s.active = s.first
        s.emit("first_player", {"player": s.first})
        F.draw(s, s.first, self.hand_first)
        F.draw(s, 1 - s.first, self.hand_second)
        s.steps = [("start_turn",), ("mulligan", 1 - s.first), ("mulligan", s.first)]
        self.advance(s)
        return s

    # --- steps -----------------------------------------------------------------------------
    def _step_mulligan(self, s: SNState, step: tuple) -> None:
        p = step[1]
        self._decide(s, p, "mulligan", p)

    def _step_start_turn(self, s: SNState, step: tuple) -> None:
        p = s.next_turn()
        ps = s.players[p]
        s.phase = "start"
        s.used.clear()
        s.emit("turn_start", {"turn": s.turn, "player": p})
        # SN-T1: OFF cards ON, except shocked characters (SN-X1)
        ps.souls_off.clear()
        for u in ps.chars:
            u.attacked = False
            if not u.shock:
                u.on = True
        if ps.leader is not None:
            ps.leader.on = True
        # SN-T2: draw, except the first player's first turn
        if s.turn > 1 or self.first_player_draws:
            F.draw(s, p, 1)
            if s.over:
                return
        F.build(s, p)  # SN-T3
        s.phase = "main"
        if s.trig is not None and s.trig.queue:  # what triggered in the start phase resolves first
            s.steps.append(("main",))
            return
        self._decide(s, p, "main")  # the ``main`` step at once

    def _step_main(self, s: SNState, step: tuple) -> None:
        self._decide(s, s.active, "main")

    def _step_end_phase(self, s: SNState, step: tuple) -> None:
        """SN-T5 in order: end until-end-of-turn effects; poison (both sides); remove own
        shock markers; discard down to the hand limit."""
        s.phase = "end"
        s.emit("phase", {"phase": "end", "player": s.active})
        if s.trig is not None and s.trig.queue:  # turn_end triggers resolve first
            s.steps.append(("end_phase_rest",))
            return
        self._step_end_phase_rest(s, ("end_phase_rest",))

    def _step_end_phase_rest(self, s: SNState, step: tuple) -> None:
        """SN-T5 once the end phase has started (and what it triggered has resolved)."""
        # the retreat checks (SN-K8) only when a character's HP went down or its damage up: none
        # was left to retreat at the end_turn decision (see ``check_after_decision``)
        lowered = False
        for ps in s.players:
            for u in ps.chars:
                if u.hp_mod > 0:
                    lowered = True
                u.atk_mod = u.hp_mod = 0
            if ps.leader is not None:
                ps.leader.atk_mod = ps.leader.hp_mod = 0
        if lowered:
            F.check_retreats(s)
        poisoned = False
        for side in (s.active, 1 - s.active):
            for u in s.players[side].chars:
                if u.poison:
                    u.damage += 1
                    poisoned = True
                    s.emit("damage", {"card": u.iid, "amount": 1, "total": u.damage, "why": "poison"})
        if poisoned:
            F.check_retreats(s)
        for u in s.players[s.active].chars:
            if u.shock:
                u.shock = False
                s.emit("marker", {"card": u.iid, "marker": "shock", "on": False})
        if len(s.players[s.active].hand) > self.hand_limit:  # the ``hand_limit`` step's test
            s.steps.append(("start_turn",))
            s.steps.append(("hand_limit", s.active))
        elif s.trig is not None and s.trig.queue:  # (poison retreats triggered: they resolve first)
            s.steps.append(("start_turn",))
        else:
            self._step_start_turn(s, ("start_turn",))  # the next step, at once

    def _step_hand_limit(self, s: SNState, step: tuple) -> None:
        p = step[1]
        if len(s.players[p].hand) > self.hand_limit:
            self._decide(s, p, "discard", p, over=len(s.players[p].hand) - self.hand_limit)

    def _step_attack(self, s: SNState, step: tuple) -> None:
        """SN-A2: the defender chooses one ON character to defend, or no defence."""
        attacker = step[1]
        defender = 1 - s.owner[attacker]
        if s.players[s.owner[attacker]].unit(attacker) is None:
            return  # the attacker left the field
        for u in s.players[defender].chars:
            if u.on:
                self._decide(s, defender, "defend", attacker, attacker=attacker)
                return
        self._no_defense(s, attacker)

    def _no_defense(self, s: SNState, attacker: int) -> None:
        u = s.players[s.owner[attacker]].unit(attacker)
        defender = 1 - s.owner[attacker]
        s.emit("no_defense", {"player": defender, "attacker": attacker})
        if u is not None:  # the next step, at once
            self._step_player_damage(s, new_record(PlayerDamageStep, ("player_damage", defender, F.attack_of(s, u), attacker)))

    def _step_player_damage(self, s: SNState, step: PlayerDamageStep) -> None:
        """SN-A4..A7: reveal cards into the damage area one by one; STOP! halts; then triggers
        (only on the opponent's turn) in the defender's order; then all go to the discard."""
        p, amount, attacker = step.player, step.amount, step.attacker
        ps = s.players[p]
        s.emit("player_damage", {"player": p, "amount": amount})
        cards = s.cards
        start = len(ps.damage_area)  # a trigger may deal damage again: keep the two apart
        for _ in range(amount):
            if not ps.deck:
                break
            iid = ps.deck.pop()
            ps.damage_area.append(iid)
            card = cards[iid]
            s.emit("reveal", {"player": p, "card": iid, "id": card.id, "stop": card.stop})
            if F.deck_out_check(s, p):
                return
            if card.stop:
                s.emit("stop", {"player": p, "card": iid})
                break
        revealed = tuple(ps.damage_area[start:])
        trig: tuple[int, ...] | None = None
        if p != s.active:
            for i in revealed:
                if _abilities_of(s, i, "trigger"):
                    trig = (i,) if trig is None else trig + (i,)
        if trig:
            s.steps.append(new_record(DamageCleanupStep, ("damage_cleanup", p, revealed)))
            s.steps.append(new_record(TriggersStep, ("triggers", p, trig, attacker)))
        else:
            self._step_damage_cleanup(s, new_record(DamageCleanupStep, ("damage_cleanup", p, revealed)))  # the next step, at once

    def _step_triggers(self, s: SNState, step: TriggersStep) -> None:
        p, attacker = step.player, step.attacker
        area = s.players[p].damage_area
        remaining = tuple(i for i in step.remaining if i in area)
        if not remaining:
            return
        if len(remaining) == 1:
            self._run_trigger(s, p, remaining[0], (), attacker)
        else:
            self._decide(s, p, "trigger_order", new_record(TriggerOrderPending, (p, remaining, attacker)), triggers=list(remaining))

    def _run_trigger(self, s: SNState, p: int, iid: int, rest: tuple, attacker: int) -> None:
        s.steps.append(new_record(TriggersStep, ("triggers", p, rest, attacker)))
        s.emit("trigger", {"player": p, "card": iid, "id": s.cards[iid].id})
        for ab in reversed(_abilities_of(s, iid, "trigger")):
            s.steps.append(effect_step(p, iid, ab.ops, attacker))

    def _step_damage_cleanup(self, s: SNState, step: DamageCleanupStep) -> None:
        p = step.player
        ps = s.players[p]
        moved = [i for i in step.revealed if i in ps.damage_area]
        if moved:
            for i in moved:
                ps.damage_area.remove(i)
            ps.discard.extend(moved)
            s.emit("damage_to_discard", {"player": p, "cards": moved})

    def _step_to_discard(self, s: SNState, step: tuple) -> None:
        F.move_card(s, step[1], "discard")

    def _step_search(self, s: SNState, step: SearchStep) -> None:
        p, flt, reveal = step.player, step.filter, step.reveal
        deck = s.players[p].deck
        if isinstance(flt, Selector):  # a selector table: the decision says only that it filters
            matches = SS.SELECTORS.matching_ids(s, p, "deck", deck, flt)
            self._decide(s, p, "search", new_record(SearchPending, (p, matches, reveal)), filtered=True, reveal=reveal)
            return
        wanted = dict(flt)
        cards = s.cards
        matches = tuple(i for i in deck if _matches_filter(cards[i], wanted))
        self._decide(s, p, "search", new_record(SearchPending, (p, matches, reveal)), filter=dict(flt), reveal=reveal)

    # --- targets (EffectRunner hooks) ------------------------------------------------------
    def _unit_anywhere(self, s: SNState, iid: int) -> Unit | None:
        return s.players[s.owner[iid]].unit(iid)

    def effect_target(self, s: SNState, iid: int) -> Unit | SS.Loose | None:
        """The character or leader with this card on top, or the card in its owner's pile (a
        selector table's target), or None."""
        return SS.locate(s, iid)

    #: the state check after every decision and effect op: SN-K8 retreats (``self.after_op(s)``
    #: calls ``F.check_retreats(s)`` directly)
    after_op = staticmethod(F.check_retreats)

    #: no retreat check after a decision: no decision of this game changes damage, HP or the
    #: field itself (each only queues steps, moves cards between hand, deck and using, or turns
    #: souls and units ON/OFF), but defending, which checks retreats itself; every step and
    #: effect op that does change them checks at once (SN-K8), so at any decision no character
    #: is left to retreat and that check would find nothing (tests/speed/test_shironeko_speed.py
    #: checks it at every decision of random games)
    check_after_decision = False

    def _characters(self, s: SNState, ctx: EffectCtx, whose: str) -> list[Unit]:
        """The characters a selector names by ``whose`` they are: ``opponent``, ``own``,
        ``own_other`` (but the effect's source); any other: every one, the turn player's first."""
        c = ctx.controller
        if whose == "opponent":
            return list(s.players[1 - c].chars)
        if whose == "own":
            return list(s.players[c].chars)
        if whose == "own_other":
            return [u for u in s.players[c].chars if u.iid != ctx.source]
        return s.players[s.active].chars + s.players[1 - s.active].chars

    def effect_can_act(self, s: SNState, ctx: EffectCtx, op) -> bool:
        """An optional ``pay`` is not asked when its cost cannot be paid in full, an optional
        ``look`` when the deck is empty."""
        if op.name == "pay":
            return SC.can_pay(s, ctx.controller, ctx.source, op["cost"])
        if op.name == "look":  # (an empty deck or hand: nothing to look at)
            whose = s.players[ctx.controller if op["side"] == "own" else 1 - ctx.controller]
            return bool(getattr(whose, op.get("zone") or "deck"))
        return True

    def effect_candidates(self, s: SNState, ctx: EffectCtx, sel, op) -> list:
        if not isinstance(sel, str):  # a selector table (games/shironeko/select.py)
            return SS.candidates(s, ctx.controller, ctx.source, sel)
        # choose_opponent_character, choose_own_character, choose_own_other_character, choose_character
        return self._characters(s, ctx, sel[len("choose_"):-len("_character")])

    def effect_select(self, s: SNState, ctx: EffectCtx, sel, last: tuple, op) -> list:
        if not isinstance(sel, str):  # a selector table: all = true or random = n
            return SS.candidates(s, ctx.controller, ctx.source, sel)
        if sel == "self":
            u = self._unit_anywhere(s, ctx.source)
            ps = s.players[s.owner[ctx.source]]
            if u is None and ps.leader is not None and ps.leader.iid == ctx.source:
                u = ps.leader
            return [u] if u is not None else []
        if sel == "this_card":
            return [ctx.source]
        if sel == "attacker":
            u = self._unit_anywhere(s, ctx.extra) if ctx.extra >= 0 else None
            return [u] if u is not None else []
        if sel == "same":  # characters still on the field (a move: the cards wherever they are)
            found = self.effect_targets(s, last)
            if op.name == "move":
                return found
            return [u for u in found if isinstance(u, Unit) and u in s.players[s.owner[u.iid]].chars]
        if sel in ("all_opponent_characters", "all_own_characters", "all_own_other_characters", "all_characters"):
            return self._characters(s, ctx, sel[len("all_"):-len("_characters")])
        raise ValueError(f"unknown target selector {sel!r}")

    # --- legal actions ---------------------------------------------------------------------
    def _legal_main(self, s: SNState, p: int, pending: Any) -> list[Action]:
        ps = s.players[p]
        deal = s.deal
        plays = deal.plays
        if plays is None:
            plays = deal.plays = tuple(_play_info(c, i) for i, c in enumerate(s.cards))
            deal.tops = tuple((i, c.level, c.name) for i, c in enumerate(s.cards))
            deal.activated = tuple(tuple(ab for ab in c.abilities if ab.kind == "activated" and ab.zone == "field")
                                   or None for c in s.cards)
        out: list[Action] = []
        add = out.append
        # SN-C2/C3/C4 (``payment.can_pay``) read once: a cost n of bit b is payable when
        # n_on >= n and mask & b
        n_on, mask = P.on_mask(s, p)
        chars = ps.chars
        top, activated = deal.tops, deal.activated
        assert top is not None and activated is not None  # (made with ``plays``)
        tops: Sequence[tuple]  # (iid, level, name) of each character on the field
        names: Collection[str]
        if chars:
            tops = []
            names = set()
            for u in chars:
                t = top[u.iid]
                tops.append(t)
                names.add(t[2])
        else:
            tops = names = ()
        room = len(chars) < self.max_chars
        for iid in ps.hand:
            info = plays[iid]
            if info[0] > n_on:  # every use costs more souls than are ON
                continue
            shape = info[1]
            if shape == 1:  # a character: place, change or awaken, leaderize
                cost_ok = n_on >= info[2] and mask & info[3]
                if cost_ok and room and info[4] not in names:
                    add(info[5])
                change_cost = info[6]
                if change_cost is not None and tops and n_on >= change_cost and mask & info[7]:
                    name, below = info[4], info[8]
                    if info[9]:  # a plain character changes onto a character of the level below
                        for target, top_level, top_name in tops:
                            if top_level == below and (top_name == name or name not in names):
                                add(CHANGE[iid, target])
                    else:  # an awakened one onto its own name
                        for target, top_level, top_name in tops:
                            if top_level == below and top_name == name:
                                add(AWAKEN[iid, target])
                leaderize = info[10]
                if leaderize is not None and cost_ok:
                    cards = s.cards
                    for lid in ps.leader_hand:
                        if cards[lid].id == leaderize:
                            add(info[11])
                            break
            elif shape == 2 and n_on >= info[2] and mask & info[3]:  # a monster
                add(info[5])
            burst = info[12]
            if burst is not None and n_on >= burst and mask & info[13]:
                add(info[14])
        turn = s.turn
        acting = None  # the units with activated abilities
        for u in chars:
            if u.on and not u.attacked and u.entered != turn:
                add(ATTACK[u.iid])
            if activated[u.iid] is not None:
                if acting is None:
                    acting = [u]
                else:
                    acting.append(u)
        leader = ps.leader
        if leader is not None and activated[leader.iid] is not None:
            if acting is None:
                acting = [leader]
            else:
                acting.append(leader)
        if acting is not None:
            self._list_activated(s, acting, n_on, mask, out)
        if deal.off_field is not None:
            self._list_off_field(s, p, out)
        add(END_TURN)
        return out

    def _list_activated(self, s: SNState, units: list[Unit], n_on: int, mask: int, out: list[Action]) -> None:
        """``_legal_main``'s activated abilities of these units (``on_mask``'s ``n_on``, ``mask``)."""
        used = s.used
        activated = s.deal.activated
        assert activated is not None  # (made with ``deal.plays``)
        for u in units:
            if u.iid in used:
                continue
            for ab in activated[u.iid]:
                if (ab.tap and not u.on) or (ab.untap and u.on):
                    continue
                if ab.runes and not F.runes_met(F.runes(s, u), ab.runes):
                    continue
                if ab.cond is not None and not self.effect_holds(s, EffectCtx(s.active, u.iid, -1), ab.cond):
                    continue
                if ab.costs is not None:  # a list of cost parts (games/shironeko/costs.py)
                    if SC.can_pay(s, s.active, u.iid, ab.costs, ab.color):
                        out.append(ACTIVATE[ab.index, u.iid])
                elif n_on >= ab.cost and mask & P.cost_bit(ab.color, ab.cost):
                    out.append(ACTIVATE[ab.index, u.iid])

    def _list_off_field(self, s: SNState, p: int, out: list[Action]) -> None:
        """``_legal_main``'s activated abilities used from the hand or the discard pile: each card
        once per turn (SN-R5, as on the field), its ``if`` holding and its whole cost payable."""
        ps = s.players[p]
        off_field = s.deal.off_field
        assert off_field is not None
        for zone, pile in (("hand", ps.hand), ("discard", ps.discard)):
            for iid in pile:
                if iid in s.used:
                    continue
                for ab in off_field[iid]:
                    if ab.zone != zone:
                        continue
                    if ab.cond is not None and not self.effect_holds(s, EffectCtx(p, iid, -1), ab.cond):
                        continue
                    if SC.can_pay(s, p, iid, ab.costs, ab.color) if ab.costs is not None else \
                            SC.souls_payable(s, p, ab.color, ab.cost):
                        out.append(ACTIVATE_CARD[ab.index, iid])

    def _legal_mulligan(self, s: SNState, p: int, pending: Any) -> list[Action]:
        """SN-S3: mark the cards to return one at a time (add-only), then finish."""
        ps = s.players[p]
        return [MULLIGAN_MARK[i] for i in ps.hand if i not in ps.mull_pick] + [MULLIGAN_DONE]

    def _legal_defend(self, s: SNState, p: int, pending: Any) -> list[Action]:
        return [DEFEND[u.iid] for u in s.players[p].chars if u.on] + [NO_DEFENSE]

    def _legal_trigger_order(self, s: SNState, p: int, pending: TriggerOrderPending) -> list[Action]:
        return [TRIGGER[i] for i in pending.remaining]

    def _legal_discard(self, s: SNState, p: int, pending: Any) -> list[Action]:
        return [DISCARD[i] for i in s.players[p].hand]

    def _legal_search(self, s: SNState, p: int, pending: SearchPending) -> list[Action]:
        return [SEARCH_PICK[i] for i in pending.matches] + [SEARCH_NONE]

    # --- applying decisions ----------------------------------------------------------------
    def _apply_mulligan(self, s: SNState, p: int, pending: Any, a: Action) -> None:
        ps = s.players[p]
        if a.type == "mulligan_mark":  # add-only: a marked card stays marked
            ps.mull_pick.append(a.card)
            self._step_mulligan(s, ("mulligan", p))  # the next step, at once
            return
        # SN-S3 「任意数戻して引き直し後シャッフル」: the returned cards are set aside, the same
        # number drawn, and only then are they shuffled into the deck (none is drawn straight back)
        aside = ps.mull_pick
        n = len(aside)
        for iid in aside:
            ps.hand.remove(iid)
        ps.mull_pick = []
        ps.mulliganed = True
        s.emit("mulligan", {"player": p, "returned": n})
        if n:
            F.draw(s, p, n)
            ps.deck.extend(aside)
            s.rng.shuffle(ps.deck)
            s.emit("shuffle", {"player": p, "zone": "deck"})

    def _apply_main(self, s: SNState, p: int, pending: Any, a: Action) -> None:
        t = a.type
        if t == "end_turn":
            self._step_end_phase(s, ("end_phase",))  # the next step, at once
            return
        s.steps.append(("main",))
        ps = s.players[p]
        cards = s.cards
        if t == "attack":  # SN-A1
            u = ps.unit(a.params[0][1])  # a.attacker (its one parameter)
            u.on = False
            u.attacked = True
            s.emit("attack", {"player": p, "attacker": u.iid, "attack": F.attack_of(s, u)})
            if s.trig is not None and s.trig.queue:  # "when it attacks" resolves before the defence
                s.steps.append(("attack", u.iid))
                return
            self._step_attack(s, ("attack", u.iid))  # the next step, at once
            return
        if t == "activate":  # SN-R5: the ON/OFF cost, the use of the turn, then the souls
            (_, index), (_, iid) = a.params  # a.ability, a.card (parameters sorted by name)
            u = ps.unit(iid) or ps.leader
            ab = cards[u.iid].abilities[index]
            if ab.tap:
                u.on = False
            elif ab.untap:
                u.on = True
            s.used.add(u.iid)
            s.steps.append(new_record(ActivatedStep, ("activated", p, u.iid, ab.index)))
            self._pay_cost(s, p, ab, u.iid)
            return
        if t == "activate_card":  # from the hand or the discard pile: once per turn per card
            (_, index), (_, iid) = a.params  # a.ability, a.card
            s.used.add(iid)
            s.steps.append(new_record(ActivatedStep, ("activated", p, iid, index)))
            self._pay_cost(s, p, cards[iid].abilities[index], iid)
            return
        # a card played from hand waits in "using" (public) while its cost is paid (SN-C2)
        params = a.params  # a.card, then a.target for change and awaken (sorted by name)
        iid = params[0][1]
        card = cards[iid]
        ps.hand.remove(iid)
        ps.using.append(iid)
        s.steps.append(new_record(PlayStep, ("play", p, t, iid, params[1][1] if t in ("change", "awaken") else -1)))
        if t in ("change", "awaken"):
            color, cost = card.color, card.change_cost
        elif t == "burst":
            ab = card.abilities_of("burst")[0]
            color, cost = ab.color, ab.cost
        else:
            color, cost = card.color, card.cost
        self._pay(s, p, color, cost, iid, t)

    def _pay_cost(self, s: SNState, p: int, ab: Any, source: int) -> None:
        """An activated ability's cost, paid before it resolves: its souls (a whole number), or
        its cost parts in order (games/shironeko/costs.py: an effect step of ``pay`` ops)."""
        if ab.costs is None:
            self._pay(s, p, ab.color, ab.cost, source, "activate")
        else:
            s.steps.append(effect_step(p, source, ab.costs.ops, -1))

    def _step_activated(self, s: SNState, step: ActivatedStep) -> None:
        p, iid, index = step.player, step.card, step.ability
        ab = s.cards[iid].abilities[index]
        if ab.zone != "field":  # used from the hand or the discard pile: the card is shown, and where it was
            s.emit("activate", {"player": p, "card": iid, "id": s.cards[iid].id, "ability": index, "zone": ab.zone})
            s.steps.append(effect_step(p, iid, ab.ops, -1))
            return
        s.emit("activate", {"player": p, "card": iid, "id": s.cards[iid].id, "ability": index})
        s.steps.append(effect_step(p, iid, s.cards[iid].abilities[index].ops, -1))

    def _step_play(self, s: SNState, step: PlayStep) -> None:
        """The card paid for resolves: placed, changed in, used, or leaderized."""
        p, t, iid, target = step.player, step.type, step.card, step.target
        ps = s.players[p]
        cards = s.cards
        card = cards[iid]
        public = {"player": p, "card": iid, "id": card.id}
        if t == "place":  # SN-K1..K3
            ps.using.remove(iid)
            u = Unit(iid, s.turn)
            ps.chars.append(u)
            s.emit("place", public)
            self._on_enter(s, p, u)
        elif t in ("change", "awaken"):  # SN-K4..K7
            ps.using.remove(iid)
            old = ps.unit(target)
            new = Unit(iid, -1, old.under + (old.iid,))
            ps.chars[ps.chars.index(old)] = new
            s.emit(t, {**public, "onto": old.iid})
            self._on_enter(s, p, new)
        elif t == "monster":  # SN-M1
            s.emit("monster", public)
            s.steps.append(("to_discard", iid))
            for ab in reversed(_abilities_of(s, iid, "use")):
                s.steps.append(effect_step(p, iid, ab.effects, -1))
        elif t == "burst":  # SN-M2
            ab = card.abilities_of("burst")[0]
            s.emit("burst", public)
            s.steps.append(("to_discard", iid))
            s.steps.append(effect_step(p, iid, ab.effects, -1))
        elif t == "leaderize":  # SN-L1, SN-L2
            ps.using.remove(iid)
            ps.removed.append(iid)
            lid = next(i for i in ps.leader_hand if cards[i].id == card.leaderize)
            ps.leader_hand.remove(lid)
            if ps.leader is not None:
                ps.discard.append(ps.leader.iid)
                s.emit("leave_field", {"player": p, "card": ps.leader.iid, "id": cards[ps.leader.iid].id,
                                       "to": "discard", "why": "new_leader", "under": []})
            ps.leader = Unit(lid, s.turn)
            s.emit("leaderize", {**public, "leader": lid, "leader_id": cards[lid].id})
        if "hp" in s.deal.auras:  # an HP aura may have come or gone (SN-K8); without any, the
            F.check_retreats(s)    # new unit is undamaged and no other HP changed

    # --- paying (SN-C2..C4) -----------------------------------------------------------------
    def _pay(self, s: SNState, p: int, color: str, n: int, source: int, why: str) -> None:
        """Pay a cost of ``n`` souls of ``color`` before the step below it resolves (the ``pay``
        step at once: it would be the next one)."""
        if n > 0:
            self._paying(s, p, color, n, (), source, why, None)

    def _step_pay(self, s: SNState, step: PayStep) -> None:
        self._paying(s, step.player, step.color, step.n, step.paid, step.source, step.why, None)

    def _paying(self, s: SNState, p: int, color: str, n: int, paid: tuple, source: int, why: str,
                memo: tuple | None) -> None:
        """SN-C2 (the ``pay`` step of these fields): the player turns the souls OFF. A decision
        only when more than one distinct payment (colour multiset) is possible; otherwise the
        one payment is made at once. ``memo``: (None, the ON souls by kind, counted, is the cost
        matched) after a soul ``_apply_pay`` turned OFF, or None. The ``PayStep`` record is made
        only for a decision (its pending data)."""
        cards = s.cards
        left = n - len(paid)
        s.pay_memo = None
        if left > 0:
            if memo is not None:
                _, groups, counts, matched = memo
            else:
                groups = P.on_groups(s, p)
                counts, matched = P.counts_of(groups), P.is_matched(cards, paid, color)
            plan = P.pay_plan(counts, color, left, matched)
            ways = plan[0]
            if len(ways) > 1:
                step = new_record(PayStep, ("pay", p, color, n, paid, source, why))
                s.pay_memo = (step, groups, counts, matched, plan)  # the open decision's (step is its pending)
                self._decide(s, p, "pay", step, card=source, why=why, color=color, cost=n, left=left,
                             paid=colors_of(cards, paid))
                return
            chosen = P.souls_in(groups, color, ways[0], matched)
            s.players[p].souls_off.update(chosen)
            paid = paid + tuple(chosen)
        s.emit("pay", {"player": p, "souls": list(paid), "colors": colors_of(cards, paid),
                       "card": source, "id": cards[source].id, "for": why})

    def _pay_memo(self, s: SNState, p: int, pending: PayStep) -> tuple:
        """``s.pay_memo`` of the open ``pay`` decision: (its step, the ON souls by kind, counted,
        is the cost matched, ``payment.pay_plan`` of those), worked out again for a clone."""
        memo = s.pay_memo
        if memo is None or memo[0] is not pending:
            color, n, paid = pending.color, pending.n, pending.paid
            groups = P.on_groups(s, p)
            counts, matched = P.counts_of(groups), P.is_matched(s.cards, paid, color)
            memo = s.pay_memo = (pending, groups, counts, matched, P.pay_plan(counts, color, n - len(paid), matched))
        return memo

    def _legal_pay(self, s: SNState, p: int, pending: PayStep) -> list[Action]:
        options = self._pay_memo(s, p, pending)[4][1]
        acts = _PAY_ACTS.get(options)
        if acts is None:
            acts = _PAY_ACTS[options] = tuple([PAY[c] for c in options] + [PAY_SUGGESTED])
        return list(acts)

    def _apply_pay(self, s: SNState, p: int, pending: PayStep, a: Action) -> None:
        color, n, paid, source, why = pending.color, pending.n, pending.paid, pending.source, pending.why
        _, groups, counts, matched, plan = self._pay_memo(s, p, pending)
        s.pay_memo = None
        left = n - len(paid)
        if a.type == "pay_suggested":
            chosen = P.souls_in(groups, color, P.suggested(s, p, color, left, matched, counts), matched)
            s.players[p].souls_off.update(chosen)
            self._paying(s, p, color, n, paid + tuple(chosen), source, why, None)  # the next step
            return
        code = plan[2][a.params[0][1]]  # a.color
        group = groups[code]
        i = group[0]  # the first ON soul of that kind in town order
        s.players[p].souls_off.add(i)
        # the souls then ON: that one less; matched once a soul paid matches the colour
        # (``payment.matches``: its own colour, or one that pays any colour)
        after = dict(groups)
        if len(group) > 1:
            after[code] = group[1:]
        else:
            del after[code]
        memo = (None, after, counts - P.kind_unit(code), matched or P.code_matches(code, color))
        self._paying(s, p, color, n, paid + (i,), source, why, memo)  # the next step

    # --- looking at the top of a deck (engine/choices.py: the look op) -------------------------------
    def look_top(self, s: SNState, player: int, n: int) -> list:
        """The top ``n`` cards of the player's main deck, top first (fewer when it holds fewer)."""
        return s.players[player].deck[::-1][:n]

    def look_move(self, s: SNState, ctx: EffectCtx, iid: int, owner: int, to: str, reveal: bool,
                  zone: str = "deck") -> None:
        """A card taken by a look goes from the deck (or the hand: ``zone``) to its owner's zone
        ``to`` (a ``move`` event: into or out of the hand it is named to its owner alone unless
        ``reveal`` showed it to both first, a ``shown`` event); ``to = "characters"``: onto the
        field, unpaid, as ``move`` puts it."""
        if reveal:
            s.emit("shown", {"player": owner, "card": iid, "id": s.cards[iid].id, "source": ctx.source})
        if to == "characters":
            self.enter_by_effect(s, SS.Loose(iid, owner, zone))
        else:
            F.move_pile_card(s, iid, owner, zone, to)

    def look_put(self, s: SNState, owner: int, iids: list, where: str) -> None:
        """The rest of a look, top first, to the top or bottom of the owner's deck (the first
        highest) or into the discard pile (a ``move`` event each)."""
        put_rest(s, owner, iids, where, "discard", F.move_pile_card)

    # --- a card put onto the field by an effect (move to = "characters") --------------------------
    def enter_by_effect(self, s: SNState, x: Any) -> None:
        """The card (still in its pile) enters its owner's character area as a character, unpaid:
        placed as from the hand (SN-K1/K2: room and no character of its name; SN-K3: it may not
        attack this turn), a ``place`` event with ``why = "effect"`` and ``from``, its on-enter
        abilities. A card that is not a (plain) character, or has no room, stays where it is."""
        if not isinstance(x, SS.Loose) or SS.locate(s, x.iid) != x:
            return
        card = s.cards[x.iid]
        ps = s.players[x.owner]
        if card.kind != "character" or len(ps.chars) >= self.max_chars or \
                any(s.cards[u.iid].name == card.name for u in ps.chars):
            return
        F.take_pile_card(s, x.iid, x.owner, x.zone)
        u = Unit(x.iid, s.turn)
        ps.chars.append(u)
        s.emit("place", {"player": x.owner, "card": x.iid, "id": card.id, "why": "effect", "from": x.zone})
        self._on_enter(s, x.owner, u)
        if x.zone == "deck":
            F.deck_out_check(s, x.owner)

    # --- triggered abilities on the field (games/shironeko/triggers.py) ------------------------------
    def apply(self, s: SNState, action: Action) -> None:
        new_action(s, self.max_triggers_per_action)
        super().apply(s, action)

    def advance(self, s: SNState) -> None:
        """``StepRuleset.advance``; with triggers dealt, what triggered goes onto the stack before
        each step (the first to resolve on top): after the step, decision or action that
        triggered it, before anything else."""
        if s.trig is None:
            StepRuleset.advance(self, s)
            return
        self._stack_before_step(s)
        self.run_steps(s, self._stack_before_step)

    def _stack_before_step(self, s: SNState) -> None:
        """While the steps go on (no decision open, the game not over), what triggered goes onto
        the stack before the next step."""
        tr = s.trig
        if tr is not None and tr.queue and s.decision is None and not s.over:
            stack_triggered(s, tr, s.active, "event_trigger")

    def _step_event_trigger(self, s: SNState, step: tuple) -> None:
        """A triggered ability resolves: a ``trigger`` event (with the ``event`` it waited for),
        then its effect (an optional trigger asks its controller first; its ``if`` is checked
        again as it resolves)."""
        resolve_trigger(s, step, s.cards[step[2]].abilities[step[3]].ops, -1)

    def _on_enter(self, s: SNState, p: int, u: Unit) -> None:
        for ab in reversed(_abilities_of(s, u.iid, "on_enter")):
            if (not ab.runes or F.runes_met(F.runes(s, u), ab.runes)) and \
                    (ab.cond is None or self.effect_holds(s, EffectCtx(p, u.iid, -1), ab.cond)):
                s.steps.append(effect_step(p, u.iid, ab.ops, -1))

    def _apply_defend(self, s: SNState, p: int, attacker: int, a: Action) -> None:
        if a.type == "no_defense":
            self._no_defense(s, attacker)
            return
        # SN-A3: both deal their attack to each other at the same time
        att = s.players[s.owner[attacker]].unit(attacker)
        dfd = s.players[p].unit(a.params[0][1])  # a.defender
        dfd.on = False
        if s.trig is not None:
            s.emit("defend", {"player": p, "defender": dfd.iid, "attacker": attacker})
            if s.trig.queue:  # "when it defends" resolves before the battle
                s.steps.append(("battle", attacker, dfd.iid))
                return
            self._step_battle(s, ("battle", attacker, dfd.iid))
            return
        a_att, d_att = F.attack_of(s, att), F.attack_of(s, dfd)
        s.emit("defend", {"player": p, "defender": dfd.iid, "attacker": attacker})
        att.damage += d_att
        dfd.damage += a_att
        s.emit("battle", {"attacker": attacker, "defender": dfd.iid,
                          "damage_to_attacker": d_att, "damage_to_defender": a_att})
        F.check_retreats(s)

    def _step_battle(self, s: SNState, step: tuple) -> None:
        """SN-A3 after a defence that triggered something: the attacker and the defender, those
        still on the field, deal their attack to each other at the same time."""
        _, attacker, defender = step
        att = self._unit_anywhere(s, attacker)
        dfd = self._unit_anywhere(s, defender)
        if att is None or dfd is None:
            return  # one has left the field: no battle
        a_att, d_att = F.attack_of(s, att), F.attack_of(s, dfd)
        att.damage += d_att
        dfd.damage += a_att
        s.emit("battle", {"attacker": attacker, "defender": dfd.iid,
                          "damage_to_attacker": d_att, "damage_to_defender": a_att})
        F.check_retreats(s)

    def _apply_trigger_order(self, s: SNState, p: int, pending: TriggerOrderPending, a: Action) -> None:
        rest = tuple(i for i in pending.remaining if i != a.card)
        self._run_trigger(s, p, a.card, rest, pending.attacker)

    def _apply_discard(self, s: SNState, p: int, pending: Any, a: Action) -> None:
        ps = s.players[p]
        ps.hand.remove(a.card)
        ps.discard.append(a.card)
        s.emit("discard", {"player": p, "card": a.card, "id": s.cards[a.card].id})
        self._step_hand_limit(s, ("hand_limit", p))  # the next step, at once

    def _apply_search(self, s: SNState, p: int, pending: SearchPending, a: Action) -> None:
        ps = s.players[p]
        if a.type == "search_pick":
            ps.deck.remove(a.card)
            ps.hand.append(a.card)
            # the card taken is hidden like the rest of the hand, unless the text reveals it (公開)
            found = {"card": a.card, "id": s.cards[a.card].id}
            if pending.reveal:
                s.emit("search", {"player": p, "took": True, "revealed": True, **found})
            else:
                s.emit("search", {"player": p, "took": True, "revealed": False}, found, (p,))
            if F.deck_out_check(s, p):
                return
        else:
            s.emit("search", {"player": p, "took": False, "card": None})
        s.rng.shuffle(ps.deck)
        s.emit("shuffle", {"player": p, "zone": "deck"})
        self.effect_done(s, a.type == "search_pick")  # for an "if you do" after the search

    # --- views -----------------------------------------------------------------------------
    def unavailable(self, s: SNState, seat: int | None, legal: Sequence[Action] | None = None) -> list[Reason]:
        """Why the options ``seat`` might expect are not offered (games/shironeko/reasons.py)."""
        if legal is None:
            legal = self.legal_actions(s) if s.decision is not None and not s.over else []
        return SR.unavailable(s, seat, legal, self.max_chars)

    def scramble_hidden(self, s: SNState, viewer, rng) -> bool:
        if any(ps.mull_pick for ps in s.players) or \
                (s.decision and s.decision.kind in ("search", "target_hidden", "look_take", "look_order")):
            return False
        # ``s.exchange`` (the pooled cards in their canonical order, shuffled, dealt back),
        # done in place for a single zone
        shuffle = rng.shuffle
        for p, ps in enumerate(s.players):
            if p != viewer:
                hand, deck = ps.hand, ps.deck
                pool = hand + deck
                pool.sort()
                shuffle(pool)
                n = len(hand)
                hand[:] = pool[:n]
                deck[:] = pool[n:]
            ps.deck.sort()
            shuffle(ps.deck)
            ps.town_deck.sort()
            shuffle(ps.town_deck)
        return True

    def check_invariants(self, s: SNState) -> None:
        super().check_invariants(s)
        for ps in s.players:
            assert len(ps.chars) <= self.max_chars


def _matches_filter(card: Card, flt: dict) -> bool:
    for k, v in flt.items():
        if k == "kind":
            if card.kind != v and not (v == "character" and card.kind in CHARACTER_KINDS):
                return False
        elif k == "max_level":
            if not card.is_character or card.level > v:
                return False
        elif k == "min_level":
            if not card.is_character or card.level < v:
                return False
        elif k == "name":
            if v not in card.name:
                return False
        elif getattr(card, k, None) != v:
            return False
    return True


