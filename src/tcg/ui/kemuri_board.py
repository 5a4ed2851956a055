"""Text board of けむりちゅーどく (Kemuri Chuudoku) for the terminal, drawn with rich.

Layout only: every word comes from the game's presentation layer (``tcg.games.kemuri.text``:
event lines, prompts, option labels, menu steps, zone and phase names, in English or Japanese).
It reads the observation dict of ``game.observe(player)`` (see games/kemuri/view.py) and the
public card database (``game.rules.cards``) for printed numbers and texts.

What a player sees:

* a header: turn, phase, whose turn, both players' seats as a big "SEATS 11 / 16" with a bar
  (16 cells, green once the close is possible) and the pending decision in words;
* each player's panel: seats, the leader (person, active/locked, charm used or not and its
  timing), deck / hand / backyard counts and refreshes, the seating zone (cards with their
  levels), the floor (up to 3 casts: shift 早番/遅番, CP now against printed, call-in, served this
  turn; a flavour cross is one row, top card first, with its summed CP) and, for you, your hand
  (kind, level, cost, shift, CP, call-in, help shift/CP, ⚡ for a trigger);
* the shared event (owner, effect, removal cost) and, during a serving, the server against the
  receiver with both CPs, the help cards played and who wins so far."""
from __future__ import annotations

import functools
from typing import Any, Mapping, Sequence

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..games.kemuri import text as W
from . import card_label, label_players
from .board_base import BoardRenderer

#: the words of cards (kept here under their old names for callers of this module)
kemuri_card_text = W.card_text
ability_text = W.ability_text
op_text = W.op_text
shift_name = W.shift_name


def seats_style(seats: int, goal: int) -> str:
    if seats >= goal:
        return "bold white on dark_green"
    if seats >= goal * 3 // 4:
        return "bold black on yellow"
    return "bold white on blue"


# --- tcg cards ---------------------------------------------------------------------------------

def card_columns(lang: str) -> list[tuple[str, Any, dict]]:
    """The columns of ``tcg cards kemuri`` (the headers are the ids ``tcg cards`` uses)."""
    def kind(c) -> str:
        k = getattr(c, "kind", "")
        return W.kind_name(k, lang) if k else ""

    def is_cast(c) -> bool:
        return getattr(c, "kind", "") == "cast"

    def help_(c) -> str:
        hs = getattr(c, "help_shift", None)
        return W.t("board.hand.help", lang, shift=W.shift_name(hs, lang, short=True), cp=c.help_cp) if hs else ""

    def charm(c) -> str:
        if getattr(c, "kind", "") != "leader":
            return ""
        ab = next((a for a in c.abilities if a.kind == "charm"), None)
        return W.timing_name(ab.timing, lang) if ab is not None and ab.timing else ""
    return [
        ("Id", lambda c: c.id, {"no_wrap": True, "style": "bold"}),
        ("Kind", kind, {"no_wrap": True}),
        ("Name", lambda c: card_label(c, lang), {"ratio": 2}),
        ("Lv", lambda c: str(c.level) if getattr(c, "kind", "") != "leader" and c.level else "",
         {"justify": "right"}),
        ("Cost", lambda c: str(c.cost) if is_cast(c) else "", {"justify": "right"}),
        ("Shift", lambda c: W.shift_name(c.shift, lang, short=True) if is_cast(c) else "", {"no_wrap": True}),
        ("CP", lambda c: str(c.cp) if is_cast(c) else "", {"justify": "right"}),
        ("Call-in", lambda c: W.t("facts.call", lang, count=c.call_in) if is_cast(c) else "",
         {"justify": "right", "no_wrap": True}),
        ("Help", help_, {"no_wrap": True}),
        ("Removal", lambda c: str(c.removal_cost) if getattr(c, "kind", "") == "event" else "",
         {"justify": "right"}),
        ("Person", lambda c: getattr(c, "person", "") or "", {"max_width": 16}),
        ("Charm", charm, {"max_width": 24}),
        ("Trig", lambda c: "⚡" if getattr(c, "has_trigger", False) else "", {"no_wrap": True}),
        ("Text / abilities", lambda c: W.card_text(c, lang), {"ratio": 3}),
    ]


def card_facts(card: Any, lang: str) -> list[str]:
    """Facts line on narrow terminals: "cast · Lv2 · cost 1 · 遅番 · CP 5 ×2 · help 遅番 +2"."""
    get = {h: g for h, g, _ in card_columns(lang)}
    out = [get["Kind"](card)]
    if get["Lv"](card):
        out.append(W.t("stat.lv", lang, level=get["Lv"](card)))
    if get["Cost"](card):
        out.append(W.t("facts.cost", lang, cost=get["Cost"](card)))
    if get["Shift"](card):
        out.append(get["Shift"](card))
    if get["CP"](card):
        out.append(W.t("facts.cp", lang, cp=get["CP"](card), call=get["Call-in"](card)))
    if get["Help"](card):
        out.append(W.t("facts.help", lang, help=get["Help"](card)))
    if get["Removal"](card):
        out.append(W.t("facts.removal", lang, cost=get["Removal"](card)))
    if get["Charm"](card):
        out.append(W.t("facts.charm", lang, timing=get["Charm"](card)))
    if get["Person"](card):
        out.append(get["Person"](card))
    if get["Trig"](card):
        out.append(W.t("facts.trigger", lang))
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
    hidden_actions = W.HIDDEN_ACTIONS

    facts = staticmethod(card_facts)

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        rules = getattr(game, "rules", None)
        try:
            self.goal = int(rules.profile.get("win.close_seats")) if rules is not None else W.GOAL
        except Exception:  # noqa: BLE001
            self.goal = W.GOAL
        # players are named by the game's words ("You" / "あなた"), unless the caller named them
        custom = names is not None and dict(names) != label_players(viewer, 2)
        self._names = dict(names) if custom else None
        self.book = W.CardBook(self._cards, game, viewer)
        self.voice = W.Voice(viewer, lang, self.book, self._names)
        self._sources: dict[Any, tuple] = {}  # action -> the card whose effect it continues

    # --- words -------------------------------------------------------------------------------
    def t(self, key: str, /, **params: Any) -> str:
        return W.t(key, self.lang, **params)

    def who(self, player: Any) -> str:
        return self.voice.who(player)

    def whose(self, player: Any) -> str:
        """ "Your", "Opponent's", "P1's" (あなたの...): at the start of a title."""
        w = self.voice.whose(player)
        return W._cap(w) if self.lang != "ja" else w

    def poss(self, player: Any) -> str:
        """Possessive inside a sentence: "your", "Opponent's", "P1's"."""
        return self.voice.whose(player)

    def kind_name(self, kind: Any) -> str:
        return W.kind_name(kind, self.lang)

    def reason_text(self, reason: Any) -> str:
        return W.reason_text(reason, self.lang)

    def shift(self, shift: Any, short: bool = False) -> str:
        return W.shift_name(shift, self.lang, short=short)

    # --- cards and names -----------------------------------------------------------------------
    def card_text_of(self, card: Any) -> str:
        return W.card_text(card, self.lang)

    def remember(self, obs: Mapping[str, Any]) -> None:
        """Learn the names and owners of every card visible in ``obs`` (to name cards in events)."""
        self.book.see(obs)

    def name_of(self, iid: Any, cid: Any = None) -> str:
        return self.voice.card(iid, cid)

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

    def seats_text(self, seats: int) -> Text:
        goal = self.goal
        t = Text()
        t.append(self.t("board.seats_big", seats=seats, goal=goal), style=seats_style(seats, goal))
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
        sep = self.t("fmt.sep")
        t.append(self.t("ui.turn", turn=turn) if turn else self.t("board.before"), style="bold")
        t.append(sep)
        t.append(W.phase_name(obs.get("phase"), self.lang, gloss=True).upper(), style="bold magenta")
        if turn:
            active = obs.get("active")
            t.append(sep)
            t.append(self.t("board.turn_of", whose=self.whose(active)),
                     style="bold cyan" if active == obs.get("viewer") else "bold yellow")
            if turn == 1:
                t.append(self.t("board.first_turn"), style="dim")
        if obs.get("first_player") is not None:
            t.append(self.t("board.first_player", who=self.who(obs.get("first_player"))), style="dim")
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
            d.append(self.t("board.game_over"), style="bold")
            d.append(self.t("board.draw") if r.get("winner") is None else self.t("board.won", who=self.who(r.get("winner"))))
            d.append(self.t("board.reason", reason=self.reason_text(r.get("reason"))))
        else:
            kind = (obs.get("decision") or {}).get("kind")
            d.append(self.t("board.decision"), style="bold")
            d.append(self.decision_text(obs), style="bold green" if kind == "close" else "")
        return Group(t, _SideBySide(seats), d)

    def decision_text(self, obs: Mapping[str, Any]) -> str:
        return W.prompt(obs.get("decision"), obs.get("viewer", self.viewer), self.lang, obs=obs, cards=self.book,
                        names=self._names, game=self.game)

    # --- player panels -----------------------------------------------------------------------
    def leader_text(self, pv: Mapping[str, Any]) -> Text:
        ld = pv.get("leader")
        t = Text()
        t.append(self.t("board.leader"), style="bold")
        if not ld:
            return t.append(self.t("board.none"), style="dim")
        t.append(self.label(ld), style="bold")
        if ld.get("person") and ld["person"] not in str(ld.get("name", "")):
            t.append(self.t("fmt.paren", text=ld["person"]), style="dim")
        t.append(self.t("fmt.sep"))
        t.append(self.t("board.active") if ld.get("active") else self.t("board.locked"),
                 style="bold green" if ld.get("active") else "bright_black")
        t.append(self.t("board.charm"))
        if ld.get("charm_used"):
            t.append(self.t("board.charm_used"), style="bright_black")
        else:
            t.append(self.t("board.charm_unused"), style="bold magenta")
        timing = ld.get("charm_timing")
        if timing:
            t.append(self.t("board.timing", timing=W.timing_name(timing, self.lang)), style="dim")
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
            top.append(self.t("board.closed"), style="bold green")
        elif seats >= self.goal and ld.get("active"):
            top.append(self.t("board.can_close", whose=self.poss(p)), style="bold green")
        elif seats >= self.goal:
            top.append(self.t("board.locked_close"), style="bold yellow")
        else:
            top.append(self.t("board.to_go", count=self.goal - seats), style="dim")
        rows.append(top)
        rows.append(self.leader_text(pv))
        t = Text()
        back = pv.get("backyard") or []
        for i, (label, value) in enumerate(((self.t("ui.deck"), pv.get("deck")), (self.t("ui.hand"), pv.get("hand_count")),
                                            (self.t("board.backyard"), len(back)))):
            t.append(("   " if i else "") + label + " ", style="bold")
            t.append(str(value))
        if back:
            t.append(self.t("board.top", card=self.label(back[-1])), style="dim")
        t.append("   " + self.t("stat.refreshes") + " ", style="bold")
        t.append(str(pv.get("refreshes", 0)))
        rows.append(t)
        rows.append(self.seating_text(pv.get("seating") or []))
        floor = pv.get("floor") or []
        if floor:
            rows.append(self.floor_table(floor, obs, p))
        else:
            rows.append(Text(self.t("board.floor_empty", most=W.MAX_FLOOR), style="dim"))
        resolving = pv.get("resolving") or []
        if resolving:
            rows.append(Text.assemble((self.t("board.resolving"), "bold"),
                                      self.t("fmt.names").join(self.label(x) for x in resolving)))
        if mine and pv.get("hand") is not None:
            rows.append(self.hand_table(pv.get("hand") or [], set(pv.get("mulligan_pick") or [])))
        who = self.who(p)
        title = who if who.startswith(f"P{p}") else self.t("board.title", who=who, player=p)
        title += self.t("board.title_seats", seats=seats, goal=self.goal)
        if obs.get("active") == p and obs.get("turn"):
            title += self.t("board.your_turn" if mine else "board.their_turn")
            title += self.t("board.event_used" if pv.get("event_used") else "board.event_free")
            title += self.t("board.support_used" if pv.get("support_used") else "board.support_free")
        return Panel(Group(*rows), title=title, title_align="left", border_style="cyan" if mine else "white")

    def seating_text(self, seating: list[Mapping[str, Any]]) -> Text:
        t = Text()
        t.append(self.t("board.seating", count=len(seating)), style="bold")
        if not seating:
            return t.append(self.t("board.empty"), style="dim")
        levels: dict[int, int] = {}
        for c in seating:
            levels[c.get("level", 0)] = levels.get(c.get("level", 0), 0) + 1
        t.append(" ".join(self.t("board.level_count", level=lv, count=k) for lv, k in sorted(levels.items(), reverse=True)),
                 style="dim")
        t.append("\n  ")
        for i, c in enumerate(seating):
            if i:
                t.append(" · ", style="bright_black")
            t.append(self.label(c))
            t.append(" " + self.t("stat.lv", level=c.get("level")), style="bold yellow")
        return t

    def floor_table(self, floor: list[Mapping[str, Any]], obs: Mapping[str, Any], p: Any) -> Table:
        n = sum(1 + len(c.get("cross") or []) for c in floor)
        col = functools.partial(self.t)
        tab = Table(title=self.t("board.floor", count=n, most=W.MAX_FLOOR), title_justify="left", title_style="bold",
                    box=None, pad_edge=False, show_edge=False, header_style="bold")
        for key, kw in (("number", {"justify": "right"}), ("shift", {"no_wrap": True}),
                        ("cp_now", {"justify": "right", "no_wrap": True}),
                        ("printed", {"justify": "right", "no_wrap": True}),
                        ("call_in", {"justify": "right", "no_wrap": True}), ("served", {"no_wrap": True}),
                        ("cast", {"overflow": "fold", "ratio": 1})):
            tab.add_column(col(f"board.col.{key}"), **kw)
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
            call_t = Text(self.t("facts.call", count=call_now),
                          style="bold " + ("green" if call_now > call else "red" if call_now < call else ""))
            if call_now != call:
                call_t.append(" (" + self.t("facts.call", count=call) + ")", style="dim")
            if not (active and obs.get("turn")):
                served = Text(self.t("board.floor_cell.not_turn"), style="dim")  # casts serve on their owner's turn
            elif c.get("served"):
                served = Text(self.t("board.floor_cell.served"), style="bright_black")
            else:
                served = Text(self.t("board.floor_cell.ready"), style="green")
            name = Text(self.label(c), style="bold")
            if c.get("person"):
                name.append(f"  {c['person']}", style="dim")
            for m in c.get("cross") or []:
                name.append(self.t("board.floor_cell.member", card=self.label(m), cp=m.get("cp"),
                                   shift=self.shift(m.get("shift"), short=True)), style="magenta")
            if len(members) > 1:
                name.append(self.t("board.floor_cell.cross", count=len(members)), style="dim")
            if sv.get("server") == c.get("iid"):
                name.append(self.t("board.floor_cell.serving"), style="bold yellow")
            if sv.get("receiver") == c.get("iid"):
                name.append(self.t("board.floor_cell.receiving"), style="bold yellow")
            tab.add_row(str(i), self.shift(c.get("shift")), now_t, pr_t, call_t, served, name)
        return tab

    def hand_table(self, hand: list[Mapping[str, Any]], marked: set[int]) -> Table:
        tab = Table(title=self.t("board.hand.title", count=len(hand)), title_justify="left", title_style="bold",
                    box=None, pad_edge=False, show_edge=False, header_style="bold")
        for key, kw in (("number", {"justify": "right"}), ("kind", {"no_wrap": True}), ("lv", {"justify": "right"}),
                        ("cost", {"justify": "right"}), ("shift", {"no_wrap": True}), ("cp", {"justify": "right"}),
                        ("call", {"justify": "right"}), ("help", {"no_wrap": True}), ("trig", {"no_wrap": True}),
                        ("card", {"overflow": "fold", "ratio": 1})):
            tab.add_column(self.t(f"board.col.{key}"), **kw)
        if not hand:
            tab.add_row("", "", "", "", "", "", "", "", "", Text(self.t("board.hand.empty"), style="dim"))
        for i, h in enumerate(hand, 1):
            kind = h.get("kind")
            name = Text(self.label(h), style="bold")
            if h.get("iid") in marked:
                name.append(self.t("board.hand.marked"), style="bold yellow")
            help_ = Text(self.t("board.hand.help", shift=self.shift(h.get("help_shift"), short=True), cp=h.get("help_cp")),
                         style="magenta") if h.get("help_shift") else Text("")
            trig = Text("⚡", style="bold yellow") if h.get("trigger") else Text("")
            if kind == "cast":
                tab.add_row(str(i), self.kind_name(kind), str(h.get("level", "")), str(h.get("cost", "")),
                            self.shift(h.get("shift")), str(h.get("cp", "")),
                            self.t("facts.call", count=h.get("call_in", 0)), help_, trig, name)
            else:
                if kind in ("event", "support", "trouble"):
                    name.append(self.t(f"board.hand.{kind}", cost=h.get("removal_cost", 0)), style="dim")
                tab.add_row(str(i), Text(self.kind_name(kind), style="italic magenta"), str(h.get("level", "")),
                            "-", "", "", "", help_, trig, name)
        return tab

    def shared(self, obs: Mapping[str, Any]):
        ev = obs.get("event")
        rows: list[Any] = []
        t = Text()
        t.append(self.t("board.shared.event"), style="bold")
        if ev:
            t.append(self.label(ev), style="bold magenta")
            t.append(self.t("board.shared.owner", whose=self.poss(ev.get("owner")), cost=ev.get("removal_cost", 0)))
            text = W.card_text(self.card(ev.get("id")), self.lang)
            if text:
                t.append("\n  " + text.replace("\n", "\n  "), style="")
            t.append(self.t("board.shared.rule"), style="dim")
        else:
            t.append(self.t("board.none"), style="dim")
        rows.append(t)
        got = W.contest(obs)
        if got is None and not ev:
            return t
        if got is not None:
            rows = [self.serving_text(obs, got)] + (rows if ev else [])
        return Panel(Group(*rows), border_style="magenta" if got else "bright_black",
                     title=self.t("board.shared.title_serving") if got else self.t("board.shared.title_event"),
                     title_align="left")

    def serving_text(self, obs: Mapping[str, Any], got) -> Text:
        server, recv, a, b, h = got
        v = self.voice
        sv = obs.get("serving") or {}
        t = Text()
        if server is None:
            return t.append(self.t("board.shared.gone"), style="dim")
        t.append(self.t("board.shared.server"), style="bold")
        t.append(v.cast(server), style="bold yellow")
        t.append(self.t("board.shared.server_call", count=server.get("call_in_now", server.get("call_in", 0))))
        t.append("\n")
        t.append(self.t("board.shared.receiver"), style="bold")
        if recv is None:
            t.append(self.t("board.shared.nobody"), style="bold green")
            return t
        t.append(v.cast(recv), style="bold yellow")
        helps = sv.get("help") or []
        if helps:
            t.append("\n" + self.t("board.shared.help"), style="bold")
            t.append(self.t("fmt.names").join(self.t("board.shared.help_card", card=self.label(x), cp=x.get("help_cp", 0))
                                              for x in helps), style="magenta")
        t.append("\n")
        total = b + h
        t.append(self.t("board.shared.vs_help", server=a, receiver=b, help=h, total=total) if h else
                 self.t("board.shared.vs", server=a, receiver=b), style="bold")
        winner = server if a >= total else recv
        t.append(self.t("board.shared.leading", card=self.t("fmt.owned", whose=self.poss(winner.get("owner")),
                                                                card=self.label(winner)))
                 + (self.t("board.shared.tie") if a == total else ""))
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
                section(self.t("info.hand", whose=whose), pv["hand"], numbered=True)
            if pv.get("leader"):
                section(self.t("info.leader", whose=whose), [pv["leader"]])
            floor = []
            for c in pv.get("floor") or []:
                floor.append(c)
                floor.extend(c.get("cross") or [])
            section(self.t("info.floor", whose=whose), floor)
        if obs.get("event"):
            section(self.t("info.event"), [obs["event"]])
        out.append(self.t("info.reminders") + "\n", style="bold underline")
        out.append(self.t("info.reminder_text") + "\n", style="dim")
        return out

    # --- events -------------------------------------------------------------------------------
    def event_text(self, ev: Mapping[str, Any]) -> str | None:
        return W.narrate(ev, self.viewer, self.lang, self.book, self._names)

    def event_lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """Summarised lines (see ``tcg.games.kemuri.text.lines``): a player's draws in one line,
        payments with the cast they paid for, effects named with their card."""
        return W.lines(events, self.viewer, self.lang, self.book, self._names)

    def step_lines(self, player: Any, action: Any, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """The events under a step, without the one that only repeats the action (the action line
        already names the card, its numbers and its effect)."""
        return W.lines(events, self.viewer, self.lang, self.book, self._names, action=action, actor=player,
                       step=True, source=self._sources.pop(action, None) if action is not None else None)

    # --- actions: how they read, which are offered -----------------------------------------
    def hidden_label(self, action: Any) -> str:
        return W.hidden_label(action, self.lang)

    def options(self, game: Any, legal: Sequence[Any]) -> list[Any]:
        """One action per path of ``text.menu`` (copies of one card offered once); a step of the
        charcoal change that only swaps a card for a copy of itself is left out (unless nothing
        else is left). With enough seats to close, locking the leader comes after End."""
        if game.decision is None:
            return list(legal)
        seen: set[tuple[str, ...]] = set()
        out = []
        for path, a in W.menu(game, legal, self.viewer, self.lang):
            if path not in seen:
                seen.add(path)
                out.append(a)
        real = [a for a in out if not W.noop_swap(game, a, self.viewer)]
        return real or out

    def action_label(self, game: Any, action: Any, actor: int | None = None) -> str:
        src = W.decision_source(game)
        if src is not None:
            # the effect goes on once this is chosen: its lines name the card (step_lines)
            self._sources[action] = src
        return W.label(game, action, self.viewer, self.lang, actor, self._names, self.book)


__all__ = ["Renderer", "card_columns", "card_facts", "kemuri_card_text", "ability_text", "op_text"]
