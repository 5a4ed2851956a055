"""What Z/X says, in Japanese and English: the game's presentation layer (words only: no layout,
no Rich). Every word comes from ``text.toml`` beside this module (keys as in ``tcg.text``); the
functions here fill the sentences with the values of the rules, from one player's point of view.

Public functions (``lang`` is "en" or "ja"; ``viewer`` a seat or None for a spectator):

* ``describe(state, action, lang)``: the plain label of an action (``game.describe``);
* ``label(game, action, viewer, lang, actor=None)``: how an action reads in a player's list of
  choices, with what it costs and does ("Place X (red 2 · 3000) on square 4 (centre) · pay 2 of
  3 ready"); others are told only ``hidden_label`` of a secret choice;
* ``narrate(event, viewer, lang, cards)``: one event of ``game.log.for_player(viewer)`` as a line
  (None for events not worth one); ``lines(events, viewer, lang, cards)`` several, summarised
  (runs of draws, a payment with what it paid for, a Z/X leaving for the charge) and naming the
  card whose effect caused what follows it;
* ``prompt(decision, viewer, lang, obs=None, cards=None)``: who must decide what;
* ``menu(game, legal_actions, viewer, lang)``: the path of labels under which each legal action
  is offered (first the card or Z/X, then what it does: the square, the target, the effect);
  copies of one card give one path;
* ``why_not(game, viewer, lang)``: what the deciding player cannot do now, and why;
* ``rules_primer(lang)``: the rules in short, with the game's terms.

``cards`` names the cards: a ``CardBook`` (the printed card set plus every card the viewer has
seen, by instance id; ``CardBook.for_game(game, viewer)`` also looks at the viewer's observation
when it meets a card it does not know) or just the card set (then cards are named only when the
event carries their id). ``names`` (optional) overrides how players are called ("P0", a real
name); by default the viewer is "You" / "あなた" and the other "Opponent" / "相手"."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from ...present import menus, prompts, voice
from ...present.prompts import event_card
from ...engine.action import Action
from ...present.lines import cap as _cap, card_text_by, fold, known_lang as _lang
from ...present.text import game_words
from .cards import COLORS

GAME = "zx"

#: action types whose content only the acting player may see (the set-up choices are secret
#: until both players have chosen; a card taken by a search goes to the hand unseen)
_HIDDEN_KEY = {"start_card": "hidden.start_card", "no_start_card": "hidden.start_card",
               "gate_card": "hidden.gate_card", "no_gate_card": "hidden.gate_card",
               "pick": "hidden.pick", "pick_none": "hidden.pick", "target": "hidden.target",
               "target_done": "hidden.target", "look_take": "hidden.look", "look_done": "hidden.look",
               "look_order": "hidden.look"}
#: events that an effect of a card causes (named with the card when the events before tell it)
EFFECT_EVENTS = frozenset({"damage", "modify", "set_state", "counter", "add_life", "mill", "leave_board", "move",
                           "reveal"})
#: events that end what a card does (none of them is one an effect causes)
ENDS_EFFECTS = frozenset({"turn_start", "attack", "battle_damage", "battle_end", "life_damage"})
#: events that start what a card does (its effects follow them)
SOURCE_EVENTS = frozenset({"event", "ev_ex", "activate", "shift", "zx_ex", "place", "overboost", "trigger"})


words, t, term = game_words(GAME)


def color_name(color: Any, lang: str = "en") -> str:
    if not color:
        return ""
    return words().get(f"color.{color}", _lang(lang), default=str(color)) or str(color)


def colors_text(colors: Iterable[Any], lang: str = "en") -> str:
    """ "blue, blue, green" (青・青・緑)."""
    return t("color.list_sep", lang).join(color_name(c, lang) for c in colors)


def kind_name(kind: Any, lang: str = "en") -> str:
    """A card's kind by name (Z/X, event, player card...)."""
    return words().get(f"kind.{kind}", _lang(lang)) or t("kind.unknown", lang)


def timing_name(timing: Any, lang: str = "en") -> str:
    return words().get(f"timing.{timing}", _lang(lang)) or str(timing or "")


def phase_name(phase: Any, lang: str = "en") -> str:
    return words().get(f"phase.{phase}", _lang(lang)) or str(phase or "")


def counter_name(counter: Any, lang: str = "en", n: int | None = None) -> str:
    """A counter's name, plural for ``n`` other than 1 (English only: the forms are data)."""
    return words().get(f"counter.{counter}", _lang(lang), count=1 if n is None else n) or str(counter)


def condition_name(condition: Any, lang: str = "en") -> str:
    """A Z/X EX condition as a term: "Descent (降臨)" / "降臨"."""
    key = f"term.{condition}"
    return words().term(key, _lang(lang)) if key in words() else str(condition or "")


def mark_names(card: Any, lang: str = "en") -> list[str]:
    """The marks printed on a card: Start Card, Gate Card, Life Recovery, Void Bringer."""
    return [t(f"mark.{m}", lang) for m in ("start_card", "gate_card", "life_recovery", "void_bringer")
            if getattr(card, m, False)]


def reason_text(reason: Any, lang: str = "en") -> str:
    key = "reason." + str(reason or "").replace(" ", "_")
    return words().get(key, _lang(lang)) or str(reason or "").replace("_", " ")


def ability_text(ab: Any, lang: str = "en") -> str:
    """An ability's printed text (the Japanese one if there is no English)."""
    text = getattr(ab, "text", "") if lang == "ja" else (getattr(ab, "text_en", "") or getattr(ab, "text", ""))
    return text or t("fmt.untitled_ability", lang, n=getattr(ab, "index", 0) + 1)


card_text = card_text_by(ability_text)


def when_text(event: Any, when: Any = None, lang: str = "en", own: str = "") -> str:
    """What a triggered ability waited for, in words: its event (``when.<event>``), with the
    zones a ``put`` names and "this card" for a trigger about the card itself (``own``: its
    owner's, "your" / "their")."""
    lang = _lang(lang)
    own = own or t("whose.own", lang)
    if when is not None and event == "put" and when.to:
        zone, frm = t(f"zone.{when.to}", lang), t(f"zone.{when.frm}", lang) if when.frm else ""
        if when.this and when.frm:
            return t("when.put.self", lang, zone=zone, own=own, **{"from": frm})
        return t("when.put.from", lang, zone=zone, **{"from": frm}) if when.frm else t("when.put.to", lang, zone=zone)
    if when is not None and event == "life_damage" and when.this:
        return t("when.life_damage.self", lang, own=own)
    return t(f"when.{event}", lang)


def use_text(card: Any, lang: str = "en", effect: int = 0) -> str:
    """The text of an event's (or an EV EX's ``effect``-th) use ability."""
    uses = [a for a in getattr(card, "abilities", ()) or () if a.kind == "use"]
    return ability_text(uses[effect], lang) if effect < len(uses) else ""


def _colon(text: str, lang: str) -> str:
    return t("fmt.colon", lang, text=text) if text else ""


def how_text(card: Any, lang: str = "en", counters: Mapping[str, int] | None = None,
             face_up: int | None = None) -> str:
    """How a dynamis card comes out, in short: its Z/X EX condition, its Overboost, its SHIFT host
    and requirement, its EV EX cost and timing."""
    kind = getattr(card, "kind", "")
    if kind == "zx_ex":
        cond = condition_name(card.condition, lang)
        if card.condition == "descent":
            return t("how.descent", lang, condition=cond, count=card.count, cost=card.cost)
        if card.condition == "awaken":
            what = t("how.awaken.discard" if card.awaken == "discard" else "how.awaken.sleep", lang, count=card.count)
            return t("how.awaken", lang, condition=cond, cost=card.cost, what=what)
        have = t("how.have", lang, n=counters.get(card.counter, 0)) if counters is not None else ""
        return t("how.idealize", lang, condition=cond, count=card.count,
                 counter=counter_name(card.counter, lang, card.count), have=have)
    if kind == "zx_ob":
        return t("how.zx_ob", lang)
    if kind == "shift":
        need = ""
        if card.min_face_up:
            need = t("how.shift.need", lang, n=card.min_face_up,
                     have=t("how.have", lang, n=face_up) if face_up is not None else "")
        return t("how.shift", lang, host=shift_host(card, lang), need=need)
    if kind == "ev_ex":
        return t("how.ev_ex", lang, cost=card.cost, timing=timing_name(card.timing, lang))
    return ""


def shift_host(card: Any, lang: str = "en") -> str:
    """What a SHIFT goes onto: "a Z/X OB", "any Z/X", "a red Z/X"."""
    return host_name(getattr(card, "shift_target", "zx_ob"), lang)


def host_name(target: Any, lang: str = "en") -> str:
    """What a SHIFT target (``shift_target``: "zx_ob", "any" or a colour) names as a host."""
    if target in ("zx_ob", "any"):
        return t(f"how.host.{target}", lang)
    return t("how.host.color", lang, color=color_name(target, lang))


def dynamis_cell(card: Any, lang: str = "en") -> str:
    """The Dynamis column of ``tcg cards zx``: how the card comes out."""
    kind = getattr(card, "kind", "")
    if kind == "zx_ex":
        cond = condition_name(card.condition, lang)
        if card.condition == "descent":
            return t("cards.descent", lang, condition=cond, count=card.count)
        if card.condition == "awaken":
            what = t("cards.awaken.discard" if card.awaken == "discard" else "cards.awaken.sleep", lang, count=card.count)
            return t("cards.awaken", lang, condition=cond, what=what)
        return t("cards.idealize", lang, condition=cond, count=card.count,
                 counter=counter_name(card.counter, lang, card.count))
    if kind == "shift":
        need = t("cards.shift.need", lang, n=card.min_face_up) if card.min_face_up else ""
        return t("cards.shift", lang, host=shift_host(card, lang), need=need)
    if kind in ("zx_ob", "ev_ex", "ob_bottom") and getattr(card, "player", ""):
        return t("stat.player", lang, player=card.player)
    return ""


# --- cards: naming them -----------------------------------------------------------------------------

class CardBook(voice.CardBook):
    """Names the cards a viewer may know (``tcg.present.voice.CardBook``): the printed card set plus the
    cards seen so far (instance id -> id, names, kind, owner), in the players' parts of an
    observation and on the board (an attached SHIFT is its owner's too). Only the owner of a card
    the viewer has seen is told."""

    BY_INSTANCE = False
    OWNERS_PUBLIC = False

    def unowned(self, obs: Mapping[str, Any]) -> Any:
        return obs.get("board") or []


class Voice(voice.Voice):
    """How one viewer's lines read (``tcg.present.voice.Voice``), with the squares as the viewer sees
    them and the Z/X on them; a card the viewer cannot tell is "a card"."""

    game_id = GAME
    Book = CardBook
    UNKNOWN_CARD = "fmt.a_card"

    def __init__(self, viewer: int | None = None, lang: str = "en", cards: Any = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(viewer, lang, cards, names)
        self.persp = viewer if viewer in (0, 1) else 0  # whose side is "near"

    # --- squares ------------------------------------------------------------------------------------
    def rc(self, sq: int) -> tuple[int, int]:
        """Row (0 = far, 2 = near) and column (0 = left) of a square as the viewer sees it."""
        r, c = divmod(sq, 3)
        return (r, c) if self.persp == 0 else (2 - r, 2 - c)

    def sq_name(self, sq: Any) -> str:
        """ "centre", "your left", "Opponent's player square", "far right"..."""
        if not isinstance(sq, int) or not 0 <= sq <= 8:
            return self.t("sq.unknown")
        r, c = self.rc(sq)
        if r == 2:
            key = ("sq.near_left", "sq.player", "sq.near_right")[c]
            return self.t(key, whose=self.whose(self.persp))
        if r == 0:
            if c == 1:
                return self.t("sq.player", whose=self.whose(1 - self.persp))
            return self.t("sq.far_left" if c == 0 else "sq.far_right")
        return self.t(("sq.middle_left", "sq.centre", "sq.middle_right")[c])

    def sq(self, sq: Any) -> str:
        """ "square 4 (centre)"."""
        if not isinstance(sq, int) or not 0 <= sq <= 8:
            return self.t("sq.unknown")
        return self.t("sq.square", n=sq, name=self.sq_name(sq))

    # --- cards --------------------------------------------------------------------------------------
    def stats(self, cid: Any) -> str:
        """ "red 2 · 3000" for a Z/X, "red 2" for an event."""
        c = self.book.find(cid)
        if c is None:
            return ""
        bits = [color_name(c.color, self.lang)]
        if c.kind in ("zx", "event", "zx_ex", "ev_ex"):
            bits[0] = self.t("stat.color_cost", color=bits[0], cost=c.cost)
        if c.kind in ("zx", "zx_ex", "zx_ob"):
            bits.append(str(c.power))
        return " · ".join(b for b in bits if b)

    def of(self, owner: Any, name: str) -> str:
        return f"{self.whose(owner)} {name}" if self.lang != "ja" else f"{self.whose(owner)}{name}"

    def power_text(self, u: Mapping[str, Any]) -> str:
        now, printed, dmg = u.get("power_now", u.get("power", 0)), u.get("power", 0), u.get("damage", 0)
        text = f"{now}" if now == printed else self.t("stat.power_now", now=now, printed=printed)
        if dmg:
            text += self.t("stat.damage", n=dmg)
        return text

    def unit(self, u: Mapping[str, Any] | None, own: bool = False, where: bool = True) -> str:
        """ "Opponent's X (3000) on square 0 (far left)"."""
        if not u:
            return self.t("fmt.nothing")
        if u.get("face_down"):
            return self.t("fmt.unit_face_down", whose=self.whose(u.get("owner")))
        card, power = self.label(u), self.power_text(u)
        if not where:
            return self.t("fmt.unit_here", whose="" if own else self.whose(u.get("owner")), card=card, power=power)
        if own:
            return self.t("fmt.unit_own", card=card, power=power, square=self.sq(u.get("square")))
        return self.t("fmt.unit", whose=self.whose(u.get("owner")), card=card, power=power,
                      square=self.sq(u.get("square")))


def outcome(v: Voice, att: Mapping[str, Any] | None, tgt: Mapping[str, Any] | None) -> str:
    """What a battle does as things stand: "5000 vs 3000 → destroys it"."""
    if not att:
        return v.t("outcome.gone")
    a = att.get("power_now", 0)
    if tgt is None:
        return v.t("outcome.player", power=a)
    tp, dmg = tgt.get("power_now", 0), tgt.get("damage", 0)
    vs = v.t("outcome.vs.damage", power=a, target=tp, damage=dmg) if dmg else v.t("outcome.vs", power=a, target=tp)
    if dmg + a >= tp:
        return v.t("outcome.destroys", vs=vs)
    return v.t("outcome.survives", vs=vs, power=a, short=tp - dmg - a)


def battle_of(obs: Mapping[str, Any]):
    """(attacker view, target view or None, target square, defender) of the battle now, or None."""
    b = obs.get("battle")
    if not b:
        return None
    units = {sq: u for sq, u in enumerate(obs.get("board") or []) if u}
    att = units.get(b.get("attacker"))
    tgt_sq = b.get("target")
    tgt = units.get(tgt_sq) if isinstance(tgt_sq, int) and tgt_sq >= 0 else None
    owner = att.get("owner") if att else obs.get("active")
    defender = 1 - owner if isinstance(owner, int) else None
    return att, tgt, tgt_sq, defender


def battle_outcome(v: Voice, obs: Mapping[str, Any]) -> str:
    got = battle_of(obs)
    if got is None:
        return ""
    att, tgt, tgt_sq, _ = got
    return outcome(v, att, tgt if (tgt_sq or 0) >= 0 else None)


# --- describe: the plain label of an action -----------------------------------------------------------

def suggested_colors(s: Any, lang: str = "en") -> str:
    """The colours ``pay_suggested`` would put to sleep, e.g. "blue, blue, green" (青・青・緑)."""
    from . import payment as P
    d, pending = s.decision, s.pending
    if d is None or d.kind != "pay" or pending is None:
        return "?"
    _, p, color, n, paid, _, _ = pending
    vec = P.suggested(s, p, color, n - len(paid), P.is_matched(s, paid, color))
    return colors_text([c for c, k in zip(COLORS, vec) for _ in range(k)], lang)


def describe(s: Any, a: Action, lang: str = "en") -> str:
    """The plain label of action ``a`` in state ``s`` (``game.describe``): what it is, with the
    names of its cards and squares (from the acting player's side). It depends only on the
    dealt cards (but for the suggested payment's colours), so it is kept in the state's
    CardTable memo once worked out."""
    memo = getattr(getattr(s, "table", None), "memo", None)
    if memo is None or a.type == "pay_suggested":
        return _describe(s, a, lang)
    key = ("describe", a, lang)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _describe(s, a, lang)
    return got


def may_text(op: Any, lang: str = "en") -> str:
    """What an optional op does, as "you may ..." reads it ("draw cards")."""
    return words().get(f"may.{op}", _lang(lang)) or t("may.other", lang)


def _describe(s: Any, a: Action, lang: str) -> str:
    lang = _lang(lang)
    v = Voice(None, lang)
    if a.type == "optional":
        use = a.get("use")
        return t("action.optional" if use is None else "action.optional.yes" if use else "action.optional.no", lang)
    key = f"action.{a.type}"
    if key not in words():
        return t("action.hidden", lang)
    params: dict[str, Any] = {}
    for k, val in a.params:
        if k == "card" and isinstance(val, int) and 0 <= val < len(s.cards):
            c = s.cards[val]
            name = v.label(c)
            if c.is_unit and a.type != "zx_ex":
                name = t("fmt.card_stats", lang, card=name,
                         stats=t("stat.color_cost", lang, color=color_name(c.color, lang), cost=c.cost)
                         + t("fmt.list", lang) + str(c.power))
            params["card"] = name
        elif k == "target" and a.type == "attack":
            params["target"] = t("action.attack.player", lang) if val < 0 else t("sq.number", lang, n=val)
        elif k == "target" and isinstance(val, int) and 0 <= val < len(s.cards):
            params["target"] = v.label(s.cards[val])
        elif k in ("square", "attacker"):
            params[k] = t("sq.number", lang, n=val)
        elif k == "destroy":
            params["destroy"] = t("action.zx_ex.destroy", lang, squares=t("fmt.list", lang).join(
                t("sq.number", lang, n=q) for q in val)) if val else ""
        elif k == "effect":
            params["effect"] = use_text(s.cards[a.card], lang, val) or t("fmt.effect_n", lang, n=val + 1)
        elif k == "color":
            params["color"] = color_name(val, lang)
        elif k in ("index", "mode"):
            params[k] = val + 1
        else:
            params[k] = val
    if a.type == "pay_suggested":
        params["resources"] = suggested_colors(s, lang)
    params.setdefault("destroy", "")
    return t(key, lang, **params)


def hidden_label(action: Any, lang: str = "en") -> str:
    """What other players are told of a choice they may not see."""
    return t(_HIDDEN_KEY.get(getattr(action, "type", ""), "action.hidden"), lang)


# --- options: the actions as a player's choices -----------------------------------------------------

class _Table:
    """What the acting player sees when they choose: their observation, cards by instance id,
    Z/X by square, their resources. Builds option labels, menu steps and reasons."""

    def __init__(self, game: Any, viewer: int | None, lang: str, actor: int | None = None,
                 names: Mapping[int, str] | None = None, cards: Any = None):
        self.game = game
        self.actor = actor if actor is not None else viewer
        book = cards if isinstance(cards, CardBook) else CardBook.for_game(game, viewer)
        self.v = Voice(viewer, lang, book, names)
        self.obs = game.observe(self.actor)
        self.v.book.see(self.obs) if self.actor == viewer else None
        self.d = game.decision
        self.views = self._views(self.obs)
        self.units = {sq: u for sq, u in enumerate(self.obs.get("board") or []) if u}
        players = self.obs.get("players") or []
        a = self.actor
        self.me = players[a] if isinstance(a, int) and a < len(players) else {}
        self.opp = players[1 - a] if isinstance(a, int) and len(players) == 2 else {}
        self.res = self.me.get("resources") or []
        self.awake = sum(1 for r in self.res if not r.get("asleep"))
        self.mine = self.actor == viewer and viewer is not None  # the actor's own things read "your"

    def defender(self) -> str:
        """The player the actor attacks, as the viewer calls them: "Opponent" for one's own attack,
        "You" when the opponent attacks the viewer (相手 / あなた)."""
        a = self.actor
        return self.v.who(1 - a) if isinstance(a, int) else self.v.who(None)

    @staticmethod
    def _views(obs: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        for pv in obs.get("players") or []:
            for zone in ("hand", "trash", "charge", "resources", "dynamis", "resolving", "removed"):
                for k, v in enumerate(pv.get(zone) or [], 1):
                    out[v["iid"]] = {**v, "owner": pv.get("player"), "zone": zone, "pos": k}
            if pv.get("revealed"):
                out[pv["revealed"]["iid"]] = {**pv["revealed"], "owner": pv.get("player"), "zone": "revealed"}
        for u in obs.get("board") or []:
            if u and "iid" in u:
                out[u["iid"]] = {**u, "zone": "board"}
        return out

    # --- small pieces -----------------------------------------------------------------------------
    @property
    def yp(self) -> str:
        """The actor's possessive: "your" for the viewer's own choices."""
        v = self.v
        if self.mine:
            return v.t("whose.you") if v.lang != "ja" else v.t("whose.own")
        return v.own(self.actor)

    def view(self, iid: Any) -> dict[str, Any] | None:
        v = self.views.get(iid) if isinstance(iid, int) else None
        if v is None and isinstance(iid, int) and self.d is not None and (
                self.d.kind in ("gate_card", "pick_card", "look_take", "look_order")
                or (self.d.kind == "start_card" and self.mine)):
            # a card of the actor's deck: a start card is the actor's to see; a gate card goes face up
            # and a card searched for is named in the log once it is taken
            try:
                c = self.game.state.cards[iid]
            except Exception:  # noqa: BLE001
                return None
            v = {"iid": iid, "id": c.id, "name": c.name, "name_en": c.name_en, "kind": c.kind, "color": c.color}
            if c.kind in ("zx", "event"):
                v["cost"] = c.cost
            if c.kind == "zx":
                v["power"] = c.power
        return v

    def printed(self, view: Mapping[str, Any] | None):
        return self.v.book.find(view.get("id")) if view else None

    def st(self, view: Mapping[str, Any] | None) -> str:
        return self.v.stats(view.get("id")) if view else ""

    def pay(self, cost: int) -> str:
        if not cost:
            return self.v.t("option.free")
        return self.v.t("option.pay_cost", cost=cost, ready=self.awake)

    def replaces(self, sq: int) -> str:
        u = self.units.get(sq)
        if u and u.get("owner") == self.actor:
            dest = self.v.t("zone.dynamis_face_up" if u.get("kind") in ("zx_ex", "zx_ob") else "zone.trash")
            return self.v.t("option.replaces", whose=self.yp, card=self.v.short(u), dest=dest)
        return ""

    def text_of(self, card: Any) -> str:
        return _colon(use_text(card, self.v.lang), self.v.lang)

    def last_passed(self) -> bool:
        return bool(self.d is not None and self.d.kind == "battle" and (self.d.info or {}).get("passes"))

    def ex_how(self, a: Any, c: Any) -> str:
        v = self.v
        cond = getattr(c, "condition", "")
        if cond == "descent":
            gone = [self.units.get(q) for q in a.destroy]
            units = v.t("fmt.plus").join(v.t("option.zx_ex.descent_unit", card=v.short(u), cost=u.get("cost", "?"),
                                                 square=v.sq_name(u.get("square"))) for u in gone if u)
            return v.t("option.zx_ex.descent", units=units, resources=len(self.res), cost=c.cost)
        if cond == "awaken":
            what = v.t("option.awaken.discard" if c.awaken == "discard" else "option.awaken.sleep",
                       count=c.count, whose=self.yp)
            return v.t("option.zx_ex.awaken", pay=self.pay(c.cost), what=what) + self.replaces(a.square)
        have = (self.me.get("counters") or {}).get(c.counter, 0)
        return v.t("option.zx_ex.idealize", count=c.count, whose=self.yp, have=have,
                   counter=counter_name(c.counter, v.lang, have)) + self.replaces(a.square)

    def force_holder(self) -> str:
        holder = (self.d.info or {}).get("holder") if self.d is not None else None
        u = self.views.get(holder) if isinstance(holder, int) else None
        return self.v.short(u) if u else self.v.t("fmt.the_zx")

    # --- the full option line -------------------------------------------------------------------
    def option(self, a: Any) -> str | None:
        v, T, d = self.v, self.v.t, self.d
        kind = a.type
        card = a.get("card") if hasattr(a, "get") else None
        cv = self.view(card)
        if kind == "start_card" and cv:
            return T("option.start_card", card=v.label(cv), stats=self.st(cv), whose=self.yp)
        if kind == "gate_card" and cv:
            return T("option.gate_card", card=v.label(cv), stats=self.st(cv), whose=self.yp,
                     text=self.text_of(self.printed(cv)))
        if kind == "keep":
            hand = self.me.get("hand") if self.mine and self.actor is not None else None  # a secret to others
            if hand:
                return T("option.keep.seen", cards=v.join(v.short(h) for h in hand))
            return T("option.keep")
        if kind == "resource" and cv:
            colors: dict[str, int] = {}
            for r in self.res + [cv]:
                colors[r.get("color") or "?"] = colors.get(r.get("color") or "?", 0) + 1
            mix = v.t("fmt.list").join(f"{color_name(k, v.lang)} {n}" for k, n in colors.items())
            return T("option.resource", card=v.label(cv), kind=kind_name(cv.get("kind"), v.lang), stats=self.st(cv),
                     whose=self.yp, before=len(self.res), after=len(self.res) + 1, mix=mix)
        if kind == "ignite" and cv:
            n = len(self.me.get("charge") or [])
            return T("option.ignite", card=v.label(cv), whose=self.yp, before=n, after=n - 1)
        if kind in ("place_free", "use_free", "decline") and d is not None:
            rv = (self.view(d.info.get("card")) if d.kind == "place_effect" else self.me.get("revealed")) or {}
            name = v.label(rv) if rv else T("fmt.the_card")
            if kind == "place_free":
                return T("option.place_free", card=name, stats=self.st(rv), square=v.sq(a.square),
                         replaces=self.replaces(a.square))
            if kind == "use_free":
                return T("option.use_free", card=name, text=self.text_of(self.printed(rv)))
            return T("option.decline", card=name, dest=T("zone.trash" if d.kind == "overdrive" else "zone.charge"))
        if kind == "place" and cv:
            return T("option.place", card=v.label(cv), stats=self.st(cv), square=v.sq(a.square),
                     pay=self.pay(cv.get("cost", 0)), replaces=self.replaces(a.square))
        if kind in ("event", "battle_event") and cv:
            return T(f"option.{kind}", card=v.label(cv), stats=self.st(cv), pay=self.pay(cv.get("cost", 0)),
                     text=self.text_of(self.printed(cv)))
        if kind == "zx_ex" and cv:
            c = self.printed(cv)
            return T("option.zx_ex", card=v.label(cv), power=cv.get("power"), square=v.sq(a.square),
                     condition=condition_name(getattr(c, "condition", ""), v.lang), how=self.ex_how(a, c))
        if kind == "ev_ex" and cv:
            c = self.printed(cv)
            return T("option.ev_ex", card=v.label(cv), stats=self.st(cv), pay=self.pay(cv.get("cost", 0)),
                     n=a.effect + 1, text=use_text(c, v.lang, a.effect) or T("fmt.effect_n", n=a.effect + 1))
        if kind == "shift" and cv:
            u = self.units.get(a.square) or {}
            c = self.printed(cv)
            static = T("fmt.sep").join(ability_text(x, v.lang) for x in getattr(c, "abilities", ()))
            return T("option.shift", card=v.label(cv), whose=self.yp, unit=v.label(u), square=v.sq(a.square),
                     text=_colon(static, v.lang))
        if kind == "activate_card" and cv:
            c = self.printed(cv)
            ab = c.abilities[a.ability] if c is not None and a.ability < len(c.abilities) else None
            return T("option.activate_card", card=v.label(cv), whose=self.yp, zone=T(f"zone.{cv.get('zone')}"),
                     pay=self.pay(getattr(ab, "cost", 0)),
                     text=_colon(ability_text(ab, v.lang), v.lang) if ab is not None else "")
        if kind == "activate":
            u = self.units.get(a.square) or {}
            c = self.printed(u)
            ab = c.abilities[a.ability] if c is not None and a.ability < len(c.abilities) else None
            return T("option.activate", unit=v.label(u), square=v.sq(a.square), pay=self.pay(getattr(ab, "cost", 0)),
                     text=_colon(ability_text(ab, v.lang), v.lang) if ab is not None else "")
        if kind == "attack":
            att = self.units.get(a.attacker) or {}
            if a.target < 0:
                return T("option.attack.player", unit=v.label(att), power=att.get("power_now"),
                         square=v.sq(a.attacker), life=self.opp.get("life", "?"), who=self.defender())
            tgt = self.units.get(a.target) or {}
            return T("option.attack", unit=v.label(att), power=att.get("power_now"), square=v.sq(a.attacker),
                     whose=v.whose(tgt.get("owner")), target=v.label(tgt), target_square=v.sq(a.target),
                     outcome=outcome(v, att, tgt))
        if kind == "pass":
            if self.last_passed():
                tail = battle_outcome(v, self.obs)
                return T("option.pass.resolve", outcome=_colon(tail, v.lang))
            other = v.who(1 - self.actor) if isinstance(self.actor, int) else v.who(None)
            return T("option.pass", who=other)
        if kind == "life":
            return T("option.life", whose=v.whose(1 - self.actor) if isinstance(self.actor, int) else "",
                     n=a.index + 1, total=self.opp.get("life", "?"))
        if kind == "discard" and cv:
            if d is not None and d.kind == "awaken":
                left = (d.info or {}).get("remaining", 1)
                more = T("option.discard.more", count=left - 1) if left > 1 else ""
                return T("option.discard.awaken", card=v.label(cv), stats=self.st(cv), more=more)
            hand = self.me.get("hand_count", 0)
            return T("option.discard", card=v.label(cv), stats=self.st(cv), before=hand, after=hand - 1)
        if kind == "sleep":
            u = self.units.get(a.square) or {}
            return T("option.sleep", whose=self.yp, unit=v.label(u), square=v.sq(a.square))
        if kind == "optional" and d is not None:
            info = d.info or {}
            src = self.view(info.get("source")) or v.book.view(info.get("source"))
            card = v.label(src) if src else v.card(info.get("source"))
            if a.get("use"):
                return T("option.optional.yes", what=may_text(info.get("op"), v.lang), card=card)
            return T("option.optional.no", card=card)
        if kind == "pick" and cv and d is not None and (d.info or {}).get("to") == "trash":
            return T("option.pick.trash", card=v.label(cv), kind=kind_name(cv.get("kind"), v.lang), stats=self.st(cv),
                     whose=self.yp)
        if kind == "pick" and cv:
            if d is not None and (d.info or {}).get("to") == "force":
                return T("option.pick.force", card=v.label(cv), kind=kind_name(cv.get("kind"), v.lang),
                         whose=self.yp, holder=self.force_holder())
            return T("option.pick", card=v.label(cv), kind=kind_name(cv.get("kind"), v.lang), stats=self.st(cv),
                     whose=self.yp)
        if kind == "overboost" and cv:
            who = v.who(self.actor)
            if self.mine and v.lang != "ja":
                who = who.lower()  # "... you cannot be attacked directly"
            return T("option.overboost", card=v.label(cv), stats=self.st(cv), square=v.sq(a.square),
                     whose=self.yp, who=who)
        if kind == "pay":
            ready = sum(1 for r in self.res if not r.get("asleep") and r.get("color") == a.color)
            return T("option.pay", color=color_name(a.color, v.lang), ready=ready)
        if kind == "pay_suggested":
            if not self.mine:  # it depends on their hand: a secret
                return T("option.pay_suggested.hidden")
            return T("option.pay_suggested", colors=suggested_colors(self.game.state, v.lang))
        if kind == "mode":
            modes = getattr(getattr(self.game.state, "pending", None), "modes", ())
            mode = modes[a.mode] if a.mode < len(modes) else None
            text = (mode.text if v.lang == "ja" else mode.text_en or mode.text) if mode is not None else ""
            return T("option.mode", n=a.mode + 1, text=text or T("fmt.effect_n", n=a.mode + 1))
        if kind == "look_take" and cv and d is not None:
            info = d.info or {}
            reveal = getattr(self.game.state.pending, "reveal", False)
            return T("option.look_take", card=v.label(cv), kind=kind_name(cv.get("kind"), v.lang), stats=self.st(cv),
                     dest=T(f"zone.{info.get('to', 'hand')}"), shown=T("option.look_take.shown") if reveal else "")
        if kind == "look_order" and cv and d is not None:
            where = (d.info or {}).get("to", "bottom")
            return T("option.look_order", card=v.label(cv), stats=self.st(cv), where=T(f"option.look_order.{where}"))
        if kind == "target":
            tv = self.views.get(a.target)
            if tv and tv.get("zone") == "board":
                return T("option.target", target=v.unit(tv))
            if tv:
                return T("option.target", target=v.label(tv))
        if f"option.{kind}" in words() and not [k for k, _ in a.params]:
            return T(f"option.{kind}")
        return None

    # --- menu steps ----------------------------------------------------------------------------------
    def group(self, a: Any) -> tuple[Any, str] | None:
        """(key, label) of the card or Z/X an action is about, for the first step of a menu."""
        v = self.v
        kind = a.type
        if self.d is None or self.d.kind not in ("main", "overboost"):
            return None
        if kind in ("place", "event") or (kind == "overboost"):
            cv = self.view(a.card)
            if cv is None:
                return None
            if kind == "overboost":
                return ("dyn", cv.get("id")), v.t("menu.revealed", card=v.label(cv), stats=self.st(cv))
            return ("hand", cv.get("id")), v.t("menu.hand", card=v.label(cv), stats=self.st(cv),
                                               pay=self.pay(cv.get("cost", 0)))
        if kind in ("zx_ex", "ev_ex", "shift"):
            cv = self.view(a.card)
            if cv is None:
                return None
            return ("dyn", cv.get("id")), v.t("menu.dynamis", card=v.label(cv), kind=kind_name(cv.get("kind"), v.lang))
        if kind in ("attack", "activate"):
            sq = a.attacker if kind == "attack" else a.square
            u = self.units.get(sq) or {}
            return ("unit", sq), v.t("menu.unit", card=v.label(u), power=u.get("power_now"), square=v.sq(sq))
        return None

    def step(self, a: Any) -> str:
        """The second step of a menu: what the card does (the square, the target, the effect)."""
        v, T = self.v, self.v.t
        kind = a.type
        if kind in ("place", "overboost"):
            return T("menu.place", square=v.sq(a.square), replaces=self.replaces(a.square))
        if kind == "zx_ex":
            c = self.printed(self.view(a.card))
            return T("menu.zx_ex", square=v.sq(a.square), condition=condition_name(getattr(c, "condition", ""), v.lang),
                     how=self.ex_how(a, c))
        if kind == "ev_ex":
            c = self.printed(self.view(a.card))
            return T("menu.ev_ex", n=a.effect + 1, text=use_text(c, v.lang, a.effect))
        if kind == "shift":
            u = self.units.get(a.square) or {}
            return T("menu.shift", whose=self.yp, unit=v.label(u), square=v.sq(a.square))
        if kind == "attack":
            if a.target < 0:
                return T("menu.attack.player", life=self.opp.get("life", "?"), who=self.defender())
            att, tgt = self.units.get(a.attacker) or {}, self.units.get(a.target) or {}
            return T("menu.attack", whose=v.whose(tgt.get("owner")), target=v.label(tgt),
                     target_square=v.sq(a.target), outcome=outcome(v, att, tgt))
        if kind == "activate":
            u = self.units.get(a.square) or {}
            c = self.printed(u)
            ab = c.abilities[a.ability] if c is not None and a.ability < len(c.abilities) else None
            return T("menu.activate", pay=self.pay(getattr(ab, "cost", 0)),
                     text=_colon(ability_text(ab, v.lang), v.lang) if ab is not None else "")
        return self.option(a) or describe(self.game.state, a, v.lang)


label = prompts.label_with(_Table, hidden_label)


def menu(game: Any, legal_actions: Sequence[Any], viewer: int | None,
         lang: str = "en") -> list[tuple[tuple[str, ...], Any]]:
    """Each legal action once, with the path of labels under which it is offered, in the order of
    the legal actions: in the main phase first the card in hand, the dynamis card or the Z/X on
    the board, then what it does (the square, the target, the effect); a card with one thing to do
    is one step. Copies of one card give the same path: a front end offers it once."""
    lang = _lang(lang)
    d = game.decision
    if d is None:
        return []
    table = _Table(game, viewer, lang, d.player)
    return menus.grouped(table, legal_actions, lambda a: (table.step(a),),
                         menus.option_or(table, game, describe, lang))


# --- narration: events as lines ---------------------------------------------------------------------

def _leave(v: Voice, ev: Mapping[str, Any], to: str | None = None, src: Any = None) -> str:
    """A Z/X leaving the board: how, and where it goes (``to``: the zone the event after it told)."""
    p = ev.get("player")
    why = ev.get("why")
    kind = getattr(v.book.find(ev.get("id")), "kind", "")
    if why in ("destroyed", "bounced", "moved") and src is not None:
        how = v.t(f"event.leave_board.{why}_by", card=v.card(*src))
    elif why in ("destroyed", "descent", "replaced", "bounced", "moved"):
        how = v.t(f"event.leave_board.{why}")
    else:
        how = v.t("event.leave_board.left")
    if kind in ("zx_ex", "zx_ob"):
        zone = v.t("zone.dynamis_face_up")
    else:
        to = to or ev.get("to")
        zone = v.t("zone." + (to or ("trash" if why == "replaced" else "hand" if why == "bounced" else "charge")))
        if to == "deck":
            zone += v.t(f"event.move.{ev.get('position', 'top')}")
        if ev.get("asleep"):
            zone += v.t("event.move.asleep")
    dest = _whose_zone(v, p, zone)
    if kind == "zx_ob":
        dest += v.t("fmt.sep") + v.t("event.leave_board.player_card")
    extra = []
    if ev.get("force"):
        extra.append(v.t("event.leave_board.force", count=len(ev["force"])))
    if isinstance(ev.get("shift"), int) and ev["shift"] >= 0:
        extra.append(v.t("event.leave_board.shift", card=v.card(ev["shift"])))
    return v.t("event.leave_board", whose=v.whose(p), card=v.card(ev.get("card"), ev.get("id")),
               square=v.sq(ev.get("square")), how=how, dest=dest,
               extra=v.t("fmt.paren", text=v.t("fmt.sep").join(extra)) if extra else "")


def _whose_zone(v: Voice, p: Any, zone: str) -> str:
    """ "Opponent's charge" (相手のチャージ)."""
    whose = v.whose(p)
    return (f"{whose} {zone}" if v.lang != "ja" else f"{whose}{zone}").strip()


def _n_draw(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    if ev.get("card") is not None:
        return T("event.draw.card", who=v.who(p), card=card())
    return T("event.draw", who=v.who(p), count=1)


def _n_setup_choice(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    what = T(f"event.setup_choice.{ev.get('choice', 'start_card')}")
    if "card" not in ev:  # the other player's choice: secret until both have chosen
        return T("event.setup_choice", who=v.who(p), what=what)
    if ev.get("card") is None:
        return T("event.setup_choice.none", who=v.who(p), what=what)
    return T("event.setup_choice.card", who=v.who(p), card=card(), whose=v.own(p), what=what)


def _n_start_card(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    return T("event.start_card", who=v.who(p), whose=v.own(p))


def _n_gate_card(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    return T("event.gate_card", who=v.who(p), card=card(), whose=v.own(p))


def _n_setup(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    res = ev.get("resources") or []
    start = ev.get("start_card")
    return T("event.setup", whose=v.whose(p), life=ev.get("life", 4), resources=v.join(v.card(i) for i in res),
             start=T("event.setup.start", card=v.card(start)) if start is not None else "")


def _n_turn_start(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    whose = v.whose(p)
    return T("event.turn_start", turn=ev.get("turn"), whose_turn=_cap(whose) if v.lang != "ja" else whose,
             whose=whose)


def _n_resource(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    return T("event.resource", who=v.who(p), card=card(), stats=v.stats(ev.get("id")), whose=v.own(p))


def _n_ignition(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    if ev.get("icon"):
        return T("event.ignition.icon", whose=v.whose(p), card=card(), stats=v.stats(ev.get("id")))
    return T("event.ignition", whose=v.whose(p), card=card())


def _n_pay(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    return T("event.pay", who=v.who(p), count=len(ev.get("resources") or []), resources=_paid(v, ev))


def _n_place(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    why = ev.get("why")
    return T("event.place", who=v.who(p), card=card(), stats=v.stats(ev.get("id")), square=v.sq(ev.get("square")),
             why=T(f"event.place.{why}") if why in ("overdrive", "life", "zx_ex", "overboost", "effect") else "")


def _n_overboost(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    return T("event.overboost", who=v.who(p), whose=v.own(p), card=card())


def _n_leave_board(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    return _leave(v, ev, src=src)


def _n_move(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    src_zone, dest = T(f"zone.{ev.get('from')}"), T(f"zone.{ev.get('to')}")
    if ev.get("to") == "deck":
        dest += T(f"event.move.{ev.get('position', 'top')}")
    if ev.get("asleep"):
        dest += T("event.move.asleep")
    if ev.get("card") is None:  # between hidden zones: which card, a secret to this viewer
        return T("event.move.hidden", whose=v.whose(p), src=src_zone, dest=dest, source=v.source(src))
    return T("event.move", card=card(), whose=v.whose(p), src=src_zone, dest=dest, source=v.source(src))


def _n_to_charge(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    c = v.book.card_of(ev.get("card"), ev.get("id"))
    return T("event.to_charge", card=card(), whose=v.whose(p),
             icon=T("event.to_charge.icon") if getattr(c, "ignition", False) else "")


def _n_to_trash(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    why = {"ignition": "event.to_trash.ignition", "charge full": "event.to_trash.charge_full"}.get(ev.get("why"))
    return T("event.to_trash", card=card(), whose=v.whose(p), why=T(why) if why else "")


def _n_attack(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    tgt = ev.get("target")
    if isinstance(tgt, int) and tgt < 0:
        target = T("event.attack.player", who=v.who(1 - p) if isinstance(p, int) else v.who(None))
    else:
        target = v.sq(tgt)
    return T("event.attack", who=v.who(p), card=v.card(ev.get("card")), square=v.sq(ev.get("attacker")),
             target=target)


def _n_battle_damage(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    kind = ev.get("type")
    T = v.t
    total = T("event.damage.total", total=ev.get("total")) if ev.get("total") != ev.get("amount") else ""
    owner = v.book.owner(ev.get("card"))
    if kind == "battle_damage":
        return T("event.battle_damage", whose=v.whose(owner), card=v.card(ev.get("card")),
                 square=v.sq(ev.get("square")), amount=ev.get("amount"), total=total)
    return T("event.damage", whose=v.whose(owner), card=v.card(ev.get("card")), amount=ev.get("amount"),
             total=total, source=v.source(src))


def _n_battle_end(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    T = v.t
    why = {"attacker gone": "event.battle_end.attacker_gone",
           "player protected by a Z/X OB": "event.battle_end.protected"}.get(ev.get("why"))
    return T("event.battle_end", why=T(why) if why else str(ev.get("why") or ""))


def _n_life_damage(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    return T("event.life_damage", whose=v.whose(p), card=card(), life=ev.get("life"),
             icon=T("event.life_damage.icon" if ev.get("icon") else "event.life_damage.no_icon"))


def _n_event(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    c = v.book.find(ev.get("id"))
    return T("event.event", who=v.who(p), card=card(), free=T("event.event.free") if ev.get("free") else "",
             text=_colon(use_text(c, v.lang), v.lang))


def _n_zx_ex(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    return T("event.zx_ex", who=v.who(p), card=card(), whose=v.own(p),
             condition=condition_name(ev.get("condition"), v.lang))


def _n_ev_ex(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    c = v.book.find(ev.get("id"))
    eff = ev.get("effect", 0)
    return T("event.ev_ex", who=v.who(p), card=card(), n=eff + 1, text=_colon(use_text(c, v.lang, eff), v.lang))


def _n_shift(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    return T("event.shift", who=v.who(p), card=card(), square=v.sq(ev.get("square")))


def _n_activate(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    c = v.book.card_of(ev.get("card"))
    index = ev.get("ability", 0)
    ab = c.abilities[index] if c is not None and index < len(c.abilities) else None
    text = _colon(ability_text(ab, v.lang), v.lang) if ab is not None else ""
    if ev.get("zone"):  # used from the hand, the charge or the trash (games/zx/costs.py)
        return T("event.activate.zone", who=v.who(p), card=v.card(ev.get("card"), ev.get("id")), whose=v.own(p),
                 zone=T(f"zone.{ev['zone']}"), text=text)
    return T("event.activate", who=v.who(p), card=v.card(ev.get("card")), square=v.sq(ev.get("square")),
             text=text)


def _n_counter(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    n = ev.get("total", 0)
    return T(v.keyed("event.counter", p), who=v.who(p), count=n,
             counter=counter_name(ev.get("counter"), v.lang, n), source=v.source(src))


def _n_alter_force(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    return T("event.alter_force", whose=v.whose(p), card=v.card(ev.get("card")), force=ev.get("force"))


def _n_modify(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    T = v.t
    owner = v.book.owner(ev.get("card"))
    return T("event.modify", whose=v.whose(owner), card=v.card(ev.get("card")), amount=f"{ev.get('amount', 0):+d}",
             source=v.source(src))


def _n_set_state(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    T = v.t
    owner = v.book.owner(ev.get("card"))
    return T("event.set_state" if ev.get("asleep") else "event.set_state.rebooted", whose=v.whose(owner),
             card=v.card(ev.get("card")), source=v.source(src))


def _n_discard(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    return T("event.discard", who=v.who(p), card=card())


def _n_trigger(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    """A triggered ability resolves (games/zx/triggers.py)."""
    T = v.t
    owner = v.book.owner(ev.get("card"))
    c = v.book.find(ev.get("id"))
    idx = ev.get("ability")
    ab = c.abilities[idx] if c is not None and isinstance(idx, int) and 0 <= idx < len(c.abilities) else None
    when = when_text(ev.get("event"), getattr(ab, "when", None), v.lang, v.own(owner))
    kw = next((k for k in getattr(c, "keywords", ()) if k.id == getattr(ab, "keyword", "")), None)
    if kw is not None:
        return T("event.trigger.keyword", whose=v.whose(owner), card=v.card(ev.get("card")),
                 keyword=kw.label(v.lang), when=when)
    return T("event.trigger", whose=v.whose(owner), card=v.card(ev.get("card")), when=when)


def _n_optional(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    use = ev.get("use")
    return T("event.optional" if use is None else "event.optional.yes" if use else "event.optional.no",
             who=v.who(p), what=may_text(ev.get("op"), v.lang), card=v.card(ev.get("card")))


def _n_mode(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    """A mode of a choose_one chosen (engine/choices.py)."""
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    text = ev.get("text") if v.lang == "ja" else ev.get("text_en") or ev.get("text")
    return T("event.mode", who=v.who(p), card=card(), text=text or T("fmt.effect_n", n=ev.get("mode", 0) + 1))


def _n_look(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    """The top of a deck (or a hand or the life) looked at: others learn how many only."""
    return prompts.look_line(v, ev, lambda seen: (": " if v.lang != "ja" else "：") + v.join(seen),
                             lambda zone: v.t(f"zone.{zone}"))


def _n_pick(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    zone = T(f"zone.{ev.get('from', 'deck')}")
    if ev.get("card") is None:  # a searched card the viewer may not see
        return T("event.pick.hidden", who=v.who(p), whose=v.own(p), zone=zone)
    return T("event.pick", who=v.who(p), card=card(), whose=v.own(p), zone=zone,
             shown=T("event.pick.revealed") if ev.get("revealed") else "")


def _n_add_life(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    return T("event.add_life", who=v.who(p), whose=v.own(p), life=ev.get("life"), source=v.source(src))


def _n_refresh(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    return T("event.refresh", whose=v.whose(p), cards=ev.get("cards"))


def _n_card_win(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    p = ev.get("player")
    T = v.t
    return T("event.card_win", whose=v.whose(p), card=v.card(ev.get("card")))


def _n_game_over(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    T = v.t
    w = ev.get("winner")
    reason = reason_text(ev.get("reason"), v.lang)
    result = (T("result.draw", reason=reason) if w is None else T("result.you_win", reason=reason)
              if v.is_you(w) else T("result.win", who=v.who(w), reason=reason))  # "You win!", not "You wins"
    return T("event.game_over", result=result)


#: the narrator of each event type
_NARRATORS: dict[str, Callable[..., str | None]] = {
    "first_player": prompts.said("event.first_player"), "draw": _n_draw, "setup_choice": _n_setup_choice,
    "start_card": _n_start_card, "gate_card": _n_gate_card, "mulligan": prompts.said("event.mulligan"),
    "setup": _n_setup, "turn_start": _n_turn_start, "resource": _n_resource, "ignition": _n_ignition,
    "pay": _n_pay, "place": _n_place, "overboost": _n_overboost, "leave_board": _n_leave_board,
    "move": _n_move, "to_charge": _n_to_charge, "to_trash": _n_to_trash, "attack": _n_attack,
    "battle_damage": _n_battle_damage, "damage": _n_battle_damage, "battle_end": _n_battle_end,
    "life_damage": _n_life_damage, "life_zero": prompts.said("event.life_zero"), "event": _n_event,
    "zx_ex": _n_zx_ex, "ev_ex": _n_ev_ex, "shift": _n_shift, "activate": _n_activate, "counter": _n_counter,
    "alter_force": _n_alter_force, "modify": _n_modify, "set_state": _n_set_state,
    "mill": prompts.said("event.mill", card=True, source=True), "discard": _n_discard, "trigger": _n_trigger,
    "optional": _n_optional, "mode": _n_mode, "look": _n_look, "look_rest": _n_look,
    "reveal": prompts.reveal_line, "pick": _n_pick, "add_life": _n_add_life, "refresh": _n_refresh,
    "card_win": _n_card_win, "concede": prompts.said("event.concede"), "game_over": _n_game_over,
}


def _narrate(v: Voice, ev: Mapping[str, Any], src: Any = None) -> str | None:
    """One event in words for the viewer of ``v`` (its narrator in ``_NARRATORS``); None for an
    event not worth a line (a shuffle) or an event type without a narrator."""
    fn = _NARRATORS.get(ev.get("type"))
    return fn(v, ev, src) if fn is not None else None


def _paid(v: Voice, ev: Mapping[str, Any], short: bool = False) -> str:
    """The resources a payment put to sleep, by name (by colour when the viewer cannot tell)."""
    res = ev.get("resources") or []
    colors = ev.get("colors") or []
    out = []
    for k, i in enumerate(res):
        view = v.book.view(i)
        if view:
            out.append(v.short(view) if short else v.label(view))
        elif k < len(colors):
            out.append(color_name(colors[k], v.lang))
        else:
            out.append(v.t("fmt.a_card"))
    return v.join(out)


narrate = prompts.narrate_with(Voice, _narrate)


#: the events each action causes that only repeat the action line above it
ECHO = {"place": ("place",), "event": ("event",), "battle_event": ("event",), "activate": ("activate",),
        "activate_card": ("activate",),
        "attack": ("attack",), "shift": ("shift",), "ev_ex": ("ev_ex",), "resource": ("resource",),
        "discard": ("discard",), "pick": ("pick", "alter_force"), "zx_ex": ("zx_ex",),
        "gate_card": ("gate_card",), "start_card": ("start_card",), "mulligan": ("mulligan",),
        "place_free": ("place",), "use_free": ("event",), "overboost": ("place",), "optional": ("optional",),
        "mode": ("mode",)}
#: actions whose line already states what they cost
PAID = frozenset({"place", "event", "battle_event", "activate", "activate_card", "ev_ex", "zx_ex"})


def sources(events: Sequence[Mapping[str, Any]], src: Any = None) -> list[Any]:
    """For each event, the card (instance id, card id) whose effect caused it, or None: an effect
    event follows the event of the card that caused it (an event, EV EX, activation, placement);
    ``src``: the card whose effect the first events continue, when the caller knows it."""
    return prompts.effect_sources(events, src, lambda ev: ev.get("type") in SOURCE_EVENTS, _caused,
                                  lambda ev: ev.get("type") not in ENDS_EFFECTS)


def _caused(ev: Mapping[str, Any]) -> bool:
    """Whether an event is one an effect may cause (a Z/X leaving the board: destroyed or bounced)."""
    kind = ev.get("type")
    return kind in EFFECT_EVENTS and not (kind == "leave_board" and ev.get("why") not in ("destroyed", "bounced"))


def lines(events: Sequence[Mapping[str, Any]], viewer: int | None, lang: str = "en", cards: Any = None,
          names: Mapping[int, str] | None = None, action: Any = None, actor: int | None = None,
          step: bool = False, source: Any = None) -> list[str]:
    """The lines of several events for ``viewer``, summarised: a run of draws makes one line; a
    payment is told with what it paid for; a Z/X going to the charge (or trash) as it leaves the
    board, and a life card hit then put into the charge, make one line; an effect names the card
    that caused it; runs of identical lines fold into one ("... (x3)").

    ``step=True``: the events under one applied ``action`` of ``actor`` (None: the set-up), without
    the event that only repeats the action line, nor the payment the action line states.
    ``source``: (instance id, card id or None) of the card whose effect the events continue (the
    source of the ``target`` decision the action answered), for the effects before any other."""
    v, events = prompts.events_voice(Voice, events, viewer, lang, cards, names)
    srcs = sources(events, source)
    if step and action is not None:
        t_ = getattr(action, "type", None)
        drop = [next((k for k, ev in enumerate(events)
                      if ev.get("type") in ECHO.get(t_, ()) and ev.get("player", actor) == actor), None)]
        if t_ in PAID:
            drop.append(next((k for k, ev in enumerate(events)
                              if ev.get("type") == "pay" and ev.get("player") == actor), None))
        events, srcs = prompts.without(events, srcs, (k for k in drop if k is not None))
    n = len(events)

    def line_at(i: int) -> tuple[str | None, int]:
        ev = events[i]
        kind = ev.get("type")
        nxt = events[i + 1] if i + 1 < n else None
        if kind == "draw":
            j = i
            while j < n and events[j].get("type") == "draw" and events[j].get("player") == ev.get("player"):
                j += 1
            if j - i > 1:
                known = [v.card(e.get("card"), e.get("id")) for e in events[i:j] if e.get("card") is not None]
                if known:
                    line = v.t("event.draw.cards", who=v.who(ev.get("player")), count=j - i,
                               cards=v.join(v.grouped(known)))
                else:
                    line = v.t("event.draw", who=v.who(ev.get("player")), count=j - i)
                return v.finish(line), j
        if kind == "pay" and nxt is not None and nxt.get("player") == ev.get("player") and \
                nxt.get("type") in ("place", "event", "activate", "ev_ex"):
            line = _narrate(v, nxt, srcs[i + 1])
            if line:
                return v.finish(v.t("event.pay.with", text=line, count=len(ev.get("resources") or []),
                                    resources=_paid(v, ev, short=True))), i + 2
        if kind in ("to_charge", "to_trash") and nxt is not None and nxt.get("type") == "leave_board" \
                and nxt.get("card") == ev.get("card"):
            full = kind == "to_trash" and ev.get("why") == "charge full"
            return v.finish(_leave(v, nxt, "trash_full" if full else "charge" if kind == "to_charge"
                                   else "trash", srcs[i + 1])), i + 2
        if kind == "life_damage" and nxt is not None and nxt.get("type") in ("to_charge", "to_trash") \
                and nxt.get("card") == ev.get("card"):
            line = _narrate(v, ev)
            zone = v.t("zone.trash_full" if nxt.get("type") == "to_trash" else "zone.charge")
            return v.finish(f"{line} → {_whose_zone(v, ev.get('player'), zone)}"), i + 2
        return v.finish(_narrate(v, ev, srcs[i])), i + 1
    return prompts.told(events, line_at)


# --- prompts: who must decide what -------------------------------------------------------------------

def prompt(decision: Mapping[str, Any] | None, viewer: int | None, lang: str = "en",
           obs: Mapping[str, Any] | None = None, cards: Any = None,
           names: Mapping[int, str] | None = None) -> str:
    """Who must decide what, for ``viewer``: ``decision`` is ``observe(viewer)["decision"]``;
    ``obs`` (that observation) adds what the choice is about (resources ready, the battle as it
    stands, the revealed card...)."""
    return prompts.prompt_of(Voice, _ask, decision, viewer, lang, obs, cards, names)


def _ask(v: Voice, obs: Mapping[str, Any], decision: Mapping[str, Any], kind: Any, p: Any) -> str:
    """``prompt`` of a decision: its ``kind``, decided by player ``p``."""
    T = v.t
    who = v.who(p)
    mine = p == v.viewer and p is not None
    yp = (T("whose.you") if v.lang != "ja" else T("whose.own")) if mine else (
        T("whose.their") if v.lang != "ja" else T("whose.own"))
    players = obs.get("players") or []
    pv = players[p] if isinstance(p, int) and p < len(players) else {}
    if kind in ("start_card", "gate_card", "mulligan", "overboost"):
        return T(f"decision.{kind}", who=who, whose=yp)
    if kind == "resource":
        return T("decision.resource", who=who, whose=yp, count=len(pv.get("resources") or []) if pv else "?")
    if kind == "ignition":
        return T("decision.ignition", who=who, whose=yp, count=len(pv.get("charge") or []) if pv else "?")
    if kind in ("overdrive", "life_card"):
        rv = pv.get("revealed") or v.book.view(decision.get("card")) or {}
        c = v.book.find(rv.get("id"))
        verb = T("decision.reveal.place" if getattr(c, "kind", "") == "zx" else "decision.reveal.use")
        return T(f"decision.{kind}", who=who, card=v.label(rv) if rv else v.card(decision.get("card")),
                 stats=v.stats(rv.get("id")), verb=verb)
    if kind == "main":
        res = pv.get("resources") or []
        used = pv.get("used") or {}
        return T("decision.main", who=who, ex=T("state.used" if used.get("zx_ex") or used.get("ev_ex") else "state.free"),
                 shift=T("state.used" if used.get("shift") else "state.free"),
                 ready=sum(1 for r in res if not r.get("asleep")), total=len(res))
    if kind == "battle":
        if decision.get("passes"):
            passed = T("decision.battle.passed.you" if v.is_you(p) else "decision.battle.passed",
                       other=v.who(1 - p) if isinstance(p, int) else v.who(None))
        else:
            passed = T("decision.battle.both")
        tail = battle_outcome(v, obs) if obs else ""
        return T("decision.battle", who=who, passed=passed, outcome=f" · {tail}" if tail else "")
    if kind == "life_pick":
        opp = players[1 - p] if isinstance(p, int) and len(players) == 2 else {}
        return T("decision.life_pick", who=who, whose=v.whose(1 - p) if isinstance(p, int) else "",
                 life=opp.get("life", "?"))
    if kind == "awaken":
        n = decision.get("remaining", 1)
        if decision.get("condition") == "discard":
            return T("decision.awaken", who=who, count=n)
        return T("decision.awaken.sleep", who=who, count=n, whose=yp)
    if kind == "discard":
        return T("decision.discard", who=who, count=decision.get("over", 1))
    if kind == "pick_card":
        if decision.get("to") == "force":
            holder = v.book.view(decision.get("holder"))
            return T("decision.pick_card.force", who=who, whose=yp,
                     holder=v.label(holder) if holder else T("fmt.the_zx"))
        if decision.get("to") == "trash":
            return T("decision.pick_card.trash", who=who, whose=yp)
        if "zone" not in decision:  # another player's search: which cards, a secret
            return T("decision.pick_card", who=who, whose=yp, zone=T("zone.deck"))
        return T("decision.pick_card", who=who, whose=yp, zone=T(f"zone.{decision.get('zone', 'deck')}"))
    if kind == "pay":
        col = decision.get("color")
        paid = decision.get("paid") or []
        need = T("decision.pay.need", color=color_name(col, v.lang)) if col and col not in paid else ""
        done = T("decision.pay.done", colors=colors_text(paid, v.lang)) if paid else ""
        return T("decision.pay", who=who, card=v.card(decision.get("card")), left=decision.get("left"), whose=yp,
                 need=need, cost=decision.get("cost"), done=done)
    if kind == "optional":
        return T("decision.optional", who=who, card=v.card(decision.get("source")),
                 what=may_text(decision.get("op"), v.lang))
    if kind in ("target", "target_hidden"):
        op = decision.get("op")
        key = f"effect.{op}.{decision['to']}" if decision.get("to") else f"effect.{op}"  # move: where to
        what = T(key) if key in words() else T(f"effect.{op}") if f"effect.{op}" in words() else T("effect.other")
        # (without "remaining": a choice among the hand, only its chooser is told more)
        return prompts.target_prompt(v, who, decision, what)
    if kind == "choose_mode":
        return prompts.choose_mode_prompt(v, who, decision)
    if kind in ("look_take", "look_order"):
        return prompts.look_prompt(v, who, kind, decision, lambda zone: T(f"zone.{zone}"))
    if kind == "place_effect":
        if "card" not in decision:
            return T("decision.place_effect.hidden", who=who, card=v.card(decision.get("source")))
        return T("decision.place_effect", who=who, card=v.card(decision.get("card")), whose=yp,
                 zone=T(f"zone.{decision.get('zone', 'hand')}"), source=v.card(decision.get("source")))
    return T("ui.decision", who=who, what=str(kind or ""))


# --- why an option is missing ------------------------------------------------------------------------

def why_not(game: Any, viewer: int | None, lang: str = "en") -> list[str]:
    """For the current decision, a line for each thing ``viewer`` might expect to do but cannot,
    with the reason: a card in hand that cannot be placed or used (cost, colour, no square, wrong
    timing), a dynamis card whose condition is not met, a Z/X that cannot attack or activate. The
    rules give the reasons (``rules.unavailable``: games/zx/reasons.py); this only phrases them
    (``why.<key>``), each line once."""
    lang = _lang(lang)
    if game.decision is None or game.is_over:
        return []
    reasons = game.rules.unavailable(game.state, viewer, game.legal_actions())
    if not reasons:
        return []
    v = Voice(viewer, lang, CardBook.for_game(game, viewer))
    return prompts.once(reason_line(v, game.state.cards, r) for r in reasons)


def reason_line(v: Voice, cards: Sequence[Any], r: Any) -> str:
    """One reason of ``rules.unavailable`` as a line: "<card>: <why>", "<card> on <square>:
    <why>" for a Z/X on the board, or just the why of a reason about the decision."""
    c = cards[r.card] if isinstance(r.card, int) else None
    why = v.t(f"why.{r.key}", **_reason_params(v, r.params))
    if c is None:
        return why
    if "square" in r.params:
        return v.t("why.unit", card=v.label(c), square=v.sq(r.params["square"]), why=why)
    return v.t("why.line", card=v.label(c), why=why)


def _reason_params(v: Voice, params: Mapping[str, Any]) -> dict[str, Any]:
    """The words of a reason's parameters: a seat as who, a phase, colour or counter by name, a
    player card by its title, a SHIFT's host; numbers as they are (a square and an ability's
    index are not words of the why)."""
    lang = v.lang
    out: dict[str, Any] = {}
    for k, val in params.items():
        if k == "who":
            out[k] = v.who(val)
        elif k == "phase":
            out[k] = phase_name(val, lang)
        elif k == "color":
            out[k] = color_name(val, lang)
        elif k == "counter":
            out[k] = counter_name(val, lang, params.get("count"))
        elif k == "player":
            pc = v.book.find(val)
            out[k] = v.label(pc) if pc is not None else val
        elif k == "host":
            out[k] = host_name(val, lang)
        elif k not in ("square", "ability"):
            out[k] = val
    return out


# --- the rules primer ----------------------------------------------------------------------------------

PRIMER = ("goal", "setup", "turn", "costs", "ignition", "board", "battle", "dynamis", "zones")
#: the terms of the primer, in the order a player meets them
PRIMER_TERMS = ("zx", "square", "player_square", "normal_square", "player_card", "first_player", "mulligan",
                "start_card", "gate_card", "life", "resources", "charge", "trash", "rebooted", "asleep", "power",
                "battle", "destroy", "ignition", "ignition_icon", "overdrive", "dynamis", "zx_ex", "descent",
                "awaken", "idealize", "counter", "dream_key", "memory_piece", "melody", "ev_ex", "zx_ob",
                "ignition_overboost", "shift", "shift_condition", "shift_target", "force", "alter_force",
                "life_recovery", "void_bringer")


def rules_primer(lang: str = "en") -> str:
    """The rules in short for a player, then the game's terms (in English each with its Japanese
    word): how to win, the set-up, how a turn goes, costs, ignition, the board, battles, the
    dynamis and the zones."""
    lang = _lang(lang)
    w = words()
    parts = prompts.primer_head(w, lang, PRIMER)
    keys = prompts.primer_terms(w, PRIMER_TERMS)
    parts += [f"  {w.term(f'term.{k}', lang)}" for k in keys]
    return "\n".join(parts)


__all__ = ["CardBook", "Voice", "ability_text", "card_text", "color_name", "colors_text",
           "condition_name", "counter_name", "describe", "dynamis_cell", "fold", "hidden_label", "how_text",
           "kind_name", "label", "lines", "mark_names", "menu", "narrate", "outcome", "phase_name", "prompt",
           "reason_text", "rules_primer", "suggested_colors", "t", "timing_name", "use_text", "when_text",
           "why_not", "words"]
