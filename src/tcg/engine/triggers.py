"""Triggered abilities (docs/card-language-design.md, step 3): the ``when`` schema, the trigger
index and ``fire``. Imports no game.

A game declares the events a card may name (``TriggerGame.events``: each with the fields a
``when`` may test) and the zones where a card's triggers may work (``TriggerGame.zones``, with
whether each is hidden). A card's ``when`` is parsed once at load time (``parse_when``): the
event's name, and filters over the event's fields — ``card`` (a selector table without a count,
or ``{self = true}``: this very card), ``from`` / ``to`` (zones), ``player`` (``own`` /
``opponent`` / ``either``: whose event it is) — and the zone the card must be in for the trigger
to work (``where``, the game's default when not given). A trigger on a card in a hidden zone (a
hand, a deck) is refused unless the event reveals that card (``EventSpec.reveals``, or
``reveals_to`` for the ``to`` it names): checking it would tell the opponent something the events
never showed. Outside the zones the index keeps (``TriggerGame.working``), a trigger works only for
an event about the card itself taking it out of its zone (``TriggerGame.own_zones``, ``card = {self
= true}``): the game fires it from the event's own card (``fire(..., waiting=...)``).

At play the state holds a ``Triggers`` object (or None: no dealt card has a trigger, and nothing
here runs). Its ``index`` maps an event name to the abilities waiting for it, (card, ability
number, when) in the order the cards came into their zone; the game adds a card's triggers when
the card enters a zone where they work (``add``) and takes them out when it leaves (``remove``),
so an event looks up its own list and never scans the cards. ``fire(triggers, state, event,
info, match)`` queues the waiting abilities the game's ``match`` accepts; the game turns the
queue into effect steps at its next state check (``take``: the turn player's first, each
player's in the order they triggered). ``once_per_turn`` and ``each_turn = n`` abilities are
counted in ``Triggers.used`` (cleared by ``new_turn``) when they trigger. At most ``cap`` abilities trigger
during one action (``begin_action`` starts a new count; the profile's
``[limits] max_triggers_per_action``): past it nothing more triggers until the next decision
(``capped`` says so), so a loop of triggers ends quickly."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from .effects import EffectOp, EffectRunner, effect_step
from .select import Loose, SelectorError, SelectorSchema, nearest

#: the default cap on abilities triggered during one action (``[limits] max_triggers_per_action``)
MAX_TRIGGERS_PER_ACTION = 200

SIDES = ("own", "opponent", "either")
WHEN_KEYS = ("event", "card", "from", "to", "player", "where")


class EventSpec(NamedTuple):
    """An event a card's ``when`` may name: ``fields`` it may filter on (of ``card``, ``from``,
    ``to``, ``player``), the values ``from`` / ``to`` may take, and whether the event shows its
    card to both players (``reveals``: then a trigger may work from a hidden zone; ``reveals_to``:
    it shows its card when its ``to`` is one of these zones, so a trigger naming such a ``to``
    may)."""
    fields: tuple[str, ...]
    froms: tuple[str, ...] = ()
    tos: tuple[str, ...] = ()
    reveals: bool = False
    doc: str = ""
    reveals_to: tuple[str, ...] = ()


def event_table(docs: Mapping[str, str], enters: tuple[str, ...] = (), leaves: tuple[str, ...] = (),
                players: Sequence[str] = (), bare: Sequence[str] = (), **special: EventSpec) -> dict[str, EventSpec]:
    """A game's ``TriggerGame.events``: an ``EventSpec`` for each event of ``docs`` (name -> what
    happens, its ``doc``), in that order. An event names a card and its player (fields ``card``,
    ``player``) but: ``enters`` (also ``from``: one of the zones ``enters``), ``leaves`` (also
    ``to``: one of ``leaves``), those of ``players`` (a player only), those of ``bare`` (nothing)
    and the ``special`` ones, given whole but for their doc."""
    def spec(event: str, doc: str) -> EventSpec:
        if event in special:
            return special[event]._replace(doc=doc)
        if event == "enters":
            return EventSpec(("card", "from", "player"), froms=enters, doc=doc)
        if event == "leaves":
            return EventSpec(("card", "to", "player"), tos=leaves, doc=doc)
        return EventSpec(("player",) if event in players else () if event in bare else ("card", "player"), doc=doc)
    return {event: spec(event, doc) for event, doc in docs.items()}


class TriggerGame(NamedTuple):
    """A game's declaration: its ``events`` (name -> ``EventSpec``), the ``zones`` where a card's
    triggers may be (name -> hidden), the ``working`` zones the game's index keeps (a ``where``
    naming another zone is refused: not built), the ``default_where`` and its ``selectors``.

    ``own_zones`` (event -> zones): where a card's trigger works for that event **about the card
    itself** (``card = {self = true}``) taking it out of that zone — "when this card is put from
    your life into your charge" (``where = "life"``). The game fires such a trigger from the
    event's own card (``fire(..., waiting=...)``): nothing is indexed for those zones."""
    events: Mapping[str, EventSpec]
    zones: Mapping[str, bool]
    working: tuple[str, ...]
    default_where: str
    selectors: SelectorSchema
    own_zones: Mapping[str, tuple[str, ...]] = {}


class When(NamedTuple):
    """A parsed ``when``: the event; ``this`` (the event's card is this very card); ``card`` (a
    count-less ``Selector`` the event's card must match, or None); ``frm`` / ``to`` (zones, or
    None); ``player`` (``own`` / ``opponent`` / ``either``); ``where``: the card's zone."""
    event: str
    this: bool = False
    card: Any = None
    frm: str | None = None
    to: str | None = None
    player: str = "either"
    where: str = "board"


Fail = Callable[[str, str], Any]


def parse_when(raw: Any, game: TriggerGame, fail: Fail) -> When:
    """Check a ``when`` table (``fail(message, path)`` at the first fault, the path below
    ``when``; a misspelt word is told its nearest valid one)."""
    if not isinstance(raw, Mapping):
        fail("a trigger's when is a table like {event = \"enters\", card = {self = true}}", "")
    for key in raw:
        if key not in WHEN_KEYS:
            fail(f"unknown key {key!r}{nearest(key, WHEN_KEYS)} (known: {', '.join(WHEN_KEYS)})", f".{key}")
    event = raw.get("event")
    if not isinstance(event, str) or event not in game.events:
        fail(f"unknown event {event!r}{nearest(event, tuple(game.events))} (known: {', '.join(game.events)})",
             ".event")
    spec = game.events[event]
    for key in ("card", "from", "to", "player"):
        if key in raw and key not in spec.fields:
            fail(f"the event {event!r} has no {key!r} to test (it has: {', '.join(spec.fields) or 'nothing'})",
                 f".{key}")
    this, card = False, None
    if "card" in raw:
        c = raw["card"]
        if not isinstance(c, Mapping):
            fail("card is a selector table without a count, like {side = \"own\", kind = \"zx\"} or {self = true}",
                 ".card")
        c = dict(c)
        if "self" in c:
            if c.pop("self") is not True:
                fail("self = true (this very card) or leave it out", ".card.self")
            this = True
        if c:
            if "zone" in c:
                fail("the event says where the card is (from / to): leave zone out", ".card.zone")
            if this:
                fail("self = true is this very card: it takes no other filter", ".card")
            try:
                card = game.selectors.parse(c, counted=False)
            except SelectorError as e:
                fail(e.message, ".card" + e.path)
    frm, to = raw.get("from"), raw.get("to")
    for key, value, known in (("from", frm, spec.froms), ("to", to, spec.tos)):
        if value is not None and (not isinstance(value, str) or value not in known):
            fail(f"{key} = {value!r} is not one of: {', '.join(known)}{nearest(value, known)}", f".{key}")
    player = raw.get("player", "either")
    if player not in SIDES:
        fail(f"player = {player!r} is not one of: {', '.join(SIDES)}{nearest(player, SIDES)}", ".player")
    where = raw.get("where", game.default_where)
    if not isinstance(where, str) or where not in game.zones:
        fail(f"unknown zone {where!r}{nearest(where, tuple(game.zones))} (known: {', '.join(game.zones)})",
             ".where")
    if game.zones[where] and not (spec.reveals or (to is not None and to in spec.reveals_to)):
        shown = f" (it does when to is one of: {', '.join(spec.reveals_to)})" if spec.reveals_to else ""
        fail(f"a card in the {where} is hidden: a trigger there would tell what it is, and the event"
             f" {event!r} does not show it{shown}", ".where")
    own = game.own_zones.get(event, ())
    if where not in game.working and where not in own:
        if own and where in game.zones:
            fail(f"the event {event!r} works from: {', '.join(game.working + own)} (not from the {where})",
                 ".where")
        fail(f"triggers work only from: {', '.join(game.working)} (not yet from the {where})", ".where")
    if where not in game.working:  # a zone of its own: an event about this very card leaving it
        if not this:
            fail(f"a trigger of a card in the {where} is about the card itself: card = {{ self = true }}", ".card")
        if "from" in spec.fields:
            if frm is not None and frm != where:
                fail(f"the card is in the {where}: from = {frm!r} never happens to it (from = {where!r})",
                     ".from")
            frm = where
    return When(event, this, card, frm, to, player, where)


class TriggerEvents:
    """Mixin for a game's state class (before its engine state class): each event it records is
    also given to the game's triggers (``trigger_hook``) while dealt cards have triggered
    abilities (``trig`` is not None)."""

    __slots__ = ()
    #: the game's triggers module's ``on_event(state, etype, public)`` (set on the game's state
    #: class when that module is imported, as the rules do)
    trigger_hook: Any = None
    trig: "Triggers | None"
    events: Any

    def emit(self, etype: str, public: dict[str, Any] | None = None,
             private: dict[str, Any] | None = None, seen_by: tuple[int, ...] = ()) -> None:
        """Record an event (``BaseState.emit``); with triggers dealt, what it fires too."""
        self.events.append((etype, public or {}, private, seen_by))
        if self.trig is not None:
            self.trigger_hook(self, etype, public or {})


class Triggers:
    """The trigger state of one game (see the module docstring); cloned with its state."""

    __slots__ = ("index", "used", "queue", "fired", "capped", "busy", "cap")

    def __init__(self, cap: int = MAX_TRIGGERS_PER_ACTION):
        self.index: dict[str, tuple] = {}   # event -> ((iid, ability number, When, once), ...)
        self.used: dict[tuple[int, int], int] = {}  # (iid, ability number) -> times this turn
        self.queue: list[tuple] = []        # (controller, iid, ability number, event, seq)
        self.fired = 0                      # triggered during this action
        self.capped = False
        self.busy = 0                       # > 0 while an effect step runs (the game's)
        self.cap = cap

    def copy(self) -> "Triggers":
        t = Triggers.__new__(Triggers)
        t.index, t.used, t.queue = dict(self.index), dict(self.used), self.queue[:]
        t.fired, t.capped, t.busy, t.cap = self.fired, self.capped, self.busy, self.cap
        return t

    def add(self, iid: int, entries: tuple) -> None:
        """The card ``iid`` came into a zone where its triggers work: ``entries`` are its
        (ability number, When, times per turn: 0 or False no limit, True or 1 once per turn, n)."""
        for idx, when, once in entries:
            self.index[when.event] = self.index.get(when.event, ()) + ((iid, idx, when, once),)

    def remove(self, iid: int) -> None:
        """The card ``iid`` left that zone: its triggers wait no more."""
        for event, waiting in list(self.index.items()):
            kept = tuple(w for w in waiting if w[0] != iid)
            if len(kept) != len(waiting):
                if kept:
                    self.index[event] = kept
                else:
                    del self.index[event]

    def new_turn(self) -> None:
        self.used = {}

    def begin_action(self) -> None:
        self.fired, self.capped = 0, False


def fire(tr: Triggers, state: Any, event: str, info: Mapping[str, Any],
         match: Callable[[Any, int, int, When, Mapping[str, Any]], int | None],
         waiting: tuple | None = None) -> int:
    """Queue the abilities waiting for ``event`` whose ``match(state, iid, ability number, when,
    info)`` gives a controller (None: not this time). Returns how many were queued. ``waiting``:
    (iid, ability number, When, times per turn) entries to try instead of the index's (a card's
    own triggers of a zone that is not indexed: ``TriggerGame.own_zones``). An ability with a
    limit per turn (``once_per_turn``, ``each_turn = n``) is counted when it triggers."""
    if waiting is None:
        waiting = tr.index.get(event)
    if not waiting:
        return 0
    n = 0
    used = tr.used
    for iid, idx, when, once in waiting:
        if once and used.get((iid, idx), 0) >= once:
            continue
        c = match(state, iid, idx, when, info)
        if c is None:
            continue
        if tr.fired >= tr.cap:
            tr.capped = True
            continue
        tr.fired += 1
        if once:
            used[(iid, idx)] = used.get((iid, idx), 0) + 1
        tr.queue.append((c, iid, idx, event, len(tr.queue)))
        n += 1
    return n


def event_matches(s: Any, iid: int, when: When, info: Mapping[str, Any], selectors: SelectorSchema,
                  find: Callable[[Any, int, int], Any]) -> int | None:
    """The controller of a trigger (``when``) of the card ``iid`` — its owner, ``s.owner[iid]`` —
    if the event (``info``: its ``player``, ``card``, ``from``, ``to``, ``by_effect``) passes the
    ``when``'s filters, else None. ``find(s, card, owner)`` is the event's card as the game's
    selectors read it: where it is now, or a ``Loose`` in the zone it went to (a property that
    means nothing there does not match). The ability's own conditions are the game's to check."""
    c = s.owner[iid]
    if when.player != "either" and (info["player"] == c) != (when.player == "own"):
        return None
    if when.frm is not None and info.get("from") != when.frm and not (when.frm == "effect" and info.get("by_effect")):
        return None
    if when.to is not None and info.get("to") != when.to:
        return None
    card = info.get("card", -1)
    if when.this and card != iid:
        return None
    sel = when.card
    if sel is not None:
        if card < 0 or (sel.other and card == iid):
            return None
        owner = s.owner[card]
        if (sel.side == "own" and owner != c) or (sel.side == "opponent" and owner == c):
            return None
        obj = find(s, card, owner)
        if isinstance(obj, Loose) and not selectors.apply_in(obj.zone, sel.tests):
            return None
        if not selectors.matches(s, obj, sel.tests):
            return None
    return c


def take(tr: Triggers, active: int) -> list[tuple]:
    """Empty the queue: (controller, iid, ability number, event) in the order they resolve —
    the turn player's first, each player's in the order they triggered."""
    q = sorted(tr.queue, key=lambda t: (t[0] != active, t[4]))
    tr.queue = []
    return [t[:4] for t in q]


def stack_triggered(s: Any, tr: Triggers, first: int, step: str = "trigger") -> None:
    """What triggered goes onto the state's stack of steps, the first to resolve on top (``take``'s
    order, player ``first``'s abilities first): a ``(step, controller, iid, ability, event)``
    step each."""
    for c, iid, idx, event in reversed(take(tr, first)):
        s.steps.append((step, c, iid, idx, event))


def turn_end(s: Any, match: Callable) -> None:
    """The turn player's end phase starts: ``turn_end`` triggers (``match``: the game's, as for
    ``fire``); nothing when no dealt card has a trigger."""
    if s.trig is not None:
        fire(s.trig, s, "turn_end", {"player": s.active}, match)


def reindex(s: Any, placed: Iterable[tuple[int, tuple]]) -> None:
    """Build ``s``'s trigger index afresh (a state laid out by hand, as tests do) from
    ``placed``: each card where its triggers work, in order, as (its iid, its trigger entries
    for ``Triggers.add``, empty for a card without); nothing when no dealt card has a trigger."""
    if s.trig is None:
        return
    s.trig.index = {}
    for iid, entries in placed:
        if entries:
            s.trig.add(iid, entries)


def new_action(s: Any, cap: int) -> None:
    """A new action (a decision answered): a new count towards ``cap`` triggers (the game's
    ``max_triggers_per_action``); nothing when no dealt card has a trigger."""
    if s.trig is not None:
        s.trig.begin_action()
        s.trig.cap = cap


def resolve_trigger(s: Any, step: tuple, ops: Sequence, *extra: Any) -> None:
    """A triggered ability resolves (``step``: a ``stack_triggered`` step): a ``trigger`` event,
    then its effect, ``ops`` (``extra``: ``effect_step``'s), goes onto the stack; an optional
    trigger asks its controller first, once its own ``if`` (a guard first) holds again."""
    _, c, iid, idx, event = step
    ab = s.cards[iid].abilities[idx]
    s.emit("trigger", {"player": c, "card": iid, "id": s.cards[iid].id, "ability": idx, "event": event})
    ops = tuple(ops)
    if ab.optional:  # asked after its own ``if`` (a guard first) holds again
        k = 1 if ab.cond is not None else 0
        ops = ops[:k] + (ASK,) + ops[k:]
    s.steps.append(effect_step(c, iid, ops, *extra))


class TriggerRunner(EffectRunner):
    """``EffectRunner`` for a game whose triggered abilities resolve as ``trigger`` steps
    (``stack_triggered``): what an op triggers waits until its effect step is done (``busy``),
    and the ``trigger`` step resolves the ability (``resolve_trigger`` with ``trigger_ops``)."""

    def trigger_ops(self, ability: Any) -> Sequence:
        """The ops a triggered ability resolves with: its own."""
        return ability.ops

    def _step_effect(self, s: Any, step: Any) -> None:
        tr = s.trig
        if tr is None:
            super()._step_effect(s, step)
            return
        tr.busy += 1  # what an op triggers waits until this effect step is done
        try:
            super()._step_effect(s, step)
        finally:
            tr.busy -= 1

    def _step_trigger(self, s: Any, step: tuple) -> None:
        resolve_trigger(s, step, self.trigger_ops(s.cards[step[2]].abilities[step[3]]))


def _ask(rules: Any, s: Any, ctx: Any, op: Any, targets: Any) -> None:
    """The ``ASK`` op itself does nothing: the answer was the point."""


#: the first op of an optional trigger (「〜してもよい」 on the whole ability): the controller is
#: asked (the ``optional`` decision, its op ``"trigger"``); no ends the effect (an optional
#: guard, see ``EffectRunner._apply_optional``)
ASK = EffectOp("trigger", {}, _ask, optional=True, guard=True)
