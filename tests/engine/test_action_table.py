"""``ActionTable``: the prebuilt actions the games list (one object per parameter values)."""
from __future__ import annotations

from tcg.engine.action import Action, ActionTable


def test_each_action_is_built_once_and_equals_the_plain_one():
    place = ActionTable("place", "card")
    assert place[5] == Action("place", card=5) and place[5] is place[5]
    serve = ActionTable("serve", "target", "cast")  # keys named in any order: values follow them
    assert serve[(1, 2)] == Action("serve", target=1, cast=2)
    assert serve[(1, 2)].params == (("cast", 2), ("target", 1))


def test_the_table_is_emptied_past_its_limit_and_still_answers():
    t = ActionTable("pick", "card", limit=3)
    for i in range(10):
        assert t[i] == Action("pick", card=i)
    assert len(t) <= 4
