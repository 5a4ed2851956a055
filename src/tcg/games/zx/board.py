"""The board description of Z/X -Zillions of enemy X- (see ``tcg.present.board``): what one viewer's table
shows, built only from ``game.observe(viewer)`` and the public card database. Every word comes from
the game's text layer (``text.toml``, keys under ``board.`` and the shared ones of ``text.py``).

The table, top to bottom (the viewer's side at the bottom; a spectator sees player 0 there):

* per player (the opponent's at the top): ``p<N>.player`` (life, hand, deck, player card and the
  player's counters), ``p<N>.resources`` (ready / total, each colour as ●/○; the cards too),
  ``p<N>.charge`` and ``p<N>.trash`` (piles), ``p<N>.hand`` (the opponent's: a count only),
  ``p<N>.dynamis`` (the owner sees every card and how it comes out; others the count and the
  face-up ones; Z/X EX / EV EX and SHIFT once per turn as counters), ``p<N>.revealed`` and
  ``p<N>.resolving`` while they hold a card, and the viewer's hand (``p<N>.hand``);
* the shared 3x3 board ``board`` (cells ``board.0`` .. ``board.8``, turned round for player 1 so
  that the viewer's row is at the bottom): each Z/X with its power now / printed, damage, rebooted
  or asleep, force, SHIFT and Z/X EX / OB marks; the player squares with their player card and
  whether the player can be attacked; the squares of a battle marked (not once the game is over:
  nothing of its last battle stays, no banner either).

``refs(action)``: the element ids an action is about (the card that acts, then its target)."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ...present import board as B
from . import text as W
from .state import ADJACENT, PLAYER_SQUARE




class _Describer(B.Describer):
    words = W

    def __init__(self, obs: Mapping[str, Any], lang: str, cards: Any):
        super().__init__(obs, lang, cards)
        self.v = W.Voice(self.viewer, self.lang, cards)
        self.v.book.see(obs)
        self.persp = self.viewer if self.viewer in (0, 1) else 0
        self.players = list(obs.get("players") or [])

    def term(self, key: str) -> str:
        return W.words().term(f"term.{key}", self.lang)

    def whose_cap(self, p: Any) -> str:
        w = self.v.whose(p)
        return W._cap(w) if self.lang != "ja" else w

    # --- cards ------------------------------------------------------------------------------------
    def card(self, view: Mapping[str, Any] | None, owner: Any = None, *, states: Sequence[str] = (),
             stats: Sequence[tuple[str, Any]] | None = None, face_down_label: str | None = None,
             marks: bool = True) -> dict[str, Any]:
        """A card of the table: kind, colour and cost, power; ``marks``: also its ⚡ icon, timing and
        printed marks (Start Card...), left out on the board where the square is crowded."""
        view = view or {}
        if not view.get("id"):
            return B.card(view, self.lang, owner=owner, face_down_label=face_down_label)
        c = B.printed(self.cards, view.get("id"))
        kind = view.get("kind") or getattr(c, "kind", "")
        if stats is None:
            stats = []
            power = view.get("power", getattr(c, "power", None) if getattr(c, "is_unit", False) else None)
            if power is not None and kind in ("zx", "zx_ex", "zx_ob"):
                stats.append((self.t("board.power"), power))
        more: list[str] = []
        if marks:
            if view.get("ignition") or getattr(c, "ignition", False):
                more.append(self.t("stat.ignition"))
            timing = view.get("timing") or getattr(c, "timing", None)
            if kind in ("event", "ev_ex") and timing:
                more.append(self.t("stat.timing", timing=W.timing_name(timing, self.lang)))
            more += [self.t(f"mark.{m}") for m in ("start_card", "gate_card", "life_recovery", "void_bringer")
                     if view.get(m) or getattr(c, m, False)]
        return B.card(view, self.lang, kind=W.kind_name(kind, self.lang),
                      color_label=W.color_name(view.get("color"), self.lang), stats=stats,
                      states=list(states) + more, text=W.card_text(c, self.lang) if c is not None else "",
                      owner=owner)

    def unit_card(self, u: Mapping[str, Any]) -> dict[str, Any]:
        owner = u.get("owner")
        if u.get("face_down"):
            return B.card({}, self.lang, owner=owner,
                          face_down_label=self.t("board.start_card", whose=self.whose_cap(owner)))
        now, printed = u.get("power_now", u.get("power", 0)), u.get("power", 0)
        states = [self.v.who(owner)]
        if u.get("kind") in ("zx_ex", "zx_ob"):
            states.append(W.kind_name(u.get("kind"), self.lang))
        if u.get("damage"):
            states.append(self.t("board.damage", n=u["damage"]))
        states.append(self.term("asleep" if u.get("asleep") else "rebooted"))
        if u.get("force"):
            states.append(self.t("board.force", n=u["force"]))
        if u.get("shift"):
            states.append(self.t("board.shift", card=self.v.short(u["shift"])))
        return self.card(u, owner, stats=[(self.t("board.power"), f"{now}/{printed}")], states=states, marks=False)

    # --- the title, status and banner --------------------------------------------------------------
    def title(self) -> str:
        obs = self.obs
        turn = obs.get("turn", 0)
        parts = [self.t("ui.turn", turn=turn) if turn else self.t("board.before"),
                 W.phase_name(obs.get("phase") if turn else "setup", self.lang).upper()]
        if turn:
            active = obs.get("active")
            parts.append(self.t("board.turn_of", whose=self.whose_cap(active)))
        text = " · ".join(parts)
        if obs.get("first_player") is not None and turn:
            text += self.t("board.first", who=self.v.who(obs.get("first_player")))
        return text

    def status(self) -> str:
        r = self.obs.get("result")
        if r:
            who = self.t("board.draw") if r.get("winner") is None else self.t("board.won", who=self.v.who(r.get("winner")))
            return self.t("board.game_over", outcome=who, reason=W.reason_text(r.get("reason"), self.lang))
        text = self.t("board.decision", text=W.prompt(self.obs.get("decision"), self.viewer, self.lang, obs=self.obs,
                                                      cards=self.v.book))
        if self.obs.get("turn") == 1:  # a reminder on the first turn
            text += self.t("board.first_draw")
        return text

    def banner(self) -> str | None:
        obs = self.obs
        if obs.get("result"):  # the game is over: nothing of its last battle stays on the table
            return None
        got = W.battle_of(obs)
        if got is None:
            return None
        v = self.v
        att, tgt, tgt_sq, defender = got
        if att:
            first = v.finish(self.t("battle.attacker", whose=v.whose(att.get("owner")), card=v.label(att),
                                    power=att.get("power_now"), square=v.sq(att.get("square"))))
        else:
            first = self.t("battle.attacker_gone")
        if tgt_sq is not None and tgt_sq < 0:
            life = self.players[defender].get("life") if isinstance(defender, int) and defender < len(self.players) \
                else "?"
            second = self.t("battle.player", who=v.who(defender), life=life)
        elif tgt:
            second = v.unit(tgt)
        else:
            second = self.t("battle.target_gone")
        lines = [f"{self.t('battle.title')}{first} → {second}"]
        d = obs.get("decision") or {}
        if d.get("kind") in ("life_pick", "life_card"):
            lines.append(self.t("battle.hits"))
        else:
            lines.append(self.t("battle.if_nothing", outcome=W.battle_outcome(v, obs)))
        if d.get("kind") == "battle":
            p = d.get("player")
            tail = self.t("battle.passed", who=v.who(1 - p)) if d.get("passes") and isinstance(p, int) \
                else self.t("battle.both_pass")
            lines.append(self.t("battle.events") + self.t("battle.to_act", who=v.who(p)) + tail)
        elif d.get("kind") == "life_pick":
            p = d.get("player")
            lines.append(self.t(v.keyed("battle.life_pick", p), who=v.who(p)))
        return "\n".join(lines)

    # --- the board --------------------------------------------------------------------------------
    def grid(self) -> dict[str, Any]:
        obs = self.obs
        units = {sq: u for sq, u in enumerate(obs.get("board") or []) if u}
        battle = {} if obs.get("result") else obs.get("battle") or {}  # (over: no battle marked)
        owner_of_psq = {sq: p for p, sq in enumerate(obs.get("player_squares") or PLAYER_SQUARE)}
        rows = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
        if self.persp == 1:
            rows = [list(reversed(r)) for r in reversed(rows)]
        cells = []
        for sq in (q for row in rows for q in row):
            u = units.get(sq)
            psq = owner_of_psq.get(sq)
            label = f"{sq} ◆ {self.v.sq_name(sq)}" if psq is not None else f"{sq} {self.v.sq_name(sq)}"
            marks: list[str] = []
            tone = ""
            if battle.get("attacker") == sq:
                marks.append(self.t("board.attacking"))
                tone = "warn"
            if battle.get("target") == sq:
                marks.append(self.t("board.attacked"))
                tone = "bad"
            if u and u.get("face_down"):
                marks.append(self.t("board.face_down_setup"))
            if psq is not None and psq < len(self.players):
                pv = self.players[psq]
                if u is None:
                    ob = any(x.get("owner") == psq and x.get("kind") == "zx_ob" for x in units.values())
                    marks.append(self.t("board.ob_guard" if ob else "board.open"))
                pc = pv.get("player_card") or {}
                if pc.get("face_down"):
                    marks.append(self.t("board.pc_face_down"))
                elif pc:
                    key = "board.pc" if pv.get("player_face_up") else "board.pc_down"
                    marks.append(self.t(key, card=self.player_card_name(pc)))
            cells.append(B.cell(f"board.{sq}", label, [self.unit_card(u)] if u else [], marks, tone))
        return B.area("board", self.t("board.board"), owner=None, side="middle", layout="grid", columns=3,
                      cells=cells)

    def player_card_name(self, pc: Mapping[str, Any]) -> str:
        return self.v.short(pc) if pc.get("id") else self.t("board.nameless")

    # --- a player's areas -----------------------------------------------------------------------
    def player_areas(self, pv: Mapping[str, Any], side: str) -> list[dict[str, Any]]:
        p = pv.get("player")
        mine = p == self.viewer and p is not None
        pre = f"p{p}"
        out: list[dict[str, Any]] = [self.player(pv, side, mine), self.resources(pv, side)]
        # another player's hand: how many cards, nothing more
        if not mine:
            out.append(B.area(f"{pre}.hand", self.t("board.hand", whose=self.whose_cap(p)), owner=p, side=side,
                              layout="pile", count=pv.get("hand_count", 0)))
        out.append(B.area(f"{pre}.trash", self.t("board.trash"), owner=p, side=side, layout="pile",
                          cards=[self.card(c, p) for c in pv.get("trash") or []]))
        up = pv.get("dynamis_face_up") or []
        out.append(B.area(f"{pre}.dynamis_up", self.t("board.dynamis_up"), owner=p, side=side, layout="pile",
                          cards=[self.card(c, p, states=[self.t("board.dyn_used")]) for c in up]))
        if not mine:  # face down: how many
            out.append(B.area(f"{pre}.dynamis", self.t("board.dynamis", whose=self.whose_cap(p)), owner=p,
                              side=side, layout="pile", count=pv.get("dynamis_count", 0) - len(up)))
        # the charge (4 cards at most, every one shown: ignition puts them into the trash)
        out.append(B.area(f"{pre}.charge", self.t("board.charge"), owner=p, side=side, layout="row",
                          cards=[self.card(c, p) for c in pv.get("charge") or []]))
        if pv.get("revealed"):
            out.append(B.area(f"{pre}.revealed", self.t("board.revealed"), owner=p, side=side, layout="row",
                              cards=[self.card(pv["revealed"], p)]))
        if pv.get("resolving"):
            out.append(B.area(f"{pre}.resolving", self.t("board.resolving"), owner=p, side=side, layout="row",
                              cards=[self.card(c, p) for c in pv["resolving"]]))
        if mine:
            out.append(self.own_dynamis(pv, side))
            out.append(B.area(f"{pre}.hand", self.t("board.hand", whose=self.whose_cap(p)), owner=p, side=side,
                              layout="row", cards=[self.card(h, p) for h in pv.get("hand") or []]))
        return out

    def player(self, pv: Mapping[str, Any], side: str, mine: bool) -> dict[str, Any]:
        """Life, hand, deck, the player's counters and what is used this turn; the player card."""
        p = pv.get("player")
        life = pv.get("life", 0)
        counters = [B.counter("life", self.t("board.life"), life, tone="bad" if life <= 1 else ""),
                    B.counter("hand", self.t("board.hand_count"), pv.get("hand_count", 0)),
                    B.counter("deck", self.t("board.deck"), pv.get("deck", 0))]
        for k, n in (pv.get("counters") or {}).items():
            if n:
                counters.append(B.counter(f"counter.{k}", W.counter_name(k, self.lang, n), n))
        used = pv.get("used") or {}
        ex_used = used.get("zx_ex") or used.get("ev_ex")
        ex = self.t("board.used_kind", kind=W.kind_name("zx_ex" if used.get("zx_ex") else "ev_ex", self.lang)) \
            if ex_used else self.t("state.free")
        counters += [B.counter("ex", self.t("board.ex"), ex, tone="" if ex_used else "good"),
                     B.counter("shift", self.t("board.shift_once"),
                               self.t("state.used" if used.get("shift") else "state.free"),
                               tone="" if used.get("shift") else "good")]
        who = self.v.who(p)
        label = self.t("board.seat", player=p) if who.startswith(f"P{p}") else self.t("board.player", who=who, player=p)
        if self.obs.get("active") == p and self.obs.get("turn"):
            label += self.t("board.your_turn" if mine else "board.their_turn" if self.viewer is not None
                            else "board.turn_player")
        pc = pv.get("player_card") or {}
        states = [] if pv.get("player_face_up") or pc.get("face_down") else [self.t("board.face_down")]
        cards = [self.card(pc, p, states=states)] if pc.get("id") or pc.get("face_down") else []
        return {**B.area(f"p{p}.player", label, owner=p, side=side, layout="counters", counters=counters),
                "cards": cards}

    def resources(self, pv: Mapping[str, Any], side: str) -> dict[str, Any]:
        """Ready / total, then each colour as ● (rebooted) and ○ (asleep); the cards too."""
        p = pv.get("player")
        res = pv.get("resources") or []
        ready = sum(1 for r in res if not r.get("asleep"))
        counters = [B.counter("ready", self.t("board.ready"), ready, max=len(res), tone="good" if ready else "")]
        by: dict[str, list[bool]] = {}
        for r in res:
            by.setdefault(r.get("color") or "?", []).append(not r.get("asleep"))
        for color, ups in by.items():
            counters.append(B.counter(f"color.{color}", W.color_name(color, self.lang) or "?",
                                      "".join("●" if up else "○" for up in sorted(ups, reverse=True))))
        cards = [self.card(r, p, states=[self.term("asleep" if r.get("asleep") else "rebooted")], marks=False)
                 for r in res]
        return {**B.area(f"p{p}.resources", self.t("board.resources"), owner=p, side=side, layout="counters",
                         counters=counters), "cards": cards, "count": len(res)}

    def own_dynamis(self, pv: Mapping[str, Any], side: str) -> dict[str, Any]:
        """The viewer's face-down dynamis cards, each with how it comes out."""
        p = pv.get("player")
        up = len(pv.get("dynamis_face_up") or [])
        have = dict(pv.get("counters") or {})
        cards = []
        for c in pv.get("dynamis") or []:
            if c.get("face_up"):
                continue
            printed = B.printed(self.cards, c.get("id"))
            how = W.how_text(printed, self.lang, have, up) if printed is not None else ""
            cards.append(self.card(c, p, states=[how] if how else [], marks=False))
        return B.area(f"p{p}.dynamis", self.t("board.dynamis", whose=self.whose_cap(p)), owner=p, side=side,
                      layout="row", cards=cards)

    # --- the whole table ----------------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        me, opp = self.persp, 1 - self.persp
        areas: list[dict[str, Any]] = []
        if len(self.players) > opp:
            areas += self.player_areas(self.players[opp], "top")
        areas.append(self.grid())
        if len(self.players) > me:
            areas += self.player_areas(self.players[me], "bottom")
        return {"game": "zx", "lang": self.lang, "viewer": self.viewer, "title": self.title(),
                "status": self.status(), "banner": self.banner(), "areas": areas}


def describe(obs: Mapping[str, Any], lang: str = "en", cards: Any = None) -> dict[str, Any]:
    """The board description of one observation (``game.observe(viewer)``) in ``lang``; ``cards``
    (``game.rules.cards``, optional) gives printed texts and facts."""
    return _Describer(obs, lang, cards).describe()


def _attacked_player(attacker: Any) -> int | None:
    """The player an attack on "the player" from ``attacker`` hits (None when both player squares
    are next to it: the centre)."""
    if not isinstance(attacker, int) or not 0 <= attacker <= 8:
        return None
    near = [p for p, sq in enumerate(PLAYER_SQUARE) if sq in ADJACENT[attacker]]
    return near[0] if len(near) == 1 else None


def refs(action: Any) -> list[str]:
    """The element ids ``action`` is about: first the card that acts (``card.<iid>``, or the square
    of a Z/X that acts), then its target (``board.<square>``, ``card.<iid>``, ``p<N>.player``).

    Cards the observation does not show (a start or gate card chosen from the deck, a card searched
    for in the deck) and life cards (face down, by index) are not named."""
    get = action.get if hasattr(action, "get") else (lambda k, d=None: d)
    kind = getattr(action, "type", None)
    out: list[str] = []
    if kind in ("start_card", "gate_card", "pick"):
        return out
    card = get("card")
    if isinstance(card, int) and card >= 0:
        out.append(B.card_ref(card))
    if kind == "attack":
        out.append(f"board.{get('attacker')}")
        target = get("target")
        if isinstance(target, int) and target >= 0:
            out.append(f"board.{target}")
        else:
            p = _attacked_player(get("attacker"))
            if p is not None:
                out.append(f"p{p}.player")
        return out
    square = get("square")
    if isinstance(square, int) and 0 <= square <= 8:
        out.append(f"board.{square}")
    for q in get("destroy") or ():
        if isinstance(q, int):
            out.append(f"board.{q}")
    target = get("target")
    if kind == "target" and isinstance(target, int) and target >= 0:
        out.append(B.card_ref(target))
    return out


def card_tile(lang: str, cards: Any) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """How the table draws a printed card (``view.printed`` plus ``iid``): the tile of a card in
    hand, as the card gallery (``/cards/zx``) shows it."""
    d = _Describer({}, lang, cards)
    return lambda view: d.card(view, None)


__all__ = ["card_tile", "describe", "refs"]
