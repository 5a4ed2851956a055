"""What RUNE-TCG トゥルトゥルSTAGE (Turu-turu Stage) says, in Japanese and English: the game's
presentation layer (words only: no layout, no Rich). Every word comes from ``text.toml`` beside
this module (keys as in ``tcg.text``; the shared ``tcg/text.toml`` fills in who.you /
who.opponent, result.*, ui.*, reason.concede...); the functions here choose the key and fill the
sentence with the values of the rules, from one player's point of view. Front ends lay the
strings out (``terminal.py`` for the terminal).

Public functions (``lang`` is "en" or "ja"; ``viewer`` a seat or None for a spectator):

* ``describe(state, action, lang)``: the plain label of an action (``game.describe``);
* ``label(game, action, viewer, lang, actor=None)``: how an action reads in a list of choices,
  with what it does ("Stack X: Reboot (再起) · 2 seg → runs 0→2, 4 left after"), from the
  viewer's side even when the other player (the computer) takes it; ``hidden_label`` is what
  others are told of a secret choice (stacking a card: nothing at all, TT-T2);
* ``menu(game, legal_actions, viewer, lang)``: the path of labels under which each legal action
  is offered (a device, then where it goes; a card on the field, then its ability); copies of
  one card share a path;
* ``narrate(event, viewer, lang, cards)``: one event of ``game.log.for_player(viewer)`` as a line
  (None for a shuffle); ``lines(events, viewer, lang, cards)`` several, summarised (a player's
  draws in one line) and naming the card whose effect caused what follows it;
* ``prompt(decision, viewer, lang, obs=None, cards=None)``: who must decide what;
* ``why_not(game, viewer, lang)``: what the deciding player may expect to do now but cannot, and
  why (a card that is not a character cannot be stacked, one that would not fit in the segments
  left, a program with nothing to act on, a character placed this round cannot Attack...);
* ``rules_primer(lang)``: the rules in short, then the game's terms (English: each glossed);
* helpers for front ends: ``program_name``, ``program_short``, ``program_help``, ``program_kind``,
  ``kind_name``, ``phase_name``, ``state_name``, ``gender_name``, ``mount_text``, ``reason_text``,
  ``result_text``, ``card_label``, ``card_text``, ``ability_text``, ``stack_summary``,
  ``decision_source``.

The other player's programming is secret until both have finished (TT-T2): nothing here names
their stacked cards or says how many there are before the public ``programmed`` events; a
stacking of theirs reads as nothing at all (``hidden_label``).

``cards`` names the cards: a ``CardBook`` (the printed card set plus every card the viewer has
seen, by instance id; ``CardBook.for_game(game, viewer)`` also looks at the viewer's observation
when it meets a card it does not know, never at anything the viewer may not see), the game's
cards by instance id (``game.state.cards``: a referee's view) or just the card set (cards are then
named only when the event carries their id). ``names`` (optional) overrides how players are
called ("P0", a real name); by default the viewer is "You" / "あなた" and the other player
"Opponent" / "相手".

Events that lack the card that caused them: ``damage``, ``modify``, ``heal``, ``wake``, ``bed_in``
(from an effect), ``destroyed`` / ``returned`` (from an effect), ``mill``, ``draw`` (from an
effect), ``search`` and ``program_decoded`` (which decoder): ``lines`` names it from the events
before them (the application applied, the ability activated, the decoder run), and a caller
that knows it (the source of a ``target`` decision, ``decision_source``) passes it as
``source``. ``hp`` carries its source."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from ...present import prompts, voice
from ...present.prompts import event_card
from ...engine.action import Action
from ...present.lines import cap as _cap, card_text_by, fold, known_lang as _lang
from ...present.text import card_title, game_words
from .reasons import RUN_DECISIONS

GAME = "turutoru"
SEGMENTS = 6      # the profile's round.segments (observations carry it as "segments")
HAND_SIZE = 7     # start.hand_size
HAND_LIMIT = 7    # start.hand_limit
PROGRAM_KINDS = ("place", "reboot", "bed_in", "mount", "release", "apply", "attack", "fan_fire",
                 "library_draw", "activate", "effect", "decoder")

#: action types whose content only the acting player may see: stacking is face down and secret;
#: others are told nothing of it, not even that it happened (TT-T2); the mulligan is chosen by
#: both at once, so others learn the choice from its events, when both have chosen (TT-S2)
#: events not worth a line of their own
QUIET_EVENTS = frozenset({"shuffle"})
#: events that start what a card does (the events of its effects follow them)
SOURCE_EVENTS = frozenset({"apply", "activate", "effect", "trigger"})
#: events of choices (engine/choices.py) inside an effect: a mode chosen, the top of a deck looked at
#: events an effect may cause (named with the card whose effect it is, when known)
EFFECT_EVENTS = frozenset({"damage", "modify", "heal", "wake", "bed_in", "destroyed", "returned", "mill",
                           "draw", "search", "move", "place", "mode", "look", "look_rest", "reveal"})
#: events that neither start nor end an effect
NEUTRAL_EVENTS = frozenset({"shuffle", "hp", "optional"})
#: the event each action causes that only repeats the action line above it (or the events, any one)
ECHO: dict[str, Any] = {"place": "place", "mount": "mount", "release": "release", "apply": "apply", "activate": "activate",
        "effect": "effect", "activate_card": ("activate", "effect"), "use": "program_use", "discard": "discard", "bed_in": "bed_in",
        "search_pick": "search", "keep": "keep", "optional": "optional", "mode": "mode"}
#: the game terms in the order the primer lists them
TERMS = ("program", "segment", "programming", "program_area", "unresolved", "resolved", "discarded",
         "priority", "character", "device", "application", "field", "discard_pile", "power", "toughness",
         "awake", "asleep", "attack", "block", "summoning_sickness", "mulligan", "library_out",
         "attribute", "gender", "work", "draw_phase", "programming_phase", "main_phase", "prepare_phase",
         "end_phase")
#: the sections of the primer, in order
PRIMER = ("goal", "setup", "round", "programming", "segments", "order")


words, t, term = game_words(GAME)


# --- names of things ---------------------------------------------------------------------------------

def program_kind(label: Any) -> tuple[str, int]:
    """(kind, amount) of an observation's program label ("Place", "Bed In", "Library Draw 2",
    "Program Decoder"; the labels of ``Program.label()``)."""
    text = str(label or "").strip()
    amount = 0
    head, _, tail = text.rpartition(" ")
    if head and tail.isdigit():
        text, amount = head, int(tail)
    kind = text.lower().replace(" ", "_").replace("-", "_")
    if kind == "program_decoder":
        kind = "decoder"
    return kind, amount


def program_name(kind: Any, amount: int = 0, lang: str = "en", gloss: bool = True) -> str:
    """A program's name: "配置" (ja), "Place (配置)" (en, glossed), "Library Draw 2 (ライブラリドロー)"."""
    lang = _lang(lang)
    key = f"program.{kind}"
    if kind not in PROGRAM_KINDS:
        return t("program.unknown", lang)
    if lang == "ja" or not gloss:
        name = t(key, lang)
        return t("program.amount", lang, name=name, amount=amount) if amount else name
    if amount:
        return t("program.amount_glossed", lang, name=t(key, "en"), amount=amount, gloss=t(key, "ja"))
    return words().term(key, lang)


def program_label_name(label: Any, lang: str = "en", gloss: bool = True) -> str:
    """``program_name`` of an observation's program label."""
    kind, amount = program_kind(label)
    return program_name(kind, amount, lang, gloss)


def program_short(kind: Any, amount: int = 0, lang: str = "en") -> str:
    """A program's name for a timeline bar ("FanFire", "Draw2", "ファン")."""
    name = words().get(f"program.short.{kind}", _lang(lang)) or t("program.short.unknown", lang)
    return t("program.short.amount", lang, name=name, amount=amount) if kind == "library_draw" and amount else name


def program_help(kind: Any, lang: str = "en") -> str:
    """What a program does, in a line."""
    return words().get(f"program.help.{kind}", _lang(lang)) or ""


def programs_of(card: Any, lang: str = "en", gloss: bool = True, sep: str = "fmt.programs") -> str:
    """The programs a character card may run as: "Activate (起動型特殊能力) / Reboot (再起)"."""
    progs = getattr(card, "programs", ()) or ()
    return t(sep, lang).join(program_name(p.kind, getattr(p, "amount", 0), lang, gloss) for p in progs)


def kind_name(kind: Any, lang: str = "en", short: bool = False) -> str:
    key = f"kind.short.{kind}" if short else f"kind.{kind}"
    return words().get(key, _lang(lang)) or t("kind.unknown", lang)


def phase_name(phase: Any, lang: str = "en", gloss: bool = False) -> str:
    key = f"phase.{phase}"
    if key not in words():
        return str(phase or "")
    return words().term(key, _lang(lang)) if gloss else t(key, lang)


def state_name(state: str, lang: str = "en", gloss: bool = False) -> str:
    key = f"state.{state}"
    return words().term(key, _lang(lang)) if gloss else t(key, lang)


def gender_name(gender: Any, lang: str = "en") -> str:
    return words().get(f"gender.{gender}", _lang(lang)) or ""


def stat_name(stat: Any, lang: str = "en") -> str:
    return words().get(f"stat.{stat}", _lang(lang)) or str(stat or "")


def zone_name(zone: Any, lang: str = "en") -> str:
    return words().get(f"zone.{zone}", _lang(lang)) or str(zone or "")


def mount_text(card: Any, lang: str = "en") -> str:
    """Where a device goes: "on the field", "on a character", "on your character"..."""
    m = getattr(card, "mount", None) if not isinstance(card, Mapping) else card.get("mount")
    if not m:
        return ""
    on = getattr(card, "mount_on", None) if not isinstance(card, Mapping) else card.get("mount_on")
    if m == "character" and on in ("own", "opponent"):
        m = on
    return words().get(f"mount.{m}", _lang(lang)) or ""


def segments_text(n: Any, lang: str = "en") -> str:
    """ "2 seg" / "2セグメント"."""
    return t("stat.segments", lang, count=n)


def reason_text(reason: Any, lang: str = "en") -> str:
    """Why the game ended (hp, deck_out, concede, decision_limit, step_limit)."""
    key = "reason." + str(reason or "").replace(" ", "_")
    return words().get(key, _lang(lang)) or str(reason or "").replace("_", " ")


def pt_left(view: Mapping[str, Any] | None, lang: str = "en") -> str:
    """A character's power / toughness left now ("5/3"; with its damage: "5/2, 1 damage")."""
    if not view:
        return ""
    power = view.get("power_now", view.get("power", 0))
    tough = view.get("toughness_now", view.get("toughness", 0))
    dmg = view.get("damage") or 0
    if dmg:
        return t("stat.pt_damaged", lang, power=power, left=max(0, tough - dmg), damage=dmg)
    return t("stat.pt_left", lang, power=power, left=tough)


def card_label(card: Any, lang: str = "en") -> str:
    """A card's title (``card_title``: in English its English name first, the printed name after
    it). ``card`` is a printed card or a card view (a dict with name / name_en)."""
    if card is None:
        return t("fmt.a_card", lang)
    get = card.get if isinstance(card, Mapping) else (lambda k, d=None: getattr(card, k, d))
    name = get("name") or get("id")
    if not name:
        return t("fmt.a_card", lang)
    return card_title(name, get("name_en"), _lang(lang))


def ability_text(ab: Any, lang: str = "en", index: int = 0) -> str:
    """An ability's printed text (the Japanese one if there is no English)."""
    text = getattr(ab, "text", "") if lang == "ja" else (getattr(ab, "text_en", "") or getattr(ab, "text", ""))
    return text or t("fmt.ability_n", lang, number=getattr(ab, "index", index) + 1)


def ability_body(ab: Any, lang: str = "en") -> str:
    """An ability's text without its head ("Activate: " / "起動：")."""
    text = ability_text(ab, lang)
    for head in ("Activate:", "Effect:", "Apply:", "Static:", "起動：", "効果：", "アプライ：", "常時："):
        if text.startswith(head):
            return text[len(head):].strip()
    return text


def apply_text(card: Any, lang: str = "en") -> str:
    """What an application does, without its head: its ability's text, else the card's text."""
    abilities = getattr(card, "abilities", ()) or ()
    ab = abilities[0] if abilities else None
    text = (getattr(ab, "text", "") if lang == "ja" else (getattr(ab, "text_en", "") or getattr(ab, "text", ""))) \
        if ab is not None else ""
    if not text:
        text = getattr(card, "text", "") if lang == "ja" else (getattr(card, "text_en", "") or getattr(card, "text", ""))
    for head in ("Apply:", "アプライ："):
        if text.startswith(head):
            return text[len(head):].strip()
    return text


card_text = card_text_by(ability_text)


def stack_summary(pv: Mapping[str, Any] | None, cards: Any = None) -> tuple[int, int, int]:
    """(cards, segments used by the cards that fit, cards that do not fit) of a player's own
    stack (``observe(p)["players"][p]["programs"]``, with each card's start and fit)."""
    progs = (pv or {}).get("programs") or []
    used = sum(_seg(x, cards) for x in progs if x.get("fits", True))
    bad = sum(1 for x in progs if not x.get("fits", True))
    return len(progs), used, bad


def _seg(view: Mapping[str, Any], cards: Any = None) -> int:
    seg = view.get("segment")
    if isinstance(seg, int):
        return seg
    c = cards.find(view.get("id")) if cards is not None and hasattr(cards, "find") else None
    return getattr(c, "segment", 0) or 0


def may_text(op: Any, lang: str = "en", to: Any = None) -> str:
    """What an optional op does, as "you may ..." reads it ("draw cards"); a ``move`` by where
    its cards go (``to``)."""
    lang = _lang(lang)
    if op == "move" and to:
        got = words().get(f"may.move.{to}", lang)
        if got:
            return got
    return words().get(f"may.{op}", lang) or t("may.other", lang)


def filter_text(flt: Mapping[str, Any] | None, lang: str = "en") -> str:
    """What a search may take: "a card (work 星屑アカデミア, female)"."""
    if not flt:
        return t("filter.any", lang)
    parts = []
    for k, value in flt.items():
        if k == "work":
            parts.append(t("filter.work", lang, value=value))
        elif k == "gender":
            parts.append(t("filter.gender", lang, value=gender_name(value, lang)))
        elif k == "kind":
            parts.append(t("filter.kind", lang, value=kind_name(value, lang)))
    return t("filter.card", lang, parts=t("fmt.list", lang).join(parts))


# --- cards: naming them ---------------------------------------------------------------------------------

class CardBook(voice.CardBook):
    """Names the cards a viewer may know (``tcg.present.voice.CardBook``): the printed card set plus the
    cards seen so far (instance id -> id, names, kind, owner). A card's owner is the player whose
    part of the observation shows it (a device on another player's character is still its
    owner's); whose an instance is, is no secret."""

    OWNER_FIELDS = False


class Voice(voice.Voice):
    """How one viewer's lines read (``tcg.present.voice.Voice``): a card is named as ``card_label`` names
    it; an empty list reads "nothing"; a line starts with a capital at its first letter or digit."""

    game_id = GAME
    Book = CardBook

    def label(self, view: Any) -> str:
        return card_label(view, self.lang)

    def join(self, items: Iterable[str]) -> str:
        items = list(items)
        return self.t("fmt.list").join(items) if items else self.t("fmt.nothing")

    def cards(self, iids: Iterable[Any], owned: bool = False) -> str:
        return self.join(self.grouped((self.owned(i) if owned else self.card(i)) for i in iids or ()))

    def finish(self, text: str | None) -> str | None:
        """A finished line: a capital first letter in English (after a leading mark: "✗ Your")."""
        if not text or self.lang == "ja":
            return text
        for i, ch in enumerate(text):
            if ch.isalnum():
                return text[:i] + ch.upper() + text[i + 1:]
        return text


def who(player: Any, viewer: int | None, lang: str = "en", names: Mapping[int, str] | None = None) -> str:
    """How ``viewer`` calls ``player``: "You" / "Opponent" (あなた / 相手); "P0" for spectators."""
    return Voice(viewer, lang, names=names).who(player)


def result_text(winner: Any, reason: Any, viewer: int | None, lang: str = "en",
                names: Mapping[int, str] | None = None) -> str:
    """How the game ended: "Opponent wins (HP reached 0)", "Draw (...)"; when both lost at the
    same moment, the draw says why both did (TT-W3)."""
    v = Voice(viewer, lang, names=names)
    both = words().get(f"reason.both.{reason}", v.lang) if winner is None else None
    return voice.result_line(v, winner, reason_text(reason, v.lang), both)


# --- describe: the plain label of an action ----------------------------------------------------------------

_DECIDER: Any = object()


def _unit(s: Any, iid: Any):
    for ps in s.players:
        for u in ps.chars:
            if u.iid == iid:
                return u
    return None


def choice_text(s: Any, a: Action, info: Mapping[str, Any], T: Any, name: Any, lang: str) -> str:
    """A mode of a choose_one (its printed words), a card of a look to take or to put back next
    (engine/choices.py); ``T`` words a key, ``name`` names a card."""
    if a.type == "mode":
        modes = getattr(getattr(s, "pending", None), "modes", ())
        mode = modes[a.mode] if a.mode < len(modes) else None
        text = (mode.text if lang == "ja" else mode.text_en or mode.text) if mode is not None else ""
        return T("action.mode", n=a.mode + 1, text=text or T("fmt.effect_n", n=a.mode + 1))
    if a.type == "look_take":
        return T("action.look_take", card=name(a.card), dest=zone_name(info.get("to", "hand"), lang))
    return T("action.look_order", card=name(a.card), where=T(f"option.look_order.{info.get('to', 'bottom')}"))


def describe(s: Any, a: Action, lang: str = "en", *, viewer: Any = _DECIDER,
             names: Mapping[int, str] | None = None) -> str:
    """The plain label of action ``a`` in state ``s`` (``game.describe``), from the side of
    ``viewer`` (by default the player who decides now; None: a spectator)."""
    lang = _lang(lang)
    if viewer is _DECIDER:
        viewer = s.decision.player if s.decision is not None else None
    actor = s.decision.player if s.decision is not None else viewer
    v = Voice(viewer, lang, s.cards, names)
    typ = a.type
    if typ == "optional":  # "you may": yes or no
        info = s.decision.info if s.decision is not None and s.decision.kind == "optional" else {}
        if a.get("use"):
            return v.t("action.optional.yes", what=may_text(info.get("op"), lang, info.get("to")))
        return v.t("action.optional.no")
    key = f"action.{typ}"
    if key not in words():
        return t("action.hidden", lang)
    cards = s.cards

    def name(i: Any) -> str:
        return card_label(cards[i], lang) if isinstance(i, int) and 0 <= i < len(cards) else t("fmt.a_card", lang)

    def target(i: Any) -> str:
        if not isinstance(i, int) or not 0 <= i < len(cards):
            return t("fmt.a_card", lang)
        return v.t("fmt.owned", whose=v.whose(s.owner[i]), card=name(i))
    if typ == "mulligan":
        return v.t(key, count=HAND_SIZE)
    if typ == "stack":
        c = cards[a.card]
        return v.t(key, card=name(a.card), programs=programs_of(c, lang), segments=segments_text(c.segment, lang))
    if typ == "use":
        running = s.players[s.decision.player].running if s.decision is not None else None
        progs = cards[running].programs if running is not None else ()
        prog = progs[a.program] if 0 <= a.program < len(progs) else None
        return v.t(key, program=program_name(prog.kind, prog.amount, lang) if prog else t("program.unknown", lang))
    if typ == "place":
        c = cards[a.card]
        stats = t("fmt.sep", lang).join((t("stat.pt", lang, power=c.power, toughness=c.toughness),
                                          segments_text(c.segment, lang)))
        return v.t(key, card=name(a.card), stats=stats)
    if typ == "bed_in":
        return v.t(key, target=target(a.card))
    if typ == "mount":
        own = v.own(actor)
        where = v.t("action.mount.field", own=own) if a.target < 0 else v.t("action.mount.on", target=target(a.target))
        return v.t(key, card=name(a.card), where=where)
    if typ == "release":
        return v.t(key, card=name(a.card), own=v.own(actor))
    if typ == "apply":
        text = apply_text(cards[a.card], lang)
        return v.t(key, card=name(a.card), text=v.t("fmt.colon", text=text) if text else "")
    if typ == "run":
        d = s.decision
        return v.t(key, count=(d.info or {}).get("amount", 0) if d is not None else 0)
    if typ in ("activate", "effect", "activate_card"):
        ab = cards[a.card].abilities[a.ability]
        return v.t(key, card=name(a.card), ability=ability_body(ab, lang), zone=t(f"from_zone.{ab.zone}", lang))
    if typ == "target":
        return v.t(key, target=target(a.target))
    if typ in ("mode", "look_take", "look_order"):
        info = (s.decision.info or {}) if s.decision is not None else {}
        return choice_text(s, a, info, v.t, name, lang)
    if typ in ("pick", "block", "assign", "discard", "search_pick"):
        return v.t(key, card=name(a.card))
    return v.t(key)  # keep, finish_program, skip, done, search_none


def hidden_label(action: Any, lang: str = "en") -> str:
    """What other players are told of a choice they may not see: of a stacked card, nothing at
    all (an empty label: the step is not shown; TT-T2); of a mulligan choice, that it is made
    (its events tell which once both players have chosen, TT-S2)."""
    kind = getattr(action, "type", None)
    if kind == "stack":
        return ""
    if kind in ("keep", "mulligan"):
        return t("hidden.mulligan", lang)
    if kind in ("target", "target_done"):  # a choice among the chooser's own hidden cards
        return t("hidden.target", lang)
    if kind in ("look_take", "look_done", "look_order"):  # among the cards of a look (engine/choices.py)
        return t("hidden.look", lang)
    return t("action.hidden", lang)


# --- what a decision is about -----------------------------------------------------------------------------

def _source_event(events: Sequence[Mapping[str, Any]]) -> tuple | None:
    for ev in reversed(events):
        kind = ev.get("type")
        if kind in SOURCE_EVENTS:
            return (ev.get("card"), ev.get("id"))
        if kind not in EFFECT_EVENTS and kind not in NEUTRAL_EVENTS:
            return None
    return None


def decision_source(game: Any) -> tuple | None:
    """(instance id, card id or None) of the card whose effect the current decision continues:
    the source of a ``target`` decision, the application whose search asks a player to take a
    card; None for other decisions."""
    d = game.decision
    if d is None:
        return None
    info = d.info or {}
    if d.kind in ("target", "target_hidden", "choose_mode", "look_take", "look_order") \
            and isinstance(info.get("source"), int):
        return (info["source"], None)
    if d.kind == "search":
        try:
            events = game.log[max(0, len(game.log) - 30):]
        except Exception:  # noqa: BLE001
            return None
        return _source_event(events)
    return None


# --- options: the actions as a player's choices -------------------------------------------------------------

class _Scene:
    """What the viewer sees when a choice is made: their observation, the card views by instance
    id (with their owner, zone and position), the actor's own stack. Builds labels and menu steps."""

    def __init__(self, game: Any, viewer: int | None, lang: str, actor: int | None = None,
                 names: Mapping[int, str] | None = None, cards: Any = None):
        self.game = game
        self.s = game.state
        d = game.decision
        self.d = d
        self.actor = actor if actor is not None else (d.player if d is not None else viewer)
        self.viewer = viewer
        book = cards if isinstance(cards, CardBook) else CardBook.for_game(game, viewer)
        self.v = Voice(viewer, lang, book, names)
        self.lang = self.v.lang
        self.obs = game.observe(viewer)
        self.v.book.see(self.obs)
        self.views = _views(self.obs)
        players = self.obs.get("players") or []
        a = self.actor
        self.mine = a is not None and a == viewer
        self.me = players[a] if self.mine and isinstance(a, int) and a < len(players) else None
        self.segments = self.obs.get("segments") or SEGMENTS
        self.cards = getattr(getattr(game, "rules", None), "cards", None)

    def name(self, iid: Any) -> str:
        v = self.views.get(iid)
        if v is not None:
            return card_label(v, self.lang)
        try:
            return card_label(self.s.cards[iid], self.lang)  # a card of the actor's own choice
        except (IndexError, TypeError):
            return self.v.t("fmt.a_card")

    def unit(self, iid: Any, own: bool = False) -> str:
        """ "Opponent's #2 X (2/2)": a character on the field, numbered as in its field table, with
        its power / toughness left."""
        v = self.views.get(iid)
        if v is None or v.get("zone") != "characters":
            return self.name(iid)
        card, pt = card_label(v, self.lang), pt_left(v, self.lang)
        if own:  # the actor's own character, where only theirs can be meant
            return self.v.t("fmt.unit_own", pos=v.get("pos"), card=card, pt=pt)
        return self.v.t("fmt.unit", whose=self.v.whose(v.get("owner")), pos=v.get("pos"), card=card, pt=pt)

    def zoned(self, iid: Any) -> str:
        """A card a selector may choose: a character on the field as ``unit`` names it, a card
        elsewhere with whose it is and its zone ("Opponent's X (Discard)")."""
        v = self.views.get(iid)
        if v is None or v.get("zone") == "characters":
            return self.unit(iid)
        zone = _ZONE_OF_VIEW.get(v.get("zone"), "")
        name = self.v.t("fmt.owned", whose=self.v.whose(v.get("owner")), card=self.name(iid))
        return name + (self.v.t("fmt.paren", text=zone_name(zone, self.lang)) if zone else "")

    def running(self) -> Mapping[str, Any]:
        players = self.obs.get("players") or []
        p = self.d.player if self.d is not None else None
        return (players[p].get("running") or {}) if isinstance(p, int) and p < len(players) else {}

    def stack_label(self, a: Action) -> str:
        c = self.s.cards[a.card]
        T = self.v.t
        params = dict(card=self.name(a.card), programs=programs_of(c, self.lang),
                      chosen=T("action.stack.chosen") if len(c.programs) > 1 else "",
                      segments=segments_text(c.segment, self.lang))
        if self.me is None:
            return describe(self.s, a, self.lang, viewer=self.viewer, names=self.v.names)
        _, _, bad = stack_summary(self.me, self.cards)
        start = sum(_seg(x, self.cards) for x in self.me.get("programs") or [])
        n = self.segments
        if bad:
            return T("action.stack.below", **params)
        if start >= n:
            return T("action.stack.full", **params)
        if start + c.segment > n:
            return T("action.stack.wont_fit", left=n - start, **params)
        return T("action.stack.plan", start=start, end=start + c.segment, left=n - start - c.segment, **params)

    def label(self, a: Action) -> str:
        """How ``a`` of the actor reads for the viewer."""
        typ = a.type
        T = self.v.t
        d = self.d
        kind = d.kind if d is not None else None
        info = (d.info or {}) if d is not None else {}
        s = self.s
        if not self.mine and self.game.secret_choice():
            return hidden_label(a, self.lang)
        if typ == "stack":
            return self.stack_label(a)
        if typ == "finish_program":
            if self.me is None:
                return T("action.finish_program")  # nothing of their stack is told
            n, used, bad = stack_summary(self.me, self.cards)
            if n == 0:
                return T("action.finish_program.empty")
            text = T("action.finish_program.count", count=n, used=used, segments=self.segments)
            return text + (T("action.finish_program.overflow", count=bad) if bad else "")
        if typ == "use":
            labels = self.running().get("programs") or []
            if isinstance(a.get("program"), int) and a.program < len(labels):
                k, amount = program_kind(labels[a.program])
                if not self.mine:  # what it does is said to its owner ("your characters")
                    return T("action.use", program=program_name(k, amount, self.lang))
                return T("action.use.help", program=program_name(k, amount, self.lang),
                         help=program_help(k, self.lang))
        if typ == "pick":
            v = self.views.get(a.card)
            ref = self.unit(a.card, own=True)
            if kind == "attackers":
                if info.get("program") == "fan_fire" and v is not None:
                    p, tg = v.get("power_now", 0), v.get("toughness_now", 0) - (v.get("damage") or 0)
                    return T("action.pick.fan_fire", card=self.v.t("fmt.unit_bare", pos=v.get("pos"), card=self.name(a.card)),
                             pt=t("stat.pt", self.lang, power=p, toughness=tg),
                             half=t("stat.pt", self.lang, power=(p + 1) // 2,
                                    toughness=(v.get("toughness_now", 0) + 1) // 2 - (v.get("damage") or 0)))
                return T("action.pick.attack", card=ref)
            if kind == "reboot":
                awake = v is not None and v.get("awake")
                return T("action.pick.reboot_awake" if awake else "action.pick.reboot", card=ref)
        if typ == "done":
            chosen = [self.name(i) for i in self.obs.get("selected") or []] if self.mine else []
            if not self.mine:
                key = {"block": "action.done.choosing_blockers",
                       "attackers": "action.done.choosing_attackers"}.get(kind, "action.done")
                return T(key)
            if kind == "attackers" and chosen:
                return T("action.done.attackers", cards=self.v.join(chosen))
            if kind == "reboot" and chosen:
                return T("action.done.reboot", cards=self.v.join(chosen))
            if kind == "block":
                if chosen:
                    return T("action.done.block", cards=self.v.join(chosen))
                att = self.views.get(info.get("attacker"))
                if att is not None:
                    return T("action.done.no_block", count=att.get("power_now", 0), own=self.v.own(self.actor))
                return T("action.done.no_block_unknown")
            return T("action.done")
        if typ == "block":
            return T("action.block", card=self.unit(a.card, own=True))
        if typ == "assign":
            return T("action.assign", card=self.unit(a.card))
        if typ == "bed_in":
            return T("action.bed_in", target=self.unit(a.card))
        if typ == "target":
            return T("action.target", target=self.zoned(a.target))
        if typ in ("mode", "look_take", "look_order"):
            return self.choice_label(a, info)
        if typ == "mount":
            return T("action.mount", card=self.name(a.card), where=self.mount_where(a))
        # place, apply, release, discard, search_pick, activate, effect, keep, mulligan, skip, run...
        return describe(s, a, self.lang, viewer=self.viewer, names=self.v.names)

    def choice_label(self, a: Action, info: Mapping[str, Any]) -> str:
        """A mode of a choose_one or a card of a look (``choice_text``)."""
        return choice_text(self.s, a, info, self.v.t, self.name, self.lang)

    def mount_where(self, a: Action) -> str:
        if a.target < 0:
            return self.v.t("action.mount.field", own=self.v.own(self.actor))
        return self.v.t("action.mount.on", target=self.unit(a.target))

    def step(self, a: Action) -> tuple[str, ...]:
        """The menu path of ``a``: a device, then where it goes; a card on the field, then its
        ability; one step for everything else."""
        typ = a.type
        if typ == "mount":
            return (self.v.t("action.mount", card=self.name(a.card), where="").rstrip(" ：:"),
                    self.mount_where(a))
        if typ in ("activate", "effect", "activate_card"):
            c = self.s.cards[a.card]
            zone = t(f"from_zone.{c.abilities[a.ability].zone}", self.lang)
            return (self.v.t(f"action.{typ}", card=self.name(a.card), ability="", zone=zone).rstrip(" ：:"),
                    ability_body(c.abilities[a.ability], self.lang))
        return (self.label(a),)


#: the zone of a card view (``_views``) as ``zone_name`` names it
_ZONE_OF_VIEW = {"hand": "hand", "discard": "discard", "resolved": "resolved", "programs": "programs",
                 "devices": "devices", "attached": "devices"}


def _views(obs: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """Every card view of an observation by instance id, with its owner, zone and position."""
    out: dict[int, dict[str, Any]] = {}
    for pv in obs.get("players") or []:
        for zone in ("hand", "characters", "devices", "resolved", "discard", "programs"):
            for k, v in enumerate(pv.get(zone) or [], 1):
                out[v["iid"]] = {**v, "owner": pv.get("player"), "zone": zone, "pos": k}
                for d in v.get("devices") or []:
                    out[d["iid"]] = {**d, "owner": pv.get("player"), "zone": "attached", "holder": v["iid"]}
        if pv.get("running"):
            r = pv["running"]
            out.setdefault(r["iid"], {**r, "owner": pv.get("player"), "zone": "running"})
    return out


def label(game: Any, action: Any, viewer: int | None, lang: str = "en", actor: int | None = None,
          names: Mapping[int, str] | None = None, cards: Any = None) -> str:
    """How ``action`` of ``actor`` (by default the deciding player) reads for ``viewer``, asked
    before it is applied; a secret choice of another player reads as ``hidden_label``."""
    return prompts.action_label(game, action, viewer, actor, lambda: hidden_label(action, lang),
                                lambda who: _Scene(game, viewer, lang, who, names, cards).label(action),
                                lambda: describe(game.state, action, lang, viewer=viewer, names=names))


def _alike(s: Any, a: Any) -> tuple:
    """What makes two actions different for the player: the card *id* of a card in the hand or
    the deck (copies are alike), the instance of a card on the field."""
    out = []
    for k, val in a.params:
        if k == "card" and a.type in ("stack", "place", "apply", "discard", "search_pick", "mount") \
                and isinstance(val, int):
            out.append((k, s.cards[val].id))
        else:
            out.append((k, val))
    return (a.type, tuple(out))


def menu(game: Any, legal_actions: Sequence[Any], viewer: int | None,
         lang: str = "en") -> list[tuple[tuple[str, ...], Any]]:
    """The path of labels under which each legal action is offered, in the order given: a device,
    then where it is mounted; a card on the field, then the ability it uses; other choices in one
    step (a card to stack, a program to run, a character to place, attack with or block with...).
    Every action of ``legal_actions`` appears once; two actions that are the same for the player
    (two copies of a card in hand) have the same path, so a front end offers it once; different
    actions never share a path. ``viewer`` is the deciding player."""
    s = game.state
    scene = _Scene(game, viewer, lang, viewer)
    rows = [(scene.step(a), a) for a in legal_actions]
    # different cards with one name: tell them apart by card id
    return prompts.told_apart(rows, lambda a: _alike(s, a), lambda path, a: (
        scene.v.t("fmt.card_id", card=path[0], id=_identity(s, a, scene.views)),) + path[1:])


def _identity(s: Any, a: Any, views: Mapping[int, Mapping[str, Any]] | None = None) -> str:
    """What tells two same-named cards apart in a menu: a character's number on its field ("#2",
    as the table numbers it), else the card id (and instance)."""
    for k in ("card", "target"):
        val = a.get(k)
        view = (views or {}).get(val) if isinstance(val, int) else None
        if view is not None and view.get("zone") == "characters" and view.get("pos"):
            return f"#{view['pos']}"
        if isinstance(val, int) and 0 <= val < len(s.cards):
            return f"{s.cards[val].id}#{val}" if a.type not in ("stack", "place", "apply", "discard",
                                                                "search_pick", "mount") else s.cards[val].id
    return a.type


# --- events ---------------------------------------------------------------------------------------------------

def _ability_tail(v: Voice, ev: Mapping[str, Any], kind: str) -> str:
    c = v.book.card_of(ev.get("card"), ev.get("id"))
    abilities = getattr(c, "abilities", ()) or ()
    if kind == "apply":
        text = apply_text(c, v.lang) if c is not None else ""
        return v.t("fmt.colon", text=text) if text else ""
    else:
        index = ev.get("ability", 0)
        ab = abilities[index] if isinstance(index, int) and index < len(abilities) else None
    return v.t("fmt.colon", text=ability_body(ab, v.lang)) if ab is not None else ""


def _keyword_of(card: Any, index: Any) -> Any:
    """The keyword (engine/keywords.py) the card's ability ``index`` comes from, or None."""
    abilities = getattr(card, "abilities", ()) or ()
    ab = abilities[index] if isinstance(index, int) and 0 <= index < len(abilities) else None
    kid = getattr(ab, "keyword", "")
    return next((k for k in getattr(card, "keywords", ()) if k.id == kid), None) if kid else None


def _n_draw(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    card = event_card(v, ev)
    if ev.get("card") is not None or ev.get("id") is not None:
        return v.say("event.draw.card", p, card=card(), source=v.source(src))
    return v.say("event.draw", p, source=v.source(src))


def _n_mulligan(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    return v.say("event.mulligan", p, count=ev.get("returned", 0))


def _n_round_start(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    return T("event.round_start", round=ev.get("round"))


def _n_programmed(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    return v.say("event.programmed", p, count=ev.get("count", 0))


def _n_phase(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    ctx = ctx if ctx is not None else {}
    ph = ev.get("phase")
    name = _cap(phase_name(ph, v.lang, gloss=True)) if v.lang != "ja" else phase_name(ph, v.lang)
    if ph == "main":
        return T("event.phase.main", phase=name, segments=ctx.get("segments", SEGMENTS))
    if ph == "prepare":
        return T("event.phase.prepare", phase=name, limit=ctx.get("limit", HAND_LIMIT))
    return T("event.phase", phase=name)


def _n_programs_overflow(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    ctx = ctx if ctx is not None else {}
    names = v.join(v.card(i, c) for i, c in zip(ev.get("cards") or [], ev.get("ids") or []))
    return T("event.programs_overflow", whose=v.whose(p), cards=names, start=ev.get("start", 0),
             segments=ctx.get("segments", SEGMENTS))


def _n_program_reveal(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    card = event_card(v, ev)
    return v.say("event.program_reveal", p, start=ev.get("start", 0), card=card(),
                 cost=segments_text(ev.get("cost", 0), v.lang))


def _n_program_use(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    ctx = ctx if ctx is not None else {}
    if ev.get("program") == "decoder":
        ctx["decoder"] = (ev.get("card"), ev.get("id"))
    return v.say("event.program_use", p, program=_event_program(v, ev))


def _n_program_resolved(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    kind = ev.get("type")
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    return T(f"event.{kind}", whose=v.whose(p), program=_event_program(v, ev), card=card(),
             segments=segments_text(ev.get("segments", 0), v.lang), next=ev.get("next", 0))


def _n_program_discarded(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    if ev.get("program"):
        return T("event.program_discarded", whose=v.whose(p), program=_event_program(v, ev), card=card())
    return T("event.program_discarded.unrun", whose=v.whose(p), card=card())


def _n_program_decoded(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    ctx = ctx if ctx is not None else {}
    dec = ctx.pop("decoder", None)
    decoder = T("fmt.by_decoder", card=v.card(*dec)) if dec else ""
    return T("event.program_decoded", whose=v.whose(p), card=card(), decoder=decoder)


def _n_place(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    if ev.get("why") == "effect":  # a move to the field (engine/select.py tables)
        return T("event.place.effect", card=card(), whose=v.whose(p), zone=zone_name(ev.get("from"), v.lang),
                 source=v.source(src))
    return v.say("event.place", p, card=card())


def _n_trigger(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    """A triggered ability resolves (games/turutoru/triggers.py)."""
    p = ev.get("player")
    T = v.t
    owner = v.book.owner(ev.get("card"))
    whose = v.whose(owner if owner is not None else p)
    when = words().get(f"when.{ev.get('event')}", v.lang) or ""
    kw = _keyword_of(v.book.card_of(ev.get("card"), ev.get("id")), ev.get("ability"))
    if kw is not None:  # an ability of a keyword (engine/keywords.py): named by it
        return T("event.trigger.keyword", whose=whose, card=v.card(ev.get("card")), keyword=kw.label(v.lang),
                 when=when)
    return T("event.trigger", whose=whose, card=v.card(ev.get("card")), when=when)


def _n_optional(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    return T("event.optional.yes" if ev.get("use") else "event.optional.no", who=v.who(p),
             what=may_text(ev.get("op"), v.lang, ev.get("to")), card=v.card(ev.get("card")))


def _n_move(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    src_zone, dest = zone_name(ev.get("from"), v.lang), zone_name(ev.get("to"), v.lang)
    if ev.get("to") == "deck":
        dest += T(f"event.move.{ev.get('position', 'top')}")
    if ev.get("card") is None:  # between zones the viewer may not see: which card is a secret
        return T("event.move.hidden", whose=v.whose(p), src=src_zone, dest=dest, source=v.source(src))
    devs = ev.get("devices") or []
    devices = T("event.destroyed.devices", cards=v.cards(devs)) if devs else ""
    return T("event.move", card=card(), whose=v.whose(p), src=src_zone, dest=dest, devices=devices,
             source=v.source(src))


def _n_reboot(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    return v.say("event.reboot", p, cards=v.cards(ev.get("cards")))


def _n_bed_in(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    kind = ev.get("type")
    T = v.t
    return T(f"event.{kind}", card=v.owned(ev.get("card")), source=v.source(src))


def _n_mount(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    on = ev.get("on")
    where = T("event.mount.field") if not isinstance(on, int) or on < 0 else \
        T("event.mount.on", target=v.owned(on))
    return v.say("event.mount", p, card=card(), where=where)


def _n_mode(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    """A mode of a choose_one chosen (engine/choices.py)."""
    text = ev.get("text") if v.lang == "ja" else ev.get("text_en") or ev.get("text")
    return v.t("event.mode", who=v.who(ev.get("player")), card=event_card(v, ev)(),
               text=text or v.t("fmt.effect_n", n=ev.get("mode", 0) + 1))


def _n_look(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    """The top of a deck (or a hand) looked at, the cards named to the looker alone; the rest put back."""
    return prompts.look_line(v, ev, lambda seen: v.t("fmt.colon", text=v.join(seen)),
                             lambda zone: v.t(f"from_zone.{zone}"))


def _n_apply(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    kind = ev.get("type")
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    if ev.get("zone"):  # used from the hand or the discard pile (games/turutoru/costs.py)
        return v.say(f"event.{kind}.zone", p, card=card(), zone=T(f"from_zone.{ev['zone']}"),
                     text=_ability_tail(v, ev, kind))
    return v.say(f"event.{kind}", p, card=card(), text=_ability_tail(v, ev, kind))


def _n_attack(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    key = "event.attack.fan_fire" if ev.get("fan_fire") else "event.attack"
    return v.say(key, p, attacker=v.card(ev.get("attacker")), power=ev.get("power"),
                 toughness=ev.get("toughness"))


def _n_unblocked(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    return T("event.unblocked", attacker=v.owned(ev.get("attacker")))


def _n_blocked(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    return T("event.blocked", attacker=v.owned(ev.get("attacker")), blockers=v.cards(ev.get("blockers")))


def _n_clash(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    rest = "".join(T("event.clash.blocker", card=v.card(int(k)), count=n)
                   for k, n in (ev.get("to_blockers") or {}).items())
    return T("event.clash", attacker=v.owned(ev.get("attacker")), count=ev.get("to_attacker", 0), rest=rest)


def _n_hp(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    change = ev.get("change", 0) or 0
    source = ev.get("source")
    frm = T("event.hp.from", card=v.owned(source)) if isinstance(source, int) else v.source(src)
    if change >= 0:
        return v.say("event.hp.gain", p, count=change, hp=ev.get("hp"), source=frm)
    return v.say("event.hp", p, count=-change, hp=max(0, ev.get("hp") or 0), source=frm)  # what is left


def _n_destroyed(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    kind = ev.get("type")
    p = ev.get("player")
    T = v.t
    card = event_card(v, ev)
    devs = ev.get("devices") or []
    devices = T("event.destroyed.devices", cards=v.cards(devs)) if devs else ""
    name = T("fmt.owned", whose=v.whose(p), card=card()) if isinstance(p, int) else card()
    if kind == "returned":
        return T("event.returned", card=name, whose=v.whose(p), devices=devices, source=v.source(src))
    key = "event.destroyed.moved" if ev.get("why") == "moved" else "event.destroyed"
    return T(key, card=name, devices=devices, source=v.source(src))


def _n_damage(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    return T("event.damage", card=v.owned(ev.get("card")), count=ev.get("amount", 0), total=ev.get("total", 0),
             source=v.source(src))


def _n_modify(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    return T("event.modify", card=v.owned(ev.get("card")), amount=f"{ev.get('amount', 0):+d}",
             stat=stat_name(ev.get("stat"), v.lang), source=v.source(src))


def _n_heal(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    if not ev.get("damage"):
        return T("event.heal.all", card=v.owned(ev.get("card")), source=v.source(src))
    return T("event.heal", card=v.owned(ev.get("card")), count=ev.get("damage"), source=v.source(src))


def _n_discard(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    card = event_card(v, ev)
    ctx = ctx if ctx is not None else {}
    return v.say("event.discard", p, card=card(), limit=ctx.get("limit", HAND_LIMIT))


def _n_resolved_to_hand(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    p = ev.get("player")
    T = v.t
    return T("event.resolved_to_hand", whose=v.whose(p), cards=v.cards(ev.get("cards")))


def _n_game_over(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    T = v.t
    return T("event.game_over", result=result_text(ev.get("winner"), ev.get("reason"), v.viewer, v.lang,
                                                   v.names))


#: the narrator of each event type
_NARRATORS: dict[str, Callable[..., str | None]] = {
    "draw": _n_draw, "mulligan": _n_mulligan, "round_start": _n_round_start, "programmed": _n_programmed,
    "phase": _n_phase, "programs_overflow": _n_programs_overflow, "program_reveal": _n_program_reveal,
    "program_use": _n_program_use, "program_resolved": _n_program_resolved,
    "program_spent": _n_program_resolved, "program_discarded": _n_program_discarded,
    "program_decoded": _n_program_decoded, "place": _n_place, "trigger": _n_trigger, "optional": _n_optional,
    "move": _n_move, "reboot": _n_reboot, "bed_in": _n_bed_in, "wake": _n_bed_in, "mount": _n_mount,
    "release": prompts.said("event.release", card=True), "mode": _n_mode, "look": _n_look,
    "look_rest": _n_look, "reveal": prompts.reveal_line, "apply": _n_apply, "activate": _n_apply,
    "effect": _n_apply, "attack": _n_attack, "unblocked": _n_unblocked, "blocked": _n_blocked,
    "clash": _n_clash, "hp": _n_hp, "destroyed": _n_destroyed, "returned": _n_destroyed, "damage": _n_damage,
    "modify": _n_modify, "heal": _n_heal, "mill": prompts.said("event.mill", card=True, source=True),
    "search": prompts.said("event.search", card=True, source=True), "discard": _n_discard,
    "resolved_to_hand": _n_resolved_to_hand, "game_over": _n_game_over,
}


def _narrate(v: Voice, ev: Mapping[str, Any], src: Any = None, ctx: dict | None = None) -> str | None:
    """One event in words for the viewer of ``v`` (its narrator in ``_NARRATORS``); None for an
    event not worth a line (a shuffle) or one without words."""
    kind = ev.get("type")
    p = ev.get("player")
    if kind in QUIET_EVENTS:
        return None
    fn = _NARRATORS.get(kind)
    if fn is not None:
        return fn(v, ev, src, ctx)
    return v.say(f"event.{kind}", p)


def _event_program(v: Voice, ev: Mapping[str, Any]) -> str:
    """The program of a program event, glossed, with a Library Draw's number."""
    kind = ev.get("program")
    amount = 0
    if kind == "library_draw":
        c = v.book.card_of(ev.get("card"), ev.get("id"))
        progs = getattr(c, "programs", ()) or ()
        index = ev.get("index")
        if isinstance(index, int) and index < len(progs):
            amount = progs[index].amount
        else:
            amount = next((pr.amount for pr in progs if pr.kind == "library_draw"), 0)
    return program_name(kind, amount, v.lang)


narrate = prompts.narrate_with(Voice, _narrate)


def sources(events: Sequence[Mapping[str, Any]], src: Any = None) -> list[Any]:
    """For each event, the card (instance id, card id) whose effect caused it, or None: an effect
    event follows the event of the card that caused it (an application applied, an ability of a
    character or device used); ``src``: the card whose effect the first events continue."""
    return prompts.effect_sources(events, src, lambda ev: ev.get("type") in SOURCE_EVENTS,
                                  lambda ev: ev.get("type") in EFFECT_EVENTS or ev.get("type") == "hp",
                                  lambda ev: ev.get("type") in EFFECT_EVENTS or ev.get("type") in NEUTRAL_EVENTS)


def lines(events: Sequence[Mapping[str, Any]], viewer: int | None, lang: str = "en", cards: Any = None,
          names: Mapping[int, str] | None = None, action: Any = None, actor: int | None = None,
          step: bool = False, source: Any = None, segments: int = SEGMENTS,
          hand_limit: int = HAND_LIMIT) -> list[str]:
    """The lines of several events for ``viewer``, summarised: a player's run of draws makes one
    line; an effect names the card that caused it, a decoded program the decoder; runs of
    identical lines fold into one ("... (x3)"). ``step``, ``action``, ``actor`` and ``source``: as
    ``prompts.step_events``."""
    v, events, srcs = prompts.step_events(Voice, events, viewer, lang, cards, names, sources, ECHO, action=action,
                                          actor=actor, step=step, source=source)
    ctx: dict[str, Any] = {"segments": segments, "limit": hand_limit}

    def line_at(i: int) -> tuple[str | None, int]:
        if events[i].get("type") == "draw":
            line, j = v.draws(events, srcs, i)
            if j > i:
                return line, j
        return v.finish(_narrate(v, events[i], srcs[i], ctx)), i + 1
    return prompts.told(events, line_at)


# --- prompts: who must decide what ------------------------------------------------------------------------------

def _unit_view(obs: Mapping[str, Any], iid: Any) -> Mapping[str, Any] | None:
    for pv in obs.get("players") or []:
        for u in pv.get("characters") or []:
            if u.get("iid") == iid:
                return u
    return None


def prompt(decision: Mapping[str, Any] | None, viewer: int | None, lang: str = "en",
           obs: Mapping[str, Any] | None = None, cards: Any = None,
           names: Mapping[int, str] | None = None) -> str:
    """Who must decide what, for ``viewer``: ``decision`` is ``observe(viewer)["decision"]``;
    ``obs`` (that observation) adds what the choice is about (the segments of your stack, the
    attacker's power, what is chosen so far)."""
    return prompts.prompt_of(Voice, _ask, decision, viewer, lang, obs, cards, names)


def _ask(v: Voice, obs: Mapping[str, Any], decision: Mapping[str, Any], kind: Any, p: Any) -> str:
    """``prompt`` of a decision: its ``kind``, decided by player ``p``."""
    T = v.t
    mine = v.is_you(p) or (v.viewer is not None and p == v.viewer)
    players = obs.get("players") or []
    segments = obs.get("segments") or SEGMENTS
    chosen = [v.card(i) for i in obs.get("selected") or []] if mine else []
    other = "" if mine else ".other"
    whose = v.Whose(p)
    if kind == "mulligan":
        return v.say(f"decision.mulligan{other}", p, count=HAND_SIZE)
    if kind == "program":
        if mine and isinstance(p, int) and p < len(players):
            _, used, bad = stack_summary(players[p])
            text = v.say("decision.program", p, used=used, segments=segments, left=segments - used)
            return text + (T("decision.program.overflow", count=bad) if bad else "")
        return v.say("decision.program.other", p)  # nothing of their stack is told
    if kind == "choose_program":
        progs = v.join(program_label_name(x, v.lang) for x in decision.get("programs") or [])
        return v.say(f"decision.choose_program{other}", p, segment=decision.get("segment", obs.get("segment", 0)),
                     whose=whose, card=v.card(decision.get("card")), programs=progs)
    if kind in RUN_DECISIONS:
        prog = decision.get("program")
        key = f"decision.{kind}"
        if kind == "attackers" and prog == "fan_fire" and mine:
            key = "decision.attackers.fan_fire"
        text = v.say(key + other, p, segment=decision.get("segment", obs.get("segment", 0)), whose=whose,
                     program=program_name(prog, decision.get("amount", 0) or 0, v.lang),
                     card=v.card(decision.get("card")))
        return text + (T("decision.chosen", cards=v.join(chosen)) if chosen else "")
    if kind == "block":
        att = decision.get("attacker")
        u = _unit_view(obs, att)
        text = v.say(f"decision.block{other}", p, attacker=v.owned(att),
                     power=u.get("power_now") if u else "?")
        return text + (T("decision.block.chosen", cards=v.join(chosen)) if chosen else "")
    if kind == "assign_damage":
        assigned = decision.get("assigned") or []
        total = decision.get("damage") or 0
        text = v.say(f"decision.assign_damage{other}", p, attacker=v.card(decision.get("attacker")),
                     count=total, left=total - len(assigned))
        if assigned:
            counts: dict[Any, int] = {}
            for b in assigned:
                counts[b] = counts.get(b, 0) + 1
            text += T("decision.assign_damage.so_far", cards=v.join(
                T("decision.assign_damage.share", card=v.card(b), count=k) for b, k in counts.items()))
        return text
    if kind in ("target", "target_hidden"):
        op = decision.get("op")
        what = words().get(f"target_op.{op}", v.lang) or T("target_op.other")
        if op in ("move", "pay") and decision.get("to"):
            what = words().get(f"target_op.{op}.{decision['to']}", v.lang) or what
        if kind == "target_hidden":  # a choice among the chooser's own hidden cards
            if not mine or "remaining" not in decision:
                return v.say("decision.target_hidden.other", p, card=v.card(decision.get("source")))
            key = "decision.target_hidden"
        elif "remaining" in decision:  # a selector table choosing cards (choose = n)
            key = f"decision.target.cards{other}"
        else:
            return v.say(f"decision.target{other}", p, card=v.card(decision.get("source")), what=what)
        text = v.say(key, p, card=v.card(decision.get("source")), what=what)
        if "remaining" in decision:
            text += prompts.still_to_choose(v, decision)
        return text
    if kind == "choose_mode":
        return v.say(f"decision.choose_mode{other}", p, card=v.card(decision.get("source")),
                     remaining=decision.get("remaining", 1), count=decision.get("count", 1))
    if kind in ("look_take", "look_order"):
        return prompts.look_prompt(v, v.who(p), kind, decision, lambda zone: zone_name(zone, v.lang), mine=mine)
    if kind == "optional":
        return v.say(f"decision.optional{other}", p, card=v.card(decision.get("source")),
                     what=may_text(decision.get("op"), v.lang, decision.get("to")))
    if kind == "discard":
        return v.say(f"decision.discard{other}", p, limit=HAND_LIMIT, count=decision.get("over", 0))
    if kind == "search":
        if mine:
            what = t("filter.table", v.lang) if decision.get("filtered") else filter_text(decision.get("filter"), v.lang)
            return v.say("decision.search", p, what=what)
        return v.say("decision.search.other", p)
    return T("ui.decision", who=v.who(p), what=T(f"decision.{kind}"))


# --- why an option is missing ---------------------------------------------------------------------------------

_NO_TARGET = {"place": "why.no_place", "reboot": "why.no_reboot", "bed_in": "why.no_bed_in", "mount": "why.no_mount",
              "release": "why.no_release", "apply": "why.no_apply", "attack": "why.no_attack",
              "fan_fire": "why.no_fan_fire", "activate": "why.no_activate", "effect": "why.no_effect",
              "decoder": "why.no_decoder"}


def why_not(game: Any, viewer: int | None, lang: str = "en") -> list[str]:
    """For the current decision, a line for each thing ``viewer`` may expect to do but cannot,
    with the reason: while programming, a card that is not a character (only characters are
    stacked), a character that would not fit in the segments left, and that a stacked card
    cannot be taken back; when a card is revealed, each of its programs that has nothing to act
    on; choosing attackers, a character placed this round (cannot Attack) or in bed; blocking, a
    character in bed; mounting, a device that cannot go on any character now. The rules give the
    reasons (``rules.unavailable``: games/turutoru/reasons.py); this phrases them, each line once."""
    s = game.state
    legal = game.legal_actions() if not s.over and s.decision is not None else []
    v = Voice(viewer, lang, CardBook.for_game(game, viewer))
    return prompts.once(_reason_line(v, s.cards, r) for r in game.rules.unavailable(s, viewer, legal))


def _reason_line(v: Voice, cards: Sequence[Any], r: Any) -> str:
    """One reason as a line: "<card>: <why>", "<card> as <program>: <why>", or the words of a
    reason about the decision."""
    T, p = v.t, r.params
    if r.card is None:
        return T(f"why.{r.key}", **({"who": v.who(p["who"])} if "who" in p else {}))
    name = card_label(cards[r.card], v.lang)
    if r.key == "no_target":
        return T("why.program_line", card=name, program=program_name(p["kind"], p["amount"], v.lang),
                 reason=T(_NO_TARGET.get(p["kind"], "why.no_place")))
    params = dict(p)
    if "kind" in params:
        params["kind"] = kind_name(params["kind"], v.lang)
    if r.key == "wont_fit":
        params = {"segments": segments_text(p["segment"], v.lang), "left": p["left"]}
    return T("why.line", card=name, reason=T(f"why.{r.key}", **params))


# --- rules primer ---------------------------------------------------------------------------------------------

def rules_primer(lang: str = "en") -> str:
    """A short primer of the rules for a player: how to win, the set-up, a round, programming,
    segments and the order of play, the programs, attacks; then the game's terms (English: with
    the Japanese term after each; Japanese: with the English word)."""
    cat = words()
    lang = _lang(lang)
    out = [cat.t("rules.title", lang), ""]
    for section in PRIMER:
        out += [cat.t(f"rules.{section}", lang), ""]
    items = [cat.t("rules.program_item", lang, name=program_name(k, 0, lang), help=program_help(k, lang))
             for k in PROGRAM_KINDS]
    out += [cat.t("rules.programs", lang, programs=cat.t("rules.program_sep", lang).join(items)), ""]
    out += [cat.t("rules.attacks", lang), ""]
    names = []
    for name in TERMS:
        ja, en = cat.t(f"term.{name}", "ja"), cat.t(f"term.{name}", "en")
        names.append(cat.term(f"term.{name}", "en") if lang == "en" else cat.t("rules.term_ja", "ja", term=ja, en=en))
    out.append(cat.t("rules.terms", lang, terms=cat.t("fmt.list", lang).join(names)))
    return "\n".join(out)


__all__ = ["GAME", "QUIET_EVENTS", "CardBook", "Voice", "ability_body", "ability_text", "apply_text",
           "card_label", "card_text", "decision_source", "describe", "filter_text", "fold", "gender_name",
           "hidden_label", "kind_name", "label", "lines", "menu", "mount_text", "narrate", "phase_name",
           "program_help", "program_kind", "program_label_name", "program_name", "program_short", "programs_of",
           "prompt", "pt_left", "reason_text", "result_text", "rules_primer", "segments_text", "sources",
           "stack_summary", "stat_name", "state_name", "term", "who", "why_not", "words", "zone_name"]
