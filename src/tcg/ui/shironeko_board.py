"""Text board of 白猫プロジェクト TCG (Shironeko) for the terminal, drawn with rich.

Layout only: every word (labels, narration, prompts, zone and state names) comes from the game's
presentation layer ``tcg.games.shironeko.text`` and its table ``games/shironeko/text.toml``. It
reads the observation dict of ``game.observe(player)`` (see games/shironeko/view.py), the public
card database (``game.rules.cards``) for printed numbers of cards it shows, and the game's cards
by instance id to name the cards an event or view shows."""
from __future__ import annotations

import functools
from typing import Any, Iterable, Mapping, Sequence

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..games.shironeko import text as T
from . import card_text, label_players
from .board_base import BoardRenderer

COLOR_STYLE = {"red": "red", "blue": "blue", "yellow": "yellow", "green": "green",
               "purple": "magenta", "orange": "dark_orange", "rainbow": "bold bright_white",
               "colorless": "bright_black"}
#: colour -> Japanese name, from the text table (``tcg cards --color`` reads it)
COLOR_JA = {c: T.color_name(c, "ja") for c in COLOR_STYLE}


def card_columns(lang: str) -> list[tuple[str, Any, dict]]:
    """The columns of ``tcg cards shironeko`` (the headers are the ids ``tcg cards`` uses)."""
    def is_char(c) -> bool:
        return getattr(c, "kind", "") in ("character", "awakened_character")

    def has_cost(c) -> bool:
        return getattr(c, "kind", "") not in ("town", "leader") and hasattr(c, "cost")

    def kind(c) -> str:
        k = getattr(c, "kind", "")
        return T.kind_name(k, lang, short=True) if k else ""
    return [
        ("Id", lambda c: c.id, {"no_wrap": True, "style": "bold"}),
        ("Kind", kind, {"no_wrap": True}),
        ("Name", lambda c: T.card_label(c, lang), {"ratio": 2}),
        ("Colour", lambda c: T.color_name(c.color, lang) if getattr(c, "color", None) else "", {"no_wrap": True}),
        ("Cost", lambda c: str(c.cost) if has_cost(c) else "", {"justify": "right"}),
        ("Chg", lambda c: "" if getattr(c, "change_cost", None) is None else str(c.change_cost),
         {"justify": "right"}),
        ("Lv", lambda c: str(c.level) if is_char(c) else "", {"justify": "right"}),
        ("ATK/HP", lambda c: f"{c.attack}/{c.hp}" if is_char(c) else "", {"justify": "right", "no_wrap": True}),
        ("Rune", lambda c: T.color_name(c.rune, lang) if getattr(c, "rune", None) else "", {"no_wrap": True}),
        ("STOP!", lambda c: "STOP!" if getattr(c, "stop", False) else "", {"no_wrap": True}),
        ("Text / abilities", lambda c: card_text(c, lang), {"ratio": 3}),
    ]


def card_facts(card: Any, lang: str) -> list[str]:
    """The facts line of a card on narrow terminals: "char · red · cost 2 (change 1) · Lv2 3/3"."""
    kind = getattr(card, "kind", "")
    facts = [T.kind_name(kind, lang, short=True)] if kind else []
    if getattr(card, "color", None):
        facts.append(T.color_name(card.color, lang))
    if kind not in ("town", "leader") and hasattr(card, "cost"):
        change = getattr(card, "change_cost", None)
        facts.append(T.t("facts.cost", lang, cost=card.cost) if change is None else
                      T.t("facts.cost_change", lang, cost=card.cost, change=change))
    if kind in ("character", "awakened_character"):
        facts.append(T.t("card.stats", lang, level=card.level, attack=card.attack, hp=card.hp))
    if getattr(card, "rune", None):
        facts.append(T.t("facts.rune", lang, rune=T.color_name(card.rune, lang)))
    if getattr(card, "stop", False):
        facts.append("STOP!")
    return facts


class Renderer(BoardRenderer):
    #: the cards marked for a mulligan are the player's secret
    hidden_actions = T.HIDDEN_ACTIONS

    facts = staticmethod(card_facts)

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        players = getattr(getattr(game, "rules", None), "players", 2)
        # the usual names ("You" / "Opponent") come from the text table in the board's language;
        # other names (a replay's "P0" / "P1") are kept as given
        default = names is None or dict(names) == label_players(viewer, players)
        self._names = None if default else dict(names)

    # --- words ----------------------------------------------------------------------------
    @property
    def voice(self) -> T.Voice:
        return T.Voice(self.viewer, self.lang, self._card_lookup(), self._names)

    def _card_lookup(self) -> Any:
        """The game's cards by instance id (to name the cards an event shows), if there is a game."""
        state = getattr(self.game, "state", None)
        return getattr(state, "cards", None)

    def t(self, key: str, /, **params: Any) -> str:
        return T.t(key, self.lang, **params)

    def head(self, label: str) -> str:
        """"Leader:" / "リーダー："."""
        return self.t("board.label", label=label)

    def who(self, player: Any) -> str:
        return self.voice.who(player)

    def name_of(self, iid: Any, cid: str | None = None) -> str:
        return self.voice.card(iid, cid)

    def kind_name(self, kind: Any) -> str:
        return T.kind_name(kind, self.lang) if kind else "?"

    def reason_text(self, reason: Any) -> str:
        return T.reason_text(reason, self.lang)

    def hidden_label(self, action: Any) -> str:
        return self.t("action.hidden")

    def action_label(self, game: Any, action: Any, actor: int | None = None) -> str:
        return T.describe(game.state, action, self.lang, viewer=self.viewer, names=self._names)

    def options(self, game: Any, legal: Sequence[Any]) -> list[Any]:
        """Every legal action, except that actions with the same menu path (two copies of a card
        in hand) are offered once."""
        seen: set[tuple[str, ...]] = set()
        out = []
        for path, action in T.menu(game, legal, self.viewer, self.lang):
            if path not in seen:
                seen.add(path)
                out.append(action)
        return out

    # --- colours and labels ---------------------------------------------------------------
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
        return T.color_name(color, self.lang) if color else "-"

    def color_text(self, color: str | None, text: str | None = None) -> Text:
        return Text(text if text is not None else self.color_name(color),
                    style=COLOR_STYLE.get(color or "", ""))

    def on_off(self, on: Any) -> Text:
        return Text(self.t("state.on"), style="green") if on else Text(self.t("state.off"), style="bright_black")

    # --- the board -----------------------------------------------------------------------
    def board(self, obs: Mapping[str, Any]):
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
        v = self.voice
        t = Text()
        t.append(self.t("ui.turn", turn=obs.get("turn", 0)), style="bold")
        t.append(" · " + T.phase_name(obs.get("phase"), self.lang, gloss=True))
        if obs.get("turn"):
            t.append(" · " + v.say("board.turn_of", obs.get("active")))
        if obs.get("first_player") is not None:
            t.append(" · " + self.t("board.first_player", who=self.who(obs.get("first_player"))), style="dim")
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
        return T.prompt(obs.get("decision"), obs.get("viewer", self.viewer), self.lang,
                        self._card_lookup(), obs=obs, names=self._names)

    def player_panel(self, pv: Mapping[str, Any], obs: Mapping[str, Any]) -> Panel:
        p = pv.get("player")
        mine = obs.get("viewer") == p
        rows: list[Any] = []
        zone = functools.partial(T.zone_name, lang=self.lang)

        # counts line
        t = Text()
        for i, (key, value) in enumerate((("deck", pv.get("deck")), ("hand", pv.get("hand_count")),
                                           ("town_deck", pv.get("town_deck")))):
            t.append(("   " if i else "") + zone(key) + " ", style="bold")
            t.append(str(value))
        discard = pv.get("discard") or []
        t.append("   " + zone("discard") + " ", style="bold")
        t.append(str(len(discard)))
        if discard:
            t.append(" " + self.t("board.top", card=self.label(discard[-1])), style="dim")
        if pv.get("removed"):
            t.append("   " + zone("removed") + " ", style="bold")
            t.append(str(len(pv["removed"])))
        if pv.get("mulliganed"):
            t.append("   " + self.t("state.mulliganed"), style="dim")
        rows.append(t)

        # leader and leader cards aside
        t = Text()
        t.append(self.head(zone("leader")), style="bold")
        leader = pv.get("leader")
        if leader:
            t.append(self.label(leader))
            t.append(" ")
            t.append(self.on_off(leader.get("on")))
            if leader.get("runes"):
                t.append("  " + self.head(T.stat_name("runes", self.lang)))
                self._append_runes(t, leader["runes"])
        else:
            t.append(self.t("board.none"), style="dim")
        aside = pv.get("leader_hand") or []
        if aside:
            t.append("   " + self.head(zone("leader_hand")), style="bold")
            t.append(self.t("sep.list").join(self.grouped(aside)))
        elif pv.get("leader_hand_count"):  # the opponent's second hand: only how many
            t.append("   " + self.head(zone("leader_hand")), style="bold")
            t.append(self.t("ui.hidden_cards", count=pv["leader_hand_count"]))
        rows.append(t)

        # town: souls grouped by colour, e.g. "3 blue (2 ON, 1 OFF)"
        town = pv.get("town") or []
        t = Text()
        on = sum(1 for s in town if s.get("on"))
        t.append(self.t("board.town", on=on, count=len(town)), style="bold")
        if not town:
            t.append(self.t("board.no_souls"), style="dim")
        groups: dict[str, list[int]] = {}
        for soul in town:
            key = (soul.get("color") or "?") + ("*" if soul.get("pays_any_color") else "")
            g = groups.setdefault(key, [0, 0])
            g[0 if soul.get("on") else 1] += 1
        for i, (key, (n_on, n_off)) in enumerate(groups.items()):
            if i:
                t.append(" · ")
            color = key.rstrip("*")
            wild = " " + self.t("board.pays_any") if key.endswith("*") else ""
            t.append(self.t("board.souls", count=n_on + n_off, color=self.color_name(color)) + wild,
                     style=COLOR_STYLE.get(color, ""))
            if n_on and n_off:
                t.append(" " + self.t("board.on_off", on=n_on, off=n_off))
            else:
                t.append(" ")
                t.append(self.t("state.on") if n_on else self.t("state.off"), style="" if n_on else "bright_black")
        rows.append(t)

        # characters
        chars = pv.get("characters") or []
        if chars:
            rows.append(self.characters_table(chars))
        else:
            rows.append(Text(self.head(zone("characters")) + self.t("board.none"), style="dim"))

        for key in ("damage_area", "using"):
            cards = pv.get(key) or []
            if cards:
                rows.append(Text.assemble((self.head(zone(key)), "bold"),
                                          self.t("sep.list").join(self.grouped(cards))))

        if mine and pv.get("hand") is not None:
            rows.append(self.hand_table(pv.get("hand") or [], set(pv.get("mulligan_pick") or [])))

        who = self.who(p)
        title = who if self._names and who.startswith(f"P{p}") else self.t("board.player", who=who, player=p)
        if obs.get("active") == p and obs.get("turn"):
            title += " · " + self.t("state.turn_player")
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
        stat = functools.partial(T.stat_name, lang=self.lang)
        tab = Table(title=None, box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col, kw in ((stat("number"), {"justify": "right"}), (stat("level"), {"justify": "right"}),
                        (stat("attack"), {"justify": "right"}), (stat("hp"), {"justify": "right"}),
                        (stat("damage"), {"justify": "right"}), (stat("state"), {}),
                        (stat("status"), {"max_width": 16}), (stat("runes"), {"max_width": 22}),
                        (self.t("board.character"), {"overflow": "fold", "ratio": 1})):
            tab.add_column(col, **kw)
        for i, u in enumerate(chars, 1):
            status = []
            for key, style in (("shock", "bold yellow"), ("poison", "bold magenta"),
                               ("sick", "bright_black"), ("attacked", "bright_black")):
                if u.get(key):
                    status.append(Text(T.state_name(key, self.lang, gloss=key in ("shock", "poison")), style=style))
            status_text = Text(" ").join(status) if status else Text("-", style="dim")
            runes = Text()
            self._append_runes(runes, u.get("runes") or [])
            c = self.card(u.get("id"))
            name = self.label2(u, "bold " + COLOR_STYLE.get(getattr(c, "color", None) or "", ""))
            if u.get("under"):
                name.append(" " + self.t("board.under", count=len(u["under"])), style="dim")
            dmg = u.get("damage") or 0
            tab.add_row(str(i), str(u.get("level", "-")), str(u.get("attack", "-")), str(u.get("hp", "-")),
                        Text(str(dmg), style="bold red" if dmg else "dim"), self.on_off(u.get("on")),
                        status_text, runes, name)
        return tab

    def hand_table(self, hand: list[Mapping[str, Any]], picked: set[int]) -> Table:
        """Your hand: printed numbers first, then the name with gloss and notes (kind, STOP!...)."""
        stat = functools.partial(T.stat_name, lang=self.lang)
        tab = Table(title=self.t("board.hand_of.you"), title_justify="left",
                    title_style="bold", box=None, pad_edge=False, show_edge=False, header_style="bold")
        for col, kw in ((stat("number"), {"justify": "right"}), (stat("cost"), {"justify": "right"}),
                        (stat("change_cost"), {"justify": "right"}), (stat("level"), {"justify": "right"}),
                        (f"{stat('attack')}/{stat('hp')}", {"justify": "right"}), (stat("color"), {}),
                        (stat("rune"), {}), (self.t("board.card"), {"overflow": "fold", "ratio": 1})):
            tab.add_column(col, **kw)
        if not hand:
            tab.add_row("", "", "", "", "", "", "", Text(self.t("board.empty"), style="dim"))
        for i, h in enumerate(hand, 1):
            c = self.card(h.get("id"))
            notes = []
            if h.get("iid") in picked:
                notes.append(Text(self.t("state.returning"), style="bold reverse yellow"))
            if c is None:
                cell = self.label2(h)
                tab.add_row(str(i), "-", "-", "-", "-", "-", "-", cell)
                continue
            if c.kind != "character":
                notes.append(Text(T.kind_name(c.kind, self.lang, short=True), style="italic"))
            if c.stop:
                notes.append(Text("STOP!", style="bold red"))
            if getattr(c, "leaderize", None):
                notes.append(Text(T.ability_name("leaderize", self.lang, gloss=True), style="italic"))
            kinds = {a.kind for a in c.abilities}
            for k in ("burst", "trigger", "activated", "on_enter", "static"):
                if k in kinds:
                    notes.append(Text(T.ability_name(k, self.lang, gloss=True), style="italic"))
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
        v = self.voice
        out = Text()
        viewer = obs.get("viewer")
        players = obs.get("players") or []
        section = functools.partial(self.card_section, out)
        order = [p for p in range(len(players)) if p == viewer] + [p for p in range(len(players)) if p != viewer]
        for p in order:
            pv = players[p]
            if pv.get("hand"):  # only the viewer's own hand is shown
                section(self.t("board.hand_of.you") if p == viewer else v.say("board.hand_of", p),
                        pv["hand"], numbered=True)
            field = list(pv.get("characters") or [])
            if pv.get("leader"):
                field.append(pv["leader"])
            section(v.say("board.field_of", p), field)
            section(v.say("board.leader_cards_of", p), pv.get("leader_hand") or [])
        return out if out.plain else Text(self.t("board.no_cards"))

    # --- events --------------------------------------------------------------------------
    def event_text(self, ev: Mapping[str, Any]) -> str | None:
        return T.narrate(ev, self.viewer, self.lang, self._card_lookup(), names=self._names)
