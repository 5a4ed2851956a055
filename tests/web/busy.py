"""A busy table for the layout and accessibility tests: each game played by seeded random players
through the public API, stopped at seat 0's decision where both sides' fields and hands hold the
most cards, and stored as the server stores games (seat 0 a person, seat 1 the computer)."""
from __future__ import annotations

import random
from typing import Any

import tcg
from tcg.present import board as B

SEED = 5


def cards_shown(desc: dict[str, Any]) -> int:
    """The cards in the rows (hands, fields) and on the squares of a board description."""
    n = 0
    for a in desc["areas"]:
        if a["layout"] == "row":
            n += max(a.get("count") or 0, len(a.get("cards") or []))
        elif a["layout"] in ("grid", "track"):
            n += sum(len(c.get("cards") or []) for c in a.get("cells") or [])
    return n


def busy_actions(game: str, seed: int = SEED, most: int = 2000) -> tuple[list[tuple[int, Any]], int]:
    """The actions (player, action) of a seeded random game up to seat 0's busiest decision, and
    the number of cards shown then."""
    decks = tcg.list_decks(game)
    g = tcg.new_game(game, [decks[0], decks[-1]], seed=seed)
    rng = random.Random(seed)
    played: list[tuple[int, Any]] = []
    best, at = -1, 0
    while not g.is_over and len(played) < most:
        if g.decision.player == 0:
            n = cards_shown(B.describe(game, g.observe(0), "en"))
            if n > best:
                best, at = n, len(played)
        player = g.decision.player
        action = rng.choice(g.legal_actions())
        g.apply(action)
        played.append((player, action))
    return played[:at], best


def store_busy_game(store: Any, game: str, seed: int = SEED) -> tuple[str, str, int]:
    """The busy game put into ``store``; returns its id, seat 0's token (the seat's cookie) and the
    number of cards shown."""
    decks = tcg.list_decks(game)
    g = tcg.new_game(game, [decks[0], decks[-1]], seed=seed)
    setup = g.record()
    setup.pop("actions", None)
    setup.pop("result", None)
    gid, tokens, _ = store.create(game, setup, {"computer": {"agent": "random", "seconds": 0.2}},
                                  ["human", "computer"])
    actions, shown = busy_actions(game, seed)
    for n, (player, action) in enumerate(actions):
        g.apply(action)
        store.append(gid, n, {"player": player, "action": action.to_dict(), "by": "player"}, g.result)
    assert g.decision.player == 0 and not g.is_over
    return gid, tokens[0], shown
