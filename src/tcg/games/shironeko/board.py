"""The board description of Shironeko (白猫プロジェクト TCG): what the table shows, for every front
end (see ``tcg.present.board`` for the schema; ``tcg.ui.table`` draws it in the terminal).

Built only from an observation (``game.observe(viewer)``, see view.py) and the public card
database (``game.rules.cards``, for card texts); every word comes from ``text.toml`` through
``text.py``. Per player, from the far edge of the table to the near one (the viewer's side is
"bottom"; a spectator sees player 0 at the bottom)::

    p<N>            counters: deck, hand, town deck, leader cards aside (a count for the opponent)
    p<N>.discard    pile (and p<N>.damage, p<N>.using, p<N>.removed when they hold cards)
    p<N>.town       row: each town card (soul) ON or OFF, with counters of the ON souls by colour
    p<N>.leader     row: the leader on the leader area (ON/OFF, runes)
    p<N>.leader_hand  row: the viewer's own leader cards aside (the opponent's: only the count)
    p<N>.field      row: the characters (level, attack, HP left of HP, OFF, markers, runes)
    p<N>.hand       row: the viewer's hand (the opponent's: only the count)

and a "search" area in the middle while the viewer searches their deck (the cards they may take
are in the deck, which the observation does not list).

``refs(action)``: the card that acts first (``card.<iid>``), then its target.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ...present import board as B
from . import text as T

GAME = "shironeko"
#: markers and flags of a character, in the order shown, and whether the name is a glossed term
MARKERS = (("shock", True), ("poison", True), ("sick", False), ("attacked", False))
#: ability kinds noted on a card in hand
HAND_ABILITIES = ("burst", "trigger", "activated", "on_enter", "static")
#: the action parameter that names the acting card, then the ones that name its target
ACTOR_KEYS = ("card", "attacker", "defender")
TARGET_KEYS = ("target",)




def card_text(printed: Any, lang: str) -> str:
    """The card's text in ``lang`` (Japanese when no English is printed), else its abilities'; a
    card with keywords as the text layer prints it (each keyword with its reminder text)."""
    if printed is None:
        return ""
    if getattr(printed, "keywords", ()):
        return T.card_text(printed, lang)
    text = printed.text if lang == "ja" else (printed.text_en or printed.text)
    if text:
        return text
    parts = [(ab.text if lang == "ja" else (ab.text_en or ab.text)) for ab in printed.abilities]
    return "\n".join(p for p in parts if p)


class _Describer(B.Describer):
    words = T

    def __init__(self, obs: Mapping[str, Any], lang: str, cards: Any, names: Mapping[int, str] | None):
        super().__init__(obs, lang, cards)
        self.voice = T.Voice(self.viewer, self.lang, None, names)
        self.names = names

    # --- cards --------------------------------------------------------------------------------
    def card(self, view: Mapping[str, Any] | None, owner: int | None, *, stats: Sequence[tuple[str, Any]] = (),
             states: Sequence[str] = (), kind: bool = True) -> dict[str, Any]:
        view = view or {}
        printed = B.printed(self.cards, view.get("id"))
        k = view.get("kind") or getattr(printed, "kind", None)
        color = view.get("color")
        kind_label = T.kind_name(k, self.lang, short=True) if (k and kind and k != "character") else ""
        return B.card(view, self.lang, kind=kind_label,
                      color_label=T.color_name(color, self.lang) if color else "", stats=stats,
                      states=states, text=card_text(printed, self.lang), owner=owner)

    def hand_card(self, view: Mapping[str, Any], owner: int, picked: set) -> dict[str, Any]:
        """A card in the viewer's hand: printed level and attack/HP, change cost; STOP!, abilities."""
        stat = self.stat
        stats: list[tuple[str, Any]] = []
        if view.get("kind") in ("character", "awakened_character"):
            # as the options print it: "Lv2 1/4"
            stats.append(("", self.t("card.stats", level=view.get("level"), attack=view.get("attack"),
                                     hp=view.get("hp"))))
            if view.get("change_cost") is not None:
                stats.append((stat("change_cost"), view.get("change_cost")))
        if view.get("rune") and view.get("rune") != view.get("color"):
            stats.append((stat("rune"), T.color_name(view["rune"], self.lang)))
        states: list[str] = []
        if view.get("iid") in picked:
            states.append(self.t("state.returning"))
        if view.get("stop"):
            states.append("STOP!")
        printed = B.printed(self.cards, view.get("id"))
        if printed is not None:
            if getattr(printed, "leaderize", None):
                states.append(T.ability_name("leaderize", self.lang, gloss=True))
            kinds = {ab.kind for ab in printed.abilities}
            states += [T.ability_name(k, self.lang, gloss=True) for k in HAND_ABILITIES if k in kinds]
        return self.card(view, owner, stats=stats, states=states)

    def unit_card(self, u: Mapping[str, Any], owner: int) -> dict[str, Any]:
        """A character (or the leader) on the field: what it is now, not only what is printed."""
        stat = self.stat
        stats: list[tuple[str, Any]] = []
        leader = bool(u.get("leader"))
        if not leader:
            hp = u.get("hp") or 0
            stats = [(stat("level"), u.get("level")), (stat("attack"), u.get("attack")),
                     (stat("hp"), f"{hp - (u.get('damage') or 0)}/{hp}")]
        if u.get("runes") and list(u["runes"]) != [u.get("rune")]:  # more than its own rune
            stats.append((stat("runes"), T.join((T.color_name(r, self.lang) for r in u["runes"]), self.lang,
                                                "colors")))
        states = [] if u.get("on") else [self.t("state.off")]  # ON, ready, is the usual state
        for key, gloss in MARKERS:
            if u.get(key):
                states.append(T.state_name(key, self.lang, gloss=gloss))
        if u.get("under"):
            states.append(self.t("board.under_count", count=len(u["under"])))
        # the colour without the cost: on the field the cost is paid
        return self.card({**u, "cost": None}, owner, stats=stats, states=states, kind=leader)

    def stat(self, name: str) -> str:
        return T.stat_name(name, self.lang)

    # --- the table ----------------------------------------------------------------------------
    def title(self) -> str:
        obs = self.obs
        parts = [self.t("ui.turn", turn=obs.get("turn", 0)), T.phase_name(obs.get("phase"), self.lang, gloss=True)]
        if obs.get("turn") and obs.get("active") is not None:
            parts.append(self.voice.say("board.turn_of", obs.get("active")))
        if obs.get("first_player") is not None:
            parts.append(self.t("board.first_player", who=self.voice.who(obs["first_player"])))
        return " · ".join(parts)

    def status(self) -> str:
        r = self.obs.get("result")
        if r:
            return self.t("event.game_over", result=T.result_text(r.get("winner"), r.get("reason"), self.viewer,
                                                                  self.lang, self.names))
        return self.t("board.decision") + T.prompt(self.obs.get("decision"), self.viewer, self.lang,
                                                   obs=self.obs, names=self.names)

    def player_label(self, p: int) -> str:
        who = self.voice.who(p)
        # "You · P0"; a spectator's (or a replay's) "P0" says it alone ("P0側" in Japanese)
        if who == f"P{p}":
            label = self.t("board.seat", player=p)
        else:
            label = who if who.startswith(f"P{p}") else self.t("board.player", who=who, player=p)
        if self.obs.get("active") == p and self.obs.get("turn"):
            label += " · " + self.t("state.turn_player")
        return label

    def player_areas(self, pv: Mapping[str, Any], side: str) -> list[dict[str, Any]]:
        p = pv["player"]
        zone = lambda key: T.zone_name(key, self.lang)  # noqa: E731
        mine = pv.get("hand") is not None
        pre = f"p{p}"
        counters = [B.counter(None, zone("deck"), pv.get("deck", 0)),
                    B.counter(None, zone("hand"), pv.get("hand_count", 0)),
                    B.counter(None, zone("town_deck"), pv.get("town_deck", 0))]
        if not mine and pv.get("leader_hand_count"):  # the opponent's second hand: only how many
            counters.append(B.counter(None, self.t("board.leader_hand_count"),
                                      self.t("ui.hidden_cards", count=pv["leader_hand_count"])))
        label = self.player_label(p)
        if pv.get("mulliganed") and not self.obs.get("turn"):  # worth saying during the set-up
            label += " " + self.t("state.mulliganed")
        out = [B.area(pre, label, owner=p, side=side, layout="counters", counters=counters)]
        for key, aid, always in (("discard", "discard", True), ("damage_area", "damage", False),
                                 ("using", "using", False), ("removed", "removed", False)):
            views = pv.get(key) or []
            if views or always:
                out.append(B.area(f"{pre}.{aid}", zone(key), owner=p, side=side, layout="pile",
                                  cards=[self.card(v, p) for v in views]))
        # the town: every soul ON or OFF; counters: the ON souls of each colour
        town = pv.get("town") or []
        groups: dict[str, list[int]] = {}
        for soul in town:
            g = groups.setdefault(soul.get("color") or "", [0, 0])
            g[0] += bool(soul.get("on"))
            g[1] += 1
        town_counters = [B.counter(None, self.t("state.on"), sum(1 for s in town if s.get("on")), max=len(town),
                                   tone="good" if any(s.get("on") for s in town) else "")]
        for color, (n_on, n) in groups.items():
            town_counters.append(B.counter(None, self.t("board.souls_on", color=T.color_name(color, self.lang)),
                                           n_on, max=n))
        out.append(B.area(f"{pre}.town", zone("town"), owner=p, side=side, layout="row", counters=town_counters,
                          cards=[self.card(s, p, states=[self.t("state.on") if s.get("on") else self.t("state.off")]
                                           + ([self.t("board.pays_any")] if s.get("pays_any_color") else []))
                                 for s in town]))
        if mine and pv.get("leader_hand"):
            out.append(B.area(f"{pre}.leader_hand", zone("leader_hand"), owner=p, side=side, layout="row",
                              cards=[self.card(v, p) for v in pv["leader_hand"]]))
        leader = pv.get("leader")
        if leader:
            out.append(B.area(f"{pre}.leader", zone("leader"), owner=p, side=side, layout="row",
                              cards=[self.unit_card(leader, p)]))
        out.append(B.area(f"{pre}.field", self.voice.say("board.field_of", p), owner=p, side=side, layout="row",
                          cards=[self.unit_card(u, p) for u in pv.get("characters") or []]))
        if mine:
            picked = set(pv.get("mulligan_pick") or [])
            # only its owner sees a hand: "Your hand" also in a replay from a player's side
            out.append(B.area(f"{pre}.hand", self.t("board.hand_of.you"), owner=p, side=side, layout="row",
                              cards=[self.hand_card(v, p, picked) for v in pv["hand"]]))
        return out

    def describe(self) -> dict[str, Any]:
        obs = self.obs
        players = list(obs.get("players") or [])
        bottom = self.viewer if self.viewer in range(len(players)) else 0
        areas: list[dict[str, Any]] = []
        for pv in players:
            if pv["player"] != bottom:  # the far edge first: counters, then town, leader, field
                areas += self.player_areas(pv, "top")
        d = obs.get("decision") or {}
        if d.get("kind") == "search" and d.get("player") == self.viewer and self.viewer is not None:
            deck = players[self.viewer].get("deck", 0)
            areas.append(B.area("search", self.t("board.searching"), owner=self.viewer, side="middle",
                                layout="pile", count=deck))
        mine = self.player_areas(players[bottom], "bottom") if players else []
        # the near side mirrors the far one: field next to the opponent's, then leader, the
        # counters, piles and town, and the hand last
        first = ("field", "leader", "leader_hand")
        place = lambda a: a["id"].partition(".")[2]  # noqa: E731
        areas += sorted((a for a in mine if place(a) in first), key=lambda a: first.index(place(a)))
        areas += [a for a in mine if place(a) not in first + ("hand",)]
        areas += [a for a in mine if place(a) == "hand"]
        return {"game": GAME, "lang": self.lang, "viewer": self.viewer, "title": self.title(),
                "status": self.status(), "banner": None, "areas": areas}


def describe(obs: Mapping[str, Any], lang: str = "en", cards: Any = None, *,
             names: Mapping[int, str] | None = None) -> dict[str, Any]:
    """The board description of ``obs`` in ``lang`` (see the module docstring). ``names`` calls
    the players otherwise than "You" / "Opponent" (a replay's "P0" / "P1")."""
    return _Describer(obs, lang, cards, names).describe()


def refs(action: Any) -> list[str]:
    """The element ids ``action`` is about: the acting card, then its target. A soul to pay with,
    the end of the turn or taking the damage point at nothing; a card to take from the deck
    points at the "search" area (the deck's cards are not on the table)."""
    typ = getattr(action, "type", None)
    if typ == "search_pick":
        return ["search"]
    if not hasattr(action, "get"):
        return []
    return B.card_refs(action.get(key) for key in ACTOR_KEYS + TARGET_KEYS)


def card_tile(lang: str, cards: Any) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """How the table draws a printed card (``view.printed`` plus ``iid``): the tile of a card in
    hand, as the card gallery (``/cards/shironeko``) shows it."""
    d = _Describer({}, lang, cards, None)
    return lambda view: d.hand_card(view, None, set())


__all__ = ["GAME", "card_text", "card_tile", "describe", "refs"]
