"""Kemuri Chuudoku heuristic: race to 16 seats and close with an active leader.

Reads only the player's own observation, the legal actions and (for card text) the public card
database by card id; never the game state. Outline:

- close whenever it is legal (KM-W1: the only win);
- keep the leader active when this turn can end with 16+ seats ("close mode"): no leader draw,
  no operation charm, no cost that would drop the projected seats below 16;
- otherwise lock the leader for its draw (or use a draw / call-in charm) every turn, unless the
  hand is clogged and the deck nearly empty (each refresh gives the opponent a call-in);
- mulligan expensive casts (all but the card-finding supports when no cost-0 cast can start:
  seats begin at 0); charcoal change only when the hand clearly improves (seats never change in
  a swap; the seat of the best swap first, then its hand cards one at a time); pay costs with the fewest seats possible, least useful cards first;
- place affordable casts, best value first; place an event that helps us more than the opponent;
  use supports when useful;
- serving follows a small greedy plan: each serving calls in whatever the CP result, so casts
  serve when they win their contest (tie: server) or when the opponent has no cast (イケイケ);
  a losing serving costs the cast and is only made when the seats close the game this turn;
  a flavour cross is formed when it makes the plan better (it beats a cast no single one beats);
- help when the help turns a lost contest into a win; troubles against the opponent's best play
  (above all: a close this turn);
- the cards written in the card language (conditions, "if you do" / "you may", selector tables and
  ``move``, triggers with ``when``; read by ``kemuri_language``) are valued from their data: what
  their ops do now, where the conditions hold (``_lang_value``), on placing a cast, using a support
  or a trouble, placing an event; the older cards keep the worth they had. Costs, choices and
  amounts (cost lists and ``pay``, ``choose_one``, ``look``, ``chooser = "opponent"``, "for each"
  amounts counted on the observation) and a cast's own "when this cast is destroyed" call-in or
  draw (the sample set's Last Order keyword) too (docs/agents.md, Kemuri set 1.4.0)."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ...engine.action import Action
from ...engine.amounts import Amount
from ...engine.cards import FrozenList, FrozenView
from ...engine.memo import IdMemo, per_object, remembered
from ...engine.rng import Rng
from ..base import AgentView
from . import kemuri_language as L
from .common import decide_by_kind, final_value, logistic, offered_cards

#: decision kinds ISMCTS leaves to this heuristic unless it searches everything (search_all):
#: hand shaping and which seat pays a cost pay off turns later
LONG_TERM = frozenset({"mulligan", "charcoal", "charcoal_in", "pay", "pick_card"})

#: ISMCTS settings for Kemuri (docs/agents.md): the opponent played by this heuristic inside the
#: search, every decision searched (the long-term ones too), rollouts to the end of the turn
ISMCTS = {"opponent": "model", "search_all": True, "rollout_turns": 1}

STRICT = False          # tests/benchmarks: let errors surface instead of falling back
SEATS_PER_CALL = 1.2    # expected seats per call-in (levels 1-3, some cards are triggers)
CLOSE_PER_CALL = 1.6    # optimistic seats per call-in when deciding to keep the leader for a close
RISK_SCALE = 0.5        # weight of the estimated help risk in a contest we win
MINE_SCALE = 0.7        # weight of our cast lost in a contest
KILL_SCALE = 1.0        # weight of the opponent's cast removed in a contest
PLACE_MIN = 0.3         # least score for placing a cast
HAND_BIG = 8            # a hand larger than this clogs the deck (refreshes feed the opponent)


# --- card text (public card database, by id) -------------------------------------------------

@lru_cache(maxsize=None)
def _db(cid: str):
    try:
        from ...api import card_set
        return card_set("kemuri").find(cid)
    except Exception:  # pragma: no cover - no card database
        return None


@lru_cache(maxsize=None)
def _ops(cid: str, kind: str) -> tuple:
    """(op name, args) of the card's abilities of ``kind`` (static, use, charm, ...); None when
    the card is not in the database (e.g. test fixtures)."""
    c = _db(cid)
    if c is None:
        return None
    return tuple((op.name, {k: _num(v) for k, v in op.args.items()}) for ab in c.abilities if ab.kind == kind
                 for op in ab.effects)


def _num(v):
    """A parameter as the heuristic weighs it: a "for each" amount (engine/amounts.py) as a
    typical number (two of what it counts, within its cap); anything else as it is."""
    if isinstance(v, Amount):
        n = 2 * v.times
        return max(-v.max, min(v.max, n)) if v.max is not None else n
    return v


@lru_cache(maxsize=None)
def _language(cid: str, kind: str) -> tuple:
    """The card's abilities of ``kind`` that use the card language (``kemuri_language.is_language``);
    the others are valued as before, by ``_ops``."""
    c = _db(cid)
    if c is None:
        return ()
    return tuple(ab for ab in c.abilities if ab.kind == kind and L.is_language(ab))


# --- small helpers -----------------------------------------------------------------------------

def _me_opp(obs, p):
    return obs["players"][p], obs["players"][1 - p]


# What is worked out from one read-only view of a shared observation alone (a cast's value, the
# helpers in a pile, a hand card's facts) is remembered by the view's id (``engine.memo``): such
# views (FrozenView, FrozenList) never change and are made once per what they show.

@per_object(FrozenView)
def _cast_value(c: dict) -> float:
    """What a cast on the floor is worth (to keep, or to remove from the opponent): its CP (it
    wins contests and blocks), its call-ins (seats) and what it cost."""
    return 1.0 + 0.4 * c.get("cp_now", c.get("cp", 0)) + 0.8 * c.get("call_in_now", c.get("call_in", 0)) \
        + 0.5 * c.get("cost", 0) + 0.5 * len(c.get("cross") or ())


@per_object(FrozenList)
def _helpers_of(cards) -> list:
    """(help shift, help CP) of the cards that can help, in order."""
    return [(c.get("help_shift"), c.get("help_cp", 0)) for c in cards if c.get("help_shift") is not None]


def _hand_value(c: dict, seats: int, floor_full: bool) -> float:
    """How useful a card is in hand (for mulligan, charcoal change, paying, picking)."""
    cast, v, cost, help_cp = _hand_facts(c)
    if not cast:
        return v
    if cost > seats:
        v -= 0.5
    if floor_full:
        v = 0.5 * v + 0.4 * help_cp
    return max(0.2, v)


@per_object(FrozenView)
def _hand_facts(c: dict) -> tuple:
    """What ``_hand_value`` reads of a card: (is it a cast, its value — for a cast before its cost
    is weighed against the seats and the floor, its cost, its help CP)."""
    kind = c.get("kind")
    if kind == "cast":
        v = 0.8 + 0.35 * c.get("cp", 0) + 1.0 * c.get("call_in", 0) - 0.45 * c.get("cost", 0)
        v += 0.4 * c.get("help_cp", 0)
        return (True, v, c.get("cost", 0), c.get("help_cp", 0))
    if kind == "support":
        ops = _ops(c["id"], "use")
        if ops:
            names = {o[0] for o in ops}
            if "call_in" in names:
                return (False, 3.2, 0, 0)
            if "draw" in names or "search" in names:
                return (False, 2.6, 0, 0)
            if "salvage" in names:
                return (False, 2.0, 0, 0)
            return (False, 1.6, 0, 0)
        return (False, 2.2, 0, 0)
    if kind == "trouble":
        return (False, 2.0, 0, 0)
    if kind == "event":
        return (False, 1.4, 0, 0)
    return (False, 1.0, 0, 0)


def _card_index(obs) -> "_CardIndex":
    """Every card this player can see, by instance id (``get``)."""
    return _CardIndex(obs)


class _CardIndex:
    """Every card an observation shows, by instance id, read zone by zone only as far as a
    look-up needs: the viewer's hand and seats first (what most look-ups ask for), then every
    zone. An instance id is in one place only, so the order finds the same card."""

    __slots__ = ("_idx", "_zones")

    def __init__(self, obs):
        self._idx: dict[int, dict] = {}
        self._zones = _zones(obs)

    def get(self, iid, default=None):
        c = self._idx.get(iid)
        if c is not None:
            return c
        idx = self._idx
        for zone in self._zones:
            for c in zone:
                idx[c["iid"]] = c
            if iid in idx:
                return idx[iid]
        return default


def _zones(obs):
    players = obs["players"]
    viewer = obs.get("viewer")
    first = players[viewer] if viewer in (0, 1) and viewer < len(players) else None
    if first is not None:
        yield first.get("hand") or ()
        yield first.get("seating") or ()
    for pv in players:
        for z in ("hand", "backyard", "seating", "resolving"):
            if pv is not first or z in ("backyard", "resolving"):
                yield pv.get(z) or ()
        yield pv["floor"]
        for c in pv["floor"]:
            yield c.get("cross") or ()
    ev = obs.get("event")
    if ev:
        yield (ev,)


def _card_named(view: AgentView, a: Action) -> dict | None:
    """A card we cannot see (e.g. searched from the deck): its printed facts, by the card id the
    action names (``view.cards``: data, never the action's words)."""
    cid = view.cards(a).get("card")
    card = _db(cid) if cid else None
    if card is None:
        return None
    d = {"id": card.id, "kind": card.kind, "level": card.level, "cost": card.cost, "cp": card.cp,
         "call_in": card.call_in, "shift": card.shift}
    if card.help_shift:
        d.update(help_shift=card.help_shift, help_cp=card.help_cp)
    return d


# --- serving plan ------------------------------------------------------------------------------

class Risk:
    """How likely the receiving player turns a contest around: help cards in a hand of
    ``hand`` cards (the share of helpers estimated from the cards of theirs we have seen, with a
    prior), and a help charm still to use."""

    __slots__ = ("hand", "charm", "known", "_opp", "_seen", "_helpers", "_memo")

    def __init__(self, opp: dict | None = None):
        self.hand = opp["hand_count"] if opp else 0
        self.charm = _charm_help(opp) if opp else 0
        self.known = opp.get("hand") if opp else None  # our own hand: no guessing
        self._opp = opp
        self._seen = None
        self._helpers = None
        self._memo: dict = {}  # (margin, shift) -> risk: the same question gets the same answer

    @property
    def seen(self) -> list:
        """The receiving player's cards we have seen (backyard, seating, floor), listed once."""
        if self._seen is None:
            seen = []
            opp = self._opp
            if opp:
                for z in ("backyard", "seating"):
                    seen += opp.get(z) or ()
                for c in opp["floor"]:
                    seen.append(c)
                    seen += c.get("cross") or ()
            self._seen = seen
        return self._seen

    def helpers(self) -> tuple[list, int]:
        """(help shift, help CP) of the seen cards that can help, in the order seen, and how
        many cards were seen (``seen``, worked out pile by pile)."""
        if self._helpers is None:
            out: list = []
            n = 0
            opp = self._opp
            if opp:
                for z in ("backyard", "seating"):
                    pile = opp.get(z) or ()
                    out += _helpers_of(pile)
                    n += len(pile)
                rest = []
                for c in opp["floor"]:
                    rest.append(c)
                    rest += c.get("cross") or ()
                out += _helpers_of(rest)
                n += len(rest)
            self._helpers = (out, n)
        return self._helpers

    def __call__(self, margin: int, shift: str | None) -> float:
        key = (margin, shift)
        r = self._memo.get(key)
        if r is None:
            r = self._memo[key] = self._risk(margin, shift)
        return r

    def _risk(self, margin: int, shift: str | None) -> float:
        need = margin + 1  # the server wins ties
        if self.charm and need <= self.charm:
            return 0.6
        if self.hand <= 0:
            return 0.0
        if self.known is not None:
            have = sum(c.get("help_cp", 0) for c in self.known
                       if c.get("help_shift") is not None and (shift is None or c.get("help_shift") == shift))
            return 0.9 if have >= need else 0.0
        prior = _PRIOR.get(need, 0.02)
        k = 0.0
        helpers, n_seen = self.helpers()
        for hs, hcp in helpers:
            if shift is None or hs == shift:
                k += 1.0 if hcp >= need else 0.25 * hcp / need
        f = (k + 6 * prior) / (n_seen + 6)
        return 1 - (1 - min(0.9, f)) ** min(self.hand, 8)


_PRIOR = {1: 0.2, 2: 0.15, 3: 0.08}  # a hand card's chance to help, by the CP it must add


def _charm_help(pv: dict) -> int:
    """CP swing of the player's help charm if it is still usable (0 if not)."""
    ld = pv.get("leader")
    if not (ld and ld.get("active") and not ld.get("charm_used") and ld.get("charm_timing") == "help"):
        return 0
    ops = _ops(ld.get("id", ""), "charm")
    if ops is None:
        return 3
    return sum(abs(a.get("amount", 0)) for n, a in ops if n == "modify" and a.get("stat") == "cp")


def _serve_gain(srv: dict, rcv: dict | None, risk: "Risk", closing: bool, values: IdMemo | None = None) -> float:
    """What serving ``srv`` into ``rcv`` (None: イケイケ) gains. ``values``: the casts' values
    (``_cast_value``) already worked out, by ``id`` (``_PlanMemo.values``)."""
    calls = srv["call_in_now"] + (1 if rcv is None else 0)
    g = calls * SEATS_PER_CALL
    if rcv is None:
        return g
    margin = srv["cp_now"] - rcv["cp_now"]
    if values is None:
        mv, tv = _cast_value(srv), _cast_value(rcv)
    else:
        hit = values.get(id(srv))  # (``values.of`` written out: the plans' innermost loop)
        mv = (hit or values.keep(id(srv), _cast_value(srv), srv))[0]
        hit = values.get(id(rcv))
        tv = (hit or values.keep(id(rcv), _cast_value(rcv), rcv))[0]
    # a cast that falls may leave something behind (Last Order: a call-in for its owner)
    mine = MINE_SCALE * mv - _fall_worth(srv.get("id"))
    theirs = KILL_SCALE * tv - _fall_worth(rcv.get("id"))
    w = 1.0
    if margin >= 0:
        r = RISK_SCALE * risk(margin, rcv.get("shift"))
        g += w * ((1 - r) * theirs - r * mine)
    else:
        g -= w * mine if not closing else 0.2 * mine
    return g


@lru_cache(maxsize=None)
def _fall_worth(cid: str | None) -> float:
    """What the card's own "when this cast is destroyed" triggers give its owner, in seats (a
    call-in ``SEATS_PER_CALL``, a card drawn 0.8); 0 for most cards."""
    card = _db(cid) if cid else None
    v = 0.0
    for ab in getattr(card, "abilities", ()):
        w = ab.when
        if ab.kind != "trigger" or w is None or w.event != "destroyed" or not w.this or ab.cond is not None:
            continue
        for op in ab.effects:
            amount = op.args.get("amount", 1)
            if not isinstance(amount, int) or op.args.get("player", "self") != "self":
                continue
            v += SEATS_PER_CALL * amount if op.name == "call_in" else 0.8 * amount if op.name == "draw" else 0.0
    return v


class _PlanMemo:
    """What the serving plans of one decision (the same ``risk`` and ``closing``) share: each
    (server, receiver) pair's gain and each cast's value, by the ids of the cast dicts
    (``engine.memo.IdMemo``: each entry keeps its dicts, so that their ids stay theirs)."""

    __slots__ = ("pairs", "values")

    def __init__(self):
        self.pairs = IdMemo(None)
        self.values = IdMemo(None)


_NO_RECEIVER = (None,)  # a serving into an empty floor (イケイケ)


def _plan(mine: list[dict], theirs: list[dict], risk: Risk, closing: bool,
          limit: int = 9, gains: _PlanMemo | None = None) -> tuple[float, list]:
    """Greedy serving plan: repeatedly take the best (server, receiver) pair while it gains;
    a beaten receiver leaves, so later servings may be イケイケ. Returns (total gain, steps).
    ``gains``: the gains and values already worked out with the same ``risk`` and ``closing``,
    shared by the plans of one decision."""
    mine = [c for c in mine if not c.get("served")]
    theirs = list(theirs)
    total, steps = 0.0, []
    if gains is None:
        gains = _PlanMemo()
    pairs, values = gains.pairs, gains.values
    get = pairs.get
    while mine and len(steps) < limit:
        best = None
        for s in mine:
            sid = id(s)
            for r in (theirs or _NO_RECEIVER):
                hit = get((sid, id(r)))
                if hit is None:
                    hit = pairs.keep((sid, id(r)), _serve_gain(s, r, risk, closing, values), s, r)
                g = hit[0]
                if best is None or g > best:
                    best, s_best, r_best = g, s, r
        g, s, r = best, s_best, r_best
        if g <= 0:
            break
        total += g
        steps.append((s, r))
        mine.remove(s)
        if r is not None and s["cp_now"] >= r["cp_now"]:
            theirs.remove(r)
    return total, steps


def _projected_calls(mine: list[dict], theirs: list[dict]) -> int:
    """Call-ins our unserved casts can make this turn (イケイケ when the opponent has no cast)."""
    return sum(c["call_in_now"] + (0 if theirs else 1) for c in mine if not c.get("served"))


def _seats_per_call(me: dict) -> float:
    """1, or 0 when the deck and the backyard are both empty (a call-in then finds nothing)."""
    return 1.0 if me["deck"] or me["backyard"] else 0.0


def _potential_calls(me: dict, theirs: list[dict]) -> int:
    """Call-ins still possible this turn from the operation phase on: the floor, the free casts
    in hand that fit on it, and one call-in support."""
    calls = _projected_calls(me["floor"], theirs)
    room = 3 - sum(1 + len(c.get("cross") or ()) for c in me["floor"])
    free = sorted((c["call_in"] for c in me["hand"] or () if c["kind"] == "cast" and c["cost"] == 0),
                  reverse=True)
    calls += sum(ci + (0 if theirs else 1) for ci in free[:max(0, room)])
    if not me.get("support_used"):
        best = 0
        for c in me["hand"] or ():
            if c["kind"] == "support":
                ops = _ops(c["id"], "use") or ()
                best = max([best] + [a.get("amount", 1) for n, a in ops
                                     if n == "call_in" and a.get("player", "self") == "self"])
        calls += best
    return calls


# --- the policy ---------------------------------------------------------------------------------

def policy(view: AgentView, rng: Rng) -> Action:
    legal = view.legal_actions
    for a in legal:
        if a.type == "close":  # KM-W1: the only win; always take it
            return a
    return decide_by_kind(view, rng, _DECIDE, _fallback, STRICT)


def _fallback(view, acts, rng):
    quiet = [a for a in acts if a.type in ("end_operation", "end_serving", "end_charcoal", "pass", "done",
                                           "mulligan_done")]
    if quiet:
        return quiet[0]
    return acts[rng.below(len(acts))]


def _mulligan(view, acts, rng):
    """Seats start at 0, so only cost-0 casts come out at first: without one, keep only the cards
    that find seats or casts (call-in, draw and search supports) and redraw the rest; with one,
    redraw the expensive casts."""
    obs = view.observation
    me = obs["players"][view.player]
    hand = me["hand"] or []
    marked = set(me.get("mulligan_pick") or ())
    has_free = any(c["kind"] == "cast" and c["cost"] == 0 for c in hand if c["iid"] not in marked)
    for a in acts:
        if a.type != "mulligan_mark" or a.card in marked:
            continue
        c = next((x for x in hand if x["iid"] == a.card), None)
        if c is None:
            continue
        if c["kind"] == "cast":
            if c["cost"] >= 3 or (not has_free and c["cost"] >= 1):
                return a
        elif not has_free:
            ops = _ops(c["id"], "use")
            finds = c["kind"] == "support" and (ops is None or any(
                o[0] in ("call_in", "draw", "search") for o in ops))
            if not finds:
                return a
    return next((a for a in acts if a.type == "mulligan_done"), None)


def _swap_options(view, seats, picked=()):
    """(gain, seat, cards) of every charcoal swap of one of ``seats`` for 1-3 hand cards of the
    same total level that include ``picked``, in the rules' order (seats as offered, then
    combinations of the hand in instance order); the gain is how much better the hand gets."""
    obs = view.observation
    me = obs["players"][view.player]
    hand_views = me["hand"] or []
    n_seats = me["seats"]
    full = sum(1 + len(c.get("cross") or ()) for c in me["floor"]) >= 3
    idx = _card_index(obs)
    hand = sorted(c["iid"] for c in hand_views)
    thin = 0.1 + 0.3 * max(0, len(hand_views) - HAND_BIG)  # finer seats pay costs more exactly;
    seat_views = [(s, idx.get(s)) for s in seats]             # a clogged hand is better thinned out
    given = [idx.get(i) for i in hand]
    levels = [g.get("level", 0) if g is not None else None for g in given]
    wanted = {v.get("level", 0) for _, v in seat_views if v is not None}
    if not wanted:
        return []
    if None in levels or not all(isinstance(lv, int) and lv >= 1 for lv in levels) \
            or not all(isinstance(lv, int) for lv in wanted):
        by_level = _combos_by_level(hand, given, picked)
    else:  # the same lists, only for the levels wanted (every card adds at least 1)
        by_level = _combos_of_levels(hand, given, levels, picked, wanted)
    out = []
    values: dict[int, float] = {}  # each hand card's value, worked out once
    priced: dict = {}  # by level: (combination, what its cards are worth, the thinning bonus)

    def worth(combo, cards) -> float:
        hv = []
        for i, g in zip(combo, cards):
            v = values.get(i)
            if v is None:
                v = values[i] = _hand_value(g, n_seats, full)
            hv.append(v)
        return sum(hv)
    for s, seat in seat_views:
        if seat is None:
            continue
        lv = seat.get("level", 0)
        options = priced.get(lv)
        if options is None:  # seats of one level share their options
            options = priced[lv] = [(combo, worth(combo, cards), thin * (len(cards) - 1))
                                    for combo, cards in by_level.get(lv, ())]
        if not options:
            continue
        base = _hand_value(seat, n_seats, full)
        for combo, w, extra in options:
            out.append((base - w + extra, s, combo))
    return out


def _combos_by_level(hand: list[int], given: list, picked: tuple) -> dict[int, list]:
    """(combination, its cards) of every 1-3 hand cards (in instance order) that include
    ``picked``, by their total level."""
    view = dict(zip(hand, given))
    by_level: dict[int, list] = {}
    for k in (1, 2, 3):
        for combo in combinations(hand, k):
            cards = [view[i] for i in combo]
            if any(g is None for g in cards) or not set(picked) <= set(combo):
                continue
            by_level.setdefault(sum(g.get("level", 0) for g in cards), []).append((combo, cards))
    return by_level


def _combos_of_levels(hand: list[int], given: list, levels: list[int], picked: tuple,
                      wanted: set) -> dict[int, list]:
    """``_combos_by_level`` for the total levels in ``wanted`` only, every level being >= 1 (a
    combination whose first cards already pass the largest wanted total is skipped whole)."""
    top = max(wanted)
    need = set(picked)
    by_level: dict[int, list] = {}
    n = len(hand)
    for k in (1, 2, 3):
        for a in range(n):
            la = levels[a]
            if la + (k - 1) > top:
                continue
            if k == 1:
                if la in wanted and need <= {hand[a]}:
                    by_level.setdefault(la, []).append(((hand[a],), [given[a]]))
                continue
            for b in range(a + 1, n):
                lb = la + levels[b]
                if lb + (k - 2) > top:
                    continue
                if k == 2:
                    if lb in wanted and need <= {hand[a], hand[b]}:
                        by_level.setdefault(lb, []).append(((hand[a], hand[b]), [given[a], given[b]]))
                    continue
                for c in range(b + 1, n):
                    lc = lb + levels[c]
                    if lc in wanted and need <= {hand[a], hand[b], hand[c]}:
                        by_level.setdefault(lc, []).append(((hand[a], hand[b], hand[c]),
                                                            [given[a], given[b], given[c]]))
    return by_level


def _best_swap(options, least: float | None):
    best = None
    for o in options:
        if (least is None or o[0] > least) and (best is None or o[0] > best[0]):
            best = o
    return best


def _charcoal(view, acts, rng):
    """A swap only when the hand clearly improves: choose the seat of the best swap (its hand
    cards follow, one at a time, in ``charcoal_in``), else end the phase."""
    best = _best_swap(_swap_options(view, [a.seat for a in acts if a.type == "swap_out"]), 0.6)
    if best is not None:
        return Action("swap_out", seat=best[1])
    return next((a for a in acts if a.type == "end_charcoal"), None)


def _charcoal_in(view, acts, rng):
    """The next hand card of the best completion of the swap under way (it must complete)."""
    info = view.observation.get("decision") or {}
    picked = tuple(info.get("picked") or ())
    best = _best_swap(_swap_options(view, [info.get("seat")], picked), None)
    if best is None:
        return None
    offered = {a.card for a in acts if a.type == "swap_in"}
    return next((Action("swap_in", card=i) for i in best[2] if i not in picked and i in offered), None)


def _min_pay(levels: list[int], amount: int) -> int:
    """The least total of seating levels that pays ``amount`` (amount itself when exact)."""
    if amount <= 0:
        return 0
    reach = {0}
    for lv in sorted(levels):
        reach |= {r + lv for r in reach if r < amount}
    over = [r for r in reach if r >= amount]
    return min(over) if over else sum(levels)


class _MinPays(dict):
    """``_min_pay`` of a seating zone's levels by amount, worked out as asked."""

    __slots__ = ("levels",)

    def __init__(self, pile):
        super().__init__()
        self.levels = [c["level"] for c in pile]

    def __missing__(self, amount: int) -> int:
        pay = self[amount] = _min_pay(self.levels, amount)
        return pay


@per_object(FrozenList)
def _min_pays(pile) -> _MinPays:
    """The ``_MinPays`` of a seating zone, kept with its read-only view."""
    return _MinPays(pile)


def _event_net(ev_id: str, owner_is_me: bool, me: dict, opp: dict, obs=None) -> float | None:
    """How much an event's statics (and, with ``obs``, its triggered abilities in the card
    language) help us minus the opponent (None: unknown card)."""
    ops = _ops(ev_id, "static")
    if ops is None:
        return None
    net = 0.0
    if obs is not None and _language(ev_id, "trigger"):
        owner = me["player"] if owner_is_me else opp["player"]
        net += (1.0 if owner_is_me else -1.0) * _event_triggers(ev_id, owner, obs)
    # (cast, weight): ours on the floor, then the casts in our hand (they may come out), theirs
    casts_me = [(c, 1.0) for c in me["floor"]] + [(c, 0.4) for c in (me["hand"] or []) if c["kind"] == "cast"]
    casts_opp = [(c, 1.0) for c in opp["floor"]]
    for name, args in ops:
        if name != "modify":
            continue
        t, flt, amt = args.get("target"), args.get("filter") or {}, args.get("amount", 0)
        w = 0.5 if args.get("stat") == "cp" else 1.3
        for side, casts, mine in ((1, casts_me, True), (-1, casts_opp, False)):
            applies = t == "all_casts" or (t == "all_own_casts" and mine == owner_is_me) or \
                (t == "all_opponent_casts" and mine != owner_is_me)
            if not applies:
                continue
            for c, weight in casts:
                if all(c.get(k) == v for k, v in flt.items()):
                    net += side * amt * w * weight
    return net


# --- the card language (docs/cards.md K4a, K4b, K6) ------------------------------------------------
#
# Worth of resolving a list of ops now, for "you" = ``p``, on the scale of ``_support_value`` (a
# card drawn 1.0, a call-in 1.5, a seat 1.2): an op whose ``if`` does not hold is worth nothing,
# nor an ``if_done`` op after one that did nothing; an ``optional`` op is declined when it would
# cost; a selector table counts only the cards it names. Only abilities written in the language
# are valued here (``_language``), so the older cards keep their worth.

SEAT_WORTH = 1.2   # a seat gained or taken, on that scale
CALL_WORTH = 1.5   # a call-in


def _lang_value(ops, obs, p: int, source: int | None = None, floor_extra: int = 0) -> float:
    """What resolving ``ops`` is worth to ``p`` now (see above). ``floor_extra``: casts about to
    be placed, counted on the floor by the conditions."""
    return _ops_from(tuple(ops), 0, True, obs, p, source, floor_extra)


def _ops_from(ops: tuple, k: int, done: bool, obs, p: int, source: int | None, floor_extra: int) -> float:
    """``_lang_value`` of ``ops[k:]``, ``done``: whether the op before acted. "You may": the
    better of yes (the op and what follows it, its "if you do" ops too) and no."""
    if k >= len(ops):
        return 0.0
    op = ops[k]
    if op.if_done and not done:
        return _ops_from(ops, k + 1, False, obs, p, source, floor_extra)
    if op.cond is not None and not L.holds(obs, p, op.cond, floor_extra):
        return _ops_from(ops, k + 1, False, obs, p, source, floor_extra)
    d, acted = _op_value(op, obs, p, source, floor_extra)
    yes = d + _ops_from(ops, k + 1, acted, obs, p, source, floor_extra)
    if not op.optional:
        return yes
    return max(yes, _ops_from(ops, k + 1, False, obs, p, source, floor_extra))


def _floor_room(pv: dict, extra: int = 0) -> bool:
    return sum(1 + len(c.get("cross") or ()) for c in pv["floor"]) + extra < 3


def _op_value(op, obs, p: int, source: int | None, floor_extra: int) -> tuple[float, bool]:
    """(worth, whether it acts) of one op of the card language."""
    me, opp = _me_opp(obs, p)
    name, a = op.name, op.args
    mine_ = a.get("player", "opponent" if name in ("lose_seats", "mill") else "self") == "self"
    sign = 1.0 if mine_ else -1.0
    amount = L.amount_now(a.get("amount", 1), obs, p, source)
    if name == "call_in":
        return sign * CALL_WORTH * amount, True
    if name == "draw":
        return sign * amount, True
    if name == "lose_seats":
        pv = me if mine_ else opp
        return -sign * SEAT_WORTH * min(amount, pv["seats"]), pv["seats"] > 0
    if name in L.CHOICE_OPS:
        return _choice_op_value(op, obs, p, source, floor_extra)
    target = a.get("target")
    if name == "modify" and target == "self":  # this cast raised (a "for each" amount counted now)
        return (0.4 if a.get("stat") == "cp" else 1.2) * amount, True
    if name == "move" and L.is_table(target) and target.zone != "floor":
        return _pile_move_value(op, obs, p, source, floor_extra)
    if name in ("modify", "destroy", "move") and L.is_table(target):
        return _floor_op_value(op, obs, p, source)
    if name == "set_state":
        return (0.5 if a.get("state") == "locked" else 0.2), True
    return 0.3, True


def _choice_op_value(op, obs, p: int, source: int | None, floor_extra: int) -> tuple[float, bool]:
    """The ops of docs/cards.md K4c, K4d: ``pay`` (what its parts take, when they can be paid),
    ``choose_one`` (its best ``count`` modes), ``look`` (a card for each taken, a little for
    putting the rest of our own deck in order)."""
    a = op.args
    if op.name == "pay":
        payable = _payable(a["cost"], obs["players"][p], source)
        return (-_cost_burden(a["cost"], {}) if payable else 0.0), payable
    if op.name == "choose_one":
        worths = sorted((_lang_value(m.ops, obs, p, source, floor_extra) for m in a["modes"]), reverse=True)
        return sum(worths[:a.get("count", 1)]), True
    take, mine_ = a.get("take"), a.get("side", "own") == "own"
    v = 0.9 * take.choose if take is not None and take.to == "hand" else 0.0
    if take is not None and not mine_ and a.get("zone") == "hand":  # a card of their hand taken
        v += 0.9 * min(take.choose, L.number(obs, 1 - p, "hand"))
    if take is not None and take.to == "seating":
        v += SEAT_WORTH * take.choose
    if mine_ and a.get("rest") == "top":
        v += 0.3  # the next call-ins and draws set
    return v, True


def _payable(costs, me: dict, source: int | None) -> bool:
    """Whether ``me`` can pay a cost list's parts as far as the observation tells: the seats,
    the hand cards a discard takes (beside the card used)."""
    hand = sum(1 for c in me.get("hand") or () if c.get("iid") != source)
    for part in costs.parts:
        if part.pay == "resources" and me["seats"] < part.amount:
            return False
        if part.pay == "discard":
            hand -= part.amount
    return hand >= 0


def _floor_op_value(op, obs, p: int, source: int | None) -> tuple[float, bool]:
    """A ``modify``, ``destroy`` or ``move`` of casts named by a table over the floors."""
    me, opp = _me_opp(obs, p)
    sel, a = op.args["target"], op.args
    ours = L.casts(me["floor"], sel, source, obs) if sel.side != "opponent" else []
    theirs = L.casts(opp["floor"], sel, source, obs) if sel.side != "own" else []
    k = L.how_many(sel)
    if not ours and not theirs:
        return 0.0, False
    if op.name == "modify":
        w = 0.4 if a.get("stat") == "cp" else 1.2
        amt = L.amount_now(a.get("amount", 0), obs, p, source)
        return w * amt * (min(k, len(ours)) - min(k, len(theirs))), True
    # the opponent chooses (chooser = "opponent"): the casts worth least to them go
    away = sorted((_cast_value(c) for c in theirs), reverse=sel.chooser != "opponent")[:k]
    lost = sorted(_cast_value(c) for c in ours)[:k] if sel.side == "own" else []
    back = 0.6 if a.get("to") == "hand" else 0.9
    return back * sum(away) - sum(lost), True


def _pile_move_value(op, obs, p: int, source: int | None, floor_extra: int) -> tuple[float, bool]:
    """A ``move`` of cards of a pile (a backyard, a seating zone, a hand, the event): ours onto
    the floor (a cast, unpaid, while there is room), into the seats (worth their level, less what
    a hand card was worth) or into the hand; the opponent's customers taken away (their level)."""
    sel, to = op.args["target"], op.args.get("to")
    me, _ = _me_opp(obs, p)
    found = L.pile(obs, p, sel, source)
    if found is not None and sel.zone == "hand":  # the card used is on its way out of the hand
        found = [(own, c) for own, c in found if c.get("iid") != source]
    if found is None:  # a deck, the opponent's hand: a little, as a card
        return (0.5 if sel.side == "own" else 0.3), True
    k = L.how_many(sel)
    ours = [c for own, c in found if own]
    theirs = [c for own, c in found if not own]
    if not found:
        return 0.0, False
    full = not _floor_room(me, floor_extra)
    gains = []
    for c in ours:
        if to == "floor":
            if c.get("kind") == "cast" and not full:
                gains.append(0.6 * _cast_value(c))
        elif to == "seating":
            lost = 0.6 * _hand_value(c, me["seats"], full) if sel.zone == "hand" else 0.0
            gains.append(SEAT_WORTH * c.get("level", 1) - lost)
        elif to == "hand":
            gains.append(0.8 + 0.1 * _hand_value(c, me["seats"], full) if sel.zone != "hand" else 0.0)
        else:  # our cards to the deck or the backyard
            gains.append(-0.5 * c.get("level", 1))
    for c in theirs:
        if sel.zone == "seating" and to != "seating":
            gains.append(SEAT_WORTH * c.get("level", 1))
        elif to in ("deck", "backyard"):
            gains.append(0.3)
    best = sorted(gains, reverse=True)[:k]
    if sel.up_to:  # "up to": only the ones worth it
        best = [g for g in best if g > 0]
    return sum(best), bool(best)


def _trigger_worth(ab, obs, p: int, source: int | None, floor_extra: int = 0) -> float:
    """A triggered ability of ``p``'s when it triggers now: nothing when its ``if`` does not hold;
    an ``optional`` one at least 0 (it is declined)."""
    if ab.cond is not None and not L.holds(obs, p, ab.cond, floor_extra):
        return 0.0
    v = _lang_value(ab.effects, obs, p, source, floor_extra)
    return max(v, 0.0) if ab.optional else v


def _enters(ab, card: dict, mover: int, controller: int, source: int | None) -> bool:
    """Whether ``ab`` (of a card of ``controller`` on the field; ``source``: that card, None for
    the card entering itself) triggers when ``card`` of ``mover`` is placed from the hand."""
    w = ab.when
    if w is None or w.event != "enters" or w.frm not in (None, "hand"):
        return False
    if w.player != "either" and (w.player == "own") != (mover == controller):
        return False
    if w.this:
        return source is None
    if source is None:
        return False
    sel = w.card
    if sel is None:
        return True
    if sel.side != "either" and (sel.side == "own") != (mover == controller):
        return False
    return L.matches(sel, card)


def _place_bonus(c: dict, obs, p: int) -> float:
    """What placing the cast ``c`` from the hand sets off in the card language, beside its CP and
    call-ins: its on-place abilities, its own and our casts' "when a cast is placed" triggers,
    minus the opponent's; its static CP while the floor it joins makes its ``if`` hold, or as
    much as its "for each" amount counts now."""
    me, opp = _me_opp(obs, p)
    v = 0.0
    for ab in _language(c["id"], "on_place"):
        if ab.cond is None or L.holds(obs, p, ab.cond, 1):
            v += _lang_value(ab.effects, obs, p, None, 1)
    for ab in _language(c["id"], "trigger"):
        if _enters(ab, c, p, p, None):
            v += _trigger_worth(ab, obs, p, None, 1)
    for ab in _language(c["id"], "static"):  # an ``if`` or a "for each" amount, read now
        if ab.cond is None or L.holds(obs, p, ab.cond, 1):
            v += sum(_static_place_worth(op, obs, p) for op in ab.effects if op.name == "modify")
    for q, pv, sign in ((p, me, 1.0), (1 - p, opp, -0.5)):
        for u in pv["floor"]:
            for ab in _language(u["id"], "trigger"):
                if _enters(ab, c, p, q, u["iid"]):
                    v += sign * max(0.0, _trigger_worth(ab, obs, q, u["iid"]))
    return v


def _static_place_worth(op, obs, p: int) -> float:
    """What a static ``modify`` of a cast about to be placed is worth now: its own CP (its "for
    each" amount counted now), or, over a table of all the casts of a side, the change to the
    casts of each floor it names (ours up, theirs down)."""
    a = op.args
    w = 0.35 if a.get("stat") == "cp" else 1.0
    amount = L.amount_now(a.get("amount", 0), obs, p)
    target = a.get("target")
    if target == "self":
        return w * amount if a.get("stat") == "cp" else 0.0
    if not L.is_table(target):
        return 0.0
    me, opp = _me_opp(obs, p)
    ours = len(L.casts(me["floor"], target, None, obs)) if target.side != "opponent" else 0
    theirs = len(L.casts(opp["floor"], target, None, obs)) if target.side != "own" else 0
    return w * amount * (ours - theirs)


def _event_triggers(ev_id: str, owner: int, obs) -> float:
    """What an event's triggered abilities are worth to its owner while it stays on the field: a
    turn's worth, when the owner has casts on the floor or in hand to set them off (their ``if``
    aside: it is read when they trigger, maybe on another turn)."""
    pv = obs["players"][owner]
    casts = bool(pv["floor"]) or any(c.get("kind") == "cast" for c in pv.get("hand") or ())
    if not casts:
        return 0.0
    return sum(0.8 * max(0.0, _lang_value(ab.effects, obs, owner)) for ab in _language(ev_id, "trigger")
               if ab.when is not None)


def _support_value(c: dict, me: dict, opp: dict, obs, closing: bool, placing_left: bool) -> float:
    lang = _language(c["id"], "use")
    if lang:
        return sum(_lang_value(ab.effects, obs, me["player"], c["iid"]) for ab in lang)
    ops = _ops(c["id"], "use")
    casts = [x for x in me["floor"] if not x.get("served")]
    if ops is None:  # unknown support: draw-like, use it
        return 1.5
    names = [o[0] for o in ops]
    v = 0.0
    for name, args in ops:
        if name == "call_in":
            v += 1.5 * args.get("amount", 1) * (1 if args.get("player", "self") == "self" else -1)
        elif name == "draw":
            mine_ = args.get("player", "self") == "self"
            clogged = len(me["hand"] or ()) > HAND_BIG and me["deck"] <= 2 * args.get("amount", 1)
            v += args.get("amount", 1) * ((-0.3 if clogged else 1.0) if mine_ else -1.0)
        elif name in ("search", "salvage"):
            v += 1.0 if name == "search" or any(x["kind"] == "cast" for x in me["backyard"]) or "mill" in names \
                else 0.0
        elif name == "modify":
            if placing_left or not casts:
                return 0.0  # buffs wait until the floor is set
            flt = args.get("filter") or {}
            n = sum(1 for x in casts if all(x.get(k) == val for k, val in flt.items()))
            if args.get("target") == "choose_own_cast":
                n = min(n, 1)
            v += n * (0.8 if args.get("stat") == "cp" else 1.5)
        elif name == "remove_event":
            ev = obs.get("event")
            if ev is None:
                v -= 0.5
            else:
                net = _event_net(ev["id"], ev.get("owner") == me["player"], me, opp, obs)
                v += 0.0 if net is None else -net
        elif name == "set_state" and args.get("target") == "own_leader":
            v += 0.2
    return v


def _draw_useful(me: dict, leader: dict) -> bool:
    """The leader's draw, unless the hand is already clogged and the deck nearly empty (every
    refresh gives the opponent a call-in); a cast of the leader's person adds a call-in."""
    if any(m.get("person") == leader.get("person") for c in me["floor"] for m in [c] + list(c.get("cross") or ())):
        return True
    return not (len(me["hand"] or ()) > HAND_BIG and me["deck"] <= 3)


def _operation(view, acts, rng):
    obs = view.observation
    p = view.player
    me, opp = _me_opp(obs, p)
    seats, goal = me["seats"], obs.get("close_seats", 16)
    leader = me.get("leader") or {}
    by: dict = {}
    for a in acts:
        same = by.get(a.type)
        if same is None:
            by[a.type] = [a]
        else:
            same.append(a)
    idx = _card_index(obs)
    mine, theirs = me["floor"], opp["floor"]
    calls = _projected_calls(mine, theirs)
    active = bool(leader.get("active"))
    per_call = _seats_per_call(me)
    closing = active and seats + CLOSE_PER_CALL * per_call * _potential_calls(me, theirs) >= goal
    pays = _min_pays(me["seating"])
    room = sum(1 + len(c.get("cross") or ()) for c in mine) < 3

    # place casts worth their seats
    place_opts = []
    for a in by.get("place", ()):
        c = idx.get(a.params[0][1])  # a.card: (("card", iid),)
        if c is None:
            continue
        pay = pays[c["cost"]]
        after = seats - pay
        more = c["call_in"] + (0 if theirs else 1)
        if closing and after + CLOSE_PER_CALL * per_call * (calls + more) < goal \
                and SEATS_PER_CALL * per_call * more < pay:
            continue  # it would cost the close more seats than it brings this turn
        score = 0.5 + 0.35 * c["cp"] + 1.1 * c["call_in"] - 0.55 * pay - 0.4 * (pay - c["cost"])
        # it should win against something, or serve into an empty floor
        beat = not theirs or any(c["cp"] >= t["cp_now"] for t in theirs)
        score += 0.8 if beat else -0.3
        if pay > 0 and seats - pay < 2 and obs["turn"] > 2 and c["call_in"] == 0:
            score -= 1.0
        score += _place_bonus(c, obs, p)
        if score > PLACE_MIN:
            place_opts.append((score, a))
    place_opts.sort(key=lambda t: -t[0])

    # supports: card draw / call-in first, buffs once the floor is set
    sup_best = None
    for a in by.get("support", ()):
        c = idx.get(a.card)
        if c is None:
            continue
        v = _support_value(c, me, opp, obs, closing, bool(place_opts))
        if sup_best is None or v > sup_best[0]:
            sup_best = (v, a)
    if sup_best and sup_best[0] >= 1.0:
        return sup_best[1]

    # the leader: draw (or a draw / call-in charm) unless we can close this turn
    charm_kind = None
    if "charm" in by:
        ops = _ops(leader.get("id", ""), "charm")
        if ops is None or any(o[0] in ("draw", "call_in") for o in ops):
            charm_kind = "resource"
        elif any(o[0] == "modify" for o in ops):
            charm_kind = "buff"
    if not closing:
        if charm_kind == "resource":
            return by["charm"][0]
        if charm_kind != "buff" and "leader_draw" in by and _draw_useful(me, leader):
            return by["leader_draw"][0]

    if place_opts and room:
        return place_opts[0][1]

    # events: one that favours us (replacing one that favours the opponent)
    cur = obs.get("event")
    cur_net = 0.0
    if cur is not None:
        n = _event_net(cur["id"], cur.get("owner") == p, me, opp, obs)
        cur_net = n if n is not None else (0.5 if cur.get("owner") == p else -0.5)
    ev_best = None
    for a in by.get("event", ()):
        c = idx.get(a.card)
        if c is None:
            continue
        n = _event_net(c["id"], True, me, opp, obs)
        if n is None:
            n = 0.6
        if ev_best is None or n > ev_best[0]:
            ev_best = (n, a)
    if ev_best and ev_best[0] > 0.2 and ev_best[0] > cur_net + 0.2:
        return ev_best[1]
    if "remove_event" in by and cur is not None and cur_net < -2.5 and not closing:
        ev_card = idx.get(cur["iid"], cur)
        if seats - pays[ev_card.get("removal_cost", 9)] >= 4:
            return by["remove_event"][0]

    # buffs once the floor is set
    if sup_best and sup_best[0] > 0.5:
        return sup_best[1]
    # a flavour cross when it improves the serving plan
    if "cross" in by and theirs:
        pick = _best_cross(by["cross"], mine, theirs, opp, Risk(opp), closing)
        if pick is not None:
            return pick
    if charm_kind == "buff" and not closing:
        if sum(1 for c in mine if not c.get("served")) >= 2:
            return by["charm"][0]
        if "leader_draw" in by:
            return by["leader_draw"][0]
    act = _activation(by.get("activate", ()), idx, seats, closing, theirs)
    if act is not None:
        return act
    return by.get("end_operation", [None])[0]


# The flavour cross an operation decision picks (``_best_cross``), the first serving of the plan
# (``_first_serving``) and the cast a buff or a weakening targets (``_best_target``) depend only
# on the actions or targets, both floors, the receiving player's risk and whether we are closing.
# With every cast a read-only view of a shared observation, each is remembered (``engine.memo``)
# by the ids of those views and actions and what the risk reads (``_risk_facts``: the opponent's
# hand count, help charm and seen helpers): ``_shared_key``.


def _risk_facts(risk: Risk) -> tuple:
    """All that ``risk``'s answers read when it does not know the hand: the hand's size, the help
    charm and the seen helpers with how many cards were seen."""
    helpers, n_seen = risk.helpers()
    return (risk.hand, risk.charm, tuple(helpers), n_seen)


def _all_shared(opp: dict, mine: list, theirs: list) -> bool:
    """Whether the opponent's seen piles and every cast of ``mine`` and ``theirs`` are read-only
    shared views (``FrozenList``, ``FrozenView``): what the memos below may be keyed by."""
    if type(opp.get("backyard")) is not FrozenList or type(opp.get("seating")) is not FrozenList:
        return False
    for group in (mine, theirs):
        for c in group:
            if type(c) is not FrozenView:
                return False
    return True


def _shared_key(mine: list, theirs: list, opp: dict, risk: Risk, *more) -> tuple | None:
    """The memo key of a question about both floors and the risk (the ids of the floors' views,
    what the risk reads, then ``more``) with the objects whose ids it holds; None when the
    observation is not shared or the risk knows the hand (not to be remembered)."""
    if risk.known is not None or not _all_shared(opp, mine, theirs):
        return None
    return ((tuple(map(id, mine)), tuple(map(id, theirs)), _risk_facts(risk), *more),
            (tuple(mine), tuple(theirs), opp.get("backyard"), opp.get("seating")))


def _cross_key(crosses: list, mine: list, theirs: list, opp: dict, risk: Risk, closing: bool) -> tuple | None:
    key = _shared_key(mine, theirs, opp, risk, tuple(map(id, crosses)), closing)
    return None if key is None else (key[0], (key[1], tuple(crosses)))


@remembered(_cross_key)
def _best_cross(crosses: list, mine: list, theirs: list, opp: dict, risk: Risk, closing: bool) -> Action | None:
    """The flavour cross that improves the serving plan most (by more than 0.5), or None
    (``opp``: the receiving player, whose risk ``risk`` is)."""
    gains = _PlanMemo()
    base, _ = _plan(mine, theirs, risk, closing, gains=gains)
    best = None
    on_floor: dict = {}
    for c in mine:
        on_floor.setdefault(c["iid"], c)  # the first with the id, as a search of ``mine`` finds
    plans: dict = {}  # the plan's gain by what it depends on (below)
    smax: dict = {}  # a cast's best serving gain (``_server_max``) by id
    cross_max: dict = {}  # the cross's best serving gain (0 if it served) by what it reads of it
    for a in crosses:
        casts = a.casts
        members = [on_floor.get(i) for i in casts]
        if None in members:
            continue
        top = members[0]
        cp_now = top["cp_now"] + sum(m["cp"] for m in members[1:])
        rest = [c for c in mine if c["iid"] not in casts]
        # the plan reads of the cross only whether it served, its CP and call-ins now, its
        # cost, how many cards are under it and its top card's id (what falling gives,
        # ``_fall_worth``); the other casts are the same dicts
        facts = (top.get("served"), cp_now, top["call_in_now"], top.get("cost", 0), len(members) - 1,
                 top.get("id"))
        key = (tuple(map(id, rest)), facts)
        g = plans.get(key)
        if g is None:
            cross = None
            # a plan gains at most each server's best pair (a server serves once, only a gain is
            # taken): a plan that cannot beat the base nor the best so far is not worked out
            bound = cross_max.get(facts)
            if bound is None:
                if facts[0]:
                    bound = 0.0
                else:
                    cross = dict(top, cp_now=cp_now, cross=[dict(m) for m in members[1:]])
                    bound = _server_max(cross, theirs, risk, closing, gains)
                cross_max[facts] = bound
            for c in rest:
                if not c.get("served"):
                    m = smax.get(id(c))
                    if m is None:
                        m = smax[id(c)] = _server_max(c, theirs, risk, closing, gains)
                    bound += m
            if bound + 1e-9 <= (base + 0.5 if best is None else max(base + 0.5, best[0])):
                g = plans[key] = _NO_GAIN  # (the bar only rises)
            else:
                if cross is None:
                    cross = dict(top, cp_now=cp_now, cross=[dict(m) for m in members[1:]])
                g = plans[key] = _plan(rest + [cross], theirs, risk, closing, gains=gains)[0]
        if g > base + 0.5 and (best is None or g > best[0]):
            best = (g, a)
    return best[1] if best else None


_NO_GAIN = float("-inf")


def _server_max(s: dict, theirs: list, risk: Risk, closing: bool, gains: _PlanMemo) -> float:
    """The best gain (0 at least) of serving ``s`` into any of ``theirs`` or into an empty floor,
    each pair's gain read from / kept in ``gains`` as ``_plan`` does."""
    pairs, values = gains.pairs, gains.values
    sid = id(s)
    best = 0.0
    for r in theirs:
        hit = pairs.get((sid, id(r)))
        if hit is None:
            hit = pairs.keep((sid, id(r)), _serve_gain(s, r, risk, closing, values), s, r)
        if hit[0] > best:
            best = hit[0]
    hit = pairs.get((sid, id(None)))
    if hit is None:
        hit = pairs.keep((sid, id(None)), _serve_gain(s, None, risk, closing, values), s)
    return hit[0] if hit[0] > best else best


def _activation(acts, idx, seats: int, closing: bool, theirs) -> Action | None:
    """An activated ability worth its cost: free ones that draw, call in or raise a cast; paid
    ones only while seats are plentiful and no close is near; one with a cost list only when what
    it gives outweighs the cards and servings its parts take (``_cost_burden``)."""
    for a in acts:
        c = idx.get(a.card)
        card = _db(c["id"]) if c else None
        if card is None or a.ability >= len(card.abilities):
            continue
        ab = card.abilities[a.ability]
        useful = any(op.name in ("draw", "call_in", "look", "choose_one")
                     or (op.name == "modify" and _num(op.args.get("amount", 0)) > 0) for op in ab.effects)
        if c.get("kind") == "cast" and c.get("served") and ab.zone == "field":
            useful = False  # a cast that has served this turn gains nothing from a boost
        if getattr(ab, "costs", None) is not None and _gain(ab.effects) <= _cost_burden(ab.costs, c, theirs):
            useful = False
        if useful and (ab.cost == 0 or (not closing and seats - ab.cost >= 3)):
            return a
    return None


def _gain(ops) -> float:
    """What ops give us, counted roughly in cards: each card drawn, 1.5 for each call-in (a seat
    and maybe a trigger), 1.5 for a raised cast; a look a card for each it takes into the hand
    (a little more for the order of our own deck's top), a choice its best mode."""
    n = 0.0
    for op in ops:
        if op.name == "choose_one":
            n += max(_gain(m.ops) for m in op.args["modes"])
            continue
        if op.name == "look":
            take = op.args.get("take")
            n += (take.choose if take is not None and take.to == "hand" else 0) \
                + (0.3 if op.args.get("rest") == "top" and op.args.get("side", "own") == "own" else 0)
            continue
        amount = _num(op.args.get("amount", 1))
        if not isinstance(amount, int) or op.args.get("player", "self") != "self":
            continue
        if op.name == "draw":
            n += amount
        elif op.name == "call_in" or (op.name == "modify" and amount > 0):
            n += 1.5 * (amount if op.name == "call_in" else 1)
    return n


def _cost_burden(costs, c: dict, theirs=True) -> float:
    """What a cost list's parts take, in cards: three quarters of a card a seat (seats are the
    close), each card moved away (half a card from the backyard), this card back into the hand a
    gain, a cast's break its serving's call-ins (one more into an empty floor: ``theirs``, the
    opponent's casts)."""
    n = 0.0
    for part in costs.parts:
        if part.pay == "resources":
            n += 0.75 * part.amount
        elif part.this and part.to == "hand":
            n -= 1
        elif part.pay == "sleep":
            calls = c.get("call_in_now", 1) + (0 if theirs else 1)
            n += 1.5 * calls + 0.5 if part.this else 1.5 * part.amount
        else:
            n += part.amount * (0.5 if part.frm == "backyard" else 1)
    return n


def _serve(view, acts, rng):
    obs = view.observation
    p = view.player
    me, opp = _me_opp(obs, p)
    leader = me.get("leader") or {}
    goal = obs.get("close_seats", 16)
    closing = bool(leader.get("active")) and \
        me["seats"] + SEATS_PER_CALL * _seats_per_call(me) * _projected_calls(me["floor"], opp["floor"]) >= goal
    want = _first_serving(me["floor"], opp["floor"], opp, Risk(opp), closing)
    if want is not None:
        for a in acts:
            if a.type == "serve" and a.params == want:
                return a
    return next((a for a in acts if a.type == "end_serving"), None)


def _serving_key(mine: list, theirs: list, opp: dict, risk: Risk, closing: bool) -> tuple | None:
    return _shared_key(mine, theirs, opp, risk, closing)


@remembered(_serving_key)
def _first_serving(mine: list, theirs: list, opp: dict, risk: Risk, closing: bool) -> tuple | None:
    """The parameters of the serving plan's first serving, or None (``risk``: ``opp``'s)."""
    _, steps = _plan(mine, theirs, risk, closing, limit=1)
    if not steps:
        return None
    s, r = steps[0]
    return (("cast", s["iid"]), ("target", -1 if r is None else r["iid"]))  # its parameters


def _help(view, acts, rng):
    obs = view.observation
    p = view.player
    me, opp = _me_opp(obs, p)
    sv = obs.get("serving") or {}
    server = next((c for c in opp["floor"] if c["iid"] == sv.get("server")), None)
    recv = next((c for c in me["floor"] if c["iid"] == sv.get("receiver")), None)
    if server is None or recv is None:
        return next((a for a in acts if a.type == "done"), None)
    used = sum(c.get("help_cp", 0) for c in sv.get("help") or ())
    deficit = server["cp_now"] - (recv["cp_now"] + used)
    if deficit < 0:  # already winning
        return next((a for a in acts if a.type == "done"), None)
    need = deficit + 1
    idx = _card_index(obs)
    opts = []  # (cp gained, cost, action)
    spare = HAND_BIG / max(HAND_BIG, len(me["hand"] or ()))  # a big hand spares cards
    for a in acts:
        if a.type == "help":
            c = idx.get(a.card) or {}
            opts.append((c.get("help_cp", 0), (0.5 + 0.5 * _hand_value(c, me["seats"], False)) * spare, a))
        elif a.type == "charm":
            ops = _ops((me.get("leader") or {}).get("id", ""), "charm")
            gain = 3
            if ops is not None:
                gain = 0
                for name, args in ops:
                    if name == "modify" and args.get("stat") == "cp":
                        gain += abs(args.get("amount", 0))
            opts.append((gain, 1.5, a))
    best = None
    for k in range(1, min(len(opts), 4) + 1):
        for combo in combinations(opts, k):
            if sum(o[0] for o in combo) >= need:
                cost = sum(o[1] for o in combo)
                if best is None or cost < best[0]:
                    best = (cost, combo)
    benefit = _cast_value(recv) + _cast_value(server)
    if best is not None and best[0] < benefit:
        return max(best[1], key=lambda o: o[0])[2]
    return next((a for a in acts if a.type == "done"), None)


def _trouble(view, acts, rng):
    obs = view.observation
    p = view.player
    me, opp = _me_opp(obs, p)  # the opponent is the turn player
    goal = obs.get("close_seats", 16)
    oleader = opp.get("leader") or {}
    o_calls = _projected_calls(opp["floor"], me["floor"])
    threat = opp["seats"] + SEATS_PER_CALL * o_calls
    closing = bool(oleader.get("active")) and threat >= goal
    idx = _card_index(obs)
    mrisk = Risk(me)
    gains = _PlanMemo()
    base, _ = _plan(opp["floor"], me["floor"], mrisk, closing, gains=gains)
    best = None
    for a, c in offered_cards(acts, "trouble", idx):
        ops = _ops(c["id"], "use")
        v = 0.0
        lang = _language(c["id"], "use")
        if lang:  # the card language: its worth to us now, three times that against a close
            v = sum(_lang_value(ab.effects, obs, p, c["iid"]) for ab in lang) * (3.0 if closing else 1.0)
        elif ops is None:  # unknown trouble: use it when the opponent has something to hit
            v = 1.6 if (opp["floor"] or opp["seats"] >= 12) else 0.0
        else:
            for name, args in ops:
                if name == "lose_seats":
                    amt = args.get("amount", 2)
                    if closing and threat - amt < goal:
                        v += 8
                    elif opp["seats"] >= 12 or closing:
                        v += 2.0
                    elif opp["seats"] >= 8:
                        v += 1.0
                elif name == "set_state" and args.get("target") == "opponent_leader":
                    if args.get("state") == "locked" and closing:
                        v += 10
                elif name == "modify" and opp["floor"]:
                    amt = args.get("amount", 0)
                    if amt < 0 and args.get("stat") == "cp":
                        targets = opp["floor"] if args.get("target") == "all_opponent_casts" else None
                        best_red = 0.0
                        cands = [[t] for t in opp["floor"]] if targets is None else [targets]
                        for hit in cands:
                            ids = {t["iid"] for t in hit}
                            mod = [dict(t, cp_now=max(0, t["cp_now"] + amt)) if t["iid"] in ids else t
                                   for t in opp["floor"]]
                            g, _ = _plan(mod, me["floor"], mrisk, closing, gains=gains)
                            best_red = max(best_red, base - g)
                        v += best_red
                elif name in ("destroy", "move") and opp["floor"]:
                    top = max(opp["floor"], key=_cast_value)
                    rest = [t for t in opp["floor"] if t is not top]
                    g, _ = _plan(rest, me["floor"], mrisk, closing, gains=gains)
                    v += (base - g) + 0.5 * _cast_value(top) + (4 if closing else 0)
                elif name == "mill":
                    v += 1.5 if opp["deck"] <= args.get("amount", 2) else 0.2
        if best is None or v > best[0]:
            best = (v, a)
    if best and best[0] >= 1.5:
        return best[1]
    return next((a for a in acts if a.type == "pass"), None)


# A payment (``_pay_with``) reads only the seating cards, the seats, whether the floor is full,
# the amount and the listed actions: for a shared observation it is remembered (``engine.memo``)
# by the seating's read-only view and the ids of the actions.


def _pay(view, acts, rng):
    obs = view.observation
    me = obs["players"][view.player]
    amount = (obs.get("decision") or {}).get("amount", 1)
    seats = me["seats"]
    full = sum(1 + len(c.get("cross") or ()) for c in me["floor"]) >= 3
    return _pay_with(me["seating"], seats, full, amount, acts)


def _pay_key(pile: list, seats: int, full: bool, amount: int, acts: list) -> tuple | None:
    if type(pile) is not FrozenList:
        return None
    return (id(pile), seats, full, amount, tuple(map(id, acts))), (pile, tuple(acts))


@remembered(_pay_key)
def _pay_with(pile: list, seats: int, full: bool, amount: int, acts: list) -> Action | None:
    """The seat to pay with next: of the fewest seats that pay ``amount``, the least useful cards
    (``_hand_value``), the highest level first."""
    seating = {c["iid"]: c for c in pile}
    by_lv: dict[int, list] = {}
    for a in acts:
        c = seating.get(a.card)
        if c is None:
            continue
        by_lv.setdefault(c["level"], []).append((_hand_value(c, seats, full), a))
    for lv in by_lv:
        by_lv[lv].sort(key=lambda t: t[0])
    best = None
    n1max, n2max, n3max = (len(by_lv.get(k, ())) for k in (1, 2, 3))
    for n3 in range(min(n3max, amount // 3 + 1) + 1):
        for n2 in range(min(n2max, amount // 2 + 1) + 1):
            for n1 in range(min(n1max, amount) + 1):
                tot = n1 + 2 * n2 + 3 * n3
                if tot < amount:
                    continue
                chosen = by_lv.get(1, [])[:n1] + by_lv.get(2, [])[:n2] + by_lv.get(3, [])[:n3]
                key = (tot, sum(v for v, _ in chosen), len(chosen))
                if best is None or key < best[0]:
                    best = (key, chosen)
    if best and best[1]:
        return max(best[1], key=lambda t: (seating[t[1].card]["level"], -t[0]))[1]
    return None


def _pick(view, acts, rng):
    obs = view.observation
    me = obs["players"][view.player]
    idx = _card_index(obs)
    full = sum(1 + len(c.get("cross") or ()) for c in me["floor"]) >= 3
    best = None
    for a in acts:
        if a.type != "pick":
            continue
        c = idx.get(a.card) or _card_named(view, a)
        v = _hand_value(c, me["seats"], full) if c else 0.5
        if best is None or v > best[0]:
            best = (v, a)
    return best[1] if best else None


def _choose_mode(view, acts, rng):
    """「次から1つを選ぶ」: the mode whose ops give us the most (``_gain``), the first of the best."""
    obs = view.observation
    info = obs.get("decision") or {}
    src = _card_index(obs).get(info.get("source"))
    card = _db(src["id"]) if src and src.get("id") else None
    modes: tuple = ()
    for ab in getattr(card, "abilities", ()):
        for op in ab.effects:
            if op.name == "choose_one" and len(op.args["modes"]) == info.get("modes"):
                modes = op.args["modes"]
    cands = [a for a in acts if a.type == "mode"]
    if not cands:
        return None
    p = view.player

    def worth(k: int) -> float:
        """A mode's ops on the observation (``_lang_value``: what its tables name now), or
        roughly (``_gain``) for ops written before the card language."""
        ops = modes[k].ops
        if any(L.is_table(op.args.get("target")) or op.name in L.CHOICE_OPS for op in ops):
            return _lang_value(ops, obs, p, info.get("source"))
        return _gain(ops)
    return max(cands, key=lambda a: (worth(a.mode) if a.mode < len(modes) else 0, -a.mode))


def _look_take(view, acts, rng):
    """A look: take the card worth most in hand (``_hand_value``) to the hand's owner (at the
    opponent's hand: the card worth most to them), the first of the best; take no more only when
    nothing is left to take."""
    obs = view.observation
    whose = (obs.get("decision") or {}).get("whose")
    me = obs["players"][view.player if whose is None else whose]
    full = sum(1 + len(c.get("cross") or ()) for c in me["floor"]) >= 3
    cands = [a for a in acts if a.type == "look_take"]
    if not cands:
        return next((a for a in acts if a.type == "look_done"), None)

    def worth(a) -> float:
        c = _card_named(view, a)
        return _hand_value(c, me["seats"], full) if c else 0.5
    return max(cands, key=worth)


def _look_order(view, acts, rng):
    """The rest of a look put back: our own deck's best card first (it ends highest: drawn or
    called in first; a level-3 customer is a good call-in), the opponent's worst first."""
    obs = view.observation
    p = view.player
    info = obs.get("decision") or {}
    mine = info.get("whose", p) == p
    cands = [a for a in acts if a.type == "look_order"]
    if not cands:
        return None

    def worth(a) -> float:
        c = _card_named(view, a) or {}
        v = float(c.get("level", 1)) + (2.0 if c.get("kind") == "cast" else 0.0)
        return v if mine else -v
    return max(cands, key=worth)


def _target(view, acts, rng):
    obs = view.observation
    p = view.player
    me, opp = _me_opp(obs, p)
    info = obs.get("decision") or {}
    op = info.get("op")
    mine = {c["iid"]: c for c in me["floor"]}
    theirs = {c["iid"]: c for c in opp["floor"]}
    goal = obs.get("close_seats", 16)
    my_turn = obs.get("active") == p
    cands = [a for a in acts if a.type == "target"]
    if not cands:
        return None
    if op == "pay" or info.get("controller", p) != p:  # a cost, or the opponent's effect we choose for:
        return _pile_target(view, acts, rng)          # our least valuable card (``_pile_target``)
    if all(a.target in mine for a in cands):  # our own cast: a buff
        if my_turn:
            closing = (me.get("leader") or {}).get("active") and \
                me["seats"] + SEATS_PER_CALL * _projected_calls(me["floor"], opp["floor"]) >= goal
            return cands[_best_target(tuple([a.target for a in cands]), me["floor"], opp["floor"], opp, Risk(opp),
                                      bool(closing), True)]
        return max(cands, key=lambda a: (mine[a.target]["cp_now"], mine[a.target]["call_in_now"]))
    if all(a.target in theirs for a in cands):  # the opponent's cast: remove or weaken
        if op == "modify" and my_turn:
            return cands[_best_target(tuple([a.target for a in cands]), me["floor"], opp["floor"], opp, Risk(opp),
                                      False, False)]
        return max(cands, key=lambda a: _cast_value(theirs[a.target]))
    return _pile_target(view, acts, rng)


#: where a ``move`` helps the owner of the card moved (into play, the seats or the hand); the
#: other zones (backyard, deck) take it away
_GOOD_FOR_OWNER = ("hand", "seating", "floor")


def _pile_target(view, acts, rng):
    """Cards chosen outside the floors (a selector table over a hand, seating zone, backyard, the
    event...; docs/cards.md K6): a move that helps the card's owner takes our best card or the
    opponent's least one, a move that takes cards away the opponent's best or our least one (a
    seat is worth its level); with "up to", a choice that only hurts us is declined. A cost
    (op ``pay``) takes our cards away: our least valuable one pays."""
    obs = view.observation
    p = view.player
    me, opp = _me_opp(obs, p)
    info = obs.get("decision") or {}
    helps = info.get("op") not in ("move", "pay") or info.get("to") in _GOOD_FOR_OWNER
    full = sum(1 + len(c.get("cross") or ()) for c in me["floor"]) >= 3
    where: dict = {}
    for q, pv in ((p, me), (1 - p, opp)):
        for zone in ("hand", "seating", "backyard"):
            for c in pv.get(zone) or ():
                where[c["iid"]] = (q, zone, c)
        for c in pv["floor"]:
            where[c["iid"]] = (q, "floor", c)
        if pv.get("leader"):
            where[pv["leader"]["iid"]] = (q, "leader", pv["leader"])
    ev = obs.get("event")
    if ev:
        where[ev["iid"]] = (ev.get("owner"), "event", ev)

    to = info.get("to") if info.get("op") == "move" else None

    def score(a) -> float:
        q, zone, c = where.get(a.target, (None, None, {}))
        if zone == "floor":
            v = _cast_value(c)
        elif zone == "seating":
            v = float(c.get("level", 1))
        else:
            v = _hand_value(c, me["seats"], full) if c.get("kind") else 1.0
        if q == p and to == "seating" and zone != "seating":
            # a seat worth its level, for what the card was worth where it was (a hand card)
            return SEAT_WORTH * c.get("level", 1) - (0.6 * v if zone == "hand" else 0.0)
        if q == p and to == "floor" and zone != "floor":
            return _cast_value(c) if c.get("kind") == "cast" else -1.0
        # for us: our card helped, or the opponent's taken away (a cast moved off its floor,
        # even into the hand, is taken away)
        good = (helps and not (zone == "floor" and to is not None)) == (q == p)
        return v if good else -v
    cands = [a for a in acts if a.type == "target"]
    if not cands:
        return None
    best = max(cands, key=score)
    if score(best) < 0:
        done = [a for a in acts if a.type == "target_done"]
        if done:
            return done[0]
    return best


def _target_key(targets: tuple, mine: list, theirs: list, opp: dict, risk: Risk, closing: bool,
                buff: bool) -> tuple | None:
    return _shared_key(mine, theirs, opp, risk, targets, closing, buff)


@remembered(_target_key)
def _best_target(targets: tuple, mine: list, theirs: list, opp: dict, risk: Risk, closing: bool, buff: bool) -> int:
    """The index of the target whose buff (our cast: +2 CP, +1 call-in; else the opponent's cast:
    -2 CP, -1 call-in) makes the best serving plan (the first of the best)."""
    best = None
    gains = _PlanMemo()  # the same for every candidate
    for k, t in enumerate(targets):
        if buff:
            mod = [dict(c, cp_now=c["cp_now"] + 2, call_in_now=c["call_in_now"] + 1) if c["iid"] == t else c
                   for c in mine]
            g, _ = _plan(mod, theirs, risk, closing, gains=gains)
        else:
            mod = [dict(c, cp_now=max(0, c["cp_now"] - 2), call_in_now=max(0, c["call_in_now"] - 1))
                   if c["iid"] == t else c for c in theirs]
            g, _ = _plan(mine, mod, risk, False, gains=gains)
        if best is None or g > best[0]:
            best = (g, k)
    return best[1]


def _optional(view, acts, rng):
    """「〜してもよい」: yes, unless what the op does (read from the card's public text) only hurts
    us — our own seats lost, our own deck milled, the opponent drawing or calling in, our own
    leader locked. A triggered ability of ours (op ``trigger``) is used: its text is its worth."""
    obs = view.observation
    info = obs.get("decision") or {}
    op = info.get("op")
    yes = [a for a in acts if a.type == "optional" and a.get("use")]
    no = [a for a in acts if a.type == "optional" and not a.get("use")]
    if not yes or not no:
        return None
    args: dict = {}
    pays_for = False  # an "if you do" after it that helps us: the op is a price worth paying
    src = _card_index(obs).get(info.get("source"))
    card = _db(src["id"]) if src and src.get("id") else None
    if card is not None:
        for ab in card.abilities:
            for k, o in enumerate(ab.effects):
                if o.name == op and o.optional:
                    args = dict(o.args)
                    pays_for = any(f.if_done and f.name in ("draw", "call_in", "search", "salvage")
                                   and f.args.get("player", "self") == "self" for f in ab.effects[k + 1:])
    if op == "pay" and card is not None:  # "you may pay …; if you do …": worth it when they give more
        return yes[0] if _pay_worth(card, src or {}) else no[0]
    who = args.get("player", "opponent" if op == "lose_seats" else "self")
    hurts = (op in ("lose_seats", "mill") and who == "self") or (op in ("draw", "call_in") and who == "opponent") \
        or (op == "set_state" and args.get("target") == "own_leader" and args.get("state") == "locked")
    return no[0] if hurts and not pays_for else yes[0]


def _pay_worth(card, c: dict) -> bool:
    """Whether an optional ``pay`` op of the card pays for more than it takes: the ``if_done``
    ops after it against its cost's burden."""
    for ab in card.abilities:
        for k, o in enumerate(ab.effects):
            if o.name == "pay" and o.optional:
                after = []
                for f in ab.effects[k + 1:]:
                    if not f.if_done:
                        break
                    after.append(f)
                return _gain(after) > _cost_burden(o.args["cost"], c)
    return True


_DECIDE = {"mulligan": _mulligan, "charcoal": _charcoal, "charcoal_in": _charcoal_in, "operation": _operation,
           "serve": _serve,
           "help": _help, "trouble": _trouble, "pay": _pay, "pick_card": _pick, "target": _target,
           "target_hidden": _target, "optional": _optional, "choose_mode": _choose_mode,
           "look_take": _look_take, "look_order": _look_order}


# --- rollout value -------------------------------------------------------------------------------

VALUE_FEATURES = ("seats", "seats_near_close", "floor", "call_in", "cp", "hand", "leader_active",
                  "close_in_reach", "turn")
#: fitted on heuristic self-play (benchmarks/fit_value.py kemuri; held-out log-loss about 0.53,
#: a coin 0.69)
_VALUE_W = (0.158, 0.029, 0.095, 0.062, 0.094, 0.079, 0.592, 2.56, 0.147)


def value_features(obs: dict, player: int) -> list[float]:
    """The differences between ``player``'s side and the opponent's that ``value`` weighs: seats
    (and seats near the close), the floor (cards, call-ins, CP), hand size, an active leader, a
    close within reach (16+ seats, active leader, own turn), and whose turn it is."""
    goal = obs.get("close_seats", 16)
    active = obs.get("active")

    def side(q):
        pv = obs["players"][q]
        seats = pv["seats"]
        lead = 1.0 if (pv.get("leader") or {}).get("active") else 0.0
        return [seats, max(0, seats - goal + 4), len(pv["floor"]),
                sum(c.get("call_in_now", 0) for c in pv["floor"]), sum(c.get("cp_now", 0) for c in pv["floor"]),
                pv["hand_count"], lead, 1.0 if lead and seats >= goal and active == q else 0.0]

    return [a - b for a, b in zip(side(player), side(1 - player))] + [1.0 if active == player else -1.0]


def value(obs: dict, player: int) -> float:
    """Estimated chance that ``player`` wins: a logistic model of ``value_features``."""
    done = final_value(obs, player)
    if done is not None:
        return done
    return logistic(_VALUE_W, value_features(obs, player))
