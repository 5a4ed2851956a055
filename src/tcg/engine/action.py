"""Actions and decisions: the small immutable values that cross the engine's narrow interface."""
from __future__ import annotations

from typing import Any, Mapping


class Action:
    """One choice a player can make, e.g. ``Action("attack", attacker=12)``.

    Immutable, hashable and comparable by value; ``to_dict()`` gives the stable wire form
    ``{"type": "attack", "attacker": 12}`` and ``Action.from_dict`` reads it back. A human
    description (Japanese and English) comes from ``game.describe(action, lang)`` because it
    needs the card names of the game the action belongs to."""

    __slots__ = ("type", "params", "_hash")

    def __init__(self, type: str, **params: Any):
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "params", tuple(sorted(params.items())))
        object.__setattr__(self, "_hash", hash((type, self.params)))

    @classmethod
    def of(cls, type: str, params: tuple = ()) -> "Action":
        """Fast constructor for rules code: ``params`` is an already sorted tuple of pairs."""
        a = object.__new__(cls)
        object.__setattr__(a, "type", type)
        object.__setattr__(a, "params", params)
        object.__setattr__(a, "_hash", hash((type, params)))
        return a

    def __getattr__(self, name: str) -> Any:
        # ``action.card``: Python comes here only after the usual lookup failed, which costs
        # about 1 µs a read, so the rules' hottest paths read ``params`` instead
        for k, v in object.__getattribute__(self, "params"):
            if k == name:
                return v
        raise AttributeError(f"action '{self.type}' has no parameter '{name}'")

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == name:
                return v
        return default

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    def __reduce__(self):
        return (Action.of, (self.type, self.params))

    def __copy__(self) -> "Action":
        return self

    def __deepcopy__(self, memo) -> "Action":
        return self

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self._hash == other._hash and self.type == other.type and self.params == other.params
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type}
        d.update(self.params)
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Action":
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise ValueError(f"an action must be a mapping with a string 'type', got {data!r}")
        params = {k: _freeze(v) for k, v in data.items() if k != "type"}
        try:
            return cls(data["type"], **params)
        except TypeError:
            raise ValueError(f"action parameters must be numbers, text or lists, got {dict(data)!r}") from None

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.params)
        return f"Action({self.type!r}{', ' if inner else ''}{inner})"


class ActionTable(dict):
    """The actions of one type by their parameters' values, each built once and then listed
    again (actions are immutable values, so the rules need not build and sort new ones at every
    decision): ``PLACE = ActionTable("place", "card")`` gives ``PLACE[5] == Action("place",
    card=5)``; with several ``keys`` the value is a tuple in the order they are named. Emptied
    past ``limit`` entries (values such as card combinations add up over many games)."""

    __slots__ = ("type", "names", "order", "limit")

    def __init__(self, type: str, *keys: str, limit: int = 50_000):
        super().__init__()
        self.type, self.names, self.limit = type, keys, limit
        self.order = sorted(range(len(keys)), key=keys.__getitem__)  # Action.of wants them sorted

    def __missing__(self, value: Any) -> "Action":
        if len(self) > self.limit:
            self.clear()
        one = (value,) if len(self.names) == 1 else value
        a = self[value] = Action.of(self.type, tuple((self.names[k], one[k]) for k in self.order))
        return a


def _freeze(value: Any) -> Any:
    """JSON lists become tuples so that actions read from JSON equal the listed ones."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


class Decision:
    """Who must decide now and what kind of decision it is (``main``, ``defend``, ``mulligan``...).

    ``info`` holds public details for front ends (e.g. the attacking card); it never holds
    anything the other player may not see."""

    __slots__ = ("player", "kind", "info")

    def __init__(self, player: int, kind: str, info: Mapping[str, Any] | None = None):
        self.player = player
        self.kind = kind
        self.info = dict(info) if info else {}

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, **self.info}

    def seen_by(self, viewer: int | None, secret: tuple[str, ...] = ()) -> dict[str, Any]:
        """The decision as ``viewer``'s observation shows it: who decides and what kind, and its
        ``info`` too unless it is of a ``secret`` kind (looking at hidden cards) and the viewer
        is not the one deciding."""
        out: dict[str, Any] = {"player": self.player, "kind": self.kind}
        if self.player == viewer or self.kind not in secret:
            out.update(self.info)
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and (self.player, self.kind, self.info) == (
            other.player, other.kind, other.info)

    def __repr__(self) -> str:
        return f"Decision(player={self.player}, kind={self.kind!r}{', ' if self.info else ''}" + \
            ", ".join(f"{k}={v!r}" for k, v in self.info.items()) + ")"
