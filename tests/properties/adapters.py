"""Per-game knowledge the generic property tests need: how to rearrange what a viewer cannot
see (so that their observation must stay identical), and when not to try."""
from __future__ import annotations

from tcg.engine.rng import Rng


def _exchange(rng: Rng, hand: list, deck: list) -> None:
    pool = hand + deck
    rng.shuffle(pool)
    hand[:] = pool[:len(hand)]
    deck[:] = pool[len(hand):]


def scramble_shironeko(g, viewer, rng: Rng) -> bool:
    s = g.state
    if any(ps.mull_pick for ps in s.players) or (g.decision and g.decision.kind == "search"):
        return False
    for p, ps in enumerate(s.players):
        if p != viewer:
            _exchange(rng, ps.hand, ps.deck)
        rng.shuffle(ps.deck)
        rng.shuffle(ps.town_deck)
    return True


def scramble_turutoru(g, viewer, rng: Rng) -> bool:
    s = g.state
    if g.decision and g.decision.kind == "search":
        return False
    for p, ps in enumerate(s.players):
        if p != viewer:
            _exchange(rng, ps.hand, ps.deck)
            if s.phase == "programming":  # the face-down stack: its order is hidden too
                rng.shuffle(ps.programs)
        rng.shuffle(ps.deck)
    return True


def scramble_kemuri(g, viewer, rng: Rng) -> bool:
    s = g.state
    if any(ps.mull_pick for ps in s.players) or (g.decision and g.decision.kind == "pick_card"):
        return False
    for p, ps in enumerate(s.players):
        if p != viewer:
            _exchange(rng, ps.hand, ps.deck)
        rng.shuffle(ps.deck)
    return True


def scramble_zx(g, viewer, rng: Rng) -> bool:
    """Hand, deck, life (face down even to its owner) and face-down dynamis are hidden."""
    s = g.state
    if s.phase == "setup" or (g.decision and g.decision.kind == "pick_card"):
        return False
    for p, ps in enumerate(s.players):
        if p != viewer:
            _exchange(rng, ps.hand, ps.deck)
        pool = ps.life + ps.deck  # nobody sees life cards
        rng.shuffle(pool)
        ps.life[:] = pool[:len(ps.life)]
        ps.deck[:] = pool[len(ps.life):]
    return True


SCRAMBLE = {"shironeko": scramble_shironeko, "turutoru": scramble_turutoru, "kemuri": scramble_kemuri,
            "zx": scramble_zx}
