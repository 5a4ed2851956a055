"""A game's 'why is this not offered' (``games.<game>.text.why_not``) says, in every state, exactly
what it said before the rules gave the reasons as data (``Ruleset.unavailable``): seeded games
(random and heuristic play over pairs of sample decks) are replayed from their actions and, at
every decision, the lines for both seats and a spectator in both languages equal those recorded
in tests/text/data/<game>-why-not.json (made by tests/text/data/make_why_not.py with the code
before the change)."""
from __future__ import annotations

import importlib
import json
import pathlib

import pytest

import tcg

DATA = pathlib.Path(__file__).parent / "data"
GAMES = ("zx", "shironeko", "turutoru", "kemuri")
VIEWERS = (0, 1, None)
LANGS = ("en", "ja")


def _recorded(game_id: str) -> dict:
    return json.loads((DATA / f"{game_id}-why-not.json").read_text(encoding="utf-8"))


RECORDED = {g: _recorded(g) for g in GAMES}
CASES = [(g, n) for g in GAMES for n in range(len(RECORDED[g]["games"]))]


@pytest.mark.parametrize("game_id, n", CASES,
                         ids=[f"{g}-{RECORDED[g]['games'][n]['agent']}-{RECORDED[g]['games'][n]['seed']}"
                              for g, n in CASES])
def test_why_not_says_what_it_said_in_every_state_of_a_recorded_game(game_id, n):
    words = importlib.import_module(f"tcg.games.{game_id}.text")
    texts, played = RECORDED[game_id]["texts"], RECORDED[game_id]["games"][n]
    game = tcg.new_game(game_id, played["decks"], seed=played["seed"])
    for step, (expected, action) in enumerate(zip(played["lines"], played["actions"])):
        for v in VIEWERS:
            for lang in LANGS:
                want = [texts[i] for i in expected.get(f"{v}{lang}", [])]
                assert words.why_not(game, v, lang) == want, (step, v, lang)
        game.apply(action)
    assert len(played["lines"]) == len(played["actions"])


#: the lines of a game that is over, as the words said them before the change
OVER = {"zx": {"en": [], "ja": []},
        "shironeko": {"en": ["The game is over."], "ja": ["ゲームは終了しています。"]},
        "turutoru": {"en": ["The game is over."], "ja": ["ゲームは終了しています。"]},
        "kemuri": {"en": ["The game is over."], "ja": ["ゲームは終わっています。"]}}


@pytest.mark.parametrize("game_id", GAMES)
def test_why_not_once_the_game_is_over(game_id):
    words = importlib.import_module(f"tcg.games.{game_id}.text")
    game = tcg.new_game(game_id, tcg.list_decks(game_id)[:2], seed=1)
    game.concede(0)
    for v in VIEWERS:
        for lang in LANGS:
            assert words.why_not(game, v, lang) == OVER[game_id][lang], (v, lang)
