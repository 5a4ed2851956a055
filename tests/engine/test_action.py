"""Actions and decisions: immutable values with equality, hashing and a stable dict form."""
from __future__ import annotations

import copy
import json
import pickle

import pytest

from tcg.engine.action import Action, Decision


def test_equality_and_hash_are_by_value_whatever_the_keyword_order():
    a = Action("attack", attacker=3, target=5)
    b = Action("attack", target=5, attacker=3)
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    assert {a: "x"}[b] == "x"


@pytest.mark.parametrize("other", [
    Action("attack", attacker=4, target=5),
    Action("attack", attacker=3),
    Action("block", attacker=3, target=5),
    Action("attack", attacker=3, target=5, extra=None),
    Action("attack", attacker="3", target=5),
])
def test_different_type_or_params_are_unequal(other):
    assert Action("attack", attacker=3, target=5) != other


def test_an_action_is_not_equal_to_its_dict_form():
    a = Action("pass")
    assert a != {"type": "pass"}
    assert a != "pass"


def test_to_dict_is_the_stable_wire_form():
    a = Action("attack", target=5, attacker=3)
    d = a.to_dict()
    assert d == {"type": "attack", "attacker": 3, "target": 5}
    assert list(d) == ["type", "attacker", "target"]   # type first, parameters sorted
    assert Action("pass").to_dict() == {"type": "pass"}
    d["attacker"] = 99   # a fresh dict: changing it does not change the action
    assert a.attacker == 3


@pytest.mark.parametrize("action", [
    Action("pass"),
    Action("play", card=3),
    Action("play", card=3, targets=(1, 2)),
    Action("order", triggers=((1, "a"), (2, "b")), note=None, flag=True, name="日本語"),
])
def test_dict_and_json_round_trip(action):
    assert Action.from_dict(action.to_dict()) == action
    back = Action.from_dict(json.loads(json.dumps(action.to_dict())))
    assert back == action and hash(back) == hash(action)


def test_from_dict_turns_lists_into_tuples_recursively():
    a = Action.from_dict({"type": "choose", "cards": [1, [2, 3]], "n": 2})
    assert a.cards == (1, (2, 3))
    assert a == Action("choose", cards=(1, (2, 3)), n=2)
    assert a != Action("choose", cards=(1, 2, 3), n=2)


@pytest.mark.parametrize("bad", [{}, {"card": 1}, {"type": 3}, {"type": None}, "pass", ["pass"], None])
def test_from_dict_rejects_anything_without_a_string_type(bad):
    with pytest.raises(ValueError, match="'type'"):
        Action.from_dict(bad)


def test_actions_are_immutable():
    a = Action("play", card=3)
    with pytest.raises(AttributeError, match="immutable"):
        a.card = 4
    with pytest.raises(AttributeError, match="immutable"):
        a.type = "pass"
    with pytest.raises(AttributeError):
        a.new_field = 1
    assert a == Action("play", card=3)
    assert isinstance(a.params, tuple)


def test_parameters_read_as_attributes_and_with_get():
    a = Action("play", card=3, zone="hand")
    assert (a.type, a.card, a.zone) == ("play", 3, "hand")
    assert a.get("card") == 3 and a.get("missing") is None and a.get("missing", 7) == 7
    with pytest.raises(AttributeError, match="'play' has no parameter 'missing'"):
        a.missing  # noqa: B018


def test_fast_constructor_of_equals_the_keyword_constructor():
    a = Action.of("attack", (("attacker", 3), ("target", 5)))
    b = Action("attack", attacker=3, target=5)
    assert a == b and hash(a) == hash(b) and a.to_dict() == b.to_dict()
    assert Action.of("pass") == Action("pass")


def test_repr_shows_type_and_params():
    assert repr(Action("pass")) == "Action('pass')"
    assert repr(Action("play", card=3)) == "Action('play', card=3)"


def test_a_list_parameter_cannot_make_an_unhashable_action():
    with pytest.raises(TypeError):
        Action("choose", cards=[1, 2])


@pytest.mark.parametrize("dup", [copy.copy, copy.deepcopy, lambda a: pickle.loads(pickle.dumps(a))],
                         ids=["copy", "deepcopy", "pickle"])
def test_actions_survive_copy_and_pickle(dup):
    a = Action("play", card=3, targets=(1, 2))
    assert dup(a) == a


# --- Decision ----------------------------------------------------------------------------
def test_decision_to_dict_merges_public_info():
    d = Decision(1, "defend", {"attacker": 4})
    assert (d.player, d.kind, d.info) == (1, "defend", {"attacker": 4})
    assert d.to_dict() == {"player": 1, "kind": "defend", "attacker": 4}
    assert Decision(0, "main").to_dict() == {"player": 0, "kind": "main"}


def test_decision_equality():
    assert Decision(0, "main") == Decision(0, "main", {})
    assert Decision(0, "main") != Decision(1, "main")
    assert Decision(0, "main") != Decision(0, "defend")
    assert Decision(0, "defend", {"a": 1}) != Decision(0, "defend", {"a": 2})
    assert Decision(0, "main") != (0, "main")


def test_decision_copies_its_info():
    info = {"attacker": 4}
    d = Decision(0, "defend", info)
    info["attacker"] = 5
    assert d.info == {"attacker": 4}
    assert "defend" in repr(d) and "attacker=4" in repr(d)
