"""Text board of RUNE-TCG トゥルトゥルSTAGE (Turu-turu Stage) for the terminal, drawn with rich.

Layout only: every word (labels, narration, prompts, names of programs, phases and states) comes
from the game's presentation layer ``tcg.games.turutoru.text`` and its table
``games/turutoru/text.toml``, in English or Japanese. It reads the observation dict of
``game.observe(player)`` (see games/turutoru/view.py), the public card database
(``game.rules.cards``) for printed numbers, and the events it is shown (to keep the timeline of
the current main phase: which program ran at which segment and how it ended).

What a player sees:

* a header: round, phase, segment, the priority player, both players' HP (big, with a bar) and
  the pending decision;
* each player's panel: HP, deck/hand/discard counts, the field (power / toughness left now and
  printed, damage, awake / bed-in, placed this round, attached devices), field devices, the
  resolved pile, and your hand (kind, segment, power/toughness, programs, gender/work);
* while programming: your stack in running order, each card with the programs it may run as
  (one is chosen when it is revealed), the segment it starts at if every card above it runs and
  a 6-segment bar, with a warning on cards that would not fit; nothing of the opponent's stack
  (not even how many cards: programming is simultaneous, TT-T2);
* in the main phase: the timeline, both players' programs as bars over segments 0-6 with the
  current segment marked and the running program named; a program that runs consumes its
  segments (the owner's next program starts after them), one not run consumes none.
"""
from __future__ import annotations

import functools
from typing import Any, Iterable, Mapping, Sequence

from rich.cells import cell_len, set_cell_size
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..games.turutoru import text as T
from . import card_label, label_players
from .board_base import BoardRenderer

GENDER_SIGN = {"female": "♀", "male": "♂"}
SEG_W = 7  # terminal cells per segment in the timeline
program_kind = T.program_kind


def hp_style(hp: int) -> str:
    if hp > 10:
        return "bold white on dark_green"
    if hp > 5:
        return "bold black on yellow"
    return "bold white on red"


# --- tcg cards ---------------------------------------------------------------------------------

def card_columns(lang: str) -> list[tuple[str, Any, dict]]:
    """The columns of ``tcg cards turutoru`` (the headers are the ids ``tcg cards`` uses)."""
    def is_char(c) -> bool:
        return getattr(c, "kind", "") == "character"

    def gender(c) -> str:
        g = getattr(c, "gender", "") or ""
        if not is_char(c) or g in ("", "none"):
            return ""
        return T.gender_name(g, lang)

    def kind(c) -> str:
        k = getattr(c, "kind", "")
        return T.kind_name(k, lang, short=True) if k else ""
    return [
        ("Id", lambda c: c.id, {"no_wrap": True, "style": "bold"}),
        ("Kind", kind, {"no_wrap": True}),
        ("Name", lambda c: card_label(c, lang), {"ratio": 2}),
        ("Seg", lambda c: str(c.segment) if is_char(c) else "", {"justify": "right"}),
        ("P/T", lambda c: T.t("stat.pt", lang, power=c.power, toughness=c.toughness) if is_char(c) else "",
         {"justify": "right", "no_wrap": True}),
        ("Programs", lambda c: T.programs_of(c, lang, gloss=False, sep="fmt.list") if is_char(c) else "",
         {"ratio": 1}),
        ("Gender", gender, {"no_wrap": True}),
        ("Work", lambda c: (getattr(c, "work", "") or "") if is_char(c) else "", {"max_width": 18}),
        ("Mount", lambda c: T.mount_text(c, lang), {"no_wrap": True}),
        ("Text / abilities", lambda c: T.card_text(c, lang), {"ratio": 3}),
    ]


def card_facts(card: Any, lang: str) -> list[str]:
    """Facts line on narrow terminals: "char · 3 seg · 3/3 · Bed-in, Place · female · W2"."""
    get = {h: g for h, g, _ in card_columns(lang)}
    out = [get["Kind"](card)]
    if get["Seg"](card):
        out.append(T.t("board.facts_seg", lang, count=get["Seg"](card)))
    for h in ("P/T", "Programs", "Gender", "Work"):
        if get[h](card):
            out.append(get[h](card))
    if get["Mount"](card):
        out.append(T.t("mount.word", lang, where=get["Mount"](card)))
    return out


# --- the renderer --------------------------------------------------------------------------------

class Renderer(BoardRenderer):
    #: stacking is face down and secret: others learn nothing of it, not even that it happened
    #: (TT-T2; the counts are shown when both have programmed)
    hidden_actions = T.HIDDEN_ACTIONS

    facts = staticmethod(card_facts)

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        rules = getattr(game, "rules", None)
        self.segments = getattr(rules, "segments", None) or T.SEGMENTS
        self.hand_limit = getattr(rules, "hand_limit", None) or T.HAND_LIMIT
        # players are named by the game's words ("You" / "あなた"), unless the caller named them
        custom = names is not None and dict(names) != label_players(viewer, 2)
        self._names = dict(names) if custom else None
        self.book = T.CardBook(self._cards, game, viewer)
        self.voice = T.Voice(viewer, lang, self.book, self._names)
        self._sources: dict[Any, tuple] = {}  # action -> the card whose effect it continues
        # the timeline of the current main phase, from the events seen
        self._round = 0
        self._runs: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
        self._overflow: dict[int, list[str]] = {0: [], 1: []}
        self._last_start = 0

    # --- words ------------------------------------------------------------------------------
    def t(self, key: str, /, **params: Any) -> str:
        return T.t(key, self.lang, **params)

    def who(self, player: Any) -> str:
        return self.voice.who(player)

    def whose(self, player: Any) -> str:
        """ "Your", "Opponent's", "P1's" (あなたの...): at the start of a line."""
        return self.voice.Whose(player)

    def poss(self, player: Any) -> str:
        """Possessive inside a sentence: "your", "Opponent's", "P1's"."""
        return self.voice.whose(player)

    def kind_name(self, kind: Any, short: bool = False) -> str:
        return T.kind_name(kind, self.lang, short=short)

    def reason_text(self, reason: Any) -> str:
        return T.reason_text(reason, self.lang)

    def prog_name(self, kind: Any, amount: int = 0) -> str:
        """ "Place (配置)" (en) or "配置" (ja); Library Draw with its number."""
        return T.program_name(kind, amount, self.lang)

    def short_prog(self, kind: Any, amount: int = 0) -> str:
        return T.program_short(kind, amount, self.lang)

    def state_text(self, awake: bool) -> Text:
        if awake:
            return Text(T.state_name("awake", self.lang), style="bold green")
        return Text(T.state_name("asleep", self.lang), style="bright_black")

    # --- cards and names -----------------------------------------------------------------------
    def card_text_of(self, card: Any) -> str:
        return T.card_text(card, self.lang) if card is not None else ""

    def remember(self, obs: Mapping[str, Any]) -> None:
        """Learn the names of every card visible in ``obs`` (to name cards in events)."""
        self.book.see(obs)

    def name_of(self, iid: Any, cid: Any = None) -> str:
        return self.voice.card(iid, cid)

    # --- the board -------------------------------------------------------------------------
    def board(self, obs: Mapping[str, Any]):
        self.remember(obs)
        self.segments = obs.get("segments") or self.segments
        players = obs.get("players") or []
        viewer = obs.get("viewer")
        order = list(range(len(players)))
        if viewer in order:  # the viewer at the bottom, like sitting at the table
            order.remove(viewer)
            order.append(viewer)
        else:
            order.reverse()
        parts: list[Any] = [self.header(obs)]
        phase = obs.get("phase")
        for n, p in enumerate(order):
            parts.append(self.player_panel(players[p], obs))
            if n == 0 and phase == "main":
                parts.append(self.timeline(obs))
            if n == 0 and phase == "programming":
                parts.append(self.stacks(obs))
        return Group(*parts)

    def header(self, obs: Mapping[str, Any]) -> Text:
        t = Text()
        rnd = obs.get("round", 0)
        t.append(self.t("board.round", round=rnd) if rnd else self.t("board.before"), style="bold")
        phase = obs.get("phase")
        t.append(" · ")
        t.append(T.phase_name(phase, self.lang, gloss=True).upper(), style="bold magenta")
        if phase == "main":
            t.append(" · " + self.t("board.segment", segment=obs.get("segment", 0),
                                    segments=obs.get("segments", self.segments)), style="bold")
        if obs.get("priority_player") is not None:
            t.append(" · " + self.t("board.priority", who=self.who(obs.get("priority_player"))), style="dim")
        t.append("\n")
        players = obs.get("players") or []
        viewer = obs.get("viewer")
        order = [p for p in range(len(players)) if p == viewer] + [p for p in range(len(players)) if p != viewer]
        for n, p in enumerate(order):
            hp = max(0, players[p].get("hp", 0))  # what is left
            if n:
                t.append("      ")
            t.append(f"{self.who(p)} ", style="bold cyan" if p == viewer else "bold")
            t.append(" " + self.t("board.hp", hp=hp) + " ", style=hp_style(hp))
            t.append(" ")
            full = max(20, hp)
            width = 20
            filled = max(0, min(width, round(width * hp / full))) if hp > 0 else 0
            t.append("█" * filled, style=hp_style(hp).split(" on ")[-1] if hp > 0 else "red")
            t.append("░" * (width - filled), style="bright_black")
        t.append("\n")
        r = obs.get("result")
        if r:
            t.append(self.t("event.game_over", result=T.result_text(
                r.get("winner"), r.get("reason"), self.viewer, self.lang, self._names)), style="bold")
        else:
            t.append(self.t("board.decision"), style="bold")
            t.append(self.decision_text(obs))
        return t

    def decision_text(self, obs: Mapping[str, Any]) -> str:
        return T.prompt(obs.get("decision"), obs.get("viewer", self.viewer), self.lang, obs=obs, cards=self.book,
                        names=self._names)

    # --- player panels -----------------------------------------------------------------------
    def player_panel(self, pv: Mapping[str, Any], obs: Mapping[str, Any]) -> Panel:
        p = pv.get("player")
        mine = obs.get("viewer") == p
        rows: list[Any] = []
        t = Text()
        hp = max(0, pv.get("hp", 0))  # what is left
        t.append(" " + self.t("board.hp", hp=hp) + " ", style=hp_style(hp))
        for key, value in (("deck", pv.get("deck")), ("hand", pv.get("hand_count"))):
            t.append("   " + T.zone_name(key, self.lang) + " ", style="bold")
            t.append(str(value))
        discard = pv.get("discard") or []
        t.append("   " + T.zone_name("discard", self.lang) + " ", style="bold")
        t.append(str(len(discard)))
        if discard:
            t.append(" " + self.t("board.top", card=self.label(discard[-1])), style="dim")
        rows.append(t)

        chars = pv.get("characters") or []
        if chars:
            rows.append(self.characters_table(chars, obs))
        else:
            rows.append(Text(self.t("board.no_characters"), style="dim"))
        devices = pv.get("devices") or []
        if devices:
            rows.append(Text.assemble((self.t("board.field_devices"), "bold"),
                                      self.t("fmt.list").join(self.grouped(devices))))
        resolved = pv.get("resolved") or []
        if resolved:
            rows.append(Text.assemble((self.t("board.resolved"), "bold"), self.t("fmt.list").join(self.grouped(resolved)),
                                      (self.t("board.resolved_note"), "dim")))
        if mine and pv.get("hand") is not None:
            rows.append(self.hand_table(pv.get("hand") or []))
        who = self.who(p)
        title = who if self._names and who.startswith(f"P{p}") else self.t("board.player", who=who, player=p)
        title += self.t("fmt.sep") + self.t("board.hp", hp=hp)
        if obs.get("priority_player") == p:
            title += self.t("fmt.sep") + self.t("board.priority_mark")
        return Panel(Group(*rows), title=title, title_align="left", border_style="cyan" if mine else "white")

    def grouped(self, cards: Iterable[Mapping[str, Any]]) -> list[str]:
        return self.voice.grouped(self.label(c) for c in cards)

    def attributes(self, view: Mapping[str, Any]) -> str:
        sign = GENDER_SIGN.get(view.get("gender") or "", "")
        work = view.get("work") or ""
        return " ".join(x for x in (sign, work) if x)

    def characters_table(self, chars: list[Mapping[str, Any]], obs: Mapping[str, Any] | None = None) -> Table:
        tab = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        stat = functools.partial(T.stat_name, lang=self.lang)
        for col, kw in ((stat("col_number"), {"justify": "right"}), (stat("col_pt_now"), {"justify": "right", "no_wrap": True}),
                        (stat("col_printed"), {"justify": "right", "no_wrap": True}),
                        (stat("col_damage"), {"justify": "right"}), (stat("col_state"), {"no_wrap": True}),
                        (stat("col_now"), {"no_wrap": True}), (stat("col_character"), {"overflow": "fold", "ratio": 1})):
            tab.add_column(col, **kw)
        d = (obs or {}).get("decision") or {}
        for i, u in enumerate(chars, 1):
            pw, tg = u.get("power"), u.get("toughness")
            pn, tn = u.get("power_now", pw), u.get("toughness_now", tg)
            dmg = u.get("damage") or 0
            left = max(0, tn - dmg)
            now = Text()
            now.append(str(pn), style="bold " + ("green" if pn > pw else "red" if pn < pw else ""))
            now.append("/")
            now.append(str(left), style="bold " + ("green" if left > tg else "red" if left < tg else ""))
            dmg_t = Text(str(dmg), style="bold red") if dmg else Text("0", style="dim")
            marks = []
            if u.get("placed_this_round"):
                marks.append(Text(T.state_name("placed", self.lang), style="yellow"))
            if d.get("attacker") == u.get("iid"):
                marks.append(Text(T.state_name("attacking", self.lang), style="bold red"))
            if u.get("iid") in ((obs or {}).get("selected") or []):
                marks.append(Text(T.state_name("chosen", self.lang), style="bold cyan"))
            if u.get("iid") in (d.get("assigned") or []):
                marks.append(Text(self.t("state.assigned", count=d["assigned"].count(u.get("iid"))), style="bold red"))
            new = Text(" ").join(marks) if marks else Text("-", style="dim")
            name = Text(self.label(u), style="bold")
            attrs = self.attributes(u)
            if attrs:
                name.append(f"  {attrs}", style="dim")
            for dev in u.get("devices") or []:
                name.append("\n  ⚙ " + self.label(dev), style="magenta")
            tab.add_row(str(i), now, Text(self.t("stat.pt", power=pw, toughness=tg), style="dim"), dmg_t,
                        self.state_text(bool(u.get("awake"))), new, name)
        return tab

    def hand_table(self, hand: list[Mapping[str, Any]]) -> Table:
        stat = functools.partial(T.stat_name, lang=self.lang)
        tab = Table(title=self.t("board.your_hand", count=len(hand)), title_justify="left", title_style="bold",
                    box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col, kw in ((stat("col_number"), {"justify": "right"}), (stat("col_kind"), {"no_wrap": True}),
                        (stat("col_seg"), {"justify": "right"}), (stat("col_pt"), {"justify": "right", "no_wrap": True}),
                        (stat("col_programs"), {"max_width": 34}), (stat("col_work"), {"max_width": 16}),
                        (stat("col_card"), {"overflow": "fold", "ratio": 1})):
            tab.add_column(col, **kw)
        if not hand:
            tab.add_row("", "", "", "", "", "", Text(self.t("board.empty"), style="dim"))
        for i, h in enumerate(hand, 1):
            kind = h.get("kind")
            name = Text(self.label(h), style="bold")
            if kind == "character":
                progs = self.t("fmt.programs").join(T.program_label_name(x, self.lang, gloss=False)
                                                    for x in h.get("programs") or [])
                tab.add_row(str(i), self.kind_name(kind, short=True), str(h.get("segment", "-")),
                            self.t("stat.pt", power=h.get("power"), toughness=h.get("toughness")), progs,
                            self.attributes(h), name)
            else:
                what = ""
                if kind == "device":
                    what = self.t("mount.hand", where=T.mount_text(h, self.lang))
                elif kind == "application":
                    what = self.t("mount.app")
                tab.add_row(str(i), Text(self.kind_name(kind, short=True), style="italic magenta"), "-", "-",
                            Text(what, style="dim"), "", name)
        return tab

    def card_programs(self, view: Mapping[str, Any]) -> str:
        """The programs a character card may run as: "Attack (攻撃) / Reboot (再起)"."""
        return self.t("fmt.programs").join(T.program_label_name(x, self.lang) for x in view.get("programs") or []) \
            or "?"

    def _seg(self, view: Mapping[str, Any]) -> int:
        return T._seg(view, self._cards)

    # --- programming: the stacks ---------------------------------------------------------
    def seg_bar(self, start: int, cost: int, ok: bool = True) -> Text:
        """One cell per segment: ██ where the program runs, ·· elsewhere; past segment 6 in red."""
        t = Text()
        n = self.segments
        for k in range(n):
            if start <= k < start + cost:
                t.append("██", style="green" if ok else "red")
            else:
                t.append("··", style="bright_black")
            t.append(" ")
        over = start + cost - n
        if over > 0:
            t.append("✗" * min(over, 6), style="bold red")
        return t

    def stacks(self, obs: Mapping[str, Any]):
        players = obs.get("players") or []
        viewer = obs.get("viewer")
        parts: list[Any] = []
        for pv in players:
            p = pv.get("player")
            if p == viewer:
                continue
            n = pv.get("program_count")
            head = (self.t("board.their_stack", whose=self.whose(p)), "bold")
            if n is None:  # TT-T2: simultaneous, secret until both have programmed
                parts.append(Text.assemble(head, (T.state_name("secret", self.lang), "bold yellow"),
                                           self.t("board.secret_note")))
                continue
            state = T.state_name("finished" if pv.get("programming_done") else "programming", self.lang)
            parts.append(Text.assemble(head, (self.t("board.their_count", count=n), "bold yellow"),
                                       self.t("board.their_state", state=state)))
        if viewer is not None and viewer < len(players):
            parts.append(self.my_stack(players[viewer]))
        return Panel(Group(*parts), title=self.t("board.stacks_title", segments=self.segments), title_align="left",
                     border_style="magenta")

    def my_stack(self, pv: Mapping[str, Any]):
        progs = pv.get("programs") or []
        n, used, bad = T.stack_summary(pv, self._cards)
        head = Text()
        head.append(self.t("board.your_stack"), style="bold cyan")
        head.append(self.t("board.your_stack_count", count=n))
        head.append(self.t("board.your_stack_used", used=used, segments=self.segments, left=self.segments - used),
                    style="bold green" if used < self.segments else "bold yellow")
        head.append(self.t("board.your_stack_note"), style="dim")
        if not progs:
            head.append("\n  " + self.t("board.your_stack_empty"), style="dim")
            return head
        tab = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        scale = " ".join(f"{k:<2}" for k in range(self.segments))
        stat = functools.partial(T.stat_name, lang=self.lang)
        for col, kw in ((stat("col_number"), {"justify": "right"}), (stat("col_card"), {"overflow": "fold", "ratio": 1}),
                        (stat("col_stack_programs"), {"overflow": "fold"}), (stat("col_seg"), {"justify": "right"}),
                        (stat("col_runs"), {"no_wrap": True}), (scale, {"no_wrap": True}), ("", {"no_wrap": True})):
            tab.add_column(col, **kw)
        for i, x in enumerate(progs, 1):
            cost = self._seg(x)
            start = x.get("start", 0)
            ok = x.get("fits", True)
            runs = Text(self.t("fmt.seg_range", start=start, end=start + cost), style="" if ok else "bold red")
            note = Text("" if ok else T.state_name("wont_fit", self.lang), style="bold red")
            tab.add_row(str(i), Text(self.label(x), style="bold" if ok else "red strike"),
                        self.card_programs(x), str(cost), runs, self.seg_bar(start, cost, ok), note)
        parts: list[Any] = [head, tab]
        if bad:
            parts.append(Text(self.t("board.stack_overflow", count=bad, segments=self.segments), style="bold red"))
        return Group(*parts)

    # --- main phase: the timeline ---------------------------------------------------------------
    def _entries(self, obs: Mapping[str, Any], p: int) -> list[dict[str, Any]]:
        """Blocks of player ``p`` on this round's timeline: start, cost, label, status, card."""
        pv = (obs.get("players") or [])[p]
        out = []
        if self._round == obs.get("round"):
            out = [dict(e) for e in self._runs.get(p, [])]
        running = pv.get("running")
        if running and not any(e["status"] == "running" for e in out):
            kind, amount = program_kind(running.get("program")) if running.get("program") else (None, 0)
            out.append({"start": running.get("start", obs.get("segment", 0)), "cost": self._seg(running),
                        "kind": kind, "amount": amount, "iid": running.get("iid"), "id": running.get("id"),
                        "status": "running"})
        # your own face-down cards: where each starts if every card before it runs
        for view in pv.get("programs") or []:
            out.append({"start": view.get("start", 0), "cost": self._seg(view), "status": "next", "kind": None,
                        "amount": 0, "iid": view.get("iid"), "id": view.get("id"),
                        "kinds": [program_kind(x) for x in view.get("programs") or []]})
        out.sort(key=lambda e: e["start"])
        # the opponent's face-down cards: only how many, from where their next program starts
        if "programs" not in pv:
            hidden = pv.get("program_count") or 0
            if hidden > 0:
                pos = max([pv.get("next_start", 0)] + [e["start"] + e["cost"] for e in out
                                                        if e["status"] == "running"])
                out.append({"start": pos, "cost": max(0, self.segments - pos), "status": "hidden", "count": hidden,
                            "kind": None, "amount": 0, "iid": None, "id": None})
        return out

    def _block(self, e: Mapping[str, Any], width: int) -> Text:
        status = e["status"]
        mark = {"resolved": "✓", "spent": "✓", "discarded": "✗", "decoded": "⊘", "running": "▶",
                "next": ""}.get(status, "")
        label = self.short_prog(e.get("kind"), e.get("amount", 0)) if e.get("kind") else \
            T.program_short(None, 0, self.lang)
        if not e.get("kind") and e.get("kinds"):  # a face-down card of yours: what it may run as
            label = "/".join(self.short_prog(k, n) for k, n in e["kinds"])
        if status == "decoded" and not e.get("kind"):
            label = self.t("program.short.decoded")
        inner = set_cell_size(mark + label, max(0, width - 2))
        style = {"resolved": "green", "spent": "green", "discarded": "red", "decoded": "red",
                 "running": "bold black on yellow",
                 "next": "cyan" if e.get("kind") or e.get("kinds") else "white"}.get(status, "")
        return Text("[" + inner + "]", style=style)

    def timeline(self, obs: Mapping[str, Any]) -> Panel:
        players = obs.get("players") or []
        viewer = obs.get("viewer")
        order = [p for p in range(len(players)) if p != viewer] + [p for p in range(len(players)) if p == viewer]
        seg = obs.get("segment", 0)
        n = self.segments
        names = {p: f"{self.who(p)} ♥{max(0, players[p].get('hp', 0))}" for p in order}
        lw = max(cell_len(s) for s in names.values()) + 2
        scale = Text(" " * lw)
        for k in range(n + 1):
            scale.append(f"{k:<{SEG_W}}" if k < n else str(k), style="bold reverse" if k == seg else "dim")
        marker = Text(" " * (lw + seg * SEG_W) + self.t("board.now_marker"), style="bold yellow")
        lines: list[Any] = [marker, scale]
        all_entries = {}
        for p in order:
            entries = self._entries(obs, p)
            all_entries[p] = entries
            row = Text(set_cell_size(names[p], lw), style="bold cyan" if p == viewer else "bold")
            pos = 0
            for e in entries:
                if e["status"] in ("discarded", "decoded"):
                    continue  # not run: consumed no segments (listed below the bars)
                start, cost = e["start"], max(1, e["cost"])
                if e["status"] == "hidden":
                    k = e["count"]
                    room = max(0, n - pos) * SEG_W
                    inner = self.t("board.face_down_bar", count=k)
                    if cell_len(inner) + 2 > room:
                        inner = f"?{k}"
                    width = max(room, cell_len(inner) + 2)
                    row.append("[" + inner + "░" * (width - 2 - cell_len(inner)) + "]", style="white")
                    pos = max(pos, n)
                    continue
                if start < pos:
                    continue
                if start > pos:
                    row.append("·" * ((start - pos) * SEG_W), style="bright_black")
                row.append(self._block(e, cost * SEG_W))
                pos = start + cost
            if pos < n:
                row.append("·" * ((n - pos) * SEG_W), style="bright_black")
            left = sum(e.get("count", 1) for e in entries if e["status"] in ("next", "hidden"))
            row.append(self.t("board.to_come", count=left) if left else self.t("board.all_done"), style="dim")
            lines.append(row)
        for p in order:  # programs not run: they used no segments
            gone = [e for e in all_entries[p] if e["status"] in ("discarded", "decoded")]
            if gone:
                items = self.t("fmt.list").join(
                    self.t("board.not_run_item", mark="⊘" if e["status"] == "decoded" else "✗",
                           card=self.name_of(e.get("iid"), e.get("id")), start=e["start"]) for e in gone)
                lines.append(Text(self.t("board.not_run", whose=self.whose(p), cards=items), style="red"))
        # now and next, in words
        for p in order:
            for e in all_entries[p]:
                if e["status"] == "running":
                    what = self.prog_name(e.get("kind"), e.get("amount", 0)) if e.get("kind") else \
                        self.t("board.not_chosen")
                    head = self.t("board.now_line_you" if self.voice.is_you(p) else "board.now_line",
                                  start=e["start"], who=self.who(p))
                    lines.append(Text.assemble(
                        (self.t("board.now"), "bold yellow"), head, (what, "bold"),
                        self.t("board.now_tail", card=self.name_of(e.get("iid"), e.get("id")),
                               cost=T.segments_text(e["cost"], self.lang), start=e["start"],
                               end=e["start"] + e["cost"])))
        nexts = [(e["start"], p, e) for p in order for e in all_entries[p] if e["status"] == "next"]
        if nexts:
            start = min(s for s, _, _ in nexts)
            for s, p, e in nexts:
                if s != start:
                    continue
                cost = T.segments_text(e["cost"], self.lang)
                if e.get("kinds"):
                    progs = self.t("fmt.or").join(self.prog_name(k, a) for k, a in e["kinds"])
                    what = self.t("board.next_own", start=s, who=self.who(p), cost=cost, programs=progs,
                                  card=self.name_of(e.get("iid"), e.get("id")))
                else:
                    what = self.t("board.next_unknown", start=s, who=self.who(p), cost=cost)
                lines.append(Text.assemble((self.t("board.next"), "bold"), what))
        for p in order:
            for e in all_entries[p]:
                if e["status"] == "hidden":
                    lines.append(Text.assemble((self.t("board.next"), "bold"), self.t(
                        "board.next_hidden", who=self.who(p), count=e["count"], start=e["start"])))
        if nexts or any(e["status"] == "hidden" for p in order for e in all_entries[p]):
            lines.append(Text(self.t("board.order_note"), style="dim"))
        for p in order:
            if self._round == obs.get("round") and self._overflow.get(p):
                cards = self.t("fmt.list").join(self.name_of(None, cid) for cid in self._overflow[p])
                lines.append(Text(self.t("board.overflow", whose=self.whose(p), cards=cards, segments=n), style="red"))
        lines.append(Text(self.t("board.legend"), style="dim"))
        return Panel(Group(*lines), title=self.t("board.timeline_title", round=obs.get("round"), segment=seg,
                                                 segments=n), title_align="left", border_style="yellow")

    # --- card texts ---------------------------------------------------------------------------
    def card_info(self, obs: Mapping[str, Any]):
        """Texts of your hand, your stack and every card on the field, then what the programs of
        those cards do."""
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
                section(self.t("board.hand_of", whose=whose), pv["hand"], numbered=True)
            if pv.get("programs"):
                section(self.t("board.stack_of", whose=whose), pv["programs"], numbered=True)
            field = list(pv.get("characters") or [])
            for u in pv.get("characters") or []:
                field.extend(u.get("devices") or [])
            field.extend(pv.get("devices") or [])
            section(self.t("board.field_of", whose=whose), field)
        kinds = set()
        for pv in players:
            for zone in ("hand", "programs", "characters", "resolved"):
                for v in pv.get(zone) or []:
                    c = self.card(v.get("id"))
                    kinds.update(pr.kind for pr in getattr(c, "programs", ()) or ())
        if kinds:
            out.append(self.t("board.programs") + "\n", style="bold underline")
            for k in T.PROGRAM_KINDS:
                if k in kinds:
                    out.append("  " + self.prog_name(k), style="bold")
                    out.append(self.t("fmt.colon", text=T.program_help(k, self.lang)) + "\n")
        return out if out.plain else Text(self.t("board.no_cards"))

    # --- events -------------------------------------------------------------------------------
    def _track(self, ev: Mapping[str, Any]) -> None:
        """Keep this round's timeline from the events."""
        t = ev.get("type")
        if t == "round_start":
            self._round = ev.get("round", self._round + 1)
            self._runs = {0: [], 1: []}
            self._overflow = {0: [], 1: []}
        elif t == "program_reveal":
            p = ev.get("player")
            self._last_start = ev.get("start", 0)
            self._runs.setdefault(p, []).append({
                "start": ev.get("start", 0), "cost": ev.get("cost", 1), "kind": None,
                "amount": 0, "iid": ev.get("card"), "id": ev.get("id"), "status": "running"})
        elif t == "program_use":
            for e in reversed(self._runs.get(ev.get("player"), [])):
                if e["status"] == "running":
                    e["kind"] = ev.get("program")
                    c = self.card(ev.get("id"))
                    if ev.get("program") == "library_draw" and c is not None:
                        e["amount"] = c.programs[ev.get("index", 0)].amount
                    break
        elif t in ("program_resolved", "program_discarded", "program_spent"):
            for e in reversed(self._runs.get(ev.get("player"), [])):
                if e["status"] == "running":
                    e["status"] = t.split("_", 1)[1]
                    break
        elif t == "program_decoded":
            c = self.card(ev.get("id"))
            self._runs.setdefault(ev.get("player"), []).append({
                "start": ev.get("start", self._last_start), "cost": getattr(c, "segment", 1) or 1, "kind": None,
                "amount": 0, "iid": ev.get("card"), "id": ev.get("id"), "status": "decoded"})
        elif t == "programs_overflow":
            self._overflow[ev.get("player")] = list(ev.get("ids") or [])

    def _lines(self, events: Sequence[Mapping[str, Any]], **kw: Any) -> list[str]:
        for ev in events:
            try:
                self._track(ev)
            except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
                pass
        return T.lines(events, self.viewer, self.lang, self.book, self._names, segments=self.segments,
                       hand_limit=self.hand_limit, **kw)

    def event_text(self, ev: Mapping[str, Any]) -> str | None:
        self._track(ev)
        return T.narrate(ev, self.viewer, self.lang, self.book, self._names)

    def event_lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """Summarised lines (see ``tcg.games.turutoru.text.lines``): a player's draws in one line,
        effects named with their card."""
        return self._lines(events)

    def step_lines(self, player: Any, action: Any, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """The events under a step, without the one that only repeats the action line."""
        return self._lines(events, action=action, actor=player, step=True,
                           source=self._sources.pop(action, None) if action is not None else None)

    # --- actions: how they read, which are offered -----------------------------------------
    def hidden_label(self, action: Any) -> str:
        return T.hidden_label(action, self.lang)

    def options(self, game: Any, legal: Sequence[Any]) -> list[Any]:
        """One action per path of ``text.menu`` (copies of one card offered once)."""
        if game.decision is None:
            return list(legal)
        seen: set[tuple[str, ...]] = set()
        out = []
        for path, a in T.menu(game, legal, self.viewer, self.lang):
            if path not in seen:
                seen.add(path)
                out.append(a)
        return out

    def action_label(self, game: Any, action: Any, actor: int | None = None) -> str:
        src = T.decision_source(game)
        if src is not None:
            # the effect goes on once this is chosen: its lines name the card (step_lines)
            self._sources[action] = src
        return T.label(game, action, self.viewer, self.lang, actor, self._names, self.book)


__all__ = ["Renderer", "card_columns", "card_facts", "program_kind"]
