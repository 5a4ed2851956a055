"""Paying a cost (SN-C2..C4): which ON souls can pay, the distinct payments, and the payment the
game suggests. Plain functions of the state; the ``pay`` decision that uses them is in rules.py.

A cost is a colour ``C`` (the cost field or the ability icon) and a number ``n``: the player turns
``n`` ON souls OFF, and at least one of them must *match* ``C`` (000: 「ON状態のソウル1枚をOFF状態に
するごとに、対応する色のコストが 1だけ発生する」「コストのうち最低1つはコスト欄の色と一致している
必要がある」). A soul matches its own colour; a colourless cost field is matched by any soul; a soul
whose card says it pays any colour (``pays_any_color``, e.g. the sample 虹の大灯台) matches every
colour. A rainbow soul without that ability is only a rainbow soul (SN-C3; see docs/rules).

A payment is chosen one soul at a time by colour. Souls of one colour are interchangeable except
for ``pays_any_color``, and such a soul can do everything a plain soul of its colour can: the
engine turns the plain ones OFF first (keeping the better soul), and a ``pays_any_color`` soul
only when the match needs it."""
from __future__ import annotations

from typing import cast

from ...engine.memo import per_object
from .cards import CHARACTER_KINDS, COLORS, Card
from .state import SNState


_COLOR_INDEX = {c: x for x, c in enumerate(COLORS)}


def matches(card: Card, cost_color: str) -> bool:
    """Does this soul meet the colour requirement of a ``cost_color`` cost?"""
    return cost_color == "colorless" or card.color == cost_color or card.pays_any_color


def on_souls(s: SNState, p: int) -> list[int]:
    ps = s.players[p]
    off = ps.souls_off
    return [i for i in ps.town if i not in off]


_BIT = {c: 1 << x for x, c in enumerate(COLORS)}
_COLOURLESS_BIT = _BIT["colorless"]
EVERY = (1 << 31) - 1  # every colour bit: what a soul that pays any colour matches


def cost_bit(color: str, n: int) -> int:
    """The bit an ``on_mask`` mask has when a cost of ``n`` souls of ``color`` can be matched:
    the colour's bit (a colour no soul has: a bit none has); every bit for a free cost."""
    return EVERY if n <= 0 else _BIT.get(color, 1 << 30)


def on_mask(s: SNState, p: int) -> tuple[int, int]:
    """``can_pay`` read once for every cost: (how many souls are ON, a mask with the ``cost_bit``
    of every colour they match: their colours and colourless, every bit when one pays any colour).
    A cost of ``n`` souls of ``color`` is payable when ``n_on >= n and mask & cost_bit(color, n)``."""
    deal = s.deal
    bits = deal.soul_bits
    if bits is None:
        bits = deal.soul_bits = tuple(EVERY if c.pays_any_color else _BIT.get(c.color, 0) for c in s.cards)
    ps = s.players[p]
    off = ps.souls_off
    mask = _COLOURLESS_BIT
    n_on = 0
    for i in ps.town:
        if i not in off:
            mask |= bits[i]
            n_on += 1
    return n_on, mask


def feasible(cards, avail: list[int], color: str, n: int, matched: bool) -> bool:
    """Can ``n`` more souls be paid from ``avail`` (``matched``: a matching soul is already paid)?"""
    if n <= 0:
        return matched
    if len(avail) < n:
        return False
    return matched or any(matches(cards[i], color) for i in avail)


def can_pay(s: SNState, p: int, color: str, n: int) -> bool:
    """SN-C2/C3/C4: enough ON souls, at least one matching the cost colour (a cost of 0 is free)."""
    if n <= 0:
        return True
    return feasible(s.cards, on_souls(s, p), color, n, color == "colorless")


def is_matched(cards, paid, color: str) -> bool:
    """Does a soul already ``paid`` match the cost colour (or is the cost colourless)?"""
    if color == "colorless":
        return True
    for i in paid:
        if matches(cards[i], color):
            return True
    return False


def _by_colour(cards, avail: list[int]) -> dict[str, list[int]]:
    """ON souls per colour, plain souls first, then those that pay any colour (town order)."""
    out: dict[str, list[int]] = {}
    wild = None
    for i in avail:
        c = cards[i]
        if c.pays_any_color:
            if wild is None:
                wild = [i]
            else:
                wild.append(i)
            continue
        g = out.get(c.color)
        if g is None:
            out[c.color] = [i]
        else:
            g.append(i)
    if wild is not None:
        for i in wild:
            g = out.get(cards[i].color)
            if g is None:
                out[cards[i].color] = [i]
            else:
                g.append(i)
    return out


def _firsts(cards, avail: list[int], color: str) -> tuple[dict[str, int], dict[str, int], int]:
    """Per colour, the first plain soul and the first soul that pays any colour (town order),
    and how many souls match a ``color`` cost."""
    plain: dict[str, int] = {}
    wild: dict[str, int] = {}
    matching = 0
    colourless = color == "colorless"
    for i in avail:
        c = cards[i]
        if c.pays_any_color:
            if c.color not in wild:
                wild[c.color] = i
            matching += 1
        else:
            if c.color not in plain:
                plain[c.color] = i
            if colourless or c.color == color:
                matching += 1
    return plain, wild, matching


def _canonical(cards, avail: list[int], color: str, n: int, matched: bool, soul_color: str,
               firsts: tuple[dict[str, int], dict[str, int], int]) -> int | None:
    plain, wild, matching = firsts
    for i in (plain.get(soul_color), wild.get(soul_color)):
        if i is None:
            continue
        # feasible(the souls but i, color, n - 1, matched or i matches)
        m = matches(cards[i], color)
        if n - 1 <= 0:
            if matched or m:
                return i
        elif len(avail) - 1 >= n - 1 and (matched or m or matching - m > 0):
            return i
    return None


def canonical_soul(cards, avail: list[int], color: str, n: int, matched: bool, soul_color: str) -> int | None:
    """The soul that paying one ``soul_color`` soul turns OFF: a plain one if the rest can still
    be paid afterwards, otherwise one that pays any colour; None if neither keeps it payable."""
    return _canonical(cards, avail, color, n, matched, soul_color, _firsts(cards, avail, color))


def options(cards, avail: list[int], color: str, n: int, matched: bool) -> list[str]:
    """The colours one more soul may be paid with (each once), in colour order."""
    firsts = _firsts(cards, avail, color)
    present = firsts[0].keys() | firsts[1].keys()
    return [c for c in COLORS if c in present
            and _canonical(cards, avail, color, n, matched, c, firsts) is not None]


def _vectors(counts: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
    """Every vector ``v`` with ``0 <= v[x] <= counts[x]`` and ``sum(v) == n``, in ascending
    lexicographic order (the order ``itertools.product`` of the ranges lists them in)."""
    present = [x for x, k in enumerate(counts) if k]  # the others are always 0
    m = len(present)
    room = [0] * (m + 1)  # room[j]: the most souls the colours present[j:] can give
    for j in range(m - 1, -1, -1):
        room[j] = room[j + 1] + counts[present[j]]
    out: list[tuple[int, ...]] = []
    if not 0 <= n <= room[0]:
        return out
    if m == 0:
        return [counts]  # n == 0: pay nothing
    _fill_vectors(counts, present, room, [0] * len(counts), out, 0, n)
    return out


def _fill_vectors(counts: tuple[int, ...], present: list[int], room: list[int], vec: list[int],
                  out: list, j: int, left: int) -> None:
    """``_vectors``' recursion: the colours ``present[j:]`` give ``left`` more souls (a function
    of its own, not a closure: a closure that calls itself is a reference cycle, garbage that
    only the cycle collector frees)."""
    x = present[j]
    if j == len(present) - 1:
        vec[x] = left
        out.append(tuple(vec))
        return
    for v in range(max(0, left - room[j + 1]), min(counts[x], left) + 1):
        vec[x] = v
        _fill_vectors(counts, present, room, vec, out, j + 1, left - v)
    vec[x] = 0


_PAYMENTS: dict[tuple, tuple[tuple[int, ...], ...]] = {}


def payments(cards, avail: list[int], color: str, n: int, matched: bool) -> list[tuple[int, ...]]:
    """Every distinct payment of ``n`` more souls: a count per colour (in ``COLORS`` order)."""
    counts = [0] * len(COLORS)
    good = [color == "colorless"] * len(COLORS)  # a soul of this colour index matches the cost
    index = _COLOR_INDEX
    for i in avail:
        c = cards[i]
        x = index[c.color]
        counts[x] += 1
        if c.pays_any_color or c.color == color:
            good[x] = True
    # the answer depends only on these numbers: kept (a few hundred keys in a game)
    key = (tuple(counts), tuple(good) if not matched else None, n)
    ways = _PAYMENTS.get(key)
    if ways is None:
        vecs = _vectors(key[0], n)
        if not matched:
            vecs = [vec for vec in vecs if any(k and g for k, g in zip(vec, good))]
        if len(_PAYMENTS) > 20000:
            _PAYMENTS.clear()
        ways = _PAYMENTS[key] = tuple(vecs)
    return list(ways)


def souls_for(cards, avail: list[int], color: str, vec: tuple[int, ...], matched: bool) -> list[int]:
    """The souls a payment (counts per colour) turns OFF: plain souls first, and one that pays
    any colour only when the match needs it."""
    groups = _by_colour(cards, avail)
    chosen: list[int] = []
    for c, k in zip(COLORS, vec):
        if k:
            chosen.extend(groups.get(c, [])[:k])
    if not matched and not any(matches(cards[i], color) for i in chosen):
        for c, k in zip(COLORS, vec):
            wild = [i for i in groups.get(c, []) if cards[i].pays_any_color]
            if k and wild:
                group = groups[c]
                plain_taken = [i for i in group[:k] if not cards[i].pays_any_color]
                chosen.remove(plain_taken[-1])
                chosen.append(wild[0])
                break
    return chosen


_N = len(COLORS)
_PAY: dict[tuple, tuple] = {}


def pay_codes(s: SNState) -> tuple[int, ...]:
    """Per iid, the soul's kind for counting: its colour index, plus ``len(COLORS)`` when it pays
    any colour; ``2 * len(COLORS)`` for a card without a colour (worked out once per deal)."""
    deal = s.deal
    codes = deal.pay_codes
    if codes is None:
        # a card without a colour is never a soul (counting one fails, as ``payments`` does)
        codes = deal.pay_codes = tuple(_COLOR_INDEX[c.color] + (_N if c.pays_any_color else 0)
                                       if c.color in _COLOR_INDEX else 2 * _N for c in s.cards)
    return codes


_WIDTH = 16  # bits per kind in packed counts: more souls of one kind than 2**16 - 1 is not a deck


def kind_unit(code: int) -> int:
    """One soul of this kind (``pay_codes``; ``2 * len(COLORS)``: a card without a colour) in
    packed counts (``on_counts``)."""
    return 1 << (_WIDTH * code)


def on_groups(s: SNState, p: int) -> dict[int, list[int]]:
    """The player's ON souls by kind (``pay_codes``; only the kinds present), each in town order."""
    codes = pay_codes(s)
    ps = s.players[p]
    off = ps.souls_off
    groups: dict[int, list[int]] = {}
    for i in ps.town:
        if i not in off:
            group = groups.get(codes[i])
            if group is None:
                groups[codes[i]] = [i]
            else:
                group.append(i)
    return groups


def counts_of(groups: dict[int, list[int]]) -> int:
    """How many souls of each kind ``groups`` (``on_groups``) hold, packed into one int
    (``_WIDTH`` bits per kind, ``unpack`` reads it)."""
    total = 0
    for code, group in groups.items():
        total += len(group) << (_WIDTH * code)
    return total


def on_counts(s: SNState, p: int) -> int:
    """How many ON souls the player has of each kind (``pay_codes``), packed (``counts_of``)."""
    return counts_of(on_groups(s, p))


def unpack(counts: int) -> tuple[int, ...]:
    """Packed counts (``on_counts``) as a count per kind; IndexError for a card without a colour
    counted (it is never a soul: paying fails, as ``payments`` does)."""
    mask = (1 << _WIDTH) - 1
    if counts >> (_WIDTH * 2 * _N):
        raise IndexError("a card without a colour is not a soul")
    return tuple((counts >> (_WIDTH * code)) & mask for code in range(2 * _N))


def pay_plan(packed: int, color: str, n: int, matched: bool) -> tuple:
    """What the ``pay`` decision needs, from the ON souls' counts by kind (``on_counts``) alone,
    worked out once per distinct question: (``payments``' answer, ``options``' answer, per
    colour offered the kind of the soul ``canonical_soul`` turns OFF: plain or pays any colour,
    and ``suggested``'s candidates: ``_ranked``). The same answers as those functions on the souls
    counted (tests/speed check them)."""
    key = (packed, color, n, matched)
    plan = _PAY.get(key)
    if plan is not None:
        return plan
    counts = unpack(packed)
    colourless = color == "colorless"
    ci = _COLOR_INDEX[color]
    plain, wilds = counts[:_N], counts[_N:]
    total = sum(counts)
    # payments: a count per colour; ``good``: a soul of that colour matches the cost
    per = tuple(a + b for a, b in zip(plain, wilds))
    good = tuple(colourless or wilds[x] > 0 or (x == ci and plain[x] > 0) for x in range(_N))
    vecs = _vectors(per, n)
    if not matched:
        vecs = [vec for vec in vecs if any(k and g for k, g in zip(vec, good))]
    # options and canonical_soul: the first plain soul of the colour if the rest stays payable,
    # else the first that pays any colour (``_canonical`` on counts)
    matching = total if colourless else plain[ci] + sum(wilds)
    opts: list[str] = []
    kinds: dict[str, int] = {}
    for x in range(_N):
        for code, present in ((x, plain[x]), (x + _N, wilds[x])):
            if not present:
                continue
            m = colourless or code >= _N or x == ci
            if n - 1 <= 0:
                ok = matched or m
            else:
                ok = total - 1 >= n - 1 and (matched or m or matching - m > 0)
            if ok:
                opts.append(COLORS[x])
                kinds[COLORS[x]] = code
                break
    if len(_PAY) > 20000:
        _PAY.clear()
    plan = _PAY[key] = (tuple(vecs), tuple(opts), kinds, _ranked(counts, color, n, matched, vecs))
    return plan


def _ranked(counts: tuple[int, ...], color: str, n: int, matched: bool, vecs: list) -> tuple:
    """``suggested``'s candidates: the payments grouped by what the payer's cards and abilities
    see of them, (are souls that pay any colour kept, the colours kept as bits and colourless),
    with the best of each group by what follows (souls paying any colour kept, colours kept,
    colourless souls paid, the payment itself): (souls left, then per group (any colour kept,
    colour bits kept, (that tail of the key))). From the souls' counts, as ``souls_for`` pays: the
    plain souls of a colour first, then those that pay any colour; and when no soul paid matches,
    one plain soul of the first colour paid that has such a soul swapped for it."""
    plain, wilds = counts[:_N], counts[_N:]
    all_wild = sum(wilds)
    present = [x for x in range(_N) if plain[x] or wilds[x]]
    colourless = _COLOR_INDEX["colorless"]
    best: dict[tuple[bool, int], tuple] = {}
    for vec in vecs:
        wild_paid = 0
        kept = 0  # the colours kept, one bit each
        plain_match = False  # a plain soul paid matches the cost colour
        for x in present:
            k = vec[x]
            if k:
                if k > plain[x]:
                    wild_paid += k - plain[x]
                elif COLORS[x] == color:
                    plain_match = True
            if plain[x] + wilds[x] > k:
                kept |= 1 << x
        if not matched and not wild_paid and not plain_match and color != "colorless":
            wild_paid = 1 if any(vec[x] and wilds[x] for x in present) else 0
        wild = all_wild - wild_paid
        tail = (wild, bin(kept).count("1"), vec[colourless], vec)
        group = (wild > 0, kept | _COLOURLESS_BIT)
        if group not in best or tail > best[group]:
            best[group] = tail
    return sum(counts) - n, tuple((any_colour, ok, tail) for (any_colour, ok), tail in best.items())


def souls_in(groups: dict[int, list[int]], color: str, vec: tuple[int, ...], matched: bool) -> list[int]:
    """The souls a payment (counts per colour) turns OFF, from the ON souls by kind
    (``on_groups``): ``souls_for`` of those souls (the same souls in the same order): per colour
    paid, its plain souls first, then those that pay any colour; and when no soul paid matches,
    the last plain soul of the first colour paid that has a soul paying any colour swapped for
    that one. The first soul of a kind (``on_groups(s, p)[kind][0]``) is ``canonical_soul``'s."""
    paid = _COLOURS_PAID.get(vec)
    if paid is None:
        if len(_COLOURS_PAID) > 20000:
            _COLOURS_PAID.clear()
        paid = _COLOURS_PAID[vec] = tuple(x for x in range(_N) if vec[x])
    chosen: list[int] = []
    wild_paid = False
    for x in paid:  # colour order
        plain = groups.get(x, ())
        k = vec[x]
        if k > len(plain):
            wild_paid = True
            chosen += plain
            chosen += groups[x + _N][:k - len(plain)]
        else:
            chosen += plain[:k]
    if not matched and color != "colorless" and not wild_paid and _COLOR_INDEX[color] not in paid:
        # no soul paid matches
        for x in paid:
            wild = groups.get(x + _N)
            if wild:
                chosen.remove(groups[x][vec[x] - 1])
                chosen.append(wild[0])
                break
    return chosen


_COLOURS_PAID: dict[tuple[int, ...], tuple[int, ...]] = {}  # a payment -> the colour indices it pays


def code_matches(code: int, cost_color: str) -> bool:
    """``matches`` for a soul of this kind (``pay_codes``)."""
    return cost_color == "colorless" or code >= _N or COLORS[code] == cost_color


# (10000 cards: card sets loaded one after another, a server, start it again)
@per_object(limit=10000)
def _paid_uses(card: Card) -> list[tuple[str, int]]:
    """``_uses(card)`` that cost at least one soul, worked out once per card (``engine.memo``).
    Read only."""
    return [u for u in _uses(card) if u[1] > 0]


def _uses(card: Card) -> list[tuple[str, int]]:
    """The costs a card in hand can be played for: place/leaderize, change/awaken, burst."""
    out = []
    color = cast(str, card.color)  # (a card played from the hand has one)
    if card.is_main:
        out.append((color, card.cost))
    if card.kind in CHARACTER_KINDS and card.change_cost is not None:
        out.append((color, card.change_cost))
    for ab in card.abilities:
        if ab.kind == "burst":
            out.append((ab.color, ab.cost))
    return out




def _uses_by_card(s: SNState) -> tuple:
    """Per iid, the card's paid uses (``_paid_uses``) as a tuple of (colour bit, cost), or None
    when it has none (worked out once per deal). A colour not in COLORS has a bit no soul has."""
    deal = s.deal
    table = deal.paid_uses
    if table is None:
        table = deal.paid_uses = tuple(
            tuple((_BIT.get(u[0], 1 << 30), u[1]) for u in _paid_uses(c)) or None for c in s.cards)
    return table


def suggested(s: SNState, p: int, color: str, n: int, matched: bool,
              counts: int | None = None) -> tuple[int, ...]:
    """The payment the game suggests: the one after which the most OTHER cards in the payer's hand
    can still be paid for (for any of their uses); then the most payable uses (hand cards and the
    activated abilities of their field not used this turn); then the most souls that pay any
    colour kept; then the most colours kept; then colourless souls paid first. ``counts``: the
    payer's ``on_counts``, when known."""
    cards = s.cards
    ps = s.players[p]
    left, ranked = pay_plan(on_counts(s, p) if counts is None else counts, color, n, matched)[3]
    # what a payment changes for a use is only whether it stays payable: enough souls left (every
    # use costs at least 1) and one matching its colour (any kept colour when a soul paying any
    # colour is kept; a colourless use matches any soul). So per hand card, the colour bits of its
    # uses that cost at most ``left`` (colourless: every bit), and per colour bit how many uses
    # (hand and abilities) cost at most ``left``
    uses_of = _uses_by_card(s)
    always = 0  # hand cards with no paid use: always counted
    masks: list[int] = []
    per_bit: dict[int, int] = {}
    for i in ps.hand:
        uses = uses_of[i]
        if uses is None:
            always += 1
            continue
        m = 0
        for bit, cost in uses:
            if cost <= left:
                m |= EVERY if bit == _COLOURLESS_BIT else bit
                per_bit[bit] = per_bit.get(bit, 0) + 1
        masks.append(m)
    for u in (ps.chars if ps.leader is None else ps.chars + [ps.leader]):
        if u.iid not in s.used:
            for ab in cards[u.iid].abilities:
                if ab.kind == "activated" and ab.cost > 0 and ab.cost <= left:
                    bit = _BIT.get(ab.color, 1 << 30)
                    per_bit[bit] = per_bit.get(bit, 0) + 1
    best_key = None
    for any_colour, ok, tail in ranked:
        cards_ok = always
        uses_ok = 0
        if any_colour:
            for m in masks:
                if m:
                    cards_ok += 1
            for k in per_bit.values():
                uses_ok += k
        else:
            for m in masks:
                if m & ok:
                    cards_ok += 1
            for bit, k in per_bit.items():
                if bit & ok:
                    uses_ok += k
        key = (cards_ok, uses_ok) + tail
        if best_key is None or key > best_key:
            best_key = key
    assert best_key is not None, "suggested() needs a payable cost"
    return best_key[-1]
