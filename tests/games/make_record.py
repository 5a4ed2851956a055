"""Makes the saved whole game kept as ``tests/games/<game>/data/record-set-<version>.json``: the
computer's heuristic against itself (seeds 1 and 2), two decks of the sample set at that version,
saved with ``Game.save`` as a user of the Python API would.

Each fixture was made once, from a checkout of the commit named in ``FIXTURES`` (the sample set
still at that version), and is kept to say how it was made, not to be run again::

    uv run python tests/games/make_record.py GAME VERSION OUT_FOLDER

The record's ``meta.made_by`` keeps the name of the one-fixture script it was first made by
(``tests/games/<game>/data/make_record_<version>.py``, since folded into this one), so that a run
writes the fixture byte for byte."""
from __future__ import annotations

import pathlib
import sys
from typing import NamedTuple

import tcg
from tcg.agents import make_agent
from tcg.agents.base import AgentView


class Fixture(NamedTuple):
    """How one kept record was made: the commit of the code, the two decks and the game's seed."""

    commit: str
    decks: tuple[str, str]
    seed: int


#: (game, set version) -> how its record was made. 1.1.0: before the cards of "Real cards, part 1"
#: (Kemuri: 1.2.1); Shironeko's, Turu-turu's and Z/X's 1.2.0: before their cards using the card
#: language's costs, choices and keywords.
FIXTURES = {
    ("kemuri", "1.2.1"): Fixture("14449d5", ("early_shift", "night_guard"), 20242),
    ("kemuri", "1.3.0"): Fixture("21fc82f", ("regulars_table", "early_shift"), 20243),
    ("shironeko", "1.1.0"): Fixture("6102f25", ("thunder_tempo", "blue_control"), 20240),
    ("shironeko", "1.2.0"): Fixture("9c57a13", ("thunder_tempo", "blue_control"), 20240),
    ("turutoru", "1.1.0"): Fixture("6102f25", ("rush", "control"), 20241),
    ("turutoru", "1.2.0"): Fixture("60ce6db", ("rush", "control"), 20241),
    ("zx", "1.1.0"): Fixture("f72ea4d", ("crimson_vanguard", "azure_tide"), 20240),
    ("zx", "1.2.0"): Fixture("60ce6db", ("crimson_vanguard", "azure_tide"), 20240),
}


def make_record(game_name: str, version: str, out: pathlib.Path) -> None:
    """Plays the fixture's game to its end and saves it as ``out/record-set-<version>.json``."""
    fixture = FIXTURES[(game_name, version)]
    game = tcg.new_game(game_name, list(fixture.decks), seed=fixture.seed)
    agents = [make_agent("heuristic", seed=1), make_agent("heuristic", seed=2)]
    while not game.is_over:
        game.apply(agents[game.decision.player].act(AgentView(game, game.legal_actions())), by="computer")
    game.meta = {"made_by": f"tests/games/{game_name}/data/make_record_{version.replace('.', '_')}.py"}
    game.save(str(out / f"record-set-{version}.json"))
    print("ok", game.record()["card_set"], len(game.actions), game.result)


if __name__ == "__main__":
    make_record(sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3]))
