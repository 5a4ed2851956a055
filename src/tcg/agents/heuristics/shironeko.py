"""Shironeko heuristic: a rule-of-thumb player for the deck race.

The goal is to empty the opponent's main deck. The player reads only its own observation, its
legal actions and the public card texts (``tcg.card_set``: what is printed on a card whose id the
observation shows or an action names, ``view.cards``), never display text. Every main-phase decision is scored in "deck cards" (one card revealed from
the opponent's deck = 1):

1. develop first: place the best affordable character, change/awaken onto weaker ones, use
   monsters and bursts that have something to hit, leaderize, activate useful abilities;
2. then attack with every character that the opponent cannot block profitably (with everything
   when the attack is lethal or the opponent's deck is nearly empty), keeping back the blockers
   needed when their counter-attack could empty our deck;
3. then changes deferred until their base had attacked (the new character attacks again), and
   abilities of characters that did not attack; end the turn last.

Defence: always when the hit would (nearly) empty the deck; otherwise when the defender
survives and/or kills the attacker, or when a chump block is worth the cards it saves.

Paying a cost: the game's suggested payment (the one that keeps the most other cards in hand
payable), so ISMCTS leaves the ``pay`` decision to this module (``LONG_TERM``)."""
from __future__ import annotations

import math

from ...engine.action import Action
from ...engine.amounts import has_amounts
from ...engine.choices import walk
from ...engine.effects import EffectOp
from ...engine.rng import Rng
from ..base import AgentView
from ...games.shironeko.flow import runes_met
from . import shironeko_language as L
from .common import (CardTexts, Sides, best_target, chosen_args, damage_worth,
                     decide_in_context, find_unit, least_kept, settled_value, stepped)

#: which souls pay a cost shows only when the next cards are played
LONG_TERM = frozenset({"pay"})

# --- the public card texts --------------------------------------------------------------------

_TEXTS = CardTexts("shironeko")
_card = _TEXTS.card
_ABILITIES: dict[tuple, tuple] = {}


def _abilities(cid, kind: str) -> tuple:
    """The printed card's abilities of one kind (``CardTexts.abilities``), looked up once."""
    key = (cid, kind)
    found = _ABILITIES.get(key)
    if found is None:
        if len(_ABILITIES) > 10000:
            _ABILITIES.clear()
        found = _ABILITIES[key] = _TEXTS.abilities(cid, kind)
    return found


# --- reading the board --------------------------------------------------------------------------

def _rem(u: dict) -> int:
    """Hit points left."""
    return u["hp"] - u["damage"]


def _unit_value(u: dict) -> float:
    """What a character on the field is worth, in deck cards (it attacks and blocks every turn)."""
    return 1.5 * u["attack"] + 0.5 * max(0, u["hp"] - u["damage"]) + 0.3 * u.get("level", 1)


#: what each ability kind adds to a character card's worth
_ABILITY_WORTH = {"static": 1.0, "activated": 0.6, "trigger": 0.2, "burst": 0.3}
_CARD_VALUES: dict[tuple, float] = {}


def _card_value(c: dict) -> float:
    """A character card's worth as a body (printed numbers plus a little for its abilities)."""
    key = (c["id"], c.get("attack", 0), c.get("hp", 0), c.get("level", 1))
    v = _CARD_VALUES.get(key)
    if v is None:
        v = 1.5 * key[1] + 0.5 * key[2] + 0.3 * key[3]
        card = _card(key[0])
        if card is not None:
            for ab in card.abilities:
                v += _ABILITY_WORTH.get(ab.kind, 0.0)
        if len(_CARD_VALUES) > 10000:
            _CARD_VALUES.clear()
        _CARD_VALUES[key] = v
    return v


def _ready(u: dict) -> bool:
    """Can attack now."""
    return u["on"] and not u["attacked"] and not u["sick"]


def _life_weight(deck: int) -> float:
    """How much one card of one's own deck is worth as 'life' (cheap early, precious late)."""
    return stepped(deck, ((20, 0.15), (12, 0.35), (6, 0.9)), 3.0)


class _Ctx(Sides):
    """Everything a decision needs, read once from the observation (the rest when first asked)."""

    __slots__ = ("my_deck", "opp_deck", "_ids", "_plan", "_threat", "_in_hand", "_blockers")

    def __init__(self, view: AgentView):
        super().__init__(view)
        self.my_deck = self.me["deck"]
        self.opp_deck = self.opp["deck"]
        self._plan = None
        self._ids = None
        self._threat = None
        self._in_hand = None
        self._blockers = None

    @property
    def souls_on(self) -> int:
        """Our ON souls."""
        return sum(1 for t in self.me["town"] if t["on"])

    @property
    def ids(self) -> dict:
        """Card id of each instance the player sees face up (field, piles, own hand)."""
        ids = self._ids
        if ids is None:
            ids = self._ids = {}
            for side in (self.me, self.opp):
                for u in side["characters"]:
                    ids[u["iid"]] = u["id"]
                if side["leader"] is not None:
                    ids[side["leader"]["iid"]] = side["leader"]["id"]
                for z in ("damage_area", "using", "discard"):
                    for c in side[z]:
                        ids[c["iid"]] = c["id"]
            for c in self.hand:
                ids[c["iid"]] = c["id"]
        return ids

    def in_hand(self, iid: int) -> dict | None:
        """Our card in hand with this instance id, or None."""
        by_iid = self._in_hand
        if by_iid is None:
            by_iid = self._in_hand = {}
            for h in self.hand:
                by_iid.setdefault(h["iid"], h)  # the first one, as a scan of the hand finds
        return by_iid.get(iid)

    def unit(self, iid: int) -> dict | None:
        return find_unit(iid, self.mine, self.theirs)

    # --- attacks ---------------------------------------------------------------------------
    def threat(self) -> list[int]:
        """Attacks the opponent can make in their next turn, biggest first (shocked ones stay OFF)."""
        threat = self._threat
        if threat is None:
            threat = self._threat = sorted((u["attack"] for u in self.theirs if not u["shock"] and u["attack"] > 0),
                                           reverse=True)
        return threat

    def lethal(self) -> bool:
        """Our ready attackers empty the opponent's deck even if each of their ON characters
        blocks one of our biggest attackers (they draw a card at their start, hence the -1)."""
        atks = sorted((u["attack"] for u in self.mine if u["on"] and not u["attacked"] and not u["sick"]),
                      reverse=True)
        blockers = sum(1 for u in self.theirs if u["on"])
        return sum(atks[blockers:]) >= max(1, self.opp_deck - 1)

    def keeps_us_alive(self, attacker_iid: int) -> bool:
        """After this attacker turns OFF, can the characters left ON block enough of the
        opponent's counter-attack that our deck survives to our next main phase?"""
        threat = self.threat()
        if not threat:
            return True
        blockers = sum(1 for u in self.mine if u["on"] and u["iid"] != attacker_iid)
        # a margin for what their hand may add (monsters, a change that attacks at once)
        safe = self.my_deck - 3 - (1 if self.opp["hand_count"] >= 3 else 0)
        if sum(threat[blockers:]) < safe:
            return True
        # keeping it back does not save us either: race instead
        return sum(threat[blockers + 1:]) >= safe

    def attack_outcome(self, a: dict) -> float:
        """The opponent's best answer to an attack by ``a``, from our side (deck cards); ``a``
        attacks with what its own "when this character attacks" abilities add (a keyword's too)."""
        a_attack = a["attack"] + _attack_self_gain(a)
        best = a_attack * (1.0 if self.opp_deck > 12 else 1.5)  # not blocked
        va = _unit_value(a)
        a_rem = a["hp"] - a["damage"]
        for b_attack, b_rem, vb in self.blockers():
            a_dies = b_attack >= a_rem
            b_dies = a_attack >= b_rem
            if a_dies and not b_dies:
                out = -va
            elif a_dies:
                out = vb - va
            elif b_dies:
                out = vb
            else:
                out = -0.15 * b_attack  # the damage stays on it
            best = min(best, out)
        return best

    def blockers(self) -> list[tuple[int, int, float]]:
        """(attack, HP left, worth) of each of the opponent's ON characters, in field order."""
        found = self._blockers
        if found is None:
            found = self._blockers = [(b["attack"], b["hp"] - b["damage"], _unit_value(b))
                                      for b in self.theirs if b["on"]]
        return found

    def plan(self) -> list[dict]:
        """Characters that should attack now, in order."""
        if self._plan is not None:
            return self._plan
        ready = [u for u in self.mine if u["on"] and not u["attacked"] and not u["sick"] and u["attack"] > 0]
        if not ready:
            self._plan = []
            return self._plan
        if self.lethal():
            self._plan = sorted(ready, key=lambda u: -u["attack"])
            return self._plan
        # late, or losing the race (a stalled board decks us out first): attack with everything;
        # slightly behind: trades are welcome
        late = self.opp_deck <= 10 or self.my_deck <= self.opp_deck - 4 or \
            (self.my_deck < self.opp_deck and self.my_deck <= 14)
        behind = self.my_deck < self.opp_deck
        good = []
        self._plan = ready  # what the "when this character attacks" abilities see while valued
        bonus = {u["iid"]: _attack_trigger_value(u, self) for u in ready}
        for u in ready:
            out = self.attack_outcome(u) + bonus[u["iid"]]
            ok = out >= -0.5 or late
            if not ok and behind:  # accept a block where both characters fall
                ok = all(b_attack < _rem(u) or u["attack"] >= b_rem for b_attack, b_rem, _ in self.blockers())
            if ok and self.keeps_us_alive(u["iid"]):
                good.append((out, u))
        # an attack whose trigger helps the others goes first
        good.sort(key=lambda t: (-(t[0] >= 0), -(bonus[t[1]["iid"]] > 0), -t[1]["attack"], -t[0]))
        self._plan = [u for _, u in good]
        return self._plan


# --- what effects are worth ----------------------------------------------------------------------

def _dmg_value(u: dict, n: int) -> float:
    if n >= _rem(u):
        return _unit_value(u)
    return 0.25 * n


def _effects_value(ops, c: _Ctx, source_iid: int | None = None, asked: bool = False) -> float:
    """Rough worth of resolving these effect operations now, on our turn, in deck cards.

    The card language (``shironeko_language``): an op whose ``if`` does not hold is worth nothing,
    nor one with ``if_done`` after an op that did nothing; an ``optional`` op is worth at least 0
    (it is declined; ``asked``: the value of saying yes, for the ``optional`` decision itself); a
    selector table over the character area counts only the characters it names."""
    v = 0.0
    hand_n = len(c.hand)
    lw = _life_weight(c.my_deck)
    attackers = c.plan()
    n_att = len(attackers)

    def _one(op, mine, theirs) -> float:
        nonlocal hand_n
        d = 0.0
        name, a = op.name, op.args
        if name == "pay":  # "you may pay ...": what paying gives up (games/shironeko/costs.py)
            return -_cost_value(a["cost"], c, source_iid)
        if name == "choose_one":  # the best modes (engine/choices.py)
            worths = sorted((_effects_value(m.ops, c, source_iid) for m in a["modes"]), reverse=True)
            return sum(worths[:a.get("count", 1)])
        if name == "look":
            return _look_value(a, c)
        tgt = _target_name(a.get("target"))
        if tgt is None:  # a selector table over a pile (a move between piles)
            return d + _pile_move_value(op, c, lw)
        opp_t = tgt in ("choose_opponent_character", "choose_character", "all_opponent_characters")
        own_t = tgt in ("choose_own_character", "choose_own_other_character", "all_own_characters",
                        "all_own_other_characters", "self")
        own_pool = [u for u in mine if u["iid"] != source_iid] if "other" in tgt else mine
        if tgt == "self":
            own_pool = [u for u in mine if u["iid"] == source_iid]
        every = tgt.startswith("all_")
        if name == "damage":
            d += damage_worth(_dmg_value, a.get("amount", 0), tgt, every, theirs, mine, opp_t,
                              own_pool if own_t else None)
        elif name == "destroy":
            if opp_t:
                d += max((_unit_value(u) for u in theirs), default=0.0)
            elif own_t:
                d -= min((_unit_value(u) for u in own_pool), default=0.0)
        elif name == "move":
            to = a.get("to")
            if tgt == "this_card":
                d += 0.8
            elif opp_t and theirs:
                best = max(_unit_value(u) for u in theirs)
                d += best * (0.6 if to == "hand" else 0.9) - (0.8 if to == "deck" else 0.0)
            elif own_t:
                d -= min((_unit_value(u) for u in own_pool), default=0.0)
        elif name == "modify":
            n = a.get("amount", 0)
            stat = a.get("stat")
            if own_t:
                pool = [u for u in attackers if u in own_pool] if stat == "attack" else own_pool
                if stat == "attack" and n > 0:
                    k = len(pool) if every else min(1, len(pool))
                    d += 0.8 * n * k
                elif stat == "hp" and n > 0:
                    d += 0.1 * n * (len(pool) if every else min(1, len(pool)))
            elif opp_t and n < 0:
                if stat == "attack":
                    k = len(theirs) if every else min(1, len(theirs))
                    d += 0.25 * -n * k
                else:
                    kills = [_unit_value(u) for u in theirs if _rem(u) <= -n]
                    d += (sum(kills) if every else max(kills, default=0.0)) + 0.1 * len(theirs)
        elif name == "add_marker":
            if opp_t and theirs:
                vals = [0.6 * u["attack"] + (0.8 if u["on"] else 0.3) +
                        (0.5 * _unit_value(u) if a.get("marker") == "poison" and _rem(u) <= 2 else 0.0)
                        for u in theirs]
                d += sum(vals) if every else max(vals)
        elif name == "set_state":
            if a.get("state") == "off":
                if opp_t:
                    vals = [0.4 + 0.4 * u["attack"] + (0.8 if n_att or any(_ready(x) for x in mine) else 0.0)
                            for u in theirs if u["on"]]
                    d += sum(vals) if every else max(vals, default=0.0)
            elif own_t:
                vals = [1.0 * u["attack"] if not u["attacked"] and not u["sick"] else 0.3
                        for u in own_pool if not u["on"]]
                d += sum(vals) if every else max(vals, default=0.0)
        elif name == "heal":
            if own_t:
                vals = [min(u["damage"], a.get("amount") or 99) * 0.4 for u in own_pool]
                d += sum(vals) if every else max(vals, default=0.0)
        elif name == "remove_marker":
            if own_t:
                d += 0.8 if any(u["shock"] or u["poison"] for u in own_pool) else 0.0
        elif name in ("player_damage", "mill"):
            n = a.get("amount", 0)
            if a.get("player", "opponent") == "opponent":
                d += 100.0 if n >= c.opp_deck else n
            else:
                d -= 100.0 if n >= c.my_deck else n * lw
        elif name == "draw":
            n = a.get("amount", 0)
            if a.get("player") == "opponent":
                d += 0.2 * n + (100.0 if n >= c.opp_deck else 0.0)
            else:
                need = 0.8 if hand_n <= 2 else 0.5 if hand_n <= 4 else 0.15
                d += n * (need - lw) - (100.0 if n >= c.my_deck else 0.0)
                hand_n += n
        elif name == "search":
            d += _search_value(a, c, hand_n, lw)
        elif name == "build":
            if c.me["town_deck"] > 0:
                d += 1.2 * min(a.get("amount", 1), c.me["town_deck"])
        elif name == "ready_souls":
            off = sum(1 for t in c.me["town"] if not t["on"])
            d += 0.5 * min(off, a.get("amount", 1))
        elif name == "recycle":
            d += 0.9 * min(a.get("amount", 1), len(c.me["discard"]))
        return d

    done = True
    for i, op in enumerate(ops):
        if op.if_done and not done:
            continue
        if op.cond is not None and not L.holds(c.obs, c.p, op.cond):
            done = False
            continue
        mine, theirs = c.mine, c.theirs
        target = op.args.get("target")
        if target is not None and not isinstance(target, str) and target.zone == "characters" and \
                (target.tests or target.other):
            mine, theirs = L.units(mine, target, source_iid), L.units(theirs, target, source_iid)
            done = bool(mine if target.side == "own" else theirs if target.side == "opponent" else mine or theirs)
        elif target is not None and not isinstance(target, str) and target.zone != "characters":
            found = L.pile(c.obs, c.p, target)
            done = found is None or bool(found)
        else:
            done = True
        if target is not None and not isinstance(target, str) and target.chooser == "opponent":
            theirs = _their_choice(theirs)  # they give up what is worth least to them
        if has_amounts(op.args):  # "for each": counted as the observation tells
            op = EffectOp(op.name, L.evaluated(c.obs, c.p, op.args, source_iid), None, op.cond, op.if_done,
                          op.optional, op.guard)
        d = _one(op, mine, theirs)
        if op.optional and d < 0 and not asked and d + _if_done_value(ops[i + 1:], c, source_iid) <= 0:
            d, done = 0.0, False  # "you may": it says no (unless what follows "if you do" is worth more)
        v += d
    return v


def _look_value(a, c: _Ctx) -> float:
    """A ``look``: of the top of the deck, a card chosen (into the hand: about a draw), the order
    alone a little; of the opponent's hand, the cards of our choice they lose (their best: more
    than a card we draw, the more so the more cards there are to choose from; nothing when their
    hand is empty)."""
    take = a.get("take")
    if take is None:
        return 0.2
    if a.get("zone") == "hand" and a.get("side") == "opponent":
        n = c.opp["hand_count"]
        return (1.0 + 0.15 * min(n, 5)) * min(take.choose, n) if take.to in ("discard", "removed") else 0.0
    return (0.8 if take.to in ("hand", "characters") else 0.1) * take.choose


def _search_value(a, c: _Ctx, hand_n: int, lw: float) -> float:
    """A ``search``: a card of the deck into the hand. With a selector table as its filter (the
    card language's: it names closely what it finds) a card of our choice, worth a draw as the
    hand needs it and more (the best of the cards it names); the flat filters of the first sets
    keep their rough worth (the fixed-seed sample games, tests/speed, play as they did)."""
    if c.my_deck <= 1:
        return -100.0
    if isinstance(a.get("filter"), dict):
        return 0.7 - lw
    need = 0.8 if hand_n <= 2 else 0.5 if hand_n <= 4 else 0.15
    return need + 0.6 - lw


def _their_choice(theirs: list[dict]) -> list[dict]:
    """The opponent's characters as their own choice leaves them (``chooser = "opponent"``): the
    one worth least to them."""
    return [min(theirs, key=_unit_value)] if theirs else []


def _if_done_value(rest, c: _Ctx, source_iid: int | None) -> float:
    """The worth of the ``if_done`` ops that follow a "you may" (0 when none follows)."""
    run = []
    for op in rest:
        if not op.if_done:
            break
        run.append(op)
    return _effects_value(run, c, source_iid, asked=True) if run else 0.0


def _pile_move_value(op, c: _Ctx, lw: float) -> float:
    """A ``move`` of cards of a pile (a selector table): ours from the discard pile to the hand or
    the field (the best card), under our deck (each card one more card of 'life'), from the hand
    back to the deck (life back, a card of the hand gone); the opponent's out of their discard pile
    (a little)."""
    sel, to = op.args["target"], op.args.get("to")
    if op.name != "move":
        return 0.0
    found = L.pile(c.obs, c.p, sel)
    if found is None:  # a deck or a hidden hand: as before
        return 0.8 if sel.side == "own" and to in ("hand", "characters") else 0.0
    ours = [card for own, card in found if own]
    k = min(L.how_many(sel), len(found))
    if not k:
        return 0.0
    if not ours:
        return 0.1 * k if to in ("removed", "deck") else 0.0
    if sel.zone == "hand":
        return k * (max(lw, 0.15) - 0.3) if to == "deck" else -0.5 * k
    best = max(_card_value(card) if card.get("kind") in ("character", "awakened_character") else 1.5 for card in ours)
    if to == "hand":
        return 0.6 + 0.1 * best
    if to == "characters":
        return 0.8 * best
    if to == "deck":
        return min(k, len(ours)) * max(lw, 0.3)
    return 0.0


def _cost_value(cost, c: _Ctx, source_iid: int | None) -> float:
    """What paying a cost list gives up (games/shironeko/costs.py), in deck cards: souls as a
    whole-number cost is weighed (0.35 each), a card of the hand about half a card (the least
    useful one goes), a card of another pile or a soul away a little, this character off the
    field its worth, characters turned OFF their attack if they could attack (else a little), a
    card from under this character (a rune) half a card."""
    v = 0.0
    src = c.unit(source_iid) if source_iid is not None else None
    printed = (_card(c.ids.get(source_iid)) if source_iid is not None else None)
    for part in cost.parts:
        if part.pay == "resources":
            v += 0.35 * (getattr(printed, "cost", 0) if part.printed else part.amount)
        elif part.pay == "sleep":
            if part.this:
                v += 1.0 * src["attack"] if src is not None and _ready(src) else 0.3
            else:
                pool = sorted((1.0 * u["attack"] if _ready(u) else 0.3) for u in c.mine
                              if u["on"] and u["iid"] != source_iid)
                v += sum(pool[:part.amount])
        elif part.this:  # this very card moved: off the field its worth, from a pile little
            v += _unit_value(src) if src is not None and part.frm == "characters" else 0.2
        elif part.cards is not None and part.cards.zone == "hand":
            v += 0.5 * part.amount
        elif part.cards is not None and part.cards.zone == "town":
            v += 1.2 * part.amount  # a soul: a resource for every turn to come
        elif part.cards is not None and part.cards.zone == "runes":
            v += 0.5 * part.amount  # a rune its statics may need (SN-R1)
        else:
            v += 0.2 * part.amount
    return v


def _target_name(target) -> str | None:
    """The old target name a target stands for in this module's rough worth: the name itself,
    or for a selector table over the character area the name with its side, count and
    ``other``; None for a table over another zone."""
    if target is None or isinstance(target, str):
        return target or ""
    if target.zone != "characters":
        return None
    side = {"own": "own_", "opponent": "opponent_"}.get(target.side, "")
    other = "other_" if target.other and side == "own_" else ""
    return f"choose_{side}{other}character" if target.choose else f"all_{side}{other}characters"


def _static_table_value(card_dict: dict, c: _Ctx, runes: list) -> float:
    """What the card's statics over a selector table of characters (the card language's) do to the
    characters on the field now, worth as the same effects resolved at once (a "for each" counted
    now). (The named statics of the first sets are left out: the fixed-seed sample games,
    tests/speed, play as they did.)"""
    v = 0.0
    for ab in _abilities(card_dict["id"], "static"):
        if ab.runes and not _runes_met(runes, ab.runes):
            continue
        if all(not isinstance(op.args.get("target"), (str, type(None))) for op in ab.effects):
            v += _effects_value(ab.effects, c)
    return v


def _on_enter_value(card_dict: dict, c: _Ctx, runes: list) -> float:
    """What placing the card does at once: its on-enter abilities, its triggers on entering and
    its statics over a selector table."""
    v = _static_table_value(card_dict, c, runes)
    for ab in _abilities(card_dict["id"], "on_enter"):
        if ab.runes and not _runes_met(runes, ab.runes):
            continue
        if ab.cond is not None and not L.holds(c.obs, c.p, ab.cond):
            continue
        v += _effects_value(ab.effects, c)
    return v + _enter_triggers_value(card_dict, c, runes)


def _trigger_value(ab, c: _Ctx, source: int | None) -> float:
    """What a triggered ability (with ``when``) is worth when it triggers now: nothing when its
    ``if`` does not hold; an ``optional`` one at least 0 (it is declined)."""
    if ab.cond is not None and not L.holds(c.obs, c.p, ab.cond):
        return 0.0
    v = _effects_value(ab.effects, c, source)
    return max(v, 0.0) if ab.optional else v


def _attack_trigger_value(u: dict, c: _Ctx) -> float:
    """What the attacker's own "when this character attacks" abilities are worth (0 for a card
    without them)."""
    v = 0.0
    for ab in _self_triggers(u, "attacks"):
        v += _trigger_value(ab, c, u["iid"])
    return v


def _self_triggers(u: dict, event: str):
    """The character's own "when this character <event>s" abilities whose runes it holds."""
    for ab in _abilities(u["id"], "trigger"):
        w = ab.when
        if w is not None and w.event == event and w.this and \
                (not ab.runes or _runes_met(list(u.get("runes") or ()), ab.runes)):
            yield ab


def _attack_self_gain(u: dict) -> int:
    """The attack a character gives itself when it attacks ("when this character attacks, it gets
    +1 attack": 奮迅 Fervor): the whole-number ``modify`` of its own attack, unconditional."""
    return sum(op.args.get("amount", 0) for ab in _self_triggers(u, "attacks") if ab.cond is None
               for op in ab.effects if op.name == "modify" and op.args.get("target") == "self" and
               op.args.get("stat") == "attack" and isinstance(op.args.get("amount"), int) and op.cond is None)


def _leaving_value(u: dict, c: _Ctx) -> float:
    """What a character's own "when this character leaves the field" abilities are worth as it
    falls (形見 Keepsake: a card drawn); 0 for a card without them."""
    return sum(_trigger_value(ab, c, u["iid"]) for ab in _self_triggers(u, "leaves"))


def _enter_triggers_value(card_dict: dict, c: _Ctx, runes: list) -> float:
    """The triggers (``when`` event ``enters``) a character entering from the hand sets off: its
    own ("when this character enters") and those of our characters on the field waiting for
    another character of ours ("when another character of yours enters")."""
    v = 0.0
    for ab in _abilities(card_dict["id"], "trigger"):
        w = ab.when
        if w is not None and w.event == "enters" and w.this and w.frm in (None, "hand") and w.player != "opponent":
            if not ab.runes or _runes_met(runes, ab.runes):
                v += _trigger_value(ab, c, None)
    for u in c.mine:
        for ab in _abilities(u["id"], "trigger"):
            w = ab.when
            if w is None or w.event != "enters" or w.this or w.frm not in (None, "hand") or w.player == "opponent":
                continue
            sel = w.card
            if sel is not None and (sel.side == "opponent" or not L.matches(sel, card_dict)):
                continue
            if ab.runes and not _runes_met(list(u.get("runes") or ()), ab.runes):
                continue
            v += _trigger_value(ab, c, u["iid"])
    return v


#: the rules' rune matching (SN-R3), on the runes the player can see
_runes_met = runes_met


# --- main phase ---------------------------------------------------------------------------------

_THRESHOLD = 0.3


def _score_main(a: Action, c: _Ctx, defer: set) -> float | None:
    """Worth of a non-attack main-phase action (None: not now)."""
    t = a.type
    if t == "place":
        card = c.in_hand(a.card)
        if card is None:
            return None
        return _card_value(card) + _on_enter_value(card, c, [card.get("rune")]) - 0.1 * card.get("cost", 0)
    if t in ("change", "awaken"):
        card = c.in_hand(a.card)
        old = c.unit(a.target)
        if card is None or old is None:
            return None
        if a.target in defer:
            return None
        runes = list(old.get("runes") or []) + [card.get("rune")]
        gain = _card_value(card) - _unit_value(old) + 0.5 * old["damage"] + (1.0 if old["shock"] or old["poison"] else 0)
        if not _ready(old) and card.get("attack", 0) > 0:
            gain += 0.8 * card.get("attack", 0)  # the new character may attack this turn
        return gain + _on_enter_value(card, c, runes) - 0.1 * (card.get("change_cost") or 0)
    if t == "monster":
        card = c.in_hand(a.card)
        if card is None:
            return None
        v = sum(_effects_value(ab.effects, c) for ab in _abilities(card["id"], "use"))
        return v - 0.35 * card.get("cost", 0) - 0.3
    if t == "burst":
        card = c.in_hand(a.card)
        if card is None:
            return None
        abs_ = _abilities(card["id"], "burst")
        if not abs_:
            return None
        v = _effects_value(abs_[0].effects, c)
        # the card could also be placed as a character later
        return v - 0.35 * abs_[0].cost - (0.5 * _card_value(card) if card.get("kind") != "monster" else 0.3)
    if t == "leaderize":
        if c.me["leader"] is not None:
            return None
        return 2.0 + 0.8 * len(c.mine)
    if t == "activate":
        src = c.unit(a.card)
        is_leader = src is None
        if is_leader:
            src = c.me["leader"]
        if src is None:
            return None
        card = _card(src["id"])
        if card is None or a.ability >= len(card.abilities):
            return None
        ab = card.abilities[a.ability]
        v = _effects_value(ab.effects, c, src["iid"]) - 0.35 * ab.cost
        if getattr(ab, "costs", None) is not None:  # its cost parts besides the souls (ab.cost)
            v -= _cost_value(ab.costs, c, src["iid"]) - 0.35 * ab.cost
        if ab.tap and not is_leader:
            if _ready(src) and any(u["iid"] == src["iid"] for u in c.plan()):
                v -= 1.0 * src["attack"]
            elif src["on"] and c.theirs:
                v -= 0.5  # it could have defended
        elif getattr(ab, "untap", False) and not is_leader and c.theirs:
            v += 0.5  # turned ON again, it can defend
        return v
    if t == "activate_card":  # from the hand or the discard pile: its effects net of its cost
        card = _card(c.ids.get(a.card))
        if card is None or a.ability >= len(card.abilities):
            return None
        ab = card.abilities[a.ability]
        cost = _cost_value(ab.costs, c, a.card) if getattr(ab, "costs", None) is not None else 0.35 * ab.cost
        return _effects_value(ab.effects, c, a.card) - cost
    return None


def _main(view: AgentView, c: _Ctx) -> Action:
    acts = view.choices
    plan = c.plan()
    plan_ids = {u["iid"] for u in plan}
    # changes onto a character that can still attack wait until it has attacked
    defer = {u["iid"] for u in c.mine if _ready(u) and u["iid"] in plan_ids}
    best, best_v = None, _THRESHOLD
    scored = []
    for a in acts:
        if a.type in ("attack", "end_turn"):
            continue
        v = _score_main(a, c, defer)
        scored.append((a, v))
        if v is not None and v > best_v:
            best, best_v = a, v
    if best is not None:
        return best
    attacks = {a.attacker: a for a in acts if a.type == "attack"}
    for u in plan:
        if u["iid"] in attacks:
            return attacks[u["iid"]]
    # after the attacks: the deferred changes, then anything still worth doing (the scores
    # above stand but for the deferred changes: nothing else reads ``defer``)
    best, best_v = None, _THRESHOLD
    for a, v in scored:
        if defer and a.type in ("change", "awaken") and a.target in defer:
            v = _score_main(a, c, set())
        if v is not None and v > best_v:
            best, best_v = a, v
    if best is not None:
        return best
    for a in acts:
        if a.type == "end_turn":
            return a
    return acts[0]


# --- other decisions -----------------------------------------------------------------------------

def _hand_value(h: dict, c: _Ctx) -> float:
    """How much a card in hand is worth keeping."""
    kind = h.get("kind")
    names_on_board = {u["name"] for u in c.mine}
    souls = len(c.me["town"])
    if kind in ("character", "awakened_character"):
        v = _card_value(h)
        cost = h.get("cost", 0)
        if cost > souls + 1:
            v -= 1.5 * (cost - souls - 1)
        if kind == "character" and h["name"] in names_on_board:
            v -= 2.0
        if h.get("level", 1) >= 2 and any(u.get("level") == h["level"] - 1 for u in c.mine):
            v += 1.0  # a change target is there
        return v
    return 3.0 - 0.5 * max(0, h.get("cost", 0) - souls)


def _mulligan(view: AgentView, c: _Ctx) -> Action:
    hand = c.hand
    picked = set(c.me.get("mulligan_pick") or [])
    lv1 = [h for h in hand if h.get("kind") == "character" and h.get("level") == 1]
    keep_lv2 = 2 if lv1 else 1
    back = []
    kept_monster = 0
    for h in sorted(hand, key=lambda h: h.get("cost", 0)):
        kind = h.get("kind")
        if kind == "monster":
            if h.get("cost", 0) <= 2 and kept_monster < 1:
                kept_monster += 1
            else:
                back.append(h["iid"])
        elif kind == "awakened_character" or h.get("level", 1) >= 3:
            back.append(h["iid"])
        elif h.get("level") == 2:
            if keep_lv2 > 0 and h.get("cost", 0) <= 3:
                keep_lv2 -= 1
            else:
                back.append(h["iid"])
    for a in view.choices:
        if a.type == "mulligan_mark" and a.card in back and a.card not in picked:
            return a
    for a in view.legal_actions:
        if a.type == "mulligan_done":
            return a
    return view.choices[0]


def _defend(view: AgentView, c: _Ctx) -> Action:
    obs = c.obs
    att = c.unit((obs["decision"] or {}).get("attacker", -1))
    nodef = next((a for a in view.legal_actions if a.type == "no_defense"), None)
    defs = [a for a in view.legal_actions if a.type == "defend"]
    if att is None or not defs:
        return nodef or view.legal_actions[0]
    hit = att["attack"]
    deck = c.my_deck
    if hit >= deck:
        saved = 1000.0  # the hit empties the deck
    elif deck - hit <= 1:
        saved = 500.0   # and the draw at our start would
    else:
        lw = max(0.6, _life_weight(deck - hit))
        saved = hit * lw
    va = _unit_value(att)
    best, best_v = nodef, 0.0
    for a in defs:
        d = c.unit(a.defender)
        if d is None:
            continue
        d_dies = hit >= _rem(d)
        a_dies = d["attack"] >= _rem(att)
        v = saved + (va if a_dies else 0.0) - \
            (_unit_value(d) - _leaving_value(d, c) if d_dies else 0.3 * min(hit, _rem(d)))
        if v > best_v:
            best, best_v = a, v
    return best


_TRIGGER_ORDER = {"recycle": 0, "damage": 1, "destroy": 1, "add_marker": 2, "set_state": 2,
                  "heal": 3, "remove_marker": 3, "move": 4, "search": 5, "draw": 6}


def _trigger(view: AgentView, c: _Ctx) -> Action:
    def key(a: Action):
        cid = c.ids.get(a.card)
        ops = [op.name for ab in _abilities(cid, "trigger") for op in ab.effects]
        if not ops:
            return 5
        r = min(_TRIGGER_ORDER.get(n, 5) for n in ops)
        if "draw" in ops and c.my_deck > 8:
            r = min(r, 3)  # drawing is harmless with a thick deck
        return r
    return min(view.choices, key=key)


def _pile_card(c: _Ctx, iid: int) -> tuple[dict, bool, str] | None:
    """A card the player sees in a pile (hand, discard, town...) with this instance id, whether
    it is ours, and the pile."""
    for side, ours in ((c.me, True), (c.opp, False)):
        for z in ("hand", "discard", "town", "damage_area", "removed", "leader_hand"):
            for card in side.get(z) or ():
                if card.get("iid") == iid:
                    return card, ours, z
    return None


def _target(view: AgentView, c: _Ctx) -> Action:
    """A target: a character as ``_unit_target`` scores it; a card in a pile (a selector table)
    by its worth: ours taken to the hand or the field the best, ours sent away the least, the
    opponent's the best. With ``up_to``: done once the next pick would hurt us."""
    picks = [a for a in view.choices if a.type == "target"]
    done = next((a for a in view.choices if a.type == "target_done"), None)
    if not picks:
        return done if done is not None else view.choices[0]
    if all(c.unit(a.target) is not None for a in picks):
        best = _unit_target(view if done is None else _Only(picks), c)
        if done is not None:
            u = c.unit(best.target)
            op = (c.obs["decision"] or {}).get("op")
            if u is not None and u["iid"] in {m["iid"] for m in c.mine} and op in ("destroy", "move", "damage"):
                return done
        return best
    to = (c.obs["decision"] or {}).get("to")

    def worth(a: Action) -> float:
        found = _pile_card(c, a.target)
        if found is None:
            return 0.0
        card, ours, zone = found
        v = _card_value(card) if "id" in card else 0.0
        if ours and zone == "town":  # a soul given up (a cost): an OFF one first
            return -1.0 if card.get("on") else 0.0
        if ours:
            if to == "deck" and zone == "discard":
                return 1.0 + 0.01 * v  # one more card of 'life' under the deck
            return v if to in ("hand", "characters") else -v
        return v
    best = max(picks, key=worth)
    if done is not None and worth(best) < 0:
        return done
    return best


class _Only:
    """A view's stand-in offering only some of its choices (``best_target`` reads ``choices``)."""

    def __init__(self, choices: list[Action]):
        self.choices = choices


def _optional(view: AgentView, c: _Ctx) -> Action:
    """Yes to a "you may" when what it does is worth something (or its worth is not known)."""
    info = c.obs["decision"] or {}
    op = info.get("op")
    card = _card(c.ids.get(info.get("source")))
    ops: list = []
    if card is not None:
        for ab in card.abilities:
            if op == "trigger":
                if ab.kind == "trigger" and getattr(ab, "when", None) is not None:
                    ops.extend(ab.effects)
            else:
                effects = list(ab.effects)
                for k, o in enumerate(effects):
                    if o.name == op and o.optional:
                        ops.append(o)
                        ops.extend(effects[k + 1:k + 1 + next((j for j, x in enumerate(effects[k + 1:])
                                                               if not x.if_done), len(effects) - k - 1)])
    yes = not ops or _effects_value(ops, c, info.get("source"), asked=True) >= 0
    return next((a for a in view.choices if a.type == "optional" and bool(a.get("use")) == yes), view.choices[0])


def _unit_target(view: AgentView, c: _Ctx) -> Action:
    info = c.obs["decision"] or {}
    opname = info.get("op")
    src = c.ids.get(info.get("source"))
    args = L.evaluated(c.obs, c.p, chosen_args(_card(src) if src else None, opname), info.get("source"))
    attackers = {u["iid"] for u in c.plan()} if c.obs["active"] == c.p else set()

    def score(u: dict, own: bool, val: float) -> float | None:
        if opname == "damage":
            n = args.get("amount", 1)
            s = _dmg_value(u, n) + 0.05 * val
            return -s if own else s
        if opname == "modify":
            n = args.get("amount", 0)
            stat = args.get("stat", "attack")
            helps = n > 0
            if stat == "attack":
                s = (10.0 if u["iid"] in attackers else 5.0 if _ready(u) else 0.0) + u["attack"]
            else:
                s = (10.0 * (_rem(u) <= -n) + val) if n < 0 else u["damage"] + 0.1 * val
            return (s if own else -s) if helps else (-s if own else s)
        if opname == "add_marker":
            s = u["attack"] + (2.0 if u["on"] else 0.0) + (0.0 if u["shock"] or u["poison"] else 1.0)
            return -s if own else s
        if opname == "set_state":
            if args.get("state") == "on":
                s = (5.0 if not u["on"] else 0.0) + (u["attack"] if not u["attacked"] and not u["sick"] else 0)
                return s if own else -s
            s = (5.0 if u["on"] else 0.0) + u["attack"]
            return -s if own else s
        if opname in ("heal", "remove_marker"):
            s = u["damage"] + (2.0 if u["shock"] or u["poison"] else 0.0) + 0.1 * val
            return s if own else -s
        if opname == "pay":  # one of ours turned OFF as a cost: the one that would do least
            s = (u["attack"] + 5.0 if _ready(u) and u["iid"] in attackers else u["attack"]) + 0.1 * val
            return -s if own else s
        return None
    return best_target(view, c.unit, c.mine, _unit_value, opname, score)


def _discard(view: AgentView, c: _Ctx) -> Action:
    return least_kept(view, c.hand, lambda h: _hand_value(h, c))


def _search(view: AgentView, c: _Ctx) -> Action:
    """The first card offered, or none when taking it would (nearly) empty the deck.

    The offered cards' ids are data (``view.cards(a)["card"]``), but this heuristic does not
    rank them yet: it used to look the card up by the English name its action's words end with
    in brackets, a form those words no longer have, so it has always taken the first card (kept:
    ranking them by ``_hand_value`` changes games on fixed seeds)."""
    none = next((a for a in view.legal_actions if a.type == "search_none"), None)
    if c.my_deck <= 2 and none is not None:
        return none  # taking the card would empty (or nearly empty) the deck
    best = next((a for a in view.choices if a.type == "search_pick"), none)
    return best if best is not None else view.choices[0]


# --- choices (engine/choices.py): modes, looks ----------------------------------------------------

def _printed_dict(cid: str | None) -> dict:
    """A card seen only by its id (a card of the deck looked at) as the observation shows cards."""
    card = _card(cid) if cid else None
    if card is None:
        return {"id": cid or "", "kind": "", "cost": 0, "level": 1, "attack": 0, "hp": 0, "name": ""}
    return {"id": card.id, "kind": card.kind, "cost": card.cost, "level": card.level, "attack": card.attack,
            "hp": card.hp, "name": card.name, "rune": card.rune, "color": card.color}


def _modes_of(cid: str | None, count: int) -> tuple:
    """The modes (engine/choices.py ``Mode``) of the card's first ``choose_one`` with ``count`` modes."""
    card = _card(cid) if cid else None
    for ab in (card.abilities if card is not None else ()):
        for _, op in walk(ab.effects):
            if op.name == "choose_one" and len(op.args["modes"]) == count:
                return op.args["modes"]
    return ()


def _choose_mode(view: AgentView, c: _Ctx) -> Action:
    """「次のうち1つを選ぶ」: the mode whose ops are worth the most now (the first of equals)."""
    info = c.obs["decision"] or {}
    source = info.get("source")
    modes = _modes_of(c.ids.get(source), info.get("modes") or 0)
    opts = [a for a in view.choices if a.type == "mode" and a.get("mode") < len(modes)]
    if not opts:
        return view.choices[0]
    return max(opts, key=lambda a: _effects_value(modes[a.get("mode")].ops, c, source))


def _look_worth(view: AgentView, c: _Ctx, a: Action) -> float:
    card = _printed_dict(view.cards(a).get("card"))
    if card["kind"] in ("character", "awakened_character"):
        return _card_value(card)
    return _hand_value(card, c)


def _look_take(view: AgentView, c: _Ctx) -> Action:
    """A look: take the card worth the most (into the hand or onto the field); into a pile the
    card is lost to (the discard pile, out of the game), none when that is allowed; of the
    opponent's cards (their hand looked at) going to such a pile, the one worth the most."""
    info = c.obs["decision"] or {}
    takes = [a for a in view.choices if a.type == "look_take"]
    done = next((a for a in view.choices if a.type == "look_done"), None)
    lost = info.get("to") in ("discard", "removed")
    if lost and takes and info.get("whose") not in (None, c.p):  # they lose it: their best card
        return max(takes, key=lambda a: _look_worth(view, c, a))
    if not takes or (lost and done is not None):
        return done if done is not None else view.choices[0]
    if lost:
        return min(takes, key=lambda a: _look_worth(view, c, a))
    return max(takes, key=lambda a: _look_worth(view, c, a))


def _look_order(view: AgentView, c: _Ctx) -> Action:
    """A look's rest going back: on top of our own deck the best card first (drawn next), on top of
    the opponent's the worst; at the bottom the order hardly matters (the first offered)."""
    info = c.obs["decision"] or {}
    opts = [a for a in view.choices if a.type == "look_order"]
    if not opts or info.get("to") != "top":
        return opts[0] if opts else view.choices[0]
    sign = 1 if info.get("whose") == c.p else -1
    return max(opts, key=lambda a: sign * _look_worth(view, c, a))


def _pay(view: AgentView) -> Action:
    """The suggested payment: it keeps the most other cards in hand payable."""
    return next((a for a in view.legal_actions if a.type == "pay_suggested"), view.choices[0])


_DECIDE = {"main": _main, "defend": _defend, "mulligan": _mulligan, "trigger_order": _trigger, "target": _target,
           "discard": _discard, "search": _search, "pay": lambda view, c: _pay(view),
           "target_hidden": _target, "optional": _optional, "choose_mode": _choose_mode, "look_take": _look_take,
           "look_order": _look_order}


def policy(view: AgentView, rng: Rng) -> Action:
    # as ``decide_in_context(view, rng, _DECIDE, _Ctx)``, but a payment reads no observation
    if view.kind == "pay":
        acts = view.choices
        return acts[0] if len(acts) == 1 else _pay(view)
    return decide_in_context(view, rng, _DECIDE, _Ctx)


def value(obs: dict, player: int) -> float:
    """Estimated chance that ``player`` wins: deck difference plus board strength."""
    done = settled_value(obs, player, "deck")
    if done is not None:
        return done
    me, opp = obs["players"][player], obs["players"][1 - player]
    board = sum(_unit_value(u) for u in me["characters"]) - sum(_unit_value(u) for u in opp["characters"])
    lead = (me["leader"] is not None) - (opp["leader"] is not None)
    hand = me["hand_count"] - opp["hand_count"]
    # a card of a thin deck counts for more
    scale = 6.0 + 0.25 * min(me["deck"], opp["deck"])
    x = (me["deck"] - opp["deck"]) + 0.35 * board + 0.8 * lead + 0.25 * hand
    return 1.0 / (1.0 + math.exp(-x / scale))
