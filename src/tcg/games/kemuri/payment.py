"""What paying seats and swapping seating cards come to, as data, for the words of an offered
action (``text.py`` phrases them; it does not work them out itself).

* ``best_payment(levels, amount)``: the seats a cost really takes (seating cards are paid whole,
  KM-Z2: paying 2 with only a Lv3 card loses 3);
* ``completions(hand, level, picked)``: the sets of 1 to 3 hand cards that can be swapped in for
  a seating card of ``level`` (KM-T2), as the charcoal change offers them."""
from __future__ import annotations

import itertools
from typing import Iterable, Sequence

from .flow import SWAP_MAX


def best_payment(levels: Iterable[int], amount: int) -> int | None:
    """The smallest total of some of ``levels`` (the seating cards' levels) that pays ``amount``
    (None: not enough)."""
    sums = {0}
    for lv in levels:
        sums |= {s + lv for s in sums}
    ok = [s for s in sums if s >= amount]
    return min(ok) if ok else None


def completions(hand: Sequence[tuple[int, int]], level: int, picked: Sequence[int] = ()) -> list[tuple]:
    """The 1 to ``SWAP_MAX`` hand cards (``picked`` included) whose levels add up to ``level``, as
    instance ids; ``hand``: (instance id, level) of each card in hand."""
    lv = dict(hand)
    rest = [i for i, _ in hand if i not in picked]
    have = sum(lv.get(i, 0) for i in picked)
    out = []
    for k in range(0, SWAP_MAX + 1 - len(picked)):
        for extra in itertools.combinations(rest, k):
            if (picked or extra) and have + sum(lv[i] for i in extra) == level:
                out.append(tuple(picked) + extra)
    return out


__all__ = ["best_payment", "completions"]
