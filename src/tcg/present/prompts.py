"""The parts of a game's words that read alike in every game whose text layer names cards by
instance (Turu-turu, Kemuri, Z/X), written once: how a prompt, a narration and a run of event
lines start, the menu label of one action, the choose-mode and look prompts, the why-not lines
kept once each, and the rules primer's list of terms. Each game's ``games/<id>/text.py`` gives
only its own words (its ``Voice``, its scene of a decision, its narrators) and calls these."""
from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Mapping, Sequence

from .lines import fold, known_lang

Path = tuple[str, ...]
#: a game's ``Voice`` class: ``Voice(viewer, lang, cards, names)``
VoiceClass = Callable[..., Any]
#: how a game narrates one event: ``narrator(voice, event, source) -> line or None``
Narrator = Callable[[Any, Mapping[str, Any], Any], "str | None"]


# --- prompts ------------------------------------------------------------------------------------------

def prompt_voice(voice: VoiceClass, viewer: int | None, lang: str, obs: Mapping[str, Any] | None,
                 cards: Any, names: Mapping[int, str] | None) -> tuple[Any, Mapping[str, Any]]:
    """The voice a prompt speaks in for ``viewer``, having seen the cards of the observation
    ``obs`` (when given), and that observation ({} for none)."""
    v = voice(viewer, lang, cards, names)
    obs = obs or {}
    if obs:
        v.book.see(obs)
    return v, obs


def prompt_of(voice: VoiceClass, ask: Callable[..., str], decision: Mapping[str, Any] | None, viewer: int | None,
              lang: str, obs: Mapping[str, Any] | None, cards: Any, names: Mapping[int, str] | None,
              **more: Any) -> str:
    """A game's ``prompt``: who must decide what, for ``viewer``, in the voice of ``prompt_voice``;
    "nothing to decide" without a decision, else ``ask(v, obs, decision, kind, player, **more)``."""
    v, obs = prompt_voice(voice, viewer, lang, obs, cards, names)
    if not decision:
        return v.t("decision.none")
    return ask(v, obs, decision, decision.get("kind"), decision.get("player"), **more)


def choose_mode_prompt(v: Any, who: str, decision: Mapping[str, Any]) -> str:
    """A ``choose_mode`` decision: whose card's effect, how many modes are still to choose."""
    return v.t("decision.choose_mode", who=who, card=v.card(decision.get("source")),
               remaining=decision.get("remaining", 1), count=decision.get("count", 1))


def target_prompt(v: Any, who: str, decision: Mapping[str, Any], what: str, several: str = "decision.target") -> str:
    """A ``target`` decision: who chooses a target of which card's effect (``what`` it does); while
    choosing several (``remaining`` given), in the words of ``several``, with what is left to choose."""
    card = v.card(decision.get("source"))
    if "remaining" not in decision:
        return v.t("decision.target", who=who, card=card, what=what)
    return v.t(several, who=who, card=card, what=what) + still_to_choose(v, decision)


def still_to_choose(v: Any, decision: Mapping[str, Any]) -> str:
    """What is left of a choice of several targets: " · 2 more to choose", or " · up to 2 more,
    or done (1 chosen)"."""
    return v.t("decision.target.up_to" if decision.get("up_to") else "decision.target.count",
               count=decision.get("remaining"), chosen=len(decision.get("chosen") or []))


def look_prompt(v: Any, who: str, kind: str, decision: Mapping[str, Any], zone: Callable[[str], str],
                mine: bool = True) -> str:
    """A ``look_take`` or ``look_order`` decision: the cards looked at are taken (``to``: where,
    named by ``zone``) or put back in an order; another player's look (no ``source``, or not
    ``mine``: the viewer does not decide) is secret."""
    if not mine or "source" not in decision:  # another player's look: the cards are theirs to see
        return v.t("decision.look_hidden", who=who)
    src = v.card(decision.get("source"))
    if kind == "look_order":
        return v.t("decision.look_order", who=who, card=src,
                   where=v.t(f"option.look_order.{decision.get('to', 'bottom')}"))
    key = "decision.look_take.up_to" if decision.get("up_to") else "decision.look_take"
    return v.t(key, who=who, card=src, count=decision.get("remaining", 1), dest=zone(decision.get("to", "hand")))


# --- narration ----------------------------------------------------------------------------------------

def narrate_with(voice: VoiceClass, narrator: Narrator) -> Callable[..., "str | None"]:
    """A game's ``narrate(event, viewer, lang, cards, names, source)``, speaking with ``voice``
    through ``narrator``."""
    def narrate(event: Mapping[str, Any], viewer: int | None, lang: str = "en", cards: Any = None,
                names: Mapping[int, str] | None = None, source: Any = None) -> str | None:
        """One event (as ``game.log.for_player(viewer)`` gives it) as a line for ``viewer``; None
        for an event not worth a line (a shuffle). ``source``: (instance id, card id) of the card
        whose effect caused the event, when the caller knows it (``lines`` works it out)."""
        v = voice(viewer, lang, cards, names)
        v.book.learn(event.get("card"), event.get("id"), event.get("player"))
        return v.finish(narrator(v, event, source))
    return narrate


def event_card(v: Any, ev: Mapping[str, Any]) -> Callable[..., str]:
    """``card(key="card", idkey="id")``: the card an event names under ``key`` (instance id) and
    ``idkey`` (card id), as ``v`` names it."""
    def card(key: str = "card", idkey: str = "id") -> str:
        return v.card(ev.get(key), ev.get(idkey))
    return card


def said(key: str, *, card: bool = False, source: bool = False) -> Callable[..., str]:
    """The narrator of an event told in one sentence about its player (``Voice.say``: who, whose
    and own filled in, the ``.you`` form for the viewer): with ``card``, the event's card; with
    ``source``, the effect that caused it."""
    def narrate(v: Any, ev: Mapping[str, Any], src: Any = None, ctx: Any = None) -> str:
        params = {}
        if card:
            params["card"] = event_card(v, ev)()
        if source:
            params["source"] = v.source(src)
        return v.say(key, ev.get("player"), **params)
    return narrate


def look_line(v: Any, ev: Mapping[str, Any], listed: Callable[[list[str]], str],
              zone: Callable[[str], str]) -> str:
    """A ``look`` or ``look_rest`` event (engine/choices.py): the top of a deck (or a whole zone:
    ``zone`` names it) looked at, the cards named (``listed``) to the looker alone, others told how
    many; the rest put back (top or bottom)."""
    p = ev.get("player")
    owner = ev.get("whose")
    whose = v.own(p) if owner == p else v.whose(owner)
    if ev.get("type") == "look_rest":
        return v.t("event.look_rest", who=v.who(p), count=ev.get("count"), whose=whose,
                   place=v.t(f"event.look_rest.{ev.get('to', 'bottom')}"))
    seen = [v.card(i, c) for i, c in zip(ev.get("cards") or (), ev.get("ids") or ())]
    cards = listed(seen) if seen else ""
    if ev.get("zone"):  # a whole hand (or life) looked at
        return v.t("event.look_zone", who=v.who(p), count=ev.get("count"), whose=whose,
                   zone=zone(ev["zone"]), cards=cards)
    return v.t("event.look", who=v.who(p), count=ev.get("count"), whose=whose, cards=cards)


def reveal_line(v: Any, ev: Mapping[str, Any], src: Any = None, ctx: Any = None) -> str:
    """A ``reveal`` event: a card taken from a look (or searched for) shown to every player."""
    return v.t("event.reveal", who=v.who(ev.get("player")), card=v.card(ev.get("card"), ev.get("id")),
               source=v.source(src))


def events_voice(voice: VoiceClass, events: Iterable[Mapping[str, Any]], viewer: int | None, lang: str,
                 cards: Any, names: Mapping[int, str] | None) -> tuple[Any, list[Mapping[str, Any]]]:
    """The voice the lines of ``events`` are told in, having learnt the cards they name, and the
    events as a list."""
    v = voice(viewer, lang, cards, names)
    events = list(events)
    for ev in events:
        v.book.learn(ev.get("card"), ev.get("id"), ev.get("player"))
    return v, events


def step_events(voice: VoiceClass, events: Iterable[Mapping[str, Any]], viewer: int | None, lang: str,
                cards: Any, names: Mapping[int, str] | None, sources: Callable[[list, Any], list],
                echoes: Mapping[Any, Any], *, action: Any = None, actor: int | None = None, step: bool = False,
                source: Any = None, first_only: tuple[str, ...] = ()) -> tuple[Any, list[Any], list[Any]]:
    """The voice the lines of ``events`` are told in (``events_voice``), the events to tell, and
    the card whose effect caused each (``sources(events, source)``).

    ``step=True``: the events under one applied ``action`` of ``actor`` (None: the set-up), without
    the event that only repeats the action line: the first of the actor's events of the type
    ``echoes`` gives for the action's type (or of one of the types of a tuple); one of a type in
    ``first_only`` repeats it only as the first event. ``source``: (instance id, card id or None)
    of the card whose effect the events continue (``decision_source`` of the decision the action
    answered)."""
    v, events = events_voice(voice, events, viewer, lang, cards, names)
    srcs = sources(events, source)
    echo = echoes.get(getattr(action, "type", None)) if step and action is not None else None
    if echo is not None:
        types = echo if isinstance(echo, tuple) else (echo,)
        k = next((k for k, ev in enumerate(events) if ev.get("type") in types and ev.get("player", actor) == actor),
                 None)
        if k is not None and not (k > 0 and events[k].get("type") in first_only):
            events, srcs = without(events, srcs, (k,))
    return v, events, srcs


def without(events: list[Any], srcs: list[Any], drop: Iterable[int]) -> tuple[list[Any], list[Any]]:
    """``events`` and their sources without the indices in ``drop``."""
    gone = set(drop)
    keep = [k for k in range(len(events)) if k not in gone]
    return [events[k] for k in keep], [srcs[k] for k in keep]


def effect_sources(events: Iterable[Mapping[str, Any]], src: Any, starts: Callable[[Mapping[str, Any]], bool],
                   caused: Callable[[Mapping[str, Any]], bool],
                   keeps: Callable[[Mapping[str, Any]], bool]) -> list[Any]:
    """For each event, the card (instance id, card id) whose effect caused it, or None: an event
    that ``starts`` what a card does makes its card the source of the events after it (and has
    none itself); an event the source ``caused`` names it; an event that does not ``keep`` it
    ends it. ``src``: the source of the first events, when the caller knows it."""
    out: list[Any] = []
    for ev in events:
        if starts(ev):
            out.append(None)
            src = (ev.get("card"), ev.get("id"))
            continue
        out.append(src if caused(ev) else None)
        if not keeps(ev):
            src = None
    return out


def told(events: Sequence[Any], line_at: Callable[[int], tuple["str | None", int]]) -> list[str]:
    """The lines of ``events``: ``line_at(i)`` tells the event at ``i`` (with those after it it
    sums up) and gives the index after them; an event whose telling fails gives no line (a
    cosmetic problem never stops a game); runs of identical lines fold into one."""
    out: list[str | None] = []
    i = 0
    while i < len(events):
        try:
            line, nxt = line_at(i)
        except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
            line, nxt = None, i + 1
        out.append(line)
        i = nxt
    return fold(out)


# --- menus ----------------------------------------------------------------------------------------------

def action_label(game: Any, action: Any, viewer: int | None, actor: int | None, hidden: Callable[[], str],
                 option: Callable[[int | None], "str | None"], fallback: Callable[[], str]) -> str:
    """How ``action`` of ``actor`` (default: the deciding player) reads for ``viewer``, asked
    before it is applied: ``hidden()`` for another player's secret choice, else ``option(actor)``
    (the game's option line), else (none, or it failed) ``fallback()``."""
    if actor is None:
        actor = game.decision.player if game.decision is not None else viewer
    if actor != viewer and game.secret_choice():
        return hidden()
    try:
        text = option(actor)
    except Exception:  # noqa: BLE001 - a label must never break a game
        text = None
    return text or fallback()


def label_with(scene: Callable[..., Any], hidden: Callable[[Any, str], str]) -> Callable[..., str]:
    """A game's ``label(game, action, viewer, lang, actor, names, cards)``: the option line of its
    ``scene`` of the decision (``scene(game, viewer, lang, actor, names, cards).option(action)``),
    ``hidden(action, lang)`` for another player's secret choice, else ``game.describe``."""
    def label(game: Any, action: Any, viewer: int | None, lang: str = "en", actor: int | None = None,
              names: Mapping[int, str] | None = None, cards: Any = None) -> str:
        """How ``action`` of ``actor`` (default: the deciding player) reads for ``viewer``, asked
        before it is applied: the option line, or ``hidden_label`` for another player's secret
        choice."""
        lang = known_lang(lang)
        return action_label(game, action, viewer, actor, lambda: hidden(action, lang),
                            lambda who: scene(game, viewer, lang, who, names, cards).option(action),
                            lambda: game.describe(action, lang))
    return label


def told_apart(rows: Sequence[tuple[Path, Any]], alike: Callable[[Any], Hashable],
               rename: Callable[[Path, Any], Path]) -> list[tuple[Path, Any]]:
    """Menu rows where different actions (``alike`` differs: two different cards of one name)
    share a path, each renamed by ``rename(path, action)`` (a card id added); copies keep theirs."""
    by_path: dict[Path, set] = {}
    for path, a in rows:
        by_path.setdefault(path, set()).add(alike(a))
    return [(rename(path, a) if len(by_path[path]) > 1 else path, a) for path, a in rows]


# --- why not, the rules primer ------------------------------------------------------------------------------

def once(lines: Iterable[str]) -> list[str]:
    """``lines`` in order, each only the first time it comes."""
    out: list[str] = []
    for line in lines:
        if line not in out:
            out.append(line)
    return out


def primer_terms(words: Any, order: Sequence[str]) -> list[str]:
    """The names of a game's terms (``term.<name>`` in ``words``) for its primer: those of
    ``order`` first, then the others of the table."""
    keys = [k for k in order if f"term.{k}" in words]
    keys += [k[len("term."):] for k in words.keys("term.") if k[len("term."):] not in keys]
    return keys


def primer_head(words: Any, lang: str, sections: Sequence[str]) -> list[str]:
    """The primer's title, its sections as a list ("- ...") and the heading of its terms."""
    parts = [words.t("rules.title", lang), ""]
    parts += [f"- {words.t(f'rules.{k}', lang)}" for k in sections]
    return parts + ["", words.t("rules.terms", lang)]


__all__ = ["Narrator", "Path", "action_label", "choose_mode_prompt", "effect_sources", "event_card", "events_voice", "label_with", "look_line", "look_prompt",
           "narrate_with", "once", "primer_head", "primer_terms", "prompt_voice", "reveal_line", "still_to_choose", "told", "told_apart",
           "without"]
