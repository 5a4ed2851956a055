"""``AppendLog`` (the event log and action list): copies share what both hold yet never see
each other's appends; every read equals a plain list's (hypothesis over random programs of
appends, copies and reads on many logs at once)."""
from __future__ import annotations

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from tcg.engine.chain import MAX_CHUNKS, AppendLog

OPS = st.lists(st.tuples(st.sampled_from(["append", "copy", "read"]), st.integers(0, 1000)), max_size=300)


@settings(max_examples=200, deadline=None)
@given(OPS)
def test_logs_and_their_copies_behave_as_separate_lists(ops):
    logs, models = [AppendLog()], [[]]
    for op, x in ops:
        k = x % len(logs)
        if op == "append":
            logs[k].append(x)
            models[k].append(x)
        elif op == "copy":
            logs.append(logs[k].copy())
            models.append(list(models[k]))
        else:
            log, model = logs[k], models[k]
            assert len(log) == len(model) and list(log) == model and log == model
            if model:
                i = x % len(model)
                assert log[i] == model[i] and log[-1] == model[-1] and log[-i - 1] == model[-i - 1]
                assert log[i:] == model[i:] and log[:i] == model[:i] and log[::2] == model[::2]
    for log, model in zip(logs, models):
        assert list(log) == model


def test_a_copy_late_in_a_long_log_copies_nothing_and_chunks_stay_few():
    log = AppendLog()
    for i in range(10_000):
        log.append(i)
        if i % 7 == 0:
            c = log.copy()
            assert c._tail == [] and len(c) == i + 1  # shared, not copied
            assert log._chunks <= MAX_CHUNKS
    assert list(log) == list(range(10_000)) and log[5_000] == 5_000


def test_index_errors_equality_and_pickling():
    log = AppendLog([1, 2, 3])
    c = log.copy()
    c.append(4)
    assert log == [1, 2, 3] and c == AppendLog([1, 2, 3, 4]) and c != log
    for bad in (3, -4):
        try:
            log[bad]
        except IndexError:
            pass
        else:
            raise AssertionError(f"index {bad} should be out of range")
    back = pickle.loads(pickle.dumps(c))
    back.append(5)
    assert back == [1, 2, 3, 4, 5] and c == [1, 2, 3, 4]
