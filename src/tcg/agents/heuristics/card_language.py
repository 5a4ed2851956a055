"""What the heuristics' readers of the card language (``<game>_language.py``) share: whether a
parsed condition (``engine.conditions``) holds for a player as far as an observation tells. The
game says how to count what a ``count`` names and how to read a player's number; the turn and the
phase read ``active`` and ``phase`` unless the game says otherwise."""
from __future__ import annotations

import operator
from typing import Any, Callable

from ...engine import conditions as C

#: a ``compare``'s operators
COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
           "!=": operator.ne}


def whose_turn(obs: dict, player: int) -> str:
    """``own`` / ``opponent``: whose turn it is for ``player`` (the observation's ``active``)."""
    return "own" if obs.get("active") == player else "opponent"


def phase_is(obs: dict, phase: str) -> bool:
    """Whether the observation's phase is ``phase``."""
    return obs.get("phase") == phase


def observed_holds(obs: dict, player: int, cond: Any,
                   count: Callable[[dict, int, Any], int | None], number: Callable[[dict, int, str], int],
                   turn: Callable[[dict, int], str] = whose_turn,
                   phase: Callable[[dict, str], bool] = phase_is) -> bool:
    """Whether ``cond`` holds for ``player`` as far as the observation tells (True when it cannot
    be told: ``count(obs, player, what)`` None). ``number(obs, p, name)``: player p's number a
    ``compare`` names; ``turn(obs, player)``: whose turn (or program) it is; ``phase(obs, name)``:
    whether it is that phase."""
    t = type(cond)
    if t is C.Count:
        n = count(obs, player, cond.what)
        return n is None or ((cond.at_least is None or n >= cond.at_least)
                             and (cond.at_most is None or n <= cond.at_most))
    if t is C.Compare:
        left = player if cond.left == "own" else 1 - player
        a = number(obs, left, cond.number)
        b = cond.value if cond.value is not None else number(obs, 1 - left, cond.number)
        return COMPARE[cond.op](a, b)
    if t is C.Turn:
        return turn(obs, player) == cond.whose
    if t is C.Phase:
        return phase(obs, cond.phase)
    if t in (C.All, C.AnyOf, C.Not):
        def part(c: Any) -> bool:
            return observed_holds(obs, player, c, count, number, turn, phase)
        if t is C.All:
            return all(part(c) for c in cond.parts)
        if t is C.AnyOf:
            return any(part(c) for c in cond.parts)
        return not part(cond.part)
    return True
