"""What the PettingZoo, Gymnasium and OpenSpiel adapters share: starting games from decks and
seeds, and one seat's encoded view of a decision (observation vector, mask, id -> action)."""
from __future__ import annotations

import random
from typing import Any, Sequence

import numpy as np

import tcg

from .encoder import GameEncoding, encoding

#: environment names carry the encoding version (bumped whenever an encode.py changes meaning)
ENV_VERSION = 0


def env_name(game: str) -> str:
    return f"tcg_{game}_v{ENV_VERSION}"


class DeckChooser:
    """Decks for each new game: fixed ones, or two of the game's sample decks drawn at random."""

    def __init__(self, game: str, decks: Sequence[Any] | None):
        self.game = game
        if decks is not None:
            if isinstance(decks, (str, bytes)) or len(decks) != 2:
                raise ValueError("decks must be a list of two decks (names, paths or Deck objects)")
            self.fixed = [tcg.api._as_deck(game, d) for d in decks]
            self.names: list[str] = []
        else:
            self.fixed = None
            self.names = tcg.list_decks(game)
            self._loaded = {n: tcg.load_deck(game, n) for n in self.names}

    def choose(self, rng: random.Random) -> list[Any]:
        if self.fixed is not None:
            return list(self.fixed)
        return [self._loaded[rng.choice(self.names)] for _ in range(2)]


class SeatView:
    """One seat's view of the game at one moment: the raw ``observe(seat)`` dict, its vector, and
    (for the deciding seat) the legal actions with their ids and the mask."""

    __slots__ = ("raw", "vector", "mask", "ids", "legal", "legal_ids")

    def __init__(self, enc: GameEncoding, game, seat: int, deciding: bool):
        self.raw = game.observe(seat, shared=True)  # read-only: its cards are shared
        self.vector, ctx = enc.encode(self.raw, seat)
        if deciding:
            self.legal = game.legal_actions()
            self.ids = enc.legal_ids(self.legal, ctx)
            self.mask = enc.mask(self.ids)
            rev = {id(a): i for i, a in self.ids.items()}
            self.legal_ids = [rev.get(id(a), -1) for a in self.legal]
        else:
            self.legal, self.ids, self.legal_ids = [], {}, []
            self.mask = np.zeros(enc.n_actions, dtype=np.int8)

    def info(self) -> dict[str, Any]:
        """``info``: the raw observation, the legal actions as dicts and their ids (in the same
        order; -1 would mark an action the table cannot name, which the tests rule out)."""
        return {"observation": self.raw, "legal_actions": [a.to_dict() for a in self.legal],
                "legal_ids": list(self.legal_ids)}


def new_seed(rng: random.Random) -> int:
    return rng.getrandbits(63)


__all__ = ["DeckChooser", "SeatView", "encoding", "env_name", "new_seed", "ENV_VERSION"]
