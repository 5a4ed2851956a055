"""engine/amounts.py on the toy declaration of test_select.py (no game): "for each" tables parsed
with the field path and the nearest word, counted with ``times``, ``max`` and the parameter's
range; a selector's ``choose`` given as such a table; and ``chooser`` on selectors."""
from __future__ import annotations

import pytest

from tcg.engine.amounts import Amount, evaluated, has_amounts, parse_amount, value
from tcg.engine.select import SelectorError, SelectorSchema

from .test_select import SCHEMA, STATE


def amount(raw, lo=0, hi=99) -> Amount:
    return parse_amount(raw, SCHEMA, lo, hi)


def test_counts_times_and_caps():
    assert value(amount({"count": {"side": "own"}}), STATE, 0, -1, SCHEMA) == 2
    assert value(amount({"count": {"side": "either"}, "times": 1000}, hi=99_000), STATE, 0, -1, SCHEMA) == 4000
    assert value(amount({"count": {"side": "either"}, "max": 3}), STATE, 0, -1, SCHEMA) == 3
    assert value(amount({"count": {"side": "either"}, "times": -2, "max": 5}, lo=-99), STATE, 0, -1, SCHEMA) == -5
    assert value(amount({"count": {"side": "own", "other": True}}), STATE, 0, 0, SCHEMA) == 1
    assert value(amount({"count": {"side": "either"}, "times": 50}, hi=99), STATE, 0, -1, SCHEMA) == 99   # its range
    assert value(amount({"count": {"zone": "pocket", "side": "opponent"}}), STATE, 0, -1, SCHEMA) == 1


def test_evaluated_replaces_only_the_amounts():
    args = {"amount": amount({"count": {"side": "own"}}), "player": "self", "n": 3}
    assert has_amounts(args) and not has_amounts({"n": 3})
    assert evaluated(args, STATE, 1, -1, SCHEMA) == {"amount": 2, "player": "self", "n": 3}


@pytest.mark.parametrize("raw, path, words", [
    ({"cuont": {"side": "own"}}, ".cuont", "did you mean 'count'"),
    ({"times": 2}, "", "what to count"),
    ({"count": {"zoen": "table"}}, ".count.zoen", "did you mean 'zone'"),
    ({"count": {"all": True}}, ".count.all", "takes no count"),
    ({"count": {"zone": "pocket", "side": "opponent", "size": 0}}, ".count.size", "hidden"),
    ({"count": {}, "times": 0}, ".times", "not be 0"),
    ({"count": {}, "times": True}, ".times", "whole number"),
    ({"count": {}, "max": -1}, ".max", "whole number"),
])
def test_load_errors_name_the_path(raw, path, words):
    with pytest.raises(SelectorError) as e:
        amount(raw)
    assert e.value.path == path and words in e.value.message, e.value.message


def test_a_selector_count_may_be_an_amount_when_the_game_allows_it():
    counted = SelectorSchema(SCHEMA.zones, SCHEMA.props, "table", counts=parse_amount)
    sel = counted.parse({"choose": {"count": {"side": "own"}}, "up_to": True, "side": "opponent"})
    assert sel.choose == 1 and sel.amount is not None and value(sel.amount, STATE, 0, -1, counted) == 2
    with pytest.raises(SelectorError) as e:
        counted.parse({"choose": {"count": {"zoen": "table"}}})
    assert e.value.path == ".choose.count.zoen"
    with pytest.raises(SelectorError):  # a game that does not allow it: a whole number only
        SCHEMA.parse({"choose": {"count": {}}})


def test_the_chooser_of_a_selector():
    assert SCHEMA.parse({"choose": 1, "side": "opponent", "chooser": "opponent"}).chooser == "opponent"
    assert SCHEMA.parse({"choose": 1}).chooser == "controller"
    # the opponent may choose among their own hidden pocket, never among the controller's
    assert SCHEMA.parse({"choose": 1, "zone": "pocket", "side": "opponent", "chooser": "opponent"}).choose == 1
    for raw, path in [({"choose": 1, "zone": "pocket", "side": "own", "chooser": "opponent"}, ".choose"),
                      ({"choose": 1, "chooser": "oponent"}, ".chooser"), ({"all": True, "chooser": "opponent"}, ".chooser")]:
        with pytest.raises(SelectorError) as e:
            SCHEMA.parse(raw)
        assert e.value.path == path
