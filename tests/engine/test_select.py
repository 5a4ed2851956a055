"""engine/select.py on a toy declaration (no game): parsing, the nearest word, hidden zones,
evaluation over what the declaration lists, and the count."""
from __future__ import annotations

from typing import NamedTuple

import pytest

from tcg.engine.effects import random_pick
from tcg.engine.rng import Rng
from tcg.engine.select import Prop, SelectorError, SelectorSchema, Zone


class Thing(NamedTuple):
    iid: int
    owner: int
    name: str
    size: int
    tags: tuple


STATE = {"table": [Thing(0, 0, "red fox", 2, ("wild",)), Thing(1, 1, "blue jay", 1, ("wild", "bird")),
                   Thing(2, 1, "grey wolf", 5, ("wild",)), Thing(3, 0, "house cat", 1, ("pet",))],
         "pocket": [Thing(4, 0, "coin", 0, ()), Thing(5, 1, "key", 0, ())]}

SCHEMA = SelectorSchema(
    zones={"table": Zone(lambda s, p: [t for t in s["table"] if t.owner == p]),
           "pocket": Zone(lambda s, p: [t for t in s["pocket"] if t.owner == p], hidden="opponent")},
    props={"name": Prop("text", lambda s, t: t.name),
           "size": Prop("number", lambda s, t: t.size),
           "tag": Prop("enum", lambda s, t: t.tags, choices=("wild", "bird", "pet"), many=True),
           "big": Prop("flag", lambda s, t: t.size >= 3, zones=("table",))},
    default_zone="table")


def ids(sel, controller=0, source=-1):
    return [t.iid for t in SCHEMA.candidates(STATE, controller, source, sel)]


def test_tables_select_over_what_the_game_declares():
    assert ids(SCHEMA.parse({"all": True})) == [0, 3, 1, 2]                 # the controller's side first
    assert ids(SCHEMA.parse({"all": True, "side": "opponent", "size": {"min": 2}})) == [2]
    assert ids(SCHEMA.parse({"all": True, "name": {"contains": "o"}, "side": "own"})) == [0, 3]
    assert ids(SCHEMA.parse({"all": True, "tag": ["bird", "pet"]})) == [3, 1]
    assert ids(SCHEMA.parse({"all": True, "big": True})) == [2]
    assert ids(SCHEMA.parse({"all": True, "other": True, "side": "own"}), source=0) == [3]
    assert ids(SCHEMA.parse({"choose": 1, "zone": "pocket", "side": "own"})) == [4]
    assert SCHEMA.parse({"choose": 2, "up_to": True}).count == ("choose", 2, True)
    assert SCHEMA.parse({"random": 1}).count == ("random", 1, False)


@pytest.mark.parametrize("raw,path,words", [
    ({"all": True, "zoen": "table"}, ".zoen", "did you mean 'zone'"),
    ({"all": True, "zone": "tabel"}, ".zone", "did you mean 'table'"),
    ({"all": True, "side": "mine"}, ".side", "not one of"),
    ({"all": True, "tag": "brid"}, ".tag", "did you mean 'bird'"),
    ({"all": True, "size": {"mni": 1}}, ".size.mni", "did you mean 'min'"),
    ({"all": True, "size": {"min": 3, "max": 1}}, ".size", "more than max"),
    ({"all": True, "size": "big"}, ".size", "whole number"),
    ({"zone": "table"}, "", "say how many"),
    ({"all": True, "choose": 1}, "", "once"),
    ({"choose": 0}, ".choose", "1..99"),
    ({"all": True, "zone": "pocket", "big": True}, ".big", "only in zone table"),
    ({"choose": 1, "zone": "pocket", "side": "opponent"}, ".choose", "hidden"),
    ({"random": 1, "zone": "pocket", "side": "opponent", "size": 0}, ".size", "reveal"),
    ("table", "", "must be a table"),
])
def test_parse_errors_name_the_key_and_the_nearest_word(raw, path, words):
    with pytest.raises(SelectorError) as e:
        SCHEMA.parse(raw)
    assert e.value.path == path and words in e.value.message


def test_the_zones_a_use_allows():
    with pytest.raises(SelectorError, match="not allowed here"):
        SCHEMA.parse({"all": True, "zone": "pocket"}, zones=("table",))


def test_random_picks_are_seeded_and_keep_the_order():
    items = list(range(10))
    a, b = random_pick(Rng(5), items, 3), random_pick(Rng(5), items, 3)
    assert a == b and a == sorted(a) and len(set(a)) == 3
    assert random_pick(Rng(5), items[:2], 3) == [0, 1]
