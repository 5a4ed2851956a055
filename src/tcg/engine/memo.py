"""The one wall speed tricks hide behind: answers remembered by the identity of objects that never
change (read-only views of shared observations, printed cards, a decision's own dicts).

An ``id()`` names an object only while the object lives: once it is gone, a new object may get
the same id. So every entry here keeps the objects its key names (an entry is ``(answer,
objects...)``), and their ids stay theirs for as long as the entry is kept; a memo with a limit is
emptied when it grows past it (the objects go with their entries).

* ``IdMemo``: the memo itself (a dict), for a loop that asks it directly (``get``, then
  ``keep``), or ``of(obj, compute)``;
* ``per_object(*types)``: a function of one object remembered by the object's id when the object
  is of one of ``types`` (read-only: never changed), worked out each time for any other object;
  with no types, for every object (printed cards: never changed);
* ``remembered(key)``: a function remembered by what ``key(*args)`` names (None: not to be
  remembered, worked out).

A remembered function keeps its plain self as ``.plain``: one test compares the two."""
from __future__ import annotations

import functools
from typing import Any, Callable, Hashable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: how many entries a memo shared across decisions and games keeps before it is emptied
LIMIT = 50_000


class IdMemo(dict):
    """Answers by a key holding ids; each entry is ``(answer, the objects the ids are of...)``.
    ``limit``: emptied when it would grow past it (None: never, for a memo that lives one decision)."""

    __slots__ = ("limit",)

    def __init__(self, limit: int | None = LIMIT) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: Hashable, answer: Any, *objects: Any) -> tuple:
        """Remember ``answer`` by ``key``, with the ``objects`` whose ids ``key`` holds; returns the entry."""
        if self.limit is not None and len(self) >= self.limit:
            self.clear()
        entry = self[key] = (answer, *objects)
        return entry

    def of(self, obj: Any, compute: Callable[[Any], Any]) -> Any:
        """``compute(obj)``, remembered by ``obj``'s id (``obj`` must never change)."""
        hit = self.get(id(obj))
        if hit is None:
            hit = self.keep(id(obj), compute(obj), obj)
        return hit[0]


def per_object(*types: type, limit: int | None = LIMIT) -> Callable[[F], F]:
    """Decorator: ``f(obj)`` remembered by ``obj``'s id when ``type(obj)`` is one of ``types``
    (read-only types: an object of them never changes); worked out each time for any other. No
    ``types``: remembered for every object (``f``'s objects never change)."""
    def wrap(f: F) -> F:
        memo = IdMemo(limit)
        get = memo.get

        def every(obj: Any) -> Any:
            hit = get(id(obj))
            if hit is None:
                hit = memo.keep(id(obj), f(obj), obj)
            return hit[0]

        def of_types(obj: Any) -> Any:
            if type(obj) in types:
                hit = get(id(obj))
                if hit is None:
                    hit = memo.keep(id(obj), f(obj), obj)
                return hit[0]
            return f(obj)
        return _with_plain(functools.wraps(f)(of_types if types else every), f, memo)
    return wrap


def remembered(key: Callable[..., tuple[Hashable, tuple] | None], limit: int | None = LIMIT) -> Callable[[F], F]:
    """Decorator: ``f(*args)`` remembered by ``key(*args)``, which gives ``(the key, the objects
    whose ids it holds)``, or None when the arguments may not be remembered (not all read-only):
    then ``f`` is worked out."""
    def wrap(f: F) -> F:
        memo = IdMemo(limit)
        get = memo.get

        @functools.wraps(f)
        def fast(*args: Any) -> Any:
            k = key(*args)
            if k is None:
                return f(*args)
            hit = get(k[0])
            if hit is None:
                hit = memo.keep(k[0], f(*args), k[1])
            return hit[0]
        return _with_plain(fast, f, memo)
    return wrap


def _with_plain(fast: Callable[..., Any], plain: F, memo: IdMemo) -> F:
    """``fast`` with its plain function (``.plain``) and its memo (``.memo``) beside it."""
    setattr(fast, "plain", plain)
    setattr(fast, "memo", memo)
    return fast  # type: ignore[return-value]


def plain(f: Callable[..., Any]) -> Callable[..., Any]:
    """The plain function of a remembered one (``per_object``, ``remembered``); ``f`` itself otherwise."""
    return getattr(f, "plain", f)


__all__ = ["IdMemo", "LIMIT", "per_object", "plain", "remembered"]
