"""Steps and pending decisions of several fields are NamedTuple records: tuples equal to (and
hashing like) the plain tuples of their fields, that pickle and copy as states always did."""
from __future__ import annotations

import pickle
import random

from tcg.api import list_decks, new_game
from tcg.engine.effects import EffectOp, EffectStep, effect_step
from tcg.engine.state import new_record
from tcg.games.zx.state import PayStep


def test_a_record_is_the_tuple_of_its_fields():
    step = new_record(PayStep, ("pay", 0, "red", 2, (), 5, "place"))
    plain = ("pay", 0, "red", 2, (), 5, "place")
    assert step == plain and hash(step) == hash(plain) and isinstance(step, tuple)
    assert step == PayStep("pay", 0, "red", 2, (), 5, "place")
    assert (step.player, step.color, step.n, step.paid, step.source, step.why) == (0, "red", 2, (), 5, "place")
    assert effect_step(1, 7, ()) == ("effect", 1, 7, (), 0, (), None, None)
    assert type(effect_step(1, 7, ())) is EffectStep


def _holds_ops(x) -> bool:
    """A record holding an effect's ops (an effect step, a pending target, "you may" question...)."""
    return isinstance(x, EffectOp) or (isinstance(x, tuple) and any(_holds_ops(y) for y in x))


def test_records_in_play_pickle_as_themselves():
    """(An effect step, and a pending target or "you may" question, holds its ops, whose
    handlers are functions made per game: a state holding one never pickled, before the records
    either.)"""
    for gid in ("shironeko", "turutoru", "kemuri", "zx"):
        names = list_decks(gid)
        g = new_game(gid, names[:2], seed=4)
        rng = random.Random(4)
        seen = 0
        kinds: set[str] = set()
        while not g.is_over and seen < 400:
            s = g.state
            for x in [*s.steps, s.pending]:
                if isinstance(x, tuple) and type(x) is not tuple and not _holds_ops(x):
                    copy = pickle.loads(pickle.dumps(x))
                    assert copy == x and type(copy) is type(x) and copy == tuple(x)
                    kinds.add(type(x).__name__)
            acts = g.legal_actions()
            g.apply(acts[rng.randrange(len(acts))])
            seen += 1
        assert kinds, gid  # some record was met
