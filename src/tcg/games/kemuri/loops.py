"""Reading (an endless exchange of refreshes, docs/rules/kemuri.md): when the call-ins that
refreshes grant can never stop, whatever order the shuffles give, the game is a draw
(``refresh_loop``).

Every refresh gives the opponent a call-in (KM-R2), and that call-in may empty their deck and
refresh it, which gives one back. With no decision between, nobody can stop such an exchange;
if it can never end by itself either, the rules would repeat forced moves forever.

How it is found, in constant time per step of the exchange:

- At each call-in a refresh granted (a *node*), the state is reduced to ``loop_key``:
  everything that decides what the exchange does next, and nothing else. It includes the
  call-in about to run (whose it is) and the steps to come, every card's place, leaders, the
  serving... It leaves out the random generator (see below), the order of copies of one card
  (two copies of a card in the piles are interchangeable), the statistics (refresh counts) and
  the CP and call-in changes until the end of the turn (no step inside such an exchange reads
  them: they count in a CP comparison or a serving's call-in count, which only come after a
  decision). Each node is hashed into a set: no growing copy.
- The first node seen twice without a decision between starts one bounded exploration
  (``explore``): from that node, every distinct result of every shuffle (by the cards' ids) is
  followed to the next node, building the graph of the nodes the exchange can reach. A path
  that reaches a decision (or the end of the game) is an exit. If no reachable node can reach
  an exit, the exchange goes on forever whatever the shuffles give: a draw. Otherwise it can
  end, and play goes on (the exchange ends with certainty sooner or later, or a later repeat
  is explored again from where it is then).
- The exploration is bounded (nodes, runs, steps, cards in a shuffled pile); beyond its bounds
  it gives up for that exchange and the engine's step cap remains the last guard.

The random generator is left out of the key because a shuffle's result is all it decides here,
and the exploration follows every result; an exact repeat of the generator was what the earlier
check needed, and a two-card shuffle changes it every time."""
from __future__ import annotations

import math
from typing import Any

from ...engine.memo import remembered

#: bounds of one exploration: nodes of the graph, runs from a node with one list of shuffle
#: results each, rule steps in one run, distinct results of one shuffle
MAX_NODES = 256
MAX_RUNS = 2_000
MAX_RUN_STEPS = 2_000
MAX_OUTCOMES = 120
#: explorations in one exchange (each adds nodes whose verdict is then known)
MAX_EXPLORATIONS = 8


class GiveUp(Exception):
    """The exploration went past one of its bounds."""


class NeedChoice(Exception):
    """A shuffle whose result the run's script does not give yet: ``count`` results."""

    def __init__(self, count: int):
        super().__init__(count)
        self.count = count


class Watch:
    """What one exchange (the steps since the last decision) has seen: the nodes met
    (``seen``), the verdict known for explored nodes (``known``: True = endless, False = can
    end), and how many explorations it made."""

    __slots__ = ("seen", "known", "explorations", "gave_up")

    def __init__(self) -> None:
        self.seen: set = set()
        self.known: dict = {}
        self.explorations = 0
        self.gave_up = False


#: ``KMState.loop_watch`` of a state an exploration runs: it checks nothing itself
PROBING = object()


def is_node(step: Any) -> bool:
    """A call-in granted by a refresh, about to run (``step``: any step; a ``CallInStep``)."""
    return step[0] == "call_in" and step.why == "refresh" and step.n > 0


def _classes(s) -> tuple:
    """For each card instance, the first instance of the same card (id) with the same owner:
    copies of one card share it."""
    first: dict = {}
    out = []
    owner = s.owner
    for i, c in enumerate(s.cards):
        out.append(first.setdefault((owner[i], c.id), i))
    return tuple(out)


def _deal(s) -> tuple:
    """A deal's key (the ids of its cards and owners, which never change) with those objects."""
    return (id(s.cards), id(s.owner)), (s.cards, s.owner)


@remembered(_deal, limit=64)
def classes(s) -> tuple:
    """``_classes`` of the state's deal, worked out once per deal (``engine.memo``)."""
    return _classes(s)


def loop_key(s, step: tuple) -> tuple:
    """The state that decides what an exchange of refresh call-ins does next, at the call-in
    ``step`` (see the module docstring for what it leaves out). A card on a floor or the event
    keeps its own instance id (casts are told apart by it); any other card is named by its
    class (copies of one card of one owner are interchangeable)."""
    klass = classes(s)
    fixed = set()
    for ps in s.players:
        for c in ps.floor:
            fixed.add(c.iid)
            fixed.update(c.below)
    if s.event >= 0:
        fixed.add(s.event)

    def canon(i: int) -> int:
        return i if i < 0 or i in fixed else -2 - klass[i]

    def seq(xs) -> tuple:
        return tuple(map(canon, xs))

    players = tuple((seq(ps.deck), seq(ps.hand), seq(ps.backyard), seq(ps.seating), seq(ps.resolving),
                     tuple((c.iid, c.below, c.served) for c in ps.floor),
                     ps.leader, ps.leader_active, ps.charm_used, ps.mulliganed, seq(ps.mull_pick),
                     ps.used_event, ps.used_support, ps.servings, seq(ps.swapped_in),
                     tuple((canon(a[0]),) + tuple(a[1:]) for a in ps.activated))
                    for ps in s.players)
    steps = tuple(_canon_step(st, canon, seq) for st in s.steps)
    serving = None if s.serving is None else seq(s.serving)
    # triggers with a when: what is used this turn, queued, and how many triggered in this action
    # (the index follows the field): until the cap (max_triggers_per_action) is reached, no two
    # nodes are alike, so an exchange is called endless only once triggering has stopped — the cap
    # may well end what would otherwise repeat
    tr = s.trig
    trig = None if tr is None else (tuple(sorted(tr.used.items())), tuple(tr.queue), tr.fired, tr.capped)
    return (step, steps, players, s.turn, s.active, s.first, s.phase, canon(s.event), serving,
            seq(s.help_used), s.trouble_used, s.callin_open, tuple(s.owed_call_ins), trig)


def _canon_step(st: tuple, canon, seq) -> tuple:
    kind = st[0]
    if kind == "to_backyard":
        return (kind, canon(st[1]))
    if kind == "place_cast":
        return (kind, st[1], canon(st[2]))
    if kind == "serve_end":
        return (kind, canon(st[1]))
    if kind == "effect":  # (with done / accepted after the first 8 fields when they are not the defaults)
        _, c, source, ops, idx, last, extra, preset = st[:8]
        return (kind, c, canon(source), ops, idx, seq(last), extra, None if preset is None else seq(preset)) \
            + tuple(st[8:])
    if kind == "effect_place":
        return (kind, st[1], canon(st[2]), canon(st[3]))
    if kind == "trigger":
        return (kind, st[1], canon(st[2])) + tuple(st[3:])
    return st


class ScriptRng:
    """The random generator of an exploration's run: shuffle ``k`` takes the ``script[k]``-th
    of the pile's distinct results (by card class); a shuffle past the script raises
    ``NeedChoice``. Nothing else of the game may draw a random number there."""

    __slots__ = ("script", "at", "klass", "state")

    def __init__(self, script: tuple, klass: tuple):
        self.script, self.at, self.klass, self.state = script, 0, klass, 0

    def shuffle(self, items: list) -> None:
        if len(items) <= 1:
            return  # (as Rng.shuffle: nothing to choose)
        results = outcomes(tuple(self.klass[i] for i in items))
        if len(results) == 1:
            return
        if self.at >= len(self.script):
            raise NeedChoice(len(results))
        order = results[self.script[self.at]]
        self.at += 1
        pool: dict = {}
        for i in items:
            pool.setdefault(self.klass[i], []).append(i)
        for k in pool:
            pool[k].reverse()
        items[:] = [pool[k].pop() for k in order]

    def below(self, n: int) -> int:
        raise GiveUp

    next64 = choice = below


_OUTCOMES: dict = {}


def outcomes(classes_: tuple) -> tuple:
    """The distinct orders of a pile whose cards are of these classes (made once per multiset;
    ``GiveUp`` past ``MAX_OUTCOMES``)."""
    key = tuple(sorted(classes_))
    hit = _OUTCOMES.get(key)
    if hit is None:
        counts: dict = {}
        for k in key:
            counts[k] = counts.get(k, 0) + 1
        n = math.factorial(len(key))
        for c in counts.values():
            n //= math.factorial(c)
        if n > MAX_OUTCOMES:
            raise GiveUp
        hit = tuple(_orders(counts, len(key)))
        if len(_OUTCOMES) > 1024:
            _OUTCOMES.clear()
        _OUTCOMES[key] = hit
    return hit


def _orders(counts: dict, n: int):
    """Every distinct sequence of ``n`` items with these counts."""
    if n == 0:
        yield ()
        return
    for k in sorted(counts):
        if counts[k]:
            counts[k] -= 1
            for rest in _orders(counts, n - 1):
                yield (k,) + rest
            counts[k] += 1


def explore(rules: Any, s, step: tuple, watch: Watch) -> bool | None:
    """From the node ``step`` of state ``s``: True if no shuffle results let the exchange end,
    False if some can, None if the exploration went past its bounds. Every node explored gets
    its verdict in ``watch.known``."""
    klass = classes(s)
    start = s.clone()
    start.loop_watch = PROBING
    root = loop_key(s, step)
    nodes = {root: (start, step)}
    edges: dict = {}
    todo = [root]
    runs = 0
    try:
        while todo:
            k = todo.pop()
            base, node_step = nodes[k]
            succ: set = set()
            scripts: list[tuple[int, ...]] = [()]
            while scripts:
                script = scripts.pop()
                runs += 1
                if runs > MAX_RUNS:
                    raise GiveUp
                try:
                    found = _run(rules, base, node_step, script, klass)
                except NeedChoice as need:
                    scripts.extend(script + (i,) for i in range(need.count))
                    continue
                if found is None:
                    succ.add(None)  # an exit
                    continue
                key2, c2, step2 = found
                succ.add(key2)
                if key2 not in nodes and key2 not in watch.known:
                    if len(nodes) >= MAX_NODES:
                        raise GiveUp
                    nodes[key2] = (c2, step2)
                    todo.append(key2)
            edges[k] = succ
    except GiveUp:
        return None
    # the nodes from which an exit can be reached (or a node already known to end)
    can_end = {k for k, succ in edges.items() if None in succ or any(watch.known.get(x) is False for x in succ)}
    changed = True
    while changed:
        changed = False
        for k, succ in edges.items():
            if k not in can_end and not succ.isdisjoint(can_end):
                can_end.add(k)
                changed = True
    for k in edges:
        watch.known[k] = k not in can_end
    return watch.known[root]


def _run(rules: Any, base, node_step: tuple, script: tuple, klass: tuple):
    """Run from the node with these shuffle results to the next node: (its key, the state, its
    step), or None when a decision opens (or the game ends) first: an exit."""
    c = base.clone()
    c.loop_watch = PROBING
    c.rng = ScriptRng(script, klass)
    steps, handlers = c.steps, rules._STEPS
    handlers[node_step[0]](rules, c, node_step)
    budget = MAX_RUN_STEPS
    while c.decision is None and not c.over:
        if c.trig is not None and c.trig.queue:  # as the rules' advance does after each step
            rules.after_op(c)
        st = steps.pop()
        if is_node(st):
            return loop_key(c, st), c, st
        budget -= 1
        if budget < 0:
            raise GiveUp
        handlers[st[0]](rules, c, st)
    return None
