"""Made once per game, with the code before its rules gave 'why is this not offered' as structured
reasons (``games/<game>/reasons.py``): seeded games, random and heuristic play over pairs of
sample decks, and at every decision the lines of ``games.<game>.text.why_not`` for both seats
(and a spectator) in both languages, saved with the games' actions (each line once, in
``texts``) so that the test (tests/text/test_why_not_recorded.py) replays the same states and
asks the words again. Run from a checkout of that commit:
``PYTHONPATH=src python tests/text/data/make_why_not.py GAME tests/text/data/GAME-why-not.json``.

* zx-why-not.json: commit 14449d5;
* shironeko-why-not.json, turutoru-why-not.json: commit 301d128 (their words unchanged since);
* kemuri-why-not.json: commit 99669e2 (with the sample decks of that commit).

Kept to say how the fixtures were made, not to be run again."""
import importlib
import json
import pathlib
import sys

import tcg
from tcg.agents import make_agent
from tcg.agents.base import AgentView

#: (agent, seed, deck pair) of each game
GAMES = [("random", seed, (seed, seed + 1)) for seed in range(1, 9)] + \
        [("heuristic", seed, (seed, seed + 2)) for seed in range(1, 5)]
VIEWERS = (0, 1, None)
LANGS = ("en", "ja")
#: each distinct line, by its number (a state's lines are numbers into ``texts``)
TEXTS: dict[str, int] = {}


def play(game_id: str, kind: str, seed: int, pair) -> dict:
    words = importlib.import_module(f"tcg.games.{game_id}.text")
    names = tcg.list_decks(game_id)
    decks = [names[i % len(names)] for i in pair]
    game = tcg.new_game(game_id, decks, seed=seed)
    agents = [make_agent(kind, seed=seed), make_agent(kind, seed=seed + 50)]
    lines = []
    while not game.is_over and len(game.actions) < 1500:
        at = {f"{v}{lang}": [TEXTS.setdefault(x, len(TEXTS)) for x in words.why_not(game, v, lang)]
              for v in VIEWERS for lang in LANGS}
        lines.append({k: x for k, x in at.items() if x})
        game.apply(agents[game.decision.player].act(AgentView(game, game.legal_actions())))
    return {"agent": kind, "seed": seed, "decks": decks, "actions": [a["action"] for a in game.actions],
            "lines": lines}


game_id, out = sys.argv[1], pathlib.Path(sys.argv[2])
games = [play(game_id, *g) for g in GAMES]
out.write_text(json.dumps({"made_by": "tests/text/data/make_why_not.py", "game": game_id, "texts": list(TEXTS),
                           "games": games}, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
print("ok", len(games), sum(len(g["lines"]) for g in games))
