"""Made once, with the code of commit 21fc82f (the Kemuri sample set at version 1.3.0, before
the cards using the card language's costs, choices and keywords): a whole game, the computer's
heuristic against itself, Regulars' Table against Early Shift, saved with ``Game.save`` as a user
of the Python API would (run from a checkout of that commit: uv run python
tests/games/kemuri/data/make_record_1_3_0.py OUT).
Kept to say how the fixture was made, not to be run again."""
import pathlib
import sys

import tcg
from tcg.agents import make_agent
from tcg.agents.base import AgentView

out = pathlib.Path(sys.argv[1])
game = tcg.new_game("kemuri", ["regulars_table", "early_shift"], seed=20243)
agents = [make_agent("heuristic", seed=1), make_agent("heuristic", seed=2)]
while not game.is_over:
    game.apply(agents[game.decision.player].act(AgentView(game, game.legal_actions())), by="computer")
game.meta = {"made_by": "tests/games/kemuri/data/make_record_1_3_0.py"}
game.save(str(out / "record-set-1.3.0.json"))
print("ok", game.record()["card_set"], len(game.actions), game.result)
