"""What Shironeko says, for every front end: action labels, event narration, prompts, the steps
of a menu, why an option is missing, and a rules primer, in English and Japanese.

No layout and no Rich here: every word comes from ``games/shironeko/text.toml`` (then the shared
``tcg/text.toml``) through ``tcg.text.catalog("shironeko")``; this module only chooses the key
and fills in the values the rules give (card names, numbers, colours). Front ends lay the
strings out (``terminal.py`` for the terminal).

Public functions:

* ``describe(state, action, lang)``: the label of a legal action (``game.describe`` uses it);
* ``narrate(event, viewer, lang, cards)``: one event of ``game.log.for_player(viewer)`` as the
  viewer sees it ("You placed X" / "Opponent placed X"); None for events not worth a line;
* ``prompt(decision, viewer, lang)``: what the deciding player is asked (or, for everyone
  else, what they are told is happening);
* ``menu(game, legal_actions, viewer, lang)``: the path of labels under which each legal
  action is offered (card, then what it does, then the target), equal for equivalent actions;
* ``why_not(game, viewer, lang)``: a line for each thing the player may expect to do now but
  cannot, with the reason;
* ``rules_primer(lang)``: a short primer of the rules;
* helpers for front ends: ``who``, ``card_label``, ``color_name``, ``kind_name``, ``zone_name``,
  ``state_name``, ``phase_name``, ``stat_name``, ``term``, ``reason_text``, ``result_text``.

``cards`` (the names of the cards an event or decision refers to) is the game's cards by
instance id, ``game.state.cards``; a mapping ``iid -> card or card view`` or a card set (looked
up by the card ids events carry) also works. Only the cards an event or view shows the viewer
are looked up, so nothing hidden is named.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ...present import prompts, voice
from ...engine.action import Action
from ...present.lines import cards_in
from ...present.text import card_title, game_words
from .reasons import HAND_ACTIONS

GAME = "shironeko"
#: events that are not worth a line of their own (a shuffle; STOP! is said by the reveal)
QUIET_EVENTS = frozenset({"shuffle", "stop"})
#: action types whose content only the acting player may see (the cards marked for a mulligan)
#: the game terms in the order the primer lists them
TERMS = ("character", "awakened_character", "monster", "town", "leader", "leaderize", "soul",
         "build", "main_deck", "town_deck", "town_area", "character_area", "leader_area",
         "damage_area", "discard", "on", "off", "cost", "change_cost", "character_change", "awaken",
         "rune", "required_runes", "attack", "hp", "level", "damage_counter", "battle", "defend",
         "retreat", "trigger", "stop", "burst", "static", "activated", "on_enter", "use", "shock",
         "poison", "summoning_sickness", "mulligan", "first_player", "second_player", "turn_player",
         "soul_quarry", "start_phase", "main_phase", "end_phase")
#: the sections of the primer, in order
PRIMER = ("goal", "setup", "start_phase", "main_phase", "end_phase", "cost", "change", "attack",
          "runes", "leader", "markers")


words, t, term = game_words(GAME)


def color_name(color: Any, lang: str = "en") -> str:
    return t(f"color.{color}", lang) if color else t("list.none", lang)


def kind_name(kind: Any, lang: str = "en", short: bool = False) -> str:
    return t(f"kind.short.{kind}" if short else f"kind.{kind}", lang)


def zone_name(zone: str, lang: str = "en") -> str:
    return t(f"zone.{zone}", lang)


def state_name(state: str, lang: str = "en", gloss: bool = False) -> str:
    return words().term(f"state.{state}", lang) if gloss else t(f"state.{state}", lang)


def phase_name(phase: Any, lang: str = "en", gloss: bool = False) -> str:
    return words().term(f"phase.{phase}", lang) if gloss else t(f"phase.{phase}", lang)


def stat_name(stat: str, lang: str = "en") -> str:
    return t(f"stat.{stat}", lang)


def ability_name(kind: str, lang: str = "en", gloss: bool = False) -> str:
    """The name of an ability kind (static, activated, trigger, burst, on_enter, use, leaderize)."""
    return words().term(f"ability.{kind}", lang) if gloss else t(f"ability.{kind}", lang)


def reason_text(reason: Any, lang: str = "en") -> str:
    """Why the game ended (deck_out, concede, decision_limit, step_limit)."""
    return t(f"reason.{reason}", lang)


def join(items: Iterable[str], lang: str = "en", sep: str = "list") -> str:
    return t(f"sep.{sep}", lang).join(items)


def card_label(card: Any, lang: str = "en") -> str:
    """A card's title (``card_title``: in English its English name first, the printed name after
    it). ``card`` is a printed card or a card view (a dict with name / name_en)."""
    if card is None:
        return t("card.unknown", lang)
    get = card.get if isinstance(card, Mapping) else (lambda k: getattr(card, k, None))
    name = get("name") or get("id")
    if not name:
        return t("card.unknown", lang)
    return card_title(name, get("name_en"), lang)


def lookup(cards: Any, iid: Any = None, cid: Any = None) -> Any:
    """The printed card (or card view) of instance ``iid`` / card id ``cid`` in ``cards`` (see the
    module docstring), or None."""
    if cards is None:
        return None
    if isinstance(cid, str) and hasattr(cards, "find"):
        try:
            found = cards.find(cid)
        except Exception:  # noqa: BLE001 - a name is never worth an error
            found = None
        if found is not None:
            return found
    if isinstance(iid, int) and not isinstance(iid, bool) and not hasattr(cards, "find"):
        try:
            return cards[iid] if iid >= 0 or isinstance(cards, Mapping) else None
        except (IndexError, KeyError, TypeError):
            return None
    return None


class Voice:
    """How one viewer is spoken to: the language, the names of the players ("You" / "Opponent";
    ``names`` overrides them, e.g. "P0" / "P1" in a replay) and the card names."""

    def __init__(self, viewer: int | None, lang: str = "en", cards: Any = None,
                 names: Mapping[int, str] | None = None):
        self.viewer = viewer
        self.lang = lang if lang in ("en", "ja") else "en"
        self.cards = cards
        self.names = dict(names) if names else None
        self.cat = words()

    def t(self, key: str, /, **params: Any) -> str:
        return self.cat.t(key, self.lang, **params)

    def is_you(self, player: Any) -> bool:
        """True when ``player`` is the viewer and is called "You" (by default, or a name given as
        the word "You" itself, as the web table gives)."""
        return (self.viewer is not None and player == self.viewer
                and (self.names is None or player not in self.names
                     or self.names[player] == self.t("who.you")))

    def who(self, player: Any) -> str:
        if self.names is not None and player in self.names:
            return self.names[player]
        if not isinstance(player, int) or isinstance(player, bool):
            return str(player)
        if self.viewer is None or self.names is not None:
            return self.t("who.player", player=player)
        return self.t("who.you" if player == self.viewer else "who.opponent")

    def say(self, key: str, player: Any = None, /, **params: Any) -> str:
        """The sentence ``key`` about ``player``: its ``.you`` form when the player is the viewer
        and the table has one; ``{who}`` is the player's name."""
        if player is not None and self.is_you(player) and f"{key}.you" in self.cat:
            key = f"{key}.you"
        if player is not None:
            params.setdefault("who", self.who(player))
        return self.t(key, **params)

    def card(self, iid: Any = None, cid: Any = None) -> str:
        return card_label(lookup(self.cards, iid, cid), self.lang)

    def owned(self, label: str, owner: Any) -> str:
        """"your X" / "the opponent's X" / "P1's X" from the viewer's side."""
        if self.is_you(owner):
            return self.t("card.owned.you", card=label)
        if self.viewer is not None and self.names is None and owner != self.viewer:
            return self.t("card.owned.opponent", card=label)
        return self.t("card.owned", card=label, who=self.who(owner))


def who(player: Any, viewer: int | None, lang: str = "en", names: Mapping[int, str] | None = None) -> str:
    """How ``viewer`` calls ``player``: "You" / "Opponent" (あなた / 相手); "P0" for spectators."""
    return Voice(viewer, lang, names=names).who(player)


def result_text(winner: int | None, reason: Any, viewer: int | None, lang: str = "en",
                names: Mapping[int, str] | None = None) -> str:
    """How the game ended: "You won (main deck empty)", "Draw (...)"."""
    v = Voice(viewer, lang, names=names)
    return voice.result_line(v, winner, reason_text(reason, v.lang))


# --- events ----------------------------------------------------------------------------------

def narrate(event: Mapping[str, Any], viewer: int | None, lang: str = "en", cards: Any = None, *,
            names: Mapping[int, str] | None = None) -> str | None:
    """One event (as ``game.log.for_player(viewer)`` gives it) in words for ``viewer``; None for
    an event not worth a line (a shuffle). An event type without words shows as ``⟦event.x⟧``."""
    v = Voice(viewer, lang, cards, names)
    etype = str(event.get("type"))
    if etype in QUIET_EVENTS:
        return None
    fn = _NARRATORS.get(etype)
    if fn is not None:
        return fn(v, event)
    return v.say(f"event.{etype}", event.get("player"))


def _n_card(key: str = "card", idkey: str = "id"):
    def fn(v: Voice, ev: Mapping[str, Any]) -> str:
        return v.say(f"event.{ev['type']}", ev.get("player"), card=v.card(ev.get(key), ev.get(idkey)))
    return fn


def _n_draw(v: Voice, ev) -> str:
    if ev.get("card") is not None or ev.get("id") is not None:
        return v.say("event.draw.card", ev.get("player"), card=v.card(ev.get("card"), ev.get("id")))
    return v.say("event.draw", ev.get("player"))


def _n_mulligan(v: Voice, ev) -> str:
    n = ev.get("returned") or 0
    if not n:
        return v.say("event.mulligan.keep", ev.get("player"))
    return v.say("event.mulligan", ev.get("player"), count=n)


def _n_build(v: Voice, ev) -> str:
    card = lookup(v.cards, ev.get("card"), ev.get("id"))
    color = card.get("color") if isinstance(card, Mapping) else getattr(card, "color", None)
    return v.say("event.build", ev.get("player"), card=card_label(card, v.lang),
                 color=color_name(color, v.lang))


def _n_pay(v: Voice, ev) -> str:
    colors = ev.get("colors") or []
    return v.say("event.pay", ev.get("player"), count=len(ev.get("souls") or colors),
                 colors=join((color_name(c, v.lang) for c in colors), v.lang, "colors") or v.t("list.none"),
                 card=v.card(ev.get("card"), ev.get("id")))


def _n_change(v: Voice, ev) -> str:
    return v.say(f"event.{ev['type']}", ev.get("player"), card=v.card(ev.get("card"), ev.get("id")),
                 onto=v.card(ev.get("onto")))


def _n_leaderize(v: Voice, ev) -> str:
    return v.say("event.leaderize", ev.get("player"), card=v.card(ev.get("card"), ev.get("id")),
                 leader=v.card(ev.get("leader"), ev.get("leader_id")))


def _n_attack(v: Voice, ev) -> str:
    return v.say("event.attack", ev.get("player"), attacker=v.card(ev.get("attacker")), attack=ev.get("attack"))


def _n_defend(v: Voice, ev) -> str:
    return v.say("event.defend", ev.get("player"), defender=v.card(ev.get("defender")))


def _n_battle(v: Voice, ev) -> str:
    return v.t("event.battle", attacker=v.card(ev.get("attacker")), defender=v.card(ev.get("defender")),
               to_attacker=ev.get("damage_to_attacker"), to_defender=ev.get("damage_to_defender"))


def _n_count(field: str):
    def fn(v: Voice, ev) -> str | None:
        value = ev.get(field)
        count = len(value) if isinstance(value, (list, tuple)) else (value or 0)
        if not count and f"event.{ev['type']}.none" in v.cat:
            return v.say(f"event.{ev['type']}.none", ev.get("player"))
        return v.say(f"event.{ev['type']}", ev.get("player"), count=count)
    return fn


def _n_reveal(v: Voice, ev) -> str:
    key = "event.reveal.stop" if ev.get("stop") else "event.reveal"
    return v.say(key, ev.get("player"), card=v.card(ev.get("card"), ev.get("id")))


def _n_damage(v: Voice, ev) -> str:
    key = "event.damage.poison" if ev.get("why") == "poison" else "event.damage"
    return v.t(key, card=v.card(ev.get("card")), amount=ev.get("amount"), total=ev.get("total"))


def _n_modify(v: Voice, ev) -> str:
    amount = ev.get("amount") or 0
    return v.t("event.modify", card=v.card(ev.get("card")), amount=f"{amount:+d}",
               stat=stat_name(str(ev.get("stat")), v.lang) if ev.get("stat") in ("attack", "hp") else ev.get("stat"))


def _n_marker(v: Voice, ev) -> str:
    marker = str(ev.get("marker"))
    name = state_name(marker, v.lang, gloss=True) if f"state.{marker}" in v.cat else marker
    return v.t("event.marker" if ev.get("on") else "event.marker.off", card=v.card(ev.get("card")), marker=name)


def _n_leave_field(v: Voice, ev) -> str:
    why, to = ev.get("why"), ev.get("to")
    card = v.card(ev.get("card"), ev.get("id"))
    if why in ("retreat", "destroyed", "new_leader"):
        return v.t(f"event.leave_field.{why}", card=card)
    if to in ("hand", "deck", "discard"):
        return v.say(f"event.leave_field.{to}", ev.get("player"), card=card)
    return v.t("event.leave_field", card=card)


def _n_heal(v: Voice, ev) -> str:
    if not ev.get("damage"):
        return v.t("event.heal.all", card=v.card(ev.get("card")))
    return v.t("event.heal", card=v.card(ev.get("card")), damage=ev.get("damage"))


def _n_set_state(v: Voice, ev) -> str:
    state = state_name("on" if ev.get("on") else "off", v.lang)
    return v.t("event.set_state", card=v.card(ev.get("card")), state=state)


def _n_move(v: Voice, ev) -> str:
    to = ev.get("to")
    if "from" in ev:  # a card an effect moved between piles (a selector table)
        p = ev.get("player")
        dest = v.owned(zone_name(str(to), v.lang), p)
        if to == "deck":
            dest += v.t(f"event.move.{ev.get('position', 'top')}")
        params = dict(src=v.owned(zone_name(str(ev.get("from")), v.lang), p), dest=dest)
        if ev.get("card") is None and ev.get("id") is None:  # between hidden zones: which card is secret
            return v.t("event.move.from.hidden", **params)
        return v.t("event.move.from", card=v.card(ev.get("card"), ev.get("id")), **params)
    key = f"event.move.{to}" if to in ("hand", "deck") else "event.move"
    return v.say(key, ev.get("player"), card=v.card(ev.get("card"), ev.get("id")))


def _n_search(v: Voice, ev) -> str:
    p = ev.get("player")
    if not ev.get("took"):
        return v.say("event.search.none", p)
    if ev.get("card") is None and ev.get("id") is None:
        return v.say("event.search", p)
    card = v.card(ev.get("card"), ev.get("id"))
    return v.say("event.search.revealed" if ev.get("revealed") else "event.search.card", p, card=card)


def may_text(op: Any, lang: str = "en") -> str:
    """What an optional op does, as "you may ..." reads it ("draw cards")."""
    return words().get(f"may.{op}", lang) or t("may.other", lang)


def _n_trigger(v: Voice, ev) -> str:
    if "event" not in ev:  # a damage trigger (SN-A6)
        return v.say("event.trigger", ev.get("player"), card=v.card(ev.get("card"), ev.get("id")))
    # a triggered ability on the field (games/shironeko/triggers.py); a keyword's by its name
    card = lookup(v.cards, ev.get("card"), ev.get("id"))
    index = ev.get("ability")
    abilities = getattr(card, "abilities", ()) or ()
    kid = getattr(abilities[index], "keyword", "") if isinstance(index, int) and index < len(abilities) else ""
    kw = next((k for k in getattr(card, "keywords", ()) if k.id == kid), None) if kid else None
    if kw is not None:
        return v.say("event.trigger.keyword", ev.get("player"), card=v.card(ev.get("card"), ev.get("id")),
                     keyword=kw.label(v.lang), when=v.t(f"when.{ev.get('event')}"))
    return v.say("event.trigger.when", ev.get("player"), card=v.card(ev.get("card"), ev.get("id")),
                 when=v.t(f"when.{ev.get('event')}"))


def _n_place(v: Voice, ev) -> str:
    card = v.card(ev.get("card"), ev.get("id"))
    if ev.get("why") == "effect":
        return v.say("event.place.effect", ev.get("player"), card=card,
                     src=zone_name(str(ev.get("from")), v.lang))
    return v.say("event.place", ev.get("player"), card=card)


def _n_activate(v: Voice, ev) -> str:
    card = v.card(ev.get("card"), ev.get("id"))
    if ev.get("zone"):  # used from the hand or the discard pile (games/shironeko/costs.py)
        return v.say("event.activate.zone", ev.get("player"), card=card, zone=zone_name(str(ev["zone"]), v.lang))
    return v.say("event.activate", ev.get("player"), card=card)


def _n_mode(v: Voice, ev) -> str:
    text = ev.get("text") if v.lang == "ja" else (ev.get("text_en") or ev.get("text"))
    mode = text or v.t("action.mode.number", number=(ev.get("mode") or 0) + 1)
    return v.say("event.mode", ev.get("player"), card=v.card(ev.get("card"), ev.get("id")), mode=mode)


def _deck_of(v: Voice, whose: Any) -> str:
    return v.owned(zone_name("deck", v.lang), whose)


def _n_look(v: Voice, ev) -> str:
    """A look: how many cards, whose deck; the looker reads which (the event's private part)."""
    ids = ev.get("ids") or []
    cards = join((v.card(None, cid) for cid in ids), v.lang) if ids else ""
    if ev.get("zone"):  # a whole hand looked at
        return v.say("event.look_zone", ev.get("player"), count=ev.get("count"), cards=cards,
                     whose=v.owned(zone_name(ev["zone"], v.lang), ev.get("whose")))
    return v.say("event.look", ev.get("player"), count=ev.get("count"), whose=_deck_of(v, ev.get("whose")),
                 cards=cards)


def _n_look_rest(v: Voice, ev) -> str:
    return v.say("event.look_rest", ev.get("player"), count=ev.get("count"), whose=_deck_of(v, ev.get("whose")),
                 place=v.t(f"event.look_rest.{ev.get('to')}"))


def _n_optional(v: Voice, ev) -> str:
    return v.say("event.optional.yes" if ev.get("use") else "event.optional.no", ev.get("player"),
                 what=may_text(ev.get("op"), v.lang), card=v.card(ev.get("card")))


def _n_turn_start(v: Voice, ev) -> str:
    return v.say("event.turn_start", ev.get("player"), turn=ev.get("turn"))


def _n_phase(v: Voice, ev) -> str:
    return v.say("event.phase", ev.get("player"), phase=phase_name(ev.get("phase"), v.lang))


def _n_game_over(v: Voice, ev) -> str:
    return v.t("event.game_over", result=result_text(ev.get("winner"), ev.get("reason"), v.viewer, v.lang, v.names))


_NARRATORS = {
    "draw": _n_draw, "mulligan": _n_mulligan, "build": _n_build, "pay": _n_pay,
    "place": _n_place, "monster": _n_card(), "burst": _n_card(), "trigger": _n_trigger,
    "discard": _n_card(), "activate": _n_activate, "mill": _n_card(),
    "change": _n_change, "awaken": _n_change, "leaderize": _n_leaderize,
    "attack": _n_attack, "defend": _n_defend, "battle": _n_battle,
    "player_damage": _n_count("amount"), "damage_to_discard": _n_count("cards"),
    "recycle": _n_count("cards"), "ready_souls": _n_count("amount"),
    "reveal": _n_reveal, "damage": _n_damage, "modify": _n_modify, "marker": _n_marker,
    "leave_field": _n_leave_field, "heal": _n_heal, "set_state": _n_set_state, "move": _n_move,
    "search": _n_search, "optional": _n_optional, "mode": _n_mode, "look": _n_look, "look_rest": _n_look_rest,
    "shown": _n_card(), "turn_start": _n_turn_start, "phase": _n_phase, "game_over": _n_game_over,
}


# --- decisions -------------------------------------------------------------------------------

def prompt(decision: Mapping[str, Any] | None, viewer: int | None, lang: str = "en", cards: Any = None, *,
           obs: Mapping[str, Any] | None = None, names: Mapping[int, str] | None = None) -> str:
    """The decision (``observe(viewer)["decision"]``) in words: what the deciding player is asked,
    or what everyone else is told ("Opponent is deciding on a mulligan"). ``obs`` (the viewer's
    observation) gives current numbers such as the attacker's attack; ``cards`` names cards."""
    v = Voice(viewer, lang, cards if cards is not None else _views_of(obs), names)
    if not decision:
        return v.t("ui.no_decision")
    kind = str(decision.get("kind"))
    player = decision.get("player")
    mine = v.is_you(player)
    key = f"decision.{kind}" if mine else f"decision.{kind}.other"
    params: dict[str, Any] = {"who": v.who(player)}
    if kind == "mulligan":
        params["mulligan"] = term("mulligan", v.lang)
    elif kind == "main":
        params["phase"] = term("main_phase", v.lang)
    elif kind == "defend":
        iid = decision.get("attacker")
        unit = _unit_view(obs, iid)
        card = lookup(v.cards, iid)
        attack = unit.get("attack") if unit else (getattr(card, "attack", None) if card is not None else None)
        name = v.card(iid)
        params["attacker"] = v.t("card.with_attack", card=name, attack=attack) if attack is not None else name
    elif kind in ("target", "target_hidden"):
        params["source"] = v.card(decision.get("source"))
        op, to = decision.get("op"), decision.get("to")
        if op == "move" and isinstance(to, str):  # a selector table's move: where the cards go
            params["effect"] = v.t("effect.move_to", zone=zone_name(to, v.lang))
        elif op == "pay":  # a cost paid with chosen cards (games/shironeko/costs.py)
            params["effect"] = v.t("effect.pay_to", zone=zone_name(to, v.lang)) if isinstance(to, str) \
                else v.t("effect.pay")
        else:
            params["effect"] = v.cat.get(f"effect.{op}", v.lang) or v.t("effect.other")
        if mine and "remaining" in decision:  # a selector table choosing n: how many more
            return v.t(key, **params) + prompts.still_to_choose(v, decision)
    elif kind == "optional":
        params["source"] = v.card(decision.get("source"))
        params["what"] = may_text(decision.get("op"), v.lang)
    elif kind in ("choose_mode", "look_take", "look_order"):  # engine/choices.py
        params.update(source=v.card(decision.get("source")), count=decision.get("remaining") or 0,
                      remaining=decision.get("remaining") or 0)
        if kind == "choose_mode":
            params["count"] = decision.get("count") or 0
        elif kind == "look_take":
            params["dest"] = zone_name(str(decision.get("to")), v.lang)
            if mine and decision.get("up_to"):
                key = "decision.look_take.up_to"
        else:
            params["where"] = v.t(f"action.look_order.{decision.get('to')}") if decision.get("to") in (
                "top", "bottom") else ""
    elif kind == "trigger_order":
        params["trigger"] = term("trigger", v.lang)
    elif kind == "discard":
        params["count"] = decision.get("over") or 0
    elif kind == "search":
        params["filter"] = t("filter.table", v.lang) if decision.get("filtered") else \
            filter_text(decision.get("filter") or {}, v.lang)
    elif kind == "pay":
        paid = decision.get("paid") or []
        params.update(card=v.card(decision.get("card")), left=decision.get("left"),
                      cost=v.t("card.cost", color=color_name(decision.get("color"), v.lang), cost=decision.get("cost")),
                      paid=join((color_name(c, v.lang) for c in paid), v.lang) or v.t("list.none"))
    return v.t(key, **params)


def filter_text(flt: Mapping[str, Any], lang: str = "en") -> str:
    """What a search may take: "a card (character, level 1 or lower)"."""
    if not flt:
        return t("filter.any", lang)
    parts = []
    for k, value in flt.items():
        if k == "kind":
            parts.append(t("filter.kind", lang, kind=kind_name(value, lang)))
        elif k in ("color", "rune"):
            parts.append(t(f"filter.{k}", lang, color=color_name(value, lang)))
        elif k == "name":
            parts.append(t("filter.name", lang, name=value))
        elif k in ("max_level", "min_level"):
            parts.append(t(f"filter.{k}", lang, level=value))
    return t("filter.card", lang, parts=join(parts, lang))


def _views_of(obs: Mapping[str, Any] | None) -> dict[int, Mapping[str, Any]] | None:
    """Every card view with an instance id in an observation (to name the cards it shows)."""
    if not obs:
        return None
    out: dict[int, Mapping[str, Any]] = {}

    for c, _ in cards_in(obs, owner_field=False):
        if c.get("name"):
            out.setdefault(c["iid"], c)
    return out


def _unit_view(obs: Mapping[str, Any] | None, iid: Any) -> Mapping[str, Any] | None:
    for pv in (obs or {}).get("players") or []:
        for u in pv.get("characters") or []:
            if u.get("iid") == iid:
                return u
    return None


# --- actions ---------------------------------------------------------------------------------

def _unit(s, iid: Any):
    for ps in s.players:
        for u in ps.chars:
            if u.iid == iid:
                return u
        if ps.leader is not None and ps.leader.iid == iid:
            return ps.leader
    return None


def _attack_now(s, iid: Any) -> int:
    from . import flow as F
    u = _unit(s, iid)
    if u is not None and s.cards[u.iid].kind != "leader":
        return F.attack_of(s, u)
    return s.cards[iid].attack


def _cost_text(v: Voice, color: Any, cost: Any) -> str:
    return v.t("card.cost", color=color_name(color, v.lang), cost=cost)


def _card_params(v: Voice, s, a: Action) -> dict[str, Any]:
    """The values of a hand card's label: name, printed numbers and the cost of this use."""
    c = s.cards[a.card]
    params: dict[str, Any] = {"card": card_label(c, v.lang)}
    if a.type in ("place", "change", "awaken"):
        params["stats"] = v.t("card.stats", level=c.level, attack=c.attack, hp=c.hp)
        cost = c.cost if a.type == "place" else c.change_cost
        params["cost"] = _cost_text(v, c.color, cost)
        if a.type != "place":
            params["target"] = card_label(s.cards[a.target], v.lang)
            params["change"] = term("character_change", v.lang)
            params["awaken"] = term("awaken", v.lang)
    elif a.type == "burst":
        ab = c.abilities_of("burst")[0]
        params.update(cost=_cost_text(v, ab.color, ab.cost), burst=term("burst", v.lang))
    else:
        params.update(cost=_cost_text(v, c.color, c.cost), leaderize=term("leaderize", v.lang))
    return params


def _ability_text(v: Voice, s, iid: int, index: int) -> str:
    ab = s.cards[iid].abilities[index]
    text = ab.text if v.lang == "ja" else (ab.text_en or ab.text)
    return text or v.t("card.ability", number=index + 1)


def _target_label(v: Voice, s, iid: int) -> str:
    return v.owned(card_label(s.cards[iid], v.lang), s.owner[iid])


_DECIDER: Any = object()


def describe(s, a: Action, lang: str = "en", *, viewer: Any = _DECIDER,
             names: Mapping[int, str] | None = None) -> str:
    """The label of action ``a`` in state ``s`` (``game.describe``), from the side of ``viewer``
    (by default the player who decides now: "Target the opponent's X"; None: a spectator)."""
    if viewer is _DECIDER:
        viewer = s.decision.player if s.decision is not None else None
    v = Voice(viewer, lang, s.cards, names)
    typ = a.type
    key = f"action.{typ}"
    if typ in HAND_ACTIONS:
        return v.t(key, **_card_params(v, s, a))
    if typ == "attack":
        return v.t(key, attacker=card_label(s.cards[a.attacker], v.lang), attack=_attack_now(s, a.attacker))
    if typ == "activate":
        return v.t(key, card=card_label(s.cards[a.card], v.lang), ability=_ability_text(v, s, a.card, a.ability))
    if typ == "activate_card":  # from the hand or the discard pile (games/shironeko/costs.py)
        return v.t(key, card=card_label(s.cards[a.card], v.lang), ability=_ability_text(v, s, a.card, a.ability),
                   zone=zone_name(s.cards[a.card].abilities[a.ability].zone, v.lang))
    if typ == "mulligan_mark":
        return v.t(key, card=card_label(s.cards[a.card], v.lang), mulligan=term("mulligan", v.lang))
    if typ == "mulligan_done":
        p = s.decision.player if s.decision is not None else viewer
        n = len(s.players[p].mull_pick) if p is not None else 0
        return v.t(key, count=n) if n else v.t("action.mulligan_done.keep")
    if typ == "no_defense":
        attacker = (s.decision.info.get("attacker") if s.decision is not None else None)
        count = _attack_now(s, attacker) if isinstance(attacker, int) else 0
        return v.t(key, count=count)
    if typ == "defend":
        return v.t(key, defender=card_label(s.cards[a.defender], v.lang))
    if typ == "target":
        return v.t(key, target=_target_label(v, s, a.target))
    if typ == "trigger":
        return v.t(key, card=card_label(s.cards[a.card], v.lang), trigger=term("trigger", v.lang))
    if typ == "target_done":
        return v.t(key)
    if typ in ("discard", "search_pick"):
        return v.t(key, card=card_label(s.cards[a.card], v.lang))
    if typ == "optional":
        info = s.decision.info if s.decision is not None and s.decision.kind == "optional" else {}
        if a.get("use"):
            return v.t("action.optional.yes", what=may_text(info.get("op"), v.lang))
        return v.t("action.optional.no")
    if typ in ("mode", "look_take", "look_order"):
        return _choice_label(v, s, a)
    if typ == "pay":
        return v.t(key, color=color_name(a.color, v.lang))
    if typ == "pay_suggested":
        return v.t(key, souls=_suggested_text(s, v.lang))
    return v.t(key)  # end_turn, search_none; an unknown type shows as ⟦action.x⟧


def _choice_label(v: Voice, s, a: Action) -> str:
    """The label of a choice of engine/choices.py: a mode by its printed words, a card looked at
    by its name and where it goes."""
    info = s.decision.info if s.decision is not None else {}
    if a.type == "mode":
        modes = getattr(s.pending, "modes", ())
        i = a.get("mode")
        mode = modes[i] if isinstance(i, int) and i < len(modes) else None
        text = (mode.text if v.lang == "ja" else mode.text_en or mode.text) if mode is not None else ""
        return v.t("action.mode", mode=text or v.t("action.mode.number", number=(i or 0) + 1))
    card = card_label(s.cards[a.card], v.lang)
    if a.type == "look_take":
        shown = v.t("action.look_take.shown") if getattr(s.pending, "reveal", False) else ""
        return v.t("action.look_take", card=card, dest=zone_name(str(info.get("to")), v.lang), shown=shown)
    where = info.get("to")
    return v.t("action.look_order", card=card,
               where=v.t(f"action.look_order.{where}") if where in ("top", "bottom") else "")


def _suggested_text(s, lang: str) -> str:
    """The souls ``pay_suggested`` would turn OFF, e.g. "yellow, red, red" (黄・赤・赤)."""
    from . import payment as P
    from .cards import COLORS
    d, pending = s.decision, s.pending
    if d is None or d.kind != "pay" or pending is None:
        return t("list.none", lang)
    _, p, color, n, paid, _, _ = pending
    matched = P.is_matched(s.cards, paid, color)
    vec = P.suggested(s, p, color, n - len(paid), matched)
    return join((color_name(c, lang) for c, k in zip(COLORS, vec) for _ in range(k)), lang, "colors")


# --- menus -----------------------------------------------------------------------------------

def _path(v: Voice, s, a: Action) -> tuple[str, ...]:
    typ = a.type
    if typ in HAND_ACTIONS:
        params = _card_params(v, s, a)
        head = params["card"]
        if typ in ("change", "awaken"):
            return (head, v.t(f"menu.{typ}", **params), v.t("menu.onto", target=params["target"]))
        return (head, v.t(f"menu.{typ}", **params))
    if typ in ("attack", "activate"):
        iid = a.attacker if typ == "attack" else a.card
        label = card_label(s.cards[iid], v.lang)
        head = v.t("card.leader" if s.cards[iid].kind == "leader" else "card.on_field", card=label)
        if typ == "attack":
            return (head, v.t("menu.attack", attack=_attack_now(s, iid)))
        return (head, v.t("menu.activate", ability=_ability_text(v, s, iid, a.ability)))
    if typ == "activate_card":  # the card where it is, then its ability
        zone = zone_name(s.cards[a.card].abilities[a.ability].zone, v.lang)
        head = v.t("card.in_zone", card=card_label(s.cards[a.card], v.lang), zone=zone)
        return (head, v.t("menu.activate", ability=_ability_text(v, s, a.card, a.ability)))
    return (describe(s, a, v.lang, viewer=v.viewer),)


def _in_pile(s, iid: int) -> bool:
    """The card is in a pile (not a character or leader on the field)."""
    ps = s.players[s.owner[iid]]
    return ps.unit(iid) is None and (ps.leader is None or ps.leader.iid != iid)


def _same_card_param(s, a: Action) -> tuple:
    """What makes two actions different for the player: the card *id* of a card in a pile (hand,
    deck, damage area: copies are alike), the instance of a card on the field."""
    out = []
    for k, val in a.params:
        if k == "card" and a.type != "activate" and isinstance(val, int):
            out.append((k, s.cards[val].id))
        elif k == "target" and a.type == "target" and isinstance(val, int) and _in_pile(s, val):
            # a card of a pile chosen by a selector table: copies of one pile are alike
            out.append((k, (s.cards[val].id, s.owner[val])))
        else:
            out.append((k, val))
    return (a.type, tuple(out))


def menu(game, legal_actions: Sequence[Action], viewer: int | None,
         lang: str = "en") -> list[tuple[tuple[str, ...], Action]]:
    """The path of labels under which each legal action is offered, in the order given: for the
    main phase first the card ("X" in hand, "X (on the field)", "leader X"), then what it does
    (place, character change, use, attack, activate...), then the target ("onto Y"); other
    decisions have one step. Every action of ``legal_actions`` appears once; two actions that are
    the same for the player (two copies of a card in hand) have the same path, so a front end
    offers it once; different actions never share a path. ``viewer`` is the deciding player
    (the labels name the cards of their hand)."""
    s = game.state
    v = Voice(viewer, lang, s.cards)
    rows = [(_path(v, s, a), a) for a in legal_actions]
    # different actions whose labels coincide (two different cards of one name): name the card id
    return prompts.told_apart(rows, lambda a: _same_card_param(s, a),
                              lambda path, a: (f"{path[0]} [{_identity(s, a)}]",) + path[1:])


def _identity(s, a: Action) -> str:
    for k in ("card", "attacker", "defender", "target"):
        val = a.get(k)
        if isinstance(val, int):
            return s.cards[val].id
    return a.type


# --- why an option is missing ----------------------------------------------------------------

def why_not(game, viewer: int | None, lang: str = "en") -> list[str]:
    """For the current decision, a line for each thing ``viewer`` may expect to do but cannot,
    with the reason: a card in hand that cannot be played (cannot pay, no room, same name on the
    field, nothing to change onto, not the main phase), a character that cannot attack (placed
    this turn, OFF, already attacked), an ability that cannot be used. The rules give the
    reasons (``rules.unavailable``: games/shironeko/reasons.py); this phrases them, one line per
    card or ability joining its reasons, each line once."""
    s = game.state
    legal = game.legal_actions() if not s.over and s.decision is not None else []
    v = Voice(viewer, lang, s.cards)
    return prompts.once(_reason_line(v, s.cards, group)
                        for group in _reason_groups(game.rules.unavailable(s, viewer, legal)))


def _reason_groups(reasons: Sequence[Any]) -> list[list[Any]]:
    """The reasons in runs of one use (play, attack, ability), one card and one ability: each run
    is one line."""
    groups: list[list[Any]] = []
    for r in reasons:
        use = r.key.partition(".")[0] if "." in r.key else None
        head = groups[-1][0] if groups else None
        if use is not None and head is not None and head.key.partition(".")[0] == use and \
                head.card == r.card and head.params.get("ability") == r.params.get("ability"):
            groups[-1].append(r)
        else:
            groups.append([r])
    return groups


def _reason_line(v: Voice, cards: Sequence[Any], group: Sequence[Any]) -> str:
    """One line of a run of reasons: "<card> cannot be played: <why>, <why>" (attack, ability), or
    the words of a reason about the decision."""
    use, _, _ = group[0].key.rpartition(".")
    if not use:
        r = group[0]
        return v.t(f"why.{r.key}", **({"who": v.who(r.params["who"])} if "who" in r.params else {}))
    c = cards[group[0].card]
    whys = list(dict.fromkeys(_why(v, c, r) for r in group))
    return v.t(f"why.{use}", card=card_label(c, v.lang), reasons=join(whys, v.lang, "reasons"))


def _why(v: Voice, c: Any, r: Any) -> str:
    """The words of one reason about card ``c``."""
    why = r.key.partition(".")[2]
    p = r.params
    if why in ("souls", "change_souls"):
        return v.t(f"why.{why}", cost=p["cost"], count=p["count"]) if p["count"] else \
            v.t(f"why.{why}.none", cost=p["cost"])
    if why == "color":
        return v.t("why.color", color=color_name(p["color"], v.lang))
    if why == "runes":
        return v.t("why.runes", runes=join((color_name(x, v.lang) for x in p["runes"]), v.lang, "colors"))
    if why == "no_awaken_base":
        return v.t("why.no_awaken_base", name=c.name, level=p["level"])
    return v.t(f"why.{why}", **{k: val for k, val in p.items() if k != "ability"})


# --- rules primer ----------------------------------------------------------------------------

def rules_primer(lang: str = "en") -> str:
    """A short primer of the rules for a player: how to win, how a turn goes, costs, attacks,
    character change, runes, leaders and markers, then the game's terms (English: with the
    Japanese term after each)."""
    cat = words()
    lang = lang if lang in ("en", "ja") else "en"
    lines = [cat.t("rules.title", lang), ""]
    for section in PRIMER:
        lines.append(cat.t(f"rules.{section}", lang))
        lines.append("")
    # the terms: English with the Japanese term after each; Japanese with the English word
    names = []
    for name in TERMS:
        ja, en = cat.t(f"term.{name}", "ja"), cat.t(f"term.{name}", "en")
        names.append(cat.term(f"term.{name}", "en") if lang == "en" else
                     ja if ja == en else cat.t("rules.term_ja", "ja", term=ja, en=en))
    lines.append(cat.t("rules.terms", lang, terms=cat.t("sep.list", lang).join(names)))
    return "\n".join(lines)


def card_text(card: Any, lang: str = "en") -> str:
    """A card's printed text in ``lang``; for a card without one, its own abilities' texts (or a
    summary of them): the shared ``tcg.present.card_text`` (the deck builder's card texts); with
    its keywords' names and reminder texts (engine/keywords.py ``keyword_text``)."""
    from types import SimpleNamespace

    from ...engine.keywords import keyword_text
    from ...present import card_text as shared
    keywords = getattr(card, "keywords", ()) or ()
    if not keywords:
        return shared(card, lang)
    own = tuple(ab for ab in getattr(card, "abilities", ()) or () if not getattr(ab, "keyword", ""))
    printed = SimpleNamespace(text=getattr(card, "text", ""), text_en=getattr(card, "text_en", ""), abilities=own)
    return keyword_text(shared(printed, lang), keywords, lang)


__all__ = ["GAME", "QUIET_EVENTS", "Voice", "ability_name", "card_label", "card_text", "color_name",
           "describe", "filter_text", "join", "kind_name", "lookup", "menu", "narrate", "phase_name",
           "prompt", "reason_text", "result_text", "rules_primer", "stat_name", "state_name", "term",
           "who", "why_not", "words", "zone_name"]
