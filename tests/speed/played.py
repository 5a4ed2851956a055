"""Seeded random games for the speed tests: the game at each decision, so that a test compares
a fast path with the plain one wherever the rules go."""
from __future__ import annotations

from itertools import product
from typing import Iterator

from tcg.api import list_decks, new_game
from tcg.engine.game import Game
from tcg.engine.rng import Rng


def random_moves(g: Game, rng: Rng) -> Iterator[Game]:
    """Yield ``g`` at each decision while moves chosen by ``rng`` play it to its end (the game is
    the live object: use it before the next item)."""
    while not g.is_over:
        yield g
        acts = g.legal_actions()
        g.apply(acts[rng.below(len(acts))])


def every_deck_pair(game_id: str, rng_seed: int, n_seeds: int = 1) -> Iterator[Game]:
    """Random games (moves by ``Rng(rng_seed)``) of every pair of the game's sample decks, on the
    seeds ``range(n_seeds)``: yields the game at each decision."""
    rng = Rng(rng_seed)
    decks = list_decks(game_id)
    for seed in range(n_seeds):
        for a, b in product(decks, decks):
            yield from random_moves(new_game(game_id, [a, b], seed=seed), rng)
