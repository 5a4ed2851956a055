"""Terminal front end of Z/X -Zillions of enemy X-: the board is the game's board description
(``tcg.games.zx.board.describe``) drawn by the generic ``tcg.ui.table``; this module adds what the
terminal says around it, every word from the game's presentation layer (``tcg.games.zx.text``):
event lines, prompts, option labels and card texts, in English or Japanese. It reads the
observation dict of ``game.observe(player)`` (see games/zx/view.py) and the public card database
(``game.rules.cards``) for printed fields and texts; ``card_columns`` / ``card_facts`` are the
columns of ``tcg cards zx``."""
from __future__ import annotations

import functools
from typing import Any, Mapping

from rich.text import Text

from . import text as W
from .board import describe
from .cards import COLORS
from ...present.cards import column_facts, head_columns
from ...ui import table
from ...ui.board_base import VoicedBoard

#: colour -> Japanese name (``tcg cards --color 白``)
COLOR_JA = {c: W.color_name(c, "ja") for c in COLORS}


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
        *head_columns(lang, lambda kind: W.kind_name(kind, lang)),
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
    return column_facts(card, card_columns(lang), {
        "Colour": None,
        "Cost": lambda n: W.t("stat.cost", lang, n=n),
        "Power": lambda n: W.t("stat.power", lang, n=n),
        "Race": None,
        "Timing": lambda timing: W.t("stat.timing", lang, timing=timing),
        "Marks": None, "Dynamis": None,
        "Ign": lambda _: W.t("stat.ignition", lang),
    })


# --- the renderer --------------------------------------------------------------------------------

class Renderer(VoicedBoard):
    words = W

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        self.persp = viewer if viewer in (0, 1) else 0  # whose side is at the bottom

    # --- words -------------------------------------------------------------------------------
    def sq_name(self, sq: Any) -> str:
        return self.voice.sq_name(sq)

    def sq(self, sq: Any) -> str:
        return self.voice.sq(sq)

    # --- cards and names ---------------------------------------------------------------------
    facts = staticmethod(card_facts)

    def card_place(self, view: Mapping[str, Any]) -> str:
        return self.t("fmt.on_square", square=self.sq(view["square"])) if view.get("square") is not None else ""

    # --- the board: the game's description, drawn by the generic table -----------------------
    def describe(self, obs: Mapping[str, Any]) -> dict[str, Any]:
        """The board description of ``obs`` (``tcg.games.zx.board.describe``)."""
        return describe(obs, self.lang, self._cards)

    def board(self, obs: Mapping[str, Any]):
        self.remember(obs)
        return table.render(self.describe(obs))

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

    # --- actions -------------------------------------------------------------------------------
    def decision_source(self, game: Any) -> tuple | None:
        """A target's effect goes on once the target is chosen: its lines name the card."""
        d = game.decision
        if d is not None and d.kind in ("target", "target_hidden", "place_effect", "choose_mode", "look_take",
                                        "look_order") \
                and isinstance((d.info or {}).get("source"), int):
            return (d.info["source"], None)
        return None


__all__ = ["COLOR_JA", "Renderer", "card_columns", "card_facts", "how_text", "zx_card_text"]
