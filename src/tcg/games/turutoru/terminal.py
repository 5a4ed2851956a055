"""Text board of RUNE-TCG トゥルトゥルSTAGE (Turu-turu Stage) for the terminal, drawn with rich.

The table is the game's board description (``tcg.games.turutoru.board.describe``: both players'
HP left, decks, hands, fields, piles, the viewer's secret stack, the timeline of the main phase)
drawn by the terminal's generic drawing (``tcg.ui.table``). Every word (labels, narration,
prompts, names of programs, phases and states) comes from the game's presentation layer
``tcg.games.turutoru.text`` and its table ``games/turutoru/text.toml``, in English or Japanese.

This module adds what only the terminal needs: the lines of events, the options and how they
read, the decision in words, the card texts ("i") and the columns of ``tcg cards turutoru``.
"""
from __future__ import annotations

from typing import Any, Mapping

from rich.text import Text

from . import text as T
from .board import describe
from ...present.cards import column_facts, head_columns
from ...ui import table
from ...ui.board_base import VoicedBoard

program_kind = T.program_kind


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
    return [
        *head_columns(lang, lambda kind: T.kind_name(kind, lang, short=True)),
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
    return column_facts(card, card_columns(lang), {
        "Seg": lambda seg: T.t("board.facts_seg", lang, count=seg),
        "P/T": None, "Programs": None, "Gender": None, "Work": None,
        "Mount": lambda where: T.t("mount.word", lang, where=where),
    })


# --- the renderer --------------------------------------------------------------------------------

def numbered(desc: Mapping[str, Any], obs: Mapping[str, Any]) -> dict[str, Any]:
    """The description with each character on a field numbered first ("#2"), as the options name
    it ("Put Opponent's #2 X to bed"): its place among its owner's characters (the devices on it,
    listed after it in the row, are not counted)."""
    pos = {f"card.{u.get('iid')}": k for pv in obs.get("players") or []
           for k, u in enumerate(pv.get("characters") or [], 1)}
    areas = []
    for a in desc.get("areas") or []:
        if str(a.get("id", "")).endswith(".field"):
            a = {**a, "cards": [{**c, "stats": [["", f"#{pos[c.get('ref')]}"]] + list(c.get("stats") or [])}
                                if c.get("ref") in pos else c for c in a.get("cards") or []]}
        areas.append(a)
    return {**desc, "areas": areas}


class Renderer(VoicedBoard):
    #: stacking is face down and secret: others learn nothing of it, not even that it happened
    #: (TT-T2; the counts are shown when both have programmed)
    words = T

    facts = staticmethod(card_facts)

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        rules = getattr(game, "rules", None)
        self.segments = getattr(rules, "segments", None) or T.SEGMENTS
        self.hand_limit = getattr(rules, "hand_limit", None) or T.HAND_LIMIT

    # --- words ------------------------------------------------------------------------------
    def kind_name(self, kind: Any, short: bool = False) -> str:
        return T.kind_name(kind, self.lang, short=short)

    def prog_name(self, kind: Any, amount: int = 0) -> str:
        """ "Place (配置)" (en) or "配置" (ja); Library Draw with its number."""
        return T.program_name(kind, amount, self.lang)

    # --- the board -------------------------------------------------------------------------
    def board(self, obs: Mapping[str, Any]):
        """The table: the game's board description (``tcg.games.turutoru.board``) drawn by the
        terminal's generic drawing (``tcg.ui.table``)."""
        self.remember(obs)
        self.segments = obs.get("segments") or self.segments
        return table.render(numbered(describe(obs, self.lang, self._cards), obs))

    def decision_text(self, obs: Mapping[str, Any]) -> str:
        return T.prompt(obs.get("decision"), obs.get("viewer", self.viewer), self.lang, obs=obs, cards=self.book,
                        names=self._names)

    # --- card texts ---------------------------------------------------------------------------
    def card_info(self, obs: Mapping[str, Any]):
        """Texts of your hand, your stack and every card on the field, then what the programs of
        those cards do."""
        self.remember(obs)
        players = obs.get("players") or []

        def seat(section: Any, p: int, pv: Mapping[str, Any]) -> None:
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
        out = self.seat_sections(obs, seat)
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
    def line_options(self) -> dict[str, Any]:
        return {"segments": self.segments, "hand_limit": self.hand_limit}


COLOR_JA: dict[str, str] = {}  # no colours in this game (``tcg cards --color`` is refused)

__all__ = ["COLOR_JA", "Renderer", "card_columns", "card_facts", "program_kind"]
