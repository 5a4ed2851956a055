"""A static's "for each" HP is checked after every step, also while the game's triggers run the
steps (engine/steps.run_steps with ``check_always``): a character brought to 0 HP by a step retreats
before the next decision opens. Shipped cards: SNP-117 (the opponent's level 1 characters get -1
HP for each monster card in your discard pile, at most -2), the monster SNP-045 (draw), and
SNP-088 (a `when` trigger, so that the deal has triggers and their step loop runs)."""
from __future__ import annotations

import pathlib

import pytest

import tcg.games.shironeko as shironeko_pkg

from .harness import decision, do, scenario, zone

SHIPPED = pathlib.Path(shironeko_pkg.__file__).with_name("cards.toml")
ANY = "F-T-RAINBOW"  # a soul that pays any colour


@pytest.mark.parametrize("with_triggers", [False, True])
def test_a_step_that_lowers_a_for_each_hp_to_the_damage_makes_the_character_retreat_at_once(with_triggers):
    deck = ["F-B1"] * 8 + (["SNP-088"] if with_triggers else [])   # a card with a `when` in the deal
    g = scenario(p0={"chars": ["SNP-117"], "hand": ["SNP-045"], "discard": ["SNP-045"], "town": [ANY, ANY],
                     "deck": deck},
                 p1={"chars": ["SNP-001", "F-R3"], "deck": ["F-B1"] * 8}, cards=SHIPPED)
    assert (g.state.trig is not None) == with_triggers
    assert [c["hp"] for c in g.observe(0)["players"][1]["characters"]][:1] == [1]  # HP 2, one monster: -1
    do(g, "monster", card="SNP-045")           # used, then put into the discard pile: a second monster
    assert decision(g) == (0, "main")
    assert [c["id"] for c in g.observe(0)["players"][1]["characters"]] == ["F-R3"]
    assert "SNP-001" in zone(g, 1, "discard")   # HP 0: at its damage, retreated before the decision
