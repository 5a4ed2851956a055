"""What the PettingZoo, Gymnasium and OpenSpiel adapters share: starting games from decks and
seeds, and one seat's encoded view of a decision (observation vector, mask, id -> action)."""
from __future__ import annotations

import random
from typing import Any, Sequence

import numpy as np

import tcg
from tcg.engine.cards import FrozenView

from .version import ENV_VERSION
from .encoder import GameEncoding, encoding


def env_name(game: str) -> str:
    return f"tcg_{game}_v{ENV_VERSION}"


class DeckChooser:
    """Decks for each new game: fixed ones, or two of the game's sample decks drawn at random."""

    def __init__(self, game: str, decks: Sequence[Any] | None):
        self.game = game
        if decks is not None:
            if isinstance(decks, (str, bytes)) or len(decks) != 2:
                raise ValueError("decks must be a list of two decks (names, paths or Deck objects)")
            self.fixed = [tcg.api.as_deck(game, d) for d in decks]
            self.names: list[str] = []
        else:
            self.fixed = None
            self.names = tcg.list_decks(game)
            self._loaded = {n: tcg.load_deck(game, n) for n in self.names}

    def choose(self, rng: random.Random) -> list[Any]:
        if self.fixed is not None:
            return list(self.fixed)
        return [self._loaded[rng.choice(self.names)] for _ in range(2)]


#: the legal actions "as dicts" of ``info``: one read-only dict per action value, built once
#: (actions are immutable values and most decisions list the same prebuilt ones again)
_DICTS: dict[Any, Any] = {}
_DICTS_LIMIT = 100_000


def action_dict(action) -> dict[str, Any]:
    """``action.to_dict()`` as a shared read-only dict (``FrozenView``: copy it to change it)."""
    d = _DICTS.get(action)
    if d is None:
        if len(_DICTS) > _DICTS_LIMIT:
            _DICTS.clear()
        d = _DICTS[action] = FrozenView(action.to_dict())
    return d


class SeatView:
    """One seat's view of the game at one moment: the raw ``observe(seat)`` dict, its vector (the
    scaled floats of ``GameEncoding.features``) and integer ids, and
    (for the deciding seat) the legal actions with their ids and the mask. ``seat_enc`` (an
    ``encoding(game).incremental()`` kept for this seat) encodes only what changed since the
    seat's last view; the vector is the same either way. With ``row`` (a row of a batched env's
    raw buffer, ``tcg.rl.vector``) the raw vector is copied there instead, and ``vector`` and
    ``id_vec`` are left to the batch (None). The mask is made when first asked for."""

    __slots__ = ("raw", "vector", "id_vec", "_mask", "_enc", "ids", "legal", "legal_ids")

    def __init__(self, enc: GameEncoding, game, seat: int, deciding: bool, seat_enc=None,
                 row: np.ndarray | None = None):
        self.raw = game.observe(seat, shared=True)  # read-only: its cards are shared
        # what the learner sees: scaled floats and the integer ids (``GameEncoding.features``)
        if row is not None:
            ctx = seat_enc.raw_into(self.raw, seat, row)
            self.vector = self.id_vec = None
        elif seat_enc is not None:
            self.vector, self.id_vec, ctx = seat_enc.network(self.raw, seat)
        else:
            vec, ctx = enc.encode(self.raw, seat)
            self.vector, self.id_vec = enc.features(vec)
        self._mask, self._enc = None, enc
        if deciding:
            self.legal = game.legal_actions()
            self.ids, self.legal_ids = enc.legal_ids_in_order(self.legal, ctx)
        else:
            self.legal, self.ids, self.legal_ids = [], {}, []

    @property
    def mask(self) -> np.ndarray:
        """int8[N]: 1 at the ids of the legal actions (all zeros for a seat not deciding)."""
        m = self._mask
        if m is None:
            m = self._mask = self._enc.mask(self.ids)
        return m

    def info(self) -> dict[str, Any]:
        """``info``: the raw observation, the legal actions as dicts and their ids (in the same
        order; -1 would mark an action the table cannot name, which the tests rule out)."""
        dicts = _DICTS
        return {"observation": self.raw,
                "legal_actions": [dicts.get(a) or action_dict(a) for a in self.legal],
                "legal_ids": list(self.legal_ids)}


def new_seed(rng: random.Random) -> int:
    return rng.getrandbits(63)


__all__ = ["DeckChooser", "SeatView", "action_dict", "encoding", "env_name", "new_seed", "ENV_VERSION"]
