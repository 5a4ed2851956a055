"""The board description of RUNE-TCG トゥルトゥルSTAGE (Turu-turu Stage): what the table shows (see
``tcg.present.board`` for the schema), drawn by the terminal (``tcg.ui.table``) and the browser.

Built only from one observation (``game.observe(viewer)``, games/turutoru/view.py) and the public
card set (``game.rules.cards``, for card texts); every word comes from the game's text layer
(``text.py`` / ``text.toml``, keys under ``board.``). From the top of the table:

* the opponent (a spectator sees P1 here): a counters line (HP left, deck, hand count, their
  face-down stack: "secret" while programming, TT-T2, then only how many cards), their discard
  pile and resolved programs, their field devices, their characters (power / toughness left, the
  printed numbers and damage when they differ, awake or in bed, placed this round; devices
  attached to a character follow it);
* the shared timeline of the main phase (one cell per segment, ``timeline.0`` ..
  ``timeline.5``): the segment now, the program running (its card, its start and end, the program
  chosen), where each player's next program starts (the opponent's as a count of face-down cards);
* the viewer: their characters, field devices, their own secret stack (each card with the
  programs it may run as, the segments it would run at, whether it fits), counters, piles, hand.

``refs(action)``: the card that acts (``card.<iid>``), then the card it acts on.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ...present import board as B
from ...engine.action import Action
from . import text as T

GAME = "turutoru"


def _seg(view: Mapping[str, Any], cards: Any = None) -> int:
    return T._seg(view, cards)


def _printed(cards: Any, view: Mapping[str, Any] | None) -> Any:
    if cards is None or not view or not isinstance(view.get("id"), str):
        return None
    try:
        return cards.find(view["id"])
    except Exception:  # noqa: BLE001 - a description never fails for a missing card
        return None


def _programs(view: Mapping[str, Any], lang: str, gloss: bool = False) -> str:
    return T.t("fmt.programs", lang).join(T.program_label_name(x, lang, gloss=gloss)
                                          for x in view.get("programs") or [])


def _hp_tone(hp: int) -> str:
    return "good" if hp > 10 else "warn" if hp > 5 else "bad"


class _Describer(B.Describer):
    words = T

    def __init__(self, obs: Mapping[str, Any], lang: str, cards: Any):
        super().__init__(obs, lang, cards)
        self.players: list[Mapping[str, Any]] = list(obs.get("players") or [])
        self.segments = obs.get("segments") or T.SEGMENTS
        self.voice = T.Voice(self.viewer, self.lang, T.CardBook(cards))
        self.voice.book.see(obs)
        self.decision: Mapping[str, Any] = obs.get("decision") or {}
        self.selected = set(obs.get("selected") or [])

    # --- cards ------------------------------------------------------------------------------------
    def card(self, view: Mapping[str, Any], owner: Any, *, stats: Sequence[tuple[str, Any]] = (),
             states: Sequence[str] = (), with_kind: bool = True) -> dict[str, Any]:
        """A card; ``with_kind=False`` where every card is a character (the field, the stack)."""
        printed = _printed(self.cards, view)
        kind = (view.get("kind") or getattr(printed, "kind", "")) if with_kind else ""
        return B.card(view, self.lang, kind=T.kind_name(kind, self.lang, short=True) if kind else "",
                      stats=stats, states=states, text=T.card_text(printed, self.lang), owner=owner)

    def character(self, u: Mapping[str, Any], owner: Any) -> dict[str, Any]:
        """A character on the field: power / toughness left now; the printed numbers and the
        damage when they differ; awake or in bed; placed this round; what the decision marks."""
        pw, tg = u.get("power", 0), u.get("toughness", 0)
        pn, tn = u.get("power_now", pw), u.get("toughness_now", tg)
        dmg = u.get("damage") or 0
        stats: list[tuple[str, Any]] = [(self.t("board.pt_left"), self.t("stat.pt_left", power=pn,
                                                                          left=max(0, tn - dmg)))]
        if (pn, tn) != (pw, tg):
            stats.append((self.t("board.printed"), self.t("stat.pt", power=pw, toughness=tg)))
        if dmg:
            stats.append((self.t("board.damage"), dmg))
        # in bed is glossed (ベッドイン); awake is the plain state of a character
        states = [T.state_name("awake", self.lang) if u.get("awake") else
                  T.state_name("asleep", self.lang, gloss=True)]
        if u.get("placed_this_round"):
            states.append(T.state_name("placed", self.lang))
        iid = u.get("iid")
        d = self.decision
        if d.get("attacker") == iid:
            states.append(T.state_name("attacking", self.lang))
        if iid in self.selected:
            states.append(T.state_name("chosen", self.lang))
        assigned = d.get("assigned") or []
        if iid in assigned:
            states.append(self.t("state.assigned", count=assigned.count(iid)))
        return self.card(u, owner, stats=stats, states=states, with_kind=False)

    def device(self, view: Mapping[str, Any], owner: Any, holder: Mapping[str, Any] | None = None) -> dict[str, Any]:
        states = [self.t("board.attached", card=self.voice.short(holder))] if holder else []
        return self.card(view, owner, states=states)

    def hand_card(self, view: Mapping[str, Any], owner: Any) -> dict[str, Any]:
        kind = view.get("kind")
        stats: list[tuple[str, Any]] = []
        if kind == "character":
            stats = [("", T.segments_text(view.get("segment", "?"), self.lang)),
                     ("", self.t("stat.pt", power=view.get("power"), toughness=view.get("toughness"))),
                     ("", _programs(view, self.lang))]
        elif kind == "device":
            stats = [("", T.mount_text(view, self.lang))]
        elif kind == "application":
            stats = [("", self.t("mount.app"))]
        return self.card(view, owner, stats=stats)

    # --- the description ---------------------------------------------------------------------------
    def order(self) -> list[int]:
        """Seats from the top of the table down: the viewer (a spectator: P0) at the bottom."""
        seats = list(range(len(self.players)))
        bottom = self.viewer if self.viewer in seats else 0
        return [p for p in seats if p != bottom] + ([bottom] if bottom in seats else [])

    def title(self) -> str:
        o = self.obs
        sep = self.t("fmt.sep")
        rnd = o.get("round") or 0
        parts = [self.t("board.round", round=rnd) if rnd else self.t("board.before")]
        phase = o.get("phase")
        parts.append(T.phase_name(phase, self.lang, gloss=True).upper() if self.lang != "ja"
                     else T.phase_name(phase, self.lang))
        if phase == "main":
            parts.append(self.t("board.segment", segment=o.get("segment", 0), segments=self.segments))
        if o.get("priority_player") is not None:
            parts.append(self.t("board.priority", who=self.voice.who(o["priority_player"])))
        return sep.join(p for p in parts if p)

    def status(self) -> str:
        res = self.obs.get("result")
        if res:
            return T.result_text(res.get("winner"), res.get("reason"), self.viewer, self.lang)
        return T.prompt(self.obs.get("decision"), self.viewer, self.lang, obs=self.obs, cards=self.voice.book)

    def player_areas(self, p: int, side: str) -> list[dict[str, Any]]:
        pv = self.players[p]
        mine = self.viewer == p
        whose = self.voice.Whose(p)
        hp = max(0, pv.get("hp", 0))  # what is left
        counters = [B.counter("hp", self.t("stat.hp"), hp, tone=_hp_tone(hp)),
                    B.counter("deck", T.zone_name("deck", self.lang), pv.get("deck", 0)),
                    B.counter("hand", T.zone_name("hand", self.lang), pv.get("hand_count", 0))]
        n = pv.get("program_count")
        if n is None:  # TT-T2: nothing of their stack, not even its size, until both are done
            counters.append(B.counter("stack", self.t("board.stack"), T.state_name("secret", self.lang), tone="warn"))
        elif not mine:
            counters.append(B.counter("stack", self.t("board.stack"), n))
        status = B.area(f"p{p}.status", self.t("board.side", who=self.voice.who(p)), owner=p, side=side, layout="counters",
                        counters=counters)
        discard = B.area(f"p{p}.discard", self.t("board.discard"), owner=p, side=side, layout="pile",
                         cards=[self.card(v, p) for v in pv.get("discard") or []])
        resolved = B.area(f"p{p}.resolved", self.t("board.resolved_pile"), owner=p, side=side, layout="pile",
                          cards=[self.card(v, p) for v in pv.get("resolved") or []])
        field_cards: list[dict[str, Any]] = []
        for u in pv.get("characters") or []:
            field_cards.append(self.character(u, p))
            for dv in u.get("devices") or []:  # whose device it is, the observation does not say
                field_cards.append(self.device(dv, None, holder=u))
        field = B.area(f"p{p}.field", self.t("board.field", whose=whose), owner=p, side=side, cards=field_cards)
        devices = B.area(f"p{p}.devices", self.t("board.devices", whose=whose), owner=p, side=side,
                         cards=[self.device(v, p) for v in pv.get("devices") or []])
        out: list[dict[str, Any]] = []
        stack = self.stack_area(p, side) if mine and pv.get("programs") is not None else None
        hand = None
        if pv.get("hand") is not None:
            hand = B.area(f"p{p}.hand", self.t("board.hand", whose=whose), owner=p, side=side,
                          cards=[self.hand_card(v, p) for v in pv.get("hand") or []])
        if side == "top":  # from the edge of the table to the middle
            out += [status, discard] + ([resolved] if resolved["cards"] else [])
            if devices["cards"]:
                out.append(devices)
            out.append(field)
            if hand is not None:
                out.append(hand)
        else:
            out.append(field)
            if devices["cards"]:
                out.append(devices)
            if stack is not None:
                out.append(stack)
            out += [status, discard] + ([resolved] if resolved["cards"] else [])
            if hand is not None:
                out.append(hand)
        return out

    def stack_area(self, p: int, side: str) -> dict[str, Any] | None:
        """The viewer's own face-down stack, in running order: each card's programs (one is chosen
        when it runs), the segments it would run at if every card above it runs, whether it fits."""
        pv = self.players[p]
        progs = pv.get("programs") or []
        if not progs and self.obs.get("phase") != "programming":
            return None
        n, used, bad = T.stack_summary(pv, self.cards)
        cards = []
        for x in progs:
            cost, start = _seg(x, self.cards), x.get("start", 0)
            stats = [("", T.segments_text(cost, self.lang)),
                     (self.t("board.runs"), self.t("fmt.seg_range", start=start, end=start + cost)),
                     ("", _programs(x, self.lang))]
            states = [] if x.get("fits", True) else [T.state_name("wont_fit", self.lang)]
            cards.append(self.card(x, p, stats=stats, states=states, with_kind=False))
        left = self.segments - used
        counters = [B.counter("used", self.t("board.used"), used, max=self.segments,
                              tone="good" if left > 0 else "warn")]
        if bad:
            counters.append(B.counter("wont_fit", self.t("board.wont_fit"), bad, tone="bad"))
        return B.area(f"p{p}.stack", self.t("board.your_stack"), owner=p, side=side, cards=cards,
                      counters=counters)

    def timeline(self) -> dict[str, Any]:
        """The main phase's shared timeline: one cell per segment; the segment now, the program
        running at its start, where each player's next program starts."""
        o = self.obs
        now = o.get("segment", 0)
        cells: list[dict[str, Any]] = [
            {"cards": [], "marks": [], "tone": ""} for _ in range(self.segments)]

        def at(k: int) -> dict[str, Any] | None:
            return cells[k] if 0 <= k < len(cells) else None
        cells[min(max(now, 0), len(cells) - 1)]["marks"].append(self.t("board.now_marker"))
        cells[min(max(now, 0), len(cells) - 1)]["tone"] = "warn"
        nexts: list[tuple[int, str]] = []
        for p in self.order():
            pv = self.players[p]
            who = self.voice.who(p)
            running = pv.get("running")
            nxt = pv.get("next_start", 0)
            if running:
                cost, start = _seg(running, self.cards), running.get("start", now)
                prog = running.get("program")
                what = T.program_label_name(prog, self.lang) if prog else self.t("board.not_chosen")
                c = self.card(running, p, stats=[(self.t("board.runs"), self.t(
                    "fmt.seg_range", start=start, end=start + cost))], with_kind=False)
                cell = at(start)
                if cell is not None:
                    cell["marks"].append(self.t("board.running", who=who, program=what))
                    cell["cards"].append(c)
                nxt = max(nxt, start + cost)
            own = pv.get("programs")
            if own is not None:
                left = len(own)
            else:
                left = pv.get("program_count") or 0
            if left and at(nxt) is not None:
                key = "board.next_own" if own is not None else "board.next_hidden"
                nexts.append((nxt, self.t(key, who=who, count=left)))
        for k, mark in nexts:  # after the programs running
            cells[k]["marks"].append(mark)
        out = [B.cell(f"timeline.{k}", self.t("board.cell", segment=k), ce["cards"], ce["marks"], ce["tone"])
               for k, ce in enumerate(cells)]
        return B.area("timeline", self.t("board.timeline"), owner=None, side="middle", layout="track",
                      cells=out, columns=len(out))

    def describe(self) -> dict[str, Any]:
        order = self.order()
        areas: list[dict[str, Any]] = []
        for n, p in enumerate(order):
            side = "bottom" if n == len(order) - 1 else "top"
            if side == "bottom" and self.obs.get("phase") == "main":
                areas.append(self.timeline())
            areas += self.player_areas(p, side)
        return {"game": GAME, "lang": self.lang, "viewer": self.viewer, "title": self.title(),
                "status": self.status(), "banner": None, "areas": areas}


def describe(obs: Mapping[str, Any], lang: str = "en", cards: Any = None) -> dict[str, Any]:
    """The board description of ``obs`` (``game.observe(viewer)``) in ``lang``; ``cards`` is the
    public card set (``game.rules.cards``) or None."""
    return _Describer(obs, lang, cards).describe()


#: action parameters that name the card acting, then the card acted on
_CARD_PARAMS = ("card", "target")


#: the choices among cards no description shows (a deck searched or looked at, a hand looked at)
_OFF_TABLE = frozenset({"search_pick", "look_take", "look_order"})


def refs(action: Any) -> list[str]:
    """The element ids ``action`` is about: the card that acts (a card in the hand to stack,
    place, mount, apply or discard; a character or device on the field), then its target (the
    character a device is mounted on, an effect's target). A card taken by a search, or taken or
    put back by a look, is in the deck or a hand looked at, which no description shows: such a
    choice names nothing."""
    if not isinstance(action, Action) or action.type in _OFF_TABLE:
        return []
    return B.card_refs(action.get(key) for key in _CARD_PARAMS)


def card_tile(lang: str, cards: Any) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """How the table draws a printed card (``view.printed`` plus ``iid``): the tile of a card in
    hand, as the card gallery (``/cards/turutoru``) shows it."""
    d = _Describer({}, lang, cards)
    return lambda view: d.hand_card(view, None)


__all__ = ["card_tile", "describe", "refs"]
