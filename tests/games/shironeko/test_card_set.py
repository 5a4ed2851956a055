"""The shipped sample card set uses every mechanic; malformed card files give clear errors;
players can add their own card files."""
from __future__ import annotations

import pathlib

import pytest

import tcg
from tcg.games.shironeko.cards import ABILITY_KINDS, load_cards
from tcg.games.shironeko.effects import REGISTRY, UNIT_TARGETS, CARD_TARGETS
from tcg.games.shironeko.rules import ShironekoRules

SAMPLE = ShironekoRules.folder / "cards.toml"


@pytest.fixture(scope="module")
def sample():
    return load_cards(SAMPLE)


#: ops the sample set need not use: tests/corpus/shironeko/costs.toml and choices.toml have them
CORPUS_ONLY_OPS = {"pay", "choose_one", "look"}


def test_sample_set_uses_every_op_selector_and_ability_kind(sample):
    ops, selectors, kinds = set(), set(), set()
    for c in sample:
        for ab in c.abilities:
            kinds.add(ab.kind)
            for op in ab.effects:
                ops.add(op.name)
                if op.get("target"):
                    selectors.add(op["target"])
    # the card language's later ops (pay...) are shown by the mechanics corpus (tests/corpus/shironeko/)
    assert set(REGISTRY.names()) - CORPUS_ONLY_OPS <= ops
    assert set(UNIT_TARGETS + CARD_TARGETS) <= selectors
    assert set(ABILITY_KINDS) <= kinds


def test_sample_set_covers_the_mechanics(sample):
    cards = list(sample)
    main_colors = {c.color for c in cards if c.is_main}
    assert len(main_colors - {"rainbow", "colorless"}) >= 4
    assert {"rainbow", "colorless"} & {c.rune for c in cards if c.is_main}
    assert any(c.stop for c in cards)
    assert any(c.kind == "awakened_character" for c in cards)
    leaders = {c.id for c in cards if c.kind == "leader"}
    assert {c.leaderize for c in cards if c.leaderize} == leaders and len(leaders) >= 2
    # a character and a leader of the same name can coexist (SN-L3)
    assert {c.name for c in cards if c.kind == "leader"} & {c.name for c in cards if c.kind == "character"}
    assert any(c.name.endswith(" Ver.") for c in cards)
    assert any("ソウル発掘場" in c.name for c in cards if c.kind == "town")


def test_sample_decks_have_different_colours_and_one_leader_deck():
    decks = [tcg.load_deck("shironeko", n) for n in tcg.list_decks("shironeko")]
    rules = ShironekoRules()
    colour_sets = set()
    for d in decks:
        colours = frozenset(rules.cards[c].color for c in d.section("main"))
        colour_sets.add(colours)
    assert len(colour_sets) >= 2
    assert any(d.section("leader") for d in decks)


def _write(tmp_path: pathlib.Path, body: str, name: str = "c.toml") -> pathlib.Path:
    p = tmp_path / name
    p.write_text('[set]\ngame = "shironeko"\nname = "mine"\nversion = "1"\n' + body, encoding="utf-8")
    return p


CHAR = '''[[cards]]
id = "{id}"
kind = "character"
name = "{name}"
color = "red"
cost = 1
change_cost = 0
level = 1
attack = 1
hp = 1
rune = "red"
'''


@pytest.mark.parametrize("extra, card, field, message", [
    ('[[cards.abilities]]\nkind = "trigger"\ncost = 1\neffects = [{op = "draw"}]\n',
     "X1", "abilities[0].cost", "no effect on a 'trigger' ability"),
    ('[[cards.abilities]]\nkind = "on_enter"\neffects = [{op = "explode"}]\n',
     "X1", "abilities[0].effects", "unknown op 'explode'"),
    ('[[cards.abilities]]\nkind = "on_enter"\neffects = [{op = "search", filter = {colour = "red"}}]\n',
     "X1", "abilities[0].effects[0].filter.colour", "did you mean 'color'"),  # (read as a selector table)
    ('[[cards.abilities]]\nkind = "on_enter"\neffects = [{op = "search", filter = {max_level = "2"}}]\n',
     "X1", "abilities[0].effects", "must be a whole number"),
    ('[[cards.abilities]]\nkind = "burst"\neffects = [{op = "draw"}]\n'
     '[[cards.abilities]]\nkind = "burst"\neffects = [{op = "draw"}]\n',
     "X1", "abilities", "at most one 'burst'"),
    ('[[cards.abilities]]\nkind = "use"\neffects = [{op = "draw"}]\n',
     "X1", "abilities[0].kind", "cannot have a 'use' ability"),
    ('[[cards.abilities]]\nkind = "static"\neffects = [{op = "draw"}]\n',
     "X1", "abilities[0].effects", "static ability may only 'modify'"),
    ('leaderize = "NOPE"\n', "X1", "leaderize", "names unknown card 'NOPE'"),
    ('hp = "3"\n', "X1", "hp", "must be a whole number"),
])
def test_malformed_card_files_name_file_card_and_field(tmp_path, extra, card, field, message):
    body = CHAR.format(id="X1", name="テスト")
    if extra.startswith(("leaderize", "hp")):
        body = body.replace('hp = 1\n', '') if extra.startswith("hp") else body
        body = body.replace('rune = "red"\n', 'rune = "red"\n' + extra)
    else:
        body += extra
    p = _write(tmp_path, body)
    with pytest.raises(tcg.CardDataError) as e:
        load_cards(p)
    err = e.value
    assert err.file == str(p) and err.card == card and err.field == field
    assert message in str(err) and str(p) in str(err) and card in str(err)


def test_awakened_needs_a_base_one_level_lower(tmp_path):
    body = CHAR.format(id="X1", name="甲").replace('kind = "character"', 'kind = "awakened_character"') \
        .replace("level = 1", "level = 2")
    with pytest.raises(tcg.CardDataError, match="no character named '甲' at level 1"):
        load_cards(_write(tmp_path, body))
    ok = CHAR.format(id="X0", name="甲") + body
    assert len(load_cards(_write(tmp_path, ok, "ok.toml"))) == 2


def test_players_own_card_files_via_tcg_card_path(tmp_path, monkeypatch):
    mine = _write(tmp_path, CHAR.format(id="MY-001", name="私の剣士"), "mine.toml")
    monkeypatch.setenv("TCG_CARD_PATH", str(tmp_path))
    rules = ShironekoRules()
    assert "MY-001" in rules.cards and rules.cards.find("私の剣士").id == "MY-001"
    base_version = load_cards(SAMPLE).version
    assert rules.cards.version.startswith(base_version + "+")  # records know the set differs
    dup = _write(tmp_path, CHAR.format(id="MY-001", name="二重"), "dup.toml")
    with pytest.raises(tcg.CardDataError, match="already defined in"):
        load_cards(SAMPLE, mine, dup)
