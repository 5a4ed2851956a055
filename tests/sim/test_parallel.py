"""Same seed, same results for any number of workers; seats alternate every other game."""
from __future__ import annotations

import tcg
from tcg.agents import make_agent
from tcg.sim.parallel import chunks, run_tasks, simulate
from tcg.sim.runner import GameResult, make_matchup, play, play_game

from .conftest import GAME


def test_one_and_two_workers_give_identical_results(decks):
    seen: list[int] = []
    one = simulate(GAME, decks[:2], ["random", "random"], 12, seed=5, workers=1)
    two = simulate(GAME, decks[:2], ["random", "random"], 12, seed=5, workers=2, progress=seen.append)
    assert one == two
    assert [r.index for r in two] == list(range(12))
    assert [r.seed for r in two] == [5 + i for i in range(12)]
    assert seen and seen[-1] == 12 and seen == sorted(seen)
    assert one != simulate(GAME, decks[:2], ["random", "random"], 12, seed=6)


def test_results_do_not_depend_on_order_or_grouping(decks):
    m = make_matchup(GAME, decks[:2], ["random", "heuristic"])
    tasks = [(0, i, 40 + i) for i in range(6)]
    forward = run_tasks([m], tasks)
    backward = run_tasks([m], tasks[::-1])
    assert forward == backward
    assert forward[3] == play_game(m, 3, 43)


def test_chunks_cover_every_game_once():
    tasks = [(0, i, i) for i in range(103)]
    for workers in (1, 2, 3, 8):
        parts = chunks(tasks, workers)
        assert [t for p in parts for t in p] == tasks


def test_seats_alternate_and_agents_follow_their_deck(decks):
    a, b = tcg.load_deck(GAME, decks[0]), tcg.load_deck(GAME, decks[1])
    m = make_matchup(GAME, [a, b], ["random", "heuristic"])
    for index, seed in ((0, 11), (1, 12), (3, 14)):
        swapped = index % 2 == 1
        r = play_game(m, index, seed)
        assert r.swapped is swapped
        # by hand: side k (deck k, agent k seeded seed*2+k) sits in seat k, or seat 1-k when swapped
        seats = [(b, "heuristic", seed * 2 + 1), (a, "random", seed * 2)] if swapped else \
                [(a, "random", seed * 2), (b, "heuristic", seed * 2 + 1)]
        game = tcg.new_game(GAME, [d for d, _, _ in seats], seed=seed)
        n = play(game, [make_agent(name, seed=s) for _, name, s in seats])
        assert (r.winner, r.decisions, r.turns) == (game.winner, n, game.rules.turns(game.state))
        if r.winner is not None:
            assert r.winner_side == (1 - r.winner if swapped else r.winner)


def test_side_of_seat():
    r = GameResult(seed=1, winner=0, reason="x", first_player=1, turns=1, decisions=1, index=1, swapped=True)
    assert (r.winner_side, r.first_side) == (1, 0)
    r.swapped = False
    assert (r.winner_side, r.first_side) == (0, 1)
    r.winner = None
    assert r.winner_side is None
