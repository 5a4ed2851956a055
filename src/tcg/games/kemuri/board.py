"""The board description of けむりちゅーどく (Kemuri Chuudoku): what the table shows (see tcg.board).

``describe(obs, lang, cards)`` is built only from one observation (``game.observe(viewer)``) and the
public card database; every word comes from the game's text layer (``text.py`` / ``text.toml``,
keys under ``board.``). The table, top to bottom:

* the opponent (the viewer's side is "bottom"; a spectator sees P0 at the bottom): the player's
  counters (seats against the seats needed to close, how far from the close, the customers'
  levels, refreshes, this turn's event and support for the turn player), deck, hand (a count),
  seating zone and backyard (piles), the leader (active / locked, its charm and when it is used)
  and the floor: each cast with its shift, CP now (the printed CP when it differs), call-in,
  ready / served on its owner's turn, serving / receiving; a flavour cross is its top card (the
  summed CP) followed by the casts under it;
* in the middle the event (shared: its owner and removal cost) and, during a serving, the help
  cards played; the banner says how the serving stands (or which card is resolving);
* the viewer: floor, leader, counters and piles, and the hand, one card a line.

``refs(action)`` names the cards an action is about, the acting card first, then its target.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ...present import board as B
from . import text as W

GAME = "kemuri"




def _counter(name: str, label: str, value: Any, **kw: Any) -> dict[str, Any]:
    """A counter. Its id is left out (None) for now: tests/text/test_board.py reads every "id" of a
    description other than the areas' as a card id of the observation."""
    return B.counter(None, label, value, **kw)  # type: ignore[arg-type]


class _Builder(B.Describer):
    words = W

    def __init__(self, obs: Mapping[str, Any], lang: str, cards: Any):
        super().__init__(obs, lang, cards)
        self.book = W.CardBook(cards)
        self.voice = W.Voice(self.viewer, self.lang, self.book)
        self.goal = obs.get("close_seats") or W.GOAL

    # --- words -----------------------------------------------------------------------------------

    def cap(self, text: str) -> str:
        return W._cap(text) if self.lang != "ja" else text

    def kind(self, kind: Any) -> str:
        return self.cap(W.kind_name(kind, self.lang))

    def shift(self, shift: Any) -> str:
        return W.shift_name(shift, self.lang)

    def who(self, p: Any) -> str:
        return self.voice.who(p)

    # --- cards -----------------------------------------------------------------------------------
    def text_of(self, view: Mapping[str, Any]) -> str:
        return W.card_text(B.printed(self.cards, view.get("id")), self.lang)

    def card(self, view: Mapping[str, Any], owner: Any, *, stats=(), states=(), cost: bool = False) -> dict:
        c = B.card(view, self.lang, kind=self.kind(view.get("kind")), stats=stats, states=states,
                   text=self.text_of(view), owner=owner,
                   color_label=self.t("board.stat.cost") if cost and view.get("cost") is not None else "")
        if not cost:
            c["cost"] = None
        return c

    def help_stat(self, v: Mapping[str, Any]) -> list[tuple[str, Any]]:
        if not v.get("help_shift"):
            return []
        return [(self.t("board.stat.help"), self.t("board.hand.help", shift=W.shift_name(v["help_shift"], self.lang, short=True),
                                                 cp=v.get("help_cp", 0)))]

    def hand_card(self, v: Mapping[str, Any], owner: Any, marked: set) -> dict:
        kind = v.get("kind")
        stats: list[tuple[str, Any]] = []
        if v.get("level"):
            stats.append(("", self.t("stat.lv", level=v["level"])))
        if kind == "cast":
            stats += [("", self.shift(v.get("shift"))), (self.t("stat.cp"), v.get("cp", 0)),
                      (self.t("board.stat.call_in"), self.t("facts.call", count=v.get("call_in", 0)))]
        elif kind == "event":
            stats.append((self.t("board.stat.removal"), v.get("removal_cost", 0)))
        stats += self.help_stat(v)
        states = []
        if kind in ("support", "trouble"):
            states.append(self.t(f"board.when.{kind}"))
        if v.get("trigger"):
            states.append(self.t("board.state.trigger"))
        if v.get("iid") in marked:
            states.append(self.t("board.state.marked"))
        return self.card(v, owner, stats=stats, states=states, cost=kind == "cast")

    def level_card(self, v: Mapping[str, Any], owner: Any) -> dict:
        """A card counted by its level only (seating zone, backyard)."""
        stats = [("", self.t("stat.lv", level=v["level"]))] if v.get("level") else []
        return self.card(v, owner, stats=stats)

    def floor_cards(self, pv: Mapping[str, Any]) -> list[dict]:
        obs, p = self.obs, pv.get("player")
        sv = obs.get("serving") or {}
        turn_player = obs.get("active") == p and bool(obs.get("turn"))
        out = []
        for c in pv.get("floor") or []:
            below = list(c.get("cross") or [])
            members = [c] + below
            printed = sum(m.get("cp", 0) or 0 for m in members)
            now = c.get("cp_now", printed)
            cp = str(now) if now == printed else self.t("board.changed", now=now, printed=printed)
            call, call_now = c.get("call_in", 0), c.get("call_in_now", c.get("call_in", 0))
            call_t = self.t("facts.call", count=call_now)
            if call_now != call:
                call_t = self.t("board.changed", now=call_t, printed=self.t("facts.call", count=call))
            stats = [("", self.shift(c.get("shift"))), (self.t("stat.cp"), cp),
                     (self.t("board.stat.call_in"), call_t)]
            states = []
            if below:
                states.append(self.t("board.state.cross", count=len(members),
                                     cps=self.t("fmt.plus_tight").join(str(m.get("cp", 0)) for m in members)))
            if sv.get("server") == c.get("iid"):
                states.append(self.t("board.state.serving"))
            elif sv.get("receiver") == c.get("iid"):
                states.append(self.t("board.state.receiving"))
            elif turn_player:
                states.append(self.t("board.state.served" if c.get("served") else "board.state.ready"))
            if c.get("person"):
                states.append(c["person"])
            out.append(self.card(c, p, stats=stats, states=states))
            for m in below:
                out.append(self.card(m, p, stats=[("", self.shift(m.get("shift"))), (self.t("stat.cp"), m.get("cp", 0))],
                                     states=[self.t("board.state.under", card=self.voice.label(c))]))
        return out

    def leader_card(self, pv: Mapping[str, Any]) -> dict:
        ld = pv["leader"]
        states = [self.t("board.state.active" if ld.get("active") else "board.state.locked")]
        timing = W.timing_name(ld.get("charm_timing"), self.lang) if ld.get("charm_timing") else ""
        states.append(self.t("board.state.charm_used") if ld.get("charm_used") else
                      self.t("board.state.charm", timing=timing))
        stats = []
        if ld.get("person") and ld["person"] not in str(ld.get("name", "")):
            stats.append(("", ld["person"]))
        return self.card(ld, pv.get("player"), stats=stats, states=states)

    # --- areas ---------------------------------------------------------------------------------
    def counters(self, pv: Mapping[str, Any], side: str) -> dict:
        obs, p = self.obs, pv.get("player")
        seats, goal = pv.get("seats", 0), self.goal
        ld = pv.get("leader") or {}
        result = obs.get("result") or {}
        tone = "good" if seats >= goal and ld.get("active") else "warn" if seats >= goal else ""
        ks = [_counter("seats", self.t("stat.seats").capitalize() if self.lang != "ja" else self.t("stat.seats"),
                        seats, max=goal, tone=tone)]
        if result and result.get("winner") == p and result.get("reason") == "close":
            ks.append(_counter("close", self.t("board.c.close"), self.t("board.close.closed"), tone="good"))
        elif seats >= goal:
            ks.append(_counter("close", self.t("board.c.close"),
                                self.t("board.close.ready" if ld.get("active") else "board.close.locked"), tone=tone))
        else:
            ks.append(_counter("to_go", self.t("board.c.to_go"), goal - seats))
        levels: dict[int, int] = {}
        for c in pv.get("seating") or []:
            levels[c.get("level", 0)] = levels.get(c.get("level", 0), 0) + 1
        if levels:
            ks.append(_counter("levels", self.t("board.c.customers"), " ".join(
                self.t("board.level_count", level=lv, count=k) for lv, k in sorted(levels.items(), reverse=True))))
        ks.append(_counter("refreshes", self.t("stat.refreshes"), pv.get("refreshes", 0)))
        if obs.get("active") == p and obs.get("turn"):
            ks.append(_counter("event_used", self.t("board.c.event"),
                                self.t("board.c.used" if pv.get("event_used") else "board.c.free"),
                                tone="" if pv.get("event_used") else "good"))
            ks.append(_counter("support_used", self.t("board.c.support"),
                                self.t("board.c.used" if pv.get("support_used") else "board.c.free"),
                                tone="" if pv.get("support_used") else "good"))
        return B.area(f"p{p}.seats", self.t("board.area.player", who=self.who(p)), owner=p, side=side,
                      layout="counters", counters=ks)

    def player(self, pv: Mapping[str, Any], side: str) -> list[dict]:
        p = pv.get("player")
        mine = self.viewer == p
        whose = self.cap(self.voice.whose(p))
        a = B.area
        piles = [a(f"p{p}.deck", self.t("board.area.deck"), owner=p, side=side, layout="pile", count=pv.get("deck", 0))]
        if not mine or pv.get("hand") is None:
            piles.append(a(f"p{p}.hand", self.t("board.area.hand"), owner=p, side=side, layout="pile",
                           count=pv.get("hand_count", 0)))
        piles.append(a(f"p{p}.seating", self.t("board.area.seating"), owner=p, side=side, layout="pile",
                       cards=[self.level_card(v, p) for v in pv.get("seating") or []]))
        piles.append(a(f"p{p}.backyard", self.t("board.area.backyard"), owner=p, side=side, layout="pile",
                       cards=[self.level_card(v, p) for v in pv.get("backyard") or []]))
        leader = [a(f"p{p}.leader", self.t("board.area.leader", whose=whose), owner=p, side=side,
                    cards=[self.leader_card(pv)] if pv.get("leader") else [])]
        floor = [a(f"p{p}.floor", self.t("board.area.floor", whose=whose, most=W.MAX_FLOOR), owner=p, side=side,
                   cards=self.floor_cards(pv))]
        resolving = [a(f"p{p}.resolving", self.t("board.area.resolving", whose=whose), owner=p, side=side,
                       cards=[self.hand_card(v, p, set()) for v in pv["resolving"]])] if pv.get("resolving") else []
        hand = []
        if mine and pv.get("hand") is not None:
            marked = set(pv.get("mulligan_pick") or [])
            hand = [a(f"p{p}.hand", self.t("board.area.your_hand", whose=whose), owner=p, side=side,
                      cards=[self.hand_card(v, p, marked) for v in pv["hand"]])]
        head = [self.counters(pv, side)] + piles
        if side == "top":  # the floor nearest the middle of the table
            return head + leader + resolving + floor
        return floor + resolving + leader + head + hand

    def middle(self) -> list[dict]:
        obs = self.obs
        ev = obs.get("event")
        cards = []
        if ev:
            owner = ev.get("owner")
            states = [self.t("board.state.owner", whose=self.voice.whose(owner))] if owner is not None else []
            cards.append(self.card(ev, owner, stats=[(self.t("board.stat.removal"), ev.get("removal_cost", 0))],
                                   states=states + [self.t("board.state.shared")]))
        out = [B.area("event", self.t("board.area.event"), side="middle", cards=cards)]
        sv = obs.get("serving")
        if sv and sv.get("help"):
            owner = None
            got = W.contest(obs)
            if got is not None and got[1] is not None:
                owner = got[1].get("owner")
            out.append(B.area("help", self.t("board.area.help"), owner=owner, side="middle",
                              cards=[self.card(h, owner, stats=[(self.t("stat.cp"), f"+{h.get('help_cp', 0)}")])
                                     for h in sv["help"]]))
        return out

    # --- lines -------------------------------------------------------------------------------------
    def title(self) -> str:
        obs = self.obs
        sep = self.t("fmt.sep")
        turn = obs.get("turn", 0)
        parts = [self.t("ui.turn", turn=turn) if turn else self.t("board.before"),
                 W.phase_name(obs.get("phase"), self.lang, gloss=True).upper()]
        if turn:
            parts.append(self.cap(self.t("board.turn_of", whose=self.voice.whose(obs.get("active")))))
        if obs.get("first_player") is not None:
            parts.append(self.t("board.first", who=self.who(obs.get("first_player"))))
        return sep.join(parts)

    def status(self) -> str:
        obs = self.obs
        r = obs.get("result")
        if r:
            won = self.t("board.draw") if r.get("winner") is None else self.t("board.won", who=self.who(r.get("winner")))
            return self.t("board.game_over") + won + self.t("board.reason", reason=W.reason_text(r.get("reason"), self.lang))
        return self.t("board.decision") + W.prompt(obs.get("decision"), self.viewer, self.lang, obs=obs, cards=self.book)

    def banner(self) -> str | None:
        obs = self.obs
        got = W.contest(obs)
        v = self.voice
        if got is not None:
            server, recv, a, b, h = got
            if server is None:
                return self.t("board.shared.gone")
            head = self.t("board.banner.server", card=v.cast(server),
                          count=server.get("call_in_now", server.get("call_in", 0)))
            if recv is None:
                return self.t("board.banner.ikeike", server=head)
            total = b + h
            winner = server if a >= total else recv
            score = (self.t("board.shared.vs_help", server=a, receiver=b, help=h, total=total) if h else
                     self.t("board.shared.vs", server=a, receiver=b))
            lead = self.t("board.shared.leading", card=v.cast(winner, shift=False)) + \
                (self.t("board.shared.tie") if a == total else "")
            return self.t("board.banner.serving", server=head, receiver=v.cast(recv), score=score, lead=lead)
        for pv in obs.get("players") or []:
            if pv.get("resolving"):
                names = v.join(v.label(x) for x in pv["resolving"])
                return self.t("board.banner.resolving", whose=v.whose(pv.get("player")), cards=names)
        if obs.get("turn") == 1 and not obs.get("result"):
            return self.t("board.banner.first_turn")
        return None

    def describe(self) -> dict[str, Any]:
        players = list(self.obs.get("players") or [])
        bottom = self.viewer if self.viewer in range(len(players)) else 0
        areas: list[dict] = []
        for pv in players:
            if pv.get("player") != bottom:
                areas += self.player(pv, "top")
        areas += self.middle()
        for pv in players:
            if pv.get("player") == bottom:
                areas += self.player(pv, "bottom")
        return {"game": GAME, "lang": self.lang, "viewer": self.viewer, "title": self.title(),
                "status": self.status(), "banner": self.banner(), "areas": areas}


def describe(obs: Mapping[str, Any], lang: str = "en", cards: Any = None) -> dict[str, Any]:
    """The board description of a Kemuri observation (see the module docstring and tcg.board)."""
    return _Builder(obs, lang, cards).describe()


#: the parameters of an action that name one card, the acting card first
_CARD_PARAMS = ("card", "cast", "seat", "target")


#: the choices among cards no description shows (a deck searched or looked at, a hand looked at)
_OFF_TABLE = frozenset({"pick", "look_take", "look_order"})


def refs(action: Any) -> list[str]:
    """The cards an action is about: the card that acts (played, marked, paid, swapped, serving,
    helping), then its target (the cast served or targeted). A cross names its casts in order, the
    top card first. A card taken from the deck (``pick``), or taken or put back by a look (the
    deck's or a hand's looked at), is on no table: nothing is named."""
    get = getattr(action, "get", None)
    if get is None or getattr(action, "type", None) in _OFF_TABLE:
        return []
    out: list[str] = []
    for key in _CARD_PARAMS:
        v = get(key)
        if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
            out.append(B.card_ref(v))
    casts = get("casts")
    if isinstance(casts, (list, tuple)):
        out += [B.card_ref(i) for i in casts if isinstance(i, int)]
    if getattr(action, "type", None) == "remove_event":
        out.append("event")
    return out


def card_tile(lang: str, cards: Any) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """How the table draws a printed card (``view.printed`` plus ``iid``): the tile of a card in
    hand, as the card gallery (``/cards/kemuri``) shows it."""
    d = _Builder({}, lang, cards)
    return lambda view: d.hand_card(view, None, set())


__all__ = ["card_tile", "describe", "refs"]
