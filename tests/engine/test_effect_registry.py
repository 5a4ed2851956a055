"""The effect-operation registry (parsing card abilities) and catalog profiles."""
from __future__ import annotations

import pytest

import tcg
from tcg.engine.effects import GENERIC_OPS, EffectOp, OpRegistry, Param
from tcg.engine.profile import TEMPLATE, Profile, format_value


class Bad(Exception):
    pass


def fail(msg: str):
    raise Bad(msg)


def on_draw(*args):
    return "draw"


def on_call_in(*args):
    return "call_in"


@pytest.fixture
def reg():
    r = OpRegistry("mini")
    r.implement("draw", on_draw)
    r.implement("damage", lambda *a: None, target=("enemy", "self"))
    r.implement("move", lambda *a: None)
    r.define("call_in", {"card": Param(str, required=True), "count": Param(int, default=1),
                         "zone": Param(str, default="field", choices=("field", "reserve"))}, on_call_in)
    return r


def test_names_and_params(reg):
    assert reg.names() == ["call_in", "damage", "draw", "move"]
    assert set(reg.params("draw")) == {"player", "amount"}
    assert reg.params("damage")["target"].choices == ("enemy", "self")
    assert GENERIC_OPS["damage"]["target"].choices is None   # narrowing does not touch the generic table


def test_parse_fills_defaults_and_binds_the_handler(reg):
    op = reg.parse({"op": "draw"}, fail)
    assert isinstance(op, EffectOp)
    assert (op.name, op.args) == ("draw", {"player": "self", "amount": 1})
    assert op.handler is on_draw and op.handler() == "draw"
    assert op["amount"] == 1 and op.get("player") == "self" and op.get("nope", 5) == 5
    assert op.to_dict() == {"op": "draw", "player": "self", "amount": 1}
    op = reg.parse({"op": "call_in", "card": "X1", "zone": "reserve"}, fail)
    assert op.args == {"card": "X1", "count": 1, "zone": "reserve"} and op.handler is on_call_in
    assert "call_in" in repr(op)


def test_parse_list(reg):
    ops = reg.parse_list([{"op": "draw", "amount": 2}, {"op": "damage", "target": "enemy", "amount": 1}], fail)
    assert [o.name for o in ops] == ["draw", "damage"] and isinstance(ops, tuple)
    assert reg.parse_list([], fail) == ()
    with pytest.raises(Bad, match="effects must be a list of op tables"):
        reg.parse_list({"op": "draw"}, fail)
    with pytest.raises(Bad, match="no parameter 'amont'"):
        reg.parse_list([{"op": "draw"}, {"op": "draw", "amont": 2}], fail)


@pytest.mark.parametrize("raw, message", [
    pytest.param({"op": "heal", "target": "self"}, "unknown op 'heal' (known: call_in, damage, draw, move)",
                 id="generic-not-implemented"),
    pytest.param({"op": "drwa"}, "unknown op 'drwa'", id="unknown-op"),
    pytest.param({"amount": 1}, "unknown op None", id="missing-op"),
    pytest.param({"op": "draw", "amont": 2}, "op 'draw' has no parameter 'amont' (did you mean 'amount'?) (known: amount, player)",
                 id="unknown-param"),
    pytest.param({"op": "draw", "amount": "2"}, "op 'draw' parameter 'amount' must be a whole number, got '2'",
                 id="wrong-type"),
    pytest.param({"op": "draw", "amount": True}, "parameter 'amount' must be a whole number, got True",
                 id="bool-not-int"),
    pytest.param({"op": "draw", "amount": 1.0}, "parameter 'amount' must be a whole number", id="float-not-int"),
    pytest.param({"op": "draw", "player": 1}, "parameter 'player' must be text", id="wrong-type-text"),
    pytest.param({"op": "move", "target": "x", "to": "hand", "position": "middle"},
                 "op 'move' parameter 'position' = 'middle' is not one of: top, bottom", id="bad-choice"),
    pytest.param({"op": "damage", "target": "ally", "amount": 1},
                 "parameter 'target' = 'ally' is not one of: enemy, self", id="narrowed-choice"),
    pytest.param({"op": "call_in", "card": "X", "zone": "hand"}, "'zone' = 'hand' is not one of: field, reserve",
                 id="game-op-choice"),
    pytest.param({"op": "damage", "amount": 1}, "op 'damage' needs parameter 'target'", id="missing-required"),
    pytest.param({"op": "call_in"}, "op 'call_in' needs parameter 'card'", id="missing-required-game-op"),
    pytest.param(["draw"], "an effect must be a table", id="not-a-table"),
    pytest.param("draw", "an effect must be a table", id="text"),
])
def test_parse_errors(reg, raw, message):
    with pytest.raises(Bad) as err:
        reg.parse(raw, fail)
    assert message in str(err.value)


def test_parse_errors_reach_card_data_error_with_card_and_field(reg):
    def card_fail(msg):
        raise tcg.CardDataError("cards.toml", "X1", "abilities", msg)
    with pytest.raises(tcg.CardDataError, match=r"cards\.toml, card X1, field 'abilities': op 'draw' has no"):
        reg.parse({"op": "draw", "cards": 1}, card_fail)


def test_unhashable_op_name_is_reported_through_fail(reg):
    with pytest.raises(Bad, match="unknown op"):
        reg.parse({"op": ["draw"]}, fail)


def test_implement_only_accepts_generic_operations():
    r = OpRegistry("mini")
    with pytest.raises(KeyError, match="not a generic operation"):
        r.implement("call_in", on_call_in)
    assert r.names() == []


@pytest.mark.parametrize("name", sorted(GENERIC_OPS))
def test_every_generic_operation_parses_with_its_required_parameters(name):
    r = OpRegistry("mini")
    r.implement(name, on_draw)
    params = GENERIC_OPS[name]
    sample = {int: 1, str: "self", dict: {}, bool: True, list: []}
    raw = {"op": name, **{k: (p.choices[0] if p.choices else sample[p.type])
                          for k, p in params.items() if p.required}}
    op = r.parse(raw, fail)
    assert set(op.args) == set(params)
    for k, p in params.items():
        if not p.required:
            assert op.args[k] == p.default
        assert op.args[k] is None or isinstance(op.args[k], p.type)
    with pytest.raises(Bad, match=f"op '{name}' has no parameter 'bogus'"):
        r.parse({**raw, "bogus": 1}, fail)


# --- catalog profile --------------------------------------------------------------------
def profile_toml(skip: str | None = None) -> str:
    tables: dict[str, list[str]] = {}
    for i, (key, _) in enumerate(TEMPLATE):
        if key == skip:
            continue
        table, leaf = key.split(".")
        value = {0: "true", 1: "3", 2: '["a", "b"]'}.get(i % 4, f'"{key} value"')
        tables.setdefault(table, []).append(f"{leaf} = {value}")
    return "\n".join(f"[{t}]\n" + "\n".join(rows) for t, rows in tables.items()) + "\n"


def test_profile_load_and_rows(tmp_path):
    p = tmp_path / "profile.toml"
    p.write_text(profile_toml(), encoding="utf-8")
    prof = Profile.load(p)
    assert prof.source == str(p)
    assert prof.get("game.name") is True       # first row, value "true"
    assert prof.get("game.name_en") == 3
    assert prof.get("game.type") == ["a", "b"]
    assert prof.get("no.such", "dflt") == "dflt" and prof.get("game.name.deeper", None) is None
    with pytest.raises(KeyError, match="no entry 'no.such'"):
        prof.get("no.such")
    rows = prof.rows()
    assert [label for label, _ in rows] == [label for _, label in TEMPLATE]
    assert rows[0] == ("Name", "yes") and rows[2] == ("Game type", "a; b")


def test_format_value():
    assert (format_value(True), format_value(False), format_value(7)) == ("yes", "no", "7")
    assert format_value(["x", True, [1, 2]]) == "x; yes; 1; 2"


@pytest.mark.parametrize("missing", [key for key, _ in TEMPLATE])
def test_profile_missing_a_template_entry_raises_card_data_error(tmp_path, missing):
    p = tmp_path / "profile.toml"
    p.write_text(profile_toml(skip=missing), encoding="utf-8")
    with pytest.raises(tcg.CardDataError) as err:
        Profile.load(p)
    assert (err.value.file, err.value.field) == (str(p), missing)
    assert "missing this template entry" in str(err.value)


@pytest.mark.parametrize("content, match", [
    (None, "cannot read profile"),
    ("[game\n", "cannot read profile"),
])
def test_unreadable_profile_raises_card_data_error(tmp_path, content, match):
    p = tmp_path / "profile.toml"
    if content is not None:
        p.write_text(content, encoding="utf-8")
    with pytest.raises(tcg.CardDataError, match=match) as err:
        Profile.load(p)
    assert err.value.file == str(p)
