"""The corpus tests' small card files for load errors: the header of a one-card file in each game
(the set table and card BAD-1 with the fields its kind requires; its abilities go after it) and
the loader that returns the error a bad file raises; the load-error cases of the corpus tests,
kept as data in <game>_load_errors.toml (one [[table]] per test, read by ``load_error_cases``).

    msg = str(load_error("zx", header("zx") + '[[cards.abilities]]\\nkind = "trigger"\\n...'))
"""
from __future__ import annotations

import functools
import importlib
import pathlib
import tomllib

import pytest

from tcg.engine.cards import CardText
from tcg.engine.errors import CardDataError

#: game -> card kind -> the fields card BAD-1 of that kind needs besides its id and kind; the
#: game's first kind is the one ``header`` writes when told none
CARD_FIELDS = {
    "kemuri": {
        "cast": 'name = "bad"\nperson = "X"\nlevel = 1\ncost = 1\nshift = "early"\ncp = 1\ncall_in = 1\n',
        "support": 'name = "bad"\nlevel = 1\n',
        "event": 'name = "bad"\nlevel = 1\nremoval_cost = 1\n',
    },
    "shironeko": {
        "character": 'name = "bad"\ncolor = "red"\ncost = 1\nlevel = 1\nattack = 1\nhp = 1\nrune = "red"\n',
        "monster": 'name = "bad"\ncolor = "red"\ncost = 1\nrune = "red"\n',
    },
    "turutoru": {
        "character": 'name = "bad"\npower = 1\ntoughness = 1\nsegment = 1\nprograms = [{kind = "place"}]\n',
        "application": 'name = "bad"\n',
    },
    "zx": {
        "zx": 'name = "bad"\ncolor = "red"\ncost = 1\npower = 1000\n',
        "event": 'name = "bad"\ncolor = "red"\ncost = 1\ntiming = "main"\n',
    },
}


def set_table(game: str, name: str = "bad") -> str:
    """The ``[set]`` table of a small card file of ``game``."""
    return f'[set]\ngame = "{game}"\nname = "{name}"\nversion = "1"\n'


def card_head(game: str, kind: str | None = None, card_id: str = "BAD-1") -> str:
    """A ``[[cards]]`` table of ``kind`` (the game's first kind when None) with the fields it needs."""
    fields = CARD_FIELDS[game]
    kind = kind or next(iter(fields))
    return f'[[cards]]\nid = "{card_id}"\nkind = "{kind}"\n' + fields[kind]


def header(game: str, kind: str | None = None) -> str:
    """A one-card file of ``game`` up to its card's abilities: the set table and card BAD-1."""
    return set_table(game) + card_head(game, kind)


def load_error(game: str, toml: str, *more: str, loaded_with: tuple = ()) -> CardDataError:
    """The error ``game``'s ``load_cards`` raises loading ``toml`` as bad.toml (with ``more`` as
    more0.toml, more1.toml, ...), after the files ``loaded_with`` (paths or CardTexts)."""
    load_cards = importlib.import_module(f"tcg.games.{game}.cards").load_cards
    texts = [CardText("bad.toml", toml)] + [CardText(f"more{i}.toml", t) for i, t in enumerate(more)]
    with pytest.raises(CardDataError) as e:
        load_cards(*loaded_with, *texts)
    return e.value


def ability_error(game: str, ability: str, kind: str | None = None, head: str | None = None) -> str:
    """The message of the error loading ``head`` (else ``header(game)``) and one more ability:
    ``kind = "<kind>"`` when given, the lines ``ability``, and a draw as its effects when
    ``ability`` has none."""
    text = (head or header(game)) + "[[cards.abilities]]\n" + (f'kind = "{kind}"\n' if kind else "") + ability + "\n"
    if "effects" not in ability:
        text += 'effects = [{ op = "draw" }]\n'
    return str(load_error(game, text))


#: the folder of each game's load-error cases, <game>_load_errors.toml (beside, not in, the
#: game's corpus folder: these are not card files)
CASES = pathlib.Path(__file__).parent


@functools.cache
def _cases(game: str) -> dict:
    return tomllib.loads((CASES / f"{game}_load_errors.toml").read_text(encoding="utf-8"))


def load_error_cases(game: str, table: str) -> list[tuple]:
    """The cases of one test's table in the game's load-error file, each a tuple of its values in
    the order they are written (the test's parameters)."""
    return [tuple(case.values()) for case in _cases(game)[table]]


def says(msg: str, field: str, words: str) -> None:
    """A load error's message names ``field`` (its path, or where) and says ``words``."""
    assert field in msg and words in msg, msg


def in_japanese(error: CardDataError) -> str:
    """The Japanese text of a load error, checked to leave no English sentence untranslated (but
    its file's name)."""
    from tcg.present.errors import error_text
    from ..text.test_error_text import untranslated_english
    ja = error_text(error, "ja")
    assert untranslated_english(ja, [error.file]) is None, ja
    return ja


def says_in_both_languages(game: str, toml: str, field: str, words: str) -> None:
    """Loading ``toml`` fails with a message that names ``field`` and says ``words``, and whose
    Japanese translation is a different text still naming ``field``."""
    from tcg.present.errors import translate
    msg = str(load_error(game, toml))
    says(msg, field, words)
    ja = translate(msg)
    assert ja != msg and field in ja, ja


#: a keyword declared the same way in any game whose cards attack: when the card attacks, draw
SPARK = '[[keywords]]\nid = "spark"\nname = "火花"\nname_en = "Spark"\n[[keywords.abilities]]\nkind = "trigger"\n' \
        'when = { event = "attacks", card = { self = true } }\neffects = [{ op = "draw" }]\n'


def spark_errors(game: str) -> list[tuple[str, str, str]]:
    """The load errors of ``SPARK`` and of keyword lists that such a game gives alike: (a card
    file, where the error points, words it says)."""
    head, card = set_table(game), card_head(game)
    return [
        (head + SPARK + card + 'keywords = ["sprak"]\n', "card BAD-1, field 'keywords[0]'", "did you mean 'spark'"),
        (head + card + 'keywords = ["spark"]\n', "field 'keywords[0]'", "no loaded card file declares keywords"),
        (head + SPARK + card + 'keywords = ["spark", "spark"]\n', "field 'keywords[1]'", "listed twice"),
        (head + SPARK + SPARK + card, "field 'keywords.spark.id'", "declared twice in this file"),
        (head + SPARK.replace('name_en', 'nmae_en') + card, "field 'keywords.spark.nmae_en'", "did you mean 'name_en'"),
        (head + SPARK.replace('"attacks"', '"atacks"') + card, "field 'keywords.spark.abilities[0].when.event'",
         "did you mean 'attacks'"),
    ]
