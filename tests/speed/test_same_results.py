"""Speed work keeps every result: whole games on fixed seeds (random, heuristic and ISMCTS play
of every game) give the same event log, actions, result and views as before (issue 19).

The table changes only with a rules fix that changes games; regenerate it then with
``python -m tests.speed.fingerprints`` and say so in the commit."""
from __future__ import annotations

import pytest

from tcg.api import GAMES

from .fingerprints import PLANS, play

GOLDEN = {
    "shironeko/random": "2853dcb884309082",
    "shironeko/heuristic": "e6d026d49b0e9dbd",
    "shironeko/ismcts": "b82175e39f5497bb",
    "turutoru/random": "79d1e108fc0942f3",  # a Program Decoder may be declined (issue 29 item 7)
    "turutoru/heuristic": "d7e6ba2f8167b555",  # issue 29: the heuristic makes progress (no bed-in/reboot stalls)
    "turutoru/ismcts": "f492e31cf16c7130",
    "kemuri/random": "3287ab2643fd2fae",  # issue 29: no false refresh_loop draw; cross call-ins; relative triggers
    "kemuri/heuristic": "ac7dc67e1bd2b160",
    "kemuri/ismcts": "4c1722bfa29c9812",
    # Z/X: the sample set's Life Recovery and Void Bringer became keywords with abilities (card set
    # 1.2.0; every sample deck has them), the to_charge event names where its card came from
    "zx/random": "0b3fdf7cf3cac7a8",
    "zx/heuristic": "07e379a506f44708",
    "zx/ismcts": "19ba98c12e6143df",
}


@pytest.mark.parametrize("agent,n", PLANS)
@pytest.mark.parametrize("game_id", GAMES)
def test_fixed_seeds_play_the_same_games(game_id, agent, n):
    assert play(game_id, agent, n) == GOLDEN[f"{game_id}/{agent}"]
