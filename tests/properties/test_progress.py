"""Every sequence of legal actions makes progress: games played by the first-listed, the
last-listed or a random legal action end by the game's own rules, never by the safety cap;
no decision lists more than a few dozen options; the README's Python snippet ends."""
from __future__ import annotations

import pathlib
import random
import re
import subprocess
import sys

import pytest

import tcg

ROOT = pathlib.Path(__file__).resolve().parents[2]
CAPS = ("decision_limit", "step_limit")
MAX_OPTIONS = 60  # "a few dozen": the largest decision today is Z/X's main phase (under 50)


def play(game_id: str, policy: str, seed: int):
    decks = tcg.list_decks(game_id)
    g = tcg.new_game(game_id, [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
    rng = random.Random(seed)
    widest = 0
    while not g.is_over:
        legal = g.legal_actions()
        widest = max(widest, len(legal))
        g.apply(legal[0] if policy == "first" else legal[-1] if policy == "last" else rng.choice(legal))
    return g, widest


@pytest.mark.parametrize("policy", ["first", "last", "random"])
@pytest.mark.parametrize("game_id", tcg.list_games())
def test_games_end_by_their_own_rules_whatever_legal_actions_are_taken(game_id, policy):
    for seed in range(3):
        g, widest = play(game_id, policy, seed)
        assert widest <= MAX_OPTIONS, f"{game_id} seed {seed}: a decision listed {widest} options"
        if game_id == "kemuri" and policy == "last":
            # Kemuri: every action is optional (任意) and an empty deck is refilled from the
            # backyard, so a game where both players always pass has no end in its rules; the
            # safety cap ends it in a draw (docs/rules/kemuri.md).
            assert g.result == {"winner": None, "draw": True, "reason": "decision_limit"}
            continue
        assert g.result["reason"] not in CAPS, f"{game_id} {policy} seed {seed}: {g.result}"


def test_the_readme_python_snippet_ends():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", readme, re.S)
    assert block, "README.md has a python snippet"
    done = subprocess.run([sys.executable, "-c", block.group(1)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), "the snippet prints the winner and result"
