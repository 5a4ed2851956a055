"""Text board of RUNE-TCG トゥルトゥルSTAGE (Turu-turu Stage) for the terminal, drawn with rich.

It reads the observation dict of ``game.observe(player)`` (see games/turutoru/view.py), the public
card database (``game.rules.cards``) for printed numbers, and the events it is shown (to keep the
timeline of the current main phase: which program ran at which segment and how it ended).

What a player sees:

* a header: round, phase, segment, the priority player, both players' HP (big, with a bar) and
  the pending decision;
* each player's panel: HP, deck/hand/discard counts, the field (power/toughness now and printed,
  damage, awake/bed-in, placed this round, attached devices), field devices, the resolved pile,
  and your hand (kind, segment, power/toughness, programs, gender/work);
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
import re
from typing import Any, Iterable, Mapping, Sequence

from rich.cells import cell_len, set_cell_size
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import GenericRenderer, card_label, card_text
from .board_base import BoardRenderer

PROGRAM_EN = {"place": "Place", "reboot": "Reboot", "bed_in": "Bed-in", "mount": "Mount",
              "release": "Release", "apply": "Apply", "attack": "Attack", "fan_fire": "Fan Fire",
              "library_draw": "Library Draw", "activate": "Activate", "effect": "Effect",
              "decoder": "Program Decoder"}
PROGRAM_JA = {"place": "配置", "reboot": "再起", "bed_in": "ベッドイン", "mount": "マウント",
              "release": "リリース", "apply": "アプライ", "attack": "攻撃", "fan_fire": "ファンファイア",
              "library_draw": "ライブラリドロー", "activate": "起動型特殊能力", "effect": "効果",
              "decoder": "プログラムデコーダー"}
#: labels inside the timeline bars (a 1-segment program has room for about 5 characters)
PROGRAM_SHORT = {"place": "Place", "reboot": "Reboot", "bed_in": "Bed-in", "mount": "Mount",
                 "release": "Release", "apply": "Apply", "attack": "Attack", "fan_fire": "FanFire",
                 "library_draw": "Draw", "activate": "Activ.", "effect": "Effect", "decoder": "Decoder"}
PROGRAM_SHORT_JA = {"place": "配置", "reboot": "再起", "bed_in": "ベッド", "mount": "マウ",
                    "release": "リリ", "apply": "アプ", "attack": "攻撃", "fan_fire": "ファン",
                    "library_draw": "ドロー", "activate": "起動", "effect": "効果", "decoder": "デコ"}
KIND_SHORT = {"character": "char", "device": "device", "application": "app"}
KIND_JA = {"character": "キャラ", "device": "デバイス", "application": "アプリ"}
GENDER_SIGN = {"female": "♀", "male": "♂"}
GENDER_JA = {"female": "女性", "male": "男性"}
MOUNT_EN = {"field": "on the field", "character": "on a character", "own": "on your character",
            "opponent": "on an opponent's character"}
MOUNT_JA = {"field": "フィールドに配置", "character": "キャラクターに装着", "own": "自分のキャラクターに装着",
            "opponent": "相手のキャラクターに装着"}
PHASES = {"setup": "set-up", "draw": "draw phase", "programming": "programming phase",
          "main": "main phase", "prepare": "prepare phase", "end": "end phase"}
REASONS = {"deck_out": "deck out: had to draw from an empty deck", "hp": "HP reached 0", "concede": "concession",
           "decision cap": "decision cap"}
#: what the owner of a running program is asked to do
RUN_ASK = {
    "place": "choose a character from your hand to place",
    "reboot": "choose at least one of your characters to wake up, then Done",
    "bed_in": "choose an awake character (either side) to put to bed",
    "mount": "choose a device from your hand to mount",
    "release": "choose one of your devices to return to your hand",
    "apply": "choose an application from your hand to use",
    "attack": "choose attackers (not placed this round), then Done",
    "fan_fire": "choose attackers (halved power/toughness), then Done",
    "library_draw": "draw the cards (this card is then discarded)",
    "activate": "choose a character ability to use",
    "effect": "choose a device ability to use",
}
SEG_W = 7  # terminal cells per segment in the timeline
#: what each program does (card texts, 'i')
PROGRAM_HELP = {
    "place": "put a character from your hand onto your field (it cannot Attack this round)",
    "reboot": "wake up one or more of your characters (asleep or not)",
    "bed_in": "put one awake character, yours or the opponent's, to bed",
    "mount": "put a device from your hand on the field or on a character (either side, unless the card says otherwise)",
    "release": "return one of your devices to your hand",
    "apply": "use an application card from your hand",
    "attack": "attack with any of your awake characters that were not placed this round",
    "fan_fire": "attack with any of your awake characters, new ones too; attackers are halved",
    "library_draw": "draw N cards; this card is then discarded instead of resolved (its segments are used)",
    "activate": "use an activated ability of one of your characters on the field",
    "effect": "use an ability of one of your devices on the field",
    "decoder": ("the opponent's program at the same segment that has not run yet is discarded unrun "
                "(at a shared segment the lower HP acts first, on equal HP the priority player)"),
}


def program_kind(label: str | None) -> tuple[str, int]:
    """(kind, amount) of an observation's program label ("Place", "Bed In", "Library Draw 2")."""
    text = str(label or "").strip()
    amount = 0
    head, _, tail = text.rpartition(" ")
    if head and tail.isdigit():
        text, amount = head, int(tail)
    kind = text.lower().replace(" ", "_").replace("-", "_")
    if kind == "program_decoder":
        kind = "decoder"
    return kind, amount


def hp_style(hp: int) -> str:
    if hp > 10:
        return "bold white on dark_green"
    if hp > 5:
        return "bold black on yellow"
    return "bold white on red"


# --- tcg cards ---------------------------------------------------------------------------------

def _programs_of(card: Any, lang: str) -> str:
    progs = getattr(card, "programs", ()) or ()
    names = PROGRAM_JA if lang == "ja" else PROGRAM_EN
    sep = "、" if lang == "ja" else ", "
    return sep.join(names.get(p.kind, p.kind) + (f" {p.amount}" if getattr(p, "amount", 0) else "")
                    for p in progs)


def card_columns(lang: str) -> list[tuple[str, Any, dict]]:
    """The columns of ``tcg cards turutoru``."""
    def is_char(c) -> bool:
        return getattr(c, "kind", "") == "character"

    def gender(c) -> str:
        g = getattr(c, "gender", "") or ""
        if not is_char(c) or g in ("", "none"):
            return ""
        return GENDER_JA.get(g, g) if lang == "ja" else g

    def mount(c) -> str:
        m = getattr(c, "mount", None)
        if not m:
            return ""
        if m == "character" and getattr(c, "mount_on", None) in ("own", "opponent"):
            m = c.mount_on
        return (MOUNT_JA if lang == "ja" else MOUNT_EN).get(m, m)
    kinds = KIND_JA if lang == "ja" else KIND_SHORT
    return [
        ("Id", lambda c: c.id, {"no_wrap": True, "style": "bold"}),
        ("Kind", lambda c: kinds.get(getattr(c, "kind", ""), getattr(c, "kind", "")), {"no_wrap": True}),
        ("Name", lambda c: card_label(c, lang), {"ratio": 2}),
        ("Seg", lambda c: str(c.segment) if is_char(c) else "", {"justify": "right"}),
        ("P/T", lambda c: f"{c.power}/{c.toughness}" if is_char(c) else "", {"justify": "right", "no_wrap": True}),
        ("Programs", lambda c: _programs_of(c, lang) if is_char(c) else "", {"ratio": 1}),
        ("Gender", gender, {"no_wrap": True}),
        ("Work", lambda c: (getattr(c, "work", "") or "") if is_char(c) else "", {"max_width": 18}),
        ("Mount", mount, {"no_wrap": True}),
        ("Text / abilities", lambda c: card_text(c, lang), {"ratio": 3}),
    ]


def card_facts(card: Any, lang: str) -> list[str]:
    """Facts line on narrow terminals: "char · 3 seg · 3/3 · Bed In, Place · female · W2"."""
    get = {h: g for h, g, _ in card_columns(lang)}
    out = [get["Kind"](card)]
    if get["Seg"](card):
        out.append(f"{get['Seg'](card)} seg")
    for h in ("P/T", "Programs", "Gender", "Work"):
        if get[h](card):
            out.append(get[h](card))
    if get["Mount"](card):
        out.append(("mount " if lang != "ja" else "") + get["Mount"](card))
    return out


# --- the renderer --------------------------------------------------------------------------------

class Renderer(BoardRenderer):
    #: stacking is face down and secret: others learn nothing of it, not even that it happened
    #: (TT-T2; the counts are shown when both have programmed)
    hidden_actions = frozenset({"stack"})

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        self.segments = 6
        # the timeline of the current main phase, from the events seen
        self._round = 0
        self._runs: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
        self._overflow: dict[int, list[str]] = {0: [], 1: []}
        self._last_start = 0
        self._obs_cache: tuple[Any, Any, dict] | None = None

    # --- card helpers ----------------------------------------------------------------------
    facts = staticmethod(card_facts)

    def card_text_of(self, card: Any) -> str:
        return card_text(card, self.lang) if card is not None else ""

    def remember(self, obs: Mapping[str, Any]) -> None:
        """Learn the names of every card visible in ``obs`` (to name cards in events)."""
        def walk(x: Any) -> None:
            if isinstance(x, dict):
                if isinstance(x.get("iid"), int) and "name" in x:
                    self._known[x["iid"]] = {k: x.get(k) for k in ("iid", "id", "name", "name_en")}
                for v in x.values():
                    walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)
        walk(obs)

    def learn(self, iid: Any, cid: Any) -> None:
        if isinstance(iid, int) and isinstance(cid, str) and iid not in self._known:
            c = self.card(cid)
            if c is not None:
                self._known[iid] = {"iid": iid, "id": cid, "name": c.name, "name_en": c.name_en}

    def name_of(self, iid: Any, cid: Any = None) -> str:
        if isinstance(cid, str):
            c = self.card(cid)
            if c is not None:
                return self.label({"name": c.name, "name_en": c.name_en})
        if isinstance(iid, int) and iid in self._known:
            return self.label(self._known[iid])
        return "a card" if iid is None else f"card #{iid}"

    def names_of(self, iids: Iterable[Any]) -> str:
        names = [self.name_of(i) for i in iids or ()]
        return ", ".join(names) if names else "nothing"

    def poss(self, player: Any) -> str:
        """Possessive inside a sentence: "your", "Opponent's", "P1's"."""
        w = self.whose(player)
        return "your" if w == "Your" else w

    def prog_name(self, kind: str | None, amount: int = 0) -> str:
        """ "配置 Place" (en) or "配置" (ja); Library Draw with its number."""
        if not kind:
            return "?"
        ja = PROGRAM_JA.get(kind, kind)
        en = PROGRAM_EN.get(kind, kind.replace("_", " ").title())
        n = f" {amount}" if amount else ""
        return f"{ja}{n}" if self.lang == "ja" else f"{ja} {en}{n}"

    def prog_label(self, label: str | None) -> str:
        kind, amount = program_kind(label)
        return self.prog_name(kind, amount)

    def short_prog(self, kind: str | None, amount: int = 0) -> str:
        table = PROGRAM_SHORT_JA if self.lang == "ja" else PROGRAM_SHORT
        s = table.get(kind or "", kind or "?")
        return f"{s}{amount}" if kind == "library_draw" and amount else s

    def kind_name(self, kind: str | None) -> str:
        return (KIND_JA if self.lang == "ja" else KIND_SHORT).get(kind or "", kind or "?")

    def state_text(self, awake: bool) -> Text:
        if self.lang == "ja":
            return Text("ウェイクアップ", style="bold green") if awake else Text("ベッドイン", style="bright_black")
        return Text("awake", style="bold green") if awake else Text("bed-in", style="bright_black")

    # --- the board -------------------------------------------------------------------------
    def board(self, obs: Mapping[str, Any]):
        self.remember(obs)
        self.segments = obs.get("segments") or 6
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
        t.append(f"Round {rnd}" if rnd else "Before the first round", style="bold")
        phase = obs.get("phase")
        t.append(" · ")
        t.append(PHASES.get(phase, str(phase)).upper(), style="bold magenta")
        if phase == "main":
            t.append(f" · segment {obs.get('segment', 0)} of {obs.get('segments', 6)}", style="bold")
        if obs.get("priority_player") is not None:
            t.append(f" · priority: {self.who(obs.get('priority_player'))}", style="dim")
        t.append("\n")
        players = obs.get("players") or []
        viewer = obs.get("viewer")
        order = [p for p in range(len(players)) if p == viewer] + [p for p in range(len(players)) if p != viewer]
        for n, p in enumerate(order):
            hp = players[p].get("hp", 0)
            if n:
                t.append("      ")
            t.append(f"{self.who(p)} ", style="bold cyan" if p == viewer else "bold")
            t.append(f" HP {hp} ", style=hp_style(hp))
            t.append(" ")
            full = max(20, hp)
            width = 20
            filled = max(0, min(width, round(width * hp / full))) if hp > 0 else 0
            t.append("█" * filled, style=hp_style(hp).split(" on ")[-1] if hp > 0 else "red")
            t.append("░" * (width - filled), style="bright_black")
        t.append("\n")
        if obs.get("result"):
            r = obs["result"]
            t.append("Game over: ", style="bold")
            t.append("draw" if r.get("winner") is None else f"{self.who(r.get('winner'))} won")
            t.append(f" ({self.reason_text(r.get('reason'))})")
        else:
            t.append("Decision: ", style="bold")
            t.append(self.decision_text(obs))
        return t

    # --- decisions -------------------------------------------------------------------------
    def _unit(self, obs: Mapping[str, Any], iid: Any) -> Mapping[str, Any] | None:
        for pv in obs.get("players") or []:
            for u in pv.get("characters") or []:
                if u.get("iid") == iid:
                    return u
        return None

    def stack_summary(self, pv: Mapping[str, Any]) -> tuple[int, int, int]:
        """(cards, segments used by the cards that fit, cards that do not fit) of your stack."""
        progs = pv.get("programs") or []
        used = sum(self._seg(x) for x in progs if x.get("fits", True))
        bad = sum(1 for x in progs if not x.get("fits", True))
        return len(progs), used, bad

    def _seg(self, view: Mapping[str, Any]) -> int:
        seg = view.get("segment")
        if isinstance(seg, int):
            return seg
        c = self.card(view.get("id"))
        return getattr(c, "segment", 0) or 0

    def decision_text(self, obs: Mapping[str, Any]) -> str:
        d = obs.get("decision")
        if not d:
            return "none"
        kind = d.get("kind")
        p = d.get("player")
        who = self.who(p)
        mine = p == obs.get("viewer")
        players = obs.get("players") or []
        chosen = [self.name_of(i) for i in obs.get("selected") or []]
        if kind == "mulligan":
            return f"{who} — keep this hand of 7, or mulligan once (the whole hand back, shuffle, draw 7)"
        if kind == "choose_program":
            progs = [self.prog_label(x) for x in d.get("programs") or []]
            text = (f"Segment {d.get('segment', obs.get('segment', 0))} · {self.whose(p)} "
                    f"{self.name_of(d.get('card'))} is revealed: ")
            if mine:
                return text + f"choose the program to run ({', '.join(progs)}) — or skip (the card is discarded)"
            return text + f"they choose which program to run ({', '.join(progs)})"
        if kind == "program":
            if mine and p < len(players):
                _, used, bad = self.stack_summary(players[p])
                text = (f"{who} — programming: stack cards face down (the top one runs first; each "
                        f"chooses its program when revealed) · {used} of {self.segments} segments if all run, "
                        f"{self.segments - used} left")
                if bad:
                    text += f" · {bad} card{'s' if bad != 1 else ''} will NOT fit"
                return text
            return f"{who} — programming (face down)"
        if kind == "block":
            att = d.get("attacker")
            u = self._unit(obs, att)
            power = f" (power {u.get('power_now')})" if u else ""
            text = (f"{who} — {self.name_of(att)} attacks{power}: block with any of "
                    f"{'your' if mine else 'their'} awake characters, then Done")
            if chosen:
                text += f" · blocking with: {', '.join(chosen)}"
            return text
        if kind == "assign_damage":
            assigned = d.get("assigned") or []
            left = (d.get("damage") or 0) - len(assigned)
            text = (f"{who} — divide {self.name_of(d.get('attacker'))}'s {d.get('damage')} damage among its "
                    f"blockers one point at a time ({left} left)")
            if assigned:
                counts: dict[Any, int] = {}
                for b in assigned:
                    counts[b] = counts.get(b, 0) + 1
                text += " · so far: " + ", ".join(f"{self.name_of(b)} {n}" for b, n in counts.items())
            return text
        if kind == "target":
            return f"{who} — choose a target for {self.name_of(d.get('source'))} ({d.get('op', 'effect')})"
        if kind == "discard":
            return f"{who} — prepare phase: discard down to 7 cards ({d.get('over')} too many)"
        if kind == "search":
            flt = d.get("filter") or {}
            what = ", ".join(f"{k} {v}" for k, v in flt.items()) or "any card"
            return f"{who} — search your deck ({what})"
        prog = d.get("program")
        if prog:
            seg = d.get("segment", obs.get("segment", 0))
            text = (f"Segment {seg} · {self.whose(p)} {self.prog_name(prog)} program "
                    f"({self.name_of(d.get('card'))}): ")
            if mine:
                text += RUN_ASK.get(prog, "decide") + " — or skip (the card is discarded)"
            else:
                text += "they decide how it runs"
            if chosen:
                text += f" · chosen: {', '.join(chosen)}"
            return text
        return super().decision_text(obs)

    # --- player panels -----------------------------------------------------------------------
    def player_panel(self, pv: Mapping[str, Any], obs: Mapping[str, Any]) -> Panel:
        p = pv.get("player")
        mine = obs.get("viewer") == p
        rows: list[Any] = []
        t = Text()
        hp = pv.get("hp", 0)
        t.append(f" HP {hp} ", style=hp_style(hp))
        t.append("   Deck ", style="bold")
        t.append(str(pv.get("deck")))
        t.append("   Hand ", style="bold")
        t.append(str(pv.get("hand_count")))
        discard = pv.get("discard") or []
        t.append("   Discard ", style="bold")
        t.append(str(len(discard)))
        if discard:
            t.append(f" (top: {self.label(discard[-1])})", style="dim")
        rows.append(t)

        chars = pv.get("characters") or []
        if chars:
            rows.append(self.characters_table(chars, obs))
        else:
            rows.append(Text("Field: no characters", style="dim"))
        devices = pv.get("devices") or []
        if devices:
            rows.append(Text.assemble(("Field devices: ", "bold"), ", ".join(self.grouped(devices))))
        resolved = pv.get("resolved") or []
        if resolved:
            rows.append(Text.assemble(("Resolved programs: ", "bold"), ", ".join(self.grouped(resolved)),
                                      (" (back to hand after the main phase)", "dim")))
        if mine and pv.get("hand") is not None:
            rows.append(self.hand_table(pv.get("hand") or []))
        who = self.who(p)
        title = f"{who} · P{p}" if not who.startswith(f"P{p}") else who
        title += f" · HP {hp}"
        if obs.get("priority_player") == p:
            title += " · priority"
        return Panel(Group(*rows), title=title, title_align="left", border_style="cyan" if mine else "white")

    def grouped(self, cards: Iterable[Mapping[str, Any]]) -> list[str]:
        counts: dict[str, int] = {}
        for c in cards:
            k = self.label(c)
            counts[k] = counts.get(k, 0) + 1
        return [k if n == 1 else f"{k} x{n}" for k, n in counts.items()]

    def attributes(self, view: Mapping[str, Any]) -> str:
        g = view.get("gender")
        sign = GENDER_SIGN.get(g or "", "")
        work = view.get("work") or ""
        return " ".join(x for x in (sign, work) if x)

    def characters_table(self, chars: list[Mapping[str, Any]], obs: Mapping[str, Any] | None = None) -> Table:
        tab = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col, kw in (("#", {"justify": "right"}), ("P/T now", {"justify": "right", "no_wrap": True}),
                        ("Printed", {"justify": "right", "no_wrap": True}), ("Dmg", {"justify": "right"}),
                        ("State", {"no_wrap": True}), ("Now", {"no_wrap": True}),
                        ("Character (attached devices)", {"overflow": "fold", "ratio": 1})):
            tab.add_column(col, **kw)
        for i, u in enumerate(chars, 1):
            pw, tg = u.get("power"), u.get("toughness")
            pn, tn = u.get("power_now", pw), u.get("toughness_now", tg)
            now = Text()
            now.append(str(pn), style="bold " + ("green" if pn > pw else "red" if pn < pw else ""))
            now.append("/")
            now.append(str(tn), style="bold " + ("green" if tn > tg else "red" if tn < tg else ""))
            dmg = u.get("damage") or 0
            dmg_t = Text(str(dmg), style="bold red") if dmg else Text("0", style="dim")
            if dmg:
                dmg_t.append(f" ({max(0, tn - dmg)} left)", style="red")
            marks = []
            if u.get("placed_this_round"):
                marks.append(Text("placed: no Attack" if self.lang != "ja" else "配置ターン", style="yellow"))
            d = (obs or {}).get("decision") or {}
            if d.get("attacker") == u.get("iid"):
                marks.append(Text("⚔ ATTACKING", style="bold red"))
            if u.get("iid") in ((obs or {}).get("selected") or []):
                marks.append(Text("✔ chosen", style="bold cyan"))
            if u.get("iid") in (d.get("assigned") or []):
                marks.append(Text(f"+{d['assigned'].count(u.get('iid'))} assigned", style="bold red"))
            new = Text(" ").join(marks) if marks else Text("-", style="dim")
            name = Text(self.label(u), style="bold")
            attrs = self.attributes(u)
            if attrs:
                name.append(f"  {attrs}", style="dim")
            for d in u.get("devices") or []:
                name.append("\n  ⚙ " + self.label(d), style="magenta")
            tab.add_row(str(i), now, Text(f"{pw}/{tg}", style="dim"), dmg_t, self.state_text(bool(u.get("awake"))),
                        new, name)
        return tab

    def hand_table(self, hand: list[Mapping[str, Any]]) -> Table:
        tab = Table(title=f"Your hand ({len(hand)})", title_justify="left", title_style="bold", box=None,
                    pad_edge=False, show_edge=False, header_style="bold")
        for col, kw in (("#", {"justify": "right"}), ("Kind", {"no_wrap": True}), ("Seg", {"justify": "right"}),
                        ("P/T", {"justify": "right", "no_wrap": True}), ("Programs", {"max_width": 34}),
                        ("♀♂ Work", {"max_width": 16}), ("Card", {"overflow": "fold", "ratio": 1})):
            tab.add_column(col, **kw)
        if not hand:
            tab.add_row("", "", "", "", "", "", Text("(empty)", style="dim"))
        for i, h in enumerate(hand, 1):
            kind = h.get("kind")
            name = Text(self.label(h), style="bold")
            if kind == "character":
                progs = " / ".join(self.short_program_label(x) for x in h.get("programs") or [])
                tab.add_row(str(i), self.kind_name(kind), str(h.get("segment", "-")),
                            f"{h.get('power')}/{h.get('toughness')}", progs, self.attributes(h), name)
            else:
                what = ""
                if kind == "device":
                    m = h.get("mount")
                    what = ("(mounted " + MOUNT_EN.get(m, str(m)) + ")") if self.lang != "ja" else \
                        "（" + MOUNT_JA.get(m, str(m)) + "）"
                elif kind == "application":
                    what = "(used by an Apply program)" if self.lang != "ja" else "（アプライで使用）"
                tab.add_row(str(i), Text(self.kind_name(kind), style="italic magenta"), "-", "-",
                            Text(what, style="dim"), "", name)
        return tab

    def card_programs(self, view: Mapping[str, Any]) -> str:
        """The programs a character card may run as: "攻撃 Attack / 再起 Reboot"."""
        sep = "、" if self.lang == "ja" else " / "
        return sep.join(self.prog_label(x) for x in view.get("programs") or []) or "?"

    def short_program_label(self, label: str) -> str:
        kind, amount = program_kind(label)
        if self.lang == "ja":
            return PROGRAM_JA.get(kind, kind) + (f" {amount}" if amount else "")
        return PROGRAM_EN.get(kind, label) + (f" {amount}" if amount else "")

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
            if n is None:  # TT-T2: simultaneous, secret until both have programmed
                parts.append(Text.assemble((f"{self.whose(p)} stack: ", "bold"), ("secret", "bold yellow"),
                                           " (programming is simultaneous: neither side sees anything of "
                                           "the other's stack, not even its size, until both are done)"))
                continue
            state = "finished programming" if pv.get("programming_done") else "programming"
            parts.append(Text.assemble((f"{self.whose(p)} stack: ", "bold"),
                                       (f"{n} card{'s' if n != 1 else ''} face down", "bold yellow"),
                                       f" ({state})"))
        if viewer is not None and viewer < len(players):
            parts.append(self.my_stack(players[viewer]))
        title = "Programming · secret stacks · each player has 6 segments"
        return Panel(Group(*parts), title=title, title_align="left", border_style="magenta")

    def my_stack(self, pv: Mapping[str, Any]):
        progs = pv.get("programs") or []
        n, used, bad = self.stack_summary(pv)
        head = Text()
        head.append("Your stack", style="bold cyan")
        head.append(f" (runs top to bottom): {n} card{'s' if n != 1 else ''}, ")
        head.append(f"{used} of {self.segments} segments used, {self.segments - used} left",
                    style="bold green" if used < self.segments else "bold yellow")
        head.append(" (if every card runs; one not run uses none)", style="dim")
        if not progs:
            head.append("\n  (empty: pick cards from your hand below; each card chooses one of its programs "
                        "when it is revealed and then uses its segment value)", style="dim")
            return head
        tab = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
        scale = " ".join(f"{k:<2}" for k in range(self.segments))
        for col, kw in (("#", {"justify": "right"}), ("Card", {"overflow": "fold", "ratio": 1}),
                        ("Programs (one, chosen when run)", {"overflow": "fold"}), ("Seg", {"justify": "right"}),
                        ("Runs", {"no_wrap": True}), (scale, {"no_wrap": True}), ("", {"no_wrap": True})):
            tab.add_column(col, **kw)
        for i, x in enumerate(progs, 1):
            cost = self._seg(x)
            start = x.get("start", 0)
            ok = x.get("fits", True)
            runs = Text(f"{start}→{start + cost}", style="" if ok else "bold red")
            bar = self.seg_bar(start, cost, ok)
            note = Text("" if ok else ("✗ WON'T FIT" if self.lang != "ja" else "✗ 破棄"), style="bold red")
            tab.add_row(str(i), Text(self.label(x), style="bold" if ok else "red strike"),
                        self.card_programs(x), str(cost), runs, bar, note)
        parts: list[Any] = [head, tab]
        if bad:
            parts.append(Text(f"⚠ {bad} card{'s' if bad != 1 else ''} at the bottom would not fit in "
                              f"{self.segments} segments if every card above runs: when reached, a card that "
                              "does not fit is discarded with every card after it", style="bold red"))
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
        label = self.short_prog(e.get("kind"), e.get("amount", 0)) if e.get("kind") else "?"
        if not e.get("kind") and e.get("kinds"):  # a face-down card of yours: what it may run as
            label = "/".join(self.short_prog(k, n) for k, n in e["kinds"])
        if status == "decoded" and not e.get("kind"):
            label = "decoded"
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
        names = {p: f"{self.who(p)} ♥{players[p].get('hp')}" for p in order}
        lw = max(cell_len(s) for s in names.values()) + 2
        scale = Text(" " * lw)
        for k in range(n + 1):
            scale.append(f"{k:<{SEG_W}}" if k < n else str(k), style="bold reverse" if k == seg else "dim")
        marker = Text(" " * (lw + seg * SEG_W) + "▼ now", style="bold yellow")
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
                    inner = f"? {k} face down " if room >= 16 else f"?{k}"
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
            row.append(f"  {left} to come" if left else "  done", style="dim")
            lines.append(row)
        for p in order:  # programs not run: they used no segments
            gone = [e for e in all_entries[p] if e["status"] in ("discarded", "decoded")]
            if gone:
                lines.append(Text(f"{self.whose(p)} not run (no segments used): " + ", ".join(
                    f"{'⊘' if e['status'] == 'decoded' else '✗'} {self.name_of(e.get('iid'), e.get('id'))} at "
                    f"{e['start']}" for e in gone), style="red"))
        # now and next, in words
        for p in order:
            for e in all_entries[p]:
                if e["status"] == "running":
                    what = self.prog_name(e.get("kind"), e.get("amount", 0)) if e.get("kind") else \
                        "(program not chosen yet)"
                    lines.append(Text.assemble(
                        ("Now ", "bold yellow"),
                        f"Segment {e['start']}: {self.who(p)} run{'s' if self.who(p) != 'You' else ''} ",
                        (what, "bold"),
                        f" — {self.name_of(e.get('iid'), e.get('id'))} ({e['cost']} seg, "
                        f"{e['start']}→{e['start'] + e['cost']})"))
        nexts = [(e["start"], p, e) for p in order for e in all_entries[p] if e["status"] == "next"]
        if nexts:
            start = min(s for s, _, _ in nexts)
            for s, p, e in nexts:
                if s != start:
                    continue
                what = (f"{self.name_of(e.get('iid'), e.get('id'))} (face down; runs as "
                        f"{' or '.join(self.prog_name(k, n) for k, n in e['kinds'])})"
                        if e.get("kinds") else "a face-down program")
                lines.append(Text.assemble(("Next ", "bold"), f"Segment {s}: {self.who(p)} · {what}"
                                           f", {e['cost']} seg"))
        for p in order:
            for e in all_entries[p]:
                if e["status"] == "hidden":
                    k = e["count"]
                    lines.append(Text.assemble(("Next ", "bold"), f"{self.who(p)}: {k} face-down program"
                                               f"{'s' if k != 1 else ''} still to run, the next from segment "
                                               f"{e['start']} (revealed when each starts)"))
        if nexts or any(e["status"] == "hidden" for p in order for e in all_entries[p]):
            lines.append(Text("A program acts at the segment where it starts; if it runs, its segments pass before "
                              "its owner's next one. At the same segment the lower HP acts first (equal HP: the "
                              "priority player), Program Decoders too", style="dim"))
        for p in order:
            if self._round == obs.get("round") and self._overflow.get(p):
                lines.append(Text(f"{self.whose(p)} {', '.join(self._overflow[p])}: did not fit in "
                                  f"{n} segments, discarded", style="red"))
        legend = Text("✓ ran   ✗ not run (discarded)   ⊘ decoded   ▶ running now   ? face down",
                      style="dim")
        lines.append(legend)
        return Panel(Group(*lines), title=f"Timeline · round {obs.get('round')} · segment {seg} of {n}",
                     title_align="left", border_style="yellow")

    # --- card texts ---------------------------------------------------------------------------
    def card_info(self, obs: Mapping[str, Any]):
        """Texts of your hand and of every card on the field."""
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
            if pv.get("programs"):
                section(f"{whose} program stack", pv["programs"], numbered=True)
            field = list(pv.get("characters") or [])
            for u in pv.get("characters") or []:
                field.extend(u.get("devices") or [])
            field.extend(pv.get("devices") or [])
            section(f"{whose} field", field)
        kinds = set()
        for pv in players:
            for zone in ("hand", "programs", "characters", "resolved"):
                for v in pv.get(zone) or []:
                    c = self.card(v.get("id"))
                    kinds.update(pr.kind for pr in getattr(c, "programs", ()) or ())
        if kinds:
            out.append("Programs\n", style="bold underline")
            for k, what in PROGRAM_HELP.items():
                if k in kinds:
                    out.append(f"  {self.prog_name(k)}: ", style="bold")
                    out.append(what + "\n")
        return out if out.plain else Text("No cards to show.")

    def reason_text(self, reason: Any) -> str:
        return REASONS.get(reason, str(reason or "").replace("_", " "))

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
            ids = ev.get("ids") or []
            self._overflow[ev.get("player")] = [self.name_of(None, i) for i in ids]

    def event_text(self, ev: Mapping[str, Any]) -> str | None:
        for key, idkey in (("card", "id"),):
            self.learn(ev.get(key), ev.get(idkey))
        self._track(ev)
        t = ev.get("type")
        p = ev.get("player")
        who = self.who(p)
        whose = self.whose(p)
        def card(key: str = "card", idkey: str = "id") -> str:
            return self.name_of(ev.get(key), ev.get(idkey))
        if t in ("shuffle", "stack"):
            return None  # stacking is shown by the action itself (face down for others)
        if t == "priority_player":
            return f"{who} {'have' if who == 'You' else 'has'} priority (acts first when HP is equal)"
        if t == "draw":
            return f"{who} drew {card()}" if ev.get("card") is not None else f"{who} drew a card"
        if t == "keep":
            return f"{who} kept the hand"
        if t == "mulligan":
            return f"{who} mulliganed: {ev.get('returned')} cards back, drew 7"
        if t == "round_start":
            return f"── Round {ev.get('round')} ──"
        if t == "programmed":  # both have programmed: the sizes of the stacks are public now
            n = ev.get("count", 0)
            return f"{who} programmed {n} card{'s' if n != 1 else ''} face down"
        if t == "phase":
            ph = ev.get("phase")
            if ph == "main":
                return f"── Main phase: the programs run on the timeline ({self.segments} segments each) ──"
            if ph == "prepare":
                return "── Prepare phase: damage is removed; hands above 7 are discarded down ──"
            return f"── {PHASES.get(ph, ph)} ──"
        if t == "programs_overflow":
            names = ", ".join(self.name_of(i, c) for i, c in zip(ev.get("cards") or [], ev.get("ids") or []))
            return (f"{whose} {names}: reached at segment {ev.get('start', '?')}, did not fit in "
                    f"{self.segments} segments — discarded")
        if t == "program_reveal":
            start, cost = ev.get("start", 0), ev.get("cost", 0)
            reveals = "reveal" if who == "You" else "reveals"
            return f"── Segment {start}: {who} {reveals} {card()} ({cost} seg) ──"
        if t == "program_use":
            runs = "run" if who == "You" else "runs"
            c = self.card(ev.get("id"))
            amount = c.programs[ev.get("index", 0)].amount if c is not None and ev.get("program") == "library_draw" \
                else 0
            return f"{who} {runs} it as {self.prog_name(ev.get('program'), amount)}"
        if t == "program_resolved":
            return (f"✓ {whose} {self.prog_name(ev.get('program'))} program is done → resolved pile "
                    f"({ev.get('segments', 0)} seg used; next program at segment {ev.get('next', '?')})")
        if t == "program_spent":
            return (f"✓ {whose} {self.prog_name(ev.get('program'))} ran: {card()} is discarded, not resolved "
                    f"({ev.get('segments', 0)} seg used; next program at segment {ev.get('next', '?')})")
        if t == "program_discarded":
            what = f"{self.prog_name(ev.get('program'))} program" if ev.get("program") else "program"
            return f"✗ {whose} {what} was not run: {card()} is discarded (no segments used)"
        if t == "program_decoded":
            return f"⊘ {whose} program {card()} was DECODED: discarded without running (no segments used)"
        if t == "place":
            return f"{who} placed {card()} on the field"
        if t == "reboot":
            return f"{who} woke up {self.names_of(ev.get('cards'))}"
        if t == "bed_in":
            return f"{card()} was put to bed (bed-in)"
        if t == "wake":
            return f"{card()} woke up"
        if t == "mount":
            on = ev.get("on")
            where = "on the field" if not isinstance(on, int) or on < 0 else f"on {self.name_of(on)}"
            return f"{who} mounted {card()} {where}"
        if t == "release":
            return f"{who} released {card()} back to hand"
        if t == "apply":
            return f"{who} applied {card()}"
        if t in ("activate", "effect"):
            c = self.card(ev.get("id"))
            ab = ""
            try:
                a = c.abilities[ev.get("ability")]
                ab = (a.text if self.lang == "ja" else a.text_en or a.text) or ""
            except Exception:  # noqa: BLE001
                pass
            return f"{who} used an ability of {card()}" + (f": {ab}" if ab else "")
        if t == "attack":
            fan = " with Fan Fire (halved)" if ev.get("fan_fire") else ""
            return (f"{who} attack{'s' if who != 'You' else ''} with {card('attacker')}{fan} "
                    f"(power {ev.get('power')}, toughness {ev.get('toughness')})")
        if t == "unblocked":
            return f"{card('attacker')} is not blocked"
        if t == "blocked":
            return f"{card('attacker')} is blocked by {self.names_of(ev.get('blockers'))}"
        if t == "clash":
            to_b = ev.get("to_blockers") or {}
            parts = ", ".join(f"{self.name_of(int(k))} takes {v}" for k, v in to_b.items())
            return f"Clash: {card('attacker')} takes {ev.get('to_attacker')}" + (f"; {parts}" if parts else "")
        if t == "hp":
            change = ev.get("change", 0)
            hp = ev.get("hp", 0)
            src = f" (from {self.name_of(ev.get('source'))})" if ev.get("source") is not None else ""
            return f"{whose} HP {hp - change} → {hp} ({change:+d}){src}"
        if t == "destroyed":
            devs = ev.get("devices") or []
            extra = f" with {self.names_of(devs)}" if devs else ""
            return f"{whose} {card()} was destroyed{extra}"
        if t == "returned":
            return f"{card()} returned to {self.poss(p)} hand"
        if t == "damage":
            return f"{card()} took {ev.get('amount')} damage ({ev.get('total')} in total)"
        if t == "modify":
            amount = ev.get("amount") or 0
            return f"{card()} gets {amount:+d} {ev.get('stat')} until the prepare phase"
        if t == "heal":
            return f"{card()} healed (damage now {ev.get('damage')})"
        if t == "mill":
            return f"{who} milled {card()} from the deck"
        if t == "search":
            return f"{who} searched the deck and took {card()}"
        if t == "discard":
            return f"{who} discarded {card()}"
        if t == "resolved_to_hand":
            return f"{whose} resolved programs return to hand: {self.names_of(ev.get('cards'))}"
        if t == "concede":
            return f"{who} conceded"
        if t == "game_over":
            w = ev.get("winner")
            return ("Game over: draw" if w is None else f"Game over: {self.who(w)} won") + \
                f" ({self.reason_text(ev.get('reason'))})"
        return super().event_text(ev)

    def event_lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """As the default, but a player's consecutive draws make one line ("You drew 3: A, B, C")."""
        merged: list[Any] = []
        for ev in events:
            if ev.get("type") == "draw" and merged and isinstance(merged[-1], list) and \
                    merged[-1][0].get("player") == ev.get("player"):
                merged[-1].append(ev)
            elif ev.get("type") == "draw":
                merged.append([ev])
            else:
                merged.append(ev)
        out: list[str | None] = []
        for item in merged:
            if isinstance(item, list) and len(item) > 1:
                for ev in item:
                    self.learn(ev.get("card"), ev.get("id"))
                who = self.who(item[0].get("player"))
                known = [self.name_of(ev.get("card"), ev.get("id")) for ev in item if ev.get("card") is not None]
                line = f"{who} drew {len(item)} cards"
                if known:
                    line += ": " + ", ".join(self.grouped_names(known))
                out.append(line)
            else:
                ev = item[0] if isinstance(item, list) else item
                try:
                    out.append(self.event_text(ev))
                except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
                    out.append(GenericRenderer.event_text(self, ev))
        return self.fold_lines(out)

    @staticmethod
    def grouped_names(names: Iterable[str]) -> list[str]:
        counts: dict[str, int] = {}
        for n in names:
            counts[n] = counts.get(n, 0) + 1
        return [k if n == 1 else f"{k} x{n}" for k, n in counts.items()]

    # --- actions: how they read, which are offered -----------------------------------------
    def hidden_label(self, action: Any) -> str:
        if action.type == "stack":
            return ""  # not shown at all: the other player may not learn how many were stacked
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
            for zone in ("hand", "characters", "devices", "resolved", "discard", "programs"):
                for k, v in enumerate(pv.get(zone) or [], 1):
                    out[v["iid"]] = {**v, "owner": pv.get("player"), "zone": zone, "pos": k}
                    for d in v.get("devices") or []:
                        out[d["iid"]] = {**d, "owner": pv.get("player"), "zone": "attached"}
        return out

    def unit_ref(self, v: Mapping[str, Any], own: bool = False) -> str:
        """ "Opponent's #2 Kai (2/2)": a character on the field, numbered as in its field table."""
        pos = f"#{v.get('pos')} " if v.get("zone") == "characters" else ""
        who = "" if own else f"{self.poss(v.get('owner'))} "
        pt = f" ({v.get('power_now')}/{v.get('toughness_now')}" if "power_now" in v else ""
        if pt and v.get("damage"):
            pt += f", {v.get('damage')} damage"
        return f"{who}{pos}{self.label(v)}{pt + ')' if pt else ''}"

    def options(self, game: Any, legal: Sequence[Any]) -> list[Any]:
        """Fold choices that are the same for you: two copies of one card in hand."""
        obs = self._observe(game, game.decision.player)
        views = self._views(obs)
        seen: set = set()
        out = []
        for a in legal:
            key = None
            cid = views.get(a.get("card"), {}).get("id")
            if a.type == "stack" and cid:
                key = ("stack", cid, a.get("program"))
            elif a.type in ("place", "apply", "discard") and cid:
                key = (a.type, cid)  # cards from the hand
            elif a.type == "mount" and cid:
                key = ("mount", cid, a.get("target"))
            elif a.type == "search_pick":
                key = ("search", game.describe(a, self.lang))
            if key is not None:
                if key in seen:
                    continue
                seen.add(key)
            out.append(a)
        return out

    def action_label(self, game: Any, action: Any, actor: int | None = None) -> str:
        base = game.describe(action, self.lang)
        if self.lang == "ja":
            try:
                return base + (self._ja_extra(game, action, actor) or "")
            except Exception:  # noqa: BLE001
                return base
        base = re.sub(r" \[([^\[\]]+)\]", r" (\1)", base)  # "名前 [Name]" -> "名前 (Name)", as on the board
        try:
            text = self._label(game, action, actor, base)
        except Exception:  # noqa: BLE001 - a renderer must never break the game
            text = None
        return text or base

    def _ja_extra(self, game: Any, a: Any, actor: int | None) -> str | None:
        """Segments after the engine's Japanese description of your programming choices."""
        if actor is None or actor != self.viewer or a.type not in ("stack", "finish_program"):
            return None
        obs = self._observe(game, self.viewer)
        me = (obs.get("players") or [])[actor]
        n, used, bad = self.stack_summary(me)
        if a.type == "stack":
            v = self._views(obs).get(a.card)
            cost = self._seg(v or {})
            start = sum(self._seg(x) for x in me.get("programs") or [])
            if bad or start + cost > self.segments:
                return " ✗ 上のカードがすべて実行されるとセグメント不足（破棄される）"
            return f" → {start}→{start + cost}、残り{self.segments - start - cost}（プログラムは使用時に選ぶ）"
        if a.type == "finish_program":
            return f"（{n}枚・{used}/{self.segments}セグメント）" + (f" ⚠ {bad}枚は破棄" if bad else "")
        return None

    def _label(self, game: Any, a: Any, actor: int | None, base_text: str = "") -> str | None:
        t = a.type
        d = game.decision
        kind = d.kind if d is not None else None
        obs = self._observe(game, self.viewer)
        if actor is not None and actor != self.viewer and t in self.hidden_actions:
            return None
        views = self._views(obs)
        v = views.get(a.get("card")) if isinstance(a.get("card"), int) else None
        name = self.label(v) if v else None
        # your own stack is known only to you
        me = (obs.get("players") or [])[actor] if isinstance(actor, int) and actor == obs.get("viewer") else None
        if t == "stack" and v and me is not None:
            c = self.card(v.get("id"))
            cost = c.segment
            n, used, bad = self.stack_summary(me)
            start = sum(self._seg(x) for x in me.get("programs") or [])
            pname = " / ".join(self.prog_name(pr.kind, pr.amount) for pr in c.programs)
            if len(c.programs) > 1:
                pname += " (chosen when it runs)"
            if bad:
                return (f"Stack {name}: {pname} · {cost} seg ✗ below a card that does not fit: "
                        "discarded too unless a card above is not run")
            if start >= self.segments:
                return (f"Stack {name}: {pname} · {cost} seg ✗ no segments left if all above run: "
                        "discarded unless one of them is not run")
            if start + cost > self.segments:
                return (f"Stack {name}: {pname} · {cost} seg ✗ does not fit ({self.segments - start} left if all "
                        "above run): discarded unless one of them is not run")
            left = self.segments - start - cost
            return f"Stack {name}: {pname} · {cost} seg → runs {start}→{start + cost}, {left} left after"
        if t == "finish_program" and me is None:
            return "Finish programming"
        if t == "finish_program":
            n, used, bad = self.stack_summary(me)
            if n == 0:
                return "Finish programming with an empty stack (run nothing this round)"
            text = f"Finish programming: {n} card{'s' if n != 1 else ''}, {used} of {self.segments} segments"
            if bad:
                text += f" — {bad} card{'s' if bad != 1 else ''} will NOT fit and will be discarded!"
            return text
        if t == "skip":
            return "Skip: do not run this program (the card is discarded; no segments used)"
        if t == "use":
            running = ((obs.get("players") or [])[d.player].get("running") or {}) if d is not None else {}
            labels = running.get("programs") or []
            if isinstance(a.get("program"), int) and a.program < len(labels):
                kind, amount = program_kind(labels[a.program])
                what = PROGRAM_HELP.get(kind, "")
                return f"Run it as {self.prog_name(kind, amount)}" + (f": {what}" if what else "")
        if t == "keep":
            return "Keep this hand"
        if t == "mulligan":
            return "Mulligan: return the whole hand, shuffle, draw 7"
        if t == "pick" and v:
            pt = f"{v.get('power_now')}/{v.get('toughness_now')}"
            ref = f"#{v.get('pos')} {name}" if v.get("zone") == "characters" else name
            if kind == "attackers":
                if (d.info or {}).get("program") == "fan_fire":
                    half = f"{(v.get('power_now', 0) + 1) // 2}/{(v.get('toughness_now', 0) + 1) // 2}"
                    return f"Attack with {ref} (Fan Fire: {pt} halved to {half})"
                return f"Attack with {ref} ({pt})"
            if kind == "reboot":
                return f"Wake up {ref} ({pt}{'' if not v.get('awake') else ', already awake'})"
        if t == "done" and actor != obs.get("viewer"):  # their picks are not in your observation
            return {"block": "Done choosing blockers", "attackers": "Done choosing attackers",
                    "reboot": "Done choosing"}.get(kind)
        if t == "done":
            chosen = [self.name_of(i) for i in obs.get("selected") or []]
            if kind == "attackers":
                return f"Done: attack with {', '.join(chosen)}" if chosen else None
            if kind == "reboot":
                return f"Done: wake up {', '.join(chosen)}" if chosen else None
            if kind == "block":
                if chosen:
                    return f"Done: block with {', '.join(chosen)}"
                att = views.get((d.info or {}).get("attacker"))
                power = f" ({att.get('power_now')} damage to your HP)" if att else ""
                return f"No block: let it through{power}"
        if t == "block" and v:
            return f"Block with {self.unit_ref(v, own=True)}"
        if t == "mount" and v:
            tgt = a.get("target")
            tv = views.get(tgt) if isinstance(tgt, int) and tgt >= 0 else None
            where = f"on {self.poss(tv.get('owner'))} {self.label(tv)}" if tv else "on your field"
            return f"Mount {name} {where}"
        if t == "release" and v:
            return f"Release {name} back to your hand"
        if t == "apply" and v:
            c = self.card(v.get("id"))
            text = card_text(c, self.lang) if c is not None else ""
            return f"Apply {name}" + (f": {text.splitlines()[0]}" if text else "")
        if t == "place" and v:
            return f"Place {name} ({v.get('power')}/{v.get('toughness')}, {v.get('segment')} seg)"
        if t == "bed_in" and v:
            return f"Put {self.unit_ref(v)} to bed"
        if t == "assign" and v:
            return f"Assign 1 damage to {self.unit_ref(v, own=True)}"
        if t == "discard" and v:
            return f"Discard {name}"
        if t in ("activate", "effect") and v:
            c = self.card(v.get("id"))
            ab = c.abilities[a.ability]
            text = (ab.text_en or ab.text) or f"ability {a.ability + 1}"
            for prefix in ("Activate:", "Effect:", "起動：", "効果："):
                if text.startswith(prefix):
                    text = text[len(prefix):].strip()
            return f"Use {name}{' (device)' if t == 'effect' else ''}: {text}"
        if t == "run":
            running = ((obs.get("players") or [])[actor].get("running") or {}) if isinstance(actor, int) else {}
            amount = program_kind(running.get("program"))[1]
            return "Run it: draw" + (f" {amount}" if amount else "") + " (then this card is discarded)"
        if t == "target":
            tv = views.get(a.get("target"))
            if tv:
                return f"Target {self.unit_ref(tv)}"
        return None


__all__ = ["Renderer", "card_columns", "card_facts", "program_kind"]
