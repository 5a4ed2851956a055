"""A misspelt card field, card kind, op or op parameter is named with the nearest valid word, in
English and in Japanese (tcg.present.errors translates the hint wherever it stands)."""
from __future__ import annotations

import pytest

import tcg
from tcg.engine.errors import CardDataError
from tcg.present.errors import error_text

CARD = '''[set]
game = "zx"
name = "mine"
version = "1"

[[cards]]
id = "MY-001"
kind = "{kind}"
name = "試作"
{color} = "red"
cost = 1
power = 1000
[[cards.abilities]]
kind = "on_place"
effects = [{{op = "{op}", {param} = 1}}]
'''
RIGHT = dict(kind="zx", color="color", op="draw", param="amount")


@pytest.mark.parametrize("wrong, field, hint, ja", [
    (dict(kind="zxx"), "kind", "(did you mean 'zx'?)", "（もしかして「zx」？）"),
    (dict(color="colour"), "colour", "(did you mean 'color'?)", "（もしかして「color」？）"),
    (dict(op="drow"), "abilities[0].effects", "(did you mean 'draw'?)", "（もしかして「draw」？）"),
    (dict(param="amont"), "abilities[0].effects", "(did you mean 'amount'?)", "（もしかして「amount」？）"),
])
def test_a_misspelt_word_is_named_with_the_nearest_valid_one(wrong, field, hint, ja):
    with pytest.raises(CardDataError) as e:
        tcg.api.rules_with_cards("zx", [("mine.toml", CARD.format(**{**RIGHT, **wrong}))])
    assert e.value.card == "MY-001" and e.value.field == field
    assert hint in str(e.value)
    japanese = error_text(e.value, "ja")
    assert ja in japanese and "unknown" not in japanese and "did you mean" not in japanese, japanese
