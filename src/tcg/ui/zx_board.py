"""Text board of Z/X -Zillions of enemy X- for the terminal, drawn with rich.

It reads the observation dict of ``game.observe(player)`` (see games/zx/view.py), the public card
database (``game.rules.cards``) for printed fields and texts, and the events it is shown.

What a player sees:

* a header: turn, phase, whose turn, who went first, and the pending decision in words; during a
  battle a banner: attacker against target with both powers (or against the player and their
  life), what happens if nobody plays anything, and whose turn it is to play a battle event;
* the 3x3 board, the opponent's row at the top and yours at the bottom (player 1 sees the board
  turned round), every square numbered and named ("centre", "your left", "Opponent's player
  square"); each Z/X with its name, owner, colour and cost, power now / printed, damage,
  リブート (rebooted) or スリープ (asleep), force, attached SHIFT and Z/X EX / Z/X OB marks;
* beside the board (below it on narrow terminals) each player's panel: life, hand, deck, trash
  (top card), charge (cards listed, 4 at most), resources (colour dots, ● rebooted / ○ asleep),
  player card (face up / down), dynamis (count, face-up cards), counters and the once-per-turn
  Z/X EX / EV EX / SHIFT;
* your dynamis (each card with kind, colour, cost, power, how it comes out and whether it is face
  down = usable or face up = used) and your hand (kind, colour, cost, power, ⚡ ignition icon,
  timing, marks such as Start Card).

Options read as sentences: squares by number and name, attacks as "power vs power → destroys it"
or "→ the player (life 3)", battle windows say who passed and that both must pass, life picks
"life card #2 (face down)"; copies of one card are folded into one option. Events are summarised:
placements, payments, battle damage, destruction to the charge, life damage, refreshes, dynamis
use."""
from __future__ import annotations

import functools
import re
from typing import Any, Iterable, Mapping, Sequence

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import GenericRenderer, card_label
from .board_base import BoardRenderer

COLOR_JA = {"red": "赤", "blue": "青", "white": "白", "black": "黒", "green": "緑"}
COLOR_STYLE = {"red": "bold red", "blue": "bold blue", "white": "bold white", "black": "bold bright_black",
               "green": "bold green"}
KIND_EN = {"zx": "Z/X", "event": "event", "zx_ex": "Z/X EX", "zx_ob": "Z/X OB", "shift": "SHIFT",
           "ev_ex": "EV EX", "player": "player", "ob_bottom": "OB bottom"}
KIND_JA = {"zx": "ゼクス", "event": "イベント", "zx_ex": "Z/X EX", "zx_ob": "Z/X OB", "shift": "シフト",
           "ev_ex": "EV EX", "player": "プレイヤー", "ob_bottom": "OB下側"}
TIMING_EN = {"main": "main", "battle": "battle", "any": "main/battle"}
TIMING_JA = {"main": "メイン", "battle": "バトル", "any": "メイン/バトル"}
CONDITION = {"descent": "降臨 Descent", "awaken": "覚醒 Awaken", "idealize": "夢装 Idealize"}
COUNTER_EN = {"dream_key": "Dream Key", "memory_piece": "Memory Piece", "melody": "Melody"}
COUNTER_JA = {"dream_key": "ドリームキー", "memory_piece": "メモリーピース", "melody": "メロディ"}
PHASES = {"setup": "set-up", "play": "set-up", "reboot": "reboot phase", "draw": "draw phase",
          "resource": "resource phase", "ignition": "ignition phase", "main": "main phase", "end": "end phase"}
REASONS = {"life": "life reached 0", "deck_out": "no life left to refresh the deck",
           "card": "a card's own win condition", "concede": "concession", "decision cap": "decision cap"}
MARKS = (("start_card", "Start Card"), ("gate_card", "Gate Card"), ("life_recovery", "Life Recovery"),
         ("void_bringer", "Void Bringer"))
TARGET_OPS = {"damage": "damage", "destroy": "destroy", "modify": "power change",
              "set_state": "sleep / reboot", "move": "return"}
REBOOTED = "リブート"
ASLEEP = "スリープ"
CELL = 28  # width of a board square (characters)


def color_name(color: Any, lang: str = "en") -> str:
    if not color:
        return ""
    return COLOR_JA.get(color, str(color)) if lang == "ja" else str(color)


def counter_name(counter: Any, lang: str = "en", n: int | None = None) -> str:
    name = (COUNTER_JA if lang == "ja" else COUNTER_EN).get(counter, str(counter))
    if n is not None and n != 1 and lang != "ja":
        name = name[:-1] + "ies" if re.search(r"[^aeiou]y$", name) else name + "s"
    return name


def zx_card_text(card: Any, lang: str = "en") -> str:
    """The printed text; without one, the abilities' texts."""
    if card is None:
        return ""
    text = getattr(card, "text", "") if lang == "ja" else (getattr(card, "text_en", "") or getattr(card, "text", ""))
    if text:
        return text
    out = []
    for ab in getattr(card, "abilities", ()) or ():
        t = getattr(ab, "text", "") if lang == "ja" else (getattr(ab, "text_en", "") or getattr(ab, "text", ""))
        if t:
            out.append(t)
    return "\n".join(out)


def ability_line(ab: Any, lang: str = "en") -> str:
    t = getattr(ab, "text", "") if lang == "ja" else (getattr(ab, "text_en", "") or getattr(ab, "text", ""))
    if t:
        return t
    ops = "; ".join(getattr(op, "name", "?") for op in getattr(ab, "effects", ()) or ())
    return f"{getattr(ab, 'kind', '')}: {ops}"


def how_text(card: Any, lang: str = "en", counters: Mapping[str, int] | None = None,
             face_up: int | None = None) -> str:
    """How a dynamis card comes out, in short: its Z/X EX condition, its Overboost, its SHIFT host
    and requirement, its EV EX cost and timing."""
    kind = getattr(card, "kind", "")
    if kind == "zx_ex":
        cond = CONDITION.get(card.condition, str(card.condition))
        if card.condition == "descent":
            return f"{cond}: destroy {card.count} rebooted Z/X costing {card.cost}+ ({card.cost}+ resources)"
        if card.condition == "awaken":
            what = f"discard {card.count}" if card.awaken == "discard" else f"sleep {card.count} Z/X"
            return f"{cond}: pay {card.cost} + {what}"
        have = f" (have {counters.get(card.counter, 0)})" if counters is not None else ""
        return f"{cond}: {card.count} {counter_name(card.counter, lang, card.count)}{have}"
    if kind == "zx_ob":
        return "by an Ignition Overboost event"
    if kind == "shift":
        host = {"zx_ob": "a Z/X OB", "any": "any Z/X"}.get(card.shift_target, f"a {card.shift_target} Z/X")
        need = ""
        if card.min_face_up:
            need = f", {card.min_face_up}+ used in dynamis" + (f" (have {face_up})" if face_up is not None else "")
        return f"onto {host}{need}"
    if kind == "ev_ex":
        return f"pay {card.cost}, {TIMING_EN.get(card.timing, card.timing)}, 2 effects"
    return ""


# --- tcg cards ---------------------------------------------------------------------------------

def card_columns(lang: str) -> list[tuple[str, Any, dict]]:
    """The columns of ``tcg cards zx``."""
    kinds = KIND_JA if lang == "ja" else KIND_EN

    def cost(c) -> str:
        return str(c.cost) if c.kind in ("zx", "event", "zx_ex", "ev_ex") else ""

    def power(c) -> str:
        return str(c.power) if c.kind in ("zx", "zx_ex", "zx_ob") else ""

    def timing(c) -> str:
        if c.kind not in ("event", "ev_ex"):
            return ""
        return (TIMING_JA if lang == "ja" else TIMING_EN).get(c.timing, c.timing)

    def marks(c) -> str:
        return ", ".join(name for attr, name in MARKS if getattr(c, attr, False))

    def dynamis(c) -> str:
        if c.kind == "zx_ex":
            cond = CONDITION.get(c.condition, str(c.condition))
            if c.condition == "descent":
                return f"{cond} {c.count} Z/X"
            if c.condition == "awaken":
                return f"{cond}: " + (f"discard {c.count}" if c.awaken == "discard" else f"sleep {c.count} Z/X")
            return f"{cond}: {c.count} {counter_name(c.counter, lang, c.count)}"
        if c.kind == "shift":
            host = {"zx_ob": "Z/X OB", "any": "any Z/X"}.get(c.shift_target, f"{color_name(c.shift_target, lang)} Z/X")
            return f"onto {host}" + (f", face up {c.min_face_up}+" if c.min_face_up else "")
        if c.kind in ("zx_ob", "ev_ex", "ob_bottom") and c.player:
            return f"player {c.player}"
        return ""
    return [
        ("Id", lambda c: c.id, {"no_wrap": True, "style": "bold"}),
        ("Kind", lambda c: kinds.get(c.kind, c.kind), {"no_wrap": True}),
        ("Name", lambda c: card_label(c, lang), {"ratio": 2}),
        ("Colour", lambda c: color_name(c.color, lang), {"no_wrap": True}),
        ("Cost", cost, {"justify": "right"}),
        ("Power", power, {"justify": "right"}),
        ("Race", lambda c: c.race or "", {"max_width": 10}),
        ("Ign", lambda c: "⚡" if c.ignition else "", {"no_wrap": True}),
        ("Timing", timing, {"no_wrap": True}),
        ("Marks", marks, {"max_width": 14}),
        ("Dynamis", dynamis, {"max_width": 22}),
        ("Text / abilities", lambda c: zx_card_text(c, lang), {"ratio": 3}),
    ]


def card_facts(card: Any, lang: str) -> list[str]:
    """Facts line on narrow terminals: "Z/X · red · cost 2 · power 3000 · ⚡ ignition"."""
    get = {h: g for h, g, _ in card_columns(lang)}
    out = [get["Kind"](card)]
    for header, word in (("Colour", ""), ("Cost", "cost "), ("Power", "power "), ("Race", ""),
                         ("Timing", "timing "), ("Marks", ""), ("Dynamis", "")):
        v = get[header](card)
        if v:
            out.append(word + v)
    if get["Ign"](card):
        out.append("⚡ ignition")
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
    #: the set-up choices are secret until both players have chosen (the start card lies face
    #: down until the set-up ends); a card taken by a search goes to the hand unseen
    hidden_actions = frozenset({"start_card", "no_start_card", "gate_card", "no_gate_card", "pick", "pick_none"})

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        self.persp = viewer if viewer in (0, 1) else 0  # whose side is at the bottom
        self._obs_cache: tuple[Any, Any, dict] | None = None
        self._refreshed = -1

    # --- cards and names ---------------------------------------------------------------------
    facts = staticmethod(card_facts)

    def card_text_of(self, card: Any) -> str:
        return zx_card_text(card, self.lang)

    def card_place(self, view: Mapping[str, Any]) -> str:
        return f"on {self.sq(view['square'])}" if view.get("square") is not None else ""

    def printed(self, iid: Any):
        v = self._known.get(iid) if isinstance(iid, int) else None
        return self.card(v.get("id")) if v else None

    def short(self, view: Mapping[str, Any] | None) -> str:
        """The English name (Japanese with --lang ja): for compact lists."""
        if not view:
            return "?"
        if self.lang != "ja" and view.get("name_en"):
            return str(view["name_en"])
        return str(view.get("name") or view.get("id") or "?")

    def remember(self, obs: Mapping[str, Any]) -> None:
        """Learn the names and owners of every card visible in ``obs``."""
        def walk(x: Any, owner: Any) -> None:
            if isinstance(x, dict):
                if isinstance(x.get("iid"), int) and "name" in x:
                    known = {k: x.get(k) for k in ("iid", "id", "name", "name_en", "kind")}
                    known["owner"] = x.get("owner", owner)
                    self._known[x["iid"]] = known
                for v in x.values():
                    walk(v, x.get("owner", owner) if isinstance(x.get("owner"), int) else owner)
            elif isinstance(x, list):
                for v in x:
                    walk(v, owner)
        for pv in obs.get("players") or []:
            walk(pv, pv.get("player"))
        walk(obs.get("board") or [], None)

    def learn(self, iid: Any, cid: Any, owner: Any = None) -> None:
        if isinstance(iid, int) and isinstance(cid, str):
            known = self._known.get(iid)
            if known is not None and known.get("id") == cid:
                if owner is not None and known.get("owner") is None:
                    known["owner"] = owner
                return
            c = self.card(cid)
            if c is not None:
                self._known[iid] = {"iid": iid, "id": cid, "name": c.name, "name_en": c.name_en,
                                    "kind": c.kind, "owner": owner}

    def _refresh(self) -> None:
        """Learn the cards the viewer can see now (once per log length)."""
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
        return "a card"

    def stats(self, cid: Any) -> str:
        """ "red 2 · 3000" for a Z/X, "red 2" for an event."""
        c = self.card(cid)
        if c is None:
            return ""
        bits = [color_name(c.color, self.lang)]
        if c.kind in ("zx", "event", "zx_ex", "ev_ex"):
            bits[0] += f" {c.cost}"
        if c.kind in ("zx", "zx_ex", "zx_ob"):
            bits.append(str(c.power))
        return " · ".join(b for b in bits if b)

    def poss(self, player: Any) -> str:
        """Possessive inside a sentence: "your", "Opponent's", "P1's"."""
        w = self.whose(player)
        return "your" if w == "Your" else w

    def cap(self, text: str) -> str:
        return text[:1].upper() + text[1:]

    def kind_name(self, kind: Any) -> str:
        return (KIND_JA if self.lang == "ja" else KIND_EN).get(kind or "", str(kind or "?"))

    @staticmethod
    def grouped(names: Iterable[str]) -> list[str]:
        counts: dict[str, int] = {}
        for n in names:
            counts[n] = counts.get(n, 0) + 1
        return [k if n == 1 else f"{k} x{n}" for k, n in counts.items()]

    # --- squares -----------------------------------------------------------------------------
    def rc(self, sq: int) -> tuple[int, int]:
        """Row (0 = far, 2 = near) and column (0 = left) of a square as the viewer sees it."""
        r, c = divmod(sq, 3)
        return (r, c) if self.persp == 0 else (2 - r, 2 - c)

    def sq_name(self, sq: Any) -> str:
        """ "centre", "your left", "Opponent's player square", "far right"..."""
        if not isinstance(sq, int) or not 0 <= sq <= 8:
            return "?"
        r, c = self.rc(sq)
        side = ("left", "", "right")[c]
        if r == 2:
            return f"{self.poss(self.persp)} player square" if c == 1 else f"{self.poss(self.persp)} {side}"
        if r == 0:
            return f"{self.poss(1 - self.persp)} player square" if c == 1 else f"far {side}"
        return "centre" if c == 1 else f"middle {side}"

    def sq(self, sq: Any) -> str:
        """ "square 4 (centre)"."""
        return f"square {sq} ({self.sq_name(sq)})"

    def display_order(self) -> list[list[int]]:
        rows = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
        if self.persp == 1:
            rows = [list(reversed(r)) for r in reversed(rows)]
        return rows

    @staticmethod
    def units(obs: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
        return {sq: u for sq, u in enumerate(obs.get("board") or []) if u}

    def unit_short(self, u: Mapping[str, Any] | None, own: bool = False, where: bool = True) -> str:
        """ "Opponent's X (3000) on square 0 (far left)"."""
        if not u:
            return "nothing"
        if u.get("face_down"):
            return f"{self.poss(u.get('owner'))} face-down start card"
        who = "" if own else f"{self.poss(u.get('owner'))} "
        p = self.power_text(u)
        text = f"{who}{self.label(u)} ({p})"
        if where:
            text += f" on {self.sq(u.get('square'))}"
        return text

    @staticmethod
    def power_text(u: Mapping[str, Any]) -> str:
        now, printed, dmg = u.get("power_now", u.get("power", 0)), u.get("power", 0), u.get("damage", 0)
        text = f"{now}" if now == printed else f"{now}, printed {printed}"
        if dmg:
            text += f", damage {dmg}"
        return text

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
        t.append(f"Turn {turn}" if turn else "Before the first turn", style="bold")
        t.append(" · ")
        t.append(PHASES.get(phase, str(phase)).upper() if turn else "SET-UP", style="bold magenta")
        if turn:
            active = obs.get("active")
            t.append(" · ")
            t.append(f"{self.whose(active)} turn", style="bold cyan" if active == self.viewer else "bold yellow")
            if turn == 1:
                t.append(" (the first player draws no card on turn 1)", style="dim")
        if obs.get("first_player") is not None and turn:
            t.append(f" · first player: {self.who(obs.get('first_player'))}", style="dim")
        d = Text()
        if obs.get("result"):
            r = obs["result"]
            d.append("Game over: ", style="bold")
            d.append("draw" if r.get("winner") is None else f"{self.who(r.get('winner'))} won", style="bold")
            d.append(f" ({self.reason_text(r.get('reason'))})")
        else:
            d.append("Decision: ", style="bold")
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
            lines.append(Text("⚔ ATTACKING", style="bold white on red"))
        if battle and battle.get("target") == sq and sq >= 0:
            lines.append(Text("◎ ATTACKED", style="bold white on red"))
        if u and u.get("face_down"):
            lines.append(Text(f"{self.poss(u.get('owner'))} start card", style=self._owner_style(u.get("owner"))))
            lines.append(Text("face down until set-up ends", style="dim"))
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
                info.append(f" · {KIND_EN[kind]}", style="bold magenta")
            lines.append(info)
            now, printed, dmg = u.get("power_now", 0), u.get("power", 0), u.get("damage", 0)
            pw = Text()
            pw.append("⚔ ")
            pw.append(str(now), style="bold " + ("green" if now > printed else "red" if now < printed else ""))
            pw.append(f"/{printed}", style="dim")
            if dmg:
                pw.append(f" dmg {dmg}", style="bold red")
            lines.append(pw)
            st = Text()
            if u.get("asleep"):
                st.append(f"{ASLEEP} asleep", style="bright_black")
            else:
                st.append(f"{REBOOTED} ready", style="green")
            if u.get("force"):
                st.append(f" · force {u.get('force')}", style="magenta")
            lines.append(st)
            if u.get("shift"):
                lines.append(Text("+SHIFT " + self.short(u["shift"]), style="magenta"))
        else:
            lines.append(Text("(empty)", style="dim"))
        if psq_owner is not None and len(players) > psq_owner:
            pv = players[psq_owner]
            pc = pv.get("player_card") or {}
            if not (u and not u.get("face_down")):
                ob = any(x.get("owner") == psq_owner and x.get("kind") == "zx_ob" for x in units.values())
                if u is None:
                    lines.append(Text("Z/X OB: not attackable" if ob else "player open to attack",
                                      style="yellow" if not ob else "dim"))
            if pc.get("face_down"):
                lines.append(Text("player card face down", style="dim"))
            elif pc and not pv.get("player_face_up"):
                lines.append(Text("card (face down): " + self.short(pc), style="dim"))
            elif pc:
                lines.append(Text("card: " + self.short(pc), style="dim"))
        return Text("\n").join(lines)

    # --- battle ------------------------------------------------------------------------------
    def _battle(self, obs: Mapping[str, Any]):
        """(attacker view, target view or None for the player, defender) of the battle now."""
        b = obs.get("battle")
        if not b:
            return None
        units = self.units(obs)
        att = units.get(b.get("attacker"))
        tgt_sq = b.get("target")
        tgt = units.get(tgt_sq) if isinstance(tgt_sq, int) and tgt_sq >= 0 else None
        owner = att.get("owner") if att else obs.get("active")
        defender = 1 - owner if isinstance(owner, int) else None
        return att, tgt, tgt_sq, defender

    def outcome(self, att: Mapping[str, Any] | None, tgt: Mapping[str, Any] | None) -> str:
        """What the battle does as things stand: "5000 vs 3000 → destroys it"."""
        if not att:
            return "the attacker has left the board: no effect"
        a = att.get("power_now", 0)
        if tgt is None:
            return f"{a} → a life card is hit"
        t, dmg = tgt.get("power_now", 0), tgt.get("damage", 0)
        vs = f"{a} vs {t}" + (f" (damage {dmg} already)" if dmg else "")
        if dmg + a >= t:
            return f"{vs} → destroys it"
        return f"{vs} → {a} damage, it survives ({t - dmg - a} short)"

    def _last_was_pass(self) -> bool:
        """Whether the last action was a pass in the battle window (then one more pass resolves)."""
        try:
            acts = self.game.actions
        except Exception:  # noqa: BLE001
            return False
        if not acts:
            return False
        body = acts[-1].get("action") or {}
        return body.get("type") == "pass"

    def battle_banner(self, obs: Mapping[str, Any]) -> Text:
        got = self._battle(obs)
        t = Text()
        t.append("⚔ BATTLE ", style="bold white on red")
        t.append(" ")
        if got is None:
            return t
        att, tgt, tgt_sq, defender = got
        players = obs.get("players") or []
        if att:
            t.append(f"{self.cap(self.poss(att.get('owner')))} {self.label(att)} ({att.get('power_now')}) "
                     f"on {self.sq(att.get('square'))}", style="bold")
        else:
            t.append("The attacker has left the board", style="bold")
        t.append(" → ")
        if tgt_sq is not None and tgt_sq < 0:
            life = players[defender].get("life") if isinstance(defender, int) and defender < len(players) else "?"
            t.append(f"the player: {self.who(defender)} (life {life})", style="bold")
        elif tgt:
            t.append(self.unit_short(tgt), style="bold")
        else:
            t.append("a Z/X that has left the board", style="bold")
        d = obs.get("decision") or {}
        if d.get("kind") in ("life_pick", "life_card"):
            t.append("\n  The attack hits: a life card is revealed and goes to the charge (⚡: may be played free)")
        else:
            t.append("\n  If nothing changes: " + self.outcome(att, tgt if (tgt_sq or 0) >= 0 else None))
        if d.get("kind") == "battle":
            p = d.get("player")
            t.append("\n  Battle events: ")
            t.append(f"{self.who(p)} to act", style="bold cyan" if p == self.viewer else "bold yellow")
            if self._last_was_pass():
                t.append(f" · {self.who(1 - p)} passed: one more pass and the battle resolves")
            else:
                t.append(" · the battle resolves once both players pass in a row")
        elif d.get("kind") == "life_pick":
            who = self.who(d.get("player"))
            t.append(f"\n  {who} {'choose' if who == 'You' else 'chooses'} which face-down life card is hit")
        return t

    # --- player panels -------------------------------------------------------------------------
    def resources_text(self, res: Sequence[Mapping[str, Any]]) -> Text:
        t = Text()
        awake = sum(1 for r in res if not r.get("asleep"))
        t.append(f"Resources {awake}/{len(res)} ready", style="bold")
        t.append(f" ({REBOOTED})", style="green" if awake else "bright_black")
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
        t.append(f" LIFE {life} ", style="bold white on red" if life <= 1 else "bold white on dark_red")
        t.append(" ")
        t.append("■" * min(life, 10), style="red")
        t.append(f"  Hand {pv.get('hand_count', 0)} · Deck {pv.get('deck', 0)}", style="bold")
        rows.append(t)
        charge = pv.get("charge") or []
        t = Text()
        t.append(f"Charge {len(charge)}/4", style="bold")
        if charge:
            t.append(": " + " · ".join(self.short(c) for c in charge))
        rows.append(t)
        trash = pv.get("trash") or []
        t = Text()
        t.append(f"Trash {len(trash)}", style="bold")
        if trash:
            t.append(f" · top: {self.short(trash[-1])}", style="dim")
        rows.append(t)
        rows.append(self.resources_text(pv.get("resources") or []))
        pc = pv.get("player_card") or {}
        t = Text()
        t.append("Player card ", style="bold")
        if pc.get("face_down"):
            t.append("face down", style="dim")
        else:
            t.append(self.short(pc))
            if not pv.get("player_face_up"):
                t.append(" (face down)", style="dim")
        rows.append(t)
        n = pv.get("dynamis_count", 0)
        up = pv.get("dynamis_face_up") or []
        t = Text()
        t.append(f"Dynamis {n}", style="bold")
        t.append(f": {n - len(up)} unused, {len(up)} used", style="dim")
        if up and not mine:
            t.append("\n  used: " + ", ".join(self.grouped(self.short(c) for c in up)), style="")
        rows.append(t)
        counters = {k: v for k, v in (pv.get("counters") or {}).items() if v}
        if counters:
            rows.append(Text.assemble(("Counters ", "bold"), ", ".join(
                f"{counter_name(k, self.lang)} {v}" for k, v in counters.items())))
        used = pv.get("used") or {}
        t = Text()
        t.append("EX or EV EX ")
        if used.get("zx_ex") or used.get("ev_ex"):
            t.append("used (" + ("Z/X EX" if used.get("zx_ex") else "EV EX") + ")", style="bright_black")
        else:
            t.append("free", style="green")
        t.append(" · SHIFT ")
        t.append("used" if used.get("shift") else "free", style="bright_black" if used.get("shift") else "green")
        rows.append(t)
        if pv.get("revealed"):
            rows.append(Text.assemble(("Revealed ", "bold"), (self.label(pv["revealed"]), "bold yellow"),
                                      f" ({self.stats(pv['revealed'].get('id'))}, ⚡)"))
        if pv.get("resolving"):
            rows.append(Text.assemble(("Resolving ", "bold"), ", ".join(self.short(c) for c in pv["resolving"])))
        title = self.who(p)
        if not title.startswith(f"P{p}"):
            title += f" · P{p}"
        if obs.get("active") == p and obs.get("turn"):
            title += " · your turn" if mine else " · their turn"
        return Panel(Group(*rows), title=title, title_align="left", border_style="cyan" if mine else "yellow",
                     padding=(0, 1))

    # --- your dynamis and hand -------------------------------------------------------------------
    def dynamis_table(self, pv: Mapping[str, Any]) -> Group:
        """Your dynamis: one line per face-down card (grouped copies) with how it comes out; the
        face-up (used) cards on one line."""
        dyn = pv.get("dynamis") or []
        down = [c for c in dyn if not c.get("face_up")]
        up = [c for c in dyn if c.get("face_up")]
        title = Text(f"Your dynamis {len(dyn)}", style="bold")
        title.append(f" (▼ {len(down)} face down = usable, ▲ {len(up)} face up = used)", style="dim")
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
            rows.append(Text("  ▲ used: " + ", ".join(self.grouped(self.short(c) for c in up)), style="bright_black"))
        return Group(*rows)

    def hand_table(self, hand: Sequence[Mapping[str, Any]], obs: Mapping[str, Any]) -> Table:
        tab = Table(title=f"Your hand ({len(hand)})", title_justify="left", title_style="bold", box=None,
                    pad_edge=False, show_edge=False, header_style="bold")
        for col, kw in (("#", {"justify": "right"}), ("Kind", {"no_wrap": True}), ("Col", {"no_wrap": True}),
                        ("Cost", {"justify": "right"}), ("Power", {"justify": "right"}), ("Ign", {"no_wrap": True}),
                        ("Timing", {"no_wrap": True}), ("Card", {"ratio": 1, "overflow": "fold"})):
            tab.add_column(col, **kw)
        if not hand:
            tab.add_row("", "", "", "", "", "", "", Text("(empty)", style="dim"))
        timings = TIMING_JA if self.lang == "ja" else TIMING_EN
        for i, h in enumerate(hand, 1):
            c = self.card(h.get("id"))
            kind = h.get("kind")
            name = Text(self.label(h), style="bold")
            marks = [m for attr, m in MARKS if c is not None and getattr(c, attr, False)]
            if marks:
                name.append("  " + ", ".join(marks), style="dim")
            timing = timings.get(getattr(c, "timing", "main"), "") if kind == "event" else \
                (timings["main"] if kind == "zx" else "")
            tab.add_row(str(i), Text(self.kind_name(kind), style="" if kind == "zx" else "italic magenta"),
                        Text(color_name(h.get("color"), self.lang), style=COLOR_STYLE.get(h.get("color"), "")),
                        str(h.get("cost", "")), str(h.get("power", "")) if h.get("power") is not None else "",
                        Text("⚡", style="bold yellow") if h.get("ignition") else Text(""), timing, name)
        return tab

    # --- decisions -----------------------------------------------------------------------------
    def decision_text(self, obs: Mapping[str, Any]) -> str:
        d = obs.get("decision")
        if not d:
            return "none"
        kind = d.get("kind")
        p = d.get("player")
        who = self.who(p)
        mine = p == self.viewer and p is not None
        players = obs.get("players") or []
        pv = players[p] if isinstance(p, int) and p < len(players) else {}
        your = "your" if mine else "their"
        if kind == "start_card":
            return (f"{who} — set-up: put a Start Card Z/X from {your} deck face down on {your} player square "
                    "(optional)")
        if kind == "gate_card":
            return f"{who} — set-up: put a Gate Card event from {your} deck face up into {your} dynamis (optional)"
        if kind == "mulligan":
            return f"{who} — keep {your} 4 cards, or mulligan once (shuffle them back, draw 4)"
        if kind == "resource":
            return (f"{who} — resource phase: put one card from {your} hand into {your} resources, rebooted "
                    f"(optional; now {len(pv.get('resources') or [])})")
        if kind == "ignition":
            n = len(pv.get("charge") or [])
            return (f"{who} — ignition phase: put a charge card into the trash to reveal {your} top card; "
                    f"with the ⚡ ignition icon it may be played free (overdrive) · charge {n}")
        if kind in ("overdrive", "life_card"):
            card = self._known.get(d.get("card")) or pv.get("revealed") or {}
            what = "Overdrive! revealed" if kind == "overdrive" else "Life card revealed:"
            c = self.card(card.get("id"))
            verb = "place it free on a square" if getattr(c, "kind", "") == "zx" else "use it free"
            after = "trash" if kind == "overdrive" else "charge"
            return (f"{who} — {what} {self.label(card)} ({self.stats(card.get('id'))}) with the ⚡ ignition icon: "
                    f"{verb}, or decline (→ {after})")
        if kind == "main":
            res = pv.get("resources") or []
            awake = sum(1 for r in res if not r.get("asleep"))
            used = pv.get("used") or {}
            ex = "used" if used.get("zx_ex") or used.get("ev_ex") else "free"
            return (f"{who} — main phase: place Z/X, use events, the dynamis (Z/X EX or EV EX: {ex}; SHIFT: "
                    f"{'used' if used.get('shift') else 'free'}), attack; then end the turn · "
                    f"{awake}/{len(res)} resources ready")
        if kind == "battle":
            got = self._battle(obs)
            head = f"{who} — battle: play a battle event or an EV EX, or pass"
            if self._last_was_pass():
                head += f" ({self.who(1 - p)} passed: if {'you pass' if mine else 'they pass'} too, the battle resolves)"
            else:
                head += " (the battle resolves once both players pass in a row)"
            if got is not None:
                att, tgt, tgt_sq, _ = got
                head += " · " + self.outcome(att, tgt if (tgt_sq or 0) >= 0 else None)
            return head
        if kind == "life_pick":
            opp = players[1 - p] if isinstance(p, int) and len(players) == 2 else {}
            return (f"{who} — the attack hits: choose one of {self.poss(1 - p)} {opp.get('life', '?')} face-down "
                    "life cards; it is revealed and goes to the charge (with ⚡ it may be played free)")
        if kind == "awaken":
            n = d.get("remaining", 1)
            what = f"discard {n} more card{'s' if n != 1 else ''}" if d.get("condition") == "discard" else \
                f"put {n} more of {your} Z/X to sleep"
            return f"{who} — awaken condition (覚醒) of the Z/X EX: {what}"
        if kind == "discard":
            over = d.get("over", 1)
            return f"{who} — end phase: hand limit 6, discard {over} more"
        if kind == "pick_card":
            if d.get("to") == "force":
                return (f"{who} — Alter Force: choose a card of {your} trash to put under "
                        f"{self._force_holder(self.game, p)} as force, or nothing")
            zone = d.get("zone", "deck")
            return f"{who} — choose a card of {your} {zone} to take into {your} hand, or nothing"
        if kind == "overboost":
            return (f"{who} — Ignition Overboost: put {your} Z/X OB on an empty square ({your} player card turns "
                    "face down), or not")
        if kind == "pay":
            col = d.get("color")
            need = (f", at least one {color_name(col, self.lang)}" if col and not any(c == col for c in d.get("paid") or [])
                    else "")
            paid = d.get("paid") or []
            done = f" · paid so far: {', '.join(color_name(c, self.lang) for c in paid)}" if paid else ""
            return (f"{who} — pay for {self.name_of(d.get('card'))}: put {d.get('left')} more of {your} rebooted "
                    f"resources to sleep{need} (cost {d.get('cost')}){done}; one colour at a time, or the "
                    "suggested payment")
        if kind == "target":
            src = d.get("source")
            op = TARGET_OPS.get(d.get("op"), str(d.get("op", "effect")))
            return f"{who} — choose a target for the effect of {self.name_of(src)} ({op})"
        return super().decision_text(obs)

    def reason_text(self, reason: Any) -> str:
        return REASONS.get(reason, str(reason or "").replace("_", " "))

    # --- card texts (i) ------------------------------------------------------------------------
    def card_info(self, obs: Mapping[str, Any]):
        """Texts of your hand and dynamis, the Z/X on the board (with SHIFTs) and revealed cards."""
        self.remember(obs)
        out = Text()
        section = functools.partial(self.card_section, out)
        players = obs.get("players") or []
        me = players[self.viewer] if self.viewer is not None and self.viewer < len(players) else None
        if me is not None:
            section("Your hand", me.get("hand") or [], numbered=True)
            section("Your dynamis", [c for c in me.get("dynamis") or [] if not c.get("face_up")])
        units = [u for u in obs.get("board") or [] if u and not u.get("face_down")]
        section("Z/X on the board", units)
        section("Attached SHIFTs", [u["shift"] for u in units if u.get("shift")])
        for pv in players:
            if pv.get("revealed"):
                section(f"{self.whose(pv.get('player'))} revealed card", [pv["revealed"]])
        out.append("Reminders\n", style="bold underline")
        out.append("  Costs put rebooted resources to sleep, at least one of the card's colour. A Z/X comes down "
                   f"rebooted ({REBOOTED}); attacking puts it to sleep ({ASLEEP}).\n"
                   "  Attack an adjacent opposing Z/X (damage = power; destroyed when damage ≥ power → charge), or the "
                   "player from next to their empty player square (not while they have a Z/X OB): the attacker "
                   "picks a face-down life card → charge; with ⚡ its owner may play it free.\n"
                   "  Ignition: a charge card to the trash reveals your top card; with ⚡ it is free (overdrive).\n"
                   "  Life 0 loses. Charge holds 4. Damage goes away at the end of the turn.\n", style="dim")
        return out

    # --- events -------------------------------------------------------------------------------
    def event_text(self, ev: Mapping[str, Any]) -> str | None:
        t = ev.get("type")
        p = ev.get("player")
        self.learn(ev.get("card"), ev.get("id"), p)
        who = self.who(p)
        whose = self.whose(p)
        poss = self.poss(p)

        def card(key: str = "card", idkey: str = "id") -> str:
            return self.name_of(ev.get(key), ev.get(idkey))

        def owned(iid: Any) -> str:
            known = self._known.get(iid) if isinstance(iid, int) else None
            if known is None:
                self._refresh()
                known = self._known.get(iid) if isinstance(iid, int) else None
            owner = (known or {}).get("owner")
            name = self.name_of(iid)
            return f"{self.poss(owner)} {name}" if owner is not None else name
        if t == "shuffle":
            return None
        if t == "first_player":
            return f"{who} {'go' if who == 'You' else 'goes'} first (no draw on the first turn)"
        if t == "draw":
            return f"{who} drew {card()}" if ev.get("card") is not None else f"{who} drew a card"
        if t == "setup_choice":
            what = "start card" if ev.get("choice") == "start_card" else "gate card"
            if "card" not in ev:  # the other player's choice: secret until both have chosen
                return f"{who} chose about a {what} (secret until both have chosen)"
            if ev.get("card") is None:
                return f"{who} chose no {what} (secret until both have chosen)"
            return f"{who} chose {card()} as {poss} {what} (secret until both have chosen)"
        if t == "start_card":
            return f"{who} put a start card face down on {poss} player square"
        if t == "gate_card":
            return f"{who} put the gate card {card()} face up into {poss} dynamis"
        if t == "mulligan":
            return f"{who} mulliganed: the hand shuffled back, 4 new cards"
        if t == "setup":
            res = ev.get("resources") or []
            text = (f"{whose} set-up: {ev.get('life', 4)} life cards face down, resources "
                    + ", ".join(self.name_of(i) for i in res))
            if ev.get("start_card") is not None:
                text += f"; start card {self.name_of(ev.get('start_card'))} turns face up"
            return text
        if t == "turn_start":
            return f"── Turn {ev.get('turn')} · {whose} turn ── ({poss} Z/X and resources reboot)"
        if t == "resource":
            return f"{who} put {card()} ({self.stats(ev.get('id'))}) into {poss} resources"
        if t == "ignition":
            if ev.get("icon"):
                return f"{whose} ignition revealed {card()} ({self.stats(ev.get('id'))}): ⚡ icon, may be played free"
            return f"{whose} ignition revealed {card()}: no icon → trash"
        if t == "pay":
            res = ev.get("resources") or []
            return f"{who} paid {len(res)}: " + ", ".join(self.name_of(i) for i in res) + f" → {ASLEEP}"
        if t == "place":
            why = {"overdrive": " free (overdrive)", "life": " free (life card)", "zx_ex": " (Z/X EX)",
                   "overboost": " (Z/X OB, Ignition Overboost)"}.get(ev.get("why"), "")
            return f"{who} placed {card()} ({self.stats(ev.get('id'))}) on {self.sq(ev.get('square'))}{why}"
        if t == "overboost":
            return f"{who} overboosted: {poss} player card turns face down and {card()} joins it"
        if t == "leave_board":
            return self._leave_text(ev)
        if t == "to_charge":
            c = self.printed(ev.get("card")) or self.card(ev.get("id"))
            return f"{card()} → {poss} charge" + (" (⚡)" if getattr(c, "ignition", False) else "")
        if t == "to_trash":
            why = {"ignition": " (not played)", "charge full": " (the charge is full: 4)"}.get(ev.get("why"), "")
            return f"{card()} → {poss} trash{why}"
        if t == "attack":
            tgt = ev.get("target")
            att = f"{self.name_of(ev.get('card'))} on {self.sq(ev.get('attacker'))}"
            if isinstance(tgt, int) and tgt < 0:
                return f"{who} attacked with {att} → {self.who(1 - p) if isinstance(p, int) else 'the player'} (the player)"
            return f"{who} attacked with {att} → {self.sq(tgt)}"
        if t == "battle_damage":
            return (f"Battle: {owned(ev.get('card'))} on {self.sq(ev.get('square'))} took {ev.get('amount')} damage"
                    + (f" (total {ev.get('total')})" if ev.get("total") != ev.get("amount") else ""))
        if t == "damage":
            return (f"{self.cap(owned(ev.get('card')))} took {ev.get('amount')} damage"
                    + (f" (total {ev.get('total')})" if ev.get("total") != ev.get("amount") else ""))
        if t == "battle_end":
            why = {"attacker gone": "the attacker has left the board",
                   "player protected by a Z/X OB": "the player is protected by a Z/X OB"}.get(ev.get("why"),
                                                                                             str(ev.get("why")))
            return f"The battle ends with no effect: {why}"
        if t == "life_damage":
            icon = "⚡ ignition icon" if ev.get("icon") else "no icon"
            return f"{whose} life card {card()} was hit ({icon}) · life {ev.get('life')}"
        if t == "life_zero":
            return f"{whose} life is 0!"
        if t == "event":
            c = self.card(ev.get("id"))
            text = self._use_text(c)
            free = " free" if ev.get("free") else ""
            return f"{who} used the event {card()}{free}" + (f": {text}" if text else "")
        if t == "zx_ex":
            cond = CONDITION.get(ev.get("condition"), str(ev.get("condition")))
            return f"{who} brought out the Z/X EX {card()} from {poss} dynamis ({cond})"
        if t == "ev_ex":
            c = self.card(ev.get("id"))
            eff = ev.get("effect", 0)
            uses = [a for a in getattr(c, "abilities", ()) if a.kind == "use"]
            text = ability_line(uses[eff], self.lang) if c is not None and eff < len(uses) else ""
            return f"{who} used the EV EX {card()} (effect {eff + 1}){': ' + text if text else ''}"
        if t == "shift":
            return f"{who} put the SHIFT {card()} onto the Z/X on {self.sq(ev.get('square'))}"
        if t == "activate":
            c = self.printed(ev.get("card"))
            ab = c.abilities[ev.get("ability", 0)] if c is not None and ev.get("ability", 0) < len(c.abilities) else None
            return f"{who} activated {card()} on {self.sq(ev.get('square'))}" + \
                (f": {ability_line(ab, self.lang)}" if ab is not None else "")
        if t == "counter":
            n = ev.get("total", 0)
            return f"{who} {'now have' if who == 'You' else 'now has'} {n} {counter_name(ev.get('counter'), self.lang, n)}"
        if t == "alter_force":
            return f"Alter Force: a card of {poss} trash went under {card()} (force {ev.get('force')})"
        if t == "modify":
            return f"{self.cap(owned(ev.get('card')))} gets {ev.get('amount', 0):+d} power this turn"
        if t == "set_state":
            state = f"{ASLEEP} (asleep)" if ev.get("asleep") else f"{REBOOTED} (rebooted)"
            return f"{self.cap(owned(ev.get('card')))} → {state}"
        if t == "mill":
            return f"{card()} went from {poss} deck to the trash"
        if t == "discard":
            return f"{who} discarded {card()}"
        if t == "pick":
            if ev.get("card") is None:  # a searched card the viewer may not see
                return f"{who} took a card from {poss} {ev.get('from', 'deck')} into the hand (not revealed)"
            shown = " (revealed)" if ev.get("revealed") else ""
            return f"{who} took {card()}{shown} from {poss} {ev.get('from', 'deck')} into the hand"
        if t == "add_life":
            return f"{who} added the top card of {poss} deck to {poss} life · life {ev.get('life')}"
        if t == "refresh":
            return (f"{whose} deck ran out: the trash ({ev.get('cards')} cards) is shuffled into a new deck, "
                    "1 life card → charge")
        if t == "card_win":
            return f"{whose} {card()} meets its own win condition!"
        if t == "concede":
            return f"{who} conceded"
        if t == "game_over":
            w = ev.get("winner")
            return ("Game over: draw" if w is None else f"Game over: {self.who(w)} won") + \
                f" ({self.reason_text(ev.get('reason'))})"
        return super().event_text(ev)

    def _use_text(self, c: Any) -> str:
        if c is None:
            return ""
        uses = [a for a in c.abilities if a.kind == "use"]
        return ability_line(uses[0], self.lang) if uses else ""

    def _leave_text(self, ev: Mapping[str, Any], to: str | None = None) -> str:
        p = ev.get("player")
        why = ev.get("why")
        name = self.name_of(ev.get("card"), ev.get("id"))
        c = self.card(ev.get("id"))
        kind = getattr(c, "kind", "")
        where = self.sq(ev.get("square"))
        verb = {"destroyed": "was destroyed", "descent": "was destroyed for a descent",
                "replaced": "was replaced", "bounced": "was returned"}.get(why, "left the board")
        if kind in ("zx_ex", "zx_ob"):
            dest = f"{self.poss(p)} dynamis, face up"
            if kind == "zx_ob":
                dest += "; the player card turns face up"
        elif to is not None:
            dest = f"{self.poss(p)} {to}"
        elif why == "replaced":
            dest = f"{self.poss(p)} trash"
        elif why == "bounced":
            dest = f"{self.poss(p)} hand"
        else:
            dest = f"{self.poss(p)} charge"
        text = f"{self.cap(self.poss(p))} {name} on {where} {verb} → {dest}"
        extra = []
        if ev.get("force"):
            n = len(ev["force"])
            extra.append(f"{n} force → trash")
        if isinstance(ev.get("shift"), int) and ev["shift"] >= 0:
            extra.append(f"SHIFT {self.name_of(ev['shift'])} → dynamis, face up")
        return text + (f" ({'; '.join(extra)})" if extra else "")

    def event_lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """As the default, with summaries: consecutive draws make one line; a payment is told with
        what it paid for; a Z/X going to the charge (or trash) as it leaves the board, and a life
        card hit then put into the charge, make one line."""
        out: list[str | None] = []
        i = 0
        n = len(events)
        while i < n:
            ev = events[i]
            t = ev.get("type")
            nxt = events[i + 1] if i + 1 < n else None
            try:
                if t == "draw":
                    j = i
                    while j < n and events[j].get("type") == "draw" and events[j].get("player") == ev.get("player"):
                        j += 1
                    if j - i > 1:
                        for e in events[i:j]:
                            self.learn(e.get("card"), e.get("id"), e.get("player"))
                        known = [self.name_of(e.get("card"), e.get("id")) for e in events[i:j]
                                 if e.get("card") is not None]
                        line = f"{self.who(ev.get('player'))} drew {j - i} cards"
                        if known:
                            line += ": " + ", ".join(self.grouped(known))
                        out.append(line)
                        i = j
                        continue
                if t == "pay" and nxt is not None and nxt.get("player") == ev.get("player") and \
                        nxt.get("type") in ("place", "event", "activate", "ev_ex"):
                    res = ev.get("resources") or []
                    line = self.event_text(nxt)
                    if line:
                        out.append(f"{line} · paid {len(res)}: " + ", ".join(self.short(self._known.get(r))
                                                                             if r in self._known else self.name_of(r)
                                                                             for r in res))
                        i += 2
                        continue
                if t in ("to_charge", "to_trash") and nxt is not None and nxt.get("type") == "leave_board" \
                        and nxt.get("card") == ev.get("card"):
                    full = t == "to_trash" and ev.get("why") == "charge full"
                    out.append(self._leave_text(nxt, "trash (the charge is full)" if full else
                                                "charge" if t == "to_charge" else "trash"))
                    i += 2
                    continue
                if t == "life_damage" and nxt is not None and nxt.get("type") in ("to_charge", "to_trash") \
                        and nxt.get("card") == ev.get("card"):
                    line = self.event_text(ev)
                    dest = "charge" if nxt.get("type") == "to_charge" else "trash (the charge is full)"
                    out.append(f"{line} → {self.poss(ev.get('player'))} {dest}")
                    i += 2
                    continue
                out.append(self.event_text(ev))
            except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
                out.append(GenericRenderer.event_text(self, ev))
            i += 1
        return self.fold_lines(out)

    #: the events each action causes that only repeat the action line above it
    ECHO = {"place": ("place",), "event": ("event",), "battle_event": ("event",), "activate": ("activate",),
            "attack": ("attack",), "shift": ("shift",), "ev_ex": ("ev_ex",), "resource": ("resource",),
            "discard": ("discard",), "pick": ("pick", "alter_force"), "zx_ex": ("zx_ex",),
            "gate_card": ("gate_card",), "start_card": ("start_card",), "mulligan": ("mulligan",),
            "place_free": ("place",), "use_free": ("event",), "overboost": ("place",)}
    #: actions whose line already states what they cost
    PAID = frozenset({"place", "event", "battle_event", "activate", "ev_ex", "zx_ex"})

    def step_lines(self, player: Any, action: Any, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """The events under a step, without the one that only repeats the action (and the payment
        the action line already states)."""
        events = list(events)
        t = getattr(action, "type", None)
        drop: set[int] = set()
        for k, ev in enumerate(events):
            if ev.get("type") in self.ECHO.get(t, ()) and ev.get("player", player) == player:
                self.learn(ev.get("card"), ev.get("id"), player)
                drop.add(k)
                break
        if t in self.PAID:
            for k, ev in enumerate(events):
                if ev.get("type") == "pay" and ev.get("player") == player:
                    drop.add(k)
                    break
        if drop:
            events = [e for j, e in enumerate(events) if j not in drop]
        return self.event_lines(events)

    # --- actions: how they read, which are offered -----------------------------------------
    def hidden_label(self, action: Any) -> str:
        if action.type in ("start_card", "no_start_card"):
            return "Chose about a start card (secret until both have chosen)"
        if action.type in ("gate_card", "no_gate_card"):
            return "Chose about a gate card (secret until both have chosen)"
        if action.type in ("pick", "pick_none"):
            return "Chose a card (hidden)"
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

    @staticmethod
    def _views(obs: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        for pv in obs.get("players") or []:
            for zone in ("hand", "trash", "charge", "resources", "dynamis", "resolving"):
                for k, v in enumerate(pv.get(zone) or [], 1):
                    out[v["iid"]] = {**v, "owner": pv.get("player"), "zone": zone, "pos": k}
            if pv.get("revealed"):
                out[pv["revealed"]["iid"]] = {**pv["revealed"], "owner": pv.get("player"), "zone": "revealed"}
        for u in obs.get("board") or []:
            if u and "iid" in u:
                out[u["iid"]] = {**u, "zone": "board"}
        return out

    def _own_card(self, game: Any, iid: Any) -> dict[str, Any] | None:
        """The printed fields of one of the viewer's own deck cards (start card, gate card, a card
        searched for): the engine's observation does not list the deck."""
        try:
            c = game.state.cards[iid]
        except Exception:  # noqa: BLE001
            return None
        view = {"iid": iid, "id": c.id, "name": c.name, "name_en": c.name_en, "kind": c.kind, "color": c.color}
        if c.kind in ("zx", "event"):
            view["cost"] = c.cost
        if c.kind == "zx":
            view["power"] = c.power
        return view

    def _force_holder(self, game: Any, player: Any, short: bool = False) -> str:
        """The Z/X that an Alter Force puts a card under: the last one the player placed or
        activated that is still on the board ("the Z/X" when it cannot be told)."""
        try:
            events = game.log.for_player(self.viewer) if self.viewer is not None else game.log.for_spectator()
            obs = self._observe(game, self.viewer)
        except Exception:  # noqa: BLE001
            return "the Z/X"
        on_board = {u.get("iid"): u for u in obs.get("board") or [] if u and "iid" in u}
        for ev in reversed(events):
            if ev.get("type") in ("place", "activate", "shift") and ev.get("player") == player:
                iid = ev.get("card")
                if ev.get("type") == "shift":
                    u = (obs.get("board") or [None] * 9)[ev.get("square", 0)]
                    iid = u.get("iid") if u else None
                u = on_board.get(iid)
                if u:
                    return self.short(u) if short else f"{self.label(u)} on {self.sq(u.get('square'))}"
                break
        return "the Z/X"

    def options(self, game: Any, legal: Sequence[Any]) -> list[Any]:
        """Fold choices that are the same for you: copies of one card (to place on the same square,
        use, put into resources, ignite, discard or take)."""
        d = game.decision
        if d is None:
            return list(legal)
        obs = self._observe(game, d.player)
        views = self._views(obs)

        def cid(i: Any) -> Any:
            return views.get(i, {}).get("id", i)
        seen: set = set()
        out: list[Any] = []
        for a in legal:
            t = a.type
            key: Any = None
            if t in ("place", "place_free", "overboost", "shift"):
                key = (t, cid(a.get("card")), a.get("square"))
            elif t in ("event", "battle_event", "resource", "ignite", "discard", "pick", "gate_card", "start_card"):
                key = (t, cid(a.get("card")))
            elif t == "ev_ex":
                key = (t, cid(a.card), a.effect)
            elif t == "zx_ex":
                key = (t, cid(a.card), a.square, tuple(a.destroy))
            if key is not None:
                if key in seen:
                    continue
                seen.add(key)
            out.append(a)
        return out

    def action_label(self, game: Any, action: Any, actor: int | None = None) -> str:
        base = game.describe(action, self.lang)
        try:
            text = self._label(game, action, actor)
        except Exception:  # noqa: BLE001 - a renderer must never break the game
            text = None
        return text or re.sub(r" \[([^\[\]]+)\]", r" (\1)", base)

    def _label(self, game: Any, a: Any, actor: int | None) -> str | None:
        t = a.type
        d = game.decision
        obs = self._observe(game, actor if actor is not None else self.viewer)
        views = self._views(obs)
        units = self.units(obs)
        players = obs.get("players") or []
        me = players[actor] if isinstance(actor, int) and actor < len(players) else {}
        opp = players[1 - actor] if isinstance(actor, int) and len(players) == 2 else {}
        v = views.get(a.get("card")) if isinstance(a.get("card"), int) else None
        if v is None and isinstance(a.get("card"), int) and (t in ("gate_card", "pick") or (
                t == "start_card" and actor == self.viewer and actor is not None)):
            # a card of the actor's deck: a start card is the actor's to see; a gate card goes face up
            # and a card searched for is named in the log once it is taken
            v = self._own_card(game, a.card)

        def nm(i: Any) -> str:
            vv = views.get(i)
            return self.label(vv) if vv else self.name_of(i)

        def st(view: Mapping[str, Any] | None) -> str:
            return self.stats(view.get("id")) if view else ""
        yp = "your" if actor == self.viewer or actor is None else self.poss(actor)
        yo = "you" if actor == self.viewer or actor is None else self.who(actor)
        res = me.get("resources") or []
        awake = sum(1 for r in res if not r.get("asleep"))

        def pay(cost: int) -> str:
            if not cost:
                return "free"
            return f"pay {cost} of {awake} ready"

        def replaces(sq: int) -> str:
            u = units.get(sq)
            if u and u.get("owner") == actor:
                dest = "dynamis, face up" if u.get("kind") in ("zx_ex", "zx_ob") else "trash"
                return f" · replaces {yp} {self.short(u)} (→ {dest})"
            return ""
        if t == "start_card" and v:
            return f"Start with {self.label(v)} ({st(v)}) face down on {yp} player square"
        if t == "no_start_card":
            return "No start card"
        if t == "gate_card" and v:
            text = self._use_text(self.card(v.get("id")))
            return f"Put the gate card {self.label(v)} ({st(v)}) face up into {yp} dynamis" + \
                (f": {text}" if text else "")
        if t == "no_gate_card":
            return "No gate card"
        if t == "keep":
            hand = me.get("hand") if actor == self.viewer and actor is not None else None  # a secret to others
            if hand:
                return "Keep this hand: " + ", ".join(self.short(h) for h in hand)
            return "Keep the hand"
        if t == "mulligan":
            return "Mulligan: shuffle the hand back into the deck and draw 4 (only once)"
        if t == "resource" and v:
            colors: dict[str, int] = {}
            for r in res + [v]:
                colors[r.get("color") or "?"] = colors.get(r.get("color") or "?", 0) + 1
            mix = ", ".join(f"{color_name(k, self.lang)} {n}" for k, n in colors.items())
            return (f"Put {self.label(v)} ({self.kind_name(v.get('kind'))}, {st(v)}) into {yp} resources · "
                    f"resources {len(res)} → {len(res) + 1} ({mix})")
        if t == "no_resource":
            return "No resource this turn"
        if t == "ignite" and v:
            return (f"Ignite: {self.label(v)} from {yp} charge → trash, reveal {yp} top card "
                    f"(charge {len(me.get('charge') or [])} → {len(me.get('charge') or []) - 1})")
        if t == "end_ignition":
            return "End the ignition phase → main phase"
        if t in ("place_free", "use_free", "decline") and d is not None:
            rv = me.get("revealed") or {}
            name = self.label(rv) if rv else "the revealed card"
            if t == "place_free":
                return f"Place {name} ({st(rv)}) free on {self.sq(a.square)}{replaces(a.square)}"
            if t == "use_free":
                text = self._use_text(self.card(rv.get("id")))
                return f"Use {name} free" + (f": {text}" if text else "")
            return f"Decline: {name} → {'trash' if d.kind == 'overdrive' else 'charge'}"
        if t == "place" and v:
            return f"Place {self.label(v)} ({st(v)}) on {self.sq(a.square)} · {pay(v.get('cost', 0))}" + \
                replaces(a.square)
        if t == "event" and v:
            text = self._use_text(self.card(v.get("id")))
            return f"Use the event {self.label(v)} ({st(v)}, {pay(v.get('cost', 0))})" + (f": {text}" if text else "")
        if t == "zx_ex" and v:
            c = self.card(v.get("id"))
            cond = CONDITION.get(getattr(c, "condition", ""), "")
            text = f"Z/X EX {self.label(v)} ({v.get('power')}) on {self.sq(a.square)} · {cond}: "
            if getattr(c, "condition", "") == "descent":
                gone = [units.get(q) for q in a.destroy]
                text += "destroy " + " + ".join(
                    f"{self.short(u)} (cost {u.get('cost', '?')}, {self.sq_name(u.get('square'))})" for u in gone if u)
                text += f" · {len(res)} resources ≥ {c.cost}, none spent"
            elif getattr(c, "condition", "") == "awaken":
                what = f"discard {c.count}" if c.awaken == "discard" else f"put {c.count} of {yp} Z/X to sleep"
                text += f"{pay(c.cost)} + {what}"
            elif c is not None:
                have = (me.get("counters") or {}).get(c.counter, 0)
                text += f"spend {c.count} of {yp} {have} {counter_name(c.counter, self.lang, have)}"
            if getattr(c, "condition", "") != "descent":
                text += replaces(a.square)
            return text
        if t == "ev_ex" and v:
            c = self.card(v.get("id"))
            uses = [x for x in getattr(c, "abilities", ()) if x.kind == "use"]
            text = ability_line(uses[a.effect], self.lang) if a.effect < len(uses) else f"effect {a.effect + 1}"
            return f"EV EX {self.label(v)} ({st(v)}, {pay(v.get('cost', 0))}), effect {a.effect + 1}: {text}"
        if t == "shift" and v:
            u = units.get(a.square) or {}
            c = self.card(v.get("id"))
            static = "; ".join(ability_line(x, self.lang) for x in getattr(c, "abilities", ()))
            return f"SHIFT {self.label(v)} onto {yp} {self.label(u)} on {self.sq(a.square)}" + \
                (f": {static}" if static else "")
        if t == "activate":
            u = units.get(a.square) or {}
            c = self.card(u.get("id"))
            ab = c.abilities[a.ability] if c is not None and a.ability < len(c.abilities) else None
            cost = getattr(ab, "cost", 0)
            return (f"Activate {self.label(u)} on {self.sq(a.square)} ({pay(cost)}, once per turn)"
                    + (f": {ability_line(ab, self.lang)}" if ab is not None else ""))
        if t == "attack":
            att = units.get(a.attacker) or {}
            head = f"Attack with {self.label(att)} ({att.get('power_now')}) from {self.sq(a.attacker)}"
            if a.target < 0:
                return f"{head} → the player (life {opp.get('life', '?')})"
            tgt = units.get(a.target) or {}
            return (f"{head} → {self.poss(tgt.get('owner'))} {self.label(tgt)} on {self.sq(a.target)}: "
                    + self.outcome(att, tgt))
        if t == "end_turn":
            return "End the turn"
        if t == "battle_event" and v:
            text = self._use_text(self.card(v.get("id")))
            return f"Battle event {self.label(v)} ({st(v)}, {pay(v.get('cost', 0))})" + (f": {text}" if text else "")
        if t == "pass":
            got = self._battle(obs)
            tail = ""
            if got is not None:
                att, tgt, tgt_sq, _ = got
                tail = self.outcome(att, tgt if (tgt_sq or 0) >= 0 else None)
            if self._last_was_pass():
                return "Pass → both passed, the battle resolves" + (f": {tail}" if tail else "")
            return f"Pass ({self.who(1 - actor) if isinstance(actor, int) else 'the other player'} may still answer)"
        if t == "life":
            n = opp.get("life", "?")
            return f"Hit {self.poss(1 - actor) if isinstance(actor, int) else 'the'} life card #{a.index + 1} (face down) of {n}"
        if t == "discard" and v:
            if d is not None and d.kind == "awaken":
                left = (d.info or {}).get("remaining", 1)
                return f"Discard {self.label(v)} ({st(v)}) for the awaken condition" + \
                    (f" ({left - 1} more after this)" if left > 1 else "")
            hand = me.get("hand_count", 0)
            return f"Discard {self.label(v)} ({st(v)}) · hand {hand} → {hand - 1}"
        if t == "sleep":
            u = units.get(a.square) or {}
            return f"Put {yp} {self.label(u)} on {self.sq(a.square)} to sleep ({ASLEEP}) for the awaken condition"
        if t == "pick" and v:
            if d is not None and (d.info or {}).get("to") == "force":
                return (f"Put {self.label(v)} ({self.kind_name(v.get('kind'))}) from {yp} trash under "
                        f"{self._force_holder(game, actor, short=True)} as force")
            return f"Take {self.label(v)} ({self.kind_name(v.get('kind'))}, {st(v)}) into {yp} hand"
        if t == "pick_none":
            return "Take nothing"
        if t == "overboost" and v:
            return (f"Overboost: {self.label(v)} ({st(v)}) on {self.sq(a.square)} · {yp} player card turns face down;"
                    f" while it is out {yo} cannot be attacked directly")
        if t == "no_overboost":
            return "No overboost"
        if t == "pay":
            ready = sum(1 for r in res if not r.get("asleep") and r.get("color") == a.color)
            if self.lang == "ja":
                return f"{color_name(a.color, 'ja')}のリソース1枚をスリープにして支払う（リブート状態の{color_name(a.color, 'ja')} {ready}枚）"
            return f"Pay with a {color_name(a.color, self.lang)} resource ({ready} {a.color} ready) → {ASLEEP}"
        if t == "pay_suggested":
            from tcg.games.zx.view import suggested_text
            if actor is not None and actor != self.viewer:  # it depends on their hand: a secret
                return "残りをおすすめの支払いで支払う" if self.lang == "ja" else "Pay the rest as suggested"
            cols = suggested_text(game.state, self.lang)
            if self.lang == "ja":
                return f"残りをおすすめの支払いで支払う: {cols}（手札の他のカードを最も多く使える状態に残す）"
            return f"Pay the rest as suggested: {cols} (keeps the most other cards in hand playable)"
        if t == "target":
            tv = views.get(a.target)
            if tv and tv.get("zone") == "board":
                return f"Target {self.unit_short(tv)}"
            if tv:
                return f"Target {nm(a.target)}"
        return None


__all__ = ["Renderer", "card_columns", "card_facts", "zx_card_text", "how_text", "COLOR_JA"]
