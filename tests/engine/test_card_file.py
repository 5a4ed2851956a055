"""Card-set files: schema validation whose errors name the file, the card and the field."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

import tcg
from tcg.engine.cards import CardSchema, CardSet, Field, load_card_file

from tinygame import RULES

SCHEMA = CardSchema(
    common={
        "id": Field(str, required=True),
        "name": Field(str, required=True),
        "kind": Field(str, required=True, choices=("unit", "spell")),
        "cost": Field(int, default=0, min=0, max=10),
        "color": Field(str, default="red", choices=("red", "blue")),
        "tags": Field(list, default=[], item_type=str),
        "runes": Field(list, default=[], choices=("fire", "water")),
    },
    kinds={
        "unit": {"power": Field(int, required=True)},
        "spell": {"speed": Field(float, default=1.0)},
    },
)

HEADER = '[set]\ngame = "mini"\nname = "Mini set"\nversion = "1.0"\n'

GOOD = HEADER + '''
[[cards]]
id = "U1"
name = "Cat"
kind = "unit"
power = 3
tags = ["animal"]

[[cards]]
id = "S1"
name = "Spark"
kind = "spell"
cost = 2
speed = 2
color = "blue"
runes = ["fire", "water"]
'''


def write(tmp_path, text: str, name: str = "cards.toml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_load_a_valid_file_fills_defaults(tmp_path):
    meta, cards = load_card_file(write(tmp_path, GOOD), SCHEMA, "mini")
    assert meta == {"game": "mini", "name": "Mini set", "version": "1.0"}
    assert [cid for cid, _ in cards] == ["U1", "S1"]
    u, s = cards[0][1], cards[1][1]
    assert u == {"id": "U1", "name": "Cat", "kind": "unit", "power": 3, "tags": ["animal"],
                 "cost": 0, "color": "red", "runes": []}
    assert s == {"id": "S1", "name": "Spark", "kind": "spell", "cost": 2, "speed": 2.0, "color": "blue",
                 "runes": ["fire", "water"], "tags": []}
    assert isinstance(s["speed"], float)


def test_list_defaults_are_not_shared_between_cards(tmp_path):
    text = HEADER + '[[cards]]\nid = "A"\nname = "A"\nkind = "spell"\n[[cards]]\nid = "B"\nname = "B"\nkind = "spell"\n'
    _, cards = load_card_file(write(tmp_path, text), SCHEMA, "mini")
    a, b = cards[0][1]["tags"], cards[1][1]["tags"]
    assert a == b == [] and a is not b and a is not SCHEMA.common["tags"].default


def card(fields: str, cid: str = "C1", kind: str = "unit", name: str = '"Card"') -> str:
    return HEADER + f'[[cards]]\nid = "OK"\nname = "Fine"\nkind = "spell"\n' \
                    f'[[cards]]\nid = "{cid}"\nname = {name}\nkind = "{kind}"\n{fields}\n'


CASES = [
    pytest.param(card('power = 1\ncolour = "red"'), "C1", "colour", "unknown field for a unit card",
                 id="unknown-field"),
    pytest.param(card('speed = 1.5\npower = 1'), "C1", "speed", "unknown field for a unit card",
                 id="field-of-other-kind"),
    pytest.param(card('power = "3"'), "C1", "power", "must be a whole number, got '3'", id="wrong-type"),
    pytest.param(card('power = true'), "C1", "power", "must be a whole number, got True", id="bool-not-int"),
    pytest.param(card('power = 1.5'), "C1", "power", "must be a whole number", id="float-not-int"),
    pytest.param(card('power = 1', name="7"), "C1", "name", "must be text", id="wrong-type-common"),
    pytest.param(card('power = 1\ncolor = "green"'), "C1", "color", "'green' is not one of: red, blue",
                 id="bad-choice"),
    pytest.param(card('power = 1\nrunes = ["fire", "air"]'), "C1", "runes", "'air' is not one of: fire, water",
                 id="bad-choice-in-list"),
    pytest.param(card('power = 1\ntags = ["a", 2]'), "C1", "tags", "every item must be text, got 2",
                 id="bad-list-item"),
    pytest.param(card('power = 1\ncost = 11'), "C1", "cost", "must be at most 10, got 11", id="above-max"),
    pytest.param(card('power = 1\ncost = -1'), "C1", "cost", "must be at least 0, got -1", id="below-min"),
    pytest.param(card(''), "C1", "power", "required for a unit card", id="missing-required"),
    pytest.param(card('power = 100'), "C1", "power", "must be at most 99, got 100", id="default-max"),
    pytest.param(card('power = -1'), "C1", "power", "must be at least 0, got -1", id="default-min"),
    pytest.param(card('power = 50000000000000000000000000000000000'), "C1", "power",
                 "must be at most 99, got (a number of about 35 digits)", id="huge-number"),
    pytest.param(card('speed = inf', kind="spell"), "C1", "speed", "must be a finite number", id="float-inf"),
    pytest.param(card('speed = nan', kind="spell"), "C1", "speed", "must be a finite number", id="float-nan"),
    pytest.param(card('speed = 1' + '0' * 400, kind="spell"), "C1", "speed", "must be a finite number",
                 id="int-too-big-for-float"),
    pytest.param(card('power = 1\ntags = [' + ', '.join(['"a"'] * 100) + ']'), "C1", "tags",
                 "has 100 items, at most 99", id="list-too-long"),
    pytest.param(card('power = 1', name='""'), "C1", "name", "must not be empty", id="empty-name"),
    pytest.param(card('power = 1', name='" \t "'), "C1", "name", "must not be empty", id="blank-name"),
    pytest.param(card('power = 1', kind="trap"), "C1", "kind", "'trap' is not one of: unit, spell",
                 id="bad-kind"),
    pytest.param(card('cost = 1', cid="OK"), "OK", "id", "duplicate card id", id="duplicate-id"),
    pytest.param(HEADER + '[[cards]]\nname = "No id"\nkind = "unit"\npower = 1\n', "#1", "id",
                 "missing or not text", id="missing-id"),
    pytest.param(HEADER + '[[cards]]\nid = "A"\nname = "A"\nkind = "unit"\npower = 1\n'
                 '[[cards]]\nid = 5\nname = "B"\nkind = "unit"\npower = 1\n', "#2", "id",
                 "missing or not text", id="id-not-text"),
    pytest.param('[[cards]]\nid = "A"\nname = "A"\nkind = "unit"\npower = 1\n', None, "set",
                 "missing [set] table", id="missing-set"),
    pytest.param('set = "mini"\n[[cards]]\nid = "A"\n', None, "set", "missing [set] table", id="set-not-table"),
    pytest.param('[set]\ngame = "mini"\nname = "Mini"\n[[cards]]\nid = "A"\n', None, "set.version",
                 "missing or not text", id="set-missing-version"),
    pytest.param('[set]\ngame = "other"\nname = "Mini"\nversion = "1"\n[[cards]]\nid = "A"\n', None, "set.game",
                 "is 'other', expected 'mini'", id="set-wrong-game"),
    pytest.param(HEADER, None, "cards", "missing [[cards]] entries", id="no-cards"),
    pytest.param("cards = [1]\n" + HEADER, "#1", None, "a card must be a table", id="card-not-table"),
]


@pytest.mark.parametrize("text, card_id, field, detail", CASES)
def test_card_data_errors_name_file_card_and_field(tmp_path, text, card_id, field, detail):
    p = write(tmp_path, text, "bad_cards.toml")
    with pytest.raises(tcg.CardDataError) as err:
        load_card_file(p, SCHEMA, "mini")
    e = err.value
    assert (e.file, e.card, e.field) == (str(p), card_id, field)
    assert detail in e.detail
    msg = str(e)
    assert msg.startswith(str(p)) and detail in msg
    if card_id:
        assert f"card {card_id}" in msg
    if field:
        assert f"field '{field}'" in msg


def test_unknown_field_message_lists_the_known_fields(tmp_path):
    with pytest.raises(tcg.CardDataError, match=r"known: color, cost, id, kind, name, power, runes, tags"):
        load_card_file(write(tmp_path, card('power = 1\nspeed = 2')), SCHEMA, "mini")


def test_unreadable_card_files(tmp_path):
    with pytest.raises(tcg.CardDataError, match="cannot read card-set file: no such file") as err:
        load_card_file(tmp_path / "none.toml", SCHEMA, "mini")
    assert err.value.file == str(tmp_path / "none.toml")
    with pytest.raises(tcg.CardDataError, match="not valid TOML"):
        load_card_file(write(tmp_path, "[set\n"), SCHEMA, "mini")


def test_card_file_that_is_not_utf8_raises_card_data_error(tmp_path):
    p = tmp_path / "latin1.toml"
    p.write_bytes((HEADER + '[[cards]]\nid = "A"\nname = "caf\xe9"\nkind = "spell"\n').encode("latin-1"))
    with pytest.raises(tcg.CardDataError, match="latin1.toml"):
        load_card_file(p, SCHEMA, "mini")


def test_schema_without_kind_field_uses_common_fields_only(tmp_path):
    schema = CardSchema(common={"id": Field(str, required=True), "name": Field(str, default="?")}, kinds={})
    text = '[set]\ngame = "g"\nname = "n"\nversion = "v"\n[[cards]]\nid = "X"\n'
    _, cards = load_card_file(write(tmp_path, text), schema, "g")
    assert cards == [("X", {"id": "X", "name": "?"})]


# --- CardSet ----------------------------------------------------------------------------
@dataclass(frozen=True)
class C:
    id: str
    name: str


def test_card_set_lookups():
    cs = CardSet("mini", "Mini", "1", [C("A1", "Cat"), C("A2", "Dog"), C("A3", "Dog")])
    assert (cs.game, cs.name, cs.version) == ("mini", "Mini", "1")
    assert len(cs) == 3 and "A1" in cs and "Cat" not in cs
    assert [c.id for c in cs] == ["A1", "A2", "A3"]
    assert cs["A2"].name == "Dog"
    with pytest.raises(KeyError):
        cs["A9"]  # noqa: B018
    assert cs.find("A1").id == "A1" and cs.find("Cat").id == "A1"
    assert cs.find("Dog") is None            # ambiguous name
    assert cs.find("Bird") is None
    assert cs.resolve("Cat") == "A1" and cs.resolve("A3") == "A3" and cs.resolve("Dog") is None


def test_tiny_game_card_set():
    assert RULES.cards.version == "test-1" and len(RULES.cards) == 9
    assert RULES.cards.resolve("Number 7") == "N7"
    with pytest.raises(NotImplementedError):
        RULES.profile  # noqa: B018
