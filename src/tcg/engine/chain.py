"""``AppendLog``: an append-only list whose copies share what they already hold.

A game's event log and action list only ever grow, and search agents and undo copy games all the
time. Copying a plain list costs as much as the list is long, so a copy late in a long game cost
twice one early on. An ``AppendLog`` keeps what it held at its last copy in frozen chunks that
both copies share (never changed again) and appends to a tail of its own: ``copy()`` costs the
same at any length. Reading it as a whole joins the chunks into one (once; later reads reuse it).
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator, Sequence

#: frozen chunks joined into one when a log has more of them than this (the join is shared too)
MAX_CHUNKS = 24


class AppendLog(Sequence):
    """A list that only grows: ``append``, ``len``, indexing, slicing, iteration, equality with
    lists and other logs, and an O(1) ``copy()``."""

    __slots__ = ("_frozen", "_n", "_tail", "_chunks", "append")

    def __init__(self, items: Iterable[Any] = ()):
        self._frozen: tuple | None = None  # (earlier frozen node, chunk): linked from the newest
        self._n = 0                         # items in the frozen chunks
        self._chunks = 0
        self._tail: list = list(items)
        #: add one item at the end (the tail list's own append: as fast as a list's)
        self.append = self._tail.append

    def _new_tail(self) -> None:
        self._tail = []
        self.append = self._tail.append

    def copy(self) -> "AppendLog":
        """An independent log holding the same items; neither sees what the other appends."""
        if self._tail:
            self._frozen = (self._frozen, self._tail)
            self._n += len(self._tail)
            self._chunks += 1
            self._new_tail()
            if self._chunks > MAX_CHUNKS:
                self._join()
        c = AppendLog.__new__(AppendLog)
        c._frozen, c._n, c._chunks = self._frozen, self._n, self._chunks
        c._new_tail()
        return c

    __copy__ = copy

    def _join(self) -> list:
        """The frozen items as one list (and kept so: a single frozen chunk from now on)."""
        node = self._frozen
        if node is None:
            return []
        if node[0] is None:
            return node[1]
        chunks = []
        while node is not None:
            chunks.append(node[1])
            node = node[0]
        joined: list = []
        for chunk in reversed(chunks):
            joined.extend(chunk)
        self._frozen, self._chunks = (None, joined), 1
        return joined

    def __len__(self) -> int:
        return self._n + len(self._tail)

    def __getitem__(self, i):
        n = self._n
        if isinstance(i, slice):
            start, stop, step = i.indices(n + len(self._tail))
            if start >= n and step == 1:
                return self._tail[start - n:stop - n]
            return (self._join() + self._tail)[i]
        if i < 0:
            i += n + len(self._tail)
            if i < 0:
                raise IndexError("AppendLog index out of range")
        if i >= n:
            return self._tail[i - n]
        return self._join()[i]

    def __iter__(self) -> Iterator[Any]:
        if self._n:
            yield from self._join()
        yield from self._tail

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (AppendLog, list)):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"AppendLog({list(self)!r})"

    def __reduce__(self):
        return (AppendLog, (list(self),))

