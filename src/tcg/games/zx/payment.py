"""Paying a cost (ZX-C2): which resources can pay, the distinct payments, and the payment the game
suggests. Plain functions of the state; the ``pay`` decision that uses them is in rules.py.

A cost is a number ``n`` and, for placing or using a card, the card's colour: the player puts
``n`` rebooted resources to sleep, and at least one of them must have the card's colour (source:
「コストはリブート状態のリソース(後述)をスリープ状態にすることで支払われ、リソース 1枚で 1コストが支払われる。」
「カードの配置・使用の際には、必ずカードの色とコスト(の中のいずれか 1枚以上)の色が一致している必要がある。」).
An activated ability's cost (「特定効果を発動する」) has no colour requirement (``color=None``); see
docs/rules/zx.md. Rebooted resources of one colour are interchangeable: a payment is a count per
colour (a vector in ``COLORS`` order), and paying "one blue" puts the first rebooted blue
resource (in resource order) to sleep."""
from __future__ import annotations

from itertools import product

from .cards import COLORS
from .flow import ability_on, ev_ex_is_mine
from .state import ZXState

#: a colour's place in ``COLORS``
COLOR_INDEX = {c: k for k, c in enumerate(COLORS)}


def awake(s: ZXState, p: int) -> list[int]:
    """The player's rebooted resources, in resource order."""
    ps = s.players[p]
    return [i for i in ps.resources if i not in ps.asleep_res]


def counts(s: ZXState, avail: list[int]) -> list[int]:
    """How many of ``avail`` there are of each colour (``COLORS`` order)."""
    out = [0] * len(COLORS)
    cards, index = s.cards, COLOR_INDEX
    for i in avail:
        out[index[cards[i].color]] += 1
    return out


def awake_counts(s: ZXState, p: int) -> list[int]:
    """``counts(s, awake(s, p))``: the player's rebooted resources per colour."""
    ps = s.players[p]
    res = tuple(ps.resources)
    memo = s.table.res_counts  # resources (a tuple) -> their counts per colour
    base = memo.get(res)
    if base is None:
        index = s.table.color_index
        base = [0] * len(COLORS)
        for i in res:
            base[index[i]] += 1
        if len(memo) >= 4096:
            memo.clear()
        memo[res] = base
    out = base[:]
    asleep = ps.asleep_res
    if asleep:
        index = s.table.color_index
        for i in asleep:
            if i in res:
                out[index[i]] -= 1
    return out


def payable(have: list[int], total: int, color: str | None, n: int) -> bool:
    """``can_pay`` from the rebooted resources counted once: ``have`` per colour (``awake_counts``)
    and ``total`` their sum."""
    return n <= 0 or (total >= n and (color is None or have[COLOR_INDEX[color]] > 0))


def is_matched(s: ZXState, paid, color: str | None) -> bool:
    """Is the colour requirement met by the resources ``paid`` so far (or is there none)?"""
    if color is None:
        return True
    cards = s.cards
    for i in paid:
        if cards[i].color == color:
            return True
    return False


def feasible(have: list[int], color: str | None, n: int, matched: bool) -> bool:
    """Can ``n`` more resources be paid from ``have`` (counts per colour)?"""
    if n <= 0:
        return matched
    if sum(have) < n:
        return False
    if matched:
        return True
    assert color is not None  # (a cost without a colour is matched)
    return have[COLOR_INDEX[color]] > 0


def can_pay(s: ZXState, p: int, color: str | None, n: int) -> bool:
    """ZX-C2: enough rebooted resources, one of them of ``color`` (a cost of 0 is free)."""
    if n <= 0:
        return True
    have = awake_counts(s, p)
    return payable(have, sum(have), color, n)


def options(have: list[int], color: str | None, n: int, matched: bool) -> list[str]:
    """The colours one more resource may be paid with (each once, ``COLORS`` order): those
    present after which the rest can still be paid."""
    out = []
    for k, c in enumerate(COLORS):
        if have[k]:
            rest = have[:]
            rest[k] -= 1
            if feasible(rest, color, n - 1, matched or c == color):
                out.append(c)
    return out


def payments(have: list[int], color: str | None, n: int, matched: bool) -> list[tuple[int, ...]]:
    """Every distinct payment of ``n`` more resources: a count per colour, in the order of
    ``product(range(have[0] + 1), range(have[1] + 1), ...)`` (the first colour's count slowest)."""
    need = None
    if not matched:
        assert color is not None  # (a cost without a colour is matched)
        need = COLOR_INDEX[color]
    out: list[tuple[int, ...]] = []
    last = len(have) - 1
    # the colours that can pay: a payment is a count for each of them (the rest 0) adding up to n;
    # counts are tried smallest first, colour by colour, so the order is product()'s
    ks = [k for k in range(len(have)) if have[k]]
    if not ks:
        return [tuple(have)] if n == 0 and need is None else []
    vec = [0] * (last + 1)
    top = len(ks) - 1
    if top == 0:  # one colour: all of it from that colour
        k = ks[0]
        if n <= have[k] and (need is None or (need == k and n > 0)):
            vec[k] = n
            out.append(tuple(vec))
        return out
    if top == 1:  # two colours: the first one's count from 0 up
        k0, k1 = ks
        h1 = have[k1]
        for x in range(min(have[k0], n) + 1):
            if n - x <= h1:
                vec[k0], vec[k1] = x, n - x
                if need is None or vec[need] > 0:
                    out.append(tuple(vec))
        return out
    _fill(have, ks, need, vec, out, 0, n)
    return out


def _fill(have: list[int], ks: list[int], need: int | None, vec: list[int], out: list, j: int, left: int) -> None:
    """``payments``' recursion over the colours ``ks[j:]`` for ``left`` more resources (a function
    of its own: a closure calling itself would be a reference cycle per call)."""
    k = ks[j]
    if j == len(ks) - 1:
        if left <= have[k]:
            vec[k] = left
            if need is None or vec[need] > 0:
                out.append(tuple(vec))
            vec[k] = 0
        return
    for x in range(min(have[k], left) + 1):
        vec[k] = x
        _fill(have, ks, need, vec, out, j + 1, left - x)
    vec[k] = 0


def only_payment(have: list[int], color: str | None, n: int, matched: bool) -> tuple[int, ...] | None:
    """The payment of ``n`` more resources when it is the only one (``payments`` lists just it),
    else None (more than one, or none, or a case not looked into: ask ``payments``). Paying with a
    colour still needed is one of that colour plus any ``n - 1`` of the rest; any ``m`` of counts
    ``free`` is one way only when m is 0 or all of them or they are of one colour."""
    if matched:
        k = -1
        free, m = have, n
    else:
        assert color is not None  # (a cost without a colour is matched)
        k = COLOR_INDEX[color]
        if n <= 0 or not have[k]:
            return None
        free = have[:]
        free[k] -= 1
        m = n - 1
    total = sum(free)
    if m < 0 or m > total:
        return None
    if m == 0:
        vec = [0] * len(free)
    elif m == total:
        vec = free[:]
    else:
        pos = [j for j, h in enumerate(free) if h]
        if len(pos) != 1:
            return None
        vec = [0] * len(free)
        vec[pos[0]] = m
    if k >= 0:
        vec[k] += 1
    return tuple(vec)


def _payments_by_product(have: list[int], color: str | None, n: int, matched: bool) -> list[tuple[int, ...]]:
    """``payments`` read off every count vector (the plain way; tests compare the two)."""
    need = None if matched else COLORS.index(color)
    return [vec for vec in product(*(range(k + 1) for k in have))
            if sum(vec) == n and (need is None or vec[need] > 0)]


def resources_for(s: ZXState, avail: list[int], vec) -> list[int]:
    """The resources a payment (count per colour) puts to sleep: the first of each colour."""
    cards = s.cards
    chosen: list[int] = []
    for c, k in zip(COLORS, vec):
        if k:
            for i in avail:
                if cards[i].color == c:
                    chosen.append(i)
                    k -= 1
                    if not k:
                        break
    return chosen


def _uses(s: ZXState, p: int) -> tuple[list[tuple[str | None, int]], list[tuple[str | None, int]]]:
    """The costs the player may still want to pay: one per OTHER card in hand (a Z/X or an event),
    and the others — face-down EV EX of theirs and awaken Z/X EX in the dynamis, activated
    abilities of their Z/X not used this turn."""
    cards = s.cards
    ps = s.players[p]
    hand = [(cards[i].color, cards[i].cost) for i in ps.hand if cards[i].kind in ("zx", "event")]
    more: list[tuple[str | None, int]] = []
    for i in ps.dynamis:
        c = cards[i]
        if i in ps.face_up:
            continue
        if (c.kind == "ev_ex" and ev_ex_is_mine(s, p, c)) or (c.kind == "zx_ex" and c.condition == "awaken"):
            more.append((c.color, c.cost))
    activated = s.table.activated
    for u in s.board:
        if u is not None and u.owner == p and not u.used:
            for ab in activated[u.iid]:
                if ab.zone == "board" and ability_on(s, p, ab, u.iid):
                    more.append((None, ab.cost))
    return hand, more


def _tally(uses: list) -> list[tuple[tuple, int]]:
    out: dict[tuple, int] = {}
    for u in uses:
        out[u] = out.get(u, 0) + 1
    return list(out.items())


def suggested(s: ZXState, p: int, color: str | None, n: int, matched: bool) -> tuple[int, ...]:
    """The payment the game suggests for ``n`` more resources: the one after which the most other
    cards in the payer's hand can still be paid for; then the most other costs still payable
    (face-down EV EX and awaken Z/X EX, unused activated abilities); then the most colours kept;
    then the one spending the colours the player has most of."""
    have = awake_counts(s, p)
    hand, more = _uses(s, p)
    # each distinct cost once, with how many uses have it (the counts below are the same sums)
    hand_costs = _tally(hand)
    more_costs = _tally(more)

    def payable(rest, costs) -> int:
        total = sum(rest)
        n = 0
        for (c, cost), k in costs:
            if cost <= 0 or (total >= cost and (c is None or rest[COLOR_INDEX[c]] > 0)):
                n += k
        return n
    best, best_key = None, None
    for vec in payments(have, color, n, matched):
        rest = [h - k for h, k in zip(have, vec)]
        key = (payable(rest, hand_costs), payable(rest, more_costs),
               sum(1 for r in rest if r), tuple(sorted(rest)), vec)
        if best_key is None or key > best_key:
            best, best_key = vec, key
    assert best is not None, "suggested() needs a payable cost"
    return best
