"""Made once, with the code of commit 14449d5 (before the rules gave 'why is this not offered' as
structured reasons, ``games/zx/reasons.py``): seeded Z/X games, random and heuristic play over
pairs of sample decks, and at every decision the lines of ``games.zx.text.why_not`` for both
seats (and a spectator) in both languages, saved with the games' actions (each line once, in ``texts``) so that the test
(tests/text/test_zx_why_not.py) replays the same states and asks the words again
(run from a checkout of that commit: PYTHONPATH=src python tests/text/data/make_zx_why_not.py OUT).
Kept to say how the fixture was made, not to be run again."""
import json
import pathlib
import sys

import tcg
from tcg.agents import make_agent
from tcg.agents.base import AgentView
from tcg.games.zx import text as W

#: (agent, seed, deck pair) of each game
GAMES = [("random", seed, (seed % 4, (seed + 1) % 4)) for seed in range(1, 9)] + \
        [("heuristic", seed, (seed % 4, (seed + 2) % 4)) for seed in range(1, 5)]
VIEWERS = (0, 1, None)
LANGS = ("en", "ja")
#: each distinct line, by its number (a state's lines are numbers into ``texts``)
TEXTS: dict[str, int] = {}


def play(kind: str, seed: int, pair) -> dict:
    names = tcg.list_decks("zx")
    decks = [names[i] for i in pair]
    game = tcg.new_game("zx", decks, seed=seed)
    agents = [make_agent(kind, seed=seed), make_agent(kind, seed=seed + 50)]
    lines = []
    while not game.is_over and len(game.actions) < 1500:
        at = {f"{v}{lang}": [TEXTS.setdefault(x, len(TEXTS)) for x in W.why_not(game, v, lang)]
              for v in VIEWERS for lang in LANGS}
        lines.append({k: x for k, x in at.items() if x})
        game.apply(agents[game.decision.player].act(AgentView(game, game.legal_actions())))
    return {"agent": kind, "seed": seed, "decks": decks, "actions": [a["action"] for a in game.actions],
            "lines": lines}


out = pathlib.Path(sys.argv[1])
games = [play(*g) for g in GAMES]
out.write_text(json.dumps({"made_by": "tests/text/data/make_zx_why_not.py", "texts": list(TEXTS), "games": games},
                          ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
print("ok", len(games), sum(len(g["lines"]) for g in games))
