"""Mechanics corpus: the load errors the games' card files give alike, one test for each check
over the games that make it. Each case is a row of a table of <game>_load_errors.toml: an
ability's lines, a search's filter or a static ability's target table that must not load, the
field the error names and words it says. The load errors only one game gives stay in its
test_<game>_<topic>.py."""
from __future__ import annotations

import pytest

from .cardfile import ability_error, header, load_error_cases, says, says_in_both_languages


def cases(table: str, per_game: dict) -> list[tuple]:
    """The rows of ``table`` in the load-error file of each game of ``per_game``, each after its
    game and what ``per_game`` tells of that game."""
    return [(game, told, *case) for game, told in per_game.items() for case in load_error_cases(game, table)]


#: game -> the kind of ability that takes a cost and may be used from the hand
ACTIVATED = {"kemuri": "activate", "shironeko": "activated", "zx": "activated"}
#: game -> the kind of a triggered ability (None: Shironeko's rows say it themselves)
TRIGGER = {"kemuri": "trigger", "shironeko": None, "turutoru": "trigger", "zx": "trigger"}


@pytest.mark.parametrize("game, kind, ability, field, words", cases("costs", ACTIVATED) + cases("triggers", TRIGGER))
def test_a_broken_ability_names_the_field(game, kind, ability, field, words):
    says(ability_error(game, ability, kind), field, words)


#: game -> what its error says of a cost or a ``from`` on another kind of ability
ONLY_ACTIVATED = {"kemuri": "only for an 'activate' ability", "shironeko": "activated", "zx": "only on activated"}


@pytest.mark.parametrize("game, words, ability, kind",
                         cases("costs_a_cost_or_from_only_on_an_activated_ability", ONLY_ACTIVATED))
def test_a_cost_or_from_only_on_an_activated_ability(game, words, ability, kind):
    msg = ability_error(game, ability, kind)
    assert words in msg, msg


@pytest.mark.parametrize("game", ["kemuri", "zx"])
def test_when_only_on_a_trigger(game):
    msg = ability_error(game, 'when = { event = "enters" }', "on_place")
    assert "only on trigger" in msg, msg


#: game -> the kind of a card with an ability used once, and that ability's kind
USED_ONCE = {"kemuri": ("support", "use"), "shironeko": ("monster", "use"), "turutoru": ("application", "apply"),
             "zx": ("event", "use")}


@pytest.mark.parametrize("game, kinds, effects, field, words", cases("filters", USED_ONCE))
def test_a_broken_filter_names_the_field_in_both_languages(game, kinds, effects, field, words):
    card, ability = kinds
    says_in_both_languages(game, header(game, card) + f'[[cards.abilities]]\nkind = "{ability}"\n'
                                                      f"effects = [{effects}]\n", field, words)


#: game -> the stat of its first kind of card that a static ability's ``modify`` changes
STAT = {"kemuri": "cp", "shironeko": "attack", "turutoru": "power"}


@pytest.mark.parametrize("game, stat, target, field, words", cases("filters_static", STAT))
def test_a_broken_static_target_names_the_field_in_both_languages(game, stat, target, field, words):
    says_in_both_languages(game, header(game) + '[[cards.abilities]]\nkind = "static"\neffects = [{ op = "modify", '
                                                f'target = {target}, stat = "{stat}", amount = 1, '
                                                'duration = "static" }]\n', field, words)
