"""The memo helper (engine/memo.py): an answer kept by an object's id keeps the object, so the id
cannot name another object while the answer is kept; read-only types only, when named; a limit
empties it; a key of None is not remembered; the plain function stays beside the remembered one."""
from __future__ import annotations

from tcg.engine.memo import IdMemo, per_object, plain, remembered


class Frozen(tuple):
    """A read-only type for the tests."""


def test_an_entry_keeps_the_objects_its_key_names():
    memo = IdMemo(None)
    obj = [1, 2]
    assert memo.of(obj, len) == 2
    entry = memo[id(obj)]
    assert entry[1] is obj  # kept: its id stays its own while the entry is kept
    assert memo.keep(("pair", id(obj), id(memo)), "x", obj, memo) == ("x", obj, memo)


def test_a_limit_empties_the_memo():
    memo = IdMemo(2)
    objs = [[i] for i in range(3)]
    for o in objs:
        memo.of(o, len)
    assert len(memo) == 1 and id(objs[2]) in memo


def test_per_object_remembers_read_only_types_only():
    calls = []

    @per_object(Frozen)
    def total(xs):
        calls.append(xs)
        return sum(xs)
    frozen, mutable = Frozen((1, 2)), [1, 2]
    assert total(frozen) == total(frozen) == 3 and len(calls) == 1
    assert total(mutable) == total(mutable) == 3 and len(calls) == 3
    mutable.append(4)
    assert total(mutable) == 7  # a mutable object is worked out each time
    assert plain(total)(frozen) == 3 and len(calls) == 5
    assert total.memo[id(frozen)][1] is frozen


def test_per_object_without_types_remembers_every_object():
    calls = []

    @per_object()
    def first(xs):
        calls.append(xs)
        return xs[0]
    xs = [5]
    assert first(xs) == first(xs) == 5 and len(calls) == 1


def test_remembered_by_a_key_or_worked_out_without_one():
    calls = []

    def key(a, b):
        return None if isinstance(a, list) else ((id(a), b), (a,))

    @remembered(key)
    def add(a, b):
        calls.append(a)
        return sum(a) + b
    t = Frozen((1, 2))
    assert add(t, 1) == add(t, 1) == 4 and len(calls) == 1
    assert add(t, 2) == 5 and len(calls) == 2
    assert add([1], 1) == add([1], 1) == 2 and len(calls) == 4
    assert plain(add) is not add and plain(plain) is plain
