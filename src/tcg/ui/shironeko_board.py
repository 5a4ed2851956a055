"""Text board of 白猫プロジェクト TCG (Shironeko) for the terminal, drawn with rich.

It reads only the observation dict of ``game.observe(player)`` (see games/shironeko/view.py) and
the public card database (``game.rules.cards``) for printed numbers of cards it shows."""
from __future__ import annotations

import functools
from typing import Any, Iterable, Mapping

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import card_label, card_text
from .board_base import BoardRenderer

COLOR_STYLE = {"red": "red", "blue": "blue", "yellow": "yellow", "green": "green",
               "purple": "magenta", "orange": "dark_orange", "rainbow": "bold bright_white",
               "colorless": "bright_black"}
COLOR_JA = {"red": "赤", "blue": "青", "yellow": "黄", "green": "緑", "purple": "紫",
            "orange": "橙", "rainbow": "虹", "colorless": "無色"}
KIND_SHORT = {"character": "char", "awakened_character": "awakened", "monster": "monster",
              "town": "town", "leader": "leader"}
KIND_JA = {"character": "キャラ", "awakened_character": "覚醒キャラ", "monster": "モンスター",
           "town": "タウン", "leader": "リーダー"}
ABILITY_JA = {"static": "常時", "activated": "起動", "trigger": "トリガー", "burst": "バースト",
              "on_enter": "登場時", "use": "使用"}
PHASES = {"setup": "set-up", "start": "start phase", "main": "main phase", "end": "end phase"}
DECISIONS = {
    "mulligan": "mulligan: mark cards to return, then finish",
    "main": "main phase: play cards, attack, or end the turn",
    "defend": "defend",
    "target": "choose a target",
    "trigger_order": "choose which trigger resolves next",
    "discard": "discard down to the hand limit",
    "search": "search the deck",
    "pay": "pay the cost: choose the souls one at a time, or take the suggested payment",
}
DECISIONS_JA = {
    "mulligan": "マリガン: 戻すカードを選び、終了する",
    "main": "メインフェイズ: カードの使用、攻撃、ターン終了",
    "defend": "防御",
    "target": "対象を選ぶ",
    "trigger_order": "次に使用するトリガーを選ぶ",
    "discard": "手札を上限まで捨てる",
    "search": "山札を探す",
    "pay": "コストの支払い: ソウルを1枚ずつ選ぶか、おすすめの支払いにする",
}
REASONS = {"deck_out": "main deck empty", "concede": "concession", "decision cap": "decision cap"}


def card_columns(lang: str) -> list[tuple[str, Any, dict]]:
    """The columns of ``tcg cards shironeko``."""
    def is_char(c) -> bool:
        return getattr(c, "kind", "") in ("character", "awakened_character")

    def has_cost(c) -> bool:
        return getattr(c, "kind", "") not in ("town", "leader") and hasattr(c, "cost")
    return [
        ("Id", lambda c: c.id, {"no_wrap": True, "style": "bold"}),
        ("Kind", lambda c: KIND_SHORT.get(getattr(c, "kind", ""), getattr(c, "kind", "")), {"no_wrap": True}),
        ("Name", lambda c: card_label(c, lang), {"ratio": 2}),
        ("Colour", lambda c: getattr(c, "color", None) or "", {"no_wrap": True}),
        ("Cost", lambda c: str(c.cost) if has_cost(c) else "", {"justify": "right"}),
        ("Chg", lambda c: "" if getattr(c, "change_cost", None) is None else str(c.change_cost),
         {"justify": "right"}),
        ("Lv", lambda c: str(c.level) if is_char(c) else "", {"justify": "right"}),
        ("ATK/HP", lambda c: f"{c.attack}/{c.hp}" if is_char(c) else "", {"justify": "right", "no_wrap": True}),
        ("Rune", lambda c: getattr(c, "rune", None) or "", {"no_wrap": True}),
        ("STOP!", lambda c: "STOP!" if getattr(c, "stop", False) else "", {"no_wrap": True}),
        ("Text / abilities", lambda c: card_text(c, lang), {"ratio": 3}),
    ]


def card_facts(card: Any, lang: str) -> list[str]:
    """The facts line of a card on narrow terminals: "char · red · cost 2 (change 1) · Lv2 3/3"."""
    get = {h: g for h, g, _ in card_columns(lang)}
    facts = [get[h](card) for h in ("Kind", "Colour") if get[h](card)]
    if get["Cost"](card):
        change = get["Chg"](card)
        facts.append(f"cost {get['Cost'](card)}" + (f" (change {change})" if change else ""))
    if get["Lv"](card):
        facts.append(f"Lv{get['Lv'](card)} {get['ATK/HP'](card)}")
    if get["Rune"](card):
        facts.append(f"rune {get['Rune'](card)}")
    if get["STOP!"](card):
        facts.append("STOP!")
    return facts


class Renderer(BoardRenderer):
    #: the cards marked for a mulligan are the player's secret
    hidden_actions = frozenset({"mulligan_mark"})

    facts = staticmethod(card_facts)

    def label_style(self, card: Any) -> str:
        return "bold " + COLOR_STYLE.get(getattr(card, "color", None) or "", "")

    def label2(self, view: Mapping[str, Any] | None, style: str = "") -> Text:
        """Name on one line, English gloss (lang=en) dimmed on the next: for narrow table cells."""
        t = Text(str((view or {}).get("name") or (view or {}).get("id") or "?"), style=style)
        en = (view or {}).get("name_en")
        if self.lang != "ja" and en:
            t.append("\n" + en, style="dim")
        return t

    def color_name(self, color: str | None) -> str:
        if not color:
            return "-"
        return COLOR_JA.get(color, color) if self.lang == "ja" else color

    def color_text(self, color: str | None, text: str | None = None) -> Text:
        return Text(text if text is not None else self.color_name(color),
                    style=COLOR_STYLE.get(color or "", ""))

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

    def name_of(self, iid: Any, cid: str | None = None) -> str:
        if cid is not None:
            c = self.card(cid)
            if c is not None:
                return self.label({"name": c.name, "name_en": c.name_en})
        if isinstance(iid, int) and iid in self._known:
            return self.label(self._known[iid])
        return f"card #{iid}"

    # --- the board -----------------------------------------------------------------------
    def board(self, obs: Mapping[str, Any]):
        self.remember(obs)
        players = obs.get("players") or []
        viewer = obs.get("viewer")
        order = list(range(len(players)))
        if viewer in order:  # the viewer at the bottom, like sitting at the table
            order.remove(viewer)
            order.append(viewer)
        else:
            order.reverse()
        parts: list[Any] = [self.header(obs)]
        for p in order:
            parts.append(self.player_panel(players[p], obs))
        return Group(*parts)

    def header(self, obs: Mapping[str, Any]) -> Text:
        t = Text()
        t.append(f"Turn {obs.get('turn', 0)}", style="bold")
        t.append(f" · {PHASES.get(obs.get('phase'), obs.get('phase'))}")
        if obs.get("turn"):
            t.append(f" · {self.whose(obs.get('active'))} turn")
        if obs.get("first_player") is not None:
            t.append(f" · first player: {self.who(obs.get('first_player'))}", style="dim")
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

    def decision_text(self, obs: Mapping[str, Any]) -> str:
        d = obs.get("decision")
        if not d:
            return "none"
        kind = d.get("kind")
        table = DECISIONS_JA if self.lang == "ja" else DECISIONS
        text = f"{self.who(d.get('player'))} — " + table.get(kind, str(kind))
        if kind == "defend" and "attacker" in d:
            text += f" against {self.name_of(d['attacker'])}"
            unit = self._find_unit(obs, d["attacker"])
            if unit is not None:
                text += f" (ATK {unit.get('attack')})"
        elif kind == "target" and "source" in d:
            text += f" for {self.name_of(d['source'])}" + (f" ({d['op']})" if d.get("op") else "")
        elif kind == "pay" and "cost" in d:
            colour = self.color_name(d.get("color"))
            paid = ", ".join(self.color_name(c) for c in d.get("paid") or []) or "-"
            if self.lang == "ja":
                text += (f"（{self.name_of(d.get('card'))}: {colour}{d['cost']}、"
                         f"支払い済み {paid}、残り{d.get('left')}）")
            else:
                text += (f" for {self.name_of(d.get('card'))} ({colour} {d['cost']}; paid: {paid}; "
                         f"{d.get('left')} left)")
        elif kind == "discard" and d.get("over"):
            text += f" ({d['over']} too many)"
        return text

    @staticmethod
    def _find_unit(obs: Mapping[str, Any], iid: int) -> Mapping[str, Any] | None:
        for pv in obs.get("players") or []:
            for u in pv.get("characters") or []:
                if u.get("iid") == iid:
                    return u
        return None

    def player_panel(self, pv: Mapping[str, Any], obs: Mapping[str, Any]) -> Panel:
        p = pv.get("player")
        mine = obs.get("viewer") == p
        rows: list[Any] = []

        # counts line
        t = Text()
        t.append("Deck ", style="bold")
        t.append(str(pv.get("deck")))
        t.append("   Hand ", style="bold")
        t.append(str(pv.get("hand_count")))
        t.append("   Town deck ", style="bold")
        t.append(str(pv.get("town_deck")))
        discard = pv.get("discard") or []
        t.append("   Discard ", style="bold")
        t.append(str(len(discard)))
        if discard:
            t.append(f" (top: {self.label(discard[-1])})", style="dim")
        if pv.get("removed"):
            t.append("   Removed ", style="bold")
            t.append(str(len(pv["removed"])))
        if pv.get("mulliganed"):
            t.append("   (mulliganed)", style="dim")
        rows.append(t)

        # leader and leader cards aside
        t = Text()
        t.append("Leader: ", style="bold")
        leader = pv.get("leader")
        if leader:
            t.append(self.label(leader))
            t.append(" ON" if leader.get("on") else " OFF", style="green" if leader.get("on") else "bright_black")
            if leader.get("runes"):
                t.append("  runes: ")
                self._append_runes(t, leader["runes"])
        else:
            t.append("none", style="dim")
        aside = pv.get("leader_hand") or []
        if aside:
            t.append("   Leader cards aside: ", style="bold")
            t.append(", ".join(self.grouped(aside)))
        elif pv.get("leader_hand_count"):  # the opponent's second hand: only how many
            t.append("   Leader cards aside: ", style="bold")
            t.append(f"{pv['leader_hand_count']} (hidden)")
        rows.append(t)

        # town: souls grouped by colour, e.g. "3 blue (2 ON, 1 OFF)"
        town = pv.get("town") or []
        t = Text()
        on = sum(1 for s in town if s.get("on"))
        t.append(f"Town ({on}/{len(town)} ON): ", style="bold")
        if not town:
            t.append("no souls", style="dim")
        groups: dict[str, list[int]] = {}
        for soul in town:
            key = (soul.get("color") or "?") + ("*" if soul.get("pays_any_color") else "")
            g = groups.setdefault(key, [0, 0])
            g[0 if soul.get("on") else 1] += 1
        for i, (key, (n_on, n_off)) in enumerate(groups.items()):
            if i:
                t.append(" · ")
            color = key.rstrip("*")
            wild = (" (任意の色)" if self.lang == "ja" else " (pays any colour)") if key.endswith("*") else ""
            t.append(f"{n_on + n_off} {self.color_name(color)}{wild}", style=COLOR_STYLE.get(color, ""))
            if n_on and n_off:
                t.append(f" ({n_on} ON, {n_off} OFF)")
            else:
                t.append(" ON" if n_on else " OFF", style="" if n_on else "bright_black")
        rows.append(t)

        # characters
        chars = pv.get("characters") or []
        if chars:
            rows.append(self.characters_table(chars))
        else:
            rows.append(Text("Characters: none", style="dim"))

        for key, title in (("damage_area", "Damage area"), ("using", "Being used")):
            cards = pv.get(key) or []
            if cards:
                rows.append(Text.assemble((f"{title}: ", "bold"), ", ".join(self.grouped(cards))))

        if mine and pv.get("hand") is not None:
            rows.append(self.hand_table(pv.get("hand") or [], set(pv.get("mulligan_pick") or [])))

        title = f"{self.who(p)} · P{p}" if not self.who(p).startswith(f"P{p}") else self.who(p)
        if obs.get("active") == p and obs.get("turn"):
            title += " · turn player"
        border = "cyan" if mine else "white"
        return Panel(Group(*rows), title=title, title_align="left", border_style=border)

    def grouped(self, cards: Iterable[Mapping[str, Any]]) -> list[str]:
        """Card labels with repeats folded ("X x2"), in first-seen order."""
        counts: dict[str, int] = {}
        for c in cards:
            k = self.label(c)
            counts[k] = counts.get(k, 0) + 1
        return [k if n == 1 else f"{k} x{n}" for k, n in counts.items()]

    def _append_runes(self, t: Text, runes: Iterable[str]) -> None:
        for i, r in enumerate(runes):
            if i:
                t.append(" ")
            t.append(self.color_name(r), style=COLOR_STYLE.get(r, ""))

    def characters_table(self, chars: list[Mapping[str, Any]]) -> Table:
        """One row per character; the name (and gloss) last so that it gets the spare width."""
        tab = Table(title=None, box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col, kw in (("#", {"justify": "right"}), ("Lv", {"justify": "right"}),
                        ("ATK", {"justify": "right"}), ("HP", {"justify": "right"}),
                        ("Dmg", {"justify": "right"}), ("State", {}), ("Status", {"max_width": 16}),
                        ("Runes", {"max_width": 22}), ("Character", {"overflow": "fold", "ratio": 1})):
            tab.add_column(col, **kw)
        for i, u in enumerate(chars, 1):
            status = []
            if u.get("shock"):
                status.append(Text("shock", style="bold yellow"))
            if u.get("poison"):
                status.append(Text("poison", style="bold magenta"))
            if u.get("sick"):
                status.append(Text("sick", style="bright_black"))
            if u.get("attacked"):
                status.append(Text("attacked", style="bright_black"))
            status_text = Text(" ").join(status) if status else Text("-", style="dim")
            runes = Text()
            self._append_runes(runes, u.get("runes") or [])
            c = self.card(u.get("id"))
            name = self.label2(u, "bold " + COLOR_STYLE.get(getattr(c, "color", None) or "", ""))
            if u.get("under"):
                name.append(f" (+{len(u['under'])} under)", style="dim")
            dmg = u.get("damage") or 0
            tab.add_row(str(i), str(u.get("level", "-")), str(u.get("attack", "-")), str(u.get("hp", "-")),
                        Text(str(dmg), style="bold red" if dmg else "dim"),
                        Text("ON", style="green") if u.get("on") else Text("OFF", style="bright_black"),
                        status_text, runes, name)
        return tab

    def hand_table(self, hand: list[Mapping[str, Any]], picked: set[int]) -> Table:
        """Your hand: printed numbers first, then the name with gloss and notes (kind, STOP!...)."""
        tab = Table(title="Your hand", title_justify="left", title_style="bold", box=None,
                    pad_edge=False, show_edge=False, header_style="bold")
        for col, kw in (("#", {"justify": "right"}), ("Cost", {"justify": "right"}),
                        ("Chg", {"justify": "right"}), ("Lv", {"justify": "right"}),
                        ("ATK/HP", {"justify": "right"}), ("Colour", {}), ("Rune", {}),
                        ("Card", {"overflow": "fold", "ratio": 1})):
            tab.add_column(col, **kw)
        if not hand:
            tab.add_row("", "", "", "", "", "", "", Text("(empty)", style="dim"))
        for i, h in enumerate(hand, 1):
            c = self.card(h.get("id"))
            notes = []
            if h.get("iid") in picked:
                notes.append(Text("RETURN", style="bold reverse yellow"))
            if c is None:
                cell = self.label2(h)
                tab.add_row(str(i), "-", "-", "-", "-", "-", "-", cell)
                continue
            if c.kind != "character":
                kind = KIND_JA.get(c.kind, c.kind) if self.lang == "ja" else KIND_SHORT.get(c.kind, c.kind)
                notes.append(Text(kind, style="italic"))
            if c.stop:
                notes.append(Text("STOP!", style="bold red"))
            if getattr(c, "leaderize", None):
                notes.append(Text("leaderize", style="italic"))
            kinds = {a.kind for a in c.abilities}
            for k in ("burst", "trigger", "activated", "on_enter", "static"):
                if k in kinds:
                    notes.append(Text(ABILITY_JA[k] if self.lang == "ja" else k.replace("_", " "),
                                      style="italic"))
            is_char = c.kind in ("character", "awakened_character")
            name = Text(h.get("name") or c.name, style="bold " + COLOR_STYLE.get(c.color or "", ""))
            if notes:
                name.append("  ")
                name.append(Text(" ").join(notes))
            en = h.get("name_en")
            if self.lang != "ja" and en:
                name.append("\n" + en, style="dim")
            tab.add_row(
                str(i), str(c.cost),
                str(c.change_cost) if is_char and c.change_cost is not None else "-",
                str(c.level) if is_char else "-",
                f"{c.attack}/{c.hp}" if is_char else "-",
                self.color_text(c.color),
                self.color_text(c.rune) if c.rune else Text("-"),
                name)
        return tab

    def card_info(self, obs: Mapping[str, Any]):
        """Texts of your hand, your leader cards and every card on the field."""
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
            field = list(pv.get("characters") or [])
            if pv.get("leader"):
                field.append(pv["leader"])
            section(f"{whose} field", field)
            section(f"{whose} leader cards aside", pv.get("leader_hand") or [])
        return out if out.plain else Text("No cards to show.")

    def reason_text(self, reason: Any) -> str:
        return REASONS.get(reason, str(reason or "").replace("_", " "))

    # --- events --------------------------------------------------------------------------
    def learn(self, ev: Mapping[str, Any]) -> None:
        """Remember iid -> card id pairs that an event makes public (to name cards later)."""
        for key, idkey in (("card", "id"), ("leader", "leader_id")):
            iid, cid = ev.get(key), ev.get(idkey)
            if isinstance(iid, int) and isinstance(cid, str) and iid not in self._known:
                c = self.card(cid)
                if c is not None:
                    self._known[iid] = {"iid": iid, "id": cid, "name": c.name, "name_en": c.name_en}

    def event_text(self, ev: Mapping[str, Any]) -> str | None:
        self.learn(ev)
        t = ev.get("type")
        who = self.who(ev.get("player"))
        card = lambda key="card", idkey="id": self.name_of(ev.get(key), ev.get(idkey))  # noqa: E731
        n = lambda k, one, many: f"{ev.get(k)} {one if ev.get(k) == 1 else many}"  # noqa: E731
        if t in ("shuffle", "shuffle_in", "stop"):
            return None
        if t == "first_player":
            return f"{who} will go first"
        if t == "draw":
            return f"{who} drew {card()}" if "id" in ev or ev.get("card") is not None else f"{who} drew a card"
        if t == "mulligan":
            return f"{who} kept their hand" if not ev.get("returned") else \
                f"{who} mulliganed {n('returned', 'card', 'cards')}"
        if t == "turn_start":
            return f"── Turn {ev.get('turn')}: {who} ──"
        if t == "phase":
            return f"{self.whose(ev.get('player'))} {ev.get('phase')} phase"
        if t == "build":
            c = self.card(ev.get("id"))
            colour = f" ({self.color_name(c.color)})" if c is not None and c.color else ""
            return f"{who} built a soul: {card()}{colour}"
        if t == "pay":
            k = len(ev.get("souls") or [])
            colours = ", ".join(self.color_name(c) for c in ev.get("colors") or [])
            return f"{who} paid {k} soul{'s' if k != 1 else ''}" + (f" ({colours})" if colours else "")
        if t == "place":
            return f"{who} placed {card()}"
        if t in ("change", "awaken"):
            verb = "changed" if t == "change" else "awakened"
            return f"{who} {verb} {self.name_of(ev.get('onto'))} into {card()}"
        if t == "monster":
            return f"{who} used the monster {card()}"
        if t == "burst":
            return f"{who} used the burst of {card()}"
        if t == "leaderize":
            return f"{who} leaderized {card()}: leader {card('leader', 'leader_id')}"
        if t == "activate":
            return f"{who} activated an ability of {card()}"
        if t == "attack":
            return f"{who} attacked with {card('attacker')} (ATK {ev.get('attack')})"
        if t == "defend":
            return f"{who} defended with {card('defender')}"
        if t == "no_defense":
            return f"{who} did not defend"
        if t == "battle":
            return (f"Battle: {card('attacker')} took {ev.get('damage_to_attacker')} damage, "
                    f"{card('defender')} took {ev.get('damage_to_defender')}")
        if t == "player_damage":
            return f"{who} must reveal {n('amount', 'card', 'cards')} from the deck"
        if t == "reveal":
            return f"{who} revealed {card()}" + (" — STOP!" if ev.get("stop") else "")
        if t == "trigger":
            return f"{who}: trigger of {card()}"
        if t == "damage_to_discard":
            return f"{who}: {len(ev.get('cards') or [])} damage-area card(s) to the discard pile"
        if t == "damage":
            why = f" ({ev['why']})" if ev.get("why") else ""
            return f"{card()} took {ev.get('amount')} damage{why}, {ev.get('total')} in total"
        if t == "modify":
            amount = ev.get("amount") or 0
            return f"{card()} gets {amount:+d} {ev.get('stat')} until end of turn"
        if t == "marker":
            return f"{card()}: {ev.get('marker')} marker {'added' if ev.get('on') else 'removed'}"
        if t == "leave_field":
            why = f", {ev['why']}" if ev.get("why") else ""
            return f"{card()} left the field (to {ev.get('to')}{why})"
        if t == "heal":
            return f"{card()} healed (damage now {ev.get('damage')})"
        if t == "set_state":
            return f"{card()} turned {'ON' if ev.get('on') else 'OFF'}"
        if t == "move":
            return f"{card()} moved to {ev.get('to')}"
        if t == "mill":
            return f"{who} put {card()} from the deck into the discard pile"
        if t == "search":
            if ev.get("card") is not None:
                return f"{who} searched the deck and took {card()}" + (" (revealed)" if ev.get("revealed") else "")
            return f"{who} searched the deck and took " + ("a card" if ev.get("took") else "nothing")
        if t == "recycle":
            k = len(ev.get("cards") or [])
            return f"{who} put {k} card{'s' if k != 1 else ''} from the discard pile under the deck"
        if t == "ready_souls":
            return f"{who} turned {n('amount', 'soul', 'souls')} ON"
        if t == "discard":
            return f"{who} discarded {card()}"
        if t == "deck_out":
            return f"{who}: main deck is empty!"
        if t == "concede":
            return f"{who} conceded"
        if t == "game_over":
            w = ev.get("winner")
            return ("Game over: draw" if w is None else f"Game over: {self.who(w)} won") + \
                f" ({self.reason_text(ev.get('reason'))})"
        return super().event_text(ev)
