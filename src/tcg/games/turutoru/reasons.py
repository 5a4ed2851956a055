"""Why an option a Turu-turu Stage player might expect is not offered, as data
(``engine/reasons.py``).

``unavailable(rules, s, seat, legal)`` (``TuruturuRules.unavailable``) lists, for the open
decision, a ``Reason`` for each thing ``seat`` cannot do now. The words (``text.why_not``) phrase
each as ``why.<key>`` of ``text.toml``.

Keys (``card``: the card instance the reason is about) and parameters:

* about the decision (no card): ``over``, ``waiting`` (``who``: the deciding seat),
  ``no_take_back`` (a stacked card stays in the stack);
* while programming, a card in hand: ``not_character`` (``kind``), ``no_segments`` (``used``,
  ``segments``), ``wont_fit`` (``segment``: the card's, ``left``);
* a program of the revealed card with nothing to act on: ``no_target`` (``program``: its index,
  ``kind``, ``amount``);
* choosing attackers: ``asleep``, ``placed``; blocking: ``asleep_block``;
* a card in hand a program cannot use: ``not_for_program`` (``kind``), ``mount_own``,
  ``mount_opponent``, ``mount_no_character``."""
from __future__ import annotations

from typing import Any, Sequence

from ...engine.action import Action
from ...engine.reasons import Reason, not_deciding

#: decisions taken while a program runs (their info names the program and its card)
RUN_DECISIONS = frozenset({"place", "reboot", "bed_in", "mount", "release", "apply", "attackers",
                           "library_draw", "activate", "effect"})
#: the card kind each program that takes a card from the hand uses
_WANTS = {"place": "character", "apply": "application", "mount": "device"}


def unavailable(rules: Any, s: Any, seat: int | None, legal: Sequence[Action]) -> list[Reason]:
    """The reasons of the open decision for ``seat`` (None: a spectator, told only that the game
    is over); ``legal``: the legal actions of ``s``."""
    told = not_deciding(s, seat)
    if told is not None:
        return told
    d = s.decision
    if d.kind == "program":
        return _programming(s, s.players[seat], rules.segments)
    out: list[Reason] = []
    if d.kind == "choose_program" or d.kind in RUN_DECISIONS:
        out += _programs(rules, s, seat, d.kind)
    if d.kind == "attackers":
        out += _attackers(s, s.players[seat], legal, (d.info or {}).get("program") == "fan_fire")
    elif d.kind == "block":
        out += [Reason("asleep_block", u.iid) for u in s.players[seat].chars
                if not u.awake and u.iid not in s.select]
    elif d.kind in _WANTS:
        out += _from_hand(s, s.players[seat], legal, d.kind)
    return out


def _programming(s: Any, ps: Any, segments: int) -> list[Reason]:
    """While stacking programs: each card in hand that cannot be stacked, and that a stacked card
    cannot be taken back."""
    cards = s.cards
    used = sum(cards[i].segment for i in ps.programs)
    out = []
    for iid in ps.hand:
        c = cards[iid]
        if c.kind != "character":
            out.append(Reason("not_character", iid, {"kind": c.kind}))
        elif used >= segments:
            out.append(Reason("no_segments", iid, {"used": used, "segments": segments}))
        elif used + c.segment > segments:
            out.append(Reason("wont_fit", iid, {"segment": c.segment, "left": segments - used}))
    if ps.programs:
        out.append(Reason("no_take_back"))
    return out


def _programs(rules: Any, s: Any, p: int, kind: str) -> list[Reason]:
    """Each program of the running card that is not offered and has nothing to act on."""
    ps = s.players[p]
    iid = ps.running
    if iid is None:
        return []
    usable = set(rules._usable_programs(s, p, iid)) if kind == "choose_program" else {ps.running_prog}
    out = []
    for prog in s.cards[iid].programs:
        if prog.index in usable:
            continue
        if prog.kind == "decoder":
            ok = rules._decoder_target(s, p) is not None
        else:
            ok = bool(rules._program_targets(s, p, prog.kind))
        if not ok:
            out.append(Reason("no_target", iid, {"program": prog.index, "kind": prog.kind, "amount": prog.amount}))
    return out


def _attackers(s: Any, ps: Any, legal: Sequence[Action], fan_fire: bool) -> list[Reason]:
    """Each character not offered as an attacker: in bed, or placed this round (but for Fan Fire)."""
    offered = {a.card for a in legal if a.type == "pick"} | set(s.select)
    out = []
    for u in ps.chars:
        if u.iid in offered:
            continue
        if not u.awake:
            out.append(Reason("asleep", u.iid))
        elif u.placed == s.round and not fan_fire:
            out.append(Reason("placed", u.iid))
    return out


def _from_hand(s: Any, ps: Any, legal: Sequence[Action], kind: str) -> list[Reason]:
    """Each card in hand a place, apply or mount program does not offer: not of the kind it uses,
    or a device that goes on a character it cannot go on now."""
    want = _WANTS[kind]
    offered = {a.card for a in legal if a.type == kind}
    has_chars = any(q.chars for q in s.players)
    out = []
    for iid in ps.hand:
        c = s.cards[iid]
        if iid in offered:
            continue
        if c.kind != want:
            out.append(Reason("not_for_program", iid, {"kind": c.kind}))
        elif kind == "mount" and c.mount == "character" and (not has_chars or c.mount_on in ("own", "opponent")):
            key = {"own": "mount_own", "opponent": "mount_opponent"}.get(c.mount_on, "mount_no_character")
            out.append(Reason(key, iid))
    return out


__all__ = ["RUN_DECISIONS", "unavailable"]
