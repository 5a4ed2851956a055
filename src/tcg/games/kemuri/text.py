"""What けむりちゅーどく (Kemuri) says, in Japanese and English: the game's presentation layer
(words only: no layout, no Rich). Every word comes from ``text.toml`` beside this module (keys as
in ``tcg.text``; the shared ``tcg/text.toml`` fills in who.you / who.opponent, result.*, ui.*);
the functions here choose the key and fill the sentence with the values of the rules, from one
player's point of view. Front ends lay the strings out (``terminal.py`` for the terminal).

Public functions (``lang`` is "en" or "ja"; ``viewer`` a seat or None for a spectator):

* ``describe(state, action, lang)``: the plain label of an action (``game.describe``);
* ``label(game, action, viewer, lang, actor=None)``: how an action reads in a list of choices,
  with what it costs and does ("Place X (Lv2 遅番 CP 4 ×1) · cost 1: seats 5 → 4"), from the
  viewer's side even when another player (the computer) takes it; ``hidden_label`` is what
  others are told of a secret choice (a card marked for the mulligan);
* ``menu(game, legal_actions, viewer, lang)``: the path of labels under which each legal action
  is offered (the card, then what it does, then the target); copies of one card share a path;
* ``narrate(event, viewer, lang, cards)``: one event of ``game.log.for_player(viewer)`` as a line
  (None for a shuffle); ``lines(events, viewer, lang, cards)`` several, summarised (runs of draws,
  a payment with the cast it paid for) and naming the card whose effect caused what follows it;
* ``prompt(decision, viewer, lang, obs=None, cards=None, game=None)``: who must decide what;
* ``why_not(game, viewer, lang)``: what the deciding player may expect to do now but cannot, and
  why (a cast that cannot be placed: not enough seats or the floor is full...);
* ``rules_primer(lang)``: the rules in short, then the game's terms (English: each glossed);
* helpers for front ends: ``shift_name``, ``kind_name``, ``phase_name``, ``timing_name``,
  ``reason_text``, ``card_text``, ``ability_text``, ``noop_swap``, ``decision_source``.

``cards`` names the cards: a ``CardBook`` (the printed card set plus every card the viewer has
seen, by instance id; ``CardBook.for_game(game, viewer)`` also looks at the viewer's observation
when it meets a card it does not know, never at anything the viewer may not see) or just the
card set (cards are then named only when the event carries their id). ``names`` (optional)
overrides how players are called ("P0", a real name); by default the viewer is "You" / "あなた"
and the other player "Opponent" / "相手".

Effect events do not carry the card that caused them (modify, cast_leaves, leader, mill, pay
for seats lost, call_in by an effect, draw, pick, event_removed): ``lines`` names that card from
the events before them (the trigger called in, the support, trouble, charm, ability or cast
placed whose effect they are), and a caller that knows it (the source of a ``target`` decision,
``decision_source``) passes it as ``source``."""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Mapping, Sequence

from ...present import menus, prompts, voice
from ...present.prompts import event_card
from ...engine.action import Action
from ...engine.select import Selector
from ...present.lines import cap as _cap, card_text_by, fold, known_lang as _lang
from ...present.text import game_words
from . import payment as KP

GAME = "kemuri"
GOAL = 16  # the profile's win.close_seats; observations carry it as close_seats
MAX_FLOOR = 3

#: action types whose content only the acting player may see (the cards marked for a mulligan)
#: events not worth a line of their own
QUIET_EVENTS = frozenset({"shuffle"})
#: events that start what a card does (the events of its effects follow them)
SOURCE_EVENTS = frozenset({"support", "trouble", "charm", "activate", "place", "trigger"})
#: events an effect may cause (named with the card whose effect it is, when known)
EFFECT_EVENTS = frozenset({"modify", "cast_leaves", "leader", "mill", "draw", "pick", "event_removed", "move"})
#: events that neither start nor end an effect (a refresh in the middle of one...)
NEUTRAL_EVENTS = frozenset({"shuffle", "refresh", "no_card", "optional"})
#: the event each action causes that only repeats the action line above it
ECHO = {"place": "place", "event": "event", "support": "support", "trouble": "trouble", "charm": "charm",
        "cross": "cross", "serve": "serve", "help": "help", "leader_draw": "leader_draw", "activate": "activate"}
#: actions that play a card from the hand (their ``card`` is a card in hand)
HAND_ACTIONS = ("place", "event", "support")


words, t, term = game_words(GAME)


def shift_name(shift: Any, lang: str = "en", short: bool = False) -> str:
    """A cast's shift: 早番 / 遅番 as printed (``short``: also in English, for narrow cells);
    in English otherwise with the English word after it ("早番 early")."""
    if not shift:
        return ""
    key = f"shift.short.{shift}" if short else f"shift.{shift}"
    return words().get(key, _lang(lang)) or str(shift)


def kind_name(kind: Any, lang: str = "en") -> str:
    """A card's kind by name (cast, event, support, trouble, charm...)."""
    return words().get(f"kind.{kind}", _lang(lang)) or t("kind.unknown", lang)


def phase_name(phase: Any, lang: str = "en", gloss: bool = False) -> str:
    key = f"phase.{phase}"
    if key not in words():
        return str(phase or "")
    return words().term(key, _lang(lang)) if gloss else t(key, lang)


def timing_name(timing: Any, lang: str = "en") -> str:
    """When a charm may be used."""
    return words().get(f"timing.{timing}", _lang(lang)) or str(timing or "")


def zone_name(zone: Any, lang: str = "en") -> str:
    return words().get(f"zone.{zone}", _lang(lang)) or str(zone or "")


def stat_name(stat: Any, lang: str = "en") -> str:
    return words().get(f"stat.{stat}", _lang(lang)) or str(stat or "")


def reason_text(reason: Any, lang: str = "en") -> str:
    """Why the game ended (close, refresh_loop, concede, decision_limit, step_limit)."""
    return t("reason." + str(reason or "").replace(" ", "_"), lang)


# --- card texts ------------------------------------------------------------------------------------

def _filter_parts(flt: Mapping[str, Any], lang: str) -> str:
    """What a filter asks for: "早番, Lv2, cast"."""
    parts = []
    for k, v in flt.items():
        if k == "shift":
            parts.append(shift_name(v, lang, short=True))
        elif k == "level":
            parts.append(t("stat.lv", lang, level=v))
        elif k == "kind":
            parts.append(kind_name(v, lang))
        else:
            parts.append(str(v))
    return t("fmt.list", lang).join(parts)


def _filter_text(flt: Any, lang: str) -> str:
    """A filter in an effect's words ("" for none; a selector table: its tests in words)."""
    if isinstance(flt, Selector):
        return t("op.filter", lang, parts=selector_tests_text(flt, lang))
    return t("op.filter", lang, parts=_filter_parts(flt, lang)) if flt else ""


def op_text(op: Any, lang: str = "en") -> str:
    """One effect operation in words ("draw 2", "the opponent's casts get -2 CP this turn"),
    for a card printed without a text."""
    name = getattr(op, "name", "?")
    a = dict(getattr(op, "args", {}) or {})
    n = a.get("amount") or 1
    if not isinstance(n, int):  # a "for each" amount (engine/amounts.py)
        n = amount_text(n, lang)
    opp = a.get("player") == "opponent"
    target = a.get("target")
    if isinstance(target, str) or target is None:
        tgt = words().get(f"target.{target}", _lang(lang)) or t("target.other", lang)
    else:  # a selector table (docs/cards.md K6)
        tgt = selector_text(target, lang)
    flt = _filter_text(a.get("filter"), lang)
    if name in ("draw", "call_in", "mill", "shuffle"):
        return t(f"op.{name}.opponent" if opp else f"op.{name}", lang, count=n)
    if name == "modify":
        many = target in ("all_own_casts", "all_opponent_casts", "all_casts")
        when = "" if a.get("duration") == "static" else t("op.this_turn", lang)
        return t("op.modify.many" if many else "op.modify", lang, target=tgt, filter=flt,
                 amount=f"{a.get('amount', 0):+d}" if isinstance(a.get("amount", 0), int) else f"+{n}",
                 stat=stat_name(a.get("stat"), lang), when=when)
    if name in ("destroy", "remove_event"):
        return t(f"op.{name}", lang, target=tgt)
    if name == "move":
        return t("op.move", lang, target=tgt, zone=zone_name(a.get("to"), lang))
    if name in ("search", "salvage"):
        return t(f"op.{name}", lang, filter=flt)
    if name == "set_state":
        return t("op.set_state", lang, target=tgt, state=t(f"state.{a.get('state')}", lang))
    if name == "lose_seats":
        return t("op.lose_seats" if a.get("player", "opponent") == "opponent" else "op.lose_seats.self",
                 lang, count=n)
    if name == "pay":
        return t("op.pay", lang, parts=cost_text(a.get("cost"), lang))
    if name == "look":
        if a.get("zone") not in (None, "deck"):  # a whole hand looked at
            return t("op.look_zone.opponent" if a.get("side") == "opponent" else "op.look_zone", lang,
                     zone=zone_name(a["zone"], lang))
        return t("op.look.opponent" if a.get("side") == "opponent" else "op.look", lang, count=n)
    if name == "choose_one":
        return t("op.choose_one", lang, count=a.get("count", 1), modes=t("fmt.list", lang).join(
            (m.text if lang == "ja" else m.text_en or m.text) or op_text(m.ops[0], lang) for m in a.get("modes") or ()))
    return t("op.other", lang)


def amount_text(amount: Any, lang: str = "en") -> str:
    """A "for each" amount in words: "2 for each card of your backyard (kind event) (at most 6)"."""
    sel = getattr(amount, "count", None)
    what = selector_text(sel, lang) if sel is not None else "?"
    cap = t("amount.max", lang, count=amount.max) if getattr(amount, "max", None) is not None else ""
    return t("amount.each", lang, times=getattr(amount, "times", 1), what=what, cap=cap)


def cost_text(cost: Any, lang: str = "en") -> str:
    """A cost list (games/kemuri/costs.py) in words: "2 seats, this card → backyard"."""
    out = []
    for part in getattr(cost, "parts", ()):
        name = part.written
        zone = zone_name(part.to, lang) if part.to else ""
        if name in ("resources", "printed", "discard"):
            out.append(t(f"cost.{name}", lang, count=part.amount))
        elif part.this:
            out.append(t(f"cost.{name}_self", lang, zone=zone))
        elif name == "move":
            out.append(t("cost.move", lang, count=part.amount, src=zone_name(part.frm, lang), zone=zone))
        else:
            out.append(t(f"cost.{name}", lang, count=part.amount))
    return t("fmt.list", lang).join(out)


def selector_text(sel: Any, lang: str = "en") -> str:
    """A selector table in words ("up to 2 chosen cards of your opponent's floor (cost ≤1)"),
    for a card printed without a text."""
    how, n, up_to = sel.count
    count = t("sel.up_to" if up_to else f"sel.{how}", lang, count=n)
    tests = selector_tests_text(sel, lang)
    return t("sel.table", lang, count=count, side=t(f"sel.side.{sel.side}", lang), zone=zone_name(sel.zone, lang),
             tests=t("fmt.paren", lang, text=tests) if tests else "")


def selector_tests_text(sel: Any, lang: str = "en") -> str:
    """A selector's card tests in words ("cost max 1, kind cast"; "" for none)."""
    tests = []
    for k, v in sel.raw:
        if k in ("zone", "side", "choose", "up_to", "all", "random", "other"):
            continue
        if isinstance(v, tuple):  # {min, max, eq} / {contains} / a list
            v = t("fmt.list", lang).join(f"{a} {b}" if isinstance(a, str) and not isinstance(b, tuple) else str(a)
                                          for a, b in (x if isinstance(x, tuple) else (x, "") for x in v))
        tests.append(f"{k} {v}".strip())
    if sel.other:
        tests.append(t("sel.other", lang))
    return t("fmt.list", lang).join(tests)


def ability_text(ab: Any, lang: str = "en") -> str:
    """An ability as printed (its text) or, without one, in words: "⚡Trigger: draw 1"."""
    text = getattr(ab, "text", "") if lang == "ja" else (getattr(ab, "text_en", "") or getattr(ab, "text", ""))
    if text:
        return text
    kind = getattr(ab, "kind", "")
    head = words().get(f"ability.{kind}", _lang(lang)) or t("ability.other", lang)
    if kind == "trigger" and getattr(ab, "when", None) is not None:  # waits on the field for an event
        head = t("ability.when", lang, when=words().get(f"when.{ab.when.event}", _lang(lang)) or t("when.other", lang))
    if kind == "charm" and getattr(ab, "timing", None):
        head = t("ability.charm_at", lang, head=head, timing=timing_name(ab.timing, lang))
    ops = t("fmt.ops", lang).join(op_text(op, lang) for op in getattr(ab, "effects", ()) or ())
    return t("fmt.colon_head", lang, head=head, text=ops)


def ability_body(ab: Any, lang: str = "en") -> str:
    """An ability's text without its head ("Trigger: " / "トリガー："); a keyword's ability: the
    keyword's line whole (its name is its head)."""
    if getattr(ab, "keyword", ""):
        return ability_text(ab, lang)
    return re.sub(r"^[^:：]*[:：]\s*", "", ability_text(ab, lang), count=1)


card_text = card_text_by(ability_text)


def abilities_of(card: Any, kind: str) -> list[Any]:
    """The card's abilities of one kind (``trigger``: those applied when it is called in, KM-V6;
    ``when``: the triggered abilities waiting on the field)."""
    if kind == "when":
        return [a for a in getattr(card, "abilities", ()) or ()
                if getattr(a, "kind", None) == "trigger" and getattr(a, "when", None) is not None]
    return [a for a in getattr(card, "abilities", ()) or ()
            if getattr(a, "kind", None) == kind and (kind != "trigger" or getattr(a, "when", None) is None)]


# --- cards: naming them ------------------------------------------------------------------------------

class CardBook(voice.CardBook):
    """Names the cards a viewer may know (``tcg.present.voice.CardBook``): the printed card set plus the
    cards seen so far (instance id -> id, names, kind, level, owner), in the players' parts of an
    observation and outside them (the event in play)."""

    FIELDS = ("name", "name_en", "kind", "level")

    def unowned(self, obs: Mapping[str, Any]) -> Any:
        return {k: v for k, v in obs.items() if k != "players"}


class Voice(voice.Voice):
    """How one viewer's lines read (``tcg.present.voice.Voice``), with the levels of casts and casts on
    the floor ("Opponent's X (遅番 CP 5)")."""

    game_id = GAME
    Book = CardBook

    def nobody(self) -> str:
        return self.t("who.nobody")

    def level_of(self, iid: Any = None, cid: Any = None) -> Any:
        c = self.book.find(cid) if isinstance(cid, str) else None
        if c is not None:
            return getattr(c, "level", None)
        v = self.book.view(iid)
        return v.get("level") if v else None

    def lv(self, iid: Any = None, cid: Any = None) -> str:
        """ "Name (Lv2)"."""
        lv = self.level_of(iid, cid)
        name = self.card(iid, cid)
        return self.t("fmt.with_level", card=name, level=lv) if lv else name

    def lv_view(self, view: Mapping[str, Any] | None) -> str:
        lv = (view or {}).get("level")
        name = self.label(view)
        return self.t("fmt.with_level", card=name, level=lv) if lv else name

    def plus(self, items: Iterable[str]) -> str:
        return self.t("fmt.plus").join(items)

    def cast(self, c: Mapping[str, Any], own: bool = False, shift: bool = True) -> str:
        """A cast on the floor: "Opponent's X (遅番 CP 5)"; a cross "X+Y (早番 cross CP 8)"."""
        name = self.label(c)
        if c.get("cross"):
            name = self.t("fmt.cross_names", top=name, rest=self.t("fmt.plus_tight").join(
                self.label(x) for x in c["cross"]))
        bits = []
        if shift and c.get("shift"):
            bits.append(shift_name(c.get("shift"), self.lang, short=True))
        if c.get("cross"):
            bits.append(self.t("fmt.cross_bit"))
        bits.append(self.t("stat.cp_value", cp=c.get("cp_now", c.get("cp"))))
        text = self.t("fmt.cast", card=name, bits=" ".join(bits))
        if own:
            return text
        return self.t("fmt.owned", whose=self.whose(c.get("owner")), card=text)


def who(player: Any, viewer: int | None, lang: str = "en", names: Mapping[int, str] | None = None) -> str:
    """How ``viewer`` calls ``player``: "You" / "Opponent" (あなた / 相手); "P0" for spectators."""
    return Voice(viewer, lang, None, names).who(player)


def result_text(winner: Any, reason: Any, viewer: int | None, lang: str = "en",
                names: Mapping[int, str] | None = None) -> str:
    """How the game ended: "Opponent wins (closed with 16 or more seats)", "Draw (...)"."""
    v = Voice(viewer, lang, None, names)
    return voice.result_line(v, winner, reason_text(reason, v.lang))


# --- describe: the plain label of an action -----------------------------------------------------

def _stats(card: Any, lang: str) -> str:
    """ "Lv2 遅番 CP 4 ×1" of a printed cast."""
    return t("fmt.cast_stats", lang, level=card.level, shift=shift_name(card.shift, lang, short=True),
             cp=card.cp, call_in=card.call_in)


def describe(s: Any, a: Action, lang: str = "en") -> str:
    """The plain label of action ``a`` in state ``s`` (``game.describe``): what it is, with the
    names and numbers of its cards."""
    lang = _lang(lang)
    v = Voice(None, lang)
    key = f"action.{a.type}"  # an action type without words shows as ⟦action.x⟧
    if a.type == "optional":  # "you may": yes or no
        return t("action.optional.yes" if a.get("use") else "action.optional.no", lang)

    def name(i: Any, stats: bool = False) -> str:
        if not isinstance(i, int) or i < 0:
            return t("action.serve.nobody", lang)
        c = s.cards[i]
        label = v.label(c)
        if lang == "ja" and a.type == "pick":
            return label  # "{card}を手札に": the plain name
        if stats and c.kind == "cast":
            return t("fmt.card_stats", lang, card=label, stats=t("fmt.cast_cost", lang, stats=_stats(c, lang),
                                                                   cost=c.cost))
        if a.type in ("swap_out", "swap_in", "pay", "mulligan_mark"):
            return t("fmt.with_level", lang, card=label, level=c.level)
        return label
    params: dict[str, Any] = {}
    for k, val in a.params:
        if k in ("card", "seat", "cast", "target"):
            params[k] = name(val, stats=a.type in ("place", "pick") and k == "card")
        elif k == "casts":
            params[k] = v.plus(name(i) for i in val)
        elif k == "ability":
            params["ability"] = val + 1
        else:
            params[k] = val
    return t(key, lang, **params)


def may_text(op: Any, lang: str = "en") -> str:
    """What an optional op does, as "you may ..." reads it ("draw cards")."""
    return words().get(f"may.{op}", _lang(lang)) or t("may.other", lang)


def hidden_label(action: Any, lang: str = "en") -> str:
    """What other players are told of a choice they may not see."""
    key = f"hidden.{getattr(action, 'type', '')}"
    return words().get(key, _lang(lang)) or t("action.hidden", lang)


# --- what a decision is about -------------------------------------------------------------------

def _source_event(events: Sequence[Mapping[str, Any]]) -> tuple | None:
    """The card of the last event that starts what a card does (a trigger called in, a support,
    trouble, charm, ability or cast placed)."""
    for ev in reversed(events):
        kind = ev.get("type")
        if kind in SOURCE_EVENTS or (kind == "call_in" and ev.get("trigger")):
            return (ev.get("card"), ev.get("id"))
        if kind in ("turn_start", "serve", "cp_contest", "leader_draw", "charcoal_change", "cross"):
            return None
    return None


def decision_source(game: Any) -> tuple | None:
    """(instance id, card id or None) of the card whose effect the current decision continues: the
    source of a ``target`` decision, the card whose effect asks a player to pay seats (lose
    seats) or to take a card (search, salvage); None for other decisions."""
    d = game.decision
    if d is None:
        return None
    info = d.info or {}
    if d.kind in ("target", "target_hidden", "optional") and isinstance(info.get("source"), int):
        return (info["source"], None)
    if (d.kind == "pay" and info.get("why") == "lose_seats") or d.kind == "pick_card":
        try:
            events = game.log[max(0, len(game.log) - 60):]
        except Exception:  # noqa: BLE001
            return None
        src = _source_event(events)
        return (src[0], None) if src else None
    return None


def pay_context(game: Any) -> dict[str, Any]:
    """What the pending payment is for: ``{"card": iid, "total": the whole cost}`` (the cast being
    placed, the event being removed, the card whose ability is used, the card whose effect takes
    seats), as far as the game tells it."""
    d = game.decision
    if d is None or d.kind != "pay":
        return {}
    why = (d.info or {}).get("why")
    s = game.state
    try:
        acts = game.actions
    except Exception:  # noqa: BLE001
        acts = []
    last = None
    for entry in reversed(acts):
        body = entry.get("action") or {}
        if body.get("type") != "pay":
            last = body
            break
    # the card is named by the action that asked for the payment (placing it, using it): no secret
    if why == "cast" and last and last.get("type") == "place":
        iid = last.get("card")
        return {"card": iid, "id": s.cards[iid].id, "total": s.cards[iid].cost}
    if why == "remove_event" and s.event >= 0:
        return {"card": s.event, "id": s.cards[s.event].id, "total": s.cards[s.event].removal_cost}
    if why == "activate" and last and last.get("type") == "activate":
        iid = last.get("card")
        ab = s.cards[iid].abilities[last.get("ability", 0)]
        return {"card": iid, "id": s.cards[iid].id, "total": ab.cost}
    if why == "lose_seats":
        src = decision_source(game)
        return {"card": src[0], "id": s.cards[src[0]].id} if src else {}
    return {}


# --- options: the actions as a player's choices -------------------------------------------------

def _views(obs: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """Every card of an observation by instance id, with its owner, zone and place."""
    out: dict[int, dict[str, Any]] = {}
    for pv in obs.get("players") or []:
        for zone in ("hand", "seating", "backyard", "resolving"):
            for k, v in enumerate(pv.get(zone) or [], 1):
                out[v["iid"]] = {**v, "owner": pv.get("player"), "zone": zone, "pos": k}
        for k, c in enumerate(pv.get("floor") or [], 1):
            out[c["iid"]] = {**c, "owner": pv.get("player"), "zone": "floor", "pos": k}
            for m in c.get("cross") or []:
                out[m["iid"]] = {**m, "owner": pv.get("player"), "zone": "cross", "pos": k}
        if pv.get("leader"):
            out[pv["leader"]["iid"]] = {**pv["leader"], "owner": pv.get("player"), "zone": "leader"}
    ev = obs.get("event")
    if ev:
        out[ev["iid"]] = {**ev, "zone": "event"}
    return out


class _Scene:
    """What the acting player sees when they choose: their observation, cards by instance id, their
    seats and floor. Builds option labels, menu steps and the test of a swap that changes nothing."""

    def __init__(self, game: Any, viewer: int | None, lang: str, actor: int | None = None,
                 names: Mapping[int, str] | None = None, cards: Any = None):
        self.game = game
        d = game.decision
        self.actor = actor if actor is not None else (d.player if d is not None else viewer)
        book = cards if isinstance(cards, CardBook) else CardBook.for_game(game, viewer)
        self.v = Voice(viewer, lang, book, names)
        self.obs = game.observe(self.actor)
        if self.actor == viewer:
            book.see(self.obs)
        self.d = d
        self.info = (d.info or {}) if d is not None else {}
        self.views = _views(self.obs)
        players = self.obs.get("players") or []
        a = self.actor
        self.me = players[a] if isinstance(a, int) and a < len(players) else {}
        self.opp = players[1 - a] if isinstance(a, int) and len(players) == 2 else {}
        self.seats = self.me.get("seats", 0)
        self.goal = self.obs.get("close_seats") or GOAL
        self.mine = self.v.is_you(self.actor)

    # --- small pieces -------------------------------------------------------------------------------
    def view(self, iid: Any) -> dict[str, Any]:
        return self.views.get(iid) or {} if isinstance(iid, int) else {}

    def name(self, iid: Any) -> str:
        vv = self.views.get(iid) if isinstance(iid, int) else None
        return self.v.label(vv) if vv else self.v.card(iid)

    def nlv(self, iid: Any) -> str:
        vv = self.views.get(iid) if isinstance(iid, int) else None
        return self.v.lv_view(vv) if vv else self.v.lv(iid)

    def cid(self, iid: Any) -> Any:
        return self.view(iid).get("id", iid)

    @property
    def yp(self) -> str:
        """The actor's possessive: "your" for the viewer's own choices, "their" for another's."""
        return self.v.own(self.actor)

    def pay_text(self, cost: int) -> str:
        """ "cost 1: seats 5 → 4" (with what an overpayment loses)."""
        T = self.v.t
        if not cost:
            return T("option.cost_free")
        best = KP.best_payment([c.get("level", 0) for c in self.me.get("seating") or []], cost)
        if best is None or best == cost:
            return T("option.cost", cost=cost, seats=self.seats, after=self.seats - cost)
        return T("option.cost_over", cost=cost, seats=self.seats, after=self.seats - best, over=best - cost)

    def lock_warning(self) -> str:
        """Locking the leader forbids the close until the next draw phase: said when it matters."""
        if self.obs.get("active") != self.actor:
            return ""
        if self.seats >= self.goal:
            return self.v.t("option.lock.no_close", seats=self.seats)
        if self.seats >= self.goal - 6:
            return self.v.t("option.lock.warn")
        return ""

    def contest(self):
        """(server view, receiver view, server CP, receiver CP before help, help CP) now."""
        return contest(self.obs)

    def noop_swap(self, a: Any) -> bool:
        """A step of a charcoal change that can only swap a seating card for another copy of itself
        (nothing changes): a seat whose every completion is such a copy, or that copy picked first."""
        if a.type == "swap_out":
            hand = [(c.get("iid"), c.get("level", 0)) for c in self.me.get("hand") or []]
            comps = KP.completions(hand, self.view(a.seat).get("level", 0))
            return bool(comps) and all(len(c) == 1 and self.cid(c[0]) == self.cid(a.seat) for c in comps)
        if a.type == "swap_in" and self.d is not None and self.d.kind == "charcoal_in":
            seat = self.info.get("seat")
            return not self.info.get("picked") and self.cid(a.card) == self.cid(seat) and \
                self.view(a.card).get("level") == self.view(seat).get("level")
        return False

    # --- the full option line ---------------------------------------------------------------------
    def option(self, a: Any) -> str | None:
        v, T, d = self.v, self.v.t, self.d
        kind = a.type
        dk = d.kind if d is not None else None
        cv = self.views.get(a.get("card")) if isinstance(a.get("card"), int) else None
        if kind == "mulligan_mark":
            return T("option.mulligan_mark", card=self.name(a.card), level=(cv or {}).get("level"),
                     kind=kind_name((cv or {}).get("kind"), v.lang))
        if kind == "mulligan_done":
            if not self.mine:
                return T("option.mulligan_done")
            n = len(self.me.get("mulligan_pick") or [])
            return T("option.mulligan_done.count", count=n) if n else T("option.mulligan_done.keep")
        if kind == "swap_out":
            level = self.view(a.seat).get("level", 0)
            text = T("option.swap_out", seat=self.nlv(a.seat), level=level, seats=self.seats)
            return text + (T("option.swap_out.noop") if self.noop_swap(a) else "")
        if kind == "swap_in" and dk == "charcoal_in":
            left = self.info.get("need", 0) - (cv or {}).get("level", 0)
            seat = self.info.get("seat")
            if left <= 0:
                text = T("option.swap_in.done", card=self.nlv(a.card), seat=self.name(seat), whose=self.yp,
                         seats=self.seats)
                return text + (T("option.swap_in.noop") if self.noop_swap(a) else "")
            return T("option.swap_in", card=self.nlv(a.card), seat=self.name(seat), count=left)
        if kind == "end_charcoal":
            return T("option.end_charcoal", seats=self.seats)
        if kind == "leader_draw":
            ld = self.me.get("leader") or {}
            person = ld.get("person")
            same = [m for c in self.me.get("floor") or [] for m in [c] + list(c.get("cross") or [])
                    if person and m.get("person") == person]
            warn = self.lock_warning()
            if same:
                return T("option.leader_draw.call", leader=v.label(ld), cast=v.label(same[0]), person=person,
                         warn=warn)
            nocall = T("option.leader_draw.nocall", person=person, whose=self.yp) if person else ""
            return T("option.leader_draw", leader=v.label(ld), nocall=nocall, warn=warn)
        if kind == "place" and cv:
            help_ = T("option.help_stat", shift=shift_name(cv.get("help_shift"), v.lang, short=True),
                      cp=cv.get("help_cp")) if cv.get("help_shift") else ""
            stats = T("fmt.cast_stats", level=cv.get("level"), shift=shift_name(cv.get("shift"), v.lang, short=True),
                      cp=cv.get("cp"), call_in=cv.get("call_in"))
            return T("option.place", card=v.label(cv), stats=stats, help=help_,
                     trig=T("option.trigger_mark") if cv.get("trigger") else "", pay=self.pay_text(cv.get("cost", 0)))
        if kind == "event" and cv:
            text = card_text(v.book.find(cv.get("id")), v.lang).replace("\n", T("fmt.sep"))
            cur = self.obs.get("event")
            repl = T("option.event.replaces", card=v.label(cur), whose=v.whose(cur.get("owner"))) if cur else ""
            return T("option.event", card=v.label(cv), text=T("fmt.colon", text=text) if text else "", replaces=repl)
        if kind == "remove_event":
            ev = self.obs.get("event") or {}
            cost = ev.get("removal_cost", 0)
            return T("option.remove_event", whose=v.whose(ev.get("owner")), card=v.label(ev), pay=self.pay_text(cost))
        if kind in ("support", "trouble") and cv:
            use = abilities_of(v.book.find(cv.get("id")), "use")
            text = ability_body(use[0], v.lang) if use else ""
            return T(f"option.{kind}", card=v.label(cv), text=T("fmt.colon", text=text) if text else "")
        if kind == "pass":
            return T("option.pass")
        if kind == "cross":
            casts = [self.view(i) for i in a.casts]
            cps = [c.get("cp_now", c.get("cp", 0)) for c in casts]
            top = casts[0]
            rest = "".join(T("option.cross.then", card=v.label(c)) for c in casts[1:])
            return T("option.cross", top=v.label(top), rest=rest, cps="+".join(map(str, cps)), total=sum(cps),
                     shift=shift_name(top.get("shift"), v.lang, short=True),
                     call_in=top.get("call_in_now", top.get("call_in")))
        if kind == "charm":
            ld = self.me.get("leader") or {}
            charm = abilities_of(v.book.find(ld.get("id")), "charm")
            text = ability_body(charm[0], v.lang) if charm else ""
            return T("option.charm", text=T("fmt.colon", text=text) if text else "", warn=self.lock_warning())
        if kind == "activate":
            src = self.view(a.card)
            c = v.book.find(src.get("id"))
            ab = c.abilities[a.ability] if c is not None and a.ability < len(c.abilities) else None
            text = ability_body(ab, v.lang) if ab is not None else ""
            cost = getattr(ab, "cost", 0)
            limit = T(f"option.activate.{getattr(ab, 'limit', 'turn')}")
            if getattr(ab, "costs", None) is not None:  # a cost list: its parts in words
                pay = T("option.activate.pay", pay=cost_text(ab.costs, v.lang))
            else:
                pay = T("option.activate.pay", pay=self.pay_text(cost)) if cost else ""
            zone = getattr(ab, "zone", "field")
            where = T("option.activate.from", zone=zone_name(zone, v.lang)) if zone != "field" else ""
            return T("option.activate", card=v.label(src) + where, text=T("fmt.colon", text=text) if text else "",
                     limit=limit, pay=pay)
        if kind == "end_operation":
            return T("option.end_operation")
        if kind == "serve":
            return T("option.serve", server=self.server(a), step=self.serve_step(a))
        if kind == "end_serving":
            left = [c for c in self.me.get("floor") or [] if not c.get("served")]
            first = self.obs.get("turn") == 1 and self.actor == self.obs.get("first_player") and \
                any(c.get("served") for c in self.me.get("floor") or [])
            if left and not first:
                return T("option.end_serving.left", count=len(left))
            return T("option.end_serving")
        if kind == "help" and cv:
            got = self.contest()
            tail = ""
            if got is not None:
                server, recv, x, y, h = got
                total = y + h + (cv.get("help_cp") or 0)
                res = "option.help.wins" if total > x else "option.help.short"
                tail = T(res, server=x, total=total, whose=self.yp)
            return T("option.help", card=v.label(cv), cp=cv.get("help_cp"), tail=tail)
        if kind == "done" and dk == "help":
            got = self.contest()
            if got is not None and got[1] is not None:
                server, recv, x, y, h = got
                total = y + h
                res = T("option.done.wins" if total > x else "option.done.loses", whose=v.whose(self.actor),
                        card=v.label(recv))
                return T("option.done.contest", server=x, receiver=y,
                         help=T("option.done.help", cp=h) if h else "", result=res)
            return T("option.done")
        if kind == "pay" and cv and d is not None:
            amount = self.info.get("amount", 0)
            lv = cv.get("level", 0)
            left = amount - lv
            if left > 0:
                state = T("option.pay.left", count=left)
            elif left == 0:
                state = T("option.pay.full")
            else:
                state = T("option.pay.over", count=-left)
            return T("option.pay", card=v.label(cv), level=lv, state=state, seats=self.seats, after=self.seats - lv)
        if kind == "close":
            return T("option.close", seats=self.seats, goal=self.goal)
        if kind == "end_turn":
            return T("option.end_turn.no_close" if dk == "close" and any(
                x.type == "close" for x in self.game.legal_actions()) else "option.end_turn")
        if kind == "target":
            tv = self.views.get(a.target)
            if tv and tv.get("zone") == "floor":
                return T("option.target", target=v.cast(tv, own=True), whose=v.whose(tv.get("owner")),
                         pos=tv.get("pos"))
            if tv:
                return T("option.target.card", target=v.label(tv))
            return T("option.target.card", target=v.card(a.target))
        if kind == "target_done":
            return T("option.target_done")
        if kind == "optional" and d is not None:
            card = v.card(self.info.get("source"))
            if a.get("use"):
                return T("option.optional.yes", what=may_text(self.info.get("op"), v.lang), card=card)
            return T("option.optional.no", card=card)
        if kind == "pick" and cv is None and isinstance(a.get("card"), int):
            cv = self._deck_card(a.card)
        if kind == "pick" and cv:
            return T("option.pick", card=v.label(cv), kind=kind_name(cv.get("kind"), v.lang), level=cv.get("level"),
                     whose=self.yp)
        if kind == "pick_none":
            return T("option.pick_none")
        return self._choice_option(a)

    def _choice_option(self, a: Any) -> str | None:
        """A choose_one's mode, a card to take from a look or to put back next (engine/choices.py)."""
        v, T, kind = self.v, self.v.t, a.type
        if kind == "mode":
            modes = getattr(getattr(self.game.state, "pending", None), "modes", ())
            mode = modes[a.mode] if a.mode < len(modes) else None
            text = (mode.text if v.lang == "ja" else mode.text_en or mode.text) if mode is not None else ""
            return T("option.mode", n=a.mode + 1, text=text or T("option.mode.n", n=a.mode + 1))
        if kind == "look_done":
            return T("option.look_done")
        cv = self._deck_card(a.get("card"), ("look_take", "look_order"))
        if cv is None or self.d is None:
            return None
        info = self.d.info or {}
        if kind == "look_take":
            reveal = getattr(self.game.state.pending, "reveal", False)
            return T("option.look_take", card=v.label(cv), kind=kind_name(cv.get("kind"), v.lang), level=cv["level"],
                     dest=zone_name(info.get("to", "hand"), v.lang), shown=T("option.look_take.shown") if reveal else "")
        if kind == "look_order":
            return T("option.look_order", card=v.label(cv), level=cv["level"],
                     where=T(f"option.look_order.{info.get('to', 'bottom')}"))
        return None

    def _deck_card(self, iid: Any, kinds: tuple = ("pick_card",)) -> dict[str, Any] | None:
        """A card offered by a search or a look at the actor's deck (the actor is shown them)."""
        if self.d is None or self.d.kind not in kinds or not isinstance(iid, int):
            return None
        try:
            c = self.game.state.cards[iid]
        except Exception:  # noqa: BLE001
            return None
        return {"iid": iid, "id": c.id, "name": c.name, "name_en": c.name_en, "kind": c.kind, "level": c.level}

    # --- serving ----------------------------------------------------------------------------------
    def server(self, a: Any) -> str:
        s = self.view(a.cast)
        return self.v.cast({**s, "owner": self.actor}, own=True)

    def serve_step(self, a: Any) -> str:
        """ "→ Opponent's Y (早番 CP 3): 5 vs 3, you win unless they help +3; call in 1 either way"."""
        v, T = self.v, self.v.t
        s = self.view(a.cast)
        n = s.get("call_in_now", s.get("call_in", 0))
        if a.target < 0:
            return T("option.serve.ikeike", count=n, total=n + 1)
        r = self.view(a.target)
        other = 1 - self.actor if isinstance(self.actor, int) else None
        receiver = v.cast({**r, "owner": other})
        x, y = s.get("cp_now", 0), r.get("cp_now", 0)
        if self.mine:
            side = "you"
        elif v.is_you(other):
            side = "them"
        else:
            side = "neutral"
        if x >= y:
            verdict = T(f"option.serve.wins.{side}", need=x - y + 1)
        else:
            verdict = T(f"option.serve.loses.{side}", by=y - x)
        return T("option.serve.vs", receiver=receiver, server_cp=x, receiver_cp=y, verdict=verdict, count=n)

    # --- menu steps -------------------------------------------------------------------------------
    def group(self, a: Any) -> tuple[Any, str] | None:
        """(key, label) of what an action is about, for the first step of a menu: the leader, a
        cast on the floor, the flavour cross, the serving cast; None: one step."""
        v, T = self.v, self.v.t
        kind = a.type
        if kind in ("leader_draw", "charm") and self.d is not None and self.d.kind == "operation":
            ld = self.me.get("leader") or {}
            return ("leader",), T("menu.leader", leader=v.label(ld))
        if kind == "cross":
            return ("cross",), T("menu.cross")
        if kind == "activate":
            src = self.view(a.card)
            where = "menu.event" if src.get("zone") == "event" else "menu.floor"
            return ("card", a.card), T(where, card=v.label(src))
        if kind == "serve":
            return ("serve", a.cast), T("menu.serve", server=self.server(a))
        return None

    def step(self, a: Any) -> tuple[str, ...]:
        """The steps after the first: what the card does, then the target."""
        v, T = self.v, self.v.t
        kind = a.type
        if kind == "leader_draw":
            return (self.option(a) or describe(self.game.state, a, v.lang),)
        if kind == "charm":
            return (self.option(a) or describe(self.game.state, a, v.lang),)
        if kind == "cross":
            casts = [self.view(i) for i in a.casts]
            cps = [c.get("cp_now", c.get("cp", 0)) for c in casts]
            top = casts[0]
            rest = T("menu.cross.rest", cards=v.plus(v.label(c) for c in casts[1:]), cps="+".join(map(str, cps)),
                     total=sum(cps), shift=shift_name(top.get("shift"), v.lang, short=True),
                     call_in=top.get("call_in_now", top.get("call_in")))
            return (T("menu.cross.top", card=v.label(top)), rest)
        if kind == "activate":
            text = self.option(a) or ""
            return (T("menu.activate", text=text),)
        if kind == "serve":
            return (self.serve_step(a),)
        return (self.option(a) or describe(self.game.state, a, v.lang),)


label = prompts.label_with(_Scene, hidden_label)


def noop_swap(game: Any, action: Any, viewer: int | None = None) -> bool:
    """Whether a step of the charcoal change can only swap a seating card for a copy of itself."""
    if getattr(action, "type", None) not in ("swap_out", "swap_in"):
        return False
    try:
        return _Scene(game, viewer, "en").noop_swap(action)
    except Exception:  # noqa: BLE001
        return False


def _alike(s: Any, a: Any) -> tuple:
    """What makes two actions different for the player: the card *id* of a card in hand or in the
    seating zone (copies are alike), the instance of a card on the floor."""
    out = []
    for k, val in a.params:
        if k in ("card", "seat", "cast", "target") and a.type != "activate" and isinstance(val, int) and val >= 0:
            out.append((k, s.cards[val].id))
        elif k == "casts":
            out.append((k, tuple(s.cards[i].id for i in val)))
        else:
            out.append((k, val))
    return (a.type, tuple(out))


def menu(game: Any, legal_actions: Sequence[Any], viewer: int | None,
         lang: str = "en") -> list[tuple[tuple[str, ...], Any]]:
    """Each legal action once, with the path of labels under which it is offered: in the operation
    phase first the card (the leader, a cast on the floor, the flavour cross, a card in hand), then
    what it does, then the rest of it (the casts under the top one); in the serving the serving
    cast, then the cast that receives. A group with one thing to do is one step. Copies of one
    card give the same path: a front end offers it once. The order is that of the legal actions,
    except that a swap that changes nothing comes after the others and, with enough seats to
    close, locking the leader (draw, charm) comes after End: a locked leader cannot close."""
    lang = _lang(lang)
    d = game.decision
    if d is None:
        return []
    scene = _Scene(game, viewer, lang, d.player)
    legal = list(legal_actions)
    if d.kind in ("charcoal", "charcoal_in"):
        legal = [a for a in legal if not scene.noop_swap(a)] + [a for a in legal if scene.noop_swap(a)]
    if d.kind == "operation" and scene.seats >= scene.goal:
        legal = [a for a in legal if a.type not in ("leader_draw", "charm")] + \
            [a for a in legal if a.type in ("leader_draw", "charm")]
    rows = menus.grouped(scene, legal, scene.step, menus.option_or(scene, game, describe, lang),
                         spread=lambda key: key == ("cross",))  # the casts of a cross, always
    # different actions whose paths coincide (two different cards of one name): name the card id
    s = game.state
    return prompts.told_apart(rows, lambda a: _alike(s, a),
                              lambda path, a: path[:-1] + (f"{path[-1]} [{_identity(s, a)}]",))


def _identity(s: Any, a: Any) -> str:
    for k in ("card", "seat", "cast", "target"):
        val = a.get(k)
        if isinstance(val, int) and val >= 0:
            return s.cards[val].id
    return "+".join(s.cards[i].id for i in a.get("casts") or ()) or a.type


# --- narration: events as lines -------------------------------------------------------------------

def contest(obs: Mapping[str, Any]):
    """(server view, receiver view, server CP, receiver CP before help, help CP) of the serving
    under way in an observation, or None."""
    sv = obs.get("serving")
    if not sv:
        return None
    casts = {}
    for pv in obs.get("players") or []:
        for k, c in enumerate(pv.get("floor") or [], 1):
            casts[c["iid"]] = {**c, "owner": pv.get("player"), "pos": k}
    server = casts.get(sv.get("server"))
    recv = casts.get(sv.get("receiver"))
    help_cp = sum(h.get("help_cp", 0) or 0 for h in sv.get("help") or [])
    a = server.get("cp_now", 0) if server else 0
    b = recv.get("cp_now", 0) if recv else 0
    return server, recv, a, b, help_cp


def _ability_bodies(v: Voice, cid: Any, kind: str) -> str:
    """The texts of a card's abilities of one kind, without their heads."""
    return v.t("fmt.ops").join(ability_body(a, v.lang) for a in abilities_of(v.book.find(cid), kind))


def _ability_tail(v: Voice, cid: Any, kind: str) -> str:
    """ " (its ability text)" of a card's abilities of one kind."""
    text = _ability_bodies(v, cid, kind)
    return v.t("fmt.paren", text=text) if text else ""


def _n_leader(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    if "id" in ev:
        c = v.book.find(ev.get("id"))
        person = T("fmt.paren", text=c.person) if c is not None and c.person and c.person not in c.name else ""
        return T("event.leader", whose=v.whose(p), card=card(), person=person)
    return T("event.leader.active" if ev.get("active") else "event.leader.locked", whose=v.whose(p),
             source=v.source(src))


def _n_draw(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    card = event_card(v, ev)
    if ev.get("card") is not None:
        return v.say("event.draw.card", p, card=card(), source=v.source(src))
    return v.say("event.draw", p, source=v.source(src))


def _n_mulligan(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    n = ev.get("returned", 0)
    return v.say("event.mulligan", p, count=n) if n else v.say("event.mulligan.keep", p)


def _n_turn_start(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    whose = v.whose(p)
    return T("event.turn_start", turn=ev.get("turn"), whose=_cap(whose) if v.lang != "ja" else whose)


def _n_phase(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    if ev.get("phase") == "serving":
        return T("event.phase.serving", whose=v.whose(p))
    return T("event.phase", phase=phase_name(ev.get("phase"), v.lang, gloss=True))


def _n_charcoal_change(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    ins = ev.get("in") or []
    ids = ev.get("in_ids") or [None] * len(ins)
    return v.say("event.charcoal_change", p, out=v.lv(ev.get("out"), ev.get("out_id")),
                 ins=v.plus(v.lv(i, c) for i, c in zip(ins, ids)))


def _n_leader_draw(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    return v.say("event.leader_draw.call" if ev.get("call_in") else "event.leader_draw", p)


def _n_place(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    c = v.book.find(ev.get("id"))
    stats = T("fmt.paren", text=T("fmt.cast_numbers", shift=shift_name(c.shift, v.lang, short=True), cp=c.cp,
                                  call_in=c.call_in)) if c is not None and c.kind == "cast" else ""
    line = v.say("event.place", p, card=card(), stats=stats)
    if ev.get("why") == "effect":  # put there by an effect (move to = "floor"), unpaid
        line += T("event.place.effect", zone=zone_name(ev.get("from"), v.lang), source=v.source(src))
    return line


def _n_pay(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    return v.say("event.pay", p, card=v.lv(ev.get("card")), why=_pay_why(v, ev.get("why"), src))


def _n_event(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    line = v.say("event.event", p, card=card())
    if ev.get("why") == "effect":  # put there by an effect (move to = "event")
        line += T("event.place.effect", zone=zone_name(ev.get("from"), v.lang), source=v.source(src))
    return line


def _n_event_removed(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    card = event_card(v, ev)
    return T("event.event_removed", card=card(), source=v.source(src))


def _n_support(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    kind = ev.get("type")
    p = ev.get("player")
    card = event_card(v, ev)
    return v.say(f"event.{kind}", p, card=card(), text=_ability_tail(v, ev.get("id"), "use"))


def _n_charm(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    card = event_card(v, ev)
    return v.say("event.charm", p, card=card(), text=_ability_tail(v, ev.get("id"), "charm"))


def _n_activate(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    c = v.book.card_of(ev.get("card"), ev.get("id"))
    index = ev.get("ability", 0)
    ab = c.abilities[index] if c is not None and index < len(getattr(c, "abilities", ())) else None
    text = T("fmt.paren", text=ability_body(ab, v.lang)) if ab is not None else ""
    if ev.get("zone"):  # used from the hand or the backyard (``from``)
        return v.say("event.activate.zone", p, card=card(), text=text, own=v.own(p),
                     zone=zone_name(ev["zone"], v.lang))
    return v.say("event.activate", p, card=card(), text=text)


def _n_mode(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    """A mode of a choose_one chosen (engine/choices.py)."""
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    text = ev.get("text") if v.lang == "ja" else ev.get("text_en") or ev.get("text")
    return T("event.mode", who=v.who(p), card=card(), text=text or T("option.mode.n", n=ev.get("mode", 0) + 1))


def _n_look(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    """The top of a deck (or a hand) looked at: others learn how many only."""
    return prompts.look_line(v, ev, lambda seen: v.t("fmt.colon", text=v.plus(seen)),
                             lambda zone: zone_name(zone, v.lang))


def _n_cross(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    cards = ev.get("cards") or []
    cps = [getattr(v.book.card_of(i), "cp", None) for i in cards]
    total = T("event.cross.total", cps="+".join(str(x) for x in cps), total=sum(cps)) \
        if cps and all(isinstance(x, int) for x in cps) else ""
    return v.say("event.cross", p, top=v.card(cards[0]) if cards else v.t("fmt.a_card"),
                 rest="".join(T("event.cross.rest", card=v.card(i)) for i in cards[1:]), total=total)


def _n_cross_end(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    return T("event.cross_end", whose=v.whose(p), cards=v.plus(v.card(i) for i in ev.get("cards") or []))


def _n_serve(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    r = ev.get("receiver")
    srv = v.card(ev.get("cast"))
    if r is None or r < 0:
        return v.say("event.serve.ikeike", p, server=srv)
    other = 1 - p if isinstance(p, int) else None
    return v.say("event.serve", p, server=srv, receiver=T("fmt.owned", whose=v.whose(other), card=v.card(r)))


def _n_help(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    card = event_card(v, ev)
    return v.say("event.help", p, card=card(), cp=ev.get("cp", 0))


def _n_cp_contest(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    ctx = ctx if ctx is not None else {}
    a, b = ev.get("server_cp", 0), ev.get("receiver_cp", 0)
    h = sum(getattr(v.book.card_of(i), "help_cp", 0) or 0 for i in ev.get("help") or [])
    rec = T("event.cp_contest.help", base=b - h, help=h) if h else str(b)
    side = "event.cp_contest.tie" if a == b else "event.cp_contest.server" if a > b else "event.cp_contest.receiver"
    w = ev.get("winner")
    win, lose = (ev.get("server"), ev.get("receiver")) if a >= b else (ev.get("receiver"), ev.get("server"))
    ctx["lost"] = lose
    loser_owner = 1 - w if isinstance(w, int) else None
    return T("event.cp_contest", server=a, receiver=rec, side=T(side),
             winner=T("fmt.owned", whose=v.whose(w), card=v.card(win)),
             loser=T("fmt.owned", whose=v.whose(loser_owner), card=v.card(lose)))


def _n_ikeike(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    cast = T("fmt.owned", whose=v.whose(p), card=v.card(ev.get("cast"))).strip()
    return T("event.ikeike", cast=_cap(cast) if v.lang != "ja" else cast,
             count=ev.get("call_in"))


def _n_call_in(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    why = ev.get("why")
    if why == "refresh" and isinstance(p, int):
        tail = T("event.call_in.refresh", whose=v.whose(1 - p))
    elif why == "leader":
        tail = T("event.call_in.leader")
    elif why == "effect":
        tail = v.source(src)
    else:
        tail = ""
    if ev.get("trigger"):
        text = _ability_bodies(v, ev.get("id"), "trigger")
        text = T("fmt.colon", text=text) if text else ""
        return v.say("event.call_in.trigger", p, card=card(), text=text, why=tail)
    return v.say("event.call_in", p, card=v.lv(ev.get("card"), ev.get("id")), seats=ev.get("seats"), why=tail)


def _n_cast_leaves(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    ctx = ctx if ctx is not None else {}
    cards = ev.get("cards") or []
    to = ev.get("to") or "backyard"
    lost = ctx.get("lost")
    if lost is not None and lost in cards:
        why = T("event.cast_leaves.lost")
        ctx["lost"] = None
    else:
        why = v.source(src)
    zone = zone_name(to, v.lang) + (T(f"event.move.{ev.get('position', 'top')}") if to == "deck" else "")
    return T("event.cast_leaves", whose=v.whose(p), cards=v.plus(v.card(i) for i in cards), zone=zone, why=why)


def _n_move(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    """A card moved by an effect (a selector's move: docs/cards.md K5)."""
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    dest = zone_name(ev.get("to"), v.lang)
    if ev.get("to") == "deck":
        dest += T(f"event.move.{ev.get('position', 'top')}")
    seats_now = T("event.move.seats", count=ev["seats"]) if "seats" in ev else ""
    src_zone = zone_name(ev.get("from"), v.lang)
    if ev.get("card") is None:  # between hidden zones: which card, a secret to this viewer
        return T("event.move.hidden", whose=v.whose(p), src=src_zone, dest=dest, seats=seats_now,
                 source=v.source(src))
    return T("event.move", card=card(), whose=v.whose(p), src=src_zone, dest=dest, seats=seats_now,
             source=v.source(src))


def _n_modify(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    amount = f"{ev.get('amount', 0):+d}"
    return T("event.modify", card=v.owned(ev.get("card")), amount=amount,
             stat=stat_name(ev.get("stat"), v.lang), source=v.source(src))


def _n_refresh(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    other = 1 - p if isinstance(p, int) else None
    call = T("event.refresh.call.you") if v.is_you(other) else T("event.refresh.call", who=v.who(other))
    return T("event.refresh", whose=v.whose(p), count=ev.get("cards"), call=call, refresh=term("refresh", v.lang))


def _n_pick(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    card = event_card(v, ev)
    return v.say("event.pick", p, card=card(), zone=zone_name(ev.get("from", "deck"), v.lang),
                 source=v.source(src))


def _n_close(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    return v.say("event.close", p, seats=ev.get("seats"))


def _n_trigger(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    """An ability with a when resolves (games/kemuri/triggers.py)."""
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    return T("event.trigger", whose=v.whose(p), card=card(),
             when=words().get(f"when.{ev.get('event')}", v.lang) or T("when.other"))


def _n_optional(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    """The answer to a "you may" (engine/effects.py)."""
    p = ev.get("player")
    T = v.t
    return T("event.optional.yes" if ev.get("use") else "event.optional.no", who=v.who(p),
             what=may_text(ev.get("op"), v.lang), card=v.card(ev.get("card")))


def _n_game_over(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    return T("event.game_over", result=result_text(ev.get("winner"), ev.get("reason"), v.viewer, v.lang, v.names))


#: the narrator of each event type
_NARRATORS: dict[str, Callable[..., str | None]] = {
    "leader": _n_leader, "first_player": prompts.said("event.first_player"), "draw": _n_draw,
    "mulligan": _n_mulligan, "turn_start": _n_turn_start, "phase": _n_phase,
    "charcoal_change": _n_charcoal_change, "leader_draw": _n_leader_draw, "place": _n_place, "pay": _n_pay,
    "event": _n_event, "event_removed": _n_event_removed, "support": _n_support, "trouble": _n_support,
    "charm": _n_charm, "activate": _n_activate, "mode": _n_mode, "look": _n_look, "look_rest": _n_look,
    "reveal": prompts.reveal_line, "break": prompts.said("event.break", card=True, source=True),
    "cross": _n_cross, "cross_end": _n_cross_end, "serve": _n_serve, "help": _n_help,
    "cp_contest": _n_cp_contest, "ikeike": _n_ikeike, "call_in": _n_call_in, "cast_leaves": _n_cast_leaves,
    "move": _n_move, "modify": _n_modify, "refresh": _n_refresh, "no_card": prompts.said("event.no_card"),
    "mill": prompts.said("event.mill", card=True, source=True), "pick": _n_pick, "close": _n_close,
    "trigger": _n_trigger, "optional": _n_optional, "game_over": _n_game_over,
}


def _narrate(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    """One event in words for the viewer of ``v`` (its narrator in ``_NARRATORS``); None for an
    event not worth a line (a shuffle) or one without words."""
    kind = ev.get("type")
    p = ev.get("player")
    T = v.t
    if kind in QUIET_EVENTS:
        return None
    fn = _NARRATORS.get(kind)
    if fn is not None:
        return fn(v, ev, src, ctx)
    return T(f"event.{kind}", who=v.who(p))


def _pay_why(v: Voice, why: Any, src: Any = None) -> str:
    if why == "lose_seats" and src:
        return v.t("pay_why.lose_seats_by", card=v.card(*src))
    return words().get(f"pay_why.{why}", v.lang) or v.t("pay_why.other")


narrate = prompts.narrate_with(Voice, _narrate)


def sources(events: Sequence[Mapping[str, Any]], src: Any = None) -> list[Any]:
    """For each event, the card (instance id, card id) whose effect caused it, or None: an effect
    event follows the event of the card that caused it (a trigger called in, a support, trouble,
    charm, ability or cast placed); ``src``: the card whose effect the first events continue."""
    out: list[Any] = []
    for ev in events:
        kind = ev.get("type")
        if kind in SOURCE_EVENTS:  # (a cast placed by an effect names that effect's card)
            out.append(src if kind == "place" and ev.get("why") == "effect" else None)
            src = (ev.get("card"), ev.get("id"))
            continue
        if kind == "event" and ev.get("why") == "effect":  # an event put on the field by an effect
            out.append(src)
            continue
        if kind == "call_in":
            caused = ev.get("why") == "effect"
            out.append(src if caused else None)
            if ev.get("trigger"):
                src = (ev.get("card"), ev.get("id"))
            elif not caused:
                src = None
            continue
        if kind == "pay":
            out.append(src if ev.get("why") == "lose_seats" else None)
            continue
        if kind in EFFECT_EVENTS:
            out.append(src)
            continue
        out.append(None)
        if kind not in NEUTRAL_EVENTS:
            src = None
    return out


def lines(events: Sequence[Mapping[str, Any]], viewer: int | None, lang: str = "en", cards: Any = None,
          names: Mapping[int, str] | None = None, action: Any = None, actor: int | None = None,
          step: bool = False, source: Any = None) -> list[str]:
    """The lines of several events for ``viewer``, summarised: a run of draws makes one line;
    payments followed by the cast they paid for make one line; an effect names the card that
    caused it; runs of identical lines fold into one ("... (x3)"). ``step``, ``action``, ``actor``
    and ``source``: as ``prompts.step_events`` (a cast placed after paying is not dropped: the
    payment line names it)."""
    v, events, srcs = prompts.step_events(Voice, events, viewer, lang, cards, names, sources, ECHO, action=action,
                                          actor=actor, step=step, source=source, first_only=("place",))
    ctx: dict[str, Any] = {}
    n = len(events)

    def line_at(i: int) -> tuple[str | None, int]:
        ev = events[i]
        kind = ev.get("type")
        if kind == "draw":
            line, j = v.draws(events, srcs, i)
            if j > i:
                return line, j
        if kind == "pay" and ev.get("why") == "cast":
            j = i
            while j < n and events[j].get("type") == "pay" and events[j].get("player") == ev.get("player"):
                j += 1
            nxt = events[j] if j < n else None
            c = v.book.find(nxt.get("id")) if nxt is not None else None
            paid = sum(e.get("level", 0) or 0 for e in events[i:j])
            if nxt is not None and nxt.get("type") == "place" and c is not None and paid >= c.cost:
                line = _narrate(v, nxt, srcs[j], ctx)
                over = paid - c.cost
                return v.finish(v.t("event.place.paid", line=line, cost=c.cost,
                                    cards=v.plus(v.lv(e.get("card")) for e in events[i:j]),
                                    over=v.t("event.place.over", count=over) if over > 0 else "")), j + 1
        return v.finish(_narrate(v, ev, srcs[i], ctx)), i + 1
    return prompts.told(events, line_at)


# --- prompts: who must decide what ----------------------------------------------------------------

def _filter_words(flt: Mapping[str, Any] | None, lang: str) -> str:
    """A filter in a prompt's words ("any card" for none)."""
    return t("filter.only", lang, parts=_filter_parts(flt, lang)) if flt else t("filter.any", lang)


def prompt(decision: Mapping[str, Any] | None, viewer: int | None, lang: str = "en",
           obs: Mapping[str, Any] | None = None, cards: Any = None,
           names: Mapping[int, str] | None = None, game: Any = None) -> str:
    """Who must decide what, for ``viewer``: ``decision`` is ``observe(viewer)["decision"]``;
    ``obs`` (that observation) adds what the choice is about (seats, the serving as it stands...);
    ``game`` what a payment is for."""
    return prompts.prompt_of(Voice, _ask, decision, viewer, lang, obs, cards, names, game=game)


def _ask(v: Voice, obs: Mapping[str, Any], decision: Mapping[str, Any], kind: Any, p: Any, game: Any = None) -> str:
    """``prompt`` of a decision: its ``kind``, decided by player ``p``."""
    T = v.t
    who = v.who(p)
    mine = v.is_you(p)
    players = obs.get("players") or []
    pv = players[p] if isinstance(p, int) and p < len(players) else {}
    seats = pv.get("seats", 0)
    goal = obs.get("close_seats") or GOAL
    key = f"decision.{kind}" if mine else f"decision.{kind}.other"
    if kind == "mulligan":
        if not mine:
            return T(key, who=who)
        pick = set(pv.get("mulligan_pick") or [])
        marked = [v.label(h) for h in pv.get("hand") or [] if h.get("iid") in pick]
        state = T("decision.mulligan.marked", cards=v.join(marked)) if marked else T("decision.mulligan.none")
        return T(key, who=who, state=state)
    if kind == "charcoal":
        return T(key, who=who, seats=seats, charcoal=term("charcoal_change", v.lang))
    if kind == "charcoal_in":
        picked = [v.lv(i) for i in decision.get("picked") or []]
        chosen = T("decision.charcoal_in.chosen", cards=v.plus(picked)) if picked and mine else ""
        return T(key, who=who, seat=v.lv(decision.get("seat")), chosen=chosen, count=decision.get("need", 0),
                 charcoal=term("charcoal_change", v.lang))
    if kind == "operation":
        bits = []
        if pv.get("leader") and pv["leader"].get("active"):
            bits.append(T("decision.operation.leader"))
        floor = sum(1 + len(c.get("cross") or []) for c in pv.get("floor") or [])
        bits.append(T("decision.operation.floor", count=floor, most=MAX_FLOOR))
        bits.append(T("decision.operation.event_used" if pv.get("event_used") else "decision.operation.event_free"))
        bits.append(T("decision.operation.support_used" if pv.get("support_used")
                      else "decision.operation.support_free"))
        return T(key, who=who, state=T("fmt.sep").join(bits), cross=term("flavour_cross", v.lang))
    if kind == "pay":
        amount = decision.get("amount", 0)
        ctx = pay_context(game) if game is not None else {}
        card = v.card(ctx.get("card"), ctx.get("id")) if ctx.get("card") is not None else None
        why = decision.get("why")
        if why == "cast" and card is not None:
            what = T("decision.pay.cast", card=card, cost=ctx.get("total"))
        elif why in ("remove_event", "activate", "lose_seats") and card is not None:
            what = T(f"decision.pay.{why}", card=card)
        else:
            what = words().get(f"pay_why.{why}", v.lang) or T("pay_why.other")
        total = ctx.get("total")
        more = T("decision.pay.more") if total is not None and amount < total else ""
        return T(key, who=who, amount=amount, more=more, why=what, seats=seats)
    if kind == "trouble":
        other = 1 - p if isinstance(p, int) else None
        return T(key, who=who, whose=v.whose(other), phase=phase_name("serving", v.lang, gloss=True))
    if kind == "serve":
        left = [c for c in pv.get("floor") or [] if not c.get("served")]
        serving = term("serving", v.lang)
        if not left:
            return T("decision.serve.none", who=who, serving=serving)
        other = 1 - p if isinstance(p, int) else None
        opp = players[other] if isinstance(other, int) and other < len(players) else {}
        if opp.get("floor"):
            text = T("decision.serve", who=who, whose=v.own(p), count=len(left), serving=serving)
        else:
            nobody = T("decision.serve.nobody.you") if v.is_you(other) else \
                T("decision.serve.nobody", other=v.who(other))
            text = T("decision.serve.ikeike", who=who, whose=v.own(p), count=len(left), serving=serving,
                     nobody=nobody, ikeike=term("ikeike", v.lang))
        if obs.get("turn") == 1 and p == obs.get("first_player"):
            text += T("decision.serve.first")
        return text
    if kind == "help":
        return T("decision.help", who=who, summary=help_summary(v, obs, p))
    if kind == "close":
        s = decision.get("seats", seats)
        if s < goal:
            return T("decision.close.charm" if mine else "decision.close.charm.other", who=who, seats=s, goal=goal)
        return T(key, who=who, seats=s, goal=goal)
    if kind == "optional":
        return T("decision.optional", who=who, card=v.card(decision.get("source")),
                 what=may_text(decision.get("op"), v.lang))
    if kind == "target_hidden" and "source" not in decision:  # another player's choice among their hand
        return T("decision.target_hidden.other", who=who, whose=v.own(p))
    if kind in ("target", "target_hidden"):
        op = decision.get("op")
        to = decision.get("to")
        if op == "pay":  # a cost paid with chosen cards (games/kemuri/costs.py)
            what = T("effect.pay_to", zone=zone_name(to, v.lang)) if to else T("effect.pay")
        elif op == "move" and to:
            what = T("effect.move_to", zone=zone_name(to, v.lang))
        else:
            what = words().get(f"effect.{op}", v.lang) or T("effect.other")
        # (without "remaining": one cast, as the old target names choose)
        return prompts.target_prompt(v, who, decision, what, several="decision.target.card")
    if kind == "choose_mode":
        return prompts.choose_mode_prompt(v, who, decision)
    if kind in ("look_take", "look_order"):
        return prompts.look_prompt(v, who, kind, decision, lambda zone: zone_name(zone, v.lang))
    if kind == "pick_card":
        zone = zone_name(decision.get("zone", "deck"), v.lang)
        if "zone" not in decision:  # another player's search: which cards, a secret
            return T("decision.pick_card.other", who=who, whose=v.own(p))
        what = t("filter.table", v.lang) if decision.get("filtered") else _filter_words(decision.get("filter"), v.lang)
        return T("decision.pick_card", who=who, whose=v.own(p), zone=zone, what=what)
    return T("decision.other", who=who)


def help_summary(v: Voice, obs: Mapping[str, Any], p: Any) -> str:
    """The serving as the receiver sees it: who serves whom, the CPs, who wins as things stand."""
    T = v.t
    got = contest(obs)
    if got is None or got[0] is None or got[1] is None:
        return T("decision.help.plain", help=term("help", v.lang))
    server, recv, a, b, h = got
    total = b + h
    mine = v.is_you(p)
    state = T("decision.help.now", server=a, receiver=b, help=T("decision.help.added", cp=h) if h else "")
    if total > a:
        state += T("decision.help.wins", whose=v.own(p))
    else:
        state += T("decision.help.loses", whose=v.own(p), count=a - total + 1)
    return T("decision.help.summary" if mine else "decision.help.summary.other", server=v.cast(server),
             receiver=v.cast(recv), shift=shift_name(recv.get("shift"), v.lang, short=True), state=state)


# --- why an option is missing -----------------------------------------------------------------------

def why_not(game: Any, viewer: int | None, lang: str = "en") -> list[str]:
    """For the current decision, a line for each thing ``viewer`` might expect to do but cannot,
    with the reason: a cast that cannot be placed (not enough seats, the floor is full), an event
    or support when one was used this turn, a trouble outside its window, the leader locked, the
    charm at another timing, a cast that cannot serve, a seat that cannot be swapped, a help card
    of the other shift, no close with too few seats. The rules give the reasons
    (``rules.unavailable``: games/kemuri/reasons.py); this phrases them, each line once."""
    s = game.state
    legal = game.legal_actions() if not s.over and s.decision is not None else []
    v = Voice(viewer, _lang(lang), CardBook.for_game(game, viewer))
    return prompts.once(_reason_line(v, s.cards, r) for r in game.rules.unavailable(s, viewer, legal))


def _reason_line(v: Voice, cards: Sequence[Any], r: Any) -> str:
    """One reason as a line: "<card>: <why>", or the words of a reason about the decision."""
    T, p = v.t, dict(r.params)
    if r.key == "not_yours":
        return T("why.not_yours", who=v.who(p["who"]))
    if r.key == "charm_timing":
        p["timing"] = timing_name(p["timing"], v.lang)
    elif r.key == "help_shift":
        p = {k: shift_name(x, v.lang, short=True) for k, x in p.items()}
    elif r.key in ("ability_used", "ability_used_game", "ability_seats"):
        p.pop("ability")
    why = T(f"why.{r.key}", **p)
    if r.card is None:
        return why if v.lang == "ja" else _cap(why)
    return T("why.line", card=v.label(cards[r.card]), why=why)


# --- the rules primer ----------------------------------------------------------------------------------

PRIMER = ("goal", "setup", "turn", "operation", "serving", "call_in", "seats", "cross", "cards", "refresh")
#: the terms of the primer, in the order a player meets them
PRIMER_TERMS = ("leader", "cast", "customer", "seating", "seats", "level", "backyard", "floor", "mulligan",
                "first_player", "active", "locked", "charcoal_change", "operation", "serving", "cp", "cp_contest",
                "call_in", "ikeike", "help", "early", "late", "trigger", "cost", "flavour_cross", "event",
                "removal_cost", "support", "trouble", "charm", "refresh", "close")


def rules_primer(lang: str = "en") -> str:
    """The rules in short for a player (how to win, the set-up, a turn, the serving and its
    call-ins, seats and costs, the flavour cross, the kinds of cards, the refresh), then the game's
    terms (in English each with its Japanese word)."""
    lang = _lang(lang)
    w = words()
    parts = prompts.primer_head(w, lang, PRIMER)
    keys = prompts.primer_terms(w, PRIMER_TERMS)
    if lang == "en":
        parts += [f"  {_cap(w.term(f'term.{k}', lang))}" for k in keys]
    else:  # the Japanese term with the English word
        parts += [f"  {t('rules.term_ja', lang, term=t(f'term.{k}', 'ja'), en=t(f'term.{k}', 'en'))}" for k in keys]
    return "\n".join(parts)


__all__ = ["CardBook", "GAME", "QUIET_EVENTS", "Voice", "ability_body", "ability_text",
           "card_text", "contest", "decision_source", "describe", "fold",
           "help_summary", "hidden_label", "kind_name", "label", "lines", "menu", "narrate", "noop_swap",
           "op_text", "pay_context", "phase_name", "prompt", "reason_text", "result_text", "rules_primer",
           "shift_name", "sources", "stat_name", "t", "term", "timing_name", "who", "why_not", "words",
           "zone_name"]
