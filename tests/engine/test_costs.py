"""engine/costs.py on a toy declaration (no game): parsing cost lists (the nearest word, the
paths), ``can_pay`` (resources together, counters, this card, cards taken once) and the ops."""
from __future__ import annotations

from typing import NamedTuple

import pytest

from tcg.engine import costs as C
from tcg.engine.select import Prop, SelectorSchema, Zone


class Thing(NamedTuple):
    iid: int
    owner: int
    zone: str
    kind: str
    awake: bool = True


STATE = {"things": [Thing(0, 0, "table", "beast"), Thing(1, 0, "table", "beast", awake=False),
                    Thing(2, 0, "pocket", "beast"), Thing(3, 0, "pocket", "coin"), Thing(4, 0, "bin", "coin"),
                    Thing(5, 1, "pocket", "beast"), Thing(6, 0, "table", "beast")],
         "money": [3, 0], "stars": [2, 0]}


def _zone(name: str) -> Zone:
    return Zone(lambda s, p: [t for t in s["things"] if t.owner == p and t.zone == name],
                hidden="opponent" if name == "pocket" else "all" if name == "pile" else "none")


SCHEMA = SelectorSchema(
    zones={z: _zone(z) for z in ("table", "pocket", "bin", "pile")},
    props={"kind": Prop("enum", lambda s, t: t.kind, choices=("beast", "coin")),
           "awake": Prop("flag", lambda s, t: t.awake, zones=("table",))},
    default_zone="table")

GAME = C.CostGame(selectors=SCHEMA, hand="pocket", trash="bin", board="table", awake="awake",
                  destinations=("pocket", "bin", "pile"), counters=("star",),
                  resources=lambda s, p: s["money"][p], printed=lambda s, iid: 2,
                  held=lambda s, p, c: s["stars"][p],
                  locate=lambda s, iid: next((t for t in s["things"] if t.iid == iid), None),
                  zone_of=lambda t: t.zone)


def pay(raw, source=0, player=0) -> bool:
    return C.can_pay(STATE, player, source, C.parse(raw, GAME), GAME)


def test_parts_parse_to_what_they_pay():
    (res, disc, me, slp, star) = C.parse([{"pay": "resources", "amount": 2}, {"pay": "discard", "filter": {"kind": "coin"}},
                                          {"pay": "move", "card": "self", "to": "bin"},
                                          {"pay": "sleep", "amount": 2}, {"pay": "remove_counter", "counter": "star"}],
                                         GAME)
    assert (res.pay, res.amount) == ("resources", 2)
    assert (disc.pay, disc.to, disc.cards.zone, disc.cards.choose, disc.cards.other) == ("move", "bin", "pocket", 1, True)
    assert me.this and me.frm is None and me.to == "bin"
    assert slp.cards.zone == "table" and slp.cards.choose == 2 and slp.cards.other  # (beside a self part)
    assert (star.pay, star.counter, star.amount) == ("remove_counter", "star", 1)
    assert C.parse([{"pay": "printed"}], GAME)[0].printed


@pytest.mark.parametrize("raw,path,words", [
    ([{"pay": "discrad"}], "[0].pay", "did you mean 'discard'"),
    ([{"pay": "discard", "amonut": 1}], "[0].amonut", "did you mean 'amount'"),
    ([{"pay": "discard", "amount": 0}], "[0].amount", "1..99"),
    ([{"pay": "discard", "amount": True}], "[0].amount", "1..99"),
    ([{"pay": "resources"}], "[0].amount", "says how many"),
    ([{"pay": "discard", "filter": {"knid": "coin"}}], "[0].filter.knid", "did you mean 'kind'"),
    ([{"pay": "discard", "filter": {"zone": "bin"}}], "[0].filter.zone", "leave zone out"),
    ([{"pay": "move", "card": {"kind": "coin"}, "from": "pile", "to": "bin"}], "[0].from", "hidden"),
    ([{"pay": "move", "card": {"kind": "coin"}, "from": "bni", "to": "pocket"}], "[0].from", "did you mean 'bin'"),
    ([{"pay": "move", "card": "self", "from": "bin", "to": "bin"}], "[0].to", "already"),
    ([{"pay": "sleep", "filter": {"awake": False}}], "[0].filter.awake", "leave awake out"),
    ([{"pay": "remove_counter", "counter": "stra"}], "[0].counter", "did you mean 'star'"),
    ([], "", "list of parts"),
    (["discard"], "[0]", "a table"),
])
def test_errors_name_the_place_and_the_nearest_word(raw, path, words):
    with pytest.raises(C.CostError) as e:
        C.parse(raw, GAME)
    assert e.value.path == path and words in e.value.message, (e.value.path, e.value.message)


def test_can_pay_counts_what_each_part_takes():
    assert pay([{"pay": "resources", "amount": 3}]) and not pay([{"pay": "resources", "amount": 4}])
    assert pay([{"pay": "printed"}, {"pay": "resources", "amount": 1}])              # 2 + 1 of 3
    assert not pay([{"pay": "printed"}, {"pay": "resources", "amount": 2}])          # together: 4
    assert pay([{"pay": "discard", "amount": 2}])                                     # two cards in the pocket
    assert not pay([{"pay": "discard", "amount": 2}, {"pay": "discard"}])             # a card pays once
    assert pay([{"pay": "sleep", "amount": 2}], source=-1)                            # 0 and 6 are awake
    assert not pay([{"pay": "sleep", "amount": 2}, {"pay": "sleep", "card": "self"}])  # not this one too
    assert pay([{"pay": "sleep", "card": "self"}], source=0)
    assert not pay([{"pay": "sleep", "card": "self"}], source=1)                      # asleep already
    assert not pay([{"pay": "sleep", "card": "self"}], source=2)                      # not on the table
    assert pay([{"pay": "move", "card": "self", "from": "pocket", "to": "bin"}], source=2)
    assert not pay([{"pay": "move", "card": "self", "from": "pocket", "to": "bin"}], source=0)
    assert pay([{"pay": "remove_counter", "counter": "star", "amount": 2}])
    assert not pay([{"pay": "remove_counter", "counter": "star", "amount": 2}], player=1)


def test_ops_are_named_pay_and_carry_their_part():
    def handler(*a):
        return None
    ops = C.cost_ops(C.parse([{"pay": "discard"}, {"pay": "sleep", "card": "self"}], GAME),
                     {"resources": handler, "move": handler, "sleep": handler, "remove_counter": handler})
    assert [op.name for op in ops] == ["pay", "pay"]
    assert ops[0]["part"] == "discard" and ops[0]["target"].choose == 1 and ops[0]["to"] == "bin"
    assert ops[1]["self"] and "target" not in ops[1].args
