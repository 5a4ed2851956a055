"""The JSON Schema of a game's card files (``tcg.card_schema``, ``tcg schema``; engine/card_schema.py):
a valid draft 2020-12 schema, built from the game's declarations, that every card file the game
loads satisfies (its shipped sets, the mechanics corpus, files generated from its declared
grammar) and that refuses the usual mistakes (a misspelt op, an unknown zone, text where a
number goes)."""
from __future__ import annotations

import copy
import json
import pathlib
import tomllib

import pytest
from hypothesis import given, settings, strategies as st
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

import tcg
from tcg.cli import app
from tcg.engine.card_schema import card_schema
from tcg.engine.cards import Field
from tcg.engine.effects import Param
from tcg.engine.errors import TcgError
from tcg.engine.triggers import EventSpec
from tcg.games import GAMES, get_rules

from ..properties.test_generated_cards import GRAMMARS, card_file, cards_of

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "src" / "tcg" / "games"
CARD_FILES = sorted([*GAME_DIR.glob("*/cards.toml"), *GAME_DIR.glob("*/sets/*.toml"),
                     *(ROOT / "tests" / "corpus").glob("*/*.toml")])


def validator(game: str) -> Draft202012Validator:
    return _validators.setdefault(game, Draft202012Validator(tcg.card_schema(game)))


_validators: dict[str, Draft202012Validator] = {}


def errors(game: str, data: dict) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in validator(game).iter_errors(data)]


def file_game(path: pathlib.Path) -> str:
    return tomllib.loads(path.read_text(encoding="utf-8"))["set"]["game"]


@pytest.mark.parametrize("game", GAMES)
def test_the_schema_is_a_valid_draft_2020_12_schema_of_the_game(game):
    schema = tcg.card_schema(game)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["set"]["properties"]["game"] == {"const": game, "description": "the game of the file"}
    json.dumps(schema)  # plain JSON
    assert tcg.card_schema(game) == schema and tcg.card_schema(game) is not schema  # a fresh copy each call


def test_an_unknown_game_is_a_clear_error():
    with pytest.raises(tcg.UnknownGameError, match="unknown game 'nope'; available: "):
        tcg.card_schema("nope")


@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_and_corpus_card_file_is_valid(path):
    assert len(CARD_FILES) >= 20
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert errors(file_game(path), data) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_schema_follows_the_declarations(game):
    """Every op of the registry, every trigger event and every card kind is in the schema, with
    the op's parameters: the schema is read off the declarations, not written beside them."""
    schema = tcg.card_schema(game)
    defs = schema["$defs"]
    rules = get_rules(game)
    registry = rules.game_module("effects").REGISTRY
    assert defs["op"]["properties"]["op"]["enum"] == registry.names()
    for name in registry.names():
        assert set(defs[f"op.{name}"]["properties"]) >= set(registry.params(name)) | {"op"}
    assert set(defs["when"]["properties"]["event"]["enum"]) == set(registry.triggers.events)
    kinds = rules.game_module("cards").load_cards.schema.common["kind"].choices
    assert defs["card"]["properties"]["kind"]["enum"] == list(kinds)
    assert ("keywords" in schema["properties"]) == ("keywords" in rules.game_module("cards").load_cards.schema.common)


def test_a_new_declaration_appears_without_an_edit(monkeypatch):
    """What a game adds to its declarations (an op, an op parameter, a card field, an ability
    field, a trigger event) is in its schema: nothing in engine/card_schema.py names them."""
    rules = get_rules("zx")
    cards, registry = rules.game_module("cards"), rules.game_module("effects").REGISTRY
    handler = registry._ops["draw"][1]
    monkeypatch.setattr(registry, "_ops", {**registry._ops, "sparkle": ({
        "glitter": Param(int, default=1, max=5), "hue": Param(str, required=True, choices=("gold", "silver"))},
        handler)})
    monkeypatch.setitem(cards.load_cards.schema.kinds["zx"], "shine", Field(int, default=0, max=7))
    monkeypatch.setitem(cards.ABILITY_FIELDS, "glow", Field(bool, default=False))
    monkeypatch.setitem(registry.triggers.events, "sparkles", EventSpec(("player",)))
    v = Draft202012Validator(card_schema(rules))
    data = {"set": {"game": "zx", "name": "t", "version": "1"},
            "cards": [{"id": "NEW-1", "kind": "zx", "name": "新", "color": "red", "cost": 1, "power": 1000, "shine": 7,
                       "abilities": [{"kind": "trigger", "glow": True, "when": {"event": "sparkles", "player": "own"},
                                      "effects": [{"op": "sparkle", "hue": "gold", "glitter": 5}]}]}]}
    assert [e.message for e in v.iter_errors(data)] == []
    data["cards"][0]["abilities"][0]["effects"][0]["hue"] = "bronze"
    data["cards"][0]["shine"] = 8
    assert len(list(v.iter_errors(data))) == 2


@pytest.mark.parametrize("game", sorted(GRAMMARS))
@settings(max_examples=20, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_generated_card_files_that_load_are_valid(game, data):
    """Card files generated from the game's declared grammar (tests/properties/test_generated_cards.py):
    each one the game loads is valid against the schema."""
    g = GRAMMARS[game]()
    text = card_file(g, data.draw(cards_of(g)))
    try:
        tcg.api.rules_with_cards(game, [("generated.toml", text)])
    except TcgError:
        return  # refused by a rule across fields (the schema may be looser)
    assert errors(game, tomllib.loads(text)) == []


def sample_file(game: str) -> dict:
    """A small valid card file of ``game``: the generator's base card with one ability whose op
    takes a selector table (a target)."""
    g = GRAMMARS[game]()
    registry = g.registry
    op = next(n for n in registry.names() if any(p.table is not None for p in registry.params(n).values()))
    params = registry.params(op)
    effect: dict = {"op": op}
    for key, p in params.items():
        if p.table is not None:
            effect[key] = {"zone": g.selectors.default_zone, "side": "opponent", "all": True}
        elif p.required:
            effect[key] = p.choices[0] if p.choices else {int: 1, str: "x", bool: True}[p.type]
    kind = next(k for k in g.ability_kinds if k != "trigger")
    card = {"id": "BAD-01", **copy.deepcopy(g.base), "name": "テスト", "abilities": [{"kind": kind, "effects": [effect]}]}
    data = {"set": {"game": game, "name": "t", "version": "1"}, "cards": [card]}
    assert tcg.api.check_card_file(game, card_file(g, [card])) == []
    return data


def _effect(data: dict) -> dict:
    return data["cards"][0]["abilities"][0]["effects"][0]


def _misspelt_op(data: dict) -> None:
    _effect(data)["op"] += "x"


def _unknown_zone(data: dict) -> None:
    effect = _effect(data)
    table = next(v for v in effect.values() if isinstance(v, dict))
    table["zone"] = "graveyard"


def _text_for_a_number(data: dict) -> None:
    card = data["cards"][0]
    key = next(k for k, v in card.items() if isinstance(v, int) and not isinstance(v, bool))
    card[key] = "three"


def _unknown_field(data: dict) -> None:
    data["cards"][0]["colour"] = "red"


def _unknown_ability_kind(data: dict) -> None:
    data["cards"][0]["abilities"][0]["kind"] = "sometimes"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("spoil", [_misspelt_op, _unknown_zone, _text_for_a_number, _unknown_field,
                                   _unknown_ability_kind])
def test_known_bad_cards_are_refused_by_the_schema_and_the_loader(game, spoil):
    data = sample_file(game)
    assert errors(game, data) == []
    spoil(data)
    assert errors(game, data), "the schema accepts a card the loader refuses"
    g = GRAMMARS[game]()
    assert tcg.api.check_card_file(game, card_file(g, data["cards"])) != []


def test_the_cli_writes_the_schema(tmp_path):
    runner = CliRunner()
    out = tmp_path / "zx.schema.json"
    result = runner.invoke(app, ["schema", "zx", "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "Wrote the JSON Schema of a zx card file" in result.stdout
    assert json.loads(out.read_text(encoding="utf-8")) == tcg.card_schema("zx")
    printed = runner.invoke(app, ["schema", "kemuri"], catch_exceptions=False)
    assert printed.exit_code == 0 and json.loads(printed.stdout) == tcg.card_schema("kemuri")


def test_the_cli_says_what_is_wrong_in_either_language(tmp_path):
    runner = CliRunner()
    en = runner.invoke(app, ["schema", "nope"], catch_exceptions=False)
    assert en.exit_code == 1 and en.stderr.strip() == ("error: unknown game 'nope'; available: "
                                                       "shironeko, turutoru, kemuri, zx")
    ja = runner.invoke(app, ["schema", "nope", "--lang", "ja"], catch_exceptions=False)
    assert ja.exit_code == 1 and ja.stderr.strip().startswith("エラー：ゲーム「nope」はありません")
    bad = runner.invoke(app, ["schema", "zx", "--out", str(tmp_path / "no" / "such" / "x.json")],
                        catch_exceptions=False)
    assert bad.exit_code == 1 and bad.stderr.startswith("error: cannot write ")
    helped = runner.invoke(app, ["schema", "--help"], env={"COLUMNS": "200"}, catch_exceptions=False)
    assert "JSON Schema" in helped.stdout and "JSONスキーマ" in helped.stdout and "#:schema" in helped.stdout
