"""Text board of Z/X -Zillions of enemy X- for the terminal, drawn with rich.

Layout only: every word comes from the game's presentation layer (``tcg.games.zx.text``: event
lines, prompts, option labels, square and zone names, in English or Japanese). It reads the
observation dict of ``game.observe(player)`` (see games/zx/view.py) and the public card database
(``game.rules.cards``) for printed fields and texts.

What a player sees:

* a header: turn, phase, whose turn, who went first, and the pending decision in words; during a
  battle a banner: attacker against target with both powers (or against the player and their
  life), what happens if nobody plays anything, and whose turn it is to play a battle event;
* the 3x3 board, the opponent's row at the top and yours at the bottom (player 1 sees the board
  turned round), every square numbered and named; each Z/X with its name, owner, colour and cost,
  power now / printed, damage, リブート (rebooted) or スリープ (asleep), force, attached SHIFT and
  Z/X EX / Z/X OB marks;
* beside the board (below it on narrow terminals) each player's panel: life left, hand, deck,
  trash (top card), charge, resources (colour dots, ● rebooted / ○ asleep), player card, dynamis,
  counters and the once-per-turn Z/X EX / EV EX / SHIFT;
* your dynamis (how each face-down card comes out) and your hand."""
from __future__ import annotations

import functools
from typing import Any, Iterable, Mapping, Sequence

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..games.zx import text as W
from ..games.zx.cards import COLORS
from . import card_label, label_players
from .board_base import BoardRenderer

#: colour -> Japanese name (``tcg cards --color 白``)
COLOR_JA = {c: W.color_name(c, "ja") for c in COLORS}
COLOR_STYLE = {"red": "bold red", "blue": "bold blue", "white": "bold white", "black": "bold bright_black",
               "green": "bold green"}
CELL = 28  # width of a board square (characters)


def color_name(color: Any, lang: str = "en") -> str:
    return W.color_name(color, lang)


def counter_name(counter: Any, lang: str = "en", n: int | None = None) -> str:
    return W.counter_name(counter, lang, n)


zx_card_text = W.card_text
how_text = W.how_text


# --- tcg cards ---------------------------------------------------------------------------------

def card_columns(lang: str) -> list[tuple[str, Any, dict]]:
    """The columns of ``tcg cards zx`` (headers are the CLI's column ids: "Kind" finds kinds)."""
    def cost(c) -> str:
        return str(c.cost) if c.kind in ("zx", "event", "zx_ex", "ev_ex") else ""

    def power(c) -> str:
        return str(c.power) if c.kind in ("zx", "zx_ex", "zx_ob") else ""

    def timing(c) -> str:
        return W.timing_name(c.timing, lang) if c.kind in ("event", "ev_ex") else ""
    return [
        ("Id", lambda c: c.id, {"no_wrap": True, "style": "bold"}),
        ("Kind", lambda c: W.kind_name(c.kind, lang), {"no_wrap": True}),
        ("Name", lambda c: card_label(c, lang), {"ratio": 2}),
        ("Colour", lambda c: W.color_name(c.color, lang), {"no_wrap": True}),
        ("Cost", cost, {"justify": "right"}),
        ("Power", power, {"justify": "right"}),
        ("Race", lambda c: c.race or "", {"max_width": 10}),
        ("Ign", lambda c: "⚡" if c.ignition else "", {"no_wrap": True}),
        ("Timing", timing, {"no_wrap": True}),
        ("Marks", lambda c: W.t("fmt.list", lang).join(W.mark_names(c, lang)), {"max_width": 14}),
        ("Dynamis", lambda c: W.dynamis_cell(c, lang), {"max_width": 22}),
        ("Text / abilities", lambda c: W.card_text(c, lang), {"ratio": 3}),
    ]


def card_facts(card: Any, lang: str) -> list[str]:
    """Facts line on narrow terminals: "Z/X · red · cost 2 · power 3000 · ⚡ ignition"."""
    get = {h: g for h, g, _ in card_columns(lang)}
    out = [get["Kind"](card)]
    for header, stat in (("Colour", None), ("Cost", "stat.cost"), ("Power", "stat.power"), ("Race", None),
                         ("Timing", "stat.timing"), ("Marks", None), ("Dynamis", None)):
        value = get[header](card)
        if value:
            out.append(W.t(stat, lang, n=value, timing=value) if stat else value)
    if get["Ign"](card):
        out.append(W.t("stat.ignition", lang))
    return out


class _BoardLayout:
    """The board with the players' panels beside it when the terminal is wide enough, else the
    opponent's panel, the board and your panel one under the other."""

    def __init__(self, grid: Any, top: Any, bottom: Any, width: int):
        self.grid, self.top, self.bottom, self.width = grid, top, bottom, width

    def __rich_console__(self, console, options):
        if options.max_width >= self.width + 33:
            t = Table.grid(padding=(0, 1))
            t.add_column(width=self.width, no_wrap=True)
            t.add_column(ratio=1)
            t.add_row(self.grid, Group(self.top, self.bottom))
            yield t
        else:
            yield self.top
            yield self.grid
            yield self.bottom


# --- the renderer --------------------------------------------------------------------------------

class Renderer(BoardRenderer):
    hidden_actions = W.HIDDEN_ACTIONS

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        self.persp = viewer if viewer in (0, 1) else 0  # whose side is at the bottom
        # players are named by the game's words ("You" / "あなた"), unless the caller named them
        custom = names is not None and dict(names) != label_players(viewer, 2)
        self._names = dict(names) if custom else None
        self.book = W.CardBook(self._cards, game, viewer) if game is not None else W.CardBook(self._cards)
        self.voice = W.Voice(viewer, lang, self.book, self._names)
        self._sources: dict[Any, tuple] = {}  # target action -> the card whose effect it continues

    # --- words -------------------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        return W.t(key, self.lang, **params)

    def who(self, player: Any) -> str:
        return self.voice.who(player)

    def whose(self, player: Any) -> str:
        return W._cap(self.voice.whose(player)) if self.lang != "ja" else self.voice.whose(player)

    def poss(self, player: Any) -> str:
        """Possessive inside a sentence: "your", "Opponent's", "P1's"."""
        return self.voice.whose(player)

    def kind_name(self, kind: Any) -> str:
        return W.kind_name(kind, self.lang)

    def reason_text(self, reason: Any) -> str:
        return W.reason_text(reason, self.lang)

    def sq_name(self, sq: Any) -> str:
        return self.voice.sq_name(sq)

    def sq(self, sq: Any) -> str:
        return self.voice.sq(sq)

    def short(self, view: Mapping[str, Any] | None) -> str:
        return self.voice.short(view)

    def stats(self, cid: Any) -> str:
        return self.voice.stats(cid)

    def grouped(self, names: Iterable[str]) -> list[str]:
        return self.voice.grouped(names)

    def join(self, items: Iterable[str]) -> str:
        return self.voice.join(items)

    # --- cards and names ---------------------------------------------------------------------
    facts = staticmethod(card_facts)

    def card_text_of(self, card: Any) -> str:
        return W.card_text(card, self.lang)

    def card_place(self, view: Mapping[str, Any]) -> str:
        return self.t("fmt.on_square", square=self.sq(view["square"])) if view.get("square") is not None else ""

    def remember(self, obs: Mapping[str, Any]) -> None:
        """Learn the names and owners of every card visible in ``obs``."""
        self.book.see(obs)

    def name_of(self, iid: Any, cid: Any = None) -> str:
        return self.voice.card(iid, cid)

    @staticmethod
    def units(obs: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
        return {sq: u for sq, u in enumerate(obs.get("board") or []) if u}

    def display_order(self) -> list[list[int]]:
        rows = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
        if self.persp == 1:
            rows = [list(reversed(r)) for r in reversed(rows)]
        return rows

    # --- the board -------------------------------------------------------------------------
    def board(self, obs: Mapping[str, Any]):
        self.remember(obs)
        players = obs.get("players") or []
        me, opp = self.persp, 1 - self.persp
        parts: list[Any] = [self.header(obs)]
        if obs.get("battle"):
            parts.append(self.battle_banner(obs))
        grid = self.grid(obs)
        top = self.player_panel(players[opp], obs) if len(players) > opp else Text("")
        bottom = self.player_panel(players[me], obs) if len(players) > me else Text("")
        parts.append(_BoardLayout(grid, top, bottom, 3 * (CELL + 3) + 1))
        if len(players) > me and players[me].get("dynamis") is not None:
            parts.append(self.dynamis_table(players[me]))
        if len(players) > me and players[me].get("hand") is not None:
            parts.append(self.hand_table(players[me].get("hand") or [], obs))
        return Group(*parts)

    def header(self, obs: Mapping[str, Any]) -> Group:
        t = Text()
        turn = obs.get("turn", 0)
        phase = obs.get("phase")
        t.append(self.t("ui.turn", turn=turn) if turn else self.t("header.before"), style="bold")
        t.append(" · ")
        t.append(W.phase_name(phase if turn else "setup", self.lang).upper(), style="bold magenta")
        if turn:
            active = obs.get("active")
            t.append(" · ")
            t.append(self.t("header.turn_of", whose=self.whose(active)),
                     style="bold cyan" if active == self.viewer else "bold yellow")
            if turn == 1:
                t.append(self.t("header.first_draw"), style="dim")
        if obs.get("first_player") is not None and turn:
            t.append(self.t("header.first", who=self.who(obs.get("first_player"))), style="dim")
        d = Text()
        if obs.get("result"):
            r = obs["result"]
            d.append(self.t("header.game_over"), style="bold")
            d.append(self.t("header.draw") if r.get("winner") is None else self.t("header.won", who=self.who(r.get("winner"))),
                     style="bold")
            d.append(self.t("fmt.paren", text=self.reason_text(r.get("reason"))))
        else:
            d.append(self.t("header.decision"), style="bold")
            d.append(self.decision_text(obs), style="bold green" if (obs.get("decision") or {}).get("player")
                     == self.viewer and self.viewer is not None else "")
        return Group(t, d)

    # --- the grid ----------------------------------------------------------------------------
    def grid(self, obs: Mapping[str, Any]) -> Table:
        units = self.units(obs)
        battle = obs.get("battle") or {}
        players = obs.get("players") or []
        tab = Table(box=box.SQUARE, show_header=False, show_lines=True, padding=(0, 1), pad_edge=True)
        for _ in range(3):
            tab.add_column(width=CELL, no_wrap=True, overflow="ellipsis")
        owner_of_psq = {sq: p for p, sq in enumerate(obs.get("player_squares") or (7, 1))}
        for row in self.display_order():
            tab.add_row(*[self.cell(sq, units.get(sq), battle, owner_of_psq.get(sq), players, units)
                          for sq in row])
        return tab

    def _owner_style(self, owner: Any) -> str:
        if self.viewer is None:
            return "bold cyan" if owner == 0 else "bold yellow"
        return "bold cyan" if owner == self.viewer else "bold yellow"

    def cell(self, sq: int, u: Mapping[str, Any] | None, battle: Mapping[str, Any], psq_owner: Any,
             players: Sequence[Mapping[str, Any]], units: Mapping[int, Mapping[str, Any]]) -> Text:
        lines: list[Text] = []
        head = Text()
        head.append(f"{sq} ", style="bold")
        if psq_owner is not None:
            head.append("◆ ", style=self._owner_style(psq_owner))
        head.append(self.sq_name(sq), style="bold" if psq_owner is not None else "dim")
        lines.append(head)
        if battle and battle.get("attacker") == sq:
            lines.append(Text(self.t("cell.attacking"), style="bold white on red"))
        if battle and battle.get("target") == sq and sq >= 0:
            lines.append(Text(self.t("cell.attacked"), style="bold white on red"))
        if u and u.get("face_down"):
            lines.append(Text(self.t("cell.start_card", whose=self.whose(u.get("owner"))),
                              style=self._owner_style(u.get("owner"))))
            lines.append(Text(self.t("cell.face_down"), style="dim"))
        elif u:
            lines.append(Text(str(u.get("name") or "?"), style=self._owner_style(u.get("owner"))))
            if self.lang != "ja" and u.get("name_en"):
                lines.append(Text(str(u["name_en"]), style="dim"))
            info = Text()
            info.append(self.who(u.get("owner")), style=self._owner_style(u.get("owner")))
            info.append(" · ")
            info.append(color_name(u.get("color"), self.lang), style=COLOR_STYLE.get(u.get("color"), ""))
            if u.get("cost") is not None:
                info.append(f" {u.get('cost')}")
            kind = u.get("kind")
            if kind in ("zx_ex", "zx_ob"):
                info.append(f" · {self.kind_name(kind)}", style="bold magenta")
            lines.append(info)
            now, printed, dmg = u.get("power_now", 0), u.get("power", 0), u.get("damage", 0)
            pw = Text()
            pw.append("⚔ ")
            pw.append(str(now), style="bold " + ("green" if now > printed else "red" if now < printed else ""))
            pw.append(f"/{printed}", style="dim")
            if dmg:
                pw.append(self.t("cell.damage", n=dmg), style="bold red")
            lines.append(pw)
            st = Text()
            if u.get("asleep"):
                st.append(self.t("cell.asleep"), style="bright_black")
            else:
                st.append(self.t("cell.ready"), style="green")
            if u.get("force"):
                st.append(self.t("cell.force", n=u.get("force")), style="magenta")
            lines.append(st)
            if u.get("shift"):
                lines.append(Text(self.t("cell.shift", card=self.short(u["shift"])), style="magenta"))
        else:
            lines.append(Text(self.t("cell.empty"), style="dim"))
        if psq_owner is not None and len(players) > psq_owner:
            pv = players[psq_owner]
            pc = pv.get("player_card") or {}
            if u is None:
                ob = any(x.get("owner") == psq_owner and x.get("kind") == "zx_ob" for x in units.values())
                lines.append(Text(self.t("cell.ob_guard" if ob else "cell.open"), style="dim" if ob else "yellow"))
            if pc.get("face_down"):
                lines.append(Text(self.t("cell.pc_face_down"), style="dim"))
            elif pc and not pv.get("player_face_up"):
                lines.append(Text(self.t("cell.pc_down", card=self._player_card(pc)), style="dim"))
            elif pc:
                lines.append(Text(self.t("cell.pc", card=self._player_card(pc)), style="dim"))
        return Text("\n").join(lines)

    def _player_card(self, pc: Mapping[str, Any]) -> str:
        """A player card's name (the nameless stand-in has no id)."""
        return self.short(pc) if pc.get("id") else self.t("panel.nameless")

    # --- battle ------------------------------------------------------------------------------
    def _battle(self, obs: Mapping[str, Any]):
        return W.battle_of(obs)

    def outcome(self, att: Mapping[str, Any] | None, tgt: Mapping[str, Any] | None) -> str:
        return W.outcome(self.voice, att, tgt)

    def battle_banner(self, obs: Mapping[str, Any]) -> Text:
        got = self._battle(obs)
        t = Text()
        t.append(self.t("battle.title"), style="bold white on red")
        t.append(" ")
        if got is None:
            return t
        att, tgt, tgt_sq, defender = got
        players = obs.get("players") or []
        if att:
            t.append(self.voice.finish(self.t("battle.attacker", whose=self.poss(att.get("owner")), card=self.label(att),
                                              power=att.get("power_now"), square=self.sq(att.get("square")))),
                     style="bold")
        else:
            t.append(self.t("battle.attacker_gone"), style="bold")
        t.append(" → ")
        if tgt_sq is not None and tgt_sq < 0:
            life = players[defender].get("life") if isinstance(defender, int) and defender < len(players) else "?"
            t.append(self.t("battle.player", who=self.who(defender), life=life), style="bold")
        elif tgt:
            t.append(self.voice.unit(tgt), style="bold")
        else:
            t.append(self.t("battle.target_gone"), style="bold")
        d = obs.get("decision") or {}
        if d.get("kind") in ("life_pick", "life_card"):
            t.append("\n  " + self.t("battle.hits"))
        else:
            t.append("\n  " + self.t("battle.if_nothing", outcome=W.battle_outcome(self.voice, obs)))
        if d.get("kind") == "battle":
            p = d.get("player")
            t.append("\n  " + self.t("battle.events"))
            t.append(self.t("battle.to_act", who=self.who(p)), style="bold cyan" if p == self.viewer else "bold yellow")
            if d.get("passes"):
                t.append(self.t("battle.passed", who=self.who(1 - p)))
            else:
                t.append(self.t("battle.both_pass"))
        elif d.get("kind") == "life_pick":
            p = d.get("player")
            t.append("\n  " + self.t(self.voice.keyed("battle.life_pick", p), who=self.who(p)))
        return t

    # --- player panels -------------------------------------------------------------------------
    def resources_text(self, res: Sequence[Mapping[str, Any]]) -> Text:
        t = Text()
        awake = sum(1 for r in res if not r.get("asleep"))
        t.append(self.t("panel.resources", ready=awake, total=len(res)), style="bold")
        by: dict[str, list[bool]] = {}
        for r in res:
            by.setdefault(r.get("color") or "?", []).append(not r.get("asleep"))
        for n, (color, states) in enumerate(by.items()):
            t.append("\n  " if n == 0 else "  ")
            t.append(color_name(color, self.lang) + " ", style=COLOR_STYLE.get(color, ""))
            for up in sorted(states, reverse=True):
                t.append("●" if up else "○", style=COLOR_STYLE.get(color, "") if up else "bright_black")
        return t

    def player_panel(self, pv: Mapping[str, Any], obs: Mapping[str, Any]) -> Panel:
        p = pv.get("player")
        mine = p == self.viewer
        rows: list[Any] = []
        life = pv.get("life", 0)
        t = Text()
        t.append(self.t("panel.life", n=life), style="bold white on red" if life <= 1 else "bold white on dark_red")
        t.append(" ")
        t.append("■" * min(life, 10), style="red")
        t.append(self.t("panel.hand_deck", hand=pv.get("hand_count", 0), deck=pv.get("deck", 0)), style="bold")
        rows.append(t)
        charge = pv.get("charge") or []
        t = Text()
        t.append(self.t("panel.charge", n=len(charge)), style="bold")
        if charge:
            t.append(self.t("fmt.colon", text=" · ".join(self.short(c) for c in charge)))
        rows.append(t)
        trash = pv.get("trash") or []
        t = Text()
        t.append(self.t("panel.trash", n=len(trash)), style="bold")
        if trash:
            t.append(self.t("panel.top", card=self.short(trash[-1])), style="dim")
        rows.append(t)
        rows.append(self.resources_text(pv.get("resources") or []))
        pc = pv.get("player_card") or {}
        t = Text()
        t.append(self.t("panel.player_card"), style="bold")
        if pc.get("face_down"):
            t.append(self.t("panel.face_down"), style="dim")
        else:
            t.append(self._player_card(pc))
            if not pv.get("player_face_up"):
                t.append(self.t("panel.face_down.paren"), style="dim")
        rows.append(t)
        n = pv.get("dynamis_count", 0)
        up = pv.get("dynamis_face_up") or []
        t = Text()
        t.append(self.t("panel.dynamis", n=n), style="bold")
        t.append(self.t("panel.dynamis_detail", unused=n - len(up), used=len(up)), style="dim")
        if up and not mine:
            t.append(self.t("panel.dynamis_used", cards=self.join(self.grouped(self.short(c) for c in up))))
        rows.append(t)
        counters = {k: v for k, v in (pv.get("counters") or {}).items() if v}
        if counters:
            rows.append(Text.assemble((self.t("panel.counters"), "bold"), self.join(
                self.t("counter.amount", name=counter_name(k, self.lang, v), count=v) for k, v in counters.items())))
        used = pv.get("used") or {}
        t = Text()
        t.append(self.t("panel.ex"))
        if used.get("zx_ex") or used.get("ev_ex"):
            t.append(self.t("panel.used_kind", kind=self.kind_name("zx_ex" if used.get("zx_ex") else "ev_ex")),
                     style="bright_black")
        else:
            t.append(self.t("state.free"), style="green")
        t.append(self.t("panel.shift"))
        t.append(self.t("state.used" if used.get("shift") else "state.free"),
                 style="bright_black" if used.get("shift") else "green")
        rows.append(t)
        if pv.get("revealed"):
            rows.append(Text.assemble((self.t("panel.revealed"), "bold"), (self.label(pv["revealed"]), "bold yellow"),
                                      self.t("fmt.paren", text=f"{self.stats(pv['revealed'].get('id'))}, ⚡")))
        if pv.get("resolving"):
            rows.append(Text.assemble((self.t("panel.resolving"), "bold"),
                                      self.join(self.short(c) for c in pv["resolving"])))
        title = self.who(p)
        if not title.startswith(f"P{p}"):
            title = self.t("panel.title", who=title, player=p)
        if obs.get("active") == p and obs.get("turn"):
            title += self.t("panel.your_turn" if mine else "panel.their_turn")
        return Panel(Group(*rows), title=title, title_align="left", border_style="cyan" if mine else "yellow",
                     padding=(0, 1))

    # --- your dynamis and hand -------------------------------------------------------------------
    def dynamis_table(self, pv: Mapping[str, Any]) -> Group:
        """Your dynamis: one line per face-down card (grouped copies) with how it comes out; the
        face-up (used) cards on one line."""
        dyn = pv.get("dynamis") or []
        down = [c for c in dyn if not c.get("face_up")]
        up = [c for c in dyn if c.get("face_up")]
        title = Text(self.t("dyn.title", n=len(dyn)), style="bold")
        title.append(self.t("dyn.legend", down=len(down), up=len(up)), style="dim")
        tab = Table.grid(padding=(0, 1))
        for kw in ({"no_wrap": True}, {"no_wrap": True}, {"no_wrap": True}, {"justify": "right", "no_wrap": True},
                   {"no_wrap": True, "max_width": 66}, {"ratio": 1, "overflow": "fold"}):
            tab.add_column(**kw)
        groups: dict[Any, list[Mapping[str, Any]]] = {}
        for c in down:
            groups.setdefault(c.get("id"), []).append(c)
        counters = pv.get("counters") or {}
        for cid, cs in groups.items():
            c = cs[0]
            printed = self.card(cid)
            cost = f" {c.get('cost')}" if c.get("cost") is not None else ""
            tab.add_row(Text(f"  ▼×{len(cs)}", style="green"), Text(self.kind_name(c.get("kind")), style="magenta"),
                        Text(color_name(c.get("color"), self.lang) + cost, style=COLOR_STYLE.get(c.get("color"), "")),
                        str(c.get("power")) if c.get("power") is not None else "",
                        Text(self.label(c), style="bold"),
                        Text(how_text(printed, self.lang, counters, len(up)) if printed is not None else "",
                             style="dim"))
        rows: list[Any] = [title]
        if down:
            rows.append(tab)
        if up:
            rows.append(Text(self.t("dyn.used", cards=self.join(self.grouped(self.short(c) for c in up))),
                             style="bright_black"))
        return Group(*rows)

    def hand_table(self, hand: Sequence[Mapping[str, Any]], obs: Mapping[str, Any]) -> Table:
        tab = Table(title=self.t("hand.title", n=len(hand)), title_justify="left", title_style="bold", box=None,
                    pad_edge=False, show_edge=False, header_style="bold")
        for col, kw in (("number", {"justify": "right"}), ("kind", {"no_wrap": True}), ("color", {"no_wrap": True}),
                        ("cost", {"justify": "right"}), ("power", {"justify": "right"}),
                        ("ignition", {"no_wrap": True}), ("timing", {"no_wrap": True}),
                        ("card", {"ratio": 1, "overflow": "fold"})):
            tab.add_column(self.t(f"hand.{col}"), **kw)
        if not hand:
            tab.add_row("", "", "", "", "", "", "", Text(self.t("hand.empty"), style="dim"))
        for i, h in enumerate(hand, 1):
            c = self.card(h.get("id"))
            kind = h.get("kind")
            name = Text(self.label(h), style="bold")
            marks = W.mark_names(c, self.lang) if c is not None else []
            if marks:
                name.append("  " + self.join(marks), style="dim")
            timing = W.timing_name(getattr(c, "timing", "main"), self.lang) if kind == "event" else \
                (W.timing_name("main", self.lang) if kind == "zx" else "")
            tab.add_row(str(i), Text(self.kind_name(kind), style="" if kind == "zx" else "italic magenta"),
                        Text(color_name(h.get("color"), self.lang), style=COLOR_STYLE.get(h.get("color"), "")),
                        str(h.get("cost", "")), str(h.get("power", "")) if h.get("power") is not None else "",
                        Text("⚡", style="bold yellow") if h.get("ignition") else Text(""), timing, name)
        return tab

    # --- decisions -----------------------------------------------------------------------------
    def decision_text(self, obs: Mapping[str, Any]) -> str:
        return W.prompt(obs.get("decision"), self.viewer, self.lang, obs=obs, cards=self.book, names=self._names)

    # --- card texts (i) ------------------------------------------------------------------------
    def card_info(self, obs: Mapping[str, Any]):
        """Texts of your hand and dynamis, the Z/X on the board (with SHIFTs) and revealed cards,
        then the rules in short."""
        self.remember(obs)
        out = Text()
        section = functools.partial(self.card_section, out)
        players = obs.get("players") or []
        me = players[self.viewer] if self.viewer is not None and self.viewer < len(players) else None
        if me is not None:
            section(self.t("info.hand"), me.get("hand") or [], numbered=True)
            section(self.t("info.dynamis"), [c for c in me.get("dynamis") or [] if not c.get("face_up")])
        units = [u for u in obs.get("board") or [] if u and not u.get("face_down")]
        section(self.t("info.board"), units)
        section(self.t("info.shifts"), [u["shift"] for u in units if u.get("shift")])
        for pv in players:
            if pv.get("revealed"):
                section(self.t("info.revealed", whose=self.whose(pv.get("player"))), [pv["revealed"]])
        out.append(self.t("info.reminders") + "\n", style="bold underline")
        for key in ("costs", "battle", "ignition", "zones"):
            out.append(f"  {self.t(f'rules.{key}')}\n", style="dim")
        return out

    # --- events -------------------------------------------------------------------------------
    def event_text(self, ev: Mapping[str, Any]) -> str | None:
        return W.narrate(ev, self.viewer, self.lang, self.book, self._names)

    def event_lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """Summarised lines (see ``tcg.games.zx.text.lines``)."""
        return W.lines(events, self.viewer, self.lang, self.book, self._names)

    def step_lines(self, player: Any, action: Any, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """The events under a step, without the one that only repeats the action (and the payment
        the action line already states)."""
        return W.lines(events, self.viewer, self.lang, self.book, self._names, action=action, actor=player,
                       step=True, source=self._sources.pop(action, None) if action is not None else None)

    # --- actions: how they read, which are offered -----------------------------------------
    def hidden_label(self, action: Any) -> str:
        return W.hidden_label(action, self.lang)

    def options(self, game: Any, legal: Sequence[Any]) -> list[Any]:
        """One action per path of ``text.menu`` (copies of one card offered once)."""
        if game.decision is None:
            return list(legal)
        seen: set[tuple[str, ...]] = set()
        out = []
        for path, a in W.menu(game, legal, self.viewer, self.lang):
            if path not in seen:
                seen.add(path)
                out.append(a)
        return out

    def action_label(self, game: Any, action: Any, actor: int | None = None) -> str:
        d = game.decision
        if d is not None and d.kind == "target" and isinstance((d.info or {}).get("source"), int):
            # the effect goes on once the target is chosen: its lines name the card (step_lines)
            self._sources[action] = (d.info["source"], None)
        return W.label(game, action, self.viewer, self.lang, actor, self._names, self.book)


__all__ = ["COLOR_JA", "Renderer", "card_columns", "card_facts", "how_text", "zx_card_text"]
