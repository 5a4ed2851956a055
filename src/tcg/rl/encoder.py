"""One game's observation encoding and action table, built from ``games/<id>/encode.py``.

``encoding(game_id)`` gives the (cached) ``GameEncoding``:

* ``encode(obs)`` turns ``game.observe(player)`` into a float32 vector of ``size`` (seat-relative),
  and remembers where each card instance sits (for the action table);
* ``legal_ids(game, legal, ctx)`` maps the legal actions to ids of the fixed ``Discrete(n_actions)``
  catalogue (``mask`` + ``id -> Action``);
* ``layout()`` and ``table.summary()`` describe both for the documentation.

Only ``game.observe(player)`` and ``game.legal_actions()`` are read: never ``game.state``.
"""
from __future__ import annotations

import functools
from itertools import chain, compress
from operator import is_, itemgetter, not_
from typing import Any, Sequence

import numpy as np

from .actions import ActionCtx, ActionTable, Loc
from .compiled import Incremental, compile_locate, compile_schema
from .schema import CardTable, Ctx, EncodingError, bind_cards

__all__ = ["GameEncoding", "encoding", "EncodingError"]

_first = itemgetter(0)
_second = itemgetter(1)
_zones_of = itemgetter(1)   # of a ``GameEncoding._entry``
_cards_of = itemgetter(3)
_NO_ZONES: frozenset = frozenset()


class Found:
    """Where the fast path saw each card instance: ``locs`` = {iid: [(zone, slot), ...]}.
    ``found`` is the list of ``(iid, zone, slot)`` of the walk, or a function giving it, called
    the first time the locations are needed (``GameEncoding.locator``)."""

    __slots__ = ("viewer", "_found", "_locs", "_buf")

    def __init__(self, viewer: int, found, buf=None):
        self.viewer, self._found, self._locs = viewer, found, None
        self._buf = buf   # keeps the vector's memory alive

    def found(self) -> list:
        """The ``(iid, zone, slot)`` of every card seen, in the order of the walk."""
        f = self._found
        if f.__class__ is not list:
            f = self._found = f()
        return f

    def found_in(self, zones: frozenset) -> list:
        """The ``(iid, zone, slot)`` of the cards seen in ``zones``, in the order of the walk."""
        return _in_zones(self.found(), zones)

    @property
    def locs(self) -> dict[int, list[tuple[str, int]]]:
        if self._locs is None:
            locs: dict[int, list[tuple[str, int]]] = {}
            get = locs.get
            for iid, zone, slot in self.found():
                got = get(iid)
                if got is None:
                    locs[iid] = [(zone, slot)]
                else:
                    got.append((zone, slot))
            self._locs = locs
        return self._locs


class Located(Found):
    """The card locations of ``game.observe(viewer)`` (``GameEncoding.locator``): the game is
    observed at the first question, and ``found_in(zones)`` walks only those zones."""

    __slots__ = ("_enc", "_game", "_obs")

    def __init__(self, enc: "GameEncoding", game, viewer: int):
        self.viewer, self._found, self._locs, self._buf = viewer, None, None, None
        self._enc, self._game, self._obs = enc, game, None

    def _observation(self) -> dict:
        if self._obs is None:
            self._obs = self._game.observe(self.viewer, shared=True)
        return self._obs

    def found(self) -> list:
        f = self._found
        if f is None:
            f = self._found = self._enc._locate(self._observation(), self.viewer)
        return f

    def found_in(self, zones: frozenset) -> list:
        """The locations in ``zones`` alone (a walk of those zones only), in walk order."""
        if self._found is not None:
            return Found.found_in(self, zones)
        return self._enc.locate_in(zones)(self._observation(), self.viewer)


class Kept(Found):
    """The card locations of a ``SeatEncoder``'s walk: those it listed outside the sites of
    ``compiled.Incremental`` (``outside``), then each site's (``sites``: its ``CL[k]``, never
    changed once made), as they were at that walk. ``found_in(zones)`` reads only the sites
    that list cards in ``zones`` (``site_zones``)."""

    __slots__ = ("_outside", "_sites", "_site_zones")

    def __init__(self, viewer: int, outside: list, sites: tuple, site_zones: list):
        self.viewer, self._found, self._locs, self._buf = viewer, None, None, None
        self._outside, self._sites, self._site_zones = outside, sites, site_zones

    def found(self) -> list:
        f = self._found
        if f is None:
            f = self._found = self._outside + list(chain.from_iterable(self._sites))
        return f

    def found_in(self, zones: frozenset) -> list:
        if self._found is not None:
            return Found.found_in(self, zones)
        picked = compress(self._sites, map(not_, map(zones.isdisjoint, self._site_zones)))
        return _in_zones(list(chain(self._outside, chain.from_iterable(picked))), zones)


def _in_zones(found: list, zones: frozenset) -> list:
    """The entries ``(iid, zone, slot)`` of ``found`` in ``zones``, in order."""
    return list(compress(found, map(zones.__contains__, map(_second, found))))


def _card_locs(ctx, zones: frozenset, cards: frozenset) -> dict:
    """``{iid: [(zone, slot), ...]}`` of the ``cards`` seen in ``zones``, in walk order (from a
    ``Located``, only those zones are walked; from a ``Kept``, only the sites listing them are
    read)."""
    if not isinstance(ctx, Found):
        return ctx.locs
    found = ctx.found_in(zones)
    locs: dict = {}
    get = locs.get
    for iid, zone, slot in compress(found, map(cards.__contains__, map(_first, found))):
        got = get(iid)
        if got is None:
            locs[iid] = [(zone, slot)]
        else:
            got.append((zone, slot))
    return locs


def _loc_zones(spec) -> tuple:
    """The zones a card parameter's spec looks its card up in (a ``Loc``, or a ``Seq`` of them)."""
    if isinstance(spec, Loc):
        return spec.zone_names
    elem = getattr(spec, "elem", None)
    return elem.zone_names if isinstance(elem, Loc) else ()


def _dynamic_id(aid: int, dyn: tuple, locs: dict, actx: ActionCtx) -> int:
    """``aid`` plus the looked-up parameters ``dyn`` (``(spec, value, radix)``); -1 when one has
    no slot (the general case of ``legal_ids_in_order``)."""
    for spec, value, radix in dyn:
        i = None
        if spec.__class__ is Loc and not (spec.has_none and value == spec.none):
            ents = locs.get(value)
            if ents is not None:
                limits = spec.limits
                for zone, slot in ents:
                    lim = limits.get(zone)
                    if lim is not None and slot < lim[1]:
                        i = lim[0] + slot
                        break
            if i is None and spec.offered:
                i = spec.index(value, actx)
        else:
            i = spec.index(value, actx)
        if i is None:
            return -1
        aid += i * radix
    return aid


class GameEncoding:
    def __init__(self, game_id: str):
        import tcg
        self.game_id = game_id
        from tcg.games import spec
        mod = spec(game_id).encoding
        self.module = mod
        self.cards = CardTable(tcg.card_set(game_id), mod.printed)
        self.schema = mod.observation()
        bind_cards(self.schema, self.cards)
        self.size = self.schema.size
        self.zones = self.schema.zones("")
        self.table = ActionTable(mod.actions(), self.zones)
        self.n_actions = self.table.size
        b = self.schema.bounds()
        assert len(b) == self.size, (len(b), self.size)
        self.low = np.array([lo for lo, _ in b], dtype=np.float32)
        self.high = np.array([hi for _, hi in b], dtype=np.float32)
        # --- the network-ready view (``features``): floats scaled into [-1, 1], ids apart ---
        kinds = self.schema.kinds()
        assert len(kinds) == self.size, (len(kinds), self.size)
        self.kinds = kinds
        #: positions of the integer features (card-set index + 1, instance id + 1, name index)
        self.id_pos = np.array([i for i, k in enumerate(kinds) if k != "f"], dtype=np.intp)
        self.id_kinds = [kinds[i] for i in self.id_pos]
        #: the largest value of each integer feature (0 = none): ``ids`` lie in 0..id_high
        self.id_high = self.high[self.id_pos].astype(np.int64)
        # zero-preserving scale: v / max(|lo|, |hi|), so 0 stays 0 (an empty slot is all zeros)
        top = np.maximum(np.abs(self.low), np.abs(self.high)).astype(np.float64)
        scale = np.where(top > 0, 1.0 / np.where(top > 0, top, 1.0), 0.0)
        scale[self.id_pos] = 0.0
        self.scale = scale.astype(np.float32)
        #: bounds of the scaled floats: within [-1, 1] (within [0, 1] where the raw low is >= 0)
        self.f_low = (self.low * self.scale).astype(np.float32)
        self.f_high = (self.high * self.scale).astype(np.float32)
        self.f_low[self.id_pos] = 0.0
        self.f_high[self.id_pos] = 1.0
        self.f_low = np.minimum(self.f_low, 0.0).astype(np.float32)
        # for ``scaled`` (one clip of the whole vector): the scale with 1 at the integer
        # features, and the bounds of the result: the raw bounds scaled (float32 products, as
        # ``features`` computes them) and, at the integer features, their raw low and
        # min(raw high, 1): clipping an id into [lo, min(hi, 1)] is its presence flag
        # min(clip(id, lo, hi), 1) when lo <= 1 (every id's low is 0)
        self._id_lo = self.low[self.id_pos]
        self._id_hi = self.high[self.id_pos]
        assert (self._id_lo <= 1).all()
        self._net_scale = self.scale.copy()
        self._net_scale[self.id_pos] = 1.0
        self._net_low = np.multiply(self.low, self.scale)
        self._net_high = np.multiply(self.high, self.scale)
        self._net_low[self.id_pos] = self._id_lo
        self._net_high[self.id_pos] = np.minimum(self._id_hi, 1.0)
        self._fast = compile_schema(self.schema, self.cards)
        self._locate = compile_locate(self.schema, self.cards)
        self._inc: Incremental | None = None
        self._plan_by_id: dict[int, tuple] = {}   # id(action) -> (action, zones, plan, cards)
        self._locate_in: dict[frozenset, Any] = {}   # zones -> their walk: locate_in

    # --- observations ----------------------------------------------------------------------
    def encode(self, obs: dict[str, Any], viewer: int | None = None, strict: bool = False,
               out: np.ndarray | None = None) -> tuple[np.ndarray, Ctx]:
        """The vector of ``obs`` (a ``game.observe(viewer)`` dict) and the pass's context (card
        locations). ``strict`` raises ``EncodingError`` on anything the schema does not cover."""
        if viewer is None:
            viewer = obs["viewer"]
        if not strict:  # the compiled fast path
            buf, found = self._fast(obs, viewer)
            vec = np.frombuffer(buf, dtype=np.float32)
            if out is None:
                out = vec
            np.minimum(vec, self.high, out=out)   # (np.clip costs more per call)
            np.maximum(out, self.low, out=out)
            return out, Found(viewer, found, buf)
        ctx = Ctx(viewer, strict, self.cards)
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        self.schema.enc(obs, out, 0, ctx)
        if not ((out >= self.low) & (out <= self.high)).all():
            bad = int(np.argmax((out < self.low) | (out > self.high)))
            raise EncodingError(f"feature {bad} ({self.feature_name(bad)}) = {out[bad]} outside "
                                f"{self.low[bad]}..{self.high[bad]}")
        return out, ctx

    def locator(self, game, viewer: int) -> "Located":
        """The card locations ``encode(game.observe(viewer), viewer)`` would find, without the
        vector, and only when asked for: what ``legal_ids_in_order`` needs (it asks only when a
        legal action names a card, so most decisions need no observation at all, and then only
        for the zones the actions' rows name)."""
        return Located(self, game, viewer)

    def features(self, raw: np.ndarray, out: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
        """The network-ready view of a raw ``encode`` vector: ``(floats, ids)``.

        * ``floats`` (float32[size], the same layout as the raw vector): every number divided by
          the largest magnitude its declared bounds allow, so each lies in ``[f_low, f_high]``
          (within [-1, 1]; [0, 1] for the features that are never negative) and 0 stays 0; at
          the positions of the integer features, 1.0 when present (id > 0) else 0.0;
        * ``ids`` (int64[len(id_pos)]): the integer features at ``id_pos`` in order (card-set
          index + 1, instance id + 1, name index + 1; 0 = none), for embeddings."""
        if out is None:
            out = np.empty(self.size, dtype=np.float32)
        np.multiply(raw, self.scale, out=out)
        ids = raw[self.id_pos]
        out[self.id_pos] = np.minimum(ids, 1.0)
        return out, ids.astype(np.int64)

    def scaled(self, raw: np.ndarray, out: np.ndarray | None = None
               ) -> tuple[np.ndarray, np.ndarray]:
        """``features`` of a raw vector (or of a batch of them, one per row) that is not yet
        clipped to the bounds, in fewer passes: one multiply and one clip of the whole vector
        give the scaled floats clipped to the scaled bounds (the same numbers: multiplying by a
        positive scale keeps the order of float32 values, so clip-then-scale equals
        scale-then-clip bit for bit; tests/rl/test_fast_paths.py compares them) and, at the
        integer features (scale 1), their presence flags; the ids are clipped to their raw
        bounds."""
        return self.scaled_floats(raw, out), self.scaled_ids(raw)

    def scaled_floats(self, raw: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """The floats of ``scaled`` alone (a batched env wants the ids only for its ``dict``
        observations)."""
        out = np.multiply(raw, self._net_scale, out=out)
        np.minimum(out, self._net_high, out=out)
        return np.maximum(out, self._net_low, out=out)

    def scaled_ids(self, raw: np.ndarray) -> np.ndarray:
        """The ids of ``scaled`` alone: int64, clipped to their raw bounds."""
        ids = raw.take(self.id_pos, axis=-1)
        np.minimum(ids, self._id_hi, out=ids)
        np.maximum(ids, self._id_lo, out=ids)
        return ids.astype(np.int64)

    def network(self, obs: dict[str, Any], viewer: int | None = None
                ) -> tuple[np.ndarray, np.ndarray]:
        """What the environments hand a learner for ``obs``: ``features(encode(obs)[0])``."""
        return self.features(self.encode(obs, viewer)[0])

    def incremental(self) -> "SeatEncoder":
        """A memo for encoding one seat's observations again and again (an environment's): the
        same vectors as ``encode``, computed only for what changed since the last call."""
        if self._inc is None:
            self._inc = Incremental(self.schema, self.cards)
        return SeatEncoder(self, self._inc)

    # --- actions ---------------------------------------------------------------------------
    def legal_ids(self, legal: Sequence[Any], ctx: Ctx, strict: bool = False) -> dict[int, Any]:
        """``{action id: Action}`` for the legal actions. ``strict`` raises when an action has no
        id or two share one (the table would be too coarse); otherwise such actions are left out."""
        actx = ActionCtx(ctx.viewer, None, self.zones, legal, src=ctx)
        ids: dict[int, Any] = {}
        action_id = self.table.action_id
        for a in legal:
            aid = action_id(a, actx)
            if aid is None:
                if strict:
                    raise EncodingError(f"{self.game_id}: action {a.to_dict()} has no id in the table")
                continue
            if aid in ids:
                if strict:
                    raise EncodingError(f"{self.game_id}: actions {ids[aid].to_dict()} and {a.to_dict()} "
                                        f"share id {aid} ({self.table.describe(aid)})")
                continue
            ids[aid] = a
        return ids

    def legal_ids_in_order(self, legal: Sequence[Any], ctx: Ctx) -> tuple[dict[int, Any], list[int]]:
        """``legal_ids(legal, ctx)`` and the id of each legal action in order (-1 for one left
        out: no id, or an id an earlier action took). The same numbering as
        ``ActionTable.action_id``, with the common case (a card found in the observation)
        written out here: this runs at every step of an environment. Only the places of the
        cards the actions name are looked up, and (from a ``Located``) only in the zones their
        rows name."""
        viewer = ctx.viewer
        if viewer.__class__ is not int or not 0 <= viewer <= 1:
            ids = self.legal_ids(legal, ctx)
            return ids, [next((k for k, a in ids.items() if a is x), -1) for x in legal]
        # the memo's entries of the actions (the same prebuilt action objects come again and
        # again): looked up and checked at C level, each one made only for a new action
        todo = list(map(self._plan_by_id.get, map(id, legal)))
        if None in todo or not all(map(is_, map(_first, todo), legal)):
            todo = [self._entry(a) for a in legal]
        zones = _NO_ZONES.union(*map(_zones_of, todo))
        locs = _card_locs(ctx, zones, _NO_ZONES.union(*map(_cards_of, todo))) if zones else {}
        actx = None
        ids: dict[int, Any] = {}
        order: list[int] = []
        for a, (_, _, plan, _) in zip(legal, todo):
            aid = plan[viewer]
            if aid >= 0:
                one = plan[4]
                if one is not None:   # one card: its first place among the zones the row names
                    limits, value, radix = one
                    ents = locs.get(value)
                    if ents is None:
                        aid = -1
                    else:
                        for zone, slot in ents:
                            lim = limits.get(zone)
                            if lim is not None and slot < lim[1]:
                                aid += (lim[0] + slot) * radix
                                break
                        else:
                            aid = -1
                elif plan[2]:
                    if actx is None:   # (the places of every card named, in its rows' zones)
                        actx = ActionCtx(viewer, locs, self.zones, legal)
                    aid = _dynamic_id(aid, plan[2], locs, actx)
            if aid < 0:
                order.append(-1)
                continue
            got = ids.get(aid)
            if got is None:
                ids[aid] = a
                order.append(aid)
            else:
                order.append(aid if got is a else -1)
        return ids, order

    def _entry(self, action) -> tuple:
        """The memo's entry of ``action`` (by ``id(action)``): ``(action, zones, plan, cards)``,
        the table's plan, the zones its card parameters are looked up in (empty when it names
        no card) and those cards (a sequence's one by one)."""
        got = self._plan_by_id.get(id(action))
        if got is not None and got[0] is action:
            return got
        table = self.table
        plan = table._plans.get(action)
        if plan is None:
            plan = table._plan(action)
        byid = self._plan_by_id
        if len(byid) > table.PLAN_LIMIT:
            byid.clear()
        zones = frozenset(z for spec, _, _ in plan[2] for z in _loc_zones(spec))
        cards = set(plan[3])
        for spec, value, _ in plan[2]:
            if isinstance(getattr(spec, "elem", None), Loc) and isinstance(value, tuple):
                cards.update(value)
        got = byid[id(action)] = (action, zones, plan, frozenset(cards))
        return got

    def locate_in(self, zones: frozenset) -> Any:
        """The card-location walk restricted to ``zones`` (``compile_locate``; one per set)."""
        fn = self._locate_in.get(zones)
        if fn is None:
            fn = self._locate_in[zones] = compile_locate(self.schema, self.cards, zones)
        return fn

    def mask(self, ids: dict[int, Any]) -> np.ndarray:
        """int8[n_actions]: 1 at ``ids``."""
        m = np.zeros(self.n_actions, dtype=np.int8)
        if ids:
            m[np.fromiter(ids, np.intp, len(ids))] = 1
        return m

    # --- documentation ---------------------------------------------------------------------
    def layout(self) -> list[tuple[int, int, str, str]]:
        """(offset, size, name, meaning) of every piece of the vector."""
        rows, off = [], 0
        for name, size, desc in self.schema.layout(""):
            rows.append((off, size, name, desc))
            off += size
        return rows

    def feature_name(self, i: int) -> str:
        for off, size, name, _ in self.layout():
            if off <= i < off + size:
                return name
        return "?"


class SeatEncoder:
    """``GameEncoding.encode`` with a memo (one per seat of one environment): the views of the
    engine's shared observation that are the same objects as last time are not encoded again
    (``compiled.Incremental``). Every call returns a new array, equal to ``encode(obs, viewer)``,
    and the same card locations (``Found``)."""

    __slots__ = ("enc", "state", "vec")

    def __init__(self, enc: GameEncoding, inc: Incremental):
        self.enc = enc
        self.state = inc.state()
        self.vec = np.frombuffer(self.state.b, dtype=np.float32)

    def clear(self) -> None:
        """Forget the memo (a new game): nothing of the last game is kept."""
        self.state.clear()

    # a copy (of an environment) starts with an empty memo: the memo only saves work
    def __deepcopy__(self, memo) -> "SeatEncoder":
        return self.enc.incremental()

    def __copy__(self) -> "SeatEncoder":
        return self.enc.incremental()

    def __reduce__(self):
        return (_seat_encoder, (self.enc.game_id,))

    def _walk(self, obs: dict[str, Any], viewer: int) -> "Found":
        """Bring the buffer up to date with ``obs``; the card locations, listed only when asked
        for (most decisions' ids need none): every site's, in the order of the walk."""
        st = self.state
        if viewer != st.viewer:
            st.clear()
            st.viewer = viewer
        found: list = []
        st.inc.fn(obs, viewer, st.b, found, st.C, st.CL, st.CI, st.CIL, st.BM)
        # the sites' lists are never changed once made (a site encoded again gets a new one):
        # the tuple of today's is enough to list them later
        return Kept(viewer, found, tuple(st.CL), st.inc.site_zones)

    def encode(self, obs: dict[str, Any], viewer: int) -> tuple[np.ndarray, "Found"]:
        found = self._walk(obs, viewer)
        enc = self.enc
        out = np.minimum(self.vec, enc.high)   # a new array: the buffer stays ours
        np.maximum(out, enc.low, out=out)
        return out, found

    def network(self, obs: dict[str, Any], viewer: int) -> tuple[np.ndarray, np.ndarray, "Found"]:
        """``enc.features(encode(obs, viewer)[0])`` and the card locations, in fewer passes
        (``GameEncoding.scaled`` of the kept buffer)."""
        found = self._walk(obs, viewer)
        out, ids = self.enc.scaled(self.vec)
        return out, ids, found

    def raw_into(self, obs: dict[str, Any], viewer: int, row: np.ndarray) -> "Found":
        """Bring the buffer up to date with ``obs`` and copy the (unclipped) raw vector into
        ``row``: a batched env scales all its rows at once (``GameEncoding.scaled``)."""
        found = self._walk(obs, viewer)
        row[:] = self.vec
        return found


def _seat_encoder(game_id: str) -> SeatEncoder:
    return encoding(game_id).incremental()


@functools.lru_cache(maxsize=None)
def encoding(game_id: str) -> GameEncoding:
    """The encoding of ``game_id`` for the card set loaded now (cached per process)."""
    return GameEncoding(game_id)
