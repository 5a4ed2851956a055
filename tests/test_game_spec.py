"""The games as the rest of ``tcg`` sees them (issue 31): one ``GameSpec`` per game, declared in
the game's package, one registry (``tcg.games``) every list of games derives from, and a part a
spec lacks failing loudly, naming the game and the part."""
from __future__ import annotations

import subprocess
import sys

import pytest

import tcg
from tcg.engine.errors import UnknownGameError
from tcg.engine.rules import Ruleset
from tcg.games import GAMES, game_ids, get_rules, spec, specs
from tcg.spec import PARTS, DeckBuilder, GameSpec, MissingPartError
from tcg.ui import GenericRenderer


def test_the_registry_is_the_one_list_of_games():
    assert game_ids() == list(GAMES) == tcg.list_games()
    assert [s.id for s in specs()] == game_ids()
    from tcg.rl import core  # noqa: F401 - the adapters' list is the registry's
    from tcg.web.forms import GAME_NAMES
    assert list(GAME_NAMES) == game_ids()


def test_an_unknown_game_names_the_available_ones():
    with pytest.raises(UnknownGameError) as e:
        spec("nosuchgame")
    for g in game_ids():
        assert g in str(e.value)
    with pytest.raises(UnknownGameError):
        spec(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_every_part(game):
    s = spec(game)
    assert isinstance(s, GameSpec) and s.id == game and set(PARTS) <= set(s.parts)
    assert s.rules is get_rules(game) and isinstance(s.rules, Ruleset) and s.rules.id == game
    assert s.name and s.name_en and s.name_in("ja") == s.name and s.name_in("en") == s.name_en
    assert s.name == s.rules.profile.get("game.name")
    assert issubclass(s.renderer, GenericRenderer)
    assert callable(s.describe) and callable(s.printed) and callable(s.card_columns) and callable(s.card_facts)
    for fn in ("card_text", "kind_name", "menu", "why_not", "rules_primer"):
        assert callable(s.member("words", fn))
    assert callable(s.encoding.observation) and callable(s.encoding.actions)
    assert isinstance(s.deck_builder, DeckBuilder) and s.deck_builder.parts[0].section == "main"
    card = next(iter(s.rules.cards))
    tile = s.card_tile("en", s.rules.cards)({"iid": None, **s.printed(card)})
    assert tile["title"]
    assert isinstance(dict(s.colour_names_ja), dict)


def test_a_spec_lacking_a_part_fails_naming_the_game_and_the_part():
    lacking = GameSpec(id="mygame", package="tcg.games.zx", parts={"rules": "rules:ZXRules"})
    with pytest.raises(MissingPartError) as e:
        lacking.words
    assert "'mygame'" in str(e.value) and "'words'" in str(e.value)
    with pytest.raises(MissingPartError) as e:
        lacking.renderer
    assert "'mygame'" in str(e.value) and "'terminal'" in str(e.value)


def test_a_part_whose_module_or_name_is_missing_fails_naming_them():
    broken = GameSpec(id="mygame", package="tcg.games.zx",
                      parts={"words": "no_such_module", "terminal": "text", "view": "view"})
    with pytest.raises(MissingPartError) as e:
        broken.words
    assert "'mygame'" in str(e.value) and "tcg.games.zx.no_such_module" in str(e.value)
    with pytest.raises(MissingPartError) as e:
        broken.renderer  # the text module has no Renderer
    assert "'mygame'" in str(e.value) and "'Renderer'" in str(e.value)
    with pytest.raises(MissingPartError) as e:
        broken.card_tile("en", None)  # no board part at all
    assert "'board'" in str(e.value)


def test_a_deck_builder_table_that_is_not_well_formed_is_named():
    with pytest.raises(MissingPartError) as e:
        DeckBuilder.from_table("mygame", {"parts": [{"kinds": ["x"]}]})
    assert "'mygame'" in str(e.value) and "deck_builder" in str(e.value)
    assert DeckBuilder.from_table("mygame", None) == DeckBuilder()


def test_a_spec_loads_its_parts_only_when_asked():
    code = ("import sys; from tcg.games import spec, game_ids\n"
            "ss = [spec(g) for g in game_ids()]; names = [(s.name, s.deck_builder) for s in ss]\n"
            "print(sorted(m for m in sys.modules if m.startswith('tcg.games.') and m.count('.') > 2))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
