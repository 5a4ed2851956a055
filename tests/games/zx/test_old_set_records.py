"""A record of an older shipped Z/X sample set keeps its version and replays with it.

``data/record-set-1.1.0.json`` is a whole game saved with set 1.1.0 (made by
``data/make_record_1_1_0.py`` before the set gained the cards of "Real cards, part 1")."""
from __future__ import annotations

import json
import pathlib

import tcg

DATA = pathlib.Path(__file__).parent / "data"
RECORD = DATA / "record-set-1.1.0.json"


def test_a_record_of_set_1_1_0_replays_with_its_version():
    saved = json.loads(RECORD.read_text(encoding="utf-8"))
    assert saved["card_set"]["version"] == "1.1.0"
    game = tcg.replay(RECORD)
    assert game.is_over and game.result == saved["result"]
    assert game.actions == saved["actions"]
    again = game.record()
    assert again["card_set"] == saved["card_set"]  # it keeps its version
    assert again["decks"] == saved["decks"] and again["seed"] == saved["seed"]
