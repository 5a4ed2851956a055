"""Text board of けむりちゅーどく (Kemuri Chuudoku) for the terminal, drawn with rich.

It reads the observation dict of ``game.observe(player)`` (see games/kemuri/view.py), the public
card database (``game.rules.cards``) for printed numbers and texts, and the events it is shown.

What a player sees:

* a header: turn, phase, whose turn, both players' seats as a big "SEATS 11 / 16" with a bar
  (16 cells, green once the close is possible) and the pending decision in words;
* each player's panel: seats, the leader (person, active/locked, charm used or not and its
  timing), deck / hand / backyard counts and refreshes, the seating zone (cards with their
  levels), the floor (up to 3 casts: shift 早番/遅番, CP now against printed, call-in, served this
  turn; a flavour cross is one row, top card first, with its summed CP) and, for you, your hand
  (kind, level, cost, shift, CP, call-in, help shift/CP, ⚡ for a trigger);
* the shared event (owner, effect, removal cost) and, during a serving, the server against the
  receiver with both CPs, the help cards played and who wins so far.

Options read as sentences ("Swap out seat X (Lv2) · then choose hand cards of total level 2",
"Swap in A (Lv1) for seat X · 1 more level to choose", "Pay with X (Lv2) · 1
more to pay", "Serve with X (CP 5) → Y (CP 3): 5 vs 3 …", "★ CLOSE …"), copies of one card are
folded into one option, and events are summarised ("called in X → seat, seats 9",
"CP 5 vs 4+2 help → receiver wins", refreshes and the call-in they give the opponent)."""
from __future__ import annotations

import functools
import itertools
import re
from typing import Any, Iterable, Mapping, Sequence

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import GenericRenderer, card_label
from .board_base import BoardRenderer

SHIFT_JA = {"early": "早番", "late": "遅番"}
KIND_EN = {"cast": "cast", "event": "event", "support": "support", "trouble": "trouble", "leader": "leader"}
KIND_JA = {"cast": "キャスト", "event": "イベント", "support": "サポート", "trouble": "トラブル", "leader": "リーダー"}
PHASES = {"setup": "set-up", "draw": "draw phase", "charcoal": "charcoal change 炭替え",
          "operation": "operation phase", "serving": "serving phase お給仕", "end": "end phase"}
TIMING_EN = {"operation": "operation phase", "help": "help step, when a cast of theirs is served"}
REASONS = {"close": "closed with 16 or more seats", "concede": "concession", "decision cap": "decision cap"}
WHY_PAY = {"cast": "placing a cast", "remove_event": "removing the event", "lose_seats": "an effect: seats lost"}
WHY_CALL = {"serve": "", "leader": " (leader draw: same person on the floor)",
            "refresh": " (for the opponent's refresh)", "effect": ""}
ABILITY_EN = {"trigger": "⚡Trigger", "static": "Static", "on_place": "On place", "use": "Use", "charm": "Charm"}
ABILITY_JA = {"trigger": "⚡トリガー", "static": "常時", "on_place": "配置時", "use": "使用", "charm": "おまじない"}
TARGETS = {"self": "this cast", "same": "it", "serving_cast": "the serving cast",
           "receiving_cast": "the receiving cast", "choose_own_cast": "one of your casts",
           "choose_opponent_cast": "one opposing cast", "all_own_casts": "your casts",
           "all_opponent_casts": "the opponent's casts", "all_casts": "all casts",
           "own_leader": "your leader", "opponent_leader": "the opponent's leader"}


def shift_name(shift: Any, lang: str = "en", short: bool = False) -> str:
    if not shift:
        return ""
    ja = SHIFT_JA.get(shift, str(shift))
    if lang == "ja" or short:
        return ja
    return f"{ja} {shift}"


def seats_style(seats: int, goal: int) -> str:
    if seats >= goal:
        return "bold white on dark_green"
    if seats >= goal * 3 // 4:
        return "bold black on yellow"
    return "bold white on blue"


# --- effect texts ------------------------------------------------------------------------------

def _filter_text(flt: Mapping[str, Any] | None) -> str:
    if not flt:
        return ""
    parts = []
    for k, v in flt.items():
        if k == "shift":
            parts.append(f"{shift_name(v)}")
        elif k == "level":
            parts.append(f"Lv{v}")
        else:
            parts.append(f"{k} {v}")
    return " (" + ", ".join(parts) + " only)"


def op_text(op: Any) -> str:
    """One effect operation in English words ("draw 2", "the opponent's casts get -2 CP")."""
    name = getattr(op, "name", "?")
    a = dict(getattr(op, "args", {}) or {})
    n = a.get("amount")
    opp = a.get("player") == "opponent"
    if name == "draw":
        return ("the opponent draws " if opp else "draw ") + str(n or 1)
    if name == "call_in":
        return ("the opponent calls in " if opp else "call in ") + str(n or 1)
    if name == "modify":
        stat = "CP" if a.get("stat") == "cp" else "call-in"
        tgt = TARGETS.get(a.get("target"), str(a.get("target")))
        when = "" if a.get("duration") == "static" else " this turn"
        verb = "gets" if a.get("target") in ("self", "same", "serving_cast", "receiving_cast",
                                              "choose_own_cast", "choose_opponent_cast") else "get"
        return f"{tgt}{_filter_text(a.get('filter'))} {verb} {n:+d} {stat}{when}"
    if name == "destroy":
        return f"send {TARGETS.get(a.get('target'), a.get('target'))} to the backyard"
    if name == "move":
        return f"return {TARGETS.get(a.get('target'), a.get('target'))} to its owner's {a.get('to')}"
    if name == "mill":
        who = "the opponent puts" if opp else "put"
        return f"{who} the top {n or 1} of the deck into the backyard"
    if name == "shuffle":
        return "the opponent shuffles the deck" if opp else "shuffle your deck"
    if name == "search":
        return f"search your deck for a card{_filter_text(a.get('filter'))} and take it"
    if name == "salvage":
        return f"take a card{_filter_text(a.get('filter'))} from your backyard"
    if name == "set_state":
        return f"{TARGETS.get(a.get('target'), a.get('target'))} becomes {a.get('state')}"
    if name == "lose_seats":
        return ("the opponent loses " if a.get("player", "opponent") == "opponent" else "you lose ") + \
            f"{n} seats (paid from the seating zone)"
    if name == "remove_event":
        return "remove the event"
    args = ", ".join(f"{k}={v}" for k, v in a.items() if v is not None)
    return f"{name}({args})"


def ability_text(ab: Any, lang: str = "en") -> str:
    """An ability as printed (its text) or, without one, summarised: "⚡Trigger: draw 1"."""
    text = getattr(ab, "text", "") if lang == "ja" else (getattr(ab, "text_en", "") or getattr(ab, "text", ""))
    if text:
        return text
    kind = getattr(ab, "kind", "")
    head = (ABILITY_JA if lang == "ja" else ABILITY_EN).get(kind, kind)
    if kind == "charm" and getattr(ab, "timing", None):
        head += f" ({TIMING_EN.get(ab.timing, ab.timing)})" if lang != "ja" else f"（{ab.timing}）"
    ops = "; ".join(op_text(op) for op in getattr(ab, "effects", ()) or ())
    return f"{head}: {ops}"


def kemuri_card_text(card: Any, lang: str = "en") -> str:
    """The printed card text; for cards without one, the abilities in words."""
    if card is None:
        return ""
    text = getattr(card, "text", "") if lang == "ja" else (getattr(card, "text_en", "") or getattr(card, "text", ""))
    if text:
        return text
    return "\n".join(ability_text(ab, lang) for ab in getattr(card, "abilities", ()) or ())


# --- tcg cards ---------------------------------------------------------------------------------

def card_columns(lang: str) -> list[tuple[str, Any, dict]]:
    """The columns of ``tcg cards kemuri``."""
    def kind(c) -> str:
        k = getattr(c, "kind", "")
        return (KIND_JA if lang == "ja" else KIND_EN).get(k, k)

    def is_cast(c) -> bool:
        return getattr(c, "kind", "") == "cast"

    def help_(c) -> str:
        hs = getattr(c, "help_shift", None)
        return f"{shift_name(hs, lang, short=True)} +{c.help_cp}" if hs else ""

    def charm(c) -> str:
        if getattr(c, "kind", "") != "leader":
            return ""
        ab = next((a for a in c.abilities if a.kind == "charm"), None)
        return (ab.timing or "") if ab is not None else ""
    return [
        ("Id", lambda c: c.id, {"no_wrap": True, "style": "bold"}),
        ("Kind", kind, {"no_wrap": True}),
        ("Name", lambda c: card_label(c, lang), {"ratio": 2}),
        ("Lv", lambda c: str(c.level) if getattr(c, "kind", "") != "leader" and c.level else "",
         {"justify": "right"}),
        ("Cost", lambda c: str(c.cost) if is_cast(c) else "", {"justify": "right"}),
        ("Shift", lambda c: shift_name(c.shift, lang, short=True) if is_cast(c) else "", {"no_wrap": True}),
        ("CP", lambda c: str(c.cp) if is_cast(c) else "", {"justify": "right"}),
        ("Call-in", lambda c: f"×{c.call_in}" if is_cast(c) else "", {"justify": "right", "no_wrap": True}),
        ("Help", help_, {"no_wrap": True}),
        ("Removal", lambda c: str(c.removal_cost) if getattr(c, "kind", "") == "event" else "",
         {"justify": "right"}),
        ("Person", lambda c: getattr(c, "person", "") or "", {"max_width": 16}),
        ("Charm", charm, {"no_wrap": True}),
        ("Trig", lambda c: "⚡" if getattr(c, "has_trigger", False) else "", {"no_wrap": True}),
        ("Text / abilities", lambda c: kemuri_card_text(c, lang), {"ratio": 3}),
    ]


def card_facts(card: Any, lang: str) -> list[str]:
    """Facts line on narrow terminals: "cast · Lv2 · cost 1 · 遅番 · CP 5 ×2 · help 遅番 +2"."""
    get = {h: g for h, g, _ in card_columns(lang)}
    out = [get["Kind"](card)]
    if get["Lv"](card):
        out.append(f"Lv{get['Lv'](card)}")
    if get["Cost"](card):
        out.append(f"cost {get['Cost'](card)}")
    if get["Shift"](card):
        out.append(get["Shift"](card))
    if get["CP"](card):
        out.append(f"CP {get['CP'](card)} {get['Call-in'](card)}")
    if get["Help"](card):
        out.append(f"help {get['Help'](card)}")
    if get["Removal"](card):
        out.append(f"removal cost {get['Removal'](card)}")
    if get["Charm"](card):
        out.append(f"charm: {get['Charm'](card)}")
    if get["Person"](card):
        out.append(get["Person"](card))
    if get["Trig"](card):
        out.append("⚡ trigger")
    return out


class _SideBySide:
    """Lines shown side by side when the terminal is wide enough, else one under the other."""

    def __init__(self, parts: Sequence[Text], gap: int = 4):
        self.parts, self.gap = list(parts), gap

    def __rich_console__(self, console, options):
        joined = Text(" " * self.gap).join(self.parts)
        if joined.cell_len <= options.max_width:
            yield joined
        else:
            yield from self.parts


# --- the renderer --------------------------------------------------------------------------------

class Renderer(BoardRenderer):
    #: the cards marked for a mulligan are the player's secret
    hidden_actions = frozenset({"mulligan_mark"})

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        rules = getattr(game, "rules", None)
        try:
            self.goal = int(rules.profile.get("win.close_seats")) if rules is not None else 16
        except Exception:  # noqa: BLE001
            self.goal = 16
        self._obs_cache: tuple[Any, Any, dict] | None = None
        self._help_cp: dict[int, int] = {}  # help card iid -> CP it added (for the contest line)
        self._refreshed = -1

    # --- card helpers ----------------------------------------------------------------------
    facts = staticmethod(card_facts)

    def card_text_of(self, card: Any) -> str:
        return kemuri_card_text(card, self.lang)

    def remember(self, obs: Mapping[str, Any]) -> None:
        """Learn the names (and owners) of every card visible in ``obs`` (to name cards in events)."""
        def walk(x: Any, owner: Any) -> None:
            if isinstance(x, dict):
                if isinstance(x.get("iid"), int) and "name" in x:
                    known = {k: x.get(k) for k in ("iid", "id", "name", "name_en", "level")}
                    if owner is not None:
                        known["owner"] = owner
                    elif "owner" in x:
                        known["owner"] = x["owner"]
                    self._known[x["iid"]] = known
                for v in x.values():
                    walk(v, owner)
            elif isinstance(x, list):
                for v in x:
                    walk(v, owner)
        for pv in obs.get("players") or []:
            walk(pv, pv.get("player"))
        walk({k: v for k, v in obs.items() if k != "players"}, None)

    def owned(self, iid: Any) -> str:
        """ "Opponent's Name" / "your Name" when the owner is known, else the name."""
        owner = (self._known.get(iid) or {}).get("owner") if isinstance(iid, int) else None
        if owner is None:
            return self.name_of(iid)
        return f"{self.poss(owner)} {self.name_of(iid)}"

    def learn(self, iid: Any, cid: Any) -> None:
        if isinstance(iid, int) and isinstance(cid, str) and iid not in self._known:
            c = self.card(cid)
            if c is not None:
                self._known[iid] = {"iid": iid, "id": cid, "name": c.name, "name_en": c.name_en, "level": c.level}

    def printed(self, iid: Any):
        """The printed card of an instance id, if its id is known."""
        v = self._known.get(iid) if isinstance(iid, int) else None
        return self.card(v.get("id")) if v else None

    def _refresh(self) -> None:
        """Learn the cards the viewer can see now (once per log length): an event that names a
        card only by its instance (a charcoal change) is shown right after it happened, when the
        card is in a public zone."""
        game = self.game
        try:
            mark = len(game.log)
            if self._refreshed == mark:
                return
            self._refreshed = mark
            self.remember(game.observe(self.viewer))
        except Exception:  # noqa: BLE001 - a renderer must never break the game
            pass

    def name_of(self, iid: Any, cid: Any = None) -> str:
        if isinstance(cid, str):
            c = self.card(cid)
            if c is not None:
                return self.label({"name": c.name, "name_en": c.name_en})
        if isinstance(iid, int) and iid not in self._known:
            self._refresh()
        if isinstance(iid, int) and iid in self._known:
            return self.label(self._known[iid])
        return "a card" if iid is None else "an unknown card"

    def lv_name(self, iid: Any, cid: Any = None) -> str:
        """ "Name (Lv2)"."""
        if isinstance(iid, int) and iid not in self._known and not isinstance(cid, str):
            self._refresh()
        c = self.card(cid) if isinstance(cid, str) else self.printed(iid)
        lv = getattr(c, "level", None) if c is not None else (self._known.get(iid) or {}).get("level")
        return self.name_of(iid, cid) + (f" (Lv{lv})" if lv else "")

    def poss(self, player: Any) -> str:
        """Possessive inside a sentence: "your", "Opponent's", "P1's"."""
        w = self.whose(player)
        return "your" if w == "Your" else w

    def verb(self, player: Any, base: str, third: str | None = None) -> str:
        """ "You draw" / "Opponent draws"."""
        return base if self.who(player) == "You" else (third or base + "s")

    def kind_name(self, kind: Any) -> str:
        return (KIND_JA if self.lang == "ja" else KIND_EN).get(kind or "", str(kind or "?"))

    @staticmethod
    def grouped_names(names: Iterable[str]) -> list[str]:
        counts: dict[str, int] = {}
        for n in names:
            counts[n] = counts.get(n, 0) + 1
        return [k if n == 1 else f"{k} x{n}" for k, n in counts.items()]

    # --- observation helpers ---------------------------------------------------------------
    @staticmethod
    def _casts(obs: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
        """Every cast on a floor by the iid of its top card, with its owner and position."""
        out = {}
        for pv in obs.get("players") or []:
            for k, c in enumerate(pv.get("floor") or [], 1):
                out[c["iid"]] = {**c, "owner": pv.get("player"), "pos": k}
        return out

    def cast_short(self, c: Mapping[str, Any], own: bool = False, shift: bool = True) -> str:
        """ "Opponent's Cast7 (遅番 CP 5)"; a cross "Cast7+Cast1 (cross, CP 8)"."""
        name = self.label(c)
        if c.get("cross"):
            name += "+" + "+".join(self.label(x) for x in c["cross"])
        who = "" if own else f"{self.poss(c.get('owner'))} "
        bits = []
        if shift and c.get("shift"):
            bits.append(shift_name(c.get("shift"), self.lang, short=True))
        if c.get("cross"):
            bits.append("cross")
        bits.append(f"CP {c.get('cp_now', c.get('cp'))}")
        return f"{who}{name} ({' '.join(bits)})"

    # --- the board -------------------------------------------------------------------------
    def board(self, obs: Mapping[str, Any]):
        self.remember(obs)
        self.goal = obs.get("close_seats") or self.goal
        players = obs.get("players") or []
        viewer = obs.get("viewer")
        order = list(range(len(players)))
        if viewer in order:  # the viewer at the bottom, like sitting at the table
            order.remove(viewer)
            order.append(viewer)
        else:
            order.reverse()
        parts: list[Any] = [self.header(obs)]
        for n, p in enumerate(order):
            parts.append(self.player_panel(players[p], obs))
            if n == 0:
                parts.append(self.shared(obs))
        return Group(*parts)

    def seats_text(self, seats: int, big: bool = True) -> Text:
        goal = self.goal
        t = Text()
        t.append(f" SEATS {seats:>2} / {goal} " if big else f" seats {seats}/{goal} ", style=seats_style(seats, goal))
        t.append(" ")
        filled = max(0, min(goal, seats))
        color = "green" if seats >= goal else "yellow" if seats >= goal * 3 // 4 else "blue"
        t.append("█" * filled, style=color)
        t.append("░" * (goal - filled), style="bright_black")
        if seats > goal:
            t.append(f" +{seats - goal}", style="bold green")
        return t

    def header(self, obs: Mapping[str, Any]) -> Group:
        t = Text()
        turn = obs.get("turn", 0)
        t.append(f"Turn {turn}" if turn else "Before the first turn", style="bold")
        phase = obs.get("phase")
        t.append(" · ")
        t.append(PHASES.get(phase, str(phase)).upper(), style="bold magenta")
        if turn:
            active = obs.get("active")
            t.append(" · ")
            t.append(f"{self.whose(active)} turn", style="bold cyan" if active == obs.get("viewer") else "bold yellow")
            if turn == 1:
                t.append(" (first turn: no charcoal change, no charm, one serving)", style="dim")
        if obs.get("first_player") is not None:
            t.append(f" · first player: {self.who(obs.get('first_player'))}", style="dim")
        players = obs.get("players") or []
        viewer = obs.get("viewer")
        order = [p for p in range(len(players)) if p == viewer] + [p for p in range(len(players)) if p != viewer]
        seats = []
        for p in order:
            s = Text()
            s.append(f"{self.who(p):<8} ", style="bold cyan" if p == viewer else "bold")
            s.append_text(self.seats_text(players[p].get("seats", 0)))
            seats.append(s)
        d = Text()
        if obs.get("result"):
            r = obs["result"]
            d.append("Game over: ", style="bold")
            d.append("draw" if r.get("winner") is None else f"{self.who(r.get('winner'))} won")
            d.append(f" ({self.reason_text(r.get('reason'))})")
        else:
            kind = (obs.get("decision") or {}).get("kind")
            d.append("Decision: ", style="bold")
            d.append(self.decision_text(obs), style="bold green" if kind == "close" else "")
        return Group(t, _SideBySide(seats), d)

    # --- decisions -------------------------------------------------------------------------
    def _pay_context(self) -> tuple[str, int | None]:
        """What the pending payment is for (the last action that was not a payment) and its
        total, when known."""
        game = self.game
        try:
            acts = game.actions
        except Exception:  # noqa: BLE001
            return "", None
        for entry in reversed(acts):
            body = entry.get("action") or {}
            t = body.get("type")
            if t == "pay":
                continue
            if t == "place":
                iid = body.get("card")
                c = self.printed(iid)
                return (f"placing {self.name_of(iid)}" + (f", cost {c.cost}" if c is not None else ""),
                        c.cost if c is not None else None)
            if t == "remove_event":
                return "removing the event", None
            return "", None
        return "", None

    @staticmethod
    def best_payment(levels: Iterable[int], amount: int) -> int | None:
        """The smallest total of some of ``levels`` that pays ``amount`` (None: not enough)."""
        sums = {0}
        for lv in levels:
            sums |= {s + lv for s in sums}
        ok = [s for s in sums if s >= amount]
        return min(ok) if ok else None

    def decision_text(self, obs: Mapping[str, Any]) -> str:
        d = obs.get("decision")
        if not d:
            return "none"
        kind = d.get("kind")
        p = d.get("player")
        who = self.who(p)
        mine = p == obs.get("viewer")
        players = obs.get("players") or []
        pv = players[p] if isinstance(p, int) and p < len(players) else {}
        seats = pv.get("seats", 0)
        if kind == "mulligan":
            if not mine:
                return f"{who} — mulligan (once, optional)"
            marked = [self.label(h) for h in pv.get("hand") or [] if h.get("iid") in (pv.get("mulligan_pick") or [])]
            text = (f"{who} — mulligan (once, optional): mark cards to put into the backyard, then finish "
                    "to draw as many")
            return text + (f" · marked: {', '.join(marked)}" if marked else " · nothing marked (finish = keep)")
        if kind == "charcoal":
            return (f"{who} — charcoal change 炭替え: choose a seating card to swap out, then hand cards of "
                    f"the same total level, as often as you like (seats stay {seats}; a card swapped in "
                    "stays for this phase); then end the phase")
        if kind == "charcoal_in":
            picked = [self.lv_name(i) for i in d.get("picked") or []]
            need = d.get("need", 0)
            return (f"{who} — charcoal change 炭替え: hand cards for seat {self.lv_name(d.get('seat'))}"
                    + (f" · chosen: {' + '.join(picked)}" if picked else "")
                    + f" · {need} more level{'s' if need != 1 else ''} to choose")
        if kind == "operation":
            bits = []
            if pv.get("leader") and pv["leader"].get("active"):
                bits.append("leader active (lock it: draw 1)")
            floor = sum(1 + len(c.get("cross") or []) for c in pv.get("floor") or [])
            bits.append(f"floor {floor}/3")
            bits.append("event used" if pv.get("event_used") else "1 event")
            bits.append("support used" if pv.get("support_used") else "1 support")
            return (f"{who} — operation phase: place casts (cost paid from seats), events, supports, "
                    f"flavour crosses · " + " · ".join(bits))
        if kind == "pay":
            amount = d.get("amount", 0)
            why, total = self._pay_context()
            why = why or WHY_PAY.get(d.get("why"), str(d.get("why") or ""))
            more = " more" if total is not None and amount < total else ""
            return (f"{who} — pay {amount}{more} ({why}): send seating cards to the backyard, each pays its "
                    f"level; any excess is lost · seats {seats}")
        if kind == "trouble":
            return (f"{who} — {self.poss(1 - p) if isinstance(p, int) else 'the'} serving phase starts: "
                    "use one trouble card, or pass")
        if kind == "serve":
            left = [c for c in pv.get("floor") or [] if not c.get("served")]
            if not left:
                return f"{who} — serving: no cast left to serve; end serving"
            first = obs.get("turn") == 1 and p == obs.get("first_player")
            other = players[1 - p] if isinstance(p, int) and len(players) == 2 else {}
            if other.get("floor"):
                text = (f"{who} — serving: choose one of {'your' if mine else 'their'} casts that has not served "
                        f"({len(left)} left) and the opposing cast to receive; higher CP wins, a tie goes to the "
                        "server; the server calls in either way")
            else:
                text = (f"{who} — serving: choose one of {'your' if mine else 'their'} casts that has not served "
                        f"({len(left)} left); {self.who(1 - p)} {'have' if self.who(1 - p) == 'You' else 'has'} "
                        "no cast to receive: イケイケ, call-in +1")
            if first:
                text += " · first turn: only one serving"
            return text
        if kind == "help":
            return f"{who} — " + self.help_summary(obs, p)
        if kind == "close":
            s = d.get("seats", seats)
            if mine:
                return f"★ {who} — {s} seats ≥ {self.goal}: CLOSE with your leader now to WIN (or end the turn)"
            return f"{who} — {s} seats ≥ {self.goal}: may close with the leader and win"
        if kind == "target":
            return f"{who} — choose a target for {self.name_of(d.get('source'))} ({d.get('op', 'effect')})"
        if kind == "pick_card":
            zone = d.get("zone", "deck")
            flt = d.get("filter") or {}
            what = ", ".join(f"{k} {v}" for k, v in flt.items()) or "any card"
            return f"{who} — take a card from {'your' if mine else 'their'} {zone} ({what}) into the hand"
        return super().decision_text(obs)

    def contest(self, obs: Mapping[str, Any]) -> tuple[Any, Any, int, int, int] | None:
        """(server view, receiver view, server CP, receiver CP before help, help CP) now."""
        sv = obs.get("serving")
        if not sv:
            return None
        casts = self._casts(obs)
        server = casts.get(sv.get("server"))
        recv = casts.get(sv.get("receiver"))
        help_cp = sum(h.get("help_cp", 0) or 0 for h in sv.get("help") or [])
        a = server.get("cp_now", 0) if server else 0
        b = recv.get("cp_now", 0) if recv else 0
        return server, recv, a, b, help_cp

    def help_summary(self, obs: Mapping[str, Any], p: Any) -> str:
        got = self.contest(obs)
        if got is None:
            return "help"
        server, recv, a, b, h = got
        if server is None or recv is None:
            return "help"
        mine = p == obs.get("viewer")
        shift = recv.get("shift")
        total = b + h
        text = (f"{self.cast_short(server)} serves {self.cast_short(recv)}: "
                f"{'play' if mine else 'may play'} {shift_name(shift, self.lang, short=True)} help cards "
                f"(ヘルプ出勤) to add CP · now {a} vs {b}" + (f"+{h} help" if h else ""))
        if total > a:
            text += f" → {self.poss(p)} cast wins"
        else:
            text += f" → {self.poss(p)} cast loses unless +{a - total + 1} more (a tie goes to the server)"
        return text

    # --- player panels -----------------------------------------------------------------------
    def leader_text(self, pv: Mapping[str, Any]) -> Text:
        ld = pv.get("leader")
        t = Text()
        t.append("Leader ", style="bold")
        if not ld:
            return t.append("none", style="dim")
        t.append(self.label(ld), style="bold")
        if ld.get("person") and ld["person"] not in str(ld.get("name", "")):
            t.append(f" ({ld['person']})", style="dim")
        t.append(" · ")
        t.append("ACTIVE" if ld.get("active") else "locked", style="bold green" if ld.get("active") else "bright_black")
        t.append(" · charm ")
        if ld.get("charm_used"):
            t.append("used", style="bright_black")
        else:
            t.append("unused", style="bold magenta")
        timing = ld.get("charm_timing")
        if timing:
            t.append(f" (timing: {TIMING_EN.get(timing, timing)})", style="dim")
        return t

    def player_panel(self, pv: Mapping[str, Any], obs: Mapping[str, Any]) -> Panel:
        p = pv.get("player")
        mine = obs.get("viewer") == p
        rows: list[Any] = []
        seats = pv.get("seats", 0)
        top = self.seats_text(seats)
        ld = pv.get("leader") or {}
        result = obs.get("result") or {}
        if result and result.get("winner") == p and result.get("reason") == "close":
            top.append("  ★ CLOSED: the café is full", style="bold green")
        elif seats >= self.goal and ld.get("active"):
            top.append("  ★ can close at " + ("your" if mine else "their") + " end phase", style="bold green")
        elif seats >= self.goal:
            top.append("  ★ enough seats, but the leader is locked: no close until it is active again",
                       style="bold yellow")
        else:
            top.append(f"  {self.goal - seats} to go", style="dim")
        rows.append(top)
        rows.append(self.leader_text(pv))
        t = Text()
        t.append("Deck ", style="bold")
        t.append(str(pv.get("deck")))
        t.append("   Hand ", style="bold")
        t.append(str(pv.get("hand_count")))
        back = pv.get("backyard") or []
        t.append("   Backyard ", style="bold")
        t.append(str(len(back)))
        if back:
            t.append(f" (top: {self.label(back[-1])})", style="dim")
        t.append("   Refreshes ", style="bold")
        t.append(str(pv.get("refreshes", 0)))
        rows.append(t)
        rows.append(self.seating_text(pv.get("seating") or []))
        floor = pv.get("floor") or []
        if floor:
            rows.append(self.floor_table(floor, obs, p))
        else:
            rows.append(Text("Floor 0/3: no casts", style="dim"))
        resolving = pv.get("resolving") or []
        if resolving:
            rows.append(Text.assemble(("Resolving: ", "bold"), ", ".join(self.label(x) for x in resolving)))
        if mine and pv.get("hand") is not None:
            rows.append(self.hand_table(pv.get("hand") or [], set(pv.get("mulligan_pick") or [])))
        who = self.who(p)
        title = f"{who} · P{p}" if not who.startswith(f"P{p}") else who
        title += f" · seats {seats}/{self.goal}"
        if obs.get("active") == p and obs.get("turn"):
            title += " · their turn" if not mine else " · your turn"
            title += " · event " + ("used" if pv.get("event_used") else "free")
            title += " · support " + ("used" if pv.get("support_used") else "free")
        return Panel(Group(*rows), title=title, title_align="left", border_style="cyan" if mine else "white")

    def seating_text(self, seating: list[Mapping[str, Any]]) -> Text:
        t = Text()
        n = len(seating)
        t.append(f"Seating zone ({n} card{'s' if n != 1 else ''}): ", style="bold")
        if not seating:
            return t.append("empty", style="dim")
        levels: dict[int, int] = {}
        for c in seating:
            levels[c.get("level", 0)] = levels.get(c.get("level", 0), 0) + 1
        t.append(" ".join(f"Lv{lv}×{k}" for lv, k in sorted(levels.items(), reverse=True)), style="dim")
        t.append("\n  ")
        for i, c in enumerate(seating):
            if i:
                t.append(" · ", style="bright_black")
            t.append(self.label(c))
            t.append(f" Lv{c.get('level')}", style="bold yellow")
        return t

    def floor_table(self, floor: list[Mapping[str, Any]], obs: Mapping[str, Any], p: Any) -> Table:
        n = sum(1 + len(c.get("cross") or []) for c in floor)
        tab = Table(title=f"Floor {n}/3", title_justify="left", title_style="bold", box=None, pad_edge=False,
                    show_edge=False, header_style="bold")
        for col, kw in (("#", {"justify": "right"}), ("Shift", {"no_wrap": True}),
                        ("CP now", {"justify": "right", "no_wrap": True}), ("Printed", {"justify": "right", "no_wrap": True}),
                        ("Call-in", {"justify": "right", "no_wrap": True}), ("Served", {"no_wrap": True}),
                        ("Cast (cross: top first)", {"overflow": "fold", "ratio": 1})):
            tab.add_column(col, **kw)
        sv = obs.get("serving") or {}
        active = obs.get("active") == p
        for i, c in enumerate(floor, 1):
            members = [c] + list(c.get("cross") or [])
            printed = sum(m.get("cp", 0) or 0 for m in members)
            now = c.get("cp_now", printed)
            now_t = Text(str(now), style="bold " + ("green" if now > printed else "red" if now < printed else ""))
            pr = "+".join(str(m.get("cp", 0)) for m in members)
            pr_t = Text(pr + (f"={printed}" if len(members) > 1 else ""), style="dim")
            call, call_now = c.get("call_in", 0), c.get("call_in_now", c.get("call_in", 0))
            call_t = Text(f"×{call_now}", style="bold " + ("green" if call_now > call else "red" if call_now < call else ""))
            if call_now != call:
                call_t.append(f" (×{call})", style="dim")
            if not (active and obs.get("turn")):
                served = Text("-", style="dim")  # casts serve on their owner's turn
            elif c.get("served"):
                served = Text("✓ served", style="bright_black")
            else:
                served = Text("ready", style="green")
            name = Text(self.label(c), style="bold")
            if c.get("person"):
                name.append(f"  {c['person']}", style="dim")
            for m in c.get("cross") or []:
                name.append(f"\n  + {self.label(m)} (CP {m.get('cp')}, {shift_name(m.get('shift'), self.lang, short=True)})",
                            style="magenta")
            if len(members) > 1:
                name.append(f"\n  flavour cross of {len(members)}: CP summed, only the top card's abilities",
                            style="dim")
            if sv.get("server") == c.get("iid"):
                name.append("  ▶ SERVING", style="bold yellow")
            if sv.get("receiver") == c.get("iid"):
                name.append("  ◀ RECEIVING", style="bold yellow")
            tab.add_row(str(i), shift_name(c.get("shift"), self.lang), now_t, pr_t, call_t, served, name)
        return tab

    def hand_table(self, hand: list[Mapping[str, Any]], marked: set[int]) -> Table:
        tab = Table(title=f"Your hand ({len(hand)})", title_justify="left", title_style="bold", box=None,
                    pad_edge=False, show_edge=False, header_style="bold")
        for col, kw in (("#", {"justify": "right"}), ("Kind", {"no_wrap": True}), ("Lv", {"justify": "right"}),
                        ("Cost", {"justify": "right"}), ("Shift", {"no_wrap": True}), ("CP", {"justify": "right"}),
                        ("Call", {"justify": "right"}), ("Help", {"no_wrap": True}), ("Trig", {"no_wrap": True}),
                        ("Card", {"overflow": "fold", "ratio": 1})):
            tab.add_column(col, **kw)
        if not hand:
            tab.add_row("", "", "", "", "", "", "", "", "", Text("(empty)", style="dim"))
        for i, h in enumerate(hand, 1):
            kind = h.get("kind")
            name = Text(self.label(h), style="bold")
            if h.get("iid") in marked:
                name.append("  ✔ marked for the mulligan", style="bold yellow")
            help_ = Text(f"{shift_name(h.get('help_shift'), self.lang, short=True)} +{h.get('help_cp')}",
                         style="magenta") if h.get("help_shift") else Text("")
            trig = Text("⚡", style="bold yellow") if h.get("trigger") else Text("")
            if kind == "cast":
                tab.add_row(str(i), self.kind_name(kind), str(h.get("level", "")), str(h.get("cost", "")),
                            shift_name(h.get("shift"), self.lang), str(h.get("cp", "")), f"×{h.get('call_in', 0)}",
                            help_, trig, name)
            else:
                note = {"event": f"  (no cost; removal cost {h.get('removal_cost', 0)})",
                        "support": "  (no cost, one per turn)",
                        "trouble": "  (no cost; on the opponent's serving phase)"}.get(kind or "", "")
                name.append(note, style="dim")
                tab.add_row(str(i), Text(self.kind_name(kind), style="italic magenta"), str(h.get("level", "")),
                            "-", "", "", "", help_, trig, name)
        return tab

    def shared(self, obs: Mapping[str, Any]):
        ev = obs.get("event")
        rows: list[Any] = []
        t = Text()
        t.append("Event: ", style="bold")
        if ev:
            t.append(self.label(ev), style="bold magenta")
            t.append(f" ({self.poss(ev.get('owner'))}) · removal cost {ev.get('removal_cost', 0)}")
            text = kemuri_card_text(self.card(ev.get("id")), self.lang)
            if text:
                t.append("\n  " + text.replace("\n", "\n  "), style="")
            t.append("\n  affects both players; a new event replaces it", style="dim")
        else:
            t.append("none", style="dim")
        rows.append(t)
        got = self.contest(obs)
        if got is None and not ev:
            return t
        if got is not None:
            rows = [self.serving_text(obs, got)] + (rows if ev else [])
        return Panel(Group(*rows), border_style="magenta" if got else "bright_black",
                     title="Serving お給仕" if got else "Event", title_align="left")

    def serving_text(self, obs: Mapping[str, Any], got) -> Text:
        server, recv, a, b, h = got
        sv = obs.get("serving") or {}
        t = Text()
        if server is None:
            return t.append("Serving: the serving cast has left the floor", style="dim")
        t.append("Server  ", style="bold")
        t.append(self.cast_short(server), style="bold yellow")
        t.append(f"  ×{server.get('call_in_now', server.get('call_in', 0))} call-in")
        t.append("\n")
        if recv is None:
            t.append("Receiver ", style="bold")
            t.append("none — イケイケ: call-in +1", style="bold green")
            return t
        t.append("Receiver ", style="bold")
        t.append(self.cast_short(recv), style="bold yellow")
        helps = sv.get("help") or []
        if helps:
            t.append("\nHelp    ", style="bold")
            t.append(", ".join(f"{self.label(x)} +{x.get('help_cp', 0)}" for x in helps), style="magenta")
        t.append("\n")
        total = b + h
        t.append(f"CP {a} vs {b}" + (f"+{h} help = {total}" if h else ""), style="bold")
        winner = server if a >= total else recv
        t.append(f" → {self.poss(winner.get('owner'))} {self.label(winner)} wins so far"
                 + (" (tie: the server)" if a == total else ""))
        return t

    # --- card texts -------------------------------------------------------------------------
    def card_info(self, obs: Mapping[str, Any]):
        """Texts of your hand, of the leaders, of the casts on the floors and of the event."""
        self.remember(obs)
        out = Text()
        viewer = obs.get("viewer")
        players = obs.get("players") or []

        section = functools.partial(self.card_section, out)
        order = [p for p in range(len(players)) if p == viewer] + [p for p in range(len(players)) if p != viewer]
        for p in order:
            pv = players[p]
            whose = self.whose(p)
            if pv.get("hand"):
                section(f"{whose} hand", pv["hand"], numbered=True)
            if pv.get("leader"):
                section(f"{whose} leader", [pv["leader"]])
            floor = []
            for c in pv.get("floor") or []:
                floor.append(c)
                floor.extend(c.get("cross") or [])
            section(f"{whose} floor", floor)
        if obs.get("event"):
            section("Event", [obs["event"]])
        out.append("Reminders\n", style="bold underline")
        out.append("  Seating-zone cards count only their level (seats); costs are paid by sending them to the "
                   "backyard.\n  A serving: higher CP wins (a tie goes to the server); the loser goes to the "
                   "backyard; the server calls in its call-in value either way (+1 with no receiver, イケイケ).\n"
                   "  A call-in: the top card of the deck becomes a customer (its level adds seats) unless it has "
                   "a ⚡trigger, which is applied instead.\n  Close: 16 or more seats at your end phase, with "
                   "your leader active.\n", style="dim")
        return out

    def reason_text(self, reason: Any) -> str:
        return REASONS.get(reason, str(reason or "").replace("_", " "))

    # --- events -------------------------------------------------------------------------------
    def event_text(self, ev: Mapping[str, Any]) -> str | None:
        self.learn(ev.get("card"), ev.get("id"))
        t = ev.get("type")
        p = ev.get("player")
        who = self.who(p)
        whose = self.whose(p)

        def card(key: str = "card", idkey: str = "id") -> str:
            return self.name_of(ev.get(key), ev.get(idkey))
        if t == "shuffle":
            return None
        if t == "leader":
            if "id" in ev:
                c = self.card(ev.get("id"))
                person = f" ({c.person})" if c is not None and c.person and c.person not in c.name else ""
                return f"{whose} leader: {card()}{person}"
            return f"{whose} leader is now {'active' if ev.get('active') else 'locked'}"
        if t == "first_player":
            return f"{who} {self.verb(p, 'go', 'goes')} first"
        if t == "draw":
            return f"{who} drew {card()}" if ev.get("card") is not None else f"{who} drew a card"
        if t == "mulligan":
            n = ev.get("returned", 0)
            if not n:
                return f"{who} kept the hand (no mulligan)"
            return f"{who} mulliganed: {n} card{'s' if n != 1 else ''} into the backyard, drew {n}"
        if t == "turn_start":
            return f"── Turn {ev.get('turn')} · {whose} turn ──"
        if t == "phase":
            if ev.get("phase") == "serving":
                return f"── Serving phase お給仕 ({whose} casts serve) ──"
            return f"── {PHASES.get(ev.get('phase'), ev.get('phase'))} ──"
        if t == "charcoal_change":
            ins = ev.get("in") or []
            return (f"{who} swapped seat {self.lv_name(ev.get('out'))} for "
                    + " + ".join(self.lv_name(i) for i in ins) + " (charcoal change; seats unchanged)")
        if t == "leader_draw":
            extra = " and call in 1 (a cast of the leader's person is on the floor)" if ev.get("call_in") else ""
            return f"{who} locked the leader: draw 1{extra}"
        if t == "place":
            c = self.card(ev.get("id"))
            stats = f" ({shift_name(c.shift, self.lang, short=True)} CP {c.cp} ×{c.call_in})" if c is not None else ""
            return f"{who} placed {card()}{stats} on the floor"
        if t == "pay":
            why = WHY_PAY.get(ev.get("why"), str(ev.get("why") or ""))
            return f"{who} paid with {self.lv_name(ev.get('card'))} → backyard ({why})"
        if t == "event":
            return f"{who} placed the event {card()}"
        if t == "event_removed":
            return f"The event {card()} was removed (→ its owner's backyard)"
        if t == "support":
            return f"{who} used the support {card()}" + self._ability_tail(ev.get("id"), "use")
        if t == "trouble":
            return f"{who} used the trouble {card()}" + self._ability_tail(ev.get("id"), "use")
        if t == "charm":
            return f"{who} locked the leader for its charm: {card()}" + self._ability_tail(ev.get("id"), "charm")
        if t == "cross":
            cards = ev.get("cards") or []
            cps = [getattr(self.printed(i), "cp", None) for i in cards]
            total = f", CP {'+'.join(str(x) for x in cps)} = {sum(cps)}" if all(isinstance(x, int) for x in cps) else ""
            return (f"{who} formed a flavour cross: {self.name_of(cards[0]) if cards else '?'} on top"
                    + "".join(f" + {self.name_of(i)}" for i in cards[1:]) + total)
        if t == "cross_end":
            cards = ev.get("cards") or []
            return f"{whose} cross " + " + ".join(self.name_of(i) for i in cards) + " broke up (back on the floor)"
        if t == "serve":
            r = ev.get("receiver")
            srv = self.name_of(ev.get("cast"))
            if r is None or r < 0:
                return f"{who} served with {srv} → nobody to receive: イケイケ (call-in +1)"
            return f"{who} served with {srv} → {self.poss(1 - p)} {self.name_of(r)}"
        if t == "help":
            self._help_cp[ev.get("card")] = ev.get("cp", 0)
            return f"{who} helped with {card()} (ヘルプ出勤, +{ev.get('cp', 0)} CP)"
        if t == "cp_contest":
            a, b = ev.get("server_cp", 0), ev.get("receiver_cp", 0)
            helps = ev.get("help") or []
            h = 0
            for i in helps:
                if i in self._help_cp:
                    h += self._help_cp[i] or 0
                else:
                    h += getattr(self.printed(i), "help_cp", 0) or 0
            rec = f"{b - h}+{h} help" if h else f"{b}"
            w = ev.get("winner")
            side = "tie, the server wins" if a == b else "server wins" if a > b else "receiver wins"
            win, lose = (ev.get("server"), ev.get("receiver")) if a >= b else (ev.get("receiver"), ev.get("server"))
            loser_owner = 1 - w if isinstance(w, int) else None
            return (f"CP {a} vs {rec} → {side}: {self.poss(w)} {self.name_of(win)} beats "
                    f"{self.poss(loser_owner)} {self.name_of(lose)} (→ backyard)")
        if t == "ikeike":
            return f"イケイケ! {whose} {self.name_of(ev.get('cast'))} has no one to receive: call-in {ev.get('call_in')}"
        if t == "call_in":
            why = WHY_CALL.get(ev.get("why"), "")
            if ev.get("why") == "refresh" and isinstance(p, int):
                why = f" (for {self.poss(1 - p)} refresh)"
            if ev.get("trigger"):
                tail = self._ability_tail(ev.get("id"), "trigger")[2:-1]
                return f"{who} called in {card()} → ⚡ trigger" + (f": {tail}" if tail else "") + \
                    f" (then to the backyard){why}"
            return f"{who} called in {self.lv_name(ev.get('card'), ev.get('id'))} → seat, seats {ev.get('seats')}{why}"
        if t == "cast_leaves":
            cards = ev.get("cards") or []
            to = ev.get("to")
            names = " + ".join(self.name_of(i) for i in cards)
            return f"{whose} {names} left the floor → {'hand' if to == 'hand' else 'backyard'}"
        if t == "modify":
            stat = "CP" if ev.get("stat") == "cp" else "call-in"
            text = self.owned(ev.get("card"))
            return f"{text[0].upper() + text[1:]} gets {ev.get('amount', 0):+d} {stat} this turn"
        if t == "refresh":
            return (f"{whose} deck ran out: the backyard ({ev.get('cards')} cards) becomes the new deck "
                    f"(refresh) → {self.who(1 - p) if isinstance(p, int) else 'the opponent'} "
                    f"{self.verb(1 - p if isinstance(p, int) else p, 'call')} in 1")
        if t == "no_card":
            return f"{whose} deck and backyard are empty: nothing to draw"
        if t == "mill":
            return f"{who} put {card()} from the deck into the backyard"
        if t == "pick":
            return f"{who} took {card()} from the {ev.get('from', 'deck')} into the hand"
        if t == "close":
            return f"★ {who} closed with {ev.get('seats')} seats!"
        if t == "concede":
            return f"{who} conceded"
        if t == "game_over":
            w = ev.get("winner")
            return ("Game over: draw" if w is None else f"Game over: {self.who(w)} won") + \
                f" ({self.reason_text(ev.get('reason'))})"
        return super().event_text(ev)

    def _ability_tail(self, cid: Any, kind: str) -> str:
        c = self.card(cid)
        if c is None:
            return ""
        abs_ = [a for a in c.abilities if a.kind == kind]
        if not abs_:
            return ""
        text = "; ".join(re.sub(r"^[^:：]*[:：]\s*", "", ability_text(a, self.lang), count=1) for a in abs_)
        return f" ({text})" if text else ""

    def event_lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """As the default, but a player's consecutive draws make one line ("You drew 3: A, B, C")
        and payments followed by what they paid for make one line."""
        out: list[str | None] = []
        i = 0
        n = len(events)
        while i < n:
            ev = events[i]
            t = ev.get("type")
            if t == "draw":
                j = i
                while j < n and events[j].get("type") == "draw" and events[j].get("player") == ev.get("player"):
                    j += 1
                if j - i > 1:
                    for e in events[i:j]:
                        self.learn(e.get("card"), e.get("id"))
                    who = self.who(ev.get("player"))
                    known = [self.name_of(e.get("card"), e.get("id")) for e in events[i:j] if e.get("card") is not None]
                    line = f"{who} drew {j - i} cards"
                    if known:
                        line += ": " + ", ".join(self.grouped_names(known))
                    out.append(line)
                    i = j
                    continue
            if t == "pay":
                j = i
                while j < n and events[j].get("type") == "pay" and events[j].get("player") == ev.get("player"):
                    j += 1
                nxt = events[j] if j < n else None
                pays = events[i:j]
                paid = sum(e.get("level", 0) or 0 for e in pays)
                names = " + ".join(self.lv_name(e.get("card")) for e in pays)
                who = self.who(ev.get("player"))
                if nxt is not None and nxt.get("type") == "place" and ev.get("why") == "cast":
                    try:
                        line = self.event_text(nxt)
                    except Exception:  # noqa: BLE001
                        line = None
                    c = self.card(nxt.get("id"))
                    if line and c is not None and paid >= c.cost:
                        lost = paid - c.cost
                        out.append(f"{line}, paying cost {c.cost} with {names}"
                                   + (f" ({lost} overpaid, lost)" if lost > 0 else ""))
                        i = j + 1
                        continue
            try:
                out.append(self.event_text(ev))
            except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
                out.append(GenericRenderer.event_text(self, ev))
            i += 1
        return self.fold_lines(out)

    #: the event each action causes that only repeats the action line above it
    ECHO = {"place": "place", "event": "event", "support": "support",
            "trouble": "trouble", "charm": "charm", "cross": "cross", "serve": "serve", "help": "help",
            "leader_draw": "leader_draw"}

    def step_lines(self, player: Any, action: Any, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """The events under a step, without the one that only repeats the action (the action line
        already names the card, its numbers and its effect)."""
        echo = self.ECHO.get(getattr(action, "type", None))
        if echo is not None:
            for k, ev in enumerate(events):
                if ev.get("type") == echo and ev.get("player", player) == player:
                    if echo == "place" and k > 0:
                        break  # placed after paying: the payment line names the cast
                    self.learn(ev.get("card"), ev.get("id"))
                    events = list(events[:k]) + list(events[k + 1:])
                    break
        return self.event_lines(events)

    # --- actions: how they read, which are offered -----------------------------------------
    def hidden_label(self, action: Any) -> str:
        if action.type == "mulligan_mark":
            return "Marked a card for the mulligan"
        return super().hidden_label(action)

    def _observe(self, game: Any, player: Any) -> dict:
        d = game.decision
        c = self._obs_cache
        if c is not None and c[0] is d and c[1] == (player, len(game.log)):
            return c[2]
        obs = game.observe(player)
        self._obs_cache = (d, (player, len(game.log)), obs)
        self.remember(obs)
        return obs

    def _views(self, obs: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        for pv in obs.get("players") or []:
            for zone in ("hand", "seating", "backyard"):
                for k, v in enumerate(pv.get(zone) or [], 1):
                    out[v["iid"]] = {**v, "owner": pv.get("player"), "zone": zone, "pos": k}
            for k, c in enumerate(pv.get("floor") or [], 1):
                out[c["iid"]] = {**c, "owner": pv.get("player"), "zone": "floor", "pos": k}
                for m in c.get("cross") or []:
                    out[m["iid"]] = {**m, "owner": pv.get("player"), "zone": "cross", "pos": k}
        ev = obs.get("event")
        if ev:
            out[ev["iid"]] = {**ev, "zone": "event"}
        return out

    @staticmethod
    def _completions(pv: Mapping[str, Any], level: int, picked: Sequence[int] = ()) -> list[tuple]:
        """The 1-3 hand cards (including ``picked``) whose levels add up to ``level``, as iids."""
        hand = [(c.get("iid"), c.get("level", 0)) for c in pv.get("hand") or []]
        lv = dict(hand)
        rest = [i for i, _ in hand if i not in picked]
        have = sum(lv.get(i, 0) for i in picked)
        out = []
        for k in range(0, 4 - len(picked)):
            for extra in itertools.combinations(rest, k):
                if picked or extra:
                    if have + sum(lv[i] for i in extra) == level:
                        out.append(tuple(picked) + extra)
        return out

    def options(self, game: Any, legal: Sequence[Any]) -> list[Any]:
        """Fold choices that are the same for you (copies of one card). In the charcoal change a
        swap of a seat card for another copy of itself (no change) is left out: a seat whose only
        swaps are such is not offered, nor is the copy that would complete one (unless nothing
        else is left). With enough seats to close, locking the leader (draw, charm) comes after
        End: a locked leader cannot close."""
        d = game.decision
        if d is None:
            return list(legal)
        obs = self._observe(game, d.player)
        views = self._views(obs)
        pv = (obs.get("players") or [])[d.player]

        def cid(i: Any) -> Any:
            return views.get(i, {}).get("id", i)

        def noop(seat: Any, ins: Sequence[Any]) -> bool:
            return len(ins) == 1 and cid(ins[0]) == cid(seat)
        seen: set = set()
        out: list[Any] = []
        for a in legal:
            t = a.type
            key: Any = None
            if t in ("place", "event", "support", "trouble", "help", "pay", "pick", "mulligan_mark", "swap_in"):
                key = (t, cid(a.get("card")))
            elif t == "swap_out":
                level = views.get(a.seat, {}).get("level", 0)
                comps = self._completions(pv, level)
                if comps and all(noop(a.seat, c) for c in comps):
                    continue  # only a copy of the same card: changes nothing
                key = (t, cid(a.seat))
            elif t == "cross":
                v = views.get(a.casts[0], {})
                key = (t, cid(a.casts[0]), v.get("cp_mod"), tuple(sorted(map(str, (cid(i) for i in a.casts[1:])))))
            elif t == "serve":
                try:
                    key = (t, self.action_label(game, a, d.player))
                except Exception:  # noqa: BLE001
                    key = None
            if key is not None:
                if key in seen:
                    continue
                seen.add(key)
            out.append(a)
        if d.kind == "charcoal_in":
            info = d.info or {}
            real = [a for a in out if not (not info.get("picked") and noop(info.get("seat"), [a.card]))]
            out = real or out
        if d.kind == "operation" and pv.get("seats", 0) >= self.goal:
            # the close needs an active leader: offer locking it only after End
            lock = [a for a in out if a.type in ("leader_draw", "charm")]
            out = [a for a in out if a.type not in ("leader_draw", "charm")] + lock
        return out

    def action_label(self, game: Any, action: Any, actor: int | None = None) -> str:
        base = game.describe(action, self.lang)
        if self.lang == "ja":
            try:
                return base + (self._ja_extra(game, action, actor) or "")
            except Exception:  # noqa: BLE001
                return base
        try:
            text = self._label(game, action, actor)
        except Exception:  # noqa: BLE001 - a renderer must never break the game
            text = None
        return text or re.sub(r" \[([^\[\]]+)\]", r" (\1)", base)

    def _ja_extra(self, game: Any, a: Any, actor: int | None) -> str | None:
        """CP comparisons and what is left to pay, after the engine's Japanese description."""
        d = game.decision
        obs = self._observe(game, actor if actor is not None else self.viewer)
        views = self._views(obs)
        if a.type == "pay" and d is not None:
            lv = views.get(a.card, {}).get("level", 0)
            left = (d.info or {}).get("amount", 0) - lv
            return f"（残り{left}）" if left > 0 else ("（支払い完了）" if left == 0 else f"（{-left}超過・失う）")
        if a.type == "swap_in" and d is not None and d.kind == "charcoal_in":
            left = (d.info or {}).get("need", 0) - views.get(a.card, {}).get("level", 0)
            return f"（残りレベル{left}）" if left > 0 else "（入れ替え完了）"
        if a.type == "serve":
            s = views.get(a.cast, {})
            r = views.get(a.target) if a.target >= 0 else None
            if r is None:
                return f"（イケイケ：呼び込み{s.get('call_in_now', 0) + 1}回）"
            return f"（CP {s.get('cp_now')} 対 {r.get('cp_now')}）"
        if a.type == "close":
            return " ★"
        if a.type in ("leader_draw", "charm") and isinstance(actor, int):
            me = (obs.get("players") or [])[actor]
            if obs.get("active") == actor and me.get("seats", 0) >= self.goal:
                return " ⚠ リーダーがロックされ、このターンはクローズできない"
        return None

    def _lock_warning(self, pv: Mapping[str, Any], obs: Mapping[str, Any] | None = None) -> str:
        """Locking the leader forbids the close until the next draw phase: say so when it matters
        (on your own turn; on the opponent's turn your draw phase makes it active again)."""
        if obs is not None and obs.get("active") != pv.get("player"):
            return ""
        seats = pv.get("seats", 0)
        if seats >= self.goal:
            return f" ⚠ NO CLOSE this turn ({seats} seats: a locked leader cannot close)"
        if seats >= self.goal - 6:
            return " · locks the leader: no close this turn"
        return ""

    def _label(self, game: Any, a: Any, actor: int | None) -> str | None:
        t = a.type
        d = game.decision
        kind = d.kind if d is not None else None
        obs = self._observe(game, actor if actor is not None else self.viewer)
        views = self._views(obs)
        players = obs.get("players") or []
        me = players[actor] if isinstance(actor, int) and actor < len(players) else {}
        mine = actor == self.viewer
        v = views.get(a.get("card")) if isinstance(a.get("card"), int) else None

        def nm(i: Any) -> str:
            vv = views.get(i)
            return self.label(vv) if vv else self.name_of(i)

        def nlv(i: Any) -> str:
            vv = views.get(i) or {}
            lv = vv.get("level")
            return nm(i) + (f" (Lv{lv})" if lv else "")
        if t == "mulligan_mark":
            return f"Mark {nlv(a.card)} for the mulligan" + \
                (f" ({self.kind_name(v.get('kind'))})" if v else "")
        if t == "mulligan_done":
            n = len(me.get("mulligan_pick") or []) if mine else None
            if n == 0:
                return "Keep this hand (no mulligan)"
            if n:
                return f"Finish the mulligan: {n} marked card{'s' if n != 1 else ''} to the backyard, draw {n}"
            return "Finish the mulligan"
        if t == "swap_out":
            level = (views.get(a.seat) or {}).get("level", 0)
            return (f"Swap out seat {nlv(a.seat)} · then choose hand cards of total level {level} "
                    f"(seats stay {me.get('seats', '?')})")
        if t == "swap_in" and kind == "charcoal_in":
            info = d.info or {}
            left = info.get("need", 0) - ((v or {}).get("level", 0))
            if left <= 0:
                return (f"Swap in {nlv(a.card)} · completes the swap: {nm(info.get('seat'))} back to hand, "
                        f"seats stay {me.get('seats', '?')}")
            return (f"Swap in {nlv(a.card)} for seat {nm(info.get('seat'))} · {left} more "
                    f"level{'s' if left != 1 else ''} to choose")
        if t == "end_charcoal":
            return f"End the charcoal change (seats {me.get('seats', '?')})"
        if t == "leader_draw":
            ld = me.get("leader") or {}
            person = ld.get("person")
            same = [c for c in me.get("floor") or [] for m in [c] + list(c.get("cross") or [])
                    if person and m.get("person") == person]
            warn = self._lock_warning(me, obs)
            if same:
                return (f"Lock the leader {self.label(ld)}: draw 1 + call in 1 ({self.label(same[0])} is "
                        f"{person}){warn}")
            return f"Lock the leader {self.label(ld)}: draw 1" + \
                (f" (no call-in: no {person} cast on your floor)" if person else "") + warn
        if t == "place" and v:
            seats = me.get("seats", 0)
            cost = v.get("cost", 0)
            help_ = f", help {shift_name(v.get('help_shift'), self.lang, short=True)} +{v.get('help_cp')}" \
                if v.get("help_shift") else ""
            trig = " ⚡" if v.get("trigger") else ""
            best = self.best_payment([c.get("level", 0) for c in me.get("seating") or []], cost)
            if not cost:
                pay = "cost 0"
            elif best is None or best == cost:
                pay = f"cost {cost}: seats {seats} → {seats - cost}"
            else:
                pay = f"cost {cost}: seats {seats} → {seats - best} ({best - cost} overpaid, lost)"
            return (f"Place {self.label(v)} (Lv{v.get('level')} {shift_name(v.get('shift'), self.lang, short=True)} "
                    f"CP {v.get('cp')} ×{v.get('call_in')}{help_}{trig}) · {pay}")
        if t == "event" and v:
            text = kemuri_card_text(self.card(v.get("id")), self.lang).replace("\n", " · ")
            cur = obs.get("event")
            repl = f" · replaces {self.poss(cur.get('owner'))} {self.label(cur)}" if cur else ""
            return f"Place the event {self.label(v)}" + (f": {text}" if text else "") + repl
        if t == "remove_event":
            ev = obs.get("event") or {}
            owner = "yours" if ev.get("owner") == actor else self.whose(ev.get("owner"))
            cost = ev.get("removal_cost", 0)
            best = self.best_payment([c.get("level", 0) for c in me.get("seating") or []], cost)
            seats = me.get("seats", 0)
            after = f"seats {seats} → {seats - (best if best is not None else cost)}"
            if best is not None and best > cost:
                after += f" ({best - cost} overpaid, lost)"
            return f"Remove the event {self.label(ev)} ({owner}): pay {cost} · {after}"
        if t in ("support", "trouble") and v:
            c = self.card(v.get("id"))
            use = [ab for ab in getattr(c, "abilities", ()) if ab.kind == "use"]
            text = re.sub(r"^[^:：]*[:：]\s*", "", ability_text(use[0], self.lang), count=1) if use else ""
            return f"Use the {t} {self.label(v)}" + (f": {text}" if text else "")
        if t == "pass":
            return "Pass (no trouble)"
        if t == "cross":
            casts = [views.get(i) or {} for i in a.casts]
            cps = [c.get("cp_now", c.get("cp", 0)) for c in casts]
            top = casts[0]
            return (f"Flavour cross: {self.label(top)} on top"
                    + "".join(f", then {self.label(c)}" for c in casts[1:])
                    + f" → CP {'+'.join(map(str, cps))} = {sum(cps)}, "
                    f"{shift_name(top.get('shift'), self.lang, short=True)} ×{top.get('call_in_now', top.get('call_in'))}"
                    " (the top card's)")
        if t == "charm":
            ld = me.get("leader") or {}
            c = self.card(ld.get("id"))
            ab = next((x for x in getattr(c, "abilities", ()) if x.kind == "charm"), None)
            text = re.sub(r"^[^:：]*[:：]\s*", "", ability_text(ab, self.lang), count=1) if ab else ""
            warn = self._lock_warning(me, obs)
            return (f"Lock the leader for its charm (once per game): {text}" if text else
                    "Lock the leader for its charm (once per game)") + warn
        if t == "end_operation":
            return "End the operation phase → serving"
        if t == "serve":
            s = views.get(a.cast) or {}
            n = s.get("call_in_now", s.get("call_in", 0))
            sname = self.cast_short({**s, "owner": actor}, own=True)
            if a.target < 0:
                return f"Serve with {sname} → nobody to receive: イケイケ, call in {n}+1 = {n + 1}"
            r = views.get(a.target) or {}
            rname = self.cast_short({**r, "owner": 1 - actor if isinstance(actor, int) else None})
            x, y = s.get("cp_now", 0), r.get("cp_now", 0)
            if x >= y:
                verdict = f"you win unless they help +{x - y + 1}" if mine else "the server wins unless helped"
            else:
                verdict = f"you lose by {y - x}" if mine else "the receiver wins"
            return f"Serve with {sname} → {rname}: {x} vs {y}, {verdict}; call in {n} either way"
        if t == "end_serving":
            left = [c for c in me.get("floor") or [] if not c.get("served")]
            first = obs.get("turn") == 1 and actor == obs.get("first_player") and \
                any(c.get("served") for c in me.get("floor") or [])
            if left and not first:
                return f"End serving ({len(left)} cast{'s' if len(left) != 1 else ''} not served)"
            return "End serving → end phase"
        if t == "help" and v:
            got = self.contest(obs)
            tail = ""
            if got is not None:
                server, recv, x, y, h = got
                total = y + h + (v.get("help_cp") or 0)
                tail = f" → CP {x} vs your {total}: " + ("you win" if total > x else "still not enough")
            return f"Help with {self.label(v)} (ヘルプ出勤, +{v.get('help_cp')} CP){tail}"
        if t == "done" and kind == "help":
            got = self.contest(obs)
            if got is not None and got[1] is not None:
                server, recv, x, y, h = got
                total = y + h
                if not mine:
                    return "Done helping"
                res = f"your {self.label(recv)} wins" if total > x else \
                    f"your {self.label(recv)} loses → backyard"
                return f"Done helping: {x} vs {y}" + (f"+{h}" if h else "") + f" → {res}"
            return "Done helping"
        if t == "pay" and v and d is not None:
            amount = (d.info or {}).get("amount", 0)
            lv = v.get("level", 0)
            left = amount - lv
            if left > 0:
                state = f"{left} more to pay"
            elif left == 0:
                state = "paid in full"
            else:
                state = f"paid in full, {-left} overpaid (lost)"
            return f"Pay with {self.label(v)} (Lv{lv}) · {state} · seats {me.get('seats', 0)} → {me.get('seats', 0) - lv}"
        if t == "close":
            seats = me.get("seats", (d.info or {}).get("seats") if d is not None else "?")
            return f"★ CLOSE with the leader and WIN ({seats} seats ≥ {self.goal})"
        if t == "end_turn":
            if kind == "close":
                return "End the turn without closing"
            return "End the turn"
        if t == "target":
            tv = views.get(a.target)
            if tv:
                zone = f"#{tv.get('pos')} " if tv.get("zone") == "floor" else ""
                return f"Target {self.poss(tv.get('owner'))} {zone}{self.cast_short(tv, own=True)}"
        if t == "pick" and v:
            return f"Take {self.label(v)} ({self.kind_name(v.get('kind'))} Lv{v.get('level')}) into your hand"
        if t == "pick_none":
            return "Take nothing"
        return None


__all__ = ["Renderer", "card_columns", "card_facts", "kemuri_card_text", "ability_text", "op_text"]
