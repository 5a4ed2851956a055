"""Board descriptions (tcg.board, games/<id>/board.py) over seeded games of all four games:

* well formed (``tcg.board.problems``), in both languages, with Japanese words in Japanese;
* built from the observation alone: every card id and instance in a description is in the
  observation it describes, so a description never shows more than the viewer may see;
* every element an option points at (``refs``) is on the deciding player's table;
* the terminal draws every description at 80 columns without an error.
"""
from __future__ import annotations

import io
import json
import random
from typing import Any, Iterator

import pytest
from rich.cells import cell_len
from rich.console import Console

import tcg
from tcg.present import board as B
from tcg.present.text import is_japanese
from tcg.ui import table

GAMES = ["shironeko", "turutoru", "kemuri", "zx"]


def states(game_id: str, seed: int, steps: int = 400, every: int = 7) -> Iterator[tcg.Game]:
    """A seeded random game, yielded every ``every`` decisions and at its end."""
    decks = tcg.list_decks(game_id)
    rng = random.Random(seed)
    g = tcg.new_game(game_id, [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
    for i in range(steps):
        if g.result is not None:
            break
        if i % every == 0:
            yield g
        g.apply(rng.choice(g.legal_actions()))
    yield g


def values(obj: Any, key: str) -> set[Any]:
    """Every value of ``key`` anywhere in a JSON-like object."""
    out: set[Any] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == key and v is not None and not isinstance(v, (dict, list)):
                out.add(v)
            out |= values(v, key)
    elif isinstance(obj, list):
        for v in obj:
            out |= values(v, key)
    return out


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_descriptions_are_well_formed_and_show_only_the_observation(game_id, seed):
    met = 0
    for g in states(game_id, seed):
        cards = g.rules.cards
        for viewer in (0, 1, None):
            obs = g.observe(viewer)
            for lang in ("en", "ja"):
                desc = B.describe(game_id, obs, lang=lang, cards=cards)
                assert B.problems(desc) == [], (game_id, seed, viewer, lang)
                assert desc["game"] == game_id and desc["lang"] == lang and desc["viewer"] == viewer
                json.dumps(desc, ensure_ascii=False)  # JSON-ready
                # nothing the observation does not hold
                own = {a["id"] for a in desc["areas"]} | {x["id"] for a in desc["areas"]
                                                          for x in (a.get("cells") or []) + (a.get("counters") or [])}
                assert values(desc, "id") - own <= values(obs, "id") | values(obs, "card"), (game_id, viewer)
                assert values(desc, "iid") <= values(obs, "iid"), (game_id, viewer)
                if lang == "ja":
                    labels = [a["label"] for a in desc["areas"]]
                    assert all(is_japanese(x) for x in labels), labels
            met += 1
    assert met > 3


@pytest.mark.parametrize("game_id", GAMES)
def test_english_and_japanese_tables_differ(game_id):
    g = next(iter(states(game_id, 3)))
    obs = g.observe(0)
    en = B.describe(game_id, obs, "en", g.rules.cards)
    ja = B.describe(game_id, obs, "ja", g.rules.cards)
    assert [a["id"] for a in en["areas"]] == [a["id"] for a in ja["areas"]]
    assert [a["label"] for a in en["areas"]] != [a["label"] for a in ja["areas"]]
    assert en["title"] != ja["title"] and is_japanese(ja["title"])


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [4, 5])
def test_every_option_points_at_elements_on_the_deciders_table(game_id, seed):
    pointed = 0
    for g in states(game_id, seed, every=3):
        d = g.decision
        if d is None:
            continue
        desc = B.describe(game_id, g.observe(d.player), "en", g.rules.cards)
        ids = B.element_ids(desc)
        for a in g.legal_actions():
            refs = B.refs(game_id, a)
            assert isinstance(refs, list) and all(isinstance(r, str) for r in refs)
            missing = [r for r in refs if r not in ids]
            assert not missing, (game_id, a, missing)
            pointed += bool(refs)
    assert pointed > 10, "options name the cards they are about"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_terminal_draws_every_description_at_80_columns(game_id):
    for g in states(game_id, 6, every=11):
        for lang in ("en", "ja"):
            desc = B.describe(game_id, g.observe(0), lang, g.rules.cards)
            out = io.StringIO()
            Console(file=out, width=80, color_system=None).print(table.render(desc))
            text = out.getvalue()
            assert desc["title"] in text
            assert max(cell_len(line) for line in text.splitlines()) <= 80
