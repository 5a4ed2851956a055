"""``Reason``: why something a player might expect to do is not offered, as data.

The rules say what a player cannot do now and why (``Ruleset.unavailable(state, seat)``: a list of
reasons); the game's words (``games/<game>/text.py``) only phrase each reason through its key in
the game's text table, in the player's language. A reason carries no display text: its ``key``
names the rule that stops the option (``"cannot_pay"``, ``"no_square"``...), ``card`` the card
instance it is about (None: the decision itself, e.g. "it is not your decision") and ``params``
the values the rule compared (a cost and the resources ready, a colour, a square, a seat).
This module imports no game."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping


@dataclass(frozen=True, eq=True)
class Reason:
    """One thing a player cannot do now, and why (see the module's text). ``params`` is read-only;
    its values are plain data (numbers, strings, seats, card ids), never words."""

    key: str
    card: int | str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    __hash__ = None  # type: ignore[assignment]  # (params is a mapping: reasons are compared, not hashed)

    def as_dict(self) -> dict[str, Any]:
        """The reason as JSON-ready data: ``{"key", "card", "params"}``."""
        return {"key": self.key, "card": self.card, "params": dict(self.params)}


def not_deciding(s: Any, seat: int | None, waiting: str = "waiting") -> list[Reason] | None:
    """The reasons of a ``seat`` that does not take the open decision of ``s``: the game is
    over (``over``); nothing to tell (no decision open, or ``seat`` None: a spectator); another
    player decides (the game's key ``waiting``, naming them ``who``). None when ``seat`` decides:
    the game tells the reasons of its decision."""
    if s.over:
        return [Reason("over")]
    d = s.decision
    if d is None or seat is None:
        return []
    if d.player != seat:
        return [Reason(waiting, None, {"who": d.player})]
    return None


__all__ = ["Reason", "not_deciding"]
