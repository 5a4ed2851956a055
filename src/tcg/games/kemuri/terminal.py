"""The terminal front end of けむりちゅーどく (Kemuri Chuudoku), drawn with rich.

The table is the game's board description (``tcg.games.kemuri.board.describe``: seats against the
close, leaders, the floors with each cast's shift, CP and call-in, the event, the serving under
way, your hand) drawn by the generic ``tcg.ui.table``. This module adds what the terminal says
around it, every word from the game's presentation layer (``tcg.games.kemuri.text``): event lines,
prompts, option labels and menu steps, the card texts of the "i" key and the columns of
``tcg cards kemuri``."""
from __future__ import annotations

from typing import Any, Mapping


from . import text as W
from .board import describe
from ...present.cards import column_facts, head_columns
from ...ui import table
from ...ui.board_base import VoicedBoard

#: the words of cards (kept here under their old names for callers of this module)
kemuri_card_text = W.card_text
ability_text = W.ability_text
op_text = W.op_text
shift_name = W.shift_name


# --- tcg cards ---------------------------------------------------------------------------------

def card_columns(lang: str) -> list[tuple[str, Any, dict]]:
    """The columns of ``tcg cards kemuri`` (the headers are the ids ``tcg cards`` uses)."""
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
        *head_columns(lang, lambda kind: W.kind_name(kind, lang)),
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
    columns = card_columns(lang)
    call_in = {head: get for head, get, _ in columns}["Call-in"]  # the CP fact names the call-in too
    return column_facts(card, columns, {
        "Lv": lambda lv: W.t("stat.lv", lang, level=lv),
        "Cost": lambda cost: W.t("facts.cost", lang, cost=cost),
        "Shift": None,
        "CP": lambda cp: W.t("facts.cp", lang, cp=cp, call=call_in(card)),
        "Help": lambda help_: W.t("facts.help", lang, help=help_),
        "Removal": lambda cost: W.t("facts.removal", lang, cost=cost),
        "Charm": lambda timing: W.t("facts.charm", lang, timing=timing),
        "Person": None,
        "Trig": lambda _: W.t("facts.trigger", lang),
    })


# --- the renderer --------------------------------------------------------------------------------

class Renderer(VoicedBoard):
    #: the cards marked for a mulligan are the player's secret
    words = W

    facts = staticmethod(card_facts)

    # --- the board -------------------------------------------------------------------------
    def board(self, obs: Mapping[str, Any]):
        self.remember(obs)
        return table.render(describe(obs, self.lang, self._cards))

    def decision_text(self, obs: Mapping[str, Any]) -> str:
        return W.prompt(obs.get("decision"), obs.get("viewer", self.viewer), self.lang, obs=obs, cards=self.book,
                        names=self._names, game=self.game)

    # --- card texts -------------------------------------------------------------------------
    def card_info(self, obs: Mapping[str, Any]):
        """Texts of your hand, of the leaders, of the casts on the floors and of the event."""
        self.remember(obs)

        def seat(section: Any, p: int, pv: Mapping[str, Any]) -> None:
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
        out = self.seat_sections(obs, seat)
        if obs.get("event"):
            self.card_section(out, self.t("info.event"), [obs["event"]])
        out.append(self.t("info.reminders") + "\n", style="bold underline")
        out.append(self.t("info.reminder_text") + "\n", style="dim")
        return out

    # --- actions: which are offered ----------------------------------------------------------
    def keep_options(self, game: Any, options: list[Any]) -> list[Any]:
        """A step of the charcoal change that only swaps a card for a copy of itself is left out
        (unless nothing else is left). With enough seats to close, the menu puts locking the
        leader after End."""
        real = [a for a in options if not W.noop_swap(game, a, self.viewer)]
        return real or options


COLOR_JA: dict[str, str] = {}  # no colours in this game (``tcg cards --color`` is refused)

__all__ = ["COLOR_JA", "Renderer", "card_columns", "card_facts", "kemuri_card_text", "ability_text", "op_text"]
